import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fixturedata import ERAS, fixture_text  # noqa: E402


@pytest.fixture(params=ERAS)
def era_text(request):
    """The wikitext of one seed Ruleset per era."""
    return request.param, fixture_text(f"ruleset_{request.param}.wiki")

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"

ERAS = ["2004", "2016", "2020", "2022", "2023"]


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.fixture(params=ERAS)
def era_text(request):
    """The wikitext of one seed Ruleset per era."""
    return request.param, fixture_text(f"ruleset_{request.param}.wiki")

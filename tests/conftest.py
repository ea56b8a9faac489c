import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import shutil  # noqa: E402

from fixturedata import ERAS, FIXTURES, fixture_text  # noqa: E402

WIKI_TESTS = Path(__file__).parent / "wiki"


def pytest_collection_modifyitems(config, items):
    """Every test that starts or uses the local MediaWiki is marked ``wiki`` (``-m "not wiki"`` is the fast
    run): all of tests/wiki, and any test elsewhere that asks for the ``local_wiki`` fixture."""
    for item in items:
        if WIKI_TESTS in item.path.parents or "local_wiki" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.wiki)


def pytest_addoption(parser):
    parser.addoption("--wiki-port", type=int, default=None, metavar="N",
                     help="serve the wiki tests' local MediaWiki on this port of 127.0.0.1 (default: a free one; "
                          "also WIKIBOT_TEST_PORT; the second pytest-xdist worker serves its wiki on N+1)")
    parser.addoption("--full-load", action="store_true", default=False,
                     help="run the load tests (tests/wiki/test_*_load.py) at the sizes bench/load.py times: "
                          "200 queued requests, a burst of 1,000 gamestate edits")


@pytest.fixture
def ruleset(tmp_path):
    """A copy of the 2023 fixture Ruleset in a file of its own (for the offline commands and the file store)."""
    path = tmp_path / "Ruleset.wiki"
    shutil.copy(FIXTURES / "ruleset_2023.wiki", path)
    return path


@pytest.fixture(params=ERAS)
def era_text(request):
    """The wikitext of one seed Ruleset per era."""
    return request.param, fixture_text(f"ruleset_{request.param}.wiki")

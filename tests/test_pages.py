"""The offline page store (wikibot.pages.FilePages): files read once, written whole or not at all, never over a
change made since they were read, and the gamestate page named by the one function that names it."""

from __future__ import annotations


import pytest

from fixturedata import FIXTURES
from parsers import ruleset as R
from parsers.errors import WikibotError
from wikibot import operations
from wikibot.pages import FilePages

RICH = "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n"


def test_a_file_changed_since_it_was_read_is_not_written_over(ruleset):
    store = FilePages(ruleset)
    store.game()                                       # read now…
    someone = ruleset.read_text(encoding="utf-8") + "\n== Late ==\nWritten meanwhile.\n"
    ruleset.write_text(someone, encoding="utf-8")     # …changed by someone else before the write
    with pytest.raises(WikibotError, match="changed since the bot read it"):
        operations.enact(store, "Proposal: Rich", RICH)
    assert ruleset.read_text(encoding="utf-8") == someone


def test_a_page_an_operation_creates_never_replaces_a_file(ruleset, tmp_path):
    """A reset's new tracking page is written beside the Ruleset file, never over a file already there; and
    then nothing is written at all."""
    before = ruleset.read_text(encoding="utf-8")
    there = tmp_path / "The Graveyard.wiki"
    there.write_text("someone's own notes", encoding="utf-8")
    with pytest.raises(WikibotError, match="exists already"):
        operations.reset(FilePages(ruleset), "Repeal all dynastic rules. Change the gamestate tracking page to "
                                             "“The Graveyard”.\n")
    assert there.read_text(encoding="utf-8") == "someone's own notes"
    assert ruleset.read_text(encoding="utf-8") == before
    there.unlink()
    outcome = operations.reset(FilePages(ruleset), "Repeal all dynastic rules. Change the gamestate tracking page to "
                                                   "“The Graveyard”.\n")
    assert {s.title for s in outcome.saved} == {"Ruleset", "The Graveyard"}
    assert "[[The Graveyard]]" in ruleset.read_text(encoding="utf-8") and there.exists()


def test_the_gamestate_page_is_named_by_the_ruleset_or_by_its_era():
    named = R.parse((FIXTURES / "ruleset_2023.wiki").read_text(encoding="utf-8"))
    assert named.gamestate_title() == named.tracking_page()[0] == "Puzzle Board"
    numbered = R.parse((FIXTURES / "ruleset_2004.wiki").read_text(encoding="utf-8"))
    assert numbered.gamestate_title() is None and numbered.gamestate_title(stand_in=True) == "GNDT"
    sections = R.parse("== Ruleset and Gamestate ==\nRules.\n")
    assert sections.gamestate_title() is None and sections.gamestate_title(stand_in=True) == "Gamestate"


def test_a_ruleset_parsed_once_is_handed_on_and_left_as_it_came(ruleset):
    """The enactment takes the Ruleset the store parsed (no second parse of the page read) and leaves that
    model as it was, so the same model serves the next step of the turn."""
    from actions.enact import enact
    from parsers.proposal import parse_proposal

    text = ruleset.read_text(encoding="utf-8")
    model = R.parse(text)
    result = enact(parse_proposal("Proposal: Rich", RICH), model)
    assert "defaulting to 5" in result.pages["Ruleset"]
    assert str(model) == text and "defaulting to 3" in model.find("Coins").body

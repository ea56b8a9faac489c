"""What MediaWiki renders equals the bot's model of the page.

For every hostile case of ``tests/test_hostile.py`` (and the markup it must accept), a Proposal
adding that text is enacted through the bot on the local MediaWiki; the page the wiki then holds
is rendered by the wiki itself (``action=parse&prop=sections``) and its headings — level and
title, in order — must be the rule tree the bot reads from the same text. A refused case leaves
the page as it was (the refused cases share one game: the page they meet is the one set up, which
renders as the bot reads it); an accepted one adds exactly one rule.

The heading cases are also written by hand (as a player could, bypassing the bot): the wiki renders
a heading for each, which is why the bot refuses them; for HTML heading tags and a comment before
"==", one the Ruleset reader does not see.
"""

from __future__ import annotations

import html
import re

import pytest

from parsers import ruleset as R
from wikibot import operations
from wikibot.pages import WikiPages
from wikibot.config import Settings
from wikibot.site import Wiki

from test_hostile import HOSTILE, RENDERED_HARMLESS, RENDERED_HOSTILE

# A small Ruleset in the real page's shape: a wrapper <div>, sections, rules and a subrule.
RULESET = """<div style="padding:8px;background:#ddd;">
= Core Rules =

== Ruleset and Gamestate ==
This is the '''Ruleset''' for the game. The gamestate tracking page for this dynasty is the [[Board]] page of the wiki.

== Coins ==
Each Puzzler has a publicly tracked number of Coins, defaulting to 3.

=== Spending ===
Coins may be spent on [[Hats]].

= Dynastic Rules =

== Stations ==
There exist a number of Stations.

== Lanterns ==
Each Lantern is lit or unlit.

= Appendix =

== Keywords ==
Words mean what they say.
</div>
"""

# The heading cases: written raw, an HTML heading tag or a comment before "==" makes the wiki render
# a heading the Ruleset reader does not see (so the bot refuses them); a heading line inside a tag
# of an extension this wiki lacks is rendered, and seen by the reader too (it assumes no extension).
HEADING_CASES = [p for p, why in RENDERED_HOSTILE if "heading" in why]


@pytest.fixture
def bot(local_wiki, tmp_path, wiki_title):
    stem = wiki_title("Render")
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", run=f"{stem}/Run",
                        state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, RULESET)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    return Wiki(local_wiki.site(), settings)


def _plain(rendered: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]*>", "", rendered)).split())


def rendered_tree(local_wiki, title: str) -> list[tuple[int, str]]:
    """The headings MediaWiki renders for the page, (level, title text), in order."""
    sections = local_wiki.api(action="parse", page=title, prop="sections")["parse"]["sections"]
    return [(int(s["level"]), _plain(s["line"])) for s in sections]


def model_tree(text: str) -> list[tuple[int, str]]:
    """The bot's model of the same text: its blocks' levels and titles."""
    return [(b.level, " ".join(R.plain(b.heading.raw_title).split())) for b in R.parse(text).blocks]


def test_the_page_renders_as_the_bot_reads_it(local_wiki, bot):
    assert rendered_tree(local_wiki, bot.settings.ruleset) == model_tree(RULESET)
    assert len(model_tree(RULESET)) == 9


def test_the_wiki_reports_its_extension_tags_once(bot):
    tags = bot.extension_tags()
    assert "nowiki" in tags and "pre" in tags  # core's own
    assert "source" not in tags and "math" not in tags  # the local wiki loads no extension
    assert bot.extension_tags() == tags


def _enact(bot, payload: str):
    text = f"Add a new rule to the Ruleset, called “Sneaky”, with the following text:\n{payload}\n"
    try:
        return operations.enact(WikiPages(bot), "Proposal: Sneaky", text).report
    except operations.OperationRefused as refused:
        return refused.report


HOSTILE_CASES = [p for p, _ in HOSTILE] + [p for p, _ in RENDERED_HOSTILE] + [
    # the issue's own case: a self-closed <div> appended inside a rule by a replacement
    "\nIn the rule “Coins”, replace “defaulting to 3” with “defaulting to 3 <div style=\"display:none\"/>”."]


@pytest.fixture(scope="module")
def refusing_bot(local_wiki, tmp_path_factory):
    """One game for all the hostile cases: each is refused and writes nothing, so the page they meet is the
    page as set up (which renders as the bot reads it: the first test), and one case cannot hide another.
    A case that was written all the same is put back after it has failed."""
    directory = tmp_path_factory.mktemp("render")
    stem = local_wiki.title("Render")
    settings = Settings(config_dir=directory, ruleset=f"{stem}/Ruleset", run=f"{stem}/Run",
                        state_dir=directory / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, RULESET)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    return Wiki(local_wiki.site(), settings)


@pytest.mark.parametrize("payload", HOSTILE_CASES)
def test_a_hostile_case_is_refused_and_writes_nothing(local_wiki, refusing_bot, payload):
    bot = refusing_bot
    _enact(bot, payload)
    text = local_wiki.wiki.page_text(bot.settings.ruleset)
    if text != RULESET.rstrip("\n"):
        assert rendered_tree(local_wiki, bot.settings.ruleset) == model_tree(text)
        local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, RULESET)   # for the cases after this one
        pytest.fail("a hostile case was written")


@pytest.mark.parametrize("payload", RENDERED_HARMLESS)
def test_what_the_wiki_renders_of_a_harmless_case_is_the_bots_model(local_wiki, bot, payload):
    _enact(bot, payload)
    text = local_wiki.wiki.page_text(bot.settings.ruleset)
    expected = model_tree(text)
    assert rendered_tree(local_wiki, bot.settings.ruleset) == expected
    assert expected == model_tree(RULESET)[:7] + [(2, "Sneaky")] + model_tree(RULESET)[7:]


@pytest.mark.parametrize("payload", HEADING_CASES)
def test_written_by_hand_the_heading_cases_render_as_rules(local_wiki, wiki_title, payload):
    title = wiki_title("Raw")
    text = RULESET.replace("Each Lantern is lit or unlit.\n", "Each Lantern is lit or unlit.\n" + payload + "\n")
    local_wiki.edit_as(local_wiki.admin, title, text)
    rendered = rendered_tree(local_wiki, title)
    assert len(rendered) > len(model_tree(RULESET)), "the wiki renders no extra heading: the refusal is not needed"
    if "<h" in payload.lower() or payload.startswith("<!--"):
        assert len(rendered) > len(model_tree(text))  # the reader misses it: only the refusal protects
    else:
        assert rendered == model_tree(text)


class _WikiWithSyntaxHighlight(Wiki):
    """The same wiki, answering for its extension tags as one with SyntaxHighlight does."""

    def extension_tags(self) -> tuple[str, ...]:
        return ("nowiki", "pre", "source", "syntaxhighlight")


def test_the_operation_takes_the_wikis_extension_tags(local_wiki, bot):
    payload = "A listing:\n<source>\n<div>\n</source>"
    report = _enact(bot, payload)  # this wiki has no such extension: the <div> would open
    assert [s.status for s in report.steps] == ["unsupported"]
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip("\n")
    report = _enact(_WikiWithSyntaxHighlight(bot.site, bot.settings), payload)
    assert [s.status for s in report.steps] == ["applied"]
    assert "<source>\n<div>\n</source>" in local_wiki.wiki.page_text(bot.settings.ruleset)


@pytest.mark.parametrize("term", ["Ne''cro", "N\u0435cromancer", "Necro\u200bmancer", "Category:Necro", "Necromancer"])
def test_term_replacement_renders_as_the_bots_model(local_wiki, bot, term):
    from fixturedata import fixture_text

    page = fixture_text("ruleset_2023.wiki")
    local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, page)
    try:
        report = operations.synonyms(WikiPages(bot), {"Player": term}).report
    except operations.OperationRefused as refused:
        report = refused.report
    text = local_wiki.wiki.page_text(bot.settings.ruleset)
    assert rendered_tree(local_wiki, bot.settings.ruleset) == model_tree(text)
    if term == "Necromancer":
        assert [s.status for s in report.steps] == ["applied"] and "Necromancer" in text
    else:
        assert [s.status for s in report.steps] == ["refused"] and text == page.rstrip("\n")


@pytest.mark.parametrize("fixture", ["ruleset_2004.wiki", "ruleset_2016.wiki", "ruleset_2020.wiki",
                                     "ruleset_2022.wiki", "ruleset_2023.wiki", "building_blocks_2023.wiki"])
def test_every_ruleset_fixture_renders_as_the_bot_reads_it(local_wiki, wiki_title, fixture):
    from fixturedata import fixture_text

    title = wiki_title("Fixture")
    local_wiki.edit_as(local_wiki.admin, title, fixture_text(fixture))
    assert rendered_tree(local_wiki, title) == model_tree(local_wiki.wiki.page_text(title))

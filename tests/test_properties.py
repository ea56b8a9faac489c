"""Properties over the parsers and actions, on hostile text (hypothesis).

The other test files already check round trips on arbitrary text (ruleset, gamestate, proposal
coverage). These properties add text built from real instructions and hostile markup:

* the proposal and Address parsers never fail except with the documented size error;
* a proposal against a real Ruleset changes nothing unless some step is APPLIED, and what it changes
  is exactly what its APPLIED steps alone change (unsupported or ignored text is never applied);
  every page it produces reads back as itself with the same markup balances;
* a Dynastic Reset from any Address is all or nothing and never changes the page's markup;
* text that :func:`parsers.hazards.payload_problem` lets through, put in a new rule, adds exactly
  that rule and leaves the page's markup as it was (the payload check agrees with the parser);
* a gamestate value is either refused with the page untouched, or written so that the table keeps
  its shape and the page its markup.

Examples are few (max_examples) and deadlines off, so the file runs in well under a minute.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as hs

from actions import structure
from actions.enact import enact
from actions.report import APPLIED
from actions.reset import RULESET, dynastic_reset
from fixturedata import fixture_text
from parsers import hazards
from parsers import ruleset as R
from parsers import steps as st
from parsers.ascension import parse_address
from parsers.gamestate import GamestateError, parse_gamestate, plain_text
from parsers.proposal import parse_proposal

R2022 = fixture_text("ruleset_2022.wiki")
R2023 = fixture_text("ruleset_2023.wiki")
PUZZLE_BOARD = fixture_text("gamestate_puzzle_board.wiki")
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MARKUP = ["== Fake ==\n", "\n= Section =\n", "<div>", "</div>", "<div style=\"display:none\">", "\n{|\n", "\n|}\n",
          "|", "||", "|-", "{{", "}}", "{{nobots}}", "{{bots|deny=all}}", "__NOTOC__", "[[Category:Hats]]",
          "<nowiki>", "</nowiki>", "<!--", "-->", "<noinclude>", "</noinclude>", "~~~~", "'''", "''", "[[", "]]",
          "[[Stations]]", "<br>", "<span>", "</span>", "{{pill|Coins|3}}", "\n", "\n\n", " ", "* ", "=", "“", "”"]
WORDS = ["Station", "Stations", "Baron", "Coal", "hum", "the", "may", "Hats", "are", "worn", "."]
soup = hs.lists(hs.sampled_from(MARKUP + WORDS), max_size=14).map("".join)
plain = hs.lists(hs.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)
RULES = ["Stations", "Alliances", "Stockpiles", "Taxes", "Labour", "Dormancy", "Fair Play", "No Such Rule"]
rule = hs.sampled_from(RULES)


def _sentence(kind, name, payload, word):
    return {
        "add": f"Add a new rule to the Ruleset, called “{name}”, with the following text:\n\n{payload}\n",
        "append": f"Append the following to the rule “{name}”: “{payload}”.",
        "replace": f"In the rule “{name}”, replace the first instance of “{word}” with “{payload}”.",
        "repeal": f"Repeal the rule “{name}”.",
        "rename": f"Rename the rule “{name}” to “{payload}”.",
        "retext": f"Replace the text of the rule “{name}” with the following:\n\n{payload}\n",
        "raw": payload,
    }[kind]


sentence = hs.builds(_sentence, hs.sampled_from(["add", "append", "replace", "repeal", "rename", "retext", "raw"]),
                     hs.one_of(rule, plain), hs.one_of(soup, plain), plain)
proposal_text = hs.lists(sentence, min_size=1, max_size=5).map("\n\n".join)


def _uses_previous(step) -> bool:
    for f in dataclasses.fields(step):
        value = getattr(step, f.name)
        if isinstance(value, st.RuleRef) and value.previous:
            return True
    return False


# ============================================================================ proposals


@FAST
@given(proposal_text)
def test_unsupported_text_is_never_applied(text):
    proposal = parse_proposal("Proposal: Fuzz", text)
    result = enact(proposal, R2022)
    applied = [s.n for s in result.report.steps if s.status == APPLIED]
    if not applied:
        assert result.pages == {}
        return
    for page in result.pages.values():
        model = R.parse(page)
        assert str(model) == page and structure.readback_problem(model, page) is None
        assert hazards.page_change_problem(R2022, page) is None
    # What changed is what the APPLIED steps change on their own, without any other step.
    if not any(_uses_previous(s) for s in proposal.steps):
        alone = st.Proposal(name=proposal.name, tags=proposal.tags,
                            steps=tuple(s for s in proposal.steps if s.index in applied))
        assert enact(alone, R2022).pages == result.pages


@settings(max_examples=60, deadline=None)
@given(hs.one_of(proposal_text, soup, hs.text(max_size=400)))
def test_proposal_parser_reads_any_text(text):
    proposal = parse_proposal("Proposal: " + text[:40], text)
    for step in proposal.steps:
        assert step.text.strip()


# ============================================================================ Ascension Addresses

address_sentence = hs.one_of(
    hs.builds("Repeal all dynastic rules except for the rule named “{}”.".format, rule),
    hs.builds("Set the synonym for Player to “{}”.".format, hs.one_of(plain, soup)),
    hs.builds("Change the gamestate tracking page to “{}”.".format, hs.one_of(plain, soup)),
    hs.builds("Set {} to Active.".format, rule),
    soup,
)


@FAST
@given(hs.lists(address_sentence, min_size=1, max_size=4).map(" ".join))
def test_reset_from_any_address_is_all_or_nothing(text):
    plan = parse_address(text, ruleset=R2022)
    result = dynastic_reset(R2022, plan)
    if not result.ok:
        assert result.pages == {RULESET: R2022}
        assert all(s.status != APPLIED for s in result.report.steps if s.action != "theme")
        return
    new = result.pages[RULESET]
    assert str(R.parse(new)) == new
    assert hazards.page_change_problem(R2022, new) is None


@settings(max_examples=60, deadline=None)
@given(hs.one_of(soup, hs.text(max_size=400)))
def test_address_parser_reads_any_text(text):
    plan = parse_address(text, ruleset=R2023)
    for term in plan.terms:
        assert term.old and term.new is not None


# ============================================================================ ruleset and payloads

MODEL = R.parse(R2023)


@settings(max_examples=80, deadline=None)
@given(soup)
def test_a_payload_let_through_adds_exactly_one_rule_and_no_markup(text):
    assume(hazards.payload_problem(text) is None)
    model = R.parse(R2023)
    model.insert(model.new_rule("Fuzz", text), section=model.section("dynastic"))
    page = str(model)
    assert structure.readback_problem(model, page) is None
    assert len(R.parse(page).blocks) == len(MODEL.blocks) + 1
    assert hazards.page_change_problem(R2023, page) is None


# ============================================================================ gamestate tables

_PAGE = parse_gamestate(PUZZLE_BOARD)
_TABLE = _PAGE.players_table("Puzzler")
_ROWS = [n for n in _TABLE.row_names if n]


@settings(max_examples=80, deadline=None)
@given(hs.sampled_from(_ROWS), hs.sampled_from(_TABLE.headers[1:]), hs.one_of(soup, hs.text(max_size=40)))
def test_a_gamestate_value_is_refused_or_keeps_the_table(row, column, value):
    page = parse_gamestate(PUZZLE_BOARD)
    table = page.players_table("Puzzler")
    try:
        table.set_cell(row, column, value)
    except GamestateError:
        assert str(page) == PUZZLE_BOARD
        return
    text = str(page)
    again = parse_gamestate(text)
    assert len(again.tables) == len(_PAGE.tables)
    read = again.players_table("Puzzler")
    assert read.headers == _TABLE.headers and [n for n in read.row_names if n] == _ROWS
    assert read.cell(row, column).value == plain_text(value.strip())
    assert hazards.page_change_problem(PUZZLE_BOARD, text) is None

"""Hostile text and sizes: no payload makes an action write something it was not asked to.

Every test here gives an action text that would change the page's structure (a fake heading, an
unbalanced tag, ``{{nobots}}``, a behaviour switch, a ``<nowiki>`` split across steps, a gamestate
value with table syntax, …) or input beyond the limits, and checks that nothing is written and the
message says why. ``[[Category:…]]`` is the one piece of page markup rule text may hold.
"""

from __future__ import annotations

import pytest

from actions import structure
from actions.check import check_edit
from actions.enact import enact
from actions.report import APPLIED, REFUSED, UNSUPPORTED
from actions.reset import BUILDING_BLOCKS, RULESET, dynastic_reset
from actions.synonyms import replace_terms
from fixturedata import fixture_text
from parsers import hazards, limits, names
from parsers import ruleset as R
from parsers import steps as st
from parsers.ascension import ResetPlan, TermChange, parse_address
from parsers.gamestate import GamestateError, GamestatePage, parse_gamestate
from parsers.limits import TooLarge
from parsers.proposal import parse_proposal

R2022 = fixture_text("ruleset_2022.wiki")
R2023 = fixture_text("ruleset_2023.wiki")
R2004 = fixture_text("ruleset_2004.wiki")
BB2023 = fixture_text("building_blocks_2023.wiki")
PUZZLE_BOARD = fixture_text("gamestate_puzzle_board.wiki")


def P(*steps, tags=()):
    return st.Proposal(name="Hostile", tags=tuple(tags),
                       steps=tuple(type(s)(**{**s.__dict__, "index": k + 1}) for k, s in enumerate(steps)))


def statuses(result):
    return [s.status for s in result.report.steps]


def tree(text):
    return [(type(b).__name__, b.level, b.title) for b in R.parse(text).blocks]


# ============================================================================ enact: new rule text

HOSTILE = [
    ("Rules text.\n== Fake rule ==\nMore text.", "heading line"),
    ("Rules text.\n= Fake Section =", "heading line"),
    ("<div style=\"display:none\">Everything after this is hidden.", "<div> that is not closed"),
    ("Text.</div>", "</div> that closes"),
    ("{| class=\"wikitable\"\n| a || b\n", "not closed with “|}”"),
    ("Text\n|}", "closes a table it did not open"),
    ("{{nobots}}", "bot exclusion"),
    ("Players may vote. {{bots|deny=all}}", "bot exclusion"),
    ("__NOTOC__", "behaviour switch __NOTOC__"),
    ("__NOEDITSECTION__ text", "behaviour switch __NOEDITSECTION__"),
    ("{{DISPLAYTITLE:Not the Ruleset}}", "page-wide magic word DISPLAYTITLE"),
    ("<nowiki>", "<nowiki> that is not closed"),
    ("</nowiki>", "</nowiki> that closes a region"),
    ("Text <!-- hidden from here on", "comment --> that is not closed"),
    ("<noinclude>Only here</noinclude>", "<noinclude>"),
    ("<onlyinclude>x</onlyinclude>", "<onlyinclude>"),
    ("{{Template with no end", "“{{” without its “}}”"),
    ("Ends a template }}", "“}}” without its “{{”"),
    ("<span style=\"font-size:0\">", "<span> that is not closed"),
    ("Signed ~~~~", "rewrites when saving"),
    ("{{subst:Rule}}", "rewrites when saving"),
    ("See [[Help (wiki)|]].", "rewrites when saving"),
]


@pytest.mark.parametrize("payload, why", HOSTILE)
def test_new_rule_with_hostile_text_is_not_written(payload, why):
    result = enact(P(st.AddRule(index=0, text="x", name="Sneaky", body=payload)), R2022)
    assert statuses(result) == [UNSUPPORTED]
    assert why in result.report.steps[0].detail and "not written" in result.report.steps[0].detail
    assert "reword the step" in result.report.steps[0].detail
    assert result.pages == {}


@pytest.mark.parametrize("payload, why", HOSTILE)
def test_amended_text_with_hostile_text_is_not_written(payload, why):
    step = st.AppendText(index=0, text="x", rule=R_ref("Stations"), body=payload)
    result = enact(P(step), R2022)
    assert statuses(result) == [UNSUPPORTED] and why in result.report.steps[0].detail
    assert result.pages == {}
    step = st.ReplaceText(index=0, text="x", rule=R_ref("Stations"), target=st.Target(kind=st.TEXT, text="Station"),
                          new="Station " + payload.replace("\n", " "))
    result = enact(P(step), R2022)
    if hazards.payload_problem(step.new):  # a one-line version may be harmless (a heading needs its own line)
        assert statuses(result) == [UNSUPPORTED] and result.pages == {}


def R_ref(name):
    return st.RuleRef(name=name)


def test_hostile_title_is_not_written():
    for title in ("Hats {{nobots}}", "Hats __NOTOC__", "Hats <div>"):
        result = enact(P(st.AddRule(index=0, text="x", name=title, body="Hats exist.")), R2022)
        assert statuses(result) == [UNSUPPORTED] and result.pages == {}, title
        result = enact(P(st.RenameRule(index=0, text="x", rule=R_ref("Stations"), new_name=title)), R2022)
        assert statuses(result) == [UNSUPPORTED] and result.pages == {}, title


def test_nowiki_opened_in_one_step_and_closed_in_a_later_one():
    text = ("Append the following to the rule “Stations”: “<nowiki>”.\n\n"
            "Append the following to the rule “Alliances”: “</nowiki>”.")
    proposal = parse_proposal("Proposal: Quiet", text)
    assert [type(s).__name__ for s in proposal.steps] == ["AppendText", "AppendText"]
    result = enact(proposal, R2022, )
    assert statuses(result) == [UNSUPPORTED, UNSUPPORTED]
    assert "<nowiki> that is not closed" in result.report.steps[0].detail
    assert "</nowiki> that closes" in result.report.steps[1].detail
    assert result.pages == {}


def test_category_link_is_rule_text():
    body = "Hats are worn.\n\n[[Category:Hat rules]]"
    result = enact(P(st.AddRule(index=0, text="x", name="Hats", body=body)), R2022)
    assert statuses(result) == [APPLIED]
    new = result.pages["Ruleset"]
    assert tree(new) == tree(R2022)[:_index_after_dynastic(R2022)] + [("Rule", 2, "Hats")] + \
        tree(R2022)[_index_after_dynastic(R2022):]
    assert R.parse(new).find("Hats").body == body + "\n\n"


def _index_after_dynastic(text):
    model = R.parse(text)
    last = model.subtree(model.section("dynastic"))[-1]
    return model.blocks.index(last) + 1


def test_category_link_at_the_foot_of_the_page_is_refused_by_the_re_read():
    # At the very end of the page a category link is read as the page's foot: the new rule would not
    # read back as written, so the step is refused (the payload check alone lets categories through).
    page = "= Dynastic Rules =\n\n== Hosting ==\nThe Host has a hat.\n\n"
    result = enact(P(st.AddRule(index=0, text="x", name="Hats", body="Hats are worn. [[Category:Hats]]")), page)
    assert statuses(result) == [UNSUPPORTED]
    assert "would not read back" in result.report.steps[0].detail and result.pages == {}


def test_removing_text_that_would_unbalance_the_rule_is_refused():
    page = "= Dynastic Rules =\n\n== Hosting ==\nThe {{Host|big}} has a hat.\n\n== Other ==\nNone.\n\n"
    step = st.RemoveText(index=0, text="x", rule=R_ref("Hosting"), target=st.Target(kind=st.TEXT, text="big}}"))
    result = enact(P(step), page)
    assert statuses(result) == [UNSUPPORTED]
    assert "after the edit" in result.report.steps[0].detail and "{{" in result.report.steps[0].detail
    assert result.pages == {}


SHARED_DIV = ("= Dynastic Rules =\n\n== Boxed ==\n<div class=\"box\">\nBoxes exist.\n\n"
              "== Inside ==\nStill in the box.</div>\n\n== Other ==\nNone.\n\n")


@pytest.mark.parametrize("step", [
    st.RepealRule(index=0, text="x", rule=st.RuleRef(name="Boxed")),
    st.ReplaceRuleText(index=0, text="x", rule=st.RuleRef(name="Boxed"), body="Boxes are gone."),
], ids=["repeal", "replace"])
def test_page_wide_balance_is_checked_after_clean_steps(step):
    # The new text is clean, but the rule held the <div> another rule closes: the page re-read after
    # the step would have a </div> that closes nothing, so the step is refused.
    result = enact(P(step), SHARED_DIV)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}
    assert "left with a </div> that closes an element it did not open" in result.report.steps[0].detail


def test_hostile_step_does_not_stop_the_others():
    steps = [st.AppendText(index=0, text="x", rule=R_ref("Stations"), body="Stations are grey."),
             st.AddRule(index=0, text="x", name="Sneaky", body="{{nobots}}"),
             st.AppendText(index=0, text="x", rule=R_ref("Stations"), body="Stations are round.")]
    result = enact(P(*steps), R2022)
    assert statuses(result) == [APPLIED, UNSUPPORTED, APPLIED]
    new = result.pages["Ruleset"]
    assert "{{nobots}}" not in new and "Sneaky" not in new
    assert R.parse(new).find("Stations").body.rstrip().endswith("Stations are grey.\n\nStations are round.")
    assert tree(new) == tree(R2022)


# ============================================================================ gamestate values

HOSTILE_VALUES = ["a|b", "a||b", "|-", "|}", "{{nobots}}", "{{x", "two\nlines", "<div>", "</div>", "__NOTOC__",
                  "~~~~", "<!-- x", "{|"]


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_gamestate_value_that_would_break_the_table_is_refused(value):
    page = parse_gamestate(PUZZLE_BOARD)
    table = page.tables[0] if "R1C1" in str(page.tables[0]) else page.tables[-1]
    for t in page.tables:
        if "R1C1" in str(t):
            table = t
    row = [n for n in table.row_names if n][0]
    column = table.headers[1]
    with pytest.raises(GamestateError, match="cannot put"):
        table.set_cell(row, column, value)
    assert str(page) == PUZZLE_BOARD


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_enacted_gamestate_value_that_would_break_the_table_is_not_written(value):
    rs = R2023.replace("defaulting to 3.", "defaulting to 3. Each Puzzler has a Motto, a piece of text.", 1)
    steps = [st.AddColumn(index=0, text="x", column="Motto", default=""),
             st.SetValue(index=0, text="x", player="Kevan", variable="Motto", value=value)]
    result = enact(P(*steps), rs, PUZZLE_BOARD)
    assert statuses(result)[0] == APPLIED
    assert statuses(result)[1] in (UNSUPPORTED, REFUSED)
    assert parse_gamestate(result.pages["Puzzle Board"]).players_table("Puzzler").get("Kevan", "Motto") == ""


# ============================================================================ reset and synonyms

ADDRESS = ("Repeal all dynastic rules except for the rule named “Coins”. Set the synonym for Player to “Necromancer”. "
           "Include the Building Blocks “Low-Player Support” and “The Traitor”.")


@pytest.mark.parametrize("payload, why", [
    ("{{nobots}}", "bot exclusion"),
    ("<div style=\"display:none\">", "<div> that is not closed"),
    ("__NOTOC__", "behaviour switch"),
    ("\n{|\n| a\n", "not closed with “|}”"),
])
def test_reset_refuses_a_hostile_building_block(payload, why):
    page = BB2023.replace("the Puzzle Master is a Puzzler.", "the Puzzle Master is a Puzzler. " + payload, 1)
    plan = parse_address(ADDRESS, ruleset=R2023)
    result = dynastic_reset(R2023, plan, building_blocks_text=page)
    assert not result.ok
    assert result.pages == {RULESET: R2023, BUILDING_BLOCKS: page}
    detail = result.report.with_status(REFUSED)[0].detail
    assert "Everyone’s Playing" in detail and why in detail and "correct the Building Blocks page" in detail


@pytest.mark.parametrize("name", ["Graves]] {{nobots}}", "Graves\n== Fake ==", "Graves|x", "Graves ~~~~"])
def test_reset_refuses_a_tracking_page_name_that_is_not_a_page_name(name):
    plan = ResetPlan(tracking_page=name)
    result = dynastic_reset(R2022, plan)
    assert not result.ok and result.pages[RULESET] == R2022
    assert "is not a page name" in result.report.with_status(REFUSED)[0].detail


SWITCHED = R2023.replace("* Puzzle Master (Emperor)\n", "* Puzzle Master (Emperor)\n* Index (Catalogue)\n", 1) \
    .replace("{{TOCRight}}\n", "{{TOCRight}}\n__INDEX__\n", 1)


def test_synonyms_refuse_a_replacement_that_changes_markup():
    # "Index" is a term; the behaviour switch __INDEX__ is not a use of it, but the word boundary
    # does not see underscores: the re-read notices the switch would be lost.
    new, report = replace_terms(SWITCHED, {"Catalogue": "Ledger"})
    assert new == SWITCHED
    assert report.steps[0].status == REFUSED
    assert "__INDEX__" in report.steps[0].detail and "Nothing was changed" in report.steps[0].detail


def test_reset_refuses_a_replacement_that_changes_markup():
    plan = ResetPlan(terms=[TermChange("Catalogue", "Ledger")], keep_all=True)
    result = dynastic_reset(SWITCHED, plan)
    assert not result.ok and result.pages[RULESET] == SWITCHED
    assert "__INDEX__" in result.report.with_status(REFUSED)[0].detail


def test_reset_refuses_a_result_that_does_not_read_back():
    # A Building Block whose last line is a category link would become the page's foot if it were
    # transcribed at the end of the page; here the Building Blocks section is the last section.
    page = BB2023.replace("and is encouraged to betray other Puzzlers in order to achieve victory.",
                          "and is encouraged to betray other Puzzlers in order to achieve victory.\n\n[[Category:Traitors]]")
    rs = R2023[:R2023.index("= Appendix =")] if "= Appendix =" in R2023 else R2023
    rs = rs.rstrip("\n") + "\n\n"
    plan = parse_address("Include the Building Blocks “The Traitor”.", ruleset=rs)
    result = dynastic_reset(rs, plan, building_blocks_text=page)
    assert not result.ok and result.pages[RULESET] == rs
    detail = result.report.with_status(REFUSED)[0].detail
    assert "“The Traitor” would not read back" in detail and "Nothing was changed" in detail


def test_text_edit_guard():
    old = "Head\n= S =\n== A ==\nPlayer a.\n\n== B ==\nb.\n"
    a = old.index("Player")

    def problem(new, edits):
        found = structure.text_edit_problem(old, new, edits)
        assert found is not None, new
        return found

    assert structure.text_edit_problem(old, old.replace("Player", "Ghost"), [(a, a + 6)]) is None
    # a block without an edit changed
    assert "“B” would change" in problem(old.replace("b.", "c."), [(a, a + 6)])
    # the head changed though nothing in it was edited
    assert "head would change" in problem(old.replace("Head", "Hat"), [(a, a + 6)])
    # the tree changed
    assert "headings instead of" in problem(old.replace("Player a.", "=x=\n"), [(a, a + 6)])
    assert "level-3" in problem(old.replace("== B ==", "=== B ==="), [(0, len(old))])


# ============================================================================ sizes


def test_limits_are_stated_in_one_place():
    assert (limits.PAGE_CHARS, limits.PROPOSAL_CHARS, limits.ADDRESS_CHARS, limits.PROPOSAL_STEPS) == \
        (500_000, 20_000, 20_000, 100)


def test_proposal_text_beyond_the_limit_is_refused_with_sizes():
    text = "Repeal the rule “Stations”. " * 800
    assert len(text) > limits.PROPOSAL_CHARS
    with pytest.raises(TooLarge) as error:
        parse_proposal("Proposal: Long", text)
    message = str(error.value)
    assert f"is {len(text):,} characters".replace(",", " ") in message
    assert "the bot takes at most 20 000" in message and "by hand" in message
    parse_proposal("Proposal: Long", text[:limits.PROPOSAL_CHARS])  # at the limit: read
    with pytest.raises(TooLarge, match="title"):
        parse_proposal("Proposal: " + "x" * 400, "Repeal the rule “Stations”.")


def test_too_many_steps_are_refused_before_anything_is_done():
    proposal = st.Proposal(name="Many", tags=(), steps=tuple(
        st.RepealRule(index=k + 1, text="x", rule=R_ref("Stations")) for k in range(limits.PROPOSAL_STEPS + 1)))
    with pytest.raises(TooLarge, match="101 steps; the bot takes at most 100"):
        enact(proposal, R2022)


def test_address_beyond_the_limit_is_refused():
    with pytest.raises(TooLarge, match="The Ascension Address is 20 001 characters"):
        parse_address("x" * 20_001)


BIG = "= Dynastic Rules =\n\n== Hosting ==\n"
BIG += "x" * (limits.PAGE_CHARS + 1 - len(BIG))


@pytest.mark.parametrize("call, what", [
    (lambda: R.parse(BIG), "The page"),
    (lambda: GamestatePage.parse(BIG), "The gamestate page"),
    (lambda: enact(P(st.RepealRule(index=0, text="x", rule=R_ref("Hosting"))), BIG), "The Ruleset page"),
    (lambda: enact(P(st.RepealRule(index=0, text="x", rule=R_ref("Stations"))), R2022, BIG), "The gamestate page"),
    (lambda: dynastic_reset(BIG, ResetPlan()), "The Ruleset page"),
    (lambda: dynastic_reset(R2023, ResetPlan(), building_blocks_text=BIG), "The Building Blocks page"),
    (lambda: dynastic_reset(R2023, ResetPlan(), gamestate_text=BIG), "The gamestate page"),
    (lambda: replace_terms(BIG, {"Player": "Ghost"}), "The Ruleset page"),
    (lambda: check_edit(None, [], PUZZLE_BOARD, BIG), "The gamestate page after the edit"),
    (lambda: check_edit(None, [], BIG, PUZZLE_BOARD), "The gamestate page before the edit"),
], ids=["ruleset", "gamestate", "enact-ruleset", "enact-gamestate", "reset-ruleset", "reset-blocks", "reset-gamestate",
        "synonyms", "check-new", "check-old"])
def test_pages_beyond_the_limit_are_refused(call, what):
    with pytest.raises(TooLarge) as error:
        call()
    assert str(error.value).startswith(f"{what} is 500 001 characters; the bot takes at most 500 000: ")


def test_too_many_term_changes_are_refused():
    with pytest.raises(TooLarge, match="51 changes"):
        replace_terms(R2023, {f"T{k}": f"N{k}" for k in range(51)})


# ============================================================================ what MediaWiki really renders
# Each case below was decided by reading MediaWiki 1.39's own code (Sanitizer.php, Parser.php,
# CoreParserFunctions.php, MessagesEn.php); tests/wiki/test_render.py renders them on a real wiki.

RENDERED_HOSTILE = [
    # a self-closed non-void element is an opening tag (Sanitizer::internalRemoveHtmlTags)
    ("Rules text <div/> and the rest.", "<div> that is not closed"),
    ("Rules text <span class=\"x\" /> and the rest.", "<span> that is not closed"),
    ("Rules text <div style=\"display:none\"/>", "<div> that is not closed"),
    # behaviour switches honoured in any letter case (MessagesEn: case-insensitive ones)
    ("__notoc__", "behaviour switch __NOTOC__"),
    ("__NoEditSection__ text", "behaviour switch __NOEDITSECTION__"),
    ("__ForceToc__", "behaviour switch __FORCETOC__"),
    # HTML heading tags are headings (Parser::finalizeHeadings)
    ("<h2>Fake Rule</h2>", "HTML heading tag <h2>"),
    ("Text.\n<H3 class=\"x\">Fake Subrule</H3>", "HTML heading tag <h3>"),
    ("<h2/>Fake</h2>", "HTML heading tag <h2>"),  # the slash dropped, the pair is a heading
    # tags of extensions the wiki lacks are plain text: their heading lines are headings
    ("<source>\n== Fake Rule ==\n</source>", "heading line"),
    ("<syntaxhighlight lang=\"text\">\n= Fake Section =\n</syntaxhighlight>", "heading line"),
    ("<math>\n== x ==\n</math>", "heading line"),
    # a comment is taken out before headings are looked for
    ("<!-- note -->== Fake Rule ==", "heading line"),
    ("<h2>Fake\nRule</h2>", "HTML heading tag <h2>"),
    ("{{#if: 1 | <h2>Fake</h2> }}", "HTML heading tag <h2>"),
    # styles that hide an element or take it out of the flow
    ("<div style=\"position:fixed; top:0; left:0\">Overlay</div>", "position: fixed"),
    ("<div style=\"position: absolute\">Elsewhere</div>", "position: absolute"),
    ("<span style=\"visibility:hidden\">Hidden</span>", "visibility: hidden"),
    ("<div style=\"margin-top:-5000px\">Pulled up</div>", "margin-top: -5000px"),
    ("<span style=\"DISPLAY : None !important\">Hidden</span>", "display: none"),
    ("<span style=\"disp&#108;ay:none\">Hidden</span>", "display: none"),
    ("<span style=\"disp\\6c ay:none\">Hidden</span>", "display: none"),
    ("<span style=\"display:/**/none\">Hidden</span>", "display: none"),
    ("<span style=\"opacity:0\">Hidden</span>", "opacity: 0"),
    ("<span style=\"font-size:0\">Hidden</span>", "font-size: 0"),
    ("{| style=\"display:none\"\n| a\n|}", "display: none"),
    ("{|\n| style=\"position:fixed\" | a\n|}", "position: fixed"),
    ("<div style=\"height:1px; overflow:hidden\">Squeezed</div>", "height: 1px"),
    ("<span style=\"letter-spacing:-1em\">Collapsed</span>", "letter-spacing: -1em"),
    ("<div class=\"mw-collapsible mw-collapsed\">Folded away</div>", "mw-collapsed"),
    ("<div style='position:fixed'>Overlay</div>", "position: fixed"),
    ("<div style=position:fixed>Overlay</div>", "position: fixed"),
    # transclusions of other pages
    ("{{:User:Kevan/Rules}}", "transclusion of another page ({{:User:Kevan/Rules}})"),
    ("{{User:Kevan/Rules}}", "transclusion of another page ({{User:Kevan/Rules}})"),
    ("{{ user talk : Kevan }}", "transclusion of another page"),
    ("{{msgnw:Ruleset}}", "transclusion of another page"),
    ("{{raw:Main Page}}", "transclusion of another page"),
    ("{{:Ruleset}}", "transclusion of another page"),
    # control characters
    ("Coins\x00 are gold.", "control character (U+0000)"),
    ("Coins are \x1b[31mred.", "control character (U+001B)"),
    ("Coins\x7f.", "control character (U+007F)"),
]


@pytest.mark.parametrize("payload, why", RENDERED_HOSTILE)
def test_markup_mediawiki_renders_is_refused_in_new_text(payload, why):
    result = enact(P(st.AddRule(index=0, text="x", name="Sneaky", body=payload)), R2022)
    assert statuses(result) == [UNSUPPORTED], payload
    assert why in result.report.steps[0].detail and "not written" in result.report.steps[0].detail
    assert result.pages == {}
    result = enact(P(st.AppendText(index=0, text="x", rule=R_ref("Stations"), body=payload)), R2022)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}


# Markup that looks hostile but renders as the rule's own text: accepted, and the rule tree stays.
RENDERED_HARMLESS = [
    "Coins are <li/> listed.",
    "Line one<br/>line two<br />line three.",
    "Tab\tseparated.",
    "A table:\n<pre>\n== Not a heading ==\n</pre>",
    "A line:\n<nowiki>\n== Not a heading ==\n</nowiki>",
    "Text <!--\n== Not a heading ==\n--> more.",
    "__index__ in lower case is only text, and so is __notahing__.",
    "<div style=\"padding:4px; background:#eee; margin:0 1em\">A plain box.</div>",
    "<span style=\"position:relative\">In its place.</span>",
    "<div style=\"width:50%; max-width:600px; height:10em\">Sized.</div>",
    "{{PAGENAME}}, {{lc:LOUD}}, {{#if: x | y }}, {{Template:Box|a}} and {{box|b}}.",
    "A <foo>tag MediaWiki does not know</foo> is text.",
]


@pytest.mark.parametrize("payload", RENDERED_HARMLESS)
def test_markup_mediawiki_shows_as_text_is_accepted(payload):
    result = enact(P(st.AddRule(index=0, text="x", name="Harmless", body=payload)), R2022)
    assert statuses(result) == [APPLIED], result.report.steps[0].detail
    new = result.pages["Ruleset"]
    assert [t for t in tree(new) if t[2] != "Harmless"] == tree(R2022)


def test_extension_tags_of_the_wiki_make_their_content_literal():
    payload = "<source>\n== Shown as code ==\n</source>"
    assert hazards.payload_problem(payload) is not None  # offline: no extension
    assert hazards.payload_problem(payload, extension_tags=("source", "ref")) is None
    assert hazards.payload_problem("<math>\n== x ==\n</math>", extension_tags=("source",)) is not None
    # unbalanced, they are refused with or without the extension
    assert "<source> that is not closed" in hazards.payload_problem("<source>\nx")
    assert "<source> that is not closed" in hazards.payload_problem("<source>\nx", extension_tags=("source",))
    # markup inside is code on a wiki with the extension, markup on one without
    code = "A listing:\n<source>\n<div>\n{{\n</source>"
    result = enact(P(st.AddRule(index=0, text="x", name="Code", body=code)), R2022)
    assert statuses(result) == [UNSUPPORTED]
    result = enact(P(st.AddRule(index=0, text="x", name="Code", body=code)), R2022, extension_tags=("source",))
    assert statuses(result) == [APPLIED] and "<source>\n<div>\n{{\n</source>" in result.pages["Ruleset"]
    # a heading line inside: hidden by such a wiki, but the Ruleset reader (which assumes no
    # extension) would see a rule, so the re-read refuses it rather than write a page it misreads
    result = enact(P(st.AddRule(index=0, text="x", name="Code", body=payload)), R2022, extension_tags=("source",))
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}


def test_self_closed_div_in_a_replacement_is_refused():
    # the case: replace “defaulting to 3” with “defaulting to 3 <div style="display:none"/>”
    for new in ("defaulting to 3 <div style=\"display:none\"/>", "defaulting to 3 <div/>"):
        step = st.ReplaceText(index=0, text="x", rule=R_ref("Coins"),
                              target=st.Target(kind=st.TEXT, text="defaulting to 3"), new=new)
        result = enact(P(step), R2023)
        assert statuses(result) == [UNSUPPORTED] and result.pages == {}, new


def test_page_gaining_a_hidden_heading_is_refused():
    # two clean replacements that together put a heading line inside <source>: the body after the
    # edit is checked, so the second is refused
    page = "= Dynastic Rules =\n\n== Code ==\n<source>\nx = 1\n</source>\n\n== Other ==\nNone.\n\n"
    step = st.ReplaceText(index=0, text="x", rule=R_ref("Code"), target=st.Target(kind=st.TEXT, text="x = 1"),
                          new="\n== x ==\n")
    result = enact(P(step), page)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}


@pytest.mark.parametrize("title", ["Hats __notoc__", "Hats __NoToc__", "Hats <h2>x</h2>", "Hats\x00",
                                   "C\u043eins", "Co\u200bins", "Coins\u202e", "\uff23oins", "Hats {{:User:X}}"])
def test_hostile_title_in_new_rule_and_rename_is_not_written(title):
    result = enact(P(st.AddRule(index=0, text="x", name=title, body="Hats exist.")), R2023)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}, title
    result = enact(P(st.RenameRule(index=0, text="x", rule=R_ref("Coins"), new_name=title)), R2023)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}, title


def test_look_alike_title_names_the_character():
    result = enact(P(st.AddRule(index=0, text="x", name="C\u043eins", body="Coins exist.")), R2023)
    detail = result.report.steps[0].detail
    assert "U+043E CYRILLIC SMALL LETTER O" in detail and "Latin letters" in detail
    result = enact(P(st.AddRule(index=0, text="x", name="Co\u200bins", body="Coins exist.")), R2023)
    assert "U+200B ZERO WIDTH SPACE" in result.report.steps[0].detail


@pytest.mark.parametrize("reference", ["Co\u200bins", "\u200eCoins", "Coi\u00adns", "\ufeffCoins", "Co\u2060ins"])
def test_invisible_characters_in_a_reference_are_removed_before_matching(reference):
    result = enact(P(st.RepealRule(index=0, text="x", rule=R_ref(reference))), R2023)
    assert statuses(result) == [APPLIED]
    assert R.parse(result.pages["Ruleset"]).get("Coins") is None
    assert R.parse(R2023).get(reference).title == "Coins"


def test_accented_and_single_script_titles_are_fine():
    for title in ("Café Rules", "Ωmega Points", "Ωμέγα", "Naïve Hats"):
        if title == "Ωmega Points":
            continue  # mixed Greek and Latin in one word: a look-alike risk, refused below
        result = enact(P(st.AddRule(index=0, text="x", name=title, body="Hats exist.")), R2023)
        assert statuses(result) == [APPLIED], title
    result = enact(P(st.AddRule(index=0, text="x", name="Ωmega Points", body="Hats exist.")), R2023)
    assert statuses(result) == [UNSUPPORTED]


@pytest.mark.parametrize("term, why", [
    ("Ne''cro", "apostrophes"),
    ("Ne'''cro", "apostrophes"),
    ("[[Necro]]", "bracket"),
    ("Necro{{x}}", "brace"),
    ("Necro<b>", "“<” or “>”"),
    ("Ne|cro", "“|”"),
    ("=Necro", "at its start"),
    ("*Necro", "at its start"),
    ("Necro~~~", "“~~~”"),
    ("Necro__NOTOC__", "“__”"),
    ("Ne&shy;cro", "entity"),
    ("N\u0435cro", "U+0435 CYRILLIC SMALL LETTER IE"),
    ("Ne\u200bcro", "U+200B ZERO WIDTH SPACE"),
    ("Necro\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Necro\x00", "control character"),
    ("Necro'", "apostrophe at its start or end"),
    ("'Necro", "apostrophe at its start or end"),
    ("Category:Necro", "colon"),
    ("File:Necro.png", "colon"),
    ("Ne#cro", "“#”"),
])
def test_a_term_with_markup_or_look_alikes_is_refused(term, why):
    new, report = replace_terms(R2023, {"Player": term})
    assert new == R2023
    assert report.steps[0].status == REFUSED and why in report.steps[0].detail, report.steps[0].detail
    # the same check through an Ascension Address's plan, and for a plural
    result = dynastic_reset(R2023, ResetPlan(terms=[TermChange("Player", term)], keep_all=True))
    assert not result.ok and result.pages[RULESET] == R2023
    new, report = replace_terms(R2023, [TermChange("Player", "Necromancer", term)])
    assert new == R2023 and report.steps[0].status == REFUSED


@pytest.mark.parametrize("term", ["Necro-Mancer", "O'Brien", "Nécromancer", "Grave Keeper"])
def test_a_plain_term_is_accepted(term):
    new, report = replace_terms(R2023, {"Player": term})
    assert report.steps[0].status == APPLIED and term in new


def test_hazards_term_check_is_the_one_shared_check():
    assert hazards.term_problem("Necromancer") is None
    assert "apostrophes" in hazards.term_problem("Ne''cro")


@pytest.mark.parametrize("name", ["The Gr\u0430veyard", "The Graveyard\u200b", "Graves __notoc__", "Graves\x07"])
def test_reset_refuses_a_tracking_page_name_with_hidden_characters_or_switches(name):
    result = dynastic_reset(R2022, ResetPlan(tracking_page=name))
    assert not result.ok and result.pages[RULESET] == R2022


@pytest.mark.parametrize("payload", ["__notoc__", "<h2>Fake</h2>", "{{:User:X}}", "<div style=\"position:fixed\">x</div>",
                                     "<div/>"])
def test_reset_refuses_a_building_block_mediawiki_would_render_as_more(payload):
    page = BB2023.replace("the Puzzle Master is a Puzzler.", "the Puzzle Master is a Puzzler. " + payload, 1)
    plan = parse_address(ADDRESS, ruleset=R2023)
    result = dynastic_reset(R2023, plan, building_blocks_text=page)
    assert not result.ok and result.pages == {RULESET: R2023, BUILDING_BLOCKS: page}


@pytest.mark.parametrize("value", ["a\x00b", "__notoc__", "<h2>x</h2>", "{{:User:X}}"])
def test_gamestate_value_mediawiki_would_render_as_more_is_refused(value):
    page = parse_gamestate(PUZZLE_BOARD)
    table = page.players_table("Puzzler")
    with pytest.raises(GamestateError, match="cannot put"):
        table.set_cell("Kevan", table.headers[1], value)
    assert str(page) == PUZZLE_BOARD


# ---------------------------------------------------------------- the proposal reader (items 5, 7, 8, 11)

def test_unclosed_quote_does_not_execute_the_repeal_inside_it():
    text = "In the rule “Coins”, replace “defaulting to 3 with “defaulting to 4”.\nRepeal the rule Coins.\n"
    result = enact(parse_proposal("Proposal: Stray", text), R2023)
    assert UNSUPPORTED in statuses(result) and APPLIED not in statuses(result)
    assert result.pages == {}


def test_pre_content_in_added_text_is_written_byte_for_byte():
    block = "<pre>\nrow one   \nrow two\n\n\n  row three\n</pre>"
    text = f"Add a new rule, “Tables”, with the following text:\nA table follows.\n{block}\n"
    result = enact(parse_proposal("Proposal: Tables", text), R2023)
    assert statuses(result) == [APPLIED]
    assert block in result.pages["Ruleset"]
    for body in ("<nowiki>line one\nline two</nowiki>", "Text <!-- one\ntwo --> end",
                 "<syntaxhighlight>\nx = 1\ny = 2\n</syntaxhighlight>"):
        result = enact(P(st.AddRule(index=0, text="x", name="Verbatim", body="Intro.\n" + body)), R2023)
        if statuses(result) == [APPLIED]:
            assert body in result.pages["Ruleset"], body


def test_byte_order_mark_at_the_start_of_a_proposal_is_ignored():
    result = enact(parse_proposal("Proposal: BOM", "\ufeffRepeal the rule “Coins”."), R2023)
    assert statuses(result) == [APPLIED]


def test_example_inside_unquoted_rule_text_is_not_executed():
    text = ("Add a new rule, “Lending”, with the following text:\nA Puzzler may lend Coins. For example:\n"
            "Kevan transfers 1 Coin to Lulu.\n")
    result = enact(parse_proposal("Proposal: Lending", text), R2023, PUZZLE_BOARD)
    assert statuses(result) == [APPLIED]
    assert "Puzzle Board" not in result.pages
    assert "Kevan transfers 1 Coin to Lulu." in R.parse(result.pages["Ruleset"]).get("Lending").body


@pytest.mark.parametrize("reference", ["C\u043eins", "\uff23oins"])
def test_a_look_alike_reference_is_left_to_an_admin_naming_the_character(reference):
    # Not "a rule that does not exist" (ignored): a reader sees “Coins”; the Admin decides.
    result = enact(P(st.RepealRule(index=0, text="x", rule=R_ref(reference))), R2023)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}
    assert "U+" in result.report.steps[0].detail


def test_heading_lines_inside_tags_the_wiki_lacks_are_seen_by_each_check():
    payload = "<source>\n== Fake Rule ==\n</source>"
    assert "heading line (“Fake Rule”)" in hazards.heading_problem(payload)
    assert hazards.heading_problem(payload, extension_tags=("source",)) is None
    # the Ruleset reader assumes no extension: the heading MediaWiki renders is a rule to it too
    page = "= Dynastic Rules =\n\n== Code ==\nText.\n" + payload + "\n"
    assert [b.title for b in R.parse(page).blocks] == ["Dynastic Rules", "Code", "Fake Rule"]
    for tag in ("syntaxhighlight", "math"):
        assert len(R.parse(page.replace("source", tag)).blocks) == 3


def test_invisible_characters_do_not_count_in_a_title_key():
    assert names.title_key("Co\u200bins") == names.title_key("\u2066Coins\u2069") == "coins"


def test_the_reader_finds_headings_where_mediawiki_does():
    # An unclosed <nowiki> or <pre> is plain text (Preprocessor_Hash): the headings after it stand.
    page = "= Dynastic Rules =\n\n== A ==\nText <nowiki> never closed.\n\n== B ==\nMore.\n\n== C ==\nEnd.\n"
    assert [b.title for b in R.parse(page).blocks] == ["Dynastic Rules", "A", "B", "C"]
    assert [b.title for b in R.parse(page.replace("<nowiki>", "<pre>")).blocks] == ["Dynastic Rules", "A", "B", "C"]
    # <noinclude> content is shown on the page itself; <includeonly> content is not
    page = "= Dynastic Rules =\n\n== A ==\n<noinclude>\n== B ==\n</noinclude>\n<includeonly>\n== C ==\n</includeonly>\n"
    assert [b.title for b in R.parse(page).blocks] == ["Dynastic Rules", "A", "B"]


@pytest.mark.parametrize("column", ["H\u0430ts", "Hats\u200b", "Hats\x00", "__notoc__", "<h2>x</h2>"])
def test_a_new_gamestate_column_name_is_what_it_seems(column):
    result = enact(P(st.AddColumn(index=0, text="x", column=column, default="")), R2023, PUZZLE_BOARD)
    assert statuses(result) == [UNSUPPORTED] and result.pages == {}


def test_a_bidirectional_override_in_a_new_rules_text_is_refused():
    text = ("Add a new rule to the Ruleset, called “Mirrors”, with the following text:\n\n"
            "Each Puzzler may look into a \u202eMirror once a day.\n")
    from parsers.proposal import parse_proposal

    result = enact(parse_proposal("Proposal: Mirrors", text), fixture_text("ruleset_2023.wiki"))
    [step] = result.report.steps
    assert step.status == UNSUPPORTED and "U+202E RIGHT-TO-LEFT OVERRIDE" in step.detail
    assert not result.pages

"""actions.enact: steps applied to the Ruleset (and gamestate), checked byte for byte.

Golden tests build steps directly (so they do not depend on the proposal parser's wording), apply
them to the seed fixture of every era, and compare the whole resulting page with the page built by
hand from the fixture: the edited rule must be exactly as expected and every other byte unchanged.
The example proposals (our own texts, written in the shapes of real posts) go through
``parse_proposal`` and are compared with reviewed golden files in ``tests/fixtures/enact/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from actions.enact import enact
from actions.matching import Projection, normalize
from actions.tags import tag_policy
from actions.report import APPLIED, IGNORED, REFUSED, UNSUPPORTED
from parsers import steps as st
from parsers.proposal import parse_proposal
from parsers.ruleset import parse

FIXTURES = Path(__file__).parent / "fixtures"
ENACT = FIXTURES / "enact"
ERAS = ["2004", "2016", "2020", "2022", "2023"]


def text_of(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def ruleset_of(era: str) -> str:
    return text_of(f"ruleset_{era}.wiki")


def P(*steps, tags=(), name="Test"):
    numbered = [type(s)(**{**s.__dict__, "index": k + 1}) for k, s in enumerate(steps)]
    return st.Proposal(name=name, tags=tuple(tags), steps=tuple(numbered))


def R(name=None, **kw):
    return st.RuleRef(name=name, **kw)


def T(text=None, kind=st.TEXT, **kw):
    return st.Target(kind=kind, text=text, **kw)


def statuses(result):
    return [s.status for s in result.report.steps]


def block_text(page: str, name: str) -> str:
    return parse(page).find(name).text()


def splice(page: str, old: str, new: str) -> str:
    assert page.count(old) == 1, f"fragment not unique: {old[:60]!r}"
    return page.replace(old, new)


# Per era: a dynastic rule, a phrase that occurs once in it, and a second dynastic rule.
PICKS = {
    "2004": ("Audiences", "for any number of reasons", "Supporters"),
    "2016": ("Discarding", "when instructed to", "Drawing"),
    "2020": ("Villagers", "non-player characters", "Islands"),
    "2022": ("Labour", "referred to as", "Keeps"),
    "2023": ("Coins", "defaulting to 3", "Matches"),
}


# ============================================================================ every step kind, every era


@pytest.mark.parametrize("era", ERAS)
def test_replace_text_golden(era):
    page = ruleset_of(era)
    rule, phrase, _ = PICKS[era]
    old = block_text(page, rule)
    result = enact(P(st.ReplaceText(index=0, text="x", rule=R(rule), target=T(phrase), new="NEW WORDS")), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, old, old.replace(phrase, "NEW WORDS", 1))
    assert result.report.summary.startswith("/* ")


@pytest.mark.parametrize("era", ERAS)
def test_remove_text_golden(era):
    page = ruleset_of(era)
    rule, phrase, _ = PICKS[era]
    old = block_text(page, rule)
    result = enact(P(st.RemoveText(index=0, text="x", rule=R(rule), target=T(phrase))), page)
    assert statuses(result) == [APPLIED]
    expected = re.sub(r" ?" + re.escape(phrase) + r"( ?)", lambda m: m.group(1) if m.group(0).startswith(" ") else "",
                      old, count=1)
    expected = expected.replace(",.", ".")  # a comma left dangling before the full stop goes too
    assert result.pages["Ruleset"] == splice(page, old, expected)


@pytest.mark.parametrize("era", ERAS)
def test_insert_after_text_golden(era):
    page = ruleset_of(era)
    rule, phrase, _ = PICKS[era]
    old = block_text(page, rule)
    result = enact(P(st.InsertText(index=0, text="x", rule=R(rule), anchor=T(phrase), body="and more")), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, old, old.replace(phrase, phrase + " and more", 1))


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("at", ["end", "start"])
def test_append_text_golden(era, at):
    page = ruleset_of(era)
    rule, _, _ = PICKS[era]
    model = parse(page)
    target = model.find(rule)
    old = target.text()
    body = target.body
    if at == "end":
        core = body.rstrip()
        new_body = core + "\n\nAn added paragraph." + body[len(core):]
    else:
        new_body = "An added paragraph.\n\n" + body
    result = enact(P(st.AppendText(index=0, text="x", rule=R(rule), body="An added paragraph.", at=at)), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, old, str(target.heading) + new_body)


@pytest.mark.parametrize("era", ERAS)
def test_replace_rule_text_golden(era):
    page = ruleset_of(era)
    rule, _, _ = PICKS[era]
    target = parse(page).find(rule)
    old = target.text()
    trail = re.search(r"\n+\Z", target.body).group(0)
    result = enact(P(st.ReplaceRuleText(index=0, text="x", rule=R(rule), body="Line one.\n\nLine two.")), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, old, str(target.heading) + "Line one.\n\nLine two." + trail)


@pytest.mark.parametrize("era", ERAS)
def test_rename_golden(era):
    page = ruleset_of(era)
    rule, _, _ = PICKS[era]
    target = parse(page).find(rule)
    heading = str(target.heading)
    result = enact(P(st.RenameRule(index=0, text="x", rule=R(rule), new_name="Fresh Name")), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, heading, heading.replace(rule, "Fresh Name"))
    assert parse(result.pages["Ruleset"]).find("Fresh Name").body == target.body


@pytest.mark.parametrize("era", ERAS)
def test_repeal_golden(era):
    page = ruleset_of(era)
    rule, _, _ = PICKS[era]
    model = parse(page)
    removed = "".join(b.text() for b in model.subtree(model.find(rule)))
    result = enact(P(st.RepealRule(index=0, text="x", rule=R(rule))), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == splice(page, removed, "")
    assert parse(result.pages["Ruleset"]).get(rule) is None


@pytest.mark.parametrize("era", ERAS)
def test_add_rule_goes_to_end_of_dynastic_rules(era):
    page = ruleset_of(era)
    result = enact(P(st.AddRule(index=0, text="x", name="Brand New", body="It does things.")), page)
    assert statuses(result) == [APPLIED]
    after = result.pages["Ruleset"]
    model = parse(after)
    new = model.find("Brand New")
    assert new.kind == "dynastic" and new.level == 2 and new.body == "It does things.\n\n"
    dynastic_tops = [r for r in model.rules if r.kind == "dynastic" and r.parent_rule is None]
    assert dynastic_tops[-1] is new
    # Every other byte unchanged: removing the new block gives back the page.
    assert after.replace(new.text(), "", 1) == page
    assert result.report.summary == "/* Brand New */ Enacted “Test”"


@pytest.mark.parametrize("era", ERAS)
def test_add_subrule_golden(era):
    page = ruleset_of(era)
    rule, _, _ = PICKS[era]
    result = enact(P(st.AddRule(index=0, text="x", name="Little One", body="Small text.",
                                parent=R(rule), subrule=True)), page)
    assert statuses(result) == [APPLIED]
    model = parse(result.pages["Ruleset"])
    new = model.find("Little One")
    assert new.parent_rule.name == rule and new.level == 3
    assert result.pages["Ruleset"].replace(new.text(), "", 1) == page


@pytest.mark.parametrize("era", ERAS)
def test_move_rule_after_another(era):
    page = ruleset_of(era)
    rule, _, other = PICKS[era]
    model = parse(page)
    moving = "".join(b.text() for b in model.subtree(model.find(rule)))
    anchor = "".join(b.text() for b in model.subtree(model.find(other)))
    result = enact(P(st.MoveRule(index=0, text="x", rule=R(rule), after=R(other))), page)
    assert statuses(result) == [APPLIED]
    after = result.pages["Ruleset"]
    assert after == splice(splice(page, moving, ""), anchor, anchor + moving)


@pytest.mark.parametrize("era", ["2016", "2020", "2022"])
def test_set_status_golden(era):
    page = ruleset_of(era)
    model = parse(page)
    rule = next(r for r in model.rules if r.is_special_case and r.status == "Active")
    heading = str(rule.heading)
    result = enact(P(st.SetStatus(index=0, text="x", rule=R(rule.name), status="Inactive")),
                   page, ruleset_title="Ruleset")
    # Special Case needs [Special Case] unless the rule is named uniquely and the era allows that.
    policy = tag_policy(model)
    if policy and "special case" in policy.required and not policy.exemptions:
        assert statuses(result) == [IGNORED]
        result = enact(P(st.SetStatus(index=0, text="x", rule=R(rule.name), status="Inactive"),
                         tags=("Special Case",)), page)
    assert statuses(result) == [APPLIED]
    new_heading = parse(result.pages["Ruleset"]).find(rule.name).heading
    assert result.pages["Ruleset"] == splice(page, heading, str(new_heading))
    assert parse(result.pages["Ruleset"]).find(rule.name).status == "Inactive"


@pytest.mark.parametrize("era", ERAS)
def test_change_all_occurrences_in_dynastic_rules(era):
    page = ruleset_of(era)
    rule, phrase, _ = PICKS[era]
    word = "zqxjunk"
    page = page.replace(phrase, phrase + " " + word, 1)
    result = enact(P(st.ReplaceText(index=0, text="x", rule=None, target=T(word, occurrence="all"), new="Wibble")), page)
    assert statuses(result) == [APPLIED]
    assert result.pages["Ruleset"] == page.replace(word, "Wibble")


# ============================================================================ the example proposals

EXAMPLES = {
    # proposal file: (fixture, expected statuses)
    "dismantle": ("dismantle", [APPLIED] * 6),
    "eye_of_the_beast": ("necromancers_2023", [APPLIED]),
    "shambling_warriors": ("necromancers_2023", [APPLIED]),
    "first_rule_of_blognomic": ("directives_2011", [APPLIED, APPLIED, UNSUPPORTED, UNSUPPORTED]),
    "herblogditus": ("parallel_2022", [APPLIED]),
    "hugh_grant_sharp_practices": ("newspapers_2012", [APPLIED, APPLIED]),
    "no_elephants_allowed": ("programmers_2010", [APPLIED] * 3),
    "reductio_propositum": ("monks_2006", [IGNORED, APPLIED, APPLIED, APPLIED, APPLIED, APPLIED, IGNORED, APPLIED]),
}


def load_example(name: str) -> st.Proposal:
    raw = (FIXTURES / "proposals" / f"{name}.txt").read_text(encoding="utf-8")
    title = raw.splitlines()[0].removeprefix("Title: ")
    return parse_proposal(title, raw.split("\n", 2)[2])


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_proposal_golden(name):
    fixture, expected = EXAMPLES[name]
    before = (ENACT / f"{fixture}.wiki").read_text(encoding="utf-8")
    result = enact(load_example(name), before)
    assert statuses(result) == expected, result.report.render(with_diffs=False)
    golden = (ENACT / f"{name}.after.wiki").read_text(encoding="utf-8")
    assert result.pages["Ruleset"] == golden
    assert str(parse(golden)) == golden


def test_dismantle_details():
    before = (ENACT / "dismantle.wiki").read_text(encoding="utf-8")
    after = enact(load_example("dismantle"), before).pages["Ruleset"]
    model = parse(after)
    va = model.find("Victory and Ascension").body
    assert "either Hand Over the Keys" not in va
    assert "While the game is in an Interregnum, the new Innkeeper may start a new dynasty" in va
    crooked = model.find("Crooked Keepers").body
    assert crooked.startswith("Whenever the Special Case rule Key Handover is active, and the game is in Interregnum, "
                              "the Innkeeper of the dynasty that just ended may be handed the Keys, as though they "
                              "were a Lodger. The Innkeeper may not")  # dangling comma tidied
    assert model.find("Key Handover").title == "Key Handover [Rare][Inactive]"
    assert model.get("Friendships") is None and model.get("Key Limitations") is None


def test_herblogditus_without_the_parent_rule_is_ignored():
    before = (ENACT / "newspapers_2012.wiki").read_text(encoding="utf-8")
    result = enact(load_example("herblogditus"), before)
    assert statuses(result) == [IGNORED]
    assert "Side Dynasties" in result.report.steps[0].detail
    assert result.pages == {}


def test_reductio_numbered_references_of_2006():
    before = (ENACT / "monks_2006.wiki").read_text(encoding="utf-8")
    result = enact(load_example("reductio_propositum"), before)
    model = parse(result.pages["Ruleset"])
    assert model.find("Rule 1.3").name == "Proposals"
    voting = model.find("Rule 1.4 (Voting)").body
    assert "A Friar may not vote on a Proposal while" not in voting  # the final paragraph removed
    enactment = model.find("Enactment").body
    assert enactment.endswith("(or note that the proposal was self-killed or vetoed).\n\n")
    assert "When a Proposal is Enacted, the Admin" not in enactment


# ============================================================================ matching, ambiguity, missing rules

MARKUP_PAGE = """= Dynastic Rules =

== Hosting ==
The '''Host''' must [[Votes|vote]] daily on each “Proposal”, and   may   not abstain.

The Host may veto. The Host may not vote twice.

== Other ==
The Host has a hat.

"""


def one(step, page=MARKUP_PAGE, **kw):
    return enact(P(step, **kw), page)


def test_markup_tolerant_match_keeps_markup_outside_the_span():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T("must vote daily"), new="must vote weekly"))
    assert statuses(r) == [APPLIED]
    assert "The '''Host''' must [[Votes|vote]] weekly on each" in r.pages["Ruleset"]


def test_curly_straight_quotes_and_spacing_are_tolerated():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T('each "Proposal", and may not abstain'),
                           new="each Proposal"))
    assert statuses(r) == [APPLIED]
    assert "daily on each Proposal.\n" in r.pages["Ruleset"]


def test_span_cutting_through_bold_is_unsupported():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T("Host must"), new="Emperor shall"))
    assert statuses(r) == [UNSUPPORTED]
    assert "markup" in r.report.steps[0].detail
    assert r.pages == {}


def test_ambiguous_text_is_unsupported_with_places():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T("The Host may"), new="The Host can"))
    assert statuses(r) == [UNSUPPORTED]
    detail = r.report.steps[0].detail
    assert "occurs 2 times" in detail and "may veto" in detail and "may not vote twice" in detail
    assert r.pages == {}


def test_first_and_all_occurrences():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T("The Host may", occurrence="all"),
                           new="The Host can"))
    assert r.pages["Ruleset"].count("The Host can") == 2
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T("The Host may", occurrence="last"),
                           new="The Host can"))
    assert "The Host may veto. The Host can not vote twice." in r.pages["Ruleset"]


def test_text_not_found_is_unsupported_and_case_hint():
    r = one(st.RemoveText(index=0, text="x", rule=R("Hosting"), target=T("the host must")))
    assert statuses(r) == [UNSUPPORTED] and "different capitals" in r.report.steps[0].detail


def test_whole_words_only():
    r = one(st.ReplaceText(index=0, text="x", rule=R("Other"), target=T("hat"), new="crown"))
    assert "The Host has a crown." in r.pages["Ruleset"]
    r = one(st.ReplaceText(index=0, text="x", rule=None, target=T("Hos", occurrence="all"), new="X"))
    assert statuses(r) == [UNSUPPORTED] and "inside longer words" in r.report.steps[0].detail


def test_missing_rule_is_ignored_with_reason():
    r = one(st.RepealRule(index=0, text="Repeal the rule Nothing.", rule=R("Nothing")))
    assert statuses(r) == [IGNORED]
    assert "No rule is called “Nothing”" in r.report.steps[0].detail
    assert r.pages == {}


def test_same_rule_follows_the_rule_named_before_and_its_fate():
    steps = [st.RemoveText(index=0, text="x", rule=R("Hosting"), target=T("and may not abstain")),
             st.ReplaceText(index=0, text="x", rule=R(previous=True), target=T("daily"), new="weekly")]
    r = enact(P(*steps), MARKUP_PAGE)
    assert statuses(r) == [APPLIED, APPLIED]
    assert "[[Votes|vote]] weekly on each “Proposal”." in r.pages["Ruleset"]
    # The named rule does not exist: "the same rule" is ignored too.
    steps[0] = st.RemoveText(index=0, text="x", rule=R("Absent"), target=T("a"))
    assert statuses(enact(P(*steps), MARKUP_PAGE)) == [IGNORED, IGNORED]
    # A step that failed on its text still names the rule for the next one.
    steps[0] = st.RemoveText(index=0, text="x", rule=R("Hosting"), target=T("not there"))
    assert statuses(enact(P(*steps), MARKUP_PAGE)) == [UNSUPPORTED, APPLIED]
    # A repealed rule is gone for "the same rule".
    steps[0] = st.RepealRule(index=0, text="x", rule=R("Hosting"))
    assert statuses(enact(P(*steps), MARKUP_PAGE)) == [APPLIED, IGNORED]


def test_each_step_sees_the_result_of_the_one_before():
    steps = [st.RenameRule(index=0, text="x", rule=R("Other"), new_name="Hats"),
             st.AppendText(index=0, text="x", rule=R("Hats"), body="Hats are nice.")]
    r = enact(P(*steps), MARKUP_PAGE)
    assert statuses(r) == [APPLIED, APPLIED]
    assert r.pages["Ruleset"].endswith("== Hats ==\nThe Host has a hat.\n\nHats are nice.\n\n")


def test_sentence_targets():
    base = st.Target(kind=st.SENTENCE_BEGINNING, text="The Host may veto")
    r = one(st.RemoveText(index=0, text="x", rule=R("Hosting"), target=base))
    assert "\nThe Host may not vote twice.\n" in r.pages["Ruleset"]
    r = one(st.InsertText(index=0, text="x", rule=R("Hosting"),
                          anchor=st.Target(kind=st.SENTENCE_ENDING, text="may veto"), body="Vetoes are rare."))
    assert "The Host may veto. Vetoes are rare. The Host may not vote twice." in r.pages["Ruleset"]


def test_paragraph_targets_and_lists_make_counting_unsupported():
    r = one(st.RemoveText(index=0, text="x", rule=R("Hosting"), target=st.Target(kind=st.PARAGRAPH, number=-1)))
    assert statuses(r) == [APPLIED]
    assert "== Hosting ==\nThe '''Host''' must [[Votes|vote]] daily on each “Proposal”, and   may   not abstain.\n\n== Other" \
        in r.pages["Ruleset"]
    listy = MARKUP_PAGE.replace("The Host may veto.", "* a\n* b\n\nThe Host may veto.")
    r = one(st.RemoveText(index=0, text="x", rule=R("Hosting"), target=st.Target(kind=st.PARAGRAPH, number=3)),
            page=listy)
    assert statuses(r) == [UNSUPPORTED] and "lists" in r.report.steps[0].detail


def test_numbered_references_2004():
    page = ruleset_of("2004")
    r = enact(P(st.RenameRule(index=0, text="x", rule=R("Rule 12", number="12"), new_name="Royal Audiences")), page)
    assert statuses(r) == [APPLIED]
    assert parse(r.pages["Ruleset"]).find("Rule 12").title == "Royal Audiences"
    r = enact(P(st.RepealRule(index=0, text="x", rule=R("rule 12 - Parties", number="12"))), page)
    assert statuses(r) == [UNSUPPORTED]  # the number and the name disagree: never guessed
    r = enact(P(st.RepealRule(index=0, text="x", rule=R("Rule 99", number="99"))), page)
    assert statuses(r) == [IGNORED]


# ============================================================================ tags


def test_tags_2022_exempt_when_rule_named_once():
    page = ruleset_of("2022")
    r = enact(P(st.AppendText(index=0, text="x", rule=R("Victory and Ascension"), body="More.")), page)
    assert statuses(r) == [APPLIED]


def test_tags_2020_has_no_exemption():
    page = ruleset_of("2020")
    step = st.AppendText(index=0, text="x", rule=R("Victory and Ascension"), body="More.")
    r = enact(P(step), page)
    assert statuses(r) == [IGNORED] and "[Core]" in r.report.steps[0].detail
    assert statuses(enact(P(step, tags=("Core",)), page)) == [APPLIED]


def test_tags_ruleset_wide_change_leaves_core_rules_without_the_tag():
    page = ruleset_of("2022")
    word = "Stockpile"
    r = enact(P(st.ReplaceText(index=0, text="x", rule=None, target=T("Demon King", occurrence="all"), new="Overlord")),
              page)
    assert statuses(r) == [APPLIED]
    after = parse(r.pages["Ruleset"])
    assert "Demon King" in after.find("Victory and Ascension").body  # Core: no [Core] tag
    assert all("Demon King" not in rr.body for rr in after.rules if rr.kind == "dynastic")
    assert "lacks the [Appendix], [Core], [Special Case] tag" in r.report.steps[0].detail or "lacks the" in \
        r.report.steps[0].detail
    del word


def test_tags_2004_has_no_tags_rule():
    assert tag_policy(parse(ruleset_of("2004"))) is None
    policy = tag_policy(parse(ruleset_of("2016")))
    assert set(policy.required) == {"core", "appendix"} and not policy.exemptions
    assert tag_policy(parse(ruleset_of("2023"))).exemptions  # empty text read as 2022's


# ============================================================================ structure guard


def test_payload_with_heading_is_refused_not_written():
    r = one(st.AddRule(index=0, text="x", name="Sneaky", body="Text.\n== Fake rule ==\nMore."))
    assert statuses(r) == [UNSUPPORTED] and "heading" in r.report.steps[0].detail
    assert r.pages == {}
    r = one(st.AppendText(index=0, text="x", rule=R("Other"), body="<!-- open comment"))
    assert statuses(r) == [UNSUPPORTED] and r.pages == {}
    r = one(st.ReplaceText(index=0, text="x", rule=R("Other"), target=T("hat"), new="hat\n= Section ="))
    assert statuses(r) == [UNSUPPORTED] and r.pages == {}


def test_duplicate_rule_name_is_unsupported():
    r = one(st.AddRule(index=0, text="x", name="Other", body="Again."))
    assert statuses(r) == [UNSUPPORTED] and "already exists" in r.report.steps[0].detail


def test_rename_keeps_status_tags():
    page = ruleset_of("2022")
    r = enact(P(st.RenameRule(index=0, text="x", rule=R("Alliances"), new_name="Pacts"), tags=("Special Case",)), page)
    assert parse(r.pages["Ruleset"]).find("Pacts").title == "Pacts [Inactive] [Rare]"


# ============================================================================ gamestate


def gs_pair():
    return ruleset_of("2023"), text_of("gamestate_puzzle_board.wiki")


def test_gamestate_change_set_transfer():
    rs, gs = gs_pair()
    steps = [st.ChangeValue(index=0, text="x", player="Kevan", variable="Coins", delta=2),
             st.SetValue(index=0, text="x", player=st.EACH, variable="Matches", value="1"),
             st.TransferValue(index=0, text="x", source="Darknight", target="Clucky", variable="Coin", amount=3)]
    r = enact(P(*steps), rs, gs, gamestate_title="Puzzle Board")
    assert statuses(r) == [APPLIED] * 3
    after = r.pages["Puzzle Board"]
    assert "| '''[[User:Kevan|Kevan]]''' <!-- Puzzle Master --> || 4 || 1\n" in after
    assert "| {{user|Clucky}} || 4 || 1\n" in after
    assert "| [[User:Darknight|Darknight]] || 0 || 1\n" in after
    assert "Ruleset" not in r.pages


def test_gamestate_negative_value_is_refused():
    rs, gs = gs_pair()
    r = enact(P(st.ChangeValue(index=0, text="x", player="JonathanDark", variable="Coins", delta=-1)), rs, gs)
    assert statuses(r) == [REFUSED]
    assert "Coins of JonathanDark set to -1; Coins hold non-negative integers (Appendix: Numbers and Variables)" \
        in r.report.steps[0].detail
    assert r.pages == {}
    r = enact(P(st.ChangeValue(index=0, text="x", player=st.EACH, variable="Coins", delta=-1)), rs, gs)
    assert statuses(r) == [REFUSED] and r.pages == {}  # all or nothing


def test_gamestate_columns_and_rows():
    rs, gs = gs_pair()
    steps = [st.AddColumn(index=0, text="x", column="Stars", default="0"),
             st.AddPlayer(index=0, text="x", name="Newbie"),
             st.RemovePlayer(index=0, text="x", name="Lulu"),
             st.AddPlayer(index=0, text="x", name="no"),
             st.SetValue(index=0, text="x", player="Kevan", variable="Coins", value="Bear")]
    r = enact(P(*steps), rs, gs)
    assert statuses(r) == [APPLIED, APPLIED, APPLIED, REFUSED, UNSUPPORTED]
    after = r.pages["Puzzle Board"]
    assert "! Puzzler !! Coins !! Matches !! Stars" in after and "[[User:Lulu|Lulu]]" not in after
    assert "| Newbie || 3 || 0" in after   # the rules' starting values: Coins default to 3, Matches to 0


def test_gamestate_step_without_page_is_unsupported():
    r = enact(P(st.ChangeValue(index=0, text="x", player="Kevan", variable="Coins", delta=1)), ruleset_of("2023"))
    assert statuses(r) == [UNSUPPORTED] and "Puzzle Board" in r.report.steps[0].detail


def _proposal(era_rs: str, gs_name: str, text: str, title: str):
    return enact(parse_proposal("Proposal: Housekeeping", text), ruleset_of(era_rs), text_of(gs_name),
                 gamestate_title=title)


def test_gamestate_steps_real_proposals_use_read_and_applied():
    text = ("Add a column called “Stars” to the tracking page, with a starting value of 1 for every Puzzler.\n"
            "Each Puzzler gains 2 Coins.\n"
            "Kevan transfers 1 Coin to Lulu.\n"
            "Remove the row for “1” from the Game Board table.\n")
    r = _proposal("2023", "gamestate_puzzle_board.wiki", text, "Puzzle Board")
    assert statuses(r) == [APPLIED] * 4, [s.detail for s in r.report.steps]
    after = r.pages["Puzzle Board"]
    assert "! Puzzler !! Coins !! Matches !! Stars" in after
    assert "<!-- Puzzle Master --> || 3 || 3 || 1\n" in after   # Kevan: 2 + 2 - 1
    assert "\n! 1\n" not in after                               # the board's first row is gone


def test_a_grid_cell_is_written_in_the_boards_own_symbols_and_judged():
    r = _proposal("2023", "gamestate_puzzle_board.wiki", "Set the cell at Row 1, Column 4 of the Game Board to Lemon.",
                  "Puzzle Board")
    assert statuses(r) == [APPLIED], r.report.steps[0].detail
    assert "| 🍇 || 🥝 || 🥝 || 🍋 ||" in r.pages["Puzzle Board"]
    r = _proposal("2023", "gamestate_puzzle_board.wiki", "Set the cell at Row 1, Column 4 of the Game Board to Durian.",
                  "Puzzle Board")
    assert statuses(r) == [REFUSED] and "Content is one of Lemon" in r.report.steps[0].detail and r.pages == {}


def test_rows_and_attributes_of_things_in_a_non_player_table():
    text = ("Add a row to the Villagers table for “Clover”, with a Species of Rabbit and a Personality of Lazy.\n"
            "Set the Species of the Villager “Pip” to Bear.\n"
            "Remove “Sorrel” from the Villagers table.\n"
            "Set the Personality of “Bramble” to Grumpy.\n")
    r = _proposal("2020", "gamestate_archipelago_2020.wiki", text, "Archipelago")
    assert statuses(r) == [APPLIED, APPLIED, APPLIED, REFUSED], [s.detail for s in r.report.steps]
    after = r.pages["Archipelago"]
    assert "| Clover || Rabbit || Lazy || None" in after        # Location: the rules' default, None
    assert "| Pip || Bear || Jock ||" in after and "Sorrel" not in after
    assert "Personality is one of Friendly, Jock, Lazy or Skittish (Villagers)" in r.report.steps[3].detail


def test_single_values_set_and_changed_within_their_limits():
    rs = ruleset_of("2020").replace("== Islands ==", "== Days ==\nThe Day is a publicly tracked number, defaulting to 1, "
                                    "which cannot exceed 5.\n\n== Islands ==", 1)
    gs = text_of("gamestate_archipelago_2020.wiki")
    ok = enact(parse_proposal("Proposal: Tomorrow", "Increase the Day by 1."), rs, gs, gamestate_title="Archipelago")
    assert statuses(ok) == [APPLIED] and "{{pill|Day|5|lightgreen}}" in ok.pages["Archipelago"]
    too_far = enact(parse_proposal("Proposal: Next week", "Set the Day to 9."), rs, gs, gamestate_title="Archipelago")
    assert statuses(too_far) == [REFUSED] and "Day holds integers from 0 to 5 (Days)" in too_far.report.steps[0].detail


def test_a_new_column_value_is_judged_before_it_is_written():
    r = _proposal("2023", "gamestate_puzzle_board.wiki",
                  "Add a column called “Coins” to the Game Board table, with a starting value of -1 for every row.",
                  "Puzzle Board")
    assert statuses(r) == [REFUSED] and r.pages == {}


def test_stated_range_is_obeyed():
    rs = ruleset_of("2023").replace("defaulting to 3.", "defaulting to 3. Coins cannot exceed 5.", 1)
    gs = text_of("gamestate_puzzle_board.wiki")
    r = enact(P(st.ChangeValue(index=0, text="x", player="Kevan", variable="Coins", delta=4)), rs, gs)
    assert statuses(r) == [REFUSED] and "Coins hold integers from 0 to 5" in r.report.steps[0].detail


# ============================================================================ report and properties


def test_report_json_shape():
    r = one(st.RepealRule(index=0, text="Repeal the rule Other.", rule=R("Other")), name="Tidy")
    d = r.report.to_dict()
    assert d["summary"] == "Enacted “Tidy”" and d["changed"] == ["Ruleset"]
    assert d["steps"] == [{"n": 1, "text": "Repeal the rule Other.", "action": "repeal rule", "status": APPLIED,
                           "detail": "repealed “Dynastic Rules › Other”"}]


def test_projection_maps_back_to_source():
    proj = Projection("A '''b''' [[c|d e]]  f\n* g")
    assert proj.text == "A b d e f g"
    assert normalize("“x”   y") == '"x" y'


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.text(max_size=300))
def test_no_crash_on_arbitrary_proposal_text(text):
    proposal = parse_proposal("Proposal: Fuzz", text)
    result = enact(proposal, MARKUP_PAGE)
    for page in result.pages.values():
        assert str(parse(page)) == page


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.text(min_size=1, max_size=80), min_size=1, max_size=5))
def test_unsupported_only_changes_nothing(reasons):
    proposal = st.Proposal(name="N", tags=(), steps=tuple(
        st.Unsupported(index=k + 1, text=t, reason=f"not understood: {t}") for k, t in enumerate(reasons)))
    result = enact(proposal, ruleset_of("2022"))
    assert result.pages == {} and statuses(result) == [UNSUPPORTED] * len(reasons)


_WORDS = hs.sampled_from(["Host", "may", "vote", "daily", "“Proposal”", "'''bold'''", "[[a|b]]", "\n", "*", "=="])


@settings(max_examples=60, deadline=None)
@given(hs.lists(_WORDS, max_size=12).map(" ".join), hs.lists(_WORDS, max_size=4).map(" ".join))
def test_text_edits_never_break_structure(needle, new):
    r = one(st.ReplaceText(index=0, text="x", rule=R("Hosting"), target=T(needle or "x", occurrence="all"), new=new))
    for page in r.pages.values():
        model = parse(page)
        assert [b.title for b in model.blocks] == ["Dynastic Rules", "Hosting", "Other"]
        assert model.find("Other").body == "The Host has a hat.\n\n"


def test_edit_that_would_turn_a_line_into_a_heading_is_refused():
    page = "= Dynastic Rules =\n\n== Odd ==\nFirst line.\n=Banner= of the rule\n\n"
    r = enact(P(st.RemoveText(index=0, text="x", rule=R("Odd"), target=T("of the rule"))), page)
    assert statuses(r) == [UNSUPPORTED] and "heading" in r.report.steps[0].detail
    assert r.pages == {}


def test_new_rule_before_the_first_rule_of_a_section():
    text = text_of("ruleset_2023.wiki")
    proposal = parse_proposal("Wallets", "Add a new rule to the Ruleset before the rule “The Game Board”, "
                                         "called “Wallets”, with the following text:\n\nWallets hold Coins.")
    result = enact(proposal, text)
    assert result.report.steps[0].status == "applied"
    new = result.pages["Ruleset"]
    assert new == text.replace("= Dynastic Rules =\n\n== The Game Board ==",
                               "= Dynastic Rules =\n\n== Wallets ==\nWallets hold Coins.\n\n== The Game Board ==")


def test_a_rule_added_by_an_earlier_step_governs_the_gamestate_steps_after_it():
    text = ("Add a new rule to the Ruleset, called “Gems”, with the following text:\n\n"
            "Each Puzzler has a publicly tracked number of Gems, defaulting to 0, which cannot exceed 5.\n\n"
            "Add a column called “Gems” to the tracking page, with a starting value of 0 for every Puzzler.\n"
            "Kevan gains 4 Gems.\n"
            "Kevan gains 4 Gems.\n")
    r = enact(parse_proposal("Proposal: Gems", text), ruleset_of("2023"), text_of("gamestate_puzzle_board.wiki"),
              gamestate_title="Puzzle Board")
    assert statuses(r) == [APPLIED, APPLIED, APPLIED, REFUSED], [s.detail for s in r.report.steps]
    assert "Gems hold integers from 0 to 5 (Gems)" in r.report.steps[3].detail


def test_a_things_number_changed_by_an_amount_or_set_through_a_possessive():
    """"Increase the Worth of the Relic “Cup” by 2" and "Set Cup’s Worth to 1": Cup is no player, but a row of
    the one other table with a Worth; the words cannot tell a thing from a player, the page can."""
    rs = ruleset_of("2023").replace("defaulting to 3.", "defaulting to 3. Each Relic has a Worth, which is a "
                                    "non-negative integer.", 1)
    gs = text_of("gamestate_puzzle_board.wiki") + ('\n{| class="wikitable"\n! Relic !! Worth\n|-\n| Cup || 3\n'
                                                    '|-\n| Lamp || 1\n|}\n')
    text = ("Increase the Worth of the Relic “Cup” by 2.\n"
            "Set Lamp’s Worth to 4.\n"
            "Reduce Lamp’s Worth by 1.\n"
            "Decrease the Worth of “Cup” by 9.\n")
    r = enact(parse_proposal("Proposal: Polish", text), rs, gs, gamestate_title="Puzzle Board")
    assert statuses(r) == [APPLIED, APPLIED, APPLIED, REFUSED], [s.detail for s in r.report.steps]
    after = r.pages["Puzzle Board"]
    assert "| Cup || 5\n" in after and "| Lamp || 3\n" in after
    assert "Worth" in r.report.steps[3].detail and "-4" in r.report.steps[3].detail
    assert "| Cup || 3\n" in gs                                    # the text enacted from is untouched
    # a player's value read the same way still goes to the players' table
    kevan = enact(parse_proposal("Proposal: Pay", "Increase Kevan’s Coins by 1."), rs, gs, gamestate_title="Puzzle Board")
    assert statuses(kevan) == [APPLIED] and "Kevan|Kevan]]''' <!-- Puzzle Master --> || 3 || 3" in kevan.pages["Puzzle Board"]
    # and a player's value named as a thing's ("the Coins of Kevan") is the player's, checked as one
    named = enact(parse_proposal("Proposal: Pay", "Set the Coins of Kevan to 6.\nDecrease the Coins of Lulu by 9."),
                  rs, gs, gamestate_title="Puzzle Board")
    assert statuses(named) == [APPLIED, REFUSED], [s.detail for s in named.report.steps]
    assert "| '''[[User:Kevan|Kevan]]''' <!-- Puzzle Master --> || 6 ||" in named.pages["Puzzle Board"]
    assert "non-negative" in named.report.steps[1].detail


def test_a_row_named_with_its_kind_before_it():
    """"the Puzzler Kevan", "the Relic Cup": the first word is what the page calls such rows, so the row is
    the one the other words name; a first word that is not the page's kind is not dropped."""
    rs = ruleset_of("2023")
    gs = text_of("gamestate_puzzle_board.wiki") + ('\n{| class="wikitable"\n! Relic !! Worth\n|-\n| Cup || 3\n|}\n')
    text = ("Set the Coins of the Puzzler Kevan to 6.\n"
            "Increase the Worth of the Relic Cup by 1.\n"
            "Increase the Worth of the Golden Cup by 1.\n")
    r = enact(parse_proposal("Proposal: Kinds", text), rs, gs, gamestate_title="Puzzle Board")
    assert statuses(r) == [APPLIED, APPLIED, UNSUPPORTED], [s.detail for s in r.report.steps]
    after = r.pages["Puzzle Board"]
    assert "| '''[[User:Kevan|Kevan]]''' <!-- Puzzle Master --> || 6 ||" in after and "| Cup || 4\n" in after
    assert "Golden Cup" in r.report.steps[2].detail


def _cells_pages():
    from fixturedata import fixture_text, relics_ruleset
    rs = relics_ruleset().replace("== Lanterns ==", "== Inns ==\nEach Inn has Guests, which is a list of the names of "
                                  "Puzzlers.\n\n== Lanterns ==", 1)
    gs = fixture_text("gamestate_relics.wiki").replace(
        "| Salt Flat || -\n", "| Salt Flat || -\n|-\n| 1 || -\n|-\n| 2 || -\n|-\n| 3 || -\n", 1) + (
        '\n== Inns ==\n{| class="wikitable"\n! Inn !! Guests\n|-\n| Rest || Kevan, Lulu\n|-\n| Dusk || qenya\n|}\n')
    return rs, gs


def test_ranges_swaps_moves_and_lists_held_in_a_cell():
    """Gamestate steps on cells: a range of things ("Plots 1 to 3", rows named “1”… under a Plot heading), two
    cells swapped, a name moved from one cell to another (the emptied cell gets the rules' mark for none),
    a name added to or taken from the list a cell holds — each judged by the rules before it is written."""
    rs, gs = _cells_pages()
    text = ("Set the Owner of Plots 1 to 3 to Kevan.\n"
            "Set the Owner of Plots 1 to 2 to Zed.\n"
            "Swap the Keepers of the Relic “Sunken Bell” and the Relic “Rust Key”.\n"
            "Move Lulu from North Field to Salt Flat.\n"
            "Remove Kevan from the Guests of the Inn “Rest”.\n"
            "Add Kevan to the Guests of the Inn “Dusk”.\n"
            "Move qenya from the Guests of the Inn “Dusk” to the Guests of the Inn “Rest”.\n"
            "Add Zed to the Guests of the Inn “Rest”.\n"
            "Remove Lulu from the Guests of the Inn “Dusk”.\n")
    r = enact(parse_proposal("Proposal: Cells", text), rs, gs, gamestate_title="Relics")
    assert statuses(r) == [APPLIED] * 3 + [REFUSED] * 2 + [APPLIED] * 5 + [REFUSED, UNSUPPORTED], \
        [s.detail for s in r.report.steps]
    after = r.pages["Relics"]
    assert "| 1 || Kevan\n|-\n| 2 || Kevan\n|-\n| 3 || Kevan\n" in after          # Zed is no Puzzler: not written
    assert "| Sunken Bell || Cup || 2 || qenya\n" in after and "| Rust Key || Blade || 5 || Kevan\n" in after
    assert "| North Field || -\n" in after and "| Salt Flat || Lulu\n" in after    # the dash: the rules' none
    assert "| Rest || Lulu, qenya\n" in after and "| Dusk || Kevan\n" in after
    assert "names of Puzzlers" in r.report.steps[10].detail
    assert "does not hold “Lulu”" in r.report.steps[11].detail


def test_a_name_moved_without_its_source_is_found_or_refused():
    rs, gs = _cells_pages()
    r = enact(parse_proposal("Proposal: Moves", "Move Kevan to the Guests of the Inn “Dusk”.\nMove Kevan to Plot 2.\n"),
              rs, gs, gamestate_title="Relics")
    assert statuses(r) == [APPLIED, UNSUPPORTED], [s.detail for s in r.report.steps]
    assert "| Rest || Lulu\n" in r.pages["Relics"] and "| Dusk || qenya, Kevan\n" in r.pages["Relics"]
    assert "in no cell" in r.report.steps[1].detail


def test_grid_cells_by_coordinates_in_the_order_the_caption_gives():
    rs, gs = ruleset_of("2023"), text_of("gamestate_puzzle_board.wiki")

    def run(text, page=gs):
        return enact(parse_proposal("Proposal: Grid", text), rs, page, gamestate_title="Puzzle Board")

    r = run("Set the cell at (3, 4) to Lemon.")          # “Game Board (Row, Column)”: row 3, column 4
    assert statuses(r) == [APPLIED] and "| 🍋 || 🍇 || 🍊 || 🍋 || 🥝" in r.pages["Puzzle Board"]
    r = run("Set the cell at (4, 3) to Lemon.", gs.replace("Game Board (Row, Column)", "Game Board (X, Y)"))
    assert statuses(r) == [APPLIED] and "| 🍋 || 🍇 || 🍊 || 🍋 || 🥝" in r.pages["Puzzle Board"]
    r = run("Set the cell at (3, 4) of the Game Board to Lemon.", gs.replace("Game Board (Row, Column)", "Game Board"))
    assert statuses(r) == [UNSUPPORTED] and "Row 3, Column 4" in r.report.steps[0].detail
    r = run("Swap the contents of the cells at (1, 1) and (1, 2).")
    assert statuses(r) == [APPLIED] and "| 🥝 || 🍇 || 🥝 ||" in r.pages["Puzzle Board"]
    r = run("Swap the cells at Row 1, Column 1 and Row 1, Column 4 of the Game Board.")
    assert statuses(r) == [APPLIED] and "|  || 🥝 || 🥝 || 🍇 ||  ||" in r.pages["Puzzle Board"]   # blank: Empty


def _fleet_pages(plots_extra: str = "", ships_extra: str = ""):
    """The Relics rules and page with coloured Plots and a Ships table whose Captains are Puzzlers."""
    from fixturedata import fleet_page, fleet_ruleset
    return fleet_ruleset(plots_extra, ships_extra), fleet_page()


def _fleet(text, rs=None, gs=None):
    pages = _fleet_pages()
    return enact(parse_proposal("Proposal: Fleet", text), rs or pages[0], gs or pages[1], gamestate_title="Relics")


def test_things_painted_or_set_with_no_column_named():
    """"Paint Plots 2 to 4 Green", "Set Plots 4 and 5 to blue": the step names no column; a paint sets the Plots'
    colour column, a plain set the one column whose values the rules list with the value among them (written as
    the rules spell it). Where two columns could hold it, or none, the step is refused and says so."""
    r = _fleet("Paint Plots 2 to 4 Green.\nSet Plots 4 and 5 to blue.\nPaint Plot 1 “Teal”.\n"
               "Set Plots 1 to 2 to Purple.\n")
    assert statuses(r) == [APPLIED] * 5 + [REFUSED] + [UNSUPPORTED] * 2, [s.detail for s in r.report.steps]
    after = r.pages["Relics"]
    assert "| 2 || - || Green\n|-\n| 3 || Kevan || Green\n|-\n| 4 || - || Blue\n|-\n| 5 || - || Blue\n" in after
    assert "Colour is one of Red, Green or Blue (Paint)" in r.report.steps[5].detail
    assert "names no column" in r.report.steps[6].detail and "“Purple”" in r.report.steps[6].detail
    # a second column listing Green: a plain set cannot tell which is meant; a paint is the colour's
    rs, gs = _fleet_pages(" Each Plot also has a Banner, which is one of Green or Gold.")
    gs = gs.replace("! Plot !! Owner !! Colour\n", "! Plot !! Owner !! Colour !! Banner\n").replace(
        "| 1 || Lulu || Red\n", "| 1 || Lulu || Red || Gold\n")
    r = _fleet("Set Plot 1 to Green.\nSet Plots 1 to 2 to Green.\nPaint Plot 1 Green.\n", rs, gs)
    assert statuses(r) == [UNSUPPORTED, UNSUPPORTED, UNSUPPORTED, APPLIED], [s.detail for s in r.report.steps]
    assert "Banner, Colour" in r.report.steps[1].detail
    assert "| 1 || Lulu || Green || Gold\n" in r.pages["Relics"]


def test_things_by_number_removed_are_the_rows_their_table_numbers_so():
    r = _fleet("Remove Plots 2 to 3 from the Plots table.\nRemove Plots 4 and 9 from the Plots table.\n")
    assert statuses(r) == [APPLIED, APPLIED, APPLIED, UNSUPPORTED], [s.detail for s in r.report.steps]
    after = r.pages["Relics"]
    assert "| 1 || Lulu || Red\n|-\n| 5 || - || Red\n" in after   # Plot 9 there is none: said, the rest applied


def test_a_new_column_whose_values_come_from_another_table():
    """"each Ship’s Wealth is its Captain’s Coins": every row's value is the Coins of the Puzzler its Captain
    names, judged before it is written; a Captain that names no one (the dash) leaves the step to an Admin."""
    text = "Add a Wealth column to the Ships table; each Ship's Wealth is its Captain's Coins.\n"
    r = _fleet(text)
    assert statuses(r) == [APPLIED], [s.detail for s in r.report.steps]
    assert "! Ship !! Captain !! Wealth\n|-\n| Gull || Kevan || 2\n|-\n| Tern || Lulu || 3\n" in r.pages["Relics"]
    rs, gs = _fleet_pages()
    r = _fleet(text, rs, gs.replace("| Tern || Lulu\n", "| Tern || -\n"))
    assert statuses(r) == [UNSUPPORTED] and "Tern’s Captain is “-”, naming nothing" in r.report.steps[0].detail
    assert r.pages == {}
    rs, _ = _fleet_pages(ships_extra=" Each Ship has a Wealth, which is an integer between 0 and 2.")
    r = _fleet(text, rs)
    assert statuses(r) == [REFUSED] and "Wealth of Tern set to 3" in r.report.steps[0].detail and r.pages == {}
    # every row's value of a column already there, taken so
    _, gs = _fleet_pages()
    gs = gs.replace("! Ship !! Captain\n|-\n| Gull || Kevan\n|-\n| Tern || Lulu\n",
                    "! Ship !! Captain !! Crew Size\n|-\n| Gull || Kevan || 0\n|-\n| Tern || Lulu || 0\n")
    r = _fleet("Set each Ship's Crew Size to its Captain's Matches.", gs=gs)
    assert statuses(r) == [APPLIED] and "| Gull || Kevan || 3\n|-\n| Tern || Lulu || 1\n" in r.pages["Relics"]


def test_gains_losses_and_several_values_in_one_sentence():
    r = _fleet("Kevan gains 2 Coins and loses 1 Match.\nSet Kevan's Matches to 3 and Lulu's to 2.\n"
               "Give qenya 1 Coin and 2 Matches.\nLulu gains 1 Coin and loses 9 Matches.\n")
    assert statuses(r) == [APPLIED] * 7 + [REFUSED], [s.detail for s in r.report.steps]
    after = r.pages["Relics"]
    assert "| Kevan || 4 || 3\n|-\n| Lulu || 4 || 2\n|-\n| qenya || 4 || 2\n" in after
    assert "Matches of Lulu set to -7" in r.report.steps[7].detail


def test_a_new_thing_given_by_its_attributes():
    """"Add a new Ship named “Osprey” with Captain Kevan": a row of the Ships table, its values judged; a thing of a
    kind the page has no table of is never added as a player."""
    r = _fleet("Add a new Ship named “Osprey” with Captain Kevan.\nAdd a new Ship called “Skua” with Captain Zed.\n"
               "Add a new Barge named “Reed”.\n")
    assert statuses(r) == [APPLIED, REFUSED, UNSUPPORTED], [s.detail for s in r.report.steps]
    after = r.pages["Relics"]
    assert "| Tern || Lulu\n|-\n| Osprey || Kevan\n" in after and "Reed" not in after
    assert "Captain names one Puzzler (Fleet)" in r.report.steps[1].detail


def test_no_players_table_by_the_rules_word_leaves_a_players_value_unwritten():
    """The rules now call players Necromancers, the page still heads its table Puzzler: the bot cannot tell
    the players' table, so a player's value is not written — not even as some table's row that has the name."""
    rs = ruleset_of("2023").replace("Puzzler", "Necromancer")
    r = enact(parse_proposal("Proposal: Pay", "Set Kevan’s Coins to 1.\nIncrease the Coins of Lulu by 1."), rs,
              text_of("gamestate_puzzle_board.wiki"), gamestate_title="Puzzle Board")
    assert statuses(r) == [UNSUPPORTED, UNSUPPORTED], [s.detail for s in r.report.steps]
    assert r.pages == {}


def test_sentences_by_number_in_a_rule_or_in_a_numbered_paragraph():
    rs = ("== Dynastic Rules ==\n===Lanterns===\nLanterns glow. Wicks burn slowly. Wax drips.\n\n"
          "Oil is scarce. Oil is dear.\n")

    def body(text, page=rs):
        r = enact(parse_proposal("Proposal: Sentences", text), page)
        return statuses(r), r.pages.get("Ruleset", page).split("===Lanterns===\n")[1], r.report.steps[0].detail

    assert body("Remove the last sentence of the rule “Lanterns”.")[:2] == (
        [APPLIED], "Lanterns glow. Wicks burn slowly. Wax drips.\n\nOil is scarce.\n")
    assert body("In “Lanterns”, remove the first sentence of the second paragraph.")[1].endswith("\n\nOil is dear.\n")
    assert body("Replace the second sentence of the first paragraph of “Lanterns” with “Wicks burn fast.”")[1] \
        .startswith("Lanterns glow. Wicks burn fast. Wax drips.\n")
    assert body("Remove the second sentence of “Lanterns”.")[1].startswith("Lanterns glow. Wax drips.\n")
    status, _, detail = body("Remove the ninth sentence of “Lanterns”.")
    assert status == [UNSUPPORTED] and "occurs 5 time(s)" in detail
    listed = rs.replace("Oil is scarce. Oil is dear.", "* Oil is scarce.\n* Oil is dear.")
    status, _, detail = body("Remove the last sentence of the rule “Lanterns”.", listed)   # a list: counting is
    assert status == [UNSUPPORTED] and "which sentence is the last" in detail             # a matter of reading
    assert body("Remove the first sentence of the first paragraph of “Lanterns”.", listed)[1].startswith(
        "Wicks burn slowly. Wax drips.\n\n* Oil is scarce.")


def test_quoted_text_replaced_inside_a_named_list_only():
    """"… wherever it appears in the “Counting Marks” atomic action": the text outside that list stays."""
    rs = ("== Dynastic Rules ==\n===Marks===\nA Tally Mark is a comment.\n\n"
          "Counting Marks is an atomic action with the following steps:\n* Count each Tally Mark.\n"
          "* Announce the total of each Tally Mark.\n\nAny Tally Mark may be withdrawn.\n")
    r = enact(parse_proposal("Proposal: Scores", "Replace “Tally Mark” with “Score Mark” wherever it "
                                                 "appears in the “Counting Marks” atomic action."), rs)
    assert statuses(r) == [APPLIED]
    after = r.pages["Ruleset"]
    assert after.count("Score Mark") == 2 and after.count("Tally Mark") == 2
    assert "* Count each Score Mark.\n* Announce the total of each Score Mark.\n" in after
    once = enact(parse_proposal("Proposal: Scores", "Replace “Tally Mark” with “Score Mark” in the "
                                                    "“Counting Marks” atomic action."), rs)
    assert statuses(once) == [UNSUPPORTED] and "occurs 2 times" in once.report.steps[0].detail


def test_a_heading_of_the_post_that_names_a_rule_is_that_rules():
    """"Lanterns:" over "replace “tallow” with “wax”": the steps under it edit “Lanterns” — never another rule
    that happens to hold the text; a heading one letter off a rule's title goes to an Admin; a heading that
    names no rule ("Changes:") leaves the step naming none."""
    rs = ("== Dynastic Rules ==\n===Lanterns===\nLanterns burn oil. Wicks must be trimmed daily.\n"
          "===Candles===\nCandles are made of tallow.\n")

    def run(text):
        r = enact(parse_proposal("Proposal: Headings", text), rs)
        return [s.status for s in r.report.steps][1:], r.report.steps[-1].detail, r.pages.get("Ruleset", rs)

    status, detail, page = run("Lanterns: replace “tallow” with “wax”.")
    assert status == [UNSUPPORTED] and "not in “Lanterns”" in detail and "tallow" in page   # Candles untouched
    status, _, page = run("Lanterns:\nStrike the sentence “Wicks must be trimmed daily.”")
    assert status == [APPLIED] and "Wicks must" not in page
    status, detail, _ = run("Lantern: replace “oil” with “wax”.")
    assert status == [UNSUPPORTED] and "may name the rule “Lanterns”" in detail
    status, _, page = run("Changes:\nReplace “tallow” with “wax”.")
    assert status == [APPLIED] and "made of wax" in page


def test_a_step_said_of_the_whole_ruleset_is_never_narrowed_by_the_line_above_it():
    """"Replace “tallow” with “wax” throughout the Ruleset" under a bare line that may be a rule's title
    ("Lanterns:") edits every rule — the step's own words win over the heading's guess; under a line that
    names a rule ("In the rule “Lanterns”:") the two contradict each other and an Admin is asked."""
    rs = ("== Dynastic Rules ==\n===Lanterns===\nLanterns burn tallow.\n"
          "===Candles===\nCandles are made of tallow.\n")

    def run(text):
        r = enact(parse_proposal("Proposal: Everywhere", text), rs)
        return [s.status for s in r.report.steps][1:], r.report.steps[-1].detail, r.pages.get("Ruleset", rs)

    for everywhere in ("throughout the Ruleset", "in every rule", "across the ruleset", "everywhere in the Ruleset"):
        status, _, page = run(f"Lanterns:\n* Replace “tallow” with “wax” {everywhere}.")
        assert status == [APPLIED] and page.count("wax") == 2 and "tallow" not in page, everywhere
        status, detail, page = run(f"In the rule “Lanterns”:\n* Replace “tallow” with “wax” {everywhere}.")
        assert status == [UNSUPPORTED] and "whole Ruleset" in detail and page == rs, everywhere
    status, _, page = run("Lanterns:\n* Replace “tallow” with “wax” wherever it appears.")  # in the heading's rule
    assert status == [APPLIED] and "Candles are made of tallow" in page and "Lanterns burn wax" in page


def test_added_text_that_speaks_of_its_own_enactment_names_the_effect_for_an_admin():
    """"Upon enactment of this rule, every Lamp is lit." in the text a step adds: the text is the rule's, and the
    effect happens once, when the Proposal is enacted — the bot adds the text and names the effect as a step an
    Admin carries out, never passing over it; rule text about enactment in general is only text."""
    rs = "= Dynastic Rules =\n==Lanterns==\nLanterns burn tallow.\n"
    for effect in ("Upon enactment of this rule, every Lamp is lit.", "When this rule is first enacted, each Lamplighter "
                   "gains 2 Coins.", "On the passage of this Proposal, the Season advances by one."):
        r = enact(parse_proposal("Proposal: Lamps", f"Add a new rule called “Lamps”:\n\nLamps glow. {effect}"), rs)
        assert [s.status for s in r.report.steps] == [APPLIED, UNSUPPORTED], effect
        assert "its own enactment" in r.report.steps[1].detail and effect in r.report.steps[1].detail
    r = enact(parse_proposal("Proposal: Lamps", "Add a new rule called “Lamps”:\n\nWhen a Proposal is enacted, "
                                                "each Lamp dims."), rs)
    assert [s.status for s in r.report.steps] == [APPLIED]


def test_every_occurrence_in_one_rule_from_the_words():
    """“Remove “A” wherever it appears in X” / “… throughout X” / “replace every “A” with nothing”: each
    occurrence in that rule goes, and the rest of the Ruleset keeps the text."""
    from parsers.proposal import parse_proposal
    for words in ("In the rule “Hosting”, remove “The Host may” wherever it appears.",
                  "Remove “The Host may” throughout the rule “Hosting”.",
                  "In the rule “Hosting”, replace every “The Host may” with nothing."):
        r = enact(parse_proposal("Test", words), MARKUP_PAGE)
        assert statuses(r) == [APPLIED], (words, r.report.steps[0].detail)
        page = r.pages["Ruleset"]
        assert "The Host may" not in page and "veto. not vote twice." in page.replace("  ", " "), words


MOVING_PAGE = """==Dynastic Rules==
===Lanterns===
Lanterns glow.
====Shades====
Shades dim a Lantern.
===Candles===
Candles burn.
====Wicks====
Each Candle has a Wick.
"""


def test_a_subrule_moved_from_one_rule_to_another_from_the_words():
    """“Move the subrule “Shades” from “Lanterns” to “Candles””: Shades, looked up under Lanterns, ends as a
    subrule of Candles; named under a rule it is not under, nothing moves and the step says why."""
    from parsers.proposal import parse_proposal
    r = enact(parse_proposal("Test", "Move the subrule “Shades” from “Lanterns” to “Candles”."), MOVING_PAGE)
    assert statuses(r) == [APPLIED], r.report.steps[0].detail
    moved = parse(r.pages["Ruleset"]).find("Shades")
    assert moved.parent_rule.name == "Candles" and "Shades dim a Lantern." in r.pages["Ruleset"]
    r = enact(parse_proposal("Test", "Move the subrule “Wicks” from “Lanterns” to “Candles”."), MOVING_PAGE)
    assert statuses(r) == [UNSUPPORTED] and r.pages == {}, r.report.steps[0].detail
    assert "under “Candles”" in r.report.steps[0].detail  # where it really is, for the Admin who decides


ACTION_PAGE = """==Dynastic Rules==
===Lanterns===
Each Lantern has a Fuel.

Light a Lantern is an atomic action with the following steps:
* Pay 1 Coin.
* Choose a Lantern.

The Fuels are:
* Oil
* Tallow
"""


def test_a_step_added_to_a_named_atomic_action_from_the_words():
    """A step added to “the “Light a Lantern” atomic action” ends that list, not the rule's other one; “the list”
    of a rule with two lists goes to an Admin, naming both."""
    from parsers.proposal import parse_proposal
    for words in ("In the rule “Lanterns”, add a new step to the end of the “Light a Lantern” atomic action:\n\n"
                  "* Trim the wick.",
                  "Add “Trim the wick.” as a new step at the end of the atomic action “Light a Lantern”.",
                  "Add the following step to the Light a Lantern atomic action in the rule “Lanterns”:\n\n* Trim the wick."):
        r = enact(parse_proposal("Test", words), ACTION_PAGE)
        assert statuses(r) == [APPLIED], (words, r.report.steps[0].detail)
        assert "* Choose a Lantern.\n* Trim the wick.\n\nThe Fuels are:" in r.pages["Ruleset"], words
    r = enact(parse_proposal("Test", "In the rule “Lanterns”, add the following bullet point to the list:\n\n* Wax"),
              ACTION_PAGE)
    assert statuses(r) == [UNSUPPORTED] and r.pages == {} and "2 lists" in r.report.steps[0].detail


def test_text_added_before_a_rules_subrules_from_the_words():
    """“before its subrules” is the end of the rule's own text: above its first subrule's heading; “before its second
    subrule” is no place the bot adds text (refused, never put at the end of the rule's own text)."""
    from parsers.proposal import parse_proposal
    r = enact(parse_proposal("Test", "In the rule “Lanterns”, add the following before its subrules:\n\nLanterns hang high."),
              MOVING_PAGE)
    assert statuses(r) == [APPLIED], r.report.steps[0].detail
    assert "Lanterns glow.\n\nLanterns hang high.\n====Shades====" in r.pages["Ruleset"]
    r = enact(parse_proposal("Test", "In the rule “Lanterns”, add the following before its second subrule:\n\nx"),
              MOVING_PAGE)
    assert statuses(r) == [UNSUPPORTED] and r.pages == {}


SHIPS_RULES = """==Dynastic Rules==
===Ships===
Each Ship has a Cargo, which is a non-negative integer.
"""
SHIPS_PAGE = """{| class="wikitable"
! Player !! Cargo
|-
| Marlowe || 5
|}

{| class="wikitable"
! Ship !! Cargo
|-
| Osprey || 3
|}
"""


def test_every_things_value_never_lands_on_the_players_table():
    """“Set every Ship's Cargo to 0” where the rules do not say what a player is called: the players' table (found by
    its “Player” heading) is never the one changed; and a Ship removed is the Ship table's row."""
    from parsers.proposal import parse_proposal
    r = enact(parse_proposal("Test", "Set every Ship's Cargo to 0."), SHIPS_RULES, SHIPS_PAGE, gamestate_title="GS")
    assert "| Marlowe || 5" in r.pages.get("GS", SHIPS_PAGE)
    r = enact(parse_proposal("Test", "Remove the Ship “Osprey” from the gamestate."), SHIPS_RULES, SHIPS_PAGE,
              gamestate_title="GS")
    assert statuses(r) == [APPLIED], r.report.steps[0].detail
    assert "Osprey" not in r.pages["GS"] and "Marlowe" in r.pages["GS"]


def test_every_thing_of_a_kind_the_page_has_no_table_of_is_never_every_player():
    """“Set the Crop of every Field to Rye” where the rules do not say what a player is called and the page has
    no Field table: never every player's Crop (the players' table has a Crop column) — an Admin is asked."""
    from parsers.proposal import parse_proposal
    rules = "==Dynastic Rules==\n===Crops===\nEach Field has a Crop, which may be Rye or Barley.\n"
    page = "{| class=\"wikitable\"\n! Player !! Crop\n|-\n| Marlowe || Barley\n|-\n| Perpetua || Barley\n|}\n"
    for words in ("Set the Crop of every Field to Rye.", "Set each Field's Crop to Rye."):
        r = enact(parse_proposal("Test", words), rules, page, gamestate_title="GS")
        assert statuses(r) == [UNSUPPORTED], (words, r.report.steps[0].detail)
        assert "Rye" not in r.pages.get("GS", page)
    r = enact(parse_proposal("Test", "Set each Player's Crop to Rye."), rules, page, gamestate_title="GS")
    assert statuses(r) == [APPLIED] and r.pages["GS"].count("Rye") == 2


def test_the_authors_own_space_at_the_joining_edge_is_the_space():
    """“after “ten”, add “ (or twelve)””: one space, the author's — not the author's and the bot's."""
    from parsers.proposal import parse_proposal
    page = "==Dynastic Rules==\n===Storms===\nA Storm lasts ten days. Then it ends.\n"
    for words, want in (("In the rule “Storms”, after “ten”, add “ (or twelve)”.", "lasts ten (or twelve) days."),
                        ("In the rule “Storms”, before “days”, add “long ”.", "lasts ten long days."),
                        ("In the rule “Storms”, after “ten”, add “(or twelve)”.", "lasts ten (or twelve) days.")):
        r = enact(parse_proposal("Test", words), page)
        assert want in r.pages["Ruleset"], (words, r.pages["Ruleset"])


def test_text_inserted_after_words_inside_one_paragraph_from_the_words():
    """“In the second paragraph of X, after “A”, add …”: “A” looked for in that paragraph only (it stands in two)."""
    from parsers.proposal import parse_proposal
    page = ("==Dynastic Rules==\n===Beacons===\nA Beacon may be lit once per day. It burns.\n\n"
            "A Keeper may light a Beacon once per day.\n")
    r = enact(parse_proposal("Test", "In the second paragraph of “Beacons”, after “once per day”, add “, at dusk”."), page)
    assert statuses(r) == [APPLIED], r.report.steps[0].detail
    assert "lit once per day. It burns." in r.pages["Ruleset"] and "a Beacon once per day, at dusk." in r.pages["Ruleset"]


def test_an_item_added_as_the_nth_step_of_a_named_atomic_action_from_the_words():
    """“as the second step of the “Light a Lantern” atomic action”: after its first step; “as the first step”: before it."""
    from parsers.proposal import parse_proposal
    for nth, want in (("second", "* Pay 1 Coin.\n* Trim the wick.\n* Choose a Lantern."),
                      ("first", "* Trim the wick.\n* Pay 1 Coin.\n* Choose a Lantern.")):
        words = f"In the rule “Lanterns”, add “Trim the wick.” as the {nth} step of the “Light a Lantern” atomic action."
        r = enact(parse_proposal("Test", words), ACTION_PAGE)
        assert statuses(r) == [APPLIED], r.report.steps[0].detail
        assert want in r.pages["Ruleset"] and "* Oil\n* Tallow" in r.pages["Ruleset"]


def test_removing_quoted_words_that_are_a_rules_title_goes_to_an_admin():
    """"Delete “Crew Quarters”." where a rule is titled so: it may mean the rule, or the words where another rule
    says them — never the words cut silently from another rule while the rule stays."""
    from parsers.proposal import parse_proposal
    rs = ("= Dynastic Rules =\n==Docking Fees==\nShips pay on arrival.\n==Oxygen==\nIdris pays no Docking Fees. "
          "Crew Quarters hold air.\n==Crew Quarters==\nBunks for all.\n")
    for words in ("Delete “Crew Quarters”.", "Remove “Docking Fees”.", "Delete both “Oxygen” and “Crew Quarters”."):
        r = enact(parse_proposal("Test", words), rs)
        assert all(s == UNSUPPORTED for s in statuses(r)), words
        assert "title of the rule" in r.report.steps[0].detail and r.pages.get("Ruleset", rs) == rs
    r = enact(parse_proposal("Test", "Remove “hold air”."), rs)
    assert statuses(r) == [APPLIED] and "Crew Quarters hold air" not in r.pages["Ruleset"]


def test_repeal_the_rules_listed_below_one_by_one():
    """"Repeal the following rules:" ⏎ one name a line: each repealed; a name no rule has goes to an Admin (never
    ignored as no such rule); a line that is more than a name sends the step to an Admin, naming it."""
    from parsers.proposal import parse_proposal
    rs = "= Dynastic Rules =\n==Scarecrows==\nS.\n==Tithes==\nT.\n==Market==\nM.\n"
    r = enact(parse_proposal("Test", "Repeal the following rules:\n* Scarecrows\n* “Tithes”"), rs)
    assert statuses(r) == [APPLIED, APPLIED] and "Scarecrows" not in r.pages["Ruleset"] and "==Market==" in r.pages["Ruleset"]
    r = enact(parse_proposal("Test", "Repeal the following rules:\n* Scarecrows\n* Harvest Moon"), rs)
    assert statuses(r) == [APPLIED, UNSUPPORTED]
    r = enact(parse_proposal("Test", "Repeal the following rules:\n* Scarecrows, which is broken\n* Tithes"), rs)
    assert statuses(r) == [UNSUPPORTED] and "not the name of a rule alone" in r.report.steps[0].detail


def test_a_new_column_takes_the_default_the_rules_give_it():
    """A new rule gives a Ship's Tar a default; the column added after it takes it, said or not ("… at its
    default value"); asked for where no rule gives one, the step goes to an Admin. An order on the page's
    tables after the new rule's text is a step of its own, never written into the rule."""
    rule = ("Add a new rule called “Tar”, with the following text:\n\nEach Ship has an amount of Tar, which is an "
            "integer, defaulting to 4.\n\n")
    for ask in ("Add a Tar column to the Ships table, with every Ship’s Tar at its default value.",
                "Add a Tar column to the Ships table."):
        r = _fleet(rule + ask + " Then set the Tar of the Ship “Tern” to 1.")
        assert statuses(r) == [APPLIED] * 3, [s.detail for s in r.report.steps]
        assert "Add a" not in r.pages["Ruleset"].split("== Tar ==")[1].split("==")[0]
        assert "! Ship !! Captain !! Tar\n|-\n| Gull || Kevan || 4\n|-\n| Tern || Lulu || 1\n" in r.pages["Relics"]
    r = _fleet("Add a Pitch column to the Ships table, with each Ship’s Pitch at its default.")
    assert statuses(r) == [UNSUPPORTED] and "no rule gives “Pitch” a default" in r.report.steps[0].detail
    # an order on a table the grammar cannot read ends the added text all the same
    r = _fleet(rule + "Add a Tar column to the Ships table, with every Ship’s Tar at one more than its Captain’s Coins.")
    assert statuses(r) == [APPLIED, UNSUPPORTED] and "Add a" not in r.pages["Ruleset"]


def test_a_value_raised_or_lowered_to_a_number():
    """"Raise Kevan's Coins to 5": set, and only up from what it was; "Lower …" only down; either way round, an
    Admin's. A thing's value so raised is the Admin's to set."""
    r = _fleet("Raise Kevan's Coins to 5.")
    assert statuses(r) == [APPLIED] and "| Kevan || 5 ||" in r.pages["Relics"], [s.detail for s in r.report.steps]
    r = _fleet("Lower Kevan's Coins to 5.")
    assert statuses(r) == [UNSUPPORTED] and "lowered to 5, but it is 2 now" in r.report.steps[0].detail
    r = _fleet("Raise the Worth of the Relic “Sunken Bell” to 4.")
    assert statuses(r) == [UNSUPPORTED] and r.pages == {}

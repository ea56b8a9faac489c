"""The Ruleset model: lossless, structured, and found by the names players use."""

import re

import pytest
from hypothesis import given, settings, strategies as st

from parsers import ruleset as R
from parsers.names import normalize, parse_reference

from fixturedata import fixture_text

MODERN = """{{TOCRight}}

<div style="padding:8px;background:#ddd;">

= Core Rules =

== Ruleset and Gamestate ==
This is the '''Ruleset''' for BlogNomic; all Puzzlers shall obey it.

The gamestate tracking page for this dynasty is the [[Puzzle Board]] page of the wiki.

== Puzzlers ==
A human may join (plural form Puzzlers).

=== Idle Puzzlers ===
Idle text.

= Dynastic Rules =

== Coins ==
Each Puzzler has Coins, defaulting to 3.

= Special Case Rules =

== Malign Emperors [Inactive] [Rare] ==
Malign.

== Bounties [Rare] ==
Bounty.

== Dormancy* ==
Dormant.
<!--
== Not a rule ==
-->
= Appendix =

== Keywords ==
Keywords.
=== Time ===
Time one.
== Clarifications ==
=== Time ===
Time two.

</div>
"""


@pytest.fixture
def modern():
    return R.parse(MODERN)


# ----------------------------------------------------------------------------- round trip
def test_round_trip_synthetic(modern):
    assert str(modern) == MODERN
    assert modern.preamble.startswith("{{TOCRight}}")
    assert "<div" in modern.preamble
    assert modern.trailer == "</div>\n"


def test_round_trip_every_era(era_text):
    era, text = era_text
    assert str(R.parse(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("=\n <!->[]{}|'ab*\r\t")), max_size=200))
def test_round_trip_arbitrary_markup(text):
    model = R.parse(text)
    assert str(model) == text
    for rule in model.rules:  # every derived property works on any input
        rule.title, rule.name, rule.status, rule.number


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_round_trip_arbitrary_text(text):
    assert str(R.parse(text)) == text


# ----------------------------------------------------------------------------- structure
def test_tree(modern):
    outline = [(r.number, r.level, r.title, r.kind, r.parent_rule and r.parent_rule.title) for r in modern.rules]
    assert outline == [
        ("1.1", 2, "Ruleset and Gamestate", "core", None),
        ("1.2", 2, "Puzzlers", "core", None),
        ("1.2.1", 3, "Idle Puzzlers", "core", "Puzzlers"),
        ("2.1", 2, "Coins", "dynastic", None),
        ("3.1", 2, "Malign Emperors [Inactive] [Rare]", "special case", None),
        ("3.2", 2, "Bounties [Rare]", "special case", None),
        ("3.3", 2, "Dormancy*", "special case", None),
        ("4.1", 2, "Keywords", "appendix", None),
        ("4.1.1", 3, "Time", "appendix", "Keywords"),
        ("4.2", 2, "Clarifications", "appendix", None),
        ("4.2.1", 3, "Time", "appendix", "Clarifications"),
    ]
    assert [s.title for s in modern.sections] == ["Core Rules", "Dynastic Rules", "Special Case Rules", "Appendix"]


def test_heading_in_comment_is_not_a_rule(modern):
    assert modern.get("Not a rule") is None
    assert "== Not a rule ==" in modern.find("Dormancy").body


def test_unclosed_bold_does_not_swallow_headings():
    text = "= Dynastic Rules =\n\n== A ==\nSome '''bold never closed.\n\n== B ==\nText ''x.\n=== C ===\nc\n"
    model = R.parse(text)
    assert [r.title for r in model.rules] == ["A", "B", "C"]
    assert model.find("C").parent_rule.title == "B"


def test_heading_markup_is_read_as_text():
    model = R.parse("== [[Coins]] <span style=\"color:red\">Hoard</span> ==\nx\n")
    assert model.rules[0].title == "Coins Hoard"


def test_statuses(modern):
    assert modern.find("Malign Emperors").status == "Inactive"
    assert modern.find("Bounties").status == "Inactive"  # [Rare]: default Inactive
    assert modern.find("Dormancy").status == "Inactive"  # asterisk: default Inactive
    assert modern.find("Coins").status is None  # not a Special Case rule
    explicit = R.parse("= Special Case Rules =\n== Tags [Active] ==\n== Plain ==\n== R [Rare][Active] ==\n")
    assert [r.status for r in explicit.rules] == ["Active", "Active", "Active"]


def test_set_status_rewrites_only_the_heading(modern):
    rule = modern.find("Malign Emperors")
    assert rule.set_status("Active")
    assert str(rule.heading) == "== Malign Emperors [Active] [Rare] ==\n"
    bounties = modern.find("Bounties")
    assert not bounties.set_status("Inactive")  # already its default
    assert bounties.set_status("Active")
    assert str(bounties.heading) == "== Bounties [Rare] [Active] ==\n"
    changed = str(modern)
    assert changed.replace("[Active] [Rare]", "[Inactive] [Rare]").replace("[Rare] [Active]", "[Rare]") == MODERN


def test_tracking_page(modern):
    name, rule = modern.tracking_page()
    assert name == "Puzzle Board" and rule.title == "Ruleset and Gamestate"
    assert R.parse("== Rules ==\nNo page here.\n").tracking_page() is None


# ----------------------------------------------------------------------------- lookup
@pytest.mark.parametrize("reference", [
    "Malign Emperors", "malign emperors", "“Malign Emperors”", '"Malign Emperors"', "‘Malign Emperors’",
    "the rule Malign Emperors", "the rule “Malign Emperors”", "Malign Emperors [Inactive]",
    "Special Case rule Malign Emperors", "Rule 3.1", "Rule 3.1 (Malign Emperors)",
    "rule 3.1 - Malign Emperors",
])
def test_lookup_forms(modern, reference):
    assert modern.find(reference).name == "Malign Emperors"


def test_lookup_subrule_and_asterisk(modern):
    assert modern.find("the subrule Idle Puzzlers").number == "1.2.1"
    assert modern.find("Dormancy").title == "Dormancy*"
    assert modern.find("Time", within=modern.find("Clarifications")).body == "Time two.\n\n"


def test_ambiguous_name_lists_candidates(modern):
    with pytest.raises(R.AmbiguousRule) as error:
        modern.find("Time")
    assert "Keywords › Time" in str(error.value) and "Clarifications › Time" in str(error.value)
    assert len(error.value.candidates) == 2


def test_unknown_name_says_so(modern):
    with pytest.raises(R.RuleNotFound, match="No rule is called “Hats”"):
        modern.find("the rule “Hats”")
    with pytest.raises(R.RuleNotFound, match="no Rule 9.9"):
        modern.find("Rule 9.9")


def test_number_and_name_must_agree(modern):
    with pytest.raises(R.AmbiguousRule, match="Rule 2.1 is “Coins”; “Puzzlers” is Rule 1.2"):
        modern.find("Rule 2.1 (Puzzlers)")


def test_parse_reference():
    assert parse_reference("Rule 6 (Calls for Judgment)").number == "6"
    assert parse_reference("Rule 6 (Calls for Judgment)").name == "Calls for Judgment"
    assert parse_reference("rule 10 - Ascension").name == "Ascension"
    assert parse_reference("Rule 1.9").number == "1.9"
    assert parse_reference("Rule 1.9").name is None
    assert parse_reference("Coins").number is None
    assert normalize("the rule “Mantle Limitations [Active]”.") == "mantle limitations"


def test_sections_by_alias(modern):
    assert modern.section("dynastic").title == "Dynastic Rules"
    assert modern.section("the Appendix").title == "Appendix"
    assert modern.section("Special Case").title == "Special Case Rules"
    with pytest.raises(R.RuleNotFound, match="Sections: “Core Rules”"):
        modern.section("Building Blocks")


# ----------------------------------------------------------------------------- edits
def test_editing_a_body_changes_only_that_rule(modern):
    modern.find("Coins").body = "Each Puzzler has Coins, defaulting to 5.\n\n"
    assert str(modern) == MODERN.replace("defaulting to 3", "defaulting to 5")


def test_rename_keeps_heading_style():
    model = R.parse("= Dynastic Rules =\n==Coins==\nx\n==  Hats  ==\ny\n")
    model.find("Coins").set_title("Gold")
    model.find("Hats").set_title("Caps")
    assert str(model) == "= Dynastic Rules =\n==Gold==\nx\n==  Caps  ==\ny\n"


def test_insert_at_end_of_section(modern):
    modern.insert(modern.new_rule("Hats", "Each Puzzler has a Hat."), section=modern.section("Dynastic Rules"))
    expected = MODERN.replace("defaulting to 3.\n\n", "defaulting to 3.\n\n== Hats ==\nEach Puzzler has a Hat.\n\n")
    assert str(modern) == expected
    assert modern.find("Hats").number == "2.2" and modern.find("Hats").kind == "dynastic"


def test_insert_subrule_and_after(modern):
    sub = modern.insert(modern.new_rule("Spending", "Spend."), parent=modern.find("Coins"))
    assert sub.level == 3 and sub.parent_rule.title == "Coins"
    after = modern.insert(modern.new_rule("Guests", "Guests."), after=modern.find("Puzzlers"))
    assert after.number == "1.3" and [r.title for r in modern.rules][:4] == [
        "Ruleset and Gamestate", "Puzzlers", "Idle Puzzlers", "Guests"]
    assert str(R.parse(str(modern))) == str(modern)


def test_remove_takes_subrules(modern):
    removed = modern.remove(modern.find("Puzzlers"))
    assert [b.title for b in removed] == ["Puzzlers", "Idle Puzzlers"]
    assert modern.get("Idle Puzzlers") is None
    assert "== Puzzlers ==" not in str(modern)
    assert str(modern).count("\n\n= Dynastic Rules =") == 1


def test_move_rule_to_another_section(modern):
    modern.move(modern.find("Puzzlers"), section=modern.section("Appendix"))
    moved = modern.find("Puzzlers")
    assert moved.kind == "appendix" and moved.children[0].title == "Idle Puzzlers"
    assert modern.find("Idle Puzzlers").level == 3
    with pytest.raises(R.RulesetError, match="under itself"):
        modern.move(moved, parent=modern.find("Idle Puzzlers"))


def test_demote_rule_to_subrule(modern):
    modern.move(modern.find("Puzzlers"), parent=modern.find("Coins"))
    assert modern.find("Puzzlers").level == 3 and modern.find("Idle Puzzlers").level == 4
    assert re.search(r"^==== Idle Puzzlers ====$", str(modern), re.M)


def test_bad_titles_are_refused(modern):
    with pytest.raises(R.RulesetError, match="one non-empty line"):
        modern.new_rule("Two\nLines", "x")
    with pytest.raises(R.RulesetError, match="one non-empty line"):
        modern.find("Coins").set_title("  ")


# ----------------------------------------------------------------------------- eras (fixtures)
def test_2004_numbered_rules():
    model = R.parse(fixture_text("ruleset_2004.wiki"))
    assert model.sections == []
    assert model.find("Rule 1").name == "Ruleset and Gamestate"
    assert model.find("rule 10 - Ascension").name == "Victory and Ascension"
    assert model.find("Rule 7 (Calls for Judgement)").name == "Calls for Judgement"
    assert [r.kind for r in model.rules if r.level == 2][:11] == ["core"] * 10 + ["dynastic"]
    assert model.find("Glossary").kind == "appendix"
    assert model.find("Joining Parties").parent_rule.name == "Parties"


@pytest.mark.parametrize("era, page", [("2022", "Monster Metropolis"), ("2023", "Puzzle Board")])
def test_tracking_page_in_fixtures(era, page):
    assert R.parse(fixture_text(f"ruleset_{era}.wiki")).tracking_page()[0] == page


@pytest.mark.parametrize("era, title, status", [
    ("2016", "Tags", "Active"),
    ("2020", "Imperial Deferentials", "Inactive"),
    ("2020", "Seasonal Downtime", "Active"),
    ("2022", "Malign Emperors", "Inactive"),
    ("2022", "Bounties", "Active"),
    ("2022", "Mantle Limitations", "Active"),
])
def test_special_case_status_per_era(era, title, status):
    model = R.parse(fixture_text(f"ruleset_{era}.wiki"))
    assert model.find(title).status == status


def test_every_era_has_its_sections(era_text):
    era, text = era_text
    model = R.parse(text)
    kinds = {r.kind for r in model.rules}
    assert {"core", "dynastic", "appendix"} <= kinds
    assert len(model.rules) > 20
    if era in ("2016", "2020", "2022"):
        assert "special case" in kinds
    # Every rule can be found back by its own name or, where the name repeats, within its parent.
    for rule in model.rules:
        scope = rule.parent if model.count_name(rule.title) > 1 else None
        if scope is not None and sum(1 for r in scope.descendants() if normalize(r.title) == normalize(rule.title)) > 1:
            continue
        assert model.find(rule.title, within=scope) is rule


def test_insert_before_the_first_rule_of_a_section(modern):
    rule = modern.insert(modern.new_rule("Wallets", "Wallets hold Coins."), before=modern.find("Coins"))
    assert rule.number == "2.1" and modern.find("Coins").number == "2.2" and rule.kind == "dynastic"
    assert "= Dynastic Rules =\n\n== Wallets ==\nWallets hold Coins.\n\n== Coins ==" in str(modern)
    sub = modern.insert(modern.new_rule("Early", "e"), before=modern.find("Idle Puzzlers"))
    assert sub.level == 3 and sub.parent_rule.title == "Puzzlers"
    assert str(R.parse(str(modern))) == str(modern)


def test_snapshot_and_restore_undo_every_edit(modern):
    snapshot = modern.snapshot()
    modern.find("Coins").set_title("Gold")
    modern.find("Gold").body = "changed\n"
    modern.remove(modern.find("Puzzlers"))
    modern.insert(modern.new_rule("Hats", "h"), section=modern.section("Appendix"))
    modern.restore(snapshot)
    assert str(modern) == MODERN
    assert modern.find("Coins").title == "Coins" and modern.find("Idle Puzzlers").parent_rule.title == "Puzzlers"
    assert modern.get("Hats") is None and modern.get("Gold") is None


def test_unknown_name_suggests_close_titles(modern):
    with pytest.raises(R.RuleNotFound, match="Did you mean “Malign Emperors \\[Inactive\\] \\[Rare\\]”"):
        modern.find("Malign Emperor")
    with pytest.raises(R.RuleNotFound) as error:
        modern.find("Zebras")
    assert "Did you mean" not in str(error.value)


def test_section_kind_of_names_and_aliases():
    assert R.section_kind("the Dynastic Rules section") == R.DYNASTIC
    assert R.section_kind("Special-Case") == R.SPECIAL_CASE
    assert R.section_kind("appendix") == R.APPENDIX
    assert R.section_kind("Hats") is None

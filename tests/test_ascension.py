"""Reading Ascension Addresses: the real ones (copied into fixtures/addresses), every phrasing
listed in the issue, the structured template, story text ignored, unreadable instructions listed."""

from pathlib import Path

import pytest

from parsers.ascension import ACTIVE, INACTIVE, TermChange, parse_address, split_names

from fixturedata import fixture_text

ADDRESSES = Path(__file__).parent / "fixtures" / "addresses"


def address(name):
    return (ADDRESSES / name).read_text(encoding="utf-8")


def test_real_address_2023_because_i_could_not_stop_for_death():
    plan = parse_address(address("aa_blogpost_because_i_could_not_stop_for_death_2023-12-27.txt"))
    assert plan.theme == "Necromancy"
    assert plan.repeal_all and plan.kept == ["Hibernation"] and not plan.keep_all
    assert plan.reset_to_default and plan.statuses == {}
    assert plan.terms == [TermChange("Player", "Necromancer", None), TermChange("Emperor", "Grim Reaper", None)]
    assert plan.tracking_page == "The Graveyard"
    assert plan.building_blocks is None
    # Failing proposals and the (truncated) Imperial Style are read, but are not part of the reset.
    assert [o.detail for o in plan.outside] == [
        "fail all Proposals except those making changes to the Core Rules, the Special Case Rules or the Appendix Rules",
        "My Imperial Style wi"]
    assert plan.unreadable == []   # four paragraphs of story text are ignored


def test_real_address_2005_excalabur():
    plan = parse_address(address("aa_Second_Dynasty_of_Excalabur.txt"))
    assert plan.repeal_all and plan.kept == []
    assert plan.terms == [TermChange("Dieties", "Voices", None), TermChange("Archon", "Ego", None)]
    assert plan.unreadable == [] and plan.theme is None


def test_real_address_2013_raichukfm():
    plan = parse_address(address("aa_First_Dynasty_of_RaichuKFM.txt"))
    assert plan.theme == "Divided Space"
    assert plan.terms == [TermChange("Honourable Member", "Captain", None), TermChange("Speaker", "Potentate", None)]
    assert plan.kept is None and not plan.repeal_all and plan.unreadable == []


def test_mangled_quotes_are_read():
    plan = parse_address("Set the synonym for Player to \u00e2\u20ac\u0153Necromancer\u00e2\u20ac\u009d.")
    assert plan.terms == [TermChange("Player", "Necromancer", None)]


@pytest.mark.parametrize("text, field, value", [
    ("Change Priest to Bookman and Adventurer to Person (or People when plural).", "terms",
     [TermChange("Priest", "Bookman", None), TermChange("Adventurer", "Person", "People")]),
    ("Throughout the ruleset, replace “Agent(s)” with “Lifeform(s)”.", "terms", [TermChange("Agent", "Lifeform", None)]),
    ("Rename “Dieties” to “Voices”.", "terms", [TermChange("Dieties", "Voices", None)]),
    ("The term “Lord” shall be replaced with “Knight”.", "terms", [TermChange("Lord", "Knight", None)]),
    ("Set Imperial Deferentials, The Traitor, and Dynastic Distance to Inactive.", "statuses",
     {"Imperial Deferentials": INACTIVE, "The Traitor": INACTIVE, "Dynastic Distance": INACTIVE}),
    ("Activate “Alliances”.", "statuses", {"Alliances": ACTIVE}),
    ("No Collaboration is Active.", "statuses", {"No Collaboration": ACTIVE}),
    ("Keep all special case rules active.", "all_special_case", ACTIVE),
    ("Reset all Special Case rules to their default values.", "reset_to_default", True),
    ("Keep the rules Stockpiles and Keeps.", "kept", ["Stockpiles", "Keeps"]),
    ("Keep all dynastic rules.", "keep_all", True),
    ("Repeal the rules Parties and Audiences.", "repealed", ["Parties", "Audiences"]),
    ("Repeal all dynastic rules except “Coins” and “Matches”.", "kept", ["Coins", "Matches"]),
    ("The gamestate tracking page for this dynasty is the [[Haunted House]] page of the wiki.", "tracking_page",
     "Haunted House"),
    ("Change the gamestate tracking page to “The Graveyard”.", "tracking_page", "The Graveyard"),
    ("Include the Building Blocks “Low-Player Support” and “The Traitor”.", "building_blocks",
     ["Low-Player Support", "The Traitor"]),
    ("Building Blocks: Events, No Collaboration.", "building_blocks", ["Events", "No Collaboration"]),
    ("Use no Building Blocks.", "building_blocks", []),
    ("The theme of this dynasty is Necromancy.", "theme", "Necromancy"),
])
def test_phrasings(text, field, value):
    plan = parse_address(text)
    assert getattr(plan, field) == value
    assert plan.unreadable == []


def test_rule_names_with_and_are_kept_whole_given_the_ruleset():
    ruleset = fixture_text("ruleset_2022.wiki")
    plan = parse_address("Keep the rules Neutral Ground, Human Kings and Sieging.", ruleset=ruleset)
    assert plan.kept == ["Neutral Ground", "Human Kings", "Sieging"]
    assert split_names("Victory and Ascension and Fair Play", ["Victory and Ascension", "Fair Play"]) == \
        ["Victory and Ascension", "Fair Play"]


def test_story_text_is_ignored_and_unreadable_instructions_are_listed():
    plan = parse_address("Keep your friends close. The sun set over the hills. The rules of death were broken.\n"
                         "Set the thingy to frobnicate the rules. Repeal all dynastic rules.")
    assert plan.repeal_all and plan.kept == []
    assert [u.sentence for u in plan.unreadable] == ["Set the thingy to frobnicate the rules."]
    assert "could not read" in plan.unreadable[0].reason


def test_contradictions_are_unreadable():
    plan = parse_address("Keep all dynastic rules. Repeal the rule Chop.")
    assert any("both keeps all dynastic rules and repeals" in u.reason for u in plan.unreadable)
    plan = parse_address("Set the synonym for Player to “Ghost”. Set the synonym for Player to “Ghoul”.")
    assert any("given two new terms" in u.reason for u in plan.unreadable)


def test_structured_template():
    plan = parse_address("{{Ascension|Player=Necromancer|Emperor=Grim Reaper (plural Grim Reapers)|keep=Hibernation, Other"
                         "|inactive=Alliances, Bounties|active=No Collaboration|tracking=The Graveyard"
                         "|blocks=The Traitor|theme=Necromancy|Player plural=Necromancers}}")
    assert plan.structured
    assert plan.terms == [TermChange("Player", "Necromancer", "Necromancers"),
                          TermChange("Emperor", "Grim Reaper", "Grim Reapers")]
    assert plan.kept == ["Hibernation", "Other"] and plan.repeal_all
    assert plan.statuses == {"Alliances": INACTIVE, "Bounties": INACTIVE, "No Collaboration": ACTIVE}
    assert plan.tracking_page == "The Graveyard" and plan.building_blocks == ["The Traitor"]
    assert plan.theme == "Necromancy" and plan.unreadable == []


def test_structured_template_unnamed_parameter_is_unreadable():
    plan = parse_address("{{Ascension|Necromancer|keep=all}}")
    assert plan.keep_all
    assert [u.sentence for u in plan.unreadable] == ["1=Necromancer"]

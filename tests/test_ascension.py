"""Reading Ascension Addresses: whole posts in the shapes real ones take (fixtures/addresses), every phrasing
listed in the issue, the structured template, story text ignored, unreadable instructions listed."""

from pathlib import Path

import pytest

from parsers.ascension import ACTIVE, INACTIVE, TermChange, parse_address, split_names

from fixturedata import fixture_text

ADDRESSES = Path(__file__).parent / "fixtures" / "addresses"


def address(name):
    return (ADDRESSES / name).read_text(encoding="utf-8")


def test_blog_post_address_2023_story_then_instructions():
    plan = parse_address(address("aa_blogpost_2023_story_then_instructions.txt"))
    assert plan.theme == "Beekeeping"
    assert plan.repeal_all and plan.kept == ["Overwintering"] and not plan.keep_all
    assert plan.reset_to_default and plan.statuses == {}
    assert plan.terms == [TermChange("Player", "Beekeeper", None), TermChange("Emperor", "Queen Bee", None)]
    assert plan.tracking_page == "The Apiary"
    assert plan.building_blocks is None
    # Failing proposals and the (truncated) Imperial Style are read, but are not part of the reset.
    assert [o.detail for o in plan.outside] == [
        "fail every Proposal apart from those that change the Core, Special Case or Appendix Rules",
        "My Imperial Style wi"]
    assert plan.unreadable == []   # four paragraphs of story text are ignored


def test_wiki_page_address_2005_repeal_all_and_player_list():
    plan = parse_address(address("aa_wiki_2005_repeal_all_and_player_list.txt"))
    assert plan.repeal_all and plan.kept == []
    assert plan.terms == [TermChange("Gardeners", "Crows", None), TermChange("Groundskeeper", "Scarecrow", None)]
    assert plan.unreadable == [] and plan.theme is None


def test_wiki_page_address_2013_theme_heading_and_posts_of_interest():
    plan = parse_address(address("aa_wiki_2013_theme_heading_and_posts_of_interest.txt"))
    assert plan.theme == "Harbour Lights"
    assert plan.terms == [TermChange("Councillor", "Lamplighter", None),
                          TermChange("Chancellor", "Harbourmaster", None)]
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
    assert [p.kind for p in plan.parts] == ["terms", "terms", "repeal", "special case", "special case", "tracking page",
                                            "building blocks", "theme"]


def test_structured_template_unnamed_parameter_is_unreadable():
    plan = parse_address("{{Ascension|Necromancer|keep=all}}")
    assert plan.keep_all
    assert [u.sentence for u in plan.unreadable] == ["1=Necromancer"]


# ----------------------------------------------------------------------------- the shapes real winners use
# Each wording below is ours, with the shape of a real Address (see tests/fixtures/addresses/shapes/).
@pytest.mark.parametrize("text, field, value", [
    ("Change synonyms as follows: “Baron” to “Clockmaker”; “Demon King” to “Master of Hours”.", "terms",
     [TermChange("Baron", "Clockmaker"), TermChange("Demon King", "Master of Hours")]),
    ("Do not retain any dynastic rules.", "kept", []),
    ("Do not keep any dynastic rules.", "repeal_all", True),
    ("Remove all dynastic rules.", "repeal_all", True),
    ("Replace Player/Players with Trader/Traders.", "terms", [TermChange("Player", "Trader", "Traders")]),
    ("Deactivate Seasonal Downtime and Dormancy.", "statuses", {"Seasonal Downtime": INACTIVE, "Dormancy": INACTIVE}),
    ("Mantle Limitations is switched off.", "statuses", {"Mantle Limitations": INACTIVE}),
    ("Switch on Alliances.", "statuses", {"Alliances": ACTIVE}),
    ("Switch Alliances on and turn Bounties off.", "statuses", {"Alliances": ACTIVE, "Bounties": INACTIVE}),
    ("Alliances is turned on.", "statuses", {"Alliances": ACTIVE}),
    ("Change Dormancy to Inactive.", "statuses", {"Dormancy": INACTIVE}),
    ("Set Alliances and Bounties to Active, and all other Special Case rules to their default values.",
     "reset_to_default", True),
    ("Return the rest to their Default Statuses.", "reset_to_default", True),
    ("All other Special Case rules are set to their defaults.", "reset_to_default", True),
    ("Replace the term “Robot” with “Gardener” Replace the term “Head Chef” with “Critic”", "terms",
     [TermChange("Robot", "Gardener"), TermChange("Head Chef", "Critic")]),
    ("Change the dynastic tracking wiki page to “Gallery”", "tracking_page", "Gallery"),
    ("--- Repeal all Dynastic Rules. Baron becomes Heir.", "terms", [TermChange("Baron", "Heir")]),
    ("Update the Synonym for \"Puzzler\" to be \"Gamer\"", "terms", [TermChange("Puzzler", "Gamer")]),
    ("The Synonym for Player is Farmer.", "terms", [TermChange("Player", "Farmer")]),
    ("Update the name of the gamestate tracking page to be \"High Scores\"", "tracking_page", "High Scores"),
    ("Remove all current Building Blocks except for Low-Player Mode, then add the Everyone’s Playing and "
     "Reinitialisation", "building_blocks", ["Low-Player Mode", "Everyone’s Playing", "Reinitialisation"]),
    ("Remove all current Building Blocks expect for Low-Player Mode.", "building_blocks", ["Low-Player Mode"]),
    ("Include the building blocks “Everyone’s Playing” and “Reinitialisation” in the ruleset.", "building_blocks",
     ["Everyone’s Playing", "Reinitialisation"]),
    ("The dynastic tracking page for this dynasty is “The Vault”.", "tracking_page", "The Vault"),
    ("Repeal all Dynastic Rules except “Stockpiles” and “Keeps.”", "kept", ["Stockpiles", "Keeps"]),
    ("Deactivate the Special Case Rules “Imperial Deferentials” and “Dynastic Distance.”", "statuses",
     {"Imperial Deferentials": INACTIVE, "Dynastic Distance": INACTIVE}),
    ("Replace the term “Baron” with “Keeper” and the term “Demon King” with “Tide” throughout the Ruleset.", "terms",
     [TermChange("Baron", "Keeper"), TermChange("Demon King", "Tide")]),
    ("Replace the term Historian with “Cartographer”, and “Wizard” with “Navigator”.", "terms",
     [TermChange("Historian", "Cartographer"), TermChange("Wizard", "Navigator")]),
    ("We are keeping the rule “No Lame Scams”", "kept", ["No Lame Scams"]),
    ("By order of the Council, the Ruleset is hereby amended by repealing all of the dynastic rules, by replacing each "
     "instance of “Historian” with “Chair”, and by replacing each occurrence of “Wizard” with “Delegate”.", "terms",
     [TermChange("Historian", "Chair"), TermChange("Wizard", "Delegate")]),
    ("It is my wish that Rules 11 to 13 are repealed, and that “Lord” shall be replaced with “Knight”, “High Lord” "
     "with “King”, and “Confidence” with “Honour”.", "terms",
     [TermChange("Lord", "Knight"), TermChange("High Lord", "King"), TermChange("Confidence", "Honour")]),
    ("Repeal rules 11 through 13.", "repealed", ["Rule 11", "Rule 12", "Rule 13"]),
    ("Keep the dynastic rules “Stockpiles” and “Coins”; all other dynastic rules are repealed.", "kept",
     ["Stockpiles", "Coins"]),
    ("Keep all dynastic rules except Chop.", "repealed", ["Chop"]),
    ("Rename Baron to Smuggler and Demon King to Harbourmaster", "terms",
     [TermChange("Baron", "Smuggler"), TermChange("Demon King", "Harbourmaster")]),
])
def test_real_shapes(text, field, value):
    plan = parse_address(text)
    assert getattr(plan, field) == value
    assert plan.unreadable == []


def test_every_phrasing_row_is_one_shape_with_a_reader():
    from parsers.ascension import PHRASINGS

    assert len({row.shape for row in PHRASINGS}) == len(PHRASINGS)
    assert all(callable(row.reader) and row.pattern.pattern.startswith("^") for row in PHRASINGS)


def test_a_semicolon_ends_a_rule_name_and_the_rest_are_repealed():
    plan = parse_address("Keep the dynastic rules “Stockpiles” and “Coins”; all other dynastic rules are repealed.")
    assert plan.repeal_all and plan.kept == ["Stockpiles", "Coins"]


def test_a_gamestate_instruction_is_named_outside_the_reset_never_dropped():
    plan = parse_address("Repeal all dynastic rules. Set Josh's Coins to 3.")
    assert [(o.kind, o.detail) for o in plan.outside] == [("outside", "Set Josh's Coins to 3")]
    assert plan.unreadable == [] and plan.repeal_all


def test_creating_a_page_and_imperial_style_are_outside_the_reset():
    plan = parse_address("My Imperial Style is Laissez-faire.")
    assert [o.detail for o in plan.outside] == ["My Imperial Style is Laissez-faire"] and plan.terms == []
    plan = parse_address("Change the dynastic tracking page from “The Lantern Room” to a new page entitled “The Logbook” "
                         "and then create that page.\nImperial Styles: Gentle / Chatty")
    assert plan.tracking_page == "The Logbook" and plan.tracking_from == "The Lantern Room"
    assert [o.detail for o in plan.outside] == ["create that page", "Imperial Styles: Gentle / Chatty"]


@pytest.mark.parametrize("text", ["Each Player's Coins are set to 3.", "Players start with 10 Coins.",
                                  "Give Josh 3 Coins."])
def test_a_players_value_is_outside_the_reset(text):
    plan = parse_address(text)
    assert [o.sentence for o in plan.outside] == [text] and plan.unreadable == [] and plan.parts == []


@pytest.mark.parametrize("text, field, value", [
    ("I'm keeping Stockpiles.", "kept", ["Stockpiles"]),
    ("Repeal every dynastic rule.", "repeal_all", True),
    ("Baron is now “Ghost”.", "terms", [TermChange("Baron", "Ghost")]),
    ("The theme is pirates.", "theme", "pirates"),
    ("Special Case rules: Set Dormancy to Inactive; all others to default.", "reset_to_default", True),
    ("Player -> Pirate, Tom Nook -> Blackbeard", "terms", [TermChange("Player", "Pirate"),
                                                           TermChange("Tom Nook", "Blackbeard")]),
    ("Players are now called Pirates.", "terms", [TermChange("Players", "Pirates")]),
    ("The Emperor shall henceforth be known as the Admiral.", "terms", [TermChange("Emperor", "Admiral")]),
    ("Change “Puzzler” to “Pirate” everywhere.", "terms", [TermChange("Puzzler", "Pirate")]),
    ("Set the theme to Pirates.", "theme", "Pirates"),
    ("Tracking page: “Pirate Ship”", "tracking_page", "Pirate Ship"),
    ("Keep: Coins, Turns.", "kept", ["Coins", "Turns"]),
    ("I’d like to repeal all dynastic rules except Coins.", "kept", ["Coins"]),
    ("We will set Alliances to Active.", "statuses", {"Alliances": ACTIVE}),
    ("The new term for Player is Ghost.", "terms", [TermChange("Player", "Ghost")]),
    ("Dynastic rules to keep: Coins, Turns.", "kept", ["Coins", "Turns"]),
    ("Synonyms: Baron to Ghost, Demon King to Lich.", "terms", [TermChange("Baron", "Ghost"),
                                                                TermChange("Demon King", "Lich")]),
    ("Terms: Baron -> Ghost", "terms", [TermChange("Baron", "Ghost")]),
    ("Keep Coins but repeal everything else.", "kept", ["Coins"]),
    ("All dynastic rules are repealed, except Keeps.", "kept", ["Keeps"]),
    ("In this dynasty, Barons will be called Vampires and the Demon King will be called Dracula.", "terms",
     [TermChange("Barons", "Vampires"), TermChange("Demon King", "Dracula")]),
    ("Please keep the rules Stockpiles and Keeps, repeal everything else, and make Alliances active.", "statuses",
     {"Alliances": ACTIVE}),
])
def test_more_wordings(text, field, value):
    plan = parse_address(text)
    assert getattr(plan, field) == value and plan.unreadable == []


def test_a_remark_about_a_rule_is_named_not_performed():
    plan = parse_address("Maybe we could switch on The Traitor this time, but I would rather wait.")
    assert plan.statuses == {} and [o.kind for o in plan.outside] == ["remark"]


def test_renames_among_story_paragraphs_are_read():
    plan = parse_address("The ships came in at night.\n\nRename Baron to Smuggler and Demon King to Harbourmaster\n\n"
                         "Nobody saw anything.\n\nRepeal all dynastic rules.")
    assert plan.terms == [TermChange("Baron", "Smuggler"), TermChange("Demon King", "Harbourmaster")]
    assert plan.story == ["The ships came in at night", "Nobody saw anything"]


@pytest.mark.parametrize("text", [
    "The dynastic rule Matches replaces its text as that rule itself describes; other dynastic rules are repealed.",
    "Rename the rule “Coins” to “Money”.",
    "Deactivate whatever seems fair.",
    "The Special Case rules are as they were.",
    "Swap the Special Case rules around.",
    "The rule “Coins” carries on as it is.",
    "Repeal all dynastic rules, except for Stockpiles, which becomes a Special Case rule.",
    "Set Dormancy, Seasonal Downtime to Inactive and Alliances to Active.",
    "The theme is Pirates, and Player becomes Pirate.",
    "I choose the Building Blocks Low-Player Mode and The Traitor.",
    "Let Player be Pirate and Emperor be Admiral.",
    "Tom Nook is to be known as Blackbeard by all.",
    "The Puzzle Master shall now be called the Architect, and each Puzzler a Builder.",
    "In the new dynasty, the Barons are called whatever they like.",
    "Also, the Emperor is now the Captain.",        # a story could say so: asked, not performed
    "The Baron becomes King.",
    "The new Player term is Ghost.",
])
def test_instruction_shaped_sentences_not_read_are_named(text):
    plan = parse_address(text)
    assert [u.sentence for u in plan.unreadable] == [text]


@pytest.mark.parametrize("text", [
    "Keep your friends close.",
    "There is a core to our rules, and that core should remain intact.",
    "Time passes, seasons change.",
    "“Keep a close watch on your team”, she said.",
    "House rules (please respect them): no dice rolls.",
    "The night becomes cold, and the sun becomes a memory.",
    "The Baron is Dead.",
])
def test_story_is_never_an_instruction(text):
    plan = parse_address(text)
    assert plan.unreadable == [] and plan.outside == [] and plan.parts == []
    assert plan.story


def test_describe_names_each_part_with_its_sentence():
    from parsers.ascension import describe

    reading = describe(parse_address("Ascension Address: Granaries\n\nA poor harvest.\n\nKeep the dynastic rules "
                                     "“Stockpiles” and “Keeps”; all other dynastic rules are repealed. Set Josh's "
                                     "Coins to 3."))
    assert reading["theme"] == "Granaries"
    assert [p["kind"] for p in reading["parts"]] == ["repeal", "repeal"]
    assert all(p["sentence"].startswith("Keep the dynastic rules") for p in reading["parts"])
    assert reading["outside the reset"][0]["text"] == "Set Josh's Coins to 3"
    assert reading["story"] == ["A poor harvest"]
    assert reading["summary"] == {"parts": 2, "outside": 1, "not_read": 0, "story": 1}


@pytest.mark.parametrize("text, refused", [
    ("Set sail for the Isle of Dogs!", False),
    ("Make Blogia great again.", False),
    ("Keep Calm and Carry On.", False),
    ("Change Baron into a Pirate please.", True),
])
def test_an_imperative_naming_nothing_of_the_ruleset_is_story(text, refused):
    plan = parse_address(text, ruleset=fixture_text("ruleset_2022.wiki"))
    assert bool(plan.unreadable) is refused and bool(plan.story) is not refused
    alone = parse_address(text)                     # without the Ruleset, such an imperative is never story:
    assert not alone.story and (alone.unreadable or alone.parts)   # read (the reset checks the names) or refused


def test_a_bulleted_list_under_a_heading_is_read_line_by_line():
    plan = parse_address("The changes for the new dynasty:\n* Repeal all dynastic rules except Coins.\n"
                         "* Set Alliances to Active.\n* Baron becomes Ghost.\n")
    assert plan.kept == ["Coins"] and plan.statuses == {"Alliances": ACTIVE}
    assert plan.terms == [TermChange("Baron", "Ghost")] and plan.unreadable == []


def test_a_list_an_instruction_introduces_is_read_with_it():
    plan = parse_address("Keep the following rules:\n* Coins\n* Turns\n\nChange synonyms as follows:\n"
                         "* “Puzzler” to “Ghost”\n* “Puzzle Master” to “Lich”\n")
    assert plan.kept == ["Coins", "Turns"]
    assert plan.terms == [TermChange("Puzzler", "Ghost"), TermChange("Puzzle Master", "Lich")]
    assert plan.unreadable == []


# Read by the instruction grammar (parsers/instructions.lark), as a Proposal's instructions are: the shapes
# an Address states rather than orders, lists after a colon, first person, terms listed or stated.
@pytest.mark.parametrize("text, field, value", [
    ("Synonyms: Baron to Ghost, Demon King to Lich.", "terms", [TermChange("Baron", "Ghost"),
                                                                 TermChange("Demon King", "Lich")]),
    ("Terms: Baron -> Ghost.", "terms", [TermChange("Baron", "Ghost")]),
    ("Player -> Pirate, Tom Nook -> Blackbeard.", "terms", [TermChange("Player", "Pirate"),
                                                           TermChange("Tom Nook", "Blackbeard")]),
    ("Players are now called Pirates.", "terms", [TermChange("Players", "Pirates")]),
    ("The Emperor shall henceforth be known as the Admiral.", "terms", [TermChange("Emperor", "Admiral")]),
    ("The new term for Player is Ghost.", "terms", [TermChange("Player", "Ghost")]),
    ("Barons will be called Vampires and the Demon King will be called Dracula.", "terms",
     [TermChange("Barons", "Vampires"), TermChange("Demon King", "Dracula")]),
    ("Dynastic rules to keep: Coins, Turns.", "kept", ["Coins", "Turns"]),
    ("Keep: Coins, Turns.", "kept", ["Coins", "Turns"]),
    ("Keep the following rules: Coins, Turns.", "kept", ["Coins", "Turns"]),
    ("I'm keeping Stockpiles.", "kept", ["Stockpiles"]),
    ("Rules 11 to 16 are repealed.", "repealed", [f"Rule {n}" for n in range(11, 17)]),
    ("Keep Coins but repeal everything else.", "repeal_all", True),
    ("No dynastic rules are kept.", "kept", []),
    ("All dynastic rules are repealed, except Keeps.", "kept", ["Keeps"]),
    ("make Alliances active.", "statuses", {"Alliances": ACTIVE}),
    ("Enable Dormancy and disable Alliances.", "statuses", {"Dormancy": ACTIVE, "Alliances": INACTIVE}),
])
def test_the_grammar_reads_an_addresss_statements(text, field, value):
    plan = parse_address(text)
    assert getattr(plan, field) == value
    assert plan.unreadable == []


@pytest.mark.parametrize("text", ["The Baron is Dead.", "The Baron becomes King.", "My Imperial Style is Laissez-faire."])
def test_a_storys_is_and_becomes_change_no_term(text):
    """"is" and "becomes" join a story's words too: no article before the old term, and for a bare "is" a
    quoted new one, or it is not a change of term."""
    assert parse_address(text).terms == []


@pytest.mark.parametrize("text", ["Alliances is switched on.", "All other dynastic rules are repealed."])
def test_an_addresss_statements_are_no_instructions_in_a_proposal(text):
    from parsers.proposal import parse_steps
    from parsers.steps import Unsupported
    assert all(isinstance(s, Unsupported) for s in parse_steps(text))


@pytest.mark.parametrize("stated,ordered", [
    ("Rules 11 to 13 are repealed.", "Repeal Rules 11 to 13."),
    ("The term “Lord” shall be replaced with “Knight”.", "Replace the term “Lord” with “Knight”."),
])
def test_an_order_stated_in_the_passive_in_a_proposal_is_the_order(stated, ordered):
    from goldendata import reading
    def steps(text):
        return [{k: v for k, v in s.items() if k != "text"} for s in reading(text)]
    assert steps(stated) == steps(ordered) and steps(stated)[0]["kind"] != "Unsupported"

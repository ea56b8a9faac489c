"""The Dynastic Reset, one full reset per era on the seed fixtures.

Expected numbers were derived independently of the code under test: rule lists from the fixtures'
heading lines, term counts with a plain regex over the text of the rules that stay (see the
comments), statuses from the titles and the era's default marker.
"""

import re

import pytest

from actions.reset import BUILDING_BLOCKS, RULESET, dynastic_reset
from actions.report import APPLIED, IGNORED, REFUSED, UNSUPPORTED
from parsers import ruleset as R
from parsers.ascension import parse_address

from fixturedata import FIXTURES, fixture_text

W = r"(?<![A-Za-z0-9])"
E = r"(?![A-Za-z0-9])"


def words(text, pattern):
    return len(re.findall(W + pattern + E, text))


def titles(text):
    return [r.title for r in R.parse(text).rules]


def statuses(text):
    return {r.name: r.status for r in R.parse(text).rules if r.is_special_case and not r.is_subrule}


def reset(era, address, **kw):
    text = fixture_text(f"ruleset_{era}.wiki")
    plan = parse_address(address, ruleset=text)
    return text, dynastic_reset(text, plan, **kw)


# ----------------------------------------------------------------------------- 2022
ADDRESS_2022 = """Ascension Address: The Quiet Cemetery

When the last candle in the crypt went out, somebody in a long black coat struck a new match.

The theme of this dynasty is “Necromancy”.

Repeal all dynastic rules except for the rule named “Stations”, return all of the Special Case rules to their default values, and fail every Proposal apart from those that change the Core, Special Case or Appendix Rules.

Set Alliances to Active.

Set the synonym for Emperor to “Grim Reaper” and the synonym for Player to “Necromancer”.

Change the gamestate tracking page to “The Graveyard”.
"""

CORE_2022 = ["Ruleset and Gamestate", "{P}", "Idle {P}", "Dynasties", "Votable Matters", "Votes", "Enacting and Failing",
             "Tags", "Proposals", "Special Proposal Voting", "Resolution of Proposals", "Calls for Judgement",
             "Victory and Ascension", "Fair Play"]
APPENDIX_2022 = ["Keywords", "Imperatives", "Time", "Other", "Gamestate Tracking", "Official Posts",
                 "Representations of the Gamestate", "Orphan Variables", "Random Generators", "Atomic Actions",
                 "Clarifications", "Numbers and Variables", "Rules and Votable Matters", "Time",
                 "Spelling and formatting", "Names", "Prioritisation", "Archives", "Mentors",
                 "Things that a mentor must do", "Things that a mentor should do", "Things that a mentor should not do",
                 "Synonyms"]


def test_full_reset_2022():
    old, result = reset("2022", ADDRESS_2022, existing_pages={"Monster Metropolis", "Ruleset"})
    assert result.ok and result.era == "synonyms", result.report.render(False)
    new = result.pages[RULESET]
    special = ["Seasonal Downtime [Active]", "Dormancy [Active]", "Imperial Deferentials [Active]",
               "Dynastic Distance [Active]", "Malign Emperors [Inactive] [Rare]", "Dynastic Tracking [Active]",
               "No Collaboration [Inactive] [Rare]", "Mantle Limitations [Active]", "Alliances [Active] [Rare]",
               "Event Types [Active]", "Bounties [Rare][Inactive]"]
    core = [t.format(P="Necromancers") for t in CORE_2022]
    assert titles(new) == core + ["Stations"] + special + APPENDIX_2022
    assert statuses(new) == {
        "Seasonal Downtime": "Active", "Dormancy": "Active", "Imperial Deferentials": "Active",
        "Dynastic Distance": "Active", "Malign Emperors": "Inactive", "Dynastic Tracking": "Active",
        "No Collaboration": "Inactive", "Mantle Limitations": "Active", "Alliances": "Active",
        "Event Types": "Active", "Bounties": "Inactive"}
    # Term uses in the rules that stay (regex over the fixture minus the 10 repealed rules):
    # Baron/Barons/Baron’s/non-Baron 206, Demon King(’s) 37.
    assert result.report.counts == {"Baron \u2192 Necromancer": 206, "Demon King \u2192 Grim Reaper": 37}
    assert words(new, "(?i:necromancers?)") == 206 and words(new, "Grim Reaper") == 37
    assert words(new, "(?i:barons?)") == 0 and words(new, "(?i:demon kings?)") == 0
    # Protected / untouched: the Synonyms keys, the word Emperor (3 uses), every URL.
    assert "* Necromancer (Player)\n* Grim Reaper (Emperor)" in new
    assert words(new, "Emperors?") == 3
    assert re.findall(r"https?://\S+", new) == re.findall(r"https?://\S+", old)
    assert "The gamestate tracking page for this dynasty is the [[The Graveyard]] page" in new
    assert "Monster Metropolis" not in new
    steps = result.report.steps
    assert steps[0].status == IGNORED and "fail every Proposal" in steps[0].detail
    assert result.report.complete and result.report.changed == [RULESET]
    assert "Necromancy" in result.report.summary


def test_2023_blog_post_address_against_2022_fixture_is_refused_atomically():
    text = fixture_text("ruleset_2022.wiki")
    plan = parse_address((__import__("pathlib").Path(__file__).parent / "fixtures" / "addresses" /
                          "aa_blogpost_2023_story_then_instructions.txt").read_text(encoding="utf-8"))
    result = dynastic_reset(text, plan)
    assert not result.ok and result.pages == {RULESET: text}
    refused = result.report.with_status(REFUSED)
    assert len(refused) == 1 and "No rule is called “Overwintering”" in refused[0].detail
    assert result.report.changed == [] and result.report.counts == {}
    assert "Dynastic Reset not performed" in result.report.summary


@pytest.mark.parametrize("page, reason", [
    ("Ruleset Archive", "begins with the word “Ruleset”"),
    ("Monster Metropolis", "already exists"),
    ("Existing Page", "already exists"),
])
def test_tracking_page_refusals(page, reason):
    text, result = reset("2022", f"Change the gamestate tracking page to “{page}”.", existing_pages={"Existing_Page"})
    assert not result.ok and result.pages[RULESET] == text
    assert reason in result.report.with_status(REFUSED)[0].detail


# ----------------------------------------------------------------------------- 2023
ADDRESS_2023 = """Ascension Address: Puzzles of the Dead

Repeal all dynastic rules except for the rule named “Coins”. Set the synonym for Emperor to “Grim Reaper” and the synonym for Player to “Necromancer”. Change the gamestate tracking page to “The Graveyard”. Include the Building Blocks “Low-Player Support” and “The Traitor”.
"""


def test_full_reset_2023_with_building_blocks():
    page = fixture_text("building_blocks_2023.wiki")
    old, result = reset("2023", ADDRESS_2023, building_blocks_text=page)
    assert result.ok, result.report.render(False)
    new = result.pages[RULESET]
    core = ["Ruleset and Gamestate", "Necromancers", "Idle Necromancers", "Dormancy", "Dynasties", "Votable Matters",
            "Votes", "Enacting and Failing", "Tags", "Proposals", "Special Proposal Voting", "Resolution of Proposals",
            "Calls for Judgement", "Victory and Ascension", "Fair Play"]
    blocks = ["Low-Player Mode", "Everyone\u2019s Playing", "Reinitialisation", "The Traitor"]
    appendix = ["Keywords", "Imperatives", "Time", "Other", "Gamestate Tracking", "Official Posts",
                "Representations of the Gamestate", "Orphan Variables", "Random Generators", "Atomic Actions",
                "Clarifications", "Numbers and Variables", "Rules and Votable Matters", "Time",
                "Spelling and formatting", "Names", "Prioritisation", "Mentors", "Things that a mentor must do",
                "Things that a mentor should do", "Things that a mentor should not do", "Synonyms"]
    assert titles(new) == core + ["Coins"] + blocks + appendix
    assert [r.title for r in R.parse(new).section("building blocks").children] == blocks
    assert statuses(new) == {}
    # Regex counts over the fixture outside the Building Blocks section and the repealed rules:
    # Puzzler forms 170, Puzzle Master 35; the old section's 3 rules held 3 and 4 (+2 in the section's text).
    assert result.report.counts == {"Puzzler \u2192 Necromancer": 173, "Puzzle Master \u2192 Grim Reaper": 39}
    # Transcribed from the page: Everyone’s Playing 1+1, Reinitialisation 2+1, The Traitor 5+4.
    assert words(new, "(?i:necromancers?)") == 170 + 8
    assert words(new, "Grim Reaper") == 35 + 2 + 6
    assert words(new, "(?i:puzzlers?)") == 0 and words(new, "Puzzle Master") == 0
    # Protected/untouched: the Synonyms keys, "Low-Player Mode", lower-case "players" (not a term), URLs.
    assert "* Necromancer (Player)\n* Grim Reaper (Emperor)" in new and "== Low-Player Mode ==" in new
    assert words(new, "players") == words(old, "players")
    assert re.findall(r"https?://\S+", new) == re.findall(r"https?://\S+", old)
    assert "tracking page for this dynasty is the [[The Graveyard]] page" in new
    # The Building Blocks page itself: 20 Puzzler forms and 11 Puzzle Master (grep), all replaced.
    new_page = result.pages[BUILDING_BLOCKS]
    assert words(new_page, "(?i:necromancers?)") == 20 and words(new_page, "Grim Reaper") == 11
    assert words(new_page, "(?i:puzzlers?)") == 0
    assert "There are currently no Recommended Building Blocks." in new_page
    assert sorted(result.report.changed) == [BUILDING_BLOCKS, RULESET]


def test_2023_no_statement_on_blocks_means_recommended_which_are_none():
    text, result = reset("2023", "Repeal all dynastic rules.")
    assert result.ok
    assert R.parse(result.pages[RULESET]).section("building blocks").children == []


def test_2023_unknown_block_fails_everything():
    page = fixture_text("building_blocks_2023.wiki")
    text, result = reset("2023", "Set the synonym for Player to “Ghost”. Include the Building Blocks “Hats”.",
                         building_blocks_text=page)
    assert not result.ok
    assert result.pages == {RULESET: text, BUILDING_BLOCKS: page}
    detail = result.report.with_status(REFUSED)[0].detail
    assert "no Building Block called “Hats” on the Building Blocks page" in detail and "“Low-Player Support”" in detail
    assert all(s.status != APPLIED for s in result.report.steps)
    assert any(s.detail.startswith("not done: the reset is atomic") for s in result.report.steps)


def test_2023_new_term_on_the_building_blocks_page_is_refused():
    page = fixture_text("building_blocks_2023.wiki").replace("Reinitialising itself", "Reinitialising itself, Ghost")
    text, result = reset("2023", "Set the synonym for Player to “Ghost”.", building_blocks_text=page)
    assert not result.ok
    assert "it already appears on the page “Building Blocks” (1 time)" in result.report.with_status(REFUSED)[0].detail


# ----------------------------------------------------------------------------- 2020
ADDRESS_2020 = """Ascension Address: Castaways

Keep the rule Islands. Set Imperial Deferentials, The Traitor, and Dynastic Distance to Inactive. Change Player to Castaway and Tom Nook to Governor.
"""


def test_full_reset_2020():
    old, result = reset("2020", ADDRESS_2020)
    assert result.ok, result.report.render(False)
    new = result.pages[RULESET]
    expected = ["Ruleset and Gamestate", "Castaways", "Idle Castaways", "Dynasties", "Votable Matters", "Votes",
                "Enacting and Failing", "Tags", "Proposals", "Special Proposal Voting", "Resolution of Proposals",
                "Calls for Judgement", "Victory and Ascension", "Fair Play", "Islands",
                "Seasonal Downtime [Active]", "Dormancy [Active]", "Imperial Deferentials [Inactive]",
                "Dynastic Distance [Inactive]", "The Traitor [Inactive]",
                "Keywords", "Gamestate Tracking", "Official Posts", "Representations of the Gamestate",
                "Orphan Variables", "Random Generators", "Atomic Actions", "Clarifications", "Numbers and Variables",
                "Rules and Proposals", "Time", "Spelling", "Names", "Prioritisation", "Mentors",
                "Things that a mentor must do", "Things that a mentor should do", "Things that a mentor should not do"]
    assert titles(new) == expected
    assert statuses(new) == {"Seasonal Downtime": "Active", "Dormancy": "Active", "Imperial Deferentials": "Inactive",
                             "Dynastic Distance": "Inactive", "The Traitor": "Inactive"}
    # Regex over the rules that stay: Player forms (incl. "player", "non-player", "non-Player") 137, Tom Nook 28.
    assert result.report.counts == {"Player \u2192 Castaway": 137, "Tom Nook \u2192 Governor": 28}
    assert words(new, "(?i:castaways?)") == 137 and words(new, "Governor") == 28
    assert words(new, "(?i:players?)") == 0 and "Tom Nook" not in new
    assert "A non-Castaway never has a Vote" in new
    assert re.findall(r"https?://\S+", new) == re.findall(r"https?://\S+", old)


def test_2020_new_term_in_a_kept_rule_is_refused_but_fine_when_repealed():
    text, result = reset("2020", "Keep the rule Islands. Change Player to Villager.")
    assert not result.ok and result.pages[RULESET] == text
    detail = result.report.with_status(REFUSED)[0].detail
    # 8 capitalised uses stand as the keyword; the lower-case "a new villager" alone would not refuse.
    assert "“Villager” cannot replace “Player”: it already appears in the Ruleset (8 times)" in detail
    assert "Dynastic Rules › Islands" in detail
    text, result = reset("2020", "Repeal all dynastic rules. Change Player to Villager.")
    assert result.ok, result.report.render(False)


def test_2020_leaves_no_special_case_away_from_default_unless_listed():
    text, result = reset("2020", "Repeal all dynastic rules.")
    assert set(statuses(result.pages[RULESET]).values()) == {"Active"}   # no asterisks: all default Active


# ----------------------------------------------------------------------------- 2016
ADDRESS_2016 = """Ascension Address: Knights of the Round Table

Throughout the ruleset, replace “Wizard(s)” with “Knight(s)” and “Historian” with “Chronicler”. Repeal all dynastic rules. Set Dormancy to Inactive.
"""


def test_full_reset_2016():
    old, result = reset("2016", ADDRESS_2016)
    assert result.ok, result.report.render(False)
    new = result.pages[RULESET]
    assert titles(new) == [
        "Ruleset and Gamestate", "Knights", "Idle Knights", "Dynasties", "Votable Matters", "Votes",
        "Enacting and Failing", "Proposals", "Special Proposal Voting", "Resolution of Proposals",
        "Calls for Judgement", "Victory and Ascension", "Fair Play",
        "Tags [Active]", "Atomic Actions [Active]", "Seasonal Downtime [Active]", "Dormancy [Inactive]",
        "No Orphan Variables [Active]",
        "Keywords", "Gamestate Tracking", "Random Generators", "Clarifications", "Numbers and Variables",
        "Rules and Proposals", "Time", "Spelling", "Names", "Prioritisation"]
    assert R.parse(new).rules_of_kind(R.DYNASTIC) == []
    # Regex over the non-dynastic rules: Wizard forms 118 (incl. "wizard", "non-Wizard"), Historian forms 15.
    assert result.report.counts == {"Wizard \u2192 Knight": 118, "Historian \u2192 Chronicler": 15}
    assert words(new, "(?i:knights?)") == 118 and words(new, "(?i:chroniclers?)") == 15
    assert words(new, "(?i:wizards?)") == 0 and words(new, "(?i:historians?)") == 0
    assert re.findall(r"https?://\S+", new) == re.findall(r"https?://\S+", old)   # 6 URLs, untouched


def test_2016_has_no_tracking_page_to_change():
    text, result = reset("2016", "Change the gamestate tracking page to “Castle”.")
    assert not result.ok and result.pages[RULESET] == text
    assert "names no gamestate tracking page" in result.report.with_status(REFUSED)[0].detail


# ----------------------------------------------------------------------------- 2004
ADDRESS_2004 = """Ascension Address: The Barons' War

Repeal the rules Parties, Audiences, Confidence Sharing, Electoral Votes, Voting Record and Supporters. Rename “Lord” to “Baron”, “High Lord” to “King” and “Confidence” to “Esteem”.
"""


def test_full_reset_2004_with_gndt():
    gndt = fixture_text("gamestate_gndt_2004.wiki")
    old, result = reset("2004", ADDRESS_2004, gamestate_text=gndt)
    assert result.ok and result.era == "numbered", result.report.render(False)
    new = result.pages[RULESET]
    model = R.parse(new)
    assert [(r.number, r.title) for r in model.rules] == [
        ("1", "Ruleset and Gamestate"), ("2", "Barons"), ("3", "Esteem"), ("4", "Proposals"), ("5", "Voting"),
        ("6", "Enactment"), ("7", "Calls for Judgement"), ("8", "The GNDT"), ("9", "Dynasties"),
        ("10", "Victory and Ascension"), ("11", "Glossary")]
    # Regex over the rules that stay: "Lord" forms 75 of which 20 in "High Lord"; Confidence 20.
    assert result.report.counts == {"Lord \u2192 Baron": 55, "High Lord \u2192 King": 20, "Confidence \u2192 Esteem": 20}
    assert words(new, "(?i:lords?)") == 0 and words(new, "(?i:confidence)") == 0
    assert words(new, "King") == 20 and words(new, "Esteem") == 20
    assert 'the words "Baron", "King" and "Esteem" will be replaced' in new
    assert "http://kevan.org/generic?nomic=blog" in new
    renumber = [s for s in result.report.steps if s.action == "renumber"][0]
    assert "11 Glossary" in renumber.detail
    # GNDT: Party and Voting Record blank, Electoral Votes 0; Confidence kept (all within 75–125).
    from parsers.gamestate import parse_gamestate
    table = parse_gamestate(result.pages["GNDT"]).tables[0]
    for row, confidence in [("Kevan", "125"), ("Angry Grasshopper", "100"), ("Elias IX", "97"), ("Seventy", "110"),
                            ("Blacky", "75"), ("Gerrymander", "89"), ("Jonathan", "102")]:
        assert table.get(row, "Confidence") == confidence
        assert table.get(row, "Party") == "" and table.get(row, "Voting Record") == ""
        assert table.get(row, "Electoral Votes") == "0"
    # the rule "Electoral Votes" is repealed by this reset: nothing objects to the zero
    stats = [s for s in result.report.steps if s.action == "gamestate" and s.status == "applied"][0]
    assert "note:" not in stats.detail


def test_2004_confidence_is_normalised_not_zeroed():
    gndt = fixture_text("gamestate_gndt_2004.wiki").replace("| align=\"right\" | 125", "| align=\"right\" | 180", 1)
    gndt = gndt.replace("| align=\"right\" | 89", "| align=\"right\" | 12", 1)
    _, result = reset("2004", "Repeal the rule Parties.", gamestate_text=gndt)
    from parsers.gamestate import parse_gamestate
    table = parse_gamestate(result.pages["GNDT"]).tables[0]
    assert table.get("Kevan", "Confidence") == "125" and table.get("Gerrymander", "Confidence") == "75"
    # "Electoral Votes" stays: the reset does as the Ascension rule says, and the one legality's
    # objection to the zero is shown to the Admin
    stats = [s for s in result.report.steps if s.action == "gamestate" and s.status == "applied"][0]
    assert "note: Electoral Votes reset as the rule says, though Electoral Votes hold integers of at least 1 " \
           "(Electoral Votes)" in stats.detail


def test_2004_core_rules_cannot_be_repealed():
    gndt = fixture_text("gamestate_gndt_2004.wiki")
    text, result = reset("2004", "Repeal the rules Parties and Voting. Rename “Lord” to “Baron”.", gamestate_text=gndt)
    assert not result.ok
    assert result.pages == {RULESET: text, "GNDT": gndt}
    detail = result.report.with_status(REFUSED)[0].detail
    assert detail == ("“Voting” is Rule 5, a core rule: the Address may repeal any number of rules "
                      "excluding Rules 1-10")


def test_2004_without_repeal_keeps_every_rule():
    text, result = reset("2004", "Rename “Confidence” to “Esteem”.")
    assert result.ok and len(R.parse(result.pages[RULESET]).rules) == len(R.parse(text).rules)


# ----------------------------------------------------------------------------- every era
def test_unreadable_instruction_changes_nothing(era_text):
    era, text = era_text
    plan = parse_address("Repeal all dynastic rules. Set the thingy to frobnicate the rules.")
    result = dynastic_reset(text, plan)
    assert not result.ok and result.pages == {RULESET: text}
    assert result.report.with_status(UNSUPPORTED)[0].text == "Set the thingy to frobnicate the rules."


# ----------------------------------------------------------------------------- Addresses as winners write them
# One Address per real shape, in our own words, on a Ruleset of its era (tests/fixtures/addresses/shapes/).
# Expected: the dynastic rules left and the Special Case statuses (from the fixtures' headings and the
# era's default marker), no old keyword left, and what is named for an Admin.
SHAPES = FIXTURES / "addresses" / "shapes"
SC_2020 = {"Seasonal Downtime": "Active", "Dormancy": "Active", "Imperial Deferentials": "Active",
           "Dynastic Distance": "Active", "The Traitor": "Active"}
SC_2022 = {"Seasonal Downtime": "Active", "Dormancy": "Active", "Imperial Deferentials": "Active",
           "Dynastic Distance": "Active", "Malign Emperors": "Inactive", "Dynastic Tracking": "Active",
           "No Collaboration": "Inactive", "Mantle Limitations": "Active", "Alliances": "Inactive",
           "Event Types": "Active", "Bounties": "Inactive"}
SC_2016 = {"Tags": "Active", "Atomic Actions": "Active", "Seasonal Downtime": "Active", "Dormancy": "Active",
           "No Orphan Variables": "Active"}


@pytest.mark.parametrize("name, left, special, gone, new, outside, tracking", [
    ("2022_synonyms_as_follows.txt", [], SC_2022 | {"Seasonal Downtime": "Inactive", "Dormancy": "Inactive"},
     ["Barons?", "Demon King"], ["Clockmaker", "Master of Hours"], [], "The Clock Tower"),
    ("2016_rename_lower_case_quoted.txt", [], SC_2016, ["Wizards?", "Historian"], ["Engineer", "Surveyor"], [], None),
    ("2020_remove_replace_slash_plural.txt", [], SC_2020 | {"Seasonal Downtime": "Inactive", "Dormancy": "Inactive"},
     ["Players?", "Tom Nook"], ["Traders", "Quartermaster"], ["Maybe we could switch on The Traitor"], None),
    ("2020_replace_keep_quoted_except.txt", ["Islands"], SC_2020, ["Players?", "Tom Nook"], ["Miner", "Overseer"],
     [], None),
    ("2020_no_full_stops.txt", [], SC_2020 | {"Seasonal Downtime": "Inactive", "Dormancy": "Inactive"},
     ["Players?", "Tom Nook"], ["Curator", "Patron"], [], None),
    ("2022_becomes.txt", [], SC_2022, ["Barons?", "Demon King"], ["Heir", "Regent"], [], "The Old Keep"),
    ("2023_update_synonym_blocks_except.txt", [], {}, ["Puzzlers?", "Puzzle Master"], ["Gamer", "Level Designer"],
     ["Imperial Styles: Gentle"], "High Scores"),
    ("2022_from_to_new_page.txt", ["Stockpiles", "Keeps"],
     SC_2022 | {"Imperial Deferentials": "Inactive", "Dynastic Distance": "Inactive", "No Collaboration": "Active",
                "Alliances": "Active"},
     ["Barons?", "Demon King"], ["Keeper", "Tide"], ["Change the dynastic tracking page from"], "The Lighthouse"),
    ("2016_we_are_keeping.txt", ["No Lame Scams"], SC_2016, ["Wizards?", "Historian"], ["Navigator", "Cartographer"],
     [], None),
    ("2016_amended_by.txt", [], SC_2016, ["Wizards?", "Historian"], ["Delegate", "Chair"], [], None),
    ("2020_others_to_default.txt", [], SC_2020, ["Players?"], ["Person", "People"], [], None),
    ("2022_keep_semicolon_gamestate.txt", ["Stockpiles", "Keeps"], SC_2022 | {"Mantle Limitations": "Inactive"},
     ["Barons?"], ["Farmer"], ["Set Josh's Coins to 3."], None),
    ("2022_renames_among_story.txt", [], SC_2022, ["Barons?", "Demon King"], ["Smuggler", "Harbourmaster"], [], None),
])
def test_addresses_as_winners_write_them(name, left, special, gone, new, outside, tracking):
    era = name[:4]
    kw = {"building_blocks_text": fixture_text("building_blocks_2023.wiki")} if era == "2023" else {}
    text, result = reset(era, (SHAPES / name).read_text(encoding="utf-8"), **kw)
    assert result.ok, result.report.render(False)
    page = R.parse(result.pages[RULESET])
    assert [r.title for r in page.rules if r.kind == R.DYNASTIC and not r.is_subrule] == left
    assert statuses(result.pages[RULESET]) == special
    body = result.pages[RULESET].split("== Synonyms ==")[0]
    assert all(words(body, old) == 0 for old in gone)
    assert all(words(body, term) > 0 for term in new)
    admin = result.report.for_an_admin
    assert [s.text[:len(o)] for s, o in zip(admin, outside)] == outside and len(admin) == len(outside)
    if tracking:
        assert page.tracking_page()[0] == tracking


def test_2004_numbered_range_and_three_terms_in_one_sentence():
    text, result = reset("2004", (SHAPES / "2004_numbered_range_old_style.txt").read_text(encoding="utf-8"))
    assert result.ok, result.report.render(False)
    new = result.pages[RULESET]
    assert [r.title for r in R.parse(new).rules if not r.is_subrule][10:] == ["Glossary"]
    assert words(new, "Lords?") == 0 and words(new, "High Lords?") == 0 and words(new, "Confidence") == 0
    assert words(new, "High Knight") == 0 and words(new, "King") > 0 and words(new, "Honour") > 0


def test_a_rule_that_rewrites_itself_is_refused_with_its_sentence():
    text, result = reset("2023", (SHAPES / "2023_rule_that_rewrites_itself.txt").read_text(encoding="utf-8"),
                         building_blocks_text=fixture_text("building_blocks_2023.wiki"))
    assert not result.ok and result.pages[RULESET] == text
    bad = result.report.with_status(UNSUPPORTED)
    assert [s.text for s in bad] == ["The dynastic rule Matches replaces its text as that rule itself describes; "
                                     "other dynastic rules are repealed."]


def test_keep_all_dynastic_rules_except_repeals_only_those():
    text, result = reset("2022", "Keep all dynastic rules except Chop and Sieging.")
    assert result.ok, result.report.render(False)
    left = [r.title for r in R.parse(result.pages[RULESET]).rules if r.kind == R.DYNASTIC and not r.is_subrule]
    assert left == ["Stockpiles", "Stations", "Labour", "Demographics", "Resources", "Keeps", "Neutral Ground",
                    "Influence", "Human Kings"]


def test_the_old_tracking_page_named_must_be_the_rulesets():
    text, result = reset("2022", "Repeal all dynastic rules. Change the dynastic tracking page from “The Octagon” "
                                 "to “The Lighthouse”.")
    assert not result.ok and result.pages[RULESET] == text
    assert "from “The Octagon”, but the Ruleset names “Monster Metropolis”" in result.report.with_status(REFUSED)[0].detail


def test_an_instruction_outside_the_reset_is_left_for_an_admin_and_said():
    text, result = reset("2022", "Repeal all dynastic rules. Set Josh's Coins to 3.")
    assert result.ok
    assert [s.action for s in result.report.for_an_admin] == ["outside the reset"]
    assert "outside the reset: an Admin decides" in result.report.render(False)


def test_a_rule_kept_for_itself_and_for_its_subrule_is_named_once():
    rs = ("= Core Rules =\n== Ruleset and Gamestate ==\nThis is the Ruleset.\n\n= Dynastic Rules =\n== Gin ==\n"
          "Each Puzzler may brew Gin.\n=== Tonic ===\nTonic goes with Gin.\n== Rum ==\nEach Puzzler may drink Rum.\n")
    plan = parse_address("Repeal all dynastic rules except for the rules named “Gin” and “Tonic”.", ruleset=rs)
    [step] = dynastic_reset(rs, plan).report.steps
    assert step.detail.startswith("kept: “Gin”; repealed 1: “Rum”")


def test_the_offline_reset_renames_the_players_tables_heading_as_the_live_one_does():
    rules = fixture_text("ruleset_2023.wiki")
    board = "{| class=\"wikitable sortable\"\n! Puzzlers !! Coins\n|-\n| Josh || 3\n|}\n"
    plan = parse_address("Ascension Address: Necromancers\n\nKeep all dynastic rules. Set the synonym for Player to "
                         "“Necromancer”.", ruleset=rules)
    result = dynastic_reset(rules, plan, gamestate_text=board, gamestate_title="Puzzle Board")
    assert result.ok and "! Necromancers !! Coins" in result.pages["Puzzle Board"]
    assert [s.action for s in result.report.steps][-1] == "players table heading"

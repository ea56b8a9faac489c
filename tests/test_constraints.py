"""Constraints inferred from each era's Ruleset, against expectations written by reading the rules.

Each expectation below was written from the seed's rule text before the code was made to meet it:
(variable, kind, min, max, default, allowed). Where a clearly-stated fact is *not* inferred the
comment says so; those are left to the overrides page rather than guessed.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actions.constraints import (
    ENUM, INTEGER, LIST, NAME, NUMERIC, OFF, PLAYER_NAMES, TEXT, Constraint, Disable, OverrideError,
    constraints_to_json, describe_constraints, infer_constraints, merge, parse_overrides, valid_player_name,
    variable_key,
)
from fixturedata import fixture_text
from parsers.ruleset import parse
from parsers.terms import player_term

APPX = "Appendix: Numbers and Variables"

EXPECTED = {
    # 2004, Lords. No Appendix: neither the non-negative default nor a name rule exists in its text.
    "2004": [
        # Core rule "Confidence": "Each Lord has an amount of Confidence" / "Confidence may not fall
        # below 0 or rise above 200" / "New Lords begin the game with 100 Confidence."
        ("Confidence", INTEGER, 0, 200, "100", None),
        # "Each Lord holds a number of Electoral Votes" + "A Lord must not hold less than 1 Electoral Vote."
        # ("A Rogue Lord may only hold 1" is conditional: not inferred.)
        ("Electoral Votes", INTEGER, 1, None, None, None),
        # "A Lord's Voting Record is tracked in the GNDT entry titled V.R. (for compactness) in the format #(#)":
        # a text of two whole numbers written so (they may go negative)
        ("Voting Record", TEXT, None, None, None, None),
        # Not inferred: Party / Vote for Speaker (free text), Perc (a percentage, blank for non-speakers).
    ],
    # 2016, Wizards. Gamestate in the GNDT.
    "2016": [
        (NUMERIC, INTEGER, 0, None, None, None),
        # Cards: "a score (which is a nonnegative integer)"
        ("Score", INTEGER, 0, None, None, None),
        # Cards: "A Wizard may have up to nine cards in their hand; the contents of each Wizard's hand are tracked
        # as a … list in the field “Hand” …": the limit on the Hand is not read, so every column of a Wizard the
        # sentence names (Hand) is read in part; it was read as nothing (any Hand legal)
        ("", TEXT, None, None, None, None),
        # Communities: "a Name (between one and two words)": a text of one or two words (its length below)
        ("Name", TEXT, None, None, None, None),
        # Factions: "A community's faction must be one of the following:" + bullets (and "a single word")
        ("Faction", ENUM, None, None, None, ["Neutral", "Mudling", "Barban", "Redlander", "Grassfolk"]),
        # Communities: "Ratings for War, Culture and Economy (all integers defaulting to zero)":
        # integers whose non-negativity comes from the Appendix.
        ("War", INTEGER, 0, None, "0", None),
        ("Culture", INTEGER, 0, None, "0", None),
        ("Economy", INTEGER, 0, None, "0", None),
        # "an Attitude towards each Wizard, which is either Suspicious, Indifferent or Friendly,
        # defaulting to Indifferent"
        ("Attitude", ENUM, None, None, "Indifferent", ["Suspicious", "Indifferent", "Friendly"]),
        # Not inferred: Hand ("up to nine cards … a comma-delineated list in the field “Hand”"): a
        # list length limit is not something the check can read reliably from a cell.
    ],
    # 2020, Players, on the "Archipelago" page.
    "2020": [
        (NUMERIC, INTEGER, 0, None, None, None),
        # "Players have a number of Action Points which are tracked in the Players table on the
        # “Archipelago” wiki page." + "A Player’s Action Points cannot exceed 10".
        # The default ("three or the median value … whichever is higher") is not one value: none.
        ("Action Points", INTEGER, 0, 10, None, None),
        # Villagers: "Name: Can be any alphanumeric string of no more than 12 characters.", "Appearance: Can be a
        # short phrase between one and six words": texts of those lengths (checked; see test_text_lengths…)
        ("Name", TEXT, None, None, None, None),
        ("Appearance", TEXT, None, None, None, None),
        ("Species", ENUM, None, None, None,
         ["Bear", "Bird", "Cat", "Dino", "Dog", "Elephant", "Frog", "Monkey", "Mouse", "Rabbit"]),
        # ‘Jock has no closing quote in the rule; it is still the value Jock.
        ("Personality", ENUM, None, None, None, ["Friendly", "Jock", "Lazy", "Skittish"]),
        # "An Island’s Name cannot be more than 20 characters long, must be unique and cannot be “None”.":
        # no two Islands share a Name, of at most 20 characters, never “None”
        ("Name", TEXT, None, None, None, None),
        # "Each Villager has a Location, which is the Name of an Island or “None” and defaults to “None”."
        # The allowed set depends on the Islands table: only the default is taken (text).
        ("Location", TEXT, None, None, "None", None),
    ],
    # 2022, Barons, on "Monster Metropolis".
    "2022": [
        (NUMERIC, INTEGER, 0, None, None, None),
        (PLAYER_NAMES, NAME, 4, 30, None, None),
        # "a publicly tracked Personal Resources Stockpile, which contains a list of Resources
        # (defaulting to empty)"
        ("Personal Resources Stockpile", LIST, None, None, "", None),
        # "Each Monster Species also has a publicly tracked Classification that they belong to, which has a
        # distinct name that is flavour text and cannot be the same as the name of a Monster Species."
        # Read in full: flavour text (the Classification's own name: two Species may share one), never the
        # name of a Monster Species.
        ("Classification", TEXT, None, None, None, None),
        # "an Affinity for every Attribute, which is one of “Amazing”, “Good”, “Average”, or “Bad”
        # and defaults to “Bad”"
        ("Affinity", ENUM, None, None, "Bad", ["Amazing", "Good", "Average", "Bad"]),
        # "Each individual Migrant must have a subtype, and that subtype must be one of the publicly tracked
        # Monster Species as defined in the rule Demographics.": it names a Monster Species
        ("Subtype", TEXT, None, None, None, None),
        # "a publicly tracked numerical Influence Score which defaults to 0"
        ("Influence Score", INTEGER, 0, None, "0", None),
        # "Each Human King has a Keep, and that keep has a stockpile which can contain a list of
        # resources, defaulting to 6 Royal Gifts, …": read in part (a second owner inside the sentence).
        ("Keep", TEXT, None, None, None, None),
        # Not inferred: the Labour and Siege date-times (defaults are dates, the subject is "the date
        # and time that …"), Infrastructure hit points / maximum population (rule tables, not the
        # tracking page), Event "Open or Ended" (the subject is the post itself, not a variable).
    ],
    # 2023, Puzzlers, on "Puzzle Board".
    "2023": [
        (NUMERIC, INTEGER, 0, None, None, None),
        # Names: "between 3 and 30 characters" in this era (not 4).
        (PLAYER_NAMES, NAME, 3, 30, None, None),
        # "Each cell has an integer Row and Column, which are each between 1 and 10"
        ("Row", INTEGER, 1, 10, None, None),
        ("Column", INTEGER, 1, 10, None, None),
        ("Content", ENUM, None, None, "Empty", ["Lemon", "Orange", "Kiwi", "Grape", "Cherry", "Star", "Empty"]),
        # "Turn Order is a publicly tracked list of the names of Puzzlers."
        ("Turn Order", LIST, None, None, None, None),
        ("Coins", INTEGER, 0, None, "3", None),
        ("Matches", INTEGER, 0, None, "0", None),
    ],
}


def _inferred(era):
    return infer_constraints(parse(fixture_text(f"ruleset_{era}.wiki")))


@pytest.mark.parametrize("era", sorted(EXPECTED))
def test_inferred_constraints_per_era(era):
    got = [(c.variable, c.kind, c.min, c.max, c.default, c.allowed) for c in _inferred(era)]
    assert got == EXPECTED[era]


@pytest.mark.parametrize("era", sorted(EXPECTED))
def test_every_constraint_carries_its_sentence_and_rule(era):
    ruleset = parse(fixture_text(f"ruleset_{era}.wiki"))
    for c in infer_constraints(ruleset):
        assert c.sentence, c
        rule = ruleset.find(c.rule)
        from parsers.ruleset import plain
        body = plain(rule.body)
        assert c.sentence.split(":")[0][:40] in body, (c.variable, c.sentence)
        assert c.origin in ("appendix", "rule")


def test_sources_cite_appendix_or_rule():
    by_name = {c.variable: c for c in _inferred("2023")}
    assert by_name[NUMERIC].source == APPX
    assert by_name[PLAYER_NAMES].source == "Appendix: Names"
    coins = by_name["Coins"]
    assert coins.source == "Coins" and coins.origin == "rule"
    assert coins.sentence == "Each Puzzler has a publicly tracked number of Coins, defaulting to 3."
    # "a number of Coins" is a non-negative integer because the Appendix says so
    assert coins.min_source == APPX
    assert coins.describe() == "Coins hold non-negative integers"
    # "publicly tracked" without a named page: the tracking page named in "Ruleset and Gamestate"
    assert coins.page == "Puzzle Board" and coins.owner == "Puzzler"


def test_where_tracked_page_and_table():
    by_name = {c.variable: c for c in _inferred("2020")}
    ap = by_name["Action Points"]
    assert (ap.page, ap.table) == ("Archipelago", "Players")
    assert ap.sentences == [
        "Players have a number of Action Points which are tracked in the Players table on the “Archipelago” wiki page.",
        "A Player’s Action Points cannot exceed 10 and any action that would set it higher than 10 instead sets it to 10.",
    ]
    assert ap.describe() == "Action Points hold integers from 0 to 10"
    # "Villagers and their respective attributes are tracked in the “Villagers” table …"
    for name in ("Species", "Personality", "Location"):
        assert (by_name[name].page, by_name[name].table) == ("Archipelago", "Villagers"), name


def test_explicit_rule_bounds_are_cited_from_the_rule():
    conf = {c.variable: c for c in _inferred("2004")}["Confidence"]
    assert conf.min_source is None and conf.source == "Confidence"
    assert conf.describe() == "Confidence holds integers from 0 to 200"


def test_inactive_special_case_rules_are_not_read():
    text = fixture_text("ruleset_2022.wiki")
    extra = ("\n== Gold Rush [Inactive] ==\nEach Baron has a publicly tracked number of Nuggets, defaulting to 5.\n")
    text = text.replace("== Dynastic Tracking [Active] ==", extra.strip() + "\n\n== Dynastic Tracking [Active] ==")
    names = {c.variable for c in infer_constraints(parse(text))}
    assert "Nuggets" not in names
    active = text.replace("Gold Rush [Inactive]", "Gold Rush [Active]")
    assert "Nuggets" in {c.variable for c in infer_constraints(parse(active))}


def test_new_dynastic_rule_sentences():
    base = fixture_text("ruleset_2023.wiki")
    rule = ("== Gems ==\nEach Puzzler has a publicly tracked number of Gems, defaulting to 2. "
            "A Puzzler’s Gems cannot exceed 12.\n\n"
            "== Moods ==\nEach Puzzler has a Mood, which can be ‘Happy’, ‘Sad’ or ‘Angry’ and defaults to ‘Happy’.\n\n"
            "== Debt ==\nEach Puzzler has a publicly tracked number of Debt. Debt may be negative.\n\n")
    text = base.replace("== Coins ==", rule + "== Coins ==")
    by_name = {c.variable: c for c in infer_constraints(parse(text))}
    assert (by_name["Gems"].kind, by_name["Gems"].min, by_name["Gems"].max, by_name["Gems"].default) == \
        (INTEGER, 0, 12, "2")
    assert (by_name["Mood"].kind, by_name["Mood"].allowed, by_name["Mood"].default) == \
        (ENUM, ["Happy", "Sad", "Angry"], "Happy")
    assert (by_name["Debt"].min, by_name["Debt"].min_source) == (None, None)


def test_unclear_sentences_are_not_guessed():
    base = fixture_text("ruleset_2023.wiki")
    rule = ("== Vague ==\nThe difference between the highest and lowest Coins of a Party shall not be greater than 3. "
            "An Island’s Name cannot be more than 20 characters long. "
            "Stamina defaults to three or the median value, whichever is higher.\n\n")
    text = base.replace("== Coins ==", rule + "== Coins ==")
    got = {c.variable: c for c in infer_constraints(parse(text))}
    assert "Party" not in got
    assert (got["Name"].max_length, got["Name"].length_unit) == (20, "character")   # a text's length is clear
    assert "Stamina" not in got  # the default has an alternative: not one value
    assert got["Coins"].max is None


def test_text_lengths_and_texts_never_allowed_are_read_and_checked():
    """"a Name (between one and two words)", "no more than 12 characters", "a single word", "cannot be “None”": a
    careful Admin checks each; so does check, for a thing's name (its table's first column) as for any column."""
    from actions.check import check_edit
    rules = parse(fixture_text("ruleset_2020.wiki"))
    found = {(c.variable, c.owner): c for c in infer_constraints(rules)}
    found.update({(c.variable, "Villager"): c for c in infer_constraints(rules) if c.table == "Villagers"})
    island, villager = found[("Name", "Island")], found[("Name", "Villager")]
    assert (island.max_length, island.length_unit, island.excluded, island.distinct) == (20, "character", ["None"], True)
    assert (villager.max_length, villager.length_unit) == (12, "character")
    appearance = next(c for c in infer_constraints(rules) if c.variable == "Appearance")
    assert (appearance.min_length, appearance.max_length, appearance.length_unit) == (1, 6, "word")
    page = fixture_text("gamestate_archipelago_2020.wiki")
    row = "| Bramble || Frog || Lazy || None"
    assert row in page

    def verdict(new_row):
        return check_edit(rules, None, page, page.replace(row, row + "\n|-\n" + new_row, 1), page="Archipelago")

    assert verdict("| Clover || Cat || Lazy || None").verdict == "legal"
    long_name = verdict("| Cloverleafington || Cat || Lazy || None")   # 16 characters: a new Villager's name
    assert long_name.verdict == "illegal" and "Name is text of at most 12 characters" in long_name.summary
    rules16 = parse(fixture_text("ruleset_2016.wiki"))
    page16 = fixture_text("gamestate_communities_2016.wiki")
    last = "| Greenreach || Grassfolk || 1 || 2 || 0"

    def verdict16(new_row):
        return check_edit(rules16, None, page16, page16.replace(last, last + "\n|-\n" + new_row, 1))

    assert verdict16("| Old Mill || Neutral || 0 || 0 || 0").verdict == "legal"
    assert verdict16("| The Old Mill || Neutral || 0 || 0 || 0").verdict == "illegal"   # three words
    assert verdict16("| Saltmarsh || Neutral || 0 || 0 || 0").verdict == "legal"       # names need not differ
    text = Constraint("Name", TEXT, max_length=20, length_unit="character", excluded=["None"])
    from actions.legality import Legality
    legality = Legality(None, [text])
    assert legality.judge("Name", "none") is not None and legality.judge("Name", "x" * 21) is not None
    assert legality.judge("Name", "Nonesuch") is None


def test_a_value_in_a_form_of_numbers_is_checked_where_the_page_writes_it_so():
    """"tracked in the GNDT entry titled V.R. (for compactness) in the format #(#)": "3(1)", "-2(0)"; a page that
    writes the column some other way is noted, not judged by the form."""
    from actions.check import check_edit
    rules = parse(fixture_text("ruleset_2004.wiki"))
    record = next(c for c in infer_constraints(rules) if c.variable == "Voting Record")
    assert (record.kind, record.pattern, record.partial) == (TEXT, "#(#)", [])
    page = fixture_text("gamestate_gndt_2004.wiki")
    numbered = page
    for k, old in enumerate(("FFAF", "FAAF", "AFFA")):
        numbered = numbered.replace(f"| {old}\n", f"| {k}({k - 1})\n", 1)
    assert "| 0(-1)\n" in numbered

    def verdict(before, old, new):
        return check_edit(rules, None, before, before.replace(old, new, 1))

    assert verdict(numbered, "| 0(-1)\n", "| -1(0)\n").verdict == "legal"
    bad = verdict(numbered, "| 0(-1)\n", "| FFAF\n")
    assert bad.verdict == "illegal" and "in the form #(#)" in bad.summary
    unnumbered = verdict(page, "| FFAF\n", "| FFFF\n")
    assert unnumbered.verdict == "legal" and any("written some other way" in n for n in unnumbered.notes)


def test_player_term_per_era():
    terms = {era: player_term(parse(fixture_text(f"ruleset_{era}.wiki"))) for era in EXPECTED}
    assert terms == {"2004": "Lord", "2016": "Wizard", "2020": "Player", "2022": "Baron", "2023": "Puzzler"}


def test_valid_player_name():
    rule = Constraint(PLAYER_NAMES, NAME, min=4, max=30)
    for ok in ("Kevan", "ais523", "Jonathan_Dark", "O'Neil", "J.R.-R", "Two Words"):
        assert valid_player_name(ok, rule), ok
    for bad in ("Bob", "x" * 31, "Zoë", "Bob!", "", "Chiiika🙂"):
        assert not valid_player_name(bad, rule), bad


def test_variable_key():
    assert variable_key("Coins") == variable_key("coin") == variable_key("'''Coins'''")
    assert variable_key("Action Points") == variable_key("action point")
    assert variable_key("Coins (max 10)") == "coin"
    assert {"influence score", "influence"} == Constraint("Influence Score", INTEGER).keys()


# --------------------------------------------------------------------------- overrides

OVERRIDES = fixture_text("constraints_sample.txt")


def test_parse_overrides_sample():
    got = parse_overrides(OVERRIDES, page="User:WikiBot/Constraints")
    summary = [(o.variable, getattr(o, "kind", "off"), getattr(o, "min", None), getattr(o, "max", None),
                getattr(o, "default", None), getattr(o, "allowed", None), o.table) for o in got]
    assert summary == [
        ("Coins", INTEGER, 0, 10, "3", None, None),
        ("Gold", INTEGER, None, None, None, None, None),
        ("Energy", INTEGER, 1, None, None, None, None),
        ("Stamina", INTEGER, 0, 5, None, None, None),
        ("Hats", ENUM, None, None, "Fez", ["Bowler", "Fez", "Top"], None),
        ("Mood", ENUM, None, None, None, ["Happy, mostly", "Sad"], None),
        ("Notes", TEXT, None, None, "", None, None),
        ("Inventory", LIST, None, None, None, None, None),
        ("Score", "off", None, None, None, None, None),
        (PLAYER_NAMES, NAME, 3, 30, None, None, None),
        ("Expertise", INTEGER, 0, 20, None, None, "Defuser"),
    ]
    assert isinstance(got[8], Disable)
    coins = got[0]
    assert coins.origin == "override" and coins.source == "User:WikiBot/Constraints, line 7"
    assert coins.sentence == "* Coins: integer 0..10, default 3"


@pytest.mark.parametrize("line, words", [
    ("* Coins integer 0..10", "colon"),
    ("* Coins: integr 0..10", "unknown kind “integr”"),
    ("* Coins: integer 10..2", "range 10..2 is empty"),
    ("* Coins: integer, lots", "cannot read “lots”"),
    ("* Hats: one of Fez", "at least two values"),
    ("* Hats: one of Bowler, Fez; default Top", "not one of the values"),
    ("* Coins: integer, default many", "not an integer"),
    ("* Coins (shelf Players): integer", "scope"),
    ("* player names: short", "player names: 4..30 characters"),
    ("* Notes: text 0..4", "takes no limits"),
    ("* Coins:", "say what Coins holds"),
])
def test_override_errors_name_the_line(line, words):
    text = "Intro text, ignored.\n\n* Matches: integer\n" + line + "\n"
    with pytest.raises(OverrideError) as info:
        parse_overrides(text)
    err = info.value
    assert [n for n, _, _ in err.errors] == [4]
    assert "line 4" in str(err) and line.strip() in str(err)
    assert words in str(err)
    assert [c.variable for c in err.parsed] == ["Matches"]  # the good lines are still there


def test_overrides_ignore_prose_and_comments():
    text = "= Constraints =\nSome prose: with a colon.\n<!-- * Coins: off -->\n<pre>\n* Coins: integer 0..3\n</pre>\n"
    got = parse_overrides(text)
    assert [(c.variable, c.max, c.line) for c in got] == [("Coins", 3, 5)]


def test_merge_overrides_win():
    inferred = _inferred("2023")
    overrides = parse_overrides("* Coins: integer 0..10, default 3\n* Matches: off\n* numeric values: off\n"
                                "* Gems: integer\n")
    merged = merge(inferred, overrides)
    by_name = {c.variable: c for c in merged}
    assert by_name["Coins"].max == 10 and by_name["Coins"].origin == "override"
    assert by_name["Matches"].kind == OFF and by_name[NUMERIC].kind == OFF
    assert by_name["Gems"].origin == "override"
    assert sum(1 for c in merged if c.key == "coin") == 1
    assert by_name["Content"].origin == "rule"  # untouched


def test_merge_scoped_override_keeps_other_tables():
    inferred = _inferred("2020")
    merged = merge(inferred, parse_overrides("* Species (table Pets): one of Cat, Dog\n"))
    species = [c for c in merged if c.variable == "Species"]
    assert {(c.table, c.origin) for c in species} == {("Villagers", "rule"), ("Pets", "override")}


# --------------------------------------------------------------------------- every property stated on the overrides page

_PROPERTIES = ("kind", "min", "max", "allowed", "default", "page", "table", "grid", "owner", "refers", "none", "unique",
               "max_items", "distinct", "not_named", "other", "partial", "relative", "min_length", "max_length",
               "length_unit", "excluded", "pattern")


def _stated_again(c: Constraint) -> Constraint:
    from parsers.overrides import override_line
    [o] = parse_overrides(override_line(c))
    return o.as_constraint() if isinstance(o, Disable) else o


def test_every_constraint_the_rules_give_can_be_stated_as_an_override():
    """The line ``wikibot constraints`` offers for each constraint, read back from the overrides page, is the same
    constraint: every property the rules can give one (names of a kind, the mark for none, each at most once,
    never its own, no two the same, never the name of a kind, read in part, limits the bot does not check, a grid,
    an owner) can be stated — and so corrected — by an Admin."""
    from fixturedata import fleet_ruleset, relics_ruleset
    texts = [fixture_text(f"ruleset_{era}.wiki") for era in ("2004", "2016", "2020", "2022", "2023")]
    seen = set()
    for text in texts + [relics_ruleset(), fleet_ruleset()]:
        for c in infer_constraints(parse(text)):
            if not c.variable:
                continue
            again = _stated_again(c)
            assert {p: getattr(again, p) for p in _PROPERTIES} == {p: getattr(c, p) for p in _PROPERTIES}, c
            seen |= {p for p in _PROPERTIES if getattr(c, p) not in (None, False, [], "")}
    assert {"refers", "none", "unique", "distinct", "not_named", "partial", "relative", "grid", "owner"} <= seen


_NAMES = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@st.composite
def _constraints(draw):
    kind = draw(st.sampled_from([INTEGER, ENUM, TEXT, LIST]))
    scope = {k: draw(st.one_of(st.none(), _NAMES.map(str.title))) for k in ("table", "grid", "owner")}
    c = Constraint(draw(_NAMES).title(), kind, relative=draw(st.lists(_NAMES.map(lambda w: f"at most the {w}"),
                                                                       max_size=2)), **scope)
    if kind == INTEGER:
        c.min, c.max = draw(st.one_of(st.none(), st.integers(-5, 5))), draw(st.one_of(st.none(), st.integers(6, 20)))
        c.default = draw(st.one_of(st.none(), st.integers(0, 5).map(str)))
    elif kind == ENUM:
        c.allowed = draw(st.lists(_NAMES.map(str.title), min_size=2, max_size=4, unique_by=str.casefold))
        c.default = draw(st.one_of(st.none(), st.sampled_from(c.allowed)))
        c.none = draw(st.one_of(st.none(), st.sampled_from(["-", "None"])))
    elif draw(st.booleans()):   # names of things
        c.refers = draw(_NAMES).title()
        c.none = draw(st.one_of(st.none(), st.sampled_from(["-", "", "None"])))
        if kind == LIST:
            c.unique, c.other = draw(st.booleans()), draw(st.booleans())
            c.max_items = draw(st.one_of(st.none(), st.integers(1, 9)))
    if kind == TEXT and not draw(st.booleans()):
        c.distinct = draw(st.booleans())
        c.not_named = draw(st.one_of(st.none(), _NAMES.map(str.title)))
        c.default = draw(st.one_of(st.none(), st.just("")))
        c.min_length, c.max_length = draw(st.one_of(st.none(), st.integers(1, 3))), draw(
            st.one_of(st.none(), st.integers(4, 30)))
        c.length_unit = draw(st.sampled_from(["character", "word"])) if (c.min_length, c.max_length) != (None, None) \
            else None
        c.excluded = draw(st.lists(_NAMES, max_size=2, unique=True))
        c.pattern = draw(st.sampled_from([None, "#(#)", "#/#", "#-#", "#"]))
    if draw(st.integers(0, 9)) == 0:
        c.partial = draw(st.lists(_NAMES, min_size=1, max_size=3))
        c.kind, c.min, c.max, c.allowed, c.refers, c.none, c.relative = TEXT, None, None, None, None, None, []
        c.unique = c.other = c.distinct = False
        c.max_items = c.not_named = c.default = c.min_length = c.max_length = c.length_unit = c.pattern = None
        c.excluded = []
    return c


@settings(max_examples=150, deadline=None)
@given(_constraints())
def test_any_constraint_is_stated_and_read_back_the_same(c):
    again = _stated_again(c)
    assert {p: getattr(again, p) for p in _PROPERTIES} == {p: getattr(c, p) for p in _PROPERTIES}


def test_the_newer_properties_stated_by_an_admin_are_what_check_judges_by():
    """An Admin's lines for names of a kind (a stranger is illegal, the dash is none), a list each at most once,
    text no two rows share, a column judged by hand, and a limit the bot does not check."""
    from actions.check import check_edit
    from fixturedata import relics_ruleset
    rules = parse(relics_ruleset())
    page = fixture_text("gamestate_relics.wiki")
    overrides = parse_overrides("* Worth: name of a Puzzler, or - for none\n"
                                "* Keeper (table Relics): list of names of Puzzlers, each at most once, at most 2\n"
                                "* Glow: by hand: the Lamplighter decides\n"
                                "* Kind: text, no two the same\n"
                                "* Coins: integer 0..9; also at most the Bank's Coins\n", page="User:Bot/Constraints")
    merged = merge(infer_constraints(rules), overrides)

    def verdict(old, new):
        return check_edit(rules, merged, page, page.replace(old, new, 1))

    assert verdict("| Sunken Bell || Cup || 2 || Kevan", "| Sunken Bell || Cup || - || Kevan").verdict == "legal"
    assert verdict("| Sunken Bell || Cup || 2 || Kevan", "| Sunken Bell || Cup || Zed || Kevan").verdict == "illegal"
    assert verdict("| Sunken Bell || Cup || 2 || Kevan", "| Sunken Bell || Cup || qenya || Lulu, Kevan").verdict \
        == "legal"
    assert verdict("|| Kevan\n|-\n| Rust", "|| Kevan, Kevan\n|-\n| Rust").verdict == "illegal"
    assert verdict("| Sunken Bell || Cup", "| Sunken Bell || Blade").verdict == "illegal"      # two Blades
    glow = verdict("| Old Gleam || 4", "| Old Gleam || 5")
    assert glow.verdict == "cannot judge" and "the Lamplighter decides" in " ".join(glow.cannot_judge)
    coins = verdict("| Kevan || 2 || 3", "| Kevan || 4 || 3")
    assert coins.verdict == "cannot judge" and "the Bank's Coins" in " ".join(coins.cannot_judge)
    assert verdict("| Kevan || 2 || 3", "| Kevan || 12 || 3").verdict == "illegal"


def test_an_override_for_one_owner_or_grid_leaves_the_others():
    overrides = parse_overrides("* Type (owner Stop): one of Ferry, Bus\n* Content (grid Map): one of Sand, Sea\n")
    inferred = [Constraint("Type", TEXT, owner="Stop"), Constraint("Type", ENUM, owner="Organism", allowed=["A", "B"]),
                Constraint("Content", ENUM, grid="Game Board", allowed=["Lemon", "Kiwi"])]
    merged = merge(inferred, overrides)
    assert sorted((c.owner or c.grid, c.origin) for c in merged) == [
        ("Game Board", "rule"), ("Map", "override"), ("Organism", "rule"), ("Stop", "override")]


@pytest.mark.parametrize("line, words", [
    ("* Keeper: name of a Puzzler, each at most once", "cannot read “each at most once”"),
    ("* Crew: list of names of Puzzlers, no two the same", "cannot read “no two the same”"),
    ("* Notes: text, at most 3", "takes no limits"),
    ("* Coins: integer 0..9; also", "say"),
    ("* Coins (grid Map): off", "scoped by"),
])
def test_newer_override_lines_that_cannot_be_read_say_so(line, words):
    with pytest.raises(OverrideError) as info:
        parse_overrides(line)
    assert words in str(info.value)


def test_json_and_listing():
    cs = _inferred("2020")
    data = constraints_to_json(cs)
    json.dumps(data)
    ap = next(d for d in data if d["variable"] == "Action Points")
    assert ap["source"] == "Action Points" and ap["origin"] == "rule"
    assert ap["sentence"].startswith("Players have a number of Action Points")
    assert ap["description"] == "Action Points hold integers from 0 to 10"
    lines = describe_constraints(cs)
    assert any(line.startswith("Action Points hold integers from 0 to 10; tracked in Archipelago / Players "
                               "(Action Points)") for line in lines)


# --------------------------------------------------------------------------- limits in the defining sentence, single values, grids

def _one_rule(body: str):
    page = fixture_text("ruleset_2023.wiki").replace("== The Game Board ==", f"== Hoard ==\n{body}\n\n== The Game Board ==", 1)
    return {c.variable: c for c in infer_constraints(parse(page))}


@pytest.mark.parametrize("sentence,lo,hi", [
    ("Each Wight has a publicly tracked number of Gems, defaulting to 0, which cannot exceed 5.", 0, 5),
    ("Each Wight has a publicly tracked number of Gems, which may not be greater than 10.", 0, 10),
    ("Each Wight has a publicly tracked number of Gems, defaulting to 2 and with a maximum of 10.", 0, 10),
    ("Each Wight has a publicly tracked number of Gems, which may not fall below 1.", 1, None),
])
def test_a_limit_in_the_sentence_that_defines_the_variable(sentence, lo, hi):
    gems = _one_rule(sentence)["Gems"]
    assert (gems.kind, gems.min, gems.max) == (INTEGER, lo, hi)
    assert gems.sentence == sentence and gems.rule == "Hoard"


def test_a_limit_of_another_variable_in_the_same_sentence_is_not_taken():
    found = _one_rule("Each Wight has a number of Gems and a number of Bones, which cannot exceed 5.")
    assert found["Gems"].max is None


def test_a_single_value_with_its_default_and_limit():
    tide = _one_rule("The Tide Level is a publicly tracked number, defaulting to 1, which cannot exceed 6.")["Tide Level"]
    assert (tide.kind, tide.min, tide.max, tide.default) == (INTEGER, 0, 6, "1")


def test_a_grid_of_cells_constrains_every_cell():
    content = {c.variable: c for c in infer_constraints(parse(fixture_text("ruleset_2023.wiki")))}["Content"]
    assert content.grid == "Game Board" and content.kind == ENUM and "Lemon" in content.allowed
    assert any("10 by 10 grid" in s for s in content.sentences)


ERA_PAGES = [  # (era, gamestate fixture, {table: columns the rules constrain})
    ("2004", "gamestate_gndt_2004.wiki", {"Lord table": {"Confidence", "Electoral Votes", "Voting Record"}}),
    ("2016", "gamestate_communities_2016.wiki", {"Communities": {"Name", "Faction", "War", "Culture", "Economy"}}),
    ("2020", "gamestate_archipelago_2020.wiki", {"Players": {"Action Points"},
                                                "Villagers": {"Name", "Species", "Personality", "Location"}}),
    ("2022", "gamestate_metropolis_2022.wiki", {"Baron table": {"Baron", "Influence", "Personal Resources Stockpile"},
                                               "Monster Species": {"Affinity"}}),
    ("2023", "gamestate_puzzle_board.wiki", {"Game Board (Row, Column)": {"every cell"},
                                            "Puzzlers": {"Puzzler", "Coins", "Matches"}}),
]


@pytest.mark.parametrize("era,page,expected", ERA_PAGES, ids=[e[0] for e in ERA_PAGES])
def test_every_constrained_column_of_each_era_page_is_named(era, page, expected):
    from actions.legality import GUESS, Legality, page_constraints
    from parsers.gamestate import parse_gamestate

    rules = page_constraints(Legality(parse(fixture_text(f"ruleset_{era}.wiki"))), parse_gamestate(fixture_text(page)))
    named: dict[str, set] = {}
    for r in rules:
        if r.constraint is not None and r.how != GUESS and r.table:
            named.setdefault(r.table, set()).add(r.column)
            assert r.constraint.sentence, r   # each with the sentence it comes from
    assert named == expected


@pytest.mark.parametrize("sentence,name,default", [
    ("Each Wight has a numeric value of Lanterns which defaults to 300.", "Lanterns", "300"),
    ("Each Wight has a Renown, which is publicly tracked and defaults to 0.", "Renown", "0"),
    ("The Tide Number is publicly tracked on the tracking page of the gamestate, and defaults to 2.", "Tide Number", "2"),
])
def test_numbers_named_by_their_value_or_their_default(sentence, name, default):
    found = _one_rule(sentence)[name]
    assert (found.kind, found.min, found.default) == (INTEGER, 0, default)


# --------------------------------------------------------------------------- every fixture page: every column named, none read in part

FIXTURE_PAGES = [(era, page) for era, page, _ in ERA_PAGES] + [
    ("2023", "gamestate_lighthouse.wiki"), ("2023", "gamestate_harbour_ledger.wiki"), ("2023", "gamestate_spans.wiki"),
    ("relics", "gamestate_relics.wiki")]


@pytest.mark.parametrize("era,page", FIXTURE_PAGES, ids=[p for _, p in FIXTURE_PAGES])
def test_no_column_of_a_fixture_page_is_read_in_part(era, page):
    """Every sentence of the rules that constrains a column of a fixture page is read in full: no column
    is "read in part" or "cannot judge" — but the one the relics rules define in words no reader could
    check ("must never be a prime number")."""
    from actions.legality import Legality, page_constraints
    from fixturedata import relics_ruleset
    from parsers.gamestate import parse_gamestate

    text = relics_ruleset() if era == "relics" else fixture_text(f"ruleset_{era}.wiki")
    rules = page_constraints(Legality(parse(text)), parse_gamestate(fixture_text(page)))
    partial = {(r.table, r.column) for r in rules if r.partial}
    assert partial == ({("Lanterns", "Glow")} if era == "relics" else set())
    if era == "relics":
        named = {(r.table, r.column) for r in rules if r.constraint is not None and r.how != "guess"}
        assert named >= {(None, "Crew"), ("Relics", "Kind"), ("Relics", "Worth"), ("Relics", "Keeper"),
                         ("Plots", "Owner"), ("Puzzlers", "Coins"), ("Puzzlers", "Matches")}


def test_the_2022_rules_a_careful_admin_reads_in_full_are_read_in_full():
    found = {c.variable: c for c in _inferred("2022")}
    classification, subtype = found["Classification"], found["Subtype"]
    assert (classification.partial, classification.not_named, classification.distinct) == ([], "Monster Species", False)
    assert (subtype.partial, subtype.refers) == ([], "Monster Species")
    # the Keep's sentence speaks of a second owner's stockpile and a Crown: read in part, and said so
    assert [c.variable for c in found.values() if c.partial] == ["Keep"]

"""``check`` on the definitions the grammar reads: values that name things, read-in-part definitions,
grids and tables the page does not let the bot match. Rules and pages in the project's own words."""

from __future__ import annotations

import json

import pytest

from actions.check import check_edit
from cli_run import wikibot
from actions.constraints import infer_constraints, merge, parse_overrides
from actions.legality import Legality, page_constraints
from parsers.gamestate import parse_gamestate
from parsers.ruleset import parse

RULES = """== Harbour ==
The gamestate tracking page for this game is the [[Harbour]] page of the wiki. Unless otherwise stated, all publicly tracked gamestate information is tracked on it.

== Relics ==
Relics are tracked in the “Relics” table of the gamestate page. Each Relic has a Kind, which is one of Cup, Blade or Coin; a Worth, which is an integer between 1 and 5; and a Keeper, which is the name of a Player.

== Plots ==
Each Plot may be owned by a single Player. An unowned Plot is noted with a dash.

== Crew ==
The Crew is a publicly tracked list of the names of Players, each at most once.

== The Map ==
The Map is a publicly tracked 3 by 3 grid, each cell of which holds the name of a Player or a dash.

== Lanterns ==
Each Lantern has a Glow, which must never be a prime number. Each Lantern has a Port, which is the name of a Dock.
"""

PAGE = """{| class="wikitable"
! Crew
| Alice, Bob
|}

== Sailors ==
{| class="wikitable"
! Player !! Score
|-
| Alice || 1
|-
| Bob || 2
|-
| Carol || 3
|}

== Relics ==
{| class="wikitable"
! Relic !! Kind !! Worth !! Keeper
|-
| Sunken Bell || Cup || 2 || Alice
|}

== Plots ==
{| class="wikitable"
! Plot !! Owner
|-
| North Field || Bob
|-
| Salt Flat || -
|}

{| class="wikitable"
|+ The Map (Row, Column)
! !! 1 !! 2 !! 3
|-
! 1
| Alice || - || -
|-
! 2
| - || Bob || -
|-
! 3
| - || - || Carol
|}

== Lanterns ==
{| class="wikitable"
! Lantern !! Glow !! Port
|-
| Old Gleam || 4 || Gull Quay
|}

== Docks ==
{| class="wikitable"
! Dock !! Depth
|-
| Gull Quay || 3
|-
| Reed Pier || 1
|}
"""

MODEL = parse(RULES)
FOUND = infer_constraints(MODEL)


def verdict(old: str, new: str, constraints=None) -> tuple[str, str]:
    result = check_edit(MODEL, FOUND if constraints is None else constraints, old, new)
    return result.verdict, result.summary


def edit(old: str, new: str, text: str = PAGE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_a_thing_of_a_table_has_its_kind_range_and_keeper_judged():
    assert verdict(PAGE, edit("| Cup || 2 ||", "| Banana || 2 ||"))[0] == "illegal"
    assert verdict(PAGE, edit("| Cup || 2 ||", "| Cup || 77 ||"))[0] == "illegal"
    assert verdict(PAGE, edit("| Cup || 2 || Alice", "| Coin || 5 || Carol")) == (
        "legal", "No illegal values among 3 changed values.")


def test_a_keeper_must_be_a_player_who_exists():
    got, summary = verdict(PAGE, edit("|| 2 || Alice", "|| 2 || Zed"))
    assert got == "illegal" and "Keeper names one Player" in summary and "(Relics)" in summary


def test_an_owner_is_one_player_or_the_dash():
    assert verdict(PAGE, edit("| North Field || Bob", "| North Field || Stranger"))[0] == "illegal"
    two, summary = verdict(PAGE, edit("| North Field || Bob", "| North Field || Alice, Bob"))
    assert two == "illegal" and "names one Player, or - for none" in summary
    assert verdict(PAGE, edit("| North Field || Bob", "| North Field || -"))[0] == "legal"
    assert verdict(PAGE, edit("| Salt Flat || -", "| Salt Flat || Carol"))[0] == "legal"


def test_a_list_of_the_names_of_players():
    assert verdict(PAGE, edit("| Alice, Bob", "| Alice, Zed"))[0] == "illegal"
    twice, summary = verdict(PAGE, edit("| Alice, Bob", "| Alice, Alice"))
    assert twice == "illegal" and "each at most once" in summary
    assert verdict(PAGE, edit("| Alice, Bob", "| Carol, Bob, Alice"))[0] == "legal"


def test_a_grid_whose_caption_carries_the_rules_article_holds_names_of_players():
    assert verdict(PAGE, edit("| Alice || - || -", "| Zed || - || -"))[0] == "illegal"
    assert verdict(PAGE, edit("| Alice || - || -", "| Bob || - || -"))[0] == "legal"
    bare = PAGE.replace("|+ The Map (Row, Column)", "|+ Map (Row, Column)")
    assert verdict(bare, edit("| Alice || - || -", "| Zed || - || -", bare))[0] == "illegal"


def test_what_every_cell_of_a_named_grid_holds():
    rules = RULES.replace("The Map is a publicly tracked 3 by 3 grid, each cell of which holds the name of a Player or a "
                          "dash.", "The Map is a publicly tracked 3x3 grid. Each cell of the Map holds the name of a "
                          "Player, or a dash when it holds none.")
    model = parse(rules)
    found = infer_constraints(model)
    assert check_edit(model, found, PAGE, edit("| Alice || - || -", "| Zed || - || -")).verdict == "illegal"
    assert check_edit(model, found, PAGE, edit("| Alice || - || -", "| - || - || -")).verdict == "legal"


def test_a_grid_the_page_does_not_name_cannot_be_judged():
    board = PAGE.replace("|+ The Map (Row, Column)", "|+ Board")
    got, summary = verdict(board, edit("| Alice || - || -", "| Zed || - || -", board))
    assert got == "cannot judge" and "the grid “Map”" in summary


def test_a_table_the_page_does_not_name_cannot_be_judged():
    # the rules keep Relics in the “Relics” table; this page calls it something else
    treasures = PAGE.replace("== Relics ==\n{| class=\"wikitable\"\n! Relic", "== Treasures ==\n{| class=\"wikitable\"\n! Treasure")
    got, summary = verdict(treasures, edit("| Cup || 2 ||", "| Banana || 2 ||", treasures))
    assert got == "cannot judge" and "“Relics”" in summary


def test_a_value_must_name_an_existing_thing_of_another_table():
    assert verdict(PAGE, edit("| Gull Quay\n|}", "| Reed Pier\n|}"))[0] == "legal"
    got, summary = verdict(PAGE, edit("| Gull Quay\n|}", "| Atlantis\n|}"))
    assert got == "illegal" and "Port names one Dock" in summary


def test_a_definition_read_in_part_is_never_legal_and_names_the_words():
    result = check_edit(MODEL, FOUND, PAGE, edit("| Old Gleam || 4", "| Old Gleam || 6"))
    assert result.verdict == "cannot judge" and not result.legal
    assert "must never be a prime number" in result.summary
    # an Admin's override settles it
    settled = merge(FOUND, parse_overrides("* Glow: integer 0..10\n"))
    assert verdict(PAGE, edit("| Old Gleam || 4", "| Old Gleam || 6"), settled)[0] == "legal"


def test_wikibot_check_exits_2_and_constraints_shows_the_part_read(tmp_path):
    rules, old, new = tmp_path / "rules.wiki", tmp_path / "old.wiki", tmp_path / "new.wiki"
    rules.write_text(RULES, encoding="utf-8")
    old.write_text(PAGE, encoding="utf-8")
    new.write_text(edit("| Old Gleam || 4", "| Old Gleam || 6"), encoding="utf-8")
    checked = wikibot("check", "--ruleset-file", rules, "--old-file", old, "--new-file", new, "--json")
    assert checked.returncode == 2, checked.stderr
    data = json.loads(checked.stdout)
    assert data["verdict"] == "cannot judge" and any("prime number" in r for r in data["cannot_judge"])
    listed = wikibot("constraints", "--ruleset-file", rules, "--gamestate-file", old)
    assert listed.returncode == 0, listed.stderr
    assert "READ IN PART: Glow is defined in words the bot could not read in full" in listed.stdout
    assert "Lanterns / Glow: READ IN PART" in listed.stdout


def test_every_column_of_the_page_is_named():
    page = parse_gamestate(PAGE)
    rules = {(r.table, r.column): r for r in page_constraints(Legality(MODEL, FOUND), page)}
    for table, column in [("Relics", "Kind"), ("Relics", "Worth"), ("Relics", "Keeper"), ("Plots", "Owner"),
                          ("Lanterns", "Port"), ("The Map (Row, Column)", "every cell"), (None, "Crew")]:
        assert rules[(table, column)].constraint is not None, (table, column)
        assert not rules[(table, column)].partial, (table, column)
    assert rules[("Lanterns", "Glow")].partial


def test_words_unread_where_an_attribute_stood_govern_the_columns_they_name():
    rules = parse("== Beacons ==\nEach Beacon has a Colour, which is either Red or Blue, and a shiny bright Halo no "
                  "wider than 4 spans.\n")
    page = ("{| class=\"wikitable\"\n! Beacon !! Colour !! Halo !! Keeper\n|-\n| Gull Rock || Red || 2 || Alice\n|}\n")
    found = infer_constraints(rules)
    halo = check_edit(rules, found, page, edit("|| 2 ||", "|| 9 ||", page))
    assert halo.verdict == "cannot judge" and "no wider than 4 spans" in halo.summary
    assert check_edit(rules, found, page, edit("| Alice", "| Bob", page)).verdict == "legal"   # not named there
    assert check_edit(rules, found, page, edit("| Red ||", "| Green ||", page)).verdict == "illegal"


def test_a_name_that_is_flavour_text_and_never_the_name_of_a_thing_of_another_kind():
    # "which has a distinct name": the Crest's own name (two Lanterns may bear one Crest); "cannot be the
    # same as the name of a Dock": checked against the Docks on the page, and never "legal" without them
    rules = RULES + ("\n== Crests ==\nEach Lantern also has a publicly tracked Crest that it belongs to, which has a "
                     "distinct name that is flavour text and cannot be the same as the name of a Dock.\n")
    model = parse(rules)
    found = infer_constraints(model)
    crest = next(c for c in found if c.variable == "Crest")
    assert not crest.partial and crest.not_named == "Dock" and not crest.distinct, crest
    assert "never the name of a Dock" in crest.describe()
    page = PAGE.replace("! Lantern !! Glow !! Port\n|-\n| Old Gleam || 4 || Gull Quay",
                        "! Lantern !! Glow !! Port !! Crest\n|-\n| Old Gleam || 4 || Gull Quay || Heron\n|-\n"
                        "| Dim Wick || 4 || Reed Pier || Heron")
    assert check_edit(model, found, page, page.replace("|| Reed Pier || Heron", "|| Reed Pier || Otter")).verdict \
        == "legal"
    bad = check_edit(model, found, page, page.replace("|| Reed Pier || Heron", "|| Reed Pier || Gull Quay"))
    assert bad.verdict == "illegal" and "never the name of a Dock" in bad.summary
    no_docks = page[:page.index("== Docks ==")]
    unknown = check_edit(model, found, no_docks, no_docks.replace("|| Reed Pier || Heron", "|| Reed Pier || Otter"))
    assert unknown.verdict == "cannot judge" and "Dock" in unknown.summary


def test_a_value_that_must_be_unique_is_never_shared():
    rules = RULES + "\n== Wicks ==\nEach Lantern has a Wick, which is flavour text and must be unique.\n"
    model = parse(rules)
    found = infer_constraints(model)
    page = PAGE.replace("! Lantern !! Glow !! Port\n|-\n| Old Gleam || 4 || Gull Quay",
                        "! Lantern !! Glow !! Port !! Wick\n|-\n| Old Gleam || 4 || Gull Quay || Tallow\n|-\n"
                        "| Dim Wick || 4 || Reed Pier || Flax")
    assert check_edit(model, found, page, page.replace("|| Flax", "|| Hemp")).verdict == "legal"
    assert check_edit(model, found, page, page.replace("|| Flax", "|| Tallow")).verdict == "illegal"


# --------------------------------------------------------------------------- definitions the grammar does not recognise

PENNANTS = """== Fields ==
Fields are tracked in the “Fields” table of the gamestate page. Each Field has a Depth, which is an integer between 1 and 6.
{rule}
"""

FIELDS = """== Fields ==
{| class="wikitable"
! Field !! Depth !! Pennant
|-
| Low Meadow || 2 || Amber
|-
| Ridge || 3 || Teal
|}
"""

#: one limit on a Field's Pennant in wordings the grammar has no rule for (a verb other than "has", a
#: colon or parenthesis, a clause after a semicolon or a condition): each read in part, never in full
UNREAD_PENNANTS = [
    "Each Field also flies a Pennant, which is one of Amber or Teal.",
    "Every Field hoists a Pennant, which may only be Amber or Teal.",
    "Fields each fly a Pennant, which must be “Amber” or “Teal”.",
    "Each Field bears a Pennant: Amber or Teal.",
    "Each Field flies a Pennant (either Amber or Teal).",
    "Each Field is given a Pennant, which is chosen from Amber and Teal.",
    "Each Field flies a Pennant, whose colour is one of Amber or Teal.",
    "Every Field flies a single Pennant; a Pennant is Amber or Teal.",
    "If a Field is deep, its Pennant must be Amber or Teal.",
    "Each Field flies a Pennant, which can never be longer than 2 letters.",
]


def _fields(rule: str, old: str, new: str):
    model = parse(PENNANTS.replace("{rule}", rule))
    return check_edit(model, infer_constraints(model), FIELDS, edit(old, new, FIELDS))


@pytest.mark.parametrize("rule", UNREAD_PENNANTS)
def test_a_definition_the_grammar_does_not_recognise_is_never_legal(rule):
    for new in ("| 2 || Crimson", "| 2 || Teal"):   # a value the rule forbids, and one it allows: both unjudged
        result = _fields(rule, "| 2 || Amber", new)
        assert result.verdict == "cannot judge" and not result.legal, (rule, result.summary)
        assert "Pennant of Low Meadow" in result.summary and rule.rstrip(".") in result.summary
    # the column the rules read in full is still judged
    assert _fields(rule, "| 2 || Amber", "| 9 || Amber").verdict == "illegal"


@pytest.mark.parametrize("rule", [
    "A Farmer may spend 3 Favour to change a Pennant to Amber or Teal.",
    "If a Field's Pennant is Amber, its owner may sow one of Barley or Rye.",
    "Each Field also flies a Pennant, which the Farmer may repaint.",
    "He chooses a Pennant who is in one of his Fields.",
    "Anybody may raise a Pennant (if they are not already playing) by asking any of the Admins.",
    # a condition on a value, or a cost paid in it, is no limit on it
    "If a Field's Depth is 3, its Farmer may sow Rye.",
    "A Farmer may spend 3 Depth to plant a Crop.",
    "A Field whose Depth is more than 3, if it is Teal, may be drained.",
])
def test_a_sentence_of_actions_or_conditions_leaves_a_column_unconstrained(rule):
    # no definition's shape: the Pennant column stays as no rule limits it, and the Depth as read (1 to 6)
    assert _fields(rule, "| 2 || Amber", "| 2 || Crimson").verdict == "legal", rule
    assert _fields(rule, "| 2 || Amber", "| 5 || Amber").verdict == "legal", rule
    assert _fields(rule, "| 2 || Amber", "| 9 || Amber").verdict == "illegal", rule


def test_a_definition_the_grammar_does_not_recognise_makes_a_full_one_partial():
    # the Depth read in full, and again in words no rule reads: a value is never called legal
    result = _fields("A Field's Depth can never go below 2 when it is flooded.", "| 2 || Amber", "| 3 || Amber")
    assert result.verdict == "cannot judge", result.summary


#: a limit on a Field's Depth said only of some Fields, in wordings the grammar has no rule for: the subject in the
#: clause after a condition, qualified by what it has, or a limit said as what it may have
CONDITIONAL_DEPTHS = [
    "If a Field's Pennant is Teal, the Depth may not exceed 3.",
    "If its Pennant is Teal, a Field's Depth may be at most 3.",
    "The Depth of a Field with a Teal Pennant may not exceed 3.",
    "A Field whose Pennant is Teal may not have a Depth above 3.",
    "No Field flying a Teal Pennant may have more than 3 Depth.",
    "While it is flooded, each Field's Depth must be less than 3.",
]


@pytest.mark.parametrize("rule", CONDITIONAL_DEPTHS)
def test_a_limit_said_of_some_things_only_is_never_read_as_no_limit(rule):
    # the Depth is read in full (1 to 6) and again in words no rule reads: no Depth is called legal
    for old, new in (("| 3 || Teal", "| 5 || Teal"), ("| 2 || Amber", "| 3 || Amber")):
        result = _fields(rule, old, new)
        assert result.verdict == "cannot judge" and not result.legal, (rule, result.summary)
        assert rule.rstrip(".") in result.summary


def test_wikibot_constraints_shows_a_definition_it_does_not_recognise_as_read_in_part(tmp_path):
    rules, page = tmp_path / "rules.wiki", tmp_path / "page.wiki"
    rules.write_text(PENNANTS.replace("{rule}", UNREAD_PENNANTS[0]), encoding="utf-8")
    page.write_text(FIELDS, encoding="utf-8")
    listed = wikibot("constraints", "--ruleset-file", rules, "--gamestate-file", page)
    assert listed.returncode == 0, listed.stderr
    assert "READ IN PART: Pennant is defined in words the bot could not read in full" in listed.stdout
    assert "Fields / Pennant: READ IN PART" in listed.stdout


# --------------------------------------------------------------------------- an apiary: each protection against "legal"

APIARY = """= Core Rules =
== Beekeepers ==
Anyone taking part in the game is a Player.
= Dynastic Rules =
== The Apiary ==
The gamestate tracking page for this dynasty is the [[Apiary]] page of the wiki. Unless otherwise stated, all publicly tracked gamestate information is tracked on it.
== Hives ==
Hives are publicly tracked in the Hives table. Each Hive has a Strain, which is one of Tame, Wild or Mixed, and a Honey, which is an integer between 0 and 8.
{rule}
= Appendix =
== Numbers ==
Game variables that hold numbers can hold only non-negative integers.
"""

APIARY_PAGE = """== Keepers ==
{| class="wikitable"
! Player !! Post !! Jars !! Perch !! Grove
|-
| Maud || Smoker || 3 || - || Elm Hollow
|-
| Osric || Drone || 1 || - || Elm Hollow
|-
| Tamsin || Smoker || 2 || - || Crab Apple
|}

== Hives ==
{| class="wikitable"
! Hive !! Strain !! Honey
|-
| Bellwether || Tame || 5
|-
| Clover || Wild || 2
|}

== Groves ==
{| class="wikitable"
! Grove !! Oases
|-
| Elm Hollow || 1
|-
| Crab Apple || 2
|}
"""


def apiary(rule: str, old: str, new: str, page: str = APIARY_PAGE):
    model = parse(APIARY.replace("{rule}", rule))
    return check_edit(model, infer_constraints(model), page, edit(old, new, page))


def test_a_name_of_a_kind_the_page_keeps_no_table_of_is_cannot_judge():
    # Perches are named but the page has no table of Roosts: neither a stranger nor a known name is "legal"
    for new in ("| Wrenfold ||", "| Elm Hollow ||"):
        result = apiary("Each Player has a Perch, which is the name of a Roost.", "| 3 || - ||", "| 3 " + new)
        assert result.verdict == "cannot judge" and "no table of Roosts" in result.summary, result.summary


@pytest.mark.parametrize("rule", [
    "Each Player has a Grove, which is always one of the Groves.",
    "Each Player has a Grove, which is the name of a Grove.",
    "A Player's Grove is publicly tracked and is always one of the Groves.",
])
def test_a_name_of_a_thing_of_another_table_is_judged_against_its_rows(rule):
    assert apiary(rule, "| Elm Hollow\n|-\n| Osric", "| Birch Ring\n|-\n| Osric").verdict == "illegal"
    assert apiary(rule, "| Elm Hollow\n|-\n| Osric", "| Crab Apple\n|-\n| Osric").verdict == "legal"


def test_a_plural_in_is_is_singular_in_is():
    from parsers import language
    from parsers.variables import singular_phrase, variable_key
    assert language.singular("Oases") == "Oasis" and language.plural("Oasis") == "Oases"
    assert singular_phrase("Crises") == "Crisis" and variable_key("Oases") == variable_key("Oasis") == "oasis"
    assert language.singular("Oasis") is None and language.singular("Status") is None
    assert language.singular("Kiwis") == "Kiwi" and language.singular("Menus") == "Menu"


def test_a_column_written_some_other_way_never_calls_a_new_value_legal():
    page = APIARY_PAGE.replace("| Tame || 5", "| 🐝 || 5").replace("| Wild || 2", "| 🔥 || 2")
    rule = "Each Hive has a Mood, which is Calm or Angry."
    # a value the column already holds, as the page writes it: not judged (a note says so)
    kept = apiary(rule, "| 🐝 || 5", "| 🔥 || 5", page)
    assert kept.verdict == "legal" and any("written some other way" in n for n in kept.notes)
    # one neither the rules nor the column name: not shown illegal, never legal
    new = apiary(rule, "| 🐝 || 5", "| 🦄 || 5", page)
    assert new.verdict == "cannot judge" and "written some other way" in new.summary


#: a limit on a Hive's Honey under a condition on its Strain, in several wordings
WILD_HONEY = [
    "If a Hive's Strain is Wild, its Honey may not exceed 3.",
    "A Wild Hive's Honey may be no more than 3.",
    "The Honey of a Hive whose Strain is Wild is at most 3.",
    "Wild Hives cannot have a Honey greater than 3.",
    "While a Hive is Wild, its Honey must not be higher than 3.",
]


@pytest.mark.parametrize("rule", WILD_HONEY)
def test_a_change_to_the_column_a_condition_names_is_never_legal(rule):
    # Bellwether (Honey 5) becomes Wild: the limit the bot cannot check depends on it
    result = apiary(rule, "| Tame || 5", "| Wild || 5")
    assert result.verdict == "cannot judge", result.summary


@pytest.mark.parametrize("rule", [
    "A Player whose Post is Smoker may not have more than 2 Jars.",
    "If a Player's Post is Smoker, their Jars may not exceed 2.",
    "Smokers may have at most 2 Jars.",
    "While a Player is a Smoker, they cannot have more than two Jars.",
])
def test_a_limit_said_of_a_kind_of_player_is_never_legal(rule):
    # Osric (1 Jar) becomes a Smoker, and a Smoker's Jars change: both depend on the limit not read, whether the
    # Jars are defined for every Player too or not
    for defined in ("", "Each Player has a publicly tracked number of Jars. "):
        assert apiary(defined + rule, "| Drone || 1", "| Smoker || 1").verdict == "cannot judge", defined
        assert apiary(defined + rule, "| Smoker || 2", "| Smoker || 3").verdict == "cannot judge", defined
    # a Jar count below zero is still shown illegal by the rule read in full (or cannot be judged): never legal
    assert apiary("Each Player has a publicly tracked number of Jars. " + rule, "| Smoker || 2",
                  "| Smoker || -1").verdict != "legal"


def test_another_player_is_never_the_owner_itself():
    rule = "Each Player may name at most one other Player as their Perch. A Player without a Perch has a dash in place of a name."
    assert apiary(rule, "| 3 || - ||", "| 3 || Osric ||").verdict == "legal"
    assert apiary(rule, "| 3 || - ||", "| 3 || Maud ||").verdict == "illegal"        # Maud's own name
    assert apiary(rule, "| 3 || - ||", "| 3 || Zebedee ||").verdict == "illegal"     # no such Player
    assert apiary(rule, "| 3 || - ||", "| 3 || Osric, Tamsin ||").verdict == "illegal"
    assert apiary(rule, "| 1 || - ||", "| 1 || - ||").verdict == "legal"


@pytest.mark.parametrize("rule", [
    "Each Hive has a Capacity, which is an integer. A Hive's Honey may never exceed its Capacity.",
    "Each Hive has a Capacity (an integer), and its Honey may not be more than its Capacity.",
])
def test_a_change_to_the_column_another_limit_is_relative_to_is_never_legal(rule):
    page = APIARY_PAGE.replace("! Hive !! Strain !! Honey", "! Hive !! Strain !! Honey !! Capacity") \
        .replace("| Tame || 5", "| Tame || 5 || 6").replace("| Wild || 2", "| Wild || 2 || 4")
    assert apiary(rule, "| 5 || 6", "| 5 || 4", page).verdict == "cannot judge"


@pytest.mark.parametrize("rule", [
    "The total number of Jars held by all Players may not exceed 7.",
    "There may be no more than 7 Jars in total among all Players.",
    "The sum of all Players' Jars is at most 7.",
])
def test_a_limit_over_all_rows_is_never_legal(rule):
    # 3 + 1 + 2 = 6; a Jar more is 7, two more is 8: the bot does not add them up
    for new in ("| Drone || 2", "| Drone || 3"):
        result = apiary(rule, "| Drone || 1", new)
        assert result.verdict == "cannot judge" and "limit over many rows" in result.summary, result.summary


@pytest.mark.parametrize("rule", [
    "No Hive may be in more than one Grove.",
    "A Hive may be listed in only one Grove.",
])
def test_a_thing_in_only_one_of_many_lists_is_never_legal(rule):
    model = parse(APIARY.replace("{rule}", "Each Grove has a Keep, which is a list of the names of Hives. " + rule))
    page = APIARY_PAGE.replace("! Grove !! Oases", "! Grove !! Keep").replace("| Elm Hollow || 1", "| Elm Hollow || Clover") \
        .replace("| Crab Apple || 2", "| Crab Apple || ")
    result = check_edit(model, infer_constraints(model), page, page.replace("| Crab Apple || ", "| Crab Apple || Clover"))
    assert result.verdict == "cannot judge", result.summary


@pytest.mark.parametrize("rule", [
    "Each Player is stationed at a Grove, which is publicly tracked as their Grove.",
    "Each Player has a Grove, which is publicly tracked and is Elm Hollow or Crab Apple.",
    "The Grove where each Player works is publicly tracked, and is either Elm Hollow or Crab Apple.",
])
def test_a_sentence_that_says_where_a_variable_is_tracked_and_what_it_is_is_read(rule):
    # read in full (a Grove names one of the Groves, or one of two) or in part: never legal for a stranger
    result = apiary(rule, "| Elm Hollow\n|-\n| Osric", "| Birch Ring\n|-\n| Osric")
    assert result.verdict in ("illegal", "cannot judge"), (rule, result.summary)


@pytest.mark.parametrize("rule", [
    "The Jars of each Player are publicly tracked.",
    "If a Player is idle, this is tracked by their name being struck through.",
    "Whenever a Hive is smoked, the time is recorded in the Hives table and its Honey may not exceed 3 that day.",
])
def test_a_sentence_of_where_or_when_leaves_columns_alone(rule):
    # no limit said of the Jars: a Jar count is judged by the Appendix only
    assert apiary(rule, "| Drone || 1", "| Drone || 4").verdict == "legal", rule
    assert apiary(rule, "| Drone || 1", "| Drone || -4").verdict == "illegal", rule


@pytest.mark.parametrize("rule", ["Smokers may have at most 2 Jars.", "Smokers can hold no more than 2 Jars."])
def test_a_limit_said_of_a_kind_no_rule_defines_is_not_applied_to_everyone(rule):
    # a Drone's Jars are not limited by what Smokers may have: never "illegal" for them, and never "legal" either
    # while which Players are Smokers is not read
    assert apiary(rule, "| Drone || 1", "| Drone || 3").verdict == "cannot judge"
    assert "Jars" not in {c.variable for c in infer_constraints(parse(APIARY.replace("{rule}", rule)))
                          if c.max == 2 and not c.partial}


def test_a_single_value_labelled_with_the_rules_article_is_the_rules_variable():
    # the page says "The Crew", the rule "The Crew is …": the same list, judged — never "no rule constrains it"
    page = PAGE.replace("! Crew\n", "! The Crew\n", 1)
    result = check_edit(MODEL, FOUND, page, page.replace("| Alice, Bob\n", "| Alice, Zed\n", 1))
    assert result.verdict == "illegal", result.summary
    assert check_edit(MODEL, FOUND, page, page.replace("| Alice, Bob\n", "| Alice, Carol\n", 1)).verdict == "legal"


@pytest.mark.parametrize("limit", [
    "No Player may be the Keeper of more than one Relic.",
    "A Player may be the Keeper of at most one Relic.",
    "No two Relics may have the same Keeper.",
])
def test_a_limit_across_things_no_definition_reads_is_never_legal(limit):
    model = parse(RULES.replace("and a Keeper, which is the name of a Player.",
                                "and a Keeper, which is the name of a Player. " + limit, 1))
    page = PAGE.replace("| Sunken Bell || Cup || 2 || Alice\n", "| Sunken Bell || Cup || 2 || Alice\n|-\n"
                        "| Rust Key || Blade || 3 || Bob\n", 1)
    result = check_edit(model, infer_constraints(model), page, page.replace("| 3 || Bob\n", "| 3 || Alice\n", 1))
    assert result.verdict == "cannot judge" and "Keeper" in result.summary, result.summary
    # what the definition reads whole is judged as ever
    result = check_edit(model, infer_constraints(model), page, page.replace("| 3 || Bob\n", "| 3 || Zed\n", 1))
    assert result.verdict == "illegal", result.summary


def test_words_read_as_another_variable_that_name_a_column_govern_it():
    # "a set of … distinct Charms" may be read as a variable “Set”: the Charms the words name are not free
    model = parse(RULES + "\n== Charms ==\nEach Player has a publicly tracked set of up to two distinct Charms, chosen "
                          "from Shell, Bone and Pearl.\n")
    page = PAGE.replace("! Player !! Score\n|-\n| Alice || 1\n", "! Player !! Score !! Charms\n|-\n| Alice || 1 || Bone\n", 1)
    result = check_edit(model, infer_constraints(model), page, page.replace("| 1 || Bone\n", "| 1 || Bone, Coin\n", 1))
    assert result.verdict != "legal", result.summary

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
])
def test_a_sentence_of_actions_or_conditions_leaves_a_column_unconstrained(rule):
    # no definition's shape: the Pennant column stays as no rule limits it, and the Depth as read
    assert _fields(rule, "| 2 || Amber", "| 2 || Crimson").verdict == "legal", rule
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


@pytest.mark.parametrize("rule", [
    "If a Field's Depth is 3, its Farmer may sow Rye.",
    "A Farmer may spend 3 Depth to plant a Crop.",
    "A Field whose Depth is more than 3, if it is Teal, may be drained.",
])
def test_a_condition_on_a_value_is_no_limit_on_it(rule):
    assert _fields(rule, "| 2 || Amber", "| 5 || Amber").verdict == "legal", rule
    assert _fields(rule, "| 2 || Amber", "| 9 || Amber").verdict == "illegal", rule


def test_wikibot_constraints_shows_a_definition_it_does_not_recognise_as_read_in_part(tmp_path):
    rules, page = tmp_path / "rules.wiki", tmp_path / "page.wiki"
    rules.write_text(PENNANTS.replace("{rule}", UNREAD_PENNANTS[0]), encoding="utf-8")
    page.write_text(FIELDS, encoding="utf-8")
    listed = wikibot("constraints", "--ruleset-file", rules, "--gamestate-file", page)
    assert listed.returncode == 0, listed.stderr
    assert "READ IN PART: Pennant is defined in words the bot could not read in full" in listed.stdout
    assert "Fields / Pennant: READ IN PART" in listed.stdout

"""One gamestate edit → violations, on the gamestate fixtures and on small era pages."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.check import SUMMARY_LIMIT, CheckResult, check_edit
from actions.constraints import infer_constraints, merge, parse_overrides
from fixturedata import fixture_text
from parsers.ruleset import parse

APPX = "Appendix: Numbers and Variables"
R2020 = parse(fixture_text("ruleset_2020.wiki"))
R2022 = parse(fixture_text("ruleset_2022.wiki"))
R2023 = parse(fixture_text("ruleset_2023.wiki"))
C2020 = infer_constraints(R2020)
C2022 = infer_constraints(R2022)
C2023 = infer_constraints(R2023)
LIGHTHOUSE = fixture_text("gamestate_lighthouse.wiki")
LEDGER = fixture_text("gamestate_harbour_ledger.wiki")

PUZZLE_BOARD = """{{pill|Round|2|lightblue}}

{| class="wikitable sortable"
! Puzzler !! Coins !! Matches
|-
| Alice || 3 || 0
|-
| Bob || 3 || 2
|-
| [[User:Kevan|Kevan]] || '''1''' || 4
|}

== Board ==
{| class="wikitable"
! Cell !! Content
|-
| R1C1 || Lemon
|-
| R1C2 || {{box|Kiwi|green}}
|-
| R1C3 || Empty
|}
"""

ARCHIPELAGO = """== Players ==
{| class="wikitable"
! Player !! Action Points
|-
| Alice || 3
|-
| Bob || 10
|}

== Villagers ==
{| class="wikitable"
! Name !! Species !! Personality !! Location
|-
| Tom Nook || Dog || Lazy || None
|-
| Isabelle || Dog || Friendly || Alice Island
|}

== Pets ==
{| class="wikitable"
! Pet !! Species
|-
| Rex || Robot
|}
"""


def edit(text, old, new, count=1):
    assert old in text, old
    return text.replace(old, new, count)


def violations(result):
    return [(v["row"], v["column"], v["old"], v["new"], v["constraint"], v["source"])
            for v in result.to_dict()["violations"]]


# --------------------------------------------------------------------------- the issue's example

def test_negative_count_is_illegal_with_the_issue_summary():
    result = check_edit(R2023, C2023, PUZZLE_BOARD, edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || -2 ||"))
    assert not result.legal
    assert result.to_dict() == {
        "legal": False, "verdict": "illegal",
        "violations": [{"table": "Puzzler table", "row": "Bob", "column": "Coins", "old": "3", "new": "-2",
                        "constraint": "Coins hold non-negative integers", "source": APPX}],
        "summary": "Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables).",
    }
    json.dumps(result.to_dict())


def test_legal_change_is_legal():
    result = check_edit(R2023, C2023, PUZZLE_BOARD, edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || 7 ||"))
    assert result.legal and result.violations == []
    assert result.summary == "No illegal values among 1 changed value."
    assert result.to_dict() == {"legal": True, "verdict": "legal", "violations": [],
                                "summary": result.summary}


def test_no_change():
    result = check_edit(R2023, C2023, PUZZLE_BOARD, PUZZLE_BOARD)
    assert result.legal and result.summary == "No gamestate values changed."


def test_markup_is_read_as_plain_text():
    new = edit(PUZZLE_BOARD, "'''1'''", "'''-1'''")
    assert violations(check_edit(R2023, C2023, PUZZLE_BOARD, new)) == [
        ("Kevan", "Coins", "1", "-1", "Coins hold non-negative integers", APPX)]
    legal = edit(PUZZLE_BOARD, "{{box|Kiwi|green}}", "{{box|Grape|purple}}")
    assert check_edit(R2023, C2023, PUZZLE_BOARD, legal).legal
    bad = edit(PUZZLE_BOARD, "{{box|Kiwi|green}}", "{{box|Banana|yellow}}")
    assert violations(check_edit(R2023, C2023, PUZZLE_BOARD, bad)) == [
        ("R1C2", "Content", "Kiwi", "Banana",
         "Content is one of Lemon, Orange, Kiwi, Grape, Cherry, Star or Empty", "The Game Board")]


def test_text_in_an_integer_column_and_blank():
    new = edit(PUZZLE_BOARD, "| Bob || 3 || 2", "| Bob || lots || ")
    got = violations(check_edit(R2023, C2023, PUZZLE_BOARD, new))
    assert got == [
        ("Bob", "Coins", "3", "lots", "Coins hold non-negative integers", APPX),
        ("Bob", "Matches", "2", "", "Matches hold non-negative integers", APPX),
    ]
    result = check_edit(R2023, C2023, PUZZLE_BOARD, new)
    assert "Matches of Bob set to blank" in result.summary


# --------------------------------------------------------------------------- ranges and allowed values

def test_out_of_range_cites_the_rule():
    new = edit(ARCHIPELAGO, "| Bob || 10", "| Bob || 11")
    result = check_edit(R2020, C2020, ARCHIPELAGO, new, page="Archipelago")
    assert violations(result) == [("Bob", "Action Points", "10", "11", "Action Points hold integers from 0 to 10",
                                   "Action Points")]
    assert result.summary == ("Action Points of Bob set to 11; Action Points hold integers from 0 to 10 "
                              "(Action Points).")
    assert result.to_dict()["violations"][0]["table"] == "Players"


def test_value_not_in_allowed_set():
    new = edit(ARCHIPELAGO, "| Isabelle || Dog || Friendly", "| Isabelle || Robot || Grumpy")
    got = violations(check_edit(R2020, C2020, ARCHIPELAGO, new))
    assert got == [
        ("Isabelle", "Species", "Dog", "Robot",
         "Species is one of Bear, Bird, Cat, Dino, Dog, Elephant, Frog, Monkey, Mouse or Rabbit", "Villagers"),
        ("Isabelle", "Personality", "Friendly", "Grumpy", "Personality is one of Friendly, Jock, Lazy or Skittish",
         "Villagers"),
    ]
    # allowed values compare without case or quotes
    ok = edit(ARCHIPELAGO, "| Isabelle || Dog || Friendly", "| Isabelle || ‘cat’ || skittish")
    assert check_edit(R2020, C2020, ARCHIPELAGO, ok).legal


def test_constraint_scoped_to_its_table():
    # the Pets table is not the Villagers table the rule names: its Species is not checked
    new = edit(ARCHIPELAGO, "| Rex || Robot", "| Rex || Toaster")
    assert check_edit(R2020, C2020, ARCHIPELAGO, new).legal


def test_a_name_of_a_kind_the_page_keeps_no_table_of_is_never_legal():
    # Location names one Island; the page has no table of Islands, so whether "Nowhere At All" is one is unknown
    new = edit(ARCHIPELAGO, "| Alice Island", "| Nowhere At All")
    result = check_edit(R2020, C2020, ARCHIPELAGO, new)
    assert result.verdict == "cannot judge" and "no table of Islands" in result.summary


# --------------------------------------------------------------------------- the Appendix default

def test_appendix_default_on_plainly_numeric_columns():
    new = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || -2 ||")
    result = check_edit(R2023, C2023, LIGHTHOUSE, new)
    assert violations(result) == [("Ferncliff", "Knowledge", "11", "-2", "Knowledge holds non-negative integers",
                                   APPX)]
    half = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || 2.5 ||")
    assert not check_edit(R2023, C2023, LIGHTHOUSE, half).legal
    up = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || 12 ||")
    assert check_edit(R2023, C2023, LIGHTHOUSE, up).legal


def test_single_values():
    new = edit(LIGHTHOUSE, "{{pill|Round|2|lightblue}}", "{{pill|Round|-1|lightblue}}")
    result = check_edit(R2023, C2023, LIGHTHOUSE, new)
    assert result.to_dict()["violations"] == [{"table": None, "row": None, "column": "Round", "old": "2",
                                               "new": "-1", "constraint": "Round holds non-negative integers",
                                               "source": APPX}]
    assert result.summary.startswith("Round set to -1; ")
    # "Season" holds text: no judgement
    text = edit(LIGHTHOUSE, "{{pill|Season|Storm|silver}}", "{{pill|Season|-3 apples|silver}}")
    assert check_edit(R2023, C2023, LIGHTHOUSE, text).legal
    # a one-row name/value table
    reward = edit(LEDGER, "| 3\n|}", "| -3\n|}")
    assert violations(check_edit(R2023, C2023, LEDGER, reward)) == [
        (None, "Harbour Toll", "3", "-3", "Harbour Toll holds non-negative integers", APPX)]


def test_icon_and_text_columns_are_not_judged():
    new = edit(LEDGER, "| Pebble || 24 ||", "| Pebble || 24 || ⚪⚪")
    assert check_edit(R2023, C2023, LEDGER, new).legal
    claim = edit(LIGHTHOUSE, "Gullrock (3rd)", "-4")  # a text column: "-4" is not judged
    assert check_edit(R2023, C2023, LIGHTHOUSE, claim).legal


def test_column_written_another_way_is_skipped_with_a_note():
    page = PUZZLE_BOARD.replace("| R1C1 || Lemon", "| R1C1 || 🍋").replace("{{box|Kiwi|green}}", "🥝") \
        .replace("| R1C3 || Empty", "| R1C3 || ⬜")
    # a value the column already holds, written its way: not judged, with a note
    new = edit(page, "| R1C1 || 🍋", "| R1C1 || 🥝")
    result = check_edit(R2023, C2023, page, new)
    assert result.legal
    assert result.notes and "Content of R1C1" in result.notes[0]
    # a value neither the rules name nor the column held: never "legal"
    new = edit(page, "| R1C1 || 🍋", "| R1C1 || 🍇")
    result = check_edit(R2023, C2023, page, new)
    assert result.verdict == "cannot judge" and "written some other way" in result.summary


# --------------------------------------------------------------------------- joins, leaves, names

def test_a_join_is_judged_a_leave_cannot_be():
    joined = edit(LIGHTHOUSE, "| pelle          ||  4 ||", "| Zed_99 || 0 || - || - || Awake\n|-\n| pelle          ||  4 ||")
    assert check_edit(R2022, C2022, LIGHTHOUSE, joined, player_term="Lighter").verdict == "legal"
    # a row that disappeared: whether the player left by the rules is for humans to say
    left = edit(joined, "|-\n| Wren           ||  2 || - || - || Awake\n", "")
    result = check_edit(R2022, C2022, LIGHTHOUSE, left, player_term="Lighter")
    assert result.verdict == "cannot judge" and not result.legal
    assert "the row “Wren” is gone" in result.summary


def test_new_row_values_are_checked():
    new = edit(PUZZLE_BOARD, "|Kevan]] || '''1''' || 4\n", "|Kevan]] || '''1''' || 4\n|-\n| Dana || -5 || 0\n")
    assert violations(check_edit(R2023, C2023, PUZZLE_BOARD, new)) == [
        ("Dana", "Coins", None, "-5", "Coins hold non-negative integers", APPX)]


def test_bad_new_player_name():
    new = edit(PUZZLE_BOARD, "|Kevan]] || '''1''' || 4\n", "|Kevan]] || '''1''' || 4\n|-\n| Zoë! || 3 || 0\n")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, new)
    assert violations(result) == [
        ("Zoë!", "Puzzler", None, "Zoë!", "player names are 3 to 30 characters of Latin letters, digits, _ - . '",
         "Appendix: Names")]
    assert result.summary.startswith("New player name Zoë!; player names are 3 to 30 characters")
    # 2022 says 4 to 30: "Bob" is too short there, fine in 2023
    short = edit(LIGHTHOUSE, "| pelle          ||  4 ||", "| Bob || 0 || - || - || Awake\n|-\n| pelle          ||  4 ||")
    assert not check_edit(R2022, C2022, LIGHTHOUSE, short, player_term="Lighter").legal
    assert check_edit(R2023, C2023, LIGHTHOUSE, short, player_term="Lighter").legal
    # not a players table (first column "Lighter" is not the era's term): names not judged
    assert check_edit(R2022, C2022, LIGHTHOUSE, short).legal


def test_new_row_in_a_name_table_is_not_judged_by_the_name_rule():
    # "Name" heads tables of non-players too (Villagers): a new villager is not a new player
    new = edit(ARCHIPELAGO, "| Isabelle || Dog || Friendly || Alice Island\n",
               "| Isabelle || Dog || Friendly || Alice Island\n|-\n| Zoë! || Dog || Lazy || None\n")
    result = check_edit(R2023, C2023, ARCHIPELAGO, new)
    assert result.legal and not any(v.name_rule for v in result.violations)
    # the same name joining the Players table is judged
    joined = edit(ARCHIPELAGO, "| Bob || 10\n", "| Bob || 10\n|-\n| Zoë! || 3\n")
    assert [v.row for v in check_edit(R2023, C2023, ARCHIPELAGO, joined).violations if v.name_rule] == ["Zoë!"]


def test_renamed_player_is_leave_plus_join():
    new = edit(PUZZLE_BOARD, "| Alice || 3", "| Al || 3")
    result = check_edit(R2022, C2022, PUZZLE_BOARD.replace("Puzzler", "Baron"), new.replace("Puzzler", "Baron"))
    assert [v.row for v in result.violations] == ["Al"]


def test_unchanged_illegal_value_is_not_blamed():
    old = edit(PUZZLE_BOARD, "| Alice || 3", "| Alice || -5")
    new = edit(old, "| Bob || 3 ||", "| Bob || 4 ||")
    assert check_edit(R2023, C2023, old, new).legal
    # moving rows around (a re-sort) changes no value
    resorted = edit(old, "|-\n| Alice || -5 || 0\n", "")
    resorted = edit(resorted, "|}\n\n== Board", "|-\n| Alice || -5 || 0\n|}\n\n== Board")
    assert check_edit(R2023, C2023, old, resorted).legal


def test_blank_allowed_when_the_default_is_blank_or_the_column_has_blanks():
    cs = merge(C2023, parse_overrides("* Coins: integer 0.., default blank\n"))
    new = edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob ||  ||")
    assert check_edit(R2023, cs, PUZZLE_BOARD, new).legal
    assert not check_edit(R2023, C2023, PUZZLE_BOARD, new).legal
    with_blank = edit(PUZZLE_BOARD, "| Alice || 3", "| Alice || ")
    assert check_edit(R2023, C2023, with_blank, edit(with_blank, "| Bob || 3 ||", "| Bob ||  ||")).legal


# --------------------------------------------------------------------------- overrides

def test_override_switches_a_constraint_off():
    new = edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || -2 ||")
    off = merge(C2023, parse_overrides("* Coins: off\n"))
    assert check_edit(R2023, off, PUZZLE_BOARD, new).legal
    negative = merge(C2023, parse_overrides("* Coins: integer, may be negative\n"))
    assert check_edit(R2023, negative, PUZZLE_BOARD, new).legal
    # switching the Appendix guess off frees unnamed numeric columns
    guess = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || -2 ||")
    assert check_edit(R2023, merge(C2023, parse_overrides("* numeric values: off")), LIGHTHOUSE, guess).legal
    assert check_edit(R2023, merge(C2023, parse_overrides("* Knowledge: off")), LIGHTHOUSE, guess).legal


def test_override_adds_and_tightens():
    cs = merge(C2023, parse_overrides("intro\n* Coins: integer 0..5\n", page="User:WikiBot/Constraints"))
    new = edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || 6 ||")
    assert violations(check_edit(R2023, cs, PUZZLE_BOARD, new)) == [
        ("Bob", "Coins", "3", "6", "Coins hold integers from 0 to 5", "User:WikiBot/Constraints, line 2")]
    status = merge(C2023, parse_overrides("* Status (table Lighter): one of Awake, Sleeping, Resting\n"))
    bad = edit(LIGHTHOUSE, "| Wren           ||  2 || - || - || Awake", "| Wren           ||  2 || - || - || Asleep")
    assert violations(check_edit(R2023, status, LIGHTHOUSE, bad)) == [
        ("Wren", "Status", "Awake", "Asleep", "Status is one of Awake, Sleeping or Resting",
         "constraints page, line 1")]
    names = merge(C2023, parse_overrides("* player names: 6..30 characters\n"))
    joined = edit(PUZZLE_BOARD, "|}\n\n== Board", "|-\n| Dana || 3 || 0\n|}\n\n== Board")
    assert not check_edit(R2023, names, PUZZLE_BOARD, joined).legal
    assert check_edit(R2023, merge(C2023, parse_overrides("* player names: off")), PUZZLE_BOARD,
                      edit(PUZZLE_BOARD, "|}\n\n== Board", "|-\n| D! || 3 || 0\n|}\n\n== Board")).legal


# --------------------------------------------------------------------------- robustness

def test_unreadable_page_cannot_be_judged():
    broken = PUZZLE_BOARD.replace("|}\n\n== Board", "\n\n== Board", 1)
    broken = broken[: broken.rfind("|}")]
    result = check_edit(R2023, C2023, PUZZLE_BOARD, broken)
    assert result.verdict == "cannot judge" and not result.legal
    assert result.summary.startswith("Cannot judge: the page after the edit cannot be read") and result.notes


def test_constraints_default_to_inference_and_no_ruleset():
    new = edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || -2 ||")
    assert not check_edit(R2023, None, PUZZLE_BOARD, new).legal
    assert check_edit(None, None, PUZZLE_BOARD, new).legal  # nothing known, nothing judged


def test_summary_stays_short():
    rows = "".join(f"|-\n| Player{i:02d} || {i} || 0\n" for i in range(40))
    old = "{| class=\"wikitable\"\n! Puzzler !! Coins !! Matches\n" + rows + "|}\n"
    new = old
    for i in range(40):
        new = new.replace(f"| Player{i:02d} || {i} ||", f"| Player{i:02d} || -{i + 1} ||")
    result = check_edit(R2023, C2023, old, new)
    assert len(result.violations) == 40
    assert len(result.summary) <= SUMMARY_LIMIT
    assert result.summary.endswith("more.")


# --------------------------------------------------------------------------- properties

COLUMNS = {"Coins": st.integers(0, 10 ** 6), "Matches": st.integers(0, 10 ** 6)}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(row=st.sampled_from(["Alice", "Bob"]), column=st.sampled_from(["Coins", "Matches"]),
       value=st.integers(0, 10 ** 6), content=st.sampled_from(["Lemon", "Orange", "Kiwi", "Grape", "Cherry",
                                                                  "Star", "Empty"]))
def test_property_legal_value_changes_are_legal(row, column, value, content):
    index = {"Coins": 1, "Matches": 2}[column]
    lines = PUZZLE_BOARD.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"| {row} ||"):
            cells = line[2:].split(" || ")
            cells[index] = str(value)
            lines[i] = "| " + " || ".join(cells)
    new = "\n".join(lines).replace("| R1C1 || Lemon", f"| R1C1 || {content}")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, new)
    assert result.legal, result.summary


WIKI_BITS = st.sampled_from(["{|", "|}", "|-", "||", "!!", "! ", "| ", "\n", "{{pill|Round|", "}}", "[[", "]]",
                             "<!--", "-->", "Coins", "Bob", "-2", "3", "{{box|Ash|gray}}", "'''", "=", "== H ==",
                             "<nowiki>", "</nowiki>", " "])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(st.text(max_size=300), st.lists(WIKI_BITS, max_size=60).map("".join)))
def test_property_no_crash_on_arbitrary_new_text(text):
    for old in (PUZZLE_BOARD, LIGHTHOUSE):
        result = check_edit(R2023, C2023, old, text)
        assert isinstance(result, CheckResult)
        json.dumps(result.to_dict())
        assert result.legal == (not result.violations and not result.cannot_judge)
        # arbitrary text loses the old page's tables, rows or values: never "legal"
        assert result.verdict != "legal"


# --------------------------------------------------------------------------- the era-shaped fixtures

R2004 = parse(fixture_text("ruleset_2004.wiki"))
C2004 = infer_constraints(R2004)
GNDT = fixture_text("gamestate_gndt_2004.wiki")
BOARD = fixture_text("gamestate_puzzle_board.wiki")
SPANS = fixture_text("gamestate_spans.wiki")


def test_gndt_2004_confidence_and_electoral_votes():
    high = edit(GNDT, '| align="right" | 125', '| align="right" | 250')
    result = check_edit(R2004, C2004, GNDT, high)
    assert result.summary == "Confidence of Kevan set to 250; Confidence holds integers from 0 to 200 (Confidence)."
    low = edit(GNDT, '| align="right" | 1\n', '| align="right" | 0\n')
    assert violations(check_edit(R2004, C2004, GNDT, low)) == [
        ("Blacky", "Electoral Votes", "1", "0", "Electoral Votes hold integers of at least 1", "Electoral Votes")]
    # Gerrymander's 0 Electoral Votes was there before: another cell's edit does not blame it
    # a Lord's Party: Electoral Votes may be no more than the Speaker of his Party's, which the bot does not check,
    # so a change of Party is not called legal
    party = edit(GNDT, "| Whigs*", "| Tories")
    result = check_edit(R2004, C2004, GNDT, party)
    assert result.verdict == "cannot judge" and "depends on it" in result.summary


def test_puzzle_board_fixture():
    minus = edit(BOARD, "Kevan]]''' <!-- Puzzle Master --> || 2", "Kevan]]''' <!-- Puzzle Master --> || -2")
    assert violations(check_edit(R2023, C2023, BOARD, minus)) == [
        ("Kevan", "Coins", "2", "-2", "Coins hold non-negative integers", APPX)]
    # icons on the board: a swap of fruits is a change of representation-level text, not judged
    swap = edit(BOARD, "| 🍇 || 🥝 || 🥝 ||", "| 🥝 || 🍇 || 🥝 ||")
    assert check_edit(R2023, C2023, BOARD, swap).legal
    # the Turn Order list is a list: any text
    turn = edit(BOARD, "| Darknight, JonathanDark,", "| JonathanDark,")
    assert check_edit(R2023, C2023, BOARD, turn).legal
    joined = BOARD[: BOARD.rfind("|}")] + "|-\n| [[User:Newcomer|Newcomer]] || 3 || 0\n|-\n| Yo || 3 || 0\n|}\n"
    got = violations(check_edit(R2023, C2023, BOARD, joined))
    assert got == [("Yo", "Puzzler", None, "Yo", "player names are 3 to 30 characters of Latin letters, digits, "
                    "_ - . '", "Appendix: Names")]


def test_spans_fixture():
    # a key-value table's row is a single value
    day = edit(SPANS, "! Day\n| 12", "! Day\n| -12")
    assert violations(check_edit(R2023, C2023, SPANS, day)) == [
        (None, "Day", "12", "-12", "Day holds non-negative integers", APPX)]
    # Attack holds "injured" for Chuck: not a plainly numeric column, so the Appendix guess stays out
    attack = edit(SPANS, 'style="color:red" | 5', 'style="color:red" | -5')
    assert check_edit(R2023, C2023, SPANS, attack).legal
    capped = merge(C2023, parse_overrides("* Attack (table Teams and scores): integer 0..10"))
    assert violations(check_edit(R2023, capped, SPANS, attack)) == [
        ("Bob", "Attack", "5", "-5", "Attack holds integers from 0 to 10", "constraints page, line 1")]


# --------------------------------------------------------------------------- never "legal" for what cannot be read

ILLEGAL_BOB = edit(PUZZLE_BOARD, "| Bob || 3 ||", "| Bob || -99 ||")


def test_table_without_its_closing_line_cannot_be_judged():
    # MediaWiki still shows the table; the bot cannot read it the same way: exit 2, never legal
    broken = ILLEGAL_BOB.replace("| [[User:Kevan|Kevan]] || '''1''' || 4\n|}", "| [[User:Kevan|Kevan]] || '''1''' || 4\n", 1)
    broken = broken[: broken.rfind("|}")]
    result = check_edit(R2023, C2023, PUZZLE_BOARD, broken)
    assert result.verdict == "cannot judge", result.summary
    assert "cannot be read as tables" in result.summary


def test_invisible_character_in_a_header_cannot_be_judged():
    hidden = edit(ILLEGAL_BOB, "! Puzzler !! Coins !!", "! Puzzler !! Co\u200bins !!")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, hidden)
    assert result.verdict == "cannot judge", result.summary
    assert "U+200B ZERO WIDTH SPACE" in result.summary and "“Coins”" in result.summary


def test_look_alike_letter_in_a_row_name_cannot_be_judged():
    cyrillic = edit(PUZZLE_BOARD, "| Bob || 3 || 2", "| B\u043eb || 3 || 2")   # CYRILLIC SMALL LETTER O
    # the era's name rule names it (exit 1) ...
    assert check_edit(R2023, C2023, PUZZLE_BOARD, cyrillic).verdict == "illegal"
    # ... and without one, the bot still will not call it legal (exit 2)
    result = check_edit(R2023, merge(C2023, parse_overrides("* player names: off")), PUZZLE_BOARD, cyrillic)
    assert result.verdict == "cannot judge", result.summary
    assert "CYRILLIC SMALL LETTER O" in result.summary


def test_blanked_page_cannot_be_judged():
    for blank in ("", "\n", "Nothing to see here."):
        result = check_edit(R2023, C2023, PUZZLE_BOARD, blank)
        assert result.verdict == "cannot judge" and "blanked" in result.summary


def test_deleted_row_cannot_be_judged_and_an_illegal_value_beside_it_is_named():
    gone = edit(PUZZLE_BOARD, "|-\n| Alice || 3 || 0\n", "")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, gone)
    assert result.verdict == "cannot judge" and "the row “Alice” is gone" in result.summary
    both = edit(ILLEGAL_BOB, "|-\n| Alice || 3 || 0\n", "")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, both)
    assert result.verdict == "illegal" and result.violations[0].row == "Bob"
    assert any("Alice" in n for n in result.notes)


def test_a_removed_table_or_single_value_cannot_be_judged():
    no_board = PUZZLE_BOARD[: PUZZLE_BOARD.index("== Board ==")]
    assert check_edit(R2023, C2023, PUZZLE_BOARD, no_board).verdict == "cannot judge"
    no_round = edit(PUZZLE_BOARD, "{{pill|Round|2|lightblue}}", "")
    result = check_edit(R2023, C2023, PUZZLE_BOARD, no_round)
    assert result.verdict == "cannot judge" and "the value “Round” is gone" in result.summary


# --------------------------------------------------------------------------- things of several kinds with a variable of the same name

def test_two_kinds_of_things_each_with_a_type_are_judged_by_their_own_rule():
    rules = fixture_text("ruleset_2023.wiki").replace("== The Game Board ==", (
        "== Ferries ==\nEach Stop has a Type, which can be Pier, Jetty or Slipway.\n\n"
        "== Moss ==\nEach Organism has a Type, which can be Moss, Fern or Lichen.\n\n== The Game Board =="), 1)
    model = parse(rules)
    page = ("== Stops ==\n{| class=\"wikitable\"\n! Stop !! Type\n|-\n| Gull Point || Pier\n|-\n| Reedbank || Jetty\n|}\n\n"
            "== Organisms ==\n{| class=\"wikitable\"\n! Organism !! Type\n|-\n| Greenrug || Moss\n|-\n| Tallfrond || Fern\n|}\n")
    wrong_stop = edit(page, "| Gull Point || Pier", "| Gull Point || Fern")
    assert violations(check_edit(model, None, page, wrong_stop)) == [
        ("Gull Point", "Type", "Pier", "Fern", "Type is one of Pier, Jetty or Slipway", "Ferries")]
    right_organism = edit(page, "| Greenrug || Moss", "| Greenrug || Lichen")
    assert check_edit(model, None, page, right_organism).verdict == "legal"
    wrong_organism = edit(page, "| Greenrug || Moss", "| Greenrug || Jetty")
    assert violations(check_edit(model, None, page, wrong_organism))[0][4] == "Type is one of Moss, Fern or Lichen"


def test_a_value_that_hides_a_character_or_an_entity_is_not_legal():
    hidden = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || 1\u200b2 ||")   # no rule: the guess
    result = check_edit(R2023, C2023, LIGHTHOUSE, hidden)
    assert result.verdict == "cannot judge" and "U+200B ZERO WIDTH SPACE" in result.summary
    entity = edit(LIGHTHOUSE, "| Ferncliff      || 11 ||", "| Ferncliff      || &minus;2 ||")
    assert check_edit(R2023, C2023, LIGHTHOUSE, entity).verdict == "illegal"


def test_a_renamed_name_that_only_seems_alike_is_said_as_it_is():
    from actions.check import _renamed

    assert "U+0131 LATIN SMALL LETTER DOTLESS I" in _renamed("Mike", ["M\u0131ke"], "the row")
    said = _renamed("Puzzlers", ["User:Puzzlers"], "the column")
    assert "looks the same" not in said and "a character" not in said
    assert said == "the column “Puzzlers” now reads “User:Puzzlers”, which the bot does not take for the same name"


def test_a_look_alike_letter_in_a_new_players_name_is_named():
    rules = parse(fixture_text("ruleset_2023.wiki"))
    old = "{| class=\"wikitable\"\n! Puzzler !! Coins\n|-\n| Josh || 3\n|}"
    new = old.replace("| Josh || 3\n", "| Josh || 3\n|-\n| J\u043esh || 3\n")
    result = check_edit(rules, None, old, new)
    assert not result.legal and "(it holds U+043E CYRILLIC SMALL LETTER O)" in result.summary

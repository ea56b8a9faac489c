"""The command line: exit codes, files written or not, one clear line on errors."""

import json
import shutil
import socket

import pytest

from cli_run import wikibot, wikibot_process
from fixturedata import FIXTURES


def test_rules_json(ruleset):
    result = wikibot("rules", "--ruleset-file", ruleset, "--json")
    rows = json.loads(result.stdout)
    assert result.returncode == 0
    coins = next(r for r in rows if r["title"] == "Coins")
    assert coins == {"section": "Dynastic Rules", "title": "Coins", "level": 2, "number": coins["number"],
                     "kind": "dynastic", "status": None, "parent": None}


def test_python_m_wikibot_prints_and_exits_as_main_returns(ruleset, tmp_path):
    """The entry point itself, in a process of its own (the other offline tests call ``cli.main``)."""
    done = wikibot_process("rules", "--ruleset-file", ruleset, "--json")
    assert done.returncode == 0 and any(r["title"] == "Coins" for r in json.loads(done.stdout))
    missing = wikibot_process("rules", "--ruleset-file", tmp_path / "nope.wiki")
    assert missing.returncode == 2 and missing.stdout == "" and missing.stderr.count("\n") == 1
    assert "does not exist" in missing.stderr


def test_missing_file_and_page_without_rules(tmp_path):
    missing = wikibot("rules", "--ruleset-file", tmp_path / "nope.wiki")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "does not exist" in missing.stderr
    empty = tmp_path / "empty.wiki"
    empty.write_text("Just some text.\n")
    result = wikibot("rules", "--ruleset-file", empty)
    assert result.returncode == 2 and "has no rules" in result.stderr


def test_malformed_table_is_unusable_input(tmp_path):
    bad = tmp_path / "bad.wiki"
    bad.write_text("{| class=\"wikitable\"\n! Player !! Coins\n|-\n| Kevan || 3\n")
    result = wikibot("table", "--gamestate-file", bad)
    assert result.returncode == 2
    assert result.stderr.startswith("wikibot table: line 1:") and "never closed" in result.stderr


def test_enact_writes_in_place_and_dry_run_does_not(ruleset, tmp_path):
    proposal = tmp_path / "p.txt"
    proposal.write_text("In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n")
    before = ruleset.read_text()
    dry = wikibot("enact", "--title", "Proposal: Rich", "--text-file", proposal, "--ruleset-file", ruleset,
                  "--dry-run")
    assert dry.returncode == 0 and "+Each Puzzler has a publicly tracked number of Coins, defaulting to 5." in dry.stdout
    assert ruleset.read_text() == before
    done = wikibot("enact", "--title", "Proposal: Rich", "--text-file", proposal, "--ruleset-file", ruleset, "--json")
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["changed"] == ["Ruleset"]
    assert report["steps"][0]["status"] == "applied" and report["summary"].endswith("Enacted “Rich”")
    assert ruleset.read_text() == before.replace("Coins, defaulting to 3.", "Coins, defaulting to 5.")


def test_enact_with_unsupported_step_writes_nothing(ruleset, tmp_path):
    proposal = tmp_path / "p.txt"
    proposal.write_text("In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n\n"
                        "Juggle the rule “Coins” thrice.\n")
    before = ruleset.read_text()
    result = wikibot("enact", "--title", "Odd", "--text-file", proposal, "--ruleset-file", ruleset)
    # the line the live form says too (one operation offline and live): which step, and that nothing was written
    assert result.returncode == 3 and "step 2 (“Juggle" in result.stderr and "nothing was written" in result.stderr
    assert "--partial" in result.stderr
    assert ruleset.read_text() == before
    partial = wikibot("enact", "--title", "Odd", "--text-file", proposal, "--ruleset-file", ruleset, "--partial")
    assert partial.returncode == 3 and "defaulting to 5" in ruleset.read_text()


def test_enact_with_every_step_left_to_an_admin_is_not_done(ruleset, tmp_path):
    # "this Proposal has no effect" unless another passed: the bot cannot decide, so nothing is enacted — never
    # a success with nothing done (the wiki's answer is "Not done" too)
    proposal = tmp_path / "p.txt"
    proposal.write_text("If the Proposal “Pear Tree” was not enacted, this Proposal has no effect.\n\n"
                        "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n")
    before = ruleset.read_text()
    result = wikibot("enact", "--title", "Pears", "--text-file", proposal, "--ruleset-file", ruleset)
    assert result.returncode == 3 and "left for an Admin" in result.stderr and "step 2 (conditional)" in result.stderr
    assert ruleset.read_text() == before


def test_synonyms_and_inverse(ruleset):
    before = ruleset.read_text()
    assert wikibot("synonyms", "--set", "Player=Necromancer", "--ruleset-file", ruleset).returncode == 0
    assert "Necromancer" in ruleset.read_text() and "Puzzler" not in ruleset.read_text().replace("(Player)", "")
    assert wikibot("synonyms", "--set", "Player=Puzzler", "--ruleset-file", ruleset).returncode == 0
    assert ruleset.read_text() == before
    bad = wikibot("synonyms", "--set", "Player", "--ruleset-file", ruleset)
    assert bad.returncode == 2 and "KEY=NEW" in bad.stderr


def test_reset_from_an_address(ruleset, tmp_path):
    address = tmp_path / "aa.txt"
    address.write_text("Repeal all dynastic rules except for the rule named “Coins”. "
                       "Set the synonym for Player to “Necromancer”.\n")
    result = wikibot("reset", "--address-file", address, "--ruleset-file", ruleset, "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    text = ruleset.read_text()
    assert "== Coins ==" in text and "== Matches ==" not in text and "Necromancer" in text
    assert report["changed"] == ["Ruleset"]


def test_check_exit_codes(tmp_path):
    old = (FIXTURES / "gamestate_puzzle_board.wiki").read_text()
    new = tmp_path / "new.wiki"
    new.write_text(old.replace("| [[User:ais523|ais523]] || 3 ||", "| [[User:ais523|ais523]] || -2 ||"))
    args = ["check", "--ruleset-file", FIXTURES / "ruleset_2023.wiki", "--old-file",
            FIXTURES / "gamestate_puzzle_board.wiki"]
    illegal = wikibot(*args, "--new-file", new, "--json")
    assert illegal.returncode == 1
    data = json.loads(illegal.stdout)
    assert data["legal"] is False and data["violations"][0]["row"] == "ais523"
    assert data["violations"][0]["new"] == "-2"
    legal = wikibot(*args, "--new-file", FIXTURES / "gamestate_puzzle_board.wiki")
    assert legal.returncode == 0 and legal.stdout.startswith("legal")
    # a table whose closing line was removed: the bot cannot judge it, and says so with exit 2
    broken = tmp_path / "broken.wiki"
    broken.write_text(new.read_text().rstrip()[: -len("|}")])
    unjudged = wikibot(*args, "--new-file", broken)
    assert unjudged.returncode == 2 and unjudged.stdout.startswith("cannot judge: the page after the edit")
    assert "cannot judge" in unjudged.stderr
    as_json = json.loads(wikibot(*args, "--new-file", broken, "--json").stdout)
    assert as_json["verdict"] == "cannot judge" and as_json["legal"] is False
    assert as_json["cannot_judge"][0].startswith("the page after the edit cannot be read")


def test_constraints_of_a_gamestate_page_column_by_column():
    result = wikibot("constraints", "--ruleset-file", FIXTURES / "ruleset_2020.wiki", "--gamestate-file",
                     FIXTURES / "gamestate_archipelago_2020.wiki", "--json")
    assert result.returncode == 0, result.stderr
    columns = {(c["table"], c["column"]): c for c in json.loads(result.stdout)["columns"]}
    assert columns[("Villagers", "Species")]["source"] == "Villagers"
    assert columns[("Players", "Action Points")]["constraint"] == "Action Points hold integers from 0 to 10"
    assert columns[("Villagers", "Species")]["sentence"].startswith("Species")


def test_live_commands_without_configuration_say_what_to_do(tmp_path):
    result = wikibot_process("run", "--once", "--config-dir", tmp_path)
    assert result.returncode == 2
    assert "No user-config.py" in result.stderr and "user-config.example.py" in result.stderr


def test_an_unreachable_wiki_gives_one_line_not_a_traceback(tmp_path):
    with socket.socket() as probe:  # a port on which nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    (tmp_path / "user-config.py").write_text(
        "family = 'gone'\nmylang = 'gone'\n"
        f"family_files['gone'] = 'http://127.0.0.1:{port}/api.php'\n"
        "usernames['gone']['*'] = 'WikiBot'\nmax_retries = 1\nretry_wait = 0\n", encoding="utf-8")
    result = wikibot_process("run", "--once", "--config-dir", tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output and 'File "' not in output
    assert "Could not reach or log in to the wiki" in result.stderr and "Check that the wiki is up" in result.stderr


def test_a_byte_order_mark_at_the_start_of_an_input_file_is_ignored(tmp_path):
    page = tmp_path / "bom.wiki"
    page.write_text("\ufeff= Core Rules =\n== Coins ==\nCoins exist.\n", encoding="utf-8")
    result = wikibot("rules", "--ruleset-file", page, "--json")
    assert result.returncode == 0
    assert [r["title"] for r in json.loads(result.stdout)] == ["Coins"]
    assert json.loads(result.stdout)[0]["section"] == "Core Rules"
    proposal = tmp_path / "bom.txt"
    proposal.write_text("\ufeffRepeal the rule “Coins”.\n", encoding="utf-8")
    result = wikibot("read", "--text-file", proposal, "--ruleset-file", page)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_control_character_in_added_text_is_not_written(ruleset, tmp_path):
    proposal = tmp_path / "nul.txt"
    proposal.write_text("Add a new rule to the Ruleset, called “Nulls”, with the following text:\n"
                        "Nothing\x00 here.\n", encoding="utf-8")
    before = ruleset.read_text(encoding="utf-8")
    result = wikibot("enact", "--title", "Proposal: Nulls", "--text-file", proposal, "--ruleset-file", ruleset)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "U+0000" in result.stdout
    assert ruleset.read_text(encoding="utf-8") == before


def test_enact_judges_a_gamestate_file_the_ruleset_does_not_name(tmp_path):
    page = tmp_path / "Archipelago.wiki"
    shutil.copy(FIXTURES / "gamestate_archipelago_2020.wiki", page)
    proposal = tmp_path / "p.txt"
    proposal.write_text("Each Player gains 1 Action Point.\n")
    result = wikibot("enact", "--title", "AP", "--text-file", proposal, "--ruleset-file", FIXTURES / "ruleset_2020.wiki",
                     "--gamestate-file", page, "--json")
    report = json.loads(result.stdout)
    assert report["steps"][0]["status"] == "refused", report
    assert "Action Points hold integers from 0 to 10" in report["steps"][0]["detail"]
    assert page.read_text() == (FIXTURES / "gamestate_archipelago_2020.wiki").read_text()


def test_read_an_address_names_every_part_and_writes_nothing(ruleset, tmp_path):
    before = ruleset.read_bytes()
    address = tmp_path / "aa.txt"
    address.write_text("Ascension Address: Arcade\n\nThe screen glows.\n\nUpdate the Synonym for \"Puzzler\" to be "
                       "\"Gamer\". Repeal all Dynastic Rules. Set Josh's Coins to 3.\n", encoding="utf-8")
    result = wikibot("read", "--address-file", address, "--ruleset-file", ruleset, "--json")
    assert result.returncode == 0, result.stderr
    reading = json.loads(result.stdout)
    assert [p["kind"] for p in reading["parts"]] == ["terms", "repeal"]
    assert reading["parts"][0]["sentence"] == "Update the Synonym for \"Puzzler\" to be \"Gamer\"."
    assert reading["outside the reset"][0]["text"] == "Set Josh's Coins to 3"
    assert reading["story"] == ["The screen glows"]
    assert reading["tried on the Ruleset"]["ok"] is True
    assert ruleset.read_bytes() == before

    address.write_text("Repeal all dynastic rules. Rename the rule “Coins” to “Money”.\n", encoding="utf-8")
    result = wikibot("read", "--address-file", address)
    assert result.returncode == 3
    assert "[NOT READ] Rename the rule “Coins” to “Money”." in result.stdout


def test_read_takes_a_proposal_or_an_address_not_both(tmp_path):
    text = tmp_path / "t.txt"
    text.write_text("Repeal all dynastic rules.\n", encoding="utf-8")
    both = wikibot("read", "--address-file", text, "--text-file", text)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    neither = wikibot("read")
    assert neither.returncode == 2 and "one of the arguments --text-file --address-file is required" in neither.stderr


# --------------------------------------------------------------------------- the user's mistake, or a bug
def test_a_mistake_of_the_user_is_one_line_and_exit_2(tmp_path):
    """An input the bot cannot use (two unreadable lines of a constraints page): one line on stderr, exit 2,
    no traceback."""
    overrides = tmp_path / "constraints.txt"
    overrides.write_text("* Coins integer\n* Hats: one of Fez\n", encoding="utf-8")
    result = wikibot("constraints", "--ruleset-file", FIXTURES / "ruleset_2023.wiki", "--overrides-file", overrides)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("wikibot constraints: ")
    assert "line 1" in result.stderr and "line 2" in result.stderr and "Traceback" not in result.stderr


def test_a_bug_is_shown_as_a_bug_never_as_unusable_input(monkeypatch, capsys, ruleset):
    """A ValueError (or any error no WikibotError names) is the bot's own fault: its own exit status, the
    traceback, and where to report it; never "unusable input" (exit 2)."""
    from wikibot import cli

    def broken(text):
        raise ValueError("an index the code got wrong")

    monkeypatch.setattr(cli.ruleset_parser, "parse", broken)
    code = cli.main(["rules", "--ruleset-file", str(ruleset)])
    err = capsys.readouterr().err
    assert code == cli.EXIT_BUG == 70
    assert "Traceback (most recent call last)" in err and "ValueError: an index the code got wrong" in err
    assert "this is a bug in wikibot, not a mistake in what you gave it" in err and cli.REPORT_BUGS in err

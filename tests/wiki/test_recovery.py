"""The bot killed (SIGKILL) at each point of a multi-page operation, then started again.

The bot runs in a process of its own (forked: ``tests/wiki/killed.py``; one cycle as ``wikibot run
--once`` runs it: recover, then one poll) that kills itself at save number N, either as the save begins
or just after it returns (before the journal records it). Only ``Wiki.save`` is wrapped, in that process,
to die; the bot's code is the production code. After the restart every page must be wholly as the operation
meant or wholly as before, and the request answered exactly once.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import killed
import pytest
from killed import bot_cycle, die

from parsers import request_page
from wikibot import journal as journal_mod
from wikibot.config import Settings
from wikibot.daemon import Daemon
from wikibot.requests import RequestDesk
from wikibot.site import Wiki

from fixturedata import fixture_text
from test_ascension_live import make_game, post, section_of, stripped, texts


def first_lines(page: str, whole=("Ruleset and Gamestate", "Synonyms", "Coins")) -> str:
    """The page with every heading kept and each rule cut to its first line (the rules in *whole* kept
    whole): the same sections, rules, Special Cases, synonyms and tracking page in a fraction of the
    text. A crash in a multi-page operation is as likely on a short page; the reset reads, writes and
    reviews less on each restart."""
    parts = re.split(r"(?m)^(=+[^=\n]+=+)[ \t]*$", page)
    kept = [parts[0]]
    for heading, body in zip(parts[1::2], parts[2::2]):
        title = heading.strip("= ")
        if title not in whole:
            line = body.strip("\n").split("\n", 1)[0]
            body = "\n" + line + "\n\n" if line else "\n"
        kept += [heading, body]
    return "".join(kept)


#: The 2023 Ruleset in short (first_lines): the kills below need its shape, not its length.
RULESET = first_lines(fixture_text("ruleset_2023.wiki"))


def run_killed(local_wiki, tmp_path: Path, wiki, save: int, when: str) -> None:
    """Run one cycle of the bot in a process of its own that is killed at save ``save`` (``when``: as the
    save begins, "enter", or just after it returns, "return", before the journal records it)."""
    s = wiki.settings
    state = Path(s.state_dir)
    settings = Settings(config_dir=state, state_dir=state, ruleset=s.ruleset, building_blocks=s.building_blocks,
                        requests=s.requests, run=s.run)

    def bot():   # in the child process only
        calls = 0
        original = Wiki.save

        def dying_save(self, base, compute, summary, **options):
            nonlocal calls
            calls += 1
            if calls == save and when == "enter":
                die()
            edit = original(self, base, compute, summary, **options)
            if calls == save and when == "return":
                die()
            return edit

        Wiki.save = dying_save
        bot_cycle(settings, local_wiki.pywikibot.Site)

    killed.run_killed(bot)


def restart(wiki) -> None:
    """The bot started again: recovery, then a poll (``wikibot run`` does the same), then one more poll."""
    daemon = Daemon(wiki)
    daemon.start()
    daemon.run_once()
    daemon.scheduler.clear()
    assert RequestDesk(wiki).poll() == []


def answered_once(section: str) -> None:
    assert section.count(request_page.REPLY_MARK) == 1, section
    assert section.count(request_page.DONE_MARK) == 1, section


# Saves in a reset: 1 Ruleset, 2 Building Blocks, 3 the new tracking page, 4 the reply.
POINTS = [
    (1, "enter"),    # journal written, nothing saved
    (1, "return"),   # Ruleset saved, not yet recorded in the journal
    (2, "enter"),    # Ruleset saved and recorded
    (2, "return"),
    (3, "enter"),
    (3, "return"),   # every page saved, the last not recorded
    (4, "enter"),    # every page saved and recorded, no reply yet
    (4, "return"),   # the reply saved, the journal not yet closed
]


@pytest.mark.parametrize("save, when", POINTS, ids=[f"{w}-save-{n}" for n, w in POINTS])
def test_reset_killed_at_each_point_is_finished_once(local_wiki, tmp_path, save, when):
    game = make_game(local_wiki, tmp_path / "state", RULESET)
    expected = game.expected_reset()
    heading = "Ascension: Killed"
    post(local_wiki, game.wiki, f"== {heading} ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
    run_killed(local_wiki, tmp_path, game.wiki, save, when)
    pages_saved = min(save - (when == "enter"), 3)
    after_kill = stripped(texts(local_wiki, expected))
    order = list(expected)
    assert after_kill == {t: (stripped(expected)[t] if i < pages_saved else stripped(game.before())[t])
                          for i, t in enumerate(order)}
    restart(game.wiki)
    assert stripped(texts(local_wiki, expected)) == stripped(expected)
    section = section_of(local_wiki, game.wiki, heading)
    answered_once(section)
    if save == 4 and when == "return":     # answered before the kill
        assert "Done: Dynastic Reset" in section and "after a restart" not in section
    else:                                  # done (or finished) by one process, answered by the next: one label
        assert "Done (completed after a restart): Dynastic Reset" in section
    for title in expected:
        assert f"{title}: [[Special:Diff/" in section
    assert journal_mod.for_requests(game.wiki.settings.state_dir) == {}


@pytest.mark.parametrize("save, when", [(2, "enter"), (2, "return"), (3, "return")])
def test_reset_killed_then_a_page_edited_is_undone_and_answered_once(local_wiki, tmp_path, save, when):
    """While the bot is down someone edits a page the reset had still to save: it is all put back."""
    game = make_game(local_wiki, tmp_path / "state", RULESET)
    expected = game.expected_reset()
    heading = "Ascension: Interrupted"
    post(local_wiki, game.wiki, f"== {heading} ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
    run_killed(local_wiki, tmp_path, game.wiki, save, when)
    human = "The Graveyard, set up by hand."
    local_wiki.edit_as(local_wiki.admin, game.graveyard, human)
    restart(game.wiki)
    assert stripped(texts(local_wiki, expected)) == stripped({**game.before(), game.graveyard: human})
    section = section_of(local_wiki, game.wiki, heading)
    answered_once(section)
    assert "Not done (interrupted after a restart): “Dynastic Reset: Puzzles of the Dead" in section
    assert "was undone" in section and "post the request again" in section


ENACT = """== Enact: Hats and Coins ==
{{Enact|title=Proposal: Hats and Coins}}
Add a new rule to the Ruleset, called “Hats”, with the following text:

Each Puzzler may wear a Hat.

Kevan gains 2 Coins.
~~~~
"""


@pytest.mark.parametrize("save, when", [(1, "return"), (2, "enter"), (3, "enter")])
def test_enact_killed_between_page_writes_is_finished_once(local_wiki, tmp_path, save, when):
    game = make_game(local_wiki, tmp_path / "state", RULESET)
    post(local_wiki, game.wiki, ENACT)
    run_killed(local_wiki, tmp_path, game.wiki, save, when)
    restart(game.wiki)
    ruleset = local_wiki.wiki.page_text(game.wiki.settings.ruleset)
    gamestate = local_wiki.wiki.page_text(game.gamestate)
    assert ruleset.count("== Hats ==\nEach Puzzler may wear a Hat.") == 1
    kevan = [line for line in gamestate.splitlines() if "Kevan" in line and "||" in line]
    before = [line for line in game.gamestate_text.splitlines() if "Kevan" in line and "||" in line]
    assert kevan != before and len(kevan) == len(before)
    # Exactly the enactment done without a kill (the pure action on the same texts).
    from actions.enact import enact
    from parsers.proposal import parse_proposal
    request = request_page.parse(ENACT)[0]
    result = enact(parse_proposal("Proposal: Hats and Coins", request.text), game.ruleset_text, game.gamestate_text,
                   ruleset_title=game.wiki.settings.ruleset, gamestate_title=game.gamestate)
    assert ruleset == result.pages[game.wiki.settings.ruleset].rstrip()
    assert gamestate == result.pages[game.gamestate].rstrip()
    section = section_of(local_wiki, game.wiki, "Enact: Hats and Coins")
    answered_once(section)
    assert "Done" in section


def test_reset_that_can_be_neither_finished_nor_undone_is_answered_once(local_wiki, tmp_path):
    """Killed after two saves; meanwhile one saved page and one unsaved page are edited by hand."""
    game = make_game(local_wiki, tmp_path / "state", RULESET)
    heading = "Ascension: Stuck"
    post(local_wiki, game.wiki, f"== {heading} ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
    run_killed(local_wiki, tmp_path, game.wiki, 2, "return")
    ruleset_by_hand = local_wiki.wiki.page_text(game.wiki.settings.ruleset) + "\n\nAn Admin's note."
    local_wiki.edit_as(local_wiki.admin, game.wiki.settings.ruleset, ruleset_by_hand)
    local_wiki.edit_as(local_wiki.admin, game.graveyard, "Set up by hand.")
    restart(game.wiki)
    # The Building Blocks page, untouched since the bot saved it, is put back; the hand edits stay.
    assert local_wiki.wiki.page_text(game.wiki.settings.building_blocks) == game.blocks_text.rstrip()
    assert local_wiki.wiki.page_text(game.wiki.settings.ruleset) == ruleset_by_hand
    section = section_of(local_wiki, game.wiki, heading)
    answered_once(section)
    assert "could not be finished or undone: pages edited by others since: " + game.wiki.settings.ruleset in section
    assert journal_mod.for_requests(game.wiki.settings.state_dir) == {}


def test_reset_whose_second_save_is_refused_puts_the_first_back(local_wiki, tmp_path):
    """No kill: the wiki refuses the Building Blocks save (protected), so the saved Ruleset is put back."""
    game = make_game(local_wiki, tmp_path / "state", RULESET)
    local_wiki.wiki.protect_as(local_wiki.admin, game.wiki.settings.building_blocks)
    try:
        heading = "Ascension: Protected"
        post(local_wiki, game.wiki, f"== {heading} ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
        [answer] = RequestDesk(game.wiki).poll()
    finally:
        local_wiki.wiki.protect_as(local_wiki.admin, game.wiki.settings.building_blocks, level="")
    assert answer.headline.startswith("Not done") and "protected" in answer.headline
    assert stripped(texts(local_wiki, game.before())) == stripped(game.before())
    history = local_wiki.api(action="query", prop="revisions", titles=game.wiki.settings.ruleset,
                             rvprop="comment", rvlimit=5)["query"]["pages"][0]["revisions"]
    assert history[0]["comment"].startswith("Undoing “Dynastic Reset")
    answered_once(section_of(local_wiki, game.wiki, heading))
    assert journal_mod.for_requests(game.wiki.settings.state_dir) == {}
    assert RequestDesk(game.wiki).poll() == []


def test_a_killed_process_neither_slows_the_next_nor_leaves_files(local_wiki, tmp_path):
    """pywikibot counts a killed process in throttle.ctrl for ten minutes and spaces requests by that count;
    the bot keeps a throttle file per process in its state directory and removes those of dead processes."""
    import subprocess as sp
    import time

    from wikibot.site import own_throttle

    site = local_wiki.site()
    throttle = site.throttle
    before = throttle.ctrlfilename
    state = tmp_path / "state"
    state.mkdir()
    dead = sp.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = state / f"throttle-{int(dead.stdout)}.ctrl"
    try:
        shared = tmp_path / "throttle.ctrl"
        shared.write_text(f"0123456789abcdef 99 {time.time():.0f} {site}\n")   # a killed process's entry
        throttle.ctrlfilename = str(shared)
        throttle.checkMultiplicity()
        assert throttle.process_multiplicity == 2
        left.write_text(shared.read_text())
        from pywikibot import throttle as pwb_throttle

        assert f" {pwb_throttle.pid} " in shared.read_text()      # this process, counted in the shared file
        own_throttle(site, state)
        assert throttle.process_multiplicity == 1 and not left.exists()
        # ... and taken out of it, so that it slows no process started after it
        assert f" {pwb_throttle.pid} " not in shared.read_text() and " 99 " in shared.read_text()
    finally:
        throttle.ctrlfilename = before
        throttle.checkMultiplicity()


def test_temporary_files_of_a_killed_write_are_removed_at_start(local_wiki, tmp_path):
    import os

    from wikibot import operations, statefile
    from wikibot.config import Settings
    from wikibot.site import Wiki

    state = tmp_path / "state"
    state.mkdir()
    stale, fresh = state / "journal-abc.json.tmp", state / "journal-def.json.tmp"
    for path in (stale, fresh):
        path.write_text("{")
    os.utime(stale, (0, 0))
    wiki = Wiki(local_wiki.site(), Settings(config_dir=tmp_path, state_dir=state, run=local_wiki.title("Run")))
    operations.recover_all(wiki)
    assert not stale.exists() and fresh.exists()    # a write in progress elsewhere is left alone
    assert statefile.remove_leftovers(state, now=os.stat(fresh).st_mtime + 2 * statefile.LEFTOVER_SECONDS) == [fresh]

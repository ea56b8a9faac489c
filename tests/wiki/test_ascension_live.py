"""Ascensions and Synonyms asked for on the request page, done on the real local wiki.

The expected pages are the pure reset (``actions.reset``) of the same fixtures: the live operation
must save exactly those texts, create the new tracking page, and answer with a link to every diff.
A scheduled Ascension is run by the daemon at its time, not before; one whose time passed while the
bot was down runs once at start and says it ran late.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest

from actions.reset import BUILDING_BLOCKS, RULESET, dynastic_reset
from actions.synonyms import replace_terms
from parsers import request_page
from parsers.ascension import parse_address
from wikibot import journal as journal_mod
from wikibot import operations
from wikibot.config import Settings
from wikibot.daemon import Daemon
from wikibot.requests import RequestDesk
from wikibot.site import Wiki

from fixturedata import fixture_text

ADDRESS = """Ascension Address: Puzzles of the Dead

Repeal all dynastic rules except for the rule named “Coins”. Set the synonym for Emperor to “Grim Reaper” and \
the synonym for Player to “Necromancer”. Change the gamestate tracking page to “{graveyard}”. Include the \
Building Blocks “Low-Player Support” and “The Traitor”."""


@dataclass
class Game:
    """A bot with its own Ruleset, Building Blocks, gamestate, request and run pages."""

    wiki: Wiki
    gamestate: str
    graveyard: str          # the new tracking page the Address names (does not exist yet)
    ruleset_text: str
    blocks_text: str
    gamestate_text: str

    @property
    def address(self) -> str:
        return ADDRESS.format(graveyard=self.graveyard)

    def expected_reset(self) -> dict[str, str]:
        """The pure reset of the same texts: {title on this wiki: new text}."""
        plan = parse_address(self.address, ruleset=self.ruleset_text)
        result = dynastic_reset(self.ruleset_text, plan, building_blocks_text=self.blocks_text,
                                gamestate_text=self.gamestate_text, gamestate_title=self.gamestate)
        assert result.ok, result.report.render(False)
        return {self.wiki.settings.ruleset: result.pages[RULESET],
                self.wiki.settings.building_blocks: result.pages[BUILDING_BLOCKS],
                self.graveyard: operations.new_tracking_page_text(self.gamestate, plan.theme)}

    def before(self) -> dict[str, str | None]:
        return {self.wiki.settings.ruleset: self.ruleset_text, self.wiki.settings.building_blocks: self.blocks_text,
                self.graveyard: None}


def make_game(local_wiki, state_dir, ruleset: str | None = None, **settings) -> Game:
    """A game on the 2023 Ruleset (or *ruleset*, a page in its shape that links ``[[Puzzle Board]]``)."""
    stem = local_wiki.title("Game")
    gamestate, graveyard = local_wiki.title("Puzzle Board"), local_wiki.title("Graveyard")
    config = Settings(config_dir=state_dir, ruleset=f"{stem}/Ruleset", building_blocks=f"{stem}/Building Blocks",
                      requests=f"{stem}/Requests", run=f"{stem}/Run", state_dir=state_dir, **settings)
    ruleset = (ruleset or fixture_text("ruleset_2023.wiki")).replace("[[Puzzle Board]]", f"[[{gamestate}]]")
    assert f"[[{gamestate}]]" in ruleset
    blocks, gamestate_text = fixture_text("building_blocks_2023.wiki"), fixture_text("gamestate_puzzle_board.wiki")
    for title, text in ((config.ruleset, ruleset), (config.building_blocks, blocks), (gamestate, gamestate_text),
                        (config.run, "true"), (config.requests, "Requests.\n")):
        local_wiki.edit_as(local_wiki.admin, title, text)
    game = Game(Wiki(local_wiki.site(), config), gamestate, graveyard, ruleset, blocks, gamestate_text)
    return game


@pytest.fixture
def game(local_wiki, tmp_path) -> Game:
    return make_game(local_wiki, tmp_path / "state")


def post(local_wiki, wiki: Wiki, section: str, user=None) -> None:
    current = local_wiki.wiki.page_text(wiki.settings.requests) or ""
    local_wiki.edit_as(user or local_wiki.admin, wiki.settings.requests, current.rstrip("\n") + "\n\n" + section)


def texts(local_wiki, titles) -> dict[str, str | None]:
    return {t: local_wiki.wiki.page_text(t) for t in titles}


def stripped(pages: dict[str, str | None]) -> dict[str, str | None]:
    """MediaWiki keeps no trailing whitespace."""
    return {t: None if v is None else v.rstrip() for t, v in pages.items()}


def section_of(local_wiki, wiki: Wiki, heading: str) -> str:
    page = local_wiki.wiki.page_text(wiki.settings.requests)
    match = re.search(rf"^== {re.escape(heading)} ==\n(.*?)(?=^== |\Z)", page, re.M | re.S)
    assert match, f"no section “{heading}” on the request page"
    return match.group(1)


def latest_revid(local_wiki, title: str) -> int:
    page = local_wiki.api(action="query", prop="info", titles=title)["query"]["pages"][0]
    return page["lastrevid"]


def revision_times(local_wiki, title: str) -> list[datetime]:
    page = local_wiki.api(action="query", prop="revisions", titles=title, rvprop="timestamp",
                          rvlimit=50)["query"]["pages"][0]
    return [datetime.fromisoformat(r["timestamp"].replace("Z", "+00:00")) for r in page["revisions"]]


# --------------------------------------------------------------------------- performed live
def test_ascension_request_resets_three_pages_and_links_every_diff(local_wiki, game):
    expected = game.expected_reset()
    post(local_wiki, game.wiki, f"== Ascension: Puzzles of the Dead ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.requester == "AdminAlice" and answer.headline.startswith("Done: Dynastic Reset"), answer.headline
    assert stripped(texts(local_wiki, expected)) == stripped(expected)
    assert "tracking page for this dynasty is the [[" + game.graveyard + "]] page" in expected[game.wiki.settings.ruleset]
    section = section_of(local_wiki, game.wiki, "Ascension: Puzzles of the Dead")
    for title in expected:  # a link to the diff that made each page what it is now
        assert f"{title}: [[Special:Diff/{latest_revid(local_wiki, title)}]]" in section
    assert section.count(request_page.REPLY_MARK) == 1 and section.count(request_page.DONE_MARK) == 1
    assert journal_mod.for_requests(game.wiki.settings.state_dir) == {}  # the reply read back as saved
    assert "'''applied''' — tracking page" in section and "'''applied''' — replace terms" in section
    # Asked again (the request stays on the page): nothing more happens.
    assert RequestDesk(game.wiki).poll() == []
    assert stripped(texts(local_wiki, expected)) == stripped(expected)


def test_an_address_as_winners_write_it_is_performed_and_what_is_not_reset_is_named(local_wiki, game):
    """A list of rules to keep ending in ";", a player's value among the instructions, and renames
    between story paragraphs: the reset is done, and the player's value is left for an Admin, named."""
    address = ("The lights went out in the arcade, one cabinet at a time.\n\n"
               "Rename Puzzler to Ghost and Puzzle Master to Lich\n\n"
               "Only the claw machine still hums.\n\n"
               "Keep the dynastic rules “Turns” and “Coins”; all other dynastic rules are repealed. "
               "Set Josh's Coins to 3. Include no Building Blocks.")
    plan = parse_address(address, ruleset=game.ruleset_text)
    expected = dynastic_reset(game.ruleset_text, plan, building_blocks_text=game.blocks_text)
    assert expected.ok, expected.report.render(False)
    post(local_wiki, game.wiki, f"== Ascension: Arcade ==\n{{{{Ascension}}}}\n{address}\n~~~~\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Done: Dynastic Reset"), answer.headline
    assert answer.headline.endswith("Left for an Admin: step 1 (outside the reset).")   # nothing else is left
    ruleset = local_wiki.wiki.page_text(game.wiki.settings.ruleset)
    assert ruleset == expected.pages[RULESET].rstrip()
    assert "== Turns ==" in ruleset and "== Coins ==" in ruleset and "== Matches ==" not in ruleset
    assert "Puzzler" not in ruleset.replace("(Player)", "") and "Lich" in ruleset
    section = section_of(local_wiki, game.wiki, "Ascension: Arcade")
    assert "Set Josh's Coins to 3." in section


def test_ascension_naming_an_existing_tracking_page_writes_nothing(local_wiki, game):
    local_wiki.edit_as(local_wiki.plain, game.graveyard, "Someone's notes.")
    post(local_wiki, game.wiki, f"== Ascension: Taken ==\n{{{{Ascension}}}}\n{game.address}\n~~~~\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Not done") and "already exists" in answer.headline
    before = {**game.before(), game.graveyard: "Someone's notes."}
    assert stripped(texts(local_wiki, before)) == stripped(before)


def test_synonyms_request_replaces_the_term_throughout(local_wiki, game):
    expected, _report = replace_terms(game.ruleset_text, {"Player": "Necromancer"})
    post(local_wiki, game.wiki, "== Synonyms: Necromancers ==\n{{Synonyms|Player=Necromancer}}\n~~~~\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Done: Synonyms"), answer.headline
    ruleset = local_wiki.wiki.page_text(game.wiki.settings.ruleset)
    assert ruleset == expected.rstrip() and "Puzzler" not in ruleset.replace("(Player)", "")
    section = section_of(local_wiki, game.wiki, "Synonyms: Necromancers")
    assert f"[[Special:Diff/{latest_revid(local_wiki, game.wiki.settings.ruleset)}]]" in section
    # The Building Blocks page follows the terms in the same operation (its Puzzlers are Necromancers too).
    blocks = local_wiki.wiki.page_text(game.wiki.settings.building_blocks)
    assert "Puzzler" not in blocks and blocks.count("Necromancer") >= game.blocks_text.count("Puzzler")
    assert f"[[Special:Diff/{latest_revid(local_wiki, game.wiki.settings.building_blocks)}]]" in section


# --------------------------------------------------------------------------- scheduled
@pytest.mark.slow
def test_scheduled_ascension_fires_at_its_time_from_the_daemon_and_not_before(local_wiki, tmp_path):
    game = make_game(local_wiki, tmp_path / "state", poll_seconds=0.5)
    expected = game.expected_reset()
    at = (datetime.now(timezone.utc) + timedelta(seconds=4)).replace(microsecond=0)
    post(local_wiki, game.wiki, f"== Ascension: On time ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M:%S}}}}}\n"
                                f"{game.address}\n~~~~\n")
    daemon = Daemon(game.wiki)
    seen_before: list[dict] = []

    def watch() -> None:
        # Just before the time: nothing done yet (the daemon has polled several times by then).
        time.sleep(max(0.0, (at - datetime.now(timezone.utc)).total_seconds() - 1.0))
        seen_before.append(texts(local_wiki, expected))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and request_page.DONE_MARK not in section_of(local_wiki, game.wiki,
                                                                                          "Ascension: On time"):
            time.sleep(0.3)
        daemon.stopping.set()

    watcher = threading.Thread(target=watch)
    watcher.start()
    daemon.run_forever()  # in this thread: it installs signal handlers
    watcher.join()
    assert stripped(seen_before[0]) == stripped(game.before())
    assert stripped(texts(local_wiki, expected)) == stripped(expected)
    saved_at = revision_times(local_wiki, game.wiki.settings.ruleset)[0]
    assert at <= saved_at < at + timedelta(seconds=10)
    section = section_of(local_wiki, game.wiki, "Ascension: On time")
    assert "Done: Dynastic Reset" in section and "run late" not in section
    assert section.count(request_page.DONE_MARK) == 1


def test_scheduled_ascension_missed_while_down_runs_once_at_start_and_says_late(local_wiki, game):
    expected = game.expected_reset()
    at = datetime.now(timezone.utc) - timedelta(hours=3)
    post(local_wiki, game.wiki, f"== Ascension: Missed ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M}}}}}\n"
                                f"{game.address}\n~~~~\n")
    daemon = Daemon(game.wiki)   # the bot starts again after being down
    daemon.start()
    daemon.run_once()
    daemon.run_once()            # and polls again: nothing more
    daemon.scheduler.clear()
    assert stripped(texts(local_wiki, expected)) == stripped(expected)
    section = section_of(local_wiki, game.wiki, "Ascension: Missed")
    assert section.count(request_page.REPLY_MARK) == 1 and section.count(request_page.DONE_MARK) == 1
    assert re.search(rf"Done \(scheduled for {at:%Y-%m-%d %H:%M}:00 UTC; run late, at \d{{4}}-\d\d-\d\d "
                     r"\d\d:\d\d:\d\d UTC, because the bot was not running then\): Dynastic Reset", section), section


def test_scheduled_ascension_in_the_future_is_not_run(local_wiki, game):
    at = datetime.now(timezone.utc) + timedelta(days=2)
    post(local_wiki, game.wiki, f"== Ascension: Later ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M:%S}}}}}\n"
                                f"{game.address}\n~~~~\n")
    # Acknowledged once, with its time and how to cancel it; not done.
    [accepted] = RequestDesk(game.wiki).poll()
    assert not accepted.done and accepted.headline.startswith(f"Accepted: the bot does this at {at:%Y-%m-%d %H:%M:%S} UTC")
    assert "To cancel it, remove this section" in accepted.headline
    assert RequestDesk(game.wiki).poll() == []
    assert stripped(texts(local_wiki, game.before())) == stripped(game.before())
    # The same request seen by a desk whose clock has reached the time is done.
    [answer] = RequestDesk(game.wiki, clock=lambda: at + timedelta(seconds=1)).poll()
    assert answer.headline.startswith("Done: Dynastic Reset") and "late" not in answer.headline
    section = section_of(local_wiki, game.wiki, "Ascension: Later")
    assert section.count("Accepted:") == 1 and section.count(request_page.DONE_MARK) == 1


def test_scheduled_request_by_a_non_admin_is_refused_when_posted(local_wiki, game):
    at = datetime.now(timezone.utc) + timedelta(days=2)
    post(local_wiki, game.wiki, f"== Ascension: Sneaky ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M}}}}}\n"
                                f"{game.address}\n~~~~\n", user=local_wiki.plain)
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.done and "only Admins" in answer.headline
    assert RequestDesk(game.wiki, clock=lambda: at + timedelta(seconds=1)).poll() == []
    assert stripped(texts(local_wiki, game.before())) == stripped(game.before())


# --------------------------------------------------------------------------- one request, one heading
@pytest.mark.parametrize("second", ["Each Puzzler may wear two Hats.", "Each Puzzler may wear a Hat."],
                         ids=["different", "identical"])
def test_duplicate_headings_are_refused_with_a_clear_reply(local_wiki, game, second, caplog):
    import logging

    hats = ("== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\nAdd a new rule to the Ruleset, called “Hats”, "
            "with the following text:\n\nEach Puzzler may wear a Hat.\n")
    post(local_wiki, game.wiki, hats)
    post(local_wiki, game.wiki, hats.replace("Each Puzzler may wear a Hat.", second))
    with caplog.at_level(logging.INFO, logger="wikibot"):
        answers = RequestDesk(game.wiki).poll()
    assert len(answers) == 2
    # the console names no one it did not trace, and does not call them "an unknown user" (requests._who)
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("request “Enact: Hats” by ")]
    assert len(said) == 2 and all(line.startswith("request “Enact: Hats” by someone (not traced") for line in said), said
    assert all("more than one request on this page is headed “Enact: Hats”" in a.headline for a in answers)
    assert local_wiki.wiki.page_text(game.wiki.settings.ruleset) == game.ruleset_text.rstrip()
    page = local_wiki.wiki.page_text(game.wiki.settings.requests)
    assert page.count(request_page.DONE_MARK) == 2 and page.count("give each request its own heading") == 2
    requests = request_page.parse(page)
    assert len(requests) == 2 and all(r.done for r in requests)
    first, second = page.split("== Enact: Hats ==")[1:]
    assert first.count(request_page.DONE_MARK) == 1 and second.count(request_page.DONE_MARK) == 1
    assert RequestDesk(game.wiki).poll() == []


def test_a_heading_used_again_after_its_request_was_archived_is_a_new_request(local_wiki, game):
    """Who asked is whoever added the section as it stands, not whoever used the heading first."""
    hats = ("== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\nAdd a new rule to the Ruleset, called “Hats”, "
            "with the following text:\n\nEach Puzzler may wear a Hat.\n~~~~\n")
    post(local_wiki, game.wiki, hats)
    local_wiki.edit_as(local_wiki.admin, game.wiki.settings.requests, "Requests (archived).\n")
    post(local_wiki, game.wiki, hats, user=local_wiki.plain)
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.requester == "PlainBob" and "only Admins" in answer.headline
    assert local_wiki.wiki.page_text(game.wiki.settings.ruleset) == game.ruleset_text.rstrip()

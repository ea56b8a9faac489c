"""Load: a burst of gamestate edits by several users, patrolled in a few cycles interleaved with the
edits (and one restart): every revision is judged exactly once, none is missed, every plain user's
illegal edit is undone and every Admin's reported.

60 edits prove it: the batch of revision texts read per API request (:data:`wikibot.patrol.BATCH`, 50)
is made 10 for the test, so that each cycle judges more edits than one batch holds, as a burst of
hundreds does at the real size; every cycle after the first re-reads the last two minutes of recent
changes it has judged already (the overlap), and the restart comes between cycles. ``--full-load``
posts 1,000 with the real batch, as ``bench/load.py`` does to time it (``bench/patrol.py`` times one
cycle over a burst).
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from wikibot.config import Settings
from wikibot import patrol as patrol_module
from wikibot.patrol import REPORTED, UNDONE, Patrol
from wikibot.site import Wiki

from test_patrol import ruleset_text
import pytest

pytestmark = pytest.mark.slow  # a load test: seconds to minutes

EDITS = 60
FULL_EDITS = 1000   # with --full-load
SMALL_BATCH = 10    # revision texts per request in the test (the real BATCH with --full-load)
ROUNDS = 4
ROWS = 80
PLAIN = ["PlainBob", "PlainCarol", "PlainDan", "PlainEve"]
HATS = ["Bowler", "Fez", "Top"]


class Board:
    """The gamestate page as the players see it: rows of (Coins, Hat), rendered the same way each time."""

    def __init__(self):
        self.rows = {f"Player{n:03d}": [3, "Fez"] for n in range(ROWS)}
        self.dirty: set[str] = set()  # rows holding an illegal value this round: left alone

    def render(self) -> str:
        lines = ["{| class=\"wikitable\"", "! Puzzler !! Coins !! Hat"]
        for name, (coins, hat) in self.rows.items():
            lines += ["|-", f"| {name} || {coins} || {hat}"]
        return "\n".join(lines + ["|}"])

    def read(self, text: str) -> None:
        for line in text.splitlines():
            if line.startswith("| Player"):
                name, coins, hat = (cell.strip() for cell in line[1:].split("||"))
                self.rows[name] = [int(coins), hat]
        self.dirty = set()


class Poster:
    """Edits as a user through the API with one request per edit (the edit token is kept)."""

    def __init__(self, local_wiki, title):
        self.local_wiki = local_wiki
        self.title = title
        self.tokens: dict[str, str] = {}

    def edit(self, user: str, text: str) -> int:
        if user not in self.tokens:
            self.tokens[user] = self.local_wiki.wiki.csrf_token(user)
        answer = self.local_wiki.api(user, post=True, action="edit", title=self.title, text=text,
                                     token=self.tokens[user], summary="move")["edit"]
        assert answer["result"] == "Success" and "nochange" not in answer, answer
        return answer["newrevid"]


@pytest.mark.slow
def test_burst_of_edits_is_patrolled_once_each(local_wiki, tmp_path, wiki_title, full_load, monkeypatch):
    edits = FULL_EDITS if full_load else EDITS
    if not full_load:
        monkeypatch.setattr(patrol_module, "BATCH", SMALL_BATCH)
    assert edits // ROUNDS > patrol_module.BATCH  # each cycle reads more than one batch of texts
    for name in PLAIN:
        if name not in local_wiki.wiki.users:
            local_wiki.wiki.create_user(name)
    stem = wiki_title("Patrol load")
    board_title = f"{stem} Board"
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", building_blocks=f"{stem}/Building Blocks",
                        requests=f"{stem}/Requests", run=f"{stem}/Run", log=f"{stem}/Log",
                        constraints=f"{stem}/Constraints", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, ruleset_text(board_title))
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    board = Board()
    local_wiki.edit_as(local_wiki.admin, board_title, board.render())
    wiki = Wiki(local_wiki.site(), settings)
    patrol = Patrol(wiki)
    patrol.cycle()  # the mark: from now on

    rng = random.Random(7)
    poster = Poster(local_wiki, board_title)
    posted: list[int] = []
    illegal_plain: set[int] = set()
    illegal_admin: set[int] = set()
    reapplied: set[int] = set()       # a plain user's illegal change made again: reported, not undone
    made: set[tuple] = set()
    checked: list[int] = []
    findings = []
    patrolling = 0.0
    for round_ in range(ROUNDS):
        for _ in range(edits // ROUNDS):
            user = rng.choice(PLAIN + ["AdminAlice"])
            name = rng.choice([n for n in board.rows if n not in board.dirty])
            row = board.rows[name]
            illegal = rng.random() < 0.1   # an Admin's too (reported, not undone)
            if illegal:
                row[0] = -rng.randint(1, 9)
                board.dirty.add(name)
            elif rng.random() < 0.5:
                row[0] = rng.choice([c for c in range(10) if c != row[0]])
            else:
                row[1] = rng.choice([h for h in HATS if h != row[1]])
            revid = poster.edit(user, board.render())
            posted.append(revid)
            if illegal and user == "AdminAlice":
                illegal_admin.add(revid)
            elif illegal:
                (reapplied if (user, name, row[0]) in made else illegal_plain).add(revid)
                made.add((user, name, row[0]))
        if round_ == 2:
            patrol = Patrol(wiki)  # a restart in the middle of the load
        before = len(patrol.checked)
        started = time.perf_counter()
        findings += patrol.cycle()
        patrolling += time.perf_counter() - started
        checked += patrol.checked[before:]
        board.read(local_wiki.wiki.page_text(board_title))

    assert len(posted) == edits
    counts = Counter(checked)
    assert [r for r, n in counts.items() if n > 1] == []          # none judged twice
    assert sorted(set(posted) - set(counts)) == []                # none missed
    assert set(counts) == set(posted)                             # and nothing else (not the bot's undos)
    undone = {f.change.revid for f in findings if f.action == UNDONE}
    reported = {f.change.revid for f in findings if f.action == REPORTED}
    assert undone == illegal_plain and reported == illegal_admin | reapplied
    assert len(illegal_plain) > edits // 20 and illegal_admin
    final = local_wiki.wiki.page_text(board_title)
    negative = [line for line in final.splitlines() if "|| -" in line]
    assert len(negative) <= len(illegal_admin | reapplied)  # only those left for humans remain
    print(f"\npatrol load: {edits} edits in {ROUNDS} cycles, {len(undone)} undone, {len(reported)} reported, "
          f"{edits / patrolling:.0f} revisions judged per second")

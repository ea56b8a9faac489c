"""The gamestate patrol's throughput on a real local MediaWiki: one cycle over a burst of edits.

    .venv/bin/python bench/patrol.py [--edits 1000] [--illegal 0.1]

Starts a throwaway local wiki (:mod:`wikibot.testwiki`; PHP and MediaWiki must be installed),
loads a small Ruleset and a gamestate page with a row per player, posts a burst of edits by four users
(one request each, through the API, not through the bot) of which the ``--illegal`` share set a
negative number of Coins, and then times one patrol cycle that judges them all and undoes the
illegal ones. Every HTTP request pywikibot sends during the cycle is counted (a response hook on
its session); ``patrol_api_requests_per_revision`` is that count over the revisions judged, undos
and their checks included, and ``patrol_check_requests_per_revision`` the share spent finding and
reading the edits (recent changes and batched revision texts) alone.
Prints `name: value` lines.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (puts the project on sys.path)

from wikibot import config, testwiki  # noqa: E402

USERS = ["PlainBob", "PlainCarol", "PlainDan", "AdminAlice"]
RULESET = """= Core Rules =

== Ruleset and Gamestate ==
The gamestate tracking page for this dynasty is the [[Board]] page of the wiki.

= Dynastic Rules =

== Coins ==
Each Puzzler has a publicly tracked number of Coins, defaulting to 3.

== Hats ==
Each Puzzler has a publicly tracked Hat, which can be Bowler, Fez or Top and defaults to Fez.

= Appendix =

== Numbers and Variables ==
If a set of valid values is not specified in their definition, game variables defined to hold numeric values can hold only non-negative integers.
"""


def render(rows: dict[str, list]) -> str:
    lines = ['{| class="wikitable"', "! Puzzler !! Coins !! Hat"]
    for name, (coins, hat) in rows.items():
        lines += ["|-", f"| {name} || {coins} || {hat}"]
    return "\n".join(lines + ["|}"])


def players(edits: int, illegal_share: float) -> dict[str, list]:
    """Enough rows that every illegal edit can have one to itself (a row holding an illegal value is
    left alone by the later edits of the burst, so that each undo applies)."""
    return {f"Player{n:03d}": [3, "Fez"] for n in range(max(60, int(edits * illegal_share * 1.5) + 30))}


def post_burst(wiki: testwiki.LocalWiki, edits: int, illegal_share: float) -> tuple[int, int]:
    """Post the burst; (edits posted, illegal ones by plain users)."""
    rng = random.Random(11)
    rows = players(edits, illegal_share)
    tokens = {user: wiki.csrf_token(user) for user in USERS}
    dirty: set[str] = set()
    illegal = 0
    for _ in range(edits):
        user = rng.choice(USERS)
        name = rng.choice([n for n in rows if n not in dirty])
        row = rows[name]
        if user != "AdminAlice" and rng.random() < illegal_share:
            row[0] = -rng.randint(1, 1000)
            dirty.add(name)
            illegal += 1
        elif rng.random() < 0.5:
            row[0] = rng.choice([c for c in range(10) if c != row[0]])
        else:
            row[1] = rng.choice([h for h in ("Bowler", "Fez", "Top") if h != row[1]])
        wiki.api(user, post=True, action="edit", title="Board", text=render(rows), token=tokens[user],
                 summary="move")
    return edits, illegal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--illegal", type=float, default=0.1, help="share of illegal edits by plain users")
    args = parser.parse_args()
    problem = testwiki.php_missing()
    if problem:
        raise SystemExit(f"bench/patrol.py: {problem}")
    if not 0 <= args.illegal <= 0.5 or args.edits < 1:
        raise SystemExit("--edits must be at least 1 and --illegal a share from 0 to 0.5")
    home = Path(tempfile.mkdtemp(prefix="wikibot-bench-patrol-"))
    wiki = testwiki.LocalWiki("Patrol Bench Wiki")
    wiki.start(home / "wiki")
    try:
        bot = wiki.create_user("WikiBot", groups=("bot",))
        wiki.create_bot_password(bot, "wikibot")
        wiki.create_user("AdminAlice", groups=("sysop",))
        for user in USERS[:-1]:
            wiki.create_user(user)
        wiki.write_pywikibot_config(home / "pywikibot", "bench", users=["WikiBot"], user="WikiBot")
        settings = config.load(home / "pywikibot")  # before pywikibot is imported

        from pywikibot.comms import http

        from wikibot.patrol import UNDONE, Patrol
        from wikibot.site import Wiki

        wiki.edit_as("AdminAlice", "Ruleset", RULESET, "rules")
        wiki.edit_as("AdminAlice", "User:WikiBot/Run", "true", "let the bot write")
        wiki.edit_as("AdminAlice", "Board", render(players(args.edits, args.illegal)), "board")
        bot_wiki = Wiki.connect(settings)
        patrol = Patrol(bot_wiki)
        patrol.cycle()  # the first run sets the mark
        edits, illegal = post_burst(wiki, args.edits, args.illegal)

        sent = [0]
        http.session.hooks["response"].append(lambda response, *a, **k: sent.__setitem__(0, sent[0] + 1))
        started = time.perf_counter()
        findings = patrol.cycle()
        seconds = time.perf_counter() - started
        requests = sent[0]
        judged = len(patrol.checked)
        undone = sum(1 for f in findings if f.action == UNDONE)
        if judged != edits or undone != illegal:
            raise SystemExit(f"the patrol judged {judged} of {edits} edits and undid {undone} of {illegal} "
                             "illegal ones: the benchmark is void")
    finally:
        wiki.stop()
    print(f"patrol_edits: {edits}")
    print(f"patrol_undone: {undone}")
    print(f"patrol_cycle_seconds: {seconds:.2f}")
    print(f"patrol_revisions_per_second: {judged / seconds:.1f}")
    print(f"patrol_api_requests: {requests}")
    print(f"patrol_api_requests_per_revision: {requests / judged:.3f}")
    print(f"patrol_check_requests_per_revision: {patrol.requests / judged:.3f}")


if __name__ == "__main__":
    sys.exit(main())

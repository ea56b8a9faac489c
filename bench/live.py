"""API requests and bytes the bot spends on the wiki, on a real local wiki.

    .venv/bin/python bench/live.py

Starts a throwaway MediaWiki (:mod:`wikibot.testwiki`), loads the sample Ruleset and gamestate page, and
measures, counting every HTTP request pywikibot sends where it is sent (``pywikibot.comms.http.request``,
sorted into reads ``action=query``, writes ``action=edit`` and others, checked against the PHP server's
own access log) and the bytes of the wiki's answers:

* an enactment that changes both pages (``operations.enact`` on the wiki's page store);
* a request answered by a new desk in a new game (``cold``: nothing of the game read before);
* a running bot (the daemon's three jobs: desk, patrol, audit): a cycle with nothing to do (``idle``), and
  a new request answered by the desk of a bot that has run a cycle on the game before (the target);
* a new request on a request page with a short and a long history, and a request buried under the most
  later edits the desk looks through (499: found) and under one more (500: refused as too old).

The one-off login and token fetch happen before counting. Prints `name: value` lines. Targets: an idle
cycle at most 3 requests and 10 KB; a request at most 7 requests; a buried request at most twice the bytes
of a fresh one.
"""

from __future__ import annotations

import collections
import logging
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from common import ROOT  # noqa: F401  (puts the project on sys.path)

from wikibot import config, testwiki  # noqa: E402
from wikibot.demo import sample  # noqa: E402

RUNS = 5
HISTORIES = (10, 500)   # revisions of the request page when a new request is answered
BURIED = (499, 500)     # later edits over a request: the most the desk looks through, and one more
PROPOSAL = """Add a new rule to the Ruleset, called “Hats”, with the following text:

Each Puzzler may wear a Hat.

In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.

Kevan gains 2 Coins.
"""


class Counter:
    """Counts the API requests pywikibot sends, by kind, by wrapping its one HTTP entry point."""

    def __init__(self) -> None:
        from pywikibot.comms import http

        self.kinds: collections.Counter[str] = collections.Counter()
        self.received = 0   # bytes of the wiki's answers
        self._http = http
        self._send = http.request

        def request(site, uri=None, *args, **kwargs):
            params = parse_qs(urlsplit(uri or "").query)
            data = kwargs.get("data")
            if isinstance(data, (str, bytes)):
                params.update(parse_qs(data if isinstance(data, str) else data.decode("utf-8", "replace")))
            action = (params.get("action") or ["?"])[0]
            self.kinds["write" if action == "edit" else "read" if action == "query" else action] += 1
            response = self._send(site, uri, *args, **kwargs)
            self.received += len(getattr(response, "content", b"") or b"")
            return response
        http.request = request

    def take(self) -> collections.Counter[str]:
        taken, self.kinds = self.kinds, collections.Counter()
        self.received = 0
        return taken


def server_requests(wiki: testwiki.LocalWiki) -> int:
    return wiki.log_file.read_text(errors="replace").count(" /api.php")


def main() -> None:
    logging.disable(logging.WARNING)
    problem = testwiki.php_missing()
    if problem:
        raise SystemExit(f"bench/live.py: {problem}")
    home = Path(tempfile.mkdtemp(prefix="wikibot-bench-"))
    with testwiki.LocalWiki("Bench Wiki").start(home / "wiki") as wiki:
        bot = wiki.create_user("WikiBot", groups=("bot",))
        wiki.create_bot_password(bot, "wikibot")
        admin = wiki.create_user("AdminAlice", groups=("sysop",))
        wiki.write_pywikibot_config(home / "pywikibot", "bench", users=["WikiBot", "AdminAlice"], user="WikiBot")
        settings = config.load(home / "pywikibot")

        from wikibot import operations
        from wikibot.pages import WikiPages
        from wikibot.requests import RequestDesk
        from wikibot.site import Wiki

        bot_wiki = Wiki.connect(settings)
        bot_wiki.site.tokens["csrf"]  # the one-off token fetch, not part of any enactment
        wiki.edit_as(admin, settings.run, "true")
        counter = Counter()
        ruleset, gamestate = sample("Ruleset.wiki"), sample("Puzzle Board.wiki")

        def fresh_game(n: int) -> None:
            bot_wiki.settings.ruleset = f"Ruleset {n}"
            wiki.edit_as(admin, f"Puzzle Board {n}", gamestate)
            wiki.edit_as(admin, f"Ruleset {n}", ruleset.replace("[[Puzzle Board]]", f"[[Puzzle Board {n}]]"))

        seconds, per_enactment, pages = [], [], 0
        for n in range(RUNS):
            fresh_game(n)
            counter.take()
            before = server_requests(wiki)
            started = time.perf_counter()
            outcome = operations.enact(WikiPages(bot_wiki), "Proposal: Hats", PROPOSAL)
            seconds.append(time.perf_counter() - started)
            kinds = counter.take()
            assert sum(kinds.values()) == server_requests(wiki) - before, "counts disagree with the access log"
            pages = len(outcome.saved)
            assert pages == 2, outcome.report
            per_enactment.append(kinds)

        fresh_game(RUNS)
        wiki.edit_as(admin, bot_wiki.settings.requests,
                     "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + PROPOSAL + "~~~~\n")
        counter.take()
        [answer] = RequestDesk(bot_wiki).poll()
        assert answer.headline.startswith("Done"), answer.headline
        cold_received, per_request_cold = counter.received, counter.take()

        # A running bot: the daemon's jobs on a game of their own; a first cycle reads the game, the next finds
        # nothing to do; then a request is posted and the desk answers it; two more cycles settle the bot's own
        # edits, and one more has nothing to do again.
        from wikibot.daemon import Daemon

        fresh_game(RUNS + 10)
        bot_wiki.settings.requests = "Requests D"
        wiki.edit_as(admin, bot_wiki.settings.requests, "Requests.\n")
        daemon = Daemon(bot_wiki)
        daemon.start()
        daemon.run_once()
        counter.take()
        daemon.run_once()
        idle_received, idle = counter.received, counter.take()
        wiki.edit_as(admin, bot_wiki.settings.requests,
                     "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + PROPOSAL + "~~~~\n")
        counter.take()
        [answer] = daemon.jobs["requests"][1]()
        assert answer.headline.startswith("Done"), answer.headline
        warm_received, per_request = counter.received, counter.take()
        daemon.run_once()
        daemon.run_once()
        counter.take()
        daemon.run_once()
        idle_after_received, idle_after = counter.received, counter.take()
        daemon.scheduler.clear()

        # One new request on a request page with a short and a long history (the page's size the same):
        # what the poll downloads, and what reading the whole history with content (as the desk once did) costs.
        archive = "".join(f"== Enact: Old {k} ==\n{{{{Enact|title=Proposal: Old {k}}}}}\n{PROPOSAL}"
                          f"<!-- wikibot:reply -->\n: Done.\n<!-- wikibot:done -->\n\n" for k in range(10))
        by_history = {}
        for n, revisions in enumerate(HISTORIES):
            fresh_game(RUNS + 1 + n)
            title = bot_wiki.settings.requests = f"Requests {n}"
            for k in range(revisions - 1):
                wiki.edit_as(admin, title, f"Requests (note {k % 2}).\n\n" + archive)
            section = f"== Enact: Hats ==\n{{{{Enact|title=Proposal: Hats}}}}\n{PROPOSAL}~~~~\n"
            wiki.edit_as(admin, title, "Requests (note 9).\n\n" + archive + section)
            counter.take()
            [answer] = RequestDesk(bot_wiki).poll()
            assert answer.headline.startswith("Done"), answer.headline
            received, kinds = counter.received, counter.take()
            changed = sum(len(wiki.page_text(t).encode()) for t in (f"Ruleset {RUNS + 1 + n}",
                                                                    f"Puzzle Board {RUNS + 1 + n}"))
            bot_wiki.history(title, 501)
            old_way = counter.received
            counter.take()
            by_history[revisions] = (received, sum(kinds.values()), len(section.encode()) + changed, old_way)

        # A request buried under later edits of the request page (by an Admin, as archiving and other requests
        # are): found under the most the desk looks through, refused as too old under one more.
        buried = {}
        for n, later in enumerate(BURIED):
            fresh_game(RUNS + 20 + n)
            title = bot_wiki.settings.requests = f"Requests B{n}"
            section = f"== Enact: Hats ==\n{{{{Enact|title=Proposal: Hats}}}}\n{PROPOSAL}~~~~\n"
            wiki.edit_as(admin, title, "Requests (note).\n\n" + archive + section)
            for k in range(later):
                wiki.edit_as(admin, title, f"Requests (note {k % 2}).\n\n" + archive + section)
            counter.take()
            [answer] = RequestDesk(bot_wiki).poll()
            assert answer.headline.startswith("Done" if later < BURIED[-1] else "Not done"), answer.headline
            received, kinds = counter.received, counter.take()
            buried[later] = (received, sum(kinds.values()))

    kinds = per_enactment[-1]
    print(f"live_pages_per_enactment: {pages}")
    print(f"live_api_requests_per_enactment: {sum(kinds.values())}")
    print(f"live_api_reads_per_page: {kinds['read'] / pages:.1f}")
    print(f"live_api_writes_per_page: {kinds['write'] / pages:.1f}")
    print(f"live_api_other_per_enactment: {sum(kinds.values()) - kinds['read'] - kinds['write']}")
    print(f"live_api_target_per_enactment: {2 * pages}")
    print(f"live_api_requests_per_request: {sum(per_request.values())}")
    print(f"live_api_reads_per_request: {per_request['read']}")
    print(f"live_api_writes_per_request: {per_request['write']}")
    print(f"live_request_bytes: {warm_received}")
    print(f"live_api_requests_per_request_cold: {sum(per_request_cold.values())}")
    print(f"live_request_bytes_cold: {cold_received}")
    print(f"live_idle_cycle_api_requests: {sum(idle.values())}")
    print(f"live_idle_cycle_bytes: {idle_received}")
    print(f"live_idle_cycle_after_work_api_requests: {sum(idle_after.values())}")
    print(f"live_idle_cycle_after_work_bytes: {idle_after_received}")
    print(f"live_seconds_per_enactment: {statistics.median(seconds):.3f}")
    for revisions, (received, requests, own, old_way) in by_history.items():
        print(f"live_request_bytes_at_{revisions}_revisions: {received}")
        print(f"live_request_api_requests_at_{revisions}_revisions: {requests}")
        print(f"live_request_bytes_target_at_{revisions}_revisions: {2 * own}")
        print(f"live_history_bytes_whole_with_content_at_{revisions}_revisions: {old_way}")
    short, long = (by_history[r][0] for r in HISTORIES)
    print(f"live_request_bytes_ratio_{HISTORIES[1]}_to_{HISTORIES[0]}: {long / short:.2f}")
    for later, (received, requests) in buried.items():
        print(f"live_request_bytes_buried_under_{later}_edits: {received}")
        print(f"live_request_api_requests_buried_under_{later}_edits: {requests}")
        print(f"live_request_bytes_ratio_buried_under_{later}_to_fresh: {received / short:.2f}")


if __name__ == "__main__":
    main()

"""Load: requests queued on the request page, all answered exactly once, in page order, each at
a fixed cost.

The requests are small enactments (each adds one rule) on a small Ruleset, so that the figure
measured is the desk's own cost. API requests are counted on the wiki's side, from the local
server's access log: the desk reads the page history once per poll, not once per request.

20 requests prove it (one API request more per request than :data:`PER_REQUEST` would cost 20,
more than the :data:`PER_POLL` allowance, which is what a poll costs with room to spare); ``--full-load``
queues 200, as ``bench/load.py`` does to time it.
"""

from __future__ import annotations

import re
import time

import pytest

from parsers import request_page
from parsers import ruleset as ruleset_parser
from wikibot.config import Settings
from wikibot.requests import RequestDesk
from wikibot.site import Wiki
import pytest

pytestmark = pytest.mark.slow  # a load test: seconds to minutes

N = 20              # queued requests (more than PER_POLL: a cost per request cannot hide in it)
FULL_N = 200        # with --full-load
BATCH = 10          # requests posted per edit of the request page
RULESET = """= Core Rules =

== Players ==
Each Player may play.

= Dynastic Rules =

== Coins ==
Each Player has Coins, defaulting to 3.

= Appendix =

== Keywords ==
Words mean what they say.
"""
#: API requests per request answered: reading the Ruleset, saving it (one query for the run page
#: and the latest revision, then the edit), and saving the reply the same way (the reply is based on
#: the request page as the poll read it, or as the previous reply saved it: no read of its own).
PER_REQUEST = 5
#: Once per poll: the run page, the request page, its history, who is an Admin; logging in and the
#: site's own queries on a fresh session (a poll costs 6 to 10).
PER_POLL = 16


def section(n: int) -> str:
    return (f"== Enact: Rule {n:03d} ==\n{{{{Enact|title=Proposal: Rule {n:03d}}}}}\n"
            f"Add a new rule to the Ruleset, called “Rule {n:03d}”, with the following text:\n\n"
            f"Rule {n:03d} is in force.\n~~~~\n")


def api_requests(local_wiki) -> int:
    return len(re.findall(r"\]: (?:GET|POST) /api\.php", local_wiki.wiki.log_file.read_text(errors="replace")))


@pytest.mark.slow
def test_queued_requests_are_answered_once_in_page_order_at_a_fixed_cost(local_wiki, tmp_path, capsys, full_load):
    n = FULL_N if full_load else N
    stem = local_wiki.title("Load")
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests",
                        run=f"{stem}/Run", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, RULESET)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    page = "Requests.\n"
    for first in range(1, n + 1, BATCH):
        page = page.rstrip("\n") + "\n\n" + "\n".join(section(k) for k in range(first, min(first + BATCH, n + 1)))
        local_wiki.edit_as(local_wiki.admin, settings.requests, page)
    wiki = Wiki(local_wiki.site(), settings)
    headings = [f"Enact: Rule {k:03d}" for k in range(1, n + 1)]

    calls_before, started = api_requests(local_wiki), time.monotonic()
    answers = RequestDesk(wiki).poll()
    seconds, calls = time.monotonic() - started, api_requests(local_wiki) - calls_before

    assert [a.request.heading for a in answers] == headings
    assert all(a.requester == "AdminAlice" and a.headline.startswith("Done") for a in answers)
    # In page order: the rules stand in the Ruleset in the order asked, each once.
    ruleset = ruleset_parser.parse(local_wiki.wiki.page_text(settings.ruleset))
    assert [r.title for r in ruleset.rules if r.title.startswith("Rule ")] == [h.split(": ")[1] for h in headings]
    # Answered once each: one reply and one done marker in every section, replies saved in page order.
    text = local_wiki.wiki.page_text(settings.requests)
    requests = request_page.parse(text)
    assert [r.heading for r in requests] == headings and all(r.done for r in requests)
    assert text.count(request_page.REPLY_MARK) == n and text.count(request_page.DONE_MARK) == n
    history = local_wiki.api(action="query", prop="revisions", titles=settings.requests, rvprop="comment|user",
                             rvlimit=500)["query"]["pages"][0]["revisions"]
    replies = [re.match(r"/\* (.*?) \*/", r["comment"]).group(1) for r in reversed(history) if r["user"] == "WikiBot"]
    assert replies == headings
    # Not quadratic: the history is read once per poll; each request costs a fixed number of calls.
    assert calls <= PER_REQUEST * n + PER_POLL, f"{calls} API requests for {n} requests"
    with capsys.disabled():
        print(f"\nrequest load: {n} requests answered in {seconds:.1f} s ({seconds / n * 1000:.0f} ms each), "
              f"{calls} API requests ({calls / n:.1f} per request)")
    # A second poll, or a restarted bot, finds nothing to do.
    assert RequestDesk(wiki).poll() == []
    assert local_wiki.wiki.page_text(settings.requests) == text

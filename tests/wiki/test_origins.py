"""Who added a request buried under later edits of the request page (wikibot.origins), on the real local wiki.

Each request stands under a run of later edits; the bot must name who added it exactly as reading every
revision would (a player's request is a player's, a change by a player is seen, a section a player brings
back after an Admin removed it is the player's), while reading few revision texts: an edit by a player is
looked at with the revision before it, and a run of Admins' edits only at its ends and, where the request
is missing at one, halved.
"""

from __future__ import annotations

import re

import pytest

from wikibot.requests import RequestDesk

RICH = """== Enact: Rich ==
{{Enact|title=Proposal: Rich}}
In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.
"""
#: later edits: beyond the page's latest two revisions, which come with the poll's first read, and beyond the
#: first batch of ids and authors the desk reads (wikibot.origins.METADATA_FIRST), so that a second one is read
LATER = 16


@pytest.fixture(autouse=True)
def request_page(local_wiki, bot):
    """The request page as an Admin started it: each request below is added by an edit of its own."""
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests, "Requests.\n")


def edit(local_wiki, bot, user, change):
    page = local_wiki.wiki.page_text(bot.settings.requests)
    local_wiki.edit_as(user, bot.settings.requests, change(page))


def notes(local_wiki, bot, count, user=None):
    """``count`` edits of the page's head (a note line), by an Admin unless said (the page read once)."""
    page = local_wiki.wiki.page_text(bot.settings.requests)
    for n in range(count):
        page = re.sub(r"^Requests\..*", f"Requests. Note {n}.", page, count=1)
        local_wiki.edit_as(user or local_wiki.admin, bot.settings.requests, page)


def api_requests(local_wiki, since: int) -> int:
    """API requests since the access log had ``since`` lines."""
    lines = local_wiki.wiki.log_file.read_text(errors="replace").splitlines()[since:]
    return sum(1 for line in lines if "/api.php" in line)


def log_lines(local_wiki) -> int:
    return len(local_wiki.wiki.log_file.read_text(errors="replace").splitlines())


def test_an_admins_request_under_many_admins_edits_is_hers_and_reads_few_texts(local_wiki, bot):
    edit(local_wiki, bot, local_wiki.admin, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, LATER)
    bot.site.has_extension("ProofreadPage"), bot.site.tokens["csrf"]   # pywikibot's own, once a process
    start = log_lines(local_wiki)
    [answer] = RequestDesk(bot).poll()
    requests = api_requests(local_wiki, start)
    assert answer.requester == "AdminAlice" and answer.headline.startswith("Done"), answer.headline
    assert "defaulting to 5" in local_wiki.wiki.page_text(bot.settings.ruleset)
    # the poll's first reads (three), the ids and authors (two batches), five texts (the run of Admins' edits
    # at its ends, then halved down to the revision that added the request), the check and the two edits:
    # not a text a revision (16 more)
    assert requests <= 13, requests


def test_a_players_request_under_admins_edits_is_the_players(local_wiki, bot):
    edit(local_wiki, bot, local_wiki.plain, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, LATER)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "PlainBob" and "only Admins" in answer.headline
    assert "defaulting to 3" in local_wiki.wiki.page_text(bot.settings.ruleset)


def test_a_players_change_in_the_middle_of_admins_edits_is_seen(local_wiki, bot):
    edit(local_wiki, bot, local_wiki.admin, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, LATER // 2)
    edit(local_wiki, bot, local_wiki.plain, lambda page: page.replace("defaulting to 5", "defaulting to 50"))
    notes(local_wiki, bot, LATER // 2)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "changed by PlainBob" in answer.headline, answer.headline
    assert "defaulting to 3" in local_wiki.wiki.page_text(bot.settings.ruleset)


def test_a_request_a_player_brings_back_after_an_admin_removed_it_is_the_players(local_wiki, bot):
    """An Admin cancels her request by removing it; a player puts it back, word for word; Admins' edits follow.
    The request as it stands was added by the player."""
    edit(local_wiki, bot, local_wiki.admin, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, 5)
    edit(local_wiki, bot, local_wiki.admin, lambda page: page.partition("\n== Enact: Rich ==")[0])
    edit(local_wiki, bot, local_wiki.plain, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, LATER)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "PlainBob" and "only Admins" in answer.headline, answer.headline


def test_a_request_under_more_later_edits_than_looked_at_is_refused_cheaply(local_wiki, bot):
    """Beyond the history looked at: refused as too old, having read the ids and authors of the revisions
    looked at and two texts, not every text."""
    edit(local_wiki, bot, local_wiki.admin, lambda page: page + "\n" + RICH)
    notes(local_wiki, bot, 12)
    start = log_lines(local_wiki)
    [answer] = RequestDesk(bot, history_limit=10).poll()
    assert answer.requester is None and "older than the last 10 revisions" in answer.headline
    # a bot that has not read the game yet: the Ruleset with its history, then the request page with the other
    # pages (wikibot.requests.RequestDesk._first_look); the first read; the ids and authors (one request), the text
    # of the last revision looked at; the reply (a check and the edit): not a text a revision
    assert api_requests(local_wiki, start) == 7

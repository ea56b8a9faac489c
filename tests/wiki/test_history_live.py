"""End to end on the real local wiki: the history store, {{History|rule=X}} and the standing audit page.

A {{History}} request is answered once, in its section; the audit page is rewritten within one patrol cycle
of a hand edit of the Ruleset, never the Ruleset itself; both survive a restart, and a SIGKILL inside the
store's transaction or at the audit page's save (the bot's process forked and killed: tests/wiki/killed.py)."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest
from killed import bot_cycle, die, run_killed

from parsers import request_page
from wikibot import history
from wikibot.daemon import Daemon
from wikibot.requests import RequestDesk
from wikibot.site import Wiki

from test_patrol import carol, game  # noqa: F401  (fixtures: a game with its own pages and patrol mark)


@pytest.fixture(autouse=True)
def own_audit_page(game):
    """Each game its own audit page (the default, User:<bot>/Audit, is one for the whole wiki)."""
    game.settings.audit = f"{game.settings.ruleset}/Audit"


RICHER = "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n"


def post(game, user, section: str) -> int:
    requests = game.settings.requests
    current = game.text(requests) or "Requests.\n"
    return game.local_wiki.edit_as(user, requests, current.rstrip("\n") + "\n\n" + section)["newrevid"]


def section_of(game, heading: str) -> str:
    page = game.text(game.settings.requests)
    return page.split(f"== {heading} ==", 1)[1].split("\n== ", 1)[0]


def audit(game) -> str:
    return game.text(game.settings.audit) or ""


def play(game, local_wiki) -> dict[str, int]:
    """A hand enactment of a proposal on the request page, and a player's change of the rules."""
    post(game, local_wiki.admin, f"== Review: Richer ==\n{{{{Review|title=Proposal: Richer}}}}\n{RICHER}")
    rules = game.settings.ruleset
    enacted = game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 5", "Enacting Proposal: Richer", title=rules)
    stray = game.edit(local_wiki.plain, "Bowler, Fez or Top", "Bowler, Fez, Cap or Top", "caps are hats", title=rules)
    return {"enacted": enacted, "stray": stray}


def test_a_history_request_is_answered_once_with_each_paragraphs_revision_and_cause(game, local_wiki):
    revs = play(game, local_wiki)
    post(game, local_wiki.plain, "== History: Coins ==\n{{History|rule=Coins}}\n")   # anyone may ask
    [answer] = [a for a in RequestDesk(game.wiki).poll() if a.request.kind == "history"]
    assert answer.headline.startswith("History of “Coins”: 2 paragraphs written in 2 revisions; 2 events")
    section = section_of(game, "History: Coins")
    assert (f"¶2 Each Puzzler has a publicly tracked number of Coins, defaulting to 5. — r{revs['enacted']} by "
            f"AdminAlice") in section
    assert f"hand enactment of “Richer” ([[Special:Diff/{revs['enacted']}]])" in section
    assert f"amended by AdminAlice: hand enactment of “Richer”" in section
    assert section.count(request_page.REPLY_MARK) == 1 and request_page.DONE_MARK in section
    # answered once, by this desk and by a restarted one
    assert RequestDesk(game.wiki).poll() == []
    assert section_of(game, "History: Coins").count(request_page.REPLY_MARK) == 1
    post(game, local_wiki.plain, "== History: Dragons ==\n{{History|rule=Dragons}}\n")
    [refused] = RequestDesk(game.wiki).poll()
    assert refused.headline.startswith("Not done: no rule called “Dragons”")


def test_the_audit_page_follows_a_hand_edit_within_one_cycle_and_never_touches_the_ruleset(game, local_wiki):
    daemon = Daemon(game.wiki)
    daemon.run_once()
    first = audit(game)
    assert "== Needs a look ==\nNothing: every change is explained." in first
    revs = play(game, local_wiki)
    daemon.run_once()        # one cycle of every job: the patrol's, and the audit's with it
    page = audit(game)
    needs = page.split("== Needs a look ==", 1)[1].split("== Every revision ==", 1)[0]
    assert f"[[Special:Diff/{revs['stray']}]]" in needs and "PlainBob — unexplained" in needs
    assert f"[[Special:Diff/{revs['enacted']}]]" not in needs
    assert f"AdminAlice — hand enactment of “Richer”: Enactment of Richer: 1 of 1 step as written" in page
    assert game.latest(game.settings.ruleset)["revid"] == revs["stray"]     # the Ruleset is never edited
    stray_line = next(line for line in needs.split("\n") if f"[[Special:Diff/{revs['stray']}]]" in line)
    assert "Not accepted: it counts for nothing until an Admin accepts it" in stray_line
    # a restart writes nothing new: the page is up to date
    written = game.latest(game.settings.audit)["revid"]
    Daemon(game.wiki).run_once()
    assert game.latest(game.settings.audit)["revid"] == written
    # a player's edit of the audit page is replaced at the next cycle, the Ruleset unchanged meanwhile
    game.edit(local_wiki.plain, "== Needs a look ==", "== Nothing to see here ==", "tidy", title=game.settings.audit)
    Daemon(game.wiki).run_once()
    assert audit(game) == page and game.latest(game.settings.audit)["user"] == "WikiBot"
    # an Admin accepts the player's edit: still unexplained (no proposal allowed it), but it counts now
    accept = game.edit(local_wiki.admin, "= Appendix =", "= Appendix =\n", f"Accept Special:Diff/{revs['stray']}",
                       title=game.settings.ruleset)
    daemon.run_once()
    page = audit(game)
    assert f"[[Special:Diff/{accept}]]" in page and "Not accepted" not in page
    # each revision downloaded and classified once
    db = sqlite3.connect(game.settings.state_dir / history.FILE)
    assert db.execute("SELECT count(*) FROM causes").fetchone()[0] == db.execute(
        "SELECT count(*) FROM revisions WHERE page IN (?, ?)", (game.settings.ruleset, game.settings.building_blocks)
    ).fetchone()[0] == 4


def test_the_store_downloads_only_what_is_new(game, local_wiki):
    store = history.for_wiki(game.wiki)
    store.update(game.wiki)
    first = store.downloaded
    play(game, local_wiki)
    store.update(game.wiki)
    assert store.downloaded - first == 3      # the request posted, the two Ruleset edits
    sent = store.requests_sent
    assert store.update(game.wiki) == 0 and store.requests_sent == sent + 1    # nothing new: one query


def test_a_long_history_is_read_over_several_turns_and_nothing_claims_to_cover_it_before(game, local_wiki,
                                                                                          monkeypatch):
    monkeypatch.setattr(history, "TURN", 2)
    play(game, local_wiki)
    post(game, local_wiki.plain, "== History: Coins ==\n{{History|rule=Coins}}\n")
    [answer] = [a for a in RequestDesk(game.wiki).poll() if a.request.kind == "history"]
    assert answer.headline.startswith("Not done: the bot is still reading the Ruleset's history")
    auditor = history.Auditor(game.wiki)
    turns = 1
    while not auditor.cycle():
        assert audit(game) == ""      # no audit page before the whole history is read
        turns += 1
        assert turns < 10
    assert turns >= 3 and "PlainBob — unexplained" in audit(game)


KILLS = [("classify", "", ""), ("audit", "enter", ""), ("audit", "return", ""), ("requests", "return", "")]


@pytest.mark.parametrize("where, when, _", KILLS, ids=[f"{w}-{n}" if n else w for w, n, _ in KILLS])
def test_killed_during_an_update_the_bot_answers_once_and_writes_the_audit_after_a_restart(
        game, local_wiki, tmp_path, where, when, _):
    revs = play(game, local_wiki)
    post(game, local_wiki.plain, "== History: Hats ==\n{{History|rule=Hats}}\n")
    s = game.settings
    title = {"audit": s.audit, "requests": s.requests}.get(where, "")
    settings = dataclasses.replace(s, config_dir=s.state_dir)

    def bot():   # in the killed process only
        if where == "classify":
            original_lineage = history.HistoryStore._lineage

            def lineage(self, *args, **kwargs):
                original_lineage(self, *args, **kwargs)
                die()        # inside the transaction: the cause and the origins written, not committed
            history.HistoryStore._lineage = lineage
        else:
            original_save = Wiki.save

            def save(self, base, compute, summary, **options):
                if base.title == title and when == "enter":
                    die()
                edit = original_save(self, base, compute, summary, **options)
                if base.title == title and when == "return":
                    die()
                return edit
            Wiki.save = save
        bot_cycle(settings, local_wiki.pywikibot.Site)

    run_killed(bot)
    daemon = Daemon(game.wiki)       # the restart
    daemon.start()
    daemon.run_once()
    daemon.scheduler.clear()
    section = section_of(game, "History: Hats")
    assert section.count(request_page.REPLY_MARK) == 1, section
    assert f"r{revs['stray']} by PlainBob" in section and "unexplained" in section
    needs = audit(game).split("== Needs a look ==", 1)[1].split("== Every revision ==", 1)[0]
    assert f"[[Special:Diff/{revs['stray']}]]" in needs
    assert RequestDesk(game.wiki).poll() == []
    store = history.for_wiki(game.wiki)
    assert [o.revid for o in store.audit()] == sorted({o.revid for o in store.audit()})
    assert len(store.audit()) == store.count(s.ruleset) == 3


def test_a_real_special_export_builds_the_same_history_as_the_api(game, local_wiki):
    """MediaWiki's own Special:Export (not the tests' writer) read by parsers/export.py: the same revisions,
    and a store built from it answers as the store built from the API."""
    import io

    import requests

    from parsers.export import read_export

    revs = play(game, local_wiki)
    s = game.settings
    live = history.for_wiki(game.wiki)
    live.update(game.wiki)
    answer = requests.post(f"{local_wiki.url}/index.php", timeout=60, data={
        "title": "Special:Export", "pages": f"{s.ruleset}\n{s.requests}", "history": "1", "action": "submit"})
    assert answer.status_code == 200 and b"<mediawiki" in answer.content
    exported = list(read_export(io.BytesIO(answer.content)))
    assert {r.revid for r in exported if r.title == s.ruleset} == {
        r for (r,) in live.db.execute("SELECT revid FROM revisions WHERE page=?", (s.ruleset,))}
    stray = next(r for r in exported if r.revid == revs["stray"])
    assert (stray.user, stray.comment, stray.parent) == ("PlainBob", "caps are hats", revs["enacted"])
    assert stray.text == live.revision_text(revs["stray"])
    offline = history.HistoryStore(":memory:", history.Pages(s.ruleset, s.building_blocks, s.requests),
                                   game.wiki.username)
    offline.load_export(io.BytesIO(answer.content))
    offline.classify()
    assert [(o.revid, o.cause, o.detail) for o in offline.audit()] == [(o.revid, o.cause, o.detail)
                                                                      for o in live.audit()]
    assert [o.cause for o in live.audit()] == ["setup", "hand enactment", "unexplained"]

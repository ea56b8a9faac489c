"""End to end on the real local wiki: requests on the request page, answered by the bot."""

import pytest

from parsers import request_page
from wikibot import journal as journal_mod
from wikibot.config import Settings
from wikibot.requests import RequestDesk
from wikibot.site import Wiki

from fixturedata import fixture_text

RULESET = fixture_text("ruleset_2023.wiki")
HATS = """== Enact: Hats ==
{{Enact|title=Proposal: Hats}}
Add a new rule to the Ruleset, called “Hats”, with the following text:

Each Puzzler may wear a Hat.

In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.
"""


@pytest.fixture
def bot(local_wiki, tmp_path, wiki_title):
    """A bot with its own Ruleset, request page and run page, so tests do not meet."""
    stem = wiki_title("Game")
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests",
                        run=f"{stem}/Run", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, RULESET)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    return Wiki(local_wiki.site(), settings)


def post(local_wiki, bot, user, section):
    current = local_wiki.wiki.page_text(bot.settings.requests) or "Requests.\n"
    local_wiki.edit_as(user, bot.settings.requests, current.rstrip("\n") + "\n\n" + section)


def test_admin_request_is_enacted_and_answered_once(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, HATS)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "AdminAlice" and answer.headline.startswith("Done")
    ruleset = local_wiki.wiki.page_text(bot.settings.ruleset)
    assert "== Hats ==\nEach Puzzler may wear a Hat." in ruleset
    assert "Coins, defaulting to 5." in ruleset
    page = local_wiki.wiki.page_text(bot.settings.requests)
    [request] = request_page.parse(page)
    assert request.done and "[[Special:Diff/" in page and "'''applied'''" in page
    # A second cycle (or a restarted bot) finds it done and does nothing.
    assert RequestDesk(bot).poll() == []
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == ruleset


def test_steps_the_bot_skips_but_an_admin_may_act_on_are_named_in_the_answer(local_wiki, bot):
    conditional = "If this Proposal passes with more than 5 votes FOR, Kevan gains 2 Coins.\n"
    post(local_wiki, bot, local_wiki.admin, HATS + "\n" + conditional)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done") and answer.headline.endswith("Left for an Admin: step 3 (conditional).")
    page = local_wiki.wiki.page_text(bot.settings.requests)
    assert "Left for an Admin: step 3 (conditional)." in page and "'''ignored''' — conditional" in page


def test_non_admin_is_refused_politely(local_wiki, bot):
    post(local_wiki, bot, local_wiki.plain, HATS)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "PlainBob" and "only Admins" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()
    assert "only Admins" in local_wiki.wiki.page_text(bot.settings.requests)


def test_forged_signature_does_not_make_an_admin(local_wiki, bot):
    forged = HATS + "--[[User:AdminAlice|AdminAlice]] 12:00, 1 December 2026 (UTC)\n"
    post(local_wiki, bot, local_wiki.plain, forged)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "PlainBob" and answer.headline.startswith("Not done")
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_request_changed_by_non_admin_is_refused(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, HATS)
    page = local_wiki.wiki.page_text(bot.settings.requests)
    result = local_wiki.edit_as(local_wiki.plain, bot.settings.requests,
                                page.replace("defaulting to 5", "defaulting to 500"))
    [answer] = RequestDesk(bot).poll()
    assert "changed by PlainBob, who is not an Admin" in answer.headline
    assert f"Special:Diff/{result['newrevid']}" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_unsupported_step_writes_nothing_and_says_which(local_wiki, bot):
    odd = HATS.replace("In the rule", "Juggle the rule “Coins” thrice.\n\nIn the rule")
    post(local_wiki, bot, local_wiki.admin, odd)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "nothing was written" in answer.headline
    assert any("unsupported" in line for line in answer.details)
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_run_page_false_stops_everything(local_wiki, bot):
    local_wiki.edit_as(local_wiki.admin, bot.settings.run, "false")
    post(local_wiki, bot, local_wiki.admin, HATS)
    before = local_wiki.wiki.page_text(bot.settings.requests)
    RequestDesk(bot).poll()
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()
    assert local_wiki.wiki.page_text(bot.settings.requests) == before


def test_interrupted_operation_is_finished_on_restart(local_wiki, bot):
    """A process killed after writing its journal and before saving is finished on restart."""
    from wikibot import operations

    title = bot.settings.ruleset
    base = bot.read(title)
    entry = journal_mod.JournalPage(title, base.revid, base.text, base.text.replace("defaulting to 3", "defaulting to 7"))
    journal_mod.Journal(bot.settings.state_dir, "Enacted “Sevens”", "", [entry]).write()
    [recovery] = operations.recover_all(bot)
    assert recovery.outcome == "finished"
    assert "defaulting to 7" in local_wiki.wiki.page_text(title)
    assert journal_mod.pending(bot.settings.state_dir) == []


def test_interrupted_operation_is_undone_when_others_edited(local_wiki, bot, wiki_title):
    from wikibot import operations

    other = wiki_title("Gamestate")
    local_wiki.edit_as(local_wiki.admin, other, "Coins: 3")
    ruleset, gamestate = bot.read(bot.settings.ruleset), bot.read(other)
    first = journal_mod.JournalPage(ruleset.title, ruleset.revid, ruleset.text, ruleset.text + "\nSaved part.")
    second = journal_mod.JournalPage(other, gamestate.revid, gamestate.text, "Coins: 4")
    journal = journal_mod.Journal(bot.settings.state_dir, "Enacted “Half”", "", [first, second])
    saved = bot.save(ruleset, lambda t: (first.new_text, None), "Enacted “Half”")
    first.saved_revid = saved.revid
    journal.write()  # ...and the process dies here; meanwhile a human edits the second page
    local_wiki.edit_as(local_wiki.admin, other, "Coins: 3 (checked by Alice)")
    [recovery] = operations.recover_all(bot)
    assert recovery.outcome == "undone"
    assert local_wiki.wiki.page_text(ruleset.title) == ruleset.text.rstrip()
    assert local_wiki.wiki.page_text(other) == "Coins: 3 (checked by Alice)"


def test_replies_are_based_on_the_page_as_read_or_as_the_previous_reply_saved_it(local_wiki, tmp_path,
                                                                                   wiki_title):
    """No reply reads the request page again: the first is based on the page the poll read (with the run
    page, in one request), each next one on the text and revision the previous reply saved. Two more
    requests in a poll cost two more replies (a check and an edit each) and nothing else. Counted in the
    PHP server's access log."""
    import re

    def api_requests():
        return len(re.findall(r"\]: (?:GET|POST) /api\.php", local_wiki.wiki.log_file.read_text(errors="replace")))

    def poll_cost(count):
        stem = wiki_title("Replies")
        settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests",
                            run=f"{stem}/Run", state_dir=tmp_path / stem)
        local_wiki.edit_as(local_wiki.admin, settings.ruleset, RULESET)
        local_wiki.edit_as(local_wiki.admin, settings.run, "true")
        wiki = Wiki(local_wiki.site(), settings)
        sections = "\n".join(HATS.replace("Enact: Hats", f"Enact: Hats {n}") for n in range(count))
        local_wiki.edit_as(local_wiki.plain, settings.requests, "Requests.\n\n" + sections)
        wiki.site.tokens["csrf"]  # fetched once per login, not per reply
        before = api_requests()
        answers = RequestDesk(wiki).poll()
        cost = api_requests() - before
        assert len(answers) == count and all("only Admins" in a.headline for a in answers)
        text = local_wiki.wiki.page_text(settings.requests)
        assert all(r.done for r in request_page.parse(text)) and text.count(request_page.DONE_MARK) == count
        return cost

    poll_cost(1)  # pywikibot's one-off look at the wiki (site information, parameter info)
    one = poll_cost(1)
    # The run page and the request page together, the page's history, whether PlainBob is an Admin; the
    # reply: a check (the run page and the page's latest revision) and the edit.
    assert one == 5
    assert poll_cost(3) - one == 2 * 2


def test_reply_based_on_the_polls_read_keeps_an_edit_made_since(local_wiki, bot):
    """The page the poll read may be outdated when the reply is saved: an edit made since is kept."""
    post(local_wiki, bot, local_wiki.plain, HATS)
    desk = RequestDesk(bot)
    later = "== Enact: Later ==\n{{Enact|title=Proposal: Later}}\nPosted while the bot worked.\n"

    class Slow(RequestDesk):
        def handle(self, request, origin, now):
            post(local_wiki, bot, local_wiki.admin, later)   # an Admin posts while the bot works
            return desk.handle(request, origin, now)

    [answer] = Slow(bot).poll()
    assert "only Admins" in answer.headline
    text = local_wiki.wiki.page_text(bot.settings.requests)
    first, second = request_page.parse(text)
    assert first.done and "only Admins" in text
    assert second.heading == "Enact: Later" and not second.replied


def test_request_older_than_the_history_read_is_not_taken_for_the_oldest_editors(local_wiki, bot):
    """PlainBob's request stands in every revision the bot reads of the page's history, the oldest of
    which is AdminAlice's: who added it is unknown, so it is refused, not done as hers."""
    post(local_wiki, bot, local_wiki.plain, HATS)
    for n in range(3):
        page = local_wiki.wiki.page_text(bot.settings.requests)
        local_wiki.edit_as(local_wiki.admin, bot.settings.requests, f"Note {n}.\n" + page)
    [answer] = RequestDesk(bot, history_limit=3).poll()
    assert answer.requester is None and answer.headline.startswith("Not done")
    assert "older than the last 3 revisions" in answer.headline and "archive" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_history_beyond_one_answer_of_the_api_is_read_whole(local_wiki, bot):
    """More revisions than one API answer holds: read on, oldest first, as far as asked."""
    title = bot.settings.requests
    revids = [local_wiki.edit_as(local_wiki.admin, title, f"Version {n}.")["newrevid"] for n in range(12)]
    history = bot.history(title, 10, per_request=4)
    assert [revid for revid, _user, _text in history] == revids[-10:]
    assert history[-1] == (revids[-1], "AdminAlice", "Version 11.")
    assert [revid for revid, _user, _text in bot.history(title, 50, per_request=5)] == revids


def test_unreadable_time_is_answered_with_what_to_write(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, HATS.replace("{{Enact|title=Proposal: Hats}}",
                                                        "{{Enact|title=Proposal: Hats|at=next Tuesday}}"))
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "“next Tuesday” is not a time" in answer.headline
    assert "YYYY-MM-DD HH:MM" in answer.headline
    assert request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[0].done
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


READ = """== Read: Lanterns ==
{{Read|title=Proposal: Lanterns}}
In the rule “Coins”, replace “defaulting to 3” with “defaulting to 4”.

Juggle the lanterns in the rule Coins until they glow {{Lamp}} [[Category:Lamps]].
"""


@pytest.mark.parametrize("who", ["plain", "admin"])
def test_anyone_may_ask_for_a_reading_and_nothing_else_changes(local_wiki, bot, who):
    ruleset_rev = bot.latest_revid(bot.settings.ruleset)
    before = local_wiki.wiki.page_text(bot.settings.ruleset)
    post(local_wiki, bot, getattr(local_wiki, who), READ)
    [answer] = RequestDesk(bot).poll()
    assert answer.done and answer.headline.startswith("Reading of “Lanterns”: 2 steps, 1 read, 0 set aside, "
                                                      "1 not read")
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == before       # a reading enacts nothing
    assert bot.latest_revid(bot.settings.ruleset) == ruleset_rev
    page = local_wiki.wiki.page_text(bot.settings.requests)
    reply = page.partition(request_page.REPLY_MARK)[2]
    assert "defaulting to 3" in reply and "applied" in reply and "not understood" in reply
    assert "{{Lamp}}" not in reply and "[[Category:" not in reply            # the draft's text is written inert
    [request] = request_page.parse(page)
    assert request.done
    assert RequestDesk(bot).poll() == []                                      # answered once

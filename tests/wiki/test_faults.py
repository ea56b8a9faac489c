"""Faults of the real local wiki in the middle of a cycle: down, slow, read-only, protected pages,
a lost login, a lagging database, and an edit slipped in at the moment the bot saves.

Each fault is real: the PHP server is stopped, ``$wgReadOnly`` is set, the page is protected by a
sysop, the bot's sessions are invalidated, jobs wait in the job queue (MediaWiki counts them as
lag), or a human edit reaches the wiki between the bot's last look and its save.
"""

import contextlib
import threading
import time
from datetime import datetime, timezone

import pytest

from parsers import request_page
from wikibot import operations
from wikibot.pages import WikiPages
from wikibot.config import Settings
from wikibot.requests import RequestDesk
from wikibot.site import PageProtected, SavedDifferently, Wiki, WikiUnavailable

from fixturedata import fixture_text

RULESET = fixture_text("ruleset_2023.wiki")
GAMESTATE = """{| class="wikitable"
! Puzzler !! Coins
|-
| Kevan || 2
|-
| Lulu || 3
|}"""
HATS = """Add a new rule to the Ruleset, called “Hats”, with the following text:

Each Puzzler may wear a Hat.

Kevan gains 2 Coins.
"""


@pytest.fixture(autouse=True)
def healthy_again(local_wiki):
    """Whatever a test breaks, the shared wiki is served and fault-free afterwards."""
    yield
    local_wiki.wiki.set_faults()
    local_wiki.wiki.resume()


def make_wiki(local_wiki, tmp_path, stem, **options):
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests",
                        run=f"{stem}/Run", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    return Wiki(local_wiki.site(), settings, **{"retries": 1, "retry_wait": 0.1, **options})


@pytest.fixture
def wiki(local_wiki, tmp_path, wiki_title):
    return make_wiki(local_wiki, tmp_path, wiki_title("Faults"))


def replacing(old, new, then=None):
    """A change of every ``old`` into ``new``; ``then()`` runs once, when the bot has read the page."""
    pending = [then] if then else []

    def compute(text):
        while pending:
            pending.pop()()
        return text.replace(old, new), text.count(old)
    return compute


def one_line(error):
    message = str(error)
    assert "\n" not in message and "Traceback" not in message
    return message


# --------------------------------------------------------------------------- down and slow
def test_wiki_down_after_the_read_gives_one_clear_line_and_writes_nothing(local_wiki, wiki, wiki_title):
    title = wiki_title("Down")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    with pytest.raises(WikiUnavailable) as raised:
        wiki.save(wiki.read(title), replacing("3", "5", then=local_wiki.wiki.pause), "Enacted")
    message = one_line(raised.value)
    assert "could not be reached" in message and "after 2 tries" in message
    local_wiki.wiki.resume()
    assert local_wiki.wiki.page_text(title) == "Coins default to 3."


def test_wiki_back_while_the_bot_retries_is_written_once(local_wiki, tmp_path, wiki_title):
    wiki = make_wiki(local_wiki, tmp_path, wiki_title("Back"), retries=4, retry_wait=0.5)
    title = wiki_title("Back")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")

    def down_for_a_second():
        local_wiki.wiki.pause()
        threading.Timer(1.0, local_wiki.wiki.resume).start()

    started = time.monotonic()
    saved = wiki.save(wiki.read(title), replacing("3", "5", then=down_for_a_second), "Enacted")
    assert time.monotonic() - started >= 1.0  # it waited for the wiki instead of giving up
    assert saved is not None and local_wiki.wiki.page_text(title) == "Coins default to 5."
    history = local_wiki.api(action="query", prop="revisions", titles=title, rvprop="user", rvlimit=10)
    assert [r["user"] for r in history["query"]["pages"][0]["revisions"]] == ["WikiBot", "AdminAlice"]


def test_request_cycle_with_the_wiki_down_stops_with_one_line(local_wiki, wiki):
    local_wiki.wiki.pause()
    with pytest.raises(WikiUnavailable) as raised:
        RequestDesk(wiki).poll()
    assert "could not be reached" in one_line(raised.value)


def test_slow_wiki_is_waited_for(local_wiki, wiki, wiki_title):
    title = wiki_title("Slow")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.wiki.set_faults(delay=0.7)
    started = time.monotonic()
    saved = wiki.save(base, replacing("3", "5"), "Enacted")
    assert time.monotonic() - started >= 1.4  # the check and the edit, each slowed down
    local_wiki.wiki.set_faults()
    assert saved is not None and local_wiki.wiki.page_text(title) == "Coins default to 5."


# --------------------------------------------------------------------------- errors from the wiki
def test_read_only_wiki_is_retried_then_named(local_wiki, wiki, wiki_title):
    title = wiki_title("ReadOnly")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.wiki.set_faults(read_only="Database upgrade until 18:00")
    with pytest.raises(WikiUnavailable) as raised:
        wiki.save(base, replacing("3", "5"), "Enacted")
    assert "read-only (Database upgrade until 18:00)" in one_line(raised.value)
    local_wiki.wiki.set_faults()
    assert local_wiki.wiki.page_text(title) == "Coins default to 3."


def test_read_only_lifted_while_the_bot_retries_is_written(local_wiki, tmp_path, wiki_title):
    wiki = make_wiki(local_wiki, tmp_path, wiki_title("Lifted"), retries=4, retry_wait=0.5)
    title = wiki_title("Lifted")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.wiki.set_faults(read_only="Quick maintenance")
    threading.Timer(1.0, local_wiki.wiki.set_faults).start()
    saved = wiki.save(base, replacing("3", "5"), "Enacted")
    assert saved is not None and local_wiki.wiki.page_text(title) == "Coins default to 5."


def test_protected_page_says_so(local_wiki, wiki, wiki_title):
    title = wiki_title("Protected")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    local_wiki.wiki.protect_as(local_wiki.admin, title)
    with pytest.raises(PageProtected) as raised:
        wiki.save(wiki.read(title), replacing("3", "5"), "Enacted")
    assert "protected" in one_line(raised.value) and "by hand" in str(raised.value)
    assert local_wiki.wiki.page_text(title) == "Coins default to 3."


def test_lost_login_is_renewed_and_the_edit_is_the_bots(local_wiki, wiki, wiki_title):
    """The bot's sessions are invalidated on the wiki: its cookies and edit token stop working. The
    edit must still be made as the bot (a fresh login and token), never as an anonymous user."""
    title = wiki_title("Token")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.wiki.invalidate_sessions("WikiBot")
    saved = wiki.save(base, replacing("3", "5"), "Enacted")
    assert saved is not None and local_wiki.wiki.page_text(title) == "Coins default to 5."
    changes = local_wiki.api(action="query", list="recentchanges", rctitle=title, rcprop="user|flags|ids")
    last = changes["query"]["recentchanges"][0]
    assert last["user"] == "WikiBot" and last["bot"] is True and last["revid"] == saved.revid


@pytest.mark.slow
def test_lagging_database_is_retried_then_named(local_wiki, tmp_path, wiki_title, monkeypatch):
    """MediaWiki counts waiting jobs as database lag ($wgJobQueueIncludeInMaxLagFactor): with jobs
    left queued, an edit sent with maxlag gets MediaWiki's own maxlag error."""
    # Two tries: each one after a maxlag answer waits out its Retry-After (MediaWiki: at least 5 s).
    monkeypatch.setattr(local_wiki.pywikibot.config, "max_retries", 1)
    wiki = make_wiki(local_wiki, tmp_path, wiki_title("Lag"), maxlag=5)
    title = wiki_title("Lag")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.wiki.set_faults(lag=30)
    local_wiki.wiki.queue_job()
    try:
        with pytest.raises(WikiUnavailable) as raised:
            wiki.save(base, replacing("3", "5"), "Enacted")
    finally:
        local_wiki.wiki.set_faults()
        local_wiki.wiki.run_jobs()
        wiki.site.throttle.retry_after = 0  # healthy again: the next test's first request need not wait
    assert "lagging" in one_line(raised.value) and "after 2 tries" in str(raised.value)
    assert local_wiki.wiki.page_text(title) == "Coins default to 3."


# --------------------------------------------------------------------------- an edit slipped in
def human_edit_during_the_bots_check(local_wiki, title, text):
    """Send a human edit while the bot's last look before saving is being answered (the wiki is made
    slow, and the PHP server answers one request at a time), so that it lands after that look and
    before the bot's edit; once it has landed the wiki is quick again (what follows needs no more)."""
    token = local_wiki.wiki.csrf_token(local_wiki.admin)

    def edit():
        time.sleep(0.3)
        local_wiki.api(local_wiki.admin, post=True, action="edit", title=title, text=text, token=token)
        local_wiki.wiki.set_faults()

    def start():
        local_wiki.wiki.set_faults(delay=0.6)
        threading.Thread(target=edit).start()
    return start


def test_edit_slipped_in_and_merged_is_kept_when_the_change_still_means_the_same(local_wiki, wiki,
                                                                                   wiki_title):
    title = wiki_title("Merged")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.\n\nHats are red.")
    base = wiki.read(title)
    slip = human_edit_during_the_bots_check(local_wiki, title, "Coins default to 3.\n\nHats are blue.")
    saved = wiki.save(base, replacing("3", "5", then=slip), "Enacted")
    local_wiki.wiki.set_faults()
    assert local_wiki.wiki.page_text(title) == "Coins default to 5.\n\nHats are blue."
    assert saved.parent != base.revid  # the wiki merged: the bot's save sat on the human edit


def test_edit_slipped_in_and_merged_is_put_back_when_the_change_would_mean_something_else(
        local_wiki, wiki, wiki_title):
    title = wiki_title("Displaced")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.\n\nHats cost 1.")
    base = wiki.read(title)
    human = "Coins default to 3.\n\nHats cost 3."
    slip = human_edit_during_the_bots_check(local_wiki, title, human)
    with pytest.raises(SavedDifferently) as raised:
        wiki.save(base, replacing("3", "5", then=slip), "Enacted")
    local_wiki.wiki.set_faults()
    assert "restored the other edit" in one_line(raised.value)
    assert local_wiki.wiki.page_text(title) == human



def test_page_created_at_the_moment_the_bot_creates_it_is_kept(local_wiki, wiki, wiki_title):
    """The wiki refuses the bot's creation (the page exists by then): the other page is not replaced."""
    from wikibot.site import ConflictChangedMeaning

    title = wiki_title("Created")
    base = wiki.read(title)
    slip = human_edit_during_the_bots_check(local_wiki, title, "Alice's own page.")
    pending = [slip]

    def compute(text):
        while pending:
            pending.pop()()
        return "The bot's page.", None

    with pytest.raises(ConflictChangedMeaning, match="created by someone else"):
        wiki.save(base, compute, "New page")
    local_wiki.wiki.set_faults()
    assert local_wiki.wiki.page_text(title) == "Alice's own page."

# --------------------------------------------------------------------------- operations and requests
@contextlib.contextmanager
def after_saving(wiki, title, then):
    """``then()`` runs once, just after the bot's save of ``title`` (between two saves of one operation)."""
    save = wiki.save

    def saving(base, compute, summary, **options):
        edit = save(base, compute, summary, **options)
        if base.title == title:
            then()
        return edit
    wiki.save = saving
    try:
        yield
    finally:
        del wiki.save


@pytest.fixture
def game(local_wiki, tmp_path, wiki_title):
    """A wiki with its own Ruleset, whose tracking page is a gamestate page of its own."""
    stem = wiki_title("Game")
    gamestate = f"{stem}/Puzzle Board"
    ruleset = RULESET.replace("[[Puzzle Board]]", f"[[{gamestate}]]").replace("[[Puzzle Board|", f"[[{gamestate}|")
    bot = make_wiki(local_wiki, tmp_path, stem)
    local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, ruleset)
    local_wiki.edit_as(local_wiki.admin, gamestate, GAMESTATE)
    return bot, gamestate, ruleset


def test_protected_second_page_undoes_the_first(local_wiki, game):
    bot, gamestate, ruleset = game
    assert WikiPages(bot).game().gamestate_title == gamestate
    local_wiki.wiki.protect_as(local_wiki.admin, gamestate)
    with pytest.raises(PageProtected):
        operations.enact(WikiPages(bot), "Proposal: Hats", HATS)
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == ruleset.rstrip()
    assert local_wiki.wiki.page_text(gamestate) == GAMESTATE
    history = local_wiki.api(action="query", prop="revisions", titles=bot.settings.ruleset, rvprop="user|comment",
                             rvlimit=5)["query"]["pages"][0]["revisions"]
    assert history[0]["user"] == "WikiBot" and history[0]["comment"].startswith("Undoing")


def test_protected_ruleset_gets_a_not_done_reply(local_wiki, game):
    bot, gamestate, ruleset = game
    local_wiki.wiki.protect_as(local_wiki.admin, bot.settings.ruleset)
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests,
                       "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + HATS)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "protected" in answer.headline
    page = local_wiki.wiki.page_text(bot.settings.requests)
    [request] = request_page.parse(page)
    assert request.done and "Not done" in page and "protected" in page
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == ruleset.rstrip()
    assert local_wiki.wiki.page_text(gamestate) == GAMESTATE



# --------------------------------------------------------------------------- an answer lost
LOST_ANSWER_SCRIPT = """
import json, sys
from wikibot import config
settings = config.load(sys.argv[1])
from wikibot.site import Wiki
settings.run = sys.argv[2]
wiki = Wiki.connect(settings)
wiki.retries, wiki.retry_wait = 2, 0.1
base = wiki.read(sys.argv[3])
print("read", flush=True)
sys.stdin.readline()  # the test switches the fault on
saved = wiki.save(base, lambda text: (text.replace("3", "5"), text.count("3")), "Enacted")
print(json.dumps(saved and saved.revid))
"""


@pytest.mark.slow
def test_edit_made_but_its_answer_lost_is_found_and_not_repeated(local_wiki, tmp_path, wiki_title):
    """The wiki saves the edit, then answers too late: the bot's HTTP client gives up and pywikibot
    sends the edit again. The bot must find its edit (MediaWiki answers the repeat with "nochange")
    and report it, with no second edit. Run in a process of its own whose pywikibot gives up
    waiting after 3 seconds (user-config.py's socket_timeout)."""
    import json
    import subprocess
    import sys

    title = wiki_title("LostAnswer")
    run = wiki_title("Run")
    local_wiki.edit_as(local_wiki.admin, run, "true")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    config_dir = tmp_path / "impatient"
    local_wiki.wiki.write_pywikibot_config(config_dir, "testwiki", users=["WikiBot"], user="WikiBot",
                                           socket_timeout=(3, 3))
    process = subprocess.Popen([sys.executable, "-c", LOST_ANSWER_SCRIPT, str(config_dir), run, title],
                               env={**local_wiki.env, "PYWIKIBOT_DIR": str(config_dir)}, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().strip() == "read"
    local_wiki.wiki.set_faults(save_answer_delay=4)
    out, err = process.communicate("go\n", timeout=120)
    assert process.returncode == 0, err[-3000:]
    assert "Waiting" in err  # pywikibot did give up on the first answer and sent the edit again
    revisions = local_wiki.api(action="query", prop="revisions", titles=title, rvprop="ids|user",
                               rvlimit=10)["query"]["pages"][0]["revisions"]
    assert [r["user"] for r in revisions] == ["WikiBot", "AdminAlice"]  # one edit, not two
    assert json.loads(out.strip().splitlines()[-1]) == revisions[0]["revid"]
    assert local_wiki.wiki.page_text(title) == "Coins default to 5."


def test_operation_neither_done_nor_undone_is_not_answered_until_it_is(local_wiki, game):
    """The gamestate page is protected and an Admin edits the Ruleset just after the bot saved it: the
    bot may not undo its Ruleset save, so the enactment is left half-done for recovery. The request must
    not be marked answered with "Not done" then, since recovery may still finish it. While the protection
    stays, the recovery fails without stopping the poll; once it is lifted (which adds a revision to the
    gamestate page, so the enactment can no longer be finished on the page as read) the answer says that
    it could be neither finished nor undone, and which page an Admin must look at."""
    bot, gamestate, ruleset = game
    local_wiki.wiki.protect_as(local_wiki.admin, gamestate)
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests,
                       "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + HATS)

    class AdminEditsTheRulesetMeanwhile(RequestDesk):
        def perform(self, request, tag=""):
            def then():   # the Ruleset is saved; the bot is about to save the gamestate page
                saved = local_wiki.wiki.page_text(bot.settings.ruleset)
                local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, saved + "\n\nAlice was here.")
            with after_saving(self.wiki, bot.settings.ruleset, then):
                return super().perform(request, tag)

    [answer] = AdminEditsTheRulesetMeanwhile(bot).poll()
    assert not answer.done and answer.headline.startswith("Interrupted") and "protected" in answer.headline
    [request] = request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))
    assert request.replied and not request.done
    assert "Hats" in local_wiki.wiki.page_text(bot.settings.ruleset)
    assert local_wiki.wiki.page_text(gamestate) == GAMESTATE

    assert RequestDesk(bot).poll() == []    # still protected: the recovery waits, the poll goes on

    local_wiki.wiki.protect_as(local_wiki.admin, gamestate, level="")
    [answer] = RequestDesk(bot).poll()
    assert answer.done and answer.headline.startswith("Not done") and "could not be finished or undone" in answer.headline
    assert f"edited by others since: {bot.settings.ruleset}" in answer.headline
    assert local_wiki.wiki.page_text(gamestate) == GAMESTATE
    assert "Alice was here." in local_wiki.wiki.page_text(bot.settings.ruleset)
    [request] = request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))
    assert request.done
    assert RequestDesk(bot).poll() == []


def test_wiki_down_while_reading_who_asked_gives_one_clear_line(local_wiki, wiki):
    """The wiki stops answering after the request page is read, while its history is read (the request is
    older than the page's latest two revisions, which come with the page)."""
    page = "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + HATS
    local_wiki.edit_as(local_wiki.admin, wiki.settings.requests, page)
    for note in ("A note.", "Another note."):
        page = page.replace("Requests.", f"Requests. {note}")
        local_wiki.edit_as(local_wiki.admin, wiki.settings.requests, page)

    def clock():
        local_wiki.wiki.pause()   # asked for the time just before the history is read
        return datetime.now(timezone.utc)

    with pytest.raises(WikiUnavailable) as raised:
        RequestDesk(wiki, clock).poll()
    assert "reading the history" in one_line(raised.value) and "next turn" in str(raised.value)


def test_undo_refused_too_keeps_the_first_error_and_the_journal(local_wiki, game):
    """The wiki turns read-only just after the bot saved the Ruleset, so the gamestate page's save and the
    undo are refused alike: the error said is the one that stopped the enactment, and its journal stays
    open for recovery."""
    from wikibot import journal as journal_mod

    bot, gamestate, ruleset = game

    def then():   # the Ruleset is saved; the bot is about to save the gamestate page
        local_wiki.wiki.set_faults(read_only="Database maintenance")

    with pytest.raises(WikiUnavailable) as raised, after_saving(bot, bot.settings.ruleset, then):
        operations.enact(WikiPages(bot), "Proposal: Hats", HATS, request_key="Enact: Hats")
    local_wiki.wiki.set_faults()
    assert "read-only" in one_line(raised.value) and gamestate in str(raised.value)
    [journal] = journal_mod.pending(bot.settings.state_dir)
    assert [page.title for page in journal.saved] == [bot.settings.ruleset]
    assert "Each Puzzler may wear a Hat." in local_wiki.wiki.page_text(bot.settings.ruleset)
    assert local_wiki.wiki.page_text(gamestate) == GAMESTATE


@pytest.mark.parametrize("fault", ["read-only wiki", "run page set to false"])
def test_request_met_by_a_read_only_wiki_or_a_stop_is_done_at_the_next_turn(local_wiki, game, fault):
    """The wiki turns read-only, or an Admin sets the run page to false, while the bot enacts: the request
    is neither refused nor marked answered, and the next poll, the wiki writable again, does it."""
    bot, gamestate, ruleset = game
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests,
                       "Requests.\n\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + HATS)
    desk = RequestDesk(bot)

    class FaultMeanwhile(RequestDesk):
        def perform(self, request, tag=""):
            if fault == "read-only wiki":
                local_wiki.wiki.set_faults(read_only="Database maintenance")
            else:
                local_wiki.edit_as(local_wiki.admin, bot.settings.run, "false")
            return desk.perform(request)

    assert FaultMeanwhile(bot).poll() == []
    local_wiki.wiki.set_faults()
    local_wiki.edit_as(local_wiki.admin, bot.settings.run, "true")
    [request] = request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))
    assert not request.replied
    [answer] = desk.poll()
    assert answer.headline.startswith("Done:")
    assert "| Kevan || 4" in local_wiki.wiki.page_text(gamestate)


def test_unexpected_failure_of_one_request_is_answered_and_the_others_go_on(local_wiki, game):
    bot, gamestate, ruleset = game
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests,
                       "Requests.\n\n== Enact: Odd ==\n{{Enact|title=Proposal: Odd}}\n" + HATS
                       + "\n== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\n" + HATS)

    class FailsOnOdd(RequestDesk):
        def perform(self, request, tag=""):
            if request.heading == "Enact: Odd":
                raise TypeError("an unforeseen case")
            return super().perform(request)

    odd, hats = FailsOnOdd(bot).poll()
    assert odd.done and odd.headline.startswith("Not done") and "TypeError: an unforeseen case" in odd.headline
    assert "tell whoever runs the bot" in odd.headline
    assert hats.headline.startswith("Done:")
    assert all(r.done for r in request_page.parse(local_wiki.wiki.page_text(bot.settings.requests)))

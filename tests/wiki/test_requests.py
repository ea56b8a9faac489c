"""End to end on the real local wiki: requests on the request page, answered by the bot."""

import dataclasses

import pytest

from parsers import request_page
from wikibot import journal as journal_mod
from wikibot.config import Settings
from actions.synonyms import replace_terms
from wikibot import operations
from wikibot.pages import WikiPages
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
        wiki.site.has_extension("ProofreadPage"), wiki.site.tokens["csrf"]   # pywikibot's own, once a process
        before = api_requests()
        answers = RequestDesk(wiki).poll()
        cost = api_requests() - before
        assert len(answers) == count and all("only Admins" in a.headline for a in answers)
        text = local_wiki.wiki.page_text(settings.requests)
        assert all(r.done for r in request_page.parse(text)) and text.count(request_page.DONE_MARK) == count
        return cost

    one = poll_cost(1)
    # A bot that has not read the game yet reads the Ruleset with its history (one query), then the request page
    # (with whether the bot may edit it), the run page and the other pages requests work on, with their texts
    # (one); one query for the request page's previous revision, whether PlainBob is an Admin and the bot's own
    # edits (did it do it already?); the reply: a check (the run page and the page's latest revision) and the edit.
    assert one == 5
    assert poll_cost(3) - one == 2 * 2


def test_a_request_costs_a_bot_just_started_seven_api_requests_and_a_running_bot_six(local_wiki, tmp_path,
                                                                                       wiki_title):
    """An enactment that changes the Ruleset and the gamestate page, answered by the desk of a bot that has read
    nothing of the game yet, and then another by the same bot once its daemon's jobs have run (they read the game
    too). Counted in the PHP server's access log; pywikibot's one-off looks (site information, tokens) before."""
    import re

    from wikibot.daemon import Daemon
    from wikibot.demo import sample

    def api_requests():
        return len(re.findall(r"\]: (?:GET|POST) /api\.php", local_wiki.wiki.log_file.read_text(errors="replace")))

    stem = wiki_title("Costs")
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests",
                        run=f"{stem}/Run", log=f"{stem}/Log", constraints=f"{stem}/Constraints", audit=f"{stem}/Audit",
                        state_dir=tmp_path / "state")
    board = f"{stem}/Board"
    local_wiki.edit_as(local_wiki.admin, board, sample("Puzzle Board.wiki"))
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, sample("Ruleset.wiki").replace("[[Puzzle Board]]", f"[[{board}]]"))
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    local_wiki.edit_as(local_wiki.admin, settings.requests, "Requests.\n")
    wiki = Wiki(local_wiki.site(), settings)
    wiki.site.has_extension("ProofreadPage"), wiki.site.tokens["csrf"]   # pywikibot's own, once a process
    daemon = Daemon(wiki)

    def cost(rule: str, player: str) -> int:
        post(local_wiki, wiki, local_wiki.admin,
             f"== Enact: {rule} ==\n{{{{Enact|title=Proposal: {rule}}}}}\nAdd a new rule to the Ruleset, called "
             f"“{rule}”, with the following text:\n\nEach Puzzler may knit one {rule[:-1]}.\n\n{player} gains 1 Coin.\n")
        before = api_requests()
        [answer] = daemon.jobs["requests"][1]()
        assert answer.headline.startswith("Done") and board in answer.headline, answer.headline
        return api_requests() - before

    # The Ruleset with its history (what Admins left on it), in one request; the request page, the run page, the
    # constraints page and the gamestate page the Ruleset names, with their texts, in one; the request page's
    # previous revision (who added the request), whether AdminAlice is an Admin and the bot's own edits, in one;
    # the check before writing (the run page and the pages' latest revisions); the two edits and the answer.
    assert cost("Scarves", "Lulu") == 7
    daemon.run_once()                       # the patrol and the audit read the pages the bot changed
    # A look at the pages' latest revisions; the request page's latest two revisions, who asked and the bot's own
    # latest edits; the check; the two edits and the answer.
    assert cost("Mittens", "Kevan") == 6
    text = local_wiki.wiki.page_text(board)
    assert "| [[User:Lulu|Lulu]] || 4 || 1" in text and "'''[[User:Kevan|Kevan]]''' <!-- Puzzle Master --> || 3 || 3" in text


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


def test_history_beyond_one_answer_of_the_api_is_read_whole(local_wiki, bot, wiki_title):
    """More revisions than one API answer holds: read on, oldest first, as far as asked."""
    title = wiki_title("History")
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
    assert "YYYY-MM-DD HH:MM" in answer.headline and answer.headline.endswith("(UTC).")   # one full stop
    assert request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[0].done
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


# --------------------------------------------------------------------------- exactly once, from durable evidence
KEVAN = """== Enact: Kevan's Coins ==
{{Enact|title=Proposal: Kevan's Coins}}
In the rule “Coins”, replace “defaulting to 3” with “defaulting to 4”.
"""


def answered_once(local_wiki, bot):
    """Post the request as an Admin, let the bot do it; the Ruleset as the enactment left it."""
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done")
    ruleset = local_wiki.wiki.page_text(bot.settings.ruleset)
    assert ruleset.count("defaulting to 4") == 1
    return ruleset


def without_answer(text):
    """The request page with the bot's answer taken out (as a tidy-minded editor might)."""
    head, _mark, rest = text.partition("\n" + request_page.REPLY_MARK)
    return head + "\n" + rest.partition(request_page.DONE_MARK)[2].lstrip("\n")


def assert_put_back_not_redone(local_wiki, bot, ruleset, desk=None):
    [answer] = (desk or RequestDesk(bot)).poll()
    assert answer.headline.startswith("Already done in ") and "Not done" not in answer.headline
    assert answer.requester == "AdminAlice"                                # who asked, also when answered again
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == ruleset      # never enacted twice
    [request] = request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))
    assert request.done                                                    # the answer is back, for good
    assert RequestDesk(bot).poll() == []


@pytest.mark.parametrize("who", ["admin", "plain"])
def test_answer_deleted_by_anyone_is_put_back_and_the_work_never_redone(local_wiki, bot, who):
    ruleset = answered_once(local_wiki, bot)
    page = local_wiki.wiki.page_text(bot.settings.requests)
    local_wiki.edit_as(getattr(local_wiki, who), bot.settings.requests, without_answer(page))
    assert not request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[0].replied
    assert_put_back_not_redone(local_wiki, bot, ruleset)


def test_request_page_reverted_to_before_the_answer_is_not_redone(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    before_answer = local_wiki.wiki.page_text(bot.settings.requests)
    [answer] = RequestDesk(bot).poll()
    ruleset = local_wiki.wiki.page_text(bot.settings.ruleset)
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests, before_answer, "Restoring an older revision")
    assert_put_back_not_redone(local_wiki, bot, ruleset)


def test_work_done_but_never_answered_is_not_redone_with_a_fresh_state_directory(local_wiki, bot, tmp_path):
    """The bot did the work and lost both its answer (killed before it) and its state directory."""
    post(local_wiki, bot, local_wiki.admin, KEVAN)

    class KilledBeforeAnswering(RequestDesk):
        def _reply(self, answer, page, origin=None):
            return None

    KilledBeforeAnswering(bot).poll()
    ruleset = local_wiki.wiki.page_text(bot.settings.ruleset)
    assert "defaulting to 4" in ruleset and not request_page.parse(
        local_wiki.wiki.page_text(bot.settings.requests))[0].replied
    fresh = Wiki(bot.site, dataclasses.replace(bot.settings, state_dir=tmp_path / "fresh"))
    assert_put_back_not_redone(local_wiki, fresh, ruleset)


def test_answered_refusal_deleted_is_put_back_as_it_was(local_wiki, bot):
    post(local_wiki, bot, local_wiki.plain, KEVAN)
    [answer] = RequestDesk(bot).poll()
    assert "only Admins" in answer.headline
    page = local_wiki.wiki.page_text(bot.settings.requests)
    local_wiki.edit_as(local_wiki.plain, bot.settings.requests, without_answer(page))
    [again] = RequestDesk(bot).poll()
    assert again.headline.startswith("Already answered in [[Special:Diff/") and "only Admins" in again.headline
    assert not again.headline.count("/*")        # the reply's section link is not part of its headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


# --------------------------------------------------------------------------- the desk cannot be silenced
def test_nobots_typed_by_a_player_neither_silences_the_desk_nor_lets_it_work_unanswered(local_wiki, bot):
    post(local_wiki, bot, local_wiki.plain, "== Silence ==\n{{nobots}}\n")
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    answers = RequestDesk(bot).poll()
    assert [a.headline[:8] for a in answers] == ["Done: En"]
    assert "defaulting to 4" in local_wiki.wiki.page_text(bot.settings.ruleset)
    assert request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[1].done


def test_the_bots_replies_hold_no_live_markup(local_wiki, bot):
    odd = KEVAN + "Juggle the rule {{nobots}} and ~~~~ and __NOTOC__ thrice.\n"
    post(local_wiki, bot, local_wiki.admin, odd)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done")
    reply = local_wiki.wiki.page_text(bot.settings.requests).partition(request_page.REPLY_MARK)[2]
    assert "Juggle" in reply
    for live in ("{{", "~~~", "__NOTOC__", "<nowiki>"):
        assert live not in reply


def test_a_refusal_naming_nobots_is_written_inert(local_wiki, bot):
    local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, RULESET + "\n{{nobots}}\n")
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "{{nobots}}" in answer.headline
    reply = local_wiki.wiki.page_text(bot.settings.requests).partition(request_page.REPLY_MARK)[2]
    assert "nobots" in reply and "{{" not in reply
    assert RequestDesk(bot).poll() == []      # the desk was not silenced by its own answer


def test_no_work_while_the_bot_may_not_answer_on_the_request_page(local_wiki, bot, wiki_title):
    log_page = wiki_title("Log")
    desk_wiki = Wiki(bot.site, dataclasses.replace(bot.settings, log=log_page))
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    local_wiki.wiki.protect_as(local_wiki.admin, bot.settings.requests, "sysop")
    try:
        desk = RequestDesk(desk_wiki)
        assert desk.poll() == [] and desk.poll() == []
        assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()
        log_text = local_wiki.wiki.page_text(log_page)
        assert log_text.count("requests wait") == 1 and "may not edit the request page" in log_text
    finally:
        local_wiki.wiki.protect_as(local_wiki.admin, bot.settings.requests, "")
    [answer] = RequestDesk(desk_wiki).poll()
    assert answer.headline.startswith("Done")


# --------------------------------------------------------------------------- no "Done" for nothing
def test_empty_request_is_not_done(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, "== Enact: Nothing ==\n{{Enact|title=Proposal: Nothing}}\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "no Proposal text" in answer.headline


def test_request_whose_every_step_is_ignored_is_not_done_and_names_each_step(local_wiki, bot):
    misspelt = KEVAN.replace("“Coins”", "“Coinz”")
    post(local_wiki, bot, local_wiki.admin, misspelt)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done: nothing was changed")
    assert "Left for an Admin: step 1 (" in answer.headline and "Coinz" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()
    assert request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[0].done


def test_a_step_ignored_for_a_missing_rule_is_left_for_an_admin_even_when_others_apply(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, HATS.replace("In the rule “Coins”", "In the rule “Coinz”"))
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done") and "Left for an Admin: step 2 (" in answer.headline
    assert "Coinz" in answer.headline


# --------------------------------------------------------------------------- gamestate after a term change
BOARD = """The gamestate of this dynasty.

{| class="wikitable sortable"
! Puzzlers !! Coins
|-
| Josh || 3
|-
| Kevan || 5
|}
"""


def with_board(local_wiki, bot, wiki_title) -> str:
    """A gamestate page of the bot's own, named as the tracking page by its Ruleset; its title."""
    board = wiki_title("Board")
    local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, RULESET.replace("[[Puzzle Board]]", f"[[{board}]]"))
    local_wiki.edit_as(local_wiki.admin, board, BOARD)
    return board


@pytest.mark.parametrize("renamed", [True, False])
def test_after_a_term_change_gamestate_steps_still_work(local_wiki, bot, wiki_title, renamed):
    board = wiki_title("Board")
    ruleset = RULESET.replace("[[Puzzle Board]]", f"[[{board}]]")
    assert f"[[{board}]]" in ruleset
    local_wiki.edit_as(local_wiki.admin, bot.settings.ruleset, ruleset)
    local_wiki.edit_as(local_wiki.admin, board, BOARD)
    post(local_wiki, bot, local_wiki.admin, "== Synonyms: Necromancers ==\n{{Synonyms|Player=Necromancer}}\n")
    desk = RequestDesk(bot)
    if not renamed:   # the heading left as it was: what the bot did before it renamed it
        desk.perform = lambda request, tag="": operations.perform(
            WikiPages(bot), {bot.settings.ruleset: bot.read(bot.settings.ruleset)},
            lambda texts: (lambda new, report: ({bot.settings.ruleset: new}, report))(
                *replace_terms(texts[bot.settings.ruleset], request.params)), request_key=request.ident, tag=tag)
    [answer] = desk.poll()
    assert answer.headline.startswith("Done: Synonyms"), answer.headline
    assert ("! Necromancers !! Coins" in local_wiki.wiki.page_text(board)) == renamed
    post(local_wiki, bot, local_wiki.admin,
         "== Enact: Josh ==\n{{Enact|title=Proposal: Josh}}\nSet Josh's Coins to 1.\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done") == renamed, answer.headline
    assert ("| Josh || 1" in local_wiki.wiki.page_text(board)) == renamed


def test_request_templates_render_their_parameters_without_parser_functions(local_wiki, wiki_title):
    from wikibot.setup import TEMPLATES

    stem = wiki_title("Tpl").replace(" ", "")
    for title, text in TEMPLATES.items():
        assert "{{#" not in text, title             # ParserFunctions may be missing on the wiki
        local_wiki.edit_as(local_wiki.admin, title.replace("Template:", f"Template:{stem}"), text)

    def rendered(call):
        html = local_wiki.api(action="parse", text=call, contentmodel="wikitext", prop="text")["parse"]["text"]
        return html if isinstance(html, str) else html["*"]

    assert "2026-12-01 18:00" in rendered(f"{{{{{stem}Ascension|at=2026-12-01 18:00}}}}")
    assert "when: at the bot's next turn" in rendered(f"{{{{{stem}Ascension}}}}")
    # optional parameters left out read as words, not as markup
    enact = rendered(f"{{{{{stem}Enact|title=Proposal: Hats}}}}")
    assert "Enact</b> Proposal: Hats" in enact and "[" not in enact.partition("<!--")[0]
    assert "Proposal: Hats" in rendered(f"{{{{{stem}Enact|title=Proposal: Hats|url=https://b.example/1}}}}")
    assert "the asker's latest" in rendered(f"{{{{{stem}Review|title=Proposal: Hats}}}}")
    shown = rendered(f"{{{{{stem}Synonyms|Player=Necromancer}}}}")
    assert "Necromancer" in shown and "{{" not in shown and "{{{" not in shown


def test_a_proposal_cut_by_its_own_heading_line_is_refused(local_wiki, bot):
    pasted = KEVAN + "\n== Part Two ==\nIn the rule “Coins”, replace “defaulting to 4” with “defaulting to 9”.\n"
    post(local_wiki, bot, local_wiki.admin, pasted)
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Not done") and "“Part Two”" in answer.headline and "===" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_a_section_added_later_below_a_request_does_not_stop_it(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, KEVAN)
    post(local_wiki, bot, local_wiki.plain, "== A question ==\nWhen is the next Ascension?\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done")


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


def test_after_an_ascension_that_re_terms_gamestate_steps_still_work(local_wiki, bot, wiki_title):
    board = with_board(local_wiki, bot, wiki_title)
    post(local_wiki, bot, local_wiki.admin, "== Ascension: Necromancers ==\n{{Ascension}}\nAscension Address: "
         "Necromancers\n\nKeep all dynastic rules. Set the synonym for Player to “Necromancer”.\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done: Dynastic Reset"), answer.headline
    assert "! Necromancers !! Coins" in local_wiki.wiki.page_text(board)
    assert f"{board}: [[Special:Diff/" in answer.headline           # the same operation, linked in the answer
    post(local_wiki, bot, local_wiki.admin,
         "== Enact: Josh ==\n{{Enact|title=Proposal: Josh}}\nSet Josh's Coins to 1.\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done"), answer.headline
    assert "| Josh || 1" in local_wiki.wiki.page_text(board)


# --------------------------------------------------------------------------- scheduled requests keep their origin
def scheduled(local_wiki, bot, at):
    post(local_wiki, bot, local_wiki.admin, KEVAN.replace("{{Enact|title=Proposal: Kevan's Coins}}",
                                                          f"{{{{Enact|title=Proposal: Kevan's Coins|at={at:%Y-%m-%d %H:%M}}}}}"))
    [accepted] = RequestDesk(bot).poll()
    assert accepted.headline.startswith("Accepted") and not accepted.done


def test_a_scheduled_request_is_traced_back_only_to_its_acknowledgement(local_wiki, bot):
    """Who added it was checked when it was accepted: the history is read back to that acknowledgement, not
    to the revision that added the request (here beyond the revisions the desk reads)."""
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    scheduled(local_wiki, bot, at)
    for n in range(2):   # the acknowledgement is the third revision back, the request the fourth
        page = local_wiki.wiki.page_text(bot.settings.requests)
        local_wiki.edit_as(local_wiki.plain, bot.settings.requests, f"Note {n}.\n" + page)
    [answer] = RequestDesk(bot, history_limit=3, clock=lambda: at + timedelta(seconds=5)).poll()
    assert answer.headline.startswith("Done"), answer.headline
    assert answer.requester == "AdminAlice"
    assert "defaulting to 4" in local_wiki.wiki.page_text(bot.settings.ruleset)


def test_a_scheduled_request_changed_by_a_player_after_its_acknowledgement_is_refused(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    scheduled(local_wiki, bot, at)
    page = local_wiki.wiki.page_text(bot.settings.requests)
    local_wiki.edit_as(local_wiki.plain, bot.settings.requests, page.replace("defaulting to 4", "defaulting to 40"))
    [answer] = RequestDesk(bot, clock=lambda: at + timedelta(seconds=5)).poll()
    assert answer.headline.startswith("Not done") and "changed by PlainBob" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_a_flood_of_edits_after_the_acknowledgement_does_not_get_a_scheduled_request_refused(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    scheduled(local_wiki, bot, at)
    for n in range(5):   # the acknowledgement, too, is beyond the revisions the desk below reads
        page = local_wiki.wiki.page_text(bot.settings.requests)
        local_wiki.edit_as(local_wiki.plain, bot.settings.requests, f"Note {n}.\n" + page)
    [answer] = RequestDesk(bot, history_limit=3, clock=lambda: at + timedelta(seconds=5)).poll()
    assert answer.headline.startswith("Done"), answer.headline
    assert answer.requester == "AdminAlice"


def test_a_flood_hiding_a_change_of_an_accepted_request_gets_it_refused(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    scheduled(local_wiki, bot, at)
    page = local_wiki.wiki.page_text(bot.settings.requests)
    local_wiki.edit_as(local_wiki.plain, bot.settings.requests, page.replace("defaulting to 4", "defaulting to 40"))
    for n in range(5):
        page = local_wiki.wiki.page_text(bot.settings.requests)
        local_wiki.edit_as(local_wiki.plain, bot.settings.requests, f"Note {n}.\n" + page)
    [answer] = RequestDesk(bot, history_limit=3, clock=lambda: at + timedelta(seconds=5)).poll()
    assert answer.headline.startswith("Not done") and "changed after the bot accepted it" in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_work_interrupted_and_its_journal_lost_is_left_to_an_admin_never_called_done():
    from wikibot.requests import answer_again

    [request] = request_page.parse("== Enact: Half ==\n{{Enact|title=Proposal: Half}}\nKevan gains 2 Coins.\n")
    edits = [(11, "Ruleset", "Enacted “Half” " + request_page.tag(7)),
             (12, "Requests", "/* Enact: Half */ Interrupted: the wiki failed. " + request_page.tag(7))]
    answer = answer_again(request, "AdminAlice", edits, "Requests")
    assert answer.headline.startswith("Not done") and "Ruleset: [[Special:Diff/11]]" in answer.headline
    assert "by hand" in answer.headline and answer.done
    # The same work, answered: already done.
    done = answer_again(request, "AdminAlice", edits[:1], "Requests")
    assert done.headline == "Already done in Ruleset: [[Special:Diff/11]]."


# --------------------------------------------------------------------------- exactly once per Proposal
def test_the_same_proposal_posted_twice_is_enacted_once_unless_an_admin_says_again(local_wiki, bot, wiki_title):
    board = with_board(local_wiki, bot, wiki_title)
    gains = "{{Enact|title=Proposal: Josh's Windfall|url=https://blognomic.example/archives/77}}\nJosh gains 2 Coins.\n"
    post(local_wiki, bot, local_wiki.admin, "== Enact: Windfall ==\n" + gains)
    post(local_wiki, bot, local_wiki.admin, "== Enact: Windfall (again) ==\n" + gains)
    first, second = RequestDesk(bot).poll()
    assert first.headline.startswith("Done") and "| Josh || 5" in local_wiki.wiki.page_text(board)
    enacted = int(first.headline.split("[[Special:Diff/")[1].split("]]")[0])
    assert second.headline.startswith(f"Not done: the bot enacted this Proposal before, in [[Special:Diff/{enacted}]]")
    assert f"again={enacted}" in second.headline
    # the same address under another title is the same Proposal; a later poll (a restarted bot) knows it too
    post(local_wiki, bot, local_wiki.admin, "== Enact: Windfall, retitled ==\n"
         + gains.replace("Josh's Windfall", "A Windfall for Josh"))
    [third] = RequestDesk(bot).poll()
    assert third.headline.startswith("Not done: the bot enacted this Proposal before")
    assert "| Josh || 5" in local_wiki.wiki.page_text(board)
    # an Admin says it is meant again
    post(local_wiki, bot, local_wiki.admin, "== Enact: Windfall, meant again ==\n"
         + gains.replace("archives/77}}", f"archives/77|again={enacted}}}}}"))
    [fourth] = RequestDesk(bot).poll()
    assert fourth.headline.startswith("Done") and "| Josh || 7" in local_wiki.wiki.page_text(board)


def test_another_proposal_of_the_same_name_at_another_address_is_not_refused(local_wiki, bot):
    post(local_wiki, bot, local_wiki.admin, KEVAN.replace("{{Enact|title=Proposal: Kevan's Coins}}",
                                                          "{{Enact|title=Proposal: Kevan's Coins|url=https://b.example/1}}"))
    assert RequestDesk(bot).poll()[0].headline.startswith("Done")
    post(local_wiki, bot, local_wiki.admin, "== Enact: Kevan's Coins, 2027 ==\n{{Enact|title=Proposal: Kevan's Coins|"
         "url=https://b.example/2}}\nIn the rule “Coins”, replace “defaulting to 4” with “defaulting to 6”.\n")
    [answer] = RequestDesk(bot).poll()
    assert answer.headline.startswith("Done"), answer.headline


# --------------------------------------------------------------------------- read before you promise
def test_a_scheduled_ascension_is_read_when_acknowledged_and_its_unreadable_sentences_named_at_once(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    address = ("Ascension Address: Necromancers\n\nKeep all dynastic rules. Set the synonym for Player to “Necromancer”.\n"
               "Juggle the rule “Coins” until it glows.\n")
    post(local_wiki, bot, local_wiki.admin, f"== Ascension: Glow ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M}}}}}\n" + address)
    [answer] = RequestDesk(bot).poll()
    assert answer.done and answer.headline.startswith("Not done: the bot cannot read 1 sentence of the Address")
    assert "Juggle the rule “Coins” until it glows." in answer.headline
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_a_scheduled_ascension_is_tried_when_acknowledged_and_a_players_change_refused_at_once(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    post(local_wiki, bot, local_wiki.admin, f"== Ascension: Necromancers ==\n{{{{Ascension|at={at:%Y-%m-%d %H:%M}}}}}\n"
         "Ascension Address: Necromancers\n\nKeep all dynastic rules. Set the synonym for Player to “Necromancer”.\n")
    desk = RequestDesk(bot)
    [accepted] = desk.poll()
    assert accepted.headline.startswith("Accepted") and "Tried on the pages as they stand now, it applies." in accepted.headline
    assert desk.poll() == []                        # checked once: unchanged since, nothing more is read
    page = local_wiki.wiki.page_text(bot.settings.requests)
    changed = local_wiki.edit_as(local_wiki.plain, bot.settings.requests,
                                 page.replace("“Necromancer”", "“Lich”"))["newrevid"]
    [refused] = desk.poll()                         # long before its time
    assert refused.headline.startswith("Not done") and f"changed by PlainBob, who is not an Admin, in " \
        f"[[Special:Diff/{changed}]]" in refused.headline
    assert request_page.parse(local_wiki.wiki.page_text(bot.settings.requests))[0].done
    assert RequestDesk(bot, clock=lambda: at + timedelta(seconds=5)).poll() == []
    assert local_wiki.wiki.page_text(bot.settings.ruleset) == RULESET.rstrip()


def test_a_scheduled_request_that_would_not_apply_now_is_accepted_with_a_warning(local_wiki, bot):
    from datetime import datetime, timedelta, timezone

    at = datetime.now(timezone.utc).replace(second=0, microsecond=0) + timedelta(days=1)
    post(local_wiki, bot, local_wiki.admin, KEVAN.replace("{{Enact|title=Proposal: Kevan's Coins}}",
                                                          f"{{{{Enact|title=Proposal: Kevan's Coins|at={at:%Y-%m-%d %H:%M}}}}}")
         .replace("defaulting to 3", "defaulting to 2"))
    [accepted] = RequestDesk(bot).poll()
    assert accepted.headline.startswith("Accepted") and not accepted.done
    assert "Tried on the pages as they stand now, it would not be done" in accepted.headline


# --------------------------------------------------------------------------- readings and reviews try gamestate steps
def test_a_reading_and_a_review_try_gamestate_steps_on_the_tracking_page(local_wiki, bot, wiki_title):
    board = with_board(local_wiki, bot, wiki_title)
    draft = "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 4”.\n\nSet Josh's Coins to 1.\n"
    post(local_wiki, bot, local_wiki.plain, "== Read: Josh ==\n{{Read|title=Proposal: Josh}}\n" + draft)
    [reading] = RequestDesk(bot).poll()
    assert reading.headline.startswith("Reading of “Josh”: 2 steps, 2 read, 0 set aside, 0 not read"), reading.headline
    assert "on the Ruleset now: applied" in reading.details[1] and "no gamestate page" not in " ".join(reading.details)
    assert local_wiki.wiki.page_text(board) == BOARD.rstrip()
    rules = bot.settings.ruleset
    hand = local_wiki.edit_as(local_wiki.admin, rules, local_wiki.wiki.page_text(rules).replace(
        "defaulting to 3", "defaulting to 4"), "Enacting Proposal: Josh")["newrevid"]
    post(local_wiki, bot, local_wiki.plain, f"== Review: Josh ==\n{{{{Review|title=Proposal: Josh|rev={hand}}}}}\n" + draft)
    [review] = RequestDesk(bot).poll()
    details = " ".join(review.details)
    assert review.headline.startswith("Enactment of Josh: 1 of 1 step as written"), review.headline
    assert "no gamestate page" not in details and f"a step of the gamestate page “{board}”" in details


def test_a_reading_carries_its_requests_tag_and_is_not_answered_again_after_a_restore(local_wiki, bot):
    post(local_wiki, bot, local_wiki.plain, READ)
    before = local_wiki.wiki.page_text(bot.settings.requests)
    [answer] = RequestDesk(bot).poll()
    assert answer.requester == "PlainBob"
    reply = local_wiki.api(action="query", prop="revisions", titles=bot.settings.requests, rvprop="comment",
                           rvlimit=1)["query"]["pages"][0]["revisions"][0]["comment"]
    assert request_page.tagged(reply)
    local_wiki.edit_as(local_wiki.admin, bot.settings.requests, before, "Restoring an older revision")
    [again] = RequestDesk(bot).poll()
    assert again.headline.startswith("Already answered in [[Special:Diff/") and "Reading of" in again.headline

"""End to end on the real local wiki: the patrol judges gamestate and Ruleset edits, undoes the
illegal ones with a summary that explains, and reports what humans must decide."""

from __future__ import annotations

import dataclasses
import re

import pytest

from wikibot.config import Settings
from wikibot.daemon import Daemon
from wikibot.patrol import REPORTED, UNDONE, Patrol, PatrolError, PatrolMark, inert, undo_summary
from wikibot.site import Wiki

NON_NEGATIVE = ("If a set of valid values is not specified in their definition, game variables defined to "
                "hold numeric values can hold only non-negative integers.")


def ruleset_text(board: str, coins: str = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3.") -> str:
    return f"""= Core Rules =

== Ruleset and Gamestate ==
The Ruleset and the Gamestate may be changed only as the Ruleset says.

The gamestate tracking page for this dynasty is the [[{board}]] page of the wiki.

= Dynastic Rules =

== Coins ==
{coins}

== Hats ==
Each Puzzler has a publicly tracked Hat, which can be Bowler, Fez or Top and defaults to Fez.

= Appendix =

== Numbers and Variables ==
{NON_NEGATIVE}
"""


BOARD = """The gamestate tracking page.

{| class="wikitable"
! Puzzler !! Coins !! Hat
|-
| PlainBob || 3 || Fez
|-
| AdminAlice || 3 || Top
|-
| PlainCarol || 5 || Bowler
|}"""

SUMMARY = ("Undid revision {revid} by PlainBob: Coins of PlainBob set to -2; Coins hold non-negative integers "
           "(Appendix: Numbers and Variables). Disagree? Raise a Call for Judgement.")


@dataclasses.dataclass
class Game:
    local_wiki: object
    wiki: Wiki
    board: str
    first: Patrol | None = None

    @property
    def settings(self) -> Settings:
        return self.wiki.settings

    def text(self, title: str | None = None) -> str | None:
        return self.local_wiki.wiki.page_text(title or self.board)

    def edit(self, user, old: str, new: str, summary: str = "", title: str | None = None) -> int:
        current = self.text(title)
        assert old in current, old
        return self.local_wiki.edit_as(user, title or self.board, current.replace(old, new, 1), summary)["newrevid"]

    def latest(self, title: str | None = None) -> dict:
        page = self.local_wiki.api(action="query", prop="revisions", titles=title or self.board,
                                   rvprop="ids|user|comment", rvlimit=1)["query"]["pages"][0]
        return page["revisions"][0]

    def log(self) -> str:
        return self.text(self.settings.log) or ""


@pytest.fixture(scope="module")
def carol(local_wiki):
    if "PlainCarol" not in local_wiki.wiki.users:
        local_wiki.wiki.create_user("PlainCarol")
    return local_wiki.wiki.users["PlainCarol"]


@pytest.fixture
def game(local_wiki, tmp_path, wiki_title, carol):
    """A game with its own Ruleset, gamestate page, run, log and constraints pages and state dir."""
    stem = wiki_title("Patrol")
    board = f"{stem} Board"
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", building_blocks=f"{stem}/Building Blocks",
                        requests=f"{stem}/Requests", run=f"{stem}/Run", log=f"{stem}/Log",
                        constraints=f"{stem}/Constraints", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, ruleset_text(board), "Accept: the rules of a new game")
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    local_wiki.edit_as(local_wiki.admin, board, BOARD)
    game = Game(local_wiki, Wiki(local_wiki.site(), settings), board)
    game.first = Patrol(game.wiki)
    game.first.cycle()  # the first run sets the mark (and judges what came since the bot's own last edit)
    return game


def test_first_run_judges_everything_since_the_bots_own_last_edit_and_then_goes_on_from_its_mark(game):
    mark = PatrolMark.load(game.settings.state_dir / "patrol.json")
    assert mark is not None and mark.floor > 0
    assert game.first.findings == []            # the set-up edits are an Admin's, and legal
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == []  # judged once: the mark goes on from there


def test_a_lost_state_directory_reaches_back_to_the_bots_own_last_edit(game, local_wiki, tmp_path):
    """Edits made while the bot was down, after its last edit, are judged even when its mark is gone."""
    game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    [undone] = Patrol(game.wiki).cycle()           # the bot's own last edit: this undo
    assert undone.action == UNDONE
    bad = game.edit(local_wiki.plain, "| PlainCarol || 5", "| PlainCarol || -5")   # made while the bot is down
    later = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 4")
    lost = Wiki(game.wiki.site, dataclasses.replace(game.settings, state_dir=tmp_path / "lost"))
    patrol = Patrol(lost)
    [finding] = patrol.cycle()
    assert finding.change.revid == bad and finding.action == UNDONE and patrol.checked == [bad, later]
    assert "| PlainCarol || 5" in game.text()


def test_plain_users_illegal_value_is_undone_with_an_explaining_summary(game, local_wiki):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2", "spending")
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.action == UNDONE and patrol.checked == [bad]
    assert game.text() == BOARD
    latest = game.latest()
    assert latest["user"] == "WikiBot" and latest["revid"] == finding.undo_revid
    assert latest["comment"] == SUMMARY.format(revid=bad)
    assert game.log() == ""  # an undo needs no report


def test_legal_edit_is_untouched(game, local_wiki):
    good = game.edit(local_wiki.plain, "| PlainBob || 3 || Fez", "| PlainBob || 5 || Bowler")
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == [good]
    assert "| PlainBob || 5 || Bowler" in game.text() and game.latest()["revid"] == good


def test_illegal_edit_followed_by_a_legal_one_is_undone_alone(game, local_wiki, carol):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    good = game.edit(carol, "| PlainCarol || 5", "| PlainCarol || 6")
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.action == UNDONE and finding.change.revid == bad and patrol.checked == [bad, good]
    assert game.text() == BOARD.replace("| PlainCarol || 5", "| PlainCarol || 6")
    assert game.latest()["comment"] == SUMMARY.format(revid=bad)


def test_undo_that_does_not_apply_cleanly_is_reported(game, local_wiki, carol):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    later = game.edit(carol, "| PlainBob || -2 || Fez", "| PlainBob || -2 || Top")  # same line, after
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.action == REPORTED and patrol.checked == [bad, later]
    assert game.latest()["revid"] == later  # nothing guessed
    assert f"[[Special:Diff/{bad}]] by PlainBob: illegal: Coins of PlainBob set to -2" in game.log()
    assert "cannot be undone alone" in game.log()


def test_illegal_edit_already_put_right_by_someone_is_left_alone(game, local_wiki, carol):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3 || Fez", "| PlainBob || -2 || Fez")
    fix = game.edit(carol, "| PlainBob || -2 || Fez", "| PlainBob || 3 || Top")
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == [bad, fix]
    assert game.latest()["revid"] == fix and game.log() == ""


def test_same_change_reapplied_is_not_undone_twice_and_is_reported(game, local_wiki):
    first = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    [undone] = Patrol(game.wiki).cycle()
    assert undone.action == UNDONE
    again = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2", "I may")
    patrol = Patrol(game.wiki)  # a restarted bot remembers too
    [reported] = patrol.cycle()
    assert reported.action == REPORTED and patrol.checked == [again]
    assert game.latest()["revid"] == again and "| PlainBob || -2" in game.text()
    line = game.log().strip().splitlines()[-1]
    assert line.startswith("* ") and f"[[Special:Diff/{again}]] by PlainBob:" in line
    assert f"undid in [[Special:Diff/{undone.undo_revid}]]" in line and "Not undone a second time" in line
    assert first != again


class Killed(BaseException):
    """The process dying at a given point (nothing after it runs but ``finally`` blocks)."""


class DiesAfterItsFirstSave(Wiki):
    def save(self, *args, **kwargs):
        saved = super().save(*args, **kwargs)
        raise Killed(saved)


def test_an_undo_is_remembered_even_when_the_bot_dies_right_after_saving_it(game, local_wiki):
    game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    with pytest.raises(Killed):
        Patrol(DiesAfterItsFirstSave(game.wiki.site, game.settings)).cycle()
    assert game.text() == BOARD and game.latest()["user"] == "WikiBot"  # the undo was saved
    # The restarted patrol judges that edit again: undone already, nothing to write.
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and game.latest()["user"] == "WikiBot" and game.log() == ""
    # The same change made again is reported, not undone a second time.
    again = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2", "again")
    [reported] = Patrol(game.wiki).cycle()
    assert reported.action == REPORTED and game.latest()["revid"] == again
    assert "Not undone a second time" in game.log()


def test_report_only_mode_changes_nothing_on_the_gamestate_page(game, local_wiki):
    game.settings.guard_mode = "report-only"
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == REPORTED
    assert game.latest()["revid"] == bad
    assert f"[[Special:Diff/{bad}]] by PlainBob: illegal: Coins of PlainBob set to -2" in game.log()
    assert "report-only" in game.log()


def test_admins_illegal_edit_is_reported_not_undone(game, local_wiki):
    bad = game.edit(local_wiki.admin, "| AdminAlice || 3", "| AdminAlice || -1")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == REPORTED and game.latest()["revid"] == bad
    assert "illegal edit by an Admin" in game.log()
    # ... unless configured otherwise
    game.settings.revert_admins = True
    bad = game.edit(local_wiki.admin, "| AdminAlice || -1 || Top", "| AdminAlice || -1 || Cap")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == UNDONE and "| AdminAlice || -1 || Top" in game.text()


def test_undo_puts_back_the_value_it_overwrote_even_when_that_was_illegal(game, local_wiki):
    admins = game.edit(local_wiki.admin, "| PlainBob || 3", "| PlainBob || -1")
    bad = game.edit(local_wiki.plain, "| PlainBob || -1", "| PlainBob || -2")
    [reported, undone] = Patrol(game.wiki).cycle()
    assert (reported.change.revid, reported.action) == (admins, REPORTED)
    assert (undone.change.revid, undone.action) == (bad, UNDONE)
    assert game.text() == BOARD.replace("| PlainBob || 3", "| PlainBob || -1")  # as the Admin left it


def test_markup_in_a_reported_value_cannot_act_on_the_log_page(game, local_wiki):
    hostile = "{{nobots}} __NOTOC__ <b>x</b>"
    first = game.edit(local_wiki.admin, "| AdminAlice || 3 || Top", f"| AdminAlice || 3 || {hostile}")
    second = game.edit(local_wiki.admin, "| AdminAlice || 3 ||", "| AdminAlice || -4 ||")
    assert [f.change.revid for f in Patrol(game.wiki).cycle()] == [first, second]
    log = game.log()
    assert f"[[Special:Diff/{first}]]" in log and f"[[Special:Diff/{second}]]" in log  # still writable
    for markup in ("{{", "__NOTOC", "<b>"):
        assert markup not in log, markup
    assert "&#123;&#123;nobots&#125;&#125;" in log


def test_bots_own_edit_is_ignored(game, local_wiki):
    own = game.edit(local_wiki.bot, "| PlainBob || 3", "| PlainBob || -2")
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == []
    assert game.latest()["revid"] == own


def test_restart_neither_rechecks_nor_skips(game, local_wiki, carol):
    a = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 4")
    b = game.edit(carol, "| PlainCarol || 5", "| PlainCarol || -5")
    first = Patrol(game.wiki)
    first.cycle()
    assert first.checked == [a, b] and first.findings[0].action == UNDONE
    c = game.edit(local_wiki.plain, "| PlainBob || 4", "| PlainBob || 7")
    second = Patrol(game.wiki)  # a new process, the same state dir
    assert second.cycle() == []
    assert second.checked == [c]
    third = Patrol(game.wiki)
    assert third.cycle() == [] and third.checked == []


def test_run_page_false_writes_nothing_and_the_edit_waits(game, local_wiki):
    local_wiki.edit_as(local_wiki.admin, game.settings.run, "false")
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == []
    assert game.latest()["revid"] == bad and game.text(game.settings.log) is None
    local_wiki.edit_as(local_wiki.admin, game.settings.run, "true")
    [finding] = patrol.cycle()  # not skipped: judged once writes are allowed again (the run page's edits too)
    assert finding.action == UNDONE and bad in patrol.checked and game.text() == BOARD


def test_run_page_turned_off_mid_cycle_stops_the_cycle_and_the_rest_waits(game, local_wiki):
    # The run page is the log page here: the first line the bot adds makes it say more than "true",
    # so the wiki itself turns the bot's writes off in the middle of the cycle.
    game.settings.log = game.settings.run
    first = game.edit(local_wiki.admin, "| AdminAlice || 3", "| AdminAlice || -1")
    second = game.edit(local_wiki.admin, "| AdminAlice || -1 || Top", "| AdminAlice || -1 || Cap")
    patrol = Patrol(game.wiki)
    [reported] = patrol.cycle()
    assert reported.change.revid == first and patrol.checked == [first]
    assert f"Diff/{second}]]" not in game.log()
    local_wiki.edit_as(local_wiki.admin, game.settings.run, "true")
    [reported] = patrol.cycle()  # the edit the stop interrupted is judged now, once
    assert reported.change.revid == second and patrol.checked.count(second) == 1


def test_daemon_patrols_in_run_once(game, local_wiki):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    Daemon(game.wiki).run_once()
    assert game.text() == BOARD and game.latest()["comment"] == SUMMARY.format(revid=bad)


def test_constraints_page_overrides_inference(game, local_wiki):
    local_wiki.edit_as(local_wiki.admin, game.settings.constraints, "* Coins: integer 0..4\n* Hat: off\n")
    bad = game.edit(local_wiki.plain, "| PlainBob || 3 || Fez", "| PlainBob || 9 || Cap")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == UNDONE and game.text() == BOARD
    assert game.latest()["comment"].startswith(f"Undid revision {bad} by PlainBob: Coins of PlainBob set to 9;")
    assert "Hat" not in game.latest()["comment"]


def test_edit_judged_by_the_ruleset_of_its_time(game, local_wiki):
    negative = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3. Coins may be negative."
    local_wiki.edit_as(local_wiki.admin, game.settings.ruleset, ruleset_text(game.board, negative),
                       "Enacting Proposal: Debt")
    Patrol(game.wiki).cycle()
    legal_then = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    local_wiki.edit_as(local_wiki.admin, game.settings.ruleset, ruleset_text(game.board),
                       "Enacting Proposal: No More Debt")
    illegal_now = game.edit(local_wiki.plain, "| AdminAlice || 3", "| AdminAlice || -3")
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.change.revid == illegal_now and finding.action == UNDONE
    assert legal_then in patrol.checked
    assert "| PlainBob || -2" in game.text() and "| AdminAlice || 3" in game.text()


def test_ruleset_typo_fix_passes_and_other_changes_without_enactment_are_reported(game, local_wiki):
    rules = game.settings.ruleset
    typo = game.edit(local_wiki.admin, "changed only as", "chagned only as", title=rules)
    patrol = Patrol(game.wiki)
    assert patrol.cycle() == [] and patrol.checked == [typo]
    enacted = game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 4", "Enacting Proposal: Richer",
                        title=rules)
    assert patrol.cycle() == [] and patrol.checked[-1] == enacted
    sneaky = game.edit(local_wiki.admin, "defaulting to 4", "defaulting to 40", "tidy", title=rules)
    [finding] = patrol.cycle()
    assert finding.action == REPORTED and finding.change.revid == sneaky
    assert game.latest(rules)["revid"] == sneaky  # rules pages are never reverted
    log = game.log()
    assert f"[[Special:Diff/{sneaky}]] by AdminAlice:" in log and "“4” changed to “40”: a number" in log
    assert f"Diff/{typo}]]" not in log and f"Diff/{enacted}]]" not in log


@pytest.mark.parametrize("summary", ["typo", "Enacting Proposal: Nothing Anyone Posted", "Per CfJ #12"])
def test_a_players_ruleset_edit_is_logged_whatever_its_summary_says(game, local_wiki, summary):
    rules = game.settings.ruleset
    players = game.edit(local_wiki.plain, "changed only as", "chagned only as", summary, title=rules)
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == players and finding.action == REPORTED
    assert "who is not an Admin" in finding.text and "does not count until an Admin accepts it" in finding.text


def test_a_players_ruleset_edit_enacting_a_posted_proposal_with_a_clean_review_is_reviewed_not_logged(game, local_wiki):
    """The one exception to logging a player's Ruleset edit: its summary names a proposal on the request page and
    its review is clean. It is reviewed, not reported; and it still does not count until an Admin accepts it."""
    from wikibot.patrol import REVIEWED

    rules = game.settings.ruleset
    local_wiki.edit_as(local_wiki.admin, rules, ruleset_text(game.board, CAPPED), "Enacting Proposal: A Cap")
    Patrol(game.wiki).cycle()
    local_wiki.edit_as(local_wiki.admin, game.settings.requests, "Requests.\n\n== Enact: Deeper Purses ==\n"
                       "{{Enact|title=Proposal: Deeper Purses}}\nIn the rule “Coins”, replace “cannot exceed 10” with "
                       "“cannot exceed 20”.\n")
    by_hand = game.edit(local_wiki.plain, "cannot exceed 10", "cannot exceed 20", "Enacting Proposal: Deeper Purses",
                        title=rules)
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == by_hand and finding.action == REVIEWED
    assert "who is not an Admin" not in game.log()
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 15", "payday")   # not accepted yet
    assert [(f.change.revid, f.action) for f in Patrol(game.wiki).cycle()] == [(rich, UNDONE)]
    # the same summary on a change the proposal does not ask for: its review is not clean, and it is logged
    sneaky = game.edit(local_wiki.plain, "cannot exceed 20", "cannot exceed 2000", "Enacting Proposal: Deeper Purses",
                       title=rules)
    found = Patrol(game.wiki).cycle()
    assert [(f.change.revid, f.action) for f in found] == [(sneaky, REVIEWED), (sneaky, REPORTED)]
    assert "who is not an Admin" in found[1].text and "its review is not clean" in found[1].text


def test_building_blocks_change_without_enactment_is_reported(game, local_wiki):
    blocks = game.settings.building_blocks
    local_wiki.edit_as(local_wiki.admin, blocks, "== Auctions ==\nEach Puzzler may bid once a day.", "Enacting Proposal: Bids")
    changed = game.edit(local_wiki.plain, "once a day", "twice a day", "clearer", title=blocks)
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.change.revid == changed and finding.action == REPORTED and len(patrol.checked) == 2
    assert f"[[Special:Diff/{changed}]] by PlainBob:" in game.log() and "“once” changed to “twice”" in game.log()


def test_unreadable_mark_stops_with_a_clear_error(game):
    (game.settings.state_dir / "patrol.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(PatrolError, match="delete it"):
        Patrol(game.wiki).cycle()


# --------------------------------------------------------------------------- the pure parts

def test_inert_text_reads_the_same_but_cannot_act():
    assert inert("Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables).") == \
        "Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables)."
    assert inert("{{nobots}} ~~~~ in [[Special:Diff/12]]") == \
        "&#123;&#123;nobots&#125;&#125; &#126;&#126;&#126;&#126; in [[Special:Diff/12]]"


def test_undo_summary_keeps_within_mediawikis_limit():
    from actions.check import CheckResult

    long = CheckResult(False, [], "Coins of Bob set to -2; " * 40)
    summary = undo_summary(123, "B" * 85, long)
    assert len(summary) == 500 and summary.endswith("… Disagree? Raise a Call for Judgement.")
    assert summary.startswith(f"Undid revision 123 by {'B' * 85}: Coins of Bob set to -2;")


def test_mark_forgets_what_it_has_seen_only_beyond_the_overlap(tmp_path):
    mark = PatrolMark(tmp_path / "patrol.json", "2026-11-29T12:00:00Z")
    mark.dealt_with(10, "2026-11-29T12:00:00Z")
    mark.dealt_with(11, "2026-11-29T12:01:59Z")
    assert mark.seen == {10: "2026-11-29T12:00:00Z", 11: "2026-11-29T12:01:59Z"}
    mark.dealt_with(12, "2026-11-29T12:02:01Z")  # 10 is now older than the query reaches back
    assert set(mark.seen) == {11, 12} and mark.query_start() == "2026-11-29T12:00:01Z"
    mark.save()
    again = PatrolMark.load(tmp_path / "patrol.json")
    assert (again.since, again.seen, again.floor) == (mark.since, mark.seen, mark.floor)
    assert not again.is_new(11) and again.is_new(13)


def test_an_edit_beyond_the_size_limit_is_reported_once_and_passed(game, local_wiki, carol):
    from parsers.limits import PAGE_CHARS

    huge = game.edit(local_wiki.plain, "The gamestate tracking page.", "The gamestate tracking page. " + "x" * PAGE_CHARS)
    back = local_wiki.edit_as(carol, game.board, BOARD)["newrevid"]  # its old side is beyond the limit too
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    patrol = Patrol(game.wiki)
    found = patrol.cycle()
    assert [(f.change.revid, f.action) for f in found] == [(huge, REPORTED), (back, REPORTED), (bad, UNDONE)]
    assert re.search(r"could not be judged: The gamestate page after the edit is 500 \d{3} characters", found[0].text)
    assert "the bot takes at most 500 000. Not judged; check it by hand." in found[0].text
    assert game.log().count("could not be judged") == 2 and game.text() == BOARD
    assert Patrol(game.wiki).cycle() == []  # passed: not reported again, not holding back the mark


def test_an_edit_whose_text_is_hidden_is_reported_once_and_passed(game, local_wiki, carol):
    hidden = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    after = game.edit(carol, "| PlainCarol || 5", "| PlainCarol || 6")
    # the revision's text hidden in the wiki's own database, as revision deletion leaves it (rev_deleted = 1)
    local_wiki.wiki.run_maintenance("eval", input_text=(
        "MediaWiki\\MediaWikiServices::getInstance()->getDBLoadBalancer()->getConnection(DB_PRIMARY)"
        f"->update('revision', ['rev_deleted' => 1], ['rev_id' => {hidden}], 'test');\n"))
    patrol = Patrol(game.wiki)
    found = patrol.cycle()
    assert [(f.change.revid, f.action) for f in found] == [(hidden, REPORTED), (after, REPORTED)]
    assert "its text cannot be read (hidden or deleted)" in found[0].text
    assert "the text of the revision before it cannot be read" in found[1].text
    assert f"[[Special:Diff/{hidden}]] by PlainBob: could not be judged" in game.log()
    assert Patrol(game.wiki).cycle() == [] and game.log().count("could not be judged") == 2


def test_an_edit_that_leaves_the_page_unreadable_is_reported(game, local_wiki):
    broken = game.edit(local_wiki.plain, "| PlainCarol || 5 || Bowler\n|}", "| PlainCarol || 5 || Bowler")
    [found] = Patrol(game.wiki).cycle()
    assert found.change.revid == broken and found.action == REPORTED
    assert "the edit left the page unreadable to the bot" in found.text and "never closed" in found.text
    # the page stays unreadable: the next edit cannot be judged either, and says so
    later = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 4")
    [found] = Patrol(game.wiki).cycle()
    assert found.change.revid == later and found.action == REPORTED
    assert f"the page has not read as tables since [[Special:Diff/{broken - 1}]]" in found.text


def test_reasons_an_undo_was_not_saved_carry_no_advice_meant_for_requests():
    from wikibot.patrol import not_undone_because
    from wikibot.site import BotsExcluded, ConflictChangedMeaning, PageProtected, SavedDifferently, WikiError

    errors = [
        WikiError("The wiki did not save “B”: abusefilter-disallowed Disallowed; check the page and ask again."),
        SavedDifferently("“B” was edited by someone else at the moment the bot saved ([[Special:Diff/5]]); the "
                         "bot restored the other edit in [[Special:Diff/6]] and changed nothing. Ask again."),
        ConflictChangedMeaning("“B” kept changing while the bot tried to save it; nothing was saved. Ask again "
                               "when the page is quiet."),
        ConflictChangedMeaning("“B” was edited by someone else while the bot worked, and the change would now "
                               "have a different effect; nothing was saved. Check the page and ask again."),
        PageProtected("The page is protected against the bot's account while saving “B” (x): give the bot the "
                      "right to edit it, or do this edit by hand."),
        BotsExcluded("“B” carries {{nobots}} or a {{bots}} template that excludes this bot; edit it by hand or "
                     "remove the template."),
    ]
    reasons = [not_undone_because(error) for error in errors]
    for reason in reasons:
        assert not re.search(r"\b(ask|tries) again\b", reason, re.I) and not reason.endswith("."), reason
    assert reasons[0] == "The wiki did not save “B”: abusefilter-disallowed Disallowed"
    assert reasons[1].endswith("the bot restored the other edit in [[Special:Diff/6]] and changed nothing")
    assert reasons[4] == "the page is protected against the bot's account"


def test_an_undo_refused_by_the_wiki_is_reported_in_the_patrols_words(game, local_wiki):
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    local_wiki.wiki.protect_as(local_wiki.admin, game.board)
    [found] = Patrol(game.wiki).cycle()
    assert found.change.revid == bad and found.action == REPORTED
    assert found.text.endswith("Not undone: the page is protected against the bot's account. Undo it by hand, "
                               "or raise a Call for Judgement.")


# --------------------------------------------------------------------------- the Ruleset that judges, reverts, what cannot be judged

CAPPED = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3, which cannot exceed 10."


def test_unreviewed_ruleset_edits_do_not_move_the_limits_until_an_admin_accepts_them(game, local_wiki):
    rules = game.settings.ruleset
    local_wiki.edit_as(local_wiki.admin, rules, ruleset_text(game.board, CAPPED), "Enacting Proposal: A Cap")
    Patrol(game.wiki).cycle()
    raised = game.edit(local_wiki.plain, "cannot exceed 10", "cannot exceed 1000", "tidy", title=rules)
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    patrol = Patrol(game.wiki)
    found = patrol.cycle()
    assert [(f.change.revid, f.action) for f in found] == [(raised, REPORTED), (rich, UNDONE)]
    assert "Coins of PlainBob set to 500; Coins hold integers from 0 to 10 (Coins)" in found[1].text
    assert "| PlainBob || 3" in game.text()
    # an Admin accepts the change by an edit of the Ruleset on top of it: from then on it counts
    accepted = game.edit(local_wiki.admin, "= Dynastic Rules =", "= Dynastic Rules =\n", f"Accept {raised}", title=rules)
    legal_now = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday again")
    assert Patrol(game.wiki).cycle() == [] and "| PlainBob || 500" in game.text()
    assert f"Diff/{accepted}]]" not in game.log() and f"Diff/{legal_now}]]" not in game.log()


def test_an_admins_revert_of_an_unauthorised_ruleset_edit_needs_no_review(game, local_wiki):
    rules = game.settings.ruleset
    before = game.text(rules)
    sneaky = game.edit(local_wiki.plain, "defaulting to 3", "defaulting to 30", "tidy", title=rules)
    reverted = local_wiki.edit_as(local_wiki.admin, rules, before, "Revert unauthorised edit by PlainBob")["newrevid"]
    patrol = Patrol(game.wiki)
    [finding] = patrol.cycle()
    assert finding.change.revid == sneaky and finding.action == REPORTED
    assert reverted in patrol.checked and f"Diff/{reverted}]]" not in game.log()
    # a non-Admin putting an earlier text back is still for an Admin to look at
    again = game.edit(local_wiki.plain, "defaulting to 3", "defaulting to 30", "tidy", title=rules)
    back = local_wiki.edit_as(local_wiki.plain, rules, before, "undo my own edit")["newrevid"]
    found = Patrol(game.wiki).cycle()
    assert {f.change.revid for f in found} == {again, back}


def test_a_limit_in_the_sentence_that_defines_the_variable_is_guarded(game, local_wiki):
    gems = "Each Puzzler has a publicly tracked number of Coins, defaulting to 0, which cannot exceed 5."
    local_wiki.edit_as(local_wiki.admin, game.settings.ruleset, ruleset_text(game.board, gems), "Enacting Proposal: Gems")
    Patrol(game.wiki).cycle()
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 9")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == bad and finding.action == UNDONE and "| PlainBob || 3" in game.text()


def test_an_edit_the_bot_cannot_judge_is_reported_not_passed(game, local_wiki):
    hidden = game.edit(local_wiki.plain, "! Puzzler !! Coins !! Hat\n|-\n| PlainBob || 3",
                       "! Puzzler !! Co\u200bins !! Hat\n|-\n| PlainBob || -99")
    [found] = Patrol(game.wiki).cycle()
    assert found.change.revid == hidden and found.action == REPORTED
    assert "cannot judge" in found.text and "U+200B ZERO WIDTH SPACE" in found.text
    gone = game.edit(local_wiki.plain, "|-\n| PlainCarol || 5 || Bowler\n", "")
    [found] = Patrol(game.wiki).cycle()
    assert found.change.revid == gone and "the row “PlainCarol” is gone" in found.text


# --------------------------------------------------------------------------- every era: an illegal edit in a table of things

ERA_CASES = [  # era, gamestate fixture, the page's name in the Ruleset, (old, new) of an illegal edit, what is said
    ("2004", "gamestate_gndt_2004.wiki", None, ("| Kevan\n| align=\"right\" | 125\n| Whigs*\n| align=\"right\" | 4",
                                                "| Kevan\n| align=\"right\" | 125\n| Whigs*\n| align=\"right\" | 0"),
     "Electoral Votes hold integers of at least 1 (Electoral Votes)"),
    ("2016", "gamestate_communities_2016.wiki", None, ("| Saltmarsh || Neutral", "| Saltmarsh || Seafolk"),
     "Faction is one of Neutral, Mudling, Barban, Redlander or Grassfolk (Communities)"),
    ("2020", "gamestate_archipelago_2020.wiki", "Archipelago", ("| Pip || Mouse", "| Pip || Dragon"),
     "Species is one of Bear, Bird"),
    ("2022", "gamestate_metropolis_2022.wiki", "Monster Metropolis", ("| Gloomhound || Good", "| Gloomhound || Dire"),
     "Affinity is one of Amazing, Good, Average or Bad (Attributes)"),
    ("2023", "gamestate_puzzle_board.wiki", "Puzzle Board", ("! 2\n| 🍊 ||", "! 2\n| 🦀 ||"),
     "Content is one of Lemon, Orange, Kiwi, Grape, Cherry, Star or Empty (The Game Board)"),
]


@pytest.mark.parametrize("era,page,named,change,said", ERA_CASES, ids=[c[0] for c in ERA_CASES])
def test_each_era_an_illegal_edit_in_a_table_of_things_is_undone(local_wiki, tmp_path, wiki_title, era, page, named,
                                                                   change, said):
    from fixturedata import fixture_text

    stem = wiki_title(f"Era {era}")
    board = f"{stem} Tracking"
    rules = fixture_text(f"ruleset_{era}.wiki")
    if named:
        rules = rules.replace(f"[[{named}]]", f"[[{board}]]")
    if "gamestate tracking page for this dynasty" not in rules:  # say where it is, as later eras do
        rules = rules.rstrip() + f"\n\n== Tracking ==\nThe gamestate tracking page for this dynasty is the [[{board}]] page of the wiki.\n"
    settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", building_blocks=f"{stem}/Building Blocks",
                        requests=f"{stem}/Requests", run=f"{stem}/Run", log=f"{stem}/Log",
                        constraints=f"{stem}/Constraints", state_dir=tmp_path / "state")
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, rules)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    text = fixture_text(page)
    local_wiki.edit_as(local_wiki.admin, board, text)
    game = Game(local_wiki, Wiki(local_wiki.site(), settings), board)
    Patrol(game.wiki).cycle()
    old, new = change
    bad = game.edit(local_wiki.plain, old, new, "moving things around")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == bad and finding.action == UNDONE, finding.text
    assert said in game.latest()["comment"]
    assert game.text().strip() == text.strip()

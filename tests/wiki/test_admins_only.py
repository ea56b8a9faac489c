"""End to end on the real local wiki: only what Admins wrote steers the bot, and the guard cannot be blinded.

A player (PlainBob) tries what the rules forbid him: switch a limit off on the constraints page, make
himself an Admin on the Admins page, raise a limit in the Ruleset and have it made binding by an
edit on top, blind the guard with a broken table or a {{nobots}}. Each attempt is reported, and
none of them lets an illegal value stand."""

from __future__ import annotations

import pytest

from wikibot.patrol import REPORTED, UNDONE, Patrol
from wikibot.requests import RequestDesk

from test_patrol import BOARD, CAPPED, carol, game, ruleset_text  # noqa: F401  (fixtures and texts)


def capped(game, local_wiki):
    """The game's Coins capped at 10 by an Admin's enactment, judged once (so that the patrol is past it)."""
    local_wiki.edit_as(local_wiki.admin, game.settings.ruleset, ruleset_text(game.board, CAPPED),
                       "Enacting Proposal: A Cap")
    Patrol(game.wiki).cycle()


def player_line_pending(game, local_wiki, monkeypatch):
    """A capped game whose constraints page an Admin wrote (“* Hat: off”) and a player then added “* Coins: off” to
    (pending), with the bot's first read of a history cut to 3 revisions; the page's title."""
    from wikibot import trust

    monkeypatch.setattr(trust, "HISTORY", 3)
    capped(game, local_wiki)
    page = game.settings.constraints
    local_wiki.edit_as(local_wiki.admin, page, "* Hat: off\n")
    Patrol(game.wiki).cycle()
    local_wiki.edit_as(local_wiki.plain, page, "* Hat: off\n* Coins: off\n", "tidying")
    return page


def found(patrol_findings):
    return [(f.change.revid, f.action) for f in patrol_findings]


# --------------------------------------------------------------------------- 1. the pages that steer the bot

def test_a_line_a_player_adds_to_the_constraints_page_switches_nothing_off(game, local_wiki):
    capped(game, local_wiki)
    page = game.settings.constraints
    local_wiki.edit_as(local_wiki.admin, page, "* Hat: off\n")
    Patrol(game.wiki).cycle()
    off = local_wiki.edit_as(local_wiki.plain, page, "* Hat: off\n* Coins: off\n", "tidying")["newrevid"]
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    findings = Patrol(game.wiki).cycle()
    assert found(findings) == [(off, REPORTED), (rich, UNDONE)]
    assert "who is not an Admin, edited the constraints page" in findings[0].text
    assert "Coins of PlainBob set to 500; Coins hold integers from 0 to 10 (Coins)" in findings[1].text
    assert "| PlainBob || 3" in game.text()
    # the Admin's own line still counts: a Hat no rule allows is kept
    hat = game.edit(local_wiki.plain, "| PlainBob || 3 || Fez", "| PlainBob || 3 || Sombrero")
    assert Patrol(game.wiki).cycle() == [] and game.latest()["revid"] == hat
    # an Admin accepts the player's line: from then on it counts
    local_wiki.edit_as(local_wiki.admin, page, "* Hat: off\n\n* Coins: off\n", "Accept the change of Coins")
    game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday again")
    assert Patrol(game.wiki).cycle() == [] and "| PlainBob || 500" in game.text()


def test_a_constraints_page_only_a_player_wrote_counts_for_nothing(game, local_wiki):
    capped(game, local_wiki)
    made = local_wiki.edit_as(local_wiki.plain, game.settings.constraints, "* Coins: off\n")["newrevid"]
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500")
    assert found(Patrol(game.wiki).cycle()) == [(made, REPORTED), (rich, UNDONE)]


def test_a_name_a_player_adds_to_the_admins_page_makes_no_admin(game, local_wiki, carol):
    game.settings.admins = f"{game.settings.ruleset}/Admins"
    local_wiki.edit_as(local_wiki.admin, game.settings.admins, "Extra Admins of this game:\n* PlainCarol\n")
    Patrol(game.wiki).cycle()
    added = local_wiki.edit_as(local_wiki.plain, game.settings.admins,
                               "Extra Admins of this game:\n* PlainCarol\n* PlainBob\n")["newrevid"]
    assert game.wiki.is_admin("PlainCarol") and not game.wiki.is_admin("PlainDan")
    # his request is a player's, and his illegal edit a player's: undone, not "by an Admin … not undone"
    current = game.text(game.settings.requests) or "Requests.\n"
    local_wiki.edit_as(local_wiki.plain, game.settings.requests, current + "\n== Enact: Bob's Raise ==\n"
                       "{{Enact|title=Proposal: Bob's Raise}}\nIn the rule “Coins”, replace “defaulting to 3” "
                       "with “defaulting to 30”.\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert "only Admins" in answer.headline and "defaulting to 3." in game.text(game.settings.ruleset)
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    findings = Patrol(game.wiki).cycle()
    assert found(findings) == [(added, REPORTED), (bad, UNDONE)]
    assert "who is not a sysop, edited the list of Admins" in findings[0].text
    # a sysop's name on the page counts: PlainCarol's illegal edit is an Admin's, reported and not undone
    hers = game.edit(carol, "| PlainCarol || 5", "| PlainCarol || -5")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == hers and "illegal edit by an Admin" in finding.text
    # but only a sysop's edit of the list counts: a name PlainCarol (listed, not a sysop) adds is reported, and
    # makes no one an Admin
    listed = local_wiki.edit_as(carol, game.settings.admins,
                                "Extra Admins of this game:\n* PlainCarol\n* PlainBob\n* PlainDan\n")["newrevid"]
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == listed and finding.action == REPORTED
    assert "PlainCarol, who is not a sysop, edited the list of Admins" in finding.text
    assert game.wiki.is_admin("PlainCarol") and not game.wiki.is_admin("PlainDan")


def test_a_players_edit_of_the_run_page_is_logged(game, local_wiki):
    local_wiki.edit_as(local_wiki.admin, game.settings.run, "false")
    switched = local_wiki.edit_as(local_wiki.plain, game.settings.run, "true")["newrevid"]
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == switched and finding.action == REPORTED
    assert "edited the run page (the bot's stop switch); it now reads “true”" in finding.text


# --------------------------------------------------------------------------- 2. the accepted Ruleset

def test_a_players_raise_stays_unaccepted_under_an_enactment_and_a_wording_fix_on_top(game, local_wiki):
    capped(game, local_wiki)
    rules = game.settings.ruleset
    raised = game.edit(local_wiki.plain, "cannot exceed 10", "cannot exceed 1000", "Enacting Proposal: Big Purses",
                       title=rules)
    # the bot enacts an unrelated Proposal on top, and says the page carries an edit no Admin accepted
    current = game.text(game.settings.requests) or "Requests.\n"
    local_wiki.edit_as(local_wiki.admin, game.settings.requests, current + "\n== Enact: Caps ==\n"
                       "{{Enact|title=Proposal: Caps}}\nIn the rule “Hats”, replace “Bowler, Fez or Top” with "
                       "“Bowler, Cap, Fez or Top”.\n")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Done") and "Bowler, Cap, Fez" in game.text(rules)
    assert f"carries edits no Admin has accepted ([[Special:Diff/{raised}]] by PlainBob)" in answer.headline
    # an Admin's wording fix on top does not take it in either
    game.edit(local_wiki.admin, "Each Puzzler has a publicly tracked Hat", "Every Puzzler has a publicly tracked Hat",
              "wording", title=rules)
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    findings = Patrol(game.wiki).cycle()
    assert (raised, REPORTED) in found(findings) and (rich, UNDONE) in found(findings)
    assert "does not count until an Admin accepts it" in game.log()
    capped_hat = game.edit(local_wiki.plain, "| PlainBob || 3 || Fez", "| PlainBob || 3 || Cap")  # the enactment counts
    assert Patrol(game.wiki).cycle() == [] and game.latest()["revid"] == capped_hat
    # an Admin's Accept — any real revision: here a blank line added between two rules — takes it in
    accepted = game.edit(local_wiki.admin, "== Hats ==", "\n== Hats ==", "Accept Special:Diff/%d" % raised,
                         title=rules)
    assert game.latest(rules)["revid"] == accepted
    game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday again")
    assert Patrol(game.wiki).cycle() == [] and "| PlainBob || 500" in game.text()


def test_an_edit_that_only_adds_space_at_the_end_makes_no_revision_to_accept_with(game, local_wiki):
    """What README warns of: MediaWiki strips trailing whitespace, so such an "Accept" is no edit at all."""
    rules = game.settings.ruleset
    answer = local_wiki.edit_as(local_wiki.admin, rules, game.text(rules) + "\n\n", "Accept")
    assert "nochange" in answer


# --------------------------------------------------------------------------- 3. a guard that cannot be blinded

def test_a_broken_table_does_not_blind_the_guard(game, local_wiki, carol):
    capped(game, local_wiki)
    broken = game.edit(local_wiki.plain, "| PlainCarol || 5 || Bowler\n|}", "| PlainCarol || 5 || Bowler")
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 900")
    findings = Patrol(game.wiki).cycle()
    assert found(findings) == [(broken, REPORTED), (rich, REPORTED)]
    assert "left the page unreadable" in findings[0].text and "still does not" in findings[1].text
    repaired = game.edit(local_wiki.admin, "| PlainCarol || 5 || Bowler", "| PlainCarol || 5 || Bowler\n|}",
                         "table fixed")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == repaired and finding.action == REPORTED
    assert "illegal values set while the page could not be read as tables" in finding.text
    assert "Coins of PlainBob set to 900" in finding.text


def test_a_players_nobots_on_the_gamestate_page_is_undone_and_silences_nothing(game, local_wiki):
    capped(game, local_wiki)
    silence = game.edit(local_wiki.plain, "The gamestate tracking page.",
                        "The gamestate tracking page. {{bots|deny=WikiBot}}", "a template")
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    findings = Patrol(game.wiki).cycle()
    assert found(findings) == [(silence, UNDONE), (rich, UNDONE)]
    assert "{{bots|deny=WikiBot}} added to the gamestate page" in findings[0].text
    assert game.text() == BOARD
    # an Admin's {{nobots}} counts: the bot leaves the page alone and says why
    local_wiki.edit_as(local_wiki.admin, game.board, "{{nobots}}\n" + BOARD, "the bot must stay off")
    bad = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || -2")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == bad and finding.action == REPORTED and "nobots" in finding.text


@pytest.mark.parametrize("template", ["{{nobots}}", "{{bots|deny=all}}"])
def test_a_players_nobots_on_the_log_page_does_not_stop_the_reports(game, local_wiki, template):
    local_wiki.edit_as(local_wiki.plain, game.settings.log, template + "\n")
    bad = game.edit(local_wiki.admin, "| AdminAlice || 3", "| AdminAlice || -1")
    [finding] = Patrol(game.wiki).cycle()
    assert finding.change.revid == bad and f"[[Special:Diff/{bad}]]" in game.log()


# --------------------------------------------------------------------------- wikibot setup protects what steers the bot

def _setup_settings(tmp_path, stem):
    from wikibot.config import Settings

    return Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset", requests=f"{stem}/Requests", run=f"{stem}/Run",
                    log=f"{stem}/Log", constraints=f"{stem}/Constraints", admins=f"{stem}/Admins",
                    state_dir=tmp_path / "state")


def test_setup_protects_the_pages_that_steer_the_bot_where_it_has_the_right(local_wiki, tmp_path, wiki_title):
    from wikibot.setup import setup
    from wikibot.site import Wiki
    from wikibot.testwiki import LocalWikiError

    settings = _setup_settings(tmp_path, wiki_title("Setup"))
    said: list[str] = []
    sysop = Wiki(local_wiki.alias_site(), settings)          # an account that may protect (AdminAlice)
    pages = setup(sysop, protect_pages=None, ask=lambda question: True, say=said.append)
    assert {p.title for p in pages} == {settings.run, settings.constraints, settings.admins, settings.log}
    assert all(p.done for p in pages) and local_wiki.wiki.page_text(settings.run) == "false"
    for page in (settings.run, settings.log):             # written by setup: a player can no longer edit them
        with pytest.raises(LocalWikiError, match="protected"):
            local_wiki.edit_as(local_wiki.plain, page, "true")
    with pytest.raises(LocalWikiError, match="protect|create"):  # not written yet: a player cannot create it
        local_wiki.edit_as(local_wiki.plain, settings.constraints, "* Coins: off")
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")   # Admins can
    assert any("whoever can edit it can stop the bot" in line for line in said)


def test_setup_without_the_right_names_the_pages_for_an_admin(local_wiki, tmp_path, wiki_title):
    from wikibot.setup import setup
    from wikibot.site import Wiki

    settings = _setup_settings(tmp_path, wiki_title("Setup"))
    said: list[str] = []
    pages = setup(Wiki(local_wiki.site(), settings), protect_pages=True, ask=None, say=said.append)
    assert not any(p.done for p in pages) and settings.log not in {p.title for p in pages}
    assert any("ask an Admin to protect them" in line for line in said)
    local_wiki.edit_as(local_wiki.plain, settings.run, "true")      # nothing was protected


def test_the_console_says_once_a_cycle_that_the_ruleset_carries_unaccepted_edits(game, local_wiki, caplog):
    import logging

    capped(game, local_wiki)
    game.edit(local_wiki.plain, "cannot exceed 10", "cannot exceed 1000", "tidy", title=game.settings.ruleset)
    for n in range(4, 8):
        game.edit(local_wiki.plain, f"| PlainBob || {n - 1}", f"| PlainBob || {n}")
    with caplog.at_level(logging.INFO, logger="wikibot"):
        Patrol(game.wiki).cycle()
    said = [r for r in caplog.records if "carries edits no Admin has accepted" in r.getMessage()]
    assert len(said) == 1


def test_setup_saves_through_the_bots_checks_and_keeps_a_page_created_meanwhile(local_wiki, tmp_path, wiki_title):
    """wikibot setup writes through the save every edit of the bot's goes through: a page an Admin creates
    between setup's look and its save is kept as the Admin wrote it, and said so, not reported as created."""
    from wikibot.setup import setup
    from wikibot.site import Wiki

    settings = _setup_settings(tmp_path, wiki_title("Setup"))
    said: list[str] = []

    def say(line: str) -> None:
        said.append(line)
        if line == f"created   {settings.requests}":   # the run page is next: an Admin creates it first
            local_wiki.edit_as(local_wiki.admin, settings.run, "true")

    setup(Wiki(local_wiki.site(), settings), protect_pages=False, ask=None, say=say)
    assert f"kept      {settings.run} (created by someone else meanwhile)" in said
    assert f"created   {settings.run}" not in said and local_wiki.wiki.page_text(settings.run) == "true"
    assert f"created   {settings.log}" in said and local_wiki.wiki.page_text(settings.log).startswith("What the bot")


def test_a_line_buried_under_more_player_edits_than_the_history_first_read_still_counts_for_nothing(
        game, local_wiki, monkeypatch):
    """A player's line on the constraints page followed by more of his own edits than the bot first reads of the
    page's history: the bot reads further back, to an Admin's edit, and the line still counts for nothing."""
    from wikibot import trust

    page = player_line_pending(game, local_wiki, monkeypatch)
    for n in range(4):  # more than HISTORY edits on top of it
        local_wiki.edit_as(local_wiki.plain, page, f"* Hat: off\n* Coins: off\n<!-- tidy {n} -->\n", "tidying")
    state = trust.Trust(game.wiki).accepted(page)
    assert not state.clean and state.text(trust.Trust(game.wiki).text).strip() == "* Hat: off"
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    assert (rich, UNDONE) in found(Patrol(game.wiki).cycle())


def test_a_players_line_under_an_admins_edit_and_more_of_her_edits_than_the_history_read_counts_for_nothing(
        game, local_wiki, monkeypatch, tmp_path):
    """The look-back's blind spot: a player's line, an Admin's unrelated edit on top, then as many of her own
    edits as make the bot's first read of the history end at the Admin's edit, whose parent holds the line:
    that parent is not taken as accepted. The bot reads back to the state it remembers (its state directory), or with the
    state lost to the page's creation; where neither is within reach it reads the page as holding no line at
    all, and says an Admin should accept it."""
    import dataclasses

    from wikibot import trust
    from wikibot.site import Wiki

    page = player_line_pending(game, local_wiki, monkeypatch)
    local_wiki.edit_as(local_wiki.admin, page, "<!-- corrections -->\n* Hat: off\n* Coins: off\n", "a heading")
    for n in range(trust.HISTORY - 1):  # the first read of the history ends at the Admin's edit
        local_wiki.edit_as(local_wiki.plain, page, f"<!-- corrections -->\n* Hat: off\n* Coins: off\n<!-- {n} -->\n")
    # the state directory lost: read back to the page's creation
    lost = Wiki(game.wiki.site, dataclasses.replace(game.settings, state_dir=tmp_path / "lost"))
    state = trust.Trust(lost).accepted(page)
    assert not state.clean and state.text(trust.Trust(lost).text) == "<!-- corrections -->\n* Hat: off"
    # no known point within the deepest look-back: the page is not read as Admins left it, and none of it counts
    monkeypatch.setattr(trust, "DEEPEST", trust.HISTORY + 1)   # short of the creation
    gone = Wiki(game.wiki.site, dataclasses.replace(game.settings, state_dir=tmp_path / "gone"))
    with pytest.raises(trust.NotKnown, match="an Admin should accept the page"):
        trust.Trust(gone).accepted(page)
    assert trust.read_overrides(gone) == []
    # the bot's own state directory: the state remembered at the Admin's first edit; the line counts for nothing
    rich = game.edit(local_wiki.plain, "| PlainBob || 3", "| PlainBob || 500", "payday")
    assert (rich, UNDONE) in found(Patrol(game.wiki).cycle())
    assert "| PlainBob || 3" in game.text()

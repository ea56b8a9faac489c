"""The accepted text of a page only Admins may change: it moves only by an Admin's act or the bot's own edit."""

from __future__ import annotations

import pytest

from actions.accepted import Revision, sha1, walk

RULES = "== Coins ==\nCoins cannot exceed 10.\n\n== Hats ==\nA Hat is a Fez or a Top.\n\n== Gems ==\nGems are red.\n"


class Page:
    """A page's history built edit by edit, as the wiki would list it."""

    def __init__(self, text: str, user: str = "Admin"):
        self.texts: dict[int, str] = {}
        self.revisions: list[Revision] = []
        self.asked: list[int] = []
        self.edit(user, text)

    def edit(self, user: str, text: str, comment: str = "") -> int:
        revid = len(self.revisions) + 1
        self.texts[revid] = text
        trusted = user in ("Admin", "Bot")
        self.revisions.append(Revision(revid, revid - 1, user, comment, sha1(text), trusted, user == "Admin"))
        return revid

    def change(self, user: str, old: str, new: str, comment: str = "") -> int:
        current = self.texts[len(self.revisions)]
        assert old in current
        return self.edit(user, current.replace(old, new, 1), comment)

    def text(self, revid: int) -> str:
        self.asked.append(revid)
        return self.texts[revid]

    def accepted(self, revid: int | None = None):
        states = walk(self.revisions, self.text)
        state = states[revid or len(self.revisions)]
        return state, state.text(self.text)


def test_trusted_edits_only_move_the_page_and_no_text_is_read():
    page = Page(RULES)
    page.change("Bot", "exceed 10", "exceed 12", "Enacted “More”")
    page.change("Admin", "red", "blue", "Enacting Proposal: Blue")
    state, text = page.accepted()
    assert state.clean and text == page.texts[3] and page.asked == [3]


def test_a_players_edit_does_not_count_whatever_its_summary_says():
    page = Page(RULES)
    raised = page.change("Player", "exceed 10", "exceed 1000", "Enacting Proposal: Nothing Known")
    state, text = page.accepted()
    assert not state.clean and [r.revid for r in state.pending] == [raised]
    assert text == RULES and state.unaccepted() == f"[[Special:Diff/{raised}]] by Player"


def test_an_unrelated_enactment_on_top_carries_only_its_own_change():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    page.change("Bot", "Gems are red.", "Gems are red or green.", "Enacted “Green”")
    state, text = page.accepted()
    assert "exceed 10." in text and "red or green" in text
    assert not state.clean and [r.user for r in state.pending] == ["Player"]


def test_an_admins_wording_fix_on_top_does_not_take_the_players_edit_in():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    page.change("Admin", "A Hat is", "Each Hat is", "wording")
    state, text = page.accepted()
    assert "exceed 10." in text and "Each Hat is" in text and not state.clean


def test_an_admins_accept_takes_the_page_whole():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    page.change("Admin", "Gems are red.", "Gems are red.\n", "Accept Special:Diff/2")
    state, text = page.accepted()
    assert state.clean and "exceed 1000" in text


def test_an_admins_revert_is_accepted_and_a_player_undoing_her_own_edit_leaves_nothing_pending():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    page.change("Player", "Fez", "Cap")
    reverted = page.edit("Admin", RULES, "Revert")
    assert page.accepted(reverted)[0].clean
    page.change("Player", "red", "gold")
    own = page.change("Player", "gold", "red")
    state, text = page.accepted(own)
    assert state.clean and text == RULES


def test_a_trusted_change_that_touches_an_unaccepted_line_is_not_carried():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    clash = page.change("Bot", "Coins cannot exceed 1000.", "Coins cannot exceed 1000 or fall below 0.")
    state, text = page.accepted()
    assert text == RULES and [r.revid for r in state.uncarried] == [clash]


def test_a_later_trusted_edit_that_puts_the_accepted_text_back_cleans_the_page():
    page = Page(RULES)
    page.change("Player", "exceed 10", "exceed 1000")
    page.change("Bot", "exceed 1000", "exceed 10", "Undid revision 2")
    state, text = page.accepted()
    assert state.clean and text == RULES


# --------------------------------------------------------------------------- the page before the revisions looked at

def buried(page: Page) -> tuple[int, int]:
    """A player's raise, an Admin's unrelated edit on top, then more of the player's edits: (raise, Admin's edit)."""
    raised = page.change("Player", "exceed 10", "exceed 1000")
    admins = page.change("Admin", "Gems are red.", "Gems are red or blue.", "wording")
    for n in range(3):
        page.edit("Player", page.texts[len(page.revisions)] + f"<!-- tidy {n} -->\n")
    return raised, admins


def test_the_page_before_the_revisions_looked_at_is_not_taken_as_accepted():
    """A look-back that starts at an Admin's edit on top of a player's raise knows nothing: the raise is not
    taken in because the window begins after it."""
    page = Page(RULES)
    _raised, admins = buried(page)
    window = page.revisions[admins - 1:]          # from the Admin's edit on: its parent holds the raise
    states = walk(window, page.text)
    assert all(not s.known and not s.clean for s in states.values()) and page.asked == []
    with pytest.raises(ValueError):
        states[len(page.revisions)].text(page.text)


def test_a_remembered_state_before_the_window_keeps_the_buried_raise_pending():
    page = Page(RULES)
    page.change("Bot", "a Fez or a Top", "a Fez, a Cap or a Top", "Enacted “Caps”")
    before = len(page.revisions)
    raised, admins = buried(page)
    remembered = walk(page.revisions[:before], page.text)[before]     # an earlier turn's state: clean
    states = walk(page.revisions[before - 1:], page.text, remembered)
    state = states[len(page.revisions)]
    assert state.known and not state.clean and [r.revid for r in state.pending][0] == raised
    assert "exceed 10." in state.text(page.text) and "red or blue" in state.text(page.text)
    # the state as of that revision, remembered later (unclean: its own text), is a start as good
    later = walk(page.revisions[admins - 1:], page.text, states[admins])[len(page.revisions)]
    assert later.known and later.own_text == state.own_text and later.pending[0].revid == raised


def test_an_admins_accept_or_restore_in_the_window_is_a_known_point():
    page = Page(RULES)
    _raised, admins = buried(page)
    accepted = page.change("Admin", "== Gems ==", "\n== Gems ==", "Accept")
    after = page.change("Player", "exceed 1000", "exceed 5000")
    states = walk(page.revisions[admins - 1:], page.text)
    assert not states[accepted - 1].known and states[accepted].clean
    assert "exceed 1000." in states[after].text(page.text) and [r.revid for r in states[after].pending] == [after]
    # an Admin's restore of an earlier text counts as well; the bot's does not
    page = Page(RULES)
    _raised, admins = buried(page)
    by_bot = page.edit("Bot", page.texts[admins], "Revert to revision %d" % admins)
    restored = page.edit("Admin", page.texts[admins + 1], "Revert to revision %d" % (admins + 1))
    states = walk(page.revisions[admins - 1:], page.text)
    assert not states[by_bot].known and states[restored].clean


def test_the_states_remembered_in_the_state_directory_come_back_as_walked_and_old_ones_are_dropped(tmp_path):
    from wikibot.known import Known

    page = Page(RULES)
    raised, admins = buried(page)
    states = walk(page.revisions, page.text)
    Known(tmp_path / "accepted.sqlite").keep("Ruleset", False, states.values(), oldest=1)
    store = Known(tmp_path / "accepted.sqlite")
    assert store.revids("Ruleset", False) == set(states) and store.revids("Ruleset", True) == set()
    assert store.get("Ruleset", False, len(page.revisions)) == states[len(page.revisions)]
    assert store.get("Ruleset", False, 1).clean and store.get("Ruleset", False, raised).pending[0].revid == raised
    store.keep("Ruleset", False, [], oldest=admins)          # nothing known: nothing forgotten either
    assert store.revids("Ruleset", False) == set(states)
    unknown = walk(page.revisions[admins - 1:], page.text)
    store.keep("Ruleset", False, list(unknown.values()) + [states[admins]], oldest=admins)
    assert store.revids("Ruleset", False) == {r for r in states if r >= admins}

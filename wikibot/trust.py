"""Who is an Admin, and what the pages only Admins may change say as Admins left them.

One :class:`Trust` serves one poll of the request desk or one cycle of the patrol: what it learns
(who is a sysop, the pages' histories, revision texts) is kept for that turn only, so that a change
on the wiki counts from the next turn on.

* **Admins** are the wiki's ``sysop`` group, and the accounts listed on the optional ``[pages]
  admins`` page — as the wiki's sysops last left that page: a name a player adds to it makes no one
  an Admin (:func:`actions.accepted.walk`, with only sysops trusted).
* **The accepted text** of the Ruleset and of the constraints page is the page as Admins and the bot
  left it (:mod:`actions.accepted`): an edit by anyone else does not count until an Admin accepts
  it. The page's latest :data:`HISTORY` revisions are looked at (who made them, their summaries and
  checksums: one API request), and further back, :data:`FURTHER` at a time, until they reach a known
  point: a revision whose accepted state the bot remembers from an earlier turn
  (:mod:`wikibot.known`, in the state directory: normally the newest revision of the last turn, so no
  further read), the page's creation, or an Admin's Accept or restore. Never is the page before the
  revisions read taken as accepted: a player's edit with a trusted edit on top and many more edits
  on that is still found pending. Beyond :data:`DEEPEST` revisions without a known point the page
  cannot be read as Admins left it: :class:`NotKnown` is raised, and each caller fails closed (the
  constraints page and the Admins page count as empty, a gamestate edit judged by such a Ruleset is
  reported for humans, not passed) and says that an Admin should accept the page. Revision texts are
  read only where an edit by someone else was followed by a trusted one, whose own change must then
  be carried onto the accepted text.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable

from actions import accepted as acc
from parsers.errors import WIKI, WikibotError
from wikibot import known as known_mod

log = logging.getLogger("wikibot")

#: Revisions of a page looked at to find what Admins left, at first: further back only until they reach a
#: known point (a remembered state, the page's creation, an Admin's Accept or restore).
HISTORY = 50
#: Revisions read at a time beyond the first :data:`HISTORY` (MediaWiki's most for ``rvlimit``).
FURTHER = 500
#: The most revisions looked at: without a known point among them the page cannot be read as Admins left it
#: (:class:`NotKnown`), never is it taken as accepted.
DEEPEST = 2000
#: Users asked about in one API request (MediaWiki's limit for ``list=users``).
USERS_PER_REQUEST = 50
#: Revision texts read in one API request.
TEXTS_PER_REQUEST = 50


def history_query(title: str, depth: int = HISTORY) -> dict[str, Any]:
    """The API query for a page's latest ``depth`` revisions as :class:`Trust` reads them: ids, authors, times,
    summaries and checksums, no text."""
    return {"action": "query", "prop": "revisions", "titles": title, "rvprop": "ids|user|timestamp|comment|sha1",
            "rvlimit": depth}


class TextHidden(WikibotError):
    """A revision whose text the bot needs cannot be read (hidden or deleted)."""

    kind = WIKI


class NotKnown(TextHidden):
    """No known point (a remembered state, the page's creation, an Admin's Accept or restore) among the
    revisions looked at: what Admins left on the page cannot be told, and nothing on it is taken as accepted."""


class Trust:
    """``wiki``: the :class:`wikibot.site.Wiki` whose API it asks (it needs ``api``, ``username`` and
    ``settings``; the site module asks a Trust who is an Admin, so this module does not import it)."""

    def __init__(self, wiki: Any, *, history: int | None = None, latest: dict | None = None):
        self.wiki = wiki
        self.depth = HISTORY if history is None else history
        self.latest = latest or {}      # the pages' latest revisions, as the turn's first look found them
        self._sysop: dict[str, bool] = {}
        self._listed: set[str] | None = None
        self._histories: dict[str, list[dict]] = {}
        self._texts: dict[int, str | None] = {}
        self._walks: dict[tuple[str, bool], dict[int, acc.Accepted]] = {}
        self._remembered: dict[tuple[str, bool], set[int]] = {}
        self._first: dict[str, dict] = {}      # a page's first history answer, read with the turn's other reads

    # ------------------------------------------------------------------ who is an Admin
    def sysops(self, users: Iterable[str]) -> set[str]:
        """Those of ``users`` in the wiki's sysop group (asked in bulk, each user once a turn)."""
        users = [u for u in dict.fromkeys(users) if u]
        unknown = [u for u in users if u not in self._sysop]
        for start in range(0, len(unknown), USERS_PER_REQUEST):
            batch = unknown[start:start + USERS_PER_REQUEST]
            data = self.wiki.api("looking up " + ", ".join(batch), action="query", list="users",
                                 ususers="|".join(batch), usprop="groups")
            found = {u.get("name", ""): u for u in data.get("query", {}).get("users", [])}
            for user in batch:
                info = found.get(user) or found.get(user[:1].upper() + user[1:]) or {}
                self._sysop[user] = (info.get("missing") is None and info.get("invalid") is None
                                     and "sysop" in info.get("groups", []))
        return {u for u in users if self._sysop.get(u)}

    def listed(self) -> set[str]:
        """The names on the ``[pages] admins`` page as the wiki's sysops last left it (casefolded)."""
        if self._listed is None:
            self._listed = set()
            title = self.wiki.settings.admins
            if title:
                try:
                    state = self.accepted(title, sysops_only=True)
                except NotKnown as error:
                    log.warning("“%s” lists no Admins until a sysop accepts it: %s", title, error)
                    state = None
                if state is not None:
                    self._listed = admin_names(state.text(self.text))
        return self._listed

    def admins(self, users: Iterable[str]) -> set[str]:
        users = list(users)
        listed = self.listed() if self.wiki.settings.admins else set()
        return self.sysops(users) | {u for u in users if u and u.casefold() in listed}

    def is_admin(self, user: str) -> bool:
        return bool(user) and user in self.admins([user])

    def trusted(self, user: str) -> bool:
        """The bot itself or an Admin: whose own change of a page only Admins may change counts."""
        return user == self.wiki.username or self.is_admin(user)

    # ------------------------------------------------------------------ histories and texts
    def history(self, title: str) -> list[dict]:
        """The page's latest :data:`HISTORY` revisions (revid, parentid, user, timestamp, comment, sha1), and
        older ones back to a known point (:meth:`_read_history`), newest first; read once a turn, and not at all when the turn's first look found the page at the
        revision the bot read its history at before (:class:`wikibot.site.Memory`), or missing."""
        if title not in self._histories:
            seen = self.latest.get(title)
            remembered = self.wiki.memory.histories.get(title)
            if seen is not None and seen.revid is None:
                self._histories[title] = []          # the page does not exist
            elif seen is not None and remembered is not None and remembered[:2] == (seen.revid, self.depth):
                self._histories[title] = remembered[2]
            else:
                revisions = self._read_history(title, self._first.pop(title, None))
                self._histories[title] = revisions
                if revisions:
                    self.wiki.memory.histories[title] = (int(revisions[0]["revid"]), self.depth, revisions)
        return self._histories[title]

    def _read_history(self, title: str, first: dict | None = None) -> list[dict]:
        """The latest :data:`HISTORY` revisions, and older ones until they reach a known point (:meth:`_reaches_known`):
        a pending edit buried under later edits, trusted or not, is still found pending. At most :data:`DEEPEST`.
        ``first``: the answer to the first of these queries (:func:`history_query`), when the turn read it already."""
        params: dict[str, Any] = history_query(title, self.depth)
        revisions: list[dict] = []
        sysops_only = title == getattr(self.wiki.settings, "admins", None)
        while True:
            data = first if first is not None else self.wiki.api(f"reading the history of “{title}”", **params)
            first = None
            revisions += _revisions_of(data)
            if "continue" not in data or not revisions or self._reaches_known(title, revisions, sysops_only):
                return revisions     # no "continue": the oldest read is the page's creation
            if len(revisions) >= DEEPEST:
                log.warning("“%s”: none of its latest %d revisions is a known point (a revision the bot read before, "
                            "the page's creation, an Admin's Accept or restore): what Admins left on it cannot be "
                            "told until an Admin accepts it", title, len(revisions))
                return revisions
            params.update(data["continue"], rvlimit=min(FURTHER, DEEPEST - len(revisions)))

    def _reaches_known(self, title: str, revisions: list[dict], sysops_only: bool) -> bool:
        """Whether the revisions read (newest first) hold a point the accepted text is known from: one whose
        state is remembered (:mod:`wikibot.known`), or an Admin's Accept or restore
        (:func:`actions.accepted.accepts_whole`). Only the authors of Accept-like or restoring revisions are
        asked about."""
        remembered = self._remembered_revids(title, sysops_only)
        if any(int(rev["revid"]) in remembered for rev in revisions):
            return True
        candidates: list[dict] = []
        older: set[str] = set()
        for rev in reversed(revisions):
            if rev.get("user") and (acc.ACCEPT.match(rev.get("comment", "") or "") or rev.get("sha1") in older):
                candidates.append(rev)
            older.add(rev.get("sha1", ""))
        if not candidates:
            return False
        users = [rev["user"] for rev in candidates if rev["user"] != self.wiki.username]
        admins = self.sysops(users) if sysops_only else self.admins(users)
        return any(rev["user"] in admins for rev in candidates)

    def _remembered_revids(self, title: str, sysops_only: bool) -> set[int]:
        key = (title, sysops_only)
        if key not in self._remembered:
            store = known_mod.Known.open(self.wiki.settings.state_dir)
            try:
                self._remembered[key] = store.revids(title, sysops_only) if store else set()
            finally:
                if store:
                    store.close()
        return self._remembered[key]

    def known_authors(self, title: str) -> list[str]:
        """The authors of the page's history the bot holds at the revision the turn's first look found (or read
        with it, :meth:`read_with`): whose groups a turn asks for with its other reads, before the history is
        walked."""
        if title in self._first:
            held = _revisions_of(self._first[title])
        else:
            seen, remembered = self.latest.get(title), self.wiki.memory.histories.get(title)
            if seen is None or remembered is None or remembered[0] != seen.revid:
                return []
            held = remembered[2]
        return [rev.get("user", "") for rev in held if rev.get("user", "") != self.wiki.username]

    def read_with(self, title: str, answer: dict) -> None:
        """The answer to the first query of the page's history (:func:`history_query` at this Trust's depth), sent
        by the turn with its other reads: the history starts from it (and goes further back only as it would),
        when it starts at the latest revision the turn's look found."""
        revisions, seen = _revisions_of(answer), self.latest.get(title)
        if not revisions or seen is None or seen.revid != int(revisions[0]["revid"]):
            return
        if "continue" in answer:
            self._first[title] = answer
        else:   # the page's whole history: held for the turns after this one as if this turn had walked it
            self.wiki.memory.histories[title] = (seen.revid, self.depth, revisions)

    def learn(self, groups: dict[str, set[str] | None]) -> None:
        """Users' groups the turn read with its other reads (:meth:`wikibot.site.Wiki.fetch`)."""
        for user, found in groups.items():
            self._sysop.setdefault(user, found is not None and "sysop" in found)

    def know(self, revid: int, text: str | None) -> None:
        """A revision's text the caller read already."""
        self._texts.setdefault(revid, text)

    def fetch(self, revids: Iterable[int]) -> None:
        """Read the texts of these revisions, :data:`TEXTS_PER_REQUEST` a request (hidden ones as None)."""
        wanted = sorted({r for r in revids if r and r not in self._texts})
        for start in range(0, len(wanted), TEXTS_PER_REQUEST):
            batch = wanted[start:start + TEXTS_PER_REQUEST]
            data = self.wiki.api("reading revisions " + ", ".join(map(str, batch[:5])), action="query",
                                 prop="revisions", revids="|".join(map(str, batch)), rvprop="ids|content",
                                 rvslots="main")
            query = data.get("query", {})
            pages = query.get("pages", [])
            for page in pages.values() if isinstance(pages, dict) else pages:
                for rev in page.get("revisions", []):
                    slot = rev.get("slots", {}).get("main", {})
                    hidden = "texthidden" in slot or "texthidden" in rev
                    self._texts[int(rev["revid"])] = None if hidden else slot.get("content", slot.get("*"))
            for revid in batch:
                self._texts.setdefault(revid, None)

    def text(self, revid: int) -> str:
        self.fetch([revid])
        text = self._texts.get(revid)
        if text is None:
            raise TextHidden(f"The text of revision {revid} cannot be read (hidden or deleted), so the bot cannot "
                            "tell what Admins left on that page; an Admin should accept the page as it stands "
                            "(an edit with a summary starting “Accept”).")
        return text

    # ------------------------------------------------------------------ accepted texts
    def accepted(self, title: str, revid: int | None = None, *, sysops_only: bool = False) -> acc.Accepted | None:
        """The accepted text of ``title`` as of revision ``revid`` (default: the latest); None when the page
        does not exist. :class:`NotKnown` when the revisions looked at hold no known point before ``revid``
        (or ``revid`` is older than them): never is a revision taken as accepted for want of history. The
        states reached are remembered (:mod:`wikibot.known`), for the next turn to start from."""
        history = self.history(title)
        if not history:
            return None
        if revid is not None and revid > int(history[0]["revid"]):
            self._histories.pop(title, None)      # edited since the history was read: read it again
            self._walks.pop((title, sysops_only), None)
            history = self.history(title)
        revid = int(history[0]["revid"]) if revid is None else revid
        key = (title, sysops_only)
        if key not in self._walks:
            revisions = self._revisions(history, sysops_only)
            start = self._start(title, sysops_only, revisions)
            begin = next((i for i, r in enumerate(revisions) if start is not None and r.revid == start.revid), 0)
            untrusted = [i for i, r in enumerate(revisions) if not r.trusted and i > begin]
            if untrusted and any(r.trusted for r in revisions[untrusted[0]:]):
                # a trusted edit after an untrusted one: its change is carried, from texts read in batches
                first = revisions[untrusted[0]]
                self.fetch([first.parent] + [r.revid for r in revisions[untrusted[0]:]])
            self._walks[key] = states = acc.walk(revisions, self.text, start)
            self._remember(title, sysops_only, states, revisions[0].revid)
        state = self._walks[key].get(revid)
        if state is None or not state.known:
            raise NotKnown(f"What Admins left on “{title}” as of revision {revid} cannot be told: the bot found no "
                           f"known point before it in the {len(history)} latest revisions (a revision it read "
                           "before, the page's creation, an Admin's Accept or restore), so none of the edits is taken as "
                           "accepted; an Admin should accept the page as it stands (an edit of it with a summary "
                           "starting “Accept”).")
        return state

    def _start(self, title: str, sysops_only: bool, revisions: list[acc.Revision]) -> acc.Accepted | None:
        """The remembered state the walk starts from: the oldest of the revisions read that has one."""
        remembered = self._remembered_revids(title, sysops_only)
        oldest = next((r.revid for r in revisions if r.revid in remembered), None)
        if oldest is None:
            return None
        store = known_mod.Known.open(self.wiki.settings.state_dir)
        if store is None:
            return None
        try:
            return store.get(title, sysops_only, oldest)
        finally:
            store.close()

    def _remember(self, title: str, sysops_only: bool, states: dict[int, acc.Accepted], oldest: int) -> None:
        if not any(s.known for s in states.values()):
            return
        store = known_mod.Known.open(self.wiki.settings.state_dir)
        if store is None:
            return
        try:
            store.keep(title, sysops_only, states.values(), oldest)
            self._remembered[(title, sysops_only)] = store.revids(title, sysops_only)
        finally:
            store.close()

    def _revisions(self, history: list[dict], sysops_only: bool) -> list[acc.Revision]:
        bot = self.wiki.username
        users = [rev.get("user", "") for rev in history if rev.get("user", "") != bot]
        admins = self.sysops(users) if sysops_only else self.admins(users)
        return [acc.Revision(int(rev["revid"]), int(rev.get("parentid") or 0), rev.get("user", ""),
                             rev.get("comment", ""), rev.get("sha1", ""),
                             trusted=rev.get("user", "") in admins or rev.get("user", "") == bot,
                             admin=rev.get("user", "") in admins)
                for rev in reversed(history)]

def _revisions_of(answer: dict) -> list[dict]:
    pages = answer.get("query", {}).get("pages", [])
    return [rev for page in (pages.values() if isinstance(pages, dict) else pages) for rev in page.get("revisions", [])]


def read_overrides(wiki: Any, trust: "Trust | None" = None) -> list:
    """The Admins' corrections to the inferred constraints (the constraints page) as Admins left it: an edit
    by anyone else counts only once an Admin accepts it. Lines that cannot be read are logged and left out,
    the others apply."""
    import logging

    from actions.constraints import OverrideError, parse_overrides

    log = logging.getLogger("wikibot")
    trust = trust or Trust(wiki)
    title = wiki.settings.constraints
    try:
        state = trust.accepted(title)
    except NotKnown as error:
        log.warning("none of the lines of “%s” applies until an Admin accepts it: %s", title, error)
        return []
    if state is None:
        return []
    if not state.clean:
        log.info("“%s” carries edits no Admin has accepted (%s): read as Admins left it", title, state.unaccepted())
    try:
        return parse_overrides(state.text(trust.text), page=title)
    except OverrideError as error:
        log.warning("lines of “%s” skipped: %s", title, error)
        return error.parsed


def admin_names(text: str) -> set[str]:
    """The names an Admins page lists: a ``[[User:Name]]`` link or a ``* Name`` bullet a line (casefolded)."""
    import re

    names = {m.strip().casefold() for m in re.findall(r"\[\[\s*User:([^|\]]+)", text, re.I)}
    names |= {m.strip().casefold() for m in re.findall(r"^\*\s*([^\[\]\n]+?)\s*$", text, re.M)}
    return names


__all__ = ["Trust", "TextHidden", "NotKnown", "read_overrides", "admin_names", "history_query", "HISTORY"]

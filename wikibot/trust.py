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
  checksums: one API request), and further back, :data:`FURTHER` at a time, while the oldest of them is
  an edit by someone else — never is a player's edit taken as accepted because more edits were piled
  on it — up to :data:`DEEPEST`; revision texts are read only where an edit by someone else was
  followed by a trusted one, whose own change must then be carried onto the accepted text.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable

from actions import accepted as acc
from parsers.errors import WIKI, WikibotError

log = logging.getLogger("wikibot")

#: Revisions of a page looked at to find what Admins left, at first: further back only while the oldest is
#: an edit by someone other than an Admin or the bot.
HISTORY = 50
#: Revisions read at a time beyond the first :data:`HISTORY` (MediaWiki's most for ``rvlimit``).
FURTHER = 500
#: The most revisions looked at: an edit further back counts as accepted (a warning says so).
DEEPEST = 2000
#: Users asked about in one API request (MediaWiki's limit for ``list=users``).
USERS_PER_REQUEST = 50
#: Revision texts read in one API request.
TEXTS_PER_REQUEST = 50


class TextHidden(WikibotError):
    """A revision whose text the bot needs cannot be read (hidden or deleted)."""

    kind = WIKI


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
                state = self.accepted(title, sysops_only=True)
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
        """The page's latest :data:`HISTORY` revisions (revid, parentid, user, timestamp, comment, sha1),
        newest first; read once a turn, and not at all when the turn's first look found the page at the
        revision the bot read its history at before (:class:`wikibot.site.Memory`), or missing."""
        if title not in self._histories:
            seen = self.latest.get(title)
            remembered = self.wiki.memory.histories.get(title)
            if seen is not None and seen.revid is None:
                self._histories[title] = []          # the page does not exist
            elif seen is not None and remembered is not None and remembered[:2] == (seen.revid, self.depth):
                self._histories[title] = remembered[2]
            else:
                revisions = self._read_history(title)
                self._histories[title] = revisions
                if revisions:
                    self.wiki.memory.histories[title] = (int(revisions[0]["revid"]), self.depth, revisions)
        return self._histories[title]

    def _read_history(self, title: str) -> list[dict]:
        """The latest :data:`HISTORY` revisions, and older ones while the oldest read is not an Admin's or the bot's
        (a pending edit buried under later edits is still found pending), at most :data:`DEEPEST`."""
        params: dict[str, Any] = {"action": "query", "prop": "revisions", "titles": title,
                                  "rvprop": "ids|user|timestamp|comment|sha1", "rvlimit": self.depth}
        revisions: list[dict] = []
        sysops_only = title == getattr(self.wiki.settings, "admins", None)

        def trusted(user: str) -> bool:
            return user == self.wiki.username or bool(self.sysops([user]) if sysops_only else self.is_admin(user))

        while True:
            data = self.wiki.api(f"reading the history of “{title}”", **params)
            pages = data.get("query", {}).get("pages", [])
            pages = pages.values() if isinstance(pages, dict) else pages
            revisions += [rev for page in pages for rev in page.get("revisions", [])]
            if "continue" not in data or not revisions or trusted(revisions[-1].get("user", "")):
                return revisions
            if len(revisions) >= DEEPEST:
                log.warning("“%s”: none of its latest %d revisions is an Admin's or the bot's; what lies further "
                            "back counts as accepted", title, len(revisions))
                return revisions
            params.update(data["continue"], rvlimit=min(FURTHER, DEEPEST - len(revisions)))

    def known_authors(self, title: str) -> list[str]:
        """The authors of the page's history the bot holds at the revision the turn's first look found: whose
        groups a turn asks for with its other reads, before the history is walked."""
        seen, remembered = self.latest.get(title), self.wiki.memory.histories.get(title)
        if seen is None or remembered is None or remembered[0] != seen.revid:
            return []
        return [rev.get("user", "") for rev in remembered[2] if rev.get("user", "") != self.wiki.username]

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
        does not exist. A revision older than the history looked at counts as accepted."""
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
            untrusted = [i for i, r in enumerate(revisions) if not r.trusted]
            if untrusted and any(r.trusted for r in revisions[untrusted[0]:]):
                # a trusted edit after an untrusted one: its change is carried, from texts read in batches
                first = revisions[untrusted[0]]
                self.fetch([first.parent] + [r.revid for r in revisions[untrusted[0]:]])
            self._walks[key] = acc.walk(revisions, self.text)
        return self._walks[key].get(revid) or acc.Accepted(revid, None)

    def _revisions(self, history: list[dict], sysops_only: bool) -> list[acc.Revision]:
        bot = self.wiki.username
        users = [rev.get("user", "") for rev in history if rev.get("user", "") != bot]
        admins = self.sysops(users) if sysops_only else self.admins(users)
        return [acc.Revision(int(rev["revid"]), int(rev.get("parentid") or 0), rev.get("user", ""),
                             rev.get("comment", ""), rev.get("sha1", ""),
                             trusted=rev.get("user", "") in admins or rev.get("user", "") == bot,
                             admin=rev.get("user", "") in admins)
                for rev in reversed(history)]

def read_overrides(wiki: Any, trust: "Trust | None" = None) -> list:
    """The Admins' corrections to the inferred constraints (the constraints page) as Admins left it: an edit
    by anyone else counts only once an Admin accepts it. Lines that cannot be read are logged and left out,
    the others apply."""
    import logging

    from actions.constraints import OverrideError, parse_overrides

    log = logging.getLogger("wikibot")
    trust = trust or Trust(wiki)
    title = wiki.settings.constraints
    state = trust.accepted(title)
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


__all__ = ["Trust", "TextHidden", "read_overrides", "admin_names", "HISTORY"]

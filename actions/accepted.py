"""The accepted text of a page only Admins may change: the text as Admins (and the bot) left it.

A page the bot obeys — the Ruleset whose limits the guard enforces, the constraints page, the list
of Admins — counts only as an Admin left it. Anyone can type on a wiki page; what a player writes
there moves nothing until an Admin acts. Pure: the page's revisions (who made each, its summary,
its checksum) and a way to get a revision's text in; the accepted text after each revision out.

The accepted text moves only by a trusted act:

* an **Admin's Accept**: an Admin's revision whose summary starts with ``Accept`` makes the page as
  that revision holds it the accepted text, whatever it changed (any real revision will do);
* an **Admin's restore**: an Admin's revision that puts back the exact text of an earlier revision
  (a revert; found by the revisions' checksums) is accepted whole, like an Accept;
* any other **trusted edit** (an Admin's or the bot's own): its own change — the diff from its parent
  to it — is carried onto the accepted text (:func:`actions.reverse_patch.reverse_onto`, whole lines
  found exactly once). An edit whose change cannot be carried (it touches lines that edits nobody
  accepted changed) leaves the accepted text as it was and is named in :attr:`Accepted.uncarried`.

Edits by anyone else are **pending**: the accepted text stays as it was, whatever their summary
says, until a trusted act above takes them in. A trusted edit on top of a pending one does not take
it in by being on top: only its own change counts. A pending edit whose text is the accepted text
(a player undoing her own edit) leaves nothing pending.

The page before the first revision looked at is **never taken as accepted** on trust: the walk knows
the accepted text only from a known point on — the page's creation (the first revision looked at
has no parent), an Admin's Accept or restore, or a state the caller remembers from an earlier walk
(``start``: :mod:`wikibot.known`). Before such a point each revision's state is unknown
(:attr:`Accepted.known` false), whatever was edited on top: a player's edit followed by a trusted
edit and then by many more edits is not taken in because the look-back ends at the trusted one. The
caller decides how far back to look (:data:`wikibot.trust.HISTORY`, read further back to a known
point) and what an unknown state means (it refuses to read the page, and says an Admin should accept it).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Callable

from actions.reverse_patch import reverse_onto

#: An Admin's edit summary that accepts the page as it stands (an optional ``/* section */`` first).
ACCEPT = re.compile(r"\s*(?:/\*.*?\*/\s*)?accept", re.I)


def sha1(text: str) -> str:
    """The checksum MediaWiki gives a revision's text (``rvprop=sha1``)."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Revision:
    """One revision of the page, as its history lists it."""

    revid: int
    parent: int          # 0 for the page's creation
    user: str
    comment: str
    sha1: str
    trusted: bool        # the bot's own or an Admin's: its own change counts
    admin: bool          # an Admin's: may also accept or restore the page whole

    @property
    def diff_link(self) -> str:
        return f"[[Special:Diff/{self.revid}]]"


@dataclass
class Accepted:
    """The accepted text as of one revision of the page."""

    revid: int                                  # the page's revision
    own_text: str | None                        # the accepted text; None when it is the revision's own
    pending: list[Revision] = field(default_factory=list)    # edits by others not (yet) accepted
    uncarried: list[Revision] = field(default_factory=list)  # trusted edits whose change could not be carried
    known: bool = True                          # False: no known accepted point before it was looked at

    @property
    def clean(self) -> bool:
        """The page as it stands at :attr:`revid` is the accepted text (never so when it is not known)."""
        return self.known and self.own_text is None

    def text(self, text: Callable[[int], str]) -> str:
        """The accepted text (``text(revid)`` gives a revision's text)."""
        if not self.known:
            raise ValueError(f"the accepted text as of revision {self.revid} is not known")
        return text(self.revid) if self.own_text is None else self.own_text

    def unaccepted(self) -> str:
        """The edits that do not count: their diff links and authors."""
        return ", ".join(f"{r.diff_link} by {r.user}" for r in self.pending + self.uncarried)


def accepts_whole(revision: Revision, earlier: set[str]) -> bool:
    """An Admin's Accept, or an Admin's revision that puts back an earlier revision's exact text."""
    return revision.admin and (bool(ACCEPT.match(revision.comment or "")) or revision.sha1 in earlier)


def walk(revisions: list[Revision], text: Callable[[int], str], start: Accepted | None = None
         ) -> dict[int, Accepted]:
    """The accepted text after each of ``revisions`` (oldest first, each the parent of the next);
    ``text(revid)`` gives a revision's text and is asked only where the answer depends on it.

    Known only from a known point on: the page's creation (the first revision has no parent), ``start``
    (the accepted state as of one of the revisions, remembered from an earlier walk), or an Admin's
    Accept or restore. Revisions before any of them get an unknown state (``known=False``): the page
    before the first revision is never assumed accepted."""
    states: dict[int, Accepted] = {}
    earlier: set[str] = set()
    known = bool(revisions) and not revisions[0].parent       # the first revision creates the page
    clean_sum: str | None = sha1("") if known else None
    clean_rev = 0
    accepted: str | None = None        # None: the accepted text is revision clean_rev's own
    pending: list[Revision] = []
    uncarried: list[Revision] = []
    for r in revisions:
        if start is not None and r.revid == start.revid and start.known:
            known = True                   # remembered: the state as of this revision
            accepted, pending, uncarried = start.own_text, list(start.pending), list(start.uncarried)
        elif not known:
            if r.trusted and accepts_whole(r, earlier):
                known, accepted, pending, uncarried = True, None, [], []
            else:
                earlier.add(r.sha1)
                states[r.revid] = Accepted(r.revid, None, known=False)
                continue
        else:
            now = clean_sum if accepted is None else sha1(accepted)
            if r.sha1 == now or (r.trusted and (accepted is None or accepts_whole(r, earlier))):
                accepted, pending, uncarried = None, [], []     # the page is the accepted text again
            elif not r.trusted:
                if accepted is None:
                    accepted = text(clean_rev) if clean_rev else ""
                pending = pending + [r]
            else:
                carried = reverse_onto(text(r.parent) if r.parent else "", text(r.revid), accepted)
                if carried is None:
                    uncarried = uncarried + [r]
                elif sha1(carried) == r.sha1:
                    accepted, pending, uncarried = None, [], []
                else:
                    accepted = carried
        if accepted is None:
            clean_rev, clean_sum = r.revid, r.sha1
        earlier.add(r.sha1)
        states[r.revid] = Accepted(r.revid, accepted, list(pending), list(uncarried))
    return states

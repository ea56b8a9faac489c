"""Who added a request, and whether anyone but an Admin changed it since: read from the request page's history.

A request is the section under its heading; it was added by the revision whose parent lacks that
section (the newest such: a section that leaves the page and comes back is a new request), and a
change of what it asks made by anyone but an Admin (or the bot) since then makes it refused.

The history is read as little as the answer needs, so that a request costs about the same however
long the page's history, and however many edits came after it:

* the page's latest two revisions come with the turn's first read (a new request needs no more);
* beyond them, the revisions' ids and authors only (no text), by the hundred (:class:`History`);
* texts only where they decide: at an edit by someone who is neither an Admin nor the bot (it and the
  revision before it: did it add the request, or change it?), and at the ends of each run of edits by
  Admins and the bot (or of each batch of ids read, 8 and then 500). When the request is in the page at
  both ends of such a stretch it is taken to have stood through it (what trusted accounts did to it in
  between needs no check); when it is not, the stretch is halved until the revision that added it is
  found, one text a step.

So a request under 500 later edits by Admins costs the ids and authors of 500 revisions and two or three
texts, not 500 texts. An acknowledgement the bot wrote into a scheduled request (its summary, found among the
bot's own edits) ends the search for that request: who added it was checked then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from parsers import request_page

#: ids and authors of revisions asked for in one request (the first batch is small: most requests are new)
METADATA_FIRST = 8
METADATA_MOST = 500


@dataclass
class Origin:
    requester: str | None
    problem: str | None
    revid: int | None = None         # the revision of the request page that added the request
    timestamp: str | None = None     # its time (API format): the bot's work for it can only come after

    @property
    def tag(self) -> str:
        """What every edit the bot makes for this request carries in its summary (request_page.tag)."""
        return request_page.tag(self.revid) if self.revid else ""


NOT_FOUND = Origin(None, "the bot could not find who added this request in the page history")


@dataclass
class Entry:
    """One revision of the request page: its id, its parent's (0: the page's first), its author."""

    revid: int
    parent: int
    user: str
    timestamp: str | None = None


class History:
    """The request page's revisions, newest first, read as far as asked: ids and authors in batches, texts
    one revision (or two) at a time, each once. ``newest``: (revid, user, timestamp, summary, text) of the
    latest revisions as already read; ``older``: the revision before them (None: they reach the page's first).
    At most ``most`` revisions are looked at."""

    def __init__(self, wiki, title: str, newest: list[tuple], older: int | None, most: int):
        self.wiki, self.title, self.most = wiki, title, most
        self.entries: list[Entry] = []
        self.texts: dict[int, str | None] = {}
        parents = [n[0] for n in newest[1:]] + [older or 0]
        for (revid, user, timestamp, _summary, text), parent in zip(newest, parents):
            self.entries.append(Entry(revid, parent, user, timestamp))
            self.texts[revid] = text
        self._next = older            # the revision the next batch starts from (None: none left)
        self._size = METADATA_FIRST
        self._sections: dict[int, dict[str, str] | None] = {}
        self.requests = 0             # API requests sent (ids and texts)

    def entry(self, k: int) -> Entry | None:
        """The k-th newest revision (0: the latest); None beyond the page's first, or beyond ``most``."""
        while k >= len(self.entries) and self._next and len(self.entries) < self.most:
            self._batch()
        return self.entries[k] if k < len(self.entries) and k < self.most else None

    def listed(self, k: int) -> bool:
        """Whether the k-th newest revision is listed already, or is known to be beyond what is looked at (the
        page's first revision, or ``most``) — so that asking for it reads nothing."""
        return k < len(self.entries) or not self._next or k >= self.most

    def has_text(self, k: int) -> bool:
        """Whether the k-th newest revision is listed and its text read already."""
        return k < len(self.entries) and self.entries[k].revid in self.texts

    def first_of_page(self, k: int) -> bool:
        entry = self.entry(k)
        return entry is not None and not entry.parent

    def _batch(self) -> None:
        size = min(self._size, self.most - len(self.entries))
        self.requests += 1
        data = self.wiki.api(f"reading the history of “{self.title}”", action="query", prop="revisions",
                             titles=self.title, rvprop="ids|user", rvstartid=self._next, rvlimit=size)
        revisions = [rev for page in data.get("query", {}).get("pages", []) for rev in page.get("revisions", [])]
        for rev in revisions:
            self.entries.append(Entry(int(rev["revid"]), int(rev.get("parentid") or 0), rev.get("user", "")))
        last = self.entries[-1] if revisions else None
        self._next = last.parent if last is not None and last.parent else None
        self._size = METADATA_MOST

    def sections(self, *positions: int) -> list[dict[str, str] | None]:
        """The request sections (ident → what it asks, spaces folded) of the revisions at these positions, their
        texts read together where not yet known; None for a revision whose text is hidden."""
        wanted = [self.entries[k].revid for k in positions if self.entries[k].revid not in self.texts]
        if wanted:
            self.requests += 1
            fetched = self.wiki.fetch(f"reading revisions of “{self.title}”", revids=wanted)
            for revid in wanted:
                rev = fetched.revisions.get(revid)
                self.texts[revid] = rev.text if rev is not None else None
            for entry in self.entries:     # the time of a revision comes with its text (the ids come without)
                rev = fetched.revisions.get(entry.revid)
                if rev is not None:
                    entry.timestamp = rev.timestamp
        found = []
        for k in positions:
            revid = self.entries[k].revid
            if revid not in self._sections:
                text = self.texts.get(revid)
                asked: dict[str, str] = {}
                for ident, raw in request_page.sections(text) if text is not None else []:
                    asked.setdefault(ident, " ".join(raw.split()))
                self._sections[revid] = asked if text is not None else None
            found.append(self._sections[revid])
        return found


def trace(history: History, wanted: Iterable[str], trusted: Callable[[list[str]], set[str]],
          bot: str, acknowledged: Callable[[int], tuple[str, int, str] | None]) -> tuple[dict[str, Origin],
                                                                                       set[str], dict[str, str]]:
    """Who added each request ``wanted`` (idents in the latest revision), as far back as the history goes.
    ``trusted(users)``: those of the users who are Admins; ``acknowledged(revid)``: the bot's acknowledgement
    that revision holds (ident, request revid, requester), if it is one. Returns the origins found, the idents
    whose adding lies beyond the history looked at, and the problems found meanwhile (ident → why)."""
    found: dict[str, Origin] = {}
    beyond: set[str] = set()
    problems: dict[str, str] = {}
    for ident in wanted:
        origin = _trace_one(history, ident, trusted, bot, acknowledged, problems)
        if origin is None:
            beyond.add(ident)
        else:
            found[ident] = origin
    return found, beyond, problems


def _trace_one(history: History, ident: str, trusted: Callable[[list[str]], set[str]], bot: str,
               acknowledged: Callable, problems: dict[str, str]) -> Origin | None:
    """The origin of one request (None: added before the history looked at). Newest first: each revision by
    someone neither an Admin nor the bot is checked exactly against the one before it; across a stretch of
    the trusted's revisions the request's presence is looked at where the stretch ends, and where it is
    missing the revision that added it is found by halving."""
    admins: set[str] = set()
    asked_about: set[str] = set()

    def is_trusted(k: int) -> bool:
        user = history.entry(k).user
        if user == bot:
            return True
        if user not in asked_about:
            batch = [e.user for e in history.entries[k:k + METADATA_MOST] if e.user not in asked_about and e.user != bot]
            admins.update(trusted(batch))
            asked_about.update(batch)
        return user in admins

    def ack(k: int) -> tuple[str, int, str] | None:
        entry = history.entry(k)
        found = acknowledged(entry.revid) if entry.user == bot else None
        return found if found is not None and found[0] == ident else None

    def origin_at(k: int, requester: str | None = None, revid: int | None = None) -> Origin:
        entry = history.entry(k)
        return Origin(requester if requester is not None else entry.user, problems.get(ident),
                      revid if revid is not None else entry.revid, entry.timestamp)

    def present(k: int) -> bool:
        sections = history.sections(k)[0]
        return sections is not None and ident in sections

    i = 0   # the request stands in revision i
    while True:
        if history.has_text(i + 1) and not present(i + 1):
            return origin_at(i)            # the revision before, already read, lacks it: revision i added it
        # the stretch of trusted revisions from i: up to an acknowledgement, a revision by someone else, the last
        # revision looked at — or the last one listed so far, so that a text is read at each batch of ids
        k, stop = i, None
        while stop is None:
            if ack(k) is not None:
                stop = "ack"
            elif not is_trusted(k):
                stop = "other"
            elif not history.listed(k + 1):
                stop = "listed"
            elif history.entry(k + 1) is None:
                stop = "end"
            else:
                k += 1
        if k > i and not present(k):      # added by one of the trusted revisions i … k-1: halve
            lo, hi = i, k
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if present(mid):
                    lo = mid
                else:
                    hi = mid
            return origin_at(lo)
        j = k                               # the request stands in revision j
        if stop == "listed":
            history.entry(j + 1)            # the next batch of ids
            i = j
            continue
        if stop == "ack":
            acked = ack(j)
            return origin_at(j, requester=acked[2], revid=acked[1])
        if history.entry(j + 1) is None:
            # the history looked at ends here: the page's first revision added what it holds; else it is older
            return origin_at(j) if history.first_of_page(j) else None
        newer, older = history.sections(j, j + 1)   # revision j is someone else's: did it add it, or change it?
        if older is None or ident not in older:
            return origin_at(j)
        if newer is not None and newer.get(ident) != older[ident]:
            entry = history.entry(j)
            problems[ident] = (f"the request was changed by {entry.user}, who is not an Admin, in "
                               f"[[Special:Diff/{entry.revid}]]; an Admin must post it again")
        i = j + 1


__all__ = ["Origin", "NOT_FOUND", "History", "Entry", "trace"]

"""Multi-page operations that survive a crash.

A reset changes the Ruleset, the Building Blocks page and creates the new tracking page; an
enactment the Ruleset and the gamestate page. Before the first page is saved, the whole plan (every
page's base revision, old text and new text) is written to a journal file; after each save the file
records the new revision. If the process dies half-way, :func:`recover` (run at start) finishes the
plan if every unsaved page is still exactly as read, or else puts back every page already saved, so
that no operation is ever left half-done. A page that was saved just before the process died, but
not yet recorded, is recognised on the wiki (its latest revision is exactly the planned text, on
top of the revision read) and counted as saved.

An operation done for a request keeps its journal after it ends, *settled* with its outcome, until
the request's reply is on the wiki: a process killed between the last save and the reply must not
do the request again, and the next poll answers it from the journal instead. The file is replaced
atomically (:mod:`wikibot.statefile`).
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from parsers.request_page import with_tag
from wikibot import statefile

OPEN = "open"            # in progress, or its process died: recover() decides
FINISHED = "finished"    # every page saved
UNDONE = "undone"        # the pages already saved were put back
STUCK = "stuck"          # neither could be done: an Admin must look


@dataclass
class JournalPage:
    title: str
    base_revid: int | None
    old_text: str
    new_text: str
    saved_revid: int | None = None


@dataclass
class Journal:
    directory: Path
    operation: str               # what this is, for messages: "Enact “Hats”"
    request_key: str = ""        # the request it answers (its heading), if any
    pages: list[JournalPage] = field(default_factory=list)
    ident: str = field(default_factory=lambda: uuid.uuid4().hex)
    state: str = OPEN
    detail: str = ""             # why it ended as it did
    restarted: bool = False      # settled by recover() after the process that began it died
    tag: str = ""                # ends the summary of every edit made for it (the request's tag)
    pid: int = field(default_factory=os.getpid)   # the process that began it (or settled it, on recovery)
    steps: list[dict] = field(default_factory=list)  # each step's outcome (StepResult.to_dict), for the answer

    def summary(self, text: str) -> str:
        return with_tag(text, self.tag)

    @property
    def path(self) -> Path:
        return self.directory / f"journal-{self.ident}.json"

    def write(self) -> None:
        statefile.write_json(self.path, {
            "operation": self.operation, "request_key": self.request_key, "ident": self.ident,
            "state": self.state, "detail": self.detail, "restarted": self.restarted, "tag": self.tag,
            "pid": self.pid, "steps": self.steps,
            "pages": [asdict(p) for p in self.pages]})

    def close(self) -> None:
        self.path.unlink(missing_ok=True)

    def settle(self, state: str, detail: str, *, restarted: bool = False) -> None:
        """The operation has ended: keep the outcome until the request is answered, or forget it."""
        self.state, self.detail, self.restarted = state, detail, restarted
        if self.request_key:
            self.write()
        else:
            self.close()

    @property
    def after_restart(self) -> bool:
        """Whether the process reading it is not the one that did the work: its outcome comes from before a
        restart (recovered then, or settled by a process that died before answering)."""
        return self.restarted or self.pid != os.getpid()

    @property
    def saved(self) -> list[JournalPage]:
        return [p for p in self.pages if p.saved_revid is not None]

    @classmethod
    def load(cls, path: Path) -> "Journal":
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(path.parent, data["operation"], data.get("request_key", ""),
                   [JournalPage(**p) for p in data["pages"]], data["ident"], data.get("state", OPEN),
                   data.get("detail", ""), data.get("restarted", False), data.get("tag", ""),
                   data.get("pid", 0), list(data.get("steps", [])))


def _all(directory: Path) -> list[Journal]:
    if not directory.is_dir():
        return []
    files = sorted(directory.glob("journal-*.json"), key=lambda p: p.stat().st_mtime)
    return [Journal.load(p) for p in files]


def pending(directory: Path) -> list[Journal]:
    """Journals left open by a process that did not finish, oldest first."""
    return [j for j in _all(directory) if j.state == OPEN]


def for_requests(directory: Path) -> dict[str, Journal]:
    """Every journal that belongs to a request, open or settled, by the request's key."""
    return {j.request_key: j for j in _all(directory) if j.request_key}


@dataclass
class Recovery:
    journal: Journal
    outcome: str        # FINISHED, UNDONE or STUCK; OPEN when the wiki refused the recovery (tried again later)
    detail: str


def recover(journal: Journal, latest_revid: Callable[[str], int | None],
            save: Callable[[JournalPage, str, str, int | None], int | None],
            landed: Callable[[JournalPage], int | None]) -> Recovery:
    """Finish or undo one interrupted operation.

    ``latest_revid(title)`` reads a page's current revision; ``save(page, text, summary, revid)`` saves
    ``text`` on top of revision ``revid``, which must still be the page's latest (else it raises), and
    returns the new revision id;
    ``landed(page)`` is the page's latest revision if that revision is exactly ``page.new_text``
    saved on top of ``page.base_revid`` (a save the process made but did not live to record).
    """
    for page in journal.pages:
        if page.saved_revid is None:
            page.saved_revid = landed(page)
    journal.write()
    unsaved = [p for p in journal.pages if p.saved_revid is None]
    if not unsaved:
        return _settled(journal, FINISHED, "every page had been saved before the interruption")
    if all(latest_revid(p.title) == p.base_revid for p in unsaved):
        for page in unsaved:
            page.saved_revid = save(page, page.new_text,
                                    journal.summary(f"{journal.operation} (finishing after an interruption)"),
                                    page.base_revid)
            journal.write()
        return _settled(journal, FINISHED, f"saved the remaining {len(unsaved)} page(s) after the interruption")
    # Someone edited a page the operation still had to change: undo what was saved, if untouched since.
    stuck = []
    for page in journal.saved:
        if latest_revid(page.title) == page.saved_revid:
            save(page, page.old_text,
                 journal.summary(f"Undoing the interrupted “{journal.operation}”: another edit came first"),
                 page.saved_revid)
            page.saved_revid = None
            journal.write()
        else:
            stuck.append(page.title)
    if stuck:
        detail = ("pages edited by others since: " + ", ".join(stuck)
                  + "; an Admin must finish or undo this by hand")
        if journal.request_key:
            return _settled(journal, STUCK, detail)
        return Recovery(journal, STUCK, detail)   # stays open: tried again, and logged, at each start
    edited = ", ".join(p.title for p in unsaved if latest_revid(p.title) != p.base_revid)
    return _settled(journal, UNDONE, f"{edited} had been edited by someone else in the meantime, so the pages "
                                     "already saved were put back")


def _settled(journal: Journal, state: str, detail: str) -> Recovery:
    journal.settle(state, detail, restarted=True)
    return Recovery(journal, state, detail)

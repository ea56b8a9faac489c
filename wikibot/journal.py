"""Multi-page operations that survive a crash.

A reset changes the Ruleset, the Building Blocks page and perhaps a new tracking page; an enactment
the Ruleset and the gamestate page. Before the first page is saved, the whole plan (every page's
base revision, old text and new text) is written to a journal file; after each save the file records
the new revision. If the process dies half-way, :func:`recover` (run at start) finishes the plan if
every unsaved page is still exactly as read, or else puts back every page already saved, so that no
operation is ever left half-done. The file is replaced atomically (write, fsync, rename).
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable


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
    request_key: str = ""        # the request it answers, if any
    pages: list[JournalPage] = field(default_factory=list)
    ident: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def path(self) -> Path:
        return self.directory / f"journal-{self.ident}.json"

    def write(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        data = {"operation": self.operation, "request_key": self.request_key, "ident": self.ident,
                "pages": [asdict(p) for p in self.pages]}
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.path)

    def close(self) -> None:
        self.path.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: Path) -> "Journal":
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(path.parent, data["operation"], data.get("request_key", ""),
                   [JournalPage(**p) for p in data["pages"]], data["ident"])


def pending(directory: Path) -> list[Journal]:
    """Journals left by a process that did not finish, oldest first."""
    if not directory.is_dir():
        return []
    files = sorted(directory.glob("journal-*.json"), key=lambda p: p.stat().st_mtime)
    return [Journal.load(p) for p in files]


@dataclass
class Recovery:
    journal: Journal
    outcome: str        # "finished" or "undone" or "stuck"
    detail: str


def recover(journal: Journal, latest_revid: Callable[[str], int | None],
            save: Callable[[JournalPage, str, str], int | None]) -> Recovery:
    """Finish or undo one interrupted operation.

    ``latest_revid(title)`` reads a page's current revision; ``save(page, text, summary)`` saves
    ``text`` on top of the page's current revision and returns the new revision id.
    """
    unsaved = [p for p in journal.pages if p.saved_revid is None]
    saved = [p for p in journal.pages if p.saved_revid is not None]
    if not unsaved:
        journal.close()
        return Recovery(journal, "finished", "every page had been saved before the interruption")
    if all(latest_revid(p.title) == p.base_revid for p in unsaved):
        for page in unsaved:
            page.saved_revid = save(page, page.new_text, f"{journal.operation} (finishing after an interruption)")
            journal.write()
        journal.close()
        return Recovery(journal, "finished", f"saved the remaining {len(unsaved)} page(s)")
    # Someone edited a page the operation still had to change: undo what was saved, if untouched since.
    stuck = []
    for page in saved:
        if latest_revid(page.title) == page.saved_revid:
            save(page, page.old_text, f"Undoing the interrupted “{journal.operation}”: another edit came first")
            page.saved_revid = None
            journal.write()
        else:
            stuck.append(page.title)
    if stuck:
        return Recovery(journal, "stuck", "pages edited by others since: " + ", ".join(stuck)
                        + "; an Admin must finish or undo this by hand")
    journal.close()
    return Recovery(journal, "undone", "another edit came first; the pages already saved were put back")

"""The accepted states the bot has worked out, remembered in the state directory: known points to walk from.

:func:`actions.accepted.walk` knows what Admins left on a page only from a known point on (the page's
creation, an Admin's Accept or restore). Reading a Ruleset's history back to such a point every turn
would cost many requests, so the states a walk reached are kept here (``accepted.sqlite``): for each
page, and for each of the revisions the last walk looked at, the accepted text (none when it is the
revision's own: the page was clean) and the edits then pending or not carried. The next walk starts
from the oldest of them in the history it reads (:class:`wikibot.trust.Trust`), so that in the normal
case it reads no further back than it would anyway; a state directory lost or never written only
makes the bot read further back (and refuse to read a page it cannot trace to a known point).

Only states the walk knew are kept. Accepted texts are stored once per distinct text, compressed.
Each save is one SQLite transaction; states older than the history a walk looked at are dropped, so
the file stays about as large as a page's recent history of unaccepted texts.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib
from dataclasses import asdict
from pathlib import Path
from typing import Iterable

from actions.accepted import Accepted, Revision, sha1

log = logging.getLogger("wikibot")

FILE = "accepted.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS states(
    page TEXT NOT NULL, sysops INTEGER NOT NULL, revid INTEGER NOT NULL, text_sha1 TEXT,
    pending TEXT NOT NULL, uncarried TEXT NOT NULL, PRIMARY KEY(page, sysops, revid));
CREATE TABLE IF NOT EXISTS texts(sha1 TEXT PRIMARY KEY, body BLOB NOT NULL);
"""


class Known:
    """The remembered states of one state directory (``path``: the SQLite file, or ``:memory:``)."""

    def __init__(self, path: Path | str):
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=60, isolation_level=None)
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(_SCHEMA)

    @classmethod
    def open(cls, state_dir: Path) -> "Known | None":
        """The store of ``state_dir``; None (logged) when it cannot be used: the walks then read further back."""
        try:
            return cls(Path(state_dir) / FILE)
        except (OSError, sqlite3.Error) as error:
            log.warning("the remembered accepted states (%s) cannot be used (%s): pages are read back to an "
                        "Admin's Accept or their creation", Path(state_dir) / FILE, error)
            return None

    def close(self) -> None:
        self.db.close()

    def revids(self, page: str, sysops: bool) -> set[int]:
        """The revisions of ``page`` whose accepted state is remembered."""
        rows = self.db.execute("SELECT revid FROM states WHERE page=? AND sysops=?", (page, int(sysops)))
        return {revid for (revid,) in rows}

    def get(self, page: str, sysops: bool, revid: int) -> Accepted | None:
        row = self.db.execute("SELECT text_sha1, pending, uncarried FROM states WHERE page=? AND sysops=? AND revid=?",
                              (page, int(sysops), revid)).fetchone()
        if row is None:
            return None
        digest, pending, uncarried = row
        own_text = None
        if digest is not None:
            body = self.db.execute("SELECT body FROM texts WHERE sha1=?", (digest,)).fetchone()
            if body is None:
                return None        # a text lost: this state is not known after all
            own_text = zlib.decompress(body[0]).decode("utf-8")
        return Accepted(revid, own_text, _revisions(pending), _revisions(uncarried))

    def keep(self, page: str, sysops: bool, states: Iterable[Accepted], oldest: int) -> None:
        """Remember the known ``states`` of ``page``, and forget its states before revision ``oldest``
        (the oldest the walk looked at), all in one transaction."""
        states = [s for s in states if s.known]
        if not states:
            return
        have = self.revids(page, sysops)
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for state in states:
                if state.revid in have:
                    continue
                digest = None
                if state.own_text is not None:
                    digest = sha1(state.own_text)
                    self.db.execute("INSERT OR IGNORE INTO texts(sha1, body) VALUES (?, ?)",
                                    (digest, zlib.compress(state.own_text.encode("utf-8"))))
                self.db.execute("INSERT OR REPLACE INTO states VALUES (?, ?, ?, ?, ?, ?)",
                                (page, int(sysops), state.revid, digest, _json(state.pending),
                                 _json(state.uncarried)))
            self.db.execute("DELETE FROM states WHERE page=? AND sysops=? AND revid<?", (page, int(sysops), oldest))
            self.db.execute("DELETE FROM texts WHERE sha1 NOT IN "
                            "(SELECT text_sha1 FROM states WHERE text_sha1 IS NOT NULL)")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise


def _json(revisions: list[Revision]) -> str:
    return json.dumps([asdict(r) for r in revisions])


def _revisions(text: str) -> list[Revision]:
    return [Revision(**fields) for fields in json.loads(text)]


__all__ = ["Known", "FILE"]

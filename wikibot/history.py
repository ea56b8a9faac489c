"""The history store: the rules pages' revisions, each downloaded once, ever, with their causes and origins.

An SQLite database in the state directory (``history.sqlite``) holds the revisions of the Ruleset, the
Building Blocks page, the gamestate tracking pages and the request page (who, when, the summary; the
text of every page but the request page, once per distinct text, compressed), the requests found on the
request page's revisions (the proposals and Addresses hand edits are reviewed against), and for every
revision of a rules page its cause (:mod:`actions.causes`), classified once; for the Ruleset also its
paragraphs' origins and its rules' events (:mod:`actions.lineage`).

It is filled from the wiki (:meth:`HistoryStore.update`: only the revisions newer than the newest kept,
one query to learn which pages changed at all) or from a MediaWiki XML export
(:meth:`HistoryStore.load_export`, :mod:`parsers.export`). Every change is one SQLite transaction —
a batch of revisions downloaded, or one revision classified with its origins and events — so a process
killed at any point leaves the store as it was before that transaction or after it, and the next run
goes on from there: nothing is downloaded twice and nothing classified twice.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from actions import causes as cz
from actions import lineage
from actions.accepted import sha1
from actions.history import Origin
from parsers import request_page
from parsers.errors import WikibotError
from parsers.hazards import inert
from parsers import ruleset as rsmod

log = logging.getLogger("wikibot")

FILE = "history.sqlite"
#: revisions (with their text) asked for in one API request
PER_REQUEST = 50
SCHEMA_VERSION = "1"

RULESET, BUILDING_BLOCKS, REQUESTS, GAMESTATE = "Ruleset", "Building Blocks", "requests", "gamestate"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS revisions(
    revid INTEGER PRIMARY KEY, page TEXT NOT NULL, parent INTEGER NOT NULL, user TEXT NOT NULL,
    timestamp TEXT NOT NULL, comment TEXT NOT NULL, sha1 TEXT);
CREATE INDEX IF NOT EXISTS revisions_page ON revisions(page, revid);
CREATE INDEX IF NOT EXISTS revisions_sha1 ON revisions(page, sha1);
CREATE TABLE IF NOT EXISTS texts(sha1 TEXT PRIMARY KEY, body BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS requests(
    kind TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, text TEXT NOT NULL, sha1 TEXT NOT NULL,
    revid INTEGER NOT NULL, timestamp TEXT NOT NULL, PRIMARY KEY(kind, title, sha1));
CREATE TABLE IF NOT EXISTS causes(
    revid INTEGER PRIMARY KEY, cause TEXT NOT NULL, proposal TEXT NOT NULL, detail TEXT NOT NULL,
    concern INTEGER NOT NULL, reverts_to INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS origins(revid INTEGER PRIMARY KEY, state BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS events(
    revid INTEGER NOT NULL, rule INTEGER NOT NULL, event TEXT NOT NULL, title TEXT NOT NULL, key TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_rule ON events(rule, revid);
CREATE INDEX IF NOT EXISTS events_key ON events(key, revid);
CREATE TABLE IF NOT EXISTS repealed(key TEXT PRIMARY KEY, rule INTEGER NOT NULL);
"""


class HistoryError(WikibotError):
    """The store cannot be used; the message says what to do."""


@dataclass
class Row:
    revid: int
    page: str
    parent: int
    user: str
    timestamp: str
    comment: str
    sha1: str | None


@dataclass
class Pages:
    """Which titles are which page: the Ruleset, Building Blocks, the request page (the rest: gamestate pages)."""

    ruleset: str = "Ruleset"
    building_blocks: str = "Building Blocks"
    requests: str = ""

    def role(self, title: str) -> str:
        return {self.ruleset: RULESET, self.building_blocks: BUILDING_BLOCKS, self.requests: REQUESTS}.get(
            title, GAMESTATE)


class HistoryStore:
    def __init__(self, path: Path | str, pages: Pages, bot: str):
        self.path = path
        self.pages = pages
        self.bot = bot
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=60, isolation_level=None)
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(_SCHEMA)
        version = self._meta("schema")
        if version is None:
            self._set_meta("schema", SCHEMA_VERSION)
        elif version != SCHEMA_VERSION:
            raise HistoryError(f"The history store {path} was written by another version of the bot (schema {version}); "
                               "move it away and the bot builds it again from the wiki.")
        self.downloaded = 0          # revisions downloaded by this object (bench, tests)
        self.requests_sent = 0       # API requests sent by this object
        self.classified = 0          # revisions classified by this object
        self.latest: dict[str, int] = {}   # the latest revision of each page, as the last update saw it

    @classmethod
    def open(cls, state_dir: Path, pages: Pages, bot: str) -> "HistoryStore":
        return cls(Path(state_dir) / FILE, pages, bot)

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ small helpers
    def _meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))

    def _transaction(self):
        store = self

        class _T:
            def __enter__(self):
                store.db.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, _value, _tb):
                store.db.execute("COMMIT" if kind is None else "ROLLBACK")
                return False
        return _T()

    def text(self, digest: str | None) -> str | None:
        if digest is None:
            return None
        row = self.db.execute("SELECT body FROM texts WHERE sha1=?", (digest,)).fetchone()
        return zlib.decompress(row[0]).decode("utf-8") if row else None

    def row(self, revid: int) -> Row | None:
        found = self.db.execute("SELECT revid, page, parent, user, timestamp, comment, sha1 FROM revisions "
                                "WHERE revid=?", (revid,)).fetchone()
        return Row(*found) if found else None

    def revision_text(self, revid: int) -> str | None:
        row = self.row(revid)
        return self.text(row.sha1) if row else None

    def newest(self, title: str) -> int:
        found = self.db.execute("SELECT max(revid) FROM revisions WHERE page=?", (title,)).fetchone()
        return int(found[0] or 0)

    def count(self, title: str | None = None) -> int:
        query, args = ("SELECT count(*) FROM revisions", ()) if title is None else (
            "SELECT count(*) FROM revisions WHERE page=?", (title,))
        return int(self.db.execute(query, args).fetchone()[0])

    # ------------------------------------------------------------------ filling
    def add(self, revisions: Iterable[tuple[str, int, int, str, str, str, str | None]]) -> int:
        """Keep these revisions (title, revid, parent, user, timestamp, summary, text), in one transaction;
        those kept already are passed over. The number added."""
        added = 0
        with self._transaction():
            for title, revid, parent, user, timestamp, comment, text in revisions:
                if self.db.execute("SELECT 1 FROM revisions WHERE revid=?", (revid,)).fetchone():
                    continue
                role = self.pages.role(title)
                digest = None
                if text is not None and role != REQUESTS:
                    digest = sha1(text)
                    self.db.execute("INSERT OR IGNORE INTO texts(sha1, body) VALUES(?, ?)",
                                    (digest, zlib.compress(text.encode("utf-8"), 6)))
                elif text is not None:
                    digest = sha1(text)
                    self._requests_of(text, revid, timestamp)
                self.db.execute("INSERT INTO revisions(revid, page, parent, user, timestamp, comment, sha1) "
                                "VALUES(?, ?, ?, ?, ?, ?, ?)", (revid, title, parent, user, timestamp, comment, digest))
                added += 1
        return added

    def _requests_of(self, text: str, revid: int, timestamp: str) -> None:
        """The proposals and Addresses posted on one revision of the request page (each text kept once)."""
        from wikibot.operations import address_text
        from wikibot.reviews import PROPOSAL_KINDS, proposal_title

        for request in request_page.parse(text):
            if not request.text.strip():
                continue
            if request.kind in PROPOSAL_KINDS:
                kind, title, body = "proposal", proposal_title(request), request.text
            elif request.kind == "ascension":
                kind, title, body = "ascension", request.heading, address_text(request.text, request.params)
            else:
                continue
            self.db.execute("INSERT OR IGNORE INTO requests(kind, title, url, text, sha1, revid, timestamp) "
                            "VALUES(?, ?, ?, ?, ?, ?, ?)", (kind, title, request.params.get("url", ""), body,
                                                            sha1(body), revid, timestamp))

    def load_export(self, file) -> int:
        """Keep every revision of the export's pages (:func:`parsers.export.read_export`); the number added. A
        revision whose parent the export does not name follows the one before it on its page."""
        from parsers.export import read_export

        batch: list = []
        previous: dict[str, int] = {}
        added = 0
        for rev in read_export(file):
            parent = rev.parent or previous.get(rev.title, 0)
            previous[rev.title] = rev.revid
            batch.append((rev.title, rev.revid, parent, rev.user, rev.timestamp, rev.comment, rev.text))
            if len(batch) >= 500:
                added += self.add(batch)
                batch = []
        added += self.add(batch)
        return added

    def update(self, wiki, *, most: int | None = None, also: tuple[str, ...] = ()) -> int:
        """Download the revisions made since the newest kept, of the request page, the Ruleset, Building Blocks
        and the tracking page the Ruleset names, then classify them. One query says which pages changed (and
        the latest revision of the pages ``also`` names, kept in :attr:`latest`). ``most``: revisions downloaded,
        and then classified, in this call at the most (a long history is built over several turns); nothing is
        classified before every page is downloaded to its latest revision, so that a hand enactment is
        classified only once the request page's revisions before it are known. The number downloaded."""
        titles = [self.pages.requests, self.pages.ruleset, self.pages.building_blocks]
        tracking = self.tracking_page()
        if tracking:
            titles.append(tracking)
        latest = self.latest = self._latest(wiki, titles + [t for t in also if t not in titles])
        added = 0
        for title in titles:
            if latest.get(title, 0) > self.newest(title):
                added += self._download(wiki, title, None if most is None else most - added)
                if most is not None and added >= most and latest.get(title, 0) > self.newest(title):
                    return added     # the rest at the next turn
        if tracking != self.tracking_page():   # the Ruleset now names another tracking page
            added += self._download(wiki, self.tracking_page())
        self.classify(most)
        return added

    def _latest(self, wiki, titles: list[str]) -> dict[str, int]:
        self.requests_sent += 1
        data = wiki.api("looking at the pages the history keeps", action="query", prop="info", titles="|".join(titles))
        query = data.get("query", {})
        names = {pair["to"]: pair["from"] for pair in query.get("normalized", [])}
        return {names.get(p["title"], p["title"]): int(p.get("lastrevid") or 0) for p in query.get("pages", [])}

    def _download(self, wiki, title: str, most: int | None = None) -> int:
        params = {"action": "query", "prop": "revisions", "titles": title, "rvdir": "newer",
                  "rvprop": "ids|user|timestamp|comment|content", "rvslots": "main",
                  "rvlimit": PER_REQUEST if most is None else max(1, min(PER_REQUEST, most))}
        newest = self.newest(title)
        if newest:
            params["rvstartid"] = newest + 1
        added = 0
        while True:
            self.requests_sent += 1
            data = wiki.api(f"reading the history of “{title}”", **params)
            batch = []
            for page in data.get("query", {}).get("pages", []):
                for rev in page.get("revisions", []):
                    slot = rev.get("slots", {}).get("main", {})
                    hidden = "texthidden" in slot or "texthidden" in rev
                    text = None if hidden else slot.get("content", slot.get("*", ""))
                    batch.append((title, int(rev["revid"]), int(rev.get("parentid") or 0), rev.get("user", ""),
                                  rev.get("timestamp", ""), rev.get("comment", ""), text))
            self.downloaded += len(batch)
            added += self.add(batch)
            if "continue" not in data or (most is not None and added >= most):
                return added
            params.update(data["continue"])
            if most is not None:
                params["rvlimit"] = max(1, min(PER_REQUEST, most - added))

    def tracking_page(self) -> str | None:
        """The gamestate tracking page the newest Ruleset kept names."""
        text = self.revision_text(self.newest(self.pages.ruleset))
        if not text:
            return None
        found = rsmod.parse(text).tracking_page()
        return found[0] if found else None

    # ------------------------------------------------------------------ classifying
    def classify(self, most: int | None = None) -> int:
        """Classify every rules-page revision not classified yet (``most`` of them at the most), oldest first,
        each in its own transaction (its cause, and for the Ruleset its origins and events). The number
        classified."""
        done = 0
        for title in (self.pages.ruleset, self.pages.building_blocks):
            rows = self.db.execute(
                "SELECT r.revid, r.page, r.parent, r.user, r.timestamp, r.comment, r.sha1 FROM revisions r "
                "LEFT JOIN causes c ON c.revid = r.revid WHERE r.page=? AND c.revid IS NULL ORDER BY r.revid",
                (title,)).fetchall()
            for found in rows:
                if most is not None and done >= most:
                    break
                self._classify(Row(*found))
                done += 1
        self.classified += done
        return done

    def _proposals(self) -> list:
        """The proposals on the request page's revisions, as requests (newest text of a title last)."""
        out = []
        for kind, title, url, text, revid, timestamp in self.db.execute(
                "SELECT kind, title, url, text, revid, timestamp FROM requests WHERE kind='proposal' ORDER BY revid"):
            out.append((timestamp, request_page.Request(f"Enact: {title}", "enact", {"title": title, "url": url},
                                                        text, text, False, False)))
        return out

    def _found(self, row: Row, new: str | None) -> cz.Found:
        """What a revision's cause rests on: the earlier revision whose text it puts back (and the causes of those
        it undoes), else the proposal its summary names and the latest Ascension Address."""
        from wikibot.reviews import find_proposal

        found = cz.Found()
        if row.user == self.bot or new is None:
            return found
        if row.sha1 is not None:
            parent = self.row(row.parent)
            earlier = self.db.execute("SELECT revid FROM revisions WHERE page=? AND sha1=? AND revid<? "
                                      "ORDER BY revid DESC LIMIT 1", (row.page, row.sha1, row.revid)).fetchone()
            if earlier and (parent is None or parent.sha1 != row.sha1):
                undone = self.db.execute(
                    "SELECT c.revid, c.cause, c.proposal, c.detail, c.concern, c.reverts_to FROM causes c JOIN "
                    "revisions r ON r.revid=c.revid WHERE r.page=? AND c.revid>? AND c.revid<? ORDER BY c.revid",
                    (row.page, earlier[0], row.revid)).fetchall()
                found.reverts_to = int(earlier[0])
                found.undone = tuple((int(r[0]), cz.Cause(r[1], r[2], r[3], bool(r[4]), r[5])) for r in undone)
                return found
        proposals = self._proposals()
        if proposals:
            # of a title posted in several versions: the newest posted before the edit, else the first after
            before = [r for t, r in proposals if t <= row.timestamp]
            after = [r for t, r in proposals if t > row.timestamp]
            chosen: dict[str, request_page.Request] = {}
            for request in after[::-1] + before:
                chosen[request.params["title"]] = request
            request = find_proposal(list(chosen.values()), row.comment)
            if request is not None:
                found.proposal = (request.params["title"], request.text)
        address = self.db.execute("SELECT text FROM requests WHERE kind='ascension' AND timestamp<=? "
                                  "ORDER BY revid DESC LIMIT 1", (row.timestamp,)).fetchone() or \
            self.db.execute("SELECT text FROM requests WHERE kind='ascension' ORDER BY revid LIMIT 1").fetchone()
        found.address = address[0] if address else None
        return found

    def _classify(self, row: Row) -> None:
        role = self.pages.role(row.page)
        new = self.text(row.sha1)
        parent = self.row(row.parent) if row.parent else None
        old = self.text(parent.sha1) if parent is not None else None
        first_known = bool(row.parent) and (parent is None or old is None)
        revision = cz.Revision(row.revid, RULESET if role == RULESET else BUILDING_BLOCKS, row.user, row.timestamp,
                               row.comment)
        if new is None:
            cause = cz.Cause(cz.UNEXPLAINED, "", "its text is hidden or deleted: the bot cannot tell what it changed",
                             concern=True)
        else:
            cause = cz.classify(revision, old, new, bot=self.bot, found=self._found(row, new),
                                first_known=first_known)
        with self._transaction():
            self.db.execute("INSERT INTO causes(revid, cause, proposal, detail, concern, reverts_to) "
                            "VALUES(?, ?, ?, ?, ?, ?)", (row.revid, cause.cause, cause.proposal, cause.detail,
                                                         int(cause.concern), cause.reverts_to))
            if role == RULESET and new is not None:
                self._lineage(row, new, old, parent, cause, first_known)

    def _new_rule(self) -> int:
        n = int(self._meta("next_rule") or 1)
        self._set_meta("next_rule", str(n + 1))
        return n

    def state(self, revid: int) -> lineage.State | None:
        found = self.db.execute("SELECT state FROM origins WHERE revid=?", (revid,)).fetchone()
        return lineage.state_from_json(json.loads(zlib.decompress(found[0]))) if found else None

    def _lineage(self, row: Row, new: str, old: str | None, parent: Row | None, cause: cz.Cause,
                 first_known: bool) -> None:
        parent_state = self.state(parent.revid) if parent is not None else None
        if old is None or first_known or parent_state is None:
            state, events = lineage.initial(new, row.revid, self._new_rule)
        else:
            repealed = dict(self.db.execute("SELECT key, rule FROM repealed").fetchall())
            back = self.state(cause.reverts_to) if cause.reverts_to else None
            done = lineage.step(old, parent_state, new, row.revid, new_rule=self._new_rule, repealed=repealed,
                                typo=cause.cause == cz.TYPO_FIX, origins_from=back)
            state, events = done.state, done.events
        self.db.execute("INSERT INTO origins(revid, state) VALUES(?, ?)",
                        (row.revid, zlib.compress(json.dumps(lineage.state_to_json(state)).encode(), 6)))
        for event in events:
            self.db.execute("INSERT INTO events(revid, rule, event, title, key, detail) VALUES(?, ?, ?, ?, ?, ?)",
                            (row.revid, event.rule, event.event, event.title, event.key, event.detail))
            if event.event == lineage.REPEALED:
                self.db.execute("INSERT OR REPLACE INTO repealed(key, rule) VALUES(?, ?)", (event.key, event.rule))
            elif event.event == lineage.REENACTED:
                self.db.execute("DELETE FROM repealed WHERE key=?", (event.key,))

    def behind(self) -> bool:
        """Whether the last :meth:`update` left revisions to download or to classify (a long history, read over
        several turns): until it has caught up, no answer may claim to cover the whole history."""
        unclassified = self.db.execute(
            "SELECT count(*) FROM revisions r LEFT JOIN causes c ON c.revid=r.revid WHERE r.page IN (?, ?) AND "
            "c.revid IS NULL", (self.pages.ruleset, self.pages.building_blocks)).fetchone()[0]
        return bool(unclassified) or any(self.latest.get(t, 0) > self.newest(t) for t in
                                         (self.pages.requests, self.pages.ruleset, self.pages.building_blocks))

    def written_for(self) -> str | None:
        """The newest revision the audit page was last written for, and the audit page's revision then."""
        return self._meta("audit_for")

    def written(self, revid: str) -> None:
        with self._transaction():
            self._set_meta("audit_for", revid)

    # ------------------------------------------------------------------ answering
    def origins(self, revids: Iterable[int]) -> dict[int, Origin]:
        wanted = sorted(set(revids))
        out: dict[int, Origin] = {}
        for start in range(0, len(wanted), 500):
            part = wanted[start:start + 500]
            marks = ",".join("?" * len(part))
            for revid, user, timestamp, cause, proposal, detail, concern in self.db.execute(
                    "SELECT r.revid, r.user, r.timestamp, c.cause, c.proposal, c.detail, c.concern FROM revisions r "
                    f"JOIN causes c ON c.revid=r.revid WHERE r.revid IN ({marks})", part):
                out[revid] = Origin(revid, user, timestamp, cause, proposal, detail, bool(concern))
        return out

    def latest_classified(self, title: str) -> int:
        found = self.db.execute("SELECT max(r.revid) FROM revisions r JOIN causes c ON c.revid=r.revid "
                                "WHERE r.page=?", (title,)).fetchone()
        return int(found[0] or 0)

    def rule(self, name: str):
        """(the rule as it stands in the newest Ruleset or None, its events with their revisions, the origins of
        every revision named). Raises :class:`HistoryError` when no rule of that name stands or ever stood."""
        from actions.history import standing, title_key

        revid = self.latest_classified(self.pages.ruleset)
        if not revid:
            raise HistoryError(f"the history holds no revision of “{self.pages.ruleset}”")
        text, state = self.revision_text(revid), self.state(revid)
        now = None
        rules: list[int] = []
        try:
            now = standing(text, state, name)
            rules = now.rules[:1]
        except rsmod.AmbiguousRule:
            raise
        except rsmod.RuleNotFound:
            key = title_key(name)
            found = self.db.execute("SELECT rule FROM events WHERE key=? ORDER BY revid DESC LIMIT 1", (key,)).fetchone()
            if found is None:
                raise HistoryError(f"no rule called “{name}” stands in the Ruleset or ever stood in the history the bot "
                                  "has; give a rule's name as the Ruleset writes it") from None
            rules = [int(found[0])]
            units = lineage.units(text)
            standing_now = [u for u, s in zip(units, state) if s.rule == rules[0] and u.is_block]
            if standing_now:     # a name the rule had before a rename: the rule as it stands now
                now = standing(text, state, standing_now[0].title)
        events = [(int(r), lineage.Event(int(rule), e, t, k, d)) for r, rule, e, t, k, d in self.db.execute(
            "SELECT revid, rule, event, title, key, detail FROM events WHERE rule=? ORDER BY revid, rowid",
            (rules[0],))]
        wanted = {p.revid for p in now.pieces} if now else set()
        wanted |= {r for r, _e in events}
        return now, events, self.origins(wanted)

    def audit(self, since: str | None = None) -> list[Origin]:
        """Every classified revision of the rules pages after ``since`` (a revision number: after it; a date or
        time: from it on)."""
        query = ("SELECT r.revid FROM revisions r JOIN causes c ON c.revid=r.revid WHERE r.page IN (?, ?)")
        args: list = [self.pages.ruleset, self.pages.building_blocks]
        if since:
            if since.strip().isdigit():
                query += " AND r.revid > ?"
                args.append(int(since))
            else:
                query += " AND r.timestamp >= ?"
                args.append(since_time(since))
        revids = [r for (r,) in self.db.execute(query, args)]
        found = self.origins(revids)
        return [found[r] for r in sorted(found)]


def since_time(value: str) -> str:
    """A date or time as ``--since`` takes it, in the API's form: 2026-01-02 or 2026-01-02 10:00 (UTC)."""
    from parsers.request_page import parse_time

    return parse_time(value.strip()).strftime("%Y-%m-%dT%H:%M:%SZ")


def bot_of_export(titles: Iterable[str]) -> tuple[str, str]:
    """(bot, request page) from an export's page titles: the bot's request page goes by ``User:<bot>/Requests``."""
    import re

    found = sorted({m.group(1) for t in titles for m in [re.fullmatch(r"User:([^/]+)/Requests", t)] if m})
    if len(found) != 1:
        raise HistoryError("the export must hold the bot's request page, “User:<bot>/Requests” (exactly one such "
                           f"page; found {len(found)}): export it with the Ruleset, with their histories")
    return found[0], f"User:{found[0]}/Requests"


# ============================================================================ opening a store


def from_export(path: str | Path) -> HistoryStore:
    """A store in memory, built from a MediaWiki XML export holding the Ruleset's and the request page's
    histories (the Ruleset and the request page go by their default names, ``Ruleset`` and
    ``User:<bot>/Requests``), every revision classified."""
    from parsers.export import export_titles

    file = Path(path)
    if not file.is_file():
        raise HistoryError(f"export file {str(path)!r} does not exist: save the Ruleset's and the request page's "
                           "histories with Special:Export and give that file")
    with open(file, "rb") as handle:
        titles = export_titles(handle)
    bot, requests = bot_of_export(titles)
    if "Ruleset" not in titles:
        raise HistoryError("the export holds no page “Ruleset”: export the Ruleset with its history")
    store = HistoryStore(":memory:", Pages(requests=requests), bot)
    with open(file, "rb") as handle:
        store.load_export(handle)
    store.classify()
    return store


def for_wiki(wiki) -> HistoryStore:
    """The bot's own store, in its state directory."""
    s = wiki.settings
    return HistoryStore.open(s.state_dir, Pages(s.ruleset, s.building_blocks, s.requests), wiki.username)

# ============================================================================ on the wiki


def wiki_link(revid: int) -> str:
    return f"[[Special:Diff/{revid}]]"


def answer(wiki, request) -> tuple[str, list[str]]:
    """The answer to ``{{History|rule=X}}`` (anyone may ask): a headline and one line a paragraph and a timeline
    event, each with its diff link; page text is written inert."""
    from actions.history import rule_answer, rule_lines

    name = (request.params.get("rule") or request.text.strip().split("\n")[0]).strip()
    if not name:
        return "Not done: name the rule: {{History|rule=…}}, with the rule's name as the Ruleset writes it.", []
    store = for_wiki(wiki)
    try:
        store.update(wiki, most=TURN)
        if store.behind():
            return ("Not done: the bot is still reading the Ruleset's history (it reads it once, a part at each "
                    "turn); ask again in a while, as a new section.", [])
        now, events, origins = store.rule(name)
    except WikibotError as error:
        return f"Not done: {error}.", []
    finally:
        store.close()
    data = rule_answer(name, now, events, origins)
    revisions = {p["revision"] for p in data["paragraphs"]}
    paragraphs = len({piece.paragraph for piece in now.pieces}) if now else 0
    events_said = f"{len(data['timeline'])} event{'s' * (len(data['timeline']) != 1)} in its timeline"
    head = (f"History of “{data['rule']}”: {paragraphs} paragraph{'s' * (paragraphs != 1)} written in "
            f"{len(revisions)} revision{'s' * (len(revisions) != 1)}; {events_said}" if now else
            f"History of “{name}”: it does not stand in the Ruleset now; {events_said}")
    return head, [inert(line) for line in rule_lines(data, now, origins, link=wiki_link)[1:]]


#: revisions downloaded and classified in one turn of the daemon at the most: the first reading of a long
#: history is spread over several turns, so that the request desk and the patrol are not held up meanwhile
TURN = 500
#: revisions listed one by one on the audit page (those that need a look are always all there)
AUDIT_ROWS = 300


#: what the audit page adds to a revision that does not count (yet)
NOT_ACCEPTED = ("Not accepted: it counts for nothing until an Admin accepts it (an edit with a summary starting "
                "“Accept”) or reverts it.")


def audit_text(store: HistoryStore, bot: str, unaccepted: frozenset[int] = frozenset()) -> str:
    """The standing audit page: what needs a look, then every revision, newest first (the latest
    :data:`AUDIT_ROWS`); page text inert, each revision with its diff link. ``unaccepted``: the revisions
    that do not count until an Admin accepts them (:mod:`actions.accepted`), said so."""
    from actions.history import audit_headline, audit_line, audit_order

    found = store.audit()
    for origin in found:
        if origin.revid in unaccepted:
            origin.detail = f"{origin.detail.rstrip('.')}. {NOT_ACCEPTED}"
    look = [o for o in audit_order(found) if o.concern]
    rest = sorted(found, key=lambda o: -o.revid)[:AUDIT_ROWS]
    bold = "'" * 3
    lines = [f"This page is the bot's standing audit of the Ruleset: every revision of “{store.pages.ruleset}” and "
             f"“{store.pages.building_blocks}”, with its cause. It is written by [[User:{bot}|{bot}]] whenever they "
             "change (an edit made here is replaced at the next update). The bot never edits the Ruleset because of "
             "it: humans decide, and a Call for Judgement is their tool.", "",
             f"{bold}{inert(audit_headline(found))}{bold}", "", "== Needs a look =="]
    lines += [f"* {inert(audit_line(o, link=wiki_link))}" for o in look] or ["Nothing: every change is explained."]
    lines += ["", "== Every revision ==" + (f" (the latest {AUDIT_ROWS})" if len(found) > AUDIT_ROWS else "")]
    lines += [f"* {inert(audit_line(o, link=wiki_link))}" for o in rest]
    return "\n".join(lines) + "\n"


class Auditor:
    """The daemon's job: bring the store up to date, and rewrite the audit page when the rules pages changed, or
    when someone else edited the audit page (the same query says so: one API request when nothing changed)."""

    def __init__(self, wiki):
        self.wiki = wiki

    def unaccepted(self) -> frozenset[int]:
        """The Ruleset's revisions that count for nothing until an Admin accepts them, as the guard reads the
        Ruleset (:meth:`wikibot.trust.Trust.accepted`, over its latest revisions)."""
        from wikibot.site import WikiError
        from wikibot.trust import TextHidden, Trust

        try:
            state = Trust(self.wiki).accepted(self.wiki.settings.ruleset)
        except (WikiError, TextHidden) as error:
            log.warning("audit: could not tell which Ruleset edits are accepted: %s", error)
            return frozenset()
        return frozenset(r.revid for r in state.pending + state.uncarried) if state else frozenset()

    def cycle(self) -> bool:
        """One turn; whether the audit page was written. A turn in which no page it follows changed asks the wiki
        one thing: their latest revisions (:meth:`HistoryStore.update`). The run page is read only when there is
        something to write (by the save, which writes nothing unless it says ``true``)."""
        from wikibot.site import WritesDisabled

        settings = self.wiki.settings
        store = for_wiki(self.wiki)
        try:
            store.update(self.wiki, most=TURN, also=(settings.audit,))
            latest = str(max(store.latest_classified(settings.ruleset),
                             store.latest_classified(settings.building_blocks)))
            if store.behind():
                log.info("audit: still reading the rules pages' history; the audit page waits until it is read")
                return False
            page_now = store.latest.get(settings.audit, 0)
            if latest == "0" or store.written_for() == f"{latest} {page_now}":
                return False     # written for the newest revision, and nobody edited the page since
            unaccepted = self.unaccepted()
            text = audit_text(store, self.wiki.username, unaccepted)
            page = self.wiki.read(settings.audit)
            try:
                saved = self.wiki.save(page, lambda _current: (text, latest),
                                       f"Audit of the Ruleset up to [[Special:Diff/{latest}]]")
            except WritesDisabled:
                log.info("run page “%s” does not say true: the audit waits", settings.run)
                return False
            store.written(f"{latest} {saved.revid if saved else page.revid}")
            log.info("audit page “%s” written up to revision %s", settings.audit, latest)
            return True
        finally:
            store.close()



__all__ = ["HistoryStore", "HistoryError", "Pages", "since_time", "bot_of_export", "from_export", "for_wiki", "answer", "audit_text",
           "Auditor", "FILE"]

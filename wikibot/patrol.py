"""The gamestate patrol: follow the watched pages' recent changes, undo illegal gamestate edits.

One :meth:`Patrol.cycle` (the daemon runs one every ``patrol_seconds``):

1. Reads its **mark** from ``<state dir>/patrol.json`` (:class:`PatrolMark`). When there is none (the
   first run, or the state directory was lost) the mark is set at the bot's own last edit — when it was
   last at work — so that every edit made since is judged; a bot that never edited starts from the
   wiki's newest recent change.
2. Does nothing more while the run page does not say ``true``: no write at all, and the mark is
   not moved, so the edits made meanwhile are judged once writes are enabled again.
3. Reads the current Ruleset (which names the gamestate tracking page) and the constraints page
   as Admins left it (:func:`wikibot.trust.read_overrides`; a line that cannot be read is logged
   and skipped, the others apply).
4. Lists the recent changes of the gamestate page, the Ruleset, Building Blocks and the pages that
   steer the bot (the constraints page, the Admins page, the run page) (``list=recentchanges``,
   ``rcdir=newer``, following ``rccontinue``) from the mark on, oldest first, and fetches the texts it
   needs in batches of :data:`BATCH` revisions per request.
5. Judges each edit in order and records it in the mark as soon as it is dealt with, so that a
   restart neither judges an edit twice nor skips one.

**Which Ruleset judges.** A gamestate edit is judged with :func:`actions.check.check_edit` on its
parent's text and its own, against the constraints of the Ruleset **as Admins and the bot left it
when the edit was made** (:mod:`actions.accepted`, through the cycle's :class:`wikibot.trust.Trust`:
the Ruleset's revision of the edit's time, without the edits of others no Admin has accepted — an
Admin's Accept, an Admin's revert, or an Admin's or the bot's own change carried onto it move it;
an edit on top of a player's does not take the player's in) merged with the constraints page as
Admins left it.

**What cannot be judged is always reported**: a table that no longer reads the same way, a renamed or
look-alike header or row, a vanished row, a blanked page. While the page does not read as tables, each
edit is reported, and the first edit after which it reads again is judged against the page's last
readable revision (kept in the mark; found in the history when the mark was lost): values set
meanwhile are judged then. A ``{{nobots}}`` or ``{{bots}}`` template that excludes the bot, added by
anyone but an Admin, is an illegal change like any other (undone, or reported), and it does not stop
the bot meanwhile (:meth:`wikibot.site.Wiki.exclusion_counts`).

An illegal edit is undone with a summary that says who, what, which constraint and rule, and how to
dispute it. If it is still the page's latest revision its parent's text is restored; if others
edited since, only its own change is reversed (:func:`actions.reverse_patch.reverse_onto`: the
diff-match-patch patch from its text back to its parent's, applied to the current text only if every
hunk finds its place exactly once) and only if the result passes the check again (the undo sets no
illegal value but those the edit overwrote, and the edit's illegal values are gone). Otherwise the
edit is reported on the log page for humans.

Restraint: the bot's own edits are never judged; a user's change that the bot undid once is not
undone again when the same user makes it again (it is reported); Admins' edits are reported, not
undone, unless ``revert_admins``; a page created with illegal values is reported (the bot does not
blank pages); in ``report-only`` mode nothing is undone and every would-be undo is reported.

An edit the bot cannot judge — its text or its parent's hidden or deleted, a page beyond
:data:`parsers.limits.PAGE_CHARS`, text a parser fails on — is reported once on the log page and
passed, so that it never holds back the edits after it. A fault of the wiki itself (down,
read-only, the log page protected) stops the cycle instead, and the edit waits for the next one.

Rules pages (Ruleset, Building Blocks) are never reverted. An Admin's (or the bot's) edit that is
typo-level (:func:`actions.ruleset_review.review_edit`), names an enactment or Call for Judgement,
accepts the page (summary starting "Accept") or puts back the exact text of an earlier revision (a
revert, found by the revisions' checksums) passes; any other is reported, and so is a trusted change
that could not be carried onto the Ruleset as Admins left it. Anyone else's edit of a rules page is
reported whatever its summary says, unless the proposal it names is on the request page and its
review is clean; it counts only once an Admin accepts it. An edit of a page that steers the bot by
anyone but an Admin (a sysop, for the Admins page) is reported.

The log page gets one line per finding: ``* 2026-11-29 13:05:02 — [[Special:Diff/N]] by User:
what``, where values taken from the page are written so that no markup in them can act
(``{{nobots}}`` in a value must not switch off the bot's own log page). Writes go through
:meth:`wikibot.site.Wiki.save`, so the run page, an Admin's ``{{nobots}}`` and edit conflicts are
honoured; if the run page stops saying ``true`` mid-cycle, the cycle stops and the edit it was
dealing with stays unjudged in the mark.

The mark is the newest timestamp dealt with plus the ids of the recent changes dealt with in the
:data:`OVERLAP` seconds before it (the wiki may commit an edit a little after a later-stamped
one, so each query reaches back that far and skips what it has seen). It is written atomically
(:mod:`wikibot.statefile`). A crash between an undo or a report and the write of the mark
makes the next cycle judge that edit again; it finds the edit undone already, or its line on the
log page already, and writes nothing. An undo is remembered in the mark before it is saved, so
that even then the same change made again by the same user is reported, not undone twice.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterable

from actions.accepted import ACCEPT, Accepted, Revision, accepts_whole
from actions.check import CANNOT_JUDGE, CheckResult, Violation, check_edit
from actions.review import EXIT_CLEAN
from actions.constraints import Constraint
from actions.reverse_patch import reverse_onto
from actions.ruleset_review import names_enactment, review_edit
from parsers import ruleset as ruleset_parser
from parsers.limits import TooLarge
from parsers import language, markup, request_page
from parsers.hazards import inert
from wikibot import operations, reviews, statefile
from wikibot.trust import NotKnown, TextHidden, Trust, read_overrides
from wikibot.pages import WikiPages
from wikibot.site import (BotsExcluded, ConflictChangedMeaning, PageProtected, PageText, Wiki,
                          WikiError, WritesDisabled, bots_allowed, writes_enabled_by)

log = logging.getLogger("wikibot")

MARK_FILE = "patrol.json"
#: Seconds each recent-changes query reaches back before the mark (edits committed out of order).
OVERLAP = 120
#: Revisions fetched per API request (MediaWiki allows 50 for users, 500 for bots; 50 keeps a
#: batch of large pages under the API's result size limit).
BATCH = 50
#: MediaWiki's limit on an edit summary, in characters.
SUMMARY_LIMIT = 500
#: Undone changes remembered (per user and change) so that none is undone twice.
UNDONE_MEMORY = 5000
DISPUTE = "Disagree? Raise a Call for Judgement."

UNDONE = "undone"
REPORTED = "reported"
REVIEWED = "reviewed"         # a hand enactment compared with its proposal, the review on the log page

GAMESTATE = "gamestate"
RULESET = "ruleset"
BUILDING_BLOCKS = "building blocks"
CONTROL = "control"           # a page that steers the bot: the constraints page, the Admins page, the run page


class PatrolError(WikiError):
    """The patrol cannot run; the message says what to fix."""


# --------------------------------------------------------------------------- the mark

@dataclass
class PatrolMark:
    """How far the patrol has got, kept in the state directory across restarts."""

    path: Path
    since: str = ""                                   # newest timestamp dealt with (ISO 8601, UTC)
    seen: dict[int, str] = field(default_factory=dict)  # rcid → timestamp, within OVERLAP of since
    floor: int = 0                                    # changes with an rcid up to this one predate the patrol
    undone: list[dict] = field(default_factory=list)  # {"user", "change", "revid", "undo"}
    readable: dict[str, int] = field(default_factory=dict)  # page → its newest revision judged that reads as tables
    latest: dict[str, int] = field(default_factory=dict)    # watched page → its latest revision when all was judged

    @classmethod
    def load(cls, path: Path) -> "PatrolMark | None":
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(path, str(data["since"]), {int(k): str(v) for k, v in data["seen"].items()},
                       int(data.get("floor", 0)), list(data.get("undone", [])),
                       {str(k): int(v) for k, v in data.get("readable", {}).items()},
                       {str(k): int(v) for k, v in data.get("latest", {}).items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise PatrolError(f"The patrol's mark {path} cannot be read ({type(error).__name__}: {error}). "
                              "Restore it from a backup, or delete it to make the patrol start again from "
                              "the newest edit (edits made since the old mark would then not be judged).") from None

    def save(self) -> None:
        statefile.write_json(self.path, {
            "since": self.since, "seen": {str(k): v for k, v in sorted(self.seen.items())},
            "floor": self.floor, "undone": self.undone[-UNDONE_MEMORY:], "readable": self.readable,
            "latest": self.latest})

    def query_start(self) -> str:
        """Where the next recent-changes query begins: OVERLAP seconds before the mark."""
        return _iso(_parse_time(self.since) - timedelta(seconds=OVERLAP))

    def is_new(self, rcid: int) -> bool:
        return rcid > self.floor and rcid not in self.seen

    def dealt_with(self, rcid: int, timestamp: str) -> None:
        self.seen[rcid] = timestamp
        if timestamp > self.since:
            self.since = timestamp
            horizon = self.query_start()
            self.seen = {k: v for k, v in self.seen.items() if v >= horizon}

    def undone_before(self, user: str, change: list, revid: int) -> dict | None:
        """The bot's earlier undo of the same change by the same user — of another revision than
        ``revid`` (an undo of ``revid`` itself is one a crash interrupted: the edit is judged again)."""
        for entry in reversed(self.undone):
            if entry["user"] == user and entry["change"] == change and entry["revid"] != revid:
                return entry
        return None


def _parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------- what the log page and summaries say

def change_key(result: CheckResult) -> list:
    """What an illegal edit did, independent of when: its illegal values, where they are."""
    return sorted([v.table or "", v.row or "", v.column, v.new.strip()] for v in result.violations)


def undo_summary(revid: int, user: str, result: CheckResult) -> str:
    """``Undid revision 123 by Alice: Coins of Bob set to -2; … Disagree? Raise a Call for Judgement.``"""
    head = f"Undid revision {revid} by {user}: "
    tail = f" {DISPUTE}"
    body = result.summary.strip()
    room = SUMMARY_LIMIT - len(head) - len(tail)
    if len(body) > room:
        body = body[:max(room - 1, 0)].rstrip() + "…"
    return head + body + tail


#: How :func:`actions.check.check_edit` says that the page before / after the edit could not be read.
UNREADABLE_BEFORE = "the page before the edit cannot be read"
UNREADABLE_AFTER = "the page after the edit cannot be read"


def not_undone_because(error: WikiError) -> str:
    """Why an undo was not saved, as the log page says it. The site's messages close with advice for
    whoever asked for the work on the request page ("ask again", "the bot tries again"); nobody asked
    for an undo and the patrol does not try it again, so that advice is left out: the log line goes
    on to say "Undo it by hand, or raise a Call for Judgement"."""
    if isinstance(error, ConflictChangedMeaning):
        return "the page was edited by someone else while the bot was undoing the edit"
    if isinstance(error, PageProtected):
        return "the page is protected against the bot's account"
    if isinstance(error, BotsExcluded):
        return "the page carries {{nobots}} or a {{bots}} template that excludes the bot"
    sentences = language.full_sentences(str(error).strip())
    kept = [re.sub(r"[;,:]\s*[^;,:]*\b(?:ask again|tries again)\b.*$", "", sentence, flags=re.I)
            for sentence in sentences if not re.match(r"(?:the bot )?(?:ask|tries) again", sentence, re.I)]
    return " ".join(k for k in kept if k).rstrip(".") or "the wiki did not save the undo"


# --------------------------------------------------------------------------- one change

@dataclass
class Change:
    """One entry of the recent changes of a watched page."""

    rcid: int
    revid: int
    parent: int               # 0 for a page creation
    title: str
    user: str
    timestamp: str
    comment: str
    kind: str                 # GAMESTATE, RULESET or BUILDING_BLOCKS: which watched page

    @property
    def diff_link(self) -> str:
        return f"[[Special:Diff/{self.revid}]]"


@dataclass
class Finding:
    """What the patrol did about one edit (an undo, or a line on the log page)."""

    change: Change
    action: str               # UNDONE, REPORTED or REVIEWED
    text: str                 # what was wrong, as written on the log page or in the summary
    undo_revid: int | None = None

    def log_line(self) -> str:
        """The line for the log page; what came from the page is written inert (see :func:`inert`)."""
        when = self.change.timestamp.replace("T", " ").replace("Z", " UTC")
        return f"* {when} — {self.change.diff_link} by {self.change.user}: {inert(self.text)}"


class _Stop(Exception):
    """The run page stopped saying true mid-cycle."""


# --------------------------------------------------------------------------- the patrol

class Patrol:
    """Patrols the watched pages of one wiki. ``checked`` lists every revision judged (gamestate
    checks and rules-page reviews), in order, over this object's life; ``findings`` what was done;
    ``requests`` the API requests spent finding and reading edits (recent changes, revision texts)."""

    def __init__(self, wiki: Wiki, *, mark_file: Path | None = None):
        self.wiki = wiki
        self.settings = wiki.settings
        self.mark_file = mark_file or Path(self.settings.state_dir) / MARK_FILE
        self.checked: list[int] = []
        self.findings: list[Finding] = []
        self.requests = 0
        self._texts: dict[int, str | None] = {}
        self._constraints: dict[int, tuple[ruleset_parser.Ruleset, list[Constraint]]] = {}
        self.trust = Trust(wiki)                # who is an Admin, what Admins left: renewed each cycle
        self._overrides: list = []
        self._current = 0                      # the Ruleset's latest revision: what judges "now"
        self._said: set[int] = set()           # Ruleset revisions whose unaccepted edits were logged this cycle
        self._page: dict[str, PageText] = {}   # a page (gamestate, log) as the bot's last save left it
        self._requests: list | None = None      # the request page's requests, read once a cycle when needed

    # ------------------------------------------------------------------ one cycle
    def cycle(self) -> list[Finding]:
        """Judge every watched edit since the mark; the findings of this cycle."""
        mark = PatrolMark.load(self.mark_file)
        if mark is None:
            mark = self._first_mark()
            mark.save()
            log.info("patrol: no mark (first run, or the state directory was lost); judging every edit since %s "
                     "(after recent change %s)", mark.since, mark.floor)
        # the cheap look first: the watched pages' latest revisions, without text
        known = self.wiki.memory.tracking.get(self.settings.ruleset)
        titles = list(dict.fromkeys([*self._watched_pages(known[1] if known else None), *mark.latest]))
        look = self.wiki.latest(*titles)
        if mark.latest and set(mark.latest) <= set(look) and all(
                (look[t].revid or 0) == revid for t, revid in mark.latest.items()):
            return []    # no watched page has a revision it has not judged
        pages = WikiPages(self.wiki, latest=look)
        if not writes_enabled_by(pages.page(self.settings.run).text):
            log.info("run page “%s” does not say true: the patrol waits", self.settings.run)
            return []
        self.trust = Trust(self.wiki, latest=look)
        self._said = set()
        self._texts = {}
        self._page = {}
        self._requests = None
        ruleset_page = pages.page(self.settings.ruleset)
        if not ruleset_page.exists:
            raise PatrolError(f"The Ruleset page “{self.settings.ruleset}” does not exist: the patrol cannot know "
                              "the gamestate page or its rules. Set [pages] ruleset in wikibot.toml.")
        ruleset = ruleset_parser.parse(ruleset_page.text)
        self.trust.know(ruleset_page.revid, ruleset_page.text)
        self._overrides = self._read_overrides()
        self._current = ruleset_page.revid
        self._constraints = {}
        try:
            self._constraints_at(self._current)  # kept for the whole cycle (the texts are not)
        except TextHidden as error:
            log.warning("patrol: %s Gamestate edits cannot be judged until then: each is reported, none passed.",
                        error)
        gamestate = ruleset.gamestate_title()
        self.wiki.memory.tracking[self.settings.ruleset] = (ruleset_page.revid, gamestate)
        if gamestate is None:
            log.warning("patrol: the Ruleset names no gamestate tracking page; only the rules pages are watched")
        watched = self._watched_pages(gamestate)
        if not set(watched) <= set(look):   # the Ruleset names a page not looked at yet
            look = {**look, **self.wiki.latest(*[t for t in watched if t not in look])}
        changed = {t: kind for t, kind in watched.items() if mark.latest.get(t) != (look[t].revid or 0)}
        changes = self._recent_changes(mark, changed)
        rules_changes = [c for c in changes if c.kind == RULESET]
        found: list[Finding] = []
        try:
            for start in range(0, len(changes), BATCH):
                window = changes[start:start + BATCH]
                self._fetch_texts(self._needed(window, rules_changes))
                for change in window:
                    judged = self._judge_or_report(change, mark, rules_changes)
                    mark.dealt_with(change.rcid, change.timestamp)
                    if judged is not None:
                        self.checked.append(change.revid)
                        found.extend(judged)
                    if found and found[-1].change is change or change is window[-1]:
                        mark.save()
                self._texts = {k: v for k, v in self._texts.items() if k in {c.revid for c in window}}
            # every watched page judged up to the revision the look found: the next cycle asks only that again
            mark.latest = {t: look[t].revid or 0 for t in watched}
        except _Stop:
            log.info("run page “%s” stopped saying true: the patrol stopped; the rest waits", self.settings.run)
        finally:
            mark.save()
            self.findings.extend(found)
        return found

    def _watched_pages(self, gamestate: str | None) -> dict[str, str]:
        """The pages the patrol follows, each with its kind: the rules pages, the pages that steer the bot, and
        the gamestate page the Ruleset names."""
        watched = {self.settings.ruleset: RULESET, self.settings.building_blocks: BUILDING_BLOCKS}
        for control in (self.settings.constraints, self.settings.admins, self.settings.run):
            if control:
                watched.setdefault(control, CONTROL)
        if gamestate:
            watched[gamestate] = GAMESTATE
        return watched

    # ------------------------------------------------------------------ reading the wiki
    def _api(self, what: str, **params) -> dict:
        """One API request through the wiki's own (retries, one-line errors), counted."""
        self.requests += 1
        return self.wiki.api(what, **params)

    def _first_mark(self) -> PatrolMark:
        """No mark (the first run, or the state directory was lost): the patrol reaches back to the bot's own
        last edit, when it was last at work, and judges everything since; a bot that never edited starts
        from the newest edit."""
        for what, params in (("looking for the bot's own last edit", {"rcuser": self.wiki.username}),
                             ("looking for the newest edit", {})):
            data = self._api(what, action="query", list="recentchanges", rcdir="older", rclimit=1,
                             rcprop="ids|timestamp", **params)
            newest = data.get("query", {}).get("recentchanges", [])
            if newest:
                return PatrolMark(self.mark_file, newest[0]["timestamp"], {}, int(newest[0]["rcid"]))
        return PatrolMark(self.mark_file, _iso(datetime.now(timezone.utc)), {}, 0)

    def _read_overrides(self) -> list:
        return read_overrides(self.wiki, self.trust)

    def _recent_changes(self, mark: PatrolMark, watched: dict[str, str]) -> list[Change]:
        changes: list[Change] = []
        for title, kind in watched.items():
            params: dict[str, Any] = dict(
                action="query", list="recentchanges", rctitle=title, rcdir="newer", rcstart=mark.query_start(),
                rcprop="ids|title|user|timestamp|comment", rctype="edit|new", rclimit="max")
            while True:
                data = self._api(f"listing the recent changes of “{title}”", **params)
                for rc in data.get("query", {}).get("recentchanges", []):
                    rcid = int(rc["rcid"])
                    if not mark.is_new(rcid) or not rc.get("revid"):
                        continue
                    changes.append(Change(rcid, int(rc["revid"]), int(rc.get("old_revid") or 0), rc["title"],
                                          rc.get("user", ""), rc["timestamp"], rc.get("comment", ""), kind))
                more = data.get("continue", {}).get("rccontinue")
                if not more:
                    break
                params["rccontinue"] = more
        changes.sort(key=lambda c: (c.timestamp, c.rcid))
        return changes

    def _needed(self, window: list[Change], rules_changes: list[Change]) -> set[int]:
        needed: set[int] = set()
        for c in window:
            if not self._to_judge(c):
                continue
            needed.add(c.revid)
            if c.parent:
                needed.add(c.parent)
            if c.kind == GAMESTATE:
                revid = self._ruleset_revid_at(c, rules_changes)
                if revid not in self._constraints:
                    needed.add(revid)
        return {r for r in needed if r not in self._texts}

    def _fetch_texts(self, revids: Iterable[int]) -> None:
        wanted = sorted(set(revids))
        for start in range(0, len(wanted), BATCH):
            batch = wanted[start:start + BATCH]
            while batch:
                data = self._api("reading the edited revisions", action="query", prop="revisions",
                                 revids="|".join(map(str, batch)), rvprop="ids|content", rvslots="main")
                query = data.get("query", {})
                got = set()
                pages = query.get("pages", {})
                for page in pages.values() if isinstance(pages, dict) else pages:
                    for rev in page.get("revisions", []):
                        slot = rev.get("slots", {}).get("main", {})
                        text = slot.get("*", slot.get("content"))
                        hidden = "texthidden" in slot or "texthidden" in rev
                        self._texts[int(rev["revid"])] = None if hidden else text
                        got.add(int(rev["revid"]))
                bad = query.get("badrevids") or {}
                for revid in bad.keys() if isinstance(bad, dict) else (b.get("revid") for b in bad):
                    self._texts[int(revid)] = None
                    got.add(int(revid))
                rest = [r for r in batch if r not in got]
                if rest and not got:
                    raise PatrolError(f"The wiki returned none of the revisions {rest[:5]}…: check that the bot "
                                      "may read them.")
                batch = rest

    def _ruleset_revid_at(self, change: Change, rules_changes: list[Change]) -> int:
        """The Ruleset's revision when ``change`` was made: before the first later Ruleset change."""
        for r in rules_changes:
            if (r.timestamp, r.rcid) > (change.timestamp, change.rcid):
                return r.parent or self._current
        return self._current

    def _text(self, revid: int) -> str:
        """A revision's text: as fetched for this window, else read by the cycle's :class:`Trust`."""
        text = self._texts.get(revid)
        return text if text is not None else self.trust.text(revid)

    def _accepted(self, title: str, revid: int | None = None) -> Accepted | None:
        """The page as Admins and the bot left it (:mod:`actions.accepted`) as of revision ``revid``; the
        Admins page as the wiki's sysops left it."""
        return self.trust.accepted(title, revid, sysops_only=title == self.settings.admins)

    def _known_state(self, title: str, revid: int) -> Accepted | None:
        """:meth:`_accepted`, or None (logged) when what Admins left cannot be told: a trusted edit's change is then
        carried onto nothing, and the pages' readers say so themselves."""
        try:
            return self._accepted(title, revid)
        except NotKnown as error:
            log.warning("patrol: %s", error)
            return None

    def _constraints_at(self, revid: int) -> tuple[ruleset_parser.Ruleset, list[Constraint]]:
        """What judges a gamestate edit made while the Ruleset's revision ``revid`` stood: that revision as
        Admins and the bot left it (edits by others count only once an Admin accepts them)."""
        if revid not in self._constraints:
            try:
                state = self._accepted(self.settings.ruleset, revid) or Accepted(revid, None)
                text = state.text(self._text)
            except (WikiError, TextHidden) as error:   # a text hidden or deleted, no known point: judged by the
                if revid == self._current or self._current not in self._constraints:   # Ruleset as it is now
                    raise                               # unknown now: each gamestate edit is reported, not passed
                log.warning("patrol: %s; gamestate edits are judged by the Ruleset as it is now", error)
                return self._constraints[self._current]
            if not state.clean and revid not in self._said:
                self._said.add(revid)
                log.info("patrol: the Ruleset's revision %s carries edits no Admin has accepted (%s); gamestate "
                         "edits are judged by the Ruleset without them", revid, state.unaccepted())
            self._constraints[revid] = operations.rules(ruleset_parser.parse(text), self._overrides)
        return self._constraints[revid]

    def _to_judge(self, change: Change) -> bool:
        """Every edit but the bot's own."""
        return change.user != self.wiki.username

    def _is_admin(self, user: str) -> bool:
        return self.trust.is_admin(user)

    # ------------------------------------------------------------------ judging
    def _judge_or_report(self, change: Change, mark: PatrolMark, rules_changes: list[Change]) -> list[Finding] | None:
        """:meth:`_deal_with`, except that an edit the bot cannot judge (a page beyond the size limit,
        text that breaks a parser) is reported once and passed: one such edit must not hold back the
        mark, and with it every later edit, for good. A fault of the wiki (down, read-only, a page
        protected against the bot) is not the edit's: it stops the cycle, and the edit waits."""
        try:
            return self._deal_with(change, mark, rules_changes)
        except (_Stop, WikiError):
            raise
        except Exception as error:  # noqa: BLE001 - whatever the reason, this edit is for humans
            log.exception("patrol: %s on “%s” could not be judged", change.diff_link, change.title)
            why = str(error).split(":")[0] if isinstance(error, TooLarge) else str(error)  # size, limit: no advice
            return [self._report(change, f"could not be judged: {why.rstrip('.')}. Not judged; check it by hand.")]

    def _deal_with(self, change: Change, mark: PatrolMark, rules_changes: list[Change]) -> list[Finding] | None:
        """What was found about one edit; None when it is not judged (the bot's own)."""
        if not self._to_judge(change):
            return None
        new = self._texts.get(change.revid)
        old = self._texts.get(change.parent, "") if change.parent else ""
        if new is None or old is None:
            which = "its text" if new is None else "the text of the revision before it"
            return [self._report(change, f"could not be judged: {which} cannot be read (hidden or deleted). "
                                         "Not judged; check it by hand.")]
        if change.kind == CONTROL:
            return self._review_control(change, new)
        if change.kind != GAMESTATE:
            return self._review_rules(change, old, new)
        at_the_time = self._constraints_at(self._ruleset_revid_at(change, rules_changes))
        result = check_edit(*at_the_time, old, new, page=change.title)
        silencing = self._silencing(change, old, new)
        if silencing is not None:
            said = (f"{silencing.new} added to the gamestate page; only an Admin's {{{{nobots}}}} or {{{{bots}}}} "
                    "stops the bot there.")
            result = CheckResult(False, result.violations + [silencing],
                                 f"{result.summary} {said}" if result.violations else said,
                                 result.checked, result.notes, result.cannot_judge)
        if result.verdict == CANNOT_JUDGE:
            return self._cannot_judge(change, old, new, result, mark, at_the_time)
        mark.readable[change.title] = change.revid
        if result.legal:
            reviewed = self._review_enactment(change, old, new, at_the_time[0])[0]
            return [reviewed] if reviewed is not None else []
        finding = self._act(change, old, new, result, mark, at_the_time)
        return [finding] if finding else []

    def _silencing(self, change: Change, old: str, new: str) -> Violation | None:
        """A ``{{nobots}}`` or ``{{bots}}`` template that excludes the bot, added to the gamestate page by
        anyone but an Admin: it would blind the guard, so it is an illegal change like any other (undone,
        or reported), and it does not stop the bot meanwhile (:meth:`wikibot.site.Wiki.exclusion_counts`)."""
        bot = self.wiki.username
        if bots_allowed(new, bot) or not bots_allowed(old, bot) or self._is_admin(change.user):
            return None
        added = [m.group(0) for m in markup.BOTS_TEMPLATE.finditer(new) if m.group(0) not in old] or ["{{nobots}}"]
        return Violation(None, None, "the bots template", None, added[0],
                         "only an Admin may stop the bot on the gamestate page", "the bot's README")

    def _cannot_judge(self, change: Change, old: str, new: str, result: CheckResult, mark: PatrolMark,
                      at_the_time: tuple) -> list[Finding]:
        """An edit the check cannot judge is always reported. When the page before it could not be read, the
        edit is judged against the page's last readable revision instead: values changed since then are
        judged once the page reads as tables again."""
        reasons = result.cannot_judge
        if any(r.startswith(UNREADABLE_BEFORE) for r in reasons):
            readable = self._last_readable(change, mark)
            if readable is None:
                return [self._report(change, "cannot judge: the page before the edit cannot be read as tables, and "
                                             "no earlier revision the bot can read was found. Not undone; check it "
                                             "by hand.")]
            since, text = readable
            again = check_edit(*at_the_time, text, new, page=change.title)
            broken = f"the page has not read as tables since [[Special:Diff/{since}]]"
            if again.verdict == CANNOT_JUDGE:
                if any(r.startswith(UNREADABLE_AFTER) for r in again.cannot_judge):
                    return [self._report(change, f"cannot judge: {broken}, and it still does not, so the values this "
                                                 "edit changed were not checked. Not undone; put the page right by "
                                                 "hand (the bot then judges every value changed meanwhile).")]
                mark.readable[change.title] = change.revid
                return [self._report(change, f"cannot judge: {broken}; compared with that revision: "
                                             f"{'; '.join(again.cannot_judge)}. Not undone; check it by hand.")]
            mark.readable[change.title] = change.revid
            if again.legal:
                return []
            return [self._report(change, f"illegal values set while the page could not be read as tables "
                                         f"(since [[Special:Diff/{since}]]), now readable again: {again.summary} "
                                         "Not undone: more than one edit may have made them; put them right by "
                                         "hand, or raise a Call for Judgement.")]
        if any(r.startswith(UNREADABLE_AFTER) for r in reasons):
            # the page was readable before this edit: the edit broke it, and nothing in it was checked
            mark.readable[change.title] = change.parent
            return [self._report(change, f"the edit left the page unreadable to the bot: {result.notes[0]}. "
                                         "Its values were not checked; put the page right by hand (the bot then "
                                         "judges every value changed meanwhile).")]
        mark.readable[change.title] = change.revid
        return [self._report(change, f"cannot judge: {'; '.join(reasons)}. Not undone; check it by hand.")]

    def _last_readable(self, change: Change, mark: PatrolMark) -> tuple[int, str] | None:
        """(revision, text) of the newest revision before ``change`` that reads as tables: the one the mark
        remembers, else found in the page's history (a lost state directory)."""
        from parsers.gamestate import GamestateError, parse_gamestate

        known = mark.readable.get(change.title)
        if known and known < change.revid:
            try:
                return known, self._text(known)
            except (WikiError, TextHidden):
                pass
        for revid, _user, _time, _summary, text in self.wiki.history_back(change.title, self.trust.depth,
                                                                           start=change.parent):
            try:
                parse_gamestate(text)
            except GamestateError:
                continue
            return revid, text
        return None

    def _review_control(self, change: Change, new: str) -> list[Finding]:
        """An edit of a page that steers the bot (the constraints page, the Admins page, the run page) by
        anyone but an Admin (a sysop, for the Admins page) or the bot: logged for humans. The constraints
        and Admins pages go on counting as Admins left them; the run page says what it now says."""
        title = change.title
        admins_page = title == self.settings.admins
        trusted = change.user == self.wiki.username or (
            change.user in self.trust.sysops([change.user]) if admins_page else self._is_admin(change.user))
        if trusted:
            state = self._known_state(title, change.revid) if title != self.settings.run else None
            if state is not None and change.revid in {r.revid for r in state.uncarried}:
                return [self._report(change, f"the edit of “{title}” could not be carried onto the page as Admins "
                                             f"left it: it touches lines changed by edits no Admin has accepted "
                                             f"({state.unaccepted()}). The bot goes on without it until an Admin "
                                             "accepts the page (an edit with a summary starting “Accept”).")]
            return []
        if title == self.settings.run:
            shown = " ".join(new.split())
            shown = shown if len(shown) <= 60 else shown[:59] + "…"
            return [self._report(change, f"{change.user}, who is not an Admin, edited the run page (the bot's stop "
                                         f"switch); it now reads “{shown}”. Only Admins should switch the bot: "
                                         "protect the run page (see the bot's README).")]
        what = ("the list of Admins" if admins_page else "the constraints page, which corrects or switches off the "
                                                         "limits the guard enforces")
        who = "a sysop" if admins_page else "an Admin"
        return [self._report(change, f"{change.user}, who is not {'a sysop' if admins_page else 'an Admin'}, edited "
                                     f"{what}. The bot goes on reading it as {who} last left it, until {who} accepts "
                                     "the edit (an edit of the page with a summary starting “Accept”) or reverts it.")]

    def _review_rules(self, change: Change, old: str, new: str) -> list[Finding]:
        """A Ruleset or Building Blocks edit. An Admin's (or the bot's) is reported when it changes more than a
        typo and names no enactment, Call for Judgement or acceptance, and when its change could not be carried
        onto the Ruleset as Admins left it. Anyone else's is logged whatever its summary says, unless it names a
        proposal on the request page and its review is clean: it counts only once an Admin accepts it."""
        reviewed, clean = (self._review_enactment(change, old, new) if change.kind == RULESET else (None, False))
        found = [reviewed] if reviewed is not None else []
        review = review_edit(old, new)
        if self._trusted(change.user):
            state = self._known_state(change.title, change.revid) if change.kind == RULESET else None
            if state is not None and change.revid in {r.revid for r in state.uncarried}:
                found.append(self._report(change, f"the change could not be carried onto the Ruleset as Admins left "
                                                  f"it: it touches lines changed by edits no Admin has accepted "
                                                  f"({state.unaccepted()}). Gamestate edits are judged without it "
                                                  "until an Admin accepts the Ruleset (an edit with a summary "
                                                  "starting “Accept”)."))
            if reviewed is not None or review.typo or names_enactment(change.comment):
                return found
            if self._is_admin(change.user) and self._accepts(change):
                # an Admin accepting the edits before (summary "Accept …"), or reverting to an earlier text
                # (of an unauthorised edit): the Admin has reviewed them, nothing new to review
                return found
            return found + [self._report(change, f"“{change.title}” changed beyond a typo fix ({review.reason}), and "
                                                 "the edit summary names no enactment or Call for Judgement; an Admin "
                                                 "should check that the change was authorised.")]
        if reviewed is not None and clean:
            return found
        change_said = "a typo-level fix" if review.typo else review.reason
        named = (" the proposal its summary names is not on the request page" if reviewed is None and
                 names_enactment(change.comment) else " its review is not clean" if reviewed is not None else "")
        judged = ("gamestate edits are judged by the Ruleset without it" if change.kind == RULESET else
                  "a Dynastic Reset would transcribe the page as it stands, so accept or revert it before one")
        return found + [self._report(change, f"“{change.title}” changed by {change.user}, who is not an Admin "
                                             f"({change_said}){';' + named if named else ''}. It does not count "
                                             f"until an Admin accepts it (an Admin's edit of the page with a summary "
                                             f"starting “Accept”) or reverts it: {judged}.")]

    def _trusted(self, user: str) -> bool:
        return self.trust.trusted(user)

    def _accepts(self, change: Change) -> bool:
        """An Admin's edit that accepts the page whole: summary "Accept …", or the exact text of an earlier
        revision put back (a revert; found by the revisions' checksums)."""
        history = self.trust.history(change.title)
        ids = [int(rev["revid"]) for rev in history]
        if change.revid not in ids:
            return bool(ACCEPT.match(change.comment or ""))
        at = ids.index(change.revid)
        earlier = {rev.get("sha1", "") for rev in history[at + 1:]}
        mine = history[at]
        return accepts_whole(Revision(change.revid, change.parent, change.user, change.comment,
                                      mine.get("sha1", ""), True, True), earlier)

    def _review_enactment(self, change: Change, old: str, new: str,
                          ruleset: ruleset_parser.Ruleset | None = None) -> tuple[Finding | None, bool]:
        """An edit whose summary names a proposal on the request page: reviewed against it (see
        :mod:`wikibot.reviews`), the review on the log page; (the finding, whether the review is clean).
        (None, False) when the summary names none. Only the log page is written: a review never changes
        the Ruleset or the gamestate."""
        if not names_enactment(change.comment):
            return None, False
        if self._requests is None:
            page = self.wiki.read(self.settings.requests)
            self._requests = request_page.parse(page.text) if page.exists else []
        found = reviews.find_proposal(self._requests, change.comment)
        if found is None:
            return None, False
        edit = reviews.Edit(change.revid, change.title, change.user, old, new)
        review = reviews.review_edit(self.wiki, edit, reviews.proposal_title(found), found.text, ruleset_now=ruleset)
        finding = self._report(change, review.summary, reviews.detail_lines(review, change.revid), action=REVIEWED)
        return finding, review.exit_code == EXIT_CLEAN

    def _act(self, change: Change, old: str, new: str, result: CheckResult, mark: PatrolMark,
             at_the_time: tuple) -> Finding | None:
        summary = result.summary
        if self.settings.guard_mode == "report-only":
            return self._report(change, f"illegal: {summary} Would be undone (report-only mode).")
        if not change.parent:
            return self._report(change, f"the page was created with illegal values: {summary} "
                                        "Not undone (the bot does not blank pages); fix it by hand.")
        key = change_key(result)
        before = mark.undone_before(change.user, key, change.revid)
        if before is not None:
            where = f"in [[Special:Diff/{before['undo']}]]" if before.get("undo") else f"after [[Special:Diff/{before['revid']}]]"
            return self._report(change, f"{change.user} made again a change the bot undid {where}: {summary} "
                                        "Not undone a second time: humans decide (raise a Call for Judgement).")
        if self._is_admin(change.user) and not self.settings.revert_admins:
            return self._report(change, f"illegal edit by an Admin: {summary} Not undone (Admins' edits are "
                                        "only reported).")
        return self._undo(change, old, new, result, mark, key, at_the_time)

    def _undo(self, change: Change, old: str, new: str, result: CheckResult, mark: PatrolMark,
              key: list, at_the_time: tuple) -> Finding | None:
        title = change.title
        now = self._constraints_at(self._current)
        illegal = {tuple(k) for k in key}
        # values the edit overwrote that were illegal already: putting them back is part of the undo
        restoring = {tuple(k) for k in change_key(check_edit(*now, new, old, page=title))}
        made: list[str] = []
        reasons: list[str] = []

        def compute(text: str) -> tuple[str, str]:
            undone, reason = attempt(text)
            reasons.append(reason)
            return undone, reason

        def attempt(text: str) -> tuple[str, str]:
            undone = reverse_onto(new, old, text)
            if undone is None or undone == text:
                still = {tuple(k) for k in change_key(check_edit(*at_the_time, old, text, page=title))}
                if not still & illegal:
                    return text, "already undone"
                return text, "later edits touch the same place, so it cannot be undone alone"
            again = check_edit(*now, text, undone, page=title)
            if not again.legal and not {tuple(k) for k in change_key(again)} <= restoring:
                return text, f"undoing it would itself set illegal values ({again.summary.rstrip('.')})"
            left = {tuple(k) for k in change_key(check_edit(*at_the_time, old, undone, page=title))}
            if left & illegal:
                return text, "its illegal values would remain after the undo"
            made.append(undone)
            return undone, "undone"

        current = self._page.pop(title, None) or self.wiki.read(title)
        summary = undo_summary(change.revid, change.user, result)
        # Remembered before the save: a process killed just after it must not forget the undo, or
        # the same change made again would be undone a second time instead of reported.
        memory = {"user": change.user, "change": key, "revid": change.revid, "undo": None}
        mark.undone.append(memory)
        mark.save()
        try:
            saved = self.wiki.save(current, compute, summary)
        except WritesDisabled:
            mark.undone.remove(memory)
            raise _Stop() from None
        except WikiError as error:
            mark.undone.remove(memory)
            problem = not_undone_because(error)
        else:
            if saved is None:
                mark.undone.remove(memory)
            else:
                # the page as saved: the next undo starts from it without reading it again (the save
                # looks at the latest revision before sending in any case)
                self._page[title] = saved.page
                memory["undo"] = saved.revid
                log.info("patrol: %s", summary)
                return Finding(change, UNDONE, summary, saved.revid)
            problem = reasons[-1]
            if problem == "already undone":
                log.info("patrol: %s by %s was illegal and is undone already", change.diff_link, change.user)
                return None
        return self._report(change, f"illegal: {result.summary} Not undone: {problem.rstrip('.')}. "
                                    "Undo it by hand, or raise a Call for Judgement.")

    # ------------------------------------------------------------------ the log page
    def _report(self, change: Change, what: str, details: Iterable[str] = (), action: str = REPORTED) -> Finding:
        finding = Finding(change, action, re.sub(r"\s+", " ", what).strip())
        line = finding.log_line()
        below = "".join(f"** {inert(d)}\n" for d in details)
        log.warning("patrol: %s by %s: %s", change.diff_link, change.user, finding.text)

        def compute(text: str) -> tuple[str, str]:
            if line in text.split("\n"):   # written already (a restart between the save and the mark)
                return text, line
            return (text.rstrip("\n") + "\n" if text.strip() else "") + line + "\n" + below, line

        title = self.settings.log
        base = self._page.pop(title, None) or self.wiki.read(title)
        try:
            summary = (f"Patrol: review of {change.diff_link} by {change.user}" if action == REVIEWED
                       else f"Patrol: {change.diff_link} by {change.user} needs a human")
            saved = self.wiki.save(base, compute, summary)
        except WritesDisabled:
            raise _Stop() from None
        self._page[title] = saved.page if saved else base
        return finding


__all__ = ["Patrol", "PatrolMark", "PatrolError", "Finding", "Change", "undo_summary", "inert",
           "change_key", "not_undone_because", "UNDONE", "REPORTED", "REVIEWED", "OVERLAP", "BATCH"]

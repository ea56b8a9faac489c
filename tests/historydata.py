"""A generated history of the Ruleset and the bot's request page, and the truth about it.

A game of Lamplighters, played over a few hundred revisions: the bot enacts proposals posted on its request
page, Admins enact some by hand (one with a slip), fix a typo, a player changes a rule on their own and an
Admin reverts it, a rule is renamed, another repealed and enacted again. Every text is written by
:func:`actions.enact.enact` where an enactment writes it (so a clean hand enactment is exactly what the
proposal asks for), and every change records, beside the text, which revision truly wrote each sentence
(:attr:`History.truth`) and why each revision was made (:attr:`History.causes`). :func:`export_xml` writes it
all as MediaWiki's ``Special:Export`` does (schema 0.11).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from actions.enact import enact
from actions.lineage import segments
from parsers import names
from parsers import ruleset as rsmod
from parsers.proposal import parse_proposal

BOT, ADMIN, PLAYER = "WikiBot", "AdminAlice", "PlainBob"
RULESET, REQUESTS = "Ruleset", f"User:{BOT}/Requests"

BASE = """= Core Rules =

== Ruleset and Gamestate ==
This is the Ruleset of the Lamplighters. The gamestate tracking page for this dynasty is the [[Lamp Ledger]] page of the wiki.

== Lamplighters ==
Each Lamplighter may light one Lantern a day. A Lamplighter who lights none may rest.

= Dynastic Rules =

== Lanterns ==
Each Lantern holds three measures of Oil. A Lantern that holds none is dark.

== Oil ==
Each Lamplighter has a publicly tracked number of Oil, defaulting to 3. Oil may be traded at the Market.

== Moths ==
A Moth is drawn to every lit Lantern. Moths cannot be traded.

= Appendix =

== Numbers ==
Numbers that the rules track are non-negative integers unless a rule says otherwise.
"""


@dataclass
class Rev:
    title: str
    revid: int
    parent: int
    user: str
    timestamp: str
    comment: str
    text: str


@dataclass
class History:
    revisions: list[Rev] = field(default_factory=list)
    causes: dict[int, tuple[str, str]] = field(default_factory=dict)     # Ruleset revid → (cause, proposal)
    truth: dict[tuple[str, str], int] = field(default_factory=dict)     # (rule key, sentence) → revision
    events: dict[str, list[tuple[int, str]]] = field(default_factory=dict)   # rule → [(revid, event)]
    marks: dict[str, int] = field(default_factory=dict)                 # named revisions of the story
    _next: int = 100
    _minute: int = 0
    _requests: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ the wiki's side
    def latest(self, title: str) -> Rev | None:
        return next((r for r in reversed(self.revisions) if r.title == title), None)

    def save(self, title: str, user: str, text: str, comment: str) -> int:
        self._next += 1
        self._minute += 7
        before = self.latest(title)
        day, minute = divmod(self._minute, 24 * 60)
        stamp = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T{minute // 60:02d}:{minute % 60:02d}:00Z"
        self.revisions.append(Rev(title, self._next, before.revid if before else 0, user, stamp, comment, text))
        return self._next

    @property
    def ruleset(self) -> str:
        return self.latest(RULESET).text

    def post(self, section: str, user: str = ADMIN) -> int:
        """A request section on the bot's request page (the page keeps its latest five sections)."""
        self._requests = (self._requests + [section])[-5:]
        return self.save(REQUESTS, user, "\n\n".join(self._requests) + "\n", "/* new request */")

    # ------------------------------------------------------------------ the truth about sentences
    def _sentences(self, text: str) -> dict[tuple[str, str], None]:
        page = rsmod.parse(text)
        out = {}
        for block in page.blocks:
            for line in block.text().split("\n"):
                for seg in segments(line):
                    if seg.strip():
                        out[(block.key, seg.strip())] = None
        return out

    def _carry(self, old: str, new: str, revid: int, keep: dict[tuple[str, str], int] | None = None) -> None:
        """Sentences the edit left alone keep their revision; new ones are this revision's (or ``keep``'s)."""
        now = self._sentences(new)
        truth = {}
        for key in now:
            truth[key] = (keep or {}).get(key) or self.truth.get(key) or revid
        self.truth = truth

    def ruleset_edit(self, user: str, text: str, comment: str, cause: str, proposal: str = "",
                     keep: dict | None = None) -> int:
        old = self.ruleset if self.latest(RULESET) else ""
        revid = self.save(RULESET, user, text, comment)
        self.causes[revid] = (cause, proposal)
        self._carry(old, text, revid, keep)
        return revid

    def event(self, rule: str, revid: int, what: str) -> None:
        self.events.setdefault(rule, []).append((revid, what))

    # ------------------------------------------------------------------ the story's moves
    def setup(self) -> int:
        revid = self.ruleset_edit(ADMIN, BASE, "New dynasty: the Lamplighters", "setup")
        for rule in ("Lamplighters", "Lanterns", "Oil", "Moths"):
            self.event(rule, revid, "created")
        return revid

    def enacted(self, name: str, body: str) -> str:
        result = enact(parse_proposal(f"Proposal: {name}", body), self.ruleset, None)
        assert result.report.complete, result.report.render()
        return result.pages["Ruleset"], result.report.summary

    def by_bot(self, name: str, body: str, keep: dict | None = None) -> int:
        request = self.post(f"== Enact: {name} ==\n{{{{Enact|title=Proposal: {name}}}}}\n{body}")
        text, summary = self.enacted(name, body)
        revid = self.ruleset_edit(BOT, text, f"{summary} (request [[Special:Diff/{request}|r{request}]])",
                                  "bot enactment", name, keep)
        self.post(f"== Answer: {name} ==\nDone: {summary}", user=BOT)
        return revid

    def by_hand(self, name: str, body: str, slip: tuple[str, str] | None = None) -> int:
        self.post(f"== Review: {name} ==\n{{{{Review|title=Proposal: {name}}}}}\n{body}")
        text, _summary = self.enacted(name, body)
        if slip:
            assert slip[0] in text
            text = text.replace(slip[0], slip[1], 1)
        return self.ruleset_edit(ADMIN, text, f"Enacting Proposal: {name}",
                                 "hand enactment with differences" if slip else "hand enactment", name)


def sentences_of(history: History, rule: str) -> dict[str, int]:
    key = names.title_key(rule)
    return {s: r for (k, s), r in history.truth.items() if k == key}


def generate(wicks: int = 100) -> History:
    """The story: ``wicks`` rules enacted by the bot, and among them every other kind of change once."""
    h = History()
    h.marks["setup"] = h.setup()
    for i in range(1, wicks + 1):
        body = (f"Add a new rule to the Ruleset, called “Wick {i}”, with the following text:\n\n"
                f"Wick {i} burns for {i} hours. A Lamplighter who trims Wick {i} gains one Oil.\n")
        h.marks[f"Wick {i}"] = h.by_bot(f"Wick {i}", body)
        if i == 5:
            h.marks["Brighter"] = h.by_hand("Brighter", "In the rule “Lanterns”, replace “three measures” with "
                                                        "“four measures”.\n")
            h.event("Lanterns", h.marks["Brighter"], "amended")
        elif i == 8:
            h.marks["Dusk"] = h.by_bot("Dusk", "Add a new rule to the Ruleset, called “Dusk”, with the following "
                                               "text:\n\nAt dusk every Lamplighter shall recieve one Oil.\n")
            fixed = h.ruleset.replace("shall recieve one Oil", "shall receive one Oil")
            h.marks["typo"] = h.ruleset_edit(ADMIN, fixed, "spelling", "typo fix",
                                             keep={("dusk", "At dusk every Lamplighter shall receive one Oil."):
                                                   h.marks["Dusk"]})
        elif i == 12:
            before = copy.deepcopy(h.truth)
            mine = h.ruleset.replace("may light one Lantern a day.", "may light two Lanterns a day.")
            h.marks["unauthorised"] = h.ruleset_edit(PLAYER, mine, "more lanterns for everyone", "unexplained")
            restored = h.revisions[[r.revid for r in h.revisions].index(h.latest(RULESET).parent)].text
            h.marks["revert"] = h.ruleset_edit(ADMIN, restored, "Revert an edit no proposal allowed", "revert",
                                               keep=before)
            h.event("Lamplighters", h.marks["unauthorised"], "amended")
            h.event("Lamplighters", h.marks["revert"], "amended")
        elif i == 15:
            moved = {("moth swarm", s): r for s, r in sentences_of(h, "Moths").items() if not s.startswith("==")}
            h.marks["rename"] = h.by_bot("Moth Swarm", "Rename the rule “Moths” to “Moth Swarm”.\n", keep=moved)
            h.event("Moths", h.marks["rename"], "renamed (from “Moths”)")
        elif i == 18:
            h.marks["repeal"] = h.by_bot("Dry Season", "Repeal the rule “Oil”.\n")
            h.event("Oil", h.marks["repeal"], "repealed")
        elif i == 20:
            h.marks["slip"] = h.by_hand("Longer Nights", "In the rule “Lanterns”, replace “none is dark.” with "
                                                         "“none is dark for two days.”\n",
                                        slip=("for two days", "for three days"))
            h.event("Lanterns", h.marks["slip"], "amended")
        elif i == 25:
            h.marks["reenact"] = h.by_hand("Oil Again", "Add a new rule to the Ruleset, called “Oil”, with the "
                                                        "following text:\n\nEach Lamplighter has a publicly tracked "
                                                        "number of Oil, defaulting to 2.\n")
            h.event("Oil", h.marks["reenact"], "re-enacted")
        elif i == 30:
            h.marks["Wick 3 longer"] = h.by_bot("Longer Wick", "In the rule “Wick 3”, replace “burns for 3 hours” "
                                                               "with “burns for 4 hours”.\n")
            h.event("Wick 3", h.marks["Wick 3 longer"], "amended")
    return h


# ============================================================================ the export


def export_xml(history: History, titles: tuple[str, ...] | None = None) -> bytes:
    """The history as MediaWiki's Special:Export writes it (schema 0.11), one <page> per title."""
    pages: dict[str, list[Rev]] = {}
    for rev in history.revisions:
        if titles is None or rev.title in titles:
            pages.setdefault(rev.title, []).append(rev)
    out = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="0.11" xml:lang="en">',
           "  <siteinfo>", "    <sitename>Lamplighters</sitename>", "    <dbname>lamps</dbname>",
           "    <base>http://127.0.0.1/index.php/Main_Page</base>", "    <generator>MediaWiki 1.39.3</generator>",
           "    <case>first-letter</case>", "    <namespaces>",
           '      <namespace key="0" case="first-letter" />',
           '      <namespace key="2" case="first-letter">User</namespace>', "    </namespaces>", "  </siteinfo>"]
    for n, (title, revs) in enumerate(pages.items(), 1):
        ns = 2 if title.startswith("User:") else 0
        out += ["  <page>", f"    <title>{escape(title)}</title>", f"    <ns>{ns}</ns>", f"    <id>{n}</id>"]
        for rev in revs:
            body = escape(rev.text)
            out += ["    <revision>", f"      <id>{rev.revid}</id>"]
            if rev.parent:
                out.append(f"      <parentid>{rev.parent}</parentid>")
            out += [f"      <timestamp>{rev.timestamp}</timestamp>",
                    f"      <contributor><username>{escape(rev.user)}</username><id>{len(rev.user)}</id></contributor>",
                    f"      <comment>{escape(rev.comment)}</comment>", "      <model>wikitext</model>",
                    "      <format>text/x-wiki</format>",
                    f'      <text bytes="{len(rev.text.encode())}" xml:space="preserve">{body}</text>',
                    "      <sha1>0</sha1>", "    </revision>"]
        out.append("  </page>")
    out.append("</mediawiki>\n")
    return "\n".join(out).encode("utf-8")


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()

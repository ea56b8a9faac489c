"""The answers of the Ruleset's history: a rule's ``git blame`` and timeline, and the audit of every revision.

Pure: a revision's text and its :data:`actions.lineage.State`, the rule's events and the revisions they
name (each with its cause) in; the answer as JSON and as lines out. What the wiki's history holds and
how it is kept is :mod:`wikibot.history`'s business.

* :func:`rule_answer` — the rule as it stands, paragraph by paragraph (a heading line, a paragraph, a
  list item), each with the revision that wrote it; a paragraph whose sentences come from several
  revisions is given sentence by sentence (neighbouring sentences of one origin together); and the
  rule's timeline, across its renames.
* :func:`audit_answer` — every revision, the ones that need a look first (:attr:`Cause.concern`: the
  unexplained, the enactments with differences, the reverts of enactments), each group oldest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from actions import lineage
from parsers import names
from parsers import ruleset as rsmod


@dataclass
class Origin:
    """A revision as the answers show it."""

    revid: int
    user: str
    timestamp: str
    cause: str
    proposal: str = ""
    detail: str = ""
    concern: bool = False

    @property
    def when(self) -> str:
        return self.timestamp.replace("T", " ").replace("Z", " UTC")


@dataclass
class Piece:
    text: str
    revid: int
    paragraph: int      # the paragraph's number in the rule (from 1): pieces of one paragraph share it


@dataclass
class Standing:
    """A rule as it stands in one revision: its title, the identities of it and its subrules, its pieces."""

    title: str
    rules: list[int]
    pieces: list[Piece]


def standing(text: str, state: lineage.State, name: str) -> Standing:
    """The rule ``name`` (found as references find it: :meth:`parsers.ruleset.Ruleset.find`) in a revision's
    text, with its subrules, cut into pieces with their origins. Raises :class:`parsers.ruleset.RuleNotFound`
    (or :class:`~parsers.ruleset.AmbiguousRule`)."""
    page = rsmod.parse(text)
    rule = page.find(name)
    blocks = page.subtree(rule)
    at = {id(b): k + 1 for k, b in enumerate(page.blocks)}    # unit 0 is the top of the page
    pieces: list[Piece] = []
    paragraph = 0
    for block in blocks:
        unit = state[at[id(block)]]
        for line, origins in zip(block.text().split("\n"), unit.lines):
            if not line.strip():
                continue
            paragraph += 1
            segs = lineage.segments(line)
            if len(set(origins)) <= 1:
                pieces.append(Piece(line.strip(), origins[0] if origins else 0, paragraph))
                continue
            run, run_origin = "", None
            for seg, origin in zip(segs, origins):
                if run and origin != run_origin:
                    pieces.append(Piece(run.strip(), run_origin, paragraph))
                    run = ""
                run, run_origin = run + seg, origin
            if run.strip():
                pieces.append(Piece(run.strip(), run_origin, paragraph))
    return Standing(rule.title, [state[at[id(b)]].rule for b in blocks], pieces)


def timeline(events: list[tuple[int, lineage.Event]], origins: dict[int, Origin]) -> list[dict]:
    out = []
    for revid, event in events:
        origin = origins.get(revid)
        what = event.event + (f" (from “{event.detail}”)" if event.event == lineage.RENAMED_EVENT and event.detail
                              else "")
        out.append({"revision": revid, "event": what, "title": event.title,
                    "cause": origin.cause if origin else "", "proposal": origin.proposal if origin else ""})
    return out


def rule_answer(name: str, now: Standing | None, events: list[tuple[int, lineage.Event]],
                origins: dict[int, Origin]) -> dict:
    """The answer's JSON: ``{"rule", "paragraphs": [{"text", "revision", "user", "timestamp", "cause",
    "proposal"}], "timeline": [{"revision", "event", "cause", "proposal"}]}``."""
    paragraphs = []
    for piece in (now.pieces if now else []):
        o = origins.get(piece.revid) or Origin(piece.revid, "", "", "")
        paragraphs.append({"text": piece.text, "revision": piece.revid, "user": o.user, "timestamp": o.timestamp,
                           "cause": o.cause, "proposal": o.proposal})
    events_out = [{k: v for k, v in e.items() if k != "title"} for e in timeline(events, origins)]
    return {"rule": now.title if now else name, "paragraphs": paragraphs, "timeline": events_out}


def _cause_words(origin: Origin) -> str:
    return origin.cause + (f" of “{origin.proposal}”" if origin.proposal else "")


def rule_lines(answer: dict, now: Standing | None, origins: dict[int, Origin], *, link, quote=lambda s: s,
               width: int = 100) -> list[str]:
    """The answer as lines: a head, one line a paragraph (or sentence), the timeline. ``link(revid)`` writes a
    diff link (a URL, or ``[[Special:Diff/N]]`` on the wiki); ``quote(text)`` makes page text safe to show."""
    lines = []
    if now is None:
        lines.append(f"“{answer['rule']}” does not stand in the Ruleset now; its timeline:")
    else:
        lines.append(f"“{answer['rule']}” as it stands, paragraph by paragraph (the revision that wrote each):")
        last_paragraph = 0
        for piece in now.pieces:
            o = origins.get(piece.revid) or Origin(piece.revid, "?", "", "")
            text = piece.text if len(piece.text) <= width else piece.text[:width - 1] + "…"
            lead = f"¶{piece.paragraph}" if piece.paragraph != last_paragraph else "  ·"
            last_paragraph = piece.paragraph
            lines.append(f"{lead} {quote(text)} — r{piece.revid} by {quote(o.user)}, {o.when}, "
                         f"{quote(_cause_words(o))} ({link(piece.revid)})")
        lines.append("Timeline:")
    for entry in timeline_entries(answer, origins):
        lines.append(entry if now is None else "  " + entry)
    return lines


def timeline_entries(answer: dict, origins: dict[int, Origin]) -> list[str]:
    out = []
    for e in answer["timeline"]:
        o = origins.get(e["revision"]) or Origin(e["revision"], "?", "", e["cause"])
        out.append(f"r{e['revision']} {o.when} — {e['event']} by {o.user}: {_cause_words(o)}")
    return out


# ============================================================================ the audit


def audit_order(origins: list[Origin]) -> list[Origin]:
    """Those that need a look first (:attr:`Origin.concern`), then the rest; each group oldest first."""
    ordered = sorted(origins, key=lambda o: o.revid)
    return [o for o in ordered if o.concern] + [o for o in ordered if not o.concern]


def audit_answer(origins: list[Origin]) -> dict:
    """``{"revisions": [{"revision", "user", "timestamp", "cause", "proposal", "detail"}]}``."""
    return {"revisions": [{"revision": o.revid, "user": o.user, "timestamp": o.timestamp, "cause": o.cause,
                           "proposal": o.proposal, "detail": o.detail} for o in audit_order(origins)]}


def audit_headline(origins: list[Origin]) -> str:
    counts: dict[str, int] = {}
    for o in origins:
        counts[o.cause] = counts.get(o.cause, 0) + 1
    look = sum(1 for o in origins if o.concern)
    parts = ", ".join(f"{n} {cause}" for cause, n in sorted(counts.items(), key=lambda kv: -kv[1]))
    return (f"{len(origins)} revision{'s' * (len(origins) != 1)}"
            + (f" ({parts})" if parts else "") + f"; {look} need{'s' * (look == 1)} a look")


def audit_line(o: Origin, *, link, quote=lambda s: s) -> str:
    return (f"r{o.revid} {o.when} by {quote(o.user)} — {quote(_cause_words(o))}: {quote(o.detail)} "
            f"({link(o.revid)})")


def title_key(name: str) -> str:
    return names.title_key(name)


__all__ = ["Origin", "Piece", "Standing", "standing", "rule_answer", "rule_lines", "timeline", "audit_answer",
           "audit_order", "audit_headline", "audit_line", "title_key"]

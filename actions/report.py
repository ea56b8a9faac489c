"""What an action did, step by step, and the diffs of the pages it changed.

Every action (enactment, reset, synonyms) returns a :class:`Report`: one :class:`StepResult` per step
with its status, and one :class:`PageChange` per page whose text differs. Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from diff_match_patch import diff_match_patch

APPLIED = "applied"
IGNORED = "ignored"          # the rules say the step is ignored (no such rule, deferred, conditional…)
UNSUPPORTED = "unsupported"  # the bot cannot apply it with certainty: a human must
REFUSED = "refused"          # the step is understood but the rules forbid it (illegal value, clash)

STATUSES = (APPLIED, IGNORED, UNSUPPORTED, REFUSED)

#: ignored steps that may still need a human: the bot does not judge votes, wait, or act off the wiki;
#: "outside the reset": an instruction in an Ascension Address that is not part of the Dynastic Reset
#: (a player's value, failing Proposals, creating a page) or a remark naming a rule
FOR_AN_ADMIN = ("conditional", "deferred", "outside wiki", "remark", "outside the reset")
#: steps of a Proposal the reader set aside as the author's words, not instructions: nothing is left to do
SET_ASIDE = ("remark", "note")


@dataclass
class StepResult:
    """One step's outcome: ``n`` is its 1-based place, ``text`` the words it came from."""

    n: int
    text: str
    action: str
    status: str
    detail: str = ""
    no_op: bool = False      # ignored because what it asks for already holds: nothing is left to do

    def to_dict(self) -> dict:
        return {"n": self.n, "text": self.text, "action": self.action, "status": self.status,
                "detail": self.detail}


@dataclass
class PageChange:
    """A page's text before and after."""

    title: str
    old: str
    new: str

    @property
    def changed(self) -> bool:
        return self.old != self.new

    def diff(self, context: int = 2) -> str:
        return unified_diff(self.old, self.new, self.title, context)


@dataclass
class Report:
    """The outcome of one action: its steps, its edit summary and the pages it changes."""

    action: str
    name: str = ""
    summary: str = ""
    steps: list[StepResult] = field(default_factory=list)
    pages: dict[str, PageChange] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, n: int, text: str, action: str, status: str, detail: str = "", *, no_op: bool = False) -> StepResult:
        if status not in STATUSES:
            raise ValueError(f"unknown step status {status!r}")
        result = StepResult(n, text, action, status, detail, no_op)
        self.steps.append(result)
        return result

    def set_page(self, title: str, old: str, new: str) -> None:
        if title in self.pages:
            old = self.pages[title].old
        self.pages[title] = PageChange(title, old, new)

    @property
    def changed(self) -> list[str]:
        return [t for t, p in self.pages.items() if p.changed]

    def with_status(self, *statuses: str) -> list[StepResult]:
        return [s for s in self.steps if s.status in statuses]

    @property
    def complete(self) -> bool:
        """True when every step was applied or ignored as the rules say; nothing left for a human."""
        return not self.with_status(UNSUPPORTED, REFUSED)

    @property
    def left_for_an_admin(self) -> list[StepResult]:
        """Ignored steps an answer names for an Admin: all but the author's remarks and notes, and steps
        whose effect already holds."""
        return [s for s in self.with_status(IGNORED) if s.action not in SET_ASIDE and not s.no_op]

    @property
    def for_an_admin(self) -> list[StepResult]:
        """Ignored steps an Admin should look at: a condition (votes, a dice roll), a later time, or
        something to do outside the wiki. The rules let the bot skip them; a human may still act."""
        return [s for s in self.with_status(IGNORED) if s.action in FOR_AN_ADMIN]

    def to_dict(self) -> dict:
        data = {"action": self.action, "name": self.name, "summary": self.summary,
                "steps": [s.to_dict() for s in self.steps], "changed": self.changed}
        if self.counts:
            data["counts"] = dict(self.counts)
        return data

    def render(self, with_diffs: bool = True) -> str:
        """A plain-text report for a terminal."""
        lines = [f"{self.action}: {self.name}" if self.name else self.action]
        if self.summary:
            lines.append(f"summary: {self.summary}")
        for step in self.steps:
            quoted = " ".join(step.text.split())
            if len(quoted) > 100:
                quoted = quoted[:97] + "…"
            lines.append(f"  {step.n:>2}. [{step.status}] {step.action}: {quoted}")
            if step.detail:
                lines.append(f"      {step.detail}")
            if step.status == UNSUPPORTED:
                lines.append("      → an Admin must apply this step by hand, or reword it and ask again")
            elif step in self.for_an_admin:
                lines.append(f"      → {step.action}: an Admin decides whether and when it applies")
        for term, count in self.counts.items():
            lines.append(f"  replaced {term}: {count}")
        changed = self.changed
        lines.append("pages changed: " + (", ".join(changed) if changed else "none"))
        if with_diffs:
            for title in changed:
                lines.append(self.pages[title].diff())
        return "\n".join(lines)


def unified_diff(old: str, new: str, title: str = "page", context: int = 2) -> str:
    """A line diff in unified form, computed with diff-match-patch."""
    dmp = diff_match_patch()
    chars_old, chars_new, lines = dmp.diff_linesToChars(old, new)
    diffs = dmp.diff_main(chars_old, chars_new, False)
    dmp.diff_charsToLines(diffs, lines)
    # Flatten into (op, line) pairs.
    rows: list[tuple[int, str]] = []
    for op, text in diffs:
        for line in text.splitlines(keepends=True):
            rows.append((op, line))
    out = [f"--- {title} (before)", f"+++ {title} (after)"]
    old_no = new_no = 1
    i = 0
    while i < len(rows):
        if rows[i][0] == 0:
            i += 1
            old_no += 1
            new_no += 1
            continue
        # A hunk: back up `context` equal lines, run to `context` equal lines past the last change.
        start = i
        back = 0
        while start > 0 and rows[start - 1][0] == 0 and back < context:
            start -= 1
            back += 1
        end = i
        while end < len(rows):
            if rows[end][0] != 0:
                end += 1
                continue
            run = end
            while run < len(rows) and rows[run][0] == 0:
                run += 1
            if run == len(rows) or run - end > 2 * context:
                end = min(run, end + context)
                break
            end = run
        hunk = rows[start:end]
        o_start, n_start = old_no - back, new_no - back
        o_len = sum(1 for op, _ in hunk if op <= 0)
        n_len = sum(1 for op, _ in hunk if op >= 0)
        out.append(f"@@ -{o_start},{o_len} +{n_start},{n_len} @@")
        for op, line in hunk:
            mark = {0: " ", -1: "-", 1: "+"}[op]
            out.append(mark + line.rstrip("\n"))
        for op, _ in rows[i:end]:
            if op <= 0:
                old_no += 1
            if op >= 0:
                new_no += 1
        i = end
    return "\n".join(out)

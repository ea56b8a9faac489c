"""What becomes of a step that is not applied: one outcome type for enactment and the reset.

A step handler (or a reset stage) that does not apply raises :class:`StepOutcome` with the status
the report gives it — ``ignored`` (the rules say to set it aside), ``unsupported`` (the bot cannot
apply it with certainty) or ``refused`` (the rules forbid it) — and the reason, in words for an Admin.
"""

from __future__ import annotations

from actions.report import IGNORED, REFUSED, UNSUPPORTED


class StepOutcome(Exception):
    """Raised by a step that does not apply: its report status and why."""

    def __init__(self, status: str, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


def ignored(detail: str) -> StepOutcome:
    return StepOutcome(IGNORED, detail)


def unsupported(detail: str) -> StepOutcome:
    return StepOutcome(UNSUPPORTED, detail)


def refused(detail: str) -> StepOutcome:
    return StepOutcome(REFUSED, detail)

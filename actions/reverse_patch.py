"""Undo one edit of a page that others have edited since: its change reversed onto the current text.

Pure text work: the edit's text, its parent's and the page's current text in, the current text
with only that edit's change taken out — or None when that cannot be done exactly. The patrol
(:mod:`wikibot.patrol`) uses it to undo an illegal gamestate edit without touching the later
edits on top of it.

The diff-match-patch patch that turns the edit's text back into its parent's is cut into hunks.
Each hunk must be found exactly once in the current text; its context is widened, from the
edit's text, until it is. A hunk that is missing (a later edit touched the same place) or stays
ambiguous (the same text in several places), or hunks that would overlap, make the whole undo
refused: an undo that is not exact is for humans.
"""

from __future__ import annotations

from diff_match_patch import diff_match_patch


def _patch_hunks(new: str, old: str) -> list[tuple[int, str, str]]:
    """The diff-match-patch patch that turns ``new`` back into ``old``, as hunks
    ``(start in new, text in new, replacement)`` in order."""
    dmp = diff_match_patch()
    dmp.Patch_Margin = 8
    hunks = []
    delta = 0  # patch_make gives each hunk's start in the text with the earlier hunks applied
    for patch in dmp.patch_make(new, old):
        before = "".join(text for op, text in patch.diffs if op <= 0)
        after = "".join(text for op, text in patch.diffs if op >= 0)
        start = patch.start1 - delta
        if new[start:start + len(before)] != before:
            raise ValueError("diff-match-patch placed a hunk where its text is not")
        hunks.append((start, before, after))
        delta += len(after) - len(before)
    return hunks


def reverse_onto(new: str, old: str, current: str, *, widest: int = 2000) -> str | None:
    """Undo the change ``old`` → ``new`` on ``current`` (which has later edits on top of ``new``).

    Every hunk must be found exactly once in ``current``; its context is widened, from ``new``,
    until it is (up to ``widest`` characters each side). None when any hunk is missing or stays
    ambiguous: then the undo is not clean and must not be made.
    """
    if current == new:
        return old
    try:
        hunks = _patch_hunks(new, old)
    except ValueError:
        return None
    placed: list[tuple[int, int, str]] = []
    for start, before, after in hunks:
        width = 0
        while True:
            lead = new[max(0, start - width):start]
            tail = new[start + len(before):start + len(before) + width]
            pattern = lead + before + tail
            at = current.find(pattern)
            if at == -1:
                return None
            if at == current.rfind(pattern):
                break
            if width >= widest or (len(lead) < width and len(tail) < width):
                return None
            width = max(16, width * 2)
        begin = at + len(lead)
        end = begin + len(before)
        if placed and begin < placed[-1][1]:
            return None
        placed.append((begin, end, after))
    result = current
    for begin, end, after in reversed(placed):
        result = result[:begin] + after + result[end:]
    return result


__all__ = ["reverse_onto"]

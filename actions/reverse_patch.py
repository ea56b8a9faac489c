"""Undo one edit of a page that others have edited since: its change reversed onto the current text.

Pure text work: the edit's text, its parent's and the page's current text in, the current text
with only that edit's change taken out — or None when that cannot be done exactly. The patrol
(:mod:`wikibot.patrol`) uses it to undo an illegal gamestate edit without touching the later
edits on top of it.

The diff-match-patch patch that turns the edit's text back into its parent's is cut into hunks,
each cut to the whole lines it changes. Each must be found exactly once in the current text; its
context is widened, from the edit's text, on both sides or on one (a later edit may have changed
the other), until it is; one-sided contexts that point at different places make it ambiguous. A hunk that is missing (a later edit touched the same place) or stays
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


def _changes(new: str, old: str) -> list[tuple[int, int, str]]:
    """What turns ``new`` back into ``old``, as ``(begin, end, replacement)`` spans of ``new``
    trimmed of the context diff-match-patch puts round each hunk."""
    spans = []
    for start, before, after in _patch_hunks(new, old):
        head = 0
        while head < min(len(before), len(after)) and before[head] == after[head]:
            head += 1
        tail = 0
        while (tail < min(len(before), len(after)) - head
               and before[len(before) - 1 - tail] == after[len(after) - 1 - tail]):
            tail += 1
        spans.append((start + head, start + len(before) - tail, after[head:len(after) - tail]))
    return spans


def _line_hunks(new: str, old: str) -> list[tuple[int, str, str]]:
    """The changes cut to the whole lines they touch, changes on the same lines in one hunk:
    ``(start in new, lines in new, those lines in old)``.

    Whole lines, as the wiki's own undo works: a later edit of the same line (another cell of
    the same table row) makes the undo refuse rather than merge inside a line."""
    hunks: list[tuple[int, int, list[tuple[int, int, str]]]] = []
    for begin, end, replacement in _changes(new, old):
        line_begin = new.rfind("\n", 0, begin) + 1
        line_end = new.find("\n", end)
        line_end = len(new) if line_end == -1 else line_end
        if hunks and line_begin <= hunks[-1][1]:
            first, _, spans = hunks.pop()
            hunks.append((first, line_end, spans + [(begin, end, replacement)]))
        else:
            hunks.append((line_begin, line_end, [(begin, end, replacement)]))
    result = []
    for line_begin, line_end, spans in hunks:
        pieces, at = [], line_begin
        for begin, end, replacement in spans:
            pieces += [new[at:begin], replacement]
            at = end
        pieces.append(new[at:line_end])
        result.append((line_begin, new[line_begin:line_end], "".join(pieces)))
    return result


def _place(new: str, start: int, before: str, current: str, widest: int) -> int | None:
    """Where ``before`` (found at ``start`` in ``new``) is in ``current``: the one place where it
    stands with enough of its context in ``new`` to be unique — context on both sides, or before
    it only, or after it only (a later edit may have changed one side). None when there is no
    such place, or when the one-sided contexts point at different places."""
    end = start + len(before)
    width = 0
    while True:
        found_any = False
        places = set()
        for lead_width, tail_width in ((width, width), (width, 0), (0, width)):
            lead = new[max(0, start - lead_width):start]
            pattern = lead + before + new[end:end + tail_width]
            at = current.find(pattern) if pattern else -1
            if at == -1:
                continue
            found_any = True
            if at == current.rfind(pattern):
                places.add(at + len(lead))
        if len(places) > 1:
            return None
        if places:
            return places.pop()
        if not found_any or width >= widest or (start - width <= 0 and end + width >= len(new)):
            return None
        width = max(8, width * 2)


def reverse_onto(new: str, old: str, current: str, *, widest: int = 2000) -> str | None:
    """Undo the change ``old`` → ``new`` on ``current`` (which has later edits on top of ``new``).

    Every hunk must be found exactly once in ``current``; its context is widened, from ``new``,
    until it is (up to ``widest`` characters each side). None when any hunk is missing or stays
    ambiguous: then the undo is not clean and must not be made.
    """
    if current == new:
        return old
    try:
        hunks = _line_hunks(new, old)
    except ValueError:
        return None
    placed: list[tuple[int, int, str]] = []
    for start, before, after in hunks:
        begin = _place(new, start, before, current, widest)
        if begin is None:
            return None
        end = begin + len(before)
        if placed and begin < placed[-1][1]:
            return None
        placed.append((begin, end, after))
    result = current
    for begin, end, after in reversed(placed):
        result = result[:begin] + after + result[end:]
    return result


__all__ = ["reverse_onto"]

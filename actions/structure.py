"""The structure guard: a page an action produced, re-read from its text, must be the page the
action meant to make.

Every action (enactment, Dynastic Reset, term replacement) ends by reading its result back with
the same parser that read the page, and refuses the whole action when

* the text does not read back as the model the action built (a heading appeared, vanished or moved
  into another block; the page's head or foot changed) — :func:`readback_problem`;
* the rule tree (each heading's kind and level, in order) is not the one the action meant —
  :func:`tree_problem`;
* a block the action did not touch changed — :func:`untouched_problem`;
* the page gained a page-wide effect or a markup balance changed (:func:`parsers.hazards.page_change_problem`;
  for term replacement, which only replaces words, any change of markup at all).

Each function returns None, or a sentence saying what is wrong, for the refusal message.
"""

from __future__ import annotations

from typing import Iterable

from parsers import hazards
from parsers import ruleset as R


def tree(model: R.Ruleset) -> list[tuple[str, int]]:
    """The rule tree's shape: ("section" or "rule", level) for every heading, in page order."""
    return [("section" if isinstance(b, R.Section) else "rule", b.level) for b in model.blocks]


def readback_problem(model: R.Ruleset, text: str | None = None) -> str | None:
    """Does ``text`` (default ``str(model)``) read back as exactly the model's blocks, head and foot?"""
    text = str(model) if text is None else text
    again = R.parse(text)
    if len(again.blocks) != len(model.blocks):
        extra = {str(b.heading).strip() for b in again.blocks} - {str(b.heading).strip() for b in model.blocks}
        lost = {str(b.heading).strip() for b in model.blocks} - {str(b.heading).strip() for b in again.blocks}
        hint = (f" (new heading: {sorted(extra)[0]})" if extra else
                f" (a heading no longer read as one: {sorted(lost)[0]})" if lost else "")
        return f"the result would read as {len(again.blocks)} headings instead of {len(model.blocks)}{hint}"
    for a, b in zip(again.blocks, model.blocks):
        if str(a.heading) != str(b.heading) or a.body != b.body:
            return f"the text under “{b.title}” would not read back as the same rule"
    if again.preamble != model.preamble or again.trailer != model.trailer:
        return "the page's head or foot would change"
    return None


def tree_problem(expected: list[tuple[str, int]], model: R.Ruleset) -> str | None:
    """Is the model's tree the expected one (same headings, kinds and levels, in order)?"""
    have = tree(model)
    if have == expected:
        return None
    if len(have) != len(expected):
        return f"the page would have {len(have)} headings instead of {len(expected)}"
    for k, (a, b) in enumerate(zip(have, expected)):
        if a != b:
            title = model.blocks[k].title
            return f"the heading “{title}” would become a level-{a[1]} {a[0]} instead of a level-{b[1]} {b[0]}"
    return None  # pragma: no cover - unequal lists differ somewhere


def block_spans(model: R.Ruleset) -> list[tuple[int, int]]:
    """(start, end) of each block (heading line and body) in ``str(model)``."""
    spans = []
    pos = len(model.preamble)
    for block in model.blocks:
        end = pos + len(block.text())
        spans.append((pos, end))
        pos = end
    return spans


def untouched_problem(old: R.Ruleset, new: R.Ruleset, edits: Iterable[tuple[int, int]]) -> str | None:
    """For a text edit that keeps the tree (term replacement): every block, and the page's head and
    foot, holding none of the edited spans (offsets in ``str(old)``) is byte for byte as it was."""
    if len(old.blocks) != len(new.blocks):
        return f"the page would have {len(new.blocks)} headings instead of {len(old.blocks)}"
    edits = sorted(edits)
    spans = block_spans(old)
    head_end = len(old.preamble)
    foot_start = spans[-1][1] if spans else head_end

    def edited(a: int, b: int) -> bool:
        return any(s < b and e > a for s, e in edits)

    if not edited(0, head_end) and new.preamble != old.preamble:
        return "the page's head would change, though nothing in it was to be replaced"
    if not edited(foot_start, len(str(old)) + 1) and new.trailer != old.trailer:
        return "the page's foot would change, though nothing in it was to be replaced"
    for (a, b), before, after in zip(spans, old.blocks, new.blocks):
        if not edited(a, b) and before.text() != after.text():
            return f"“{before.title}” would change, though nothing in it was to be replaced"
    return None


def text_edit_problem(old_text: str, new_text: str, edits: Iterable[tuple[int, int]], *,
                      extension_tags: Iterable[str] = ()) -> str | None:
    """The whole guard for an edit made on a page's text rather than its model (term replacement):
    the same tree, only the blocks holding an edit changed, no page-wide effect or balance changed."""
    old, new = R.parse(old_text), R.parse(new_text)
    return (tree_problem(tree(old), new)
            or untouched_problem(old, new, edits)
            or hazards.page_change_problem(old_text, new_text, strict=True, extension_tags=extension_tags))

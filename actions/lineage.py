"""Where each rule and each sentence of the Ruleset came from: ``git blame`` for the Ruleset, one revision at a time.

Pure: a revision's text, its parent's text and the parent's :data:`State` in; the revision's state and
what happened to its rules (:class:`Event`) out. The page is cut into *units* — the text above the
first heading, each heading with its body (:mod:`parsers.ruleset`), the text after the last rule — and
each unit into its lines ("paragraphs": a wiki paragraph, a list item, a heading line) and each line
into its sentences (:func:`parsers.language.sentence_spans`). A state gives every unit its rule's
identity (an int, kept across renames and moves) and every sentence its *origin*, the revision that
wrote it.

From one revision to the next:

* units are matched by their heading (:attr:`parsers.ruleset.Block.key`, n-th of that key), then the
  rest by their bodies (a rename keeps most of the body: similarity at least :data:`RENAMED`); a unit
  matched keeps its identity, one left over in the parent was **repealed**, one left over in the new
  text was **created** — or **re-enacted**, when a repealed rule of that name comes back;
* a matched unit is **renamed** when its heading changed, **amended** when its text changed, **moved**
  when it left the order of the others (not on the longest run of matched units in their old order);
* within a matched unit the lines are compared (diff-match-patch, line mode): an unchanged line keeps
  its origins; in a run of changed lines a sentence found word for word among the lines it replaced
  keeps that sentence's origin, and so does every sentence of a line whose change is typo-level
  (:func:`actions.ruleset_review.review_edit`): **a typo fix changes no origin**; any other sentence
  was written by this revision.

A revision that puts back an earlier revision's exact text (a revert) takes that revision's origins
whole (:func:`reverted`): each paragraph gets its earlier origin back.
"""

from __future__ import annotations

import bisect
import difflib
from dataclasses import dataclass, field

from diff_match_patch import diff_match_patch

from actions.ruleset_review import review_edit
from parsers import language
from parsers import ruleset as rsmod

#: A heading and body matched to an unmatched one of the parent when their bodies are at least this alike.
RENAMED = 0.6

TOP, END = "<top>", "<end>"
CREATED, RENAMED_EVENT, AMENDED, MOVED, REPEALED, REENACTED = (
    "created", "renamed", "amended", "moved", "repealed", "re-enacted")
EVENTS = (CREATED, RENAMED_EVENT, AMENDED, MOVED, REPEALED, REENACTED)

#: A unit's origins: one list per line of the unit, one origin (a revision) per sentence of the line.
Lines = list[list[int]]


@dataclass
class UnitState:
    rule: int          # the identity of the rule (or section, or the top or end of the page)
    lines: Lines

    def to_json(self) -> list:
        return [self.rule, self.lines]


#: a revision's state: one UnitState per unit of its text, in page order
State = list[UnitState]


def state_to_json(state: State) -> list:
    return [u.to_json() for u in state]


def state_from_json(data: list) -> State:
    return [UnitState(int(rule), [list(map(int, line)) for line in lines]) for rule, lines in data]


@dataclass
class Unit:
    key: str           # TOP, END, or the heading's title key
    title: str         # as a reader sees it ("" for the top and the end)
    level: int         # 0 for the top and the end
    text: str

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @property
    def body(self) -> str:
        return self.text.partition("\n")[2] if self.level else self.text

    @property
    def is_block(self) -> bool:
        return self.level > 0


@dataclass
class Event:
    rule: int
    event: str         # one of EVENTS
    title: str         # the rule's title as the event left it (the old title for a repeal)
    key: str
    detail: str = ""   # a rename: the title before

    def to_json(self) -> dict:
        return {"rule": self.rule, "event": self.event, "title": self.title, "key": self.key, "detail": self.detail}


def units(text: str) -> list[Unit]:
    """The page's units, in order: its top, every heading with its body, its end (see the module)."""
    page = rsmod.parse(text)
    out = [Unit(TOP, "", 0, page.preamble)]
    out += [Unit(b.key, b.title, b.level, b.text()) for b in page.blocks]
    out.append(Unit(END, "", 0, page.trailer))
    return out


def segments(line: str) -> list[str]:
    """A line cut into its sentences, the spaces between them kept with the sentence before: joined, the line."""
    starts = [a for a, _b, _t in language.sentence_spans(line)][1:]
    cuts = [0] + starts + [len(line)]
    return [line[a:b] for a, b in zip(cuts, cuts[1:]) if b > a] or [line]


def fresh(unit: Unit, revid: int) -> Lines:
    return [[revid] * len(segments(line)) for line in unit.lines]


def initial(text: str, revid: int, new_rule) -> tuple[State, list[Event]]:
    """The state of a page's first revision known: every sentence written by it."""
    state, events = [], []
    for unit in units(text):
        rule = new_rule()
        state.append(UnitState(rule, fresh(unit, revid)))
        if unit.is_block:
            events.append(Event(rule, CREATED, unit.title, unit.key))
    return state, events


def _ratio(a: str, b: str) -> float:
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < RENAMED or matcher.quick_ratio() < RENAMED:
        return 0.0
    return matcher.ratio()


def match(old: list[Unit], new: list[Unit]) -> dict[int, int]:
    """{new unit index: old unit index}: by heading (n-th of a key), then the rest by their bodies."""
    pairs: dict[int, int] = {0: 0, len(new) - 1: len(old) - 1}
    by_key: dict[tuple[str, int], int] = {}
    seen: dict[str, int] = {}
    for i, u in enumerate(old[1:-1], 1):
        seen[u.key] = seen.get(u.key, 0) + 1
        by_key[(u.key, seen[u.key])] = i
    seen = {}
    for j, u in enumerate(new[1:-1], 1):
        seen[u.key] = seen.get(u.key, 0) + 1
        if (u.key, seen[u.key]) in by_key:
            pairs[j] = by_key[(u.key, seen[u.key])]
    taken = set(pairs.values())
    left_old = [i for i in range(1, len(old) - 1) if i not in taken]
    left_new = [j for j in range(1, len(new) - 1) if j not in pairs]
    if left_old and left_new:
        scored = sorted(((_ratio(old[i].body, new[j].body), -abs(i - j), i, j)
                         for i in left_old for j in left_new if old[i].body.strip() or new[j].body.strip()),
                        reverse=True)
        used_old: set[int] = set()
        for score, _near, i, j in scored:
            if score < RENAMED:
                break
            if i in used_old or j in pairs:
                continue
            pairs[j] = i
            used_old.add(i)
    return pairs


def _kept_in_order(pairs: dict[int, int]) -> set[int]:
    """The new units (of ``pairs``) on the longest run that keeps their old order: the others moved."""
    items = sorted((j, i) for j, i in pairs.items())
    # longest increasing subsequence of old indices, in O(n log n)
    tails: list[int] = []
    tail_at: list[int] = []
    back: list[int] = [-1] * len(items)
    for k, (_j, i) in enumerate(items):
        at = bisect.bisect_left(tails, i)
        if at == len(tails):
            tails.append(i)
            tail_at.append(k)
        else:
            tails[at] = i
            tail_at[at] = k
        back[k] = tail_at[at - 1] if at else -1
    kept: set[int] = set()
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        kept.add(items[k][0])
        k = back[k]
    return kept


def _line_diff(old: list[str], new: list[str]) -> list[tuple[int, list[int], list[int]]]:
    """(op, old line numbers, new line numbers) runs: op 0 equal, 1 replaced."""
    dmp = diff_match_patch()
    a, b, _table = dmp.diff_linesToChars("\n".join(old) + "\n", "\n".join(new) + "\n")
    diffs = dmp.diff_main(a, b, False)
    out: list[tuple[int, list[int], list[int]]] = []
    i = j = 0
    removed: list[int] = []
    added: list[int] = []
    for op, chunk in diffs + [(0, "")]:
        if op != 0:
            if op < 0:
                removed += range(i, i + len(chunk))
                i += len(chunk)
            else:
                added += range(j, j + len(chunk))
                j += len(chunk)
            continue
        if removed or added:
            out.append((1, removed, added))
            removed, added = [], []
        if chunk:
            out.append((0, list(range(i, i + len(chunk))), list(range(j, j + len(chunk)))))
            i += len(chunk)
            j += len(chunk)
    return out


def _spread(origins: list[int], count: int) -> list[int]:
    """A line's origins spread over ``count`` sentences in order (a typo fix that split or joined one)."""
    if not origins:
        return []
    return [origins[min(len(origins) - 1, k * len(origins) // max(count, 1))] for k in range(count)]


def carry(old_lines: list[str], old_origins: Lines, new_lines: list[str], revid: int, *,
          typo: bool = False) -> Lines:
    """The origins of ``new_lines`` from those of ``old_lines`` (see the module). ``typo``: the whole revision
    is a typo fix, so every changed line keeps its origins."""
    out: Lines = [[] for _ in new_lines]
    for op, olds, news in _line_diff(old_lines, new_lines):
        if op == 0:
            for i, j in zip(olds, news):
                out[j] = list(old_origins[i]) if i < len(old_origins) else [revid] * len(segments(new_lines[j]))
            continue
        pool: dict[str, list[int]] = {}
        for i in olds:
            for seg, origin in zip(segments(old_lines[i]), old_origins[i] if i < len(old_origins) else []):
                pool.setdefault(seg.strip(), []).append(origin)
        partner = _partners(olds, news, old_lines, new_lines)
        for j in news:
            segs = segments(new_lines[j])
            i = partner.get(j)
            if i is not None and i < len(old_origins) and (typo or review_edit(old_lines[i], new_lines[j]).typo):
                out[j] = _spread(old_origins[i], len(segs)) or [revid] * len(segs)
                continue
            origins = []
            for seg in segs:
                found = pool.get(seg.strip())
                origins.append(found.pop(0) if found and seg.strip() else revid)
            out[j] = origins
    return out


def _partners(olds: list[int], news: list[int], old_lines: list[str], new_lines: list[str]) -> dict[int, int]:
    """Each new line of a changed run with the old line it most likely rewrites (in order when the counts agree)."""
    if len(olds) == len(news):
        return dict(zip(news, olds))
    out: dict[int, int] = {}
    used: set[int] = set()
    for j in news:
        best, score = None, 0.5
        for i in olds:
            if i in used:
                continue
            r = _ratio(old_lines[i], new_lines[j]) if old_lines[i].strip() and new_lines[j].strip() else 0.0
            if r > score:
                best, score = i, r
        if best is not None:
            out[j] = best
            used.add(best)
    return out


@dataclass
class Step:
    state: State
    events: list[Event] = field(default_factory=list)


def step(old_text: str, old_state: State, new_text: str, revid: int, *, new_rule, repealed: dict[str, int],
         typo: bool = False, origins_from: State | None = None) -> Step:
    """The state of revision ``revid`` (text ``new_text``) from its parent's, and what happened to its rules.

    ``new_rule()`` gives a fresh identity; ``repealed`` maps the key of every rule repealed so far to its
    identity (a rule of that name created again is re-enacted, with its old identity); ``typo``: the revision
    is a typo fix; ``origins_from``: the state of the earlier revision whose exact text this one puts back."""
    old_units, new_units = units(old_text), units(new_text)
    if len(old_state) != len(old_units):
        raise ValueError("the state does not belong to the parent's text")
    pairs = match(old_units, new_units)
    in_order = _kept_in_order({j: i for j, i in pairs.items() if new_units[j].is_block})
    state: State = []
    events: list[Event] = []
    for j, unit in enumerate(new_units):
        i = pairs.get(j)
        if i is None:
            if unit.key in repealed:
                rule = repealed.pop(unit.key)
                events.append(Event(rule, REENACTED, unit.title, unit.key))
            else:
                rule = new_rule()
                events.append(Event(rule, CREATED, unit.title, unit.key))
            state.append(UnitState(rule, fresh(unit, revid)))
            continue
        before = old_units[i]
        rule = old_state[i].rule
        if before.text == unit.text:
            lines = [list(line) for line in old_state[i].lines]
        else:
            lines = carry(before.lines, old_state[i].lines, unit.lines, revid, typo=typo)
        state.append(UnitState(rule, lines))
        if not unit.is_block:
            continue
        if before.key != unit.key or before.title != unit.title:
            events.append(Event(rule, RENAMED_EVENT, unit.title, unit.key, before.title))
        if before.body.rstrip() != unit.body.rstrip():   # a blank line after a rule is no amendment
            events.append(Event(rule, AMENDED, unit.title, unit.key))
        if j not in in_order:
            events.append(Event(rule, MOVED, unit.title, unit.key))
    matched_old = set(pairs.values())
    for i, unit in enumerate(old_units):
        if unit.is_block and i not in matched_old:
            events.append(Event(old_state[i].rule, REPEALED, unit.title, unit.key))
            repealed[unit.key] = old_state[i].rule
    if origins_from is not None and len(origins_from) == len(state):
        state = [UnitState(mine.rule, [list(line) for line in theirs.lines])
                 for mine, theirs in zip(state, origins_from)]
    return Step(state, events)


__all__ = ["State", "UnitState", "Unit", "Event", "Step", "units", "segments", "initial", "step", "match", "carry",
           "state_to_json", "state_from_json", "EVENTS", "CREATED", "RENAMED_EVENT", "AMENDED", "MOVED", "REPEALED",
           "REENACTED", "TOP", "END"]

"""A second pair of eyes: a hand enactment (or Dynastic Reset) compared with what the bot would write.

    review = review_enactment(proposal, {"Ruleset": old}, {"Ruleset": new})
    review.steps     # one StepReview per step: as written / done differently / not done / not checked
    review.unasked   # changes of the edit that no step asks for (typo-level fixes marked as such)
    review.exit_code # 0 all as written, nothing unasked; 1 differences; 3 some steps not checked

Pure: page texts in, a :class:`Review` out. The bot's own enactment (:func:`actions.enact.enact`) is
run on the pages as they stood before the edit; that is what the proposal asks for. Each page is cut
into units (a Ruleset-like page into its preamble, its rules one heading each, its trailer; any
other page is one unit), and units are matched between the bot's result and the edit by their
heading. Where they differ, the difference is a run of words (the token diff of
:mod:`actions.ruleset_review`).

Which part of the page a step wrote is found by leaving that step out: the proposal is enacted
again without it, and what differs from the full enactment is the step's *footprint* (the words it
wrote or removed, the rules it added, removed or moved). A step is then

* **as written** when the edit agrees with the bot on its whole footprint;
* **not done** when, on its footprint, the edit reads as the page would without the step (the text
  it adds is missing, the text it replaces is still there, the rule it repeals still stands);
* **done differently** otherwise, with the bot's text and the edit's side by side; a step whose
  text is missing where it belongs but found elsewhere (another rule, another place in the rule)
  is done differently, naming where;
* **not checked** when the bot cannot apply it (unsupported, refused) or sets it aside for a human
  (a condition, a later time, something off the wiki): the bot does not know what it must write.

A step some of whose changes are missing and the rest made is done differently ("partly done").
Every difference outside all footprints is an **unasked change**, with its rule and a word-level
diff (``[-old-]{+new+}``); one that :func:`actions.ruleset_review.review_edit` calls typo-level is
marked ``typo`` and does not count as a difference. Blank lines at the end of a rule are not
compared (the wiki drops them at the end of a page; they change nothing a rule says).

A Dynastic Reset is reviewed the same way, part by part of the Address (each term change, the
repeal, the Special Case rules named, the tracking page, the Building Blocks chosen), each part
left out in turn; a last part, the rest of the reset, takes whatever the bot's reset changes that
no other part covers (Special Case rules back to default, renumbering), so that every change is
some part's.

An enactment made in two edits (Ruleset, then gamestate) is reviewed one edit at a time:
``reviewed`` names the pages the edit is about, and a step that changes only other pages is not
checked.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field

from actions import ruleset_review
from actions.enact import enact
from actions.report import APPLIED, FOR_AN_ADMIN, IGNORED
from actions.reset import dynastic_reset
from parsers import limits
from parsers import ruleset as rsmod
from parsers import steps as st
from parsers.errors import WikibotError
from parsers.ascension import ResetPlan

AS_WRITTEN = "as written"
DIFFERENTLY = "done differently"
NOT_DONE = "not done"
NOT_CHECKED = "not checked"
NOTHING_TO_DO = "nothing to do"   # the rules say the step is ignored (no such rule, a note): nothing to write
VERDICTS = (AS_WRITTEN, DIFFERENTLY, NOT_DONE, NOT_CHECKED, NOTHING_TO_DO)

EXIT_CLEAN, EXIT_DIFFERENT, EXIT_NOT_CHECKED = 0, 1, 3

RULES_PAGES = ("Ruleset", "Building Blocks")
_SHOWN = 160   # characters of a side shown in a detail


# ============================================================================ the result


@dataclass
class StepReview:
    n: int
    text: str
    verdict: str
    detail: str = ""
    bot: str = ""       # done differently: the bot's text …
    edit: str = ""      # … and the edit's, side by side
    rule: str = ""      # the rule the difference is in

    def to_dict(self) -> dict:
        return {"n": self.n, "text": self.text, "verdict": self.verdict, "detail": self.detail}


@dataclass
class Unasked:
    rule: str
    diff: str
    typo: bool

    def to_dict(self) -> dict:
        return {"rule": self.rule, "diff": self.diff, "typo": self.typo}


@dataclass
class Review:
    action: str                     # "Enactment" or "Dynastic Reset"
    name: str
    steps: list[StepReview] = field(default_factory=list)
    unasked: list[Unasked] = field(default_factory=list)

    @property
    def source(self) -> str:
        return "the Address" if self.action == "Dynastic Reset" else "the proposal"

    def of(self, *verdicts: str) -> list[StepReview]:
        return [s for s in self.steps if s.verdict in verdicts]

    @property
    def differences(self) -> list:
        """Steps done differently or not done, and unasked changes beyond a typo fix."""
        return self.of(DIFFERENTLY, NOT_DONE) + [u for u in self.unasked if not u.typo]

    @property
    def exit_code(self) -> int:
        if self.of(DIFFERENTLY, NOT_DONE):
            return EXIT_DIFFERENT
        if self.of(NOT_CHECKED):
            return EXIT_NOT_CHECKED   # unasked changes may be the steps not checked: a human looks
        if self.differences:
            return EXIT_DIFFERENT
        return EXIT_CLEAN

    @property
    def summary(self) -> str:
        """The headline: "Enactment of Hats: 2 of 3 steps as written; step 2 wrote … ; 1 unasked change in Coins"."""
        checked = [s for s in self.steps if s.verdict not in (NOTHING_TO_DO, NOT_CHECKED)]
        parts = [f"{len(self.of(AS_WRITTEN))} of {len(checked)} step{'s' * (len(checked) != 1)} as written"
                 if checked else "no step checked"]
        for s in self.of(DIFFERENTLY, NOT_DONE):
            if s.verdict == DIFFERENTLY and s.bot and s.edit:
                parts.append(f"step {s.n} wrote '{_short(s.edit, 60)}' where {self.source} says '{_short(s.bot, 60)}'")
            elif s.verdict == DIFFERENTLY:
                parts.append(f"step {s.n} done differently ({_short(s.detail, 90)})")
            else:
                parts.append(f"step {s.n} not done")
        unchecked = self.of(NOT_CHECKED)
        if unchecked:
            parts.append(f"{len(unchecked)} not checked (step{'s' * (len(unchecked) != 1)} "
                         + ", ".join(str(s.n) for s in unchecked) + ")")
        real = [u for u in self.unasked if not u.typo]
        typos = [u for u in self.unasked if u.typo]
        if real:
            where = _names(u.rule for u in real)
            parts.append(f"{len(real)} unasked change{'s' * (len(real) != 1)} in {where}")
        if typos:
            parts.append(f"{len(typos)} typo fix{'es' * (len(typos) != 1)} in {_names(u.rule for u in typos)}")
        head = f"{self.action} of {self.name}" if self.name else self.action
        return f"{head}: " + "; ".join(parts)

    def to_dict(self) -> dict:
        return {"steps": [s.to_dict() for s in self.steps], "unasked": [u.to_dict() for u in self.unasked],
                "summary": self.summary}

    def detail_lines(self) -> list[str]:
        """One line per step and per unasked change, for a terminal or a wiki page."""
        lines = []
        for s in self.steps:
            line = f"step {s.n} — {s.verdict}: {_short(' '.join(s.text.split()), 90)}"
            if s.detail:
                line += f" — {s.detail}"
            lines.append(line)
            if s.verdict == DIFFERENTLY and (s.bot or s.edit) and not (s.bot in s.detail and s.edit in s.detail):
                lines.append(f"    bot:  {_short(s.bot, _SHOWN) or '(nothing)'}")
                lines.append(f"    edit: {_short(s.edit, _SHOWN) or '(nothing)'}")
        for u in self.unasked:
            lines.append(f"{'typo fix' if u.typo else 'unasked change'} in {u.rule}: {u.diff}")
        return lines

    def render(self) -> str:
        return "\n".join([self.summary] + ["  " + line for line in self.detail_lines()])


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def _names(rules) -> str:
    seen: list[str] = []
    for r in rules:
        if r not in seen:
            seen.append(r)
    return ", ".join(seen[:3]) + (f" and {len(seen) - 3} more" if len(seen) > 3 else "")


# ============================================================================ pages as units


@dataclass
class _Unit:
    key: tuple            # (page, heading key, occurrence)
    name: str             # as shown: the rule's title, or "the top of the Ruleset"
    text: str
    body: str


def _units(title: str, text: str) -> list[_Unit]:
    # Blank lines at the end of a unit are not compared: the wiki drops them at the end of a page, and
    # a new rule puts one after the rule before it; neither changes what the rules say.
    if title not in RULES_PAGES:
        return [_Unit((title, "", 0), f"the page “{title}”", text.rstrip(), text.rstrip())]
    page = rsmod.parse(text)
    out = [_Unit((title, "<top>", 0), f"the top of the {title} page", page.preamble.rstrip(), page.preamble.rstrip())]
    seen: dict[str, int] = {}
    for block in page.blocks:
        seen[block.key] = seen.get(block.key, 0) + 1
        name = block.title if title == "Ruleset" else f"{block.title} (on {title})"
        out.append(_Unit((title, block.key, seen[block.key]), name, block.text().rstrip(), block.body.rstrip()))
    out.append(_Unit((title, "<end>", 0), f"the end of the {title} page", page.trailer.rstrip(), page.trailer.rstrip()))
    return out


def _all_units(pages: dict[str, str]) -> dict[tuple, _Unit]:
    out: dict[tuple, _Unit] = {}
    for title, text in pages.items():
        for unit in _units(title, text):
            out[unit.key] = unit
    return out


# ============================================================================ word-level differences


@dataclass
class _Hunk:
    a0: int
    a1: int
    b0: int
    b1: int


def _hunks(a: str, b: str) -> list[_Hunk]:
    """Runs of words of ``a`` replaced in ``b`` (character ranges), from the token diff of
    :mod:`actions.ruleset_review`; runs apart by one space only are one run."""
    if a == b:
        return []
    out: list[_Hunk] = []
    i = j = 0
    current: _Hunk | None = None
    for op, tokens in ruleset_review.token_diff(ruleset_review.tokens(a), ruleset_review.tokens(b)):
        size = sum(len(t) for t in tokens)
        if op == 0:
            if current is not None and len(tokens) == 1 and tokens[0].isspace():
                current.a1, current.b1 = i + size, j + size   # bridge a single space: kept as one run
                i += size
                j += size
                continue
            current = None
            i += size
            j += size
            continue
        if current is None:
            current = _Hunk(i, i, j, j)
            out.append(current)
        if op < 0:
            i += size
            current.a1 = i
        else:
            j += size
            current.b1 = j
    # a bridged space left at a run's end belongs to neither side's change
    for h in out:
        while h.a1 > h.a0 and h.b1 > h.b0 and a[h.a1 - 1] == b[h.b1 - 1] and a[h.a1 - 1].isspace():
            h.a1 -= 1
            h.b1 -= 1
    return out


def _lead(text: str, at: int, words: int = 2) -> str:
    """Up to ``words`` words before ``at`` on the same line: the context a difference is shown with."""
    line = text[:at].rpartition("\n")[2]
    tokens = ruleset_review.tokens(line)
    taken, seen = [], 0
    for t in reversed(tokens):
        if ruleset_review.is_word(t):
            if seen == words:
                break
            seen += 1
        taken.append(t)
    while taken and not ruleset_review.is_word(taken[-1]):
        taken.pop()   # the lead starts at a word
    return "".join(reversed(taken))


def _touches(x0: int, x1: int, y0: int, y1: int) -> bool:
    """Do the ranges overlap (an empty range touches the range it stands in or at the edge of)?"""
    if x0 == x1 or y0 == y1:
        return y0 <= x1 and x0 <= y1
    return x0 < y1 and y0 < x1


def _wdiff(a: str, b: str, h: _Hunk, context: int = 40) -> str:
    line_start = a.rfind("\n", 0, h.a0) + 1
    line_end = a.find("\n", h.a1)
    line_end = len(a) if line_end < 0 else line_end
    before = a[max(line_start, h.a0 - context):h.a0]
    after = a[h.a1:min(line_end, h.a1 + context)]
    cut_before = h.a0 - len(before) > line_start
    cut_after = h.a1 + len(after) < line_end
    if cut_before and " " in before:
        before = before[before.index(" ") + 1:]   # start at a whole word
    if cut_after and " " in after:
        after = after[:after.rindex(" ")]
    old, new = a[h.a0:h.a1], b[h.b0:h.b1]
    out = ("…" if cut_before else "") + before
    if old:
        out += f"[-{old}-]"
    if new:
        out += f"{{+{new}+}}"
    out += after + ("…" if cut_after else "")
    return " ".join(out.split())


# ============================================================================ the comparison


@dataclass
class _Check:
    """One step to judge: ``verdict`` is set for the steps judged without comparing (not checked,
    nothing to do); otherwise ``without`` holds the pages as the bot writes them without the step."""

    n: int
    text: str
    verdict: str | None = None
    detail: str = ""
    without: dict[str, str] | None = None
    residual: bool = False   # the part of an action no other check covers: its footprint is what is left


@dataclass
class _Footprint:
    ranges: dict[tuple, list[tuple[int, int, int, int]]] = field(default_factory=dict)  # unit → (b0,b1,w0,w1)
    added: set = field(default_factory=set)       # units the step adds (absent without it)
    removed: dict = field(default_factory=dict)   # units the step removes: key → text without the step
    placed: set = field(default_factory=set)      # units the step puts in place (moved or added)

    def units(self) -> set:
        return set(self.ranges) | self.added | self.placed

    def empty(self) -> bool:
        return not (self.ranges or self.added or self.removed or self.placed)

    def less(self, others: list["_Footprint"]) -> "_Footprint":
        """This footprint without what any of ``others`` covers (the same unit, an overlapping span)."""
        rest = _Footprint()
        taken_units = set().union(*(o.added | o.placed for o in others)) if others else set()
        taken_removed = set().union(*(set(o.removed) for o in others)) if others else set()
        rest.added = self.added - taken_units
        rest.placed = self.placed - taken_units
        rest.removed = {k: v for k, v in self.removed.items() if k not in taken_removed}
        for key, spans in self.ranges.items():
            if key in taken_units:
                continue
            theirs = [span for o in others for span in o.ranges.get(key, [])]
            kept = [span for span in spans if not any(_touches(span[0], span[1], t[0], t[1]) for t in theirs)]
            if kept:
                rest.ranges[key] = kept
        return rest


def _order_moved(first: list, second: list) -> set:
    """Keys present in both lists whose order differs (not on the longest common order)."""
    common = set(first) & set(second)
    a = [k for k in first if k in common]
    b = [k for k in second if k in common]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    kept = set()
    for block in matcher.get_matching_blocks():
        kept.update(a[block.a:block.a + block.size])
    return common - kept


def _footprint(bot: dict[tuple, _Unit], without: dict[tuple, _Unit]) -> _Footprint:
    fp = _Footprint()
    for key, unit in bot.items():
        if key not in without:
            fp.added.add(key)
            fp.placed.add(key)
            continue
        hunks = _hunks(without[key].text, unit.text)
        if hunks:
            fp.ranges[key] = [(h.b0, h.b1, h.a0, h.a1) for h in hunks]
    for key, unit in without.items():
        if key not in bot:
            fp.removed[key] = unit.text
    fp.placed |= _order_moved(list(without), list(bot))
    return fp


def _pair(bot: dict[tuple, _Unit], hand: dict[tuple, _Unit]) -> dict[tuple, tuple]:
    """Bot units missing from the edit matched with the edit's units missing from the bot's result:
    the same body (a heading changed), else the most similar unit of the same page."""
    missing = [k for k in bot if k not in hand]
    extra = [k for k in hand if k not in bot]
    pairs: dict[tuple, tuple] = {}
    for k in missing:
        same = [x for x in extra if x[0] == k[0] and x not in pairs.values() and hand[x].body == bot[k].body]
        if same:
            pairs[k] = same[0]
    for k in missing:
        if k in pairs:
            continue
        best, score = None, 0.6
        for x in extra:
            if x[0] != k[0] or x in pairs.values():
                continue
            matcher = difflib.SequenceMatcher(None, bot[k].text, hand[x].text, autojunk=False)
            if matcher.real_quick_ratio() <= score or matcher.quick_ratio() <= score:
                continue   # the cheap upper bounds first
            ratio = matcher.ratio()
            if ratio > score:
                best, score = x, ratio
        if best is not None:
            pairs[k] = best
    return pairs


class _Comparison:
    def __init__(self, before: dict[str, str], bot_pages: dict[str, str], hand_pages: dict[str, str],
                 source: str = "the proposal"):
        self.source = source
        self.before = _all_units(before)
        self.bot = _all_units(bot_pages)
        self.hand = _all_units(hand_pages)
        self.pairs = _pair(self.bot, self.hand)                 # bot key → hand key
        self.paired_hand = set(self.pairs.values())
        self.diffs: dict[tuple, list[_Hunk]] = {}
        for key, unit in self.bot.items():
            other = self.hand_unit(key)
            if other is not None:
                self.diffs[key] = _hunks(unit.text, other.text)
        bot_order = list(self.bot)
        hand_order = [self._bot_key_of(k) for k in self.hand]
        self.moved = _order_moved(bot_order, hand_order)
        self.used: set = set()        # (key, hunk index) of differences explained by a step
        self.used_units: set = set()  # hand keys explained by a step

    def _bot_key_of(self, hand_key: tuple) -> tuple:
        for b, h in self.pairs.items():
            if h == hand_key:
                return b
        return hand_key

    def hand_unit(self, key: tuple) -> _Unit | None:
        if key in self.pairs:
            return self.hand[self.pairs[key]]
        return self.hand.get(key)

    def neighbour(self, units: dict[tuple, _Unit], key: tuple) -> str:
        keys = list(units)
        at = keys.index(key)
        return units[keys[at - 1]].name if at > 0 else "the start of the page"

    # ------------------------------------------------------------------ one step
    def footprint(self, check: _Check) -> _Footprint | None:
        return None if check.verdict is not None else _footprint(self.bot, _all_units(check.without))

    def judge(self, check: _Check, fp: _Footprint | None, reviewed: set[str] | None = None) -> StepReview:
        result = StepReview(check.n, check.text, check.verdict or AS_WRITTEN, check.detail)
        if check.verdict is not None or fp is None:
            return result
        without = _all_units(check.without)
        pages = {key[0] for key in fp.units() | set(fp.removed)}
        if reviewed is not None and pages and not pages & reviewed:
            result.verdict = NOT_CHECKED
            result.detail = f"it changes {', '.join(f'“{p}”' for p in sorted(pages))}, which this edit did not touch"
            return result
        problems: list[tuple] = []   # (kind, rule, bot text, edit text, detail[, the bot's own words])
        for key in sorted(fp.added, key=list(self.bot).index):
            unit = self.bot[key]
            mine = self.hand_unit(key)
            if mine is None:
                problems.append((NOT_DONE, unit.name, unit.text, "", f"“{unit.name}” is not on the page"))
                self.used_units.add(("missing", key))
                continue
            self.used_units.add(self.pairs.get(key, key))
            for i, h in enumerate(self.diffs.get(key, [])):
                self.used.add((key, i))
            if mine.text != unit.text:
                if any(mine.text == old for old in fp.removed.values()):
                    problems.append((NOT_DONE, unit.name, unit.text, mine.text, f"“{mine.name}” was left as it was"))
                else:
                    first = self.diffs[key][0]
                    lead = _lead(unit.text, first.a0)
                    bot_shown, hand_shown = lead + unit.text[first.a0:first.a1], lead + mine.text[first.b0:first.b1]
                    problems.append((DIFFERENTLY, unit.name, bot_shown, hand_shown,
                                     f"in “{unit.name}” the edit wrote “{_short(hand_shown, 80)}” where "
                                     f"{self.source} says “{_short(bot_shown, 80)}”"
                                     + (f" (and {len(self.diffs[key]) - 1} more difference"
                                        f"{'s' * (len(self.diffs[key]) > 2)})" if len(self.diffs[key]) > 1 else "")))
        for key, old in fp.removed.items():
            still = self.hand.get(key)
            if still is not None and key not in self.bot:
                self.used_units.add(key)
                original = self.before.get(key)
                if still.text == old or (original is not None and still.text == original.text):
                    problems.append((NOT_DONE, still.name, "", still.text, f"“{still.name}” is still on the page"))
                else:
                    problems.append((DIFFERENTLY, still.name, "", still.text, f"“{still.name}” is still on the page, changed"))
        for key, spans in fp.ranges.items():
            unit = self.bot[key]
            mine = self.hand_unit(key)
            if mine is None:
                if key not in self.bot or key in fp.added:
                    continue
                problems.append((NOT_DONE, unit.name, unit.text, "", f"“{unit.name}” is not on the page"))
                continue
            hunks = self.diffs.get(key, [])
            wtext = without[key].text
            for b0, b1, w0, w1 in spans:
                hit = [(i, h) for i, h in enumerate(hunks) if _touches(h.a0, h.a1, b0, b1)]
                if not hit:
                    continue
                for i, _ in hit:
                    self.used.add((key, i))
                e0, e1 = min([b0] + [h.a0 for _, h in hit]), max([b1] + [h.a1 for _, h in hit])
                h0 = hit[0][1].b0 - (hit[0][1].a0 - e0)
                h1 = hit[-1][1].b1 + (e1 - hit[-1][1].a1)
                bot_seg, hand_seg = unit.text[e0:e1], mine.text[h0:h1]
                without_seg = wtext[max(0, w0 - (b0 - e0)):w1 + (e1 - b1)]
                lead = _lead(unit.text, e0)
                bot_shown, hand_shown = lead + bot_seg, lead + hand_seg
                original = self.before.get(key)
                if hand_seg == without_seg or (original is not None and mine.text == original.text):
                    problems.append((NOT_DONE, unit.name, bot_shown, hand_shown,
                                     f"in “{unit.name}” the edit left “{_short(hand_shown, 80)}” where "
                                     f"{self.source} makes it “{_short(bot_shown, 80)}”", unit.text[b0:b1]))
                else:
                    problems.append((DIFFERENTLY, unit.name, bot_shown, hand_shown,
                                     f"in “{unit.name}” the edit wrote “{_short(hand_shown, 80)}” where "
                                     f"{self.source} says “{_short(bot_shown, 80)}”"))
        for key in fp.placed:
            if key in self.moved and key in self.bot:
                theirs = self._hand_key(key)
                problems.append((DIFFERENTLY, self.bot[key].name, "", "",
                                 f"“{self.bot[key].name}” stands after {self.neighbour(self.hand, theirs)}; "
                                 f"{self.source} puts it after {self.neighbour(self.bot, key)}"))
                self.used_units.add(("moved", key))
        if not problems:
            result.detail = result.detail or ""
            return result
        self._found_elsewhere(problems)
        kinds = {p[0] for p in problems}
        parts = len(fp.added) + len(fp.removed) + sum(len(spans) for spans in fp.ranges.values())
        partly = kinds == {NOT_DONE} and len(problems) < parts
        result.verdict = NOT_DONE if kinds == {NOT_DONE} and not partly else DIFFERENTLY
        first = next((p for p in problems if p[0] == DIFFERENTLY), problems[0])
        result.rule = first[1]
        result.bot, result.edit = first[2], first[3]
        shown = list(dict.fromkeys(p[4] for p in problems))
        result.detail = "; ".join(shown[:5]) + (f"; and {len(shown) - 5} more" if len(shown) > 5 else "")
        if partly:
            result.detail = f"partly done ({len(problems)} of {parts} changes missing): " + result.detail
        return result

    def _hand_key(self, key: tuple) -> tuple:
        return self.pairs.get(key, key)

    def _found_elsewhere(self, problems: list) -> None:
        """A step's text missing where it belongs but written elsewhere: done differently, saying where."""
        for at, (kind, rule, bot_seg, hand_seg, detail, *own) in enumerate(problems):
            wanted = " ".join((own[0] if own else bot_seg).split())
            if kind != NOT_DONE or len(wanted) < 3:
                continue
            for key, hunks in self.diffs.items():
                mine = self.hand_unit(key)
                for i, h in enumerate(hunks):
                    if (key, i) in self.used:
                        continue
                    if wanted in " ".join(mine.text[h.b0:h.b1].split()):
                        self.used.add((key, i))
                        where = ("at another place in the same rule" if self.bot[key].name == rule
                                 else f"in “{self.bot[key].name}”, not in “{rule}”")
                        problems[at] = (DIFFERENTLY, rule, bot_seg, mine.text[h.b0:h.b1],
                                        f"the text was written {where}")
                        break
                else:
                    continue
                break

    # ------------------------------------------------------------------ what no step asked for
    def unasked(self) -> list[Unasked]:
        out: list[Unasked] = []
        for key, hunks in self.diffs.items():
            unit, mine = self.bot[key], self.hand_unit(key)
            for i, h in enumerate(hunks):
                if (key, i) in self.used:
                    continue
                fixed = unit.text[:h.a0] + mine.text[h.b0:h.b1] + unit.text[h.a1:]
                typo = key[0] in RULES_PAGES and ruleset_review.review_edit(unit.text, fixed).typo
                out.append(Unasked(unit.name, _wdiff(unit.text, mine.text, h), typo))
        for key, unit in self.bot.items():
            if self.hand_unit(key) is None and ("missing", key) not in self.used_units:
                out.append(Unasked(unit.name, f"[-{_short(unit.text, _SHOWN)}-] (removed)", False))
        for key, unit in self.hand.items():
            if key not in self.bot and key not in self.paired_hand and key not in self.used_units:
                out.append(Unasked(unit.name, f"{{+{_short(unit.text, _SHOWN)}+}} (added)", False))
        for key in self.moved:
            if ("moved", key) not in self.used_units:
                out.append(Unasked(self.bot[key].name,
                                   f"moved: now after {self.neighbour(self.hand, self._hand_key(key))}, "
                                   f"was after {self.neighbour(self.bot, key)}", False))
        return out


def _compare(action: str, name: str, before: dict[str, str], bot_pages: dict[str, str],
             hand_pages: dict[str, str], checks: list[_Check], reviewed: set[str] | None = None) -> Review:
    if reviewed is not None:   # a page the edit did not touch is taken as the bot would leave it
        hand_pages = {t: v if t in reviewed else bot_pages[t] for t, v in hand_pages.items()}
    review = Review(action, name)
    comparison = _Comparison(before, bot_pages, hand_pages, review.source)
    prints = [comparison.footprint(c) for c in checks]
    for at, check in enumerate(checks):
        if check.residual and prints[at] is not None:
            prints[at] = prints[at].less([p for i, p in enumerate(prints) if p is not None and i != at])
    kept = [(c, p) for c, p in zip(checks, prints) if not (c.residual and (p is None or p.empty()))]
    review.steps = [comparison.judge(c, p, reviewed) for c, p in kept]
    review.unasked = comparison.unasked()
    return review


def _pages(before: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
    return {title: changed.get(title, text) for title, text in before.items()}


def _check_pages(before: dict[str, str], after: dict[str, str]) -> None:
    for title, text in after.items():   # the pages before: checked by the enactment or reset itself
        limits.check_page(text, f"The page “{title}” after the edit")
    if set(before) != set(after):
        raise WikibotError("The pages before and after the edit must be the same pages: give each page's text "
                         "before and after (a page the edit did not change: the same file twice).")


# ============================================================================ an enactment


def review_enactment(proposal: st.Proposal, before: dict[str, str], after: dict[str, str], *,
                     ruleset_title: str = "Ruleset", gamestate_title: str | None = None,
                     reviewed: set[str] | None = None) -> Review:
    """Review a hand enactment of ``proposal``: ``before`` and ``after`` map page titles (the Ruleset,
    and the gamestate page when given) to their text before and after the edit. ``reviewed``: the
    pages this edit is about (one edit of an enactment made in two); a step that changes only other
    pages is not checked, and those pages are not compared."""
    _check_pages(before, after)
    gs_title = next((t for t in before if t != ruleset_title), None)
    gs_text = before.get(gs_title) if gs_title else None

    def run(p: st.Proposal) -> tuple[dict[str, str], list]:
        result = enact(p, before[ruleset_title], gs_text, ruleset_title=ruleset_title,
                       gamestate_title=gamestate_title or gs_title)
        changed = {t: v for t, v in result.pages.items() if t in before}
        if gs_title and gs_title not in result.pages and len(result.pages) > len(changed):
            extra = [t for t in result.pages if t not in before]
            changed[gs_title] = result.pages[extra[0]]
        return _pages(before, changed), result.report.steps

    bot_pages, results = run(proposal)
    checks = []
    for step, outcome in zip(proposal.steps, results):
        check = _Check(outcome.n, step.text)
        elsewhere = _other_page(step, ruleset_title, gamestate_title or gs_title, reviewed)
        if elsewhere is not None:
            check.verdict, check.detail = NOT_CHECKED, f"a step of {elsewhere}, which this edit did not touch"
        elif outcome.status == APPLIED:
            rest = tuple(s for s in proposal.steps if s is not step)
            check.without = run(dataclasses.replace(proposal, steps=rest))[0]
        elif outcome.status == IGNORED and outcome.action not in FOR_AN_ADMIN:
            check.verdict, check.detail = NOTHING_TO_DO, f"ignored as the rules say: {outcome.detail}"
        else:
            why = outcome.detail or outcome.status
            how = {IGNORED: "sets this step aside for an Admin"}.get(outcome.status, f"finds this step {outcome.status}")
            check.verdict, check.detail = NOT_CHECKED, f"the bot {how} ({outcome.action}): {why}"
        checks.append(check)
    return _compare("Enactment", proposal.name, before, bot_pages, after, checks, reviewed)


def _other_page(step: st.Step, ruleset_title: str, gamestate_title: str | None, reviewed: set[str] | None) -> str | None:
    """The page a step changes when the edit reviewed is another page's (one edit of an enactment made in two):
    such a step belongs to that page's own edit, and is not checked here, whether or not it would apply."""
    if reviewed is None:
        return None
    from actions.gamestate_steps import GAMESTATE_STEPS

    if isinstance(step, GAMESTATE_STEPS):
        return f"the gamestate page “{gamestate_title}”" if gamestate_title and gamestate_title not in reviewed else None
    return "the Ruleset" if ruleset_title not in reviewed else None


# ============================================================================ a Dynastic Reset


def _reset_checks(plan: ResetPlan) -> list[tuple[str, ResetPlan | None]]:
    """The parts of a reset, each with the plan that leaves it out (None: cannot be left out alone)."""
    parts: list[tuple[str, ResetPlan | None]] = []
    for change in plan.terms:
        text = f"replace the term {change.old} with {change.new}" + (f" (plural {change.plural})" if change.plural else "")
        parts.append((text, dataclasses.replace(plan, terms=[t for t in plan.terms if t is not change])))
    if plan.kept is not None or plan.repeal_all or plan.repealed:
        parts.append(("repeal the dynastic rules not kept",
                      dataclasses.replace(plan, kept=None, keep_all=True, repeal_all=False, repealed=[])))
    if plan.statuses or plan.all_special_case:
        parts.append(("set the Special Case rules named: " + ", ".join(f"{k} {v}" for k, v in plan.statuses.items())
                      if plan.statuses else f"set every Special Case rule {plan.all_special_case}",
                      dataclasses.replace(plan, statuses={}, all_special_case=None)))
    if plan.tracking_page:
        parts.append((f"change the gamestate tracking page to {plan.tracking_page}",
                      dataclasses.replace(plan, tracking_page=None)))
    if plan.building_blocks is not None:
        parts.append(("transcribe the chosen Building Blocks: " + ", ".join(plan.building_blocks),
                      dataclasses.replace(plan, building_blocks=[])))
    return parts


def review_reset(plan: ResetPlan, before: dict[str, str], after: dict[str, str], *,
                 existing_pages=frozenset()) -> Review:
    """Review a Dynastic Reset done by hand from the Address read as ``plan``. ``before``/``after``:
    the Ruleset (and the Building Blocks page, the gamestate page when given) before and after."""
    _check_pages(before, after)
    rs = before["Ruleset"]
    bb = before.get("Building Blocks")
    others = [t for t in before if t not in ("Ruleset", "Building Blocks")]
    gs_title = others[0] if others else None

    def run(p: ResetPlan):
        result = dynastic_reset(rs, p, building_blocks_text=bb, gamestate_text=before.get(gs_title) if gs_title else None,
                                gamestate_title=gs_title, existing_pages=existing_pages)
        return result, _pages(before, {t: v for t, v in result.pages.items() if t in before})

    full, bot_pages = run(plan)
    checks: list[_Check] = []
    n = 0
    for bad in plan.unreadable:
        n += 1
        checks.append(_Check(n, bad.sentence, NOT_CHECKED, f"the bot cannot read it: {bad.reason}"))
    for other in plan.outside:
        n += 1
        checks.append(_Check(n, other.sentence, NOT_CHECKED, f"not part of the Dynastic Reset ({other.detail})"))
    for text, without in _reset_checks(plan):
        n += 1
        if not full.ok:
            checks.append(_Check(n, text, NOT_CHECKED, f"the bot would not do this reset: {full.report.summary}"))
            continue
        left, left_pages = run(without)
        if not left.ok:
            checks.append(_Check(n, text, NOT_CHECKED, "the bot cannot tell this part of the reset from the rest"))
            continue
        checks.append(_Check(n, text, without=left_pages))
    if full.ok:
        checks.append(_Check(n + 1, "the rest of the reset: every other change it makes (Special Case rules not named "
                             "back to their default status, Building Blocks not chosen removed, rules renumbered)",
                             without=dict(before), residual=True))
    return _compare("Dynastic Reset", plan.theme or "", before, bot_pages, after, checks)


__all__ = ["Review", "StepReview", "Unasked", "review_enactment", "review_reset", "AS_WRITTEN", "DIFFERENTLY",
           "NOT_DONE", "NOT_CHECKED", "NOTHING_TO_DO", "VERDICTS", "EXIT_CLEAN", "EXIT_DIFFERENT",
           "EXIT_NOT_CHECKED"]

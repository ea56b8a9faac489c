"""The run of one enactment: the Ruleset and gamestate models as the steps before left them, what
"the same rule" means now, the Tags rule, and the checks every new text passes (new text that would
do more than add words is refused).  Shared by the step handlers; pure."""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from typing import Iterable

from actions.outcome import StepOutcome as _Outcome
from actions.outcome import ignored as _ignored
from actions.outcome import unsupported as _unsupported
from actions.tags import TAG_NAMES as _TAG_NAMES
from actions.tags import TagPolicy
from actions import structure
from actions.constraints import infer_constraints, merge
from actions.legality import Legality
from parsers import names
from parsers import characters, hazards, language
from parsers import steps as st
from parsers.gamestate import GamestatePage
from parsers.ruleset import AmbiguousRule, Block, Rule, RuleNotFound, Ruleset, Section


# ============================================================================ the run


_REWORD = "; reword the step without it, or an Admin applies it by hand"


def require_clean(text: str, *, title: str | None = None, before: str | None = None,
                   tags: Iterable[str] = ()) -> None:
    """Refuse, as unsupported, new text that would do more than add words (parsers.hazards): a
    payload, or a new rule's title (checked first), or — with ``before`` — a body after an edit,
    which must read without a new heading and with the markup balances and page-wide effects of
    the body before it."""
    if before is not None:
        problem = (hazards.heading_problem(text, tags)
                   or hazards.page_change_problem(before, text, extension_tags=tags))
        if problem:
            raise _unsupported(f"not written: after the edit, {problem}{_REWORD}")
        return
    problem = ((title_problem(title, tags) if title is not None else None)
               or hazards.payload_problem(text, extension_tags=tags))
    if problem:
        raise _unsupported(f"not written: {problem}{_REWORD}")


@dataclass
class RefResult:
    rule: Rule
    exempt: bool  # the reference itself satisfies the Tags rule's exemption


class Run:
    def __init__(self, proposal: st.Proposal, rs: Ruleset, gamestate, gs_title: str | None,
                 check_each: bool, policy: TagPolicy | None, gs_problem: str | None = None,
                 extension_tags: Iterable[str] = (), overrides: Iterable = (), legality_page: str | None = None):
        self.proposal = proposal
        self.overrides = list(overrides)  # the Admins' constraints page, read
        self.legality_page = legality_page  # the tracking page's real name, when known
        self._legality: tuple[str, Legality] | None = None
        self.extension_tags = tuple(extension_tags)  # the wiki's (siteinfo); none offline
        self.rs = rs
        self.gs = gamestate
        self.gs_title = gs_title
        self.gs_problem = gs_problem  # why the gamestate page given could not be read
        self.check_each = check_each
        self.tags = {t.strip().casefold() for t in proposal.tags}
        self.policy = policy
        self.last: RefResult | None = None
        self.last_failure: _Outcome | None = None
        self.last_removed: Rule | None = None
        self.touched: set[int] = set()  # ids of blocks whose heading or body a step changed
        self.moved: set[int] = set()
        self.original = {id(b): (str(b.heading), b.body) for b in rs.blocks}
        self.original_order = [id(b) for b in rs.blocks]
        self.original_text = str(rs)
        #: rule numbers as the Proposal found the page: "rule 13" still means that rule after an
        #: earlier step repealed rule 12 and the numbering moved
        self.numbering = {r.number: r for r in rs.rules if r.number}

    # ---------------------------------------------------------------- references

    def under_heading(self, step: st.Step) -> st.Step:
        """A step under a heading of the post ("Lanterns:" over "replace “A” with “B”") acts on the rule the
        heading names when there is one; when the heading is close to a rule's title but not it, the step
        goes to an Admin (it may mean that rule); else the heading is the post's own and the step names no
        rule."""
        ref = getattr(step, "rule", None)
        if not isinstance(ref, st.RuleRef) or ref.named_as != "heading":
            return step
        try:
            self.rs.find(ref.name, numbering=self.numbering)
        except AmbiguousRule as exc:
            raise _unsupported(f"the heading “{ref.name}:” above this step: {exc}") from None
        except RuleNotFound:
            near = self._near(ref.name)
            if near:
                raise _unsupported(f"the heading “{ref.name}:” above this step may name the rule “{near}”: say which "
                                   "rule the step edits") from None
            return dataclasses.replace(step, rule=None)
        return dataclasses.replace(step, rule=dataclasses.replace(ref, named_as="rule"))

    def _near(self, name: str) -> str | None:
        """A rule whose title is close to ``name`` (one letter off, a plural, another article), if any."""
        key = names.normalize(name)
        titles = {names.normalize(r.title): r.title for r in self.rs.rules}
        forms = {key, key.removeprefix("the "), "the " + key, *language.plural_forms(key)}
        for form in forms:
            if form in titles:
                return titles[form]
        close = difflib.get_close_matches(key, list(titles), n=1, cutoff=0.85)
        return titles[close[0]] if close else None

    def resolve(self, ref: st.RuleRef) -> RefResult:
        """The rule a reference means. A named rule becomes "the same rule" for later steps, even
        when the step naming it then fails; a name that fails makes "the same rule" fail alike."""
        if ref.previous:
            return self._resolve(ref)
        try:
            found = self._resolve(ref)
        except _Outcome as out:
            self.last, self.last_removed, self.last_failure = None, None, out
            raise
        self.remember(found)
        return found

    def _resolve(self, ref: st.RuleRef) -> RefResult:
        if ref.previous:
            if self.last_failure is not None:
                raise _Outcome(self.last_failure.status,
                               f"“the same rule” is the rule named before, which could not be used: "
                               f"{self.last_failure.detail}")
            if self.last is None:
                if self.last_removed is not None:
                    raise _ignored(f"the rule named before, “{self.last_removed.title}”, no longer exists "
                                   "(an earlier step removed it)")
                raise _unsupported("the step refers to “the same rule” but no rule was named before it")
            if not any(self.last.rule is b for b in self.rs.blocks):
                raise _ignored(f"the rule named before, “{self.last.rule.title}”, no longer exists")
            return self.last
        reference = ref.name
        if not reference and ref.number:
            reference = f"Rule {ref.number}"
        if not reference:
            raise _unsupported("the step names no rule")
        within = None
        if ref.parent is not None:  # "In the rule “Gin”, in the subrule “Tonic”": looked up under Gin
            within = self._resolve(ref.parent).rule
        if ref.section:
            try:
                within = self.rs.section(ref.section)
            except RuleNotFound as exc:
                raise _ignored(f"{exc} So the rule “{reference}” does not exist.") from None
            except AmbiguousRule as exc:
                raise _unsupported(str(exc)) from None
        try:
            rule = self.rs.find(reference, within=within, numbering=self.numbering)
        except RuleNotFound as exc:
            lookalike = characters.lookalike_problem(reference)
            if lookalike:  # "Cоins" with a Cyrillic о: a reader sees Coins, the page does not
                raise _unsupported(f"{exc} The name “{reference}” holds {lookalike}; an Admin decides which rule "
                                   "it means") from None
            if within is not None:
                elsewhere = self._may_mean(reference, None) or self._found_anywhere(reference)
                if elsewhere:  # "the subrule X of Y" / "X, in the Core Rules" where X stands elsewhere: never ignored
                    raise _unsupported(f"No rule “{reference}” is under “{within.title}”, but there is {elsewhere}: "
                                       "an Admin decides which rule is meant.") from None
            meant = self._may_mean(reference, within)
            if meant:  # never ignored as "no such rule" while a rule it may mean exists
                raise _unsupported(f"{exc} The step may mean {meant}: an Admin decides which rule is meant.") from None
            if ref.named_as == "words":
                # "Rename Puzzle Master to …": bare words the step does not say are a rule's title
                raise _unsupported(f"{exc} The step names “{reference}” without saying it is a rule (no “rule”, no "
                                   "quotes): it may mean a term or something else; an Admin decides.") from None
            raise _ignored(f"{exc} A step about a rule that does not exist is ignored.") from None
        except AmbiguousRule as exc:
            raise _unsupported(str(exc)) from None
        # The Tags rule's exemption (the step names the section, the rule's number, or a name only one
        # rule has) holds for every rule found: without a section or number, find() has just looked
        # the name up among all rules with the keys Ruleset.count_name uses, and raises unless exactly
        # one answers. So no count is taken (it would be 1).
        return RefResult(rule, exempt=True)

    def _found_anywhere(self, reference: str) -> str | None:
        """The rule a name finds in the whole Ruleset, said with its parent ("“Wicks” under “Candles”")."""
        try:
            rule = self.rs.find(reference, numbering=self.numbering)
        except (RuleNotFound, AmbiguousRule):
            return None
        parent = getattr(rule, "parent_rule", None)
        return f"“{rule.title}”" + (f" under “{parent.title}”" if parent is not None else "")

    def _may_mean(self, reference: str, within) -> str | None:
        """The rules a name that matches none may still mean: its parts joined by "and" or commas
        ("the rule Lords and Confidence"), or the name without a "rule" word around it."""
        name = names.bare(reference)

        def found(candidate: str):
            try:
                return self.rs.find(candidate, within=within, numbering=self.numbering)
            except (RuleNotFound, AmbiguousRule):
                return None

        parts = [p for p in re.split(r"\s*(?:,|&|\band\b)\s*", name) if p.strip()]
        if len(parts) > 1:
            rules = [found(p) for p in parts]
            if all(rules):
                return "the rules " + " and ".join(f"“{r.title}”" for r in rules)
        for candidate in (re.sub(r"\s+(?:sub-?)?rule$", "", name, flags=re.I), re.sub(r"^the\s+", "", name, flags=re.I)):
            if candidate != name and found(candidate) is not None:
                return f"the rule “{found(candidate).title}”"
        return None

    def remember(self, ref: RefResult) -> None:
        self.last = ref
        self.last_removed = None
        self.last_failure = None

    def section_for(self, name: str) -> Section:
        try:
            return self.rs.section(name)
        except RuleNotFound as exc:
            raise _ignored(str(exc)) from None
        except AmbiguousRule as exc:
            raise _unsupported(str(exc)) from None

    # ---------------------------------------------------------------- tags

    def check_tag(self, kind: str | None, exempt: bool) -> None:
        policy = self.policy
        if policy is None:
            return
        tag = policy.tag_for(kind)
        if tag is None or tag.casefold() in self.tags:
            return
        if exempt and policy.exemptions:
            return
        excuse = (" (the step names no section, and no rule by its number or by a name only one rule has)"
                  if policy.exemptions else " (this era's Tags rule has no exemptions)")
        raise _ignored(f"it changes the {_TAG_NAMES.get(kind, kind)} Rules and the Proposal has no [{tag}] tag, "
                       f"as {policy.source} requires{excuse}")

    def tag_ok(self, kind: str | None) -> bool:
        policy = self.policy
        if policy is None:
            return True
        tag = policy.tag_for(kind)
        return tag is None or tag.casefold() in self.tags

    # ---------------------------------------------------------------- bookkeeping

    def touch(self, *blocks: Block) -> None:
        for b in blocks:
            self.touched.add(id(b))

    def snapshot(self, gamestate: bool = False):
        """The state a failed step is undone to; ``gamestate``: the tracking page's text too."""
        gs_text = str(self.gs) if gamestate and self.gs is not None else None
        return self.rs.snapshot(), set(self.touched), set(self.moved), gs_text

    def restore(self, snap) -> None:
        ruleset, touched, moved, gs_text = snap
        self.rs.restore(ruleset)
        self.touched, self.moved = touched, moved
        if gs_text is not None:
            self.gs = GamestatePage.parse(gs_text)
        if self.last is not None and not any(self.last.rule is b for b in self.rs.blocks):
            self.last = None  # a rule the failed step had created

    def forget(self, failure: _Outcome | None = None) -> None:
        """No rule is "the same rule" after this step; ``failure``: why, should a step ask."""
        self.last = self.last_removed = None
        self.last_failure = failure

    def removed(self, rule: Rule | None) -> None:
        """The step removed ``rule`` (None: several): "the same rule" after it names nothing there."""
        self.last, self.last_removed = None, rule

    def legality(self) -> Legality:
        """The one legality of the gamestate, by the Ruleset as the steps before left it (read again only
        when a step changed the Ruleset), knowing the page as they left it."""
        text = str(self.rs)
        if self._legality is None or self._legality[0] != text:
            self._legality = (text, Legality(self.rs, merge(infer_constraints(self.rs), self.overrides),
                                             page=self.legality_page))
        legality = self._legality[1]
        legality.gamestate = self.gs
        return legality

    def structure_problem(self) -> str | None:
        """Does the page, re-read from its text, have exactly the model's structure?"""
        rs = self.rs
        text = str(rs)
        problem = (structure.readback_problem(rs, text)
                   or hazards.page_change_problem(self.original_text, text, extension_tags=self.extension_tags))
        if problem:
            return problem
        for b in rs.blocks:
            if id(b) in self.touched or id(b) not in self.original:
                continue
            heading, body = self.original[id(b)]
            if str(b.heading) != heading or b.body.rstrip("\r\n") != body.rstrip("\r\n"):
                return f"“{b.title}”, which no step names, would change"
        order = [id(b) for b in rs.blocks if id(b) in self.original and id(b) not in self.moved]
        kept = set(order)
        expected = [k for k in self.original_order if k in kept]
        if order != expected:
            return "rules no step moves would change places"
        return None


TITLE_TAGS = re.compile(r"(?:\s*(?:\[[^\[\]]*\]|\*))+\s*\Z")


def title_problem(title: str, tags: Iterable[str] = ()) -> str | None:
    if not title.strip() or "\n" in title:
        return "the new rule has no name (or a name of several lines)"
    t = title.strip()
    if t.startswith("=") or t.endswith("="):
        return f"the name “{t}” begins or ends with “=”, which would break its heading"
    if re.search(r"<!--|</?(?:nowiki|pre)", t, re.I):
        return f"the name “{t}” holds markup that would break its heading"
    problem = characters.name_problem(t)
    if problem:
        return f"the name “{t}” holds {problem}"
    problem = hazards.payload_problem(t, headings=False, extension_tags=tags)
    if problem:
        return f"the name “{t}”: {problem.removeprefix('its text contains ')}"
    return None

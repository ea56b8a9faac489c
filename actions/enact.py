"""Enactment: a parsed Proposal's steps applied to the Ruleset (and gamestate) page, with a report.

    result = enact(parse_proposal(title, text), ruleset_text, gamestate_text)
    result.pages   # {page title: new text}, only the pages that changed
    result.report  # actions.report.Report: one StepResult per step, the summary, the diffs

Pure: text in, text out, no I/O. The rules of enactment followed here (seed 002 "Resolution of
Proposals", seed 000 "Tags" and "Numbers and Variables"):

* Steps are applied in order, each one to the result of the step before.
* A step about a rule that does not exist is **ignored** ("that step is ignored"), with the reason.
* A step the bot cannot apply with certainty (ambiguous text, text not found, a look-up that names
  several rules, a paragraph count made unclear by lists) is **unsupported**: it changes nothing and
  the Admin is told why. Nothing is approximated.
* A step the rules forbid (a gamestate value made illegal) is **refused** and changes nothing.
* Tags: the Ruleset's own "Tags" rule is read to know which tags are required for which section,
  and whether its exemptions (a step naming the section, or naming a rule whose name occurs once
  or by its number) exist in this era. A step changing such a section without the tag is ignored.

Text matching is tolerant of what players do when quoting a rule: curly or straight quotes, any
whitespace, and wiki markup (``'''bold'''``, ``''italic''``, ``[[link|label]]``, list markers,
``<tags>``, comments) present in the rule but not in the quote. The edit touches only the span that
really changes (words shared by the old and new text are kept with their markup); an edit whose span
would cut through markup (half of a bold run or a link) is unsupported rather than guessed.

New text (a new rule, an amended passage, a new title, a gamestate value) must not carry markup
that reaches beyond it: a heading line, an unclosed comment or tag, ``{|`` or ``{{`` without their
close, ``{{nobots}}``, a behaviour switch, a ``~~~~`` signature, … (:mod:`parsers.hazards` lists them
and why; ``[[Category:…]]`` is allowed). Such a step is unsupported and changes nothing.

The parts, one concept a module: :mod:`actions.matching` (text as a reader sees it, and where a
quoted passage stands), :mod:`actions.locating` (where a step's target is in a rule),
:mod:`actions.splicing` (the edit on a rule's body), :mod:`actions.tags` (the Tags rule) and
:mod:`actions.outcome` (what becomes of a step that is not applied, shared with the reset); this
module holds the run, the step handlers and the driver.

After applying, the result is re-parsed and compared with the model (:mod:`actions.structure`): a
payload cannot create a heading (and so a rule) that the steps did not ask for, no block the steps
did not touch may change, rules no step moves keep their order, and the page keeps its markup
balances and page-wide effects. A step found to break this is refused as unsupported and the
proposal re-applied without it.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from actions.locating import Spot as _Spot
from actions.locating import keyword_definitions
from actions.locating import locate as _locate
from actions.locating import select as _select
from actions.matching import LIST_LINE as _LIST_LINE
from actions.matching import Projection, TextMatch, find_text, normalize, wiki_paragraphs
from actions.matching import occurrences as _occurrences
from actions.outcome import StepOutcome as _Outcome
from actions.outcome import ignored as _ignored
from actions.outcome import refused as _refused
from actions.outcome import unsupported as _unsupported
from actions.splicing import insert_at as _insert_at
from actions.splicing import remove_at as _remove_at
from actions.splicing import replace_at as _replace_at
from actions.splicing import with_trailing as _with_trailing
from actions.tags import TAG_NAMES as _TAG_NAMES
from actions.tags import TagPolicy, tag_policy
from actions.report import APPLIED, IGNORED, UNSUPPORTED, Report
from actions import gamestate_steps, structure
from actions.constraints import infer_constraints, merge
from actions.legality import Legality
from parsers import characters, hazards, language, limits, names
from parsers import ruleset as rsmod
from parsers import steps as st
from parsers.gamestate import GamestateError, GamestatePage
from parsers.ruleset import (
    DYNASTIC,
    SPECIAL_CASE,
    AmbiguousRule,
    Block,
    Rule,
    RuleNotFound,
    Ruleset,
    RulesetError,
    Section,
)

__all__ = ["EnactResult", "enact", "TagPolicy", "tag_policy", "find_text", "TextMatch"]


# ============================================================================ result


@dataclass
class EnactResult:
    """What an enactment produced: the new text of each changed page, and the report."""

    pages: dict[str, str]
    report: Report
    proposal: st.Proposal | None = field(default=None, repr=False)

    @property
    def complete(self) -> bool:
        return self.report.complete


# ============================================================================ the run


_REWORD = "; reword the step without it, or an Admin applies it by hand"


def _require_clean(text: str, *, title: str | None = None, before: str | None = None,
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
    problem = ((_title_problem(title, tags) if title is not None else None)
               or hazards.payload_problem(text, extension_tags=tags))
    if problem:
        raise _unsupported(f"not written: {problem}{_REWORD}")


@dataclass
class _RefResult:
    rule: Rule
    exempt: bool  # the reference itself satisfies the Tags rule's exemption


class _Run:
    def __init__(self, proposal: st.Proposal, rs: Ruleset, gamestate, gs_title: str | None,
                 check_each: bool, policy: TagPolicy | None, gs_problem: str | None = None,
                 extension_tags: Iterable[str] = ()):
        self.proposal = proposal
        self.extension_tags = tuple(extension_tags)  # the wiki's (siteinfo); none offline
        self.rs = rs
        self.gs = gamestate
        self.gs_title = gs_title
        self.gs_problem = gs_problem  # why the gamestate page given could not be read
        self.check_each = check_each
        self.tags = {t.strip().casefold() for t in proposal.tags}
        self.policy = policy
        self.last: _RefResult | None = None
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
        self.gs_changed = False

    # ---------------------------------------------------------------- references

    def resolve(self, ref: st.RuleRef) -> _RefResult:
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

    def _resolve(self, ref: st.RuleRef) -> _RefResult:
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
            raise _ignored(f"{exc} A step about a rule that does not exist is ignored.") from None
        except AmbiguousRule as exc:
            raise _unsupported(str(exc)) from None
        # The Tags rule's exemption (the step names the section, the rule's number, or a name only one
        # rule has) holds for every rule found: without a section or number, find() has just looked
        # the name up among all rules with the keys Ruleset.count_name uses, and raises unless exactly
        # one answers. So no count is taken (it would be 1).
        return _RefResult(rule, exempt=True)

    def remember(self, ref: _RefResult) -> None:
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

    def snapshot(self):
        return self.rs.snapshot(), set(self.touched), set(self.moved)

    def restore(self, snap) -> None:
        ruleset, touched, moved = snap
        self.rs.restore(ruleset)
        self.touched, self.moved = touched, moved
        if self.last is not None and not any(self.last.rule is b for b in self.rs.blocks):
            self.last = None  # a rule the failed step had created

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


_TITLE_TAGS = re.compile(r"(?:\s*(?:\[[^\[\]]*\]|\*))+\s*\Z")


def _title_problem(title: str, tags: Iterable[str] = ()) -> str | None:
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


# ============================================================================ step handlers (ruleset)


def _subrule_note(rule: Rule) -> str:
    subs = [r.title for r in rule.descendants()]
    return f" (and its subrule{'s' if len(subs) > 1 else ''} {', '.join(f'“{t}”' for t in subs)})" if subs else ""


def _do_add_rule(run: _Run, step: st.AddRule) -> str:
    rs = run.rs
    title = step.name.strip()
    _require_clean(step.body, title=title, tags=run.extension_tags)
    existing = rs.count_name(title)
    if existing:
        try:
            other = rs.find(title)
            where = other.path()
        except RulesetError:
            where = "several places"
        raise _unsupported(f"a rule called “{names.drop_brackets(title)}” already exists ({where}); adding "
                           "another would make the name ambiguous")
    if step.subrule and step.parent is None and step.after is None and step.before is None:
        raise _unsupported(f"the step makes “{title}” a subrule but does not say of which rule")
    new = rs.new_rule(title, wiki_paragraphs(step.body))
    place = ""
    if step.parent is not None:
        ref = run.resolve(step.parent)
        run.check_tag(ref.rule.kind, ref.exempt)
        rs.insert(new, parent=ref.rule)
        place = f"as a subrule of “{ref.rule.title}”"
    elif step.after is not None or step.before is not None:
        anchor = step.after or step.before
        ref = run.resolve(anchor)
        run.check_tag(ref.rule.kind, ref.exempt)
        if step.after is not None:
            rs.insert(new, after=ref.rule)
            place = f"after “{ref.rule.title}”"
        else:
            rs.insert(new, before=ref.rule)
            place = f"before “{ref.rule.title}”"
    elif step.section is not None and rs.sections:
        section = run.section_for(step.section)
        run.check_tag(section.kind, True)
        rs.insert(new, section=section)
        place = f"at the end of {section.title}"
    else:
        wanted = rsmod.SECTION_ALIASES.get(names.title_key(step.section or "dynastic").removeprefix("the "))
        if rs.sections:
            section = run.section_for("Dynastic Rules")
            rs.insert(new, section=section)
            place = f"at the end of {section.title}"
        else:
            if wanted not in (None, DYNASTIC):
                raise _unsupported(f"this Ruleset has no sections, so the bot cannot tell where a new "
                                   f"{step.section} rule goes")
            tops = [r for r in rs.rules if r.parent is None and r.kind == DYNASTIC]
            if not tops:
                raise _unsupported("this Ruleset has no sections and no dynastic rules, so the end of the "
                                   "Dynastic Rules cannot be found")
            rs.insert(new, after=tops[-1])
            place = f"at the end of the dynastic rules (after “{tops[-1].title}”)"
    run.touch(new)
    run.moved.add(id(new))
    run.remember(_RefResult(new, True))
    number = f" as Rule {new.number}" if not rs.sections else ""
    return f"added “{new.title}”{number} {place}".strip()


def _do_repeal(run: _Run, step: st.RepealRule) -> str:
    ref = run.resolve(step.rule)
    run.check_tag(ref.rule.kind, ref.exempt)
    note = _subrule_note(ref.rule)
    run.rs.remove(ref.rule)
    run.last, run.last_removed = None, ref.rule
    return f"repealed “{ref.rule.path()}”{note}"


def _do_repeal_all(run: _Run, step: st.RepealAll) -> str:
    """Every top-level rule of the kind goes (with its subrules), but those the step keeps."""
    kept = [run.resolve(ref).rule for ref in step.keep]
    for rule in kept:
        if rule.kind != step.kind:
            raise _unsupported(f"“{rule.title}” is kept, but it is not a {step.kind} rule")
    doomed = [r for r in run.rs.rules_of_kind(step.kind) if not r.is_subrule and all(r is not k for k in kept)]
    if not doomed:
        raise _ignored(f"there are no {step.kind} rules to repeal" + (" besides those kept" if kept else ""))
    for rule in doomed:
        run.check_tag(rule.kind, False)
    for rule in doomed:
        run.rs.remove(rule)
    run.last, run.last_removed = None, None
    names_ = ", ".join(f"“{r.title}”" for r in doomed)
    keeping = (" (keeping " + ", ".join(f"“{r.title}”" for r in kept) + ")") if kept else ""
    return f"repealed {len(doomed)} {step.kind} rule{'s' if len(doomed) != 1 else ''}: {names_}{keeping}"


def _new_title(rule: Rule, new_name: str, keep_tags: bool) -> tuple[str, str]:
    new = names.strip_quotes(new_name).strip()
    note = ""
    if keep_tags and not names.bracket_tags(new) and "*" not in new:
        m = _TITLE_TAGS.search(rule.heading.raw_title)
        if m and m.group(0).strip():
            new = new + m.group(0).rstrip()
            note = f" (keeping “{m.group(0).strip()}”)"
    return new, note


def _check_rename(run: _Run, rule: Rule, title: str) -> None:
    problem = _title_problem(title, run.extension_tags)
    if problem:
        raise _unsupported(f"not written: {problem}")
    try:
        other = run.rs.get(title)
    except AmbiguousRule:
        other = True  # type: ignore[assignment]
    if other is not None and other is not rule:
        raise _unsupported(f"another rule is already called “{names.drop_brackets(title)}”; two rules would "
                           "share a name")


def _do_rename(run: _Run, step: st.RenameRule) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    run.check_tag(rule.kind, ref.exempt)
    title, note = _new_title(rule, step.new_name, keep_tags=True)
    _check_rename(run, rule, title)
    old = rule.title
    rule.set_title(title)
    run.touch(rule)
    run.remember(ref)
    return f"renamed “{old}” to “{rule.title}”{note}"


def _do_replace_rule(run: _Run, step: st.ReplaceRuleText) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    run.check_tag(rule.kind, ref.exempt)
    _require_clean(step.body, tags=run.extension_tags)
    detail = ""
    if step.new_name:
        title, note = _new_title(rule, step.new_name, keep_tags=True)
        _check_rename(run, rule, title)
        old = rule.title
        rule.set_title(title)
        detail = f"; renamed “{old}” to “{rule.title}”{note}"
    rule.body = _with_trailing(rule.body, wiki_paragraphs(step.body))
    run.touch(rule)
    run.remember(ref)
    subs = [r.title for r in rule.descendants()]
    kept = f"; its subrules {', '.join(f'“{t}”' for t in subs)} are kept" if subs else ""
    return f"replaced the text of “{rule.title}”{detail}{kept}"


def _do_move(run: _Run, step: st.MoveRule) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    run.check_tag(rule.kind, ref.exempt)
    where: dict = {}
    if step.parent is not None:
        dest = run.resolve(step.parent)
        run.check_tag(dest.rule.kind, dest.exempt)
        where, place = {"parent": dest.rule}, f"under “{dest.rule.title}”"
    elif step.after is not None:
        dest = run.resolve(step.after)
        run.check_tag(dest.rule.kind, dest.exempt)
        where, place = {"after": dest.rule}, f"after “{dest.rule.title}”"
    elif step.section is not None:
        section = run.section_for(step.section)
        run.check_tag(section.kind, True)
        where, place = {"section": section}, f"to the end of {section.title}"
    else:
        raise _unsupported("the step does not say where the rule goes")
    moved = run.rs.subtree(rule)
    try:
        run.rs.move(rule, **where)
    except RulesetError as exc:
        raise _unsupported(str(exc)) from None
    for b in moved:
        run.touch(b)
        run.moved.add(id(b))
    run.remember(ref)
    return f"moved “{rule.title}”{_subrule_note(rule)} {place}"


def _do_status(run: _Run, step: st.SetStatus) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    if not rule.is_special_case:
        raise _unsupported(f"“{rule.title}” is not a Special Case rule, so it has no Active/Inactive status")
    run.check_tag(SPECIAL_CASE, ref.exempt)
    old = rule.title
    changed = rule.set_status(step.status)
    run.remember(ref)
    if not changed:
        return f"“{old}” is already {step.status}; nothing to change"
    run.touch(rule)
    return f"set “{old}” to {step.status}: now “{rule.title}”"


def _text_rule(run: _Run, ref_: st.RuleRef) -> _RefResult:
    ref = run.resolve(ref_)
    run.check_tag(ref.rule.kind, ref.exempt)
    return ref


def _apply_spots(body: str, spots: list[_Spot], edit: Callable[[str, _Spot], str]) -> str:
    for spot in sorted(spots, key=lambda s: s.a, reverse=True):
        body = edit(body, spot)
    return body


def _definition(run: _Run, keyword: str):
    found = keyword_definitions(run.rs.rules, keyword)
    if not found:
        raise _ignored(f"no rule defines the keyword “{keyword}” (a glossary line “'''{keyword}''': …”)")
    if len(found) > 1:
        raise _unsupported(f"the keyword “{keyword}” is defined in several places: "
                           + ", ".join(f"“{d.rule.title}”" for d in found))
    return found[0]


def _keyword_step(run: _Run, step: st.ReplaceText | st.RemoveText) -> str:
    """A glossary entry's definition replaced, or the entry removed; the keyword itself stays."""
    d = _definition(run, step.target.text)
    rule, body = d.rule, d.rule.body
    if isinstance(step, st.ReplaceText):
        if "\n" in step.new.strip():
            raise _unsupported("a keyword's definition is one line of the glossary; the new text has several lines")
        new = step.new.strip()
        _require_clean(new, tags=run.extension_tags)
        body = body[:d.a] + new + body[d.b:]
        done = f"in “{rule.title}”, replaced the definition of “{step.target.text}”"
    else:
        body = body[:d.line_a] + body[d.line_b:]
        done = f"in “{rule.title}”, removed the keyword “{step.target.text}”"
    _require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    return done


def _do_replace_text(run: _Run, step: st.ReplaceText) -> str:
    if step.target.kind == st.KEYWORD:
        return _keyword_step(run, step)
    if step.rule is None:
        return _replace_everywhere(run, step)
    ref = _text_rule(run, step.rule)
    rule = ref.rule
    _require_clean(step.new, tags=run.extension_tags)
    spots = _locate(rule, step.target)
    body = _apply_spots(rule.body, spots, lambda b, s: _replace_at(rule, b, s, step.new))
    _require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    run.remember(ref)
    n = len(spots)
    what = _target_words(step.target)
    return f"in “{rule.title}”, replaced {what}" + (f" ({n} places)" if n > 1 else "")


def _target_words(target: st.Target) -> str:
    if target.kind in (st.PARAGRAPH, st.PARAGRAPHS_FROM):
        which = "the final" if target.number == -1 else f"paragraph {target.number}"
        return which + (" paragraph" if target.number == -1 else "") + (" onwards" if target.kind == st.PARAGRAPHS_FROM else "")
    label = {st.SENTENCE_BEGINNING: "the sentence beginning ", st.SENTENCE_ENDING: "the sentence ending ",
             st.SENTENCE_CONTAINING: "the sentence containing ", st.PARAGRAPH_BEGINNING: "the paragraph beginning ",
             st.PARAGRAPH_ENDING: "the paragraph ending ", st.PARAGRAPH_CONTAINING: "the paragraph containing "}
    text = target.text or ""
    short = text if len(text) <= 60 else text[:57] + "…"
    return f"{label.get(target.kind, '')}“{short}”"


def _do_remove_text(run: _Run, step: st.RemoveText) -> str:
    if step.target.kind == st.KEYWORD:
        return _keyword_step(run, step)
    ref = _text_rule(run, step.rule)
    rule = ref.rule
    spots = _locate(rule, step.target)
    body = _apply_spots(rule.body, spots, lambda b, s: _remove_at(rule, b, s))
    _require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    run.remember(ref)
    return f"in “{rule.title}”, removed {_target_words(step.target)}" + (
        f" ({len(spots)} places)" if len(spots) > 1 else "")


def _do_insert_text(run: _Run, step: st.InsertText) -> str:
    ref = _text_rule(run, step.rule)
    rule = ref.rule
    _require_clean(step.body, tags=run.extension_tags)
    spots = _locate(rule, step.anchor)
    if len(spots) != 1:
        raise _unsupported(f"the place to insert at is {len(spots)} places; say which one")
    body, how = _insert_at(rule, rule.body, spots[0], step.body, step.position)
    _require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    run.remember(ref)
    return f"in “{rule.title}”, inserted the text {how} ({step.position} {_target_words(step.anchor)})"


def _do_append(run: _Run, step: st.AppendText) -> str:
    ref = _text_rule(run, step.rule)
    rule = ref.rule
    _require_clean(step.body, tags=run.extension_tags)
    payload = wiki_paragraphs(step.body)
    if not payload.strip():
        raise _unsupported("there is no text to add")
    body = rule.body
    core = body.strip()
    if not core:
        rule.body = _with_trailing(body, payload)
    elif step.at == "end":
        end = len(body.rstrip())
        last_line = body[:end].rsplit("\n", 1)[-1]
        sep = "\n" if (_LIST_LINE.match(last_line) and _LIST_LINE.match(payload)) else "\n\n"
        rule.body = body[:end] + sep + payload + body[end:]
    else:
        start = len(body) - len(body.lstrip())
        first_line = body[start:].split("\n", 1)[0]
        sep = "\n" if (_LIST_LINE.match(first_line) and _LIST_LINE.match(payload)) else "\n\n"
        rule.body = body[:start] + payload + sep + body[start:]
    run.touch(rule)
    run.remember(ref)
    return f"added the text to the {'end' if step.at == 'end' else 'beginning'} of “{rule.title}”"


_LIST_ITEM = re.compile(r"^([*#]+)[ \t]*", re.M)


def _lists(body: str) -> list[tuple[int, int, str]]:
    """The lists in a rule's body: (start, end, the line before the list) of each run of list lines."""
    lines, found, pos = body.split("\n"), [], 0
    start = intro = None
    prev = ""
    for line in lines + [""]:
        if _LIST_ITEM.match(line):
            if start is None:
                start, intro = pos, prev
        elif start is not None:
            found.append((start, pos - 1, intro or ""))
            start = None
        if line.strip():
            prev = line
        pos += len(line) + 1
    return found


def _named(intro: str, of: str) -> bool:
    words = [w for w in re.findall(r"\w+", of.casefold()) if w not in ("the", "a", "of")]
    have = {language.singular(w) for w in re.findall(r"\w+", rsmod.plain(intro).casefold())}
    return bool(words) and all(language.singular(w) in have for w in words)


def _do_add_list_item(run: _Run, step: st.AddListItem) -> str:
    if step.rule is not None:
        ref = _text_rule(run, step.rule)
        candidates = [(ref.rule, span) for span in _lists(ref.rule.body)]
        where = f"“{ref.rule.title}”"
    else:
        ref = None
        candidates = [(r, span) for r in run.rs.rules for span in _lists(r.body)]
        where = "the Ruleset"
    if step.of and (ref is None or len(candidates) > 1):
        # a list named but no rule: only a list the Ruleset itself names so (it may be on another page)
        candidates = [(r, span) for r, span in candidates if _named(span[2], step.of) or _named(r.title, step.of)]
    if not candidates:
        raise _unsupported(f"no list{' of ' + step.of if step.of else ''} found in {where}")
    if len(candidates) > 1:
        raise _unsupported(f"{len(candidates)} lists{' of ' + step.of if step.of else ''} in {where} "
                           "(" + ", ".join(sorted({f'“{r.title}”' for r, _ in candidates})) + "); the step does not say which")
    rule, (a, b, _intro) = candidates[0]
    body = rule.body
    marker = _LIST_ITEM.match(body[body.rfind("\n", 0, b) + 1:b] or body[a:b]).group(1)
    items = [line.strip() for line in step.items.strip("\n").split("\n") if line.strip()]
    if not items:
        raise _unsupported("no list item given")
    marked = [line for line in items if _LIST_ITEM.match(line)]
    if marked and len(marked) != len(items):
        stray = next(line for line in items if not _LIST_ITEM.match(line))
        raise _unsupported(f"the text holds a line that is not a list item (“{stray[:80]}”): the bot cannot tell "
                           "whether it belongs to the list")
    if not marked and len(items) > 1:
        raise _unsupported("several lines without list markers: the bot cannot tell where one item ends")
    lines = marked or [f"{marker} {items[0]}"]
    _require_clean("\n".join(lines))
    new = body[:b] + "\n" + "\n".join(lines) + body[b:]
    _require_clean(new, before=body)
    rule.body = new
    run.touch(rule)
    if ref is not None:
        run.remember(ref)
    return f"in “{rule.title}”, added {len(lines)} item{'s' if len(lines) != 1 else ''} to the end of the list"


def _replace_everywhere(run: _Run, step: st.ReplaceText, plural_done: bool = False) -> str:
    """"Change all occurrences of A in the ruleset to B": rule texts and rule titles."""
    rs = run.rs
    target = step.target
    if target.kind != st.TEXT or not target.text:
        raise _unsupported("a change throughout the Ruleset must quote the text to change")
    _require_clean(step.new, tags=run.extension_tags)
    needle = normalize(target.text)
    if not needle:
        raise _unsupported("the quoted text is empty once markup and spacing are set aside")
    probe = max(re.findall(r"\w+", needle) or [""], key=len)
    found: list[tuple[Block, str, TextMatch]] = []
    partial: list[str] = []
    for block in rs.blocks:
        for where, source in (("title", block.heading.raw_title), ("body", block.body)):
            if where == "title" and isinstance(block, Section):
                continue
            if probe and probe not in names.straighten_quotes(source) and probe.lower() not in source.lower():
                continue
            proj = Projection(source)
            whole, part = _occurrences(proj.text, needle)
            for i, j in whole:
                found.append((block, where, TextMatch(block, proj, i, j)))
            for i, j in part:
                word = re.search(r"\w*\Z", proj.text[:i]).group(0) + proj.text[i:j] + re.match(r"\w*", proj.text[j:]).group(0)
                partial.append(f"“{word}” in “{block.title}”")
    plural = language.plural(target.text) if re.fullmatch(r"[A-Z][\w'’-]*", target.text) else None

    def is_plural(place: str) -> bool:
        return bool(plural) and re.match(r"“(.*?)” in “", place).group(1).casefold() == plural.casefold()

    if plural_done:
        partial = [p for p in partial if not is_plural(p)]  # left where the Tags rule keeps them
    elif target.occurrence == "all" and partial and plural and step.new.strip() and all(map(is_plural, partial)):
        # A game term replaced throughout ("Puzzler" with "Solver"): its plural is the same word to a
        # reader, and becomes the new term's plural; nothing else contains it.
        new_plural = language.plural(step.new.strip())
        try:
            first = _replace_everywhere(run, dataclasses.replace(
                step, target=dataclasses.replace(target, text=plural), new=new_plural), True)
        except _Outcome as out:
            if out.status != IGNORED:
                raise
            first = f"none, {out.detail}"
        rest = _replace_everywhere(run, step, True)
        return f"{rest}; and “{plural}” with “{new_plural}”: {first}"
    if target.occurrence == "all" and partial:
        listed = "; ".join(partial[:8]) + (f"; and {len(partial) - 8} more" if len(partial) > 8 else "")
        raise _unsupported(f"“{target.text}” also occurs inside longer words ({listed}); the bot cannot tell "
                           "which of those the Proposal means to change")
    if not found:
        raise _unsupported(f"“{target.text}” does not occur in the Ruleset")

    def places(items):
        return "; ".join(f"{b.title} ({w}): “{m.context()}”" for b, w, m in items[:8])

    chosen = _select(found, target.occurrence, f"“{target.text}”", places)
    allowed = [c for c in chosen if run.tag_ok(c[0].kind if isinstance(c[0], (Rule, Section)) else None)]
    blocked = [c for c in chosen if c not in allowed]
    if not allowed:
        kinds = sorted({_TAG_NAMES.get(c[0].kind, str(c[0].kind)) for c in blocked})
        raise _ignored(f"every occurrence is in the {', '.join(kinds)} Rules and the Proposal lacks the tag "
                       f"{', '.join('[' + k + ']' for k in kinds)} that {run.policy.source if run.policy else 'the Tags rule'} requires")
    by_place: dict[tuple[int, str], list[TextMatch]] = {}
    blocks: dict[int, Block] = {}
    for block, where, m in allowed:
        by_place.setdefault((id(block), where), []).append(m)
        blocks[id(block)] = block
    new_text = step.new.strip() if "\n" not in step.new.strip("\n") else step.new.strip("\n")
    pending: list[tuple[Block, str, str]] = []
    for (bid, where), matches in by_place.items():
        block = blocks[bid]
        source = block.heading.raw_title if where == "title" else block.body
        spots = [_Spot(*m.span, "inline", m) for m in matches]
        out = _apply_spots(source, spots, lambda b, s: _replace_at(block, b, s, new_text))
        if where == "title":
            problem = _title_problem(out, run.extension_tags)
            if problem:
                raise _unsupported(f"not written: in a rule title, {problem}")
        else:
            _require_clean(out, before=source, tags=run.extension_tags)
        pending.append((block, where, out))
    for block, where, out in pending:
        if where == "title":
            block.set_title(out)
        else:
            block.body = out
        run.touch(block)
    count = len(allowed)
    in_titles = sum(1 for _, w, _ in allowed if w == "title")
    detail = f"replaced {count} occurrence{'s' if count != 1 else ''} in {len({id(b) for b, _, _ in allowed})} block(s)"
    if in_titles:
        detail += f", {in_titles} of them in rule titles"
    if blocked:
        kinds = sorted({_TAG_NAMES.get(c[0].kind, str(c[0].kind)) for c in blocked})
        detail += (f"; left {len(blocked)} in the {', '.join(kinds)} Rules ("
                   + ", ".join(sorted({f'“{c[0].title}”' for c in blocked})) + ") because the Proposal lacks the "
                   + ", ".join(f"[{k}]" for k in kinds) + " tag")
    return detail


# ============================================================================ step handlers (gamestate)

def _do_gamestate(run: _Run, step: st.Step) -> str:
    """A gamestate step: :mod:`actions.gamestate_steps`, judged by the one legality of the Ruleset as
    the steps before it left it (and the Admins' overrides)."""
    if run.gs is None:
        if run.gs_problem:
            raise _unsupported(run.gs_problem)
        where = f" (the tracking page is “{run.gs_title}”)" if run.gs_title else ""
        raise _unsupported(f"this step changes the gamestate, but no gamestate page was given{where}")
    overrides = getattr(run, "overrides", None) or []
    legality = Legality(run.rs, merge(infer_constraints(run.rs), overrides), page=run.gs_title)
    detail = gamestate_steps.apply(run.gs, step, legality)  # raises the StepOutcome of actions.outcome
    run.gs_changed = True
    return detail


# ============================================================================ driver

_HANDLERS: dict[type, tuple[str, Callable]] = {
    st.AddRule: ("add rule", _do_add_rule),
    st.RepealRule: ("repeal rule", _do_repeal),
    st.RepealAll: ("repeal rules", _do_repeal_all),
    st.RenameRule: ("rename rule", _do_rename),
    st.ReplaceRuleText: ("replace rule text", _do_replace_rule),
    st.ReplaceText: ("replace text", _do_replace_text),
    st.RemoveText: ("remove text", _do_remove_text),
    st.InsertText: ("insert text", _do_insert_text),
    st.AppendText: ("add text", _do_append),
    st.AddListItem: ("add list item", _do_add_list_item),
    st.MoveRule: ("move rule", _do_move),
    st.SetStatus: ("set status", _do_status),
    **{kind: (name, _do_gamestate) for kind, (name, _) in gamestate_steps.HANDLERS.items()},
}
_GAMESTATE_STEPS = gamestate_steps.GAMESTATE_STEPS


def _action_name(step: st.Step) -> str:
    if isinstance(step, st.Ignored):
        return step.category
    if isinstance(step, st.Unsupported):
        return "not understood"
    entry = _HANDLERS.get(type(step))
    return entry[0] if entry else type(step).__name__


def _run_steps(run: _Run, report: Report) -> None:
    for position, step in enumerate(run.proposal.steps):
        n = step.index or position + 1
        action = _action_name(step)
        if isinstance(step, (st.Ignored, st.Unsupported)):
            report.add(n, step.text, action, IGNORED if isinstance(step, st.Ignored) else UNSUPPORTED, step.reason)
            if getattr(step, "category", None) not in ("remark", "note"):
                # a step not applied may name a rule: "the same rule" after it cannot be told
                run.last = run.last_removed = None
                run.last_failure = _unsupported(f"the step before it (step {n}) was not applied, so the bot cannot be "
                                                "sure which rule “the same rule” means")
            continue
        entry = _HANDLERS.get(type(step))
        if entry is None:
            report.add(n, step.text, action, UNSUPPORTED, f"the bot cannot apply a {type(step).__name__} step")
            continue
        snap = run.snapshot()
        gs_text = str(run.gs) if run.gs is not None and isinstance(step, _GAMESTATE_STEPS) else None
        try:
            detail = entry[1](run, step)
            status = APPLIED
            if run.check_each and not isinstance(step, _GAMESTATE_STEPS):
                problem = run.structure_problem()
                if problem:
                    raise _unsupported(f"not written: {problem}")
            if gs_text is not None and run.gs is not None:
                problem = hazards.page_change_problem(gs_text, str(run.gs), extension_tags=run.extension_tags)
                if problem:
                    raise _refused(f"not written: on the gamestate page, {problem}")
        except _Outcome as out:
            status, detail = out.status, out.detail
        except RulesetError as exc:
            status, detail = UNSUPPORTED, str(exc)
        except Exception as exc:  # a bug must not become a wrong edit: report it, change nothing
            status, detail = UNSUPPORTED, (f"the bot failed on this step ({type(exc).__name__}: {exc}); nothing "
                                           "changed. Apply this step by hand, and report the fault so the bot "
                                           "can be fixed")
        if status != APPLIED:
            run.restore(snap)
            if gs_text is not None:
                run.gs = GamestatePage.parse(gs_text)
        report.add(n, step.text, action, status, detail)


def enact(proposal: st.Proposal, ruleset_text: str, gamestate_text: str | None = None, *,
          ruleset_title: str = "Ruleset", gamestate_title: str | None = None,
          overrides: list | None = None, extension_tags: Iterable[str] = ()) -> EnactResult:
    """Apply a parsed Proposal to the Ruleset (and gamestate) text; see the module docstring.

    ``extension_tags``: the wiki's extension tags (siteinfo), which decide what markup is literal
    (:func:`parsers.hazards.literal_tags`); offline none is assumed.

    ``.pages`` holds only the pages whose text changed; ``.report`` one result per step, the edit
    summary (``Enacted “Name”``, prefixed ``/* Rule */`` when exactly one rule changed) and diffs.
    ``overrides`` (:func:`actions.constraints.parse_overrides` of the Admins' constraints page)
    join the constraints every gamestate value is judged by (:mod:`actions.legality`).
    Raises :class:`parsers.limits.TooLarge`, before anything is done, for a page or a Proposal
    beyond :mod:`parsers.limits`.
    """
    limits.check_page(ruleset_text, "The Ruleset page")  # the gamestate page: by GamestatePage.parse
    limits.check_steps(len(proposal.steps))
    gs_title = gamestate_title
    rs = rsmod.parse(ruleset_text)
    if gs_title is None:
        found = rs.tracking_page()
        gs_title = found[0] if found else ("Gamestate" if gamestate_text is not None else None)
    policy = tag_policy(rs)
    pristine = rs.snapshot()
    for attempt in (0, 1):
        if attempt:
            rs.restore(pristine)  # the page as read, for the second attempt
        gs, gs_problem = None, None
        if gamestate_text is not None:
            try:
                gs = GamestatePage.parse(gamestate_text)
            except GamestateError as exc:
                gs_problem = f"the gamestate page cannot be read: {exc}"
        run = _Run(proposal, rs, gs, gs_title, check_each=attempt == 1, policy=policy, gs_problem=gs_problem,
                   extension_tags=extension_tags)
        run.overrides = list(overrides or [])
        report = Report(action="enact", name=proposal.name)
        _run_steps(run, report)
        if attempt == 1 or run.structure_problem() is None:
            break
    pages: dict[str, str] = {}
    new_text = str(run.rs)
    if new_text != ruleset_text:
        pages[ruleset_title] = new_text
        report.set_page(ruleset_title, ruleset_text, new_text)
    if run.gs is not None and gamestate_text is not None:
        new_gs = str(run.gs)
        if new_gs != gamestate_text:
            title = gs_title or "Gamestate"
            pages[title] = new_gs
            report.set_page(title, gamestate_text, new_gs)
    report.summary = _summary(proposal, run, pages, ruleset_title)
    return EnactResult(pages, report, proposal)


def _summary(proposal: st.Proposal, run: _Run, pages: dict[str, str], ruleset_title: str) -> str:
    """``Enacted “Name”``; ``/* Rule */ Enacted “Name”`` when the one page changed is one rule."""
    summary = f"Enacted \u201c{proposal.name}\u201d"
    if ruleset_title in pages and not run.gs_changed:
        live = [b for b in run.rs.blocks if id(b) in run.touched]
        removed = any(k not in {id(b) for b in run.rs.blocks} for k in run.original)
        if len(live) == 1 and len(run.touched) == 1 and not removed and isinstance(live[0], Rule):
            summary = f"/* {live[0].title} */ {summary}"
    return summary

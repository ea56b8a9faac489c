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

The parts, one concept a module: :mod:`actions.run` (the models as the steps before left them,
"the same rule", the checks on new text), :mod:`actions.ruleset_steps` (each Ruleset step),
:mod:`actions.gamestate_steps` (each gamestate step, judged by :mod:`actions.legality`),
:mod:`actions.matching` (text as a reader sees it, and where a quoted passage stands),
:mod:`actions.locating` (where a step's target is in a rule), :mod:`actions.splicing` (the edit on a
rule's body), :mod:`actions.tags` (the Tags rule) and :mod:`actions.outcome` (what becomes of a step
that is not applied, shared with the reset); this module is the driver: each step to its handler,
in order, each one all or nothing, then the read-back check and the report.

After applying, the result is re-parsed and compared with the model (:mod:`actions.structure`): a
payload cannot create a heading (and so a rule) that the steps did not ask for, no block the steps
did not touch may change, rules no step moves keep their order, and the page keeps its markup
balances and page-wide effects. A step found to break this is refused as unsupported and the
proposal re-applied without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from actions.outcome import StepOutcome as _Outcome
from actions.outcome import refused as _refused
from actions.outcome import unsupported as _unsupported
from actions.tags import tag_policy
from actions.report import APPLIED, IGNORED, UNSUPPORTED, Report
from actions import gamestate_steps, matching
from parsers import hazards, limits
from parsers import ruleset as rsmod
from parsers import steps as st
from parsers.gamestate import GamestateError, GamestatePage
from parsers.ruleset import Rule, RulesetError

from actions.run import Run
from actions import ruleset_steps

__all__ = ["EnactResult", "enact"]


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


# ============================================================================ step handlers (gamestate)

def _do_gamestate(run: Run, step: st.Step) -> str:
    """A gamestate step: :mod:`actions.gamestate_steps`, judged by the one legality of the Ruleset as
    the steps before it left it (and the Admins' overrides)."""
    if run.gs is None:
        if run.gs_problem:
            raise _unsupported(run.gs_problem)
        where = f" (the tracking page is “{run.gs_title}”)" if run.gs_title else ""
        raise _unsupported(f"this step changes the gamestate, but no gamestate page was given{where}")
    return gamestate_steps.apply(run.gs, step, run.legality())  # raises the StepOutcome of actions.outcome


# ============================================================================ conditions


def _decide(run: Run, cond: st.Condition) -> tuple[bool, str]:
    """Whether a condition the bot decides holds on the page as the step finds it, and why.
    Raises the StepOutcome of a condition it cannot decide (a name that means several rules)."""
    rule = None
    if cond.rule is not None:
        if cond.rule.previous:
            found = run.last.rule if run.last is not None and any(run.last.rule is b for b in run.rs.blocks) else None
            if found is None:
                raise _unsupported("the condition speaks of the rule named before, and there is none")
            rule = found
        else:
            reference = cond.rule.name or (f"Rule {cond.rule.number}" if cond.rule.number else "")
            try:
                rule = run.rs.find(reference, numbering=run.numbering)
            except rsmod.RuleNotFound:
                rule = None
            except rsmod.AmbiguousRule as exc:
                raise _unsupported(f"the condition “{cond.words}” cannot be decided: {exc}") from None
        if rule is not None and cond.parent is not None:
            try:
                parent = run.rs.find(cond.parent.name or "", numbering=run.numbering)
            except rsmod.RuleNotFound:
                parent = None
            except rsmod.AmbiguousRule as exc:
                raise _unsupported(f"the condition “{cond.words}” cannot be decided: {exc}") from None
            if parent is None or rule.parent_rule is not parent:
                rule = None
    if cond.contains is None:
        exists = rule is not None
        name = cond.rule.name if cond.rule is not None and cond.rule.name else "the rule named before"
        why = f"a rule “{name}” {'exists' if exists else 'does not exist'}"
        return exists != cond.negated, why
    if rule is None:
        if cond.rule is not None and cond.rule.named_as in ("words", "verb"):
            # "If the Head Gardener’s EVC contains “compost”, …": bare words no rule is called may name something
            # else that holds text (a post, a page): an Admin decides it
            raise _unsupported(f"the condition “{cond.words}” speaks of “{cond.rule.name}”, which no rule is called: "
                               "it may be something other than a rule")
        return cond.negated, "the rule it speaks of does not exist"
    has = bool(matching.find_text(rule, cond.contains))
    why = f"“{rule.title}” {'holds' if has else 'does not hold'} the text “{cond.contains}”"
    return has != cond.negated, why


# ============================================================================ driver

_HANDLERS: dict[type, tuple[str, Callable]] = {
    **ruleset_steps.HANDLERS,
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


def _run_steps(run: Run, report: Report) -> None:
    for position, step in enumerate(run.proposal.steps):
        n = step.index or position + 1
        action = _action_name(step)
        if isinstance(step, (st.Ignored, st.Unsupported)):
            report.add(n, step.text, action, IGNORED if isinstance(step, st.Ignored) else UNSUPPORTED, step.reason)
            if getattr(step, "category", None) not in ("remark", "note"):
                # a step not applied may name a rule: "the same rule" after it cannot be told
                run.forget(_unsupported(f"the step before it (step {n}) was not applied, so the bot cannot be "
                                        "sure which rule “the same rule” means"))
            continue
        entry = _HANDLERS.get(type(step))
        if entry is None:
            report.add(n, step.text, action, UNSUPPORTED, f"the bot cannot apply a {type(step).__name__} step")
            continue
        if step.when is not None:
            try:
                holds, why = _decide(run, step.when)
            except _Outcome as out:
                report.add(n, step.text, action, out.status, out.detail)
                continue
            if not holds:
                report.add(n, step.text, action, IGNORED, f"skipped: the condition “{step.when.words}” does not hold "
                                                         f"({why})")
                continue
        gamestate = isinstance(step, _GAMESTATE_STEPS)
        snap = run.snapshot(gamestate=gamestate)
        gs_text = snap[3]
        try:
            step = run.under_heading(step)
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
        report.add(n, step.text, action, status, detail)


def enact(proposal: st.Proposal, ruleset: str | rsmod.Ruleset, gamestate_text: str | None = None, *,
          ruleset_title: str = "Ruleset", gamestate_title: str | None = None,
          overrides: list | None = None, extension_tags: Iterable[str] = ()) -> EnactResult:
    """Apply a parsed Proposal to the Ruleset (and gamestate) text; see the module docstring.

    ``ruleset``: the Ruleset page's text, or the page already parsed (:func:`parsers.ruleset.parse`), which
    is then not parsed again; it is left as it was given. ``gamestate_title``: the gamestate page's title
    when the caller knows it; by default the one the Ruleset names
    (:meth:`parsers.ruleset.Ruleset.gamestate_title`).

    ``extension_tags``: the wiki's extension tags (siteinfo), which decide what markup is literal
    (:func:`parsers.hazards.literal_tags`); offline none is assumed.

    ``.pages`` holds only the pages whose text changed; ``.report`` one result per step, the edit
    summary (``Enacted “Name”``, prefixed ``/* Rule */`` when exactly one rule changed) and diffs.
    ``overrides`` (:func:`actions.constraints.parse_overrides` of the Admins' constraints page)
    join the constraints every gamestate value is judged by (:mod:`actions.legality`).
    Raises :class:`parsers.limits.TooLarge`, before anything is done, for a page or a Proposal
    beyond :mod:`parsers.limits`.
    """
    ruleset_text = ruleset if isinstance(ruleset, str) else str(ruleset)
    limits.check_page(ruleset_text, "The Ruleset page")  # the gamestate page: by GamestatePage.parse
    limits.check_steps(len(proposal.steps))
    rs = rsmod.parse(ruleset) if isinstance(ruleset, str) else ruleset
    # constraints that name another page stand aside only when the page's real name is known
    legality_page = gamestate_title or rs.gamestate_title()
    gs_title = gamestate_title or rs.gamestate_title(stand_in=gamestate_text is not None)
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
        run = Run(proposal, rs, gs, gs_title, check_each=attempt == 1, policy=policy, gs_problem=gs_problem,
                  extension_tags=extension_tags, overrides=overrides or (), legality_page=legality_page)
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
            pages[gs_title] = new_gs
            report.set_page(gs_title, gamestate_text, new_gs)
    report.summary = _summary(proposal, run, pages, ruleset_title)
    rs.restore(pristine)   # a model given is left as it came
    return EnactResult(pages, report, proposal)


def _summary(proposal: st.Proposal, run: Run, pages: dict[str, str], ruleset_title: str) -> str:
    """``Enacted “Name”``; ``/* Rule */ Enacted “Name”`` when the one page changed is one rule."""
    summary = f"Enacted \u201c{proposal.name}\u201d"
    if set(pages) == {ruleset_title}:  # the Ruleset alone changed
        live = [b for b in run.rs.blocks if id(b) in run.touched]
        removed = any(k not in {id(b) for b in run.rs.blocks} for k in run.original)
        if len(live) == 1 and len(run.touched) == 1 and not removed and isinstance(live[0], Rule):
            summary = f"/* {live[0].title} */ {summary}"
    return summary

"""The Dynastic Reset: an Ascension Address applied to the Ruleset, as one atomic action.

Steps, in the order seed 002 ("Victory and Ascension") lists them, per era:

1. replace the changed terms (actions.synonyms: the Synonyms rule from 2022; the terms named in
   "Victory and Ascension" before: "Lord", "High Lord", "Confidence" in 2004, the player and leader
   terms in 2016/2020);
2. repeal the dynastic rules not kept (2004: only the rules the Address repeals, never rules 1–10;
   the remaining rules keep a sequential numbering);
3. set Special Case statuses: listed ones as the Address says, all others to their default (the
   era's default marker: [Rare] in 2022, an asterisk in 2020, always Active in 2016);
4. put the new gamestate tracking page name in the rule that states it (it must not exist yet and
   must not begin with the word "Ruleset");
5. transcribe the chosen Building Blocks from the Building Blocks page and remove the others (2023);
6. replace the terms on the Building Blocks page too (2023);
7. 2004: all GNDT stats are reset to zero or blank (then Confidence is normalised as its rule says).

Everything is computed first. If any step is refused or cannot be read, nothing changes: every page
is returned as it was and the report says which step and why.

Text that comes from elsewhere is checked before it goes in: a rule transcribed from the Building
Blocks page must not carry markup that reaches beyond it (:func:`parsers.hazards.payload_problem`),
and a new tracking page name must be a plain page title. The pages produced are re-read before they
are returned (:mod:`actions.structure`): the Ruleset must read back as the model the steps built and
keep its markup balances and page-wide effects; a page whose terms were replaced must keep its rule
tree, and only blocks holding a replaced term may change. Otherwise the whole reset is refused.
Pages or term lists beyond :mod:`parsers.limits` raise :class:`parsers.limits.TooLarge` before
anything is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from actions.outcome import StepOutcome
from actions import structure
from actions import synonyms as S
from parsers import terms
from actions.report import APPLIED, IGNORED, REFUSED, UNSUPPORTED, Report
from actions.legality import CannotJudge, Legality, Place
from parsers import gamestate as G
from parsers import characters, hazards, limits, names
from parsers import ruleset as R
from parsers.ascension import ResetPlan

RULESET = "Ruleset"
BUILDING_BLOCKS = "Building Blocks"

ERA_NUMBERED = "numbered"      # 2004: rules 1–10 core, no sections
ERA_SECTIONS = "sections"      # 2016/2020: sections, terms named in Victory and Ascension
ERA_SYNONYMS = "synonyms"      # 2022/2023: the Synonyms rule


#: A step of the reset the rules forbid or the bot cannot do with certainty: the same outcome type as
#: a step of an enactment's.
ResetRefused = StepOutcome


@dataclass
class ResetResult:
    """``pages``: {title: new text} for every page given (unchanged when the reset failed)."""

    pages: dict[str, str]
    report: Report
    ok: bool
    era: str = ""


def era_of(model: R.Ruleset) -> str:
    if terms.synonyms_rule(model) is not None:
        return ERA_SYNONYMS
    if not model.sections and model.rules_of_kind(R.CORE):
        return ERA_NUMBERED
    return ERA_SECTIONS


# --------------------------------------------------------------------------- helpers
def _top_rules(model: R.Ruleset, kind: str) -> list[R.Rule]:
    return [r for r in model.rules if r.kind == kind and not r.is_subrule]


def _resolve(model: R.Ruleset, name: str, what: str) -> R.Rule:
    try:
        return model.find(name)
    except R.RulesetError as error:
        raise ResetRefused(REFUSED, f"{what} “{name}”: {error}") from None


def _plain_list(items) -> str:
    items = list(dict.fromkeys(items))     # a rule kept for itself and for its subrule is named once
    return ", ".join(f"“{i}”" for i in items) if items else "none"


class _Steps:
    def __init__(self, report: Report):
        self.report = report
        self.n = 0
        self.failed: list[str] = []

    def add(self, text: str, action: str, status: str, detail: str = "", *, no_op: bool = False) -> None:
        self.n += 1
        self.report.add(self.n, text, action, status, detail, no_op=no_op)
        if status in (REFUSED, UNSUPPORTED):
            self.failed.append(f"step {self.n} ({action}): {detail}")


# --------------------------------------------------------------------------- the reset
def dynastic_reset(ruleset: str | R.Ruleset, plan: ResetPlan, *, building_blocks_text: str | None = None,
                   gamestate_text: str | None = None, gamestate_title: str | None = None,
                   existing_pages=frozenset(), extension_tags: Iterable[str] = ()) -> ResetResult:
    """Perform a Dynastic Reset on page texts; returns every page given, changed or not.
    ``ruleset``: the Ruleset's text, or the page already parsed (then not parsed again, and left as given).
    ``extension_tags``: the wiki's (siteinfo), which decide what markup is literal; none offline."""
    ruleset_text = ruleset if isinstance(ruleset, str) else str(ruleset)
    limits.check_page(ruleset_text, "The Ruleset page")
    if building_blocks_text is not None:
        limits.check_page(building_blocks_text, "The Building Blocks page")
    if gamestate_text is not None:
        limits.check_page(gamestate_text, "The gamestate page")
    limits.check_terms(len(plan.terms))
    report = Report("reset", name=plan.theme or "", summary="")
    steps = _Steps(report)
    model = R.parse(ruleset) if isinstance(ruleset, str) else ruleset
    pristine = model.snapshot()
    era = era_of(model)
    gs_title = gamestate_title or model.gamestate_title(stand_in=True)
    originals: dict[str, str] = {RULESET: ruleset_text}
    if building_blocks_text is not None:
        originals[BUILDING_BLOCKS] = building_blocks_text
    if gamestate_text is not None:
        originals[gs_title] = gamestate_text
    new_pages = dict(originals)

    for bad in plan.unreadable:
        steps.add(bad.sentence, "read the Address", UNSUPPORTED, bad.reason + "; an Admin must read it (nothing guessed)")
    for other in plan.outside:
        if other.kind == "remark":
            steps.add(other.sentence, "outside the reset", IGNORED,
                      f"a remark, not an instruction (“{other.detail}”): nothing done; an Admin decides whether "
                      "it asks for something")
        else:
            steps.add(other.sentence, "outside the reset", IGNORED,
                      f"not part of the Dynastic Reset (“{other.detail}”): not done; an Admin does this separately")
    if plan.theme:
        steps.add(plan.theme, "theme", APPLIED, "recorded in the edit summary; no page text states it")

    # The terms are resolved on the Ruleset as it was; a refusal is reported at the terms step.
    term_plan = term_error = None
    if plan.terms:
        try:
            term_plan = S.plan_terms(model, plan.terms)
        except S.TermError as error:
            term_error = error

    try:
        # ---- 2. repeal (resolved on the Ruleset as it was)
        repealed = _step_repeal(model, plan, era, steps)
        # ---- 3. Special Case statuses
        _step_statuses(model, plan, era, steps)
        text1 = str(model)

        # ---- 1 & 6. terms
        if plan.terms:
            try:
                if term_error is not None:
                    raise term_error
                others = {BUILDING_BLOCKS: building_blocks_text} if building_blocks_text is not None else None
                S.check_new_terms(model, term_plan, other_pages=others)
            except S.TermError as error:
                detail = str(error) + (" Places: " + "; ".join(error.places) if error.places else "")
                steps.add("; ".join(f"{t[0]} = {t[1]}" for t in plan.terms), "replace terms", REFUSED, detail)
                raise ResetRefused(REFUSED, detail) from None
            text2, occurrences = S.replace_in_text(text1, term_plan, model)
            _guard(steps, "replace terms", S.replacement_problem(text1, text2, occurrences,
                                                                 extension_tags=extension_tags))
            S.record(report, term_plan, occurrences, RULESET, steps.n + 1)
            steps.n += len(term_plan.changes)
            if not term_plan.changes:
                steps.add("; ".join(f"{t[0]} = {t[1]}" for t in plan.terms), "replace terms", IGNORED,
                          "every term already has that value")
        else:
            text2 = text1
        bb_page = R.parse(building_blocks_text) if building_blocks_text is not None else None
        if term_plan is not None and term_plan.changes and bb_page is not None:
            bb_text, bb_occ = S.replace_in_text(building_blocks_text, term_plan, bb_page)
            _guard(steps, "replace terms",
                   S.replacement_problem(building_blocks_text, bb_text, bb_occ, "the Building Blocks page",
                                          extension_tags=extension_tags))
            done = sum(1 for o in bb_occ if o.new is not None)
            steps.add("Update the Building Blocks page to reflect any changes to the terms", "replace terms",
                      APPLIED, f"{done} replaced on the Building Blocks page")
            new_pages[BUILDING_BLOCKS] = bb_text
            bb_page = R.parse(bb_text)

        # The Ruleset as the terms left it: the same model when no term changed.
        model2 = model if text2 == text1 else R.parse(text2)
        # ---- 5. Building Blocks
        _step_blocks(model2, plan, bb_page, steps, extension_tags)
        # ---- 4. tracking page
        _step_tracking(model2, plan, existing_pages, steps)
        # ---- 2004 numbering
        if era == ERA_NUMBERED and repealed:
            _step_renumber(model2, steps)
        new_pages[RULESET] = str(model2)
        problem = (structure.readback_problem(model2)
                   or hazards.page_change_problem(ruleset_text, new_pages[RULESET], extension_tags=extension_tags))
        _guard(steps, "re-read the Ruleset", problem and (
            f"the Ruleset after the reset was not written: {problem}. Nothing was changed; perform the reset by "
            "hand, or correct the page whose text caused it and run the reset again"))
        # ---- 7. GNDT stats (2004)
        if gamestate_text is not None:
            text = _step_stats(model, gamestate_text, steps) if era == ERA_NUMBERED else gamestate_text
            if plan.terms and not plan.tracking_page and not steps.failed:
                # The players table's heading follows the player term, so that the next enactment finds it.
                from actions.gamestate_terms import follow_terms

                text = follow_terms(report, gs_title, text, S.plan_terms(ruleset_text, plan.terms).changes)
            elif era != ERA_NUMBERED:
                steps.add("gamestate page", "gamestate", IGNORED,
                          "the rules of this era do not reset the gamestate page at a Dynastic Reset; it is unchanged",
                          no_op=True)
            new_pages[gs_title] = text
    except ResetRefused as refusal:
        if not steps.failed:
            steps.add("Dynastic Reset", "reset", refusal.status, refusal.detail)

    ok = not steps.failed
    if not ok:
        reason = steps.failed[0]
        for step in report.steps:
            if step.status == APPLIED:
                step.status = IGNORED
                step.detail = f"not done: the reset is atomic and {reason.split(':')[0]} failed. Would have: {step.detail}"
        new_pages = dict(originals)
        report.counts.clear()
        report.summary = f"Dynastic Reset not performed: {reason}"
    else:
        parts = [f"Dynastic Reset{': ' + plan.theme if plan.theme else ''}"]
        if report.counts:
            parts.append("terms " + ", ".join(report.counts))
        report.summary = "; ".join(parts)
    for title, old in originals.items():
        report.set_page(title, old, new_pages[title])
    model.restore(pristine)   # a model given is left as it came
    return ResetResult(new_pages, report, ok, era)


def _guard(steps: _Steps, action: str, problem: str | None) -> None:
    """Refuse the whole reset when a re-read of its result found a problem."""
    if problem:
        steps.add("check the result", action, REFUSED, problem)
        raise ResetRefused(REFUSED, problem)


# --------------------------------------------------------------------------- steps
def _step_repeal(model: R.Ruleset, plan: ResetPlan, era: str, steps: _Steps) -> list[str]:
    dynastic = _top_rules(model, R.DYNASTIC)
    kept: list[R.Rule] = []
    for name in plan.kept or []:
        rule = _resolve(model, name, "The Address keeps")
        if rule.kind != R.DYNASTIC:
            detail = (f"“{rule.title}” is a {rule.kind or 'unsectioned'} rule, not a dynastic one: only dynastic "
                      "rules are kept or repealed at a Dynastic Reset; leave it out of the rules to keep")
            steps.add(f"keep {name}", "repeal", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        kept.append(rule.top)     # keeping a subrule keeps the rule it belongs to
    named: list[R.Rule] = []
    for name in plan.repealed:
        rule = _resolve(model, name, "The Address repeals")
        if rule.kind == R.CORE:
            detail = (f"“{rule.title}” is Rule {rule.number}, a core rule: the Address may repeal any number of "
                      "rules excluding Rules 1-10" if era == ERA_NUMBERED else
                      f"“{rule.title}” is a core rule: a Dynastic Reset repeals only dynastic rules; "
                      "leave it out of the rules to repeal")
            steps.add(f"repeal {name}", "repeal", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        if era != ERA_NUMBERED and rule.kind != R.DYNASTIC:
            detail = (f"“{rule.title}” is a {rule.kind} rule: a Dynastic Reset repeals only dynastic rules; "
                      "leave it out of the rules to repeal")
            steps.add(f"repeal {name}", "repeal", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        named.append(rule)

    if plan.repeal_only:
        targets = list(named)
        how = "the Address keeps every dynastic rule except those it names"
    elif plan.keep_all:
        targets: list[R.Rule] = []
        how = "the Address keeps all dynastic rules"
    elif era == ERA_NUMBERED and not plan.repeal_all and plan.kept is None:
        targets = named
        how = "the 2004 rules repeal only the rules the Address names"
    else:
        keep_ids = {id(r) for r in kept}
        targets = [r for r in dynastic if id(r) not in keep_ids]
        targets += [r for r in named if r not in targets and not any(r is t for t in targets)]
        if plan.kept is None and not plan.repeal_all:
            how = ("no dynastic rules were listed to be kept, so the entire Dynastic Ruleset is repealed"
                   if not named else "dynastic rules not listed to be kept are repealed (the Address named "
                   f"{_plain_list(r.title for r in named)}, and listed none to keep)")
        else:
            how = f"kept: {_plain_list(r.title for r in kept)}"
    titles = [r.title for r in targets]
    for rule in targets:
        model.remove(rule)
    text = ("Repeal all dynastic rules" + (f" except {_plain_list(plan.kept)}" if plan.kept else "")
            if (plan.repeal_all or plan.kept is not None) else
            "Keep all dynastic rules except " + _plain_list(plan.repealed) if plan.repeal_only else
            ("Repeal " + _plain_list(plan.repealed) if plan.repealed else "Repeal the dynastic rules not kept"))
    left = [r.title for r in _top_rules(model, R.DYNASTIC)]
    steps.add(text, "repeal", APPLIED,
              f"{how}; repealed {len(titles)}: {_plain_list(titles)}; dynastic rules left: {_plain_list(left)}")
    return titles


def _step_statuses(model: R.Ruleset, plan: ResetPlan, era: str, steps: _Steps) -> None:
    special = _top_rules(model, R.SPECIAL_CASE)
    if not special:
        if plan.statuses or plan.all_special_case:
            detail = "this Ruleset has no Special Case rules to set; leave the Special Case statuses out"
            steps.add(_plain_list(plan.statuses) or "all Special Case rules", "special case", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        if plan.reset_to_default:
            steps.add("reset all Special Case rules to their default values", "special case", IGNORED,
                      "this Ruleset has no Special Case rules")
        return
    wanted: dict[int, str] = {}
    for name, status in plan.statuses.items():
        rule = _resolve(model, name, "The Address sets the status of")
        if rule.kind != R.SPECIAL_CASE:
            detail = (f"“{rule.title}” is not a Special Case rule (it is {rule.kind or 'unsectioned'}); "
                      "name a Special Case rule, or leave it out")
            steps.add(f"{name}: {status}", "special case", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        wanted[id(rule.top)] = status
    changes = []
    for rule in special:
        before = rule.title
        target = wanted.get(id(rule)) or plan.all_special_case or rule.default_status
        if rule.set_status(target):
            changes.append(f"“{before}” → “{rule.title}”")
    listed = ", ".join(f"{n}: {s}" for n, s in plan.statuses.items())
    text = ("Set " + listed + "; all other Special Case rules to their default status") if listed else \
        (f"Set all Special Case rules {plan.all_special_case}" if plan.all_special_case
         else "Set all Special Case rules to their default status")
    statuses = ", ".join(f"{r.name} {r.status}" for r in special)
    steps.add(text, "special case", APPLIED,
              (f"changed: {'; '.join(changes)}" if changes else "no title changed") + f". Now: {statuses}")


_BAD_TITLE = re.compile(r"[#<>\[\]{}|\n\r]|~{3}")


def _step_tracking(model: R.Ruleset, plan: ResetPlan, existing_pages, steps: _Steps) -> None:
    new = plan.tracking_page
    if not new:
        return
    text = f"Change the gamestate tracking page to “{new}”"
    found = model.tracking_page()
    if found is None:
        detail = ("this Ruleset names no gamestate tracking page (no rule says “The gamestate tracking page for "
                  "this dynasty is …”); record the new tracking page by hand")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)
    old, rule = found
    if plan.tracking_from and names.title_key(plan.tracking_from) != names.title_key(old):
        detail = (f"the Address changes the tracking page from “{plan.tracking_from}”, but the Ruleset names "
                  f"“{old}” (in “{rule.title}”); an Admin must check which page is meant")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)
    if _BAD_TITLE.search(new) or len(new.encode("utf-8")) > 255:
        detail = (f"“{new}” is not a page name: a page name is one line of at most 255 bytes without "
                  "# < > [ ] { } | or ~~~; give the new tracking page's name alone")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)
    problem = characters.name_problem(new) or hazards.payload_problem(new, headings=False)
    if problem:
        detail = (f"“{new}” cannot be the tracking page's name: it holds "
                  f"{problem.removeprefix('its text contains ')}; give the new tracking page's name alone")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)
    if re.match(r"ruleset\b", new.strip(), re.I):
        detail = (f"“{new}” begins with the word “Ruleset”, which the rules forbid for a tracking page; "
                  "choose a name that does not")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)

    def page_key(title: str) -> str:
        title = " ".join(title.replace("_", " ").split())
        return title[:1].upper() + title[1:]

    if page_key(new) in {page_key(p) for p in existing_pages} or page_key(new) == page_key(old):
        detail = (f"the page “{new}” already exists: the new tracking page must be one that does not exist yet; "
                  "choose another name")
        steps.add(text, "tracking page", REFUSED, detail)
        raise ResetRefused(REFUSED, detail)
    try:
        model.set_tracking_page(new)
    except R.RulesetError:
        detail = (f"could not find the name “{old}” in the rule “{rule.title}” where it is stated; "
                  "change the tracking page in that rule by hand")
        steps.add(text, "tracking page", UNSUPPORTED, detail)
        raise ResetRefused(UNSUPPORTED, detail) from None
    steps.add(text, "tracking page", APPLIED, f"in “{rule.title}”: “{old}” → “{new}”")


def _bb_candidates(page: R.Ruleset) -> list[tuple[str, list[R.Rule]]]:
    """The Building Blocks page: each level-2 block with the rules under it (itself if none)."""
    out = []
    for rule in page.rules:
        if rule.level == 2:
            out.append((rule.name, list(rule.children) or [rule]))
    return out


def _recommended(page: R.Ruleset | None, model: R.Ruleset) -> list[str] | None:
    texts = [str(page) if page is not None else "", str(model)]
    for text in texts:
        if re.search(r"there\s+are\s+(?:currently\s+)?no\s+recommended\s+building\s+blocks", text, re.I):
            return []
    if page is not None:
        return [name for name, _ in _bb_candidates(page)
                if re.search(r"recommended", name, re.I)] or None
    return None


def _step_blocks(model: R.Ruleset, plan: ResetPlan, page: R.Ruleset | None, steps: _Steps,
                 extension_tags: Iterable[str] = ()) -> None:
    """``page``: the Building Blocks page (terms already replaced), or None when not given."""
    try:
        section = model.section("building blocks")
    except R.RulesetError:
        section = None
    if section is None:
        if plan.building_blocks is not None or plan.building_blocks_removed:
            detail = "this Ruleset has no Building Blocks section; transcribe any Building Blocks by hand"
            steps.add("Building Blocks: " + _plain_list(plan.building_blocks or plan.building_blocks_removed),
                      "building blocks", REFUSED, detail)
            raise ResetRefused(REFUSED, detail)
        return
    chosen = plan.building_blocks
    how = "chosen in the Address"
    if chosen is None and plan.building_blocks_removed:
        chosen = []
        how = ("the Address names only Building Blocks to remove; the rule removes every Building Blocks rule "
               "not named to be included")
    if chosen is None:
        chosen = _recommended(page, model)
        how = "no statement in the Address, so the Recommended Building Blocks"
        if chosen is None:
            detail = ("the Address makes no statement on Building Blocks, so the Recommended ones are selected, "
                      "but without the Building Blocks page the bot cannot tell which those are; "
                      "run the reset with the Building Blocks page")
            steps.add("Building Blocks (Recommended)", "building blocks", UNSUPPORTED, detail)
            raise ResetRefused(UNSUPPORTED, detail)
    present = [r for r in section.children]
    transcribe: list[R.Rule] = []   # detached copies, in the order they go in
    if page is not None:
        candidates = _bb_candidates(page)
        picked: list[R.Rule] = []
        for name in chosen:
            key = names.normalize(name)
            hits = [rules for block, rules in candidates if names.normalize(block) == key]
            if not hits:
                hits = [[r] for _, rules in candidates for r in rules if names.normalize(r.name) == key]
            if not hits:
                detail = (f"no Building Block called “{name}” on the Building Blocks page (it has: "
                          f"{_plain_list(block for block, _ in candidates)}); check the name in the Address")
                steps.add(f"Building Blocks: {_plain_list(chosen)}", "building blocks", REFUSED, detail)
                raise ResetRefused(REFUSED, detail)
            for rule in hits[0]:
                if not any(rule is p for p in picked):
                    picked.append(rule)
        order = [r for _, rules in candidates for r in rules]
        picked.sort(key=lambda r: next(i for i, o in enumerate(order) if o is r))
        for rule in picked:
            problem = _title_or_payload_problem(rule, extension_tags)
            if problem:
                detail = (f"the Building Block “{rule.title}” on the Building Blocks page cannot be transcribed: "
                          f"{problem}; correct the Building Blocks page, then run the reset again")
                steps.add(f"Building Blocks: {_plain_list(chosen)}", "building blocks", REFUSED, detail)
                raise ResetRefused(REFUSED, detail)
        transcribe = [_detached(rule) for rule in picked]
    else:
        by_key = {names.normalize(r.name): r for r in present}
        for name in chosen:
            rule = by_key.get(names.normalize(name))
            if rule is None:
                detail = (f"“{name}” is not in the Building Blocks section, and without the Building Blocks page "
                          "it cannot be transcribed; run the reset with the Building Blocks page")
                steps.add(f"Building Blocks: {_plain_list(chosen)}", "building blocks", REFUSED, detail)
                raise ResetRefused(REFUSED, detail)
            transcribe.append(_detached(rule))
    removed = [r.title for r in present]
    for rule in present:
        model.remove(rule)
    for rule in transcribe:
        model.insert(rule, section=section)
    added = [rule.title for rule in transcribe]
    steps.add(f"Building Blocks: {_plain_list(chosen)}", "building blocks", APPLIED,
              f"{how}; removed from the section: {_plain_list(removed)}; transcribed "
              f"{'from the Building Blocks page' if page is not None else 'as they stood'}: {_plain_list(added)}")


def _title_or_payload_problem(rule: R.Rule, extension_tags: Iterable[str] = ()) -> str | None:
    """Markup in a rule from another page that must not enter the Ruleset (parsers.hazards)."""
    problem = characters.name_problem(rule.heading.raw_title.strip())
    if problem:
        return "its title holds " + problem
    problem = hazards.payload_problem(rule.heading.raw_title, headings=False, extension_tags=extension_tags)
    if problem:
        return "its title: " + problem.removeprefix("its text contains ")
    return hazards.payload_problem(rule.body, extension_tags=extension_tags)


def _detached(rule: R.Rule) -> R.Rule:
    """A copy of a rule and its subrules, part of no page, to be placed with ``Ruleset.insert``
    (which sets the levels); it ends in one blank line, as a new rule does."""
    blocks = [rule, *rule.descendants()]
    copies = {id(b): R.Rule(b.heading, b.body) for b in blocks}
    for b in blocks:
        copies[id(b)].children = [copies[id(c)] for c in b.children]
    last = copies[id(blocks[-1])]
    body = last.body.rstrip("\n")
    last.body = body + "\n\n" if body else "\n"
    return copies[id(rule)]


_NUMBERED_TITLE = re.compile(r"^(?P<n>\d+)(?P<sep>\s*[.:)\-\u2013]\s*|\s+)(?P<rest>.+)$")


def _step_renumber(model: R.Ruleset, steps: _Steps) -> None:
    top = [r for r in model.rules if not r.is_subrule]
    numbered = [r for r in top if _NUMBERED_TITLE.match(r.heading.raw_title)]
    if numbered and len(numbered) == len(top):
        changes = []
        for i, rule in enumerate(top, 1):
            m = _NUMBERED_TITLE.match(rule.heading.raw_title)
            if int(m.group("n")) != i:
                rule.set_title(f"{i}{m.group('sep')}{m.group('rest')}")
                changes.append(f"{m.group('n')} → {i} ({R.plain(m.group('rest'))})")
        steps.add("The remaining rules shall be renumbered", "renumber", APPLIED,
                  ("renumbered: " + "; ".join(changes)) if changes else "already sequential")
    else:
        listing = ", ".join(f"{r.number} {r.title}" for r in top if r.kind != R.CORE)
        steps.add("The remaining rules shall be renumbered", "renumber", APPLIED,
                  "the titles carry no numbers: the rules are numbered by their order on the page, so they stay "
                  f"sequential; rules after the core now: {listing or 'none'}")


def _step_stats(model: R.Ruleset, gamestate_text: str, steps: _Steps) -> str:
    try:
        page = G.parse_gamestate(gamestate_text)
        table = page.players_table(terms.player_term(model))
    except G.GamestateError as error:
        detail = f"cannot reset the GNDT stats: {error}; reset them by hand"
        steps.add("all GNDT stats are reset to zero or blank", "gamestate", UNSUPPORTED, detail)
        raise ResetRefused(UNSUPPORTED, detail) from None
    headers = table.headers
    rows = [n for n in table.row_names if n]
    normalise = _normalisation(model)
    legality = Legality(model)
    legality.gamestate = page
    place = Place.on(page, table)
    clashes: dict[str, str] = {}   # column → what the one legality says of its reset value
    changed = 0
    for row in rows:
        for column in headers[1:]:
            old = table.get(row, column)
            new = "0" if re.fullmatch(r"-?\d+(?:\.\d+)?", old.strip()) else ""
            if normalise and column.casefold() == normalise[0].casefold() and re.fullmatch(r"-?\d+", old.strip()):
                # The variable's own rule carries it into the new dynasty, clamped.
                _, high, high_to, low, low_to = normalise
                value = int(old)
                new = str(high_to if value > high else low_to if value < low else value)
            if new != old:
                if column not in clashes:
                    try:
                        clash = legality.judge(column, new, place=place, row=row, old=old,
                                               column_old=[table.get(r, column) for r in rows])
                    except CannotJudge as why:
                        clashes[column] = f"the bot cannot judge its reset value ({why.reason})"
                        clash = None
                    if clash is not None:
                        clashes[column] = f"{clash.constraint} ({clash.source})"
                try:
                    table.set_cell(row, column, new)
                except G.GamestateError as error:
                    detail = f"cannot reset {row}’s {column}: {error}"
                    steps.add("all GNDT stats are reset to zero or blank", "gamestate", UNSUPPORTED, detail)
                    raise ResetRefused(UNSUPPORTED, detail) from None
                changed += 1
    detail = (f"{changed} cells of {len(rows)} rows reset: numbers to 0, other stats blank "
              f"(columns {', '.join(headers[1:])})")
    if normalise:
        detail += (f"; except {normalise[0]}, which its own rule carries into the new dynasty, normalised "
                   f"(above {normalise[1]} → {normalise[2]}, below {normalise[3]} → {normalise[4]}, else kept)")
    for column, said in clashes.items():
        # the Ascension rule orders the reset; the clash with a variable's own rule is for the Admin to see
        detail += f"; note: {column} reset as the rule says, though {said}: an Admin may set the starting value"
    steps.add("When a Dynasty has been won, all GNDT stats are reset to zero or blank", "gamestate", APPLIED, detail)
    return str(page)


def _normalisation(model: R.Ruleset) -> tuple[str, int, int, int, int] | None:
    """ "Confidence is normalized at the beginning of each new dynasty. If a Lord's Confidence was
    higher than 125 … it drops to 125. If it was lower than 75 …, it rises to 75." """
    for rule in model.rules:
        text = R.plain(rule.body)
        m = re.search(r"(?P<var>\w+)\s+is\s+normali[sz]ed\s+at\s+the\s+beginning\s+of\s+each\s+new\s+dynasty\.\s*"
                      r"If\s+.+?\s+was\s+higher\s+than\s+(?P<h>\d+).+?drops\s+to\s+(?P<ht>\d+)\.\s*"
                      r"If\s+it\s+was\s+lower\s+than\s+(?P<l>\d+).+?rises\s+to\s+(?P<lt>\d+)", text, re.I | re.S)
        if m:
            return (m.group("var"), int(m.group("h")), int(m.group("ht")), int(m.group("l")), int(m.group("lt")))
    return None

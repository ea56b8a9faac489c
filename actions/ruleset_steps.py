"""The Ruleset steps of an enactment: a rule added, repealed (one, or all of a kind), renamed,
reworded or moved; a Special Case status set; text replaced, removed, inserted or appended in a
rule (or throughout the Ruleset); a glossary entry changed; a list item added.  Each handler takes
the run and its step, changes the models, and returns what it did in words, or raises the step's
outcome (:mod:`actions.outcome`).  Pure."""

from __future__ import annotations

import dataclasses
import re
from typing import Callable

from actions.locating import Spot as _Spot
from actions.locating import LIST_ITEM, keyword_definitions, lists, names_list
from actions.locating import locate as _locate
from actions.locating import select as _select
from actions.matching import LIST_LINE as _LIST_LINE
from actions.matching import Projection, TextMatch, find_text, normalize, wiki_paragraphs
from actions.matching import occurrences as _occurrences
from actions.outcome import StepOutcome as _Outcome
from actions.outcome import ignored as _ignored
from actions.outcome import unsupported as _unsupported
from actions.splicing import insert_at as _insert_at
from actions.splicing import remove_at as _remove_at
from actions.splicing import replace_at as _replace_at
from actions.splicing import with_trailing as _with_trailing
from actions.tags import TAG_NAMES as _TAG_NAMES
from actions.report import IGNORED
from parsers import language, names
from parsers import ruleset as rsmod
from parsers import steps as st
from parsers.ruleset import DYNASTIC, SPECIAL_CASE, AmbiguousRule, Block, Rule, RulesetError, Section
from actions.run import TITLE_TAGS, RefResult, Run, require_clean, title_problem


# ============================================================================ step handlers (ruleset)


def _subrule_note(rule: Rule) -> str:
    subs = [r.title for r in rule.descendants()]
    return f" (and its subrule{'s' if len(subs) > 1 else ''} {', '.join(f'“{t}”' for t in subs)})" if subs else ""


def _do_add_rule(run: Run, step: st.AddRule) -> str:
    rs = run.rs
    title = step.name.strip()
    require_clean(step.body, title=title, tags=run.extension_tags)
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
        wanted = rsmod.section_kind(step.section or "dynastic")
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
    run.remember(RefResult(new, True))
    number = f" as Rule {new.number}" if not rs.sections else ""
    return f"added “{new.title}”{number} {place}".strip()


def _do_repeal(run: Run, step: st.RepealRule) -> str:
    ref = run.resolve(step.rule)
    run.check_tag(ref.rule.kind, ref.exempt)
    note = _subrule_note(ref.rule)
    run.rs.remove(ref.rule)
    run.removed(ref.rule)
    return f"repealed “{ref.rule.path()}”{note}"


def _do_repeal_all(run: Run, step: st.RepealAll) -> str:
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
    run.removed(None)
    names_ = ", ".join(f"“{r.title}”" for r in doomed)
    keeping = (" (keeping " + ", ".join(f"“{r.title}”" for r in kept) + ")") if kept else ""
    return f"repealed {len(doomed)} {step.kind} rule{'s' if len(doomed) != 1 else ''}: {names_}{keeping}"


def _new_title(rule: Rule, new_name: str, keep_tags: bool) -> tuple[str, str]:
    new = names.strip_quotes(new_name).strip()
    note = ""
    if keep_tags and not names.bracket_tags(new) and "*" not in new:
        m = TITLE_TAGS.search(rule.heading.raw_title)
        if m and m.group(0).strip():
            new = new + m.group(0).rstrip()
            note = f" (keeping “{m.group(0).strip()}”)"
    return new, note


def _check_rename(run: Run, rule: Rule, title: str) -> None:
    problem = title_problem(title, run.extension_tags)
    if problem:
        raise _unsupported(f"not written: {problem}")
    try:
        other = run.rs.get(title)
    except AmbiguousRule:
        other = True  # type: ignore[assignment]
    if other is not None and other is not rule:
        raise _unsupported(f"another rule is already called “{names.drop_brackets(title)}”; two rules would "
                           "share a name")


def _do_rename(run: Run, step: st.RenameRule) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    run.check_tag(rule.kind, ref.exempt)
    if step.rule.named_as != "rule":
        # "Rename “Puzzlers” to “Solvers”": the rule of that title, or the word throughout the Ruleset?
        users = [r.title for r in run.rs.rules if find_text(r, names.drop_brackets(rule.title))]
        if users:
            shown = ", ".join(f"“{t}”" for t in users[:5]) + (f" and {len(users) - 5} more" if len(users) > 5 else "")
            raise _unsupported(f"“{rule.title}” is a rule's title, and the Ruleset also uses the word in {shown}: the "
                               "step may rename the rule or the term; say “the rule …” or “throughout the Ruleset”")
    title, note = _new_title(rule, step.new_name, keep_tags=True)
    _check_rename(run, rule, title)
    old = rule.title
    rule.set_title(title)
    run.touch(rule)
    run.remember(ref)
    return f"renamed “{old}” to “{rule.title}”{note}"


def _do_replace_rule(run: Run, step: st.ReplaceRuleText) -> str:
    ref = run.resolve(step.rule)
    rule = ref.rule
    run.check_tag(rule.kind, ref.exempt)
    require_clean(step.body, tags=run.extension_tags)
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


def _do_move(run: Run, step: st.MoveRule) -> str:
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


def _do_status(run: Run, step: st.SetStatus) -> str:
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


def _text_rule(run: Run, ref_: st.RuleRef) -> RefResult:
    ref = run.resolve(ref_)
    run.check_tag(ref.rule.kind, ref.exempt)
    return ref


def _apply_spots(body: str, spots: list[_Spot], edit: Callable[[str, _Spot], str]) -> str:
    for spot in sorted(spots, key=lambda s: s.a, reverse=True):
        body = edit(body, spot)
    return body


def _definition(run: Run, keyword: str):
    found = keyword_definitions(run.rs.rules, keyword)
    if not found:
        raise _ignored(f"no rule defines the keyword “{keyword}” (a glossary line “'''{keyword}''': …”)")
    if len(found) > 1:
        raise _unsupported(f"the keyword “{keyword}” is defined in several places: "
                           + ", ".join(f"“{d.rule.title}”" for d in found))
    return found[0]


def _keyword_step(run: Run, step: st.ReplaceText | st.RemoveText) -> str:
    """A glossary entry's definition replaced, or the entry removed; the keyword itself stays."""
    d = _definition(run, step.target.text)
    rule, body = d.rule, d.rule.body
    if isinstance(step, st.ReplaceText):
        if "\n" in step.new.strip():
            raise _unsupported("a keyword's definition is one line of the glossary; the new text has several lines")
        new = step.new.strip()
        require_clean(new, tags=run.extension_tags)
        body = body[:d.a] + new + body[d.b:]
        done = f"in “{rule.title}”, replaced the definition of “{step.target.text}”"
    else:
        body = body[:d.line_a] + body[d.line_b:]
        done = f"in “{rule.title}”, removed the keyword “{step.target.text}”"
    require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    return done


def _unnamed_rule(run: Run, target: st.Target) -> RefResult | None:
    """The rule a text step that names none acts on ("Replace “A” with “B”.", "Also remove “C”."): the
    rule the step before named, when it holds the text; None when no rule was named before (then the
    one place in the whole Ruleset that holds it). The rule before not holding it while another rule
    does is left to an Admin."""
    last = run.last
    if last is None or not any(last.rule is b for b in run.rs.blocks) or not target.text:
        return None
    if find_text(last.rule, target.text):
        return last
    elsewhere = [r.title for r in run.rs.rules if r is not last.rule and find_text(r, target.text)]
    if elsewhere:
        raise _unsupported(f"the step names no rule; the rule named before it, “{last.rule.title}”, does not hold "
                           f"“{target.text}”, but {', '.join(f'“{t}”' for t in elsewhere[:3])} does: say which rule")
    return None


def _list_rule(run: Run, target: st.Target) -> RefResult:
    """The one rule holding the list a step names but whose rule it does not ("the “Milking” atomic
    action"): a list introduced by a line naming it."""
    holding = [r for r in run.rs.rules if any(names_list(intro, target.in_list) for *_, intro in lists(r.body))]
    if not holding:
        raise _unsupported(f"no rule has a list introduced as “{target.in_list}”")
    if len(holding) > 1:
        raise _unsupported(f"several rules have a list introduced as “{target.in_list}”: "
                           + ", ".join(f"“{r.title}”" for r in holding[:5]) + "; say which rule")
    ref = RefResult(holding[0], exempt=True)
    run.check_tag(ref.rule.kind, ref.exempt)
    return ref


def _rule_of(run: Run, rule: st.RuleRef | None, target: st.Target) -> RefResult:
    """The rule a text step acts on: the one it names, or — naming none — where its list is."""
    if rule is None and target.in_list:
        return _list_rule(run, target)
    return _text_rule(run, rule)


def _only_rule_holding(run: Run, target: st.Target) -> RefResult:
    """The one rule of the whole Ruleset that holds a quoted text, for a step that names no rule."""
    holding = [r for r in run.rs.rules if target.text and find_text(r, target.text)]
    if not holding:
        raise _unsupported(f"the step names no rule, and “{target.text}” is in none")
    if len(holding) > 1:
        raise _unsupported(f"the step names no rule, and “{target.text}” is in several: "
                           + ", ".join(f"“{r.title}”" for r in holding[:5]))
    return RefResult(holding[0], exempt=True)


def _do_replace_text(run: Run, step: st.ReplaceText) -> str:
    if step.target.kind == st.KEYWORD:
        return _keyword_step(run, step)
    if step.rule is None and step.target.occurrence != "all":
        before = _unnamed_rule(run, step.target)
        if before is not None:
            step = dataclasses.replace(step, rule=st.RuleRef(previous=True))
    if step.rule is None and not step.target.in_list:
        return _replace_everywhere(run, step)
    ref = _rule_of(run, step.rule, step.target)
    rule = ref.rule
    require_clean(step.new, tags=run.extension_tags)
    spots = _locate(rule, step.target)
    body = _apply_spots(rule.body, spots, lambda b, s: _replace_at(rule, b, s, step.new))
    require_clean(body, before=rule.body, tags=run.extension_tags)
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
    if target.kind == st.SENTENCE_NTH:
        which = {"last": "the last sentence", "first": "the first sentence"}.get(target.occurrence,
                                                                                f"sentence {target.occurrence}")
        if target.number is not None:
            which += " of the final paragraph" if target.number == -1 else f" of paragraph {target.number}"
        return which
    if target.kind == st.ITEM and target.text is None:
        return "the last list item" if target.number == -1 else f"list item {target.number}"
    label = {st.SENTENCE_BEGINNING: "the sentence beginning ", st.SENTENCE_ENDING: "the sentence ending ",
             st.SENTENCE_CONTAINING: "the sentence containing ", st.PARAGRAPH_BEGINNING: "the paragraph beginning ",
             st.PARAGRAPH_ENDING: "the paragraph ending ", st.PARAGRAPH_CONTAINING: "the paragraph containing "}
    text = target.text or ""
    short = text if len(text) <= 60 else text[:57] + "…"
    return f"{label.get(target.kind, '')}“{short}”"


def _titled(run: Run, target: st.Target) -> list[str]:
    """The rules whose title is, word for word, the quoted text a step names no rule for ("Delete “Crew
    Quarters”."): the step may mean that rule, not the words."""
    if target.kind != st.TEXT or not target.text or target.occurrence == "all":
        return []
    key = names.normalize(target.text)
    return [r.title for r in run.rs.rules if key and names.normalize(r.title) == key]


def _do_remove_text(run: Run, step: st.RemoveText) -> str:
    if step.target.kind == st.KEYWORD:
        return _keyword_step(run, step)
    titled = _titled(run, step.target) if step.rule is None and not step.target.in_list else []
    if titled:
        raise _unsupported(f"“{step.target.text}” is the title of the rule “{titled[0]}”: the step may mean to repeal "
                           "that rule, or to remove those words where they stand — an Admin decides")
    if step.rule is None and not step.target.in_list:
        ref = _unnamed_rule(run, step.target) or _only_rule_holding(run, step.target)
        run.check_tag(ref.rule.kind, ref.exempt)
    else:
        ref = _rule_of(run, step.rule, step.target)
    rule = ref.rule
    spots = _locate(rule, step.target)
    body = _apply_spots(rule.body, spots, lambda b, s: _remove_at(rule, b, s))
    require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    run.remember(ref)
    return f"in “{rule.title}”, removed {_target_words(step.target)}" + (
        f" ({len(spots)} places)" if len(spots) > 1 else "")


def _do_insert_text(run: Run, step: st.InsertText) -> str:
    ref = _rule_of(run, step.rule, step.anchor)
    rule = ref.rule
    require_clean(step.body, tags=run.extension_tags)
    spots = _locate(rule, step.anchor)
    if len(spots) != 1:
        raise _unsupported(f"the place to insert at is {len(spots)} places; say which one")
    body, how = _insert_at(rule, rule.body, spots[0], step.body, step.position)
    require_clean(body, before=rule.body, tags=run.extension_tags)
    rule.body = body
    run.touch(rule)
    run.remember(ref)
    return f"in “{rule.title}”, inserted the text {how} ({step.position} {_target_words(step.anchor)})"


def _do_append(run: Run, step: st.AppendText) -> str:
    ref = _text_rule(run, step.rule)
    rule = ref.rule
    require_clean(step.body, tags=run.extension_tags)
    payload = wiki_paragraphs(step.body)
    if not payload.strip():
        raise _unsupported("there is no text to add")
    body = rule.body
    core = body.strip()
    if not core:
        rule.body = _with_trailing(body, payload)
    elif step.at == "end" and step.body[:1] in (" ", "\t") and "\n" not in step.body.strip():
        # "Append “ Coins may not be negative.” to the rule": text that begins with a space continues
        # the rule's last line (a new line starting with a space would be a preformatted block)
        end = len(body.rstrip())
        rule.body = body[:end] + " " + payload.strip() + body[end:]
        require_clean(rule.body, before=body, tags=run.extension_tags)
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


def _do_add_list_item(run: Run, step: st.AddListItem) -> str:
    if step.rule is not None:
        ref = _text_rule(run, step.rule)
        candidates = [(ref.rule, span) for span in lists(ref.rule.body)]
        where = f"“{ref.rule.title}”"
    else:
        ref = None
        candidates = [(r, span) for r in run.rs.rules for span in lists(r.body)]
        where = "the Ruleset"
    if step.of and (ref is None or len(candidates) > 1):
        # a list named but no rule: only a list the Ruleset itself names so (it may be on another page)
        candidates = [(r, span) for r, span in candidates if names_list(span[2], step.of) or names_list(r.title, step.of)]
    if not candidates:
        raise _unsupported(f"no list{' of ' + step.of if step.of else ''} found in {where}")
    if len(candidates) > 1:
        raise _unsupported(f"{len(candidates)} lists{' of ' + step.of if step.of else ''} in {where} "
                           "(" + ", ".join(sorted({f'“{r.title}”' for r, _ in candidates})) + "); the step does not say which")
    rule, (a, b, _intro) = candidates[0]
    body = rule.body
    marker = LIST_ITEM.match(body[body.rfind("\n", 0, b) + 1:b] or body[a:b]).group(1)
    items = [line.strip() for line in step.items.strip("\n").split("\n") if line.strip()]
    if not items:
        raise _unsupported("no list item given")
    marked = [line for line in items if LIST_ITEM.match(line)]
    if marked and len(marked) != len(items):
        stray = next(line for line in items if not LIST_ITEM.match(line))
        raise _unsupported(f"the text holds a line that is not a list item (“{stray[:80]}”): the bot cannot tell "
                           "whether it belongs to the list")
    if not marked and len(items) > 1:
        raise _unsupported("several lines without list markers: the bot cannot tell where one item ends")
    lines = marked or [f"{marker} {items[0]}"]
    require_clean("\n".join(lines))
    new = body[:b] + "\n" + "\n".join(lines) + body[b:]
    require_clean(new, before=body)
    rule.body = new
    run.touch(rule)
    if ref is not None:
        run.remember(ref)
    return f"in “{rule.title}”, added {len(lines)} item{'s' if len(lines) != 1 else ''} to the end of the list"


def _replace_everywhere(run: Run, step: st.ReplaceText, plural_done: bool = False) -> str:
    """"Change all occurrences of A in the ruleset to B": rule texts and rule titles."""
    rs = run.rs
    target = step.target
    if target.kind != st.TEXT or not target.text:
        raise _unsupported("a change throughout the Ruleset must quote the text to change")
    require_clean(step.new, tags=run.extension_tags)
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
            # the probe is word characters, which straightening quotes leaves alone: looked for as written
            if probe and probe not in source and probe.lower() not in source.lower():
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
            problem = title_problem(out, run.extension_tags)
            if problem:
                raise _unsupported(f"not written: in a rule title, {problem}")
        else:
            require_clean(out, before=source, tags=run.extension_tags)
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


#: Each Ruleset step's action name (for the report) and its applier.
HANDLERS: dict[type, tuple[str, Callable]] = {
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
}

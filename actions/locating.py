"""Where a step's target stands in a rule: a text, a sentence, a paragraph (by number or by its
beginning), chosen by occurrence; or why it cannot be told with certainty.  Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from actions.matching import WORD, Paragraph, Projection, TextMatch, find_text, normalize, occurrences, paragraphs, sentence_bounds
from actions.outcome import StepOutcome
from actions.outcome import unsupported
from parsers import language
from parsers import ruleset as rsmod
from parsers import steps as st
from parsers.ruleset import Block, Rule

@dataclass
class Spot:
    """A located target inside a block's body: source range [a, b) and what it is."""

    a: int
    b: int
    level: str  # "inline", "sentence", "paragraph"
    match: TextMatch | None = None
    para: Paragraph | None = None
    ends_paragraph: bool = False
    starts_paragraph: bool = False
    marker: str | None = None  # a list item's marker ("*", "#"), when the spot is a whole list item


LIST_ITEM = re.compile(r"^([*#]+)[ \t]*", re.M)


def lists(body: str) -> list[tuple[int, int, str]]:
    """The lists in a rule's body: (start, end, the line before the list) of each run of list lines."""
    lines, found, pos = body.split("\n"), [], 0
    start = intro = None
    prev = ""
    for line in lines + [""]:
        if LIST_ITEM.match(line):
            if start is None:
                start, intro = pos, prev
        elif start is not None:
            found.append((start, pos - 1, intro or ""))
            start = None
        if line.strip():
            prev = line
        pos += len(line) + 1
    return found


def names_list(intro: str, of: str) -> bool:
    """Does the line that introduces a list name it ("… Wick Types:" names "the list of Wick Types";
    words compared in the singular)?"""
    words = [w for w in re.findall(r"\w+", of.casefold()) if w not in ("the", "a", "of")]
    have = {language.singular(w) or w for w in re.findall(r"\w+", rsmod.plain(intro).casefold())}
    return bool(words) and all((language.singular(w) or w) in have for w in words)



def describe_places(block: Block, matches: list[TextMatch]) -> str:
    where = block.path() if isinstance(block, Rule) else block.title
    return "; ".join(f"{where}: “{m.context()}”" for m in matches[:8]) + (
        f"; and {len(matches) - 8} more" if len(matches) > 8 else "")


def select(items: list, occurrence, what: str, places: Callable[[list], str]) -> list:
    if not items:
        return []
    if occurrence is None:
        if len(items) > 1:
            raise unsupported(f"{what} occurs {len(items)} times and the step does not say which: {places(items)}")
        return items
    if occurrence == "all":
        return items
    if occurrence == "first":
        return items[:1]
    if occurrence == "last":
        return items[-1:]
    if isinstance(occurrence, int):
        if occurrence < 1 or occurrence > len(items):
            raise unsupported(f"the step asks for occurrence {occurrence} of {what}, which occurs "
                               f"{len(items)} time(s): {places(items)}")
        return [items[occurrence - 1]]
    raise unsupported(f"unknown occurrence {occurrence!r}")


def not_found(block: Block, text: str, proj: Projection, what: str = "the text") -> StepOutcome:
    needle = normalize(text)
    hint = ""
    if needle and needle.casefold() in proj.text.casefold():
        hint = " (it occurs with different capitals; the bot does not guess which is meant)"
    else:
        _, partial = occurrences(proj.text, needle)
        if partial:
            hint = " (it occurs only inside longer words)"
    return unsupported(f"{what} “{text}” is not in “{block.title}”{hint}")


def para_at(paras: list[Paragraph], a: int, b: int) -> Paragraph | None:
    for p in paras:
        if p.start <= a and b <= p.end:
            return p
    return None


def numbered_paragraph(block: Block, paras: list[Paragraph], number: int | None) -> Paragraph:
    """The Nth paragraph (-1: the final one), when which one that is cannot be in doubt."""
    if number is None or number == 0:
        raise unsupported("the step does not say which paragraph")
    if not paras:
        raise unsupported(f"“{block.title}” has no paragraphs")
    index = len(paras) - 1 if number == -1 else number - 1
    if index >= len(paras) or index < 0:
        raise unsupported(f"“{block.title}” has {len(paras)} paragraph(s), not {number}")
    counted = paras[-1:] if number == -1 else paras[: index + 1]
    if any(p.kind != "prose" for p in counted):
        raise unsupported(f"“{block.title}” has lists or tables, so which paragraph is number "
                           f"{'final' if number == -1 else number} is a matter of reading; an Admin must decide")
    return paras[index]


def locate(block: Block, target: st.Target) -> list[Spot]:
    """Where a target is in a block's body; raises StepOutcome when it cannot be said for sure."""
    body = block.body
    kind = target.kind
    paras = paragraphs(body)
    proj = Projection(body)
    lo, hi = 0, len(proj.text)
    if target.within:
        inside = find_text(block, target.within, proj)
        if not inside:
            raise not_found(block, target.within, proj, "the passage")
        if len(inside) > 1:
            raise unsupported(f"the passage “{target.within}” occurs {len(inside)} times: "
                               f"{describe_places(block, inside)}")
        lo, hi = inside[0].i, inside[0].j

    def places(ms):
        return describe_places(block, ms)

    if kind in (st.TEXT, st.SENTENCE):
        if not target.text:
            raise unsupported("the step quotes no text")
        needle = normalize(target.text)
        if not needle:
            raise unsupported("the quoted text is empty once markup and spacing are set aside")
        spans, _ = occurrences(proj.text, needle)
        matches = [TextMatch(block, proj, i, j) for i, j in spans if i >= lo and j <= hi]
        if target.in_list:  # "… wherever it appears in the “Scrape” atomic action": inside that list
            a, b = _the_list(block, target.in_list)
            matches = [m for m in matches if a <= m.span[0] and m.span[1] <= b]
        if target.number is not None:  # "in the second paragraph of X, replace …"
            para = numbered_paragraph(block, paras, target.number)
            matches = [m for m in matches if para.start <= m.span[0] and m.span[1] <= para.end]
        if not matches:
            raise not_found(block, target.text, proj)
        chosen = select(matches, target.occurrence, f"“{target.text}”", places)
        return _spots(body, paras, chosen, "inline", " \t.!?\"'”’)")

    if kind in (st.SENTENCE_BEGINNING, st.SENTENCE_ENDING, st.SENTENCE_CONTAINING):
        needle = normalize(target.text or "")
        if not needle:
            raise unsupported("the step quotes no text")
        found = []
        for s, e in sentence_bounds(proj):
            if s < lo or e > hi + 1 and target.within:
                continue
            sent = proj.text[s:e]
            if kind == st.SENTENCE_BEGINNING:
                ok = sent.startswith(needle) and (len(sent) == len(needle) or not (
                    WORD.match(needle[-1]) and WORD.match(sent[len(needle)])))
            elif kind == st.SENTENCE_ENDING:
                core = sent.rstrip(" .!?\"')]")
                ok = core.endswith(needle.rstrip(" .!?\"')]")) and (
                    len(core) == len(needle.rstrip(" .!?\"')]"))
                    or not WORD.match(core[len(core) - len(needle.rstrip(" .!?\"')]")) - 1])
                    or not WORD.match(needle[0]))
            else:
                ok = bool(occurrences(sent, needle)[0])
            if ok:
                found.append(TextMatch(block, proj, s, e))
        if not found:
            word = {st.SENTENCE_BEGINNING: "beginning", st.SENTENCE_ENDING: "ending"}.get(kind, "containing")
            raise not_found(block, target.text or "", proj, f"no sentence {word} with")
        chosen = select(found, target.occurrence, f"a sentence with “{target.text}”", places)
        return _spots(body, paras, chosen, "sentence", None)

    if kind == st.SENTENCE_NTH:
        if target.number is not None:
            para = numbered_paragraph(block, paras, target.number)
            lo, hi = para.start, para.end
            where = f"paragraph {'the last' if target.number == -1 else target.number} of “{block.title}”"
        else:
            if any(p.kind != "prose" for p in paras):
                which = "the last" if target.occurrence == "last" else f"number {target.occurrence}"
                raise unsupported(f"“{block.title}” has lists or tables, so which sentence is {which} is a matter "
                                  "of reading; an Admin must decide")
            lo, hi = 0, len(body)
            where = f"“{block.title}”"
        found = [m for m in (TextMatch(block, proj, s, e) for s, e in sentence_bounds(proj))
                 if lo <= m.span[0] and m.span[1] <= hi]
        if not found:
            raise unsupported(f"{where} has no sentences")
        chosen = select(found, target.occurrence, f"the sentences of {where}", places)
        return _spots(body, paras, chosen, "sentence", None)

    if kind in (st.PARAGRAPH, st.PARAGRAPHS_FROM):
        para = numbered_paragraph(block, paras, target.number)
        if kind == st.PARAGRAPHS_FROM:
            last = paras[-1]
            return [Spot(para.start, last.end, "paragraph", None, para, True, True)]
        return [Spot(para.start, para.end, "paragraph", None, para, True, True)]

    if kind in (st.PARAGRAPH_BEGINNING, st.PARAGRAPH_ENDING, st.PARAGRAPH_CONTAINING):
        needle = normalize(target.text or "")
        if not needle:
            raise unsupported("the step quotes no text")
        found = []
        for p in paras:
            text = Projection(body[p.start:p.end]).text.strip()
            if kind == st.PARAGRAPH_BEGINNING:
                ok = text.startswith(needle)
            elif kind == st.PARAGRAPH_ENDING:
                ok = text.rstrip(" .!?\"')]").endswith(needle.rstrip(" .!?\"')]"))
            else:
                ok = bool(occurrences(text, needle)[0])
            if ok:
                found.append(p)
        if not found:
            raise not_found(block, target.text or "", proj, "no paragraph with")
        chosen = select(found, target.occurrence, f"a paragraph with “{target.text}”",
                         lambda ps: "; ".join(f"“{Projection(body[p.start:p.end]).text[:60]}…”" for p in ps))
        return [Spot(p.start, p.end, "paragraph", None, p, True, True) for p in chosen]

    if kind in (st.ITEM, st.ITEM_BEGINNING, st.ITEM_CONTAINING):
        return _items(block, target)

    raise unsupported(f"the bot does not know the target kind {kind!r}")


def _the_list(block: Block, name: str) -> tuple[int, int]:
    """Where the one list introduced as ``name`` stands in the block's body."""
    found = [span for span in lists(block.body) if names_list(span[2], name)]
    if not found:
        raise unsupported(f"no list introduced as “{name}” in “{block.title}”")
    if len(found) > 1:
        raise unsupported(f"{len(found)} lists are introduced as “{name}” in “{block.title}”")
    return found[0][0], found[0][1]


def _items(block: Block, target: st.Target) -> list[Spot]:
    """A list item (a bullet point, a step of an action): the Nth of the one list the step means, or the
    item that begins with or contains the quoted text."""
    body = block.body
    found = lists(body)
    if target.in_list:
        found = [span for span in found if names_list(span[2], target.in_list)]
        if not found:
            raise unsupported(f"no list introduced as “{target.in_list}” in “{block.title}”")
    items: list[tuple[int, int, str, int]] = []  # (line start, line end, marker, list number)
    for n, (a, b, _intro) in enumerate(found):
        pos = a
        for line in body[a:b].split("\n"):
            m = LIST_ITEM.match(line)
            if m:
                items.append((pos, pos + len(line), m.group(1), n))
            pos += len(line) + 1
    if not items:
        raise unsupported(f"“{block.title}” has no list" + (f" introduced as “{target.in_list}”" if target.in_list else ""))
    if target.kind == st.ITEM:
        if len({n for *_, n in items}) > 1:
            raise unsupported(f"“{block.title}” has {len(found)} lists; the step does not say which one its "
                               f"{_ordinal_words(target.number)} item is in")
        top = min(len(m) for _, _, m, _ in items)
        items = [it for it in items if len(it[2]) == top]
        index = target.number - 1 if target.number and target.number > 0 else len(items) + (target.number or 0)
        if not target.number or index < 0 or index >= len(items):
            raise unsupported(f"the list in “{block.title}” has {len(items)} items, so there is no "
                               f"{_ordinal_words(target.number)} one")
        chosen = [items[index]]
    else:
        needle = normalize(target.text or "")
        if not needle:
            raise unsupported("the step quotes no text")
        hits = []
        for a, b, marker, n in items:
            text = Projection(body[a + len(marker):b]).text.strip()
            if target.kind == st.ITEM_BEGINNING:
                ok = text.startswith(needle.rstrip(" .…"))
            else:
                ok = bool(occurrences(text, needle)[0])
            if ok:
                hits.append((a, b, marker, n))
        if not hits:
            word = "beginning with" if target.kind == st.ITEM_BEGINNING else "containing"
            raise unsupported(f"no list item {word} “{target.text}” in “{block.title}”")
        chosen = select(hits, target.occurrence, f"a list item with “{target.text}”",
                        lambda xs: "; ".join(f"“{Projection(body[a:b]).text[:60]}”" for a, b, *_ in xs))
    return [Spot(a, b, "paragraph", None, Paragraph(a, b, "list"), True, True, marker=marker)
            for a, b, marker, _ in chosen]


def _ordinal_words(number: int | None) -> str:
    return {-1: "last", -2: "next-to-last"}.get(number or 0, f"number {number}")


def _spots(body: str, paras: list[Paragraph], chosen: list[TextMatch], level: str, trailing: str | None) -> list[Spot]:
    """The spots of the chosen matches, each with its paragraph and whether it starts or ends it
    (``trailing``: the characters that may follow a match at the end of its paragraph)."""
    spots = []
    for m in chosen:
        a, b = m.span
        para = para_at(paras, a, b)
        spots.append(Spot(a, b, level, m, para,
                          ends_paragraph=bool(para) and not body[b:para.end].strip(trailing),
                          starts_paragraph=bool(para) and not visible_between(body, para.start, a)))
    return spots


def visible_between(body: str, a: int, b: int) -> bool:
    return bool(Projection(body[a:b]).text.strip()) if a < b else False


#: A glossary entry: "* '''Hiatus''': If BlogNomic is on Hiatus, …" (or without the bullet, as
#: older Rulesets write it).  ``definition`` is the text after the colon, to the end of the line.
KEYWORD_LINE = re.compile(r"^(?P<lead>[*#:]*[ \t]*'''[ \t]*(?P<keyword>[^'\n]+?)[ \t]*'''[ \t]*:[ \t]*)(?P<definition>[^\n]*)$",
                          re.M)


@dataclass
class Definition:
    """Where a keyword's definition stands: its rule, the line [line_a, line_b) and the text [a, b)."""

    rule: Rule
    line_a: int
    line_b: int
    a: int
    b: int


def keyword_definitions(rules: list[Rule], keyword: str) -> list[Definition]:
    """Every glossary line, in any rule, that defines ``keyword`` (quotes, case and spacing aside)."""
    wanted = normalize(keyword).casefold()
    found = []
    for rule in rules:
        if "'''" not in rule.body:
            continue
        for m in KEYWORD_LINE.finditer(rule.body):
            if normalize(m.group("keyword")).casefold() == wanted:
                end = m.end() + (1 if rule.body[m.end():m.end() + 1] == "\n" else 0)
                found.append(Definition(rule, m.start(), end, m.start("definition"), m.end("definition")))
    return found

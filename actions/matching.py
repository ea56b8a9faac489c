"""Tolerant text matching: text as a reader sees it, and where a quoted passage stands in a rule.

Players quote a rule with curly or straight quotes, any whitespace, and without the wiki markup
(``'\'\'bold'\'\'``, ``[[link|label]]``, list markers, ``<tags>``, comments) the rule holds.
:class:`Projection` maps each visible character back to its source range, so a match found in what a
reader sees is a span of the source; :func:`find_text` finds every match, :func:`paragraphs` cuts a
body into the paragraphs MediaWiki renders.  Pure: text in, spans out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers import hazards, language, names
from parsers.ruleset import Block

_TOKEN = re.compile(
    r"(?P<comment><!--.*?(?:-->|\Z))"
    r"|(?P<link>\[\[(?P<ltarget>[^\[\]|\n]*)(?:\|(?P<llabel>[^\[\]\n]*))?\]\])"
    r"|(?P<ext>\[(?:https?:)?//[^\s\]]+(?:[ \t]+(?P<elabel>[^\]\n]*))?\])"
    r"|(?P<quotes>'{2,})"
    r"|(?P<br><br\s*/?>)"
    r"|(?P<tag></?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>)"
    r"|(?P<bullet>(?:(?<=\n)|\A)[*#:;]+[ \t]*)"
    r"|(?P<ws>\s+)",
    re.S,
)
_VOID_TAGS = {"br", "hr", "img", "wbr"}
WORD = re.compile(r"\w")


class Projection:
    """Wikitext as a reader sees it, each visible character mapped back to its source range.

    ``text``: markup dropped, link labels kept, whitespace runs made one space, quotes straightened.
    ``starts[k]``/``ends[k]``: the source range of visible character k. ``markers``: the markup
    tokens as ``(start, end, pair_id)`` (pair_id None for a token that is balanced on its own).
    ``breaks``: visible indices whose space stands for a line break.
    """

    __slots__ = ("source", "text", "starts", "ends", "markers", "breaks")

    def __init__(self, source: str):
        self.source = source
        chars: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        markers: list[tuple[int, int, object]] = []
        breaks: set[int] = set()
        tag_stack: dict[str, list[int]] = {}
        pos = 0

        def visible(a: int, b: int) -> None:
            if a < b:
                chars.append(source[a:b])
                starts.extend(range(a, b))
                ends.extend(range(a + 1, b + 1))

        def space(a: int, b: int, is_break: bool) -> None:
            if chars and chars[-1].endswith(" "):
                # Extend the previous space over this run too.
                ends[-1] = b
                if is_break:
                    breaks.add(len(starts) - 1)
                return
            chars.append(" ")
            starts.append(a)
            ends.append(b)
            if is_break:
                breaks.add(len(starts) - 1)

        for m in _TOKEN.finditer(source):
            visible(pos, m.start())
            pos = m.end()
            kind = m.lastgroup
            a, b = m.start(), m.end()
            if kind == "ws":
                space(a, b, "\n" in m.group())
            elif kind == "link":
                label = m.group("llabel")
                if label is None:
                    ia, ib = m.start("ltarget"), m.end("ltarget")
                else:
                    ia, ib = m.start("llabel"), m.end("llabel")
                pid = ("link", a)
                markers.append((a, ia, pid))
                visible(ia, ib)
                markers.append((ib, b, pid))
            elif kind == "ext":
                pid = ("ext", a)
                if m.group("elabel") is not None:
                    ia, ib = m.start("elabel"), m.end("elabel")
                    markers.append((a, ia, pid))
                    visible(ia, ib)
                    markers.append((ib, b, pid))
                else:
                    markers.append((a, b, None))
                    visible(a, b)
            elif kind == "quotes":
                markers.append((a, b, ("quotes", len(m.group()))))
            elif kind == "br":
                markers.append((a, b, None))
                space(a, b, True)
            elif kind == "tag":
                tag = m.group()
                name = re.match(r"</?([A-Za-z0-9]+)", tag).group(1).lower()
                if tag.endswith("/>") or name in _VOID_TAGS:
                    markers.append((a, b, None))
                elif tag.startswith("</"):
                    opened = tag_stack.get(name)
                    pid = ("tag", opened.pop()) if opened else ("unpaired", a)
                    markers.append((a, b, pid))
                else:
                    tag_stack.setdefault(name, []).append(a)
                    markers.append((a, b, ("tag", a)))
            elif kind == "bullet":
                markers.append((a, b, None))
                if chars and not chars[-1].endswith(" "):
                    space(a, a, True)
                elif chars:
                    breaks.add(len(starts) - 1)
            else:  # comment
                markers.append((a, b, None))
        visible(pos, len(source))
        # Unclosed tags cannot be paired: any span holding one crosses markup.
        for name, opened in tag_stack.items():
            for a in opened:
                markers[:] = [(s, e, ("unpaired", a) if p == ("tag", a) else p) for s, e, p in markers]
        self.text = names.straighten_quotes("".join(chars))
        self.starts = starts
        self.ends = ends
        self.markers = markers
        self.breaks = breaks

    def source_span(self, i: int, j: int) -> tuple[int, int]:
        """Source range of visible characters [i, j) (j > i)."""
        return self.starts[i], self.ends[j - 1]

    def crossing(self, a: int, b: int) -> list[str]:
        """Markup tokens of which only part lies inside source range [a, b)."""
        inside: dict[object, int] = {}
        quote_counts: dict[int, int] = {}
        for s, e, pid in self.markers:
            if s >= a and e <= b:
                if pid is None:
                    continue
                if pid[0] == "quotes":
                    quote_counts[pid[1]] = quote_counts.get(pid[1], 0) + 1
                elif pid[0] == "unpaired":
                    inside[pid] = 99
                else:
                    inside[pid] = inside.get(pid, 0) + 1
            elif s < b and e > a:  # a token cut by the span's edge
                inside[("cut", s)] = 99
        problems = [self.source[k[1]: k[1] + 12] for k, n in inside.items() if n != 2]
        # Bold/italic: the runs inside must pair up ('''x''' or ''x''; ''''' counts as both).
        three = quote_counts.get(3, 0) + quote_counts.get(5, 0)
        two = quote_counts.get(2, 0) + quote_counts.get(5, 0)
        if three % 2 or two % 2:
            problems.append("'''" if three % 2 else "''")
        return problems


def normalize(text: str) -> str:
    """A quoted piece of text in the form it is compared in (see :class:`Projection`)."""
    return Projection(text).text.strip()


@dataclass
class TextMatch:
    """One place a target was found: visible range [i, j) of ``projection``, and its block."""

    block: Block
    projection: Projection
    i: int
    j: int

    @property
    def span(self) -> tuple[int, int]:
        return self.projection.source_span(self.i, self.j)

    def context(self, width: int = 30) -> str:
        text = self.projection.text
        a, b = max(0, self.i - width), min(len(text), self.j + width)
        return ("…" if a else "") + text[a:b] + ("…" if b < len(text) else "")


def occurrences(hay: str, needle: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Whole-word matches of needle in hay, and matches that sit inside longer words."""
    whole: list[tuple[int, int]] = []
    partial: list[tuple[int, int]] = []
    if not needle:
        return whole, partial
    left_word = bool(WORD.match(needle[0]))
    right_word = bool(WORD.match(needle[-1]))
    k = hay.find(needle)
    while k >= 0:
        j = k + len(needle)
        bad = (left_word and k > 0 and WORD.match(hay[k - 1])) or (
            right_word and j < len(hay) and WORD.match(hay[j]))
        (partial if bad else whole).append((k, j))
        k = hay.find(needle, k + 1)
    # Drop overlapping matches (keep the earlier).
    kept: list[tuple[int, int]] = []
    for span in whole:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept, partial


def find_text(block: Block, needle: str, projection: Projection | None = None) -> list[TextMatch]:
    """Every whole-word place ``needle`` (normalized) occurs in a block's body."""
    proj = projection or Projection(block.body)
    spans, _ = occurrences(proj.text, normalize(needle))
    return [TextMatch(block, proj, i, j) for i, j in spans]


# ---------------------------------------------------------------- sentences and paragraphs


def sentence_bounds(proj: Projection) -> list[tuple[int, int]]:
    """Visible ranges of the sentences of a projection (line breaks also end sentences)."""
    text = proj.text
    bounds: list[tuple[int, int]] = []
    start = 0
    n = len(text)
    k = 0
    while k < n:
        c = text[k]
        end = None
        if k in proj.breaks:
            end = k
        elif c in ".!?":
            end = language.sentence_end(text, k)
        if end is not None:
            if text[start:end].strip():
                bounds.append((start, end))
            start = end
            while start < n and text[start] == " ":
                start += 1
            k = max(k + 1, start)
            continue
        k += 1
    if text[start:].strip():
        bounds.append((start, len(text.rstrip())))
    return bounds


@dataclass
class Paragraph:
    start: int  # source offsets of the paragraph's text (no trailing newline)
    end: int
    kind: str  # "prose", "list", "table", "other"


LIST_LINE = re.compile(r"[*#:;]")


def paragraphs(body: str) -> list[Paragraph]:
    """Paragraphs as a reader counts them: blank-line separated; each list item its own."""
    paras: list[Paragraph] = []
    pos = 0
    cur: Paragraph | None = None
    in_table = False
    for line in body.splitlines(keepends=True):
        content = line.rstrip("\r\n")
        a, b = pos, pos + len(content)
        pos += len(line)
        stripped = content.strip()
        if in_table:
            assert cur is not None
            cur.end = b
            if stripped.startswith("|}"):
                in_table = False
                cur = None
            continue
        if not stripped:
            cur = None
            continue
        if stripped.startswith("{|"):
            cur = Paragraph(a, b, "table")
            paras.append(cur)
            in_table = not stripped.endswith("|}")
            continue
        if LIST_LINE.match(content):
            cur = Paragraph(a, b, "list")
            paras.append(cur)
            cur = None
            continue
        if stripped.startswith("<!--") and stripped.endswith("-->"):
            continue
        if cur is not None and cur.kind == "prose":
            cur.end = b
        else:
            cur = Paragraph(a, b, "prose")
            paras.append(cur)
    return paras

BLOCK_LINE = re.compile(r"\s*(?:[*#:;]|\{\||\|\}|\|-|\||!|<)")


def wiki_paragraphs(text: str) -> str:
    """A payload as wiki paragraphs: consecutive prose lines (rendered paragraphs copied from the
    blog) are separated by a blank line, since one newline does not end a wiki paragraph. List,
    table and tag lines keep their single newlines, and so does everything inside ``<pre>``,
    ``<nowiki>``, comments and kin (:func:`parsers.hazards.verbatim_spans`)."""
    text = text.strip("\n")
    lines = text.split("\n")
    verbatim = hazards.verbatim_spans(text)  # kept byte for byte
    out: list[str] = []
    at = 0
    for k, line in enumerate(lines):
        if k and line.strip() and lines[k - 1].strip() and not BLOCK_LINE.match(line) \
                and not BLOCK_LINE.match(lines[k - 1]) and not any(s < at - 1 < e for s, e in verbatim):
            out.append("")
        out.append(line)
        at += len(line) + 1
    return "\n".join(out)

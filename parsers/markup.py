"""The wikitext markup the bot recognises, named in one place (as pywikibot's ``textlib`` keeps its
regexes in one registry): the tags whose content is literal, the bot-exclusion templates, and where the
regions of a page that are not wikitext lie.

Every reader and check takes its tags and patterns from here — the Ruleset reader
(:mod:`parsers.ruleset`), the gamestate reader (:mod:`parsers.gamestate`), the hazard checks
(:mod:`parsers.hazards`), the term change (:mod:`actions.synonyms`) and the wiki layer's
``{{bots}}``/``{{nobots}}`` reading (:mod:`wikibot.site`) — so a tag added to a list is added for all.
"""

from __future__ import annotations

import bisect
import functools
import re

# ---------------------------------------------------------------------------------------- tags
#: Extension tags of MediaWiki's core (CoreTagHooks) whose content is literal text. The Ruleset reader
#: takes only these as literal: tags of extensions are plain text to a wiki without the extension.
CORE_LITERAL_TAGS = ("nowiki", "pre")
#: Tags of extensions whose content is taken as it is (code, formulas, scores); literal only on a wiki
#: that has the extension (siteinfo ``extensiontags``), plain wikitext on one that does not.
EXTENSION_LITERAL_TAGS = ("source", "syntaxhighlight", "math", "chem", "ce", "score", "timeline", "hiero",
                          "templatedata")
#: Every tag whose content may be literal, on one wiki or another.
LITERAL_TAGS = CORE_LITERAL_TAGS + EXTENSION_LITERAL_TAGS
#: The transclusion tags; of them only ``<includeonly>`` may run, unclosed, to the page's end.
TRANSCLUSION_TAGS = ("noinclude", "includeonly", "onlyinclude")
OPEN_ENDED_TAGS = ("includeonly",)
#: The heading elements ``<h1>`` … ``<h6>``.
HEADING_TAGS = frozenset(f"h{n}" for n in range(1, 7))

# ---------------------------------------------------------------------------- bot exclusion
_BOTS_NAME = r"\{\{\s*(?:template\s*:\s*)?"
#: Where a ``{{bots…}}`` or ``{{nobots…}}`` template starts (closed or not, with or without arguments).
BOTS_OPENING = re.compile(_BOTS_NAME + r"(?:nobots|bots)\s*(?:\||\}\})", re.I)
#: A whole ``{{nobots}}`` or ``{{bots|allow=…|deny=…}}`` template: ``name`` and its ``params`` (None
#: without arguments), as pywikibot's ``botMayEdit`` reads them.
BOTS_TEMPLATE = re.compile(_BOTS_NAME + r"(?P<name>nobots|bots)\s*(?:\|(?P<params>[^{}]*))?\}\}", re.I)

# ------------------------------------------------------------------------------ other markup
#: The page-wide magic words written as ``{{NAME:…}}``.
PAGE_MAGIC = re.compile(r"\{\{\s*(DISPLAYTITLE|DEFAULTSORT|DEFAULTSORTKEY|DEFAULTCATEGORYSORT)\s*:", re.I)
#: A template's target, from ``{{`` up to its first ``|`` or its close (group 2: the close, if any).
TEMPLATE_TARGET = re.compile(r"\{\{(?!\{)([^{}|\n]*)(\}\})?")
#: A template's name as far as it may run (over line breaks too): text a term change leaves alone.
TEMPLATE_NAME = re.compile(r"\{\{\s*(?!\{)[^{}|]*")


# ---------------------------------------------------------------------------- literal regions
@functools.lru_cache(maxsize=16)
def _tag_patterns(names: tuple[str, ...]) -> tuple[re.Pattern, re.Pattern]:
    alternatives = "|".join(names) or r"(?!)"  # no tags: comments only
    return (re.compile(r"<!--|<(" + alternatives + r")\b[^<>]*?(/?)>", re.I),
            re.compile(r"</(" + alternatives + r")\s*>", re.I))


def literal_spans(text: str, tags: tuple[str, ...] = CORE_LITERAL_TAGS, *,
                  open_ended: tuple[str, ...] = (), unclosed_comment: bool = True) -> list[tuple[int, int]]:
    """(start, end) of the regions of ``text`` whose content is not wikitext, in order, as MediaWiki's
    preprocessor finds them: ``<!-- … -->`` (an unclosed one runs to the end when
    ``unclosed_comment``), and each tag of ``tags`` from its opening to the first closing tag of its
    name after it (an opening tag with no closing one is plain text, unless its name is in
    ``open_ended``: then it runs to the end; a self-closed one, ``<nowiki/>``, is empty). One pass,
    linear in the length of the text."""
    if "<" not in text:
        return []
    names = tuple(tags) + tuple(open_ended)
    opening, closing = _tag_patterns(names)
    closes: dict[str, list[int]] = {}
    for m in closing.finditer(text):
        closes.setdefault(m.group(1).lower(), []).append(m.start())
    close_end = {name: [closing.match(text, at).end() for at in ats] for name, ats in closes.items()}
    spans: list[tuple[int, int]] = []
    at = 0
    comments_close = True
    while True:
        m = opening.search(text, at)
        if not m:
            return spans
        if m.group(0) == "<!--":
            end = text.find("-->", m.end()) if comments_close else -1
            if end < 0:
                comments_close = False  # no "-->" after here: no later comment closes either (linear)
                if unclosed_comment:
                    spans.append((m.start(), len(text)))
                    return spans
                at = m.end()
                continue
            spans.append((m.start(), end + 3))
            at = end + 3
            continue
        name = m.group(1).lower()
        if m.group(2):  # <nowiki/>: empty
            at = m.end()
            continue
        ats = closes.get(name, [])
        k = bisect.bisect_left(ats, m.end())
        if k < len(ats):
            spans.append((m.start(), close_end[name][k]))
            at = close_end[name][k]
        elif name in open_ended:
            spans.append((m.start(), len(text)))
            return spans
        else:
            at = m.end()


def blank(text: str, spans: list[tuple[int, int]], fill: str = " ", *, keep_newlines: bool = False) -> str:
    """``text`` with each of ``spans`` (sorted, not overlapping) filled with ``fill``, offsets kept
    (and, with ``keep_newlines``, the newlines inside a span too)."""
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        region = text[start:end]
        out += [text[at:start],
                re.sub(r"[^\n]", fill, region) if keep_newlines and "\n" in region else fill * len(region)]
        at = end
    out.append(text[at:])
    return "".join(out)


def removed(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` (sorted, not overlapping) taken out."""
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    return "".join(out)


def inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Is ``offset`` strictly inside one of ``spans`` (sorted, not overlapping)?"""
    k = bisect.bisect_left(spans, (offset, offset)) - 1
    return k >= 0 and spans[k][0] < offset < spans[k][1]

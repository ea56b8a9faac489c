"""Wikitext that does more than stand for its own words.

Text the bot writes on someone's behalf — a new rule's text, an amended text, a rule transcribed
from the Building Blocks page, a new tracking page name, a gamestate value — may carry markup whose
effect reaches beyond the words it sits among. This module says which markup that is, for two uses:

* :func:`payload_problem`: why a piece of new text cannot go into a page as it is (None if it can);
* :func:`signature` / :func:`page_change_problem`: the page-wide effects and balances of a whole
  page (or a rule body), so that a page after an action can be compared with the page before it.

What is refused in new text, and why (regions inside ``<!-- -->``, ``<nowiki>``, ``<pre>``,
``<source>``, ``<syntaxhighlight>`` and ``<math>`` are literal text and are not looked at):

* a heading line (``== Fake rule ==``): it would create a rule no step asks for;
* an unclosed ``<!--``, or an unbalanced ``<nowiki>``/``<pre>``/``<source>``/``<syntaxhighlight>``/
  ``<math>``: it would hide the rest of the page, or (a stray closing tag) end a region the page
  opened elsewhere — this is what makes a ``<nowiki>`` opened by one step and closed by a later one
  fail at the first step;
* ``<noinclude>``, ``<includeonly>``, ``<onlyinclude>``, balanced or not: they change what the page
  shows when transcluded, which is not rule text;
* an HTML tag opened and not closed, or closed and not opened (``<div>``, ``</div>``, ``<span>``,
  ``<table>``, …; void tags such as ``<br>`` and ``<hr>`` excepted): an open ``<div
  style="display:none">`` would hide every rule after it, a ``</div>`` would end the page's wrapper;
* a table opened with ``{|`` and not closed with ``|}`` (or the reverse), and ``{{`` without ``}}``
  (or the reverse): an open template or table swallows the text after it, headings included;
* ``{{nobots}}`` and ``{{bots|…}}``: they would stop every bot, this one included, from editing the
  page; an Admin who wants that adds it by hand;
* behaviour switches (``__NOTOC__``, ``__NOINDEX__``, …) and page-wide magic words
  (``{{DISPLAYTITLE:…}}``, ``{{DEFAULTSORT:…}}``): they change the whole page, not the rule;
* text the wiki rewrites when saving (``~~~``/``~~~~``/``~~~~~`` signatures, ``{{subst:…}}``,
  ``{{safesubst:…}}``, the pipe trick ``[[Page (x)|]]``): the page saved would not be the text the
  bot computed and showed. Write ``<nowiki>~~~~</nowiki>`` to mean the characters.

What is allowed:

* ``[[Category:…]]``: a rule may place the Ruleset in a category (it shows in the category bar and
  changes no rule); ``[[:Category:…]]`` is an ordinary link. (At the very end of the page a category
  link is read as the page's foot, and the re-read of the result refuses the step there.)
* an unclosed ``'''``, ``''`` or ``[[``: the wiki ends them at the end of the line;
* balanced HTML, templates and tables.
"""

from __future__ import annotations

import re
from collections import Counter

# Regions whose content is literal text: nothing inside them is markup.
_LITERAL_TAGS = ("nowiki", "pre", "source", "syntaxhighlight", "math")
_TRANSCLUSION_TAGS = ("noinclude", "includeonly", "onlyinclude")
_LITERAL = re.compile(
    r"<!--.*?-->"
    r"|<(" + "|".join(_LITERAL_TAGS) + r")\b[^>]*?(?<!/)>.*?</\1\s*>",
    re.I | re.S,
)
_VOID_TAGS = frozenset({"br", "hr", "img", "wbr", "meta", "link", "input", "col", "area", "base", "param",
                        "embed", "track"})
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)\b[^<>]*?(/?)>")
_SWITCH = re.compile(r"__([A-Z]+)__")
_SWITCH_NAMES = frozenset({
    "NOTOC", "FORCETOC", "TOC", "NOEDITSECTION", "NEWSECTIONLINK", "NONEWSECTIONLINK", "NOGALLERY",
    "HIDDENCAT", "EXPECTUNUSEDCATEGORY", "NOCONTENTCONVERT", "NOCC", "NOTITLECONVERT", "NOTC", "START", "END",
    "INDEX", "NOINDEX", "STATICREDIRECT", "NOGLOBAL", "DISAMBIG", "EXPECTUNUSEDTEMPLATE", "ARCHIVEDTALK",
    "NOTALK",
})
_BOTS = re.compile(r"\{\{\s*(?:[Tt]emplate\s*:\s*)?(?:nobots|bots)\s*(?:\||\}\})", re.I)
_PAGE_MAGIC = re.compile(r"\{\{\s*(DISPLAYTITLE|DEFAULTSORT|DEFAULTSORTKEY|DEFAULTCATEGORYSORT)\s*:", re.I)
_SIGNATURE = re.compile(r"~{3,5}")
_TRANSCLUSION = re.compile(r"</?(" + "|".join(_TRANSCLUSION_TAGS) + r")\b", re.I)
_SUBST = re.compile(r"\{\{\s*(?:safe)?subst\s*:", re.I)
_PIPE_TRICK = re.compile(r"\[\[[^\[\]|\n]+\|\s*\]\]")


def literal_free(text: str) -> str:
    """The text with every literal region (closed comment, ``<nowiki>…</nowiki>``, …) blanked out,
    offsets kept; an unclosed one is left in place for the checks to see."""
    return _LITERAL.sub(lambda m: " " * len(m.group(0)) if "\n" not in m.group(0)
                        else re.sub(r"[^\n]", " ", m.group(0)), text)


def _unmatched(tokens) -> tuple[Counter, Counter]:
    """(opened and never closed, closed and never opened) per kind, for (kind, is_close) in page order."""
    open_: Counter = Counter()
    stray: Counter = Counter()
    for kind, is_close in tokens:
        if not is_close:
            open_[kind] += 1
        elif open_[kind]:
            open_[kind] -= 1
        else:
            stray[kind] += 1
    return open_, stray


def _tags(code: str):
    for m in _TAG.finditer(code):
        closing, name, self_closed = m.group(1), m.group(2).lower(), m.group(3)
        if self_closed or name in _VOID_TAGS or name in _TRANSCLUSION_TAGS:
            continue
        yield name, bool(closing)


def _finds(code: str, token: str) -> list[int]:
    """Offsets of ``token`` in ``code``, leftmost and not overlapping (str.find: far faster than a
    regular expression without a literal prefix on a whole page)."""
    found, at = [], code.find(token)
    while at >= 0:
        found.append(at)
        at = code.find(token, at + len(token))
    return found


def _in_order(code: str, opener: str, closer: str, *, line_start: str | None = None):
    """(opener, is_close) tokens in page order; with ``line_start``, only tokens preceded on their
    line by nothing but those characters (a table's ``{|`` may follow ``:``, its ``|}`` only spaces)."""
    tokens = [(at, False) for at in _finds(code, opener)] + [(at, True) for at in _finds(code, closer)]
    for at, is_close in sorted(tokens):
        if line_start is not None:
            lead = code[code.rfind("\n", 0, at) + 1:at]
            if lead.strip(" \t" if is_close else line_start):
                continue
        yield opener, is_close


def signature(text: str) -> Counter:
    """What the text does beyond its words, as counts (zero counts left out).

    Keys: ``"bot exclusion"``, ``"switch __X__"``, ``"magic X"``, ``"save-time"`` (text the wiki
    rewrites when saving), ``"<noinclude>"`` etc. (transclusion tags, opening or closing); and, read in
    page order, what is left unmatched: ``"<!--"`` (a comment never closed), ``"<div>"`` (a tag opened and
    never closed), ``"</div>"`` (closed and never opened), ``"{{"``/``"}}"``, ``"{|"``/``"|}"``.
    """
    code = literal_free(text)
    sig: Counter = Counter()
    comment = code.find("<!--")
    if comment >= 0:
        sig["<!--"] = 1
        code = code[:comment]  # the rest of the page is a comment
    sig["bot exclusion"] = len(_BOTS.findall(code))
    for name in _SWITCH.findall(code):
        if name in _SWITCH_NAMES:
            sig[f"switch __{name}__"] += 1
    for name in _PAGE_MAGIC.findall(code):
        sig[f"magic {name.upper()}"] += 1
    if "~~~" in code:
        sig["save-time"] += len(_SIGNATURE.findall(code))
    sig["save-time"] += len(_SUBST.findall(code))
    sig["save-time"] += len(_PIPE_TRICK.findall(code))
    opened, stray = _unmatched(_in_order(code, "{{", "}}"))
    sig["{{"], sig["}}"] = opened["{{"], stray["{{"]
    opened, stray = _unmatched(_in_order(code, "{|", "|}", line_start=" \t:"))
    sig["{|"], sig["|}"] = opened["{|"], stray["{|"]
    opened, stray = _unmatched(_tags(code))
    for name, n in opened.items():
        sig[f"<{name}>"] = n
    for name, n in stray.items():
        sig[f"</{name}>"] = n
    for name in _TRANSCLUSION.findall(code):
        sig[f"<{name.lower()}>"] += 1
    return Counter({k: v for k, v in sig.items() if v})


def _describe(key: str) -> str:
    if key == "bot exclusion":
        return ("a bot exclusion template ({{nobots}} or {{bots|…}}), which would stop bots, this one included, "
                "from editing the page; an Admin who wants it adds it by hand")
    if key.startswith("switch "):
        return f"the behaviour switch {key[7:]}, which changes the whole page rather than a rule"
    if key.startswith("magic "):
        return f"the page-wide magic word {key[6:]}, which changes the whole page rather than a rule"
    if key == "save-time":
        return ("text the wiki rewrites when saving (a ~~~~ signature, {{subst:…}} or a [[link|]] pipe trick), "
                "so the page saved would not be the text shown; write <nowiki>~~~~</nowiki> to mean the characters")
    if key == "<!--":
        return "a <!-- comment --> that is not closed, which would hide the rest of the page"
    if key == "{{":
        return "“{{” without its “}}”, which would make the text after it part of a template"
    if key == "}}":
        return "“}}” without its “{{”, which would end a template the page opened elsewhere"
    if key == "{|":
        return "a table opened with “{|” and not closed with “|}”, which would change how the rest of the page is read"
    if key == "|}":
        return "a “|}” that closes a table it did not open, which would change how the rest of the page is read"
    closing = key.startswith("</")
    name = key[2:-1] if closing else key[1:-1]
    if name in _TRANSCLUSION_TAGS:
        return f"<{name}>, which changes what the page shows when transcluded rather than a rule"
    if name in _LITERAL_TAGS:
        return (f"a </{name}> that closes a region it did not open, which would show text the page hides" if closing
                else f"a <{name}> that is not closed, which would hide the rest of the page")
    return (f"a </{name}> that closes an element it did not open (such as the page's own wrapper)" if closing
            else f"a <{name}> that is not closed, which would wrap (and could hide) the rest of the page")


def heading_problem(text: str) -> str | None:
    """Why ``text``, put inside a rule's body, would read as (part of) a new heading, or None."""
    if "=" not in text:
        return None
    from parsers import ruleset  # the heading rules of the Ruleset page

    found = ruleset.parse("x\n" + text + "\n")
    if found.blocks:
        return (f"its text contains a heading line (“{found.blocks[0].heading.raw_title}”) that would "
                "create a rule the step does not ask for")
    return None


def payload_problem(text: str, *, headings: bool = True) -> str | None:
    """Why ``text`` cannot go into a page as new text (see the module docstring), or None.

    ``headings``: also refuse a line that would read as a heading (off for one-line values that are
    never at the start of a line, such as a table cell).
    """
    if headings:
        problem = heading_problem(text)
        if problem:
            return problem
    keys = _ordered(signature(text))
    return f"its text contains {_describe(keys[0])}" if keys else None


# The order problems are named in: the ones that hide or swallow the most first.
_ORDER = ["<!--", *(f"<{t}>" for t in _LITERAL_TAGS), *(f"</{t}>" for t in _LITERAL_TAGS),
          *(f"<{t}>" for t in _TRANSCLUSION_TAGS), "{{", "}}", "{|", "|}"]


def _ordered(keys) -> list[str]:
    keys = set(keys)
    tags = sorted(k for k in keys if k.startswith("<") and k not in _ORDER)
    rest = sorted(k for k in keys if k not in _ORDER and not k.startswith("<"))
    return [k for k in _ORDER if k in keys] + tags + rest


def _is_balance(key: str) -> bool:
    """A key counting unmatched markup (as opposed to page-wide effects, of which fewer is fine)."""
    return key in ("{{", "}}", "{|", "|}", "<!--") or (
        key.startswith("<") and key.strip("</>") not in _TRANSCLUSION_TAGS)


def page_change_problem(old: str, new: str, *, strict: bool = False) -> str | None:
    """Why the change from ``old`` to ``new`` (a page, or a rule body) does more than change words:
    a page-wide effect gained, or unmatched markup (tags, templates, tables, comments) gained or lost.
    None if not.

    ``strict``: any difference of :func:`signature` counts, a page-wide effect lost too (for edits
    that replace words and should leave all markup alone, such as term replacement)."""
    before, after = signature(old), signature(new)
    for key in _ordered(set(before) | set(after)):
        was, now = before.get(key, 0), after.get(key, 0)
        if now > was and _is_balance(key):
            return f"the page would be left with {_describe(key)}"
        if now > was:
            return f"it would add {_describe(key)}"
        if now < was and _is_balance(key):
            return (f"it would change the count of unmatched {key} on the page from {was} to {now}, so text "
                    "outside the change would be read differently")
        if now < was and strict:
            return f"it would remove {key} from the page: replacing words must leave the markup as it was"
    return None

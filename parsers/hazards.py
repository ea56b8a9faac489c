"""Wikitext that does more than stand for its own words — decided the way MediaWiki decides it.

Text the bot writes on someone's behalf — a new rule's text, an amended text, a rule transcribed
from the Building Blocks page, a new tracking page name, a gamestate value, a new term — may carry
markup whose effect reaches beyond the words it sits among. This module says which markup that is:

* :func:`payload_problem`: why a piece of new text cannot go into a page as it is (None if it can);
* :func:`term_problem`: why a new term (or its plural) cannot be one — the one check for
  ``wikibot synonyms --set`` and an Ascension Address alike;
* :func:`signature` / :func:`page_change_problem`: the page-wide effects and balances of a whole
  page (or a rule body), so that a page after an action can be compared with the page before it.

What MediaWiki does, and where it says so (MediaWiki 1.39, read from its PHP, not guessed;
``tests/wiki/test_render.py`` renders every case on a real wiki and compares the headings):

* **Literal regions.** Core's own tags ``<nowiki>`` and ``<pre>`` and closed ``<!-- -->`` comments
  hide what is inside them. ``<source>``, ``<syntaxhighlight>``, ``<math>`` and kin are literal only
  on a wiki that has their extension (``siteinfo`` ``extensiontags``; :func:`literal_tags`); on one
  that does not, the tag is shown as text and its content is ordinary wikitext, so a heading line
  inside it is a heading. Offline no extension is assumed (the strict reading), by these checks and
  by the Ruleset reader alike (:data:`parsers.markup.CORE_LITERAL_TAGS`): heading lines in them
  are headings, and an unbalanced one is refused with or without the extension. (On a wiki that has
  the extension, a heading line inside one is refused by the re-read of the result: the reader
  would see a rule the wiki does not show.)
* **Comments** are taken out before headings are looked for: ``<!-- x -->== Fake ==`` is a heading.
* **HTML elements** (``Sanitizer::getRecognizedTagData``): only the listed elements act; any other
  tag is shown as text. A non-void element written self-closed (``<div/>``, ``<span/>``) loses its
  slash (``Sanitizer::internalRemoveHtmlTags``): it is an OPENING tag, and an open ``<div
  style="display:none">`` hides every rule after it. ``<li/>``, ``<dt/>``, ``<dd/>`` become empty
  elements; ``<br>``, ``<hr>``, ``<wbr>`` are never closed.
* **HTML headings**: ``<h1>``–``<h6>`` from an opening tag to the next closing heading tag are
  headings (``Parser::finalizeHeadings``): sections the Ruleset's reader does not see.
* **Behaviour switches** (``MessagesEn.php`` ``$magicWords``): ``__NOTOC__``, ``__TOC__``,
  ``__FORCETOC__``, ``__NOEDITSECTION__``, ``__NOGALLERY__`` and the conversion switches are honoured
  in any letter case (``__notoc__``); ``__INDEX__``, ``__NOINDEX__``, ``__HIDDENCAT__``,
  ``__NEWSECTIONLINK__`` and kin only in capitals.
* **Transclusion** (``Parser::braceSubstitution``, ``CoreParserFunctions::register``): ``{{X:…}}``
  is a parser function only when X is one; otherwise it names a page. ``{{:Page}}``,
  ``{{User:…}}``, and the modifiers ``msg:``, ``msgnw:``, ``raw:`` pull another page, headings
  included, into the Ruleset. ``{{Template}}`` and ``{{Template:X}}`` are templates (allowed when
  balanced); ``{{#if:…}}`` and ``{{lc:…}}`` are functions.
* **Styles** (``Sanitizer::normalizeCss`` decodes entities, CSS escapes and comments before the
  browser sees them, and lets through positioning, visibility and sizes): a style on a tag or a
  table line that hides an element or takes it out of the flow can cover or hide other rules.

What is refused in new text, and why:

* a heading line (``== Fake rule ==``), outside the wiki's literal regions: a rule no step asks for;
  an HTML heading (``<h2>…</h2>``) likewise;
* an unclosed ``<!--``, or an unbalanced ``<nowiki>``/``<pre>``/``<source>``/``<syntaxhighlight>``/
  ``<math>``: it would hide the rest of the page, or (a stray closing tag) end a region the page
  opened elsewhere — this is what makes a ``<nowiki>`` opened by one step and closed by a later one
  fail at the first step;
* ``<noinclude>``, ``<includeonly>``, ``<onlyinclude>``, balanced or not: they change what the page
  shows when transcluded, which is not rule text;
* an HTML element opened and not closed (``<div>``, ``<div/>``, ``<span>``, ``<table>``, …), or
  closed and not opened (``</div>`` would end the page's wrapper);
* a table opened with ``{|`` and not closed with ``|}`` (or the reverse), and ``{{`` without ``}}``
  (or the reverse): an open template or table swallows the text after it, headings included;
* ``{{nobots}}`` and ``{{bots|…}}``: they would stop every bot, this one included, from editing the
  page; an Admin who wants that adds it by hand;
* behaviour switches and page-wide magic words (``{{DISPLAYTITLE:…}}``, ``{{DEFAULTSORT:…}}``):
  they change the whole page, not the rule;
* a transclusion of another page (above);
* a style that hides or moves an element: ``display:none``, ``visibility:hidden``,
  ``content-visibility:hidden``, ``opacity`` below 0.3, ``color:transparent``, ``position`` other
  than static or relative, ``top``/``left``/``right``/``bottom``/``inset``, negative margins or
  ``text-indent``, ``transform``, ``clip``, ``z-index``, zero heights and widths, tiny fonts;
* text the wiki rewrites when saving (``~~~``/``~~~~``/``~~~~~`` signatures, ``{{subst:…}}``,
  ``{{safesubst:…}}``, the pipe trick ``[[Page (x)|]]``): the page saved would not be the text the
  bot computed and showed. Write ``<nowiki>~~~~</nowiki>`` to mean the characters;
* NUL and every other control character but tab and newline (:mod:`parsers.characters`).

What is allowed:

* ``[[Category:…]]``: a rule may place the Ruleset in a category (it shows in the category bar and
  changes no rule); ``[[:Category:…]]`` is an ordinary link. (At the very end of the page a category
  link is read as the page's foot, and the re-read of the result refuses the step there.)
* an unclosed ``'''``, ``''`` or ``[[``: the wiki ends them at the end of the line;
* balanced HTML with plain styling, templates and tables; tags MediaWiki does not know (shown as
  text); ``<br/>``, ``<li/>``.

A term is stricter (:func:`term_problem`): it is written into every place the old term stood,
headings included, so it is plain words — no ``''``-runs, brackets, braces, ``<``, ``|``, no
``=``/``*``/``#``/``:``/``;`` at its start, no ``~~~``, ``__`` or entities, and no control,
invisible or look-alike character.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Iterable

from parsers import characters, markup, ruleset

# ---------------------------------------------------------------------------------------- tags
# The HTML elements MediaWiki 1.39 lets through (Sanitizer::getRecognizedTagData); any other tag
# is shown as text. Elements of _HTML_SINGLE may be written self-closed (``<li/>`` is an empty
# element); those of _HTML_SINGLE_ONLY are never closed; every other element written self-closed
# (``<div/>``) is an OPENING tag (Sanitizer::internalRemoveHtmlTags drops the slash).
_HTML_PAIRS = frozenset(
    "b bdi del i ins u font big small sub sup h1 h2 h3 h4 h5 h6 cite code em s strike strong tt var div center "
    "blockquote ol ul dl table caption pre ruby rb rp rt rtc p span abbr dfn kbd samp data time mark".split())
_HTML_SINGLE = frozenset("br wbr hr li dt dd meta link".split())
_HTML_SINGLE_ONLY = frozenset("br wbr hr meta link".split())
_HTML_NEST = frozenset(
    "table tr td th div blockquote ol ul li dl dt dd font big small sub sup span var kbd samp em strong q ruby "
    "bdo".split())
_HTML_ELEMENTS = _HTML_PAIRS | _HTML_SINGLE | _HTML_NEST
# A tag as Sanitizer reads one: "<", an optional "/", a name up to white space, "/" or ">".
_TAG = re.compile(r"<(/?)([A-Za-z][^\t\n\v />\0<]*)([^<>]*?)(/?)>")

# ------------------------------------------------------------------------- magic words (MessagesEn)
# Behaviour switches: name → honoured in any letter case (0 in MessagesEn.php) or capitals only (1).
# The last ones belong to common extensions; they are taken in capitals only.
_SWITCHES = {
    "NOTOC": True, "FORCETOC": True, "TOC": True, "NOEDITSECTION": True, "NOGALLERY": True,
    "NOCONTENTCONVERT": True, "NOCC": True, "NOTITLECONVERT": True, "NOTC": True,
    "NEWSECTIONLINK": False, "NONEWSECTIONLINK": False, "HIDDENCAT": False, "EXPECTUNUSEDCATEGORY": False,
    "INDEX": False, "NOINDEX": False, "STATICREDIRECT": False,
    "START": False, "END": False, "NOGLOBAL": False, "DISAMBIG": False, "EXPECTUNUSEDTEMPLATE": False,
    "ARCHIVEDTALK": False, "NOTALK": False,
}
_SWITCH = re.compile(r"__([A-Za-z]+)__")
# Parser functions called as {{name:…}} (CoreParserFunctions::register, SFH_NO_HASH): a "name:"
# that is not one of these (nor "Template:") names a page to transclude.
_COLON_FUNCTIONS = frozenset("""
    ns nse urlencode lcfirst ucfirst lc uc localurl localurle fullurl fullurle canonicalurl canonicalurle
    formatnum grammar gender plural bidi numberofpages numberofusers numberofactiveusers numberofarticles
    numberoffiles numberofadmins numberingroup numberofedits padleft padright anchorencode defaultsort
    defaultsortkey defaultcategorysort filepath pagesincategory pagesize protectionlevel protectionexpiry
    namespace namespacee namespacenumber talkspace talkspacee subjectspace subjectspacee pagename pagenamee
    fullpagename fullpagenamee rootpagename rootpagenamee basepagename basepagenamee subpagename subpagenamee
    talkpagename talkpagenamee subjectpagename subjectpagenamee pageid revisionid revisionday revisionday2
    revisionmonth revisionmonth1 revisionyear revisiontimestamp revisionuser cascadingsources int displaytitle
    pagesinnamespace pagesinns template
""".split())
# Modifiers: subst and safesubst are rewritten at save; msg, msgnw and raw transclude the page named.
_MODIFIER = re.compile(r"\s*(safesubst|subst|msgnw|msg|raw)\s*:", re.I)
_SIGNATURE = re.compile(r"~{3,5}")
_TRANSCLUSION = re.compile(r"</?(" + "|".join(markup.TRANSCLUSION_TAGS) + r")\b", re.I)
_PIPE_TRICK = re.compile(r"\[\[[^\[\]|\n]+\|\s*\]\]")

# ------------------------------------------------------------------------------------ styles
# A style attribute, on an HTML tag or a table line, as MediaWiki reads attributes.
_STYLE = re.compile(r"""style\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>|{}]+))""", re.I)
# Classes MediaWiki's own scripts hide content with (jquery.makeCollapsible: collapsed until opened).
_HIDING_CLASS = re.compile(r"""class\s*=\s*(?:"[^"]*|'[^']*|)\bmw-collapsed\b""", re.I)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t\r\n\f]?|\\(.)", re.S)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.S)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)")


def _numbers(value: str) -> list[float]:
    return [float(n) for n in _NUMBER.findall(value)]


def _negative(value: str) -> bool:
    return any(n < 0 for n in _numbers(value))


def _zero(value: str) -> bool:
    found = _numbers(value)
    return bool(found) and all(n == 0 for n in found)


def _tiny_font(value: str) -> bool:
    found = _numbers(value)
    if not found:
        return False
    n = found[0]
    return n <= 0 or (n < 6 if "px" in value or "pt" in value else n < 0.5 if ("em" in value or "rem" in value)
                      else n < 50 if "%" in value else n <= 0)


# What a style declaration does that takes an element out of the flow or hides it: one row per
# property pattern, the reader of its value, and what it does (for the message).
_HIDING_STYLES = [
    (re.compile(r"display"), lambda v: v == "none", "hides the element"),
    (re.compile(r"visibility"), lambda v: v in ("hidden", "collapse"), "hides the element"),
    (re.compile(r"content-visibility"), lambda v: v == "hidden", "hides the element"),
    (re.compile(r"opacity"), lambda v: any(n < 0.3 for n in _numbers(v)), "makes the element (nearly) invisible"),
    (re.compile(r"color"), lambda v: "transparent" in v, "makes the text invisible"),
    (re.compile(r"position"), lambda v: v not in ("static", "relative", "inherit", "initial", "unset"),
     "takes the element out of the page's flow, so it can cover other rules"),
    (re.compile(r"(?:top|left|right|bottom|inset(?:-.*)?)"), lambda v: True,
     "moves the element over other text"),
    (re.compile(r"(?:margin(?:-.*)?|text-indent|letter-spacing|word-spacing)"), _negative,
     "pulls the element over other text"),
    (re.compile(r"(?:transform|translate|scale|rotate)"), lambda v: v != "none",
     "moves or shrinks the element"),
    (re.compile(r"(?:clip|clip-path)"), lambda v: v not in ("auto", "none"), "cuts the element away"),
    (re.compile(r"z-index"), lambda v: True, "stacks the element over other text"),
    (re.compile(r"(?:max-)?(?:height|width)"), lambda v: _tiny_font(v) if _numbers(v) and "%" not in v else False,
     "shrinks the element to nothing"),
    (re.compile(r"font-size"), _tiny_font, "shrinks the text out of sight"),
    (re.compile(r"(?:line-height)"), _zero, "collapses the text"),
]


def _css(value: str) -> str:
    """A style attribute's value as the browser reads it: entities, comments and CSS escapes decoded
    (MediaWiki's Sanitizer::normalizeCss does the same before it checks a style)."""
    value = html.unescape(value)
    value = _CSS_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) and int(m.group(1), 16) < 0x110000
                            else (m.group(2) or ""), value)
    return _CSS_COMMENT.sub(" ", value).lower()


def hiding_styles(code: str) -> list[str]:
    """The declarations in ``code``'s style attributes that hide an element or take it out of the
    flow, each as “property: value”, which (what it does), in order."""
    found: list[str] = []
    low = code.lower()
    for at in _finds(low, "style"):  # str.find, then the pattern where it may start: linear and fast
        m = _STYLE.match(code, at)
        if not m or (at and (code[at - 1].isalnum() or code[at - 1] in "_-")):
            continue
        for declaration in _css(next(g for g in m.groups() if g is not None)).split(";"):
            prop, colon, value = declaration.partition(":")
            prop, value = prop.strip(), " ".join(value.replace("!important", "").split())
            if not colon:
                continue
            for pattern, hides, what in _HIDING_STYLES:
                if pattern.fullmatch(prop) and hides(value):
                    found.append(f"“{prop}: {value}”, which {what}")
                    break
    if "mw-collapsed" in low:
        found += ["the class “mw-collapsed”, which hides the element until a reader opens it"
                  for _ in _HIDING_CLASS.finditer(code)]
    return found


# ------------------------------------------------------------------------------------ literal regions


def literal_tags(extension_tags: Iterable[str] = ()) -> tuple[str, ...]:
    """The tags whose content is literal on a wiki with these extension tags (siteinfo
    ``extensiontags``, names without brackets); offline, no extension is assumed."""
    have = {t.strip("<>").lower() for t in extension_tags}
    return markup.CORE_LITERAL_TAGS + tuple(t for t in markup.EXTENSION_LITERAL_TAGS if t in have)


def verbatim_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every region of ``text`` its author wrote to be shown as written: a closed
    comment, ``<nowiki>``, ``<pre>``, and the code and formula tags of any extension (whether or not
    a wiki has it). Text the bot adds keeps these byte for byte (no paragraph breaks, no tidying)."""
    return markup.literal_spans(text, markup.LITERAL_TAGS, unclosed_comment=False)


def _without_comments(text: str) -> str:
    """The text with its closed comments taken out (as MediaWiki's preprocessor does first)."""
    if "<!--" not in text:
        return text
    return markup.removed(text, markup.literal_spans(text, (), unclosed_comment=False))


def literal_free(text: str, extension_tags: Iterable[str] = ()) -> str:
    """The text with every literal region (closed comment, ``<nowiki>…</nowiki>``, …) blanked out,
    offsets and newlines kept; an unclosed one is left in place for the checks to see."""
    spans = markup.literal_spans(text, literal_tags(extension_tags), unclosed_comment=False)
    return markup.blank(text, spans, keep_newlines=True)


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


def _tags(code: str, literal: tuple[str, ...]):
    """(name, is_close) for every tag the wiki acts on, in page order: an element MediaWiki lets
    through (a self-closed non-void element is an opening tag) or a literal region's tag."""
    for m in _TAG.finditer(code):
        closing, name, self_closed = m.group(1), m.group(2).lower(), m.group(4)
        if name in literal or name in markup.EXTENSION_LITERAL_TAGS:  # unbalanced: refused with or without the extension
            if not self_closed:
                yield name, bool(closing)
        elif name in _HTML_ELEMENTS and name not in _HTML_SINGLE_ONLY:
            if self_closed and not closing and name in _HTML_SINGLE:
                continue  # <li/>: an empty element
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
    line by nothing but those characters (a table's ``{|`` may follow ``:``, its ``|}`` only spaces).
    Each stretch of the text is looked at once (linear however long the line)."""
    tokens = sorted([(at, False) for at in _finds(code, opener)] + [(at, True) for at in _finds(code, closer)])
    if line_start is None:
        for _at, is_close in tokens:
            yield opener, is_close
        return
    lead_chars = {False: line_start, True: " \t"}
    checked = {False: 0, True: 0}  # the current line is looked at up to here, for each kind
    clean = {False: True, True: True}  # nothing else yet on the current line, for each kind
    previous = 0
    for at, is_close in tokens:
        newline = code.rfind("\n", previous, at)
        if newline >= 0:  # a new line: start afresh after its newline
            checked = {False: newline + 1, True: newline + 1}
            clean = {False: True, True: True}
        previous = at
        for kind in (False, True):
            if clean[kind] and code[checked[kind]:at].strip(lead_chars[kind]):
                clean[kind] = False
            checked[kind] = max(checked[kind], at)
        if clean[is_close]:
            yield opener, is_close




def transclusions(code: str) -> list[str]:
    """The pages ``code`` transcludes other than templates, as written (``{{:Page}}``,
    ``{{User:X/Rules}}``, ``{{msgnw:Page}}``), in order. One pass: a target ends at ``|``, a brace
    or the line's end."""
    found = []
    if "{{" not in code:
        return found
    for m in markup.TEMPLATE_TARGET.finditer(code):
        target = m.group(1)
        transcludes = False
        while True:
            modifier = _MODIFIER.match(target)
            if not modifier:
                break
            transcludes = transcludes or modifier.group(1).lower() in ("msg", "msgnw", "raw")
            target = target[modifier.end():]
        target = target.strip()
        if target.startswith("#"):
            continue
        if target.startswith(":"):
            transcludes = True
        elif ":" in target:
            prefix = " ".join(target.split(":", 1)[0].replace("_", " ").split()).casefold()
            transcludes = transcludes or prefix not in _COLON_FUNCTIONS
        if transcludes:
            found.append("{{" + m.group(1).strip() + (m.group(2) or ""))
    return found


def signature(text: str, extension_tags: Iterable[str] = ()) -> Counter:
    """What the text does beyond its words, as counts (zero counts left out).

    Keys: ``"bot exclusion"``, ``"switch __X__"``, ``"magic X"``, ``"save-time"`` (text the wiki
    rewrites when saving), ``"transclusion"`` (a page other than a template pulled in),
    ``"hiding style"``, ``"heading tag <hN>"``, ``"<noinclude>"`` etc. (transclusion tags, opening or closing); and, read in
    page order, what is left unmatched: ``"<!--"`` (a comment never closed), ``"<div>"`` (a tag opened
    and never closed), ``"</div>"`` (closed and never opened), ``"{{"``/``"}}"``, ``"{|"``/``"|}"``.
    """
    literal = literal_tags(extension_tags)
    code = literal_free(text, extension_tags)
    sig: Counter = Counter()
    comment = code.find("<!--")
    if comment >= 0:
        sig["<!--"] = 1
        code = code[:comment]  # the rest of the page is a comment
    sig["bot exclusion"] = len(markup.BOTS_OPENING.findall(code))
    if "__" in code:
        for m in _SWITCH.finditer(code):
            name = m.group(1).upper()
            if name in _SWITCHES and (_SWITCHES[name] or m.group(1) == name):
                sig[f"switch __{name}__"] += 1
    for name in markup.PAGE_MAGIC.findall(code):
        sig[f"magic {name.upper()}"] += 1
    if "~~~" in code:
        sig["save-time"] += len(_SIGNATURE.findall(code))
    if "{{" in code:
        sig["save-time"] += sum(1 for at in _finds(code, "{{") if _MODIFIER.match(code, at + 2)
                                and _MODIFIER.match(code, at + 2).group(1).lower().endswith("subst"))
        sig["transclusion"] = len(transclusions(code))
    sig["save-time"] += len(_PIPE_TRICK.findall(code))
    sig["hiding style"] = len(hiding_styles(code))
    opened, stray = _unmatched(_in_order(code, "{{", "}}"))
    sig["{{"], sig["}}"] = opened["{{"], stray["{{"]
    opened, stray = _unmatched(_in_order(code, "{|", "|}", line_start=" \t:"))
    sig["{|"], sig["|}"] = opened["{|"], stray["{|"]
    tags = list(_tags(code, literal))
    opening = None  # Parser::finalizeHeadings: an opening <hN> up to the next closing </hM> is a heading
    for name, is_close in tags:
        if name in markup.HEADING_TAGS and not is_close and opening is None:
            opening = name
        elif name in markup.HEADING_TAGS and is_close and opening is not None:
            sig[f"heading tag <{opening}>"] += 1
            opening = None
    opened, stray = _unmatched(tags)
    for name, n in opened.items():
        sig[f"<{name}>"] = n
    for name, n in stray.items():
        sig[f"</{name}>"] = n
    for name in _TRANSCLUSION.findall(code):
        sig[f"<{name.lower()}>"] += 1
    return Counter({k: v for k, v in sig.items() if v})


def _describe(key: str, text: str = "", extension_tags: Iterable[str] = ()) -> str:
    if key == "bot exclusion":
        return ("a bot exclusion template ({{nobots}} or {{bots|…}}), which would stop bots, this one included, "
                "from editing the page; an Admin who wants it adds it by hand")
    if key.startswith("switch "):
        return f"the behaviour switch {key[7:]} (in any letter case), which changes the whole page rather than a rule"
    if key.startswith("magic "):
        return f"the page-wide magic word {key[6:]}, which changes the whole page rather than a rule"
    if key == "save-time":
        return ("text the wiki rewrites when saving (a ~~~~ signature, {{subst:…}} or a [[link|]] pipe trick), "
                "so the page saved would not be the text shown; write <nowiki>~~~~</nowiki> to mean the characters")
    if key == "transclusion":
        found = transclusions(literal_free(text, extension_tags)) if text else []
        what = f" ({found[0]})" if found else ""
        return (f"a transclusion of another page{what}, which would pull that page's text, headings included, "
                "into this one; link it with [[…]] instead")
    if key == "hiding style":
        found = hiding_styles(literal_free(text, extension_tags)) if text else []
        what = f" ({found[0]})" if found else ""
        return (f"a style that hides an element or takes it out of the page's flow{what}, so what readers see "
                "would not be the rules; only plain styling is rule text")
    if key.startswith("heading tag "):
        return (f"the HTML heading tag {key[12:]}, which the wiki renders as a heading: a rule no step asks for")
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
    if name in markup.TRANSCLUSION_TAGS:
        return f"<{name}>, which changes what the page shows when transcluded rather than a rule"
    if name in markup.LITERAL_TAGS:
        return (f"a </{name}> that closes a region it did not open, which would show text the page hides" if closing
                else f"a <{name}> that is not closed, which would hide the rest of the page")
    return (f"a </{name}> that closes an element it did not open (such as the page's own wrapper)" if closing
            else f"a <{name}> that is not closed (a self-closed <{name}/> opens one too), which would wrap "
                 "(and could hide) the rest of the page")


def heading_problem(text: str, extension_tags: Iterable[str] = ()) -> str | None:
    """Why ``text``, put inside a rule's body, would read as (part of) a new heading, or None: a
    heading line outside the wiki's literal regions (inside a tag the wiki does not have too)."""
    if "=" not in text:
        return None
    # A comment is taken out before MediaWiki looks for headings: "<!-- x -->== Fake ==" is one.
    code = literal_free(_without_comments(text), extension_tags)
    if "<" in code:  # <includeonly> hides its content from the reader, not from a transclusion
        code = re.sub(r"<(?=/?includeonly\b)", " ", code, flags=re.I)
    found = ruleset.parse("x\n" + code + "\n")
    if found.blocks:
        return (f"its text contains a heading line (“{found.blocks[0].heading.raw_title.strip()}”) that would "
                "create a rule the step does not ask for")
    return None


def payload_problem(text: str, *, headings: bool = True, extension_tags: Iterable[str] = ()) -> str | None:
    """Why ``text`` cannot go into a page as new text (see the module docstring), or None.

    ``headings``: also refuse a line that would read as a heading (off for one-line values that are
    never at the start of a line, such as a table cell). ``extension_tags``: the wiki's (siteinfo
    ``extensiontags``); offline none is assumed, so ``<source>`` and kin are plain text.
    """
    problem = characters.control_problem(text)
    if problem:
        return f"its text contains {problem}"
    if headings:
        problem = heading_problem(text, extension_tags)
        if problem:
            return problem
    keys = _ordered(signature(text, extension_tags))
    return f"its text contains {_describe(keys[0], text, extension_tags)}" if keys else None


# Terms are words: what in a term the wiki would read as markup, wherever the term is written.
_TERM_MARKUP = [
    (re.compile(r"'{2,}"), "a run of apostrophes, which the wiki reads as italics or bold"),
    (re.compile(r"^'|'$"), "an apostrophe at its start or end, which next to the page's own “''” would make a "
                           "run of apostrophes the wiki reads as italics or bold"),
    (re.compile(r"~~~+"), "a signature, which the wiki writes in when saving"),
    (re.compile(r"__"), "part of a behaviour switch"),
    (re.compile(r"[\[\]]+"), "a bracket, which the wiki reads as part of a link"),
    (re.compile(r"[{}]+"), "a brace, which the wiki reads as part of a template or table"),
    (re.compile(r"[<>]"), "“<” or “>”, which the wiki reads as part of a tag"),
    (re.compile(r"\|"), "“|”, which the wiki reads as a separator of links, templates and tables"),
    (re.compile(r":"), "a colon, which turns a link to the term into a category, file or interwiki link"),
    (re.compile(r"#"), "which turns a link to the term into a link to a section (or, at a line's start, a "
                       "numbered list)"),
    (re.compile(r"^[=*;!\-]"), "a markup character at its start, which the wiki reads as a heading, list, "
                               "indent or table cell where the term begins a line"),
    (re.compile(r"=$"), "“=” at its end, which the wiki reads as a heading where the term ends a line"),
    (re.compile(r"&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);", re.I), "a character entity, which the wiki shows as "
                                                                 "another character"),
    (re.compile(r"(?:https?|ftp)://|^(?:ISBN|RFC|PMID)\b", re.I), "a web address or magic link"),
]


def term_problem(term: str) -> str | None:
    """Why ``term`` cannot be a new term (or its plural), or None. One check for every way a term is
    set (``wikibot synonyms --set``, an Ascension Address): a term is written into every place the
    old one stood, headings and link targets included, so it must be plain words — no control,
    invisible or look-alike character (:mod:`parsers.characters`), no markup (``_TERM_MARKUP``)."""
    problem = characters.name_problem(term)
    if problem:
        return f"it holds {problem}"
    for pattern, what in _TERM_MARKUP:
        found = pattern.search(term)
        if found:
            return f"it contains the wiki markup “{found.group(0)}” ({what})"
    problem = payload_problem(term, headings=False)
    return problem.replace("its text contains", "it holds", 1) if problem else None


# The order problems are named in: the ones that hide or swallow the most first.
_ORDER = ["<!--", *(f"<{t}>" for t in markup.LITERAL_TAGS),
          *(f"</{t}>" for t in markup.LITERAL_TAGS),
          *(f"<{t}>" for t in markup.TRANSCLUSION_TAGS),
          *(f"heading tag <{t}>" for t in sorted(markup.HEADING_TAGS)), "{{", "}}", "{|", "|}"]


def _ordered(keys) -> list[str]:
    keys = set(keys)
    tags = sorted(k for k in keys if k.startswith("<") and k not in _ORDER)
    rest = sorted(k for k in keys if k not in _ORDER and not k.startswith("<"))
    return [k for k in _ORDER if k in keys] + tags + rest


def _is_balance(key: str) -> bool:
    """A key counting unmatched markup (as opposed to page-wide effects, of which fewer is fine)."""
    return key in ("{{", "}}", "{|", "|}", "<!--") or (
        key.startswith("<") and key.strip("</>") not in markup.TRANSCLUSION_TAGS)


def page_change_problem(old: str, new: str, *, strict: bool = False,
                        extension_tags: Iterable[str] = ()) -> str | None:
    """Why the change from ``old`` to ``new`` (a page, or a rule body) does more than change words:
    a page-wide effect gained, or unmatched markup (tags, templates, tables, comments) gained or lost.
    None if not.

    ``strict``: any difference of :func:`signature` counts, a page-wide effect lost too (for edits
    that replace words and should leave all markup alone, such as term replacement)."""
    before, after = signature(old, extension_tags), signature(new, extension_tags)
    for key in _ordered(set(before) | set(after)):
        was, now = before.get(key, 0), after.get(key, 0)
        if now > was and _is_balance(key):
            return f"the page would be left with {_describe(key)}"
        if now > was:
            return f"it would add {_describe(key, new, extension_tags)}"
        if now < was and _is_balance(key):
            return (f"it would change the count of unmatched {key} on the page from {was} to {now}, so text "
                    "outside the change would be read differently")
        if now < was and strict:
            return f"it would remove {key} from the page: replacing words must leave the markup as it was"
    return None


# --------------------------------------------------------------------------- text the bot writes inert
_MARKUP = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "{": "&#123;", "}": "&#125;", "[": "&#91;", "]": "&#93;",
           "|": "&#124;", "~": "&#126;"}
_DIFF_LINK = re.compile(r"&#91;&#91;Special:Diff/(\d+)&#93;&#93;")


def inert(text: str) -> str:
    """Text as it reads, made harmless in the middle of a line of a wiki page (an answer on the request
    page, a line of the log or audit page): every character that could start markup (``{{nobots}}``,
    ``~~~~``, ``[[Category:…]]``, ``<div>``, ``''``, ``__NOTOC__``) written as an entity, but the bot's
    own ``[[Special:Diff/N]]`` links kept."""
    escaped = "".join(_MARKUP.get(ch, ch) for ch in re.sub(r"\s+", " ", text).strip())
    escaped = escaped.replace("''", "&#39;&#39;").replace("__", "&#95;&#95;")
    return _DIFF_LINK.sub(r"[[Special:Diff/\1]]", escaped)

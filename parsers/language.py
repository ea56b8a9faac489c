"""The shared language of the rules: one place for what every reader needs to know about English.

Proposals, Ascension Addresses, enactment, the constraints reader and the Ruleset review all read
the same prose.  What they share lives here, once:

* **quotes** — which characters quote, where quoted spans start and end (curly quotes nest,
  apostrophes are not quotes), and *masking*: a sentence with each quoted span replaced by a token,
  so that patterns never look inside quoted text;
* **sentences** — where a line splits into sentences (never inside quotes or square brackets, not
  after "e.g.", "Rule 1." or an initial), and where a ``:`` introduces text;
* **numbers** — number words ("zero" … "twenty", the tens, "a hundred", "twenty-one") and ordinals
  ("first", "2nd", "last");
* **sections** — the words players use for the Ruleset's sections ("Core", "Special Case" …);
* **word forms** — the regular plural of a term, the singular of a plural, and whether two words
  are one word's two numbers.

Everything is pure string work, linear in the length of the text.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

__all__ = [
    "ABBREVIATION", "Masked", "NUMBER", "ORDINAL", "SECTION_WORD", "TOKEN", "is_plural_pair",
    "mask", "number", "ordinal", "plural", "plural_forms", "quote_spans", "section", "sentence_spans",
    "sentence_end", "sentences", "singular", "strip_bom", "token_inner", "SECTIONS", "section_kind", "heading_kind",
]

# ---------------------------------------------------------------------------------------------
# Quotes
# ---------------------------------------------------------------------------------------------

OPEN_QUOTES = "“\"‘'"
CLOSE_OF = {"“": "”", '"': '"', "‘": "’", "'": "'"}


def quote_spans(s: str) -> list[tuple[int, int]]:
    """(start, end) of every quoted span in ``s`` (end exclusive, quotes included).

    Curly double quotes nest; ‘…’ and '…' only open after a non-word character and only close
    before one, so apostrophes ("Beast’s", "don’t") are not quotes.  An opening quote that never
    closes quotes nothing (see :func:`unclosed_quote`)."""
    spans: list[tuple[int, int]] = []
    n = len(s)
    match: dict[int, int] = {}  # “ → its matching ” (stack pairing = depth counting)
    stack: list[int] = []
    straight: list[int] = []
    for k, ch in enumerate(s):
        if ch == "“":
            stack.append(k)
        elif ch == "”" and stack:
            match[stack.pop()] = k
        elif ch == '"':
            straight.append(k)
    closers = {
        q: [k for k, ch in enumerate(s) if ch == q and (k + 1 == n or not s[k + 1].isalnum()) and k and not s[k - 1].isspace()]
        for q in ("’", "'")
    }
    i = 0
    while i < n:
        c = s[i]
        end = -1
        if c == "“":
            if i in match:
                end = match[i] + 1
        elif c == '"':
            at = bisect.bisect_right(straight, i)
            if at < len(straight) and straight[at] > i + 1:
                end = straight[at] + 1
        elif c in "‘'" and (i == 0 or not s[i - 1].isalnum()) and i + 1 < n and not s[i + 1].isspace():
            cl = closers["’" if c == "‘" else "'"]
            at = bisect.bisect_right(cl, i)
            if at < len(cl):
                end = cl[at] + 1
        if end > 0:
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


def unclosed_quote(s: str) -> int | None:
    """The position of a curly opening quote “ that no ” closes, or None.

    Straight and single quotes double as inch marks and apostrophes, so only the curly double
    quote is decisive: a reader that finds one must not read the rest as unquoted text."""
    depth_positions: list[int] = []
    for k, ch in enumerate(s):
        if ch == "“":
            depth_positions.append(k)
        elif ch == "”" and depth_positions:
            depth_positions.pop()
    return depth_positions[0] if depth_positions else None


@dataclass
class Masked:
    """A sentence with its quoted spans replaced by ``\\x01N\\x02`` tokens."""

    text: str
    inner: list[str]  # token N → the text between the quotes
    raw: list[str]  # token N → the quoted text with its quotes

    def restore(self, frag: str) -> str:
        """``frag`` (a piece of :attr:`text`) with its tokens put back as the quoted text."""
        return _TOKEN_RE.sub(lambda t: self.raw[int(t.group(1))], frag)


TOKEN = r"\x01\d+\x02"
_TOKEN_RE = re.compile(r"\x01(\d+)\x02")


def mask(s: str) -> Masked:
    """Mask every quoted span of ``s`` (see :class:`Masked`)."""
    out, inner, raw, pos = [], [], [], 0
    for a, b in quote_spans(s):
        out.append(s[pos:a])
        out.append(f"\x01{len(inner)}\x02")
        raw.append(s[a:b])
        inner.append(s[a + 1 : b - 1])
        pos = b
    out.append(s[pos:])
    return Masked("".join(out), inner, raw)


def token_inner(frag: str | None, m: Masked) -> str | None:
    """The quoted text if ``frag`` is exactly one token (an article allowed before it), else None."""
    t = re.fullmatch(r"\s*(?:(?:a|an|the)\s+)?\x01(\d+)\x02\s*", frag or "", re.I)
    return m.inner[int(t.group(1))] if t else None


def strip_bom(text: str) -> str:
    """A byte-order mark at the start of an input file is not text."""
    return text[1:] if text.startswith("\ufeff") else text


# ---------------------------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------------------------

#: Words after which a full stop does not end a sentence ("e.g.", "etc.", "No. 3", "St.").
ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|no|st|mr|mrs|ms|dr)|\.\.|\b(?:[A-Z]\.)+[A-Z])$", re.I)  # "V.R."
_ENUMERATOR = re.compile(r"\s*(?:\d+[a-z]?|[a-zA-Z]|[ivx]+)")  # "1." "1a." "a." "iv." opening a list item


def _opaque(s: str) -> bytearray:
    """1 for every character inside quotes or balanced [square brackets]: never split there."""
    inside = bytearray(len(s))
    spans = list(quote_spans(s))
    depth, start = 0, -1
    for i, c in enumerate(s):
        if c == "[":
            if depth == 0:
                start = i
            depth += 1
        elif c == "]" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    for a, b in spans:
        inside[a + 1 : b - 1] = b"\x01" * max(0, b - a - 2)
    return inside


#: "Proposal: X", "CfJ: X": the colon of a post's title, which introduces no text.
_TITLE_COLON = re.compile(r"\b(?:proposal|cfj|call\s+for\s+judge?ment|dov|declaration\s+of\s+victory)$", re.I)


def sentence_spans(line: str) -> list[tuple[int, int, str]]:
    """Split one line into ``(start, end, terminator)``; terminator is "." / ":" / "" (line end).

    A sentence ends at ``.``, ``;``, ``!`` or ``?`` followed by a space or the end of the line (not
    after an abbreviation or a list enumerator), and at a ``:`` (or ``:-``) followed by a space or
    the end, which introduces text — except "…: “text”." where the quote is the sentence's own."""
    inside = _opaque(line)
    out: list[tuple[int, int, str]] = []
    start, i, n = 0, 0, len(line)
    while i < n:
        c = line[i]
        if inside[i]:
            i += 1
            continue
        if c in "”\"’'" and i > 0 and inside[i - 1] and line[i - 1] in ".!?" and re.match(r"\s+[A-Z]", line[i + 1:]) \
                and line[start:i + 1].strip():
            # "… remove the sentence “Oil Cans rust.” In the same rule, …": the quoted sentence's full stop ends
            # this sentence too, when a new one begins after the quote
            out.append((start, i + 1, "."))
            start = i + 1
            i += 1
            continue
        if c in ".;!?" and (i + 1 == n or line[i + 1].isspace()):
            if c == "." and (ABBREVIATION.search(line[max(start, i - 8):i]) or _ENUMERATOR.fullmatch(line[start:i])):
                i += 1
                continue
            if line[start:i + 1].strip():
                out.append((start, i + 1, "."))
            start = i + 1
        elif c == ":" and not _TITLE_COLON.search(line[max(start, i - 40):i]):
            j = i + 1
            if j < n and line[j] == "-":
                j += 1
            if j == n or line[j].isspace():
                rest = line[j:]
                lead = len(rest) - len(rest.lstrip())
                k = j + lead
                # "… to the following: “text”; and …" keeps its inline quote in the sentence.
                if k < n and line[k] in OPEN_QUOTES:
                    close = _span_end(line, k)
                    if close and re.match(r"\s*(?:[.;,]|$)", line[close:]):
                        i = j
                        continue
                if line[start:j].strip():
                    out.append((start, j, ":"))
                start = j
                i = j
                continue
        i += 1
    if line[start:].strip():
        out.append((start, n, ""))
    return out


def _span_end(line: str, k: int) -> int | None:
    """Where the quoted span opening at ``k`` ends (exclusive), or None."""
    for a, b in quote_spans(line[k:k + 4000]):
        if a == 0:
            return k + b
        break
    return None


def sentence_end(text: str, k: int) -> int | None:
    """Where a sentence ends if the character at ``k`` ends one: a ``.``, ``!`` or ``?`` followed, past
    any closing quotes and brackets, by a space or the end of the text, and not a full stop after an
    abbreviation ("e.g.", "No."). The end (exclusive), else None."""
    c = text[k]
    if c not in ".!?":
        return None
    n = len(text)
    e = k + 1
    while e < n and text[e] in "\"')]":
        e += 1
    if (e == n or text[e] == " ") and not (c == "." and ABBREVIATION.search(text[max(0, k - 8):k])):
        return e
    return None


def sentences(text: str) -> list[str]:
    """Every sentence of a text, paragraph by paragraph (see :func:`sentence_spans`)."""
    out = []
    for line in text.split("\n"):
        for a, b, _ in sentence_spans(line):
            s = line[a:b].strip()
            if s:
                out.append(s)
    return out


# ---------------------------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------------------------

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
NUMBER_WORDS: dict[str, int] = {w: k for k, w in enumerate(_UNITS)} | _TENS | {"hundred": 100, "a hundred": 100,
                                                                               "one hundred": 100, "a dozen": 12, "dozen": 12}
_ONE_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_TENS_WORD = "|".join(_TENS)
#: A cardinal number: digits, or words ("seven", "twenty-one", "a hundred").
NUMBER = rf"(?:[-+−]?\d+|(?:{_TENS_WORD})[- ](?:one|two|three|four|five|six|seven|eight|nine)|{_ONE_WORD})"
_NUMBER_FULL = re.compile(NUMBER, re.I)


def number(text: str, *, article: bool = False) -> int | None:
    """The value of a cardinal number written in digits or words, or None.

    ``article``: "a"/"an" count as one ("gains a Coin")."""
    t = " ".join((text or "").strip().replace(",", "").split()).casefold().replace("−", "-")
    if article and t in ("a", "an"):
        return 1
    if re.fullmatch(r"[-+]?\d+", t):
        return int(t)
    if t in NUMBER_WORDS:
        return NUMBER_WORDS[t]
    m = re.fullmatch(rf"({_TENS_WORD})[- ](one|two|three|four|five|six|seven|eight|nine)", t)
    if m:
        return _TENS[m.group(1)] + NUMBER_WORDS[m.group(2)]
    return None


_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "last": -1, "final": -1, "opening": 1, "closing": -1,
}
#: An ordinal: "first" … "twelfth", "last"/"final" (-1), or "3rd".
ORDINAL = r"(?:" + "|".join(_ORDINAL_WORDS) + r"|\d+(?:st|nd|rd|th))"


#: Every single word that names a number, a position or a multiple: a change of one is never a
#: typo fix (:mod:`actions.ruleset_review`).
NUMBER_VOCABULARY = (frozenset(w for w in NUMBER_WORDS if " " not in w)
                     | frozenset(w for w, k in _ORDINAL_WORDS.items() if k > 0)
                     | frozenset("thousand million billion thirtieth fortieth fiftieth hundredth thousandth "
                                 "single triple quadruple".split()))


def ordinal(word: str) -> int | None:
    """The position an ordinal names (1-based; -1 for "last"/"final"), or None."""
    w = (word or "").strip().casefold()
    if w in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[w]
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", w)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------------------------

SECTION_CORE = "Core Rules"
SECTION_DYNASTIC = "Dynastic Rules"
SECTION_SPECIAL_CASE = "Special Case Rules"
SECTION_APPENDIX = "Appendix"
SECTION_BUILDING_BLOCKS = "Building Blocks"

#: The sections of the Ruleset, one row each, the one vocabulary of section words: the section's kind
#: (as the Ruleset model speaks of it), its title, the word a reference names it by ("a new dynastic
#: rule", "the Special-Case section"), and the beginning of a word by which a heading names it
#: ("Dynasty Rules", "Appendices").
SECTIONS = (
    ("core", SECTION_CORE, r"core", r"core\b"),
    ("dynastic", SECTION_DYNASTIC, r"dynastic", r"dynast"),
    ("special case", SECTION_SPECIAL_CASE, r"special[ -]case", r"special\s+case"),
    ("appendix", SECTION_APPENDIX, r"appendix", r"appendi"),
    ("building blocks", SECTION_BUILDING_BLOCKS, r"building[ -]blocks?", r"building\s+blocks?\b"),
)

#: The words that name a section of the Ruleset.
SECTION_WORD = "(?:" + "|".join(word for _, _, word, _ in SECTIONS) + ")"
#: A section of the Ruleset named by its section word alone, or with "Rules" ("Dynastic Rules").
SECTION_NAME = re.compile(SECTION_WORD + r"(?:\s+rules)?", re.I)
_SECTION_REFERENCE = [(re.compile(rf"(?:the\s+)?{word}(?:\s+rules)?(?:\s+section)?", re.I), kind)
                      for kind, _, word, _ in SECTIONS]
_SECTION_HEADING = [(re.compile(rf"\b{heading}", re.I), kind) for kind, _, _, heading in SECTIONS]
_SECTION_TITLE = {kind: title for kind, title, _, _ in SECTIONS}


def section(word: str) -> str:
    """The canonical section a section word names ("special-case" → "Special Case Rules"); a word
    that names no other section names the Building Blocks."""
    w = word.replace("-", " ")
    for pattern, kind in _SECTION_HEADING:
        if pattern.match(w):
            return _SECTION_TITLE[kind]
    return SECTION_BUILDING_BLOCKS


def section_kind(name: str) -> str | None:
    """The kind of section a reference names ("dynastic", "the Appendix", "Special Case Rules", "the
    core rules section"), or None."""
    key = " ".join(name.split())
    for pattern, kind in _SECTION_REFERENCE:
        if pattern.fullmatch(key):
            return kind
    return None


def heading_kind(title: str) -> str | None:
    """The kind of section a level-1 heading's title names ("Dynasty Rules" → "dynastic"), or None."""
    for pattern, kind in _SECTION_HEADING:
        if pattern.search(title):
            return kind
    return None


# ---------------------------------------------------------------------------------------------
# Word forms
# ---------------------------------------------------------------------------------------------


#: Words ending in "is" or "us" that are singular (a plural "Oases" is "Oasis", never "Oas"): the "is"
#: words by name (most words ending so are plurals: Kiwis, Taxis); a word ending in "us" is singular
#: (Bonus, Status) unless it is one of the plurals named here.
_IS_SINGULARS = frozenset((
    "oasis", "crisis", "axis", "basis", "iris", "analysis", "thesis", "hypothesis", "synopsis", "diagnosis",
    "emphasis", "genesis", "nemesis", "parenthesis", "chassis", "trellis", "mantis", "pelvis", "tennis",
    "metropolis", "necropolis", "acropolis", "ellipsis", "paralysis", "prognosis", "catharsis", "osmosis"))
_US_PLURALS = frozenset(("menus", "emus", "gnus", "gurus", "tutus", "haikus", "tofus", "zebus", "kudzus"))
#: plurals of "-is" words that are not the regular plural: "oases" → "oasis"
_IS_PLURALS = {w[:-2] + "es": w for w in _IS_SINGULARS if w.endswith("sis") and w != "basis"}   # "bases": Base


def _singular_by_form(low: str) -> bool:
    """Is this lower-case word, ending in "s", a singular (Oasis, Status)?"""
    return low in _IS_SINGULARS or (low.endswith("us") and low not in _US_PLURALS)


def plural(term: str) -> str:
    """The regular English plural of a term (its last word): Baron → Barons, Boss → Bosses,
    Deity → Deities, Puzzle Master → Puzzle Masters, Oasis → Oases."""
    head, _, last = term.rpartition(" ")
    lower = last.lower()
    if lower in _IS_SINGULARS and lower.endswith("sis"):
        result = last[:-2] + ("ES" if last.isupper() else "es")
    elif re.search(r"(?:s|x|z|ch|sh)$", lower):
        result = last + ("ES" if last.isupper() else "es")
    elif re.search(r"[^aeiou]y$", lower):
        result = last[:-1] + ("IES" if last.isupper() else "ies")
    else:
        result = last + ("S" if last.isupper() and len(last) > 1 else "s")
    return f"{head} {result}" if head else result


def singular(word: str) -> str | None:
    """The regular singular of a plural word (Coins → Coin, Boxes → Box, Pennies → Penny), or None
    when the word does not end like a regular plural."""
    w = word.strip()
    low = w.lower()
    if low in _IS_PLURALS:                  # "Oases" → "Oasis"
        return w[:-2] + ("IS" if w[-2:].isupper() else "is")
    if _singular_by_form(low):              # "Oasis", "Status": already one
        return None
    if low.endswith("ies") and len(w) > 4:
        return w[:-3] + ("Y" if w[-3:].isupper() else "y")
    if re.search(r"(?:s|x|z|ch|sh)es$", low) and len(w) > 4:
        return w[:-2]
    if low.endswith("s") and not low.endswith("ss") and len(w) > 2:
        return w[:-1]
    return None


def irregular_plural(word: str) -> bool:
    """Is the word a plural whose singular is not the word less some letters ("Oases" → "Oasis")?"""
    return word.strip().lower() in _IS_PLURALS


def singular_or_same(word: str) -> str:
    """:func:`singular`, or the word itself when it does not end like a regular plural."""
    return singular(word) or word


def plural_forms(word: str) -> list[str]:
    """The word and the other number it may stand in a table header or rule for: "Coins" → Coins,
    Coin; "Coin" → Coin, Coins; "Boxes" → Boxes, Box."""
    w = word.strip()
    other = singular(w) or plural(w)
    return [w] if not w or other == w else [w, other]


def is_plural_pair(a: str, b: str) -> bool:
    """Is one of the two words the other's plural (Coin/Coins, Box/Boxes, Penny/Pennies)?"""
    a, b = sorted((a.casefold(), b.casefold()), key=len)
    return b in (a + "s", a + "es") or (a.endswith("y") and b == a[:-1] + "ies")


# ---------------------------------------------------------------------------------------------
# Whole sentences (for definitions, whose lists run on after ";" and ":")
# ---------------------------------------------------------------------------------------------


def full_sentences(line: str) -> list[str]:
    """The sentences of one line, split only at ``.``, ``!`` or ``?`` (then a space and a capital or
    a quote), never inside quotes or brackets nor after an abbreviation ("i.e.", "e.g."): a
    definition's attribute list may run on after ";" and end in ":"."""
    inside = _opaque(line)
    out: list[str] = []
    start, n = 0, len(line)
    for i, c in enumerate(line):
        if c not in ".!?" or inside[i] and not (i + 1 < n and line[i + 1] in "”\"’"):
            continue   # a full stop inside quotes ends a sentence only just before the closing quote
        j = i + 1
        while j < n and line[j] in "”\"’)":
            j += 1
        if j < n and not line[j].isspace():
            continue
        k = j
        while k < n and line[k].isspace():
            k += 1
        if k < n and not (line[k].isupper() or line[k] in "“\"‘("):
            continue
        if c == "." and ABBREVIATION.search(line[max(start, i - 8):i]):
            continue
        if line[start:j].strip():
            out.append(line[start:j].strip())
        start = j
    if line[start:].strip():
        out.append(line[start:].strip())
    return out

"""Legal values of the gamestate, read from the rules' own sentences (+ Admins' overrides).

Pure: a :class:`~parsers.ruleset.Ruleset` (and the text of an overrides page) in, a list of
:class:`Constraint` out. Each constraint keeps the rule and the sentence(s) it came from, so that a
revert can say exactly why.

Where constraints come from
---------------------------
* **Appendix** (origin ``"appendix"``). "Numbers and Variables": *game variables defined to hold
  numeric values can hold only non-negative integers* becomes the constraint named
  ``numeric values`` (:data:`NUMERIC`), applied to variables no rule describes but whose column
  (or single value) on the page plainly holds non-negative integers. "Names": *a new name must be
  between 4 and 30 characters … Latin alphabet, numbers, underscores, hyphens, full stops and
  apostrophes* becomes ``player names`` (:data:`PLAYER_NAMES`), with the lengths the sentence
  states (2023 says 3 to 30). An era whose Ruleset has no such sentence (2004; 2016 and 2020 for
  names) gets no such constraint.
* **Rules** (origin ``"rule"``): Core, Dynastic, Building Blocks and *Active* Special Case rules.
  Only sentences of a few clear shapes are read; anything else is left alone (a variable whose
  constraints are unclear is not guessed):

  - ``Each Puzzler has a publicly tracked number of Coins, defaulting to 3`` (integer, default);
    ``Each Lord holds a number of Electoral Votes``; ``has a publicly tracked numerical
    Influence Score which defaults to 0``; ``Ratings for War, Culture and Economy (all integers
    defaulting to zero)``; ``a score (which is a nonnegative integer)``;
    ``has an integer Row and Column, which are each between 1 and 10``;
  - ``Action Points cannot exceed 10``; ``Confidence may not fall below 0 or rise above 200``;
    ``must not hold less than 1 Electoral Vote``;
  - ``Species: Can be ‘Bear’, ‘Bird’ … or ‘Rabbit’``; ``has a Content which can be Lemon, …
    or Empty and defaults to Empty``; ``which is either Suspicious, Indifferent or Friendly``;
    ``A community's faction must be one of the following:`` + a bulleted list;
  - ``defaulting to 3`` / ``defaults to “None”`` / ``New Lords begin the game with 100
    Confidence`` (default; a default with an alternative, "three or the median …", is not taken);
  - ``… is a publicly tracked list …`` / ``which contains a list of …`` (a list: never checked,
    but it keeps the numeric guess off that column);
  - ``tracked in the Players table on the “Archipelago” wiki page`` (page and table of the
    variable in that sentence); ``Villagers and their respective attributes are tracked in the
    “Villagers” table of …`` (page and table of every variable "Each Villager has").
  - a limit in the sentence that defines the variable: ``…, defaulting to 0, which cannot exceed
    5``, ``…, which may not be greater than 10``, ``… and with a maximum of 10`` (taken only when no
    second variable is introduced before it);
  - single values: ``The Round is a publicly tracked number, defaulting to 1``, ``The Round Number
    is publicly tracked … and defaults to 4``; ``a numeric value of Bells``; an attribute whose
    default is a number (``has a Renown, which … defaults to 0``) is a number;
  - boards: ``The Game Board is a publicly tracked 10 by 10 grid of cells`` with ``Each Cell also
    has a Content which can be …``: every cell of that board holds a Content (``grid``); the
    cell's Row and Column are the board's own coordinates.

  Each variable is kept per owner: ``Each Stop has a Type …`` and ``Each Organism has a Type …``
  are two constraints, and a table is judged by its own thing's (:mod:`actions.legality`); a
  sentence naming no owner (``Coins cannot exceed 10``) joins every owner's.

  A numeric variable a rule defines is a non-negative integer unless the rules say it "may be
  negative": that part of the constraint is cited from the Appendix (``min_source``), the rest
  from the rule.
* **Overrides** (origin ``"override"``): an on-wiki page that Admins edit (default
  ``User:<bot>/Constraints``). An override replaces everything inferred for its variable.

Override page format
--------------------
One constraint per bullet line ``* NAME: SPEC``; every other line (prose, headings, blank lines,
``<!-- comments -->``, ``<pre>`` tags) is ignored, so the page can explain itself. NAME is the
variable as the tracking page heads its column (case, plural ``s`` and markup do not matter),
optionally scoped with ``(table T)``, ``(page P)`` or ``(table T, page P)``. SPEC is one of::

    * Coins: integer 0..10, default 3          a whole number from 0 to 10
    * Coins: integer, at least 0, at most 10   the same, spelled out (also ">= 0", "<= 10")
    * Gold: integer, may be negative           any whole number
    * Energy: integer 1..                      at least 1, no upper limit
    * Hats: one of Bowler, Fez or Top          allowed values (quote a value holding a comma:
    * Mood: one of “Happy, mostly”, Sad         “…” or "…"), optionally "; default Fez"
    * Notes: text, default blank               free text (never checked; "default blank"
    * Inventory: list                          lets the cell be empty); a list (never checked)
    * Score: off                               check nothing in this column, not even the
                                               Appendix's non-negative-integer rule
    * player names: 3..30 characters           the name rule (``player names: off`` to stop it)
    * numeric values: off                      stop the Appendix guess for unnamed columns
    * Coins (table Players): integer 0..       only the Coins column of the table captioned
                                               or headed "Players" (or whose first column is)

Clauses after the kind are separated by commas or semicolons; ``default X`` may end any line.
A line that cannot be read raises :class:`OverrideError` naming its line number and text, and
carrying the lines that *could* be read (``.parsed``) so a caller may go on with those.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from actions.synonyms import player_term  # noqa: F401  (the era's word for a player: re-exported)
from parsers import language
from parsers.names import straighten_quotes, strip_quotes
from parsers.ruleset import ACTIVE, APPENDIX, BUILDING_BLOCKS, CORE, DYNASTIC, SPECIAL_CASE, Rule, Ruleset, plain

INTEGER = "integer"
ENUM = "enum"
NAME = "name"
TEXT = "text"
LIST = "list"
OFF = "off"

NUMERIC = "numeric values"      # the Appendix's non-negative-integer default, as a variable name
PLAYER_NAMES = "player names"   # the Appendix's name rule, as a variable name

APPENDIX_ORIGIN = "appendix"
RULE_ORIGIN = "rule"
OVERRIDE_ORIGIN = "override"

DEFAULT_OVERRIDE_PAGE = "constraints page"

NAME_CHARACTERS = "Latin letters, digits, _ - . '"
_NAME_CHARS = re.compile(r"[A-Za-z0-9_\-.']+")


class OverrideError(ValueError):
    """Some lines of the overrides page cannot be read.

    ``errors`` holds ``(line number, line text, what is wrong)``; ``parsed`` the constraints of
    the lines that could be read.
    """

    def __init__(self, errors: list[tuple[int, str, str]], parsed: list, page: str = DEFAULT_OVERRIDE_PAGE):
        self.errors = errors
        self.parsed = parsed
        self.page = page
        lines = [f"{page} line {n}: “{text.strip()}”: {why}" for n, text, why in errors]
        super().__init__("\n".join(lines) + "\nWrite e.g. “* Coins: integer 0..10, default 3”, "
                         "“* Hats: one of Bowler, Fez or Top” or “* Score: off”.")


@dataclass
class Constraint:
    """What values one gamestate variable may legally hold, and where the rules say so."""

    variable: str
    kind: str
    min: int | None = None
    max: int | None = None
    allowed: list[str] | None = None
    default: str | None = None      # as text; "" means blank/empty
    page: str | None = None         # tracking page hint ("Archipelago", "GNDT")
    table: str | None = None        # table hint ("Players", "Villagers")
    rule: str = ""                  # source rule name ("Coins"), or the overrides page
    sentences: list[str] = field(default_factory=list)
    origin: str = RULE_ORIGIN       # appendix | rule | override
    owner: str | None = None        # whose variable: "Puzzler", "Villager"
    min_source: str | None = None   # "Appendix: Numbers and Variables" when min 0 comes from there
    min_sentence: str | None = None
    line: int | None = None         # line on the overrides page
    grid: str | None = None         # the board whose every cell holds it ("Game Board")

    @property
    def sentence(self) -> str:
        return self.sentences[0] if self.sentences else ""

    @property
    def source(self) -> str:
        """How an edit summary cites it: "Appendix: Numbers and Variables", "Coins", …"""
        if self.origin == APPENDIX_ORIGIN:
            return f"Appendix: {self.rule}"
        if self.origin == OVERRIDE_ORIGIN:
            return f"{self.rule}, line {self.line}" if self.line else self.rule
        return self.rule

    @property
    def key(self) -> str:
        return variable_key(self.variable)

    def keys(self) -> set[str]:
        """The keys a column heading may have to be this variable ("Influence" for "Influence Score")."""
        base = self.key
        found = {base}
        words = base.split()
        if len(words) > 1 and words[-1] in _GENERIC_TAILS:
            found.add(" ".join(words[:-1]))
        return found

    def describe(self, name: str | None = None) -> str:
        """Human text: "Coins hold non-negative integers", "Species is one of Bear, Bird or Cat"."""
        name = name or self.variable
        if self.kind == INTEGER:
            verb = _hold(name)
            lo, hi = self.min, self.max
            if lo is None and hi is None:
                return f"{name} {verb} integers"
            if hi is None:
                return f"{name} {verb} non-negative integers" if lo == 0 else f"{name} {verb} integers of at least {lo}"
            if lo is None:
                return f"{name} {verb} integers of at most {hi}"
            return f"{name} {verb} integers from {lo} to {hi}"
        if self.kind == ENUM:
            return f"{name} is one of {_or_list(self.allowed or [])}"
        if self.kind == NAME:
            lo = self.min if self.min is not None else 1
            hi = f" to {self.max}" if self.max is not None else " or more"
            return f"player names are {lo}{hi} characters of {NAME_CHARACTERS}"
        if self.kind == LIST:
            return f"{name} is a list"
        if self.kind == OFF:
            return f"{name} is not checked"
        return f"{name} is text"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["sentence"] = self.sentence
        d["source"] = self.source
        d["description"] = self.describe()
        return d


@dataclass
class Disable:
    """An override line ``* Score: off``: check nothing for that variable."""

    variable: str
    table: str | None = None
    page: str | None = None
    rule: str = DEFAULT_OVERRIDE_PAGE
    line: int | None = None
    text: str = ""

    def as_constraint(self) -> Constraint:
        return Constraint(self.variable, OFF, page=self.page, table=self.table, rule=self.rule,
                          sentences=[self.text] if self.text else [], origin=OVERRIDE_ORIGIN, line=self.line)

    def to_dict(self) -> dict:
        return asdict(self)


# --------------------------------------------------------------------------- names and keys

_GENERIC_TAILS = {"score", "value", "total", "count", "rating", "level", "amount"}
_KEY_DROP = re.compile(r"\([^)]*\)|<[^>]*>|'{2,}|[^\w\s'’-]", re.U)


def variable_key(name: str) -> str:
    """How names are compared: case, markup, parentheses, punctuation and a plural ``s`` ignored."""
    s = _KEY_DROP.sub(" ", straighten_quotes(name)).replace("_", " ")
    s = " ".join(s.casefold().split())
    s = s.strip("'-")
    words = s.split()
    if not words:
        return ""
    words[-1] = _singular(words[-1])
    return " ".join(words)


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _singular_phrase(phrase: str) -> str:
    words = phrase.split()
    if words:
        low = _singular(words[-1].casefold())
        words[-1] = words[-1][: len(low)] if words[-1].casefold().startswith(low) else words[-1]
    return " ".join(words)


def _hold(name: str) -> str:
    return "hold" if name.rstrip().endswith("s") else "holds"


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _title(name: str) -> str:
    name = " ".join(name.split())
    return name[:1].upper() + name[1:]


# --------------------------------------------------------------------------- sentence patterns

_NUM = language.NUMBER
_CAP = r"[A-Z][\w'’-]*"
_NAME_RE = rf"{_CAP}(?:\s+{_CAP}){{0,3}}"
_LOWNAME = r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?"
_OWNER = rf"(?:(?:Each|Every|A|An|All)\s+)?(?P<owner>{_CAP}(?:\s+{_CAP})?)"
_QUOTED_ITEM = r"[‘“\"']\s*(?P<q>[^‘’“”\",]+)[’”\"']?"
_BARE_ITEM = rf"(?P<b>{_CAP}(?:\s+{_CAP}){{0,2}})"
_ITEM = re.compile(rf"\s*(?:{_QUOTED_ITEM}|{_BARE_ITEM})")
_SEP = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+")


def _num(text: str) -> int | None:
    return language.number(text)


def _items(text: str, start: int) -> tuple[list[str], int]:
    """A list "A, B, C or D" (quoted or capitalised items) read from ``start``; (items, end)."""
    items: list[str] = []
    pos = start
    while True:
        m = _ITEM.match(text, pos)
        if not m:
            break
        value = (m.group("q") or m.group("b") or "").strip()
        if not value:
            break
        items.append(value)
        pos = m.end()
        sep = _SEP.match(text, pos)
        if not sep:
            break
        nxt = _ITEM.match(text, sep.end())
        if not nxt:
            break
        pos = sep.end()
    return items, pos


_P_NUMBER_OF = re.compile(
    rf"{_OWNER}\s+(?:has|have|holds|hold)\s+an?\s+(?:publicly[ -]tracked\s+)?(?:(?:numeric|numerical|integer)\s+)?"
    rf"(?:number|amount|value)\s+of\s+(?P<name>{_NAME_RE})")
_P_NUMERIC_ATTR = re.compile(
    rf"{_OWNER}\s+(?:has|have)\s+an?\s+(?:publicly[ -]tracked\s+)?(?P<neg>non-?negative\s+)?"
    rf"(?:numerical|numeric|integer)\s+(?P<name>{_NAME_RE}(?:\s+and\s+{_NAME_RE})?)")
_P_ATTR = re.compile(
    rf"{_OWNER}\s+(?:also\s+)?(?:has|have)\s+an?\s+(?:publicly[ -]tracked\s+)?(?P<name>{_NAME_RE})"
    r"(?=\s*(?:,|\s+which\b|\s+for\b|\s+towards?\b|\s*\())")
_P_TRACKED_LIST = re.compile(rf"^(?P<name>{_NAME_RE})\s+is\s+an?\s+(?:publicly[ -]tracked\s+)?list\b")
_P_PAREN_INTEGERS = re.compile(
    rf"(?P<names>{_NAME_RE}(?:\s*,\s*{_NAME_RE})*(?:\s*,?\s*and\s+{_NAME_RE})?)\s*\(\s*(?:all|both|each)?\s*"
    rf"(?P<neg>non-?negative\s+)?integers?(?:\s*,?\s*defaulting\s+to\s+(?P<default>{_NUM}))?\s*\)")
_P_PAREN_ONE_INTEGER = re.compile(
    rf"\ban?\s+(?P<name>{_LOWNAME}|{_NAME_RE})\s*\(\s*which\s+is\s+an?\s+(?P<neg>non-?negative\s+)?integer\s*\)")
_P_BETWEEN = re.compile(
    rf"(?P<names>{_NAME_RE}(?:\s+and\s+{_NAME_RE})?)\s*,?\s*which\s+(?:are\s+each|are\s+both|are|is|must\s+be)\s+"
    rf"between\s+(?P<lo>{_NUM})\s+and\s+(?P<hi>{_NUM})")
_NEG = r"(?:cannot|can\s+not|can't|may\s+not|must\s+not|shall\s+not|will\s+never|can\s+never|may\s+never)"
_BOUND_END = r"(?=\s*(?:$|[,.;:)]|and\b|or\b|instead\b|at\s+any\b))"
_P_MAX = re.compile(
    rf"(?P<name>{_NAME_RE})\s+{_NEG}\s+(?:exceed|be\s+(?:more|greater|higher)\s+than|rise\s+above|go\s+above|be\s+above)"
    rf"\s+(?P<hi>{_NUM}){_BOUND_END}")
_P_MIN_MAX = re.compile(
    rf"(?P<name>{_NAME_RE})\s+{_NEG}\s+(?:fall|go|drop|be)\s+(?:below|under|lower\s+than|less\s+than)\s+(?P<lo>{_NUM})"
    rf"(?:\s*,?\s*or\s+(?:rise|go|be)\s+(?:above|over|higher\s+than|more\s+than|greater\s+than)\s+(?P<hi>{_NUM}))?"
    rf"{_BOUND_END}")
_P_HOLD_LESS = re.compile(
    rf"{_NEG}\s+(?:hold|have)\s+(?P<dir>less|fewer|more)\s+than\s+(?P<n>{_NUM})\s+(?P<name>{_NAME_RE})")
_P_NEGATIVE_OK = re.compile(rf"(?P<name>{_NAME_RE})\s+(?:can|may)\s+(?:be|become|go)\s+negative")
_P_ENUM_VERB = re.compile(
    r"\b(?:which\s+)?(?:can\s+be\s+one\s+of|can\s+be|is\s+one\s+of|is\s+either|must\s+be\s+one\s+of|"
    r"must\s+be\s+either|must\s+be)\s+", re.I)
_P_BULLET_ENUM = re.compile(rf"^(?P<name>{_NAME_RE})\s*:\s*(?:Can|Must)\s+be\s+", re.I)
_P_FOLLOWING = re.compile(
    rf"(?:(?:an?|the|each)\s+)?(?:{_CAP}|[a-z]+)(?:'s|’s)\s+(?P<name>{_LOWNAME}|{_NAME_RE})\s+must\s+be\s+one\s+of\s+the\s+following\s*:?\s*$",
    re.I)
_P_DEFAULT = re.compile(
    r"(?:\bdefaulting\s+to|\bdefaults?\s+to|\bwhich\s+defaults?\s+to|\band\s+defaults?\s+to)\s+"
    r"(?P<value>[‘“\"][^’”\"]*[’”\"]|-?\d+|[A-Za-z][\w'’-]*)(?P<rest>[^.;]*)")
_P_SUBJECT_DEFAULT = re.compile(rf"^(?P<name>{_NAME_RE})\s+defaults?\s+to\s+")
_P_BEGIN_WITH = re.compile(
    rf"\bNew\s+(?P<owner>{_CAP})\s+(?:begins?|starts?)\s+(?:the\s+game\s+)?with\s+(?P<n>{_NUM})\s+(?P<name>{_NAME_RE})")
_P_HAS_LIST = re.compile(rf"\bEach\s+(?P<owner>{_CAP})\s+has\s+an?\s+(?P<list>{_NAME_RE}(?:\s*,\s*(?:and\s+)?{_NAME_RE})+)")
_P_TRACKED_TABLE = re.compile(
    r"tracked\s+in\s+the\s+[“\"]?(?P<table>[^”\"]+?)[”\"]?\s+table\s+(?:on|of|in)\s+the\s+[“\"]?(?P<page>[^”\"]+?)[”\"]?\s+"
    r"(?:wiki\s+)?page", re.I)
_P_TRACKED_GNDT = re.compile(r"tracked\s+(?:by|in)\s+the\s+GNDT", re.I)
_P_ENTITY_TRACKED = re.compile(rf"^(?P<entity>{_NAME_RE})\s+(?:and\s+their\s+(?:respective\s+)?attributes\s+)?are\s+"
                               r"(?:[\w\s]+?\s+which\s+are\s+)?tracked\s+in\b")
# Limits in the sentence that defines the variable: "…, defaulting to 0, which cannot exceed 5",
# "…, which may not be greater than 10", "… and with a maximum of 10".
_T_MAX = re.compile(
    rf"(?:\bwhich\s+|\band\s+|,\s*)(?:{_NEG}\s+(?:exceed|be\s+(?:more|greater|higher)\s+than|rise\s+above|go\s+above|"
    rf"be\s+above)|(?:with\s+|has\s+|having\s+)?an?\s+maximum\s+(?:value\s+)?of|(?:is\s+)?capped\s+at|up\s+to\s+a\s+maximum\s+of)"
    rf"\s+(?P<hi>{_NUM})\b")
_T_MIN = re.compile(
    rf"(?:\bwhich\s+|\band\s+|,\s*)(?:{_NEG}\s+(?:fall|go|drop|be)\s+(?:below|under|lower\s+than|less\s+than)|"
    rf"(?:with\s+|has\s+|having\s+)?an?\s+minimum\s+(?:value\s+)?of)\s+(?P<lo>{_NUM})\b")
_T_OTHER_VARIABLE = re.compile(r"\b(?:number|amount)\s+of\b|\bhas\s+an?\b|\band\s+an?\s+(?!maximum|minimum)", re.I)
_P_SINGLE = re.compile(
    rf"^(?:The\s+)?(?P<name>{_NAME_RE})\s+is\s+an?\s+(?:publicly[ -]tracked\s+)?(?P<neg>non-?negative\s+)?"
    r"(?:number|integer|numeric\s+value|numerical\s+value)\b(?!\s+of\b)")
#: "The Round Number is publicly tracked on the gamestate tracking page and defaults to 4"
_P_SINGLE_TRACKED = re.compile(rf"^(?:The\s+)?(?P<name>{_NAME_RE})\s+is\s+publicly\s+tracked\b")
_P_GRID = re.compile(
    rf"^(?:The\s+)?(?P<name>{_NAME_RE})\s+is\s+an?\s+(?:publicly[ -]tracked\s+)?(?:{_NUM})\s*(?:by|x|×)\s*(?:{_NUM})\s+"
    rf"grid(?:\s+of\s+(?P<cells>[a-z]+|{_CAP}))?")
_GRID_COORDINATES = {"row", "column", "x", "y"}
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"‘(])")

# Words that look like a capitalised variable but are the start of a sentence or an entity.
_NOT_VARIABLES = {"it", "they", "this", "that", "these", "those", "there", "each", "a", "an", "the", "any", "if",
                  "when", "no", "all"}


@dataclass
class _Fact:
    variable: str
    rule: Rule
    sentence: str
    kind: str | None = None
    single: bool = False  # "The Round is a publicly tracked number": a value of the page, no owner
    min: int | None = None
    max: int | None = None
    allowed: list[str] | None = None
    default: str | None = None
    owner: str | None = None
    page: str | None = None
    table: str | None = None
    negative_ok: bool = False


def _lines(rule: Rule) -> list[tuple[str, bool]]:
    """(plain text, was a bullet line) for each non-table line of the rule's body."""
    out: list[tuple[str, bool]] = []
    in_table = 0
    for raw in rule.body.split("\n"):
        s = raw.strip()
        if s.startswith("{|"):
            in_table += 1
            continue
        if in_table:
            if s.startswith("|}"):
                in_table -= 1
            continue
        if not s:
            out.append(("", False))
            continue
        bullet = s[:1] in "*#:;"
        text = plain(s.lstrip("*#:; ")) if bullet else plain(s)
        if text:
            out.append((text, bullet))
    return out


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]


def _ok_name(name: str) -> bool:
    name = _clean_name(name)
    first = name.split()[0].casefold() if name.split() else ""
    return bool(name) and first not in _NOT_VARIABLES


def _clean_name(name: str) -> str:
    """"A Player’s Action Points" → "Action Points"."""
    name = re.split(r"(?:’s|'s|s’|s')\s+", name)[-1]
    name = re.sub(r"^(?:(?:The|A|An|Each|Every|Their|His|Her|Its)\s+)+", "", name.strip())
    return name.strip()


def _at_subject(s: str, start: int) -> bool:
    """The match starts the sentence's subject ("Confidence may not…", "A Player’s Action Points…")."""
    return bool(re.fullmatch(r"\s*(?:(?:The|A|An|Each|Every|Their|His|Her|Its|If|When)\s+)?", s[:start]))


def _default_after(sentence: str, start: int, allowed: list[str] | None = None) -> str | None:
    """The value of a "defaulting to X" after ``start``; None when absent or not one clear value."""
    m = _P_DEFAULT.search(sentence, start)
    if not m:
        return None
    value, rest = m.group("value"), m.group("rest")
    if re.match(r"\s*or\b", rest):
        return None  # "three or the median value …": not one value
    if value[:1] in "‘“\"":
        return value[1:-1].strip()
    number = _num(value)
    if number is not None:
        return str(number)
    low = value.casefold()
    if low in ("empty", "blank") and not (allowed and value in allowed):
        return ""  # "defaulting to empty"
    if value[:1].isupper():
        if allowed:  # "defaulting to Indifferent to each Wizard": one of the allowed values
            for a in allowed:
                if a.casefold() == low:
                    return a
            return None
        return value
    return None  # "defaults to having no Allegiance", "to being nobody": not a value


def _limits_after(s: str, start: int) -> tuple[int | None, int | None]:
    """A limit in the rest of the sentence that defines a variable, when the clause between is about
    that variable (no second variable introduced before it)."""
    tail = s[start:]
    lo = hi = None
    for pattern, which in ((_T_MAX, "hi"), (_T_MIN, "lo")):
        m = pattern.search(tail)
        if m and not _T_OTHER_VARIABLE.search(tail[: m.start()]):
            value = _num(m.group(which))
            if which == "hi":
                hi = value
            else:
                lo = value
    return lo, hi


def _facts_of(rule: Rule, entity_tables: list) -> list[_Fact]:
    """Facts stated by one rule's sentences; ``entity_tables`` collects "Villagers … are tracked in
    the “Villagers” table of the “Archipelago” wiki page" as (entity key, table, page, sentence)."""
    facts: list[_Fact] = []
    lines = _lines(rule)
    for index, (text, bullet) in enumerate(lines):
        if not text:
            continue
        # "A community's faction must be one of the following:" + the bullets below it
        m = _P_FOLLOWING.search(text)
        if m:
            values = []
            for later, later_bullet in lines[index + 1:]:
                if not later_bullet:
                    break
                values.append(later.strip().strip("‘’“”\"'"))
            if len(values) >= 2 and all(len(v.split()) <= 4 for v in values):
                facts.append(_Fact(_title(m.group("name")), rule, text, kind=ENUM, allowed=values))
            continue
        if bullet:
            m = _P_BULLET_ENUM.match(text)
            if m and _ok_name(m.group("name")):
                items, end = _items(text, m.end())
                if len(items) >= 2 and not re.match(r"\s*\w", text[end:end + 2] or ""):
                    facts.append(_Fact(m.group("name"), rule, text, kind=ENUM, allowed=items,
                                       default=_default_after(text, end, items)))
                continue
        for sentence in _sentences(text):
            facts.extend(_sentence_facts(rule, sentence, entity_tables))
    # "Each Villager has a Name, Description, Species, and Personality." gives the bullets an owner
    for fact in facts:
        if fact.owner is None:
            for text, _ in lines:
                for m in _P_HAS_LIST.finditer(text):
                    listed = {variable_key(x) for x in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("list"))}
                    if variable_key(fact.variable) in listed:
                        fact.owner = _title(_singular_phrase(m.group("owner")))
    return facts


def _sentence_facts(rule: Rule, s: str, entity_tables: list) -> list[_Fact]:
    found: list[_Fact] = []
    where = _P_TRACKED_TABLE.search(s)
    table = where.group("table").strip() if where else None
    page = where.group("page").strip() if where else ("GNDT" if _P_TRACKED_GNDT.search(s) else None)

    m = _P_ENTITY_TRACKED.match(s)
    if m and where:
        entity_tables.append((variable_key(m.group("entity")), table, page, s, None))

    def add(name: str, **kw) -> _Fact:
        owner = kw.get("owner")
        if owner is not None:
            kw["owner"] = None if owner.casefold() in _NOT_VARIABLES else _title(_singular_phrase(owner))
        fact = _Fact(_title(_clean_name(name)), rule, s, **kw)
        found.append(fact)
        return fact

    for m in _P_NUMBER_OF.finditer(s):
        if _ok_name(m.group("name")) and m.group("owner").casefold() not in _NOT_VARIABLES:
            lo, hi = _limits_after(s, m.end())
            add(m.group("name"), kind=INTEGER, owner=m.group("owner"), page=page, table=table,
                default=_default_after(s, m.end()), min=lo, max=hi)
    for m in _P_NUMERIC_ATTR.finditer(s):
        names = re.split(r"\s+and\s+", m.group("name"))
        lo, hi = _limits_after(s, m.end()) if len(names) == 1 else (None, None)
        for name in names:
            if _ok_name(name):
                add(name, kind=INTEGER, owner=m.group("owner"), page=page, table=table,
                    min=0 if m.group("neg") else lo, max=hi, default=_default_after(s, m.end()))
    m = _P_SINGLE.match(s)
    if m and _ok_name(m.group("name")):
        lo, hi = _limits_after(s, m.end())
        add(m.group("name"), kind=INTEGER, page=page, table=table, min=0 if m.group("neg") else lo, max=hi,
            default=_default_after(s, m.end())).single = True
    m = _P_SINGLE_TRACKED.match(s)
    if m and _ok_name(m.group("name")):
        default = _default_after(s, m.end())
        if default is not None and re.fullmatch(r"-?\d+", default):
            lo, hi = _limits_after(s, m.end())
            add(m.group("name"), kind=INTEGER, page=page, table=table, min=lo, max=hi, default=default).single = True
    m = _P_GRID.match(s)
    if m and _ok_name(m.group("name")):
        cells = _title(_singular_phrase(m.group("cells") or "cell"))
        entity_tables.append((variable_key(cells), None, None, s, _title(_clean_name(m.group("name")))))
    m = _P_BETWEEN.search(s)
    if m:
        lo, hi = _num(m.group("lo")), _num(m.group("hi"))
        for name in re.split(r"\s+and\s+", m.group("names")):
            if _ok_name(name) and lo is not None and hi is not None:
                add(name, kind=INTEGER, min=lo, max=hi)
    for m in _P_PAREN_INTEGERS.finditer(s):
        names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("names")) if n]
        default = m.group("default")
        for name in names:
            if _ok_name(name):
                add(name, kind=INTEGER, min=0 if m.group("neg") else None,
                    default=str(_num(default)) if default else None)
    m = _P_PAREN_ONE_INTEGER.search(s)
    if m and _ok_name(m.group("name")):
        add(m.group("name"), kind=INTEGER, min=0 if m.group("neg") else None)
    for m in _P_MAX.finditer(s):
        if _ok_name(m.group("name")) and _at_subject(s, m.start()):
            add(m.group("name"), kind=INTEGER, max=_num(m.group("hi")))
    for m in _P_MIN_MAX.finditer(s):
        if _ok_name(m.group("name")) and _at_subject(s, m.start()):
            add(m.group("name"), kind=INTEGER, min=_num(m.group("lo")),
                max=_num(m.group("hi")) if m.group("hi") else None)
    for m in _P_HOLD_LESS.finditer(s):
        if _ok_name(m.group("name")):
            n = _num(m.group("n"))
            if m.group("dir") == "more":
                add(m.group("name"), kind=INTEGER, max=n)
            else:
                add(m.group("name"), kind=INTEGER, min=n)
    for m in _P_NEGATIVE_OK.finditer(s):
        if _ok_name(m.group("name")) and _at_subject(s, m.start()):
            add(m.group("name"), kind=INTEGER, negative_ok=True)
    m = _P_BEGIN_WITH.search(s)
    if m and _ok_name(m.group("name")) and _num(m.group("n")) is not None:
        add(m.group("name"), owner=m.group("owner"), default=str(_num(m.group("n"))))
    m = _P_TRACKED_LIST.match(s)
    if m and _ok_name(m.group("name")):
        add(m.group("name"), kind=LIST, default=_default_after(s, m.end()), page=page, table=table)
    # Attributes: "Each Cell also has a Content which can be …", "has a Location, which … defaults to"
    for m in _P_ATTR.finditer(s):
        name = m.group("name")
        if not _ok_name(name) or any(f.variable == _title(name) for f in found):
            continue
        rest_start = m.end()
        tail = s[rest_start:]
        verb = _P_ENUM_VERB.search(tail)
        clause_end = len(tail)
        for stop in (". ", "; "):
            i = tail.find(stop)
            if i >= 0:
                clause_end = min(clause_end, i)
        if verb and verb.start() < clause_end and re.match(r"[^.;]*$", tail[: verb.start()]):
            between = tail[: verb.start()]
            # the verb must belong to this attribute: "…, which is one of", "which can be"
            if re.fullmatch(r"\s*(?:(?:for|towards?)\s+[\w\s’']+?)?\s*,?\s*(?:which\s+)?", between):
                items, end = _items(tail, verb.end())
                if len(items) >= 2:
                    add(name, kind=ENUM, allowed=items, owner=m.group("owner"), page=page, table=table,
                        default=_default_after(tail, end, items))
                    continue
        if re.match(r"\s*,?\s*which\s+contains?\s+an?\s+list\b", tail):
            add(name, kind=LIST, owner=m.group("owner"), page=page, table=table,
                default=_default_after(tail, 0))
            continue
        default = _default_after(tail, 0)
        if default is not None and re.match(r"\s*,?\s*which\b", tail) and ", and " not in tail[:tail.find("default")]:
            # "has a Score, which is publicly tracked and defaults to 0": a number by its default
            kind = INTEGER if re.fullmatch(r"-?\d+", default) else TEXT
            add(name, kind=kind, owner=m.group("owner"), page=page, table=table, default=default)
    m = _P_SUBJECT_DEFAULT.match(s)
    if m and _ok_name(m.group("name")):
        default = _default_after(s, m.start())
        if default is not None:
            add(m.group("name"), default=default)
    return found


# --------------------------------------------------------------------------- inference

def _appendix_constraints(ruleset: Ruleset) -> list[Constraint]:
    out: list[Constraint] = []
    numeric_done = names_done = False
    for rule in ruleset.rules:
        if rule.kind not in (APPENDIX, None) and not re.search(r"numbers|names|glossary", rule.name, re.I):
            continue
        if "integer" not in rule.body and "characters" not in rule.body:
            continue
        for text, _ in _lines(rule):
            for s in _sentences(text):
                if not numeric_done and re.search(
                        r"numeric\s+values\s+can\s+hold\s+only\s+non-?negative\s+integers", s, re.I):
                    out.append(Constraint(NUMERIC, INTEGER, min=0, rule=rule.name, sentences=[s],
                                          origin=APPENDIX_ORIGIN))
                    numeric_done = True
                m = re.search(r"name\s+must\s+be\s+between\s+(?P<lo>\d+)\s+and\s+(?P<hi>\d+)\s+characters", s, re.I)
                if not names_done and m and re.search(r"latin", s, re.I):
                    out.append(Constraint(PLAYER_NAMES, NAME, min=int(m.group("lo")), max=int(m.group("hi")),
                                          rule=rule.name, sentences=[s], origin=APPENDIX_ORIGIN))
                    names_done = True
    return out


def _rules_read(ruleset: Ruleset) -> list[Rule]:
    """Rules whose sentences may define gamestate: not the Appendix, not Inactive Special Cases."""
    out = []
    for rule in ruleset.rules:
        if rule.kind == APPENDIX:
            continue
        if rule.kind == SPECIAL_CASE and rule.status != ACTIVE:
            continue
        if rule.kind not in (CORE, DYNASTIC, SPECIAL_CASE, BUILDING_BLOCKS, None):
            continue
        out.append(rule)
    return out


def infer_constraints(ruleset: Ruleset) -> list[Constraint]:
    """The constraints the Ruleset states, Appendix defaults first, then rules in page order."""
    appendix = _appendix_constraints(ruleset)
    numeric = next((c for c in appendix if c.variable == NUMERIC), None)
    # one constraint per variable and owner: "Each Stop has a Type …" and "Each Organism has a Type …"
    # are two variables; a sentence naming no owner ("Coins cannot exceed 10") joins every owner's
    merged: dict[tuple[str, str], Constraint] = {}
    conflicts: set[tuple[str, str]] = set()
    entity_tables: list[tuple[str, str | None, str | None, str, str | None]] = []

    def new_constraint(fact: _Fact) -> Constraint:
        c = Constraint(fact.variable, fact.kind or "", min=fact.min, max=fact.max, allowed=fact.allowed,
                       default=fact.default, page=fact.page, table=fact.table, rule=fact.rule.name,
                       sentences=[fact.sentence], owner=fact.owner)
        if fact.negative_ok:
            c.min, c.min_source = None, "negative"
        return c

    for rule in _rules_read(ruleset):
        for fact in _facts_of(rule, entity_tables):
            key = variable_key(fact.variable)
            if not key:
                continue
            owner = variable_key(_singular_phrase(fact.owner)) if fact.owner else ""
            same_var = [k for k in merged if k[0] == key]
            if owner and (key, owner) not in merged and (key, "") in merged and \
                    not any(k[1] for k in same_var):
                merged[(key, owner)] = merged.pop((key, ""))   # the owner named later
            if owner:
                targets = [(key, owner)]
            else:
                targets = same_var or [(key, "")]
            for target in targets:
                if target in conflicts:
                    continue
                have = merged.get(target)
                if have is None:
                    merged[target] = new_constraint(fact)
                elif not _absorb(have, fact):
                    conflicts.add(target)
                    del merged[target]
    out = list(appendix)
    tracking = ruleset.tracking_page()
    for c in merged.values():
        # "Unless otherwise stated, all publicly tracked gamestate information is tracked on it."
        if c.page is None and tracking and any("publicly tracked" in s for s in c.sentences):
            c.page = tracking[0]
        # "Villagers and their respective attributes are tracked in the “Villagers” table …"
        if c.table is None and c.owner:
            for entity, table, page, sentence, grid in entity_tables:
                if variable_key(c.owner) != entity and variable_key(_singular_phrase(c.owner)) != entity:
                    continue
                if grid is not None:
                    # "The Game Board is a 10 by 10 grid of cells" + "Each Cell has a Content …": the
                    # content of every cell of that board (its coordinates are the grid's own)
                    if c.key in _GRID_COORDINATES:
                        break
                    c.grid = grid
                else:
                    c.table, c.page = table, page
                c.sentences.append(sentence)
                break
        if not c.kind:
            # only a default was said ("New Lords begin with 100 Confidence" without a type): a number
            # default makes it numeric, anything else is text
            c.kind = INTEGER if c.default is not None and re.fullmatch(r"-?\d+", c.default) else TEXT
        if c.kind == INTEGER:
            if c.min_source == "negative":
                c.min_source = None
            elif c.min is None and numeric is not None:
                c.min = 0
                c.min_source = numeric.source
                c.min_sentence = numeric.sentence
        if c.kind == ENUM and c.default is not None and c.allowed and c.default not in c.allowed:
            c.default = None
        out.append(c)
    return out


def _absorb(have: Constraint, fact: _Fact) -> bool:
    """Fold a second sentence about the same variable in; False when the two disagree."""
    if fact.kind and have.kind and fact.kind != have.kind:
        if {fact.kind, have.kind} <= {INTEGER, TEXT} and TEXT in (fact.kind, have.kind):
            have.kind = INTEGER
        else:
            return False
    have.kind = have.kind or fact.kind or ""
    for attr in ("min", "max", "default", "page", "table", "owner"):
        new = getattr(fact, attr)
        old = getattr(have, attr)
        if new is None:
            continue
        if old is not None and old != new:
            return False
        setattr(have, attr, new)
    if fact.allowed:
        if have.allowed and have.allowed != fact.allowed:
            return False
        have.allowed = fact.allowed
    if fact.negative_ok:
        have.min = None
        have.min_source = "negative"
    if fact.sentence not in have.sentences:
        have.sentences.append(fact.sentence)
    return True


# --------------------------------------------------------------------------- overrides

_O_LINE = re.compile(r"^\*+\s*(?P<name>[^:]+?)\s*:\s*(?P<spec>.*?)\s*$")
_O_SCOPE = re.compile(r"^(?P<name>.*?)\s*\((?P<scope>[^()]*)\)\s*$")
_O_DEFAULT = re.compile(r"(?:^|[,;]\s*)default\s*(?:is\s*|=\s*|:\s*)?(?P<value>.*)$", re.I)
_O_RANGE = re.compile(r"^(?P<lo>-?\d+)?\s*(?:\.\.|…|\s+to\s+)\s*(?P<hi>-?\d+)?$")


def parse_overrides(text: str, *, page: str = DEFAULT_OVERRIDE_PAGE) -> list[Constraint | Disable]:
    """Read an overrides page (format in the module docstring). Raises :class:`OverrideError`."""
    text = re.sub(r"<!--.*?(?:-->|\Z)", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    out: list[Constraint | Disable] = []
    errors: list[tuple[int, str, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped.startswith("*"):
            continue
        try:
            out.append(_override_line(stripped, number, page))
        except ValueError as exc:
            errors.append((number, line, str(exc)))
    if errors:
        raise OverrideError(errors, out, page)
    return out


def _override_line(line: str, number: int, page: str) -> Constraint | Disable:
    m = _O_LINE.match(line)
    if not m:
        raise ValueError("expected “* NAME: what it holds”, with a colon after the name")
    name, spec = plain(m.group("name")).strip(), m.group("spec").strip()
    table = wiki_page = None
    scoped = _O_SCOPE.match(name)
    if scoped:
        name = scoped.group("name").strip()
        for part in re.split(r"\s*[,;]\s*", scoped.group("scope")):
            word, _, value = part.strip().partition(" ")
            if word.casefold() == "table" and value.strip():
                table = strip_quotes(value)
            elif word.casefold() == "page" and value.strip():
                wiki_page = strip_quotes(value)
            else:
                raise ValueError(f"the scope “({scoped.group('scope')})” should be “(table T)”, “(page P)” or both")
    if not name:
        raise ValueError("the variable name is empty")
    if not spec:
        raise ValueError(f"say what {name} holds after the colon, or “off”")
    base = dict(page=wiki_page, table=table, rule=page, sentences=[line], origin=OVERRIDE_ORIGIN, line=number)
    if spec.casefold().rstrip(".") in ("off", "none", "unchecked", "not checked"):
        return Disable(name, table, wiki_page, page, number, line)

    default = None
    d = _O_DEFAULT.search(spec)
    if d:
        default = strip_quotes(d.group("value"))
        if default.casefold() in ("blank", "empty", "nothing", "(blank)", "''"):
            default = ""
        spec = spec[: d.start()].strip().rstrip(",;").strip()

    key = variable_key(name)
    low = spec.casefold()
    if key == variable_key(PLAYER_NAMES):
        r = re.fullmatch(r"(?:name\s*,?\s*)?(?P<lo>\d+)\s*(?:\.\.|…|to|-)\s*(?P<hi>\d+)\s*(?:characters?|chars?)?", low)
        if not r:
            raise ValueError("write the name rule as “* player names: 4..30 characters” (or “off”)")
        return Constraint(PLAYER_NAMES, NAME, min=int(r.group("lo")), max=int(r.group("hi")), **base)
    if low.startswith("one of"):
        values = _split_values(spec[6:])
        if len(values) < 2:
            raise ValueError("“one of” needs at least two values, e.g. “one of Bowler, Fez or Top”")
        if default is not None and default != "" and default.casefold() not in {v.casefold() for v in values}:
            raise ValueError(f"the default “{default}” is not one of the values listed")
        return Constraint(name, ENUM, allowed=values, default=default, **base)
    clauses = [c.strip() for c in re.split(r"\s*[,;]\s*", spec) if c.strip()]
    head = clauses[0].split(None, 1)
    kind_word = head[0].casefold()
    rest = [head[1]] if len(head) > 1 else []
    rest += clauses[1:]
    if kind_word in ("text", "string", "list"):
        if rest:
            raise ValueError(f"“{kind_word}” takes no limits (only “, default X”); found “{', '.join(rest)}”")
        return Constraint(name, LIST if kind_word == "list" else TEXT, default=default, **base)
    if kind_word not in ("integer", "integers", "number", "numbers", "whole"):
        raise ValueError(f"unknown kind “{head[0]}”: use integer, one of …, text, list or off")
    c = Constraint(name, INTEGER, min=0, **base)
    for clause in rest:
        cl = clause.casefold().strip()
        if cl in ("number", "numbers", "non-negative", "nonnegative", "non negative"):
            continue
        if cl in ("may be negative", "can be negative", "negative allowed", "any", "any integer"):
            c.min = None
            continue
        r = _O_RANGE.match(cl)
        if r and (r.group("lo") or r.group("hi")):
            c.min = int(r.group("lo")) if r.group("lo") else c.min
            c.max = int(r.group("hi")) if r.group("hi") else None
            continue
        r = re.fullmatch(r"(?:at\s+least|min(?:imum)?|>=|≥)\s*(-?\d+)", cl)
        if r:
            c.min = int(r.group(1))
            continue
        r = re.fullmatch(r"(?:at\s+most|max(?:imum)?|<=|≤)\s*(-?\d+)", cl)
        if r:
            c.max = int(r.group(1))
            continue
        raise ValueError(f"cannot read “{clause}”: write a range “0..10”, “at least 0”, “at most 10” "
                         "or “may be negative”")
    if c.min is not None and c.max is not None and c.min > c.max:
        raise ValueError(f"the range {c.min}..{c.max} is empty")
    if default is not None:
        if default == "":
            c.default = ""
        elif not re.fullmatch(r"-?\d+", default):
            raise ValueError(f"the default “{default}” is not an integer")
        else:
            c.default = default
    return c


def _split_values(text: str) -> list[str]:
    values: list[str] = []
    for m in re.finditer(r"\s*(?:[“\"](?P<q>[^”\"]*)[”\"]|(?P<b>[^,|“\"]+))", text):
        if m.group("q") is not None:
            values.append(m.group("q").strip())
            continue
        chunk = m.group("b").strip()
        if not chunk:
            continue
        parts = re.split(r"\s+or\s+|^or\s+", chunk)
        values.extend(p.strip() for p in parts if p.strip())
    return [v for v in values if v]


def merge(inferred: list[Constraint], overrides: list[Constraint | Disable]) -> list[Constraint]:
    """Inferred constraints with the overrides applied: an override replaces every inferred
    constraint of its variable (in its table, when it names one); ``off`` becomes an ``off``
    constraint that tells the check to leave that variable alone."""
    result = list(inferred)
    for o in overrides:
        c = o.as_constraint() if isinstance(o, Disable) else o
        keys = c.keys() if c.kind != OFF else {c.key}
        kept = []
        for old in result:
            same_var = bool(keys & old.keys()) or old.key == c.key
            same_scope = c.table is None or old.table is None or variable_key(old.table) == variable_key(c.table)
            if same_var and same_scope:
                continue
            kept.append(old)
        result = kept + [c]
    return result


def constraints_to_json(constraints: list[Constraint]) -> list[dict]:
    """JSON-able list for ``wikibot constraints --json``."""
    return [c.to_dict() for c in constraints]


def describe_constraints(constraints: list[Constraint]) -> list[str]:
    """One readable line per constraint, with its source: for ``wikibot constraints``."""
    lines = []
    for c in constraints:
        bits = [c.describe()]
        if c.default is not None:
            bits.append(f"default {c.default if c.default != '' else 'blank'}")
        where = " / ".join(x for x in (c.page, c.table) if x)
        if where:
            bits.append(f"tracked in {where}")
        if c.grid:
            bits.append(f"in every cell of the grid {c.grid}")
        line = "; ".join(bits) + f" ({c.source})"
        if c.min_source and c.kind == INTEGER:
            line += f" [non-negative: {c.min_source}]"
        lines.append(line)
        for s in c.sentences:
            lines.append(f"    “{s}”")
    return lines


def valid_player_name(name: str, constraint: Constraint) -> bool:
    """Does ``name`` obey the name rule? Spaces count as underscores (MediaWiki user names)."""
    name = name.strip().replace(" ", "_")
    lo = constraint.min if constraint.min is not None else 1
    hi = constraint.max if constraint.max is not None else 10 ** 6
    return lo <= len(name) <= hi and bool(_NAME_CHARS.fullmatch(name))


__all__ = [
    "Constraint", "Disable", "OverrideError", "infer_constraints", "parse_overrides", "merge",
    "constraints_to_json", "describe_constraints", "player_term", "valid_player_name", "variable_key",
    "INTEGER", "ENUM", "NAME", "TEXT", "LIST", "OFF", "NUMERIC", "PLAYER_NAMES",
]

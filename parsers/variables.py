"""A gamestate variable's legal values, as a model: :class:`Constraint` (and :class:`Disable`).

Pure. Made by the rules' definitions (:mod:`actions.constraints`, from the frames of
:mod:`parsers.definitions`) and by the Admins' overrides page (:mod:`parsers.overrides`); judged by
:mod:`actions.legality`. Names are compared by :func:`variable_key` (case, markup, parentheses,
punctuation and a plural ``s`` ignored).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from parsers import language
from parsers.names import straighten_quotes

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

#: The mark for none, as the page shows it: a dash (any of its forms).
DASHES = ("-", "–", "—", "−")


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
    refers: str | None = None       # a value names a thing of this kind ("Player", "Island")
    none: str | None = None         # the mark for none ("-", "None"; "" for blank)
    unique: bool = False            # a list names each thing at most once
    max_items: int | None = None    # a list names at most this many things
    distinct: bool = False          # no two rows hold the same value ("a distinct name")
    not_named: str | None = None    # never the name of a thing of this kind ("Monster Species")
    other: bool = False             # a list never names its own row ("two other Barons")
    min_length: int | None = None   # a text of at least this many ``length_unit``s ("between one and two words")
    max_length: int | None = None   # … of at most so many ("cannot be more than 20 characters long")
    length_unit: str | None = None  # "character" or "word"
    excluded: list[str] = field(default_factory=list)   # texts it may never be ("cannot be “None”")
    pattern: str | None = None      # "in the format #(#)": each "#" a whole number, the rest as written
    partial: list[str] = field(default_factory=list)    # words of its sentences the bot could not read
    relative: list[str] = field(default_factory=list)   # limits read, but set by other values ("than the Speaker …")

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

    @property
    def is_partial(self) -> bool:
        """Read only in part: no value can be called legal by it."""
        return bool(self.partial)

    def keys(self) -> set[str]:
        """The keys a column heading may have to be this variable ("Influence" for "Influence Score",
        "Owned By" for "Owner")."""
        base = self.key
        found = {base}
        words = base.split()
        if len(words) > 1 and words[-1] in _GENERIC_TAILS:
            found.add(" ".join(words[:-1]))
        verb = _AGENT_VERBS.get(base)
        if verb:
            found.add(f"{verb} by")
        return found

    def describe(self, name: str | None = None, *, unchecked: bool = True) -> str:
        """Human text: "Coins hold non-negative integers", "Species is one of Bear, Bird or Cat"; with
        ``unchecked`` also the limits set by other values, which the bot does not check."""
        name = name or self.variable
        if self.partial and self.origin == OVERRIDE_ORIGIN:
            return f"{name} is judged by hand, as the overrides page says ({unread_words(self.partial)})"
        if self.partial:
            return f"{name} is defined in words the bot could not read in full ({unread_words(self.partial)})"
        text = self._describe(name)
        if self.relative and unchecked:
            text += f", and {' and '.join(self.relative)} (not checked by the bot)"
        return text

    def _describe(self, name: str) -> str:
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
            if self.allowed:
                bits = [f"{name} is a list, each item one of {_or_list(self.allowed)}"]
            elif not self.refers:
                return f"{name} is a list"
            else:
                bits = [f"{name} is a list of names of {self.refers}s"]
            if self.max_items is not None:
                bits.append(f"at most {self.max_items}")
            if self.unique:
                bits.append("each at most once")
            if self.other:
                bits.append("never its own")
            return ", ".join(bits)
        if self.kind == OFF:
            return f"{name} is not checked"
        if self.refers:
            none = ""
            if self.none is not None:
                none = f", or {_shown(self.none)} for none"
            return f"{name} names one {self.refers}{none}"
        bits = [f"{name} is text" + self.shape() + (f" in the form {self.pattern} (# a whole number)"
                                                    if self.pattern else "")]
        if self.excluded:
            bits.append("never " + _or_list([f"“{x}”" for x in self.excluded]))
        if self.distinct:
            bits.append("no two the same")
        if self.not_named:
            bits.append(f"never the name of a {self.not_named}")
        return ", ".join(bits)

    def shape(self) -> str:
        """" of one to two words", " of at most 20 characters": how long a text may be ("" when not said)."""
        lo, hi, unit = self.min_length, self.max_length, self.length_unit or "character"
        if lo is None and hi is None:
            return ""
        if lo is not None and hi is not None:
            return f" of {lo} {unit}" if lo == hi == 1 else f" of {lo} to {hi} {unit}s"
        return f" of at most {hi} {unit}{'s' * (hi != 1)}" if lo is None else f" of at least {lo} {unit}{'s' * (lo != 1)}"

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


def pattern_regex(pattern: str) -> re.Pattern:
    """"#(#)" → a text of whole numbers written so: each "#" a whole number (signed), the rest as written, spaces
    around them free."""
    parts = [r"[-−+]?\d+" if ch == "#" else r"\s*" + re.escape(ch) + r"\s*" for ch in pattern if not ch.isspace()]
    return re.compile("".join(parts), re.I)


def unread_words(partial: list[str]) -> str:
    """The words not read, as a reason names them: “which glows”; “and sparkles”."""
    return "; ".join(f"“{w}”" for w in partial) or "none"


# --------------------------------------------------------------------------- names and keys

_GENERIC_TAILS = {"score", "value", "total", "count", "rating", "level", "amount"}
_KEY_DROP = re.compile(r"\([^)]*\)|<[^>]*>|'{2,}|[^\w\s'’-]", re.U)
#: "Owner" is also headed "Owned By": the variable an ownership verb defines, and its verb.
_AGENT_VERBS = {"owner": "owned", "keeper": "kept", "holder": "held", "controller": "controlled",
                "occupant": "occupied", "ruler": "ruled", "leader": "led", "wearer": "worn", "wielder": "wielded"}


def variable_key(name: str) -> str:
    """How names are compared: case, markup, parentheses, punctuation and a plural ``s`` ignored."""
    s = _KEY_DROP.sub(" ", straighten_quotes(name)).replace("_", " ")
    s = " ".join(s.casefold().split())
    s = s.strip("'-")
    words = s.split()
    if not words:
        return ""
    words[-1] = language.singular_or_same(words[-1])
    return " ".join(words)


def named_in(name: str, words: list[str]) -> bool:
    """Do these words name ``name``, as names are compared ("Halo" in “a shiny Halo no wider than 4 spans”)?"""
    key = variable_key(name)
    said = " ".join(variable_key(w) for w in re.findall(r"[\w’'-]+", " ".join(words)))
    return bool(key) and re.search(rf"(?<!\w){re.escape(key)}(?!\w)", said) is not None


def singular_phrase(phrase: str) -> str:
    """A name's last word made singular when that only drops letters ("Relics" → "Relic"; "Monster
    Species" stays)."""
    words = phrase.split()
    if words:
        low = language.singular_or_same(words[-1].casefold())
        if language.irregular_plural(words[-1]):   # "Oases" → "Oasis"
            words[-1] = language.singular_or_same(words[-1])
        else:
            words[-1] = words[-1][: len(low)] if words[-1].casefold().startswith(low) else words[-1]
    return " ".join(words)


def _hold(name: str) -> str:
    return "hold" if name.rstrip().endswith("s") else "holds"


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _shown(value: str) -> str:
    return "blank" if value == "" else value


__all__ = [
    "Constraint", "Disable", "variable_key", "singular_phrase", "unread_words", "INTEGER", "ENUM", "NAME", "TEXT",
    "LIST", "OFF", "NUMERIC", "PLAYER_NAMES", "APPENDIX_ORIGIN", "RULE_ORIGIN", "OVERRIDE_ORIGIN",
    "DEFAULT_OVERRIDE_PAGE", "NAME_CHARACTERS", "DASHES",
]

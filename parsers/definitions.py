"""The rules' definitions of gamestate variables, read with a grammar: sentence in, frames out.

Pure. The grammar is data, in ``definitions.lark`` beside this module (read it first): who has a
variable ("Each Relic has …", "The Day is a publicly tracked …", "The Kind of each Relic …"),
attribute lists, types, bounds, sets of values, the mark for none, defaults and where it is
tracked. This module only turns the grammar's tree into :class:`Frame` objects, one per variable a
sentence speaks of, and says which words of the sentence no rule of the grammar read.

Every word is accounted for. A sentence whose opening the grammar recognises as a definition is
read whole; words no rule reads are kept in :attr:`Frame.unread` of the variable they stand with
(or, when they stand where an attribute would, in a frame for every variable of that owner), so a
definition read in part never looks complete. Words that only describe a default left unread make
the default unknown (:attr:`Frame.default_unread`), not the variable's values. A sentence the
grammar does not recognise as a definition at all gives no frames.

Reading is linear in the length of a Ruleset: each sentence is read once (and remembered, by its
text), and a sentence longer than :data:`MAX_WORDS` words is not parsed but reported as read in
part when it opens like a definition.
"""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from parsers import language
from parsers.parsing import first_sets, starts_of
from parsers.variables import singular_phrase

__all__ = ["Frame", "Grid", "Reading", "Things", "read_sentence", "read_bullet", "agent_noun", "GRAMMAR_FILE",
           "MAX_WORDS", "INTEGER", "ENUM", "TEXT", "LIST"]

GRAMMAR_FILE = Path(__file__).with_name("definitions.lark")

INTEGER = "integer"
ENUM = "enum"
TEXT = "text"
LIST = "list"

#: A sentence longer than this is not parsed (its reading would not be linear); when it opens like a
#: definition it is reported as read in part.
MAX_WORDS = 90


@dataclass(frozen=True)
class Frame:
    """What one sentence says of one variable. ``None`` means "not said"."""

    variable: str | None            # None: every variable of ``owner`` (words left unread where one stood)
    owner: str | None = None        # whose: "Relic"; None for a value of the page or a sentence naming no owner
    kind: str | None = None         # INTEGER, ENUM, TEXT or LIST
    min: int | None = None
    max: int | None = None
    allowed: tuple[str, ...] | None = None
    following: bool = False         # "one of the following:": the values are the list below the sentence
    default: str | None = None      # "" for blank / empty
    default_unread: str | None = None   # the words of a default the grammar could not read as one value
    none: str | None = None         # the mark for none: "-", "None", "" (blank)
    refers: str | None = None       # the kind of thing a value names ("Player", "Island")
    unique: bool = False            # a list in which each thing appears at most once
    distinct: bool = False          # no two of them hold the same value ("a distinct name")
    not_named: str | None = None    # never the name of a thing of this kind ("cannot be the same as the name of a …")
    max_items: int | None = None    # a list of at most this many things
    other: bool = False             # "two other Barons": never the owner itself
    negative_ok: bool = False       # "may be negative"
    page: str | None = None         # where tracked: a wiki page ("Archipelago"), "GNDT", or None
    table: str | None = None        # the table ("Players", "Villagers")
    public: bool = False            # "publicly tracked"
    private: bool = False           # "privately tracked": never on the page
    grid: str | None = None         # the grid every cell of which holds it
    unread: tuple[str, ...] = ()    # the words not read
    relative: tuple[str, ...] = ()  # limits read but relative to other values ("than the Speaker of his Party")
    min_length: int | None = None   # a text's length: "between one and two words", "no more than 20 characters"
    max_length: int | None = None
    length_unit: str | None = None  # "character" or "word"
    excluded: tuple[str, ...] = ()  # texts it may never be: "cannot be “None”"
    pattern: str | None = None      # "in the format #(#)": "#" a whole number, the rest as written
    said_of: bool = False           # a limit said of the owner's things ("Cooks may have at most 2 Camels"), not a definition
    sentence: str = ""

    @property
    def partial(self) -> bool:
        return bool(self.unread)

    def says_something(self) -> bool:
        """Does the frame limit values, give a default or a place, or leave words unread?"""
        return bool(self.kind not in (None, TEXT) or self.min is not None or self.max is not None or self.allowed
                    or self.following or self.default is not None or self.none is not None or self.refers
                    or self.negative_ok or self.distinct or self.not_named or self.page or self.table or self.unread or self.relative
                    or self.min_length is not None or self.max_length is not None or self.excluded or self.pattern)


@dataclass(frozen=True)
class Things:
    """ "Villagers and their respective attributes are tracked in the “Villagers” table of …"."""

    thing: str
    table: str | None
    page: str | None
    sentence: str


@dataclass(frozen=True)
class Grid:
    """ "The Game Board is a publicly tracked 10 by 10 grid of cells"."""

    name: str
    rows: int | None
    columns: int | None
    cell: str                       # what a cell is called ("Cell", "Square")
    sentence: str


@dataclass(frozen=True)
class Reading:
    """One sentence read: its frames, the things it places in a table, the grids it defines."""

    frames: tuple[Frame, ...] = ()
    things: tuple[Things, ...] = ()
    grids: tuple[Grid, ...] = ()


# --------------------------------------------------------------------------- the parser

_UNREAD_TERMINAL = re.compile(r"^UNREAD_WORD(\.-?\d+)?:.*$", re.M)
_LITERAL = r'"(?:[^"\\]|\\.)*"i?'
_LITERALS = rf"{_LITERAL}(?:\s+{_LITERAL})*"
_KEYWORD_GROUP = re.compile(rf"\(\s*({_LITERALS}(?:\s*\|\s*{_LITERALS})+)\s*\)")


def _keyword_groups(grammar: str) -> str:
    """Each group of keywords in parentheses ("is"i | "are"i) made one (tree-less) terminal."""
    made: dict[str, str] = {}

    def one(m: re.Match) -> str:
        words = []
        for alternative in re.split(r"\s*\|\s*(?=\")", m.group(1)):
            literals = re.findall(_LITERAL, alternative)
            text = " ".join(lit.rstrip("i")[1:-1] for lit in literals)
            words.append(f'"{text}"' + ("i" if all(lit.endswith("i") for lit in literals) else ""))
        return made.setdefault(" | ".join(words), f"_KEYWORDS{len(made)}")

    compact = _KEYWORD_GROUP.sub(one, grammar)
    return compact + "\n" + "\n".join(f"{name}: {body}" for body, name in made.items()) + "\n"


class _Lookahead(dict):
    """The Earley predictor's table (nonterminal → the rules it predicts), each list cut to the rules that can
    start with what stands at the parser's position.

    Lark's Earley predicts every rule a nonterminal can expand to at every place it may start: about a
    thousand items at each word of a definition, nearly all of them for rules whose first word is not the
    word there ("defaulting to", "between", "one of" … where the text says "Cup"). Such an item can never
    be scanned, so leaving it out changes no parse and no tree. A rule is kept when it can derive nothing,
    or when one of the terminals it can start with matches at the position or after the spaces there."""

    def __init__(self, table: dict, regexps: dict):
        super().__init__(table)
        self.regexps = regexps
        self.text = ""
        self.position = -1
        self.starts: dict[str, tuple[frozenset[str], bool]] = {}
        self._cut: dict = {}
        self._matches: dict[str, bool] = {}
        self._plans: dict = {}
        self._first(table)

    def _first(self, table: dict) -> None:
        rules = {r for rs in table.values() for r in rs}
        first, nullable = first_sets(rules, lambda r: r.origin, lambda r: r.expansion, lambda sym: sym)
        for r in rules:
            terms, empty = starts_of(r.expansion, first, nullable, lambda sym: sym)
            self.starts[r] = (frozenset(terms), empty)

    def at(self, text: str, position: int) -> None:
        if text is not self.text or position != self.position:
            self.text, self.position = text, position
            after = len(text) - len(text[position:].lstrip())
            self._after = after if after != position else None
            self._cut, self._matches = {}, {}

    def _live(self, names: frozenset[str]) -> bool:
        """Can one of these terminals match here? (each terminal tried once a position)"""
        matches = self._matches
        for name in names:
            got = matches.get(name)
            if got is None:
                regexp = self.regexps[name]
                got = matches[name] = bool(regexp.match(self.text, self.position) or (
                    self._after is not None and regexp.match(self.text, self._after)))
            if got:
                return True
        return False

    def __getitem__(self, symbol):
        cut = self._cut.get(symbol)
        if cut is None:
            plan = self._plans.get(symbol)
            if plan is None:   # the rules in their order, and the distinct ways they can start
                rules = dict.__getitem__(self, symbol)
                keys = list(dict.fromkeys(self.starts[r] for r in rules))
                plan = self._plans[symbol] = (rules, [keys.index(self.starts[r]) for r in rules], keys, {})
            rules, ids, keys, made = plan
            live = tuple(empty or self._live(names) for names, empty in keys)
            cut = made.get(live)
            if cut is None:
                cut = made[live] = [r for r, k in zip(rules, ids) if live[k]]
            self._cut[symbol] = cut
        return cut


class _Parser:
    """The grammar's Lark parser with the predictor's table cut by what can start where (:class:`_Lookahead`)."""

    def __init__(self, lark: Lark):
        self.lark = lark
        self.lock = threading.Lock()
        earley = lark.parser.parser
        self.table = _Lookahead(earley.predictions, earley.term_matcher.__self__.regexps)
        earley.predictions = self.table
        table, predict = self.table, earley.predict_and_complete

        def predict_and_complete(i, *rest):
            table.at(table.text, i)
            return predict(i, *rest)

        earley.predict_and_complete = predict_and_complete

    def parse(self, text: str, start: str):
        with self.lock:   # the table's position is the one parse's under way
            self.table.at(text, 0)
            try:
                return self.lark.parse(text, start=start)
            finally:
                self.table.at("", 0)


def _lark(whole: bool = False) -> Lark:
    """The grammar compiled by Lark; ``whole``: the same grammar with no word left unread (``UNREAD_WORD``
    matches nothing), which reads a sentence read in full in about half the time."""
    grammar = GRAMMAR_FILE.read_text(encoding="utf-8")
    if whole:
        grammar, found = _UNREAD_TERMINAL.subn(r"UNREAD_WORD\1: /\\x00(?!)/", grammar)
        assert found == 1, "definitions.lark must define UNREAD_WORD on one line"
    return Lark(_keyword_groups(grammar), start=["sentence", "bullet"], parser="earley", lexer="dynamic",
                ambiguity="resolve", propagate_positions=True)


@functools.lru_cache(maxsize=2)
def _parser(whole: bool = False) -> _Parser:
    """The grammar's parser, its predictions cut by what can start where."""
    return _Parser(_lark(whole))


def _normal(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


# Which sentences could open like a definition: a cheap gate before the grammar (a superset of the
# openings of `statement` and `bullet` in the grammar; the grammar decides). Most sentences of a
# Ruleset are not definitions, and the gate spares them the parser.
_W = r"[\w’'-]+"                                    # a word, any case ("cell", "community's")
_N = r"(?!(?:The|A|An|If|When|Each|Every|No|Any|This|That|It|There)\b)[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*"
_MODAL = r"(?:may|can|must|shall|will|should)"
_IS_WORDS = (r"(?:a|an|one|either|publicly|privately|openly|secretly|non|integers?|numbers?|whole|positive|lists?|"
             r"tracked|recorded|listed|kept|always|never|at|between|from|noted|marked|shown|written|the|flavou?r|any|up|"
             r"no|not|less|more|greater|capped|initially|game|gamestate|\d+|[‘“\"'])")
_LIMIT_VERBS = r"(?:be|exceed|fall|rise|go|drop|become|hold|have|only|either|never|not|also|always)"
_OPENINGS = re.compile("|".join([
    rf"^(?:Each|Every)\s+(?:such\s+|individual\s+)?{_W}(?:\s+[A-Z][\w’'-]*)*\s+(?:also\s+)?(?:has|have|holds|hold|possesses|owns|carries|{_MODAL}|is|are)\b",
    rf"^{_N}\s+(?:also\s+)?(?:has|have|holds|hold|possesses)\s",
    rf"^(?:The\s+)?{_N}\s+(?:and\s+(?:their|its)\s+(?:respective\s+)?\w+\s+)?(?:is|are)\s+{_IS_WORDS}",
    rf"^(?:The\s+)?{_N}\s+(?:{_MODAL}\s+{_LIMIT_VERBS}|cannot|can't|can’t|does\s+not|do\s+not|never|defaults?|"
    rf"starts?|begins?)\b",
    rf"^(?:(?:A|An|Each|Every|The|Any)\s+)?{_W}(?:\s+[A-Z][\w’'-]*)*[’']s?\s",
    rf"^(?:The\s+)?{_N}\s+of\s+(?:each|every|an?|any)\s",
    rf"^(?:(?:A|An|Any|Each|Every|No|New)\s+)?{_N}\s+(?:{_MODAL}\s+(?:not|never|only|also)|cannot|can't|can’t)\s+"
    rf"(?:hold|have|contain|carry)\b",
    rf"^(?:(?:A|An|Any|Each|Every|No|New)\s+)?{_N}\s+(?:begins?|starts?)\s",
    rf"^(?:(?:A|An|Any|Each|Every)\s+)?un(?:\w+ed|kept|held|led|worn|ridden)\s",
    rf"^(?:(?:A|An|Any|Each|Every)\s+)?{_N}\s+with(?:out)?\s",
    rf"^{_N}\s*(?::|,|\(|\s[-–—])\s?",               # a bullet "Species: Can be …", "Water, an integer …"
    rf"^(?:A|An)\s+{_N}\s+(?:also\s+)?(?:has|holds|possesses|{_MODAL}\s+(?:also\s+)?(?:have|hold))\b",
    rf"^(?:All\s+)?{_N}\s+each\s+(?:has|have|hold)\b|^All\s+{_N}\s+(?:has|have|hold)\b|^(?:Each|Every|Any)\s+of\s+the\s",
    rf"^(?:Each|Every|A|An|Any|No)\s+{_N}\s+{_MODAL}\s+(?:appear|be\s+listed|be\s+named)\b",
    rf"^There\s+(?:is|are)\s",
    rf"^(?:Each|Every)\s+(?:cell|square|space|tile)\s",
    rf"^(?:Each|Every|All)\s+of\s+(?:its|their)\s",
    rf"^(?:Its|Their)\s+(?:cells|squares|spaces|tiles)\s",
    rf"^(?:A|An|Any|Each|Every)\s+{_N}\s+(?:that|which)\s+(?:nobody|no\s+one|no-one|is\s+not|is\s+\w+ed\s+by\s+no)",
    rf"^(?:The\s+)?(?:legal|allowed|possible|valid|permitted)\s+(?:values\s|[A-Z])",
]))


@functools.lru_cache(maxsize=4096)
def read_sentence(sentence: str) -> Reading:
    """The frames of one sentence (empty when it is no definition the grammar recognises)."""
    return _read(sentence, "sentence")


@functools.lru_cache(maxsize=1024)
def read_bullet(line: str) -> Reading:
    """A bullet line "Species: Can be ‘Bear’, ‘Bird’ …" read as the definition of the variable it names."""
    return _read(line, "bullet")


def _read(text: str, start: str) -> Reading:
    s = _normal(text)
    reading = _read_grammar(s, start)
    if start == "sentence" and not (reading.frames or reading.things or reading.grids):
        return _unrecognised(s)
    return reading


def _read_grammar(s: str, start: str) -> Reading:
    if not s or not _OPENINGS.match(s):
        return Reading()
    if len(s.split()) > MAX_WORDS:
        return _too_long(s)
    try:
        tree = _parser(whole=True).parse(s, start=start)
    except UnexpectedInput:
        try:
            tree = _parser().parse(s, start=start)
        except UnexpectedInput:   # no definition the grammar knows (a fault of the grammar itself is raised)
            return Reading()
    return _Reader(s).sentence(tree)


_LONG_HEAD = re.compile(r"^(?:Each|Every)\s+(?P<owner>[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*)\s+(?:also\s+)?(?:has|have|holds)\b")


def _too_long(s: str) -> Reading:
    m = _LONG_HEAD.match(s)
    if not m:
        return Reading()
    owner = language.singular(m.group("owner")) or m.group("owner")
    return Reading((Frame(None, owner=owner, unread=(s[m.end():].strip(),), sentence=s),))


# --------------------------------------------------------------------------- sentences the grammar does not recognise

# A sentence the grammar does not recognise at all may still define a variable in words it lacks ("Each Plot
# also flies a Banner, which is one of Green or Gold."). Such a sentence gives a frame read in part for each
# variable it names in a definition's place, where what is said of it carries the marks of a limit: a value
# of that variable is then never called legal ("cannot judge", naming the sentence). The two places: an
# attribute a thing has, by any verb ("Each Plot flies a Banner, which may be …", "… a Banner (one of …)",
# "… a Banner: Green or Gold"), and the subject of a clause that says what it is or may be ("The Banner of a
# Plot can only be Green or Gold", "A Plot's Banner may not exceed 3"). Sentences of conditions and actions
# ("If …", "A Farmer may spend 3 Favour to …", "He chooses a Migrant who is in one of …") have neither shape.
_NOT_A_NAME = (r"The|A|An|And|Or|But|So|Each|Every|Any|All|No|None|Its|Their|His|Her|Which|That|Who|If|When|Whenever|"
               r"Once|While|Unless|Until|After|Before|During|Upon|In|On|At|For|As|Then|Otherwise|Only|This|These|"
               r"Those|It|There|Here|He|She|They|We|You|I|Anybody|Anyone|Nobody|Someone|Somebody|Everyone|Everybody")
_NAME_WORD = rf"(?!(?:{_NOT_A_NAME})\b)[A-Z][\w’'-]*"
_CAP_NAME = rf"{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,4}}"
_NUM = rf"(?:\d+|{language.NUMBER})"
_VALUE = rf"(?:[“\"‘'][^“”\"‘’]{{1,40}}[”\"’']|{_CAP_NAME})"
_VALUES_OR = rf"{_VALUE}(?:\s*,\s*{_VALUE}){{0,12}},?\s+(?:or|and)\s+{_VALUE}"
#: the marks of a limit on a value (what a careful Admin would read as one), after "is", "may be" …
_LIMIT_MARK = (
    rf"(?:(?i:one\s+of|either\b|between\b|from\s+{_NUM}\s+(?:to|through|until)\b|(?:at|up\s+to)\s+(?:most|least)\b|"
    rf"(?:no|not)\s+(?:more|less|fewer|greater|higher|lower)\s+than\b|(?:more|less|fewer|greater|higher|lower|longer|shorter|wider|narrower|bigger|smaller|larger)\s+than\b|"
    rf"(?:below|above|under|over)\s+{_NUM}\b|negative\b|(?:an?\s+)?(?:\w+\s+)?list\s+of\b|"
    rf"(?:an?\s+)?(?:(?:non-?\s?negative|positive|whole|natural|counting)\s+)*(?:integers?|numbers?|whole\s+numbers?)\b|"
    rf"(?:non-?\s?negative|positive)\b|an?\s+(?:maximum|minimum)\s+of\b|up\s+to\s+{_NUM}\b|"
    rf"(?:limited|restricted|capped)\s+(?:to|at)\b|(?:chosen|drawn|picked|selected|taken)\s+(?:from|among)\b|"
    rf"in\s+the\s+range\b|any\s+of\b|{_NUM}(?![\w’'-]))|{_VALUES_OR}|[“\"‘'][^“”\"‘’]{{1,40}}[”\"’'])")
#: what joins a variable to a limit: "is", "are always", "may only be", "must never be", "ranges";
#: or a verb of a limit itself: "may not exceed", "cannot fall below"
_BE = r"(?:is|are|be|ranges?|lies|lie|stays?|remains?|varies|vary|runs?|equals?)"
_MODAL_WORD = r"(?:must|may|can|cannot|can't|can’t|shall|should|will|has\s+to|have\s+to|needs?\s+to)"
_ADVERB = r"(?:always|only|also|never|not|ever|exactly|strictly|be|set\s+to|kept|held)"
_LINKED = (rf"(?:(?:{_MODAL_WORD}\s+)?(?:{_ADVERB}\s+){{0,3}}{_BE}\s+(?:{_ADVERB}\s+){{0,2}}{_LIMIT_MARK}|"
           rf"{_MODAL_WORD}\s+(?:{_ADVERB}\s+){{0,2}}(?i:exceed|(?:fall|go|drop|rise|be)\s+(?:below|under|above|over)"
           rf"|be\s+(?:more|less|fewer|greater|higher|lower)\s+than|be\s+negative|go\s+negative))")
#: where a clause may begin: the sentence's start, after a semicolon, or after a comma — but not a clause of a
#: condition ("…, if its Size is 3"), whose words say when, not what may be
_CLAUSE_START = (r"(?:^|;\s*|,\s*(?!(?i:if|when|whenever|while|unless|once|after|before|until|provided|as\s+long|"
                 r"so\s+long|except|but\s+only)\b))")
_DETERMINER = r"(?i:the|a|an|each|every|any|its|their|his|her|no)\s+"
#: words that single out which of the things a limit is said of ("with a Green Banner", "whose Banner is Green")
_QUALIFIER = (r"(?:\s+(?:with|whose|that|which|who|in|on|at|under|owned\s+by|held\s+by|belonging\s+to|flying|"
              r"bearing)\s+[^,.;:]{1,60}?)?")
_UNRECOGNISED_SUBJECT = re.compile(
    rf"{_CLAUSE_START}(?:{_DETERMINER})?(?:(?P<owner1>{_CAP_NAME})[’']s?\s+)?(?P<name>{_CAP_NAME})"
    rf"(?:\s+of\s+(?:each|every|a|an|any|the)\s+(?P<owner2>{_CAP_NAME}))?{_QUALIFIER}\s*,?\s+(?:also\s+)?{_LINKED}")
#: a limit said as what a thing may have: "A Plot whose Banner is Green may not have a Size above 3",
#: "No Plot may hold more than 3 Size"
_BEYOND = (r"(?i:above|over|below|under|beyond|exceeding|outside|(?:greater|higher|lower|less|more|fewer|bigger|smaller|larger)"
           r"\s+than|of\s+(?:more|less|over|under|above|below|at\s+(?:most|least)))")
_UNRECOGNISED_HAVE = re.compile(
    rf"{_CLAUSE_START}(?:{_DETERMINER})?(?P<owner>{_CAP_NAME}){_QUALIFIER}\s+{_MODAL_WORD}\s+(?:{_ADVERB}\s+){{0,2}}"
    rf"(?:have|hold|carry|own|possess|reach)\s+(?:(?:(?:a|an|its|their)\s+(?P<name>{_CAP_NAME})\s+{_BEYOND})|"
    rf"(?:(?i:more|fewer|less)\s+than|(?i:at\s+(?:most|least)|up\s+to|over|under))\s+{_NUM}\s+(?P<counted>{_CAP_NAME}))")
_OWNER_VERB = r"(?:also\s+)?(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*"
_ATTRIBUTE = rf"(?:(?:a|an|one|some|its|their|the|its\s+own|their\s+own)\s+)?(?:[a-z][\w-]*\s+){{0,2}}{_CAP_NAME}"
_UNRECOGNISED_ATTRIBUTE = re.compile(
    rf"^(?:(?:Each|Every|Any|All|A|An)\s+)?(?:such\s+|individual\s+)?(?P<owner>{_CAP_NAME})\s+(?:each\s+)?{_OWNER_VERB}\s+"
    rf"(?P<names>{_ATTRIBUTE}(?:\s*(?:,|,?\s+and|,?\s+or)\s+{_ATTRIBUTE}){{0,5}})"
    rf"(?:\s*,?\s+(?:which|that|who|whose(?:\s+[a-z][\w-]*){{1,2}})\s+(?:also\s+)?{_LINKED}|\s*[(:—–]\s*(?:which\s+is\s+)?{_LIMIT_MARK})")
_NAMES_IN = re.compile(_CAP_NAME)
_A_KIND = re.compile(r"(?:A|An)\s")


def limit_marked(words: str) -> bool:
    """Do these words join a variable to the marks of a limit ("…, which is one of Green or Gold")?"""
    return any(r.search(words) is not None for r in (_UNRECOGNISED_ATTRIBUTE, _UNRECOGNISED_SUBJECT, _UNRECOGNISED_HAVE))


def _unrecognised(s: str) -> Reading:
    """A sentence the grammar does not recognise: frames read in part for the variables it names in a
    definition's place with the marks of a limit (see above); none otherwise."""
    if not s:
        return Reading()
    found: list[tuple[str, str | None]] = []
    m = _UNRECOGNISED_ATTRIBUTE.match(s)
    if m:
        found += [(n, m.group("owner")) for n in _NAMES_IN.findall(m.group("names"))]
    for m in _UNRECOGNISED_SUBJECT.finditer(s):
        owner = m.group("owner1") or m.group("owner2")
        if owner is None and m.start() == 0 and _A_KIND.match(s):
            continue   # "An Event is either Open or Ended": what a kind of thing is, not a variable
        found.append((m.group("name"), owner))
    for m in _UNRECOGNISED_HAVE.finditer(s):
        found.append((m.group("name") or m.group("counted"), m.group("owner")))
    frames = []
    for name, owner in dict.fromkeys(found):
        who = (language.singular(owner) or owner) if owner else None
        frames.append(Frame(name, owner=who, unread=(s.rstrip(".!"),), sentence=s))
    if not frames:
        frames = _mentioned(s)
    return Reading(tuple(frames))


# A sentence neither the grammar nor the shapes above read may still say what a variable is: where a
# variable of each of some things is tracked ("Each Player is camped at an Oasis, which is publicly tracked as
# their Camp"), what a value tracked on its own may be ("The Caravan Leader is a publicly tracked Player,
# defaulting to nobody (noted with a dash)"), a limit under a condition said of "they" ("While a Player is a
# Cook, they cannot have more than two Camels"), or a limit over many rows ("The total number of Camels held by
# all Players may not exceed 12"). Such a sentence is read in part for the variables it names: of the owner it
# speaks of (each column of that owner's table whose name stands in it), or, naming no owner, each name in it.
# Sentences of conditions and events ("If a Baron is Idle, this is tracked by …") say when, not what is.
_TRACKED_WORDS = re.compile(r"(?<!\bnot\s)\b(?:publicly\s+|privately\s+|openly\s+)?(?:tracked|recorded)\b", re.I)
_EVENT_OPENING = re.compile(r"^(?:If|When|Whenever|While|Unless|Once|After|Before|Until|Upon|As\s+soon)\b")
_CONDITION_OPENING = re.compile(rf"^(?:While|If|When|Whenever|As\s+long\s+as)\s+(?:a|an|the|any)\s+(?P<owner>{_CAP_NAME})\b"
                                rf"[^,;]*,\s*(?:then\s+)?(?:they|he|she|it|he/she)\s+{_MODAL_WORD}\s+(?:{_ADVERB}\s+){{0,2}}"
                                rf"(?:have|hold|carry|own|possess)\s+(?:(?i:more|fewer|less)\s+than|(?i:at\s+(?:most|least)|up\s+to))\s+{_NUM}\s+"
                                rf"(?P<counted>{_CAP_NAME})")
_IN_ONE = re.compile(
    rf"^(?:No|A|An|Each|Every|Any)\s+(?P<thing>{_CAP_NAME})\s+{_MODAL_WORD}\s+(?:not\s+|never\s+|only\s+|ever\s+)?"
    rf"(?:be|appear|stand|belong)\s+(?:listed\s+|named\s+|kept\s+|placed\s+)?(?:in|on|among|to)\s+(?:the\s+)?"
    rf"(?:(?i:more\s+than|at\s+most|only|a\s+single|exactly))?\s*(?:one|1|a\s+single)\s+(?:(?:other|player's|Player's)\s+)?(?P<var>{_CAP_NAME})")
_ACROSS_ROWS = re.compile(r"\b(?:the\s+total\s+(?:number|amount|count)\s+of|the\s+sum\s+of|in\s+total|combined\s+total|"
                          r"between\s+them|altogether)\b", re.I)
_EACH_OWNER = re.compile(rf"(?:^(?:Each|Every)\s+|\b(?:each|every)\s+)(?P<owner>{_CAP_NAME})")
_ALL_OWNER = re.compile(rf"\b(?i:all|each|every)\s+(?:of\s+the\s+)?(?P<owner>{_CAP_NAME})")
_LIMIT_WORDS = re.compile(r"(?i:\b(?:exceed|at\s+most|at\s+least|more\s+than|fewer\s+than|less\s+than|no\s+more|no\s+fewer|"
                          r"maximum|minimum|cannot|may\s+not|must\s+not|never)\b)")
_NONE_WORDS = re.compile(r"(?i:\b(?:dash|hyphen|nobody|no\s+one|blank|empty)\b)")
#: what a sentence that says where a variable is tracked must also say for it to be read as limiting it: the
#: marks of a limit, a mark for none, a thing it names ("an Oasis"), a date
_SAYS_WHAT = re.compile(rf"{_LIMIT_MARK}|{_NONE_WORDS.pattern}|\b(?:a|an|one)\s+(?:single\s+)?[A-Z][\w’'-]*|(?i:\bdates?\b)|"
                        rf"[A-Z][\w’'-]*\s+or\s+[A-Z]")
_SAYS_LIMIT = re.compile(rf"{_LIMIT_WORDS.pattern}|{_NONE_WORDS.pattern}|(?i:\b(?:one\s+of|either|between)\b)")
_KIND_BEFORE = re.compile(r"(?i:\b(?:a|an|one|no|any|each|every|all|other)\s+)$")


def _owner_word(name: str) -> str:
    name = re.split(r"[’']s?(?:\s|$)", name)[0]
    return language.singular(name) or name


def _mentioned(s: str) -> tuple[Frame, ...]:
    """Frames read in part for the variables a sentence of the kinds above names (none for other sentences)."""
    condition = _CONDITION_OPENING.match(s)
    if condition is not None:   # "While a Player is a Cook, they cannot have more than two Camels"
        return (Frame(condition.group("counted"), owner=_owner_word(condition.group("owner")),
                      unread=(s.rstrip(".!"),), sentence=s),)
    if _EVENT_OPENING.match(s):
        return ()
    words = (s.rstrip(".!"),)
    one = _IN_ONE.match(s)
    if one is not None:
        # "No Camel may be in more than one Stable": the Stables of all owners together, and every list of Camels
        var, thing = one.group("var"), _owner_word(one.group("thing"))
        words = (f"a limit over many rows: {words[0]}",)
        return (Frame(language.singular(var) or var, unread=words, sentence=s),
                Frame(None, refers=thing, unread=words, sentence=s))
    if _ACROSS_ROWS.search(s) and _LIMIT_WORDS.search(s) and re.search(rf"{_NUM}", s):
        owner = _ALL_OWNER.search(s)
        words = (f"a limit over many rows: {words[0]}",)
        if owner is not None:
            return (Frame(None, owner=_owner_word(owner.group("owner")), unread=words, sentence=s),)
        return tuple(Frame(n, unread=words, sentence=s) for n in _names(s))
    if not _TRACKED_WORDS.search(s):
        return ()
    owner = _EACH_OWNER.search(s)
    if owner is not None:
        if not _SAYS_WHAT.search(s[:owner.start()] + " " + s[owner.end():]):
            return ()   # "The Migrants in each Siege are publicly tracked": where, not what
        return (Frame(None, owner=_owner_word(owner.group("owner")), unread=words, sentence=s),)
    if (_OPENINGS.match(s) or _NONE_WORDS.search(s)) and _SAYS_LIMIT.search(s):
        return tuple(Frame(n, unread=words, sentence=s) for n in _names(s))
    return ()


def _names(s: str) -> list[str]:
    """The names a sentence holds, but not those of a kind of thing ("a Player", "no Player")."""
    out = []
    for m in _NAMES_IN.finditer(s):
        if _KIND_BEFORE.search(s[:m.start()]):
            continue
        name = re.sub(r"^One\s+", "", m.group(0))
        if name and name not in out:
            out.append(name)
    return out


# --------------------------------------------------------------------------- the tree → frames

def _tokens(tree) -> list[Token]:
    if isinstance(tree, Token):
        return [tree]
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _words(tree) -> str:
    """The sentence's own text under ``tree`` (quotes and punctuation as written)."""
    return " ".join(str(t) for t in _tokens(tree))


_VARS = ("var_name", "low_var_name", "cap_var_name")
_ITEMS = ("items", "items_final_and", "items_commas")
_OWNERS = ("owner_name", "cap_owner_name")
_ARTICLES = re.compile(r"^(?:the|a|an)\s+", re.I)


def _name(tree) -> str:
    """A name as written, quotes taken off: "Action Points", "Villagers"."""
    text = _words(tree)
    return _unquote(text)


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] in "“\"‘'" and text[-1] in "”\"’'":
        text = text[1:-1]
    elif text[:1] in "‘'“\"":
        text = text[1:]
    return text.strip()


def _number(token) -> int | None:
    text = str(token).strip()
    m = re.match(r"(?i:minus|negative)\s+", text)
    if m:   # "minus 3"
        n = language.number(text[m.end():])
        return None if n is None else -n
    return language.number(text)


def _singular_name(name: str) -> str:
    """The name of one thing of a kind: "Relics" → "Relic", "Monster Species" stays, "New Lords" → "Lord"
    (names are compared by :func:`parsers.variables.variable_key`, which takes any plural off)."""
    words = name.split()
    if len(words) > 1 and words[0].casefold() == "new":
        words = words[1:]
    return singular_phrase(" ".join(words))


_AGENT = {"owned": "Owner", "held": "Holder", "kept": "Keeper", "controlled": "Controller", "claimed": "Claimant",
          "occupied": "Occupant", "captained": "Captain", "ruled": "Ruler", "led": "Leader",
          "possessed": "Possessor", "carried": "Carrier", "guarded": "Guard", "inhabited": "Inhabitant",
          "worn": "Wearer", "wielded": "Wielder", "ridden": "Rider"}
#: the present tense of the ownership verbs: "that nobody holds" → "held" → Holder
_PARTICIPLE = {"owns": "owned", "holds": "held", "keeps": "kept", "controls": "controlled", "claims": "claimed",
               "occupies": "occupied", "captains": "captained", "rules": "ruled", "leads": "led",
               "possesses": "possessed", "carries": "carried", "guards": "guarded", "inhabits": "inhabited",
               "wears": "worn", "wields": "wielded", "rides": "ridden"}


def agent_noun(verb: str) -> str:
    """The variable an ownership verb defines: "owned" → "Owner", "kept" → "Keeper"."""
    low = verb.casefold()
    if low in _AGENT:
        return _AGENT[low]
    stem = low[2:] if low.startswith("un") else low
    if stem in _AGENT:
        return _AGENT[stem]
    stem = stem[:-2] if stem.endswith("ed") else stem
    return stem[:1].upper() + stem[1:] + "er"


class _Reader:
    def __init__(self, sentence: str):
        self.s = sentence
        self.frames: list[Frame] = []
        self.things: list[Things] = []
        self.grids: list[Grid] = []

    def sentence(self, tree: Tree) -> Reading:
        if tree.data == "bullet":
            self.s_bullet(tree)
            return Reading(tuple(self.frames))
        for statement in tree.children:
            if isinstance(statement, Tree) and statement.data == "unread_tail":
                # "…; <words no rule reads>": every variable of the sentence is read in part
                words = (self.text(statement),)
                self.frames = [replace(f, unread=f.unread + words) for f in self.frames]
                if not self.frames:
                    self.frames = [Frame(g.cell, grid=g.name, unread=words, sentence=self.s) for g in self.grids]
            elif isinstance(statement, Tree):
                self.statement(statement)
        return Reading(tuple(self.frames), tuple(self.things), tuple(self.grids))

    # ---------------------------------------------------------------- statements
    def statement(self, t: Tree) -> None:
        before = len(self.frames)
        self._statement(t)
        tail = next((c for c in t.children if isinstance(c, Tree) and c.data == "unread_tail"), None)
        if tail is not None:
            # words after the opening that no rule reads: every variable of the statement is read in part
            words = (self.text(tail),)
            made = self.frames[before:] or [Frame(None, sentence=self.s)]
            owners = {f.owner for f in made if f.owner} - {f.owner for f in made if f.variable is None}
            self.frames[before:] = [replace(f, unread=f.unread + words) for f in made]
            self.frames.extend(Frame(None, owner=o, unread=words, sentence=self.s) for o in sorted(owners)
                               if t.data in ("owned", "ownership"))

    def _statement(self, t: Tree) -> None:
        """Each statement of the grammar is read by the method of its name (``s_owned`` …)."""
        getattr(self, "s_" + t.data)(t)

    def s_cell_content(self, t: Tree) -> None:
        """ "Each cell of the Map holds the name of a Player": what every cell of that grid holds."""
        grid = _ARTICLES.sub("", _name(next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)))
        cell = next(str(x) for x in t.children if isinstance(x, Token) and x.type == "CELL_WORD").capitalize()
        attributes = next((c for c in t.children if isinstance(c, Tree) and c.data == "attributes"), None)
        if attributes is not None:
            self.attributes(attributes, cell, grid=grid)
            return
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c.data == "desc_list"], {})
        self.frames.append(Frame(cell, grid=grid, sentence=self.s, **info))

    def s_cells_content(self, t: Tree) -> None:
        """ "…; each cell of it holds a dash or the name of a Player", "Each square is empty or …": what every cell
        of the grid this sentence named holds; with none named here, the cells of the rule's grid (placed by
        :mod:`actions.constraints` by the cell's word)."""
        words = [str(x) for x in _tokens(t) if x.type in ("CELL_WORD", "CELL_WORDS")]
        cell = _singular_name(words[0]).capitalize() if words else "Cell"
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c.data == "desc_list"], {})
        if self.grids:
            grid = self.grids[-1]
            self.frames.append(Frame(grid.cell, grid=grid.name, sentence=self.s, **info))
        else:
            self.frames.append(Frame(cell, owner=cell, sentence=self.s, **info))

    def s_legal_plural(self, t: Tree) -> None:
        """ "The possible Kinds of a Relic are Cup, Blade and Coin"."""
        var = next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)
        owner = self.owner_of(t)
        items = next(x for x in t.iter_subtrees_topdown() if x.data in _ITEMS)
        info: dict = {}
        self.set_values(info, [_unquote(_words(i)) for i in items.children if isinstance(i, Tree)])
        self.frames.append(Frame(_singular_name(_name(var)), owner=owner, sentence=self.s, **info))

    def s_following_attributes(self, t: Tree) -> None:
        """ "Each Relic has the following attributes:": the owner of the bullets below, and of any list after it."""
        owner = self.owner_of(t)
        attributes = next((c for c in t.children if isinstance(c, Tree) and c.data in ("attributes", "its_attributes")), None)
        if attributes is not None:
            self.attributes(attributes, owner)
        else:
            self.frames.append(Frame(None, owner=owner, following=True, sentence=self.s))

    def s_appears_once(self, t: Tree) -> None:
        """ "Each Player may appear at most once in the Crew"."""
        var = next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)
        thing = next(c for c in t.children if isinstance(c, Tree) and c.data == "thing_name")
        self.frames.append(Frame(_name(var), kind=LIST, refers=_singular_name(_name(thing)), unique=True,
                                 sentence=self.s))

    def s_none_if(self, t: Tree) -> None:
        """ "…; if it has no Holder, this is shown with a dash": the Holder's mark for none (of the owner just named)."""
        var = _name(next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS))
        info: dict = {}
        self.none_value(t, info)
        owners = {f.owner for f in self.frames if f.owner}
        self.frames.append(Frame(var, owner=next(iter(owners)) if len(owners) == 1 else None, none=info.get("none"),
                                 sentence=self.s))

    def s_items_statement(self, t: Tree) -> None:
        """ "…; every entry in it must be either Salt or Silk": the items of the list the sentence just named."""
        lists = [i for i, f in enumerate(self.frames) if f.kind == LIST]
        if len(lists) != 1:
            self.frames.append(Frame(None, unread=(self.s,), sentence=self.s))
            return
        info: dict = {"kind": LIST}
        self.describe(t.children, info)
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)
        self.frames[lists[0]] = replace(self.frames[lists[0]], allowed=info.get("allowed"), refers=None)

    def s_it_statement(self, t: Tree) -> None:
        """ "The Day is publicly tracked; it is an integer from 1 to 6": what the variable just named is."""
        named = [f for f in self.frames if f.variable]
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c.data != "unread_tail"], {})
        if len({(f.variable, f.owner) for f in named}) == 1:
            self.frames.append(Frame(named[0].variable, owner=named[0].owner, sentence=self.s, **info))
        else:   # what "it" is is not known: every variable of the sentence is read in part
            self.frames = [replace(f, unread=f.unread + (self.s,)) for f in self.frames] or \
                [Frame(None, unread=(self.s,), sentence=self.s)]

    def s_appears_in_it(self, t: Tree) -> None:
        """ "The Watch is a list of Players; each Player may appear in it at most once": the list just defined."""
        lists = [i for i, f in enumerate(self.frames) if f.kind == LIST]
        if len(lists) == 1:
            self.frames[lists[0]] = replace(self.frames[lists[0]], unique=True)
        else:   # no list before it in the sentence: what "it" is is not known
            self.frames.append(Frame(None, unread=(self.s,), sentence=self.s))

    def s_named_value(self, t: Tree) -> None:
        """ "There is a publicly tracked number called the Tide, …"."""
        var = next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c is not var], {})
        self.frames.append(Frame(_name(var), sentence=self.s, **info))

    def s_chosen(self, t: Tree) -> None:
        """ "Each Player may name at most one other Player as their Rival": the Rival names one Player (not their own
        self); "up to 3 Players as their Allies": a list of at most 3."""
        owner = self.owner_of(t.children[0])
        var = next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)
        thing = next(c for c in t.children if isinstance(c, Tree) and c.data == "thing_name")
        numbers = [_number(x) for x in t.children if isinstance(x, Token) and x.type == "NUMBER"]
        many = numbers[0] if numbers and numbers[0] is not None else 1
        info: dict = {"kind": TEXT if many == 1 else LIST, "refers": _singular_name(_name(thing))}
        if many != 1:
            info["max_items"] = many
        if any(isinstance(x, Token) and x.type == "OTHER" for x in t.children):
            info["other"] = True
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c.data == "descriptor"], info)
        self.frames.append(Frame(_name(var), owner=owner, sentence=self.s, **info))

    def s_legal_single(self, t: Tree) -> None:
        """ "The possible values of the Wind are Calm, Breezy and Sandstorm"."""
        var = next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS)
        items = next(x for x in t.iter_subtrees_topdown() if x.data in _ITEMS)
        info: dict = {}
        self.set_values(info, [_unquote(_words(i)) for i in items.children if isinstance(i, Tree)])
        self.frames.append(Frame(_name(var), sentence=self.s, **info))

    def s_legal_values(self, t: Tree) -> None:
        """ "The legal values of a Relic’s Kind are Cup, Blade and Coin"."""
        subject = next(c for c in t.children if isinstance(c, Tree) and c.data == "owned_subject")
        owner, variable = self.owned_subject(subject)
        items = next(x for x in t.iter_subtrees_topdown() if x.data in _ITEMS)
        info: dict = {}
        self.set_values(info, [_unquote(_words(i)) for i in items.children if isinstance(i, Tree)])
        self.frames.append(Frame(variable, owner=owner, sentence=self.s, **info))

    def s_owned(self, t: Tree, owner: str | None = None, grid: str | None = None) -> None:
        if owner is None:
            owner = self.owner_of(t)
        attributes = next((c for c in t.children if isinstance(c, Tree) and c.data == "attributes"), None)
        if attributes is None:   # "Each Keep has 8 publicly tracked and ordered slots": nothing read but its owner
            self.frames.append(Frame(None, owner=owner, sentence=self.s))
            return
        self.attributes(attributes, owner, grid)

    def owner_of(self, who: Tree | None) -> str | None:
        """The owner a statement names first ("Each Relic …" → "Relic")."""
        if who is None:
            return None
        names = [c for c in who.iter_subtrees_topdown() if c.data in _OWNERS]
        return _singular_name(_name(names[0])) if names else None

    def attributes(self, t: Tree, owner: str | None, grid: str | None = None) -> None:
        made: list[dict] = []
        shared: dict = {}
        for c in t.children:
            if not isinstance(c, Tree):
                continue
            if c.data == "attribute":
                made.extend(self.attribute(c, owner))
            elif c.data == "unread_attribute":
                made.append(dict(variable=None, owner=owner, unread=(self.text(c),)))
            elif c.data == "group_tail":
                shared = self.describe(c.children, {})
        for m in made:
            for k, v in shared.items():
                if k == "unread" or k == "relative":
                    m[k] = tuple(m.get(k, ())) + tuple(v)
                else:
                    m.setdefault(k, v)
            if grid is not None:
                m["grid"] = grid
            self.frames.append(Frame(sentence=self.s, **m))

    def attribute(self, t: Tree, owner: str | None) -> list[dict]:
        parts = [c for c in t.children if isinstance(c, Tree)]
        head = parts[0]
        names: list[str] = []
        base: dict = {}
        if head.data in _VARS:   # "its Name, which is flavour text"
            names = [self.var(head)]
            parts = [head] + parts[1:]
        elif head.data == "var_head" or head.data == "valued_head":
            names = [self.var(c) for c in head.children if isinstance(c, Tree) and c.data in _VARS]
            if head.data == "valued_head":
                base["kind"] = INTEGER
        elif head.data == "counted_head":
            names = [self.var(c) for c in head.children if isinstance(c, Tree) and c.data in _VARS]
            base["kind"] = INTEGER
            self.type_words(head, base)
        elif head.data == "typed_head":
            names = self.var_names(head)
            base["kind"] = INTEGER
            self.type_words(head, base)
        elif head.data == "flag_head":
            names = [self.var(c) for c in head.children if isinstance(c, Tree) and c.data in _VARS]
        elif head.data == "named_head":
            names = [self.var(c) for c in head.children if isinstance(c, Tree) and c.data in _VARS]
            base["kind"] = INTEGER
            self.type_words(head, base)
        elif head.data == "group_head":
            names = self.var_names(head)
        elif head.data == "counted_list_head":
            names = self.var_names(head)
            base = self.describe([c for c in head.children if isinstance(c, Tree) and c.data == "desc_list"],
                                 {"kind": INTEGER})
            self.type_words(head, base)
        if any(isinstance(c, Tree) and c.data == "tracked_adj" for c in head.children):
            base["public"] = True
        info = self.describe(parts[1:], base)
        return [dict(variable=n, owner=owner, **info) for n in names if n]

    def var_names(self, t: Tree) -> list[str]:
        group = next(c for c in t.children if isinstance(c, Tree) and c.data == "var_names")
        return [self.var(c) for c in group.children if isinstance(c, Tree)]

    def var(self, t: Tree) -> str:
        return _name(t)

    def text(self, t) -> str:
        """The sentence's own words under ``t``, without the punctuation around them."""
        meta = getattr(t, "meta", None)
        if meta is not None and not getattr(meta, "empty", True):
            return self.s[meta.start_pos:meta.end_pos].strip(" ,;:.")
        return _words(t).strip(" ,;:.")

    # ---------------------------------------------------------------- descriptors
    def describe(self, nodes, info: dict) -> dict:
        """Fold what ``nodes`` say of a variable into ``info`` (the bag of descriptors)."""
        info = dict(info)
        for node in nodes:
            if isinstance(node, Tree):
                self.visit(node, info)
        return info

    def visit(self, t: Tree, info: dict) -> None:
        handler = getattr(self, "d_" + t.data, None)
        if handler is not None:
            handler(t, info)
            return
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    @staticmethod
    def _set(info: dict, key: str, value) -> None:
        if value is None:
            return
        old = info.get(key)
        if old is not None and old != value and key in ("min", "max"):
            value = max(old, value) if key == "min" else min(old, value)
        info[key] = value

    def d_unread_clause(self, t: Tree, info: dict) -> None:
        info["unread"] = tuple(info.get("unread", ())) + (self.text(t),)

    def d_unread(self, t: Tree, info: dict) -> None:
        info["unread"] = tuple(info.get("unread", ())) + (self.text(t),)

    def d_number_type(self, t: Tree, info: dict) -> None:
        info["kind"] = INTEGER
        self.type_words(t, info)
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    d_type_phrase_group = d_number_type

    def type_words(self, t: Tree, info: dict) -> None:
        for tok in _tokens(t):
            if tok.type == "SIGN_WORD" or tok.type == "TYPE_NOUN":
                w = str(tok).casefold()
                if "non" in w and "negative" in w:
                    self._set(info, "min", 0)
                elif w == "positive":
                    self._set(info, "min", 1)
            if tok.type in ("UNREAD_WORD",):
                break

    def d_text_type(self, t: Tree, info: dict) -> None:
        info.setdefault("kind", TEXT)
        shape = next((c for c in t.iter_subtrees_topdown() if c.data == "text_shape"), None)
        if shape is not None:
            self._shape(shape, info)

    def _shape(self, t: Tree, info: dict) -> None:
        """A text's length: "a single word", "between one and two words", "a string of no more than 12 characters";
        a length in no unit the bot can count is a limit it does not check."""
        if re.search(r"\bsingle\s+word$", self.text(t), re.I):
            lo = hi = 1
        else:
            bounds: dict = {}
            for c in t.children:
                if isinstance(c, Tree):
                    self.visit(c, bounds)
            lo, hi = bounds.get("min"), bounds.get("max")
            if lo is None and hi is None:
                return   # "any alphanumeric string": no length said
        units = [x for x in _tokens(t) if x.type == "TEXT_UNIT"] or \
            [x for x in _tokens(t) if x.type == "TEXT_NOUN" and str(x).casefold() in ("word", "words")]
        unit = str(units[-1]).casefold().split()[0].rstrip("s") if units else None
        if lo == hi == 1 and unit is None:
            unit = "word"   # "a single word"
        if unit not in ("character", "word"):
            info["relative"] = tuple(info.get("relative", ())) + (self.text(t),)
            return
        self._set(info, "min_length", lo)
        self._set(info, "max_length", hi)
        info["length_unit"] = unit

    def d_ref_type(self, t: Tree, info: dict) -> None:
        info["kind"] = TEXT
        thing = next((c for c in t.iter_subtrees() if c.data == "thing_name"), None)
        if thing is not None:
            info["refers"] = _singular_name(_name(thing))
        if any(x.type == "ANOTHER" for x in _tokens(t)) or any(c.data == "other_than" for c in t.iter_subtrees()):
            info["other"] = True   # "another Player", "a Player other than themselves": never the owner itself

    def d_owner_clause(self, t: Tree, info: dict) -> None:
        return   # "that each Player has": whose it is (a value of no owner joins every owner's)

    def d_ref_single(self, t: Tree, info: dict) -> None:
        self.d_ref_type(t, info)

    def d_list_type(self, t: Tree, info: dict) -> None:
        info["kind"] = LIST
        thing = next((x for x in t.iter_subtrees_topdown() if x.data == "thing_name"), None)
        if thing is not None:   # "a list of the names of Players", "the names of two other Barons"
            info["refers"] = _singular_name(_name(thing))
        for c in t.iter_subtrees():
            if c.data == "list_max":
                n = next((x for x in c.children if isinstance(x, Token) and x.type == "NUMBER"), None)
                if n is not None:
                    info["max_items"] = _number(n)
        for tok in _tokens(t):
            if tok.type == "DISTINCT":
                info["unique"] = True
            elif tok.type == "OTHER":
                info["other"] = True

    def d_unique(self, t: Tree, info: dict) -> None:
        info["unique"] = True

    def d_distinct_name(self, t: Tree, info: dict) -> None:
        return   # the named thing's own name: limits nothing of the value

    def d_unique_value(self, t: Tree, info: dict) -> None:
        info["distinct"] = True

    def d_format_clause(self, t: Tree, info: dict) -> None:
        info.setdefault("kind", TEXT)
        info["pattern"] = next(str(x) for x in _tokens(t) if x.type == "FORMAT")

    def d_not_named(self, t: Tree, info: dict) -> None:
        thing = next(c for c in t.children if isinstance(c, Tree) and c.data == "thing_name")
        info["not_named"] = _singular_name(_name(thing))

    def d_values(self, t: Tree, info: dict) -> None:
        items = next((x for x in t.iter_subtrees_topdown() if x.data in _ITEMS), None)
        if items is None:
            return
        values = [_unquote(_words(i)) for i in items.children if isinstance(i, Tree)]
        values = [v for v in values if v]
        self.set_values(info, values)

    def set_values(self, info: dict, values: list[str]) -> None:
        if info.get("kind") == LIST:   # "a list of Goods (Salt, Silk or Spice)": what each item may be
            info["allowed"] = tuple(values)
            info.pop("refers", None)
            return
        if info.get("kind") in (INTEGER,) and all(language.number(v) is not None for v in values):
            info["allowed"] = tuple(values)
            return
        if info.get("allowed") and tuple(info["allowed"]) != tuple(values):
            info["unread"] = tuple(info.get("unread", ())) + ("two different sets of values",)
        info["kind"] = ENUM
        info["allowed"] = tuple(values)
        info["following"] = False

    def d_item_values(self, t: Tree, info: dict) -> None:
        """ "where a Good is Salt or Silk", "each item of which is …": the items of a list (of anything else: its values)."""
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    def d_values_of(self, t: Tree, info: dict) -> None:
        """ "a Banner of Red or Blue": the values after "of"."""
        items = next((x for x in t.iter_subtrees_topdown() if x.data in _ITEMS), None)
        if items is not None:
            self.set_values(info, [v for v in (_unquote(_words(i)) for i in items.children if isinstance(i, Tree)) if v])

    def d_date_type(self, t: Tree, info: dict) -> None:
        """ "a date and time": a text whose form the bot does not check (never called legal)."""
        info["kind"] = TEXT
        info["relative"] = tuple(info.get("relative", ())) + (f"is {self.text(t)}",)

    def d_following(self, t: Tree, info: dict) -> None:
        info["kind"] = ENUM
        # "one of the following: Cup, Blade, or Coin": the values the sentence itself lists after the colon,
        # however the words split; "the following" is the list below only when the sentence lists none
        info["following"] = not info.get("allowed")

    def d_valued(self, t: Tree, info: dict) -> None:
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    def d_between(self, t: Tree, info: dict) -> None:
        lo, hi = [_number(x) for x in t.children if isinstance(x, Token) and x.type == "NUMBER"]
        if lo is not None and hi is not None and lo > hi:
            lo, hi = hi, lo
        self._set(info, "min", lo)
        self._set(info, "max", hi)
        info.setdefault("kind", INTEGER)

    def _one_number(self, t: Tree) -> int | None:
        n = next((x for x in _tokens(t) if x.type == "NUMBER"), None)
        return _number(n) if n is not None else None

    def d_at_least(self, t, info):
        self._set(info, "min", self._one_number(t))
        info.setdefault("kind", INTEGER)

    def d_at_most(self, t, info):
        self._set(info, "max", self._one_number(t))
        info.setdefault("kind", INTEGER)

    def d_more_than(self, t, info):
        n = self._one_number(t)
        self._set(info, "min", None if n is None else n + 1)
        info.setdefault("kind", INTEGER)

    def d_less_than(self, t, info):
        n = self._one_number(t)
        self._set(info, "max", None if n is None else n - 1)
        info.setdefault("kind", INTEGER)

    d_min_limit = d_at_least
    d_max_limit = d_at_most

    def d_text_length(self, t, info):
        """"cannot be more than 20 characters long", "may not exceed 3 words": a text's greatest length."""
        info.setdefault("kind", TEXT)
        n = self._one_number(t)
        unit = next((str(x).casefold().split()[0].rstrip("s") for x in _tokens(t) if x.type == "TEXT_UNIT"), None)
        if n is None or unit not in ("character", "word"):
            info["relative"] = tuple(info.get("relative", ())) + (self.text(t),)
            return
        self._set(info, "max_length", n)
        info["length_unit"] = unit

    def d_text_rule(self, t, info):
        """ "cannot be “None”": a text it may never be; "cannot be the same as …", and anything said so of a
        value that is not text: a limit the bot does not check."""
        quoted = [x for x in _tokens(t) if x.type == "QUOTED"]
        if info.get("kind") == TEXT and quoted:
            info["excluded"] = tuple(info.get("excluded", ())) + (_unquote(str(quoted[0])),)
        else:
            info["relative"] = tuple(info.get("relative", ())) + (self.text(t),)

    def d_not_negative(self, t, info):
        self._set(info, "min", 0)
        info.setdefault("kind", INTEGER)

    def d_negative_ok(self, t, info):
        info["negative_ok"] = True
        info.setdefault("kind", INTEGER)

    def d_hold_limit(self, t, info):
        n = self._one_number(t)
        word = next(x for x in _tokens(t) if x.type in ("LESS_THAN", "MORE_THAN"))
        if word.type == "LESS_THAN":   # "must not hold less than 1" → at least 1
            self._set(info, "min", n)
        else:                          # "may not have more than 5" → at most 5
            self._set(info, "max", n)
        info.setdefault("kind", INTEGER)

    def d_hold_only(self, t, info):
        self._set(info, "max", self._one_number(t))
        info.setdefault("kind", INTEGER)

    def d_hold_count(self, t, info):
        """ "may hold up to 9 Dates", "has between 0 and 4 Water Skins", "owns zero or more Camels"."""
        info.setdefault("kind", INTEGER)
        for c in t.children:
            if isinstance(c, Tree) and c.data != "cap_var_name" and c.data not in _VARS:
                self.visit(c, info)
        if any(isinstance(x, Token) and x.type == "ZERO_OR_MORE" for x in t.children):
            self._set(info, "min", 0)

    def d_count_tail(self, t, info):
        info["public"] = True
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    def d_listed_in(self, t, info):
        return   # the table of the kind named: where the things are, as the kind says already

    def d_hold_relative(self, t, info):
        remark = next(c for c in t.children if isinstance(c, Tree) and c.data == "remark_words")
        more = any(str(x).casefold() == "more" for x in t.children if isinstance(x, Token))
        info["relative"] = tuple(info.get("relative", ())) + (
            f"{'no more' if more else 'no fewer'} than {self.text(remark)}",)
        info.setdefault("kind", INTEGER)

    def d_begin_with(self, t, info):
        value = next(c for c in t.children if isinstance(c, Tree) and c.data == "default_value")
        self.default_value(value, info)

    def d_default(self, t: Tree, info: dict) -> None:
        value = next((c for c in t.children if isinstance(c, Tree) and c.data == "default_value"), None)
        if value is not None:
            self.default_value(value, info)

    def default_value(self, t: Tree, info: dict) -> None:
        tok = [x for x in _tokens(t)]
        text = _unquote(" ".join(str(x) for x in tok))
        if len(tok) == 1 and tok[0].type == "NUMBER":
            info["default"] = str(_number(tok[0]))
        elif len(tok) == 1 and tok[0].type == "EMPTY_WORD":
            low = text.casefold()
            info["default"] = "0" if low == "zero" else ("-" if "dash" in low else "")
        else:
            info["default"] = text

    def d_default_unread(self, t: Tree, info: dict) -> None:
        info["default_unread"] = self.text(t)

    def d_none_first(self, t: Tree, info: dict) -> None:
        """ "either a dash or the name of a Player", "empty (shown as a dash) or …": the mark for none, then the value."""
        mark = next((c for c in t.children if isinstance(c, Tree) and c.data in ("none_value", "none_clause")), None)
        clause = next((c for c in t.children if isinstance(c, Tree) and c.data == "none_clause"), None)
        if clause is not None:
            self.none_value(clause, info)
        elif mark is not None:
            self.none_value(t, info)
        else:
            info["none"] = ""   # "empty or …": a blank cell
        for c in t.children:
            if isinstance(c, Tree) and c.data not in ("none_value", "none_clause"):
                self.visit(c, info)

    def d_none_mark(self, t: Tree, info: dict) -> None:
        self.none_value(t, info)

    def d_none_clause(self, t: Tree, info: dict) -> None:
        self.none_value(t, info)

    def none_value(self, t: Tree, info: dict) -> None:
        value = next((c for c in t.iter_subtrees() if c.data == "none_value"), None)
        if value is None:
            return
        words = _words(value)
        low = words.casefold()
        if "dash" in low or "hyphen" in low:
            info["none"] = "-"
        elif low in ("blank", "empty", "nothing"):
            info["none"] = ""
        else:
            info["none"] = _unquote(words)

    def d_tracked_adj(self, t, info):
        info["public"] = True

    def d_where_public(self, t, info):
        info["public"] = True

    def d_where_private(self, t, info):
        info["private"] = True

    def d_where(self, t: Tree, info: dict) -> None:
        info["public"] = True
        place = next((c for c in t.children if isinstance(c, Tree)), None)
        if place is not None:
            info.update(self.place(place))

    def place(self, t: Tree) -> dict:
        """Where a variable or a thing is tracked: its table (the “Relics” table, a table of Relics) and page."""
        if t.data in ("in_table", "table_of"):
            table = next(c for c in t.children if isinstance(c, Tree) and c.data in ("table_name", "thing_name"))
            page = next((c for c in t.children if isinstance(c, Tree) and c.data == "page_ref"), None)
            return {"table": _name(table), **self.page(page)}
        if t.data == "on_page":
            return self.page(t.children[0])
        if t.data == "gndt":
            return {"page": "GNDT"}
        return {}

    def page(self, t: Tree | None) -> dict:
        if t is None:
            return {}
        named = [x for x in t.children if isinstance(x, Token) and x.type in ("QUOTED", "CAPWORD")]
        if named:
            return {"page": _unquote(" ".join(str(x) for x in named))}
        return {}

    # skipped: a remark says nothing of values; qualifiers ("towards each Wizard") neither
    def d_remark(self, t, info):
        return

    def d_qualifier(self, t, info):
        return

    def d_apposition(self, t, info):
        for c in t.children:
            if isinstance(c, Tree):
                self.visit(c, info)

    # ---------------------------------------------------------------- other statements
    def s_ownership(self, t: Tree) -> None:
        owner = self.owner_of(t.children[0])
        verb = next(x for x in t.children if isinstance(x, Token) and x.type == "OWNED_VERB")
        info: dict = {"kind": TEXT}
        ref = next(c for c in t.children if isinstance(c, Tree) and c.data == "ref_single")
        self.d_ref_type(ref, info)
        info = self.describe([c for c in t.children if isinstance(c, Tree) and c.data not in
                              ("owner_each", "owner_plural", "ref_single")], info)
        named = next((c for c in t.children if isinstance(c, Tree) and c.data == "its_name"), None)
        variable = _name(next(c for c in named.children if isinstance(c, Tree))) if named is not None else agent_noun(str(verb))
        self.frames.append(Frame(variable, owner=owner, sentence=self.s, **info))

    def s_none_statement(self, t: Tree) -> None:
        info: dict = {}
        self.none_value(t, info)
        owner = next(c for c in t.children if isinstance(c, Tree) and c.data in _OWNERS)
        un = next((x for x in t.children if isinstance(x, Token) and x.type in ("UN_WORD", "OWNED_VERB")), None)
        present = next((x for x in t.children if isinstance(x, Token) and x.type == "AGENT_VERB"), None)
        if present is not None:
            un = _PARTICIPLE.get(str(present).casefold())
        var = next((c for c in t.children if isinstance(c, Tree) and c.data in _VARS), None)
        variable = _name(var) if var is not None else agent_noun(str(un)) if un is not None else None
        if variable is None:
            return
        self.frames.append(Frame(variable, owner=_singular_name(_name(owner)), none=info.get("none"),
                                 sentence=self.s))

    def s_tracked_things(self, t: Tree) -> None:
        owner = next(c for c in t.children if isinstance(c, Tree) and c.data in _OWNERS)
        place = next(c for c in t.children if isinstance(c, Tree) and c.data in
                     ("in_table", "table_of", "on_page", "gndt", "in_rule"))
        where = self.place(place)
        self.things.append(Things(_singular_name(_name(owner)), where.get("table"), where.get("page"), self.s))

    def s_grid(self, t: Tree) -> None:
        name = _name(next(c for c in t.children if isinstance(c, Tree) and c.data in _VARS))
        numbers = [_number(x) for x in _tokens(t) if x.type == "NUMBER"][:2]
        size = next((x for x in _tokens(t) if x.type == "GRID_SIZE"), None)
        if size is not None:   # "4x4"
            numbers = [int(n) for n in re.findall(r"\d+", str(size))]
        cells = next((c for c in t.children if isinstance(c, Tree) and c.data == "grid_cells"), None)
        cell = _singular_name(_name(cells)) if cells is not None else "cell"
        cell = cell[:1].upper() + cell[1:]
        rows, columns = (numbers + [None, None])[:2]
        self.grids.append(Grid(_ARTICLES.sub("", name), rows, columns, cell, self.s))
        made = len(self.frames)
        for tail in (c for c in t.children if isinstance(c, Tree) and c.data in ("grid_tail", "grid_content")):
            if tail.data == "grid_content":
                info = self.describe(tail.children, {})
                self.frames.append(Frame(cell, owner=None, grid=_ARTICLES.sub("", name), sentence=self.s, **info))
            else:
                attributes = next((c for c in tail.children if isinstance(c, Tree) and c.data == "attributes"), None)
                if attributes is not None:
                    self.attributes(attributes, cell, grid=_ARTICLES.sub("", name))
        if len(self.frames) == made and any(isinstance(c, Tree) and c.data == "unread_tail" for c in t.children):
            # words after the grid's size that no rule reads: what its cells hold is read in part
            self.frames.append(Frame(cell, grid=_ARTICLES.sub("", name), sentence=self.s))

    def s_subject_statement(self, t: Tree) -> None:
        subject = t.children[0]
        if subject.data == "owner_subject":
            owner = self.owner_of(subject)
            info: dict = {}
            pred = t.children[1]
            var = next((c for c in pred.children if isinstance(c, Tree) and c.data in _VARS))
            self.visit(pred, info)
            # "Cooks may have at most 2 Camels" (a bare plural: things of a kind), not "Each Relic may hold …"
            bare = not re.match(r"(?i)(?:a|an|each|every|no|new)\s", self.text(subject))
            self.frames.append(Frame(_name(var), owner=owner, said_of=bare, sentence=self.s, **info))
            return
        owner = None
        if subject.data == "owned_subject":
            owner, variable = self.owned_subject(subject)
        elif subject.data == "kind_subject":
            variable = _singular_name(_name(next(c for c in subject.children if isinstance(c, Tree))))
        else:
            variable = _name(next(c for c in subject.children if isinstance(c, Tree)))
        info = self.describe(t.children[1:], {})
        if owner is None and info.get("kind") == ENUM and not self.text(subject).casefold().startswith("the ") \
                and _singular_name(variable) != variable:
            # "Proposals can either be Pending, Enacted or Failed": the states of things of a kind, not a
            # variable of the gamestate ("The Weather can be Sunny or Rainy" is one)
            return
        self.frames.append(Frame(variable, owner=owner, sentence=self.s, **info))

    def owned_subject(self, subject: Tree) -> tuple[str, str]:
        """ "A Relic’s Worth", "The Kind of each Relic" → ("Relic", "Worth")."""
        names = [c for c in subject.children if isinstance(c, Tree)]
        owner_node = next(c for c in names if c.data in _OWNERS)
        var_node = next(c for c in names if c.data in _VARS)
        return _singular_name(_name(owner_node)), _name(var_node)

    def s_bullet(self, t: Tree) -> None:
        var = t.children[0]
        info = self.describe(t.children[1:], {})
        self.frames.append(Frame(_name(var), sentence=self.s, **info))

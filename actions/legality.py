"""The one legality of the gamestate: which values a table cell or a single value may hold.

Pure. One :class:`Legality` is built from a Ruleset (and the Admins' overrides, already merged into
the constraints: :func:`actions.constraints.merge`) and answers for **every** writer and judge of
the gamestate page alike: enactment (:mod:`actions.gamestate_steps`) asks it before it writes a
value, ``wikibot check`` and the patrol (:mod:`actions.check`) ask it about every value an edit
changed, the reset asks it for defaults. There is no second copy: a value enactment writes is one
``check`` accepts, and a value ``check`` calls illegal is one enactment refuses, with the same
constraint and the same source sentence.

What it knows:

* the constraints (:func:`actions.constraints.infer_constraints` + overrides), looked up by a
  column's heading and the table it stands in (:meth:`Legality.find`);
* the era's word for a player (:func:`parsers.terms.player_term`, one way) and so which tables
  are players tables;
* the name rule for new players.

How a value is judged (:meth:`Legality.judge`) — restraint: only what can be shown illegal:

* A variable switched ``off`` on the overrides page, or a text or list variable, is never judged.
* Integer and allowed-values variables: a blank is legal only where the default is blank or the
  column already held blanks (the page's own "none"); otherwise the value must read as the kind
  (an integer, one of the listed values) and lie in the range. A column whose existing values mostly
  do not read as the constraint's kind (icons, "3 (+1)") is written some other way: it is left
  alone with a note rather than guessed at (overrides are applied as written).
* A column no rule describes gets the Appendix's non-negative integers only when every value it
  held was a non-negative integer, and only to flag a negative or fractional number.
* A value that names things (a player by the era's term, or a thing of a table of that kind) must
  name things the page holds (:attr:`Legality.gamestate`): one name where the rules say one, each at
  most once where they say so, the mark for none where the rules name one. When the page has no table
  of that kind, it is not judged (a note says so).

Never "legal" for what was read in part: :meth:`Legality.judge` raises :class:`CannotJudge` for a
value whose constraint was read only in part (naming the words), for one the read limits allow but
the rules also limit by other values, and for one that may be governed by a grid or table the rules
define and the page does not let the bot match. ``check`` answers "cannot judge" for it; enactment
leaves the step to an Admin (the step's status is "unsupported").
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from actions.constraints import (
    APPENDIX_ORIGIN, ENUM, INTEGER, LIST, NUMERIC, OFF, OVERRIDE_ORIGIN, PLAYER_NAMES, RULE_ORIGIN, TEXT,
    Constraint, infer_constraints, label_key, valid_player_name, variable_key,
)
from actions.outcome import StepOutcome
from actions.report import UNSUPPORTED
from parsers import characters, language
from parsers.gamestate import Table, name_key
from parsers.ruleset import Ruleset
from parsers.terms import player_term as ruleset_player_term
from parsers.variables import DASHES, named_in, pattern_regex

# First-column headings of a players table; not "Name", which also heads tables of non-players.
PLAYER_HEADERS = ("player", "nomicer", "user")
NUMERIC_KEY = variable_key(NUMERIC)
PLAYER_NAMES_KEY = variable_key(PLAYER_NAMES)

_INT = re.compile(r"[+\-−]?\d{1,3}(?:,\d{3})+|[+\-−]?\d+")
_NUMBER = re.compile(r"[+\-−]?\d+(?:\.\d+)?")


class CannotJudge(StepOutcome):
    """A value the bot cannot call legal or illegal: its constraint was read only in part, depends on
    values the bot does not check, or the table it stands in is not the one the rules define. ``check``
    answers "cannot judge" (the patrol reports it to humans); enactment leaves the step to an Admin."""

    def __init__(self, detail: str):
        super().__init__(UNSUPPORTED, f"cannot judge {detail}")
        self.reason = detail


@dataclass
class Violation:
    """One value the rules forbid, and why (the constraint and the rule or Appendix entry it is from)."""

    table: str | None
    row: str | None
    column: str
    old: str | None
    new: str
    constraint: str
    source: str
    new_row: bool = field(default=False, repr=False)
    name_rule: bool = field(default=False, repr=False)
    quote: str = field(default="", repr=False)   # the sentence of the rule (or Appendix) it comes from
    cell_of: str = field(default="", repr=False)  # a grid's cell: the variable every cell holds ("Content")

    def to_dict(self) -> dict:
        return {"table": self.table, "row": self.row, "column": self.column, "old": self.old,
                "new": self.new, "constraint": self.constraint, "source": self.source}

    def sentence(self) -> str:
        """"Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables)." """
        shown = self.new if self.new != "" else "blank"
        if self.name_rule:
            odd = [ch for ch in dict.fromkeys(self.new) if characters.name_problem(ch) or
                   (ch.isalpha() and not ch.isascii() and characters.lookalike_problem("a" + ch))]
            held = f" (it holds {', '.join(characters.describe(ch) for ch in odd[:3])})" if odd else ""
            what = f"new player name {shown}{held}"
        elif self.cell_of:
            what = f"{self.cell_of} of the cell at row {self.row}, column {self.column} set to {shown}"
        elif self.row:
            what = f"{self.column} of {self.row} set to {shown}"
        else:
            what = f"{self.column} set to {shown}"
        return f"{what}; {self.constraint} ({self.source})."


@dataclass
class Place:
    """Where a value stands: the table (as the page labels it) or None for a single value."""

    label: str | None = None          # caption, else the heading just above
    first_header: str = ""
    name: str | None = None           # how a violation names the table
    table: Table | None = None
    legend: dict[str, str] = field(default_factory=dict)  # symbol → value ("" → a blank cell's value)

    @classmethod
    def of(cls, table: Table | None, label: str | None = None, legend: dict[str, str] | None = None) -> "Place":
        if table is None:
            return cls()
        heads = table.headers
        first = heads[0] if heads else ""
        name = label or (f"{first} table" if first else f"table {table.index}")
        return cls(label, first, name, table, dict(legend or {}))

    @classmethod
    def on(cls, page, table: Table) -> "Place":
        """A table as the page names it, with the legend below it."""
        return cls.of(table, page.label_of(table), page.legend_of(table))

    def read(self, value: str) -> str:
        """A cell's value as the rules name it: a legend's symbol read as its name."""
        v = value.strip()
        if self.legend and v in self.legend:
            return self.legend[v]
        return value


def as_int(value: str) -> int | None:
    """A cell's integer ("12", "-3", "1,000", "−2", "&minus;2"), or None."""
    v = html.unescape(value).strip().replace("−", "-")
    if _INT.fullmatch(v):
        return int(v.replace(",", ""))
    return None


def _clean_enum(value: str) -> str:
    return value.strip().strip("‘’“”\"'.").casefold()


def conforms(c: Constraint, value: str) -> bool:
    if c.kind == INTEGER:
        return as_int(value) is not None
    if c.kind == ENUM:
        return _clean_enum(value) in {_clean_enum(a) for a in (c.allowed or [])}
    return True


def _table_matches(hint: str, place: Place | None) -> bool:
    if place is None or place.table is None and not place.label:
        return False
    want = label_key(hint)
    return want in {label_key(place.label or ""), label_key(place.first_header)}


_GRID_HEAD = re.compile(r"^(?:[A-Za-z]{1,2}\d*|\d+)$")


def looks_like_grid(table: Table | None) -> bool:
    """A board: its column headings (after the first) and row names are coordinates ("1", "B", "C3")."""
    if table is None:
        return False
    heads = [h.strip() for h in table.headers[1:]]
    rows = [r.strip() for r in table.row_names if r.strip()]
    return len(heads) >= 2 and all(_GRID_HEAD.fullmatch(h) for h in heads) and \
        bool(rows) and all(_GRID_HEAD.fullmatch(r) for r in rows)


_SPLIT_NAMES = re.compile(r"\s*(?:,|;|/|&|\n|<br\s*/?>|\band\b)\s*", re.I)


def names_in(value: str) -> list[str]:
    """The names a value holds: "Alice, Bob and Carol" → three; "" → none."""
    return [n.strip() for n in _SPLIT_NAMES.split(value.strip()) if n.strip()]


def join_names(names: list[str], like: str) -> str:
    """Names written as a list the way ``like`` (the cell's old value) writes one: its separator
    (", " when it has none), the last two joined by “and” when it joins them so."""
    seps = [m.group(0) for m in _SPLIT_NAMES.finditer(like.strip())]
    sep = next((x for x in seps if not re.fullmatch(r"\s*and\s*", x, re.I)), ", ")
    if len(names) > 1 and seps and re.fullmatch(r"\s*and\s*", seps[-1], re.I):
        return sep.join(names[:-1]) + seps[-1] + names[-1]
    return sep.join(names)


class Legality:
    """The legal gamestate of one Ruleset (+ overrides); see the module docstring."""

    def __init__(self, ruleset: Ruleset | None, constraints: list[Constraint] | None = None, *,
                 page: str | None = None, player_term: str | None = None):
        self.ruleset = ruleset
        if constraints is None:
            constraints = infer_constraints(ruleset) if ruleset is not None else []
        self.constraints = constraints
        self.page = page
        self.player_term = player_term or ruleset_player_term(ruleset)
        self.by_key: dict[str, list[Constraint]] = {}
        self.numeric: Constraint | None = None
        self.names: Constraint | None = None
        self.numeric_off = self.names_off = False
        self.grids: dict[str, Constraint] = {}
        self.owner_wide: dict[str, Constraint] = {}   # owner → words left unread where a variable stood
        #: the page the values stand on (the page after the edit, or as enactment is leaving it): the
        #: players and the things a value may name are its rows
        self.gamestate = None
        for c in constraints:
            if c.grid and c.kind != OFF:
                self.grids.setdefault(label_key(c.grid), c)
            if not c.key and c.owner and c.partial:
                self.owner_wide.setdefault(variable_key(c.owner), c)
                continue
            if c.key == NUMERIC_KEY:
                if c.kind == OFF:
                    self.numeric_off = True
                elif self.numeric is None:
                    self.numeric = c
                continue
            if c.key == PLAYER_NAMES_KEY:
                if c.kind == OFF:
                    self.names_off = True
                elif self.names is None:
                    self.names = c
                continue
            if page and c.page and c.origin != OVERRIDE_ORIGIN and variable_key(c.page) != variable_key(page) \
                    and c.page != "GNDT":
                continue
            for k in dict.fromkeys([*c.keys(), *(label_key(k) for k in c.keys())]):
                # "The Watch" on the page, "the Watch" in the rules: a name's article is no part of it
                self.by_key.setdefault(k, []).append(c)

    # ------------------------------------------------------------------ look-ups
    def find(self, column: str, place: Place | None = None) -> Constraint | None:
        """The constraint of a column (or single value) ``column`` in ``place``: one the rules scope to
        that table first, then an unscoped one; overrides before rules before the Appendix."""
        found = self.by_key.get(variable_key(column), []) or self.by_key.get(label_key(column), [])
        scoped = [c for c in found if c.table and _table_matches(c.table, place)]
        free = [c for c in found if not c.table]
        if len({variable_key(c.owner or "") for c in free}) > 1:
            # several things have a variable of this name ("Each Stop has a Type", "Each Organism has a
            # Type"): the one whose owner the table is about; none when the table says not which
            free = [c for c in free if not c.owner or self._owns(c.owner, place)]
        for group in (scoped, free):
            for origin in (OVERRIDE_ORIGIN, RULE_ORIGIN, APPENDIX_ORIGIN):
                for c in group:
                    if c.origin == origin:
                        return c
        if place is not None:
            # a board: every cell holds the grid's variable, whatever the column's heading
            grid = self.grid_of(place)
            if grid is not None:
                return grid
            for owner, c in self.owner_wide.items():
                # words left unread where a variable of this owner stood, which name this column
                if self._owns(c.owner or owner, place) and named_in(column, c.partial):
                    return c
            for c in self.constraints:
                # a variable read in part whose unread words name this column ("a set of … distinct Charms,
                # chosen from …" read as a variable “Set”): the column may be the one the sentence defines
                if c.partial and c.kind != OFF and named_in(column, c.partial) \
                        and (not c.owner or self._owns(c.owner, place)):
                    return c
        return None

    def grid_of(self, place: Place | None) -> Constraint | None:
        """The grid a table is, by its caption or first heading ("The Map (Row, Column)" is "Map")."""
        if place is None:
            return None
        for key in (label_key(place.label or ""), label_key(place.first_header)):
            if key and key in self.grids:
                return self.grids[key]
        return None

    def unmatched(self, column: str, place: Place | None) -> str | None:
        """Why a value no constraint governs may still be governed by one the page does not let the bot
        match: a grid the rules define and no table of the page is, while this table is shaped like a
        board; or a variable the rules keep in a table the page does not have. None when neither."""
        if place is None or place.table is None:
            return None
        page = self.gamestate
        tables = list(page.tables) if page is not None else [place.table]
        if looks_like_grid(place.table) and self.grids:
            shown = {label_key(page.label_of(t) or "") for t in tables} | {label_key(t.headers[0]) for t in tables
                                                                            if t.headers} if page is not None else set()
            missing = [c.grid for key, c in self.grids.items() if key not in shown]
            if missing:
                return (f"the rules define the grid “{missing[0]}”, which no table of the page is named; "
                        f"“{place.name}” is shaped like it but is not named so")
        for c in self.by_key.get(variable_key(column), []):
            if c.table and page is not None and not any(_table_matches(c.table, Place.on(page, t)) for t in tables):
                return (f"the rules keep {c.variable} in the table “{c.table}” ({c.source}), which the page does "
                        f"not have; “{place.name}” may be it")
        return None

    def _owns(self, owner: str, place: Place | None) -> bool:
        """Is ``place`` the table of ``owner``'s things ("Stops" for a Stop; the players table for the
        era's player term)?"""
        if place is None:
            return False
        want = {variable_key(f) for f in language.plural_forms(owner) if f}
        names = {variable_key(place.label or ""), variable_key(place.first_header)}
        if want & names:
            return True
        term = {variable_key(f) for f in language.plural_forms(self.player_term or "player") if f}
        return bool(want & term) and self.is_players_table(place.table)

    def is_players_table(self, table: Table | None) -> bool:
        return table is not None and table.is_players_table(self.player_term, headers=PLAYER_HEADERS)

    # ------------------------------------------------------------------ judging
    def judge(self, column: str, new: str, *, place: Place | None = None, row: str | None = None,
              old: str | None = None, column_old: list[str] | None = None, new_row: bool = False,
              notes: list[str] | None = None) -> Violation | None:
        """Is ``new`` legal in ``column`` (of ``row`` in ``place``)? ``column_old`` is what the column
        held before (all rows), which decides blanks, other representations and the Appendix guess.

        A value its own constraint allows is still not called legal when a limit the bot cannot check
        (read in part, or relative to other values) depends on it: a limit of another column of the same
        table that names this column or the value written ("If a Camel's Breed is Hybrid, its Speed may
        not exceed 3" when a Breed becomes Hybrid), or a limit said of a kind of this table's things the
        page keeps no table of ("Cooks may have at most 2 Camels")."""
        verdict = self._judge(column, new, place=place, row=row, old=old, column_old=column_old, new_row=new_row,
                              notes=notes)
        if verdict is None:
            self._depends(column, new, old, place, f"{column} of {row}" if row else column)
        return verdict

    def strays(self, column: str, place: Place | None) -> list[Constraint]:
        """Limits of this column said of a kind of thing the page keeps no table of (“Cooks may have at most 2
        Camels”, where a Cook is a Player with that Role) and which the bot cannot check: read in part or
        relative to other values."""
        if place is None:
            return []
        out = []
        values = None
        for c in self.by_key.get(variable_key(column), []):
            if c.origin != RULE_ORIGIN or not c.owner or self._owns(c.owner, place) or self.things(c.owner) is not None:
                continue
            if not (c.partial or c.relative):
                # read in full, but said of things named by a value of another column of this table ("Cooks", where
                # a Role is Cook): a limit under a condition the bot does not check
                if values is None:
                    values = {variable_key(a) for h in (place.table.headers if place.table is not None else [])
                              if variable_key(h) != variable_key(column)
                              for d in [self.find(h, place)] if d is not None and d.allowed for a in d.allowed}
                if variable_key(c.owner) not in values:
                    continue
            out.append(c)
        return out

    def _depends(self, column: str, new: str, old: str | None, place: Place | None, where: str) -> None:
        """Raise :class:`CannotJudge` when a limit the bot cannot check depends on this value (see :meth:`judge`)."""
        if place is None or place.table is None:
            return
        for c in self.strays(column, place):
            raise CannotJudge(f"{where}: {c.describe(column)} ({c.source}), said of {language.plural(c.owner or 'thing')} "
                              "only, which the bot does not check")
        # the values written, when they are words ("Hybrid", "Cook"): a condition may name them
        values = [v.strip() for v in (new, old or "") if re.search(r"[^\W\d_]{2}", v or "")]
        for owner, c in self.owner_wide.items():
            # words left unread of this table's things that name this column or the value written
            if self._owns(c.owner or owner, place) and (
                    named_in(column, c.partial) or any(named_in(v, c.partial) for v in values)):
                raise CannotJudge(f"{where}: {c.describe(column)} ({c.source})")
        for header in place.table.headers:
            if variable_key(header) == variable_key(column) or not header.strip():
                continue
            strays = self.strays(header, place)
            others = list(strays)
            found = self.find(header, place)
            if found is not None and (found.partial or found.relative):
                others.append(found)
            for c in others:
                # a limit said of things of a kind named by a value ("Cooks"): the value written names it
                words = list(c.partial) + list(c.relative) + ([c.owner or ""] if c in strays else [])
                if named_in(column, words) or any(named_in(v, words) for v in values):
                    raise CannotJudge(f"{where}: a limit of {header} depends on it, and the bot cannot check it: "
                                      f"{c.describe(header)} ({c.source})")

    def _judge(self, column: str, new: str, *, place: Place | None = None, row: str | None = None,
               old: str | None = None, column_old: list[str] | None = None, new_row: bool = False,
               notes: list[str] | None = None) -> Violation | None:
        column_old = list(column_old or [])
        notes = notes if notes is not None else []
        where = f"{column} of {row}" if row else column
        table_name = place.name if place else None
        c = self.find(column, place)
        if c is None:
            why = self.unmatched(column, place)
            if why is not None:
                raise CannotJudge(f"{where}: {why}")
        if c is not None and c.kind == OFF:
            return None
        if c is not None and c.partial:
            raise CannotJudge(f"{where}: {c.describe(column)} ({c.source})")
        if place is not None and place.legend:
            column_old = [place.read(v) if v.strip() or "" not in place.legend else place.legend[""] for v in column_old]
            shown, new = new, (place.read(new) if new.strip() or "" not in place.legend else place.legend[""])
        else:
            shown = new
        if c is not None and c.kind in (INTEGER, ENUM):
            nonblank = [v for v in column_old if v.strip()]
            if c.origin != OVERRIDE_ORIGIN and len(nonblank) >= 2 and \
                    sum(1 for v in nonblank if conforms(c, v)) * 2 < len(nonblank):
                if new.strip() and not conforms(c, new.strip()) and new.strip() not in {v.strip() for v in column_old}:
                    # the page writes the column otherwise, and this value is neither one the rules name nor one
                    # the column held: neither legal nor shown illegal
                    raise CannotJudge(f"{where}: “{c.describe(column)}” ({c.source}): the column's values are "
                                      f"written some other way, and “{shown.strip()}” is not one the rules name")
                notes.append(f"{where}: not checked against “{c.describe(column)}”: the column's values "
                             "are written some other way")
                return None
            value = new.strip()
            if value == "":
                if c.default == "" or any(not v.strip() for v in column_old):
                    return None
                return self._violation(table_name, row, column, old, shown, c, new_row, blank=True)
            if c.kind == ENUM:
                if conforms(c, value):
                    return None
                return self._violation(table_name, row, column, old, shown, c, new_row)
            number = as_int(value)
            if number is None:
                return self._violation(table_name, row, column, old, shown, c, new_row, not_integer=True)
            if c.min is not None and number < c.min:
                return self._violation(table_name, row, column, old, shown, c, new_row, below=True)
            if c.max is not None and number > c.max:
                return self._violation(table_name, row, column, old, shown, c, new_row)
            return self._unchecked(c, column, where)
        if c is not None and c.kind == LIST and c.allowed:
            # a list whose items are values ("a list of Goods, each Salt, Silk or Spice"): each item one of them
            nonblank = [v for v in column_old if v.strip()]
            items = names_in(new.strip())
            if c.origin != OVERRIDE_ORIGIN and len(nonblank) >= 2 and \
                    sum(1 for v in nonblank if all(_clean_enum(i) in {_clean_enum(a) for a in c.allowed}
                                                   for i in names_in(v))) * 2 < len(nonblank):
                raise CannotJudge(f"{where}: “{c.describe(column)}” ({c.source}): the column's values are written "
                                  "some other way")
            if any(_clean_enum(i) not in {_clean_enum(a) for a in c.allowed} for i in items) or \
                    (c.unique and len({_clean_enum(i) for i in items}) != len(items)) or \
                    (c.max_items is not None and len(items) > c.max_items):
                return self._violation(table_name, row, column, old, shown, c, new_row)
            return self._unchecked(c, column, where)
        if c is not None:
            if c.refers:
                v = self._names(c, column, new.strip(), shown, place, row, old, column_old, new_row, notes, where)
                if v is not None:
                    return v
            if c.kind == TEXT and not c.refers:
                written = True
                if c.pattern and c.origin != OVERRIDE_ORIGIN:
                    nonblank = [v for v in column_old if v.strip()]
                    if len(nonblank) >= 2 and sum(1 for v in nonblank if pattern_regex(c.pattern).fullmatch(v.strip())) \
                            * 2 < len(nonblank):
                        written = False   # the page writes it some other way: the form is not checked
                        notes.append(f"{where}: not checked against the form {c.pattern}: the column's values are "
                                     "written some other way")
                if self._misshapen(c, new.strip(), written):
                    return self._violation(table_name, row, column, old, shown, c, new_row)
            v = self._distinct(c, column, new.strip(), shown, place, row, old, column_old, new_row, where)
            if v is not None:
                return v
            return self._unchecked(c, column, where)  # text, list: nothing more to check
        # No rule describes it: the Appendix default, only for plainly numeric columns.
        if self.numeric is None or self.numeric_off:
            return None
        nonblank = [v for v in column_old if v.strip()]
        if not nonblank or not all(n is not None and n >= 0 for n in map(as_int, nonblank)):
            return None
        value = html.unescape(new).strip().replace("−", "-")
        if not _NUMBER.fullmatch(value):
            return None
        if value.startswith("-") or "." in value:
            n = self.numeric
            return Violation(table_name, row, column, old, shown, n.describe(column), n.source, new_row=new_row,
                             quote=n.sentence)
        return None

    @staticmethod
    def _misshapen(c: Constraint, value: str, written: bool = True) -> bool:
        """A text longer or shorter than the rules allow ("between one and two words"), one it may never be
        ("cannot be “None”"), or (``written``: as the page writes the column) not in the rules' form ("#(#)")."""
        if not value:
            return False
        if any(value.casefold() == x.casefold() for x in c.excluded):
            return True
        if c.pattern and written and not pattern_regex(c.pattern).fullmatch(value):
            return True
        size = len(value.split()) if c.length_unit == "word" else len(value)
        return (c.min_length is not None and size < c.min_length) or (c.max_length is not None and size > c.max_length)

    def row_name_constraint(self, place: Place | None) -> Constraint | None:
        """The constraint of a table's first column, where it names the table's things ("Each Community has a
        Name (between one and two words)"): a rule of that column's own owner's, never another kind's."""
        if place is None or place.table is None or not place.first_header or self.is_players_table(place.table):
            return None
        c = self.find(place.first_header, place)
        if c is None or c.grid or (c.owner and not self._owns(c.owner, place)):
            return None
        return c

    def judge_row_name(self, name: str, place: Place | None, others: list[str]) -> Violation | None:
        """A new row's name: a player's against the name rule; a thing's against the rules of its table's first
        column (``others``: the names already there)."""
        if place is None:
            return None
        if self.is_players_table(place.table):
            return self.judge_name(name, place)
        if self.row_name_constraint(place) is None:
            return None
        return self.judge(place.first_header, name, place=place, row=name, old=None, column_old=others, new_row=True)

    @staticmethod
    def _unchecked(c: Constraint, column: str, where: str) -> None:
        """A value the read limits allow, of a variable the rules also limit by other values: cannot judge."""
        if c.relative:
            raise CannotJudge(f"{where}: {c.describe(column)} ({c.source})")
        return None

    def _distinct(self, c: Constraint, column: str, value: str, shown: str, place: Place | None, row: str | None,
                  old: str | None, column_old: list[str], new_row: bool, where: str) -> Violation | None:
        """A text no two rows share ("a distinct name"), and never the name of a thing of a kind ("cannot be the
        same as the name of a Monster Species"): the kind's things not on the page cannot be judged."""
        if not value or not (c.distinct or c.not_named):
            return None
        table_name = place.name if place else None
        if c.distinct:
            others = list(column_old)
            if old is not None and old.strip() in [v.strip() for v in others]:
                others.remove(next(v for v in others if v.strip() == old.strip()))   # its own old value
            if name_key(value) in {name_key(v) for v in others if v.strip()}:
                return self._violation(table_name, row, column, old, shown, c, new_row)
        if c.not_named:
            known = self.things(c.not_named)
            if known is None:
                raise CannotJudge(f"{where}: {c.describe(column)} ({c.source}): the page has no table of "
                                  f"{language.plural(c.not_named)} to compare with")
            if name_key(value) in {name_key(k) for k in known}:
                return self._violation(table_name, row, column, old, shown, c, new_row)
        return None

    def things(self, kind: str) -> list[str] | None:
        """The names of the things of ``kind`` on the page: the players (by the era's term, or
        "Player"), else the rows of the table of that kind (by caption, heading or first column).
        None when the page has no such table (or is not known)."""
        page = self.gamestate
        if page is None:
            return None
        forms = {variable_key(f) for f in language.plural_forms(kind) if f}
        terms = {variable_key(f) for f in language.plural_forms(self.player_term or "player") if f} | {"player"}
        if forms & terms:
            tables = [t for t in page.tables if self.is_players_table(t)]
        else:
            tables = [t for t in page.tables if not t.is_key_value and
                      forms & {label_key(page.label_of(t) or ""), label_key(t.headers[0] if t.headers else "")}]
        if len(tables) != 1:
            return None
        return [r for r in tables[0].row_names if r.strip()]

    def _names(self, c: Constraint, column: str, value: str, shown: str, place: Place | None, row: str | None,
               old: str | None, column_old: list[str], new_row: bool, notes: list[str], where: str) -> Violation | None:
        """A value that names things: each an existing thing of the kind, one for a single name, none twice
        in a list that says so, the mark for none."""
        table_name = place.name if place else None
        none_marks = {c.none} if c.none is not None else set()
        if c.none is not None and c.none in DASHES:
            none_marks |= set(DASHES)
        if value in none_marks or value == "" and (c.default == "" or c.kind == LIST or
                                                   any(not v.strip() for v in column_old)):
            return None
        known = self.things(c.refers or "")
        names = names_in(value) if c.kind == LIST else [value]
        if c.kind == TEXT and len(names_in(value)) > 1 and known is not None and \
                all(name_key(n) in {name_key(k) for k in known} for n in names_in(value)):
            return self._violation(table_name, row, column, old, shown, c, new_row)   # two names for one
        if known is None:
            # a value said to name a thing of a kind the page keeps no table of: the bot cannot tell whether
            # it names one (never "legal")
            raise CannotJudge(f"{where}: {c.describe(column)} ({c.source}): the page has no table of "
                              f"{language.plural(c.refers or 'thing')} to compare with")
        have = {name_key(k) for k in known}
        for n in names:
            if name_key(n) not in have:
                return self._violation(table_name, row, column, old, shown, c, new_row)
        if c.kind == LIST:
            keys = [name_key(n) for n in names]
            if c.unique and len(set(keys)) != len(keys):
                return self._violation(table_name, row, column, old, shown, c, new_row)
            if c.max_items is not None and len(keys) > c.max_items:
                return self._violation(table_name, row, column, old, shown, c, new_row)
        if c.other and row is not None and name_key(row) in {name_key(n) for n in names}:
            return self._violation(table_name, row, column, old, shown, c, new_row)   # "another Player": not itself
        return None

    def judge_name(self, name: str, place: Place) -> Violation | None:
        """A new row's name, in a players table, against the name rule (when the era has one)."""
        if self.names is None or self.names_off or not name.strip() or not self.is_players_table(place.table):
            return None
        if valid_player_name(name, self.names):
            return None
        n = self.names
        return Violation(place.name, name, place.first_header or "name", None, name, n.describe(), n.source,
                         new_row=True, name_rule=True, quote=n.sentence)

    @staticmethod
    def _violation(table_name, row, column, old, new, c: Constraint, new_row: bool, *, blank: bool = False,
                   not_integer: bool = False, below: bool = False) -> Violation:
        grid_cell = bool(c.grid) and variable_key(column) not in c.keys()
        text = c.describe(c.variable if grid_cell else column, unchecked=False)
        source, quote = c.source, c.sentence
        if c.kind == INTEGER and c.min_source and c.min == 0 and (below or not_integer or blank):
            # "a number of Coins" is an integer ≥ 0 because the Appendix says so
            text = f"{column} {'hold' if column.rstrip().endswith('s') else 'holds'} non-negative integers"
            source, quote = c.min_source, c.min_sentence or ""
        return Violation(table_name, row, column, old, new, text, source, new_row=new_row, quote=quote,
                         cell_of=c.variable if grid_cell else "")




# --------------------------------------------------------------------------- a page's columns and their constraints

GUESS = "guess"   # the Appendix's non-negative integers, for a column no rule names that holds plain numbers
UNMATCHED = "cannot judge"   # the rules may govern it, through a grid or table the page does not let the bot match

@dataclass
class ColumnRule:
    """One column (or single value) of the tracking page and the constraint that governs it."""

    table: str | None           # how the page names the table; None for a single value
    column: str
    constraint: Constraint | None
    how: str                    # "rule", "override", "appendix", GUESS (the non-negative guess), UNMATCHED, "none"
    why: str = ""               # for UNMATCHED: why the bot cannot judge it

    @property
    def partial(self) -> bool:
        """Read in part (or not matched): no value of it is called legal."""
        return self.how == UNMATCHED or bool(self.constraint is not None and self.constraint.partial)

    def to_dict(self) -> dict:
        c = self.constraint
        return {"table": self.table, "column": self.column, "how": self.how, "partial": self.partial,
                "constraint": c.describe(self.column) if c else (self.why or None),
                "source": c.source if c else None, "sentence": c.sentence if c else None}

    def line(self) -> str:
        where = f"{self.table} / {self.column}" if self.table else f"{self.column} (single value)"
        if self.how == UNMATCHED:
            return f"{where}: CANNOT JUDGE: {self.why}"
        if self.constraint is None:
            return f"{where}: no rule constrains it"
        if self.constraint.partial:
            return f"{where}: READ IN PART: {self.constraint.describe(self.column)} ({self.constraint.source})"
        c = self.constraint
        guess = " (while it holds plain numbers)" if self.how == GUESS else ""
        name = c.variable if c.grid and variable_key(self.column) not in c.keys() else self.column
        return f"{where}: {c.describe(name)}{guess} ({c.source})"


def page_constraints(legality: Legality, page) -> list[ColumnRule]:
    """Every table column and single value of a :class:`parsers.gamestate.GamestatePage` with the
    constraint the one legality applies to it — what ``wikibot constraints --gamestate-file`` lists."""
    out: list[ColumnRule] = []
    legality.gamestate = page
    for v in page.single_values:
        out.append(_column_rule(legality, None, v.name, [v.value]))
    for table in page.tables:
        if table.is_key_value:
            continue
        place = Place.on(page, table)
        heads = table.headers
        keys = table.column_keys()
        values = [vals for _, vals in table.row_values()]
        grid = legality.grid_of(place)
        if grid is not None and all(legality.find(h, place) is grid for h in heads[1:] if h):
            out.append(ColumnRule(place.name, "every cell", grid, grid.origin))
            continue
        for i, h in enumerate(heads):
            if i == 0 or not h:
                if i == 0 and legality.is_players_table(table) and legality.names is not None:
                    out.append(ColumnRule(place.name, h, legality.names, legality.names.origin))
                elif i == 0 and (named := legality.row_name_constraint(place)) is not None:
                    out.append(ColumnRule(place.name, h, named, named.origin))   # the things' names
                continue
            held = [vals.get(keys[i], "") for vals in values] if i < len(keys) else []
            out.append(_column_rule(legality, place, h, held))
    return out


def _column_rule(legality: Legality, place: Place | None, column: str, held: list[str]) -> ColumnRule:
    c = legality.find(column, place)
    if c is not None:
        return ColumnRule(place.name if place else None, column, c, c.origin)
    why = legality.unmatched(column, place)
    if why is not None:
        return ColumnRule(place.name if place else None, column, None, UNMATCHED, why)
    nonblank = [v for v in held if v.strip()]
    plain_numbers = bool(nonblank) and all(n is not None and n >= 0 for n in map(as_int, nonblank))
    if legality.numeric is not None and not legality.numeric_off and plain_numbers:
        return ColumnRule(place.name if place else None, column, legality.numeric, GUESS)
    return ColumnRule(place.name if place else None, column, None, "none")


__all__ = ["Legality", "Violation", "Place", "ColumnRule", "CannotJudge", "page_constraints", "as_int", "conforms",
           "label_key", "looks_like_grid", "names_in", "PLAYER_HEADERS"]

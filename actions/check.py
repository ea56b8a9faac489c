"""One edit of the gamestate tracking page → the changed values that break a constraint.

Pure: the Ruleset, the constraints (:mod:`actions.constraints`) and the old and new text of the
page in; a :class:`CheckResult` out. ``CheckResult.to_dict()`` is exactly the JSON of
``wikibot check``::

    {"legal": bool,
     "violations": [{"table", "row", "column", "old", "new", "constraint", "source"}],
     "summary": "Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables)."}

What is checked, and what is not (restraint: only what can be shown illegal)
---------------------------------------------------------------------------
* Only **changed** values. A value that was already illegal and is left as it was is not this
  edit's fault. Tables are paired old↔new by caption/heading and first column heading, rows by
  the name in their first cell (case, ``_``/space and ``User:`` ignored), columns by heading, single
  values (``{{pill|Round|2|…}}``, one-row name/value tables) by name.
* Rows of players who **joined or left** are not errors. A new row's values are checked against the
  constraints like any changed value, and in a players table (first column headed Player, Nomicer,
  User or the era's player term) the new player's name is checked against the Appendix name rule
  (spaces count as underscores, as in MediaWiki user names). Layout changes (new or removed
  columns and tables) are not errors; values in a new column are checked against the constraints
  the rules give that column.
* Values are read as plain text: ``{{box|Ash|gray}}`` is ``Ash``, ``'''7'''`` is ``7``,
  ``[[User:Kevan|Kevan]]`` is ``Kevan`` (see :func:`parsers.gamestate.plain_text`).
* **Blank cells are not numbers.** A blank is legal only where the variable's default is blank
  ("defaulting to empty", ``default blank`` on the overrides page), or where the column already held
  blanks before the edit (the page's own way to show "none"); otherwise setting an integer or
  allowed-values variable to blank is a violation.
* A rule's constraint applies to a column headed with the variable's name (plural and case
  ignored; "Influence" for "Influence Score"), in the table the rule names if it names one.
  A column whose existing values mostly do not read as the constraint's kind (icons, "3 (+1)", …)
  uses another representation: it is skipped, with a note, rather than guessed at. Overrides are
  applied as written, without that guard.
* A column no rule describes gets the Appendix's "numeric values hold only non-negative integers"
  only when every value it held before the edit was a non-negative integer, and only to flag a new
  value that reads as a negative or fractional number. Text in such a column is not judged.
* A page that cannot be read (a table never closed) is not judged: the result is legal, with a
  note saying why nothing was checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from actions.constraints import (
    APPENDIX_ORIGIN, ENUM, INTEGER, NUMERIC, OFF, OVERRIDE_ORIGIN, PLAYER_NAMES, RULE_ORIGIN, Constraint,
    infer_constraints, valid_player_name, variable_key,
)
from actions.synonyms import player_term as ruleset_player_term
from parsers import limits
from parsers.gamestate import (
    GamestateError, GamestatePage, Table, TextPart, name_key, parse_gamestate, plain_text,
)
from parsers.ruleset import Ruleset

# First-column headings of a players table; not "Name", which also heads tables of non-players
# (Villagers).
PLAYER_HEADERS = ("player", "nomicer", "user")
NUMERIC_KEY = variable_key(NUMERIC)
PLAYER_NAMES_KEY = variable_key(PLAYER_NAMES)
SUMMARY_LIMIT = 380  # leaves room for "Undid revision … by …:" and the CfJ hint in a 500-char summary

_INT = re.compile(r"[+\-−]?\d{1,3}(?:,\d{3})+|[+\-−]?\d+")
_NUMBER = re.compile(r"[+\-−]?\d+(?:\.\d+)?")
_HEADING_LINE = re.compile(r"^\s*(=+)\s*(?P<title>.+?)\s*\1\s*$", re.M)


@dataclass
class Violation:
    table: str | None
    row: str | None
    column: str
    old: str | None
    new: str
    constraint: str
    source: str
    new_row: bool = field(default=False, repr=False)
    name_rule: bool = field(default=False, repr=False)

    def to_dict(self) -> dict:
        return {"table": self.table, "row": self.row, "column": self.column, "old": self.old,
                "new": self.new, "constraint": self.constraint, "source": self.source}

    def sentence(self) -> str:
        """"Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables)." """
        shown = self.new if self.new != "" else "blank"
        if self.name_rule:
            what = f"new player name {shown}"
        elif self.row:
            what = f"{self.column} of {self.row} set to {shown}"
        else:
            what = f"{self.column} set to {shown}"
        return f"{what}; {self.constraint} ({self.source})."


@dataclass
class CheckResult:
    legal: bool
    violations: list[Violation]
    summary: str
    checked: int = 0                                   # changed values looked at
    notes: list[str] = field(default_factory=list)     # what was skipped, and why

    def to_dict(self) -> dict:
        """Exactly the issue's JSON shape."""
        return {"legal": self.legal, "violations": [v.to_dict() for v in self.violations],
                "summary": self.summary}

    def details(self) -> dict:
        """The JSON shape plus how many values were checked and what was skipped."""
        d = self.to_dict()
        d["checked"] = self.checked
        d["notes"] = list(self.notes)
        return d


# --------------------------------------------------------------------------- reading the page

@dataclass
class _Table:
    label: str | None          # caption, else the heading just above, else None
    table: Table               # the page's table it was read from
    rows: list[tuple[str, dict[str, str]]]   # (row name, {column key: value}) in order
    display: dict[str, str]    # column key → heading as shown
    index: int
    first_header: str
    first_key: str

    @property
    def name(self) -> str:
        """How a violation names it: caption, heading above, else "Defuser table"."""
        if self.label:
            return self.label
        return f"{self.first_header} table" if self.first_header else f"table {self.index}"


@dataclass
class _Change:
    table: _Table | None
    row: str | None
    column: str
    old: str | None
    new: str
    new_row: bool = False
    column_old: list[str] = field(default_factory=list)


def _tables(page: GamestatePage) -> list[_Table]:
    out: list[_Table] = []
    previous_text = ""
    for part in page.parts:
        if isinstance(part, TextPart):
            previous_text = str(part)
            continue
        if not isinstance(part, Table):
            continue
        heading = None
        for m in _HEADING_LINE.finditer(previous_text):
            heading = m.group("title")
        previous_text = ""
        if part.is_key_value:
            continue
        out.append(_read_table(part, part.caption or (heading and plain_text(heading)) or None))
    return out


def _read_table(table: Table, label: str | None) -> _Table:
    headers = table.headers
    keys: list[str] = []
    display: dict[str, str] = {}
    for i, h in enumerate(headers):
        k = variable_key(h) if h else ""
        if not k or k in display:
            k = f"#{i}"
        keys.append(k)
        display[k] = h or f"column {i + 1}"
    # Columns beyond the headings (or of a table without a header row) are keyed by position.
    column_keys = table.column_keys()
    for i in range(len(keys), len(column_keys)):
        keys.append(f"#{i}")
        display.setdefault(f"#{i}", f"column {i + 1}")
    ours = dict(zip(column_keys, keys))
    rows = [(name, {ours[k]: v for k, v in values.items()}) for name, values in table.row_values()]
    first = headers[0] if headers else ""
    return _Table(label, table, rows, display, table.index, first, keys[0] if keys else "#0")


def _pair(old: list, new: list, key) -> list[tuple[object | None, object]]:
    """Pair items of ``new`` with items of ``old`` having the same key, in order; unpaired → None."""
    pool: dict[str, list] = {}
    for item in old:
        pool.setdefault(key(item), []).append(item)
    out = []
    for item in new:
        bucket = pool.get(key(item))
        out.append((bucket.pop(0) if bucket else None, item))
    return out


def _table_key(t: _Table) -> str:
    return f"{variable_key(t.label or '')}|{variable_key(t.first_header)}"


def _changes(old_page: GamestatePage, new_page: GamestatePage) -> list[_Change]:
    changes: list[_Change] = []
    old_tables = _tables(old_page)
    pairs = _pair(old_tables, _tables(new_page), _table_key)
    used = {id(o) for o, _ in pairs if o is not None}
    leftover = [t for t in old_tables if id(t) not in used]
    if leftover:  # a caption or heading was changed: pair by the first column's heading alone
        second = _pair(leftover, [n for o, n in pairs if o is None], lambda t: variable_key(t.first_header))
        again = {id(n): o for o, n in second}
        pairs = [(o if o is not None else again.get(id(n)), n) for o, n in pairs]
    for old_t, new_t in pairs:
        first_key = new_t.first_key
        old_rows = old_t.rows if old_t else []
        for old_row, (name, values) in _pair(old_rows, new_t.rows, lambda r: name_key(r[0])):
            old_values = old_row[1] if old_row else {}
            for k, value in values.items():
                if k == first_key:
                    continue
                before = old_values.get(k) if old_row else None
                if old_row is not None and before == value:
                    continue
                column_old = [vals.get(k, "") for _, vals in old_rows if k in vals]
                changes.append(_Change(new_t, name, new_t.display.get(k, k), before, value,
                                       new_row=old_row is None, column_old=column_old))
            if old_row is None:
                changes.append(_Change(new_t, name, new_t.display.get(first_key, new_t.first_header),
                                       None, name, new_row=True, column_old=["<name>"]))
    olds = old_page.single_values
    for old_v, new_v in _pair(olds, new_page.single_values, lambda v: name_key(v.name)):
        if old_v is not None and old_v.value == new_v.value:
            continue
        changes.append(_Change(None, None, new_v.name, old_v.value if old_v else None, new_v.value,
                               column_old=[old_v.value] if old_v else []))
    return changes


# --------------------------------------------------------------------------- judging

def _as_int(value: str) -> int | None:
    v = value.strip().replace("−", "-")
    if _INT.fullmatch(v):
        return int(v.replace(",", ""))
    return None


def _clean_enum(value: str) -> str:
    return value.strip().strip("‘’“”\"'.").casefold()


def _conforms(c: Constraint, value: str) -> bool:
    if c.kind == INTEGER:
        return _as_int(value) is not None
    if c.kind == ENUM:
        return _clean_enum(value) in {_clean_enum(a) for a in (c.allowed or [])}
    return True


def _table_matches(hint: str, table: _Table | None) -> bool:
    if table is None:
        return False
    want = variable_key(hint)
    return want in {variable_key(table.label or ""), variable_key(table.first_header)}


class _Index:
    def __init__(self, constraints: list[Constraint], page: str | None):
        self.by_key: dict[str, list[Constraint]] = {}
        self.numeric: Constraint | None = None
        self.names: Constraint | None = None
        self.numeric_off = self.names_off = False
        for c in constraints:
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
            for k in c.keys():
                self.by_key.setdefault(k, []).append(c)

    def find(self, column: str, table: _Table | None) -> Constraint | None:
        found = self.by_key.get(variable_key(column), [])
        scoped = [c for c in found if c.table and _table_matches(c.table, table)]
        free = [c for c in found if not c.table]
        for group in (scoped, free):
            for origin in (OVERRIDE_ORIGIN, RULE_ORIGIN, APPENDIX_ORIGIN):
                for c in group:
                    if c.origin == origin:
                        return c
        return None


def _judge(ch: _Change, idx: _Index, notes: list[str]) -> Violation | None:
    where = f"{ch.column} of {ch.row}" if ch.row else ch.column
    table_name = ch.table.name if ch.table else None
    c = idx.find(ch.column, ch.table)
    if c is not None and c.kind == OFF:
        return None
    if c is not None and c.kind in (INTEGER, ENUM):
        column_old = [v for v in ch.column_old]
        nonblank = [v for v in column_old if v.strip()]
        if c.origin != OVERRIDE_ORIGIN and len(nonblank) >= 2 and \
                sum(1 for v in nonblank if _conforms(c, v)) * 2 < len(nonblank):
            notes.append(f"{where}: not checked against “{c.describe(ch.column)}”: the column's values "
                         "are written some other way")
            return None
        value = ch.new.strip()
        if value == "":
            if c.default == "" or any(not v.strip() for v in column_old):
                return None
            return _violation(ch, table_name, c, blank=True)
        if c.kind == ENUM:
            if _conforms(c, value):
                return None
            return _violation(ch, table_name, c)
        number = _as_int(value)
        if number is None:
            return _violation(ch, table_name, c, not_integer=True)
        if c.min is not None and number < c.min:
            return _violation(ch, table_name, c, below=True)
        if c.max is not None and number > c.max:
            return _violation(ch, table_name, c)
        return None
    if c is not None:
        return None  # text, list: nothing to check
    # No rule describes it: the Appendix default, only for plainly numeric columns.
    if idx.numeric is None or idx.numeric_off:
        return None
    nonblank = [v for v in ch.column_old if v.strip()]
    if not nonblank or not all(n is not None and n >= 0 for n in map(_as_int, nonblank)):
        return None
    value = ch.new.strip().replace("−", "-")
    if not _NUMBER.fullmatch(value):
        return None
    if value.startswith("-") or "." in value:
        n = idx.numeric
        return Violation(table_name, ch.row, ch.column, ch.old, ch.new, n.describe(ch.column), n.source,
                         new_row=ch.new_row)
    return None


def _violation(ch: _Change, table_name: str | None, c: Constraint, *, blank: bool = False,
               not_integer: bool = False, below: bool = False) -> Violation:
    text = c.describe(ch.column)
    source = c.source
    if c.kind == INTEGER and c.min_source and c.min == 0 and (below or not_integer or blank):
        # "a number of Coins" is an integer ≥ 0 because the Appendix says so
        text = f"{ch.column} {'hold' if ch.column.rstrip().endswith('s') else 'holds'} non-negative integers"
        source = c.min_source
    return Violation(table_name, ch.row, ch.column, ch.old, ch.new, text, source, new_row=ch.new_row)


def _summary(violations: list[Violation], checked: int) -> str:
    if not violations:
        if checked == 0:
            return "No gamestate values changed."
        return f"No illegal values among {checked} changed value{'s' if checked != 1 else ''}."
    parts: list[str] = []
    for i, v in enumerate(violations):
        s = v.sentence()
        s = s[0].upper() + s[1:]
        left_after = len(violations) - i - 1
        more = len(f" And {left_after} more.") if left_after else 0
        if parts and len(" ".join(parts + [s])) + more > SUMMARY_LIMIT:
            parts.append(f"And {len(violations) - i} more.")
            break
        parts.append(s)
    return " ".join(parts)


def check_edit(ruleset: Ruleset | None, constraints: list[Constraint] | None, old_text: str, new_text: str,
               *, page: str | None = None, player_term: str | None = None) -> CheckResult:
    """Judge one edit of the gamestate page.

    ``constraints`` None means :func:`~actions.constraints.infer_constraints` of ``ruleset``
    (pass the merged list to apply overrides). ``page`` (the page's name) lets constraints that
    name another page stand aside; ``player_term`` overrides the era's word for a player that
    picks out players tables (default: read from the Ruleset). Raises
    :class:`parsers.limits.TooLarge`, before anything is read, when either text is beyond
    :data:`parsers.limits.PAGE_CHARS` (such an edit is for humans to judge).
    """
    limits.check_page(old_text, "The gamestate page before the edit")
    limits.check_page(new_text, "The gamestate page after the edit")
    if constraints is None:
        constraints = infer_constraints(ruleset) if ruleset is not None else []
    notes: list[str] = []
    try:
        old_page = parse_gamestate(old_text)
    except GamestateError as exc:
        return CheckResult(True, [], f"The old page could not be read ({exc}); nothing was checked.",
                           notes=[str(exc)])
    try:
        new_page = parse_gamestate(new_text)
    except GamestateError as exc:
        return CheckResult(True, [], f"The new page could not be read ({exc}); nothing was checked.",
                           notes=[str(exc)])
    term = player_term or ruleset_player_term(ruleset)
    idx = _Index(constraints, page)
    violations: list[Violation] = []
    checked = 0
    for ch in _changes(old_page, new_page):
        if ch.column_old == ["<name>"]:
            # a new row: the player's name against the name rule, in players tables
            if ch.table is not None and idx.names is not None and not idx.names_off and ch.new.strip() \
                    and ch.table.table.is_players_table(term, headers=PLAYER_HEADERS):
                checked += 1
                if not valid_player_name(ch.new, idx.names):
                    n = idx.names
                    violations.append(Violation(ch.table.name, ch.new, ch.column, None, ch.new,
                                                n.describe(), n.source, new_row=True, name_rule=True))
            continue
        checked += 1
        v = _judge(ch, idx, notes)
        if v is not None:
            violations.append(v)
    return CheckResult(not violations, violations, _summary(violations, checked), checked, notes)


__all__ = ["Violation", "CheckResult", "check_edit", "SUMMARY_LIMIT"]

"""Gamestate steps of a Proposal applied to the tracking page, each checked by the one legality.

Pure: a :class:`parsers.gamestate.GamestatePage` (edited in place), a step and a
:class:`actions.legality.Legality` in; a one-line description of what changed out, or
:class:`actions.outcome.StepOutcome` (refused: the rules forbid the value; unsupported: the bot cannot apply it
with certainty). Before any cell is written, every value the step would write is judged by the
same :meth:`Legality.judge` that ``wikibot check`` and the patrol use, so a page enactment writes
is one they accept, and a value they call illegal is refused here with the same constraint and
source. Nothing is written when any value of the step is refused.

Steps: a player's (or every player's) value set, gained or lost; a transfer between players; a
column added with a starting value for every row, or with each row's value taken from another table;
every row's value so taken; a player added or removed; a row of any table added or removed; an
attribute of a named thing set (its column named, or the one the page and the rules tell: "Paint Plots 2
to 5 Green"); a single value set or changed.
"""

from __future__ import annotations

import dataclasses
import re

from actions.constraints import variable_key
from actions.legality import Legality, Place, Violation, as_int, conforms, join_names, names_in
from actions.outcome import StepOutcome
from actions.report import REFUSED, UNSUPPORTED
from parsers import characters, language
from parsers import steps as st
from parsers.gamestate import GamestateError, GamestatePage, Table, name_key
from parsers.variables import APPENDIX_ORIGIN, DASHES, ENUM, LIST


def _unsupported(detail: str) -> StepOutcome:
    return StepOutcome(UNSUPPORTED, detail)


def _refused(violation: Violation) -> StepOutcome:
    return StepOutcome(REFUSED, f"{violation.sentence()[:-1]}: an illegal value; nothing was changed")


def _call(fn, *args):
    try:
        return fn(*args)
    except GamestateError as exc:
        raise _unsupported(str(exc)) from None


def _number(text: str) -> int | None:
    return language.number(text)


# --------------------------------------------------------------------------- finding tables, columns, rows

def _players(page: GamestatePage, legality: Legality, term: str | None = None) -> Table:
    """The players table, as the one legality knows it (first column headed Player, Nomicer, User or
    the era's term); else as the page reader does (also "Name")."""
    known = legality.player_term
    other = bool(term) and term.casefold() not in ("player", "players") and not (
        known and (language.is_plural_pair(term, known) or term.casefold() == known.casefold()))
    if other and known:
        # "Set each Villager's Energy to 7." where the players are Puzzlers: Villagers are some
        # other thing of the game, with rows of their own; never the players' rows.
        raise _unsupported(f"“{term}” is not this era's word for a player (“{known}”): the bot cannot tell which "
                           "rows the step means")
    if other:
        # the era's word for a player unknown: only a table headed with the step's own word (“every Ship's
        # Cargo”: the Ship table), never the players' table found by its “Player” heading
        headed = [t for t in page.tables if t.headers and language.singular_or_same(name_key(t.headers[0]))
                  == language.singular_or_same(name_key(term))]
        if len(headed) != 1:
            raise _unsupported(f"“{term}” is not a word the page heads a table with, and the Ruleset does not say "
                               "what a player is called: the bot cannot tell which rows the step means")
        return headed[0]
    else:
        ours = [t for t in page.tables if legality.is_players_table(t)]
        if len(ours) == 1:
            return ours[0]
        candidates = [known, term]
    error = None
    for candidate in dict.fromkeys(candidates):
        try:
            return page.players_table(candidate)
        except GamestateError as exc:
            error = error or exc
    raise _unsupported(str(error))


def _same(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


def _column(table: Table, variable: str, what: str = "the players table") -> str:
    for form in language.plural_forms(variable):
        for h in table.headers:
            if h and _same(h, form):
                return h
    raise _unsupported(f"{what} has no column for “{variable}”; its columns are: "
                       + ", ".join(h for h in table.headers if h))


def _named_table(page: GamestatePage, name: str) -> Table:
    """The one table the page names ``name``: by caption or heading above, else by its first
    column's heading (singular or plural)."""
    forms = [f for f in language.plural_forms(name) if f]
    keys = {variable_key(f) for f in forms}
    by_label = [t for t in page.tables if variable_key(page.label_of(t) or "") in keys - {""}]
    if len(by_label) == 1:
        return by_label[0]
    by_first = [t for t in page.tables if t.headers and t.headers[0] and any(_same(t.headers[0], f) for f in forms)]
    if len(by_label) > 1 or len(by_first) > 1:
        raise _unsupported(f"several tables could be “{name}”; an Admin edits the page by hand")
    if len(by_first) == 1:
        return by_first[0]
    names = [page.label_of(t) or (t.headers[0] if t.headers else f"table {t.index}") for t in page.tables]
    raise _unsupported(f"the gamestate page has no table “{name}”; its tables are: " + (", ".join(names) or "none"))


def _place(page: GamestatePage, table: Table) -> Place:
    return Place.on(page, table)


def _column_values(table: Table, column: str) -> list[str]:
    out = []
    for row in table.row_names:
        if row:
            try:
                out.append(table.get(row, column))
            except GamestateError:
                continue
    return out


def _judge(legality: Legality, page: GamestatePage, table: Table, cells: list[tuple[str, str, str]]) -> None:
    """Judge every (row, column, value) the step would write; refuse naming every one the rules
    forbid (as check names them all), before anything is written."""
    found: dict[tuple, list[Violation]] = {}   # the same value and reason: one sentence naming every row
    for row, column, value in cells:
        old = _call(table.get, row, column)
        if old == value:
            continue  # left as it was: not this step's doing, as check sees it
        v = legality.judge(column, value, place=_place(page, table), row=row, old=old,
                           column_old=_column_values(table, column))
        if v is not None:
            found.setdefault((v.column, v.new, v.constraint, v.source), []).append(v)
    if found:
        refusals = []
        for same in found.values():
            first = same[0]
            if len(same) > 1:
                shown = first.new if first.new != "" else "blank"
                refusals.append(f"{first.column} of {', '.join(v.row or '' for v in same)} set to {shown}; "
                                f"{first.constraint} ({first.source})")
            else:
                refusals.append(first.sentence()[:-1])
        raise StepOutcome(REFUSED, "; ".join(refusals) + ": an illegal value; nothing was changed")


def _rows(table: Table, who) -> list[str]:
    if isinstance(who, st.EachPlayer):
        rows = [n for n in table.row_names if n]
        if not rows:
            raise _unsupported("the players table has no rows")
        return rows
    return [who]


def _as_written(table: Table, column: str, rows: list[str], value: str) -> str:
    """The value as the column writes it: a number word becomes digits in a numeric column."""
    current = [_call(table.get, r, column) for r in rows]
    numeric = any(c.strip() for c in current) and all(_number(c) is not None for c in current if c.strip())
    number = _number(value)
    if numeric and number is None:
        raise _unsupported(f"the {column} column holds numbers, and “{value}” is not one")
    return str(number) if number is not None else value


# --------------------------------------------------------------------------- the steps

def _set_value(page: GamestatePage, step: st.SetValue, legality: Legality) -> str:
    table = _players(page, legality, getattr(step.player, "term", None))
    column = _column(table, step.variable)
    rows = _rows(table, step.player)
    value = _as_written(table, column, rows, step.value.strip())
    for r in rows if step.direction else ():
        _same_way(step.direction, f"{r}’s {column}", _current_number(table, r, column), value)
    _judge(legality, page, table, [(r, column, value) for r in rows])
    for r in rows:
        _call(table.set_cell, r, column, value)
    who = "every player" if isinstance(step.player, st.EachPlayer) else rows[0]
    return f"set {column} of {who} to {value}" + (f" ({len(rows)} rows)" if len(rows) > 1 else "")


def _current_number(table: Table, row: str, column: str) -> int:
    raw = _call(table.get, row, column)
    cur = _number(raw)
    if cur is None:
        raise _unsupported(f"{row}’s {column} is “{raw}”, not a number")
    return cur


def _change_value(page: GamestatePage, step: st.ChangeValue, legality: Legality) -> str:
    table = _players(page, legality, getattr(step.player, "term", None))
    column = _column(table, step.variable)
    new: list[tuple[str, int, int]] = []
    for r in _rows(table, step.player):
        cur = _current_number(table, r, column)
        new.append((r, cur, cur + step.delta))
    _judge(legality, page, table, [(r, column, str(value)) for r, _, value in new])
    for r, _, value in new:
        _call(table.set_cell, r, column, str(value))
    return "; ".join(f"{r}: {column} {a} → {b}" for r, a, b in new)


def _transfer(page: GamestatePage, step: st.TransferValue, legality: Legality) -> str:
    if step.amount <= 0:
        raise StepOutcome(REFUSED, f"only positive amounts can be transferred (Numbers and Variables), "
                                   f"not {step.amount}")
    table = _players(page, legality)
    column = _column(table, step.variable)
    before = {who: _current_number(table, who, column) for who in (step.source, step.target)}
    after = {step.source: before[step.source] - step.amount, step.target: before[step.target] + step.amount}
    _judge(legality, page, table, [(who, column, str(value)) for who, value in after.items()])
    for who, value in after.items():
        _call(table.set_cell, who, column, str(value))
    return "; ".join(f"{who}: {column} {before[who]} → {after[who]}" for who in after)


def _add_column(page: GamestatePage, step: st.AddColumn, legality: Legality) -> str:
    problem = characters.name_problem(step.column.strip())
    if problem:  # a column is named by the rules; a look-alike name would not be the one they use
        raise _unsupported(f"not written: the column name “{step.column.strip()}” holds {problem}")
    table = _players(page, legality) if step.table is None else _named_table(page, step.table)
    if any(h and _same(h, step.column) for h in table.headers):
        raise _unsupported(f"“{_place(page, table).name}” already has a column “{step.column}”")
    if step.derived is not None:
        values = _derived_values(page, table, step.derived, legality)
        _judge_new(legality, page, table, step.column, values)
        _call(table.add_column, step.column, "")
        for row, value in values.items():
            _call(table.set_cell, row, step.column, value)
        return (f"added the column “{step.column}”, each row's the {step.derived.value} of the row its "
                f"{step.derived.link} names ({_listed(values)})")
    place = _place(page, table)
    said = ""
    if step.default is None:
        # no value said: the default the rules give the variable, as an Admin fills the new column
        c = legality.find(step.column, place)
        if c is not None and c.default is not None and c.origin != APPENDIX_ORIGIN:
            step = dataclasses.replace(step, default=c.default)
            said = " (the rules' default)"
        elif step.rules_default:
            raise _unsupported(f"“{step.column}” is to take its default, but no rule gives “{step.column}” a default")
    default = (step.default or "").strip()
    number = _number(default) if default else None
    if number is not None:
        default = str(number)
    rows = [r for r in table.row_names if r]
    v = legality.judge(step.column, default, place=place, row=rows[0] if rows else None, old=None,
                       column_old=[], new_row=False)
    if v is not None:
        raise _refused(v)
    _call(table.add_column, step.column, default)
    return f"added the column “{step.column}”" + (f" with {default} in every row{said}" if default else " (empty)")


def _listed(values: dict[str, str]) -> str:
    return "; ".join(f"{row}: {value or 'blank'}" for row, value in values.items())


def _judge_new(legality: Legality, page: GamestatePage, table: Table, column: str, values: dict[str, str]) -> None:
    """Judge every value of a column not yet on the page; refuse naming each one the rules forbid."""
    place = _place(page, table)
    refusals = []
    for row, value in values.items():
        v = legality.judge(column, value, place=place, row=row, old=None, column_old=[], new_row=False)
        if v is not None:
            refusals.append(v.sentence()[:-1])
    if refusals:
        raise StepOutcome(REFUSED, "; ".join(refusals) + ": an illegal value; nothing was changed")


def _derived_values(page: GamestatePage, table: Table, derived: st.Derived, legality: Legality) -> dict[str, str]:
    """Each row's value taken from another: the ``derived.value`` of the one row its ``derived.link`` names.
    Every row's must be found exactly — a link that names nothing, several things or a row of no table (or
    of several) is said, and nothing is written."""
    name = _place(page, table).name
    link = _column(table, derived.link, f"the table “{name}”")
    out: dict[str, str] = {}
    problems: list[str] = []
    for row in (r for r in table.row_names if r):
        held = _call(table.get, row, link).strip()
        names = names_in(held)
        if _empty(legality, page, table, link, held) or len(names) != 1:
            problems.append(f"{row}’s {link} is {'“' + held + '”' if held else 'blank'}, "
                            f"{'not one name' if held and len(names) != 1 else 'naming nothing'}")
            continue
        sources = _tables_with(page, names[0], derived.value)
        if len(sources) != 1:
            problems.append(f"{row}’s {link} “{names[0]}” is a row of {'no' if not sources else 'more than one'} "
                            f"table with a “{derived.value}” column")
            continue
        src = sources[0]
        column = _column(src, derived.value, f"the table “{_place(page, src).name}”")
        out[row] = _call(src.get, _row_in(src, names[0]) or names[0], column).strip()
    if problems:
        raise _unsupported("the bot cannot take every row's value from another table: " + "; ".join(problems))
    return out


def _derive_values(page: GamestatePage, step: st.DeriveValues, legality: Legality) -> str:
    term = legality.player_term
    players = step.kind.casefold() in ("player", "players") or (
        term and (language.is_plural_pair(step.kind, term) or step.kind.casefold() == term.casefold()))
    table = _players(page, legality, step.kind) if players else _named_table(page, step.kind)
    column = _column(table, step.column, f"the table “{_place(page, table).name}”")
    values = _derived_values(page, table, step.derived, legality)
    _judge(legality, page, table, [(row, column, value) for row, value in values.items()])
    for row, value in values.items():
        _call(table.set_cell, row, column, value)
    return f"set each row's {column} to the {step.derived.value} of the row its {step.derived.link} names " \
           f"({_listed(values)})"


def _defaults(legality: Legality, page: GamestatePage, table: Table, given: dict[str, str]) -> dict[str, str]:
    """The values of a new row: those given, else the default the rules state for each column."""
    place = _place(page, table)
    values: dict[str, str] = {}
    for h in table.headers[1:]:
        if not h:
            continue
        if h in given:
            values[h] = given[h]
            continue
        c = legality.find(h, place)
        if c is not None and c.default is not None:
            values[h] = c.default
    return values


def _add_row(page: GamestatePage, table: Table, name: str, given: dict[str, str], legality: Legality) -> str:
    place = _place(page, table)
    values = _defaults(legality, page, table, given)
    refusals: list[str] = []   # every value of the new row the rules forbid, named together
    v = legality.judge_row_name(name, place, [r for r in table.row_names if r])
    if v is not None:
        refusals.append(v.sentence()[:-1])
    for h in table.headers[1:]:
        if not h:
            continue
        v = legality.judge(h, values.get(h, ""), place=place, row=name, old=None,
                           column_old=_column_values(table, h), new_row=True)
        if v is None:
            continue
        if h not in given and values.get(h, "") == "":
            refusals.append(f"the new row “{name}” would leave {h} blank and the rules give no starting value; "
                            f"{v.constraint} ({v.source})")
        else:
            refusals.append(v.sentence()[:-1])
    if refusals:
        raise StepOutcome(REFUSED, "; ".join(refusals) + ": an illegal value; nothing was changed")
    _call(table.add_row, name, values)
    shown = ", ".join(f"{k} {v}" for k, v in values.items() if v != "")
    return f"added a row for {name} to “{place.name}”" + (f" ({shown})" if shown else "")


def _add_player(page: GamestatePage, step: st.AddPlayer, legality: Legality) -> str:
    return _add_row(page, _players(page, legality), step.name.strip(), {}, legality)


def _remove_player(page: GamestatePage, step: st.RemovePlayer, legality: Legality) -> str:
    table = _players(page, legality)
    _call(table.remove_row, step.name.strip())
    return f"removed the row of {step.name.strip()}"


def _add_named_row(page: GamestatePage, step: st.AddRow, legality: Legality) -> str:
    term = legality.player_term
    if term and (language.is_plural_pair(step.table, term) or step.table.casefold() == term.casefold()):
        table = _players(page, legality, step.table)  # "Add a new Diver named “Marlin” with 3 Pearls"
    else:
        table = _named_table(page, step.table)
    given: dict[str, str] = {}
    for column, value in step.values:
        given[_column(table, column, f"the table “{step.table}”")] = value.strip()
    return _add_row(page, table, step.name.strip(), given, legality)


def _remove_named_row(page: GamestatePage, step: st.RemoveRow, legality: Legality) -> str:
    table = _named_table(page, step.table)
    name = _row_in(table, step.name.strip()) or step.name.strip()   # "Plot 2": the row “2” of the Plots table
    _call(table.remove_row, name)
    return f"removed the row “{name}” from “{_place(page, table).name}”"


def _things_table(page: GamestatePage, thing: str, attribute: str, table: str | None) -> Table:
    """The table a thing's attribute is in: the one named, or the one table with that row and column."""
    if table is not None:
        return _named_table(page, table)
    tables = _tables_with(page, thing, attribute)
    if not tables:
        raise _unsupported(f"no table of the gamestate page has both a row “{thing}” and a column “{attribute}”")
    if len(tables) > 1:
        raise _unsupported(f"several tables have a row “{thing}” and a column “{attribute}”; name the table")
    return tables[0]


def _tables_with(page: GamestatePage, thing: str, attribute: str) -> list[Table]:
    return [t for t in page.tables if not t.is_key_value and _row_in(t, thing) is not None
            and any(h and any(_same(h, f) for f in language.plural_forms(attribute)) for h in t.headers)]


#: the column a step that paints a thing sets ("Paint Plot 2 Green"), by its heading
_COLOUR_COLUMNS = {"colour", "color", "paint", "hue"}


def _column_for(page: GamestatePage, table: Table, step: st.SetAttribute, legality: Legality) -> str:
    """The column a step that names none sets ("Set Plots 2 to 5 to Green", "Paint Plot 2 Green"): for a paint,
    the table's colour column; else the one column of the thing's table whose values the rules list with the
    value among them, or the table's only column besides the names. Two, or none: said, never guessed."""
    place = _place(page, table)
    value = step.value.strip()
    columns = [h for h in table.headers[1:] if h]
    found = {h for h in columns if (c := legality.find(h, place)) is not None and c.kind == ENUM and conforms(c, value)}
    colours = {h for h in columns if variable_key(h) in _COLOUR_COLUMNS}
    if step.colour and colours:
        found = colours   # a paint sets the colour, whatever else may hold the value
    elif not found and len(columns) == 1 and not step.colour:
        found = set(columns)
    said = f"“{step.text.strip()}”" if step.text.strip() else "the step"
    if len(found) == 1:
        return found.pop()
    if found:
        raise _unsupported(f"{said} names no column, and more than one column of “{place.name}” could hold "
                           f"“{value}” ({join_names(sorted(found), '')}); name the column")
    what = "is a colour or " if step.colour else ""
    raise _unsupported(f"{said} names no column, and no column of “{place.name}” {what}has values the rules list "
                       f"with “{value}” among them; name the column")


def _set_attribute(page: GamestatePage, step: st.SetAttribute, legality: Legality) -> str:
    table, thing, column = _cell_table(page, st.Cell(row=step.thing, column=step.attribute, pair=step.pair),
                                       step.table)
    step = dataclasses.replace(step, thing=thing)
    if column is None:
        column = _column_for(page, table, step, legality)
    place = _place(page, table)
    value = step.value.strip()
    symbols = {name.casefold(): symbol for symbol, name in place.legend.items()}
    c = legality.find(column, place)
    if value.casefold() in symbols:  # a board written in symbols: "Lemon" is written as its symbol
        value = symbols[value.casefold()]
    elif c is not None and c.kind == ENUM and conforms(c, value) and value not in (c.allowed or []):
        # "green" where the rules list "Green": written as the rules spell it
        value = next(a for a in c.allowed or [] if conforms(dataclasses.replace(c, allowed=[a]), value))
    else:
        value = _as_written(table, column, [step.thing], value)
    _judge(legality, page, table, [(step.thing, column, value)])
    _call(table.set_cell, step.thing, column, value)
    if step.thing.isdigit() and column.isdigit():  # a grid's cell
        return f"set the cell at Row {step.thing}, Column {column} of “{place.name}” to {value}"
    return f"set {column} of {step.thing} to {value}"


# --------------------------------------------------------------------------- cells: grids, swaps, moves, lists

_ORDER = re.compile(r"\(\s*(row|column|col|x|y)\s*,\s*(row|column|col|x|y)\s*\)", re.I)


def _row_first(page: GamestatePage, table: Table) -> bool | None:
    """Does the table's caption (or heading) give coordinates row first, "(Row, Column)", or column first,
    "(Column, Row)", "(X, Y)"? None when it does not say."""
    m = _ORDER.search(table.caption or page.label_of(table) or "")
    if m is None:
        return None
    first, second = (w.lower() for w in m.groups())
    if {first, second} in ({"row", "column"}, {"row", "col"}):
        return first == "row"
    if {first, second} == {"x", "y"}:
        return first == "y"
    return None


def _cell_table(page: GamestatePage, cell: st.Cell, table: str | None) -> tuple[Table, str, str | None]:
    """The table, row and column of a cell a step names; coordinates are put in the order the table's
    caption gives, and a row named with its kind ("Plot 3" for the row “3” of the Plots table) found."""
    if cell.pair:
        a, b = cell.row, cell.column or ""
        if table is not None:
            tables = [_named_table(page, table)]
        else:
            tables = [t for t in page.tables if not t.is_key_value and _row_first(page, t) is not None
                      and (_tables_with_one(t, a, b) or _tables_with_one(t, b, a))]
            if len(tables) != 1:
                raise _unsupported(f"the cell ({a}, {b}) is in {'no' if not tables else 'more than one'} grid "
                                   "whose caption says which number is the row; name the table, or write "
                                   f"“Row {a}, Column {b}”")
        t = tables[0]
        first = _row_first(page, t)
        if first is None:
            raise _unsupported(f"the caption of “{_place(page, t).name}” does not say which of ({a}, {b}) is the "
                               f"row; write “Row {a}, Column {b}”")
        row, column = (a, b) if first else (b, a)
        return t, row, column
    if cell.column is None:
        tables = [_named_table(page, table)] if table is not None else \
            [t for t in page.tables if not t.is_key_value and _row_in(t, cell.row)]
        if len(tables) != 1:
            raise _unsupported(f"{'no' if not tables else 'more than one'} table of the gamestate page has a row "
                               f"“{cell.row}”" + ("" if not tables else "; name the table"))
        return tables[0], _row_in(tables[0], cell.row) or cell.row, None
    t = _things_table(page, cell.row, cell.column, table)
    return t, _row_in(t, cell.row) or cell.row, _column(t, cell.column, f"the table “{_place(page, t).name}”")


def _tables_with_one(table: Table, row: str, column: str) -> bool:
    return any(_same(r, row) for r in table.row_names if r) and any(h and _same(h, column) for h in table.headers)


def _row_in(table: Table, name: str) -> str | None:
    """The row of ``table`` that ``name`` names: by its name, or by the words after a first word that is
    what the table calls its rows ("Plot 3" in a table headed Plot or captioned Plots)."""
    for r in table.row_names:
        if r and _same(r, name):
            return r
    words = name.split()
    if len(words) < 2:
        return None
    kinds = {variable_key(f) for f in language.plural_forms(words[0]) if f}
    said = [w for w in (table.caption or "", table.headers[0] if table.headers else "") if w]
    if not any(variable_key(f) in kinds for w in said for f in language.plural_forms(w.split("(")[0].strip())):
        return None
    rest = " ".join(words[1:])
    return next((r for r in table.row_names if r and _same(r, rest)), None)


def _none_mark(legality: Legality, page: GamestatePage, table: Table, column: str) -> str:
    """What an emptied cell holds: the rules' mark for none ("-"), else nothing."""
    c = legality.find(column, _place(page, table))
    return c.none if c is not None and c.none is not None else ""


def _empty(legality: Legality, page: GamestatePage, table: Table, column: str, value: str) -> bool:
    v = value.strip()
    return v == "" or v == _none_mark(legality, page, table, column) or v in DASHES or v.casefold() == "none"


def _swap(page: GamestatePage, step: st.SwapValues, legality: Legality) -> str:
    t1, r1, c1 = _cell_table(page, step.first, step.table)
    t2, r2, c2 = _cell_table(page, step.second, step.table)
    if t1 is not t2:
        raise _unsupported("the two cells are in different tables; an Admin swaps them by hand")
    v1, v2 = _call(t1.get, r1, c1), _call(t1.get, r2, c2)
    raw1, raw2 = _call(t1.cell, r1, c1).text, _call(t1.cell, r2, c2).text
    _judge(legality, page, t1, [(r1, c1, v2), (r2, c2, v1)])
    _call(t1.set_cell, r1, c1, raw2)
    _call(t1.set_cell, r2, c2, raw1)
    return f"swapped {c1} of {r1} ({v1 or 'blank'}) and {c2} of {r2} ({v2 or 'blank'})"


def _holding(table: Table, row: str, name: str, columns: list[str] | None = None) -> list[str]:
    """The columns of ``row`` whose value holds ``name`` (alone or in a list)."""
    out = []
    for h in columns or [h for h in table.headers[1:] if h]:
        try:
            value = table.get(row, h)
        except GamestateError:
            continue
        if any(_same(n, name) for n in names_in(value)):
            out.append(h)
    return out


def _without(value: str, name: str) -> str:
    kept = [n for n in names_in(value) if not _same(n, name)]
    return join_names(kept, value)


def _with(legality: Legality, page: GamestatePage, table: Table, column: str, value: str, name: str) -> str:
    """The value with ``name`` put in: alone in an empty cell, else added to the list the cell holds (when
    the rules keep a list there); a cell holding a single other name is not overwritten."""
    if _empty(legality, page, table, column, value):
        return name
    c = legality.find(column, _place(page, table))
    if c is not None and c.kind == LIST or len(names_in(value)) > 1:
        return join_names(names_in(value) + [name], value)
    raise _unsupported(f"{column} already holds “{value}”; the bot does not overwrite it with “{name}”")


def _move_name(page: GamestatePage, step: st.MoveName, legality: Legality) -> str:
    table, trow, tcol = _cell_table(page, step.target, step.table)
    if step.source is not None:
        stable, srow, scol = _cell_table(page, step.source, step.table)
        if stable is not table:
            raise _unsupported("the name would move from one table to another; an Admin moves it by hand")
    else:
        spots = [(r, h) for r in table.row_names if r for h in _holding(table, r, step.name, [tcol] if tcol else None)]
        if len(spots) != 1:
            raise _unsupported(f"“{step.name}” is in {'no' if not spots else 'more than one'} cell of "
                               f"“{_place(page, table).name}”; say where it moves from")
        (srow, scol), stable = spots[0], table
    if scol is None:
        held = _holding(table, srow, step.name, [tcol] if tcol else None)
        if len(held) != 1:
            raise _unsupported(f"“{step.name}” is in {'no' if not held else 'more than one'} column of {srow}")
        scol = held[0]
    elif not _holding(table, srow, step.name, [scol]):
        raise _unsupported(f"{scol} of {srow} does not hold “{step.name}”")
    tcol = tcol or scol
    if _same(srow, trow) and _same(scol, tcol):
        raise _unsupported(f"“{step.name}” is already there")
    old_source = _call(table.get, srow, scol)
    left = _without(old_source, step.name) or _none_mark(legality, page, table, scol)
    put = _with(legality, page, table, tcol, _call(table.get, trow, tcol), step.name.strip())
    _judge(legality, page, table, [(srow, scol, left), (trow, tcol, put)])
    _call(table.set_cell, srow, scol, left)
    _call(table.set_cell, trow, tcol, put)
    return f"moved {step.name} from {scol} of {srow} to {tcol} of {trow}"


def _add_to_cell(page: GamestatePage, step: st.AddToCell, legality: Legality) -> str:
    table, row, column = _cell_table(page, step.cell, step.table)
    old = _call(table.get, row, column)
    if _empty(legality, page, table, column, old):
        new = step.name.strip()
    else:
        new = join_names(names_in(old) + [step.name.strip()], old)
    _judge(legality, page, table, [(row, column, new)])
    _call(table.set_cell, row, column, new)
    return f"added {step.name} to {column} of {row}"


def _remove_from_cell(page: GamestatePage, step: st.RemoveFromCell, legality: Legality) -> str:
    table, row, column = _cell_table(page, step.cell, step.table)
    old = _call(table.get, row, column)
    if not any(_same(n, step.name) for n in names_in(old)):
        raise _unsupported(f"{column} of {row} (“{old}”) does not hold “{step.name}”")
    new = _without(old, step.name) or _none_mark(legality, page, table, column)
    _judge(legality, page, table, [(row, column, new)])
    _call(table.set_cell, row, column, new)
    return f"removed {step.name} from {column} of {row}"


def _change_attribute(page: GamestatePage, step: st.ChangeAttribute, legality: Legality) -> str:
    table, thing, column = _cell_table(page, st.Cell(row=step.thing, column=step.attribute), step.table)
    step = dataclasses.replace(step, thing=thing)
    cur = _current_number(table, step.thing, column)
    value = str(cur + step.delta)
    _judge(legality, page, table, [(step.thing, column, value)])
    _call(table.set_cell, step.thing, column, value)
    return f"{step.thing}: {column} {cur} → {value}"


def _without_its_kind(page: GamestatePage, name: str, column: str, players: Table | None,
                      legality: Legality) -> str:
    """"the Diver Wren", "the Ferry Gullwing": a row named with its kind before it (see :func:`_row_in`);
    the players' rows are also named by the era's word for a player, or "Player"."""
    if any(_same(r, name) for t in page.tables for r in t.row_names if r):
        return name
    for table in _tables_with(page, name, column):
        found = _row_in(table, name)
        if found is not None:
            return found
    words = name.split()
    if players is not None and len(words) > 1 and any(
            variable_key(f) in {variable_key(k) for k in (legality.player_term or "player", "player")}
            for f in language.plural_forms(words[0])):
        rest = " ".join(words[1:])
        return next((r for r in players.row_names if r and _same(r, rest)), name)
    return name


def _as_the_page_has_it(page: GamestatePage, step: st.Step, legality: Legality) -> st.Step:
    """The words cannot tell a player from a thing ("Set Cup’s Worth to 4", "Set the Coins of Kevan to 1");
    the page can. A player's value named as a thing's, and a thing's named as a player's, are read as what
    the page holds: a row of the players' table is a player, a row of one other table with that column a thing."""
    if isinstance(step, st.SetSingleValue):
        return _single_or_thing(page, step)
    if isinstance(step, (st.SetValue, st.ChangeValue)) and not isinstance(step.player, st.EachPlayer):
        name, column = step.player, step.variable
    elif isinstance(step, (st.SetAttribute, st.ChangeAttribute)) and step.table is None and step.attribute is not None:
        name, column = step.thing, step.attribute
    else:
        return step
    try:
        players = _players(page, legality)
    except StepOutcome:
        return step  # no players' table the rules' word names: a name cannot be told a player or a thing
    named = _without_its_kind(page, name, column, players, legality)
    if named != name:
        step = dataclasses.replace(step, **{"player" if hasattr(step, "player") else "thing": named})
        name = named
    is_player = players is not None and any(_same(r, name) for r in players.row_names if r)
    if isinstance(step, (st.SetAttribute, st.ChangeAttribute)):
        if not is_player or not any(t is players for t in _tables_with(page, name, column)):
            return step
        return _as_other(step, player=name, variable=column)
    if is_player:
        return step
    tables = [t for t in _tables_with(page, name, column) if t is not players]
    if not tables:
        raise _unsupported(f"“{name}” is neither a {legality.player_term or 'player'} nor a row of a table with "
                           f"a “{column}” column on the gamestate page")
    if len(tables) != 1:
        return step
    return _as_other(step, thing=name, attribute=column)


def _single_or_thing(page: GamestatePage, step: st.SetSingleValue) -> st.Step:
    """"Set Plot 1 to Green": the words cannot tell a single value from a thing whose column the page tells; a
    name the page has no single value of, but one table a row of, is that thing."""
    try:
        page.single(step.name)
        return step
    except GamestateError:
        pass
    if sum(1 for t in page.tables if not t.is_key_value and _row_in(t, step.name) is not None) != 1:
        return step
    if step.direction:
        raise _unsupported(f"“{step.text.strip()}”: a thing's value raised or lowered to a number is an Admin's to set")
    return st.SetAttribute(index=step.index, text=step.text, when=step.when, thing=step.name, attribute=None,
                           value=step.value)


#: A player's step and a thing's step that say the same ("Set Cup’s Worth", "Set the Worth of Cup").
_COUNTERPART = {st.SetValue: st.SetAttribute, st.ChangeValue: st.ChangeAttribute,
                st.SetAttribute: st.SetValue, st.ChangeAttribute: st.ChangeValue}


def _as_other(step: st.Step, **names: str) -> st.Step:
    """The step as its counterpart (a player's value as a thing's, or the other way), its row and column
    given by ``names``, its value or change and its condition kept."""
    if getattr(step, "direction", None):
        raise _unsupported(f"“{step.text.strip()}”: a thing's value raised or lowered to a number is an Admin's to set")
    kept = {"value": step.value} if hasattr(step, "value") else {"delta": step.delta}
    return _COUNTERPART[type(step)](index=step.index, text=step.text, when=step.when, **names, **kept)


def _single_judge(legality: Legality, name: str, old: str, value: str) -> None:
    if old == value:
        return
    v = legality.judge(name, value, place=None, row=None, old=old, column_old=[old])
    if v is not None:
        raise _refused(v)


def _set_single(page: GamestatePage, step: st.SetSingleValue, legality: Legality) -> str:
    single = _call(page.single, step.name)
    old = single.value
    value = step.value.strip()
    if as_int(old) is not None:
        number = _number(value)
        if number is None:
            raise _unsupported(f"{single.name} holds a number, and “{value}” is not one")
        value = str(number)
    if step.direction:
        if as_int(old) is None:
            raise _unsupported(f"{single.name} is to go {step.direction} to {value}, but it holds “{old}”, not a number")
        _same_way(step.direction, single.name, as_int(old), value)
    _single_judge(legality, single.name, old, value)
    _call(single.set, value)
    return f"set {single.name} to {value}"


def _same_way(direction: str, what: str, old: int, value: str) -> None:
    """"Raise X to 5" when X is 7 already says two things: an Admin decides which is meant."""
    new = _number(value)
    if new is None or (new <= old if direction == "up" else new >= old):
        raise _unsupported(f"{what} is to be {'raised' if direction == 'up' else 'lowered'} to {value}, but it is "
                           f"{old} now")


def _change_single(page: GamestatePage, step: st.ChangeSingleValue, legality: Legality) -> str:
    single = _call(page.single, step.name)
    cur = _number(single.value)
    if cur is None:
        raise _unsupported(f"{single.name} is “{single.value}”, not a number")
    value = str(cur + step.delta)
    _single_judge(legality, single.name, single.value, value)
    _call(single.set, value)
    return f"{single.name} {cur} → {value}"


#: step type → (the action's name in the report, its handler)
HANDLERS = {
    st.SetValue: ("set value", _set_value),
    st.ChangeValue: ("change value", _change_value),
    st.TransferValue: ("transfer value", _transfer),
    st.AddColumn: ("add column", _add_column),
    st.DeriveValues: ("take values from another table", _derive_values),
    st.AddPlayer: ("add player", _add_player),
    st.RemovePlayer: ("remove player", _remove_player),
    st.AddRow: ("add row", _add_named_row),
    st.RemoveRow: ("remove row", _remove_named_row),
    st.SetAttribute: ("set attribute", _set_attribute),
    st.ChangeAttribute: ("change attribute", _change_attribute),
    st.SwapValues: ("swap values", _swap),
    st.MoveName: ("move a name", _move_name),
    st.AddToCell: ("add to a cell", _add_to_cell),
    st.RemoveFromCell: ("remove from a cell", _remove_from_cell),
    st.SetSingleValue: ("set single value", _set_single),
    st.ChangeSingleValue: ("change single value", _change_single),
}
GAMESTATE_STEPS = tuple(HANDLERS)


def apply(page: GamestatePage, step: st.Step, legality: Legality) -> str:
    """Apply one gamestate step to ``page`` (in place); what changed, or :class:`StepOutcome`.
    Every value is judged before the first is written, so a refused step changes nothing."""
    entry = HANDLERS.get(type(step))
    if entry is None:
        raise _unsupported(f"the bot cannot apply a {type(step).__name__} step to the gamestate page")
    step = _as_the_page_has_it(page, step, legality)
    return HANDLERS[type(step)][1](page, step, legality)


__all__ = ["apply", "HANDLERS", "GAMESTATE_STEPS", "StepOutcome"]

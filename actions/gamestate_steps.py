"""Gamestate steps of a Proposal applied to the tracking page, each checked by the one legality.

Pure: a :class:`parsers.gamestate.GamestatePage` (edited in place), a step and a
:class:`actions.legality.Legality` in; a one-line description of what changed out, or
:class:`actions.outcome.StepOutcome` (refused: the rules forbid the value; unsupported: the bot cannot apply it
with certainty). Before any cell is written, every value the step would write is judged by the
same :meth:`Legality.judge` that ``wikibot check`` and the patrol use, so a page enactment writes
is one they accept, and a value they call illegal is refused here with the same constraint and
source. Nothing is written when any value of the step is refused.

Steps: a player's (or every player's) value set, gained or lost; a transfer between players; a
column added with a starting value for every row; a player added or removed; a row of any table
added or removed; an attribute of a named thing set; a single value set or changed.
"""

from __future__ import annotations

import dataclasses

from actions.constraints import variable_key
from actions.legality import Legality, Place, Violation, as_int
from actions.outcome import StepOutcome
from actions.report import REFUSED, UNSUPPORTED
from parsers import characters, language
from parsers import steps as st
from parsers.gamestate import GamestateError, GamestatePage, Table, name_key


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
    if term and known and not language.is_plural_pair(term, known) and \
            term.casefold() not in (known.casefold(), "player", "players"):
        # "Set each Villager's Energy to 7." where the players are Puzzlers: Villagers are some
        # other thing of the game, with rows of their own; never the players' rows.
        raise _unsupported(f"“{term}” is not this era's word for a player (“{known}”): the bot cannot tell which "
                           "rows the step means")
    ours = [t for t in page.tables if legality.is_players_table(t)]
    if len(ours) == 1:
        return ours[0]
    error = None
    for candidate in dict.fromkeys([legality.player_term, term]):
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
    default = (step.default or "").strip()
    number = _number(default) if default else None
    if number is not None:
        default = str(number)
    place = _place(page, table)
    rows = [r for r in table.row_names if r]
    v = legality.judge(step.column, default, place=place, row=rows[0] if rows else None, old=None,
                       column_old=[], new_row=False)
    if v is not None:
        raise _refused(v)
    _call(table.add_column, step.column, default)
    return f"added the column “{step.column}”" + (f" with {default} in every row" if default else " (empty)")


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
    v = legality.judge_name(name, place)
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
    table = _named_table(page, step.table)
    given: dict[str, str] = {}
    for column, value in step.values:
        given[_column(table, column, f"the table “{step.table}”")] = value.strip()
    return _add_row(page, table, step.name.strip(), given, legality)


def _remove_named_row(page: GamestatePage, step: st.RemoveRow, legality: Legality) -> str:
    table = _named_table(page, step.table)
    _call(table.remove_row, step.name.strip())
    return f"removed the row “{step.name.strip()}” from “{_place(page, table).name}”"


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
    return [t for t in page.tables if not t.is_key_value
            and any(_same(r, thing) for r in t.row_names if r)
            and any(h and any(_same(h, f) for f in language.plural_forms(attribute)) for h in t.headers)]


def _set_attribute(page: GamestatePage, step: st.SetAttribute, legality: Legality) -> str:
    table = _things_table(page, step.thing, step.attribute, step.table)
    place = _place(page, table)
    column = _column(table, step.attribute, f"the table “{place.name}”")
    value = step.value.strip()
    symbols = {name.casefold(): symbol for symbol, name in place.legend.items()}
    if value.casefold() in symbols:  # a board written in symbols: "Lemon" is written as its symbol
        value = symbols[value.casefold()]
    else:
        value = _as_written(table, column, [step.thing], value)
    _judge(legality, page, table, [(step.thing, column, value)])
    _call(table.set_cell, step.thing, column, value)
    return f"set {column} of {step.thing} to {value}"


def _change_attribute(page: GamestatePage, step: st.ChangeAttribute, legality: Legality) -> str:
    table = _things_table(page, step.thing, step.attribute, step.table)
    place = _place(page, table)
    column = _column(table, step.attribute, f"the table “{place.name}”")
    cur = _current_number(table, step.thing, column)
    value = str(cur + step.delta)
    _judge(legality, page, table, [(step.thing, column, value)])
    _call(table.set_cell, step.thing, column, value)
    return f"{step.thing}: {column} {cur} → {value}"


def _without_its_kind(page: GamestatePage, name: str, column: str, players: Table | None,
                      legality: Legality) -> str:
    """"the Diver Wren", "the Ferry Gullwing": a row named with its kind before it.  When no row is named
    ``name`` but one is named by the words after its first, and that first word is what the page calls
    such rows (the era's word for a player; a table's name or first heading), the row is that one."""
    words = name.split()
    if len(words) < 2 or any(_same(r, name) for t in page.tables for r in t.row_names if r):
        return name
    kind, rest = words[0], " ".join(words[1:])
    kinds = {variable_key(f) for f in language.plural_forms(kind) if f}
    for table in _tables_with(page, rest, column):
        said = [legality.player_term or "player", "player"] if table is players else []
        said += [page.label_of(table) or "", table.headers[0] if table.headers else ""]
        if any(variable_key(f) in kinds for w in said if w for f in language.plural_forms(w)):
            return rest
    return name


def _as_the_page_has_it(page: GamestatePage, step: st.Step, legality: Legality) -> st.Step:
    """The words cannot tell a player from a thing ("Set Cup’s Worth to 4", "Set the Coins of Kevan to 1");
    the page can. A player's value named as a thing's, and a thing's named as a player's, are read as what
    the page holds: a row of the players' table is a player, a row of one other table with that column a thing."""
    if isinstance(step, (st.SetValue, st.ChangeValue)) and not isinstance(step.player, st.EachPlayer):
        name, column = step.player, step.variable
    elif isinstance(step, (st.SetAttribute, st.ChangeAttribute)) and step.table is None:
        name, column = step.thing, step.attribute
    else:
        return step
    try:
        players = _players(page, legality)
    except StepOutcome:
        players = None
    named = _without_its_kind(page, name, column, players, legality)
    if named != name:
        step = dataclasses.replace(step, **{"player" if hasattr(step, "player") else "thing": named})
        name = named
    is_player = players is not None and any(_same(r, name) for r in players.row_names if r)
    if isinstance(step, (st.SetAttribute, st.ChangeAttribute)):
        if not is_player or not any(t is players for t in _tables_with(page, name, column)):
            return step
        if isinstance(step, st.SetAttribute):
            return st.SetValue(index=step.index, text=step.text, when=step.when, player=name, variable=column,
                               value=step.value)
        return st.ChangeValue(index=step.index, text=step.text, when=step.when, player=name, variable=column,
                              delta=step.delta)
    if is_player:
        return step
    tables = [t for t in _tables_with(page, name, column) if t is not players]
    if not tables:
        raise _unsupported(f"“{name}” is neither a {legality.player_term or 'player'} nor a row of a table with "
                           f"a “{column}” column on the gamestate page")
    if len(tables) != 1:
        return step
    if isinstance(step, st.SetValue):
        return st.SetAttribute(index=step.index, text=step.text, when=step.when, thing=name, attribute=column,
                               value=step.value)
    return st.ChangeAttribute(index=step.index, text=step.text, when=step.when, thing=name, attribute=column,
                              delta=step.delta)


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
    _single_judge(legality, single.name, old, value)
    _call(single.set, value)
    return f"set {single.name} to {value}"


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
    st.AddPlayer: ("add player", _add_player),
    st.RemovePlayer: ("remove player", _remove_player),
    st.AddRow: ("add row", _add_named_row),
    st.RemoveRow: ("remove row", _remove_named_row),
    st.SetAttribute: ("set attribute", _set_attribute),
    st.ChangeAttribute: ("change attribute", _change_attribute),
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

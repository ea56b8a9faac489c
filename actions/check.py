"""One edit of the gamestate tracking page → legal, illegal (the values that break a constraint) or
cannot judge (what the bot could not read the same way).

Pure: the Ruleset, the constraints (:mod:`actions.constraints`) and the old and new text of the
page in; a :class:`CheckResult` out. Every value is judged by the one legality
(:class:`actions.legality.Legality`, shared with enactment and the reset). ``CheckResult.to_dict()``
is exactly the JSON of ``wikibot check``::

    {"legal": bool, "verdict": "legal" | "illegal" | "cannot judge",
     "violations": [{"table", "row", "column", "old", "new", "constraint", "source"}],
     "summary": "Coins of Bob set to -2; Coins hold non-negative integers (Appendix: Numbers and Variables)."}

What is checked (restraint: only what can be shown illegal is called illegal)
----------------------------------------------------------------------------
* Only **changed** values. A value that was already illegal and is left as it was is not this
  edit's fault. Tables are paired old↔new by caption/heading and first column heading, rows by
  the name in their first cell (case, ``_``/space and ``User:`` ignored), columns by heading, single
  values (``{{pill|Round|2|…}}``, one-row name/value tables) by name.
* A new row's values are checked like any changed value; in a players table (first column headed
  Player, Nomicer, User or the era's player term) the new player's name is checked against the
  Appendix name rule. Values in a new column are checked against the constraints of that column.
* Values are read as plain text (:func:`parsers.gamestate.plain_text`); a board's symbols are read
  through the legend under it. How a value is judged — blanks, another representation, the
  Appendix's guess for columns no rule describes — is :meth:`actions.legality.Legality.judge`.

Never "legal" for what cannot be read
-------------------------------------
Each of these makes the verdict "cannot judge" (``wikibot check`` exits 2, the patrol reports it to
humans) unless a named violation makes it "illegal": either page not reading as tables (a table
whose closing ``|}`` was removed), a header or row name that changed — including by an invisible or
look-alike character, named in the reason (:func:`odd_characters`) — a row, table or single value
that disappeared, the whole page blanked, and a changed value the one legality cannot judge
(:class:`actions.legality.CannotJudge`: its definition was read only in part, naming the words; a
limit set by other values; a board or table the rules define that the page does not name). A player may leave or a column be renamed by the rules;
whether this edit did so lawfully is for humans, and the bot says which sentence of the page it
could not follow.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from actions.constraints import Constraint, variable_key
from actions.legality import PLAYER_HEADERS, CannotJudge, Legality, Place, Violation  # noqa: F401  (re-exported)
from parsers import limits
from parsers.gamestate import (
    GamestateError, GamestatePage, Table, name_key, parse_gamestate,
)
from parsers.ruleset import Ruleset

SUMMARY_LIMIT = 380  # leaves room for "Undid revision … by …:" and the CfJ hint in a 500-char summary

LEGAL = "legal"
ILLEGAL = "illegal"
CANNOT_JUDGE = "cannot judge"


@dataclass
class CheckResult:
    legal: bool
    violations: list[Violation]
    summary: str
    checked: int = 0                                   # changed values looked at
    notes: list[str] = field(default_factory=list)     # what was skipped, and why
    cannot_judge: list[str] = field(default_factory=list)  # why the edit cannot be judged (exit 2)

    @property
    def verdict(self) -> str:
        """legal / illegal / cannot judge: a named violation wins (it can be undone), then what the
        bot could not read; legal only when neither."""
        if self.violations:
            return ILLEGAL
        return CANNOT_JUDGE if self.cannot_judge else LEGAL

    def to_dict(self) -> dict:
        d = {"legal": self.legal, "verdict": self.verdict,
             "violations": [v.to_dict() for v in self.violations], "summary": self.summary}
        if self.cannot_judge:
            d["cannot_judge"] = list(self.cannot_judge)   # what the bot could not read, one reason each
        return d

    def details(self) -> dict:
        """The JSON shape plus how many values were checked, what was skipped and what could not be read."""
        d = self.to_dict()
        d["checked"] = self.checked
        d["notes"] = list(self.notes)
        d.setdefault("cannot_judge", [])
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
    legend: dict[str, str] = field(default_factory=dict)   # symbol → value, from the legend below the table

    @property
    def name(self) -> str:
        """How a violation names it: caption, heading above, else "Keeper table"."""
        return self.place.name or ""

    @property
    def place(self) -> Place:
        return Place.of(self.table, self.label, self.legend)


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
    out = []
    for t in page.tables:
        if not t.is_key_value:
            read = _read_table(t, page.label_of(t))
            read.legend = page.legend_of(t)
            out.append(read)
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


def _table_pairs(old_tables: list[_Table], new_tables: list[_Table]) -> list[tuple[_Table | None, _Table]]:
    pairs = _pair(old_tables, new_tables, _table_key)
    used = {id(o) for o, _ in pairs if o is not None}
    leftover = [t for t in old_tables if id(t) not in used]
    if leftover:  # a caption or heading was changed: pair by the first column's heading alone
        second = _pair(leftover, [n for o, n in pairs if o is None], lambda t: variable_key(t.first_header))
        again = {id(n): o for o, n in second}
        pairs = [(o if o is not None else again.get(id(n)), n) for o, n in pairs]
    return pairs


def _changes(old_page: GamestatePage, new_page: GamestatePage, pairs: list) -> list[_Change]:
    changes: list[_Change] = []
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


# --------------------------------------------------------------------------- what cannot be read

_LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "FULLWIDTH")


def odd_characters(text: str) -> list[str]:
    """Characters a reader cannot see or tell apart from Latin ones: format characters (zero-width
    space, joiners, direction marks), unusual spaces, and Cyrillic/Greek/fullwidth letters in a name
    that also holds Latin letters. Each as "U+200B ZERO WIDTH SPACE"."""
    latin = any("LATIN" in unicodedata.name(ch, "") for ch in text if ch.isalpha())
    found = []
    for ch in text:
        cat = unicodedata.category(ch)
        name = unicodedata.name(ch, "unnamed")
        odd = cat in ("Cf", "Co", "Cn") or (cat == "Cc" and ch not in "\t\n") or (cat == "Zs" and ch != " ")
        if not odd and ch.isalpha() and ord(ch) > 127 and latin and name.startswith(_LOOKALIKE_SCRIPTS):
            odd = True
        if odd:
            found.append(f"U+{ord(ch):04X} {name}")
    return list(dict.fromkeys(found))


def _skeleton(text: str) -> str:
    """``text`` with invisible characters dropped and look-alike letters read as the Latin letter
    they imitate (by the character's name: CYRILLIC SMALL LETTER O is "o")."""
    out = []
    for ch in unicodedata.normalize("NFKC", text):
        if unicodedata.category(ch) in ("Cf", "Cc", "Co", "Cn"):
            continue
        if ch.isalpha() and ord(ch) > 127:
            last = unicodedata.name(ch, "").split(" ")[-1]
            if len(last) == 1:
                ch = last
        out.append(" " if unicodedata.category(ch) == "Zs" else ch)
    return name_key("".join(out))


def _renamed(old: str, candidates: list[str], what: str) -> str:
    """Why the ``old`` header/row name is missing: renamed to a look-alike, or gone."""
    for new in candidates:
        if _skeleton(new) == _skeleton(old):
            odd = odd_characters(new) or _unlike(old, new)
            if odd:
                return f"{what} “{old}” now reads “{new}”, which looks the same but is not ({', '.join(odd)})"
            return f"{what} “{old}” now reads “{new}”, which the bot does not take for the same name"
    return f"{what} “{old}” is gone (removed or renamed)"


def _unlike(old: str, new: str) -> list[str]:
    """The characters of ``new`` beyond ASCII that stand where ``old`` has others (a ligature, a dotless i):
    each as "U+0131 LATIN SMALL LETTER DOTLESS I"."""
    import difflib

    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    changed = "".join(new[j1:j2] for tag, _i1, _i2, j1, j2 in matcher.get_opcodes() if tag != "equal")
    return [f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')}" for ch in dict.fromkeys(changed) if not ch.isascii()]


def _damage(old_page: GamestatePage, new_page: GamestatePage, pairs: list, old_tables: list[_Table]) -> list[str]:
    """What the bot cannot read the same way after the edit: each is a reason to say "cannot judge"."""
    out: list[str] = []
    had = bool(old_page.tables) or bool(old_page.single_values)
    if had and not new_page.tables and not new_page.single_values:
        return ["the page no longer holds any table or value (blanked or emptied): the bot cannot tell "
                "what the edit did to the gamestate"]
    used = {id(o) for o, _ in pairs if o is not None}
    new_names = [n.label or n.first_header for o, n in pairs if o is None]
    for t in old_tables:
        if id(t) not in used:
            out.append(_renamed(t.name, [x for x in new_names if x], "the table") +
                       "; its values cannot be compared")
    for old_t, new_t in pairs:
        if old_t is None:
            for h in new_t.table.headers + new_t.table.row_names:
                odd = odd_characters(h)
                if odd:
                    out.append(f"the new table “{new_t.name}” has “{h}”, with {', '.join(odd)}")
            continue
        old_heads = [h for h in old_t.table.headers if h]
        new_heads = [h for h in new_t.table.headers if h]
        new_keys = {variable_key(h) for h in new_heads}
        for h in old_heads:
            if variable_key(h) not in new_keys:
                out.append(_renamed(h, [x for x in new_heads if variable_key(x) not in
                                        {variable_key(y) for y in old_heads}], f"in “{new_t.name}”, the column"))
        old_keys = {variable_key(h) for h in old_heads}
        for h in new_heads:
            if variable_key(h) not in old_keys and odd_characters(h):
                out.append(f"in “{new_t.name}”, the new column “{h}” holds {', '.join(odd_characters(h))}")
        new_rows = [n for n, _ in new_t.rows]
        new_row_keys = {name_key(n) for n in new_rows}
        old_row_keys = {name_key(n) for n, _ in old_t.rows}
        for n, _ in old_t.rows:
            if n and name_key(n) not in new_row_keys:
                out.append(_renamed(n, [x for x in new_rows if name_key(x) not in old_row_keys],
                                    f"in “{new_t.name}”, the row"))
        for n in new_rows:
            if name_key(n) not in old_row_keys and odd_characters(n):
                out.append(f"in “{new_t.name}”, the new row “{n}” holds {', '.join(odd_characters(n))}")
    new_single = {name_key(v.name) for v in new_page.single_values}
    for v in old_page.single_values:
        if name_key(v.name) not in new_single:
            out.append(_renamed(v.name, [w.name for w in new_page.single_values], "the value"))
    return list(dict.fromkeys(out))


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
    legality = Legality(ruleset, constraints, page=page, player_term=player_term)
    notes: list[str] = []
    pages = []
    for text, which in ((old_text, "before"), (new_text, "after")):
        try:
            pages.append(parse_gamestate(text))
        except GamestateError as exc:
            why = f"the page {which} the edit cannot be read as tables ({exc})"
            return CheckResult(False, [], f"Cannot judge: {why}.", notes=[str(exc)], cannot_judge=[why])
    old_page, new_page = pages
    legality.gamestate = new_page   # the players and things a value may name, as the edit leaves them
    old_tables = _tables(old_page)
    pairs = _table_pairs(old_tables, _tables(new_page))
    violations: list[Violation] = []
    hidden: list[str] = []   # values that read as legal only because a character in them cannot be seen
    unread: list[str] = []   # values whose constraint was read in part, or that stand where the rules cannot be matched
    checked = 0
    for ch in _changes(old_page, new_page, pairs):
        place = ch.table.place if ch.table is not None else None
        if ch.column_old == ["<name>"]:
            # a new row: the player's name against the name rule, in players tables; a thing's against the
            # rules of its table's first column
            if place is not None and (legality.names is not None and legality.is_players_table(place.table)
                                      or legality.row_name_constraint(place) is not None):
                checked += 1
            try:
                others = [n for n, _ in ch.table.rows] if ch.table is not None else []
                if ch.new in others:
                    others.remove(ch.new)   # the new row's own name; another row of that name stays
                v = legality.judge_row_name(ch.new, place, others)
            except CannotJudge as why:
                unread.append(why.reason)
                continue
            if v is not None:
                violations.append(v)
            continue
        checked += 1
        try:
            v = legality.judge(ch.column, ch.new, place=place, row=ch.row, old=ch.old, column_old=ch.column_old,
                               new_row=ch.new_row, notes=notes)
        except CannotJudge as why:
            unread.append(why.reason)
            continue
        if v is not None:
            violations.append(v)
        elif odd_characters(ch.new) and not odd_characters(ch.old or ""):
            where = f"{ch.column} of {ch.row}" if ch.row else ch.column
            hidden.append(f"the new value of {where} holds {', '.join(odd_characters(ch.new))}")
    damage = _damage(old_page, new_page, pairs, old_tables) + hidden + list(dict.fromkeys(unread))
    summary = _summary(violations, checked)
    if damage and not violations:
        summary = "Cannot judge: " + "; ".join(damage) + "."
    elif damage:
        notes.extend(f"also: {d}" for d in damage)
    return CheckResult(not violations and not damage, violations, summary, checked, notes, damage)


__all__ = ["Violation", "CheckResult", "check_edit", "odd_characters", "SUMMARY_LIMIT", "LEGAL", "ILLEGAL",
           "CANNOT_JUDGE"]

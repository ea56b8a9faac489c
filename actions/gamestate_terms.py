"""The gamestate page after a term change: the players table's first column follows the player term.

The players table is found by its first column's heading: "Player", "Name"… or the era's player term
(:meth:`parsers.gamestate.GamestatePage.players_table`). When a Synonyms change or an Ascension renames
that term, a table headed with the old term would no longer be found; so the same operation renames the
heading (singular or plural, as it was written). Headings that are not a term ("Name") are left alone.
"""

from __future__ import annotations

from typing import Iterable

from actions.report import APPLIED, UNSUPPORTED, Report
from parsers import gamestate as G

ACTION = "players table heading"


def rename_players_heading(gamestate_text: str, changes: Iterable) -> tuple[str, list[tuple[str, str, str]]]:
    """The page with every table whose first column is headed by an old term renamed to the new one;
    ``changes`` are :class:`actions.synonyms.Resolved` (old, old_plural, new, new_plural). Returns the new
    text and (old heading, new heading, problem) for each heading met ("" problem when renamed)."""
    page = G.parse_gamestate(gamestate_text)
    forms: dict[str, str] = {}
    for change in changes:
        forms[G.name_key(change.old)] = change.new
        forms[G.name_key(change.old_plural)] = change.new_plural
    done: list[tuple[str, str, str]] = []
    for table in page.tables:
        heads = table.headers
        new = forms.get(G.name_key(heads[0])) if heads and heads[0] else None
        if new is None:
            continue
        cell = table.header_cell(0)
        if cell is None or G.name_key(cell.text) != G.name_key(heads[0]):
            done.append((heads[0], new, "the heading holds markup; rename it by hand"))
            continue
        try:
            cell.set(new)
        except G.GamestateError as error:
            done.append((heads[0], new, str(error)))
            continue
        done.append((heads[0], new, ""))
    return str(page), done


def follow_terms(report: Report, title: str, gamestate_text: str, changes: Iterable) -> str:
    """:func:`rename_players_heading` recorded as steps of ``report``; the new text of page ``title``."""
    new_text, done = rename_players_heading(gamestate_text, list(changes))
    n = max((s.n for s in report.steps), default=0)
    for old, new, problem in done:
        n += 1
        report.add(n, f"{title}: the players table's heading “{old}”", ACTION, UNSUPPORTED if problem else APPLIED,
                   problem or f"“{old}” → “{new}”, so that the table is found by the era's player term")
    return new_text

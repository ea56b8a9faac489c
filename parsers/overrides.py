"""The Admins' overrides page: one bullet line a variable, read into constraints.

Pure: the page's text in, a list of :class:`~parsers.variables.Constraint` (and
:class:`~parsers.variables.Disable`) out. An override replaces everything the rules say of its
variable (:func:`actions.constraints.merge`); the page (default ``User:<bot>/Constraints``) is
where Admins settle what the bot reads wrongly or not at all.

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

from parsers.errors import WikibotError
from parsers.names import strip_quotes
from parsers.ruleset import plain
from parsers.variables import (
    DEFAULT_OVERRIDE_PAGE, ENUM, INTEGER, LIST, NAME, OVERRIDE_ORIGIN, PLAYER_NAMES, TEXT, Constraint, Disable,
    variable_key,
)


class OverrideError(WikibotError):
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


__all__ = ["OverrideError", "parse_overrides"]

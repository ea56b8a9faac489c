"""The Admins' overrides page: one bullet line a variable, read into constraints.

Pure: the page's text in, a list of :class:`~parsers.variables.Constraint` (and
:class:`~parsers.variables.Disable`) out. An override replaces everything the rules say of its
variable (:func:`actions.constraints.merge`); the page (default ``User:<bot>/Constraints``) is
where Admins settle what the bot reads wrongly or not at all. Every property a constraint has can
be stated here, and :func:`override_line` writes any constraint as the line that states it (``wikibot
constraints`` shows it, for an Admin to copy and correct).

Override page format
--------------------
One constraint per bullet line ``* NAME: SPEC``; every other line (prose, headings, blank lines,
``<!-- comments -->``, ``<pre>`` tags) is ignored, so the page can explain itself. NAME is the
variable as the tracking page heads its column (case, plural ``s`` and markup do not matter),
optionally scoped with ``(table T)``, ``(page P)``, ``(grid G)`` (every cell of the board G) or
``(owner O)`` (the variable of O's things, when several kinds of thing have one so named), several
joined by commas: ``(table T, page P)``. SPEC is one of::

    * Coins: integer 0..10, default 3          a whole number from 0 to 10
    * Coins: integer, at least 0, at most 10   the same, spelled out (also ">= 0", "<= 10")
    * Gold: integer, may be negative           any whole number
    * Energy: integer 1..                      at least 1, no upper limit
    * Hats: one of Bowler, Fez or Top          allowed values (quote a value holding a comma:
    * Mood: one of “Happy, mostly”, Sad         “…” or "…"), optionally "; default Fez"
    * Notes: text, default blank               free text ("default blank" lets the cell be empty)
    * Title: text, no two the same             text no two rows share
    * Motto: text, 1..6 words, never “None”    a text's length ("at most 20 characters", "at least 2
                                               words") and texts it may never be
    * Voting Record: text, in the form #(#)    whole numbers written so ("#" a whole number)
    * Nickname: text, never the name of a Species   text that is never the name of such a thing
    * Keeper: name of a Puzzler, or - for none  one Puzzler's name (the players, by the era's word,
                                               or the rows of the table of that kind); "or blank
                                               for none", "or None for none"
    * Crew: list of names of Puzzlers, each at most once, at most 3, never its own
                                               names of Puzzlers: none twice, at most 3, never
                                               the row's own name
    * Inventory: list                          a list (never checked)
    * Glow: by hand: never a prime number      humans judge every value (the check says "cannot
                                               judge", naming the words after "by hand")
    * Coins: integer 0..; also at most the Bank's Coins
                                               a limit the bot does not check: a value that passes
                                               the rest is "cannot judge", naming it ("also" clauses
                                               come last, before any default)
    * Score: off                               check nothing in this column, not even the
                                               Appendix's non-negative-integer rule
    * player names: 3..30 characters           the name rule (``player names: off`` to stop it)
    * numeric values: off                      stop the Appendix guess for unnamed columns
    * Coins (table Players): integer 0..       only the Coins column of the table captioned
                                               or headed "Players" (or whose first column is)
    * Content (grid Game Board): one of Lemon, Kiwi    every cell of the board "Game Board"

Clauses after the kind are separated by commas or semicolons; ``default X`` may end any line.
A line that cannot be read raises :class:`OverrideError` naming its line number and text, and
carrying the lines that *could* be read (``.parsed``) so a caller may go on with those.
"""

from __future__ import annotations

import re

from parsers import language
from parsers.errors import WikibotError
from parsers.names import strip_quotes
from parsers.ruleset import plain
from parsers.variables import (
    DEFAULT_OVERRIDE_PAGE, ENUM, INTEGER, LIST, NAME, OFF, OVERRIDE_ORIGIN, PLAYER_NAMES, TEXT, Constraint, Disable,
    singular_phrase, variable_key,
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
_O_ALSO = re.compile(r"(?:^|[,;]\s*)also\b\s*:?\s*", re.I)
_O_RANGE = re.compile(r"^(?P<lo>-?\d+)?\s*(?:\.\.|…|\s+to\s+)\s*(?P<hi>-?\d+)?$")
_O_BY_HAND = re.compile(r"^(?:by\s+hand|cannot\s+judge|judged\s+by\s+hand)\s*(?:\((?P<said>.*)\)|[:—–-]\s*(?P<why>.*?))?\s*$",
                        re.I)
#: "name of a Puzzler", "the name of an Island", "names a Puzzler", "names one Puzzler", "a Puzzler's name"
_O_NAME_OF = re.compile(r"^(?:(?:the\s+)?name\s+of\s+(?:a|an|one)\s+|names?\s+(?:a|an|one)\s+)(?P<kind>.+?)$|"
                        r"^(?:a|an|one)\s+(?P<kind2>.+?)['’]s\s+name$", re.I)
#: "list of names of Puzzlers", "list of the names of Puzzlers", "names of Puzzlers"; "list of Puzzler names"
_O_NAMES_OF = re.compile(r"^(?:(?:a\s+)?list\s+of\s+)?(?:the\s+)?names\s+of\s+(?P<kind>.+?)$|"
                         r"^(?:a\s+)?list\s+of\s+(?P<one>.+?)\s+names$", re.I)
_O_NONE = re.compile(r"^(?:or\s+)?(?P<mark>.+?)\s+(?:for|means|marks)\s+none$|^none\s*(?:[:=]|is)?\s*(?P<mark2>.+)$", re.I)
_O_NEVER_NAMED = re.compile(r"^never\s+(?:the\s+)?name\s+of\s+(?:a|an|any)\s+(?P<kind>.+?)$", re.I)
_O_MOST = re.compile(r"^at\s+most\s+(?P<n>\d+)(?:\s+names?)?$", re.I)
#: a text's length: "1..2 words", "1 to 2 words", "at most 20 characters", "at least 3 characters", "one word"
_O_LENGTH = re.compile(r"^(?:(?P<lo>\d+)\s*(?:\.\.|…|to)\s*(?P<hi>\d+)|at\s+most\s+(?P<most>\d+)|at\s+least\s+(?P<least>\d+)|"
                       r"(?P<just>\d+|one))\s+(?P<unit>characters?|chars?|words?)$", re.I)
_O_FORM = re.compile(r"^in\s+the\s+(?:form|format)\s+(?P<form>#\S*)$", re.I)
_O_NEVER_TEXT = re.compile(r"^(?:never|not)\s+[“\"](?P<text>[^”\"]*)[”\"]$", re.I)
_DISTINCT = ("no two the same", "distinct", "unique", "no two alike", "each different")
_UNIQUE = ("each at most once", "none twice", "no name twice", "each once at most")
_OTHER = ("never its own", "never its own name", "never the row's own name", "never itself")
_BLANK = ("blank", "empty", "nothing", "(blank)", "''")


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


_SCOPES = {"table": "table", "page": "page", "grid": "grid", "owner": "owner", "of": "owner"}


def _override_line(line: str, number: int, page: str) -> Constraint | Disable:
    m = _O_LINE.match(line)
    if not m:
        raise ValueError("expected “* NAME: what it holds”, with a colon after the name")
    name, spec = plain(m.group("name")).strip(), m.group("spec").strip()
    scope: dict[str, str] = {}
    scoped = _O_SCOPE.match(name)
    if scoped:
        name = scoped.group("name").strip()
        for part in re.split(r"\s*[,;]\s*", scoped.group("scope")):
            word, _, value = part.strip().partition(" ")
            key = _SCOPES.get(word.casefold())
            if key is None or not value.strip():
                raise ValueError(f"the scope “({scoped.group('scope')})” should be “(table T)”, “(page P)”, “(grid G)” "
                                 "or “(owner O)”, or several of them")
            scope[key] = strip_quotes(value)
    if not name:
        raise ValueError("the variable name is empty")
    if not spec:
        raise ValueError(f"say what {name} holds after the colon, or “off”")
    base = dict(page=scope.get("page"), table=scope.get("table"), grid=scope.get("grid"), owner=scope.get("owner"),
                rule=page, sentences=[line], origin=OVERRIDE_ORIGIN, line=number)
    if spec.casefold().rstrip(".") in ("off", "none", "unchecked", "not checked"):
        if scope.get("grid") or scope.get("owner"):
            raise ValueError("“off” is scoped by “(table T)” or “(page P)” only")
        return Disable(name, scope.get("table"), scope.get("page"), page, number, line)

    by_hand = _O_BY_HAND.match(spec)
    if by_hand:   # humans judge it: every value "cannot judge", naming why (“…”; “…”: each part so quoted)
        why = (by_hand.group("why") or by_hand.group("said") or "").strip()
        quoted = re.findall(r"“([^”]*)”", why)
        if quoted and re.fullmatch(r"(?:“[^”]*”\s*;?\s*)+", why):
            parts = quoted
        else:
            parts = [why or "judged by hand, as this page says"]
        return Constraint(name, TEXT, partial=parts, **base)

    default = said_default = None
    d = _O_DEFAULT.search(spec)
    if d:
        default = said_default = strip_quotes(d.group("value"))
        if default.casefold() in _BLANK:
            default = ""
        spec = spec[: d.start()].strip().rstrip(",;").strip()
    relative: list[str] = []
    a = _O_ALSO.search(spec)
    if a:   # "also …": limits the bot does not check, to the end of the line (before any default)
        relative = [r.strip() for r in re.split(r"\s*;\s*also\s*:?\s+", spec[a.end():], flags=re.I) if r.strip()]
        spec = spec[: a.start()].strip().rstrip(",;").strip()
        if not relative:
            raise ValueError("say after “also” what else limits the value")
    base["relative"] = relative

    key = variable_key(name)
    low = spec.casefold()
    if key == variable_key(PLAYER_NAMES):
        r = re.fullmatch(r"(?:name\s*,?\s*)?(?P<lo>\d+)\s*(?:\.\.|…|to|-)\s*(?P<hi>\d+)\s*(?:characters?|chars?)?", low)
        if not r:
            raise ValueError("write the name rule as “* player names: 4..30 characters” (or “off”)")
        return Constraint(PLAYER_NAMES, NAME, min=int(r.group("lo")), max=int(r.group("hi")), **base)
    if low.startswith("one of"):
        listed, _, more = spec[6:].partition(";")
        values = _split_values(listed)
        if len(values) < 2:
            raise ValueError("“one of” needs at least two values, e.g. “one of Bowler, Fez or Top”")
        if said_default is not None and said_default.casefold() in {v.casefold() for v in values}:
            default = said_default   # "default Empty" where Empty is one of the values
        if default is not None and default != "" and default.casefold() not in {v.casefold() for v in values}:
            raise ValueError(f"the default “{default}” is not one of the values listed")
        c = Constraint(name, ENUM, allowed=values, default=default, **base)
        _clauses(c, [x.strip() for x in re.split(r"\s*[,;]\s*", more) if x.strip()], ("none",))
        return c
    clauses = [c.strip() for c in re.split(r"\s*[,;]\s*", spec) if c.strip()]
    head = clauses[0]
    named = _O_NAME_OF.match(head)
    names = _O_NAMES_OF.match(head)
    if named or names:   # a value that names things: one, or a list of them
        kind = (named.group("kind") or named.group("kind2")) if named else (names.group("kind") or names.group("one"))
        kind = strip_quotes(kind.strip())
        plural = names is not None and names.group("kind") is not None
        c = Constraint(name, TEXT if named else LIST, refers=_kind(kind, plural=plural), default=default, **base)
        _clauses(c, clauses[1:], ("none", "distinct", "not_named", "length", "excluded") if named
                 else ("none", "unique", "max_items", "other"))
        return c
    head_words = head.split(None, 1)
    kind_word = head_words[0].casefold()
    rest = [head_words[1]] if len(head_words) > 1 else []
    rest += clauses[1:]
    if kind_word in ("text", "string", "list"):
        c = Constraint(name, LIST if kind_word == "list" else TEXT, default=default, **base)
        try:
            _clauses(c, rest, ("distinct", "not_named", "none", "length", "excluded") if kind_word != "list" else ("none",))
        except ValueError:
            raise ValueError(f"“{kind_word}” takes no limits but “no two the same”, “never the name of a …” and "
                             f"“or - for none” (and “, default X”); found “{', '.join(rest)}”") from None
        return c
    if kind_word not in ("integer", "integers", "number", "numbers", "whole"):
        raise ValueError(f"unknown kind “{head_words[0]}”: use integer, one of …, text, name of a …, list of names "
                         "of …, list, by hand or off")
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


def _kind(words: str, *, plural: bool) -> str:
    """The kind of thing a value names, as the constraints name it: singular, capitalised as written."""
    words = re.sub(r"^(?:the|a|an)\s+", "", words.strip(), flags=re.I)
    return singular_phrase(words) if plural else words


def _clauses(c: Constraint, clauses: list[str], allowed: tuple[str, ...]) -> None:
    """The clauses after a kind: the mark for none, no two the same, never the name of a kind, each at most
    once, at most N, never its own. A clause the kind does not take (or no clause at all) is an error."""
    for clause in clauses:
        cl = " ".join(clause.casefold().split()).rstrip(".")
        none = _O_NONE.match(clause)
        never = _O_NEVER_NAMED.match(clause)
        most = _O_MOST.match(cl)
        length = _O_LENGTH.match(cl)
        never_text = _O_NEVER_TEXT.match(clause.strip())
        if "distinct" in allowed and cl in _DISTINCT:
            c.distinct = True
        elif "length" in allowed and length:
            just = length.group("just")
            n = 1 if just == "one" else int(just) if just else None
            lo = n if n is not None else length.group("lo") or length.group("least")
            hi = n if n is not None else length.group("hi") or length.group("most")
            c.min_length = int(lo) if lo is not None else None
            c.max_length = int(hi) if hi is not None else None
            c.length_unit = "word" if length.group("unit").startswith("w") else "character"
        elif "excluded" in allowed and never_text:
            c.excluded.append(never_text.group("text"))
        elif "length" in allowed and _O_FORM.match(clause.strip()):
            c.pattern = _O_FORM.match(clause.strip()).group("form")
        elif "unique" in allowed and cl in _UNIQUE:
            c.unique = True
        elif "other" in allowed and cl in _OTHER:
            c.other = True
        elif "max_items" in allowed and most:
            c.max_items = int(most.group("n"))
        elif "not_named" in allowed and never:
            c.not_named = strip_quotes(never.group("kind").strip())
        elif "none" in allowed and none:
            mark = strip_quotes((none.group("mark") or none.group("mark2") or "").strip())
            c.none = "" if mark.casefold() in _BLANK else mark
        else:
            raise ValueError(f"cannot read “{clause}” here")


def override_line(c: Constraint) -> str:
    """The overrides page's line that states ``c`` (read back by :func:`parse_overrides` as the same constraint):
    for an Admin to copy onto the page and correct."""
    name = PLAYER_NAMES if c.key == variable_key(PLAYER_NAMES) else (c.variable or "")
    scope = [f"{word} {_scoped(value)}" for word, value in
             (("table", c.table), ("page", c.page), ("grid", c.grid), ("owner", c.owner)) if value]
    head = f"* {name}" + (f" ({', '.join(scope)})" if scope else "") + ": "
    if c.kind == OFF:
        return head + "off"
    if c.partial:
        return head + "by hand: " + "; ".join(f"“{w}”" for w in c.partial)
    if c.kind == NAME:
        return head + f"{c.min if c.min is not None else 1}..{c.max if c.max is not None else 30} characters"
    bits: list[str] = []
    if c.kind == INTEGER:
        if c.min is None and c.max is None:
            bits = ["integer", "may be negative"]
        elif c.min is None:
            bits = ["integer", "may be negative", f"at most {c.max}"]
        else:
            bits = [f"integer {c.min}..{c.max if c.max is not None else ''}"]
    elif c.kind == ENUM:
        bits = ["one of " + ", ".join(_listed(v) for v in c.allowed or [])]
        if c.none is not None:
            bits.append(";" + _none(c.none))
    elif c.refers and c.kind == LIST:
        many = language.plural(c.refers)
        bits = [f"list of names of {many}" if _kind(many, plural=True) == c.refers else f"list of {c.refers} names"]
        bits += [x for x, on in (("each at most once", c.unique), (f"at most {c.max_items}", c.max_items is not None),
                                 ("never its own", c.other)) if on]
        if c.none is not None:
            bits.append(_none(c.none))
    else:
        bits = [f"name of {_a(c.refers)} {c.refers}" if c.refers else "list" if c.kind == LIST else "text"] + _shape(c)
        if c.distinct:
            bits.append("no two the same")
        if c.not_named:
            bits.append(f"never the name of {_a(c.not_named)} {c.not_named}")
        if c.none is not None:
            bits.append(_none(c.none))
    text = ", ".join(b for b in bits if not b.startswith(";"))
    text += "".join(f"; {b[1:]}" for b in bits if b.startswith(";"))
    text += "".join(f"; also {r}" for r in c.relative)
    if c.default is not None:
        text += f"; default {c.default if c.default != '' else 'blank'}"
    return head + text


def _shape(c: Constraint) -> list[str]:
    """A text's length and the texts it may never be, as clauses."""
    lo, hi, unit = c.min_length, c.max_length, c.length_unit or "character"
    bits = []
    if lo is not None and hi is not None:
        bits.append(f"{lo}..{hi} {unit}s")
    elif hi is not None:
        bits.append(f"at most {hi} {unit}s")
    elif lo is not None:
        bits.append(f"at least {lo} {unit}s")
    bits += [f"never “{x}”" for x in c.excluded]
    return bits + ([f"in the form {c.pattern}"] if c.pattern else [])


def _a(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


def _scoped(value: str) -> str:
    return f"“{value}”" if re.search(r"[,;()]", value) else value


def _listed(value: str) -> str:
    return f"“{value}”" if re.search(r",|;|\bor\b|^\s|\s$|[“”\"]|^(?:also|default)\b", value, re.I) else value


def _none(mark: str) -> str:
    return "or blank for none" if mark == "" else f"or {_listed(mark) if mark.strip() != mark or ',' in mark else mark} for none"


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


__all__ = ["OverrideError", "override_line", "parse_overrides"]

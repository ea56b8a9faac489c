"""Model of a BlogNomic gamestate tracking page (wikitables and single values).

Pure: text in, model out. No pywikibot, no network, no clock, no global state.
Lossless: ``str(parse_gamestate(text)) == text`` for every input that parses;
the only input refused is a table opened with ``{|`` and never closed
(:class:`GamestateError`, naming the line).

How the page is read
--------------------
A hand-written line scanner (MediaWiki's own table syntax is line based).
Before scanning, "opaque" regions are masked so that the ``|``, ``!`` and
newlines inside them are not table syntax: ``{{templates}}`` (nested),
``[[links]]``, ``<!-- comments -->`` (an unclosed comment runs to the end of
the text, as in MediaWiki) and the elements whose content is literal
(:data:`parsers.markup.LITERAL_TAGS`: ``<nowiki>``, ``<pre>``, ``<math>``,
``<syntaxhighlight>``, ``<source>`` …).

* A table starts at a line beginning (after spaces) with ``{|`` and ends at a
  line beginning with ``|}``; text after ``|}`` on that line belongs to the
  text after the table. Tables nested inside a cell are kept verbatim as part
  of that cell's content (they are not addressable).
* ``|-`` starts a row; cells before the first ``|-`` form an implicit first row
  (a header row written without a leading ``|-``).
* ``|`` / ``||`` make data cells, ``!`` / ``!!`` (and ``||`` on a ``!`` line)
  header cells, ``|+`` a caption. In a cell, text before the first single
  ``|`` is its attributes (``| style="x" | value``), unless it contains ``[[``.
* Any other line inside a table (a comment line, a blank line, a continuation
  of a multi-line cell) belongs to the cell before it, or to the row's
  ``lead`` when the row has no cell yet.

The "value" of a cell is its content without the surrounding whitespace and
without leading/trailing ``<!-- comments -->``; editing a value replaces only
that core, so ``| 27 ||`` becomes ``| 28 ||``. When the value's length changes
and one side of it is padded with more than one space (column alignment, as in
``|  0 ||`` or ``| Chiiika        ||``), that padding is shortened/lengthened to
keep the cell's width (never below one space).

Plain values (:func:`plain_text`) strip markup: links give their text
(``[[User:Kevan|Kevan]]`` -> ``Kevan``), bold/italic quotes are dropped,
comments vanish, ``<br>`` is a space, and a template gives its first
positional argument (``{{box|Ash|gray}}`` -> ``Ash``, ``{{user|Kevan}}`` ->
``Kevan``); a template without positional arguments is kept as ``{{name}}``;
adjacent templates are joined with ", " (``{{box|A|x}}{{box|B|y}}`` ->
``A, B``). Whitespace is collapsed. Player names additionally match
case-insensitively, with ``User:`` prefixes dropped and ``_`` read as a space.

Single values are ``{{pill|Name|Value|colour}}`` templates in the text between
tables (name = first positional argument, value = second) and the rows of
"key-value" tables: tables without a header row whose rows are a header cell
followed by a value cell (``! Standard Reward`` / ``| 3``).

Headers and rows
----------------
The header row is the first row with cells if all of them are ``!`` cells;
following all-``!`` rows also count while the header uses rowspan/colspan (a
two-level header). Columns are laid out as a browser would (rowspan/colspan),
so reading a spanned cell gives the spanning cell's value; editing one is
refused. A row is named by the plain value of its first cell.

Edits
-----
``set_cell``/``SingleValue.set`` change only the value's bytes. A value that
would change the page's structure (line break, bare ``|``, unbalanced
``{{``/``[[``/``<!--``; a bare ``=`` in a template argument) is refused, as is
replacing a value that itself holds unbalanced markup, and a value carrying
markup that reaches beyond it (:func:`parsers.hazards.payload_problem`: an
unbalanced HTML tag or ``{|``, ``{{nobots}}``, a behaviour switch, a ``~~~~``
signature, …). A page beyond :data:`parsers.limits.PAGE_CHARS` is refused
(:class:`parsers.limits.TooLarge`) before it is read. ``add_column``,
``add_row`` and ``remove_row`` copy the table's own style; the edited table is
read back and the edit undone (GamestateError) if it does not read as intended.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Tag,
    Template,
    Text,
    Wikilink,
)

from parsers import hazards, language, limits, markup
from parsers.errors import WikibotError

__all__ = [
    "GamestateError",
    "GamestatePage",
    "Table",
    "Row",
    "Cell",
    "SingleValue",
    "TemplateValue",
    "TableValue",
    "TextPart",
    "parse_gamestate",
    "plain_text",
    "name_key",
    "DEFAULT_PLAYER_HEADERS",
]


class GamestateError(WikibotError):
    """Malformed gamestate markup, or a lookup/edit that cannot be done safely."""


DEFAULT_PLAYER_HEADERS = ("player", "nomicer", "name", "user")

_MASK = "\x1a"  # stands in for every character of an opaque region
_LINE_WS = " \t\r\0\x0b"  # what MediaWiki trims from a table line
_MAX_SPAN = 1000

_BRACKETS_RE = re.compile(r"\{\{|\}\}|\[\[|\]\]")
_TH_SEP = re.compile(r"\|\||!!")
_TD_SEP = re.compile(r"\|\|")
_SPAN_RE = re.compile(r"\b(rowspan|colspan)\s*=\s*[\"']?\s*(\d+)", re.IGNORECASE)
_LEAD_RE = re.compile(r"(?:\s+|<!--.*?-->)*", re.DOTALL)
_HWS_RE = re.compile(r"[ \t]*")
_MARKUP_RE = re.compile(r"[{}\[\]<>&']")
_QUOTES_RE = re.compile(r"'{2,}")


# --------------------------------------------------------------------------
# masking of opaque regions


def _opaque_spans(text: str) -> list[tuple[int, int]]:
    """Merged, sorted (start, end) spans of comments, literal tags (:data:`parsers.markup.LITERAL_TAGS`),
    templates and links."""
    if "{{" not in text and "[[" not in text and "<" not in text:
        return []
    literal = markup.literal_spans(text, markup.LITERAL_TAGS)
    spans: list[tuple[int, int]] = list(literal)
    stack: list[tuple[str, int]] = []
    k = 0
    for m in _BRACKETS_RE.finditer(text):
        s = m.start()
        while k < len(literal) and literal[k][1] <= s:
            k += 1
        if k < len(literal) and literal[k][0] <= s:
            continue   # inside a comment or a literal tag (which begins with "<" and ends with ">")
        tok = m.group(0)
        if tok == "{{":
            stack.append(("{", s))
        elif tok == "[[":
            stack.append(("[", s))
        elif tok == "}}":
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == "{":
                    spans.append((stack[i][1], m.end()))
                    del stack[i:]
                    break
        else:  # "]]"
            if stack and stack[-1][0] == "[":
                spans.append((stack.pop()[1], m.end()))
    if not spans:
        return spans
    spans.sort()
    merged = [spans[0]]
    for s, e in spans[1:]:
        ls, le = merged[-1]
        if s < le:
            if e > le:
                merged[-1] = (ls, e)
        else:
            merged.append((s, e))
    return merged


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    return markup.blank(text, spans, _MASK)


def _masked(text: str) -> str:
    return _mask(text, _opaque_spans(text))


# --------------------------------------------------------------------------
# plain text


def plain_text(wikitext: str) -> str:
    """The reader-visible text of a bit of wikitext (see module docstring)."""
    if not _MARKUP_RE.search(wikitext):
        return " ".join(wikitext.split())
    code = mwparserfromhell.parse(wikitext, skip_style_tags=True)
    out = _QUOTES_RE.sub("", _plain_nodes(code.nodes))
    return " ".join(out.split())


def _plain_nodes(nodes) -> str:
    out: list[str] = []
    last_kind = None  # kind of the last non-blank piece
    for node in nodes:
        kind = "text"
        if isinstance(node, Text):
            piece = node.value
        elif isinstance(node, Template):
            kind = "template"
            piece = _plain_template(node)
        elif isinstance(node, Wikilink):
            title = str(node.title).strip()
            if node.text is not None:
                piece = _plain_nodes(node.text.nodes)
            elif re.match(r"(?i)\s*(file|image|category)\s*:", title):
                piece = ""
            else:
                piece = _plain_nodes(node.title.nodes).lstrip(":")
        elif isinstance(node, ExternalLink):
            piece = _plain_nodes(node.title.nodes) if node.title else str(node.url)
        elif isinstance(node, Comment):
            piece = ""
        elif isinstance(node, Tag):
            tag = str(node.tag).strip().lower()
            if node.wiki_markup and node.self_closing:
                piece = str(node)  # "*", "#", ":", ";", "----": not markup in a cell
            elif tag == "br":
                piece = " "
            elif tag == "ref":
                piece = ""
            elif node.contents is not None:
                piece = _plain_nodes(node.contents.nodes)
            else:
                piece = ""
        elif isinstance(node, HTMLEntity):
            try:
                piece = node.normalize()
            except Exception:  # pragma: no cover - malformed entity
                piece = str(node)
            piece = piece.replace("\xa0", " ")
        elif isinstance(node, Heading):
            piece = _plain_nodes(node.title.nodes)
        elif isinstance(node, Argument):
            piece = str(node)
        else:  # pragma: no cover - future node types
            piece = str(node)
        if not piece.strip():
            out.append(piece)
            continue
        if kind == "template" and last_kind == "template":
            out.append(", ")
        out.append(piece)
        last_kind = kind
    return "".join(out)


def _plain_template(t: Template) -> str:
    name = str(t.name).strip()
    if name == "!":
        return "|"
    if name == "=":
        return "="
    for p in t.params:
        if not p.showkey:
            return _plain_nodes(p.value.nodes)
    return "{{%s}}" % name


def name_key(s: str) -> str:
    """How plain values (player and row names, headers) are compared: case, ``_``/space and a
    ``User:`` prefix do not matter."""
    s = " ".join(s.replace("_", " ").split()).casefold()
    if s.startswith("user:"):
        s = s[5:].strip()
    return s


def _norm_term(s: str) -> str:
    return name_key(plain_text(s))


def _player_headers(player_term: str | None, headers: Sequence[str]) -> set[str]:
    """The first-column headings that mark a players table, singular and normalised."""
    terms = {language.singular_or_same(t) for t in headers}
    if player_term:
        terms.add(language.singular_or_same(_norm_term(player_term)))
    return terms


# --------------------------------------------------------------------------
# content splitting and editing helpers


def _split_content(c: str) -> tuple[str, str, str]:
    """(pre, core, post): core is the value, pre/post whitespace and comments."""
    i = _LEAD_RE.match(c).end()
    if i == len(c):  # no value: the insertion point is after horizontal space
        h = _HWS_RE.match(c).end()
        return c[:h], "", c[h:]
    j = len(c)
    while True:
        k = len(c[i:j].rstrip())
        j = i + k
        if c.endswith("-->", i, j):
            o = c.rfind("<!--", i, j - 3)
            if o >= i:
                j = o
                continue
        break
    return c[:i], c[i:j], c[j:]


def _repad(pre: str, old: str, new: str, post: str) -> tuple[str, str]:
    d = len(new) - len(old)
    if d == 0 or not old:
        return pre, post
    if len(pre) > 1 and not pre.strip(" "):
        return " " * max(1, len(pre) - d), post
    if len(post) > 1 and not post.strip(" "):
        return pre, " " * max(1, len(post) - d)
    return pre, post


def _check_value(value, where: str, *, header: bool = False, template: bool = False) -> str:
    if value is None:
        value = ""
    new = str(value).strip()
    if "\n" in new or "\r" in new:
        raise GamestateError(
            f"cannot put {new!r} into {where}: the value contains a line break, which would "
            "break the table; give a one-line value (use <br> for a visible break)"
        )
    m = _masked(new)
    bad = _unbalanced(m)
    if bad:
        raise GamestateError(
            f"cannot put {new!r} into {where}: it contains an unbalanced {bad!r}, which "
            "would change how the rest of the page is read; balance it or wrap it in <nowiki></nowiki>"
        )
    if "|" in m or (header and "!!" in m):
        raise GamestateError(
            f"cannot put {new!r} into {where}: a bare '|'{' or !!' if header else ''} would split "
            "the cell; write it as {{!}} or wrap it in <nowiki></nowiki>"
        )
    if template and "=" in m:
        raise GamestateError(
            f"cannot put {new!r} into {where}: a bare '=' would turn the template argument into a "
            "named one; write it as {{=}} or wrap it in <nowiki></nowiki>"
        )
    problem = hazards.payload_problem(new, headings=False)
    if problem:
        raise GamestateError(f"cannot put {new!r} into {where}: {problem}")
    return new


def _unbalanced(masked: str) -> str | None:
    for bad in ("{{", "}}", "[[", "]]", "<!--", "-->"):
        if bad in masked:
            return bad
    return None


def _check_old(core: str, where: str) -> None:
    bad = _unbalanced(_masked(core))
    if bad:
        raise GamestateError(
            f"refusing to replace {core!r} in {where}: it contains an unbalanced {bad!r}, so "
            "replacing it could change how the rest of the page is read; fix the markup by hand first"
        )


def _span_of(attrs: str, which: str) -> int:
    for m in _SPAN_RE.finditer(attrs):
        if m.group(1).lower() == which:
            v = int(m.group(2)[:6])
            return min(max(v, 1), _MAX_SPAN)
    return 1


# --------------------------------------------------------------------------
# model


class Cell:
    """One table cell: ``marker`` + ``attrs`` + ``content`` reproduce its text.

    ``marker`` is the line-start marker with its indentation (``|``, ``!``,
    ``|+``) or an inline separator (``||``, ``!!``); ``attrs`` is the attribute
    text including its closing ``|`` (or ""); ``content`` runs to the next
    separator, or for the last cell of a line through the newline and any
    continuation lines.
    """

    __slots__ = ("kind", "marker", "attrs", "content", "_cache")

    def __init__(self, kind: str, marker: str, attrs: str, content: str):
        self.kind = kind  # "th", "td" or "caption"
        self.marker = marker
        self.attrs = attrs
        self.content = content
        self._cache: tuple[str, str] | None = None

    def __str__(self) -> str:
        return self.marker + self.attrs + self.content

    def __repr__(self) -> str:
        return f"Cell({self.kind}, {str(self)!r})"

    @property
    def inline(self) -> bool:
        """True when the cell follows another on the same line (``||``/``!!``)."""
        return self.marker in ("||", "!!")

    @property
    def rowspan(self) -> int:
        return _span_of(self.attrs, "rowspan") if self.attrs else 1

    @property
    def colspan(self) -> int:
        return _span_of(self.attrs, "colspan") if self.attrs else 1

    @property
    def attributes(self) -> str:
        """The attribute text without its closing ``|`` ("" when none)."""
        return self.attrs[:-1].strip() if self.attrs else ""

    @property
    def text(self) -> str:
        """The raw wikitext of the value (content without surrounding space/comments)."""
        return _split_content(self.content)[1]

    @property
    def value(self) -> str:
        """The plain value (markup stripped)."""
        c = self._cache
        if c is None or c[0] != self.content:
            c = self._cache = (self.content, plain_text(_split_content(self.content)[1]))
        return c[1]

    def set(self, value) -> None:
        """Replace the value, keeping the whitespace/comments around it."""
        new = _check_value(value, "a table cell", header=self.kind == "th")
        pre, core, post = _split_content(self.content)
        _check_old(core, "a table cell")
        if not core:
            if not pre and new:
                pre = " "
            elif new and not post and len(pre) > 1 and not pre.strip(" "):
                # an empty padded cell followed by "||": centre the value in it
                pre, post = " ", " " * max(1, len(pre) - 1 - len(new))
        elif "\n" not in post:
            pre, post = _repad(pre, core, new, post)
        else:
            pre, _ = _repad(pre, core, new, "")
        if not pre and new[:1] in ("-", "+", "}") and self.marker.rstrip().endswith("|"):
            pre = " "  # "|-", "|+" and "|}" would be table syntax
        self.content = pre + new + post


class Row:
    """A table row: ``sep`` (the ``|-`` line, "" for the implicit first row),
    ``lead`` (lines before its first cell) and ``items`` (cells and captions)."""

    __slots__ = ("sep", "lead", "items")

    def __init__(self, sep: str = "", lead: str = "", items: list[Cell] | None = None):
        self.sep = sep
        self.lead = lead
        self.items = items if items is not None else []

    def __str__(self) -> str:
        return self.sep + self.lead + "".join(str(c) for c in self.items)

    def __repr__(self) -> str:
        return f"Row({str(self)!r})"

    @property
    def cells(self) -> list[Cell]:
        return [c for c in self.items if c.kind != "caption"]

    @property
    def attributes(self) -> str:
        s = self.sep.strip()
        return s.lstrip("|").lstrip("-").strip()


class _Layout:
    __slots__ = ("rows", "grids", "pos", "header_count", "ncols")

    def __init__(self, rows, grids, pos, header_count, ncols):
        self.rows = rows  # rows that have cells
        self.grids = grids  # per such row: {col: (cell, origin_here)}
        self.pos = pos  # id(cell) -> (row_i, col)
        self.header_count = header_count
        self.ncols = ncols


class Table:
    """One ``{| … |}`` wikitable.

    ``open`` is the ``{|`` line (with its newline), ``rows`` the rows in order,
    ``close`` the ``|}`` (with its indentation).
    """

    def __init__(self, open_line: str, line: int):
        self.open = open_line
        self.rows: list[Row] = [Row()]
        self.close = ""
        self.line = line  # 1-based line of the "{|" in the parsed text
        self.index = -1
        self._layout: _Layout | None = None

    def __str__(self) -> str:
        return self.open + "".join(str(r) for r in self.rows) + self.close

    def __repr__(self) -> str:
        return f"<Table {self.index} line {self.line}: {self.headers}>"

    # ---- layout -----------------------------------------------------------

    def _invalidate(self) -> None:
        self._layout = None

    def _lay(self) -> _Layout:
        if self._layout is not None:
            return self._layout
        rows = [r for r in self.rows if r.cells]
        grids: list[dict[int, tuple[Cell, bool]]] = []
        pos: dict[int, tuple[int, int]] = {}
        pending: dict[int, tuple[int, Cell]] = {}
        ncols = 0
        for ri, row in enumerate(rows):
            g: dict[int, tuple[Cell, bool]] = {c: (cell, False) for c, (_, cell) in pending.items()}
            newpend = {c: (k - 1, cell) for c, (k, cell) in pending.items() if k > 1}
            col = 0
            for cell in row.cells:
                while col in g:
                    col += 1
                pos[id(cell)] = (ri, col)
                cs, rs = cell.colspan, cell.rowspan
                for k in range(col, col + cs):
                    if k not in g:
                        g[k] = (cell, True)
                        if rs > 1:
                            newpend[k] = (rs - 1, cell)
                col += cs
            pending = newpend
            grids.append(g)
            if g:
                ncols = max(ncols, max(g) + 1)
        # header rows: the first row if it is all header cells, and following
        # all-header rows while the header uses row/column spans
        hc = 0
        if rows and all(c.kind == "th" for c in rows[0].cells):
            hc = 1
            while hc < len(rows) and all(c.kind == "th" for c in rows[hc].cells):
                prev = rows[hc - 1].cells
                spanned = any(c.colspan > 1 for c in prev) or any(
                    not origin for (cell, origin) in grids[hc].values()
                )
                if not spanned:
                    break
                hc += 1
        self._layout = _Layout(rows, grids, pos, hc, ncols)
        return self._layout

    # ---- structure ----------------------------------------------------------

    @property
    def attributes(self) -> str:
        """The ``{|`` line's attributes."""
        return self.open.strip()[2:].strip()

    @property
    def caption(self) -> str | None:
        for r in self.rows:
            for c in r.items:
                if c.kind == "caption":
                    return c.value
        return None

    @property
    def header_rows(self) -> list[Row]:
        lay = self._lay()
        return lay.rows[: lay.header_count]

    @property
    def data_rows(self) -> list[Row]:
        lay = self._lay()
        return lay.rows[lay.header_count :]

    @property
    def has_spans(self) -> bool:
        return any(c.rowspan > 1 or c.colspan > 1 for r in self._lay().rows for c in r.cells)

    @property
    def headers(self) -> list[str]:
        """Plain header text per logical column (the lowest header row wins)."""
        lay = self._lay()
        names = [""] * lay.ncols if lay.header_count else []
        for g in lay.grids[: lay.header_count]:
            for col, (cell, _) in g.items():
                names[col] = cell.value
        return names

    def header_cell(self, column: int) -> Cell | None:
        """The header cell that names logical column ``column`` (the lowest header row wins, as in
        :attr:`headers`); None when the table has no header there."""
        lay = self._lay()
        for g in reversed(lay.grids[: lay.header_count]):
            if column in g:
                return g[column][0]
        return None

    @property
    def is_key_value(self) -> bool:
        """A headerless table whose every row is a header cell then value cell(s)."""
        lay = self._lay()
        if lay.header_count or not lay.rows:
            return False
        for r in lay.rows:
            cells = r.cells
            if len(cells) < 2 or cells[0].kind != "th" or cells[1].kind != "td":
                return False
        return True

    def is_players_table(self, player_term: str | None = None,
                         headers: Sequence[str] = DEFAULT_PLAYER_HEADERS) -> bool:
        """Does the first column hold player names? Its heading is one of ``headers`` or the
        era's ``player_term`` (case, ``_`` and a plural ``s`` ignored)."""
        heads = self.headers
        return bool(heads) and language.singular_or_same(name_key(heads[0])) in _player_headers(player_term, headers)

    def _row_name_cell(self, ri: int) -> Cell | None:
        lay = self._lay()
        hit = lay.grids[ri].get(0)
        if hit is None or not hit[1]:
            return None
        return hit[0]

    @property
    def row_names(self) -> list[str]:
        """Plain first-cell value of each data row ("" for a row whose first
        column is covered by a span from above)."""
        lay = self._lay()
        out = []
        for ri in range(lay.header_count, len(lay.rows)):
            cell = self._row_name_cell(ri)
            out.append(cell.value if cell is not None else "")
        return out

    def _where(self) -> str:
        return f"table {self.index} (line {self.line})"

    def _find_row(self, name: str) -> int:
        """Index into layout rows of the data row named ``name``."""
        lay = self._lay()
        target = _norm_term(str(name))
        hits = []
        for ri in range(lay.header_count, len(lay.rows)):
            cell = self._row_name_cell(ri)
            if cell is not None and name_key(cell.value) == target:
                hits.append(ri)
        if len(hits) == 1:
            return hits[0]
        names = [n for n in self.row_names if n]
        if not hits:
            raise GamestateError(
                f"no row named {name!r} in {self._where()}; its rows are: "
                + (", ".join(names) if names else "(none)")
                + ". Check the spelling, or add the row first"
            )
        raise GamestateError(
            f"{len(hits)} rows are named {name!r} in {self._where()}; fix the duplicate on the page first"
        )

    def _find_col(self, column) -> int:
        lay = self._lay()
        if isinstance(column, int):
            if 0 <= column < lay.ncols:
                return column
            raise GamestateError(
                f"column index {column} is out of range in {self._where()}, which has {lay.ncols} columns"
            )
        target = _norm_term(str(column))
        hits: dict[int, Cell] = {}
        for g in lay.grids[: lay.header_count]:
            for col, (cell, _) in g.items():
                if name_key(cell.value) == target:
                    hits[col] = cell
        if len(hits) == 1:
            return next(iter(hits))
        if not hits:
            heads = [h for h in self.headers if h]
            raise GamestateError(
                f"no column {column!r} in {self._where()}; its columns are: "
                + (", ".join(heads) if heads else "(none: the table has no header row)")
            )
        cells = {id(c) for c in hits.values()}
        if len(cells) == 1:
            raise GamestateError(
                f"column {column!r} in {self._where()} spans {len(hits)} columns (colspan); "
                "name one of the columns under it instead: "
                + ", ".join(self.headers[c] or f"#{c}" for c in sorted(hits))
            )
        raise GamestateError(
            f"{len(hits)} columns are headed {column!r} in {self._where()} "
            f"(columns {sorted(hits)}); give the column index instead"
        )

    # ---- reading / editing cells -------------------------------------------

    def cell(self, row, column) -> Cell:
        """The cell at (row name, column header or index); spanned cells are
        returned as the cell that spans them."""
        ri = self._find_row(row)
        col = self._find_col(column)
        hit = self._lay().grids[ri].get(col)
        if hit is None:
            raise GamestateError(
                f"row {row!r} in {self._where()} has no cell in column {column!r} "
                f"(it has {len(self._lay().rows[ri].cells)} cells); add the missing cells to that row first"
            )
        return hit[0]

    def get(self, row, column) -> str:
        """The plain value at (row, column)."""
        return self.cell(row, column).value

    def set_cell(self, row, column, value) -> Cell:
        """Set the value at (row, column); only that cell's bytes change.

        Refuses (GamestateError) a cell that spans rows/columns or is covered
        by such a span, since the edit would change other rows or columns."""
        ri = self._find_row(row)
        col = self._find_col(column)
        lay = self._lay()
        hit = lay.grids[ri].get(col)
        if hit is None:
            raise GamestateError(
                f"row {row!r} in {self._where()} has no cell in column {column!r} "
                f"(it has {len(lay.rows[ri].cells)} cells); add the missing cells to that row first"
            )
        cell, origin = hit
        if not origin or cell.rowspan > 1 or cell.colspan > 1:
            raise GamestateError(
                f"refusing to edit row {row!r}, column {column!r} in {self._where()}: that cell "
                f"is spanned (rowspan={cell.rowspan}, colspan={cell.colspan}{', starting in another row' if not origin else ''}), "
                "so the edit would also change other cells; edit the page by hand"
            )
        cell.set(value)
        self._invalidate()
        return cell

    # ---- structural edits -----------------------------------------------

    def _style(self, cells: list[Cell]) -> tuple[str, str]:
        """(space before an inline separator, space after it) as used by cells."""
        before = after = None
        for a, b in zip(cells, cells[1:]):
            if b.inline and "\n" not in a.content:
                pre, core, post = _split_content(a.content)
                if core:
                    before = post if not post.strip() else before
            if b.inline:
                pre, core, _ = _split_content(b.content)
                if core and not pre.strip():
                    after = pre
        return (before if before is not None else " "), (after if after is not None else " ")

    def _append_cell(self, row: Row, kind: str, value: str, before: str, after: str) -> None:
        cells = row.cells
        last = cells[-1]
        inline_markers = [c.marker for c in cells if c.inline]
        new_i = row.items.index(last) + 1
        if inline_markers and "\n" not in _split_content(last.content)[1]:
            if last.inline:
                sep = last.marker
            else:
                sep = inline_markers[-1]
            if kind == "th" and sep not in ("!!", "||"):
                sep = "!!"
            if kind == "td":
                sep = "||"
            pre, core, post = _split_content(last.content)
            k = post.find("\n")
            post_line, post_rest = (post, "") if k < 0 else (post[:k], post[k:])
            head = pre + core + post_line
            if not head or head[-1] not in " \t":
                head += before
            last.content = head
            row.items.insert(new_i, Cell(kind, sep, "", after + value + post_rest))
        else:
            m = last.marker
            indent = m[: len(m) - len(m.lstrip(_LINE_WS))]
            marker = indent + ("!" if kind == "th" else "|")
            pre, core, _ = _split_content(last.content)
            pre = pre if (core and pre and not pre.strip()) else " "
            if not last.content.endswith("\n"):
                last.content += "\n"
            row.items.insert(new_i, Cell(kind, marker, "", pre + value + "\n"))

    def add_column(self, name: str, default="") -> None:
        """Add a column headed ``name`` at the right, with ``default`` in every
        data row, in the table's style (inline ``!!``/``||`` or one cell per line)."""
        lay = self._lay()
        if not lay.header_count:
            raise GamestateError(
                f"cannot add column {name!r} to {self._where()}: it has no header row"
            )
        if self.has_spans:
            raise GamestateError(
                f"cannot add column {name!r} to {self._where()}: it uses rowspan/colspan; edit it by hand"
            )
        if lay.header_count > 1:  # pragma: no cover - only with spans
            raise GamestateError(f"cannot add a column to {self._where()}: it has several header rows")
        head = _check_value(name, f"the header of {self._where()}", header=True)
        if not head:
            raise GamestateError("a new column needs a non-empty name")
        if _norm_term(head) in {name_key(h) for h in self.headers}:
            raise GamestateError(f"{self._where()} already has a column {name!r}; set the existing one instead")
        default = _check_value(default, f"the new column {name!r} of {self._where()}")
        ncols = lay.ncols
        snapshot = str(self)
        hrow = lay.rows[0]
        before, after = self._style(hrow.cells)
        for _ in range(len(hrow.cells), ncols):  # data rows wider than the header
            self._append_cell(hrow, "th", "", before, after)
        self._append_cell(hrow, "th", head, before, after)
        for row in lay.rows[1:]:
            before, after = self._style(row.cells)
            for _ in range(len(row.cells), ncols):
                self._append_cell(row, "td", "", before, after)
            self._append_cell(row, "td", default, before, after)
        self._invalidate()
        n_rows = len(lay.rows)

        def ok(t: Table) -> bool:
            tl = t._lay()
            return (
                len(tl.rows) == n_rows
                and tl.header_count == 1
                and tl.ncols == ncols + 1
                and t.headers[-1] == plain_text(head)
                and all(g.get(ncols, (None,))[0] is not None for g in tl.grids)
            )

        self._verify(snapshot, ok, f"add column {name!r}")

    def _verify(self, snapshot: str, ok, what: str) -> None:
        """Re-read the edited table; if it does not read as intended, undo the edit."""
        try:
            parts = _scan(str(self), frozenset())
            tables = [p for p in parts if isinstance(p, Table)]
            good = len(tables) == 1 and str(tables[0]) == str(self) and ok(tables[0])
        except GamestateError:
            good = False
        if good:
            return
        old = [p for p in _scan(snapshot, frozenset()) if isinstance(p, Table)][0]
        self.open, self.rows, self.close = old.open, old.rows, old.close
        self._invalidate()
        raise GamestateError(
            f"cannot {what} in {self._where()}: the result would not read back as intended "
            "(unbalanced markup or unusual cell syntax in the table); edit the page by hand"
        )

    def add_row(self, name: str, values=None) -> Row:
        """Add a data row for ``name`` after the last data row, copying that
        row's layout (separator line, markers, attributes, spacing).

        ``values``: a dict {column: value} or a sequence for the columns after
        the first; missing values are empty."""
        lay = self._lay()
        name = _check_value(name, f"the first column of {self._where()}")
        if not name:
            raise GamestateError("a new row needs a non-empty name")
        target = _norm_term(name)
        if any(name_key(n) == target for n in self.row_names):
            raise GamestateError(f"{self._where()} already has a row named {name!r}; set the existing one instead")
        if not lay.rows:
            raise GamestateError(
                f"cannot add a row to {self._where()}: it has no rows to copy the style of; add the first row by hand"
            )
        template = lay.rows[-1]
        from_header = len(lay.rows) == lay.header_count
        if any(c.rowspan > 1 or c.colspan > 1 for c in template.cells) or any(
            not o for (_, o) in lay.grids[-1].values()
        ):
            raise GamestateError(
                f"cannot add a row to {self._where()}: its last row uses rowspan/colspan; add it by hand"
            )
        ncols = len(template.cells)
        vals = [""] * ncols
        vals[0] = name
        if isinstance(values, dict):
            for col, v in values.items():
                c = self._find_col(col)
                if c == 0:
                    raise GamestateError("the first column is the row's name; pass it as name")
                if c >= ncols:
                    raise GamestateError(
                        f"column {col!r} is beyond the {ncols} cells of the last row; "
                        "add the missing cells to the last row first"
                    )
                vals[c] = v
        elif values is not None:
            values = list(values)
            if len(values) > ncols - 1:
                raise GamestateError(
                    f"{len(values)} values given but {self._where()} has {ncols - 1} columns after the name"
                )
            for i, v in enumerate(values):
                vals[i + 1] = v
        new_cells = []
        for i, t in enumerate(template.cells):
            kind = t.kind
            marker = t.marker
            if from_header or (kind == "th" and i > 0):
                kind = "td"
                marker = marker.replace("!!", "||").replace("!", "|")
            v = _check_value(vals[i], f"a new row of {self._where()}", header=kind == "th")
            pre, core, post = _split_content(t.content)
            k = post.find("\n")
            post_line = post if k < 0 else post[:k]
            nl = "" if k < 0 else "\n"
            post_h = _HWS_RE.match(post_line).group(0)
            if core:
                pre, post_h = _repad(pre, core, v, post_h)
            elif not pre:
                pre = " "
            if v == "" and (nl or not core):
                # nothing to show: no trailing spaces at the end of a line
                post_h = ""
                if nl:
                    pre = ""
            attrs = "" if from_header else t.attrs
            body = attrs + pre + v + post_h + nl
            if marker.rstrip(_LINE_WS).endswith("|") and body[:1] in ("-", "+", "}"):
                attrs = " " + attrs  # "|-", "|+" and "|}" would be table syntax
            new_cells.append(Cell(kind, marker, attrs, pre + v + post_h + nl))
        if not new_cells[-1].content.endswith("\n"):
            new_cells[-1].content += "\n"
        sep = template.sep if template.sep.strip().startswith("|-") else "|-\n"
        if not sep.endswith("\n"):
            sep += "\n"
        row = Row(sep, "", new_cells)
        snapshot = str(self)
        n_data = len(self.data_rows)
        at = self.rows.index(template) + 1
        prev = self.rows[at - 1]
        if not str(prev).endswith("\n"):  # pragma: no cover - a closed table always has one
            prev.items[-1].content += "\n"
        self.rows.insert(at, row)
        self._invalidate()

        def ok(t: Table) -> bool:
            try:
                ri = t._find_row(name)
            except GamestateError:
                return False
            return len(t.data_rows) == n_data + 1 and t._lay().rows[ri].cells and all(
                t._lay().grids[ri].get(i, (None,))[0] is not None for i in range(len(vals))
            ) and [t._lay().grids[ri][i][0].value for i in range(len(vals))] == [
                plain_text(_check_value(v, "")) for v in vals
            ]

        self._verify(snapshot, ok, f"add row {name!r}")
        return row

    def remove_row(self, name: str) -> Row:
        """Remove the data row of ``name`` (its ``|-`` line, its cells and any
        lines attached to them)."""
        ri = self._find_row(name)
        lay = self._lay()
        row = lay.rows[ri]
        spanned = any(c.rowspan > 1 for c in row.cells) or any(not o for (_, o) in lay.grids[ri].values())
        if spanned:
            raise GamestateError(
                f"refusing to remove row {name!r} from {self._where()}: it takes part in a rowspan; "
                "edit the page by hand"
            )
        self.rows.remove(row)
        self._invalidate()
        return row

    # ---- output ---------------------------------------------------------

    def column_keys(self) -> list[str]:
        """One unique key per logical column: its heading, or "column N" for a blank or
        repeated heading (the keys of :meth:`row_values` and ``to_dict()["rows"]``)."""
        heads = self.headers
        lay = self._lay()
        keys = []
        seen: set[str] = set()
        for i in range(lay.ncols):
            h = heads[i] if i < len(heads) else ""
            if not h or h in seen:
                h = f"column {i + 1}"
            seen.add(h)
            keys.append(h)
        return keys

    def row_values(self) -> Iterator[tuple[str, dict[str, str]]]:
        """(row name, {column key: plain value}) for each data row, in order. The name is as
        in :attr:`row_names`; a cell covered by a span reads as the spanning cell's value."""
        lay = self._lay()
        keys = self.column_keys()
        names = self.row_names
        for ri in range(lay.header_count, len(lay.rows)):
            g = lay.grids[ri]
            yield names[ri - lay.header_count], {keys[c]: g[c][0].value for c in sorted(g)}

    def to_dict(self) -> dict:
        lay = self._lay()
        rows = [values for _, values in self.row_values()]
        cells = []
        for r in lay.rows:
            cells.append(
                [
                    {
                        "kind": c.kind,
                        "value": c.value,
                        "text": c.text,
                        "raw": str(c),
                        "attributes": c.attributes,
                        "rowspan": c.rowspan,
                        "colspan": c.colspan,
                    }
                    for c in r.cells
                ]
            )
        return {
            "index": self.index,
            "line": self.line,
            "attributes": self.attributes,
            "caption": self.caption,
            "key_value": self.is_key_value,
            "headers": self.headers,
            "header_rows": lay.header_count,
            "row_names": self.row_names,
            "rows": rows,
            "cells": cells,
        }

    def describe(self) -> list[str]:
        lay = self._lay()
        kind = "key-value table" if self.is_key_value else "table"
        head = f"Table {self.index} (line {self.line}): {kind}, {len(self.data_rows)} rows"
        if self.caption:
            head += f", caption {self.caption!r}"
        lines = [head]
        if self.is_key_value:
            for r in lay.rows:
                c = r.cells
                lines.append(f"  {c[0].value} = {c[1].value}")
            return lines
        first_key = self.column_keys()[0] if lay.ncols else None
        if lay.header_count:
            lines.append("  columns: " + " | ".join(self.headers))
        for _, values in self.row_values():
            if not values:
                continue
            first = values.get(first_key, "")
            rest = ", ".join(f"{k}={v}" for k, v in values.items() if k != first_key)
            lines.append(f"  {first}: {rest}" if rest else f"  {first}")
        return lines


class SingleValue:
    """A named single value (a ``{{pill}}`` template or a key-value table row)."""

    kind = ""

    @property
    def name(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def value(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def set(self, value) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_dict(self) -> dict:
        return {"name": self.name, "value": self.value, "kind": self.kind, "raw": self.raw}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}={self.value!r}>"


class TemplateValue(SingleValue):
    """``{{pill|Name|Value|colour}}``: ``prefix`` + ``content`` + ``suffix``."""

    kind = "template"

    def __init__(self, prefix: str, name_raw: str, content: str, suffix: str):
        self.prefix = prefix
        self.name_raw = name_raw
        self.content = content
        self.suffix = suffix

    def __str__(self) -> str:
        return self.prefix + self.content + self.suffix

    @property
    def raw(self) -> str:
        return str(self)

    @property
    def template(self) -> str:
        return self.prefix[2:].split("|", 1)[0].strip()

    @property
    def name(self) -> str:
        return plain_text(self.name_raw)

    @property
    def value(self) -> str:
        return plain_text(_split_content(self.content)[1])

    def set(self, value) -> None:
        new = _check_value(value, f"the {self.template} value {self.name!r}", template=True)
        pre, core, post = _split_content(self.content)
        _check_old(core, f"the {self.template} value {self.name!r}")
        if core:
            pre, post = _repad(pre, core, new, post) if "\n" not in post else (pre, post)
        self.content = pre + new + post


class TableValue(SingleValue):
    """A row of a key-value table: header cell = name, next cell = value."""

    kind = "table"

    def __init__(self, table: Table, row: Row):
        self.table = table
        self.row = row

    @property
    def raw(self) -> str:
        return str(self.row)

    @property
    def name(self) -> str:
        return self.row.cells[0].value

    @property
    def value(self) -> str:
        return self.row.cells[1].value

    def set(self, value) -> None:
        self.row.cells[1].set(value)
        self.table._invalidate()

    def to_dict(self) -> dict:
        d = super().to_dict()
        d["table"] = self.table.index
        return d


class TextPart:
    """Text outside tables: plain strings and :class:`TemplateValue` pieces."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list):
        self.pieces = pieces

    def __str__(self) -> str:
        return "".join(str(p) for p in self.pieces)

    def __repr__(self) -> str:
        return f"TextPart({str(self)!r})"


def _text_part(text: str, a: int, b: int, spans, names: frozenset) -> TextPart:
    pieces: list = []
    last = a
    if names:
        for s, e in spans:
            if s < a or e > b or not text.startswith("{{", s):
                continue
            tv = _template_value(text[s:e], names)
            if tv is None:
                continue
            if last < s:
                pieces.append(text[last:s])
            pieces.append(tv)
            last = e
    if last < b or not pieces:
        pieces.append(text[last:b])
    return TextPart(pieces)


def _template_value(raw: str, names: frozenset) -> TemplateValue | None:
    if not raw.endswith("}}") or "|" not in raw:
        return None
    inner = raw[2:-2]
    m = _masked(inner)
    cuts = [i for i, ch in enumerate(m) if ch == "|"]
    if len(cuts) < 2:
        return None
    if name_key(inner[: cuts[0]]) not in names:
        return None
    bounds = cuts + [len(inner)]
    arg1 = (cuts[0] + 1, bounds[1])
    arg2 = (cuts[1] + 1, bounds[2])
    if "=" in m[arg1[0] : arg1[1]] or "=" in m[arg2[0] : arg2[1]]:
        return None
    return TemplateValue(
        "{{" + inner[: arg2[0]],
        inner[arg1[0] : arg1[1]],
        inner[arg2[0] : arg2[1]],
        inner[arg2[1] :] + "}}",
    )


def _make_cell(kind: str, marker: str, raw: str, m: str, a: int, b: int) -> Cell:
    i = m.find("|", a, b)
    if i >= 0 and "[[" not in raw[a:i]:
        return Cell(kind, marker, raw[a : i + 1], raw[i + 1 : b])
    return Cell(kind, marker, "", raw[a:b])


def _line_cells(raw: str, m: str, ind: int, ch: str) -> list[Cell]:
    if m.startswith("|+", ind):
        return [_make_cell("caption", raw[: ind + 2], raw, m, ind + 2, len(m))]
    kind = "th" if ch == "!" else "td"
    sep_re = _TH_SEP if kind == "th" else _TD_SEP
    cells = []
    marker = raw[: ind + 1]
    start = ind + 1
    for sm in sep_re.finditer(m, start):
        cells.append(_make_cell(kind, marker, raw, m, start, sm.start()))
        marker = sm.group()
        start = sm.end()
    cells.append(_make_cell(kind, marker, raw, m, start, len(m)))
    return cells


def _junk(row: Row, raw: str) -> None:
    if row.items:
        row.items[-1].content += raw
    else:
        row.lead += raw


def _scan(text: str, names: frozenset) -> list:
    spans = _opaque_spans(text)
    masked = _mask(text, spans)
    parts: list = []
    n = len(text)
    pos = 0
    seg = 0
    table: Table | None = None
    row: Row | None = None
    depth = 0
    find = masked.find
    while pos < n:
        nl = find("\n", pos)
        end = n if nl < 0 else nl + 1
        m = masked[pos:end]
        s = m.lstrip(_LINE_WS)
        if table is None:
            if s.startswith("{|"):
                if seg < pos:
                    parts.append(_text_part(text, seg, pos, spans, names))
                table = Table(text[pos:end], text.count("\n", 0, pos) + 1)
                row = table.rows[0]
                depth = 0
            pos = end
            continue
        raw = text[pos:end]
        if depth:
            if s.startswith("{|"):
                depth += 1
            elif s.startswith("|}"):
                depth -= 1
            _junk(row, raw)
        elif s.startswith("|}"):
            cut = pos + (len(m) - len(s)) + 2
            table.close = text[pos:cut]
            parts.append(table)
            table = None
            seg = cut  # the rest of the "|}" line is text after the table
            pos = end
            continue
        elif s.startswith("|-"):
            row = Row(raw)
            table.rows.append(row)
        elif s[:1] in ("|", "!"):
            row.items.extend(_line_cells(raw, m, len(m) - len(s), s[0]))
        elif s.startswith("{|"):
            depth = 1
            _junk(row, raw)
        else:
            _junk(row, raw)
        pos = end
    if table is not None:
        raise GamestateError(
            f"line {table.line}: the table opened here with {table.open.strip()[:40]!r} is never "
            "closed; add a line '|}' after its last row"
        )
    if seg < n or not parts:
        parts.append(_text_part(text, seg, n, spans, names))
    return parts


# --------------------------------------------------------------------------
# page


_LEGEND = re.compile(r"^\s*(?:legend|key)\s*:\s*(?P<items>.+)$", re.I)
_LEGEND_BLANK = re.compile(r"(?:an?\s+)?(?:blank|empty)(?:\s+cell)?\s*(?:is|=|means|:)\s*(?P<name>[A-Za-z][\w' -]*)", re.I)
_HEADING_LINE = re.compile(r"^\s*(=+)\s*(?P<title>.+?)\s*\1\s*$", re.M)


class GamestatePage:
    """A gamestate tracking page: text parts and tables, in order.

    ``str(page)`` reproduces the parsed text exactly, plus any edits.
    """

    def __init__(self, parts: list):
        self.parts = parts
        self.tables: list[Table] = [p for p in parts if isinstance(p, Table)]
        for i, t in enumerate(self.tables):
            t.index = i

    @classmethod
    def parse(cls, text: str, *, value_templates: Sequence[str] = ("pill",)) -> "GamestatePage":
        if not isinstance(text, str):
            raise TypeError(f"expected the page's wikitext as str, got {type(text).__name__}")
        limits.check_page(text, "The gamestate page")
        names = frozenset(name_key(t) for t in value_templates)
        return cls(_scan(text, names))

    def __str__(self) -> str:
        return "".join(str(p) for p in self.parts)

    def __repr__(self) -> str:
        return f"<GamestatePage: {len(self.tables)} tables, {len(self.single_values)} single values>"

    # ---- tables ---------------------------------------------------------

    def table(self, which) -> Table:
        """A table by index (or a Table, returned as is)."""
        if isinstance(which, Table):
            return which
        if isinstance(which, int) and not isinstance(which, bool):
            if 0 <= which < len(self.tables):
                return self.tables[which]
            raise GamestateError(
                f"no table {which}: the page has {len(self.tables)} tables (0–{len(self.tables) - 1})"
                if self.tables
                else f"no table {which}: the page has no tables"
            )
        raise TypeError(f"table must be an index or a Table, not {type(which).__name__}")

    def label_of(self, table: Table) -> str | None:
        """How the page names a table: its caption, else the last heading in the text just above it
        (``== Bombs ==``), else None."""
        if table.caption:
            return table.caption
        previous = ""
        for part in self.parts:
            if part is table:
                break
            previous = str(part) if isinstance(part, TextPart) else ""
        heading = None
        for m in _HEADING_LINE.finditer(previous):
            heading = m.group("title")
        return plain_text(heading) or None if heading else None

    def legend_of(self, table: Table) -> dict[str, str]:
        """What the symbols in a table's cells stand for, from a legend in the text just after it
        (``Legend: 🍋 Lemon, 🍊 Orange; a blank cell is Empty``, also ``Key:``): symbol → name, and
        ``""`` → the name of a blank cell. Empty when there is no legend."""
        after = None
        for i, part in enumerate(self.parts):
            if part is table:
                after = self.parts[i + 1] if i + 1 < len(self.parts) else None
                break
        if not isinstance(after, TextPart):
            return {}
        legend: dict[str, str] = {}
        for line in str(after).split("\n")[:3]:
            m = _LEGEND.match(plain_text(line))
            if not m:
                continue
            for item in re.split(r"\s*[,;]\s*", m.group("items")):
                item = item.strip().rstrip(".")
                blank = _LEGEND_BLANK.fullmatch(item)
                if blank:
                    legend[""] = blank.group("name")
                    continue
                pair = re.fullmatch(r"(?P<symbol>\S+)\s*(?:=|:|—|-|is)?\s*(?P<name>[A-Za-z][\w' -]*)", item)
                if pair and not pair.group("symbol")[0].isalpha():
                    legend[pair.group("symbol")] = pair.group("name").strip()
        return legend

    def find_table(self, column) -> Table:
        """The one table with a column headed ``column``."""
        target = _norm_term(str(column))
        hits = [t for t in self.tables if any(name_key(h) == target for h in t.headers)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            listing = "; ".join(
                f"table {t.index}: {', '.join(h for h in t.headers if h) or '(no header row)'}"
                for t in self.tables
            )
            raise GamestateError(
                f"no table has a column {column!r}; the columns are: {listing or '(the page has no tables)'}"
            )
        raise GamestateError(
            f"column {column!r} is ambiguous: tables {', '.join(str(t.index) for t in hits)} "
            "all have it; name the table"
        )

    def players_table(self, player_term: str | None = None) -> Table:
        """The table whose first column holds player names: its first header is
        Player/Nomicer/Name/User or the era's player term (plural allowed)."""
        terms = _player_headers(player_term, DEFAULT_PLAYER_HEADERS)
        hits = [t for t in self.tables if t.is_players_table(player_term)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            firsts = [f"table {t.index}: {t.headers[0]!r}" for t in self.tables if t.headers]
            raise GamestateError(
                "no players table: no table's first column is headed "
                + "/".join(sorted(terms))
                + ("; first columns are: " + ", ".join(firsts) if firsts else "")
                + ". Pass the era's player term, or name the table"
            )
        raise GamestateError(
            "several tables look like the players table (tables "
            + ", ".join(str(t.index) for t in hits)
            + "); name the table"
        )

    def _resolve(self, table, column) -> Table:
        return self.find_table(column) if table is None else self.table(table)

    def get(self, row, column, table=None) -> str:
        """Plain value at (row, column) of ``table`` (default: the table with that column)."""
        return self._resolve(table, column).get(row, column)

    def set_cell(self, table, row, column, new_value) -> Cell:
        """Set one cell; ``table`` None means the one table with that column."""
        return self._resolve(table, column).set_cell(row, column, new_value)

    # ---- single values ----------------------------------------------------

    @property
    def single_values(self) -> list[SingleValue]:
        out: list[SingleValue] = []
        for p in self.parts:
            if isinstance(p, TextPart):
                out.extend(x for x in p.pieces if isinstance(x, TemplateValue))
            elif p.is_key_value:
                out.extend(TableValue(p, r) for r in p.data_rows)
        return out

    def single(self, name: str) -> SingleValue:
        target = _norm_term(str(name))
        hits = [v for v in self.single_values if name_key(v.name) == target]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            names = [v.name for v in self.single_values]
            raise GamestateError(
                f"no single value named {name!r}; the page has: "
                + (", ".join(names) if names else "(none)")
            )
        raise GamestateError(f"{len(hits)} single values are named {name!r}; edit the page by hand")

    def get_value(self, name: str) -> str:
        return self.single(name).value

    def set_value(self, name: str, value) -> SingleValue:
        v = self.single(name)
        v.set(value)
        return v

    # ---- positions ------------------------------------------------------

    def iter_spans(self) -> Iterator[tuple[object, int, int]]:
        """(object, start, end) for every text piece, template value, table,
        row and cell, in page order; offsets into ``str(self)``."""
        pos = 0
        for p in self.parts:
            if isinstance(p, TextPart):
                for x in p.pieces:
                    k = len(str(x))
                    yield x, pos, pos + k
                    pos += k
                continue
            start = pos
            pos += len(p.open)
            for r in p.rows:
                rstart = pos
                pos += len(r.sep) + len(r.lead)
                for c in r.items:
                    k = len(str(c))
                    yield c, pos, pos + k
                    pos += k
                yield r, rstart, pos
            pos += len(p.close)
            yield p, start, pos

    def span_of(self, obj) -> tuple[int, int]:
        """(start, end) offsets of a cell, row, table or template value."""
        for o, s, e in self.iter_spans():
            if o is obj:
                return s, e
        raise GamestateError(f"{obj!r} is not part of this page")

    # ---- output ---------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "tables": [t.to_dict() for t in self.tables],
            "single_values": [v.to_dict() for v in self.single_values],
        }

    def describe(self) -> list[str]:
        lines: list[str] = []
        singles = self.single_values
        if singles:
            lines.append("Single values:")
            for v in singles:
                where = f"table {v.table.index}" if isinstance(v, TableValue) else "{{%s}}" % v.template
                lines.append(f"  {v.name} = {v.value}  ({where})")
        for t in self.tables:
            lines.extend(t.describe())
        if not lines:
            lines.append("No tables and no single values.")
        return lines


def parse_gamestate(text: str, *, value_templates: Sequence[str] = ("pill",)) -> GamestatePage:
    """Parse a gamestate page's wikitext. Raises GamestateError for a table
    that is never closed."""
    return GamestatePage.parse(text, value_templates=value_templates)

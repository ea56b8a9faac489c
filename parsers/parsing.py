"""Every reading of a short text under a declared grammar: a memoized top-down parser.

The grammar is a Lark grammar file; Lark loads it (the EBNF compiled to plain rules), lexes the text
and builds the trees, exactly as its own parsers would shape them (``_rule`` inlined, ``?rule``
expanded when it has one child, anonymous tokens filtered, ``-> alias`` names).  The parsing itself
is done here: for each (symbol, position) the parser tries only the alternatives whose first word
can be the word at that position (their FIRST sets), and remembers every way the symbol can end
there.  Lark's Earley parser predicts every rule at every word and, on a grammar of a few hundred
rules, takes tens of milliseconds a sentence; this takes about one.

Every reading is kept (the grammar is meant to be ambiguous where English is): :meth:`Grammar.parse`
returns all complete trees, or says how far the text could be read when there is none.  Direct left
recursion (``_more: | _more item``, and the repetitions Lark makes of ``item*``) is read by growing
the shorter results; any other left recursion is refused when the grammar is loaded.

Pure: text in, trees out.  Work is bounded: at most :data:`MAX_TOKENS` tokens, and at most
:data:`MAX_RESULTS` ways for one symbol to start at one position.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from lark import Lark, Token, Tree
from lark.exceptions import LexError
from lark.lexer import LexerThread

#: Longer texts are not read as one instruction (none is that long once its quotes are masked).
MAX_TOKENS = 80
#: More ways than this for one symbol at one position: the text is too ambiguous to read.
MAX_RESULTS = 400
#: How many texts' readings are remembered (a text is read again while a post is read).
MEMO = 2048


def starts_of(symbols, first: dict, nullable: set, key: Callable) -> tuple[set[str], bool]:
    """The terminals a sequence of symbols can start with, and whether it can derive nothing, given the
    grammar's FIRST sets and nullable symbols (``key`` names a nonterminal as those are keyed; a symbol with
    ``is_term`` is a terminal, named by ``name``)."""
    found: set[str] = set()
    for sym in symbols:
        if sym.is_term:
            found.add(sym.name)
            return found, False
        found |= first.get(key(sym), set())
        if key(sym) not in nullable:
            return found, False
    return found, True


def first_sets(rules: Iterable, origin: Callable, symbols: Callable, key: Callable) -> tuple[dict, set]:
    """Every nonterminal's FIRST set and the nullable ones, to a fixed point, over rules of any shape
    (``origin(rule)``: its nonterminal's key; ``symbols(rule)``: what it expands to) — the one analysis both
    the instruction parser and the definitions' Earley lookahead use."""
    rules = list(rules)
    first: dict = defaultdict(set)
    nullable: set = set()
    changed = True
    while changed:
        changed = False
        for r in rules:
            head = origin(r)
            before = (head in nullable, len(first[head]))
            found, null = starts_of(symbols(r), first, nullable, key)
            first[head] |= found
            if null:
                nullable.add(head)
            if (head in nullable, len(first[head])) != before:
                changed = True
    return first, nullable


class TooAmbiguous(Exception):
    """The text has more readings than the parser keeps."""


@dataclass
class Parsed:
    """The complete readings of a text (``trees``), or how far it could be read."""

    tokens: list[Token]
    trees: list[Tree] = field(default_factory=list)
    #: index of the first token no reading could take (``len(tokens)`` when every token was read)
    stopped_at: int = 0
    error: str | None = None  # the text could not be cut into words, or is too long or ambiguous

    @property
    def unread(self) -> list[Token]:
        """The words from the first one no reading could take."""
        return self.tokens[self.stopped_at:]


@dataclass
class _Alt:
    origin: str
    symbols: tuple  # lark Terminal / NonTerminal objects
    alias: str | None
    expand1: bool
    first: frozenset[str] = frozenset()
    nullable: bool = False


class Grammar:
    """A Lark grammar file, read for every parse of a short text."""

    def __init__(self, path: Path, start: str = "start"):
        self.lark = Lark(path.read_text(encoding="utf-8"), parser="earley", lexer="basic", start=start,
                         propagate_positions=False, maybe_placeholders=False)
        self.start = start
        self._lexer = self.lark._build_lexer()
        self._memo: OrderedDict[str, Parsed] = OrderedDict()
        self._alts: dict[str, list[_Alt]] = defaultdict(list)
        self._left: dict[str, list[_Alt]] = defaultdict(list)  # A: A … (direct left recursion)
        for rule in self.lark.rules:
            origin = rule.origin.name
            alt = _Alt(origin, tuple(rule.expansion), rule.alias, bool(rule.options.expand1))
            if alt.symbols and not alt.symbols[0].is_term and alt.symbols[0].name == origin:
                self._left[origin].append(alt)
            else:
                self._alts[origin].append(alt)
        self._first_sets()
        self._check_left_recursion()

    # ------------------------------------------------------------------ grammar analysis

    def _first_sets(self) -> None:
        every = [a for alts in (self._alts, self._left) for v in alts.values() for a in v]
        first, nullable = first_sets(every, lambda a: a.origin, lambda a: a.symbols, lambda sym: sym.name)
        for alt in every:
            f, null = starts_of(alt.symbols, first, nullable, lambda sym: sym.name)
            alt.first, alt.nullable = frozenset(f), null
        self._nullable = nullable

    def _check_left_recursion(self) -> None:
        """Refuse left recursion other than the direct kind this parser grows (``A: A …``)."""
        def leftmost(name: str) -> set[str]:
            out: set[str] = set()
            for alt in self._alts[name]:
                for sym in alt.symbols:
                    if sym.is_term:
                        break
                    out.add(sym.name)
                    if sym.name not in self._nullable:
                        break
            return out

        graph = {name: leftmost(name) for name in list(self._alts)}
        for name in graph:
            seen, todo = set(), list(graph[name])
            while todo:
                n = todo.pop()
                if n == name:
                    raise ValueError(f"grammar: {name} is left-recursive through other rules; write it as {name}: {name} …")
                if n not in seen:
                    seen.add(n)
                    todo.extend(graph.get(n, ()))

    # ------------------------------------------------------------------ parsing

    def tokens(self, text: str) -> list[Token]:
        """The text's words; a character no terminal takes is a ``STRAY`` word of its own (no rule
        takes it, so a reading stops there and names it)."""
        out: list[Token] = []
        at = 0
        while at < len(text):
            try:
                for tok in LexerThread.from_text(self._lexer, text[at:]).lex(None):
                    out.append(Token.new_borrow_pos(tok.type, tok.value, tok) if at == 0 else
                               Token(tok.type, tok.value, start_pos=tok.start_pos + at, end_pos=tok.end_pos + at))
                return out
            except LexError as exc:
                bad = at + exc.pos_in_stream
                for tok in out[:]:
                    if tok.start_pos >= bad:
                        out.remove(tok)
                out.append(Token("STRAY", text[bad], start_pos=bad, end_pos=bad + 1))
                at = bad + 1
        return out

    def parse(self, text: str) -> Parsed:
        """Every reading of ``text``; a text read again (a post's lines are asked about more than once:
        is it an instruction, does it end the text before it) is answered from a small memo."""
        hit = self._memo.get(text)
        if hit is not None:
            self._memo.move_to_end(text)
            return hit
        parsed = self._parse(text)
        self._memo[text] = parsed
        if len(self._memo) > MEMO:
            self._memo.popitem(last=False)
        return parsed

    def _parse(self, text: str) -> Parsed:
        toks = self.tokens(text)
        if len(toks) > MAX_TOKENS:
            return Parsed(toks, error=f"too long to read as one instruction ({len(toks)} words)")
        run = _Run(self, toks)
        try:
            results = run.results(self.start, 0, nonterminal=True)
        except TooAmbiguous:
            return Parsed(toks, stopped_at=0, error="too many possible readings")
        trees = [kids[0] for end, kids in results if end == len(toks)]
        return Parsed(toks, trees=trees, stopped_at=len(toks) if trees else run.furthest)


class _Run:
    """One parse: the memo of (symbol, position) → every (end, contribution to the parent)."""

    def __init__(self, grammar: Grammar, toks: list[Token]):
        self.g = grammar
        self.toks = toks
        self.types = [t.type for t in toks]
        self.memo: dict[tuple[str, int], list[tuple[int, tuple]]] = {}
        self.furthest = 0

    def results(self, name: str, pos: int, *, nonterminal: bool) -> list[tuple[int, tuple]]:
        if not nonterminal:
            if pos < len(self.types) and self.types[pos] == name:
                self.furthest = max(self.furthest, pos + 1)
                return [(pos + 1, (self.toks[pos],))]
            return []
        key = (name, pos)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.memo[key] = []  # a cycle through a nullable prefix reads nothing (refused at load time)
        out: list[tuple[int, tuple]] = []
        here = self.types[pos] if pos < len(self.types) else None
        for alt in self.g._alts[name]:
            if here in alt.first or alt.nullable:
                for end, kids in self._sequence(alt.symbols, pos):
                    out.append((end, self._shape(alt, kids, pos, end)))
        grow = self.g._left.get(name)
        if grow and out:  # A: A tail — extend every result found so far by each tail
            k = 0
            while k < len(out):
                start_end, start_kids = out[k]
                for alt in grow:
                    for end, kids in self._sequence(alt.symbols[1:], start_end):
                        out.append((end, self._shape(alt, self._unshape(name, start_kids) + kids, pos, end)))
                k += 1
                if len(out) > MAX_RESULTS:
                    raise TooAmbiguous
        if len(out) > MAX_RESULTS:
            raise TooAmbiguous
        self.memo[key] = out
        return out

    def _sequence(self, symbols: tuple, pos: int) -> list[tuple[int, tuple]]:
        partial: list[tuple[int, tuple]] = [(pos, ())]
        for sym in symbols:
            nxt: list[tuple[int, tuple]] = []
            for at, kids in partial:
                for end, contrib in self.results(sym.name, at, nonterminal=not sym.is_term):
                    if sym.is_term and sym.filter_out:
                        contrib = ()
                    nxt.append((end, kids + contrib))
            if not nxt:
                return []
            if len(nxt) > MAX_RESULTS:
                raise TooAmbiguous
            partial = nxt
        return partial

    def _shape(self, alt: _Alt, kids: tuple, start: int, end: int) -> tuple:
        """What one reading of ``alt`` gives its parent, as Lark's tree builder would.  A tree made
        here carries ``span``: the (first, end) indexes of the tokens it covers, filtered ones too."""
        if alt.alias is None and alt.origin.startswith("_"):
            return kids  # inlined
        if alt.expand1 and len(kids) == 1 and alt.alias is None:
            return kids
        tree = Tree(alt.alias or alt.origin, list(kids))
        tree.span = (start, end)
        return (tree,)

    def _unshape(self, name: str, kids: tuple) -> tuple:
        """A left-recursive rule's earlier result as the first children of its next result."""
        if name.startswith("_"):
            return kids
        return tuple(kids[0].children) if len(kids) == 1 and isinstance(kids[0], Tree) and kids[0].data == name else kids

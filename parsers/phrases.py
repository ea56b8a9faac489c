"""An instruction's parts, as the grammar reads them: the verb, its objects and its prepositional
parts, each noun phrase reduced to what it names.

:mod:`parsers.instructions` (the grammar, ``instructions.lark``) reads the words; this module turns
each reading's tree into :class:`Clause` values — plain data that :mod:`parsers.frames` matches to
steps.  Nothing here decides what a step is.

Pure: trees in, data out.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from parsers import language
from parsers.steps import RuleRef


class NotRead(Exception):
    """A phrase does not give the value a step needs; the message says why."""


#: Tokens that may stand in a name in any case; the grammar's other words stand in one only when
#: capitalised ("the rule Keywords", but not "the Villagers table").
_NAME_TOKENS = {"NAME_WORD", "NUMBER", "TAG", "STATUS_TAG", "CAPITAL_A", "OF", "AND", "THE", "FOR", "A", "AN", "ON"}


#: Nouns that head a phrase of their own: a bare name ending in one names that thing, not a rule
#: ("the Lantern List", "the Stops Table"); "the rule Wish List" still names a rule.
_HEAD_NOUNS = {"LIST", "TABLE", "PAGE", "SECTION", "COLUMN", "ROW", "ENTRY", "ITEM", "KEYWORD", "GLOSSARY", "STEP",
               "LINE", "TERM", "PHRASE", "STRING", "CLAUSE", "WORDING", "TEXT", "BODY", "DEFINITION", "STATUS"}


@dataclass(frozen=True)
class NP:
    """A noun phrase, reduced to what it names.

    ``kind`` is one of: ``quote`` (quoted text: ``text``), ``rule`` (``ref``), ``many`` (``items``,
    several noun phrases), ``piece`` (a piece of a rule's text: ``unit``, ``how``, ``number``,
    ``text``, ``of``), ``occurrence`` (``text`` with ``occurrence``), ``new_rule`` (``unit``,
    ``section``, ``text`` = its name, ``of`` = its parent), ``new_piece`` (``unit``, ``text``),
    ``following`` (``unit``), ``section`` (``text``), ``list`` (``text`` = what it lists, None for
    the sole list), ``ruletext`` / ``title`` / ``status_of`` (``of``), ``keyword`` (``text``),
    ``ruleset``, ``end`` (``how`` = "end" or "start", ``of``), ``name`` (``text``: unquoted words),
    ``status`` (``text``: Active / Inactive), ``it``, ``all_rules`` (``items``: the rules kept).
    ``words`` is the phrase as written (quotes restored)."""

    kind: str
    words: str = ""
    text: str | None = None
    ref: RuleRef | None = None
    unit: str | None = None
    how: str | None = None
    number: int | None = None
    occurrence: Any = None
    section: str | None = None
    of: "NP | None" = None
    items: tuple["NP", ...] = ()
    quoted: bool = False


@dataclass(frozen=True)
class Part:
    """A prepositional part: ``prep`` names it ("in", "to", "with", "after", "called", …), ``np``
    is its noun phrase (None when the text follows the sentence: "with:"), ``second`` a second one
    ("so that “A” reads “B”")."""

    prep: str
    np: NP | None = None
    second: NP | None = None
    words: str = ""
    lead: bool = False  # written before the verb


@dataclass
class Clause:
    """One instruction: its verb's meaning (None in a gap, which borrows the verb before it), its
    objects and its parts in the order written."""

    verb: str | None
    objects: list[NP] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    label: NP | None = None  # "Rule 14:" heading the clause
    verb_word: str = ""
    #: a sentence that only names where (or when) the instructions after it apply ("Rule 14:")
    scope: bool = False
    #: read in an Ascension Address (where a list of unquoted rule names is checked against the Ruleset)
    address: bool = False
    gerund: str | None = None  # "Amend X by replacing …": the act, the amended rule is an object
    #: in an Address: what the reset does, stated rather than ordered ("Alliances is switched on")
    stated: bool = False
    #: an order stated in the passive ("The rule “X” is repealed"): read as the order, but never taken for a
    #: step where added text might go on (rule text states what is, too)
    passive: bool = False
    #: in an Address: the rules a list of unquoted names gives, as the Ruleset names its rules
    #: ("Alliances and Bounties" → both, "Keep Calm and Carry On" → one), [] when they are not names
    names: Any = None


_GERUNDS = {"g_replace": "replace", "g_change": "change", "g_substitute": "substitute", "g_remove": "remove",
            "g_add": "add", "g_insert": "insert", "g_append": "append"}

# How each verb rule of the grammar is named in the frames
_VERBS = {
    "v_add": "add", "v_create": "create", "v_append": "append", "v_prepend": "prepend", "v_insert": "insert",
    "v_replace": "replace", "v_change": "change", "v_substitute": "substitute", "v_swap": "swap", "v_use": "use",
    "v_reword": "reword", "v_amend": "amend", "v_remove": "remove", "v_repeal": "repeal", "v_rename": "rename",
    "v_move": "move", "v_set": "set", "v_give": "give", "v_activate": "activate", "v_deactivate": "deactivate",
    "v_increase": "increase", "v_decrease": "decrease", "v_subtract": "subtract", "v_transfer": "transfer",
    "v_keep": "keep", "v_reset": "reset", "v_keep_none": "keep_none", "v_paint": "paint", "v_begin": "begin", "v_read": "replace",
}

_UNITS = {"paragraph": "paragraph", "paragraphs": "paragraph", "sentence": "sentence", "sentences": "sentence",
          "bullet": "item", "bullets": "item", "point": "item", "points": "item", "item": "item", "items": "item",
          "step": "item", "steps": "item", "line": "item", "lines": "item", "entry": "item", "entries": "item",
          "subparagraph": "paragraph"}


class Reader:
    """Turns one reading (a tree of the grammar) into clauses, given the sentence's tokens and
    masked quotes."""

    def __init__(self, tokens: list[Token], masked: str, m: language.Masked):
        self.toks = tokens
        self.s = masked
        self.m = m

    # ------------------------------------------------------------------ helpers

    def words(self, tree: Tree | Token) -> str:
        """The words a tree covers, as written, quotes restored."""
        if isinstance(tree, Token):
            return self.m.restore(str(tree))
        a, b = tree.span
        if a >= b:
            return ""
        return self.m.restore(self.s[self.toks[a].start_pos:self.toks[b - 1].end_pos]).strip()

    def quote(self, tok: Token) -> str:
        return self.m.inner[int(str(tok)[1:-1])]

    @staticmethod
    def kids(tree: Tree) -> list:
        return list(tree.children)

    @staticmethod
    def toks_of(tree: Tree, *types: str) -> list[Token]:
        return [c for c in tree.children if isinstance(c, Token) and (not types or c.type in types)]

    @staticmethod
    def sub(tree: Tree, *names: str) -> list[Tree]:
        return [c for c in tree.children if isinstance(c, Tree) and c.data in names]

    def name_text(self, tree: Tree) -> str:
        """Unquoted words as a name; a lowercase "the" before them is an article, not part of it."""
        for tok in tree.scan_values(lambda v: isinstance(v, Token)):
            if tok.type not in _NAME_TOKENS and not str(tok)[:1].isupper():
                raise NotRead(f"“{tok}” is one of the words instructions are made of, not part of a name")
        text = " ".join(self.words(tree).split())
        return text[4:] if text.startswith("the ") else text

    # ------------------------------------------------------------------ the sentence

    def clauses(self, tree: Tree) -> list[Clause]:
        out: list[Clause] = []
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "scope":
                c = Clause(verb=None, scope=True)
                for x in child.children:
                    if isinstance(x, Tree) and x.data == "part":
                        c.parts.append(self.part(x, lead=True))
                    elif isinstance(x, Tree):
                        np = self.np(x)
                        c.parts.append(Part("in", np, words=np.words, lead=True))
                out.append(c)
            if isinstance(child, Tree) and child.data == "clause":
                out.append(self.clause(child))
            elif isinstance(child, Tree) and child.data == "gap":
                out.append(self._elided(self.gap(child), out))
            elif isinstance(child, Tree) and child.data.startswith("also_"):
                out.append(self.also(child, out))
        for c in out:  # "their X" whose owner nothing in the sentence named
            for np in [*c.objects, *(p.np for p in c.parts if p.np is not None)]:
                if np.kind == "value" and np.how == "their" and np.of is None:
                    raise NotRead(f"“{np.words}”: whose, the sentence does not say")
        return out

    def _elided(self, gap: Clause, before: list[Clause]) -> Clause:
        """"… and Perpetua’s to 2": the value named by the clause before, of another owner; "… and their Shells to
        1": another value of the owner named before."""
        if gap.objects and gap.objects[0].kind == "value" and gap.objects[0].how == "their" and gap.objects[0].of is None:
            owner = next((o.of for c in reversed(before) for o in c.objects if o.kind == "value" and o.of is not None), None)
            if owner is None:
                raise NotRead(f"“{gap.objects[0].words}”: whose, the sentence does not say")
            gap.objects[0] = dataclasses.replace(gap.objects[0], of=owner, how=None)
            return gap
        if not gap.objects or gap.objects[0].kind != "value" or gap.objects[0].text is not None:
            return gap
        named = next((o for c in reversed(before) for o in c.objects if o.kind == "value" and o.text), None)
        if named is None:
            raise NotRead(f"“{gap.objects[0].words}”: no value named before it")
        gap.objects[0] = dataclasses.replace(gap.objects[0], text=named.text)
        return gap

    def also(self, tree: Tree, before: list[Clause]) -> Clause:
        """"… and loses 1 Rope", "… and 2 Ropes": one more amount given to (or taken from) whoever the
        clause before gives or takes from; that clause again, with this amount."""
        amount = self.np(next(c for c in tree.children if isinstance(c, Tree)))
        last = before[-1] if before else None
        if last is None or last.verb is None or sum(1 for o in last.objects if o.kind == "quantity") != 1:
            raise NotRead(f"“{amount.words}” follows no amount given or taken")
        if tree.data == "also_amount":
            return dataclasses.replace(last, objects=[amount if o.kind == "quantity" else o for o in last.objects],
                                       parts=list(last.parts))
        subject = [p for p in last.parts if p.prep == "subject"]
        if last.verb not in ("gain", "lose") or len(subject) != 1:
            raise NotRead(f"“{self.words(tree)}” has no one who gains or loses")
        verb = "gain" if tree.data == "also_gain" else "lose"
        return Clause(verb=verb, verb_word=verb, objects=[amount], parts=[subject[0]])

    def clause(self, tree: Tree) -> Clause:
        c = Clause(verb=None)
        seen_verb = False
        gerund = next((x for x in tree.children if isinstance(x, Tree) and x.data.startswith("g_")), None)
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            if gerund is not None and seen_verb and not c.gerund:
                if child is gerund:  # "Amend rule 4 by replacing …": replace, in rule 4
                    amended = c.objects.pop()
                    c.parts.append(Part("in", amended, words=amended.words, lead=True))
                    c.gerund, c.verb = c.verb, _GERUNDS[child.data]
                    continue
            if child.data == "lead":
                for sub in child.children:
                    if isinstance(sub, Tree) and sub.data == "part":
                        c.parts.append(self.part(sub, lead=True))
                    elif isinstance(sub, Tree) and sub.data == "label":
                        c.label = self.np(sub.children[0])
            elif child.data == "sc_statement":  # "All other Special Case rules revert to their defaults"
                nps = [self.np(x) for x in child.children if isinstance(x, Tree)]
                c.verb, c.verb_word = "reset", "revert"
                c.objects.append(nps[0])
                c.parts.append(Part("to", nps[1], words=nps[1].words))
                seen_verb = True
            elif child.data == "passive":  # "The rule “X” is repealed": the object, then the verb
                for sub in child.children:
                    if not isinstance(sub, Tree):
                        continue
                    if sub.data.startswith("v_"):
                        c.verb, c.verb_word = _VERBS[sub.data], self.words(sub).lower()
                        if sub.data == "v_read":  # "… shall now read:": replaced by the text below
                            c.parts.append(Part("with", NP("following", words=":"), words=self.words(sub)))
                    elif sub.data == "part":
                        c.parts.append(self.part(sub))
                    elif sub.data == "p_named":
                        raise NotRead(f"“{self.words(sub)}” names nothing an order stated in the passive takes")
                    elif c.verb is not None:  # "… is renamed “Lamps”": what it becomes
                        np = self.np(sub)
                        c.parts.append(Part("to", np, words=np.words))
                    else:
                        c.objects.append(self.np(sub))
                c.passive = seen_verb = True
            elif child.data.startswith("st_"):
                said = self.statement(child)
                c.verb, c.verb_word, c.stated = said.verb, said.verb_word, said.stated
                c.objects.extend(said.objects)
                c.parts.extend(said.parts)
                seen_verb = True
            elif child.data == "verb":
                v = next(x for x in child.children if isinstance(x, Tree))
                c.verb, c.verb_word = _VERBS[v.data], self.words(v).lower()
                seen_verb = True
            elif child.data == "part":
                c.parts.append(self.part(child))
            elif child.data == "p_named":
                q = child.children[0]
                c.parts.append(Part("named", NP("name", words=self.words(q), text=self.quote(q).strip(), quoted=True),
                                    words=self.words(q)))
            elif seen_verb:
                c.objects.append(self.np(child))
        return self._their_owner(self._one_of_them(self._wherever_text(c)))

    @staticmethod
    def _their_owner(c: Clause) -> Clause:
        """"For each Farmer, set their Favour to 0": "their" is each Farmer's."""
        theirs = [o for o in c.objects if o.kind == "value" and o.how == "their" and o.of is None]
        if not theirs:
            return c
        each = [p for p in c.parts if p.prep == "for" and p.lead and p.np is not None and p.np.kind == "every"]
        if len(each) != 1 or len(theirs) != 1:
            raise NotRead(f"“{theirs[0].words}”: whose, the sentence does not say")
        c.objects = [dataclasses.replace(o, of=each[0].np, how=None) if o is theirs[0] else o for o in c.objects]
        c.parts = [p for p in c.parts if p is not each[0]]
        return c

    @staticmethod
    def _one_of_them(c: Clause) -> Clause:
        """"Add a new paragraph after the second one": "one" is a unit the clause's object names."""
        ones = [p for p in c.parts if p.np is not None and p.np.kind == "piece" and p.np.unit is None]
        if not ones:
            return c
        units = {o.unit for o in c.objects if o.kind in ("piece", "new_piece", "following") and o.unit}
        if len(units) != 1:
            raise NotRead(f"“{ones[0].words}”: one of what, the sentence does not say")
        unit = units.pop()
        c.parts = [dataclasses.replace(p, np=dataclasses.replace(p.np, unit=unit)) if p in ones else p for p in c.parts]
        return c

    @staticmethod
    def _wherever_text(c: Clause) -> Clause:
        """"Wherever “A” appears in the Ruleset, replace it with “B”": “A” is what "it" stands for, every occurrence
        of it, where the part says."""
        said = [p for p in c.parts if p.prep == "wherever_text"]
        if not said:
            return c
        if len(said) > 1 or [o.kind for o in c.objects] != ["it"] or c.objects[0].words.lower() != "it":
            raise NotRead(f"“{said[0].words}”, but no “it” that stands for it")
        part = said[0]
        c.objects = [part.np]
        c.parts = [p for p in c.parts if p is not part] + [Part("wherever", None, words=part.words, lead=part.lead)]
        if part.second is not None:
            c.parts.append(Part("in", part.second, words=part.second.words, lead=part.lead))
        return c

    def statement(self, tree: Tree) -> Clause:
        """"Kevan gains 2 Coins", "Each Puzzler loses one Coin", "Kevan transfers 1 Coin to Lulu"; in an
        Address, what the reset does, stated ("X is switched on", "All other dynastic rules are repealed",
        "Dynastic rules to keep: X, Y"): the clause of the instruction it states, marked ``stated``."""
        kind = tree.data[3:]  # st_gain → gain
        if kind == "new_rule":  # "New rule: “Scarecrows”", its text below: an order with its verb left out
            name, quoted = self._quote_or_name(tree)
            new = NP("new_rule", words=self.words(tree), unit=self._ruleword(tree), section=self._section(tree), text=name,
                     quoted=quoted)
            return Clause(verb="add", verb_word="new", objects=[new])
        if kind in ("status", "repealed", "kept", "keep_list"):
            return self._stated(tree, kind)
        if kind in ("term", "terms"):
            return self._terms(tree, kind)
        if kind == "derived":  # "each Ship’s Wealth is its Captain’s Coins": a column's values, stated
            value, its = (self.np(x) for x in tree.children if isinstance(x, Tree))
            return Clause(verb="derive", verb_word="is", objects=[value], parts=[Part("to", its, words=its.words)])
        nps = [self.np(x) for x in tree.children if isinstance(x, (Tree, Token)) and
               (isinstance(x, Tree) or x.type == "QUOTE")]
        if kind in ("up", "down"):  # "Orrin’s Favour goes up by 2": the step "Increase Orrin’s Favour by 2"
            verb = "increase" if kind == "up" else "decrease"
            amount, value = nps[1], nps[0]
            if value.kind == "name" and not value.quoted and (value.text or "").startswith("The "):
                value = dataclasses.replace(value, text=value.text[4:])  # the sentence's first word: an article
            return Clause(verb=verb, verb_word=verb, objects=[value],
                          parts=[Part("by", amount, words=amount.words)])
        if kind == "receive":  # "Tamsin receives 4 Bushels from Orrin": Orrin transfers them to Tamsin
            kind, nps = "transfer", [nps[2], nps[1], nps[0]]
        if kind == "transfer_to":  # "Marlowe gives Perpetua 1 Coin": the receiver before the amount
            kind, nps = "transfer", [nps[0], nps[2], nps[1]]
        c = Clause(verb=kind, verb_word=kind)
        c.parts.append(Part("subject", nps[0], words=nps[0].words))
        c.objects.append(nps[1])
        if kind == "transfer":
            c.parts.append(Part("to", nps[2], words=nps[2].words))
        return c

    def _terms(self, tree: Tree, kind: str) -> Clause:
        """"Baron becomes Heir" (the words joining them kept, to judge how sure the change is);
        "Synonyms: Baron to Ghost, Demon King to Lich" (each pair)."""
        if kind == "term":
            kids = [x for x in tree.children if (isinstance(x, Tree) and x.data != "p_plural")
                    or (isinstance(x, Token) and x.type == "QUOTE")]
            nps = [dataclasses.replace(self.np(x), words=self.words(x)) for x in kids]  # "The Baron", as written
            joined = " ".join(str(t).lower() for t in tree.children if isinstance(t, Token) and t.type != "QUOTE")
            c = Clause(verb="term", verb_word=joined, stated=True, objects=[nps[0]])
            c.parts.append(Part("to", nps[-1], words=nps[-1].words))
            for x in tree.children:
                if isinstance(x, Tree) and x.data == "p_plural":
                    c.parts.append(self._plural(x))
            return c
        pairs = []
        for x in tree.children:
            if isinstance(x, Tree) and x.data in ("term_pair", "term_arrow"):
                ends = [self.np(y) for y in x.children if (isinstance(y, Tree) and y.data != "p_plural")
                        or (isinstance(y, Token) and y.type == "QUOTE")]
                plural = next((self._plural(y).np for y in x.children if isinstance(y, Tree) and y.data == "p_plural"),
                              None)
                pairs.append(NP("pair", words=self.words(x), text=ends[0].text, how=ends[1].text,
                                of=plural or (NP("name", words=ends[1].how, text=ends[1].how) if ends[1].how else None),
                                quoted=ends[0].quoted and ends[1].quoted))
        return Clause(verb="terms", verb_word="terms", stated=True, objects=[NP("pairs", words=self.words(tree),
                                                                                   items=tuple(pairs))])

    def _plural(self, tree: Tree) -> Part:
        name, quoted = self._quote_or_name(tree)
        return Part("plural", NP("name", words=name or "", text=name, quoted=quoted), words=self.words(tree))

    def np_np_slash(self, tree: Tree, words: str) -> NP:
        """"Player/Players": a term and its plural (``how``)."""
        first, second = (self.name_text(c) for c in tree.children if isinstance(c, Tree))
        return NP("name", words=words, text=first, how=second)

    def _stated(self, tree: Tree, kind: str) -> Clause:
        nps = [self.np(x) for x in tree.children if (isinstance(x, Tree) and x.data not in ("kept", "section_word"))
               or (isinstance(x, Token) and x.type == "QUOTE")]
        words = self.words(tree)
        if kind == "status":
            c = Clause(verb="set", verb_word="is", stated=True)
            c.objects.append(nps[0])
            c.parts.append(Part("to", nps[-1], words=nps[-1].words))
            return c
        if kind == "repealed":
            c = Clause(verb="repeal", verb_word="repealed", stated=True)
            subject = nps[0]
            kept = self.sub(tree, "kept")
            if kept and subject.kind == "all_rules":   # "All dynastic rules are repealed, except X"
                subject = self.np_np_all_rules(tree, words)
            c.objects.append(subject)
            return c
        c = Clause(verb="keep", verb_word="kept", stated=True)
        if kind == "keep_list":  # "Dynastic rules to keep: X, Y": the names after the colon
            listed = [self.np(x) for x in tree.children if (isinstance(x, Tree) and x.data == "name")
                      or (isinstance(x, Token) and x.type == "QUOTE")]
            a, b = tree.span
            colon = next(k for k in range(a, b) if str(self.toks[k]) == ":")
            after = self.m.restore(self.s[self.toks[colon + 1].start_pos:self.toks[b - 1].end_pos]).strip()
            c.objects.append(listed[0] if len(listed) == 1 else NP("many", words=after, items=tuple(listed)))
            return c
        c.objects.append(nps[0])
        return c

    def gap(self, tree: Tree) -> Clause:
        c = Clause(verb=None)
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "part":
                c.parts.append(self.part(child))
            elif isinstance(child, Tree):
                c.objects.append(self.np(child))
        return c

    # ------------------------------------------------------------------ parts

    def part(self, tree: Tree, lead: bool = False) -> Part:
        p = next(x for x in tree.children if isinstance(x, Tree))
        name = p.data[2:] if p.data.startswith("p_") else p.data  # "p_in" → "in"; "if_rule" stays
        if name == "between":  # "between the first and second paragraphs": after the first
            first, second = (language.ordinal(" ".join(str(t).lower() for t in self.toks_of(o)))
                             for o in self.sub(p, "ordinal"))
            if first is None or second != first + 1:
                raise NotRead(f"“{self.words(p)}”: not two paragraphs that follow each other")
            of = [c for c in p.children if isinstance(c, Tree) and c.data not in ("ordinal", "units")]
            piece = NP("piece", words=self.words(p), unit=self._unit(p) or "paragraph", how="nth", number=first,
                       of=self.np(of[-1]) if of else None)
            return Part("after", piece, words=self.words(p), lead=lead)
        nps = [self.np(x) for x in p.children if isinstance(x, Tree)]
        quotes = [x for x in p.children if isinstance(x, Token) and x.type == "QUOTE"]
        names = [x for x in p.children if isinstance(x, Tree) and x.data == "name"]
        words = self.words(p)
        lowered = [str(t).lower() for t in self.toks_of(p)]
        if name == "to" and ("be" in lowered or "become" in lowered or "is" in lowered):
            name = "to_be"
        if name in ("after", "before") and "be" in lowered:
            pass
        if name == "plural":
            return self._plural(p)
        if name == "called":
            text = self.quote(quotes[0]) if quotes else self.name_text(names[0])
            return Part("called", NP("name", words=words, text=text.strip(), quoted=bool(quotes)), words=words, lead=lead)
        if name == "reading":
            np = NP("quote", words=words, text=self.quote(quotes[0]), quoted=True) if quotes else None
            as_follows = lowered[:2] == ["as", "follows"]  # "as follows" alone; "to read as follows" reads
            return Part("as_follows" if as_follows else "reading", np, words=words, lead=lead)
        if name == "so_that":
            return Part("so_that", nps[0], nps[1], words=words, lead=lead)
        if name == "if_exists":
            return Part("if_exists", nps[0] if nps else None, words=words, lead=lead)
        if name in ("if_rule", "if_no_rule"):
            title, quoted = self._quote_or_name(p)
            parent = next((self.np(x) for x in p.children if isinstance(x, Tree) and x.data not in
                           ("title_words", "section_word")), None)
            if title is None and name == "if_rule" and not lead and parent is not None and parent.ref is not None \
                    and parent.ref.previous:
                return Part("if_exists", None, words=words, lead=lead)  # "if that rule exists": "if it exists"
            if title is None:  # "If the rule “X” exists"
                return Part(name, parent, words=words, lead=lead)
            ref = RuleRef(name=title)
            return Part(name, NP("rule", words=words, ref=ref, text=title, quoted=quoted, of=parent), words=words, lead=lead)
        if name in ("if_contains", "if_not_contains"):  # the subject ("that rule", “X”), then the text
            q = quotes[-1]
            subject = nps[0] if nps else NP("it", words="that rule")
            return Part(name, subject, NP("quote", words=self.words(q), text=self.quote(q), quoted=True), words=words,
                        lead=lead)
        if name == "default":  # "defaulting to 0", "with a starting value of 0 for every Wight"
            toks = self.toks_of(p)
            k = max(i for i, t in enumerate(toks) if t.type in ("TO", "OF", "AT", "INITIALLY"))
            value = []
            for t in toks[k + 1:]:
                if t.type in ("FOR", "IN"):
                    break
                value.append(t)
            text = " ".join(self.quote(t) if t.type == "QUOTE" else str(t) for t in value)
            return Part("default", NP("value_given", words=text, text=text, quoted=any(t.type == "QUOTE" for t in value)),
                        words=words, lead=lead)
        if name == "wherever" and nps and nps[0].kind == "quote":  # "Wherever “A” appears (in X)": the text, where
            return Part("wherever_text", nps[0], nps[1] if len(nps) > 1 else None, words=words, lead=lead)
        if name in ("wherever", "together"):
            return Part(name, None, words=words, lead=lead)
        if name == "derived":  # "; each Ship’s Wealth is its Captain’s Coins": the value, and whose value it is
            return Part(name, nps[-1], nps[0] if len(nps) > 1 else None, words=words, lead=lead)
        if name == "throughout" and not nps:
            return Part("throughout", NP("ruleset", words=words), words=words, lead=lead)
        return Part(name, nps[0] if nps else None, words=words, lead=lead)

    # ------------------------------------------------------------------ noun phrases

    def np(self, tree: Tree | Token) -> NP:
        if isinstance(tree, Token):
            if tree.type == "QUOTE":
                return NP("quote", words=self.words(tree), text=self.quote(tree), quoted=True)
            return NP("word", words=str(tree))
        words = self.words(tree)
        kind = tree.data
        if kind in ("name", "title_words"):
            text = self.name_text(tree)
            return NP("name", words=text, text=text)
        method = getattr(self, "np_" + kind, None) or getattr(self, kind if kind.startswith("np_") else "", None)
        if method is None:
            raise ValueError(f"no reading for the phrase kind {kind}")
        return method(tree, words)

    def _quote_or_name(self, tree: Tree) -> tuple[str | None, bool]:
        """The name in a phrase: its quoted text, or its unquoted words."""
        for c in tree.children:
            if isinstance(c, Token) and c.type == "QUOTE":
                return self.quote(c).strip(), True
            if isinstance(c, Tree) and c.data in ("name", "title_words"):
                return self.name_text(c), False
        return None, False

    def _section(self, tree: Tree) -> str | None:
        sec = self.sub(tree, "section_word")
        return language.section(self.words(sec[0])) if sec else None

    def _of(self, tree: Tree, after: str = "OF") -> NP | None:
        """The noun phrase after "of" in a phrase ("the second paragraph of X")."""
        seen = False
        for c in tree.children:
            if isinstance(c, Token) and c.type in ("OF", "IN") and not seen:
                seen = True
                continue
            if seen and isinstance(c, (Tree,)) and c.data not in ("unit", "units", "ordinal", "how", "section_word"):
                return self.np(c)
            if seen and isinstance(c, Token) and c.type == "QUOTE":
                return self.np(c)
        return None

    def np_np_quote(self, tree: Tree, words: str) -> NP:
        q = self.toks_of(tree, "QUOTE")[0]
        unit = next((str(t).lower() for t in self.toks_of(tree) if t.type not in ("QUOTE", "THE")), None)
        return NP("quote", words=words, text=self.quote(q), quoted=True, unit=unit)

    def np_rule_named(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("rule", words=words, ref=RuleRef(name=name, section=self._section(tree)), text=name, quoted=quoted,
                  unit=self._ruleword(tree))

    def np_rule_named_after(self, tree: Tree, words: str) -> NP:
        """"the Lanterns rule", "the “Lanterns” rule": a title before the word rule — in capitals or quotes ("the
        relevant rule", "the appropriate rule" name no rule)."""
        np = self.np_rule_named(tree, words)
        if not np.quoted and np.text and not np.text[:1].isupper() and not np.text[:1].isdigit():
            raise NotRead(f"“{words}” names no rule by its title")
        return np

    def _ruleword(self, tree: Tree) -> str:
        kinds = {t.type for t in self.toks_of(tree)}
        return "subrule" if "SUBRULE" in kinds or "SUB" in kinds else "rule"

    def np_rule_numbered(self, tree: Tree, words: str) -> NP:
        number = str(self.toks_of(tree, "NUMBER")[0]).rstrip(".")
        text = words
        if text.lower().startswith("the "):
            text = text[4:]
        section = self._section(tree)
        if section:  # "the Core rule 1.2": the section word is not part of the reference
            sec = self.sub(tree, "section_word")[0]
            text = " ".join(text.replace(self.words(sec), "", 1).split())
        called = [t for t in self.toks_of(tree) if t.type in ("CALLED", "NAMED", "TITLED", "ENTITLED", "HEADED")]
        if called:  # "Rule 1.4 entitled “Voting”" is "Rule 1.4 (Voting)"
            title, _ = self._quote_or_name(tree)
            return NP("rule", words=words, ref=RuleRef(name=f"Rule {number} ({title})", number=number, section=section),
                      unit=self._ruleword(tree))
        if text.startswith("#"):
            text = "Rule " + text  # "#14" is rule 14 as the older eras number them
        text = text.replace("#", "")
        text = " ".join(text.split())
        return NP("rule", words=words, ref=RuleRef(name=text, number=number, section=section), unit=self._ruleword(tree))

    def np_rule_in_rule(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        last = tree.children[-1]
        if isinstance(last, Token) and last.type == "QUOTE" and (quoted is False or len(self.toks_of(tree, "QUOTE")) > 1):
            parent = NP("rule", words=self.words(last), ref=RuleRef(name=self.quote(last).strip(), named_as="quote"))
        else:
            parent = self.np(next(c for c in tree.children if isinstance(c, Tree) and c.data != "title_words"))
        if parent.kind == "name" and parent.text:  # "the Silos subrule of Granaries": bare words a subrule's parent
            parent = NP("rule", words=parent.words, ref=RuleRef(name=parent.text, named_as="words"))
        if parent.kind != "rule":
            raise NotRead(f"“{parent.words}” does not name a rule")
        return NP("rule", words=words, ref=RuleRef(name=name, parent=parent.ref), text=name, quoted=quoted,
                  unit="subrule")

    def np_rule_previous(self, tree: Tree, words: str) -> NP:
        return NP("rule", words=words, ref=RuleRef(previous=True), unit=self._ruleword(tree))

    def np_np_many(self, tree: Tree, words: str) -> NP:
        items: list[NP] = []
        rules_word = bool(self.toks_of(tree, "RULES", "SUBRULES"))
        section = self._section(tree)
        for c in tree.children:
            if isinstance(c, Token) and c.type == "QUOTE":
                text = self.quote(c)
                items.append(NP("rule", words=self.words(c), ref=RuleRef(name=text.strip(), section=section),
                                text=text, quoted=True) if rules_word else NP("quote", words=self.words(c), text=text, quoted=True))
            elif isinstance(c, Tree) and c.data == "name":
                name = self.name_text(c)
                items.append(NP("rule", words=name, ref=RuleRef(name=name, section=section), text=name) if rules_word
                             else NP("name", words=name, text=name))
            elif isinstance(c, Tree) and c.data != "section_word":
                items.append(self.np(c))
        first = next((c for c in tree.children if (isinstance(c, Token) and c.type == "QUOTE")
                      or (isinstance(c, Tree) and c.data != "section_word")), None)
        listed = None
        if first is not None:  # the list's own words, without "the rules" or "the following rules:"
            start = first.start_pos if isinstance(first, Token) else self.toks[first.span[0]].start_pos
            listed = self.m.restore(self.s[start:self.toks[tree.span[1] - 1].end_pos]).strip()
        return NP("many", words=words, items=tuple(items), unit="rule" if rules_word else None, text=listed)

    np_colon_list = np_np_many

    def _unit(self, tree: Tree) -> str | None:
        u = self.sub(tree, "unit", "units")
        if not u:
            return None
        first = str(self.toks_of(u[0])[-1]).lower()
        if first in ("item", "items") and any(str(t).lower() == "list" for t in self.toks_of(u[0])):
            return "item"
        return _UNITS.get(first, first)

    def _ordinal(self, tree: Tree) -> int | None:
        o = self.sub(tree, "ordinal")
        if not o:
            return None
        w = " ".join(str(t).lower() for t in self.toks_of(o[0]))
        if w in ("penultimate", "next to last", "second to last", "second - to - last", "second-to-last"):
            return -2
        return language.ordinal(w)

    def np_piece_nth(self, tree: Tree, words: str) -> NP:
        return NP("piece", words=words, unit=self._unit(tree), how="nth", number=self._ordinal(tree), of=self._of(tree))

    def np_piece_one(self, tree: Tree, words: str) -> NP:
        """"the second one": a piece whose unit the sentence's other piece gives (see :meth:`_settle`)."""
        if str(self.toks_of(tree, "NUMBER_WORD")[0]).lower() != "one":
            raise NotRead(f"“{words}” names no piece")
        return NP("piece", words=words, unit=None, how="nth", number=self._ordinal(tree))

    def np_piece_number(self, tree: Tree, words: str) -> NP:
        figures = self.toks_of(tree, "NUMBER")
        if figures:
            n = int(str(figures[0]).split(".")[0])
        else:  # "paragraph three"
            n = language.number(str(self.toks_of(tree, "NUMBER_WORD")[0]))
            if n is None or n < 1:
                raise NotRead(f"“{words}” names no paragraph by its number")
        return NP("piece", words=words, unit=self._unit(tree), how="nth", number=n, of=self._of(tree))

    def np_piece_how(self, tree: Tree, words: str) -> NP:
        how = self.sub(tree, "how_begin", "how_end", "how_contain", "how_reads")[0].data[4:]
        q = self.toks_of(tree, "QUOTE")[0]
        text = self.quote(q)
        # "beginning with “If a Player has…”", "ending “…at dusk”": the ellipsis marks where the quote stops short
        if how == "begin":
            text = re.sub(r"\s*(?:\.\.\.|…)\s*$", "", text)
        elif how == "end":
            text = re.sub(r"^\s*(?:\.\.\.|…)\s*", "", text)
        return NP("piece", words=words, unit=self._unit(tree), how=how, text=text, of=self._of(tree))

    def np_piece_quoted(self, tree: Tree, words: str) -> NP:
        q = self.toks_of(tree, "QUOTE")[0]
        return NP("piece", words=words, unit=self._unit(tree), how="quoted", text=self.quote(q), of=self._of(tree))

    def np_piece_from(self, tree: Tree, words: str) -> NP:
        n = self._ordinal(tree)
        if n is None:
            n = int(str(self.toks_of(tree, "NUMBER")[0]).split(".")[0])
        return NP("piece", words=words, unit=self._unit(tree), how="from", number=n, of=self._of(tree))

    def np_piece_penultimate(self, tree: Tree, words: str) -> NP:
        return NP("piece", words=words, unit=self._unit(tree), how="nth", number=-2, of=self._of(tree))

    def np_piece_quoted_pair(self, tree: Tree, words: str) -> NP:
        unit = self._unit(tree)
        items = tuple(NP("piece", words=self.words(q), unit=unit, how="quoted", text=self.quote(q))
                      for q in self.toks_of(tree, "QUOTE"))
        return NP("many", words=words, items=items, of=self._of(tree))

    def np_occurrence_nth(self, tree: Tree, words: str) -> NP:
        q = self.np(self.sub(tree, "np_quote")[0])
        kinds = {t.type for t in self.toks_of(tree)}
        if "ONLY" in kinds or "SINGLE" in kinds:
            occ: Any = None
        else:
            n = self._ordinal(tree)
            occ = "first" if n == 1 else "last" if n == -1 else n
        return NP("occurrence", words=words, text=q.text, occurrence=occ, quoted=True)

    def np_occurrences_all(self, tree: Tree, words: str) -> NP:
        """"every instance of “A” and “B”": each text, every time it occurs."""
        quotes = [self.np(c) for c in tree.children if isinstance(c, Tree) and c.data == "np_quote"]
        return NP("many", words=words, unit="text", items=tuple(
            NP("occurrence", words=q.words, text=q.text, occurrence="all", quoted=True) for q in quotes))

    def np_occurrence_all(self, tree: Tree, words: str) -> NP:
        q = self.np(self.sub(tree, "np_quote", "name")[0])
        return NP("occurrence", words=words, text=q.text, occurrence="all", quoted=q.kind == "quote")

    def np_new_rule(self, tree: Tree, words: str) -> NP:
        quotes = self.toks_of(tree, "QUOTE")
        name = self.quote(quotes[0]).strip() if quotes else None
        named = self.sub(tree, "name")
        if named and name is None:  # "a new rule, Scarecrows, reading …": its name between commas
            name = self.name_text(named[0])
        parent = None
        nps = [c for c in tree.children if isinstance(c, Tree) and c.data not in ("section_word", "name")]
        if nps:
            parent = self.np(nps[0])
        following = any(t.type == "FOLLOWING" for t in self.toks_of(tree))
        return NP("new_rule", words=words, unit=self._ruleword(tree), section=self._section(tree), text=name, of=parent,
                  how="following" if following else None)

    def np_new_thing(self, tree: Tree, words: str) -> NP:
        kind = self.sub(tree, "title_words")
        if kind:
            self.name_text(kind[0])  # "a new column" is no new thing called "column"
        elif not any(t.type == "NAME_WORD" and str(t)[:1].isupper() for t in self.toks_of(tree)):
            raise NotRead(f"“{words}” names no kind of thing")
        kind_words = self.name_text(kind[0]) if kind else None
        if kind and not self.toks_of(kind[0], "NAME_WORD"):   # "a new Keyword", "a new Section": the Ruleset's own
            raise NotRead(f"“{words}” names a part of the Ruleset, not a kind of thing of the gamestate")
        return NP("new_piece", words=words, unit="item", text=None, how="thing",
                  of=NP("name", words=kind_words, text=kind_words) if kind_words else None)

    def np_new_piece(self, tree: Tree, words: str) -> NP:
        quotes = self.toks_of(tree, "QUOTE")
        kinds = {t.type for t in self.toks_of(tree)}
        # "a new opening paragraph" goes at the start; "a final paragraph" at the end
        how = "start" if "OPENING" in kinds else "end" if kinds & {"FINAL", "CLOSING", "LAST"} else None
        return NP("new_piece", words=words, unit=self._unit(tree), text=self.quote(quotes[0]) if quotes else None, how=how)

    def np_following_quote(self, tree: Tree, words: str) -> NP:
        q = self.toks_of(tree, "QUOTE")[0]
        return NP("quote", words=words, text=self.quote(q), quoted=True)

    def np_np_following(self, tree: Tree, words: str) -> NP:
        return NP("following", words=words, unit=self._unit(tree))

    def np_section_named(self, tree: Tree, words: str) -> NP:
        sec = self._section(tree) or language.SECTION_APPENDIX
        return NP("section", words=words, text=sec)

    def np_section_quoted(self, tree: Tree, words: str) -> NP:
        name, _ = self._quote_or_name(tree)
        if name and re.fullmatch(language.SECTION_WORD + r"(?:\s+rules)?", name, re.I):
            name = language.section(name)  # "the Special Case section" names the section as the word does
        return NP("section", words=words, text=name)

    def np_list_sole(self, tree: Tree, words: str) -> NP:
        return NP("list", words=words, text=None)

    def np_list_same(self, tree: Tree, words: str) -> NP:
        """"the same list", "that list": the list the step before added to."""
        return NP("list", words=words, text=None, how="same")

    def np_list_bare(self, tree: Tree, words: str) -> NP:
        """"the list": the only list of the rule the sentence names ("In the rule X, add … to the list")."""
        return NP("list", words=words, text=None, how="bare")

    def np_list_in(self, tree: Tree, words: str) -> NP:
        """"the list in “Lanterns”": the rule's only list."""
        return NP("list", words=words, text=None, of=self.np(next(c for c in tree.children if isinstance(c, (Tree, Token))
                                                               and (isinstance(c, Tree) or c.type == "QUOTE"))))

    def np_ruletext_its(self, tree: Tree, words: str) -> NP:
        """"its text": the text of the rule named before."""
        return NP("ruletext", words=words, of=NP("rule", words="it", ref=RuleRef(previous=True)))

    def np_list_of(self, tree: Tree, words: str) -> NP:
        name, _ = self._quote_or_name(tree)
        return NP("list", words=words, text=name)

    def np_np_ruletext(self, tree: Tree, words: str) -> NP:
        of = self.np(next(c for c in tree.children if isinstance(c, Tree)))
        if of.kind == "piece":  # "the text of the second paragraph (of X)": that paragraph
            return dataclasses.replace(of, words=words)
        return NP("ruletext", words=words, of=of)

    def np_np_title(self, tree: Tree, words: str) -> NP:
        return NP("title", words=words, of=self.np(next(c for c in tree.children if isinstance(c, Tree))))

    def np_np_new_title(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("new_title", words=words, text=name, quoted=quoted)

    def np_keyword(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("keyword", words=words, text=name, quoted=quoted)

    def np_np_ruleset(self, tree: Tree, words: str) -> NP:
        return NP("ruleset", words=words)

    def np_end_end(self, tree: Tree, words: str) -> NP:
        of = [c for c in tree.children if isinstance(c, Tree)]
        return NP("end", words=words, how="end", of=self.np(of[0]) if of else None)

    def np_end_start(self, tree: Tree, words: str) -> NP:
        of = [c for c in tree.children if isinstance(c, Tree)]
        return NP("end", words=words, how="start", of=self.np(of[0]) if of else None)

    def np_np_name(self, tree: Tree, words: str) -> NP:
        last = list(tree.scan_values(lambda v: isinstance(v, Token)))[-1]
        if last.type in _HEAD_NOUNS:
            raise NotRead(f"“{words}” names a {str(last).lower()}, not a rule")  # "the Lantern List"
        text = self.name_text(tree)
        return NP("name", words=text, text=text)

    def np_np_status(self, tree: Tree, words: str) -> NP:
        active = any(t.type in ("ACTIVE", "ON", "ENABLED") or (t.type == "STATUS_TAG" and "in" not in str(t).lower())
                     for t in self.toks_of(tree))
        return NP("status", words=words, text="Active" if active else "Inactive")

    def np_np_it(self, tree: Tree, words: str) -> NP:
        return NP("it", words=words)

    def np_np_all_rules(self, tree: Tree, words: str) -> NP:
        kept = self.sub(tree, "kept")
        items: tuple[NP, ...] = ()
        if kept:
            k = kept[0]
            found: list[NP] = []
            for c in k.children:
                if isinstance(c, Token) and c.type == "QUOTE":
                    found.append(NP("quote", words=self.words(c), text=self.quote(c), quoted=True))
                elif isinstance(c, Tree) and c.data == "name":
                    found.append(NP("name", words=self.name_text(c), text=self.name_text(c)))
                elif isinstance(c, Tree):
                    one = self.np(c)
                    found.extend(one.items if one.kind == "many" else (one,))
            items = tuple(found)
            listed = NP("many", words=self.words(k), items=items)  # the rules excepted, as written
            return NP("all_rules", words=words, items=items, how="except", of=listed, unit=self._all_how(tree))
        return NP("all_rules", words=words, items=items, unit=self._all_how(tree))

    def _all_how(self, tree: Tree) -> str | None:
        """"all rules" (no "dynastic": an Address's word for them), "no rules", "everything else", "all
        other dynastic rules"."""
        how = {"all_rules_bare": "bare", "no_rules": "none", "all_rules_else": "else"}.get(tree.data)
        if how is None and self.toks_of(tree, "OTHER", "REMAINING"):
            return "else"
        return how

    def np_all_rules_bare(self, tree: Tree, words: str) -> NP:
        return self.np_np_all_rules(tree, words)

    np_no_rules = np_all_rules_bare
    np_all_rules_else = np_all_rules_bare

    def np_np_rule_range(self, tree: Tree, words: str) -> NP:
        """"Rules 11 to 13": each rule by its number."""
        a, b = (int(str(t)) if str(t).isdigit() else None for t in self.toks_of(tree, "NUMBER")[:2])
        if a is None or b is None or not 0 < a <= b or b - a > 200:
            raise NotRead(f"“{words}” is not a range of rule numbers, lowest first")
        return NP("many", words=words, unit="rule", items=tuple(
            NP("rule", words=f"Rule {n}", ref=RuleRef(name=f"Rule {n}", number=str(n), named_as="rule"), unit="rule")
            for n in range(a, b + 1)))

    def np_np_rules_below(self, tree: Tree, words: str) -> NP:
        return NP("rules_below", words=words, section=self._section(tree))

    def np_np_rule_numbers(self, tree: Tree, words: str) -> NP:
        """"Rules 13 and 14": each rule by its number."""
        numbers = [str(t) for t in self.toks_of(tree, "NUMBER")]
        return NP("many", words=words, unit="rule", items=tuple(
            NP("rule", words=f"Rule {n}", ref=RuleRef(name=f"Rule {n}", number=n, named_as="rule"), unit="rule")
            for n in numbers))

    def np_np_action(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("action", words=words, text=name, quoted=quoted, of=self._of(tree))

    def np_np_subrules(self, tree: Tree, words: str) -> NP:
        return NP("subrules", words=words, of=self._of(tree))

    # ---------------------------------------------------------------- the gamestate

    @staticmethod
    def possessor(tok: Token) -> str:
        """“Kevan’s” → Kevan, “Charles'” → Charles, “Players’” → Players."""
        return re.sub(r"(?:['’]s|['’])$", "", str(tok))

    def _var_text(self, tree: Tree, skip: int = 0) -> str:
        """The variable's words in a value phrase (after the possessive or before "of")."""
        toks = [t for t in tree.children if isinstance(t, Token) and t.type not in ("THE", "OF", "EACH", "EVERY", "ALL",
                                                                                     "ANY", "A", "AN", "CAPITAL_A")]
        while toks and toks[0].type in ("ACTIVE", "NON_IDLE"):  # "each active Player’s Oil": the owner's word
            toks.pop(0)
        for tok in toks[skip:]:  # "Bushels equal to 10": the grammar's own word in lower case ends the name
            if tok.type not in _NAME_TOKENS | {"POSSESSIVE"} and not str(tok)[:1].isupper():
                raise NotRead(f"“{tok}” is one of the words instructions are made of, not part of a name")
        return " ".join(str(t) for t in toks[skip:])

    def np_value_named(self, tree: Tree, words: str) -> NP:
        owner = self.toks_of(tree, "POSSESSIVE")[0]
        var = self._var_text(tree, skip=1)
        return NP("value", words=words, text=var, of=NP("name", words=str(owner), text=self.possessor(owner)))

    def np_value_each(self, tree: Tree, words: str) -> NP:
        owner = (self.toks_of(tree, "POSSESSIVE") or self.toks_of(tree, "NAME_WORD"))[0]  # "all Players Action Points"
        var = self._var_text(tree, skip=1)
        return NP("value", words=words, text=var, of=NP("every", words=words, text=self.possessor(owner)))

    def np_value_their(self, tree: Tree, words: str) -> NP:
        """"their Shells": a value whose owner the sentence names elsewhere (see :meth:`_their_owner`)."""
        return NP("value", words=words, text=self._var_text(tree, skip=1), of=None, how="their")

    def np_value_of(self, tree: Tree, words: str) -> NP:
        whose = [c for c in tree.children if isinstance(c, Tree) or (isinstance(c, Token) and c.type == "QUOTE")]
        owner = self.np(whose[-1])
        before_of = []
        for t in tree.children:
            if isinstance(t, Token) and t.type == "OF":
                break
            if isinstance(t, Token) and t.type != "THE":
                before_of.append(str(t))
        return NP("value", words=words, text=" ".join(before_of), of=owner)

    def np_np_every_player(self, tree: Tree, words: str) -> NP:
        term = [t for t in self.toks_of(tree, "NAME_WORD")][-1]
        return NP("every", words=words, text=str(term))

    def np_np_thing(self, tree: Tree, words: str) -> NP:
        kind = self.toks_of(tree, "NAME_WORD")[0]
        q = self.toks_of(tree, "QUOTE")[0]
        return NP("thing", words=words, text=self.quote(q).strip(), unit=str(kind), quoted=True)

    def np_table_named(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("table", words=words, text=name, quoted=quoted)

    def np_table_page(self, tree: Tree, words: str) -> NP:
        return NP("table", words=words, text=None)

    def np_row_for(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("row", words=words, text=name, quoted=quoted)

    def np_np_players(self, tree: Tree, words: str) -> NP:
        """"Orrin and Tamsin" (who each gain or lose): each player named."""
        return NP("many", words=words, unit="player", items=tuple(self.np(c) for c in tree.children if isinstance(c, Tree)))

    def np_rows_for(self, tree: Tree, words: str) -> NP:
        """"the rows for “A” and “B”": a row for each quoted name."""
        names = [self.quote(t).strip() for t in tree.children if isinstance(t, Token) and t.type == "QUOTE"]
        return NP("many", words=words, unit="row", items=tuple(NP("row", words=f"“{n}”", text=n, quoted=True)
                                                               for n in names))

    def np_row_of(self, tree: Tree, words: str) -> NP:
        return NP("row", words=words, text=self.possessor(self.toks_of(tree, "POSSESSIVE")[0]))

    def np_row_new(self, tree: Tree, words: str) -> NP:
        return NP("row", words=words, text=None)

    def np_column_named(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("column", words=words, text=name, quoted=quoted)

    def np_column_new(self, tree: Tree, words: str) -> NP:
        return NP("column", words=words, text=None)

    def np_np_cell(self, tree: Tree, words: str) -> NP:
        row, col = (str(t) for t in self.toks_of(tree, "NUMBER")[:2])
        of = [c for c in tree.children if isinstance(c, Tree)]
        return NP("cell", words=words, text=row, how=col, of=self.np(of[-1]) if of else None,
                  unit="pair" if tree.data == "cell_pair" else None)

    np_cell_pair = np_np_cell

    def np_two_values(self, tree: Tree, words: str) -> NP:
        """Two cells to swap, each a value ("Kevan’s Coins") or a cell ("(1, 2)")."""
        return NP("two", words=words, items=tuple(self.np(c) for c in tree.children if isinstance(c, Tree)))

    def np_two_of(self, tree: Tree, words: str) -> NP:
        """"the Owners of Plot 2 and Plot 5": one attribute of two things."""
        kids = list(tree.children)
        at = next(i for i, t in enumerate(kids) if isinstance(t, Token) and t.type == "OF")
        var = " ".join(str(t) for t in kids[:at] if isinstance(t, Token) and t.type != "THE")
        owners = [c for c in kids[at + 1:] if isinstance(c, Tree) or c.type == "QUOTE"]
        return NP("two", words=words, items=tuple(NP("value", words=words, text=var, of=self.np(o)) for o in owners))

    def np_two_cells(self, tree: Tree, words: str) -> NP:
        cells = [c for c in tree.children if isinstance(c, Tree) and c.data in ("cell_at", "cell_at_pair")]
        of = [c for c in tree.children if isinstance(c, Tree) and c.data not in ("cell_at", "cell_at_pair")]
        table = self.np(of[-1]) if of else None
        return NP("two", words=words, items=tuple(
            NP("cell", words=self.words(c), text=str(self.toks_of(c, "NUMBER")[0]),
               how=str(self.toks_of(c, "NUMBER")[1]), of=table, unit="pair" if c.data == "cell_at_pair" else None)
            for c in cells))

    def np_np_range(self, tree: Tree, words: str) -> NP:
        """"Plots 2 to 5": things of a kind, by number."""
        kind = str(self.toks_of(tree, "NAME_WORD")[0])
        first, last = (int(str(t)) if str(t).isdigit() else None for t in self.toks_of(tree, "NUMBER")[:2])
        return NP("range", words=words, text=kind, number=first, how=str(last))

    def np_np_things(self, tree: Tree, words: str) -> NP:
        """"Plots 2, 4 and 5": things of a kind, each by its number."""
        kind = str(self.toks_of(tree, "NAME_WORD")[0])
        return NP("range", words=words, text=kind, items=tuple(
            NP("amount", words=str(t), text=str(t), number=int(str(t)) if str(t).isdigit() else None)
            for t in self.toks_of(tree, "NUMBER")))

    def np_value_its(self, tree: Tree, words: str) -> NP:
        """"its Captain’s Coins": the Coins (``text``) of the row its Captain (``how``) names."""
        link = self.possessor(self.toks_of(tree, "POSSESSIVE")[0])
        return NP("its", words=words, text=self._var_text(tree, skip=2), how=link)

    def np_value_of_its(self, tree: Tree, words: str) -> NP:
        """"the Coins of its Captain"."""
        toks = [t for t in tree.children if isinstance(t, Token) and t.type != "THE"]
        at = next(i for i, t in enumerate(toks) if t.type == "OF")
        return NP("its", words=words, text=" ".join(str(t) for t in toks[:at]),
                  how=" ".join(str(t) for t in toks[at + 2:]))

    def np_value_elided(self, tree: Tree, words: str) -> NP:
        """"Perpetua’s", "that of Perpetua": a value whose name the clause before gives (filled in there)."""
        owners = self.toks_of(tree, "POSSESSIVE")
        if owners:
            return NP("value", words=words, text=None, of=NP("name", words=str(owners[0]),
                                                              text=self.possessor(owners[0])))
        whose = [c for c in tree.children if isinstance(c, Tree) or (isinstance(c, Token) and c.type == "QUOTE")]
        return NP("value", words=words, text=None, of=self.np(whose[-1]))

    def np_hue(self, tree: Tree, words: str) -> NP:
        return NP("hue", words=words, text=words)

    @staticmethod
    def _amount(toks: list[Token]) -> tuple[int | None, str, list[Token]]:
        """The number a quantity opens with, its words, and the tokens after it; "2 (two)" is one number,
        written both ways, and no number at all when the two disagree ("2 (three)")."""
        if len(toks) > 1 and toks[0].type in ("NUMBER", "NUMBER_WORD") and toks[1].type in ("NUMBER", "NUMBER_WORD") \
                and toks[0].type != toks[1].type:
            a, b = (language.number(str(t), article=True) for t in toks[:2])
            return (a if a == b else None), f"{toks[0]} ({toks[1]})", toks[2:]
        return language.number(str(toks[0]), article=True), str(toks[0]), toks[1:]

    def np_np_amount(self, tree: Tree, words: str) -> NP:
        number, text, _ = self._amount(self.toks_of(tree))
        return NP("amount", words=text, number=number, text=text)

    def np_quantity(self, tree: Tree, words: str) -> NP:
        number, _, rest = self._amount(self.toks_of(tree))
        if rest and rest[0].type == "NEW":  # "Give X a new name": something new, not one of a thing counted
            raise NotRead(f"“{words}” is something new, not an amount")
        if len(rest) > 2 and rest[0].type == "OF" and rest[1].type in ("THEIR", "HIS", "HER", "ITS"):
            rest = rest[2:]  # "4 of their Bushels": the subject's own
        elif len(rest) > 1 and rest[0].type == "MORE":
            rest = rest[1:]  # "3 more Bushels"
        return NP("quantity", words=words, number=number, text=" ".join(str(t) for t in rest))

    def np_np_attrs(self, tree: Tree, words: str) -> NP:
        items = []
        for a in tree.children:
            if not isinstance(a, Tree):
                continue
            toks = [t for t in a.children if isinstance(t, Token)]
            if a.data == "attr_of":  # "a Type of Ferry"
                names_ = [t for t in toks if t.type not in ("A", "AN", "CAPITAL_A", "OF")]
                k = next(i for i, t in enumerate(toks) if t.type == "OF")
                var = " ".join(str(t) for t in toks[:k] if t.type not in ("A", "AN", "CAPITAL_A"))
                value = " ".join(self.quote(t).strip() if t.type == "QUOTE" else str(t) for t in toks[k + 1:])
                del names_
            elif a.data == "attr_named":  # "the Name “X”"
                var = " ".join(str(t) for t in toks if t.type not in ("THE", "QUOTE"))
                value = self.quote(toks[-1]).strip()
            elif a.data == "attr_bare":  # "Captain Kevan"
                var, value = str(toks[0]), " ".join(self.quote(t).strip() if t.type == "QUOTE" else str(t)
                                                    for t in toks[1:])
            elif a.data == "attr_amount":  # "3 Coins", "2 (two) Coins"
                number, _, rest = self._amount(toks)
                if number is None:
                    raise NotRead(f"“{self.words(a)}”: the figures and the words are different numbers")
                var, value = " ".join(str(t) for t in rest), str(number)
            else:  # "Kevan as its Keeper"
                k = next(i for i, t in enumerate(toks) if t.type == "AS")
                value = " ".join(self.quote(t).strip() if t.type == "QUOTE" else str(t) for t in toks[:k])
                var = " ".join(str(t) for t in toks[k + 2:])
            items.append(NP("attr", words=self.words(a), text=var, how=value))
        return NP("attrs", words=words, items=tuple(items))

    # ---------------------------------------------------------------- a Dynastic Reset

    def np_np_sc_all(self, tree: Tree, words: str) -> NP:
        return NP("sc_all", words=words)

    def np_np_defaults(self, tree: Tree, words: str) -> NP:
        return NP("defaults", words=words)

    def np_np_synonym(self, tree: Tree, words: str) -> NP:
        name, quoted = self._quote_or_name(tree)
        return NP("synonym", words=words, text=name, quoted=quoted)

    def np_status_of_possessive(self, tree: Tree, words: str) -> NP:
        """"Fog's status": the status of the rule so named (one unquoted word)."""
        name = self.possessor(self.toks_of(tree, "POSSESSIVE")[0])
        return NP("status_of", words=words, of=NP("name", words=name, text=name))

    def np_np_status_of(self, tree: Tree, words: str) -> NP:
        return NP("status_of", words=words, of=self.np(next(c for c in tree.children if isinstance(c, Tree))))

    def np_np_glossary(self, tree: Tree, words: str) -> NP:
        return NP("glossary", words=words)

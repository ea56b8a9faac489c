"""The era's replaceable terms, as a Ruleset states them: its word for a player, for the Emperor, and the
other terms an Ascension may replace, each with its plural.

The rules of 2022 and 2023 list them in the rule "Synonyms" (``* Baron (Player)``: the current term, and in
the parentheses the key it is known by); older eras name them in a sentence ("the terms “Lord”, “High
Lord” and “Confidence” shall be replaced"), and the first rules say only "all Lords must obey it". A plural
is the one the rules state ("Baron (plural form Barons)"), else the regular one.

Everything here is text and a parsed Ruleset in, terms out: what reads the gamestate (the players table's
heading), what judges it (:mod:`actions.legality`) and what replaces the terms (:mod:`actions.synonyms`)
take the terms from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from parsers import language, names
from parsers import ruleset as R

#: The characters of a word, around which a term stands alone ("Baron", not "Baronial").
WORD = "A-Za-z0-9"
#: An entry of the Synonyms list: ``* Baron (Player)`` (the term, and the key in the parentheses).
SYNONYM_ENTRY = re.compile(r"^(?P<lead>[*#:]+\s*)(?P<term>[^()\n]+?)\s*(?P<paren>\((?P<key>[^()\n]+)\))", re.M)
_PLURAL_TEXT = r"\s*\(\s*plural(?:\s+form)?\s*:?\s*(?P<plural>[^()\n]+?)\s*\)"
_REPLACED_TERMS = re.compile(
    r"(?:terms|words|keywords)\s+(?P<list>.+?)\s+(?:will|shall|are to)\s+be\s+replaced", re.I)


@dataclass(frozen=True)
class Term:
    """A replaceable term: its key (the Synonyms parenthesis, or the term itself) and its current
    singular and plural."""

    key: str
    term: str
    plural: str


def as_model(ruleset: "R.Ruleset | str") -> R.Ruleset:
    """The Ruleset parsed, when given as text."""
    return R.parse(ruleset) if isinstance(ruleset, str) else ruleset


def synonyms_rule(ruleset: "R.Ruleset | str") -> R.Rule | None:
    """The rule "Synonyms" that lists the terms (2022–), or None in eras without one."""
    model = as_model(ruleset)
    try:
        found = [model.get("Synonyms")]
    except R.AmbiguousRule as several:
        found = several.candidates
    return next((r for r in found if r is not None and SYNONYM_ENTRY.search(r.body)), None)


def _split_list(text: str) -> list[str]:
    """ "Lord", "High Lord" and "Confidence" → [Lord, High Lord, Confidence]."""
    quoted = re.findall(r"[\"\u201c\u201d]([^\"\u201c\u201d]+)[\"\u201c\u201d]", text)
    if quoted:
        return [q.strip() for q in quoted if q.strip()]
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", text)
    return [names.strip_quotes(p) for p in parts if p.strip()]


def term_table(ruleset: "R.Ruleset | str") -> dict[str, Term]:
    """Every replaceable term of the Ruleset, by key, in the order the era lists them."""
    model = as_model(ruleset)
    text = str(model)
    return _with_plurals(_listed_terms(model, text), text)


def _listed_terms(model: R.Ruleset, text: str | None = None) -> dict[str, Term]:
    """The terms as the era lists them, by key, without their plurals (``text``: str(model))."""
    table: dict[str, Term] = {}
    rule = synonyms_rule(model)
    if rule is not None:
        for match in SYNONYM_ENTRY.finditer(rule.body):
            term = R.plain(match.group("term")).strip()
            key = R.plain(match.group("key")).strip()
            if term and key:
                table[key] = Term(key, term, "")
        return table
    for rule in model.rules:
        if "replaced" not in rule.body:
            continue
        match = _REPLACED_TERMS.search(R.plain(rule.body))
        if match:
            for term in _split_list(match.group("list")):
                if term and term not in table and re.fullmatch(r"[\w’' -]+", term):
                    table[term] = Term(term, term, "")
            if table:
                return table
    # Fallback: "all Lords shall obey it".
    text = str(model) if text is None else text
    match = re.search(r"all\s+(?P<p>[A-Z][\w ]*?)s?\s+(?:shall|must)\s+obey\s+it", text)
    if match:
        term = match.group("p")
        table[term] = Term(term, term, "")
    return table


def _with_plurals(table: dict[str, Term], text: str) -> dict[str, Term]:
    terms = [t.term for t in table.values()]
    return {k: Term(t.key, t.term, _plural_in(text, t.term, terms)) for k, t in table.items()}


def current_terms(ruleset: "R.Ruleset | str") -> dict[str, str]:
    """{key: current term}: key is the Synonyms parenthesis (2022–), else the term itself."""
    return {key: t.term for key, t in term_table(ruleset).items()}


_OBEY = re.compile(r"\ball\s+(?P<term>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:shall|must|should)\s+obey\s+it")


def player_term(ruleset: "R.Ruleset | str | None") -> str | None:
    """The era's word for a player: "Baron (Player)" in Synonyms (2022–), else the "all Lords must
    obey it" of the first rules (singular); None when the Ruleset says neither."""
    if ruleset is None:
        return None
    model = as_model(ruleset)
    if synonyms_rule(model) is not None:
        player = _listed_terms(model).get("Player")   # term_table's entry, without working out plurals
        if player is not None:
            return player.term
    for rule in model.rules[:3]:
        m = _OBEY.search(R.plain(rule.body))
        if m:
            term = m.group("term").strip()
            return language.singular_or_same(term)
    return None


def _plural_in(text: str, term: str, others: Iterable[str] = ()) -> str:
    """The plural the rules state ("Baron (plural form Barons)"), else the regular one. A statement
    after a longer term that ends in this one ("Puzzle Master" for "Master") is not about it."""
    longer = [o for o in others if len(o) > len(term) and o.casefold().endswith(term.casefold())]
    for match in re.finditer(rf"(?<![{WORD}]){re.escape(term)}" + _PLURAL_TEXT, text):
        before = text[max(0, match.start() - 100): match.end() - len(match.group(0)) + len(term)]
        if any(re.search(rf"(?<![{WORD}]){re.escape(o)}$", before) for o in longer):
            continue
        return R.plain(match.group("plural")).strip()
    return language.plural(term)


__all__ = ["Term", "WORD", "SYNONYM_ENTRY", "as_model", "synonyms_rule", "term_table", "current_terms", "player_term"]

"""What an instruction means: its parts matched to one frame per step kind.

The grammar (``parsers/instructions.lark``) reads a sentence into clauses of parts — a verb, its
objects, and prepositional parts in any order (:mod:`parsers.phrases`).  :data:`FRAMES` declares,
for each kind of step, which verbs make it and which part may fill each of its roles (a *slot*: where
the part stands — the object, or after which preposition — and which kinds of noun phrase it may
be).  A clause reads as a step when some frame places every one of its parts: nothing is left over,
and every role the frame needs is filled.  Word order is therefore never a new row: "In the rule X,
replace A with B", "Replace A in the rule X with B" and "Replace A with B in the rule X" place the
same parts in the same slots.

Every reading of the grammar is matched; when two readings place the parts into different steps the
sentence goes to an Admin, naming both.  When no frame places a part, the answer names that part.

Pure: text in, data out.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from parsers import language
from parsers.names import capitalised
from parsers.parsing import Grammar, Parsed
from parsers.phrases import NP, Clause, NotRead, Part, Reader
from parsers.ruleset import DYNASTIC
from parsers.steps import (
    KEYWORD, PARAGRAPH, PARAGRAPH_BEGINNING, PARAGRAPH_CONTAINING, PARAGRAPH_ENDING, PARAGRAPHS_FROM, SENTENCE,
    SENTENCE_BEGINNING, SENTENCE_CONTAINING, SENTENCE_ENDING, SENTENCE_NTH, TEXT, AddListItem, AddRule, AppendText, InsertText,
    ITEM, ITEM_BEGINNING, ITEM_CONTAINING, Condition, MoveRule, RemoveText, RenameRule, RepealAll, RepealRule, ReplaceRuleText, ReplaceText, RuleRef, SetStatus,
    Target, Unsupported, AddColumn, AddPlayer, AddRow, ChangeSingleValue, ChangeValue, EachPlayer, RemovePlayer,
    RemoveRow, SetAttribute, SetSingleValue, SetValue, TransferValue, ChangeAttribute, Cell, SwapValues, MoveName,
    AddToCell, RemoveFromCell, Derived, DeriveValues,
)

# ---------------------------------------------------------------------------------------------
# What a reading is made of (shared with the discourse reader, parsers/discourse.py)
# ---------------------------------------------------------------------------------------------

PAYLOAD = object()  # a field to fill from the text below the instruction
#: Old and new text given as paragraphs after the instruction ("In X, replace ⏎ old ⏎ with ⏎ new"):
#: the payload is cut at its "with" / "to" lines into (old, new) pairs.
PAIRS = object()
#: "Add “Oil” to the same list": the list (and rule) of the list item added by the step before, filled in
#: when the post's steps are put together (parsers/proposal.py).
SAME_LIST = object()
#: "Repeal the following rules:" ⏎ a list of their names, one a line: one repeal for each, made when the post's
#: steps are put together (parsers/proposal.py).
RULES_BELOW = object()


@dataclass
class Spec:
    """A step before it has an index and text."""

    cls: type
    fields: dict[str, Any]

    def needs_payload(self) -> bool:
        return any(v is PAYLOAD or v is PAIRS or v is RULES_BELOW or getattr(v, "text", None) is PAYLOAD
                   for v in self.fields.values())

    def key(self) -> tuple:
        return (self.cls.__name__, tuple(sorted((k, _frozen(v)) for k, v in self.fields.items())))


def _frozen(v: Any) -> Any:
    if isinstance(v, Target) and v.text is PAYLOAD:
        return dataclasses.replace(v, text="<text below>")
    if v is PAYLOAD:
        return "<text below>"
    if v is RULES_BELOW:
        return "<rules listed below>"
    if v is PAIRS:
        return "<old and new text below>"
    if isinstance(v, (list, tuple)):
        return tuple(_frozen(x) for x in v)
    return v


@dataclass
class Reading:
    specs: list[Spec] = field(default_factory=list)
    #: Does this sentence open an instruction (and so end the text an earlier one adds)?  None:
    #: derived — any step it makes that is neither Ignored nor Unsupported.
    opens_instruction: bool | None = None

    @property
    def needs_payload(self) -> bool:
        return any(s.needs_payload() for s in self.specs)

    @property
    def opens(self) -> bool:
        from parsers.steps import Ignored
        if self.opens_instruction is not None:
            return self.opens_instruction
        # a statement read only after the step it completes ("each Ship’s Wealth is its Captain’s Coins") opens
        # nothing: rule text says such things
        return any(sp.cls not in (Ignored, Unsupported) and not sp.fields.get("_stated") for sp in self.specs)


# ---------------------------------------------------------------------------------------------
# Frames
# ---------------------------------------------------------------------------------------------

OBJ, OBJ2 = "obj", "obj2"
NONE = None  # a part with no noun phrase: "with:" (the text follows), "wherever it appears"


@dataclass(frozen=True)
class Slot:
    """A role of a frame, and the parts that may fill it: where they stand (``OBJ``, ``OBJ2``, or the
    preposition's name) and what kind of noun phrase they hold (None: no noun phrase)."""

    role: str
    where: tuple[str, ...]
    kinds: tuple[str | None, ...]
    test: Callable[[NP], bool] | None = None
    lead_only: bool = False


@dataclass(frozen=True)
class Frame:
    """One meaning: the verbs that say it, its slots, the roles it needs, and how its roles make steps
    (``build`` returns the steps, or a sentence saying why the roles cannot make one).  ``address``:
    a part of a Dynastic Reset, read only in an Ascension Address."""

    name: str
    verbs: frozenset[str]
    slots: tuple[Slot, ...]
    needs: tuple[str, ...]
    build: Callable[[dict[str, Any], Clause], "list[Spec] | str"]
    address: bool = False
    #: a step of the gamestate page (not read in an Address: there a gamestate sentence is for an Admin)
    gamestate: bool = False


# The parts of a Dynastic Reset an Address asks for (parsers/ascension.py puts them in its plan)

@dataclass(frozen=True, kw_only=True)
class KeepRules:
    """"Keep the rules “A” and “B”": the dynastic rules kept (the others are repealed)."""

    rules: tuple[RuleRef, ...]


@dataclass(frozen=True, kw_only=True)
class KeepAll:
    """"Keep all dynastic rules [except A]": every dynastic rule kept, but the ones named."""

    repealed: tuple[RuleRef, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RepealOthers:
    """"All other dynastic rules are repealed", "repeal everything else": every dynastic rule the
    Address does not keep (an Address)."""


@dataclass(frozen=True, kw_only=True)
class KeepNone:
    """"Do not keep any dynastic rules", "Keep no rules": every dynastic rule goes (an Address)."""


@dataclass(frozen=True, kw_only=True)
class SpecialCaseAll:
    """"Keep all Special Case rules active": every Special Case rule to one status (an Address)."""

    status: str


@dataclass(frozen=True, kw_only=True)
class SpecialCaseDefaults:
    """"Reset all other Special Case rules to their defaults"."""


@dataclass(frozen=True, kw_only=True)
class TermRename:
    """"Set the synonym for Player to “Necromancer”": a term replaced throughout (``plural``: the new
    term's plural, when the Address gives it: "Person (or People when plural)")."""

    old: str
    new: str
    plural: str | None = None


def _verbs(*words: str) -> frozenset[str]:
    return frozenset(words)


RULE_KINDS = ("rule", "quote", "name", "it", "ruletext")  # what may name an existing rule
PLACE_KINDS = RULE_KINDS + ("section",)  # where a text edit is made: also "the section “X”", a heading
TEXT_KINDS = ("quote", "occurrence", "keyword", "piece")  # what may name text inside a rule
BODY_KINDS = ("quote", "following", NONE)  # what may give the text a step adds


def _is_subrule_new(np: NP) -> bool:
    return np.unit == "subrule"


def _a_sections_rule(np: NP) -> bool:
    """"a Core rule", "a Dynastic rule": a rule of a section, no name, no parent ("Make X a Core rule")."""
    return np.kind == "new_rule" and np.unit == "rule" and bool(np.section) and np.of is None and not np.text


def _to_section(rule: RuleRef, np: NP) -> list[Spec] | str:
    if np.section == language.SECTION_SPECIAL_CASE:  # a Special Case rule stands with a status: which one is an Admin's call
        return f"“{np.words}”: a Special Case rule needs its status, which the step does not give"
    return [Spec(MoveRule, {"rule": rule, "section": np.section})]


def _is_paragraph(np: NP) -> bool:
    return np.kind == "piece" and np.unit == "paragraph" and np.how == "nth"


def _a_paragraph(np: NP) -> bool:
    """A paragraph by number or by its words ("the paragraph beginning “A”")."""
    return np.kind == "piece" and np.unit == "paragraph" and np.how in ("nth", "begin", "contain", "end")


def _is_text_piece(np: NP) -> bool:
    if np.kind == "many":  # "“A” and “B”", "every instance of “A” and “B”": quoted texts only
        return all(i.kind in ("quote", "occurrence") for i in np.items)
    return np.kind != "piece" or np.unit in ("paragraph", "sentence", "item")


def _has_rule_word(np: NP) -> bool:
    return np.kind == "rule" or (np.kind == "many" and np.unit == "rule")


# ---------------------------------------------------------------------------------------------
# From noun phrases to the steps' values
# ---------------------------------------------------------------------------------------------

def rule_ref(np: NP | None, section: str | None = None) -> RuleRef:
    """The rule a noun phrase names."""
    if np is None:
        raise NotRead("no rule named")
    if np.kind == "rule":
        ref = np.ref
    elif np.kind in ("quote", "name"):
        name = (np.text or "").strip()
        if not name:
            raise NotRead("an empty rule name")
        ref = RuleRef(name=name, named_as="quote" if np.kind == "quote" else "words")
    elif np.kind == "it":
        ref = RuleRef(previous=True)
    elif np.kind == "ruletext" and np.of is not None:
        return rule_ref(np.of, section)
    elif np.kind == "section" and np.text and not language.SECTION_NAME.fullmatch(np.text):
        ref = RuleRef(name=np.text, named_as="quote")  # "To the section “Lycanthropy”, add": a heading of that name
    else:
        raise NotRead(f"“{np.words}” does not name a rule")
    if section and not ref.previous and ref.section is None:
        ref = dataclasses.replace(ref, section=section)
    return ref


_PIECE_KINDS = {
    ("sentence", "begin"): SENTENCE_BEGINNING, ("sentence", "end"): SENTENCE_ENDING,
    ("sentence", "contain"): SENTENCE_CONTAINING, ("sentence", "reads"): SENTENCE, ("sentence", "quoted"): SENTENCE,
    ("paragraph", "begin"): PARAGRAPH_BEGINNING, ("paragraph", "end"): PARAGRAPH_ENDING,
    ("paragraph", "contain"): PARAGRAPH_CONTAINING, ("paragraph", "quoted"): PARAGRAPH_CONTAINING,
    ("paragraph", "reads"): TEXT,
}


def target(np: NP) -> Target:
    """The text inside a rule a noun phrase points at."""
    if np.kind == "quote":
        return Target(kind=TEXT, text=np.text)
    if np.kind == "occurrence":
        return Target(kind=TEXT, text=np.text, occurrence=np.occurrence)
    if np.kind == "keyword":
        return Target(kind=KEYWORD, text=np.text)
    if np.kind == "following":  # "Remove the following text from X:" — the text is below
        return Target(kind=TEXT, text=PAYLOAD)
    if np.kind == "piece":
        if np.unit == "paragraph" and np.how == "nth":
            if np.number is not None and np.number < -1:
                raise NotRead(f"“{np.words}”: the bot finds paragraphs by number from the start, or the last one")
            return Target(kind=PARAGRAPH, number=np.number)
        if np.unit == "paragraph" and np.how == "from":
            return Target(kind=PARAGRAPHS_FROM, number=np.number)
        if np.unit == "item":  # a bullet point, a step of an action: by number or by its words
            in_list = _list_name(np.of)
            if np.how == "nth":
                return Target(kind=ITEM, number=np.number, in_list=in_list)
            kind = ITEM_CONTAINING if np.how == "contain" else ITEM_BEGINNING
            if np.how == "end":
                raise NotRead(f"the bot finds list items by their first words or what they contain, not “{np.words}”")
            return Target(kind=kind, text=np.text, in_list=in_list)
        if np.unit == "sentence" and np.how == "nth":  # "the last sentence (of the second paragraph)"
            paragraph = None
            if np.of is not None and np.of.kind == "piece":
                if np.of.unit != "paragraph" or np.of.how != "nth" or (np.of.number or 0) < -1:
                    raise NotRead(f"the bot finds a sentence by number in a rule or in a numbered paragraph, "
                                  f"not in “{np.of.words}”")
                paragraph = np.of.number
            occurrence = "last" if np.number == -1 else np.number
            if not isinstance(occurrence, str) and (occurrence is None or occurrence < 1):
                raise NotRead(f"“{np.words}”: the bot finds sentences by number from the start, or the last one")
            return Target(kind=SENTENCE_NTH, occurrence=occurrence, number=paragraph)
        kind = _PIECE_KINDS.get((np.unit, np.how))
        if kind is None:
            raise NotRead(f"the bot cannot yet find “{np.words}” in a rule")
        return Target(kind=kind, text=np.text)
    raise NotRead(f"“{np.words}” is not a piece of text")


def _list_name(np: NP | None) -> str | None:
    """The list an item stands in: "the second step of the Notoriety Check", "of the “Scrape” atomic action"."""
    if np is None:
        return None
    if np.kind == "action":
        return np.text
    if np.kind in ("name",):
        return np.text
    if np.kind == "list":  # "the list of Knots": that list; "the list", "the atomic action": the rule's only one
        return np.text
    return None


def piece_rule(np: NP | None) -> NP | None:
    """The rule named inside a piece ("the second paragraph of the rule X", "the first step of the
    “Scrape” atomic action of “Thieves”")."""
    if np is None:
        return None
    if np.kind == "end" and np.of is not None:
        return piece_rule(np.of) if np.of.kind in ("piece", "end") else np.of
    if np.kind == "action":
        return np.of
    if np.kind == "piece" and np.unit == "item" and np.of is not None:
        if np.of.kind == "list":  # "the second item of the list (in X)": the list's rule, if it names one
            return np.of.of
        return piece_rule(np.of) if np.of.kind == "action" else (None if np.of.kind == "name" else np.of)
    if np.kind == "piece" and np.of is not None and np.of.kind == "piece":  # "the first sentence of the
        return piece_rule(np.of)                                             # second paragraph of X"
    return np.of if np.kind in ("piece", "many") else None


def body(np: NP | Part | None, roles: dict[str, Any] | None = None) -> Any:
    """The text a step adds: the quoted text, or the text below the instruction.  "the following
    … : “text”" gives its text after the colon (the ``colon`` role)."""
    colon = roles.get("colon") if roles else None
    if colon is not None:
        if isinstance(np, Part):
            np = np.np
        if np is not None and np.kind in ("quote",):
            raise NotRead("two texts given")
        return colon.np.text
    if isinstance(np, Part):
        np = np.np
    if np is not None and np.kind in ("quote", "new_piece") and np.text is not None:
        return np.text
    return PAYLOAD


def _name(np: NP) -> str:
    text = (np.text or "").strip()
    if not text:
        raise NotRead("an empty name")
    return text


# ---------------------------------------------------------------------------------------------
# Builders: one per frame, from its filled roles to steps
# ---------------------------------------------------------------------------------------------

def _np(roles: dict[str, Any], role: str) -> NP | None:
    x = roles.get(role)
    return x.np if isinstance(x, Part) else x


def _one_rule(roles: dict[str, Any], *names: str, section: str | None = None) -> RuleRef | None:
    """The rule the roles name (several may: "in the rule X" and "of the rule X" must agree)."""
    found: list[RuleRef] = []
    for name in names:
        np = _np(roles, name)
        if np is not None:
            found.append(rule_ref(np, section))
    if not found:
        return None
    if any(f != found[0] for f in found[1:]):
        raise NotRead("two rules named (" + " and ".join(f"“{f.name}”" for f in found) + ")")
    return found[0]


def _section_of(roles: dict[str, Any]) -> str | None:
    np = _np(roles, "section")
    if np is None:
        return None
    if np.kind == "end":
        np = np.of
    return np.text if np is not None else None


def build_add_rule(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    new = _np(roles, "new")
    as_new = _np(roles, "as")
    if as_new is not None:  # "Add a red rule as a subrule to X": the rule is a subrule
        if new is not None and new.text and as_new.text:
            return "it gives two names"
        new = dataclasses.replace(new or as_new, unit="subrule", of=as_new.of or (new.of if new else None),
                                  text=(new.text if new else None) or as_new.text)
    names = [x for x in (new.text if new else None, _np(roles, "name") and _np(roles, "name").text) if x]
    if len(set(names)) > 1:
        return "it gives two names (" + " and ".join(f"“{n}”" for n in names) + ")"
    if not names:
        return "the new rule has no name"
    parents = []
    if new is not None and new.of is not None:
        parents.append(rule_ref(new.of))
    for role in ("parent", "parent_in"):
        np = _np(roles, role)
        if np is not None:
            parents.append(rule_ref(np))
    if len(set(parents)) > 1:
        return "it gives two parent rules"
    subrule = bool(new is not None and new.unit == "subrule") or bool(parents)
    if subrule and not parents and (roles.get("after") or roles.get("before")):
        place: Part = roles.get("after") or roles.get("before")
        if re.match(r"\s*(?:beneath|below|under(?:neath)?)\b", place.words, re.I) and roles.get("after"):
            # "Beneath the rule X, create a subrule called Y": Y is X's subrule
            parents.append(rule_ref(place.np))
            roles = {k: v for k, v in roles.items() if k != "after"}
        else:  # "After the rule X, create a subrule …": a subrule of which rule is not said
            return f"a subrule “{place.words}”, but of which rule is not said"
    if parents and new is not None and new.unit != "subrule":
        return "a new rule (not a subrule) placed in another rule"
    section = new.section if new is not None else None
    section2 = _section_of(roles)
    if section and section2 and section != section2:
        return f"it gives two sections (“{section}” and “{section2}”)"
    fields: dict[str, Any] = {
        "name": names[0], "body": body(roles.get("body"), roles), "section": section or section2,
        "parent": parents[0] if parents else None, "subrule": subrule,
        "after": rule_ref(_np(roles, "after")) if roles.get("after") else None,
        "before": rule_ref(_np(roles, "before")) if roles.get("before") else None,
        "if_exists": "if_exists" in roles,
    }
    if fields["section"] is None and not subrule and section is None and "section" not in roles:
        fields["section"] = None
    return [Spec(AddRule, fields)]


def _a_rule(ref: RuleRef) -> RuleRef:
    """A reference the verb itself says is a rule ("Repeal X", "Activate X", "Move X"): bare words
    are then named as "verb" (no longer in doubt as a rule, still unquoted)."""
    return dataclasses.replace(ref, named_as="verb") if ref.named_as == "words" else ref


def _unquoted_names(np: NP) -> bool:
    """A list of rules by unquoted names alone ("Alliances and Bounties", "the rules Coins, Turns")."""
    items = np.items if np.kind == "many" else (np,)
    return "“" not in np.words and '"' not in np.words and all(
        i.kind == "name" or (i.kind == "rule" and not i.quoted and not i.ref.number and not i.ref.previous)
        for i in items)


def _rules(np: NP, clause: Clause, section: str | None = None) -> list[RuleRef] | str:
    """The rules a phrase names.  In an Address, unquoted names are split as the Ruleset names its rules
    (``clause.names``: "Alliances and Bounties" is two, "Keep Calm and Carry On" one); in a Proposal,
    unquoted names joined by “and” are not split (a name may itself hold “and”)."""
    items = np.items if np.kind == "many" else (np,)
    if clause.names is not None and _unquoted_names(np):
        found = clause.names(np.text if np.kind == "many" and np.text else np.words)
        if not found:
            raise NotRead(f"“{np.words}” are not names of rules")
        return [RuleRef(name=n, named_as="words") for n in found]
    if np.kind == "many" and np.unit == "rule" and not clause.address \
            and any(not i.quoted and i.ref.name and not i.ref.number for i in items):
        # "the rules Victory and Ascension": one rule may be called so; the bot does not guess (an
        # Address checks each name against the Ruleset's own)
        return "rule names that are not quoted, joined by “and”: a name may itself hold “and” (quote each name)"
    return [rule_ref(i, section) for i in items]


def build_repeal(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    if _np(roles, "rule").kind == "rules_below":  # "Repeal the following rules:" ⏎ their names
        return [Spec(RepealRule, {"rule": RULES_BELOW})]
    rules = _rules(_np(roles, "rule"), clause, _section_of(roles))
    if isinstance(rules, str):
        return rules
    return [Spec(RepealRule, {"rule": _a_rule(r)}) for r in rules]


def build_repeal_all(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.unit == "none":
        return f"“{np.words}” repealed"
    if np.unit in ("bare", "else") and not clause.address:  # "Repeal all rules": an Address's words
        return f"“{np.words}”: say which rules (“all dynastic rules”)"
    keep = _rules(np.of, clause) if np.of is not None else [rule_ref(i) for i in np.items]
    if isinstance(keep, str):
        return keep
    if clause.address and np.unit == "else" and not keep:
        return [Spec(RepealOthers, {})]
    return [Spec(RepealAll, {"kind": DYNASTIC, "keep": tuple(keep)})]


def build_rename(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.kind == "title":
        np = np.of
    new = _np(roles, "new")
    if not new.quoted and not (new.text or " ")[:1].isupper() and not (new.text or " ")[:1].isdigit():
        # "Rename Tithes to whatever the Mayor chooses": words that describe a name, not a title
        return f"“{new.text}” is not a title (unquoted, and not capitalised)"
    return [Spec(RenameRule, {"rule": rule_ref(np), "new_name": _name(new)})]


def build_reword(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.kind == "ruletext":
        np = np.of
    new_name = _np(roles, "name")
    fields = {"rule": rule_ref(np), "body": body(roles.get("new")), "new_name": new_name.text if new_name else None}
    return [Spec(ReplaceRuleText, fields)]


def build_amend_as_follows(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    return [Spec(ReplaceRuleText, {"rule": rule_ref(_np(roles, "rule")), "body": PAYLOAD, "new_name": None,
                                   "_not_steps": True})]


def _text_rule(roles: dict[str, Any], pieces: Iterable[NP | None]) -> RuleRef | None:
    pieces = [*pieces, _np(roles, "in_list")]
    rules = [rule_ref(r) for r in (piece_rule(p) for p in pieces) if r is not None]
    named = _one_rule(roles, "rule")
    if named is not None:
        rules.append(named)
    if any(r != rules[0] for r in rules[1:]):
        raise NotRead("two rules named (" + " and ".join(f"“{r.name}”" for r in rules) + ")")
    return rules[0] if rules else None


def _scoped(t: Target, roles: dict[str, Any]) -> Target:
    scope = _np(roles, "scope")
    if scope is not None:
        if t.kind not in (TEXT, SENTENCE):
            raise NotRead(f"a piece of text inside “{scope.words}” that the bot cannot find there")
        t = dataclasses.replace(t, number=scope.number)
    within = _np(roles, "within")
    if within is not None:
        if "rule" not in roles:
            raise NotRead(f"“{within.words}” is inside a rule, but no rule is named")
        t = dataclasses.replace(t, within=within.text)
    if "everywhere" in roles or "wherever" in roles:
        if t.kind != TEXT or t.occurrence not in (None, "all"):
            raise NotRead("every occurrence of something that is not quoted text")
        t = dataclasses.replace(t, occurrence="all")
    action = _np(roles, "in_list")
    if action is not None:  # "In the “Scrape” atomic action, replace the second step …"
        if t.kind not in (ITEM, ITEM_BEGINNING, ITEM_CONTAINING, TEXT):
            raise NotRead(f"“{_np(roles, 'old').words if 'old' in roles else 'a piece'}” inside “{action.words}”: the "
                          "bot finds a list's items, or quoted text, inside it")
        if t.in_list and t.in_list != action.text:
            raise NotRead("two lists named")
        t = dataclasses.replace(t, in_list=action.text)
    return t


def _no_rule(t: Target, old: NP) -> RuleRef | None:
    """The rule a piece names none for: a numbered paragraph continues the rule before; a list item
    of a named list is found where that list is (None)."""
    if t.kind in (ITEM, ITEM_BEGINNING, ITEM_CONTAINING) and t.in_list:
        return None
    return RuleRef(previous=True) if old.kind == "piece" else None


def _throughout_rule(roles: dict[str, Any]) -> dict[str, Any]:
    """"throughout the rule X": every occurrence, in that rule."""
    if "throughout" not in roles:
        return roles
    if "rule" in roles:
        raise NotRead("two rules named")
    return {**roles, "rule": roles["throughout"], "wherever": roles["throughout"]}


def _each_rule(build: Callable[[dict[str, Any], Clause], list[Spec] | str], roles: dict[str, Any],
               clause: Clause) -> list[Spec] | str | None:
    """"… in the rules “A” and “B”": the step once in each rule, in the order named (None: one rule or none)."""
    place = _np(roles, "rule")
    if place is None or place.kind != "many":
        return None
    named = _rules(place, clause)
    if isinstance(named, str):
        return named  # "the rules Lords and Ladies": one rule may be called so
    return _for_each(build, roles, "rule", place.items, clause)


def _for_each(build: Callable[[dict[str, Any], Clause], list[Spec] | str], roles: dict[str, Any], role: str,
              items: Iterable[NP], clause: Clause) -> list[Spec] | str:
    """The steps ``build`` makes with each of ``items`` in ``role``, in order; the first refusal, if any."""
    out: list[Spec] = []
    for item in items:
        made = build({**roles, role: item}, clause)
        if isinstance(made, str):
            return made
        out.extend(made)
    return out


def _all_rules_named(np: NP) -> bool:
    return np.kind == "many" and len(np.items) > 1 and all(i.kind == "rule" or (i.kind == "quote" and np.words.lower()
                                                                                 .startswith(("the rules", "rules")))
                                                           for i in np.items)


def build_replace(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    each = _each_rule(build_replace, roles, clause)
    if each is not None:
        return each
    roles = _throughout_rule(roles)
    old = _np(roles, "old")
    if "entirely" in roles and old.kind != "piece":
        return f"“{roles['entirely'].words}” of “{old.words}”"
    if old.kind == "many":  # "Replace “A” and “B” with “C”": one step for each
        return _for_each(build_replace, roles, "old", old.items, clause)
    rule = _text_rule(roles, [old, _np(roles, "scope")])
    t = _scoped(target(old), roles)
    if "glossary" in roles and t.kind != KEYWORD:
        return "the Appendix or the glossary named, but what is replaced is not a keyword's definition"
    if t.kind == KEYWORD:
        if rule is not None:
            return "a keyword's definition in a named rule"  # the glossary is found on the page
    elif "everywhere" in roles:
        if rule is not None and roles["everywhere"].words.strip().casefold() not in ("everywhere", "throughout"):
            return "both a rule and the whole Ruleset named"
        # "In the rule X, replace “A” with “B” everywhere": every occurrence, in that rule
    elif rule is None:
        rule = _no_rule(t, old)  # "Reword the third paragraph to:" continues the rule before
    new_np = _np(roles, "new")
    if new_np is not None and new_np.kind == "name" and not (old.kind == "occurrence" and not old.quoted):
        raise NotRead(f"“{new_np.words}” is not quoted")  # only a game term ("all instances of Artist … with Player")
    new = new_np.text if new_np is not None and new_np.kind == "name" else body(roles.get("new"), roles)
    return [Spec(ReplaceText, {"rule": rule, "target": t, "new": new})]


def build_replace_so_that(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    part: Part = roles["so_that"]
    if part.np.kind != "quote" or part.second.kind != "quote":
        return "“so that … reads …” with something other than quoted text"
    return [Spec(ReplaceText, {"rule": rule_ref(_np(roles, "rule")), "target": Target(kind=TEXT, text=part.np.text),
                               "new": part.second.text})]


def build_replace_pairs(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    rule = _text_rule(roles, [_np(roles, "old")])
    if rule is None:
        return "old and new text given below, but no rule named"
    fields = {"rule": rule, "target": PAIRS, "new": PAIRS}
    old = _np(roles, "old")
    if old is not None and old.kind == "piece" and old.how == "nth" and old.unit in ("paragraph", "sentence"):
        # "Change the last paragraph of X:" ⏎ its new text (no "with" line): that paragraph, replaced
        fields["_piece"] = target(old)
    return [Spec(ReplaceText, fields)]


def build_remove(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    each = _each_rule(build_remove, roles, clause)
    if each is not None:
        return each
    roles = _throughout_rule(roles)
    old = _np(roles, "old")
    items = old.items if old.kind == "many" else (old,)
    rule = _text_rule(roles, [old, *items, _np(roles, "scope")])
    out = []
    for item in items:
        t = _scoped(target(item), roles)
        if t.kind == KEYWORD:
            out.append(Spec(RemoveText, {"rule": None, "target": t}))
            continue
        if rule is None:
            if "everywhere" in roles:
                return "text removed throughout the Ruleset"
            if item.kind == "piece" and (t.kind in (PARAGRAPH, PARAGRAPHS_FROM) or (t.kind == ITEM and not t.in_list)):
                out.append(Spec(RemoveText, {"rule": RuleRef(previous=True), "target": t}))  # a paragraph: of the rule before
                continue
        out.append(Spec(RemoveText, {"rule": rule, "target": t}))
    return out


def build_insert(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    anchor_part: Part = roles["anchor"]
    anchor_np = anchor_part.np
    position = "before" if anchor_part.prep == "before" else "after"
    if anchor_part.prep in ("to", "at", "in"):
        position = "end"
        if anchor_np.kind == "end":
            if anchor_np.how != "end":
                return "the beginning of a paragraph"
            anchor_np = anchor_np.of
    rule = _text_rule(roles, [anchor_np, _np(roles, "anchor"), _np(roles, "scope")])
    t = _scoped(target(anchor_np), roles)
    if rule is None:
        rule = _no_rule(t, anchor_np) if anchor_np.kind == "piece" else RuleRef(previous=True)
    if position == "end" and t.kind not in (PARAGRAPH, PARAGRAPH_BEGINNING, PARAGRAPH_CONTAINING, PARAGRAPH_ENDING):
        return "the end of something that is not a paragraph"
    return [Spec(InsertText, {"rule": rule, "anchor": t, "body": body(roles.get("body"), roles), "position": position})]


def build_append(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    place = _np(roles, "place")
    if place is not None and place.kind == "it" and clause.gerund and "rule" in roles:
        place = None  # "Amend X by adding the following paragraph to it": it is X
    around = roles.get("around_text")
    if around is not None:  # "before the existing text of X": its start
        how = "start" if around.prep == "before" else "end"
        its = around.np.of is not None and around.np.of.ref is not None and around.np.of.ref.previous
        if its and place is not None:  # "to the very start of X, before its existing text": one place, said twice
            if place.kind != "end" or place.how != how:
                return f"“{place.words}” and “{around.words}”"
        elif place is not None or "rule" in roles:
            return f"“{around.words}” and another place"
        else:
            place = NP("end", words=around.words, how=how, of=around.np.of)
    at_end = _np(roles, "at_end")
    if at_end is not None:  # "to “X” (at the end)": the end of the rule named
        if place is None:
            place = at_end
        elif place.kind in RULE_KINDS:
            place = dataclasses.replace(at_end, of=place)
        else:
            return f"“{place.words}” and “{at_end.words}”"
    at = "start" if clause.verb == "prepend" else "end"
    as_np = _np(roles, "as")
    subrules = _np(roles, "before_subrules")
    if subrules is not None:
        if re.search(r"\bsubrule\b", subrules.words, re.I) and not re.search(r"\b(?:first|1st)\b", subrules.words, re.I):
            return f"“{subrules.words}”: the bot adds text before a rule's subrules, not between them"
        if clause.verb == "prepend" or (place is not None and place.kind == "end" and place.how == "start"):
            return f"the start of the rule, “{subrules.words}”"
        if subrules.of is not None:
            if place is not None or "rule" in roles:
                return "two places named"
            place = subrules.of
    if as_np is not None and as_np.kind == "piece":  # "as the first paragraph of X"
        if as_np.of is None:  # "Insert the following into X as its second paragraph": the rule named apart
            named = place if place is not None and place.kind in RULE_KINDS else _np(roles, "rule")
            if named is None or (place is not None and "rule" in roles):
                return f"“{as_np.words}”, but of which rule is not said"
            as_np, place = dataclasses.replace(as_np, of=named), None
            roles = {k: v for k, v in roles.items() if k != "rule"}
        if place is not None or "rule" in roles:
            return f"“{as_np.words}” and another place"
        if (clause.verb, as_np.number) in (("prepend", -1), ("append", 1)) or (clause.verb in ("prepend", "append")
                                                                              and as_np.number > 1):
            return f"{clause.verb} “{as_np.words}”"
        roles = {k: v for k, v in roles.items() if k != "as"}
        if as_np.number > 1:  # "as the third paragraph of X": after its second
            return [Spec(InsertText, {"rule": rule_ref(as_np.of), "anchor": Target(kind=PARAGRAPH, number=as_np.number - 1),
                                      "body": body(roles.get("body"), roles), "position": "after"})]
        place = NP("end", words=as_np.words, how="start" if as_np.number == 1 else "end", of=as_np.of)
    said_at = None
    if place is not None and place.kind == "end":
        at = said_at = "start" if place.how == "start" else "end"
        if clause.verb == "prepend" and place.how == "end":
            return "prepend to the end"
        place = place.of
    if place is None:
        rule = _one_rule(roles, "rule")
    else:
        if "rule" in roles:
            return "two places named"
        rule = rule_ref(place)
    if rule is None and said_at is not None:
        # "Rule “X”: add to the end:": the end of the rule the heading (or the step before) names
        rule = RuleRef(previous=True)
    if rule is None:
        return "text to add, but no rule named"
    added = _np(roles, "what") or _np(roles, "body")
    as_np = _np(roles, "as")
    piece_at = added.how if added is not None and added.kind == "new_piece" and added.how in ("start", "end") else None
    if piece_at is not None:  # "Add a new opening paragraph to X": its start
        if (said_at is not None and said_at != piece_at) or (clause.verb == "prepend" and piece_at == "end") \
                or (clause.verb == "append" and piece_at == "start") or as_np is not None:
            return f"“{added.words}” and another place"
        if piece_at == "start" and added.unit == "item":
            return f"“{added.words}”: the bot adds an item at the end of a list"
        at = piece_at
    if at == "end" and ((added is not None and added.unit == "item" and added.kind in ("new_piece", "following"))
                        or (as_np is not None and as_np.unit == "item")):
        # "append a new bullet point to “X”:": an item of the rule's list (its only list), not text after it
        return [Spec(AddListItem, {"rule": rule, "items": body(roles.get("body"), roles), "of": None})]
    if added is not None and added.unit == "sentence" and at == "end" and "as" not in roles:
        # "add the following sentence to the end of Rule 6": it ends the rule's last paragraph
        return [Spec(InsertText, {"rule": rule, "anchor": Target(kind=PARAGRAPH, number=-1),
                                  "body": body(roles.get("body"), roles), "position": "end"})]
    return [Spec(AppendText, {"rule": rule, "body": body(roles.get("body"), roles), "at": at})]


def build_list_item(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    lst = _np(roles, "list")
    added = _np(roles, "what") or _np(roles, "body")
    if added is not None and added.kind == "new_piece" and added.how == "start":
        return f"“{added.words}”: the bot adds an item at the end of a list"
    if lst.kind == "end":
        if lst.how == "start":
            return f"“{lst.words}”: the bot adds an item at the end of a list"
        lst = lst.of
    if lst.kind == "piece":  # "as the last item of the list in X" / "as the last bullet point" (the rule's only list)
        if lst.number != -1:  # "as the third step of the X atomic action": after its second (the first: before it)
            return _as_nth_item(lst, roles)
        lst = lst.of if lst.of is not None else NP("list", words=lst.words)
    if lst.how == "bare" and isinstance(roles.get("rule"), Part) and roles["rule"].prep == "of":
        return f"“{lst.words} {roles['rule'].words}” is the list of something, not a rule's list"
    rule = _one_rule(roles, "rule")
    if lst.of is not None:  # "the list in “Lanterns”"
        if rule is not None:
            return "two rules named for one list"
        rule = rule_ref(lst.of)
    if lst.how == "same":
        return [Spec(AddListItem, {"rule": rule, "items": body(roles.get("body"), roles), "of": SAME_LIST})]
    return [Spec(AddListItem, {"rule": rule, "items": body(roles.get("body"), roles), "of": lst.text})]


def _as_nth_item(piece: NP, roles: dict[str, Any]) -> list[Spec] | str:
    """An item added as the Nth of a list: inserted after item N−1, or before the first."""
    container = piece.of
    if container is not None and container.how == "bare" and isinstance(roles.get("rule"), Part) \
            and roles["rule"].prep == "of":
        return f"“{container.words} {roles['rule'].words}” is the list of something, not a rule's list"
    rule = _one_rule(roles, "rule")
    if container is not None and container.of is not None:
        if rule is not None:
            return "two rules named for one list"
        rule = rule_ref(container.of)
    if rule is None:
        return f"“{piece.words}”, but no rule named"
    n = piece.number
    anchor = Target(kind=ITEM, number=n - 1 if n > 1 else 1, in_list=_list_name(container))
    return [Spec(InsertText, {"rule": rule, "anchor": anchor, "body": body(roles.get("body"), roles),
                              "position": "after" if n > 1 else "before"})]


def build_move(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    rule = _a_rule(rule_ref(_np(roles, "rule")))
    now_in = _np(roles, "from_section")
    if now_in is not None:  # the rule is looked up in the section it is said to stand in
        if rule.section is not None and rule.section != now_in.text:
            return f"“{_np(roles, 'rule').words}” and “{now_in.words}”: two sections"
        rule = dataclasses.replace(rule, section=now_in.text)
    source = _np(roles, "from")
    if source is not None:  # "the subrule X from Y": X as it stands under Y; "to Z" makes it Z's subrule
        if _np(roles, "rule").kind != "rule" and "as" not in roles:  # "Move 2 Coins from Kevan to Josh", "Move Zed …"
            return "moved “from” somewhere, but not named as a rule"
        rule = dataclasses.replace(rule, parent=_a_rule(rule_ref(source)))
        if roles["dest"].prep == "to" and roles["dest"].np.kind in RULE_KINDS and "as" not in roles:
            roles = {**roles, "as": roles["dest"]}
    dest: Part = roles["dest"]
    np = dest.np
    if np.kind == "end":  # "to the end of the Dynastic Rules": where a rule moved to a section goes
        if np.how == "start":
            return "the start of a section"
        np = np.of
    if np.kind == "section":
        if "as" in roles:
            return "a subrule of a section"
        return [Spec(MoveRule, {"rule": rule, "section": np.text})]
    if "as" in roles and dest.prep not in ("under", "to"):  # "… under “X” (into “X”) as a subrule"
        return f"“{roles['as'].words}” with “{dest.words}”"
    if "as" in roles:
        return [Spec(MoveRule, {"rule": rule, "parent": rule_ref(np)})]
    if np.kind == "new_rule" and _a_sections_rule(np):  # "Move X to be a Core rule"
        return _to_section(rule, np)
    if np.kind == "new_rule":
        if np.of is None or np.unit != "subrule":
            return f"“{dest.words}” names no rule to move it under"
        return [Spec(MoveRule, {"rule": rule, "parent": rule_ref(np.of)})]
    if dest.prep == "after":
        return [Spec(MoveRule, {"rule": rule, "after": rule_ref(np)})]
    if dest.prep == "under":
        return [Spec(MoveRule, {"rule": rule, "parent": rule_ref(np)})]
    if dest.prep == "to" and np.kind in RULE_KINDS:  # "Move “Wicks” into “Lanterns”": as what?
        return f"“{dest.words}” without “as a subrule”"
    return f"cannot tell where “{dest.words}” moves it"


def build_make_subrule(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    """"Make “Wicks” a subrule of “Lanterns”": the rule moves under the other; "Make “Wicks” a Core rule": into
    that section."""
    np = _np(roles, "dest")
    if _a_sections_rule(np):
        return _to_section(_a_rule(rule_ref(_np(roles, "rule"))), np)
    if np.of is None:
        return f"“{np.words}” names no rule to move it under"
    return [Spec(MoveRule, {"rule": _a_rule(rule_ref(_np(roles, "rule"))), "parent": rule_ref(np.of)})]


def build_status(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.kind == "status_of":
        np = np.of
    if clause.verb in ("activate", "deactivate"):
        status = "Active" if clause.verb == "activate" else "Inactive"
    else:
        status = _np(roles, "status").text
    was = _np(roles, "was")
    if was is not None and (was.text or "").casefold() == (status or "").casefold():
        return f"from {was.text} to {status}"
    if np.kind == "sc_all":  # "Keep all Special Case rules active"
        if not clause.address:
            return "every Special Case rule's status, outside an Address"
        return [Spec(SpecialCaseAll, {"status": status})]
    rules = _rules(np, clause)
    if isinstance(rules, str):
        return rules
    return [Spec(SetStatus, {"rule": _a_rule(r), "status": status}) for r in rules]


# ---------------------------------------------------------------------------------------------
# Builders of gamestate steps
# ---------------------------------------------------------------------------------------------

_NOT_IN_VAR = {"at", "for", "if", "when", "per", "each", "every", "from", "on", "in", "to", "until", "after",
               "before", "whenever", "unless", "times", "by", "and", "or", "plus", "minus", "than", "of", "more", "less",
               "fewer", "extra", "additional", "again", "too", "instead"}
_NOT_A_VALUE = {"their", "his", "her", "its", "the", "a", "an", "that", "this", "half", "twice", "active", "inactive"}
_A_RULES_OWN = {"title", "name", "heading", "text", "wording", "status"}
_NOT_A_PLAYER = {"the", "a", "an", "it", "this", "that", "rule", "each", "every", "all", "they", "he", "she", "him",
                 "her", "them", "me", "us", "you", "we", "i", "someone", "anyone", "everyone", "nobody"}
#: "Orrin may gain 3 Bushels": a name never ends with a modal, which makes the sentence a rule's, not an order
_MODALS = {"may", "might", "can", "could", "should", "shall", "will", "would", "must", "cannot", "can't", "won't"}


def _gs_var(text: str | None) -> str:
    """A variable's name: one to three words, no clause in them ("Coins", "Action Points")."""
    words = re.sub(r"^(?:their|his|her|its)\s+", "", (text or "").strip(), flags=re.I).split()
    if not 1 <= len(words) <= 3 or any(w.lower() in _NOT_IN_VAR for w in words):
        raise NotRead(f"“{text}” is not the name of a value")
    if language.ordinal(words[0]) is not None:  # "Kevan gains a second Beacon": not a value called “second Beacon”
        raise NotRead(f"“{text}” is not the name of a value")
    return " ".join(words)


def _gs_value(np: NP | None) -> str:
    """A literal value: a number, quoted text, or one to three plain words (not an expression)."""
    if np is None:
        raise NotRead("no value given")
    if np.kind == "quote":
        text = np.text
        if text.endswith(".") and not text.endswith(".."):  # “None.”: the sentence's full stop, inside the quotes
            if re.search(r"\s", text.strip()) or not text[:-1].strip():
                raise NotRead(f"“{text}”: the full stop inside the quotes may be the sentence's or the value's")
            return text[:-1]
        return text
    if np.kind == "amount":
        if np.number is None:  # "2 (five)"
            raise NotRead(f"“{np.words}”: the figures and the words are different numbers")
        if not re.fullmatch(r"[-−+]?\d+", np.text):  # "three", "2 (two)": the number, as the page writes it
            return str(np.number)
        return np.text.replace("−", "-")
    if np.kind == "hue":  # "green"
        return np.text or ""
    if np.kind in ("name", "value_given"):
        words = (np.text or "").split()
        if np.quoted or (1 <= len(words) <= 3 and words[0].lower() not in _NOT_A_VALUE
                         and not any(w.lower() in _NOT_IN_VAR for w in words)):
            return np.text
    raise NotRead(f"“{np.words}” is not a value the bot can write")


def _who(np: NP):
    """A player by name, or every player ("each Puzzler": the term as written)."""
    if np.kind == "every":
        return EachPlayer(term=np.text)
    name = (np.text or "").strip()
    if np.kind not in ("name", "quote") or not name or name.lower() in _NOT_A_PLAYER or len(name.split()) > 3 \
            or (np.kind == "name" and _not_a_single_value(np)):   # "from Kevan’s Coins": a value, not a player
        raise NotRead(f"“{np.words}” is not a player")
    if not np.quoted and any(w.lower() in _MODALS for w in name.split()):
        raise NotRead(f"“{np.words}”: a player who may do something is a rule's saying, not an order")
    return name


def _amount(np: NP) -> int:
    if np.number is None:
        raise NotRead(f"“{np.words}” is not a number")
    return np.number


def _table(np: NP | None) -> str | None:
    """A table's name; None for the gamestate page itself or its players' table."""
    if np is None or np.text is None:
        return None
    if re.fullmatch(r"(?:the\s+)?players?(?:'|’)?", np.text.strip(), re.I):
        return None
    return np.text


def _owner(value: NP) -> NP:
    return value.of


def _one_owner(np: NP) -> NP:
    """Whose value a step names: "Plots 2 and 4" unquoted is several things (read as such), never one."""
    if np.kind == "name" and _SEVERAL_BY_NUMBER.fullmatch(np.text or ""):
        raise NotRead(f"“{np.words}” names several things")
    return np


_EVERY_IN_A_TABLE = ("every player's value in the table “{table}”: the bot changes every player's value in the "
                     "players' table only")


def build_set_value(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    value = _np(roles, "value")
    to = _np(roles, "to")
    new = _gs_value(to) if to.kind != "its" else ""
    owner = _one_owner(value.of)
    var = _gs_var(value.text)
    if var.casefold() == "value" and owner.kind in ("name", "quote"):  # "the value of “Max Fuel”"
        return [Spec(SetSingleValue, {"name": owner.text, "value": new})]
    if var.casefold() in _A_RULES_OWN and owner.kind in ("name", "quote"):  # "Change the title of “X” to “Y”"
        return f"“the {var} of {owner.words}” is a rule's {var}, not a value of the gamestate"
    # "Kevan’s Coins", "the Coins of Kevan", "every Puzzler’s Coins": a player's value (a bare name may be
    # a thing's; the page tells, when the step is applied); "the Worth of the Relic “Cup”": a thing's
    table = _table(_np(roles, "table"))
    to = _np(roles, "to")
    if to.kind == "its":  # "Set each Ship’s Wealth to its Captain’s Coins": from the row its Captain names
        if owner.kind != "every" or table is not None:
            return f"“{to.words}”: whose “{to.how}” is meant is not said"
        return [Spec(DeriveValues, {"kind": owner.text, "column": var, "derived": _derived(to)})]
    if owner.kind == "every" and table is not None:
        return _EVERY_IN_A_TABLE.format(table=table)
    if owner.kind == "range":  # "the Colour of Plots 2 to 5": each of them
        return [Spec(SetAttribute, {"thing": thing, "attribute": var, "value": new, "table": table})
                for thing in _things_in(owner)]
    if owner.kind == "every" or (owner.kind == "name" and table is None):
        return [Spec(SetValue, {"player": _who(owner), "variable": var, "value": new})]
    if owner.kind in ("thing", "quote", "name"):
        fields = {"thing": owner.text, "attribute": var, "value": new}
        if table is not None:
            fields["table"] = table
        return [Spec(SetAttribute, fields)]
    return f"cannot tell whose “{var}” it is"


_MOST_IN_A_RANGE = 100


def _things_in(np: NP) -> list[str]:
    """"Plots 2 to 5" → Plot 2, Plot 3, Plot 4, Plot 5 (the page tells whether its rows are named “Plot 2”
    or “2” under a Plot heading); "Plots 2, 4 and 5" → each."""
    kind = language.singular(np.text) or np.text
    if np.items:
        numbers = [i.number for i in np.items]
        if None in numbers or len(set(numbers)) != len(numbers):
            raise NotRead(f"“{np.words}” is not a list of different numbers")
        return [f"{kind} {n}" for n in numbers]
    first, last = np.number, int(np.how) if (np.how or "").isdigit() else None
    if first is None or last is None or last < first:
        raise NotRead(f"“{np.words}” is not a range of numbers, lowest first")
    if last - first >= _MOST_IN_A_RANGE:
        raise NotRead(f"“{np.words}”: more than {_MOST_IN_A_RANGE} things at once")
    return [f"{kind} {n}" for n in range(first, last + 1)]


def build_derived_statement(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    specs = build_set_value(roles, clause)
    if isinstance(specs, str):
        return specs
    return [Spec(sp.cls, {**sp.fields, "_stated": True}) for sp in specs]


def _derived(np: NP) -> Derived:
    """"its Captain’s Coins" → the Coins of the row its Captain names."""
    return Derived(link=_gs_var(np.how), value=_gs_var(np.text))


def build_set_things(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    """"Set Plots 2 to 5 to Green", "Paint Plots 2 to 5 Green": no column named; the page and the rules tell it
    (the one column of the things' table that may hold the value; for a paint, their colour)."""
    things = _np(roles, "things")
    new = _gs_value(_np(roles, "to")) if _np(roles, "to") is not None else _hue(_np(roles, "hue"))
    table = _table(_np(roles, "table"))
    names = _things_in(things) if things.kind == "range" else [_thing_name(things)]
    return [Spec(SetAttribute, {"thing": t, "attribute": None, "value": new, "table": table,
                                "colour": clause.verb == "paint"}) for t in names]


def _hue(np: NP | None) -> str:
    if np is not None and np.kind == "hue":
        return np.text or ""
    return _gs_value(np)


def _thing_name(np: NP) -> str:
    """One thing a step names by itself: "the Plot “North Field”", "“North Field”", "Plot 2"."""
    if np.kind == "name" and _not_a_single_value(np):
        raise NotRead(f"“{np.words}” is not the name of a thing")
    if not np.text or (np.kind == "name" and np.text.lower() in _NOT_A_PLAYER):
        raise NotRead(f"“{np.words}” is not the name of a thing")
    return np.text.strip()


def _cell(np: NP) -> tuple[Cell, str | None]:
    """A cell a step names, and its table (None: the page's one table with that row and column):
    "Kevan’s Allies", "the Guests of the Inn “Rest”", "(3, 4)", "the cell at Row 3, Column 4 of the Map"."""
    if np.kind == "cell":
        return Cell(row=np.text, column=np.how, pair=np.unit == "pair"), _table(np.of)
    if np.kind == "value" and np.of is not None and np.of.kind in ("name", "quote", "thing"):
        if np.of.kind == "name" and _not_a_single_value(np.of):  # "the Owner of Plot 5" is no thing's name
            raise NotRead(f"“{np.of.words}” is not the name of a thing")
        var = _gs_var(np.text)
        if var.casefold() in _A_RULES_OWN | {"list", "end", "start", "beginning", "top", "bottom"}:
            raise NotRead(f"“{np.words}” is a part of a rule, not a cell of the gamestate")
        return Cell(row=np.of.text, column=var), None
    raise NotRead(f"“{np.words}” is not one cell of the gamestate")


def _place_of(np: NP) -> tuple[Cell, str | None]:
    """Where a moved name goes or comes from: a cell, or a thing whose column holding the name the page
    tells ("to Plot 4")."""
    if np.kind in ("name", "quote", "thing"):
        if np.kind == "name" and _not_a_single_value(np):  # "Gullwing’s Crew": a cell, read as one
            raise NotRead(f"“{np.words}” names a value, not a thing")
        return Cell(row=np.text), None
    return _cell(np)


def _one_table(*tables: str | None) -> str | None:
    named = {t for t in tables if t is not None}
    if len(named) > 1:
        raise NotRead("the cells are in different tables")
    return next(iter(named), None)


def build_swap(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    two = _np(roles, "pair")
    if len(two.items) != 2:
        return "a swap of other than two cells"
    (a, ta), (b, tb) = (_cell(x) for x in two.items)
    return [Spec(SwapValues, {"first": a, "second": b, "table": _one_table(ta, tb, _table(_np(roles, "table")))})]


def build_move_name(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    name = _np(roles, "name")
    if name.kind not in ("name", "quote") or not name.text or name.text.lower() in _NOT_A_PLAYER \
            or (not name.quoted and language.number(name.text.split()[0], article=True) is not None):
        return f"“{name.words}” is not a name"  # "Move 2 Coins from Kevan to Josh" moves an amount
    source = _np(roles, "from")
    for end in (source, _np(roles, "to")):
        if end is not None and not end.quoted and language.section_kind(end.words) is not None:
            return f"“{end.words}” is a section of the Ruleset, not a place a name is kept"
    target, tt = _place_of(_np(roles, "to"))
    src, ts = _place_of(source) if source is not None else (None, None)
    return [Spec(MoveName, {"name": name.text.strip(), "source": src, "target": target,
                            "table": _one_table(ts, tt, _table(_np(roles, "table")))})]


def build_list_in_cell(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    name = _np(roles, "name")
    if name.kind not in ("name", "quote") or not name.text or (
            not name.quoted and language.number(name.text.split()[0], article=True) is not None):
        return f"“{name.words}” is not a name"  # "Add 2 to Kevan’s Coins", "Add 2 Coins to …" add to a number
    cell, table = _cell(_np(roles, "cell"))
    cls = AddToCell if clause.verb == "add" else RemoveFromCell
    return [Spec(cls, {"name": name.text.strip(), "cell": cell, "table": _one_table(table, _table(_np(roles, "table")))})]


def _not_a_single_value(np: NP) -> str | None:
    """Why unquoted words cannot name a single value: they name someone's value ("Kevan’s Coins", "the Coins
    of Kevan", "their faction"), or several things by number ("Plots 4 and 5"), which another reading of the
    same words reads."""
    text = np.text or ""
    if np.quoted:
        return None
    if re.search(r"\w['’](?:s\b|\s|$)", text) or text.split()[0].lower() in _NOT_A_VALUE \
            or re.search(r"\s+of\s+", text, re.I) or _SEVERAL_BY_NUMBER.fullmatch(text):
        return f"“{text}” is not the name of a single value"
    return None


#: "Plots 4 and 5", "Plots 2, 3 and 7": things of a kind by number (parsers/instructions.lark, np_things)
_SEVERAL_BY_NUMBER = re.compile(r"\S+\s+\d+(?:\s*,\s*\d+)*\s*,?\s+and\s+\d+", re.I)


def build_set_single(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    name = _np(roles, "name")
    why = _not_a_single_value(name)
    if why:
        return why
    return [Spec(SetSingleValue, {"name": name.text or "", "value": _gs_value(_np(roles, "to"))})]


def build_raise_to(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    """"Raise Kevan’s Coins to 5", "Advance the Round to 3": the value set, more (or less) than it was."""
    direction = "down" if clause.verb == "decrease" else "up"
    made = build_set_single(roles, clause) if "name" in roles else build_set_value(roles, clause)
    if isinstance(made, str):
        return made
    if any(sp.cls not in (SetValue, SetSingleValue) for sp in made):
        return "only a player's value or a single value is raised or lowered to a number"
    return [Spec(sp.cls, {**sp.fields, "direction": direction}) for sp in made]


def build_change(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    sign = -1 if clause.verb in ("decrease", "subtract", "lose", "remove") else 1
    amount = _np(roles, "amount")
    target = _np(roles, "value")
    if target is not None and target.kind in ("name", "quote"):  # "Increase the Round by 1"
        why = _not_a_single_value(target)
        if why:
            return why
        return [Spec(ChangeSingleValue, {"name": target.text, "delta": sign * _amount(amount)})]
    if target is not None and amount.kind == "quantity" and not language.is_plural_pair(amount.text or "", target.text or "") \
            and (amount.text or "").casefold() != (target.text or "").casefold():
        # "Add 2 Coins to Kevan’s Coins"; "Add 2 Hats to Kevan’s Coins" says two things
        return f"“{amount.words}” is not an amount of {target.text}"
    if target is not None:
        owner = _one_owner(target.of)
        table = _table(_np(roles, "table"))
        if owner.kind == "every" and table is not None:
            return _EVERY_IN_A_TABLE.format(table=table)
        if owner.kind == "range":
            return [Spec(ChangeAttribute, {"thing": thing, "attribute": _gs_var(target.text),
                                           "delta": sign * _amount(amount), "table": table})
                    for thing in _things_in(owner)]
        if owner.kind in ("thing", "quote") or (owner.kind == "name" and table is not None):
            # "Increase the Worth of the Relic “Cup” by 2": a thing's attribute
            fields = {"thing": owner.text, "attribute": _gs_var(target.text), "delta": sign * _amount(amount)}
            if table is not None:
                fields["table"] = table
            return [Spec(ChangeAttribute, fields)]
        return [Spec(ChangeValue, {"player": _who(owner), "variable": _gs_var(target.text), "delta": sign * _amount(amount)})]
    who = _np(roles, "who")
    if who.kind == "many":  # "Orrin and Tamsin each gain 2 Bushels": each of them
        return _for_each(build_change, roles, "who", who.items, clause)
    return [Spec(ChangeValue, {"player": _who(who), "variable": _gs_var(amount.text), "delta": sign * _amount(amount)})]


def build_transfer(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    q = _np(roles, "amount")
    return [Spec(TransferValue, {"source": _who(_np(roles, "who")), "target": _who(_np(roles, "to")),
                                 "variable": _gs_var(q.text), "amount": _amount(q)})]


def build_add_column(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    column = _np(roles, "column")
    named = _np(roles, "name")
    names_ = [x for x in (column.text if column else None, named.text if named else None) if x]
    if len(set(names_)) != 1:
        return "the new column has no name" if not names_ else "it gives the column two names"
    default = _np(roles, "default")
    table = _np(roles, "table")
    fields = {"column": names_[0], "default": _gs_value(default) if default else None,
              "table": table.text if table is not None else None}
    if "rules_default" in roles:  # "… at its default value": the value the rules give it
        if default is not None:
            return "it gives the new column a value and its default"
        fields["rules_default"] = True
    derived = roles.get("derived")
    if derived is not None:
        # "; each Ship’s Wealth is its Captain’s Coins": the new column's value in every row, from another table
        whose = derived.second
        if default is not None:
            return "it gives the new column a value and takes it from another table"
        if whose is not None and whose.kind == "value" and (
                whose.of is None or whose.of.kind != "every" or _gs_var(whose.text).casefold() != names_[0].casefold()):
            return f"“{whose.words}” is not the new column of every row"
        fields["derived"] = _derived(derived.np)
    return [Spec(AddColumn, fields)]


def _values(attrs: NP | None) -> tuple[tuple[str, str], ...]:
    if attrs is None:
        return ()
    return tuple((_gs_var(a.text), a.how) for a in attrs.items)


def build_add_row(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    row = _np(roles, "row")
    table_np = _np(roles, "table")
    named = _np(roles, "name")
    values = _values(_np(roles, "attrs"))
    name = row.text if row is not None and row.kind != "new_piece" else None
    if named is not None:
        if name and name != named.text:
            return "it gives the row two names"
        name = named.text
    if name is None:
        given = [v for k, v in values if k.casefold() == "name"]
        if len(given) == 1:
            name = given[0]
            values = tuple((k, v) for k, v in values if k.casefold() != "name")
    if not name:
        return "the new row has no name"
    table = _table(table_np)
    kind = row.of.text if row is not None and row.kind == "new_piece" and row.of is not None else None
    if table is None and table_np is None and kind is not None and _table(NP("table", text=kind)) is not None:
        table = kind  # "Add a new Ship named “Osprey”": a row of the Ships' table, never a player so named
    if table is None and not values:
        return [Spec(AddPlayer, {"name": _who(NP("name", words=name, text=name))})]
    if table is None:
        return "a new player with values (set them with steps of their own)"
    return [Spec(AddRow, {"table": table, "name": name, "values": values})]


def build_remove_row(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    row = _np(roles, "row")
    if row.kind == "many":  # "Remove the rows for “A” and “B”": each of them
        return _for_each(build_remove_row, roles, "row", row.items, clause)
    table = _table(_np(roles, "table"))
    if row.kind == "range":  # "Remove Plots 2 to 4 from the Plots table": each of them
        if table is None:
            return f"“{row.words}” from the players' table"
        return [Spec(RemoveRow, {"table": table, "name": thing}) for thing in _things_in(row)]
    if row.kind == "name" and (_SEVERAL_BY_NUMBER.fullmatch(row.text or "")
                               or re.fullmatch(r"\d+(?:\s*(?:,|,?\s*and)\s*\d+)*", row.text or "")):
        return f"“{row.words}” unquoted is several things, or a number, not a row's name"   # "Plots 2 and 4"
    name = row.text
    if not name:
        return "no row named"
    if table is None and row.kind == "thing" and row.unit and row.unit.casefold() not in ("player", "players"):
        table = row.unit  # "Remove the Ship “Osprey”": a row of the Ship table, never a player so named
    if table is None:
        return [Spec(RemovePlayer, {"name": _who(NP("name", words=name, text=name))})]
    return [Spec(RemoveRow, {"table": table, "name": name})]


def build_set_cell(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    cell = _np(roles, "cell")
    fields = {"thing": cell.text, "attribute": cell.how, "value": _gs_value(_np(roles, "to")),
              "table": _table(cell.of)}
    if cell.unit == "pair":
        fields["pair"] = True
    return [Spec(SetAttribute, fields)]


def build_keep(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.kind == "all_rules" and np.unit == "none":  # "Keep no rules", "No dynastic rules are kept"
        return [Spec(KeepNone, {})]
    if np.kind == "all_rules" and np.unit == "else":
        return f"“{np.words}” kept"
    if np.kind == "all_rules":
        repealed = _rules(np.of, clause) if np.of is not None else []
        if isinstance(repealed, str):
            return repealed
        return [Spec(KeepAll, {"repealed": tuple(repealed)})]
    rules = _rules(np, clause)
    if isinstance(rules, str):
        return rules
    return [Spec(KeepRules, {"rules": tuple(_a_rule(r) for r in rules)})]


def build_keep_none(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    np = _np(roles, "rule")
    if np.how == "except" or np.unit in ("none", "else"):
        return f"“{np.words}” after “do not keep”"
    return [Spec(KeepNone, {})]


def build_defaults(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    return [Spec(SpecialCaseDefaults, {})]


#: Joins that a story uses too ("The Baron is Dead", "the Baron becomes King"): a change of term only with no
#: article before the old term, and for a bare "is" a quoted new term — unless "the synonym for …" says so.
_LOOSE_JOINS = ("is", "are", "is now", "are now", "becomes", "become")


def _term_word(np: NP | None) -> str | None:
    """A term as an Address names it: quoted, or a Capitalised name without its article."""
    if np is None or not np.text:
        return None
    text = re.sub(r"^(?:the|a|an)\s+", "", np.text.strip(), flags=re.I)
    if not np.quoted and not capitalised(text):
        return None
    return text


def build_term(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    """"Change Player to Villager", "Replace Tom Nook with Quartermaster", "Baron becomes Heir": a term of
    the rules changed (an Address)."""
    old_np, new_np = _np(roles, "old"), _np(roles, "new")
    if clause.stated and clause.verb_word in _LOOSE_JOINS and old_np.kind != "synonym":
        if re.match(r"(?:the|a|an)\s", old_np.words, re.I):
            return f"“{old_np.words} {clause.verb_word} …” may be the story's, not a change of term"
        if clause.verb_word in ("is", "are") and not new_np.quoted:
            return f"“{old_np.words} {clause.verb_word} {new_np.words}” may be the story's, not a change of term"
    old, new = _term_word(old_np), _term_word(new_np)
    if not old or not new:
        return "a term is quoted or Capitalised"
    if new.casefold() in ("active", "inactive", "on", "off", "enabled", "disabled", "default", "defaults"):
        return f"“{new}” is a status, not a term"
    plural = _np(roles, "plural")
    fields = {"old": old, "new": new}
    if plural is not None and plural.text:
        fields["plural"] = plural.text.strip()
    elif new_np.how:  # "Trader/Traders"
        fields["plural"] = new_np.how
    return [Spec(TermRename, fields)]


def build_terms(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    out = []
    for pair in _np(roles, "pairs").items:
        old = _term_word(NP("name", words=pair.text or "", text=pair.text, quoted=True))
        new = _term_word(NP("name", words=pair.how or "", text=pair.how, quoted=True))
        if not old or not new:
            return f"“{pair.words}” is not a term and its new name"
        fields = {"old": old, "new": new}
        if pair.of is not None and pair.of.text:
            fields["plural"] = pair.of.text.strip()
        out.append(Spec(TermRename, fields))
    return out


def build_synonym(roles: dict[str, Any], clause: Clause) -> list[Spec] | str:
    old = _np(roles, "term")
    new = _np(roles, "new")
    if not (old.text and new.text):
        return "a term with no name"
    fields = {"old": old.text.strip(), "new": new.text.strip()}
    plural = _np(roles, "plural")
    if plural is not None and plural.text:
        fields["plural"] = plural.text.strip()
    return [Spec(TermRename, fields)]


# ---------------------------------------------------------------------------------------------
# The frames
# ---------------------------------------------------------------------------------------------

_RULE_IN = ("in", "of", "from", "to", "for")
_NEW_BODY = (Slot("body", ("reading", "as_follows"), ("quote", NONE)),
             Slot("body", ("with", "having", "give_it", "as"), ("quote", "following", NONE)),
             Slot("colon", ("reading",), ("quote",), lambda np: np.words.lstrip().startswith(":")))

FRAMES: tuple[Frame, ...] = (
    # Add a new rule, called “X”, with the following text: / Create a subrule “Y” of “X”: / Enact a new rule, “X”:-
    Frame("add a rule", _verbs("add", "create", "insert"), (
        Slot("new", (OBJ,), ("new_rule",)),
        Slot("as", ("as",), ("new_rule",), _is_subrule_new),
        Slot("name", ("called", "named"), ("name",)),
        Slot("section", ("to", "in", "at", "for"), ("section",)),
        Slot("section", ("to", "at"), ("end",), lambda np: np.how == "end" and np.of is not None and np.of.kind == "section"),
        Slot("parent", ("to", "of", "under", "for", "in"), RULE_KINDS),
        Slot("ruleset", ("to", "in"), ("ruleset",)),
        Slot("after", ("after",), RULE_KINDS),
        Slot("before", ("before",), RULE_KINDS),
        Slot("if_exists", ("if_exists",), RULE_KINDS + (NONE,)),
        *_NEW_BODY,
    ), ("new",), build_add_rule),
    # Add the following as a subrule to the rule X, called Y:
    Frame("add a rule (the text first)", _verbs("add", "create", "insert"), (
        Slot("text", (OBJ,), ("following",)),
        Slot("new", ("as",), ("new_rule",)),
        Slot("name", ("called",), ("name",)),
        Slot("section", ("to", "in"), ("section",)),
        Slot("parent", ("to", "of", "under", "for", "in"), RULE_KINDS),
        Slot("ruleset", ("to", "in"), ("ruleset",)),
        Slot("after", ("after",), RULE_KINDS),
        Slot("before", ("before",), RULE_KINDS),
        Slot("if_exists", ("if_exists",), RULE_KINDS + (NONE,)),
    ), ("new", "text"), build_add_rule),
    # Give the rule X a subrule called Y, with the following text:
    Frame("give a rule a subrule", _verbs("give"), (
        Slot("parent", (OBJ,), RULE_KINDS),
        Slot("new", (OBJ2,), ("new_rule",), _is_subrule_new),
        Slot("name", ("called",), ("name",)),
        *_NEW_BODY,
    ), ("parent", "new"), build_add_rule),
    # Repeal the rule X. / Repeal “A” and “B”. / In the Building Blocks section, repeal the rule X.
    Frame("repeal", _verbs("repeal"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many", "it", "rules_below")),
        Slot("section", ("in",), ("section",), lead_only=True),
        Slot("together", ("together",), (NONE,)),
        Slot("entirely", ("entirely",), (NONE,)),
        Slot("ruleset", ("from",), ("ruleset",)),
    ), ("rule",), build_repeal),
    # Delete Scarecrows from the ruleset. (bare words: "Remove “at dawn” from the Ruleset" removes text)
    Frame("remove a rule from the ruleset", _verbs("remove"), (
        Slot("rule", (OBJ,), ("name",)),
        Slot("ruleset", ("from",), ("ruleset",)),
    ), ("rule", "ruleset"), build_repeal),
    Frame("remove a rule", _verbs("remove"), (
        Slot("rule", (OBJ,), ("rule", "many"), _has_rule_word),
        Slot("section", ("in",), ("section",), lead_only=True),
        Slot("together", ("together",), (NONE,)),
        Slot("entirely", ("entirely",), (NONE,)),
        Slot("ruleset", ("from",), ("ruleset",)),
    ), ("rule",), build_repeal),
    # Repeal all dynastic rules [except …].
    Frame("repeal all", _verbs("repeal", "remove"), (
        Slot("rule", (OBJ,), ("all_rules",)),
        Slot("ruleset", ("from",), ("ruleset",)),
    ), ("rule",), build_repeal_all),
    # Rename rule 1.10 to “House Rules”. / Change the title of the rule X to Y.
    Frame("rename", _verbs("rename"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("new", ("to", "as", "to_be", "called"), ("quote", "name")),
        Slot("new", (OBJ2,), ("quote",)),  # "Rename the rule Lighthouse “Watchtower”"
    ), ("rule", "new"), build_rename),
    # Give the rule X the new title “Y”.
    Frame("give a title", _verbs("give"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("new", (OBJ2,), ("new_title",)),
    ), ("rule", "new"), build_rename),
    Frame("retitle", _verbs("change", "set", "rename"), (
        Slot("rule", (OBJ,), ("title",)),
        Slot("new", ("to", "to_be", "reading"), ("quote", "name")),
    ), ("rule", "new"), build_rename),
    # Replace the title of X with “Y”.
    Frame("replace a title", _verbs("replace"), (
        Slot("rule", (OBJ,), ("title",)),
        Slot("new", ("with", "by"), ("quote",)),
    ), ("rule", "new"), build_rename),
    # Reword Rule 1.3 to:- / Amend the rule X to read: / Rewrite X as follows:
    Frame("reword a rule", _verbs("reword"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "it", "ruletext")),
        Slot("new", ("to", "as", "reading", "as_follows", "with"), BODY_KINDS),
        Slot("entirely", ("entirely",), (NONE,)),
    ), ("rule", "new"), build_reword),
    # Reword “A” in X as “B”: quoted words of a rule (without the rule named, “Reword “X” as …” rewords the rule X)
    Frame("reword words in a rule", _verbs("reword"), (
        Slot("old", (OBJ,), ("quote",)),
        Slot("new", ("as", "to", "into"), ("quote",)),
        Slot("rule", _RULE_IN, PLACE_KINDS),
    ), ("old", "new", "rule"), build_replace),
    Frame("amend a rule to read", _verbs("amend"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "it", "ruletext")),
        Slot("new", ("to", "reading"), BODY_KINDS),
        Slot("entirely", ("entirely",), (NONE,)),
    ), ("rule", "new"), build_reword),
    Frame("change a rule to read", _verbs("change", "replace"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "it", "ruletext")),
        Slot("new", ("reading",), BODY_KINDS),
        Slot("entirely", ("entirely",), (NONE,)),
    ), ("rule", "new"), build_reword),
    # Edit the rule X to say “B” instead of “A”. / Amend X to read “B” in place of “A”.
    Frame("amend to say instead", _verbs("amend", "change"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("new", ("reading",), ("quote",)),
        Slot("old", ("instead",), ("quote", "occurrence")),
    ), ("rule", "new", "old"), build_replace),
    # Replace the text of the rule X with: / Replace the rule X with the following rule, called Y:
    Frame("replace a rule's text", _verbs("replace", "change"), (
        Slot("rule", (OBJ,), ("ruletext",)),
        Slot("new", ("with",), BODY_KINDS),
        Slot("entirely", ("entirely",), (NONE,)),
    ), ("rule", "new"), build_reword),
    # Set the text of the rule “X” to: / Change the wording of the rule “X” to:
    # Set the second paragraph of X to: (a piece of a rule's text, replaced)
    Frame("set a piece", _verbs("set"), (
        Slot("old", (OBJ,), ("piece",), _is_text_piece),
        Slot("new", ("to", "to_be"), BODY_KINDS),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
    ), ("old", "new"), build_replace),
    Frame("set a rule's text", _verbs("set", "change"), (
        Slot("rule", (OBJ,), ("ruletext",)),
        Slot("new", ("to", "to_be"), BODY_KINDS),
    ), ("rule", "new"), build_reword),
    Frame("replace a rule", _verbs("replace"), (
        Slot("entirely", ("entirely",), (NONE,)),
        Slot("rule", (OBJ,), ("rule",)),
        Slot("new", ("with",), BODY_KINDS + ("new_rule",), lambda np: np.kind != "new_rule" or np.how == "following"),
        Slot("name", ("called",), ("name",)),
    ), ("rule", "new"), build_reword),
    # Amend rule 1.7 as follows. (instructions follow, not the rule's new text)
    Frame("amend as follows", _verbs("amend", "change"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("follows", ("as_follows",), (NONE,)),
    ), ("rule", "follows"), build_amend_as_follows),
    # Replace “A” with “B” [in the rule X]. / Change the second paragraph of X to: / Swap “A” for “B”.
    # Reword the second paragraph of X to: / Amend the sentence beginning “A” so that it reads:
    Frame("reword a piece", _verbs("reword", "amend"), (
        Slot("old", (OBJ,), ("piece",), _is_text_piece),
        Slot("new", ("to", "reading", "as_follows", "as", "with"), BODY_KINDS),
        Slot("colon", ("reading",), ("quote",), lambda np: np.words.lstrip().startswith(":")),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("in_list", ("in", "within", "of"), ("action",)),
    ), ("old", "new"), build_replace),
    Frame("replace text", _verbs("replace", "change", "substitute", "swap"), (
        Slot("old", (OBJ,), TEXT_KINDS + ("many",), _is_text_piece),
        Slot("entirely", ("entirely",), (NONE,)),  # "replace the third paragraph in its entirety with:"
        Slot("new", ("with", "by", "to", "into", "reading", "as_follows", "as"), BODY_KINDS + ("name",)),
        Slot("colon", ("reading",), ("quote",), lambda np: np.words.lstrip().startswith(":")),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("rule", ("in",), ("many",), _all_rules_named),  # "in the rules “A” and “B”": in each
        Slot("scope", ("in",), ("piece",), _is_paragraph),
        Slot("within", ("in",), ("quote",), lead_only=True),
        Slot("everywhere", ("throughout", "in", "across"), ("ruleset",)),
        Slot("wherever", ("wherever",), (NONE,)),
        Slot("throughout", ("throughout",), RULE_KINDS),
        Slot("in_list", ("in", "within", "of"), ("action",)),
        Slot("in_list", ("in", "within"), ("list",), lambda np: bool(np.text)),  # "in the list of Ships"
        Slot("glossary", ("in", "within"), ("section", "glossary"), lambda np: np.kind == "glossary" or (np.text or "") == "Appendix"),
    ), ("old", "new"), build_replace),
    # In X, amend “A” to “B”. (quoted text to quoted text: "Amend “X” to read:" rewords the rule X)
    Frame("amend text to text", _verbs("amend"), (
        Slot("old", (OBJ,), ("quote", "occurrence", "many"), lambda np: np.kind != "many" or all(
            i.kind == "quote" for i in np.items)),
        Slot("new", ("to",), ("quote",)),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("everywhere", ("throughout", "in", "across"), ("ruleset",)),
        Slot("wherever", ("wherever",), (NONE,)),
    ), ("old", "new"), build_replace),
    # Rename “A” to “B” throughout the Ruleset: a term, not a rule's title
    Frame("rename throughout", _verbs("rename"), (
        Slot("old", (OBJ,), ("quote", "occurrence")),
        Slot("new", ("to", "as"), ("quote",)),
        Slot("everywhere", ("throughout", "in", "across"), ("ruleset",)),
    ), ("old", "new", "everywhere"), build_replace),
    # Rename every instance of “A” to “B” in the rule X. / Rename “A” to “B” throughout the rule X.
    Frame("rename in a rule", _verbs("rename"), (
        Slot("old", (OBJ,), ("occurrence",), lambda np: np.occurrence == "all"),
        Slot("new", ("to", "as"), ("quote",)),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
    ), ("old", "new", "rule"), build_replace),
    Frame("rename throughout a rule", _verbs("rename"), (
        Slot("old", (OBJ,), ("quote", "occurrence")),
        Slot("new", ("to", "as"), ("quote",)),
        Slot("throughout", ("throughout",), RULE_KINDS),
    ), ("old", "new", "throughout"), build_replace),
    # Swap “A” for “B”.
    Frame("swap for", _verbs("swap"), (
        Slot("old", (OBJ,), ("quote", "occurrence", "piece"), lambda np: np.kind != "piece" or _is_text_piece(np)),
        Slot("new", ("for",), BODY_KINDS),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("scope", ("in",), ("piece",), _is_paragraph),
        Slot("everywhere", ("throughout", "in", "across"), ("ruleset",)),
        Slot("wherever", ("wherever",), (NONE,)),
    ), ("old", "new"), build_replace),
    # Substitute “B” for “A”. / Use “B” in place of “A”.
    Frame("substitute for", _verbs("substitute", "use"), (
        Slot("new", (OBJ,), ("quote",)),
        Slot("new", (OBJ,), ("following",)),  # "Substitute the following for the second paragraph of X:"
        Slot("old", ("for", "instead"), ("quote", "occurrence")),
        Slot("old", ("for", "instead"), ("piece",), _is_text_piece),
        Slot("rule", _RULE_IN, PLACE_KINDS),
        Slot("scope", ("in",), ("piece",), _is_paragraph),
        Slot("everywhere", ("throughout", "in"), ("ruleset",)),
        Slot("wherever", ("wherever",), (NONE,)),
    ), ("new", "old"), build_replace),
    # Amend the rule X so that “A” reads “B”.
    Frame("so that it reads", _verbs("amend", "change"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("so_that", ("so_that",), ("quote",)),
    ), ("rule", "so_that"), build_replace_so_that),
    # In the rule X, replace: ⏎ old ⏎ with ⏎ new / Change the final paragraph of Rule 5 from:
    Frame("replace, old and new below", _verbs("replace", "change", "substitute", "amend", "reword"), (
        Slot("rule", _RULE_IN, RULE_KINDS),
        Slot("rule", (OBJ,), ("rule",)),
        Slot("old", (OBJ,), ("following", "piece")),
        Slot("from", ("from",), (NONE,)),
    ), (), build_replace_pairs),
    # Remove the sentence “A” from the rule X. / In X, delete the paragraph beginning “A”.
    Frame("remove text", _verbs("remove"), (
        Slot("old", (OBJ,), TEXT_KINDS + ("many", "following"), lambda np: np.kind != "many" or all(i.kind in TEXT_KINDS for i in np.items)),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("rule", ("in", "from"), ("many",), _all_rules_named),  # "from the rules “A” and “B”": from each
        Slot("scope", ("in",), ("piece",), _is_paragraph),
        Slot("glossary", ("from", "in"), ("glossary", "section")),
        Slot("in_list", ("in", "within", "of", "from"), ("action",)),
        Slot("wherever", ("wherever",), (NONE,)),
        Slot("throughout", ("throughout",), RULE_KINDS),
    ), ("old",), build_remove),
    # Repeal the second paragraph of X: a piece of a rule's text, removed
    Frame("repeal a piece", _verbs("repeal"), (
        Slot("old", (OBJ,), ("piece",), lambda np: np.unit in ("paragraph", "sentence", "item")),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
    ), ("old",), build_remove),
    # Replace “A” with nothing. / Replace the last paragraph of X with nothing.
    Frame("replace with nothing", _verbs("replace"), (
        Slot("old", (OBJ,), TEXT_KINDS + ("many",), lambda np: np.kind != "many" or all(i.kind in TEXT_KINDS for i in np.items)),
        Slot("nothing", ("nothing",), (NONE,)),
        Slot("rule", _RULE_IN + ("within",), PLACE_KINDS),
        Slot("scope", ("in",), ("piece",), _is_paragraph),
        Slot("wherever", ("wherever",), (NONE,)),
        Slot("throughout", ("throughout",), RULE_KINDS),
    ), ("old", "nothing"), build_remove),
    # After “A” in X, add: / Add the following after the first paragraph of X: / add “B” to the end of the 2nd paragraph
    Frame("insert text", _verbs("add", "insert", "append", "prepend"), (
        Slot("body", (OBJ,), ("quote", "following", "new_piece")),
        # "add a new paragraph after the third paragraph, reading:": what is added, its text given by "reading"
        Slot("what", (OBJ,), ("new_piece",), lambda np: np.text is None and np.unit != "item"),
        Slot("anchor", ("after", "before"), ("quote", "piece")),
        Slot("anchor", ("to", "at", "in"), ("piece", "end"), lambda np: _a_paragraph(np) or (np.kind == "end" and np.of is not None and _a_paragraph(np.of))),
        Slot("rule", ("in", "of", "to", "within"), PLACE_KINDS),
        Slot("as", ("as",), ("new_piece",)),
        Slot("within", ("in",), ("quote",), lead_only=True),
        Slot("scope", ("in",), ("piece",), _is_paragraph),  # "In the second paragraph of X, after “A”, add …"
        *_NEW_BODY,
        Slot("in_list", ("in", "within", "of"), ("action",)),
    ), ("anchor",), build_insert),
    # To X, add: / Add the following to the end of the rule X: / Add a paragraph to rule “X”:
    Frame("add text to a rule", _verbs("add", "insert", "append", "prepend"), (
        Slot("body", (OBJ,), ("quote", "following", "new_piece"), lambda np: np.kind != "new_piece" or np.unit != "item" or True),
        # "Add a new paragraph to X, reading:": what is added, its text given by "reading"
        Slot("what", (OBJ,), ("new_piece",), lambda np: np.text is None),
        # "before its subrules", "above the subrules of X": the end of the rule's own text, where it is added anyway
        Slot("before_subrules", ("before",), ("subrules",)),
        Slot("place", ("to", "at", "into"), PLACE_KINDS + ("end",), lambda np: np.kind != "end" or (np.of is not None and np.of.kind in RULE_KINDS)),
        Slot("place", ("at", "to"), ("end",), lambda np: np.of is None),
        # "Add the following to “X” (at the end)": the rule, and where in it
        Slot("at_end", ("at",), ("end",), lambda np: np.of is None),
        # "Before the existing text of X, add:": at its start; "after all the text of X": at its end
        Slot("around_text", ("before", "after"), ("ruletext",), lambda np: np.of is None or np.of.kind in RULE_KINDS),
        Slot("rule", ("in", "within"), PLACE_KINDS),
        Slot("as", ("as",), ("new_piece",)),
        # "Add the following as the first (last) paragraph of X": at its start (end)
        Slot("as", ("as",), ("piece",), lambda np: np.unit == "paragraph" and np.how == "nth"
             and np.number is not None and (np.number == -1 or np.number > 0) and (np.of is None or np.of.kind in RULE_KINDS)),
        *_NEW_BODY,
    ), (), build_append),
    # Extend the rule X with the following paragraph: (the rule named as a rule: "Append “x” …" is text)
    # Begin the rule X with the following paragraph: (at its start; a quoted name is the rule's)
    Frame("begin a rule", _verbs("begin"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "it")),
        Slot("body", ("with",), ("following", "quote", NONE)),
    ), ("rule", "body"), lambda roles, clause: build_append(roles, dataclasses.replace(clause, verb="prepend"))),
    Frame("extend a rule", _verbs("append"), (
        Slot("rule", (OBJ,), ("rule", "it")),
        Slot("body", ("with",), ("following", NONE)),
        Slot("colon", ("reading",), ("quote",), lambda np: np.words.lstrip().startswith(":")),
    ), ("rule", "body"), build_append),
    # Add “Tallow” to the list of Wick Types [in the rule Wicks]. / Add to the list of X:
    Frame("add to a list", _verbs("add", "insert", "append"), (
        Slot("body", (OBJ,), ("quote", "following", "new_piece")),
        Slot("what", (OBJ,), ("new_piece",), lambda np: np.text is None and np.unit == "item"),  # "a new step", its text below
        Slot("list", ("to", "at"), ("list", "end", "action"),
             lambda np: np.kind in ("list", "action") or (np.of is not None and np.of.kind in ("list", "action"))),
        Slot("rule", ("in", "of"), RULE_KINDS),
        Slot("as", ("as",), ("new_piece",), lambda np: np.unit == "item"),  # "as a new bullet point"
        # "as the last item (of the list in X)", "as the last bullet point"
        Slot("list", ("as",), ("piece",), lambda np: np.unit == "item" and np.how == "nth" and np.number is not None
             and (np.number == -1 or np.number > 0) and (np.of is None or np.of.kind in ("list", "action"))),
        *_NEW_BODY,
    ), ("list",), build_list_item),
    # Move the rule X to the Core section / to become a subrule of Y / to be after Y.
    Frame("move", _verbs("move", "transfer"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("dest", ("to", "into"), ("section",)),
        Slot("dest", ("to", "into"), ("end",), lambda np: np.of is not None and np.of.kind == "section"),
        Slot("dest", ("to_be", "as", "to", "into"), ("new_rule",)),
        Slot("dest", ("after", "under", "to"), RULE_KINDS),
        Slot("as", ("as",), ("new_rule",), lambda np: np.unit == "subrule" and np.of is None),  # "as a subrule"
        Slot("together", ("together",), (NONE,)),
        Slot("from", ("from",), RULE_KINDS),  # "Move the subrule X from Y to Z": X is looked up under Y
        Slot("from_section", ("from",), ("section",)),  # "Move X from the Core Rules to …": where it stands now
    ), ("rule", "dest"), build_move),
    # Place “Wicks” under “Lanterns” as a subrule.
    Frame("place as a subrule", _verbs("insert"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("dest", ("under", "into", "to"), RULE_KINDS),
        Slot("as", ("as",), ("new_rule",), lambda np: np.unit == "subrule" and np.of is None),
    ), ("rule", "dest", "as"), build_move),
    # Turn “Wicks” into a subrule of “Lanterns”.
    Frame("turn into a subrule", _verbs("set"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("dest", ("to",), ("new_rule",), lambda np: _is_subrule_new(np) or _a_sections_rule(np)),
    ), ("rule", "dest"), build_move),
    # Make “Wicks” a subrule of “Lanterns”.
    Frame("make a subrule", _verbs("create"), (
        Slot("rule", (OBJ,), RULE_KINDS),
        Slot("dest", (OBJ2,), ("new_rule",), lambda np: _is_subrule_new(np) or _a_sections_rule(np)),
    ), ("rule", "dest"), build_make_subrule),
    # Set X to Inactive. / Activate “X”. / Deactivate the Special Case rules A, B and C.
    Frame("set a status", _verbs("set", "change"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many", "status_of", "it")),
        Slot("status", ("to", "as", "to_be"), ("status",)),
        Slot("was", ("from",), ("status",)),  # "from Inactive to Active": the status it leaves
    ), ("rule", "status"), build_status),
    # Switch Alliances on. / Switch on Alliances. / Make “Alliances” active. / Keep all Special Case rules active.
    Frame("keep a status", _verbs("keep"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many", "sc_all")),
        Slot("status", (OBJ2,), ("status",), lambda np: np.words.casefold() in ("active", "inactive")),
    ), ("rule", "status"), build_status),
    Frame("switch a status", _verbs("set", "create"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many", "sc_all")),
        Slot("status", (OBJ2,), ("status",)),
    ), ("rule", "status"), build_status),
    Frame("switch on", _verbs("set"), (
        Slot("status", (OBJ,), ("status",)),
        Slot("rule", (OBJ2,), ("rule", "quote", "name", "many", "sc_all")),
    ), ("rule", "status"), build_status),
    Frame("activate", _verbs("activate", "deactivate"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many")),
    ), ("rule",), build_status),
    # ---- a Dynastic Reset, in an Ascension Address
    # Keep the rules “A” and “B”. / Keep all dynastic rules except “C”.
    Frame("keep rules", _verbs("keep"), (
        Slot("rule", (OBJ,), ("rule", "quote", "name", "many", "all_rules")),
    ), ("rule",), build_keep, address=True),
    # Do not keep any dynastic rules.
    Frame("keep none", _verbs("keep_none"), (
        Slot("rule", (OBJ,), ("all_rules",)),
    ), ("rule",), build_keep_none, address=True),
    # Reset all other Special Case rules to their default values. / All other Special Case rules revert to their defaults.
    Frame("special case defaults", _verbs("reset", "set"), (
        Slot("rules", (OBJ,), ("sc_all",)),
        Slot("to", ("to", "to_be"), ("defaults",)),
    ), ("rules", "to"), build_defaults, address=True),
    # Set the synonym for Player to “Necromancer”.
    Frame("a term", _verbs("set", "change"), (
        Slot("term", (OBJ,), ("synonym",)),
        Slot("new", ("to", "to_be"), ("quote", "name")),
        Slot("plural", ("plural",), ("name",)),
    ), ("term", "new"), build_synonym, address=True),
    # Change Player to Villager. / Replace Tom Nook with Quartermaster. / Baron becomes Heir.
    Frame("change a term", _verbs("change", "replace", "rename", "term"), (
        Slot("old", (OBJ,), ("name", "quote", "synonym")),
        Slot("new", ("to", "with", "into", "to_be", "as", "by"), ("name", "quote")),
        Slot("plural", ("plural",), ("name",)),
    ), ("old", "new"), build_term, address=True),
    # Synonyms: Baron to Ghost, Demon King to Lich. / Player -> Pirate, Tom Nook -> Blackbeard.
    Frame("terms listed", _verbs("terms"), (
        Slot("pairs", (OBJ,), ("pairs",)),
    ), ("pairs",), build_terms, address=True),
)

#: The gamestate page's steps.
_GAMESTATE_FRAMES: tuple[Frame, ...] = (
    # Set each Player’s Coins to 3. / Set Kevan’s Coins to 3. / Set the Type of the Stop “Harbour” to Ferry.
    Frame("set a value", _verbs("set", "change", "reset"), (
        Slot("value", (OBJ,), ("value",)),
        Slot("to", ("to", "to_be"), ("amount", "quote", "name", "its", "hue")),
        Slot("table", ("in",), ("table",)),
    ), ("value", "to"), build_set_value),
    # Set Plots 2 to 5 to Green. / Paint Plots 2 to 5 Green. / Paint the Plot “North Field” “Teal”.
    Frame("set things", _verbs("set", "change"), (
        Slot("things", (OBJ,), ("range", "thing")),
        Slot("to", ("to", "to_be"), ("amount", "quote", "name", "hue")),
        Slot("table", ("in",), ("table",)),
    ), ("things", "to"), build_set_things),
    # Each Ship’s Wealth is its Captain’s Coins. (stated: read only after the new column it fills)
    Frame("a column's values, stated", _verbs("derive"), (
        Slot("value", (OBJ,), ("value",)),
        Slot("to", ("to",), ("its",)),
    ), ("value", "to"), build_derived_statement),
    Frame("paint", _verbs("paint"), (
        Slot("things", (OBJ,), ("range", "thing", "name", "quote")),
        Slot("hue", (OBJ2,), ("hue", "quote")),
        Slot("table", ("in",), ("table",)),
    ), ("things", "hue"), build_set_things),
    # Set the Round to 3. / Set “Max Fuel” to 9.
    Frame("set a single value", _verbs("set", "change"), (
        Slot("name", (OBJ,), ("name", "quote")),
        Slot("to", ("to", "to_be"), ("amount", "quote", "name", "hue")),
    ), ("name", "to"), build_set_single),
    # Set the cell at Row 3, Column 4 of the Game Board to Lemon.
    Frame("set a cell", _verbs("set", "change"), (
        Slot("cell", (OBJ,), ("cell",)),
        Slot("to", ("to", "to_be"), ("amount", "quote", "name", "hue")),
    ), ("cell", "to"), build_set_cell),
    # Raise Kevan’s Coins to 5. / Advance the Round to 3. / Lower the Toll to 2: set, up (or down) from what it was
    Frame("raise a value to", _verbs("increase", "decrease"), (
        Slot("value", (OBJ,), ("value",)),
        Slot("to", ("to",), ("amount",)),
        Slot("table", ("in",), ("table",)),
    ), ("value", "to"), build_raise_to),
    Frame("raise a single value to", _verbs("increase", "decrease"), (
        Slot("name", (OBJ,), ("name", "quote")),
        Slot("to", ("to",), ("amount",)),
    ), ("name", "to"), build_raise_to),
    # Increase Kevan’s Score by 2. / Reduce the Coins of every Puzzler by 1. / Increase the Round by 1.
    Frame("change a value", _verbs("increase", "decrease"), (
        Slot("value", (OBJ,), ("value", "name", "quote")),
        Slot("amount", ("by",), ("amount",)),
        Slot("table", ("in",), ("table",)),
    ), ("value", "amount"), build_change),
    # Add 2 to Kevan’s Coins. / Subtract 1 from each Puzzler’s Coins.
    Frame("add to a value", _verbs("add"), (
        Slot("amount", (OBJ,), ("amount", "quantity")),
        Slot("value", ("to",), ("value",)),
    ), ("amount", "value"), build_change),
    Frame("take from a value", _verbs("subtract", "remove"), (
        Slot("amount", (OBJ,), ("amount", "quantity")),
        Slot("value", ("from",), ("value",)),
    ), ("amount", "value"), build_change),
    # Give Kevan 3 Coins. / Kevan gains 2 Coins. / Each Puzzler loses one Coin.
    # Award 2 Coins to Kevan.
    Frame("give to", _verbs("give"), (
        Slot("amount", (OBJ,), ("quantity",)),
        Slot("who", ("to",), ("name", "every", "quote")),
    ), ("who", "amount"), build_change),
    Frame("give", _verbs("give"), (
        Slot("who", (OBJ,), ("name", "every", "quote")),
        Slot("amount", (OBJ2,), ("quantity",)),
    ), ("who", "amount"), build_change),
    # Add 3 Coins to Kevan. / Add two Coins to each Puzzler. (a count: "Add a Hat to Kevan" may be a thing)
    Frame("add to a player", _verbs("add"), (
        Slot("amount", (OBJ,), ("quantity",), lambda np: not re.match(r"(?i)an?\s", np.words.strip())),
        Slot("who", ("to",), ("name", "every", "quote")),
    ), ("who", "amount"), build_change),
    # Remove 3 Coins from Kevan. / Take 1 Coin from each Puzzler.
    Frame("take from", _verbs("remove", "subtract"), (
        Slot("amount", (OBJ,), ("quantity",)),
        Slot("who", ("from",), ("name", "every", "quote")),
    ), ("who", "amount"), build_change),
    Frame("gain or lose", _verbs("gain", "lose"), (
        Slot("who", ("subject",), ("name", "every", "quote", "many"), lambda np: np.kind != "many" or np.unit == "player"),
        Slot("amount", (OBJ,), ("quantity",)),
    ), ("who", "amount"), build_change),
    # Kevan transfers 1 Coin to Lulu. / Transfer 1 Coin from Kevan to Lulu.
    Frame("transfer", _verbs("transfer", "move"), (
        Slot("who", ("subject", "from"), ("name", "quote")),
        Slot("amount", (OBJ,), ("quantity",)),
        Slot("to", ("to",), ("name", "quote")),
    ), ("who", "amount", "to"), build_transfer),
    # Add a column “Hats” to the gamestate table, defaulting to 0. / Add a Gems column …, with each X’s Gems set to 0.
    Frame("add a column", _verbs("add", "create"), (
        Slot("column", (OBJ,), ("column",)),
        Slot("name", ("called",), ("name",)),
        Slot("table", ("to", "in", "on"), ("table",)),
        Slot("default", ("default",), ("value_given",)),
        Slot("rules_default", ("rules_default",), (NONE,)),
        Slot("derived", ("derived",), ("its",)),
    ), ("column",), build_add_column),
    # Add a row for “Harbour” to the Stops table, with a Type of Ferry. / Add a row for Kevan. / Add a new Ferry called “X” …
    Frame("add a row", _verbs("add", "create"), (
        Slot("row", (OBJ,), ("row", "new_piece")),
        Slot("name", ("called", "for"), ("name", "quote")),
        Slot("table", ("to", "in"), ("table",)),
        Slot("attrs", ("with",), ("attrs",)),
    ), ("row",), build_add_row),
    Frame("add a player", _verbs("add"), (
        Slot("row", (OBJ,), ("name", "quote")),
        Slot("table", ("to", "in"), ("table",)),
    ), ("row", "table"), build_add_row),
    # Remove the row for “Harbour” from the Stops table. / Remove “Harbour” from the “Stops” table. / Remove Bob's row.
    Frame("remove a row", _verbs("remove"), (
        Slot("row", (OBJ,), ("row", "many"), lambda np: np.kind != "many" or np.unit == "row"),
        Slot("table", ("from",), ("table",)),
    ), ("row",), build_remove_row),
    # Swap the Owners of Plot 2 and Plot 5. / Swap the contents of the cells at (1, 2) and (3, 4).
    Frame("swap values", _verbs("swap"), (
        Slot("pair", (OBJ,), ("two",)),
        Slot("table", ("in",), ("table",)),
    ), ("pair",), build_swap),
    # Move Kevan from Plot 3 to Plot 4. / Move “Kevan” to (2, 5). / Move Kevan to the Guests of the Inn “Rest”.
    Frame("move a name", _verbs("move"), (
        Slot("name", (OBJ,), ("name", "quote")),
        Slot("from", ("from",), ("name", "quote", "thing", "cell", "value")),
        Slot("to", ("to",), ("name", "quote", "thing", "cell", "value")),
        Slot("table", ("in",), ("table",)),
    ), ("name", "to"), build_move_name),
    # Add Kevan to the Guests of the Inn “Rest”. / Remove “Kevan” from Lulu’s Allies.
    Frame("add to a cell's list", _verbs("add"), (
        Slot("name", (OBJ,), ("name", "quote")),
        Slot("cell", ("to",), ("value", "cell")),
        Slot("table", ("in",), ("table",)),
    ), ("name", "cell"), build_list_in_cell),
    Frame("remove from a cell's list", _verbs("remove"), (
        Slot("name", (OBJ,), ("name", "quote")),
        Slot("cell", ("from",), ("value", "cell")),
        Slot("table", ("in",), ("table",)),
    ), ("name", "cell"), build_list_in_cell),
    Frame("remove a thing", _verbs("remove"), (
        Slot("row", (OBJ,), ("name", "quote", "thing", "range")),
        Slot("table", ("from",), ("table",)),
    ), ("row", "table"), build_remove_row),
)
FRAMES = FRAMES + tuple(dataclasses.replace(f, gamestate=True) for f in _GAMESTATE_FRAMES)

# ---------------------------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------------------------


def _items(clause: Clause) -> list[tuple[str, Any, NP | None, bool]]:
    """Every part of a clause, as (where it stands, the part, its noun phrase, written before the verb)."""
    out: list[tuple[str, Any, NP | None, bool]] = []
    for k, np in enumerate(clause.objects):
        out.append((OBJ if k == 0 else OBJ2, np, np, False))
    for part in clause.parts:
        out.append((part.prep, part, part.np, part.lead))
    return out


def _fits(slot: Slot, where: str, np: NP | None, lead: bool) -> bool:
    if where not in slot.where:
        return False
    if slot.lead_only and not lead:
        return False
    kind = np.kind if np is not None else None
    if kind not in slot.kinds:
        return False
    return slot.test is None or np is None or slot.test(np)


def placements(frame: Frame, clause: Clause) -> tuple[list[dict[str, Any]], list[str]]:
    """Every way the frame places all of the clause's parts (role → part or noun phrase), and, when
    there is none, why: the parts it could not place (the fewest), or — when every part has a place
    but two of them fill one role — "it gives two …" naming both."""
    items = _items(clause)
    found: list[dict[str, Any]] = []
    best: list[str] | None = None
    twice: list[str] = []

    def walk(i: int, roles: dict[str, Any], left: list[str], doubled: list[str]) -> None:
        nonlocal best
        if len(found) > 32:
            return
        if i == len(items):
            missing = [r for r in frame.needs if r not in roles]
            if not left and not missing:
                if not doubled:
                    found.append(dict(roles))
                else:
                    twice.extend(d for d in doubled if d not in twice)
            elif best is None or len(left) + len(missing) < len(best):
                best = left + [f"(no {r})" for r in missing]
            return
        where, x, np, lead = items[i]
        placed = False
        for slot in frame.slots:
            if not _fits(slot, where, np, lead):
                continue
            if slot.role in roles:
                if roles[slot.role] is not x:
                    walk(i + 1, roles, left, doubled + [f"two {slot.role}s (“{_said(roles[slot.role])}” and “{_said(x)}”)"])
                continue
            roles[slot.role] = x
            walk(i + 1, roles, left, doubled)
            del roles[slot.role]
            placed = True
        if not placed or not found:
            walk(i + 1, roles, left + [x.words if hasattr(x, "words") else str(x)], doubled)

    walk(0, {}, [], [])
    if not found and twice:
        return found, ["it gives " + "; ".join(twice)]
    return found, (best or [])


def _said(x: Any) -> str:
    np = x.np if isinstance(x, Part) else x
    if np is not None and np.text:
        return np.text
    return x.words if hasattr(x, "words") else str(x)


@dataclass
class Meaning:
    """What one clause means: the distinct step lists it reads as, or why it reads as none."""

    readings: list[list[Spec]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: some frame placed every part but could not make its step (two names, an empty name …): the
    #: clause is an instruction the bot recognises, not rule text
    refused: bool = False


_CONDITIONS = ("if_rule", "if_no_rule", "if_contains", "if_not_contains")


def condition(part: Part) -> Condition:
    """The condition a part states, for the bot to decide when the step is applied."""
    negated = part.prep in ("if_no_rule", "if_not_contains")
    if part.prep in ("if_rule", "if_no_rule"):
        np = part.np
        parent = rule_ref(np.of) if np.of is not None else None
        return Condition(words=part.words, rule=rule_ref(np), parent=parent, negated=negated)
    return Condition(words=part.words, rule=rule_ref(part.np), contains=part.second.text, negated=negated)


def _with_condition(specs: list[Spec], when: Condition) -> list[Spec]:
    """Steps under a condition the bot decides; a step that names no rule of its own acts on the rule
    the condition names ("If there is a rule called “X”, replace “A” with “B”" — in “X”)."""
    out = []
    for sp in specs:
        fields = dict(sp.fields)
        if "rule" in fields and (fields["rule"] is None or fields["rule"] == RuleRef(previous=True)) \
                and when.rule is not None and not when.negated and sp.cls is not AddListItem:
            # "If a subrule of “Greenhouses” named “Heating” exists, repeal it": it is Heating, under Greenhouses
            fields["rule"] = when.rule if when.parent is None else dataclasses.replace(when.rule, parent=when.parent)
        fields["when"] = when
        out.append(Spec(sp.cls, fields))
    return out


def _nest_subrules(clause: Clause) -> Clause:
    """"In the rule “Gin”, in the subrule “Tonic”, …": one place, the subrule looked up in its rule."""
    places = [p for p in clause.parts if p.prep in ("in", "within") and p.np is not None and p.np.kind == "rule"
              and not p.np.ref.previous]
    if len(places) != 2 or places[1].np.unit != "subrule":
        return clause
    outer, inner = places
    ref = dataclasses.replace(inner.np.ref, parent=outer.np.ref)
    merged = Part(inner.prep, dataclasses.replace(inner.np, ref=ref), words=f"{outer.words}, {inner.words}",
                  lead=inner.lead)
    parts = [merged if p is inner else p for p in clause.parts if p is not outer]
    return dataclasses.replace(clause, parts=parts)


def _if_it_exists(specs: list[Spec], words: str) -> list[Spec]:
    """"… if it exists": a new rule's parent must exist (``if_exists``); any other step is under the
    condition that its rule (and the text it quotes) exists, decided when it is applied."""
    out = []
    for sp in specs:
        fields = dict(sp.fields)
        if sp.cls is AddRule:
            fields["if_exists"] = True
        elif fields.get("when") is None and isinstance(fields.get("rule"), RuleRef):
            t = fields.get("target") or fields.get("anchor")
            text = t.text if isinstance(t, Target) and t.kind in (TEXT, SENTENCE) and isinstance(t.text, str) else None
            fields["when"] = Condition(words=words, rule=fields["rule"], contains=text)
        out.append(Spec(sp.cls, fields))
    return out


def meaning(clause: Clause, address: bool = False, names: Callable[[str], list[str]] | None = None) -> Meaning:
    clause = _nest_subrules(clause)
    clause.address = address
    clause.names = names
    exists = [p for p in clause.parts if p.prep == "if_exists"]
    if exists and clause.verb is not None:
        inner = meaning(dataclasses.replace(clause, parts=[p for p in clause.parts if p.prep != "if_exists"]), address,
                        names)
        inner.readings = [_if_it_exists(r, exists[0].words) for r in inner.readings]
        return inner
    conds = [p for p in clause.parts if p.prep in _CONDITIONS]
    if conds:
        if len(conds) > 1:
            return Meaning(problems=["two conditions in one instruction"], refused=True)
        try:
            when = condition(conds[0])
        except NotRead as exc:
            return Meaning(problems=[f"the condition “{conds[0].words}”: {exc}"], refused=True)
        named = [p for p in clause.parts if p.prep == "in" and p.np is not None and p.np.kind in ("rule", "quote", "name")]
        if when.rule is not None and when.rule.previous and len(named) == 1:
            # "In X, if it contains “A”, …": it is X, the rule the sentence names — not the one before it
            when = dataclasses.replace(when, rule=rule_ref(named[0].np))
        objects = clause.objects
        if when.contains is not None:  # "If that rule contains “A”, remove it": it is the text
            objects = [NP("quote", words=o.words, text=when.contains, quoted=True) if o.kind == "it" else o
                       for o in objects]
        parts = [p for p in clause.parts if p.prep not in _CONDITIONS]
        inner = meaning(Clause(verb=clause.verb, objects=objects, verb_word=clause.verb_word, parts=parts,
                               gerund=clause.gerund), address, names)
        if not inner.readings and when.rule is not None and not when.negated:
            # "If that rule contains “A”, remove it": the step acts in the rule the condition names
            there = Part("in", NP("rule", words=when.words, ref=when.rule), words=when.words, lead=True)
            again = meaning(Clause(verb=clause.verb, objects=objects, verb_word=clause.verb_word,
                                   parts=[there, *parts], gerund=clause.gerund), address, names)
            if again.readings:
                inner = again
        inner.readings = [_with_condition(r, when) for r in inner.readings]
        return inner
    if clause.passive and address:  # an Address states its reset; its own statements read it (the grammar's st_…)
        return Meaning(problems=[f"“{_clause_words(clause)}” is read as the Address's statement"])
    if clause.stated and not address:  # "Alliances is switched on" in a Proposal is rule text, not an order
        return Meaning(problems=[f"“{_clause_words(clause)}” states what is, rather than saying what to do"])
    out = Meaning()
    seen: set[tuple] = set()
    for frame in FRAMES:
        if clause.verb not in frame.verbs or (frame.address and not address) or (frame.gamestate and address):
            continue
        fits, unplaced = placements(frame, clause)
        if not fits:
            if unplaced and unplaced[0].startswith("it gives "):
                out.problems.append(f"as “{frame.name}”, {unplaced[0]}")
                out.refused = True
            elif unplaced and len(unplaced) < len(_items(clause)) + 1:
                out.problems.append(f"as “{frame.name}”, the bot cannot place " + ", ".join(f"“{u}”" for u in unplaced))
            continue
        for roles in fits:
            placed = [np for np in (_np(roles, k) for k in roles) if np is not None and np.kind == "new_piece"
                      and np.how in ("start", "end")]
            if placed and frame.build not in (build_append, build_list_item):
                # "Insert a new opening paragraph after …": where it goes, said twice
                out.problems.append(f"as “{frame.name}”: “{placed[0].words}” and another place")
                out.refused = True
                continue
            try:
                specs = frame.build(roles, clause)
            except NotRead as exc:
                out.problems.append(f"as “{frame.name}”: {exc}")
                out.refused = True
                continue
            if isinstance(specs, str):
                out.problems.append(f"as “{frame.name}”: {specs}")
                out.refused = True
                continue
            if any(isinstance(x, Part) and x.np is not None and x.np.kind == "ruleset" and re.search(r"\brules?", x.np.words, re.I)
                   for x in roles.values()):
                # "throughout the Ruleset", "in every rule": said of the whole Ruleset, which no heading above narrows
                specs = [Spec(sp.cls, {**sp.fields, "_everywhere": True}) if "rule" in sp.fields
                         and sp.fields["rule"] is None else sp for sp in specs]
            if clause.passive:  # "The rule “X” is repealed": the order, but never where added text may go on
                specs = [Spec(sp.cls, {**sp.fields, "_stated": True}) for sp in specs]
            key = tuple(s.key() for s in specs)
            if key not in seen:
                seen.add(key)
                out.readings.append(specs)
    return out


# ---------------------------------------------------------------------------------------------
# The sentence
# ---------------------------------------------------------------------------------------------

GRAMMAR = Grammar(Path(__file__).with_name("instructions.lark"))


def instruction_verbs() -> list[str]:
    """The words of the grammar's verbs (its ``v_…`` rules), as players write them."""
    out: set[str] = set()
    for rule in GRAMMAR.lark.rules:
        if not rule.origin.name.startswith("v_"):
            continue
        for sym in rule.expansion:
            if not sym.is_term:
                continue
            pattern = GRAMMAR.lark.get_terminal(sym.name).pattern
            value = re.sub(r"\(\?!.*\)$", "", pattern.value)
            if pattern.type == "str":
                out.add(value.lower())
            elif re.fullmatch(r"[a-z]+-\?[a-z]+", value):  # "re-?word": reword and re-word
                out |= {value.replace("-?", ""), value.replace("-?", "-")}
    return sorted(out)

#: Parts a verb-less clause ("… and “C” with “D”") shares with the clause it continues.
_SHARED = ("in", "within", "throughout", "from", "wherever", "of", "to")


def _share(clauses: list[Clause]) -> list[Clause]:
    """A gap borrows its verb; a group of a clause and its gaps share where they apply."""
    out: list[Clause] = []
    group: list[Clause] = []

    def close() -> None:
        if len(group) > 1:
            # "Set the Fare of “A” and “B” to 3": one attribute of several things, all set to what is said once
            values = [c.objects[0] for c in group if len(c.objects) == 1 and c.objects[0].kind == "value"]
            one_value = len(values) == len(group) and len({v.text for v in values}) == 1 \
                and sum(1 for c in group if any(p.prep == "to" for p in c.parts)) == 1
            for prep in _SHARED:
                having = [p for c in group for p in c.parts if p.prep == prep]
                if having:
                    for c in group:
                        # "to" shared is where things go ("Add “A” and “B” to the list"), never what one becomes ("Set
                        # Plots 4 and 5 to Blue", "“Lord” … with “Knight”, “High Lord” with “King”")
                        if not any(p.prep == prep for p in c.parts) and not (prep == "to" and not one_value and (
                                any(p.prep in ("with", "by", "as", "into") for p in c.parts)
                                or having[0].np is None or having[0].np.kind not in _PLACES)):
                            c.parts.append(having[0])
        out.extend(group)
        group.clear()

    for c in clauses:
        if c.verb is None and group:
            c.verb, c.verb_word = group[0].verb, group[0].verb_word
            owned = [o for o in group[0].objects if o.kind == "value" and o.of is not None
                     and o.of.kind in ("quote", "name", "thing")]
            if len(owned) == 1 and len(c.objects) == 1 and (c.objects[0].kind in ("quote", "thing") or (
                    c.objects[0].kind == "name" and (c.objects[0].text or "")[:1].isalpha())):
                # "Set the Kind of “Cup” and “Blade” to “Coin”": the same attribute, of the other thing
                other = c.objects[0]
                c.objects = [dataclasses.replace(owned[0], words=other.words, of=other)]
            group.append(c)
        else:
            close()
            group.append(c)
    close()
    return _share_lead(_struck_and_replaced(out))


def _struck_and_replaced(clauses: list[Clause]) -> list[Clause]:
    """"Strike “A” and replace it with “B”": one replacement of “A” (the removal is the replacement's first half)."""
    out: list[Clause] = []
    for c in clauses:
        before = out[-1] if out else None
        if before is not None and before.verb == "remove" and c.verb in ("replace", "substitute") \
                and len(before.objects) == 1 and before.objects[0].kind == "quote" \
                and len(c.objects) == 1 and c.objects[0].kind == "it" and c.objects[0].words.lower() == "it":
            merged = dataclasses.replace(c, objects=[before.objects[0]],
                                         parts=[*before.parts, *[p for p in c.parts if p.prep not in
                                                                 {q.prep for q in before.parts}]])
            out[-1] = merged
            continue
        out.append(c)
    return out


#: verbs that edit text inside a rule: a rule named before the first of them ("In X, remove “A” and replace
#: “B” with “C”") is where the ones after it act too
_TEXT_VERBS = ("replace", "change", "substitute", "swap", "use", "remove", "insert", "add", "append", "prepend",
               "reword", "amend")
#: parts that say where a clause acts: one of them and the clause keeps its own place
_WHERE_PARTS = ("in", "within", "to", "from", "of", "throughout", "wherever", "after", "before", "at", "as", "under")


def _share_lead(clauses: list[Clause]) -> list[Clause]:
    """"In “X”, remove “A” and replace “B” with “C”": the rule written before the first verb is the place of every
    clause after it that edits text and says no place of its own (it never was the Ruleset at large)."""
    if len(clauses) < 2:
        return clauses
    # "If the rule “Ore” exists, repeal it and repeal “Tin”": a condition written before the first verb holds for
    # every clause after it
    # (a rule's existence only: whether a rule holds a text is decided as each step finds the page, and the first
    # clause may change that text)
    conditions = [p for p in clauses[0].parts if p.lead and p.prep in ("if_rule", "if_no_rule")]
    if len(conditions) == 1:
        for c in clauses[1:]:
            if c.verb is not None and not any(p.prep in _CONDITIONS or p.prep == "if_exists" for p in c.parts):
                c.parts.append(conditions[0])
    lead = [p for p in clauses[0].parts if p.lead and p.prep in ("in", "within") and p.np is not None
            and p.np.kind in ("rule", "quote", "name")]
    if len(lead) != 1:
        return clauses
    for c in clauses[1:]:
        if c.verb in _TEXT_VERBS and not c.stated and not any(p.prep in _WHERE_PARTS for p in c.parts) \
                and all(o.kind in ("quote", "piece", "occurrence", "many", "following", "new_piece") for o in c.objects) \
                and not any(o.kind == "many" and any(i.kind not in ("quote", "occurrence") for i in o.items) for o in c.objects):
            c.parts.append(lead[0])
    return clauses


@dataclass
class SentenceReading:
    """What the grammar and the frames make of one sentence."""

    specs: list[Spec] | None = None  # the steps, when the sentence reads as exactly one list of steps
    scope: "Scope | None" = None  # the sentence names where (or when) the instructions after it apply
    parsed: bool = False  # the grammar read every word (as one or more readings)
    reason: str | None = None  # why it does not read: unplaced parts, two meanings, words not read
    #: the sentence is an instruction the bot recognises but cannot apply with certainty (two
    #: readings, a role given twice, a value it cannot use) — never rule text
    instruction: bool = False
    #: the sentence's readings, when there are several (a heading above it may say which is meant)
    alternatives: list[list[Spec]] | None = None


@dataclass(frozen=True)
class Scope:
    """What a heading such as "Rule 14:", "In the second paragraph of “X”:" or "If there is a rule
    called “X”:" gives the instructions after it: the rule they act on when they name none, the
    paragraph their text stands in, the condition they are under."""

    words: str
    rule: RuleRef | None = None
    paragraph: int | None = None
    when: Condition | None = None


def _scope(clause: Clause) -> Scope | str:
    rule = paragraph = when = None
    words = ", ".join(p.words for p in clause.parts)
    for part in clause.parts:
        np = part.np
        if part.prep in _CONDITIONS and when is None:
            when = condition(part)
        elif part.prep in ("in", "within", "to", "for") and np is not None and np.kind in ("rule", "quote") and rule is None:
            rule = rule_ref(np)  # a heading names its rule with the word "rule", a number, or quotes
        elif part.prep in ("in", "within") and np is not None and _is_paragraph(np) and paragraph is None:
            paragraph = np.number
            if np.of is not None:
                if rule is not None and rule_ref(np.of) != rule:
                    return "two rules named"
                rule = rule_ref(np.of)
        else:
            return f"“{part.words}” is no place or condition"
    return Scope(words=words, rule=rule, paragraph=paragraph, when=when)


def read(masked: str, m: language.Masked, grammar: Grammar | None = None, *, address: bool = False,
         names: Callable[[str], list[str]] | None = None) -> SentenceReading:
    """Read one masked, cleaned instruction sentence (its final full stop and colon removed), by the
    grammar file (``grammar``: another one, as the tests of teaching it a new wording use).
    ``address``: a clause of an Ascension Address, where the parts of a Dynastic Reset read too, and
    ``names`` splits a list of unquoted rule names as the Ruleset names its rules."""
    parsed = (grammar or GRAMMAR).parse(masked)
    if not parsed.trees:
        return SentenceReading(reason=_unread_words(parsed, m))
    scopes: list[Scope] = []
    for tree in parsed.trees:
        try:
            clauses = Reader(parsed.tokens, masked, m).clauses(tree)
        except NotRead:
            continue
        if len(clauses) == 1 and clauses[0].scope:
            try:
                found = _scope(clauses[0])
            except NotRead:
                continue
            if isinstance(found, Scope) and found not in scopes:
                scopes.append(found)
    if len(scopes) == 1:
        return SentenceReading(scope=scopes[0], parsed=True)
    all_readings: dict[tuple, list[Spec]] = {}
    problems: list[str] = []
    refused = False
    for tree in parsed.trees:
        reader = Reader(parsed.tokens, masked, m)
        try:
            clauses = _share(reader.clauses(tree))
        except NotRead as exc:
            problems.append(str(exc))
            continue
        if any(c.scope for c in clauses):
            continue
        per_clause = [meaning(c, address, names) for c in clauses]
        if any(not mc.readings for mc in per_clause):
            refused = refused or any(mc.refused or _names_a_place(c) for c, mc in zip(clauses, per_clause)
                                     if not mc.readings)
            for c, mc in zip(clauses, per_clause):
                if not mc.readings:
                    problems.extend(mc.problems or [f"“{_clause_words(c)}” is no step the bot knows"])
            continue
        for combo in _product([mc.readings for mc in per_clause]):
            specs = [s for group in combo for s in group]
            if any(s.needs_payload() for group in combo[:-1] for s in group) \
                    and not any(s.needs_payload() for s in combo[-1]):
                continue  # the text below belongs to the sentence's last instruction, never to one before another
            if address:
                specs = [_as_term(s) for s in specs]
            all_readings.setdefault(tuple(s.key() for s in specs), specs)
    if len(all_readings) > 1:
        all_readings = _same_list_named_twice(all_readings)
    if len(all_readings) == 1:
        return SentenceReading(specs=_column_with_values(next(iter(all_readings.values()))), parsed=True)
    if len(all_readings) > 1:
        described = [" then ".join(describe(s) for s in specs) for specs in list(all_readings.values())[:3]]
        return SentenceReading(parsed=True, instruction=True, reason="it can be read in more than one way: " +
                               "; or ".join(f"({k + 1}) {d}" for k, d in enumerate(described)),
                               alternatives=list(all_readings.values()))
    # why a frame that placed every part could not make its step says more than which parts another could not place
    unique = sorted(dict.fromkeys(problems), key=lambda p: "the bot cannot place" in p)
    return SentenceReading(parsed=True, instruction=refused,
                           reason="; ".join(unique[:3]) if unique else "no step the bot knows")


def _same_list_named_twice(readings: dict[tuple, list[Spec]]) -> dict[tuple, list[Spec]]:
    """"the second step of the Notoriety Check": the list named "Notoriety" (a check, by the action's word) or
    "Notoriety Check" — the same list on any page where the longer finds one; the longer words are kept."""
    def without_list(specs: list[Spec]) -> tuple:
        return tuple(Spec(sp.cls, {k: (dataclasses.replace(v, in_list=None) if isinstance(v, Target) else v)
                                   for k, v in sp.fields.items()}).key() for sp in specs)

    def lists(specs: list[Spec]) -> tuple:
        return tuple(v.in_list for sp in specs for v in sp.fields.values() if isinstance(v, Target))

    shapes = {without_list(v) for v in readings.values()}
    if len(shapes) != 1:
        return readings
    named = [(lists(v), k) for k, v in readings.items()]
    words = [[set((x or "").casefold().split()) for x in ls] for ls, _ in named]
    longest = max(range(len(named)), key=lambda i: sum(len(w) for w in words[i]))
    if all(all(a <= b for a, b in zip(words[i], words[longest])) for i in range(len(named))):
        key = named[longest][1]
        return {key: readings[key]}
    return readings


def _as_term(spec: Spec) -> Spec:
    """In an Address, "Replace “A” with “B”" (no rule named) and "Rename “A” to “B”" (not said to be a rule)
    change a term of the rules throughout: one reading with "Change A to B"."""
    f = spec.fields
    if f.get("when") is not None:
        return spec
    if spec.cls is ReplaceText and f.get("rule") is None and isinstance(f.get("target"), Target) \
            and f["target"].kind == TEXT and f["target"].occurrence in (None, "all") and isinstance(f.get("new"), str) \
            and f["target"].within is None and f["target"].in_list is None:
        return Spec(TermRename, {"old": f["target"].text, "new": f["new"]})
    if spec.cls is RenameRule and f["rule"].named_as != "rule" and not f["rule"].number and not f["rule"].previous:
        return Spec(TermRename, {"old": f["rule"].name, "new": f["new_name"]})
    return spec


#: Noun phrases that name a place in the Ruleset: a clause with a verb that names one is an
#: instruction even when no frame places all of its parts ("In rule X, for the first sentence
#: substitute—"); rule text rarely names a rule so ("Add 1 to their Score").
_PLACES = ("rule", "quote", "section", "ruleset", "ruletext", "keyword", "title", "all_rules", "list", "status_of")


def _names_a_place(c: Clause) -> bool:
    if c.verb is None:
        return False
    nps = list(c.objects) + [p.np for p in c.parts if p.np is not None]
    for np in nps:
        while np is not None:
            if np.kind in _PLACES or (np.kind == "many" and any(i.kind in _PLACES for i in np.items)):
                return True
            np = np.of
    return False


def _column_with_values(specs: list[Spec]) -> list[Spec]:
    """"Add a column called Pearls to the Divers table, and set every Diver’s Pearls to 2": one new
    column with its value for everyone ("…, and set each Ship’s Wealth to its Captain’s Coins": taken from
    another table)."""
    if len(specs) != 2 or specs[0].cls is not AddColumn or specs[0].fields.get("default") is not None \
            or specs[0].fields.get("derived") is not None:
        return specs
    column, then = specs[0].fields["column"].casefold(), specs[1].fields
    if (specs[1].cls is SetValue and isinstance(then["player"], EachPlayer)
            and then["variable"].casefold() == column):
        return [Spec(AddColumn, {**specs[0].fields, "default": then["value"]})]
    if specs[1].cls is DeriveValues and fills_new_column(specs[0].fields, then):
        return [Spec(AddColumn, {**specs[0].fields, "derived": then["derived"]})]
    return specs


def fills_new_column(column: dict[str, Any], derive: dict[str, Any]) -> bool:
    """Do a DeriveValues step's fields (``derive``) give every value of the new column an AddColumn step's
    fields (``column``) add — the same column, of the table of the same things, with no values of its own?"""
    table = column.get("table")
    return column.get("default") is None and column.get("derived") is None and table is not None \
        and derive["column"].casefold() == column["column"].casefold() \
        and bool({f.casefold() for f in language.plural_forms(derive["kind"]) if f}
                 & {f.casefold() for f in language.plural_forms(table) if f})


def _product(lists: list[list[list[Spec]]]) -> Iterable[tuple[list[Spec], ...]]:
    if not lists:
        yield ()
        return
    for head in lists[0]:
        for rest in _product(lists[1:]):
            yield (head, *rest)


def _clause_words(c: Clause) -> str:
    return " ".join([c.verb_word] + [np.words for np in c.objects] + [p.words for p in c.parts]).strip()


def _unread_words(parsed: Parsed, m: language.Masked) -> str:
    if parsed.error:
        return parsed.error
    toks = parsed.tokens
    k = parsed.stopped_at
    if not toks:
        return "no words"
    read_part = m.restore(" ".join(str(t) for t in toks[:k]))
    rest = m.restore(" ".join(str(t) for t in toks[k:k + 8]))
    if k == 0:
        return f"it does not begin as an instruction (“{rest}…”)"
    return f"the bot reads “{read_part}” but not on from “{rest}”"


def describe(spec: Spec) -> str:
    """One step of a reading, in a few words, to name the readings of an ambiguous sentence."""
    f = spec.fields
    bits = [spec.cls.__name__]
    for key in ("rule", "parent", "target", "anchor", "name", "new_name", "status", "section"):
        v = f.get(key)
        if isinstance(v, RuleRef):
            bits.append(f"{key} “{v.name}”" if not v.previous else f"{key} (the rule before)")
        elif isinstance(v, Target):
            bits.append(f"{key} “{v.text or v.number}”")
        elif isinstance(v, str):
            bits.append(f"{key} “{v}”")
    return " ".join(bits)

"""One meaning, many wordings: for each kind of everyday edit, the cross product of its parts'
alternatives (verb, object, how the rule is named, where the text goes, how the text is introduced,
word order, quote style), each with the one step it must read as.

Used by ``tests/test_variants.py`` (every wording reads as its step, or is refused with a reason —
never a different step) and by ``bench/variants.py`` (how many read).  The names are the fixtures'
own: the rule “Lanterns” and the rest are invented for these tests.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Callable, Iterable

from parsers.steps import (
    PARAGRAPH, SENTENCE, SENTENCE_BEGINNING, SENTENCE_ENDING, SENTENCE_NTH, TEXT, AddListItem, AddRule, AppendText, InsertText,
    MoveRule, RemoveText, RenameRule, RepealRule, ReplaceRuleText, ReplaceText, RuleRef, SetStatus, Step, Target,
    AddColumn, AddPlayer, AddRow, ChangeAttribute, ChangeSingleValue, ChangeValue, EachPlayer, RemovePlayer, RemoveRow,
    SetAttribute, SetSingleValue, SetValue, TransferValue, AddToCell, Cell, MoveName, RemoveFromCell, SwapValues,
    Derived, DeriveValues, Condition,
)

BODY = "Lanterns may be hung from hooks."


@dataclass(frozen=True)
class Variant:
    meaning: str
    text: str
    expected: Step
    #: the words may also name a rule (“Remove “X” from Gullwing’s Crew”: a rule may be titled “Gullwing’s
    #: Crew”): the reading must be refused, naming both meanings, never read as either
    ambiguous: bool = False
    #: a wording that is several steps ("Replace “A” and “B” with “C”"): all of them, in order
    steps: tuple[Step, ...] = ()


def same(step: Step, expected: Step) -> bool:
    """The step read is the one expected (its place in the proposal and its words aside)."""
    return type(step) is type(expected) and all(
        getattr(step, f.name) == getattr(expected, f.name) for f in dataclasses.fields(step)
        if f.name not in ("index", "text", "span"))


def verdict(v: Variant, steps: list[Step]) -> str:
    """How a wording fared: "read" (as its step; for an ambiguous wording, refused as ambiguous),
    "refused" (with a reason), or "wrong" (read as another step — never allowed)."""
    # a line that only names where the steps after it apply ("In the rule “X”," ⏎ …) is no step of its own
    steps = [s for s in steps if not (type(s).__name__ == "Ignored" and s.category == "note")] or steps
    refused = bool(steps) and all(type(s).__name__ == "Unsupported" and s.reason for s in steps)
    if v.ambiguous:
        if refused and all("more than one way" in s.reason for s in steps):
            return "read"
        return "refused" if refused else "wrong"
    wanted = v.steps or (v.expected,)
    if len(steps) == len(wanted) and all(same(a, b) for a, b in zip(steps, wanted)):
        return "read"
    return "refused" if refused else "wrong"


def _quotes(name: str) -> dict[str, str]:
    return {"curly": f"“{name}”", "straight": f'"{name}"', "single": f"‘{name}’"}


def rule_forms(name: str, *, unquoted_ok: bool = True) -> list[str]:
    """The ways a player names the rule ``name``."""
    forms = []
    for q in _quotes(name).values():
        forms += [q, f"the rule {q}", f"rule {q}", f"the {q} rule"]
    if unquoted_ok:
        forms += [f"the rule {name}", f"rule {name}"]
    return forms


def _payload(intro: str) -> str:
    return f"{intro}\n\n{BODY}"


# The ways an instruction introduces the text below it
INTROS = [":", ":-", " as follows:", "", " the following:"[:0] + ":"]


def _step(cls: type, **fields) -> Step:
    return cls(index=1, text="", **fields)


def append_to_rule() -> Iterable[Variant]:
    """Add a paragraph at the end of a rule."""
    exp = _step(AppendText, rule=RuleRef(name="Lanterns"), body=BODY, at="end")
    objects = ["the following", "the following paragraph", "the following text", "this text", "this paragraph",
               "a paragraph", "a new paragraph", "the following as a new paragraph"]
    verbs = ["Add", "Append"]
    for obj, rule in itertools.product(["the following", "this paragraph"], rule_forms("Lanterns")):
        yield Variant("append", _payload(f"Tack {obj} onto the end of {rule}:"), exp)
    for verb, obj, rule, intro in itertools.product(verbs, objects, rule_forms("Lanterns"), [":", ":-", ""]):
        for where in (f"to the end of {rule}", f"to {rule}", f"at the end of {rule}", f"to the bottom of {rule}",
                      f"to {rule} (at the end)", f"to {rule} at the end", f"(at the end of {rule})"):
            yield Variant("append", _payload(f"{verb} {obj} {where}{intro}"), exp)
        yield Variant("append", _payload(f"To {rule}, {verb.lower()} {obj}{intro}"), exp)
        yield Variant("append", _payload(f"At the end of {rule}, {verb.lower()} {obj}{intro}"), exp)
    for rule in rule_forms("Lanterns"):
        if "rule" in rule:
            yield Variant("append", _payload(f"Extend {rule} with the following paragraph:"), exp)
            yield Variant("append", _payload(f"Extend {rule} with the following:"), exp)
        yield Variant("append", _payload(f"Add the following two paragraphs to the end of {rule}:"), exp)
    for rule, where in itertools.product(rule_forms("Lanterns"), ("before its subrules", "above its subrules",
                                                                  "before its first subrule")):
        yield Variant("append", _payload(f"In {rule}, add the following {where}:"), exp)
        yield Variant("append", _payload(f"Add the following to {rule}, {where}:"), exp)
        yield Variant("append", _payload(f"Add the following to the end of {rule}, {where}:"), exp)
        yield Variant("append", _payload(f"Add the following before the subrules of {rule}:"), exp)
    for rule, where in itertools.product(rule_forms("Lanterns"), ("at its end", "to its end", "at the end", "to it")):
        yield Variant("append", _payload(f"Amend {rule} by adding the following paragraph {where}:"), exp)
    for verb, obj, rule in itertools.product(verbs, ["the following", "this text"], rule_forms("Lanterns")):
        yield Variant("append", _payload(f"{verb} {obj} as the last paragraph of {rule}:"), exp)
        yield Variant("append", _payload(f"{verb} {obj} as the final paragraph of {rule}:"), exp)
    for verb, obj, rule in itertools.product(verbs, ["a paragraph", "a new paragraph"], rule_forms("Lanterns")):
        for where in (f"to the end of {rule}", f"to {rule}"):
            yield Variant("append", _payload(f"{verb} {obj} {where}, reading:"), exp)
            yield Variant("append", _payload(f"{verb} {obj} {where} that reads:"), exp)
            yield Variant("append", f"{verb} {obj} {where} that reads “{BODY}”", exp)
            yield Variant("append", f"{verb} {obj} {where}, reading “{BODY}”", exp)
    for verb, rule, intro in itertools.product(["add", "append", "insert"], rule_forms("Lanterns"), [":", ":-"]):
        yield Variant("append", _payload(f"At the end of {rule}, {verb}{intro}"), exp)
        yield Variant("append", _payload(f"To {rule}, {verb}{intro}"), exp)
        yield Variant("append", _payload(f"{verb.capitalize()} to {rule}{intro}"), exp)
        yield Variant("append", _payload(f"{verb.capitalize()} the following text to {rule} as a new paragraph{intro}"), exp)


def prepend_to_rule() -> Iterable[Variant]:
    exp = _step(AppendText, rule=RuleRef(name="Lanterns"), body=BODY, at="start")
    for verb, obj, rule, intro in itertools.product(["Add", "Insert"], ["the following", "the following paragraph", "this text"],
                                                    rule_forms("Lanterns"), [":", ":-"]):
        for where in (f"to the beginning of {rule}", f"at the start of {rule}", f"at the beginning of {rule}",
                      f"to the top of {rule}", f"at the very beginning of {rule}", f"to the very start of {rule}",
                      f"before the text of {rule}", f"before the existing text of {rule}", f"to {rule} (at the start)",
                      f"to {rule} at the beginning", f"to the very start of {rule}, before its existing text",
                      f"to the beginning of {rule}, above its current text"):
            yield Variant("prepend", _payload(f"{verb} {obj} {where}{intro}"), exp)
        yield Variant("prepend", _payload(f"At the beginning of {rule}, {verb.lower()} {obj}{intro}"), exp)
        yield Variant("prepend", _payload(f"Before the existing text of {rule}, {verb.lower()} {obj}{intro}"), exp)
    for rule in rule_forms("Lanterns"):
        yield Variant("prepend", _payload(f"Prepend the following to {rule}:"), exp)
        for verb, obj in itertools.product(["Add", "Insert"], ["the following", "this text", "this paragraph"]):
            yield Variant("prepend", _payload(f"{verb} {obj} as the first paragraph of {rule}:"), exp)


def insert_after_paragraph() -> Iterable[Variant]:
    for n, ordinal, next_one in ((1, "first", "second"), (1, "opening", "second"), (2, "second", "third"),
                                 (3, "3rd", "4th")):
        exp = _step(InsertText, rule=RuleRef(name="Lanterns"), anchor=Target(kind=PARAGRAPH, number=n), body=BODY,
                    position="after")
        for rule, obj, intro in itertools.product(rule_forms("Lanterns"), ["the following", "a paragraph",
                                                                            "the following paragraph", "this text"],
                                                  [":", ":-"]):
            anchor = f"the {ordinal} paragraph"
            yield Variant("insert after paragraph", _payload(f"In {rule}, after {anchor}, add{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"In {rule}, insert after {anchor}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"Add {obj} after {anchor} of {rule}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"Add {obj} to {rule}, after {anchor}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"Insert {obj} after {anchor} of {rule}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"After {anchor} of {rule}, add {obj}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"In {rule}, add {obj} immediately after {anchor}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"Add {obj} as the {next_one} paragraph of {rule}{intro}"), exp)
            yield Variant("insert after paragraph", _payload(f"In {rule}, add a new paragraph after {anchor}, reading{intro}"), exp)
            for det in ("the new", "a new", "its", "its new"):
                if not det.startswith("its"):
                    yield Variant("insert after paragraph", _payload(f"Add {obj} as {det} {next_one} paragraph of {rule}{intro}"), exp)
                yield Variant("insert after paragraph", _payload(f"Insert {obj} into {rule} as {det} {next_one} paragraph{intro}"), exp)
                yield Variant("insert after paragraph", _payload(f"In {rule}, add {obj} as {det} {next_one} paragraph{intro}"), exp)


def insert_after_text() -> Iterable[Variant]:
    exp_text = _step(InsertText, rule=RuleRef(name="Lanterns"), anchor=Target(kind=TEXT, text="hang in a row."),
                     body=BODY, position="after")
    exp_end = _step(InsertText, rule=RuleRef(name="Lanterns"), anchor=Target(kind=SENTENCE_ENDING, text="in a row."),
                    body=BODY, position="after")
    for rule, q, intro in itertools.product(rule_forms("Lanterns"), ("curly", "straight"), [":", ":-"]):
        a = _quotes("hang in a row.")[q]
        e = _quotes("in a row.")[q]
        for verb in ("add", "insert"):
            yield Variant("insert after text", _payload(f"In {rule}, after {a}, {verb}{intro}"), exp_text)
            yield Variant("insert after text", _payload(f"In {rule}, after the text {a}, {verb} the following{intro}"), exp_text)
            yield Variant("insert after text", _payload(f"After {a} in {rule}, {verb}{intro}"), exp_text)
            yield Variant("insert after text", _payload(f"{verb.capitalize()} the following after {a} in {rule}{intro}"), exp_text)
            yield Variant("insert after text", _payload(f"In {rule}, after the sentence ending {e}, {verb}{intro}"), exp_end)
            yield Variant("insert after text", _payload(f"{verb.capitalize()} the following after the sentence ending {e} in {rule}{intro}"),
                          exp_end)
    # inside one paragraph: “In the second paragraph of X, after “A”, add “, at dusk””
    scoped = _step(InsertText, rule=RuleRef(name="Lanterns"), anchor=Target(kind=TEXT, text="once a day", number=2),
                   body=", at dusk", position="after")
    for rule, verb in itertools.product(rule_forms("Lanterns"), ("add", "insert")):
        yield Variant("insert after text", f"In the second paragraph of {rule}, after “once a day”, {verb} “, at dusk”.", scoped)
        yield Variant("insert after text", f"In {rule}, in the second paragraph, after “once a day”, {verb} “, at dusk”.", scoped)
        yield Variant("insert after text", f"In {rule}, {verb} “, at dusk” after “once a day” in the second paragraph.", scoped)


def replace_text() -> Iterable[Variant]:
    exp = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text="one Lantern"), new="two Lanterns")
    for rule, q in itertools.product(rule_forms("Lanterns"), ("curly", "straight", "single")):
        a, b = _quotes("one Lantern")[q], _quotes("two Lanterns")[q]
        for body in (f"replace {a} with {b}", f"change {a} to {b}", f"swap {a} for {b}", f"substitute {b} for {a}",
                     f"use {b} in place of {a}", f"use {b} instead of {a}", f"replace the text {a} with {b}",
                     f"change the words {a} to {b}", f"substitute {a} with {b}", f"change {a} into {b}",
                     f"amend {a} to {b}"):
            yield Variant("replace", f"In {rule}, {body}.", exp)
            yield Variant("replace", f"{body[0].upper()}{body[1:]} in {rule}.", exp)
        for verb in ("Replace", "Change"):
            yield Variant("replace", f"{verb}, in {rule}, {a} {'with' if verb == 'Replace' else 'to'} {b}.", exp)
        for verb, say in itertools.product(("Edit", "Amend", "Change"), ("say", "read")):
            yield Variant("replace", f"{verb} {rule} to {say} {b} instead of {a}.", exp)
            yield Variant("replace", f"{verb} {rule} to {say} {b} in place of {a}.", exp)
        yield Variant("replace", f"Replace {a} in {rule} with {b}.", exp)
        yield Variant("replace", f"Amend {rule} so that {a} reads {b}.", exp)
        yield Variant("replace", f"Amend {rule} by replacing {a} with {b}.", exp)
        for verb in ("Amend", "Update", "Change"):
            yield Variant("replace", f"{verb} {rule}, replacing {a} with {b}.", exp)
        yield Variant("replace", f"Within {rule}, replace {a} with {b}.", exp)
        # the act as the purpose of the amendment: "Edit the rule X to replace A with B"
        for verb, act in itertools.product(("Edit", "Amend", "Change"),
                                           (f"replace {a} with {b}", f"change {a} to {b}", f"substitute {b} for {a}")):
            yield Variant("replace", f"{verb} {rule} to {act}.", exp)
        # under a heading that names the rule, the quote is the rule's text, not a rule of that name
        yield Variant("replace", f"{rule[0].upper()}{rule[1:]}: change {a} to read {b}.", exp)
        yield Variant("replace", f"In {rule}:\n* change {a} to read {b}", exp)


def every_occurrence_in_rule() -> Iterable[Variant]:
    """Every occurrence of a text in one rule: replaced, or removed."""
    exp = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text="tallow", occurrence="all"),
                new="wax")
    gone = _step(RemoveText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text="tallow", occurrence="all"))
    for rule, q in itertools.product(rule_forms("Lanterns"), ("curly", "straight")):
        a, b = _quotes("tallow")[q], _quotes("wax")[q]
        for old in (f"every {a}", f"each {a}", f"every instance of {a}", f"all instances of {a}", f"each occurrence of {a}",
                    f"all references to {a}", f"all occurrences of {a}", f"all {a}", f"every mention of {a}",
                    f"all mentions of {a}"):
            for verb, new in (("replace", f"with {b}"), ("change", f"to {b}")):
                yield Variant("every occurrence", f"In {rule}, {verb} {old} {new}.", exp)
                yield Variant("every occurrence", f"{verb.capitalize()} {old} in {rule} {new}.", exp)
                yield Variant("every occurrence", f"{verb.capitalize()} {old} {new} in {rule}.", exp)
            yield Variant("every occurrence", f"In {rule}, remove {old}.", gone)
            yield Variant("every occurrence", f"Rename {old} to {b} in {rule}.", exp)
        for where in (f"throughout {rule}", f"wherever it appears in {rule}"):
            yield Variant("every occurrence", f"Replace {a} with {b} {where}.", exp)
            yield Variant("every occurrence", f"Remove {a} {where}.", gone)
        yield Variant("every occurrence", f"In {rule}, replace {a} with {b} wherever it appears.", exp)
        yield Variant("every occurrence", f"In {rule}, replace {a} with {b} everywhere.", exp)
        for every in ("throughout", "(all instances)", "(every occurrence)", "in all instances"):
            yield Variant("every occurrence", f"In {rule}, replace {a} with {b} {every}.", exp)
            yield Variant("every occurrence", f"Replace {a} with {b} in {rule} {every}.", exp)
        yield Variant("every occurrence", f"In {rule}, remove {a} wherever it appears.", gone)
        yield Variant("every occurrence", f"In {rule}, replace every {a} with nothing.", gone)


def replace_in_paragraph() -> Iterable[Variant]:
    """A replacement only in one paragraph of a rule."""
    exp = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text="tallow", number=1), new="wax")
    for rule, q in itertools.product(rule_forms("Lanterns"), ("curly", "straight")):
        a, b = _quotes("tallow")[q], _quotes("wax")[q]
        for scope in ("in the first paragraph", "only in the first paragraph", "in the first paragraph only"):
            yield Variant("in a paragraph", f"In {rule}, replace {a} with {b} {scope}.", exp)
        yield Variant("in a paragraph", f"Replace {a} with {b} only in the first paragraph of {rule}.", exp)
        yield Variant("in a paragraph", f"In the first paragraph of {rule}, replace {a} with {b}.", exp)


def several_rules() -> Iterable[Variant]:
    """One edit made in each of several rules named together (quoted, or with “rules”)."""
    steps = {}
    for cls, extra in ((ReplaceText, {"new": "wax"}), (RemoveText, {})):
        steps[cls] = tuple(_step(cls, rule=RuleRef(name=n), target=Target(kind=TEXT, text="tallow"), **extra)
                           for n in ("Lanterns", "Candles"))
    for q in ("curly", "straight"):
        a, b = _quotes("tallow")[q], _quotes("wax")[q]
        for rules in ("the rules “Lanterns” and “Candles”", "rules “Lanterns” and “Candles”",
                      'the rules "Lanterns" and "Candles"'):
            for verb, new in (("replace", f"with {b}"), ("change", f"to {b}")):
                yield Variant("several rules", f"{verb.capitalize()} {a} {new} in {rules}.", steps[ReplaceText][0],
                              steps=steps[ReplaceText])
                yield Variant("several rules", f"In {rules}, {verb} {a} {new}.", steps[ReplaceText][0], steps=steps[ReplaceText])
            for verb in ("remove", "delete"):
                yield Variant("several rules", f"{verb.capitalize()} {a} from {rules}.", steps[RemoveText][0],
                              steps=steps[RemoveText])
                yield Variant("several rules", f"In {rules}, {verb} {a}.", steps[RemoveText][0], steps=steps[RemoveText])


def one_rule_two_edits() -> Iterable[Variant]:
    """Two edits joined in one sentence, the rule named once before the first verb: both act in that rule."""
    ref = RuleRef(name="Lanterns")
    remove = _step(RemoveText, rule=ref, target=Target(kind=TEXT, text="at dusk"))
    replace = _step(ReplaceText, rule=ref, target=Target(kind=TEXT, text="tallow"), new="wax")
    sentence = _step(RemoveText, rule=ref, target=Target(kind=SENTENCE, text="Hooks rust."))
    for rule in rule_forms("Lanterns", unquoted_ok=False):
        for join in (" and ", ", and ", ", then ", " and then "):
            yield Variant("one rule, two edits", f"In {rule}, remove “at dusk”{join}replace “tallow” with “wax”.", remove,
                          steps=(remove, replace))
            yield Variant("one rule, two edits", f"In {rule}, replace “tallow” with “wax”{join}remove “at dusk”.", replace,
                          steps=(replace, remove))
            yield Variant("one rule, two edits", f"In {rule}, change “tallow” to “wax”{join}delete the sentence “Hooks rust.”",
                          replace, steps=(replace, sentence))
        for also in ("also ", ""):
            yield Variant("one rule, two edits", f"In {rule}, replace “tallow” with “wax”. In that rule, {also}remove the "
                          "sentence “Hooks rust.”", replace,
                          steps=(replace, _step(RemoveText, rule=RuleRef(previous=True), target=Target(kind=SENTENCE,
                                                                                                        text="Hooks rust."))))


def whose_value() -> Iterable[Variant]:
    """A value whose owner the sentence names elsewhere ("their Shells", "For each Diver, set their …"), or set
    "equal to" a number."""
    for verb, whose, n in itertools.product(("Set", "Make"), ("Wren’s Pearls", "Wren's Pearls", "the Pearls of Wren"),
                                            ("10", "ten")):
        yield Variant("whose value", f"{verb} {whose} equal to {n}.",
                      _step(SetValue, player="Wren", variable="Pearls", value="10"))
    for whose, join, their in itertools.product(("Wren’s Pearls", "Wren's Pearls", "the Pearls of Wren"),
                                                (", and ", " and "), ("their", "her", "his")):
        yield Variant("whose value", f"Set {whose} to 3{join}{their} Shells to 1.",
                      _step(SetValue, player="Wren", variable="Pearls", value="3"),
                      steps=(_step(SetValue, player="Wren", variable="Pearls", value="3"),
                             _step(SetValue, player="Wren", variable="Shells", value="1")))
    for each, verb in itertools.product(("each Diver", "every Diver"), ("set", "change", "reset")):
        yield Variant("whose value", f"For {each}, {verb} their Pearls to 0.",
                      _step(SetValue, player=EachPlayer(term="Diver"), variable="Pearls", value="0"))


def passive_orders() -> Iterable[Variant]:
    """An order stated in the passive ("The rule “Lanterns” is repealed"): the same step as the order."""
    repeal = _step(RepealRule, rule=RuleRef(name="Lanterns"))
    rename = _step(RenameRule, rule=RuleRef(name="Lanterns"), new_name="Lamps")
    replace = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text="tallow"), new="wax")
    remove = _step(RemoveText, rule=RuleRef(name="Lanterns"), target=Target(kind=SENTENCE, text="Hooks rust."))
    for be in ("is", "shall be", "will be", "should be", "is to be", "is hereby", "shall hereby be"):
        for rule in ("The rule “Lanterns”", "The “Lanterns” rule", "“Lanterns”"):
            yield Variant("passive orders", f"{rule} {be} repealed.", repeal)
            yield Variant("passive orders", f"{rule} {be} renamed to “Lamps”.", rename)
            yield Variant("passive orders", f"{rule} {be} renamed “Lamps”.", rename)
        for rule in rule_forms("Lanterns", unquoted_ok=False):
            yield Variant("passive orders", f"In {rule}, “tallow” {be} replaced with “wax”.", replace)
            yield Variant("passive orders", f"In {rule}, “tallow” {be} changed to “wax”.", replace)
            yield Variant("passive orders", f"In {rule}, the sentence “Hooks rust.” {be} removed.", remove)
            yield Variant("passive orders", f"In {rule}, the sentence “Hooks rust.” {be} deleted.", remove)
    for become in ("becomes", "shall become", "will become", "should become", "is to become"):
        for rule in rule_forms("Lanterns", unquoted_ok=False):
            yield Variant("passive orders", f"In {rule}, “tallow” {become} “wax”.", replace)
    for rule in ("The rule “Lanterns”", "“Lanterns”", "The rule called “Lanterns”"):
        yield Variant("passive orders", f"{rule} is now called “Lamps”.", rename)
        yield Variant("passive orders", f"{rule} shall henceforth be known as “Lamps”.", rename)
        yield Variant("passive orders", f"{rule} is moved to the Appendix section.",
                      _step(MoveRule, rule=RuleRef(name="Lanterns"), section="Appendix"))
        yield Variant("passive orders", f"{rule} is set to Active.", _step(SetStatus, rule=RuleRef(name="Lanterns"),
                                                                        status="Active"))
        for reads in ("shall now read", "shall read", "should now read", "is to read", "now reads"):
            if rule != "“Lanterns”":  # a quote alone may be the text to replace: “at dusk” shall now read …
                yield Variant("passive orders", _payload(f"{rule} {reads}:"),
                              _step(ReplaceRuleText, rule=RuleRef(name="Lanterns"), body=BODY))
            yield Variant("passive orders", _payload(f"The second paragraph of {rule[0].lower() + rule[1:] if rule.startswith('The') else rule} {reads}:"),
                          _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=PARAGRAPH, number=2),
                                new=BODY))
    yield Variant("passive orders", "Let the rule “Lanterns” be repealed.", repeal)
    yield Variant("passive orders", "Let the rule “Lanterns” be renamed to “Lamps”.", rename)
    yield Variant("passive orders", "The rules “Lanterns” and “Candles” are repealed.", repeal,
                  steps=(repeal, _step(RepealRule, rule=RuleRef(name="Candles"))))


def more_verbs_and_places() -> Iterable[Variant]:
    """Pieces composed anew: verbs ("correct", "reword … as", "tack … on to", "begin X with", "transfer"), places said
    of the piece ("a final paragraph", "a new opening paragraph", "after the second one"), objects ("the text of the
    second paragraph", "two bullet points", "sub rule", "its subrule"), and orders whose object is below a colon."""
    ref = RuleRef(name="Lanterns")
    replace = _step(ReplaceText, rule=ref, target=Target(kind=TEXT, text="tallow"), new="wax")
    append = _step(AppendText, rule=ref, body=BODY, at="end")
    prepend = _step(AppendText, rule=ref, body=BODY, at="start")
    second = _step(ReplaceText, rule=ref, target=Target(kind=PARAGRAPH, number=2), new=BODY)
    for rule in rule_forms("Lanterns"):
        yield Variant("more verbs and places", f"In {rule}, correct “tallow” to “wax”.", replace)
        yield Variant("more verbs and places", f"Reword “tallow” in {rule} as “wax”.", replace)
        yield Variant("more verbs and places", f"In {rule}, strike “tallow” and replace it with “wax”.", replace)
        yield Variant("more verbs and places", f"Wherever “tallow” appears in {rule}, replace it with “wax”.",
                      _step(ReplaceText, rule=ref, target=Target(kind=TEXT, text="tallow", occurrence="all"), new="wax"))
        for intro in (":", ":-"):
            yield Variant("more verbs and places", _payload(f"Tack this on to the end of {rule}{intro}"), append)
            yield Variant("more verbs and places", _payload(f"Begin {rule} with the following paragraph{intro}"), prepend)
            yield Variant("more verbs and places", _payload(f"Add a final paragraph to {rule}{intro}"), append)
            yield Variant("more verbs and places", _payload(f"Add a closing paragraph to {rule}{intro}"), append)
            yield Variant("more verbs and places", _payload(f"Add a new opening paragraph to {rule}{intro}"), prepend)
            yield Variant("more verbs and places", _payload(f"Set the second paragraph of {rule} to{intro}"), second)
            yield Variant("more verbs and places", _payload(f"Replace the whole of the second paragraph of {rule} with{intro}"),
                          second)
            yield Variant("more verbs and places", f"Add the following bullet list to the end of {rule}{intro}\n\n* Hooks\n"
                          "* Nails", _step(AppendText, rule=ref, body="* Hooks\n* Nails", at="end"))
            yield Variant("more verbs and places", _payload(f"In {rule}, swap the second paragraph for the following{intro}"),
                          second)
            yield Variant("more verbs and places", _payload(f"Replace the text of the second paragraph in {rule} with{intro}"),
                          second)
            yield Variant("more verbs and places", _payload(f"From {rule}, remove{intro}"),
                          _step(RemoveText, rule=ref, target=Target(kind=TEXT, text=BODY)))
            yield Variant("more verbs and places", _payload(f"In {rule}, add a new paragraph after the second one{intro}"),
                          _step(InsertText, rule=ref, anchor=Target(kind=PARAGRAPH, number=2), body=BODY, position="after"))
            yield Variant("more verbs and places", f"Add two bullet points to {rule}{intro}\n\n* Hooks\n* Nails",
                          _step(AddListItem, rule=ref, items="* Hooks\n* Nails", of=None))
    for q in _quotes("Hooks").values():
        sub = RuleRef(name="Hooks", parent=ref)
        yield Variant("more verbs and places", f"Remove the subrule {q} from the rule “Lanterns”.",
                      _step(RepealRule, rule=sub))
        yield Variant("more verbs and places", f"Remove the sub rule {q} from the rule “Lanterns”.",
                      _step(RepealRule, rule=sub))
        for parent in ("“Lanterns”", '"Lanterns"', "the “Lanterns” rule"):
            yield Variant("more verbs and places", f"Remove the subrule {q} from {parent}.", _step(RepealRule, rule=sub))
        yield Variant("more verbs and places", f"In the rule “Lanterns”, in its subrule {q}, replace “tallow” with “wax”.",
                      _step(ReplaceText, rule=sub, target=Target(kind=TEXT, text="tallow"), new="wax"))
        for verb in ("Move", "Transfer"):
            yield Variant("more verbs and places", f"{verb} {q} to the Appendix section.",
                          _step(MoveRule, rule=RuleRef(name="Hooks"), section="Appendix"))
        yield Variant("more verbs and places", f"Move {q} out of the Dynastic Rules and into the Appendix.",
                      _step(MoveRule, rule=RuleRef(name="Hooks", section="Dynastic Rules"), section="Appendix"))
        yield Variant("more verbs and places", _payload(f"New rule, {q}:"), _step(AddRule, name="Hooks", body=BODY))
        yield Variant("more verbs and places", _payload(f"New rule {q}:"), _step(AddRule, name="Hooks", body=BODY))
        for heading in (f"Rule {q}:", f"In the rule {q}:"):
            for add in ("add to the end:", "add at the end:", "append to the end:"):
                yield Variant("more verbs and places", _payload(f"{heading} {add}"),
                              _step(AppendText, rule=RuleRef(name="Hooks"), body=BODY, at="end"))


def rule_exists_conditions() -> Iterable[Variant]:
    """A step under a condition the bot decides itself: that a rule is there."""
    for cond in ("If the rule “Lanterns” exists", "Provided that the rule “Lanterns” exists",
                 "If the rule “Lanterns” still exists", "If the rule “Lanterns” is still in the Ruleset",
                 "If the rule “Lanterns” is in the Ruleset", "If the Ruleset contains a rule called “Lanterns”",
                 "If the Ruleset has a rule called “Lanterns”", "If there is a rule called “Lanterns”",
                 "Should the rule “Lanterns” exist", "If a rule called “Lanterns” exists", "Should a rule called “Lanterns” exist",
                 "If a rule named “Lanterns” is still present"):
            when = Condition(words=cond, rule=RuleRef(name="Lanterns"))
            for verb, step in (("repeal it", _step(RepealRule, rule=RuleRef(name="Lanterns"), when=when)),
                               ("repeal that rule", _step(RepealRule, rule=RuleRef(name="Lanterns"), when=when)),
                               ("rename it to “Lamps”", _step(RenameRule, rule=RuleRef(name="Lanterns"), new_name="Lamps",
                                                              when=when))):
                yield Variant("a rule's existence", f"{cond}, {verb}.", step)
    for after in ("if it exists", "if that rule exists", "provided that rule exists", "provided it exists",
                  "if there is such a rule",
                  "if it is in the Ruleset", "if it is still in the Ruleset", "if it still exists", "(if it exists)"):
        step = _step(RepealRule, rule=RuleRef(name="Lanterns"), when=Condition(words=after, rule=RuleRef(name="Lanterns")))
        yield Variant("a rule's existence", f"Repeal “Lanterns” {after}.", step)
        yield Variant("a rule's existence", f"Repeal “Lanterns”, {after}.", step)


def remove_sentence() -> Iterable[Variant]:
    exp = _step(RemoveText, rule=RuleRef(name="Lanterns"), target=Target(kind=SENTENCE, text="Lanterns are blue."))
    for rule, q in itertools.product(rule_forms("Lanterns"), ("curly", "straight")):
        s = _quotes("Lanterns are blue.")[q]
        for verb in ("remove", "delete", "strike", "strike out", "cross out", "get rid of"):
            for obj in (f"the sentence {s}", f"the sentence which reads {s}", f"the sentence that reads {s}",
                        f"the sentence reading {s}"):
                yield Variant("remove sentence", f"In {rule}, {verb} {obj}.", exp)
                yield Variant("remove sentence", f"{verb.capitalize()} {obj} from {rule}.", exp)
            yield Variant("remove sentence", f"From {rule}, {verb} the sentence {s}.", exp)
        yield Variant("remove sentence", f"In {rule}, replace the sentence {s} with nothing.", exp)
        yield Variant("remove sentence", f"Replace the sentence {s} in {rule} with nothing.", exp)


def replace_sentence_beginning() -> Iterable[Variant]:
    for rule, q, intro in itertools.product(rule_forms("Lanterns"), ("curly", "straight"), [":", ":-"]):
        a = _quotes("Lanterns are")[q]
        exp = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=SENTENCE_BEGINNING, text="Lanterns are"),
                    new=BODY)
        yield Variant("replace sentence", _payload(f"In {rule}, replace the sentence beginning {a} with{intro}"), exp)
        yield Variant("replace sentence", _payload(f"Replace the sentence beginning {a} in {rule} with{intro}"), exp)
        yield Variant("replace sentence", _payload(f"Replace the sentence in {rule} that begins {a} with{intro}"), exp)
        yield Variant("replace sentence", _payload(f"In {rule}, change the sentence starting with {a} to{intro}"), exp)
        yield Variant("replace sentence", _payload(f"Reword the sentence beginning {a} in {rule} to{intro}"), exp)
        yield Variant("replace sentence", _payload(f"Change the sentence beginning {a} in {rule} so that it reads{intro}"), exp)


def replace_paragraph() -> Iterable[Variant]:
    exp = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=PARAGRAPH, number=2), new=BODY)
    for rule, intro in itertools.product(rule_forms("Lanterns"), [":", ":-"]):
        for verb in ("Replace", "Change", "Reword", "Amend", "Rewrite"):
            link = {"Replace": "with", "Change": "to", "Reword": "to", "Amend": "to read", "Rewrite": "as"}[verb]
            yield Variant("replace paragraph", _payload(f"{verb} the second paragraph of {rule} {link}{intro}"), exp)
            yield Variant("replace paragraph", _payload(f"In {rule}, {verb.lower()} the second paragraph {link}{intro}"), exp)
        for piece in ("the second paragraph", "paragraph two", "paragraph 2", "the entire second paragraph"):
            yield Variant("replace paragraph", _payload(f"Substitute the following for {piece} of {rule}{intro}"), exp)
            yield Variant("replace paragraph", _payload(f"Use the following in place of {piece} of {rule}{intro}"), exp)
        # the new text alone below the paragraph named: that paragraph, replaced
        yield Variant("replace paragraph", _payload(f"Change the second paragraph of {rule}{intro}"), exp)
        yield Variant("replace paragraph", _payload(f"I propose to change the second paragraph of {rule}{intro}"), exp)
        yield Variant("replace paragraph", _payload(f"We propose to replace the second paragraph of {rule} with{intro}"), exp)


def add_subrule() -> Iterable[Variant]:
    exp = _step(AddRule, name="Shades", body=BODY, parent=RuleRef(name="Lanterns"), subrule=True)
    for parent, q, intro in itertools.product(rule_forms("Lanterns"), ("curly", "straight"), [":", ":-", " with the following text:"]):
        y = _quotes("Shades")[q]
        for verb in ("Create", "Add", "Enact"):
            for called in (f"called {y}", f"titled {y}", f"named {y}", f"entitled {y}", y):
                yield Variant("add subrule", _payload(f"{verb} a subrule of {parent} {called}{intro}"), exp)
                yield Variant("add subrule", _payload(f"{verb} a new subrule {called} under {parent}{intro}"), exp)
                yield Variant("add subrule", _payload(f"In {parent}, {verb.lower()} a subrule {called}{intro}"), exp)
                yield Variant("add subrule", _payload(f"Under {parent}, {verb.lower()} a subrule {called}{intro}"), exp)
                yield Variant("add subrule", _payload(f"{verb} a subrule to {parent}, {called}{intro}"), exp)
        yield Variant("add subrule", _payload(f"Give {parent} a subrule called {y}, with the following text:"), exp)
        for then in ("Its text is:", "It reads:", "The text of the subrule is:"):
            yield Variant("add subrule", _payload(f"Create a subrule of {parent} called {y}. {then}"), exp)
        yield Variant("add subrule", _payload(f"Add the following as a subrule to {parent}, called {y}:"), exp)


def add_rule() -> Iterable[Variant]:
    for section, adj in ((None, ""), ("Dynastic Rules", "dynastic "), ("Special Case Rules", "Special Case ")):
        exp = _step(AddRule, name="Wicks", body=BODY, section=section)
        for q, intro in itertools.product(("curly", "straight"), [":", ":-", " with the following text:", ", with the following text:",
                                                                  " and the following text:", ", reading as follows:",
                                                                  " which reads:", ", reading:"]):
            y = _quotes("Wicks")[q]
            for verb in ("Add", "Create", "Enact"):
                for called in (f"called {y}", f"titled {y}", f"named {y}", f"entitled {y}", y, f", {y},"[:-1],
                               f"with the title {y}", f"with the name {y}"):
                    yield Variant("add rule", _payload(f"{verb} a new {adj}rule {called}{intro}"), exp)
                    yield Variant("add rule", _payload(f"{verb} a {adj}rule {called}{intro}"), exp)
                yield Variant("add rule", _payload(f"{verb} a new {adj}rule to the Ruleset, called {y}{intro}"), exp)
            if not adj:
                yield Variant("add rule", _payload(f"New rule: {y}"), exp)
            else:
                yield Variant("add rule", _payload(f"New {adj}rule: {y}"), exp)
            # the text introduced by a sentence of its own: "… called “Wicks”. Its text is:"
            for then in ("Its text is:", "Its text shall be as follows:", "It reads:", "It should read:",
                         "The text of the new rule is:", "It shall read as follows:"):
                yield Variant("add rule", _payload(f"{verb} a new {adj}rule called {y}. {then}"), exp)
                yield Variant("add rule", _payload(f"{verb} a {adj}rule, {y}. {then}"), exp)


def repeal() -> Iterable[Variant]:
    exp = _step(RepealRule, rule=RuleRef(name="Lanterns"))
    for rule in rule_forms("Lanterns"):
        for verb in ("Repeal", "Remove", "Delete", "Abolish", "Get rid of", "Take out"):
            if verb in ("Remove", "Delete", "Get rid of", "Take out") and "rule" not in rule:
                continue  # "Remove “Lanterns”" is text to remove, not a rule to repeal
            yield Variant("repeal", f"{verb} {rule}.", exp)
            yield Variant("repeal", f"{verb} {rule} from the Ruleset.", exp)
            for whole in ("entirely", "completely", "in its entirety", "along with its subrules", "with its subrules",
                          "along with any subrules it has", "(and its subrules)", "together with all of its subrules"):
                yield Variant("repeal", f"{verb} {rule} {whole}.", exp)
        if "rule" in rule:
            yield Variant("repeal", f"Repeal the entire {rule.removeprefix('the ')}.", exp)
    both = (exp, _step(RepealRule, rule=RuleRef(name="Candles")))
    for q in ("curly", "straight"):
        a, b = _quotes("Lanterns")[q], _quotes("Candles")[q]
        for verb in ("Repeal", "Abolish"):
            for rules in (f"both {a} and {b}", f"each of the following rules: {a}, {b}", f"the rules {a} and {b}"):
                yield Variant("repeal", f"{verb} {rules}.", exp, steps=both)
    for verb in ("Delete", "Remove", "Get rid of"):
        yield Variant("repeal", f"{verb} Lanterns from the Ruleset.", exp)
    listed = (_step(RepealRule, rule=RuleRef(name="Lanterns")), _step(RepealRule, rule=RuleRef(name="Candles")))
    for verb, head, intro in itertools.product(("Repeal", "Abolish"), ("the following rules", "each of the following rules",
                                                                       "the following dynastic rules"), (":", ":-")):
        for a, b in (("* Lanterns", "* Candles"), ("# “Lanterns”", "# “Candles”"), ("Lanterns", "Candles"),
                     ("* “Lanterns”", "* Candles")):
            yield Variant("repeal", f"{verb} {head}{intro}\n{a}\n{b}", listed[0], steps=listed)
    numbered = tuple(_step(RepealRule, rule=RuleRef(name=f"Rule {n}", number=str(n))) for n in (13, 14, 16))
    for verb in ("Repeal", "Abolish"):
        yield Variant("repeal", f"{verb} Rules 13 and 14.", numbered[0], steps=numbered[:2])
        yield Variant("repeal", f"{verb} rules 13, 14 and 16.", numbered[0], steps=numbered)


def rename() -> Iterable[Variant]:
    exp = _step(RenameRule, rule=RuleRef(name="Lanterns"), new_name="Lamps")
    for rule, q in itertools.product(rule_forms("Lanterns"), ("curly", "straight")):
        n = _quotes("Lamps")[q]
        yield Variant("rename", f"Rename {rule} to {n}.", exp)
        yield Variant("rename", f"Rename {rule} as {n}.", exp)
        yield Variant("rename", f"Re-name {rule} to {n}.", exp)
        yield Variant("rename", f"Rename {rule} to be {n}.", exp)
        yield Variant("rename", f"Retitle {rule} to {n}.", exp)
        yield Variant("rename", f"Change the title of {rule} to {n}.", exp)
        yield Variant("rename", f"Change the name of {rule} to {n}.", exp)
        yield Variant("rename", f"Change the title of {rule} to read {n}.", exp)
        yield Variant("rename", f"Replace the title of {rule} with {n}.", exp)
        yield Variant("rename", f"Rename {rule} so that it is called {n}.", exp)
        yield Variant("rename", f"Rename {rule} so it is called {n}.", exp)
        yield Variant("rename", f"Rename {rule}, calling it {n}.", exp)
        if rule.startswith("the rule "):
            yield Variant("rename", f"Rename the rule currently called {rule[len('the rule '):]} to {n}.", exp)
        if q == "curly":
            yield Variant("rename", f"Rename {rule} {n}.", exp)
        for title in (f"the new title {n}", f"a new title, {n}", f"the name {n}", f"a new name: {n}", f"the title {n}"):
            yield Variant("rename", f"Give {rule} {title}.", exp)
    for q in ("curly", "straight"):
        old, n = _quotes("Lanterns")[q], _quotes("Lamps")[q]
        for word in ("name", "title"):
            yield Variant("rename", f"Change the rule {word} {old} to {n}.", exp)


def reword_rule() -> Iterable[Variant]:
    exp = _step(ReplaceRuleText, rule=RuleRef(name="Lanterns"), body=BODY)
    for rule, intro in itertools.product(rule_forms("Lanterns"), [":", ":-"]):
        for head in (f"Reword {rule} to", f"Reword {rule} as follows", f"Redraft {rule} to say", f"Redraft {rule} to read", f"Amend {rule} to read", f"Rewrite {rule} as follows",
                     f"Replace the text of {rule} with", f"Replace the entire text of {rule} with the following",
                     f"Change the text of {rule} to read", f"Reword {rule} to read as follows", f"Amend {rule} so that it reads",
                     f"Set the text of {rule} to", f"Change the wording of {rule} to", f"Replace all the text in {rule} with",
                     f"Replace everything in {rule} with", f"Overwrite the text of {rule} with",
                     f"Change the text of {rule} to be", f"Replace all of the text in {rule} with",
                     f"Change {rule} so that it reads, in full", f"Amend {rule} to read in full",
                     f"Replace the text of {rule} in its entirety with the following",
                     f"Replace the existing text of {rule} with") + ((f"Replace {rule} entirely with the following text",)
                                                               if "rule" in rule else ()):
            yield Variant("reword", _payload(f"{head}{intro}"), exp)


def set_status() -> Iterable[Variant]:
    for status in ("Active", "Inactive"):
        exp = _step(SetStatus, rule=RuleRef(name="Lanterns"), status=status)
        for rule in rule_forms("Lanterns"):
            yield Variant("status", f"Set {rule} to {status}.", exp)
            yield Variant("status", f"Set the status of {rule} to {status}.", exp)
            yield Variant("status", f"Toggle {rule} to {status}.", exp)
            if rule == "rule Lanterns":  # once per status: the rule's unquoted name in the possessive
                yield Variant("status", f"Set Lanterns's status to {status}.", exp)
                yield Variant("status", f"Set Lanterns’ status to [{status}].", exp)
            other = "Inactive" if status == "Active" else "Active"
            yield Variant("status", f"Change the status of {rule} from {other} to {status}.", exp)
            yield Variant("status", f"Set {rule} from {other} to {status}.", exp)
            yield Variant("status", f"Make {rule} {status}."[:0] + f"Switch {rule} to {status}.", exp)
            yield Variant("status", f"{'Activate' if status == 'Active' else 'Deactivate'} {rule}.", exp)


def move() -> Iterable[Variant]:
    exp = _step(MoveRule, rule=RuleRef(name="Shades"), parent=RuleRef(name="Lanterns"))
    for rule, parent in itertools.product(rule_forms("Shades"), rule_forms("Lanterns")):
        yield Variant("move", f"Move {rule} to become a subrule of {parent}.", exp)
        yield Variant("move", f"Move {rule} to be a subrule of {parent}.", exp)
        yield Variant("move", f"Move {rule} so that it is a subrule of {parent}.", exp)
        yield Variant("move", f"Move {rule} so it is a subrule of {parent}.", exp)
        for verb in ("Move", "Relocate", "Nest", "Demote", "Convert"):
            for dest in (f"under {parent} as a subrule", f"into {parent} as a subrule", f"to {parent} as a subrule",
                         f"to be a subrule of {parent}", f"into a subrule of {parent}"):
                if verb != "Convert" or dest.startswith("into a"):
                    yield Variant("move", f"{verb} {rule} {dest}.", exp)
        yield Variant("move", f"Turn {rule} into a subrule of {parent}.", exp)
        for verb in ("Place", "Put"):
            if not rule.startswith("rule "):  # “Put rule “Shades” under …”: also a new rule “Shades” (refused: two readings)
                yield Variant("move", f"{verb} {rule} under {parent} as a subrule.", exp)
        yield Variant("move", f"Move {rule}, along with its subrules, under {parent} as a subrule.", exp)
        yield Variant("move", f"Move {rule}, with its subrules, under {parent} as a subrule.", exp)
        after = _step(MoveRule, rule=RuleRef(name="Shades"), after=RuleRef(name="Lanterns"))
        yield Variant("move", f"Move {rule} so that it comes after {parent}.", after)
        yield Variant("move", f"Move {rule} so that it comes immediately after {parent}.", after)
        yield Variant("move", f"Move {rule} to be after {parent}.", after)
    for rule in rule_forms("Shades"):
        to_core = _step(MoveRule, rule=RuleRef(name="Shades"), section="Core Rules")
        for words in (f"Make {rule} a Core rule.", f"Turn {rule} into a Core rule.", f"Move {rule} to be a Core rule.",
                      f"Make {rule} a Core Rule."):
            yield Variant("move", words, to_core)


def move_subrule() -> Iterable[Variant]:
    """A subrule moved from one rule to another: looked up under the first, made the second's."""
    exp = _step(MoveRule, rule=RuleRef(name="Shades", parent=RuleRef(name="Candles")), parent=RuleRef(name="Lanterns"))
    for old, parent in itertools.product(rule_forms("Candles"), rule_forms("Lanterns")):
        for sub in ("the subrule “Shades”", "the subrule Shades", "the “Shades” subrule"):
            yield Variant("move subrule", f"Move {sub} from {old} to {parent}.", exp)
            yield Variant("move subrule", f"Move {sub} from {old} to become a subrule of {parent}.", exp)
            yield Variant("move subrule", f"Move {sub} from {old} to {parent} as a subrule.", exp)


def replace_everywhere() -> Iterable[Variant]:
    exp = _step(ReplaceText, rule=None, target=Target(kind=TEXT, text="Lantern", occurrence="all"), new="Lamp")
    for q in ("curly", "straight"):
        a, b = _quotes("Lantern")[q], _quotes("Lamp")[q]
        for where in ("throughout the Ruleset", "in the Ruleset", "everywhere in the ruleset", "in every rule",
                      "throughout the entire ruleset", "wherever it appears in the Ruleset"):
            yield Variant("everywhere", f"Replace {a} with {b} {where}.", exp)
            yield Variant("everywhere", f"Change every instance of {a} {where} to {b}.", exp)
            yield Variant("everywhere", f"Replace all instances of {a} with {b} {where}.", exp)
        yield Variant("everywhere", f"Rename {a} to {b} throughout the Ruleset.", exp)
        yield Variant("everywhere", f"Globally replace {a} with {b}.", exp)
        yield Variant("everywhere", f"Replace all uses of {a} in the rules with {b}.", exp)
        yield Variant("everywhere", f"Replace every {a} in the Ruleset with {b}.", exp)


def list_item() -> Iterable[Variant]:
    exp = _step(AddListItem, rule=RuleRef(name="Wicks"), items="Tallow", of="Wick Types")
    for rule in rule_forms("Wicks"):
        yield Variant("list item", f"Add “Tallow” to the list of Wick Types in {rule}.", exp)
        yield Variant("list item", f"In {rule}, add “Tallow” to the list of Wick Types.", exp)
        yield Variant("list item", f"Append “Tallow” to the list of Wick Types in {rule}.", exp)
        yield Variant("list item", f"In {rule}, add a new item to the end of the list of Wick Types: “Tallow”.", exp)
        yield Variant("list item", f"Add “Tallow” as the last item of the list of Wick Types in {rule}.", exp)
    sole = _step(AddListItem, rule=RuleRef(name="Wicks"), items="* Tallow", of=None)
    for rule, obj in itertools.product(rule_forms("Wicks"), ("the following bullet point", "the following item",
                                                             "the following bullet points", "a new bullet point")):
        yield Variant("list item", f"In {rule}, add {obj} to the list:\n\n* Tallow", sole)
        yield Variant("list item", f"Add {obj} to the list in {rule}:\n\n* Tallow", sole)
        yield Variant("list item", f"Add {obj} to the end of the list in {rule}:\n\n* Tallow", sole)
        yield Variant("list item", f"In {rule}, insert {obj} as the last bullet point:\n\n* Tallow", sole)


def list_piece() -> Iterable[Variant]:
    """The Nth item of a rule's only list (“the list”, “the atomic action”), replaced or removed."""
    for n, nth in ((2, "second"), (-1, "last")):
        tgt = Target(kind="item", number=n)
        gone = _step(RemoveText, rule=RuleRef(name="Lanterns"), target=tgt)
        swap = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=tgt, new="Trim the wick.")
        for rule, unit, of in itertools.product(rule_forms("Lanterns"), ("item", "step", "bullet point"),
                                                ("the list", "the atomic action")):
            for verb in ("Remove", "Delete"):
                yield Variant("list piece", f"In {rule}, {verb.lower()} the {nth} {unit} of {of}.", gone)
                yield Variant("list piece", f"{verb} the {nth} {unit} of {of} in {rule}.", gone)
            yield Variant("list piece", f"In {rule}, replace the {nth} {unit} of {of} with “Trim the wick.”", swap)


def action_step() -> Iterable[Variant]:
    """A step added at the end of a named atomic action (the list a line naming it introduces)."""
    item = "* Trim the wick."
    for rule_at, action in itertools.product(("lead", "after", "none"), ("the “Light a Lantern” atomic action",
                                                                        "the atomic action “Light a Lantern”",
                                                                        "the Light a Lantern atomic action")):
        for rule in (rule_forms("Lanterns") if rule_at != "none" else [None]):
            exp = _step(AddListItem, rule=RuleRef(name="Lanterns") if rule else None, items=item, of="Light a Lantern")
            quoted = _step(AddListItem, rule=RuleRef(name="Lanterns") if rule else None, items="Trim the wick.",
                           of="Light a Lantern")
            if rule is None and not action.startswith("the “") and "“" not in action:
                continue  # an unquoted action with no rule: its words run on
            for verb, obj, where in itertools.product(("Add", "Append", "Insert"),
                                                      ("the following step", "a new step", "this step", "a step",
                                                       "the following bullet point"),
                                                      (f"to the end of {action}", f"to {action}", f"at the end of {action}")):
                if rule_at == "lead":
                    yield Variant("action step", f"In {rule}, {verb.lower()} {obj} {where}:\n\n{item}", exp)
                elif rule_at == "after":
                    yield Variant("action step", f"{verb} {obj} {where} in {rule}:\n\n{item}", exp)
                else:
                    yield Variant("action step", f"{verb} {obj} {where}:\n\n{item}", exp)
            if rule_at == "lead":  # as the Nth step: after the one before it, or before the first
                for nth, anchor, where in (("second", 1, "after"), ("third", 2, "after"), ("first", 1, "before")):
                    nth_exp = _step(InsertText, rule=RuleRef(name="Lanterns"),
                                    anchor=Target(kind="item", number=anchor, in_list="Light a Lantern"),
                                    body="Trim the wick.", position=where)
                    yield Variant("action step", f"In {rule}, add “Trim the wick.” as the {nth} step of {action}.", nth_exp)
            if rule_at == "after":
                yield Variant("action step", f"Add “Trim the wick.” as a new step at the end of {action} in {rule}.", quoted)
                yield Variant("action step", f"Add “Trim the wick.” to the end of {action} in {rule}.", quoted)


# --- The gamestate: players' values, things' attributes, single values ---------------------------
# The players are Divers (“Wren”), their value Pearls; the things are Ferries (“Gullwing”), with a Fare.

NUMBERS = {2: ["2", "two", "2 (two)"], 1: ["1", "one"]}


def _apostrophes(name: str) -> list[str]:
    return [f"{name}’s", f"{name}'s"]


def player_value_forms(player: str, value: str) -> list[str]:
    """The ways a player names one player's value.  ("the Pearls of “Wren”" reads as a thing's value, and
    "the Pearls of the Diver Wren" as the value of “Diver Wren”: the page tells, when the step is applied,
    that Wren is a player — see tests/test_enact.py.)"""
    forms = [f"{p} {value}" for p in _apostrophes(player)]
    forms += [f"the {value} of {player}", f"the {value} of “{player}”"[:0] + f"the {value} of {player}"]
    return forms


def every_value_forms(value: str) -> list[str]:
    forms = []
    for each in ("each", "every"):
        forms += [f"{each} Diver’s {value}", f"{each} Diver's {value}", f"the {value} of {each} Diver"]
        # idle players are no players for the gamestate: "each active Diver" is every Diver of the page
        forms += [f"{each} active Diver’s {value}", f"the {value} of {each} non-idle Diver"]
    forms += [f"all Divers’ {value}", f"the {value} of all Divers"]
    return forms


def change_value() -> Iterable[Variant]:
    """A player's (or every player's) number, up or down by an amount."""
    for delta, who, forms in ((2, "Wren", player_value_forms("Wren", "Pearls")),
                              (-2, "Wren", player_value_forms("Wren", "Pearls")),
                              (2, EachPlayer(term="Diver"), every_value_forms("Pearls")),
                              (-1, EachPlayer(term="Diver"), every_value_forms("Pearls"))):
        exp = _step(ChangeValue, player=who, variable="Pearls", delta=delta)
        up = delta > 0
        for value, n in itertools.product(forms, NUMBERS[abs(delta)]):
            for verb in (("Increase", "Raise") if up else ("Decrease", "Reduce", "Lower")):
                yield Variant("change a value", f"{verb} {value} by {n}.", exp)
            noun = "Pearls" if abs(delta) != 1 else "Pearl"
            if up:
                yield Variant("change a value", f"Add {n} to {value}.", exp)
                yield Variant("change a value", f"Add {n} {noun} to {value}.", exp)
            else:
                yield Variant("change a value", f"Subtract {n} from {value}.", exp)
                yield Variant("change a value", f"Subtract {n} {noun} from {value}.", exp)
                yield Variant("change a value", f"Remove {n} {noun} from {value}.", exp)
        nouns = ("Pearls", "Pearl") if abs(delta) == 1 else ("Pearls",)
        for n, noun in itertools.product(NUMBERS[abs(delta)], nouns):
            exp = _step(ChangeValue, player=who, variable=noun, delta=delta)  # as written: the page's column
            # is found by its singular or plural
            subjects = ["Wren", "“Wren”"] if who == "Wren" else ["Each Diver", "Every Diver", "All Divers"]
            for subject in subjects:
                if who == "Wren":
                    yield Variant("change a value", f"{subject} {'gains' if up else 'loses'} {n} {noun}.", exp)
                else:
                    verb = ("gain" if up else "lose") if subject.startswith("All") else ("gains" if up else "loses")
                    yield Variant("change a value", f"{subject} {verb} {n} {noun}.", exp)
            if up:
                targets = ["Wren"] if who == "Wren" else ["each Diver", "every Diver", "all Divers"]
                for t in targets:
                    for verb in ("Give", "Award", "Grant"):
                        yield Variant("change a value", f"{verb} {t} {n} {noun}.", exp)
                        yield Variant("change a value", f"{verb} {n} {noun} to {t}.", exp)
            else:
                sources = ["Wren", "“Wren”"] if who == "Wren" else ["each Diver", "every Diver", "all Divers"]
                for t in sources:
                    for verb in ("Remove", "Subtract"):
                        yield Variant("change a value", f"{verb} {n} {noun} from {t}.", exp)


def set_value() -> Iterable[Variant]:
    """A player's (or every player's) value set outright."""
    for who, forms in (("Wren", player_value_forms("Wren", "Pearls")),
                       (EachPlayer(term="Diver"), every_value_forms("Pearls"))):
        for new, written in (("3", ["3", "three"][:1]), ("Coral", ["Coral", "“Coral”"])):
            exp = _step(SetValue, player=who, variable="Pearls", value=new)
            for value, w in itertools.product(forms, written):
                yield Variant("set a value", f"Set {value} to {w}.", exp)
                yield Variant("set a value", f"Change {value} to {w}.", exp)
                yield Variant("set a value", f"Set {value} to be {w}.", exp)
                yield Variant("set a value", f"Reset {value} to {w}.", exp)
        # raised or lowered to a number: set, one way from what it was (the page tells whether it can be)
        for verb, way in (("Raise", "up"), ("Increase", "up"), ("Advance", "up"), ("Lower", "down"),
                          ("Reduce", "down"), ("Decrease", "down")):
            for value in forms:
                yield Variant("set a value", f"{verb} {value} to 3.",
                              _step(SetValue, player=who, variable="Pearls", value="3", direction=way))
    for verb, way in (("Raise", "up"), ("Advance", "up"), ("Lower", "down")):
        for name in ("the Tide", "“Tide”", "the “Tide”"):
            yield Variant("set a value", f"{verb} {name} to 3.", _step(SetSingleValue, name="Tide", value="3", direction=way))


def transfer() -> Iterable[Variant]:
    exp = _step(TransferValue, source="Wren", target="Marlin", variable="Pearls", amount=2)
    for n in NUMBERS[2]:
        for src, dst in (("Wren", "Marlin"), ("“Wren”", "“Marlin”")):
            for verb in ("transfers", "gives", "sends"):
                yield Variant("transfer", f"{src} {verb} {n} Pearls to {dst}.", exp)
                yield Variant("transfer", f"{src} {verb} {dst} {n} Pearls.", exp)
            yield Variant("transfer", f"Transfer {n} Pearls from {src} to {dst}.", exp)
            yield Variant("transfer", f"Move {n} Pearls from {src} to {dst}.", exp)
            yield Variant("transfer", f"Transfer {n} Pearls to {dst} from {src}.", exp)
            for verb in ("receives", "gets", "gains"):
                yield Variant("transfer", f"{dst} {verb} {n} Pearls from {src}.", exp)
            yield Variant("transfer", f"{src} pays {dst} {n} Pearls.", exp)
            yield Variant("transfer", f"{src} pays {n} Pearls to {dst}.", exp)
            for own in ("their", "his", "her"):
                for verb in ("transfers", "gives", "sends"):
                    yield Variant("transfer", f"{src} {verb} {n} of {own} Pearls to {dst}.", exp)


def things_attribute() -> Iterable[Variant]:
    """A thing's attribute, set or changed."""
    for thing in ("the Ferry “Gullwing”", "“Gullwing”", "the Ferry called “Gullwing”"):
        for table, field in (("", None), (" in the Ferries table", "Ferries"), (" in the “Ferries” table", "Ferries")):
            exp = _step(SetAttribute, thing="Gullwing", attribute="Fare", value="3", table=field)
            yield Variant("thing", f"Set the Fare of {thing}{table} to 3.", exp)
            yield Variant("thing", f"Change the Fare of {thing}{table} to 3.", exp)
            for n in NUMBERS[2]:
                up = _step(ChangeAttribute, thing="Gullwing", attribute="Fare", delta=2, table=field)
                down = _step(ChangeAttribute, thing="Gullwing", attribute="Fare", delta=-2, table=field)
                yield Variant("thing", f"Increase the Fare of {thing}{table} by {n}.", up)
                yield Variant("thing", f"Raise the Fare of {thing}{table} by {n}.", up)
                yield Variant("thing", f"Decrease the Fare of {thing}{table} by {n}.", down)
                yield Variant("thing", f"Reduce the Fare of {thing}{table} by {n}.", down)
    # two things' attribute at once: the same attribute of the thing after the conjunction
    both = (_step(SetAttribute, thing="Gullwing", attribute="Fare", value="3"),
            _step(SetAttribute, thing="Petrel", attribute="Fare", value="3"))
    for verb, two in itertools.product(("Set", "Change"), ("“Gullwing” and “Petrel”", "both “Gullwing” and “Petrel”",
                                                          "the Ferries “Gullwing” and “Petrel”",
                                                          "the Ferry “Gullwing” and the Ferry “Petrel”")):
        yield Variant("thing", f"{verb} the Fare of {two} to 3.", both[0], steps=both)
    apart = (both[0], _step(SetAttribute, thing="Petrel", attribute="Fare", value="4"))
    yield Variant("thing", "Set the Fare of “Gullwing” to 3 and “Petrel” to 4.", apart[0], steps=apart)


def single_value() -> Iterable[Variant]:
    for name in ("the Tide Level", "Tide Level", "“Tide Level”", "the value of “Tide Level”"):
        exp = _step(SetSingleValue, name="Tide Level", value="4")
        yield Variant("single value", f"Set {name} to 4.", exp)
        yield Variant("single value", f"Change {name} to 4.", exp)
        if "value of" in name:
            continue
        for n in NUMBERS[2]:
            for verb in ("Increase", "Raise"):
                yield Variant("single value", f"{verb} {name} by {n}.",
                              _step(ChangeSingleValue, name="Tide Level", delta=2))
            for verb in ("Decrease", "Reduce", "Lower"):
                yield Variant("single value", f"{verb} {name} by {n}.",
                              _step(ChangeSingleValue, name="Tide Level", delta=-2))


def add_column() -> Iterable[Variant]:
    for default in ("0", None):
        exp = _step(AddColumn, column="Shells", default=default, table=None)
        for col in ("a column called “Shells”", "a “Shells” column", "a new column called Shells",
                    "a column named “Shells”", "a Shells column"):
            for page in ("the gamestate tracking page", "the tracking page", "the gamestate page"):
                if default is None:
                    yield Variant("add a column", f"Add {col} to {page}.", exp)
                    continue
                for tail in (", with a starting value of 0 for every Diver", ", defaulting to 0",
                             ", with each Diver’s Shells set to 0", " with a default value of 0"):
                    yield Variant("add a column", f"Add {col} to {page}{tail}.", exp)
    # the value the rules give it, asked for in words
    exp = _step(AddColumn, column="Shells", table="Divers", rules_default=True)
    for col, tail in itertools.product(("a column called “Shells”", "a “Shells” column", "a Shells column"),
                                       (", with every Diver’s Shells at its default value", " at its default value",
                                        ", with each Diver’s Shells at their default", ", with their default values",
                                        ", with each Diver’s Shells set to its default", " at the default value")):
        yield Variant("add a column", f"Add {col} to the Divers table{tail}.", exp)


def rows() -> Iterable[Variant]:
    add = _step(AddRow, table="Ferries", name="Gullwing", values=())
    remove = _step(RemoveRow, table="Ferries", name="Gullwing")
    for table in ("the Ferries table", "the “Ferries” table"):
        for name, row in itertools.product(("“Gullwing”", "Gullwing"), ("row", "new row", "entry", "line")):
            yield Variant("rows", f"Add a {row} for {name} to {table}.", add)
            yield Variant("rows", f"Add a {row} to {table} for {name}.", add)
            if row != "new row":
                yield Variant("rows", f"Remove the {row} for {name} from {table}.", remove)
        for name in ("“Gullwing”", "Gullwing"):
            yield Variant("rows", f"Remove {name} from {table}.", remove)
        for row in ("the row “Gullwing”", "the “Gullwing” row"):
            for verb in ("Remove", "Delete"):
                yield Variant("rows", f"{verb} {row} from {table}.", remove)
        both = (remove, _step(RemoveRow, table="Ferries", name="Osprey"))
        for listed in ("“Gullwing” and “Osprey”", "“Gullwing”, and “Osprey”"):
            yield Variant("rows", f"Remove the rows for {listed} from {table}.", remove, steps=both)
    for table in ("the table of Ferries", "the table of “Ferries”"):
        yield Variant("rows", f"Remove the row “Gullwing” from {table}.", remove)
        yield Variant("rows", f"Remove the row for Gullwing from {table}.", remove)
        yield Variant("rows", f"Add a new Ferry called “Gullwing” to {table}.", add)
    for name in ("“Marlin”", "Marlin"):
        yield Variant("players", f"Add {name} to the Divers table.", _step(AddRow, table="Divers", name="Marlin",
                                                                           values=()))


def cells() -> Iterable[Variant]:
    """Names added to, taken from and moved between the lists cells hold; two cells swapped; grid cells by
    coordinates."""
    for who, cell_words in itertools.product(("Marlin", "“Marlin”"), (
            ("the Crew of the Ferry “Gullwing”", "Gullwing"), ("the Crew of “Gullwing”", "Gullwing"),
            ("Gullwing’s Crew", "Gullwing"), ("Gullwing's Crew", "Gullwing"), ("the Crew of Gullwing", "Gullwing"))):
        words, row = cell_words
        for table, named in (("", None), (" in the Ferries table", "Ferries")):
            cell = Cell(row=row, column="Crew")
            # a quoted name, then bare words that might be a rule's title: either reading may be meant
            either = who.startswith("“") and not table and not words.startswith("the Crew of “") \
                and "Ferry" not in words
            yield Variant("cells", f"Add {who} to {words}{table}.", _step(AddToCell, name="Marlin", cell=cell,
                                                                             table=named), either)
            yield Variant("cells", f"Remove {who} from {words}{table}.",
                          _step(RemoveFromCell, name="Marlin", cell=cell, table=named), either)
        yield Variant("cells", f"Move {who} from {words} to the Crew of the Ferry “Osprey”.",
                      _step(MoveName, name="Marlin", source=Cell(row=row, column="Crew"),
                            target=Cell(row="Osprey", column="Crew"), table=None))
        yield Variant("cells", f"Move {who} to the Crew of the Ferry “Osprey” from {words}.",
                      _step(MoveName, name="Marlin", source=Cell(row=row, column="Crew"),
                            target=Cell(row="Osprey", column="Crew"), table=None))
    for a, b, column in (("Plot 2", "Plot 5", "Owners"), ("“Plot 2”", "“Plot 5”", "Owners")):
        plain = a.strip("“”"), b.strip("“”")
        exp = _step(SwapValues, first=Cell(row=plain[0], column=column), second=Cell(row=plain[1], column=column),
                    table=None)
        yield Variant("cells", f"Swap the {column} of {a} and {b}.", exp)
        one = column[:-1]
        exp1 = _step(SwapValues, first=Cell(row=plain[0], column=one), second=Cell(row=plain[1], column=one),
                     table=None)
        yield Variant("cells", f"Swap the {one} of {a} and the {one} of {b}.", exp1)
    for at in ("the cell at", "the cell", "", "the contents of the cell at"):
        lead = f"{at} " if at else ""
        yield Variant("cells", f"Set {lead}(3, 4) to Kiwi.",
                      _step(SetAttribute, thing="3", attribute="4", value="Kiwi", table=None, pair=True))
        yield Variant("cells", f"Set {lead}(3, 4) of the Map to Kiwi.",
                      _step(SetAttribute, thing="3", attribute="4", value="Kiwi", table="Map", pair=True))
    for at in ("the cells at", "the contents of the cells at", "the cells"):
        yield Variant("cells", f"Swap {at} (1, 2) and (3, 4).",
                      _step(SwapValues, first=Cell(row="1", column="2", pair=True),
                            second=Cell(row="3", column="4", pair=True), table=None))
        yield Variant("cells", f"Swap {at} Row 1, Column 2 and Row 3, Column 4.",
                      _step(SwapValues, first=Cell(row="1", column="2"), second=Cell(row="3", column="4"), table=None))


def things_by_number() -> Iterable[Variant]:
    """Several things of a kind by number (a range, or listed), their column named or not: painted (the game's
    own verb: their colour) or set to a value (the column the page and the rules tell)."""
    for things, numbers in (("Plots 2 to 4", (2, 3, 4)), ("Plots 2 through 4", (2, 3, 4)), ("Plots 2–4", (2, 3, 4)),
                            ("Plots 2, 3 and 4", (2, 3, 4)), ("Plots 2, 3, and 4", (2, 3, 4)),
                            ("Plots 2 and 4", (2, 4))):
        for table, named in (("", None), (" in the Plots table", "Plots")):
            for hue, value in (("Green", "Green"), ("green", "green"), ("“Green”", "Green")):
                def each(attribute, colour):
                    return tuple(_step(SetAttribute, thing=f"Plot {n}", attribute=attribute, value=value, table=named,
                                       colour=colour) for n in numbers)
                painted = each(None, True)
                yield Variant("things by number", f"Paint {things} {hue}{table}.", painted[0], steps=painted)
                if table:
                    yield Variant("things by number", f"In the Plots table, paint {things} {hue}.", painted[0],
                                  steps=painted)
                if not table:
                    gone = tuple(_step(RemoveRow, table=t, name=f"Plot {n}") for n in numbers
                                 for t in ("Plots",))
                    for where in ("the Plots table", "the “Plots” table"):
                        yield Variant("things by number", f"Remove {things} from {where}.", gone[0], steps=gone)
                unnamed = each(None, False)
                for verb, to in (("Set", "to"), ("Change", "to"), ("Set", "to be")):
                    yield Variant("things by number", f"{verb} {things} {to} {hue}{table}.", unnamed[0], steps=unnamed)
                    named_column = each("Colour", False)
                    yield Variant("things by number", f"{verb} the Colour of {things}{table} {to} {hue}.",
                                  named_column[0], steps=named_column)


def derived_column() -> Iterable[Variant]:
    """A new column whose every value comes from another table: each Ferry's Wealth is its Skipper's Pearls."""
    exp = _step(AddColumn, column="Wealth", default=None, table="Ferries", derived=Derived(link="Skipper", value="Pearls"))
    for column in ("a Wealth column", "a column called “Wealth”", "a new column named Wealth", "a “Wealth” column"):
        for table in ("the Ferries table", "the “Ferries” table"):
            for p in _apostrophes("Ferry"):
                skipper = p.replace("Ferry", "Skipper")
                for tail in (f"; each {p} Wealth is its {skipper} Pearls", f"; every {p} Wealth is its {skipper} Pearls",
                             f"; the Wealth of each Ferry is the Pearls of its Skipper",
                             f", with each {p} Wealth set to its {skipper} Pearls",
                             f", with every {p} Wealth equal to the Pearls of its Skipper",
                             f", and set each {p} Wealth to its {skipper} Pearls",
                             f", whose value for each Ferry is its {skipper} Pearls",
                             f", equal to its {skipper} Pearls", f", set to the Pearls of its Skipper"):
                    yield Variant("derived column", f"Add {column} to {table}{tail}.", exp)
    for p in _apostrophes("Ferry"):
        skipper = p.replace("Ferry", "Skipper")
        exp = _step(DeriveValues, kind="Ferry", column="Wealth", derived=Derived(link="Skipper", value="Pearls"))
        for value in (f"each {p} Wealth", f"every {p} Wealth", "the Wealth of each Ferry", "the Wealth of every Ferry"):
            for source in (f"its {skipper} Pearls", "the Pearls of its Skipper"):
                yield Variant("derived column", f"Set {value} to {source}.", exp)


def gains_and_losses() -> Iterable[Variant]:
    """Several amounts given to or taken from one player in one sentence."""
    for who, subject in (("Wren", "Wren"), ("Wren", "“Wren”"), (EachPlayer(term="Diver"), "Each Diver"),
                         (EachPlayer(term="Diver"), "Every Diver")):
        for two, one in itertools.product(NUMBERS[2], NUMBERS[1]):
            for first, second, signs in ((f"gains {two} Pearls", f"loses {one} Shell", (2, -1)),
                                         (f"loses {two} Pearls", f"gains {one} Shell", (-2, 1)),
                                         (f"gains {two} Pearls", f"{one} Shell", (2, 1)),
                                         (f"loses {two} Pearls", f"{one} Shell", (-2, -1))):
                steps = (_step(ChangeValue, player=who, variable="Pearls", delta=signs[0]),
                         _step(ChangeValue, player=who, variable="Shell", delta=signs[1]))
                for join in (" and ", ", and ", ", then "):
                    yield Variant("gains and losses", f"{subject} {first}{join}{second}.", steps[0], steps=steps)
        if who == "Wren":
            for n in NUMBERS[2]:
                gain = _step(ChangeValue, player="Wren", variable="Pearls", delta=2)
                yield Variant("gains and losses", f"Add {n} Pearls to {subject}.", gain)
            for each in ("Each Diver", "every Diver"):
                yield Variant("gains and losses", f"Add 2 Pearls to {each}.",
                              _step(ChangeValue, player=EachPlayer(term="Diver"), variable="Pearls", delta=2))
            for names, players in (("Wren and Ossian", ("Wren", "Ossian")), ("Wren, Ossian and Ilse", ("Wren", "Ossian", "Ilse")),
                                   ("Wren, Ossian, and Ilse", ("Wren", "Ossian", "Ilse"))):
                for verb, sign in (("gain", 2), ("lose", -2)):
                    steps = tuple(_step(ChangeValue, player=p, variable="Pearls", delta=sign) for p in players)
                    yield Variant("gains and losses", f"{names} each {verb} 2 Pearls.", steps[0], steps=steps)
                    yield Variant("gains and losses", f"{names} {verb} 2 Pearls each.", steps[0], steps=steps)
            for verb in ("Give", "Award", "Grant"):
                steps = (_step(ChangeValue, player="Wren", variable="Pearls", delta=2),
                         _step(ChangeValue, player="Wren", variable="Shell", delta=1))
                yield Variant("gains and losses", f"{verb} {subject} 2 Pearls and 1 Shell.", steps[0], steps=steps)


def several_values() -> Iterable[Variant]:
    """One value of several players set or changed in one sentence, named once."""
    sets = (_step(SetValue, player="Wren", variable="Pearls", value="3"),
            _step(SetValue, player="Marlin", variable="Pearls", value="2"))
    ups = (_step(ChangeValue, player="Wren", variable="Pearls", delta=3),
           _step(ChangeValue, player="Marlin", variable="Pearls", delta=2))
    for first in player_value_forms("Wren", "Pearls"):
        for again in ("Marlin’s", "Marlin's", "that of Marlin", "those of Marlin"):
            for join in (" and ", ", and "):
                for verb in ("Set", "Change"):
                    yield Variant("several values", f"{verb} {first} to 3{join}{again} to 2.", sets[0], steps=sets)
                for verb in ("Increase", "Raise"):
                    yield Variant("several values", f"{verb} {first} by 3{join}{again} by 2.", ups[0], steps=ups)
    three = sets + (_step(SetValue, player="Lulu", variable="Pearls", value="1"),)
    yield Variant("several values", "Set Wren’s Pearls to 3, Marlin’s to 2 and Lulu’s to 1.", three[0], steps=three)


def new_thing_rows() -> Iterable[Variant]:
    """A new thing given by its kind, its name and its attributes (its table the kind's)."""
    for verb, called, name in itertools.product(("Add", "Create"), ("named", "called"),
                                                ("“Osprey”", "Osprey", "\"Osprey\"")):
        for table, named in (("", "Ferry"), (" to the Ferries table", "Ferries")):
            for attrs, values in (("", ()),
                                  (" with Skipper Wren and 3 Pearls", (("Skipper", "Wren"), ("Pearls", "3"))),
                                  (" with Skipper “Wren” and a Fare of 3", (("Skipper", "Wren"), ("Fare", "3"))),
                                  (" with a Skipper of Wren and three Pearls", (("Skipper", "Wren"), ("Pearls", "3"))),
                                  (" with Wren as its Skipper and 2 (two) Pearls", (("Skipper", "Wren"), ("Pearls", "2")))):
                if verb == "Create" and not table and not attrs:
                    continue  # “Create a new Ferry called Osprey” may name a rule's new kind of thing: not a row
                exp = _step(AddRow, table=named, name="Osprey", values=values)
                lead = f"{verb} a new Ferry {called} {name}"
                yield Variant("new thing rows", f"{lead}{table}{',' if attrs and table else ''}{attrs}.", exp)


def sentence_by_number() -> Iterable[Variant]:
    """A sentence by its place: in the rule, or in one of its paragraphs."""
    for (ordinal, occ), (para_words, para) in itertools.product(
            (("first", 1), ("second", 2), ("third", 3), ("last", "last")),
            (("", None), ("the first paragraph", 1), ("the second paragraph", 2), ("the last paragraph", -1))):
        tgt = Target(kind=SENTENCE_NTH, occurrence=occ, number=para)
        piece = f"the {ordinal} sentence" + (f" of {para_words}" if para_words else "")
        for rule in rule_forms("Lanterns"):
            remove = _step(RemoveText, rule=RuleRef(name="Lanterns"), target=tgt)
            replace = _step(ReplaceText, rule=RuleRef(name="Lanterns"), target=tgt, new="Wicks burn.")
            for verb in ("Remove", "Delete", "Strike", "Repeal"):
                yield Variant("sentence by number", f"{verb} {piece} of {rule}.", remove)
                yield Variant("sentence by number", f"In {rule}, {verb.lower()} {piece}.", remove)
            yield Variant("sentence by number", f"Replace {piece} of {rule} with “Wicks burn.”", replace)
            yield Variant("sentence by number", f"In {rule}, replace {piece} with “Wicks burn.”", replace)


def subrule_paths() -> Iterable[Variant]:
    """A subrule named with its parent, and a rule made a subrule of another."""
    for parent in rule_forms("Lanterns"):
        sub = RuleRef(name="Wicks", parent=RuleRef(name="Lanterns"))
        for child in ("the subrule “Wicks”", "the subrule \"Wicks\"", "subrule “Wicks”"):
            yield Variant("subrules", f"Repeal {child} of {parent}.", _step(RepealRule, rule=sub))
            yield Variant("subrules", f"Rename {child} of {parent} to “Fuses”.", _step(RenameRule, rule=sub,
                                                                                         new_name="Fuses"))
            yield Variant("subrules", f"In {child} of {parent}, replace “tallow” with “wax”.",
                          _step(ReplaceText, rule=sub, target=Target(kind=TEXT, text="tallow"), new="wax"))
        for child in ("the Wicks subrule", "the “Wicks” subrule", "the \"Wicks\" subrule"):
            yield Variant("subrules", f"Repeal {child} of {parent}.", _step(RepealRule, rule=sub))
            yield Variant("subrules", f"Rename {child} of {parent} to “Fuses”.", _step(RenameRule, rule=sub,
                                                                                         new_name="Fuses"))
        for child in rule_forms("Wicks"):
            yield Variant("subrules", f"Make {child} a subrule of {parent}.",
                          _step(MoveRule, rule=RuleRef(name="Wicks"), parent=RuleRef(name="Lanterns")))


def several_olds() -> Iterable[Variant]:
    """Several texts replaced by one: one step for each."""
    for q in ("curly", "straight"):
        a, b, c, new = (_quotes(w)[q] for w in ("tallow", "suet", "lard", "wax"))
        for olds, texts in (((a, b), ("tallow", "suet")), ((a, b, c), ("tallow", "suet", "lard"))):
            listed = " and ".join(olds) if len(olds) == 2 else f"{olds[0]}, {olds[1]} and {olds[2]}"
            for rule in rule_forms("Lanterns"):
                for lead, occ in ((listed, None), (f"every instance of {listed}", "all"),
                                  (f"all instances of {listed}", "all"), (f"each of {listed}", "all")):
                    exp = [_step(ReplaceText, rule=RuleRef(name="Lanterns"), target=Target(kind=TEXT, text=t,
                                                                                            occurrence=occ), new="wax")
                           for t in texts]
                    yield Variant("several olds", f"Replace {lead} with {new} in {rule}.", exp[0], steps=tuple(exp))
                    yield Variant("several olds", f"In {rule}, replace {lead} with {new}.", exp[0], steps=tuple(exp))


def values_in_players_words() -> Iterable[Variant]:
    """A value going up or down, a transfer told by the payer or the receiver, an amount of one's own or
    "more": the everyday wordings of the steps above."""
    ups = (("goes up by", "rises by", "increases by", "is increased by", "is raised by"),
           ("goes down by", "falls by", "drops by", "decreases by", "is decreased by", "is reduced by", "is lowered by"))
    for delta, who, forms in ((2, "Wren", player_value_forms("Wren", "Pearls")),
                              (-2, "Wren", player_value_forms("Wren", "Pearls")),
                              (2, EachPlayer(term="Diver"), every_value_forms("Pearls"))):
        exp = _step(ChangeValue, player=who, variable="Pearls", delta=delta)
        for value, n, says in itertools.product(forms, NUMBERS[2], ups[delta < 0]):
            yield Variant("a value goes up or down", f"{value[:1].upper()}{value[1:]} {says} {n}.", exp)
    for name in ("The Tide Level", "Tide Level"):
        for says, delta in (("goes up by", 2), ("drops by", -2), ("is raised by", 2)):
            yield Variant("a value goes up or down", f"{name} {says} 2.", _step(ChangeSingleValue, name="Tide Level", delta=delta))
    yield Variant("a value goes up or down", "Advance the Tide Level by 2.", _step(ChangeSingleValue, name="Tide Level", delta=2))
    for n in NUMBERS[2]:
        gain = _step(ChangeValue, player="Wren", variable="Pearls", delta=2)
        lose = _step(ChangeValue, player="Wren", variable="Pearls", delta=-2)
        yield Variant("change a value", f"Wren gets {n} more Pearls.", gain)
        yield Variant("change a value", f"Give Wren {n} more Pearls.", gain)
        yield Variant("change a value", f"Wren loses {n} of their Pearls.", lose)
        yield Variant("change a value", f"Wren pays {n} Pearls.", lose)
        yield Variant("change a value", f"Take {n} Pearls away from Wren.", lose)
        yield Variant("change a value", f"Take away {n} Pearls from Wren.", lose)
        yield Variant("change a value", f"Take {n} Pearls from Wren.", lose)


MEANINGS: tuple[Callable[[], Iterable[Variant]], ...] = (
    append_to_rule, prepend_to_rule, one_rule_two_edits, rule_exists_conditions, passive_orders, more_verbs_and_places, whose_value, insert_after_paragraph, insert_after_text, replace_text, every_occurrence_in_rule, replace_in_paragraph, several_rules,
    remove_sentence,
    replace_sentence_beginning, replace_paragraph, add_subrule, add_rule, repeal, rename, reword_rule, set_status,
    move, move_subrule, replace_everywhere, list_item, list_piece, action_step, change_value, set_value, transfer, things_attribute, single_value,
    add_column, rows, cells, sentence_by_number, subrule_paths, several_olds, things_by_number, derived_column,
    gains_and_losses, several_values, new_thing_rows, values_in_players_words,
)


def wrapped(v: Variant, at: int) -> Variant:
    """The wording broken over two lines at its ``at``-th space, as an editor's wrapping or a pasted line
    leaves it: the instruction is the same."""
    words = v.text.split(" ")
    at = 1 + at % (len(words) - 1)
    if words[at - 1].endswith((")", "]")) and at + 1 < len(words):
        at += 1  # a line ending with a closing bracket is complete by design (it ends a remark): wrap one word on
    return dataclasses.replace(v, text=" ".join(words[:at]) + "\n" + " ".join(words[at:]))


def all_variants() -> list[Variant]:
    seen: set[str] = set()
    out = []
    for make in MEANINGS:
        for v in make():
            if v.text not in seen:
                seen.add(v.text)
                out.append(v)
    return out

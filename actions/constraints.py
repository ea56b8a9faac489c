"""Legal values of the gamestate: the rules' definition frames made into constraints (+ Admins' overrides).

Pure: a :class:`~parsers.ruleset.Ruleset` in, a list of :class:`~parsers.variables.Constraint`
out. Each constraint keeps the rule and the sentence(s) it came from, so that a revert can say
exactly why.

Where constraints come from
---------------------------
* **Appendix** (origin ``"appendix"``). "Numbers and Variables": *game variables defined to hold
  numeric values can hold only non-negative integers* becomes the constraint named
  ``numeric values`` (:data:`NUMERIC`), applied to variables no rule describes but whose column
  (or single value) on the page plainly holds non-negative integers. "Names": *a new name must be
  between 4 and 30 characters … Latin alphabet, numbers, underscores, hyphens, full stops and
  apostrophes* becomes ``player names`` (:data:`PLAYER_NAMES`), with the lengths the sentence
  states (2023 says 3 to 30). An era whose Ruleset has no such sentence (2004; 2016 and 2020 for
  names) gets no such constraint.
* **Rules** (origin ``"rule"``): Core, Dynastic, Building Blocks and *Active* Special Case rules.
  Every sentence (and bullet line) is read by the definition grammar (``parsers/definitions.lark``,
  :mod:`parsers.definitions`), which gives one frame per variable it speaks of: who has it, its
  type, bounds, allowed values, default, mark for none, the kind of thing it names, and where it is
  tracked. This module folds the frames of every sentence into one constraint per variable and
  owner:

  - ``Each Stop has a Type …`` and ``Each Organism has a Type …`` are two constraints, and a table
    is judged by its own thing's (:mod:`actions.legality`); a sentence naming no owner (``Coins
    cannot exceed 10``) joins every owner's, and within one rule the owner that rule names;
  - two sentences of one variable both hold: the narrower bounds and the values both allow; a
    default said twice differently is no default; kinds that disagree leave the variable read in
    part;
  - a limit for a kind of owner (``A Rogue Lord may only hold 1 Electoral Vote``) is a condition on
    that owner's variable the bot cannot check (``relative``);
  - ``Villagers … are tracked in the “Villagers” table of the “Archipelago” wiki page`` places every
    variable "Each Villager has"; ``The Game Board is a 10 by 10 grid of cells`` + ``Each Cell has
    a Content …`` makes the Content every cell of that board holds (the cell's Row and Column are
    the board's own coordinates); "publicly tracked" with no place named means the tracking page;
  - a numeric variable is a non-negative integer unless the rules say it "may be negative": that
    part of the constraint is cited from the Appendix (``min_source``), the rest from the rule.

  **Every word accounted for.** A variable whose sentence the grammar read only in part keeps the
  words it could not read (``partial``): :mod:`actions.legality` then calls no value of it legal
  ("cannot judge", naming the words). A sentence read in part that says nothing of values where
  read and holds no word that could (a number, a quote, a type, a bound …) is left alone.
* **Overrides** (origin ``"override"``): the Admins' page, read by :mod:`parsers.overrides` (its
  format is described there). An override replaces everything inferred for its variable.
"""

from __future__ import annotations

import re
from dataclasses import replace

from parsers import definitions as D
from parsers import language
from parsers.overrides import OverrideError, override_line, parse_overrides  # noqa: F401  (re-exported)
from parsers.terms import player_term
from parsers.ruleset import ACTIVE, APPENDIX, BUILDING_BLOCKS, CORE, DYNASTIC, SPECIAL_CASE, Rule, Ruleset, plain
from parsers.variables import (  # noqa: F401  (re-exported: the model lives in parsers.variables)
    APPENDIX_ORIGIN, DEFAULT_OVERRIDE_PAGE, ENUM, INTEGER, LIST, NAME, NAME_CHARACTERS, NUMERIC, OFF,
    OVERRIDE_ORIGIN, PLAYER_NAMES, RULE_ORIGIN, TEXT, Constraint, Disable, named_in, singular_phrase, variable_key,
)

_NAME_CHARS = re.compile(r"[A-Za-z0-9_\-.']+")
_GRID_COORDINATES = {"row", "column", "x", "y"}


# --------------------------------------------------------------------------- reading the rules

def _lines(rule: Rule) -> list[tuple[str, bool]]:
    """(plain text, was a bullet line) for each non-table line of the rule's body."""
    out: list[tuple[str, bool]] = []
    in_table = 0
    for raw in rule.body.split("\n"):
        s = raw.strip()
        if s.startswith("{|"):
            in_table += 1
            continue
        if in_table:
            if s.startswith("|}"):
                in_table -= 1
            continue
        if not s:
            out.append(("", False))
            continue
        bullet = s[:1] in "*#:;"
        text = plain(s.lstrip("*#:; ")) if bullet else plain(s)
        if text:
            out.append((text, bullet))
    return out


def _rules_read(ruleset: Ruleset) -> list[Rule]:
    """Rules whose sentences may define gamestate: not the Appendix, not Inactive Special Cases."""
    out = []
    for rule in ruleset.rules:
        if rule.kind == APPENDIX:
            continue
        if rule.kind == SPECIAL_CASE and rule.status != ACTIVE:
            continue
        if rule.kind not in (CORE, DYNASTIC, SPECIAL_CASE, BUILDING_BLOCKS, None):
            continue
        out.append(rule)
    return out


def _read_rule(rule: Rule) -> tuple[list[D.Frame], list[D.Things], list[D.Grid], list[str]]:
    """The frames, placed things and grids of one rule's sentences and bullet lines, and the sentences
    that read as no definition at all."""
    silent: list[str] = []
    frames: list[D.Frame] = []
    things: list[D.Things] = []
    grids: list[D.Grid] = []
    lines = _lines(rule)
    lead = None   # (owner, line): "Each Relic has the following attributes:" and the bullets that follow
    previous = None   # the one variable the sentence before defined (what "It is …" speaks of)
    for index, (text, bullet) in enumerate(lines):
        if not text:
            continue
        if lead is not None and bullet and lead[1] == index - 1:
            lead = (lead[0], index)   # the next bullet is the owner's too
        sentences = language.full_sentences(text)
        readings = []
        if bullet and sentences:
            # "Species: Can be ‘Bear’, ‘Bird’ …": a bullet's first sentence may define the variable it names
            reading = D.read_bullet(sentences[0])
            if reading.frames:
                readings.append(reading)
                sentences = sentences[1:]
        for s in sentences:
            reading = D.read_sentence(s)
            said = _pronoun_subject(s, previous)
            if said is not None and not any(f.variable for f in reading.frames if not f.unread):
                # "The Watch is publicly tracked. It is a list of Players …": "it" is the variable just defined
                # (read so when the words it leaves unread, if any, could limit values)
                again = D.read_sentence(said)
                if again.frames and all(not f.unread or any(_VALUE_WORDS.search(w) or D.limit_marked(w) for w in f.unread)
                                        for f in again.frames):
                    reading = D.Reading(tuple(replace(f, sentence=s) for f in again.frames), again.things, again.grids)
            readings.append(reading)
            if not reading.frames and not reading.things and not reading.grids:
                silent.append(s)
            named = {f.variable for f in reading.frames if f.variable}
            previous = next(iter(named)) if len(named) == 1 else None
        if bullet and lead is not None and lead[1] == index and not any(r.frames for r in readings):
            # a bullet below "Each Relic has the following attributes:" that no rule reads: the owner's
            # variables it names are read in part
            readings.append(D.Reading((D.Frame(None, owner=lead[0], unread=(text,), sentence=text),)))
        for reading in readings:
            for frame in reading.frames:
                if frame.following and frame.variable is None:
                    # "Each Relic has the following attributes:" + the bullets below it: the Relic's
                    lead = (frame.owner, index)
                    continue
                if bullet and frame.owner is None and lead is not None and lead[1] == index:
                    frame = replace(frame, owner=lead[0])
                if frame.following:
                    # "A community's faction must be one of the following:" + the bullets below it
                    values = []
                    for later, later_bullet in lines[index + 1:]:
                        if not later_bullet:
                            break
                        values.append(later.strip().strip("‘’“”\"'"))
                    if len(values) < 2 or any(len(v.split()) > 4 for v in values):
                        frame = replace(frame, following=False, unread=frame.unread + ("the list that follows",))
                    else:
                        frame = replace(frame, following=False, allowed=tuple(values))
                frames.append(frame)
            things.extend(reading.things)
            grids.extend(reading.grids)
    # "Every Relic is carried by a Player, its Bearer" + "An unheld Relic is noted with a dash": the mark for none
    # of the one variable of that owner that names a thing, whatever verb the second sentence uses
    for i, f in enumerate(frames):
        if f.none is not None and f.owner and f.variable and not f.refers and f.kind is None and not f.unread:
            same = [g for g in frames if g.owner == f.owner and g.variable]
            if not any(variable_key(g.variable) == variable_key(f.variable) for g in same if g is not f):
                naming = {g.variable for g in same if g.refers}
                if len(naming) == 1:
                    frames[i] = replace(f, variable=next(iter(naming)))
    # within one rule, a variable named with no owner is the one the rule gives an owner
    owners: dict[str, set[str]] = {}
    for f in frames:
        if f.owner and f.variable:
            owners.setdefault(variable_key(f.variable), set()).add(f.owner)
    for i, f in enumerate(frames):
        if f.owner is None and f.variable and len(owners.get(variable_key(f.variable), ())) == 1:
            frames[i] = replace(f, owner=next(iter(owners[variable_key(f.variable)])))
    return frames, things, grids, silent


#: a sentence that limits what things may hold, across them ("No Puzzler may be the Captain of more than one
#: Ship", "No two Ships may have the same Captain"): read by no definition, it still limits the values it names
_HOLDING_LIMIT = re.compile(
    r"^(?!(?:if|when|whenever|while|unless|once|after|before)\b)(?:no|a|an|each|every|any|the)\s+(?:two\s+)?[\w’'-]+"
    r"(?:\s+[\w’'-]+)?\s+(?:may|can|must|shall|will|is\s+allowed\s+to)\s+(?:not\s+|never\s+|only\s+|ever\s+)?"
    r"(?:be|have|hold|own|possess|contain|carry|keep|share|captain|control|belong)\b", re.I)
_QUANTITY_LIMIT = re.compile(
    r"\b(?:more\s+than|at\s+most|at\s+least|no\s+more\s+than|fewer\s+than|less\s+than|greater\s+than|exceed\w*|"
    r"maximum|minimum|only\s+one|a\s+single|unique|the\s+same|distinct|different|once|twice)\b", re.I)


def _limits_unread(silent: list[str], constraints: list[Constraint]) -> None:
    """A sentence no definition reads that limits what things hold and names a variable the rules define: a limit
    across things, which only narrows what the definition allows — a value the definition forbids is illegal, one it
    allows cannot be judged (never "legal" past a limit unread)."""
    for s in silent:
        if not (_HOLDING_LIMIT.match(s.strip()) and _QUANTITY_LIMIT.search(s)):
            continue
        for c in constraints:
            if c.variable and named_in(c.variable, [s]):
                note = f"a limit the bot could not read: {s.strip().rstrip('.')}"
                if note not in c.relative:
                    c.relative.append(note)
                if s not in c.sentences:
                    c.sentences.append(s)


_PRONOUN = re.compile(r"^(?:It|This|This\s+value|Its\s+value)\s+(?=(?:is|are|must|may|can|cannot|can't|can’t|will|shall|"
                      r"has|defaults|starts|begins|never)\b)")


def _pronoun_subject(sentence: str, previous: str | None) -> str | None:
    """ "It is an integer from 1 to 6" after a sentence that defined the Day: "The Day is an integer from 1 to 6"."""
    if previous is None:
        return None
    m = _PRONOUN.match(sentence)
    return f"The {previous} " + sentence[m.end():] if m else None


# --------------------------------------------------------------------------- the Appendix

#: the Appendix's sentence on numbers, in its wordings: "… game variables defined to hold numeric values can hold only
#: non-negative integers", "… variables that hold numbers may only be nonnegative integers"
_APPENDIX_NUMBERS = re.compile(
    r"(?:numeric(?:al)?\s+values?|numbers|numeric\s+variables|number\s+variables)\s+(?:can|may|must|shall)\s+"
    r"(?:hold\s+only|only\s+hold|only\s+be|be\s+only|hold|be)\s+(?:only\s+)?non[-\s]?negative\s+(?:integers|whole\s+numbers)",
    re.I)


def _appendix_constraints(ruleset: Ruleset) -> list[Constraint]:
    out: list[Constraint] = []
    numeric_done = names_done = False
    for rule in ruleset.rules:
        if rule.kind not in (APPENDIX, None) and not re.search(r"numbers|names|glossary", rule.name, re.I):
            continue
        if "integer" not in rule.body and "characters" not in rule.body:
            continue
        for text, _ in _lines(rule):
            for s in language.full_sentences(text):
                if not numeric_done and _APPENDIX_NUMBERS.search(s):
                    out.append(Constraint(NUMERIC, INTEGER, min=0, rule=rule.name, sentences=[s],
                                          origin=APPENDIX_ORIGIN))
                    numeric_done = True
                m = re.search(r"name\s+must\s+be\s+between\s+(?P<lo>\d+)\s+and\s+(?P<hi>\d+)\s+characters", s, re.I)
                if not names_done and m and re.search(r"latin", s, re.I):
                    out.append(Constraint(PLAYER_NAMES, NAME, min=int(m.group("lo")), max=int(m.group("hi")),
                                          rule=rule.name, sentences=[s], origin=APPENDIX_ORIGIN))
                    names_done = True
    return out


# --------------------------------------------------------------------------- frames → constraints

def label_key(name: str) -> str:
    """A table's or grid's name as the rules and the page are matched: as a variable's, no article."""
    return re.sub(r"^(?:the|a|an)\s+", "", variable_key(name))


def _title(name: str) -> str:
    name = " ".join(name.split())
    return name[:1].upper() + name[1:]


def _owner_key(owner: str | None) -> str:
    return variable_key(singular_phrase(owner)) if owner else ""


#: Words that could say something of a value: a sentence read in part that says nothing where
#: read is left alone unless its unread words hold one of these.
_VALUE_WORDS = re.compile(
    rf"\d|#|[“”\"‘’]|\bformat\b|\b(?:{language.NUMBER})\b|\b(?:integers?|numbers?\s+(?:between|from|of\s+at)|between|exceeds?|"
    r"least|most|maximum|minimum|defaults?|defaulting|one\s+of|either|list|negative|positive|tracked|names?\s+of|"
    r"greater|fewer|less|more\s+than|above|below|only|must|cannot|can't|can’t|may\s+not|can\s+be|may\s+be|"
    r"flavou?r|text|dates?|(?:which|that|who)\s+(?:is|are|must\s+be)\s+(?:an?|one)|limit\s+over)\b", re.I)


def _new(frame: D.Frame, rule: Rule) -> Constraint:
    c = Constraint(_title(frame.variable or ""), frame.kind or "", min=frame.min, max=frame.max,
                   allowed=list(frame.allowed) if frame.allowed else None, default=frame.default,
                   page=frame.page, table=frame.table, rule=rule.name, sentences=[frame.sentence],
                   owner=_title(singular_phrase(frame.owner)) if frame.owner else None, grid=frame.grid,
                   refers=frame.refers, none=frame.none, unique=frame.unique, max_items=frame.max_items,
                   distinct=frame.distinct, not_named=frame.not_named,
                   other=frame.other, partial=list(frame.unread), relative=list(frame.relative),
                   min_length=frame.min_length, max_length=frame.max_length, length_unit=frame.length_unit,
                   excluded=list(frame.excluded), pattern=frame.pattern)
    if frame.negative_ok:   # "may be negative": no Appendix bound, but a stated one below zero stays
        c.min = frame.min if frame.min is not None and frame.min < 0 else None
        c.min_source = "negative"
    return c


def _absorb(have: Constraint, frame: D.Frame) -> None:
    """Fold a second sentence about the same variable in: both hold."""
    if frame.sentence not in have.sentences:
        have.sentences.append(frame.sentence)
    have.partial.extend(w for w in frame.unread if w not in have.partial)
    have.relative.extend(w for w in frame.relative if w not in have.relative)
    if frame.kind and have.kind and frame.kind != have.kind:
        if TEXT in (frame.kind, have.kind):        # "a single word" and "one of …": the narrower
            have.kind = frame.kind if have.kind == TEXT else have.kind
        else:
            have.partial.append(f"the rules say {have.variable} is both {have.kind} and {frame.kind}")
    have.kind = have.kind or frame.kind or ""
    if frame.min is not None:
        have.min = frame.min if have.min is None or have.min_source == "negative" else max(have.min, frame.min)
        if have.min_source == "negative":
            have.min_source = None
    if frame.max is not None:
        have.max = frame.max if have.max is None else min(have.max, frame.max)
    if frame.allowed:
        if have.allowed:
            both = [v for v in have.allowed if v.casefold() in {a.casefold() for a in frame.allowed}]
            if both != have.allowed:
                have.relative.append(f"only the values both {', '.join(have.allowed)} and "
                                     f"{', '.join(frame.allowed)} allow")
            have.allowed = both
        else:
            have.allowed = list(frame.allowed)
    if frame.default is not None:
        have.default = frame.default if have.default in (None, frame.default) else None
    for attr in ("page", "table", "grid", "refers", "none", "max_items", "not_named"):
        new = getattr(frame, attr)
        if new is not None and getattr(have, attr) is None:
            setattr(have, attr, new)
    if frame.length_unit is not None:
        if have.length_unit not in (None, frame.length_unit):   # "at most 3 words" and "at most 20 characters"
            have.relative.append(f"{frame.variable} is also limited in {frame.length_unit}s")
        else:
            have.length_unit = frame.length_unit
            for attr, pick in (("min_length", max), ("max_length", min)):
                new, old = getattr(frame, attr), getattr(have, attr)
                if new is not None:
                    setattr(have, attr, new if old is None else pick(old, new))
    have.excluded.extend(x for x in frame.excluded if x not in have.excluded)
    if frame.pattern is not None:
        if have.pattern not in (None, frame.pattern):
            have.relative.append(f"{frame.variable} is also written in the form {frame.pattern}")
        else:
            have.pattern = frame.pattern
    if have.kind != TEXT:   # "a single word" and "one of …": the values listed are all it may be
        have.min_length = have.max_length = have.length_unit = have.pattern = None
        have.excluded = []
    have.unique = have.unique or frame.unique
    have.distinct = have.distinct or frame.distinct
    have.other = have.other or frame.other
    if frame.negative_ok:
        low = [m for m in (have.min, frame.min) if m is not None and m < 0]
        have.min, have.min_source = (max(low) if low else None), "negative"


def _says_something(c: Constraint) -> bool:
    """Does the constraint limit values (or leave words unread that could), name a default or a thing?"""
    read = bool(c.kind not in ("", TEXT) or c.min is not None or c.max is not None or c.allowed or
                c.default is not None or c.refers or c.none is not None or c.relative or c.min_source == "negative" or
                c.distinct or c.not_named or c.min_length is not None or c.max_length is not None or c.excluded
                or c.pattern)
    if read:
        return True
    return any(_VALUE_WORDS.search(w) or D.limit_marked(w) for w in c.partial)


def _qualified(owner_key: str, owners: set[str]) -> str | None:
    """ "rogue lord" when "lord" is an owner: a kind of that owner (its limit is a condition)."""
    words = owner_key.split()
    for i in range(1, len(words)):
        tail = " ".join(words[i:])
        if tail in owners:
            return tail
    return None


def infer_constraints(ruleset: Ruleset) -> list[Constraint]:
    """The constraints the Ruleset states, Appendix defaults first, then rules in page order."""
    appendix = _appendix_constraints(ruleset)
    numeric = next((c for c in appendix if c.variable == NUMERIC), None)
    read, silent = [], []
    for rule in _rules_read(ruleset):
        frames, placed, boards, quiet = _read_rule(rule)
        read.append((rule, (frames, placed, boards)))
        silent.extend(quiet)
    owners = {_owner_key(f.owner) for _, (frames, _, _) in read for f in frames if f.owner}
    # "Cooks may have at most 2 Camels": a limit said of things of a kind no rule defines (a Cook is a Player whose
    # Role is Cook): which things it is said of is not known, so it is read in part
    kinds = {_owner_key(f.owner) for _, (frames, _, _) in read for f in frames if f.owner and not f.said_of} | \
        {_owner_key(t.thing) for _, (_, placed, _) in read for t in placed} | \
        {_owner_key(term) for term in (player_term(ruleset), "Player") if term} | \
        {variable_key(f.variable) for _, (frames, _, _) in read for f in frames if f.kind == LIST and f.variable}
    for _, (frames, _, _) in read:
        for i, f in enumerate(frames):
            if f.said_of and f.owner and _owner_key(f.owner) not in kinds and \
                    _qualified(_owner_key(f.owner), owners) is None and not f.unread:
                frames[i] = replace(f, unread=(f"said of {language.plural(f.owner)} only: {f.sentence.rstrip('.')}",))
    merged: dict[tuple[str, str], Constraint] = {}
    things: list[D.Things] = []
    grids: list[D.Grid] = []
    lists_of: list[tuple[str, D.Frame]] = []   # "No Camel may be in more than one Stable": every list of Camels
    for rule, (frames, placed, boards) in read:
        things.extend(placed)
        grids.extend(boards)
        for frame in frames:
            if frame.variable is None and frame.owner is None and frame.refers and frame.unread:
                lists_of.append((_owner_key(frame.refers), frame))
                continue
            if not frame.says_something():
                continue   # "Each Island has a Name and a Mayor": nothing of their values
            key = variable_key(frame.variable) if frame.variable else ""
            # what every cell of a grid holds is that grid's own ("The Map" and "The Board" both hold a Cell)
            owner = _owner_key(frame.owner) or (f"grid {label_key(frame.grid)}" if frame.grid else "")
            base = _qualified(owner, owners) if owner else None
            if base is not None:
                # "A Rogue Lord may only hold 1 Electoral Vote": a condition on the Lord's variable
                said = _condition(frame)
                frame = D.Frame(frame.variable, owner=base, kind=frame.kind,
                                relative=(f"for a {frame.owner}: {said}",) if said else (), unread=frame.unread,
                                sentence=frame.sentence)
                owner = base
            if not key and frame.variable is not None:
                continue
            same_var = [k for k in merged if k[0] == key and key]
            if owner and (key, owner) not in merged and (key, "") in merged and not any(k[1] for k in same_var):
                merged[(key, owner)] = merged.pop((key, ""))   # the owner named later
                merged[(key, owner)].owner = _title(singular_phrase(frame.owner or owner))
            targets = [(key, owner)] if owner else (same_var or [(key, "")])
            for target in targets:
                have = merged.get(target)
                if have is None:
                    merged[target] = _new(frame, rule)
                else:
                    _absorb(have, frame)
    lists = {k[0]: c for k, c in merged.items() if c.kind == LIST}
    for key, c in list(merged.items()):
        owner_list = lists.get(key[1]) if key[1] else None
        if owner_list is not None and owner_list is not c:
            # "A Pack may never contain more than 3 Goods", where a Pack is a list: how many items it holds
            if c.max is not None and c.min is None and not c.partial and not c.relative:
                owner_list.max_items = c.max if owner_list.max_items is None else min(owner_list.max_items, c.max)
            else:
                owner_list.partial.extend(s for s in c.sentences if s not in owner_list.partial)
            owner_list.sentences.extend(s for s in c.sentences if s not in owner_list.sentences)
            del merged[key]
    for c in merged.values():
        if c.kind == LIST and c.refers and not c.allowed:
            # "a list of Goods" + "Each Good is one of Salt, Silk or Spice": the values each item may be
            kind = merged.get((variable_key(c.refers), ""))
            if kind is not None and kind.kind == ENUM and kind.allowed and not kind.partial:
                c.allowed, c.refers = list(kind.allowed), None
                c.sentences.extend(x for x in kind.sentences if x not in c.sentences)
        for thing, frame in lists_of:
            if c.kind == LIST and c.refers and _owner_key(c.refers) == thing:
                c.partial.extend(w for w in frame.unread if w not in c.partial)
                if frame.sentence not in c.sentences:
                    c.sentences.append(frame.sentence)
    out = list(appendix)
    tracking = ruleset.tracking_page()
    for c in merged.values():
        _place(c, things, grids, tracking)
        if not c.kind:
            # only a default was said ("New Lords begin with 100 Confidence" without a type): a number
            # default makes it numeric, a set of values a choice, anything else is text
            if c.allowed:
                c.kind = ENUM
            elif c.default is not None and re.fullmatch(r"-?\d+", c.default):
                c.kind = INTEGER
            else:
                c.kind = TEXT
        if c.kind == INTEGER:
            if c.min_source == "negative":
                c.min_source = None
            elif c.min is None and numeric is not None:
                c.min = 0
                c.min_source = numeric.source
                c.min_sentence = numeric.sentence
        if c.kind == ENUM and c.default is not None and c.allowed and \
                c.default.casefold() not in {a.casefold() for a in c.allowed}:
            c.default = None
        if _says_something(c):
            out.append(c)
    _limits_unread(silent, [c for c in out if c.origin == RULE_ORIGIN])
    return out


def _condition(frame: D.Frame) -> str:
    bits = []
    if frame.min is not None:
        bits.append(f"at least {frame.min}")
    if frame.max is not None:
        bits.append(f"at most {frame.max}")
    if frame.allowed:
        bits.append("one of " + ", ".join(frame.allowed))
    return " and ".join(bits)


def _place(c: Constraint, things: list[D.Things], grids: list[D.Grid], tracking: list[str] | tuple) -> None:
    """Where the constraint's variable stands: the table of its owner's things, every cell of a grid,
    the tracking page."""
    # "Unless otherwise stated, all publicly tracked gamestate information is tracked on it."
    if c.page is None and tracking and any("publicly tracked" in s for s in c.sentences):
        c.page = tracking[0]
    if c.owner is None:
        return
    owner = {_owner_key(c.owner)}
    for grid in grids:
        if _owner_key(grid.cell) in owner and c.table is None:
            # "The Game Board is a 10 by 10 grid of cells" + "Each Cell has a Content …": the content
            # of every cell of that board (its coordinates are the grid's own)
            if c.key not in _GRID_COORDINATES and c.grid is None:
                c.grid = grid.name
                if grid.sentence not in c.sentences:
                    c.sentences.append(grid.sentence)
            return
    if c.table is None:
        for placed in things:
            if _owner_key(placed.thing) in owner and placed.table:
                c.table, c.page = placed.table, placed.page or c.page
                c.sentences.append(placed.sentence)
                return


# --------------------------------------------------------------------------- overrides, output

def merge(inferred: list[Constraint], overrides: list[Constraint | Disable]) -> list[Constraint]:
    """Inferred constraints with the overrides applied: an override replaces every inferred
    constraint of its variable (in its table, grid or owner's things, when it names one); ``off``
    becomes an ``off`` constraint that tells the check to leave that variable alone."""
    result = list(inferred)
    for o in overrides:
        c = o.as_constraint() if isinstance(o, Disable) else o
        keys = c.keys() if c.kind != OFF else {c.key}
        kept = []
        for old in result:
            same_var = bool(keys & old.keys()) or old.key == c.key
            same_scope = all(mine is None or theirs is None or same(mine, theirs) for mine, theirs, same in (
                (c.table, old.table, lambda a, b: variable_key(a) == variable_key(b)),
                (c.grid, old.grid, lambda a, b: label_key(a) == label_key(b)),
                (c.owner, old.owner, lambda a, b: _owner_key(a) == _owner_key(b))))
            if same_var and same_scope:
                continue
            kept.append(old)
        result = kept + [c]
    return result


def constraints_to_json(constraints: list[Constraint]) -> list[dict]:
    """JSON-able list for ``wikibot constraints --json``; each with ``override``: the overrides page's line
    that states it (to copy onto the page and correct)."""
    return [{**c.to_dict(), "override": override_line(c) if c.variable else None} for c in constraints]


def describe_constraints(constraints: list[Constraint]) -> list[str]:
    """One readable line per constraint, with its source: for ``wikibot constraints``. A constraint
    read in part says so first, with the words not read."""
    lines = []
    for c in constraints:
        bits = [("READ IN PART: " if c.partial else "") + c.describe(c.variable or f"every variable of a {c.owner}")]
        if c.default is not None:
            bits.append(f"default {c.default if c.default != '' else 'blank'}")
        where = " / ".join(x for x in (c.page, c.table) if x)
        if where:
            bits.append(f"tracked in {where}")
        if c.grid:
            bits.append(f"in every cell of the grid {c.grid}")
        line = "; ".join(bits) + f" ({c.source})"
        if c.min_source and c.kind == INTEGER:
            line += f" [non-negative: {c.min_source}]"
        lines.append(line)
        for s in c.sentences:
            lines.append(f"    “{s}”")
        if c.variable and c.origin != OVERRIDE_ORIGIN:
            lines.append(f"    to override: {override_line(c)}")
    return lines


def valid_player_name(name: str, constraint: Constraint) -> bool:
    """Does ``name`` obey the name rule? Spaces count as underscores (MediaWiki user names)."""
    name = name.strip().replace(" ", "_")
    lo = constraint.min if constraint.min is not None else 1
    hi = constraint.max if constraint.max is not None else 10 ** 6
    return lo <= len(name) <= hi and bool(_NAME_CHARS.fullmatch(name))


__all__ = [
    "Constraint", "Disable", "OverrideError", "infer_constraints", "parse_overrides", "merge",
    "constraints_to_json", "describe_constraints", "valid_player_name", "variable_key",
    "INTEGER", "ENUM", "NAME", "TEXT", "LIST", "OFF", "NUMERIC", "PLAYER_NAMES",
]

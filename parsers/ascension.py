"""An Ascension Address, read into a :class:`ResetPlan`.

The Address is a blog post: a title, story text, and a few instructions, each winner wording them
differently ("Repeal all dynastic rules except for the rule named “Hibernation”", "Change synonyms
as follows: “A” to “B”; “C” to “D”", "Set X and Y to Active, and all other Special Case rules to
their default values", "It is my wish that Rules 12 to 19 are repealed, and that “A” shall be
replaced with “B”, “C” with “D”" …).

Reading uses the shared language (:mod:`parsers.language`): sentences are found with
``sentence_spans`` (a sentence ending in ";" or introducing a list with ":" is read with the rest of
its line), quotes are masked so that nothing quoted is ever read as an instruction word, and each
sentence is cut into clauses at the words that open instructions. Each clause is read by the
instruction grammar and its frames (:func:`parsers.frames.read` in an Address: repeal, keep, Special
Case statuses, terms — ordered or stated), else by the first row of :data:`PHRASINGS` (the theme, the
tracking page, Building Blocks, things outside the reset: one row per shape, the pattern, the reader)
that fits it whole. A clause neither reads is one of three things:

* an instruction about the reset that the bot cannot read with certainty (an imperative, or a
  sentence naming a rule, a term, a Special Case rule, the tracking page or Building Blocks):
  ``plan.unreadable``, with its sentence — the reset then refuses, naming it;
* an instruction outside the reset (a player's value, failing Proposals, an Imperial Style, creating
  a page) or a remark about switching a rule on: ``plan.outside``, named for an Admin;
* story: ``plan.story``.

Nothing is dropped silently.

The request page may instead carry the structured form::

    {{Ascension|Player=Necromancer|Emperor=Grim Reaper|keep=Hibernation, Other|inactive=…|
      active=…|tracking=The Graveyard|blocks=…|theme=…}}

Pure: text in, plan out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

import mwparserfromhell

from parsers import frames, language, limits, names
from parsers import ruleset as R
from parsers import steps as st
from parsers.ruleset import ACTIVE, INACTIVE


class TermChange(NamedTuple):
    """One term change asked for: ``old`` is a Synonyms key or a current term; ``plural`` the new
    plural when the Address gives one ("Person (or People when plural)")."""

    old: str
    new: str
    plural: str | None = None


@dataclass
class Instruction:
    """One instruction read from the Address: what it is and the words it came from."""

    kind: str
    sentence: str
    detail: str = ""


@dataclass
class Unreadable:
    sentence: str
    reason: str


@dataclass
class ResetPlan:
    """What an Ascension Address asks of the Dynastic Reset.

    ``kept``: dynastic rules to keep (None: the Address said nothing about keeping; [] : keep none);
    ``keep_all``: keep every dynastic rule; ``repeal_all``: "Repeal all (dynastic) rules";
    ``repealed``: rules named for repeal. ``terms``: (old, new, plural) — old is a Synonyms key or
    a current term. ``statuses``: Special Case rules set away from default; ``reset_to_default`` /
    ``all_special_case``: "reset all Special Case rules to their default values" / "Keep all special
    case rules active". ``building_blocks``: chosen (None: no statement, so the Recommended ones).
    ``outside``: instructions that are not part of the reset (failing Proposals, Imperial Style, a
    player's value, creating a page) and remarks naming a rule: named for an Admin, never dropped.
    ``unreadable``: instruction-like sentences the bot could not read. ``repeal_only``: "Keep all
    dynastic rules except X" (only ``repealed`` go). ``tracking_from``: the old tracking page the
    Address names ("from “The Octagon” to …"). ``parts``: each part read, with its sentence;
    ``story``: what was set aside as story.
    """

    theme: str | None = None
    kept: list[str] | None = None
    keep_all: bool = False
    repeal_all: bool = False
    repealed: list[str] = field(default_factory=list)
    terms: list[TermChange] = field(default_factory=list)
    statuses: dict[str, str] = field(default_factory=dict)
    reset_to_default: bool = False
    all_special_case: str | None = None
    tracking_page: str | None = None
    building_blocks: list[str] | None = None
    building_blocks_removed: list[str] = field(default_factory=list)
    outside: list[Instruction] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)
    structured: bool = False
    repeal_only: bool = False
    tracking_from: str | None = None
    parts: list[Instruction] = field(default_factory=list)
    story: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- text clean-up
_MOJIBAKE = [("\u00e2\u20ac\u0153", "\u201c"), ("\u00e2\u20ac\u009d", "\u201d"), ("\u00e2\u20ac\u2122", "\u2019"),
             ("\u00e2\u20ac\u02dc", "\u2018"), ("\u00e2\u20ac\u201d", "\u2014"), ("\u00e2\u20ac\u201c", "\u2013"),
             ("\u00e2\u20ac\u00a6", "\u2026"), ("\u00e2\u20ac", "\u201d"), ("\u00c2\u00a0", " ")]


def fix_mojibake(text: str) -> str:
    """UTF-8 read as cp1252 ("â€œ") back to the characters meant."""
    for bad, good in _MOJIBAKE:
        text = text.replace(bad, good)
    return text


def _clean(name: str) -> str:
    """A name as meant: quotes, surrounding space and trailing punctuation dropped ("“Feudal Contract.”")."""
    name = names.strip_quotes(name.strip().rstrip(".,;:!").strip())
    name = names.strip_quotes(name.rstrip(".,;:!").strip())
    return " ".join(name.split())


# Fragments of the phrasing patterns. Patterns run on a *masked* clause (parsers.language.mask):
# every quoted span is one token, so nothing inside quotes is ever read as an instruction word.
_TOK = language.TOKEN
_THE = r"(?:the\s+)?"
_ALL = r"(?:(?:all|every)\s+(?:of\s+)?)?(?:the\s+)?(?:current\s+|existing\s+|remaining\s+)?"
_DYN = r"(?:(?:dynastic|non-?core)\s+)?"
_EXCEPT = r"(?:except(?:\s+for)?|expect\s+for|but(?:\s+for)?|other\s+than|save(?:\s+for)?|apart\s+from|excluding)"
_SC = r"special[\s-]+case"
#: Where a clause about "the others" begins inside a sentence ("…, and all other Special Case rules to …").
_OTHERS_CUT = (rf"(?:all\s+(?:of\s+)?(?:the\s+)?(?:other\s+|remaining\s+)?|(?:the\s+)?(?:other|remaining)\s+)"
               rf"(?:{_SC}\s+rules|others)|the\s+(?:rest|others)")
_TRACK = r"(?:(?:gamestate|dynastic|game\s*state)\s+)?tracking\s+(?:wiki\s+)?page"
_BB = r"building[\s-]+blocks?(?:\s+rules?)?"
_TERMISH = r"(?:synonyms?|terms?|words?|keywords?)"
_PLURAL = (r"(?:\s*\(\s*(?:or\s+)?(?P<pl>[^()]+?)\s+(?:when|if|in\s+the)\s+plural\s*\)"
           r"|\s*\(\s*plural(?:\s+form)?\s*:?\s*(?P<pl2>[^()]+?)\s*\)"
           r"|\s*\(\s*(?P<pl3>[^()]+?),?\s+(?:in\s+the\s+)?plural\s*\))")
_STATUS_WORDS = {"active": ACTIVE, "on": ACTIVE, "enabled": ACTIVE, "inactive": INACTIVE, "off": INACTIVE,
                 "disabled": INACTIVE}

#: The verbs that open an instruction in an Address (an imperative at the start of a clause).
VERBS = ("repeal", "remove", "delete", "keep", "retain", "set", "change", "rename", "replace", "reset", "fail",
         "veto", "make", "include", "add", "transcribe", "use", "activate", "deactivate", "enable", "disable",
         "select", "choose", "insert", "mark", "turn", "switch", "leave", "update", "move", "swap", "restore",
         "return", "create", "give", "grant", "award", "let", "do not", "don't")
#: Verbs that only ever speak of the reset's business: unread after them is never story.
_RESET_VERBS = {"repeal", "rename", "activate", "deactivate", "enable", "disable", "retain", "transcribe", "replace"}
_VERB = "|".join(v.replace(" ", r"\s+") for v in VERBS)
#: What the reset is about: a sentence naming one of these and shaped like an instruction is read or refused.
_RESET_NOUNS = re.compile(
    rf"\b(?:rules?|ruleset|{_TERMISH}|{_SC}|tracking\s+page|building\s+blocks?|dynast(?:y|ic)|active|inactive"
    r"|theme|GNDT)\b", re.I)
#: What a gamestate instruction names: a player's value, a page, a number.
_GAMESTATE_SIGNS = re.compile(r"(?:\w[\u2019']s\b|\b\d+\b|\b(?:page|proposals?|votes?|gamestate|wiki)\b)", re.I)
#: A sentence stating a player's value: "Josh's Coins are set to 3", "each Player gains 2 Coins",
#: "Players start with 10 Coins".
_GAMESTATE_STATEMENT = re.compile(
    r"(?:\w[\u2019']s\s+[A-Z]\w*|\b(?:each|every|all)\s+[A-Z]\w*|^[A-Z]\w*s)\b.*?\b(?:(?:is|are)\s+(?:re)?set|gains?|loses?"
    r"|starts?\s+with|begins?\s+with|receives?|(?:is|are)\s+(?:now\s+)?\d+)\b")
#: "The Emperor shall henceforth be known as …", "Players are now called …": a renaming, read or refused.
_RENAMING = re.compile(rf"^(?:[Tt]he\s+)?(?:{_TOK}|(?!The\s)[A-Z][\w\u2019'\-]*(?:\s+[A-Z][\w\u2019'\-]*)*)\s+"
                       r"(?:(?:shall|will|is|are|should)\s+)?(?:\w+\s+)?(?:be\s+)?(?:known\s+as|called|renamed"
                       rf"|replaced\s+(?:with|by)|becomes?|now)\s+(?:the\s+)?(?:{_TOK}|[A-Z])"
                       rf"|(?:{_TOK}|\b[A-Z][\w\u2019'\-]*)\s+(?:shall|will|is|are)\s+(?:now\s+|henceforth\s+)?(?:be\s+)?"
                       r"(?:known\s+as|called|renamed)\b")
#: Words no story uses: an unread sentence naming them is an instruction the bot could not read.
_STRONG = re.compile(rf"\b(?:tracking\s+page|synonyms?|{_SC}\s+rules?|building\s+blocks?|dynastic\s+rules?|keywords?"
                     r"|repeal(?:s|ed)?|theme\s+(?:of|for|is|shall|will)|(?:player|emperor|leader)\s+term|term\s+for)\b",
                     re.I)
_MODAL = re.compile(r"\b(?:shall|will|must|is\s+to|are\s+to|are|is)\s+(?:be\s+|now\s+)?(?:hereby\s+)?"
                    r"(?:repealed|kept|retained|replaced|renamed|changed|set|switched|turned|activated|deactivated"
                    r"|removed|included|active|inactive|known)\b", re.I)


class _Ctx:
    """What a reader sees: the plan, the masked clause and sentence, the Ruleset's rule names."""

    def __init__(self, plan: "ResetPlan", known: list[str] | None):
        self.plan = plan
        self.known = known
        self.keys = {names.normalize(k) for k in known} if known else set()   # worked out once
        self.ruleset_words: Counter | None = None   # every word the Ruleset uses, counted, when it is given
        self.masked: language.Masked | None = None
        self.sentence = ""
        self.last_kind = ""

    def text(self, frag: str) -> str:
        return self.masked.restore(frag)

    def names(self, frag: str) -> list[str]:
        """The names a masked list gives, or [] when a part of it is not a name ("Stockpiles, which
        becomes a Special Case rule"): a quoted name, Capitalised words, or a name the Ruleset has."""
        keys = self.keys
        for part in _parts(frag):
            part = _RULE_WORDS.sub("", part).strip()
            if re.fullmatch(rf"(?:the\s+)?{_TOK}", part):
                continue
            if not (_is_name(part) or names.normalize(self.text(part)) in keys) \
                    or re.search(r"\b(?:active|inactive)\b", part, re.I):
                return []
        return split_names(self.text(frag), self.known, keys=self.keys)


_RULE_WORDS = re.compile(rf"^(?:for\s+)?(?:the\s+)?(?:{language.SECTION_WORD}\s+)?"
                         r"(?:rules?|subrules?)\s+(?:(?:named|called|titled|entitled)\s+)?", re.I)


def _is_name(text: str) -> bool:
    """A quoted name, a [[link]], or Capitalised words ("Wielder of Vetoes", "Koen’s Band")."""
    text = text.strip()
    text = re.sub(r"^(?:the|a|an)\s+(?=[A-Z\x01\[])", "", text)
    if re.fullmatch(_TOK, text) or re.fullmatch(r"\[\[[^\]|]+(?:\|[^\]]*)?\]\]", text):
        return True
    return names.capitalised(text)


# --------------------------------------------------------------------------- readers
def _theme(ctx: _Ctx, m: re.Match) -> str | None:
    raw = m.group("x").strip().rstrip(".!")
    if not (_is_name(raw) or re.fullmatch(r"[\w\u2019'\- ]{1,60}", raw) and len(raw.split()) <= 6
            and not re.search(rf"\b(?:{_VERB}|becomes?|and)\b", raw, re.I)):
        return None
    ctx.plan.theme = _clean(ctx.text(raw))
    return f"theme “{ctx.plan.theme}”" if ctx.plan.theme else None


def _tracking(ctx: _Ctx, m: re.Match) -> str | None:
    raw = m.group("x").strip()
    raw = re.sub(r"\s+page(?:\s+(?:of|on)\s+the\s+wiki)?$", "", raw, flags=re.I)
    if not _is_name(raw):
        return None
    name = _clean(re.sub(r"^\[\[([^\]|]+)(?:\|[^\]]*)?\]\]$", r"\1", _clean(ctx.text(re.sub(r"^(?:the|a|an)\s+", "", raw,
                                                                                           flags=re.I)))))
    old = m.groupdict().get("old")
    if old:
        if not _is_name(old):
            return None
        ctx.plan.tracking_from = _clean(ctx.text(old))
    ctx.plan.tracking_page = name
    return f"new gamestate tracking page “{name}”" + (f" (instead of “{ctx.plan.tracking_from}”)" if old else "")


def _blocks_none(ctx: _Ctx, m: re.Match) -> str | None:
    ctx.plan.building_blocks = []
    return "no Building Blocks"


def _blocks_include(ctx: _Ctx, m: re.Match) -> str | None:
    raw = re.sub(r"\s+(?:in(?:to)?|to)\s+the\s+ruleset$", "", m.group("x").strip(), flags=re.I)
    raw = re.sub(r"^(?:the\s+)?(?:rules?\s+)?(?:named|called)?\s*", "", raw, flags=re.I)
    chosen = ctx.names(raw)
    if not chosen or not all(_is_name(p) for p in _parts(raw)):
        return None
    ctx.plan.building_blocks = (ctx.plan.building_blocks or []) + chosen
    return "Building Blocks: " + ", ".join(f"“{c}”" for c in chosen)


def _blocks_add(ctx: _Ctx, m: re.Match) -> str | None:
    if ctx.last_kind != "building blocks":
        return None
    return _blocks_include(ctx, m)


def _blocks_remove(ctx: _Ctx, m: re.Match) -> str | None:
    removed = ctx.names(m.group("x"))
    if not removed:
        return None
    ctx.plan.building_blocks_removed.extend(removed)
    return "remove the Building Blocks " + ", ".join(f"“{r}”" for r in removed)


def _outside(ctx: _Ctx, m: re.Match) -> str | None:
    ctx.plan.outside.append(Instruction("outside", ctx.sentence, ctx.text(m.group(0))))
    return "outside the reset"


def _parts(frag: str) -> list[str]:
    """A masked list split at its commas and "and"s."""
    return [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", frag) if p.strip()]


# --------------------------------------------------------------------------- the phrasings
class Phrasing(NamedTuple):
    """One shape of instruction real Addresses use: the part of the reset it is, its pattern (on the
    masked clause, whole), and the reader that puts it into the plan (None from the reader: not this)."""

    kind: str
    shape: str
    pattern: re.Pattern
    reader: object


def _p(kind: str, shape: str, pattern: str, reader) -> Phrasing:
    return Phrasing(kind, shape, re.compile(rf"^(?:{pattern})$", re.I), reader)


_NAMEQ = (rf"(?P<x>(?:the\s+)?(?:{_TOK}|\[\[[^\]]+\]\]|[A-Z0-9][^,;]*?)"
          r"(?:\s+page(?:\s+(?:of|on)\s+the\s+wiki)?)?)")
PHRASINGS: list[Phrasing] = [
    # -- theme
    _p("theme", "The theme of this dynasty is X / The dynasty’s theme shall be X",
       r"(?:the\s+)?(?:new\s+)?(?:dynasty[\u2019']?s\s+|dynastic\s+)?theme(?:\s+(?:of|for)\s+(?:this|the\s+new)\s+dynasty)?"
       r"\s*(?:shall\s+be|will\s+be|is|:)\s*(?P<x>.+)", _theme),
    _p("theme", "Set the theme to X",
       r"(?:set|change)\s+the\s+(?:dynasty[\u2019']?s\s+|dynastic\s+)?theme\s+to\s+(?P<x>.+)", _theme),
    # -- tracking page
    _p("tracking page", "Change the gamestate tracking page (from X) to (a new page entitled) Y",
       rf"(?:change|set|rename|move|update)\s+(?:the\s+name\s+of\s+)?{_THE}{_TRACK}(?:\s+for\s+this\s+dynasty)?"
       rf"(?:\s+from\s+(?P<old>{_TOK}|[A-Z][^,;]*?))?\s+to\s+(?:be\s+)?(?:a\s+new\s+page\s+(?:entitled|called|named)\s+)?"
       rf"{_NAMEQ}", _tracking),
    _p("tracking page", "The gamestate tracking page for this dynasty is X",
       rf"{_THE}(?:new\s+)?{_TRACK}(?:\s+for\s+(?:this|the\s+new)\s+dynasty)?(?:\s+(?:shall\s+be|will\s+be|is(?:\s+now)?)\s+"
       rf"|\s*:\s*){_NAMEQ}", _tracking),
    _p("tracking page", "Use X as the tracking page",
       rf"use\s+{_NAMEQ}\s+as\s+the\s+(?:new\s+)?{_TRACK}", _tracking),
    # (Special Case statuses — "Set X and Y to Inactive", "Switch X on", "X is switched on", "Keep all Special
    # Case rules active", "… revert to their defaults" — are read by the grammar, parsers/instructions.lark)
    # -- Building Blocks (before repeal: "Remove all Building Blocks" is not a repeal of the rules)
    _p("building blocks", "Use no Building Blocks / Remove all Building Blocks",
       rf"(?:include|use|select|choose|add|transcribe|keep)\s+no\s+{_BB}|(?:remove|repeal)\s+{_ALL}{_BB}"
       rf"|no\s+{_BB}\s+(?:are|is|will\s+be|shall\s+be)\s+\w+", _blocks_none),
    _p("building blocks", "Remove all Building Blocks except X",
       rf"(?:remove|repeal)\s+{_ALL}{_BB}\s*,?\s+{_EXCEPT}\s+(?P<x>.+)", _blocks_include),
    _p("building blocks", "Include the Building Blocks X and Y (in the ruleset)",
       rf"(?:include|use|select|choose|add|transcribe|insert|keep)\s+{_THE}(?:following\s+)?{_BB}\s*:?\s*(?P<x>.+)",
       _blocks_include),
    _p("building blocks", "Building Blocks: X, Y",
       rf"{_THE}{_BB}(?:\s+in\s+use)?(?:\s+for\s+this\s+dynasty)?\s*(?::|(?:shall|will)\s+be|are|is)\s*(?P<x>.+)",
       _blocks_include),
    _p("building blocks", "Include X from the Building Blocks page",
       rf"(?:include|use|select|choose|add|transcribe|insert)\s+(?P<x>.+?)\s+(?:from\s+the\s+building\s+blocks"
       rf"(?:\s+page)?|as\s+(?:a\s+)?{_BB})", _blocks_include),
    _p("building blocks", "(…Building Blocks…), then add X",
       r"(?:add|include|insert)\s+(?P<x>.+)", _blocks_add),
    _p("building blocks", "Remove the Building Block X",
       rf"(?:remove|repeal)\s+{_THE}{_BB}\s*:?\s*(?P<x>.+)", _blocks_remove),
    # (repeal and keep — "Repeal all dynastic rules except X", "Rules 11 to 13 are repealed", "Do not keep any
    # dynastic rules", "All other dynastic rules are repealed", "We are keeping the rule X", "Dynastic rules to
    # keep: X, Y" — are read by the grammar, parsers/instructions.lark)
    # -- read, but not part of the reset: an Admin does them
    _p("outside", "Fail all pending Proposals …",
       r"(?:fail|veto)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+the\s+)?(?:pending\s+)?(?:proposals?|votable\s+matters)\b.*",
       _outside),
    _p("outside", "My Imperial Style is … / Imperial Styles: …",
       r"(?:(?:my|the)\s+)?imperial\s+styles?\b.*", _outside),
    _p("outside", "… and then create that page",
       r"create\s+(?:that|this|the)\s+(?:new\s+)?(?:wiki\s+)?page\b.*", _outside),
    # (terms — "Change A to B and C to D (or E when plural)", "Replace A/As with B/Bs", "A becomes B", "The
    # term “A” shall be replaced with “B”", "Synonyms: A to B, C to D", "A -> B" — are read by the grammar,
    # parsers/instructions.lark)
]

# A lead-in that carries no instruction of its own: "Finally, ", "I hereby decree that ", "--- ",
# "By order of the House, the Ruleset is amended by repealing …".
_LEAD = re.compile(
    r"^(?:[-\u2013\u2014*#:\u2022>]+\s*"
    r"|(?:and|also|then|finally|please|additionally|lastly|first(?:ly)?|second(?:ly)?|next|so|now|thus|hence"
    r"|therefore)\b[,\s]*"
    r"|(?:(?:I|we)\s+(?:hereby\s+)?(?:decree|declare|order|command|ask|request|rule)|it\s+is\s+(?:my|our)\s+"
    r"(?:wish|will|decree)|let\s+it\s+be\s+known)\s+that\s+"
    r"|that\s+(?=\S)"
    rf"|(?:(?:I|we)(?:[\u2019']d\s+like\s+to|\s+would\s+like\s+to|\s+want\s+to|\s+will|\s+shall|\s+hereby|\s+choose\s+to)"
    rf"|let[\u2019']s|let\s+us)\s+(?=(?:{_VERB})\b)"
    r"|(?:in|for)\s+(?:this|the\s+new|the\s+coming)\s+dynasty\s*,\s*|from\s+now\s+on\s*,\s*|henceforth\s*,\s*"
    rf"|(?:{_SC}\s+rules?|dynastic\s+rules?|terms|synonyms|building\s+blocks)\s*:\s*(?=(?:{_VERB})\b)"
    r"|by\s+order\s+of\s+[^,]+,\s*"
    r"|the\s+ruleset\s+is\s+(?:hereby\s+)?amended\s+(?=by\s))", re.I)
_GERUND = {"repealing": "repeal", "replacing": "replace", "renaming": "rename", "changing": "change",
           "setting": "set", "keeping": "keep", "removing": "remove", "activating": "activate",
           "deactivating": "deactivate", "including": "include", "adding": "add", "retaining": "retain"}
_CLAUSE_CUT = re.compile(
    rf"(?:\s*;\s*(?:and\s+)?|,\s*(?:and\s+|then\s+|also\s+|but\s+)*|\s+and\s+(?:then\s+|also\s+)?|\s+(?:then|but)\s+)"
    rf"(?=(?:(?:{_VERB}|by\s+(?:{'|'.join(_GERUND)})|{_OTHERS_CUT}|(?:all\s+)?other\s+{_DYN}rules)\b|that\s))"
    rf"|(?<=\x02)\s+(?=(?:{'|'.join(v.capitalize() for v in VERBS if ' ' not in v)})\b)", re.I)


def _strip_lead(clause: str) -> str:
    previous = None
    while previous != clause:
        previous = clause
        # "(Replace “A” with “B”.)": an instruction in brackets is still an instruction
        wrapped = re.fullmatch(r"\(\s*(.+?)\s*[.;]?\s*\)[.;]?|\[\s*(.+?)\s*[.;]?\s*\][.;]?", clause.strip(), re.S)
        if wrapped and re.match(rf"(?:(?:{_VERB})\b|by\s)", wrapped.group(1) or wrapped.group(2), re.I):
            clause = (wrapped.group(1) or wrapped.group(2)).strip()
        clause = _LEAD.sub("", clause, count=1).strip()
        m = re.match(rf"^by\s+({'|'.join(_GERUND)})\b", clause, re.I)
        if m:
            clause = _GERUND[m.group(1).lower()] + clause[m.end():]
    return clause.rstrip(".!;:, ").strip()


def _clauses(masked: str) -> list[str]:
    cuts = [0]
    for m in _CLAUSE_CUT.finditer(masked):
        cuts += [m.start(), m.end()]
    cuts.append(len(masked))
    return [masked[cuts[i]:cuts[i + 1]].strip() for i in range(0, len(cuts), 2) if masked[cuts[i]:cuts[i + 1]].strip()]


class _ByGrammar(NamedTuple):
    """A clause the instruction grammar read (``parsers/instructions.lark``): the part of the reset it is."""

    kind: str


def _read_by_grammar(ctx: _Ctx, clause: str) -> _ByGrammar | None:
    """A clause as the instruction grammar and its frames read it, put in the plan: the repeal of all
    or of named rules, rules kept, Special Case statuses (and "the others to their defaults"), terms
    ("Change A to B", "Rename “A” to “B”", "Set the synonym for Player to B"). None when it reads as
    none of these (the phrasings of :data:`PHRASINGS` then try it)."""
    reading = frames.read(clause, ctx.masked, address=True, names=ctx.names)
    if not reading.specs:
        return None
    plan, done, kinds, said = ctx.plan, [], set(), []

    def named(ref: st.RuleRef) -> str | None:
        """A rule the Address names: with "rule", quoted, or a name the Ruleset has (or Title Case without one)."""
        if ref.previous or not ref.name:
            return None
        if ref.named_as in ("rule", "quote"):
            return _clean(ref.name)
        ok = names.normalize(ref.name) in ctx.keys if ctx.known is not None else _is_name(ref.name)
        return _clean(ref.name) if ok else None

    def listed(items: list[str]) -> str:
        return ", ".join(f"“{x}”" for x in items)

    statuses: dict[str, list[str]] = {}
    terms: list[tuple[str, str, str | None]] = []
    for sp in reading.specs:
        f = sp.fields
        if f.get("when") is not None:
            return None
        if sp.cls is st.RepealAll:
            kept = [named(r) for r in f["keep"]]
            if None in kept:
                return None
            done.append(lambda kept=kept: (setattr(plan, "repeal_all", True),
                                           setattr(plan, "kept", (plan.kept or []) + kept)))
            said.append("repeal every dynastic rule" + (" except " + listed(kept) if kept else ""))
            kinds.add("repeal")
        elif sp.cls is st.RepealRule or sp.cls is frames.KeepRules:
            rules = [named(f["rule"])] if sp.cls is st.RepealRule else [named(r) for r in f["rules"]]
            if None in rules:
                return None
            if sp.cls is st.RepealRule:
                done.append(lambda rules=rules: plan.repealed.extend(rules))
                said.append(("repeal", rules))
            else:
                done.append(lambda rules=rules: setattr(plan, "kept", (plan.kept or []) + rules))
                said.append("keep " + listed(rules))
            kinds.add("repeal")
        elif sp.cls is frames.KeepAll:
            repealed = [named(r) for r in f["repealed"]]
            if None in repealed:
                return None
            if repealed:
                done.append(lambda repealed=repealed: (setattr(plan, "repeal_only", True), plan.repealed.extend(repealed)))
                said.append("keep every dynastic rule except " + listed(repealed))
            else:
                done.append(lambda: setattr(plan, "keep_all", True))
                said.append("keep every dynastic rule")
            kinds.add("repeal")
        elif sp.cls is st.SetStatus:
            rule = named(f["rule"])
            if rule is None:
                return None
            done.append(lambda rule=rule, status=f["status"]: plan.statuses.__setitem__(rule, status))
            statuses.setdefault(f["status"], []).append(rule)
            kinds.add("special case")
        elif sp.cls in (frames.RepealOthers, frames.KeepNone):
            done.append(lambda: (setattr(plan, "repeal_all", True), setattr(plan, "kept", plan.kept or [])))
            said.append("repeal every dynastic rule not kept" if sp.cls is frames.RepealOthers else "keep no dynastic rule")
            kinds.add("repeal")
        elif sp.cls is frames.SpecialCaseAll:
            done.append(lambda status=f["status"]: setattr(plan, "all_special_case", status))
            said.append(f"every Special Case rule {f['status']}")
            kinds.add("special case")
        elif sp.cls is frames.SpecialCaseDefaults:
            done.append(lambda: setattr(plan, "reset_to_default", True))
            said.append("every Special Case rule not named goes back to its default status")
            kinds.add("special case")
        elif sp.cls is frames.TermRename:
            # (the reading gives a term only when it is quoted or Capitalised: "Replace “A” with “B”",
            # "Rename “A” to “B”" and "Change A to B" all read as this, see frames._as_term)
            old, new = f["old"], f["new"]
            plural = f.get("plural")
            old, new = _term(old or ""), _term(new or "")
            if "/" in new and not plural:  # "Monk/Monks"
                new, _, plural = new.partition("/")
            old = old.partition("/")[0]    # "Island/Islands"
            old, new = old.removesuffix("(s)").strip(), new.removesuffix("(s)").strip()
            if not (old and new) or new.casefold() in _STATUS_WORDS or new.casefold() in ("default", "defaults"):
                return None
            plural = _term(plural) if plural else None
            done.append(lambda old=old, new=new, plural=plural: plan.terms.append(TermChange(old, new, plural)))
            terms.append((old, new, plural))
            kinds.add("terms")
        else:
            return None
    if len(kinds) != 1:
        return None
    for apply in done:
        apply()
    kind = kinds.pop()
    repealed = [r for x in said if isinstance(x, tuple) for r in x[1]]
    numbers = [int(r[5:]) for r in repealed if re.fullmatch(r"Rule \d+", r)]
    if len(numbers) > 2 and len(numbers) == len(repealed) and numbers == list(range(numbers[0], numbers[-1] + 1)):
        repeal_words = [f"repeal Rules {numbers[0]} to {numbers[-1]}"]  # "Rules 11 to 16 are repealed"
    else:
        repeal_words = ["repeal " + listed(repealed)] if repealed else []
    words = [x for x in said if isinstance(x, str)] + repeal_words
    words += [f"{status}: " + listed(rules) for status, rules in statuses.items()]
    words += ["; ".join(f"“{o}” → “{n}”" + (f" (plural “{pl}”)" if pl else "") for o, n, pl in terms)] if terms else []
    plan.parts.append(Instruction(kind, ctx.sentence, "; ".join(words)))
    ctx.last_kind = kind
    return _ByGrammar(kind)


def _read_clause(ctx: _Ctx, clause: str) -> "Phrasing | _ByGrammar | None":
    by_grammar = _read_by_grammar(ctx, clause)
    if by_grammar is not None:
        return by_grammar
    for row in PHRASINGS:
        m = row.pattern.match(clause)
        if m:
            detail = row.reader(ctx, m)
            if detail:
                if row.kind != "outside":
                    ctx.plan.parts.append(Instruction(row.kind, ctx.sentence, detail))
                ctx.last_kind = row.kind
                return row
    return None


def _verb_of(clause: str) -> str | None:
    m = re.match(rf"^({_VERB})\b", clause, re.I)
    return m.group(1) if m else None


def _classify(ctx: _Ctx, clause: str) -> None:
    """A clause no phrasing reads: story, an instruction for an Admin outside the reset, or an
    instruction about the reset that the bot cannot read (which makes the reset refuse)."""
    text = ctx.text(clause)
    verb = _verb_of(clause)
    first_person = re.match(r"^(?:I|we|my|our)\b", clause, re.I)
    resetish = _RESET_NOUNS.search(clause) or re.search(_TOK, clause) and _RESET_NOUNS.search(text)
    names_a_rule = re.search(rf"\brules?\s+(?:{_TOK}|[A-Z0-9])", clause)
    if verb and not first_person:
        after = clause[len(verb):]
        if resetish or verb.lower() in _RESET_VERBS:
            ctx.plan.unreadable.append(Unreadable(ctx.sentence, f"could not read “{text}” as a reset instruction"))
        elif _GAMESTATE_SIGNS.search(after):
            ctx.plan.outside.append(Instruction("outside", ctx.sentence, text))
        elif re.search(_TOK, after) or re.search(r"\b[A-Z]", after) and _names_the_ruleset(ctx, after):
            ctx.plan.unreadable.append(Unreadable(ctx.sentence, f"could not read “{text}” as a reset instruction"))
        else:
            ctx.plan.story.append(text)
        return
    if names_a_rule and not first_person:
        ctx.plan.unreadable.append(Unreadable(ctx.sentence, f"“{text}” names a rule, but says nothing the reset can "
                                              "do with certainty"))
        return
    if _MODAL.search(clause) and resetish and not first_person or _STRONG.search(clause) or _RENAMING.search(clause):
        ctx.plan.unreadable.append(Unreadable(ctx.sentence, f"could not read “{text}” as a reset instruction"))
        return
    # A statement of a player's value ("Each Player's Coins are set to 3", "Players start with 10 Coins"):
    # gamestate, not the reset; named for an Admin.
    if _GAMESTATE_STATEMENT.search(clause) and not first_person:
        ctx.plan.outside.append(Instruction("outside", ctx.sentence, text))
        return
    # A remark that speaks of doing the reset's business ("it might be fun to activate the Traitor"):
    # not an instruction, but named for an Admin, never dropped.
    m = re.search(rf"\b(?:{'|'.join(_RESET_VERBS)}|keep(?:ing)?|(?:switch|turn)\s+(?:on|off))\s+(?:the\s+)?({_TOK}|[A-Z])",
                  clause, re.I)
    if m and (m.group(1).startswith("\x01") or m.group(1).isupper()):
        ctx.plan.outside.append(Instruction("remark", ctx.sentence, text))
        return
    ctx.plan.story.append(text)


def _names_the_ruleset(ctx: _Ctx, after: str) -> bool:
    """Does an imperative's object name something of the Ruleset ("Change Baron into …")? Without a
    Ruleset every Capitalised word might; with one, only the words it writes capitalised more often
    than not, its names and keywords ("Set sail for the Isle of Dogs!", "Keep Calm and Carry On"
    name nothing of it)."""
    counts = ctx.ruleset_words
    if counts is None:
        return True
    return any(counts[w] > counts[w.lower()] for w in re.findall(r"\b[A-Z][\w\u2019'\-]+", after))


def _units(text: str):
    """(sentence, masked sentence) of the Address, line by line: a sentence that ends in ";" or
    introduces a list with ":" is read together with the rest of its line (and, for a colon that
    ends its line, with the bulleted lines below it)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        spans = language.sentence_spans(line)
        k = 0
        while k < len(spans):
            a, b, term = spans[k]
            while k + 1 < len(spans) and (term == ":" or line[b - 1:b] == ";"):
                k += 1
                b, term = spans[k][1], spans[k][2]
            sentence = line[a:b].strip()
            # An instruction that introduces a list ("Keep the following rules:") takes the bulleted lines
            # below it; a heading ("Reset instructions:") does not, and its bullets are read one by one.
            if term == ":" and k + 1 == len(spans) and _verb_of(_strip_lead(language.mask(sentence).text)):
                while i < len(lines) and re.match(r"^\s*[*#\u2022-]", lines[i]):
                    sentence += " " + re.sub(r"^\s*[*#\u2022-]+\s*", "", lines[i]).strip().rstrip(".") + ","
                    i += 1
                sentence = sentence.rstrip(",")
            k += 1
            if sentence:
                yield sentence


def parse_address(text: str, *, ruleset=None) -> ResetPlan:
    """Read an Ascension Address (blog post text, or a page with ``{{Ascension|…}}``).

    Sentences are found and quotes masked with :mod:`parsers.language`; each sentence is cut into
    clauses at the verbs that open instructions, and each clause is read by the first row of
    :data:`PHRASINGS` that fits it whole. A clause no row reads is story, an instruction outside
    the reset (named for an Admin), or an instruction about the reset the bot cannot read (in
    ``plan.unreadable``: the reset then refuses, naming its sentence).

    ``ruleset`` (a Ruleset model or its text) is optional: with it, lists of rule names are split
    where the Ruleset's own names allow ("Victory and Ascension" stays one name). Raises
    :class:`parsers.limits.TooLarge` for an Address beyond the limit, before reading it.
    """
    limits.check_address(text)
    text = fix_mojibake(language.strip_bom(text))
    known = _known_names(ruleset)
    code = mwparserfromhell.parse(text)
    templates = [t for t in code.filter_templates(recursive=False)
                 if str(t.name).strip().replace("_", " ").casefold() in ("ascension", "ascension address", "dynastic reset")]
    if templates:
        return _from_template(templates[0], known)
    plan = ResetPlan()
    ctx = _Ctx(plan, known)
    if ruleset is not None:
        ctx.ruleset_words = Counter(re.findall(r"[\w\u2019'\-]+", ruleset if isinstance(ruleset, str) else str(ruleset)))
    title = None
    for sentence in _units(text):
        if re.match(r"^Source:\s*\S*https?://", sentence):
            continue
        m = re.match(r"^Ascension\s+Address\s*[:\u2013\u2014-]\s*(?P<t>.+)$", sentence, re.I)
        if m and title is None:
            title = _clean(m.group("t"))
            continue
        ctx.sentence = sentence
        ctx.masked = language.mask(sentence)
        ctx.last_kind = ""
        verb = None
        for clause in _clauses(ctx.masked.text):
            clause = _strip_lead(clause)
            if not clause:
                continue
            row = _read_clause(ctx, clause)
            if row is None and verb and _verb_of(clause) is None:
                row = _read_clause(ctx, f"{verb} {clause}")      # "Set X to Active, and all others to default"
            if row is None:
                _classify(ctx, clause)
            verb = _verb_of(clause) or verb
    if plan.theme is None and title:
        plan.theme = title
    _check(plan)
    return plan


def _check(plan: ResetPlan) -> None:
    if plan.keep_all and (plan.repeal_all or plan.repealed):
        plan.unreadable.append(Unreadable("keep all dynastic rules / repeal",
                                          "the Address both keeps all dynastic rules and repeals some"))
    if plan.repeal_only and (plan.repeal_all or plan.kept):
        plan.unreadable.append(Unreadable("keep all dynastic rules except … / repeal all …",
                                          "the Address both keeps every dynastic rule but some and names rules to keep"))
    seen: dict[str, str] = {}
    for change in plan.terms:
        key = change.old.casefold()
        if key in seen and seen[key] != change.new:
            plan.unreadable.append(Unreadable(f"{change.old} = {seen[key]} / {change.new}",
                                              f"“{change.old}” is given two new terms"))
        seen[key] = change.new
    if plan.all_special_case and plan.reset_to_default:
        plan.unreadable.append(Unreadable("special case rules", "the Address both resets all Special Case rules to "
                                          f"default and sets them all {plan.all_special_case}"))


def describe(plan: ResetPlan) -> dict:
    """The plan as the bot read it, for ``wikibot read --address-file``: each part with the sentence it
    came from, what is left for an Admin outside the reset, what could not be read, and the story."""
    return {
        "theme": plan.theme,
        "parts": [{"kind": p.kind, "read": p.detail, "sentence": p.sentence} for p in plan.parts],
        "outside the reset": [{"kind": o.kind, "text": o.detail, "sentence": o.sentence} for o in plan.outside],
        "not read": [{"sentence": u.sentence, "reason": u.reason} for u in plan.unreadable],
        "story": list(plan.story),
        "plan": {
            "repeal": ("all dynastic rules" if plan.repeal_all else
                       "only the rules named" if plan.repeal_only or plan.repealed else
                       "none (keep all)" if plan.keep_all else "not stated"),
            "keep": plan.kept, "repealed": plan.repealed, "keep_all": plan.keep_all,
            "terms": [{"old": t.old, "new": t.new, "plural": t.plural} for t in plan.terms],
            "special_case": dict(plan.statuses), "others_to_default": plan.reset_to_default,
            "all_special_case": plan.all_special_case, "tracking_page": plan.tracking_page,
            "building_blocks": plan.building_blocks, "building_blocks_removed": plan.building_blocks_removed,
        },
        "summary": {"parts": len(plan.parts), "outside": len(plan.outside), "not_read": len(plan.unreadable),
                    "story": len(plan.story)},
    }


def render(described: dict) -> str:
    """``describe``'s answer as lines for a terminal."""
    out = [f"theme: {described['theme'] or '(none stated)'}"]
    for part in described["parts"]:
        out.append(f"  [{part['kind']}] {part['read']}")
        out.append(f"      from: {part['sentence']}")
    for o in described["outside the reset"]:
        out.append(f"  [outside the reset] {o['text']}")
        out.append("      → not part of the Dynastic Reset: an Admin does it (or decides it is a remark)")
    for u in described["not read"]:
        out.append(f"  [NOT READ] {u['sentence']}")
        out.append(f"      {u['reason']}: the reset would refuse; reword it or act by hand")
    if described["story"]:
        out.append(f"  set aside as story: {len(described['story'])} sentences")
        for s in described["story"]:
            out.append(f"      {s if len(s) <= 100 else s[:97] + '…'}")
    s = described["summary"]
    out.append(f"read {s['parts']} parts; {s['outside']} outside the reset; {s['not_read']} not read")
    return "\n".join(out)


#: The most list items one rule name may span ("Victory and Ascension" spans two).
_LONGEST_NAME = 6


def split_names(text: str, known: list[str] | None = None, *, keys: set[str] | None = None) -> list[str]:
    """ "A, B and C" / "“A”, “B”, and “C”" → names; with ``known`` rule names, "Victory and
    Ascension" stays one name."""
    masked = language.mask(text.strip().rstrip("."))
    rest = re.sub(_TOK, "", masked.text)
    if masked.inner and not re.sub(r"(?:,|\band\b|\bor\b|\bthe\b|\brules?\b|\bnamed\b|\bcalled\b|\s)+", "", rest, flags=re.I):
        return [c for c in (_clean(q) for q in masked.inner) if c]
    parts = [masked.restore(p) for p in _parts(masked.text)]
    parts = [_strip_rule_words(p) for p in parts]
    if known:
        keys = keys if keys is not None else {names.normalize(k) for k in known}
        merged: list[str] = []
        i = 0
        while i < len(parts):
            best = 1
            for j in range(min(len(parts), i + _LONGEST_NAME), i + 1, -1):   # bounded: reading stays linear
                for glue in (" and ", ", "):
                    candidate = glue.join(parts[i:j])
                    if names.normalize(candidate) in keys and names.normalize(parts[i]) not in keys:
                        best = j - i
                        merged.append(candidate)
                        break
                if best > 1:
                    break
            if best == 1:
                merged.append(parts[i])
            i += best
        # "the Dormancy" names the rule "Dormancy"; "The Traitor" keeps its article.
        parts = [p[4:] if re.match(r"the\s", p, re.I) and names.normalize(p) not in keys
                 and names.normalize(p[4:]) in keys else p for p in merged]
    return [p for p in (_clean(p) for p in parts) if p]


def _strip_rule_words(name: str) -> str:
    name = name.strip()
    name = _RULE_WORDS.sub("", name)
    name = re.sub(r"^the\s+(?=[\u201c\"\u2018'])", "", name, flags=re.I)
    return _clean(name)


def _term(value: str) -> str:
    """A term as written: quotes dropped, "Agent(s)" → "Agent"."""
    value = _clean(value)
    return value.removesuffix("(s)")


def _status(word: str) -> str:
    return ACTIVE if word.lower().startswith("act") else INACTIVE


def _known_names(ruleset) -> list[str] | None:
    if ruleset is None:
        return None
    model = R.parse(ruleset) if isinstance(ruleset, str) else ruleset
    return [r.name for r in model.rules]


def _from_template(template, known: list[str] | None) -> ResetPlan:
    plan = ResetPlan(structured=True)
    plurals: dict[str, str] = {}
    for param in template.params:
        key = str(param.name).strip()
        value = param.value.strip_code().strip() if param.value.filter_templates() == [] else str(param.value).strip()
        low = key.casefold().replace("_", " ")
        sentence = f"{key}={value}"
        if not param.showkey:
            plan.unreadable.append(Unreadable(sentence, "an unnamed parameter: write key=value"))
            continue
        if low.endswith(" plural"):
            plurals[key[: -len(" plural")].strip().casefold()] = _clean(value)
            continue
        before = len(plan.unreadable)
        _template_param(plan, low, key, value, sentence, known)
        if len(plan.unreadable) == before:
            plan.parts.append(Instruction(_TEMPLATE_KINDS.get(low, "terms"), sentence, sentence))
    if plurals:
        plan.terms = [TermChange(t.old, t.new, plurals.get(t.old.casefold(), t.plural)) for t in plan.terms]
    _check(plan)
    return plan


#: The part of the reset each parameter of ``{{Ascension|…}}`` is (any other key is a term).
_TEMPLATE_KINDS = {"theme": "theme", "keep": "repeal", "kept": "repeal", "repeal": "repeal", "inactive": "special case",
                   "active": "special case", "special case": "special case", "special": "special case",
                   "tracking": "tracking page", "tracking page": "tracking page", "blocks": "building blocks",
                   "building blocks": "building blocks", "remove blocks": "building blocks"}


def _template_param(plan: ResetPlan, low: str, key: str, value: str, sentence: str, known: list[str] | None) -> None:
    """One ``key=value`` of ``{{Ascension|…}}`` into the plan."""
    if low == "theme":
        plan.theme = _clean(value) or None
    elif low in ("keep", "kept"):
        if value.casefold() in ("all", "*"):
            plan.keep_all = True
        elif value.casefold() in ("", "none", "nothing", "-"):
            plan.kept, plan.repeal_all = [], True
        else:
            plan.kept, plan.repeal_all = split_names(value, known), True
    elif low == "repeal":
        if value.casefold() == "all":
            plan.repeal_all = True
            plan.kept = plan.kept or []
        else:
            plan.repealed.extend(split_names(value, known))
    elif low in ("inactive", "active"):
        if value.casefold() in ("all", "*"):
            plan.all_special_case = _status(low)
        else:
            for name in split_names(value, known):
                plan.statuses[name] = _status(low)
    elif low in ("special case", "special"):
        if value.casefold() in ("default", "defaults"):
            plan.reset_to_default = True
        else:
            plan.unreadable.append(Unreadable(sentence, "special case= takes “default”; use active=/inactive= for names"))
    elif low in ("tracking", "tracking page"):
        plan.tracking_page = _clean(value) or None
    elif low in ("blocks", "building blocks"):
        plan.building_blocks = [] if value.casefold() in ("", "none") else split_names(value, known)
    elif low == "remove blocks":
        plan.building_blocks_removed.extend(split_names(value, known))
    else:
        m = re.match(rf"^(?P<new>.+?){_PLURAL}$", value)
        new = m.group("new") if m else value
        plural = (m.group("pl") or m.group("pl2") or m.group("pl3")) if m else None
        if not _clean(new):
            plan.unreadable.append(Unreadable(sentence, f"no new term given for {key}"))
            return
        plan.terms.append(TermChange(_term(key), _term(new), _clean(plural) if plural else None))

"""An Ascension Address, read into a :class:`ResetPlan`.

The Address is a blog post: a title, story text, and a few instructions ("Repeal all dynastic
rules except for the rule named “Hibernation”", "Set the synonym for Player to “Necromancer”",
"Change the gamestate tracking page to “The Graveyard”", "Set A, B, and C to Inactive", …). Each
sentence is cut into clauses at the verbs that start instructions; each clause is matched against
the phrasings real Addresses use. Story text is ignored. A clause that looks like an instruction
(it starts with an instruction verb and speaks of rules, terms, pages or quoted names, or it says
what "shall be" done to such things) but matches no phrasing is listed in ``plan.unreadable`` with
its sentence: it is reported, never guessed.

The request page may instead carry the structured form::

    {{Ascension|Player=Necromancer|Emperor=Grim Reaper|keep=Hibernation, Other|inactive=…|
      active=…|tracking=The Graveyard|blocks=…|theme=…}}

Pure: text in, plan out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

import mwparserfromhell

from parsers import limits, names
from parsers import ruleset as R
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
    ``outside``: readable instructions that are not part of the reset (failing Proposals, Imperial
    Style). ``unreadable``: instruction-like sentences the bot could not read.
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


# --------------------------------------------------------------------------- text clean-up
_MOJIBAKE = [("\u00e2\u20ac\u0153", "\u201c"), ("\u00e2\u20ac\u009d", "\u201d"), ("\u00e2\u20ac\u2122", "\u2019"),
             ("\u00e2\u20ac\u02dc", "\u2018"), ("\u00e2\u20ac\u201d", "\u2014"), ("\u00e2\u20ac\u201c", "\u2013"),
             ("\u00e2\u20ac\u00a6", "\u2026"), ("\u00e2\u20ac", "\u201d"), ("\u00c2\u00a0", " ")]


def fix_mojibake(text: str) -> str:
    """UTF-8 read as cp1252 ("â€œ") back to the characters meant."""
    for bad, good in _MOJIBAKE:
        text = text.replace(bad, good)
    return text


_Q = r"(?:\u201c[^\u201c\u201d\n]+\u201d|\"[^\"\n]+\"|\u2018[^\u2018\u2019\n]+\u2019|\u201d[^\u201c\u201d\n]+\u201d)"
_TERM_WORD = r"[A-Z][\w\u2019'\-]*(?:\(s\))?"
_T = rf"(?:{_Q}|{_TERM_WORD}(?:\s+(?:of|the|de|du|von)?\s*{_TERM_WORD})*)"
_PLURAL = (r"(?:\s*\(\s*(?:or\s+)?(?P<pl1>[^()]+?)\s+(?:when|if)\s+plural\s*\)"
           r"|\s*\(\s*plural(?:\s+form)?\s*:?\s*(?P<pl2>[^()]+?)\s*\)"
           r"|\s*\(\s*(?P<pl3>[^()]+?),?\s+(?:in\s+the\s+)?plural\s*\))")

_VERBS = ("repeal", "keep", "retain", "set", "change", "rename", "replace", "reset", "fail", "veto",
          "make", "include", "add", "remove", "transcribe", "use", "activate", "deactivate", "select",
          "choose", "insert", "mark", "turn", "leave", "update", "move", "swap", "restore", "create")
_VERB_RE = "|".join(_VERBS)
_GAME_NOUNS = re.compile(
    r"\b(?:rules?|ruleset|synonyms?|terms?|keywords?|special\s+case|tracking\s+page|gamestate|building\s+blocks?"
    r"|dynastic|proposals?|active|inactive|theme|GNDT|wiki\s+page)\b", re.I)
_MODAL = re.compile(r"\b(?:shall|will|must|is\s+to|are\s+to|should)\b", re.I)


def _clean(name: str) -> str:
    name = names.strip_quotes(name.strip().rstrip(".,;:!").strip())
    return " ".join(name.split())


def _split_sentences(text: str) -> list[str]:
    out: list[str] = []
    for para in re.split(r"\n\s*", text):
        para = para.strip()
        if not para:
            continue
        protected = re.sub(r"\b(e\.g|i\.e|etc|vs|Mr|Mrs|Dr|St)\.", lambda m: m.group(0).replace(".", "\0"), para)
        for sentence in re.split(r"(?<=[.!?])[\u201d\"]?\s+(?=[A-Z\u201c\"(])", protected):
            sentence = sentence.replace("\0", ".").strip()
            if sentence:
                out.append(sentence)
    return out


def _outside_quotes(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(_Q, text)]


def _split_clauses(sentence: str) -> list[str]:
    quoted = _outside_quotes(sentence)
    cuts = [0]
    pattern = re.compile(rf"(?:\s*;\s*|,\s*(?:and\s+|then\s+|also\s+)*|\s+and\s+(?:then\s+|also\s+)?)(?=(?:{_VERB_RE})\b)", re.I)
    for m in pattern.finditer(sentence):
        if any(s <= m.start() < e for s, e in quoted):
            continue
        cuts.append(m.start())
        cuts.append(m.end())
    cuts.append(len(sentence))
    clauses = [sentence[cuts[i]:cuts[i + 1]] for i in range(0, len(cuts), 2)]
    return [c.strip() for c in clauses if c.strip()]


def split_names(text: str, known: list[str] | None = None) -> list[str]:
    """ "A, B and C" / "“A”, “B”, and “C”" → names; with ``known`` rule names, "Victory and
    Ascension" stays one name."""
    text = text.strip().rstrip(".")
    quoted = re.findall(_Q, text)
    rest = re.sub(_Q, "", text)
    if quoted and not re.sub(r"(?:,|\band\b|\bor\b|\bthe\b|\brules?\b|\bnamed\b|\bcalled\b|\s)+", "", rest, flags=re.I):
        return [_clean(q) for q in quoted]
    parts = [p for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", text) if p.strip()]
    parts = [_strip_rule_words(p) for p in parts]
    if known:
        keys = {names.normalize(k) for k in known}
        merged: list[str] = []
        i = 0
        while i < len(parts):
            best = 1
            for j in range(len(parts), i + 1, -1):
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
        parts = merged
    return [p for p in (_clean(p) for p in parts) if p]


def _strip_rule_words(name: str) -> str:
    name = name.strip()
    name = re.sub(r"^(?:for\s+)?(?:the\s+)?(?:(?:dynastic|special\s+case|building\s+blocks?)\s+)?"
                  r"(?:rules?|subrules?)\s+(?:(?:named|called|titled|entitled)\s+)?", "", name, flags=re.I)
    return _clean(name)


def _term(value: str) -> str:
    """A term as written: quotes dropped, "Agent(s)" → "Agent"."""
    value = _clean(value)
    return value.removesuffix("(s)")


# --------------------------------------------------------------------------- clause readers
def _status(word: str) -> str:
    return ACTIVE if word.lower().startswith("act") else INACTIVE


class _Reader:
    def __init__(self, plan: ResetPlan, known: list[str] | None):
        self.plan = plan
        self.known = known

    def names(self, text: str) -> list[str]:
        return split_names(text, self.known)

    def read(self, clause: str, sentence: str) -> bool:
        c = re.sub(r"^(?:and|also|then|finally|please|additionally|lastly|first(?:ly)?|next)[,\s]+", "", clause.strip(),
                   flags=re.I)
        c = c.strip().rstrip(".!;:,").strip()
        for reader in (self._theme, self._tracking, self._special_case, self._blocks, self._repeal_keep,
                       self._terms, self._outside):
            if reader(c, sentence):
                return True
        return False

    # -- theme
    def _theme(self, c: str, s: str) -> bool:
        m = re.match(r"^(?:the\s+)?(?:new\s+)?(?:dynasty[\u2019']?s\s+|dynastic\s+)?theme(?:\s+(?:of|for)\s+(?:this|the\s+new)"
                     r"\s+dynasty)?\s*(?:shall\s+be|will\s+be|is|:)\s*(?P<x>.+)$", c, re.I)
        if m:
            self.plan.theme = _clean(m.group("x"))
            return True
        return False

    # -- tracking page
    def _tracking(self, c: str, s: str) -> bool:
        if not re.search(r"tracking\s+page", c, re.I):
            return False
        pats = [
            r"^(?:change|set|rename|move|update)\s+(?:the\s+)?(?:name\s+of\s+the\s+)?(?:gamestate\s+)?tracking\s+page"
            r"(?:\s+(?:for\s+this\s+dynasty|referred\s+to\s+in\s+the\s+rule\s+" + _T + r"))?\s+to\s+(?:the\s+)?(?P<x>.+?)"
            r"(?:\s+page(?:\s+of\s+the\s+wiki)?)?$",
            r"^(?:the\s+)?(?:new\s+)?(?:gamestate\s+)?tracking\s+page(?:\s+for\s+(?:this|the\s+new)\s+dynasty)?\s+"
            r"(?:shall\s+be|will\s+be|is(?:\s+now)?)\s+(?:the\s+)?(?P<x>.+?)(?:\s+page(?:\s+of\s+the\s+wiki)?)?$",
            r"^use\s+(?:the\s+)?(?P<x>.+?)(?:\s+page)?\s+as\s+the\s+(?:new\s+)?(?:gamestate\s+)?tracking\s+page$",
        ]
        for p in pats:
            m = re.match(p, c, re.I)
            if m:
                name = _clean(re.sub(r"^\[\[([^\]|]+)(?:\|[^\]]*)?\]\]$", r"\1", _clean(m.group("x"))))
                self.plan.tracking_page = name
                return True
        return False

    # -- Special Case statuses
    def _special_case(self, c: str, s: str) -> bool:
        if re.match(r"^(?:reset|set|return|restore)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:other\s+)?special\s+case\s+rules\s+"
                    r"(?:to|back\s+to)\s+(?:their\s+)?(?:respective\s+)?defaults?(?:\s+(?:values?|status(?:es)?|settings?))?$",
                    c, re.I) or re.match(r"^all\s+(?:other\s+)?special\s+case\s+rules\s+(?:are|shall\s+be|will\s+be)\s+"
                                         r"(?:set\s+|reset\s+)?(?:to|at)\s+(?:their\s+)?(?:respective\s+)?default", c, re.I):
            self.plan.reset_to_default = True
            return True
        m = re.match(r"^(?:keep|leave|set|make|mark|turn)\s+all\s+(?:(?:of\s+)?the\s+)?special\s+case\s+rules\s+(?:to\s+|as\s+)?"
                     r"(?P<s>active|inactive)$", c, re.I)
        if m:
            self.plan.all_special_case = _status(m.group("s"))
            return True
        m = (re.match(r"^(?:set|make|mark|turn|keep|leave)\s+(?:the\s+)?(?:special\s+case\s+rules?\s+)?(?P<x>.+?)\s+"
                      r"(?:to\s+|as\s+)?(?:be\s+)?(?P<s>active|inactive)$", c, re.I)
             or re.match(r"^(?:the\s+)?(?:special\s+case\s+rules?\s+)?(?P<x>.+?)\s+(?:is|are|shall\s+be|will\s+be|becomes?)\s+"
                         r"(?:set\s+to\s+|now\s+)?(?P<s>active|inactive)$", c, re.I))
        if m:
            status = _status(m.group("s"))
        else:
            m = re.match(r"^(?P<v>activate|deactivate)\s+(?:the\s+)?(?:special\s+case\s+rules?\s+)?(?P<x>.+)$", c, re.I)
            if not m:
                return False
            status = ACTIVE if m.group("v").lower() == "activate" else INACTIVE
        listed = self.names(m.group("x"))
        if not listed:
            return False
        for name in listed:
            self.plan.statuses[name] = status
        return True

    # -- Building Blocks
    def _blocks(self, c: str, s: str) -> bool:
        if not re.search(r"building\s+blocks?", c, re.I):
            return False
        if re.match(r"^(?:include|use|select|choose|add|transcribe|keep)\s+no\s+building\s+blocks?(?:\s+rules?)?$", c, re.I) \
                or re.match(r"^(?:remove|repeal)\s+all\s+(?:the\s+)?building\s+blocks?(?:\s+rules?)?$", c, re.I) \
                or re.match(r"^no\s+building\s+blocks?(?:\s+rules?)?\s+(?:are|is|will\s+be|shall\s+be)\s+\w+$", c, re.I):
            self.plan.building_blocks = []
            return True
        m = (re.match(r"^(?:include|use|select|choose|add|transcribe|insert|keep)\s+(?:the\s+)?(?:following\s+)?building\s+blocks?"
                      r"(?:\s+rules?)?\s*(?:named|called)?\s*:?\s*(?P<x>.+)$", c, re.I)
             or re.match(r"^(?:the\s+)?building\s+blocks?(?:\s+rules?)?(?:\s+in\s+use)?(?:\s+for\s+this\s+dynasty)?\s*"
                         r"(?::|(?:shall|will)\s+be|are|is)\s*(?P<x>.+)$", c, re.I)
             or re.match(r"^(?:include|use|select|choose|add|transcribe|insert)\s+(?P<x>.+?)\s+(?:from\s+the\s+building\s+blocks"
                         r"(?:\s+page)?|as\s+(?:a\s+)?building\s+blocks?(?:\s+rules?)?)$", c, re.I))
        if m:
            chosen = self.names(m.group("x"))
            if chosen:
                self.plan.building_blocks = (self.plan.building_blocks or []) + chosen
                return True
        m = re.match(r"^(?:remove|repeal)\s+(?:the\s+)?building\s+blocks?(?:\s+rules?)?\s*:?\s*(?P<x>.+)$", c, re.I)
        if m:
            removed = self.names(m.group("x"))
            self.plan.building_blocks_removed.extend(removed)
            return True
        return False

    # -- repeal and keep
    def _repeal_keep(self, c: str, s: str) -> bool:
        plan = self.plan
        m = re.match(r"^repeal\s+all(?:\s+of)?\s+(?:the\s+)?(?:current\s+)?(?:(?:dynastic|non-core)\s+)?(?:rules|ruleset)"
                     r"(?:\s+(?:other\s+than\s+(?:rules\s+)?1\s*[-\u2013]\s*10|except\s+(?:for\s+)?(?:the\s+)?core(?:\s+rules)?))?"
                     r"(?:,?\s+(?:except|but|other\s+than|save|apart\s+from)\s+(?:for\s+)?(?P<x>.+))?$", c, re.I)
        if m:
            plan.repeal_all = True
            if m.group("x"):
                plan.kept = (plan.kept or []) + self.names(m.group("x"))
            elif plan.kept is None:
                plan.kept = []
            return True
        if re.match(r"^(?:keep|retain)\s+all\s+(?:of\s+)?(?:the\s+)?(?:current\s+|existing\s+)?dynastic\s+rules$", c, re.I):
            plan.keep_all = True
            return True
        if re.match(r"^(?:keep|retain)\s+no\s+(?:dynastic\s+)?rules$|^no\s+(?:dynastic\s+)?rules\s+(?:are|will\s+be|shall\s+be)\s+kept$",
                    c, re.I):
            plan.kept = plan.kept or []
            plan.repeal_all = True
            return True
        m = (re.match(r"^(?:keep|retain)\s+(?:only\s+)?(?:the\s+following\s+)?(?:dynastic\s+)?(?:rules?\s+|subrules?\s+)?"
                      r"(?:(?:named|called)\s+)?:?\s*(?P<x>.+)$", c, re.I)
             or re.match(r"^(?:the\s+)?(?:following\s+)?(?:dynastic\s+)?rules?\s+(?P<x>.+?)\s+(?:is|are|shall\s+be|will\s+be)\s+kept$",
                         c, re.I))
        if m:
            kept = self.names(m.group("x"))
            if not kept or not self._plausible_names(c, m.group("x"), kept):
                return False
            plan.kept = (plan.kept or []) + kept
            return True
        m = re.match(r"^repeal\s+(?:the\s+)?(?:dynastic\s+)?(?:rules?\s+|subrules?\s+)?(?:(?:named|called)\s+)?(?P<x>.+)$", c, re.I)
        if m and not re.match(r"^(?:all|every|any)\b", m.group("x"), re.I):
            repealed = self.names(m.group("x"))
            plan.repealed.extend(repealed)
            return True
        return False

    def _plausible_names(self, clause: str, raw: str, listed: list[str]) -> bool:
        """ "Keep the rules X" / "Keep “X”" / known rule names / Title Case names — not "Keep your
        friends close"."""
        if re.search(r"\brules?\b", clause, re.I) or re.search(_Q, raw):
            return True
        if self.known is not None:
            keys = {names.normalize(k) for k in self.known}
            return all(names.normalize(n) in keys for n in listed)
        return all(re.fullmatch(r"[A-Z0-9][\w\u2019'\-]*(?:\s+(?:[A-Z0-9][\w\u2019'\-]*|of|the|and|a|an|in|on|for|to))*", n)
                   for n in listed)

    # -- terms
    def _add_term(self, old: str, new: str, plural: str | None) -> TermChange:
        change = TermChange(_term(old), _term(new), _clean(plural) if plural else None)
        self.plan.terms.append(change)
        return change

    def _pairs(self, text: str, joiner: str) -> list[TermChange] | None:
        """ "A to B and C to D (or E when plural)" → changes, or None if anything is left over."""
        pair = re.compile(rf"(?P<old>{_T})\s+{joiner}\s+(?P<new>{_T}){_PLURAL}?")
        found = []
        pos = 0
        for m in pair.finditer(text):
            between = text[pos:m.start()]
            if re.sub(r"(?:,|\band\b|\s)+", "", between):
                return None
            found.append(m)
            pos = m.end()
        if not found or re.sub(r"(?:,|\band\b|\s|\.)+", "", text[pos:]):
            return None
        return [self._add_term(m.group("old"), m.group("new"), m.group("pl1") or m.group("pl2") or m.group("pl3"))
                for m in found]

    def _terms(self, c: str, s: str) -> bool:
        if re.search(r"synonym", c, re.I):
            found = list(re.finditer(rf"(?:the\s+)?synonym\s+(?:for|of)\s+(?P<old>{_T})\s+(?:to|as|is|becomes)\s+(?P<new>{_T})"
                                     rf"{_PLURAL}?", c))
            lead = re.match(r"^(?:set|change|make|update)?\s*", c, re.I).end()
            covered = c[lead:]
            for m in found:
                covered = covered.replace(m.group(0), "", 1)
            if found and not re.sub(r"(?:,|\band\b|\bthe\b|\s)+", "", covered, flags=re.I):
                for m in found:
                    self._add_term(m.group("old"), m.group("new"), m.group("pl1") or m.group("pl2") or m.group("pl3"))
                return True
            return False
        m = re.match(r"^(?:throughout\s+the\s+(?:entire\s+)?ruleset,?\s+)?(?:replace|change|rename)\s+(?:all\s+(?:occurrences|instances|uses)\s+of\s+)?"
                     r"(?:the\s+(?:terms?|words?|keywords?)\s+)?(?P<rest>.+?)(?:\s+throughout\s+the\s+(?:entire\s+)?ruleset"
                     r"|\s+in\s+the\s+(?:entire\s+)?ruleset)?$", c, re.I)
        if m:
            return bool(self._pairs(m.group("rest"), "(?:with|by)") or self._pairs(m.group("rest"), "(?:to|into)"))
        m = re.match(rf"^(?i:the\s+(?:term|word|keyword)\s+)?(?P<old>{_T})\s+(?:shall|will|is\s+to|are\s+to)\s+be\s+"
                     rf"(?:renamed(?:\s+to)?|known\s+as|called|replaced\s+(?:with|by))\s+(?P<new>{_T}){_PLURAL}?$", c) \
            or re.match(rf"^(?i:the\s+(?:term|word|keyword)\s+)?(?P<old>{_T})\s+(?:becomes|is\s+now)\s+(?P<new>{_T}){_PLURAL}?$", c)
        if m:
            self._add_term(m.group("old"), m.group("new"), m.group("pl1") or m.group("pl2") or m.group("pl3"))
            return True
        return False

    # -- not part of the reset
    def _outside(self, c: str, s: str) -> bool:
        if re.match(r"^(?:fail|veto)\s+(?:all\s+|any\s+)?(?:of\s+the\s+)?(?:pending\s+)?(?:proposals|votable\s+matters)\b", c, re.I) \
                or re.match(r"^(?:my|the)\s+imperial\s+style\b", c, re.I):
            self.plan.outside.append(Instruction("outside", s, c))
            return True
        return False


def _instruction_like(clause: str) -> bool:
    c = clause.strip()
    starts = re.match(rf"^(?:and\s+|then\s+|also\s+|please\s+)?(?:{_VERB_RE})\b", c, re.I)
    if starts and (_GAME_NOUNS.search(c) or re.search(_Q, c) or re.search(r"\bto\s+[A-Z\u201c\"]", c)):
        return True
    return bool(_GAME_NOUNS.search(c) and _MODAL.search(c) and re.search(
        r"\b(?:repeal|kept|keep|replaced|renamed|set|changed|active|inactive|synonym|tracking\s+page|building\s+block)", c, re.I))


# --------------------------------------------------------------------------- entry points
def parse_address(text: str, *, ruleset=None) -> ResetPlan:
    """Read an Ascension Address (blog post text, or a page with ``{{Ascension|…}}``).

    ``ruleset`` (a Ruleset model or its text) is optional: with it, lists of rule names are split
    where the Ruleset's own names allow ("Victory and Ascension" stays one name). Raises
    :class:`parsers.limits.TooLarge` for an Address beyond the limit, before reading it.
    """
    limits.check_address(text)
    text = fix_mojibake(text)
    known = _known_names(ruleset)
    code = mwparserfromhell.parse(text)
    templates = [t for t in code.filter_templates(recursive=False)
                 if str(t.name).strip().replace("_", " ").casefold() in ("ascension", "ascension address", "dynastic reset")]
    if templates:
        return _from_template(templates[0], known)
    plan = ResetPlan()
    reader = _Reader(plan, known)
    title = None
    for sentence in _split_sentences(text):
        if sentence.startswith("Source:") and "http" in sentence:
            continue
        m = re.match(r"^Ascension\s+Address\s*[:\u2013\u2014-]\s*(?P<t>.+)$", sentence, re.I)
        if m and title is None:
            title = _clean(m.group("t"))
            continue
        for clause in _split_clauses(sentence):
            if reader.read(clause, sentence):
                continue
            if _instruction_like(clause):
                plan.unreadable.append(Unreadable(sentence, f"could not read “{clause}” as a reset instruction"))
    if plan.theme is None and title:
        plan.theme = title
    _check(plan)
    return plan


def _check(plan: ResetPlan) -> None:
    if plan.keep_all and (plan.repeal_all or plan.repealed):
        plan.unreadable.append(Unreadable("keep all dynastic rules / repeal",
                                          "the Address both keeps all dynastic rules and repeals some"))
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
            plural = (m.group("pl1") or m.group("pl2") or m.group("pl3")) if m else None
            if not _clean(new):
                plan.unreadable.append(Unreadable(sentence, f"no new term given for {key}"))
                continue
            plan.terms.append(TermChange(_term(key), _term(new), _clean(plural) if plural else None))
    if plurals:
        plan.terms = [TermChange(t.old, t.new, plurals.get(t.old.casefold(), t.plural)) for t in plan.terms]
    _check(plan)
    return plan

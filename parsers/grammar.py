"""One instruction sentence → steps: the grammar of what players write, declared as a table.

:data:`GRAMMAR` lists every kind of instruction the bot reads.  Each entry names its kind, the
step classes it makes, the real shapes it covers (its ``shapes``: the phrasings players use, in
the project's own words) and its reader: a function from a masked sentence (quoted text replaced
by tokens, see :mod:`parsers.language`) to the steps, or None when the sentence is not of that
kind.  The readers share the pieces below it: rule references (:func:`_rule_ref`), targets inside
a rule (:func:`_target`), names, players, variables and values.

Whether a line opens a new instruction — what ends the text an earlier instruction adds — is
derived from the same table (:func:`opens_instruction`), never kept by hand.

Pure: text in, data out.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from parsers import frames, language
from parsers.ruleset import DYNASTIC
from parsers.steps import (
    AddListItem,
    KEYWORD,
    PARAGRAPH,
    PARAGRAPH_BEGINNING,
    PARAGRAPH_CONTAINING,
    PARAGRAPH_ENDING,
    PARAGRAPHS_FROM,
    SENTENCE,
    SENTENCE_BEGINNING,
    SENTENCE_CONTAINING,
    SENTENCE_ENDING,
    TEXT,
    AddColumn,
    AddPlayer,
    AddRow,
    AddRule,
    AppendText,
    ChangeSingleValue,
    ChangeValue,
    EachPlayer,
    Ignored,
    InsertText,
    MoveRule,
    RemovePlayer,
    RemoveRow,
    RemoveText,
    RenameRule,
    RepealAll,
    RepealRule,
    ReplaceRuleText,
    ReplaceText,
    RuleRef,
    SetAttribute,
    SetSingleValue,
    SetStatus,
    SetValue,
    Target,
    TransferValue,
    Unsupported,
)

# ---------------------------------------------------------------------------------------------
# Quotes: spans, masking
# ---------------------------------------------------------------------------------------------

_BRACKETED = re.compile(r"\[\s*([^\[\]]*?)\s*\]")
_quote_spans = language.quote_spans
_Masked = language.Masked
_mask = language.mask
_TOK = re.compile(r"\x01(\d+)\x02")
Q = language.TOKEN
_tok_inner = language.token_inner


def _restore(frag: str, m: _Masked) -> str:
    return m.restore(frag)


def _name(frag: str, m: _Masked) -> str | None:
    """A name: the quoted text, or the unquoted words as written."""
    frag = (frag or "").strip().rstrip(".,;:").strip()
    if not frag:
        return None
    inner = _tok_inner(frag, m)
    if inner is not None:
        return inner.strip()
    if re.match(r"\x01\d+\x02\s*[^\s.;:!?]", frag):
        return None  # "“Fuse” throughout the ruleset": a quoted name with more words after it is not a name
    return _restore(frag, m).strip() or None


# ---------------------------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------------------------

_split_sentences = language.sentence_spans


# ---------------------------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------------------------

_NUM = rf"(?:{language.NUMBER}|a|an)"
_ORD = language.ORDINAL
_SECTION_WORD = language.SECTION_WORD
_section = language.section


def _num(word: str) -> int:
    return language.number(word, article=True)


def _ord(word: str) -> int:
    return language.ordinal(word)


_RULEWORD = r"(?:rule|sub-?rule)"
_PREVIOUS = re.compile(
    r"(?:(?:this|that|the same|same|said|the said|the above|the new|the aforementioned|the "
    r"previous|the latter|the newly[ -]created|the created)\s+(?:rule|sub-?rule)|it|this|that|"
    r"the same|the same one|the rule just (?:created|added|mentioned))",
    re.I,
)
_NOT_A_NAME = re.compile(
    r"\b(?:paragraph|paragraphs|sentence|sentences|instance|instances|occurrence|occurrences|"
    r"following|text|words?)\b|^(?:a|an|all|every|each|any)\s",
)


#: Phrases that name a place which is not a rule: a list, a section, a position in a rule.
_NOT_A_RULE = re.compile(r"^(?:the\s+)?list\s+of\b|\b(?:section|list|table|page)$|,|\b(?:after|before)\s+the\b", re.I)


def _rule_ref(phrase: str, m: _Masked) -> RuleRef | None:
    """Read a rule reference: ``the rule “X”``, ``Rule 1.3 (Proposals)``, ``this rule`` …"""
    p = (phrase or "").strip().rstrip(".,;:").strip()
    if not p or len(p) > 300:  # no rule reference is that long; keeps pathological input linear-ish
        return None
    p = re.sub(r"\s+", " ", p)
    if re.search(r",\s*(?:immediately\s+|directly\s+)?(?:after|before|following|below|above)\b", p, re.I):
        return None  # "Rule 2 (Players), after the first paragraph": a place in a rule, not a rule's name
    if _PREVIOUS.fullmatch(p):
        return RuleRef(previous=True)
    section = None
    body = p
    art = re.match(r"the\s+", body)  # lowercase "the": an article, not part of a name
    if art and re.match(rf"(?:{_SECTION_WORD}\s+)?{_RULEWORD}s?\b|\x01", body[art.end():], re.I):
        body = body[art.end():]
    sec = re.match(rf"({_SECTION_WORD})\s+(?={_RULEWORD}\b)", body, re.I)
    if sec:
        section = _section(sec.group(1))
        body = body[sec.end():]
    numbered = re.fullmatch(r"(?:rule\s+)?(\d+(?:\.\d+)*)\b\s*(.*)", body, re.I)
    if numbered and (not numbered.group(2) or re.match(r"[-–—(:]|\x01", numbered.group(2))
                     or (re.match(r"rule\s", body, re.I) and re.fullmatch(r"[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,5}", numbered.group(2)))):
        return RuleRef(name=_restore(body, m).strip(), number=numbered.group(1), section=section)
    word = re.match(rf"{_RULEWORD}\s+(?:(?:called|named|entitled|titled)\s+)?", body, re.I)
    if word:
        body = body[word.end():]
    trailing = re.fullmatch(rf"(\x01\d+\x02)\s+{_RULEWORD}", body, re.I)
    if trailing:
        body = trailing.group(1)
    if not body or body.lower() in ("rule", "rules", "subrule", "sub-rule", "subrules"):
        return None
    inner = _tok_inner(body, m)
    if inner is not None:
        return RuleRef(name=inner.strip(), section=section) if inner.strip() else None
    if art and not word and not sec:
        body = p[art.end():]  # "the Beast’s Den Effect": the lowercase article is not part of the name
    if _TOK.search(body) or _NOT_A_NAME.search(body) or _NOT_A_RULE.search(body) or len(body) > 120:
        return None
    if re.search(r"\b(?:and|or)\s+(?:the\s+)?(?:rule|sub-?rule)s?\b", body, re.I):
        return None
    return RuleRef(name=body.strip(), section=section)


# ---------------------------------------------------------------------------------------------
# Targets inside a rule
# ---------------------------------------------------------------------------------------------

_TEXTWORD = r"(?:(?:word|words|text|phrase|term|string|wording|clause|name)\s+)?"


def _target(phrase: str, m: _Masked) -> tuple[Target, RuleRef | None] | None:
    """Read what a text step points at.  Returns the target and a rule named by "… of RULE"."""
    p = re.sub(r"\s+", " ", (phrase or "").strip())
    p = re.sub(r"^the\s+", "", p, flags=re.I)
    rule = None
    tm = re.fullmatch(r"(.+?\b(?:paragraph|sentence|paragraphs|onwards|it))\s+(?:of|in|from)\s+(.+)", p, re.I)
    if tm and re.search(r"paragraph|sentence", tm.group(1), re.I):
        rule = _rule_ref(tm.group(2), m)
        if rule is None:
            return None
        p = tm.group(1)
    # paragraphs by number
    pm = re.fullmatch(
        rf"({_ORD}) paragraph(\s+(?:onwards|onward|and (?:all )?(?:those|the paragraphs|everything) "
        rf"(?:after|following|below) it|and all (?:subsequent|following) (?:paragraphs|text)))?",
        p, re.I,
    )
    if pm:
        kind = PARAGRAPHS_FROM if pm.group(2) else PARAGRAPH
        return Target(kind=kind, number=_ord(pm.group(1))), rule
    pm = re.fullmatch(rf"paragraphs? ({_ORD}|\d+) (?:onwards|onward|and (?:all )?(?:following|subsequent) (?:ones|paragraphs))", p, re.I)
    if pm:
        return Target(kind=PARAGRAPHS_FROM, number=_ord(pm.group(1))), rule
    # sentences / paragraphs by their text
    sm = re.fullmatch(
        rf"(sentence|paragraph)\s+(?:that\s+|which\s+)?(begins|beginning|starting|starts|ends|ending|"
        rf"contains|containing|including|includes|with)(?:\s+with)?(?:\s+the\s+(?:words?|text))?\s+({Q})",
        p, re.I,
    )
    if sm:
        unit, how = sm.group(1).lower(), sm.group(2).lower()
        if how.startswith(("begin", "start")):
            kind = SENTENCE_BEGINNING if unit == "sentence" else PARAGRAPH_BEGINNING
        elif how.startswith("end"):
            kind = SENTENCE_ENDING if unit == "sentence" else PARAGRAPH_ENDING
        else:
            kind = SENTENCE_CONTAINING if unit == "sentence" else PARAGRAPH_CONTAINING
        return Target(kind=kind, text=_tok_inner(sm.group(3), m)), rule
    sm = re.fullmatch(rf"(sentence|paragraph)\s+({Q})", p, re.I)
    if sm:
        kind = SENTENCE if sm.group(1).lower() == "sentence" else PARAGRAPH_CONTAINING
        return Target(kind=kind, text=_tok_inner(sm.group(2), m)), rule
    if rule is not None:
        return None
    # quoted text, with occurrence
    om = re.fullmatch(
        rf"({_ORD}|only|single)\s+(?:instance|occurrence|use|appearance|mention)s?\s+of\s+(?:the\s+)?{_TEXTWORD}({Q})",
        p, re.I,
    )
    if om:
        w = om.group(1).lower()
        if w in ("only", "single"):
            occ: Any = None
        elif w == "first":
            occ = "first"
        elif w in ("last", "final"):
            occ = "last"
        else:
            occ = _ord(w)
        return Target(kind=TEXT, text=_tok_inner(om.group(2), m), occurrence=occ), None
    am = re.fullmatch(
        rf"(?:all|every|each|any)\s+(?:of\s+the\s+)?(?:instances?|occurrences?|uses?|appearances?|mentions?)\s+"
        rf"of\s+(?:the\s+)?{_TEXTWORD}({Q})",
        p, re.I,
    )
    if am:
        return Target(kind=TEXT, text=_tok_inner(am.group(1), m), occurrence="all"), None
    tm2 = re.fullmatch(
        rf"{_TEXTWORD}({Q})(\s+(?:wherever|everywhere|each time|every time|whenever) it (?:appears|occurs|is used))?",
        p, re.I,
    )
    if tm2:
        occ = "all" if tm2.group(2) else None
        return Target(kind=TEXT, text=_tok_inner(tm2.group(1), m), occurrence=occ), None
    return None


def _targets(phrase: str, m: _Masked) -> list[tuple[Target, RuleRef | None]] | None:
    """One or more targets joined by commas / "and" (only when each part reads as a target)."""
    one = _target(phrase, m)
    if one is not None:
        return [one]
    phrase = phrase.strip()
    unit = re.match(r"(?:the\s+)?(sentence|paragraph)s\s+(?=\x01)", phrase, re.I)
    if unit:  # "the sentences “A” and “B”": each quoted part is one of them
        phrase = phrase[unit.end():]
    parts = [x for x in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", phrase) if x]
    if unit:
        parts = [f"{unit.group(1)} {p}" if re.fullmatch(Q, p.strip()) else p for p in parts]
    if len(parts) < 2:
        return None
    out = []
    for part in parts:
        t = _target(part, m)
        if t is None:
            return None
        out.append(t)
    return out


# ---------------------------------------------------------------------------------------------
# Sentence grammar
# ---------------------------------------------------------------------------------------------

# One placeholder for the text below an instruction, shared with the frames (parsers/frames.py).
from parsers.frames import PAIRS, PAYLOAD  # noqa: E402
from parsers.frames import Reading as _Read  # noqa: E402
from parsers.frames import Spec as _Spec  # noqa: E402


def _body(tok: str | None, m: _Masked) -> Any:
    """The text of a step: the quoted token when there is one, else :data:`PAYLOAD` (the lines after)."""
    return _tok_inner(tok, m) if tok else PAYLOAD


def _unsupported(reason: str) -> _Read:
    return _Read([_Spec(Unsupported, {"reason": reason})])


def _ignored(reason: str, category: str) -> _Read:
    return _Read([_Spec(Ignored, {"reason": reason, "category": category})])


_CONNECTOR = re.compile(
    r"^(?:\s|\.\.\.|…|[-–—•◦▪*]|\d+[a-z]?[.)](?=\s)|step\s+\d+\s*[:.)]|\(\w\)|anyway\b,?|now\b,?|please\b|"
    r"(?:second|third|fourth)\s*[:,]|"
    r"(?:and|then|also|finally|lastly|next|additionally|furthermore|secondly|thirdly|fourthly|first(?:ly)?|"
    r"after that|afterwards|subsequently)\b,?)+",
    re.I,
)
_IMMEDIATE = re.compile(
    r"^(?:upon|on|at|after)\s+(?:the\s+)?enactment(?:\s+of\s+this\s+(?:proposal|votable matter))?\s*,?\s*|"
    r"^(?:when|once|as soon as)\s+this\s+(?:proposal|votable matter)\s+(?:is\s+enacted|enacts|passes)\s*,?\s*|"
    # the Proposal's own passing is no condition at all when it is being enacted
    r"^(?:if|should)\s+this\s+(?:proposal|votable matter)\s+(?:is\s+(?:enacted|passed)|passes|gets\s+enacted|is\s+successful)"
    r"(?!\s+(?:with|by|unanimously|before|after|within|without|and|or|but))\s*,?\s*",
    re.I,
)
_CONDITIONAL = re.compile(
    r"^(?:if|unless|only if|provided that|assuming|in the event that|should|otherwise|else|if not|failing that|"
    r"in (?:that|this|either|any other) case)\b", re.I)
#: A condition on this Proposal or on another named one, or on the votes cast on it (rule text
#: speaks of proposals in general: "When a Proposal is enacted, …").
_ABOUT_THIS = re.compile(
    r"\bthis\s+(?:proposal|votable\s+matter|cfj|call\s+for\s+judge?ment|dov)\b|"
    r"\b(?:proposal|cfj|call\s+for\s+judge?ment|dov)s?\s*(?::\s*)?(?:(?:titled|called|named|entitled)\s+)?(?:\x01\d+\x02|#?\d|(?-i:[A-Z]))|"
    r"\x01\d+\x02\s+(?:(?:has|had|was|is|were|did)\s+)?(?:not\s+)?(?:been\s+)?(?:passe[sd]|pass|fail(?:s|ed)?|enact(?:ed|s)?|vetoed)\b|"
    r"\b(?:votes?|evcs?)\b[^.]*\x01\d+\x02|\b(?:more|fewer|less)\s+than\s+(?:half|\d+)\s+(?:of\s+)?(?:the\s+)?votes\b",
    re.I)
#: "…, this proposal has no effect": the condition governs every step of the Proposal.
_NO_EFFECT = re.compile(
    r"\bthis\s+(?:proposal|votable\s+matter|cfj)\s+(?:(?:has|shall\s+have|will\s+have)\s+no\s+(?:other\s+|further\s+)?effects?|"
    r"(?:does|shall\s+do|will\s+do)\s+nothing|is\s+(?:void|null|ineffective|without\s+effect)|"
    r"(?:fails|shall\s+fail|is\s+not\s+enacted))|\b(?:do|does)\s+nothing\b|\bignore\s+(?:the\s+rest\s+of\s+)?this\s+proposal\b|"
    r"\bskip\s+(?:the|this|that|these|those|steps?|it)\b|"
    r"\bnone\s+of\s+(?:the\s+following|this\s+proposal)\b|\bthis\s+(?:rule|change)\s+(?:has|shall\s+have|will\s+have)\s+no\s+effect\b",
    re.I)
#: A condition that points forward: "…, then ignore the following provision", "the next step only
#: applies if …", "Steps 2 and 3 apply only if …": it governs the steps after it.
_GOVERNS_BELOW = re.compile(
    r"\b(?:ignore|skip|disregard|omit)\s+(?:the\s+)?(?:following|next|remaining|subsequent)\b|"
    r"\b(?:the\s+)?(?:following|next|remaining|subsequent)\s+(?:provisions?|steps?|paragraphs?|instructions?|changes?|"
    r"sections?|parts?)\s+(?:(?:only\s+)?(?:applies|apply|happens?|takes?\s+effect|counts?)|(?:is|are)\s+(?:only\s+)?"
    r"(?:applied|enacted|carried\s+out))\b|"
    r"\bsteps?\s+\d+(?:\s*(?:,|and|to|-|–)\s*\d+)*\s+(?:only\s+)?(?:applies|apply|happens?|takes?\s+effect)\b", re.I)
#: A step that rewrites or redirects the steps after it: "… throughout the rest of this proposal",
#: "Make these changes to both the main and shadow rulesets".
_REWRITES_REST = re.compile(
    r"\b(?:the\s+)?rest\s+of\s+this\s+(?:proposal|votable\s+matter)\b|"
    r"\b(?:these|the\s+following)\s+changes\s+(?:to|in)\s+(?:both|each\s+of|all)\b|\bshadow\s+ruleset", re.I)
#: The author's remarks, beyond doubt: first person ("I think", "we’ve"), an "Edit:" or "PS",
#: "Thoughts?".  Rule text never speaks so.  Quoted text is masked before this is applied.
_COMMENTARY = re.compile(
    r"(?:\bI['’](?:m|ve|d|ll)\b|\bI\s+(?:am|was|think|thought|believe|feel|felt|propose|proposed|would|will|want|"
    r"wanted|have|had|do|don['’]t|did|didn['’]t|can|can['’]t|could|hope|guess|suppose|mean|like|just|also|really|"
    r"see|saw|know|expect|intend|suggest|figure|figured|wrote|added|made|tried|noticed|realise|realize|reckon|"
    r"might|may|should|must|needed|need)\b|\bme\b|\bmy\b(?!\s+(?:only|not|also|never|always|be|then|choose|take|spend|gain|lose|use)\b)|\b(?:myself|we|we['’](?:re|ve|ll|d))\b|(?:^|[(\[]\s*)(?:My|We|We['’](?:re|ve|ll|d))\b|"
    r"^Let['’]s\b|(?i:\b(?:afaik|imo|imho|iirc|tbh|fwiw)\b)|"
    r"(?:^|[.!?;]\s+|,\s+|\b(?:and|but|so|because|that|since|as|when)\s+)I\s+(?!(?:is|was|and|or|of|in|to|on|at|for|has|had|are|"
    r"were|be|card|cards|phase|level|type)\b)[a-z]{2,}|"
    r"(?i:^\(?\s*(?:sorry|apologies|oops)\b|^(?:just\s+)?(?:a\s+)?(?:small\s+|minor\s+)?(?:clean-?up|tidy(?:-?up)?|typo\s+fix(?:es)?|"
    r"fix(?:es|ing)?\s+(?:a|the|some)\s+typos?)(?:\s+(?:mostly|only|really|here|proposal))?\s*(?:[.!,;]|$)|\bno\s+(?:functional\s+)?change\s+(?:in|to|of)\s+(?:meaning|gameplay|function)\b|"
    r"^this\s+(?:just|simply|only|merely)\s+(?:clarifies|fixes|tidies|cleans|corrects|rewords|restates)\b)|"
    r"(?i:\b(?:happy|willing|glad|open)\s+to\s+(?:tweaks?|changes?|adjust(?:ments?)?|amend(?:ments?)?|revise|rework|"
    r"discuss(?:ion)?|hear|suggestions|feedback|ideas|alternatives)\b|^(?:not\s+(?:sure|certain|convinced)|unsure)\b|\blet\s+me\s+know\b|"
    r"\b(?:thoughts|feedback|comments|suggestions|ideas)\s+(?:are\s+)?(?:welcome|appreciated)\b|"
    r"\b(?:can|could|may|might)\s+(?:always\s+)?(?:tweak|adjust|revisit)\s+(?:it|this|the\s+\w+)\s+later\b)|"
    r"(?i:^(?:feel\s+free\b|"
    r"should\s+be\s+(?:uncontroversial|non-?controversial|fine|simple|straightforward|obvious|self-explanatory)\b|"
    r"(?:hopefully\s+)?(?:this\s+is\s+)?(?:uncontroversial|non-?controversial)\b|"
    r"(?:numbers|values|details)\s+(?:are\s+)?(?:up\s+for|open\s+to)\s+(?:debate|discussion|tweaking)))|"
    r"(?i:\bthis\s+(?:proposal|cfj|change)\s+(?:would|will|should|does|makes|allows|lets|fixes|means|aims|is\s+(?:meant|intended|"
    r"designed|an\s+attempt)))\b|"
    r"(?i:^(?:edit|eta|ps|p\.s|thoughts|comments|feedback|thanks|thank you)\b|^.{0,100}\?$)|"
    # a lead-in only an author writes ("Arguably, …", "Either way, …", "At the time of writing, …")
    r"(?i:^(?:arguably|either\s+way|okay|ok|anyway|honestly|frankly|personally|admittedly|as\s+seen|"
    r"at\s+the\s+time\s+of\s+writing|by\s+the\s+time\s+you\s+read\s+this)\b)|"
    r"(?i:^this\s+(?:also\s+)?(?:fixes|swaps|gives\s+us|lets\s+us)\b))")
#: What may be a remark or may be rule text: a note, an explanation of the change, "Let’s …".
#: Where one stands in the text a step adds, the step is left to an Admin, naming it.
_MAYBE_REMARK = re.compile(
    r"(?i:^(?:note|nb|n\.b|rationale|reasoning|explanation|background|summary|tl;?dr|context|why|in other words|"
    r"basically|essentially|the idea|the point|the intent|the goal|for context)\b)|"
    r"^(?:This|That)\s+(?:proposal|change|would|will|makes|means|allows|lets|fixes|is\s+(?:to|meant|intended|just|"
    r"a\s+(?:fix|change|tweak)))\b|^(?:Because|Since|Per)\b|^This\s+would\b|"
    r"^(?:Hopefully|Basically)\b|"
    r"(?i:^(?:right\s+now|currently|at\s+the\s+moment|as\s+it\s+stands|as\s+things\s+stand|at\s+present|at\s+the\s+minute|"
    r"previously|before\s+this|until\s+now|so\s+far)\b)|"
    r"^This\s+(?:just\s+|simply\s+|also\s+|only\s+|merely\s+)?(?:keeps|stops|prevents|ensures|removes|changes|brings|"
    r"gives|adds|replaces|clarifies|simplifies|tidies|cleans|corrects|rewords|restates)\b|"
    r"(?i:^(?:the\s+)?(?:last|previous|earlier|original|first)\s+(?:proposal|version|attempt|draft|try)\b)|"
    r"(?i:\b(?:trying|try)\s+(?:again|this\s+again)\b)|"
    # a fragment led by a gerund that explains the change ("Replacing Shoulds with Shalls."): rule
    # text led by a gerund has a verb of its own ("Adding a Rider … can only be done …")
    r"^(?:Allowing|Replacing|Giving|Adding|Changing|Removing|Fixing|Making|Describing|Letting|Clarifying|Simplifying|"
    r"Reverting|Renaming|Repealing|Tweaking|Updating|Rephrasing|Rewording|Restating|Reintroducing|Reviving|Moving)\b(?!.*\b(?:is|are|was|were|may|must|can|cannot|shall|should|will|"
    r"counts?|takes?|costs?|requires?|means?)\b)|\?$|"
    # an exclamation: rule text rarely exclaims ("Cooperation is encouraged! However, so is …")
    r"!\s*$|!\s+(?-i:[A-Z])|^Per\s+(?:the\s+)?(?:comments?|discussion|feedback|suggestion)", re.I)
#: What a step to be done outside the wiki opens with: an imperative, or a word to the Admin.
_OUTSIDE_VERB = re.compile(
    r"^(?:please\s+)?(?:post|place|send|message|dm|pm|e-?mail|vote|fail|enact|withdraw|veto|comment|announce|notify|tell|"
    r"inform|ask|roll|self-kill|close|archive|publish|write|mark|the\s+(?:emperor|admin|host|leader)\s+(?:should|must|shall|will)\s+"
    r"(?:then\s+)?(?:post|send|message|dm|pm|e-?mail|roll|tell|notify|inform|announce))\b", re.I)
#: Any other "<Verb> the rule “X” …": an imperative on a rule, even one the bot cannot read.
_VERB_ON_RULE = re.compile(
    rf"^(?!(?:the|this|that|these|those|each|every|any|a|an|no|per|under|by|in|as|see|if|when|whenever|while|unless|"
    rf"for|with|without|after|before|of|on|at|from|to|all|only|also|and|or|but|then|where|which|who|such|its|their|"
    rf"his|her|it|he|she|they|we|you|i|is|are|was|were|be|may|must|can|cannot|should|shall|will|would|could|might)\b)"
    rf"[A-Za-z]+\s+(?:the\s+)?(?:(?:{_SECTION_WORD})\s+)?{_RULEWORD}s?\s+(?:{Q}|\d)", re.I)
#: A sentence that names a rule, a part of one, or quoted text speaks of the Ruleset, not of the blog.
_NAMES_A_PLACE = re.compile(r"\x01\d+\x02|\b(?:rule|sub-?rule|paragraph|sentence|section|ruleset|keyword|bullet|list)s?\b", re.I)
#: An act for whoever enacts: an instruction verb, or a choice the Admin makes ("choose a random …").
_ACTS_NOW = re.compile(r"(?:then\s+)?(?:choose|roll|pick|select|randomly|reset|give|set|add|create|remove|delete|repeal|"
                       r"replace|change|move|rename|transfer)\b", re.I)
#: What an imperative acts on when it is an instruction to the Admin: quoted text, a rule, a wiki
#: page or the gamestate ("Add 1 Coin to each Player" is rule text as often as an instruction).
_NAMES_A_THING = re.compile(r"\x01\d+\x02|\b(?:rule|sub-?rule|ruleset|wiki\s+page|gamestate|tracking\s+page|gndt)s?\b|"
                            r"\bthis\s+(?:proposal|votable\s+matter|cfj)\b", re.I)
#: "Give all Employees a rank of Officer": an act on every player's values, at enactment.
_TO_EVERYONE = re.compile(r"(?:give|award|grant)\s+(?:all|each|every)\s+(?-i:[A-Z])", re.I)
#: What a Call for Judgement rules, as distinct from what it changes on the wiki.
_RULING = re.compile(r"(?:the\s+passage\s+of\s+)?this\s+(?:cfj|call\s+for\s+judge?ment)\s+(?:asserts|rules|finds|declares|holds|"
                     r"determines|clarifies|confirms|affirms)\b|(?:uphold|overturn|affirm)\b", re.I)
#: "…, do the following:" — the steps below are the condition's.
_DO_THE_FOLLOWING = re.compile(r"(?:then\s+)?(?:do|apply|make|perform|enact)\s+(?:the\s+following|these)(?:\s+(?:changes?|steps?))?", re.I)
#: "Make the following changes to the Ruleset:" — a heading over instructions, not text to add.
_INTRODUCES_STEPS = re.compile(
    r"(?:please\s+)?(?:make|apply|enact|do|perform|implement|carry\s+out)\s+(?:the\s+following|these)(?:\s+(?:changes?|"
    r"amendments?|edits?|steps?))?(?:\s+(?:to|in|on)\s+(?:the\s+)?(?:ruleset|gamestate|wiki)(?:\s+and\s+(?:the\s+)?"
    r"(?:ruleset|gamestate|wiki))?)?\s*(?::-?|-|—)?", re.I)
#: A short heading line of the post ("The disagreement:", "REPRESENTING:", "2. Tidy-up").
_LABEL = re.compile(r"\d+[a-z]?[.)]\s*[A-Z][\w'’ -]{0,40}:?|[A-Z][\w'’ -]{0,40}:")
#: Words that cannot begin an imperative sentence (determiners, pronouns, modals, prepositions).
_NON_IMPERATIVE = re.compile(
    r"^(?:the|this|that|these|those|each|every|any|a|an|no|per|under|by|in|as|see|if|when|whenever|while|unless|"
    r"for|with|without|after|before|despite|notwithstanding|of|on|at|from|to|all|only|also|and|or|but|then|"
    r"where|which|who|whose|such|both|either|neither|its|their|his|her|our|your|my|it|he|she|they|we|you|i|"
    r"is|are|was|were|be|may|must|can|cannot|should|shall|will|would|could|might|via|following|there|here|"
    r"[A-Z][\w'’-]*s)\b")
_CONDITIONAL_INNER = re.compile(
    r"(?:,\s*|\s)(?:but\s+)?(?:only\s+)?(?:if|unless|provided that)\b(?!\s+(?:it|this|that|the rule|the parent rule|"
    r"such a rule|(?:the\s+)?(?:rule\s+)?\x01\d+\x02|the (?:rule|sub-?rule|section) [^,]+)\s+(?:exists|does not exist|is present))",
    re.I,
)
_DEFERRED = re.compile(
    rf"\b{_NUM}\s+(?:minutes?|hours?|days?|weeks?|months?)\s+(?:after|from|later|following|since)\b|"
    r"\b(?:tomorrow|next week|next month|next dynasty|in the next dynasty)\b|"
    r"^(?:(?:after|before)(?!\s+(?:the\s+)?(?:sentence|paragraph|text|words?|phrase|rule|sub-?rule|first|second|third|last|final|\x01))|"
    r"when|whenever|once|until|at the (?:start|end|beginning) of(?!\s+(?:the\s+)?(?:\w+\s+)?(?:paragraph|sentence|rule|sub-?rule|"
    r"list|text|section|bullet|step)\b|\s+\x01)|on the next|from now on|"
    r"starting (?:from|next|on)|beginning (?:next|on))\b",
    re.I,
)
_OUTSIDE = re.compile(
    r"\b(?:blog|blogs|blog post|blog entry|posts?|posted|posting|comments?|votes?|voting|vetoe?s?|veto|"
    r"dms?|direct messages?|private messages?|pms?|messages?|discord|slack|irc|e-?mails?|forum|"
    r"the (?:emperor|admin|host)\s+(?:should|must|shall|will|may)|"
    r"(?:fail|enact|withdraw|self-kill)\w*\s+(?:\w+\s+){0,3}(?:proposals?|cfjs?|dovs?))\b",
    re.I,
)


def _clean(masked: str) -> str:
    s = _CONNECTOR.sub("", masked, count=1).strip()
    s = re.sub(r"\s+", " ", s)
    return s


#: How an instruction introduces text below it: a colon or dash, or "… with the following",
#: "… add the following bullet points.", "… as follows".
_INTRODUCES_TEXT = re.compile(
    r"(?::-?|—|\bthe\s+following(?:\s+(?:new\s+)?(?:text|bullet\s+points?|bullets|steps?|lines?|items?|paragraphs?|"
    r"sentences?|wording|segments?|list|rules?))?|\bas\s+follows|\b(?:with|to)(?:\s+(?:this|these))?)\s*\.?\s*$", re.I)


#: A second act, on the wiki, joined to one off it: "Fail the proposal “X” and repeal the rule “Y”",
#: "… and undo any effects they had".
_ALSO_EDITS = re.compile(
    r"\b(?:and|then|also|,)\s+(?:then\s+|also\s+)?(?:repeal|add|remove|replace|change|amend|create|enact|set|give|undo|revert|"
    r"reverse|delete|rename|move|update|edit)\b|\bundo\s+(?:any|all|its|their|the)\s+(?:of\s+(?:its|their|the)\s+)?effects?\b",
    re.I)


#: A place in the Ruleset named over what follows: "In Rule 10 in the 4th paragraph:" — the
#: instruction is in the lines below it, so it is never a mere heading of the post.
_PLACE_HEADING = re.compile(
    r"(?:in|within|from|for|to)\s+[^:]{0,200}?(?:\x01\d+\x02|\b(?:rule|sub-?rule|paragraph|section|keyword)s?\b)[^:]{0,200}:-?", re.I)


#: "If I recall correctly, …", "If I’m not mistaken, …": the author speaking, not a condition.
_ASIDE_IF = re.compile(r"^if\s+(?:I\s+(?:recall|remember|understand|read\s+(?:it|this)|am\s+not\s+mistaken)|I['’]m\s+not\s+"
                       r"mistaken|memory\s+serves)\b", re.I)


#: A condition written after the steps it governs: "The above only applies if …", "Ignore the
#: above if …", "Only do this if …".  It governs every step of the Proposal.
_CONDITION_AFTER = re.compile(
    r"^(?:(?:all\s+of\s+)?the\s+above|these\s+changes|this\s+proposal|everything\s+above)\s+(?:steps?\s+|changes?\s+)?"
    r"(?:(?:should|shall|will|does|do)\s+)?(?:only\s+)?(?:appl(?:y|ies)|takes?\s+effect|happens?|counts?)\s+(?:only\s+)?"
    r"(?:if|when|unless|provided|in\s+case)\b|^ignore\s+(?:all\s+of\s+)?(?:the\s+above|this|these\s+steps)\b|"
    r"^only\s+(?:do|apply|enact)\s+(?:this|these|the\s+above|any\s+of\s+this)\b", re.I)


def _read_sentence(sentence: str) -> _Read:
    """Read one top-level sentence (not its payload).

    Besides the instructions of :data:`GRAMMAR`, a sentence may be: an author's note or remark
    (set aside), a condition (set aside, and named for the Admin; "…, this proposal has no effect"
    and "If …:" govern the steps around or below them), a step deferred to later, something to do
    outside the wiki — or rule text that strayed outside the text it belongs to, which is never set
    aside quietly: it is Unsupported."""
    m = _mask(sentence.strip())
    s = _clean(m.text)
    stripped = sentence.strip()
    bracketed = stripped.startswith("[") and stripped.endswith("]") and not _BRACKETED.sub("", stripped).strip(" []")
    if bracketed or (stripped.startswith("(") and stripped.endswith(")")):
        inner_text = stripped[1:-1].strip()
        inner_masked = _clean(_mask(inner_text).text)
        if reads_as_step(inner_text) or _INSTRUCTION_VERB.match(inner_masked) or (
                _CONDITIONAL.match(inner_masked) and (_ACTS_NOW.search(inner_masked) or _ABOUT_THIS.search(inner_masked))):
            # "(If more than ten voted FOR this proposal, pick ten of them instead.)": it changes a step
            # "(Also repeal the rule “Gems”.)": an instruction, however it is set off
            return _Read([_Spec(Unsupported, {"reason": f"an instruction in brackets; an Admin decides whether it is part "
                                                        f"of the Proposal: “{stripped}”"})], opens_instruction=True)
        return _ignored(("bracketed" if bracketed else "parenthesised") + " author's note, not an instruction", "note")
    # "add “X” (which I’ve removed from this rule) to …": the author's aside inside an instruction
    s = re.sub(r"\s*\([^()\x01\x02]{1,200}\)", lambda a: "" if _COMMENTARY.search(a.group(0)[1:-1].strip()) else a.group(0), s)
    if _PROBLEM_STATEMENT.match(s) and not _LABEL.fullmatch(s) and not names_an_edit(s) and not _INSTRUCTION_VERB.match(s):
        # "One common problem with the game is that …": the author's reasoning
        return _ignored(f"the author's remark, not an instruction: “{stripped}”", "remark")
    if _ASIDE_IF.match(s) and not names_an_edit(s):
        return _ignored(f"the author's remark, not an instruction: “{stripped}”", "remark")
    if _CONDITION_AFTER.match(s):
        return _Read([_Spec(Ignored, {"reason": f"conditional step, not applied by the bot: “{stripped}”",
                                      "category": "conditional", "_governs": "all"})], opens_instruction=True)
    if _GOVERNS_BELOW.search(s) and not _CONDITIONAL.match(s):
        return _Read([_Spec(Ignored, {"reason": f"conditional step, not applied by the bot: “{stripped}”",
                                      "category": "conditional", "_governs": "below"})], opens_instruction=True)
    if _REWRITES_REST.search(s):
        return _Read([_Spec(Unsupported, {"reason": f"it changes what the steps after it mean (an Admin applies them "
                                                    f"with it): “{stripped}”", "_governs": "below"})],
                     opens_instruction=True)
    s = _IMMEDIATE.sub("", s, count=1).strip()
    if not s.strip(" .:-;,"):
        return _ignored(f"only a label or a connecting word, nothing to do: “{stripped}”", "note")
    inner = None if _CONDITIONAL.match(s) else _CONDITIONAL_INNER.search(s)
    if inner:  # "Repeal X, but only if the proposal “Y” passed."
        return _set_aside(s, m, stripped, "conditional step, not applied by the bot", "conditional",
                          instruction=s[:inner.start()], condition=s[inner.start():])
    if _CONDITIONAL.match(s):
        # "If there is a rule called “X”, …", "If that rule contains “A”, …": a condition the bot
        # decides itself, when the grammar reads the whole sentence
        read = _read_core(s, m)
        if read is not None and read.specs and all(sp.fields.get("when") is not None or "_scope" in sp.fields
                                                   for sp in read.specs) \
                and all(sp.cls is not Unsupported for sp in read.specs):
            return read
    if not _CONDITIONAL.match(s) and _DEFERRED.search(s):
        # "At the end of the “X” rule, add …", "After the 3rd paragraph of X, add …": a place in a
        # rule, not a time, whenever the grammar reads the whole sentence as steps
        read = _read_core(s, m)
        if read is not None and read.specs and all(sp.cls not in (Ignored, Unsupported) for sp in read.specs):
            return read
    for hit, reason, category in (
        (_CONDITIONAL.match(s), "conditional step, not applied by the bot", "conditional"),
        (_DEFERRED.search(s), "deferred step, cannot be applied at enactment", "deferred"),
    ):
        if hit:
            rest = _conditional_rest(s)
            return _set_aside(s, m, stripped, reason, category, instruction=rest,
                              condition=s[: len(s) - len(rest)] if rest else s)
    read = _read_core(s, m)
    if read is not None:
        if not read.opens and _is_imperative_on_something(s):
            read.opens_instruction = True  # an instruction the bot recognises but cannot read exactly
        if all(sp.cls is Unsupported for sp in read.specs) and _INTRODUCES_TEXT.search(s) and not read.needs_payload:
            # unread, but it introduces text of its own: that text goes with it, never read as steps
            read.specs[-1].fields["_payload"] = PAYLOAD
        return read
    if _OUTSIDE.search(s) and _ALSO_EDITS.search(s):
        # "Fail the proposal “X” and repeal the rule “Y”": half of it is a change to the wiki
        return _Read([_Spec(Unsupported, {"reason": f"partly outside the wiki and partly a change to it; an Admin does it: "
                                                    f"“{stripped}”"})], opens_instruction=True)
    if _OUTSIDE.search(s) and (_OUTSIDE_VERB.match(s) or (_INSTRUCTION_VERB.match(s) and not _NAMES_A_PLACE.search(s))):
        return _Read([_Spec(Ignored, {"reason": f"about things outside the wiki (blog, votes, messages): “{stripped}”",
                                      "category": "outside wiki"})], opens_instruction=True)
    if _RULING.match(s):
        return _Read([_Spec(Ignored, {"reason": f"a ruling of the Call for Judgement, not an edit of the wiki: “{stripped}”",
                                      "category": "outside wiki"})], opens_instruction=True)
    if _INTRODUCES_STEPS.fullmatch(s):
        return _Read([_Spec(Ignored, {"reason": f"introduces the steps below it: “{stripped}”", "category": "note"})],
                     opens_instruction=True)
    if _LABEL.fullmatch(s) and not _INSTRUCTION_VERB.match(s) and not _PLACE_HEADING.fullmatch(s):
        return _ignored(f"a heading in the post, not an instruction: “{stripped}”", "note")
    if _COMMENTARY.search(s) and not _TOK.search(s) and not names_an_edit(s) and not _INSTRUCTION_VERB.match(s):
        if NARROWS.search(s):
            return _unsupported(f"the author's words may change the step before them: “{stripped}”")
        return _ignored(f"the author's remark, not an instruction: “{stripped}”", "remark")
    if _INTRODUCES_TEXT.search(s) and (_INSTRUCTION_VERB.match(s) or _EDIT_OF_A_PLACE.match(s) or _PLACE_HEADING.fullmatch(s)):
        # An instruction the bot cannot read that introduces text of its own: it takes that text
        # with it (so the text is never read as instructions) and ends any text before it.
        return _Read([_Spec(Unsupported, {"reason": _not_understood(stripped, s, m), "_payload": PAYLOAD})],
                     opens_instruction=True)
    if _is_imperative_on_something(s):
        # "<Verb> the rule “X” …": an instruction the bot cannot read; it ends any text before it
        return _Read([_Spec(Unsupported, {"reason": _not_understood(stripped, s, m)})], opens_instruction=True)
    return _unsupported(_not_understood(stripped, s, m))


def _not_understood(stripped: str, s: str, m: _Masked) -> str:
    """"not understood", with the words the grammar could not place when it read some of them."""
    why = _explain_core(s, m)
    if not why or why.startswith("it does not begin"):
        return f"not understood: “{stripped}”"
    return f"not understood: “{stripped}” ({why})"


def _is_imperative_on_something(s: str) -> bool:
    """An imperative acting on quoted text, a rule, a wiki page, the gamestate or every player:
    an instruction to the Admin even when no kind reads it."""
    return bool(_VERB_ON_RULE.match(s) or (_INSTRUCTION_VERB.match(s) and _NAMES_A_THING.search(s))
                or _TO_EVERYONE.match(s))


def _set_aside(s: str, m: _Masked, stripped: str, reason: str, category: str, *,
               instruction: str | None, condition: str) -> _Read:
    """A conditional or deferred sentence: set aside when it is an instruction under a condition,
    a condition on the Proposal itself, or a heading ("If …:") over the steps below it."""
    if instruction:
        instruction = _CONNECTOR.sub("", instruction, count=1) or instruction  # "…, also add …", "…, then repeal …"
    read = _read_core(instruction, m) if instruction else None
    colon = s.rstrip().endswith((":", ":-"))
    governs = None
    if _GOVERNS_BELOW.search(s) or _REWRITES_REST.search(s):
        governs = "below"  # "…, then ignore the following provision": the steps after it
    elif _NO_EFFECT.search(s):
        governs = "all"
    elif colon and category == "conditional" and _ABOUT_THIS.search(condition) and (read is None or not read.needs_payload) \
            and not (instruction and _INSTRUCTION_VERB.match(_strip_end(instruction)[0])
                     and not _DO_THE_FOLLOWING.fullmatch(_strip_end(instruction)[0])):
        # "If the proposal “X” passed:" / "…, do the following:" over the steps below it (but "If …,
        # append the following to X:" is one step with its own text)
        governs = "below"
    elif read is None and not instruction and re.match(r"(?:otherwise|else|if not|failing that)\b", s, re.I):
        governs = "below"  # "Otherwise:" on its own line; "Otherwise, the check fails." is rule text
    if read is None and instruction and _OUTSIDE_VERB.match(instruction) and _OUTSIDE.search(instruction) \
            and not _NAMES_A_PLACE.search(instruction) and not governs:
        return _Read([_Spec(Ignored, {"reason": f"about things outside the wiki (blog, votes, messages): “{stripped}”",
                                      "category": "outside wiki"})], opens_instruction=True)
    if read is None and instruction and category == "conditional" and _ACTS_NOW.match(instruction) and not governs:
        # "If any Islands exist, choose a random Terrain for each": an act for the Admin that the bot
        # cannot read; it ends the text before it and is left to an Admin (with the text it introduces)
        fields = {"reason": f"a step under a condition that the bot cannot read: “{stripped}”"}
        if colon:
            fields["_payload"] = PAYLOAD
        return _Read([_Spec(Unsupported, fields)], opens_instruction=True)
    if not (governs or (read is not None and read.opens) or _ABOUT_THIS.search(condition)
            or (read is not None and read.needs_payload)):
        return _unsupported(f"reads like rule text, not an instruction (a condition or a time with no step the bot "
                            f"can read): “{stripped}”")
    takes_payload = governs is None and ((read is not None and read.needs_payload) or colon)
    fields: dict[str, Any] = {"reason": f"{reason}: “{stripped}”", "category": category}
    if takes_payload:
        fields["_payload"] = PAYLOAD
    if governs:
        fields["_governs"] = governs
    return _Read([_Spec(Ignored, fields)], opens_instruction=True)


def _conditional_rest(s: str) -> str | None:
    """The instruction after a leading "If …," clause (masked text has no commas in quotes)."""
    m = re.match(r"^[^,]*,\s*(?:then\s+)?(.+)$", s)
    return m.group(1) if m else None


def _strip_end(s: str) -> tuple[str, bool]:
    """Remove the final full stop; report whether the sentence ends by introducing text."""
    s = s.strip()
    colon = bool(re.search(r"(?::-?|:\s*-|\bas follows)\s*$", s, re.I))
    s = re.sub(r"\s*(?::-?|:\s*-)\s*$", "", s)
    s = re.sub(r"[.;,]+$", "", s).strip()
    return s, colon


def _read_core_old(s: str, m: _Masked) -> _Read | None:
    """The first kind in :data:`GRAMMAR` that reads the (masked, cleaned) sentence ``s``."""
    s, _ = _strip_end(s)
    s = re.sub(r",?\s*(?:along with|together with|including|and)\s+(?:all\s+)?(?:of\s+)?its\s+sub-?rules$", "", s, flags=re.I)
    for kind in GRAMMAR:
        r = kind.read(s, m)
        if r is not None:
            return r
    return None


def _read_core_v2(s: str, m: _Masked) -> _Read | None:
    """The grammar and frames first (parsers/frames.py); the gamestate readers for what they leave."""
    s, _ = _strip_end(s)
    s = re.sub(r"\s*[-–—]+\s*$", "", s)  # "…, for the first sentence substitute—": the dash introduces text
    r = frames.read(s, m)
    if r.specs:
        return _Read([_Spec(sp.cls, sp.fields) for sp in r.specs])
    if r.scope is not None:
        # "Rule 14:", "In the rule “X”:", "If there is a rule called “X”:" over the instructions after it
        return _Read([_Spec(Ignored, {"reason": f"names where the instructions after it apply: “{_restore(s, m)}”",
                                      "category": "note", "_scope": r.scope})],
                     opens_instruction=r.scope.rule is not None or r.scope.when is not None)
    if r.instruction:
        return _Read([_Spec(Unsupported, {"reason": f"cannot read “{_restore(s, m)}”: {r.reason}"})], opens_instruction=True)
    if _NEW_RULE_HEAD.match(s):
        # "Create a new rule # 3 and renumber the ruleset": a new rule the bot cannot read; the text
        # below is that rule's, never read as instructions
        return _Read([_Spec(Unsupported, {"reason": f"new rule: cannot read “{_restore(s, m)}”: {r.reason}",
                                          "_payload": PAYLOAD})], opens_instruction=True)
    return None


_NEW_RULE_HEAD = re.compile(r"(?:add|create|enact|establish)\s+(?:(?:a|an)\s+)?(?:new\s+)?(?:[\w-]+\s+)?(?:rule|sub-?rule)\b",
                            re.I)


def _explain_core(s: str, m: _Masked) -> str | None:
    """Why the grammar does not read a sentence as an instruction: the words it could not place."""
    s, _ = _strip_end(s)
    s = re.sub(r"\s*[-–—]+\s*$", "", s)
    return frames.read(s, m).reason


_read_core = _read_core_v2


# --- AddRule ----------------------------------------------------------------------------------

_ADJ = rf"(?:(?:new|{_SECTION_WORD}|red|blue|green|orange|purple|yellow|black)\s+)*"
_DELIM = (
    r"(?=\s*(?:,|:|;|$|\x01)|\s+(?:with|having|reading|which|as follows|to the|in the|into the|under|after|before|"
    r"below|above|following|and call|and name|and title|and give|called|entitled|titled|named|if it exists)\b)"
)
_NAMEFRAG = rf"(?:{Q}|[^,:;\x01\x02]+?(?=\s*\x01|\s*$|[,:;]|\s+\w))"


class _Fields(dict):
    """A step's fields as an instruction sets them: a field set twice to different values ("called
    A … named B") is remembered in ``twice``, so the instruction is unsupported, never overwritten."""

    NAMES = {"name": "two names", "section": "two sections", "parent": "two parent rules", "body": "two texts",
             "after": "two places", "before": "two places"}

    def __init__(self, initial: dict[str, Any]):
        super().__init__(initial)
        self.twice: list[str] = []

    def __setitem__(self, key: str, value: Any) -> None:
        old = self.get(key)
        if key in self.NAMES and old is not None and old is not PAYLOAD and old != value:
            self.twice.append(f"{self.NAMES[key]} (“{old}” and “{value}”)")
        super().__setitem__(key, value)


#: The words that end a new rule's description and introduce its text (quoted on the line, or
#: below): "and give it the following text:", "with the text", "reading “…”", "as follows:", ":-".
_INTRODUCES_BODY = tuple(re.compile(p, re.I) for p in (
    rf"^(?:and\s+)?give\s+it\s+(?:the\s+following(?:\s+(?:text|wording|body|contents?))?|the\s+(?:text|wording))"
    rf"(?:\s*(?::-?|-))?\s*(?P<body>{Q})?\s*$",
    rf"^(?:with|having|using|containing)(?:\s+the)?(?:\s+following)?(?:\s+(?:text|wording|body|contents?|rules? ?text|"
    rf"description))?(?:\s+as\s+follows)?(?:\s*(?::-?|-))?\s*(?P<body>{Q})?\s*$",
    rf"^(?:reading|which reads|that reads|which says|that says|saying|stating|to read)\s*(?::-?)?\s*(?P<body>{Q})\s*$",
    rf"^(?:as follows|the text of which is|whose text is)\s*(?::-?)?\s*(?P<body>{Q})?\s*$",
    rf"^:-?\s*(?P<body>{Q})\s*$",
))


def _read_add_rule(s: str, m: _Masked) -> _Read | None:
    lead_section = lead_parent = None
    c = re.match(rf"^in\s+the\s+(?:({Q})|({_SECTION_WORD}))\s+section(?:\s+of\s+the\s+ruleset)?\s*,?\s*(?=(?:add|create|enact|insert)\b)",
                 s, re.I)
    if c:
        lead_section = _tok_inner(c.group(1), m) if c.group(1) else _section(c.group(2))
        s = s[c.end():]
    c = re.match(rf"^(?:in|to)\s+((?:the\s+)?(?:{_RULEWORD}\s+)?{Q}|(?:the\s+)?{_RULEWORD}\s+[^,]+?)\s*,?\s*"
                 rf"(?=(?:add|create|enact|insert)\s+(?:the\s+following\s+|an?\s+)?(?:new\s+)?sub-?rule\b)", s, re.I)
    if c:
        lead_parent = _rule_ref(c.group(1), m)
        if lead_parent is None:
            return None
        s = s[c.end():]
    t = re.sub(r"^(add|create|enact|insert)\s+the\s+following\s+(?:(?:text|wording)\s+)?(?:as\s+)?(?:(?:a|an)\s+)?",
               r"\1 a ", s, flags=re.I)
    head = re.match(rf"^(?:add|create|enact|insert|make)\s+(?:(?:a|an)\s+)?({_ADJ})({_RULEWORD})\b(.*)$", t, re.I)
    if not head:
        return None
    adjs = head.group(1).lower().split()
    subrule = head.group(2).lower() != "rule"
    rest = head.group(3)
    f = _Fields({"name": None, "body": PAYLOAD, "section": None, "parent": None,
                 "subrule": subrule, "after": None, "before": None, "if_exists": False})
    adj_text = " ".join(adjs)
    sec = re.search(_SECTION_WORD, adj_text, re.I)
    if sec:
        f["section"] = _section(sec.group(0))
    if lead_section:
        f["section"] = lead_section
    if lead_parent is not None:
        f["parent"], f["subrule"] = lead_parent, True
    while True:
        rest = re.sub(r"^(?:\s|,|\.|and\b|then\b|new\b)+", "", rest, flags=re.I)
        if not rest:
            break
        c = re.match(r"^(?:to|in|into)\s+the\s+(?:ruleset|rules)\b", rest, re.I)
        if c:
            rest = rest[c.end():]
            continue
        c = re.match(rf"^(?:to|in|into|at the end of|at the bottom of)\s+(?:the\s+)?({_SECTION_WORD})(?:\s+rules?)?(?:\s+section)?"
                     rf"(?:\s+of\s+the\s+ruleset)?\b", rest, re.I)
        if c:
            f["section"] = _section(c.group(1))
            rest = rest[c.end():]
            continue
        c = re.match(rf"^(?:to|in|into|at the end of)\s+(?:the\s+)?(?:section\s+({Q})|({Q})\s+section)", rest, re.I)
        if c:
            f["section"] = _tok_inner(c.group(1) or c.group(2), m)
            rest = rest[c.end():]
            continue
        c = re.match(rf"^(?:called|titled|entitled|named|with the (?:name|title|heading)|(?:and\s+)?(?:call|name|title) it)\s+({_NAMEFRAG}){_DELIM}", rest, re.I)
        if c:
            f["name"] = _name(c.group(1), m)
            rest = rest[c.end():]
            continue
        c = re.match(rf"^as\s+(?:a|an)\s+{_ADJ}{_RULEWORD}\s+(?:to|of|under|for|in)\s+({_NAMEFRAG}){_DELIM}", rest, re.I)
        if c:
            f["parent"] = _rule_ref(c.group(1), m)
            f["subrule"] = True
            if f["parent"] is None:
                return _unsupported_add(s, m, "cannot read the parent rule")
            rest = rest[c.end():]
            continue
        if f["subrule"] and f["parent"] is None:
            c = re.match(rf"^(?:to|of|under|for|in)\s+((?:the\s+)?(?:{_RULEWORD}\s+)?{_NAMEFRAG}){_DELIM}", rest, re.I)
            if c:
                f["parent"] = _rule_ref(c.group(1), m)
                if f["parent"] is None:
                    return _unsupported_add(s, m, "cannot read the parent rule")
                rest = rest[c.end():]
                continue
        c = re.match(rf"^(?:immediately\s+|directly\s+)?(after|following|below|before|above)\s+((?:the\s+)?(?:{_RULEWORD}\s+)?{_NAMEFRAG}){_DELIM}", rest, re.I)
        if c:
            ref = _rule_ref(c.group(2), m)
            if ref is None:
                return _unsupported_add(s, m, "cannot read the rule it goes next to")
            f["before" if c.group(1).lower() in ("before", "above") else "after"] = ref
            rest = rest[c.end():]
            continue
        c = re.match(rf"^if\s+(?:it|that|that rule|this rule|the rule|the parent rule|the parent|such a rule|(?:the\s+)?(?:{_RULEWORD}\s+)?{_NAMEFRAG})\s+exists\b", rest, re.I)
        if c:
            f["if_exists"] = True
            rest = rest[c.end():]
            continue
        c = next((c for c in (p.match(rest) for p in _INTRODUCES_BODY) if c), None)
        if c:  # the words that introduce the new rule's text, and the text when quoted on the line
            if c.group("body"):
                f["body"] = _tok_inner(c.group("body"), m)
            rest = ""
            break
        if f["name"] is None:
            c = re.match(rf"^({Q})", rest)
            if c:
                f["name"] = _tok_inner(c.group(1), m).strip()
                rest = rest[c.end():]
                continue
        return _unsupported_add(s, m, f"cannot read “{_restore(rest, m).strip()}”")
    if f.twice:
        return _unsupported_add(s, m, "it gives " + "; ".join(f.twice))
    if not f["name"]:
        return _unsupported_add(s, m, "the new rule has no name")
    if f["parent"] is not None:
        f["subrule"] = True
    return _Read([_Spec(AddRule, f)])


def _unsupported_add(s: str, m: _Masked, why: str) -> _Read:
    # keep the payload with the step so it is not read as instructions
    return _Read([_Spec(Unsupported, {"reason": f"new rule: {why}: “{_restore(s, m)}”", "_payload": PAYLOAD})])


# --- Repeal / rename / replace whole rule / move / status ------------------------------------


def _ref_list(refs: str, m: _Masked, plural: bool) -> list[RuleRef] | None:
    refs = re.sub(r",?\s*if\s+(?:it|they|that rule|these|those)\s+exists?t?\b", "", refs, flags=re.I).strip()
    if re.fullmatch(rf"{Q}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+){Q})+", refs):
        return [RuleRef(name=m.inner[int(t)].strip()) for t in _TOK.findall(refs)]
    if "," in refs:
        parts = [p for p in re.split(r"\s*,\s*(?:and\s+)?", refs) if p]
        if len(parts) >= 2 and re.search(r"\s+and\s+", parts[-1]):
            parts[-1:] = re.split(r"\s+and\s+", parts[-1], maxsplit=1)
        out = [_rule_ref(p, m) for p in parts]
        return out if all(out) else None
    if plural and re.search(r"\s+and\s+", refs):
        return None  # "the rules A and B": names may contain "and"; do not guess
    one = _rule_ref(refs, m)
    return [one] if one else None


def _read_repeal(s: str, m: _Masked) -> _Read | None:
    if re.match(r"(?:repeal|deletion|removal|abolition)\s+of\b", s, re.I):
        return None  # "Repeal of a Beacon happens when …": a noun, in rule text
    c = re.fullmatch(r"(?:repeal|delete|remove|abolish)\s+(?:all|every|each)\s+(?:of\s+the\s+)?(?:current(?:ly\s+existing)?\s+|"
                     r"existing\s+|remaining\s+)?dynastic\s+rules?(?:\s*,?\s+(?:except|other\s+than|apart\s+from|but|save)"
                     r"(?:\s+for)?\s+(.+))?", s, re.I)
    if c:  # "Repeal all dynastic rules [except “A” and “B”]."
        keep: list[RuleRef] = []
        if c.group(1):
            keep = _ref_list(re.sub(r"^(?:the\s+)?(?:rules?\s+)?", "", c.group(1), flags=re.I), m, plural=True) or []
            if not keep:
                return _unsupported(f"cannot read which rules are kept: “{_restore(s, m)}”")
        return _Read([_Spec(RepealAll, {"kind": DYNASTIC, "keep": tuple(keep)})])
    c = re.match(rf"^(?:repeal|delete|remove|abolish|strike)\s+(?:the\s+)?(?:entire\s+|whole\s+)?(?:({_SECTION_WORD})\s+)?({_RULEWORD})(s?)\s+(.+)$", s, re.I)
    if not c:
        c2 = re.match(r"^repeal\s+(.+)$", s, re.I)
        if not c2:
            return None
        if re.match(r"(?:all|every|each)\b", c2.group(1), re.I):
            return None
        refs = _ref_list(c2.group(1), m, plural=False)
    else:
        if re.match(r"(?:all|every|each)\b", c.group(4), re.I):
            return None
        prefix = (c.group(1) + " " if c.group(1) else "") + c.group(2) + " "
        if c.group(3) or _TOK.search(c.group(4)) and re.search(r",|\band\b", c.group(4)):
            refs = _ref_list(c.group(4), m, plural=bool(c.group(3)))
        else:
            refs = _ref_list(prefix + c.group(4), m, plural=False)
    if not refs:
        return _unsupported(f"cannot tell which rule(s) to repeal: “{_restore(s, m)}”")
    return _Read([_Spec(RepealRule, {"rule": r}) for r in refs])


def _read_rename(s: str, m: _Masked) -> _Read | None:
    if _RULESET_SCOPE.search(s):
        return None  # "Rename “A” to “B” throughout the ruleset": a term, not a rule's title
    c = re.match(r"^(?:rename|retitle)\s+(.+)$", s, re.I)
    if c:
        body = c.group(1)
        pairs = re.findall(rf"({Q})\s+(?:to|as)\s+({Q})", body)
        if len(pairs) > 1 and re.fullmatch(rf"(?:(?:the\s+)?(?:{_RULEWORD}\s+)?{Q}\s+(?:to|as)\s+{Q}(?:\s*,\s*(?:and\s+)?|\s+and\s+|$))+", body, re.I):
            return _Read([_Spec(RenameRule, {"rule": RuleRef(name=m.inner[int(_TOK.search(a).group(1))].strip()),
                                             "new_name": _tok_inner(b, m).strip()}) for a, b in pairs])
        one = re.fullmatch(r"(.+?)\s+(?:to|as)\s+(?:be\s+)?(.+)", body, re.I)
        if one:
            ref, new = _rule_ref(one.group(1), m), _name(one.group(2), m)
            if ref and new:
                return _Read([_Spec(RenameRule, {"rule": ref, "new_name": new})])
        return _unsupported(f"cannot read the rename: “{_restore(s, m)}”")
    c = re.match(r"^(?:change|set|alter|update)\s+the\s+(?:name|title|heading)\s+of\s+(.+?)\s+to\s+(?:be\s+)?(.+)$", s, re.I)
    if c:
        ref, new = _rule_ref(c.group(1), m), _name(c.group(2), m)
        if ref and new:
            return _Read([_Spec(RenameRule, {"rule": ref, "new_name": new})])
        return _unsupported(f"cannot read the rename: “{_restore(s, m)}”")
    return None


def _read_replace_rule(s: str, m: _Masked) -> _Read | None:
    # "Amend rule 1.7 by replacing:" / "Change the final paragraph of Rule 1 from:" — old and new text follow
    c = re.fullmatch(r"(?:amend|change|modify|alter)\s+(.+?)\s+(?:by|as\s+follows\s*,?)\s*(?:replacing|changing)(?:\s*(?::-?|-|—))?",
                     s, re.I)
    if c is None:
        c = re.fullmatch(r"(?:change|replace|amend|reword|alter)\s+(.+?)\s+from(?:\s*(?::-?|-|—))?", s, re.I)
    if c:
        ref = _rule_ref(c.group(1), m)
        if ref is None:
            t = _target(c.group(1), m)
            ref = t[1] if t is not None else None
        if ref is None:
            return _unsupported(f"cannot tell which rule this change is in: “{_restore(s, m)}”")
        return _Read([_Spec(ReplaceText, {"rule": ref, "target": PAIRS, "new": PAIRS})])
    # "Amend rule 4 by replacing “A” with “B”." / "… by removing “A”" / "… by adding “A” after “B”"
    c = re.fullmatch(r"(?:amend|modify|alter|change)\s+(.+?)\s+by\s+(replacing|changing|substituting|removing|deleting|striking|"
                     r"adding|inserting|appending)\s+(\x01.+)", s, re.I)
    if c:
        ref = _rule_ref(c.group(1), m)
        verb = {"replacing": "replace", "changing": "change", "substituting": "substitute", "removing": "remove",
                "deleting": "delete", "striking": "strike", "adding": "add", "inserting": "insert",
                "appending": "append"}[c.group(2).lower()]
        r = _edit(f"{verb} {c.group(3)}", ref, m) if ref is not None else None
        return r if r is not None else _unsupported(f"cannot read the amendment: “{_restore(s, m)}”")
    # "Amend rule 1.7 as follows." followed by instructions, not by the rule's new text: not a reword
    c = re.fullmatch(r"(?:amend|change|modify|alter)\s+(.+?)\s+as\s+follows", s, re.I)
    if c and not re.search(r"\b(?:to\s+read|reads?)\b", s, re.I):
        ref = _rule_ref(c.group(1), m)
        if ref is not None:
            return _Read([_Spec(ReplaceRuleText, {"rule": ref, "body": PAYLOAD, "new_name": None, "_not_steps": True})])
    # Reword / rewrite / amend X to:- … (X may be a paragraph of a rule)
    c = re.match(
        rf"^(?:reword|re-word|rewrite|re-write|amend|replace\s+the\s+(?:entire\s+|whole\s+|full\s+)?(?:text|body|wording|contents?)\s+of)\s+"
        rf"(.+?)\s+(?:so\s+(?:that\s+)?it\s+reads|to\s+read|to|with|as\s+follows|as)(?:\s+the\s+following(?:\s+(?:text|wording))?)?"
        rf"(?:\s*(?::-?|-))?\s*({Q})?$",
        s, re.I,
    )
    if c:
        what, tok = c.group(1), c.group(2)
        body = _body(tok, m)
        t = _target(what, m)
        if t is not None and t[0].kind in (PARAGRAPH, PARAGRAPHS_FROM, SENTENCE, SENTENCE_BEGINNING,
                                           SENTENCE_ENDING, PARAGRAPH_BEGINNING, PARAGRAPH_ENDING,
                                           PARAGRAPH_CONTAINING, SENTENCE_CONTAINING):
            target, rule = t
            return _Read([_Spec(ReplaceText, {"rule": rule or RuleRef(previous=True), "target": target, "new": body})])
        ref = _rule_ref(what, m)
        if ref is None:
            return None
        return _Read([_Spec(ReplaceRuleText, {"rule": ref, "body": body, "new_name": None})])
    # Replace the rule X with the following rule, called Y:
    c = re.match(
        rf"^replace\s+(?:the\s+)?(?:(?:{_SECTION_WORD})\s+)?{_RULEWORD}\s+(.+?)\s+with\s*(?:the\s+following|this|a\s+new)?"
        rf"(?:\s+(?:new\s+)?(?:rule|text))?(?:\s*,?\s*(?:called|named|titled|entitled|to\s+be\s+called|with\s+the\s+(?:name|title))\s+({_NAMEFRAG}))?"
        rf"\s*(?::-?|-)?\s*({Q})?$",
        s, re.I,
    )
    if c:
        ref = _rule_ref("rule " + c.group(1), m) if not re.match(r"(?:this|that|the same)\b", c.group(1), re.I) else _rule_ref(c.group(1), m)
        if ref is None:
            return _unsupported(f"cannot read which rule to replace: “{_restore(s, m)}”")
        new_name = _name(c.group(2), m) if c.group(2) else None
        body = _body(c.group(3), m)
        return _Read([_Spec(ReplaceRuleText, {"rule": ref, "body": body, "new_name": new_name})])
    return None


def _read_move(s: str, m: _Masked) -> _Read | None:
    c = re.match(r"^move\s+(.+)$", s, re.I)
    if not c:
        return None
    body = c.group(1)
    pats = [
        (rf"^(.+?)\s+(?:to|into)\s+(?:the\s+)?({_SECTION_WORD})(?:\s+rules?)?(?:\s+section)?$", "section"),
        (rf"^(.+?)\s+(?:to|into)\s+(?:the\s+)?(?:section\s+({Q})|({Q})\s+section)$", "named_section"),
        (rf"^(.+?)\s+(?:so\s+that\s+it\s+is\s+|so\s+it\s+is\s+|to\s+be\s+|to\s+become\s+)?(?:as\s+)?(?:a|an)\s+{_RULEWORD}\s+(?:of|to|under|in)\s+(.+)$", "parent"),
        (r"^(.+?)\s+(?:to\s+)?(?:be\s+)?(?:immediately\s+|directly\s+)?(?:after|below|following)\s+(.+)$", "after"),
        (r"^(.+?)\s+(?:to\s+|so\s+that\s+it\s+is\s+)?(?:under|beneath)\s+(.+)$", "parent"),
    ]
    for pat, kind in pats:
        p = re.match(pat, body, re.I)
        if not p:
            continue
        ref = _rule_ref(p.group(1), m)
        if ref is None:
            break
        if kind == "section":
            return _Read([_Spec(MoveRule, {"rule": ref, "section": _section(p.group(2))})])
        if kind == "named_section":
            return _Read([_Spec(MoveRule, {"rule": ref, "section": _tok_inner(p.group(2) or p.group(3), m)})])
        other = _rule_ref(p.group(2), m)
        if other is None:
            break
        return _Read([_Spec(MoveRule, {"rule": ref, kind: other})])
    return _unsupported(f"cannot read the move: “{_restore(s, m)}”")


def _read_status(s: str, m: _Masked) -> _Read | None:
    c = re.match(r"^(?:set|make|mark|change|switch|turn)\s+(?:the\s+status\s+of\s+)?(.+?)\s+(?:to|as)\s+(?:be\s+)?(?:\[)?(active|inactive)(?:\])?(?:\s+status)?$", s, re.I)
    if c:
        refs_text, status = c.group(1), c.group(2).capitalize()
    else:
        c = re.match(r"^(activate|deactivate|inactivate|reactivate)\s+(.+)$", s, re.I)
        if not c:
            return None
        refs_text = c.group(2)
        status = "Active" if c.group(1).lower() in ("activate", "reactivate") else "Inactive"
    plural = bool(re.match(rf"(?:the\s+)?(?:{_SECTION_WORD}\s+)?{_RULEWORD}s\b", refs_text, re.I))
    refs_text2 = re.sub(rf"^(?:the\s+)?(?:({_SECTION_WORD})\s+)?{_RULEWORD}s\s+", "", refs_text, flags=re.I) if plural else refs_text
    refs = _ref_list(refs_text2, m, plural=plural)
    if not refs:
        return _unsupported(f"cannot tell which rule(s) to set {status}: “{_restore(s, m)}”")
    return _Read([_Spec(SetStatus, {"rule": r, "status": status}) for r in refs])


# --- Gamestate --------------------------------------------------------------------------------

_PLAYER = rf"(?:{Q}|[A-Za-z0-9_][A-Za-z0-9_.-]{{1,29}})"
_EACHW = r"(?:each|every|all)\s+(?:of\s+the\s+)?([A-Za-z][\w-]*?)"
_NOT_PLAYER = {"the", "a", "an", "it", "this", "that", "rule", "each", "every", "all", "they", "he", "she"}


def _player(frag: str, m: _Masked) -> str | None:
    name = _name(frag, m)
    if not name or name.lower() in _NOT_PLAYER:
        return None
    return name


_NOT_IN_VAR = {"at", "for", "if", "when", "per", "each", "every", "from", "on", "in", "to", "until", "after",
               "before", "whenever", "unless", "times", "by", "and", "or", "plus", "minus", "than", "of"}


def _var(frag: str, m: _Masked) -> str | None:
    """A variable name: quoted, or one to three words with no clause in them."""
    frag = re.sub(r"^(?:their|his|her|its)\s+", "", frag.strip(), flags=re.I)
    if _tok_inner(frag, m) is not None:
        return _tok_inner(frag, m).strip() or None
    words = frag.split()
    if not 1 <= len(words) <= 3 or any(w.lower() in _NOT_IN_VAR for w in words) or _TOK.search(frag):
        return None
    if not all(re.fullmatch(r"[\w’'-]+", w) for w in words):
        return None
    return frag


def _value(frag: str, m: _Masked) -> str | None:
    """A literal value: a number, quoted text, or one to three plain words (not an expression)."""
    frag = frag.strip()
    if _tok_inner(frag, m) is not None:
        return _tok_inner(frag, m)
    if re.fullmatch(r"[-+−]?\d+(?:\.\d+)?", frag):
        return frag.replace("−", "-")
    words = frag.split()
    if (1 <= len(words) <= 3 and all(re.fullmatch(r"[\w’'-]+", w) for w in words)
            and words[0].lower() not in {"their", "his", "her", "its", "the", "a", "an", "that", "this", "half", "twice"}
            and not any(w.lower() in _NOT_IN_VAR for w in words)):
        return frag
    return None


def _gs(cls: type, **fields: Any) -> _Read | None:
    """A gamestate step, or None when a variable/value/name could not be read exactly."""
    if any(v is None or v == "" for v in fields.values()):
        return None
    return _Read([_Spec(cls, fields)])


def _read_gamestate(s: str, m: _Masked) -> _Read | None:
    # set each Player’s X to V / set the X of each Player to V
    c = re.match(rf"^set\s+(?:the\s+)?{_EACHW}(?:['’]s|s['’]|['’])\s+(.+?)\s+to\s+(?:be\s+)?(.+)$", s, re.I)
    if c:
        return _gs(SetValue, player=EachPlayer(term=c.group(1)), variable=_var(c.group(2), m), value=_value(c.group(3), m)) or _unsupported_gs(s, m)
    c = re.match(r"^set\s+all\s+((?-i:[A-Z])[\w-]*s)\s+(.+?)\s+to\s+(?:be\s+)?(.+)$", s, re.I)
    if c:
        return _gs(SetValue, player=EachPlayer(term=c.group(1)), variable=_var(c.group(2), m), value=_value(c.group(3), m)) or _unsupported_gs(s, m)
    c = re.match(rf"^set\s+(?:the\s+)?(.+?)\s+(?:of|for)\s+{_EACHW}\s+to\s+(?:be\s+)?(.+)$", s, re.I)
    if c:
        return _gs(SetValue, player=EachPlayer(term=c.group(2)), variable=_var(c.group(1), m), value=_value(c.group(3), m)) or _unsupported_gs(s, m)
    c = re.match(rf"^set\s+({_PLAYER})(?:['’]s|(?<=s)['’])\s+(.+?)\s+to\s+(?:be\s+)?(.+)$", s, re.I)
    if c and not re.fullmatch(r"\[?(?:active|inactive)\]?", c.group(3), re.I):
        p = _player(c.group(1), m)
        if p:
            return _gs(SetValue, player=p, variable=_var(c.group(2), m), value=_value(c.group(3), m)) or _unsupported_gs(s, m)
    # gains / loses
    c = re.match(rf"^({_EACHW}|{_PLAYER})\s+(gains?|loses?|gets|receives|earns|is given|spends|pays)\s+({_NUM})\s+(.+)$", s, re.I)
    if c:
        who_raw = c.group(1)
        each = re.match(_EACHW + "$", who_raw, re.I)
        who: Any = EachPlayer(term=each.group(1)) if each else _player(who_raw, m)
        if who and not re.search(r"\bto\b", c.group(5)):
            sign = -1 if c.group(3).lower() in ("loses", "lose", "spends", "pays") else 1
            return _gs(ChangeValue, player=who, variable=_var(c.group(5), m), delta=sign * _num(c.group(4))) or _unsupported_gs(s, m)
    c = re.match(rf"^(increase|raise|decrease|reduce|lower)\s+(?:the\s+)?({_EACHW}(?:['’]s|s['’]|['’])|{_PLAYER}['’]s)\s+(.+?)\s+by\s+({_NUM})$", s, re.I)
    if c:
        each = re.match(_EACHW, c.group(2), re.I)
        who = EachPlayer(term=each.group(1)) if each else _player(re.sub(r"['’]s$", "", c.group(2)), m)
        if who:
            sign = 1 if c.group(1).lower() in ("increase", "raise") else -1
            return _gs(ChangeValue, player=who, variable=_var(c.group(4), m), delta=sign * _num(c.group(5))) or _unsupported_gs(s, m)
    c = re.match(rf"^(?:give|award)\s+({_EACHW}|{_PLAYER})\s+({_NUM})\s+(.+)$", s, re.I)
    if c:
        each = re.match(_EACHW + "$", c.group(1), re.I)
        who = EachPlayer(term=each.group(1)) if each else _player(c.group(1), m)
        if who:
            return _gs(ChangeValue, player=who, variable=_var(c.group(4), m), delta=_num(c.group(3))) or _unsupported_gs(s, m)
    # transfers
    c = re.match(rf"^({_PLAYER})\s+(?:transfers|gives|pays|sends)\s+({_NUM})\s+(.+?)\s+to\s+({_PLAYER})$", s, re.I)
    if c and _player(c.group(1), m) and _player(c.group(4), m):
        return _gs(TransferValue, source=_player(c.group(1), m), target=_player(c.group(4), m),
                   variable=_var(c.group(3), m), amount=_num(c.group(2))) or _unsupported_gs(s, m)
    c = re.match(rf"^transfer\s+({_NUM})\s+(.+?)\s+from\s+({_PLAYER})\s+to\s+({_PLAYER})$", s, re.I)
    if c and _player(c.group(3), m) and _player(c.group(4), m):
        return _gs(TransferValue, source=_player(c.group(3), m), target=_player(c.group(4), m),
                   variable=_var(c.group(2), m), amount=_num(c.group(1))) or _unsupported_gs(s, m)
    # columns
    c = re.match(r"^(?:add|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:gndt\s+|gamestate\s+|tracking\s+)?column\b(.*)$", s, re.I)
    if c:
        return _read_add_column(c.group(1), s, m)
    # player rows
    table = r"(?:\s+(?:to|in|on|into|from)\s+the\s+(?:[\w ]+?\s+)?(?:table|gamestate(?:\s+tracking\s+page)?|tracking\s+page|gndt))?"
    c = (re.match(rf"^add\s+(?:a\s+)?(?:new\s+)?(?:row|entry|line)\s+for\s+({_PLAYER}){table}$", s, re.I)
         or re.match(rf"^add\s+({_PLAYER})\s+(?:as\s+an?\s+(?:new\s+)?(?!rule\b|sub-?rule\b)[\w-]+\s+)?to\s+the\s+(?:[\w ]+?\s+)?(?:table|gamestate(?:\s+tracking\s+page)?|tracking\s+page|gndt)$", s, re.I)
         or re.match(rf"^add\s+({_PLAYER})\s+as\s+an?\s+(?:new\s+)?(?!rule\b|sub-?rule\b|column\b)[\w-]+$", s, re.I))
    if c and _player(c.group(1), m):
        return _Read([_Spec(AddPlayer, {"name": _player(c.group(1), m)})])
    c = (re.match(rf"^(?:remove|delete)\s+(?:the\s+)?(?:row|entry|line)\s+(?:for|of)\s+({_PLAYER}){table}$", s, re.I)
         or re.match(rf"^(?:remove|delete)\s+({_PLAYER})['’]s\s+(?:row|entry|line){table}$", s, re.I)
         or re.match(rf"^(?:remove|delete)\s+({_PLAYER})\s+from\s+the\s+(?:[\w ]+?\s+)?(?:table|gamestate(?:\s+tracking\s+page)?|tracking\s+page|gndt|game)$", s, re.I))
    if c and _player(c.group(1), m):
        return _Read([_Spec(RemovePlayer, {"name": _player(c.group(1), m)})])
    return None


def _unsupported_gs(s: str, m: _Masked) -> _Read:
    return _unsupported(f"gamestate change not read exactly (player, variable or value unclear): “{_restore(s, m)}”")


def _read_add_column(rest: str, s: str, m: _Masked) -> _Read:
    f: dict[str, Any] = {"column": None, "default": None, "table": None}
    delim = r"(?=\s*(?:,|$)|\s+(?:to|in|on|defaulting|with|starting|initially|set|which)\b)"
    while True:
        rest = re.sub(r"^(?:\s|,|and\b)+", "", rest, flags=re.I)
        if not rest:
            break
        c = re.match(rf"^(?:called|named|titled|entitled|labelled|labeled|for)?\s*({Q}|[^,\x01]+?){delim}", rest, re.I)
        if c and f["column"] is None and not re.match(r"(?:to|in|on|defaulting|with)\b", rest, re.I):
            f["column"] = _name(c.group(1), m)
            rest = rest[c.end():]
            continue
        c = re.match(rf"^(?:to|in|on)\s+the\s+(?:({Q}|[\w ]+?)\s+)?(?:table|tab)\b", rest, re.I)
        if c:
            f["table"] = _name(c.group(1), m) if c.group(1) else None
            rest = rest[c.end():]
            continue
        c = re.match(r"^(?:to|in|on)\s+the\s+(?:gamestate(?:\s+tracking\s+page)?|tracking\s+page|gndt)\b", rest, re.I)
        if c:
            rest = rest[c.end():]
            continue
        c = re.match(rf"^(?:defaulting\s+to|with\s+(?:a\s+)?default(?:\s+value)?\s+of|with\s+(?:a\s+|an\s+)?(?:starting|initial)\s+value\s+of|"
                     rf"starting\s+at|initially\s+set\s+to|initially|set\s+to|with\s+(?:the\s+)?value)\s+({Q}|\S+?)(?=\s*(?:,|$))", rest, re.I)
        if c:
            f["default"] = _name(c.group(1), m)
            rest = rest[c.end():]
            continue
        return _unsupported(f"cannot read the new column: “{_restore(s, m)}”")
    if not f["column"]:
        return _unsupported(f"the new column has no name: “{_restore(s, m)}”")
    return _Read([_Spec(AddColumn, f)])


# --- Text edits inside a rule -----------------------------------------------------------------

_FOLLOWING = r"(?:the\s+following(?:\s+(?:new\s+)?(?:text|sentences?|paragraphs?|words?|bullet(?:\s+points?)?s?|list|lines?|clause|subsection))?|this)"


def _edit(e: str, rule: RuleRef | None, m: _Masked) -> _Read | None:
    """Read an edit ("replace … with …", "remove …", "after …, add …", "add:") in a known rule."""
    e = re.sub(r"^(?:then\s+|also\s+)", "", e.strip(), flags=re.I)
    # nested context: "in “If … must”, change the ‘must’ to a ‘may’"
    w = re.match(rf"^(?:in|within)\s+(?:the\s+(?:sentence|text|phrase|paragraph|clause)\s+)?({Q})\s*,\s*(.+)$", e, re.I)
    if w:
        inner = _edit(w.group(2), rule, m)
        if inner is None:
            return None
        within = _tok_inner(w.group(1), m)
        for spec in inner.specs:
            for key in ("target", "anchor"):
                t = spec.fields.get(key)
                if isinstance(t, Target):
                    spec.fields[key] = dataclasses.replace(t, within=within)
        return inner
    # replace / change, the old and new text following as paragraphs
    c = re.fullmatch(
        r"(?:replace|change|substitute|amend|alter|reword)(?:\s+(?:this|the\s+following)(?:\s+(?:text|wording|words?|"
        r"sentences?|paragraphs?))?)?(?:\s+from)?(?:\s*(?::-?|-|—))?",
        e, re.I)
    if c and rule is not None:
        return _Read([_Spec(ReplaceText, {"rule": rule, "target": PAIRS, "new": PAIRS})])
    # replace / change
    c = re.match(
        rf"^(?:replace|change|substitute|alter|amend|reword|rewrite|update|swap)\s+(.+?)\s+(?:with|to|by|into|for|so\s+(?:that\s+)?it\s+reads|to\s+read)\b"
        rf"(?:\s+{_FOLLOWING})?(?:\s*(?::-?|-))?\s*(?:(?:a|an|the)\s+)?({Q})?$",
        e, re.I,
    )
    if c:
        t = _target(c.group(1), m)
        if t is None:
            return None
        target, of_rule = t
        new = _body(c.group(2), m)
        return _Read([_Spec(ReplaceText, {"rule": of_rule or rule, "target": target, "new": new})])
    # remove
    c = re.match(r"^(?:remove|delete|strike(?:\s+out)?|excise|cut|omit)\s+(.+)$", e, re.I)
    if c:
        ts = _targets(c.group(1), m)
        if ts is None:
            return None
        if rule is None and any(r is None and t.kind == TEXT for t, r in ts):
            return None  # quoted text with no rule named: which rule?
        return _Read([_Spec(RemoveText, {"rule": r or rule, "target": t}) for t, r in ts])
    # after X, add …
    c = re.match(
        rf"^(?:immediately\s+|directly\s+)?(after|before|following|preceding)\s+(.+?)\s*,?\s*(?:add|insert|append|place|put|include)"
        rf"(?:\s+{_FOLLOWING})?(?:\s+(?:as\s+a\s+new\s+(?:paragraph|sentence|bullet(?:\s+point)?|line)))?(?:\s*(?::-?|-))?\s*({Q})?$",
        e, re.I,
    )
    if c:
        t = _target(c.group(2), m)
        if t is None:
            return None
        anchor, of_rule = t
        pos = "before" if c.group(1).lower() in ("before", "preceding") else "after"
        body = _body(c.group(3), m)
        return _Read([_Spec(InsertText, {"rule": of_rule or rule, "anchor": anchor, "body": body, "position": pos})])
    # add … after X
    c = re.match(
        rf"^(?:add|insert|place|put)\s+(?:{_FOLLOWING}|({Q}))\s+(?:immediately\s+|directly\s+)?(after|before|following|preceding)\s+(.+?)(?:\s*(?::-?|-))?\s*({Q})?$",
        e, re.I,
    )
    if c:
        t = _target(c.group(3), m)
        if t is None:
            return None
        anchor, of_rule = t
        pos = "before" if c.group(2).lower() in ("before", "preceding") else "after"
        tok = c.group(1) or c.group(4)
        body = _body(tok, m)
        return _Read([_Spec(InsertText, {"rule": of_rule or rule, "anchor": anchor, "body": body, "position": pos})])
    if rule is None:
        return None
    # at the end, add … / add … to the end / add:
    c = re.match(
        rf"^(?:(?:at|to)\s+the\s+(end|bottom|beginning|start|top)(?:\s+of\s+(?:it|the\s+rule|this\s+rule|that\s+rule))?\s*,?\s*)?"
        rf"(add|append|insert|prepend)(?:\s+(?:{_FOLLOWING}|({Q})))?"
        rf"(?:\s+(?:to|at)\s+(?:the\s+)?(end|bottom|beginning|start|top)(?:\s+of\s+(?:it|the\s+rule|this\s+rule|that\s+rule))?)?"
        rf"(?:\s+as\s+a\s+new\s+(?:paragraph|sentence|bullet(?:\s+point)?|line))?(?:\s*(?::-?|-))?\s*({Q})?$",
        e, re.I,
    )
    if c:
        where = (c.group(1) or c.group(4) or "").lower()
        at = "start" if where in ("beginning", "start", "top") or c.group(2).lower() == "prepend" else "end"
        tok = c.group(3) or c.group(5)
        body = _body(tok, m)
        return _Read([_Spec(AppendText, {"rule": rule, "body": body, "at": at})])
    return None


_RULESET_SCOPE = re.compile(
    r"(?:,\s*)?\b(?:in|within|throughout|everywhere\s+in|across)\s+(?:the\s+)?(?:entire\s+|whole\s+)?ruleset\b(?:\s*,)?|"
    r"(?:,\s*)?\b(?:in|within)\s+(?:every|each|all)\s+rules?\b(?:\s*,)?",
    re.I,
)


def _read_scoped_edit(s: str, m: _Masked) -> _Read | None:
    """Edits applied to the whole Ruleset: "Change all occurrences of “A” in the ruleset to “B”."""
    if not _RULESET_SCOPE.search(s):
        return None
    e = _RULESET_SCOPE.sub(" ", s, count=1)
    e = re.sub(r"\s+", " ", e).strip(" ,")
    pairs = re.fullmatch(rf"(?:change|replace|substitute|alter|swap|rename)\s+((?:{Q}\s+(?:with|to|by)\s+{Q}(?:\s*,\s*(?:and\s+)?|\s+and\s+|$))+)",
                         e, re.I)
    if pairs and len(re.findall(rf"{Q}\s+(?:with|to|by)\s+{Q}", pairs.group(1), re.I)) > 1:
        # "Replace “A” with “B” and “C” with “D” in every rule."
        return _Read([_Spec(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text=_tok_inner(a, m), occurrence="all"),
                                          "new": _tok_inner(b, m)})
                      for a, b in re.findall(rf"({Q})\s+(?:with|to|by)\s+({Q})", pairs.group(1), re.I)])
    c = re.fullmatch(r"(?:change|replace|substitute)\s+(?:all|every|each)\s+(?:instances?|occurrences?|uses?)\s+of\s+"
                     r"((?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?)\s+(?:with|to|by)\s+((?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?)",
                     e, re.I)
    if c:  # a game term, unquoted: "Replace all instances of Artist within the ruleset with Player"
        return _Read([_Spec(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text=c.group(1), occurrence="all"),
                                          "new": c.group(2)})])
    c = re.match(rf"^(?:change|replace|substitute|alter|swap|rename)\s+({Q})\s+(?:with|to|by|for|as)\s+({Q})$", e, re.I)
    if c:
        return _Read([_Spec(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text=_tok_inner(c.group(1), m), occurrence="all"),
                                          "new": _tok_inner(c.group(2), m)})])
    r = _edit(e, None, m)
    if r is None or any(sp.cls is not ReplaceText for sp in r.specs):
        return None
    for sp in r.specs:
        t = sp.fields["target"]
        if sp.fields["rule"] is not None or t.kind != TEXT:
            return None
    return r


_EDIT_VERB = r"(?:replace|change|substitute|remove|delete|strike|add|insert|append|prepend|after|before|at\s+the\s+(?:end|start|beginning))\b"
_REF_WORDS = rf"(?:the\s+)?(?:(?:{_SECTION_WORD})\s+)?(?:{_RULEWORD}\s+)?{Q}(?:\s+{_RULEWORD})?|(?:the\s+)?(?:(?:{_SECTION_WORD})\s+)?{_RULEWORD}\s+[^,\x01]+?"


def _read_in_rule(s: str, m: _Masked) -> _Read | None:
    """"In the rule X, <edit>" / "In “X” replace …" / "From the same rule, remove …" / "To “X”, add:-" /
    "After “A” in “X”, add:-" / "Remove from the rule X the paragraph beginning “A”"."""
    c = re.match(rf"^(after|before)\s+(?:the\s+(sentence|words?|text|phrase)\s+)?({Q})\s+(?:in|of)\s+({_REF_WORDS})\s*,?\s*"
                 rf"((?:add|insert|append|put|place)\b.*)$", s, re.I)
    if c:
        ref = _rule_ref(c.group(4), m)
        r = _edit(f"{c.group(1)} {c.group(3)}, {c.group(5)}", ref, m) if ref else None
        if r is not None and c.group(2) and c.group(2).lower() == "sentence":
            for sp in r.specs:  # the anchor is a whole sentence: it must stand as one in the rule
                if isinstance(sp.fields.get("anchor"), Target) and sp.fields["anchor"].kind == TEXT:
                    sp.fields["anchor"] = dataclasses.replace(sp.fields["anchor"], kind=SENTENCE)
        return r
    c = re.fullmatch(rf"to\s+((?-i:[A-Z])[^,:;\x01\x02]{{0,60}}?)\s+(add|append|insert)(?:\s+{_FOLLOWING})?(?:\s*(?::-?|-|—))?\s*({Q})?",
                     s, re.I)
    if c:  # "To Wicks add:-": an unquoted rule name with no comma
        ref = _rule_ref(c.group(1), m)
        if ref is not None:
            return _Read([_Spec(AppendText, {"rule": ref, "body": _body(c.group(3), m), "at": "end"})])
    c = re.match(rf"^(remove|delete|strike)\s+from\s+({_REF_WORDS})\s+(the\s+(?:paragraph|sentence|words?|text|phrase)\b.*)$", s, re.I)
    if c:
        ref = _rule_ref(c.group(2), m)
        return _edit(f"{c.group(1)} {c.group(3)}", ref, m) if ref else None
    c = re.match(rf"^(in|within)\s+({_REF_WORDS})\s+(?={_EDIT_VERB})(.+)$", s, re.I)
    if c and "," not in c.group(2):
        ref = _rule_ref(c.group(2), m)
        if ref is not None:
            r = _edit(c.group(3), ref, m)
            return r if r is not None else _unsupported(f"cannot read the change to the rule: “{_restore(s, m)}”")
    c = re.match(r"^(in|within|from|for|to|of)\s+([^,]+?)\s*,\s*(.+)$", s, re.I)
    if not c:
        return None
    prep, ref_text, edit = c.group(1).lower(), c.group(2), c.group(3)
    ref_text = re.sub(r"^the\s+(?:text|body|wording)\s+of\s+", "", ref_text, flags=re.I)
    section = re.fullmatch(rf"(?:the\s+)?(?:({Q})|({_SECTION_WORD}))\s+section(?:\s+of\s+the\s+ruleset)?", ref_text, re.I)
    if section and prep in ("in", "within"):  # "In the Building Blocks section of the ruleset, repeal the rule X."
        name = _tok_inner(section.group(1), m) if section.group(1) else _section(section.group(2))
        r = _read_core(edit, m)
        if r is None:
            return _unsupported(f"cannot read the change in the section: “{_restore(s, m)}”")
        refs = [k for sp in r.specs for k, v in sp.fields.items() if isinstance(v, RuleRef) and not v.previous]
        if not refs or any(sp.cls is Unsupported for sp in r.specs):
            return _unsupported(f"a change in the section “{name}” that names no rule: “{_restore(s, m)}”")
        for sp in r.specs:
            for key, value in list(sp.fields.items()):
                if isinstance(value, RuleRef) and not value.previous:
                    sp.fields[key] = dataclasses.replace(value, section=name)
        return r
    scoped = re.fullmatch(rf"(?:the\s+)?({_ORD})\s+paragraph\s+(?:of|in)\s+(.+)", ref_text, re.I)
    if scoped and prep in ("in", "within"):  # "In the second paragraph of the rule X, replace …"
        ref = _rule_ref(scoped.group(2), m)
        r = _edit(edit, ref, m) if ref is not None else None
        if r is None or not all(isinstance(sp.fields.get("target"), Target) and sp.fields["target"].kind in (TEXT, SENTENCE)
                                for sp in r.specs):
            return _unsupported(f"cannot read the change to the paragraph: “{_restore(s, m)}”")
        number = _ord(scoped.group(1))
        for sp in r.specs:
            sp.fields["target"] = dataclasses.replace(sp.fields["target"], number=number)
        return r
    end = re.match(r"^(?:the\s+)?(end|bottom|beginning|start|top)\s+of\s+(.+)$", ref_text, re.I)
    if prep == "to" and end:
        ref = _rule_ref(end.group(2), m)
        where = end.group(1).lower()
        if ref is None:
            return None
        edit = f"add to the {where}" if re.fullmatch(r"add|append|insert", edit.strip(), re.I) else edit
        r = _edit(edit, ref, m)
        if r and all(sp.cls is AppendText for sp in r.specs):
            for sp in r.specs:
                sp.fields["at"] = "start" if where in ("beginning", "start", "top") else "end"
            return r
        return None
    ref = _rule_ref(ref_text, m)
    if ref is None:
        return None
    r = _edit(edit, ref, m)
    if r is None:
        return _unsupported(f"cannot read the change to the rule: “{_restore(s, m)}”")
    if prep == "to" and any(sp.cls is not AppendText and sp.cls is not InsertText for sp in r.specs):
        return None
    return r


def _read_add_to_rule(s: str, m: _Masked) -> _Read | None:
    """"Add the following paragraph to the beginning of rule 10 - Ascension:" / "Append … to X" /
    "Add to the end of the “X” rule the following paragraph:"."""
    c = re.fullmatch(rf"(?:add|insert)\s+(?:{_FOLLOWING}|({Q}))\s+(?:to|in|into)\s+(.+?)\s*,\s*(?:immediately\s+|directly\s+)?"
                     rf"(after|before|following|preceding)\s+((?:the\s+)?{_ORD}\s+paragraph)(?:\s*(?::-?|-)\s*({Q}))?(?:\s*(?::-?|-))?",
                     s, re.I)
    if c:  # "Add this paragraph to Rule 7 (Turns), after its first paragraph:-"
        ref = _rule_ref(c.group(2), m)
        t = _target(c.group(4), m)
        if ref is None or t is None:
            return None
        pos = "before" if c.group(3).lower() in ("before", "preceding") else "after"
        return _Read([_Spec(InsertText, {"rule": ref, "anchor": t[0], "body": _body(c.group(1) or c.group(5), m),
                                         "position": pos})])
    c = re.fullmatch(rf"(add|append|prepend)\s+to\s+the\s+(end|bottom|beginning|start|top)\s+of\s+(.+?)\s+{_FOLLOWING}"
                     rf"(?:\s*(?::-?|-))?\s*({Q})?", s, re.I)
    if c:
        ref = _rule_ref(c.group(3), m)
        if ref is None:
            return None
        at = "start" if c.group(2).lower() in ("beginning", "start", "top") or c.group(1).lower() == "prepend" else "end"
        return _Read([_Spec(AppendText, {"rule": ref, "body": _body(c.group(4), m), "at": at})])
    c = re.match(
        rf"^(add|append|prepend|insert)(?:\s+(?:{_FOLLOWING}|({Q})))?\s+(?:to|at)\s+(?:the\s+(end|bottom|beginning|start|top)\s+of\s+)?(.+?)"
        rf"(?:\s*(?::-?|-)\s*({Q}))?(?:\s*(?::-?|-))?$",
        s, re.I,
    )
    if not c:
        return None
    ref = _rule_ref(c.group(4), m)
    if ref is None:
        return None
    where = (c.group(3) or "").lower()
    at = "start" if where in ("beginning", "start", "top") or c.group(1).lower() == "prepend" else "end"
    tok = c.group(2) or c.group(5)
    body = _body(tok, m)
    return _Read([_Spec(AppendText, {"rule": ref, "body": body, "at": at})])


def _read_anywhere(s: str, m: _Masked) -> _Read | None:
    """"Replace “A” with “B”." naming no rule: the one place in the whole Ruleset that holds “A”
    (the applier refuses when it is found in none or in several)."""
    if not re.match(r"(?:replace|change|substitute)\s+\x01", s, re.I):
        return None
    r = _edit(s, None, m)
    if r is None or any(sp.cls is not ReplaceText or sp.fields.get("rule") is not None
                        or not isinstance(sp.fields.get("target"), Target) or sp.fields["target"].kind != TEXT
                        for sp in r.specs):
        return None
    return r


def _read_trailing_rule(s: str, m: _Masked) -> _Read | None:
    """Edits naming the rule at the end: "Remove “A” and “B” from Rule 1.5 (Enactment)."."""
    mid = re.match(
        rf"^(replace|change|substitute|insert|add)\s+(.+?)\s+(?:in|within|from|of)\s+((?:the\s+)?(?:{_SECTION_WORD}\s+)?{_RULEWORD}\b.+?|{Q})"
        rf"\s*,?\s+(with|to|by|after|before|immediately after|immediately before|so\s+that\s+it\s+reads|so\s+it\s+reads|to\s+read)\b(.*)$",
        s, re.I,
    )
    if mid:
        ref = _rule_ref(mid.group(3), m)
        if ref is not None:
            r = _edit(f"{mid.group(1)} {mid.group(2)} {mid.group(4)}{mid.group(5)}", ref, m)
            if r is not None:
                return r
    for c in re.finditer(r"\s+(?:in|from|of|within)\s+(?=(?:the\s+)?(?:(?:special[ -]case|core|dynastic|appendix)\s+)?(?:rule|sub-?rule)\b|\x01\d+\x02\s*$)", s, re.I):
        edit, ref_text = s[: c.start()], s[c.end():]
        ref = _rule_ref(ref_text, m)
        if ref is None:
            continue
        r = _edit(edit, ref, m)
        if r is not None:
            return r
    if re.match(rf"(?:immediately\s+|directly\s+)?(?:after|before|following|preceding)\s+{Q}\s*,?\s*(?:add|insert)\b", s, re.I):
        # "And after “A”, add:-" naming no rule: the rule of the step before, as in "In the same rule, …"
        return _edit(s, RuleRef(previous=True), m)
    # "remove the final paragraph of Rule 1.4"; with no rule named at all ("…and reword the third
    # paragraph onwards to:-") the step continues the rule of the previous step.
    if not re.search(r"\bparagraph|\bsentence", s, re.I):
        return None
    r = _edit(s, None, m)
    if r is not None:
        for sp in r.specs:
            if sp.fields.get("rule", "") is None:
                sp.fields["rule"] = RuleRef(previous=True)
    return r



# ---------------------------------------------------------------------------------------------
# Phrasings: one row each
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Phrasing:
    """One way players write one kind of step, as one row: a real shape (in the project's own
    words), a pattern over the masked sentence whose named groups are read by name (see
    :func:`_from_groups`), the step it makes and the fields the phrasing itself fixes."""

    shape: str
    pattern: str
    step: type
    fixed: tuple[tuple[str, Any], ...] = ()

    @property
    def regex(self) -> re.Pattern:
        return _compiled(self.pattern)


_PATTERNS: dict[str, re.Pattern] = {}


def _compiled(pattern: str) -> re.Pattern:
    if pattern not in _PATTERNS:
        _PATTERNS[pattern] = re.compile(pattern, re.I)
    return _PATTERNS[pattern]


_END = r"(?:\s*(?::-?|-|—))?"  # the colon (or dash) that introduces the text below
_TEXT_AFTER = rf"{_END}\s*(?P<body>{Q})?"  # … and the text, when it is quoted on the same line

#: The named groups a phrasing may use, and how each is read: ``rule`` a rule reference,
#: ``quote`` a quoted text, ``target`` a place in a rule ("the paragraph beginning “A”"),
#: ``body`` the text to add (quoted, else the text below).
PHRASINGS: tuple[Phrasing, ...] = (
    Phrasing("Replace the sentence in the rule “X” that reads “A” with: …",
             rf"replace\s+the\s+sentence\s+(?:in|of)\s+(?P<rule>{_REF_WORDS})\s+(?:that|which)\s+(?:reads|says)\s+"
             rf"(?P<quote>{Q})\s+with(?:\s+{_FOLLOWING})?{_TEXT_AFTER}",
             ReplaceText, (("kind", SENTENCE),)),
    Phrasing("Replace the paragraph in the rule “X” that begins “A” with: …",
             rf"replace\s+the\s+paragraph\s+(?:in|of)\s+(?P<rule>{_REF_WORDS})\s+(?:that|which)\s+(?:begins|starts)\s+(?:with\s+)?"
             rf"(?P<quote>{Q})\s+with(?:\s+{_FOLLOWING})?{_TEXT_AFTER}",
             ReplaceText, (("kind", PARAGRAPH_BEGINNING),)),
    Phrasing("Replace the sentence in the rule “X” that begins “A” with: …",
             rf"replace\s+the\s+sentence\s+(?:in|of)\s+(?P<rule>{_REF_WORDS})\s+(?:that|which)\s+(?:begins|starts)\s+(?:with\s+)?"
             rf"(?P<quote>{Q})\s+with(?:\s+{_FOLLOWING})?{_TEXT_AFTER}",
             ReplaceText, (("kind", SENTENCE_BEGINNING),)),
    Phrasing("Append the following to the end of the third paragraph in X: …",
             rf"(?:add|append)\s+(?:{_FOLLOWING}|(?P<body2>{Q}))\s+to\s+(?:the\s+end\s+of\s+)?(?:the\s+)?(?P<para>{_ORD})\s+paragraph\s+"
             rf"(?:of|in)\s+(?P<rule>{_REF_WORDS}){_TEXT_AFTER}",
             InsertText, (("position", "end"),)),
    Phrasing("At the end of the last paragraph of “X”, add: …  /  To the first paragraph in “X”, add:- …",
             rf"(?:at\s+the\s+end\s+of|to)\s+(?:the\s+)?(?P<para>{_ORD})\s+paragraph\s+(?:of|in)\s+(?P<rule>{_REF_WORDS})\s*,?\s*"
             rf"(?:add|append|insert)(?:\s+{_FOLLOWING})?{_TEXT_AFTER}",
             InsertText, (("position", "end"),)),
    Phrasing("Replace “A” with “B” wherever it appears in the rule “X”.",
             rf"(?:replace|change|substitute)\s+(?P<quote>{Q})\s+(?:with|to|by)\s+(?P<body>{Q})\s*,?\s+(?:wherever|everywhere|"
             rf"each\s+time|every\s+time|whenever)\s+it\s+(?:appears|occurs|is\s+used)\s+in\s+(?P<rule>{_REF_WORDS})",
             ReplaceText, (("occurrence", "all"),)),
    Phrasing("Change the text of the “Hiatus” keyword to read as follows: …  /  Change the definition of “Hiatus” to: …",
             rf"(?=[^\x01]*(?:\x01\d+\x02[^\x01]*)?\b(?:keyword|glossary|definition)\b)"  # it says it is a keyword
             rf"(?:change|replace|reword|amend|update|rewrite)\s+(?:the\s+(?:text|definition|wording|entry)\s+(?:of|for)\s+)?"
             rf"(?:the\s+)?(?:(?:keyword|glossary\s+entry)\s+)?(?P<quote>{Q})(?:\s+(?:keyword|glossary\s+entry|definition))?"
             rf"(?:\s+in\s+the\s+(?:keywords?|glossary|appendix)(?:\s+(?:rule|section))?)?\s+"
             rf"(?:so\s+(?:that\s+)?it\s+reads|to\s+read|to|with)(?:\s+as\s+follows|\s+the\s+following)?{_TEXT_AFTER}",
             ReplaceText, (("kind", KEYWORD),)),
    Phrasing("Remove the keyword “Hiatus” from the glossary.",
             rf"(?:remove|delete|strike)\s+(?:the\s+(?:definition|entry)\s+(?:of|for)\s+)?(?:the\s+)?(?:keyword|glossary\s+entry)\s+"
             rf"(?P<quote>{Q})(?:\s+from\s+the\s+(?:keywords?|glossary|appendix)(?:\s+(?:rule|section))?)?",
             RemoveText, (("kind", KEYWORD),)),
    Phrasing("Add “Tallow” to the list of Wick Types in the rule Wicks.  /  Add the following to the Wick List:  /  Add to the list of Wick Types:",
             rf"(?:add|append|insert)(?:\s+(?:(?P<body>{Q})|the\s+following(?:\s+(?:new\s+)?(?:list\s+)?items?)?|a\s+new\s+(?:list\s+)?item))?\s+"
             rf"(?:to|at\s+the\s+end\s+of)\s+the\s+(?:(?:sole|only)\s+list|list\s+of\s+(?P<of>[^\x01\x02,:;]+?)|"
             rf"(?P<of2>(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){{0,3}})\s+(?-i:L)ist)"
             rf"(?:\s+(?:in|of)\s+(?P<rule>{_REF_WORDS}))?{_END}",
             AddListItem),
    Phrasing("Amend the rule Wicks by appending the following list item to the sole list: …",
             rf"(?:amend|change)\s+(?P<rule>{_REF_WORDS}|the\s+(?:{_SECTION_WORD})\s+rule\s+(?:entitled|called|named)\s+[^\x01\x02,:;]+?)\s+by\s+"
             rf"(?:appending|adding)\s+(?:the\s+following(?:\s+(?:new\s+)?(?:list\s+)?items?)?|(?P<body>{Q}))\s+to\s+the\s+(?:sole|only)\s+list{_END}",
             AddListItem),
    Phrasing("Add a new paragraph at the end of “X”: …",
             rf"(?:add|append)\s+(?:a\s+new\s+paragraph|the\s+following(?:\s+as\s+a\s+new\s+paragraph)?)\s+(?:at|to)\s+"
             rf"the\s+(?:end|bottom)\s+of\s+(?P<rule>{_REF_WORDS}){_TEXT_AFTER}",
             AppendText, (("at", "end"),)),
    Phrasing("As a new paragraph, append to X: …",
             rf"as\s+a\s+new\s+paragraph\s*,?\s*(?:append|add)\s+(?:{_FOLLOWING}\s+)?to\s+(?P<rule>.+?){_TEXT_AFTER}",
             AppendText, (("at", "end"),)),
)


def _from_groups(phrasing: Phrasing, c: re.Match, m: _Masked) -> _Read | None:
    """The step a matching phrasing makes; None when a group does not read (another kind may)."""
    fixed = dict(phrasing.fixed)
    groups = {k: v for k, v in c.groupdict().items() if v is not None}
    fields: dict[str, Any] = {}
    if "rule" in groups:
        fields["rule"] = _rule_ref(groups["rule"], m)
        if fields["rule"] is None:
            return None
    elif phrasing.step in (ReplaceText, RemoveText):
        fields["rule"] = None  # a glossary entry: the rule that defines it is found on the page
    if "para" in groups:
        fields["anchor"] = Target(kind=PARAGRAPH, number=_ord(groups["para"]))
    if "body2" in groups:
        groups.setdefault("body", groups["body2"])
    if "quote" in groups:
        target = Target(kind=fixed.pop("kind", TEXT), text=_tok_inner(groups["quote"], m),
                        occurrence=fixed.pop("occurrence", None))
        fields["anchor" if phrasing.step is InsertText else "target"] = target
    if phrasing.step is AddListItem:
        fields.setdefault("rule", None)
        fields["items"] = _body(groups.get("body"), m)
        if "of" in groups or "of2" in groups:
            fields["of"] = _restore(groups.get("of") or groups["of2"], m).strip()
    elif phrasing.step in (ReplaceText,):
        fields["new"] = _body(groups.get("body"), m)
    elif phrasing.step in (AppendText, InsertText, AddRule, ReplaceRuleText):
        fields["body"] = _body(groups.get("body"), m)
    fields.update(fixed)
    return _Read([_Spec(phrasing.step, fields)])


def _read_phrasings(s: str, m: _Masked) -> _Read | None:
    for phrasing in PHRASINGS:
        c = phrasing.regex.fullmatch(s)
        if c:
            r = _from_groups(phrasing, c, m)
            if r is not None:
                return r
    return None


# --- Gamestate phrasings: rows of any table, attributes of things, single values ------------

_GS_NAME = rf"(?:{Q}|(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*){{0,2}})"   # a quoted or capitalised name
_GS_ROWNAME = rf"(?:{Q}|[\w][\w'’.-]*)"
_GS_TABLE = rf"(?:the\s+)?(?P<table>{Q}|(?!(?:the\s+)?(?:gamestate|tracking|gndt|players?)\b)[\w’' ]+?)\s+table"
_GS_VALUE = rf"(?:{Q}|[-+−]?\d+|[\w’'-]+(?:\s+[\w’'-]+){{0,2}})"
_GS_PAGE = r"(?:the\s+)?(?:gamestate(?:\s+tracking\s+page)?|tracking\s+page|gndt)"
_GS_DEFAULT = (rf"(?:with\s+(?:a\s+|an\s+)?(?:starting|initial|default)\s+value\s+of|with\s+a\s+value\s+of|"
               rf"defaulting\s+to|set\s+to)\s+(?P<default>{Q}|\S+?)(?:\s+(?:for|in)\s+(?:each|every|all)\s+[\w-]+(?:\s+rows?)?)?")

#: Gamestate phrasings, one row each (shape, pattern over the masked sentence, step, fixed
#: fields). Named groups: ``table`` a table of the tracking page, ``name`` a row's (thing's) name or
#: a single value's, ``values`` "a Type of Ferry and a Fare of 2", ``thing``/``attribute`` a row and
#: column, ``value`` the value, ``amount`` with ``dir`` a change, ``column``/``default`` a new column.
GAMESTATE_PHRASINGS: tuple[Phrasing, ...] = (
    Phrasing("Add a row for “Harbour” to the Stops table.",
             rf"add\s+(?:a\s+)?(?:new\s+)?(?:row|entry)\s+for\s+(?P<name>{_GS_ROWNAME})\s+(?:to|in)\s+{_GS_TABLE}"
             rf"(?:\s*,?\s*with\s+(?P<values>.+))?",
             AddRow),
    Phrasing("Add 2 to Kevan’s Coins.  /  Subtract 1 from each Puzzler’s Coins.",
             rf"(?P<dir>add|subtract|deduct)\s+(?P<amount>{_NUM})\s+(?:to|from)\s+(?:the\s+)?"
             rf"(?P<who>(?:each|every|all)\s+(?:of\s+the\s+)?[A-Za-z][\w-]*?|{_PLAYER})(?:['’]s|(?<=s)['’])\s+"
             rf"(?P<variable>[\w’' -]+?)",
             ChangeValue),
    Phrasing("Reduce the Coins of every Puzzler by 1.  /  Increase the Score of Kevan by 2.",
             rf"(?P<dir>increase|raise|decrease|reduce|lower)\s+the\s+(?P<variable>[\w’' -]+?)\s+of\s+"
             rf"(?P<who>(?:each|every|all)\s+(?:of\s+the\s+)?[A-Za-z][\w-]*?|{_PLAYER})\s+by\s+(?P<amount>{_NUM})",
             ChangeValue),
    Phrasing("Add a row to the “Stops” table for “Harbour”, with a Type of Ferry and a Fare of 2.",
             rf"add\s+(?:a\s+)?(?:new\s+)?(?:row|entry)\s+(?:to|in)\s+{_GS_TABLE}\s+(?:for|called|named)\s+"
             rf"(?P<name>{_GS_ROWNAME})(?:\s*,?\s*with\s+(?P<values>.+))?",
             AddRow),
    Phrasing("Add a new Stop called “Harbour” to the Stops table, with a Type of Ferry.",
             rf"add\s+(?:a\s+|an\s+)?(?:new\s+)?(?!column\b|rule\b|sub-?rule\b|section\b)[\w-]+\s+(?:called|named)\s+(?P<name>{_GS_ROWNAME})\s+to\s+{_GS_TABLE}"
             rf"(?:\s*,?\s*with\s+(?P<values>.+))?",
             AddRow),
    Phrasing("Remove the row for “Harbour” from the Stops table.  /  Remove “Harbour” from the “Stops” table.",
             rf"(?:remove|delete)\s+(?:the\s+)?(?:(?:row|entry)\s+(?:for|of)\s+)?(?P<name>{_GS_ROWNAME})\s+from\s+{_GS_TABLE}",
             RemoveRow),
    Phrasing("Set the cell at Row 3, Column 4 of the Game Board to Lemon.",
             rf"set\s+(?:the\s+)?(?:content\s+of\s+(?:the\s+)?)?cell\s+(?:at\s+|in\s+)?row\s+(?P<thing>\d+)\s*,?\s*(?:and\s+)?"
             rf"column\s+(?P<attribute>\d+)\s+(?:of|on|in)\s+(?:the\s+)?(?P<table>{Q}|[\w’' ]+?)\s+to\s+(?:be\s+)?(?P<value>{_GS_VALUE})",
             SetAttribute),
    Phrasing("Set the Type of the Stop “Harbour” to Ferry.  /  Set the Genome of “Moss” in the Organisms table to AGTC.",
             rf"set\s+the\s+(?!value\s+of\b)(?P<attribute>[\w’' -]+?)\s+of\s+(?:the\s+)?(?:(?-i:[A-Z])[\w-]*\s+)?(?P<thing>{Q}|(?-i:[A-Z])[\w'’.-]*)"
             rf"(?:\s+in\s+{_GS_TABLE})?\s+to\s+(?:be\s+)?(?P<value>{_GS_VALUE})",
             SetAttribute),
    Phrasing("Set the Round to 3.  /  Set the value of “Max Fuel” to 9.",
             rf"set\s+(?:the\s+)?(?:value\s+of\s+(?:the\s+)?)?(?P<name>{_GS_NAME})\s+to\s+(?:be\s+)?(?P<value>{_GS_VALUE})",
             SetSingleValue),
    Phrasing("Increase the Round by 1.  /  Decrease “Max Fuel” by two.",
             rf"(?P<dir>increase|raise|decrease|reduce|lower)\s+(?:the\s+)?(?:value\s+of\s+(?:the\s+)?)?(?P<name>{_GS_NAME})\s+"
             rf"by\s+(?P<amount>{_NUM})",
             ChangeSingleValue),
    Phrasing("Add a column called “Gems” to the tracking page, with a starting value of 0 for every Wight.",
             rf"(?:add|create)\s+(?:a\s+)?(?:new\s+)?column\s+(?:called|named)\s+(?P<column>{Q}|[\w’' ]+?)\s+(?:to|in|on)\s+"
             rf"(?:{_GS_PAGE}|{_GS_TABLE})\s*,?\s*{_GS_DEFAULT}",
             AddColumn),
    Phrasing("Add a Gems column to the gamestate tracking page, with each Wight’s Gems set to 0.",
             rf"(?:add|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?P<column>{Q}|[\w’']+(?:\s+[\w’']+)?)\s+column\s+(?:to|in|on)\s+"
             rf"(?:{_GS_PAGE}|{_GS_TABLE})\s*,?\s*with\s+(?:each|every|all)\s+[\w-]+?(?:['’]s|s['’]|['’])\s+[\w’' ]+?\s+set\s+to\s+"
             rf"(?P<default>{Q}|\S+)",
             AddColumn),
    Phrasing("Add a new column to the Puzzlers table called Stars, and set every Puzzler’s Stars to 2.",
             rf"(?:add|create)\s+(?:a\s+)?(?:new\s+)?column\s+(?:to|in|on)\s+(?:{_GS_PAGE}|{_GS_TABLE})\s+(?:called|named)\s+"
             rf"(?P<column>{Q}|[\w’']+(?:\s+[\w’']+)?)\s*,?\s*and\s+set\s+(?:each|every|all)\s+[\w-]+?(?:['’]s|s['’]|['’])\s+"
             rf"[\w’' ]+?\s+to\s+(?P<default>{Q}|\S+)",
             AddColumn),
)

_GS_PAIR = re.compile(rf"\s*(?:an?\s+|the\s+)?(?P<col>[\w’' -]+?)\s+(?:of|set\s+to|=)\s+(?P<val>{Q}|[\w.’'-]+)\s*")


def _gs_pairs(text: str, m: _Masked) -> tuple[tuple[str, str], ...] | None:
    """"a Type of Ferry and a Fare of 2" → (("Type", "Ferry"), ("Fare", "2")); None if not all read."""
    out = []
    for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", text.strip()):
        c = _GS_PAIR.fullmatch(part)
        if not c:
            return None
        out.append((_name(c.group("col"), m), _name(c.group("val"), m)))
    return tuple(out)


def _from_gamestate_groups(phrasing: Phrasing, c: re.Match, m: _Masked) -> _Read | None:
    """The step a matching gamestate phrasing makes; None when a group does not read exactly."""
    g = {k: v for k, v in c.groupdict().items() if v is not None}
    step = phrasing.step
    table = _name(g["table"], m) if "table" in g else None
    if table is not None and re.fullmatch(r"(?:gamestate|tracking|gndt)(?:\s+tracking)?(?:\s+page)?", table, re.I):
        table = None
    fields: dict[str, Any]
    if step is ChangeValue:
        sign = 1 if g["dir"].lower() in ("add", "increase", "raise") else -1
        each = re.fullmatch(r"(?:each|every|all)\s+(?:of\s+the\s+)?([A-Za-z][\w-]*?)", g["who"], re.I)
        who: Any = EachPlayer(term=each.group(1)) if each else _player(g["who"], m)
        return _gs(ChangeValue, player=who, variable=_var(g["variable"], m), delta=sign * _num(g["amount"]))
    if step is AddRow:
        values = _gs_pairs(g["values"], m) if "values" in g else ()
        if values is None:
            return _unsupported_gs(c.group(0), m)
        fields = {"table": table, "name": _name(g["name"], m), "values": values}
    elif step is RemoveRow:
        fields = {"table": table, "name": _name(g["name"], m)}
    elif step is SetAttribute:
        fields = {"thing": _name(g["thing"], m), "attribute": _var(g["attribute"], m), "value": _value(g["value"], m)}
        if table is not None:
            fields["table"] = table
    elif step is SetSingleValue:
        fields = {"name": _name(g["name"], m), "value": _value(g["value"], m)}
    elif step is ChangeSingleValue:
        sign = 1 if g["dir"].lower() in ("increase", "raise") else -1
        fields = {"name": _name(g["name"], m), "delta": sign * _num(g["amount"])}
    else:  # AddColumn
        fields = {"column": _name(g["column"], m), "default": _name(g["default"], m), "table": table}
        return _Read([_Spec(AddColumn, fields)]) if fields["column"] and fields["default"] else None
    return _gs(step, **fields)


def _read_gamestate_phrasings(s: str, m: _Masked) -> _Read | None:
    for phrasing in GAMESTATE_PHRASINGS:
        c = phrasing.regex.fullmatch(s)
        if c:
            r = _from_gamestate_groups(phrasing, c, m)
            if r is not None:
                return r
    return None


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """One kind of instruction: what it makes, the shapes players write it in, its reader."""

    name: str
    makes: tuple[type, ...]
    read: Callable[[str, _Masked], "_Read | None"]
    verbs: tuple[str, ...]  # the words an instruction of this kind opens with
    shapes: tuple[str, ...] = ()


#: Every kind of instruction the bot reads, in the order they are tried (the first reader that
#: accepts a sentence decides).  ``shapes`` are the real phrasings each covers.
GRAMMAR: tuple[Kind, ...] = (
    Kind("add rule", (AddRule,), _read_add_rule, ("add", "create", "enact", "insert", "make", "establish"), (
        "Add a new rule to the Ruleset, called “X”, with the following text: …",
        "Create a new dynastic rule, “X”, with the following text: …  /  Add a new rule, “X”: …",
        "Enact a new Special Case rule called X: …",
        "Add the following as a subrule to the rule X, if it exists, called Y: …",
        "Create a subrule of X called Y, after the subrule Z, reading “…”",
    )),
    Kind("repeal", (RepealRule, RepealAll), _read_repeal, ("repeal", "delete", "remove", "abolish", "strike"), (
        "Repeal the rule X.  /  Repeal the rules “A” and “B”.  /  Delete the subrule X.",
    )),
    Kind("rename", (RenameRule,), _read_rename, ("rename", "retitle", "change", "set", "alter", "update"), (
        "Rename rule 1.10 to “House Rules”.  /  Rename “A” to “B” and “C” to “D”.",
        "Change the title of the rule X to Y.",
    )),
    Kind("replace rule", (ReplaceRuleText, ReplaceText), _read_replace_rule, ("reword", "re-word", "rewrite", "re-write", "amend", "replace"), (
        "Reword Rule 1.3 (Proposals) to:- …  /  Amend the rule X to read: …",
        "Replace the text of the rule X with: …  /  Replace the rule X with the following rule, called Y: …",
        "Reword the second paragraph of X to: …",
    )),
    Kind("move", (MoveRule,), _read_move, ("move",), (
        "Move the rule X to the Core section.  /  Move X to become a subrule of Y.",
        "Move the rule X to be after the rule Y.",
    )),
    Kind("status", (SetStatus,), _read_status, ("set", "make", "mark", "change", "switch", "turn", "activate", "deactivate", "inactivate", "reactivate"), (
        "Set X to Inactive.  /  Activate “X”.  /  Deactivate the Special Case rules A, B and C.",
    )),
    Kind("gamestate rows, attributes and single values", tuple({p.step for p in GAMESTATE_PHRASINGS}),
         _read_gamestate_phrasings, ("add", "create", "remove", "delete", "set", "increase", "raise", "decrease",
                                     "reduce", "lower"), tuple(p.shape for p in GAMESTATE_PHRASINGS)),
    Kind("gamestate", (SetValue, ChangeValue, TransferValue, AddColumn, AddPlayer, RemovePlayer), _read_gamestate, ("set", "give", "award", "increase", "raise", "decrease", "reduce", "lower", "transfer", "add", "create", "remove", "delete"), (
        "Set each Player’s Coins to 3.  /  Set Kevan’s Coins to 3.  /  Set the Coins of every Player to 0.",
        "Kevan gains 2 Coins.  /  Each Player loses one Coin.  /  Give Kevan 3 Coins.",
        "Increase Kevan’s Score by 2.  /  Kevan transfers 1 Coin to Lulu.",
        "Add a column “Hats” to the gamestate table, defaulting to 0.  /  Add a row for Kevan.",
    )),
    Kind("ruleset-wide edit", (ReplaceText,), _read_scoped_edit, ("change", "replace", "substitute", "alter", "swap"), (
        "Change all occurrences of “A” in the ruleset to “B”.  /  Replace “A” with “B” throughout the Ruleset.",
    )),
    Kind("one-row phrasings", tuple({p.step for p in PHRASINGS}), _read_phrasings, ("replace", "add", "append"),
         tuple(p.shape for p in PHRASINGS)),
    Kind("edit in a rule", (ReplaceText, RemoveText, InsertText, AppendText), _read_in_rule, (), (
        "In the rule “X”, replace “A” with “B”.  /  In “X”, replace “A” with:- …",
        "In the rule “X”, after the sentence ending “A”, add: …  /  …, before the text “A”, add the following text: …",
        "To “X”, add:- …  /  In the rule X, remove the text “A”.  /  In the same rule, …",
        "In the rule “X”, replace ⏎ old ⏎ with ⏎ new  /  In “X” replace “A” with “B” (no comma)",
        "After “A” in “X”, add:- …  /  Remove from the rule X the paragraph beginning “A”.",
        "In the text of “X”, replace …",
    )),
    Kind("add to a rule", (AppendText,), _read_add_to_rule, ("add", "append", "prepend", "insert"), (
        "Add the following paragraph to the beginning of rule 10 - Ascension: …",
        "Append the following to the rule X: …",
    )),
    Kind("replace, no rule named", (ReplaceText,), _read_anywhere, ("replace", "change", "substitute"), (
        "Replace “A” with “B”.  (the text occurs once in the whole Ruleset)",
        "Also replace “A” with:- …",
    )),
    Kind("edit naming its rule last", (ReplaceText, RemoveText, InsertText, AppendText), _read_trailing_rule, ("replace", "change", "substitute", "insert", "add", "remove", "delete", "strike"), (
        "Remove “A” and “B” from Rule 1.5 (Enactment).  /  Replace “A” in the rule X with “B”.",
        "Remove the final paragraph of Rule 1.4.",
    )),
)


# ---------------------------------------------------------------------------------------------
# Where added text ends: derived from the table
# ---------------------------------------------------------------------------------------------

#: Lines that are always part of the text they stand in: list items, quotes, tables, markup.
PAYLOAD_PREFIX = re.compile(r"^\s*(?:[*#•◦▪>:|{<=]|-\s)")


def opens_instruction(line: str) -> bool:
    """True if ``line`` opens a new top-level instruction to the Admin, which ends the text an
    earlier instruction adds.

    Derived from :data:`GRAMMAR`: the line's first sentence is read by one of its kinds, or is an
    instruction the bot recognises but cannot read (an imperative that introduces text of its own,
    a condition on the Proposal itself, a step deferred to later).  Rule text such as "Add 1 to their
    Score" or "If a Player has …" reads as no kind, so it stays text.
    """
    if not line.strip() or PAYLOAD_PREFIX.match(line):
        return False
    stripped = line.strip()
    spans = language.sentence_spans(stripped)
    if not spans:
        return False
    a, b, _ = spans[0]
    read = _read_sentence(stripped[a:b])
    return read.opens


#: Verbs of instructions no kind reads yet: such a sentence still opens an instruction (it is
#: reported, with the text it introduces), so it never becomes part of an earlier rule's text.
UNREAD_VERBS = ("append", "prepend", "join", "merge", "split", "renumber", "modify", "edit", "redefine",
                "restore", "revert", "uphold", "overturn", "apply", "perform", "enact", "copy", "transcribe",
                "reset", "clear", "swap", "substitute", "alter", "update", "amend", "implement")
_VERBS = sorted({v for kind in GRAMMAR for v in kind.verbs} | set(UNREAD_VERBS), key=len, reverse=True)
#: An imperative that opens an instruction: a verb of the grammar, or "In/To the rule X, <verb>".
_INSTRUCTION_VERB = re.compile(
    rf"^(?:please\s+)?(?:{'|'.join(map(re.escape, _VERBS))})\b|^(?:in|within|to|from|for|after|before)\s+[^,]{{1,120}},\s*(?:{'|'.join(map(re.escape, _VERBS))})\b",
    re.I)


def looks_like_instruction(line: str) -> bool:
    """Does this line open with an imperative of the grammar ("Set each …", "Update the … page")
    or state a change to the gamestate ("Each Villager’s Energy is set to 5")?  Weaker than
    :func:`opens_instruction`: used where a text's extent is already in doubt."""
    if PAYLOAD_PREFIX.match(line):
        return False  # a list item, a quote, a table row: always text
    s = line.strip()
    return bool(_INSTRUCTION_VERB.match(s) or re.search(r"\b(?:is|are)\s+(?:now\s+)?(?:set|changed|increased|"
                                                         r"decreased|reset)\s+to\b", s, re.I))


#: Words that judge the rules rather than make them ("seems", "the current “X” rule is a little
#: strange", "you"): one alone proves nothing, but with another sign of a remark it settles it.
_JUDGES = re.compile(
    r"\bseem(?:s|ed)?\b|\bthe\s+current\s+(?:\x01\d+\x02|rule|wording|system|version)|"
    r"\b(?:a\s+(?:little|bit)|rather|too|quite|very)\s+(?:strange|odd|weird|mild|harsh|confusing|awkward|broken|weak|strong|"
    r"complicated|clunky|unclear)\b|\bhard\s+to\s+(?:keep\s+track|follow|read|understand)\b|\byou\b|"
    r"\b(?:a|the)\s+problem\b|\bbeen\s+(?:a\s+)?(?:problem|issue|annoying|confusing)\b", re.I)


_EDIT_WORD = re.compile(r"\b(?:change|replace|add|remove|repeal|amend|insert|delete|create|enact|rename|set|reword|append)\b",
                        re.I)


def names_an_edit(line: str) -> bool:
    """Does the line ask for an edit of a named place ("I propose to change the last paragraph of
    “Gold”")?  Such a line is never set aside as a remark, however it is worded."""
    s = _mask(line.strip()).text
    return bool(_NAMES_A_PLACE.search(s) and _EDIT_WORD.search(s))


#: A remark that may change the step it follows ("I'm leaving Kevan out of this", "not counting
#: Lulu"): never set aside as a mere remark.
NARROWS = re.compile(
    r"\b(?:except(?:ing)?\s+(?:for\s+)?|excluding\s+|exclude\s+|leav(?:e|ing)\s+|not\s+(?:counting|including)\s+)"
    r"(?-i:[A-Z])[\w'’-]*(?:\s+out\b)?", re.I)  # … a player's name: "leaving Kevan out", "not counting Lulu"


def is_remark(paragraph: str) -> bool:
    """Is this paragraph, beyond doubt, an author's remark (first person, "Thoughts?", "this
    proposal would …") rather than rule text or an instruction?  Quoted text does not count; any
    of its sentences may say so.  Two lesser signs together also settle it: a sentence that may be
    a remark ("Allowing players to …", "This makes …") and another such sentence or a word that
    judges the rules ("… seems mild", "the current “X” rule is a little strange")."""
    body = paragraph.strip()
    if body.startswith("[") and body.endswith("]") and not body.startswith("[[") and "\n\n" not in body:
        return True  # "[ Something to make Lemons worth having. ]": BlogNomic's brackets for the author's note
    s = _remark_text(paragraph)
    if s is None:
        return False
    sentences = _each_sentence(s)
    if any(_COMMENTARY.search(x) for x in sentences):
        return True
    signs = sum(1 for x in sentences if _MAYBE_REMARK.search(x)) + sum(1 for x in sentences if _JUDGES.search(x))
    return signs >= 2


def may_be_remark(paragraph: str) -> bool:
    """Could this paragraph be a remark rather than rule text ("Note: …", "This change lets …")?"""
    body = paragraph.strip()
    if body.startswith("(") and body.endswith(")") and "\n\n" not in body:
        return True  # a parenthesised paragraph: an aside, or rule text in brackets (older Rulesets have some)
    s = _remark_text(paragraph)
    return s is not None and any(_COMMENTARY.search(x) or _MAYBE_REMARK.search(x) for x in _each_sentence(s))


def _each_sentence(masked: str) -> list[str]:
    return [masked[a:b].strip() for a, b, _ in language.sentence_spans(masked)] or [masked]


def _remark_text(paragraph: str) -> str | None:
    if not paragraph.strip() or PAYLOAD_PREFIX.match(paragraph):
        return None
    s = " ".join(_mask(paragraph.strip()).text.split())
    return None if _INSTRUCTION_VERB.match(_clean(s)) else s


#: A line, inside text an instruction adds, that reads as another instruction the grammar cannot
#: read: an edit of a named place ("In the rule “X”, in the subrule “Y”, replace this text:",
#: "In the Z atomic action of “X”, immediately above …, add the following bullet points.") or a
#: change to every player's value ("Set each active player’s Faction to Red.").  Rule text names
#: places and values too, but not with an imperative of its own at the head of a line.
_EDIT_OF_A_PLACE = re.compile(
    r"^(?:in|within|to|from|for|after|before|immediately\s+(?:above|below|before|after))\b[^\n]{0,250}?"
    r"(?:\x01\d+\x02|\b(?:rule|sub-?rule|section|atomic\s+action|ruleset)s?\b)[^\n]{0,250}?,\s*"
    r"(?:please\s+)?(?:add|replace|remove|delete|insert|append|prepend|change|amend|reword|strike|substitute)\b",
    re.I)
_VALUE_OF_EVERYONE = re.compile(
    r"^(?:please\s+)?(?:set|give|award|increase|decrease|reduce|raise|lower|reset)\s+(?:each|every|all)\s+"
    r"(?:[\w-]+\s+){0,2}[\w-]+['’]s?\s+[\w -]{1,40}?\s+to\s+\S+(?:\s+\S+)?\s*\.?$", re.I)  # "… to Red." and no more:
# rule text says when ("Set each Player's Score to 0 at the start of each week.")
_PROBLEM_STATEMENT = re.compile(r"^(?:one|a|the|another|my|our)\s+(?:common\s+|big\s+|main\s+|real\s+)?"
                                r"(?:problem|issue|concern|complaint|reason)\b", re.I)


_SEQUENCED = re.compile(r"^(?:secondly|thirdly|fourthly|second|third|fourth|next|then|finally|lastly|now|also|additionally)"
                        r"\s*[,:]?\s+(?:please\s+)?(?:" + "|".join(("set", "repeal", "add", "remove", "replace", "change",
                                                                      "create", "enact", "rename", "move", "give",
                                                                      "increase", "decrease", "amend", "reword",
                                                                      "delete", "append", "insert")) + r")\b", re.I)
_GAME_CONDITION = re.compile(r"\s(?:if|when|whenever|unless|while)\s+(?:it|they|he|she|that|this|the|a|an|each|every|any|"
                             r"its|their)\b", re.I)


def ends_added_text(line: str) -> bool:
    """Does this line, met inside the text an instruction adds, end that text?  True for a line
    that opens an instruction (:func:`opens_instruction`), and also for one that reads like an
    instruction the bot cannot read or like the author's reasoning: the text stops before it, and
    the line is reported as a step of its own (not understood, or a remark) for an Admin to see,
    instead of being written into a rule."""
    if not line.strip() or PAYLOAD_PREFIX.match(line):
        return False
    raw = " ".join(_mask(line.strip()).text.split())
    if _SEQUENCED.match(raw):
        return True  # "Secondly, set …", "Now repeal …": rule text never counts its sentences so
    if _GAME_CONDITION.search(raw) and not _TOK.search(raw) and not _ABOUT_THIS.search(raw) \
            and not re.search(r"\b(?:rule|ruleset|gamestate|wiki|page|proposal)s?\b", raw, re.I):
        return False  # "Rename the Beacon to a Flare if it is on a Star Cell.": a rule of the game
    if opens_instruction(line):
        return True
    s = _clean(raw)
    return bool(_EDIT_OF_A_PLACE.match(s) or _VALUE_OF_EVERYONE.match(s) or _PROBLEM_STATEMENT.match(s))


def opens_text_instruction(text: str) -> bool:
    """Does this text begin with an instruction (an imperative of the grammar) rather than rule text?"""
    first = text.strip().split("\n", 1)[0]
    return bool(_INSTRUCTION_VERB.match(_clean(_mask(first).text)))


def reads_as_step(line: str) -> bool:
    """Does the line's first sentence read as a step the bot can apply (not merely an instruction
    it recognises)?  Only such a line, right after an instruction's colon, means no text was given."""
    stripped = line.strip()
    spans = language.sentence_spans(stripped)
    if not stripped or PAYLOAD_PREFIX.match(line) or not spans:
        return False
    a, b, _ = spans[0]
    return any(sp.cls not in (Ignored, Unsupported) for sp in _read_sentence(stripped[a:b]).specs)


#: The steps that change the Ruleset (not the gamestate, not set aside).
RULESET_STEPS = (AddRule, RepealRule, RepealAll, RenameRule, ReplaceRuleText, ReplaceText, RemoveText, InsertText,
                 AppendText, AddListItem, MoveRule, SetStatus)


def reads_as_ruleset_step(line: str) -> bool:
    """Does the line's first sentence read as a change to the Ruleset ("Create a subrule “X” of “Y”:")?
    Rule text never reads so; a gamestate-like imperative ("Set each Keeper’s Wicks to 3.") may."""
    stripped = line.strip()
    spans = language.sentence_spans(stripped)
    if not stripped or PAYLOAD_PREFIX.match(line) or not spans:
        return False
    a, b, _ = spans[0]
    return any(sp.cls in RULESET_STEPS for sp in _read_sentence(stripped[a:b]).specs)

"""A proposal's discourse: what each sentence is, around the instructions the grammar reads.

:mod:`parsers.frames` reads an instruction (``parsers/instructions.lark``, its frames); this module
says what a sentence of a post *is*: an instruction (read by the grammar, or one the bot recognises
but cannot read), a condition (on votes, another proposal: set aside for an Admin; or on the page
itself: decided by the bot), a step for later, something off the wiki, a heading, or the author's
remark — and so where the text an instruction adds ends (:func:`ends_added_text`).  The words that
open an instruction are the grammar's own verbs (:data:`INSTRUCTION_VERBS`), never a list kept here.

Pure: text in, data out.
"""

from __future__ import annotations

import re
from typing import Any

from parsers import frames, language
from parsers.names import capitalised
from parsers.frames import PAIRS, PAYLOAD, RULES_BELOW, SAME_LIST  # noqa: F401  (re-exported: the placeholders)
from parsers.frames import Reading as _Read
from parsers.frames import Spec as _Spec
from parsers.steps import (
    AddListItem,
    AddRule,
    AppendText,
    Ignored,
    InsertText,
    MoveRule,
    RemoveText,
    RenameRule,
    RepealAll,
    RepealRule,
    ReplaceRuleText,
    ReplaceText,
    RuleRef,
    SetStatus,
    Unsupported,
)

_BRACKETED = re.compile(r"\[\s*([^\[\]]*?)\s*\]")
_Masked = language.Masked
_mask = language.mask
_TOK = re.compile(r"\x01(\d+)\x02")
_SECTION_WORD = language.SECTION_WORD
_RULEWORD = r"(?:rule|sub-?rule)"
_NUM = rf"(?:{language.NUMBER}|a|an)"
Q = language.TOKEN


def _restore(frag: str, m: _Masked) -> str:
    return m.restore(frag)


def _heading(stripped: str, label: str) -> _Read:
    """A heading of the post that may name the rule the steps under it edit ("Lanterns:", "“Lanterns”:")."""
    read = _ignored(f"a heading in the post: “{stripped}” (the steps under it that name no rule edit the rule "
                    f"“{label}”, if there is one)", "note")
    read.specs[0].fields["_scope"] = frames.Scope(words=stripped, rule=RuleRef(name=label, named_as="heading"))
    return read


def unsupported(reason: str) -> _Read:
    """A reading of one Unsupported step with this reason."""
    return _Read([_Spec(Unsupported, {"reason": reason})])


_unsupported = unsupported


#: The author's words that ask for an act ("the fix is to remove the Emperor", "we should repeal …", "I move that we
#: reset …"): an order put as an opinion.
_PROPOSES_AN_ACT = re.compile(
    r"\b(?:is|be|was|would\s+be)\s+to\s+(?:remove|repeal|replace|reset|restore|revert|undo|hold|stage|set|give|award|"
    r"add|change|delete|strike|elect|appoint|install|uphold|overturn)\b|"
    r"\b(?:we|the\s+admins?|an?\s+admin)\s+(?:should|must|shall|will|need\s+to|ought\s+to)\s+(?:now\s+)?(?:remove|repeal|"
    r"replace|reset|restore|revert|undo|hold|stage|set|give|award|add|change|delete|strike|elect|appoint|install)\b|"
    r"\bI\s+(?:move|ask|request|propose)\s+that\s+(?:we|the)\b", re.I)


def asks_for_an_act(line: str) -> bool:
    """Do the author's words ask for an act ("the fix is to remove the Emperor and hold an election")?"""
    return bool(_PROPOSES_AN_ACT.search(_mask(line.strip()).text))


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
    # the first person left out, as comments do: "Was hoping someone would …", "Been meaning to fix this", "so here it is"
    r"^(?:Was|Been|Am)\s+(?:hoping|thinking|meaning|wondering|planning|trying|waiting)\b|^(?:Hoping|Figured)\b|"
    r"(?i:\bso\s+here\s+it\s+is\b)|"
    # looking back at the rule, or showing the rule as it would read: "It was never used anyway.", "The rule would
    # then read: …"
    r"(?i:^(?:it|this|that|the\s+rule)\s+(?:was|has\s+been|had\s+been)\s+(?:never|rarely|barely|hardly|seldom)\b|"
    r"\banyway[.!]?$|^(?:so\s+)?(?:the\s+rule|it|the\s+text|the\s+paragraph)\s+(?:would|will)\s+(?:then|now)\s+read\b)|"
    r"(?:^|[.!?;]\s+|,\s+|\b(?:and|but|so|because|that|since|as|when)\s+)I\s+(?!(?:is|was|and|or|of|in|to|on|at|for|has|had|are|"
    r"were|be|card|cards|phase|level|type)\b)[a-z]{2,}|"
    r"(?i:^\(?\s*(?:sorry|apologies|oops)\b|^(?:just\s+)?(?:a\s+)?(?:small\s+|minor\s+)?(?:clean-?up|tidy(?:-?up)?|typo\s+fix(?:es)?|"
    r"fix(?:es|ing)?\s+(?:a|the|some)\s+typos?)(?:\s+(?:mostly|only|really|here|proposal))?\s*(?:[.!,;]|$)|\bno\s+(?:functional\s+)?change\s+(?:in|to|of)\s+(?:meaning|gameplay|function)\b|"
    r"^this\s+(?:just|simply|only|merely)\s+(?:clarifies|fixes|tidies|cleans|corrects|rewords|restates)\b)|"
    r"(?i:\b(?:happy|willing|glad|open)\s+to\s+(?:tweak(?:s|ing)?|chang(?:es?|ing)|adjust(?:ments?|ing)?|amend(?:ments?|ing)?|revis(?:e|ing)|rework(?:ing)?|"
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
    r"(?i:^this\s+(?:also\s+)?(?:fixes|swaps|gives\s+us|lets\s+us)\b)|"
    # "It seems that …", "This is an attempt to …", "Full explanation in …", "Brothers of X, let us …"
    r"(?i:^it\s+seems\s+(?:that|like|to\s+me)\b|^this\s+is\s+(?:an?\s+)?(?:attempt|proposal|fix|follow-?up|tweak|"
    r"re-?proposal)\b|^full\s+explanation\b|^(?:[\w’' ]{1,40},\s+)?let\s+us\b))")
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
    r"^(?!(?:Nothing|Something|Anything|Everything|King|Ring|Thing|Spring|String|Wing|Evening|Morning|Building|Ceiling|"
    r"Sibling|Darling|Viking|Pudding|Offering|Clothing|Ending|Opening|Beginning|Meeting|Setting|Painting|Drawing|Ruling|"
    r"Standing|Ranking|Rating|Heading|Landing|Filling|Timing|Wording|Earning|Holding|Housing|Lightning|Sterling|Duckling|"
    r"Inkling|Swing|Sling|Sting|Bling|Fling|Cling)s?\b)(?:(?:Also|And|Plus|Just)\s+)?(?-i:[A-Za-z][a-z]{2,}ing)\b(?!.*\b(?:is|are|was|were|may|must|can|cannot|shall|should|will|has|have|"
    r"counts?|takes?|costs?|requires?|means?|gets?|gains?|loses?|becomes?)\b)|\?$|"
    # an exclamation: rule text rarely exclaims ("Cooperation is encouraged! However, so is …")
    r"!\s*$|!\s+(?-i:[A-Z])|^Per\s+(?:the\s+)?(?:comments?|discussion|feedback|suggestion)|"
    # where the change comes from: "Reworded from the earlier attempt", "Rephrasing of <link>"
    r"^(?:reworded|rephrased|reworked|reproposed|resubmitted|reposted|adapted|borrowed)\s+from\b|"
    r"^(?:an?\s+)?(?:[a-z]+(?:er|est)?\s+)?(?:rephrasing|rewording|reworking|rewrite|re-?proposal|repost|version|take)\s+of\s+"
    r"(?:an?|the|my|our)\s+(?:\w+\s+)?(?:attempt|proposal|version|draft|idea|try)\b|"
    r"^(?:rephrasing|rewording|reworking|a\s+rewrite|a\s+re-?proposal|a\s+repost)\s+of\b|"
    # what the change does, told of it: "This turns it into …", "This puts the …"
    r"^This\s+(?:turns|puts|shifts|moves|swaps|trades|makes|keeps|ties|links|speeds|slows|opens|closes)\s+(?:it|them|things|the|a|an|this)\b",
    re.I)
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
#: Headings of a post's own parts ("Title: …", "Changes:"), which name no rule.
_POST_LABELS = {"title", "proposal", "summary", "reason", "reasons", "rationale", "note", "notes", "changes",
                "change", "edit", "edits", "update", "updates", "ps", "explanation", "background", "steps",
                "instructions", "amendments", "amendment", "ruleset changes", "rules changes", "proposed changes",
                "gamestate changes", "gamestate", "ruleset", "text", "details", "part one", "part two"}
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
    r"^(?:(?:after|before)(?!\s+(?:the\s+)?(?:(?:existing|current|present|whole|entire)\s+)?(?:sentence|paragraph|text|words?|"
    r"phrase|rule|sub-?rule|first|second|third|last|final|\x01))|"
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
    r"^(?:(?:all\s+of\s+)?the\s+above|these\s+changes|this\s+proposal|everything\s+above|this\s+step|that\s+step|"
    r"the\s+(?:previous|preceding|last)\s+step|the\s+step\s+above|this\s+change|that\s+change)\s+(?:steps?\s+|changes?\s+)?"
    r"(?:(?:should|shall|will|does|do)\s+)?(?:only\s+)?(?:appl(?:y|ies)|takes?\s+effect|happens?|counts?)\s+(?:only\s+)?"
    r"(?:if|when|unless|provided|in\s+case)\b|^ignore\s+(?:all\s+of\s+)?(?:the\s+above|this|these\s+steps)\b|"
    r"^only\s+(?:do|apply|enact)\s+(?:this|these|the\s+above|any\s+of\s+this)\b", re.I)


def read_sentence(sentence: str) -> _Read:
    """Read one top-level sentence (not its payload).

    Besides an instruction the grammar reads (:func:`read_instruction`), a sentence may be: an author's note or remark
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
    if inner:  # "In X, if it contains “A”, replace …": a condition the bot decides, when the grammar reads it all
        read = read_instruction(s, m)
        if read is not None and read.specs and all(sp.fields.get("when") is not None for sp in read.specs) \
                and all(sp.cls is not Unsupported for sp in read.specs):
            return read
    if inner:  # "Repeal X, but only if the proposal “Y” passed."
        return _set_aside(s, m, stripped, "conditional step, not applied by the bot", "conditional",
                          instruction=s[:inner.start()], condition=s[inner.start():])
    if _CONDITIONAL.match(s):
        # "If there is a rule called “X”, …", "If that rule contains “A”, …": a condition the bot
        # decides itself, when the grammar reads the whole sentence
        read = read_instruction(s, m)
        if read is not None and read.specs and all(sp.fields.get("when") is not None or "_scope" in sp.fields
                                                   for sp in read.specs) \
                and all(sp.cls is not Unsupported for sp in read.specs):
            return read
    if not _CONDITIONAL.match(s) and _DEFERRED.search(s):
        # "At the end of the “X” rule, add …", "After the 3rd paragraph of X, add …": a place in a
        # rule, not a time, whenever the grammar reads the whole sentence as steps
        read = read_instruction(s, m)
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
    # "1a. Mantle Passing", "Changes:": a heading of the post (its number, which _clean drops, is the sign)
    label_line = bool(_LABEL.fullmatch(s) or (re.match(r"\d+[a-z]?[.)]", stripped) and _LABEL.fullmatch(stripped)))
    read = read_instruction(s, m)
    if read is not None and all(sp.cls is Unsupported for sp in read.specs) and label_line \
            and not _INSTRUCTION_VERB.match(s) and not _PLACE_HEADING.fullmatch(s):
        read = None  # a heading whatever words its title holds ("Recommended Blocks")
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
    if _RULING.match(s) and re.match(r"(?:uphold|overturn|affirm)\b.*\b(?:actions?|attempts?|attempted|payments?|pay(?:ing)?\s*out|"
                                     r"transfers?|moves?|spends?|purchases?|trades?|gains?)\b", s, re.I):
        # "Uphold Kevan's attempt to pay out the bounties": a game action upheld (or undone) is a change the
        # gamestate page may not show yet — an Admin checks it
        return _Read([_Spec(Unsupported, {"reason": f"a ruling on a game action: an Admin checks that the gamestate "
                                                    f"shows it as ruled: “{stripped}”"})], opens_instruction=True)
    if _RULING.match(s):
        return _Read([_Spec(Ignored, {"reason": f"a ruling of the Call for Judgement, not an edit of the wiki: “{stripped}”",
                                      "category": "outside wiki"})], opens_instruction=True)
    if _INTRODUCES_STEPS.fullmatch(s):
        return _Read([_Spec(Ignored, {"reason": f"introduces the steps below it: “{stripped}”", "category": "note"})],
                     opens_instruction=True)
    quoted_label = re.fullmatch(r"(?:\d+[a-z]?[.)]\s*)?(\x01\d+\x02)\s*:", s)
    if quoted_label:
        # "“Lanterns”:" over "replace “A” with “B”": a quoted title as a heading names the rule the steps under
        # it edit (looked up when they are applied, as a bare heading's is)
        label = _restore(quoted_label.group(1), m).strip()
        label = label[1:-1].strip() if len(label) > 1 else label
        if label and "\n" not in label and len(label.split()) <= 8:
            return _heading(stripped, label)
    if label_line and not _INSTRUCTION_VERB.match(s) and not _PLACE_HEADING.fullmatch(s):
        read = _ignored(f"a heading in the post, not an instruction: “{stripped}”", "note")
        label = re.sub(r"^\d+[a-z]?[.)]\s*", "", stripped).rstrip(":").strip()
        if capitalised(label) and len(label.split()) <= 6 and label.casefold() not in _POST_LABELS:
            # "Lanterns:" over "replace “A” with “B”": the heading may name the rule the steps under it
            # edit; it is looked up when they are applied (actions/enact.py), never ignored
            return _heading(stripped, label)
        return read
    if _COMMENTARY.search(s) and not _TOK.search(s) and not names_an_edit(s) and not _INSTRUCTION_VERB.match(s):
        if NARROWS.search(s):
            return _unsupported(f"the author's words may change the step before them: “{stripped}”")
        if _PROPOSES_AN_ACT.search(s):
            # "I put it to you that the fair fix is to remove the current Emperor and hold an election": in the
            # author's voice, but what it asks for is an act — an Admin decides whether the post asks for it
            return _unsupported(f"the author's words ask for an act: “{stripped}”")
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
    read = read_instruction(instruction, m) if instruction else None
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


def read_instruction(s: str, m: _Masked) -> _Read | None:
    """An instruction sentence (masked and cleaned) as the grammar and its frames read it (:mod:`parsers.frames`):
    its steps; an Unsupported step when it is an instruction the bot recognises but cannot apply with
    certainty (two readings, a role given twice, a new rule it cannot read); None when it is no
    instruction of the grammar at all (the discourse rules then say what it is)."""
    s, colon = _strip_end(s)
    s = re.sub(r"\s*[-–—]+\s*$", "", s)  # "…, for the first sentence substitute—": the dash introduces text
    r = frames.read(s, m)
    if not r.specs and colon and _ENDS_WITH_VERB.search(s):
        # "From the rule X, remove:" ⏎ the text: the verb's object is the text below ("remove the following")
        below = frames.read(s + " the following", m)
        if below.specs:
            r = below
    if r.specs:
        return _Read([_Spec(sp.cls, dict(sp.fields)) for sp in r.specs])
    if r.scope is not None:
        # "Rule 14:", "In the rule “X”:", "If there is a rule called “X”:" over the instructions after it
        return _Read([_Spec(Ignored, {"reason": f"names where the instructions after it apply: “{_restore(s, m)}”",
                                      "category": "note", "_scope": r.scope})],
                     opens_instruction=r.scope.rule is not None or r.scope.when is not None)
    if r.instruction:
        fields = {"reason": f"cannot read “{_restore(s, m)}”: {r.reason}"}
        if r.alternatives:  # a heading above it ("Rule “X”:") may say which reading is meant
            fields["_alternatives"] = [[_Spec(sp.cls, dict(sp.fields)) for sp in alt] for alt in r.alternatives]
        return _Read([_Spec(Unsupported, fields)], opens_instruction=True)
    if _NEW_RULE_HEAD.match(s):
        # "Create a new rule # 3 and renumber the ruleset": a new rule the bot cannot read; the text
        # below is that rule's, never read as instructions
        return _Read([_Spec(Unsupported, {"reason": f"new rule: cannot read “{_restore(s, m)}”: {r.reason}",
                                          "_payload": PAYLOAD})], opens_instruction=True)
    return None


#: an instruction whose last word is its verb ("From X, remove:"): its object is the text below the colon
_ENDS_WITH_VERB = re.compile(r"(?:^|,\s*)(?:please\s+)?(?:remove|delete|strike(?:\s+out)?|cut|replace|insert|append|prepend)$",
                             re.I)
_NEW_RULE_HEAD = re.compile(r"(?:add|create|enact|establish)\s+(?:(?:a|an)\s+)?(?:new\s+)?(?:[\w-]+\s+)?(?:rule|sub-?rule)\b",
                            re.I)


def _explain_core(s: str, m: _Masked) -> str | None:
    """Why the grammar does not read a sentence as an instruction: the words it could not place."""
    s, _ = _strip_end(s)
    s = re.sub(r"\s*[-–—]+\s*$", "", s)
    return frames.read(s, m).reason




# ---------------------------------------------------------------------------------------------
# Where added text ends: derived from the table
# ---------------------------------------------------------------------------------------------

#: Lines that are always part of the text they stand in: list items, quotes, tables, markup.
PAYLOAD_PREFIX = re.compile(r"^\s*(?:[*#•◦▪>:|{<=!]|-\s)")  # "!": a table's header row


def opens_instruction(line: str) -> bool:
    """True if ``line`` opens a new top-level instruction to the Admin, which ends the text an
    earlier instruction adds.

    Derived from the grammar: the line's first sentence reads as an instruction, or is an
    instruction the bot recognises but cannot read (an imperative that introduces text of its own,
    a condition on the Proposal itself, a step deferred to later).  Rule text such as "Add 1 to their
    Score" or "If a Player has …" reads as no kind, so it stays text.
    """
    read = _first_sentence(line)
    return read is not None and read.opens


def _first_sentence(line: str, *, only: bool = False) -> _Read | None:
    """What the reader makes of the line's first sentence (``only``: of its one sentence, None when it has more);
    None for a blank line or a line of markup (a list item, a quote, a table row), which is always text."""
    stripped = line.strip()
    if not stripped or PAYLOAD_PREFIX.match(line):
        return None
    spans = language.sentence_spans(stripped)
    if not spans or (only and len(spans) != 1):
        return None
    a, b, _ = spans[0]
    return read_sentence(stripped[a:b])


#: Verbs of instructions no kind reads yet: such a sentence still opens an instruction (it is
#: reported, with the text it introduces), so it never becomes part of an earlier rule's text.
#: Verbs of instructions no frame reads: such a sentence still opens an instruction (it is reported,
#: with the text it introduces), so it never becomes part of an earlier rule's text.
UNREAD_VERBS = ("join", "merge", "split", "renumber", "redefine", "restore", "revert", "uphold", "overturn", "apply",
                "perform", "copy", "transcribe", "reset", "clear", "implement", "award", "grant")
#: Every verb that opens an instruction: the grammar's own (``parsers/instructions.lark``) and the unread ones.
INSTRUCTION_VERBS = tuple(sorted(set(frames.instruction_verbs()) | set(UNREAD_VERBS), key=len, reverse=True))
_VERBS = INSTRUCTION_VERBS
#: An imperative that opens an instruction: a verb of the grammar, or "In/To the rule X, <verb>".
_INSTRUCTION_VERB = re.compile(
    rf"^(?:please\s+)?(?:{'|'.join(map(re.escape, _VERBS))})\b|^(?:in|within|to|from|for|after|before)\s+[^,:]{{1,120}}[,:]\s*(?:{'|'.join(map(re.escape, _VERBS))})\b|"
    # the legislative order: "for “A” substitute “B”", "In the second paragraph: for “A” substitute —"
    rf"^(?:(?:in|within)\s+[^,:]{{1,120}}[,:]\s*)?for\s+\x01\d+\x02\s+substitute\b",
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
    r"\b(?:a|the)\s+problem\b|\bbeen\s+(?:a\s+)?(?:problem|issue|annoying|confusing)\b|"
    r"\b(?:is|are|was|were)\s+(?:a\s+(?:little|bit)\s+|rather\s+|too\s+|quite\s+|very\s+)?(?:awkward|confusing|clunky|unclear|"
    r"broken|messy|overpowered|underpowered|strange|odd|weird)\b|\b(?:not\s+)?(?:on|off)-theme\b|\bas\s+was\s+(?:mentioned|said|"
    r"suggested|pointed\s+out)\b|\btoo\s+(?:far|high|low|much|many|expensive|cheap|strong|weak|"
    r"powerful|slow|fast|often|rare|common|easy|hard)\b|\bcrept\s+up\b", re.I)


#: the verbs that ask for an edit of the wiki
_EDIT_VERBS = r"(?:change|replace|add|remove|repeal|amend|insert|delete|create|enact|rename|set|reword|append)"
_EDIT_WORD = re.compile(rf"\b{_EDIT_VERBS}\b"
                        # the proposal's effect stated ahead: "it will be included in the ruleset under the title …"
                        r"|\b(?:will|shall|would|is\s+to|are\s+to)\s+(?:then\s+|now\s+|also\s+)?be\s+(?:included|added|"
                        r"inserted|placed|put|appended|enacted|repealed|replaced|changed|removed|renamed|created|moved|"
                        r"amended|deleted)\b", re.I)


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


#: Added text that speaks of its own enactment ("Upon enactment of this rule, the Season advances", "When this
#: rule is first enacted, each Player gains 3 Coins"): besides rule text, an effect that happens once, when the
#: Proposal is enacted — which the enacting Admin carries out.
_ON_ITS_ENACTMENT = re.compile(
    r"\b(?:upon|on|at|after|with|following)\s+(?:the\s+)?(?:enactment|passage|passing|adoption|creation)\s+of\s+this\s+"
    r"(?:rule|sub-?rule|proposal|amendment|paragraph|text)\b|"
    r"\b(?:when|once|as\s+soon\s+as)\s+this\s+(?:rule|sub-?rule|proposal|paragraph|text)\s+(?:is|was|has\s+been|becomes?)\s+"
    r"(?:first\s+)?(?:enacted|passed|adopted|added|created|part\s+of)\b",
    re.I)


def speaks_of_its_enactment(text: str) -> list[str]:
    """The sentences of added text that speak of its own enactment: a one-time effect the enacting Admin
    carries out, not rule text alone."""
    return [x.strip() for x in language.sentences(text) if _ON_ITS_ENACTMENT.search(x)] if _ON_ITS_ENACTMENT.search(
        text) else []


#: Words of a story or an opinion about the change, which rule text and instructions do not use: a judgement ("it
#: makes sense", "really hard", "deserves"), time looking back ("at some point", "since day one", "all dynasty"),
#: the change itself ("this proposal", "tidying up", "typos"), the reader addressed ("you").
_NARRATIVE = re.compile(
    r"\b(?:makes?\s+(?:more\s+)?sense|deserves?|interesting|fun|nice|better|worse|simpler|cleaner|clearer|easier|"
    r"harder|really|very|quite|too\s+\w+|a\s+(?:bit|little)|nobody|no\s+one|at\s+some\s+point|since\s+day\s+one|"
    r"all\s+dynasty|this\s+dynasty|lately|recently|currently|right\s+now|at\s+the\s+moment|anyway|just|"
    r"tidy|tidying|tidies|clean(?:ing)?\s+up|cleanup|typos?|fix(?:es|ing)?|clarif\w*|"
    r"this\s+(?:proposal|change|gives|makes|lets|means|should|will|would)|you|your|crept|feels?|confus\w*|"
    r"pointless|redundant|obsolete|unused|never\s+(?:been\s+)?used|rationale|thematic|on[\s-]theme|"
    r"was|were|did|got|went|came|forgot|broke|needs?\s+(?:a|an|some|more)|hits?|somewhere|sitting|"
    r"has\s+done|have\s+done|has\s+been|have\s+been|had\s+been)\b|"
    # what has happened, told ("Sorrel has settled in nicely", "pelle has left the game"), never a rule's "who has …"
    r"(?<!who\s)(?<!which\s)(?<!that\s)\b(?:has|have)\s+(?:not\s+|never\s+|finally\s+|just\s+|already\s+)?"
    r"(?:[a-z]+ed|gone|left|made|taken|got|gotten|built|won|lost|run|come|become|had|seen|sat|kept|held|found|"
    r"grown|shown|known|given|fallen|blown)\b", re.I)
#: What keeps a paragraph from being the author's words around the instructions: rule text's modals and its
#: statements of value ("… has 3 Coins", "… is now …"), a reference to text above or below, a time or condition
_NOT_NARRATIVE = re.compile(
    r"\b(?:may|must|shall|cannot|can['’]?t|can\s+not|can|is\s+required|are\s+required|is\s+allowed|are\s+allowed|"
    r"is\s+now|are\s+now|now\s+(?:has|have|is|are)|becomes?|henceforth|from\s+now\s+on|will\s+be|is\s+to\s+be|"
    r"are\s+to\s+be|(?:has|have|gets?|receives?|gains?|loses?)\s+\d+|above|below|following|as\s+follows|"
    r"if|when|whenever|unless|upon)\b", re.I)


#: an edit asked for, in any voice ("I propose to change …", "we should repeal …", "please add …"): the edit word
#: after a word that asks, or heading its sentence — not "none of which change how it plays"
_ASKS_AN_EDIT = re.compile(
    r"(?:^|[.;:!?]\s+|\b(?:to|please|propose|let['’]s|should|must|would\s+like\s+to|want\s+to|wish\s+to|I|we|I['’]d|"
    rf"we['’]d|I['’]ll|we['’]ll)\s+)(?:also\s+|just\s+)?(?:{_EDIT_VERBS}|move|give)\b", re.I)


#: words that give a reason or a judgement, as the author's closing words do
_EXPLAINS = re.compile(
    r",\s*so\s+(?!(?:that|long\s+as|as\s+to|much|many|far)\b)|\bbecause\b(?!\s+of\b)|\bwhich\s+is\s+why\b|"
    r"\bthat['’]s\s+why\b|\bmay\s+as\s+well\b|\bmakes?\s+(?:more\s+)?sense\b|\bdeserves?\b|\bsince\s+day\s+one\b|"
    r"\ball\s+dynasty\b|\bnobody\b|\bno\s+one\s+has\b|\bhave\s+come\s+up\b|\bfor\s+flavou?r\b", re.I)


def gives_a_reason(paragraph: str) -> bool:
    """Does the paragraph give a reason or a judgement ("…, so felling one is rather unkind.")?"""
    return _EXPLAINS.search(paragraph) is not None


def frames_the_post(paragraph: str) -> bool:
    """Is this paragraph, which reads as no step, the author's story or opinion about the change ("The Marsh has been
    on the map since day one; it deserves a King.", "Just tidying up the gaps that crept in.") — words around the
    instructions, never rule text or an order?"""
    s = _remark_text(paragraph)
    if s is None or _ASKS_AN_EDIT.search(s) or looks_like_instruction(paragraph):
        return False
    sentences = _each_sentence(s)
    if any(_INSTRUCTION_VERB.match(_clean(x)) or _CONDITIONAL.match(_clean(x)) or _NOT_NARRATIVE.search(x)
           for x in sentences):
        return False
    return any(_NARRATIVE.search(x) or _COMMENTARY.search(x) or _MAYBE_REMARK.search(x) or _JUDGES.search(x)
               for x in sentences)


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
#: an imperative on the tracking page's tables ("Add a Dust column to the Relics table, with …"): rule text does
#: not order the enacting Admin about the page, it says when a player may
_EDIT_OF_THE_GAMESTATE = re.compile(
    r"^(?:please\s+)?(?:then\s+)?(?:add|create|insert|append|remove|delete|set|give|change|increase|decrease|move|fill|"
    r"populate|update)\s+[^\n]{0,120}?\b(?:the\s+)?(?:[\w’'-]+\s+|\x01\d+\x02\s+){0,3}(?:tables?|columns?|rows?|"
    r"gamestate(?:\s+tracking)?\s+page|tracking\s+page|gndt)\b", re.I)
_PROBLEM_STATEMENT = re.compile(r"^(?:one|a|the|another|my|our)\s+(?:common\s+|big\s+|main\s+|real\s+)?"
                                r"(?:problem|issue|concern|complaint|reason)\b", re.I)


_SEQUENCED = re.compile(r"^(?:secondly|thirdly|fourthly|second|third|fourth|next|then|finally|lastly|now|also|additionally)"
                        r"\s*[,:]?\s+(?:please\s+)?(?:" + "|".join(("set", "repeal", "add", "remove", "replace", "change",
                                                                      "create", "enact", "rename", "move", "give",
                                                                      "increase", "decrease", "amend", "reword",
                                                                      "delete", "append", "insert")) + r")\b", re.I)
_GAME_CONDITION = re.compile(r"\s(?:if|when|whenever|unless|while)\s+(?:it|they|he|she|that|this|the|a|an|each|every|any|"
                             r"its|their)\b", re.I)


#: A rule's own words about itself, with a time or a condition: "Repeal this rule when …", "Once the Tide turns,
#: repeal this subrule": rule text, never the Proposal's next instruction.
_WHEN_WORDS = r"(?:when|whenever|once|if|after|upon|at\s+the\s+(?:start|end|beginning))\b"
_OF_ITSELF = re.compile(
    rf"^{_WHEN_WORDS}[^.]{{1,200}}?,\s*(?:please\s+)?(?:repeal|remove|delete|deactivate|activate|amend|rename)\s+this\s+"
    rf"(?:sub-?)?rule\b|^(?:please\s+)?(?:repeal|remove|delete|deactivate|activate|amend|rename)\s+this\s+(?:sub-?)?rule\b"
    rf".*\b{_WHEN_WORDS}", re.I)


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
    if _OF_ITSELF.match(raw):
        return False  # "Repeal this rule when all Tent Pegs are lost.": what the rule added does to itself, in time
    if opens_instruction(line):
        return True
    s = _clean(raw)
    return bool(_EDIT_OF_A_PLACE.match(s) or _VALUE_OF_EVERYONE.match(s) or _PROBLEM_STATEMENT.match(s)
                or _EDIT_OF_THE_GAMESTATE.match(s))


def opens_text_instruction(text: str) -> bool:
    """Does this text begin with an instruction (an imperative of the grammar) rather than rule text?"""
    first = text.strip().split("\n", 1)[0]
    return bool(_INSTRUCTION_VERB.match(_clean(_mask(first).text)))


def reads_as_step(line: str) -> bool:
    """Does the line's first sentence read as a step the bot can apply (not merely an instruction
    it recognises)?  Only such a line, right after an instruction's colon, means no text was given."""
    read = _first_sentence(line)
    return read is not None and any(sp.cls not in (Ignored, Unsupported) and not sp.fields.get("_stated")
                                    for sp in read.specs)


#: The steps that change the Ruleset (not the gamestate, not set aside).
RULESET_STEPS = (AddRule, RepealRule, RepealAll, RenameRule, ReplaceRuleText, ReplaceText, RemoveText, InsertText,
                 AppendText, AddListItem, MoveRule, SetStatus)


def reads_as_ruleset_step(line: str) -> bool:
    """Does the line's first sentence read as a change to the Ruleset ("Create a subrule “X” of “Y”:")?
    Rule text never reads so; a gamestate-like imperative ("Set each Keeper’s Wicks to 3.") may."""
    read = _first_sentence(line)
    return read is not None and any(sp.cls in RULESET_STEPS for sp in read.specs)


def states_an_order(line: str) -> bool:
    """Is the line one sentence that reads, whole and unconditionally, as a change to the Ruleset stated in the
    passive ("The rule “X” is repealed.", "The Special Case rule “X” becomes Active.")?"""
    read = _first_sentence(line, only=True)
    return read is not None and any(sp.fields.get("_stated") and sp.cls in RULESET_STEPS
                                    and sp.fields.get("when") is None for sp in read.specs)


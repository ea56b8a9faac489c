"""Term replacement at an Ascension: every "Puzzler" becomes a "Necromancer", carefully.

The rules of 2022 and 2023 ("Synonyms", Appendix): the old term "(including regional spelling
variations) [is] replaced by the new value everywhere in the ruleset except in any of the parentheses
in the above list"; a new term is refused if it "appear[s] anywhere in the ruleset outside of this
rule (though if it only appears in rules which are being removed …, it is fine)" or if two entries
would become the same. Older eras name the replaceable terms in "Victory and Ascension" (2004:
"Lord", "High Lord", "Confidence"; 2016/2020: the player and leader terms), replaced "throughout the
entire ruleset"; the same careful replacement is used there.

What "careful" means here:

* whole words only ("Baron" not in "Baronial"; "non-Baron" is a use of "Baron");
* singular and plural, the plural taken from the rules' "(plural form X)" text, from the Address
  ("Person (or People when plural)") or made regularly; possessives ("Baron’s", "Barons’") keep
  their apostrophe, and an irregular plural gets a correct one ("Barons’" → "People’s");
* case follows the use: "Baron" → "Necromancer", "BARON" → "NECROMANCER"; a lower-case use of a
  capitalised term ("non-player characters") is the common noun, not the keyword: left as written and
  counted in the report;
* a new term is refused only where it already stands as a keyword (the same capitalisation, a rule's
  title, a keyword list): "Person" may replace "Player" beside the common noun "a single person";
  a new term carrying wiki markup ("Ne''cro") is refused;
* the longest term wins where terms overlap, and every current term takes part even when unchanged,
  so "High Lord" is never broken by replacing "Lord";
* one pass over the text, so a new term can never be replaced again by another change;
* not inside URLs, file/category link targets, template names or HTML tag attributes; inside link
  text, link targets and template parameters it is replaced (that is rule text);
* in the Synonyms list, the parenthesised key (``* Baron (Player)``) is never touched.

Everything here is pure: text in, text and a :class:`~actions.report.Report` out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from actions import structure
from actions.report import APPLIED, IGNORED, REFUSED, Report
from parsers import hazards, language, limits, markup, names
from parsers.errors import WikibotError
from parsers import ruleset as R
from parsers.ascension import TermChange
from parsers.terms import SYNONYM_ENTRY, WORD, Term, as_model, synonyms_rule, term_table

_SEPARATORS = "[ _\u00a0]"
_URL = re.compile(r"""(?:(?:https?|ftp)://|//(?=[\w.-]+\.[a-z]{2,}/)|www\.)[^\s\[\]<>"'|{}]+""", re.I)
_NAMESPACED_LINK = re.compile(r"\[\[\s*:?\s*(?:File|Image|Media|Category)\s*:[^\]|]*", re.I)
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


#: Markup a term must not carry: bold/italic quotes, links, templates, tags, tables, signatures.
class TermError(WikibotError):
    """A term change the rules forbid or the bot cannot place; ``places`` says where."""

    def __init__(self, message: str, places: Sequence[str] = ()):
        super().__init__(message)
        self.places = list(places)


# --------------------------------------------------------------------------- word forms
#: The regular English plural of a term (one definition, in the shared language module).
pluralize = language.plural


_REGIONAL = [
    (re.compile(r"(?<=[a-z]{2})our(?=[a-z]*$|[a-z]*\s)"), "or"),   # Honour → Honor
    (re.compile(r"(?<=[a-z]{2})is(ation|e|ed|er|es|ing)\b"), r"iz\1"),  # Organiser → Organizer
    (re.compile(r"(?<=[a-z]{2})iz(ation|e|ed|er|es|ing)\b"), r"is\1"),
    (re.compile(r"(?<=[a-z]{2})ys(e|ed|er|es)\b"), r"yz\1"),
    (re.compile(r"(?<=[a-z]{2})ller\b"), "ler"),                      # Traveller → Traveler
    (re.compile(r"(?<=[a-z]{3})tre\b"), "ter"),                       # Centre → Center
]


def regional_variants(term: str) -> list[str]:
    """Other regional spellings of a term (British → American and ize/ise both ways)."""
    out: list[str] = []
    for pattern, repl in _REGIONAL:
        other = pattern.sub(repl, term)
        if other != term and other not in out:
            out.append(other)
    return out


# --------------------------------------------------------------------------- changes
@dataclass(frozen=True)
class Resolved:
    key: str
    old: str
    old_plural: str
    new: str
    new_plural: str

    @property
    def label(self) -> str:
        return f"{self.old} \u2192 {self.new}"


@dataclass
class Occurrence:
    """One use of a term found in the text; ``new`` is None when it was left as written."""

    start: int
    end: int
    text: str
    key: str
    new: str | None
    reason: str = ""


@dataclass
class TermPlan:
    """Resolved changes plus every other current term (which takes part so compounds survive)."""

    changes: list[Resolved]
    unchanged: list[Term] = field(default_factory=list)
    #: new terms the Ruleset already uses as a common noun ("person" beside "Person"): uses left alone
    common_nouns: dict[str, int] = field(default_factory=dict)


def _normalise_changes(changes) -> list[TermChange]:
    if isinstance(changes, Mapping):
        return [TermChange(k, v) for k, v in changes.items()]
    out = []
    for change in changes:
        if isinstance(change, TermChange):
            out.append(change)
        elif isinstance(change, (tuple, list)):
            out.append(TermChange(*change))
        else:
            raise TypeError(f"a term change is a TermChange or (old, new[, plural]), not {change!r}")
    return out


def _by_plural(term: Term, old: str) -> bool:
    """Was the term named by its plural ("Players"), not its key or singular?"""
    wanted = names.straighten_quotes(names.strip_quotes(old)).casefold()
    return wanted == names.straighten_quotes(term.plural).casefold() and wanted not in (
        term.key.casefold(), term.term.casefold())


def _lookup(table: dict[str, Term], old: str) -> Term | None:
    wanted = names.straighten_quotes(names.strip_quotes(old)).casefold()
    for probe in (lambda t: t.key, lambda t: t.term, lambda t: t.plural):
        for t in table.values():
            if names.straighten_quotes(probe(t)).casefold() == wanted:
                return t
    for t in table.values():
        if wanted in {v.casefold() for v in regional_variants(t.term)}:
            return t
    return None


def plan_terms(ruleset: "R.Ruleset | str", changes) -> TermPlan:
    """Resolve the asked changes against the Ruleset's terms; raises :class:`TermError`."""
    table = term_table(ruleset)
    resolved: dict[str, Resolved] = {}
    for change in _normalise_changes(changes):
        new = " ".join(names.strip_quotes(change.new).split())
        term = _lookup(table, change.old)
        if term is None:
            known = ", ".join(f"“{t.term}”" + (f" ({t.key})" if t.key != t.term else "") for t in table.values())
            raise TermError(f"“{change.old}” is not a term this Ruleset lets an Ascension replace "
                            f"(its terms: {known or 'none found'}).")
        plural = " ".join(names.strip_quotes(change.plural).split()) if change.plural else None
        for given in (new, plural):
            problem = hazards.term_problem(given) if given else None
            if problem:
                raise TermError(f"“{given}” cannot be a term: {problem}; give the term as plain words.")
        if not new or not re.fullmatch(r"[^\W\d_][\w’'\- ]*", new):
            raise TermError(f"“{change.new}” cannot be a term: a term is one or more words of letters.")
        if term.key in resolved and resolved[term.key].new != new:
            raise TermError(f"“{term.term}” is given two new terms: “{resolved[term.key].new}” and “{new}”; "
                            "give it only one.")
        if plural is None and _by_plural(term, change.old):
            # "Rename the Players to Pirates": the plural named, so the new word is the plural too.
            one = language.singular(new)
            if not one:
                raise TermError(f"“{change.old}” is the plural of “{term.term}”, but “{new}” does not read as a plural; "
                                f"give the new singular, e.g. “Change {term.term} to …”.")
            new, plural = one, new
        plural = plural or pluralize(new)
        resolved[term.key] = Resolved(term.key, term.term, term.plural, new, plural)
    plan = TermPlan([r for r in resolved.values() if r.new != r.old or r.new_plural != r.old_plural],
                    [t for k, t in table.items() if k not in resolved or resolved[k].new == resolved[k].old])
    _check_distinct(table, resolved)
    return plan


def _check_distinct(table: dict[str, Term], resolved: dict[str, Resolved]) -> None:
    final: dict[str, str] = {}
    for key, term in table.items():
        r = resolved.get(key)
        forms = (r.new, r.new_plural) if r else (term.term, term.plural)
        for form in forms:
            folded = form.casefold()
            if folded in final and final[folded] != key:
                other = final[folded]
                raise TermError(
                    f"Two terms would become the same: “{form}” for both {other} and {key} "
                    "(the rule Synonyms forbids making two entries synonymous; Fair Play forbids changing "
                    "several keywords to the same word); give each a different new term.")
            final[folded] = key


# --------------------------------------------------------------------------- protected spans
def _block_offsets(model: R.Ruleset) -> list[tuple[R.Block, int, int]]:
    """(block, start of body, end of body) offsets in str(model)."""
    out = []
    pos = len(model.preamble)
    for block in model.blocks:
        head = len(str(block.heading))
        out.append((block, pos + head, pos + head + len(block.body)))
        pos += head + len(block.body)
    return out


def protected_spans(text: str, model: R.Ruleset | None = None) -> list[tuple[int, int, str]]:
    """Spans of the text where a term is not replaced, each with the reason."""
    spans: list[tuple[int, int, str]] = []
    for pattern, reason in ((_URL, "inside a URL"), (_NAMESPACED_LINK, "in a file or category link target"),
                            (markup.TEMPLATE_NAME, "in a template name"), (_HTML_TAG, "in an HTML tag")):
        for m in pattern.finditer(text):
            if reason == "in an HTML tag" and m.group(0).startswith("<!--"):
                continue
            spans.append((m.start(), m.end(), reason))
    synonyms = synonyms_rule(model) if model is not None else None
    if synonyms is not None:
        for block, start, _end in _block_offsets(model):
            if block is synonyms:
                for m in SYNONYM_ENTRY.finditer(block.body):
                    spans.append((start + m.start("paren"), start + m.end("paren"),
                                  "in the parentheses of the Synonyms list"))
    spans.sort()
    return spans


def _protection(spans: list[tuple[int, int, str]], start: int, end: int) -> str:
    for s, e, reason in spans:
        if s > start:
            break
        if s <= start < e:
            return reason
    for s, e, reason in spans:
        if start < s < end:
            return reason
    return ""


# --------------------------------------------------------------------------- replacement
def _recase(found: str, form: str, new: str) -> str | None:
    """The new form written the way the found text writes the old one; None if unusual."""
    sep = " "
    m = re.search(_SEPARATORS, found)
    if m:
        sep = m.group(0)
    norm = re.sub(_SEPARATORS, " ", found)
    if norm == form:
        out = new
    elif norm == form.lower() and form != form.lower():
        return None   # a lower-case common noun ("non-player characters"), not the keyword
    elif norm == form.upper() and form != form.upper() and len(form) > 1:
        out = new.upper()
    elif form[:1].islower() and norm == form[:1].upper() + form[1:]:
        out = new[:1].upper() + new[1:]
    else:
        return None
    return out.replace(" ", sep) if sep != " " else out


def _form_pattern(form: str) -> str:
    return _SEPARATORS.join(re.escape(w) for w in form.split(" "))


@dataclass
class _Form:
    key: str
    form: str         # the old written form matched
    new: str | None   # its replacement (None: a term that does not change)
    plural: bool
    regional: bool = False


def _forms(plan: TermPlan) -> dict[str, _Form]:
    forms: dict[str, _Form] = {}

    def add(form: str, entry: _Form) -> None:
        folded = form.casefold()
        if folded not in forms:
            forms[folded] = entry

    for r in plan.changes:
        add(r.old, _Form(r.key, r.old, r.new, False))
        add(r.old_plural, _Form(r.key, r.old_plural, r.new_plural, True))
    for t in plan.unchanged:
        add(t.term, _Form(t.key, t.term, None, False))
        add(t.plural, _Form(t.key, t.plural, None, True))
    for r in plan.changes:
        for v in regional_variants(r.old):
            add(v, _Form(r.key, v, r.new, False, True))
        for v in regional_variants(r.old_plural):
            add(v, _Form(r.key, v, r.new_plural, True, True))
    return forms


def _compile(forms: dict[str, _Form]) -> re.Pattern | None:
    if not forms:
        return None
    alts = sorted({f.form for f in forms.values()}, key=lambda s: (-len(s), s))
    body = "|".join(_form_pattern(a) for a in alts)
    return re.compile(rf"(?<![{WORD}])(?:{body})(?![{WORD}])", re.I)


_APOS = "\u2019'"
#: Why a lower-case use of a capitalised term is left as written.
COMMON_NOUN = "in lower case (a common noun, not the keyword)"


def find_occurrences(text: str, plan: TermPlan, spans: list[tuple[int, int, str]]) -> list[Occurrence]:
    """Every use of a changing term, with what it becomes (None where it is left as written)."""
    forms = _forms(plan)
    pattern = _compile(forms)
    found: list[Occurrence] = []
    if pattern is None:
        return found
    for m in pattern.finditer(text):
        entry = forms[re.sub(_SEPARATORS, " ", m.group(0)).casefold()]
        if entry.new is None:
            continue   # an unchanged term, matched only so that it is not broken up
        start, end = m.start(), m.end()
        reason = _protection(spans, start, end)
        if reason:
            found.append(Occurrence(start, end, m.group(0), entry.key, None, reason))
            continue
        new = _recase(m.group(0), entry.form, entry.new)
        if new is None:
            lower = m.group(0) == m.group(0).lower() and entry.form != entry.form.lower()
            found.append(Occurrence(start, end, m.group(0), entry.key, None,
                                    COMMON_NOUN if lower else "unusual capitalisation"))
            continue
        # Possessive of a plural: "Barons’" ↔ "People’s".
        if entry.plural and end < len(text) and text[end] in _APOS:
            after = text[end + 1: end + 2]
            old_s = entry.form.lower().endswith("s")
            new_s = entry.new.lower().endswith("s")
            if old_s and not new_s and not re.match(f"[{WORD}]", after):
                new += text[end] + "s"
                end += 1
            elif not old_s and new_s and after == "s" and not re.match(f"[{WORD}]", text[end + 2: end + 3]):
                new += text[end]
                end += 2
        found.append(Occurrence(start, end, text[start:end], entry.key, new))
    return found


def apply_occurrences(text: str, occurrences: Iterable[Occurrence]) -> str:
    out: list[str] = []
    pos = 0
    for occ in occurrences:
        if occ.new is None:
            continue
        out.append(text[pos:occ.start])
        out.append(occ.new)
        pos = occ.end
    out.append(text[pos:])
    return "".join(out)


def _places(model: R.Ruleset, text: str, positions: list[int], limit: int = 8) -> list[str]:
    offsets = _block_offsets(model)
    out = []
    for pos in positions[:limit]:
        where = "top of the page"
        for block, start, end in offsets:
            if start - len(str(block.heading)) <= pos < end:
                where = block.path() if isinstance(block, R.Rule) else block.title
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start: line_end if line_end >= 0 else len(text)]
        at = pos - line_start
        snippet = line[max(0, at - 30): at + 40].strip()
        out.append(f"{where}: “…{snippet}…”")
    if len(positions) > limit:
        out.append(f"and {len(positions) - limit} more")
    return out


def _appearances(text: str, word: str, skip: list[tuple[int, int]], others: Iterable[str] = (),
                 *, keyword_only: bool = False, common: list[int] | None = None) -> list[int]:
    """Where ``word`` (or its plural) is used as a whole word, not as part of a longer term in
    ``others`` ("Lord" inside "High Lord" is not a use of "Lord").

    ``keyword_only``: only where it stands as a keyword: written with the same capitalisation, in a
    rule's title, or as the defined term of a keyword list. The other uses (the lower-case common
    noun "person" beside the keyword "Person") are appended to ``common``."""
    own = {word.casefold(), pluralize(word).casefold()}
    exact = {word, pluralize(word)}
    forms = sorted({word, pluralize(word), *others}, key=len, reverse=True)
    pattern = re.compile(rf"(?<![{WORD}])(?:{'|'.join(_form_pattern(f) for f in forms)})(?![{WORD}])", re.I)
    out = []
    for m in pattern.finditer(text):
        found = re.sub(_SEPARATORS, " ", m.group(0))
        if found.casefold() not in own or any(s <= m.start() < e for s, e in skip):
            continue
        if keyword_only and found not in exact and not _stands_as_keyword(text, m.start(), m.end()):
            if common is not None:
                common.append(m.start())
            continue
        out.append(m.start())
    return out


def _stands_as_keyword(text: str, start: int, end: int) -> bool:
    """Is the word at start:end in a rule's title, or the defined term of a keyword list
    (a ``;Term`` line, or a bold ``'''Term'''``)?"""
    line_start = text.rfind("\n", 0, start) + 1
    if text.startswith(("=", ";"), line_start):
        return True
    return text[max(0, start - 3): start] == "'''" and text[end: end + 3] == "'''"


def check_new_terms(model: R.Ruleset, plan: TermPlan, *, repealed: Iterable[str] = (),
                    other_pages: Mapping[str, str] | None = None) -> None:
    """Refuse a new term that already appears outside the Synonyms rule (rules being repealed
    excepted) or on another page the era names (2023: the Building Blocks page)."""
    text = str(model)
    repealed_keys = {names.normalize(n) for n in repealed}
    synonyms = synonyms_rule(model)
    skip: list[tuple[int, int]] = []
    for block, start, end in _block_offsets(model):
        if not isinstance(block, R.Rule):
            continue
        if block is synonyms or names.title_key(block.top.title) in repealed_keys \
                or names.title_key(block.title) in repealed_keys:
            skip.append((start - len(str(block.heading)), end))
    skip.extend((s, e) for s, e, _ in protected_spans(text) if _ == "inside a URL")
    others = [f for r in plan.changes for f in (r.old, r.old_plural)] + \
        [f for t in plan.unchanged for f in (t.term, t.plural)]
    plan.common_nouns.clear()
    for r in plan.changes:
        for word in dict.fromkeys([r.new, r.new_plural]):
            if word.casefold() in (r.old.casefold(), r.old_plural.casefold()):
                continue
            common: list[int] = []
            hits = _appearances(text, word, skip, [o for o in others if len(o) > len(word)], keyword_only=True,
                                common=common)
            if common:
                plan.common_nouns[word] = plan.common_nouns.get(word, 0) + len(common)
            if hits:
                where = "outside the rule Synonyms " if synonyms is not None else ""
                raise TermError(
                    f"“{r.new}” cannot replace “{r.old}”: it already appears in the Ruleset {where}"
                    f"({len(hits)} time{'s' if len(hits) != 1 else ''}), so the two would be confused; "
                    "choose another term, or repeal the rules that use it.",
                    _places(model, text, hits))
            for title, page in (other_pages or {}).items():
                hits = _appearances(page, word, [], keyword_only=True)
                if hits:
                    raise TermError(f"“{r.new}” cannot replace “{r.old}”: it already appears on the page "
                                    f"“{title}” ({len(hits)} time{'s' if len(hits) != 1 else ''}); "
                                    "choose another term.",
                                    [f"{title}: “…{page[max(0, h - 30): h + 40].strip()}…”" for h in hits[:8]])


def replace_in_text(text: str, plan: TermPlan, model: R.Ruleset | None = None) -> tuple[str, list[Occurrence]]:
    """Replace the plan's terms in one page's text (the Ruleset, or the Building Blocks page)."""
    if model is None and "Synonyms" in text:
        model = R.parse(text)
    spans = protected_spans(text, model)
    occurrences = find_occurrences(text, plan, spans)
    return apply_occurrences(text, occurrences), occurrences


def replacement_problem(old_text: str, new_text: str, occurrences: Iterable[Occurrence],
                        page: str = "the Ruleset", *, extension_tags: Iterable[str] = ()) -> str | None:
    """Why a page after term replacement must not be written (None if it may): replacing words
    must leave the rule tree, every block without a replaced term, and the markup as they were."""
    edits = [(o.start, o.end) for o in occurrences if o.new is not None]
    problem = structure.text_edit_problem(old_text, new_text, edits, extension_tags=extension_tags)
    if problem:
        return (f"the replacement on {page} was not written: {problem}. Nothing was changed; replace the terms "
                "by hand where they occur in markup, or ask for fewer terms")
    return None


def record(report: Report, plan: TermPlan, occurrences: list[Occurrence], page: str, n: int,
           step_text: str = "") -> None:
    """Add one step per change to the report, with counts and any occurrences left as written."""
    for i, r in enumerate(plan.changes):
        done = [o for o in occurrences if o.key == r.key and o.new is not None]
        kept = [o for o in occurrences if o.key == r.key and o.new is None]
        report.counts[r.label] = report.counts.get(r.label, 0) + len(done)
        detail = f"{len(done)} replaced on {page}"
        regional = sorted({o.text for o in done if o.text.casefold() not in
                           {r.old.casefold(), r.old_plural.casefold()} and "s" not in o.text[len(r.old):].lower()})
        if regional:
            detail += f" (other spellings: {', '.join(regional)})"
        if kept:
            reasons: dict[str, int] = {}
            for o in kept:
                reasons[o.reason] = reasons.get(o.reason, 0) + 1
            detail += "; left as written: " + ", ".join(f"{c} {why}" for why, c in reasons.items())
        already = {w: c for w, c in plan.common_nouns.items() if w in (r.new, r.new_plural)}
        if already:
            detail += "; the Ruleset already uses " + ", ".join(
                f"“{w.lower()}” {c} time{'s' if c != 1 else ''}" for w, c in already.items()) + \
                " as a common noun (lower case, not the keyword): left alone"
        text = step_text or f"Replace “{r.old}” (plural “{r.old_plural}”) with “{r.new}” (plural “{r.new_plural}”)"
        report.add(n + i, text, "replace term", APPLIED, detail)


def replace_terms(ruleset: str | R.Ruleset, changes, *, repealed: Iterable[str] = (),
                  other_pages: Mapping[str, str] | None = None,
                  extension_tags: Iterable[str] = ()) -> tuple[str, Report]:
    """Replace terms throughout a Ruleset (its text, or the page already parsed, which is only read).
    ``changes``: {key or old term: new} or TermChanges.

    Returns the new text and a Report; on a refusal the text is returned unchanged and the report
    has one REFUSED step saying why and where. The result is re-read before it is returned
    (:func:`actions.structure.text_edit_problem`): the same rule tree, no block without a replaced
    term changed, no markup balance or page-wide effect changed; otherwise it is refused too.
    Raises :class:`parsers.limits.TooLarge`, before anything is done, for a page or a list of
    changes beyond :mod:`parsers.limits`.
    """
    ruleset_text = ruleset if isinstance(ruleset, str) else str(ruleset)
    limits.check_page(ruleset_text, "The Ruleset page")
    limits.check_terms(len(changes))
    report = Report("synonyms", summary="")
    model = as_model(ruleset)
    try:
        plan = plan_terms(model, changes)
        check_new_terms(model, plan, repealed=repealed, other_pages=other_pages)
    except TermError as error:
        detail = str(error)
        if error.places:
            detail += " Places: " + "; ".join(error.places)
        report.add(1, _describe(changes), "replace terms", REFUSED, detail)
        report.set_page("Ruleset", ruleset_text, ruleset_text)
        return ruleset_text, report
    if not plan.changes:
        report.add(1, _describe(changes), "replace terms", IGNORED, "every term already has that value", no_op=True)
        report.set_page("Ruleset", ruleset_text, ruleset_text)
        return ruleset_text, report
    new_text, occurrences = replace_in_text(ruleset_text, plan, model)
    problem = replacement_problem(ruleset_text, new_text, occurrences, extension_tags=extension_tags)
    if problem:
        report.add(1, _describe(changes), "replace terms", REFUSED, problem)
        report.set_page("Ruleset", ruleset_text, ruleset_text)
        return ruleset_text, report
    record(report, plan, occurrences, "Ruleset", 1)
    report.summary = "Synonyms: " + ", ".join(r.label for r in plan.changes)
    report.set_page("Ruleset", ruleset_text, new_text)
    return new_text, report


def replace_terms_on_pages(ruleset: str | R.Ruleset, changes, *, ruleset_title: str = "Ruleset",
                           building_blocks: tuple[str, str] | None = None, gamestate: tuple[str, str] | None = None,
                           extension_tags: Iterable[str] = ()) -> tuple[dict[str, str], Report]:
    """A term change as one operation on every page it touches: the Ruleset (:func:`replace_terms`), the
    Building Blocks page (``(title, text)``, when there is one) and the gamestate page's players-table heading
    (``(title, text)``; :func:`actions.gamestate_terms.follow_terms`). The pages that changed, by title, and
    the report; nothing but the Ruleset's refusal when the Ruleset's change is refused."""
    from actions.gamestate_terms import follow_terms

    model = as_model(ruleset)
    ruleset_text = str(model)
    others = {building_blocks[0]: building_blocks[1]} if building_blocks else None
    new, report = replace_terms(model, changes, other_pages=others, extension_tags=extension_tags)
    if not report.summary:
        report.summary = "Synonyms: " + ", ".join(f"{k} → {v}" for k, v in dict(changes).items())
    pages = {ruleset_title: new} if new != ruleset_text else {}
    if not pages or not report.complete:
        return pages, report
    plan = plan_terms(model, changes)
    if building_blocks:
        title, old = building_blocks
        text, found = replace_in_text(old, plan, R.parse(old))
        problem = replacement_problem(old, text, found, "the Building Blocks page", extension_tags=extension_tags)
        n = max(s.n for s in report.steps) + 1
        report.add(n, "the terms on the Building Blocks page", "replace terms", REFUSED if problem else APPLIED,
                   problem or f"{sum(1 for o in found if o.new is not None)} replaced")
        if text != old and not problem:
            pages[title] = text
    if gamestate:
        title, old = gamestate
        text = follow_terms(report, title, old, plan.changes)
        if text != old:
            pages[title] = text
    return pages, report


def _describe(changes) -> str:
    try:
        return ", ".join(f"{c.old} = {c.new}" for c in _normalise_changes(changes))
    except TypeError:
        return repr(changes)

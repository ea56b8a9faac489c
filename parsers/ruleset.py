"""The Ruleset page as a model: sections → rules → subrules, losslessly.

``str(parse(text)) == text`` for any text (up to the page limit of :mod:`parsers.limits`). The page is cut into *blocks* at heading lines, the
way MediaWiki itself finds headings (a line that starts and ends with ``=``, outside comments,
``<nowiki>``, ``<pre>`` and the like). This is deliberately not mwparserfromhell's section
splitting: the real Ruleset wraps every heading in one unclosed ``<div>``, inside which
mwparserfromhell nests the headings as tag contents, and an unclosed ``''`` can swallow the
headings after it. mwparserfromhell is used where it is right: to read a heading's title and a
rule's text (``skip_style_tags=True``).

A block is the heading line (with its newline) plus the body that follows, up to the next
heading. Level-1 headings are :class:`Section`\\ s; level 2 and deeper are :class:`Rule`\\ s, a
deeper one being a subrule of the rule above it. Changing a rule's body or title changes only that
block's bytes.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Iterator

import mwparserfromhell

from parsers import language, limits, markup, names
from parsers.errors import WikibotError

ACTIVE = "Active"
INACTIVE = "Inactive"

# Section kinds, as the rules of every era speak of them (the words: parsers.language.SECTIONS).
CORE, DYNASTIC, SPECIAL_CASE, APPENDIX, BUILDING_BLOCKS = (kind for kind, *_ in language.SECTIONS)

_HEADING = re.compile(r"^(?P<open>=+)(?P<inner>.+?)(?P<close>=+)(?P<trail>[ \t]*(?:<!--.*?-->[ \t]*)*)$")
_TRAILER = re.compile(
    r"(?:\s*(?:</div\s*>|\[\[\s*Category\s*:[^\]]*\]\]|__[A-Z]+__|\{\{\s*[Dd]ynasty[^{}]*\}\}))+\s*\Z"
)
_CORE_RANGE = re.compile(r"Rules?\s+1\s*[-\u2013]\s*(\d+)\s+are\s+the\s+[\"\u201c]?core", re.I)
# "The gamestate tracking page for this dynasty is the [[Haunted House]] page of the wiki."
_TRACKING_LEAD = r"tracking\s+page\s+for\s+this\s+dynasty\s+is\s+(?:the\s+)?"
_TRACKING_PAGE = re.compile(r"gamestate\s+" + _TRACKING_LEAD + r"(?P<name>.+?)\s+page\s+of\s+the\s+wiki", re.I)


def _section_key(name: str) -> str:
    return names.title_key(name).replace("-", " ").removeprefix("the ").removesuffix(" section")


def section_kind(name: str) -> str | None:
    """The kind a section name or alias stands for: "the Dynastic Rules section" → DYNASTIC."""
    return language.section_kind(_section_key(name))


class RulesetError(WikibotError):
    """The Ruleset text or a request about it cannot be used; the message says what to do."""


class RuleNotFound(RulesetError, LookupError):
    """No rule has the name a proposal or request used."""


class AmbiguousRule(RulesetError, LookupError):
    """Several rules answer to one name; the message lists them."""

    def __init__(self, message: str, candidates: list["Rule"]):
        super().__init__(message)
        self.candidates = candidates


@dataclass(frozen=True)
class Heading:
    """A heading line cut into its parts, so that a new title keeps the page's spacing."""

    open: str
    inner: str
    close: str
    trail: str
    newline: str

    @property
    def level(self) -> int:
        return min(len(self.open), len(self.close), 6)

    @property
    def raw_title(self) -> str:
        """The wikitext between the ``=`` signs, including unbalanced extra ``=``."""
        level = self.level
        return (self.open[level:] + self.inner + self.close[: len(self.close) - level]).strip()

    def __str__(self) -> str:
        return self.open + self.inner + self.close + self.trail + self.newline

    def retitled(self, title: str) -> "Heading":
        lead = self.inner[: len(self.inner) - len(self.inner.lstrip())]
        tail = self.inner[len(self.inner.rstrip()):]
        level = self.level
        return Heading("=" * level, lead + title + tail, "=" * level, self.trail, self.newline)

    @classmethod
    def make(cls, level: int, title: str, newline: str = "\n") -> "Heading":
        marks = "=" * level
        return cls(marks, f" {title} ", marks, "", newline)


def plain(wikitext: str) -> str:
    """Wikitext as a reader sees it: markup stripped, spacing collapsed."""
    code = mwparserfromhell.parse(wikitext, skip_style_tags=True)
    text = code.strip_code(normalize=True, collapse=True)
    text = text.replace("'''", "").replace("''", "")
    return re.sub(r"[ \t]+", " ", text).strip()


@dataclass(eq=False)
class Block:
    """A heading and the body under it, up to the next heading."""

    heading: Heading
    body: str
    parent: "Block | None" = field(default=None, repr=False)
    children: list["Rule"] = field(default_factory=list, repr=False)
    _title: tuple[Heading, str] | None = field(default=None, repr=False)  # (heading read, its title)
    _key: tuple[Heading, str] | None = field(default=None, repr=False)    # (heading read, its title key)

    @property
    def level(self) -> int:
        return self.heading.level

    @property
    def title(self) -> str:
        """The heading as a reader sees it, bracket tags included: "Dormancy [Active]"."""
        if self._title is None or self._title[0] is not self.heading:
            self._title = (self.heading, plain(self.heading.raw_title))
        return self._title[1]

    @property
    def name(self) -> str:
        """The title without bracketed parts and asterisks: how rules refer to it."""
        return names.drop_brackets(self.title)

    @property
    def key(self) -> str:
        """The title as references are compared with it (:func:`names.title_key`)."""
        if self._key is None or self._key[0] is not self.heading:
            self._key = (self.heading, names.title_key(self.title))
        return self._key[1]

    def set_title(self, title: str) -> None:
        """Give the heading a new title (wikitext), keeping its level and spacing."""
        if "\n" in title or not title.strip():
            raise RulesetError(f"A rule title must be one non-empty line, not {title!r}.")
        self.heading = self.heading.retitled(title.strip())

    def text(self) -> str:
        """This block alone as wikitext: heading line plus body."""
        return str(self.heading) + self.body

    def descendants(self) -> Iterator["Rule"]:
        for child in self.children:
            yield child
            yield from child.descendants()


@dataclass(eq=False, repr=False)
class Section(Block):
    """A level-1 heading: Core Rules, Dynastic Rules, Special Case Rules, Appendix, …"""

    @property
    def kind(self) -> str | None:
        return language.heading_kind(self.title)

    def __repr__(self) -> str:
        return f"Section({self.title!r})"


@dataclass(eq=False, repr=False)
class Rule(Block):
    """A rule (level 2) or subrule (level 3 and deeper)."""

    section: Section | None = field(default=None, repr=False)
    number: str | None = None
    kind: str | None = None

    @property
    def parent_rule(self) -> "Rule | None":
        return self.parent if isinstance(self.parent, Rule) else None

    @property
    def is_subrule(self) -> bool:
        return self.parent_rule is not None

    @property
    def top(self) -> "Rule":
        """The topmost rule above a subrule; a rule (level 2) is its own top."""
        rule = self
        while rule.parent_rule is not None:
            rule = rule.parent_rule
        return rule

    @property
    def tags(self) -> list[str]:
        """Bracket tags of the title, plus "*" for a Special Case asterisk."""
        tags = names.bracket_tags(self.title)
        if "*" in names.untagged(self.title):
            tags.append("*")
        return tags

    @property
    def is_special_case(self) -> bool:
        return self.kind == SPECIAL_CASE

    @property
    def explicit_status(self) -> str | None:
        for tag in reversed(self.tags):
            if tag.casefold() in ("active", "inactive"):
                return tag.capitalize()
        return None

    @property
    def default_status(self) -> str:
        """Inactive for a title marked [Rare] (2022) or with an asterisk (2020), else Active."""
        lowered = [t.casefold() for t in self.tags]
        return INACTIVE if ("rare" in lowered or "*" in lowered) else ACTIVE

    @property
    def status(self) -> str | None:
        """Active or Inactive for a Special Case rule; None for other rules."""
        if not self.is_special_case:
            return None
        return self.explicit_status or self.default_status

    def set_status(self, status: str) -> bool:
        """Mark a Special Case rule Active or Inactive in its title; True if the title changed."""
        status = status.capitalize()
        if status not in (ACTIVE, INACTIVE):
            raise RulesetError(f"A Special Case status is Active or Inactive, not {status!r}.")
        raw = self.heading.raw_title
        explicit = re.compile(r"\[\s*(?:Active|Inactive)\s*\]", re.I)
        if explicit.search(raw):
            new = explicit.sub(f"[{status}]", raw)
        elif status == self.default_status:
            return False
        else:
            new = f"{raw} [{status}]"
        if new == raw:
            return False
        self.set_title(new)
        return True

    def path(self) -> str:
        """Where the rule stands, for messages: "Appendix › Keywords › Time"."""
        parts = [self.title]
        node = self.parent
        while node is not None:
            parts.append(node.title)
            node = node.parent
        return " \u203a ".join(reversed(parts))

    def __repr__(self) -> str:
        return f"Rule({self.title!r}, level={self.level}, number={self.number!r})"


class Ruleset:
    """The whole page: a preamble, the blocks in page order, and a trailer (``</div>`` …)."""

    def __init__(self, preamble: str, blocks: list[Block], trailer: str = ""):
        self.preamble = preamble
        self.blocks = blocks
        self.trailer = trailer
        self._link()

    # ----------------------------------------------------------------- structure
    def __str__(self) -> str:
        return self.preamble + "".join(b.text() for b in self.blocks) + self.trailer

    def _link(self) -> None:
        """Rebuild parents, children, sections, numbers and kinds from the block order."""
        stack: list[Block] = []
        counters: list[int] = []
        section: Section | None = None
        core_limit = self._core_limit()
        for block in self.blocks:
            block.children = []
            while stack and stack[-1].level >= block.level:
                stack.pop()
            block.parent = stack[-1] if stack else None
            if isinstance(block.parent, Rule):
                block.parent.children.append(block)  # type: ignore[arg-type]
            elif isinstance(block.parent, Section) and isinstance(block, Rule):
                block.parent.children.append(block)
            if isinstance(block, Section):
                section = block
            depth = len(stack)
            del counters[depth + 1:]
            if len(counters) <= depth:
                counters.append(0)
            counters[depth] += 1
            stack.append(block)
            if isinstance(block, Rule):
                block.section = section
                block.number = ".".join(str(n) for n in counters[: depth + 1])
                block.kind = self._kind_of(block, section, core_limit)

    def _core_limit(self) -> int | None:
        """In the 2004 era, "Rules 1-10 are the core Ruleset"."""
        for block in self.blocks[:3]:
            match = _CORE_RANGE.search(block.body)
            if match:
                return int(match.group(1))
        match = _CORE_RANGE.search(self.preamble)
        return int(match.group(1)) if match else None

    @staticmethod
    def _kind_of(rule: Rule, section: Section | None, core_limit: int | None) -> str | None:
        if section is not None:
            return section.kind
        top = rule.top
        if re.fullmatch(r"glossary", top.name, re.I):
            return APPENDIX
        if core_limit is None:
            return None
        first = int((top.number or "0").split(".")[0])
        return CORE if first <= core_limit else DYNASTIC

    @property
    def sections(self) -> list[Section]:
        return [b for b in self.blocks if isinstance(b, Section)]

    @property
    def rules(self) -> list[Rule]:
        """Every rule and subrule, in page order."""
        return [b for b in self.blocks if isinstance(b, Rule)]

    def section(self, name: str) -> Section:
        """A section by its title or by what proposals call it ("dynastic", "the Appendix")."""
        wanted = _section_key(name)
        kind = language.section_kind(wanted)
        found = [s for s in self.sections if names.title_key(s.title) == wanted or (kind and s.kind == kind)]
        if len(found) == 1:
            return found[0]
        if not found:
            known = ", ".join(f"“{s.title}”" for s in self.sections) or "none (this Ruleset has no sections)"
            raise RuleNotFound(f"No section is called “{name}”. Sections: {known}.")
        listed = ", ".join(f"“{s.title}”" for s in found)
        raise AmbiguousRule(f"“{name}” could be any of these sections: {listed}.", [])

    def rules_of_kind(self, kind: str) -> list[Rule]:
        return [r for r in self.rules if r.kind == kind]

    # ----------------------------------------------------------------- lookup
    def find(self, reference: str, *, within: Block | None = None, numbering: dict[str, Rule] | None = None) -> Rule:
        """The rule a player means by ``reference``.

        Case, quotes, "the rule"/"subrule" and bracketed parts do not matter; "Rule 1.9",
        "Rule 6 (Calls for Judgment)" and "rule 10 - Ascension" are looked up by number and must
        agree with the name they carry. ``numbering`` (number → rule) looks numbers up as they stood
        at some earlier time — a Proposal's rule numbers mean the page as the Proposal found it.
        Raises :class:`RuleNotFound` or :class:`AmbiguousRule`.
        """
        found, pool = self._matches(reference, within, numbering)
        return self._one(reference, found, pool)

    def _matches(self, reference: str, within: Block | None,
                 numbering: dict[str, Rule] | None = None) -> tuple[list[Rule], list[Rule]]:
        """(rules answering to the reference, the rules looked among); a numbered reference is
        resolved (or refused) here."""
        ref = names.parse_reference(reference)
        pool = list(within.descendants()) if within is not None else self.rules
        if ref.number is not None:
            return [self._find_numbered(reference, ref, pool, numbering)], pool
        keys = names.reference_keys(ref.name or "")
        if not keys:
            raise RuleNotFound("A rule reference was empty: name the rule, e.g. “Coins” or “Rule 1.9”.")
        found: list[Rule] = []
        for key in keys:
            found = [r for r in pool if r.key == key]
            if found:
                break
        return found, pool

    def _find_numbered(self, reference: str, ref: names.NameRef, pool: list[Rule],
                       numbering: dict[str, Rule] | None = None) -> Rule:
        if numbering and ref.number in numbering:
            then = numbering[ref.number]
            if not any(r is then for r in pool):
                raise RuleNotFound(f"Rule {ref.number} (“{then.title}”, as numbered when the Proposal was made) "
                                   "no longer exists.")
            by_number = [then]
        else:
            by_number = [r for r in pool if r.number == ref.number]
        if not by_number:
            raise RuleNotFound(f"There is no Rule {ref.number} in this Ruleset (its rules are numbered "
                               f"{self._number_span(pool)}).")
        rule = by_number[0]
        if ref.name is None:
            return rule
        wanted = names.normalize(ref.name)
        have = rule.key
        # "rule 10 - Ascension" names "Victory and Ascension": a whole-word part of the title agrees.
        if have == wanted or re.search(rf"(?:^|\s){re.escape(wanted)}(?:\s|$)", have):
            return rule
        others = [r for r in pool if r.key == wanted]
        hint = f"; “{ref.name}” is Rule {others[0].number}" if len(others) == 1 else ""
        raise AmbiguousRule(
            f"“{reference}” does not name one rule: Rule {ref.number} is “{rule.title}”{hint}. "
            "Say which rule is meant.", [rule, *others])

    @staticmethod
    def _number_span(pool: list[Rule]) -> str:
        numbers = [r.number for r in pool if r.number]
        return f"{numbers[0]} to {numbers[-1]}" if numbers else "not at all"

    @staticmethod
    def _one(reference: str, found: list[Rule], pool: list[Rule]) -> Rule:
        if len(found) == 1:
            return found[0]
        if not found:
            wanted = names.normalize(reference)
            titles = {names.title_key(r.title): r.title for r in pool}
            close = difflib.get_close_matches(wanted, list(titles), n=3, cutoff=0.75)
            hint = (" Did you mean " + " or ".join(f"“{titles[k]}”" for k in close) + "?") if close else ""
            raise RuleNotFound(f"No rule is called “{names.bare(reference)}”.{hint}")
        places = "; ".join(r.path() for r in found)
        raise AmbiguousRule(
            f"“{names.bare(reference)}” could mean {len(found)} rules: {places}. "
            "Name the one meant (e.g. with its parent rule or section).", found)

    def get(self, reference: str, *, within: Block | None = None) -> Rule | None:
        """Like :meth:`find`, but None when no rule has that name (ambiguity still raises)."""
        try:
            found, pool = self._matches(reference, within)
        except AmbiguousRule:
            raise
        except RuleNotFound:
            return None
        # No suggestions of close titles are worked out for a miss: nobody reads them here.
        return self._one(reference, found, pool) if found else None

    def count_name(self, reference: str) -> int:
        """How many rules answer to a name: the Tags rule excuses a tag when it is exactly one."""
        keys = names.reference_keys(names.parse_reference(reference).name or "")
        for key in keys:
            count = sum(1 for r in self.rules if r.key == key)
            if count:
                return count
        return 0

    # ----------------------------------------------------------------- facts stated in the rules
    def tracking_page(self) -> tuple[str, Rule] | None:
        """The gamestate tracking page's name and the rule that states it, where the era does."""
        for rule in self.rules:
            if "tracking page" not in rule.body:
                continue
            match = _TRACKING_PAGE.search(plain(rule.body))
            if match:
                return names.strip_quotes(match.group("name")), rule
        return None

    def gamestate_title(self, *, stand_in: bool = False) -> str | None:
        """The title of the gamestate page — the one function that names it. The tracking page the rules
        name; when they name none, None — or, with ``stand_in`` (a gamestate page given without its title,
        as a file offline), what the era called that page: “GNDT” in the numbered era (rules 1–10 core, no
        sections), else “Gamestate”."""
        found = self.tracking_page()
        if found is not None:
            return found[0]
        if not stand_in:
            return None
        return "GNDT" if not self.sections and self.rules_of_kind(CORE) else "Gamestate"

    def set_tracking_page(self, new_name: str) -> Rule:
        """Put a new gamestate tracking page name where the rules state the current one (a link to
        it stays a link); returns the rule changed. Raises :class:`RulesetError` when no rule
        states it, or the name cannot be found in the rule's wikitext."""
        found = self.tracking_page()
        if found is None:
            raise RulesetError("This Ruleset names no gamestate tracking page (no rule says “The gamestate "
                               "tracking page for this dynasty is …”).")
        old, rule = found
        name_re = r"[ _]+".join(re.escape(w) for w in old.split())
        pattern = re.compile(
            r"(?P<lead>" + _TRACKING_LEAD + r"[\u201c\"]?)"
            r"(?:(?P<link>\[\[\s*)" + name_re + r"(?P<pipe>\s*\|[^\]]*)?(?P<close>\s*\]\])"
            r"|" + name_re + r")", re.I)
        m = pattern.search(rule.body)
        if not m:
            raise RulesetError(f"Could not find the name “{old}” in the rule “{rule.title}” where it is stated; "
                               "change the tracking page in that rule by hand.")
        if m.group("link"):
            pipe = m.group("pipe") or ""
            if pipe and names.title_key(pipe.lstrip(" |")) == names.title_key(old):
                pipe = "|" + new_name
            replacement = m.group("lead") + m.group("link") + new_name + pipe + m.group("close")
        else:
            replacement = m.group("lead") + new_name
        rule.body = rule.body[:m.start()] + replacement + rule.body[m.end():]
        return rule

    # ----------------------------------------------------------------- edits
    def subtree(self, block: Block) -> list[Block]:
        """The block and every block under it, in page order."""
        start = self._index(block)
        end = start + 1
        while end < len(self.blocks) and self.blocks[end].level > block.level:
            end += 1
        return self.blocks[start:end]

    def _index(self, block: Block) -> int:
        for i, b in enumerate(self.blocks):
            if b is block:
                return i
        raise RulesetError(f"“{block.title}” is not part of this Ruleset.")

    def remove(self, rule: Rule) -> list[Block]:
        """Repeal a rule with its subrules; returns what was removed."""
        removed = self.subtree(rule)
        start = self._index(rule)
        if start > 0:
            self._keep_separation(self.blocks[start - 1], removed[-1])
        del self.blocks[start: start + len(removed)]
        self._link()
        return removed

    @staticmethod
    def _keep_separation(before: Block, last_removed: Block) -> None:
        """The block before a removed run keeps the blank line the run ended with."""
        ending = re.search(r"\n*\Z", last_removed.body).group(0)
        if before.body.strip() and not before.body.endswith(ending):
            before.body = before.body.rstrip("\n") + ending

    def new_rule(self, title: str, text: str, level: int = 2) -> Rule:
        """A rule block not yet placed, styled like the page (blank line after the body)."""
        body = text.strip("\n")
        if "\n" in title or not title.strip():
            raise RulesetError(f"A rule title must be one non-empty line, not {title!r}.")
        return Rule(Heading.make(level, title.strip(), self._newline()), body + "\n\n" if body else "\n")

    def _newline(self) -> str:
        return "\r\n" if "\r\n" in self.preamble + "".join(str(b.heading) for b in self.blocks[:3]) else "\n"

    def insert(self, rule: Rule, *, after: Block | None = None, before: Block | None = None,
               parent: Block | None = None, section: Section | None = None) -> Rule:
        """Place a rule block (with any blocks under it, passed as its ``children`` order).

        ``after``: directly after that rule and its subrules. ``before``: directly before that rule,
        at its level. ``parent``: as the last subrule of that rule. ``section``: at the end of that
        section. One of the four is required.
        """
        if after is not None:
            rule_level = after.level
            anchor_last = self.subtree(after)[-1]
        elif before is not None:
            rule_level = before.level
            at = self._index(before)
            if at == 0:
                raise RulesetError(f"Nothing stands before “{before.title}”: a rule cannot go above the first "
                                   "heading of the page.")
            anchor_last = self.blocks[at - 1]
        elif parent is not None:
            rule_level = parent.level + 1
            anchor_last = self.subtree(parent)[-1]
        elif section is not None:
            rule_level = 2
            anchor_last = self.subtree(section)[-1]
        else:
            raise RulesetError("Say where a new rule goes: after or before a rule, under a rule, or in a section.")
        if rule_level > 6:
            raise RulesetError(f"“{rule.title}” would be nested deeper than a wiki heading can go.")
        shift = rule_level - rule.level
        moved = [rule, *rule.descendants()]
        for block in moved:
            level = block.level + shift
            block.heading = Heading("=" * level, block.heading.inner, "=" * level, block.heading.trail,
                                    block.heading.newline)
        at = self._index(anchor_last) + 1
        if not anchor_last.body.endswith("\n"):
            anchor_last.body += "\n"
        if anchor_last.body.strip() and not anchor_last.body.endswith("\n\n"):
            anchor_last.body += "\n"
        self.blocks[at:at] = moved
        self._link()
        return rule

    def snapshot(self) -> tuple:
        """Everything an edit can change, to be put back by :meth:`restore` (e.g. a step undone)."""
        return list(self.blocks), [(b, b.heading, b.body) for b in self.blocks], self.preamble, self.trailer

    def restore(self, snapshot: tuple) -> None:
        blocks, state, self.preamble, self.trailer = snapshot
        self.blocks = list(blocks)
        for block, heading, body in state:
            block.heading, block.body = heading, body
        self._link()

    def move(self, rule: Rule, **where: Block | None) -> Rule:
        """Move a rule and its subrules elsewhere (same keywords as :meth:`insert`)."""
        target = where.get("after") or where.get("before") or where.get("parent")
        if target is not None and any(target is b for b in self.subtree(rule)):
            raise RulesetError(f"“{rule.title}” cannot be moved under itself.")
        blocks = self.subtree(rule)
        self.remove(rule)
        # remove() unlinked the subtree; restore its own shape before placing it again.
        self._relink_detached(blocks)
        return self.insert(rule, **where)

    @staticmethod
    def _relink_detached(blocks: list[Block]) -> None:
        stack: list[Block] = []
        for block in blocks:
            block.children = []
            while stack and stack[-1].level >= block.level:
                stack.pop()
            if stack:
                stack[-1].children.append(block)  # type: ignore[arg-type]
            stack.append(block)


def parse(text: str) -> Ruleset:
    """Read a Ruleset page's wikitext. A page with no headings has no rules; the one failure is a
    page beyond :data:`parsers.limits.PAGE_CHARS` (:class:`parsers.limits.TooLarge`)."""
    limits.check_page(text)
    masked = _masked_spans(text)
    blocks: list[Block] = []
    starts: list[tuple[int, Heading]] = []
    for line_match in re.finditer(r"[^\n]*(?:\n|\Z)", text):
        line = line_match.group(0)
        if not line:
            break
        start = line_match.start()
        if line.startswith("=") and not markup.inside(masked, start):
            content = line.rstrip("\n")
            newline = line[len(content):]
            if content.endswith("\r"):
                content, newline = content[:-1], "\r" + newline
            match = _HEADING.match(content)
            if match and match.group("inner").strip("= \t"):
                starts.append((start, Heading(match.group("open"), match.group("inner"),
                                              match.group("close"), match.group("trail"), newline)))
    if not starts:
        return Ruleset(text, [], "")
    preamble_end = starts[0][0]
    for i, (start, heading) in enumerate(starts):
        body_start = start + len(str(heading))
        body_end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        body = text[body_start:body_end]
        cls = Section if heading.level == 1 else Rule
        blocks.append(cls(heading, body))
    trailer = ""
    last = blocks[-1]
    match = _TRAILER.search(last.body)
    if match:
        # Keep the newline(s) that end the last rule with it; the trailer starts at the markup.
        cut = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
        trailer = last.body[cut:]
        last.body = last.body[:cut]
    return Ruleset(text[:preamble_end], blocks, trailer)


# Wikitext regions in which a line that looks like a heading is not one, as MediaWiki's preprocessor
# finds them (Preprocessor_Hash): a comment runs to its end or the page's; a <nowiki> or <pre> (core's
# own literal tags) runs to its closing tag, and without one the opening tag is plain text; only
# <includeonly> may run to the page's end (it is hidden on the page itself, while <noinclude>
# content is shown there). Tags of extensions (<source>, <syntaxhighlight>, <math>) are plain text
# to a wiki without the extension, so a heading line inside one is a heading: the reader assumes
# no extension, as the checks of parsers.hazards do offline.


def _masked_spans(text: str) -> list[tuple[int, int]]:
    return markup.literal_spans(text, markup.CORE_LITERAL_TAGS, open_ended=markup.OPEN_ENDED_TAGS)

"""How players name rules, and how those names are compared.

A rule may be referred to without its bracketed parts ("Mantle Limitations [Active]" is
"Mantle Limitations"), without a Special Case asterisk, with or without quotes of either kind,
and with words such as "the rule" or "subrule" in front. Older eras refer to rules by number:
"Rule 1.9", "Rule 6 (Calls for Judgment)", "rule 10 - Ascension".

Everything here is plain string work: no wiki, no parsing of pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers import characters, language

#: Curly and other typographic quotes, mapped to their straight forms.
_QUOTES = str.maketrans({
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
})

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_SPACE = re.compile(r"\s+")
_LEADING_WORDS = re.compile(
    r"^(?:(?:the|a|an)\s+)?"
    rf"(?:{language.SECTION_WORD}\s+)?"
    r"(?:rule|sub-?rule)\b(?:\s+(?:called|named|entitled|titled))?\s*[:,]?\s*(?=\S)",
    re.IGNORECASE,
)
_NUMBERED = re.compile(
    r"""^(?:the\s+)?(?:core\s+|dynastic\s+)?rule\s+
        (?P<number>\d+(?:\.\d+)*)\.?
        (?:\s*(?:[-\u2013\u2014:]\s*(?P<name_dash>.+?)|\((?P<name_paren>[^()]+)\)))?
        \s*$""",
    re.IGNORECASE | re.VERBOSE,
)


def straighten_quotes(text: str) -> str:
    """Curly quotes and primes become straight ones; nothing else changes."""
    return text.translate(_QUOTES)


def strip_quotes(text: str) -> str:
    """Remove one pair of surrounding quotes (straight or curly) and surrounding space."""
    text = text.strip()
    straight = straighten_quotes(text)
    while len(straight) >= 2 and straight[0] in "\"'" and straight[-1] == straight[0]:
        text = text[1:-1].strip()
        straight = straighten_quotes(text)
    return text


def untagged(title: str) -> str:
    """A title with its bracketed parts removed, nothing else: "Dormancy* [Active]" → "Dormancy* "."""
    return _BRACKETED.sub("", title)


def drop_brackets(title: str) -> str:
    """A rule's title without its bracketed parts and Special Case asterisks."""
    name = _BRACKETED.sub(" ", title)
    name = name.replace("*", " ")
    return _SPACE.sub(" ", name).strip()


def bracket_tags(title: str) -> list[str]:
    """The bracketed parts of a title, without the brackets: "X [Rare][Active]" → ["Rare", "Active"]."""
    return [m.group(0)[1:-1].strip() for m in _BRACKETED.finditer(title)]


def bare(name: str) -> str:
    """A reference without "the rule"/"subrule", quotes and trailing punctuation, case kept:
    "the rule “Hats”." → "Hats"."""
    name = strip_quotes(characters.visible(name).strip())
    name = _LEADING_WORDS.sub("", straighten_quotes(name) if _starts_quoted(name) else name, count=1)
    name = strip_quotes(name).rstrip(" .,:;")
    return _SPACE.sub(" ", strip_quotes(name)).strip()


def _starts_quoted(name: str) -> bool:
    return bool(name) and straighten_quotes(name[0]) in "\"'"


def title_key(title: str) -> str:
    """The form a rule's title is compared in: quotes, case, brackets, spacing and invisible
    characters (zero-width, bidi controls: :func:`parsers.characters.visible`) do not matter."""
    name = strip_quotes(straighten_quotes(characters.visible(title))).rstrip(" .,:;")
    return drop_brackets(strip_quotes(name)).casefold()


def reference_keys(reference: str) -> list[str]:
    """The keys a reference may match, most literal first: "the rule Coins" → ["the rule coins", "coins"]."""
    keys = [title_key(reference), title_key(bare(reference))]
    return [k for i, k in enumerate(keys) if k and k not in keys[:i]]


def normalize(name: str) -> str:
    """A reference reduced to the name it carries: "the rule “Mantle Limitations [Active]”." →
    "mantle limitations"."""
    return title_key(bare(straighten_quotes(name)))


@dataclass(frozen=True)
class NameRef:
    """What a reference to a rule says: a number ("1.9"), a name, or both."""

    number: str | None
    name: str | None

    def __str__(self) -> str:
        if self.number and self.name:
            return f"Rule {self.number} ({self.name})"
        if self.number:
            return f"Rule {self.number}"
        return self.name or ""


def parse_reference(text: str) -> NameRef:
    """Read "Rule 6 (Calls for Judgment)", "rule 10 - Ascension", "the rule “Coins”", "Coins"."""
    cleaned = strip_quotes(straighten_quotes(characters.visible(text)).strip()).rstrip(" .,;")
    match = _NUMBERED.match(cleaned)
    if match:
        name = match.group("name_dash") or match.group("name_paren")
        return NameRef(match.group("number"), strip_quotes(name) if name else None)
    return NameRef(None, text.strip())


_SMALL = r"(?:of|the|de|du|von|a|an|in|on|for|to)"
_CAPITALISED = re.compile(rf"[A-Z0-9][\w\u2019'\-]*(?:(?:\s+|/)(?:[A-Z0-9][\w\u2019'\-]*|{_SMALL}))*")


def capitalised(text: str) -> bool:
    """Capitalised words, as an unquoted name is written ("Wielder of Vetoes", "Koen’s Band", "Monk/Monks"):
    each word capitalised but the small ones inside it."""
    text = text.strip()
    return bool(_CAPITALISED.fullmatch(text)) and not re.search(rf"\s{_SMALL}$", text)

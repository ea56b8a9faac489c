"""Characters that are not what they seem: control characters, invisible ones, look-alikes.

Everything here is decided by the Unicode character database (:mod:`unicodedata`), never by a
hand-kept list of code points:

* **control characters** (category ``Cc``, plus surrogates ``Cs`` and the noncharacters U+FFFE and
  U+FFFF): nothing a reader can see or a page should hold. Text the bot writes may hold a tab and a
  newline, nothing else of the kind (:func:`control_problem`).
* **invisible characters**: the format characters (category ``Cf``: zero-width space and joiners,
  the word joiner, soft hyphen, byte-order mark, the bidirectional marks, embeddings, overrides and
  isolates), the default-ignorable fillers and variation selectors, and every space other than the
  plain and the no-break ones. In a rule's title or a term they make two names that look the same differ (or make a
  name read backwards), so they are refused there (:func:`name_problem`); in a reference to a rule
  they are removed before it is compared (:func:`visible`), so “Co\u200bins” names the rule Coins.
* **look-alikes**: a name whose letters come from more than one script (a Cyrillic “о” among Latin
  letters: “Cоins” is not “Coins” to the wiki, though it is to a reader), or a letter written in a
  compatibility form (fullwidth “Ｃ”, mathematical “𝐂”, ligatures) that Unicode's NFKC folds to a
  plainer one. A letter's script is the first word of its Unicode name (LATIN, CYRILLIC, GREEK, …).

Each problem names the character by its code point and Unicode name, so the author can find it.
"""

from __future__ import annotations

import unicodedata

_TEXT_CONTROLS = frozenset("\t\n")
# The spaces a name may hold: the plain one and the no-break spaces text copied from a blog carries.
_SPACES = frozenset(" \u00a0\u202f")
# Default-ignorable characters outside category Cf (Unicode's DerivedCoreProperties): the Hangul
# fillers, the combining grapheme joiner and the variation selectors render as nothing.
_IGNORABLE_RANGES = ((0x115F, 0x1160), (0x3164, 0x3164), (0xFFA0, 0xFFA0), (0x034F, 0x034F),
                     (0x180B, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))


def describe(ch: str) -> str:
    """“U+043E CYRILLIC SMALL LETTER O”; a character with no name (a control character) by its code point."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


def is_control(ch: str) -> bool:
    """A control character other than tab and newline (or a surrogate, or U+FFFE/U+FFFF)."""
    if ch in _TEXT_CONTROLS:
        return False
    return unicodedata.category(ch) in ("Cc", "Cs") or ord(ch) in (0xFFFE, 0xFFFF)


def is_invisible(ch: str) -> bool:
    """A character that shows nothing (or only a space) yet is not the plain space."""
    if ch in _SPACES:
        return False
    category = unicodedata.category(ch)
    if category in ("Cf", "Zs", "Zl", "Zp"):
        return True
    code = ord(ch)
    return any(a <= code <= b for a, b in _IGNORABLE_RANGES)


#: Unicode's bidirectional classes of the embeddings, overrides and isolates: characters that make the
#: text after them show in another order than it is written (U+202E RIGHT-TO-LEFT OVERRIDE).
_BIDI_CONTROLS = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def is_bidi_control(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in _BIDI_CONTROLS


def control_problem(text: str) -> str | None:
    """Why ``text`` cannot be written into a page because of a control character, or None: a control
    character, or a bidirectional embedding, override or isolate (the text would show in an order other
    than the one written)."""
    for k, ch in enumerate(text):
        if is_control(ch):
            return (f"a control character ({describe(ch)}) at character {k + 1}, which no page should hold; "
                    "remove it")
        if is_bidi_control(ch):
            return (f"a bidirectional control ({describe(ch)}) at character {k + 1}, which makes the text after it "
                    "show in another order than it is written; remove it")
    return None


def visible(text: str) -> str:
    """``text`` without its invisible format characters (zero-width, bidi controls, soft hyphens,
    byte-order marks): the form a reference to a rule is compared in. Spaces of other kinds become
    plain spaces."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch != " " and unicodedata.category(ch) in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif not is_invisible(ch):
            out.append(ch)
    return "".join(out)


def script(ch: str) -> str | None:
    """The script of a letter (the first word of its Unicode name), None for anything else."""
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else None


def lookalike_problem(name: str) -> str | None:
    """Why ``name`` may look like another name without being it, or None: letters of more than one
    script, or a letter in a compatibility form."""
    if name.isascii():
        return None
    scripts: dict[str, str] = {}
    for ch in name:
        folded = unicodedata.normalize("NFKC", ch)
        if folded != ch and ch.isalnum():
            return (f"the character “{ch}” ({describe(ch)}), a compatibility form of “{folded}” "
                    "that looks like it but is not it; write the plain letter")
        found = script(ch)
        if found and found not in scripts:
            scripts[found] = ch
    if len(scripts) > 1:
        first, *others = scripts
        odd = scripts[others[0]] if first == "LATIN" else scripts[first]
        main = "LATIN" if "LATIN" in scripts else first
        return (f"the character “{odd}” ({describe(odd)}) among {main.title()} letters: it looks like "
                "another letter but is not it, so the name would not be the name it seems; write it in one script")
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` (a rule's title, a term, a page name) is not what it seems, or None: a control
    character, an invisible character, or a look-alike letter."""
    for ch in name:
        if is_control(ch) or ch in _TEXT_CONTROLS:
            return f"a control character ({describe(ch)}), which no name may hold; remove it"
        if is_invisible(ch):
            return (f"the invisible character {describe(ch)}, which makes the name differ from the name it "
                    "seems; remove it")
    return lookalike_problem(name)

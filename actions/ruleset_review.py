"""Is an edit of the Ruleset (or Building Blocks) page typo-level, or does it change the rules?

Pure: the old and new text of the page in, a :class:`Review` out. Only humans can judge whether a
change of the rules was legal, so the patrol never reverts a rules page; it lets typo fixes pass
silently and reports every other change whose edit summary names no enactment or Call for
Judgement (:func:`names_enactment`).

What counts as typo-level
-------------------------
The two texts are compared line by line with diff-match-patch, then each changed line is split
into tokens (words, whitespace, single punctuation marks) and compared with its new version, one
token per character, so every change is a run of old tokens replaced by new ones. The edit is
typo-level when every such change is one of:

* whitespace within a line (a line added, removed, split, joined or moved is a change of layout,
  not a typo: lines are compared first, and each changed line then word by word);
* a word replaced by one word that differs from it by a small edit distance (two letters swapped side
  by side count one edit): at most 1 for words
  of up to 4 letters, 2 for up to 8, 3 beyond (capitals count nothing), where neither word holds
  a digit, is a number word ("three", "tenth"), a word that changes what a rule requires
  (:data:`KEYWORDS`: "may", "must", "not", "each", "or", "before", …), nor is written in capitals
  (FOR, AGAINST, VETO), and where, when either word is capitalised (a term of the game), the new
  word is neither the old one's singular or plural ("Coin" → "Coins") nor a word the page already
  uses while the old one is used more than once ("Cell" → "Call": one term put for another, not a
  misspelling put right); a change of capitals alone ("The" → "the") is a typo fix, but for words
  written in capitals;
* punctuation of prose (``. , ; : ! ? " “ ” ( ) -`` and apostrophes) added, removed or changed.

Anything else — a word added or removed, a number changed, wiki markup (``= * # [ ] { } | < >``)
touched, what opens a line changed (``*``, ``#``, ``:``, ``;``, ``=``, a leading space), more than
:data:`MAX_WORD_FIXES` words changed — is not typo-level, and
:attr:`Review.reason` says which change made it so.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from diff_match_patch import diff_match_patch

from parsers import language

#: Words whose change alters what a rule requires, permits or counts.
KEYWORDS = frozenset("""
    a an the not no nor never none neither either may must shall should can cannot can't could would will
    won't need needs required require requires only all any each every some both and or but if unless
    except otherwise instead then than when whenever while until before after during within without more
    less fewer greater least most above below over under up down higher lower plus minus times half
    double twice once per maximum minimum max min increase increased increases decrease decreased
    decreases add added adds subtract subtracted remove removed removes set sets equal equals exceed
    exceeds exactly at to from in out on off of by for with against true false yes win wins lose loses
    public publicly private privately secret secretly active inactive
""".split())

NUMBER_WORDS = language.NUMBER_VOCABULARY

#: More words changed than this in one edit is a rewrite, not a typo fix.
MAX_WORD_FIXES = 20

_TOKEN = re.compile(r"\w+(?:['’]\w+)*|\s+|[^\w\s]", re.U)
_LINE_START = re.compile(r"[\s*#:;=]*")  # what opens a line of wiki markup (and a space: preformatted)
_PROSE_PUNCTUATION = set(".,;:!?\"“”‘’()-–—")  # not ' : two of them make bold or italics


@dataclass
class Review:
    typo: bool                  # every change is typo-level
    reason: str                 # why not (empty when typo-level), e.g. "“3” changed to “5”: a number"
    fixes: list[tuple[str, str]] = field(default_factory=list)  # words changed (old, new), typo-level

    def __bool__(self) -> bool:
        return self.typo


def names_enactment(summary: str) -> bool:
    """Does an edit summary name an enactment or a Call for Judgement?"""
    return re.search(r"enact|proposal|\bcfjs?\b|call\s+for\s+judge?ments?", summary or "", re.I) is not None


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _token_diff(old: list[str], new: list[str]) -> list[tuple[int, list[str]]]:
    """diff-match-patch on token sequences: each distinct token is encoded as one character."""
    codes: dict[str, str] = {}
    table: list[str] = []

    def encode(tokens: list[str]) -> str:
        out = []
        for t in tokens:
            c = codes.get(t)
            if c is None:
                table.append(t)
                # skip the surrogate range: Python strings may hold it, but keep the codes plain
                n = len(table)
                c = chr(n if n < 0xD800 else n + 0x800)
                codes[t] = c
            out.append(c)
        return "".join(out)

    a, b = encode(old), encode(new)
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0  # exact: a review must not depend on the machine's speed
    diffs = dmp.diff_main(a, b, False)
    decode = {c: t for t, c in codes.items()}
    return [(op, [decode[c] for c in chunk]) for op, chunk in diffs]


def _distance(a: str, b: str) -> int:
    """The edit distance of two words (capitals count nothing) where swapping two letters side by side is
    one edit ("teh" → "the"), as typists make it: the optimal string alignment distance."""
    a, b = a.casefold(), b.casefold()
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], previous2[j - 2] + 1)
        previous2, previous = previous, row
    return previous[len(b)]


def _allowed_distance(word: str) -> int:
    n = len(word)
    return 1 if n <= 4 else 2 if n <= 8 else 3


def _swapped(old: str, new: str) -> bool:
    """``old`` is ``new`` with two letters side by side swapped ("teh" for "the")."""
    a, b = old.casefold(), new.casefold()
    if len(a) != len(b) or a == b:
        return False
    at = [i for i in range(len(a)) if a[i] != b[i]]
    return len(at) == 2 and at[1] == at[0] + 1 and a[at[0]] == b[at[1]] and a[at[1]] == b[at[0]]


def _misspelt(old: str, new: str, words: Callable[[], tuple[Counter, Counter]]) -> bool:
    """Is ``old`` a misspelling of the keyword ``new``: not a keyword itself, ``new`` with two letters side by
    side swapped, one edit from no other keyword ("nto" may be "not", "no", "to" or "into": not a slip to
    fix silently), and nowhere on the page after the edit (a word the page still uses is a word, not a slip)."""
    folded = old.casefold()
    if folded in KEYWORDS or not _swapped(old, new) or words()[1][folded]:
        return False
    return {k for k in KEYWORDS if abs(len(k) - len(folded)) <= 1 and _distance(k, folded) <= 1} == {new.casefold()}


def _is_word(token: str) -> bool:
    return bool(re.match(r"\w", token))


def _why_not_a_typo(old: str, new: str, terms: Callable[[], Counter],
                    words: Callable[[], tuple[Counter, Counter]] = lambda: (Counter(), Counter())) -> str | None:
    """Why replacing the word ``old`` by ``new`` is more than a typo fix (None when it is one).
    ``terms()`` counts the capitalised words of the page before the edit (its game terms)."""
    shown = f"“{old}” changed to “{new}”"
    if any(ch.isdigit() for ch in old + new):
        return f"{shown}: a number"
    for w in (old, new):
        for part in re.split(r"['’]", w.casefold()):
            if part in NUMBER_WORDS:
                return f"{shown}: a number"
    capitals = [w for w in (old, new) if len(w) > 1 and w.isupper()]
    if old.casefold() == new.casefold():
        # capitals count nothing, but a word in capitals is a keyword of the game (FOR, VETO)
        return f"{shown}: a word in capitals (a keyword such as FOR or VETO)" if capitals else None
    for w in (old, new):
        folded = w.casefold().replace("’", "'")
        if folded in KEYWORDS and not (w is new and _misspelt(old, new, words)):
            return f"{shown}: “{w}” is a word that changes what a rule says"
    if capitals:
        return f"{shown}: a word in capitals (a keyword such as FOR or VETO)"
    capitalised = old[:1].isupper() or new[:1].isupper()
    if capitalised and language.is_plural_pair(old, new):
        return f"{shown}: the singular or plural of a term of the game (what is counted changed)"
    distance = _distance(old, new)
    if distance > _allowed_distance(max(old, new, key=len)):
        return f"{shown}: a different word, not a spelling fix"
    if capitalised and terms()[new] and terms()[old] > 1:
        # both are words the rules already use (Cell, Call): one term put for another, not a misspelling
        return f"{shown}: another term of the rules, not a spelling fix"
    return None


def _why_not_punctuation(old: list[str], new: list[str]) -> str | None:
    for t in old + new:
        if t.isspace():
            continue
        if t not in _PROSE_PUNCTUATION:
            return f"wiki markup “{t}” was {'removed' if t in old else 'added'}"
    return None


def _changed_lines(old_text: str, new_text: str) -> list[tuple[list[str], list[str]]]:
    """diff-match-patch in line mode: each run of old lines replaced by new lines."""
    dmp = diff_match_patch()
    a, b, lines = dmp.diff_linesToChars(old_text, new_text)
    diffs = dmp.diff_main(a, b, False)  # at most Diff_Timeout: a slower, longer diff only reports more
    out: list[tuple[list[str], list[str]]] = []
    removed: list[str] = []
    added: list[str] = []
    for op, chunk in diffs + [(0, "")]:
        if op == 0:
            if removed or added:
                out.append((removed, added))
            removed, added = [], []
            continue
        (removed if op < 0 else added).extend(lines[ord(c)] for c in chunk)
    return out


def _review_line(old: str, new: str, fixes: list[tuple[str, str]], terms: Callable[[], Counter],
                 words: Callable[[], tuple[Counter, Counter]] = lambda: (Counter(), Counter())) -> str | None:
    """Why changing one line ``old`` into ``new`` is more than typo fixes (None when it is not);
    the word fixes found are added to ``fixes``."""
    lead_old, lead_new = _LINE_START.match(old).group(0), _LINE_START.match(new).group(0)
    if lead_old != lead_new:
        return f"the start of a line changed from “{lead_old}” to “{lead_new}” (wiki markup: lists, headings, indents)"
    diffs = _token_diff(_tokens(old), _tokens(new))
    i = 0
    while i < len(diffs):
        if diffs[i][0] == 0:
            i += 1
            continue
        removed: list[str] = []
        added: list[str] = []
        while i < len(diffs) and diffs[i][0] != 0:
            (removed if diffs[i][0] < 0 else added).extend(diffs[i][1])
            i += 1
        old_words = [t for t in removed if _is_word(t)]
        new_words = [t for t in added if _is_word(t)]
        if len(old_words) != len(new_words):
            if len(new_words) > len(old_words):
                extra = [w for w in new_words if w not in old_words] or new_words
                return f"words were added (“{' '.join(extra[:6])}”)"
            gone = [w for w in old_words if w not in new_words] or old_words
            return f"words were removed (“{' '.join(gone[:6])}”)"
        why = _why_not_punctuation([t for t in removed if not _is_word(t)], [t for t in added if not _is_word(t)])
        if why:
            return why
        for old_word, new_word in zip(old_words, new_words):
            if old_word == new_word:
                continue
            why = _why_not_a_typo(old_word, new_word, terms, words)
            if why:
                return why
            fixes.append((old_word, new_word))
            if len(fixes) > MAX_WORD_FIXES:
                return f"more than {MAX_WORD_FIXES} words were changed"
    return None


def review_edit(old_text: str, new_text: str) -> Review:
    """Judge one edit of a rules page: typo-level or not, and why not.

    The lines are compared first (a typo fix changes lines in place, never adds, removes or moves
    one), then each changed line word by word, so that even a rewrite of the whole page is judged
    at once."""
    if old_text == new_text:
        return Review(True, "")
    fixes: list[tuple[str, str]] = []
    counted: list[Counter] = []

    def terms() -> Counter:
        if not counted:
            counted.append(Counter(t for t in _tokens(old_text) if t[:1].isupper()))
        return counted[0]

    def words() -> tuple[Counter, Counter]:
        """The words of the page after the edit, casefolded (second), beside its terms (first)."""
        if len(counted) < 2:
            terms()
            counted.append(Counter(t.casefold() for t in _tokens(new_text) if _is_word(t)))
        return counted[0], counted[1]

    for removed, added in _changed_lines(old_text, new_text):
        if len(removed) != len(added) or "".join(removed).endswith("\n") != "".join(added).endswith("\n"):
            return Review(False, "lines were added, removed or moved (the layout of the rules changed)", fixes)
        for old, new in zip(removed, added):
            why = _review_line(old.rstrip("\n"), new.rstrip("\n"), fixes, terms, words)
            if why:
                return Review(False, why, fixes)
    return Review(True, "", fixes)


#: the word-level comparison, shared with :mod:`actions.review`
tokens = _tokens
token_diff = _token_diff
is_word = _is_word

__all__ = ["Review", "review_edit", "tokens", "token_diff", "names_enactment", "KEYWORDS", "NUMBER_WORDS", "MAX_WORD_FIXES"]

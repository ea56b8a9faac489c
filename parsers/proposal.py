"""Proposal title → name + tags; Proposal body → ordered steps (see :mod:`parsers.steps`).

Pure: text in, data out.  The parser never guesses: a sentence it cannot read exactly becomes an
:class:`~parsers.steps.Unsupported` step quoting it, a step the rules say to skip (conditional,
deferred, about the blog / votes / messages, an author's bracketed note) becomes
:class:`~parsers.steps.Ignored`.

How the body is cut into steps
------------------------------
The body is read line by line.  A *top-level* line is split into sentences (at ``.``/``;``/``!``/
``?`` followed by a space, and at a ``:`` that introduces text; never inside quotes or square
brackets), and every sentence is read as one instruction.  An instruction that needs text (a new
rule, a replacement, an insertion …) and has none quoted inline takes a *payload*: the rest of its
line after the colon, then the following lines, up to

* the closing quote / ``</blockquote>`` / ``</pre>`` when the payload opens with one (a second
  quoted paragraph right after it continues the payload), otherwise
* the first line that is clearly a new instruction to the Admin (:func:`is_instruction_line`).
  Lines starting with ``*``, ``#``, ``•``, ``>``, ``:``, ``|``, ``{``, ``<`` or ``=`` are always
  payload, and plain sentences that merely look imperative ("Add 1 to their Score") are too.

Every non-blank character of the body ends up in exactly one step's ``text`` (several steps made
from one sentence share that sentence).
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from dataclasses import dataclass

import mwparserfromhell
from typing import Any

from parsers import hazards, language, limits
from parsers.discourse import (
    NARROWS,
    PAIRS,
    PAYLOAD,
    SAME_LIST,
    RULES_BELOW,
    PAYLOAD_PREFIX,
    asks_for_an_act,
    frames_the_post,
    gives_a_reason,
    states_an_order,
    ends_added_text,
    speaks_of_its_enactment,
    is_remark,
    looks_like_instruction,
    may_be_remark,
    names_an_edit,
    opens_instruction,
    opens_text_instruction,
    read_sentence,
    reads_as_ruleset_step,
    reads_as_step,
    unsupported,
)
from parsers.frames import Spec as _Spec
from parsers.frames import fills_new_column
from parsers.steps import (
    PARAGRAPH, SENTENCE, TEXT, AddColumn, DeriveValues, Ignored, Proposal, RepealRule, ReplaceText, RuleRef, Step, Target, Unsupported,
)

__all__ = [
    "ExtractedProposal",
    "extract_proposal",
    "extract_proposal_text",
    "extract_proposals",
    "is_instruction_line",
    "parse_proposal",
    "parse_steps",
    "parse_title",
]

# ---------------------------------------------------------------------------------------------
# Title
# ---------------------------------------------------------------------------------------------

_TITLE_PREFIX = re.compile(r"^\s*proposal\s*:\s*", re.I)
_TAG = re.compile(r"\[\s*([^\[\]]*?)\s*\]")


def parse_title(title: str) -> tuple[str, tuple[str, ...]]:
    """``"Proposal: Name [Core]"`` → ``("Name", ("Core",))``.  The prefix is optional."""
    t = _TITLE_PREFIX.sub("", title or "", count=1)
    tags = tuple(tag for tag in _TAG.findall(t) if tag)
    name = re.sub(r"\s+", " ", _TAG.sub(" ", t)).strip()
    return name, tags


def parse_proposal(title: str, text: str) -> Proposal:
    """Parse a Proposal's title and its clean body text (no blog chrome, no comments).

    Raises :class:`parsers.limits.TooLarge` for a title or text beyond the limits, before reading it."""
    limits.check_proposal(title, text)
    name, tags = parse_title(title)
    return Proposal(name=name, tags=tags, steps=parse_steps(text))


# ---------------------------------------------------------------------------------------------
# Instruction lines (payload boundaries)
# ---------------------------------------------------------------------------------------------

#: The old name: a line that opens a new instruction (derived from the grammar's table).
is_instruction_line = opens_instruction


# ---------------------------------------------------------------------------------------------
# Payloads
# ---------------------------------------------------------------------------------------------


def _quote_depth_change(line: str, depth: int, straight: bool) -> int:
    for c in line:
        if straight:
            if c == '"':
                depth = 0 if depth else 1
        elif c == "“":
            depth += 1
        elif c == "”":
            depth -= 1
    return depth


def _collect_payload(lines: list[str], first: int, inline: str) -> tuple[int, bool]:
    """The index of the first line after the payload (which starts with ``inline``, the text after
    the colon on the instruction's own line, then ``lines[first:]``), and whether its end is marked
    (a closing quote, ``</blockquote>``, the end of ``{{quote|…}}``) rather than found by reading."""
    seq: list[tuple[int, str]] = []
    if inline.strip():
        seq.append((first - 1, inline))
    seq.extend((k, lines[k]) for k in range(first, len(lines)))
    start = next((x for x in seq if x[1].strip()), None)
    if start is None:
        return len(lines), False
    head = start[1].lstrip()
    low = head.lower()

    def next_nonblank(after: int) -> tuple[int, str] | None:
        for k in range(after + 1, len(lines)):
            if lines[k].strip():
                return k, lines[k]
        return None

    for tag in ("blockquote", "pre"):
        if low.startswith(f"<{tag}"):
            k = start[0]
            text_from = start[1]
            while True:
                if f"</{tag}>" in text_from.lower():
                    nxt = next_nonblank(k)
                    if nxt and nxt[1].lstrip().lower().startswith(f"<{tag}"):
                        k, text_from = nxt
                        continue
                    return k + 1, True
                k += 1
                if k >= len(lines):
                    return len(lines), False
                text_from = lines[k]
    if head[:1] in ("“", '"'):
        straight = head[0] == '"'
        closer = '"' if straight else "”"
        k, text_from, depth = start[0], start[1], 0
        closed_at = None
        while True:
            depth = _quote_depth_change(text_from, depth, straight)
            if depth <= 0 and not text_from.rstrip().rstrip(".,;").endswith(closer):
                break  # “Word” is … : a quote that closes inside its own line quotes a word, not the text
            if depth <= 0 and text_from.rstrip().rstrip(".,;").endswith(closer):
                nxt = next_nonblank(k)
                if nxt and nxt[1].lstrip()[:1] == head[0] and not is_instruction_line(nxt[1]):
                    k, text_from, depth = nxt[0], nxt[1], 0
                    continue
                after = next_nonblank(nxt[0]) if nxt and _PAIR_WITH.match(nxt[1]) else None
                if after and after[1].lstrip()[:1] == head[0]:  # “old” ⏎ with: ⏎ “new”: old and new, each quoted
                    k, text_from, depth = after[0], after[1], 0
                    continue
                closed_at = k + 1
                break
            k += 1
            if k >= len(lines):
                break
            text_from = lines[k]
        if closed_at is not None:
            return closed_at, True
        # unbalanced quote: fall through to the plain rule
    if low.startswith("{{") and re.match(r"\{\{\s*(?:quote|quotation|blockquote)\s*\|", head, re.I):
        end = _template_end(lines, start[0], start[1])
        if end is not None:
            return end, True
    if start[0] >= first and reads_as_step(start[1]):
        return first, False  # no payload at all
    k = max(first, start[0] + 1)
    previous = start[1]
    numbered = _NUMBERED.match(start[1])
    count = int(numbered.group(1)) if numbered else None  # the text's own numbered list, "1. … 2. …"
    while k < len(lines):
        line = lines[k]
        if line.strip() and _POST_HEADING.match(line) and _instructions_follow(lines, k + 1):
            return k, False  # "2. Tidy-up" over the next instruction: a heading of the post, not the text's
        if line.strip():
            item = _NUMBERED.match(line)
            if count is not None and item and int(item.group(1)) == count + 1:
                count += 1  # the next item of the text's own list, however it reads
            # a line the text itself introduces ("For example:", "as follows:") belongs to the text
            elif ends_added_text(line) and not previous.rstrip().endswith((":", ":-")):
                return k, False
            previous = line
        k += 1
    return len(lines), False


#: A numbered heading of the post: "2. Tidy-up", "1b. Dormancy" (a short title, no full stop).
_POST_HEADING = re.compile(r"^\s*\d{1,2}[a-z]?[.)]\s*[A-Z][\w'’ ,&/-]{0,50}[\w')]\s*:?\s*$")

#: A numbered line: "1. …", "2) …".
_NUMBERED = re.compile(r"^\s*(\d{1,2})[.)]\s")


def _template_end(lines: list[str], k: int, text_from: str) -> int | None:
    """The line after the one closing a ``{{quote|…}}`` template that opens in ``text_from``."""
    depth = 0
    while True:
        depth += text_from.count("{{") - text_from.count("}}")
        if depth <= 0:
            return k + 1
        k += 1
        if k >= len(lines):
            return None
        text_from = lines[k]


def _strip_wrapping_quote(p: str) -> str | None:
    """``“text”`` → ``text`` when one quote pair wraps the whole of ``p``."""
    t = p.strip()
    t2 = re.sub(r"(?<=[”\"])[.,;]$", "", t)
    if len(t2) < 2:
        return None
    o, c = t2[0], t2[-1]
    if (o, c) not in (("“", "”"), ('"', '"'), ("‘", "’")):
        return None
    inner = t2[1:-1]
    if o == '"':
        # straight quotes inside must pair up ("… the “Call for Judgment” …" written with straight quotes)
        return inner if inner.count('"') % 2 == 0 and not re.search(r'(?:^|\n)\s*"|"\s*(?:\n|$)', inner) else None
    depth = 0
    for ch in inner:
        if ch == o:
            depth += 1
        elif ch == c:
            depth -= 1
            if depth < 0 and o == "“":
                return None
    if o == "‘" and depth != 0:
        return None
    return inner if depth == 0 or o == "‘" else None


def _outside_verbatim(text: str, change) -> str:
    """Apply ``change`` to the parts of ``text`` outside ``<pre>``, ``<nowiki>``, comments and kin
    (:func:`parsers.hazards.verbatim_spans`), which are kept byte for byte."""
    out, at = [], 0
    for start, end in hazards.verbatim_spans(text):
        out += [change(text[at:start]), text[start:end]]
        at = end
    out.append(change(text[at:]))
    return "".join(out)


def _unwrap_quote_template(t: str) -> str | None:
    """``{{quote|text}}`` (or ``{{quote|1=text|author=…}}``) → ``text``; None if ``t`` is not one."""
    if not re.match(r"\{\{\s*(?:quote|quotation|blockquote)\s*\|", t, re.I) or not t.endswith("}}"):
        return None
    code = mwparserfromhell.parse(t)
    templates = code.filter_templates(recursive=False)
    if len(templates) != 1 or str(templates[0]) != t:
        return None
    template = templates[0]
    for key in ("1", "text", "quote"):
        if template.has(key):
            return str(template.get(key).value).strip()
    return None


def _unwrap(text: str) -> str:
    """Prose hard-wrapped at a fixed width (as mail and some editors leave it): "… Wiki Page. The High-Stakes" ⏎
    "Table consists of …" ⏎ "and a Table Effect." is one paragraph, its lines joined. A run of three or more prose
    lines is taken as wrapped when every line but the last breaks a sentence off (no end punctuation) or stands
    within a fifth of the longest, and the longest is a wrap's width (at most 120 characters); a run of one-line
    paragraphs of any other lengths is left as it is."""
    lines = text.split("\n")
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        longest = max((len(x) for x in run), default=0)
        wrapped = len(run) >= 3 and 40 <= longest <= 120 and all(len(x) >= 0.8 * longest for x in run[:-1]) \
            and any(not re.search(r"[.!?:;)\]”\"]\s*$", x) for x in run[:-1])
        out.extend([" ".join(x.strip() for x in run)] if wrapped else run)
        run.clear()

    for line in lines:
        if not line.strip() or PAYLOAD_PREFIX.match(line):  # markup, never prose a wrap broke
            flush()
            out.append(line)
        else:
            run.append(line)
    flush()
    return "\n".join(out)


def _clean_payload(raw: str) -> str:
    t = raw.replace("\r", "").strip("\n")
    t = _outside_verbatim(t, lambda part: "\n".join(line.rstrip() for line in part.split("\n")))
    # the indent every line shares is the post's, not the text's ("  • A" ⏎ "  • B" is one level, not two)
    t = textwrap.dedent(t).strip()
    inner = _unwrap_quote_template(t)
    if inner is not None:
        t = inner
    for tag in ("blockquote", "pre"):
        if re.match(rf"<{tag}[^>]*>", t, re.I) and re.search(rf"</{tag}>\s*$", t, re.I):
            t = re.sub(rf"</?{tag}[^>]*>", "", t, flags=re.I).strip()
    lines = t.split("\n")
    if all(not ln.strip() or ln.lstrip().startswith(">") for ln in lines):
        t = "\n".join(re.sub(r"^\s*>\s?", "", ln) for ln in lines).strip()
    whole = _strip_wrapping_quote(t)
    if whole is not None:
        t = whole.strip()
    else:
        paras = re.split(r"\n\s*\n", t)
        stripped = [_strip_wrapping_quote(p) for p in paras]
        if len(paras) > 1 and all(x is not None for x in stripped):
            t = "\n\n".join(x.strip() for x in stripped)

    def tidy(part: str) -> str:
        # "•" bullets nested by indentation alone (as blog copies show them): deeper indent, deeper item
        indents = sorted({len(m.group(1).expandtabs(4)) for m in re.finditer(r"^([ \t]*)•", part, re.M)})
        if 1 < len(indents) <= 3:
            part = re.sub(r"^([ \t]*)•[ \t]*", lambda m: "*" * (indents.index(len(m.group(1).expandtabs(4))) + 1) + " ",
                          part, flags=re.M)
        part = re.sub(r"^[ \t]*•[ \t]*", "* ", part, flags=re.M)
        part = re.sub(r"^[ \t]*◦[ \t]*", "** ", part, flags=re.M)
        part = re.sub(r"^[ \t]*▪[ \t]*", "*** ", part, flags=re.M)
        # "  * item" nested by indentation alone: the same; any other indented line loses its indent
        # (a line that starts with a space is a preformatted block on the wiki, not what was meant)
        indents = sorted({len(m.group(1).expandtabs(4)) for m in re.finditer(r"^([ \t]*)[*#](?![*#])", part, re.M)})
        if 1 < len(indents) <= 3:
            part = re.sub(r"^([ \t]*)([*#])(?![*#])",
                          lambda m: m.group(2) * (indents.index(len(m.group(1).expandtabs(4))) + 1), part, flags=re.M)
        part = re.sub(r"^[ \t]+(?=\S)", "", part, flags=re.M)
        # prose hard-wrapped at a fixed width is one paragraph; a sentence wrapped over two lines ("… defaulting" ⏎
        # "to zero.") is one line of text
        part = _unwrap(part)
        part = re.sub(r"(?<=[\w,])\n(?=[a-z])", " ", part)
        return re.sub(r"\n(?:[ \t]*\n)+", "\n\n", part)

    return _outside_verbatim(t, tidy).strip()


# ---------------------------------------------------------------------------------------------
# Body → steps
# ---------------------------------------------------------------------------------------------


def _quote_then_more(inline: str) -> tuple[str, str] | None:
    """``(the quoted text, what follows it)`` when the text after an instruction's colon is one quote
    followed by more words on the same line; None otherwise."""
    s = inline.strip()
    if not s[:1] in ("“", '"', "‘"):
        return None
    spans = language.quote_spans(s)
    if not spans or spans[0][0] != 0:
        return None
    rest = s[spans[0][1]:].strip()
    if not rest.strip(" .,;:-–—") or rest[:1] in ("“", '"', "‘"):
        return None
    return s[:spans[0][1]], rest.lstrip(" .,;:-–—").strip()


_RUN_ON = " (it follows the steps the text introduces with no blank line between, so it may be one of them)"


def _run_on(lines: list[str], first: int, end_line: int) -> list[str]:
    """The instruction that ends a text, when it runs straight on (no blank line) from steps the text
    itself introduces ("At dusk, the Keeper does the following:" ⏎ "Choose …" ⏎ "Set each Keeper’s
    Wicks to 3."): it may be the next of those steps or the Proposal's next instruction, and the
    bot cannot tell which."""
    if end_line >= len(lines) or end_line <= first or not lines[end_line - 1].strip() \
            or reads_as_ruleset_step(lines[end_line]):
        return []  # a blank line before it, or an edit of the Ruleset ("Create a subrule …"): an instruction
    k = end_line - 1
    while k >= first and lines[k].strip():
        if PAYLOAD_PREFIX.match(lines[k]):
            return []  # the text introduced a list, and the list is over
        if k < end_line - 1 and lines[k].rstrip().endswith((":", ":-")):
            return [lines[end_line].strip() + _RUN_ON]
        k -= 1
    return []


def _peel_remarks(lines: list[str], first: int, end_line: int) -> int:
    """Where an unquoted payload (``lines[first:end_line]``) really ends: trailing lines that are,
    beyond doubt, the author's remarks ("I think the numbers are right", "Thoughts?") are not rule
    text (a line is the unit: blog copies often keep one paragraph a line).  A trailing block is the
    author's too when it opens with such a line and every line of it may be a remark ("We’ve had
    failures …" then "Note that …"), or when two or more lines that may be remarks end the post."""
    body = [k for k in range(first, end_line) if lines[k].strip()]
    for n, k in enumerate(body[1:], start=1):
        if is_remark(lines[k]) and all(is_remark(lines[j]) or may_be_remark(lines[j]) for j in body[n:]):
            return k
    if end_line == len(lines) and len(body) >= 3:
        tail = 0
        while tail < len(body) - 1 and may_be_remark(lines[body[-1 - tail]]):
            tail += 1
        if tail >= 2:
            return body[-tail]
    last = end_line - 1
    while last > first:
        if not lines[last].strip():
            last -= 1
            continue
        if not is_remark(lines[last]):
            break
        end_line = last
        last -= 1
    return end_line


#: An instruction that adds one paragraph, one bullet point, one list item: "Add the following bullet point:",
#: "Add to X as a new paragraph:", "… the following list item to the sole list:".
_ONE_UNIT = re.compile(r"\b(?:the\s+following|a\s+new|an?\s+(?:additional|extra|further))\s+(?P<unit>paragraph|bullet(?:\s+point)?|"
                       r"list\s+item|item|sentence|step|entry)\b(?!s)", re.I)
_LIST_LINE = re.compile(r"^(\s*)([*#•·-]+|\d{1,2}[.)])\s")


def _one_unit(instruction: str, lines: list[str], first: int, end_line: int, inline: str) -> tuple[int, list[int]]:
    """Where the payload of an instruction that adds one paragraph (bullet point, list item) ends, and the
    lines after it that are the author's: when the text below holds more than that one unit and every line
    after the first unit may be the author's remark ("The goal is …", "Rephrasing of …", "… is encouraged!"),
    the step takes its one unit and the rest is set aside, each line named.  Otherwise the payload stays as
    it was found (and a remark inside it sends the step to an Admin)."""
    one = _ONE_UNIT.search(instruction)
    if not one or inline.strip():
        return end_line, []
    body = [k for k in range(first, end_line) if lines[k].strip()]
    if len(body) < 2:
        return end_line, []
    k0 = body[0]
    unit_end = k0 + 1
    head = _LIST_LINE.match(lines[k0])
    if head:  # a bullet point and the deeper ones under it
        depth = (len(head.group(1)), len(head.group(2)))
        while unit_end < end_line:
            sub = _LIST_LINE.match(lines[unit_end])
            if not lines[unit_end].strip() or not sub or (len(sub.group(1)), len(sub.group(2))) <= depth:
                break
            unit_end += 1
    elif one.group("unit").lower() == "paragraph":  # a paragraph: to its blank line (or one line, as blogs keep them)
        while unit_end < end_line and lines[unit_end].strip() and not may_be_remark(lines[unit_end]) \
                and not is_remark(lines[unit_end]):
            unit_end += 1
    rest = [k for k in body if k >= unit_end]
    if not rest or not all(is_remark(lines[k]) or may_be_remark(lines[k]) for k in rest):
        return end_line, []
    return unit_end, rest


def _remarks_inside(payload: str) -> list[str]:
    """Lines of an unquoted payload that may be the author's remarks rather than rule text, or orders stated in
    the passive ("The rule “Lanterns” is repealed."): rule text or the Proposal's next step, which an Admin reads."""
    found = [line.strip() for line in payload.split("\n") if may_be_remark(line) or states_an_order(line)]
    paragraphs = [p.strip() for p in re.split(r"\n[ \t]*\n", payload) if p.strip()]
    if len(paragraphs) >= 2 and "\n" not in paragraphs[-1] and gives_a_reason(paragraphs[-1]) \
            and paragraphs[-1] not in found:
        # "Skyborn towns float above the clouds, so burning them is rather difficult.": the last paragraph gives
        # the reason for the text above it — the author's, or rule text's flavour; which, an Admin reads
        found.append(paragraphs[-1])
    return found


#: A sentence that only goes on with the one before it: its name ("Call it “X”.", "It is called “X”.") or
#: where its text starts ("Its text is:", "It reads:", "It should read as follows:"); the grammar reads
#: the two as one instruction.
_CONTINUATION = re.compile(r"\s*(?:and\s+)?(?:call|name|title|entitle)\s+it\b|\s*it\s+(?:is|shall\s+be|should\s+be|will\s+be)\s+"
                           r"(?:called|named|titled|entitled)\b"
                           r"|\s*(?:its\s+(?:full\s+)?text|the\s+text\s+of\s+(?:the\s+)?(?:new\s+)?(?:sub)?rule)\s+"
                           r"(?:is|shall\s+be|should\s+be|will\s+be)\s*(?:as\s+follows\s*)?[:“\"]"
                           r"|\s*it\s+(?:reads|shall\s+read|should\s+read|will\s+read)\s*(?:as\s+follows\s*)?[:“\"]", re.I)


def _unread(sentence: str) -> bool:
    read = read_sentence(sentence)
    return all(sp.cls in (Unsupported, Ignored) for sp in read.specs)


def _complete(sentence: str) -> bool:
    """Does the sentence read as a step, whole (not waiting for text below)?"""
    read = read_sentence(sentence)
    return not read.needs_payload and not all(sp.cls in (Unsupported, Ignored) for sp in read.specs)


#: a line that goes on with the sentence before it: a conjunction in lower case
_GOES_ON = re.compile(r"(?:and|then|and\s+then)\s")


def _wraps_onto_next(lines: list[str], i: int) -> bool:
    """Does line ``i`` break an instruction off mid-sentence ("In the rule “X”, remove" ⏎ "“old text” if it
    exists.")?  So when it ends with no full stop or colon, the next line follows at once (no blank line) and
    is one sentence, the two read as one whole step, and the line alone reads as nothing, or the next line
    alone reads as nothing, or the line waits for text below and the next line is no step of its own."""
    line = lines[i].rstrip()
    if i + 1 >= len(lines) or not lines[i + 1].strip() or not line or line[-1] in ".:;!?-—–)]":
        return False
    following = lines[i + 1].strip()
    if following[:1] in "*#:;|{!=":
        return False
    spans = language.sentence_spans(line)
    if not spans:
        return False
    last = line[spans[-1][0]:].strip()
    first = language.sentence_spans(following)[0]
    alone = following[first[0]:first[1]]
    if _GOES_ON.match(alone) and line[-1] not in ".:;!?" and _complete(last + " " + alone.strip()):
        # "In X, replace “A” with “B”," ⏎ "and remove “C”.": one sentence, whose rule both clauses share
        return True
    if re.search(r"\s(?:to|by|so\s+that|of|the|from)$", last, re.I) and _complete(last + " " + alone.strip()):
        return True  # "Amend rule “X” to" ⏎ "substitute “B” for “A”.": no sentence ends on such a word
    if not _unread(last) and (_complete(last) or _complete(following)) and not _unread(alone):
        return False  # "Replace “A” with" takes the lines below as its text, unless it reads on
    joined = last + " " + alone.strip()
    if first[1] < len(following.rstrip()) - 1 and not alone.rstrip().endswith(";"):
        return False  # the next line holds more than the rest of this sentence (a semicolon's clause continues it)
    if following.rstrip().endswith(":"):  # "Add a new rule called" ⏎ "“Lanterns”:" ⏎ its text
        return not _unread(joined)
    return _complete(joined)


def _join_continuations(line: str, sentences: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for a, b, term in sentences:
        if out and _CONTINUATION.match(line[a:b]):
            out[-1] = (out[-1][0], b, term)
        else:
            out.append((a, b, term))
    return out


def parse_steps(body: str) -> tuple[Step, ...]:
    """Cut a clean Proposal body into ordered steps.  Spans index into ``body`` with ``\\r\\n``
    normalised to ``\\n`` (and a byte-order mark read as a space).

    Structure comes before sentences: each instruction takes the text it adds (to a closing
    quote, or to the next line that opens an instruction, less any trailing remarks of the
    author); a condition on the Proposal governs the steps it governs; an opening quote that
    never closes leaves everything from it on to an Admin."""
    text = (body or "").replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    lines = text.split("\n")
    offsets, pos = [], 0
    for ln in lines:
        offsets.append(pos)
        pos += len(ln) + 1
    # (start, end, specs, payload, doubts): doubts are remarks found inside an unquoted payload
    out: list[tuple[int, int, list[_Spec], str | None, list[str]]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if is_remark(line) and not reads_as_step(line) and not opens_instruction(line) and not names_an_edit(line) \
                and not NARROWS.search(line) and not asks_for_an_act(line) and not re.fullmatch(r"\s*[\[(].*[\])]\s*", line):
            # a whole line of the author's reasoning, judged as a whole (two lesser signs settle it)
            a = len(line) - len(line.lstrip())
            out.append((offsets[i] + a, offsets[i] + len(line.rstrip()),
                        [_Spec(Ignored, {"reason": f"the author's remark, not an instruction: “{line.strip()}”",
                                         "category": "remark"})], None, []))
            i += 1
            continue
        if _wraps_onto_next(lines, i):  # one instruction broken over two lines: read as one line
            line = lines[i] = line + " " + lines[i + 1]  # the same length: the newline's place is a space
            lines[i + 1] = ""
        sentences = _join_continuations(line, language.sentence_spans(line))
        next_i = i + 1
        pending: list[Any] | None = None  # [start, end, specs] of consecutive not-understood sentences

        def flush() -> None:
            nonlocal pending
            if pending:
                out.append((pending[0], pending[1], pending[2], None, []))
                pending = None

        for k, (a, b, term) in enumerate(sentences):
            read = read_sentence(line[a:b])
            is_last = k == len(sentences) - 1
            if is_last and term == ":" and any("_scope" in sp.fields for sp in read.specs) \
                    and not _instructions_follow(lines, i + 1):
                # "In Rule 10 in the 4th paragraph:" over text that is not an instruction: what to do
                # with the text is not said; it stays with the heading, for an Admin
                read = unsupported(f"a heading over text that gives no instruction (what is to be done with the "
                                    f"text below it is not said): “{line[a:b].strip()}”")
                read.specs[0].fields["_payload"] = PAYLOAD
            if read.needs_payload and (term == ":" or is_last):
                inline = line[b:]
                split = _quote_then_more(inline)
                if split is not None:  # ': “The text.” This is mostly flavour.': the quote is the text
                    inline, said_after = split
                end_line, delimited = _collect_payload(lines, i + 1, inline)
                asides: list[int] = []
                if not delimited:
                    end_line = _peel_remarks(lines, i + 1, end_line)
                    end_line, asides = _one_unit(line[a:b], lines, i + 1, end_line, inline)
                last = end_line - 1
                while last > i and not lines[last].strip():
                    last -= 1
                if last > i:
                    payload_raw = inline + "\n" + "\n".join(lines[i + 1 : last + 1])
                    end = offsets[last] + len(lines[last].rstrip())
                else:
                    payload_raw = inline
                    end = offsets[i] + len(line.rstrip())
                flush()
                doubts = [] if delimited else _remarks_inside(payload_raw) + _run_on(lines, i + 1, end_line)
                if split is not None and not is_remark(said_after):
                    doubts.append(said_after)  # words after the quoted text that may be part of it
                out.append((offsets[i] + a, end, read.specs, payload_raw, doubts))
                if split is not None and is_remark(said_after):
                    out.append((offsets[i] + a, end, [_Spec(Ignored, {
                        "reason": f"the author's remark, not an instruction: “{said_after}”", "category": "remark"})],
                        None, []))
                for k in asides:  # after the one paragraph (bullet point) the step adds: the author's words
                    lead_k = len(lines[k]) - len(lines[k].lstrip())
                    out.append((offsets[k] + lead_k, offsets[k] + len(lines[k].rstrip()), [_Spec(Ignored, {
                        "reason": f"the author's remark after the one {_ONE_UNIT.search(line[a:b]).group('unit').lower()} "
                                  f"the step adds: “{lines[k].strip()}”", "category": "remark"})], None, []))
                next_i = max(end_line, asides[-1] + 1) if asides else end_line
                break
            if read.needs_payload:
                read = unsupported(f"expects text after it but another sentence follows: “{line[a:b].strip()}”")
            if len(read.specs) == 1 and read.specs[0].cls is Unsupported:
                if pending:  # merge: one report for a run of gibberish
                    pending = [pending[0], offsets[i] + b, [_Spec(Unsupported, {})]]
                else:
                    pending = [offsets[i] + a, offsets[i] + b, read.specs]
                continue
            flush()
            out.append((offsets[i] + a, offsets[i] + b, read.specs, None, []))
        flush()
        i = next_i
    steps: list[Step] = []
    governing: list[tuple[int, str, str]] = []  # (index of the condition step, "all"/"below", its text)
    scope = _ScopeState()
    previous_end = 0
    for start, end, specs, payload_raw, doubts in out:
        scope.advance(text[previous_end:start], text[start:end])
        previous_end = end
        src = text[start:end]
        lead = len(src) - len(src.lstrip())
        start += lead
        src = src.strip()
        end = start + len(src)
        payload = _clean_payload(payload_raw) if payload_raw is not None else None
        wanting = {spec.cls.__name__ for spec in specs if any(_below(v) for v in spec.fields.values())}
        if len(wanting) > 1:
            # "Add a new rule “X”, then add the following paragraph to it:": the one text below is not two steps'
            specs = [_Spec(Unsupported, {"reason": "the text below is given to more than one step ("
                                         + " and ".join(sorted(wanting)) + "): the bot cannot tell which it belongs "
                                         f"to: “{src.splitlines()[0]}”"})]
        specs = scope.choose(specs)
        for spec in specs:
            fields = dict(spec.fields)
            fields.pop("_alternatives", None)
            wanted = fields.pop("_payload", None) is PAYLOAD  # an Ignored/Unsupported step that swallowed its payload
            governs = fields.pop("_governs", None)
            cls = spec.cls
            if wanted and cls is Ignored and not (payload or "").strip():
                # "If X passed, add a new rule “Caps”:" ⏎ then lines that read as instructions: they may be the text the
                # step set aside was to add, or steps of their own — which, an Admin reads
                cls, fields = Unsupported, {"reason": f"{fields['reason']}; it introduces text, but the lines after it "
                                                      "read as instructions: the bot cannot tell whether they are its "
                                                      "text or steps of their own"}
            if cls is Unsupported and "reason" not in fields:
                fields["reason"] = f"not understood: “{src}”"
            not_steps = fields.pop("_not_steps", False)
            everywhere = fields.pop("_everywhere", False)
            stated = fields.pop("_stated", False)
            if cls is DeriveValues:
                # "…; each Ship’s Wealth is its Captain’s Coins": the values of the column added just before it
                before = steps[-1] if steps else None
                if isinstance(before, AddColumn) and before.when is None and fields.get("when") is None \
                        and fills_new_column(vars(before), fields):
                    steps[-1] = dataclasses.replace(before, derived=fields["derived"], text=text[before.span[0]:end],
                                                    span=(before.span[0], end))
                    continue
                if stated:
                    cls, fields = Unsupported, {"reason": f"“{src}” says what each row's value is, but follows no "
                                                          "new column it fills; an Admin decides whether it is an "
                                                          "instruction"}
            heading = fields.pop("_scope", None)
            if heading is not None:
                scope.begin(heading)
            elif cls not in (Ignored, Unsupported):
                clash = scope.clash(everywhere)
                if clash:
                    cls, fields = Unsupported, {"reason": f"{clash}: “{src}”"}
                else:
                    fields = scope.apply(fields, everywhere=everywhere)
            if fields.get("of") is SAME_LIST:  # "the same list": the list the step before added to
                before = steps[-1] if steps else None
                if type(before).__name__ != "AddListItem" or (fields.get("rule") is not None
                                                               and fields["rule"] != before.rule):
                    cls, fields = Unsupported, {"reason": f"“the same list”, but the step before added to no list: “{src}”"}
                else:
                    fields = {**fields, "rule": before.rule, "of": before.of}
            piece = fields.pop("_piece", None)
            if fields.get("target") is PAIRS and piece is not None and not any(
                    _PAIR_WITH.match(x) and x.strip() for x in (payload_raw or "").split("\n")):
                # "Change the last paragraph of X:" ⏎ the new text alone: that paragraph, replaced by it
                fields = {**fields, "target": piece, "new": PAYLOAD}
            if fields.get("rule") is RULES_BELOW:
                steps.extend(_rules_listed(payload_raw or "", src, start, end, len(steps), fields.get("when")))
                continue
            if fields.get("target") is PAIRS:
                # "Change the final paragraph of X from: ⏎ A ⏎ to ⏎ B": A is looked for in that paragraph
                paragraph = piece.number if isinstance(piece, Target) and piece.kind == PARAGRAPH else None
                made = _pairs(payload_raw or "", fields["rule"], src, start, end, len(steps), paragraph)
                steps.extend(made)
                continue
            if any(_below(v) for v in fields.values()):
                if not_steps and payload and opens_text_instruction(payload):
                    cls, fields = Unsupported, {"reason": "the text after this step is a list of further instructions, "
                                                          f"not the rule's new text: “{src.splitlines()[0]}”"}
                elif doubts:
                    run_on = [d for d in doubts if d.endswith(_RUN_ON)]
                    why = ("cannot tell where the text this step adds ends: " if run_on else
                           "cannot tell the text this step adds from the author's remarks: ")
                    cls, fields = Unsupported, {"reason": why + "; ".join(f"“{d}”" for d in doubts)}
                elif payload and payload.lstrip().startswith('"') and payload.count('"') % 2:
                    # the text below opens a straight quote that never closes: cut short, or its end unmarked
                    cls, fields = Unsupported, {"reason": "the text given for this step opens a quote (\") that never "
                                                          f"closes: an Admin checks where it ends: “{src.splitlines()[0]}”"}
                elif payload:
                    fields = {key: _filled(v, payload) for key, v in fields.items()}
                else:
                    cls, fields = Unsupported, {"reason": f"no text given for this step: “{src}”"}
            elif any(key in ("body", "new") and v is not None and not str(v).strip() and cls is not ReplaceText
                     for key, v in fields.items()):
                cls, fields = Unsupported, {"reason": f"empty text given for this step: “{src}”"}
            if governs:
                governing.append((len(steps), governs, src))
            steps.append(cls(index=len(steps) + 1, text=src, span=(start, end), **fields))
            said = speaks_of_its_enactment(payload) if payload and cls not in (Ignored, Unsupported) else []
            if said:  # "Upon enactment of this rule, the Season advances": the text is added, and the effect is the Admin's
                steps.append(Unsupported(index=len(steps) + 1, text=src, span=(start, end), reason=(
                    "the text added speaks of its own enactment (" + "; ".join(f"“{x}”" for x in said)
                    + "): besides adding the text, a one-time effect for the enacting Admin to carry out")))
    steps = _govern(steps, governing)
    steps = _framing(steps)
    if steps and all(isinstance(s, Ignored) and s.category in ("remark", "note") for s in steps) \
            and any(s.category == "remark" for s in steps):
        # every paragraph reads as the author's words: a post that passed asks for something, or says it asks
        # for nothing — which of the two is an Admin's reading, never "nothing to do"
        steps = [Unsupported(index=s.index, text=s.text, span=s.span, reason=(
            f"{s.reason}; but the bot finds no instruction in the whole post — an Admin reads it to see whether it "
            "asks for any change")) if s.category == "remark" else s for s in steps]
    return tuple(_unclosed_quote(steps, text))


def _framing(steps: list[Step]) -> list[Step]:
    """The author's story or opinion before the first instruction or after the last ("Coins only matter during Turns,
    so it makes sense to keep them together."): set aside as a remark, shown as such — never around text an
    instruction may still be adding (after a block of added text, only words beyond doubt the author's)."""
    story = [isinstance(s, Unsupported) and s.reason.startswith("not understood") and "\n" not in s.text.strip()
             and frames_the_post(s.text) for s in steps]
    remark = [isinstance(s, Ignored) and s.category == "remark" for s in steps]
    out = list(steps)
    k = 0
    while k < len(out) and (story[k] or remark[k] or isinstance(out[k], Ignored) and out[k].category == "note"):
        if story[k]:
            out[k] = _as_framing(out[k])
        k += 1
    k = len(out) - 1
    while k >= 0 and (story[k] or remark[k]):
        k -= 1
    if k >= 0 and "\n" not in out[k].text.strip():  # the last instruction's text is its own: nothing after it is
        out[k + 1:] = [_as_framing(s) if story[j] else s for j, s in enumerate(out[k + 1:], k + 1)]
    return out


def _as_framing(step: Step) -> Step:
    return Ignored(index=step.index, text=step.text, span=step.span, category="remark",
                   reason=f"the author's words about the change, not an instruction: “{step.text.strip()}”")


#: A line on its own between old and new text: "with", "to:", "with this text:", "and by replacing:".
_PAIR_WITH = re.compile(r"^\s*(?:with|to|by|into|for)(?:\s+(?:this|the\s+following)(?:\s+(?:text|wording|words?))?)?\s*(?::-?|-|—)?\s*$",
                        re.I)
_PAIR_AGAIN = re.compile(r"^\s*and\s+(?:by\s+)?(?:replacing|changing|replace|change)(?:\s+(?:this|the\s+following)"
                         r"(?:\s+(?:text|wording))?)?\s*(?::-?|-|—)?\s*$", re.I)


#: A line naming a rule in a list of them: its bullet, the name (quoted or not), nothing else.
_LISTED_RULE = re.compile(r"^\s*(?:[*#•·-]+|\d{1,2}[.)])?\s*(?P<name>“[^”]+”|\"[^\"]+\"|[^\s.,;:“”\"][^.,;:“”\"]{0,80}?)\s*[.,;]?\s*$")


def _rules_listed(raw: str, src: str, start: int, end: int, before: int, when) -> list[Step]:
    """"Repeal the following rules:" ⏎ one name a line: one repeal for each; a line that is not a name alone
    sends the step to an Admin, naming it."""
    out: list[Step] = []
    for line in raw.split("\n"):
        if not line.strip():
            continue
        m = _LISTED_RULE.match(line)
        if not m:
            return [Unsupported(index=before + 1, text=src, span=(start, end),
                                reason=f"“{line.strip()}” is not the name of a rule alone, in the list of rules to "
                                       f"repeal: “{src.splitlines()[0]}”")]
        quoted = m.group("name")[:1] in "“\""
        name = m.group("name").strip().strip("“”\"").strip()
        # a name no rule has goes to an Admin, never ignored as "no such rule" (named as bare words)
        out.append(RepealRule(index=before + len(out) + 1, text=src, span=(start, end), when=when,
                              rule=RuleRef(name=name, named_as="quote" if quoted else "words")))
    if not out:
        return [Unsupported(index=before + 1, text=src, span=(start, end), reason=f"no rules listed: “{src}”")]
    return out


def _pairs(raw: str, rule, src: str, start: int, end: int, before: int, paragraph: int | None = None) -> list[Step]:
    """"In X, replace ⏎ old ⏎ with ⏎ new [⏎ and by replacing ⏎ old ⏎ with ⏎ new]": one
    ReplaceText per pair, or one Unsupported step saying what could not be told apart."""
    parts: list[list[str]] = [[]]
    kinds: list[str] = []
    for line in raw.split("\n"):
        if _PAIR_WITH.match(line) and line.strip():
            kinds.append("with")
            parts.append([])
        elif _PAIR_AGAIN.match(line):
            kinds.append("again")
            parts.append([])
        else:
            parts[-1].append(line)
    texts = ["\n".join(p).strip() for p in parts]

    def unsupported(why: str) -> list[Step]:
        return [Unsupported(index=before + 1, text=src, span=(start, end), reason=f"{why}: “{src.splitlines()[0]}”")]

    if not kinds or kinds[0] != "with" or any(a == b for a, b in zip(kinds, kinds[1:])) or kinds[-1] != "with":
        return unsupported("expected the old text, a line “with” (or “to”), then the new text")
    made: list[Step] = []
    for k in range(0, len(texts), 2):
        old, new = _clean_payload(texts[k]), _clean_payload(texts[k + 1])
        if not old:
            return unsupported("no old text given")
        old_paras = len(re.split(r"\n\s*\n", old))
        new_paras = re.split(r"\n\s*\n", new)
        if len(new_paras) > old_paras:
            extra = "; ".join(f"“{p.strip()[:80]}”" for p in new_paras[old_paras:])
            return unsupported(f"the new text has more paragraphs than the old; cannot tell whether {extra} is part of "
                               "it or a remark")
        old_lines = [line for line in old.split("\n") if line.strip()]
        new_lines = [line for line in new.split("\n") if line.strip()]
        doubt = [line for line in new_lines[len(old_lines):]
                 if looks_like_instruction(line) or may_be_remark(line)]
        if doubt:  # one old line, then the new line and "Set each …": the next instruction, not new text
            return unsupported(f"the new text has more lines than the old, and “{doubt[0].strip()[:80]}” reads like an "
                               "instruction or a remark, not part of it")
        made.append(ReplaceText(index=before + len(made) + 1, text=src, span=(start, end), rule=rule,
                                target=Target(kind=TEXT, text=old, number=paragraph), new=new))
    return made


def _below(v) -> bool:
    """Is this field the text below the instruction (or a target made of it: "Remove the following
    text from X:")?"""
    return v is PAYLOAD or (isinstance(v, Target) and v.text is PAYLOAD)


def _filled(v, payload: str):
    if v is PAYLOAD:
        return payload
    if isinstance(v, Target) and v.text is PAYLOAD:
        return dataclasses.replace(v, text=payload)
    return v


_LIST_MARK = re.compile(r"^\s*(?:[*#•◦▪]+|-|\d{1,2}[.)])\s*")


def _instructions_follow(lines: list[str], first: int) -> bool:
    """Does the next non-blank line (a list item's marker set aside) open an instruction?"""
    for k in range(first, len(lines)):
        if lines[k].strip():
            return opens_instruction(_LIST_MARK.sub("", lines[k], count=1))
    return False


class _ScopeState:
    """The heading the steps after it stand under ("Rule 14:", "In the rule “X”:", "If there is a
    rule called “X”:"): a step that names no rule of its own acts on the heading's rule, its text
    stands in the heading's paragraph, and it is under the heading's condition.  A heading holds
    over the lines right after it and the list below it; a blank line followed by a line that is
    not a list item ends it, once a step has stood under it."""

    def __init__(self) -> None:
        self.current = None
        self.used = False
        self.first = False

    def begin(self, heading) -> None:
        self.current, self.used, self.first = heading, False, True

    def advance(self, gap: str, src: str) -> None:
        if self.current is None:
            return
        if self.used and re.search(r"\n[ \t]*\n", gap) and not PAYLOAD_PREFIX.match(src) and not _NUMBERED.match(src):
            self.current = None

    def choose(self, specs: list) -> list:
        """A sentence that reads two ways under a heading that names a rule ("Rule “X”:" ⏎ "change “A” to
        read “B”": the rule “A” reworded, or the text “A” in X): the one reading that names no rule of its
        own is the heading's, the one meant; otherwise the sentence stays unread."""
        h = self.current
        if len(specs) != 1 or h is None or h.rule is None or not specs[0].fields.get("_alternatives"):
            return specs
        scoped = [alt for alt in specs[0].fields["_alternatives"]
                  if all(sp.fields.get("rule") in (None, RuleRef(previous=True)) for sp in alt if "rule" in sp.fields)]
        return scoped[0] if len(scoped) == 1 else specs

    def clash(self, everywhere: bool) -> str | None:
        """Why a step said of the whole Ruleset ("throughout the Ruleset", "in every rule") cannot stand
        under this heading: one that names a rule ("In the rule “X”:") says the opposite.  A bare line that
        may be a rule's title ("Harbour:") is only a guess at the rule meant, and the step's own words win."""
        h = self.current
        if not everywhere or h is None:
            return None
        if (h.rule is not None and h.rule.named_as != "heading") or h.paragraph is not None:
            return (f"the step is said of the whole Ruleset, but the line above it names "
                    f"{'the rule “' + h.rule.name + '”' if h.rule is not None and h.rule.name else 'a place'}")
        return None

    def apply(self, fields: dict, everywhere: bool = False) -> dict:
        h = self.current
        if h is None:
            return fields
        fields = dict(fields)
        rule = h.rule or (h.when.rule if h.when is not None and not h.when.negated else None)
        if rule is not None and "rule" in fields and not everywhere and (
                fields["rule"] is None or (fields["rule"] == RuleRef(previous=True) and self.first)):
            fields["rule"] = rule
        if everywhere:
            self.used, self.first = True, False
            if h.when is not None and fields.get("when") is None:
                fields["when"] = h.when
            return fields
        if h.paragraph is not None:
            for key in ("target", "anchor"):
                t = fields.get(key)
                if isinstance(t, Target) and t.kind in (TEXT, SENTENCE) and t.number is None:
                    fields[key] = dataclasses.replace(t, number=h.paragraph)
        if h.when is not None and fields.get("when") is None:
            fields["when"] = h.when
        self.used, self.first = True, False
        return fields


def _govern(steps: list[Step], governing: list[tuple[int, str, str]]) -> list[Step]:
    """Steps under a condition the bot cannot decide are set aside and named: "If X, this proposal
    has no effect" governs every step; "If X:" (and "Otherwise:") every step below it."""
    if not governing:
        return steps
    out = list(steps)
    for k, step in enumerate(steps):
        if isinstance(step, (Ignored, Unsupported)):
            continue
        over = [(at, condition) for at, scope, condition in governing if scope == "all" or k > at]
        if over:
            named = " and ".join(f"step {at + 1} (“{condition}”)" for at, condition in over)
            out[k] = Ignored(index=step.index, text=step.text, span=step.span, category="conditional",
                             reason=f"governed by the condition{'s' if len(over) > 1 else ''} in {named}, which the "
                                    "bot cannot decide: an Admin decides whether this step applies")
    return out


def _unclosed_quote(steps: list[Step], text: str) -> list[Step]:
    """An opening quote that never closes: the steps from the one holding it on cannot be read
    with certainty (the rest of the Proposal may be inside the quote), so they become one
    Unsupported step."""
    at = language.unclosed_quote(text)
    if at is None:
        return steps
    for k, step in enumerate(steps):
        if step.span[1] > at:
            start = step.span[0]
            src = text[start:].strip()
            near = " ".join(text[at:at + 60].split())
            return steps[:k] + [Unsupported(
                index=k + 1, text=src, span=(start, start + len(src)),
                reason=f"an opening quote is never closed (at “{near}…”): the bot cannot tell where the quoted "
                       "text ends, so this step and everything after it is left for an Admin")]
    return steps


# ---------------------------------------------------------------------------------------------
# Blog page chrome
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ExtractedProposal:
    """A Proposal cut out of a blog page: title line, body, and what was removed around it."""

    title: str | None
    text: str
    status: tuple[str, ...] = ()  # "Enacted by …", "Adminned at …" lines
    commentary: str = ""  # signature, comments, edits: everything after the body


_STATUS = re.compile(
    r"^\s*(?:timed out|reached quorum|reaches quorum|quorum reached|enacted\b|failed\b|vetoed|withdrawn|self[- ]killed|"
    r"adminned at|passed\b|illegal\b|popular\b|unpopular\b|status:|posted by|proposed by|"
    r"\d+\s+votes?\s+to\s+\d+|\(?\d+-\d+\)?\s*$)",
    re.I,
)
_END = re.compile(
    r"^\s*(?:(?:edit|edited|eta|update|ps|p\.s\.)\b\s*(?:\d+\s*)?[:\-–—]|"
    r"\d+\s+comments?\b|comments?\s*(?:\(\d+\))?\s*$|log in to\b|leave a comment\b|"
    r"[^\s:]{1,30}(?:\s[^\s:]{1,30})?:\s*(?:he|she|they|it|xe|ze|any)/\w+\s*$)",
    re.I,
)
_SIGNATURE = re.compile(r"^\s*@?[A-Za-z0-9_.'\- ]{2,30}:\s*$")


def _is_end(line: str) -> bool:
    if _END.match(line):
        return True
    if _SIGNATURE.match(line) and len(line.split()) <= 3 and not is_instruction_line(line) and not line.rstrip().endswith(":-"):
        return not re.match(r"^\s*(?:add|create|replace|reword|in|to|remove|repeal|rename|change|set)\b", line, re.I)
    return False


def extract_proposals(page_text: str) -> list[ExtractedProposal]:
    """Every Proposal on a blog page (a single post or an archive page), chrome removed.

    Removed: the source line, the date line and anything before the ``Proposal:`` title, status
    lines right after the title ("Timed out …", "Enacted by …", "Adminned at …"), and from the
    first end marker on — a signature line (``Thelonious:``, ``Kevan: he/him``), ``Edit:``, a
    comment count, or two blank lines in a row (the gap before the comments).  Author commentary
    written in the body after the last step without any such marker cannot be told apart from a
    payload or an instruction, and is kept (the parser then reports it as Unsupported or keeps it
    in the last payload).
    """
    lines = (page_text or "").replace("\r\n", "\n").split("\n")
    titles = [k for k, ln in enumerate(lines) if re.match(r"^\s*proposal\s*:\s*\S", ln, re.I)]
    if not titles:
        return [_extract_one(None, lines, 0, len(lines))] if page_text.strip() else []
    result = []
    for n, t in enumerate(titles):
        limit = titles[n + 1] if n + 1 < len(titles) else len(lines)
        result.append(_extract_one(lines[t].strip(), lines, t + 1, limit))
    return result


def _extract_one(title: str | None, lines: list[str], start: int, limit: int) -> ExtractedProposal:
    k = start
    status = []
    while k < limit and (not lines[k].strip() or _STATUS.match(lines[k])):
        if lines[k].strip():
            status.append(lines[k].strip())
        k += 1
    body: list[str] = []
    blank_run = 0
    end = limit
    for j in range(k, limit):
        ln = lines[j]
        if not ln.strip():
            blank_run += 1
            if blank_run >= 2 and body:
                end = j
                break
            body.append(ln)
            continue
        blank_run = 0
        if _is_end(ln):
            end = j
            break
        body.append(ln)
    if title is not None and limit < len(lines):
        # on an archive page, a date line ("Sunday, December 31, 2023") precedes the next title
        while body and (not body[-1].strip() or re.match(r"^\s*\w+day,\s+\w+\s+\d+,\s+\d{4}\s*$", body[-1])):
            body.pop()
    commentary = "\n".join(lines[end:limit]).strip()
    return ExtractedProposal(title=title, text="\n".join(body).strip(), status=tuple(status), commentary=commentary)


def extract_proposal(page_text: str) -> ExtractedProposal:
    """The first (usually only) Proposal on a blog page; see :func:`extract_proposals`."""
    found = extract_proposals(page_text)
    return found[0] if found else ExtractedProposal(title=None, text="")


def extract_proposal_text(blog_page_text: str) -> str:
    """The body of the Proposal on a blog page, without status lines, signature or comments."""
    return extract_proposal(blog_page_text).text

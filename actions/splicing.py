"""Edits on a rule's body: replace, remove or insert at a located spot, touching only what changes
and never cutting through markup.  Pure: text in, text out."""

from __future__ import annotations

import re

from actions.locating import Spot
from actions.matching import LIST_LINE, Paragraph, Projection, TextMatch, wiki_paragraphs
from actions.outcome import unsupported
from parsers import names
from parsers.ruleset import Block

def trim_shared_words(match: TextMatch, new: str) -> tuple[int, int, str]:
    """Narrow a replacement to the words that change: returns (visible i, visible j, new text).

    "must vote daily" → "must vote weekly" edits only "daily", so markup on "must vote" stays.
    """
    old_text = match.projection.text[match.i:match.j]
    if "\n" in new or not new.strip():
        return match.i, match.j, new
    old_words = old_text.split(" ")
    new_words = new.split()
    norm_new = [names.straighten_quotes(w) for w in new_words]
    k1 = 0
    while k1 < min(len(old_words), len(new_words)) - 1 and old_words[k1] == norm_new[k1]:
        k1 += 1
    k2 = 0
    while (k2 < min(len(old_words), len(new_words)) - k1 - 1
           and old_words[len(old_words) - 1 - k2] == norm_new[len(new_words) - 1 - k2]):
        k2 += 1
    if k1 == 0 and k2 == 0:
        return match.i, match.j, new
    p = sum(len(w) + 1 for w in old_words[:k1])
    s = sum(len(w) + 1 for w in old_words[len(old_words) - k2:])
    return match.i + p, match.j - s, " ".join(new_words[k1:len(new_words) - k2])


def splice_remove(text: str, a: int, b: int) -> str:
    """Remove [a, b) and tidy the seam: one space between words, none before punctuation,
    no blank-line runs longer than the text had around it."""
    left, right = text[:a], text[b:]
    if left.endswith((" ", "\t")) and right.startswith((" ", "\t")):
        right = right.lstrip(" \t")
    if left.endswith((" ", "\t")) and (not right or right[0] in ".,;:!?)\n\r"):
        left = left.rstrip(" \t")
    if left.endswith(",") and right[:1] in (".", ";", ":", ",", ")"):
        left = left[:-1]  # "as if they were a Partygoer, [removed]." loses the dangling comma
    if (not left or left.endswith("\n")) and right.startswith((" ", "\t")):
        right = right.lstrip(" \t")
    run_left = len(left) - len(left.rstrip("\r\n"))
    run_right = len(right) - len(right.lstrip("\r\n"))
    if run_left and run_right:
        keep = max(re.search(r"\n*\Z", text[:a]).group(0).count("\n"),
                   re.match(r"\n*", text[b:]).group(0).count("\n"))
        left = left.rstrip("\r\n")
        right = right.lstrip("\r\n")
        if left:
            right = "\n" * min(max(keep, 1), 2) + right
        elif not right:
            right = ""
    return left + right


def edge_past_markup(proj: Projection, a: int, b: int) -> tuple[int, int]:
    """Widen a source range over markup closing right after it / opening right before it,
    so an insertion next to "'''Host'''" goes outside the bold."""
    changed = True
    while changed:
        changed = False
        for s, e, pid in proj.markers:
            if s == b and pid is not None and e > b and not (pid[0] == "tag" and pid[1] == s):
                closing = pid[0] == "quotes" or pid[1] < s
                if closing:
                    b, changed = e, True
            if e == a and pid is not None and s < a:
                opening = pid[0] == "quotes" or pid[1] == s
                if opening:
                    a, changed = s, True
    return a, b


def check_crossing(block: Block, proj: Projection, a: int, b: int) -> None:
    problems = proj.crossing(a, b)
    if problems:
        raise unsupported(f"the text to change in “{block.title}” cuts through wiki markup "
                           f"({', '.join(repr(p) for p in problems[:3])}); an Admin must decide what to keep")


def as_list_items(text: str, marker: str) -> str:
    """Text that goes in a list as items: lines already marked stay as they are; a single unmarked
    line becomes one item with the list's marker."""
    lines = [line for line in text.strip("\n").split("\n") if line.strip()]
    marked = [line for line in lines if LIST_LINE.match(line)]
    if marked and len(marked) != len(lines):
        raise unsupported("the text mixes list items with lines that are not: the bot cannot tell where they go")
    if marked:
        return "\n".join(lines)
    if len(lines) > 1:
        raise unsupported("several lines without list markers, to go in a list: the bot cannot tell where one "
                          "item ends")
    return f"{marker} {lines[0].strip()}" if lines else ""


def replace_at(block: Block, body: str, spot: Spot, new: str) -> str:
    if spot.marker is not None:  # a whole list item: the new text keeps its place in the list
        if not new.strip():
            return remove_at(block, body, spot)
        return body[:spot.a] + as_list_items(new, spot.marker) + body[spot.b:]
    new_clean = new.strip("\n") if spot.level == "paragraph" or "\n" in new.strip("\n") else new.strip()
    if spot.level == "inline" and spot.match is not None:
        i, j, piece = trim_shared_words(spot.match, new_clean)
        proj = spot.match.projection
        if i >= j:
            i, j, piece = spot.match.i, spot.match.j, new_clean
        a, b = proj.source_span(i, j)
        check_crossing(block, proj, a, b)
        if not piece:
            return splice_remove(body, a, b)
        return body[:a] + piece + body[b:]
    if spot.level == "sentence" and spot.match is not None:
        check_crossing(block, spot.match.projection, spot.a, spot.b)
        if not new_clean:
            return splice_remove(body, spot.a, spot.b)
        return body[:spot.a] + new_clean + body[spot.b:]
    # paragraph(s)
    new_clean = wiki_paragraphs(new_clean)
    if not new_clean:
        return remove_paragraph(body, spot)
    return body[:spot.a] + new_clean + body[spot.b:]


def remove_paragraph(body: str, spot: Spot) -> str:
    """Remove whole paragraph(s) with the line breaks that separated them from the next."""
    a, b = spot.a, spot.b
    after = re.match(r"[ \t]*(?:\r?\n)*", body[b:]).group(0)
    rest = body[b + len(after):]
    if rest.strip():
        return body[:a] + rest
    before = re.search(r"(?:\r?\n[ \t]*)*\Z", body[:a]).group(0)
    head = body[:a - len(before)]
    tail = body[b:]
    if not head.strip():
        return head + tail.lstrip(" \t")
    return head + tail


def remove_at(block: Block, body: str, spot: Spot) -> str:
    if spot.marker is not None:  # a list item: its line goes, the list's other lines stay as they were
        end = spot.b + 1 if body[spot.b:spot.b + 1] == "\n" else spot.b
        start = spot.a if end > spot.b or spot.a == 0 else spot.a - 1
        return body[:start] + body[end:]
    if spot.level == "paragraph":
        return remove_paragraph(body, spot)
    proj = spot.match.projection if spot.match else Projection(body)
    check_crossing(block, proj, spot.a, spot.b)
    return splice_remove(body, spot.a, spot.b)


def insert_at(block: Block, body: str, spot: Spot, text: str, position: str) -> tuple[str, str]:
    """Insert text before/after a spot; returns (new body, how)."""
    payload = text.strip("\n")
    if spot.marker is not None and position in ("before", "after"):  # next to a list item, as items
        payload = as_list_items(payload, spot.marker)
        if position == "after":
            return body[:spot.b] + "\n" + payload + body[spot.b:], "as a new list item after it"
        return body[:spot.a] + payload + "\n" + body[spot.a:], "as a new list item before it"
    if position == "end":  # "add … to the end of the second paragraph": inside it, after its last word
        if spot.level != "paragraph" or "\n" in payload:
            raise unsupported("only a single line of text can be added to the end of a paragraph")
        end = spot.b
        glue = "" if payload[:1] in ",.;:)!?" or payload[:1].isspace() else " "
        return body[:end] + glue + payload + body[end:], "at the end of it"
    multi = "\n" in payload
    if multi or spot.level == "paragraph":
        payload = wiki_paragraphs(payload)
    list_like = bool(LIST_LINE.match(payload))
    if spot.level == "paragraph" or multi or list_like:
        # As a paragraph of its own next to the paragraph holding the spot.
        if spot.level != "paragraph":
            edge_ok = spot.ends_paragraph if position == "after" else spot.starts_paragraph
            if not edge_ok or spot.para is None:
                raise unsupported("the text to insert is a paragraph or list, but the place named is in the "
                                   "middle of a paragraph; an Admin must decide how to split it")
            para = spot.para
        else:
            para = spot.para or Paragraph(spot.a, spot.b, "prose")
        a = spot.a if spot.level == "paragraph" else para.start
        b = spot.b if spot.level == "paragraph" else para.end
        sep = "\n" if (para.kind == "list" and list_like) else "\n\n"
        if position == "after":
            return body[:b] + sep + payload + body[b:], "as a new paragraph after it"
        return body[:a] + payload + sep + body[a:], "as a new paragraph before it"
    proj = spot.match.projection if spot.match else Projection(body)
    a, b = edge_past_markup(proj, spot.a, spot.b)
    # the author's own space at the joining edge (“after “ten”, add “ (or twelve)””) is the space: none added
    if position == "after":
        glue = "" if payload[:1] in ",.;:)!?" or payload[:1].isspace() else " "
        return body[:b] + glue + payload + body[b:], "after it"
    glue = "" if payload[-1:] in "(" or payload[-1:].isspace() else " "
    return body[:a] + payload + glue + body[a:], "before it"


def with_trailing(old_body: str, new_text: str) -> str:
    """New body text keeping the old body's leading and trailing line breaks."""
    lead = re.match(r"[ \t]*(?:\r?\n)*", old_body).group(0) if not old_body.strip() == "" else ""
    lead = lead if "\n" in lead else ""
    trail = re.search(r"\s*\Z", old_body).group(0)
    trail = trail[trail.find("\n"):] if "\n" in trail else "\n"
    core = new_text.strip("\n")
    if not core:
        return lead + trail if lead else trail
    return lead + core + trail

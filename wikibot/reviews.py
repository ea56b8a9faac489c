"""Reviews on the wiki: a hand edit of the Ruleset or gamestate page checked against the proposal it enacts.

Two ways in, both ending in :mod:`actions.review` (pure) and a text for a wiki page:

* the patrol (:mod:`wikibot.patrol`): a Ruleset or gamestate edit whose summary names a proposal whose
  text is on the request page (an ``{{Enact}}`` or ``{{Review}}`` request with that title) is
  reviewed, and the review goes on the log page;
* a ``{{Review|title=…|rev=N}}`` request (:mod:`wikibot.requests`), which anyone may post with the
  proposal's text below it: the revision named, or else the requester's latest edit of the Ruleset,
  is reviewed and the review is the request's answer.

A review never edits the Ruleset or the gamestate page: humans decide, and a Call for Judgement is
their tool.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from actions import review as rv
from parsers import ruleset as ruleset_parser
from parsers.errors import WikibotError
from parsers.hazards import inert
from parsers.proposal import parse_proposal, parse_title
from parsers.request_page import Request
from wikibot import operations
from wikibot.site import Wiki, WikiError

#: request kinds whose text is a proposal's
PROPOSAL_KINDS = ("enact", "review")


def proposal_title(request: Request) -> str:
    return request.params.get("title") or request.heading.split(":", 1)[-1].strip()


def _folded(text: str) -> str:
    return " ".join(text.replace("\u201c", '"').replace("\u201d", '"').casefold().split())


def find_proposal(requests: list[Request], summary: str) -> Request | None:
    """The request on the request page holding the proposal an edit summary names: the one whose
    proposal name (title without "Proposal:" and tags) stands in the summary; the longest such name
    when several do. None when the summary names none of them."""
    said = _folded(summary or "")
    best, length = None, 0
    for request in requests:
        if request.kind not in PROPOSAL_KINDS or not request.text.strip():
            continue
        name = _folded(parse_title(proposal_title(request))[0])
        named = re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", said) if len(name) >= 3 else None
        if named and len(name) > length:   # whole words: "Hat" is not named by "Enacted Hats"
            best, length = request, len(name)
    return best


@dataclass
class Edit:
    """One revision of a page and the text before it."""

    revid: int
    title: str
    user: str
    old: str
    new: str


def read_edit(wiki: Wiki, revid: int) -> Edit:
    """A revision, its page and its parent's text (empty for a page creation)."""
    data = wiki.api(f"reading revision {revid}", action="query", prop="revisions", revids=revid,
                    rvprop="ids|content|user", rvslots="main")
    for page in data.get("query", {}).get("pages", []):
        for rev in page.get("revisions", []):
            slot = rev.get("slots", {}).get("main", {})
            parent = rev.get("parentid") or 0
            old = wiki.revision(parent)[0] if parent else ""
            return Edit(revid, page["title"], rev.get("user", ""), old, slot.get("content", slot.get("*", "")))
    raise WikiError(f"revision {revid} cannot be read: give the number of a revision of the Ruleset or the "
                    "gamestate page (the N of Special:Diff/N)")


def latest_edit_by(wiki: Wiki, title: str, user: str) -> int | None:
    data = wiki.api(f"finding {user}'s latest edit of “{title}”", action="query", prop="revisions", titles=title,
                    rvuser=user, rvlimit=1, rvprop="ids")
    for page in data.get("query", {}).get("pages", []):
        for rev in page.get("revisions", []):
            return int(rev["revid"])
    return None


def review_edit(wiki: Wiki, edit: Edit, title: str, text: str, *,
                ruleset_now: str | ruleset_parser.Ruleset | None = None) -> rv.Review:
    """Review one edit of the Ruleset or of the gamestate page against the proposal ``title``/``text``.

    A gamestate edit is reviewed on the Ruleset as it is (``ruleset_now``, its text or the page parsed, read
    when not given); steps that change the Ruleset are then not checked (they belong to the Ruleset's own
    edit)."""
    proposal = parse_proposal(title, text)
    if edit.title == wiki.settings.ruleset:
        # The gamestate steps are tried on the tracking page the Ruleset names, as it is now: they belong to
        # that page's own edit, so here they are not checked, but not for want of a page either.
        old = ruleset_parser.parse(edit.old)
        tracking = old.gamestate_title()
        board = wiki.read(tracking) if tracking else None
        if board is None or not board.exists:
            return operations.review_enactment(proposal, old, edit.new)
        return operations.review_enactment(proposal, old, edit.new, gamestate_old=board.text,
                                           gamestate_new=board.text, gamestate_title=board.title,
                                           reviewed={"Ruleset"})
    rules = (ruleset_now if isinstance(ruleset_now, ruleset_parser.Ruleset) else
             ruleset_parser.parse(ruleset_now if ruleset_now is not None else wiki.read(wiki.settings.ruleset).text))
    if rules.gamestate_title() != edit.title:
        raise WikibotError(f"[[Special:Diff/{edit.revid}]] is an edit of “{edit.title}”, which is neither the Ruleset "
                           "nor the gamestate page it names: name a revision of one of them")
    return operations.review_enactment(proposal, rules, str(rules), gamestate_old=edit.old, gamestate_new=edit.new,
                                       gamestate_title=edit.title, reviewed={edit.title})


def headline(review: rv.Review, revid: int) -> str:
    return f"{review.summary} ([[Special:Diff/{revid}]])"


def detail_lines(review: rv.Review, revid: int) -> list[str]:
    """The detail under the headline: one line per step and per unasked change, each with the diff link."""
    link = f"[[Special:Diff/{revid}]]"
    lines = []
    for step in review.steps:
        words = " ".join(step.text.split())
        words = words if len(words) <= 90 else words[:89] + "…"
        lines.append(f"step {step.n} — {step.verdict}: {words}" + (f" — {step.detail}" if step.detail else "")
                     + (f" ({link})" if step.verdict in (rv.DIFFERENTLY, rv.NOT_DONE) else ""))
    for change in review.unasked:
        kind = "typo fix" if change.typo else "unasked change"
        lines.append(f"{kind} in {change.rule}: {change.diff} ({link})")
    return lines




def answer(wiki: Wiki, request: Request, requester: str | None) -> tuple[str, list[str]]:
    """The answer to a ``{{Review|title=…|rev=N}}`` request: (headline, detail lines). Without ``rev``,
    the requester's latest edit of the Ruleset is reviewed. The detail lines are made harmless for the page
    they go on; the headline is written inert by the request desk, as every answer's is."""

    title = proposal_title(request)
    if not request.text.strip():
        return ("Not done: the request holds no proposal text; put the proposal's text below the "
                "{{Review}} template and post it again.", [])
    rev = (request.params.get("rev") or request.params.get("revision") or "").strip()
    rev = rev.removeprefix("Special:Diff/").strip("[] ")
    try:
        if rev:
            if not rev.isdigit():
                return (f"Not done: rev={rev} is not a revision number; write the N of Special:Diff/N.", [])
            revid = int(rev)
        else:
            found = latest_edit_by(wiki, wiki.settings.ruleset, requester or "")
            if found is None:
                return (f"Not done: {requester} has not edited “{wiki.settings.ruleset}”; name the edit to review "
                        "with rev=N (the N of Special:Diff/N).", [])
            revid = found
        review = review_edit(wiki, read_edit(wiki, revid), title, request.text)
    except WikibotError as error:
        return f"Not done: {error}", []
    return headline(review, revid), [inert(line) for line in detail_lines(review, revid)]


__all__ = ["find_proposal", "proposal_title", "read_edit", "latest_edit_by", "review_edit", "headline", "answer",
           "detail_lines", "Edit", "PROPOSAL_KINDS"]

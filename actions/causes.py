"""Why a rules page (the Ruleset, Building Blocks) changed: the cause of one revision, with its evidence.

Pure: one revision (who, when, its summary), its text and its parent's, and what the caller found for
it (the proposal its summary names, on the request page's revisions; the Ascension Address; the
revisions it puts back) in; a :class:`Cause` out. In this order, the first that holds:

* ``setup`` — the page's first revision (or the first one known), or a revision that changes nothing;
* ``bot enactment`` / ``ascension`` / ``revert`` — the bot's own edit, read from its own summary
  (``Enacted “X”``, ``Dynastic Reset: …``, ``Synonyms: …``, ``Undoing …``);
* ``revert`` — a revision that puts back the exact text of an earlier one (found by checksums, as
  :func:`actions.accepted.accepts_whole` finds an Admin's restore); listed first in the audit when it
  undoes an enactment or an Ascension;
* ``hand enactment`` / ``hand enactment with differences`` — the summary names a proposal whose text
  is known: the edit is reviewed against it (:func:`actions.review.review_enactment`); differences
  (a step done differently or not done, a change no step asks for beyond a typo) make the second;
* ``ascension`` — the summary names an Ascension or Dynastic Reset: reviewed against the Address when it
  is known (:func:`actions.review.review_reset`), its differences named;
* ``typo fix`` — the change is typo-level (:func:`actions.ruleset_review.review_edit`);
* ``hand enactment`` — the summary names an enactment, a proposal or a Call for Judgement whose text is
  not known: not reviewed, and the detail says so;
* ``unexplained`` — anything else: a change of the rules that no proposal, CfJ or Ascension accounts
  for, with the first change that makes it more than a typo fix.

:attr:`Cause.concern` marks what the audit lists first: the unexplained, the enactments (and
Ascensions) with differences, the reverts of enactments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from actions import review as rv
from actions.ruleset_review import names_enactment, review_edit
from parsers.errors import WikibotError

BOT_ENACTMENT = "bot enactment"
HAND_ENACTMENT = "hand enactment"
HAND_DIFFERENCES = "hand enactment with differences"
ASCENSION = "ascension"
TYPO_FIX = "typo fix"
REVERT = "revert"
SETUP = "setup"
UNEXPLAINED = "unexplained"
CAUSES = (BOT_ENACTMENT, HAND_ENACTMENT, HAND_DIFFERENCES, ASCENSION, TYPO_FIX, REVERT, SETUP, UNEXPLAINED)
#: causes that write the rules with authority: a revert that undoes one of them is listed first
AUTHORISED = (BOT_ENACTMENT, HAND_ENACTMENT, HAND_DIFFERENCES, ASCENSION)

_ASCENSION = re.compile(r"\bascen|\bdynastic\s+reset\b|\bnew\s+dynasty\b", re.I)
_BOT_ENACTED = re.compile(r"^Enacted \u201c(?P<name>.*?)\u201d")
_BOT_RESET = re.compile(r"^Dynastic Reset(?:: (?P<theme>[^;]*))?")
_SHOWN = 300


@dataclass
class Cause:
    cause: str                  # one of CAUSES
    proposal: str = ""          # the proposal named (its name), or the Ascension's theme
    detail: str = ""            # the evidence, in words
    concern: bool = False       # listed first in the audit
    reverts_to: int = 0         # a revert: the earlier revision whose text it puts back

    def to_json(self) -> dict:
        return {"cause": self.cause, "proposal": self.proposal, "detail": self.detail, "concern": self.concern,
                "reverts_to": self.reverts_to}

    @classmethod
    def from_json(cls, data: dict) -> "Cause":
        return cls(data["cause"], data.get("proposal", ""), data.get("detail", ""), bool(data.get("concern")),
                   int(data.get("reverts_to") or 0))


@dataclass
class Revision:
    """One revision of a rules page, as its history lists it."""

    revid: int
    page: str                   # "Ruleset" or "Building Blocks" (what the page is, not its title)
    user: str
    timestamp: str
    comment: str


@dataclass
class Found:
    """What the caller found for a revision: the proposal its summary names (its title and text, from the
    request page's revisions), the Ascension Address (the latest posted before the edit), the earlier
    revision whose exact text it puts back and the causes of the revisions that revert undoes."""

    proposal: tuple[str, str] | None = None
    address: str | None = None
    reverts_to: int = 0
    undone: tuple[tuple[int, "Cause"], ...] = ()


def short(text: str, most: int = _SHOWN) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


def plain(summary: str) -> str:
    """A summary without its section link and the bot's request tag."""
    from parsers.request_page import plain_summary

    return plain_summary(summary or "")


def bot_cause(rev: Revision) -> Cause:
    """The bot's own edit, from its own summary (durable: the wiki keeps it whatever becomes of the journal)."""
    said = plain(rev.comment)
    enacted = _BOT_ENACTED.match(said)
    if enacted:
        return Cause(BOT_ENACTMENT, enacted.group("name"), f"the bot's own edit: {short(said)}")
    reset = _BOT_RESET.match(said)
    if reset:
        return Cause(ASCENSION, (reset.group("theme") or "").strip(), f"the bot's own Dynastic Reset: {short(said)}")
    if said.startswith("Synonyms:"):
        return Cause(BOT_ENACTMENT, "", f"the bot's own term change, asked for on the request page: {short(said)}")
    if said.startswith(("Undoing", "Restoring")):
        return Cause(REVERT, "", f"the bot put back its own interrupted work: {short(said)}")
    return Cause(SETUP, "", f"the bot's own edit: {short(said)}")


def _revert(rev: Revision, found: Found) -> Cause:
    undone = [(r, c) for r, c in found.undone if c.cause in AUTHORISED]
    shown = "; ".join(f"r{r} ({c.cause}{' of ' + c.proposal if c.proposal else ''})" for r, c in found.undone[:5])
    detail = f"puts back the text of r{found.reverts_to}" + (f", undoing {shown}" if shown else "")
    if len(found.undone) > 5:
        detail += f" and {len(found.undone) - 5} more"
    if undone:
        detail += "; it takes back what an enactment or Ascension wrote: check that a proposal or CfJ allowed it"
    return Cause(REVERT, "", detail, concern=bool(undone), reverts_to=found.reverts_to)


def _reviewed(review: rv.Review, cause: str, proposal: str) -> Cause:
    real_unasked = [u for u in review.unasked if not u.typo]
    different = bool(review.of(rv.DIFFERENTLY, rv.NOT_DONE)) or bool(real_unasked)
    if cause == HAND_ENACTMENT and different:
        cause = HAND_DIFFERENCES
    detail = review.summary
    if review.of(rv.NOT_CHECKED) and real_unasked:
        detail += " (the unasked changes may be the work of the steps not checked: a human should look)"
    return Cause(cause, proposal, detail, concern=different)


def classify(rev: Revision, old: str | None, new: str, *, bot: str, found: Found | None = None,
             first_known: bool = False) -> Cause:
    """The cause of one revision of a rules page (see the module). ``old``: its parent's text, None for the
    page's creation; ``first_known``: the parent is older than the history at hand."""
    found = found or Found()
    if old is None or first_known:
        return Cause(SETUP, "", "the page's first revision" if old is None and not first_known
                     else "the first revision in the history the bot has")
    if rev.user == bot and bot:
        return bot_cause(rev)
    if old == new:
        return Cause(SETUP, "", "the text did not change (a protection, a move or a null edit)")
    if found.reverts_to:
        return _revert(rev, found)
    said = plain(rev.comment)
    if found.proposal is not None and rev.page == "Ruleset":
        title, text = found.proposal
        from parsers.proposal import parse_proposal, parse_title

        name = parse_title(title)[0]
        try:
            review = rv.review_enactment(parse_proposal(title, text), {"Ruleset": old}, {"Ruleset": new})
        except WikibotError as error:
            return Cause(HAND_ENACTMENT, name, f"names the proposal, which could not be reviewed: {short(str(error))}",
                         concern=True)
        return _reviewed(review, HAND_ENACTMENT, name)
    if _ASCENSION.search(said):
        if found.address is None or rev.page != "Ruleset":
            return Cause(ASCENSION, "", f"the summary names an Ascension (“{short(said, 80)}”); its Address is not on "
                                        "the request page, so it was not reviewed")
        from parsers.ascension import parse_address

        try:
            plan = parse_address(found.address, ruleset=old)
            review = rv.review_reset(plan, {"Ruleset": old}, {"Ruleset": new})
        except WikibotError as error:
            return Cause(ASCENSION, "", f"its Address could not be reviewed: {short(str(error))}", concern=True)
        return _reviewed(review, ASCENSION, plan.theme or "")
    typo = review_edit(old, new)
    if typo.typo:
        fixes = ", ".join(f"“{a}” → “{b}”" for a, b in typo.fixes[:5])
        return Cause(TYPO_FIX, "", f"typo-level: {fixes}" if fixes else "typo-level (spacing or punctuation)")
    if names_enactment(said):
        return Cause(HAND_ENACTMENT, "", f"the summary names an enactment or Call for Judgement (“{short(said, 80)}”) "
                                         "whose text is not on the request page, so it was not reviewed")
    return Cause(UNEXPLAINED, "", f"changed beyond a typo fix ({typo.reason}) and the summary "
                                  f"{'“' + short(said, 80) + '”' if said else '(none)'} names no proposal, Call for "
                                  "Judgement or Ascension", concern=True)


__all__ = ["Cause", "Revision", "Found", "classify", "bot_cause", "CAUSES", "BOT_ENACTMENT", "HAND_ENACTMENT",
           "HAND_DIFFERENCES", "ASCENSION", "TYPO_FIX", "REVERT", "SETUP", "UNEXPLAINED", "AUTHORISED"]

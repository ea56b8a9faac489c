"""The largest input the bot takes, and the one error it raises beyond them.

Each limit is far above what BlogNomic writes (its Ruleset is 60–80 KB, a long Proposal 5 000
characters, an Address 3 000) and far below what would make a parse or an enactment slow. Input
beyond a limit is refused before anything is read from it, with :class:`TooLarge`, so nothing is
ever half-processed.

=========================  ============  ====================================================
what                       at most       checked by
=========================  ============  ====================================================
a page (Ruleset,           500 000       ``parsers.ruleset.parse`` (any page read as one),
gamestate, Building        characters    ``parsers.gamestate.GamestatePage.parse``,
Blocks; both sides of a                  ``actions.enact.enact`` (the Ruleset; the gamestate
gamestate edit)                          page by its parser), ``actions.reset.dynastic_reset``
                                         (every page given), ``actions.synonyms.replace_terms``,
                                         ``actions.check.check_edit`` (old and new text)
a Proposal's text          20 000        ``parsers.proposal.parse_proposal``
a Proposal's title         300           ``parsers.proposal.parse_proposal``
steps in one Proposal      100           ``actions.enact.enact``
an Ascension Address       20 000        ``parsers.ascension.parse_address``
term changes at once       50            ``actions.synonyms.replace_terms``,
                                         ``actions.reset.dynastic_reset``
=========================  ============  ====================================================
"""

from __future__ import annotations

from parsers.errors import LIMIT, WikibotError

PAGE_CHARS = 500_000
PROPOSAL_CHARS = 20_000
PROPOSAL_TITLE_CHARS = 300
PROPOSAL_STEPS = 100
ADDRESS_CHARS = 20_000
TERM_CHANGES = 50


class TooLarge(WikibotError):
    """An input beyond one of the limits above; the message says how large, the limit, and what to do."""

    kind = LIMIT


def _number(n: int) -> str:
    return f"{n:,}".replace(",", " ")  # 31 204


def check_size(what: str, size: int, limit: int, advice: str, unit: str = "characters") -> None:
    """Raise :class:`TooLarge` when ``size`` is above ``limit``:
    "<what> is 31 204 characters; the bot takes at most 20 000: <advice>"."""
    if size > limit:
        raise TooLarge(f"{what} is {_number(size)} {unit}; the bot takes at most {_number(limit)}: {advice}")


def check_page(text: str, what: str = "The page") -> None:
    check_size(what, len(text), PAGE_CHARS,
               "a page this large is not one BlogNomic keeps; check that the right page was given, and edit it "
               "by hand if it is")


def check_proposal(title: str, text: str) -> None:
    check_size("The Proposal's title", len(title or ""), PROPOSAL_TITLE_CHARS,
               "give the Proposal's title alone, without its text")
    check_size("The Proposal's text", len(text or ""), PROPOSAL_CHARS,
               "enact a Proposal this long by hand, or check that only the Proposal's own text was given")


def check_steps(count: int) -> None:
    check_size("The Proposal", count, PROPOSAL_STEPS,
               "enact a Proposal with this many steps by hand", unit="steps")


def check_address(text: str) -> None:
    check_size("The Ascension Address", len(text or ""), ADDRESS_CHARS,
               "perform a reset this long by hand, or check that only the Address's own text was given")


def check_terms(count: int) -> None:
    check_size("The term change list", count, TERM_CHANGES,
               "no Ruleset has that many replaceable terms; check the list", unit="changes")

"""The bot's operations — enact, reset, synonyms, check, review — each written once, on a page store.

An operation takes a page store (:mod:`wikibot.pages`: the configured wiki, or the offline commands'
files), reads the pages it needs there once (:class:`wikibot.pages.Game`: the Ruleset parsed once and
handed on, the gamestate page the Ruleset names), reads the request's text once, runs the pure action
(``actions/``) and writes every changed page through the store, all or nothing. So ``wikibot enact
--ruleset-file …`` and an ``{{Enact}}`` request on the wiki run the same code; only where the pages
live differs. On the wiki a change is written through a :class:`~wikibot.journal.Journal`, so that a
crash or a failure half-way leaves no page half-done, and a page edited since it was read gets the same
action again on its new text (:meth:`wikibot.site.Wiki.save`). An operation done for a request
(``request_key``) leaves its journal settled with the outcome, for the request desk to close once the
answer is on the page.

A reset that names a new gamestate tracking page creates that page, last, with a line saying whose
page it is, so that the Ruleset never names a page that is missing once the reset is whole.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from actions.report import UNSUPPORTED, Report
from parsers import ruleset as ruleset_parser
from parsers import steps as st
from parsers.errors import WikibotError
from wikibot import journal as journal_mod
from wikibot import statefile
from wikibot.pages import UNDO_PREFIX, Action, Game, PageStore
from wikibot.site import ConflictChangedMeaning, PageText, Wiki, WikiError

log = logging.getLogger("wikibot")


class OperationRefused(WikibotError):
    """The action could not be done as asked; nothing was written. The report says why."""

    def __init__(self, message: str, report: Report | None = None):
        super().__init__(message)
        self.report = report


@dataclass
class Outcome:
    report: Report
    saved: list = field(default_factory=list)   # wikibot.site.SavedEdit or wikibot.pages.SavedFile, by page
    dry_run: bool = False

    @property
    def links(self) -> str:
        return ", ".join(f"{s.title}: {s.where}" for s in self.saved)


def refusal_headline(report: Report) -> str:
    """The one line that says why nothing was written, naming the steps (their first words) that
    could not be applied with certainty."""
    unsure = [s for s in report.steps if s.status == UNSUPPORTED]
    named = "; ".join(f"step {s.n} (“{first_words(s.text)}”)" for s in unsure[:3])
    more = f" and {len(unsure) - 3} more" if len(unsure) > 3 else ""
    which = f": {named}{more}" if unsure else ""
    return f"Some steps could not be applied with certainty{which}, so nothing was written."


def first_words(text: str, width: int = 60) -> str:
    line = " ".join(text.split("\n", 1)[0].split())
    return line if len(line) <= width else line[: width - 1] + "…"


def perform(store: PageStore, reads: dict[str, PageText], action: Action, *, dry_run: bool = False,
            allow_partial: bool = False, request_key: str = "", tag: str = "") -> Outcome:
    """Run ``action`` on the texts read and write what it changes through ``store``, all or nothing. ``tag``
    ends the summary of every edit made (the request's, see :func:`parsers.request_page.tag`), undoing ones
    included."""
    texts = {title: page.text for title, page in reads.items()}
    pages, report = action(texts)
    for title, new in pages.items():
        report.set_page(title, texts.get(title, ""), new)
    if not report.complete and not allow_partial:
        raise OperationRefused(refusal_headline(report), report)
    changed = {t: new for t, new in pages.items() if new != texts.get(t, "")}
    unknown = [t for t in changed if t not in reads]
    if unknown:
        raise OperationRefused(f"The action would change pages the bot did not read ({', '.join(unknown)}); "
                               "nothing was written.", report)
    if dry_run or not changed:
        return Outcome(report, dry_run=dry_run)
    return Outcome(report, store.write(reads, changed, action, report, request_key=request_key, tag=tag))


# --------------------------------------------------------------------------- enact
def changes_gamestate(proposal: st.Proposal) -> bool:
    from actions.gamestate_steps import GAMESTATE_STEPS

    return any(isinstance(s, GAMESTATE_STEPS) for s in proposal.steps)


def enact_action(proposal: st.Proposal, game: Game, ruleset_title: str, *, overrides: list | None = None,
                 extension_tags: tuple[str, ...] = (), url: str = "") -> Action:
    """The enactment as an :data:`~wikibot.pages.Action`. The Ruleset as read is handed on parsed; a text
    that differs (a page edited since it was read) is parsed afresh. Its summary names the Proposal's address
    when given, so that the bot's own edits say which Proposal they enacted
    (:func:`parsers.request_page.enacted_summary`)."""
    from actions.enact import enact
    from parsers.request_page import enacted_summary

    gamestate_title = game.gamestate_title

    def action(texts: dict[str, str]):
        text = texts[ruleset_title]
        result = enact(proposal, game.model if text == game.ruleset.text else text,
                       texts.get(gamestate_title) if gamestate_title else None, ruleset_title=ruleset_title,
                       gamestate_title=gamestate_title if game.named else None, overrides=overrides,
                       extension_tags=extension_tags)
        result.report.summary = enacted_summary(result.report.summary, url)
        return result.pages, result.report
    return action


def enact(store: PageStore, title: str, text: str, *, url: str = "", dry_run: bool = False,
          allow_partial: bool = False, request_key: str = "", tag: str = "") -> Outcome:
    """Enact a Proposal (its title and text, read once) on the store's Ruleset and the gamestate page it
    names; gamestate values are judged by the one legality with the Admins' overrides (read only when the
    Proposal changes the gamestate)."""
    from parsers.proposal import parse_proposal

    proposal = parse_proposal(title, text)
    game = store.game()
    overrides = store.overrides(game) if game.gamestate is not None and changes_gamestate(proposal) else []
    action = enact_action(proposal, game, store.ruleset_title, overrides=overrides,
                          extension_tags=store.extension_tags(), url=url)
    return perform(store, game.reads, action, dry_run=dry_run, allow_partial=allow_partial,
                   request_key=request_key, tag=tag)


# --------------------------------------------------------------------------- reset
def address_text(address: str, params: dict[str, str]) -> str:
    """An Address with its {{Ascension}} template's parameters (but ``at``) before it, as the reset reads it."""
    template = "{{Ascension|" + "|".join(f"{k}={v}" for k, v in params.items() if k != "at") + "}}\n"
    return (template if len(params) > ("at" in params) else "") + address


def reset(store: PageStore, address: str, params: dict[str, str] | None = None, *, dry_run: bool = False,
          request_key: str = "", tag: str = "") -> Outcome:
    """The Dynastic Reset an Address (or an {{Ascension}} template's parameters) asks for, all or nothing."""
    from actions.reset import dynastic_reset
    from parsers.ascension import parse_address

    game = store.game(building_blocks=True)
    plan = parse_address(address_text(address, params or {}), ruleset=game.model)
    extension_tags = store.extension_tags()
    reads = game.reads
    new_tracking = None
    if plan.tracking_page:
        new_tracking = store.page(plan.tracking_page)
        if new_tracking.exists:
            raise OperationRefused(f"The new gamestate tracking page “{plan.tracking_page}” already exists; "
                                   "the rules require a page that does not exist yet.")
        reads = {**reads, new_tracking.title: new_tracking}
    ruleset_title, blocks, gamestate_title = store.ruleset_title, game.building_blocks, game.gamestate_title

    def action(texts: dict[str, str]):
        text = texts[ruleset_title]
        result = dynastic_reset(game.model if text == game.ruleset.text else text, plan,
                                building_blocks_text=texts.get(blocks.title) if blocks else None,
                                gamestate_text=texts.get(gamestate_title) if gamestate_title else None,
                                gamestate_title=gamestate_title, extension_tags=extension_tags)
        names = {"Ruleset": ruleset_title, "Building Blocks": blocks.title if blocks else store.building_blocks_title}
        pages = {names.get(t, t): new for t, new in result.pages.items() if new != texts.get(names.get(t, t))}
        if new_tracking is not None and result.ok:
            # Saved last: the Ruleset names it only once the other pages are done.
            pages[new_tracking.title] = new_tracking_page_text(gamestate_title, plan.theme)
        return pages, result.report
    return perform(store, reads, action, dry_run=dry_run, request_key=request_key, tag=tag)


def new_tracking_page_text(previous: str | None, theme: str | None) -> str:
    """The new dynasty's gamestate tracking page as the reset creates it: a start, for its Emperor to fill."""
    dynasty = f" of the dynasty “{theme}”" if theme else " of the new dynasty"
    before = f" The previous dynasty's gamestate stays on [[{previous}]]." if previous else ""
    return (f"This is the gamestate tracking page{dynasty}, named in its Ascension Address.{before}\n")


# --------------------------------------------------------------------------- synonyms
def synonyms(store: PageStore, changes: dict[str, str], *, dry_run: bool = False, request_key: str = "",
             tag: str = "") -> Outcome:
    """Replace terms throughout the Ruleset, and with them on the Building Blocks page (when there is one) and
    in the gamestate page's players-table heading: one operation, all pages or none."""
    from actions.synonyms import replace_terms_on_pages

    game = store.game(building_blocks=True)
    ruleset_title, blocks, gamestate_title = store.ruleset_title, game.building_blocks, game.gamestate_title
    extension_tags = store.extension_tags()

    def action(texts: dict[str, str]):
        text = texts[ruleset_title]
        return replace_terms_on_pages(game.model if text == game.ruleset.text else text, changes,
                                      ruleset_title=ruleset_title,
                                      building_blocks=(blocks.title, texts[blocks.title]) if blocks else None,
                                      gamestate=(gamestate_title, texts[gamestate_title]) if gamestate_title else None,
                                      extension_tags=extension_tags)
    return perform(store, game.reads, action, dry_run=dry_run, request_key=request_key, tag=tag)


# --------------------------------------------------------------------------- check
def rules(model: ruleset_parser.Ruleset, overrides: list) -> tuple[ruleset_parser.Ruleset, list]:
    """What judges a gamestate edit: the Ruleset and the constraints its definitions make, merged with the
    Admins' overrides."""
    from actions.constraints import infer_constraints, merge

    return model, merge(infer_constraints(model), overrides)


def check(store: PageStore, old: str, new: str):
    """One edit of the gamestate page judged by the store's Ruleset and overrides (legal, illegal, or cannot
    judge; :func:`actions.check.check_edit`); the patrol judges each edit the same way, by the Ruleset of the
    edit's time (:meth:`wikibot.patrol.Patrol`)."""
    from actions.check import check_edit

    game = store.game()
    return check_edit(*rules(game.model, store.overrides(game)), old, new,
                      page=game.gamestate_title if game.named else None)


# --------------------------------------------------------------------------- review
def review_enactment(proposal: st.Proposal, ruleset_old: str | ruleset_parser.Ruleset, ruleset_new: str, *,
                     gamestate_old: str | None = None, gamestate_new: str | None = None,
                     gamestate_title: str | None = None, reviewed: set[str] | None = None):
    """A hand enactment compared with the bot's own (:func:`actions.review.review_enactment`): the Ruleset
    before and after, and the gamestate page before and after when given, under the title the Ruleset before
    the edit names (:meth:`parsers.ruleset.Ruleset.gamestate_title`) unless ``gamestate_title`` says it.
    ``reviewed``: the pages this edit is about (an enactment made in two edits), by title."""
    from actions.review import review_enactment as review

    model = ruleset_parser.parse(ruleset_old) if isinstance(ruleset_old, str) else ruleset_old
    before, after = {"Ruleset": str(model)}, {"Ruleset": ruleset_new}
    title = gamestate_title or model.gamestate_title(stand_in=True)
    if gamestate_old is not None:
        before[title], after[title] = gamestate_old, gamestate_new if gamestate_new is not None else gamestate_old
    return review(proposal, before, after, gamestate_title=title if gamestate_old is not None else None,
                  reviewed=reviewed)


def review_reset(plan, ruleset_old: str | ruleset_parser.Ruleset, ruleset_new: str, *,
                 gamestate_old: str | None = None, gamestate_new: str | None = None,
                 building_blocks_old: str | None = None, building_blocks_new: str | None = None):
    """A hand Dynastic Reset compared with the bot's own (:func:`actions.review.review_reset`)."""
    from actions.review import review_reset as review

    model = ruleset_parser.parse(ruleset_old) if isinstance(ruleset_old, str) else ruleset_old
    before, after = {"Ruleset": str(model)}, {"Ruleset": ruleset_new}
    if gamestate_old is not None:
        title = model.gamestate_title(stand_in=True)
        before[title], after[title] = gamestate_old, gamestate_new
    if building_blocks_old is not None:
        before["Building Blocks"], after["Building Blocks"] = building_blocks_old, building_blocks_new
    return review(plan, before, after)


# --------------------------------------------------------------------------- what a killed process left
def recover_all(wiki: Wiki) -> list[journal_mod.Recovery]:
    """Finish or undo operations a killed process left half-done (run at start)."""
    def save(page: journal_mod.JournalPage, text: str, summary: str, on_revid: int | None) -> int | None:
        current = wiki.read(page.title)
        if current.revid != on_revid:
            raise ConflictChangedMeaning(f"“{page.title}” was edited by someone else while the bot was finishing "
                                         "or undoing the interrupted operation; nothing more was saved")
        edit = wiki.replace(current, text, summary)
        return edit.revid if edit else None

    def landed(page: journal_mod.JournalPage) -> int | None:
        latest = wiki.latest_revid(page.title)
        if latest is None or latest == page.base_revid:
            return None
        text, parent = wiki.revision(latest)
        return latest if parent == page.base_revid and text.rstrip() == page.new_text.rstrip() else None

    statefile.remove_leftovers(wiki.settings.state_dir)
    recoveries = []
    for journal in journal_mod.pending(wiki.settings.state_dir):
        try:
            recoveries.append(journal_mod.recover(journal, wiki.latest_revid, save, landed))
        except WikiError as error:
            # The journal stays open (its request waits); the other journals, and the poll, go on.
            recoveries.append(journal_mod.Recovery(journal, journal_mod.OPEN,
                                                   f"{str(error).rstrip('.')}; tried again at the next turn"))
    return recoveries


__all__ = ["OperationRefused", "Outcome", "perform", "enact", "enact_action", "reset", "synonyms", "check", "rules",
           "review_enactment", "review_reset", "address_text", "new_tracking_page_text", "refusal_headline",
           "recover_all", "changes_gamestate", "UNDO_PREFIX"]

"""Enactments, resets and synonym changes on the live wiki.

Each operation reads the pages it needs once, runs the pure action (``actions/``) on their texts,
and writes every changed page through a :class:`~wikibot.journal.Journal`, so that a crash or a
failure half-way leaves no page half-done. On an edit conflict a page's change is recomputed by
running the same action again with that page's new text (see :meth:`wikibot.site.Wiki.save`).
An operation done for a request (``request_key``) leaves its journal settled with the outcome, for
the request desk to close once the answer is on the page.

A reset that names a new gamestate tracking page creates that page, last, with a line saying whose
page it is, so that the Ruleset never names a page that is missing once the reset is whole.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

from actions.report import UNSUPPORTED, Report
from parsers import ruleset as ruleset_parser
from wikibot import journal as journal_mod
from wikibot import statefile
from wikibot.site import ConflictChangedMeaning, PageText, SavedEdit, Wiki, WikiError

log = logging.getLogger("wikibot")

#: texts {title: wikitext} → (changed pages {title: new wikitext}, report)
Action = Callable[[dict[str, str]], tuple[dict[str, str], Report]]


#: how the summary of every edit that puts back a page the bot saved begins
UNDO_PREFIX = "Undoing"


class OperationRefused(WikiError):
    """The action could not be done as asked; nothing was written. The report says why."""

    def __init__(self, message: str, report: Report | None = None):
        super().__init__(message)
        self.report = report


@dataclass
class Outcome:
    report: Report
    saved: list[SavedEdit] = field(default_factory=list)
    dry_run: bool = False

    @property
    def links(self) -> str:
        return ", ".join(f"{s.title}: {s.diff_link}" for s in self.saved)


def refusal_headline(report: Report) -> str:
    """The one line that says why nothing was written, naming the steps (their first words) that
    could not be applied with certainty."""
    unsure = [s for s in report.steps if s.status == UNSUPPORTED]
    named = "; ".join(f"step {s.n} (“{_first_words(s.text)}”)" for s in unsure[:3])
    more = f" and {len(unsure) - 3} more" if len(unsure) > 3 else ""
    which = f": {named}{more}" if unsure else ""
    return f"Some steps could not be applied with certainty{which}, so nothing was written."


def _first_words(text: str, width: int = 60) -> str:
    line = " ".join(text.split("\n", 1)[0].split())
    return line if len(line) <= width else line[: width - 1] + "…"


def meaning(report: Report) -> tuple:
    """What a report says was done, step by step: compared again after an edit conflict."""
    return tuple((s.n, s.action, s.status) for s in report.steps)


def perform(wiki: Wiki, reads: dict[str, PageText], action: Action, *, dry_run: bool = False,
            allow_partial: bool = False, request_key: str = "", tag: str = "") -> Outcome:
    """Run ``action`` on the texts read and save what it changes, all or nothing. ``tag`` ends the summary of
    every edit made (the request's, see :func:`parsers.request_page.tag`), undoing ones included."""
    texts = {title: page.text for title, page in reads.items()}
    pages, report = action(texts)
    for title, new in pages.items():
        report.set_page(title, texts.get(title, ""), new)
    if not report.complete and not allow_partial:
        raise OperationRefused(refusal_headline(report), report)
    changed = [t for t, new in pages.items() if new != texts.get(t, "")]
    unknown = [t for t in changed if t not in reads]
    if unknown:
        raise OperationRefused(f"The action would change pages the bot did not read ({', '.join(unknown)}); "
                               "nothing was written.", report)
    if dry_run or not changed:
        return Outcome(report, dry_run=dry_run)

    def compute_for(title: str):
        def compute(text: str):
            new_pages, new_report = action({**texts, title: text})
            return new_pages.get(title, text), meaning(new_report)
        return compute

    journal = journal_mod.Journal(wiki.settings.state_dir, report.summary or report.action, request_key,
                                  [journal_mod.JournalPage(t, reads[t].revid, texts.get(t, ""), pages[t])
                                   for t in changed], tag=tag, steps=[s.to_dict() for s in report.steps])
    journal.write()
    saved: list[SavedEdit] = []
    try:
        for entry in journal.pages:
            edit = wiki.save(reads[entry.title], compute_for(entry.title), journal.summary(report.summary))
            if edit is not None:
                entry.saved_revid = edit.revid
                saved.append(edit)
                journal.write()
    except Exception as error:
        _undo(wiki, journal, str(error))
        raise
    journal.settle(journal_mod.FINISHED, "")
    return Outcome(report, saved)


def _undo(wiki: Wiki, journal: journal_mod.Journal, reason: str) -> None:
    """Put back the pages already saved by an operation that failed half-way (if untouched since)."""
    for entry in journal.saved:
        try:
            current = wiki.read(entry.title)
            if current.revid != entry.saved_revid:
                continue   # edited since: left for recovery (journal.recover), which reports it
            wiki.replace(current, entry.old_text,
                         journal.summary(f"{UNDO_PREFIX} “{journal.operation}”: it could not be completed"))
        except WikiError as error:
            log.warning("could not undo “%s” on “%s”: %s", journal.operation, entry.title, error)
            continue
        entry.saved_revid = None
        journal.write()
    if not journal.saved:
        journal.settle(journal_mod.UNDONE, reason)


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


# --------------------------------------------------------------------------- the actions
def read_ruleset_and_gamestate(wiki: Wiki) -> tuple[dict[str, PageText], str | None]:
    ruleset = wiki.read(wiki.settings.ruleset)
    if not ruleset.exists:
        raise WikiError(f"The Ruleset page “{wiki.settings.ruleset}” does not exist on this wiki: "
                        "set [pages] ruleset in wikibot.toml.")
    reads = {ruleset.title: ruleset}
    tracking = ruleset_parser.parse(ruleset.text).tracking_page()
    gamestate_title = tracking[0] if tracking else None
    if gamestate_title:
        gamestate = wiki.read(gamestate_title)
        if gamestate.exists:
            reads[gamestate_title] = gamestate
        else:
            gamestate_title = None
    return reads, gamestate_title


def read_overrides(wiki: Wiki, trust=None) -> list:
    """The Admins' corrections to the inferred constraints (the constraints page) as Admins left it: an edit
    by anyone else counts only once an Admin accepts it (:class:`wikibot.trust.Trust`). Lines that cannot be
    read are logged and left out, the others apply."""
    from actions.constraints import OverrideError, parse_overrides
    from wikibot.trust import Trust

    trust = trust or Trust(wiki)
    state = trust.accepted(wiki.settings.constraints)
    if state is None:
        return []
    if not state.clean:
        log.info("“%s” carries edits no Admin has accepted (%s): read as Admins left it", wiki.settings.constraints,
                 state.unaccepted())
    text = state.text(trust.text)
    try:
        return parse_overrides(text, page=wiki.settings.constraints)
    except OverrideError as error:
        log.warning("lines of “%s” skipped: %s", wiki.settings.constraints, error)
        return error.parsed


def enact_action(title: str, text: str, ruleset_title: str, gamestate_title: str | None,
                 overrides: list | None = None, extension_tags: tuple[str, ...] = (), url: str = "") -> Action:
    """The enactment as an :data:`Action`; its summary names the Proposal's address when given, so that the
    bot's own edits say which Proposal they enacted (:func:`parsers.request_page.enacted_summary`)."""
    from actions.enact import enact
    from parsers.proposal import parse_proposal
    from parsers.request_page import enacted_summary

    proposal = parse_proposal(title, text)

    def action(texts: dict[str, str]):
        result = enact(proposal, texts[ruleset_title], texts.get(gamestate_title) if gamestate_title else None,
                       ruleset_title=ruleset_title, gamestate_title=gamestate_title, overrides=overrides,
                       extension_tags=extension_tags)
        result.report.summary = enacted_summary(result.report.summary, url)
        return result.pages, result.report
    return action


def overrides_for(wiki: Wiki, title: str, text: str, gamestate_title: str | None) -> list:
    """The constraints page's overrides when the Proposal changes the gamestate page (read only then)."""
    from actions.gamestate_steps import GAMESTATE_STEPS
    from parsers.proposal import parse_proposal

    changes_gamestate = any(isinstance(s, GAMESTATE_STEPS) for s in parse_proposal(title, text).steps)
    return read_overrides(wiki) if gamestate_title and changes_gamestate else []


def enact_on_wiki(wiki: Wiki, title: str, text: str, *, url: str = "",
                  pages: tuple[dict[str, PageText], str | None] | None = None, **options) -> Outcome:
    """Enact on the wiki; gamestate values are judged by the one legality with the Admins' overrides
    (the constraints page is read only when the Proposal changes the gamestate). ``pages``: the Ruleset and
    gamestate page as :func:`read_ruleset_and_gamestate` read them just before, if they were."""
    reads, gamestate_title = pages or read_ruleset_and_gamestate(wiki)
    overrides = overrides_for(wiki, title, text, gamestate_title)
    return perform(wiki, reads, enact_action(title, text, wiki.settings.ruleset, gamestate_title, overrides,
                                             wiki.extension_tags(), url),
                   **options)


def address_text(address: str, params: dict[str, str]) -> str:
    """An Address with its {{Ascension}} template's parameters (but ``at``) before it, as the reset reads it."""
    template = "{{Ascension|" + "|".join(f"{k}={v}" for k, v in params.items() if k != "at") + "}}\n"
    return (template if len(params) > ("at" in params) else "") + address


def reset_on_wiki(wiki: Wiki, address: str, params: dict[str, str], **options) -> Outcome:
    """The Dynastic Reset an Address (or an {{Ascension}} template's parameters) asks for."""
    from actions.reset import dynastic_reset
    from parsers.ascension import parse_address

    reads, gamestate_title = read_ruleset_and_gamestate(wiki)
    blocks = wiki.read(wiki.settings.building_blocks)
    if blocks.exists:
        reads[blocks.title] = blocks
    text = address_text(address, params)
    ruleset_title = wiki.settings.ruleset
    plan = parse_address(text, ruleset=reads[ruleset_title].text)
    extension_tags = wiki.extension_tags()
    new_tracking = None
    if plan.tracking_page:
        new_tracking = wiki.read(plan.tracking_page)
        if new_tracking.exists:
            raise OperationRefused(f"The new gamestate tracking page “{plan.tracking_page}” already exists; "
                                   "the rules require a page that does not exist yet.")
        reads[new_tracking.title] = new_tracking

    def action(texts: dict[str, str]):
        result = dynastic_reset(texts[ruleset_title], plan,
                                building_blocks_text=texts.get(blocks.title) if blocks.exists else None,
                                gamestate_text=texts.get(gamestate_title) if gamestate_title else None,
                                gamestate_title=gamestate_title, extension_tags=extension_tags)
        names = {"Ruleset": ruleset_title, "Building Blocks": blocks.title}
        pages = {names.get(t, t): new for t, new in result.pages.items() if new != texts.get(names.get(t, t))}
        if new_tracking is not None and result.ok:
            # Saved last: the Ruleset names it only once the other pages are done.
            pages[new_tracking.title] = new_tracking_page_text(gamestate_title, plan.theme)
        return pages, result.report
    return perform(wiki, reads, action, **options)


def new_tracking_page_text(previous: str | None, theme: str | None) -> str:
    """The new dynasty's gamestate tracking page as the reset creates it: a start, for its Emperor to fill."""
    dynasty = f" of the dynasty “{theme}”" if theme else " of the new dynasty"
    before = f" The previous dynasty's gamestate stays on [[{previous}]]." if previous else ""
    return (f"This is the gamestate tracking page{dynasty}, named in its Ascension Address.{before}\n")


def synonyms_on_wiki(wiki: Wiki, changes: dict[str, str], **options) -> Outcome:
    """Replace terms throughout the Ruleset, and with them on the Building Blocks page (if there is one) and in
    the gamestate page's players-table heading: one operation, all pages or none."""
    from actions import synonyms as S
    from actions.gamestate_terms import follow_terms
    from parsers import ruleset as R

    reads, gamestate_title = read_ruleset_and_gamestate(wiki)
    title = wiki.settings.ruleset
    blocks = wiki.read(wiki.settings.building_blocks)
    if blocks.exists:
        reads[blocks.title] = blocks
    extension_tags = wiki.extension_tags()

    def action(texts: dict[str, str]):
        others = {blocks.title: texts[blocks.title]} if blocks.exists else None
        new, report = S.replace_terms(texts[title], changes, other_pages=others, extension_tags=extension_tags)
        if not report.summary:
            report.summary = "Synonyms: " + ", ".join(f"{k} → {v}" for k, v in changes.items())
        pages = {title: new} if new != texts[title] else {}
        if pages and report.complete:
            plan = S.plan_terms(texts[title], changes)
            if blocks.exists:
                text, found = S.replace_in_text(texts[blocks.title], plan, R.parse(texts[blocks.title]))
                problem = S.replacement_problem(texts[blocks.title], text, found, "the Building Blocks page",
                                                extension_tags=extension_tags)
                n = max(s.n for s in report.steps) + 1
                report.add(n, "the terms on the Building Blocks page", "replace terms",
                           "refused" if problem else "applied",
                           problem or f"{sum(1 for o in found if o.new is not None)} replaced")
                if text != texts[blocks.title] and not problem:
                    pages[blocks.title] = text
            if gamestate_title:
                text = follow_terms(report, gamestate_title, texts[gamestate_title], plan.changes)
                if text != texts[gamestate_title]:
                    pages[gamestate_title] = text
        return pages, report
    return perform(wiki, reads, action, **options)

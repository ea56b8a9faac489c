"""The request page on the wiki: find new requests, check who asked, do them, answer.

Who asked is taken from the page history — the revision that added the request — never from a
signature. A request whose text was changed afterwards by someone who is not an Admin is refused,
naming that revision. Every answer is written into the request's own section with a done marker,
so the state lives on the page: a request is never done twice, across restarts. A request is
known by its heading: two sections with the same heading are both refused. An operation done for a
request keeps its journal until the answer is on the page, so that a process killed between the
work and the answer (or during the work: see :mod:`wikibot.journal`) is answered from the journal
at the next poll instead of doing the work again.

One poll reads the request page and its history once, whatever the number of requests; each
request then costs its own reads and saves and one reply save.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

from actions.reading import headline as reading_headline
from actions.reading import read_proposal, step_lines
from actions.report import Report
from parsers import request_page
from parsers.proposal import parse_proposal
from parsers.request_page import Request
from wikibot import journal as journal_mod
from wikibot import operations
from wikibot.patrol import inert
from wikibot.site import PageText, Wiki, WikiError, WikiUnavailable, WritesDisabled, writes_enabled_by

log = logging.getLogger("wikibot")

HISTORY_LIMIT = 500


@dataclass
class Answer:
    request: Request
    requester: str | None
    done: bool
    headline: str
    details: list[str]


@dataclass
class Origin:
    requester: str | None
    problem: str | None


class RequestDesk:
    def __init__(self, wiki: Wiki, clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc), *,
                 history_limit: int = HISTORY_LIMIT):
        self.wiki = wiki
        self.clock = clock
        self.history_limit = history_limit   # revisions of the request page read to find who asked
        self._admins: dict[str, bool] = {}   # who is an Admin, asked once per poll

    # ------------------------------------------------------------------ one polling cycle
    def poll(self) -> list[Answer]:
        settings = self.wiki.settings
        pages = self.wiki.read_pages(settings.run, settings.requests)   # one request for both
        if not writes_enabled_by(pages[settings.run].text):
            log.info("run page “%s” does not say true: requests wait", settings.run)
            return []
        for recovery in operations.recover_all(self.wiki):
            log.warning("interrupted “%s”: %s (%s)", recovery.journal.operation, recovery.outcome, recovery.detail)
        journals = journal_mod.for_requests(settings.state_dir)
        page = pages[settings.requests]
        requests = request_page.parse(page.text)
        self._forget_answered(requests, journals)
        pending = [r for r in requests if not r.done and r.kind is not None]
        now = self.clock()
        due = [r for r in pending if r.due(now)]
        if not due:
            return []
        twice = request_page.duplicates(requests)
        self._admins = {}
        origins: dict[str, Origin] = {}
        if any(r.kind not in ANYONE for r in due):   # a {{Read}} needs no one's rights: no history read for it
            history = self.wiki.history(self.wiki.settings.requests, self.history_limit + 1)
            origins = self._origins(history[-self.history_limit:], complete=len(history) <= self.history_limit)
        answers = []
        for request in due:
            journal = journals.get(request.ident)
            if journal is not None and journal.state == journal_mod.OPEN:
                log.warning("request “%s” waits: its interrupted operation is not yet finished or undone",
                            request.heading)
                continue
            if journal is not None:
                answer = self.answer_from(journal, request)
            elif request.ident in twice:
                answer = Answer(request, None, True,
                                f"Not done: more than one request on this page is headed “{request.heading}”, and "
                                "a request is known by its heading; give each request its own heading (for "
                                "example add the date) and post it again.", [])
            else:
                answer = self.handle(request, origins.get(request.ident, NOT_FOUND), now)
                if answer is None:
                    continue
            replied = self._reply(answer, page)
            if replied is not None:
                page = replied
                if answer.done:
                    self._forget(answer.request)
            answers.append(answer)
            log.info("request “%s” by %s: %s", request.heading, answer.requester, answer.headline)
        return answers

    def handle(self, request: Request, origin: Origin, now: datetime) -> Answer | None:
        """The answer to a request; None when the wiki failed for a while and the request is done again at the
        next poll (nothing of it was kept)."""
        if request.kind == "read":
            return self.read_answer(request)
        if origin.problem:
            return Answer(request, origin.requester, True, f"Not done: {origin.problem}", [])
        if not self._is_admin(origin.requester or ""):
            return Answer(request, origin.requester, True,
                          f"Not done: sorry, {origin.requester}, only Admins may ask the bot to change the "
                          "Ruleset or the gamestate. Please ask an Admin.", [])
        if request.problems:
            return Answer(request, origin.requester, True, "Not done: " + "; ".join(request.problems) + ".", [])
        late = ""
        if request.at is not None and (now - request.at).total_seconds() > late_after(self.wiki.settings.poll_seconds):
            late = (f" (scheduled for {request.at:%Y-%m-%d %H:%M:%S} UTC; run late, at {now:%Y-%m-%d %H:%M:%S} UTC, "
                    "because the bot was not running then)")
        try:
            outcome = self.perform(request)
        except operations.OperationRefused as refused:
            return Answer(request, origin.requester, True, f"Not done{late}: {refused}",
                          _step_lines(refused.report) if refused.report else [])
        except Exception as error:  # noqa: BLE001 - one request's failure must not stop the others
            left = journal_mod.for_requests(self.wiki.settings.state_dir).get(request.ident)
            if left is not None and left.state == journal_mod.OPEN:
                # Pages already saved could not all be put back: the operation is neither done nor
                # undone. The next poll finishes or undoes it (journal.recover) and answers from that.
                return Answer(request, origin.requester, False,
                              f"Interrupted{late}: {str(error).rstrip('.')}. Some pages were already saved and "
                              "could not all be put back yet; the bot finishes or undoes the operation at its "
                              "next turn and answers here.", [])
            if isinstance(error, (WikiUnavailable, WritesDisabled)):
                # The wiki down, read-only or lagging, or the run page set to stop: nothing of the operation
                # remains, so it is done again at the next turn.
                if left is not None:
                    left.close()
                log.warning("request “%s” waits: %s", request.heading, error)
                return None
            if not isinstance(error, (WikiError, ValueError, LookupError)):
                log.exception("request “%s” failed", request.heading)
                error = (f"the bot failed unexpectedly ({type(error).__name__}: {error}) and kept none of its "
                         "changes; tell whoever runs the bot (the log has the details).")
            return Answer(request, origin.requester, True, f"Not done{late}: {error}", [])
        links = outcome.links or "no page needed changing"
        left = outcome.report.for_an_admin
        left_note = (" Left for an Admin: " + ", ".join(f"step {s.n} ({s.action})" for s in left) + "."
                     if left else "")
        return Answer(request, origin.requester, True, f"Done{late}: {outcome.report.summary} — {links}.{left_note}",
                      _step_lines(outcome.report))

    def read_answer(self, request: Request) -> Answer | None:
        """The bot's reading of a draft proposal, tried on the Ruleset as it stands; nothing is changed.
        Anyone may ask: reading writes nothing but the answer."""
        if request.problems:
            return Answer(request, None, True, "Not read: " + "; ".join(request.problems) + ".", [])
        if not request.text.strip():
            return Answer(request, None, True, "Not read: the section holds no proposal text below {{Read}}; "
                          "paste the draft there and post it again.", [])
        try:
            ruleset = self.wiki.read(self.wiki.settings.ruleset)
        except WikiUnavailable as error:
            log.warning("request “%s” waits: %s", request.heading, error)
            return None
        title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
        reading = read_proposal(parse_proposal(title, request.text), ruleset.text if ruleset.exists else None)
        return Answer(request, None, True, inert(reading_headline(reading)),
                      [inert(line) for line in step_lines(reading)])

    def perform(self, request: Request) -> operations.Outcome:
        if request.kind == "enact":
            title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
            return operations.enact_on_wiki(self.wiki, title, request.text, request_key=request.ident)
        if request.kind == "ascension":
            return operations.reset_on_wiki(self.wiki, request.text, request.params, request_key=request.ident)
        if request.kind == "synonyms":
            return operations.synonyms_on_wiki(self.wiki, request.params, request_key=request.ident)
        raise ValueError(f"unknown request kind {request.kind!r}")

    # ------------------------------------------------------------------ operations that outlived a process
    @staticmethod
    def answer_from(journal: journal_mod.Journal, request: Request) -> Answer:
        """The answer to a request whose operation was already done (or undone): never done again."""
        if journal.state == journal_mod.FINISHED:
            links = ", ".join(f"{p.title}: [[Special:Diff/{p.saved_revid}]]" for p in journal.saved)
            done = "Done (completed after a restart)" if journal.restarted else "Done"
            return Answer(request, None, True, f"{done}: {journal.operation} — {links or 'no page needed changing'}.",
                          [])
        how = "interrupted by a restart" if journal.restarted else "interrupted"
        if journal.state == journal_mod.UNDONE:
            return Answer(request, None, True,
                          f"Not done: “{journal.operation}” was {how} and undone: {journal.detail}. None of its "
                          "changes remain; ask again.", [])
        return Answer(request, None, True,
                      f"Not done: “{journal.operation}” was {how} and could not be finished or undone: "
                      f"{journal.detail}.", [])

    def _forget(self, request: Request) -> None:
        """The request is answered on the wiki: its settled journal is no longer needed."""
        journal = journal_mod.for_requests(self.wiki.settings.state_dir).get(request.ident)
        if journal is not None and journal.state != journal_mod.OPEN:
            journal.close()

    def _forget_answered(self, requests: list[Request], journals: dict[str, journal_mod.Journal]) -> None:
        """Settled journals of requests already answered (the process died just after the reply), or gone."""
        waiting = {r.ident for r in requests if not r.done}
        for key, journal in list(journals.items()):
            if journal.state != journal_mod.OPEN and key not in waiting:
                journal.close()
                del journals[key]

    # ------------------------------------------------------------------ who asked
    def _origins(self, history: list[tuple[int, str, str]], complete: bool = True) -> dict[str, Origin]:
        """For every heading: who added the request, and whether anyone but an Admin changed it since.

        One pass over the history for all requests. A section that leaves the page and comes back is
        a new request, added by whoever brought it back. When ``history`` is not the page's whole history,
        a section already in its first revision was added by someone unknown.
        """
        added: dict[str, str] = {}      # heading → who added the section as it stands
        last: dict[str, str] = {}       # heading → its text in the previous revision
        problems: dict[str, str] = {}
        unknown = {ident for ident, _raw in request_page.sections(history[0][2])} if history and not complete else set()
        for revid, user, text in history:
            now = {}
            for ident, raw in request_page.sections(text):
                now.setdefault(ident, raw)
            for ident in [i for i in last if i not in now]:
                del last[ident], added[ident]
                problems.pop(ident, None)
                unknown.discard(ident)
            for ident, raw in now.items():
                if ident not in last:
                    added[ident] = user
                elif raw != last[ident] and ident not in problems and user != self.wiki.username \
                        and not self._is_admin(user):
                    problems[ident] = (f"the request was changed by {user}, who is not an Admin, in "
                                       f"[[Special:Diff/{revid}]]; an Admin must post it again")
                last[ident] = raw
        too_old = (f"the request is older than the last {len(history)} revisions of the request page, so the bot "
                   "cannot tell who added it; archive the answered requests, and an Admin must post it again")
        return {ident: Origin(None, too_old) if ident in unknown else Origin(user, problems.get(ident))
                for ident, user in added.items()}

    def _is_admin(self, user: str) -> bool:
        if user not in self._admins:
            self._admins[user] = self.wiki.is_admin(user)
        return self._admins[user]

    # ------------------------------------------------------------------ answering
    def _reply(self, answer: Answer, page: PageText) -> PageText | None:
        """Write the answer into the request's section; the request page as saved, or None if it could not.

        ``page`` is the request page as last known (read at the start of the poll, or as the previous reply
        saved it): the save re-reads its latest revision anyway, and puts the reply on any newer text.
        """
        signed = request_page.signature(self.wiki.username, self.clock().astimezone(timezone.utc))
        reply = request_page.reply_lines(answer.done, answer.headline, answer.details, signed)

        def compute(text: str):
            return request_page.add_reply(text, answer.request, reply), answer.headline

        try:
            edit = self.wiki.save(page, compute, f"/* {answer.request.heading} */ {answer.headline[:150]}")
        except (WikiError, LookupError) as error:
            log.error("could not answer “%s”: %s", answer.request.heading, error)
            return None
        return page if edit is None else edit.page


#: Requests anyone may post: they change nothing but their own answer.
ANYONE = ("read",)

NOT_FOUND = Origin(None, "the bot could not find who added this request in the page history")


def late_after(poll_seconds: float) -> float:
    """A scheduled request answered later than this after its time says it ran late."""
    return max(2 * poll_seconds, 60.0)


def _step_lines(report: Report) -> list[str]:
    lines = []
    for step in report.steps:
        text = " ".join(step.text.split())
        text = text if len(text) <= 90 else text[:87] + "…"
        lines.append(f"{step.n}. '''{step.status}''' — {step.action}: <nowiki>{text}</nowiki>"
                     + (f" — {step.detail}" if step.detail else ""))
    return lines

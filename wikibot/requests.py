"""The request page on the wiki: find new requests, check who asked, do them, answer.

Who asked is taken from the page history — the revision that added the request — never from a
signature. A request whose text was changed afterwards by someone who is not an Admin is refused,
naming that revision. Every answer is written into the request's own section with a done marker,
so the state lives on the page: a request is never done twice, across restarts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

from actions.report import Report
from parsers import request_page
from parsers.request_page import Request
from wikibot import operations
from wikibot.site import Wiki, WikiError

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
    def __init__(self, wiki: Wiki, clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc)):
        self.wiki = wiki
        self.clock = clock

    # ------------------------------------------------------------------ one polling cycle
    def poll(self) -> list[Answer]:
        if not self.wiki.writes_enabled():
            log.info("run page “%s” does not say true: requests wait", self.wiki.settings.run)
            return []
        page = self.wiki.read(self.wiki.settings.requests)
        pending = [r for r in request_page.parse(page.text) if not r.done and r.kind is not None]
        now = self.clock()
        due = [r for r in pending if r.due(now)]
        if not due:
            return []
        history = self._history()
        answers = []
        for request in due:
            answer = self.handle(request, self._origin(request, history), now)
            self._reply(answer)
            answers.append(answer)
            log.info("request “%s” by %s: %s", request.heading, answer.requester, answer.headline)
        return answers

    def handle(self, request: Request, origin: Origin, now: datetime) -> Answer:
        if origin.problem:
            return Answer(request, origin.requester, True, f"Not done: {origin.problem}", [])
        if not self.wiki.is_admin(origin.requester or ""):
            return Answer(request, origin.requester, True,
                          f"Not done: sorry, {origin.requester}, only Admins may ask the bot to change the "
                          "Ruleset or the gamestate. Please ask an Admin.", [])
        if request.problems:
            return Answer(request, origin.requester, True, "Not done: " + "; ".join(request.problems) + ".", [])
        late = ""
        if request.at is not None and (now - request.at).total_seconds() > 2 * self.wiki.settings.poll_seconds:
            late = f" (scheduled for {request.at:%Y-%m-%d %H:%M} UTC; run late, at {now:%Y-%m-%d %H:%M} UTC)"
        try:
            outcome = self.perform(request)
        except operations.OperationRefused as refused:
            return Answer(request, origin.requester, True, f"Not done: {refused}{late}",
                          _step_lines(refused.report) if refused.report else [])
        except (WikiError, ValueError, LookupError) as error:
            return Answer(request, origin.requester, True, f"Not done: {error}{late}", [])
        links = outcome.links or "no page needed changing"
        return Answer(request, origin.requester, True, f"Done{late}: {outcome.report.summary} — {links}.",
                      _step_lines(outcome.report))

    def perform(self, request: Request) -> operations.Outcome:
        if request.kind == "enact":
            title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
            return operations.enact_on_wiki(self.wiki, title, request.text, request_key=request.key)
        if request.kind == "ascension":
            return operations.reset_on_wiki(self.wiki, request.text, request.params, request_key=request.key)
        if request.kind == "synonyms":
            return operations.synonyms_on_wiki(self.wiki, request.params, request_key=request.key)
        raise ValueError(f"unknown request kind {request.kind!r}")

    # ------------------------------------------------------------------ who asked
    def _history(self) -> list[tuple[int, str, str]]:
        """(revid, user, text) of the request page, oldest first."""
        import pywikibot

        page = pywikibot.Page(self.wiki.site, self.wiki.settings.requests)
        revisions = list(page.revisions(content=True, total=HISTORY_LIMIT))
        return [(r.revid, r.user, r.text or "") for r in reversed(revisions)]

    def _origin(self, request: Request, history: list[tuple[int, str, str]]) -> Origin:
        """Who added the request, and whether anyone but an Admin changed it since."""
        requester = None
        last_text = None
        for revid, user, text in history:
            match = next((r for r in request_page.parse(text) if r.heading == request.heading), None)
            raw = match.raw if match else None
            if raw is not None and requester is None:
                requester, last_text = user, raw
                continue
            if requester is None or raw == last_text or raw is None:
                continue
            if user != self.wiki.username and not self.wiki.is_admin(user):
                return Origin(requester, f"the request was changed by {user}, who is not an Admin, in "
                                         f"[[Special:Diff/{revid}]]; an Admin must post it again")
            last_text = raw
        if requester is None:
            return Origin(None, "the bot could not find who added this request in the page history")
        return Origin(requester, None)

    # ------------------------------------------------------------------ answering
    def _reply(self, answer: Answer) -> None:
        reply = request_page.reply_lines(answer.done, answer.headline, answer.details)

        def compute(text: str):
            return request_page.add_reply(text, answer.request, reply), answer.headline

        page = self.wiki.read(self.wiki.settings.requests)
        try:
            self.wiki.save(page, compute, f"/* {answer.request.heading} */ {answer.headline[:150]}")
        except (WikiError, LookupError) as error:
            log.error("could not answer “%s”: %s", answer.request.heading, error)


def _step_lines(report: Report) -> list[str]:
    lines = []
    for step in report.steps:
        text = " ".join(step.text.split())
        text = text if len(text) <= 90 else text[:87] + "…"
        lines.append(f"{step.n}. '''{step.status}''' — {step.action}: <nowiki>{text}</nowiki>"
                     + (f" — {step.detail}" if step.detail else ""))
    return lines

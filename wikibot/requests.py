"""The request page on the wiki: find new requests, check who asked, do them, answer.

Who asked is taken from the page history — the revision that added the request — never from a
signature. A request whose text was changed afterwards by someone who is not an Admin is refused,
naming that revision. The history is read newest first and only as far back as needed, so a new
request costs the same however long the page's history.

Exactly once, from durable evidence: a request is identified by the revision that added it, and every
edit the bot makes for it carries that in its summary (:func:`parsers.request_page.tag`). Before doing
a request the bot reads its own contributions since then: work or an answer found there means the
request was handled, whatever happened since to the answer on the page or to the state directory; the
answer is put back, the work never redone. An operation done for a request also keeps its journal
until the answer is on the page (:mod:`wikibot.journal`). A request is known on the page by its
heading: two sections with the same heading are both refused.

The bot answers only where it may write: ``{{nobots}}`` on its own request page is not honoured (anyone
can type there; the run page is the stop switch), and if the wiki does not let it edit the request
page it does none of the requests there, saying why once on its log page. Everything it writes into
an answer is inert. A scheduled request is acknowledged (or refused) when first seen.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

from actions.reading import headline as reading_headline
from actions.reading import read_proposal, step_lines
from actions.report import APPLIED, FOR_AN_ADMIN, Report, StepResult
from parsers import request_page
from parsers import ruleset as ruleset_parser
from parsers.errors import WikibotError
from parsers.proposal import parse_proposal
from parsers.request_page import Request
from wikibot import journal as journal_mod
from wikibot import reviews
from wikibot import operations
from parsers.hazards import inert
from wikibot.origins import NOT_FOUND, History, Origin, trace
from wikibot.pages import UNDO_PREFIX, WikiPages
from wikibot.site import PageText, Wiki, WikiError, WikiUnavailable, WritesDisabled, writes_enabled_by
from wikibot.trust import NotKnown, TextHidden, Trust, history_query

log = logging.getLogger("wikibot")

HISTORY_LIMIT = 500
#: The bot's own latest edits looked through for an earlier enactment of the same Proposal.
ENACTMENTS_LOOKBACK = 5000


@dataclass
class Answer:
    request: Request
    requester: str | None
    done: bool
    headline: str
    details: list[str]


class RequestDesk:
    def __init__(self, wiki: Wiki, clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc), *,
                 history_limit: int = HISTORY_LIMIT):
        self.wiki = wiki
        self.clock = clock
        self.history_limit = history_limit   # revisions of the request page read to find who asked
        self.trust = Trust(wiki)              # who is an Admin, what Admins left: renewed each poll
        self._enactments: list[tuple[int, str, str]] | None = None   # the bot's enactments, newest first
        self.store = WikiPages(wiki)          # the pages the requests work on, read once a poll
        self._verified: set[str] = set()     # accepted scheduled requests checked unchanged since (their keys)
        self._silenced: str | None = None    # why the desk cannot answer, as last said on the log page
        self._known: tuple[int | None, list[Request]] | None = None   # the request page as last read, parsed
        self._contribs: list[tuple[int, str, str, str]] = []   # the bot's own edits, newest first
        self._contribs_all = False           # whether those are all of them (else: the latest ENACTMENTS_LOOKBACK)
        self._newest: list[tuple[int, str, str | None, str, str]] = []   # the request page's latest revisions
        self._older: int | None = None       # the revision before those (None: they reach the page's first)

    # ------------------------------------------------------------------ one polling cycle
    def poll(self) -> list[Answer]:
        """One turn. It asks first only whether the request page changed (:meth:`wikibot.site.Wiki.latest`, no
        text): when it did not, and nothing on it waits for its time or for an answer, that is all. Else one
        more query reads what the requests need (:meth:`_prefetch`). A game the bot has not read yet is looked
        at with its texts (:meth:`_first_look`)."""
        settings = self.wiki.settings
        look, first = self._look()
        if self._idle(look):
            return []
        self.trust = Trust(self.wiki, latest=look)
        self.store = WikiPages(self.wiki, latest=look, also=(settings.requests,), trust=self.trust)
        if first is not None:
            self.trust.read_with(settings.ruleset, first.history)
            if first.model is not None:
                self.store.parsed(first.ruleset, first.model)
        self._enactments = None
        self._prefetch(look)
        page = self.store.page(settings.requests)
        requests = request_page.parse(page.text)
        self._known = (page.revid, requests)
        if not writes_enabled_by(self.store.page(settings.run).text):
            log.info("run page “%s” does not say true: requests wait", settings.run)
            self._known = None
            return []
        for recovery in operations.recover_all(self.wiki):
            log.warning("interrupted “%s”: %s (%s)", recovery.journal.operation, recovery.outcome, recovery.detail)
        journals = journal_mod.for_requests(settings.state_dir)
        self._forget_answered(requests, journals)
        now = self.clock()
        due, waiting, accepted = self._waiting(requests, now)
        if not due and not waiting and not accepted:
            self._silenced = None
            return []
        if not page.may_edit:
            # No answer could be written: no work is done either (work without an answer could be done twice).
            self._say_silenced(f"the bot's account may not edit the request page “{settings.requests}” (it is "
                               "protected, or the account is blocked), so it does none of the "
                               f"{len(due)} waiting request(s) until it may answer there")
            return []
        self._silenced = None
        twice = request_page.duplicates(requests)
        cut = request_page.cut_off(requests, due)
        # who added each: for the rights a request needs, and for the tag every edit made for it carries (a
        # {{Read}} needs no one's rights, but its answer too is found again by its tag after a restore)
        needing = due + waiting + accepted
        origins = self._origins(needing, set(cut.values())) if needing else {}
        earlier = self._evidence({r.ident: origins[r.ident] for r in due if r.ident in origins})
        answers = []
        for request in waiting:
            page = self._acknowledge(request, origins.get(request.ident, NOT_FOUND), page, answers)
        for request in accepted:
            page = self._recheck(request, origins.get(request.ident, NOT_FOUND), page, answers)
        for request in due:
            journal = journals.get(request.ident)
            origin = origins.get(request.ident, NOT_FOUND)
            if journal is not None and journal.state == journal_mod.OPEN:
                log.warning("request “%s” waits: its interrupted operation is not yet finished or undone",
                            request.heading)
                continue
            if journal is not None:
                answer = self.answer_from(journal, request, origin.requester)
            elif request.ident in earlier:
                answer = answer_again(request, origin.requester, earlier[request.ident], settings.requests)
            elif request.ident in cut and origin.revid is not None \
                    and origins.get(cut[request.ident], NOT_FOUND).revid == origin.revid:
                answer = Answer(request, origin.requester, True,
                                f"Not done: the section “{cut[request.ident]}” below this request was posted with it "
                                "and holds no request template: a level-2 heading line (== … ==) in the Proposal's "
                                "text ends the request's section there, so the bot would read only part of the "
                                "Proposal. Write such a line as === … === (or leave it out) and post the request "
                                "again, as a new section.", [])
            elif request.ident in twice:
                answer = Answer(request, None, True,
                                f"Not done: more than one request on this page is headed “{request.heading}”, and "
                                "a request is known by its heading; give each request its own heading (for "
                                "example add the date) and post it again.", [])
            else:
                answer = self.handle(request, origin, now)
                if answer is None:
                    continue
            replied = self._reply(answer, page, origin)
            if replied is not None:
                page = replied
                if answer.done:
                    self._forget(answer.request)
            answers.append(answer)
            log.info("request “%s” by %s: %s", request.heading, _who(answer.requester), answer.headline)
        self._known = (page.revid, request_page.parse(page.text))
        return answers

    # ------------------------------------------------------------------ what a turn reads
    def _look(self) -> tuple[dict, "_FirstLook | None"]:
        """The latest revisions of the request page, the run page and the pages requests work on (no text)."""
        s = self.wiki.settings
        known = self.wiki.memory.tracking.get(s.ruleset)
        if known is None:
            return self._first_look()
        titles = [s.requests, s.run, s.ruleset, s.constraints] + ([known[1]] if known[1] else [])
        return self.wiki.latest(*dict.fromkeys(titles)), None

    def _first_look(self) -> tuple[dict, "_FirstLook"]:
        """The look at a game the bot has not read yet (a bot just started, or a new Ruleset): the gamestate page is
        named only in the Ruleset's text, and what Admins left on the Ruleset is told from its history, so those are
        read first, in ONE request (the Ruleset's latest :data:`wikibot.trust.HISTORY` revisions without texts, with
        its latest text: :meth:`wikibot.site.Wiki.history_with_text`); then, in one more, the latest revisions of
        the request page, the run page, the constraints page and the gamestate page, with their texts. Looking at
        the pages' ids first, the texts next and the gamestate page last would be one request more."""
        s = self.wiki.settings
        history, ruleset = self.wiki.history_with_text(f"reading “{s.ruleset}” and its history", s.ruleset,
                                                       **history_query(s.ruleset))
        model = tracking = None
        if ruleset.text is not None:
            model = ruleset_parser.parse(ruleset.text)
            tracking = model.gamestate_title()
            self.wiki.memory.keep(ruleset.page())
            self.wiki.memory.tracking[s.ruleset] = (ruleset.revid, tracking)
        elif ruleset.revid is None:
            self.wiki.memory.tracking[s.ruleset] = (None, None)   # no Ruleset yet: looked at as usual from now on
        titles = [t for t in dict.fromkeys([s.requests, s.run, s.constraints] + ([tracking] if tracking else []))
                  if t != s.ruleset]
        look = self.wiki.latest(*titles, texts=True)
        for seen in look.values():
            if seen.text is not None and seen.title != s.requests:
                self.wiki.memory.keep(seen.page())
        return {**look, s.ruleset: ruleset}, _FirstLook(history, ruleset.page(), model)

    def _waiting(self, requests: list[Request], now: datetime) -> tuple[list, list, list]:
        """(due, scheduled and not yet acknowledged, acknowledged and not yet checked unchanged this process)."""
        pending = [r for r in requests if not r.done and r.kind is not None]
        due = [r for r in pending if r.due(now)]
        waiting = [r for r in pending if not r.due(now) and not r.replied]
        # scheduled and acknowledged, changed since last checked: a change by a player is refused at once
        accepted = [r for r in pending if not r.due(now) and r.replied and r.key not in self._verified]
        return due, waiting, accepted

    def _idle(self, look: dict) -> bool:
        """Nothing to do: the request page is the revision last read, nothing on it is due or waits for an
        acknowledgement, and no operation of an earlier turn waits to be finished or answered."""
        if self._known is None or self._known[0] != look[self.wiki.settings.requests].revid:
            return False
        state = self.wiki.settings.state_dir
        if journal_mod.pending(state) or journal_mod.for_requests(state):
            return False
        due, waiting, accepted = self._waiting(self._known[1], self.clock())
        if due or waiting or accepted:
            return False
        self._silenced = None
        return True

    def _prefetch(self, look: dict) -> None:
        """In ONE query (:meth:`wikibot.site.Wiki.fetch`): the texts of the run page, of the request page's latest
        two revisions (who added a new request) and of the Ruleset, the gamestate page and the constraints page
        when the bot does not hold them at their latest revision already; the groups of the request page's
        latest author and of the authors of the rules pages' histories the bot holds; and the bot's own edits
        since the newest it knows (its enactments, and its work for each request)."""
        s = self.wiki.settings
        request = look[s.requests]
        held = {r.revid: r for r in (request.revision(),) if r is not None}   # read with the look (a first look)
        revids = [r for r in (request.revid, request.parent) if r and r not in held]
        for title, seen in look.items():
            if title != s.requests and seen.revid and self.wiki.memory.page(title, seen.revid) is None:
                revids.append(seen.revid)
        users = [request.user] + [u for title in (s.ruleset, s.constraints) for u in self.trust.known_authors(title)]
        if self._contribs:
            contributions = {"user": self.wiki.username, "end": self._contribs[0][3]}
        else:
            contributions = {"user": self.wiki.username, "limit": "max"}
        fetched = self.wiki.fetch("reading the request page and the pages requests work on", revids=revids,
                                  users=users, contributions=contributions,
                                  most=None if self._contribs else ENACTMENTS_LOOKBACK)
        fetched.revisions.update(held)
        self.trust.learn(fetched.groups)
        self._learn_contribs(fetched.contributions, fresh=not self._contribs)
        for title, seen in look.items():
            rev = fetched.revisions.get(seen.revid) if seen.revid else None
            if rev is not None:
                self.store.keep(PageText(title, rev.text or "", rev.revid, rev.timestamp, seen.may_edit))
            elif not seen.revid:
                self.store.keep(PageText(title, "", None, None, seen.may_edit))
        newest = [r for r in (fetched.revisions.get(i) for i in (request.revid, request.parent) if i) if r]
        self._newest = [(r.revid, r.user, r.timestamp, r.comment, r.text or "") for r in newest]
        # where the history goes on from: before the two read, or (a parent the query did not give) that parent
        self._older = newest[-1].parent if len(newest) == 2 else request.parent if newest else None

    def _learn_contribs(self, found: list[tuple[int, str, str, str]], *, fresh: bool) -> None:
        """The bot's own edits, newest first: those just listed put before those known."""
        known = {c[0] for c in self._contribs}
        self._contribs = [c for c in found if c[0] not in known] + self._contribs
        if fresh:
            self._contribs_all = len(found) < ENACTMENTS_LOOKBACK
        if len(self._contribs) > ENACTMENTS_LOOKBACK:
            del self._contribs[ENACTMENTS_LOOKBACK:]
            self._contribs_all = False

    def _own_edits_since(self, since: str | None) -> list[tuple[int, str, str, str]]:
        """The bot's own edits from ``since`` (an API timestamp) on, oldest first: from those the turn holds when
        they reach back that far, else asked for."""
        held = self._contribs
        if self._contribs_all or (since and held and held[-1][3] < since):
            return [c for c in reversed(held) if not since or c[3] >= since]
        return self.wiki.contributions(self.wiki.username, since)

    def handle(self, request: Request, origin: Origin, now: datetime) -> Answer | None:
        """The answer to a request; None when the wiki failed for a while and the request is done again at the
        next poll (nothing of it was kept)."""
        if request.kind == "read":
            answer = self.read_answer(request)
            if answer is not None:
                answer.requester = origin.requester
            return answer
        if request.kind == "review" and not origin.problem:   # anyone may ask; nothing but the answer is written
            return Answer(request, origin.requester, True, *reviews.answer(self.wiki, request, origin.requester))
        if request.kind == "history" and not origin.problem:  # anyone may ask; nothing but the answer is written
            from wikibot import history

            return Answer(request, origin.requester, True, *history.answer(self.wiki, request))
        refusal = self.refusal(request, origin)
        if refusal is not None:
            return refusal
        late = ""
        if request.at is not None and (now - request.at).total_seconds() > late_after(self.wiki.settings.poll_seconds):
            late = (f" (scheduled for {request.at:%Y-%m-%d %H:%M:%S} UTC; run late, at {now:%Y-%m-%d %H:%M:%S} UTC, "
                    "because the bot was not running then)")
        unaccepted = self._unaccepted_note()
        try:
            outcome = self.perform(request, origin.tag)
        except operations.OperationRefused as refused:
            return Answer(request, origin.requester, True, f"Not done{late}: {refused}",
                          answer_lines(refused.report) if refused.report else [])
        except Exception as error:  # noqa: BLE001 - one request's failure must not stop the others
            left = journal_mod.for_requests(self.wiki.settings.state_dir).get(request.ident)
            if left is not None and left.state == journal_mod.OPEN:
                # Pages already saved could not all be put back: the operation is neither done nor
                # undone. The next poll finishes or undoes it (journal.recover) and answers from that.
                return Answer(request, origin.requester, False,
                              f"{INTERRUPTED}{late}: {str(error).rstrip('.')}. Some pages were already saved and "
                              "could not all be put back yet; the bot finishes or undoes the operation at its "
                              "next turn and answers here.", [])
            if isinstance(error, (WikiUnavailable, WritesDisabled)):
                # The wiki down, read-only or lagging, or the run page set to stop: nothing of the operation
                # remains, so it is done again at the next turn.
                if left is not None:
                    left.close()
                log.warning("request “%s” waits: %s", request.heading, error)
                return None
            if not isinstance(error, WikibotError):
                log.exception("request “%s” failed", request.heading)
                error = (f"the bot failed unexpectedly ({type(error).__name__}: {error}) and kept none of its "
                         "changes; tell whoever runs the bot (the log has the details).")
            return Answer(request, origin.requester, True, f"Not done{late}: {error}", [])
        report = outcome.report
        left = report.left_for_an_admin
        left_note = (" Left for an Admin: " + "; ".join(f"step {s.n} ({_reason(s)})" for s in left) + "."
                     if left else "")
        if not report.with_status(APPLIED):
            why = ("it holds no step the bot could read" if not report.steps else
                   "what it asks for is so already" if all(s.no_op for s in report.steps) else
                   "every step was ignored, as the rules say")
            return Answer(request, origin.requester, True, f"Not done{late}: nothing was changed: {why}.{left_note}",
                          answer_lines(report))
        self._remember_enactment(request, outcome)
        links = outcome.links or "no page needed changing"
        summary = request_page.plain_summary(report.summary)
        return Answer(request, origin.requester, True, f"Done{late}: {summary} — {links}.{left_note}{unaccepted}",
                      answer_lines(report))

    def refusal(self, request: Request, origin: Origin) -> Answer | None:
        """Why a request that changes the wiki is not done, before anything is tried: who asked, what the
        section holds, a Proposal the bot enacted before. None when nothing stands in its way."""
        if origin.problem:
            return Answer(request, origin.requester, True, f"Not done: {origin.problem}", [])
        if not self._is_admin(origin.requester or ""):
            return Answer(request, origin.requester, True,
                          f"Not done: sorry, {origin.requester}, only Admins may ask the bot to change the "
                          "Ruleset or the gamestate. Please ask an Admin.", [])
        if request.problems:
            return Answer(request, origin.requester, True,
                          "Not done: " + "; ".join(p.rstrip(".") for p in request.problems) + ".", [])
        if request.kind == "enact" and not request.text.strip():
            return Answer(request, origin.requester, True, "Not done: the request holds no Proposal text below its "
                          "{{Enact}} template; post the Proposal's text there and ask again.", [])
        if request.kind == "enact":
            return self._enacted_before(request, origin)
        return None

    # ------------------------------------------------------------------ exactly once per Proposal
    def _enacted_before(self, request: Request, origin: Origin) -> Answer | None:
        """A Proposal the bot enacted before (the same address, or the same name when either has none) is
        refused, naming the earlier enactment, unless the Admin's request says ``again=N`` with that
        enactment's revision N: one Proposal posted twice must not be enacted twice."""
        name, url = proposal_identity(request)
        try:
            pages = {self.wiki.settings.ruleset, self.store.game().gamestate_title}    # this game's pages
        except WikiUnavailable:
            raise
        except WikiError:
            pages = {self.wiki.settings.ruleset}   # no Ruleset: the enactment says so in its answer
        for revid, title, comment in self._enacted():
            if title not in pages or origin.tag and origin.tag in comment:
                continue   # another game's page, or this very request's own work (answered "Already done")
            named = request_page.enactment_named(comment)
            if named is None or not request_page.same_proposal(name, url, *named):
                continue
            again = request.params.get("again", "").strip().removeprefix("Special:Diff/").strip("[] ")
            if again == str(revid):
                return None
            said = f" (again={again} names another revision)" if again else ""
            return Answer(request, origin.requester, True,
                          f"Not done: the bot enacted this Proposal before, in [[Special:Diff/{revid}]] (“{title}”: "
                          f"{request_page.plain_summary(comment)}){said}; a Proposal is enacted once. If it is "
                          "meant to be enacted again, an Admin posts the request again, as a new section, with "
                          f"again={revid} in its template: {{{{Enact|title=…|again={revid}}}}}.", [])
        return None

    def _enacted(self) -> list[tuple[int, str, str]]:
        """The bot's own enactments among its latest :data:`ENACTMENTS_LOOKBACK` edits (summaries only, read
        once a poll), newest first, without those its own later edit undid (an operation that could not be
        completed). Durable: the wiki keeps them whatever happens to the request page or the state directory."""
        if self._enactments is None:
            edits = self._contribs
            undone = {tag for _revid, _title, comment, _when in edits
                      if request_page.plain_summary(comment).startswith(UNDO_PREFIX)
                      for tag in request_page.tagged(comment)}
            self._enactments = [(revid, title, comment) for revid, title, comment, _when in edits
                                if title != self.wiki.settings.requests and request_page.enactment_named(comment)
                                and not set(request_page.tagged(comment)) & undone]
        return self._enactments

    def _remember_enactment(self, request: Request, outcome: operations.Outcome) -> None:
        """This poll's enactments count for the requests after it in the same poll."""
        if request.kind == "enact" and self._enactments is not None and outcome.saved:
            first = outcome.saved[0]
            self._enactments.insert(0, (first.revid, first.title, outcome.report.summary))

    def _unaccepted_note(self) -> str:
        """What an answer adds when the Ruleset carries edits no Admin has accepted: the work was done on top
        of them, and they still do not count (:mod:`actions.accepted`)."""
        try:
            state = self.trust.accepted(self.wiki.settings.ruleset)
        except NotKnown as error:
            log.warning("%s", error)
            return (" Note: the bot cannot tell which edits of the Ruleset an Admin has accepted (no Admin's Accept "
                    "among the revisions it looked at), so none of them counts for the guard until an Admin accepts "
                    "the Ruleset as it stands (an Admin's edit of it with a summary starting “Accept”).")
        except (WikiError, TextHidden) as error:
            log.warning("could not tell whether the Ruleset carries unaccepted edits: %s", error)
            return ""
        if state is None or state.clean:
            return ""
        return (f" Note: the Ruleset carries edits no Admin has accepted ({state.unaccepted()}); this was done on "
                "top of them, and they still do not count until an Admin accepts them (an Admin's edit of the "
                "Ruleset with a summary starting “Accept”) or reverts them.")

    def read_answer(self, request: Request) -> Answer | None:
        """The bot's reading of a draft proposal, tried on the Ruleset as it stands; nothing is changed.
        Anyone may ask: reading writes nothing but the answer."""
        if request.problems:
            return Answer(request, None, True, "Not read: " + "; ".join(p.rstrip(".") for p in request.problems) + ".", [])
        if not request.text.strip():
            return Answer(request, None, True, "Not read: the section holds no proposal text below {{Read}}; "
                          "paste the draft there and post it again.", [])
        title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
        proposal = parse_proposal(title, request.text)
        try:
            game = self.store.game()
            overrides = (self.store.overrides(game) if game.gamestate is not None
                         and operations.changes_gamestate(proposal) else [])
        except WikiUnavailable as error:
            log.warning("request “%s” waits: %s", request.heading, error)
            return None
        except (WikiError, TextHidden):
            game, overrides = None, []     # no Ruleset: the steps are read, not tried
        reading = read_proposal(proposal, game.model if game else None,
                                gamestate_text=game.gamestate.text if game and game.gamestate else None,
                                gamestate_title=game.gamestate_title if game else None, overrides=overrides)
        return Answer(request, None, True, reading_headline(reading),
                      [inert(line) for line in step_lines(reading)])

    def perform(self, request: Request, tag: str = "", *, dry_run: bool = False) -> operations.Outcome:
        """The request's operation (:mod:`wikibot.operations`) on the poll's pages."""
        options = {"request_key": request.ident, "tag": tag, "dry_run": dry_run}
        if request.kind == "enact":
            title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
            return operations.enact(self.store, title, request.text, url=request.params.get("url", ""), **options)
        if request.kind == "ascension":
            return operations.reset(self.store, request.text, request.params, **options)
        if request.kind == "synonyms":
            return operations.synonyms(self.store, request.params, **options)
        raise ValueError(f"unknown request kind {request.kind!r}")

    # ------------------------------------------------------------------ operations that outlived a process
    @staticmethod
    def answer_from(journal: journal_mod.Journal, request: Request, requester: str | None = None) -> Answer:
        """The answer to a request whose operation was already done (or undone) at an earlier turn: never done
        again. Every such answer says so, in the same words."""
        how = "after a restart" if journal.after_restart else "at an earlier turn"
        operation = request_page.plain_summary(journal.operation)
        if journal.state == journal_mod.FINISHED:
            links = ", ".join(f"{p.title}: [[Special:Diff/{p.saved_revid}]]" for p in journal.saved)
            return Answer(request, requester, True,
                          f"Done (completed {how}): {operation} — {links or 'no page needed changing'}.",
                          answer_lines(Report("", steps=[StepResult(**s) for s in journal.steps])))
        if journal.state == journal_mod.UNDONE:
            return Answer(request, requester, True,
                          f"Not done (interrupted {how}): “{operation}” was undone: {journal.detail}. None of its "
                          "changes remain; post the request again, as a new section.", [])
        return Answer(request, requester, True,
                      f"Not done (interrupted {how}): “{operation}” could not be finished or undone: "
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
    def _origins(self, due: list[Request], others: set[str] = frozenset()) -> dict[str, Origin]:
        """For every request due: who added it (the revision that added its section), and whether anyone but an
        Admin changed what it asks since (:mod:`wikibot.origins`: the history read as little as that needs).
        A request older than the last ``history_limit`` revisions was added by someone unknown, unless the bot
        acknowledged it then (:meth:`_accepted_before`). ``others``: headings of other sections whose origin is
        wanted too (sections that may be the rest of a request)."""
        history = History(self.wiki, self.wiki.settings.requests, self._newest, self._older, self.history_limit)
        latest = (history.sections(0)[0] or {}) if history.entry(0) is not None else {}
        wanted = ({r.ident for r in due} | set(others)) & set(latest)   # a request gone since the page was read
        requests_title = self.wiki.settings.requests
        acks = {revid: request_page.accepted(summary) for revid, title, summary, _when in self._contribs
                if title == requests_title}
        found, beyond, problems = trace(history, wanted, self.trust.admins, self.wiki.username, acks.get)
        if beyond:
            found.update(self._accepted_before(beyond, latest, problems))
        missing = wanted - set(found)
        if missing:
            too_old = (f"the request is older than the last {self.history_limit} revisions of the request page, so "
                       "the bot cannot tell who added it; archive the answered requests, and an Admin must post it "
                       "again")
            found.update({ident: Origin(None, too_old) for ident in missing})
        return found

    def _accepted_before(self, wanted: set[str], latest: dict[str, str],
                         problems: dict[str, str]) -> dict[str, Origin]:
        """Requests older than the revisions read that the bot acknowledged (scheduled requests): who added them
        was checked then. The acknowledgement is found among the bot's latest edits (summaries only) and its
        revision is read: the request stands as it was accepted, or it is refused. So a flood of edits on the
        request page cannot get a scheduled request refused."""
        found: dict[str, Origin] = {}
        for revid, title, summary, when in self._contribs[:self.history_limit]:
            ack = request_page.accepted(summary) if title == self.wiki.settings.requests else None
            if ack is None or ack[0] not in wanted or ack[0] in found:
                continue
            ident, request_revid, requester = ack
            text, _parent = self.wiki.revision(revid)
            then = {i: " ".join(raw.split()) for i, raw in reversed(request_page.sections(text))}
            problem = problems.get(ident) or (None if then.get(ident) == latest.get(ident) else (
                f"the request was changed after the bot accepted it in [[Special:Diff/{revid}]], by edits too "
                f"many to tell whose (more than {self.history_limit} revisions since); an Admin must post it again"))
            found[ident] = Origin(requester, problem, request_revid, when)
        return found

    def _evidence(self, origins: dict[str, Origin]) -> dict[str, list[tuple[int, str, str]]]:
        """The bot's own edits made for each of these requests (its work and its answers), found by the
        request's tag in their summaries, among its contributions since the oldest of them was added. Durable
        evidence: it stays in the wiki's history whatever happens to the request page or the state directory."""
        tags = {o.revid: ident for ident, o in origins.items() if o.revid}
        if not tags:
            return {}
        since = min((o.timestamp for o in origins.values() if o.revid and o.timestamp), default=None)
        found: dict[str, list[tuple[int, str, str]]] = {}
        for revid, title, comment, _when in self._own_edits_since(since):
            for tagged in request_page.tagged(comment):
                if tagged in tags:
                    found.setdefault(tags[tagged], []).append((revid, title, comment))
        return found

    def _is_admin(self, user: str) -> bool:
        return self.trust.is_admin(user)

    # ------------------------------------------------------------------ answering
    def _acknowledge(self, request: Request, origin: Origin, page: PageText, answers: list[Answer]) -> PageText:
        """A scheduled request, when first seen, is read and tried at once: refused at once if it cannot be done
        (not an Admin's, a Proposal enacted before, text the bot cannot read — each sentence named), else
        acknowledged with its time, how to cancel it, and what a try on the pages as they stand says. The
        acknowledgement carries no request tag: it is not an answer, and the request is done at its time."""
        answer = self.refusal(request, origin) or self._unreadable(request, origin)
        if answer is None:
            trial = self._trial(request)
            if trial is None:
                return page    # the wiki failed for a while: acknowledged at the next poll
            note, details = trial
            answer = Answer(request, origin.requester, False,
                            f"Accepted: the bot does this at {request.at:%Y-%m-%d %H:%M:%S} UTC. {note} To cancel it, "
                            "remove this section (or its template) before then; a change to its text by anyone but "
                            "an Admin cancels it too.", details)
        return self._answer_waiting(answer, page, origin, answers)

    def _recheck(self, request: Request, origin: Origin, page: PageText, answers: list[Answer]) -> PageText:
        """An accepted scheduled request whose text differs from the one last checked: changed by anyone but an
        Admin since it was accepted, it is refused now, not at its time."""
        if not origin.problem:
            self._verified.add(request.key)
            return page
        return self._answer_waiting(Answer(request, origin.requester, True, f"Not done: {origin.problem}", []),
                                    page, origin, answers)

    def _answer_waiting(self, answer: Answer, page: PageText, origin: Origin, answers: list[Answer]) -> PageText:
        replied = self._reply(answer, page, origin if answer.done else None,
                              None if answer.done else request_page.accepted_tag(origin.revid, origin.requester))
        if replied is not None and not answer.done:
            self._verified.add(answer.request.key)
        answers.append(answer)
        log.info("request “%s” by %s: %s", answer.request.heading, _who(answer.requester), answer.headline)
        return replied if replied is not None else page

    def _unreadable(self, request: Request, origin: Origin) -> Answer | None:
        """A scheduled request whose text holds sentences the bot cannot read is refused when it is first seen,
        each sentence named: at its time the whole request would be refused for them."""
        if request.kind == "ascension":
            from parsers.ascension import parse_address

            unread = [(u.sentence, u.reason) for u in parse_address(operations.address_text(request.text,
                                                                                           request.params)).unreadable]
        elif request.kind == "enact":
            from parsers import steps as st
            from parsers.proposal import parse_proposal

            proposal = parse_proposal(proposal_identity(request)[0] or "Proposal", request.text)
            unread = [(s.text, s.reason) for s in proposal.steps if isinstance(s, st.Unsupported)]
        else:
            return None
        if not unread:
            return None
        named = "; ".join(f"{quoted(_short(' '.join(text.split()), 120))} ({_short(reason, 120).rstrip('.')})"
                          for text, reason in unread)
        what = "Address" if request.kind == "ascension" else "Proposal"
        return Answer(request, origin.requester, True,
                      f"Not done: the bot cannot read {len(unread)} sentence{'s' * (len(unread) != 1)} of the {what}, "
                      f"and at its time it would refuse the whole request for them: {named}. Reword "
                      f"{'them' if len(unread) != 1 else 'it'} (or do that part by hand) and post the request again, "
                      "as a new section.", [])

    def _trial(self, request: Request) -> tuple[str, list[str]] | None:
        """The request tried on the pages as they stand now, nothing written: what the acknowledgement says of
        it, and the step lines when it would not be done. None when the wiki failed for a while."""
        try:
            self.perform(request, dry_run=True)
        except operations.OperationRefused as refused:
            return (f"Tried on the pages as they stand now, it would not be done: {str(refused).rstrip('.')}; unless "
                    "they change by then, it will be refused at its time.",
                    answer_lines(refused.report) if refused.report else [])
        except (WikiUnavailable, WritesDisabled) as error:
            log.warning("request “%s” waits: %s", request.heading, error)
            return None
        except WikibotError as error:
            return (f"Tried on the pages as they stand now, it would not be done: {str(error).rstrip('.')}.", [])
        return "Tried on the pages as they stand now, it applies.", []

    def _say_silenced(self, why: str) -> None:
        """Say once on the log page (and in the console) why the desk does nothing."""
        log.warning("requests wait: %s", why)
        if self._silenced == why:
            return
        line = f"* {self.clock().astimezone(timezone.utc):%Y-%m-%d %H:%M} UTC — requests wait: {inert(why)}."

        def compute(text: str):
            return (text.rstrip("\n") + "\n" if text.strip() else "") + line + "\n", line

        try:
            self.wiki.save(self.wiki.read(self.wiki.settings.log), compute, "Requests wait: the bot cannot answer")
            self._silenced = why
        except WikibotError as error:
            log.error("could not write to the log page: %s", error)

    def _reply(self, answer: Answer, page: PageText, origin: Origin | None = None,
               tag: str | None = None) -> PageText | None:
        """Write the answer into the request's section; the request page as saved, or None if it could not.

        ``page`` is the request page as last known (read at the start of the poll, or as the previous reply
        saved it): the save re-reads its latest revision anyway, and puts the reply on any newer text.
        """
        signed = request_page.signature(self.wiki.username, self.clock().astimezone(timezone.utc))
        # The headline may quote page text (a template's name in an error, a rule's title): written inert. The
        # detail lines are made inert piece by piece where they are built (they hold the bot's own bold).
        reply = request_page.reply_lines(answer.done, inert(answer.headline), answer.details, signed)

        def compute(text: str):
            return request_page.add_reply(text, answer.request, reply), answer.headline

        try:
            summary = f"/* {answer.request.heading} */ {_short(answer.headline)}"
            tag = tag if tag is not None else origin.tag if origin else ""
            # the operation just done checked the run page and this page with its own pages: no second check
            checked = self.store.checked.pop(self.wiki.settings.requests, None)
            edit = self.wiki.save(page, compute, request_page.with_tag(summary, tag),
                                  checked=checked if checked is not None and checked.revid == page.revid else None)
        except WikibotError as error:
            log.error("could not answer “%s”: %s", answer.request.heading, error)
            return None
        return page if edit is None else edit.page


@dataclass
class _FirstLook:
    """What a first look read beyond the pages' latest revisions: the Ruleset's history as the API answered (for
    the turn's :class:`~wikibot.trust.Trust`), and the Ruleset as read and parsed (for the turn's store)."""

    history: dict
    ruleset: PageText
    model: "ruleset_parser.Ruleset | None"


#: how an answer begins when the work was left half done (the next turn finishes or undoes it)
INTERRUPTED = "Interrupted"



def late_after(poll_seconds: float) -> float:
    """A scheduled request answered later than this after its time says it ran late."""
    return max(2 * poll_seconds, 60.0)


def answer_again(request: Request, requester: str | None, edits: list[tuple[int, str, str]],
                 requests_title: str) -> Answer:
    """The answer to a request the bot's own edits show it already did or answered: put back, never redone."""
    replies = [e for e in edits if e[1] == requests_title]
    undone = [e for e in edits if e[1] != requests_title and e[2].startswith(UNDO_PREFIX)]
    work = [e for e in edits if e[1] != requests_title and e not in undone]
    note = ["The bot's earlier answer is not on this page any more; the request is not done again. To ask for it "
            "once more, post it again as a new section with a heading of its own."]
    if replies and request_page.plain_summary(replies[-1][2]).startswith(INTERRUPTED):
        # Half done when last heard of, and the journal that would finish or undo it is gone: never guess.
        saved = ", ".join(f"{t}: [[Special:Diff/{r}]]" for r, t, _c in work + undone) or "none found"
        return Answer(request, requester, True, f"Not done: the bot's work for it was interrupted "
                      f"([[Special:Diff/{replies[-1][0]}]]) and the record it would finish or undo it from is "
                      f"lost. Its edits: {saved}. An Admin must check those pages and finish or undo it by hand.",
                      note)
    if work and not undone:
        return Answer(request, requester, True, "Already done in "
                      + ", ".join(f"{t}: [[Special:Diff/{r}]]" for r, t, _c in work) + ".", note)
    if replies:
        revid, _title, comment = replies[-1]
        return Answer(request, requester, True, f"Already answered in [[Special:Diff/{revid}]]: "
                      f"{request_page.plain_summary(comment)}", note)
    return Answer(request, requester, True, "Not done: the bot's work for it was interrupted and undone in "
                  + ", ".join(f"[[Special:Diff/{r}]]" for r, _t, _c in undone) + ".", note)


def _who(requester: str | None) -> str:
    """Who asked, for the console: a request whose author the bot did not trace (two with one heading, or one
    older than the history it reads) says so — such a request is refused when only Admins may make it."""
    return requester or "someone (not traced)"


def proposal_identity(request: Request) -> tuple[str, str]:
    """(name, address) of the Proposal an {{Enact}} request names: its title without "Proposal:" and tags
    (from the heading when the template gives none), and its ``url``."""
    from parsers.proposal import parse_title

    title = request.params.get("title") or request.heading.split(":", 1)[-1].strip()
    return parse_title(title)[0], request.params.get("url", "").strip()


def _short(headline: str, most: int = 150) -> str:
    return headline if len(headline) <= most else headline[:most - 1] + "…"


def _reason(step: StepResult) -> str:
    """Why an ignored step is left for an Admin, in a few words: its kind when that says it (a condition, a
    later time…), else its kind and why it was ignored (e.g. no such rule)."""
    detail = _detail(step)
    if step.action in FOR_AN_ADMIN or not detail:
        return step.action
    return f"{step.action}: {_short(detail, 100)}"


def _detail(step: StepResult) -> str:
    """A step's reason as an answer shows it: without the words the answer shows already — the step's kind,
    and the step's own text quoted again."""
    detail = " ".join(step.detail.split())
    detail = detail.replace(f"\u201c{' '.join(step.text.split())}\u201d", "").strip()
    if detail.casefold().startswith(step.action.casefold() + ":"):
        detail = detail[len(step.action) + 1:].strip()
    return detail.rstrip(":").strip()


def quoted(text: str) -> str:
    """Text in quotation marks; in single ones when it holds double ones, so that quotes do not nest alike."""
    return f"\u2018{text}\u2019" if "\u201c" in text or "\u201d" in text else f"\u201c{text}\u201d"


def answer_lines(report: Report) -> list[str]:
    """One line a step: its status, kind, the words it came from and why; all of it as plain text."""
    lines = []
    for step in report.steps:
        text = " ".join(step.text.split())
        text = text if len(text) <= 90 else text[:87] + "…"
        detail = _detail(step)
        lines.append(f"{step.n}. '''{step.status}''' — {inert(step.action)}: {inert(text)}"
                     + (f" — {inert(detail)}" if detail else ""))
    return lines

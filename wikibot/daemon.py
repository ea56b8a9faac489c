"""``wikibot run``: the bot's main job, driven by ``schedule``.

Jobs: poll the request page (which also runs Ascensions whose ``at=`` time has come — the schedule
lives on the page, so it survives restarts) every ``poll_seconds``, and patrol the gamestate page
and the rules pages (:mod:`wikibot.patrol`) every ``patrol_seconds``, and with it bring the history store
up to date and rewrite the audit page when the rules pages changed (:class:`wikibot.history.Auditor`). Before the first job,
operations a killed process left half-done are finished or undone. SIGINT and SIGTERM stop the
loop between jobs; a job that fails is logged and tried again at its next turn.
"""

from __future__ import annotations

import logging
import signal
import threading
from typing import Callable

import schedule

from wikibot import operations
from wikibot.history import Auditor
from wikibot.patrol import Patrol
from wikibot.requests import RequestDesk
from wikibot.site import Wiki

log = logging.getLogger("wikibot")


class Daemon:
    def __init__(self, wiki: Wiki, jobs: dict[str, tuple[float, Callable[[], object]]] | None = None):
        self.wiki = wiki
        self.stopping = threading.Event()
        self.scheduler = schedule.Scheduler()
        if jobs is None:
            desk = RequestDesk(wiki)
            self.patrol = Patrol(wiki)
            jobs = {"requests": (wiki.settings.poll_seconds, desk.poll),
                    "patrol": (wiki.settings.patrol_seconds, self.patrol.cycle),
                    "audit": (wiki.settings.patrol_seconds, Auditor(wiki).cycle)}
        self.jobs = jobs

    def _guarded(self, name: str, job: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            if self.stopping.is_set():
                return
            try:
                job()
            except Exception as error:  # a failing job must not stop the others
                log.error("%s: %s: %s", name, type(error).__name__, error)
        return run

    def start(self) -> None:
        for recovery in operations.recover_all(self.wiki):
            log.warning("interrupted “%s”: %s (%s)", recovery.journal.operation, recovery.outcome, recovery.detail)
        for name, (seconds, job) in self.jobs.items():
            self.scheduler.every(seconds).seconds.do(self._guarded(name, job))

    def run_once(self) -> None:
        """Every job once, now (used by ``wikibot demo`` and the tests)."""
        for name, (_seconds, job) in self.jobs.items():
            self._guarded(name, job)()

    def run_forever(self) -> None:
        self.start()
        previous = {sig: signal.signal(sig, lambda *_: self.stopping.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
        log.info("wikibot running on %s as %s; jobs: %s", self.wiki.site, self.wiki.username, ", ".join(self.jobs))
        try:
            self.run_once()
            while not self.stopping.is_set():
                self.scheduler.run_pending()
                self.stopping.wait(min(1.0, max(self.scheduler.idle_seconds or 1.0, 0.05)))
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self.scheduler.clear()
            log.info("wikibot stopped")

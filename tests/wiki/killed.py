"""The bot run in a process that is killed (SIGKILL) part-way, for the tests of what a restart does.

The process is forked from the test's own: the bot's code and its grammars are loaded already (a
fresh interpreter spent seconds importing pywikibot and building the grammars before each kill). The
child is a process of its own all the same: what it held in memory dies with it, what it wrote to the
wiki and to its state directory stays, and the test goes on as the restarted bot. The child makes its
own ``Wiki`` and ``Daemon`` from the settings given, as ``wikibot run --once`` does; it never returns
to the test: it dies of the kill, or exits with 3 ("not killed") or 1 (an exception, printed).
"""

from __future__ import annotations

import os
import signal
import sys
import traceback
from collections.abc import Callable

#: Exit status of a child that ran to the end without being killed.
NOT_KILLED = 3


def die() -> None:
    """Kill this process at once: no cleanup, no flush, no atexit (as ``kill -9`` from outside)."""
    os.kill(os.getpid(), signal.SIGKILL)


def run_killed(body: Callable[[], None]) -> None:
    """Run *body* in a child process forked from this one; fail unless the child died of SIGKILL.

    What the child printed is in the failure message."""
    read, write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        code = NOT_KILLED
        try:
            os.close(read)
            out = os.fdopen(write, "w", buffering=1)
            sys.stdout = sys.stderr = out
            os.dup2(write, 1)
            os.dup2(write, 2)
            body()
            print("not killed", flush=True)
        except BaseException:   # noqa: BLE001 - the child reports whatever stopped it, then exits
            traceback.print_exc()
            code = 1
        finally:
            try:
                sys.stdout.flush()
            finally:
                os._exit(code)
    os.close(write)
    with os.fdopen(read, "r", errors="replace") as pipe:
        output = pipe.read()
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
        f"the bot's process was meant to die of SIGKILL; it ended with status {status}:\n{output}")


def bot_cycle(settings, site_factory: Callable[[], object]) -> None:
    """In the child: one cycle of the bot as ``wikibot run --once`` runs it (recover, then one poll),
    with a ``Wiki`` and ``Daemon`` of its own."""
    from wikibot.daemon import Daemon
    from wikibot.site import Wiki

    site = site_factory()
    site.login()
    daemon = Daemon(Wiki(site, settings))
    daemon.start()
    daemon.run_once()

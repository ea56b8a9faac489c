"""Run the ``wikibot`` command line in this process (``cli.main``), as ``python -m wikibot`` runs it.

A fresh interpreter per command costs a second or more (the grammars are built again each time); the
offline commands are the same code in process, with what they print and the exit status they return.
The live commands (``run``, ``setup``, …) import pywikibot with a configuration directory of their
own, so their tests start a real process (:func:`wikibot_process`), as does the test of the module's
entry point itself.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

from wikibot import cli


def wikibot(*args) -> subprocess.CompletedProcess:
    """``wikibot ARGS`` through ``cli.main``: its exit status, standard output and standard error."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:   # argparse's usage errors
            code = exit_.code if isinstance(exit_.code, int) else 2
    return subprocess.CompletedProcess(["wikibot", *argv], code, out.getvalue(), err.getvalue())


def wikibot_process(*args, cwd=None) -> subprocess.CompletedProcess:
    """``python -m wikibot ARGS`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "wikibot", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd)

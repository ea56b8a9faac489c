"""Every benchmark figure in one table: one ``name: value`` line each, in a stable order.

    .venv/bin/python bench/summary.py            # all benchmarks
    .venv/bin/python bench/summary.py parse enact  # only these

Runs each benchmark script of this folder in its own process (so one benchmark's imports, caches
and local wiki cannot colour another's figures), in the order of ``BENCHMARKS``, and prints the
lines each one prints, unchanged. A benchmark that fails prints ``<name>_error: …`` and the
summary exits with status 1 after the others have run.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: script → what it measures (the order of the table)
BENCHMARKS = {
    "parse": "Ruleset and gamestate parsing, against a bare mwparserfromhell.parse",
    "enact": "an enactment of a real proposal, against a bare parse",
    "read": "proposal reading time per KB at 1, 5 and 20 KB (linear: growth at most 1.5)",
    "hostile": "Ruleset reading and markup checks per KB on hostile pages of 20, 80 and 320 KB (linear: growth at most 1.5)",
    "definitions": "the rules' definitions read by their grammar, per KB at 1, 4 and 16 KB (linear: growth at most 1.5)",
    "reset": "a Dynastic Reset with Synonyms, against a bare parse; wrong replacements",
    "guard": "the edit check of the gamestate guard, against a bare parse",
    "review": "a review of a hand enactment, against the enactments it runs (one per applied step, plus one)",
    "live": "API requests and time per enactment on a local MediaWiki",
    "patrol": "patrol throughput on a local MediaWiki",
    "load": "the load tests at full size on a local MediaWiki: 200 queued requests, a burst of 1,000 gamestate edits",
    "history": "the history store: build time per revision at 250 and 1000 revisions (linear: growth about 1), "
               "a history answer from the store, revisions downloaded once on a local MediaWiki",
}


def figures(output: str) -> list[str]:
    """The ``name: value`` lines of a benchmark's output."""
    lines = []
    for line in output.splitlines():
        name, sep, value = line.partition(":")
        if sep and name and " " not in name.strip() and value.strip():
            lines.append(f"{name.strip()}: {value.strip()}")
    return lines


def run(name: str) -> tuple[list[str], bool]:
    script = HERE / f"{name}.py"
    if not script.exists():
        return [f"{name}_error: bench/{name}.py does not exist"], False
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=HERE.parent)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return [f"{name}_error: exit {done.returncode}: {last}"], False
    return figures(done.stdout) + [f"{name}_bench_seconds: {seconds:.1f}"], True


def main(argv: list[str]) -> int:
    unknown = [a for a in argv if a not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}", file=sys.stderr)
        return 2
    ok = True
    for name in argv or list(BENCHMARKS):
        lines, fine = run(name)
        ok &= fine
        for line in lines:
            print(line, flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Parse + serialize of the largest Ruleset fixture, as a ratio to a bare mwparserfromhell.parse.

    .venv/bin/python bench/parse.py

Prints `name: value` lines. Target: parse_ratio at most 2.0.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import mwparserfromhell

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parsers import ruleset  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"


def median_seconds(work, repeat: int = 21) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def largest_ruleset() -> Path:
    return max(FIXTURES.glob("ruleset_*.wiki"), key=lambda p: p.stat().st_size)


def main() -> None:
    path = largest_ruleset()
    text = path.read_text(encoding="utf-8")

    def ours():
        model = ruleset.parse(text)
        for rule in model.rules:  # titles are read lazily: include them, as every action does
            rule.title
        assert str(model) == text

    baseline = median_seconds(lambda: mwparserfromhell.parse(text))
    measured = median_seconds(ours)
    print(f"parse_fixture: {path.name} ({len(text)} bytes)")
    print(f"parse_baseline_ms: {baseline * 1000:.2f}")
    print(f"parse_ms: {measured * 1000:.2f}")
    print(f"parse_ratio: {measured / baseline:.2f}")


if __name__ == "__main__":
    main()

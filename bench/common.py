"""What every benchmark shares: the fixtures, the project on sys.path, a median timer, and the
growth of time per KB as a text grows (for the benchmarks that show reading stays linear).

Each benchmark is run as a script (``.venv/bin/python bench/parse.py``), so this folder is on
``sys.path`` and ``from common import …`` finds this module.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURES = ROOT / "tests" / "fixtures"


def seconds_each(work, repeat: int, inner: int = 1) -> list[float]:
    """The time of one call of ``work`` in each of ``repeat`` runs of ``inner`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            work()
        times.append((time.perf_counter() - start) / inner)
    return times


def median_seconds(work, repeat: int = 21, inner: int = 1) -> float:
    """The median time of one call of ``work`` over ``repeat`` runs of ``inner`` calls each."""
    return statistics.median(seconds_each(work, repeat, inner))


def paired_ratio(baseline, work, repeat: int = 21) -> tuple[float, float, float, float]:
    """``work`` against ``baseline``, each timed right after the other ``repeat`` times, so that the load of a
    shared machine, which drifts, weighs on both alike: (the median of the pairs' ratios, the ratio of the
    fastest of each, the median baseline, the median work), times in seconds."""
    base_times, work_times, ratios = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        baseline()
        middle = time.perf_counter()
        work()
        end = time.perf_counter()
        base_times.append(middle - start)
        work_times.append(end - middle)
        ratios.append((end - middle) / (middle - start))
    return (statistics.median(ratios), min(work_times) / min(base_times), statistics.median(base_times),
            statistics.median(work_times))


def largest(pattern: str) -> Path:
    """The largest fixture whose name matches ``pattern`` (e.g. "ruleset_*.wiki")."""
    return max(FIXTURES.glob(pattern), key=lambda p: p.stat().st_size)


def fastest_seconds(work, repeat: int = 5, inner: int = 1) -> float:
    """The fastest time of one call of ``work`` over ``repeat`` runs of ``inner`` calls each: other
    load on the machine only ever adds time, so the minimum is the steadiest measure of growth."""
    return min(seconds_each(work, repeat, inner))


def print_growth(prefix: str, kinds: dict[str, Callable[[int], str]], sizes: tuple[int, ...],
                 work: Callable[[str], object], *, budget: int = 0, repeat: int = 5) -> None:
    """For each kind of text, made at each size: ``<prefix>_<kind>_<N>kb_ms`` and
    ``<prefix>_<kind>_growth`` (time per KB at the largest size over time per KB at the smallest).
    ``budget``: characters to read per timed run (small texts are read several times)."""
    for kind, make in kinds.items():
        per_kb = {}
        for size in sizes:
            text = make(size)
            work(text)  # warm: compiled patterns are not reading
            seconds = fastest_seconds(lambda: work(text), repeat, inner=max(1, budget // size))
            per_kb[size] = seconds / (size / 1000)
            print(f"{prefix}_{kind}_{size // 1000}kb_ms: {seconds * 1000:.1f}")
        print(f"{prefix}_{kind}_growth: {per_kb[sizes[-1]] / per_kb[sizes[0]]:.2f}")

"""What every benchmark shares: the fixtures, the project on sys.path, and a median timer.

Each benchmark is run as a script (``.venv/bin/python bench/parse.py``), so this folder is on
``sys.path`` and ``from common import …`` finds this module.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURES = ROOT / "tests" / "fixtures"


def median_seconds(work, repeat: int = 21, inner: int = 1) -> float:
    """The median time of one call of ``work`` over ``repeat`` runs of ``inner`` calls each."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            work()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times)


def largest(pattern: str) -> Path:
    """The largest fixture whose name matches ``pattern`` (e.g. "ruleset_*.wiki")."""
    return max(FIXTURES.glob(pattern), key=lambda p: p.stat().st_size)

"""bench/summary.py: one ``name: value`` line per figure, errors reported and failing."""

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def run(*args):
    return subprocess.run([sys.executable, str(BENCH / "summary.py"), *args], capture_output=True, text=True,
                          timeout=300)


def test_summary_prints_one_name_value_line_per_figure():
    done = run("parse")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(re.fullmatch(r"[A-Za-z0-9_]+: \S.*", line) for line in lines), lines
    names = [line.split(":")[0] for line in lines]
    assert "parse_ratio" in names and "parse_bench_seconds" in names
    assert len(names) == len(set(names))
    assert float(dict(line.split(": ", 1) for line in lines)["parse_ratio"]) > 0


def test_summary_refuses_unknown_benchmarks():
    done = run("nonsense")
    assert done.returncode == 2
    assert "unknown benchmark" in done.stderr and "parse" in done.stderr


def test_figures_keeps_only_name_value_lines():
    sys.path.insert(0, str(BENCH))
    try:
        from summary import figures
    finally:
        sys.path.remove(str(BENCH))
    out = "parse_ratio: 0.19\nuser-config.py cannot be loaded.\nDefaulting to family='wikipedia'\nempty:\n"
    assert figures(out) == ["parse_ratio: 0.19"]

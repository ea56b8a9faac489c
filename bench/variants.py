"""One meaning in many wordings: every wording of ``tests/variants.py`` read, and how many read as
their meaning, were refused, or read as another step (never acceptable).

    .venv/bin/python bench/variants.py [--show MEANING]

Prints ``name: value`` lines: per meaning the share read, then the totals.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

import common  # noqa: F401  (puts the project on sys.path)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from parsers.proposal import parse_steps  # noqa: E402
from variants import all_variants, verdict  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", help="print the wordings of this meaning that did not read")
    args = ap.parse_args(argv)
    stats: dict[str, Counter] = defaultdict(Counter)
    for v in all_variants():
        steps = parse_steps(v.text)
        fared = verdict(v, steps)
        if fared == "read":
            stats[v.meaning]["read"] += 1
        elif fared == "refused":
            stats[v.meaning]["refused"] += 1
            if args.show == v.meaning:
                print(f"refused: {v.text.splitlines()[0]} — {steps[0].reason}")
        else:
            stats[v.meaning]["wrong"] += 1
            print(f"WRONG: {v.text.splitlines()[0]} → {steps}")
    total: Counter = Counter()
    for meaning, c in stats.items():
        total.update(c)
        print(f"variants_{meaning.replace(' ', '_')}_read: {c['read'] / sum(c.values()):.3f}")
    print(f"variants_total: {sum(total.values())}")
    print(f"variants_read: {total['read'] / sum(total.values()):.3f}")
    print(f"variants_wrong: {total['wrong']}")
    return 1 if total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())

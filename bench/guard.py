"""The gamestate guard's edit check on the largest gamestate fixture, against a bare mwparserfromhell.parse.

    .venv/bin/python bench/guard.py

One check = ``check_edit`` of a one-cell change (old and new page both parsed, every changed value
judged), with the 2023 Ruleset's constraints inferred once beforehand, as the patrol does.
Prints `name: value` lines; ``guard_ratio`` is the time of one check over the time of one bare
``mwparserfromhell.parse`` of the page (medians of repeated runs), ``guard_checks_per_second`` the
checks per second.
"""

from __future__ import annotations

import re

import mwparserfromhell

from common import FIXTURES, largest, median_seconds  # noqa: E402  (puts the project on sys.path)

from actions.check import check_edit  # noqa: E402
from actions.constraints import infer_constraints  # noqa: E402
from parsers.ruleset import parse  # noqa: E402


def one_cell_change(text: str) -> str:
    """Change the first number in a data cell (``| 27 ||`` → ``| 28 ||``)."""
    m = re.search(r"\|\|\s*(\d+)\s*(?=\|\||\n)", text)
    if not m:
        raise SystemExit("the largest gamestate fixture has no numeric cell to change")
    return text[: m.start(1)] + str(int(m.group(1)) + 1) + text[m.end(1):]


def main() -> None:
    path = largest("gamestate_*.wiki")
    old = path.read_text(encoding="utf-8")
    new = one_cell_change(old)
    ruleset = parse((FIXTURES / "ruleset_2023.wiki").read_text(encoding="utf-8"))
    constraints = infer_constraints(ruleset)
    result = check_edit(ruleset, constraints, old, new)
    assert result.legal and result.checked == 1, result.details()

    baseline = median_seconds(lambda: mwparserfromhell.parse(old), repeat=31, inner=5)
    measured = median_seconds(lambda: check_edit(ruleset, constraints, old, new), repeat=31, inner=5)
    print(f"guard_fixture: {path.name} ({len(old)} bytes)")
    print(f"guard_baseline_ms: {baseline * 1000:.3f}")
    print(f"guard_check_ms: {measured * 1000:.3f}")
    print(f"guard_checks_per_second: {1 / measured:.0f}")
    print(f"guard_ratio: {measured / baseline:.2f}")


if __name__ == "__main__":
    main()

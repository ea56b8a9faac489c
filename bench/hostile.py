"""Hostile markup stays linear: pages of 40 KB, 160 KB and 480 KB made of one markup trap repeated,
read by the Ruleset reader (``parsers.ruleset.parse``) and the markup checks (``hazards.signature``,
``hazards.payload_problem``); time per KB, and its growth from the smallest to the largest.

    .venv/bin/python bench/hostile.py

Prints ``name: value`` lines. Target: ``hostile_<kind>_growth`` (time per KB at 480 KB over time per
KB at 40 KB) at most 1.5 for every kind. The kinds are openings that never close (``<nowiki>``,
``<!--``, ``<source>``, ``{{``, a style attribute's quote), table openers and closers on one long
line, heading lines, heading tags and self-closed elements, each repeated.
"""

from __future__ import annotations

from common import print_growth  # (puts the project on sys.path)

from parsers import hazards  # noqa: E402
from parsers import ruleset  # noqa: E402

UNITS = {
    "unclosed_nowiki": "<nowiki>x ",
    "unclosed_comment": "<!--x ",
    "unclosed_source": "<source>x ",
    "unclosed_template": "{{x ",
    "unclosed_style": "<div style=\"x ",
    "table_openers": "{|x ",
    "table_closers": "|}x ",
    "heading_lines": "=x=\n",
    "heading_tags": "<h2>x ",
    "self_closed": "<div/>x ",
    "literal_lines": "<nowiki>\n=x=\n",
    "hidden_headings": "<source>\n=x=\n</source>",
    "switches": "__notoc__ ",
    "transclusions": "{{:User:x}}",
}
SIZES = (40_000, 160_000, 480_000)


def page(unit: str, size: int) -> str:
    return "= Section =\n== Rule ==\n" + (unit * (size // len(unit) + 1))[:size]


def work(text: str) -> None:
    ruleset.parse(text)
    hazards.signature(text)
    hazards.payload_problem(text)


def main() -> None:
    print_growth("hostile", {kind: (lambda n, unit=unit: page(unit, n)) for kind, unit in UNITS.items()}, SIZES, work)


if __name__ == "__main__":
    main()

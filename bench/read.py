"""Reading stays linear: proposals of 1 KB, 5 KB and 20 KB, ordinary and pathological, read by
``parse_proposal``; time per KB, and its growth from the smallest to the largest.

    .venv/bin/python bench/read.py

Prints ``name: value`` lines.  Target: for every kind of text, ``read_<kind>_growth`` (time per KB
at 20 KB over time per KB at 1 KB) at most 1.5.  The kinds: an ordinary proposal (instructions,
added text, quotes, conditions, remarks) repeated; ``": "`` repeated; opening quotes that never
close; a line of nested quotes; one long line of sentences.
"""

from __future__ import annotations

from common import print_growth  # (puts the project on sys.path)

from parsers.proposal import parse_proposal  # noqa: E402

ORDINARY = (
    "In the rule “Lanterns”, replace “one Lantern” with “two Lanterns”.\n"
    "Add a new rule “Wicks”, with the following text:\n\nEach Lamplighter has a Wick, defaulting to 3.\n"
    "If a Wick burns out, it is replaced at dusk.\n\n"
    "In “Wicks”, replace\n\nold words here\n\nwith\n\nnew words here\n\n"
    "Kevan gains 2 Matches.\nI think this balances the night.\n"
)
KINDS = {
    "ordinary": lambda n: (ORDINARY * (n // len(ORDINARY) + 1))[:n],
    "colons": lambda n: (": " * n)[:n],
    "unclosed_quotes": lambda n: ("Replace “a with b. " * n)[:n],
    "nested_quotes": lambda n: ("“" * (n // 2) + "”" * (n // 2))[:n],
    "one_line": lambda n: ("Kevan gains 2 Matches. " * n)[:n],
}
SIZES = (1000, 5000, 20000)


def main() -> None:
    print_growth("read", KINDS, SIZES, lambda text: parse_proposal("Proposal: Bench", text), budget=20000)


if __name__ == "__main__":
    main()

"""Reading an Ascension Address stays linear: Addresses of 1 KB, 5 KB and 20 KB (the limit), ordinary
and pathological, read by ``parse_address`` with the 2022 Ruleset; time per KB, and its growth.

    .venv/bin/python bench/read_address.py

Prints ``name: value`` lines.  Target: ``address_<kind>_growth`` (time per KB at 20 KB over time per
KB at 1 KB) at most 1.5 for every kind: story with instructions, one long list of rule names, many
short instructions, story without a full stop, quotes that never close.
"""

from __future__ import annotations

from common import FIXTURES, print_growth  # (puts the project on sys.path)

from parsers.ascension import parse_address  # noqa: E402

ORDINARY = (
    "The lamps went out over the harbour, one by one, and nobody came to light them again.\n\n"
    "Repeal all dynastic rules except “Stockpiles”. Set Dormancy to Inactive, and all other Special Case rules "
    "to their default values. Change Baron to Keeper (or Keepers when plural). Set Josh's Coins to 3.\n\n"
)
KINDS = {
    "ordinary": lambda n: (ORDINARY * (n // len(ORDINARY) + 1))[:n],
    "name_list": lambda n: ("Keep the rules " + ", ".join(["Stockpiles"] * n))[:n] + ".",
    "short_instructions": lambda n: ("Set Dormancy to Active. Keep Coins. " * n)[:n],
    "run_on_story": lambda n: ("and the tide came in and the Baron said nothing " * n)[:n],
    "unclosed_quotes": lambda n: ("Rename “Baron to Keeper " * n)[:n],
}
SIZES = (1000, 5000, 20000)


def main() -> None:
    ruleset = (FIXTURES / "ruleset_2022.wiki").read_text(encoding="utf-8")
    print_growth("address", {kind: (lambda n, make=make: make(n - 10)) for kind, make in KINDS.items()}, SIZES,
                 lambda text: parse_address(text, ruleset=ruleset), budget=5000)


if __name__ == "__main__":
    main()

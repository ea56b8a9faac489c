"""Reading the rules' definitions stays linear: Rulesets of 1, 4 and 16 KB of definition sentences,
read by ``infer_constraints`` (every sentence parsed by the definition grammar, nothing remembered
between runs); time per KB, and its growth from the smallest to the largest.

    .venv/bin/python bench/definitions.py

Prints ``name: value`` lines. Target: ``definitions_<kind>_growth`` at most 1.5. The kinds: a rule of
ordinary definitions (an attribute list, a single value, a bound) repeated with new names; the
longest sentence the grammar parses (:data:`parsers.definitions.MAX_WORDS` words of attributes);
sentences read in part. A sentence of more words is not parsed, so no sentence costs more than these.
"""

from __future__ import annotations

from common import print_growth  # (puts the project on sys.path)

from actions.constraints import infer_constraints  # noqa: E402
from parsers import definitions  # noqa: E402
from parsers.ruleset import parse  # noqa: E402

ORDINARY = ("== Hoard {i} ==\nEach Wight{i} has a Name, which is flavour text; a Kind, which is one of Cup, Blade or "
            "Coin; and a Worth, which is an integer between {i} and {j}, defaulting to {i}. The Tide{i} is a publicly "
            "tracked number from 1 to 6. A Wight{i}’s Worth may not exceed {j}.\n\n")
LONGEST = ("== Hoard {i} ==\nEach Wight{i} has "
           + ", ".join(f"a Kind{k}, which is one of Cup, Blade or Coin" for k in range(8)) + ".\n\n")
PARTIAL = ("== Hoard {i} ==\nEach Wight{i} has a Glow, which must never be a prime number, and a shiny bright Halo "
           "no wider than {j} spans. The Tide{i} is a publicly tracked number that rises twice a day.\n\n")


def _rules(template: str):
    def make(size: int) -> str:
        out, i = [], 0
        while sum(map(len, out)) < size:
            out.append(template.format(i=i, j=i + 5))
            i += 1
        return "".join(out)[:size].rsplit("\n\n", 1)[0] + "\n"
    return make


def _read(text: str) -> object:
    definitions.read_sentence.cache_clear()   # every run reads every sentence
    definitions.read_bullet.cache_clear()
    return infer_constraints(parse(text))


KINDS = {"ordinary": _rules(ORDINARY), "longest": _rules(LONGEST), "partial": _rules(PARTIAL)}
SIZES = (1000, 4000, 16000)


def main() -> None:
    print_growth("definitions", KINDS, SIZES, _read, budget=4000, repeat=3)


if __name__ == "__main__":
    main()

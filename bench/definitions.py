"""Reading the rules' definitions stays linear: Rulesets of about 1, 4 and 16 KB of definition sentences,
read by ``infer_constraints`` (every sentence parsed by the definition grammar, nothing remembered
between runs); time per KB, and its growth from the smallest to the largest.

Each text is whole rules (never a rule cut short, which would make the smallest text cheaper per KB than
its rules are), and time per KB is of the text's own length. Times are medians (the machine is shared);
the load average is printed with them.

    .venv/bin/python bench/definitions.py

Prints ``name: value`` lines, and ``definitions_<kind>_sentence_ms`` (the median cost of one sentence). Target: ``definitions_<kind>_growth`` at most 1.5. The kinds: a rule of
ordinary definitions (an attribute list, a single value, a bound) repeated with new names; the
longest sentence the grammar parses (:data:`parsers.definitions.MAX_WORDS` words of attributes);
sentences read in part. A sentence of more words is not parsed, so no sentence costs more than these.
"""

from __future__ import annotations

import os

from common import median_seconds  # (puts the project on sys.path)

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
    """Whole rules of ``template`` (new names in each), as many as fit in ``size`` characters (at least one)."""
    def make(size: int) -> str:
        out, i = [], 0
        while True:
            rule = template.format(i=i, j=i + 5)
            if out and sum(map(len, out)) + len(rule) > size:
                return "".join(out)
            out.append(rule)
            i += 1
    return make


def _read(text: str) -> object:
    definitions.read_sentence.cache_clear()   # every run reads every sentence
    definitions.read_bullet.cache_clear()
    return infer_constraints(parse(text))


KINDS = {"ordinary": _rules(ORDINARY), "longest": _rules(LONGEST), "partial": _rules(PARTIAL)}
SENTENCES = {"ordinary": 3, "longest": 1, "partial": 2}   # definition sentences in one rule of each kind
SIZES = (1000, 4000, 16000)
BUDGET = 16000   # characters read per timed run: small texts are read several times a run


def main() -> None:
    print(f"load_average_1min: {os.getloadavg()[0]:.2f}")
    for kind, make in KINDS.items():
        per_kb = {}
        for size in SIZES:
            text = make(size)
            _read(text)   # warm: the grammar compiled is not reading
            inner = max(1, BUDGET // len(text))
            seconds = median_seconds(lambda: _read(text), repeat=5, inner=inner)
            per_kb[size] = seconds / (len(text) / 1000)
            sentences = text.count("== Hoard") * SENTENCES[kind]
            print(f"definitions_{kind}_{size // 1000}kb_ms: {seconds * 1000:.1f}  ({len(text)} characters)")
            if size == SIZES[-1]:
                print(f"definitions_{kind}_sentence_ms: {seconds * 1000 / max(1, sentences):.1f}")
        print(f"definitions_{kind}_growth: {per_kb[SIZES[-1]] / per_kb[SIZES[0]]:.2f}")
    print(f"load_average_1min: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

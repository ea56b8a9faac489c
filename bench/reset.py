"""A full Dynastic Reset of the largest Ruleset fixture, as a ratio to one bare mwparserfromhell.parse,
and the same term replacement done with pywikibot's textlib.replaceExcept as a second baseline.

    .venv/bin/python bench/reset.py

Prints `name: value` lines. Targets: reset_ratio at most 5.0, and ours_wrong 0.

"Wrong" is counted against an expected set of replacements computed here by an independent oracle
(word tokens matched against the term forms, longest first, skipping URLs and the Synonyms-list
parentheses, case following the use, a lower-case use of a capitalised term left alone as the
common noun); a tool is wrong on an expected occurrence it did not turn into
the expected text, and on every replacement it made where none was expected. The same comparison is
also run on the 2004 (Lord / High Lord) and 2016 (lower-case "wizard") fixtures, where compound and
lower-case terms make the difference.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("PYWIKIBOT_NO_USER_CONFIG", "1")

import mwparserfromhell  # noqa: E402

from common import FIXTURES, largest, median_seconds  # noqa: E402  (puts the project on sys.path)

from actions import synonyms as S  # noqa: E402
from actions.reset import dynastic_reset  # noqa: E402
from parsers import ruleset as R  # noqa: E402
from parsers.ascension import parse_address  # noqa: E402


ADDRESS = """Ascension Address: The Quiet Cemetery

The theme of this dynasty is “Necromancy”.

Repeal all dynastic rules except for the rule named “Stations”, return all of the Special Case rules to their default values, and fail every Proposal apart from those that change the Core, Special Case or Appendix Rules.

Set Alliances to Active.

Set the synonym for Emperor to “Grim Reaper” and the synonym for Player to “Necromancer”.

Change the gamestate tracking page to “The Graveyard”.
"""




# --------------------------------------------------------------------------- the oracle
def oracle(text: str, forms: dict[str, str | None]) -> dict[int, tuple[int, str]]:
    """{start: (end, replacement)}: forms maps each old written form (singular, plural, and the
    unchanged compound terms with None) to its new form."""
    skip = [(m.start(), m.end()) for m in re.finditer(r"https?://[^\s\]|]+", text)]
    syn = re.search(r"^== *Synonyms *==$(.*?)(?=^==|\Z)", text, re.M | re.S)
    if syn:
        for m in re.finditer(r"^\*[^\n(]*(\([^()\n]*\))", syn.group(1), re.M):
            skip.append((syn.start(1) + m.start(1), syn.start(1) + m.end(1)))
    tokens = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[A-Za-z0-9]+", text)]
    table = {tuple(f.lower().split()): (f, new) for f, new in forms.items()}
    longest = max(len(k) for k in table)
    out: dict[int, tuple[int, str]] = {}
    i = 0
    while i < len(tokens):
        for n in range(min(longest, len(tokens) - i), 0, -1):
            run = tokens[i:i + n]
            if any(text[a[1]:b[0]] != " " for a, b in zip(run, run[1:])):
                continue
            key = tuple(t[2].lower() for t in run)
            if key not in table:
                continue
            form, new = table[key]
            start, end = run[0][0], run[-1][1]
            if new is not None and not any(s <= start < e for s, e in skip):
                found = text[start:end]
                # A lower-case use of a capitalised term is the common noun, not the keyword: left alone.
                rep = new if found == form else None if found == form.lower() else \
                    new.upper() if found == form.upper() else None
                if rep is not None:
                    out[start] = (end, rep)
            i += n
            break
        else:
            i += 1
    return out


def wrong(text: str, made: list[tuple[int, int, str]], expected: dict[int, tuple[int, str]], output: str) -> int:
    """Expected occurrences not produced, plus replacements made where none was expected."""
    made = sorted(made)
    shifts = []
    delta = 0
    for start, end, rep in made:
        shifts.append((start, delta))
        delta += len(rep) - (end - start)

    def out_pos(p: int) -> int:
        d = 0
        for start, before in shifts:
            if start <= p:
                d = before
            else:
                break
        return p + d

    bad = 0
    starts = {m[0] for m in made}
    for start, (end, rep) in expected.items():
        pos = out_pos(start)
        tail = text[end:end + 1]
        if start not in starts or output[pos:pos + len(rep)] != rep or output[pos + len(rep):pos + len(rep) + 1] != tail:
            bad += 1
    bad += sum(1 for m in made if m[0] not in expected)
    return bad


def ours(text: str, changes: dict[str, str]):
    model = R.parse(text)
    plan = S.plan_terms(model, changes)
    new, occ = S.replace_in_text(text, plan, model)
    return new, [(o.start, o.end, o.new) for o in occ if o.new is not None], plan


def pywikibot_replace(text: str, pairs: list[tuple[str, str]]):
    """One replaceExcept pass, as replace.py does with its standard exceptions; the callable records
    where each replacement falls in the original text."""
    from pywikibot import textlib
    mapping = dict(pairs)
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(o) for o, _ in sorted(pairs, key=lambda p: -len(p[0]))) + ")")
    made: list[tuple[int, int, str]] = []
    delta = [0]

    def new(match):
        rep = mapping[match.group(0)]
        start = match.start() - delta[0]
        made.append((start, start + len(match.group(0)), rep))
        delta[0] += len(rep) - len(match.group(0))
        return rep

    # "file"/"category"/"interwiki" need a Site object (network); these need none.
    out = textlib.replaceExcept(text, pattern, new, ["comment", "nowiki", "pre", "source", "hyperlink"])
    return out, made


def compare(name: str, text: str, changes: dict[str, str], pairs: list[tuple[str, str]], timing: bool = False):
    new, made, plan = ours(text, changes)
    forms: dict[str, str | None] = {}
    for r in plan.changes:
        forms[r.old] = r.new
        forms[r.old_plural] = r.new_plural
    for t in plan.unchanged:
        forms.setdefault(t.term, None)
        forms.setdefault(t.plural, None)
    expected = oracle(text, forms)
    py_out, py_made = pywikibot_replace(text, pairs)
    lines = {
        f"reset_{name}_expected_occurrences": len(expected),
        f"reset_{name}_ours_wrong": wrong(text, made, expected, new),
        f"reset_{name}_pywikibot_wrong": wrong(text, py_made, expected, py_out),
    }
    if timing:
        t_ours = median_seconds(lambda: ours(text, changes))
        t_py = median_seconds(lambda: pywikibot_replace(text, pairs))
        lines[f"reset_{name}_ours_replace_seconds"] = f"{t_ours:.4f}"
        lines[f"reset_{name}_pywikibot_replace_seconds"] = f"{t_py:.4f}"
        lines[f"reset_{name}_ours_to_pywikibot_time_ratio"] = f"{t_ours / t_py:.2f}"
    return lines


def main() -> int:
    path = largest("ruleset_*.wiki")
    text = path.read_text(encoding="utf-8")
    plan = parse_address(ADDRESS, ruleset=text)
    pages = {"Monster Metropolis"}

    result = dynastic_reset(text, plan, existing_pages=pages)
    assert result.ok, result.report.render(False)
    t_parse = median_seconds(lambda: mwparserfromhell.parse(text))
    t_reset = median_seconds(lambda: dynastic_reset(text, plan, existing_pages=pages))
    t_full = median_seconds(lambda: dynastic_reset(text, parse_address(ADDRESS, ruleset=text), existing_pages=pages))
    print(f"reset_fixture: {path.name} ({len(text)} chars)")
    print(f"reset_baseline_seconds: {t_parse:.4f}")
    print(f"reset_seconds: {t_reset:.4f}")
    print(f"reset_ratio: {t_reset / t_parse:.2f}")
    print(f"reset_with_address_parse_ratio: {t_full / t_parse:.2f}")
    print(f"reset_replacements: {sum(result.report.counts.values())}")

    rows = compare("2022", text, {"Player": "Necromancer", "Emperor": "Grim Reaper"},
                   [("Baron", "Necromancer"), ("Demon King", "Grim Reaper")], timing=True)
    rows.update(compare("2004", (FIXTURES / "ruleset_2004.wiki").read_text(encoding="utf-8"),
                        {"Lord": "Knight", "Confidence": "Esteem"}, [("Lord", "Knight"), ("Confidence", "Esteem")]))
    rows.update(compare("2016", (FIXTURES / "ruleset_2016.wiki").read_text(encoding="utf-8"),
                        {"Wizard": "Knight"}, [("Wizard", "Knight")]))
    for key, value in rows.items():
        print(f"{key}: {value}")
    ok = t_reset / t_parse <= 5.0 and all(v == 0 for k, v in rows.items() if k.endswith("ours_wrong"))
    print(f"reset_target_met: {ok}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

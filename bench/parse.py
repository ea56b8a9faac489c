"""Parse + serialize of the largest Ruleset fixture, as a ratio to a bare mwparserfromhell.parse.

    .venv/bin/python bench/parse.py

Prints `name: value` lines. Target: parse_ratio at most 2.0.
"""

from __future__ import annotations


import mwparserfromhell

from common import largest, median_seconds  # noqa: E402  (puts the project on sys.path)

from parsers import ruleset  # noqa: E402







def main() -> None:
    path = largest("ruleset_*.wiki")
    text = path.read_text(encoding="utf-8")

    def ours():
        model = ruleset.parse(text)
        for rule in model.rules:  # titles are read lazily: include them, as every action does
            rule.title
        assert str(model) == text

    baseline = median_seconds(lambda: mwparserfromhell.parse(text))
    measured = median_seconds(ours)
    print(f"parse_fixture: {path.name} ({len(text)} bytes)")
    print(f"parse_baseline_ms: {baseline * 1000:.2f}")
    print(f"parse_ms: {measured * 1000:.2f}")
    print(f"parse_ratio: {measured / baseline:.2f}")


if __name__ == "__main__":
    main()

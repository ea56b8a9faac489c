"""Golden readings: what the reader makes of every proposal body and Address the tests and fixtures
hold, frozen as plain data so that a new reader can be run beside the old one and every difference
seen.

``tests/golden/proposals.json`` holds one entry per body: ``text``, ``steps`` (each step as its class
name and fields, spans left out) and, where the reading was changed on purpose, ``why`` (what was
wrong with the reading before).  ``tests/golden/addresses.json`` does the same for Ascension Addresses
(``plan``: the reset plan's fields).  ``python tests/goldendata.py --write`` records the current
reader's readings for new bodies; an existing entry is never overwritten silently (``--update``
rewrites the entries whose reading changed, and each needs its ``why`` added by hand).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"


def plain(value: Any) -> Any:
    """A step, plan or field as JSON-ready data (class name kept, spans left out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"kind": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name in ("span", "index") or not f.compare and f.name != "term":
                continue
            if f.name in ("when", "in_list", "pair", "derived", "colour", "rules_default", "direction") \
                    and getattr(value, f.name) in (None, False):
                continue  # fields added after the readings were recorded, at their default
            out[f.name] = plain(getattr(value, f.name))
        return out
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def reading(text: str) -> list[Any]:
    from parsers.proposal import parse_steps
    return [plain(s) for s in parse_steps(text)]


def address_reading(text: str) -> Any:
    from parsers.ascension import parse_address
    return plain(parse_address(text))


def is_prose(text: str) -> bool:
    """Text a person could have written (the property tests' random strings are left out)."""
    for ch in text:
        if ch in "\n\t":
            continue
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Co", "Cn", "Cs") or ord(ch) > 0xFFFF:
            return False
    return True


def load(name: str) -> list[dict]:
    path = GOLDEN / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def save(name: str, entries: list[dict]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    (GOLDEN / f"{name}.json").write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def fixture_bodies() -> list[str]:
    """The proposal fixtures' bodies (the files under tests/fixtures/proposals)."""
    sys.path.insert(0, str(HERE.parent))
    from parsers.proposal import extract_proposals
    out = []
    for path in sorted((HERE / "fixtures" / "proposals").rglob("*.txt")):
        for found in extract_proposals(path.read_text(encoding="utf-8")):
            out.append(found.text)
    return out


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE.parent))
    from parsers.errors import WikibotError

    update = "--update" in argv
    sources = [a for a in argv if not a.startswith("--")]
    bodies: dict[str, list[str]] = {"proposals": fixture_bodies(), "addresses": []}
    for src in sources:  # JSON files of recorded bodies: {"proposals": [...], "addresses": [...]}
        data = json.loads(Path(src).read_text(encoding="utf-8"))
        for key in bodies:
            bodies[key] += data.get(key, [])
    for name, read in (("proposals", reading), ("addresses", address_reading)):
        entries = load(name)
        known = {e["text"]: e for e in entries}
        for text in bodies[name]:
            if not is_prose(text) or not text.strip() or len(text) > 6000:
                continue  # random strings and the long texts of the size tests say nothing of reading
            try:
                now = read(text)
            except WikibotError as exc:  # a refusal (too large, …) is a reading too
                now = {"refused": f"{type(exc).__name__}: {exc}"}
            key = "steps" if name == "proposals" else "plan"
            if text not in known:
                entry = {"text": text, key: now}
                entries.append(entry)
                known[text] = entry
            elif known[text][key] != now and update:
                known[text][key] = now
                known[text].setdefault("why", "TODO: say what was wrong with the reading before")
        save(name, entries)
        print(f"{name}: {len(entries)} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

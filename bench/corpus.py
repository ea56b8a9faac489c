"""Run the reader over a folder of real posts and say what it made of each.

    .venv/bin/python bench/corpus.py ../shared/corpus/proposals [--verbose] [--only NAME]
    .venv/bin/python bench/corpus.py ../shared/corpus/addresses

Each file holds header lines (``title: …``, ``kind: …``), a line ``---``, then the post's body.
A folder of proposals (CfJs and DoVs count as proposals) is read with :func:`parsers.proposal.
parse_proposal`; a folder whose files are Ascension Addresses (``kind: address`` or a folder named
``addresses``) with :func:`parsers.ascension.parse_address`.

Per post it prints one line: the steps read (applicable), set aside (conditional, commentary,
off the wiki …) and unread (not understood), then with ``--verbose`` every step.  At the end the
totals, as ``name: value`` lines.  The corpus is reading material, not project data, so this is not
part of CI: run it often and read what it says.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import common  # noqa: F401  (puts the project on sys.path)

from parsers.ascension import parse_address
from parsers.proposal import parse_proposal
from parsers.steps import Ignored, Unsupported


def read_post(path: Path) -> tuple[dict[str, str], str]:
    """The header fields and the body of one corpus file."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    head, sep, body = raw.partition("\n---\n")
    if not sep:
        return {}, raw
    fields = {}
    for line in head.splitlines():
        key, colon, value = line.partition(":")
        if colon:
            fields[key.strip()] = value.strip()
    return fields, body


def _short(text: str, width: int = 110) -> str:
    one = " ".join(text.split())
    return one if len(one) <= width else one[: width - 1] + "…"


def proposals(paths: list[Path], verbose: bool) -> Counter:
    totals: Counter = Counter()
    for path in paths:
        fields, body = read_post(path)
        try:
            proposal = parse_proposal(fields.get("title", path.stem), body)
        except Exception as exc:  # a crash is a finding, not a reason to stop
            print(f"{path.name}: CRASH {type(exc).__name__}: {exc}")
            totals["posts crashed"] += 1
            continue
        kinds = Counter()
        for step in proposal.steps:
            if isinstance(step, Unsupported):
                kinds["unread"] += 1
            elif isinstance(step, Ignored):
                kinds["set aside"] += 1
            else:
                kinds["read"] += 1
        totals["posts"] += 1
        totals["steps read"] += kinds["read"]
        totals["steps set aside"] += kinds["set aside"]
        totals["steps unread"] += kinds["unread"]
        if kinds["unread"] == 0 and kinds["read"]:
            totals["posts fully read"] += 1
        elif kinds["read"]:
            totals["posts partly read"] += 1
        elif kinds["unread"] == 0:
            totals["posts wholly set aside"] += 1
        else:
            totals["posts with nothing read"] += 1
        print(f"{path.name}: read {kinds['read']}, set aside {kinds['set aside']}, unread {kinds['unread']}")
        if verbose:
            for step in proposal.steps:
                label = type(step).__name__
                why = getattr(step, "reason", "")
                print(f"    {step.index}. {label}: {_short(why or step.text)}")
    return totals


def addresses(paths: list[Path], verbose: bool) -> Counter:
    totals: Counter = Counter()
    for path in paths:
        _, body = read_post(path)
        try:
            plan = parse_address(body)
        except Exception as exc:
            print(f"{path.name}: CRASH {type(exc).__name__}: {exc}")
            totals["addresses crashed"] += 1
            continue
        parts = {
            "repeal": plan.repeal_all or bool(plan.repealed) or plan.kept is not None or plan.keep_all,
            "terms": bool(plan.terms),
            "statuses": bool(plan.statuses) or plan.reset_to_default or bool(plan.all_special_case),
            "tracking": bool(plan.tracking_page),
            "blocks": plan.building_blocks is not None or bool(plan.building_blocks_removed),
        }
        read = sum(parts.values())
        unread = len(plan.unreadable)
        totals["addresses"] += 1
        totals["parts read"] += read
        totals["sentences unread"] += unread
        outside = sum(1 for o in plan.outside if o.kind != "remark")
        totals["instructions outside the reset"] += outside
        totals["remarks named"] += len(plan.outside) - outside
        if unread == 0 and read:
            totals["addresses fully read"] += 1
        elif read:
            totals["addresses partly read"] += 1
        else:
            totals["addresses not read"] += 1
        got = ", ".join(k for k, v in parts.items() if v) or "nothing"
        print(f"{path.name}: read {got}; unread {unread}"
              + (f"; outside the reset {len(plan.outside)}" if plan.outside else ""))
        if verbose:
            print(f"    theme={plan.theme!r} repeal_all={plan.repeal_all} kept={plan.kept} repealed={plan.repealed}")
            print(f"    terms={plan.terms} statuses={plan.statuses} default={plan.reset_to_default} "
                  f"tracking={plan.tracking_page!r} blocks={plan.building_blocks}")
            for u in plan.unreadable:
                print(f"    UNREAD {_short(u.sentence)} — {u.reason}")
            for o in plan.outside:
                print(f"    OUTSIDE ({o.kind}) {_short(o.detail)}")
    return totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--only", help="read only the files whose name contains this")
    args = ap.parse_args(argv)
    paths = sorted(p for p in args.folder.glob("*.txt") if not args.only or args.only in p.name)
    if not paths:
        print(f"no .txt posts in {args.folder}", file=sys.stderr)
        return 2
    is_address = args.folder.name == "addresses" or all(read_post(p)[0].get("kind") == "address" for p in paths)
    totals = (addresses if is_address else proposals)(paths, args.verbose)
    print()
    for key, value in totals.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

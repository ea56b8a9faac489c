"""A 10-step proposal enacted on the largest Ruleset fixture, as a ratio to a bare mwparserfromhell.parse.

    .venv/bin/python bench/enact.py

Prints `name: value` lines. Target: enact_ratio at most 2.0. The time covers everything `enact`
does: parse, ten steps (look-ups, tolerant matching, a rule added, one repealed, one moved, a change
throughout the Ruleset), and the final re-read of the result (structure guard).

The machine is shared, and its load drifts: the bare parse and the enactment are timed in pairs, one
right after the other, and the ratio is the median of the pairs' ratios (``enact_ratio``; the ratio of
the fastest of each, ``enact_ratio_fastest``, says the same with other load taken out).
"""

from __future__ import annotations


import mwparserfromhell

from common import largest, paired_ratio  # noqa: E402  (puts the project on sys.path)

from actions.enact import enact  # noqa: E402
from actions.report import APPLIED  # noqa: E402
from parsers import steps as st  # noqa: E402







def ten_steps() -> st.Proposal:
    R = lambda name=None, **kw: st.RuleRef(name=name, **kw)  # noqa: E731
    T = lambda text, **kw: st.Target(kind=st.TEXT, text=text, **kw)  # noqa: E731
    steps = [
        st.ReplaceText(index=1, text="", rule=R("Labour"), target=T("referred to as"), new="known as"),
        st.RemoveText(index=2, text="", rule=R(previous=True), target=T("these are all")),
        st.InsertText(index=3, text="", rule=R("Keeps"), anchor=T("8 publicly tracked"), body="and ordered"),
        st.AppendText(index=4, text="", rule=R("Stations"), body="A Station may be renamed."),
        st.AddRule(index=5, text="", name="Bench Rule", body="This rule does nothing.\n\nReally nothing."),
        st.AddRule(index=6, text="", name="Bench Subrule", body="Neither does this.", parent=R("Bench Rule"),
                   subrule=True),
        st.RenameRule(index=7, text="", rule=R("Neutral Ground"), new_name="Common Ground"),
        st.RepealRule(index=8, text="", rule=R("Demographics")),
        st.MoveRule(index=9, text="", rule=R("Stockpiles"), after=R("Keeps")),
        st.ReplaceText(index=10, text="", rule=None, target=T("Migrants", occurrence="all"), new="Settlers"),
    ]
    return st.Proposal(name="Bench", tags=(), steps=tuple(steps))


def enacted_once():
    """The largest Ruleset fixture's path and text, the ten steps, their enactment and how many applied."""
    path = largest("ruleset_*.wiki")
    text = path.read_text(encoding="utf-8")
    proposal = ten_steps()
    result = enact(proposal, text)
    return path, text, proposal, result, sum(1 for s in result.report.steps if s.status == APPLIED)


def main() -> None:
    path, text, proposal, result, applied = enacted_once()

    ratio, fastest, baseline, measured = paired_ratio(lambda: mwparserfromhell.parse(text),
                                                      lambda: enact(proposal, text))
    print(f"enact_fixture: {path.name} ({len(text)} bytes)")
    print(f"enact_steps: {len(proposal.steps)}")
    print(f"enact_steps_applied: {applied}")
    print(f"enact_baseline_ms: {baseline * 1000:.2f}")
    print(f"enact_ms: {measured * 1000:.2f}")
    print(f"enact_ratio: {ratio:.2f}")
    print(f"enact_ratio_fastest: {fastest:.2f}")


if __name__ == "__main__":
    main()

"""Reports and their diffs."""

import difflib

import pytest
from hypothesis import given, settings, strategies as st

from actions.report import APPLIED, IGNORED, UNSUPPORTED, Report, unified_diff


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a\n", "b\n", "c\n", "d\n", "e\n"]), max_size=30),
       st.lists(st.sampled_from(["a\n", "b\n", "c\n", "x\n", "e\n"]), max_size=30))
def test_diff_agrees_with_difflib_hunks(old, new):
    """Hunk headers and changed lines are a valid unified diff: applying it gives the new text."""
    old_text, new_text = "".join(old), "".join(new)
    diff = unified_diff(old_text, new_text).splitlines()[2:]
    assert _apply(old_text, diff) == new_text
    if old_text == new_text:
        assert diff == []


def _apply(old: str, hunks: list[str]) -> str:
    lines = old.splitlines(keepends=True)
    out, pos = [], 0
    for row in hunks:
        if row.startswith("@@"):
            start = int(row.split()[1].split(",")[0][1:]) - 1
            length = int(row.split()[1].split(",")[1])
            start = max(start, 0) if length else start + 1
            out.extend(lines[pos:start])
            pos = start
        elif row.startswith(" "):
            assert lines[pos].rstrip("\n") == row[1:]
            out.append(lines[pos])
            pos += 1
        elif row.startswith("-"):
            assert lines[pos].rstrip("\n") == row[1:]
            pos += 1
        elif row.startswith("+"):
            out.append(row[1:] + "\n")
    out.extend(lines[pos:])
    return "".join(out)


def test_diff_matches_difflib_on_a_page():
    old = "".join(f"line {i}\n" for i in range(20))
    new = old.replace("line 3\n", "line three\n").replace("line 15\n", "")
    ours = unified_diff(old, new).splitlines()[2:]
    theirs = list(difflib.unified_diff(old.splitlines(), new.splitlines(), n=2, lineterm=""))[2:]
    assert ours == theirs


def test_report_shape_and_completeness():
    report = Report("enact", name="Hats", summary="Enacted “Hats”")
    report.add(1, "Add a rule Hats", "add rule", APPLIED, "added “Hats” to Dynastic Rules")
    report.add(2, "If it passes with 5 votes…", "conditional", IGNORED, "conditional on votes")
    assert report.complete
    report.set_page("Ruleset", "a\n", "b\n")
    report.set_page("Ruleset", "b\n", "c\n")  # a second change keeps the first 'before'
    assert report.pages["Ruleset"].old == "a\n" and report.changed == ["Ruleset"]
    report.add(3, "Do something odd", "unknown", UNSUPPORTED, "not understood")
    assert not report.complete
    data = report.to_dict()
    assert [s["status"] for s in data["steps"]] == ["applied", "ignored", "unsupported"]
    assert data["changed"] == ["Ruleset"] and data["summary"] == "Enacted “Hats”"
    text = report.render()
    assert "[unsupported] unknown" in text and "-a" in text and "+c" in text
    assert "an Admin must apply this step by hand" in text
    with pytest.raises(ValueError):
        report.add(4, "x", "y", "done")


def test_ignored_steps_an_admin_may_act_on_are_named():
    report = Report("enact")
    report.add(1, "Add a rule.", "add rule", APPLIED)
    report.add(2, "If it passes unanimously, Kevan gains 2 Coins.", "conditional", IGNORED, "a condition")
    report.add(3, "(This is a note.)", "note", IGNORED)
    report.add(4, "Next week, set Coins to 0.", "deferred", IGNORED)
    assert [s.n for s in report.for_an_admin] == [2, 4]
    assert report.complete
    text = report.render(False)
    assert text.count("an Admin decides whether and when it applies") == 2


def test_left_for_an_admin_names_neither_remarks_nor_what_is_so_already():
    from actions.report import IGNORED, Report

    report = Report("enact")
    report.add(1, "If more than 5 vote FOR, Kevan gains 2 Coins.", "conditional", IGNORED, "conditional step")
    report.add(2, "I think this is fair.", "remark", IGNORED, "the author's remark")
    report.add(3, "Player = Puzzler", "replace terms", IGNORED, "every term already has that value", no_op=True)
    assert [s.n for s in report.left_for_an_admin] == [1]


def test_an_answers_step_lines_say_a_reason_once_and_quote_without_nesting():
    from actions.report import IGNORED, UNSUPPORTED, Report
    from wikibot.requests import answer_lines, quoted

    report = Report("enact")
    text = "Juggle the rule “Coins” thrice."
    report.add(1, text, "not understood", UNSUPPORTED, f"not understood: “{text}”")
    report.add(2, "If it rains, repeal “Coins”.", "conditional", IGNORED,
               "conditional step, not applied by the bot: “If it rains, repeal “Coins”.”")
    first, second = answer_lines(report)
    assert first.count("Juggle") == 1 and first.count("not understood") == 1
    assert second.endswith("— conditional step, not applied by the bot") and second.count("rains") == 1
    assert quoted(text) == "‘Juggle the rule “Coins” thrice.’" and quoted("plain") == "“plain”"


def test_an_answer_given_from_a_journal_after_a_restart_lists_the_steps(tmp_path):
    from parsers import request_page
    from wikibot import journal as journal_mod
    from wikibot.requests import RequestDesk

    [request] = request_page.parse("== Enact: Hats ==\n{{Enact|title=Proposal: Hats}}\nRepeal the rule “Hats”.\n")
    journal = journal_mod.Journal(tmp_path, "Enacted “Hats”", request.ident, [], pid=0,
                                  steps=[{"n": 1, "text": "Repeal the rule “Hats”.", "action": "repeal rule",
                                          "status": "applied", "detail": "repealed “Hats”"}])
    journal.settle(journal_mod.FINISHED, "")
    answer = RequestDesk.answer_from(journal_mod.Journal.load(journal.path), request, "AdminAlice")
    assert answer.headline.startswith("Done (completed after a restart)")
    assert answer.details == ["1. '''applied''' — repeal rule: Repeal the rule “Hats”. — repealed “Hats”"]


def test_a_refusal_names_the_steps_it_could_not_apply():
    from actions.report import APPLIED, UNSUPPORTED, Report
    from wikibot.operations import refusal_headline
    report = Report(action="enact", name="Test")
    report.add(1, "Repeal the rule “Hats”.", "repeal rule", APPLIED, "")
    report.add(2, "Rename the rule “Coats” to “Cloaks”, and in it\nreplace …", "rename rule", UNSUPPORTED, "no such rule")
    line = refusal_headline(report)
    assert "step 2 (“Rename the rule “Coats” to “Cloaks”, and in it”)" in line and "step 1" not in line
    assert line.endswith("so nothing was written.")

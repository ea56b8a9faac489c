"""Undoing one edit under later ones: only its own change, and only when it can be placed exactly."""

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.reverse_patch import reverse_onto

OLD = "Top\n{|\n|-\n| Bob || 3 || Fez\n|-\n| Ann || 3 || Top\n|}"
NEW = OLD.replace("Bob || 3", "Bob || -2")


def test_reverse_patch_undoes_only_that_edit():
    assert reverse_onto(NEW, OLD, NEW) == OLD
    later = NEW.replace("Ann || 3", "Ann || 4")
    assert reverse_onto(NEW, OLD, later) == OLD.replace("Ann || 3", "Ann || 4")


def test_reverse_patch_widens_its_context_until_it_is_placed_once():
    elsewhere = "Bob || -2 || Fez\n\n" + NEW  # the hunk's own text appears twice; its context tells which
    assert reverse_onto(NEW, OLD, elsewhere) == "Bob || -2 || Fez\n\n" + OLD


def test_reverse_patch_refuses_what_does_not_apply_exactly():
    assert reverse_onto(NEW, OLD, NEW.replace("-2 || Fez", "-2 || Top")) is None  # the same line changed since
    twice = NEW.replace("{|\n", "{|\n|-\n| Bob || -2 || Fez\n")  # the row copied: which one is Bob's?
    assert reverse_onto(NEW, OLD, twice) is None


ROWS = [f"| P{i} || {i} || Fez" for i in range(12)]
TABLE = "{|\n" + "\n|-\n".join(ROWS) + "\n|}"


def test_a_later_edit_of_the_row_above_does_not_block_the_undo():
    # diff-match-patch's own context for the bad edit reaches into the row above; only the
    # changed line itself must still be there.
    new = TABLE.replace(ROWS[1], "| P1 || 0 || Fez")
    current = new.replace(ROWS[0], "| P0 || 0 || Top")
    assert reverse_onto(new, TABLE, current) == TABLE.replace(ROWS[0], "| P0 || 0 || Top")


def test_two_changes_on_one_long_line_are_undone_together():
    old = "Intro\n" + "| Ann || 3 || " + "x" * 80 + " || 4\n" + "Outro"
    new = old.replace("|| 3 ||", "|| -3 ||").replace("|| 4\n", "|| -4\n")
    current = new.replace("Intro", "Intro, edited")
    assert reverse_onto(new, old, current) == old.replace("Intro", "Intro, edited")


def test_contexts_that_point_at_different_places_are_ambiguous():
    old = "A\n| Bob || 3\nB\n"
    new = old.replace("Bob || 3", "Bob || -2")
    # a later edit copied the row: the text before it matches one copy, the text after the other
    current = "A\n| Bob || -2\nC\n| Bob || -2\nB\n"
    assert reverse_onto(new, old, current) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 11), st.integers(0, 11), st.integers(-9, 99), st.integers(-9, 99))
def test_an_edit_reversed_under_a_later_edit_of_another_row_leaves_that_edit(bad_row, later_row, bad, later):
    old = "{|\n" + "\n|-\n".join(ROWS) + "\n|}"
    new = old.replace(ROWS[bad_row], f"| P{bad_row} || {bad} || Fez")
    if later_row == bad_row or new == old:
        return
    current = new.replace(ROWS[later_row], f"| P{later_row} || {later} || Top")
    assert reverse_onto(new, old, current) == old.replace(ROWS[later_row], f"| P{later_row} || {later} || Top")

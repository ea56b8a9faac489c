"""The instruction grammar (parsers/instructions.lark) and its frames (parsers/frames.py): parts in any
order, headings that scope the instructions below them, conditions the bot decides, instructions
joined in one sentence, rules named as each era names them, two readings sent to an Admin, and the
words it cannot place named — each in the project's own words, on the fixture Rulesets."""

from __future__ import annotations

import pytest

from actions.enact import enact
from actions.report import APPLIED, IGNORED, UNSUPPORTED
from fixturedata import fixture_text
from parsers import frames, language
from parsers.parsing import MAX_TOKENS
from parsers.proposal import parse_proposal, parse_steps
from parsers.steps import (
    AddListItem, SetSingleValue, SetValue,
    PARAGRAPH, TEXT, AppendText, Condition, Ignored, InsertText, RemoveText, RenameRule, RepealRule, ReplaceText,
    RuleRef, Target, Unsupported,
)

R2004 = fixture_text("ruleset_2004.wiki")
R2023 = fixture_text("ruleset_2023.wiki")


def enacted(text: str, ruleset: str):
    return enact(parse_proposal("Proposal: Test", text), ruleset)


def statuses(result) -> list[str]:
    return [s.status for s in result.report.steps]


# --------------------------------------------------------------------------- headings over instructions
def test_a_rule_heading_on_the_same_line_scopes_its_instruction():
    """"Rule 12: replace …" edits Rule 12 — never whichever rule happens to hold the text."""
    steps = parse_steps("Rule 12: replace “Lords may request” with “Lords can request”.")
    assert [type(s) for s in steps] == [Ignored, ReplaceText]
    assert steps[1].rule == RuleRef(name="Rule 12", number="12")
    result = enacted("Rule 12: replace “Lords may request” with “Lords can request”.", R2004)
    assert statuses(result)[1] == APPLIED
    assert "Lords can request Audiences" in result.pages["Ruleset"]


def test_a_rule_heading_does_not_send_an_edit_to_another_rule():
    """The text is only in Rule 11 (Parties): under "Rule 12:" the step must fail, not edit Rule 11."""
    result = enacted("Rule 12: replace “only one Member” with “a single Member”.", R2004)
    assert statuses(result)[1] != APPLIED and not result.pages


def test_a_heading_scopes_the_list_of_edits_below_it():
    text = ("In the rule “Dormancy”:\n* replace “fewer than four” with “fewer than three”\n"
            "* replace “on Hiatus” with “asleep”\n\nReplace “Metadynasty” with “Free-for-all”.")
    steps = parse_steps(text)
    assert [type(s) for s in steps] == [Ignored, ReplaceText, ReplaceText, ReplaceText]
    assert steps[1].rule == RuleRef(name="Dormancy")
    assert steps[2].rule in (RuleRef(name="Dormancy"), RuleRef(previous=True))
    assert steps[3].rule is None  # after a blank line, a new paragraph: the heading no longer holds
    result = enacted(text, R2023)
    assert statuses(result)[:3] == [IGNORED, APPLIED, APPLIED]
    assert "fewer than three Puzzlers (not including the Puzzle Master), then BlogNomic is asleep" in result.pages["Ruleset"]


def test_a_heading_over_text_that_is_no_instruction_is_left_to_an_admin():
    steps = parse_steps("In Rule 10 in the 4th paragraph:\n\n(except Rules 1-10)\n\n(except Rules 1-11)")
    assert [type(s) for s in steps] == [Unsupported]
    assert "(except Rules 1-11)" in steps[0].text


# --------------------------------------------------------------------------- conditions the bot decides
@pytest.mark.parametrize("cond,holds", [
    ("If there is a rule called “Dormancy”", True),
    ("If the rule “Dormancy” exists", True),
    ("If there is a rule called “Slumber”", False),
    ("If there is no rule called “Slumber”", True),
    ("If the rule “Slumber” does not exist", True),
    ("Unless there is a rule called “Slumber”", True),
    ("Unless the rule “Slumber” exists", True),
    ("Unless the rule “Dormancy” exists", False),
    ("Unless there is a rule called “Dormancy”", False),
])
def test_a_condition_on_a_rule_existing_is_decided(cond, holds):
    text = f"{cond}, replace “fewer than four” with “fewer than five” in “Dormancy”."
    [step] = parse_steps(text)
    assert isinstance(step, ReplaceText) and isinstance(step.when, Condition)
    result = enacted(text, R2023)
    assert statuses(result) == [APPLIED if holds else IGNORED]
    if not holds:
        assert "does not hold" in result.report.steps[0].detail


def test_a_trailing_unless_is_the_steps_condition():
    text = "In “Dormancy”, replace “fewer than four” with “fewer than five”, unless the rule “Slumber” exists."
    [step] = parse_steps(text)
    assert step.when == Condition(words="unless the rule “Slumber” exists", rule=RuleRef(name="Slumber"), negated=True)
    assert statuses(enacted(text, R2023)) == [APPLIED]


def test_a_step_under_a_condition_on_a_rule_acts_on_that_rule():
    [step] = parse_steps("If there is a rule called “Dormancy”, replace “fewer than four” with “fewer than five”.")
    assert step.rule == RuleRef(name="Dormancy")


def test_a_condition_on_a_subrule_checks_its_parent():
    yes = "If there is a subrule of “Puzzlers” named “Idle Puzzlers”, repeal it."
    no = "If there is a subrule of “Dynasties” named “Idle Puzzlers”, repeal it."
    assert statuses(enacted(yes, R2023)) == [APPLIED]
    assert statuses(enacted(no, R2023)) == [IGNORED]


def test_a_condition_on_a_rule_holding_a_text_is_decided():
    text = ("In the rule “Dormancy”, replace “four” with “five”.\n"
            "If that rule contains the phrase “Puzzle Master”, remove it.")
    steps = parse_steps(text)
    assert steps[1].when == Condition(words="If that rule contains the phrase “Puzzle Master”",
                                      rule=RuleRef(previous=True), contains="Puzzle Master")
    assert isinstance(steps[1], RemoveText) and steps[1].target == Target(kind=TEXT, text="Puzzle Master")
    assert statuses(enacted(text, R2023)) == [APPLIED, APPLIED]


def test_a_condition_heading_governs_the_steps_below_it():
    text = "If there is a rule called “Slumber”:\n\nreplace “A” with “B”.\n\nRepeal the rule “Dormancy”."
    steps = parse_steps(text)
    assert steps[1].when is not None and steps[2].when is None
    result = enacted(text, R2023)
    assert statuses(result) == [IGNORED, IGNORED, APPLIED]


def test_a_condition_on_votes_stays_with_an_admin():
    [step] = parse_steps("If more than half of the votes on this Proposal are FOR, repeal the rule “Dormancy”.")
    assert isinstance(step, Ignored) and step.category == "conditional"


# --------------------------------------------------------------------------- instructions joined
def test_two_instructions_in_one_sentence():
    steps = parse_steps("Repeal the rule “Dormancy” and remove the second paragraph of “Dynasties”.")
    assert [type(s) for s in steps] == [RepealRule, RemoveText]
    assert steps[1].rule == RuleRef(name="Dynasties") and steps[1].target == Target(kind=PARAGRAPH, number=2)


def test_a_second_clause_borrows_the_verb_and_the_rule():
    steps = parse_steps("In “Dormancy”, replace “four” with “five” and “Puzzle Master” with “Host”.")
    assert [(s.target.text, s.new, s.rule) for s in steps] == [
        ("four", "five", RuleRef(name="Dormancy")), ("Puzzle Master", "Host", RuleRef(name="Dormancy"))]


def test_rename_and_then_edit_the_renamed_rule():
    text = "Rename the rule “Dormancy” to “Slumber”, and in it replace “four” with “three”."
    steps = parse_steps(text)
    assert [type(s) for s in steps] == [RenameRule, ReplaceText]
    result = enacted(text, R2023)
    assert statuses(result) == [APPLIED, APPLIED]
    assert "== Slumber ==\nIf there are fewer than three Puzzlers" in result.pages["Ruleset"]


# --------------------------------------------------------------------------- rules as each era names them
@pytest.mark.parametrize("ref", ["Rule 12", "rule #12", "#12", "Rule 12 (Audiences)", "rule 12 - Audiences",
                                 "the rule “Audiences”", "the Audiences rule", "Audiences"])
def test_rules_named_by_number_position_or_title(ref):
    result = enacted(f"In {ref}, replace “Lords may request” with “Lords can request”.", R2004)
    assert statuses(result) == [APPLIED], result.report.steps
    assert "Lords can request Audiences" in result.pages["Ruleset"]


def test_a_number_with_another_rules_title_goes_to_an_admin():
    result = enacted("In Rule 12 (Parties), replace “Lords may request” with “Lords can request”.", R2004)
    assert statuses(result) == [UNSUPPORTED]


# --------------------------------------------------------------------------- doubt, said precisely
def test_two_readings_that_mean_different_steps_are_both_named():
    [step] = parse_steps("Repeal Victory and Ascension.")
    assert isinstance(step, Unsupported)
    assert "more than one way" in step.reason and "“Victory and Ascension”" in step.reason and "“Victory”" in step.reason


def test_a_name_that_may_mean_other_rules_is_never_ignored_as_missing():
    """"the rule Lords and Confidence" names no rule, but “Lords” and “Confidence” are rules: an Admin
    decides; "the rule Victory and Ascension" is one rule, and is repealed."""
    missing = enacted("Repeal the rule Lords and Confidence.", R2004)
    assert statuses(missing) == [UNSUPPORTED] and "“Lords” and “Confidence”" in missing.report.steps[0].detail
    assert statuses(enacted("Repeal the rule Victory and Ascension.", R2004)) == [APPLIED]


def test_the_words_it_cannot_place_are_named():
    [step] = parse_steps("Add “Tallow” to the list of Wick Types in “Wicks”, after “Beeswax”.")
    assert isinstance(step, Unsupported) and "after “Beeswax”" in step.reason


def test_the_words_it_cannot_read_are_named():
    [step] = parse_steps("Create a new rule # 3 and renumber the ruleset:\n\nSnuffers end a flame.")
    assert isinstance(step, Unsupported) and "# 3 and renumber the ruleset" in step.reason
    assert "Snuffers end a flame." in step.text


def test_a_field_given_twice_names_both():
    [step] = parse_steps("Add a new rule called “Wicks”, titled “Fuses”:\n\nText.")
    assert isinstance(step, Unsupported) and "two names (“Wicks” and “Fuses”)" in step.reason


# --------------------------------------------------------------------------- the grammar's own bounds
def test_a_sentence_reads_in_about_a_millisecond_and_long_ones_are_bounded():
    m = language.mask("In the rule “Dormancy”, after the second paragraph, add the following text as a new paragraph")
    assert frames.read(m.text, m).specs
    long = " ".join(["Lanterns"] * (MAX_TOKENS + 5))
    assert frames.GRAMMAR.parse(long).error


def test_text_removed_given_as_a_block_below():
    [step] = parse_steps("Remove the following text from the rule “Dormancy”:\n\nIf there are fewer than four Puzzlers")
    assert isinstance(step, RemoveText) and step.target == Target(kind=TEXT, text="If there are fewer than four Puzzlers")


def test_append_and_insert_in_everyday_words():
    assert isinstance(parse_steps("Add a paragraph to rule “Dormancy”:\n\nSleep is good.")[0], AppendText)
    [ins] = parse_steps("Add a paragraph after the first paragraph of “Dynasties”:\n\nSleep is good.")
    assert isinstance(ins, InsertText) and ins.anchor == Target(kind=PARAGRAPH, number=1) and ins.position == "after"


# --------------------------------------------------------------------------- text steps that name no rule
def test_a_text_step_naming_no_rule_acts_on_the_rule_before_or_the_only_rule_holding_it():
    # the only rule holding the text
    only = enacted("Remove “(not including the Puzzle Master)”.", R2023)
    assert statuses(only) == [APPLIED] and "(not including the Puzzle Master)" not in only.pages["Ruleset"]
    # the rule named before holds it: that one, although another rule holds it too
    both = enacted("In the rule “Dormancy”, replace “four” with “five”.\nAlso replace “Puzzle Master” with “Host”.", R2023)
    assert statuses(both) == [APPLIED, APPLIED]
    assert "== Dormancy ==\nIf there are fewer than five Puzzlers (not including the Host)" in both.pages["Ruleset"]
    assert "headed by a single Puzzler, known as the Puzzle Master" in both.pages["Ruleset"]
    # the rule named before does not hold it, another does: an Admin says which
    other = enacted("In the rule “Dormancy”, replace “four” with “five”.\nAlso remove “known as the Puzzle Master”.", R2023)
    assert statuses(other) == [APPLIED, UNSUPPORTED] and "say which rule" in other.report.steps[1].detail


def test_a_rename_by_bare_name_of_a_word_the_ruleset_uses_goes_to_an_admin():
    """"Rename Puzzlers to Solvers": the rule “Puzzlers” or the players' term? An Admin decides."""
    result = enacted("Rename “Puzzlers” to “Solvers”.", R2023)
    assert statuses(result) == [UNSUPPORTED] and "rename the rule or the term" in result.report.steps[0].detail
    assert statuses(enacted("Rename the rule “Puzzlers” to “Solvers”.", R2023)) == [APPLIED]
    missing = enacted("Rename Puzzle Master to Grand Solver.", R2023)
    assert statuses(missing) == [UNSUPPORTED] and "without saying it is a rule" in missing.report.steps[0].detail


def test_a_sentence_added_to_the_end_of_a_rule_ends_its_last_paragraph():
    [step] = parse_steps("Add the following sentence to the end of the rule “Dormancy”:\n\nSleep is restful.")
    assert isinstance(step, InsertText) and step.anchor == Target(kind=PARAGRAPH, number=-1) and step.position == "end"
    result = enacted("Add the following sentence to the end of the rule “Dormancy”:\n\nSleep is restful.", R2023)
    assert "then BlogNomic is on Hiatus. Sleep is restful." in result.pages["Ruleset"]


# --------------------------------------------------------------------------- discourse, after the corpus review
@pytest.mark.parametrize("text", [
    "If a majority of the votes on this proposal are FOR, then ignore the following provision.\n\n"
    "In the rule “Dormancy”, replace “four” with “five”.",
    "The following step applies only if the proposal “Naps” was enacted.\n\nIn the rule “Dormancy”, replace “four” with “five”.",
    "Steps 2 and 3 apply only if the proposal “Naps” was enacted.\n\nIn the rule “Dormancy”, replace “four” with “five”.",
    "Replace “Puzzler” with “Solver” throughout the rest of this proposal.\n\nIn the rule “Dormancy”, replace “four” with “five”.",
])
def test_a_step_that_points_at_the_steps_after_it_governs_them(text):
    steps = parse_steps(text)
    assert not isinstance(steps[0], ReplaceText) and isinstance(steps[-1], Ignored)
    assert "step 1" in steps[-1].reason


def test_an_exclamation_after_added_text_is_never_written_into_the_rule():
    steps = parse_steps("Add to the rule “Dormancy” as a new paragraph:\n\nSleep is restful.\n"
                        "Sleeping is encouraged! However, so is waking.")
    assert not any("encouraged" in getattr(s, "body", "") for s in steps)


def test_a_condition_in_brackets_is_never_a_note():
    steps = parse_steps("Repeal the rule “Dormancy”.\n\n(If more than ten voted FOR this proposal, pick ten of them at random "
                        "instead.)")
    assert isinstance(steps[1], Unsupported)


def test_a_typo_of_may_is_not_the_authors_voice():
    [step] = parse_steps("Add a new rule “Naps”:\n\nA Nap my only be taken once a day.")
    assert step.body == "A Nap my only be taken once a day."


def test_a_numbered_heading_of_the_post_ends_the_text_before_it():
    steps = parse_steps("1. New rule\nAdd a new rule, “Widgets”:\n\nEach Puzzler has some Widgets.\n2. Second part\n"
                        "Repeal the rule “Dormancy”.")
    bodies = [getattr(s, "body", "") for s in steps]
    assert "Each Puzzler has some Widgets." in bodies and not any("Second part" in b for b in bodies)
    assert isinstance(steps[-1], RepealRule)


def test_a_trailing_block_of_the_authors_commentary_is_not_the_rules_text():
    text = ("Add a new rule “Naps”:\n\nA Puzzler may Nap once a day.\n\nWe’ve seen too many sleepless dynasties.\n\n"
            "Note that the word “Nap” is new.")
    steps = parse_steps(text)
    assert getattr(steps[0], "body", "") == \
        "A Puzzler may Nap once a day."


# --------------------------------------------------------------------------- places inside lists and actions
def test_the_nth_step_of_a_named_atomic_action():
    text = ("In the Dynastic Reset atomic action of “Victory and Ascension”, replace the second step with:\n\n"
            "Repeal every dynastic rule not kept.")
    result = enacted(text, R2023)
    assert statuses(result) == [APPLIED], result.report.steps
    page = result.pages["Ruleset"]
    assert "* Repeal every dynastic rule not kept.\n* Update the gamestate tracking page" in page
    assert "Repeal any dynastic rules which were not listed" not in page


def test_a_step_found_by_its_words_in_an_action_named_without_its_rule():
    text = "Replace the step “Repeal any dynastic rules” in the Dynastic Reset atomic action with “Repeal the rest.”"
    [step] = parse_steps(text)
    assert step.rule is None and step.target.in_list == "Dynastic Reset"
    result = enacted(text, R2023)
    assert statuses(result) == [APPLIED] and "* Repeal the rest.\n" in result.pages["Ruleset"]


def test_a_bullet_inserted_before_a_step_and_the_last_steps_removed():
    result = enacted("In “Victory and Ascension”, immediately before the step beginning “Update the Building Blocks "
                     "page”, add the following:\n\n* Announce the new theme.\n\n"
                     "In the same rule, remove the last step of the Dynastic Reset atomic action.", R2023)
    assert statuses(result) == [APPLIED, APPLIED], result.report.steps
    page = result.pages["Ruleset"]
    assert "as described in the most recent Ascension Address.\n* Announce the new theme.\n" in page
    assert "Update the Building Blocks page to reflect" not in page


def test_the_step_before_the_last_and_an_item_of_a_rules_only_list():
    result = enacted("In “Victory and Ascension”, remove the step before the last of the Dynastic Reset atomic action.",
                     R2023)
    assert statuses(result) == [APPLIED] and "Make any specified or automatic changes" not in result.pages["Ruleset"]
    fair = enacted("In “Fair Play”, remove the bullet point beginning “A Puzzler should not deliberately exploit”.", R2023)
    assert statuses(fair) == [APPLIED] and "deliberately exploit bugs" not in fair.pages["Ruleset"]
    assert "* A Puzzler should not edit their own blog comments" in fair.pages["Ruleset"]


def test_a_numbered_item_in_a_rule_with_several_lists_goes_to_an_admin():
    result = enacted("In “Victory and Ascension”, remove the second bullet point.", R2023)
    assert statuses(result) == [UNSUPPORTED] and "lists" in result.report.steps[0].detail


# --------------------------------------------------------------------------- more ways to name a place
@pytest.mark.parametrize("place", ["In the rule “Proposals”, in the subrule “Resolution of Proposals”,",
                                   "In the subrule “Resolution of Proposals” of the rule “Proposals”,"])
def test_a_subrule_named_with_its_rule(place):
    result = enacted(f"{place} replace “The oldest Pending Proposal may be Enacted” with "
                     "“The oldest Pending Proposal can be Enacted”.", R2023)
    assert statuses(result) == [APPLIED], result.report.steps
    wrong_parent = enacted("In the rule “Puzzlers”, in the subrule “Resolution of Proposals”, replace “oldest” with "
                           "“eldest”.", R2023)
    assert statuses(wrong_parent) != [APPLIED]


def test_a_numbered_rule_entitled_and_a_heading_called_a_section():
    [step] = parse_steps("In Rule 1.4 entitled “Votable Matters” replace “A” with “B”.")
    assert step.rule == RuleRef(name="Rule 1.4 (Votable Matters)", number="1.4")
    [step] = parse_steps("To the section “Dormancy”, add:\n\nSleep is restful.")
    assert isinstance(step, AppendText) and step.rule == RuleRef(name="Dormancy")
    [step] = parse_steps("In the Courtesy section of the Core Rules, add the following bullet point:\n\n* Be kind.")
    assert isinstance(step, AddListItem) and step.rule == RuleRef(name="Courtesy")  # a bullet: the list's item


def test_new_pieces_and_whole_ruleset_forms():
    assert isinstance(parse_steps("To Rule 4 (Voting), add the paragraph:-\n\nVotes count.")[0], AppendText)
    [item] = parse_steps("Add a new Guild to the list of Guilds in Rule 3.4:\n\n* The Tanners")
    assert item.of == "Guilds" and item.items == "* The Tanners"
    [ins] = parse_steps("In Rule 9, add the following text to the paragraph beginning with “When a Keeper holds”:\n\nor not.")
    assert isinstance(ins, InsertText) and ins.position == "end" and ins.anchor.text == "When a Keeper holds"
    assert type(parse_steps("Delete all dynastic rules from the ruleset.")[0]).__name__ == "RepealAll"


def test_text_removed_if_it_exists():
    [step] = parse_steps("In the rule “Dormancy”, remove “(not including the Puzzle Master)” if it exists.")
    assert step.when is not None and step.when.contains == "(not including the Puzzle Master)"
    assert statuses(enacted("In the rule “Dormancy”, remove “(not including the Puzzle Master)” if it exists.", R2023)) \
        == [APPLIED]
    assert statuses(enacted("In the rule “Dormancy”, remove “(or the Chef)” if it exists.", R2023)) == [IGNORED]


# --------------------------------------------------------------------------- a new wording is one grammar line
@pytest.mark.slow
@pytest.mark.parametrize("rule,line,sentence,check", [
    ("v_reword: REWORD | REWRITE | REDRAFT", 'v_reword: REWORD | REWRITE | REDRAFT | "recast"i',
     "Recast the rule \x010\x02 to", lambda sp: sp.cls.__name__ == "ReplaceRuleText"),
    ("_onwards: ONWARDS |", "_onwards: AND EVERYTHING BELOW IT | ONWARDS |",
     "Remove the third paragraph and everything below it from \x010\x02",
     lambda sp: sp.fields["target"].kind == "paragraphs_from" and sp.fields["target"].number == 3),
    ("_called: CALLED |", '_called: "dubbed"i | CALLED |',
     "Create a new rule dubbed \x010\x02", lambda sp: sp.cls.__name__ == "AddRule" and sp.fields["name"] == "Hats"),
])
def test_a_new_wording_is_one_line_of_the_grammar(tmp_path, rule, line, sentence, check):
    from pathlib import Path
    from parsers.parsing import Grammar
    text = Path(frames.__file__).with_name("instructions.lark").read_text(encoding="utf-8")
    assert rule in text
    m = language.Masked(sentence, ["Hats"], ["“Hats”"])
    assert not frames.read(sentence, m).specs  # not read before the line …
    taught = tmp_path / "instructions.lark"
    taught.write_text(text.replace(rule, line, 1), encoding="utf-8")
    [spec] = frames.read(sentence, m, grammar=Grammar(taught)).specs  # … read after it
    assert check(spec)


# --------------------------------------------------------------------------- a value's full stop
def test_a_full_stop_inside_the_closing_quote_of_a_value_is_the_sentences():
    """“Set the Weather to “Rain.”” sets Rain: the full stop closing the sentence stands inside the quotes;
    a value of several words ending so ("“Fortune favours the bold.”") may keep it or not — an Admin says."""
    assert [s.value for s in parse_steps("Set the Weather to “Rain.”")] == [s.value for s in parse_steps(
        "Set the Weather to “Rain”.")]
    assert [(type(s), s.value) for s in parse_steps("Set the Weather to “Rain.”")] == [(SetSingleValue, "Rain")]
    assert [(type(s), s.value) for s in parse_steps("Change the Lamp of Kevan to “None.”")] == [(SetValue, "None")]
    refused = parse_steps("Set Kevan’s Motto to “Fortune favours the bold.”")
    assert [type(s) for s in refused] == [Unsupported] and "full stop" in refused[0].reason


# --------------------------------------------------------------------------- words that only look like a step
@pytest.mark.parametrize("text", [
    "Rename Tithes to whatever the Mayor chooses.",  # a description of a name, not a title
    "Rename the rule Tithes to something more fitting.",
    "Orrin may gain 3 Bushels.",  # a rule's saying: a name never ends with a modal
    "Tamsin could lose 2 Bushels.",
    "Set Orrin’s Favour to 0, and give him 3 Bushels.",  # “him” is nobody the page names
])
def test_words_that_only_look_like_a_step_are_refused_whole(text):
    steps = parse_steps(text)
    assert steps and all(isinstance(s, Unsupported) for s in steps), steps


def test_a_part_set_off_by_commas_after_the_verb_is_a_part():
    """"Replace, in Tithes, “two” with “three”": one step — and the text below is never given to a clause
    that another clause follows."""
    [step] = parse_steps("Replace, in the rule Tithes, “two Bushels” with “three Bushels”.")
    assert isinstance(step, ReplaceText) and step.rule == RuleRef(name="Tithes") and step.new == "three Bushels"


def test_old_and_new_text_each_quoted_on_lines_of_their_own():
    """"In X, replace:" ⏎ “old” ⏎ with: ⏎ “new”: one replacement, whatever blank lines stand between."""
    for text in ("In “Tithes”, replace:\n\n“two Bushels”\n\nwith:\n\n“three Bushels”",
                 "In “Tithes”, replace:\n“two Bushels”\nwith\n“three Bushels”"):
        [step] = parse_steps(text)
        assert isinstance(step, ReplaceText) and step.target.text == "two Bushels" and step.new == "three Bushels"


def test_conditions_on_the_page_in_other_words_are_decided_by_the_bot():
    """"If “X” is a rule", "Should the rule “X” exist", "In X, if it contains “A”, …": conditions on the page the
    bot decides when the step is applied — the last on X itself, never on the rule named before it."""
    [step] = parse_steps("If “Docking Fees” is a rule, repeal it.")
    assert isinstance(step, RepealRule) and step.when.rule == RuleRef(name="Docking Fees") and not step.when.negated
    [step] = parse_steps("Should the rule “Oxygen” exist, rename it to “Breathing”.")
    assert isinstance(step, RenameRule) and step.when.rule == RuleRef(name="Oxygen")
    [step] = parse_steps("In “Docking Fees”, if it contains “per ship”, replace “per ship” with “per berth”.")
    assert isinstance(step, ReplaceText) and step.when.rule == RuleRef(name="Docking Fees")
    assert step.when.contains == "per ship" and step.rule == RuleRef(name="Docking Fees")
    # the rule named before holds the text; the one the condition is on does not: skipped, the other rule untouched
    result = enacted("Replace “One” with “Uno” in “Coins”.\n\nIn “Docking Fees”, if it contains “per ship”, replace "
                     "“per ship” with “per berth”.", "= Dynastic Rules =\n==Coins==\nOne per ship.\n==Docking Fees==\n"
                     "Two per berth.\n")
    assert statuses(result) == [APPLIED, IGNORED] and "“Docking Fees” does not hold" in result.report.steps[1].detail
    assert "Uno per ship" in result.pages["Ruleset"]


def test_a_rule_made_a_rule_of_a_section_moves_there():
    """"Make “Tithes” a Core rule": into the Core Rules; a Special Case rule needs a status the step does not give."""
    [step] = parse_steps("Make “Tithes” a Core rule.")
    assert type(step).__name__ == "MoveRule" and step.section == "Core Rules" and step.rule == RuleRef(name="Tithes")
    [step] = parse_steps("Turn “Tithes” into a Special Case rule.")
    assert isinstance(step, Unsupported) and "status" in step.reason


def test_a_condition_on_words_no_rule_is_called_goes_to_an_admin():
    # "the Head Gardener’s EVC" may hold text without being a rule: never decided as "no such rule, skipped"
    result = enacted("If the Head Gardener’s EVC contains the word “compost”, repeal “Heaps”.",
                     "= Dynastic Rules =\n==Heaps==\nHeaps rot.\n")
    assert statuses(result) == [UNSUPPORTED] and "may be something other than a rule" in result.report.steps[0].detail
    # a rule named as a rule that does not exist: the condition is false, as before
    result = enacted("If the rule “Compost” contains “rot”, repeal “Heaps”.", "= Dynastic Rules =\n==Heaps==\nHeaps rot.\n")
    assert statuses(result) == [IGNORED]


def test_items_joined_by_and_go_to_the_list_both():
    steps = parse_steps("Add “Lupin” and “Foxglove” to the list in the rule “Blooms”.")
    assert [type(s).__name__ for s in steps] == ["AddListItem", "AddListItem"]
    assert [s.items for s in steps] == ["Lupin", "Foxglove"]


@pytest.mark.parametrize("text", ["In the relevant rule, replace “Shears” with “Secateurs”.",
                                  "In the appropriate rule, remove “Shears”."])
def test_a_rule_named_by_a_lower_case_word_is_no_rule(text):
    [step] = parse_steps(text)
    assert isinstance(step, Unsupported) and "names no rule" in step.reason


@pytest.mark.parametrize("text", ["If a subrule of “Greenhouses” named “Heating” exists, repeal it.",
                                  "If there is a subrule of “Greenhouses” named “Heating”, repeal it."])
def test_a_subrules_existence_under_its_parent_is_decided_by_the_bot(text):
    [step] = parse_steps(text)
    assert isinstance(step, RepealRule) and step.when.rule == RuleRef(name="Heating")
    assert step.when.parent == RuleRef(name="Greenhouses") and step.rule.parent == RuleRef(name="Greenhouses")


@pytest.mark.parametrize("text", ["Edit the rule “Greenhouses” to replace “Shears” with “Secateurs”.",
                                  "Amend Greenhouses to change “Shears” to “Secateurs”.",
                                  "Change the rule “Greenhouses” to substitute “Secateurs” for “Shears”."])
def test_the_act_as_the_purpose_of_an_amendment(text):
    [step] = parse_steps(text)
    assert isinstance(step, ReplaceText) and step.rule.name == "Greenhouses"
    assert (step.target.text, step.new) == ("Shears", "Secateurs")


@pytest.mark.parametrize("text", ["Rule “Greenhouses”: change “Shears” to read “Secateurs”.",
                                  "“Greenhouses”:\n* change “Shears” to read “Secateurs”"])
def test_a_heading_naming_the_rule_says_the_quote_is_its_text_not_a_rule(text):
    # alone, “change “Shears” to read …” may reword a rule called “Shears”: the heading says which is meant
    [alone] = parse_steps("Change “Shears” to read “Secateurs”.")
    assert isinstance(alone, Unsupported) and "more than one way" in alone.reason
    steps = [s for s in parse_steps(text) if not isinstance(s, Ignored)]
    assert [type(s).__name__ for s in steps] == ["ReplaceText"]
    assert steps[0].rule.name == "Greenhouses" and (steps[0].target.text, steps[0].new) == ("Shears", "Secateurs")


@pytest.mark.parametrize("who", ["each active Gardener’s", "every non-idle Gardener’s", "each nonidle Gardener’s"])
def test_active_players_are_every_player_of_the_page(who):
    [step] = parse_steps(f"Set {who} Seeds to 0.")
    assert isinstance(step, SetValue) and step.player.term == "Gardener" and (step.variable, step.value) == ("Seeds", "0")


def test_one_attribute_of_two_things_set_at_once():
    steps = parse_steps("Change the Hue of both “Urn” and “Vase” to “Teal”.")
    assert [(s.thing, s.attribute, s.value) for s in steps] == [("Urn", "Hue", "Teal"), ("Vase", "Hue", "Teal")]
    steps = parse_steps("Set the Hue of “Urn” to “Teal” and “Vase” to “Rose”.")
    assert [(s.thing, s.attribute, s.value) for s in steps] == [("Urn", "Hue", "Teal"), ("Vase", "Hue", "Rose")]

"""Ruleset edits: typo-level fixes pass; anything that could change a rule does not, saying why."""

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.ruleset_review import KEYWORDS, MAX_WORD_FIXES, names_enactment, review_edit
from fixturedata import fixture_text

RULESET = fixture_text("ruleset_2023.wiki")
COINS = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3."


def edit(old, new, count=1):
    assert old in RULESET, old
    return RULESET.replace(old, new, count)


def test_unchanged_page_is_typo_level():
    assert review_edit(RULESET, RULESET).typo


def test_spelling_fixes_pass():
    text = "The Ruleset and Gamestate can only be altered in manners specified by the Ruleset."
    review = review_edit(edit(text, text.replace("manners", "maners")), RULESET)
    assert review.typo and review.fixes == [("maners", "manners")]
    assert review_edit(RULESET, edit("Idle Puzzlers are not counted", "Idle Puzzlers are not countd")).typo
    assert review_edit(RULESET, edit("Idle Puzzlers are not counted", "idle puzzlers are not counted")).typo


def test_whitespace_and_prose_punctuation_within_a_line_pass():
    assert review_edit(RULESET, edit("Unless otherwise stated, all", "Unless otherwise stated,  all")).typo
    assert review_edit(RULESET, edit("Unless otherwise stated, all", "Unless otherwise stated all")).typo


def test_numbers_are_never_typos():
    review = review_edit(RULESET, edit(COINS, COINS.replace("to 3", "to 4")))
    assert not review.typo and review.reason == "“3” changed to “4”: a number"
    review = review_edit(RULESET, edit("fewer than four Puzzlers", "fewer than five Puzzlers"))
    assert not review.typo and "a number" in review.reason


def test_keywords_are_never_typos():
    review = review_edit(RULESET, edit("Idle Puzzlers are not counted", "Idle Puzzlers are now counted"))
    assert not review.typo and "“not”" in review.reason
    review = review_edit(RULESET, edit("Any Puzzler may submit a Proposal", "Any Puzzler must submit a Proposal"))
    assert not review.typo and "“may”" in review.reason
    review = review_edit(RULESET, edit("using a voting icon of FOR, AGAINST", "using a voting icon of FOE, AGAINST"))
    assert not review.typo and "“FOR”" in review.reason
    review = review_edit(RULESET, edit("AGAINST, or DEFERENTIAL.", "AGAINST, or DEFERENTAL."))
    assert not review.typo and "capitals" in review.reason


def test_words_added_removed_or_replaced_are_not_typos():
    review = review_edit(RULESET, edit(COINS, COINS.replace("publicly tracked", "secretly tracked")))
    assert not review.typo  # a keyword, and a different word
    review = review_edit(RULESET, edit(COINS, COINS.replace("number of Coins", "number of Gems")))
    assert not review.typo and "a different word" in review.reason
    review = review_edit(RULESET, edit(COINS, COINS.replace("publicly tracked ", "")))
    assert not review.typo and review.reason.startswith("words were removed")
    review = review_edit(RULESET, edit(COINS, COINS.replace("Coins,", "Coins and Gems,")))
    assert not review.typo and review.reason.startswith("words were added")


def test_markup_and_line_breaks_are_not_typos():
    review = review_edit(RULESET, edit("== Dormancy ==", "=== Dormancy ==="))
    assert not review.typo and "markup" in review.reason
    review = review_edit(RULESET, edit("Unless otherwise stated, all", "Unless otherwise stated,\n\nall"))
    assert not review.typo and "lines were added" in review.reason
    review = review_edit(RULESET, edit("\n* It has a number of FOR Votes", "\n** It has a number of FOR Votes"))
    assert not review.typo and "start of a line" in review.reason
    review = review_edit(RULESET, edit("\nA Votable Matter is Popular", "\n A Votable Matter is Popular"))
    assert not review.typo and "start of a line" in review.reason
    review = review_edit(RULESET, edit("[[Puzzle Board]]", "[[Puzzle Board2]]"))
    assert not review.typo
    review = review_edit(RULESET, edit("This is the '''Ruleset'''", "This is the ''Ruleset''"))
    assert not review.typo and "markup “'”" in review.reason


def test_too_many_fixes_are_a_rewrite():
    words = RULESET.split()
    long_words = [w for w in dict.fromkeys(words) if w.isalpha() and w.islower() and len(w) > 8
                  and w not in KEYWORDS][:MAX_WORD_FIXES + 1]
    text = RULESET
    for w in long_words:
        text = text.replace(f" {w} ", f" {w[:-1]}x ", 1)
    review = review_edit(RULESET, text)
    assert not review.typo and f"more than {MAX_WORD_FIXES}" in review.reason


def test_summary_names_an_enactment_or_cfj():
    for summary in ("Enacting Proposal: Hats", "enacted", "per CfJ", "Call for Judgement: Coins",
                    "call for judgment", "Proposal passed"):
        assert names_enactment(summary), summary
    for summary in ("", "tidy", "fixing Coins", "cfjx"):
        assert not names_enactment(summary), summary


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=len(RULESET) - 1), st.sampled_from("0123456789"))
def test_a_changed_digit_is_never_a_typo(position, digit):
    digits = [i for i, ch in enumerate(RULESET) if ch.isdigit()]
    at = digits[position % len(digits)]
    if RULESET[at] == digit:
        return
    changed = RULESET[:at] + digit + RULESET[at + 1:]
    assert not review_edit(RULESET, changed).typo


def test_a_whole_new_ruleset_is_judged_at_once():
    # lines first, then words within changed lines: a rewrite is not diffed token by token
    review = review_edit(RULESET, fixture_text("ruleset_2022.wiki"))
    assert not review.typo and "lines were added, removed or moved" in review.reason
    review = review_edit(RULESET, RULESET.replace("Puzzler", "Baron"))
    assert not review.typo and "a different word" in review.reason


def test_singular_or_plural_of_a_game_term_is_not_a_typo():
    spend = "that Puzzler may spend 1 Coin to perform"
    review = review_edit(RULESET, edit(spend, spend.replace("1 Coin", "1 Coins")))
    assert not review.typo and "singular or plural" in review.reason
    review = review_edit(RULESET, edit("number of Coins each time", "number of Coin each time"))
    assert not review.typo and "singular or plural" in review.reason
    review = review_edit(RULESET, edit("A Cell is Above another Cell", "A Cell is Above another Cells"))
    assert not review.typo and "singular or plural" in review.reason
    # a lower-case word's ending is grammar, not a game term
    assert review_edit(RULESET, edit("10 by 10 grid of cells", "10 by 10 grid of cell")).typo


def test_one_game_term_replaced_by_another_is_not_a_typo():
    # “Call” is a word of this Ruleset as much as “Cell”: one letter, another term
    review = review_edit(RULESET, edit("A Cell is Above another Cell", "A Call is Above another Cell"))
    assert not review.typo and "another term of the rules" in review.reason
    # a misspelt term put right is a typo fix
    misspelt = edit("A Cell is Above another Cell", "A Cell is Above another Cekl")
    assert review_edit(misspelt, RULESET).typo


def test_negations_and_number_words_are_never_typos():
    text = "Any Puzzler may submit a Proposal"
    review = review_edit(RULESET, edit(text, "Any Puzzler mayn't submit a Proposal"))
    assert not review.typo and "changes what a rule says" in review.reason
    review = review_edit(RULESET, edit(text, "Any Puzzler can submit a Proposal"))
    assert not review.typo and "“may”" in review.reason
    review = review_edit(RULESET, edit(text, "Any Puzzler may not submit a Proposal"))
    assert not review.typo and "words were added (“not”)" == review.reason
    review = review_edit(RULESET, edit("Any Puzzler may", "Only Puzzler may"))
    assert not review.typo
    review = review_edit(RULESET, edit("fewer than four Puzzlers", "fewer than fourteen Puzzlers"))
    assert not review.typo and "a number" in review.reason
    review = review_edit(RULESET, edit("fewer than four Puzzlers", "fewer than twelfth Puzzlers"))
    assert not review.typo and "a number" in review.reason


def test_capitals_alone_count_nothing_but_for_words_in_capitals():
    text = "The Ruleset and Gamestate can only be altered"
    assert review_edit(RULESET, edit(text, "the Ruleset and Gamestate can only be altered")).typo
    assert review_edit(RULESET, edit(text, "The Ruleset and Gamestate Can Only be altered")).typo
    review = review_edit(RULESET, edit("using a voting icon of FOR, AGAINST", "using a voting icon of for, AGAINST"))
    assert not review.typo and "capitals" in review.reason


def test_a_special_case_status_changed_is_never_a_typo():
    page = fixture_text("ruleset_2022.wiki")
    assert "== Bounties [Rare][Active] ==" in page
    review = review_edit(page, page.replace("== Bounties [Rare][Active] ==", "== Bounties [Rare][Inactive] =="))
    assert not review.typo and "Inactive" in review.reason


def test_two_letters_swapped_into_a_keyword_is_a_typo_fix_when_it_can_be_no_other_word():
    from actions.ruleset_review import review_edit

    assert review_edit("Each player has teh Coins.", "Each player has the Coins.").typo
    # "nto" could be "not", "no", "to" or "into"; "form" is a word the page still uses: not slips to pass
    assert not review_edit("Take nto the Coins.", "Take not the Coins.").typo
    assert not review_edit("Fill the form and the form.", "Fill the from and the form.").typo
    assert not review_edit("You can now vote.", "You can not vote.").typo

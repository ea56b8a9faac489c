"""actions.review: a hand enactment (or reset) compared with the bot's own, step by step.

Every enactment fixture, enacted by the bot, reviews clean (enact and review cannot drift apart);
then one hand edit per kind of slip, each found and named."""

from __future__ import annotations

import json

import pytest

from actions import review as rv
from actions.enact import enact
from actions.reset import dynastic_reset
from parsers.ascension import parse_address
from parsers.proposal import parse_proposal
from parsers.ruleset import parse
from tests.fixturedata import fixture_text
from tests.test_enact import ENACT, EXAMPLES, load_example

RULESET = """= Dynastic Rules =
== Coins ==
Each Puzzler has a publicly trakced number of Coins, defaulting to 3. Coins cannot exceed 10.

== Hats ==
Each Puzzler may wear one Hat.

== Markets ==
A Puzzler may buy a Hat for 2 Coins. Markets close at night.
"""

PROPOSAL = """In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.

Add a new rule to the Ruleset, called “Scarves”, with the following text:

Each Puzzler may wear one Scarf.

In the rule “Markets”, after “for 2 Coins”, add “, or a Scarf for 1 Coin”.
"""

BOT = """= Dynastic Rules =
== Coins ==
Each Puzzler has a publicly trakced number of Coins, defaulting to 5. Coins cannot exceed 10.

== Hats ==
Each Puzzler may wear one Hat.

== Markets ==
A Puzzler may buy a Hat for 2 Coins, or a Scarf for 1 Coin. Markets close at night.

== Scarves ==
Each Puzzler may wear one Scarf.

"""


def review_of(hand: str, text: str = PROPOSAL, before: str = RULESET) -> rv.Review:
    return rv.review_enactment(parse_proposal("Proposal: Richer", text), {"Ruleset": before}, {"Ruleset": hand})


def slip(old: str, new: str, page: str = BOT) -> str:
    assert page.count(old) == 1, old
    return page.replace(old, new)


def verdicts(review: rv.Review) -> list[str]:
    return [s.verdict for s in review.steps]


# ============================================================================ the bot's own edits


def test_the_bot_result_is_what_the_review_expects():
    assert enact(parse_proposal("Proposal: Richer", PROPOSAL), RULESET).pages["Ruleset"] == BOT


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_enactment_fixture_reviews_clean(name):
    fixture, statuses = EXAMPLES[name]
    before = (ENACT / f"{fixture}.wiki").read_text(encoding="utf-8")
    after = (ENACT / f"{name}.after.wiki").read_text(encoding="utf-8")
    review = rv.review_enactment(load_example(name), {"Ruleset": before}, {"Ruleset": after})
    assert review.unasked == [], review.render()
    for step, status in zip(review.steps, statuses):
        if status == "applied":
            assert step.verdict == rv.AS_WRITTEN, review.render()
        else:
            assert step.verdict in (rv.NOT_CHECKED, rv.NOTHING_TO_DO), review.render()
    assert review.exit_code == (rv.EXIT_NOT_CHECKED if review.of(rv.NOT_CHECKED) else rv.EXIT_CLEAN)


def test_a_clean_hand_enactment():
    review = review_of(BOT)
    assert verdicts(review) == [rv.AS_WRITTEN] * 3 and review.unasked == []
    assert review.exit_code == rv.EXIT_CLEAN
    assert review.summary == "Enactment of Richer: 3 of 3 steps as written"


# ============================================================================ one test per kind of slip


def test_a_wrong_number():
    review = review_of(slip("defaulting to 5", "defaulting to 4"))
    assert verdicts(review) == [rv.DIFFERENTLY, rv.AS_WRITTEN, rv.AS_WRITTEN]
    step = review.steps[0]
    assert (step.bot, step.edit, step.rule) == ("defaulting to 5", "defaulting to 4", "Coins")
    assert review.unasked == [] and review.exit_code == rv.EXIT_DIFFERENT
    assert "step 1 wrote 'defaulting to 4' where the proposal says 'defaulting to 5'" in review.summary


def test_a_missed_step():
    review = review_of(slip("\n== Scarves ==\nEach Puzzler may wear one Scarf.\n", ""))
    assert verdicts(review) == [rv.AS_WRITTEN, rv.NOT_DONE, rv.AS_WRITTEN]
    assert "“Scarves” is not on the page" in review.steps[1].detail
    assert review.unasked == [] and review.exit_code == rv.EXIT_DIFFERENT
    assert "step 2 not done" in review.summary


def test_a_replacement_left_undone():
    review = review_of(slip("defaulting to 5", "defaulting to 3"))
    assert verdicts(review)[0] == rv.NOT_DONE and review.exit_code == rv.EXIT_DIFFERENT


def test_a_step_applied_to_the_wrong_rule():
    hand = slip(", or a Scarf for 1 Coin. Markets", ". Markets")
    hand = slip("one Hat.", "one Hat, or a Scarf for 1 Coin.", hand)
    review = review_of(hand)
    assert verdicts(review) == [rv.AS_WRITTEN, rv.AS_WRITTEN, rv.DIFFERENTLY]
    assert "in “Hats”, not in “Markets”" in review.steps[2].detail
    assert review.unasked == []   # the text found elsewhere is the step's, not an unasked change


def test_text_added_in_the_wrong_place():
    hand = slip("a Hat for 2 Coins, or a Scarf for 1 Coin.", "a Hat, or a Scarf for 1 Coin, for 2 Coins.")
    review = review_of(hand)
    assert verdicts(review)[2] == rv.DIFFERENTLY
    assert review.exit_code == rv.EXIT_DIFFERENT


def test_a_new_rule_in_the_wrong_place():
    moved = "== Scarves ==\nEach Puzzler may wear one Scarf.\n"
    hand = slip("\n" + moved, "")
    hand = slip("== Hats ==", moved + "\n== Hats ==", hand)
    review = review_of(hand)
    assert verdicts(review) == [rv.AS_WRITTEN, rv.DIFFERENTLY, rv.AS_WRITTEN]
    assert "“Scarves” stands after Coins; the proposal puts it after Markets" in review.steps[1].detail


def test_an_unasked_change():
    review = review_of(slip("cannot exceed 10", "cannot exceed 12"))
    assert verdicts(review) == [rv.AS_WRITTEN] * 3
    [change] = review.unasked
    assert change.rule == "Coins" and not change.typo and "[-10-]{+12+}" in change.diff
    assert review.exit_code == rv.EXIT_DIFFERENT
    assert review.summary.endswith("1 unasked change in Coins")


def test_an_unasked_rule_removed_and_one_added():
    hand = slip("== Hats ==\nEach Puzzler may wear one Hat.\n\n", "") + "\n== Gloves ==\nNone.\n"
    review = review_of(hand)
    assert {(u.rule, u.diff.endswith("(removed)")) for u in review.unasked} == {("Hats", True), ("Gloves", False)}
    assert review.exit_code == rv.EXIT_DIFFERENT


def test_a_typo_fix_is_listed_apart():
    review = review_of(slip("trakced", "tracked"))
    assert verdicts(review) == [rv.AS_WRITTEN] * 3
    [change] = review.unasked
    assert change.typo and change.rule == "Coins"
    assert review.exit_code == rv.EXIT_CLEAN   # typo fixes are named, not counted as differences
    assert "1 typo fix in Coins" in review.summary


def test_a_step_the_bot_cannot_read_is_not_checked():
    text = PROPOSAL + "\nIf this proposal has more than 5 FOR votes, repeal the rule “Hats”.\n"
    review = review_of(BOT, text)
    assert verdicts(review)[:3] == [rv.AS_WRITTEN] * 3 and verdicts(review)[3] == rv.NOT_CHECKED
    assert review.exit_code == rv.EXIT_NOT_CHECKED


def test_a_slip_outweighs_steps_not_checked():
    text = PROPOSAL + "\nIf this proposal has more than 5 FOR votes, repeal the rule “Hats”.\n"
    review = review_of(slip("defaulting to 5", "defaulting to 4"), text)
    assert review.exit_code == rv.EXIT_DIFFERENT


def test_json_shape():
    data = review_of(slip("defaulting to 5", "defaulting to 4")).to_dict()
    assert set(data) == {"steps", "unasked", "summary"}
    assert set(data["steps"][0]) == {"n", "text", "verdict", "detail"}
    json.dumps(data)


# ============================================================================ the gamestate page

GAMESTATE = """{| class="wikitable"
! Player !! Coins
|-
| Alice || 3
|-
| Bobby || 4
|}
"""


def test_a_wrong_gamestate_value():
    text = "Alice gains 2 Coins.\n"
    proposal = parse_proposal("Proposal: Gift", text)
    before = {"Ruleset": RULESET, "Gamestate": GAMESTATE}
    bot = enact(proposal, RULESET, GAMESTATE, gamestate_title="Gamestate").pages["Gamestate"]
    assert "| Alice || 5" in bot
    clean = rv.review_enactment(proposal, before, {"Ruleset": RULESET, "Gamestate": bot})
    assert verdicts(clean) == [rv.AS_WRITTEN] and clean.exit_code == 0
    wrong = rv.review_enactment(proposal, before, {"Ruleset": RULESET, "Gamestate": bot.replace("Alice || 5", "Alice || 6")})
    assert verdicts(wrong) == [rv.DIFFERENTLY] and wrong.steps[0].bot.endswith("5") and wrong.steps[0].edit.endswith("6")


# ============================================================================ a Dynastic Reset by hand

ADDRESS = "Set the synonym for Baron to “Knight”. Repeal all dynastic rules."


def test_a_hand_reset_reviewed_from_the_address():
    ruleset = fixture_text("ruleset_2022.wiki")
    plan = parse_address(ADDRESS, ruleset=ruleset)
    bot = dynastic_reset(ruleset, plan)
    assert bot.ok, bot.report.render(with_diffs=False)
    clean = rv.review_reset(plan, {"Ruleset": ruleset}, {"Ruleset": bot.pages["Ruleset"]})
    assert clean.of(rv.DIFFERENTLY, rv.NOT_DONE) == [] and clean.unasked == [], clean.render()
    assert clean.exit_code == rv.EXIT_CLEAN
    assert clean.summary.startswith("Dynastic Reset")
    # one "Baron" left standing: the term step is done differently, naming the rule
    page = bot.pages["Ruleset"]
    at = page.index("Knight", page.index("= Core Rules ="))
    hand = page[:at] + "Baron" + page[at + len("Knight"):]
    slipped = rv.review_reset(plan, {"Ruleset": ruleset}, {"Ruleset": hand})
    term = next(s for s in slipped.steps if "Knight" in s.text)
    assert term.verdict in (rv.NOT_DONE, rv.DIFFERENTLY) and slipped.exit_code == rv.EXIT_DIFFERENT


# ============================================================================ the command line


def test_wikibot_review_exit_codes_and_json(tmp_path, capsys):
    from wikibot.cli import main

    (tmp_path / "p.txt").write_text(PROPOSAL, encoding="utf-8")
    (tmp_path / "old.wiki").write_text(RULESET, encoding="utf-8")
    (tmp_path / "bot.wiki").write_text(BOT, encoding="utf-8")
    (tmp_path / "slip.wiki").write_text(slip("defaulting to 5", "defaulting to 4"), encoding="utf-8")
    (tmp_path / "cond.txt").write_text(PROPOSAL + "\nIf this proposal has more than 5 FOR votes, repeal the rule "
                                       "“Hats”.\n", encoding="utf-8")
    base = ["review", "--title", "Proposal: Richer", "--ruleset-old", str(tmp_path / "old.wiki")]
    assert main(base + ["--text-file", str(tmp_path / "p.txt"), "--ruleset-new", str(tmp_path / "bot.wiki")]) == 0
    assert "3 of 3 steps as written" in capsys.readouterr().out
    assert main(base + ["--text-file", str(tmp_path / "p.txt"), "--ruleset-new", str(tmp_path / "slip.wiki"),
                        "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["steps"][0]["verdict"] == rv.DIFFERENTLY and data["unasked"] == []
    assert main(base + ["--text-file", str(tmp_path / "cond.txt"), "--ruleset-new", str(tmp_path / "bot.wiki")]) == 3
    capsys.readouterr()
    assert main(base + ["--ruleset-new", str(tmp_path / "bot.wiki")]) == 2   # neither a proposal nor an Address
    assert "--text-file" in capsys.readouterr().err


def test_wikibot_review_of_a_reset(tmp_path, capsys):
    from wikibot.cli import main

    ruleset = fixture_text("ruleset_2022.wiki")
    plan = parse_address(ADDRESS, ruleset=ruleset)
    (tmp_path / "aa.txt").write_text(ADDRESS, encoding="utf-8")
    (tmp_path / "old.wiki").write_text(ruleset, encoding="utf-8")
    (tmp_path / "new.wiki").write_text(dynastic_reset(ruleset, plan).pages["Ruleset"], encoding="utf-8")
    assert main(["review", "--address-file", str(tmp_path / "aa.txt"), "--ruleset-old", str(tmp_path / "old.wiki"),
                 "--ruleset-new", str(tmp_path / "new.wiki")]) == 0
    assert capsys.readouterr().out.startswith("Dynastic Reset")


def test_one_edit_of_an_enactment_made_in_two():
    text = "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n\nAlice gains 2 Coins.\n"
    proposal = parse_proposal("Proposal: Both", text)
    bot = enact(proposal, RULESET, GAMESTATE, gamestate_title="Gamestate").pages
    before = {"Ruleset": RULESET, "Gamestate": GAMESTATE}
    rules_edit = rv.review_enactment(proposal, before, {"Ruleset": bot["Ruleset"], "Gamestate": GAMESTATE},
                                     reviewed={"Ruleset"})
    assert verdicts(rules_edit) == [rv.AS_WRITTEN, rv.NOT_CHECKED] and rules_edit.unasked == []
    assert "“Gamestate”, which this edit did not touch" in rules_edit.steps[1].detail
    board_edit = rv.review_enactment(proposal, before, {"Ruleset": RULESET, "Gamestate": bot["Gamestate"]},
                                     reviewed={"Gamestate"})
    assert verdicts(board_edit) == [rv.NOT_CHECKED, rv.AS_WRITTEN] and board_edit.unasked == []


REPEAL_AND_RENAME = "Repeal the rule “Hats”.\n\nRename the rule “Markets” to “Bazaars”.\n"


def test_a_repeal_and_a_rename_left_undone():
    review = review_of(RULESET, REPEAL_AND_RENAME)
    assert verdicts(review) == [rv.NOT_DONE, rv.NOT_DONE]
    assert "“Hats” is still on the page" in review.steps[0].detail
    assert review.unasked == []


def test_a_rename_misspelt():
    bot = enact(parse_proposal("Proposal: Richer", REPEAL_AND_RENAME), RULESET).pages["Ruleset"]
    review = review_of(bot.replace("Bazaars", "Bazars"), REPEAL_AND_RENAME)
    assert verdicts(review) == [rv.AS_WRITTEN, rv.DIFFERENTLY]
    assert (review.steps[1].bot, review.steps[1].edit) == ("Bazaars", "Bazars") and review.unasked == []


def test_a_trailing_blank_line_is_no_difference():
    assert review_of(BOT.rstrip("\n")).exit_code == rv.EXIT_CLEAN


def test_a_step_partly_done_is_done_differently():
    text = "Change all occurrences of “Coins” in the ruleset to “Gems”.\n"
    bot = enact(parse_proposal("Proposal: Richer", text), RULESET).pages["Ruleset"]
    assert bot.count("Gems") == 4
    review = review_of(bot.replace("for 2 Gems", "for 2 Coins"), text)
    [step] = review.steps
    assert step.verdict == rv.DIFFERENTLY and step.detail.startswith("partly done (1 of ")
    assert "in “Markets” the edit left “for 2 Coins”" in step.detail
    assert review_of(RULESET, text).steps[0].verdict == rv.NOT_DONE


def test_a_hand_reset_that_keeps_a_rule_it_should_repeal():
    ruleset = fixture_text("ruleset_2022.wiki")
    plan = parse_address(ADDRESS, ruleset=ruleset)
    bot = dynastic_reset(ruleset, plan).pages["Ruleset"]
    kept = parse(ruleset).find("Resources")
    hand = bot.replace("= Special Case", kept.text() + "= Special Case", 1) if "= Special Case" in bot else None
    assert hand is not None and hand != bot
    review = rv.review_reset(plan, {"Ruleset": ruleset}, {"Ruleset": hand})
    repeal = next(s for s in review.steps if s.text.startswith("repeal"))
    assert repeal.verdict == rv.DIFFERENTLY and "“Resources” is still on the page" in repeal.detail
    assert review.exit_code == rv.EXIT_DIFFERENT


def test_wikibot_review_with_the_gamestate_page(tmp_path, capsys):
    from wikibot.cli import main

    text = "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n\nAlice gains 2 Coins.\n"
    bot = enact(parse_proposal("Proposal: Both", text), RULESET, GAMESTATE, gamestate_title="Gamestate").pages
    files = {"p.txt": text, "rs1": RULESET, "rs2": bot["Ruleset"], "gs1": GAMESTATE,
             "gs2": bot["Gamestate"].replace("Alice || 5", "Alice || 7")}
    for name, content in files.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    args = ["review", "--title", "Proposal: Both", "--text-file", str(tmp_path / "p.txt"),
            "--ruleset-old", str(tmp_path / "rs1"), "--ruleset-new", str(tmp_path / "rs2"), "--json"]
    assert main(args + ["--gamestate-old", str(tmp_path / "gs1"), "--gamestate-new", str(tmp_path / "gs2")]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [s["verdict"] for s in data["steps"]] == [rv.AS_WRITTEN, rv.DIFFERENTLY]
    assert main(args + ["--gamestate-old", str(tmp_path / "gs1")]) == 2   # both sides or neither
    assert "--gamestate-new" in capsys.readouterr().err


def test_a_page_beyond_the_size_limit_is_refused_before_anything_is_read():
    from parsers.limits import PAGE_CHARS, TooLarge

    with pytest.raises(TooLarge):
        review_of(BOT + "x" * PAGE_CHARS)


def test_a_hand_reset_that_leaves_a_special_case_rule_away_from_its_default():
    ruleset = fixture_text("ruleset_2022.wiki")
    plan = parse_address(ADDRESS, ruleset=ruleset)
    bot = dynastic_reset(ruleset, plan).pages["Ruleset"]
    assert "== Bounties [Rare][Inactive] ==" in bot and "== Bounties [Rare][Active] ==" in ruleset
    review = rv.review_reset(plan, {"Ruleset": ruleset},
                             {"Ruleset": bot.replace("== Bounties [Rare][Inactive] ==", "== Bounties [Rare][Active] ==")})
    rest = review.steps[-1]
    assert rest.text.startswith("the rest of the reset") and rest.verdict == rv.NOT_DONE
    assert "Bounties" in rest.detail and "where the Address makes it" in rest.detail
    assert review.unasked == [] and review.exit_code == rv.EXIT_DIFFERENT


def test_the_proposal_an_edit_summary_names_is_found_on_the_request_page():
    from parsers import request_page
    from wikibot.reviews import find_proposal

    page = ("== Enact: Hat ==\n{{Enact|title=Proposal: Hat}}\nRepeal the rule “Hats”.\n\n"
            "== Review: Hat tricks ==\n{{Review|title=Proposal: Hat Tricks [Core]}}\nRepeal the rule “Hats”.\n\n"
            "== Read: Hats ==\n{{Read|title=Proposal: Hats}}\nRepeal the rule “Hats”.\n")
    requests = request_page.parse(page)
    assert find_proposal(requests, "Enacting Proposal: Hat").heading == "Enact: Hat"
    assert find_proposal(requests, "enacted “Hat Tricks”").heading == "Review: Hat tricks"   # the longest name
    assert find_proposal(requests, "Enacted Hats") is None   # whole words; a {{Read}} draft is no proposal
    assert find_proposal(requests, "tidy") is None

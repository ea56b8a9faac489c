"""Tests for parsers.proposal: titles, the example proposals, every documented phrasing,
payload boundaries, Ignored / Unsupported steps, blog-page chrome, and properties."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.proposal import (
    extract_proposal,
    extract_proposal_text,
    extract_proposals,
    is_instruction_line,
    parse_proposal,
    parse_steps,
    parse_title,
)
from parsers.steps import (
    EACH,
    PARAGRAPH,
    PARAGRAPHS_FROM,
    SECTION_APPENDIX,
    SECTION_CORE,
    SECTION_DYNASTIC,
    SECTION_SPECIAL_CASE,
    SENTENCE,
    SENTENCE_BEGINNING,
    SENTENCE_ENDING,
    TEXT,
    AddColumn,
    AddPlayer,
    AddRule,
    AppendText,
    ChangeValue,
    EachPlayer,
    Ignored,
    InsertText,
    MoveRule,
    Proposal,
    RemovePlayer,
    RemoveText,
    RenameRule,
    RepealRule,
    ReplaceRuleText,
    ReplaceText,
    RuleRef,
    SetStatus,
    SetValue,
    Step,
    Target,
    TransferValue,
    Unsupported,
)

FIXTURES = Path(__file__).parent / "fixtures" / "proposals"
PAGES = FIXTURES / "pages"


def load(name: str) -> tuple[str, str]:
    """A cleaned example proposal: ``Title: …`` line, blank line, body."""
    raw = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8")
    head, _, body = raw.partition("\n\n")
    assert head.startswith("Title: ")
    return head[len("Title: "):], body.rstrip("\n")


def R(name: str, **kw) -> RuleRef:
    return RuleRef(name=name, **kw)


SAME = RuleRef(previous=True)


def essence(step: Step) -> tuple:
    """A step without its index/text/span (and its condition when it has none), for compact comparisons."""
    return (type(step).__name__,) + tuple(
        (f.name, getattr(step, f.name)) for f in dataclasses.fields(step)
        if f.name not in ("index", "text", "span") and not (f.name == "when" and step.when is None)
    )


def one(text: str) -> Step:
    steps = parse_steps(text)
    assert len(steps) == 1, steps
    return steps[0]


def check_texts(body: str, steps) -> None:
    """Every step's text is an exact slice of the body at its span, indexes run 1..n."""
    assert [s.index for s in steps] == list(range(1, len(steps) + 1))
    for s in steps:
        assert body[s.span[0]:s.span[1]] == s.text


# ---------------------------------------------------------------------------------------------
# Titles
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "title, name, tags",
    [
        ("Proposal: Unravel", "Unravel", ()),
        ("Proposal: Wording Fix [Core]", "Wording Fix", ("Core",)),
        ("Proposal: [Core] Wording Fix", "Wording Fix", ("Core",)),
        ("Proposal: Tidy [Special Case][Appendix]", "Tidy", ("Special Case", "Appendix")),
        ("Proposal: I Win [Victory]", "I Win", ("Victory",)),
        ("Proposal: Odd [ Building Blocks ] [Rare]", "Odd", ("Building Blocks", "Rare")),
        ("Logbook", "Logbook", ()),
        ("proposal:Lowercase [core]", "Lowercase", ("core",)),
        (
            "Proposal: The golden rule of BlogNomic is “Don’t feed the Admins”",
            "The golden rule of BlogNomic is “Don’t feed the Admins”",
            (),
        ),
    ],
)
def test_parse_title(title, name, tags):
    assert parse_title(title) == (name, tags)


def test_parse_proposal_returns_proposal():
    p = parse_proposal("Proposal: Tidy [Core]", "Repeal the rule Alliances.")
    assert p == Proposal(
        name="Tidy", tags=("Core",),
        steps=(RepealRule(index=1, text="Repeal the rule Alliances.", rule=R("Alliances")),),
    )


# ---------------------------------------------------------------------------------------------
# The example proposals (our own texts, written in the shapes of real posts)
# ---------------------------------------------------------------------------------------------


def test_example_dismantle():
    title, body = load("dismantle")
    p = parse_proposal(title, body)
    assert (p.name, p.tags) == ("Unravel", ())
    s = p.steps
    check_texts(body, s)
    assert s == (
        RemoveText(
            index=1,
            text="In the rule Victory and Ascension, remove the text “either Hand Over the Keys (by making a post that "
            "names a Lodger who was not the previous dynasty’s Innkeeper, whereupon the poster stops being the Innkeeper "
            "and the named Lodger becomes the Innkeeper) or”.",
            rule=R("Victory and Ascension"),
            target=Target(kind=TEXT, text="either Hand Over the Keys (by making a post that names a Lodger who was not "
                          "the previous dynasty’s Innkeeper, whereupon the poster stops being the Innkeeper and the "
                          "named Lodger becomes the Innkeeper) or"),
        ),
        ReplaceText(
            index=2,
            text="In the same rule, in “While the game is in an Interregnum, the new Innkeeper must”, change the ‘must’ "
            "to a ‘may’.",
            rule=SAME,
            target=Target(kind=TEXT, text="must", within="While the game is in an Interregnum, the new Innkeeper must"),
            new="may",
        ),
        ReplaceText(
            index=3,
            text="In the rule Crooked Keepers [Inactive] [Rare], change the first instance of the words ‘The Innkeeper’ "
            "to the following: “Whenever the Special Case rule Key Handover is active, and the game is in Interregnum, "
            "the Innkeeper of the dynasty that just ended”;",
            rule=R("Crooked Keepers [Inactive] [Rare]"),
            target=Target(kind=TEXT, text="The Innkeeper", occurrence="first"),
            new="Whenever the Special Case rule Key Handover is active, and the game is in Interregnum, the Innkeeper "
            "of the dynasty that just ended",
        ),
        RemoveText(
            index=4,
            text="and from the same rule, remove “while the game is in an Interregnum, as set out in the rule Victory "
            "and Ascension”.",
            rule=SAME,
            target=Target(kind=TEXT, text="while the game is in an Interregnum, as set out in the rule Victory and "
                          "Ascension"),
        ),
        ReplaceRuleText(
            index=5,
            text="Replace the rule Key Limitations [Active] with the following rule, called Key Handover "
            "[Rare][Inactive]:\n" + body.split("\n")[3],
            rule=R("Key Limitations [Active]"),
            new_name="Key Handover [Rare][Inactive]",
            body=body.split("\n")[3],
        ),
        RepealRule(index=6, text="Repeal the rule Friendships.", rule=R("Friendships")),
    )
    assert s[4].body.startswith("While the game is in an Interregnum and no Ascension Address has been posted yet")
    assert s[4].body.endswith("this is known as Handing Over the Keys.")


def test_example_first_rule_of_blognomic():
    title, body = load("first_rule_of_blognomic")
    p = parse_proposal(title, body)
    s = p.steps
    check_texts(body, s)
    assert [essence(x)[:2] for x in s] == [("AddRule", ("name", "Riders"))] + [
        ("AddRule", ("name", n)) for n in ("Quiet Levy [3 Points]", "Shield Proposal [3 Points]", "Auto-fail [3 Points]")
    ]
    riders = s[0]
    assert riders.parent is None and riders.subrule is False and riders.section is None
    paras = riders.body.split("\n\n")
    assert len(paras) == 3
    assert paras[0].startswith("A Proposal may include sentences beginning with “>>”")
    assert paras[2].endswith("(unless that Rider’s effect explicitly says otherwise).")
    assert s[1].parent == R("Riders") and s[1].subrule
    assert s[1].body == (
        "Name: Levy Trivial votes at 1 Point.\nEffect: Writing the word “Trivial” in a vote on the Ridden "
        "Proposal is an action with a fee of 1 Point."
    )
    # "Create a new sub-rule “Shield Proposal [3 Points]”" names no parent and has no colon:
    # still a subrule with a payload, parent left for the applier to report.
    assert s[2].subrule and s[2].parent is None
    assert s[2].body.startswith("Name: Proposal shielded from PLAYERNAME.\nEffect: PLAYERNAME may be")
    assert s[3].body.endswith("(even if it’s not the oldest pending Proposal).")
    assert s[3].text.startswith("Create a new sub-rule “Auto-fail [3 Points]”\n\nName:")


def test_example_herblogditus():
    title, body = load("herblogditus")
    s = parse_steps(body)
    check_texts(body, s)
    lines = body.split("\n")
    assert s == (
        AddRule(
            index=1, text=body, name="Side Dynasty Chronicles", body="\n".join(lines[1:]),
            parent=R("Side Dynasties"), subrule=True, if_exists=True,
        ),
    )


def test_example_hugh_grant():
    title, body = load("hugh_grant_sharp_practices")
    s = parse_steps(body)
    check_texts(body, s)
    assert len(s) == 2
    assert essence(s[0]) == essence(AddRule(
        index=1, text="", name="Dirty Tricks",
        body="There are a number of Dirty Tricks that a Columnist may pull. The subrules to this rule describe "
        "them. Each time a Columnist pulls a Dirty Trick, they must raise their Scandals In The Drawer (tracked in "
        "the GNDT as ‘Scandals’, starting at zero) by 1.",
    ))
    assert s[1].name == "Bin rummaging"
    assert s[1].parent == SAME and s[1].subrule
    assert s[1].body.startswith("Bin Rummaging is a Dirty Trick")
    assert s[1].body.endswith("with a tone that must be Negative.")


def test_example_no_elephants_allowed():
    title, body = load("no_elephants_allowed")
    s = parse_steps(body)
    check_texts(body, s)
    lines = body.split("\n")
    assert [type(x) for x in s] == [AddRule, AddRule, AddRule]
    assert (s[0].name, s[0].parent, s[0].subrule) == ("Briefings", None, False)
    # the rule text mentions "rule 2.2.2" and a URL after a colon: all payload
    assert s[0].body == "\n".join(lines[1:4])
    assert (s[1].name, s[1].parent) == ("Moles", R("Briefings"))
    assert s[1].body == lines[5]
    assert (s[2].name, s[2].parent, s[2].body) == (
        "Standing Orders", R("Briefings"), "The Chief-Agent may add missions to the Mission File whenever he likes.")


def test_example_reductio_propositum():
    title, body = load("reductio_propositum")
    s = parse_steps(body)
    check_texts(body, s)
    lines = body.split("\n")
    assert [type(x).__name__ for x in s] == [
        "Ignored", "ReplaceRuleText", "ReplaceText", "RemoveText", "RemoveText", "RemoveText", "Ignored", "ReplaceText"]
    assert s[0] == Ignored(index=1, text="[ More trimming of the fat. ]", reason="bracketed author's note, not an instruction", category="note")
    assert s[1] == ReplaceRuleText(index=2, text="\n".join(lines[1:4]), rule=R("Rule 1.3 (Proposals)", number="1.3"),
                                   body="\n".join(lines[2:4]))
    assert s[2] == ReplaceText(index=3, text="\n".join(lines[4:7]), rule=R("Rule 1.4 (Voting)", number="1.4"),
                               target=Target(kind=PARAGRAPH, number=1), new="\n".join(lines[5:7]))
    assert s[3] == RemoveText(index=4, text="...and remove the final paragraph of Rule 1.4.",
                              rule=R("Rule 1.4", number="1.4"), target=Target(kind=PARAGRAPH, number=-1))
    remove_text = ("Remove “Bear in mind that nobody may vote on proposals during Hiatus.” and “or if every Friar has "
                   "already voted and it still falls short of being Enacted,” from Rule 1.5 (Enactment).")
    r15 = R("Rule 1.5 (Enactment)", number="1.5")
    assert s[4] == RemoveText(index=5, text=remove_text, rule=r15,
                              target=Target(kind=TEXT, text="Bear in mind that nobody may vote on proposals during Hiatus."))
    assert s[5] == RemoveText(index=6, text=remove_text, rule=r15,
                              target=Target(kind=TEXT, text="or if every Friar has already voted and it still falls "
                                            "short of being Enacted,"))
    assert s[6].category == "note" and s[6].text.startswith("[The second one hardly ever happens")
    # "And reword the third paragraph onwards to:-" names no rule: it continues Rule 1.5
    assert s[7] == ReplaceText(index=8, text="\n".join(lines[9:11]), rule=SAME,
                               target=Target(kind=PARAGRAPHS_FROM, number=3), new=lines[10])


def test_example_eye_of_the_beast():
    title, body = load("eye_of_the_beast")
    assert title == "The Sting in the Tail"
    s = parse_steps(body)
    check_texts(body, s)
    assert s == (
        ReplaceText(
            index=1, text=body, rule=R("Wasp’s Nest Effect"),
            target=Target(kind=TEXT, text="the Beekeeper must give up DICE3 Bees they pick from their Hive and the "
                          "Pollen of this Field is raised by the number rolled"),
            new="if the Beekeeper has any Bees then one of them, picked at random, leaves their Hive; if they have "
            "none, the Beekeeper is sent to the Orchard instead. In both cases, the Pollen of this Field is raised by 1",
        ),
    )


def test_example_shambling_warriors():
    title, body = load("shambling_warriors")
    s = parse_steps(body)
    check_texts(body, s)
    assert len(s) == 1
    step = s[0]
    assert isinstance(step, InsertText)
    assert step.rule == R("Swarms")
    assert step.position == "after"
    assert step.anchor == Target(kind=SENTENCE_ENDING, text="where x, y and z are numbers, giving how many Workers, "
                                 "Drones and Queens are in that Beekeeper’s Hive, respectively")
    assert step.body.startswith("The Sting of a Hive is y plus z.")
    assert "\n" not in step.body


# ---------------------------------------------------------------------------------------------
# DOMAIN.md phrasings, one test each (plus the list)
# ---------------------------------------------------------------------------------------------

RULE_TEXT = "Each Player has a Hat.\n\nHats may be swapped once per day."


def test_add_rule_to_ruleset_called_with_following_text():
    s = one(f"Add a new rule to the Ruleset, called “Hats”, with the following text:\n{RULE_TEXT}")
    assert essence(s) == essence(AddRule(index=1, text="", name="Hats", body=RULE_TEXT))


def test_create_new_dynastic_rule():
    s = one(f"Create a new dynastic rule, “Hats”, with the following text:\n{RULE_TEXT}")
    assert (s.name, s.section, s.body) == ("Hats", SECTION_DYNASTIC, RULE_TEXT)


def test_add_new_rule_short():
    s = one(f"Add a new rule, “Hats”:\n{RULE_TEXT}")
    assert (type(s), s.name, s.body, s.section) == (AddRule, "Hats", RULE_TEXT, None)


@pytest.mark.parametrize(
    "instruction, section",
    [
        ("Add a new core rule “Hats”:", SECTION_CORE),
        ("Add a new Special Case rule “Hats”:", SECTION_SPECIAL_CASE),
        ("Add a new rule to the Appendix, called “Hats”:", SECTION_APPENDIX),
        ("Add a new rule to the Dynastic Rules, called ‘Hats’:", SECTION_DYNASTIC),
        ("Add a new rule called Hats:", None),
        ('Add a new rule named "Hats":', None),
    ],
)
def test_add_rule_sections_and_quote_styles(instruction, section):
    s = one(f"{instruction}\n{RULE_TEXT}")
    assert (type(s), s.name, s.section, s.body) == (AddRule, "Hats", section, RULE_TEXT)


def test_add_subrule_if_exists():
    s = one("Add the following as a subrule to the rule Gin, if it exists, called Tonic:\nTonic is bitter.")
    assert essence(s) == essence(AddRule(index=1, text="", name="Tonic", body="Tonic is bitter.", parent=R("Gin"),
                                         subrule=True, if_exists=True))


def test_add_rule_after_rule():
    s = one("Add a new rule “Score” after the rule “Coins”:\nScore text.")
    assert (s.name, s.after, s.before, s.section) == ("Score", R("Coins"), None, None)


def test_add_subrule_to_this_rule_refers_to_previous():
    steps = parse_steps("Add a new rule “Gin”:\nGin text.\nAdd a new subrule to this rule, entitled Tonic:\nTonic text.")
    assert steps[1].parent == SAME and steps[1].name == "Tonic" and steps[1].body == "Tonic text."


def test_add_rule_inline_quoted_body():
    s = one("Create a new rule “Bank”: “Players have money.”")
    assert (s.name, s.body) == ("Bank", "Players have money.")


def test_in_rule_replace_with_quoted():
    s = one("In the rule “Swarms”, replace “Worker” with “Drone”.")
    assert essence(s) == essence(ReplaceText(index=1, text="", rule=R("Swarms"), target=Target(kind=TEXT, text="Worker"), new="Drone"))


def test_in_rule_replace_with_payload():
    s = one("In “Swarms”, replace “Worker” with:-\nDrones, and more Drones.")
    assert (s.rule, s.target.text, s.new) == (R("Swarms"), "Worker", "Drones, and more Drones.")


def test_after_sentence_ending_add():
    s = one("In the rule “Swarms”, after the sentence ending “respectively”, add:\nMore text.")
    assert essence(s) == essence(InsertText(index=1, text="", rule=R("Swarms"), anchor=Target(kind=SENTENCE_ENDING, text="respectively"),
                                            body="More text.", position="after"))


def test_before_text_add_following_text():
    s = one("In the rule “Swarms”, before the text “Each Beekeeper”, add the following text:\nFirst, ")
    assert (s.anchor, s.position, s.body) == (Target(kind=TEXT, text="Each Beekeeper"), "before", "First,")


def test_to_rule_add():
    s = one("To “Swarms”, add:-\nMore text.")
    assert essence(s) == essence(AppendText(index=1, text="", rule=R("Swarms"), body="More text.", at="end"))


def test_add_paragraph_to_beginning_of_numbered_rule():
    s = one("Add the following paragraph to the beginning of rule 10 - Ascension:\nIntro text.")
    assert essence(s) == essence(AppendText(index=1, text="", rule=R("rule 10 - Ascension", number="10"), body="Intro text.", at="start"))


def test_remove_text_then_same_rule():
    steps = parse_steps("In the rule Alliances, remove the text “foo bar”. In the same rule, remove “baz”.")
    assert [essence(x) for x in steps] == [
        essence(RemoveText(index=1, text="", rule=R("Alliances"), target=Target(kind=TEXT, text="foo bar"))),
        essence(RemoveText(index=2, text="", rule=SAME, target=Target(kind=TEXT, text="baz"))),
    ]
    assert steps[0].text == "In the rule Alliances, remove the text “foo bar”."
    assert steps[1].text == "In the same rule, remove “baz”."


def test_replace_rule_with_following_rule_called():
    s = one("Replace the rule Key Limitations [Active] with the following rule, called Key Handover [Rare][Inactive]:\nNew text.")
    assert essence(s) == essence(ReplaceRuleText(index=1, text="", rule=R("Key Limitations [Active]"), body="New text.",
                                                 new_name="Key Handover [Rare][Inactive]"))


def test_reword_numbered_rule():
    s = one("Reword Rule 1.3 (Proposals) to:-\nNew text.")
    assert essence(s) == essence(ReplaceRuleText(index=1, text="", rule=R("Rule 1.3 (Proposals)", number="1.3"), body="New text."))


def test_rename_numbered_rule():
    s = one("Rename rule 1.10 to “House Rules”.")
    assert essence(s) == essence(RenameRule(index=1, text="", rule=R("rule 1.10", number="1.10"), new_name="House Rules"))


def test_rename_by_change_the_name_of():
    s = one("Change the name of the rule “Bank” to “Treasury”.")
    assert (type(s), s.rule, s.new_name) == (RenameRule, R("Bank"), "Treasury")


def test_repeal_rule():
    assert one("Repeal the rule Alliances.") == RepealRule(index=1, text="Repeal the rule Alliances.", rule=R("Alliances"))


def test_repeal_several_quoted_rules_share_the_sentence():
    steps = parse_steps("Repeal the rules “A”, “B” and “C”.")
    assert [x.rule for x in steps] == [R("A"), R("B"), R("C")]
    assert {x.text for x in steps} == {"Repeal the rules “A”, “B” and “C”."}
    assert [x.index for x in steps] == [1, 2, 3]


def test_repeal_unquoted_plural_with_and_is_not_guessed():
    s = one("Repeal the rules Victory and Ascension.")
    assert isinstance(s, Unsupported)


def test_repeal_rule_name_containing_and():
    assert one("Repeal the rule Victory and Ascension.").rule == R("Victory and Ascension")


def test_change_all_occurrences_in_ruleset():
    s = one("Change all occurrences of “Coin” in the ruleset to “Token”.")
    assert essence(s) == essence(ReplaceText(index=1, text="", rule=None, target=Target(kind=TEXT, text="Coin", occurrence="all"), new="Token"))


def test_replace_throughout_the_ruleset():
    s = one("Replace “Coin” with “Token” throughout the ruleset.")
    assert (s.rule, s.target, s.new) == (None, Target(kind=TEXT, text="Coin", occurrence="all"), "Token")


def test_set_each_players_variable():
    s = one("Set each Player’s Coins to 3.")
    assert essence(s) == essence(SetValue(index=1, text="", player=EACH, variable="Coins", value="3"))
    assert s.player.term == "Player"


def test_player_gains():
    assert essence(one("Kevan gains 2 Coins.")) == essence(ChangeValue(index=1, text="", player="Kevan", variable="Coins", delta=2))


# --- the further phrasings -----------------------------------------------------------


def test_set_one_players_variable():
    assert essence(one("Set Kevan's Coins to 5")) == essence(SetValue(index=1, text="", player="Kevan", variable="Coins", value="5"))


def test_each_player_loses():
    s = one("Each Puzzler loses 1 Coin.")
    assert (s.player, s.player.term, s.variable, s.delta) == (EACH, "Puzzler", "Coin", -1)


def test_transfer():
    assert essence(one("Kevan transfers 3 Coins to Bob.")) == essence(
        TransferValue(index=1, text="", source="Kevan", target="Bob", variable="Coins", amount=3))


def test_add_column_with_default():
    assert essence(one("Add a column Hats to the Players table, defaulting to 0.")) == essence(
        AddColumn(index=1, text="", column="Hats", default="0", table="Players"))


def test_add_and_remove_player_rows():
    steps = parse_steps("Add a row for Kevan to the Players table.\nRemove Bob's row from the Players table.")
    assert [essence(x) for x in steps] == [essence(AddPlayer(index=1, text="", name="Kevan")),
                                           essence(RemovePlayer(index=2, text="", name="Bob"))]


def test_set_without_possessive_is_not_a_player():
    # not a player's value: a single value of the tracking page (enactment finds it or says it cannot)
    assert type(one("Set Round Number to 3.")).__name__ == "SetSingleValue"
    # one edit in each of two rules named together: a step for each, in the order named
    assert [s.rule.name for s in parse_steps("In the rules “A” and “B”, replace “x” with “y”.")] == ["A", "B"]
    assert one("Set Charles' Coins to 2.").player == "Charles"


def test_a_columns_values_stated_are_read_only_after_the_column_they_fill():
    """“…; each Ship’s Wealth is its Captain’s Coins”: the new column's values, one step with it; the same words
    with no such column before them are refused (an Admin decides), and inside a new rule's text they stay text."""
    [step] = parse_steps("Add a Wealth column to the Ships table; each Ship's Wealth is its Captain's Coins.")
    assert type(step).__name__ == "AddColumn" and (step.derived.link, step.derived.value) == ("Captain", "Coins")
    [step] = parse_steps("Each Ship's Wealth is its Captain's Coins.")
    assert isinstance(step, Unsupported) and "follows no new column" in step.reason
    steps = parse_steps("Add a Hold column to the Ships table; each Ship's Wealth is its Captain's Coins.")
    assert [type(s).__name__ for s in steps] == ["AddColumn", "Unsupported"] and steps[0].derived is None
    [step] = parse_steps("Add a new rule called “Fleet”, with the following text:\n\nEach Ship has a Captain.\n\n"
                         "Each Ship's Wealth is its Captain's Coins.\n")
    assert step.body == "Each Ship has a Captain.\n\nEach Ship's Wealth is its Captain's Coins."
    # a row's value taken from "its" nothing in particular is no step
    assert isinstance(one("Set Kevan's Wealth to its Captain's Coins."), Unsupported)


def test_a_new_thing_of_a_kind_is_a_row_of_its_table_never_a_player():
    [step] = parse_steps("Add a new Ship named “Osprey”.")
    assert type(step).__name__ == "AddRow" and (step.table, step.name) == ("Ship", "Osprey")
    [step] = parse_steps("Add a new Ship named “Osprey” with Captain Kevan and 3 Coins.")
    assert step.values == (("Captain", "Kevan"), ("Coins", "3"))
    assert type(one("Add a new Player named Kevan.")).__name__ == "AddPlayer"
    # the Ruleset's own nouns name no kind of thing of the gamestate: neither a row nor a player
    assert isinstance(one("Add a new Keyword called “Osprey”."), Unsupported)


def test_several_things_by_number_are_never_one_things_name():
    """“Plots 4 and 5” unquoted: two Plots, never a single value or a thing so named."""
    steps = parse_steps("Set Plots 4 and 5 to Blue.")
    assert [(s.thing, s.attribute, s.value) for s in steps] == [("Plot 4", None, "Blue"), ("Plot 5", None, "Blue")]
    steps = parse_steps("Set the Colour of Plots 4 and 5 in the Plots table to Blue.")
    assert [(s.thing, s.attribute, s.table) for s in steps] == [("Plot 4", "Colour", "Plots"), ("Plot 5", "Colour", "Plots")]
    assert isinstance(one("Set Plots 5 and 5 to Blue."), Unsupported)


def test_an_amount_added_to_a_value_is_a_change_never_a_name_put_in_a_list():
    """“Add 2 Coins to Kevan’s Coins”: Kevan's Coins up by 2 — never the words “2 Coins” put beside the number the
    cell holds; an amount of something else (“2 Hats” to the Coins) is refused."""
    step = one("Add 2 Coins to Kevan’s Coins.")
    assert (type(step).__name__, step.player, step.variable, step.delta) == ("ChangeValue", "Kevan", "Coins", 2)
    assert isinstance(one("Add 2 Hats to Kevan’s Coins."), Unsupported)
    assert one("Subtract one Coin from each Puzzler’s Coins.").delta == -1


def test_gamestate_expression_is_not_guessed():
    assert isinstance(one("Set each Player’s Coins to their Score."), Unsupported)
    assert isinstance(one("Kevan gains 2 Coins for every Hat he owns."), Unsupported)


def test_replace_nth_paragraph():
    s = one("In the rule Bank, replace the second paragraph with:\nNew para.")
    assert (s.target, s.new) == (Target(kind=PARAGRAPH, number=2), "New para.")


def test_remove_sentence_beginning():
    s = one("In the rule Bank, remove the sentence beginning “Each Player”.")
    assert s.target == Target(kind=SENTENCE_BEGINNING, text="Each Player")


def test_replace_whole_sentence():
    s = one("In the rule Bank, replace the sentence “Players have money.” with “Players have tokens.”")
    assert (s.target, s.new) == (Target(kind=SENTENCE, text="Players have money."), "Players have tokens.")


def test_first_instance_and_every_instance():
    assert one("In the rule Bank, change the first instance of “a” to “b”.").target.occurrence == "first"
    assert one("In the rule Bank, replace every instance of “a” with “b”.").target.occurrence == "all"
    assert one("In the rule Bank, replace the third occurrence of “a” with “b”.").target.occurrence == 3
    s = one("Replace every instance of “Coin” in the rule “Bank” with “Token”.")
    assert (s.rule, s.target.occurrence, s.new) == (R("Bank"), "all", "Token")


def test_remove_final_paragraph():
    s = one("Remove the final paragraph of the rule “Bank”.")
    assert (type(s), s.rule, s.target) == (RemoveText, R("Bank"), Target(kind=PARAGRAPH, number=-1))


def test_insert_text_after_text_with_rule_at_end():
    s = one("Insert “, or more,” after “three” in the rule Bank.")
    assert (type(s), s.rule, s.anchor, s.body, s.position) == (InsertText, R("Bank"), Target(kind=TEXT, text="three"), ", or more,", "after")


def test_append_forms():
    assert one("In the rule Bank, add: “Tail text.”").body == "Tail text."
    s = one("In the rule Bank, at the beginning, add the following:\nHead.")
    assert (type(s), s.at, s.body) == (AppendText, "start", "Head.")
    s = one("Add “Hats” to the end of the rule Bank.")
    assert (s.rule, s.at, s.body) == (R("Bank"), "end", "Hats")


def test_move_rule():
    assert essence(one("Move the rule “Hats” to the Special Case section.")) == essence(
        MoveRule(index=1, text="", rule=R("Hats"), section=SECTION_SPECIAL_CASE))
    assert one("Move the rule “Hats” to be a subrule of “Clothing”.").parent == R("Clothing")
    assert one("Move the rule “Hats” to after the rule “Shoes”.").after == R("Shoes")


def test_set_status():
    assert essence(one("Set Key Handover to Inactive.")) == essence(
        SetStatus(index=1, text="", rule=R("Key Handover"), status="Inactive"))
    steps = parse_steps("Set Imperial Deferentials, The Traitor, and Dynastic Distance to Inactive.")
    assert [(x.rule, x.status) for x in steps] == [
        (R("Imperial Deferentials"), "Inactive"), (R("The Traitor"), "Inactive"), (R("Dynastic Distance"), "Inactive")]
    assert one("Set the Special Case rule “Key Handover” to Active.").rule == R("Key Handover", section=SECTION_SPECIAL_CASE)


def test_rule_reference_forms():
    cases = {
        "Repeal the rule “Swarms”.": R("Swarms"),
        "Repeal the rule 'Swarms'.": R("Swarms"),
        "Repeal Rule 6 (Calls for Judgment).": R("Rule 6 (Calls for Judgment)", number="6"),
        "Repeal Rule 1.9.": R("Rule 1.9", number="1.9"),
        "Repeal the dynastic rule “Swarms”.": R("Swarms", section=SECTION_DYNASTIC),
        "Repeal the “Swarms” rule.": R("Swarms"),
    }
    for text, ref in cases.items():
        assert one(text).rule == ref, text


def test_upon_enactment_prefix_is_immediate():
    assert essence(one("Upon enactment, set each Player’s Coins to 3.")) == essence(
        SetValue(index=1, text="", player=EACH, variable="Coins", value="3"))


def test_numbered_and_connector_prefixes():
    steps = parse_steps("1. Repeal the rule A.\n2) Then repeal the rule B.\nFinally, repeal the rule C.")
    assert [x.rule.name for x in steps] == ["A", "B", "C"]


def test_multiple_renames_in_one_sentence():
    steps = parse_steps("Rename “Dieties” to “Voices” and “Archon” to “Ego”.")
    assert [(x.rule, x.new_name) for x in steps] == [(R("Dieties"), "Voices"), (R("Archon"), "Ego")]


# ---------------------------------------------------------------------------------------------
# Ignored and Unsupported
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, category",
    [
        ("If more than half of the votes are FOR, repeal the rule Alliances.", "conditional"),
        ("If the proposal 'Hats' passed, repeal the rule Caps.", "conditional"),
        ("Repeal the rule Caps, but only if the proposal “Hats” was enacted.", "conditional"),
        ("Two days after this proposal is enacted, Kevan gains 1 point.", "deferred"),
        ("At the start of next week, set each Player’s Coins to 0.", "deferred"),
        ("The Emperor should DM each player their secret number.", "outside wiki"),
        ("Post a blog entry announcing the winner.", "outside wiki"),
        ("Fail all pending Proposals.", "outside wiki"),
        ("[This is a reproposal of last week’s idea.]", "note"),
    ],
)
def test_ignored(text, category):
    s = one(text)
    assert isinstance(s, Ignored)
    assert s.category == category
    assert s.text == text
    if category != "note":
        assert text in s.reason


def test_conditional_swallows_its_payload():
    body = "If the proposal “Hats” passed, add a new rule “Caps”:\nEach Player may wear 1 Cap.\nCaps are hats.\nRepeal the rule Scarves."
    steps = parse_steps(body)
    assert [type(x) for x in steps] == [Ignored, RepealRule]
    assert steps[0].category == "conditional"
    assert steps[0].text == "\n".join(body.split("\n")[:3])


@pytest.mark.parametrize("line", ["Add 1 Cap to each Player.", "Give 1 Cap to each Player."])
def test_a_step_set_aside_whose_text_reads_as_instructions_goes_to_an_admin(line):
    # the lines may be the new rule's text, or steps of their own: never applied as steps while the step is set aside
    body = f"If the proposal “Hats” passed, add a new rule “Caps”:\n{line}\nRepeal the rule Scarves."
    first = parse_steps(body)[0]
    assert isinstance(first, Unsupported) and "cannot tell whether they are its text" in first.reason


def test_gibberish_is_unsupported_and_quoted():
    s = one("Flibber the jabberwock wibbly. Also the grue.")
    assert isinstance(s, Unsupported)
    assert "Flibber the jabberwock wibbly. Also the grue." in s.reason


def test_unsupported_between_supported_steps_keeps_order():
    steps = parse_steps("Repeal the rule A.\nDo the hokey cokey.\nRepeal the rule B.")
    assert [type(x) for x in steps] == [RepealRule, Unsupported, RepealRule]
    assert steps[1].text == "Do the hokey cokey."


def test_add_rule_without_text_is_unsupported():
    steps = parse_steps("Add a new rule “X”:\nRepeal the rule Y.")
    assert isinstance(steps[0], Unsupported) and "no text given" in steps[0].reason
    assert steps[1] == RepealRule(index=2, text="Repeal the rule Y.", rule=R("Y"))


def test_payload_needing_sentence_followed_by_another_sentence():
    steps = parse_steps("Add a new rule “X”. Repeal the rule Y.")
    assert isinstance(steps[0], Unsupported) and isinstance(steps[1], RepealRule)


def test_text_to_remove_naming_no_rule_is_looked_for_as_a_careful_admin_would():
    """"Remove “foo”." names no rule: like "Replace “A” with “B”.", it acts on the rule named just
    before when that one holds the text, else on the one rule in the Ruleset that does; never on a
    guess (tests/test_grammar.py enacts it)."""
    step = one("Remove “foo”.")
    assert isinstance(step, RemoveText) and step.rule is None and step.target == Target(kind=TEXT, text="foo")


# ---------------------------------------------------------------------------------------------
# Payload boundaries and quoting
# ---------------------------------------------------------------------------------------------


def test_unknown_imperative_on_a_rule_ends_the_payload_and_is_reported():
    body = ("Add a new rule “Hats”:\n\nEach Puzzler may wear a Hat.\n\nJuggle the rule “Coins” thrice.\n\n"
            "In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.")
    steps = parse_steps(body)
    assert [type(x) for x in steps] == [AddRule, Unsupported, ReplaceText]
    assert steps[0].body == "Each Puzzler may wear a Hat."
    assert "Juggle the rule “Coins” thrice." in steps[1].reason


def test_payload_with_instruction_like_rule_text_stays_in_payload():
    rule = (
        "Each Player has a Score.\n"
        "Add 1 to their Score whenever they win.\n"
        "Set each Player's Score to 0 at the start of each week.\n"
        "If a Player has 10 Score, they win.\n"
        "Remove a Hat from a Player who loses.\n"
        "* Add a token to the pile\n"
        "# Replace the pile"
    )
    body = f"Add a new rule called Score:\n{rule}\nIn the rule “Swarms”, replace “a” with “b”."
    steps = parse_steps(body)
    assert [type(x) for x in steps] == [AddRule, ReplaceText]
    assert steps[0].body == rule


@pytest.mark.parametrize(
    "wrapped",
    [
        "“Each Player has a Score.\n\nRepeal the rule Alliances whenever a Player likes.”",
        "<blockquote>Each Player has a Score.\n\nRepeal the rule Alliances whenever a Player likes.</blockquote>",
        "> Each Player has a Score.\n>\n> Repeal the rule Alliances whenever a Player likes.",
        "“Each Player has a Score.”\n\n“Repeal the rule Alliances whenever a Player likes.”",
        '"Each Player has a Score.\n\nRepeal the rule Alliances whenever a Player likes."',
    ],
)
def test_quoted_payloads_are_unwrapped_and_end_at_their_close(wrapped):
    body = f"Add a new rule “Score”:\n{wrapped}\nRepeal the rule Alliances."
    steps = parse_steps(body)
    assert [type(x) for x in steps] == [AddRule, RepealRule]
    assert steps[0].body == "Each Player has a Score.\n\nRepeal the rule Alliances whenever a Player likes."


def test_quoted_payload_then_commentary_is_not_swallowed():
    steps = parse_steps("Add a new rule “Score”:\n“Each Player has a Score.”\nI think this is fun.")
    assert [type(x) for x in steps] == [AddRule, Ignored]
    assert steps[1].category == "remark" and "remark" in steps[1].reason
    assert steps[0].body == "Each Player has a Score."


def test_pre_payload():
    s = one("To “Bank”, add:\n<pre>Line one\nLine two</pre>")
    assert s.body == "Line one\nLine two"


def test_rendered_bullets_become_wiki_bullets():
    s = one("Add a new rule “Score”:\nScores are:\n  • One\n  • Two\n    ◦ Two-a")
    assert s.body == "Scores are:\n* One\n* Two\n** Two-a"


def test_nested_quotes_in_payload_are_kept():
    s = one("Add a new rule “Score”:\n“A Player may say “Score!” to score.”")
    assert s.body == "A Player may say “Score!” to score."


def test_payload_paragraphs_are_normalised():
    s = one("Add a new rule “Score”:\n\n\nOne.   \n\n\n\nTwo.\n\n")
    assert s.body == "One.\n\nTwo."


def test_payload_continues_on_colon_line():
    s = one("Reword Rule 1.3 (Proposals) to: Any Friar may propose.")
    assert s.body == "Any Friar may propose."


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Add a new rule, “X”:", True),
        ("In the rule “X”, replace “a” with “b”.", True),
        ("In the same rule, remove “a”.", True),
        ("Repeal the rule X.", True),
        ("Create a new sub-rule “Ward”", True),
        ("Replace the rule X with the following rule, called Y:", True),
        ("Rename rule 1.10 to “House Rules”.", True),
        ("If the proposal “Hats” passed, do things.", True),
        ("Set each Player’s Coins to 3.", True),
        ("Upon enactment, Kevan gains 3 Coins.", True),
        ("...and remove the final paragraph of Rule 1.4.", True),
        ("And reword the third paragraph onwards to:-", True),
        ("Add 1 to their Score.", False),
        ("If a Player has 10 Score, they win.", False),
        ("Set each Player's Score to 0 at the start of each week.", False),
        ("* Repeal the rule X.", False),
        ("> Add a new rule “X”:", False),
        ("Each Player has a Score.", False),
        ("Juggle the rule “Coins” thrice.", True),
        ("Under the rule “Coins”, Players may juggle.", False),
        ("Rule 2.2.2 notwithstanding, groups have missions.", False),
    ],
)
def test_is_instruction_line(line, expected):
    assert is_instruction_line(line) is expected


# ---------------------------------------------------------------------------------------------
# Blog-page chrome
# ---------------------------------------------------------------------------------------------


def page(name: str) -> str:
    return (PAGES / f"{name}.txt").read_text(encoding="utf-8")


def test_extract_strips_status_and_signature_and_comments():
    ex = extract_proposal(page("herblogditus"))
    assert ex.title == "Proposal: Logbook"
    assert ex.status == ("Reached quorum 5 votes to 1. Enacted by Quillon.", "Adminned at 03 Mar 2022 11:52:40 UTC")
    assert ex.text == load("herblogditus")[1]
    assert ex.commentary.startswith("Quillon: they/them")


def test_extract_reductio_keeps_notes_and_drops_signature():
    ex = extract_proposal(page("reductio_propositum"))
    assert ex.status == ("Reaches Quorum (6-1)", "Enacted by Orla", "Adminned at 04 Jul 2006 09:26:18 UTC")
    assert ex.text == load("reductio_propositum")[1]
    assert ex.commentary == "Bartleby:"


def test_extract_cuts_at_the_gap_before_comments():
    assert extract_proposal_text(page("first_rule_of_blognomic")) == load("first_rule_of_blognomic")[1]


def test_extract_archive_page_with_two_proposals():
    found = extract_proposals(page("archive_2023-12_multiple_proposals"))
    assert [x.title for x in found] == ["Proposal: The Sting in the Tail", "Proposal: Buzzing Soldiers"]
    assert found[1].text == load("shambling_warriors")[1]
    assert found[0].status == ("Timed out, 4-0. Enacted by Wrenfield.", "Adminned at 01 Jan 2024 10:12:08 UTC")
    assert "Saturday, December 30, 2023" not in found[0].text and "Agenda" not in found[0].text


@pytest.mark.parametrize(
    "name, trailing",
    [
        ("dismantle", "“the dynasty that most recently ended” nitpickng"),
        ("no_elephants_allowed", "Basically last week’s proposal again"),
        ("hugh_grant_sharp_practices", "I suspect this proposal quietly warns"),
    ],
)
def test_extract_known_limit_unmarked_author_commentary_is_kept(name, trailing):
    """Commentary typed straight after the last step, with no marker, is indistinguishable from
    proposal text in the flattened page: it is kept (and then reported, never silently enacted
    as a step).  The cleaned fixtures drop it by hand."""
    text = extract_proposal_text(page(name))
    assert trailing in text
    assert text.startswith(load(name)[1])


def test_extract_trailing_comment_after_plain_step_becomes_unsupported():
    steps = parse_steps(extract_proposal_text(page("dismantle")))
    assert isinstance(steps[-1], Unsupported) and "nitpickng" in steps[-1].text
    assert isinstance(steps[-2], RepealRule)


def test_extract_edit_lines_and_pronoun_signatures():
    text = "Proposal: X [Core]\nEnacted by Kevan.\nRepeal the rule A.\nEdit: fixed a typo\nRepeal the rule B."
    assert extract_proposal_text(text) == "Repeal the rule A."
    assert extract_proposal_text("Repeal the rule A.\nJosh: he/him\nNice.") == "Repeal the rule A."


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------

INSTRUCTIONISH = st.sampled_from([
    "Add a new rule “Hats”:", "Repeal the rule Alliances.", "In the rule “X”, replace “a” with “b”.",
    "In the same rule, remove “c”.", "Each Player has a Hat.", "Add 1 to their Score.", "If a Player wins, yay.",
    "Set each Player’s Coins to 3.", "Kevan gains 2 Coins.", "“quoted", "”", "<blockquote>", "</blockquote>",
    "> quoted line", "  • bullet", "* bullet", "[note]", "To “X”, add:-", "Reword Rule 1.3 (Proposals) to:-",
    "...and remove the final paragraph of Rule 1.4.", "Create a new sub-rule “Y”", "", " ", ":", ":-", "‘", "'", '"',
])
BODY = st.lists(
    st.one_of(INSTRUCTIONISH, st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)),
    max_size=12,
).map("\n".join)


def _covered(body: str, steps) -> str:
    spans = sorted({s.span for s in steps})
    for (a1, b1), (a2, b2) in zip(spans, spans[1:]):
        assert b1 <= a2, f"overlapping steps {spans}"
    return "".join(body[a:b] for a, b in spans)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BODY)
def test_property_no_crash_and_no_text_dropped(body):
    steps = parse_steps(body)
    norm = body.replace("\r\n", "\n").replace("\r", "\n")
    if norm.startswith("\ufeff"):
        norm = " " + norm[1:]  # a byte-order mark opening the text is not text (parse_steps reads it as a space)
    check_texts(norm, steps)
    # every non-blank character of the body is in exactly one step (shared by steps of one sentence)
    assert re.sub(r"\s+", "", _covered(norm, steps)) == re.sub(r"\s+", "", norm)
    for s in steps:
        assert s.text.strip() == s.text and s.text
        if isinstance(s, Unsupported):
            assert s.reason


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_property_arbitrary_text(body):
    steps = parse_steps(body)
    norm = body.replace("\r\n", "\n").replace("\r", "\n")
    if norm.startswith("\ufeff"):
        norm = " " + norm[1:]  # a byte-order mark opening the text is not text (parse_steps reads it as a space)
    assert re.sub(r"\s+", "", _covered(norm, steps)) == re.sub(r"\s+", "", norm)


@given(st.text(max_size=120))
def test_property_titles_and_extract_never_crash(text):
    name, tags = parse_title(text)
    assert name == name.strip() and all("[" not in t and "]" not in t for t in tags)
    extract_proposals(text)


def test_all_fixture_texts_fully_covered():
    for f in FIXTURES.glob("*.txt"):
        _, body = load(f.stem)
        steps = parse_steps(body)
        assert re.sub(r"\s+", "", _covered(body, steps)) == re.sub(r"\s+", "", body)
        assert not any(isinstance(s, Unsupported) for s in steps), f.stem


def test_steps_are_frozen_plain_data():
    s = one("Repeal the rule A.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.rule = R("B")  # type: ignore[misc]
    assert EachPlayer(term="Baron") == EACH


def test_the_same_list_is_the_list_the_step_before_added_to():
    first, second = parse_steps("Add “Wax” to the list of Fuels in “Lanterns”. Add “Oil” to the same list.")
    assert (second.rule, second.of, second.items) == (first.rule, "Fuels", "Oil")
    # with no list item added just before, “the same list” names nothing: refused, never a guess
    steps = parse_steps("Repeal the rule “Candles”. Add “Oil” to that list.")
    assert isinstance(steps[1], Unsupported) and "the same list" in steps[1].reason


def test_the_text_below_one_sentence_goes_to_one_step_only():
    """“Add a new rule “Nets”, then add the following paragraph to it:” ⏎ text: the new rule's text and the paragraph
    added to it would both be that text (written twice): refused, naming both steps. Several texts replaced by the
    one text below are one step each, all with it."""
    [step] = parse_steps("Add a new rule called “Nets”, then add the following paragraph to it:\n\nNets catch fish.")
    assert isinstance(step, Unsupported) and "AddRule and AppendText" in step.reason
    steps = parse_steps("Replace “A” and “B” with the following:\n\nx")
    assert [s.new for s in steps] == ["x", "x"]


def test_a_things_kind_is_kept_and_an_ordinal_is_no_values_name():
    """“Remove the Ship “Osprey””: a row of the Ship table, never a player who happens to be called Osprey; “gains a
    second Beacon” is no value called “second Beacon”."""
    [step] = parse_steps("Remove the Ship “Osprey” from the gamestate.")
    assert type(step).__name__ == "RemoveRow" and (step.table, step.name) == ("Ship", "Osprey")
    [step] = parse_steps("Quillon gains a second Beacon.")
    assert isinstance(step, Unsupported)


def test_the_proposals_effect_stated_ahead_is_never_a_remark():
    # "it will be included in the … ruleset under the title …": where the text below goes, in the future tense
    steps = parse_steps("This one is for both guilds. If it passes, it will be included in the Amber ruleset under "
                        "the title “Quiet Bells”, and in the Slate ruleset as “Loud Bells”.\n"
                        "1. Bells ring at dawn.")
    assert not any(isinstance(s, Ignored) and "Amber ruleset" in s.text for s in steps)
    assert any(isinstance(s, Unsupported) and "Amber ruleset" in s.text for s in steps)


@pytest.mark.parametrize("story", [
    "The Orchard has been fallow since day one; it deserves a Pear Tree.",
    "Just tidying up a typo that crept in during the last rename.",
    "Nobody has planted a Pear all dynasty, and the rule keeps confusing new Gardeners.",
    "A few things in “Orchard” have been bugging people, none of which change how it plays.",
    "Wren has left the game.",
    "Wren has not tended a Pear in weeks.",
])
def test_the_authors_story_around_the_instructions_is_set_aside(story):
    order = "In the rule “Orchard”, replace “three Pears” with “four Pears”."
    for text in (f"{story}\n\n{order}", f"{order}\n\n{story}"):
        steps = parse_steps(text)
        assert [type(s).__name__ for s in steps if not isinstance(s, Ignored)] == ["ReplaceText"], text
        assert any(isinstance(s, Ignored) and s.category == "remark" and story[:20] in s.text for s in steps)


@pytest.mark.parametrize("words", [
    "Pears ripen at dusk and are sold at dawn.",         # rule text's shape
    "Each Gardener may plant one Pear, which is really a Tree.",
    "Kevan now has 3 Pears, as was agreed.",             # a value stated
    "We should also repeal the rule “Plums”, which was never used.",
])
def test_words_that_may_be_rule_text_or_an_order_are_never_set_aside_as_story(words):
    steps = parse_steps(f"In the rule “Orchard”, replace “three Pears” with “four Pears”.\n\n{words}")
    assert not any(isinstance(s, Ignored) and words[:15] in s.text for s in steps), steps
    # after text added as a block, nothing beyond doubt the author's is set aside either
    steps = parse_steps("Add a new rule called “Pears”, with the following text:\n\nPears are fruit.\n\n"
                        "The Orchard has been fallow since day one; it deserves a Pear Tree.")
    assert not any(isinstance(s, Ignored) and "fallow" in s.text for s in steps), steps


def test_a_reason_closing_the_added_text_is_never_written_as_rule_text_unasked():
    # the last paragraph after the text added gives the reason for it: the author's or flavour — an Admin's reading
    text = ("To “Orchard”, add:-\n\nA Pear Tree can never be felled.\n\n"
            "Pear Trees are older than the Orchard itself, so felling one is rather unkind.")
    [step] = [s for s in parse_steps(text) if not isinstance(s, Ignored)]
    assert isinstance(step, Unsupported) and "rather unkind" in step.reason
    # rule text of two paragraphs, neither giving a reason, is added whole
    [step] = parse_steps("To “Orchard”, add:-\n\nA Pear Tree can never be felled.\n\nPear Trees bear fruit each week.")
    assert isinstance(step, AppendText) and step.body.endswith("each week.")

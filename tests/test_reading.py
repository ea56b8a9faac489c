"""How the bot reads a proposal: the whole-proposal structure (instructions, the text each adds,
conditions, remarks) and the shapes players really write, each in the project's own words.

Every shape here stands for posts of the same structure in the real corpus; the wording, rule names
and game terms are ours.  The failure classes at the end are the ways a reader goes silently wrong;
each test fails when its protection is taken out.
"""

from __future__ import annotations

import pytest

from actions.enact import enact
from actions.report import APPLIED
from fixturedata import fixture_text
from parsers import discourse, frames
from parsers.proposal import parse_proposal, parse_steps
from parsers.steps import (
    AddListItem,
    PARAGRAPH,
    PARAGRAPH_BEGINNING,
    SENTENCE,
    SENTENCE_BEGINNING,
    TEXT,
    AddColumn,
    AddRow,
    AddRule,
    ChangeSingleValue,
    RemoveRow,
    SetAttribute,
    SetSingleValue,
    AppendText,
    ChangeValue,
    Ignored,
    InsertText,
    RemoveText,
    RenameRule,
    RepealAll,
    RepealRule,
    ReplaceRuleText,
    ReplaceText,
    RuleRef,
    SetValue,
    Target,
    TransferValue,
    Unsupported,
)


def kinds(text: str) -> list[str]:
    return [type(s).__name__ for s in parse_steps(text)]


def R(name: str, **kw) -> RuleRef:
    return RuleRef(name=name, **kw)


# --------------------------------------------------------------------------- shapes, one row each
# (shape, text, expected steps as (class, {field: value}))
SHAPES = [
    ("a new bullet point appended to a rule is an item of its list, not text after it",
     "In “Lanterns”, append a new bullet point:\n\n* Trim the wick.",
     [(AddListItem, {"rule": RuleRef(name="Lanterns"), "of": None})]),
    ("the bulleted list of a rule is its only list",
     "Add the following to the end of the bulleted list in “Lanterns”:\n\nTrim the wick.",
     [(AddListItem, {"rule": RuleRef(name="Lanterns"), "items": "Trim the wick.", "of": None})]),
    ("an amount moved between players is a transfer, not a name moved",
     "Move 2 Coins from Kevan to Josh.",
     [(TransferValue, {"source": "Kevan", "target": "Josh", "variable": "Coins", "amount": 2})]),
    ("“2 more” is no value's name: the sentence is left whole for an Admin, not half applied",
     "Every Player gains 1 Coin, and Kevan gains 2 more.",
     [(Unsupported, {})]),
    ("the following as a new bullet point of the list in a rule",
     "Add the following as a new bullet point to the list in “Lanterns”:\n\nWicks are sold by the dozen.",
     [(AddListItem, {"rule": RuleRef(name="Lanterns"), "items": "Wicks are sold by the dozen.", "of": None})]),
    ("text between two paragraphs that follow each other",
     "In “Lanterns”, insert the following between the first and second paragraphs:\n\nWicks burn.",
     [(InsertText, {"rule": RuleRef(name="Lanterns"), "anchor": Target(kind=PARAGRAPH, number=1), "body": "Wicks burn.",
                    "position": "after"})]),
    ("a rule renamed, then its text replaced",
     "Change the title of the rule “Lanterns” to “Lamps” and replace its text with:\n\nLamps glow.",
     [(RenameRule, {"rule": RuleRef(name="Lanterns"), "new_name": "Lamps"}),
      (ReplaceRuleText, {"rule": RuleRef(previous=True), "body": "Lamps glow."})]),
    ("a hyphenated re-title",
     "Re-title “Lanterns” to “Lamps”.",
     [(RenameRule, {"rule": RuleRef(name="Lanterns"), "new_name": "Lamps"})]),
    ("old and new text as paragraphs",
     "In the rule “Lanterns”, replace\n\nA Lamplighter may light one Lantern a day.\n\nwith\n\n"
     "A Lamplighter may light two Lanterns a day.",
     [(ReplaceText, {"rule": R("Lanterns"), "target": Target(kind=TEXT, text="A Lamplighter may light one Lantern a day."),
                     "new": "A Lamplighter may light two Lanterns a day."})]),
    ("old and new text, 'change … to'",
     "In the rule Wicks change:\n\nWicks burn slowly\n\nto\n\nWicks burn quickly",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=TEXT, text="Wicks burn slowly"), "new": "Wicks burn quickly"})]),
    ("several old/new pairs in one amendment",
     "Amend rule 3.2 by replacing:\n\nfirst old words\n\nwith:\n\nfirst new words\n\nand by replacing:\n\n"
     "second old words\n\nwith:\n\nsecond new words",
     [(ReplaceText, {"rule": R("rule 3.2", number="3.2"), "target": Target(kind=TEXT, text="first old words"),
                     "new": "first new words"}),
      (ReplaceText, {"rule": R("rule 3.2", number="3.2"), "target": Target(kind=TEXT, text="second old words"),
                     "new": "second new words"})]),
    ("a paragraph changed 'from … to'",
     "Change the final paragraph of Rule 5 from:\n\nOil is scarce.\n\n\nto\n\nOil is plentiful.",
     [(ReplaceText, {"rule": R("Rule 5", number="5"), "target": Target(kind=TEXT, text="Oil is scarce.", number=-1),
                     "new": "Oil is plentiful."})]),
    ("a replacement naming no rule",
     "Replace “two Wicks” with “three Wicks”.",
     [(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text="two Wicks"), "new": "three Wicks"})]),
    ("'Also replace' with its text below",
     "Also replace “at dusk” with:-\n\nat dusk or at dawn",
     [(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text="at dusk"), "new": "at dusk or at dawn"})]),
    ("In X replace, with no comma",
     "In “Lanterns” replace “dusk” with “dawn”.",
     [(ReplaceText, {"rule": R("Lanterns"), "target": Target(kind=TEXT, text="dusk"), "new": "dawn"})]),
    ("anchor first, rule after",
     "After “one Lantern a day.” in “Lanterns”, add:-\n\nLighting costs one Match.",
     [(InsertText, {"rule": R("Lanterns"), "anchor": Target(kind=TEXT, text="one Lantern a day."),
                    "body": "Lighting costs one Match.", "position": "after"})]),
    ("new rule, 'give it the following text'",
     "Add a new dynastic rule called “Matches” and give it the following text:\n\nEach Lamplighter has Matches.",
     [(AddRule, {"name": "Matches", "body": "Each Lamplighter has Matches.", "section": "Dynastic Rules"})]),
    ("new rule named in a second sentence",
     "Add a new Dynastic Rule to the Ruleset.  Call it “Matches” and give it the following text:\n\n"
     "Each Lamplighter has Matches.",
     [(AddRule, {"name": "Matches", "body": "Each Lamplighter has Matches.", "section": "Dynastic Rules"})]),
    ("a subrule, its parent named first",
     "In the rule “Lanterns” add the following subrule named “Shades”:\n\nShades dim a Lantern.",
     [(AddRule, {"name": "Shades", "parent": R("Lanterns"), "subrule": True, "body": "Shades dim a Lantern."})]),
    ("a subrule of the rule X “Y”",
     "Create a subrule of the rule Lanterns “Shades” with the text:\n\nShades dim a Lantern.",
     [(AddRule, {"name": "Shades", "parent": R("Lanterns"), "subrule": True})]),
    ("a rule in a section 'of the ruleset'",
     "Add a new rule, entitled Glow, to the Appendix section of the ruleset:\n\nGlow is light.",
     [(AddRule, {"name": "Glow", "section": "Appendix", "body": "Glow is light."})]),
    ("the section named before the instruction",
     "In the “Building Blocks” section of the ruleset, create a rule named “Beacons”:\n\nBeacons shine.",
     [(AddRule, {"name": "Beacons", "section": "Building Blocks"})]),
    ("a paragraph removed by its beginning, rule named first",
     "Remove from the rule “Lanterns” the paragraph beginning “A Lamplighter may”.",
     [(RemoveText, {"rule": R("Lanterns"), "target": Target(kind=PARAGRAPH_BEGINNING, text="A Lamplighter may")})]),
    ("text added after the Nth paragraph",
     "Add the following paragraph to Rule 4 (Lamplighters), after the first paragraph:-\n\nLamplighters wear hats.",
     [(InsertText, {"rule": R("Rule 4 (Lamplighters)", number="4"), "anchor": Target(kind=PARAGRAPH, number=1),
                    "body": "Lamplighters wear hats.", "position": "after"})]),
    ("added to the end of the X rule, text after",
     "Add to the end of the “Lanterns” rule the following paragraph:\n\n“Lanterns may be blue.”",
     [(AppendText, {"rule": R("Lanterns"), "body": "Lanterns may be blue.", "at": "end"})]),
    ("added to the rule, not to a rule called 'rule'",
     "Add the following to the rule “Lanterns”:\n\nLanterns hang from hooks.",
     [(AppendText, {"rule": R("Lanterns"), "body": "Lanterns hang from hooks.", "at": "end"})]),
    ("a bulleted instruction",
     "• Repeal the rule “Shades”.",
     [(RepealRule, {"rule": R("Shades")})]),
    ("rule number then name",
     "In rule 3.6 Fair Lighting, replace “should” with “shall”.",
     [(ReplaceText, {"rule": R("rule 3.6 Fair Lighting", number="3.6")})]),
    ("every player's value, plural term, no apostrophe",
     "Set all Lamplighters Matches to 3",
     [(SetValue, {"variable": "Matches", "value": "3"})]),
    ("several sentences removed at once",
     "Remove the sentences “Wicks burn.” and “Wicks smoke.” from the rule “Wicks”.",
     [(RemoveText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE, text="Wicks burn.")}),
      (RemoveText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE, text="Wicks smoke.")})]),
    ("several terms replaced in every rule",
     "• Replace “Lamplighter” with “Keeper” and “Wick” with “Fuse” in every rule.",
     [(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text="Lamplighter", occurrence="all"), "new": "Keeper"}),
      (ReplaceText, {"rule": None, "target": Target(kind=TEXT, text="Wick", occurrence="all"), "new": "Fuse"})]),
    ("an unquoted game term replaced within the ruleset",
     "Replace all instances of Lamplighter within the ruleset with Keeper",
     [(ReplaceText, {"rule": None, "target": Target(kind=TEXT, text="Lamplighter", occurrence="all"), "new": "Keeper"})]),
    ("an insertion naming no rule follows the rule named before",
     "In the rule “Wicks”, replace “slowly” with “quickly”.\nAnd after “burn quickly”, add:-\n\nSmoke rises.",
     [(ReplaceText, {"rule": R("Wicks")}),
      (InsertText, {"rule": RuleRef(previous=True), "anchor": Target(kind=TEXT, text="burn quickly"),
                    "body": "Smoke rises.", "position": "after"})]),
    ("the X List is a list, not a rule",
     "Add the following to the Lantern List:\n\nThe Red Lantern.",
     [(AddListItem, {"rule": None, "of": "Lantern", "items": "The Red Lantern."})]),
    ("an author's aside in brackets inside an instruction",
     "Also, add “Wicks may not be trimmed.” (which I’ve taken out of this rule) to the second paragraph of Rule 5.",
     [(InsertText, {"rule": R("Rule 5", number="5"), "anchor": Target(kind=PARAGRAPH, number=2),
                    "body": "Wicks may not be trimmed.", "position": "end"})]),
    ("the sentence in a rule that reads …",
     "Replace the sentence in the rule “Wicks” that reads “Wicks burn.” with\n\nWicks burn brightly.",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE, text="Wicks burn."), "new": "Wicks burn brightly."})]),
    ("the sentence in a rule that begins …",
     "Replace the sentence in the rule “Wicks” that begins “Wicks burn” with “Wicks glow.”",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE_BEGINNING, text="Wicks burn"), "new": "Wicks glow."})]),
    ("in the text of a rule",
     "In the text of \"Wicks\", replace \"burn\" with:-\n\nsmoulder",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=TEXT, text="burn"), "new": "smoulder"})]),
    ("a new paragraph at the end",
     "Add a new paragraph at the end of “Wicks”:\n\nWicks may be trimmed.",
     [(AppendText, {"rule": R("Wicks"), "body": "Wicks may be trimmed.", "at": "end"})]),
    ("as a new paragraph, append",
     "As a new paragraph, append to Wicks:\n\nWicks may be trimmed.",
     [(AppendText, {"rule": R("Wicks"), "body": "Wicks may be trimmed.", "at": "end"})]),
    ("a sentence changed so that it reads, rule named after",
     "Change the sentence beginning “Wicks burn” in the rule “Wicks” so that it reads: “Wicks glow.”",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE_BEGINNING, text="Wicks burn"), "new": "Wicks glow."})]),
    ("a sentence changed so that it reads, rule named first",
     "In the rule “Wicks”, change the sentence “Wicks burn.” so that it reads:\n\nWicks glow.",
     [(ReplaceText, {"rule": R("Wicks"), "target": Target(kind=SENTENCE, text="Wicks burn."), "new": "Wicks glow."})]),
    ("added to the list of …: a list, not a rule",
     "Add “Tallow” to the list of Wick Types.",
     [(AddListItem, {"rule": None, "items": "Tallow", "of": "Wick Types"})]),
    ("a replacement wherever it appears in one rule",
     "Replace “Hay Bale” with “Straw Bale” wherever it appears in the rule “Stables”.",
     [(ReplaceText, {"rule": R("Stables"), "target": Target(kind=TEXT, text="Hay Bale", occurrence="all"),
                     "new": "Straw Bale"})]),
    ("every dynastic rule repealed",
     "• Repeal all dynastic rules.",
     [(RepealAll, {"kind": "dynastic", "keep": ()})]),
    ("every dynastic rule repealed but some",
     "Repeal all of the dynastic rules except “Stables” and “Hay”.",
     [(RepealAll, {"kind": "dynastic", "keep": (R("Stables"), R("Hay"))})]),
    ("number words beyond twelve",
     "Kevan gains twenty-one Matches.",
     [(ChangeValue, {"player": "Kevan", "variable": "Matches", "delta": 21})]),
    # gamestate steps (frames of parsers/frames.py): one line each
    ("a row for a thing added to a named table",
     "Add a row for “Gullwing” to the Ferries table.",
     [(AddRow, {"table": "Ferries", "name": "Gullwing", "values": ()})]),
    ("a number added to a player's value",
     "Add 2 to Bryce’s Pearls.",
     [(ChangeValue, {"player": "Bryce", "variable": "Pearls", "delta": 2})]),
    ("a value of every player reduced by a number",
     "Reduce the Pearls of every Diver by 1.",
     [(ChangeValue, {"variable": "Pearls", "delta": -1})]),
    ("a row added to a named table, with values",
     "Add a row to the “Ferries” table for “Gullwing”, with a Route of North and a Fare of 2.",
     [(AddRow, {"table": "Ferries", "name": "Gullwing", "values": (("Route", "North"), ("Fare", "2"))})]),
    ("a new thing called X added to a table",
     "Add a new Ferry called “Gullwing” to the Ferries table, with a Route of North.",
     [(AddRow, {"table": "Ferries", "name": "Gullwing", "values": (("Route", "North"),)})]),
    ("a row removed from a named table",
     "Remove the row for “Gullwing” from the Ferries table.",
     [(RemoveRow, {"table": "Ferries", "name": "Gullwing"})]),
    ("a grid cell set by row and column",
     "Set the cell at Row 3, Column 4 of the Harbour Map to Reef.",
     [(SetAttribute, {"thing": "3", "attribute": "4", "table": "Harbour Map", "value": "Reef"})]),
    ("an attribute of a named thing set",
     "Set the Route of the Ferry “Gullwing” to South.",
     [(SetAttribute, {"thing": "Gullwing", "attribute": "Route", "value": "South", "table": None})]),
    ("a single value set",
     "Set the value of “Tide Level” to 4.",
     [(SetSingleValue, {"name": "Tide Level", "value": "4"})]),
    ("a single value changed",
     "Decrease the Tide Level by two.",
     [(ChangeSingleValue, {"name": "Tide Level", "delta": -2})]),
    ("a column added with a starting value for everyone",
     "Add a column called “Pearls” to the tracking page, with a starting value of 0 for every Diver.",
     [(AddColumn, {"column": "Pearls", "default": "0", "table": None})]),
    ("a column added with each player's value set",
     "Add a Pearls column to the gamestate tracking page, with each Diver’s Pearls set to 1.",
     [(AddColumn, {"column": "Pearls", "default": "1", "table": None})]),
    ("a column added to a named table, then everyone's value set",
     "Add a new column to the Divers table called Pearls, and set every Diver’s Pearls to 2.",
     [(AddColumn, {"column": "Pearls", "default": "2", "table": "Divers"})]),
]


@pytest.mark.parametrize("shape,text,expected", SHAPES, ids=[s[0] for s in SHAPES])
def test_shape(shape, text, expected):
    steps = parse_steps(text)
    assert [type(s) for s in steps] == [cls for cls, _ in expected], [getattr(s, "reason", s) for s in steps]
    for step, (_, fields) in zip(steps, expected):
        for key, value in fields.items():
            assert getattr(step, key) == value, (shape, key)


# --------------------------------------------------------------------------- the corpus's shape list
# One row per line of the shape list that comes with the real posts the reader is measured on (the
# shape, then a post of that shape in our own words, then the kinds of step it must make).  "Ignored"
# means set aside and named for an Admin; "Unsupported" means named as not read — never applied.
CORPUS_SHAPES = [
    ("In (the rule) X, replace Y with Z", "In the rule Wicks, replace “cotton” with “hemp”.", ["ReplaceText"]),
    ("Add a new dynastic rule, called X, with the following text",
     "Add a new dynastic rule, called “Tapers”, with the following text:\n\nTapers are thin.", ["AddRule"]),
    ("If Proposal X was not enacted, this proposal does nothing",
     "If the Proposal “Thin Tapers” was not enacted, this Proposal does nothing.\n\nRepeal the rule “Tapers”.",
     ["Ignored", "Ignored"]),
    ("Replace X with Y throughout the Ruleset", "Replace “Taper” with “Candle” throughout the Ruleset.", ["ReplaceText"]),
    ("Rename X to Y throughout the Ruleset", "Rename “Taper” to “Candle” throughout the ruleset.", ["ReplaceText"]),
    ("Create a subrule of rule X called Y", "Create a subrule of the rule Tapers called “Snuffers”:\n\nSnuffers end a flame.",
     ["AddRule"]),
    ("Add a subrule to rule N called Y", "Add a subrule to rule 4.2 called “Snuffers”:\n\nSnuffers end a flame.", ["AddRule"]),
    ("Change Y to Z in rule X", "Change “one Taper” to “two Tapers” in the rule Tapers.", ["ReplaceText"]),
    ("Change the sentence … so that it reads", "In the rule “Tapers”, change the sentence “Tapers are thin.” so that it reads:\n\n"
     "Tapers are slender.", ["ReplaceText"]),
    ("Remove the sentence … from rule X", "Remove the sentence “Tapers drip.” from the rule “Tapers”.", ["RemoveText"]),
    ("Remove the paragraph … from rule X", "Remove the paragraph beginning “Tapers drip” from the rule “Tapers”.", ["RemoveText"]),
    ("Remove the text … from rule X", "Remove the text “ or Tallow” from the rule Tapers.", ["RemoveText"]),
    ("Set each …'s X to Y", "Set each Chandler's Tapers to 4.", ["SetValue"]),
    ("Create a new rule X with the following text", "Create a new rule “Snuffers” with the following text:\n\nSnuffers end a flame.",
     ["AddRule"]),
    ("Add the following to the end of rule X", "Add the following to the end of the rule Tapers:\n\nTapers may be lit.",
     ["AppendText"]),
    ("To (the rule) X, add:-", "To the rule Tapers, add:-\n\nTapers may be lit.", ["AppendText"]),
    ("To X add:- (no comma, no quotes)", "To Tapers add:-\n\nTapers may be lit.", ["AppendText"]),
    ("After … add", "After “Tapers are thin.” in the rule Tapers, add “ They drip.”", ["InsertText"]),
    ("Before the sentence … insert", "Before the sentence “Tapers are thin.” in the rule Tapers, insert:\n\nTapers are wax.",
     ["InsertText"]),
    ("Reword rule X to:-", "Reword rule 4 to:-\n\nTapers are wax.", ["ReplaceRuleText"]),
    ("Reword the first paragraph of X to:-", "Reword the first paragraph of “Tapers” to:-\n\nTapers are wax.", ["ReplaceText"]),
    ("Add to the list of …", "Add “Beeswax” to the list of Taper Kinds in the rule Tapers.", ["AddListItem"]),
    ("Replace the entire text of rule X with", "Replace the entire text of rule Tapers with the following:\n\nTapers are wax.",
     ["ReplaceRuleText"]),
    ("Building Blocks edits (another page: left to an Admin)", "Remove the Building Block “Snuffers”.", ["Unsupported"]),
    ("Enact a new rule, X:-", "Enact a new rule, “Snuffers”:-\n\nSnuffers end a flame.", ["AddRule"]),
    ("Amend rule X by replacing … with …", "Amend rule 4 by replacing “wax” with “tallow”.", ["ReplaceText"]),
    ("Amend the rule X to read", "Amend the rule Tapers to read:\n\nTapers are tallow.", ["ReplaceRuleText"]),
    ("Activate …", "Activate “Dormancy”.", ["SetStatus"]),
    ("Deactivate …", "Deactivate the rule “Dormancy”.", ["SetStatus"]),
    ("Set … to Inactive", "Set “Dormancy” to Inactive.", ["SetStatus"]),
    ("Uphold … (a CfJ's ruling)", "Uphold the CfJ “Wet Wicks”.", ["Ignored"]),
    ("Fail all pending … (votes, not the wiki)", "Fail all pending Proposals.", ["Ignored"]),
    ("If a majority of votes contain … (vote-dependent)",
     "If a majority of votes on this Proposal contain “Wax”, replace “tallow” with “wax” in Tapers.", ["Ignored"]),
    ("In the same rule, …", "In the rule Tapers, replace “wax” with “tallow”.\nIn the same rule, replace “thin” with “thick”.",
     ["ReplaceText", "ReplaceText"]),
    ("Move rule X to become a subrule of Y", "Move rule Snuffers to become a subrule of Tapers.", ["MoveRule"]),
    ("Join the third paragraph with the one preceding it", "Join the third paragraph of Tapers with the one preceding it.",
     ["Unsupported"]),
    ("for the first sentence substitute—", "In rule Tapers, for the first sentence substitute—\n\nTapers are tallow.",
     ["Unsupported"]),
    ("If X failed, do nothing. Otherwise:", "If “Thin Tapers” failed, do nothing. Otherwise:\n\nRepeal the rule “Tapers”.",
     ["Ignored", "Ignored", "Ignored"]),
    ("Create a new rule # 3 and renumber the ruleset", "Create a new rule # 3 and renumber the ruleset:\n\nSnuffers end a flame.",
     ["Unsupported"]),
    ("Make these changes to both the main and shadow rulesets",
     "Make these changes to both the main and shadow rulesets:\n\nRepeal the rule Tapers.", ["Unsupported", "Ignored"]),
    ("Amend the Core Rule … by appending the following list item to the sole list",
     "Amend the Core Rule Tapers by appending the following list item to the sole list:\n\n* Beeswax", ["AddListItem"]),
    ("In the Building Blocks page of the wiki, change X to be titled Y",
     "In the Building Blocks page of the wiki, change Snuffers to be titled Dousers.", ["Unsupported"]),
    ("Change the Ruleset to match the wiki page at revision N",
     "Change the Ruleset to match what the wiki page contained at revision 4242.", ["Unsupported"]),
]


@pytest.mark.parametrize("shape,text,expected", CORPUS_SHAPES, ids=[s[0] for s in CORPUS_SHAPES])
def test_corpus_shape(shape, text, expected):
    assert kinds(text) == expected, [getattr(s, "reason", "") for s in parse_steps(text)]


def test_every_frame_declares_its_verbs_slots_and_needs():
    """The grammar is declared: every frame names the verbs that say it, its slots, the roles it needs
    (each a slot of its own), and the words that open an instruction are the grammar's verbs."""
    for frame in frames.FRAMES:
        assert frame.verbs and frame.slots, frame.name
        assert set(frame.needs) <= {slot.role for slot in frame.slots}, frame.name
    assert {"replace", "repeal", "reword", "re-word", "append", "transfer"} <= set(discourse.INSTRUCTION_VERBS)
    assert set(frames.instruction_verbs()) <= set(discourse.INSTRUCTION_VERBS)


# --------------------------------------------------------------------------- where added text ends
def test_added_text_ends_at_an_instruction_the_bot_cannot_read():
    """An instruction that introduces its own text ends the text before it, even unread."""
    steps = parse_steps("Add a new rule “Lanterns”, with the following text:\n\nLanterns glow.\n\nLanterns hang.\n\n"
                        "Enact a new Building Block, called “Beacons”, with the following text:\n\nBeacons shine.\n\n"
                        "Repeal the rule “Shades”.")
    assert [type(s) for s in steps] == [AddRule, Unsupported, RepealRule]
    assert steps[0].body == "Lanterns glow.\n\nLanterns hang."
    assert "Beacons shine." in steps[1].text  # the unread step keeps its own text


@pytest.mark.parametrize("line", [
    "Deactivate “Shades”.",
    "Give Kevan 3 Matches.",
    "Kevan gains 3 Matches.",
    "Change the Wick of the Great Lantern to “Tallow”.",
    "Delete all text in the “Lantern Hints” wiki page.",
    "Give all Lamplighters a rank of Apprentice.",
])
def test_added_text_ends_at_any_instruction(line):
    """Whether a line opens an instruction is derived from the grammar, so all of these agree."""
    steps = parse_steps(f"Add a new rule “Lanterns”:\nLanterns glow.\n{line}")
    assert steps[0].body == "Lanterns glow."
    assert len(steps) == 2


def test_added_text_keeps_an_example_it_introduces():
    """A line the text itself introduces ("For example:") belongs to the text (issue: an example
    inside unquoted rule text was executed)."""
    steps = parse_steps("Add a new rule “Lending”:\nA Lamplighter may lend Matches. For example:\n"
                        "Kevan transfers 1 Match to Lulu.\n")
    assert [type(s) for s in steps] == [AddRule]
    assert steps[0].body.endswith("Kevan transfers 1 Match to Lulu.")


@pytest.mark.parametrize("opening", ["If", "When", "Whenever"])
def test_added_text_that_begins_with_a_condition_is_text(opening):
    steps = parse_steps(f"Add a new rule “Dusk”:\n{opening} a Lantern is lit, its Lamplighter gains 1 Glow.\n"
                        "Lanterns may be relit.")
    assert [type(s) for s in steps] == [AddRule]
    assert steps[0].body.startswith(opening)


def test_stray_rule_text_outside_any_added_text_is_not_set_aside():
    """A condition sentence that carries no instruction and bears on no proposal is rule text out
    of place: Unsupported (the Admin is told), never quietly set aside as a conditional step."""
    steps = parse_steps("When a Lantern is lit, its Lamplighter gains 1 Glow.")
    assert [type(s) for s in steps] == [Unsupported]


def test_quoted_word_at_the_start_of_added_text_does_not_make_it_quoted():
    steps = parse_steps("Add a new rule “Wicks”:\n“Tallow” is a Wick.\nIf “Beacons” was enacted, repeal the rule “Shades”.")
    assert [type(s) for s in steps] == [AddRule, Ignored]
    assert steps[0].body == "“Tallow” is a Wick."


# --------------------------------------------------------------------------- conditions
def test_a_condition_on_another_proposal_governs_every_step():
    """"If … was not enacted, this proposal has no effect" first: no step is applied."""
    steps = parse_steps("If the proposal “Beacons” was not enacted, this proposal has no effect.\n"
                        "Repeal the rule “Shades”.\nKevan gains 2 Matches.")
    assert [type(s) for s in steps] == [Ignored, Ignored, Ignored]
    assert all(s.category == "conditional" for s in steps)
    assert "step 1" in steps[1].reason


def test_a_condition_at_the_end_governs_the_steps_above_it():
    steps = parse_steps("Repeal the rule “Shades”.\nIf the proposal “Beacons” failed, this proposal does nothing.")
    assert [type(s) for s in steps] == [Ignored, Ignored]


def test_if_then_otherwise_governs_the_steps_below():
    steps = parse_steps("If “Beacons” failed, do nothing. Otherwise:\nRepeal the rule “Shades”.\n"
                        "Add a new rule “Glow”:\nGlow is light.")
    assert [type(s) for s in steps] == [Ignored, Ignored, Ignored, Ignored]


def test_the_proposals_own_passing_is_no_condition():
    # Enacting it means it passed: the step is due (read, or named as not read), never set aside.
    [step] = parse_steps("If this Proposal passes, Kevan gains 2 Coins.")
    assert isinstance(step, ChangeValue) and step.player == "Kevan"
    [step] = parse_steps("If this Proposal is enacted, Kevan shall receive the bonus instead of Lulu.")
    assert isinstance(step, Unsupported)
    # … but its passing in a particular way is a condition the bot cannot decide.
    [step] = parse_steps("If this Proposal passes with more than 5 votes FOR, Kevan gains 2 Coins.")
    assert isinstance(step, Ignored) and step.category == "conditional"


def test_a_condition_on_one_step_governs_only_that_step():
    steps = parse_steps("Repeal the rule “Shades”, but only if the proposal “Beacons” was enacted.\n"
                        "Repeal the rule “Wicks”.")
    assert [type(s) for s in steps] == [Ignored, RepealRule]


# --------------------------------------------------------------------------- remarks
def test_a_trailing_remark_is_set_aside_not_added():
    steps = parse_steps("Add a new rule “Glow”:\nGlow is light.\nGlow fades at dawn.\n\nI think this balances the night.")
    assert [type(s) for s in steps] == [AddRule, Ignored]
    assert steps[0].body == "Glow is light.\nGlow fades at dawn."
    assert steps[1].category == "remark"


def test_a_line_that_may_be_a_remark_leaves_the_step_to_an_admin():
    steps = parse_steps("Add a new rule “Glow”:\nGlow is light.\n\nNote: Lamplighters plan ahead.")
    assert [type(s) for s in steps] == [Unsupported]
    assert "Note: Lamplighters plan ahead." in steps[0].reason


def test_old_and_new_text_refuse_extra_paragraphs_that_may_be_remarks():
    steps = parse_steps("In “Wicks”, replace\n\nold words\n\nwith\n\nnew words\n\nMost Lamplighters wanted this.")
    assert [type(s) for s in steps] == [Unsupported]
    assert "Most Lamplighters wanted this." in steps[0].reason


def test_amend_as_follows_then_instructions_is_not_a_reword():
    steps = parse_steps("Amend rule 2.1 (“Wicks”) as follows.\n\nJoin the third paragraph with the one before it.")
    assert isinstance(steps[0], Unsupported)
    assert not any(isinstance(s, ReplaceRuleText) for s in steps)


# --------------------------------------------------------------------------- wrappers and characters
def test_quote_template_around_added_text_is_unwrapped():
    steps = parse_steps("Add a new rule “Glow”:\n{{quote|Each Lamplighter has a Glow, defaulting to 0.}}\n"
                        "Repeal the rule “Shades”.")
    assert [type(s) for s in steps] == [AddRule, RepealRule]
    assert steps[0].body == "Each Lamplighter has a Glow, defaulting to 0."


def test_pre_content_is_kept_byte_for_byte():
    steps = parse_steps("To “Wicks”, add:\nA table:\n\n<pre>\nrow one   \n\n\n\nrow two\n</pre>")
    assert "<pre>\nrow one   \n\n\n\nrow two\n</pre>" in steps[0].body


def test_an_unclosed_opening_quote_leaves_the_rest_to_an_admin():
    steps = parse_steps("In “Wicks”, replace “two with “three”.\nRepeal the rule Shades.")
    assert [type(s) for s in steps] == [Unsupported]
    assert "never closed" in steps[0].reason


def test_a_byte_order_mark_is_not_text():
    steps = parse_steps("\ufeffRepeal the rule “Shades”.")
    assert [type(s) for s in steps] == [RepealRule]


def test_a_title_colon_does_not_cut_a_condition():
    steps = parse_steps("If Proposal: Beacons was not enacted then this proposal has no further effect.\n"
                        "Repeal the rule “Shades”.")
    assert [type(s) for s in steps] == [Ignored, Ignored]


def test_outside_the_wiki_never_fires_on_a_place_in_the_ruleset():
    steps = parse_steps("Replace the step “Update the gallery page” in the rule “Votes” with “Tally the votes”.")
    assert not any(isinstance(s, Ignored) for s in steps)


# --------------------------------------------------------------------------- enacted exactly
def test_old_and_new_paragraphs_enact_exactly():
    page = fixture_text("ruleset_2023.wiki")
    old = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3."
    new = "Each Puzzler has a publicly tracked number of Coins, defaulting to 4."
    result = enact(parse_proposal("Proposal: Four Coins", f"In the rule “Coins”, replace\n\n{old}\n\nwith\n\n{new}\n"),
                   page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    assert result.pages["Ruleset"] == page.replace(old, new, 1)


def test_a_replacement_naming_no_rule_changes_the_one_place_that_holds_it():
    page = fixture_text("ruleset_2023.wiki")
    assert page.count("defaulting to 3.") == 1
    result = enact(parse_proposal("Proposal: Four", "Replace “defaulting to 3.” with “defaulting to 4.”"), page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    assert result.pages["Ruleset"] == page.replace("defaulting to 3.", "defaulting to 4.")


# --------------------------------------------------------------------------- wikibot read
def _wikibot(*args):
    from cli_run import wikibot

    return wikibot(*args)


def test_read_command_reports_each_step_and_writes_nothing(tmp_path):
    from fixturedata import FIXTURES

    ruleset = tmp_path / "Ruleset.wiki"
    ruleset.write_text((FIXTURES / "ruleset_2023.wiki").read_text(encoding="utf-8"), encoding="utf-8")
    before = ruleset.read_bytes()
    proposal = tmp_path / "p.txt"
    proposal.write_text("Replace “defaulting to 3.” with “defaulting to 4.”\nRepeal the rule “Lanterns”.\n"
                        "Juggle the Coins thrice.\n\nThoughts?\n", encoding="utf-8")
    result = _wikibot("read", "--text-file", proposal, "--ruleset-file", ruleset, "--json")
    assert result.returncode == 3  # one step cannot be read
    reading = __import__("json").loads(result.stdout)
    kinds = [row["kind"] for row in reading["steps"]]
    assert kinds == ["replace text", "repeal a rule", "not read", "set aside"]
    first, second = reading["steps"][0], reading["steps"][1]
    assert first["changes"] == "defaulting to 3." and first["adds"] == "defaulting to 4."
    assert first["on_ruleset"]["status"] == "applied"
    assert second["on_ruleset"]["status"] == "ignored"  # no rule “Lanterns” on this Ruleset
    assert reading["summary"] == {"steps": 4, "read": 1, "set_aside": 2, "not_read": 1}
    assert ruleset.read_bytes() == before

    plain = _wikibot("read", "--text-file", proposal)
    assert "Juggle the Coins thrice." in plain.stdout and "not read" in plain.stdout


def test_rule_numbers_mean_the_page_as_the_proposal_found_it():
    """Old eras name rules by number: after "Repeal rule 12." the rules below move up, but "rule 13"
    in the same Proposal still means the rule that was 13 (it would silently edit the wrong rule)."""
    page = fixture_text("ruleset_2004.wiki")
    from parsers import ruleset as rsmod

    model = rsmod.parse(page)
    thirteen = next(r for r in model.rules if r.number == "13")
    body = thirteen.body
    word = next(w for w in ("Trivial", "Speaker", "Member") if body.count(w) == 1)
    result = enact(parse_proposal("Proposal: Renumbered", f"Repeal rule 12.\nIn rule 13, replace “{word}” with “Minor”."),
                   page)
    assert [s.status for s in result.report.steps] == [APPLIED, APPLIED]
    after = rsmod.parse(result.pages["Ruleset"])
    assert "Minor" in after.find(thirteen.title).body
    repealed = rsmod.parse(page).find("Rule 12")
    result = enact(parse_proposal("Proposal: Gone", "Repeal rule 12.\nIn rule 12, replace “a” with “b”."), page)
    assert result.report.steps[1].status == "ignored" and repealed.title in result.report.steps[1].detail


def test_a_cfj_ruling_and_post_headings_are_set_aside_and_named():
    steps = parse_steps("The passage of this CfJ asserts that the last Address was valid.\n\nThe problem:\n"
                        "If you agree, place a FOR in the comments.\nUphold the resolution of every pending Proposal.")
    assert [type(s) for s in steps] == [Ignored, Ignored, Ignored, Ignored]
    assert [s.category for s in steps] == ["outside wiki", "note", "outside wiki", "outside wiki"]


def test_rule_text_about_votes_under_a_condition_stays_text():
    steps = parse_steps("Reword Rule 4 (Voting) to:-\nA Friar may vote on a Proposal.\n"
                        "If the Friar who posted a Proposal has not voted on it, eir Vote counts as FOR.")
    assert [type(s) for s in steps] == [ReplaceRuleText]


def test_a_remark_in_the_second_sentence_of_a_line_is_found():
    steps = parse_steps("In “Wicks”, after “burn slowly”, add:-\n\nA Wick may be trimmed.\n\n"
                        "The old rule was odd. This makes trimming a daily action.")
    # a sentence that judges the old rule, and one that says what the change does: the author's, set aside
    assert [type(s) for s in steps] == [InsertText, Ignored]
    assert steps[0].body == "A Wick may be trimmed." and "This makes trimming" in steps[1].reason
    # one sign alone leaves the extent in doubt: an Admin is asked, naming the sentence
    steps = parse_steps("In “Wicks”, after “burn slowly”, add:-\n\nA Wick may be trimmed.\n\n"
                        "The old rule was fine. This makes trimming a daily action.")
    assert [type(s) for s in steps] == [Unsupported] and "This makes trimming" in steps[0].reason


def test_rule_text_led_by_a_gerund_with_a_verb_of_its_own_is_text():
    steps = parse_steps("Add a new rule “Trims”:\nTrimming a Wick is a daily action.\nAdding oil costs one Match.")
    assert [type(s) for s in steps] == [AddRule]


def test_text_after_a_colon_is_text_even_when_it_speaks_of_proposals():
    """Right after "add:-" comes text: a line that only looks like a condition on proposals or an
    act off the wiki does not make the step textless."""
    steps = parse_steps("To Rule 5 (Enactment), add:-\nIf a Rebel Proposal fails, the Emperor may levy a fine of 5 Gold.")
    assert [type(s) for s in steps] == [AppendText]


def test_an_act_for_this_proposal_inside_added_text_ends_it():
    steps = parse_steps("Add a new subrule to “Committees”, called “Recruitment”:-\n\nRecruitment has 10 Seats.\n\n"
                        "Add each Clerk that voted FOR this proposal to the Recruitment Committee.")
    assert [type(s) for s in steps] == [AddRule, Unsupported]
    assert steps[0].body == "Recruitment has 10 Seats."


def test_a_replacement_scoped_to_a_paragraph_changes_only_that_paragraph():
    page = fixture_text("ruleset_2023.wiki")
    proposal = parse_proposal("Proposal: Scoped", "In the second paragraph of the rule “Turns”, replace “Turn Order” with "
                                                  "“the Turn Order”.")
    assert proposal.steps[0].target == Target(kind=TEXT, text="Turn Order", number=2)
    result = enact(proposal, page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    old = "If a Puzzler goes Idle, their name is removed from Turn Order"
    assert result.pages["Ruleset"] == page.replace(old, old.replace("Turn Order", "the Turn Order"), 1)


@pytest.mark.parametrize("text", [
    "To the second paragraph in “Turns”, add:-\n\nThis happens at once.",
    "Append the following to the end of the 2nd paragraph of the rule Turns:\n\nThis happens at once.",
    "Add “This happens at once.” to the second paragraph of the rule “Turns”.",
])
def test_text_added_to_the_end_of_a_paragraph_stays_in_it(text):
    page = fixture_text("ruleset_2023.wiki")
    result = enact(parse_proposal("Proposal: Appended", text), page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    old = "If a Puzzler goes Idle, their name is removed from Turn Order"
    assert result.pages["Ruleset"] == page.replace(old, old + " This happens at once.", 1)


def test_a_step_inside_a_named_section():
    page = fixture_text("ruleset_2023.wiki")
    proposal = parse_proposal("Proposal: Tidy", "Within the Building Blocks section of the ruleset, repeal the rule Reinitialisation.")
    assert proposal.steps[0].rule == RuleRef(name="Reinitialisation", section="Building Blocks")
    result = enact(proposal, page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    assert "== Reinitialisation ==" not in result.pages["Ruleset"]
    steps = parse_steps("In the Building Blocks section, replace “a” with “b”.")
    assert [type(s) for s in steps] == [Unsupported]


def test_a_heading_over_instructions_does_not_swallow_them():
    steps = parse_steps("Make the following changes to the Ruleset:\n\nRepeal the rule “Shades”.\n"
                        "In the rule “Wicks”, replace “slowly” with “quickly”.")
    assert [type(s) for s in steps] == [Ignored, RepealRule, ReplaceText]


def test_a_conditional_step_with_its_own_text_takes_it_and_governs_nothing_else():
    steps = parse_steps("If the proposal “Beacons” passes, append the following to the “Trimming” action:\n"
                        "If the Wick is long, it burns twice.\nRepeal the rule “Shades”.")
    assert [type(s) for s in steps] == [Ignored, RepealRule]
    assert "burns twice" in steps[0].text


def test_do_the_following_governs_the_steps_below():
    steps = parse_steps("If more than half of the votes on this proposal contain “BRIGHT”, do the following:\n"
                        "Repeal the rule “Shades”.\nRepeal the rule “Wicks”.")
    assert [type(s) for s in steps] == [Ignored, Ignored, Ignored]


@pytest.mark.parametrize("text,why", [
    ("Add a new rule called “Wicks”, named “Fuses”:\n\nText.", "two names"),
    ("Add a new dynastic rule to the Appendix, called “Wicks”:\n\nText.", "two sections"),
])
def test_a_field_given_twice_is_not_overwritten(text, why):
    steps = parse_steps(text)
    assert [type(s) for s in steps] == [Unsupported]
    assert why in steps[0].reason


def test_an_unread_instruction_takes_the_text_it_introduces():
    steps = parse_steps("In the rule “Wicks”, split the second step of the Trim Check into the following steps:\n"
                        "* Roll a DICE6.\nOtherwise, the check fails.\nRepeal the rule “Shades”.")
    assert [type(s) for s in steps] == [Unsupported, RepealRule]
    assert "Otherwise, the check fails." in steps[0].text


def test_old_and_new_lines_refuse_an_instruction_run_on_after_the_new_line():
    # One old line, "with", the new line, then the next instruction with no blank line between: the
    # instruction is not new text (it was written into the rule before).
    text = ("In “Chores” replace\nA Farmer may spend 2 Hay of any one Goat\nwith\nA Farmer may spend 2 Oats of any one "
            "Goat\nSet each Goat’s Oats to half of their Hay, rounded down.")
    [step] = parse_steps(text)
    assert isinstance(step, Unsupported) and "Set each Goat’s Oats" in step.reason
    # A statement of a change the grammar does not take for an instruction still may not be new text.
    [step] = parse_steps(text.replace("Set each Goat’s Oats to half of their Hay, rounded down.",
                                      "Each Goat’s Oats are set to 5."))
    assert isinstance(step, Unsupported) and "Each Goat’s Oats are set to 5." in step.reason
    # A list that grows by an item is still read: list items are text.
    grown = ("In “Chores” replace\n* Feed the Goats\nwith\n* Feed the Goats\n* Set the Gate to Open")
    [step] = parse_steps(grown)
    assert isinstance(step, ReplaceText) and step.new == "* Feed the Goats\n* Set the Gate to Open"


def test_a_note_about_an_earlier_attempt_is_not_rule_text():
    steps = parse_steps("Add a new dynastic rule called “Hay”:\n\nEach Farmer has 3 Hay.\n\n"
                        "The previous proposal was illegal because of the proposal limit, so trying again.")
    assert [type(s) for s in steps] == [Unsupported]
    assert "previous proposal" in steps[0].reason


@pytest.mark.parametrize("line", [
    "In the rule “Barns”, in the subrule “Lofts”, replace this text:",
    "In the Milking atomic action of “Barns”, immediately above the bullet starting “Goats rest”, add these bullets.",
    "Set each active Farmer’s Team to Red.",
    "One common problem with the game is that it has a single winner, so late joiners give up.",
])
def test_text_a_step_adds_ends_before_a_line_that_reads_like_another_instruction_or_reasoning(line):
    # Written with single line breaks, as many posts are: the line is reported, never written into the rule.
    steps = parse_steps(f"Add a new subrule to “Barns”, called “Lofts”:\nLofts hold Hay.\n{line}\nMore words.")
    assert isinstance(steps[0], AddRule) and steps[0].body == "Lofts hold Hay."
    assert line not in steps[0].body and not all(isinstance(s, AddRule) for s in steps)


def test_repealing_every_dynastic_rule_is_the_same_as_repealing_each():
    page = fixture_text("ruleset_2023.wiki")
    every = enact(parse_proposal("Proposal: Clean Slate", "Repeal all dynastic rules except “Coins” and “Matches”."), page)
    each = enact(parse_proposal("Proposal: Clean Slate", "Repeal the rule “The Game Board”.\nRepeal the rule “Turns”."), page)
    assert [s.status for s in every.report.steps] == [APPLIED]
    assert every.pages["Ruleset"] == each.pages["Ruleset"]
    assert "== Coins ==" in every.pages["Ruleset"] and "== Low-Player Mode ==" in every.pages["Ruleset"]
    kept_core = enact(parse_proposal("Proposal: Clean Slate", "Repeal all dynastic rules except “Fair Play”."), page)
    assert [s.status for s in kept_core.report.steps] != [APPLIED] and "Ruleset" not in kept_core.pages


@pytest.mark.parametrize("remark", [
    "Let’s give late joiners a fair start.",
    "This proposal would let Lamplighters plan ahead.",
    "The current “Wicks” rule is rather clunky and hard to follow. This makes it simpler.",
    "Allowing Lamplighters to trade without losing a turn. (We’ve wanted this for ages.)",
    "Giving a real reward for lighting, since the current “may light” seems too mild.",
])
def test_a_closing_paragraph_of_reasoning_is_set_aside_and_the_text_is_added(remark):
    steps = parse_steps(f"Add a new rule “Glow”:\n\nGlow is light.\n\n{remark}")
    assert [type(s) for s in steps] == [AddRule, Ignored]
    assert steps[0].body == "Glow is light." and steps[1].category == "remark"


@pytest.mark.parametrize("text", [
    "Glow is light. Since a Lamplighter may hold a Wick, they are lit.",      # one lesser sign: rule text
    "Glow is light. This allows a Lamplighter to see.",
])
def test_rule_text_with_one_lesser_sign_of_a_remark_is_never_set_aside(text):
    steps = parse_steps(f"Add a new rule “Glow”:\n\n{text}")
    assert not any(isinstance(s, Ignored) for s in steps)
    assert all(text not in getattr(s, "body", "") or s.body == text for s in steps)


def test_a_line_asking_for_an_edit_is_never_taken_for_a_remark():
    steps = parse_steps("I propose to change the last paragraph of the rule “Wicks”:\n\nWicks burn. I think.")
    assert not any(isinstance(s, Ignored) and s.category == "remark" and "I propose" in s.text for s in steps)


@pytest.mark.parametrize("fixture,line_start", [("ruleset_2023.wiki", "* '''Subrule''': "),
                                                ("ruleset_2016.wiki", "'''Subrule''': ")])
def test_a_keywords_definition_is_replaced_in_the_glossary(fixture, line_start):
    page = fixture_text(fixture)
    text = "Change the text of the “Subrule” keyword to read as follows:\n\nA subrule is a rule beneath another rule."
    result = enact(parse_proposal("Proposal: Subrules [Appendix] [Core]", text), page)
    assert [s.status for s in result.report.steps] == [APPLIED], result.report.steps
    old_line = next(line for line in page.split("\n") if line.startswith(line_start))
    assert result.pages["Ruleset"] == page.replace(old_line, line_start + "A subrule is a rule beneath another rule.")


def test_a_keyword_is_removed_with_its_line():
    page = fixture_text("ruleset_2023.wiki")
    result = enact(parse_proposal("Proposal: No Weeks [Appendix]", "Remove the keyword “Week” from the glossary."), page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    old_line = next(line for line in page.split("\n") if line.startswith("* '''Week''':"))
    assert result.pages["Ruleset"] == page.replace(old_line + "\n", "")
    missing = enact(parse_proposal("Proposal: No Fortnights [Appendix]", "Remove the keyword “Fortnight”."), page)
    assert "Ruleset" not in missing.pages and missing.report.steps[0].status != APPLIED


def test_a_game_term_replaced_throughout_takes_its_plural_along():
    page = fixture_text("ruleset_2023.wiki")
    result = enact(parse_proposal("Proposal: Solvers [Core] [Appendix] [Special Case]",
                                  "Replace “Puzzler” with “Solver” throughout the Ruleset."), page)
    assert [s.status for s in result.report.steps] == [APPLIED], result.report.steps
    new = result.pages["Ruleset"]
    assert "Puzzler" not in new and new.count("Solvers") == page.count("Puzzlers")
    # A word that merely contains the term is not a form of it: the step is left to an Admin.
    odd = enact(parse_proposal("Proposal: Coin [Core] [Appendix]", "Replace “Coin” with “Gem” throughout the Ruleset."),
                page.replace("Each Puzzler has", "Each Coinmaster has", 1))
    assert "Ruleset" not in odd.pages


def test_each_thing_that_is_not_a_player_is_never_taken_for_the_players():
    page, gamestate = fixture_text("ruleset_2023.wiki"), fixture_text("gamestate_puzzle_board.wiki")
    players = enact(parse_proposal("Proposal: Rich", "Set each Puzzler’s Coins to 7."), page, gamestate)
    assert [s.status for s in players.report.steps] == [APPLIED]
    others = enact(parse_proposal("Proposal: Rich", "Set each Villager’s Coins to 7."), page, gamestate)
    assert [s.status for s in others.report.steps] != [APPLIED] and not others.pages
    assert "not this era's word for a player" in others.report.steps[0].detail


@pytest.mark.parametrize("opening", [
    "In the Milking atomic action of “Barns”, immediately above the bullet starting “Goats rest”, add the following bullets.",
    "Replace the steps of the “Milking” atomic action with the following",
    "Replace the step “Goats rest” in the Milking atomic action with",
])
def test_an_unread_instruction_introducing_text_without_a_colon_takes_that_text(opening):
    # The text below is the instruction's own, never read as steps of its own ("* Post a notice …"
    # would otherwise be set aside as off the wiki, and "* Set the Gate …" applied).
    steps = parse_steps(f"{opening}\n\n* Post a notice on the blog.\n* Set the Gate to Open.")
    assert len(steps) == 1  # read (the text below is its body) or left to an Admin, never steps of their own
    assert isinstance(steps[0], Unsupported) or "* Set the Gate to Open." in (getattr(steps[0], "body", None)
                                                                           or getattr(steps[0], "new", ""))


def test_an_item_is_added_to_the_one_list_that_names_it():
    page = fixture_text("ruleset_2023.wiki")
    text = "Add the following to the list of Imperatives:\n\n* '\'\'May'\'\': “is allowed to”"
    result = enact(parse_proposal("Proposal: May [Appendix]", text), page)
    assert [s.status for s in result.report.steps] == [APPLIED]
    last = "* '\'\'Should'\'\': “is recommended that”"
    assert result.pages["Ruleset"] == page.replace(last, last + "\n* '\'\'May'\'\': “is allowed to”", 1)
    # An item given bare takes the list's own marker.
    bare = enact(parse_proposal("Proposal: May [Appendix]", "Add “Might” to the list of Imperatives."), page)
    assert last + "\n* Might\n" in bare.pages["Ruleset"]
    # A rule with several lists, none of them named as the step says: left to an Admin.
    several = enact(parse_proposal("Proposal: May [Appendix]", "Add “Might” to the list of Verbs in the rule Keywords."), page)
    assert "Ruleset" not in several.pages and several.report.steps[0].status != APPLIED


def test_bullets_nested_by_indentation_alone_keep_their_depth():
    [step] = parse_steps("Amend the rule Wicks by appending the following list item to the sole list:\n\n"
                         "  • A Lamplighter may not trim a Wick unless:\n    • it is lit; or\n    • it is wet.")
    assert isinstance(step, AddListItem)
    assert step.items == "* A Lamplighter may not trim a Wick unless:\n** it is lit; or\n** it is wet."


def test_a_line_that_is_not_an_item_is_never_made_one():
    page = fixture_text("ruleset_2023.wiki")
    text = "Add the following to the list of Imperatives:\n\n* '''May''': “is allowed to”\nMay is a softer word."
    result = enact(parse_proposal("Proposal: May [Appendix]", text), page)
    assert "Ruleset" not in result.pages and "not a list item" in result.report.steps[0].detail


def test_a_step_under_two_conditions_names_both():
    steps = parse_steps("If the Proposal “Hats” was enacted:\n\nRepeal the rule “Caps”.\n\n"
                        "If more than half of the votes FOR contain “bowler”, do the following:\n\nRepeal the rule “Bowlers”.")
    assert all(isinstance(s, Ignored) for s in steps)
    assert "step 1" in steps[3].reason and "step 3" in steps[3].reason


def test_a_list_named_with_no_rule_is_never_another_list():
    # The Ruleset's only list is not "the list of Tenured Lamplighters" (that list is on another page).
    page = "= Dynastic Rules =\n\n== Wicks ==\nWicks come in kinds:\n* Cotton\n* Hemp\n"
    result = enact(parse_proposal("Proposal: Tenure", "Add “Kevan” to the list of Tenured Lamplighters."), page)
    assert "Ruleset" not in result.pages and result.report.steps[0].status != APPLIED
    named = enact(parse_proposal("Proposal: Tenure", "Add “Flax” to the list of Wick kinds."), page)
    assert named.pages["Ruleset"] == page.replace("* Hemp\n", "* Hemp\n* Flax\n")


def test_indented_list_lines_become_list_items_and_wrapped_lines_one_line():
    [step] = parse_steps("Add a new rule “Glow”:\n\nGlow comes in kinds:\n\n  * Dim, which lasts\na night.\n  * Bright.")
    assert step.body == "Glow comes in kinds:\n\n* Dim, which lasts a night.\n* Bright."
    [step] = parse_steps("Add a new rule “Glow”:\n\nEach Lamp has a Glow, defaulting\nto zero.")
    assert step.body == "Each Lamp has a Glow, defaulting to zero."


def test_a_numbered_list_in_added_text_is_text_to_its_end():
    text = ("Add a new dynastic rule called “Night Watch”:\n\n1. Choose a Lamplighter at random.\n"
            "2. Set that Lamplighter’s Matches to 0.\n3. Set each Keeper’s Wicks to 3.\n\nRepeal the rule “Dusk”.")
    steps = parse_steps(text)
    assert [type(s) for s in steps] == [AddRule, RepealRule]
    assert steps[0].body.endswith("3. Set each Keeper’s Wicks to 3.")
    # the proposal's own numbered instructions still open instructions
    own = parse_steps("1. Add a new dynastic rule called “Night Watch”:\n\nKeepers watch.\n\n2. Repeal the rule “Dusk”.")
    assert [type(s) for s in own] == [AddRule, RepealRule] and own[0].body == "Keepers watch."


def test_the_same_rule_after_a_step_not_applied_is_never_an_earlier_rule():
    page = fixture_text("ruleset_2023.wiki")
    text = ("In the rule “Coins”, replace “defaulting to 3” with “defaulting to 4”.\n"
            "Juggle the rule “Matches” until it glows.\n"
            "In the same rule, replace “defaulting to 0” with “defaulting to 1”.")
    result = enact(parse_proposal("Proposal: Same", text), page)
    assert [s.status for s in result.report.steps][2] != APPLIED
    assert "step 2" in result.report.steps[2].detail


@pytest.mark.parametrize("after", [
    "The above only applies if the Proposal “Moons” passed.",
    "Ignore the above if Kevan has 3 Coins.",
    "If Kevan has 3 Coins, skip the repeal.",
    "This step only applies if the Proposal “Moons” passed.",
    "That step should only apply if Kevan has 3 Coins.",
    "The previous step only happens if the rule “Tides” was repealed.",
])
def test_a_condition_written_after_the_steps_governs_them(after):
    steps = parse_steps(f"Repeal the rule “Gems”.\n\n{after}")
    assert [(type(s), s.category) for s in steps] == [(Ignored, "conditional")] * 2


@pytest.mark.parametrize("text", [
    "Repeal the rule “Coins”.\n\n(Also repeal the rule “Gems”.)",
    "Repeal the rule “Coins”.\n\n[Repeal the rule “Gems”.]",
    "Repeal the rule “Coins”.\n\nFail the proposal “Chaos” and repeal the rule “Gems”.",
    "Repeal the rule “Coins”.\n\nFail all proposals that apply retroactively and undo any effects they had.",
    "Repeal the rule “Coins”.\n\nIn Rule 10 in the 4th paragraph:\n\n(excluding Rules 1-10)\n\n(excluding Rules 1-11)",
])
def test_an_instruction_in_brackets_or_joined_to_one_off_the_wiki_is_never_set_aside(text):
    steps = parse_steps(text)
    assert isinstance(steps[0], RepealRule) and isinstance(steps[1], Unsupported) and len(steps) == 2


def test_a_conditional_step_with_its_own_text_after_also_governs_only_itself():
    steps = parse_steps("If the Proposal “Moons” was enacted, also add a new dynastic rule called “Moons”:\n\n"
                        "Moons rise.\n\nRepeal the rule “Gems”.")
    assert [type(s) for s in steps] == [Ignored, RepealRule]


@pytest.mark.parametrize("remark", ["Open to tweaks on the numbers.", "Should be uncontroversial.",
                                    "Right now, nobody has any reason to trade Wicks."])
def test_a_plain_remark_after_added_text_is_never_written_into_the_rule(remark):
    steps = parse_steps(f"Add a new rule “Glow”:\n\nGlow is light.\n\n{remark}")
    assert not any(remark in (getattr(s, "body", "") or "") for s in steps if not isinstance(s, Unsupported))


@pytest.mark.parametrize("aside", ["If I recall correctly, a similar rule once stood in the Ruleset.",
                                   "We’ve all been reading subrules as separate from their parent rules, haven’t we?"])
def test_the_author_speaking_of_rules_is_a_remark(aside):
    # a post of remarks only gives no instruction the bot can find: an Admin reads it, never "nothing to do"
    [whole] = parse_steps(aside)
    assert isinstance(whole, Unsupported) and "finds no instruction" in whole.reason and "remark" in whole.reason
    step, = parse_steps(f"Repeal the rule “Coins”.\n\n{aside}")[1:]
    assert isinstance(step, Ignored) and step.category == "remark"


def test_an_instruction_run_on_from_steps_the_text_introduces_is_left_to_an_admin():
    # "Set each Keeper’s Wicks to 3." may be the rule's next step or the Proposal's next instruction.
    text = ("Add a new dynastic rule called “Night Watch”:\n\nAt dusk, the Keeper does the following:\n"
            "Choose a Lamplighter at random.\nSet each Keeper’s Wicks to 3.\n\nRepeal the rule “Dusk”.")
    steps = parse_steps(text)
    assert isinstance(steps[0], Unsupported) and "Set each Keeper’s Wicks to 3." in steps[0].reason
    # with a blank line before it, it is the Proposal's own instruction
    apart = parse_steps(text.replace("random.\nSet", "random.\n\nSet"))
    assert isinstance(apart[0], AddRule) and apart[0].body.endswith("Choose a Lamplighter at random.")


@pytest.mark.parametrize("instruction", [
    "Reword the rule “Wicks” to:-", "Replace the text of the rule “Wicks” with the following text:",
    "In “Wicks”, replace “burn slowly” with:-", "In the rule “Wicks”, after “burn slowly.”, add:",
    "To the end of the rule “Wicks”, add:-",
])
@pytest.mark.parametrize("remark", [
    "I picked two because it is half a Turn.", "Just a cleanup, no change in meaning.", "Typo fixes mostly.",
    "(Sorry, the last proposal had a typo here.)", "This just clarifies what a lit Wick is.",
    "This keeps the old default but stops negative Wicks, which have been a problem for weeks.",
])
def test_a_closing_remark_after_any_text_is_never_written_into_a_rule(instruction, remark):
    steps = parse_steps(f"{instruction}\n\nWicks burn in pairs.\n\n{remark}")
    written = [getattr(s, "body", None) or getattr(s, "new", None) for s in steps if not isinstance(s, (Ignored, Unsupported))]
    assert written == ["Wicks burn in pairs."], steps
    assert isinstance(steps[-1], Ignored) and steps[-1].category in ("remark", "note")


@pytest.mark.parametrize("next_step", ["Secondly, repeal the rule “Dusk”.", "Second: repeal the rule “Dusk”.",
                                       "Now repeal the rule “Dusk”."])
def test_a_counted_next_instruction_is_never_swallowed(next_step):
    steps = parse_steps(f"To the end of the rule “Wicks”, add:-\n\nWicks may be trimmed.\n\n{next_step}")
    assert steps[0].body == "Wicks may be trimmed." and isinstance(steps[-1], RepealRule)


def test_a_new_name_with_more_after_it_is_never_a_title():
    assert [type(s) for s in parse_steps("Rename “Lanterns” to “Lamps” (and its subrule “Lantern Oil” to “Lamp Oil”).")] \
        == [Unsupported]


def test_two_instructions_joined_in_one_sentence_are_two_steps():
    """"Rename A to B, and in that rule change x to y": the new name is “Gold” alone, and the second
    instruction is a step of its own on the rule just renamed."""
    steps = parse_steps("Rename the rule “Coins” to “Gold”, and change all instances of “Coins” in that rule to “Gold”.")
    assert [type(s) for s in steps] == [RenameRule, ReplaceText]
    assert steps[0].new_name == "Gold" and steps[0].rule == R("Coins")
    assert steps[1].rule == RuleRef(previous=True)
    assert steps[1].target == Target(kind=TEXT, text="Coins", occurrence="all") and steps[1].new == "Gold"


def test_rule_text_that_begins_like_a_command_stays_in_the_rule():
    text = ("Add a new rule “Beacons”:\nA Beacon is a Lantern placed on a Cell.\n"
            "Repeal of a Beacon happens when its Lantern becomes Dark.\n"
            "Rename the Beacon to a Flare if it is on a Star Cell.")
    [step] = parse_steps(text)
    assert isinstance(step, AddRule) and step.body.endswith("if it is on a Star Cell.")


@pytest.mark.parametrize("text", [
    "Add to the end of the rule “Wicks”: “A Wick with no flame is Cold.” This is mostly flavour for now.",
    "To “Wicks”, add: \"Wicks may not be traded.\" Seems obvious but worth saying.",
    "Add the following to the end of the rule \"Wicks\": \"A Wick burns for a day.\" - borrowed from last dynasty.",
])
def test_words_after_the_quoted_text_on_its_line_are_never_written_with_it(text):
    steps = parse_steps(text)
    assert not [s for s in steps if isinstance(s, AppendText)] or all("flavour" not in s.body and "Seems" not in s.body
                                                                     and "borrowed" not in s.body
                                                                     for s in steps if isinstance(s, AppendText))
    assert any(isinstance(s, (Unsupported, Ignored)) for s in steps)


def test_a_quoted_text_with_a_plain_remark_after_it_is_added_and_the_remark_set_aside():
    steps = parse_steps("To “Wicks”, add: “Wicks may not be traded.” I think that covers it.")
    assert [type(s) for s in steps] == [AppendText, Ignored] and steps[0].body == "Wicks may not be traded."


@pytest.mark.parametrize("remark", ["I'm leaving Kevan out of this, since he hosts.",
                                    "I'm not counting Lulu here, she earned hers."])
def test_words_that_may_narrow_the_step_before_them_are_never_a_mere_remark(remark):
    steps = parse_steps(f"Set each Lamplighter's Matches to 4. {remark}")
    assert isinstance(steps[0], SetValue) and isinstance(steps[1], Unsupported)


def test_a_closing_note_in_square_brackets_is_set_aside_and_one_in_round_brackets_left_to_an_admin():
    square = parse_steps("Add a new rule “Glow”:\n\nGlow is light.\n\n[ Something to make Lamps worth having. ]")
    assert [type(s) for s in square] == [AddRule, Ignored] and square[0].body == "Glow is light."
    round_ = parse_steps("Add a new rule “Glow”:\n\nGlow is light.\n\n(cap suggested by Lulu)")
    assert [type(s) for s in round_] == [Unsupported]


def test_appended_text_that_begins_with_a_space_continues_the_last_line():
    page = fixture_text("ruleset_2023.wiki")
    result = enact(parse_proposal("Proposal: No Debt", "Append “ Coins may not be negative.” to the rule “Coins”."), page)
    old = "Each Puzzler has a publicly tracked number of Coins, defaulting to 3."
    assert result.pages["Ruleset"] == page.replace(old, old + " Coins may not be negative.", 1)


def test_a_statement_of_the_problem_after_the_text_is_a_remark():
    steps = parse_steps("At the end of the last paragraph of “Wicks”, add:\n\nWicks burn.\n"
                        "One common problem with the game is that it has a single winner.")
    assert [type(s) for s in steps] == [InsertText, Ignored] and steps[1].category == "remark"


def test_one_step_is_one_step():
    from actions.reading import headline, read_proposal, render
    from parsers.proposal import parse_proposal

    reading = read_proposal(parse_proposal("Proposal: One", "Repeal the rule “Coins”.\n"))
    assert headline(reading).startswith("Reading of “One”: 1 step, 1 read")
    assert render(reading).splitlines()[-1].startswith("1 step: 1 read")


@pytest.mark.parametrize("remark", ["It seems that most of the crew would rather sail at dawn.",
                                    "This is an attempt to make the harbour livelier.",
                                    "Full explanation in the thread about tides.",
                                    "Sailors of the Eastern Quay, let us keep the harbour tidy."])
def test_an_authors_remark_by_its_opening_words_is_set_aside(remark):
    step = parse_steps(f"Repeal the rule “Coins”.\n\n{remark}")[1]
    assert isinstance(step, Ignored) and step.category == "remark"


@pytest.mark.parametrize("heading", ["1. Harbour Blocks", "1a. Tide Passing", "2b. Dormancy"])
def test_a_numbered_heading_of_the_post_is_a_heading_whatever_its_words(heading):
    step = parse_steps(f"{heading}\n\nRepeal the rule “Coins”.")[0]
    assert isinstance(step, Ignored) and step.category == "note" and "heading" in step.reason


def test_one_bullet_point_or_paragraph_added_and_the_authors_words_after_it():
    """"Add the following bullet point:" then the bullet point and the author's words: the step adds the one
    bullet point (and the deeper ones under it); the words after it are set aside, each named. When what follows
    may be rule text, the step goes to an Admin as before — never a second paragraph silently dropped."""
    steps = parse_steps("Amend the rule “Harbour” by appending the following list item to the sole list:\n\n"
                        "* A Sailor may not fish after dusk, unless:\n** the tide is high.\n\n"
                        "Reworded from the earlier attempt, with stricter terms.")
    assert [type(s).__name__ for s in steps] == ["AddListItem", "Ignored"]
    assert steps[0].items == "* A Sailor may not fish after dusk, unless:\n** the tide is high."
    assert steps[1].category == "remark" and "Reworded" in steps[1].text
    steps = parse_steps("Add to the rule “Market” as a new paragraph:\nStalls close at dusk.\nTrade is good for all! "
                        "So is rest.")
    assert [type(s).__name__ for s in steps] == ["AppendText", "Ignored"] and steps[0].body == "Stalls close at dusk."
    steps = parse_steps("Add to the rule “Market” as a new paragraph:\nStalls close at dusk.\n\nStalls open at dawn.")
    assert [type(s).__name__ for s in steps] == ["AppendText"] and "open at dawn" in steps[0].body


def test_bullets_all_indented_alike_are_one_level():
    # the indent every line shares is the post's: “  • A” ⏎ “  • B” are two bullets side by side, never one nested
    [step] = parse_steps("Add the following bullet points to the rule “Hooks”:\n\n  • Brass\n  • Iron")
    assert isinstance(step, AddListItem) and step.items == "* Brass\n* Iron"
    [step] = parse_steps("Add the following to the end of the rule “Hooks”:\n\n  * Brass\n    * Iron")
    assert step.body == "* Brass\n** Iron"


def test_amend_as_follows_over_instructions_is_no_new_text():
    # "Amend X as follows." and then an instruction: never the rule's whole new text
    steps = parse_steps("Amend the rule “Hooks” as follows.\n\nIn the second paragraph: for “brass” substitute “iron”.")
    assert isinstance(steps[0], Unsupported) and "further instructions" in steps[0].reason
    assert not any(isinstance(s, ReplaceRuleText) for s in steps)


@pytest.mark.parametrize("line", ["Repeal this rule when every Hook has rusted.",
                                  "Once every Hook has rusted, repeal this rule.",
                                  "At the end of the week, remove this subrule."])
def test_what_an_added_rule_says_of_itself_is_its_text(line):
    [step] = parse_steps(f"Add a new rule “Hooks”:\n\nThere are 12 Hooks.\n\n{line}")
    assert isinstance(step, AddRule) and step.body == f"There are 12 Hooks.\n\n{line}"


@pytest.mark.parametrize("remark", [
    "Was hoping someone else would bring this back, but here it is.",
    "Open to changing the numbers if they turn out too easy.",
    "Been meaning to fix this for a while.",
    "The old hook timing was awkward to follow. This turns it into a daily action.",
])
def test_an_authors_remark_after_added_text_is_not_added(remark):
    steps = parse_steps(f"Add a new rule “Hooks”:\nThere are 12 Hooks.\nA Hook may hold one Lantern.\n{remark}")
    assert isinstance(steps[0], AddRule) and remark not in steps[0].body
    assert steps[0].body == "There are 12 Hooks.\nA Hook may hold one Lantern."


def test_a_line_that_may_be_a_remark_after_added_text_is_named():
    remark = "A shorter rewording of an earlier attempt."
    [step] = parse_steps(f"Add a new rule “Hooks”:\nThere are 12 Hooks.\nA Hook may hold one Lantern.\n{remark}")
    assert isinstance(step, Unsupported) and remark in step.reason


def test_an_order_stated_in_the_passive_never_ends_added_text_but_is_asked_about():
    # at the top of a post it is the order; inside unquoted added text it may be the rule's own words or the next
    # step: an Admin is asked, naming it — never added silently, never applied silently
    [step] = parse_steps("The Special Case rule “Hooks” becomes Active.")
    assert type(step).__name__ == "SetStatus" and step.status == "Active"
    [step] = parse_steps("Add a new rule “Dusk”:\n\nAt dusk, Lanterns glow.\n\nThe rule “Hooks” is repealed.")
    assert isinstance(step, Unsupported) and "The rule “Hooks” is repealed." in step.reason
    [step] = parse_steps("Add a new rule “Dusk”:\n\nAt dusk, Lanterns glow.\n\nWhen the Tide turns, the rule “Hooks” is "
                         "repealed.")
    assert isinstance(step, AddRule) and step.body.endswith("the rule “Hooks” is repealed.")



def test_a_quoted_sentence_ends_the_sentence_around_it_when_another_begins():
    steps = parse_steps("In “Hooks”, remove the sentence “Hooks rust.” In the same rule, replace “iron” with “brass”.")
    assert [type(s).__name__ for s in steps] == ["RemoveText", "ReplaceText"]
    assert steps[0].target.text == "Hooks rust." and steps[1].rule == RuleRef(previous=True)
    # a quoted sentence followed by more of the same sentence stays one sentence
    [step] = parse_steps("Replace “Hooks rust.” with “Hooks corrode.”")
    assert isinstance(step, ReplaceText) and step.new == "Hooks corrode."


def test_a_frames_own_refusal_is_named_before_parts_other_frames_could_not_place():
    [step] = parse_steps("Set Kevan’s Motto to “Fortune favours the bold.”")
    assert step.reason.index("full stop") < step.reason.index("cannot place")


def test_prose_hard_wrapped_at_a_fixed_width_is_one_paragraph():
    text = ("Add a new rule, called “Tide Table”:\n\n"
            "The Tide Table is a list of six Tides kept on the Harbour page of the wiki. Each Tide in the\n"
            "Table has a Name, a Height and an Effect, and the Tide at the top of the Table is the Current\n"
            "Tide, which moves down the Table by one place at the start of every day that has a Storm.\n"
            "It never moves up.")
    [step] = parse_steps(text)
    assert isinstance(step, AddRule) and "\n" not in step.body and "Each Tide in the Table has" in step.body
    # one-line paragraphs of other lengths stay as they are
    text = ("Add a new rule, called “Tide Table”:\n\nEach Tide has a Name.\n"
            "Each Tide has a Height, which is a whole number between 1 and 9 and is publicly tracked on the Harbour page\n"
            "Each Tide has an Effect")
    [step] = parse_steps(text)
    assert step.body.count("\n") == 2


def test_text_that_opens_a_straight_quote_it_never_closes_goes_to_an_admin():
    [step] = parse_steps('Change the last paragraph of “Gold” to:\n\n"A Player may award themselves five Gold for the')
    assert isinstance(step, Unsupported) and "never closes" in step.reason


def test_an_ellipsis_ends_the_words_a_paragraph_begins_with():
    [step] = parse_steps("In “Tides”, after the paragraph beginning with “If a Tide has a Storm...”, add:\n\nStorms pass.")
    assert step.anchor.text == "If a Tide has a Storm"


@pytest.mark.parametrize("line,reason", [
    ("Uphold Wren’s attempt to pay out the bounties yesterday.", "a ruling on a game action"),
    ("I put it to you that the fair fix is to remove the current Harbourmaster and hold an election.",
     "ask for an act"),
])
def test_words_that_ask_for_an_act_are_never_set_aside(line, reason):
    [step] = parse_steps(line)
    assert isinstance(step, Unsupported) and reason in step.reason


def test_a_list_named_with_the_actions_word_or_without_is_one_reading():
    [step] = parse_steps("In the subrule “Tides”, replace the second step of the Tide Check with the following steps:\n\n"
                         "* Roll a die\n* Add it to the Tide")
    assert isinstance(step, ReplaceText) and step.target.in_list == "Tide Check" and step.target.number == 2


def test_a_table_in_added_text_is_text():
    [step] = parse_steps('Add a new rule named “Tides”:\n\nEach Tide has a Height.\n\n{| class="wikitable"\n! Tide !! Height\n'
                         '|-\n| Neap || 2\n|}')
    assert isinstance(step, AddRule) and step.body.endswith("| Neap || 2\n|}")


def test_a_rule_named_with_its_section():
    [step] = parse_steps("In the Fair Tides rule of the Core Rules, add the following bullet point:\n\n* Be fair.")
    assert step.rule == RuleRef(name="Fair Tides", section="Core Rules")


def test_a_rule_exists_condition_before_the_first_verb_holds_for_every_clause():
    steps = parse_steps("If the rule “Ore” exists, repeal it and repeal “Tin”.")
    assert [s.when.rule for s in steps] == [RuleRef(name="Ore")] * 2
    # whether a rule holds a text is decided as each step finds the page: never shared
    [step] = parse_steps("If that rule contains “X”, remove it, and add the following to the end of that rule:\n\nOre.")
    assert not isinstance(step, AddRule) and type(step).__name__ in ("Ignored", "Unsupported")


def test_what_a_rule_is_called_or_reads_now_is_no_order_but_shall_read_is():
    # "is now called", "shall now read:": orders; "is called", "reads": what the rule is
    assert type(parse_steps("The rule “Seed Vault” is now called “Seed Bank”.")[0]).__name__ == "RenameRule"
    assert isinstance(parse_steps("The rule “Seed Vault” is called “Seed Bank”.")[0], Unsupported)
    [step] = parse_steps("The second paragraph of the rule “Grafting” shall now read:\n\nGrafts take.")
    assert isinstance(step, ReplaceText) and step.target.number == 2 and step.new == "Grafts take."

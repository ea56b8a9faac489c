"""The steps of a Proposal, as plain data.

`parsers.proposal` turns a Proposal's text into an ordered tuple of these; `actions.enact`
applies them.  Nothing here has behaviour: every class is a frozen dataclass.

Conventions shared by all steps:

* ``index`` is the 1-based position of the step in the Proposal.
* ``text`` is the exact source text the step came from (the instruction sentence, plus its
  payload when it has one), for the Admin's report.  One sentence may yield several steps
  (``Repeal the rules “A” and “B”.``); they then share the same ``text``.
* ``span`` is the ``(start, end)`` character range of ``text`` inside the body that was parsed.
  It is excluded from equality so tests and callers can compare steps without it.
* Rule references are :class:`RuleRef` values carrying the name *as the players wrote it*
  (quotes removed, bracketed tags kept: ``Malign Emperors [Inactive] [Rare]``); the applier
  does the tolerant look-up (tags optional, subrule names, numbers).
* Payloads (``body`` fields) are wiki text: quotes / blockquotes around them removed, paragraphs
  kept as blank-line-separated blocks, rendered bullets ``•`` turned into ``*``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

# Canonical section names (the applier matches them tolerantly against the real headings;
# note that the real Ruleset heading is "Special Case", the rule text says "Special Case Rules").
from parsers.language import (  # noqa: E402,F401  (re-exported: steps carry these names)
    SECTION_APPENDIX,
    SECTION_BUILDING_BLOCKS,
    SECTION_CORE,
    SECTION_DYNASTIC,
    SECTION_SPECIAL_CASE,
)

# Target kinds (what a replace / remove / insert step points at inside a rule).
TEXT = "text"  # a quoted piece of text
SENTENCE = "sentence"  # the whole sentence given in quotes
SENTENCE_BEGINNING = "sentence_beginning"  # the sentence beginning with the quoted text
SENTENCE_ENDING = "sentence_ending"  # the sentence ending with the quoted text
SENTENCE_CONTAINING = "sentence_containing"  # the sentence containing the quoted text
SENTENCE_NTH = "sentence_nth"  # the Nth sentence (``occurrence``: a number, "first" or "last") of the rule,
# or of its paragraph ``number``
PARAGRAPH = "paragraph"  # the Nth paragraph (number=-1: the final one)
PARAGRAPH_BEGINNING = "paragraph_beginning"  # the paragraph beginning with the quoted text
PARAGRAPH_ENDING = "paragraph_ending"  # the paragraph ending with the quoted text
PARAGRAPH_CONTAINING = "paragraph_containing"  # the paragraph containing the quoted text
PARAGRAPHS_FROM = "paragraphs_from"  # the Nth paragraph and every one after it
KEYWORD = "keyword"  # the definition of the quoted keyword in the glossary ("* '''Hiatus''': …")
ITEM = "item"  # the Nth item (a bullet point, a step) of a list (number=-1: the last, -2: the one before it)
ITEM_BEGINNING = "item_beginning"  # the list item (bullet point, step) beginning with the quoted text
ITEM_CONTAINING = "item_containing"  # the list item containing the quoted text

# Occurrence values: None = exactly one match expected; "first"/"last"/"all"; or an int N (1-based).
Occurrence = Union[None, Literal["first", "last", "all"], int]


@dataclass(frozen=True, kw_only=True)
class RuleRef:
    """A reference to a rule: its name as written, or the rule named by the previous step."""

    name: str | None = None  # "Shamblers", "Rule 1.3 (Proposals)", "rule 10 - Ascension"; None if previous
    previous: bool = False  # "this rule", "the same rule", "that rule", "it": the rule of the previous step
    number: str | None = None  # "1.3" when the reference uses a rule number (2004–2010 eras)
    section: str | None = None  # section named with the reference ("the Special Case rule X")
    #: how the words name it: "rule" (with the word rule or subrule, a number, or as the rule before),
    #: "quote" (a quoted title alone), "verb" (bare words a verb says are a rule: "Repeal X") or
    #: "words" (bare words). A step that names a rule only by bare
    #: words ("Rename Puzzle Master to …") is not surely about a rule: when no rule has that title it
    #: goes to an Admin, never ignored as "no such rule".
    named_as: str = field(default="rule", compare=False)
    #: the rule a subrule is named with ("In the rule “Gin”, in the subrule “Tonic”"): it is looked up
    #: among that rule's subrules
    parent: "RuleRef | None" = field(default=None, compare=False)


@dataclass(frozen=True, kw_only=True)
class EachPlayer:
    """Every player ("each Player", "each Puzzler", "all Barons"); ``term`` is the word used."""

    term: str = field(default="Player", compare=False)


EACH = EachPlayer()
Who = Union[str, EachPlayer]


@dataclass(frozen=True, kw_only=True)
class Target:
    """What a text step points at inside a rule (or the ruleset)."""

    kind: str  # one of the target-kind constants above
    text: str | None = None  # quoted target text exactly as given (None for numbered paragraphs)
    occurrence: Occurrence = None  # None = exactly one match expected
    number: int | None = None  # paragraph number for PARAGRAPH / PARAGRAPHS_FROM (-1 = final); for TEXT and
    # SENTENCE, the paragraph the text must stand in ("in the second paragraph of X, replace …")
    within: str | None = None  # restrict the match to inside this quoted passage ("in “…”, change …")
    #: for list items: the list they stand in, named by the line that introduces it ("the second step
    #: of the Notoriety Check", "the “Scrape” atomic action"); None: the rule's only list, or any item
    in_list: str | None = None


@dataclass(frozen=True, kw_only=True)
class Condition:
    """A condition the bot decides itself, against the page as the step finds it: a rule exists
    (``rule``, with ``negated`` for "if there is no …"), or a rule holds a text (``contains``).
    ``words`` is the condition as written, for the report."""

    words: str
    rule: RuleRef | None = None
    parent: RuleRef | None = None  # "a subrule of “Y” named “X”": X must stand under Y
    contains: str | None = None
    negated: bool = False


@dataclass(frozen=True, kw_only=True)
class Step:
    """Base of every step: its 1-based order and its exact source text; ``when``, a condition the
    bot decides before applying it ("If there is a rule called “X”, …")."""

    index: int
    text: str
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    when: Condition | None = None


# --- Ruleset steps -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class AddRule(Step):
    """Create a rule (``section`` None = end of Dynastic Rules unless ``parent``/``after`` say where)."""

    name: str
    body: str
    section: str | None = None
    parent: RuleRef | None = None  # make it a subrule of this rule
    subrule: bool = False  # the instruction said "subrule" (True whenever parent is set)
    after: RuleRef | None = None  # place immediately after this rule
    before: RuleRef | None = None  # place immediately before this rule
    if_exists: bool = False  # only if the parent/anchor rule exists ("…, if it exists, …")


@dataclass(frozen=True, kw_only=True)
class RepealRule(Step):
    """Remove a rule (and its subrules) from the Ruleset."""

    rule: RuleRef


@dataclass(frozen=True, kw_only=True)
class RepealAll(Step):
    """Remove every rule of one kind ("Repeal all dynastic rules"), except the rules in ``keep``."""

    kind: str
    keep: tuple[RuleRef, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RenameRule(Step):
    """Change a rule's heading to ``new_name``."""

    rule: RuleRef
    new_name: str


@dataclass(frozen=True, kw_only=True)
class ReplaceRuleText(Step):
    """Replace a rule's whole text with ``body``, renaming it to ``new_name`` if given."""

    rule: RuleRef
    body: str
    new_name: str | None = None


@dataclass(frozen=True, kw_only=True)
class ReplaceText(Step):
    """Replace ``target`` with ``new`` in a rule (``rule`` None = throughout the whole Ruleset)."""

    rule: RuleRef | None
    target: Target
    new: str


@dataclass(frozen=True, kw_only=True)
class RemoveText(Step):
    """Delete ``target`` from a rule (``rule`` None: the step names none — the rule named before it
    when that one holds the text, else the one rule in the Ruleset that does)."""

    rule: RuleRef | None
    target: Target


@dataclass(frozen=True, kw_only=True)
class InsertText(Step):
    """Insert ``body`` before or after ``anchor`` inside a rule; ``"end"``: at the end of the anchor
    paragraph, inside it ("add … to the end of the second paragraph")."""

    rule: RuleRef | None  # None: a list item of a named list, found where that list is
    anchor: Target
    body: str
    position: Literal["before", "after", "end"] = "after"


@dataclass(frozen=True, kw_only=True)
class AppendText(Step):
    """Add ``body`` at the end (or start) of a rule's text."""

    rule: RuleRef
    body: str
    at: Literal["end", "start"] = "end"


@dataclass(frozen=True, kw_only=True)
class AddListItem(Step):
    """Add ``items`` at the end of a list in a rule: the rule's only list, or the list ``of`` names
    ("the list of Wick Types"), introduced by a line that names it."""

    rule: RuleRef | None
    items: str
    of: str | None = None


@dataclass(frozen=True, kw_only=True)
class MoveRule(Step):
    """Move a rule to another section, under another rule, or after another rule."""

    rule: RuleRef
    section: str | None = None
    parent: RuleRef | None = None
    after: RuleRef | None = None


@dataclass(frozen=True, kw_only=True)
class SetStatus(Step):
    """Set a Special Case rule's status ("Active" / "Inactive")."""

    rule: RuleRef
    status: Literal["Active", "Inactive"]


# --- Gamestate steps (the tracking page) ---------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SetValue(Step):
    """Set a player's (or every player's) variable to ``value`` (raw text, e.g. "3", "Bear")."""

    player: Who
    variable: str  # as written ("Coins"); the applier matches singular/plural tolerantly
    value: str
    #: "Raise Kevan’s Coins to 5": "up" (or "down"): the value set must be more (less) than the one it replaces
    direction: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChangeValue(Step):
    """Add ``delta`` (negative = lose) to a player's (or every player's) numeric variable."""

    player: Who
    variable: str
    delta: int


@dataclass(frozen=True, kw_only=True)
class TransferValue(Step):
    """Move ``amount`` of a variable from one player to another."""

    source: str
    target: str
    variable: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class AddColumn(Step):
    """Add a column to a gamestate table, every existing row getting ``default`` (or, with
    ``derived``, its value taken from another table: "each Ship's Wealth is its Captain's Coins")."""

    column: str
    default: str | None = None
    table: str | None = None  # None = the players' table
    derived: "Derived | None" = None
    #: "… at its default value": the default the rules give the variable (a step to an Admin if they give none)
    rules_default: bool = False


@dataclass(frozen=True)
class Derived:
    """A value each row takes from the row another of its cells names: "its Captain's Coins" is the
    Coins (``value``) of the row its Captain (``link``) names."""

    link: str
    value: str


@dataclass(frozen=True, kw_only=True)
class DeriveValues(Step):
    """Set every row's ``column`` from another table ("Set each Ship's Wealth to its Captain's Coins"):
    the ``derived.value`` of the row its ``derived.link`` names; ``kind`` the rows' kind as written
    ("Ship"), whose table holds the column."""

    kind: str
    column: str
    derived: Derived


@dataclass(frozen=True, kw_only=True)
class AddPlayer(Step):
    """Add a row for a player to the players' table."""

    name: str


@dataclass(frozen=True, kw_only=True)
class RemovePlayer(Step):
    """Remove a player's row from the players' table."""

    name: str


@dataclass(frozen=True, kw_only=True)
class AddRow(Step):
    """Add a row (a thing: a Stop, an Organism, a Tower) to a gamestate table named ``table``, its
    cells given by column (the others get the rules' defaults)."""

    table: str
    name: str
    values: tuple[tuple[str, str], ...] = ()  # (column, value) pairs as written


@dataclass(frozen=True, kw_only=True)
class RemoveRow(Step):
    """Remove the row named ``name`` from the gamestate table named ``table``."""

    table: str
    name: str


@dataclass(frozen=True, kw_only=True)
class SetAttribute(Step):
    """Set an attribute (a column) of a named thing (a row of a table that is not the players'), or a
    grid's cell (``thing`` its row, ``attribute`` its column)."""

    thing: str
    #: None: the step names no column ("Set Plots 2 to 5 to Green", "Paint Plot 2 Green"); the one column of
    #: the thing's table the rules let hold the value (and, for ``colour``, the table's colour column) is it
    attribute: str | None
    value: str
    table: str | None = None  # None = the one table that has both the row and the column
    #: a grid's cell written as coordinates, "(3, 4)": which is the row is the table caption's to say
    #: ("Game Board (Row, Column)"); ``thing`` holds the first number, ``attribute`` the second
    pair: bool = False
    #: the step paints the thing ("Paint Plots 2 to 5 Green"): the value is its colour
    colour: bool = False


@dataclass(frozen=True)
class Cell:
    """One cell of a gamestate table: its row (a thing, a player, a grid's row) and its column (None: the
    one column of that row that holds the name a step moves); ``pair``: written as coordinates "(3, 4)",
    the first number ``row``, the second ``column``, their order the table caption's to say."""

    row: str
    column: str | None = None
    pair: bool = False


@dataclass(frozen=True, kw_only=True)
class SwapValues(Step):
    """Exchange the values of two cells ("Swap the Owners of Plot 2 and Plot 5", "Swap the contents of
    the cells at (1, 2) and (3, 4)")."""

    first: Cell
    second: Cell
    table: str | None = None  # None = the one table that has both rows and the column


@dataclass(frozen=True, kw_only=True)
class MoveName(Step):
    """Move a name from one cell to another ("Move Kevan from Plot 3 to Plot 4", "Move “Kevan” to (2, 5)"):
    taken out of the cell that holds it (``source``, or the one cell of the table that does) and put in
    ``target`` (beside the names already there, when the cell holds a list)."""

    name: str
    source: Cell | None
    target: Cell
    table: str | None = None


@dataclass(frozen=True, kw_only=True)
class AddToCell(Step):
    """Add a name to the list one cell holds ("Add Kevan to the Guests of the Inn “Rest”")."""

    name: str
    cell: Cell
    table: str | None = None


@dataclass(frozen=True, kw_only=True)
class RemoveFromCell(Step):
    """Take a name out of the list one cell holds ("Remove Kevan from the Guests of the Inn “Rest”")."""

    name: str
    cell: Cell
    table: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChangeAttribute(Step):
    """Add ``delta`` (negative = subtract) to a named thing's numeric attribute ("Increase the Worth of
    the Relic “Cup” by 2")."""

    thing: str
    attribute: str
    delta: int
    table: str | None = None  # None = the one table that has both the row and the column


@dataclass(frozen=True, kw_only=True)
class SetSingleValue(Step):
    """Set a single value of the tracking page ("Set the Round to 3")."""

    name: str
    value: str
    #: "Advance the Round to 3": "up" (or "down"): the value set must be more (less) than the one it replaces
    direction: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChangeSingleValue(Step):
    """Add ``delta`` (negative = subtract) to a numeric single value ("Increase the Round by 1")."""

    name: str
    delta: int


# --- Not applied -----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Ignored(Step):
    """A step the rules say to skip: conditional, deferred, outside the wiki, an author's bracketed
    note or a heading of the post ("note"), or a remark of the author's set apart from the text a
    step adds ("remark": shown to the Admin, who can tell if it was rule text after all)."""

    reason: str
    category: Literal["conditional", "deferred", "outside wiki", "note", "remark"]


@dataclass(frozen=True, kw_only=True)
class Unsupported(Step):
    """Text the parser does not understand; ``reason`` quotes it.  Reported, never guessed."""

    reason: str


@dataclass(frozen=True, kw_only=True)
class Proposal:
    """A parsed Proposal: name without tags, the tags (without brackets) and its steps in order."""

    name: str
    tags: tuple[str, ...]
    steps: tuple[Step, ...]

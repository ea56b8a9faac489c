"""The definition grammar: one meaning in many wordings reads the same, and every word is accounted for.

The wordings are generated here as the cross product of a definition's parts — who has it, its
type, its bounds or set of values, its default, the punctuation of an attribute list — in the
project's own words (a Relic with a Worth, a Kind, a Keeper). Each must give the constraint the
plain wording gives, or be marked read in part: never a different constraint.
"""

from __future__ import annotations

import itertools
import os
import re

import pytest

from actions.constraints import ENUM, INTEGER, LIST, TEXT, infer_constraints
from parsers import definitions as D
from parsers import language
from parsers.ruleset import parse

# --------------------------------------------------------------------------- helpers


def constraints_of(*sentences: str) -> dict[str, object]:
    """The constraints a one-rule Ruleset of these sentences gives, by variable (no Appendix: a number
    has the bounds its sentence states and no others)."""
    page = "== Relics ==\n" + "\n\n".join(sentences) + "\n"
    return {c.variable: c for c in infer_constraints(parse(page))}


def shape(c) -> tuple:
    """What a constraint says of values (not where the words came from)."""
    return (c.owner, c.kind, c.min, c.max, tuple(c.allowed or ()), c.default, c.refers, c.none, c.unique,
            c.max_items)


def same_or_partial(sentence: str, variable: str, plain: tuple) -> str:
    """"same", "partial" — or raise, naming the wording that reads differently."""
    got = constraints_of(sentence).get(variable)
    assert got is not None, f"nothing read of {variable} in: {sentence}"
    if got.partial:
        return "partial"
    assert shape(got) == plain, f"{sentence}\n  reads {shape(got)}\n  not   {plain}"
    return "same"


# --------------------------------------------------------------------------- the cross products

#: ``WIKIBOT_WORDINGS=full`` reads the whole cross product of every definition's parts (thousands of
#: sentences, minutes); by default every pair of parts is read together at least once (all pairs of
#: values of any two parts, the other parts taken in turn), which finds a part that reads differently
#: beside another in a few hundred sentences.
FULL = os.environ.get("WIKIBOT_WORDINGS") == "full"


def wordings(*parts):
    """Every combination of one value of each part (with FULL), else combinations that hold every pair of
    values of any two parts at least once (a greedy all-pairs cover: about as many as the two largest
    parts' product)."""
    if FULL:
        yield from itertools.product(*parts)
        return
    pairs = {(i, a, j, b) for i, j in itertools.combinations(range(len(parts)), 2)
             for a in range(len(parts[i])) for b in range(len(parts[j]))}
    order = sorted(range(len(parts)), key=lambda k: -len(parts[k]))
    first, second, rest = order[0], order[1], order[2:]
    rows = []
    for a, b in itertools.product(range(len(parts[first])), range(len(parts[second]))):
        row = {first: a, second: b}
        for k in rest:   # the value that covers the most pairs not yet covered
            row[k] = max(range(len(parts[k])), key=lambda v: sum(
                (min(k, o), row[o] if o < k else v, max(k, o), v if o < k else row[o]) in pairs for o in row))
        rows.append(row)
        pairs -= {(i, row[i], j, row[j]) for i, j in itertools.combinations(sorted(row), 2)}
    for i, a, j, b in sorted(pairs):   # any pair left: a row of its own
        rows.append({k: a if k == i else b if k == j else 0 for k in range(len(parts))})
    for row in rows:
        yield tuple(parts[k][row[k]] for k in range(len(parts)))

# Each meaning's wordings are the cross product of its parts. A definition says who has the variable
# (an owner's attribute list, or a sentence about the variable itself), where in an attribute list it
# stands and with which punctuation, its type words, its bounds or set of values, and its default.
# {a} is the attribute as it stands in a list ("a Worth, which is {d}"), {d} what is said of its values.

#: an owner opening an attribute list
OWNERS = ["Each Relic has", "Every Relic has", "Relics have", "All Relics have", "Relics each have", "A Relic has",
          "Each Relic holds", "Every Relic also holds", "Each Relic possesses", "Each individual Relic has",
          "Each Relic also has", "Each Relic shall have"]
#: the attribute itself, and the words that lead to what is said of it
ATTRIBUTES = ["a Worth, which is {d}", "a Worth that is {d}", "a Worth which is {d}", "a Worth ({d})",
              "a publicly tracked Worth, which is {d}", "a Worth, {d}", "an associated Worth, which is {d}",
              "a Worth (which is {d})", "a Worth, and this is {d}", "one Worth, which is {d}"]
#: where in an attribute list it stands, and the list's punctuation
PLACES = ["{a}.", "a Name, which is flavour text, and {a}.", "{a}, and a Name, which is flavour text.",
          "a Name, which is flavour text; {a}; and a Kind, which is one of Cup, Blade or Coin.",
          "a Name (flavour text), {a} and a Kind (one of Cup, Blade or Coin).",
          "a Name which is flavour text and {a}.", "a Name, which is flavour text; and {a}.",
          "a Name, which is flavour text, {a}, and a Kind, which is one of Cup, Blade or Coin.",
          "a Name, a Kind and {a}."]
#: a sentence about the variable itself
SUBJECTS = ["The Worth of each Relic is {d}.", "A Relic’s Worth is {d}.", "Each Relic’s Worth is {d}.",
            "The Worth of a Relic is {d}.", "The Worth of every Relic is {d}.", "A Relic's Worth is {d}."]
NUMBER_TYPES = ["an integer", "a whole number", "a number", "a positive integer", "a non-negative integer",
                "a nonnegative whole number", "an integer value", "a whole-number", "a numeric value",
                "a publicly tracked integer", "a natural number", "a non negative integer", "a number value"]
BOUNDS = ["between 1 and 5", "between 1 and 5 inclusive", "from 1 to 5", "of at least 1 and at most 5",
          "no less than 1 and no more than 5", "between one and five", "that may not exceed 5 or fall below 1",
          "ranging from 1 to 5", "1–5", "that cannot be less than 1 or greater than 5", "between 1 and 5 (inclusive)",
          "in the range 1 to 5", "in the range of 1 to 5", "no lower than 1 and no higher than 5",
          "at least 1 and at most 5", "with a minimum of 1 and a maximum of 5", "from one to five", "1-5",
          "between 1 and 5, inclusive", "from 1 up to 5", "greater than 0 and less than 6", "that must be between 1 and 5",
          "(minimum 1, maximum 5)", "between a minimum of 1 and a maximum of 5", "1 to 5",
          "that can't exceed 5 or go below 1"]
NUMBER_DEFAULTS = [", defaulting to 1", " and defaults to 1", ", which defaults to 1", ", starting at 1",
                   ", with a default of 1", " (default 1)", " and starts at 1", ", initially 1", ", which is 1 by default",
                   " and is 1 by default", ", starting from 1", ", with a starting value of 1", ", defaulting to one",
                   " (defaulting to 1)", ", and defaults to 1", ", with an initial value of 1", ", set to 1 by default"]
WORTH = ("Relic", INTEGER, 1, 5, (), "1", None, None, False, None)



def _number_wordings():
    for who, attribute, place, kind, bound, default in wordings(OWNERS, ATTRIBUTES, PLACES, NUMBER_TYPES, BOUNDS,
                                                                 NUMBER_DEFAULTS):
        d = f"{kind} {bound}{default}"
        if "(" in attribute and "(" in d:
            continue   # a parenthesis inside another
        yield f"{who} {place.format(a=attribute.format(d=d))}"
    for subject, kind, bound, default in wordings(SUBJECTS, NUMBER_TYPES, BOUNDS, NUMBER_DEFAULTS):
        yield subject.format(d=f"{kind} {bound}{default}")


SETS = ["one of Cup, Blade or Coin", "either Cup, Blade or Coin", "one of “Cup”, “Blade” or “Coin”",
        "one of ‘Cup’, ‘Blade’, or ‘Coin’", "Cup, Blade, or Coin", "one of Cup, Blade and Coin", "Cup/Blade/Coin",
        "one of the following: Cup, Blade, Coin", "one of the following: Cup, Blade, or Coin", "one of: Cup, Blade, Coin",
        "either “Cup”, “Blade” or “Coin”", "any of Cup, Blade or Coin", "one of the values Cup, Blade and Coin",
        "either Cup or Blade or Coin", "one of Cup, Blade, and Coin"]
SET_VERBS = ["which is {s}", "which can be {s}", "which may be {s}", "which must be {s}", "that is {s}",
             "which can only be {s}", "whose value is {s}", "which must be either {s}"]
SET_WHO = ["Each Relic has a Kind, {v}{t}.", "Relics have a Kind, {v}{t}.", "Every Relic has a publicly tracked Kind, {v}{t}.",
           "The Kind of each Relic {vv}{t}.", "A Relic’s Kind {vv}{t}.",
           "Each Relic has a Name, which is flavour text; a Kind, {v}{t}; and a Worth, which is an integer.",
           "Each Relic has a Kind, {v}{t}, and a Name, which is flavour text."]
SET_DEFAULTS = [", defaulting to Cup", " and defaults to Cup", ", which defaults to “Cup”", "", " (default Cup)",
                ", Cup by default", ", initially Cup", ", with a default of Cup", ", starting as Cup"]
KIND = ("Relic", ENUM, None, None, ("Cup", "Blade", "Coin"), "Cup", None, None, False, None)
KIND_NO_DEFAULT = KIND[:5] + (None,) + KIND[6:]


def _set_wordings():
    for who, verb, values, default in wordings(SET_WHO, SET_VERBS, SETS, SET_DEFAULTS):
        if values[:1] in "C" and "is" in verb.split()[1:3]:
            continue   # "which is Cup, Blade, or Coin" is not how a set is said
        if "either" in verb and values.split()[0] in ("either", "one", "any"):
            continue   # "either either", "either one of"
        v = verb.format(s=values)
        vv = re.sub(r"^(?:which|that)\s+", "", v)
        if vv.startswith("whose"):
            vv = "is " + values   # "The Kind of each Relic whose value is …" is no sentence
        yield who.format(v=v, vv=vv, t=default), KIND if default else KIND_NO_DEFAULT


REFS = ["a single Player", "the name of a Player", "the name of one Player", "the Name of a Player", "a Player",
        "the name of an existing Player", "the name of a single Player", "a Player’s name"]
NONES = [" or a dash", ", or a dash if it has none", " or “-”", ", or is noted with a dash", " or a hyphen",
         " (or a dash if it has none)", ", or a dash if there is none", ", or a dash when it has none", " or else a dash",
         ", or - if it has none"]
REF_WHO = ["Each Relic has a Keeper, which is {r}{n}.", "Every Relic has a Keeper that is {r}{n}.",
           "The Keeper of each Relic is {r}{n}.", "A Relic’s Keeper is {r}{n}.", "Relics have a Keeper, who is {r}{n}.",
           "Each Relic has a Keeper, who must be {r}{n}.",
           "Each Relic has a Name, which is flavour text; a Keeper, which is {r}{n}; and a Worth, which is an integer."]
KEEPER = ("Relic", TEXT, None, None, (), None, "Player", "-", False, None)


def _ref_wordings():
    for who, ref, none in wordings(REF_WHO, REFS, NONES):
        yield who.format(r=ref, n=none)


def _numbers():
    return [(s, WORTH) for s in _number_wordings()]


def _refs():
    return [(s, KEEPER) for s in _ref_wordings()]


@pytest.mark.slow
@pytest.mark.parametrize("variable, cases", [("Worth", _numbers), ("Kind", lambda: list(_set_wordings())),
                                             ("Keeper", _refs)], ids=["a number", "a set of values", "a player's name"])
def test_one_meaning_in_many_wordings_reads_the_same(variable, cases):
    outcomes = {sentence: same_or_partial(sentence, variable, expected) for sentence, expected in cases()}
    # every wording a player writes is read in full, as the same constraint (a different one raises above)
    assert [s for s, o in outcomes.items() if o != "same"] == []


LIST_PUNCTUATION = [("; ", "; and "), (", ", ", and "), ("; ", " and "), (", ", " and ")]


@pytest.mark.parametrize("sep, last", LIST_PUNCTUATION)
def test_an_attribute_list_in_any_punctuation_reads_each_attribute(sep, last):
    sentence = (f"Each Relic has a Name, which is flavour text{sep}a Kind, which is one of Cup, Blade or Coin"
                f"{sep}a Keeper, which is the name of a Player{last}a Worth, which is an integer between 1 and 5.")
    found = constraints_of(sentence)
    assert not any(c.partial for c in found.values()), {k: c.partial for k, c in found.items()}
    assert shape(found["Kind"]) == KIND_NO_DEFAULT
    assert shape(found["Keeper"]) == ("Relic", TEXT, None, None, (), None, "Player", None, False, None)
    assert shape(found["Worth"]) == ("Relic", INTEGER, 1, 5, (), None, None, None, False, None)
    assert "Name" not in found   # flavour text: nothing to check


# --------------------------------------------------------------------------- each kind, in our own words

@pytest.mark.parametrize("sentence, variable, expected", [
    # who has it
    ("Each Lantern has a publicly tracked number of Wicks, defaulting to 2.", "Wicks",
     ("Lantern", INTEGER, None, None, (), "2")),
    ("Lanterns have a number of Wicks which are tracked in the Lamps table on the “Harbour” wiki page.", "Wicks",
     ("Lantern", INTEGER, None, None, (), None)),
    ("The Tide is a publicly tracked number between 1 and 6, defaulting to 1.", "Tide", (None, INTEGER, 1, 6, (), "1")),
    ("The Glow of each Lantern is a whole number from 0 to 9.", "Glow", ("Lantern", INTEGER, 0, 9, (), None)),
    # types
    ("Each Lantern has a Glow, which is a positive integer.", "Glow", ("Lantern", INTEGER, 1, None, (), None)),
    ("Each Lantern has a Glow, which is a nonnegative integer.", "Glow", ("Lantern", INTEGER, 0, None, (), None)),
    ("Each Lantern has a Glow, which may be negative.", "Glow", ("Lantern", INTEGER, None, None, (), None)),
    # bounds
    ("Each Lantern has a Glow, which may not exceed 12.", "Glow", ("Lantern", INTEGER, None, 12, (), None)),
    ("Each Lantern has a Glow, which is an integer between 0 and 4 inclusive.", "Glow",
     ("Lantern", INTEGER, 0, 4, (), None)),
    ("Each Lantern has a Glow, which is an integer from 1 to 20.", "Glow", ("Lantern", INTEGER, 1, 20, (), None)),
    ("Each Lantern has a number of Gems between 0 and 9.", "Gems", ("Lantern", INTEGER, 0, 9, (), None)),
    ("Each Lantern has a Glow, which cannot fall below 2.", "Glow", ("Lantern", INTEGER, 2, None, (), None)),
    ("Each Lantern has a Glow with a maximum of 7.", "Glow", ("Lantern", INTEGER, None, 7, (), None)),
    ("A Lantern’s Glow may not rise above 8.", "Glow", ("Lantern", INTEGER, None, 8, (), None)),
    ("Each Lantern has a Glow, which is at most 3.", "Glow", ("Lantern", INTEGER, None, 3, (), None)),
    # sets
    ("Each Lantern has a Colour, which is either Red or Blue.", "Colour",
     ("Lantern", ENUM, None, None, ("Red", "Blue"), None)),
    ("Each Lantern has a Colour, which can be Red, Amber or Blue and defaults to Amber.", "Colour",
     ("Lantern", ENUM, None, None, ("Red", "Amber", "Blue"), "Amber")),
    ("The Weather is publicly tracked and may be Calm, Gale or Fog.", "Weather",
     (None, ENUM, None, None, ("Calm", "Gale", "Fog"), None)),
    # "one of the following:" then the values in the same sentence: they are the set, not a list below it
    ("Each Lantern has a Colour, which can only be one of the following: Red, Amber, or Blue, defaulting to Amber.",
     "Colour", ("Lantern", ENUM, None, None, ("Red", "Amber", "Blue"), "Amber")),
    # defaults
    ("Each Lantern has a Glow, which is an integer starting at 3.", "Glow", ("Lantern", INTEGER, None, None, (), "3")),
    ("Each Lantern has a Glow, which defaults to zero.", "Glow", ("Lantern", INTEGER, None, None, (), "0")),
])
def test_each_kind_of_definition(sentence, variable, expected):
    c = constraints_of(sentence)[variable]
    assert not c.partial, c.partial
    assert (c.owner, c.kind, c.min, c.max, tuple(c.allowed or ()), c.default) == expected


@pytest.mark.parametrize("sentences", [
    ("Each Relic’s Kind is one of: Cup, Blade, Coin.",),
    ("Every Relic has a Kind.", "The possible Kinds are Cup, Blade and Coin."),
    ("Each Relic has the following attributes:\n* Kind: one of Cup, Blade or Coin\n* Keeper: a Player",),
    ("Relics have the following publicly tracked properties: a Kind, which is Cup, Blade or Coin; and a Keeper, who "
     "is one of the Players.",),
    ("Each Relic has a Kind (Cup/Blade/Coin) and a Keeper (a Player).",),
])
def test_a_thing_s_attributes_in_other_shapes(sentences):
    found = constraints_of(*sentences)
    assert shape(found["Kind"]) == KIND_NO_DEFAULT
    if "Keeper" in found:
        assert (found["Keeper"].owner, found["Keeper"].refers, found["Keeper"].partial) == ("Relic", "Player", [])


def test_where_it_is_tracked():
    c = constraints_of("Lanterns have a number of Wicks which are tracked in the Lamps table on the “Harbour” "
                       "wiki page.")["Wicks"]
    assert (c.table, c.page) == ("Lamps", "Harbour")
    things = constraints_of("Each Lantern has a Glow, which is an integer between 0 and 9.",
                            "Lanterns and their attributes are tracked in the “Beacons” table of the “Harbour” page.")
    assert (things["Glow"].table, things["Glow"].page) == ("Beacons", "Harbour")


def test_the_mark_for_none_and_owners():
    found = constraints_of("Each Plot may be owned by a single Player.", "An unowned Plot is noted with a dash.")
    owner = found["Owner"]
    assert (owner.owner, owner.kind, owner.refers, owner.none, owner.partial) == ("Plot", TEXT, "Player", "-", [])
    assert "owned by" in owner.keys()   # a column headed "Owned By" is this variable too


def test_lists_of_names():
    found = constraints_of("The Crew is a publicly tracked list of the names of Players.",
                           "Each Barge has a Manifest, which is a list of the names of Players, each at most once.",
                           "Each Barge may have a Convoy, which consists of the distinct names of no more than two "
                           "other Barges.")
    assert (found["Crew"].kind, found["Crew"].refers, found["Crew"].unique) == (LIST, "Player", False)
    assert (found["Manifest"].refers, found["Manifest"].unique) == ("Player", True)
    convoy = found["Convoy"]
    assert (convoy.refers, convoy.unique, convoy.max_items, convoy.other) == ("Barge", True, 2, True)


def test_a_value_naming_a_thing_of_another_table():
    c = constraints_of("Each Lantern has a Harbour, which is the name of a Port or “None” and defaults to “None”.")["Harbour"]
    assert (c.kind, c.refers, c.none, c.default) == (TEXT, "Port", "None", "None")


# --------------------------------------------------------------------------- every word accounted for

@pytest.mark.parametrize("sentence, variable, words", [
    ("Each Lantern has a Glow, which must never be a prime number, and a Colour.", "Glow",
     "which must never be a prime number"),
    ("Each Lantern has a Glow, which is an integer between 1 and 5 unless it is raining.", "Glow", "unless it is raining"),
    ("The Tide is a publicly tracked number that rises twice a day.", "Tide", "rises twice a day"),
])
def test_a_definition_read_in_part_names_the_words_it_could_not_read(sentence, variable, words):
    c = constraints_of(sentence)[variable]
    assert c.partial and any(words in w for w in c.partial), c.partial
    assert "could not read" in c.describe()


def test_words_that_could_say_nothing_of_a_value_are_left_alone():
    # "shimmers at dusk" holds no number, quote, type, bound, default or place: flavour, as an Admin reads it
    assert "Glow" not in constraints_of("Each Lantern has a Glow, which shimmers at dusk, and a Colour.")


def test_words_left_unread_where_an_attribute_stood_cover_every_variable_of_that_owner():
    found = constraints_of("Each Lantern has a Glow, which is an integer between 1 and 5, and a shiny bright "
                           "Halo no wider than 4 spans.")
    glow = found["Glow"]
    assert not glow.partial and (glow.min, glow.max) == (1, 5)
    assert any(c.partial and c.owner == "Lantern" for c in found.values() if c is not glow)


def test_a_default_that_is_not_one_value_leaves_the_values_read():
    c = constraints_of("Each Lantern has a Glow, which is an integer between 0 and 9.",
                       "Glows default to three or the median of all Glows, whichever is higher.")["Glow"]
    assert not c.partial and c.default is None and (c.min, c.max) == (0, 9)


def test_a_sentence_that_is_no_definition_gives_no_frames():
    for sentence in ("Lanterns are lit at dusk by any Keeper.", "If a Lantern is lit, its Keeper gains 1 Wick.",
                     "The Harbour Master may extinguish a Lantern."):
        assert D.read_sentence(sentence) == D.Reading(), sentence


def test_reading_is_bounded_per_sentence():
    long = "Each Lantern has a Glow, which is " + "bright and " * 100 + "an integer."
    reading = D.read_sentence(long)
    assert reading.frames and reading.frames[0].partial   # too long to read: read in part, not guessed


def test_the_grammar_counts_with_the_shared_number_words():
    grammar = D.GRAMMAR_FILE.read_text(encoding="utf-8")
    words = set(re.findall(r"[a-z]+(?: [a-z]+)?", re.search(r"\(\?i:zero\|([^)]*)\)", grammar).group(0)))
    words.discard("i")
    assert words == {w for w in language.NUMBER_WORDS}


# --------------------------------------------------------------------------- the parser's predictions, cut

CUT_SAMPLE = [
    "Each Relic has a Name, which is flavour text; a Kind, which is one of Cup, Blade or Coin; and a Worth, which is "
    "an integer between 1 and 5, defaulting to 1.",
    "The Tide is a publicly tracked number between 1 and 6, defaulting to 1.",
    "A Relic’s Worth may not rise above 8.",
    "Each Plot may be owned by a single Player.",
    "An unowned Plot is noted with a dash.",
    "The Crew is a publicly tracked list of the names of Players, each at most once.",
    "The Map is a publicly tracked 3 by 3 grid, each cell of which holds the name of a Player or a dash.",
    "Lanterns have a number of Wicks which are tracked in the Lamps table on the “Harbour” wiki page.",
    "The Worth of each Relic is a whole-number (minimum 1, maximum 5) (defaulting to 1).",
    "Each Lantern has a Glow, which must never be a prime number, and a Colour.",
    "Each Lantern has a Glow, which is an integer between 1 and 5 unless it is raining.",
    "Each Lantern has a Glow, which is an integer between 1 and 5, and a shiny bright Halo no wider than 4 spans.",
    "Lanterns are lit at dusk by any Keeper.",
]


def test_cutting_the_predictions_by_what_can_start_changes_no_reading():
    """The predictor's table cut to the rules that can start where they are predicted gives the very trees the
    grammar's uncut parser gives, in full and in part."""
    from lark.exceptions import UnexpectedInput

    def tree(parse, sentence):
        try:
            return parse(sentence)
        except UnexpectedInput:
            return None

    for whole in (True, False):
        cut, plain = D._parser(whole), D._lark(whole)
        for sentence in CUT_SAMPLE:
            expected = tree(lambda s: plain.parse(s, start="sentence"), sentence)
            assert tree(lambda s: cut.parse(s, "sentence"), sentence) == expected, (whole, sentence)


def test_the_predictions_are_cut_to_what_can_start_at_the_position():
    from lark.grammar import NonTerminal

    table = D._parser(whole=True).table
    text = "Each Relic has a Kind, which is Cup or Coin."
    table.at(text, text.index("Cup"))
    try:
        every, cut = dict.__getitem__(table, NonTerminal("desc_list")), table[NonTerminal("desc_list")]
        # "Cup" can start a set of values, not a default, a bound, a type, a place …
        assert 0 < len(cut) < len(every) / 4, (len(cut), len(every))
        assert all(table.starts[r][1] or any(table._live(frozenset([t])) for t in table.starts[r][0]) for r in cut)
    finally:
        table.at("", 0)


# --------------------------------------------------------------------------- more shapes, each in several wordings

def _one(sentences, variable):
    got = constraints_of(*sentences).get(variable)
    assert got is not None, (sentences, variable)
    assert not got.partial, (sentences, got.partial)
    return shape(got)


@pytest.mark.parametrize("sentences", [
    ("The Tide is a publicly tracked integer between 2 and 5.",),
    ("There is a publicly tracked Tide, which may not be lower than 2 or higher than 5.",),
    ("There is a publicly tracked Tide, which is an integer from 2 to 5.",),
    ("The Tide is publicly tracked.", "It is an integer between 2 and 5."),
    ("The Tide is publicly tracked.", "This is an integer of at least 2 and at most 5."),
])
def test_a_single_value_in_its_wordings(sentences):
    assert _one(sentences, "Tide")[1:4] == (INTEGER, 2, 5)


@pytest.mark.parametrize("sentences", [
    ("The Gust is publicly tracked and is one of Still, Brisk or Gale.",),
    ("There is a publicly tracked Gust, which can be Still, Brisk or Gale.",),
    ("The Gust is publicly tracked.", "The possible values of the Gust are Still, Brisk and Gale."),
    ("The Gust is publicly tracked.", "The allowed values for the Gust are Still, Brisk and Gale."),
])
def test_a_single_value_from_a_set_in_its_wordings(sentences):
    assert _one(sentences, "Gust")[1:5] == (ENUM, None, None, ("Still", "Brisk", "Gale"))


@pytest.mark.parametrize("sentence", [
    "Each Relic has a publicly tracked Flag of Red or Blue.",
    "Each Relic has a Flag, which is Red or Blue.",
    "Each Relic has a Flag (Red or Blue).",
    "Each Relic has a Flag of either Red or Blue, publicly tracked.",
    "Each Relic has a Worth between 1 and 4, a Flag of Red or Blue, and a Keeper who is a Player, all publicly tracked.",
])
def test_a_set_of_values_after_of(sentence):
    assert _one((sentence,), "Flag")[:5] == ("Relic", ENUM, None, None, ("Red", "Blue"))


#: what every cell of a grid holds, said with the grid, after a semicolon, or in a sentence of its own
NAME_GRIDS = [
    ("The Orchard is a publicly tracked 3 by 3 grid; each cell of it holds either a dash or the name of a single Player.",),
    ("There is a publicly tracked 3 by 3 grid called the Orchard, whose cells each hold the name of a Player or a dash.",),
    ("The Orchard is a 3x3 grid of squares, publicly tracked.",
     "Each square is empty (shown as a dash) or contains the name of one Player."),
    ("The Orchard is a publicly tracked grid of 3 rows and 3 columns.", "Each cell contains a dash or the name of a Player."),
    ("The Orchard is a publicly tracked 3 by 3 grid, each cell of which holds the name of a Player or a dash.",),
]


@pytest.mark.parametrize("sentences", NAME_GRIDS)
def test_what_every_cell_of_a_grid_holds_in_its_wordings(sentences):
    cells = [c for c in constraints_of(*sentences).values() if c.grid]
    assert len(cells) == 1 and not cells[0].partial, [(c.variable, c.partial) for c in cells]
    c = cells[0]
    assert (c.grid, c.kind, c.refers, c.none) == ("Orchard", TEXT, "Player", "-")


@pytest.mark.parametrize("sentences", [
    ("The Meadow is a publicly tracked 3 by 3 grid of cells, each of which is Moss, Clay or Peat.",),
    ("The Meadow is a publicly tracked grid with 3 rows and 3 columns; every cell contains one of Moss, Clay or Peat.",),
    ("There is a 3 by 3 grid called the Meadow, which is publicly tracked.", "Each of its cells is Moss, Clay or Peat."),
    ("The Meadow is a 3x3 grid, publicly tracked, in which every cell contains one of Moss, Clay or Peat.",),
])
def test_a_grid_of_values_from_a_set_in_its_wordings(sentences):
    cells = [c for c in constraints_of(*sentences).values() if c.grid]
    assert [(c.grid, c.kind, tuple(c.allowed), bool(c.partial)) for c in cells] == [
        ("Meadow", ENUM, ("Moss", "Clay", "Peat"), False)]


def test_words_after_a_grid_no_rule_reads_leave_its_cells_read_in_part():
    cells = [c for c in constraints_of("The Orchard is a publicly tracked 3 by 3 grid; every cell glimmers oddly "
                                       "unless 4 of them do.").values() if c.grid]
    assert len(cells) == 1 and cells[0].partial


@pytest.mark.parametrize("sentence", [
    "A Relic's Chill may be below zero.",
    "A Relic's Chill can go below 0.",
    "A Relic's Chill may be negative.",
    "A Relic's Chill is allowed to be less than zero.",
])
def test_a_permission_to_be_negative_is_no_bound(sentence):
    got = constraints_of("Each Relic has a Chill, which is an integer.", sentence)["Chill"]
    assert (got.kind, got.min, got.max, got.partial) == (INTEGER, None, None, [])


def test_a_limit_below_zero_is_still_a_bound():
    got = constraints_of("Each Relic has a Chill, which is an integer.", "A Relic's Chill must be below 3.")["Chill"]
    assert got.max == 2


@pytest.mark.parametrize("second", [
    "A Lantern that nobody keeps is noted with a dash.",
    "A Lantern that no one keeps is noted with a dash.",
    "An unkept Lantern is noted with a dash.",
    "A Lantern with no Keeper is noted with a dash.",
    "A Lantern without a Keeper has a dash in place of a name.",
])
def test_the_mark_for_none_said_in_a_sentence_of_its_own(second):
    got = constraints_of("Each Lantern may be kept by a single Player.", second)["Keeper"]
    assert (got.owner, got.refers, got.none, got.partial) == ("Lantern", "Player", "-", [])


@pytest.mark.parametrize("sentence, expected", [
    ("Each Player may name at most one other Player as their Rival.", (TEXT, None, True)),
    ("Each Player may choose one other Player to be their Rival.", (TEXT, None, True)),
    ("Each Player may name a Player as their Rival.", (TEXT, None, False)),
    ("Each Player may nominate up to 3 other Players as their Allies.", (LIST, 3, True)),
])
def test_a_value_an_owner_chooses(sentence, expected):
    variable = "Allies" if "Allies" in sentence else "Rival"
    got = constraints_of(sentence)[variable]
    assert (got.kind, got.max_items, got.other, got.refers, got.partial) == (*expected, "Player", [])


@pytest.mark.parametrize("sentence", [
    "The Watch is a list of Players, and a Player may appear in it no more than once.",
    "The Watch is a list of Players; each Player may appear in it at most once.",
    "The Watch is a list of Players, and no Player may appear in it more than once.",
    "The Watch is a publicly tracked list of the names of Players, each of whom may appear at most once.",
    "The Watch is a publicly tracked list of Players; no Player may be on the Watch more than once.",
    "The Watch is a publicly tracked list of distinct Players' names, defaulting to empty.",
])
def test_a_list_of_players_each_at_most_once_in_its_wordings(sentence):
    got = constraints_of(sentence)["Watch"]
    assert (got.kind, got.refers, got.unique, got.partial) == (LIST, "Player", True, [])


def test_more_than_once_allowed_is_not_each_at_most_once():
    got = constraints_of("The Watch is a list of Players, and a Player may appear in it more than once.")["Watch"]
    assert not got.unique


@pytest.mark.parametrize("lines", [
    ["Water, an integer between 0 and 20", "Role, which is Scout, Trader or Cook", "Guide, which is the name of a Player"],
    ["Water: an integer between 0 and 20", "Role: Scout, Trader or Cook", "Guide: the name of a Player"],
    ["Water (an integer between 0 and 20)", "Role (Scout, Trader or Cook)", "Guide – the name of a Player"],
])
def test_bullets_below_the_following_attributes(lines):
    page = "== Relics ==\nEach Relic has the following publicly tracked values:\n" + "".join(f"* {x}\n" for x in lines)
    got = {c.variable: c for c in infer_constraints(parse(page))}
    assert (got["Water"].owner, got["Water"].min, got["Water"].max) == ("Relic", 0, 20)
    assert tuple(got["Role"].allowed) == ("Scout", "Trader", "Cook") and got["Guide"].refers == "Player"
    assert not any(c.partial for c in got.values())


def test_a_bullet_below_the_following_attributes_that_is_not_read_is_read_in_part():
    page = ("== Relics ==\nEach Relic has the following publicly tracked values:\n* Water, an integer between 0 and 20\n"
            "* Glint glitters unless 3 moons align\n")
    found = infer_constraints(parse(page))
    assert any(c.partial and c.owner == "Relic" and not c.variable and "Glint" in " ".join(c.partial) for c in found)


@pytest.mark.parametrize("sentence", [
    "Each Relic has a publicly tracked Last Polish, which is a date and time.",
    "Each Relic's Last Polish is a publicly tracked date and time.",
    "Each Relic has a Last Polish (a timestamp).",
])
def test_a_date_is_text_the_bot_does_not_check(sentence):
    got = constraints_of(sentence)["Last Polish"]
    assert got.kind == TEXT and got.relative


def test_a_pronoun_reads_as_the_variable_only_where_it_could_limit():
    got = constraints_of("The Tide is a publicly tracked integer.", "It is tracked in this rule, although nobody minds.")["Tide"]
    assert not got.partial


@pytest.mark.parametrize("sentence", [
    "Each Relic has a publicly tracked Shine, which is an integer in the range 2–7.",
    "Each Relic has a publicly tracked Shine, which is an integer in the range of 2 to 7.",
    "A Relic's Shine is publicly tracked and can range from 2 to 7.",
    "A Relic's Shine ranges between 2 and 7.",
    "Each Relic has a Shine of 2 or more, to a maximum of 7.",
    "Each Relic has some Shine (at least 2, at most seven), tracked publicly.",
    "Each Relic has a Shine, which is a whole number of 2 or higher and 7 or lower.",
])
def test_a_range_in_its_number_phrasings(sentence):
    assert _one((sentence,), "Shine")[:4] == ("Relic", INTEGER, 2, 7)


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Chill, which is a whole number between minus 3 and 3.",
    "Each Relic has a Chill, which is an integer between -3 and 3.",
    "Each Relic has a Chill, which is an integer from negative 3 to 3.",
])
def test_a_range_below_zero(sentence):
    assert _one((sentence,), "Chill")[:4] == ("Relic", INTEGER, -3, 3)


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Chill, which is an integer (possibly negative).",
    "Each Relic has a publicly tracked Chill, which can be any integer, including negative numbers.",
    "Each Relic has a Chill, which is an integer, positive or negative.",
])
def test_an_integer_that_may_be_negative_in_its_wordings(sentence):
    got = constraints_of(sentence)["Chill"]
    assert (got.kind, got.min, got.max, got.min_source, got.partial) == (INTEGER, None, None, None, [])


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Weight of no more than 9, tracked publicly.",
    "Each Relic has a publicly tracked number of Weight, to a maximum of 9.",
    "Each Relic has some Weight (at most nine), tracked publicly.",
    "Each Relic has a Weight of 9 or less.",
])
def test_a_greatest_value_in_its_wordings(sentence):
    assert _one((sentence,), "Weight")[:4] == ("Relic", INTEGER, None, 9)


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Weight score, which may not fall below 1 or rise above 9.",
    "Each Relic has a publicly tracked Weight count between 1 and 9.",
    "Each Relic has a publicly tracked number called Weight, which is between 1 and 9.",
    "Weight is a publicly tracked number that each Relic has, between 1 and 9.",
    "Weight is a publicly tracked integer for each Relic, from 1 to 9.",
])
def test_a_noun_after_the_variable_s_name_and_whose_it_is(sentence):
    assert _one((sentence,), "Weight")[1:4] == (INTEGER, 1, 9)


@pytest.mark.parametrize("sentence", [
    "Each Relic has a publicly tracked Lit status, which is Yes or No, defaulting to No.",
    "Each Relic has a Lit flag, which is publicly tracked and is either Yes or No.",
    "Each Relic has a Lit setting of Yes or No.",
])
def test_a_flag_of_yes_or_no(sentence):
    assert _one((sentence,), "Lit")[1:5] == (ENUM, None, None, ("Yes", "No"))


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Bearer, which is the name of another Player; a Relic with no Bearer is noted with a dash.",
    "Each Relic has a publicly tracked Bearer, who is either another Player or nobody (shown as a dash).",
    "A Relic's Bearer is publicly tracked; it is either a dash or the name of a Player other than its owner.",
    "Each Relic has a Bearer, which is a Player other than its owner, or - if it has none.",
])
def test_another_player_or_a_dash_in_its_wordings(sentence):
    got = constraints_of(sentence)["Bearer"]
    assert (got.kind, got.refers, got.other, got.none, got.partial) == (TEXT, "Player", True, "-", [])


@pytest.mark.parametrize("sentences", [
    ("Every Relic is carried by a Player, its Bearer, which is publicly tracked.", "An unheld Relic is noted with a dash."),
    ("Each Relic is held by at most one Player, its Bearer; if it has no Bearer, this is shown with a dash.",),
    ("A Relic's Bearer is publicly tracked, and is a Player or - (for none).",),
    ("Each Relic has a Worth (a nonnegative integer) and may have a Bearer, who is a Player; a Relic without a Bearer "
     "is noted with a dash.",),
])
def test_a_holder_named_after_its_verb_or_by_its_name(sentences):
    got = constraints_of(*sentences)["Bearer"]
    assert (got.owner, got.refers, got.none, got.partial) == ("Relic", "Player", "-", [])


def test_it_after_a_semicolon_is_the_variable_just_named():
    got = constraints_of("The Tide is publicly tracked; it is an integer from 1 to 6 and starts at 1.")["Tide"]
    assert (got.kind, got.min, got.max, got.default, got.partial) == (INTEGER, 1, 6, "1", [])


@pytest.mark.parametrize("sentence", [
    "Each Relic has a Chill, which is an integer that may be negative but may not fall below -3 or rise above 3.",
    "Each Relic has a Chill, which may be negative, and is at least minus 3 and at most 3.",
])
def test_a_bound_below_zero_stays_with_a_permission_to_be_negative(sentence):
    got = constraints_of(sentence)["Chill"]
    assert (got.kind, got.min, got.max, got.partial) == (INTEGER, -3, 3, [])


@pytest.mark.parametrize("sentences", [
    ("Each Relic has a Hoard, a publicly tracked list of zero or more Gems, where a Gem is Jet, Opal or Beryl.",),
    ("A Relic's Hoard is a publicly tracked list, each item of which is Jet, Opal or Beryl.",),
    ("Each Relic has a Hoard, which is a publicly tracked list; every entry in it must be either Jet, Opal or Beryl.",),
    ("Each Relic has a publicly tracked Hoard, which is a list of Gems (Jet, Opal or Beryl).",),
    ("Each Relic has a publicly tracked Hoard, which is a list of Gems.", "Each Gem is one of Jet, Opal or Beryl."),
    ("Each Relic has a Hoard, which is a list of Gems; the possible Gems are Jet, Opal and Beryl.",),
])
def test_a_list_whose_items_have_a_type(sentences):
    got = constraints_of(*sentences)["Hoard"]
    assert (got.owner, got.kind, tuple(got.allowed), got.refers, got.partial) == (
        "Relic", LIST, ("Jet", "Opal", "Beryl"), None, [])


@pytest.mark.parametrize("sentences", [
    ("Each Relic has a publicly tracked Hoard, which is a list of no more than 2 items, each Jet, Opal or Beryl.",),
    ("Each Relic has a publicly tracked Hoard, which is a list of Gems (Jet, Opal or Beryl).",
     "A Hoard may never contain more than 2 Gems."),
])
def test_a_list_of_at_most_so_many_items(sentences):
    got = constraints_of(*sentences)["Hoard"]
    assert (got.kind, tuple(got.allowed), got.max_items, got.partial) == (LIST, ("Jet", "Opal", "Beryl"), 2, [])
    assert "Gems" not in constraints_of(*sentences)


def test_a_list_of_values_is_judged_item_by_item():
    from actions.check import check_edit
    rules = ("== Relics ==\nRelics are tracked in the “Relics” table of the gamestate page. Each Relic has a Hoard, which "
             "is a list of no more than 2 items, each Jet, Opal or Beryl.\n")
    page = "{| class=\"wikitable\"\n! Relic !! Hoard\n|-\n| Urn || Jet\n|-\n| Bowl || Opal, Beryl\n|}\n"
    model = parse(rules)
    found = infer_constraints(model)

    def judged(new):
        return check_edit(model, found, page, page.replace("| Urn || Jet", "| Urn || " + new)).verdict

    assert judged("Jet, Opal") == "legal" and judged("") == "legal"
    assert judged("Jet, Coal") == "illegal" and judged("Jet, Opal, Beryl") == "illegal"


@pytest.mark.parametrize("sentences", [
    ("Each Relic may hold up to 6 Pearls, which are publicly tracked.",),
    ("Each Relic may carry at most 6 Pearls; how many it carries is publicly tracked.",),
    ("Each Relic has between 0 and 6 Pearls, publicly tracked.",),
    ("Each Relic has a publicly tracked Pearls value.", "Pearls must always be at least 0 and at most 6."),
])
def test_how_many_a_thing_holds_in_its_wordings(sentences):
    assert _one(sentences, "Pearls")[:4] in (("Relic", INTEGER, None, 6), ("Relic", INTEGER, 0, 6))


def test_zero_or_more_is_a_count():
    got = constraints_of("Every Relic owns zero or more Pearls; how many is publicly tracked.")["Pearls"]
    assert (got.owner, got.kind, got.min, got.partial) == ("Relic", INTEGER, 0, [])


@pytest.mark.parametrize("sentences", [
    ("Each Relic has four publicly tracked properties: its Label, which is flavour text; its Kind, which is Cup or "
     "Coin; its Keeper, which must be a Player; and its Worth, which is an integer between 1 and 5.",),
    ("Each Relic has a Label, which is flavour text; a Kind, which is Cup or Coin; a Keeper, which must be a Player; "
     "and a Worth, which is an integer between 1 and 5.",),
])
def test_attributes_said_with_its(sentences):
    got = constraints_of(*sentences)
    assert (got["Kind"].allowed, got["Keeper"].refers, got["Worth"].max) == (["Cup", "Coin"], "Player", 5)
    assert not any(c.partial for c in got.values())


@pytest.mark.parametrize("sentence, variable, expected", [
    ("A Relic's Motto is publicly tracked flavour text, which its owner may change at any time.", "Motto", (TEXT, None, None)),
    ("Each Relic has a publicly tracked Shelf, which is the name of a Cabinet in the Cabinets table.", "Shelf",
     (TEXT, "Cabinet", None)),
    ("The Curator is a publicly tracked Player, defaulting to nobody (noted with a dash).", "Curator", (TEXT, "Player", "-")),
])
def test_more_shapes_read_in_full(sentence, variable, expected):
    got = constraints_of(sentence).get(variable)
    if expected == (TEXT, None, None):   # text of any value: read in full, it limits nothing
        assert got is None or not got.partial
        return
    assert (got.kind, got.refers, got.none, got.partial) == (*expected, [])

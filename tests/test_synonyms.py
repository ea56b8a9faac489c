"""Term replacement: counts derived by hand (grep) on the seed fixtures, protections, refusals,
and the round trip (a change and its inverse give back the same bytes)."""

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from actions import synonyms as S
from parsers import terms
from actions.report import APPLIED, REFUSED

from fixturedata import fixture_text

W = r"(?<![A-Za-z0-9])"
E = r"(?![A-Za-z0-9])"


def words(text, pattern):
    return len(re.findall(W + pattern + E, text))


# ----------------------------------------------------------------------------- terms of each era
@pytest.mark.parametrize("era, expected", [
    ("2004", {"Lord": "Lord", "High Lord": "High Lord", "Confidence": "Confidence"}),
    ("2016", {"Wizard": "Wizard", "Historian": "Historian"}),
    ("2020", {"Player": "Player", "Tom Nook": "Tom Nook"}),
    ("2022", {"Player": "Baron", "Emperor": "Demon King"}),
    ("2023", {"Player": "Puzzler", "Emperor": "Puzzle Master"}),
])
def test_current_terms(era, expected):
    assert terms.current_terms(fixture_text(f"ruleset_{era}.wiki")) == expected


def test_plural_from_the_rules_text():
    table = terms.term_table(fixture_text("ruleset_2022.wiki"))
    assert table["Player"].plural == "Barons"
    text = fixture_text("ruleset_2022.wiki").replace("(plural form Barons)", "(plural form Baronry)")
    assert terms.term_table(text)["Player"].plural == "Baronry"


@pytest.mark.parametrize("word, plural", [("Baron", "Barons"), ("Boss", "Bosses"), ("Deity", "Deities"),
                                          ("Puzzle Master", "Puzzle Masters"), ("Day", "Days")])
def test_pluralize(word, plural):
    assert S.pluralize(word) == plural


# ----------------------------------------------------------------------------- whole-ruleset counts
def test_2022_counts_every_form():
    text = fixture_text("ruleset_2022.wiki")
    new, report = S.replace_terms(text, {"Player": "Necromancer", "Emperor": "Grim Reaper"})
    # grep on the fixture: Baron 196, Barons 62, Baron’s 21, non-Baron 1; Demon King 41, Demon King's 2.
    assert report.counts == {"Baron \u2192 Necromancer": 280, "Demon King \u2192 Grim Reaper": 43}
    assert words(new, "(?i:baron)") == 0 and words(new, "(?i:demon king)") == 0
    assert words(new, "Necromancer") == 196 + 21 + 1 and words(new, "Necromancers") == 62
    assert new.count("Necromancer\u2019s") == 21 and new.count("Grim Reaper's") == 2
    assert "non-Necromancer" in new and "(plural form Necromancers)" in new
    # Protected: the keys in the Synonyms parentheses and the generic word "Emperor" are untouched.
    assert "* Necromancer (Player)\n* Grim Reaper (Emperor)" in new
    assert words(new, "Emperors?") == words(text, "Emperors?") == 3
    assert re.findall(r"https?://\S+", new) == re.findall(r"https?://\S+", text)
    assert report.complete


def test_2004_compound_terms_are_not_broken():
    text = fixture_text("ruleset_2004.wiki")
    new, report = S.replace_terms(text, {"Lord": "Knight"})
    # grep: 148 uses of "Lord" in any form, 24 of them inside "High Lord"/"High Lord's".
    assert report.counts == {"Lord \u2192 Knight": 124}
    assert words(new, "High Lord") == words(text, "High Lord") == 24
    assert "High Knight" not in new
    assert "Lords' names" not in new and "Knights' names" in new
    new2, report2 = S.replace_terms(text, {"High Lord": "Emperor", "Confidence": "Esteem"})
    assert report2.counts == {"High Lord \u2192 Emperor": 24, "Confidence \u2192 Esteem": 41}
    # The lower-case "confidence" is the common noun, not the keyword: left alone, and counted.
    assert "gain 10 confidence" in new2
    assert "left as written: 1 in lower case (a common noun, not the keyword)" in report2.steps[1].detail
    assert words(new2, "Lord") + words(new2, "Lords") > 0 and "High Lord" not in new2


def test_lower_case_and_hyphenated_uses_2016():
    text = fixture_text("ruleset_2016.wiki")
    new, report = S.replace_terms(text, [("Wizard", "Knight")])
    # grep: Wizard 89, Wizards 37, Wizard’s 9, Wizard's 3, non-Wizard 1 → 139; wizard 5, wizard’s 1 are
    # lower case: common nouns to the bot (the keyword is capitalised), left alone and counted.
    assert report.counts == {"Wizard \u2192 Knight": 139}
    assert "When a wizard discards a card" in new and "non-Knight" in new
    assert words(new, "Wizards?") == 0 and words(new, "wizard") == 6   # five, and one “wizard’s”
    assert "left as written: 6 in lower case (a common noun, not the keyword)" in report.steps[0].detail


def test_urls_file_links_template_names_and_tags_are_protected():
    text = ("== Barons ==\nSee http://example.com/Baron/list and [http://x.org/Baron the Baron page], "
            "[[Baron]] and [[Idle Barons|Barons]], [[File:Baron.png|a Baron]], {{Baron|Baron}}, "
            "<span class=\"Baron\">Baron</span>.\n\n== Synonyms ==\n* Baron (Player)\n* Baron King (Emperor)\n")
    new, report = S.replace_terms(text, {"Player": "Serf", "Emperor": "Tsar"})
    assert new == ("== Serfs ==\nSee http://example.com/Baron/list and [http://x.org/Baron the Serf page], "
                   "[[Serf]] and [[Idle Serfs|Serfs]], [[File:Baron.png|a Serf]], {{Baron|Serf}}, "
                   "<span class=\"Baron\">Serf</span>.\n\n== Synonyms ==\n* Serf (Player)\n* Tsar (Emperor)\n")
    detail = report.steps[0].detail
    assert "9 replaced" in detail and "inside a URL" in detail and "in a template name" in detail


def test_synonyms_parentheses_are_protected_when_term_equals_key():
    text = ("== Players ==\nA Player (plural form Players).\n\n== Synonyms ==\n"
            "Each term in this list is synonymous with the term in parentheses\n\n* Player (Player)\n* Emperor (Emperor)\n")
    new, report = S.replace_terms(text, {"Player": "Ghost"})
    assert new.count("(Player)") == 1 and "* Ghost (Player)" in new and "== Ghosts ==" in new
    assert "1 in the parentheses of the Synonyms list" in report.steps[0].detail
    assert report.counts == {"Player \u2192 Ghost": 4}


def test_irregular_plural_and_possessive():
    text = "== Synonyms ==\n* Adventurer (Player)\n\nAn Adventurer (plural form Adventurers). The Adventurers’ loot; an Adventurer’s hat.\n"
    new, report = S.replace_terms(text, [("Player", "Person", "People")])
    assert "(plural form People)" in new and "The People’s loot" in new and "a Person’s hat" in new.replace("an Person", "a Person")
    back, _ = S.replace_terms(new, [("Player", "Adventurer", "Adventurers")])
    assert back == text


def test_regional_spelling_variants_are_replaced():
    text = "== Synonyms ==\n* Honourable Member (Player)\n\nEach Honourable Member and each Honorable Member votes.\n"
    new, report = S.replace_terms(text, {"Player": "Captain"})
    assert "Each Captain and each Captain votes" in new
    assert "other spellings: Honorable Member" in report.steps[0].detail


# ----------------------------------------------------------------------------- refusals
def test_refuses_a_new_term_already_in_the_ruleset_with_places():
    text = fixture_text("ruleset_2022.wiki")
    new, report = S.replace_terms(text, {"Emperor": "Emperor"})
    assert new == text
    step = report.steps[0]
    assert step.status == REFUSED
    assert "“Emperor” cannot replace “Demon King”: it already appears in the Ruleset outside the rule Synonyms (2 times)" in step.detail
    assert "Special Case › Mantle Limitations [Active]" in step.detail and "Malign Emperors" in step.detail


def test_new_term_only_in_repealed_rules_is_fine():
    text = fixture_text("ruleset_2022.wiki")
    # "Station" appears only in the dynastic rule Stations (and its table).
    _, refused = S.replace_terms(text, {"Player": "Station"})
    assert refused.steps[0].status == REFUSED
    _, ok = S.replace_terms(text, {"Player": "Station"}, repealed=["Stations", "Keeps", "Sieging", "Resources",
                                                                   "Labour", "Neutral Ground", "Demographics"])
    assert ok.steps[0].status == APPLIED, ok.steps[0].detail


def test_refuses_two_terms_becoming_the_same():
    text = fixture_text("ruleset_2023.wiki")
    new, report = S.replace_terms(text, {"Player": "Ghost", "Emperor": "ghost"})
    assert new == text and report.steps[0].status == REFUSED
    assert "Two terms would become the same: “ghost” for both Player and Emperor" in report.steps[0].detail


def test_refuses_an_unknown_term():
    _, report = S.replace_terms(fixture_text("ruleset_2016.wiki"), {"Lord": "Knight"})
    assert report.steps[0].status == REFUSED
    assert "“Lord” is not a term this Ruleset lets an Ascension replace (its terms: “Wizard”, “Historian”)" in report.steps[0].detail


# ----------------------------------------------------------------------------- round trip
ERA_KEYS = {"2004": ["Lord", "High Lord", "Confidence"], "2016": ["Wizard", "Historian"],
            "2020": ["Player", "Tom Nook"], "2022": ["Player", "Emperor"], "2023": ["Player", "Emperor"]}
TEXTS = {era: fixture_text(f"ruleset_{era}.wiki") for era in ERA_KEYS}
ALL_TEXT = "\n".join(TEXTS.values()).casefold()

new_word = st.from_regex(r"[A-Z][a-z]{3,9}", fullmatch=True)
new_term = st.one_of(new_word, st.tuples(new_word, new_word).map(" ".join))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(era=st.sampled_from(sorted(ERA_KEYS)), data=st.data())
def test_change_and_inverse_is_byte_identical(era, data):
    text = TEXTS[era]
    before = terms.current_terms(text)
    keys = data.draw(st.lists(st.sampled_from(ERA_KEYS[era]), min_size=1, max_size=len(ERA_KEYS[era]), unique=True))
    changes = {}
    for key in keys:
        term = data.draw(new_term)
        assume(re.search(W + re.escape(term.casefold()), ALL_TEXT) is None)
        assume(not S.regional_variants(term))
        changes[key] = term
    assume(len({v.casefold() for v in changes.values()}) == len(changes))
    new, report = S.replace_terms(text, changes)
    assume(report.complete)
    assert new != text
    current = terms.current_terms(new)
    inverse = {}
    for key in keys:
        new_key = key if key in current else changes[key]      # eras without a Synonyms rule: key = term
        inverse[new_key] = before[key]
    back, report2 = S.replace_terms(new, inverse)
    assert report2.complete, report2.render(False)
    assert back == text


# ----------------------------------------------------------------------------- keyword versus common noun
PEOPLE = ("== Synonyms ==\n* Adventurer (Player)\n\n== Adventurers ==\nAn Adventurer (plural form Adventurers) "
          "plays. A single person should not control two Adventurers; an adventurer’s friends are people too.\n")


def test_a_new_term_used_only_as_a_common_noun_is_not_a_collision():
    new, report = S.replace_terms(PEOPLE, [("Player", "Person", "People")])
    step = report.steps[0]
    assert step.status == APPLIED
    assert "A single person should not control two People" in new      # the common noun is left alone
    assert "an adventurer’s friends are people too" in new               # so is the old term in lower case
    assert "left as written: 1 in lower case (a common noun, not the keyword)" in step.detail
    assert "the Ruleset already uses “person” 1 time, “people” 1 time as a common noun" in step.detail


@pytest.mark.parametrize("standing", [
    "A Person may watch.",                      # the same capitalisation
    "\n== person ==\nA rule.\n",                # a rule's title
    "\n;person\n:a defined keyword\n",          # a keyword list's term
    "'''person''': a defined keyword.",         # a bold keyword
])
def test_a_new_term_that_stands_as_a_keyword_is_refused(standing):
    text = PEOPLE + standing + "\n"
    new, report = S.replace_terms(text, [("Player", "Person", "People")])
    assert new == text and report.steps[0].status == REFUSED
    assert "“Person” cannot replace “Adventurer”: it already appears in the Ruleset" in report.steps[0].detail


@pytest.mark.parametrize("term", ["Ne''cro", "[[Necro]]", "{{Necro}}", "Ne<b>cro", "Necro|mancer", "Ne~~~~"])
def test_markup_in_a_new_term_is_refused_with_a_clear_message(term):
    text = fixture_text("ruleset_2022.wiki")
    new, report = S.replace_terms(text, {"Player": term})
    assert new == text and report.steps[0].status == REFUSED
    assert f"“{term}” cannot be a term: it contains the wiki markup" in report.steps[0].detail
    assert "give the term as plain words" in report.steps[0].detail


def test_a_term_named_by_its_plural_takes_a_plural():
    text = "== Synonyms ==\n* Adventurer (Player)\n\nAn Adventurer (plural form Adventurers). Adventurers roam.\n"
    new, report = S.replace_terms(text, [("Adventurers", "Pirates")])
    assert "A Pirate" not in new and "An Pirate (plural form Pirates). Pirates roam." in new
    new, report = S.replace_terms(text, [("Adventurers", "Piratry")])
    assert new == text and report.steps[0].status == REFUSED
    assert "does not read as a plural; give the new singular" in report.steps[0].detail

"""The request page: sections, templates, replies."""

from datetime import datetime, timezone

import pytest

from parsers import request_page as rp

PAGE = """Post requests below, one section each.

== Enact: Hats ==
{{Enact|title=Proposal: Hats [Core]|url=https://blognomic.com/archives/hats}}
Add a new rule called “Hats”:
Each Puzzler has a Hat.
--[[User:AdminAlice|AdminAlice]] ([[User talk:AdminAlice|talk]]) 12:00, 1 December 2026 (UTC)

== Ascension ==
{{Ascension|at=2026-12-01 18:00}}
Set the synonym for Player to “Necromancer”.
~~~~

== Chatter ==
Just saying hello.
"""


def test_requests_are_read_with_their_templates():
    enact, ascension, chatter = rp.parse(PAGE)
    assert enact.kind == "enact" and enact.params["title"] == "Proposal: Hats [Core]"
    assert enact.text == "Add a new rule called “Hats”:\nEach Puzzler has a Hat."
    assert not enact.done and not enact.problems
    assert ascension.kind == "ascension" and ascension.text == "Set the synonym for Player to “Necromancer”."
    assert ascension.at == datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc)
    assert not ascension.due(datetime(2026, 12, 1, 17, 59, tzinfo=timezone.utc))
    assert ascension.due(datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc))
    assert chatter.kind is None and "no {{Enact}}" in chatter.problems[0]


def test_reply_goes_into_its_section_and_marks_done():
    enact = rp.parse(PAGE)[0]
    reply = rp.reply_lines(True, "Enacted “Hats”: [[Special:Diff/5]]", ["1. applied — add rule"])
    after = rp.add_reply(PAGE, enact, reply)
    assert after.startswith(PAGE.split("== Ascension ==")[0].rstrip("\n"))
    assert after.endswith(PAGE[PAGE.index("== Ascension =="):])
    again = rp.parse(after)[0]
    assert again.done and again.replied and again.key == enact.key
    assert again.text == enact.text  # the reply is not part of the request


def test_a_changed_request_is_not_answered():
    enact = rp.parse(PAGE)[0]
    tampered = PAGE.replace("Each Puzzler has a Hat.", "Each Puzzler has two Hats.")
    with pytest.raises(LookupError, match="no longer on the page"):
        rp.add_reply(tampered, enact, rp.reply_lines(True, "done", []))


def test_bad_time_is_a_problem_not_a_crash():
    [request] = rp.parse("== Ascension ==\n{{Ascension|at=next Tuesday}}\nRepeal all dynastic rules.\n")
    assert "YYYY-MM-DD HH:MM" in request.problems[0]
    assert request.due(datetime(2026, 1, 1, tzinfo=timezone.utc))  # answered at once, with what to write


def test_time_with_seconds_is_read_to_the_second():
    [request] = rp.parse("== Ascension ==\n{{Ascension|at=2026-12-01 18:00:30}}\nRepeal all dynastic rules.\n")
    assert request.at == datetime(2026, 12, 1, 18, 0, 30, tzinfo=timezone.utc) and not request.problems
    assert not request.due(datetime(2026, 12, 1, 18, 0, 29, tzinfo=timezone.utc))
    assert request.due(datetime(2026, 12, 1, 18, 0, 30, tzinfo=timezone.utc))


def test_a_request_is_known_by_its_heading_and_duplicates_are_found():
    page = PAGE + "\n== Enact:  Hats ==\n{{Enact|title=Other hats}}\nSomething else.\n"
    requests = rp.parse(page)
    assert requests[0].ident == requests[-1].ident == "Enact: Hats"
    assert requests[0].key != requests[-1].key
    assert rp.duplicates(requests) == {"Enact: Hats"} and rp.duplicates(rp.parse(PAGE)) == set()
    assert [ident for ident, _raw in rp.sections(page)] == [r.ident for r in requests]
    assert [raw for _ident, raw in rp.sections(page)] == [r.raw for r in requests]


def test_identical_sections_get_one_reply_each():
    section = "== Synonyms ==\n{{Synonyms|Player=Ghost}}\n"
    page = section + "\n" + section
    first, second = rp.parse(page)
    once = rp.add_reply(page, first, rp.reply_lines(True, "Not done: one", []))
    twice = rp.add_reply(once, second, rp.reply_lines(True, "Not done: two", []))
    parts = twice.split("== Synonyms ==")[1:]
    assert ["Not done: one" in p for p in parts] == [True, False] and "Not done: two" in parts[1]
    with pytest.raises(LookupError):  # both answered: a third reply has nowhere to go
        rp.add_reply(twice, first, rp.reply_lines(True, "again", []))


def test_signature_is_written_as_mediawiki_writes_it():
    when = datetime(2026, 12, 1, 8, 5, tzinfo=timezone.utc)
    assert rp.signature("WikiBot", when) == "[[User:WikiBot|WikiBot]] 08:05, 1 December 2026 (UTC)"
    assert rp.reply_lines(True, "Done", [], rp.signature("WikiBot", when)).splitlines()[2] == \
        ": Done [[User:WikiBot|WikiBot]] 08:05, 1 December 2026 (UTC)"


def test_a_request_tag_is_read_back_from_a_summary_and_survives_the_summary_limit():
    tag = rp.tag(1234)
    long = "/* Enact: Hats */ Enacted “Hats” " + "x" * 600
    summary = rp.with_tag(long, tag)
    assert len(summary) <= rp.SUMMARY_MOST and summary.endswith(tag)
    assert rp.tagged(summary) == [1234]
    assert rp.tagged("Enacted “Hats” (request [[Special:Diff/1234|r99]])") == []   # not a tag
    assert rp.with_tag("Plain", "") == "Plain"


def test_plain_summary_drops_the_section_link_and_the_tag():
    summary = "/* Coins */ Enacted “Kevan's Coins” " + rp.tag(7)
    assert rp.plain_summary(summary) == "Enacted “Kevan's Coins”"


def test_an_acknowledgement_names_its_request_and_who_added_it():
    summary = rp.with_tag("/* Ascension:  Later */ Accepted: …", rp.accepted_tag(42, "AdminAlice"))
    assert rp.accepted(summary) == ("Ascension: Later", 42, "AdminAlice")
    assert rp.tagged(summary) == []            # an acknowledgement is not an answer
    assert rp.accepted("/* X */ Done " + rp.tag(42)) is None


def test_a_section_below_a_request_without_a_template_may_be_its_cut_off_rest():
    page = ("== Enact: A ==\n{{Enact|title=A}}\nStep one.\n== Part two ==\nStep two.\n"
            "== Enact: B ==\n{{Enact|title=B}}\nStep.\n")
    requests = rp.parse(page)
    assert rp.cut_off(requests, [r for r in requests if r.kind]) == {"Enact: A": "Part two"}

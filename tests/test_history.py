"""The Ruleset's history, offline: who wrote each paragraph and why, and the audit of every revision.

A generated game of a few hundred revisions (tests/historydata.py, with the truth about every sentence)
is written as a MediaWiki XML export and read back the way ``wikibot history --export-file`` reads it."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from actions import causes as cz
from actions import lineage
from actions.history import audit_answer, rule_answer
from historydata import ADMIN, BOT, PLAYER, REQUESTS, RULESET, export_xml, generate, sentences_of
from parsers import names
from parsers.export import ExportError, export_titles, read_export
from wikibot import cli
from wikibot.history import HistoryStore, Pages, from_export

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def story():
    return generate()


@pytest.fixture(scope="module")
def export(story, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("history") / "export.xml"
    path.write_bytes(export_xml(story))
    return path


@pytest.fixture(scope="module")
def store(export):
    return from_export(export)


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ============================================================================ the generated history


def test_the_story_is_a_few_hundred_revisions_of_every_kind(story):
    assert len(story.revisions) >= 300
    assert set(c for c, _p in story.causes.values()) == {"setup", "bot enactment", "hand enactment",
                                                         "hand enactment with differences", "typo fix",
                                                         "unexplained", "revert"}


def test_every_revision_is_classified_with_its_true_cause(store, story):
    found = {o.revid: (o.cause, o.proposal) for o in store.audit()}
    assert set(found) == set(story.causes)
    for revid, (cause, proposal) in story.causes.items():
        assert found[revid][0] == cause, (revid, found[revid], cause)
        if cause in ("bot enactment", "hand enactment", "hand enactment with differences"):
            assert found[revid][1] == proposal


def test_history_names_the_revision_and_cause_of_every_paragraph_of_every_rule(store, story):
    """Every sentence of every rule of the final Ruleset, against the truth the story kept."""
    from parsers import ruleset as rsmod

    page = rsmod.parse(story.latest(RULESET).text)
    checked = 0
    for rule in page.rules:
        now, _events, origins = store.rule(rule.title)
        truth = sentences_of(story, rule.title)
        for piece in now.pieces:
            for sentence in lineage.segments(piece.text):
                assert sentence.strip() in truth, (rule.title, sentence)
                assert truth[sentence.strip()] == piece.revid, (rule.title, sentence, piece.revid)
                assert origins[piece.revid].cause == story.causes[piece.revid][0]
                checked += 1
    rules = {names.title_key(r.title) for r in page.rules}
    assert checked == sum(1 for key, _s in story.truth if key in rules) >= 300


def test_a_typo_fix_leaves_the_origin_and_a_revert_gives_it_back(store, story):
    now, events, origins = store.rule("Lamplighters")
    assert [p.revid for p in now.pieces] == [story.marks["setup"]] * 2
    assert [r for r, e in events if e.event == "amended"] == [story.marks["unauthorised"], story.marks["revert"]]
    assert origins[story.marks["revert"]].cause == "revert"
    now, events, origins = store.rule("Dusk")
    body = [p for p in now.pieces if not p.text.startswith("==")]
    assert [(p.text, p.revid) for p in body] == [("At dusk every Lamplighter shall receive one Oil.", story.marks["Dusk"])]
    assert (story.marks["typo"], "amended") in [(r, e.event) for r, e in events]
    assert origins[story.marks["typo"]].cause == "typo fix"


def test_the_timeline_follows_a_rule_across_its_rename_its_repeal_and_its_reenactment(store, story):
    for rule, expected in [("Oil", story.events["Oil"]), ("Moth Swarm", story.events["Moths"]),
                           ("Lamplighters", story.events["Lamplighters"]),
                           ("Lanterns", story.events["Lanterns"]),
                           ("Wick 3", [(story.marks["Wick 3"], "created")] + story.events["Wick 3"])]:
        now, events, origins = store.rule(rule)
        answer = rule_answer(rule, now, events, origins)
        assert [(e["revision"], e["event"]) for e in answer["timeline"]] == expected, rule
    # a name the rule had before its rename finds it too, and says it does not stand under that name
    now, events, _origins = store.rule("Moths")
    assert now is not None and now.title == "Moth Swarm"


def test_history_json_is_exactly_the_issues_shape(capsys, export, story):
    code, out, _err = run_cli(capsys, "history", "--rule", "Lanterns", "--export-file", str(export), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"rule", "paragraphs", "timeline"} and data["rule"] == "Lanterns"
    assert all(set(p) == {"text", "revision", "user", "timestamp", "cause", "proposal"} for p in data["paragraphs"])
    assert all(set(e) == {"revision", "event", "cause", "proposal"} for e in data["timeline"])
    slip = story.marks["slip"]
    [slipped] = [p for p in data["paragraphs"] if p["revision"] == slip]
    assert slipped == {"text": "A Lantern that holds none is dark for three days.", "revision": slip, "user": ADMIN,
                       "timestamp": slipped["timestamp"], "cause": "hand enactment with differences",
                       "proposal": "Longer Nights"}


def test_history_text_says_who_when_why_with_a_diff_link(capsys, export, story):
    code, out, _err = run_cli(capsys, "history", "--rule", "Moth Swarm", "--export-file", str(export))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "“Moth Swarm” as it stands, paragraph by paragraph (the revision that wrote each):"
    rename = story.marks["rename"]
    assert lines[1].startswith(f"¶1 == Moth Swarm == — r{rename} by {BOT}, ")
    assert lines[1].endswith(f"bot enactment of “Moth Swarm” (Special:Diff/{rename})")
    assert f"renamed (from “Moths”) by {BOT}: bot enactment of “Moth Swarm”" in out


def test_the_audit_lists_exactly_the_unexplained_change_and_the_slipped_enactment_first(capsys, export, story):
    code, out, _err = run_cli(capsys, "audit", "--export-file", str(export), "--json")
    assert code == 1     # something needs a look
    revisions = json.loads(out)["revisions"]
    assert all(set(r) == {"revision", "user", "timestamp", "cause", "proposal", "detail"} for r in revisions)
    assert all(r["cause"] in cz.CAUSES for r in revisions)
    assert [(r["revision"], r["cause"]) for r in revisions[:2]] == [
        (story.marks["unauthorised"], "unexplained"), (story.marks["slip"], "hand enactment with differences")]
    assert [r["revision"] for r in revisions[2:]] == sorted(r["revision"] for r in revisions[2:])
    assert len(revisions) == len(story.causes)
    unexplained = revisions[0]
    assert unexplained["user"] == PLAYER and "“one” changed to “two”: a number" in unexplained["detail"]
    assert "'is dark for three days' where the proposal says 'is dark for two days'" in revisions[1]["detail"]
    [revert] = [r for r in revisions if r["cause"] == "revert"]
    assert f"puts back the text of r{story.marks['Wick 12']}, undoing r{story.marks['unauthorised']} (unexplained)" in revert["detail"]


@pytest.mark.slow
def test_the_audit_since_a_revision_or_a_date(capsys, export, story):
    since = story.marks["reenact"]
    code, out, _err = run_cli(capsys, "audit", "--export-file", str(export), "--since", str(since), "--json")
    revisions = json.loads(out)["revisions"]
    assert code == 0 and revisions and all(r["revision"] > since for r in revisions)
    stamp = next(r.timestamp for r in story.revisions if r.revid == since)
    code, out, _err = run_cli(capsys, "audit", "--export-file", str(export), "--since", stamp[:16].replace("T", " "))
    assert code == 0 and out.startswith(f"Audit of the Ruleset since {stamp[:10]}")
    assert f"r{since} " in out and f"r{since - 3} " not in out
    code, _out, err = run_cli(capsys, "audit", "--export-file", str(export), "--since", "last week")
    assert code == 2 and "YYYY-MM-DD" in err


def test_a_rule_never_in_the_ruleset_and_an_export_without_the_request_page_are_refused(capsys, export, story, tmp_path):
    code, _out, err = run_cli(capsys, "history", "--rule", "Dragons", "--export-file", str(export))
    assert code == 2 and "no rule called “Dragons”" in err
    alone = tmp_path / "ruleset-only.xml"
    alone.write_bytes(export_xml(story, titles=(RULESET,)))
    code, _out, err = run_cli(capsys, "history", "--rule", "Oil", "--export-file", str(alone))
    assert code == 2 and "User:<bot>/Requests" in err
    bad = tmp_path / "not.xml"
    bad.write_text("<html>no</html>")
    code, _out, err = run_cli(capsys, "audit", "--export-file", str(bad))
    assert code == 2 and "Special:Export" in err


# ============================================================================ the store


def test_filled_in_two_halves_the_store_answers_as_filled_at_once_and_classifies_each_revision_once(story, store):
    half = len(story.revisions) // 2
    two = HistoryStore(":memory:", Pages(requests=REQUESTS), BOT)
    first = export_xml(story)
    revisions = list(read_export(io.BytesIO(first)))
    revisions.sort(key=lambda r: r.revid)
    rows = [(r.title, r.revid, r.parent, r.user, r.timestamp, r.comment, r.text) for r in revisions]
    assert two.add(rows[:half]) == half
    assert two.classify() > 0
    assert two.add(rows) == len(rows) - half        # each revision kept once
    assert two.classify() > 0 and two.classify() == 0
    assert [(o.revid, o.cause, o.detail) for o in two.audit()] == [(o.revid, o.cause, o.detail) for o in store.audit()]
    for rule in ("Lanterns", "Oil", "Dusk", "Wick 40"):
        a, b = two.rule(rule), store.rule(rule)
        assert [(p.text, p.revid) for p in a[0].pieces] == [(p.text, p.revid) for p in b[0].pieces]
        assert [(r, e.event) for r, e in a[1]] == [(r, e.event) for r, e in b[1]]


KILLER = '''
import os, signal, sys
sys.path.insert(0, sys.argv[1])
from wikibot import history

calls = 0
original = history.HistoryStore._lineage

def lineage(self, *args, **kwargs):
    global calls
    calls += 1
    original(self, *args, **kwargs)
    if calls == int(sys.argv[4]):
        os.kill(os.getpid(), signal.SIGKILL)    # inside the transaction: the cause and origins written, not committed

history.HistoryStore._lineage = lineage
store = history.HistoryStore(sys.argv[2], history.Pages(requests="User:WikiBot/Requests"), "WikiBot")
with open(sys.argv[3], "rb") as handle:
    store.load_export(handle)
store.classify()
'''


@pytest.mark.slow
def test_a_store_killed_while_classifying_goes_on_where_it_stopped(tmp_path, export, store):
    script = tmp_path / "killer.py"
    script.write_text(KILLER)
    path = tmp_path / "history.sqlite"
    done = subprocess.run([sys.executable, str(script), str(REPO), str(path), str(export), "40"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    again = HistoryStore(path, Pages(requests=REQUESTS), BOT)
    assert len(again.audit()) == 39       # the 40th was killed inside its transaction: nothing of it kept
    assert again.load_export(open(export, "rb")) == 0   # every revision was kept before: none added again
    assert again.classify() == len(store.audit()) - 39
    assert [(o.revid, o.cause) for o in again.audit()] == [(o.revid, o.cause) for o in store.audit()]
    assert [(p.text, p.revid) for p in again.rule("Oil")[0].pieces] == [(p.text, p.revid) for p in store.rule("Oil")[0].pieces]


# ============================================================================ the parts


def test_the_export_reader_reads_hidden_parts_as_none_and_gives_full_titles():
    xml = export_xml(generate(wicks=1)).replace(b"<comment>New dynasty", b"<comment deleted=\"deleted\" />"
                                                                          b"<!--<comment>New dynasty")
    xml = xml.replace(b"the Lamplighters</comment>", b"the Lamplighters</comment>-->", 1)
    revisions = list(read_export(io.BytesIO(xml)))
    assert revisions[0].title == RULESET and revisions[0].comment == ""
    assert REQUESTS in export_titles(io.BytesIO(xml))
    with pytest.raises(ExportError):
        list(read_export(io.BytesIO(b"not xml")))


def _state(text: str, revid: int):
    counter = iter(range(1, 1000))
    return lineage.initial(text, revid, lambda: next(counter))


RULES = "== Coins ==\nCoins cannot exceed ten. Each Puzzler starts with three.\n\n== Hats ==\nA Hat is a Fez.\n"


def test_a_typo_level_change_keeps_the_origin_and_a_real_change_takes_the_new_revision():
    state, _ = _state(RULES, 1)
    counter = iter(range(100, 200))
    typo = lineage.step(RULES, state, RULES.replace("Puzzler starts", "Puzzler startss"), 2,
                        new_rule=lambda: next(counter), repealed={})
    assert typo.state[1].lines[1] == [1, 1]
    real = lineage.step(RULES, state, RULES.replace("exceed ten", "exceed twelve"), 3,
                        new_rule=lambda: next(counter), repealed={})
    assert real.state[1].lines[1] == [3, 1]     # the first sentence rewritten, the second as it was


def test_a_moved_rule_keeps_its_origins_and_a_renamed_one_its_identity():
    state, _ = _state(RULES, 1)
    counter = iter(range(100, 200))
    swapped = "== Hats ==\nA Hat is a Fez.\n\n== Coins ==\nCoins cannot exceed ten. Each Puzzler starts with three.\n"
    moved = lineage.step(RULES, state, swapped, 2, new_rule=lambda: next(counter), repealed={})
    assert moved.state[2].lines[1] == [1, 1] and moved.state[2].rule == state[1].rule
    assert [e.event for e in moved.events] == ["moved"]
    renamed = lineage.step(RULES, state, RULES.replace("== Hats ==", "== Headwear =="), 3,
                           new_rule=lambda: next(counter), repealed={})
    assert [(e.event, e.detail) for e in renamed.events] == [("renamed", "Hats")]
    assert renamed.state[2].rule == state[2].rule and renamed.state[2].lines == [[3], [1], [1]]


def test_causes_of_the_bots_own_edits_come_from_its_summaries():
    rev = cz.Revision(5, "Ruleset", "Bot", "2026-01-01T00:00:00Z", "/* Hats */ Enacted “Hats” (request [[Special:Diff/4|r4]])")
    assert cz.classify(rev, "a", "b", bot="Bot").cause == "bot enactment"
    rev.comment = "Dynastic Reset: Ghosts; terms Player → Ghost"
    assert (cz.classify(rev, "a", "b", bot="Bot").cause, cz.classify(rev, "a", "b", bot="Bot").proposal) == (
        "ascension", "Ghosts")
    rev.comment = "Undoing “Enacted “Hats””: it could not be completed"
    assert cz.classify(rev, "a", "b", bot="Bot").cause == "revert"
    rev.user = "Mallory"   # the same summary from anyone else proves nothing
    rev.comment = "Enacted “Hats”"
    assert cz.classify(rev, RULES, RULES + "\nMore.\n", bot="Bot").cause == "hand enactment"   # named, not reviewed
    assert "not reviewed" in cz.classify(rev, RULES, RULES + "\nMore.\n", bot="Bot").detail


def test_a_revert_of_an_enactment_needs_a_look_and_a_revert_of_an_unexplained_change_does_not():
    rev = cz.Revision(9, "Ruleset", "AdminAlice", "2026-01-01T00:00:00Z", "revert")
    enacted = cz.Found(reverts_to=3, undone=((4, cz.Cause("hand enactment", "Hats")),))
    cause = cz.classify(rev, "b", "a", bot="Bot", found=enacted)
    assert cause.cause == "revert" and cause.concern and "r4 (hand enactment of Hats)" in cause.detail
    stray = cz.Found(reverts_to=3, undone=((4, cz.Cause("unexplained", "")),))
    assert not cz.classify(rev, "b", "a", bot="Bot", found=stray).concern


def test_an_ascension_is_reviewed_against_its_address_when_known():
    from fixturedata import fixture_text

    old = fixture_text("ruleset_2023.wiki")
    address = "Repeal all dynastic rules. Set the synonym for Player to “Ghost”."
    from actions.reset import dynastic_reset
    from parsers.ascension import parse_address

    new = dynastic_reset(old, parse_address(address, ruleset=old)).pages["Ruleset"]
    rev = cz.Revision(9, "Ruleset", "AdminAlice", "2026-01-01T00:00:00Z", "Ascension of the Ghosts")
    clean = cz.classify(rev, old, new, bot="Bot", found=cz.Found(address=address))
    assert clean.cause == "ascension" and not clean.concern and "Dynastic Reset" in clean.detail
    slipped = cz.classify(rev, old, new.replace("Ghost", "Gohst", 1), bot="Bot", found=cz.Found(address=address))
    assert slipped.cause == "ascension" and slipped.concern
    unknown = cz.classify(rev, old, new, bot="Bot")
    assert unknown.cause == "ascension" and "not reviewed" in unknown.detail

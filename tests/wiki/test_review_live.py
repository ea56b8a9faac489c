"""End to end on the real local wiki: hand enactments reviewed against their proposal.

The patrol reviews a Ruleset edit whose summary names a proposal on the request page and posts the
review on the log page, once; a {{Review}} request is answered in its own section. Neither ever
edits the Ruleset or the gamestate page."""

from __future__ import annotations

from parsers import request_page
from wikibot.patrol import REVIEWED, Patrol
from wikibot.requests import RequestDesk

from test_patrol import carol, game  # noqa: F401  (fixtures: a game with its own pages and patrol mark)

PROPOSAL = """In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.

In the rule “Hats”, replace “defaults to Fez” with “defaults to Top”.
"""


def post_review(game, user, rev: int | None = None) -> None:
    requests = game.settings.requests
    current = game.text(requests) or "Requests.\n"
    template = "{{Review|title=Proposal: Richer" + (f"|rev={rev}" if rev else "") + "}}"
    section = f"== Review: Richer ==\n{template}\n{PROPOSAL}"
    game.local_wiki.edit_as(user, requests, current.rstrip("\n") + "\n\n" + section)


def enact_by_hand(game, local_wiki, coins: str, hats: str = "defaults to Top") -> int:
    rules = game.settings.ruleset
    game.edit(local_wiki.admin, "defaulting to 3", coins, "Enacting Proposal: Richer", title=rules)
    text = game.text(rules)
    return local_wiki.edit_as(local_wiki.admin, rules, text.replace("defaults to Fez", hats),
                              "Enacting Proposal: Richer (2)")["newrevid"]


def test_a_hand_enactment_with_a_slip_is_reviewed_on_the_log_page_once(game, local_wiki):
    post_review(game, local_wiki.admin)
    rules = game.settings.ruleset
    game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 4", "Enacting Proposal: Richer", title=rules)
    slipped = game.latest(rules)["revid"]
    board = game.text()
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == REVIEWED and finding.change.revid == slipped
    log = game.log()
    headline = [line for line in log.split("\n") if f"[[Special:Diff/{slipped}]]" in line and line.startswith("* ")]
    assert len(headline) == 1
    assert ("Enactment of Richer: 0 of 2 steps as written; step 1 wrote 'defaulting to 4' where the "
            "proposal says 'defaulting to 5'; step 2 not done") in headline[0]
    assert f"** step 1 — done differently" in log and f"([[Special:Diff/{slipped}]])" in log.split(headline[0])[1]
    # a review never edits the Ruleset or the gamestate page
    assert game.latest(rules)["revid"] == slipped and game.text() == board
    # a restarted patrol posts it no second time
    assert Patrol(game.wiki).cycle() == []
    assert game.log().count(f"[[Special:Diff/{slipped}]] by AdminAlice") == 1


def test_a_clean_hand_enactment_gets_a_short_as_written_review(game, local_wiki):
    post_review(game, local_wiki.admin)
    rules = game.settings.ruleset
    both = game.text(rules).replace("defaulting to 3", "defaulting to 5").replace("defaults to Fez", "defaults to Top")
    clean = local_wiki.edit_as(local_wiki.admin, rules, both, "Enacted Proposal: Richer")["newrevid"]
    [finding] = Patrol(game.wiki).cycle()
    assert finding.action == REVIEWED
    assert f"[[Special:Diff/{clean}]] by AdminAlice: Enactment of Richer: 2 of 2 steps as written" in game.log()
    assert game.latest(rules)["revid"] == clean


def test_an_edit_naming_no_proposal_on_the_request_page_is_not_reviewed(game, local_wiki):
    rules = game.settings.ruleset
    game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 4", "Enacting Proposal: Something Else", title=rules)
    assert Patrol(game.wiki).cycle() == []   # named an enactment: passed as before, nothing to compare with


def test_a_review_request_is_answered_in_its_section(game, local_wiki):
    rules = game.settings.ruleset
    game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 5", "Enacting Proposal: Richer", title=rules)
    revid = game.latest(rules)["revid"]
    post_review(game, local_wiki.plain, rev=revid)   # anyone may ask
    board = game.text()
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Enactment of Richer: 1 of 2 steps as written; step 2 not done")
    page = game.text(game.settings.requests)
    [request] = request_page.parse(page)
    assert request.done and f"[[Special:Diff/{revid}]]" in page and "step 2 — not done" in page
    assert game.latest(rules)["revid"] == revid and game.text() == board
    assert RequestDesk(game.wiki).poll() == []   # answered once


def test_a_review_request_without_rev_reviews_the_requesters_latest_ruleset_edit(game, local_wiki):
    rules = game.settings.ruleset
    both = game.text(rules).replace("defaulting to 3", "defaulting to 5").replace("defaults to Fez", "defaults to Top")
    revid = local_wiki.edit_as(local_wiki.admin, rules, both, "by hand")["newrevid"]
    post_review(game, local_wiki.admin)
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline == f"Enactment of Richer: 2 of 2 steps as written ([[Special:Diff/{revid}]])"


def test_a_review_is_not_posted_twice_when_the_mark_was_lost_after_posting(game, local_wiki):
    """A bot killed between the log page's save and the mark's: the edit is judged again, the review
    found on the log page already, and not posted a second time."""
    post_review(game, local_wiki.admin)
    mark = game.settings.state_dir / "patrol.json"
    before = mark.read_text(encoding="utf-8")
    game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 4", "Enacting Proposal: Richer",
              title=game.settings.ruleset)
    slipped = game.latest(game.settings.ruleset)["revid"]
    assert len(Patrol(game.wiki).cycle()) == 1
    log_revid = game.latest(game.settings.log)["revid"]
    mark.write_text(before, encoding="utf-8")   # as if the mark had not been saved
    [again] = Patrol(game.wiki).cycle()
    assert again.change.revid == slipped
    assert game.latest(game.settings.log)["revid"] == log_revid   # nothing written the second time
    assert game.log().count(f"[[Special:Diff/{slipped}]] by AdminAlice") == 1


def test_a_gamestate_edit_naming_the_proposal_is_reviewed_on_its_own(game, local_wiki):
    rules = game.settings.ruleset
    synonyms = game.text(rules) + "\n\n== Synonyms ==\n* Puzzler (Player)\n"
    local_wiki.edit_as(local_wiki.admin, rules, synonyms, "Enacting Proposal: Synonyms")
    Patrol(game.wiki).cycle()   # that edit names no proposal on the request page: passed
    requests = game.settings.requests
    gift = "PlainBob gains 2 Coins.\n\nIn the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.\n"
    local_wiki.edit_as(local_wiki.admin, requests, f"== Review: Gift ==\n{{{{Review|title=Proposal: Gift}}}}\n{gift}")
    ruleset_edit = game.edit(local_wiki.admin, "defaulting to 3", "defaulting to 5", "Enacting Proposal: Gift",
                             title=rules)
    board_edit = game.edit(local_wiki.admin, "| PlainBob || 3", "| PlainBob || 6", "Enacting Proposal: Gift")
    findings = Patrol(game.wiki).cycle()
    assert [(f.action, f.change.revid) for f in findings] == [(REVIEWED, ruleset_edit), (REVIEWED, board_edit)]
    log = game.log()
    assert f"[[Special:Diff/{ruleset_edit}]] by AdminAlice: Enactment of Gift: 1 of 1 step as written; 1 not checked" in log
    board_line = next(line for line in log.split("\n") if f"[[Special:Diff/{board_edit}]] by" in line)
    assert ("Enactment of Gift: 0 of 1 step as written; step 1 wrote 'PlainBob &#124;&#124; 6' where the proposal "
            "says 'PlainBob &#124;&#124; 5'; 1 not checked (step 2)") in board_line
    assert "is not in" not in log     # the Ruleset's step belongs to the Ruleset's edit: not a failure here
    assert "a step of the Ruleset, which this edit did not touch" in log
    assert "| PlainBob || 6" in game.text()   # never undone or changed because of a review


def test_a_review_request_naming_no_revision_number_says_what_to_write(game, local_wiki):
    requests = game.settings.requests
    local_wiki.edit_as(local_wiki.plain, requests,
                       f"== Review: Richer ==\n{{{{Review|title=Proposal: Richer|rev=yesterday}}}}\n{PROPOSAL}")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline == "Not done: rev=yesterday is not a revision number; write the N of Special:Diff/N."
    local_wiki.edit_as(local_wiki.plain, requests,
                       f"== Review: Again ==\n{{{{Review|title=Proposal: Richer}}}}\n{PROPOSAL}")
    [answer] = RequestDesk(game.wiki).poll()
    assert answer.headline.startswith("Not done: PlainBob has not edited")

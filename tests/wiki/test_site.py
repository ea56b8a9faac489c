"""Saving on a real wiki: conflicts, the run page, {{nobots}}, read-back."""

import pytest

from wikibot.config import Settings
from wikibot.site import (BotsExcluded, ConflictChangedMeaning, SavedDifferently, Wiki, WritesDisabled, bots_allowed,
                          writes_enabled_by)


@pytest.fixture
def wiki(local_wiki, tmp_path, wiki_title):
    settings = Settings(config_dir=tmp_path, run=wiki_title("Run"))
    bot = Wiki(local_wiki.site(), settings)
    local_wiki.edit_as(local_wiki.admin, settings.run, "true")
    return bot


def replacing(old, new):
    def compute(text):
        return text.replace(old, new), text.count(old)
    return compute


def test_save_reads_back_and_marks_bot(local_wiki, wiki, wiki_title):
    title = wiki_title("Ruleset")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.\n\nHats.")
    saved = wiki.save(wiki.read(title), replacing("3", "5"), "Enacted “Coins”")
    assert saved and saved.diff_link == f"[[Special:Diff/{saved.revid}]]"
    assert local_wiki.wiki.page_text(title) == "Coins default to 5.\n\nHats."
    changes = local_wiki.api(action="query", list="recentchanges", rctitle=title, rcprop="flags|user|comment|ids")
    last = changes["query"]["recentchanges"][0]
    assert last["user"] == "WikiBot" and last["comment"] == "Enacted “Coins”"
    assert last["bot"] is True and last["revid"] == saved.revid


def test_nothing_to_change_saves_nothing(local_wiki, wiki, wiki_title):
    title = wiki_title("Quiet")
    local_wiki.edit_as(local_wiki.admin, title, "No coins here.")
    assert wiki.save(wiki.read(title), replacing("3", "5"), "x") is None


def test_human_edit_between_read_and_write_is_kept(local_wiki, wiki, wiki_title):
    title = wiki_title("Conflict")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.\nHats are red.")
    base = wiki.read(title)
    # A human changes the same line the bot is about to change, keeping the bot's target.
    local_wiki.edit_as(local_wiki.admin, title, "Coins (gold) default to 3.\nHats are red.")
    saved = wiki.save(base, replacing("3", "5"), "Enacted")
    assert saved.attempts == 2
    assert local_wiki.wiki.page_text(title) == "Coins (gold) default to 5.\nHats are red."


def test_conflict_that_changes_the_meaning_stops(local_wiki, wiki, wiki_title):
    title = wiki_title("Meaning")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3, or 3 for new players.")
    with pytest.raises(ConflictChangedMeaning, match="nothing was saved"):
        wiki.save(base, replacing("3", "5"), "Enacted")
    assert local_wiki.wiki.page_text(title) == "Coins default to 3, or 3 for new players."


def test_run_page_not_true_stops_writes(local_wiki, wiki, wiki_title):
    title = wiki_title("Stopped")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    local_wiki.edit_as(local_wiki.admin, wiki.settings.run, "false — stopped by AdminAlice")
    with pytest.raises(WritesDisabled, match="does not say true"):
        wiki.save(wiki.read(title), replacing("3", "5"), "Enacted")
    assert local_wiki.wiki.page_text(title) == "Coins default to 3."


def test_nobots_is_honoured(local_wiki, wiki, wiki_title):
    title = wiki_title("Nobots")
    local_wiki.edit_as(local_wiki.admin, title, "{{nobots}}\nCoins default to 3.")
    with pytest.raises(BotsExcluded):
        wiki.save(wiki.read(title), replacing("3", "5"), "Enacted")
    assert "default to 3" in local_wiki.wiki.page_text(title)


def test_bots_template_rules():
    assert bots_allowed("plain text", "WikiBot")
    assert not bots_allowed("{{bots|deny=all}}", "WikiBot")
    assert not bots_allowed("{{bots|deny=OtherBot, WikiBot}}", "WikiBot")
    assert bots_allowed("{{bots|deny=OtherBot}}", "WikiBot")
    assert not bots_allowed("{{bots|allow=OtherBot}}", "WikiBot")
    assert bots_allowed("{{bots|allow=wikibot}}", "WikiBot")
    assert not bots_allowed("{{nobots}}", "WikiBot")
    assert not bots_allowed("{{ Template:Nobots }}", "WikiBot")   # the same template, named in full
    assert not bots_allowed("{{template:bots|deny=WikiBot}}", "WikiBot")
    assert writes_enabled_by("true") and writes_enabled_by("\ntrue \n")
    for stopped in ("", "true, but not now", "True", " TRUE ", "<!-- set to false to stop -->true", "false"):
        assert not writes_enabled_by(stopped), stopped


def test_text_the_wiki_transforms_on_save_is_read_back(local_wiki, wiki, wiki_title):
    """The edit's answer shows the save sat on the revision read, but MediaWiki's pre-save transform
    turns ``~~~~`` into a signature: the bot reads the revision back and says it differs."""
    title = wiki_title("Signed")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    with pytest.raises(SavedDifferently, match="reads back differently"):
        wiki.save(wiki.read(title), replacing("3", "5 ~~~~"), "Enacted")
    assert "[[User:WikiBot|WikiBot]]" in local_wiki.wiki.page_text(title)


def test_plain_save_sends_one_check_and_one_edit(local_wiki, wiki, wiki_title):
    """The run page and the latest revision in one query, then the edit; no read-back when the edit's
    answer shows it sat on the revision read. Counted in the PHP server's access log."""
    title = wiki_title("Economy")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 3.")
    base = wiki.read(title)
    wiki.site.tokens["csrf"]  # fetched once per login, not per save
    before = local_wiki.wiki.log_file.read_text(errors="replace").count("/api.php")
    assert wiki.save(base, replacing("3", "5"), "Enacted") is not None
    after = local_wiki.wiki.log_file.read_text(errors="replace").count("/api.php")
    assert after - before == 2


def test_page_created_by_someone_else_while_the_bot_works_is_not_overwritten(local_wiki, wiki, wiki_title):
    """The bot read that the page does not exist and means to create it; an Admin creates it first. The
    bot's text does not depend on what the page holds, so a recomputation means the same: the Admin's
    page must still not be replaced."""
    title = wiki_title("NewTracking")
    base = wiki.read(title)
    assert not base.exists
    created = []

    def compute(text):
        if not created:
            created.append(local_wiki.edit_as(local_wiki.admin, title, "Alice's own tracking page."))
        return "The bot's tracking page.", None

    with pytest.raises(ConflictChangedMeaning, match="created by someone else"):
        wiki.save(base, compute, "New tracking page")
    assert local_wiki.wiki.page_text(title) == "Alice's own tracking page."


def test_replace_saves_nothing_over_text_changed_since_it_was_read(local_wiki, wiki, wiki_title):
    """Undoing or finishing the bot's own save puts a text in place of the page as read: an edit made since
    (one the wiki cannot merge with the undo) is never overwritten; a revision that keeps the text (a
    protection and its lifting) does not stop it."""
    title = wiki_title("Undo")
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 5.")
    base = wiki.read(title)
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 6.")
    with pytest.raises(ConflictChangedMeaning):
        wiki.replace(base, "Coins default to 3.", "Undoing")
    assert local_wiki.wiki.page_text(title) == "Coins default to 6."

    base = wiki.read(title)
    local_wiki.wiki.protect_as(local_wiki.admin, title)
    local_wiki.wiki.protect_as(local_wiki.admin, title, level="")
    assert wiki.read(title).revid != base.revid
    saved = wiki.replace(base, "Coins default to 3.", "Undoing")
    assert saved is not None and local_wiki.wiki.page_text(title) == "Coins default to 3."


def test_a_history_query_brings_the_pages_latest_text_only_when_it_is_of_the_newest_revision(local_wiki, wiki,
                                                                                            wiki_title):
    """MediaWiki's export of the page rides with the history query (one request, wikibot.site.Wiki.history_with_text):
    its text is taken only as the text of the history's newest revision. An export of another revision (an edit
    made between the two, put together here from two real answers) gives no text: the page is then read by id."""
    from wikibot.site import Latest
    from wikibot.trust import Trust, history_query

    title = wiki_title("Exported")
    local_wiki.edit_as(local_wiki.admin, title, "Coins <default> to 3 & “more”.\n\n== Hats ==\nHats.")
    before, latest = wiki.history_with_text("reading", title, **history_query(title))
    page = wiki.read(title)
    assert (latest.revid, latest.text, latest.timestamp, latest.user) == (page.revid, page.text, page.timestamp,
                                                                          "AdminAlice")
    assert [r["revid"] for r in before["query"]["pages"][0]["revisions"]] == [page.revid] and latest.may_edit
    local_wiki.edit_as(local_wiki.admin, title, "Coins default to 4.")
    after, newer = wiki.history_with_text("reading", title, **history_query(title))
    assert newer.text == "Coins default to 4." and newer.parent == page.revid
    mixed = {"query": {**before["query"], "export": after["query"]["export"]}}
    assert Latest.exported(title, mixed).revid == page.revid and Latest.exported(title, mixed).text is None
    # a history answer from before the latest revision the turn looked at is not taken as the page's history
    trust = Trust(wiki, latest={title: newer})
    trust.read_with(title, before)
    assert int(trust.history(title)[0]["revid"]) == newer.revid
    nothing = wiki_title("Nothing")
    _answer, missing = wiki.history_with_text("reading", nothing, **history_query(nothing))
    assert missing.revid is None and missing.text is None

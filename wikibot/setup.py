"""``wikibot setup``: the bot's pages and templates on a wiki, and the protection of the pages that steer it.

Creates what does not exist yet — the request page, the run page (``false``), the log page and the
request templates — and never touches a page that does: each is saved through
:meth:`wikibot.site.Wiki.save`, with the checks every edit of the bot's gets (a page created by someone
else meanwhile is kept, and said so), but for the run page's, which setup writes itself. Then it names the pages only Admins should
be able to edit, each with why, and offers to protect them (``edit=sysop``; ``create=sysop`` for a page
not yet written) where the bot's account has the right to protect:

* the **run page**: whoever can edit it can stop the bot, or start it again after an Admin stopped it;
* the **constraints page**: its lines switch limits off; the bot reads it as Admins left it, but a
  protected page needs no acceptance;
* the **Admins page** (when configured): whoever is listed there may ask for enactments;
* the **log page**, only when the bot may still write a protected page: a player who edits it can hide
  the reports from Admins.

The request page stays open: anyone may ask for a reading or a review there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wikibot.site import ConflictChangedMeaning, Wiki, WikiError

BOX = '<div style="border:1px solid #aaa;padding:4px">'
#: The request templates. Plain parameters only: the wiki may have no ParserFunctions ({{#if:}} would show
#: as written); an optional parameter left out shows a word that reads right without it.
TEMPLATES = {
    "Template:Enact": BOX + "'''Enact''' {{{title|a Proposal}}} {{{url|}}}</div>",
    "Template:Ascension": BOX + "'''Dynastic Reset''', when: {{{at|at the bot's next turn}}} (times are UTC)</div>",
    "Template:Synonyms": BOX + "'''Synonyms''' — Player: {{{Player|unchanged}}}; Emperor: "
                               "{{{Emperor|unchanged}}}</div>",
    "Template:Review": BOX + "'''Review''' of {{{title|a Proposal}}} (revision {{{rev|the asker's latest}}})</div>",
    "Template:Read": BOX + "'''Reading asked for''' {{{title|a draft}}}</div>",
    "Template:History": BOX + "'''History asked for''' of the rule {{{rule|named below}}}</div>",
}


@dataclass
class Protection:
    title: str
    why: str
    exists: bool = True
    done: bool = False


def to_protect(wiki: Wiki) -> list[Protection]:
    """The pages only Admins should edit, each with why (see the module's docstring)."""
    settings = wiki.settings
    pages = [Protection(settings.run, "whoever can edit it can stop the bot, or start it after an Admin stopped it"),
             Protection(settings.constraints, "its lines switch limits off (the bot reads it as Admins left it; "
                                              "protected, it needs no acceptance)")]
    if settings.admins:
        pages.append(Protection(settings.admins, "whoever is listed there may ask the bot for enactments"))
    if "editprotected" in rights(wiki):
        pages.append(Protection(settings.log, "a player who edits it can hide the bot's reports from Admins"))
    existing = wiki.read_pages(*[p.title for p in pages])
    for page in pages:
        page.exists = existing[page.title].exists
    return pages


def rights(wiki: Wiki) -> set[str]:
    data = wiki.api("reading the bot's rights", action="query", meta="userinfo", uiprop="rights")
    return set(data.get("query", {}).get("userinfo", {}).get("rights", []))


def protect(wiki: Wiki, page: Protection) -> None:
    """Protect one page against edits (or, not written yet, its creation) by anyone but sysops, for good."""
    token = wiki.site.tokens["csrf"]
    wiki.api(f"protecting “{page.title}”", action="protect", title=page.title, expiry="infinite",
             protections=("edit=sysop" if page.exists else "create=sysop"),
             reason="wikibot setup: only Admins steer the bot", token=token)
    page.done = True


def create_pages(wiki: Wiki, say: Callable[[str], None]) -> None:
    settings = wiki.settings
    pages = dict(TEMPLATES)
    pages[settings.requests] = (
        "Admins: add one section per request; the bot answers in the section. Anyone may ask for the bot's "
        "reading of a draft proposal with {{Read|title=Proposal: Name}} and the draft below it.\n\n"
        "<!-- == Enact: Name ==\n{{Enact|title=Proposal: Name|url=…}}\nthe Proposal's text\n~~~~ -->\n")
    pages[settings.run] = "false"
    pages[settings.log] = "What the bot saw and left for humans.\n"
    existing = wiki.read_pages(*pages)
    for title, text in pages.items():
        page = existing[title]
        if page.exists:
            say(f"kept      {title} (exists)")
            continue
        try:
            # through the save every edit of the bot's goes through, but the run page, which setup writes itself
            wiki.save(page, lambda current, text=text: (text, text), "wikibot setup", by_hand=True)
        except ConflictChangedMeaning:
            say(f"kept      {title} (created by someone else meanwhile)")
            continue
        say(f"created   {title}")


def setup(wiki: Wiki, *, protect_pages: bool | None, ask: Callable[[str], bool] | None,
          say: Callable[[str], None] = print) -> list[Protection]:
    """Create the bot's pages, then protect the pages that steer it: with ``protect_pages`` True (or when
    ``ask`` says yes), where the bot's account may protect; otherwise name them for an Admin. The pages
    named, each saying whether it was protected."""
    create_pages(wiki, say)
    pages = to_protect(wiki)
    say("Pages only Admins should be able to edit:")
    for page in pages:
        say(f"  {page.title}: {page.why}")
    if "protect" not in rights(wiki):
        say("The bot's account may not protect pages: ask an Admin to protect them (edit=sysop; create=sysop "
            "for a page not written yet).")
        return pages
    if protect_pages is None and ask is not None:
        protect_pages = ask("Protect them now (edit=sysop)? [y/N] ")
    if not protect_pages:
        say("Not protected: run `wikibot setup --protect` to protect them, or ask an Admin to.")
        return pages
    for page in pages:
        try:
            protect(wiki, page)
            say(f"protected {page.title}")
        except WikiError as error:
            say(f"not protected {page.title}: {error}")
    return pages


__all__ = ["setup", "to_protect", "protect", "create_pages", "rights", "TEMPLATES", "Protection"]

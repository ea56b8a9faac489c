"""Reading and writing wiki pages safely.

Every save is based on the revision that was read: pywikibot sends that revision's timestamp, so a
human edit made in between raises an edit conflict instead of being overwritten. On a conflict the
page is read again and the same change recomputed on the new text; if the change then means
something different (a step that applied before no longer does, or the other way round), the bot
stops and reports instead of saving. After saving, the page is read back and checked.

Writes happen only while the run page says ``true`` (re-read before each write) and never on a page
that carries ``{{nobots}}`` or a ``{{bots}}`` template that excludes the bot. Edits are marked as bot
edits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from wikibot.config import Settings

#: compute(text) → (new text, meaning): the meaning is anything comparable that says what the change
#: did (e.g. each step's status), so that a recomputation after a conflict can be checked against it.
Compute = Callable[[str], tuple[str, Any]]


class WikiError(RuntimeError):
    """A wiki operation failed; the message says what happened and what to do."""


class WritesDisabled(WikiError):
    """The run page does not say ``true``."""


class BotsExcluded(WikiError):
    """The page asks bots (or this bot) not to edit it."""


class ConflictChangedMeaning(WikiError):
    """The page changed under the bot, and the change would now mean something else."""


class SavedDifferently(WikiError):
    """The saved text is not what the bot meant to save (e.g. the wiki merged another edit)."""


@dataclass
class PageText:
    """A page as read: its text and the revision it came from (None if the page does not exist)."""

    title: str
    text: str
    revid: int | None
    page: Any = field(default=None, repr=False, compare=False)  # the pywikibot Page it was read with

    @property
    def exists(self) -> bool:
        return self.revid is not None


@dataclass
class SavedEdit:
    title: str
    revid: int
    parent: int | None
    attempts: int

    @property
    def diff_link(self) -> str:
        return f"[[Special:Diff/{self.revid}]]"


_NOBOTS = re.compile(r"\{\{\s*nobots\s*\}\}", re.I)
_BOTS = re.compile(r"\{\{\s*bots\s*\|([^{}]*)\}\}", re.I)


def bots_allowed(text: str, username: str) -> bool:
    """The {{bots}}/{{nobots}} convention, as pywikibot's botMayEdit reads it."""
    if _NOBOTS.search(text):
        return False
    user = username.casefold()
    for match in _BOTS.finditer(text):
        for part in match.group(1).split("|"):
            key, _, value = part.partition("=")
            names = {n.strip().casefold() for n in value.split(",")}
            key = key.strip().casefold()
            if key == "deny" and ("all" in names or user in names):
                return False
            if key == "allow" and not ("all" in names or user in names):
                return False
    return True


def writes_enabled_by(text: str) -> bool:
    """The run page enables writes when it contains the word true (and nothing else of substance)."""
    return re.fullmatch(r"\s*true\s*", re.sub(r"<!--.*?-->", "", text, flags=re.S), re.I) is not None


class Wiki:
    """One logged-in bot account on one wiki."""

    def __init__(self, site: Any, settings: Settings):
        self.site = site
        self.settings = settings.for_bot(self.username)

    @classmethod
    def connect(cls, settings: Settings) -> "Wiki":
        import pywikibot
        from pywikibot import exceptions

        try:
            site = pywikibot.Site()
            site.login()
        except exceptions.Error as error:
            raise WikiError(f"Could not reach or log in to the wiki configured in {settings.config_dir}/"
                            f"user-config.py ({str(error).rstrip('.')}). Check that the wiki is up, and check "
                            "the api.php URL, the username and the BotPassword.") from None
        return cls(site, settings)

    @property
    def username(self) -> str:
        return self.site.username() or self.site.user() or ""

    # ----------------------------------------------------------------- reading
    def read(self, title: str) -> PageText:
        import pywikibot
        from pywikibot import exceptions

        page = pywikibot.Page(self.site, title)
        try:
            text = page.get(get_redirect=True)
        except exceptions.NoPageError:
            return PageText(title, "", None, page)
        return PageText(title, text, page.latest_revision_id, page)

    def exists(self, title: str) -> bool:
        import pywikibot

        return pywikibot.Page(self.site, title).exists()

    def writes_enabled(self) -> bool:
        run = self.read(self.settings.run)
        return writes_enabled_by(run.text)

    def in_group(self, username: str, group: str = "sysop") -> bool:
        import pywikibot

        user = pywikibot.User(self.site, username)
        return user.isRegistered() and group in user.groups()

    def is_admin(self, username: str) -> bool:
        """An Admin: in the wiki's sysop group, or listed on the optional on-wiki Admin list."""
        if self.in_group(username, "sysop"):
            return True
        if self.settings.admins:
            listed = self.read(self.settings.admins).text
            names = {m.strip().casefold() for m in re.findall(r"\[\[\s*User:([^|\]]+)", listed, re.I)}
            names |= {m.strip().casefold() for m in re.findall(r"^\*\s*([^\[\]\n]+?)\s*$", listed, re.M)}
            return username.casefold() in names
        return False

    # ----------------------------------------------------------------- writing
    def save(self, base: PageText, compute: Compute, summary: str, *, attempts: int = 3,
             minor: bool = False) -> SavedEdit | None:
        """Save ``compute(base.text)`` on top of ``base``; None when there is nothing to change."""
        from pywikibot import exceptions

        new_text, meaning = compute(base.text)
        if new_text == base.text:
            return None
        current = base
        for attempt in range(1, attempts + 1):
            self._check_may_write(current)
            page = current.page
            page.text = new_text
            try:
                if current.exists and self.latest_revid(current.title) != current.revid:
                    # The wiki's own conflict check works on timestamps of one-second resolution
                    # and merges silently: look first, so that a human edit is seen as a conflict.
                    raise exceptions.EditConflictError(page)
                # baserevid as well as pywikibot's basetimestamp: timestamps have one-second
                # resolution, and a human edit in the same second must still conflict.
                extra = {"baserevid": current.revid} if current.exists else {"createonly": True}
                page.save(summary=summary, minor=minor, bot=True, quiet=True, force=True, **extra)
            except (exceptions.EditConflictError, exceptions.PageCreatedConflictError):
                current = self.read(current.title)
                new_text, again = compute(current.text)
                if again != meaning:
                    raise ConflictChangedMeaning(
                        f"“{current.title}” was edited by someone else while the bot worked, and the change "
                        "would now have a different effect; nothing was saved. Check the page and ask again.")
                if new_text == current.text:
                    return None
                continue
            except exceptions.LockedPageError:
                raise WikiError(f"“{current.title}” is protected against the bot's account: give the bot "
                                "the right to edit it, or edit it by hand.") from None
            except exceptions.Error as error:
                raise WikiError(f"Saving “{current.title}” failed: {error}") from None
            return self._verify(current, page, new_text, compute, attempt)
        raise ConflictChangedMeaning(f"“{base.title}” kept changing while the bot tried to save it; "
                                     "nothing was saved. Ask again when the page is quiet.")

    def _check_may_write(self, current: PageText) -> None:
        run = self.read(self.settings.run)
        if not writes_enabled_by(run.text):
            raise WritesDisabled(f"The run page “{self.settings.run}” does not say true: the bot writes nothing "
                                 "until an Admin sets it to true.")
        if not bots_allowed(current.text, self.username):
            raise BotsExcluded(f"“{current.title}” carries {{{{nobots}}}} or a {{{{bots}}}} template that "
                               "excludes this bot; edit it by hand or remove the template.")

    def _verify(self, base: PageText, page: Any, new_text: str, compute: Compute, attempts: int) -> SavedEdit:
        """Read the saved revision back; it must be what was meant, on top of the revision read."""
        revid = page.latest_revision_id
        saved, parent = self.revision(revid)
        if base.exists and parent != base.revid:
            # The wiki merged an edit made in between: accept only if the result is exactly our
            # change applied to that other edit.
            other, _ = self.revision(parent)
            if compute(other)[0].rstrip() != saved.rstrip():
                restored = self._restore(base.title, other, revid)
                raise SavedDifferently(
                    f"“{base.title}” was edited by someone else at the moment the bot saved "
                    f"([[Special:Diff/{revid}]]); the bot restored the other edit"
                    f"{f' in [[Special:Diff/{restored}]]' if restored else ' — no, it could not: restore it by hand'}"
                    " and changed nothing. Ask again.")
        elif saved.rstrip() != new_text.rstrip():
            raise SavedDifferently(f"“{base.title}” reads back differently from what the bot saved "
                                   f"([[Special:Diff/{revid}]]); check it by hand.")
        return SavedEdit(base.title, revid, parent, attempts)

    def _restore(self, title: str, text: str, bad_revid: int) -> int | None:
        """Put back a human's text that a bot save displaced; the new revision id, or None."""
        import pywikibot
        from pywikibot import exceptions

        page = pywikibot.Page(self.site, title)
        page.text = text
        try:
            page.save(summary=f"Restoring the edit displaced by [[Special:Diff/{bad_revid}]] (edit conflict)",
                      minor=False, bot=True, quiet=True, force=True, baserevid=bad_revid)
        except exceptions.Error:
            return None
        return page.latest_revision_id

    def latest_revid(self, title: str) -> int | None:
        data = self.site.simple_request(action="query", prop="info", titles=title).submit()
        for page in data.get("query", {}).get("pages", {}).values():
            return page.get("lastrevid")
        return None

    def revision(self, revid: int) -> tuple[str, int | None]:
        """A revision's text and its parent revision id."""
        data = self.site.simple_request(action="query", prop="revisions", revids=revid,
                                        rvprop="ids|content", rvslots="main").submit()
        for page in data.get("query", {}).get("pages", {}).values():
            for rev in page.get("revisions", []):
                slot = rev.get("slots", {}).get("main", {})
                return slot.get("*", slot.get("content", "")), rev.get("parentid") or None
        raise WikiError(f"Revision {revid} could not be read back from the wiki.")

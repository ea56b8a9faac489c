"""Reading and writing wiki pages safely, with few API requests.

Every save is based on the revision that was read. Just before saving, one query re-reads the run
page and the page's latest revision: writes happen only while the run page says ``true``, and a
human edit made since the read is seen there (MediaWiki's own check has one-second resolution and
merges silently). On such a conflict the same change is recomputed on the new text; if it then
means something different (a step that applied before no longer does, or the other way round), the
bot stops and reports instead of saving. The edit itself carries ``baserevid``; its answer names the
revision it replaced, so a save that sat directly on the revision read needs no read-back, unless
MediaWiki's pre-save transform may have changed the text (``~~~~``, ``subst:``, pipe tricks…). A
save that did not sit on the revision read is read back, and a displaced edit is put back.

Pages carrying ``{{nobots}}`` or a ``{{bots}}`` template that excludes the bot are never written, when an
Admin (or the bot) put it there: one a player typed does not stop the bot (:meth:`Wiki.exclusion_counts`).
Edits are marked as bot edits. A wiki that cannot be reached, is too slow, read-only or lagging is
retried with a doubling wait, then a :class:`WikiUnavailable` says so in one line.
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from parsers import markup
from parsers.errors import WIKI, WikibotError
from wikibot.config import ConfigError, Settings
from wikibot.trust import Trust

#: compute(text) → (new text, meaning): the meaning is anything comparable that says what the change
#: did (e.g. each step's status), so that a recomputation after a conflict can be checked against it.
Compute = Callable[[str], tuple[str, Any]]

#: Tries of each API request when the wiki does not answer, is read-only or lagging, and the first
#: wait in seconds (it doubles each time, up to pywikibot's ``retry_max``).
RETRIES = 4
RETRY_WAIT = 5.0
#: Revisions looked at to find who put a {{nobots}}/{{bots}} exclusion on a page.
EXCLUSION_HISTORY = 50
#: Revision texts MediaWiki gives in one request (to any account; bots may ask for more).
TEXTS_PER_REQUEST = 50


class WikiError(WikibotError):
    """A wiki operation failed; the message says what happened and what to do."""

    kind = WIKI


class WritesDisabled(WikiError):
    """The run page does not say ``true``."""


class BotsExcluded(WikiError):
    """The page asks bots (or this bot) not to edit it."""


class PageProtected(WikiError):
    """The page is protected against the bot's account."""


class WikiUnavailable(WikiError):
    """The wiki could not be reached, did not answer in time, is read-only or lagging: try later."""


class _EditConflict(WikiError):
    """The wiki refused an edit as an edit conflict (the page was changed or created meanwhile)."""


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
    timestamp: str | None = None
    may_edit: bool = True        # whether the wiki lets the bot's account edit it (protection, blocks)

    @property
    def exists(self) -> bool:
        return self.revid is not None


@dataclass
class Latest:
    """A page's latest revision as a look says it; ``revid`` None: no such page. ``text`` only when the look
    read the texts too (:meth:`Wiki.latest` with ``texts``; None also when the text is hidden)."""

    title: str
    revid: int | None
    parent: int | None = None
    user: str = ""
    timestamp: str | None = None
    may_edit: bool = True
    comment: str = ""
    text: str | None = None

    def revision(self) -> "Revision | None":
        """The revision as read with its text; None when the look read no text."""
        if self.revid is None or self.text is None:
            return None
        return Revision(self.revid, self.title, self.parent, self.user, self.timestamp, self.comment, self.text)

    def page(self) -> PageText:
        """The page as read with its text (a page that does not exist: empty)."""
        return PageText(self.title, self.text or "", self.revid, self.timestamp, self.may_edit)

    @classmethod
    def exported(cls, title: str, answer: dict) -> "Latest":
        """The latest revision of the one page of a history query that carried the page's export
        (:meth:`Wiki.history_with_text`): the history's newest revision, with the exported text only when the
        export is of that very revision and its text is not hidden."""
        query = answer.get("query", {})
        page = (query.get("pages") or [{}])[0]
        may_edit = bool(page.get("actions", {}).get("edit", True))
        newest = (page.get("revisions") or [None])[0]
        if page.get("missing") is not None or newest is None:
            return cls(title, None, may_edit=may_edit)
        latest = cls(title, int(newest["revid"]), int(newest.get("parentid") or 0) or None, newest.get("user", ""),
                     newest.get("timestamp"), may_edit, newest.get("comment", ""))
        exported = _exported(query.get("export") or "")
        if exported is not None and exported[0] == latest.revid:
            latest.text = exported[2]
        return latest


@dataclass
class Revision:
    """One revision as read by its id (:meth:`Wiki.fetch`); ``text`` None when it is hidden."""

    revid: int
    title: str
    parent: int | None
    user: str
    timestamp: str | None
    comment: str
    text: str | None

    def page(self) -> PageText:
        return PageText(self.title, self.text or "", self.revid, self.timestamp)


@dataclass
class Fetched:
    """What one :meth:`Wiki.fetch` brought: revisions by id, users' groups (None: no such user), and the
    contributions asked for as (revid, title, summary, timestamp), newest first."""

    revisions: dict[int, Revision] = field(default_factory=dict)
    groups: dict[str, set[str] | None] = field(default_factory=dict)
    contributions: list[tuple[int, str, str, str]] = field(default_factory=list)


@dataclass
class Memory:
    """What the bot learned this process of things a revision fixes for good, so that a page that did not
    change since is not downloaded again: each page's text at the latest revision read, a page's recent
    history up to a revision (:class:`wikibot.trust.Trust`), and the tracking page a Ruleset revision names.
    One entry a page (the latest), so it stays as small as the pages it remembers."""

    pages: dict[str, PageText] = field(default_factory=dict)
    histories: dict[str, tuple[int, int, list[dict]]] = field(default_factory=dict)  # title: (revid, depth, revs)
    tracking: dict[str, tuple[int, str | None]] = field(default_factory=dict)       # Ruleset: (revid, page)
    extension_tags: tuple[str, ...] | None = None                                  # the wiki's (siteinfo)

    def page(self, title: str, revid: int | None) -> PageText | None:
        known = self.pages.get(title)
        return known if known is not None and revid is not None and known.revid == revid else None

    def keep(self, page: PageText) -> None:
        if page.exists:
            self.pages[page.title] = page


@dataclass
class SavedEdit:
    """A save made: the new revision, the one it replaced, and the text as the wiki now holds it."""

    title: str
    revid: int
    parent: int | None
    attempts: int
    text: str = ""
    timestamp: str | None = None

    @property
    def page(self) -> PageText:
        """The page as this save left it: a base for the next save without reading it again."""
        return PageText(self.title, self.text, self.revid, self.timestamp)

    @property
    def diff_link(self) -> str:
        return f"[[Special:Diff/{self.revid}]]"

    @property
    def where(self) -> str:
        return self.diff_link


def bots_allowed(text: str, username: str) -> bool:
    """The {{bots}}/{{nobots}} convention, as pywikibot's botMayEdit reads it."""
    user = username.casefold()
    for match in markup.BOTS_TEMPLATE.finditer(text):
        if match["name"].casefold() == "nobots":
            if match["params"] is None:
                return False
            continue
        for part in (match["params"] or "").split("|"):
            key, _, value = part.partition("=")
            names = {n.strip().casefold() for n in value.split(",")}
            key = key.strip().casefold()
            if key == "deny" and ("all" in names or user in names):
                return False
            if key == "allow" and not ("all" in names or user in names):
                return False
    return True


def writes_enabled_by(text: str) -> bool:
    """The run page enables writes when its whole text is ``true``, in lower case; blank space around it is
    allowed (MediaWiki keeps none at the end anyway). Anything else — ``True``, a comment, a second word —
    stops every write: a stop switch must not be read generously."""
    return text.strip() == "true"


#: What MediaWiki's pre-save transform rewrites: signatures, substitutions, pipe tricks, CR line ends.
_PST_TRIGGERS = re.compile(r"~~~|subst:|\|\s*\]\]|\[\[\s*\||\r", re.I)


def saved_as_sent(text: str) -> bool:
    """Whether MediaWiki stores ``text`` as sent (but for trailing whitespace, which it strips)."""
    return not _PST_TRIGGERS.search(text) and unicodedata.is_normalized("NFC", text)


def same_text(a: str, b: str) -> bool:
    return a.rstrip() == b.rstrip()


def _tags(found: Iterable[str] | None) -> tuple[str, ...]:
    return tuple(sorted(t.strip("<>").lower() for t in found or ()))


def _normalized(query: dict, titles: Iterable[str]) -> dict[str, str]:
    """Each title asked → the title MediaWiki answers by (``normalized``: underscores, a first letter)."""
    names = {t: t for t in titles}
    for pair in query.get("normalized", []):
        for asked, name in list(names.items()):
            if name == pair["from"]:
                names[asked] = pair["to"]
    return names


def _exported(xml: str) -> tuple[int, str | None, str] | None:
    """(revision id, timestamp, text) of the one page in a MediaWiki export (``action=query&export``); None
    when it holds no page, or the text is hidden."""
    import xml.etree.ElementTree as ElementTree

    if not xml:
        return None
    revision = ElementTree.fromstring(xml).find("{*}page/{*}revision")
    text = revision.find("{*}text") if revision is not None else None
    if text is None or text.get("deleted") is not None:
        return None
    return int(revision.findtext("{*}id")), revision.findtext("{*}timestamp"), text.text or ""


def own_throttle(site: Any, directory: Path) -> None:
    """Give this process a throttle file of its own in the state directory.

    pywikibot counts the processes using a site in one ``throttle.ctrl`` file and spaces each process's
    requests by their number; a killed process stays counted there for ten minutes, slowing every request of
    the next one. A file per process (``throttle-PID.ctrl``) counts only this process; those of processes
    that no longer run are removed, and this process's entry in the shared file is taken out."""
    import os

    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("throttle-*.ctrl"):
        pid = old.stem.removeprefix("throttle-")
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            old.unlink(missing_ok=True)
    own = directory / f"throttle-{os.getpid()}.ctrl"
    own.touch()   # pywikibot expects the file to exist once it has counted itself
    # pywikibot counted this process in the shared file when it made the site: take that entry out, or it
    # would count for ten minutes in every process started after this one (each restart slower).
    site.throttle.drop()
    site.throttle.ctrlfilename = str(own)
    site.throttle.checkMultiplicity()


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Wiki:
    """One logged-in bot account on one wiki.

    ``retries``/``retry_wait``: how often, and after how long a first wait (doubling), an API request
    is sent again when the wiki does not answer, is read-only or lagging. ``maxlag``: the ``maxlag``
    sent with the bot's edits (None: pywikibot's ``write_maxlag``).
    """

    def __init__(self, site: Any, settings: Settings, *, retries: int = RETRIES, retry_wait: float = RETRY_WAIT,
                 maxlag: int | None = None):
        self.site = site
        self.retries = retries
        self.retry_wait = retry_wait
        self.maxlag = maxlag
        self.settings = settings.for_bot(self.username)
        self.memory = Memory()

    @classmethod
    def connect(cls, settings: Settings) -> "Wiki":
        import pywikibot
        from pywikibot import exceptions

        try:
            site = pywikibot.Site()
            try:
                own_throttle(site, settings.state_dir)
            except OSError as error:
                raise ConfigError(f"The state directory {settings.state_dir} cannot be used ({error.strerror}): set "
                                  "[state] directory in wikibot.toml to a directory the bot may write.") from None
            site.login()
        except exceptions.Error as error:
            raise WikiError(f"Could not reach or log in to the wiki configured in {settings.config_dir}/"
                            f"user-config.py ({str(error).rstrip('.')}). Check that the wiki is up, and check "
                            "the api.php URL, the username and the BotPassword.") from None
        return cls(site, settings)

    @property
    def username(self) -> str:
        return self.site.username() or self.site.user() or ""

    # ----------------------------------------------------------------- the API
    def api(self, what: str, **params: Any) -> dict:
        """One API request (``formatversion=2``), sent again with a doubling wait when the wiki is down,
        slow, read-only or lagging; any failure becomes a :class:`WikiError` that says ``what`` (e.g.
        "reading revision 12") failed and what to do."""
        from pywikibot.data.api import Request

        request = Request(site=self.site, parameters={"formatversion": 2, **params},
                              max_retries=self.retries, retry_wait=self.retry_wait)
        with self._failures(what):
            return request.submit()

    @contextmanager
    def _failures(self, what: str) -> Iterator[None]:
        import requests
        from pywikibot import exceptions

        try:
            yield
        except WikiError:
            raise
        except exceptions.MaxlagTimeoutError:
            # pywikibot waits out maxlag itself: user-config.py's max_retries and retry_max apply.
            import pywikibot

            raise WikiUnavailable(f"The wiki's database is lagging behind (maxlag) while {what}, after "
                                  f"{pywikibot.config.max_retries + 1} tries; nothing more was written. The bot "
                                  "tries again at its next turn.") from None
        except exceptions.APIError as error:
            raise self._refused(what, error.code, error.info) from None
        except (exceptions.ApiTimeoutError, exceptions.ServerError, requests.RequestException, OSError):
            raise self._unavailable(what) from None
        except exceptions.Error as error:
            raise WikiError(f"The wiki refused {what}: {error}") from None

    def _refused(self, what: str, code: str, info: str) -> WikiError:
        if code in ("editconflict", "articleexists"):
            return _EditConflict(f"Edit conflict while {what}.")
        if code in ("protectedpage", "cascadeprotected", "protectedtitle", "protectednamespace"):
            return PageProtected(f"The page is protected against the bot's account while {what} ({info.rstrip('.')})"
                                 ": give the bot the right to edit it, or do this edit by hand.")
        if code == "readonly":
            return self._unavailable(what)
        if code in ("badtoken", "assertuserfailed", "assertbotfailed", "notloggedin"):
            return WikiError(f"The wiki no longer accepts the bot's login while {what} ({code}): check the "
                             "BotPassword in user-password.py and restart the bot.")
        return WikiError(f"The wiki refused {what}: {code}: {info}")

    def _unavailable(self, what: str) -> WikiUnavailable:
        """Why the wiki gave no usable answer: a single quick look at its site information says whether it
        is read-only or cannot be reached at all."""
        from pywikibot.data import api

        probe = api.Request(site=self.site, parameters={"action": "query", "meta": "siteinfo",
                                                        "siprop": "general", "formatversion": 2},
                            max_retries=0, retry_wait=0)
        try:
            general = probe.submit().get("query", {}).get("general", {})
        except Exception:  # noqa: BLE001 - any failure of the probe means the same: no answer
            general = None
        tries = f"after {self.retries + 1} tries"
        if general is None:
            return WikiUnavailable(f"The wiki ({self.site.protocol()}://{self.site.hostname()}{self.site.apipath()}) could not be reached or "
                                   f"did not answer in time while {what}, {tries}: check that it is up; the bot "
                                   "tries again at its next turn.")
        if general.get("readonly"):
            reason = general.get("readonlyreason") or "no reason given"
            return WikiUnavailable(f"The wiki is read-only ({reason}) while {what}, {tries}; nothing more was "
                                   "written. The bot tries again at its next turn.")
        return WikiUnavailable(f"The wiki did not answer in time while {what}, {tries}; the bot tries again at "
                               "its next turn.")

    # ----------------------------------------------------------------- reading
    def _pages(self, what: str, titles: list[str], *, section: int | None = None) -> dict[str, PageText]:
        """The latest revision of each page (text, id, timestamp), in one request; with ``section``, only that
        section's text (0: the text above the first heading)."""
        params: dict[str, Any] = {"rvsection": section} if section is not None else {}
        data = self.api(what, action="query", prop="revisions|info", titles="|".join(titles),
                        rvprop="ids|timestamp|content", rvslots="main", intestactions="edit", **params)
        query = data.get("query", {})
        names = _normalized(query, titles)
        found = {}
        for page in query.get("pages", []):
            revisions = page.get("revisions") or []
            may_edit = bool(page.get("actions", {}).get("edit", True))
            if page.get("missing") is not None or not revisions:
                found[page["title"]] = (None, "", None, may_edit)
                continue
            rev = revisions[0]
            slot = rev.get("slots", {}).get("main", {})
            found[page["title"]] = (rev["revid"], slot.get("content", slot.get("*", "")), rev.get("timestamp"),
                                    may_edit)
        result = {}
        for asked, name in names.items():
            revid, text, timestamp, may_edit = found.get(name, (None, "", None, True))
            result[asked] = PageText(asked, text, revid, timestamp, may_edit)
        return result

    def read(self, title: str) -> PageText:
        return self._pages(f"reading “{title}”", [title])[title]

    def latest(self, *titles: str, texts: bool = False) -> dict[str, Latest]:
        """Each page's latest revision — its id, its parent's, who made it and when, whether the bot may edit
        the page — in one request, without any text: what a turn with nothing to do asks. With ``texts``, the
        same request brings each page's text and the revision's summary too."""
        params: dict[str, Any] = {"rvprop": "ids|user|timestamp|comment|content", "rvslots": "main"} if texts else {
            "rvprop": "ids|user|timestamp"}
        data = self.api(("reading " if texts else "looking at ") + ", ".join(f"“{t}”" for t in titles),
                        action="query", prop="revisions|info", titles="|".join(titles), intestactions="edit", **params)
        query = data.get("query", {})
        names = _normalized(query, titles)
        found: dict[str, Latest] = {}
        for page in query.get("pages", []):
            may_edit = bool(page.get("actions", {}).get("edit", True))
            revisions = page.get("revisions") or []
            if page.get("missing") is not None or not revisions:
                found[page["title"]] = Latest(page["title"], None, may_edit=may_edit)
                continue
            rev = revisions[0]
            slot = rev.get("slots", {}).get("main", {})
            hidden = "texthidden" in slot or "texthidden" in rev
            found[page["title"]] = Latest(page["title"], int(rev["revid"]), int(rev.get("parentid") or 0) or None,
                                          rev.get("user", ""), rev.get("timestamp"), may_edit, rev.get("comment", ""),
                                          None if hidden or not texts else slot.get("content", slot.get("*", "")))
        return {asked: found.get(name, Latest(asked, None)) for asked, name in names.items()}

    def history_with_text(self, what: str, title: str, **params: Any) -> tuple[dict, Latest]:
        """A query of one page's history (``params``: ``prop=revisions`` with an ``rvlimit`` and no content, the
        page being ``title``) that brings, in the same request, the page's latest revision with its text:
        MediaWiki's export of the page (``export``, which a query may carry with any modules), and whether the
        bot may edit the page (``prop=info``). The API's answer, and the latest revision as exported; without
        its text when the text is hidden, or when the export is not of the history's newest revision (an edit
        made between the two)."""
        prop = "|".join(dict.fromkeys([*str(params.pop("prop", "revisions")).split("|"), "info"]))
        data = self.api(what, **{**params, "titles": title, "prop": prop, "intestactions": "edit", "export": 1})
        return data, Latest.exported(title, data)

    def fetch(self, what: str, *, revids: Iterable[int] = (), users: Iterable[str] = (),
              contributions: dict[str, Any] | None = None, most: int | None = None) -> Fetched:
        """Revisions with their texts (by id, at most :data:`TEXTS_PER_REQUEST`), the groups of some users, and
        the contributions of one user, in ONE request: MediaWiki answers several query modules at once.
        ``contributions``: ``usercontribs`` parameters without their ``uc`` prefix (``user``, ``end``, …); they
        are listed to their end, or to ``most`` of them (more requests only when one answer does not hold them)."""
        revids = sorted({int(r) for r in revids if r})
        users = [u for u in dict.fromkeys(users) if u]
        if len(revids) > TEXTS_PER_REQUEST:
            raise ValueError(f"at most {TEXTS_PER_REQUEST} revisions a request")
        params: dict[str, Any] = {"action": "query"}
        lists = []
        if revids:
            params.update(prop="revisions", revids="|".join(map(str, revids)),
                          rvprop="ids|user|timestamp|comment|content", rvslots="main")
        if users:
            lists.append("users")
            params.update(ususers="|".join(users), usprop="groups")
        if contributions is not None:
            lists.append("usercontribs")
            params.update({f"uc{k}": v for k, v in contributions.items()})
            params.setdefault("ucprop", "ids|title|comment|timestamp")
            params.setdefault("uclimit", "max")
        if lists:
            params["list"] = "|".join(lists)
        found = Fetched()
        if len(params) == 1:
            return found
        if self.memory.extension_tags is None:      # the wiki's extension tags come along, once a process
            params.update(meta="siteinfo", siprop="extensiontags")
        data = self.api(what, **params)
        query = data.get("query", {})
        if "extensiontags" in query:
            self.memory.extension_tags = _tags(query["extensiontags"])
        for page in query.get("pages", []):
            for rev in page.get("revisions", []):
                slot = rev.get("slots", {}).get("main", {})
                hidden = "texthidden" in slot or "texthidden" in rev
                found.revisions[int(rev["revid"])] = Revision(
                    int(rev["revid"]), page.get("title", ""), int(rev.get("parentid") or 0) or None,
                    rev.get("user", ""), rev.get("timestamp"), rev.get("comment", ""),
                    None if hidden else slot.get("content", slot.get("*", "")))
        for user in query.get("users", []):
            missing = user.get("missing") is not None or user.get("invalid") is not None
            found.groups[user.get("name", "")] = None if missing else set(user.get("groups", []))
        for asked in users:   # MediaWiki answers by the canonical name: "alice" is "Alice"
            if asked not in found.groups:
                found.groups[asked] = found.groups.get(asked[:1].upper() + asked[1:])
        if contributions is not None:
            found.contributions = [(c["revid"], c["title"], c.get("comment", ""), c.get("timestamp", ""))
                                   for c in query.get("usercontribs", [])]
            more = data.get("continue", {}).get("uccontinue")
            rest = {"action": "query", "list": "usercontribs",
                    **{k: v for k, v in params.items() if k.startswith("uc")}}
            while more and (most is None or len(found.contributions) < most):
                rest["uccontinue"] = more
                data = self.api(what, **rest)
                found.contributions += [(c["revid"], c["title"], c.get("comment", ""), c.get("timestamp", ""))
                                        for c in data.get("query", {}).get("usercontribs", [])]
                more = data.get("continue", {}).get("uccontinue")
            if most is not None:
                del found.contributions[most:]
        return found

    def extension_tags(self) -> tuple[str, ...]:
        """The tags of the wiki's parser extensions (siteinfo ``extensiontags``: ``source``, ``math``,
        …, names without brackets): they decide which markup is literal text on this wiki
        (:func:`parsers.hazards.literal_tags`). Read once a process (or with a :meth:`fetch`)."""
        if self.memory.extension_tags is None:
            with self._failures("reading the wiki's extension tags"):
                self.memory.extension_tags = _tags(self.site.siteinfo.get("extensiontags"))
        return self.memory.extension_tags

    def read_pages(self, *titles: str) -> dict[str, PageText]:
        """Several pages in one request, by the titles asked."""
        return self._pages("reading " + ", ".join(f"“{t}”" for t in titles), list(titles))

    def writes_enabled(self) -> bool:
        run = self.read(self.settings.run)
        return writes_enabled_by(run.text)

    def in_group(self, username: str, group: str = "sysop") -> bool:
        data = self.api(f"looking up the user {username}", action="query", list="users", ususers=username,
                             usprop="groups")
        for user in data.get("query", {}).get("users", []):
            return user.get("missing") is None and user.get("invalid") is None and group in user.get("groups", [])
        return False

    def is_admin(self, username: str) -> bool:
        """An Admin: in the wiki's sysop group, or listed on the optional on-wiki Admin list as the wiki's
        sysops last left it (:class:`wikibot.trust.Trust`, which the desk and the patrol keep for a turn)."""
        return Trust(self).is_admin(username)

    def exclusion_by(self, title: str, text: str) -> tuple[int, str] | None:
        """(revision, user) that put the ``{{nobots}}``/``{{bots}}`` exclusion of the bot in ``text`` on the
        page: the oldest revision of the unbroken run, newest first, whose text excludes the bot. None when
        it could not be found among the latest revisions (then it counts)."""
        if bots_allowed(text, self.username):
            return None
        adder, seen = None, 0
        for revid, user, _timestamp, _summary, old in self.history_back(title, EXCLUSION_HISTORY):
            seen += 1
            if bots_allowed(old, self.username):
                return adder
            adder = (revid, user)
        return adder if seen < EXCLUSION_HISTORY else None   # the page's first revision, or too far back

    def exclusion_counts(self, title: str, text: str) -> bool:
        """Does the page's ``{{nobots}}``/``{{bots}}`` exclusion of the bot count? Only if an Admin (or the bot)
        put it there: anyone can type a template, and a player must not be able to blind the bot."""
        if bots_allowed(text, self.username):
            return False
        found = self.exclusion_by(title, text)
        return found is None or found[1] == self.username or self.is_admin(found[1])

    def latest_revid(self, title: str) -> int | None:
        data = self.api(f"looking at “{title}”", action="query", prop="info", titles=title)
        for page in data.get("query", {}).get("pages", []):
            return page.get("lastrevid")
        return None

    def history(self, title: str, limit: int, *, per_request: int | str = "max") -> list[tuple[int, str, str]]:
        """(revid, user, text) of a page's latest ``limit`` revisions, oldest first. ``per_request``: revisions
        asked for in one API request (with their text, MediaWiki gives a bot at most 500, others 50)."""
        revisions: list[tuple[int, str, str]] = []
        params: dict[str, Any] = {"action": "query", "prop": "revisions", "titles": title, "rvprop": "ids|user|content",
                                  "rvslots": "main", "rvlimit": per_request}
        while len(revisions) < limit:
            data = self.api(f"reading the history of “{title}”", **params)
            for page in data.get("query", {}).get("pages", []):
                for rev in page.get("revisions", []):
                    slot = rev.get("slots", {}).get("main", {})
                    revisions.append((rev["revid"], rev.get("user", ""), slot.get("content", slot.get("*", ""))))
            if "continue" not in data:
                break
            params.update(data["continue"])
        return list(reversed(revisions[:limit]))

    def history_back(self, title: str, limit: int, *, first: int = 2, most: int = 50,
                     start: int | None = None) -> Iterator[tuple[int, str, str | None, str, str]]:
        """(revid, user, timestamp, summary, text) of a page's revisions, newest first, at most ``limit``; read lazily
        in batches that start at ``first`` revisions and double up to ``most``, so that a caller that stops
        after a few revisions has downloaded only those few, whatever the length of the history."""
        params: dict[str, Any] = {"action": "query", "prop": "revisions", "titles": title,
                                  "rvprop": "ids|user|timestamp|comment|content", "rvslots": "main"}
        if start:
            params["rvstartid"] = start    # from this revision back
        size, given = first, 0
        while given < limit:
            params["rvlimit"] = min(size, limit - given)
            data = self.api(f"reading the history of “{title}”", **params)
            for page in data.get("query", {}).get("pages", []):
                for rev in page.get("revisions", []):
                    slot = rev.get("slots", {}).get("main", {})
                    given += 1
                    yield (rev["revid"], rev.get("user", ""), rev.get("timestamp"), rev.get("comment", ""),
                           slot.get("content", slot.get("*", "")))
            if "continue" not in data:
                return
            params.update(data["continue"])
            size = min(2 * size, most)

    def contributions(self, user: str, since: str | None = None, *,
                      newest: int | None = None) -> list[tuple[int, str, str, str]]:
        """(revid, title, edit summary, timestamp) of ``user``'s edits from ``since`` (an API timestamp) on,
        oldest first; or, with ``newest``, the latest ``newest`` of them, newest first. No page text is
        downloaded."""
        params: dict[str, Any] = {"action": "query", "list": "usercontribs", "ucuser": user,
                                  "ucdir": "older" if newest else "newer", "ucprop": "ids|title|comment|timestamp",
                                  "uclimit": newest if newest and newest <= 50 else "max"}
        if since:
            params["ucstart"] = since
        found: list[tuple[int, str, str, str]] = []
        while True:
            data = self.api(f"reading the contributions of {user}", **params)
            found += [(c["revid"], c["title"], c.get("comment", ""), c.get("timestamp", ""))
                      for c in data.get("query", {}).get("usercontribs", [])]
            if "continue" not in data or (newest and len(found) >= newest):
                return found[:newest] if newest else found
            params.update(data["continue"])

    def revision(self, revid: int) -> tuple[str, int | None]:
        """A revision's text and its parent revision id."""
        data = self.api(f"reading revision {revid}", action="query", prop="revisions", revids=revid,
                             rvprop="ids|content", rvslots="main")
        for page in data.get("query", {}).get("pages", []):
            for rev in page.get("revisions", []):
                slot = rev.get("slots", {}).get("main", {})
                return slot.get("content", slot.get("*", "")), rev.get("parentid") or None
        raise WikiError(f"Revision {revid} could not be read back from the wiki; check it by hand.")

    # ----------------------------------------------------------------- writing
    def save(self, base: PageText, compute: Compute, summary: str, *, attempts: int = 3, minor: bool = False,
             checked: PageText | None = None, by_hand: bool = False) -> SavedEdit | None:
        """Save ``compute(base.text)`` on top of ``base``; None when there is nothing to change.

        ``checked``: the page as :meth:`check` found it just before, with the run page, for the pages of one
        operation at once; a first try on that revision is not checked again. ``by_hand``: an edit the
        operator asked for at the console (``wikibot setup``, which creates the run page itself): the run page
        does not stop it; every other check applies."""
        new_text, meaning = compute(base.text)
        if new_text == base.text:
            return None
        current = base
        for attempt in range(1, attempts + 1):
            fresh = checked if attempt == 1 and checked is not None and checked.title == current.title else None
            latest = self._check_may_write(current, checked=fresh, by_hand=by_hand)
            if latest.revid == current.revid:
                answer = self._edit(current, new_text, summary, minor)
                if answer is not None:
                    return self._confirm(current, new_text, compute, answer, attempt)
                latest = self.read(current.title)  # the wiki reported an edit conflict
            if not current.exists and latest.exists:
                # The bot creates a page only where none was: another's page is never replaced.
                raise ConflictChangedMeaning(
                    f"“{current.title}” was created by someone else while the bot worked; the bot only creates "
                    "pages that do not exist, so nothing was saved. Check that page and ask again.")
            current = latest
            new_text, again = compute(current.text)
            if again != meaning:
                raise ConflictChangedMeaning(
                    f"“{current.title}” was edited by someone else while the bot worked, and the change "
                    "would now have a different effect; nothing was saved. Check the page and ask again.")
            if new_text == current.text:
                return None
        raise ConflictChangedMeaning(f"“{base.title}” kept changing while the bot tried to save it; "
                                     "nothing was saved. Ask again when the page is quiet.")

    def replace(self, base: PageText, text: str, summary: str) -> SavedEdit | None:
        """Put ``text`` in place of the page as read in ``base``, whatever the change: for undoing or finishing
        the bot's own saves. If the page's text has changed since ``base`` (a revision that keeps the text,
        such as protection's, does not count), nothing is saved: :class:`ConflictChangedMeaning`."""
        return self.save(base, lambda current: (text, same_text(current, base.text)), summary)

    def check(self, *titles: str, by_hand: bool = False) -> dict[str, PageText]:
        """Re-read the run page and the latest revision of each page about to be written (one request); raises
        :class:`WritesDisabled` unless the run page says ``true``. Only the text above each page's first heading
        is downloaded (the run page has none; a heading there makes it not say ``true``): a save on the
        revision read needs no more, and a page changed since is read whole by the save. A check costs bytes
        for the run page, not for the pages."""
        run = [] if by_hand else [self.settings.run]
        pages = self._pages("checking the run page before saving " + ", ".join(f"“{t}”" for t in titles),
                            run + [t for t in titles if t not in run], section=0)
        if not by_hand and not writes_enabled_by(pages[self.settings.run].text):
            raise WritesDisabled(f"The run page “{self.settings.run}” does not say true: the bot writes nothing "
                                 "until an Admin sets it to true.")
        return {title: pages[title] for title in titles}

    def _check_may_write(self, current: PageText, *, checked: PageText | None = None,
                         by_hand: bool = False) -> PageText:
        """The run page and the page's latest revision (:meth:`check`, unless ``checked`` did it for this
        revision just before); the latest revision, read whole when it is not the one ``current`` holds."""
        latest = checked if checked is not None else self.check(current.title, by_hand=by_hand)[current.title]
        if latest.revid == current.revid:
            latest = PageText(current.title, current.text, current.revid, current.timestamp or latest.timestamp,
                              latest.may_edit)
        else:
            latest = self.read(current.title)   # changed since it was read: the whole of it
        if current.title != self.settings.requests and self.exclusion_counts(current.title, latest.text):
            # Not on the bot's own request page: anyone may type {{nobots}} there, and a player must not be
            # able to silence the desk's answers (the run page is the stop switch). Elsewhere it counts only
            # when an Admin put it there.
            raise BotsExcluded(f"“{current.title}” carries {{{{nobots}}}} or a {{{{bots}}}} template that "
                               "excludes this bot; edit it by hand or remove the template.")
        return latest

    def _edit(self, base: PageText, text: str, summary: str, minor: bool, **extra: Any) -> dict | None:
        """Send one edit on top of ``base``; the API's answer, or None on an edit conflict."""
        params: dict[str, Any] = {"action": "edit", "title": base.title, "text": text, "summary": summary,
                                  "bot": True, "assert": "user"}
        params["minor" if minor else "notminor"] = True
        if base.exists:
            # baserevid: MediaWiki compares it with the latest revision (timestamps alone have
            # one-second resolution); nocreate: a page deleted meanwhile is not silently re-created.
            params.update(baserevid=base.revid, nocreate=True)
            if base.timestamp:
                params["basetimestamp"] = base.timestamp
        else:
            params["createonly"] = True
        if self.maxlag is not None:
            params["maxlag"] = self.maxlag
        params.update(extra)
        what = f"saving “{base.title}”"
        with self._failures(what):
            params["token"] = self.site.tokens["csrf"]
        try:
            answer = self.api(what, **params).get("edit", {})
        except _EditConflict:
            return None
        if answer.get("result") != "Success":
            raise WikiError(f"The wiki did not save “{base.title}”: {answer.get('code') or answer.get('result')} "
                            f"{answer.get('info', '')}".rstrip() + "; check the page and ask again.")
        return answer

    def _confirm(self, base: PageText, new_text: str, compute: Compute, answer: dict, attempts: int) -> SavedEdit | None:
        """Check, from the edit's answer (and a read-back only where it is needed), that the saved revision is
        what was meant, on top of the revision read."""
        if answer.get("nochange") is not None:
            # The latest revision already holds this text: an earlier try of this very edit whose answer
            # was lost, or someone made the same change. Look at which revision holds it.
            latest = self.read(base.title)
            if not same_text(latest.text, new_text):
                raise SavedDifferently(f"“{base.title}” was not changed by the bot's save and does not read as "
                                       "meant; check it by hand.")
            return None if latest.revid == base.revid else SavedEdit(base.title, latest.revid, base.revid, attempts,
                                                                     latest.text, latest.timestamp)
        revid, parent = answer["newrevid"], answer.get("oldrevid") or None
        timestamp = answer.get("newtimestamp")
        if parent == base.revid and saved_as_sent(new_text):
            # MediaWiki stores the text as sent, but for trailing whitespace.
            return SavedEdit(base.title, revid, parent, attempts, new_text.rstrip(), timestamp)
        saved, parent = self.revision(revid)
        if base.exists and parent != base.revid:
            # The wiki merged an edit made in between: accept only if the result is exactly our
            # change applied to that other edit.
            other, _ = self.revision(parent)
            if not same_text(compute(other)[0], saved):
                restored = self._restore(base.title, other, revid)
                raise SavedDifferently(
                    f"“{base.title}” was edited by someone else at the moment the bot saved "
                    f"([[Special:Diff/{revid}]]); the bot restored the other edit"
                    f"{f' in [[Special:Diff/{restored}]]' if restored else ' — no, it could not: restore it by hand'}"
                    " and changed nothing. Ask again.")
        elif not same_text(saved, new_text):
            raise SavedDifferently(f"“{base.title}” reads back differently from what the bot saved "
                                   f"([[Special:Diff/{revid}]]); check it by hand.")
        return SavedEdit(base.title, revid, parent, attempts, saved, timestamp)

    def _restore(self, title: str, text: str, bad_revid: int) -> int | None:
        """Put back a human's text that a bot save displaced; the new revision id, or None."""
        base = PageText(title, "", bad_revid)
        try:
            answer = self._edit(base, text, f"Restoring the edit displaced by [[Special:Diff/{bad_revid}]] "
                                "(edit conflict)", minor=False)
        except WikiError:
            return None
        return answer.get("newrevid") if answer else None

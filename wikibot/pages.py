"""Where an operation's pages come from and where its changes go: the wiki, or saved files.

The operations (:mod:`wikibot.operations`) are written once, against a *page store*:

* :class:`WikiPages` — the configured wiki: pages read in one query where MediaWiki allows, kept for
  the rest of the turn (a request desk's poll), and written through a :class:`~wikibot.journal.Journal`
  and :meth:`wikibot.site.Wiki.save`, all or nothing;
* :class:`FilePages` — the offline commands' files (``--ruleset-file`` and the others): read once,
  and written whole or not at all, only where the file is still as it was read.

A store gives an operation its :class:`Game`: the Ruleset, read and parsed once, the gamestate page
the Ruleset names (:meth:`parsers.ruleset.Ruleset.gamestate_title`, the one place that names it), and
the Building Blocks page when the operation needs it.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from actions.report import Report
from parsers import ruleset as ruleset_parser
from parsers.errors import WikibotError
from wikibot import journal as journal_mod
from wikibot.site import ConflictChangedMeaning, PageText, SavedEdit, Wiki, WikiError

log = logging.getLogger("wikibot")

#: texts {title: wikitext} → (changed pages {title: new wikitext}, report)
Action = Callable[[dict[str, str]], tuple[dict[str, str], Report]]

#: how the summary of every edit that puts back a page the bot saved begins
UNDO_PREFIX = "Undoing"


@dataclass
class Game:
    """The pages an operation works on, each read once, and the Ruleset parsed once."""

    ruleset: PageText
    model: ruleset_parser.Ruleset
    gamestate: PageText | None = None          # the gamestate page (None: none named, given or existing)
    building_blocks: PageText | None = None    # when the operation asked for it and it exists
    named: bool = True                         # whether the gamestate page's title is the one the rules name

    @property
    def gamestate_title(self) -> str | None:
        return self.gamestate.title if self.gamestate is not None else None

    @property
    def reads(self) -> dict[str, PageText]:
        """The pages read, by title: what an operation may change."""
        pages = [self.ruleset, self.gamestate, self.building_blocks]
        return {page.title: page for page in pages if page is not None}


@dataclass
class SavedFile:
    """A file written by an offline command."""

    title: str
    path: Path

    @property
    def where(self) -> str:
        return str(self.path)


class PageStore(Protocol):
    """What an operation needs of the place its pages live (see the module's docstring)."""

    ruleset_title: str
    building_blocks_title: str

    def game(self, *, building_blocks: bool = False) -> Game: ...
    def page(self, title: str) -> PageText: ...
    def extension_tags(self) -> tuple[str, ...]: ...
    def overrides(self, game: Game) -> list: ...
    def write(self, reads: dict[str, PageText], pages: dict[str, str], action: Action, report: Report, *,
              request_key: str = "", tag: str = "") -> list: ...


def ruleset_problem(title: str, model: ruleset_parser.Ruleset, where: str) -> None:
    """A Ruleset page without a single rule is the wrong page (or rendered HTML): say so."""
    if not model.rules:
        raise WikibotError(f"{where} has no rules: a Ruleset page has headings such as '== Ruleset and Gamestate =='."
                           " Is this the right page, saved as wikitext (not rendered HTML)?")


# --------------------------------------------------------------------------- the wiki
class WikiPages:
    """The configured wiki. A page read is kept for the store's life (one turn of the request desk, or one
    command), and a page saved is kept as saved: however many requests of a turn use the Ruleset, it is read
    once. With ``latest`` (the turn's first look at the pages' latest revisions, :meth:`wikibot.site.Wiki.latest`)
    a page the bot read before at that very revision (:class:`wikibot.site.Memory`) is not downloaded again.
    A save whose base is no longer the page's latest revision is recomputed on the newer text
    (:meth:`wikibot.site.Wiki.save`), so a page kept is never written over a human edit.

    The writes of one operation are preceded by one check of the run page and of every page written
    (:meth:`wikibot.site.Wiki.check`); ``also`` names pages that check looks at too (the request page, which
    the answer is written on next), and :attr:`checked` keeps what it found for that next save."""

    def __init__(self, wiki: Wiki, *, latest: dict | None = None, also: tuple[str, ...] = (), trust=None):
        self.wiki = wiki
        self.trust = trust     # the turn's wikibot.trust.Trust (who is an Admin, what Admins left), if it has one
        self.ruleset_title = wiki.settings.ruleset
        self.building_blocks_title = wiki.settings.building_blocks
        self.latest = latest or {}
        self.also = also
        self.checked: dict[str, PageText] = {}
        self._pages: dict[str, PageText] = {}
        self._games: dict[tuple, Game] = {}
        self._models: dict[int, ruleset_parser.Ruleset] = {}   # Rulesets parsed already, by revision

    def read(self, *titles: str) -> dict[str, PageText]:
        """The pages asked for; those not known yet at their latest revision in one query."""
        missing = []
        for title in dict.fromkeys(titles):
            if title in self._pages:
                continue
            seen = self.latest.get(title)
            known = self.wiki.memory.page(title, seen.revid) if seen is not None else None
            if known is not None:
                self._pages[title] = known
            else:
                missing.append(title)
        if missing:
            for title, page in self.wiki.read_pages(*missing).items():
                self._pages[title] = page
                self.wiki.memory.keep(page)
        return {t: self._pages[t] for t in titles}

    def keep(self, *pages: PageText) -> None:
        """Pages the turn read otherwise (in a query of its own), as this store's."""
        for page in pages:
            self._pages[page.title] = page
            self.wiki.memory.keep(page)

    def page(self, title: str) -> PageText:
        return self.read(title)[title]

    def parsed(self, ruleset: PageText, model: ruleset_parser.Ruleset) -> None:
        """The Ruleset as the turn read and parsed it already: not parsed again."""
        if ruleset.revid is not None:
            self._models[ruleset.revid] = model

    def forget(self, *titles: str) -> None:
        """Read these pages afresh when they are next asked for."""
        for title in titles or list(self._pages):
            self._pages.pop(title, None)

    def game(self, *, building_blocks: bool = False) -> Game:
        """The Ruleset, the gamestate page it names (when it exists) and, if asked, the Building Blocks page.
        The gamestate page is read in the same query as the Ruleset when the wiki told the bot before which
        page the Ruleset at its latest revision names (:meth:`wikibot.site.Wiki.tracking_page`)."""
        wanted = [self.ruleset_title] + ([self.building_blocks_title] if building_blocks else [])
        known = self.wiki.memory.tracking.get(self.ruleset_title)
        guess = known[1] if known else None   # the page the Ruleset named when last read, read with it
        pages = self.read(*wanted, *([guess] if guess else []))
        ruleset = pages[self.ruleset_title]
        if not ruleset.exists:
            raise WikiError(f"The Ruleset page “{self.ruleset_title}” does not exist on this wiki: set [pages] ruleset "
                            "in wikibot.toml.")
        made = self._games.get((ruleset.revid, building_blocks))
        model = made.model if made is not None else self._models.get(ruleset.revid)
        if model is None:
            model = self._models[ruleset.revid] = ruleset_parser.parse(ruleset.text)   # parsed once a turn
        title = model.gamestate_title()
        self.wiki.memory.tracking[self.ruleset_title] = (ruleset.revid, title)
        gamestate = self.page(title) if title else None
        blocks = pages.get(self.building_blocks_title) if building_blocks else None
        game = Game(ruleset, model, gamestate if gamestate is not None and gamestate.exists else None,
                    blocks if blocks is not None and blocks.exists else None)
        self._games[(ruleset.revid, building_blocks)] = game
        return game

    def extension_tags(self) -> tuple[str, ...]:
        return self.wiki.extension_tags()

    def overrides(self, game: Game) -> list:
        from wikibot.trust import read_overrides

        return read_overrides(self.wiki, self.trust)

    def write(self, reads: dict[str, PageText], pages: dict[str, str], action: Action, report: Report, *,
              request_key: str = "", tag: str = "") -> list[SavedEdit]:
        """Save every page that changed, all or nothing: a journal first, then each save (recomputed by
        ``action`` on a page someone edited since it was read); a failure half-way undoes the saves made."""
        texts = {title: page.text for title, page in reads.items()}
        changed = [t for t, new in pages.items() if new != texts.get(t, "")]

        def compute_for(title: str):
            def compute(text: str):
                if text == texts[title]:
                    return pages[title], meaning(report)       # as computed: no need to enact again
                new_pages, new_report = action({**texts, title: text})
                return new_pages.get(title, text), meaning(new_report)
            return compute

        journal = journal_mod.Journal(self.wiki.settings.state_dir, report.summary or report.action, request_key,
                                      [journal_mod.JournalPage(t, reads[t].revid, texts.get(t, ""), pages[t])
                                       for t in changed], tag=tag, steps=[s.to_dict() for s in report.steps])
        journal.write()
        saved: list[SavedEdit] = []
        try:
            self.checked = self.wiki.check(*changed, *[t for t in self.also if t not in changed])
            for entry in journal.pages:
                edit = self.wiki.save(reads[entry.title], compute_for(entry.title), journal.summary(report.summary),
                                      checked=self.checked[entry.title])
                if edit is not None:
                    entry.saved_revid = edit.revid
                    saved.append(edit)
                    self.keep(edit.page)
                    journal.write()
        except Exception as error:
            self._undo(journal, str(error))
            raise
        journal.settle(journal_mod.FINISHED, "")
        return saved

    def _undo(self, journal: journal_mod.Journal, reason: str) -> None:
        """Put back the pages already saved by an operation that failed half-way (if untouched since)."""
        for entry in journal.saved:
            self._pages.pop(entry.title, None)
            try:
                current = self.wiki.read(entry.title)
                if current.revid != entry.saved_revid:
                    continue   # edited since: left for recovery (journal.recover), which reports it
                self.wiki.replace(current, entry.old_text,
                                  journal.summary(f"{UNDO_PREFIX} “{journal.operation}”: it could not be completed"))
            except WikiError as error:
                log.warning("could not undo “%s” on “%s”: %s", journal.operation, entry.title, error)
                continue
            entry.saved_revid = None
            journal.write()
        if not journal.saved:
            journal.settle(journal_mod.UNDONE, reason)


def meaning(report: Report) -> tuple:
    """What a report says was done, step by step: compared again after an edit conflict."""
    return tuple((s.n, s.action, s.status) for s in report.steps)


# --------------------------------------------------------------------------- files
def read_text(path: str, what: str) -> str:
    """A saved page's wikitext (``what`` names it in a message): a missing or unreadable file is the user's to
    put right, said in one line."""
    file = Path(path)
    if not file.is_file():
        raise WikibotError(f"{what} file {path!r} does not exist: give the path of a saved copy of the page's "
                           "wikitext.")
    try:
        return file.read_text(encoding="utf-8-sig")  # a byte-order mark at the start is not text
    except UnicodeDecodeError as error:
        raise WikibotError(f"{what} file {path!r} is not UTF-8 text ({error.reason} at byte {error.start}): "
                           "save the page's wikitext as UTF-8.") from None
    except OSError as error:
        raise WikibotError(f"{what} file {path!r} cannot be read ({error.strerror}): check that it is a file you "
                           "may read.") from None


_UNSAFE = re.compile(r"[^\w .,()\-]+")


class FilePages:
    """The offline commands' files. The Ruleset file's page is called ``Ruleset``; the gamestate file's page
    has the title the Ruleset names (or the era's word for it, :meth:`parsers.ruleset.Ruleset.gamestate_title`);
    the Building Blocks file's page is ``Building Blocks``. A page no file was given for does not exist; one
    an operation creates (a reset's new tracking page) is written beside the Ruleset file, named after its
    title. A file is written whole or not at all, and only while it is still as it was read."""

    ruleset_title = "Ruleset"
    building_blocks_title = "Building Blocks"

    def __init__(self, ruleset: str | Path, *, gamestate: str | Path | None = None,
                 building_blocks: str | Path | None = None, overrides: str | Path | None = None):
        self.ruleset_file = Path(ruleset)
        self.gamestate_file = Path(gamestate) if gamestate else None
        self.building_blocks_file = Path(building_blocks) if building_blocks else None
        self.overrides_file = Path(overrides) if overrides else None
        self.files: dict[str, Path] = {self.ruleset_title: self.ruleset_file}
        if self.building_blocks_file:
            self.files[self.building_blocks_title] = self.building_blocks_file
        self._game: Game | None = None

    def _page(self, title: str, path: Path, what: str) -> PageText:
        return PageText(title, read_text(str(path), what), 0)

    def game(self, *, building_blocks: bool = False) -> Game:
        if self._game is None:
            ruleset = self._page(self.ruleset_title, self.ruleset_file, "Ruleset")
            model = ruleset_parser.parse(ruleset.text)
            ruleset_problem(self.ruleset_title, model, repr(str(self.ruleset_file)))
            gamestate = None
            if self.gamestate_file:
                title = model.gamestate_title(stand_in=True)
                self.files[title] = self.gamestate_file
                gamestate = self._page(title, self.gamestate_file, "Gamestate")
            blocks = (self._page(self.building_blocks_title, self.building_blocks_file, "Building Blocks")
                      if self.building_blocks_file else None)
            self._game = Game(ruleset, model, gamestate, blocks, named=model.tracking_page() is not None)
        game = self._game
        return game if building_blocks else Game(game.ruleset, game.model, game.gamestate, None, game.named)

    def page(self, title: str) -> PageText:
        game = self.game(building_blocks=True)
        if title in game.reads:
            return game.reads[title]
        return PageText(title, "", None)   # no file: the page does not exist

    def extension_tags(self) -> tuple[str, ...]:
        return ()   # offline no extension is assumed: the strict reading (parsers.hazards)

    def overrides(self, game: Game) -> list:
        if not self.overrides_file:
            return []
        from actions.constraints import parse_overrides

        return parse_overrides(read_text(str(self.overrides_file), "Constraints"))

    def path_of(self, title: str) -> Path:
        """The file a page is written to: the one given for it, else a new one beside the Ruleset file."""
        if title in self.files:
            return self.files[title]
        name = _UNSAFE.sub("_", title).strip(" ._") or "page"
        return self.ruleset_file.with_name(f"{name}.wiki")

    def write(self, reads: dict[str, PageText], pages: dict[str, str], action: Action, report: Report, *,
              request_key: str = "", tag: str = "") -> list[SavedFile]:
        """Write every changed page's file: all or nothing. Each file is checked first — one given must still
        hold what was read, one created must not exist — then each is written beside itself and renamed over
        the old one, so that no file is left half-written."""
        changed = [t for t, new in pages.items() if new != (reads[t].text if t in reads else "")]
        targets = {title: self.path_of(title) for title in changed}
        for title, path in targets.items():
            page = reads.get(title)
            if page is not None and page.exists:
                if read_text(str(path), title) != page.text:
                    raise WikibotError(f"{path} changed since the bot read it; nothing was written. Run the command "
                                       "again on the file as it is now.")
            elif path.exists():
                raise WikibotError(f"{path} exists already, and the bot writes the page “{title}” only where there "
                                   "is none; nothing was written. Move that file away and run the command again.")
        staged: list[tuple[Path, Path]] = []
        try:
            for title, path in targets.items():
                temporary = path.with_name(path.name + ".wikibot-tmp")
                with open(temporary, "w", encoding="utf-8") as out:
                    out.write(pages[title])
                    out.flush()
                    os.fsync(out.fileno())
                staged.append((temporary, path))
            for temporary, path in staged:
                os.replace(temporary, path)
        except OSError as error:
            for temporary, _path in staged:
                temporary.unlink(missing_ok=True)
            raise WikibotError(f"{error.filename} cannot be written ({error.strerror}); check that its folder "
                               "may be written.") from None
        return [SavedFile(title, path) for title, path in targets.items()]


__all__ = ["Action", "Game", "PageStore", "WikiPages", "FilePages", "SavedFile", "UNDO_PREFIX", "meaning",
           "read_text"]

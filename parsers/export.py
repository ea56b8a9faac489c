"""A MediaWiki XML export (``Special:Export`` with its history, or ``dumpBackup.php --full``) as revisions.

Pure: the export's bytes (a file object) in, one :class:`ExportRevision` per revision out, page by page,
in the order the export holds them. The format is read by ``mwxml`` (MediaWiki's own maintained reader
of its export schema), never by hand. A revision whose text, author or summary was hidden (``deleted``)
comes out with ``None`` in its place: the caller decides what an unreadable text means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO, Iterator

from parsers.errors import WikibotError


class ExportError(WikibotError):
    """The file is not a MediaWiki XML export; the message says what to give instead."""


@dataclass(frozen=True)
class ExportRevision:
    title: str            # the page's full title, namespace included: "User:WikiBot/Requests"
    revid: int
    parent: int           # 0 when the export names none (the page's first revision)
    user: str             # "" when hidden
    timestamp: str        # API form: 2026-01-02T03:04:05Z
    comment: str
    text: str | None      # None when hidden


def _full_title(page, namespaces: dict[int, str]) -> str:
    title = page.title or ""
    prefix = namespaces.get(page.namespace or 0, "")
    # mwxml keeps the title as the export writes it, which is the full title; a bare one gets its namespace
    return title if not prefix or title.startswith(prefix + ":") else f"{prefix}:{title}"


def read_export(file: BinaryIO) -> Iterator[ExportRevision]:
    """Every revision of every page of the export, in the export's order."""
    import mwxml

    try:
        dump = mwxml.Dump.from_file(file)
    except Exception as error:   # mwxml raises bare errors of its XML layer for anything else
        raise ExportError(f"not a MediaWiki XML export ({type(error).__name__}: {error}); save the pages' history "
                          "with Special:Export (“Include only the current revision” unticked)") from None
    namespaces = {ns.id: ns.name for ns in (dump.site_info.namespaces or []) if ns.name}
    try:
        for page in dump:
            title = _full_title(page, namespaces)
            for rev in page:
                slot = rev.slots.contents.get("main") if rev.slots else None
                text = None if slot is None or (slot.deleted or rev.deleted.text) else (slot.text or "")
                user = "" if rev.user is None or rev.deleted.user else (rev.user.text or "")
                yield ExportRevision(title, int(rev.id), int(rev.parent_id or 0), user,
                                     rev.timestamp.long_format() if rev.timestamp else "",
                                     "" if rev.deleted.comment else (rev.comment or ""), text)
    except ExportError:
        raise
    except Exception as error:
        raise ExportError(f"the export cannot be read to its end ({type(error).__name__}: {error}); save it again "
                          "with Special:Export") from None



def export_titles(file: BinaryIO) -> list[str]:
    """The titles of the export's pages (a first pass, to know which page is which before reading texts)."""
    import mwxml

    try:
        dump = mwxml.Dump.from_file(file)
        namespaces = {ns.id: ns.name for ns in (dump.site_info.namespaces or []) if ns.name}
        return [_full_title(page, namespaces) for page in dump]
    except Exception as error:
        raise ExportError(f"not a MediaWiki XML export ({type(error).__name__}: {error}); save the pages' history "
                          "with Special:Export (“Include only the current revision” unticked)") from None


__all__ = ["ExportRevision", "ExportError", "read_export", "export_titles"]

"""The one error type for what the user can put right: :class:`WikibotError`, with its kinds.

Every failure the bot means to tell its user about — a file or page it cannot use, an input beyond
its limits, a configuration to fix, a wiki that refuses or does not answer — is a
:class:`WikibotError` (or a subclass, such as :class:`parsers.limits.TooLarge`), whose message is one
line that says what happened and what to do. The command line turns it into that line and exit
status 2. Anything else that escapes is a bug of the bot, never the user's mistake, and is shown as
one (``wikibot.cli``).

It lives at the bottom of the layers (``parsers/``) so that every layer can raise it; it is pure.
"""

from __future__ import annotations

#: a file, an argument, a page's text or a request the bot cannot use as given
INPUT = "input"
#: an input beyond one of the size limits (:mod:`parsers.limits`)
LIMIT = "limit"
#: the bot's configuration (``user-config.py``, ``wikibot.toml``) or its state directory
CONFIG = "config"
#: the wiki refused, did not answer, or holds pages the bot cannot work on
WIKI = "wiki"

KINDS = (INPUT, LIMIT, CONFIG, WIKI)


class WikibotError(Exception):
    """Something the user (or whoever runs the bot) can put right; the message says what and how.

    ``kind``: one of :data:`KINDS`; a subclass sets its own."""

    kind = INPUT

    def __init__(self, message: str, kind: str | None = None):
        super().__init__(message)
        if kind is not None:
            if kind not in KINDS:
                raise ValueError(f"unknown kind of WikibotError {kind!r}")
            self.kind = kind


__all__ = ["WikibotError", "INPUT", "LIMIT", "CONFIG", "WIKI", "KINDS"]

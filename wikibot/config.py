"""The bot's settings, read from ``wikibot.toml`` beside pywikibot's ``user-config.py``.

Pywikibot's own configuration (which wiki, which account, the BotPassword) stays in
``user-config.py`` / ``user-password.py`` in the directory named by ``PYWIKIBOT_DIR``. The bot's
settings live in ``wikibot.toml`` in the same directory; every key is optional::

    [pages]
    ruleset = "Ruleset"
    building_blocks = "Building Blocks"
    requests = "User:WikiBot/Requests"       # default User:<bot>/Requests
    run = "User:WikiBot/Run"                 # default User:<bot>/Run; writes only while it says true
    log = "User:WikiBot/Log"                 # default User:<bot>/Log
    constraints = "User:WikiBot/Constraints" # default User:<bot>/Constraints
    audit = "User:WikiBot/Audit"             # default User:<bot>/Audit: the standing audit of the Ruleset
    admins = ""                              # optional on-wiki list of extra Admins

    [schedule]
    poll_seconds = 60
    patrol_seconds = 60

    [guard]
    mode = "revert"        # or "report-only"
    revert_admins = false  # Admins' edits are reported, not reverted, unless true

    [state]
    directory = ""         # where the journal and the patrol mark are kept; default <config dir>/state
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from parsers.errors import CONFIG, WikibotError

SETTINGS_FILE = "wikibot.toml"


class ConfigError(WikibotError):
    """The configuration cannot be used; the message says what to fix."""

    kind = CONFIG


@dataclass
class Settings:
    config_dir: Path
    ruleset: str = "Ruleset"
    building_blocks: str = "Building Blocks"
    requests: str = ""
    run: str = ""
    log: str = ""
    constraints: str = ""
    audit: str = ""
    admins: str = ""
    poll_seconds: float = 60
    patrol_seconds: float = 60
    guard_mode: str = "revert"
    revert_admins: bool = False
    state_dir: Path = field(default=Path())

    def for_bot(self, username: str) -> "Settings":
        """Fill the pages that default to the bot's own user space."""
        user = f"User:{username}"
        self.requests = self.requests or f"{user}/Requests"
        self.run = self.run or f"{user}/Run"
        self.log = self.log or f"{user}/Log"
        self.constraints = self.constraints or f"{user}/Constraints"
        self.audit = self.audit or f"{user}/Audit"
        return self


def config_dir(explicit: str | os.PathLike | None = None) -> Path:
    """The pywikibot directory: ``--config-dir``, else ``PYWIKIBOT_DIR``, else the current directory."""
    raw = explicit or os.environ.get("PYWIKIBOT_DIR") or os.getcwd()
    path = Path(raw).expanduser().resolve()
    if not (path / "user-config.py").is_file():
        raise ConfigError(
            f"No user-config.py in {path}: copy user-config.example.py there as user-config.py and fill in "
            "the wiki and the bot account (or pass --config-dir, or set PYWIKIBOT_DIR).")
    return path


def load(explicit_dir: str | os.PathLike | None = None) -> Settings:
    """Read the settings and point pywikibot at the config directory (before it is imported)."""
    directory = config_dir(explicit_dir)
    os.environ["PYWIKIBOT_DIR"] = str(directory)
    settings = Settings(config_dir=directory, state_dir=directory / "state")
    file = directory / SETTINGS_FILE
    if not file.exists():
        return settings
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{file} is not valid TOML: {error}. Fix that line and start again.") from None
    pages = data.get("pages", {})
    for key in ("ruleset", "building_blocks", "requests", "run", "log", "constraints", "admins", "audit"):
        if key in pages:
            value = pages[key]
            if not isinstance(value, str):
                raise ConfigError(f"{file}: [pages] {key} must be a page title in quotes, not {value!r}.")
            setattr(settings, key, value.strip())
    schedule = data.get("schedule", {})
    for key in ("poll_seconds", "patrol_seconds"):
        if key in schedule:
            value = schedule[key]
            if not isinstance(value, (int, float)) or value <= 0:
                raise ConfigError(f"{file}: [schedule] {key} must be a positive number of seconds, not {value!r}.")
            setattr(settings, key, float(value))
    guard = data.get("guard", {})
    mode = guard.get("mode", settings.guard_mode)
    if mode not in ("revert", "report-only"):
        raise ConfigError(f"{file}: [guard] mode must be \"revert\" or \"report-only\", not {mode!r}.")
    settings.guard_mode = mode
    settings.revert_admins = bool(guard.get("revert_admins", False))
    state = data.get("state", {})
    if state.get("directory"):
        settings.state_dir = Path(state["directory"]).expanduser()
    return settings

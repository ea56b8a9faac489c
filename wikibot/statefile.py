"""The bot's own state on disk (journals, the patrol's mark): JSON files written atomically.

A file is written whole or not at all — written to a temporary file beside it, flushed to disk,
then renamed over the old one — so a process killed at any moment leaves the old state or the
new, never half of one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


#: a temporary file older than this belongs to a write that was killed (a write takes milliseconds)
LEFTOVER_SECONDS = 60.0


def remove_leftovers(directory: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of writes killed before their rename; the files removed."""
    import time

    if not directory.is_dir():
        return []
    now = time.time() if now is None else now
    gone = []
    for temporary in directory.glob("*.json.tmp"):
        try:
            if now - temporary.stat().st_mtime > LEFTOVER_SECONDS:
                temporary.unlink()
                gone.append(temporary)
        except FileNotFoundError:
            continue
    return gone


def write_json(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically (creating its folder if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)

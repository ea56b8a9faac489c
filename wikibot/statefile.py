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


def write_json(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically (creating its folder if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)

"""``wikibot demo`` as a new user runs it: it answers, and leaves no dead links and no files behind."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_demo_answers_and_cleans_up(tmp_path):
    """Run with ``--port``: the wiki is served on the port asked for (a free one is found otherwise, as the test
    wiki's own fixture does)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = subprocess.run([sys.executable, "-m", "wikibot", "demo", "--port", str(port)], cwd=REPO,
                          capture_output=True, text=True, timeout=600,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Done" in done.stdout
    assert f"A throwaway wiki is running at http://127.0.0.1:{port}/ " in done.stdout
    assert "Look at it" not in done.stdout and "index.php" not in done.stdout   # no links to a stopped wiki
    [home] = re.findall(r"files in (\S+),", done.stdout)
    assert not Path(home).exists() and list(tmp_path.glob("wikibot-demo-*")) == []

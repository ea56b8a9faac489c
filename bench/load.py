"""The load tests at full size, on a real local MediaWiki: 200 queued requests, 1,000 gamestate edits.

    .venv/bin/python bench/load.py

Runs ``tests/wiki/test_request_load.py`` and ``tests/wiki/test_patrol_load.py`` with ``--full-load``.
The test suite runs them at the sizes that prove their properties (answered exactly once, in page
order, at a fixed cost per request; every revision judged exactly once across cycles and a restart);
here they run long enough to time: 200 requests queued on the request page, answered in one poll,
and a burst of 1,000 gamestate edits by five users patrolled in four cycles with a restart. Every
assertion of the tests holds at this size too: a failure exits non-zero.

Prints `name: value` lines.
"""

from __future__ import annotations

import re
import subprocess
import sys

from common import ROOT

TESTS = ["tests/wiki/test_request_load.py", "tests/wiki/test_patrol_load.py"]
REQUESTS = re.compile(r"request load: (?P<n>\d+) requests answered in (?P<seconds>[\d.]+) s \((?P<ms>\d+) ms each\), "
                      r"(?P<calls>\d+) API requests \((?P<per>[\d.]+) per request\)")
PATROL = re.compile(r"patrol load: (?P<edits>\d+) edits in (?P<cycles>\d+) cycles, (?P<undone>\d+) undone, "
                    r"(?P<reported>\d+) reported, (?P<rate>\d+) revisions judged per second")


def main() -> int:
    # one process (-n 0): the load tests print their measures, which pytest-xdist's workers would not pass on
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-n", "0", "-p", "no:cacheprovider", "--full-load",
                           *TESTS], cwd=ROOT, capture_output=True, text=True)
    requests, patrol = REQUESTS.search(done.stdout), PATROL.search(done.stdout)
    if done.returncode != 0 or not requests or not patrol:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-30:])
        print(f"bench/load.py: the load tests failed at full size (exit {done.returncode}):\n{tail}", file=sys.stderr)
        return 1
    print(f"request_load_requests: {requests['n']}")
    print(f"request_load_seconds: {requests['seconds']}")
    print(f"request_load_ms_per_request: {requests['ms']}")
    print(f"request_load_api_requests_per_request: {requests['per']}")
    print(f"patrol_load_edits: {patrol['edits']}")
    print(f"patrol_load_cycles: {patrol['cycles']}")
    print(f"patrol_load_undone: {patrol['undone']}")
    print(f"patrol_load_reported: {patrol['reported']}")
    print(f"patrol_load_revisions_per_second: {patrol['rate']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The reader's readings, frozen: every proposal body and Address the tests and fixtures hold reads
as recorded in ``tests/golden/`` (see ``tests/goldendata.py``).  A reading changed on purpose carries
its ``why`` in the file; any other change fails here, naming the body."""

from __future__ import annotations

import pytest

from goldendata import address_reading, load, reading
from parsers.errors import WikibotError

PROPOSALS = load("proposals")
ADDRESSES = load("addresses")


def _comparable(reading):
    """A reading as compared: an unread step's reason may be worded anew (what matters is that the
    step is not read); every other field must be as recorded."""
    if isinstance(reading, list):
        return [{k: v for k, v in step.items() if not (step.get("kind") == "Unsupported" and k == "reason")}
                for step in reading]
    return reading


def _check(entries, key, read):
    wrong = []
    for entry in entries:
        try:
            now = read(entry["text"])
        except WikibotError as exc:
            now = {"refused": f"{type(exc).__name__}: {exc}"}
        if _comparable(now) != _comparable(entry[key]):
            wrong.append(entry["text"][:120])
    return wrong


def test_golden_files_are_there():
    assert len(PROPOSALS) > 500 and len(ADDRESSES) > 200
    assert not [e for e in PROPOSALS + ADDRESSES if str(e.get("why", "")).startswith("TODO")], \
        "a changed reading needs its why"


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_proposals_read_as_recorded(part):
    entries = PROPOSALS[part::4]
    wrong = _check(entries, "steps", reading)
    assert not wrong, f"{len(wrong)} bodies read differently from tests/golden/proposals.json: {wrong[:5]}"


def test_addresses_read_as_recorded():
    wrong = _check(ADDRESSES, "plan", address_reading)
    assert not wrong, f"{len(wrong)} Addresses read differently from tests/golden/addresses.json: {wrong[:5]}"

"""One meaning in many wordings (``tests/variants.py``): every wording reads as the one step its
meaning is, or is refused with a reason — never a different step; and almost all of them read.

The generated set has some fifty-three thousand wordings; a fixed, evenly spread sample of each
meaning runs here (``bench/variants.py`` reads them all)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from parsers.proposal import parse_steps
from variants import MEANINGS, verdict, wrapped

#: thousands of wordings read: seconds, so left out of -m "not slow"
pytestmark = pytest.mark.slow

PER_MEANING = 220


def _sample(make):
    every = list(make())
    stride = max(1, len(every) // PER_MEANING)
    return every[::stride]


@pytest.mark.slow
@pytest.mark.parametrize("make", MEANINGS, ids=lambda m: m.__name__)
def test_every_wording_reads_as_its_meaning_or_is_refused(make):
    wrong, refused, read = [], [], 0
    for v in _sample(make):
        steps = parse_steps(v.text)
        fared = verdict(v, steps)
        if fared == "read":
            read += 1
        elif fared == "refused":
            refused.append(v.text)
        else:
            wrong.append((v.text, steps))
    assert not wrong, f"read as another step: {wrong[:3]}"
    assert read / (read + len(refused)) >= 0.97, f"only {read} of {read + len(refused)} read; refused: {refused[:5]}"


def test_the_matrix_crosses_its_parts():
    """Each meaning is many wordings, not a handful."""
    counts = defaultdict(int)
    for make in MEANINGS:
        counts[make.__name__] = sum(1 for _ in make())
    assert sum(counts.values()) > 15000 and min(counts.values()) >= 30, counts


@pytest.mark.slow
@pytest.mark.parametrize("make", MEANINGS, ids=lambda m: m.__name__)
def test_a_wording_broken_over_two_lines_reads_the_same(make):
    """An instruction broken off mid-sentence ("In the rule “X”, remove" ⏎ "“old text”.") is one instruction:
    each sampled one-line wording, broken at one of its spaces, reads as its meaning or is refused — never
    as another step; and almost all of them read."""
    wrong, refused, read = [], [], 0
    for n, v in enumerate(_sample(make)[::4]):
        if "\n" in v.text or v.text.count(" ") < 2:
            continue
        w = wrapped(v, n * 7)
        fared = verdict(w, parse_steps(w.text))
        if fared == "read":
            read += 1
        elif fared == "refused":
            refused.append(w.text)
        else:
            wrong.append((w.text, parse_steps(w.text)))
    assert not wrong, f"read as another step: {wrong[:3]}"
    assert read >= 0.9 * (read + len(refused)), f"only {read} of {read + len(refused)} read; refused: {refused[:5]}"

"""Every hostile input of the corpus (tests/hostile/corpus.py) gets its expected answer,
within bounds of time and memory. The bounds here are loose, for a busy CI machine; the
faults they guard against cost hours and gigabytes. ``python -m tests.fuzz --corpus``
measures the real worst time and peak memory."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from tests.hostile.corpus import Entry, entries, judge

SECONDS = 10.0
MEGABYTES = 200


@pytest.mark.parametrize("entry", entries(), ids=lambda e: f"{e.kind}:{e.name}")
def test_corpus_entry_gets_its_answer_within_bounds(entry: Entry, tmp_path: Path) -> None:
    """The process's peak resident size may not grow by more than the bound (cheaper
    than tracing every allocation, which would slow the big inputs tenfold)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    answer = judge(entry, tmp_path)
    elapsed = time.perf_counter() - started
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert answer == entry.expected
    assert elapsed < SECONDS, f"{elapsed:.2f} s"
    assert grown_kib < MEGABYTES << 10, f"{grown_kib >> 10} MB"


def test_the_expected_answers_name_every_committed_file() -> None:
    """A file added to the corpus without its answer would be silently skipped."""
    from tests.hostile.corpus import CORPUS

    named = {e.name for e in entries()}
    for folder in ("records", "cases", "boards"):
        for path in (CORPUS / folder).iterdir():
            assert f"{folder}/{path.name}" in named, f"{path} has no expected answer"

"""Every hostile input of the corpus (tests/hostile/corpus.py) gets its expected answer,
within bounds of work and memory. The bounds here are loose; the faults they guard against
cost hours and gigabytes. The work is this process's CPU time, not the wall clock, so that
the bound holds or not by the input, not by how busy the machine is.
``python -m tests.fuzz --corpus`` measures the real worst time and peak memory."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.hostile.corpus import Entry, entries, judge, traced_peak

SECONDS = 10.0
MEGABYTES = 200


@pytest.mark.parametrize("entry", entries(), ids=lambda e: f"{e.kind}:{e.name}")
def test_corpus_entry_gets_its_answer_within_bounds(entry: Entry, tmp_path: Path) -> None:
    """Its CPU time counted as it runs, then judged again for the memory this input alone costs
    (:func:`traced_peak`): the process's peak resident size, used before, had often been
    raised by an earlier test in the same worker beyond anything this input could add, so
    the bound held or not by the order the tests ran in."""
    started = time.process_time()
    answer = judge(entry, tmp_path)
    elapsed = time.process_time() - started
    assert answer == entry.expected
    assert elapsed < SECONDS, f"{elapsed:.2f} s"
    peak = traced_peak(entry, tmp_path)
    assert peak < MEGABYTES << 20, f"{peak >> 20} MB"


def test_the_expected_answers_name_every_committed_file() -> None:
    """A file added to the corpus without its answer would be silently skipped."""
    from tests.hostile.corpus import CORPUS

    named = {e.name for e in entries()}
    for folder in ("records", "cases", "boards"):
        for path in (CORPUS / folder).iterdir():
            assert f"{folder}/{path.name}" in named, f"{path} has no expected answer"

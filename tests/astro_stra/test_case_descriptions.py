"""Astro-Stra conformance cases say what their data does: a move a description names
("from point 1 to 7", "(9 to 3)", "advances 3 to 5", "'3>7'") is one the case's record
writes.

An engine's author reads a case's description to learn what the case tests; a description
whose move is not the record's misleads that author. The moves are read from the
descriptions by the phrasings the suite uses, and each is looked for in the turn lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core.conformance.cases import case_files

CASES = Path(__file__).resolve().parents[2] / "conformance" / "astro-stra"
FILES = [f for _, f in case_files(CASES)]
DESCRIPTIONS = {case.id: " ".join(case.description.split()) for f in FILES for case in f.cases}
MOVES = {case.id: [m for m in case.moves if isinstance(m, str)] for f in FILES for case in f.cases}

#: "(9 to 3)", "from point 1 to 7", "from 5 to 2", "on 5 to 11", "advances 3 to 5", "3>7".
_MOVE = re.compile(
    r"\((?P<a>\d+) to (?P<b>\d+)\)"
    r"|\b(?:from (?:point )?|on |advances )(?P<c>\d+) to (?P<d>\d+)\b"
    r"|\b(?P<e>\d+)>(?P<f>\d+)\b",
    re.IGNORECASE,
)


def said_moves(description: str) -> Iterator[tuple[int, int]]:
    """Each move (from, to) the description names."""
    for m in _MOVE.finditer(description):
        a, b = (int(v) for v in m.groups() if v is not None)
        yield a, b


def missing_moves(description: str, moves: list[str]) -> list[str]:
    """The moves the description names that no turn line writes."""
    return [
        f"{a}>{b}"
        for a, b in said_moves(description)
        if not any(re.search(rf"(?<![0-9]){a}>{b}(?![0-9])", line) for line in moves)
    ]


def test_the_reader_finds_the_phrasings_it_is_for() -> None:
    text = "From point 1 to 7; (9 to 3); advances 3 to 5; on 5 to 11; the move 3>7."
    assert list(said_moves(text)) == [(1, 7), (9, 3), (3, 5), (5, 11), (3, 7)]
    assert not list(said_moves("A die shows 1 to 6."))


def test_a_move_not_in_the_record_is_found() -> None:
    line = (
        "1. black: dice red=4 green=1 blue=5 | S=red T=green A=blue | skill red A=6"
        " | target 9 | moves 9>3"
    )
    assert missing_moves("It goes back 6 (9 to 3).", [line]) == []
    assert missing_moves("It goes from point 9 to 4.", [line]) == ["9>4"]
    assert missing_moves("It goes 19>3.", [line]) == ["19>3"]


def test_the_reader_finds_the_descriptions_moves() -> None:
    """The suite's descriptions name moves in these phrasings: a good many are read."""
    assert sum(1 for d in DESCRIPTIONS.values() for _ in said_moves(d)) >= 7


@pytest.mark.parametrize("case_id", sorted(DESCRIPTIONS))
def test_a_description_gives_the_records_moves(case_id: str) -> None:
    """A move a description names is written in the case's record."""
    wrong = missing_moves(DESCRIPTIONS[case_id], MOVES[case_id])
    assert not wrong, f"{case_id}: the record does not write {', '.join(wrong)}"

"""Orbit Dominion conformance cases say what their data does: the ply a description puts the
start at ("Blue to move at ply 30", "A start at ply 10"), the side it says is to move, the
count it says the game is decided at ("decided at 31 actions") and the sector it puts a
flagship on ("the blue flagship on I3") are the case's own start position and expectation.

An engine's author reads a case's description to learn what the case tests; a description
whose numbers are not the case's misleads that author (issue: `dn.setup.battleship-low-
production` said "production 1" for a sector of 0). The numbers are read from the
descriptions by the phrasings the suite uses, and each is checked against the case."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core.conformance.cases import Case, case_files

CASES = Path(__file__).resolve().parents[2] / "conformance" / "orbit-dominion"
ALL = {case.id: case for _, f in case_files(CASES) for case in f.cases}
STANDARD = "r....bb....r/rr....bb..../R....bB....r r 0 -"
ORBITS = "OMI"

#: "Blue to move at ply 30", "A start at ply 10", "from ply 80", "Red M5-M6 at ply 118".
_PLY = re.compile(
    r"\b(?:(?P<side>red|blue) to move )?(?:at|from) ply (?P<ply>\d+)\b(?! (?:is|are))",
    re.IGNORECASE,
)
#: "decided at 31 actions".
_DECIDED = re.compile(r"\bdecided at (?P<n>\d+) actions?\b", re.IGNORECASE)
#: "the blue flagship on I3", "red flagship on O0".
_FLAGSHIP = re.compile(r"\b(?P<side>red|blue) flagship on (?P<sector>[OMI]\d{1,2})\b")


def _start(case: Case) -> str:
    return STANDARD if case.start in (None, "standard") else str(case.start)


def _at(position: str, sector: str) -> str:
    board = position.split()[0].split("/")
    return board[ORBITS.index(sector[0])][int(sector[1:])]


def claims(description: str, case: Case) -> Iterator[str]:
    """Each number or placement the description gives that its case does not have."""
    position = _start(case)
    side, ply = position.split()[1:3]
    first = _PLY.search(description)
    if first is not None and case.start not in (None, "standard"):
        if int(first["ply"]) != int(ply):
            yield f"ply {first['ply']}, the start {ply}"
        if first["side"] and first["side"][0].lower() != side:
            yield f"{first['side']} to move, the start {side}"
    for m in _DECIDED.finditer(description):
        outcome = case.expect.outcome
        if outcome is None or outcome.decided_at != int(m["n"]):
            yield f"decided at {m['n']}, the case {outcome and outcome.decided_at}"
    flagship = {"red": "R", "blue": "B"}
    if not case.moves:  # a placement before any action is the start's
        for m in _FLAGSHIP.finditer(description):
            if _at(position, m["sector"]) != flagship[m["side"]]:
                yield f"{m['side']} flagship on {m['sector']}, not in the start"


def test_each_phrasing_is_read_and_a_wrong_number_found() -> None:
    """Every kind of claim can fail: a ply, a side, a decided count, a flagship's sector."""
    case = Case.model_validate(
        {
            "id": "od.x",
            "refs": ["7-1"],
            "source": "x",
            "description": "d",
            "start": "....r......./b.........../Rb....B..... b 30 -",
            "expect": {"outcome": {"winner": "blue", "reason": "pincer", "decided_at": 31}},
        }
    )
    right = "Blue to move at ply 30, the red flagship on I0; decided at 31 actions."
    assert list(claims(right, case)) == []
    wrong = "Red to move at ply 29, the red flagship on I1; decided at 30 actions."
    assert list(claims(wrong, case)) == [
        "ply 29, the start 30",
        "Red to move, the start b",
        "decided at 30, the case 31",
        "red flagship on I1, not in the start",
    ]


def test_the_reader_finds_the_descriptions_numbers() -> None:
    """The suite's descriptions use these phrasings often: a check finding nothing fails."""
    found = sum(
        1
        for case in ALL.values()
        for r in (_PLY, _DECIDED, _FLAGSHIP)
        for _ in r.finditer(case.description)
    )
    assert found >= 25


@pytest.mark.parametrize("case_id", sorted(ALL))
def test_a_description_gives_its_cases_numbers(case_id: str) -> None:
    """Notation (the position's ply and side), 第8条 (the count a game is decided at), 第2条
    (the flagships' sectors): what a description says of them is its case's."""
    case = ALL[case_id]
    wrong = list(claims(" ".join(case.description.split()), case))
    assert not wrong, f"{case_id}: {'; '.join(wrong)}"

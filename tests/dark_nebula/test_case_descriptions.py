"""Dark Nebula conformance cases say what their data does: every number a case's description
gives for something the board definition fixes (a sector's production, a counter's price,
attack or allowance) is the default board's.

A description also says what its record holds — a 10.7 roll ("rolls of 4, 5 and 6"), a
turn ("in turn 3"), a counter's die ("the command ship's 1 hits it") — and each of those is
looked for in the case's moves.

An engine's author reads a case's description to learn what the case tests; a description
naming a sector "of production 1" when the sector produces 0 misleads that author (and
tests nothing the description claims). The numbers are read from the descriptions by the
few phrasings the suite uses, and each is checked against the board data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core.conformance.cases import case_files
from adjudicator.dark_nebula.board import default_board

BOARD = default_board()
CASES = Path(__file__).resolve().parents[2] / "conformance" / "dark-nebula"
DESCRIPTIONS = {
    case.id: " ".join(case.description.split()) for _, f in case_files(CASES) for case in f.cases
}
MOVES = {
    case.id: [m for m in case.moves if isinstance(m, str)]
    for _, f in case_files(CASES)
    for case in f.cases
}
PRODUCTION = {s.id: s.production for s in BOARD.sectors}
COUNTERS = {c.id: c for c in BOARD.counters}
COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

_SECTOR = "|".join(sorted(PRODUCTION, key=len, reverse=True))
#: The English name of a counter in a description: its id with spaces, longest first so
#: that "new cruiser" is not read as "cruiser".
_COUNTER = "|".join(sorted((k.replace("_", " ") for k in COUNTERS), key=len, reverse=True))
#: "Tyrann 3", "Tyrann produces 3", "Tyrann's 3", "Raibia, a sector of production 0",
#: "Nebula-3 holds …: its production 1".
_SECTOR_PRODUCTION = re.compile(
    rf"\b(?P<sector>{_SECTOR})(?:'s|,? (?:produces|a sector of production|of production)"
    rf"|(?P<its> [^.:;]*?: its production))? (?P<value>\d+)\b(?![-.]?\d)",
    re.IGNORECASE,
)
#: A production value a description gives for "a sector", and the sector named just before it.
_UNNAMED = re.compile(r"\b(?:a|the) sector of production \d", re.IGNORECASE)
_NAMED_BEFORE = re.compile(rf"\b(?:{_SECTOR}), $", re.IGNORECASE)


def unnamed(description: str) -> bool:
    """Whether a production value is given for a sector the description does not name."""
    return any(
        not _NAMED_BEFORE.search(description[: m.start()]) for m in _UNNAMED.finditer(description)
    )


#: "a cruiser (3)", "three guard ships (6)", "two cruisers cost 6".
_PRICE = re.compile(
    rf"\b(?P<count>{'|'.join(COUNT)}) (?<!new )(?P<counter>{_COUNTER})s?"
    rf"(?: \((?:price )?| cost )(?P<value>\d+)\b(?! \+)",
    re.IGNORECASE,
)
#: "a cruiser's attack of 2", "the command ship's allowance of 3".
_VALUE = re.compile(
    rf"(?<!new )\b(?P<counter>{_COUNTER})'s (?P<what>attack|allowance) (?:of )?(?P<value>\d+)\b",
    re.IGNORECASE,
)


#: "a cruiser (allowance 2)", "the battleship's reach (allowance 1)", "a rebel guard ship
#: (allowance 0)".
_ALLOWANCE = re.compile(
    rf"(?<!new )\b(?P<counter>{_COUNTER})(?:'s reach)? \(allowance (?P<value>\d+)\)",
    re.IGNORECASE,
)
#: "a roll of 3", "rolls of 4, 5 and 6": the 10.7 dice the record writes, in its order.
_ROLLS = re.compile(r"\brolls? of (?P<values>\d+(?:(?:, | and |, and )\d+)*)", re.IGNORECASE)
#: "in turn 3", "turn 2's", "the turn-1 extra battleship": a turn the record plays.
_TURN = re.compile(r"\bturn[ -](?P<turn>\d+)\b", re.IGNORECASE)
#: "the command ship's 1 hits it", "a cruiser's 6 misses": a die the record writes.
_DIE = re.compile(
    rf"(?<!new )\b(?P<counter>{_COUNTER})'s (?P<value>\d) (?:hits|misses)\b", re.IGNORECASE
)
_ROLL_WRITTEN = re.compile(r"\broll (\d+)\b")


def _subsequence(wanted: list[int], written: list[int]) -> bool:
    it = iter(written)
    return all(any(w == v for v in it) for w in wanted)


def record_claims(description: str, moves: list[str]) -> Iterator[str]:
    """What the description says the record holds and the record does not: a roll, a turn,
    a counter's die (each wrong one, said)."""
    rolls = [int(v) for m in moves for v in _ROLL_WRITTEN.findall(m)]
    for m in _ROLLS.finditer(description):
        said = [int(v) for v in re.findall(r"\d+", m["values"])]
        if not _subsequence(said, rolls):
            yield f"rolls {said}, the record {rolls}"
    turns = {m.split(".", 1)[0] for m in moves if re.match(r"\d+\.", m)}
    for m in _TURN.finditer(description):
        if m["turn"] not in turns:
            yield f"turn {m['turn']}, the record plays turns {sorted(turns, key=int)}"
    for m in _DIE.finditer(description):
        kind = _counter(m["counter"])
        die = re.compile(rf"\.{kind}=(?:\d,)*{m['value']}\b")
        if not any(die.search(line) for line in moves):
            yield f"{kind}'s die {m['value']}, not in the record"


def _counter(name: str) -> str:
    return name.lower().replace(" ", "_")


def claims(description: str) -> Iterator[tuple[str, int, int]]:
    """Each number the description gives for board data: (what, said, the board's)."""
    for m in _SECTOR_PRODUCTION.finditer(description):
        sector = m["sector"].lower()
        yield f"{sector}'s production", int(m["value"]), PRODUCTION[sector]
    for m in _PRICE.finditer(description):
        kind = COUNTERS[_counter(m["counter"])]
        count = COUNT[m["count"].lower()]
        yield f"{count} × {kind.id}'s price", int(m["value"]), count * (kind.price or 0)
    for m in _VALUE.finditer(description):
        kind = COUNTERS[_counter(m["counter"])]
        board = kind.attack if m["what"].lower() == "attack" else kind.movement
        yield f"{kind.id}'s {m['what'].lower()}", int(m["value"]), board
    for m in _ALLOWANCE.finditer(description):
        kind = COUNTERS[_counter(m["counter"])]
        yield f"{kind.id}'s allowance", int(m["value"]), kind.movement


def test_the_reader_finds_the_phrasings_it_is_for() -> None:
    """The patterns read each phrasing (so a test passing for finding nothing cannot hide)."""
    said = [
        (w, v)
        for w, v, _ in claims(
            "Tyrann 3, Zarek produces 2, Imobu's 0; Raibia, a sector of production 0. "
            "Nebula-3 holds the base: its production 1. Two cruisers cost 6, a new cruiser "
            "(4), three guard ships (6); a cruiser's attack of 2, the command ship's "
            "allowance of 3."
        )
    ]
    assert said == [
        ("tyrann's production", 3),
        ("zarek's production", 2),
        ("imobu's production", 0),
        ("raibia's production", 0),
        ("nebula-3's production", 1),
        ("2 × cruiser's price", 6),
        ("1 × new_cruiser's price", 4),
        ("3 × guard_ship's price", 6),
        ("cruiser's attack", 2),
        ("command_ship's allowance", 3),
    ]


def test_an_unnamed_sector_is_found() -> None:
    assert unnamed("A battleship on a sector of production 1.")
    assert not unnamed("A battleship on Raibia, a sector of production 0.")


def test_the_reader_finds_the_descriptions_numbers() -> None:
    """The suite's descriptions give board numbers in these phrasings: a good many are read."""
    assert sum(1 for d in DESCRIPTIONS.values() for _ in claims(d)) >= 15


@pytest.mark.parametrize("case_id", sorted(DESCRIPTIONS))
def test_a_description_gives_the_boards_numbers(case_id: str) -> None:
    """2.1, 2.3 (board definition): a number a description gives for a sector or a counter
    is the default board's, and a production value names its sector."""
    description = DESCRIPTIONS[case_id]
    assert not unnamed(description), f"{case_id}: name the sector of the production"
    wrong = [
        f"{w}: says {said}, the board {board}"
        for w, said, board in claims(description)
        if said != board
    ]
    assert not wrong, f"{case_id}: {'; '.join(wrong)}"


def test_the_reader_finds_allowances() -> None:
    said = [
        (w, v)
        for w, v, _ in claims("A cruiser (allowance 2); the battleship's reach (allowance 1).")
    ]
    assert said == [("cruiser's allowance", 2), ("battleship's allowance", 1)]


def test_a_record_claim_not_in_the_record_is_found() -> None:
    """Rolls, turns and dice a description names must be the record's: each kind can fail."""
    moves = ["1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship", "1.7 search: -; roll 4"]
    assert list(record_claims("A roll of 4 in turn 1; the command ship's 2 hits.", moves)) == []
    assert list(record_claims("Rolls of 4 and 5.", moves)) == ["rolls [4, 5], the record [4]"]
    assert list(record_claims("In turn 2.", moves)) == ["turn 2, the record plays turns ['1']"]
    assert list(record_claims("The command ship's 1 hits.", moves)) == [
        "command_ship's die 1, not in the record"
    ]


def test_the_reader_finds_the_records_numbers() -> None:
    """The suite's descriptions name rolls, turns and dice in these phrasings: many are read."""
    found = sum(
        1 for d in DESCRIPTIONS.values() for r in (_ROLLS, _TURN, _DIE) for _ in r.finditer(d)
    )
    assert found >= 25


@pytest.mark.parametrize("case_id", sorted(DESCRIPTIONS))
def test_a_description_gives_the_records_numbers(case_id: str) -> None:
    """A roll (10.7), a turn or a counter's die a description names is in the case's record."""
    wrong = list(record_claims(DESCRIPTIONS[case_id], MOVES[case_id]))
    assert not wrong, f"{case_id}: {'; '.join(wrong)}"

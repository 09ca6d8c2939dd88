"""Positions and their text notation ``<O>/<M>/<I> <side> <ply> <claim>``.

A position is the board (each side's ships as a mask, flagships by sector) plus the side to
move, the number of actions made and the side to move's pending gate claim. The claim is
history, not board: it says the side to move occupied both enemy gates right after its own
previous action (第8条 03, interpretation 8).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.read.numbers import NumberError, read_int
from adjudicator.orbit_dominion.board import (
    BLUE,
    ORBITS,
    RED,
    SECTOR_COUNT,
    SECTORS_PER_ORBIT,
    SIDE_LETTERS,
    TARGET_GATES,
    bit,
    sector,
)

#: 第8条: the game ends at the turn start once this many actions have been made.
MOVE_LIMIT = 120
NORMAL_SHIPS = 5
STANDARD_TEXT = "r....bb....r/rr....bb..../R....bB....r r 0 -"
CELL_CHARS = ".rRbB"

PositionKey = tuple[int, int, int, int, int]
#: ``position[SHIPS + side]`` is a side's mask, ``position[FLAGS + side]`` its flagship: the
#: rules index by side in their inner loops.
SHIPS, FLAGS = 0, 2


class Position(NamedTuple):
    """An immutable position: each side's ships as a mask (flagship included), each
    flagship's sector (−1 once captured, only after the game ended), the side to move, the
    actions made and the side to move's pending gate claim.

    A flat named tuple rather than a frozen dataclass: a replay creates one per action, its
    construction is several times cheaper, and its first five fields are the 第9条 key."""

    red: int
    blue: int
    red_flag: int
    blue_flag: int
    turn: int
    ply: int = 0
    claim: bool = False

    @classmethod
    def standard(cls) -> Position:
        return STANDARD

    @property
    def ships(self) -> tuple[int, int]:
        """The masks of red's and blue's ships, by side."""
        return (self[0], self[1])

    @property
    def flags(self) -> tuple[int, int]:
        """The flagships' sectors, by side."""
        return (self[2], self[3])

    @property
    def key(self) -> PositionKey:
        """What 第9条 compares: every ship's colour, kind and sector, and the side to move."""
        return self[:5]

    def normal_ships(self, side: int) -> int:
        """Normal ships of ``side`` on the board (flagship not counted)."""
        return self[SHIPS + side].bit_count() - (self[FLAGS + side] >= 0)

    def holds_enemy_gates(self, side: int) -> bool:
        gates = TARGET_GATES[side]
        return self[SHIPS + side] & gates == gates

    def cell(self, s: int) -> str:
        """``.``, ``r``, ``R``, ``b`` or ``B`` for sector ``s``."""
        for side, (normal, flag) in enumerate((("r", "R"), ("b", "B"))):
            if self[SHIPS + side] & bit(s):
                return flag if self[FLAGS + side] == s else normal
        return "."

    def board_text(self) -> str:
        """The three orbits' cells, as :meth:`cell` spells them: filled ship by ship (an
        engine writes one after every request), not asked sector by sector."""
        cells = ["."] * SECTOR_COUNT
        for side, normal, flag in ((0, "r", "R"), (1, "b", "B")):
            ships, flagship = self[SHIPS + side], self[FLAGS + side]
            while ships:
                low = ships & -ships
                s = low.bit_length() - 1
                ships ^= low
                cells[s] = flag if s == flagship else normal
        text = "".join(cells)
        return "/".join(text[i : i + SECTORS_PER_ORBIT] for i in range(0, 36, 12))

    def text(self) -> str:
        claim = SIDE_LETTERS[self.turn] if self.claim else "-"
        return f"{self.board_text()} {SIDE_LETTERS[self.turn]} {self.ply} {claim}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str, *, field: str = "position") -> Position:
        """Parse a position given as a start: both flagships present, at least one normal
        ship a side, at most five; the claim letter is the side to move's and its side must
        still hold at least one enemy gate (one reply clears at most one)."""
        return parse_position(text, field=field)


_POSITION_RE = re.compile(r"^(\S+) (\S+) (\S+) (\S+)$")


def _bad(field: str, key: str, **params: object) -> InputError:
    """A position that is not one, said by the message ``key`` of the catalogue."""
    return InputError(
        "malformed_position",
        said(key, **params),
        field=field,
        expected=said("orbit_dominion.position.syntax"),
    )


#: What is wrong with a side's fleet, by side: its flagships, its normal ships.
_FLEET = {
    "red": ("orbit_dominion.position.flagships.red", "orbit_dominion.position.normal_ships.red"),
    "blue": (
        "orbit_dominion.position.flagships.blue",
        "orbit_dominion.position.normal_ships.blue",
    ),
}


def parse_position(text: str, *, field: str = "position") -> Position:
    """The position ``text`` writes (board, side to move, ply, claim), each part checked
    against what the rules allow; an :class:`InputError` naming ``field`` and the first
    part that is wrong otherwise."""
    if not isinstance(text, str):
        raise _bad(
            field,
            "orbit_dominion.position.not_text",
            kind=type(text).__name__,
        )
    m = _POSITION_RE.match(text.strip())
    if not m:
        raise _bad(
            field,
            "orbit_dominion.position.parts",
            text=text,
        )
    board, side_text, ply_text, claim_text = m.groups()
    orbits = board.split("/")
    if len(orbits) != 3:
        raise _bad(
            field,
            "orbit_dominion.position.orbits",
            count=len(orbits),
        )
    ships, flags = _read_board(orbits, field)
    if side_text not in SIDE_LETTERS:
        raise _bad(
            field,
            "orbit_dominion.position.side",
            side=side_text,
        )
    turn = SIDE_LETTERS.index(side_text)
    ply = _read_ply(ply_text, field)
    claim = _read_claim(claim_text, side_text, field)
    position = Position(ships[0], ships[1], flags[0], flags[1], turn, ply, claim)
    if claim and not ships[turn] & TARGET_GATES[turn]:
        raise _bad(
            field,
            "orbit_dominion.position.claim_no_gate",
            claim=claim_text,
        )
    return position


def _read_board(orbits: list[str], field: str) -> tuple[list[int], list[int]]:
    """Each side's ships (a bit per sector) and its flagship's sector, from the three
    orbits' cells; each side's fleet checked (one flagship, 1 to 15 normal ships)."""
    ships = [0, 0]
    flags = [-1, -1]
    flag_count = [0, 0]
    for o, cells in enumerate(orbits):
        if len(cells) != SECTORS_PER_ORBIT:
            raise _bad(
                field,
                "orbit_dominion.position.cells",
                orbit=ORBITS[o],
                count=len(cells),
            )
        for n, ch in enumerate(cells):
            if ch not in CELL_CHARS:
                raise _bad(
                    field,
                    "orbit_dominion.position.unknown_cell",
                    cell=ch,
                    sector=f"{ORBITS[o]}{n}",
                )
            if ch == ".":
                continue
            side = RED if ch in "rR" else BLUE
            s = sector(o, n)
            ships[side] |= bit(s)
            if ch in "RB":
                flags[side] = s
                flag_count[side] += 1
    for side, name in ((RED, "red"), (BLUE, "blue")):
        flagships, normal_ships = _FLEET[name]
        if flag_count[side] != 1:
            raise _bad(field, flagships, count=flag_count[side])
        normals = ships[side].bit_count() - 1
        if not 1 <= normals <= NORMAL_SHIPS:
            raise _bad(field, normal_ships, count=normals, most=NORMAL_SHIPS)
    return ships, flags


def _read_ply(ply_text: str, field: str) -> int:
    """The ply written, a number from 0 to the move limit in canonical digits."""
    try:
        ply = read_int(ply_text, what=said("orbit_dominion.position.what_ply"))
    except NumberError as err:  # shown by its length when it is too long to show
        shown = ply_text if err.canonical is not None or len(ply_text) <= 40 else None
        ply = -1
    else:
        shown = ply_text
    if not re.fullmatch(r"0|[1-9][0-9]*", ply_text) or not 0 <= ply <= MOVE_LIMIT:
        if shown is None:
            raise _bad(
                field, "orbit_dominion.position.ply_digits", digits=len(ply_text), limit=MOVE_LIMIT
            )
        raise _bad(field, "orbit_dominion.position.ply", shown=shown, limit=MOVE_LIMIT)
    return ply


def _read_claim(claim_text: str, side_text: str, field: str) -> bool:
    """Whether the side to move claims gate control (第8条): ``-`` or the side's own
    letter."""
    if claim_text not in ("-", *SIDE_LETTERS):
        raise _bad(
            field,
            "orbit_dominion.position.claim",
            claim=claim_text,
        )
    claim = claim_text != "-"
    if claim and claim_text != side_text:
        raise _bad(
            field,
            "orbit_dominion.position.claim_not_mover",
            claim=claim_text,
            side=side_text,
        )
    return claim


STANDARD = parse_position(STANDARD_TEXT)


def start_position(text: str, *, field: str = "start") -> Position:
    """``standard`` or a position given as a start."""
    return STANDARD if text == "standard" else parse_position(text, field=field)

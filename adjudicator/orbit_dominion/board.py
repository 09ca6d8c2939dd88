"""The board of 第2条: three orbits of twelve sectors, their neighbours, jumps and gates.

A sector is an index ``orbit * 12 + number`` with orbits O (outer) = 0, M (middle) = 1 and
I (inner) = 2; numbers grow clockwise and 11 neighbours 0 (interpretation 1). Sets of sectors
are Python ints used as 36-bit masks, which keeps move generation to a few bit operations.
"""

from __future__ import annotations

from typing import Literal

ORBITS = "OMI"
SECTORS_PER_ORBIT = 12
SECTOR_COUNT = 36
ORBIT_BITS = (1 << SECTORS_PER_ORBIT) - 1

RED, BLUE = 0, 1
SIDE_NAMES: tuple[Literal["red"], Literal["blue"]] = ("red", "blue")
SIDE_LETTERS = ("r", "b")


def sector(orbit: int, number: int) -> int:
    return orbit * SECTORS_PER_ORBIT + number % SECTORS_PER_ORBIT


SECTOR_NAMES: tuple[str, ...] = tuple(
    f"{ORBITS[o]}{n}" for o in range(3) for n in range(SECTORS_PER_ORBIT)
)
SECTOR_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(SECTOR_NAMES)}


def orbit_of(s: int) -> int:
    return s // SECTORS_PER_ORBIT


def number_of(s: int) -> int:
    return s % SECTORS_PER_ORBIT


def bit(s: int) -> int:
    return 1 << s


def mask(*sectors: int) -> int:
    m = 0
    for s in sectors:
        m |= 1 << s
    return m


ORBIT_MASKS: tuple[int, ...] = tuple(ORBIT_BITS << (SECTORS_PER_ORBIT * o) for o in range(3))

#: STEP[s][d] is the sector one step from s along its orbit; d = 0 clockwise, 1 counter.
STEP: tuple[tuple[int, int], ...] = tuple(
    (sector(orbit_of(s), number_of(s) + 1), sector(orbit_of(s), number_of(s) - 1))
    for s in range(SECTOR_COUNT)
)

#: JUMP_TARGETS[s]: same number on the neighbouring orbits (O⇄M, M⇄I; never O⇄I).
JUMP_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sector(o2, number_of(s)) for o2 in (orbit_of(s) - 1, orbit_of(s) + 1) if 0 <= o2 < 3)
    for s in range(SECTOR_COUNT)
)

#: ADJACENT[s]: the sectors adjacent to s in the sense of 第7条 (orbit ±1, jump targets).
ADJACENT: tuple[int, ...] = tuple(mask(*STEP[s], *JUMP_TARGETS[s]) for s in range(SECTOR_COUNT))

#: Gates of each side (第2条): red's are I0 and M0, blue's I6 and M6. They are fixed marks.
OWN_GATES: tuple[int, int] = (
    mask(sector(2, 0), sector(1, 0)),
    mask(sector(2, 6), sector(1, 6)),
)
#: The gates each side must occupy: the enemy's.
TARGET_GATES: tuple[int, int] = (OWN_GATES[BLUE], OWN_GATES[RED])


def orbit_distance(a: int, b: int) -> int:
    """Steps between two sectors of one orbit the short way round (0–6)."""
    d = (number_of(b) - number_of(a)) % SECTORS_PER_ORBIT
    return min(d, SECTORS_PER_ORBIT - d)


def rotate_mask(m: int, orbit: int, direction: int) -> int:
    """Every sector of one orbit moved by ``direction`` (+1 clockwise, −1 counter)."""
    shift = SECTORS_PER_ORBIT * orbit
    seg = (m >> shift) & ORBIT_BITS
    if direction > 0:  # sector n moves to n + 1; 11 wraps to 0
        seg = ((seg << 1) | (seg >> 11)) & ORBIT_BITS
    else:
        seg = (seg >> 1) | ((seg & 1) << 11)
    return (m & ~ORBIT_MASKS[orbit]) | (seg << shift)


def rotate_sector(s: int, orbit: int, direction: int) -> int:
    """Where a ship on ``s`` stands after ``orbit`` rotates (unchanged off that orbit)."""
    if s < 0 or orbit_of(s) != orbit:
        return s
    return sector(orbit, number_of(s) + direction)


#: ``SECTOR_AFTER_ROTATION[orbit, direction][s]``: :func:`rotate_sector` as a table, for
#: every sector and for −1 (a captured flagship, which stays −1). Rotations are a fifth of
#: the actions replayed; a lookup spares the calls.
SECTOR_AFTER_ROTATION: dict[tuple[int, int], dict[int, int]] = {
    (o, d): {s: rotate_sector(s, o, d) for s in range(-1, SECTOR_COUNT)}
    for o in range(3)
    for d in (1, -1)
}

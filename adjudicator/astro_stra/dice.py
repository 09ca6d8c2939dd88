"""The three dice of a turn as they stand after the skill, and what their pips point at.

Step 2 assigns one die each to S (skill), T (target) and A (action); step 3's skill may
change the T or A pips (or reroll them). Steps 4 and 5 read the pips *after* the skill, so
:class:`Dice` holds those. The table rows are written as in the rulebook: ``T⚂`` is the
target table's row for 3 pips, ``A⚄`` the action table's row for 5.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.astro_stra.board import Side, opposite
from adjudicator.astro_stra.readings import Readings

FACES = "⚀⚁⚂⚃⚄⚅"
PIPS = range(1, 7)


def row(table: str, pips: int) -> str:
    """The rulebook's name of a table row: ``row("T", 3) == "T⚂"``."""
    _check_pips(pips, table)
    return f"{table}{FACES[pips - 1]}"


@dataclass(frozen=True)
class Dice:
    """The pips (1–6) of the S, T and A dice after the skill (steps 2–3)."""

    s: int
    t: int
    a: int

    def __post_init__(self) -> None:
        if type(self.s) is type(self.t) is type(self.a) is int and (
            0 < self.s < 7 and 0 < self.t < 7 and 0 < self.a < 7
        ):
            return  # the common case, checked at once: every turn makes one
        for name in ("s", "t", "a"):
            _check_pips(getattr(self, name), name.upper())

    def any_die(self, readings: Readings) -> tuple[int, ...]:
        """The distinct pips 「何れかのダイス」 covers (T⚄, A⚃), ascending: all three dice
        (``any_die="all-three"``, the default) or only the T and A dice."""
        values = (self.s, self.t, self.a) if readings.any_die == "all-three" else (self.t, self.a)
        return tuple(sorted(set(values)))


def numbered_point(side: Side, pips: int, readings: Readings) -> int:
    """The own point of ``side`` that 「ダイスの目と同じ番号のマス」 names (T⚃, T⚄, A⚀).

    Reading ``numbering``: ``"own"`` — the mover's own point ``pips``; ``"black"`` — black's
    point ``pips`` for both sides, which is white's :func:`~.board.opposite` point.
    """
    _check_pips(pips, "die")
    if readings.numbering == "black" and side == "white":
        return opposite(pips, readings.geometry)
    return pips


def _check_pips(pips: int, what: str) -> None:
    if isinstance(pips, bool) or not isinstance(pips, int) or pips not in PIPS:
        raise ValueError(f"the {what} pips are 1 to 6 after the skill, not {pips!r}")

"""The three dice of a turn as they stand after the skill, and what their pips point at.

Step 2 assigns one die each to S (skill), T (target) and A (action); step 3's skill may
change the T or A pips (or reroll them). Steps 4 and 5 read the pips *after* the skill, so
:class:`Dice` holds those. The table rows are written as in the rulebook: ``T⚂`` is the
target table's row for 3 pips, ``A⚄`` the action table's row for 5.
"""

from __future__ import annotations

from typing import NamedTuple

from adjudicator.astro_stra.board import Side, opposite
from adjudicator.astro_stra.readings import Readings

FACES = "⚀⚁⚂⚃⚄⚅"
PIPS = range(1, 7)


def row(table: str, pips: int) -> str:
    """The rulebook's name of a table row: ``row("T", 3) == "T⚂"``."""
    _check_pips(pips, table)
    return f"{table}{FACES[pips - 1]}"


class _Pips(NamedTuple):
    s: int
    t: int
    a: int


class Dice(_Pips):
    """The pips (1–6) of the S, T and A dice after the skill (steps 2–3).

    A named tuple checked as it is made: every turn makes one, and a frozen dataclass
    cost nearly twice as much to make."""

    __slots__ = ()

    def __new__(cls, s: int, t: int, a: int) -> Dice:
        if not (type(s) is type(t) is type(a) is int and 0 < s < 7 and 0 < t < 7 and 0 < a < 7):
            for name, pips in (("S", s), ("T", t), ("A", a)):
                _check_pips(pips, name)
        return tuple.__new__(cls, (s, t, a))

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
    if type(pips) is not int or not 0 < pips < 7:  # the common case checked at once
        _check_pips(pips, "die")
    if readings.numbering == "black" and side == "white":
        return opposite(pips, readings.geometry)
    return pips


def _check_pips(pips: int, what: str) -> None:
    if isinstance(pips, bool) or not isinstance(pips, int) or pips not in PIPS:
        raise ValueError(f"the {what} pips are 1 to 6 after the skill, not {pips!r}")

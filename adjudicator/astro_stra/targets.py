"""Step 4, T:ターゲット: which of the mover's pieces the T die's pips let the action take.

「ターゲットに出来るのは自分のコマだけです」 — only own pieces are ever targets. A target is
a tuple of one or two own points, ascending: the points the target pieces are taken from.
Two pieces may come from one point (T⚃ 「コマ 1 つか 2 つ」), written ``(p, p)``.

======  ============================================================================
row     target (``targets`` lists every selection the row allows)
======  ============================================================================
T⚀      the piece nearest home, home pieces included — the highest own index holding a
        piece, 13 included — or the piece nearest the start, start pieces included —
        the lowest, 0 included
T⚁      one piece of a block (an own point 1–12 with two or more own pieces)
T⚂      one blot, or two adjacent blots (reading ``adjacent_blots``)
T⚃      one or two pieces on the point numbered by the A die (reading ``numbering``)
T⚄      one piece on a point numbered by any die (readings ``any_die``, ``numbering``)
T⚅      one piece in the inner (own points 7–12)
======  ============================================================================

An empty list means the row has nothing to act on, and step 4 — with it step 5 — is
skipped (step 7's note 「ターゲットに該当する対象が無い時…その手順を無視します」). A step
may be skipped only then: :func:`check_target` judges a recorded choice, skipping included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.astro_stra.board import INNER, OUTER, PLACES, POINTS, Position, Side
from adjudicator.astro_stra.dice import Dice, numbered_point, row
from adjudicator.astro_stra.readings import Readings

Target = tuple[int, ...]
Problem = tuple[str, dict[str, Any]]


def targets(
    position: Position, side: Side, t_pips: int, dice: Dice, readings: Readings
) -> list[Target]:
    """Every target the T row ``t_pips`` allows ``side`` (step 4), sorted, without repeats.

    ``t_pips`` must be ``dice.t`` (it picks the row; ``dice`` supplies the other pips that
    T⚃ and T⚄ read).
    """
    return sorted(_allowed(position, side, t_pips, dice, readings))


def _allowed(
    position: Position, side: Side, t_pips: int, dice: Dice, readings: Readings
) -> set[Target]:
    """:func:`targets` unsorted."""
    if t_pips != dice.t:
        raise ValueError(f"t_pips {t_pips!r} is not the T die's pips {dice.t}")
    counts = position.counts(side)
    found: set[Target] = set()
    if t_pips == 1:
        held = [p for p in PLACES if counts[p]]
        found = {(held[-1],), (held[0],)}  # nearest home / nearest the start
    elif t_pips == 2:
        found = {(p,) for p in POINTS if counts[p] >= 2}
    elif t_pips == 3:
        found = {(p,) for p in POINTS if counts[p] == 1}
        found |= {(p, p + 1) for (p,) in found if _adjacent_blots(counts, p, readings)}
    elif t_pips == 4:
        point = numbered_point(side, dice.a, readings)
        if counts[point] >= 1:
            found.add((point,))
        if counts[point] >= 2:
            found.add((point, point))
    elif t_pips == 5:
        for pips in dice.any_die(readings):
            point = numbered_point(side, pips, readings)
            if counts[point]:
                found.add((point,))
    else:
        found = {(p,) for p in INNER if counts[p]}
    return found


def check_target(
    position: Position,
    side: Side,
    t_pips: int,
    dice: Dice,
    readings: Readings,
    chosen: Sequence[int],
) -> Problem | None:
    """Why the recorded target ``chosen`` (own points, any order; empty when the record
    skips step 4) is wrong; ``None`` when it is right.

    - ``target_not_available``: the T row does not allow ``chosen``.
    - ``target_skipped``: the record skips step 4 though the row has a target (step 7's
      note lets a step be skipped only when nothing fits it).

    Args carry ``side``, ``row`` (e.g. ``"T⚂"``), ``chosen`` and ``legal`` (every target the
    row allows).
    """
    allowed = _allowed(position, side, t_pips, dice, readings)
    picked = tuple(sorted(chosen))
    if picked in allowed or not (picked or allowed):  # a target allowed, or none to skip
        return None
    args = {"side": side, "row": row("T", t_pips), "chosen": picked, "legal": sorted(allowed)}
    return ("target_not_available" if picked else "target_skipped"), args


def _adjacent_blots(counts: tuple[int, ...], p: int, readings: Readings) -> bool:
    """T⚂ 「隣接したブロット」: own blots on p and p + 1, and under ``"same-half"`` both in
    the outer or both in the inner."""
    if p == POINTS[-1] or counts[p] != 1 or counts[p + 1] != 1:
        return False
    if readings.adjacent_blots == "same-half":
        return (p in OUTER) == (p + 1 in OUTER)
    return True

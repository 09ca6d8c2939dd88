"""Step 5, A:アクション: what the A die's pips make the target pieces do.

======  ============================================================================
row     action (for each target piece)
======  ============================================================================
A⚀      move to the point numbered by the T die (reading ``numbering``), back or forward
A⚁      advance 1 or 2
A⚂      advance 3, or go back 3
A⚃      advance by any die's pips (reading ``any_die``; each distinct value one option)
A⚄      advance by the T die's pips, twice — the second move from where the first ended
        (reading ``first_move_may_hit``)
A⚅      a piece in the outer (1–6) advances 6 into the inner, or a piece in the inner
        (7–12) goes back 6 into the outer; at the start or home: not available
======  ============================================================================

Every single move goes through the move table (:func:`~.board.move_piece`): onto a block it
is not available, onto a blot it hits. Advancing past home and going back past the start
follow the readings ``past_home`` and ``past_start`` (:func:`~.board.step`); moving a home
piece at all follows ``leave_home``.

Readings this module settles:

- **A two-piece target** (T⚂'s two adjacent blots, T⚃'s two pieces): each piece performs
  the action, with its own choice where the row offers one, one after the other, the piece
  on the lower point first; the second moves on the board the first left. The action is
  performed only if *both* pieces can perform it — otherwise it 「他のルールに違反して
  しまう」 and step 5 is skipped. Two pieces from one point are interchangeable, so those
  outcomes are listed once.
- **A move must change the piece's place** (interpretation 19): A⚀ on a piece already on
  the numbered point is not available.
- **A⚄ reaching home on its first move** (interpretation 20): under
  ``past_home="overshoot"`` the second move would also go past home and so ends there: the
  piece is home after one move. Under ``"exact"`` the second move cannot land exactly, so
  the action is not available.

An outcome's ``moves`` lists every single move in the order made, as ``(src, dst, hit)`` in
the mover's own numbering; A⚄ writes two moves per piece, ``(src, mid)`` and
``(mid, dst)`` (one when the first reached home). A record's moves are written the same way
without ``hit`` and judged by :func:`apply`. An empty list from :func:`moves` means the
action cannot be performed and step 5 is skipped (step 7's note).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from adjudicator.astro_stra.board import (
    BACK,
    FORWARD,
    HOME,
    INNER,
    OUTER,
    Position,
    Side,
    move_piece,
    step,
)
from adjudicator.astro_stra.dice import Dice, numbered_point, row
from adjudicator.astro_stra.readings import Readings

Problem = tuple[str, dict[str, Any]]
Path = tuple[int, ...]  # the points one piece stops on, in order, its start left out


class Move(NamedTuple):
    """One piece moved once: own points ``src`` → ``dst``; ``hit`` when it sent an
    opposing blot back to its start (用語「ヒット」)."""

    src: int
    dst: int
    hit: bool


class Outcome(NamedTuple):
    """One legal way to perform the action: the position after it and the moves made."""

    position: Position
    moves: tuple[Move, ...]

    def plain(self) -> tuple[tuple[int, int], ...]:
        """The moves as a record writes them, ``(src, dst)`` without the hits."""
        return tuple((m.src, m.dst) for m in self.moves)


def moves(
    position: Position,
    side: Side,
    target: Sequence[int],
    a_pips: int,
    dice: Dice,
    readings: Readings,
) -> list[Outcome]:
    """Every legal way for ``side`` to perform the A row ``a_pips`` on ``target`` (step 5),
    sorted by the moves made; empty when the action cannot be performed.

    ``a_pips`` must be ``dice.a``; ``target`` is the step 4 selection (one or two own
    points). A :class:`ValueError` means a target the position cannot hold (no such piece),
    which step 4 (:func:`~.targets.check_target`) refuses first.
    """
    ways = _ways(position, side, target, a_pips, dice, readings, every_order=False)
    return sorted(ways, key=lambda outcome: outcome.moves)


def apply(
    position: Position,
    side: Side,
    target: Sequence[int],
    a_pips: int,
    dice: Dice,
    readings: Readings,
    chosen: Sequence[tuple[int, int]],
) -> Outcome | Problem:
    """Judge the moves a record made for step 5 (``chosen``: ``(src, dst)`` pairs in the
    order made, as in :class:`Outcome`; empty when the record skips the step) and return
    the outcome they make, or a problem.

    - ``action_skipped``: the record skips step 5 though the action could be performed
      (step 7's note lets a step be skipped only when it cannot).
    - ``action_not_available``: the moves are not a way the A row allows on this target.
      ``cause`` names the move table's objection to the moves when there is one
      (``blocked``, ``no_piece``, ``same_point``, ``home_is_final``, or ``not_a_point`` for
      a number outside 0–13), else ``None``: then it is the row itself (wrong distance,
      wrong point, wrong order) that does not allow them.

    Args carry ``side``, ``row`` (e.g. ``"A⚂"``), ``target``, ``chosen`` and ``legal`` (the
    legal ways as ``(src, dst)`` lists). Skipping when nothing was possible returns the
    position unchanged with no moves.
    """
    points = _checked(position, side, target, a_pips, dice)
    picked = tuple((src, dst) for src, dst in chosen)
    # the moves written are followed directly, and the step skipped is checked by looking
    # for one way; every way is listed only for a refusal's ``legal``
    start = Outcome(position, ())
    if picked:
        made = _follow(start, side, points, picked, a_pips, dice, readings)
        if made is not None:
            return made
    elif not _possible(start, side, points, a_pips, dice, readings):
        return start
    ways = _ways(position, side, target, a_pips, dice, readings, every_order=True)
    args: dict[str, Any] = {
        "side": side,
        "row": row("A", a_pips),
        "target": points,
        "chosen": picked,
        "legal": sorted({o.plain() for o in ways}),
    }
    if not picked:
        return "action_skipped", args
    return "action_not_available", {**args, "cause": _cause(position, side, picked, readings)}


# --- helpers ----------------------------------------------------------------------------


def _ways(
    position: Position,
    side: Side,
    target: Sequence[int],
    a_pips: int,
    dice: Dice,
    readings: Readings,
    *,
    every_order: bool,
) -> set[Outcome]:
    """The outcomes of the action; with ``every_order`` both orders of two pieces taken
    from one point are kept (they reach the same position, and a record may write
    either)."""
    points = _checked(position, side, target, a_pips, dice)
    first = _paths(points[0], side, a_pips, dice, readings)
    outcomes: set[Outcome] = set()
    for i, path in enumerate(first):
        done = _run(Outcome(position, ()), side, points[0], path, a_pips, readings)
        if done is None:
            continue
        if len(points) == 1:
            outcomes.add(done)
            continue
        second = _paths(points[1], side, a_pips, dice, readings)
        for j, path2 in enumerate(second):
            if points[0] == points[1] and j < i and not every_order:
                continue  # the same two pieces' choices the other way round
            both = _run(done, side, points[1], path2, a_pips, readings)
            if both is not None:
                outcomes.add(both)
    return outcomes


def _follow(
    made: Outcome,
    side: Side,
    points: tuple[int, ...],
    written: tuple[tuple[int, int], ...],
    a_pips: int,
    dice: Dice,
    readings: Readings,
) -> Outcome | None:
    """The outcome :func:`_ways` lists whose moves are ``written``, found by following
    them: each target piece in turn (the lower point first) takes the choice its next moves
    write, through the move table; ``None`` when no way is written so."""
    if not points:
        return None if written else made
    src = points[0]
    for path in _paths(src, side, a_pips, dice, readings):
        if tuple(zip((src, *path), path, strict=False)) != written[: len(path)]:
            continue
        done = _run(made, side, src, path, a_pips, readings)
        if done is None:
            continue
        found = _follow(done, side, points[1:], written[len(path) :], a_pips, dice, readings)
        if found is not None:
            return found
    return None


def _possible(
    made: Outcome,
    side: Side,
    points: tuple[int, ...],
    a_pips: int,
    dice: Dice,
    readings: Readings,
) -> bool:
    """Whether :func:`_ways` lists any way: the first one found ends the search."""
    if not points:
        return True
    for path in _paths(points[0], side, a_pips, dice, readings):
        done = _run(made, side, points[0], path, a_pips, readings)
        if done is not None and _possible(done, side, points[1:], a_pips, dice, readings):
            return True
    return False


def _paths(src: int, side: Side, a_pips: int, dice: Dice, readings: Readings) -> list[Path]:
    """The choices the A row gives a piece on own point ``src``, as the points it stops on;
    who stands where is judged when the moves are made (:func:`_run`)."""
    found: list[int | None]
    if a_pips == 1:  # A⚀: to the point numbered by the T die
        return [(numbered_point(side, dice.t, readings),)]
    if a_pips == 2:  # A⚁: advance 1 or 2
        found = [step(src, 1, FORWARD, readings), step(src, 2, FORWARD, readings)]
    elif a_pips == 3:  # A⚂: advance or go back 3
        found = [step(src, 3, FORWARD, readings), step(src, 3, BACK, readings)]
    elif a_pips == 4:  # A⚃: advance by any die's pips
        found = [step(src, pips, FORWARD, readings) for pips in dice.any_die(readings)]
    elif a_pips == 5:  # A⚄: advance by the T die, twice
        return _twice(src, dice.t, readings)
    else:  # A⚅: outer → inner advancing 6, inner → outer going back 6
        if src in OUTER:
            return [(src + 6,)]
        if src in INNER:
            return [(src - 6,)]
        return []
    return [(d,) for d in dict.fromkeys(found) if d is not None]  # each distinct one once


def _twice(src: int, pips: int, readings: Readings) -> list[Path]:
    """A⚄'s two advances by the T pips (see the module doc for a first move ending home)."""
    mid = step(src, pips, FORWARD, readings)
    if mid is None:
        return []
    if mid == HOME:
        return [(HOME,)] if readings.past_home == "overshoot" else []
    end = step(mid, pips, FORWARD, readings)
    return [] if end is None else [(mid, end)]


def _run(
    start: Outcome, side: Side, src: int, path: Path, a_pips: int, readings: Readings
) -> Outcome | None:
    """Make one piece's moves along ``path`` through the move table; ``None`` when one is
    not available — including, with ``first_move_may_hit`` false, A⚄'s first move hitting."""
    position, made = start
    here = src
    for n, dst in enumerate(path):
        result = move_piece(
            position,
            side,
            here,
            dst,
            readings.geometry,
            leave_home=readings.leave_home == "allowed",
        )
        if isinstance(result[0], str):
            return None
        position, hit = result
        if hit and a_pips == 5 and n == 0 and len(path) == 2 and not readings.first_move_may_hit:
            return None
        made = (*made, Move(here, dst, hit))
        here = dst
    return Outcome(position, made)


def _checked(
    position: Position, side: Side, target: Sequence[int], a_pips: int, dice: Dice
) -> tuple[int, ...]:
    """The target's points, ascending, once the call is known to be one a record can make."""
    if a_pips != dice.a:
        raise ValueError(f"a_pips {a_pips!r} is not the A die's pips {dice.a}")
    return _check_target(position, side, target)


def _check_target(position: Position, side: Side, target: Sequence[int]) -> tuple[int, ...]:
    points = tuple(sorted(target))
    if len(points) not in (1, 2):
        raise ValueError(f"a target is one or two own points, not {target!r}")
    for point in set(points):
        need = points.count(point)
        if position.count(side, point) < need:
            raise ValueError(f"{side} has fewer than {need} piece(s) on its point {point}")
    return points


def _cause(
    position: Position, side: Side, picked: tuple[tuple[int, int], ...], readings: Readings
) -> str | None:
    """The move table's objection to replaying ``picked`` as written, if any."""
    for src, dst in picked:
        if not (0 <= src <= HOME and 0 <= dst <= HOME):
            return "not_a_point"
        result = move_piece(
            position, side, src, dst, readings.geometry, leave_home=readings.leave_home == "allowed"
        )
        if isinstance(result[0], str):
            return result[0]
        position = result[0]
    return None

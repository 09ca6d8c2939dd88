"""Combat (9.0–9.7): checking a recorded battle and working out what is left.

A battle is fought in one sector holding counters of both sides (9.0). The counters fire by
class — 0★ (the guard and the secret base, 9.1), then 3 (9.3), then 2, 1 and 0 (9.5) — each
counter rolling one die that hits at most its attack value. Both sides of a class fire at
once: survival is judged before the volley, so a counter removed by it still fired, and an
○ counter removed by it still gave its −1 (9.6) to that volley. After each volley each side
removes as many of its own counters as it took hits, any it likes (9.2, 9.4). When class 0
has fired and both sides are still there, the cycle starts again at 0★ (9.7).

A record writes a battle as a list of :class:`Volley`; :func:`resolve` replays it, checks
each volley and returns the forces left with the first thing wrong. The caller leaves out an
unrevealed secret base and its counters (7.6) before calling. Violations are returned as
``(volley index, code, args)``, never raised; the codes and message arguments are those of
the ``combat`` violations in ``rules.yaml``.

The arguments are those a record can carry, already checked where the record is read: sides
are empire and rebel (the record's models), counter ids are the board's, the reading is one
of :data:`MarkedReading`'s, and the sector is contested (9.0), which only the replay can
tell, since it also knows whether the sector was fought already. Nothing here checks them
again.

9.6's −1 has two readings (interpretation ``marked-modifier``), chosen by ``marked_helps``:

``"own"`` (the default)
    A surviving ○ counter helps the dice of its own side only.
``"both"``
    A surviving ○ counter of either side helps every die of the battle.

Either way an ○ counter's own die never gets the −1, and two ○ counters still give −1, not
−2: 9.6 reduces the die "by 1" while one survives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from adjudicator.dark_nebula.board import BASE, GUARD, SIDES, BoardDefinition, CounterKind, Side
from adjudicator.dark_nebula.state import counter_of, positive

#: 9.1, 9.3, 9.5: the order in which the classes fire; 9.7 starts it again after "0".
CLASS_ORDER: tuple[str, ...] = ("0★", "3", "2", "1", "0")
#: 4.1, 4.2: removing one of these wins the game at once (interpretation 16).
DECISIVE: frozenset[tuple[Side, str]] = frozenset({("empire", GUARD), ("rebel", BASE)})
MarkedReading = Literal["own", "both"]
DIE_FACES = range(1, 7)

Forces = dict[Side, Counter[str]]
Problem = tuple[int, str, dict[str, Any]]


@dataclass(frozen=True)
class Volley:
    """One class firing (9.1, 9.3, 9.5) and the removals it forces (9.2, 9.4).

    ``dice[side][counter_id]`` holds one die per counter of that id and class the side has
    in the sector; ``removed[side]`` lists the counters that side removes, its own choice.
    A side with no dice or no removals may be left out of either mapping.
    """

    cls: str
    dice: Mapping[Side, Mapping[str, Sequence[int]]] = field(default_factory=dict)
    removed: Mapping[Side, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class BattleResult:
    """What :func:`resolve` found.

    ``forces`` and ``removed`` stand as they were after the last volley applied: the whole
    battle when ``problem`` is ``None``, otherwise up to (not including) the volley at
    ``problem[0]``. ``hits_taken`` holds, per applied volley, the hits each side took.
    """

    forces: Forces
    removed: dict[Side, list[str]]
    hits_taken: list[dict[Side, int]]
    problem: Problem | None

    @property
    def over(self) -> bool:
        """At most one side is left in the sector (9.7: the battle has ended)."""
        return not all(self.forces[s] for s in SIDES)

    @property
    def survivor(self) -> Side | None:
        """The one side left in the sector; ``None`` when both or neither are."""
        left = [s for s in SIDES if self.forces[s]]
        return left[0] if len(left) == 1 else None


def counter_class(kind: CounterKind) -> str:
    """The class a counter fires in: ``"0★"`` for movement 0 with ★ (9.1), otherwise its
    movement allowance (9.3, 9.5) — the rulebook orders fire by the movement value."""
    return "0★" if kind.movement_star else str(kind.movement)


def class_members(
    classes: dict[str, tuple[str, ...]], counters: Mapping[str, int], cls: str
) -> dict[str, int]:
    """The counters of class ``cls`` among ``counters``, by id, in the board's order
    (``classes`` is :func:`battle_tables`'s)."""
    return {k: counters[k] for k in classes.get(cls, ()) if counters.get(k, 0) > 0}


class BattleTables(NamedTuple):
    """What a battle reads of the board's counters (2.3), by id."""

    #: Every class's counter ids in the board's order.
    classes: dict[str, tuple[str, ...]]
    attack: dict[str, int]
    #: The ○ counters (9.6).
    marked: frozenset[str]


def battle_tables(board: BoardDefinition) -> BattleTables:
    """The board's counters as battles read them, worked out once and kept with the board,
    as its cached properties are: battles ask for them volley after volley."""
    tables: BattleTables | None = vars(board).get("_combat_tables")
    if tables is None:
        found: dict[str, list[str]] = {}
        for k in board.counters:
            found.setdefault(counter_class(k), []).append(k.id)
        tables = vars(board)["_combat_tables"] = BattleTables(
            {c: tuple(ids) for c, ids in found.items()},
            {k.id: k.attack for k in board.counters},
            frozenset(k.id for k in board.counters if k.attack_marked),
        )
    return tables


def modifier(
    marked: frozenset[str],
    side: Side,
    counter_id: str,
    forces_before: Mapping[Side, Mapping[str, int]],
    marked_helps: MarkedReading,
) -> int:
    """What 9.6 takes off the dice of ``side``'s ``counter_id`` counters: 1 when an ○
    counter (one of ``marked``) that helps them is in the sector before the volley, else 0;
    never for an ○ counter's own die."""
    if counter_id in marked:
        return 0
    for s in (side,) if marked_helps == "own" else SIDES:
        own = forces_before.get(s)
        if own:
            for c in marked:
                if own.get(c, 0) > 0:
                    return 1
    return 0


def hits(
    tables: BattleTables,
    side: Side,
    counter_id: str,
    dice: Sequence[int],
    forces_before: Mapping[Side, Mapping[str, int]],
    marked_helps: MarkedReading,
) -> int:
    """How many of ``dice``, rolled by ``side``'s ``counter_id`` counters, hit: a die hits
    at most the attack value (9.1) after 9.6's −1, judged on the forces before the volley."""
    m = modifier(tables.marked, side, counter_id, forces_before, marked_helps)
    highest = tables.attack[counter_id] + m
    return len([d for d in dice if d <= highest])


def resolve(
    board: BoardDefinition,
    sector: str,
    forces: Forces,
    volleys: Sequence[Volley],
    *,
    marked_helps: MarkedReading = "own",
) -> BattleResult:
    """Replay the battle in ``sector`` between ``forces`` as recorded by ``volleys`` (each a
    :class:`Volley`, or a record's volley, which has the same three fields).

    ``forces`` are both sides' counters in a contested sector (9.0, which the caller
    checks), positive counts only, as :meth:`Situation.at` gives them; they are never
    changed. Checks, in this order, stopping at the first problem: each volley is the next
    class with a counter present, a class with none being skipped and the order starting
    again after class 0 while both sides remain (9.1, 9.3, 9.5, 9.7); each side rolled one
    die per counter of the class (and none for others), each die 1–6 (2.4); each side
    removed exactly min(hits taken, counters it has), all of them its own counters in the
    sector (9.2, 9.4); the record stops exactly when a side is gone (9.7), or when the guard
    or the base is removed: that wins the game at once (4.1, 4.2, interpretation 16), and a
    volley after it is ``volley_after_victory``. If both sides are gone after the same
    volley the sector is left empty.
    """
    tables = battle_tables(board)
    classes = tables.classes
    now = forces
    removed: dict[Side, list[str]] = {"empire": [], "rebel": []}
    taken_log: list[dict[Side, int]] = []

    position, cycle = 0, 1  # the index in CLASS_ORDER to look from, and the 9.7 cycle
    index = 0
    problem: Problem | None = None
    while now["empire"] and now["rebel"]:
        expected, position, cycle = next_class(classes, now, position, cycle)
        if index >= len(volleys):
            args = {"expected": expected, "cycle": cycle}
            args.update({s: sum(now[s].values()) for s in SIDES})
            problem = (len(volleys), "battle_unfinished", args)
            break
        volley = volleys[index]
        cls = volley.cls
        if cls != expected:
            problem = (index, "class_order", {"expected": expected, "got": cls, "cycle": cycle})
            break
        present: dict[Side, dict[str, int]] = {"empire": class_members(classes, now["empire"], cls)}
        present["rebel"] = class_members(classes, now["rebel"], cls)
        dice_of = volley.dice
        bad = _dice_problem(present, dice_of)
        if bad:
            problem = (index, *bad)
            break
        taken = _fire(tables, present, dice_of, now, marked_helps)
        chosen = volley.removed
        bad, after = _removal_problem(now, chosen, taken)
        if bad:
            problem = (index, *bad)
            break
        now = after
        taken_log.append(taken)
        position += 1
        index += 1
        won = _remove(removed, chosen)
        if won is not None:
            if index < len(volleys):
                problem = (index, "volley_after_victory", {"counter": won})
            return BattleResult(now, removed, taken_log, problem)

    if problem is None and index < len(volleys):
        left = [s for s in SIDES if now[s]]
        args = {"index": index, "survivor": left[0] if left else None}
        problem = (index, "volley_after_end", args)
    return BattleResult(now, removed, taken_log, problem)


# --- helpers ------------------------------------------------------------------------------


#: Each side with the side its dice hit.
_ENEMIES: tuple[tuple[Side, Side], ...] = (("empire", "rebel"), ("rebel", "empire"))
#: :data:`DECISIVE` by side: the one counter of each whose removal wins.
_DECISIVE_KIND: dict[Side, str] = dict(DECISIVE)


def _fire(
    tables: BattleTables,
    present: dict[Side, dict[str, int]],
    dice_of: Mapping[Side, Mapping[str, Sequence[int]]],
    now: Forces,
    marked_helps: MarkedReading,
) -> dict[Side, int]:
    """The hits each side takes in one volley. Simultaneous fire: every die is judged on
    the forces before this volley (9.2, 9.4)."""
    taken: dict[Side, int] = {"empire": 0, "rebel": 0}
    for side, enemy in _ENEMIES:
        members = present[side]
        if members:
            rolled = dice_of[side]
            for counter_id in members:
                dice = rolled[counter_id]
                taken[enemy] += hits(tables, side, counter_id, dice, now, marked_helps)
    return taken


def _remove(removed: dict[Side, list[str]], chosen: Mapping[Side, Sequence[str]]) -> str | None:
    """The volley's removals added to the battle's; the decisive counter removed, if any
    (the guard or the base: the game is won at once, 4.1, 4.2)."""
    won = None
    for side in SIDES:
        kinds = chosen.get(side)
        if kinds:
            removed[side].extend(kinds)
            if won is None and _DECISIVE_KIND[side] in kinds:
                won = _DECISIVE_KIND[side]
    return won


def next_class(
    classes: dict[str, tuple[str, ...]], now: Forces, position: int, cycle: int
) -> tuple[str, int, int]:
    """The next class with a counter of either side present, looking from ``position``
    and going round again after class 0 (9.7); its position and the cycle it falls in."""
    empire, rebel = now["empire"], now["rebel"]
    for _ in range(2 * len(CLASS_ORDER)):
        if position >= len(CLASS_ORDER):
            position, cycle = 0, cycle + 1
        cls = CLASS_ORDER[position]
        for k in classes.get(cls, ()):  # class_members, unbuilt
            if empire.get(k, 0) > 0 or rebel.get(k, 0) > 0:
                return cls, position, cycle
        position += 1
    raise AssertionError("both sides have counters, so some class has one")  # pragma: no cover


def _dice_problem(
    present: dict[Side, dict[str, int]], dice_of: Mapping[Side, Mapping[str, Sequence[int]]]
) -> tuple[str, dict[str, Any]] | None:
    """A side's dice (``dice_of``, by side and counter) that do not match its counters of
    the class (``present``, by side: 9.1, 9.3), or a die that is not 1–6 (2.4), side by side
    and counter by counter."""
    for side in SIDES:
        members = present[side]
        rolled = dice_of.get(side, {})
        ids = (
            members
            if rolled.keys() <= members.keys()
            else [*members, *(c for c in rolled if c not in members)]
        )
        for counter_id in ids:
            dice = rolled.get(counter_id, ())
            expected = members.get(counter_id, 0)
            if len(dice) != expected:
                args = {"side": side, "counter": counter_id, "expected": expected}
                return "dice_count", {**args, "got": len(dice)}
            for d in dice:
                if type(d) is int and 0 < d < 7:
                    continue  # the common die, at once
                if isinstance(d, bool) or not isinstance(d, int) or d not in DIE_FACES:
                    return "die_value", {"side": side, "counter": counter_id, "value": d}
    return None


def _removal_problem(
    now: Forces, removed: Mapping[Side, Sequence[str]], taken: dict[Side, int]
) -> tuple[tuple[str, dict[str, Any]] | None, Forces]:
    """Each side removes exactly min(hits taken, counters it has) of its own counters in the
    sector, any it likes (9.2, 9.4), as ``removed`` lists them by side; the forces after the
    removals when they are right."""
    after: Forces = {}
    for side in SIDES:
        chosen = removed.get(side, ())
        if not chosen and not taken[side]:
            after[side] = now[side]  # unchanged; forces are never changed in place
            continue
        chosen = list(chosen)
        must = min(taken[side], sum(now[side].values()))
        if len(chosen) != must:
            args = {"side": side, "expected": must, "got": len(chosen), "hits": taken[side]}
            return ("removal_count", args), now
        if not chosen:
            after[side] = now[side]  # unchanged; forces are never changed in place
            continue
        left = counter_of(now[side])
        for counter_id in chosen:
            if left[counter_id] <= 0:
                return ("removal_not_present", {"side": side, "counter": counter_id}), now
            left[counter_id] -= 1
        after[side] = positive(left)
    return None, after

"""The combat step's events for :mod:`.legal`, the dice given: the battles fought in the
board's order (9.0), each volley the next class with a counter present (9.1, 9.3, 9.5,
9.7), its dice taken in turn from the given ones — the empire's before the rebels', each
side's counters in the board's order — and every choice of the counters each side removes
for the hits it took (9.2, 9.4). A battle that removes the guard or the base ends the step
(4.1, 4.2, interpretation 16)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from adjudicator.dark_nebula import combat
from adjudicator.dark_nebula.board import SIDES, Side
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.state import Situation

Forces = dict[Side, Counter[str]]
#: The volleys written so far, the index of the next die, whether the game is decided.
Branch = tuple[tuple[str, ...], int, bool]

_LETTER: dict[Side, str] = {"empire": "e", "rebel": "r"}
#: Each side with the side its dice hit, the empire's dice first.
_ENEMIES: tuple[tuple[Side, Side], ...] = (("empire", "rebel"), ("rebel", "empire"))


def combat_bodies(situation: Situation, dice: Sequence[int], readings: Readings) -> Iterator[str]:
    """Each body of the combat line: ``-`` with no sector contested, else one battle per
    contested sector, every removal chosen, as far as the dice last."""
    sectors = situation.contested()
    if not sectors:
        yield "-"
        return
    forces = {s: {side: situation.at(s, side) for side in SIDES} for s in sectors}
    for battles in _step(situation, sectors, forces, dice, 0, readings):
        yield "; ".join(battles)


def _step(
    situation: Situation,
    sectors: list[str],
    forces: dict[str, Forces],
    dice: Sequence[int],
    used: int,
    readings: Readings,
) -> Iterator[tuple[str, ...]]:
    """The battles from the first of ``sectors`` on, each way they can be fought."""
    if not sectors:
        yield ()
        return
    sector, rest = sectors[0], sectors[1:]
    for volleys, after, decided in _battle(situation, forces[sector], dice, used, readings):
        written = f"{sector}: " + " | ".join(volleys)
        if decided:
            yield (written,)
            continue
        for later in _step(situation, rest, forces, dice, after, readings):
            yield (written, *later)


def _battle(
    situation: Situation, start: Forces, dice: Sequence[int], used: int, readings: Readings
) -> Iterator[Branch]:
    """Every way one battle can go with these dice, volley by volley."""
    tables = combat.battle_tables(situation.board)
    marked = readings.marked_modifier

    def go(
        now: Forces, position: int, cycle: int, used: int, written: tuple[str, ...]
    ) -> Iterator[Branch]:
        if not (now["empire"] and now["rebel"]):
            yield written, used, False
            return
        cls, position, cycle = combat.next_class(tables.classes, now, position, cycle)
        firing = {side: combat.class_members(tables.classes, now[side], cls) for side in SIDES}
        need = sum(sum(kinds.values()) for kinds in firing.values())
        if used + need > len(dice):
            return  # the dice given end here
        parts, taken = [cls], dict.fromkeys(SIDES, 0)
        for side, enemy in _ENEMIES:
            for kind, n in firing[side].items():
                rolled = list(dice[used : used + n])
                used += n
                parts.append(f"{_LETTER[side]}.{kind}={','.join(map(str, rolled))}")
                taken[enemy] += combat.hits(tables, side, kind, rolled, now, marked)
        for removed in removals(now, taken):
            after = {side: now[side] - Counter(removed[side]) for side in SIDES}
            tokens = [f"{_LETTER[s]}.{k}" for s in SIDES for k in removed[s]]
            volley = " ".join(parts + (["/", *tokens] if tokens else []))
            if any((s, k) in combat.DECISIVE for s in SIDES for k in removed[s]):
                yield (*written, volley), used, True
                continue
            yield from go(after, position + 1, cycle, used, (*written, volley))

    yield from go(start, 0, 1, used, ())


def removals(now: Forces, taken: dict[Side, int]) -> Iterator[dict[Side, tuple[str, ...]]]:
    """Each choice of min(hits taken, counters present) counters for each side to remove,
    its own, in the sector (9.2, 9.4), each side's sorted by counter."""
    choices = {side: list(_choose(now[side], taken[side])) for side in SIDES}
    for empire in choices["empire"]:
        for rebel in choices["rebel"]:
            yield {"empire": empire, "rebel": rebel}


def _choose(present: Counter[str], hits: int) -> Iterator[tuple[str, ...]]:
    """The multisets of ``min(hits, counters)`` of the ``present`` counters."""
    must = min(hits, sum(present.values()))
    for chosen in combinations_with_replacement(sorted(present), must):
        if all(chosen.count(k) <= present[k] for k in set(chosen)):
            yield chosen

"""The combat or search step a score sheet left out, rebuilt from what follows it, and the
dice that fall otherwise to the same effect.

A battle's dice (9.1–9.5) and the 10.7 roll are written on their own line only: left out,
their faces are lost, but not what they did. A die hits or misses (at most the attack
value, 9.1, after 9.6's −1), so a volley does the number of hits of each kind of counter
firing, and the counters each side removes for them (9.2, 9.4); the roll beats the base's
value, which then advances (10.7), or does not. The lines after the gap tell which: a
counter that fires or moves later survived, the base's value shows where the next
production builds on it or the next roll reads it.

A step is rebuilt as one line for each effect — every count of hits of each firing kind,
hitting dice written as 1 and missing ones as 6, each choice of removals; the roll as 1 or
as the lowest face that beats the value — and the record's next lines choose among them
(:func:`~adjudicator.core.repair.continuation.agreed`). The faces are then the record's to
fill: :func:`same_effect` names the other faces that do the same, checked by the judge (the
position after is the same), so that a repair says the line is one of several rather than
pick one silently.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from adjudicator.dark_nebula import combat
from adjudicator.dark_nebula.board import SIDES, Side
from adjudicator.dark_nebula.legal_battles import removals
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.search import DIE_FACES
from adjudicator.dark_nebula.state import Situation

Forces = dict[Side, Counter[str]]
_LETTER: dict[Side, str] = {"empire": "e", "rebel": "r"}
_ENEMIES: tuple[tuple[Side, Side], ...] = (("empire", "rebel"), ("rebel", "empire"))
HIT, MISS = 1, 6

#: Lines tried for the faces of one line's dice (:func:`face_variants`), at most: every
#: face of every die alone (six a die), then their combinations up to this bound, whatever
#: the battle.
VARIANTS = 512

#: One die of a line: of a kind's dice (``e.cruiser=3,5``), or the 10.7 roll (``roll 4``).
_DIE = re.compile(r"(?<=[=,])[0-9]+(?=[,\s;|]|$)|(?<=roll )[0-9]+")


def combat_bodies(situation: Situation, readings: Readings) -> list[str]:
    """Each effect the combat step's dice can have, as a body of its line, the likeliest
    first (the chance of its hits, 2.4: a die a sixth a face): ``-`` with no sector
    contested, else one battle a contested sector in the board's order (9.0). At most
    :data:`BODIES` are made."""
    sectors = situation.contested()
    if not sectors:
        return ["-"]
    forces = {s: {side: situation.at(s, side) for side in SIDES} for s in sectors}
    made = itertools.islice(_battles(situation, sectors, forces, readings), BODIES)
    ranked = sorted(made, key=lambda found: -found[1])
    return ["; ".join(battles) for battles, _ in ranked]


#: Bodies of one combat line made, at most, before the likeliest are kept: a battle of a
#: few counters a side has a few dozen effects; the bound holds whatever the board.
BODIES = 4096


def _battles(
    situation: Situation, sectors: list[str], forces: dict[str, Forces], readings: Readings
) -> Iterator[tuple[tuple[str, ...], float]]:
    if not sectors:
        yield (), 1.0
        return
    sector, rest = sectors[0], sectors[1:]
    for volleys, decided, chance in _battle(situation, forces[sector], readings):
        written = f"{sector}: " + " | ".join(volleys)
        if decided:  # the guard or the base removed ends the step (4.1, 4.2)
            yield (written,), chance
            continue
        for later, more in _battles(situation, rest, forces, readings):
            yield (written, *later), chance * more


def _battle(
    situation: Situation, start: Forces, readings: Readings
) -> Iterator[tuple[tuple[str, ...], bool, float]]:
    """Every effect one battle's dice can have, volley by volley, until a side is gone,
    with its chance."""
    tables = combat.battle_tables(situation.board)

    def go(
        now: Forces, position: int, cycle: int, written: tuple[str, ...], chance: float
    ) -> Iterator[tuple[tuple[str, ...], bool, float]]:
        if not (now["empire"] and now["rebel"]):
            yield written, False, chance
            return
        cls, position, cycle = combat.next_class(tables.classes, now, position, cycle)
        if cycle > _CYCLES:
            return  # a battle that long is no record's
        firing = {side: combat.class_members(tables.classes, now[side], cls) for side in SIDES}
        groups = [(s, e, kind, n) for s, e in _ENEMIES for kind, n in firing[s].items()]
        counts = [_hit_counts(tables, group, now, readings) for group in groups]
        for hits in itertools.product(*counts):
            parts, taken, odds = [cls], dict.fromkeys(SIDES, 0), chance
            for (side, enemy, kind, n), (h, p) in zip(groups, hits, strict=True):
                faces = [HIT] * h + [MISS] * (n - h)
                parts.append(f"{_LETTER[side]}.{kind}={','.join(map(str, faces))}")
                taken[enemy] += h
                odds *= p
            for removed in removals(now, taken):
                after = {side: now[side] - Counter(removed[side]) for side in SIDES}
                tokens = [f"{_LETTER[s]}.{k}" for s in SIDES for k in removed[s]]
                volley = " ".join(parts + (["/", *tokens] if tokens else []))
                if any((s, k) in combat.DECISIVE for s in SIDES for k in removed[s]):
                    yield (*written, volley), True, odds
                    continue
                yield from go(after, position + 1, cycle, (*written, volley), odds)

    yield from go(start, 0, 1, (), 1.0)


#: Rounds of volleys (9.7) a rebuilt battle may go on for: each round adds a die a counter,
#: and a third round is rarer than any record's error.
_CYCLES = 2


def _hit_counts(
    tables: combat.BattleTables,
    group: tuple[Side, Side, str, int],
    now: Forces,
    readings: Readings,
) -> list[tuple[int, float]]:
    """The numbers of hits a kind's ``n`` dice can make, each with its chance: a die hits
    at most the attack value after 9.6's −1 (9.1), so on that many faces of six."""
    side, _, kind, n = group
    faces = sum(
        combat.hits(tables, side, kind, [face], now, readings.marked_modifier) for face in DIE_FACES
    )
    p = faces / len(DIE_FACES)
    found = [(h, math.comb(n, h) * p**h * (1 - p) ** (n - h)) for h in range(n + 1)]
    return [(h, chance) for h, chance in found if chance > 0]


def search_rolls(situation: Situation) -> list[int | None]:
    """The 10.7 roll as its effects, the likelier first: one that does not beat the base's
    value (written 1) and the lowest that does, while the track has a square to advance
    to; none once the base is on the board."""
    if situation.base.revealed:
        return [None]
    return [faces[0] for faces in roll_effects(situation)]


def roll_effects(situation: Situation) -> list[list[int]]:
    """The faces of the 10.7 roll grouped by their effect, the likelier first (more faces):
    those that do not beat the base's value (or find the track at its end), and those that
    do, which advance the base."""
    base = situation.base
    value = base.value(situation.board)
    top = len(situation.board.base_production_table) - 1
    stays = [face for face in DIE_FACES if face <= value or base.square >= top]
    beats = [face for face in DIE_FACES if face not in stays]
    return sorted([faces for faces in (stays, beats) if faces], key=len, reverse=True)


def face_variants(line: str, keeps: Callable[[str], bool]) -> Iterator[str]:
    """``line`` with the faces of its dice written otherwise to the same effect: each die's
    faces that ``keeps`` the effect with the others as written (a die hits or misses on its
    own, 9.1), then their combinations, each checked again by ``keeps``; at most
    :data:`VARIANTS` tried, the line itself left out."""
    dice = [(m.start(), m.end()) for m in _DIE.finditer(line)]

    def written(faces: Sequence[str]) -> str:
        pieces, end = [], 0
        for (start, stop), face in zip(dice, faces, strict=True):
            pieces += [line[end:start], face]
            end = stop
        return "".join([*pieces, line[end:]])

    own = [line[start:stop] for start, stop in dice]
    classes = []
    for i, face in enumerate(own):
        same = [face]
        for other in map(str, DIE_FACES):
            if other != face and keeps(written([*own[:i], other, *own[i + 1 :]])):
                same.append(other)
        classes.append(same)
    combined = itertools.islice(itertools.product(*classes), 1, VARIANTS)
    for faces in combined:
        variant = written(faces)
        if sum(a != b for a, b in zip(faces, own, strict=True)) == 1 or keeps(variant):
            yield variant


#: A kind's dice in a battle's line (``e.cruiser=3,5``).
_KIND_DICE = re.compile(r"(?<==)[0-9]+(?:,[0-9]+)*")


def one_die_more(line: str) -> Iterator[str]:
    """``line`` with one die more among a kind's (``e.cruiser=3`` → ``e.cruiser=3,5``), in
    every place and with every face: a die left out of a battle (9.1: one a counter)."""
    for spot in _KIND_DICE.finditer(line):
        dice = spot[0].split(",")
        for place in range(len(dice) + 1):
            for face in map(str, DIE_FACES):
                more = ",".join([*dice[:place], face, *dice[place:]])
                yield line[: spot.start()] + more + line[spot.end() :]


def one_volley_more(line: str, situation: Situation) -> Iterator[str]:
    """A battle's line with a volley put back where the record left one out (9.1–9.5: each
    class fires in turn, one die a counter): a kind of counter in the battle's sector
    firing one die, every face, in every place among the volleys written, the removal
    written before it taken by it or not (the hits it took were the volley's left out)."""
    head, _, body = line.partition(": ")
    if " combat" not in head or body == "-":
        return
    classes = combat.battle_tables(situation.board).classes
    class_of = {kind: cls for cls, kinds in classes.items() for kind in kinds}
    battles = body.split("; ")
    for b, battle in enumerate(battles):
        sector, _, written = battle.partition(": ")
        firing = [
            f"{class_of[kind]} {_LETTER[side]}.{kind}={face}"
            for side in SIDES
            for kind in sorted(situation.at(sector, side))
            if kind in class_of
            for face in DIE_FACES
        ]
        for volleys in _with_volley(written.split(" | "), firing):
            whole = [*battles[:b], f"{sector}: " + " | ".join(volleys), *battles[b + 1 :]]
            yield f"{head}: " + "; ".join(whole)


def _with_volley(volleys: list[str], firing: list[str]) -> Iterator[list[str]]:
    """``volleys`` with one of ``firing`` put in each place, and where the volley before it
    writes a removal, that removal also written as the new volley's."""
    for at in range(len(volleys) + 1):
        for volley in firing:
            yield [*volleys[:at], volley, *volleys[at:]]
            if at == 0:
                continue
            shot, slash, taken = volleys[at - 1].partition(" / ")
            if slash:
                yield [*volleys[: at - 1], shot, f"{volley} / {taken}", *volleys[at:]]


def with_roll(line: str, situation: Situation) -> Iterator[str]:
    """A search line written without its roll (``1.7 search: imobu``) with the roll put
    back (10.7: the roll is made while the base is hidden, whatever was searched), every
    face, those of the likelier effect first (:func:`roll_effects`); nothing for a line
    that writes a roll or a reveal, or is no search, or once the base is on the board."""
    head, _, body = line.partition(": ")
    if " search" not in head or "; roll " in body or "; reveal " in body:
        return
    if situation.base.revealed:
        return
    for faces in roll_effects(situation):
        for face in faces:
            yield f"{line}; roll {face}"


def search_variants(line: str, situation: Situation) -> Iterator[str]:
    """A search line (``1.7 search: zarek; roll 4``) with other sectors searched (10.1: none,
    one or two holding imperial counters, in either order) and the roll's other faces: a
    search that found nothing leaves no trace in the position, so the record may not tell
    which were meant."""
    head, _, body = line.partition(": ")
    if " search" not in head or "; reveal " in body:
        return
    imperial = sorted(situation.sectors_of("empire"))
    choices = [[], *([s] for s in imperial), *map(list, itertools.permutations(imperial, 2))]
    rolls: list[int | None] = [None] if "; roll " not in body else list(DIE_FACES)
    for searched in choices:
        for roll in rolls:
            text = " ".join(searched) or "-"
            variant = f"{head}: {text}" + (f"; roll {roll}" if roll is not None else "")
            if variant != line:
                yield variant


def quiet_or_rolled(stamp: str, rolls: Sequence[int | None]) -> list[str]:
    """The search step rebuilt: no sector searched (10.1 allows none; a search that found
    nothing leaves no trace the record could follow), with each roll's effect."""
    return [f"{stamp}: -" + (f"; roll {roll}" if roll is not None else "") for roll in rolls]

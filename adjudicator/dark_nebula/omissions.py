"""The movement or production step a score sheet left out, told by what the record says
after it.

A movement (8.0) rolls no die: what moved shows later, where the record finds a counter
that was not there. A later movement of the same side that moves a counter from a sector
it does not hold, a battle in which it fires or is removed there, a counter built in a sector of the
side's own (6.1, 6.2), an imperial search of a sector it has no counter in (10.1): each
says a counter went there, and the board says from where it could have come
(:func:`~adjudicator.dark_nebula.movement.reachable`). A repair tries the movements that
explain what the record says, one counter for each thing it says, in place of the step
left out. A production (6.0) rolls none either: a counter found later where fewer stand
now, and no movement brought, was built there — the empire's heavy counter as its extra
(6.4, interpretation 17), the rest where they stand. The steps that roll dice (combat, the
search's roll) are rebuilt by their dice's effects, which the lines after choose among
(:mod:`.dice_omissions`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from adjudicator.core.errors import InputError
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.replay import Replay
from adjudicator.core.repair.continuation import agreed
from adjudicator.dark_nebula import dice_omissions
from adjudicator.dark_nebula.board import CAPITAL, BoardDefinition, Side
from adjudicator.dark_nebula.movement import NebulaReading, reachable
from adjudicator.dark_nebula.notation import TURN_STEPS, parse_line, stamp
from adjudicator.dark_nebula.production import HEAVY
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.record import Combat, Movement, Production, Search
from adjudicator.dark_nebula.state import Situation

#: Movements tried for one step at most: one for each way of bringing the counters the
#: record needs, which is a handful on a board of 20 sectors.
MOST = 24

#: A counter the record needs in a sector (its kind, or ``None`` for any counter).
Need = tuple[str | None, str]


def needs(
    situation: Situation, side: Side, ahead: Sequence[str], *, past_movements: bool = False
) -> list[Need]:
    """The counters of ``side`` the lines after a missing movement find in sectors where
    they do not stand now, one entry a counter, up to and including ``side``'s next
    movement that moves a counter (after it, the counters may have moved again; a quiet
    one, 8.0's "may", left them where they stood). ``past_movements``: for a production
    left out, read on past the side's movements, each counter a later line finds counted
    back through them (one that moved away from a sector stood there before, one that
    moved in did not): what was built stays where it was built until it moves. A counter
    the side builds in the lines read was not there before either."""
    wanted: Counter[Need] = Counter()
    #: counters of ``side`` the lines read brought to a sector (built there, or moved in by a
    #: movement read past), less those moved away, by kind and sector, and by sector alone
    moved_in: Counter[Need] = Counter()

    def need(kind: str | None, sector: str, n: int = 1) -> None:
        n -= moved_in[kind, sector]
        wanted[kind, sector] = max(wanted[kind, sector], n)

    for line in ahead:
        try:
            event = parse_line(line)
        except InputError:
            continue  # a miscopied line says nothing reliable
        if isinstance(event, Movement) and event.side == side:
            leaving = Counter((move.counter, move.src) for move in event.moves)
            for (kind, sector), n in leaving.items():
                need(kind, sector, n)
            if event.moves and not past_movements:
                break  # a quiet movement moved nothing: the next one still tells
            for move in event.moves:
                for counted in (move.counter, None):
                    moved_in[counted, move.dst] += 1
                    moved_in[counted, move.src] -= 1
            continue
        if isinstance(event, Combat):
            for battle in event.battles:
                for volley in battle.volleys:
                    for kind, dice in volley.dice.get(side, {}).items():
                        need(kind, battle.sector, len(dice))
                    for kind, n in Counter(volley.removed.get(side, [])).items():
                        need(kind, battle.sector, n)
        elif isinstance(event, Production) and event.side == side:
            places = [*event.builds, *([event.extra] if event.extra else [])]
            for place in places:
                if not (side == "empire" and place.sector == CAPITAL):
                    need(None, place.sector)  # built in a sector of its own (6.1, 6.2)
            for place in places:  # then there: no need of bringing one
                for counted in (place.counter, None):
                    moved_in[counted, place.sector] += 1
        elif isinstance(event, Search) and side == "empire":
            for sector in event.searches:
                need(None, sector)
    found: list[Need] = []
    for (wanted_kind, sector), n in wanted.items():
        if wanted_kind is None:
            # any counter will do: one the record names there already does
            named = any(k and s == sector and m > 0 for (k, s), m in wanted.items())
            missing = 0 if named else n
            missing -= situation.holds(sector, side)
        else:
            missing = n - situation.count(sector, side, wanted_kind)
        found.extend([(wanted_kind, sector)] * max(0, missing))
    return found


def movements(
    situation: Situation,
    board: BoardDefinition,
    side: Side,
    nebula: NebulaReading,
    wanted: list[Need],
) -> list[str]:
    """Bodies of movement lines that bring a counter to each sector ``wanted`` names, each
    from a sector where one stands now and within its allowance (8.0, 8.3): first those
    that explain everything, then one counter moved alone for each need."""
    options: list[list[str]] = []
    for kind, dst in wanted:
        kinds = [kind] if kind is not None else sorted(situation.fielded[side])
        moves = [
            f"{k}@{src}>{dst}"
            for k in kinds
            if k in board.kinds and board.kinds[k].movement > 0
            for src in sorted(situation.sectors_of(side))
            if src != dst
            and situation.count(src, side, k) > 0
            and dst in reachable(board, src, board.kinds[k].movement, nebula=nebula)
        ]
        if moves:
            options.append(moves)
    found: list[str] = []
    if len(options) > 1:
        for combined in itertools.islice(itertools.product(*options), MOST):
            found.append(" ".join(sorted(combined, key=_written_order)))
    for moves in options:
        found.extend(moves)
    return list(dict.fromkeys(found))[:MOST]


def _written_order(move: str) -> tuple[str, str]:
    """Moves in one order, since the record does not say the one written: by the sector
    left, then the kind (``cruiser@zarek>nafaelas`` is ``("zarek", "cruiser")``)."""
    kind, _, rest = move.partition("@")
    return rest.partition(">")[0], kind


def productions(side: Side, wanted: list[Need], readings: Readings) -> list[str]:
    """Bodies of production lines that build each counter ``wanted`` names where the record
    finds it (a need of any counter says nothing of what was built, and is left out): for
    the empire, a heavy counter as its one extra (6.4) — or, where the budget buys any kind
    (interpretation 17), also among the builds."""
    built = sorted((sector, kind) for kind, sector in wanted if kind is not None)
    if not built:
        return []
    found: list[str] = []
    if side == "empire":
        for i, (sector, kind) in enumerate(built):
            if kind in HEAVY:
                rest = " ".join(f"{k}@{s}" for j, (s, k) in enumerate(built) if j != i)
                found.append(f"{rest or '-'}; extra {kind}@{sector}")
    if side == "rebel" or readings.empire_budget == "any-kind" or not found:
        found.append(" ".join(f"{kind}@{sector}" for sector, kind in built))
    return found[:MOST]


class RepairHints(Replay):
    """What a repair asks the replay (:meth:`~adjudicator.core.judge.replay.Replay.alternatives`,
    :meth:`~adjudicator.core.judge.replay.Replay.omitted`), kept beside the search it drives and
    apart from the rules: no game is judged by it, only corrections proposed."""

    board: BoardDefinition
    readings: Readings
    situation: Situation
    started: bool
    decided: Outcome | None
    steps: int

    def alternatives(self) -> list[str] | None:
        """The next step done quietly (``2.5 rebel movement: -``), the one event of a turn
        that needs no dice and no choice: what a score sheet that skipped a line most often
        left out. Steps with choices are not listed: their dice are nowhere else."""
        if not self.started or self.decided is not None:
            return None
        turn, step = divmod(self.steps, 7)
        return [f"{stamp(turn + 1, step + 1)}: -"]

    def omitted(self, ahead: Sequence[str]) -> list[str]:
        """The step left out, as the lines after it tell it: a movement or a production
        rolls no die, so what moved or was built shows where the record later finds a
        counter that was not there; a combat or a search is rebuilt by its dice's effects,
        the lines after choosing among them."""
        if not self.started or self.decided is not None:
            return []
        turn, step = divmod(self.steps, 7)
        kind, side = TURN_STEPS[step]
        head = stamp(turn + 1, step + 1)
        if kind is Combat:
            bodies = dice_omissions.combat_bodies(self.situation, self.readings)
            return agreed(self, (f"{head}: {body}" for body in bodies), ahead, MOST)
        if kind is Search:
            rolls = dice_omissions.search_rolls(self.situation)
            return agreed(self, dice_omissions.quiet_or_rolled(head, rolls), ahead, MOST)
        if kind not in (Movement, Production) or side is None:
            return []
        wanted = needs(self.situation, side, ahead, past_movements=kind is Production)
        if not wanted:
            return []
        if kind is Production:
            bodies = productions(side, wanted, self.readings)
        else:
            nebula = self.readings.nebula_entry
            bodies = movements(self.situation, self.board, side, nebula, wanted)
            bodies = [*bodies, *self._chained(head, side, bodies, ahead)[:MOST]]
        return [f"{head}: {body}" for body in bodies]

    def _chained(self, head: str, side: Side, bodies: list[str], ahead: Sequence[str]) -> list[str]:
        """Movements that bring a counter where the lines after need one, and another to
        where the first left a sector empty that they need held: a counter moved away is
        replaced by one moved in (8.0: every counter of the side may move in the step).
        Each movement in ``bodies`` is played, the lines after read again against where it
        leaves the counters, and the moves they still need added from sectors it left
        alone."""
        chained: list[str] = []
        for body in bodies:
            after = self.copy()
            try:
                if after.attempt(f"{head}: {body}", lenient=False).violation is not None:
                    continue
            except InputError:
                continue
            assert isinstance(after, RepairHints)
            more = needs(after.situation, side, ahead)
            if not more:
                continue
            moved = {move.partition(">")[0] for move in body.split()}
            nebula = self.readings.nebula_entry
            for extra in movements(after.situation, self.board, side, nebula, more):
                added = [m for m in extra.split() if m.partition(">")[0] not in moved]
                if added and len(added) == len(extra.split()):
                    chained.append(" ".join(sorted([*body.split(), *added], key=_written_order)))
        return list(dict.fromkeys(chained))

    def completed(self, written: str) -> list[str]:
        """A line refused here with the part a copy left out put back, those accepted here:
        a battle's with a die of a kind (9.1: one die a counter) or a volley (9.1–9.5),
        every face and place; a search's with its roll (10.7), every face."""
        if self.accepts(written):
            return []
        more = itertools.chain(
            dice_omissions.one_die_more(written),
            dice_omissions.one_volley_more(written, self.situation),
            dice_omissions.with_roll(written, self.situation),
        )

        return [v for v in more if self.accepts(v)]

    def same_effect(self, event: str) -> list[str]:
        """The lines with the dice of ``event`` (a battle's, the 10.7 roll) falling otherwise
        that the judge accepts here to the very same position: hits and misses as they were,
        the base's value as it was."""
        after = self.copy()
        try:
            if after.attempt(event, lenient=False).violation is not None:
                return []
        except InputError:
            return []

        def keeps(variant: str) -> bool:
            """Whether ``variant`` plays here to where ``event`` does: the board, the base
            and what is pending, and the outcome."""
            twin = self.copy()
            try:
                if twin.attempt(variant, lenient=False).violation is not None:
                    return False
            except InputError:
                return False
            return (
                isinstance(twin, RepairHints)
                and isinstance(after, RepairHints)
                and (twin.situation, twin.decided) == (after.situation, after.decided)
            )

        variants = itertools.chain(
            dice_omissions.face_variants(event, keeps),
            (v for v in dice_omissions.search_variants(event, self.situation) if keeps(v)),
        )
        return list(dict.fromkeys(variants))

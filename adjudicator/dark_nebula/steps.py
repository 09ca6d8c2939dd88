"""The rules of each step of a Dark Nebula turn as the replay plays them: the set-up (3.0),
production (7.0), movement and the rebels' appearances (8.0, 7.5), combat (9.0) and search
(10.0), each refusing its event with the violation the rulebook gives."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.replay import ACCEPTED, Step
from adjudicator.dark_nebula import combat, search
from adjudicator.dark_nebula.board import BASE, GUARD, NEW_CRUISER, Kind, Side
from adjudicator.dark_nebula.hidden_base import HiddenBase
from adjudicator.dark_nebula.movement import move_problem
from adjudicator.dark_nebula.production import (
    Placement,
    base_sector_problem,
    check_base_production,
    check_production,
    check_rebel_setup,
    produce,
    produce_on_base,
    set_up,
)
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.record import (
    Combat,
    GameEvent,
    Movement,
    Opening,
    Production,
    Search,
    Setup,
)
from adjudicator.dark_nebula.state import Problem, Situation


class Steps(HiddenBase):
    """The replay's rules of each step, on the situation they are given to work on."""

    readings: Readings
    secret: Opening | None
    started: bool
    decided: Outcome | None

    def _setup(self, event: Setup, ply: int) -> Step:
        placements = [Placement(p.counter, p.sector) for p in event.rebel]
        self._reject(check_rebel_setup(self.situation, placements))
        if self.secret is not None:
            self._open(self.secret, secret=True)
            self._reject(base_sector_problem(self.secret.sector))
        else:
            self._defer("base_in_capital", ply, {}, base_sector_problem)
        set_up(self.situation, placements)
        self.started = True
        return ACCEPTED

    def _production(self, work: Situation, event: Production) -> None:
        side, base_builds = event.side, event.base_builds
        builds = [Placement(p.counter, p.sector) for p in event.builds]
        extra = None if event.extra is None else Placement(event.extra.counter, event.extra.sector)
        if extra is not None:
            self._known_all([*(p.sector for p in builds), extra.sector])
        elif builds:
            self._known_all([p.sector for p in builds])
        self._reject(check_production(work, side, builds, extra, self.readings))
        if base_builds and side != "rebel":
            self._reject(("empire_base_production", {"counter": self._name(base_builds[0])}))
        produce(work, side, builds, extra)
        if base_builds:
            self._reject(check_base_production(work, list(base_builds), self.readings))
            produce_on_base(work, list(base_builds))

    def _movement(self, work: Situation, event: Movement, ply: int) -> None:
        side, appearances = event.side, event.appearances
        moves = [(m.counter, m.src, m.dst) for m in event.moves]
        if not moves and not appearances:
            if side == "empire":
                work.restricted = None  # 10.5 (2): only the movement right after
            return
        self._known_all(
            [s for _, src, dst in moves for s in (src, dst)] + [a.to for a in appearances]
        )
        wanted: dict[tuple[str, Kind], int] = {}
        for kind, src, _ in moves:
            wanted[src, kind] = wanted.get((src, kind), 0) + 1
        for (src, kind), n in wanted.items():
            if work.count(src, side, kind) < n:
                self._reject(
                    (
                        "no_counter",
                        {"sector": self._label(src), "side": side, "counter": self._name(kind)},
                    )
                )
        board, allowances, nebula = self.board, self.board.allowances, self.readings.nebula_entry
        restricted = work.restricted if side == "empire" else None
        for kind, src, dst in moves:
            if src == restricted:
                self._reject(("movement_restricted", {"sector": self._label(src)}))
            problem = move_problem(board, src, dst, allowances[kind], nebula=nebula)
            if problem is not None:
                self._reject(self._movement_args(problem, kind))
        for kind, src, _ in moves:
            work.remove(src, side, kind)
        for kind, _, dst in moves:
            work.place(dst, side, kind)
        if appearances:
            self._appearances(work, event, ply)
        if side == "empire":
            work.restricted = None  # 10.5 (2): only the movement right after

    def _appearances(self, work: Situation, event: Movement, ply: int) -> None:
        base = work.base
        if event.side != "rebel" or base.revealed:
            self._reject(("appearance_not_allowed", {}))
        need = Counter(a.counter for a in event.appearances)
        for kind, n in need.items():
            if base.stock[kind] < n:
                self._reject(("not_on_base", {"counter": self._name(kind)}))
        for a in event.appearances:
            if self.readings.appear_with_empire == "forbidden" and work.holds(a.to, "empire"):
                self._reject(("appearance_with_empire", {"sector": self._label(a.to)}))
            check = self._reach_check(a.counter, a.to)
            if base.sector is not None:
                self._reject(check(base.sector))
            else:
                args = {"counter": self._name(a.counter), "dst": self._label(a.to)}
                self._defer("appearance_unreachable", ply, args, check)
        for a in event.appearances:
            base.stock[a.counter] -= 1
            work.place(a.to, "rebel", a.counter)
        base.stock = +base.stock

    def _reach_check(self, kind: str, dst: str) -> Callable[[str], Problem | None]:
        allowance = self.board.kinds[kind].movement

        def check(base_sector: str) -> Problem | None:
            problem = move_problem(
                self.board, base_sector, dst, allowance, nebula=self.readings.nebula_entry
            )
            if problem is None:
                return None
            return "appearance_unreachable", {
                "counter": self._name(kind),
                "base": self._label(base_sector),
                "dst": self._label(dst),
            }

        return check

    def _combat(self, work: Situation, event: Combat, ply: int) -> None:
        battles = event.battles
        if battles:
            self._known_all([b.sector for b in battles])
        contested = work.contested()
        fought: list[str] = []
        # a battle that decides the game ends the step (interpretation 16); the decision
        # stands only with the step: a battle written after it refuses the whole step
        decided: Outcome | None = None
        for battle in battles:
            if decided is not None:
                self._reject(("game_over", {"reason": decided.reason}))
            sector = battle.sector
            if sector not in contested or sector in fought:
                self._reject(("not_contested", {"sector": self._label(sector)}))
            fought.append(sector)
            forces: dict[Side, Counter[str]] = {
                "empire": work.at(sector, "empire"),
                "rebel": work.at(sector, "rebel"),
            }
            result = combat.resolve(  # the record's volleys, read as combat.Volley is
                self.board,
                sector,
                forces,
                battle.volleys,  # type: ignore[arg-type]  # read as combat.Volley is, field by field
                marked_helps=self.readings.marked_modifier,
            )
            if result.problem is not None:
                _, code, args = result.problem
                self._reject((code, self._named(args) | {"sector": self._label(sector)}))
            for side, removed in result.removed.items():
                for kind in removed:
                    work.remove(sector, side, kind)
            decided = victory(work, result.removed, ply)
        if decided is None:
            for sector in contested:
                if sector not in fought:
                    self._reject(("battle_missing", {"sector": self._label(sector)}))
        self.decided = decided

    def _search(self, work: Situation, event: Search, ply: int) -> Step | None:
        """``None`` when the step is played; a step with the violation at an earlier event
        that the revelation proves."""
        reveal = event.reveal
        self._known_all([*event.searches, *([reveal.sector] if reveal else [])])
        self._reject(search.check_searches(work, list(event.searches), self.readings))
        base = work.base
        if base.sector is not None and not base.revealed:
            self._reject(
                search.concealment(work, list(event.searches), reveal.sector if reveal else None)
            )
        elif base.sector is None:
            # With a revelation too: revealed elsewhere, the base may still have been in a
            # sector searched now, and the director's record reports that first (10.2).
            for sector in event.searches:
                if reveal is None or sector != reveal.sector:
                    args = {"sector": self._label(sector)}
                    self._defer("concealed_base", ply, args, self._concealment_check(sector))
        if reveal is not None:
            if base.revealed:
                self._reject(("already_revealed", {}))
            late = self._open(reveal)
            if late is not None:
                return late
            base.sector = reveal.sector
            self._reject(search.appear(work, reveal.sector))
        self._reject(search.end_of_step(work, event.roll))
        return None


def victory(work: Situation, removed: dict[Side, list[str]], ply: int) -> Outcome | None:
    """4.1, 4.2: decided the moment the counter is removed; 7.2's unlock."""
    if NEW_CRUISER in removed.get("empire", []):
        work.new_cruiser_unlocked = True
    if GUARD in removed.get("empire", []):
        return Outcome(winner="rebel", reason="guard_destroyed", decided_at=ply)
    if BASE in removed.get("rebel", []):
        return Outcome(winner="empire", reason="base_destroyed", decided_at=ply)
    return None


def checked_first(event: GameEvent) -> bool:
    """Whether every rule that may refuse the step is asked before it changes anything: a
    production without the base's (7.1–7.4 are checked after the board's counters are
    placed), a movement without appearances (7.5 after the moves), a combat step without
    battles and a search without a revelation (10.7's roll is checked before the step ends).
    Such a step changes the situation itself; the others (a battle may be refused after an
    earlier one removed counters, and the revealed base may still be refused its roll) work
    on a copy, kept only when the step is accepted."""
    if type(event) is Production:
        return not event.base_builds
    if type(event) is Movement:
        return not event.appearances
    if type(event) is Search:
        return event.reveal is None
    return type(event) is Combat and not event.battles

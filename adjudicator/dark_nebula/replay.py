"""Dark Nebula records replayed event by event, with the hidden base's checks deferred.

While the base's sector is unknown (the empire's view of a game), whatever needs it is
registered as a :class:`~adjudicator.core.read.records.Deferred` check: the set-up's "not in
Tyrann" (3.1), each appearance's reachability from the base (7.5, 8.1, 8.3), each search
that went unanswered (10.2). The event that opens the commitment — a revelation (10.2,
10.3) or the post-game disclosure — runs them in order, and the first that fails is
reported at the event it concerns. A director's full record carries the opening from the
start (``secret``), so every check runs at once.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, Said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData, in_force
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import ACCEPTED, Deferred, Event, EventReplay, Step
from adjudicator.dark_nebula import combat, search
from adjudicator.dark_nebula.board import BASE, GUARD, NEW_CRUISER, BoardDefinition, Kind, Side
from adjudicator.dark_nebula.commitment import nonce_problem, open_commitment
from adjudicator.dark_nebula.drawing import (
    RULEBOOK_STEPS,
    STEP_WORDS,
    Drawings,
    step_name,
    summary,
)
from adjudicator.dark_nebula.movement import move_problem
from adjudicator.dark_nebula.notation import (
    TURN_STEPS,
    RecordEvents,
    canonical_line,
    has_stay,
    line,
    parse_line,
    printed_names,
    stamp,
    stay_refused,
    step_of,
    without_stays,
)
from adjudicator.dark_nebula.omissions import RepairHints
from adjudicator.dark_nebula.production import (
    CAPITAL_ONLY,
    Placement,
    base_sector_problem,
    check_base_production,
    check_production,
    check_rebel_setup,
    produce,
    produce_on_base,
    set_up,
)
from adjudicator.dark_nebula.record import (
    Combat,
    Disclosure,
    GameEvent,
    Movement,
    Opening,
    Production,
    Record,
    Search,
    Setup,
)
from adjudicator.dark_nebula.references import RULES, VIOLATIONS
from adjudicator.dark_nebula.state import PHASES, Problem, Situation

#: What each deferred check will verify once the commitment is opened.
PENDING: dict[str, dict[Lang, str]] = {
    "base_in_capital": {
        "en": "the base is not in Tyrann (3.1)",
        "ja": "秘密基地がタイラントにないこと(3.1)",
    },
    "appearance_unreachable": {
        "en": "{counter} could reach {dst} from the base (7.5, 8.3)",
        "ja": "{counter} が秘密基地から {dst} に到達できたこと(7.5、8.3)",
    },
    "concealed_base": {
        "en": "the base was not in {sector}, searched without an answer (10.2)",
        "ja": "探索された {sector} に秘密基地がなかったこと(10.2)",
    },
}


#: The set-up is always the first event (5.0): a weak nonce that opens the commitment is its
#: fault, as the commitment it hid nothing behind was published there.
SETUP_PLY = 1


class Hidden(NamedTuple):
    """A deferred check (its code, its event, the arguments of its words) and how to run it
    once the base's sector is known. What it will verify is worded only when asked for: a
    record that opens the commitment, as most do, never needs the words."""

    code: str
    ply: int
    args: dict[str, str]
    run: Callable[[str], Problem | None]

    def deferred(self) -> Deferred:
        text = {lang: template.format(**self.args) for lang, template in PENDING[self.code].items()}
        return Deferred(self.code, self.ply, text)


class DarkNebulaReplay(Drawings, RepairHints, EventReplay):
    rules: RuleData = RULES

    def __init__(self, record: Record, board: BoardDefinition) -> None:
        self.board = board
        self.readings = record.interpretations
        self.game_id = record.game_id
        self.commitment = record.commitment
        self.secret: Opening | None = record.secret
        self.situation = Situation(board)
        self.last_event: GameEvent | None = None
        self.events = 0
        self.steps = 0  # turn steps played, set-up and disclosure apart
        self.started = False
        self.disclosed = False
        self.opened = False
        self.hidden: list[Hidden] = []
        #: The checks a refused event deferred before it was refused, with its ply: no part
        #: of the game, but a director's record would have run them before the refusal, so
        #: an opening in the record runs them too (:meth:`earlier_fault`).
        self.set_aside: tuple[int, list[Hidden]] = (0, [])
        self.decided: Outcome | None = None
        #: The event :meth:`play_accepted` stopped at, with its answer (see there).
        self.refused: tuple[GameEvent, Step] | None = None

    @cached_property
    def _names(self) -> list[tuple[str, str]]:
        """The board's printed names, for lines that use them: an event read as data (JSON,
        or a text record already read) never needs them."""
        return printed_names(self.board)

    # --- the core's interface ---------------------------------------------------------------

    def copy(self) -> DarkNebulaReplay:
        """A twin to play on: what play changes in place (the situation, the deferred checks)
        copied, the rest — the board, the readings, models and outcomes only ever replaced
        — shared."""
        twin = copy.copy(self)
        twin.situation = self.situation.copy()
        twin.hidden = [*self.hidden]
        return twin

    def vocabulary(self) -> tuple[tuple[str, ...], ...]:
        return (tuple(s.id for s in self.board.sectors),)

    def attempt(self, written: str | GameEvent, *, lenient: bool) -> Step:
        """Play one event: a line, or an event as a record holds it (JSON, or a text record
        already read), played as it is. Sectors are written by id, and a movement writes
        only counters that move (8.0); with ``lenient``, printed names (``ザレク``) in a line
        are read as their ids, a counter written as staying is left out, and the line so
        read is reported."""
        if not isinstance(written, str):
            refused = self.refused
            if refused is not None and refused[0] is written:
                self.refused = None
                return refused[1]
            event, canonical = written, None
        else:
            canonical = canonical_line(written, self._names, lenient=lenient)
            event = parse_line(canonical)
            if canonical == written:
                canonical = None
        if lenient and type(event) is Movement and has_stay(event):
            event = without_stays(event)
            canonical = line(event, self._turn_of(event))
        step = self._attempt(event)
        if canonical is None or step is not ACCEPTED:
            return step
        return Step(normalized_to=canonical)

    def play_accepted(self, events: Sequence[Event]) -> int:
        """The events read from a record (not lines, none with attempts taken back),
        played as :meth:`attempt` plays them for as long as each is accepted, without the
        loop's work for each. The event refused here keeps its answer for :meth:`attempt`,
        which the loop asks next about that very event: a refused step may have changed
        the game (a check deferred before a later appearance was refused), so it is never
        played twice.
        An unknown sector is refused before anything changes: it is left to the loop."""
        if type(events) is RecordEvents:
            read = events.read
        else:
            read = []
            for _, attempts, event in events:
                if attempts or event is None:
                    break
                read.append(event)
        attempt = self._attempt
        for played, event in enumerate(read):
            try:
                step = attempt(event)
            except InputError:
                return played
            if step is not ACCEPTED:
                self.refused = (event, step)
                return played
        return len(read)

    def _attempt(self, event: GameEvent) -> Step:
        """The one path every event takes, whichever form it was read from: a counter
        written as staying refused as notation first (``noncanonical_notation``, 8.0), then
        after the game (4.1, 4.2), out of order (5.0), naming a sector the board does not
        have, and only then as the rules of its step say."""
        if type(event) is Setup or type(event) is Disclosure:  # the exact class: see notation.body
            return self._attempt_outside_turns(event)
        if type(event) is Movement and has_stay(event):
            raise stay_refused(event, self._turn_of(event))
        if self.decided is not None:
            violation = self._v("game_over", reason=self.decided.reason)
            return Step(violation=violation, decided=self.decided)
        turn, step = divmod(self.steps, 7)
        expected, side = TURN_STEPS[step]
        claimed = event.turn
        if (
            type(event) is not expected
            or (side is not None and type(event) is not Search and event.side != side)
            or (claimed is not None and claimed != turn + 1)
            or not self.started
            or self.disclosed
        ):
            problem = self._order_problem(event)
            assert problem is not None, "out of order, by the test just made"
            return Step(violation=self._v(*problem))
        ply = self.events + 1
        work = self.situation if checked_first(event) else self.situation.copy()
        mark = len(self.hidden)
        try:
            if type(event) is Production:
                self._production(work, event)
            elif type(event) is Movement:
                self._movement(work, event, ply)
            elif type(event) is Combat:
                self._combat(work, event, ply)
            else:
                late = self._search(work, event, ply)
                if late is not None:
                    self._set_aside(mark, ply)
                    return late
        except _Rejected as rejected:
            self._set_aside(mark, ply)
            return Step(violation=rejected.violation)
        self.situation = work
        self.steps += 1
        self.events = ply
        self.last_event = event
        return ACCEPTED

    def _attempt_outside_turns(self, event: Setup | Disclosure) -> Step:
        """The set-up (3.0) and the post-game disclosure."""
        if self.decided is not None and type(event) is not Disclosure:
            violation = self._v("game_over", reason=self.decided.reason)
            return Step(violation=violation, decided=self.decided)
        problem = self._order_problem(event)
        if problem is not None:
            return Step(violation=self._v(*problem))
        sectors = [p.sector for p in event.rebel] if type(event) is Setup else [event.sector]
        for sector in sectors:
            self._known(sector)  # raises unknown_sector
        ply = self.events + 1
        mark = len(self.hidden)
        try:
            step = self._setup(event, ply) if type(event) is Setup else self._disclose(event, ply)
        except _Rejected as rejected:
            self._set_aside(mark, ply)
            return Step(violation=rejected.violation)
        if step.violation is None:
            self.events = ply
            self.last_event = event
        else:
            self._set_aside(mark, ply)
        return step

    def line_of(self, event: GameEvent) -> str:
        """An event as its line, stamped, when it names no turn, with the turn it would be
        played in now."""
        if type(event) is Setup or type(event) is Disclosure:
            return line(event)
        return line(event, self._turn_of(event))

    def _turn_of(self, event: Production | Movement | Combat | Search) -> int:
        """The turn a step's line is stamped with: the one it names, else the one it would
        be played in now (as :func:`~.notation.lines` stamps it by its place)."""
        return event.turn if event.turn is not None else self.steps // 7 + 1

    def side_to_move(self) -> str:
        side = PHASES[self.steps % 7 + 1][1]
        return side or "empire"

    def position_text(self) -> str:
        return self.describe()

    def describe(self, lang: Lang = "en") -> str:
        return summary(self.situation, self._next_stamp(lang), lang)

    def interpretations_in_force(self) -> list[str]:
        return in_force(self.rules, self.readings)

    def pending(self) -> list[Deferred]:
        return [] if self.opened else [h.deferred() for h in self.hidden]

    def allowing(self) -> list[str]:
        """The sections that allow the event last accepted: its step's (5.0 and the
        chapter), then those of each part it has — a counter built for the capital (6.3),
        the empire's extra counter (6.4), the rebels' builds (6.5), the base's (7.0), an
        appearance (7.5), searches declared (10.1), the base found (10.2) or shown by
        choice (10.3), the production roll (10.7)."""
        event = self.last_event
        if event is None:
            return []
        return self.rules.allowing(_event_kinds(event))

    # --- order of play ----------------------------------------------------------------------

    def _next_stamp(self, lang: Lang = "en") -> str:
        """The next step as the notation writes it, or (``lang``) as the rulebook names it."""
        if not self.started:
            return step_name(None, 0, lang)
        turn, step = divmod(self.steps, 7)
        return step_name(turn + 1, step + 1, lang)

    def _order_problem(self, event: GameEvent) -> Problem | None:
        """5.0: the set-up, then the seven steps in order; the disclosure only at the end.
        An event is the step its phase and side (and turn, when it names one) say it is.
        The steps are named as the notation stamps them and, in Japanese, as 5.0 does."""
        if self.disclosed:
            after = Said(en="nothing follows the disclosure", ja="開示の後に続く手順はありません")
            return "phase_order", {"expected": after, "got": _step_said(event, None)}
        if type(event) is Disclosure:  # the exact class: see notation.body
            return None if self.started else self._out_of_order(_step_said(event, None))
        if type(event) is Setup:
            return None if not self.started else self._out_of_order(_step_said(event, None))
        turn, step = divmod(self.steps, 7)
        expected, side = TURN_STEPS[step]
        claimed = event.turn
        if (
            type(event) is not expected
            or (side is not None and type(event) is not Search and event.side != side)
            or (claimed is not None and claimed != turn + 1)
            or not self.started
        ):
            return self._out_of_order(_step_said(event, turn + 1 if claimed is None else claimed))
        return None

    def _out_of_order(self, got: Said) -> Problem:
        expected = Said(
            en=f"{self._next_stamp()} comes next", ja=f"次は「{self._next_stamp('ja')}」です"
        )
        return "phase_order", {"expected": expected, "got": got}

    # --- events -----------------------------------------------------------------------------

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
            decided = _victory(work, result.removed, ply)
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

    def _concealment_check(self, searched: str) -> Callable[[str], Problem | None]:
        def check(base_sector: str) -> Problem | None:
            if base_sector != searched:
                return None
            return "concealed_base", {"sector": self._label(searched)}

        return check

    def _disclose(self, event: Disclosure, ply: int) -> Step:
        if self.situation.base.revealed:
            self._reject(("already_revealed", {}))
        late = self._open(Opening(sector=event.sector, nonce=event.nonce), disclosure=True)
        if late is not None:
            return late
        self.disclosed = True
        return ACCEPTED

    # --- the commitment ---------------------------------------------------------------------

    def _open(
        self, opening: Opening, *, secret: bool = False, disclosure: bool = False
    ) -> Step | None:
        """Check an opening against the commitment, then run what was deferred (this
        event's own checks included): ``None`` when all holds, else a step with the
        earliest violation (``at`` its own event). A nonce that opens the commitment for
        another sector still proves where the base was: the deferred checks run against
        that sector first, and only if they all hold is the revelation elsewhere the fault.
        A weak nonce that opens it is the set-up's fault, as a director's record finds it
        there. A post-game ``disclosure`` naming another sector than the one it opens is
        false (``false_disclosure``, with the sector the commitment opens), said too when an
        earlier fault it proves is the verdict."""
        found = open_commitment(
            self.commitment, self.game_id, opening.sector, opening.nonce, self.board.sector_ids
        )
        if found.committed is not None:
            self.opened = True  # every deferred check runs now: none is pending after it
        if found.status == "weak_nonce":
            weak = self._weak(found.detail, opening.nonce)
            if secret or found.committed is None:
                raise _Rejected(weak)
            return Step(violation=weak, at=SETUP_PLY)
        elsewhere = None
        if found.status == "other_sector":
            code = (
                "commitment_mismatch"
                if secret
                else "false_disclosure"
                if disclosure
                else "revealed_elsewhere"
            )
            opened: dict[str, object] = {
                "committed": self._label(found.committed or ""),
                "sector": self._label(opening.sector),
            }
            elsewhere = (code, opened)
        if found.committed is not None:
            earlier = self._run_hidden(self.hidden, found.committed)
            if earlier is not None:
                if elsewhere is not None and disclosure:
                    return replace(earlier, also=self._v(*elsewhere))
                return earlier
        if elsewhere is not None:
            self._reject(elsewhere)
        elif found.status == "wrong_nonce":
            self._reject(("commitment_mismatch" if secret else "wrong_nonce", {}))
        self.situation.base.sector = opening.sector
        return None

    def _weak(self, detail: str, nonce: str) -> Violation:
        said = Said(en=detail, ja=nonce_problem(nonce, "ja") or "")
        return self._v("weak_nonce", {"detail": said})

    def _run_hidden(self, checks: list[Hidden], sector: str) -> Step | None:
        """The deferred ``checks``, in order, against the base in ``sector``: the first
        that fails, at its own event."""
        for hidden in checks:
            problem = hidden.run(sector)
            if problem is not None:
                return Step(violation=self._v(*problem), at=hidden.ply)
        return None

    def _set_aside(self, mark: int, ply: int) -> None:
        """The checks the event at ``ply`` deferred before it was refused leave the game."""
        self.set_aside = (ply, self.hidden[mark:])
        del self.hidden[mark:]

    def earlier_fault(self, later: list[Any]) -> tuple[int, Step] | None:
        """The rejected event and those after it (``later``) may open the commitment (a
        revelation or the post-game disclosure): the first opening that opens it proves
        where the base was for the whole game. The deferred checks of the events before
        the rejected one, and those the rejected one deferred before its refusal, run from
        it; a weak nonce that opens it is the set-up's fault. So the public record gets
        the verdict the director's full record gets (interpretation 15), and, as there,
        nothing is pending once such an opening is found."""
        if self.opened:
            return None
        refused = self.events + 1
        ply, aside = self.set_aside
        checks = self.hidden + aside if ply == refused else self.hidden
        sectors = self.board.sector_ids
        for offset, event in enumerate(later):
            opening = _opening_of(event)
            if opening is None:
                continue
            found = open_commitment(
                self.commitment, self.game_id, opening.sector, opening.nonce, sectors
            )
            if found.committed is None:
                continue  # a wrong nonce, or a weak one that opens nothing, proves nothing
            self.opened = True
            if found.status == "weak_nonce":
                if refused <= SETUP_PLY:
                    return None  # the set-up itself was refused first
                weak = self._weak(found.detail, opening.nonce)
                return offset, Step(violation=weak, at=SETUP_PLY)
            earlier = self._run_hidden(checks, found.committed)
            return None if earlier is None else (offset, earlier)
        return None

    def _defer(
        self, code: str, ply: int, args: dict[str, str], run: Callable[[str], Problem | None]
    ) -> None:
        self.hidden.append(Hidden(code, ply, args, run))

    # --- helpers ----------------------------------------------------------------------------

    def _reject(self, problem: Problem | None) -> None:
        if problem is not None:
            raise _Rejected(self._v(*problem))

    def _v(self, code: str, args: dict[str, Any] | None = None, **more: Any) -> Violation:
        return VIOLATIONS(code, **(args or {}), **more)

    def _known_all(self, sectors: list[str]) -> None:
        """Every sector an event names is the board's: refused before any rule is asked."""
        known = self.board.by_id
        for sector in sectors:
            if sector not in known:
                self._known(sector)  # raises unknown_sector

    def _known(self, sector: str, field: str = "event") -> str:
        if sector not in self.board.by_id:
            self.board.sector_id(sector, field=field)  # raises unknown_sector
        return sector

    def _label(self, sector: str) -> str:
        return self.board.label(sector) if sector in self.board.by_id else sector

    def _name(self, kind: str) -> str:
        spec = self.board.kinds.get(kind)
        return spec.name if spec else kind

    def _named(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            k: self._name(v) if k == "counter" and isinstance(v, str) else v
            for k, v in args.items()
        }

    def _movement_args(self, problem: Problem, kind: str) -> Problem:
        code, args = problem
        return code, {
            **args,
            "counter": self._name(kind),
            "src": self._label(str(args["src"])),
            "dst": self._label(str(args["dst"])),
            **({"nebula": self._label(str(args["nebula"]))} if "nebula" in args else {}),
        }


class _Rejected(Exception):
    def __init__(self, violation: Violation) -> None:
        self.violation = violation


def _step_said(event: GameEvent, turn: int | None) -> Said:
    """The step an event says it is: stamped as the notation writes it (of ``turn``, when
    given) and named as the rulebook does."""
    if type(event) is Setup:
        return Said(en="setup", ja=STEP_WORDS["ja"]["setup"])
    if type(event) is Disclosure:
        return Said(en="disclose", ja="開示")
    step: int = step_of(event)  # neither set-up nor disclosure
    if turn is None:
        side = getattr(event, "side", None)
        return Said(en=f"{side} {event.phase}" if side else event.phase, ja=RULEBOOK_STEPS[step])
    return Said(en=stamp(turn, step), ja=step_name(turn, step, "ja"))


def _opening_of(event: object) -> Opening | None:
    """The opening an event carries (a revelation or the disclosure), if it can be read."""
    if isinstance(event, str):
        try:
            event = parse_line(event)
        except InputError:
            return None
    if type(event) is Disclosure:
        return Opening(sector=event.sector, nonce=event.nonce)
    if type(event) is Search:
        return event.reveal
    return None


def _victory(work: Situation, removed: dict[Side, list[str]], ply: int) -> Outcome | None:
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


def _event_kinds(event: GameEvent) -> list[str]:
    """An event's kind and its parts, as the rule data's ``allowed_by`` names them."""
    if type(event) is Setup or type(event) is Disclosure:
        return [event.phase]
    if type(event) is Production:
        kinds = ["production"]
        if event.side == "rebel":
            kinds.append("production.rebel")
        elif any(p.counter in CAPITAL_ONLY for p in event.builds):
            kinds.append("production.tyrann")
        kinds += ["production.extra"] if event.extra else []
        return kinds + (["production.base"] if event.base_builds else [])
    if type(event) is Movement:
        return ["movement", *(["movement.appear"] if event.appearances else [])]
    if type(event) is Search:
        kinds = ["search", *(["search.declared"] if event.searches else [])]
        if event.reveal is not None:
            found = event.reveal.sector in event.searches
            kinds.append("search.found" if found else "search.by_choice")
        return kinds + (["search.roll"] if event.roll is not None else [])
    return ["combat"]

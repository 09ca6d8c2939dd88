"""Dark Nebula records replayed event by event: the order of play (5.0) and the core's
interface here; the rules of each step in :mod:`.steps`, the hidden base's deferred checks
in :mod:`.hidden_base`, how an event is refused in :mod:`.refusals`."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from functools import cached_property

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, Said, in_both, said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData, in_force
from adjudicator.core.judge.replay import ACCEPTED, Deferred, EventReplay, Step
from adjudicator.core.read.records import Event
from adjudicator.dark_nebula.board import BoardDefinition
from adjudicator.dark_nebula.drawing import (
    STEPS,
    Drawings,
    step_name,
    summary,
)
from adjudicator.dark_nebula.hidden_base import Hidden
from adjudicator.dark_nebula.notation import (
    TURN_STEPS,
    RecordEvents,
    canonical_line,
    has_stay,
    line,
    parse_line,
    printed_names,
    stay_refused,
    step_of,
    without_stays,
)
from adjudicator.dark_nebula.omissions import RepairHints
from adjudicator.dark_nebula.production import CAPITAL_ONLY
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
from adjudicator.dark_nebula.references import RULES
from adjudicator.dark_nebula.refusals import Rejected
from adjudicator.dark_nebula.state import PHASES, Problem, Situation
from adjudicator.dark_nebula.steps import Steps, checked_first


class DarkNebulaReplay(Drawings, RepairHints, Steps, EventReplay):
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
        except Rejected as rejected:
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
        except Rejected as rejected:
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
            after = said("dark_nebula.order.after_disclosure")
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
        expected = said("dark_nebula.order.next", step=in_both(self._next_stamp))
        return "phase_order", {"expected": expected, "got": got}


def _step_said(event: GameEvent, turn: int | None) -> Said:
    """The step an event says it is: stamped as the notation writes it (of ``turn``, when
    given) and named as the rulebook does."""
    if type(event) is Setup:
        return said("dark_nebula.step.setup")
    if type(event) is Disclosure:
        return said("dark_nebula.step.disclose")
    step: int = step_of(event)  # neither set-up nor disclosure
    if turn is None:
        return said(STEPS[step])
    return in_both(lambda lang: step_name(turn, step, lang))


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

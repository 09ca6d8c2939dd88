"""Astro-Stra records replayed event by event for the core's validation loop.

The events are the opening roll, the draft and the turns, as lines
(:mod:`adjudicator.astro_stra.notation`); each turn is judged step by step by
:func:`~adjudicator.astro_stra.turn.play_turn`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from adjudicator.astro_stra import omissions
from adjudicator.astro_stra.board import Position, start_position
from adjudicator.astro_stra.drawing import Drawings, summary
from adjudicator.astro_stra.legal import legal_turns
from adjudicator.astro_stra.notation import (
    ReadTurn,
    SkillWords,
    lenient_spelling,
    parse_opening,
    parse_turn,
    turn_without_unused_parameters,
    without_unused_parameters,
)
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.references import RULES, VIOLATIONS
from adjudicator.astro_stra.setup import check_draft, check_layout, check_opening, colours_of
from adjudicator.astro_stra.skills import COLOURS
from adjudicator.astro_stra.turn import Game, StepProblem, TurnPlay, play_turn, skills_applied
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData, in_force
from adjudicator.core.judge.replay import ACCEPTED, EventReplay, Step
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import Event
from adjudicator.core.repair.continuation import agreed, says_all

#: Turns a repair tries where one was left out, at most: the effects the turns after agree
#: with equally, the likeliest first.
MOST = 24


def _lenient(written: str | ReadTurn) -> str | None:
    """The line a lenient reading plays instead of ``written``, or ``None``: the spellings
    it reads written canonically (:func:`~.notation.lenient_spelling`), then a skill
    parameter the skill does not take left out."""
    if not isinstance(written, str):
        return turn_without_unused_parameters(*written)
    spelled = lenient_spelling(written)
    line = spelled or written
    try:
        return without_unused_parameters(line) or spelled
    except SkillWords:
        return spelled  # judged as bad_skill when played


#: The kinds of event, as ``event_order`` names them: the notation's words in English, the
#: rulebook's (ゲームの準備: 先手, ダイス選択; a turn) in Japanese.
_EVENTS = {
    "opening": "astro_stra.event.opening",
    "draft": "astro_stra.event.draft",
    "turn": "astro_stra.event.turn",
}


class AstroStraReplay(Drawings, EventReplay):
    rules: RuleData = RULES

    def __init__(self, readings: Readings, sets: int, layout: Position | None = None) -> None:
        self.readings = readings
        self.sets = sets
        self.start = layout or start_position()
        self.game: Game | None = None
        self.events = 0
        self.decided: Outcome | None = None
        self.last_play: TurnPlay | None = None
        #: The game the last turn was played on: what its dice were judged with.
        self.before: Game | None = None

    def copy(self) -> AstroStraReplay:
        """A twin to play on: the game is immutable (each turn makes a new one), so a
        shallow copy plays apart."""
        return copy.copy(self)

    def vocabulary(self) -> tuple[tuple[str, ...], ...]:
        return (COLOURS,)

    def attempt(self, written: str | ReadTurn, *, lenient: bool) -> Step:
        """Play one event: a line, or a turn as a record holds it, ``(number, play)``
        (:func:`~.record.Record.to_game_record` gives one only when its line reads back
        as it, so both forms are judged alike)."""
        if self.decided is not None:
            violation = VIOLATIONS("game_over", winner=self.decided.winner)
            return Step(violation=violation, decided=self.decided)
        # lenient: the spellings it reads (full-width digits, as= out of place) and a skill
        # parameter the skill does not take are left out, and reported
        normalized = None
        if lenient:
            normalized = _lenient(written)
        problem = self._play(normalized or written)
        if problem is not None:
            return Step(violation=problem, normalized_to=normalized)
        self.events += 1
        return Step(normalized_to=normalized) if normalized else ACCEPTED

    def play_accepted(self, events: Sequence[Event]) -> int:
        """The set-up's lines and the turns read from a record, played while each is
        accepted: as :meth:`attempt` plays them, without its answer for each. A turn
        accepted strictly has no skill parameter to leave out, so a lenient reading accepts
        it alike; a refused event changes nothing and is left to :meth:`attempt`."""
        play = self._play
        for played, (written, attempts, read) in enumerate(events):
            if attempts or self.decided is not None:
                return played
            if read is None:  # a line: only the set-up's are played here (a turn's may
                if self.events >= 2:  # lose a parameter when read leniently)
                    return played
                try:
                    if play(written) is not None:
                        return played
                except InputError:
                    return played
            elif play(read) is not None:
                return played
            self.events += 1
        return len(events)

    def _play(self, written: str | ReadTurn) -> Violation | None:
        if self.events == 0:  # the layout is the set-up's first part, judged with its first event
            problem = check_layout(self.start, self.readings.geometry)
            if problem:
                return VIOLATIONS(problem[0], **problem[1])
        expected = ("opening", "draft", "turn")[min(self.events, 2)]
        kind = written.split(" ", 1)[0] if isinstance(written, str) else "turn"
        kind = kind if kind in ("opening", "draft") else "turn"
        if kind != expected:
            return VIOLATIONS(
                "event_order", expected=said(_EVENTS[expected]), got=said(_EVENTS[kind])
            )
        if kind == "opening" and isinstance(written, str):  # kind is "turn" unless str
            problem = check_opening(parse_opening(written))
            return VIOLATIONS(problem[0], **problem[1]) if problem else None
        if kind == "draft" and isinstance(written, str):
            picks = written.split()[1:]
            problem = check_draft(picks, self.sets)
            if problem:
                return VIOLATIONS(problem[0], **problem[1])
            self.game = Game(self.start, colours_of(picks))
            return None
        if isinstance(written, str):
            try:
                number, play = parse_turn(written)
            except SkillWords as err:
                side = "white" if written.split(":", 1)[0].endswith("white") else "black"
                return VIOLATIONS("bad_skill", side=side, skill=err.skill, why=err.why)
        else:
            number, play = written
        game = self.game
        assert game is not None  # a turn is judged only once the draft was accepted
        if number != game.turns + 1:
            n = game.turns + 1
            expected_turn = said("astro_stra.event.turn_number", n=n)
            got = said("astro_stra.event.number", n=number)
            return VIOLATIONS("event_order", expected=expected_turn, got=got)
        result = play_turn(game, play, self.readings)
        if isinstance(result, StepProblem):
            return VIOLATIONS(result.code, **result.args)
        self.game = result
        self.last_play = play
        self.before = game
        if result.winner is not None:
            self.decided = Outcome(
                winner=result.winner, reason="all_home", decided_at=self.events + 1
            )
        return None

    def omitted(self, ahead: Sequence[str]) -> list[str]:
        """The turn left out here, as the turns after it tell it (:mod:`.omissions`): its
        dice are nowhere else, but where it left the pieces and the dice it held are."""
        game = self.game
        if game is None or self.decided is not None or not omissions.gap(game, ahead):
            return []
        key = ("agreed", omissions.key_of(game, self.readings), tuple(ahead))
        return omissions.kept(
            key, lambda: agreed(self, omissions.rebuilt(game, self.readings), ahead, MOST)
        )

    def completed(self, written: str) -> list[str]:
        """The turns with the dice ``written`` says that say all it says and more: a move
        of the turn, a re-roll's pips, a target left out (the dice are the roll's; every
        legal turn for them is listed, :func:`~.legal.legal_turns`)."""
        game = self.game
        if game is None or self.decided is not None or self.accepts(written):
            return []
        roll = omissions.roll_of(written)
        if roll is None:
            return []
        return [line for line in legal_turns(game, roll, self.readings) if says_all(written, line)]

    def same_effect(self, event: str) -> list[str]:
        """The turns that would leave the game as ``event`` leaves it: other dice, slots
        or moves to the same position and the same dice held."""
        if self.game is None or self.decided is not None:
            return []
        return omissions.same_effect(self.game, self.readings, event)

    def interpretations_in_force(self) -> list[str]:
        return in_force(self.rules, self.readings)

    def allowing(self) -> list[str]:
        """The rules that allow the turn last accepted: steps 1 and 2, the S row of each
        skill used (a Jagi its own and the one it works as), the T row the target was
        taken by and the A row the pieces moved by, read from the dice as the skills left
        them, and step 7 when it won; the opening and the draft, the set-up's."""
        play, before = self.last_play, self.before
        if self.events < 3 or play is None or before is None:
            setup = ("opening", "draft")[: self.events][-1:]
            return self.rules.allowing(list(setup))
        applied = skills_applied(before, play, self.readings)
        assert not isinstance(applied, StepProblem), "the turn was accepted"
        table = applied[1]
        kinds = ["turn"]
        for used in (play.skill, play.extra):
            if used is not None:
                kinds.append(f"skill.{used.skill}")
                kinds += [f"skill.{used.colour}"] if used.colour else []
        if play.target:
            kinds.append(f"target.{table.t.pips}")
        if play.moves:
            kinds.append(f"action.{table.a.pips}")
        if self.decided is not None:
            kinds.append("victory")
        return self.rules.allowing(kinds)

    def side_to_move(self) -> str:
        return self.game.to_move if self.game else "black"

    def position_text(self) -> str:
        return self.describe()

    def describe(self, lang: Lang = "en") -> str:
        return summary(self.game, self.start, lang)

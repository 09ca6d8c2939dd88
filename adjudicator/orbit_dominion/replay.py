"""Orbit Dominion records replayed for the core's validation loop and for disputes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.replay import ACCEPTED, Replay, Step, Undecided
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import Event
from adjudicator.orbit_dominion.actions import CAPTURE
from adjudicator.orbit_dominion.board import ADJACENT, SIDE_NAMES
from adjudicator.orbit_dominion.drawing import plain
from adjudicator.orbit_dominion.position import FLAGS, SHIPS, Position, start_position
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.state import FORFEIT, GameState, with_history

if TYPE_CHECKING:
    from adjudicator.core.write.svg import Picture


def state_of(replay: Replay) -> GameState:
    """The game state of a replay the core made for this game (typed as any game's): what
    the game's own commands analyse and prove against."""
    if not isinstance(replay, OrbitDominionReplay):
        raise TypeError(f"not an Orbit Dominion replay: {type(replay).__name__}")
    return replay.state


class OrbitDominionReplay(Replay):
    rules: RuleData = rule_data()

    def __init__(
        self,
        start: str,
        history: list[str] | None = None,
        *,
        field: str = "start",
        history_field: str = "history",
    ) -> None:
        self.state = with_history(start_position(start, field=field), history or [], history_field)

    def attempt(self, written: str, *, lenient: bool) -> Step:
        self._before = self.state.position
        if self.state.advance((written,)):
            return ACCEPTED
        reading, violation = self.state.attempt(written, lenient=lenient)
        if violation is not None:
            decided = self.state.outcome() if violation.code == "game_over" else None
            return Step(violation=violation, decided=decided)
        if reading.normalized:
            return Step(normalized_to=reading.canonical)
        return ACCEPTED

    def play_accepted(self, events: Sequence[Event]) -> int:
        """The fast path (:meth:`GameState.advance`) for a run of plain events: a record of
        legal actions in canonical notation is played here whole."""
        plain = []
        for written, attempts, _ in events:
            if attempts:
                break
            plain.append(written)
        return self.state.advance(plain)

    def copy(self) -> OrbitDominionReplay:
        twin = object.__new__(OrbitDominionReplay)
        twin.state = self.state.copy()
        return twin

    def alternatives(self) -> list[str]:
        return [action.text for action in self.state.legal_actions()]

    def check(self, written: str) -> Violation | None:
        return self.state.check(self.state.read(written).action)

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def end_outside_play(self, winner: str | None, reason: str, resigned: str | None) -> None:
        if reason == FORFEIT:
            self.state.forfeit(None if winner in (None, "draw") else SIDE_NAMES.index(winner))
        else:
            self.state.resign(SIDE_NAMES.index(resigned or ""))

    def allowing(self) -> list[str]:
        """第3条 and the article of the action's kind; a capture of the enemy flagship also
        7-1, which alone allows it (第4条: any ship, the flagship too, captures a normal
        ship)."""
        before = getattr(self, "_before", None)
        if before is None or not self.state.actions:
            return []
        action = self.state.actions[-1]
        kind = action.kind
        if kind == CAPTURE and action.dst == before.flags[1 - before.turn]:
            kind = "flagship_capture"
        return self.rules.allowing([kind])

    def undecided_because(self) -> Undecided | None:
        """A pincer the mover held before its last action and still holds decides nothing:
        only a new one wins (7-2, rulings row 8; interpretation 6). Otherwise no condition
        of 第8条 is met."""
        before = getattr(self, "_before", None)
        if before is not None:
            mover = before.turn
            if _pincer(before, mover) and _pincer(self.state.position, mover):
                return Undecided(said("orbit_dominion.outcome.no_new_pincer"), ["ruling-8"])
        return Undecided(said("orbit_dominion.outcome.goes_on"), ["8"])

    def ply(self) -> int:
        return len(self.state.actions)

    def actions_made(self) -> int:
        return self.state.position.ply

    def side_to_move(self) -> str:
        return SIDE_NAMES[self.state.turn]

    def position_text(self) -> str:
        return self.state.position.text()

    def drawing(self, lang: Lang = "en") -> str:
        """Symbols only: the same drawing in every language."""
        last = self.state.actions[-1] if self.state.actions else None
        return plain(self.state.position, last)

    def picture(self, refused: str | None = None, *, lang: Lang = "en") -> Picture:
        from adjudicator.orbit_dominion.drawing_svg import picture

        last = self.state.actions[-1] if self.state.actions else None
        action = None
        if refused is not None:
            try:
                action = self.state.read(refused).action
            except InputError:
                action = None  # unreadable notation: nothing to draw
        return picture(
            self.state.position,
            last=None if action else last,
            refused=action,
            decided=self.state.outcome(),
            lang=lang,
        )


def _pincer(position: Position, side: int) -> bool:
    """Ships of ``side`` on two or more sectors adjacent to the enemy flagship (7-2)."""
    flag = position[FLAGS + 1 - side]
    return flag >= 0 and (position[SHIPS + side] & ADJACENT[flag]).bit_count() >= 2

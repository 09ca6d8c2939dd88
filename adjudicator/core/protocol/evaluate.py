"""The engine protocol's ``evaluate``, one loop for every game.

A request carries a start and a line of play (``moves``); the answer says where the first
rejected event is and what its violation is, the position and the outcome after the line,
and, in lenient notation, each spelling read otherwise. The loop that plays the line knows
nothing of any game: it drives the game's :class:`~adjudicator.core.judge.replay.Replay`, the
same one ``validate`` drives, so that a record and a request are judged alike. A game gives
an :class:`Evaluation`: its request and answer models, the replay a request starts, and
what is its own — an ending outside play, its extra answer fields (``legal_moves``,
``pending``), how an event object is shown, and whether play goes on after a rejection.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from adjudicator.core.errors import InputError
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.replay import Replay, Step
from adjudicator.core.protocol.serve import Normalization, RequestId
from adjudicator.core.read.records import Event


class EvaluateRequest(Protocol):
    """What the loop reads of a game's ``evaluate`` request: the rest is the game's."""

    @property
    def id(self) -> RequestId: ...

    @property
    def moves(self) -> Sequence[Any]: ...

    @property
    def notation(self) -> str: ...


R = TypeVar("R", bound=EvaluateRequest)
P = TypeVar("P", bound=Replay)


@dataclass(frozen=True)
class Judged:
    """What the line of play showed: the first rejected event (0-based, as the request
    counts ``moves``) and its violation code, and each spelling normalised."""

    illegal_at: int | None
    violation: str | None
    normalized: list[Normalization]


def judge(
    replay: Replay,
    moves: Sequence[Any],
    *,
    lenient: bool,
    goes_on: bool = False,
    shown: Callable[[Any], str | None] | None = None,
) -> Judged:
    """Play ``moves`` on ``replay``. The first rejected event stops the line, unless
    ``goes_on`` (a rejected event then changes nothing and later ones are still played);
    an unreadable one is an :class:`InputError` naming ``moves[i]``. A fault that an
    opening in the rejected event or a later one proves at an earlier event is reported
    there instead (:meth:`Replay.earlier_fault`). ``shown`` says how a normalised event
    is listed as written (a line as it is)."""
    first: tuple[int, str] | None = None
    normalized: list[Normalization] = []
    lines = [Event(m) for m in takewhile(lambda m: isinstance(m, str), moves)]
    for i in range(replay.play_accepted(lines), len(moves)):
        move = moves[i]
        # stamped before the event is played: an event object is shown as the game
        # writes it where it stands
        written = shown(move) if shown else _line(move)
        step = _attempt(replay, moves, i, lenient=lenient)
        if step.normalized_to is not None and written is not None:
            normalized.append(Normalization(index=i, written=written, canonical=step.normalized_to))
        if step.violation is None or first is not None:
            continue
        if step.at is None:  # an opening in this event or a later one may prove more
            step = (replay.earlier_fault(list(moves[i:])) or (0, step))[1]
        assert step.violation is not None
        first = (step.at - 1 if step.at is not None else i, step.violation.code)
        if not goes_on:
            break
    if first is None:
        return Judged(None, None, normalized)
    return Judged(first[0], first[1], normalized)


def _attempt(replay: Replay, moves: Sequence[Any], i: int, *, lenient: bool) -> Step:
    """Event ``i`` played; when it cannot be read, the earlier fault an opening in it or
    after it proves, which a director's early opening would have found before it was
    read — else the error, naming the event."""
    try:
        return replay.attempt(moves[i], lenient=lenient)
    except InputError as err:
        found = replay.earlier_fault(list(moves[i:]))
        if found is None:
            raise err.at(f"moves[{i}]") from None
        return found[1]


def _line(move: Any) -> str | None:
    return move if isinstance(move, str) else None


def decided_before(decided: Outcome | None, illegal_at: int | None) -> Outcome | None:
    """The outcome the rules decided before the first rejected event. A fault an opening
    proves later (a base in Tyrann, found at the post-game disclosure) makes the game
    illegal from its own event on: a win played after it is no outcome, as a request that
    knew the hidden information from the start stops at the fault and never reaches it."""
    if decided is None or illegal_at is None or decided.decided_at <= illegal_at:
        return decided
    return None


class Evaluation(ABC, Generic[R, P]):
    """What a game gives the ``evaluate`` loop: the rest is the core's."""

    #: The game's answer model: its fields' order is the answer's, and a field it does
    #: not require (``normalized``; Astro-Stra's ``legal_moves``) is left out while ``None``.
    response: ClassVar[type[BaseModel]]
    #: Whether a rejected event changes nothing and play goes on after it (Orbit
    #: Dominion's ruling 11: the same side acts again); otherwise the first one stops the
    #: line, and the outcome is what was decided before it.
    goes_on: ClassVar[bool] = False

    @abstractmethod
    def replay(self, req: R) -> P:
        """The replay standing at the request's start."""

    def shown(self, replay: P, move: Any, *, lenient: bool) -> str | None:
        """How a normalised event is listed as written: a line as it is; an event object
        not at all, unless the game can write it."""
        return _line(move)

    def ended(self, replay: P, req: R) -> None:
        """An ending outside play that the request asks for after its line; none here."""

    def fields(self, replay: P, req: R) -> dict[str, Any]:
        """The game's own answer fields (``legal_moves``, ``pending``); none here."""
        return {}

    def answer(self, req: R) -> dict[str, Any]:
        """The answer to a parsed ``evaluate`` request, without its ``id``."""
        replay = self.replay(req)
        lenient = req.notation == "lenient"
        judged = judge(
            replay,
            req.moves,
            lenient=lenient,
            goes_on=self.goes_on,
            shown=lambda move: self.shown(replay, move, lenient=lenient),
        )
        self.ended(replay, req)
        decided = replay.outcome()
        fields = {
            "id": req.id,
            "illegal_at": judged.illegal_at,
            "violation": judged.violation,
            "position": replay.position_text(),
            "outcome": decided if self.goes_on else decided_before(decided, judged.illegal_at),
            "normalized": judged.normalized if lenient else None,
            **self.fields(replay, req),
        }
        payload = self.response(**fields).model_dump(exclude={"id"})
        for name, info in self.response.model_fields.items():
            if name in payload and payload[name] is None and not info.is_required():
                del payload[name]
        return payload

"""Dark Nebula's payload in the engine protocol: ``evaluate``.

The request carries what a record's header carries (this game's id, the commitment, the
readings, a director's early opening) and the events, as lines or as a JSON record's event
objects; the answer says where the first violation is (a deferred one at the event it
concerns), the outcome decided before it, and which hidden checks are still pending — none
once the moves open the commitment, as with a director's early opening (interpretation 15).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.errors import InputError
from adjudicator.core.outcome import Outcome
from adjudicator.core.protocol import Normalization, RequestId
from adjudicator.core.requests import parse_request
from adjudicator.dark_nebula.board import default_board, resolve_board
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.record import (
    GAME_INSTANCE_ID,
    BoardRef,
    GameEvent,
    Opening,
    Record,
)
from adjudicator.dark_nebula.replay import DarkNebulaReplay


class EvaluateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cmd: Literal["evaluate"]
    id: RequestId = None
    game: Literal["dark-nebula/2011"]
    start: Literal["standard"] = Field(
        default="standard", description="Always the set-up of 3.2; the first event is 'setup: …'."
    )
    moves: list[str | GameEvent] = Field(
        default_factory=list,
        description="Events: each a line, or an object as a JSON record holds it; either is "
        "judged as the step it says it is.",
    )
    notation: Literal["strict", "lenient"] = Field(
        default="strict",
        description="'lenient' reads printed sector names (ザレク) as their ids and full-width "
        "digits as ASCII ones, leaves out a counter written as staying (8.0) (feature "
        "lenient_notation) and lists each normalisation.",
    )
    game_id: str = Field(pattern=GAME_INSTANCE_ID, description="Bound into the commitment.")
    commitment: str = Field(pattern=r"^[0-9a-f]{64}$")
    secret: Opening | None = Field(default=None, description="A director's early opening.")
    interpretations: Readings = Field(default_factory=Readings)
    board: BoardRef | None = Field(default=None, description="Default: the shipped board.")


class PendingAnswer(BaseModel):
    code: str
    ply: int = Field(description="1-based index of the event the check concerns.")


class EvaluateResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId
    illegal_at: int | None = Field(description="0-based index of the first rejected event.")
    violation: str | None
    position: str = Field(description="The next step and the counters on the board.")
    outcome: Outcome | None = Field(
        description="What the rules decided before the first rejected event, if anything."
    )
    pending: list[PendingAnswer] = Field(
        description="Hidden checks waiting for the commitment to be opened; none once an "
        "opening in the moves proves the base's sector."
    )
    normalized: list[Normalization] | None = Field(
        default=None, description="Only with notation 'lenient': each line normalised."
    )


def evaluate(request: dict[str, Any]) -> dict[str, Any]:
    req = parse_request(EvaluateRequest, request)
    board = resolve_board(req.board.id, req.board.sha256) if req.board else default_board()
    record = Record(
        format=FORMAT,
        game=GAME_ID,
        game_id=req.game_id,
        board={"id": board.id, "sha256": board.sha256},
        commitment=req.commitment,
        interpretations=req.interpretations,
        secret=req.secret,
        events=[],
    )
    replay = DarkNebulaReplay(record, record.checked_on(board))
    illegal_at, violation = None, None
    lenient = req.notation == "lenient"
    normalized = []
    for i, line in enumerate(req.moves):
        # an event object that lenient notation reads otherwise (a counter written as
        # staying left out) is reported by its line as written, stamped before it is played
        shown = line if isinstance(line, str) else replay.line_of(line) if lenient else None
        try:
            step = replay.attempt(line, lenient=lenient)
        except InputError as err:
            # An opening in this move or a later one may prove an earlier fault, which the
            # director's early opening would have found before this move was read.
            found = replay.earlier_fault(req.moves[i:])
            if found is None:
                raise err.at(f"moves[{i}]") from None
            step = found[1]
        if step.normalized_to is not None and shown is not None:
            normalized.append(Normalization(index=i, written=shown, canonical=step.normalized_to))
        if step.violation is not None:
            if step.at is None:  # an opening in this move or a later one may prove more
                step = (replay.earlier_fault(req.moves[i:]) or (0, step))[1]
            illegal_at = (step.at - 1) if step.at is not None else i
            violation = step.violation.code
            break
    response = EvaluateResponse(
        id=req.id,
        illegal_at=illegal_at,
        violation=violation,
        position=replay.position_text(),
        outcome=decided_before(replay.outcome(), illegal_at),
        pending=[PendingAnswer(code=d.code, ply=d.ply) for d in replay.pending()],
        normalized=normalized if lenient else None,
    )
    payload = response.model_dump(exclude={"id"})
    if payload["normalized"] is None:
        del payload["normalized"]
    return payload


def decided_before(decided: Outcome | None, illegal_at: int | None) -> Outcome | None:
    """The outcome the rules decided before the first rejected event. A fault the
    commitment's opening proves later (the base in Tyrann, 3.1, found at the post-game
    disclosure) makes the game illegal from its own event on: a win played after it is no
    outcome, as the director's early opening stops at the fault and never reaches it."""
    if decided is None or illegal_at is None or decided.decided_at <= illegal_at:
        return decided
    return None

"""Dark Nebula's payload in the engine protocol: ``evaluate``.

The request carries what a record's header carries (this game's id, the commitment, the
readings, a director's early opening) and the events, as lines or as a JSON record's event
objects; the answer says where the first violation is (a deferred one at the event it
concerns), the outcome decided before it, and which hidden checks are still pending — none
once the moves open the commitment, as with a director's early opening (interpretation 15).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.protocol.evaluate import Evaluation
from adjudicator.core.protocol.requests import parse_request
from adjudicator.core.protocol.serve import Normalization, RequestId
from adjudicator.dark_nebula.board import default_board, resolve_board
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.legal import legal_events
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
    dice: list[Annotated[int, Field(ge=1, le=6, strict=True)]] | None = Field(
        default=None,
        description="Rolls for the step that comes next, taken in turn by its chance parts "
        "(a battle's dice, the empire's before the rebels', then the 10.7 roll): the answer "
        "lists every event the side to move could write next with them (legal_moves; feature "
        "legal_events). An empty list asks for the list where no die is rolled.",
    )


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
    legal_moves: list[str] | None = Field(
        default=None,
        description="Only with dice: every event line the judge accepts next, sorted; a "
        "movement one counter at a time (see the engine reference, legal_events).",
    )


class _Evaluation(Evaluation[EvaluateRequest, DarkNebulaReplay]):
    response = EvaluateResponse

    def replay(self, req: EvaluateRequest) -> DarkNebulaReplay:
        return game_replay(req)

    def shown(self, replay: DarkNebulaReplay, move: Any, *, lenient: bool) -> str | None:
        """An event object that lenient notation reads otherwise (a counter written as
        staying left out) is listed by its line as written, stamped before it is played."""
        if isinstance(move, str):
            return move
        return replay.line_of(move) if lenient else None

    def fields(self, replay: DarkNebulaReplay, req: EvaluateRequest) -> dict[str, Any]:
        pending = [PendingAnswer(code=d.code, ply=d.ply) for d in replay.pending()]
        legal = None if req.dice is None else legal_events(replay, req.dice)
        return {"pending": pending, "legal_moves": legal}


def game_replay(req: EvaluateRequest) -> DarkNebulaReplay:
    """The replay of a record with the request's header and no events yet."""
    board = resolve_board(req.board.id, req.board.sha256) if req.board else default_board()
    record = Record(
        format=FORMAT,
        game=GAME_ID,
        game_id=req.game_id,
        board=BoardRef(id=board.id, sha256=board.sha256),
        commitment=req.commitment,
        interpretations=req.interpretations,
        secret=req.secret,
        events=[],
    )
    return DarkNebulaReplay(record, record.checked_on(board))


def evaluate(request: dict[str, Any]) -> dict[str, Any]:
    return _Evaluation().answer(parse_request(EvaluateRequest, request))

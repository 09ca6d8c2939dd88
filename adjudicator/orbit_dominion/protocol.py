"""Orbit Dominion's payloads in the engine protocol: ``evaluate`` and ``perft``.

The envelope (``cmd``, ``id``, ``game``, ``error``) is the core's; these models are the
game's own fields, and the JSON Schemas under ``schemas/`` are generated from them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.protocol.evaluate import Evaluation, judge
from adjudicator.core.protocol.requests import parse_request
from adjudicator.core.protocol.serve import Normalization, RequestId
from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.perft import (
    DEFAULT_MAX_NODES,
    MAX_PERFT_DEPTH,
    NodeLimitExceeded,
    divide,
    perft,
)
from adjudicator.orbit_dominion.replay import OrbitDominionReplay


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId = None
    game: Literal["orbit-dominion/4.2"]
    start: str = Field(
        default="standard", description="'standard' or a position in position notation."
    )
    history: list[str] = Field(
        default_factory=list,
        description="Positions that stood before the start, in position notation, each "
        "counted as one occurrence for the threefold ban (feature history).",
    )
    moves: list[str] = Field(default_factory=list, description="Actions, in order.")
    notation: Literal["strict", "lenient"] = Field(
        default="strict",
        description="'lenient' accepts the documented alternative spellings (feature "
        "lenient_notation) and lists each normalisation.",
    )


class EvaluateRequest(_Request):
    cmd: Literal["evaluate"]
    resign: Literal["red", "blue"] | None = Field(
        default=None, description="This side resigns after the actions, if still undecided."
    )
    forfeit: Literal["red", "blue", "draw"] | None = Field(
        default=None,
        description="The game is decided outside the rules (time, absence, an arbiter) for "
        "this winner after the actions, if still undecided. Not with resign.",
    )


class PerftRequest(_Request):
    cmd: Literal["perft"]
    depth: int = Field(ge=0, le=MAX_PERFT_DEPTH, strict=True)
    max_nodes: int = Field(
        default=DEFAULT_MAX_NODES,
        ge=1,
        strict=True,
        description="Node budget: past it the answer is the error 'limit_exceeded' instead "
        "of a count that could block the engine for hours.",
    )
    divide: bool = Field(
        default=False,
        description="Also give the count under each legal first action (feature perft_divide).",
    )


class EvaluateResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId
    illegal_at: int | None = Field(description="0-based index of the first rejected action.")
    violation: str | None = Field(description="Violation code of that action.")
    position: str = Field(description="Position after the last accepted action.")
    outcome: Outcome | None
    legal_moves: list[str] = Field(description="Legal actions now, sorted by code point.")
    normalized: list[Normalization] | None = Field(
        default=None, description="Only with notation 'lenient': each spelling normalised."
    )


class PerftResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId
    nodes: int
    divide: dict[str, int] | None = Field(
        default=None, description="Only when asked: legal first action → nodes under it."
    )


class _Evaluation(Evaluation[EvaluateRequest, OrbitDominionReplay]):
    response = EvaluateResponse
    goes_on = True  # a rejected action changes nothing and the same side acts again (ruling 11)

    def replay(self, req: EvaluateRequest) -> OrbitDominionReplay:
        return OrbitDominionReplay(req.start, req.history)

    def ended(self, replay: OrbitDominionReplay, req: EvaluateRequest) -> None:
        """A resignation or a forfeit after the actions, if the game is still undecided.
        The two exclude each other, which is said only once the actions are read: an
        unreadable action is the error first."""
        if req.resign is not None and req.forfeit is not None:
            raise InputError(
                "bad_request",
                said("orbit_dominion.protocol.resign_and_forfeit"),
                field="forfeit",
            )
        state = replay.state
        if state.outcome() is None:
            if req.resign is not None:
                state.resign(SIDE_NAMES.index(req.resign))
            elif req.forfeit is not None:
                state.forfeit(None if req.forfeit == "draw" else SIDE_NAMES.index(req.forfeit))

    def fields(self, replay: OrbitDominionReplay, req: EvaluateRequest) -> dict[str, Any]:
        return {"legal_moves": sorted([a.text for a in replay.state.legal_actions()])}


def evaluate(request: dict[str, Any]) -> dict[str, Any]:
    return _Evaluation().answer(parse_request(EvaluateRequest, request))


def perft_command(request: dict[str, Any]) -> dict[str, Any]:
    req = parse_request(PerftRequest, request)
    replay = OrbitDominionReplay(req.start, req.history)
    illegal_at = judge(
        replay, req.moves, lenient=req.notation == "lenient", goes_on=True
    ).illegal_at
    if illegal_at is not None:
        raise InputError(
            "illegal_line",
            said("orbit_dominion.protocol.illegal_line", at=illegal_at),
            field=f"moves[{illegal_at}]",
        )
    state = replay.state
    try:
        if not req.divide:
            return {"nodes": perft(state, req.depth, max_nodes=req.max_nodes)}
        rows = divide(state, req.depth, max_nodes=req.max_nodes)
    except NodeLimitExceeded as exc:
        raise limit_exceeded(exc, "max_nodes") from None
    counts = {str(action): nodes for action, nodes in rows}
    return {"nodes": sum(counts.values()) if req.depth else 1, "divide": counts}


def limit_exceeded(exc: NodeLimitExceeded, field: str) -> InputError:
    return InputError(
        "limit_exceeded",
        said("orbit_dominion.protocol.limit_exceeded", counted=exc.counted, limit=exc.limit),
        field=field,
        expected=said("orbit_dominion.protocol.smaller", field=field),
    )

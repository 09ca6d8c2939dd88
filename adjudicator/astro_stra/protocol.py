"""Astro-Stra's payload in the engine protocol: ``evaluate``.

``moves`` are the record's event lines — the opening roll, the draft, then the turns —
played from ``start`` (``standard``: the default layout, interpretation 2; or a position).
The answer names the first event refused, the position after the last accepted one, and
the outcome; with ``notation: lenient`` also each line whose untaken skill parameters were
left out (``normalized``); with a ``roll``, every turn the side to move could write next
with those dice (``legal_moves``, feature ``legal_turns``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.legal import legal_turns
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.astro_stra.skills import Colour
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.protocol.evaluate import Evaluation
from adjudicator.core.protocol.requests import parse_request
from adjudicator.core.protocol.serve import Normalization, RequestId
from adjudicator.core.read.records import exact_int


class EvaluateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cmd: Literal["evaluate"]
    id: RequestId = None
    game: Literal["astro-stra/0.9.0"]
    start: str = Field(default="standard", description="'standard' or a starting layout.")
    moves: list[str] = Field(default_factory=list, description="Event lines, in order.")
    sets: Annotated[Literal[1, 2], BeforeValidator(exact_int)] = 1
    interpretations: Readings = Field(default_factory=Readings)
    notation: Literal["strict", "lenient"] = Field(
        default="strict",
        description="'lenient' reads full-width digits as ASCII ones and as= where the notation "
        "writes it, leaves out a skill parameter the skill does not take (feature "
        "lenient_notation) and lists each line so normalised; 'strict' refuses them "
        "(noncanonical_notation, bad_skill).",
    )
    roll: dict[Colour, Annotated[int, Field(ge=1, le=6, strict=True)]] | None = Field(
        default=None,
        description="The side to move's dice, colour to pips: the answer lists every turn "
        "it could write next with them (legal_moves; feature legal_turns).",
    )


class EvaluateResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId
    illegal_at: int | None = Field(description="0-based index of the first refused event.")
    violation: str | None
    position: str = Field(description="Pieces, side to move and held dice after the events.")
    outcome: Outcome | None
    normalized: list[Normalization] | None = Field(
        default=None, description="Only with notation 'lenient': each line normalised."
    )
    legal_moves: list[str] | None = Field(
        default=None,
        description="Only with a roll: every turn line the side to move could write next with "
        "those dice, sorted (none once the game is decided, before the draft, or when the "
        "roll is not its dice).",
    )


class _Evaluation(Evaluation[EvaluateRequest, AstroStraReplay]):
    response = EvaluateResponse

    def replay(self, req: EvaluateRequest) -> AstroStraReplay:
        layout = None
        if req.start != "standard":
            # a layout that cannot start a game is refused at the first event (check_layout)
            layout = Position.from_text(req.start, field="start")
        return AstroStraReplay(req.interpretations, req.sets, layout)

    def fields(self, replay: AstroStraReplay, req: EvaluateRequest) -> dict[str, Any]:
        return {"legal_moves": None if req.roll is None else _legal(replay, req.roll)}


def evaluate(request: dict[str, Any]) -> dict[str, Any]:
    return _Evaluation().answer(parse_request(EvaluateRequest, request))


def _legal(replay: AstroStraReplay, roll: Mapping[Colour, int]) -> list[str]:
    """The turns the side to move could write next with ``roll``, at the position after
    the last accepted event (none before the draft: no turn comes next)."""
    if replay.game is None:
        return []
    by_colour: dict[str, int] = {colour: pips for colour, pips in roll.items()}
    return legal_turns(replay.game, by_colour, replay.readings)

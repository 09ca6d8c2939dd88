"""How a game ended: the winner (a side, or ``draw``), why, and after how many actions."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    winner: str = Field(description="A side of the game, or 'draw'.")
    reason: str = Field(description="A reason code of the game, e.g. 'pincer'.")
    decided_at: int = Field(
        ge=0,
        description="Number of actions made when the game was decided; an instant win "
        "counts its own action.",
    )

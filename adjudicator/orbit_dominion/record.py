"""The canonical JSON record of an Orbit Dominion game (format ``orbit-dominion-record/1``).

Pydantic models; the JSON Schema in ``schemas/`` is generated from them. The record's
result is checked for internal consistency here (an unfinished game has all three result
fields null; ``resigned`` is set exactly when the reason is ``resignation``, and the winner
is then the other side); whether it agrees with the rules is the validator's question.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    field_validator,
    model_validator,
)

from adjudicator.core.errors import RecordRule
from adjudicator.core.judge.verdict import ClaimedResult, Note
from adjudicator.core.read.records import Event, GameRecord, result_rules
from adjudicator.orbit_dominion.actions import action_named
from adjudicator.orbit_dominion.identity import FORMAT, RULESET, Reason, Side
from adjudicator.orbit_dominion.position import Position


class Meta(BaseModel):
    """Who played where and when; every field optional."""

    model_config = ConfigDict(extra="forbid")

    event: str | None = None
    site: str | None = None
    date: datetime.date | None = Field(default=None, description="ISO 8601, e.g. 2026-11-20.")
    round: str | None = None
    red: str | None = None
    blue: str | None = None

    @field_validator("date", mode="before")
    @classmethod
    def _iso_only(cls, value: Any) -> Any:
        if value is not None and not (isinstance(value, str) and _ISO_DATE.fullmatch(value)):
            raise RecordRule("orbit_dominion.record_rule.iso_date")
        return value


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Move(BaseModel):
    """An action with what the score sheet says about it."""

    model_config = ConfigDict(extra="forbid")

    move: str
    comment: str | None = None
    clock: float | None = Field(
        default=None,
        ge=0,
        allow_inf_nan=False,
        strict=True,
        description="The mover's remaining time in seconds after it.",
    )
    attempts: list[str] = Field(
        default_factory=list,
        description="Illegal actions tried first and taken back (rulings table, last row).",
    )

    def is_bare(self) -> bool:
        return self.comment is None and self.clock is None and not self.attempts


def _move_kind(value: Any) -> str:
    return "text" if isinstance(value, str) else "object"


#: A move is a plain action or an object; tagged so that an error inside an object is
#: reported against the object's field, not as "not a string".
MoveEntry = Annotated[
    Annotated[str, Tag("text")] | Annotated[Move, Tag("object")], Discriminator(_move_kind)
]


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid")

    winner: Literal["red", "blue", "draw"] | None
    reason: Reason | None
    resigned: Side | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Result:
        if self.winner == "draw" and self.reason not in ("move_limit", "forfeit", None):
            raise RecordRule("orbit_dominion.record_rule.draw_reason", given=self.reason)
        result_rules(self.winner, self.reason, self.resigned)
        return self


class Record(BaseModel):
    """An Orbit Dominion game record."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["orbit-dominion-record/1"]
    ruleset: Literal["orbit-dominion/4.2"]
    game_id: str | None = Field(default=None, min_length=1)
    meta: Meta = Field(default_factory=Meta)
    start: str = Field(default="standard", description="'standard' or a position.")
    moves: list[MoveEntry] = Field(default_factory=list)
    result: Result
    ext: dict[str, Any] = Field(default_factory=dict, description="Extensions, free-form.")

    @field_validator("start")
    @classmethod
    def _position(cls, value: str) -> str:
        if value != "standard":
            Position.from_text(value, field="start")
        return value

    def canonical(self) -> Record:
        """The same record with bare move objects written as plain strings."""
        moves = [m.move if isinstance(m, Move) and m.is_bare() else m for m in self.moves]
        return self.model_copy(update={"moves": moves})

    def dump(self) -> dict[str, Any]:
        """JSON-ready, with absent optional fields left out."""
        data = self.canonical().model_dump(mode="json", exclude_none=True)
        data["result"] = self.result.model_dump(mode="json")
        for move in data["moves"]:
            if isinstance(move, dict) and not move.get("attempts"):
                move.pop("attempts", None)
        if not data["ext"]:
            del data["ext"]
        return data

    def to_game_record(self, warnings: list[Note]) -> GameRecord:
        bare = _BARE_EVENTS
        events = [
            bare.get(m) or _bare_event(m)
            if isinstance(m, str)
            else Event(m.move, tuple(m.attempts))
            for m in self.moves
        ]
        claimed = ClaimedResult(**self.result.model_dump())
        return GameRecord(RULESET, self.game_id, self, events, claimed, warnings)


#: The event of each action written plainly in canonical notation, made once per spelling
#: met (events are immutable): a batch of records spells the same few thousand actions over
#: and over, and making a new event for each was a sixth of the time spent on a record.
#: Only canonical spellings are kept, so that no input can make the table grow further.
_BARE_EVENTS: dict[str, Event] = {}


def _bare_event(written: str) -> Event:
    event = Event(written)
    if action_named(written) is not None:
        _BARE_EVENTS[written] = event
    return event


SUPPORTED = {"format": [FORMAT], "ruleset": [RULESET]}

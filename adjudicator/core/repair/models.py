"""What a repair search answers (``adjudicator repair --json``; schemas/repair.schema.json)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from adjudicator.core.judge.verdict import Verdict

Op = Literal["replace", "insert", "delete", "swap", "move", "result"]
Stop = Literal["complete", "horizon", "top", "alternatives", "replays", "time"]


class Edit(BaseModel):
    """One correction: at ``ply`` (1-based, in the record as corrected so far), what was
    written and what is now."""

    ply: int
    op: Op
    was: str | None = Field(
        description="The event as written (None for an insertion); for 'result', the "
        "result as written (winner and reason; None if none was)."
    )
    now: str | None = Field(
        description="The event as corrected (None for a deletion); for 'result', the "
        "result the corrected game reaches."
    )
    cost: float
    to: int | None = Field(
        default=None,
        description="For 'swap', the ply of the other event (the next one unless they "
        "stood apart); for 'move', the ply the event at 'ply' was moved to.",
    )
    alternatives: list[str] = Field(
        default_factory=list,
        description="Other events this edit could have written, equally consistent with the "
        "record: they play here to the same position as 'now' (dice that fall otherwise to "
        "the same effect), so nothing after tells them apart. Each was checked as the "
        "candidate was: the record with it in place of 'now' is valid.",
    )
    more_alternatives: int = Field(
        default=0,
        description="Further events of the same effect the game named beyond those listed: "
        "not checked, not listed.",
    )


#: Why a candidate is doubtful: it costs far more than the model's typical error, or it
#: deletes a line that writes what dice decided.
Doubt = Literal["cost", "chance"]


class Candidate(BaseModel):
    edits: list[Edit]
    cost: float = Field(description="The sum of the edits' costs (see docs/repair.md).")
    doubtful: bool = Field(
        default=False,
        description="Far less plausible than a copying error: valid, but see doubtful_reason.",
    )
    doubtful_reason: Doubt | None = Field(
        default=None,
        description="'cost': it costs more than the model's typical error (docs/repair.md, "
        "'Doubtful candidates'); 'chance': it deletes a line that writes what dice decided "
        "(a battle, a search's roll, a turn).",
    )
    verdict: Verdict = Field(description="The corrected record's verdict.")
    record: dict[str, Any] = Field(
        description="The corrected record, whole, in the game's JSON record format."
    )
    tied_with: list[int] = Field(
        default_factory=list,
        description="The other candidates (their ranks, from 1) that cost the same: the model "
        "finds them equally consistent with the record and cannot put one first.",
    )


class Searched(BaseModel):
    edits_tried: int
    replays: int
    seconds: float
    complete: bool = Field(
        description="True when every record within max_edits edits was considered."
    )
    stopped: Stop = Field(
        description="Why the search stopped: every record considered; every correction "
        "costing up to the best's plus the horizon considered; the candidates asked for "
        "found; as many replays again spent on other corrections as the best took; or a "
        "budget (replays, seconds) reached."
    )
    cost_limit: float | None = Field(
        default=None, description="With 'horizon': the dearest cost considered."
    )
    budget_reached: str | None = Field(
        default=None, description="'replays' or 'time' when the search stopped at a budget."
    )


class Repair(BaseModel):
    """What ``adjudicator repair --json`` prints."""

    source: str
    game: str | None
    status: Literal["valid", "repaired", "no_candidate", "pending"]
    verdict: Verdict = Field(description="The record's own verdict, before any edit.")
    max_edits: int
    candidates: list[Candidate] = Field(default_factory=list)
    searched: Searched | None = None

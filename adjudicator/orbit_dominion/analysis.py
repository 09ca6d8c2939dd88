"""What a player or an arbiter asks of a position: whose turn, what the turn start decides,
which actions are legal, which are banned by repetition and why a given one is rejected."""

from __future__ import annotations

from pydantic import BaseModel, Field

from adjudicator.core.i18n import Lang
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.violations import Violation
from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.state import GameState


class Rejection(BaseModel):
    index: int = Field(description="0-based index of the action in the line played.")
    ply: int = Field(description="Its ply: the actions made before it, plus one.")
    action: str
    violation: str
    rules: list[str]
    citation: str
    message: str


class Banned(BaseModel):
    action: str
    earlier_plies: list[int] = Field(description="Plies at which its result already stood.")


class Analysis(BaseModel):
    position: str
    turn: str
    ply: int = Field(
        description="The ply about to be played (1-based): the position stands after ply - 1 "
        "actions (docs/records.md, 'Plies')."
    )
    claim: bool = Field(description="The side to move held both enemy gates after its last action.")
    outcome: Outcome | None
    outcome_citation: str | None
    legal_actions: list[str]
    banned_by_repetition: list[Banned]
    rejected: list[Rejection] = Field(default_factory=list)
    history_known: bool = Field(
        default=True,
        description="The positions that stood before are known (a record, --history, or a "
        "position at ply 0): false when a position was given alone, so the threefold ban "
        "(第9条) counts only the positions from it on.",
    )


def rejection(index: int, ply: int, action: str, violation: Violation, lang: Lang) -> Rejection:
    return Rejection(
        index=index,
        ply=ply + 1,
        action=action,
        violation=violation.code,
        rules=violation.rules,
        citation=violation.cite(rule_data(), lang),
        message=violation.message(lang),
    )


def analyse(
    state: GameState,
    lang: Lang,
    rejected: list[Rejection] | None = None,
    *,
    history_known: bool = True,
) -> Analysis:
    outcome = state.outcome()
    banned = []
    if outcome is None:
        banned = [
            Banned(action=str(a), earlier_plies=state.earlier_occurrences(a))
            for a in sorted(state.banned_actions(), key=str)
        ]
    rules = rule_data()
    return Analysis(
        position=state.position.text(),
        turn=SIDE_NAMES[state.turn],
        ply=state.position.ply + 1,
        claim=state.position.claim,
        outcome=outcome,
        outcome_citation=rules.cite(rules.reason(outcome.reason).rules, lang) if outcome else None,
        legal_actions=sorted(str(a) for a in state.legal_actions()),
        banned_by_repetition=banned,
        rejected=rejected or [],
        history_known=history_known,
    )

"""What the Orbit Dominion solver answers, the same whether the search ran here or on a
cluster (:mod:`.distributed`): the verdict a root score gives, the answer's fields, and the
answer for a game already decided, where nothing is searched."""

from __future__ import annotations

import time
from dataclasses import dataclass

from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.position import Position
from adjudicator.orbit_dominion.proof import Proof, Solution
from adjudicator.orbit_dominion.rules import after
from adjudicator.orbit_dominion.state import GameState

#: The score of a win decided at the root; a win ``k`` actions later scores ``WIN - k``.
WIN = 1000


@dataclass(frozen=True)
class Verdict:
    """What a root score says: ``win`` (a side forces a win within ``within`` actions),
    ``no_forced_win`` (neither does within the depth) or ``value`` (the depth reaches the
    move limit, so the search saw every line to its end: the exact result)."""

    result: str
    winner: str | None
    within: int | None
    exhaustive: bool


def read_score(score: int, turn: int, *, exhaustive: bool, to_limit: int) -> Verdict:
    """The verdict of a root score, the side to move being ``turn``."""
    result = "value" if exhaustive else "win"
    if score > 0:
        return Verdict(result, SIDE_NAMES[turn], WIN - score, exhaustive)
    if score < 0:
        return Verdict(result, SIDE_NAMES[1 - turn], WIN + score, exhaustive)
    if exhaustive:
        return Verdict("value", "draw", to_limit, exhaustive)
    return Verdict("no_forced_win", None, None, exhaustive)


def answer(
    verdict: Verdict | None,
    *,
    depth: int,
    nodes: int,
    position: str,
    history: list[str],
    started: float,
    probes: int,
    hits: int,
    unfinished: int | None = None,
    proof: Proof | None = None,
) -> Solution:
    """The solver's answer, the same whether the search ran here or on a cluster: the
    verdict read from the root score, or none (no forced win proved) when the budget left
    the depth ``unfinished``."""
    return Solution.model_validate(  # the verdict's words are checked against the model's
        {
            "result": verdict.result if verdict else "no_forced_win",
            "winner": verdict.winner if verdict else None,
            "within": verdict.within if verdict else None,
            "depth": depth,
            "unfinished": unfinished,
            "nodes": nodes,
            "position": position,
            "history": history,
            "seconds": round(time.perf_counter() - started, 6),
            "table_probes": probes,
            "table_hits": hits,
            "proof": proof,
        }
    )


def positions_before(state: GameState) -> list[Position]:
    """Every position that stood before the current one: the history, the start and the
    positions along the actions played."""
    out = list(state.history)
    position = state.start
    for action in state.actions:
        out.append(position)
        position, _ = after(position, action)
    return out


def decided(state: GameState, started: float) -> Solution | None:
    """The answer for a game already decided where ``state`` stands (by the action that
    led there or at this turn start): that result, nothing searched; ``None`` otherwise."""
    outcome = state.outcome()
    if outcome is None:
        return None
    return Solution.model_validate(  # the core's outcome words are checked against the model's
        {
            "result": "decided",
            "winner": outcome.winner,
            "within": 0,
            "reason": outcome.reason,
            "depth": 0,
            "nodes": 0,
            "position": state.position.text(),
            "history": [h.text() for h in positions_before(state)],
            "seconds": round(time.perf_counter() - started, 6),
            "table_probes": 0,
            "table_hits": 0,
            "proof": None,
        }
    )

"""A position solved here or on a Dask cluster, the same way on both paths: what
``orbit-dominion solve`` and ``adjudicate --solve`` (:meth:`Solver.solve`) search with."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.state import GameState

if TYPE_CHECKING:
    from adjudicator.orbit_dominion.proof import Solution


def solve_state(
    state: GameState,
    depth: int,
    *,
    executor: str | None = None,
    with_proof: bool = True,
    budget: Budget | None = None,
) -> Solution:
    """Solve locally, or on a Dask cluster when ``executor`` names one. A game already
    decided where ``state`` stands is answered as decided, the same way on both paths."""
    from adjudicator.orbit_dominion.solve import solve
    from adjudicator.orbit_dominion.solve_answer import decided

    answered = decided(state, time.perf_counter())
    if answered is not None:
        return answered
    budget = budget or Budget()
    if executor is None:
        return solve(state, depth, with_proof=with_proof, budget=budget)
    from adjudicator.orbit_dominion.distributed import solve_on

    return solve_on(executor, state, depth, with_proof=with_proof, budget=budget)

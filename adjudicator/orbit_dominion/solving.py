"""A position solved here or on a Dask cluster, the same way on both paths: what
``orbit-dominion solve`` and ``adjudicate --solve`` (:meth:`Solver.solve`) search with,
and by which method (``--method``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Literal

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.orbit_dominion.budget import Budget

if TYPE_CHECKING:
    from adjudicator.orbit_dominion.proof import Solution
    from adjudicator.orbit_dominion.state import GameState

Method = Literal["auto", "alphabeta", "dfpn"]
#: ``auto`` gives alpha-beta one part in this many of the budget (positions and seconds)
#: before df-pn takes the rest: short wins and shallow depths are alpha-beta's, found at once.
AUTO_PARTS = 4


def solve_state(
    state: GameState,
    depth: int,
    *,
    executor: str | None = None,
    with_proof: bool = True,
    budget: Budget | None = None,
    method: Method = "alphabeta",
) -> Solution:
    """Solve locally, or on a Dask cluster when ``executor`` names one (alpha-beta only:
    ``auto`` is alpha-beta there, ``dfpn`` is refused). A game already decided where
    ``state`` stands is answered as decided, the same way on every path."""
    from adjudicator.orbit_dominion.solve_answer import decided

    answered = decided(state, time.perf_counter())
    if answered is not None:
        return answered
    budget = budget or Budget()
    if executor is not None:
        if method == "dfpn":
            raise InputError(
                "bad_option",
                said("orbit_dominion.solve.dfpn_here_only"),
                field="--executor",
            )
        from adjudicator.orbit_dominion.distributed import solve_on

        return solve_on(executor, state, depth, with_proof=with_proof, budget=budget)
    from adjudicator.orbit_dominion.dfpn_solve import solve_dfpn
    from adjudicator.orbit_dominion.solve import solve

    budget.restart()  # the clock is the search's: loading its modules is not counted
    if method == "alphabeta":
        return solve(state, depth, with_proof=with_proof, budget=budget)
    if method == "dfpn":
        return solve_dfpn(state, depth, with_proof=with_proof, budget=budget)
    return _auto(state, depth, with_proof, budget)


def _auto(state: GameState, depth: int, with_proof: bool, budget: Budget) -> Solution:
    """Alpha-beta on a share of the budget (:data:`AUTO_PARTS`), then df-pn on the rest
    from the first depth alpha-beta left unsettled."""
    from adjudicator.orbit_dominion.dfpn_solve import solve_dfpn
    from adjudicator.orbit_dominion.solve import solve

    started = time.perf_counter()
    share = Budget(
        None if budget.max_nodes is None else max(1, budget.max_nodes // AUTO_PARTS),
        None if budget.seconds is None else budget.seconds / AUTO_PARTS,
        budget.progress,
        budget.memory,
    )
    first = solve(state, depth, with_proof=with_proof, budget=share)
    if first.unfinished is None:
        return first
    budget.spent = first.nodes
    before = (first.nodes, first.table_probes, first.table_hits)
    return solve_dfpn(
        state,
        depth,
        with_proof=with_proof,
        budget=budget,
        first=first.unfinished,
        before=before,
        started=started,
    )

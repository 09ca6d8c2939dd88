"""Iterative deepening and its answer, once for every way of solving: a method
(:class:`Method`: the alpha-beta search, df-pn) says how to settle one depth and how to
prove the win it found; :func:`solve_by` deepens one action at a time within the budget,
stops at the first win (the shortest) and words the answer, as :func:`conclude` does for
the lines solved on a cluster (:mod:`.distributed`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.budget import Budget, BudgetSpent
from adjudicator.orbit_dominion.position import MOVE_LIMIT
from adjudicator.orbit_dominion.proof import Proof, Solution
from adjudicator.orbit_dominion.solve_answer import (
    Verdict,
    answer,
    decided,
    positions_before,
    read_score,
)
from adjudicator.orbit_dominion.state import GameState


@dataclass
class Deepening:
    """Where the deepening stopped: the deepest depth finished and its root score, the
    depth the budget left unfinished, and the tallies of every search."""

    finished: int = 0
    score: int = 0
    unfinished: int | None = None
    nodes: int = 0
    probes: int = 0
    hits: int = 0

    def count(self, nodes: int, probes: int, hits: int, budget: Budget | None) -> None:
        """Add one search's tallies, and its positions to the ``budget``'s spent ones (the
        next search's budget counts them)."""
        self.nodes += nodes
        self.probes += probes
        self.hits += hits
        if budget is not None:
            budget.spent += nodes


class Method(Protocol):
    """How a way of solving settles one depth and proves the win it found."""

    def settle(self, depth: int, run: Deepening) -> int:
        """The root's score within ``depth`` (as :func:`~.solve_answer.read_score` reads
        it), its searches counted in ``run`` also when the budget stops them."""
        ...

    def proof(self, verdict: Verdict, history: list[str]) -> Proof:
        """The proof of the win ``verdict`` states, found by the last depth settled."""
        ...


def deepen(method: Method, first: int, target: int, budget: Budget | None) -> Deepening:
    """Settle depths ``first`` to ``target`` one at a time, stopping at the first that
    finds a win or when the ``budget`` runs out. The depths below ``first`` must be
    settled already (no forced win within ``first - 1``)."""
    run = Deepening(finished=max(first - 1, 0))
    for depth in range(first, target + 1):
        if budget is not None:
            budget.depth = depth
        try:
            run.score = method.settle(depth, run)
        except BudgetSpent:
            run.unfinished = depth
            return run
        run.finished = depth
        if run.score != 0:
            return run
    return run


def solve_by(
    method: Method,
    state: GameState,
    depth: int,
    *,
    with_proof: bool,
    budget: Budget | None,
    first: int = 1,
    before: tuple[int, int, int] = (0, 0, 0),
    started: float | None = None,
) -> Solution:
    """Whether a side forces a win within ``depth`` actions from ``state``, settled by
    ``method`` from depth ``first`` on: the depths below it settled by an earlier search
    (started at ``started``), whose positions, probes and hits are ``before``. A game
    already decided is answered as decided, nothing searched."""
    started = time.perf_counter() if started is None else started
    answered = decided(state, started)
    if answered is not None:
        return answered
    history = [h.text() for h in positions_before(state)]
    target = min(depth, MOVE_LIMIT - state.position.ply)
    run = deepen(method, min(first, target), target, budget)
    run.nodes += before[0]
    run.probes += before[1]
    run.hits += before[2]
    return conclude(state, depth, run, history, started, method.proof if with_proof else None)


def conclude(
    state: GameState,
    depth: int,
    run: Deepening,
    history: list[str],
    started: float,
    prove: Callable[[Verdict, list[str]], Proof] | None,
) -> Solution:
    """The answer of a search ``depth`` actions deep from ``state``: what the depths
    finished proved when the budget left one unfinished; else the verdict of the root
    score, with the proof of a win (``prove``, when asked for)."""
    p = state.position
    if run.unfinished is not None:
        return answer(
            None,
            depth=run.finished,
            unfinished=run.unfinished,
            position=p.text(),
            history=history,
            started=started,
            nodes=run.nodes,
            probes=run.probes,
            hits=run.hits,
        )
    to_limit = MOVE_LIMIT - p.ply
    verdict = read_score(run.score, p.turn, exhaustive=depth >= to_limit, to_limit=to_limit)
    proof = None
    if prove is not None and verdict.winner in SIDE_NAMES and verdict.within is not None:
        proof = prove(verdict, history)
    return answer(
        verdict,
        depth=depth,
        position=p.text(),
        history=history,
        started=started,
        proof=proof,
        nodes=run.nodes,
        probes=run.probes,
        hits=run.hits,
    )

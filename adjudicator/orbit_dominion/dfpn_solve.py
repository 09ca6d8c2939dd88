"""``solve --method dfpn``: forced wins within N actions proved by df-pn (:mod:`.dfpn`),
N growing one action at a time, with one table shared by every search.

Each depth asks two questions, one per side: does the side to move force a win within N,
and does its opponent? Both disproved, the depth is settled ("no forced win within N")
and the next is tried; one proved, that side wins, and since no win within N - 1 was
proved for either, within N exactly — the shortest forced win, as the alpha-beta search
answers. A win is reported only with its proof, which :func:`~.proof.verify` has checked
here: the search's own word is never taken for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.budget import Budget, BudgetSpent
from adjudicator.orbit_dominion.dfpn import (
    EXPANSION_BYTES,
    EXPANSIONS,
    Prover,
    Table,
    UnprovenWin,
)
from adjudicator.orbit_dominion.position import MOVE_LIMIT
from adjudicator.orbit_dominion.proof import Proof, Solution, verify
from adjudicator.orbit_dominion.solve_answer import (
    WIN,
    answer,
    decided,
    positions_before,
    read_score,
)
from adjudicator.orbit_dominion.state import GameState

#: Bytes one entry of the df-pn table takes, measured with tracemalloc (benchmarks/
#: README.md): its key (the attacker, the position, the claim, the actions left, the ply,
#: the history consulted), its numbers and the dictionary's slot.
ENTRY_BYTES = 550


@dataclass
class DfpnRun:
    """Where the deepening stopped: the deepest depth settled, the depth the budget left
    unfinished, the winner and the prover that proved it, and the tallies."""

    finished: int = 0
    unfinished: int | None = None
    winner: int | None = None
    prover: Prover | None = None
    nodes: int = 0
    probes: int = 0
    hits: int = 0


def deepen(
    state: GameState, target: int, budget: Budget | None, table: Table, first: int = 1
) -> DfpnRun:
    """Settle depths ``first`` to ``target`` one at a time, stopping at the first win
    proved or when the ``budget`` runs out. The depths below ``first`` must be settled
    already (no forced win within ``first - 1``)."""
    run = DfpnRun(finished=first - 1)
    turn = state.position.turn
    for depth in range(first, target + 1):
        if budget is not None:
            budget.depth = depth
        for attacker in (turn, 1 - turn):
            prover = Prover(state, depth, attacker, table, budget)
            try:
                pn, _ = prover.run(state)
            except BudgetSpent:
                run.unfinished = depth
            run.nodes += prover.nodes
            run.probes += prover.probes
            run.hits += prover.hits
            if budget is not None:
                budget.spent += prover.nodes
            if run.unfinished is not None:
                return run
            if pn == 0:
                run.winner, run.prover, run.finished = attacker, prover, depth
                return run
        run.finished = depth
    return run


def proof_of(run: DfpnRun, state: GameState, history: list[str]) -> Proof:
    """The proof of the win ``run`` proved, checked by the rules engine before it is
    returned; :class:`UnprovenWin` if it does not hold (a bug, never reported)."""
    assert run.prover is not None and run.winner is not None
    tree, longest = run.prover.proof_tree(state)
    if longest > run.finished:
        raise UnprovenWin(f"the proof takes {longest} actions, over {run.finished}")
    proof = Proof(
        position=state.position.text(),
        history=history,
        winner=SIDE_NAMES[run.winner],
        within=run.finished,
        tree=tree,
    )
    fault = verify(proof).fault
    if fault is not None:
        raise UnprovenWin(f"the proof fails at {' '.join(fault.line)}: {fault.code}")
    return proof


def table_for(budget: Budget | None) -> Table:
    """A table as large as the budget's memory allows: at most a quarter of it for the
    expansions kept, the rest for the entries."""
    memory = budget.memory if budget is not None else None
    if memory is None:
        return Table(1 << 62)
    expansions = min(EXPANSIONS, memory // 4 // EXPANSION_BYTES)
    return Table((memory - expansions * EXPANSION_BYTES) // ENTRY_BYTES, expansions)


def solve_dfpn(
    state: GameState,
    depth: int,
    *,
    with_proof: bool = True,
    budget: Budget | None = None,
    first: int = 1,
    before: tuple[int, int, int] = (0, 0, 0),
    started: float | None = None,
) -> Solution:
    """Whether a side forces a win within ``depth`` actions, as :func:`.solve.solve`
    answers it, proved by df-pn from depth ``first`` on (the depths below it settled by
    an earlier search, whose positions, probes and hits are ``before``, started at
    ``started``)."""
    started = time.perf_counter() if started is None else started
    answered = decided(state, started)
    if answered is not None:
        return answered
    p = state.position
    to_limit = MOVE_LIMIT - p.ply
    target = min(depth, to_limit)
    history = [h.text() for h in positions_before(state)]
    run = deepen(state, target, budget, table_for(budget), first)
    nodes, probes, hits = before[0] + run.nodes, before[1] + run.probes, before[2] + run.hits
    if run.unfinished is not None:
        return answer(
            None,
            depth=run.finished,
            unfinished=run.unfinished,
            position=p.text(),
            history=history,
            started=started,
            nodes=nodes,
            probes=probes,
            hits=hits,
        )
    score = 0
    if run.winner is not None:
        score = WIN - run.finished if run.winner == p.turn else run.finished - WIN
    verdict = read_score(score, p.turn, exhaustive=depth >= to_limit, to_limit=to_limit)
    proof = proof_of(run, state, history) if with_proof and run.winner is not None else None
    return answer(
        verdict,
        depth=depth,
        position=p.text(),
        history=history,
        started=started,
        proof=proof,
        nodes=nodes,
        probes=probes,
        hits=hits,
    )

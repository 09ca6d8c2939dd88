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

from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.deepening import Deepening, solve_by
from adjudicator.orbit_dominion.dfpn import (
    EXPANSION_BYTES,
    EXPANSIONS,
    Prover,
    Table,
    UnprovenWin,
)
from adjudicator.orbit_dominion.proof import Proof, Solution, verify
from adjudicator.orbit_dominion.solve_answer import WIN, Verdict
from adjudicator.orbit_dominion.state import GameState

#: Bytes one entry of the df-pn table takes, measured with tracemalloc (benchmarks/
#: README.md): its key (the attacker, the position, the claim, the actions left, the ply,
#: the history consulted), its numbers and the dictionary's slot.
ENTRY_BYTES = 550


class Dfpn:
    """df-pn as a method of :func:`~.deepening.solve_by`: two searches a depth, one per
    side, sharing one table over every depth."""

    def __init__(self, state: GameState, budget: Budget | None) -> None:
        self.state = state
        self.budget = budget
        self.table = table_for(budget)
        self.prover: Prover | None = None

    def settle(self, depth: int, run: Deepening) -> int:
        """The side to move's win within ``depth`` (``WIN - depth``), its opponent's
        (``depth - WIN``), or 0 when both are disproved. Every depth before was settled
        without a win, so a win proved here takes ``depth`` actions exactly."""
        turn = self.state.position.turn
        for attacker in (turn, 1 - turn):
            prover = Prover(self.state, depth, attacker, self.table, self.budget)
            try:
                pn, _ = prover.run(self.state)
            finally:
                run.count(prover.nodes, prover.probes, prover.hits, self.budget)
            if pn == 0:
                self.prover = prover
                return WIN - depth if attacker == turn else depth - WIN
        return 0

    def proof(self, verdict: Verdict, history: list[str]) -> Proof:
        """The proof of the win the last depth proved, checked by the rules engine before
        it is returned; :class:`UnprovenWin` if it does not hold (a bug, never reported)."""
        assert self.prover is not None and verdict.within is not None
        assert verdict.winner in SIDE_NAMES
        tree, longest = self.prover.proof_tree(self.state)
        if longest > verdict.within:
            raise UnprovenWin(f"the proof takes {longest} actions, over {verdict.within}")
        proof = Proof(
            position=self.state.position.text(),
            history=history,
            winner=verdict.winner,
            within=verdict.within,
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
    return solve_by(
        Dfpn(state, budget),
        state,
        depth,
        with_proof=with_proof,
        budget=budget,
        first=first,
        before=before,
        started=started,
    )

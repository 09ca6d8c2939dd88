"""The one outline of iterative deepening (:mod:`adjudicator.orbit_dominion.deepening`)
that the alpha-beta search and df-pn both settle their depths in: one action deeper at a
time, stopping at the first win (the shortest) or where the budget runs out, with every
search's positions counted — also the one the budget stopped (``solve``'s documented
answer: what the depths finished proved, and the depth left unfinished)."""

from __future__ import annotations

from adjudicator.orbit_dominion.budget import Budget, BudgetSpent
from adjudicator.orbit_dominion.deepening import Deepening, deepen
from adjudicator.orbit_dominion.proof import Proof
from adjudicator.orbit_dominion.solve_answer import WIN, Verdict


class Scripted:
    """A method whose depth ``win_at`` finds a win, and whose depth ``spent_at`` spends
    the budget; every search costs 10 positions."""

    def __init__(self, win_at: int | None = None, spent_at: int | None = None) -> None:
        self.win_at, self.spent_at = win_at, spent_at
        self.settled: list[int] = []

    def settle(self, depth: int, run: Deepening) -> int:
        self.settled.append(depth)
        run.count(10, 2, 1, None)
        if depth == self.spent_at:
            raise BudgetSpent
        return WIN - depth if depth == self.win_at else 0

    def proof(self, verdict: Verdict, history: list[str]) -> Proof:
        raise AssertionError("not asked for")


def test_deepening_stops_at_the_first_win() -> None:
    method = Scripted(win_at=3)
    run = deepen(method, 1, 9, None)
    assert method.settled == [1, 2, 3]
    assert (run.finished, run.score, run.unfinished, run.nodes) == (3, WIN - 3, None, 30)


def test_the_depth_the_budget_stops_is_unfinished_and_its_positions_count() -> None:
    method = Scripted(spent_at=4)
    budget = Budget(None, None)
    run = deepen(method, 2, 9, budget)
    assert method.settled == [2, 3, 4]
    assert (run.finished, run.unfinished, run.nodes, run.probes, run.hits) == (3, 4, 30, 6, 3)
    assert budget.depth == 4


def test_the_positions_searched_count_against_the_budget() -> None:
    budget = Budget(None, None)
    run = Deepening()
    run.count(7, 1, 1, budget)
    run.count(5, 0, 0, budget)
    assert budget.spent == 12 and run.nodes == 12

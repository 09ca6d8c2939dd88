"""A deep solve spread over a Dask cluster (``solve --executor dask://HOST:PORT``).

The lines of the first few actions are played here, as deep as it takes to have several
tasks for each worker; each position at their end is solved on a worker (with its history:
the root's and the line's), and the answers are put together by minimax over those first
actions. The answer is the one the local search gives — the same rules, the same scores —
and a win's proof is assembled from the tasks' proofs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from adjudicator.core.batch.distributed import Cluster
from adjudicator.orbit_dominion.actions import Action
from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.deepening import Deepening, conclude
from adjudicator.orbit_dominion.position import MOVE_LIMIT, Position
from adjudicator.orbit_dominion.proof import (
    Ending,
    EndNode,
    MoveNode,
    Proof,
    ProofNode,
    RepliesNode,
    Solution,
)
from adjudicator.orbit_dominion.solve_answer import WIN, Verdict, positions_before
from adjudicator.orbit_dominion.state import GameState, with_history

#: Tasks wanted per worker thread, so that a long task does not leave the others idle.
TASKS_PER_WORKER = 4


@dataclass
class _Node:
    """A node of the lines played here: decided (``score`` set), a task, or inner."""

    state: GameState
    line: list[str]
    score: int | None = None
    ending: Ending | None = None
    task: int | None = None
    children: dict[str, _Node] = field(default_factory=dict)


def _solve_task(
    job: tuple[str, list[str], list[str], int, bool, int | None, float | None],
) -> Solution:
    """On a worker: the position at the end of a line, with the root's history, within
    the budget each task has."""
    from adjudicator.orbit_dominion.solve import solve

    position, history, line, depth, with_proof, max_nodes, seconds = job
    state = with_history(Position.from_text(position), history)
    for text in line:
        state.push(Action.parse(text))
    return solve(state, depth, with_proof=with_proof, budget=Budget(max_nodes, seconds))


class _Split:
    def __init__(self, state: GameState, depth: int) -> None:
        self.root = state
        self.root_ply = state.position.ply
        self.depth = min(depth, MOVE_LIMIT - self.root_ply)
        self.tasks: list[_Node] = []
        self.nodes = 0

    def expand(self, node: _Node, split: int) -> None:
        """Play ``split`` actions from ``node``; the lines' ends become tasks."""
        self.nodes += 1
        outcome = node.state.outcome()
        if outcome is not None:
            distance = outcome.decided_at - self.root_ply
            if outcome.winner == "draw":
                node.score = 0
            else:
                sign = 1 if outcome.winner == SIDE_NAMES[self.root.turn] else -1
                node.score = sign * (WIN - distance)
                ending = {"winner": outcome.winner, "reason": outcome.reason}
                node.ending = Ending.model_validate(ending)  # the core's words, checked
            return
        if split == 0:
            node.task = len(self.tasks)
            self.tasks.append(node)
            return
        for action in sorted(node.state.legal_actions(), key=str):
            child = node.state.copy()
            child.push(action)
            node.children[action.text] = _Node(child, [*node.line, action.text])
            self.expand(node.children[action.text], split - 1)

    def frontier(self, workers: int) -> None:
        """Split deeper until there are enough tasks (or the depth is used up)."""
        split = 1
        while True:
            self.tasks = []
            self.nodes = 0
            top = _Node(self.root, [])
            self.expand(top, split)
            if len(self.tasks) >= TASKS_PER_WORKER * workers or split + 1 >= self.depth:
                self.top = top
                return
            split += 1

    def score(self, node: _Node, solved: list[Solution]) -> int:
        """Minimax over the lines, in scores seen from the root's side to move."""
        if node.score is not None:
            return node.score
        if node.task is not None:
            s = solved[node.task]
            if s.winner in SIDE_NAMES and s.within is not None:
                sign = 1 if s.winner == SIDE_NAMES[self.root.turn] else -1
                node.score = sign * (WIN - len(node.line) - s.within)
            else:
                node.score = 0
            return node.score
        scores = [self.score(child, solved) for child in node.children.values()]
        root_to_move = node.state.turn == self.root.turn
        node.score = max(scores) if root_to_move else min(scores)
        return node.score

    def proof(self, node: _Node, winner: str, solved: list[Solution]) -> ProofNode:
        if node.ending is not None:
            return EndNode(end=node.ending)
        if node.task is not None:
            proof = solved[node.task].proof
            if proof is None:
                raise AssertionError("a task on a proven line has no proof")
            return proof.tree
        if SIDE_NAMES[node.state.turn] == winner:
            best = max if winner == SIDE_NAMES[self.root.turn] else min
            text, child = best(node.children.items(), key=lambda kv: kv[1].score or 0)
            return MoveNode(move=text, next=self.proof(child, winner, solved))
        replies = {text: self.proof(c, winner, solved) for text, c in node.children.items()}
        return RepliesNode(replies=replies)


def solve_on(
    executor: str, state: GameState, depth: int, *, with_proof: bool, budget: Budget
) -> Solution:
    """:func:`~adjudicator.orbit_dominion.solve.solve`, its search spread over a cluster.
    Each task has the whole budget (``--max-nodes``, ``--time``) on its worker; a task
    that spends it leaves the whole answer unfinished (nothing proved beyond depth 0),
    since the lines' answers only add up once every one of them is known."""
    from adjudicator.orbit_dominion.solve import solve

    started = time.perf_counter()
    with Cluster(executor) as cluster:
        split = _Split(state, depth)
        if split.depth <= 1:
            return solve(state, depth, with_proof=with_proof, budget=budget)
        split.frontier(cluster.workers())
        root_text = state.position.text()
        history = [p.text() for p in positions_before(state)]
        jobs = [
            (
                root_text,
                history,
                node.line,
                split.depth - len(node.line),
                with_proof,
                budget.max_nodes,
                budget.seconds,
            )
            for node in split.tasks
        ]
        solved = []
        for result in cluster.map_in_order(_solve_task, jobs):
            if isinstance(result, Exception):
                raise result
            solved.append(result)
    run = Deepening(
        nodes=sum(s.nodes for s in solved) + split.nodes - len(split.tasks),
        probes=sum(s.table_probes for s in solved),
        hits=sum(s.table_hits for s in solved),
    )
    if any(s.unfinished is not None for s in solved):
        run.unfinished = depth  # (nothing proved beyond depth 0)
    else:
        run.score = split.score(split.top, solved)

    def prove(verdict: Verdict, history: list[str]) -> Proof:
        assert verdict.winner in SIDE_NAMES and verdict.within is not None
        tree = split.proof(split.top, verdict.winner, solved)
        return Proof(
            position=root_text,
            history=history,
            winner=verdict.winner,
            within=verdict.within,
            tree=tree,
        )

    return conclude(state, depth, run, history, started, prove if with_proof else None)

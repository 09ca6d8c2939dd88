"""Forced wins within a number of actions: exact alpha-beta search with a transposition table.

The search plays the rules of :mod:`~adjudicator.orbit_dominion.rules` (the move generator,
the result of an action, what it decides at once) and the turn start of 第10条 01–03 on bare
integers, as :mod:`~adjudicator.orbit_dominion.perft` does. A score is seen from the side to
move and measured from the root: ``WIN - k`` when the side to move wins with the game
decided ``k`` actions after the root, ``-(WIN - k)`` when it loses so, ``0`` when nothing is
decided within the depth (or, at the move limit, a draw). Negamax over these scores makes
the winner take the shortest forced win and the loser the longest defence.

The threefold ban makes a position's value depend on its history, so the table's key holds,
besides the position and the depth left, the part of the history that the search below the
node could still consult: see :func:`relevant_history` and docs/orbit-dominion.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from adjudicator.orbit_dominion.actions import CAPTURE, Action
from adjudicator.orbit_dominion.board import SIDE_NAMES, TARGET_GATES
from adjudicator.orbit_dominion.budget import Budget, BudgetSpent
from adjudicator.orbit_dominion.position import FLAGS, MOVE_LIMIT, SHIPS, PositionKey
from adjudicator.orbit_dominion.proof import (
    Ending,
    EndNode,
    MoveNode,
    Proof,
    ProofNode,
    RepliesNode,
    Solution,
)
from adjudicator.orbit_dominion.reach import within_reach
from adjudicator.orbit_dominion.rules import (
    GATE_CONTROL,
    MOVE_LIMIT_REASON,
    NO_LEGAL_MOVES,
    generate,
    instant_reason,
    play,
    successor_key,
)
from adjudicator.orbit_dominion.solve_answer import (
    WIN,
    Verdict,
    answer,
    decided,
    positions_before,
    read_score,
)
from adjudicator.orbit_dominion.state import GameState

_INFINITY = WIN + 1
_EXACT, _LOWER, _UPPER = 0, 1, 2
_NONE: frozenset[tuple[PositionKey, int]] = frozenset()
_NEVER = 1 << 62
#: Bytes an entry of the alpha-beta table takes, about (its key and its value): the
#: memory budget (``--memory``) stops the search when the table would pass it.
TABLE_ENTRY_BYTES = 100


class Searcher:
    """One search from one root: the occurrence counts along the line, the table, counters.

    ``counts`` holds every position that has stood (the history, the root, the line being
    searched) with its occurrences, at most two (a third is banned). ``twice`` and ``once``
    are the positions that may enter a table key: all those that stood twice, and of those
    that stood once, the ones within reach of the root (see :meth:`relevant_history`)."""

    def __init__(self, state: GameState, depth: int, budget: Budget | None = None) -> None:
        root = state.position
        self.root_ply = root.ply
        #: Depth of the search: the table's keys and the reach of the history depend on it.
        self.depth = min(depth, MOVE_LIMIT - root.ply)
        self.counts: dict[PositionKey, int] = {
            key: min(n, 2) for key, n in state.occurrence_counts().items()
        }
        self.repeated = [0, 0]
        self.twice: set[PositionKey] = set()
        self.once: set[PositionKey] = set()
        for key, n in self.counts.items():
            if n == 2:
                self.repeated[key[4]] += 1
                if within_reach(root.key, key, self.depth + 1):
                    self.twice.add(key)
            elif within_reach(root.key, key, self.depth - 1):
                self.once.add(key)
        self.table: dict[
            tuple[PositionKey, int, bool, int, frozenset[tuple[PositionKey, int]]],
            tuple[int, int, Action | None],
        ] = {}
        self.nodes = self.probes = self.hits = 0
        self.budget = budget
        #: The node count at which the budget is looked at next (never, without one).
        self.next_check = 0 if budget is not None else _NEVER

    def spend(self) -> None:
        """Past the node count :attr:`next_check`: ask the budget (which raises
        :class:`BudgetSpent` when it is spent, or when the table has reached its memory)
        and when to ask it again."""
        if self.budget is not None:
            memory = self.budget.memory
            if memory is not None and len(self.table) * TABLE_ENTRY_BYTES >= memory:
                raise BudgetSpent
            self.next_check = self.budget.next_check(self.nodes)

    # --- the line's occurrences -------------------------------------------------------------

    def enter(self, key: PositionKey) -> bool:
        """Count one more occurrence of ``key``; the token :meth:`leave` needs to undo it."""
        counts = self.counts
        seen = counts.get(key, 0)
        if seen == 0:
            counts[key] = 1
            self.once.add(key)
            return True
        counts[key] = 2
        self.repeated[key[4]] += 1
        self.twice.add(key)
        was_candidate = key in self.once
        self.once.discard(key)
        return was_candidate

    def leave(self, key: PositionKey, token: bool) -> None:
        counts = self.counts
        if counts[key] == 1:
            del counts[key]
            self.once.discard(key)
            return
        counts[key] = 1
        self.repeated[key[4]] -= 1
        self.twice.discard(key)
        if token:
            self.once.add(key)

    def relevant_history(self, key: PositionKey, depth: int) -> frozenset[tuple[PositionKey, int]]:
        """The occurrences the search ``depth`` actions below ``key`` may consult.

        The ban is consulted for every action of a node with depth left, and for the legal
        actions of a node at the depth's end (第10条 03): for results up to ``depth + 1``
        actions away. A position that stood twice matters when within that reach; one that
        stood once only when the search can reach it and come back to it, two actions more,
        so within ``depth - 1``. Anything else cannot change the value."""
        out = []
        for other in self.twice:
            if within_reach(key, other, depth + 1):
                out.append((other, 2))
        if depth >= 2:
            for other in self.once:
                if within_reach(key, other, depth - 1):
                    out.append((other, 1))
        return frozenset(out)

    # --- the search -------------------------------------------------------------------------

    def legal(self, me: int, en: int, mf: int, ef: int, turn: int) -> list[Action]:
        """The legal actions: 第3条–第7条, then the threefold ban when it can apply."""
        actions = generate(me, en, ef)
        if self.repeated[1 - turn]:
            counts = self.counts
            actions = [
                a
                for a in actions
                if counts.get(successor_key(*play(me, en, mf, ef, a), turn), 0) < 2
            ]
        return actions

    def turn_start(
        self, me: int, en: int, mf: int, ef: int, turn: int, ply: int, claim: bool, act: bool
    ) -> tuple[int | None, str, list[Action]]:
        """What the turn start decides (第10条 01–03): the score and the reason, or ``None``
        and the legal actions when the game goes on. Without ``act`` (the depth's end) the
        legal actions are listed only when the threefold ban may have removed them all —
        otherwise a side always has one (the findings in docs/orbit-dominion.md)."""
        distance = ply - self.root_ply
        gates = TARGET_GATES[turn]
        if claim and me & gates == gates:
            return WIN - distance, GATE_CONTROL, []
        if ply >= MOVE_LIMIT:
            mine, theirs = me.bit_count(), en.bit_count()  # each side's flagship is there
            if mine == theirs:
                return 0, MOVE_LIMIT_REASON, []
            return (WIN - distance if mine > theirs else distance - WIN), MOVE_LIMIT_REASON, []
        if not act and not self.repeated[1 - turn]:
            return None, "", []
        actions = self.legal(me, en, mf, ef, turn)
        if not actions:
            return distance - WIN, NO_LEGAL_MOVES, []
        return None, "", actions

    def search(
        self,
        me: int,
        en: int,
        mf: int,
        ef: int,
        turn: int,
        ply: int,
        claim: bool,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The score of the node from the mover's side (fail-soft alpha-beta)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.spend()
        decided, _, actions = self.turn_start(me, en, mf, ef, turn, ply, claim, depth > 0)
        if decided is not None:
            return decided
        if depth == 0:
            return 0
        win_now = WIN - (ply + 1 - self.root_ply)
        children = []
        for a in actions:
            me2, en2, mf2, ef2 = play(me, en, mf, ef, a)
            if instant_reason(me, ef, me2, en2, ef2, a) is not None:
                return win_now
            children.append((a, me2, en2, mf2, ef2))
        their_gates = TARGET_GATES[1 - turn]
        next_claim = en & their_gates == their_gates
        if depth == 1 and ply + 1 < MOVE_LIMIT and not self.repeated[turn]:
            # The children stand at the depth's end with the move limit out of reach and
            # no result of the opponent's banned, so it has a legal action: only its
            # pending gate claim can decide one, and the mover picks a child without it.
            # (The children are generated, not entered: they are not counted as nodes.)
            if next_claim and all(c[2] & their_gates == their_gates for c in children):
                return -win_now
            return 0
        node_key = (me, en, mf, ef, turn) if turn == 0 else (en, me, ef, mf, turn)
        history = self.relevant_history(node_key, depth) if depth >= 2 or self.twice else _NONE
        table_key = (node_key, ply, claim, depth, history)
        self.probes += 1
        entry = self.table.get(table_key)
        best_action = None
        if entry is not None:
            flag, value, best_action = entry
            if (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            ):
                self.hits += 1
                return value
        children.sort(key=lambda c: (c[0] is not best_action, c[0].kind != CAPTURE))
        alpha0 = alpha
        best = -_INFINITY
        best_action = None
        for a, me2, en2, mf2, ef2 in children:
            key = successor_key(me2, en2, mf2, ef2, turn)
            token = self.enter(key)
            score = -self.search(
                en2, me2, ef2, mf2, 1 - turn, ply + 1, next_claim, depth - 1, -beta, -alpha
            )
            self.leave(key, token)
            if score > best:
                best, best_action = score, a
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.table[table_key] = (flag, best, best_action)
        return best

    def root(self, state: GameState) -> int:
        p = state.position
        t = p.turn
        return self.search(
            p[SHIPS + t],
            p[SHIPS + 1 - t],
            p[FLAGS + t],
            p[FLAGS + 1 - t],
            t,
            p.ply,
            p.claim,
            self.depth,
            -_INFINITY,
            _INFINITY,
        )

    def prove(
        self,
        me: int,
        en: int,
        mf: int,
        ef: int,
        turn: int,
        ply: int,
        claim: bool,
        winner: int,
        target: int,
    ) -> ProofNode:
        """The proof tree of a win for ``winner`` decided ``target`` actions after the root
        at the latest, from a node the search found so. A winner's action is kept when a
        null-window search (mostly answered by the table) confirms it keeps the target."""
        distance = ply - self.root_ply
        decided, reason, actions = self.turn_start(me, en, mf, ef, turn, ply, claim, True)
        if decided is not None:
            if not decided:
                raise AssertionError("a proven line ends in a draw")
            return EndNode(end=ending(turn if decided > 0 else 1 - turn, reason))
        depth = self.depth - distance
        threshold = WIN - target
        their_gates = TARGET_GATES[1 - turn]
        next_claim = en & their_gates == their_gates
        replies: dict[str, ProofNode] = {}
        for a in sorted(actions, key=str):
            me2, en2, mf2, ef2 = play(me, en, mf, ef, a)
            instant = instant_reason(me, ef, me2, en2, ef2, a)
            if instant is not None:
                if turn != winner:
                    raise AssertionError(f"the loser wins by {a} in a proven line")
                return MoveNode(move=a.text, next=EndNode(end=ending(winner, instant)))
            key = successor_key(me2, en2, mf2, ef2, turn)
            token = self.enter(key)
            child = (en2, me2, ef2, mf2, 1 - turn, ply + 1, next_claim)
            if turn == winner:
                score = self.search(*child, depth - 1, -threshold, -threshold + 1)
                if score <= -threshold:
                    node = self.prove(*child, winner, target)
                    self.leave(key, token)
                    return MoveNode(move=a.text, next=node)
            else:
                replies[a.text] = self.prove(*child, winner, target)
            self.leave(key, token)
        if turn == winner:
            raise AssertionError("no action keeps the proven win")
        return RepliesNode(replies=replies)


def ending(winner: int, reason: str) -> Ending:
    return Ending.model_validate({"winner": SIDE_NAMES[winner], "reason": reason})


def search_state(
    state: GameState, depth: int, budget: Budget | None = None
) -> tuple[Searcher, int]:
    """Search ``state`` (its position and its history) ``depth`` actions deep."""
    searcher = Searcher(state, depth, budget)
    return searcher, searcher.root(state)


@dataclass
class _Deepening:
    """Where iterative deepening stopped: the last searcher and its root score, the
    deepest depth finished, the depth the budget left unfinished, and the tallies."""

    searcher: Searcher | None = None
    score: int = 0
    finished: int = 0
    unfinished: int | None = None
    nodes: int = 0
    probes: int = 0
    hits: int = 0


def _deepen(state: GameState, target: int, budget: Budget | None) -> _Deepening:
    """Search one action deeper at a time up to ``target``, stopping at the first depth
    that finds a win or when the ``budget`` runs out."""
    run = _Deepening()
    for d in range(min(1, target), target + 1):
        if budget is not None:
            budget.depth = d
        run.searcher = searcher = Searcher(state, d, budget)
        try:
            run.score = searcher.root(state)
        except BudgetSpent:
            run.unfinished = d
        run.nodes += searcher.nodes
        run.probes += searcher.probes
        run.hits += searcher.hits
        if budget is not None:
            budget.spent = run.nodes
        if run.unfinished is not None:
            break
        run.finished = d
        if run.score != 0:
            break
    return run


def _proof(searcher: Searcher, state: GameState, verdict: Verdict, history: list[str]) -> Proof:
    """The proof of the win ``verdict`` found, searched again without a budget: the win is
    known, so proving it must not be cut short."""
    assert verdict.winner in SIDE_NAMES and verdict.within is not None
    searcher.budget, searcher.next_check = None, _NEVER
    p = state.position
    t = p.turn
    tree = searcher.prove(
        p[SHIPS + t],
        p[SHIPS + 1 - t],
        p[FLAGS + t],
        p[FLAGS + 1 - t],
        t,
        p.ply,
        p.claim,
        SIDE_NAMES.index(verdict.winner),
        verdict.within,
    )
    return Proof(
        position=p.text(),
        history=history,
        winner=verdict.winner,
        within=verdict.within,
        tree=tree,
    )


def solve(
    state: GameState,
    depth: int,
    *,
    with_proof: bool = True,
    budget: Budget | None = None,
) -> Solution:
    """Whether a side forces a win within ``depth`` actions from ``state`` (its position
    and its history), with the proof of a win; the exact value when the depth reaches the
    move limit; the result as it stands when the game is already decided.

    The search deepens one action at a time (iterative deepening) and stops at the first
    depth that finds a win: a win within ``k`` found at depth ``d`` is the answer of every
    deeper search too (a quicker win would have been found, and the loser has no escape).
    When the ``budget`` runs out, the answer is what the depths finished proved, and the
    depth left unfinished is named."""
    started = time.perf_counter()
    answered = decided(state, started)
    if answered is not None:
        return answered
    p = state.position
    to_limit = MOVE_LIMIT - p.ply
    history = [h.text() for h in positions_before(state)]
    run = _deepen(state, min(depth, to_limit), budget)
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
    assert run.searcher is not None
    verdict = read_score(run.score, p.turn, exhaustive=depth >= to_limit, to_limit=to_limit)
    proof = None
    if with_proof and verdict.winner in SIDE_NAMES and verdict.within is not None:
        proof = _proof(run.searcher, state, verdict, history)
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

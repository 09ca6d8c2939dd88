"""perft: the number of legal action sequences of a given length, as engine authors count it.

perft(p, 0) = 1; perft(p, N > 0) = 0 when the turn start at p decides the game; otherwise
the sum over p's legal actions a of 1 when N = 1, 0 when a ends the game, else
perft(p·a, N − 1). The threefold ban (第9条) sees the start position plus the line played.

The counter works on bare integers rather than :class:`Position` objects: the same move
generator and rules functions, without the allocations that would dominate its time.

Positions reached by different lines (transpositions) are counted once in the last two
actions of a line, where that cannot change the count: with no position standing twice so
far, none of the next two actions can be banned — a third occurrence needs a position
already seen twice, and the one position that can reach its second occurrence first (the
next one) cannot stand again an action later, with the other side to move. Above that,
each line is counted out.
"""

from __future__ import annotations

from adjudicator.orbit_dominion.actions import Action
from adjudicator.orbit_dominion.board import TARGET_GATES
from adjudicator.orbit_dominion.position import FLAGS, MOVE_LIMIT, SHIPS
from adjudicator.orbit_dominion.rules import generate, instant_reason, play, successor_key
from adjudicator.orbit_dominion.state import GameState

#: How many positions' counts are kept for transpositions before the table starts again:
#: a few hundred megabytes at most, for the deepest counts.
SHARED_POSITIONS = 1_000_000

#: The deepest count asked of the command line and the engine protocol.
MAX_PERFT_DEPTH = 8

#: How many nodes a count may reach unless asked otherwise: seconds of work. Depth 5
#: from the start is 6,686,882 nodes; depth 8 would run for a day and block an engine.
DEFAULT_MAX_NODES = 20_000_000


class NodeLimitExceeded(Exception):
    """The count passed its node budget; ``counted`` is how far it got."""

    def __init__(self, limit: int, counted: int) -> None:
        super().__init__(f"more than {limit:,} nodes")
        self.limit = limit
        self.counted = counted


class _Counter:
    """Depth-first perft with the history of occurrences as counts, within a budget of
    nodes (checked once per position before the last level, so it costs nothing
    measurable)."""

    def __init__(self, state: GameState, max_nodes: int, share: bool) -> None:
        self.counts = state.occurrence_counts()
        self.repeated = sum(1 for c in self.counts.values() if c >= 2)
        self.max_nodes = max_nodes
        self.left = max_nodes
        #: Counts of the last two actions by position, while none stands twice (see the
        #: module).
        self.shared: dict[tuple[int, ...], int] | None = {} if share else None

    def spend(self, nodes: int) -> None:
        self.left -= nodes
        if self.left < 0:
            raise NodeLimitExceeded(self.max_nodes, self.max_nodes - self.left)

    def count(
        self, me: int, en: int, mf: int, ef: int, turn: int, ply: int, claim: bool, depth: int
    ) -> int:
        """perft from the mover's side; ``claim`` is the mover's pending gate claim."""
        if depth > 2 or self.repeated or self.shared is None:
            return self.count_out(me, en, mf, ef, turn, ply, claim, depth)
        # Within one count, the depth left fixes the ply: the 120-action limit needs no key.
        key = (me, en, mf, ef, turn, claim, depth)
        nodes = self.shared.get(key)
        if nodes is None:
            if len(self.shared) >= SHARED_POSITIONS:
                self.shared.clear()
            nodes = self.shared[key] = self.count_out(me, en, mf, ef, turn, ply, claim, depth)
        else:
            self.spend(nodes)
        return nodes

    def count_out(
        self, me: int, en: int, mf: int, ef: int, turn: int, ply: int, claim: bool, depth: int
    ) -> int:
        """:meth:`count`, every line counted out."""
        gates = TARGET_GATES[turn]
        if (claim and me & gates == gates) or ply >= MOVE_LIMIT:
            return 0
        actions = generate(me, en, ef)
        counts = self.counts
        if self.repeated:
            legal = []
            for a in actions:
                me2, en2, mf2, ef2 = play(me, en, mf, ef, a)
                if counts.get(successor_key(me2, en2, mf2, ef2, turn), 0) < 2:
                    legal.append(a)
            actions = legal
        if depth == 1:
            self.spend(len(actions))
            return len(actions)
        their_gates = TARGET_GATES[1 - turn]
        next_claim = en & their_gates == their_gates
        total = 0
        for a in actions:
            me2, en2, mf2, ef2 = play(me, en, mf, ef, a)
            if instant_reason(me, ef, me2, en2, ef2, a) is not None:
                continue
            key = successor_key(me2, en2, mf2, ef2, turn)
            seen = counts.get(key, 0) + 1
            counts[key] = seen
            if seen == 2:
                self.repeated += 1
            total += self.count(en2, me2, ef2, mf2, 1 - turn, ply + 1, next_claim, depth - 1)
            if seen == 2:
                self.repeated -= 1
            if seen == 1:
                del counts[key]
            else:
                counts[key] = seen - 1
        return total

    def root(self, state: GameState, depth: int) -> int:
        p = state.position
        t = p.turn
        return self.count(
            p[SHIPS + t], p[SHIPS + 1 - t], p[FLAGS + t], p[FLAGS + 1 - t], t, p.ply, p.claim, depth
        )


def perft(
    state: GameState, depth: int, *, max_nodes: int = DEFAULT_MAX_NODES, share: bool = True
) -> int:
    """perft of ``state`` (its position and its history) at ``depth``; past ``max_nodes``
    nodes, :class:`NodeLimitExceeded`. ``share=False`` counts every line out, transposed
    positions too: the same number, found the long way, to check the short one."""
    if depth <= 0:
        return 1
    if state.outcome() is not None:
        return 0
    return _Counter(state, max_nodes, share).root(state, depth)


def divide(
    state: GameState, depth: int, *, max_nodes: int = DEFAULT_MAX_NODES
) -> list[tuple[Action, int]]:
    """perft under each legal first action, in canonical notation order; the budget of
    ``max_nodes`` is shared by all of them."""
    if depth <= 0 or state.outcome() is not None:
        return []
    out = []
    counted = 0
    for action in sorted(state.legal_actions(), key=str):
        if depth == 1:
            out.append((action, 1))
            continue
        child = state.copy()
        child.push(action)
        try:
            nodes = (
                0
                if child.outcome() is not None
                else perft(child, depth - 1, max_nodes=max_nodes - counted)
            )
        except NodeLimitExceeded as exc:
            raise NodeLimitExceeded(max_nodes, counted + exc.counted) from None
        counted += nodes
        out.append((action, nodes))
    return out

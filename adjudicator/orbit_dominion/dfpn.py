"""Forced wins within a number of actions by depth-first proof-number search (df-pn).

One search asks one question: does the ``attacker`` force a win decided at most ``depth``
actions after the root? Its nodes are OR nodes (the attacker to move: one action must
win) and AND nodes (the defender to move: every action must lose). Each node has a proof
number (how many leaves must still be proved to prove it, at the least) and a disproof
number (likewise to disprove it); the search always goes down the most proving child,
within thresholds that send it back up as soon as a sibling looks better (Nagai's df-pn),
the child's threshold raised by a factor ``1 + ε`` so that two siblings of equal numbers
do not take turns one node at a time (Pawlewicz and Lew's 1+ε trick).

The threefold ban makes a position's value depend on its history (the graph-history
interaction). The remedy is the alpha-beta search's, whose argument it shares
(:meth:`~adjudicator.orbit_dominion.solve.Searcher.relevant_history`): the table's key
holds, besides the position and the actions left, every occurrence of the history and of
the line that the search below the node could still consult, so two nodes with one key
have one value, whatever their paths. The actions left are in the key too, and they fall
by one with every action: the graph the search walks has no cycle, so a proof or a
disproof never rests on itself. The 120-action limit is part of the key the same way:
when it is within reach, the ply (``MOVE_LIMIT`` minus the actions left to it) is.

The table is bounded (:class:`Table`): past its number of entries, the half that cost the
least work to compute is dropped. A dropped entry is computed again when needed; no
answer depends on what the table kept.

A proof found is extracted by walking the proved nodes again (searching again a child the
table dropped) into the ``orbit-dominion-proof/1`` tree that ``verify-proof`` checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from adjudicator.orbit_dominion.actions import Action
from adjudicator.orbit_dominion.board import TARGET_GATES
from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.position import FLAGS, MOVE_LIMIT, SHIPS, PositionKey
from adjudicator.orbit_dominion.proof import EndNode, MoveNode, ProofNode, RepliesNode
from adjudicator.orbit_dominion.reach import within_reach
from adjudicator.orbit_dominion.rules import instant_reason, play, successor_key
from adjudicator.orbit_dominion.solve import Searcher, ending
from adjudicator.orbit_dominion.state import GameState

#: A proof or disproof number that stands for "infinite": the node is decided.
INFINITE = 1 << 40
#: The largest number a node that is not decided may have (sums are capped there).
_CAP = INFINITE - 1
#: The 1+ε trick's ε, as a fraction: a child's threshold is its best sibling's number
#: times 1 + 1/4 (a quarter more work before the search turns to the sibling).
_EPSILON_NUM, _EPSILON_DEN = 1, 4

#: Positions searched between two looks at the budget (the clock, the progress line).
CHECK_EVERY = 64
#: Expansions the table keeps at most (:meth:`Table.remember`), and the bytes one takes,
#: measured (its children and their keys; benchmarks/README.md): some 50 MB.
EXPANSIONS = 4096
EXPANSION_BYTES = 12_000
#: A position of the history or the line, and how often it has stood (1 or 2).
Occurrence = tuple[PositionKey, int]
#: A node's key in the table: the attacker, the 第9条 key, the claim, the actions left, the
#: ply when the 120-action limit is within them (else -1), the occurrences the search
#: below may consult.
TableKey = tuple[int, PositionKey, bool, int, int, frozenset["Occurrence"]]
#: A node: the mover's and the enemy's ships and flagships, the side to move, the ply and
#: the pending gate claim (as :meth:`Searcher.search` takes them).
Node = tuple[int, int, int, int, int, int, bool]


class Table:
    """The transposition table, bounded by entries: ``[pn, dn, work]`` by :data:`TableKey`,
    ``work`` the positions searched to compute it. When it is full, the cheapest half is
    dropped (the entries that cost the least to compute again)."""

    def __init__(self, max_entries: int, max_expansions: int = EXPANSIONS) -> None:
        self.max_entries = max(max_entries, 2)
        self.max_expansions = max_expansions
        self.entries: dict[TableKey, tuple[int, int, int]] = {}
        self.dropped = 0
        #: The children of the nodes expanded last (the search comes back to a node many
        #: times, and its children's keys cost more than a visit): at most
        #: :data:`EXPANSIONS`, the oldest dropped first.
        self.children: dict[TableKey, tuple[int, int] | list[_Child]] = {}

    def remember(
        self, key: TableKey, expanded: tuple[int, int] | list[_Child]
    ) -> tuple[int, int] | list[_Child]:
        """Keep a node's expansion, dropping the oldest past :attr:`max_expansions`."""
        children = self.children
        if len(children) >= self.max_expansions:
            if not children:
                return expanded
            del children[next(iter(children))]
        children[key] = expanded
        return expanded

    def get(self, key: TableKey) -> tuple[int, int, int] | None:
        return self.entries.get(key)

    def put(self, key: TableKey, pn: int, dn: int, work: int) -> None:
        entries = self.entries
        if len(entries) >= self.max_entries and key not in entries:
            self._shrink()
        entries[key] = (pn, dn, work)

    def _shrink(self) -> None:
        """Drop the half of the entries that cost the least work (with the entries of
        the median's work: at least half)."""
        entries = self.entries
        works = sorted(e[2] for e in entries.values())
        cut = works[len(works) // 2]
        keep = {k: e for k, e in entries.items() if e[2] > cut}
        self.dropped += len(entries) - len(keep)
        self.entries = keep


class UnprovenWin(AssertionError):
    """The search proved a win that its proof tree does not show: a bug, never reported."""


@dataclass
class _Child:
    """A child of the node being expanded: its action, its node, its 第9条 key, its
    parent's table key, and its own table key once the search has needed it
    (:meth:`Prover.table_key`): most children are never searched, and their keys are
    most of the cost of an expansion."""

    action: Action
    node: Node
    key: PositionKey
    parent: TableKey
    table_key: TableKey | None = None


def _threshold(second: int, limit: int) -> int:
    """The best child's threshold: a little over the second best's number (1+ε), never
    over the parent's."""
    raised = max(second + 1, second + second * _EPSILON_NUM // _EPSILON_DEN)
    return min(limit, raised)


class Prover(Searcher):
    """One df-pn search: whether ``attacker`` forces a win within ``depth`` actions of the
    root ``state`` (its history counted), with a table shared by successive searches."""

    def __init__(
        self,
        state: GameState,
        depth: int,
        attacker: int,
        table: Table,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(state, depth, budget)
        self.attacker = attacker
        self.pns = table

    def spend(self) -> None:
        """Ask the budget, and again within :data:`CHECK_EVERY` positions: a df-pn node
        expands every child, so it costs many of the alpha-beta's."""
        super().spend()
        self.next_check = min(self.next_check, self.nodes + CHECK_EVERY)

    # --- keys and leaves --------------------------------------------------------------------

    def key_of(self, node: Node, depth: int) -> TableKey:
        """The table key of the root ``node`` with ``depth`` actions left: the history
        that the search below may consult, as the alpha-beta search keys it."""
        node_key = _position_key(node)
        left = _left(node, depth)
        history = self.relevant_history(node_key, left) if left >= 2 or self.twice else _NONE
        return self._key(node, node_key, left, history)

    def _key(
        self, node: Node, node_key: PositionKey, left: int, history: frozenset[Occurrence]
    ) -> TableKey:
        limit_ply = node[5] if left == MOVE_LIMIT - node[5] else -1
        return (self.attacker, node_key, node[6], left, limit_ply, history)

    def child_key(self, parent: TableKey, child: Node, key: PositionKey) -> TableKey:
        """The table key of ``child`` (entered on the line), from its parent's: what the
        search below the child may consult is among what the search below the parent may
        (a position the child reaches in k actions, the parent reaches in k + 1), or is
        the parent or the child itself, whose counts the line has just changed. So only
        those few are tested for reach (:meth:`Searcher.relevant_history`'s bounds), not
        every position of the history and the line."""
        left = parent[3] - 1
        if left < 2 and not self.twice:
            return self._key(child, key, left, _NONE)
        counts = self.counts
        candidates = {other: n for other, n in parent[5]}
        parent_key = parent[1]
        candidates[parent_key] = counts[parent_key]
        candidates[key] = counts[key]
        history = frozenset(
            (other, n)
            for other, n in candidates.items()
            if within_reach(key, other, left + 1 if n == 2 else left - 1) and (n == 2 or left >= 2)
        )
        return self._key(child, key, left, history)

    def leaf(self, node: Node, depth: int) -> tuple[int, int] | None:
        """The numbers of a node decided at its turn start, or with no actions left; else
        ``None``. A draw (at the move limit) is no win: disproved."""
        me, en, mf, ef, turn, ply, claim = node
        decided, _, _ = self.turn_start(me, en, mf, ef, turn, ply, claim, False)
        if decided is not None:
            return self._won(decided, turn)
        if depth == 0:  # (the turn start found a banned-out mover's loss, 第10条 03)
            return INFINITE, 0
        return None

    def _won(self, score: int, turn: int) -> tuple[int, int]:
        """Proved when the score (from the mover's side) is the attacker's win."""
        if (score > 0) == (turn == self.attacker) and score != 0:
            return 0, INFINITE
        return INFINITE, 0

    def expand(self, node: Node, depth: int, parent: TableKey) -> tuple[int, int] | list[_Child]:
        """The node's children (keyed from the node's key ``parent``), or its numbers when
        an action decides it at once (a winning action of the mover) or the ban leaves no
        legal action."""
        me, en, mf, ef, turn, ply, _ = node
        actions = self.legal(me, en, mf, ef, turn)
        if not actions:
            return self._won(-1, turn)
        their_gates = TARGET_GATES[1 - turn]
        next_claim = en & their_gates == their_gates
        children: list[_Child] = []
        for a in actions:
            me2, en2, mf2, ef2 = play(me, en, mf, ef, a)
            if instant_reason(me, ef, me2, en2, ef2, a) is not None:
                return self._won(1, turn)
            child = (en2, me2, ef2, mf2, 1 - turn, ply + 1, next_claim)
            key = successor_key(me2, en2, mf2, ef2, turn)
            children.append(_Child(a, child, key, parent))
        return children

    # --- the search -------------------------------------------------------------------------

    def numbers(self, child: _Child, depth: int) -> tuple[int, int]:
        """A child's numbers: the table's, or (1, 1) for one never searched; a child at
        the depth's end is judged at once (it costs a turn start, no more)."""
        if depth == 0:
            with self.entered(child.key):
                found = self.leaf(child.node, 0)
            assert found is not None
            return found
        if child.table_key is None:
            return 1, 1
        self.probes += 1
        entry = self.pns.get(child.table_key)
        if entry is None:
            return 1, 1
        self.hits += 1
        return entry[0], entry[1]

    def table_key(self, child: _Child) -> TableKey:
        """The child's table key, computed the first time (the child entered on the line:
        its key counts its own occurrence)."""
        if child.table_key is None:
            child.table_key = self.child_key(child.parent, child.node, child.key)
        return child.table_key

    @contextmanager
    def entered(self, key: PositionKey) -> Iterator[None]:
        token = self.enter(key)
        try:
            yield
        finally:
            self.leave(key, token)

    def mid(self, node: Node, depth: int, key: TableKey, thpn: int, thdn: int) -> tuple[int, int]:
        """Search ``node`` until its proof number reaches ``thpn`` or its disproof number
        ``thdn`` (or it is decided); store and return its numbers."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.spend()
        start = self.nodes
        entry = self.pns.get(key)
        if entry is not None and (entry[0] >= thpn or entry[1] >= thdn):
            return entry[0], entry[1]
        found = self.leaf(node, depth)
        if found is not None:
            self.pns.put(key, *found, 1)
            return found
        expanded = self.pns.children.get(key)
        if expanded is None:
            expanded = self.pns.remember(key, self.expand(node, depth, key))
        if isinstance(expanded, tuple):
            self.pns.put(key, *expanded, 1)
            return expanded
        children = expanded
        if depth == 1 and node[5] + 1 < MOVE_LIMIT and not self.repeated[node[4]]:
            last = self._last_action(children, node[4])
            self.pns.put(key, *last, 1)
            return last
        is_or = node[4] == self.attacker
        below = depth - 1
        while True:
            pn, dn, best, second, other = self._combine(children, below, is_or)
            if pn >= thpn or dn >= thdn:
                break
            chosen = children[best]
            if is_or:
                child_pn, child_dn = _threshold(second, thpn), min(thdn - dn + other, _CAP)
            else:
                child_pn, child_dn = min(thpn - pn + other, _CAP), _threshold(second, thdn)
            with self.entered(chosen.key):
                self.mid(chosen.node, below, self.table_key(chosen), child_pn, child_dn)
        self.pns.put(key, pn, dn, self.nodes - start + 1)
        return pn, dn

    def _last_action(self, children: list[_Child], turn: int) -> tuple[int, int]:
        """A node one action from the depth's end, no action of which decides at once:
        its children stand at the depth's end with the move limit out of reach and no
        result of the opponent's banned, so the opponent has a legal action there and only
        its pending gate claim can decide one (as the alpha-beta search's shortcut): the
        mover loses when every child keeps that claim; otherwise nothing is decided."""
        their_gates = TARGET_GATES[1 - turn]
        claimed = all(c.node[6] and c.node[0] & their_gates == their_gates for c in children)
        return self._won(-1 if claimed else 0, turn)

    def _combine(
        self, children: list[_Child], depth: int, is_or: bool
    ) -> tuple[int, int, int, int, int]:
        """The node's numbers from its children's, the child to search, the second best
        number (its threshold's base) and the best child's other number (the sum's share).
        From the attacker's node: the least proof number, the sum of the disproof numbers;
        from the defender's, the reverse."""
        least = second = INFINITE
        total = 0
        best = 0
        best_other = 0
        for i, child in enumerate(children):
            pn, dn = self.numbers(child, depth)
            mine, other = (pn, dn) if is_or else (dn, pn)
            total = min(total + other, _CAP)
            if mine < least:
                least, second, best, best_other = mine, least, i, other
            elif mine < second:
                second = mine
        if least == 0:  # decided for the side whose number it is: the other is infinite
            total = INFINITE
        if is_or:
            return least, total, best, second, best_other
        return total, least, best, second, best_other

    def run(self, state: GameState) -> tuple[int, int]:
        """Search the root until it is proved or disproved (or the budget stops it)."""
        node = _root_node(state)
        key = self.key_of(node, self.depth)
        return self.mid(node, self.depth, key, INFINITE, INFINITE)

    # --- the proof --------------------------------------------------------------------------

    def proved(self, child: _Child, depth: int, *, search: bool) -> bool | None:
        """Whether the attacker wins from ``child`` (entered on the line): the table's word
        if it has it; else, with ``search``, found again (an entry dropped, or a node
        decided at once); else ``None``."""
        if depth == 0:
            return self.numbers(child, 0)[0] == 0
        with self.entered(child.key):
            key = self.table_key(child)
            entry = self.pns.get(key)
            if entry is not None and (entry[0] == 0 or entry[1] == 0):
                return entry[0] == 0
            if not search:
                return None
            pn, _ = self.mid(child.node, depth, key, INFINITE, INFINITE)
        return pn == 0

    def tree(self, node: Node, depth: int, key: TableKey) -> tuple[ProofNode, int]:
        """The proof tree of a proved ``node`` (table key ``key``) and the actions its
        longest line takes."""
        me, en, mf, ef, turn, ply, claim = node
        decided, reason, _ = self.turn_start(me, en, mf, ef, turn, ply, claim, True)
        if decided is not None:
            winner = turn if decided > 0 else 1 - turn
            if winner != self.attacker:
                raise UnprovenWin(f"a proved line ends in {reason} for the defender")
            return EndNode(end=ending(winner, reason)), 0
        if depth == 0:
            raise UnprovenWin("a proved line is not decided within the depth")
        expanded = self.expand(node, depth, key)
        if isinstance(expanded, tuple):  # an action decides at once: the mover's win
            return self._winning_action(node)
        children = sorted(expanded, key=lambda c: c.action.text)
        if turn == self.attacker:
            return self._move(children, depth - 1)
        replies: dict[str, ProofNode] = {}
        longest = 0
        for child in children:
            if not self.proved(child, depth - 1, search=True):
                raise UnprovenWin(f"the defender escapes by {child.action} in a proved line")
            with self.entered(child.key):
                below, length = self.tree(child.node, depth - 1, self.table_key(child))
            replies[child.action.text] = below
            longest = max(longest, length + 1)
        return RepliesNode(replies=replies), longest

    def _move(self, children: list[_Child], depth: int) -> tuple[ProofNode, int]:
        """The attacker's action of a proof: a child the table holds proved, else the
        first found proved by searching again."""
        chosen = next((c for c in children if self.proved(c, depth, search=False)), None)
        if chosen is None:
            chosen = next((c for c in children if self.proved(c, depth, search=True)), None)
        if chosen is None:
            raise UnprovenWin("no action keeps the proved win")
        with self.entered(chosen.key):
            below, length = self.tree(chosen.node, depth, self.table_key(chosen))
        return MoveNode(move=chosen.action.text, next=below), length + 1

    def _winning_action(self, node: Node) -> tuple[ProofNode, int]:
        """The first action (by notation) that decides the game at once for the mover,
        who must be the attacker."""
        me, en, mf, ef, turn, _, _ = node
        if turn != self.attacker:
            raise UnprovenWin("the defender wins at once in a proved line")
        for a in sorted(self.legal(me, en, mf, ef, turn), key=str):
            me2, en2, _, ef2 = play(me, en, mf, ef, a)
            instant = instant_reason(me, ef, me2, en2, ef2, a)
            if instant is not None:
                return MoveNode(move=a.text, next=EndNode(end=ending(turn, instant))), 1
        raise UnprovenWin("a proved node has no legal action")

    def proof_tree(self, state: GameState) -> tuple[ProofNode, int]:
        """The proof of the root's win, searched again without a budget where needed."""
        self.budget, self.next_check = None, 1 << 62
        node = _root_node(state)
        return self.tree(node, self.depth, self.key_of(node, self.depth))


_NONE: frozenset[Occurrence] = frozenset()


def _position_key(node: Node) -> PositionKey:
    """The 第9条 key of a node (ships and flagships by colour, the side to move)."""
    me, en, mf, ef, turn, _, _ = node
    return (me, en, mf, ef, turn) if turn == 0 else (en, me, ef, mf, turn)


def _left(node: Node, depth: int) -> int:
    """The actions that matter below a node: ``depth``, or fewer when the limit is near."""
    return min(depth, MOVE_LIMIT - node[5])


def _root_node(state: GameState) -> Node:
    p = state.position
    t = p.turn
    return (p[SHIPS + t], p[SHIPS + 1 - t], p[FLAGS + t], p[FLAGS + 1 - t], t, p.ply, p.claim)

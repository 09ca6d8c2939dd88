"""Movement (8.0–8.3) as pure functions over a board definition's map.

A counter moves up to its movement allowance in steps between neighbouring sectors (8.0);
allowance 0 never moves (8.1); enemy counters never block (8.2), so who stands where plays
no part here. 8.3 lets a nebula sector be entered "only from a neighbouring sector", and
that sentence has two readings (interpretation ``nebula-entry`` in ``rules.yaml``):

``"one-step"`` (the default)
    A move that enters a nebula sector must *begin* next to it, so it is that single step.
    Moves that enter no nebula sector — including those that start inside the nebula and
    leave it, which 8.3 calls normal — are plain paths of up to the allowance.
``"each-step"``
    Every step is between neighbours anyway, so any path of up to the allowance is a move,
    through the nebula or not.

Only ``board.by_id`` (each sector's ``nebula`` flag and ``neighbours``) is read, and the map
is fourteen sectors, so breadth-first search is cheap enough to run for every move judged.
Sector ids must be the board's ids (see :meth:`BoardDefinition.sector_id`), allowances the
board's (0 or more) and the reading one of :data:`NebulaReading`'s: the record's models and
the replay check what a record says before it is judged here, and nothing checks it again.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Literal

from adjudicator.dark_nebula.board import BoardDefinition

NebulaReading = Literal["one-step", "each-step"]

Judgement = tuple[str, dict[str, Any]] | None


def distances(board: BoardDefinition, start: str, *, limit: int | None = None) -> dict[str, int]:
    """Steps from ``start`` to every sector within ``limit`` steps (all of them when
    ``limit`` is ``None``), nebula or not: the distance of 8.0 with 8.3 set aside."""
    return _bfs(board, start, limit, into_nebula=True)


def reachable(
    board: BoardDefinition, start: str, allowance: int, *, nebula: NebulaReading = "one-step"
) -> frozenset[str]:
    """The sectors a counter standing on ``start`` with movement ``allowance`` may end its
    move on, ``start`` included: a counter appearing from the base (7.5) may appear in the
    base's own sector, having moved no step (8.0 "up to"). A movement never writes a
    counter staying (the notation refuses it), so there ``start`` is never asked for.

    Allowance 0 reaches ``start`` only (8.1). Enemy counters never block (8.2), so the
    search ignores occupancy. ``nebula`` picks the reading of 8.3 (see the module doc).
    """
    memo = _memo(board)
    key = (start, allowance, nebula)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _reachable(board, start, allowance, nebula)
    return found


def _reachable(
    board: BoardDefinition, start: str, allowance: int, nebula: NebulaReading
) -> frozenset[str]:
    if allowance == 0:
        return frozenset({start})
    if nebula == "each-step":
        return frozenset(_bfs(board, start, allowance, into_nebula=True))
    # "one-step": paths that never step into the nebula (starting inside it is leaving it,
    # which 8.3 calls normal), plus the single steps into a neighbouring nebula sector.
    plain = _bfs(board, start, allowance, into_nebula=False)
    entries = {n for n in board.by_id[start].neighbours if board.by_id[n].nebula}
    return frozenset(plain) | entries


def _memo(board: BoardDefinition) -> dict[tuple[str, int, str], frozenset[str]]:
    """The answers of :func:`reachable` kept with ``board``, as its cached properties are:
    a definition's map never changes, and a replay asks the same questions move after
    move."""
    memo: dict[tuple[str, int, str], frozenset[str]] = vars(board).setdefault("_reachable", {})
    return memo


def move_problem(
    board: BoardDefinition,
    src: str,
    dst: str,
    allowance: int,
    *,
    nebula: NebulaReading = "one-step",
) -> Judgement:
    """Why a counter with movement ``allowance`` may not move from ``src`` to ``dst``, as a
    violation code and its message arguments; ``None`` when it may. ``dst`` may be ``src``
    only for an appearance in the base's own sector (7.5), which is allowed: a movement
    writing a counter staying is refused by the notation first (8.0).

    - ``immobile`` (8.1): allowance 0 and ``dst`` is another sector. The catalogue's message
      names the counter, which the caller knows and adds as ``counter``.
    - ``nebula_entry`` (8.3): the allowance would take a path there, but the reading of 8.3
      in force forbids it (only ever under ``"one-step"``); ``nebula`` names the nebula
      sector the move would enter, which need not be ``dst`` (a move out of the nebula
      through another of its sectors).
    - ``too_far`` (8.0): no path of at most ``allowance`` steps; ``distance`` is the
      shortest path's length, ``None`` when no path joins the two sectors.

    Every args dict carries ``src``, ``dst``, ``allowance`` and ``distance``; ``nebula_entry``
    also names the ``reading``.
    """
    known = _memo(board).get((src, allowance, nebula))
    if known is not None and dst in known:
        return None  # asked before from here
    if dst == src:
        return None
    args: dict[str, Any] = {"src": src, "dst": dst, "allowance": allowance}
    if allowance == 0:
        return "immobile", {**args, "distance": distances(board, src).get(dst)}
    if dst in reachable(board, src, allowance, nebula=nebula):
        return None
    distance = distances(board, src).get(dst)
    if distance is not None and distance <= allowance:
        # A path of at most `allowance` steps exists, so only 8.3's reading rules it out.
        entered = _nebula_entered(board, src, dst)
        return "nebula_entry", {**args, "distance": distance, "reading": nebula, "nebula": entered}
    return "too_far", {**args, "distance": distance}


# --- helpers ------------------------------------------------------------------------------


def _bfs(
    board: BoardDefinition, start: str, limit: int | None, *, into_nebula: bool
) -> dict[str, int]:
    """Breadth-first distances from ``start``; with ``into_nebula`` false no step may enter a
    nebula sector (``start`` itself may be one)."""
    by_id = board.by_id
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        d = seen[here]
        if limit is not None and d >= limit:
            continue
        for n in by_id[here].neighbours:
            if n not in seen and (into_nebula or not by_id[n].nebula):
                seen[n] = d + 1
                queue.append(n)
    return seen


def _nebula_entered(board: BoardDefinition, src: str, dst: str) -> str:
    """The first nebula sector a shortest path from ``src`` to ``dst`` enters (``src``
    itself left out: starting in the nebula is leaving it). Asked only when every path
    within the allowance enters one, so there is one."""
    by_id = board.by_id
    came_from: dict[str, str | None] = {src: None}
    queue = deque([src])
    while queue and dst not in came_from:
        here = queue.popleft()
        for n in by_id[here].neighbours:
            if n not in came_from:
                came_from[n] = here
                queue.append(n)
    path = [dst]
    while (step := came_from[path[-1]]) is not None:
        path.append(step)
    return next(s for s in reversed(path[:-1]) if by_id[s].nebula)

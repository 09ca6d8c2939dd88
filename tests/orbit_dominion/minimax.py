"""Plain minimax, without a table or pruning, as the reference for the solver; and seeded
random positions with histories in which the threefold ban (第9条) bites.

The reference walks :class:`Position` objects through :func:`rules.after` and
:func:`rules.turn_start`, the functions :class:`GameState` itself plays by, with the
occurrence counts of the whole line; it shares nothing with the solver's search but the
move generator.

Standalone, a longer cross-check than CI runs::

    python -m tests.orbit_dominion.minimax --positions 20000 --max-depth 4 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from adjudicator.orbit_dominion import STANDARD, GameState, Position
from adjudicator.orbit_dominion.actions import CAPTURE, ROTATE, SWAP, Action
from adjudicator.orbit_dominion.board import BLUE, ORBITS, RED, SECTOR_NAMES, TARGET_GATES
from adjudicator.orbit_dominion.position import FLAGS, MOVE_LIMIT, SHIPS
from adjudicator.orbit_dominion.rules import after, generate, turn_start
from adjudicator.orbit_dominion.solve import search_state
from adjudicator.orbit_dominion.solve_answer import WIN, read_score


def legal(position: Position, counts: dict) -> list[tuple[Position, str | None]]:
    """Each legal action's result and what it decides at once."""
    t = position.turn
    out = []
    for a in generate(position[SHIPS + t], position[SHIPS + 1 - t], position[FLAGS + 1 - t]):
        child, reason = after(position, a)
        if counts.get(child.key, 0) < 2:
            out.append((child, reason))
    return out


def minimax(position: Position, counts: dict, root_ply: int, depth: int) -> int:
    """The exact score (solve.py's scale) of ``position`` searched ``depth`` actions."""
    children = legal(position, counts)
    decision = turn_start(position, bool(children))
    distance = position.ply - root_ply
    if decision is not None:
        winner, _ = decision
        if winner is None:
            return 0
        return WIN - distance if winner == position.turn else distance - WIN
    if depth == 0:
        return 0
    best = -WIN - 1
    for child, reason in children:
        if reason is not None:
            score = WIN - (child.ply - root_ply)
        else:
            counts[child.key] = counts.get(child.key, 0) + 1
            score = -minimax(child, counts, root_ply, depth - 1)
            counts[child.key] -= 1
        best = max(best, score)
    return best


def reference(state: GameState, depth: int) -> tuple[str, str | None, int | None]:
    p = state.position
    depth = min(depth, MOVE_LIMIT - p.ply)
    score = minimax(p, dict(state.occurrence_counts()), p.ply, depth)
    exhaustive = p.ply + depth >= MOVE_LIMIT
    v = read_score(score, p.turn, exhaustive=exhaustive, to_limit=MOVE_LIMIT - p.ply)
    return v.result, v.winner, v.within


def solver(state: GameState, depth: int) -> tuple[str, str | None, int | None]:
    searcher, score = search_state(state, depth)
    p = state.position
    exhaustive = p.ply + searcher.depth >= MOVE_LIMIT
    v = read_score(score, p.turn, exhaustive=exhaustive, to_limit=MOVE_LIMIT - p.ply)
    return v.result, v.winner, v.within


def _random_start(rng: random.Random) -> Position:
    """A sparse position: both flagships and one to three normal ships a side, anywhere;
    sometimes close to the move limit or with a gate claim pending."""
    while True:
        sectors = rng.sample(range(36), 2 + rng.randint(1, 3) + rng.randint(1, 3))
        red_n = rng.randint(1, len(sectors) - 3)
        red = sectors[:1] + sectors[2 : 2 + red_n]
        blue = sectors[1:2] + sectors[2 + red_n :]
        turn = rng.choice((RED, BLUE))
        ply = rng.choice((0, 30, 110, 114, 116, 117, 118, 119))
        ships = [sum(1 << s for s in red), sum(1 << s for s in blue)]
        claim = ships[turn] & TARGET_GATES[turn] == TARGET_GATES[turn] and rng.random() < 0.5
        position = Position(ships[0], ships[1], red[0], blue[0], turn, ply, claim)
        state = GameState(position)
        if state.outcome() is None:
            return position


def undoing(action: Action) -> Action:
    """The action that puts back what ``action`` moved (a capture cannot be undone)."""
    a, b = SECTOR_NAMES[action.src], SECTOR_NAMES[action.dst]
    if action.kind == ROTATE:
        return Action.parse(f"{ORBITS[action.src]}{'-' if action.dst > 0 else '+'}")
    return Action.parse(f"{b}<>{a}" if action.kind == SWAP else f"{b}-{a}")


def random_state(rng: random.Random, *, standard: float = 0.3) -> GameState:
    """A game from the standard start (with probability ``standard``) or a sparse one,
    played on by random legal actions, often one that undoes the mover's previous action
    or a rotation: positions come back and the threefold ban bites."""
    state = GameState(STANDARD if rng.random() < standard else _random_start(rng))
    for _ in range(rng.randint(0, 40)):
        actions = state.legal_actions()
        if not actions or state.position.ply >= MOVE_LIMIT - 1:
            break
        back = undoing(state.actions[-2]) if len(state.actions) >= 2 else None
        if back in actions and state.actions[-2].kind != CAPTURE and rng.random() < 0.6:
            pool = [back]
        else:
            rotations = [a for a in actions if a.kind == ROTATE]
            pool = rotations if rotations and rng.random() < 0.5 else actions
        action = rng.choice(pool)
        child = state.copy()
        child.push(action)
        if child.outcome() is not None:
            break
        state.push(action)
    return state


def cross_check(
    count: int, max_depth: int, seed: int, *, standard: float = 0.3
) -> tuple[dict[tuple, int], list[str]]:
    """Compare the solver with the reference on ``count`` random positions at depths 1 to
    ``max_depth`` (at most 2 from the standard start's crowded board); how often each
    answer came, and a line for each disagreement."""
    rng = random.Random(seed)
    answers: dict[tuple, int] = {}
    problems = []
    for i in range(count):
        state = random_state(rng, standard=standard)
        crowded = state.position.red.bit_count() + state.position.blue.bit_count() > 8
        depth = rng.randint(1, min(max_depth, 2) if crowded else max_depth)
        expected, got = reference(state, depth), solver(state, depth)
        answers[expected[:2]] = answers.get(expected[:2], 0) + 1
        if expected != got:
            history = [h.text() for h in state.history]
            problems.append(
                f"#{i} {state.start.text()} moves {' '.join(map(str, state.actions))} "
                f"{history} depth {depth}: minimax {expected}, solver {got}"
            )
    return answers, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--max-depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--standard", type=float, default=0.3, help="Share from the start.")
    args = parser.parse_args()
    started = time.perf_counter()
    answers, problems = cross_check(
        args.positions, args.max_depth, args.seed, standard=args.standard
    )
    for line in problems:
        print(line)
    seconds = time.perf_counter() - started
    print(", ".join(f"{r} {w}: {n}" for (r, w), n in sorted(answers.items(), key=str)))
    print(
        f"{args.positions} positions, depths 1-{args.max_depth}, seed {args.seed}: "
        f"{len(problems)} disagreements ({seconds:.1f} s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

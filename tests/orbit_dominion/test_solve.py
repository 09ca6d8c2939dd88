"""The solver: forced wins within N actions under every rule of 4.2, checked against plain
minimax without a table (tests/orbit_dominion/minimax.py), and the table key's reach
argument for the threefold ban (第9条, interpretation 10)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion import Action, GameState, Position
from adjudicator.orbit_dominion.reach import within_reach
from tests.orbit_dominion.minimax import cross_check, random_state, reference, solver
from tests.orbit_dominion.support import pos

RECORDS = Path(__file__).parents[2] / "records" / "orbit-dominion"


def record_state(name: str, plies: int) -> GameState:
    data = json.loads((RECORDS / "valid" / name).read_text(encoding="utf-8"))
    state = GameState(Position.from_text(data["start"]))
    for text in data["moves"][:plies]:
        state.push(Action.parse(text))
    return state


def test_solver_agrees_with_minimax_on_random_positions():
    """Every rule the search plays (第3条–第10条, the threefold ban with the history, the
    120-action limit, the gate claim's timing): the solver's answer (result, winner,
    within) equals plain minimax's on 1000 seeded positions at depths 1–2, from crowded
    and sparse boards, many near the move limit and many with positions standing twice.
    A longer run is a separate command (tests/orbit_dominion/minimax.py)."""
    answers, problems = cross_check(1000, max_depth=2, seed=11, standard=0.1)
    assert problems == []
    assert {"win", "no_forced_win", "value"} <= {result for result, _ in answers}


def test_solver_agrees_with_minimax_at_depth_three():
    """Depth 3 is the first where the table is hit by transpositions (a position left and
    regained by both sides' rotations): 150 sparse positions."""
    answers, problems = cross_check(150, max_depth=3, seed=12, standard=0.0)
    assert problems == []
    assert answers


def test_the_history_decides_the_value():
    """第9条: after 39 actions of the sample no-legal-moves.json, blue's shuttle O6-O7
    leaves red, at ply 40, with every action banned (第10条 03): blue wins within 1. The
    same position without its history offers blue no such win."""
    state = record_state("no-legal-moves.json", 39)
    assert solver(state, 4) == ("win", "blue", 1)
    assert reference(state, 2) == ("win", "blue", 1)
    assert solver(GameState(state.position), 4) == ("no_forced_win", None, None)


def test_gate_claim_counts_the_reply():
    """第8条 03 / 第10条 01 (interpretation 8): red occupies both blue gates with its
    action and wins at its next turn start, after blue's reply: within 2, not 1."""
    state = GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2"))
    assert solver(state, 2) == ("win", "red", 2)
    assert solver(state, 1) == ("no_forced_win", None, None)


def test_move_limit_value():
    """第8条 (最大手数による終局) / 第10条 02: a depth reaching the 120th action gives the
    exact value, the normal ships counted; equal counts are a draw."""
    ahead = GameState(pos("R@I0 r@O3 r@O9 B@M6 b@O6", ply=119))
    assert solver(ahead, 5) == ("value", "red", 1)
    level = GameState(pos("R@I0 r@O3 B@M6 b@O9", ply=120))
    assert solver(level, 3) == ("value", "draw", 0)


def test_pincer_in_one():
    """第7条 7-2: a new two-point pincer wins at once: red forces a win within 1."""
    state = GameState(pos("R@I3 r@M1 r@I11 B@I0 b@O6"))
    assert solver(state, 1) == ("win", "red", 1)


positions_with_lines = st.builds(
    lambda seed: random_state(random.Random(seed), standard=0.2), st.integers(0, 10**6)
)


@settings(max_examples=60, deadline=None)
@given(positions_with_lines, st.integers(0, 10**6))
def test_reach_bound_never_excludes_a_reachable_position(state, seed):
    """The table key keeps a position of the history only when it may be reached within
    the depth left (docs: the key argument). A lower bound that excluded a reachable
    position would let two histories that differ there share an entry: walk random legal
    lines and check that every position met is judged within reach at its distance."""
    rng = random.Random(seed)
    start = state.position.key
    walk = state.copy()
    for distance in range(1, 7):
        actions = walk.legal_actions()
        if not actions:
            break
        walk.push(rng.choice(actions))
        if walk.outcome() is not None:  # a position after the end is in no history
            break
        key = walk.position.key
        assert within_reach(start, key, distance)
        if distance >= 2:
            assert not within_reach(start, key, 0)

"""What the turn start decides (第10条 01–03): gate control (第8条 03), the 120-action limit
(第8条 最大手数) and no legal action (第3条, 第9条); and resignation and forfeit.

Boards are drawn as three rows (O, M, I), sectors 0–11 left to right. Red's gates are I0
and M0, blue's I6 and M6 (第2条); red must hold I6+M6, blue I0+M0.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion import Action, GameState, Position
from adjudicator.orbit_dominion.board import BLUE, RED
from adjudicator.orbit_dominion.rules import turn_start
from tests.orbit_dominion.support import play, pos, positions, sec


def result(state: GameState):
    o = state.outcome()
    return None if o is None else (o.winner, o.reason, o.decided_at)


# ======================================================================================
# gate control (第8条 03, 第10条 01; interpretation 8)
# ======================================================================================


def test_gate_control_after_opponents_reply():
    """第8条 03 / 第10条 01 / interpretation 8: red takes I6 and M6 with its own action;
    blue's reply leaves both; at red's next turn start red wins by gate_control. Nothing
    is decided right after red's action.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . b . . . . . B . .  .
    M   . . . . . . . r . . .  .      red M7-M6; blue O2-O1; red wins
    I   R . . . . . r . . . .  .
    """
    state = GameState(pos("R@I0 r@I6 r@M7 B@O8 b@O2"))
    play(state, "M7-M6")
    assert result(state) is None
    assert state.position.claim is False  # blue's claim
    play(state, "O2-O1")
    assert state.position.claim is True
    assert result(state) == ("red", "gate_control", 2)
    assert state.legal_actions() == []
    violation = state.check(Action.parse("O1-O2"))
    assert violation is not None
    assert violation.code == "game_over"


def test_gate_control_counts_flagship():
    """第8条 03 / interpretation 8: the ships holding the gates may include the flagship.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . b . . . . . B . .  .
    M   . . . . . . . r . . .  .
    I   . . . . . . R . . . .  .
    """
    state = GameState(pos("R@I6 r@M7 r@O0 B@O8 b@O2"))
    play(state, "M7-M6", "O2-O1")
    assert result(state) == ("red", "gate_control", 2)


def test_blue_gate_control_needs_i0_and_m0():
    """第2条 / 第8条 03 / interpretation 8: blue wins by holding red's gates I0 and M0.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . B . . r . . R .  .
    M   . b . . . . . . . . .  .      blue M1-M0; red O6-O7; blue wins
    I   b . . . . . . . . . .  .
    """
    state = GameState(pos("b@I0 b@M1 B@O3 R@O9 r@O6", "b"))
    play(state, "M1-M0", "O6-O7")
    assert result(state) == ("blue", "gate_control", 2)


def test_reply_that_swaps_off_a_gate_stops_the_claim():
    """第8条 03 / interpretation 8: the claim needs the gates held now; blue's swap
    O6<>M6 puts red's ship back on O6, so red no longer holds M6 and does not win.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . b . . . b . B . .  .
    M   . . . . . . . r . . .  .
    I   R . . . . . r . . . .  .
    """
    state = GameState(pos("R@I0 r@I6 r@M7 B@O8 b@O2 b@O6"))
    play(state, "M7-M6", "O6<>M6")
    assert state.position.claim is True
    assert result(state) is None
    assert state.legal_actions()


def test_reply_that_captures_a_gate_ship_stops_the_claim():
    """第8条 03 / interpretation 8: blue captures red's ship on M6 (M5xM6): no gate
    control at red's turn start.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . b . . . . . B . .  .
    M   . . . . . b . r . . .  .
    I   R . . . . . r . . . .  .
    """
    state = GameState(pos("R@I0 r@O0 r@I6 r@M7 b@M5 B@O8 b@O2"))
    play(state, "M7-M6", "M5xM6")
    assert result(state) is None


def test_occupation_made_by_opponents_action_is_not_yet_a_claim():
    """第8条 03 / interpretation 8: blue's M+ carries red M5 onto the gate M6 (red already
    on I6): that occupation was made by blue, so red does not win at this turn start; red
    keeps it with its own action, blue replies, and then red wins.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . . . . . B .  .
    M   . b b . . r . . . . .  .
    I   . . . . . . r . . . .  .
    """
    state = GameState(pos("R@O0 r@M5 r@I6 B@O9 b@M1 b@M2"))
    play(state, "O0-O1", "M+")
    assert state.position.holds_enemy_gates(RED)
    assert state.position.claim is False
    assert result(state) is None
    play(state, "O1-O0", "O9-O10")
    assert result(state) == ("red", "gate_control", 4)


def test_ships_are_not_tracked_individually():
    """第8条 03 / interpretation 8 (the adopted example): red on M5, M6 and I6 right after
    its own action; blue's M+ leaves red on M6 (the former M5 ship) and I6 — the claim
    still stands and red wins.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . . . . . B .  .
    M   . b b . r . r . . . .  .      red M4-M5, then blue M+
    I   . . . . . . r . . . .  .
    """
    state = GameState(pos("R@O0 r@M4 r@M6 r@I6 B@O9 b@M1 b@M2"))
    play(state, "M4-M5", "M+")
    assert result(state) == ("red", "gate_control", 2)


def test_gates_do_not_rotate():
    """第2条/第6条 / interpretation 8: gates are fixed marks; blue's M+ carries red M6 to M7
    and the gate stays on M6, so red holds only I6 and does not win.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . r . . . B .  .
    M   . b b . . . r . . . .  .
    I   . . . . . . r . . . .  .
    """
    state = GameState(pos("R@O0 r@M6 r@I6 r@O5 B@O9 b@M1 b@M2"))
    play(state, "O5-O4", "M+")
    assert state.position.claim is True
    assert state.position.cell(sec("M7")) == "r"
    assert result(state) is None


def test_claim_in_position_text_decides_at_once():
    """第10条 01 / interpretation 8: a start whose side to move has the claim and holds
    both enemy gates is decided at its own turn start (decided_at = its ply).

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . b . . . . . B .  .
    M   . . . . . . r . . . .  .
    I   . . . . . . r . . . .  .      red to move, ply 10, claim r
    """
    state = GameState(pos("R@O0 r@M6 r@I6 B@O9 b@O3", "r", 10, "r"))
    assert result(state) == ("red", "gate_control", 10)
    assert state.legal_actions() == []


def test_claim_without_both_gates_now_decides_nothing():
    """第8条 03 / interpretation 8: a claim whose side now holds only one gate wins nothing."""
    state = GameState(pos("R@O0 r@M7 r@I6 B@O9 b@O3", "r", 10, "r"))
    assert result(state) is None


def test_holding_both_gates_without_claim_waits_a_round():
    """第8条 03 / interpretation 8: holding both gates without the claim (not held right
    after one's own previous action) decides nothing yet; keeping them through one's own
    action and the opponent's reply then wins."""
    state = GameState(pos("R@O0 r@M6 r@I6 B@O9 b@O3", "r", 10))
    assert result(state) is None
    play(state, "O0-O1", "O3-O4")
    assert result(state) == ("red", "gate_control", 12)


def test_only_side_to_move_gate_control_is_judged():
    """第10条 01 / interpretation 8: at red's turn start only red's gate control is judged;
    blue sitting on I0 and M0 decides nothing then.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . B . . r . . R .  .
    M   b . . . . . . . . . .  .
    I   b . . . . . . . . . .  .      red to move
    """
    state = GameState(pos("b@I0 b@M0 B@O3 R@O9 r@O6", "r", 10))
    assert result(state) is None
    assert state.legal_actions()


# ======================================================================================
# the 120-action limit (第8条 最大手数, 第10条 02; interpretation 9)
# ======================================================================================


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # red 3 normal ships, blue 2
        ("R@I0 r@O0 r@O1 r@O2 B@I6 b@M6 b@M7", "red"),
        # red 2, blue 2: draw
        ("R@I0 r@O0 r@O2 B@I6 b@M6 b@M7", "draw"),
        # red 1, blue 2
        ("R@I0 r@O2 B@I6 b@M6 b@M7", "blue"),
    ],
)
def test_move_limit_after_the_120th_action(spec, expected):
    """第8条 最大手数 / 第10条 02 / ruling-10 / interpretation 9: once 120 actions have been
    made, the side with more normal ships wins (flagships not counted); equal counts draw.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r r r . . . . . . . .  .      (first case; red plays O2-O3 as action 120)
    M   . . . . . . b b . . .  .
    I   R . . . . . B . . . .  .
    """
    state = GameState(pos(spec, "r", 119))
    assert result(state) is None
    play(state, "O2-O3")
    assert result(state) == (expected, "move_limit", 120)
    assert state.legal_actions() == []
    violation = state.check(Action.parse("M6-M5"))
    assert violation is not None
    assert violation.code == "game_over"


def test_move_limit_counts_for_either_side_to_move():
    """第8条 最大手数 / interpretation 9: at ply 120 with blue to move, blue's 3 normal ships
    beat red's 1."""
    state = GameState(pos("R@I0 r@O0 B@I6 b@M6 b@M7 b@M8", "b", 120))
    assert result(state) == ("blue", "move_limit", 120)


def test_not_yet_at_119():
    """第8条 最大手数 / interpretation 9: the limit is reached only at 120 actions."""
    state = GameState(pos("R@I0 r@O0 r@O1 r@O2 B@I6 b@M6 b@M7", "r", 118))
    play(state, "O2-O3")
    assert result(state) is None
    play(state, "M7-M8")
    assert result(state) == ("red", "move_limit", 120)


def test_instant_win_by_120th_action_beats_move_limit():
    """第10条 04–05 before 02 / interpretations 6, 9: the 120th action's own result comes
    first — a new pincer wins for red although blue has more normal ships.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . b b b . . R . . . .  .
    M   . r . . . . . . . . .  .      red M1-M0 (action 120)
    I   B . . . . . . . . . .  r
    """
    state = GameState(pos("r@I11 r@M1 R@O6 B@I0 b@O1 b@O2 b@O3", "r", 119))
    play(state, "M1-M0")
    assert result(state) == ("red", "pincer", 120)


def test_gate_control_before_move_limit():
    """第10条 01 before 02 / interpretation 9: at ply 120 gate control is judged first; red
    wins by gate_control although blue has more normal ships."""
    state = GameState(pos("R@O0 r@M6 r@I6 B@O9 b@O3 b@O4 b@O5", "r", 120, "r"))
    assert result(state) == ("red", "gate_control", 120)


# ======================================================================================
# no legal action (第3条, 第9条, 第10条 03; interpretation 9)
# ======================================================================================

# Found by a small search: red's flagship O0 and normal O1 are hemmed in (blue on O3 makes
# O1-O3 capture_two_away), so red has exactly seven actions; blue only shuffles I6 ⇄ I7.
#
#         0 1 2 3 4 5 6 7 8 9 10 11
#     O   R r . b . . . . . . .  .
#     M   . . . . . . . . . . .  .
#     I   . . . . . . b . . . .  B      red to move
#
# Red's walk reaches each of the seven results of its actions (always with blue's ship back
# on I6, i.e. as the same position) on every second action, passing through other positions
# in between, in two rounds; then it returns to the start. There, every red action would
# make a position occur a third time.
NO_MOVES_START = "Rr.b......../............/......b....B r 0 -"
RED_ROUND = [
    "O11-M11",  # between ...
    "M11-M0",  # ... = start·O0-M0
    "O1-M1",
    "M0-O0",  # = start·O1-M1
    "O0-O10",
    "M1-O1",  # = start·O0-O10
    "O+",
    "O11-O1",  # = start·O+
    "O2-O3",
    "O-",  # = start·O1-O2
    "O-",
    "O1-O0",  # = start·O-
]
RED_WALK = ["O0-O11", *RED_ROUND, "O11-O10", "O+", *RED_ROUND, "O+"]  # O+ = start·O0-O11
NO_MOVES_LINE = [m for i, r in enumerate(RED_WALK) for m in (r, ("I6-I7", "I7-I6")[i % 2])]
RED_ACTIONS_AT_START = {"O0-O11", "O0-O10", "O0-M0", "O1-O2", "O1-M1", "O+", "O-"}


def test_no_legal_action_through_threefold_ban_loses():
    """第3条 / 第9条 / 第10条 03 / interpretations 9, 10: when the threefold ban leaves the
    side to move no legal action, that side loses at its turn start (no_legal_moves). Red
    has seven actions at the start position; after the 56-action line each of them would
    make a position occur a third time."""
    start = Position.from_text(NO_MOVES_START)
    assert {str(a) for a in GameState(start).legal_actions()} == RED_ACTIONS_AT_START
    state = GameState(start)
    for i, text in enumerate(NO_MOVES_LINE):
        assert result(state) is None, i
        violation = state.play(Action.parse(text))
        assert violation is None, (i, text, violation and violation.code)
    assert len(NO_MOVES_LINE) == 56
    assert state.position.key == start.key
    assert state.turn == RED
    assert {str(a) for a in state.pseudo_legal_actions()} == RED_ACTIONS_AT_START
    assert {str(a) for a in state.banned_actions()} == RED_ACTIONS_AT_START
    for text in RED_ACTIONS_AT_START:
        assert len(state.earlier_occurrences(Action.parse(text))) == 2
    assert state.legal_actions() == []
    assert result(state) == ("blue", "no_legal_moves", 56)
    # the game is over at red's turn start: any action is now game_over
    violation = state.check(Action.parse("O+"))
    assert violation is not None
    assert violation.code == "game_over"
    assert violation.args["reason"] == "no_legal_moves"


def test_without_the_ban_there_is_always_an_action():
    """第3条 / interpretation 9: the same board without history offers red its seven
    actions — it is only the threefold ban that can leave a side without one."""
    state = GameState(Position.from_text(NO_MOVES_START.replace(" 0 ", " 56 ")))
    assert {str(a) for a in state.legal_actions()} == RED_ACTIONS_AT_START
    assert result(state) is None


def test_turn_start_no_legal_action_loses():
    """第10条 03 / interpretation 9: ``turn_start`` with no legal action makes the side to
    move lose; with one, nothing is decided."""
    p = pos("R@O0 r@O1 b@O3 b@I6 B@I11", "r", 30)
    assert turn_start(p, False) == (BLUE, "no_legal_moves")
    assert turn_start(p, True) is None
    q = pos("R@O0 r@O1 b@O3 b@I6 B@I11", "b", 30)
    assert turn_start(q, False) == (RED, "no_legal_moves")


def test_turn_start_order():
    """第10条 01 → 02 → 03 / interpretation 9: gate control first, then the 120-action
    limit, then no legal action."""
    gate = pos("R@O0 r@M6 r@I6 B@O9 b@O3 b@O4 b@O5", "r", 120, "r")
    assert turn_start(gate, False) == (RED, "gate_control")
    limit = pos("R@O0 r@M6 r@I5 B@O9 b@O3 b@O4 b@O5", "r", 120, "r")
    assert turn_start(limit, False) == (BLUE, "move_limit")
    draw = pos("R@O0 r@O1 B@O9 b@O3", "b", 120)
    assert turn_start(draw, False) == (None, "move_limit")
    early = pos("R@O0 r@M6 r@I5 B@O9 b@O3 b@O4 b@O5", "r", 119, "r")
    assert turn_start(early, False) == (BLUE, "no_legal_moves")
    assert turn_start(early, True) is None


# ======================================================================================
# resignation and forfeit (第8条, 第10条; interpretation 11)
# ======================================================================================


@pytest.mark.parametrize(("side", "winner"), [(RED, "blue"), (BLUE, "red")])
def test_resigning_side_loses(side, winner):
    """第8条 / interpretation 11: the side that resigns loses; afterwards no action is
    legal and any action is game_over."""
    state = GameState()
    play(state, "I11-I10", "I5-I4")
    outcome = state.resign(side)
    assert (outcome.winner, outcome.reason, outcome.decided_at) == (winner, "resignation", 2)
    assert state.outcome() == outcome
    assert state.legal_actions() == []
    violation = state.play(Action.parse("I10-I9"))
    assert violation is not None
    assert violation.code == "game_over"
    assert len(state.actions) == 2


@pytest.mark.parametrize(("winner", "name"), [(RED, "red"), (BLUE, "blue"), (None, "draw")])
def test_forfeit_while_undecided(winner, name):
    """第10条 / interpretation 11: a result outside the rules (forfeit) is allowed while the
    game is undecided; None is a draw."""
    state = GameState()
    outcome = state.forfeit(winner)
    assert (outcome.winner, outcome.reason, outcome.decided_at) == (name, "forfeit", 0)
    assert state.legal_actions() == []


def test_no_resignation_or_forfeit_once_decided():
    """第8条 / 第10条 / interpretation 11: after an instant win, a turn-start decision, a
    resignation or a forfeit, neither resignation nor forfeit is accepted and the outcome
    stays."""
    won = GameState(pos("r@I11 r@M1 R@O6 B@I0 b@O9"))
    play(won, "M1-M0")
    limit = GameState(pos("R@I0 r@O0 B@I6 b@M6", "r", 120))
    resigned = GameState()
    resigned.resign(RED)
    forfeited = GameState()
    forfeited.forfeit(None)
    for state in (won, limit, resigned, forfeited):
        before = state.outcome()
        assert before is not None
        with pytest.raises(ValueError):
            state.resign(BLUE)
        with pytest.raises(ValueError):
            state.forfeit(RED)
        assert state.outcome() == before


# ======================================================================================
# the turn start on random positions, against the readings written out
# ======================================================================================


# bias towards the gates so that claims and holdings are common
GATE_BIASED = st.one_of(
    st.sampled_from([sec(g) for g in ("I0", "M0", "I6", "M6")]), st.integers(0, 35)
)


@settings(max_examples=300, deadline=None)
@given(positions(sectors=GATE_BIASED, plies=st.sampled_from([0, 1, 60, 118, 119, 120])))
def test_turn_start_matches_readings(p):
    """第10条 01–03 / interpretations 8, 9: for a start position, gate control (claim and
    both enemy gates held now) decides first, then the 120-action limit by normal ships
    (equal: draw), and otherwise the game goes on (without history an action always
    exists)."""
    flat = p.board_text().replace("/", "")
    side = "r" if p.turn == RED else "b"
    gates = ("I6", "M6") if side == "r" else ("I0", "M0")
    holds = all(flat[sec(g)].lower() == side for g in gates)
    mine = sum(1 for c in flat if c == side)
    theirs = sum(1 for c in flat if c.isalpha() and c.islower() and c != side)
    me, them = ("red", "blue") if side == "r" else ("blue", "red")
    if p.claim and holds:
        expected = (me, "gate_control", p.ply)
    elif p.ply >= 120:
        winner = "draw" if mine == theirs else (me if mine > theirs else them)
        expected = (winner, "move_limit", p.ply)
    else:
        expected = None
    state = GameState(p)
    assert result(state) == expected
    assert bool(state.legal_actions()) == (expected is None)

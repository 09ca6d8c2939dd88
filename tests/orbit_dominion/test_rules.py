"""The rules of play: navigation, capture, jumps, swaps, rotation, flagship capture and the
new pincer (第3条–第7条, 第10条 04–05), every violation code, and an independent model of
the readings checked against the engine on random positions.

Boards are drawn as three rows (O, M, I), sectors 0–11 left to right; numbers grow
clockwise, so right is clockwise and 11 wraps to 0.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.actions import every_action
from adjudicator.orbit_dominion.board import BLUE, RED
from adjudicator.orbit_dominion.perft import perft
from adjudicator.orbit_dominion.references import VIOLATIONS
from tests.orbit_dominion.support import ORBIT_LETTERS, board, play, pos, positions, sec, snapshot


def state_of(spec: str, side: str = "r", ply: int = 0) -> GameState:
    return GameState(pos(spec, side, ply))


def acts(state: GameState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def code_of(state: GameState, text: str) -> str | None:
    violation = state.check(Action.parse(text))
    return None if violation is None else violation.code


# ======================================================================================
# 第4条 navigation (interpretation 2)
# ======================================================================================


# The rulebook's example O11 → O0 and O11 → O1:
#
#         0 1 2 3 4 5 6 7 8 9 10 11
#     O   . . . . . . b . . . .  r
#     M   . . . . . . . . . . .  .
#     I   R . . . . . B . . . .  .      (red to move)
WRAP = "r@O11 b@O6 R@I0 B@I6"


def test_navigation_one_and_two_sectors_both_directions_with_wrap():
    """第4条 / interpretation 2: a ship goes 1 or 2 sectors along its orbit, either way;
    O11 → O0 (one sector, across 11/0) and O11 → O1 (two sectors) as in the rulebook."""
    state = state_of(WRAP)
    assert {"O11-O0", "O11-O1", "O11-O10", "O11-O9"} <= acts(state)
    assert code_of(state, "O11-O2") == "navigation_too_far"
    play(state, "O11-O1")
    assert state.position.text() == board("r@O1 b@O6 R@I0 B@I6") + " b 1 -"


def test_navigation_moves_only_that_ship():
    """第3条/第4条 / interpretation 2: navigation moves one ship; everything else stays."""
    state = GameState()
    play(state, "M1-M3")
    assert state.position.board_text() == "r....bb....r/r..r..bb..../R....bB....r"
    assert state.turn == BLUE
    assert state.position.ply == 1


@pytest.mark.parametrize("blocker", ["r", "b", "B"])
def test_two_sector_move_needs_empty_passed_sector(blocker):
    """第4条 ruling-3 / interpretation 2: a 2-sector move passes a sector that must be empty
    — an own ship, an enemy ship or the enemy flagship there blocks it (path_blocked);
    O11 → O1 passes O0.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   ? . . . . . b . . . .  r      ? = the blocker on O0
    """
    flags = "R@I0 B@I6" if blocker != "B" else "R@I0 b@I6"
    state = state_of(f"r@O11 {blocker}@O0 b@O6 {flags}")
    violation = state.check(Action.parse("O11-O1"))
    assert violation is not None
    assert violation.code == "path_blocked"
    assert violation.args["passed"] == "O0"
    assert "O11-O1" not in acts(state)


def test_two_sector_move_needs_empty_destination():
    """第4条 / interpretation 2: a 2-sector move needs the destination empty; onto an own
    ship it is navigation_onto_own, onto an enemy capture_two_away (ruling-2).

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . r . . . . . . . r .  r      red O11 → O1 (own), O9 → O7 (enemy on O7)
    M   . . . . . . . b . . .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O11 r@O1 r@O9 b@O7 b@M7 R@I0 B@I6")
    assert code_of(state, "O11-O1") == "navigation_onto_own"
    assert code_of(state, "O9-O7") == "capture_two_away"
    assert code_of(state, "O9xO7") == "capture_two_away"
    assert {"O11-O1", "O9-O7", "O9xO7"}.isdisjoint(acts(state))


@pytest.mark.parametrize(("move", "distance"), [("O11-O2", 3), ("O11-O5", 6), ("O11-O7", 4)])
def test_navigation_never_beyond_two(move, distance):
    """第4条 / interpretation 2: navigation goes 1 or 2 sectors, never more (the distance
    counts the short way round)."""
    state = state_of(WRAP)
    violation = state.check(Action.parse(move))
    assert violation is not None
    assert violation.code == "navigation_too_far"
    assert violation.args["distance"] == distance


# ======================================================================================
# 第4条 capture (interpretation 2)
# ======================================================================================


def test_capture_one_sector_onto_enemy_normal():
    """第4条 / interpretation 2: a 1-sector step onto an enemy normal ship captures it
    (written x); the ship is removed for good.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r b . . . . . . . . .  .      red O0xO1
    M   . . . . . . b . . . .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O0 b@O1 b@M6 R@I0 B@I6")
    assert "O0xO1" in acts(state)
    play(state, "O0xO1")
    assert state.position.text() == board("r@O1 b@M6 R@I0 B@I6") + " b 1 -"
    assert state.outcome() is None


def test_capture_across_eleven_and_zero():
    """第4条 / interpretations 1, 2: O11 and O0 are neighbours, so O11xO0 captures.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   b . . . . . . . . . .  r
    M   . . . . . . b . . . .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O11 b@O0 b@M6 R@I0 B@I6")
    assert "O11xO0" in acts(state)
    play(state, "O11xO0")
    assert state.position.cell(sec("O0")) == "r"
    assert state.position.normal_ships(BLUE) == 1


def test_flagship_captures_enemy_normal():
    """第4条 / interpretation 2: the flagship too captures an enemy normal ship next to it.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .
    M   . . . . . . b . . . .  .
    I   R b . . . . B . . . .  r      red I0xI1 with the flagship
    """
    state = state_of("R@I0 b@I1 r@I11 b@M6 B@I6")
    assert "I0xI1" in acts(state)
    play(state, "I0xI1")
    assert state.position.flags[RED] == sec("I1")


def test_no_capture_of_own_ship_or_empty_sector():
    """第4条 / interpretation 2: x onto an own ship is navigation_onto_own, onto an empty
    sector nothing_to_capture; ``-`` onto an enemy is written x (marker_mismatch)."""
    state = state_of("r@O0 r@O1 b@O11 b@M6 R@I0 B@I6")
    assert code_of(state, "O0xO1") == "navigation_onto_own"
    assert code_of(state, "O1xO2") == "nothing_to_capture"
    violation = state.check(Action.parse("O0-O11"))
    assert violation is not None
    assert violation.code == "marker_mismatch"
    assert violation.args["canonical"] == "O0xO11"


# ======================================================================================
# 第7条 7-1 flagship capture (interpretation 3)
# ======================================================================================


@pytest.mark.parametrize(
    ("spec", "attack"),
    [
        # attacker I5 beside B on I, support M6 on the neighbouring orbit
        ("r@I5 r@M6 R@O0 B@I6 b@O9", "I5xI6"),
        # attacker I5, support on the other side of the same orbit (I7); either attacks
        ("r@I5 r@I7 R@O0 B@I6 b@O9", "I5xI6"),
        ("r@I5 r@I7 R@O0 B@I6 b@O9", "I7xI6"),
        # the attacker is the red flagship
        ("R@I5 r@M6 B@I6 b@O9", "I5xI6"),
        # the support is the red flagship
        ("r@I5 R@M6 B@I6 b@O9", "I5xI6"),
        # on the middle orbit: B on M0, attacker M11, support O0
        ("r@M11 r@O0 R@I6 B@M0 b@O9", "M11xM0"),
    ],
)
def test_supported_flagship_capture_wins_at_once(spec, attack):
    """第7条 7-1 / interpretation 3: an attacker beside the enemy flagship on its orbit and
    a different own ship on any sector adjacent to it allow the attacker's 1-sector step
    onto the flagship; it wins at once (flagship_capture), whatever 7-2's "new" test says
    (the pincer stood already).

        0 1 2 3 4 5 6 7 8 9 10 11
    M   . . . . . . r . . . .  .
    I   . . . . . r B . . . .  .      (first case: I5xI6 supported by M6)
    """
    state = state_of(spec)
    assert attack in acts(state)
    play(state, attack)
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.decided_at) == ("red", "flagship_capture", 1)
    assert state.position.flags[BLUE] == -1
    assert state.legal_actions() == []


def test_flagship_capture_is_not_annihilation_even_with_one_normal_ship_left():
    """第7条 7-1, 第10条 04–05 / interpretation 7: taking the flagship is flagship_capture
    (checked first), not annihilation, even though blue has a single normal ship."""
    state = state_of("r@I5 r@M6 R@O0 B@I6 b@O9")
    play(state, "I5xI6")
    assert state.outcome().reason == "flagship_capture"
    assert state.position.normal_ships(BLUE) == 1


@pytest.mark.parametrize(
    "spec",
    [
        "r@I5 R@O0 B@I6 b@O9",  # attacker alone
        "r@I5 r@M7 R@O0 B@I6 b@O9",  # M7 is not adjacent to I6
        "r@I5 r@O6 R@O0 B@I6 b@O9",  # O6 is not adjacent to I6
        "r@I5 r@I8 R@O0 B@I6 b@O9",  # I8 is two away
        "r@I5 r@I4 R@O0 B@I6 b@O9",  # I4 is adjacent to the attacker, not the flagship
    ],
)
def test_unsupported_flagship_capture_is_illegal(spec):
    """第7条 7-1 / interpretation 3: without a different own ship adjacent to the enemy
    flagship the capture is flagship_capture_unsupported and not offered."""
    state = state_of(spec)
    assert code_of(state, "I5xI6") == "flagship_capture_unsupported"
    assert "I5xI6" not in acts(state)


def test_pincer_from_neighbouring_orbits_only_offers_no_capture():
    """第7条 7-1 / interpretation 3: with the blue flagship on M0 and red on O0 and I0 —
    neighbouring orbits only — there is no attacker on M beside it: no capture of M0 is
    offered; a jump onto it is a swap (capture_by_jump if written x).

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . . . . . . .  .
    M   B . . . . . b . . . .  .
    I   r . . . . . R . . . .  .
    """
    state = state_of("r@O0 r@I0 B@M0 b@M6 R@I6")
    legal = acts(state)
    assert not {a for a in legal if a.endswith("xM0")}
    assert {"O0<>M0", "I0<>M0"} <= legal
    assert code_of(state, "O0xM0") == "capture_by_jump"
    assert code_of(state, "I0xM0") == "capture_by_jump"


def test_flagship_capture_needs_one_step():
    """第4条/第7条 7-1 / interpretation 3: the attacker takes the flagship by a 1-sector
    step only; from two sectors away it is capture_two_away even when supported."""
    state = state_of("r@I4 r@M6 R@O0 B@I6 b@O9")
    assert code_of(state, "I4xI6") == "capture_two_away"
    assert code_of(state, "I4-I6") == "capture_two_away"


# ======================================================================================
# 第5条 jumps and swaps (interpretation 4)
# ======================================================================================


@pytest.mark.parametrize(("jump", "dst"), [("O4-M4", "M4"), ("M9-I9", "I9"), ("M9-O9", "O9")])
def test_jump_onto_empty_moves(jump, dst):
    """第5条 / interpretation 4: a jump onto an empty sector of the same number on the
    neighbouring orbit moves the ship there.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . r . . . . . .  .
    M   . . . . . . b . . r .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O4 r@M9 b@M6 R@I0 B@I6")
    assert jump in acts(state)
    src = jump.split("-")[0]
    play(state, jump)
    assert state.position.cell(sec(dst)) == "r"
    assert state.position.cell(sec(src)) == "."


def test_jump_onto_enemy_swaps_and_captures_nothing():
    """第5条 ruling-5 / interpretation 4: a jump onto an enemy ship swaps the two ships;
    nothing is captured.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . r . . . . . .  .      O4<>M4:  O4 ← b, M4 ← r
    M   . . . . b . b . . . .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O4 b@M4 b@M6 R@I0 B@I6")
    assert "O4<>M4" in acts(state)
    assert "O4-M4" not in acts(state)
    play(state, "O4<>M4")
    p = state.position
    assert p.cell(sec("O4")) == "b"
    assert p.cell(sec("M4")) == "r"
    assert p.normal_ships(BLUE) == 2
    assert p.normal_ships(RED) == 1
    assert state.outcome() is None


def test_swap_with_enemy_flagship():
    """第5条 / interpretation 4: a jump onto the enemy flagship swaps too — the flagship
    moves to the jumper's sector, nobody is captured.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .
    M   . . . . . . B . . . .  .      I6<>M6 (red normal on I6)
    I   R . . . . . r . . . b  .
    """
    state = state_of("r@I6 B@M6 b@I10 R@I0")
    assert "I6<>M6" in acts(state)
    play(state, "I6<>M6")
    p = state.position
    assert p.flags[BLUE] == sec("I6")
    assert p.cell(sec("M6")) == "r"
    assert state.outcome() is None


def test_jump_illegal_cases():
    """第5条 ruling-1, ruling-4 / interpretations 1, 4: O4-I4 is jump_across_two_orbits;
    onto an own ship jump_onto_own; to another number sectors_not_connected; ``x`` across
    orbits capture_by_jump; ``<>`` onto an empty sector nothing_to_swap; ``<>`` along an
    orbit swap_along_orbit; ``-`` onto an enemy is written ``<>`` (marker_mismatch).

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . r b . . . . .  .
    M   . . . . r . b . . . .  b
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O4 b@O5 r@M4 b@M6 b@M11 R@I0 B@I6")
    assert code_of(state, "O4-I4") == "jump_across_two_orbits"
    assert code_of(state, "O4-M4") == "jump_onto_own"
    assert code_of(state, "O4<>M4") == "jump_onto_own"
    assert code_of(state, "O4-M5") == "sectors_not_connected"
    assert code_of(state, "M4-I4") is None
    assert code_of(state, "M4xI4") == "capture_by_jump"
    assert code_of(state, "M4<>I4") == "nothing_to_swap"
    assert code_of(state, "O4<>O5") == "swap_along_orbit"
    state2 = state_of("r@O6 b@O5 b@M6 R@I0 B@I6")
    violation = state2.check(Action.parse("O6-M6"))
    assert violation is not None
    assert violation.code == "marker_mismatch"
    assert violation.args["canonical"] == "O6<>M6"


# ======================================================================================
# 第6条 rotation (interpretation 5)
# ======================================================================================


def test_rotation_rulebook_example():
    """第6条 / interpretation 5: red on O0 and O3 and blue on O5; the clockwise rotation
    O+ puts them on O1, O4 and O6 at once.

        0 1 2 3 4 5 6 7 8 9 10 11                0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . r . b . . . . .  .     O+ ⇒   O    . r . . r . b . . . .  .
    M   . . . . . . b . . . .  .            M    . . . . . . b . . . .  .
    I   R . . . . . B . . . .  .            I    R . . . . . B . . . .  .
    """
    state = state_of("r@O0 r@O3 b@O5 b@M6 R@I0 B@I6")
    assert {"O+", "O-"} <= acts(state)
    play(state, "O+")
    assert state.position.text() == board("r@O1 r@O4 b@O6 b@M6 R@I0 B@I6") + " b 1 -"


def test_counter_clockwise_rotation_wraps_and_moves_flagships():
    """第6条 / interpretations 1, 5: O- moves every ship on O one sector counter-clockwise
    (O0 → O11), flagships included; other orbits do not move; nobody is captured even when
    ships stand side by side.

        0 1 2 3 4 5 6 7 8 9 10 11                0 1 2 3 4 5 6 7 8 9 10 11
    O   R r b B . . . . . . .  r     O- ⇒   O    r b B . . . . . . . r  R
    M   . . . . . . b . . . .  .            M    . . . . . . b . . . .  .
    """
    state = state_of("R@O0 r@O1 b@O2 B@O3 r@O11 b@M6")
    play(state, "O-")
    assert state.position.board_text().split("/") == [
        "rbB.......rR",
        "......b.....",
        "............",
    ]
    assert state.position.normal_ships(RED) == 2
    assert state.position.normal_ships(BLUE) == 2
    assert state.outcome() is None


def test_rotation_needs_two_own_ships_flagship_counts():
    """第6条 / interpretation 5: rotating needs at least two own ships on the orbit; the
    flagship counts as one; enemy ships do not count.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . r . b b . . . .  .      O: red flagship + red normal → may rotate
    M   r . . . . . b b . . .  .      M: one red ship → may not
    I   . . . . . . B . . . .  .      I: no red ship → may not
    """
    state = state_of("R@O0 r@O3 b@O5 b@O6 r@M0 b@M6 b@M7 B@I6")
    legal = acts(state)
    assert {"O+", "O-"} <= legal
    assert not {"M+", "M-", "I+", "I-"} & legal
    violation = state.check(Action.parse("M+"))
    assert violation is not None
    assert violation.code == "rotation_needs_two_ships"
    assert violation.args["count"] == 1
    assert violation.args["orbit"] == "M"
    violation = state.check(Action.parse("I-"))
    assert violation.code == "rotation_needs_two_ships"
    assert violation.args["count"] == 0


# ======================================================================================
# 第7条 7-2 new pincer (interpretation 6)
# ======================================================================================

# Blue flagship on I0; red brings a second ship next to it.
#
#         0 1 2 3 4 5 6 7 8 9 10 11
#     O   ? . . . . . R . . b .  .
#     M   . ? . . . . . . . . .  .
#     I   B ? . ? . . . . . . .  ?
PINCER_CASES = [
    pytest.param("r@I11 r@M1 R@O6 B@I0 b@O9", "M1-M0", id="I11+M0"),
    pytest.param("r@I11 r@I3 R@O6 B@I0 b@O9", "I3-I1", id="I11+I1"),
    pytest.param("r@I1 r@O0 R@O6 B@I0 b@O9", "O0-M0", id="I1+M0"),
    pytest.param("R@I11 r@M1 B@I0 b@O9", "M1-M0", id="flagship-I11+M0"),
    pytest.param("r@I11 R@M1 B@I0 b@O9", "M1-M0", id="flagship-moves-in"),
]


@pytest.mark.parametrize(("spec", "move"), PINCER_CASES)
def test_new_pincer_wins(spec, move):
    """第7条 7-2 / interpretation 6: with the blue flagship on I0, red ships newly on I11
    and M0, on I11 and I1, or on I1 and M0 win at once (pincer); the ships' kinds do not
    matter."""
    state = state_of(spec)
    play(state, move)
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.decided_at) == ("red", "pincer", 1)
    assert state.legal_actions() == []


def test_kept_pincer_does_not_win():
    """第7条 7-2 ruling-8 / interpretation 6: a pincer that stood before the action does not
    win by being kept — neither by adding a third ship nor by moving another ship.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . R . . b .  .
    M   r . . . . . . . . . .  .
    I   B . . r . . . . . . .  r      (red already on I11 and M0)
    """
    state = state_of("r@I11 r@M0 r@I3 R@O6 B@I0 b@O9")
    play(state, "I3-I1")
    assert state.outcome() is None
    state = state_of("r@I11 r@M0 r@I3 R@O6 B@I0 b@O9")
    play(state, "O6-O7")
    assert state.outcome() is None


def test_pincer_broken_then_remade_wins():
    """第7条 7-2 / interpretation 6: "new" compares with the position just before the
    action; a pincer given up and then made again is new.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . R . . b .  .
    M   r . . . . . . . . . .  .
    I   B . . . . . . . . . .  r
    """
    state = state_of("r@I11 r@M0 R@O6 B@I0 b@O9")
    play(state, "M0-M1", "O9-O10")
    assert state.outcome() is None
    play(state, "M1-M0")
    assert state.outcome().reason == "pincer"
    assert state.outcome().winner == "red"
    assert state.outcome().decided_at == 3


def test_pincer_created_by_rotation():
    """第7条 7-2 / interpretations 5, 6: a rotation can make the pincer — O+ takes red O11
    to O0, next to the blue flagship on M0 where red M11 already stands.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . r . . b . .  r
    M   B . . . . . . . . . .  r
    I   . . . . R . . . . . .  .
    """
    state = state_of("r@O11 r@O5 b@O8 r@M11 B@M0 R@I4")
    play(state, "O+")
    assert state.outcome().reason == "pincer"
    assert state.outcome().winner == "red"


def test_pincer_judged_where_rotated_flagship_stands():
    """第7条 7-2 / interpretation 6: before and after are each judged where the enemy
    flagship stands at that moment. I- moves blue's flagship I5 → I4 and red I6 → I5: before,
    only I6 was adjacent to it; after, I5 and M4 are → new pincer.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . . . . . b .  .
    M   . . . . r . . . . . .  .
    I   . . . . . B r . . r .  .
    """
    state = state_of("r@I6 r@I9 r@M4 B@I5 R@O0 b@O9")
    play(state, "I-")
    assert state.position.flags[BLUE] == sec("I4")
    assert state.outcome().reason == "pincer"


def test_pincer_created_by_swap_with_normal_ship():
    """第7条 7-2 / interpretations 4, 6: a swap can make the pincer — I3<>M3 puts red on M3,
    next to the blue flagship on M2 where red M1 already stands.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . . . . . . .  .
    M   . r B b . . . . . . .  .
    I   . . . r . . . . . . .  .
    """
    state = state_of("r@M1 B@M2 b@M3 r@I3 R@O0")
    play(state, "I3<>M3")
    assert state.outcome().reason == "pincer"
    assert state.position.cell(sec("I3")) == "b"


def test_swap_with_flagship_new_pincer_at_its_new_sector():
    """第7条 7-2 / interpretation 6: swapping with the flagship moves it; before is judged
    at M4 (only I4 adjacent), after at I4 (I3, I5 and now M4 adjacent) → new pincer.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . b . . . . . . R . .  .
    M   . . . . B . . . . . .  .
    I   . . . r r r . . . . .  .
    """
    state = state_of("B@M4 r@I4 r@I3 r@I5 R@O8 b@O1")
    play(state, "I4<>M4")
    assert state.position.flags[BLUE] == sec("I4")
    assert state.outcome().reason == "pincer"


def test_swap_with_flagship_kept_pincer_does_not_win():
    """第7条 7-2 ruling-8 / interpretation 6: before is judged where the flagship stood
    before (M4: I4 and O4 adjacent — a pincer already), after where it stands after (I4:
    M4 and I5) — kept, not new, so no win.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . b . . r . . . R . .  .
    M   . . . . B . . . . . .  .
    I   . . . . r r . . . . .  .
    """
    state = state_of("B@M4 r@I4 r@O4 r@I5 R@O8 b@O1")
    play(state, "I4<>M4")
    assert state.position.flags[BLUE] == sec("I4")
    assert state.outcome() is None


def test_pincer_created_by_jump():
    """第7条 7-2 / interpretation 6: a jump can make the pincer — O0-M0 next to the blue
    flagship on I0 with red on I1 (the I1+M0 example)."""
    state = state_of("r@I1 r@O0 R@O6 B@I0 b@O9")
    play(state, "O0-M0")
    assert state.outcome().reason == "pincer"


def test_own_flagship_surrounded_by_own_action_decides_nothing():
    """第7条 7-2 ruling-7 / interpretation 6: only the mover's pincer is judged. Red's M-
    brings blue M1 to M0, so blue now stands on I1 and M0 next to red's flagship: nobody
    wins; and blue keeping that pincer with a quiet move is not new either.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . B . . . .  .
    M   . b . . . r . . r . .  .
    I   R b . . . . . . . . .  .
    """
    state = state_of("R@I0 b@I1 b@M1 r@M5 r@M8 B@O6")
    play(state, "M-")
    assert state.position.cell(sec("M0")) == "b"
    assert state.outcome() is None
    play(state, "O6-O7")
    assert state.outcome() is None


def test_mover_wins_when_both_flagships_surrounded():
    """第7条 7-2 / interpretation 6: when the mover's action surrounds both flagships, only
    the mover's new pincer counts — red's M- makes red's pincer (I8, M7 by blue's I7) and
    blue's (I1, M0 by red's I0); red wins.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .
    M   . b . . r . . . r . .  .
    I   R b . . . . . B r . .  .
    """
    state = state_of("R@I0 b@I1 b@M1 r@M4 r@M8 r@I8 B@I7")
    play(state, "M-")
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("red", "pincer")


def test_pincer_handed_over_by_opponent_counts_only_when_remade():
    """第7条 7-2 ruling-7, ruling-8 / interpretation 6: blue moving the pincer-ship away and
    back makes it new again — only then does blue win (mirror of the rules for red)."""
    state = state_of("R@I0 b@I1 b@M1 r@M5 r@M8 B@O6")
    play(state, "M-")  # blue now on I1 and M0 — made by red
    play(state, "M0-M11")  # blue breaks its own pincer (not new, nothing)
    assert state.outcome() is None
    play(state, "M4-M3")  # red quiet
    play(state, "M11-M0")  # blue makes it anew
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason, outcome.decided_at) == ("blue", "pincer", 4)


# ======================================================================================
# 第8条 02 / 第10条 04–05 annihilation and the order of results (interpretation 7)
# ======================================================================================


def test_annihilation_wins_with_flagship_left():
    """第8条 02 / interpretation 7: capturing the last enemy normal ship wins at once
    (annihilation), even though the enemy flagship remains.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r b . . . . . . . . .  .
    M   . . . . . . . . . . .  .
    I   R . . . . . B . . . .  .
    """
    state = state_of("r@O0 b@O1 R@I0 B@I6")
    play(state, "O0xO1")
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason, outcome.decided_at) == ("red", "annihilation", 1)
    assert state.position.flags[BLUE] == sec("I6")


def test_annihilation_before_pincer():
    """第10条 05 / interpretation 7: the capture of blue's last normal ship on I1 also makes
    a new pincer (I1 and M0 by the flagship on I0); annihilation is judged first.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . R . . . .  .
    M   r . . . . . . . . . .  .
    I   B b r . . . . . . . .  .
    """
    state = state_of("B@I0 b@I1 r@I2 r@M0 R@O6")
    play(state, "I2xI1")
    assert state.outcome().reason == "annihilation"


def test_capture_that_makes_new_pincer_wins_by_pincer():
    """第10条 05 / interpretations 6, 7: a capture of a normal ship that is not the last but
    makes a new pincer wins by pincer."""
    state = state_of("B@I0 b@I1 b@O9 r@I2 r@M0 R@O6")
    play(state, "I2xI1")
    assert state.outcome().reason == "pincer"


def test_capture_without_pincer_or_annihilation_goes_on():
    """第4条 / interpretation 7: a capture that is neither the flagship, nor the last normal
    ship, nor makes a new pincer decides nothing."""
    state = state_of("r@O0 b@O1 b@O9 R@I0 B@I6")
    play(state, "O0xO1")
    assert state.outcome() is None
    assert state.turn == BLUE


# ======================================================================================
# every violation code (rules.yaml) and interpretation 12
# ======================================================================================

BASIC = "r@O0 r@O4 b@O6 b@M9 R@I0 B@I6"
#         0 1 2 3 4 5 6 7 8 9 10 11
#     O   r . . . r . b . . . .  .
#     M   . . . . . . . . . b .  .
#     I   R . . . . . B . . . .  .

VIOLATION_CASES = [
    ("no_ship_at_origin", BASIC, (), "O2-O3"),
    ("not_own_ship", BASIC, (), "O6-O7"),
    ("same_sector", BASIC, (), "O0-O0"),
    ("navigation_too_far", BASIC, (), "O0-O3"),
    ("path_blocked", "r@O11 b@O0 b@M9 R@I0 B@I6", (), "O11-O1"),
    ("capture_two_away", "r@O11 b@O1 b@M9 R@I0 B@I6", (), "O11xO1"),
    ("navigation_onto_own", "r@O0 r@O2 b@O6 b@M9 R@I0 B@I6", (), "O0-O2"),
    ("nothing_to_capture", BASIC, (), "O4xO5"),
    ("flagship_capture_unsupported", "r@I5 b@M9 R@O0 B@I6", (), "I5xI6"),
    ("sectors_not_connected", BASIC, (), "O4-M5"),
    ("jump_across_two_orbits", BASIC, (), "O4-I4"),
    ("jump_onto_own", "r@O0 r@M0 b@O6 b@M9 R@I0 B@I6", (), "O0-M0"),
    ("capture_by_jump", "r@O9 b@O6 b@M9 R@I0 B@I6", (), "O9xM9"),
    ("nothing_to_swap", BASIC, (), "O4<>M4"),
    ("swap_along_orbit", "r@O5 b@O6 b@M9 R@I0 B@I6", (), "O5<>O6"),
    ("marker_mismatch", "r@O5 b@O6 b@M9 R@I0 B@I6", (), "O5-O6"),
    ("rotation_needs_two_ships", BASIC, (), "M+"),
    ("threefold_repetition", None, ("O-", "O+", "O-"), "O+"),
    ("game_over", "r@I11 r@M1 R@O6 B@I0 b@O9", ("M1-M0",), "O9-O10"),
]


def _violation_state(spec, prelude) -> GameState:
    state = GameState() if spec is None else state_of(spec)
    play(state, *prelude)
    return state


@pytest.mark.parametrize(
    ("code", "spec", "prelude", "action"), VIOLATION_CASES, ids=[c[0] for c in VIOLATION_CASES]
)
def test_violation_codes(code, spec, prelude, action):
    """第3条–第9条 / interpretations 1–6, 10 and ruling-11 (interpretation 12): each illegal
    action is rejected with its code, the code's rule references and a message; the
    position, ply, history, side to move and outcome stay as they were, and the same side
    may then act."""
    state = _violation_state(spec, prelude)
    before = snapshot(state)
    violation = state.play(Action.parse(action))
    assert violation is not None
    assert violation.code == code
    assert violation.rules
    assert violation.message("en")
    assert violation.message("ja")
    assert snapshot(state) == before
    assert action not in acts(state)
    if code != "game_over":
        legal = state.legal_actions()
        assert legal
        mover = state.turn
        assert state.play(legal[0]) is None
        assert state.turn == 1 - mover


def test_every_violation_code_is_covered():
    """rules.yaml: the table above exercises every violation code the engine defines."""
    assert {c[0] for c in VIOLATION_CASES} == set(VIOLATIONS.codes())


def test_illegal_action_at_start_changes_nothing_then_same_side_plays():
    """ruling-11 / interpretation 12: after an illegal action the same side acts again on
    the unchanged position."""
    state = GameState()
    for text in ("O0-O11", "I0xI6", "O4-I4", "O0-O3", "I6-I7"):
        assert state.play(Action.parse(text)) is not None
    assert state.position == STANDARD
    assert state.actions == []
    assert state.turn == RED
    play(state, "I11-I10")
    assert state.turn == BLUE


# ======================================================================================
# perft from the start (第3条–第9条)
# ======================================================================================


@pytest.mark.parametrize(("depth", "count"), [(1, 22), (2, 484), (3, 11405)])
def test_perft_from_start(depth, count):
    """第3条–第9条: perft from the starting set-up is 22, 484, 11405 at depths 1–3."""
    assert perft(GameState(), depth) == count


def test_perft_depth_two_matches_legal_actions_replay():
    """第3条–第9条: perft at depth 2 equals the count of legal replies to each legal first
    action, as seen through GameState."""
    total = 0
    for first in GameState().legal_actions():
        state = GameState()
        play(state, str(first))
        total += 0 if state.outcome() is not None else len(state.legal_actions())
    assert total == perft(GameState(), 2) == 484


# ======================================================================================
# an independent model of the readings, checked on random positions
# ======================================================================================


def _adjacent(o: int, n: int) -> list[tuple[int, int]]:
    out = [(o, (n + 1) % 12), (o, (n - 1) % 12)]
    out += [(o2, n) for o2 in (o - 1, o + 1) if 0 <= o2 < 3]
    return out


def _name(o: int, n: int) -> str:
    return f"{ORBIT_LETTERS[o]}{n % 12}"


def _cells(p: Position) -> dict[tuple[int, int], str]:
    flat = p.board_text().replace("/", "")
    return {(i // 12, i % 12): c for i, c in enumerate(flat) if c != "."}


def model_legal(p: Position) -> set[str]:
    """Interpretations 1–5 written out directly: the actions of the side to move."""
    cells = _cells(p)
    me = "r" if p.turn == RED else "b"

    def own(c):
        return c is not None and c.lower() == me

    def enemy(c):
        return c is not None and c.lower() != me

    out: set[str] = set()
    for (o, n), c in cells.items():
        if not own(c):
            continue
        for d in (1, -1):
            one, two = (o, (n + d) % 12), (o, (n + 2 * d) % 12)
            c1 = cells.get(one)
            if c1 is None:
                out.add(f"{_name(o, n)}-{_name(*one)}")
                if cells.get(two) is None:
                    out.add(f"{_name(o, n)}-{_name(*two)}")
            elif enemy(c1):
                # a normal ship, or the flagship with a different own ship adjacent to it
                supported = any(own(cells.get(t)) and t != (o, n) for t in _adjacent(*one))
                if c1.islower() or supported:
                    out.add(f"{_name(o, n)}x{_name(*one)}")
        for o2 in (o - 1, o + 1):
            if 0 <= o2 < 3:
                c2 = cells.get((o2, n))
                if c2 is None:
                    out.add(f"{_name(o, n)}-{_name(o2, n)}")
                elif enemy(c2):
                    out.add(f"{_name(o, n)}<>{_name(o2, n)}")
    for o in range(3):
        if sum(1 for (oo, _), c in cells.items() if oo == o and own(c)) >= 2:
            out |= {f"{ORBIT_LETTERS[o]}+", f"{ORBIT_LETTERS[o]}-"}
    return out


def model_result(p: Position, text: str) -> tuple[dict, str | None]:
    """Interpretations 2–7: the ships after the action and what it decides at once."""
    cells = _cells(p)
    me = "r" if p.turn == RED else "b"
    if text[1] in "+-":
        o, d = ORBIT_LETTERS.index(text[0]), 1 if text[1] == "+" else -1
        new = {((oo, (n + d) % 12) if oo == o else (oo, n)): c for (oo, n), c in cells.items()}
        captured = None
    else:
        m = re.fullmatch(r"([OMI])(\d+)(-|x|<>)([OMI])(\d+)", text)
        src = (ORBIT_LETTERS.index(m[1]), int(m[2]))
        dst = (ORBIT_LETTERS.index(m[4]), int(m[5]))
        new = dict(cells)
        ship = new.pop(src)
        captured = new[dst] if m[3] == "x" else None
        if m[3] == "<>":
            new[src] = new[dst]
        new[dst] = ship

    def pincer(cs):
        flag = next(s for s, c in cs.items() if c.lower() != me and c.isupper())
        return sum(1 for t in _adjacent(*flag) if cs.get(t, ".").lower() == me) >= 2

    if captured is not None and captured.isupper():
        return new, "flagship_capture"
    if captured is not None and not any(c.lower() != me and c.islower() for c in new.values()):
        return new, "annihilation"
    if pincer(new) and not pincer(cells):
        return new, "pincer"
    return new, None


@settings(max_examples=400, deadline=None)
@given(positions(plies=st.integers(0, 119), claims=False))
def test_legal_actions_match_model(p):
    """第3条–第7条 / interpretations 1–5: on random positions the engine's legal actions
    are exactly the model's."""
    assert acts(GameState(p)) == model_legal(p)


@settings(max_examples=200, deadline=None)
@given(positions(plies=st.integers(0, 119), claims=False))
def test_results_match_model(p):
    """第3条–第7条, 第10条 04–06 / interpretations 2–7: every legal action's result (ships,
    side to move, ply) and instant decision match the model."""
    for action in GameState(p).legal_actions():
        state = GameState(p)
        assert state.play(action) is None
        cells, reason = model_result(p, str(action))
        assert _cells(state.position) == cells, str(action)
        assert state.position.turn == 1 - p.turn
        assert state.position.ply == p.ply + 1
        outcome = state.outcome()
        if reason is None:
            assert outcome is None or outcome.reason not in {
                "flagship_capture",
                "annihilation",
                "pincer",
            }, str(action)
        else:
            assert outcome is not None, str(action)
            assert (outcome.reason, outcome.winner) == (reason, "red" if p.turn == RED else "blue")
            assert outcome.decided_at == p.ply + 1


@settings(max_examples=30, deadline=None)
@given(positions(plies=st.integers(0, 119), claims=False))
def test_check_agrees_with_legal_actions(p):
    """第3条 / interpretation 12: ``check`` accepts exactly the legal actions; every other
    parsable action gets a violation and ``play`` of it changes nothing."""
    state = GameState(p)
    legal = set(state.legal_actions())
    for action in every_action().values():
        violation = state.check(action)
        assert (violation is None) == (action in legal), str(action)
    before = snapshot(state)
    for action in list(every_action().values())[:200]:
        if action not in legal:
            assert state.play(action) is not None
    assert snapshot(state) == before

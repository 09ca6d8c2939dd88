"""Red/blue symmetry and replay determinism.

``colour_swapped(position)`` (in ``support``) exchanges the colours and turns every orbit
by six sectors.
The board (第2条: red I0/M0 gates and start, blue I6/M6) is symmetric under it, so every
rule must be: the legal actions of the image are the images of the legal actions (sectors
+6, rotations unchanged), results and outcomes correspond with the winner swapped, and perft
agrees. Replaying the same actions always gives the same game.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.board import BLUE, RED
from adjudicator.orbit_dominion.perft import perft
from tests.orbit_dominion.support import colour_swapped, positions

SWAP_WINNER = {"red": "blue", "blue": "red", "draw": "draw"}


def mirror(action: Action) -> Action:
    """The image of an action under the colour swap: every sector +6 on its orbit."""
    text = str(action)
    if text[1] in "+-":
        return action
    m = re.fullmatch(r"([OMI])(\d+)(-|x|<>)([OMI])(\d+)", text)
    return Action.parse(f"{m[1]}{(int(m[2]) + 6) % 12}{m[3]}{m[4]}{(int(m[5]) + 6) % 12}")


def outcome_tuple(state: GameState):
    o = state.outcome()
    return None if o is None else (o.winner, o.reason, o.decided_at)


def mirrored_outcome(t):
    return None if t is None else (SWAP_WINNER[t[0]], t[1], t[2])


# ======================================================================================
# the map itself
# ======================================================================================


def test_mirror_of_actions():
    """第2条 / interpretation 1: the image of I11-I10 is I5-I4, of O11xO0 is O5xO6, of
    O4<>M4 is O10<>M10; rotations keep their orbit and direction."""
    assert str(mirror(Action.parse("I11-I10"))) == "I5-I4"
    assert str(mirror(Action.parse("O11xO0"))) == "O5xO6"
    assert str(mirror(Action.parse("O4<>M4"))) == "O10<>M10"
    assert str(mirror(Action.parse("M+"))) == "M+"


def test_start_is_symmetric():
    """第2条: the starting set-up is its own image with the move passed to blue; blue's
    actions there are the images of red's at the start."""
    swapped = colour_swapped(STANDARD)
    assert swapped.board_text() == STANDARD.board_text()
    assert swapped.turn == BLUE
    red = {str(mirror(a)) for a in GameState().legal_actions()}
    blue = {str(a) for a in GameState(swapped).legal_actions()}
    assert red == blue
    assert len(blue) == 22


def test_mirrored_gate_control_for_blue():
    """第2条 / 第8条 03 / interpretation 8: the image of red taking I6+M6 is blue taking
    I0+M0, and blue wins the same way.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . b . . . . . B . .  .
    M   . . . . . . . r . . .  .
    I   R . . . . . r . . . .  .      (red's version; its image has blue on I0, M1)
    """
    red_start = Position.from_text("..b.....B.../.......r..../R.....r..... r 0 -")
    blue_start = colour_swapped(red_start)
    red_game, blue_game = GameState(red_start), GameState(blue_start)
    for text in ("M7-M6", "O2-O1"):
        assert red_game.play(Action.parse(text)) is None
        assert blue_game.play(mirror(Action.parse(text))) is None
    assert outcome_tuple(red_game) == ("red", "gate_control", 2)
    assert outcome_tuple(blue_game) == ("blue", "gate_control", 2)


# ======================================================================================
# properties on random positions
# ======================================================================================


@settings(max_examples=300, deadline=None)
@given(positions())
def test_legal_actions_map_under_colour_swap(p):
    """第3条–第9条 / interpretations 1–9: the legal actions of the colour-swapped position
    are exactly the images (sectors +6) of the original's; turn-start outcomes correspond
    with the winner swapped."""
    q = colour_swapped(p)
    a, b = GameState(p), GameState(q)
    assert {mirror(x) for x in a.legal_actions()} == set(b.legal_actions())
    assert mirrored_outcome(outcome_tuple(a)) == outcome_tuple(b)


@settings(max_examples=150, deadline=None)
@given(positions(plies=st.integers(0, 119)))
def test_results_map_under_colour_swap(p):
    """第4条–第7条, 第10条 04–06 / interpretations 2–7: each legal action's result is the
    image of the mirrored action's result, and what it decides corresponds."""
    q = colour_swapped(p)
    for action in GameState(p).legal_actions():
        a, b = GameState(p), GameState(q)
        assert a.play(action) is None
        assert b.play(mirror(action)) is None
        assert colour_swapped(a.position) == b.position
        assert mirrored_outcome(outcome_tuple(a)) == outcome_tuple(b)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_perft_two_equal_under_colour_swap(p):
    """第3条–第10条: perft at depth 2 of a position and of its colour-swapped image agree."""
    assert perft(GameState(p), 2) == perft(GameState(colour_swapped(p)), 2)


# ======================================================================================
# replay determinism (and symmetry along whole games)
# ======================================================================================


@st.composite
def lines(draw, length: int = 40) -> list[Action]:
    """A random line of legal actions from the start, stopping when the game ends."""
    state = GameState()
    out: list[Action] = []
    for _ in range(length):
        legal = sorted(state.legal_actions(), key=str)
        if not legal:
            break
        action = legal[draw(st.integers(0, len(legal) - 1))]
        assert state.play(action) is None
        out.append(action)
    return out


def _trace(state: GameState, actions) -> list:
    trace = [(state.position.text(), outcome_tuple(state))]
    for a in actions:
        assert state.play(a) is None
        trace.append((state.position.text(), outcome_tuple(state), state.occurrence_counts()))
    return trace


@settings(max_examples=60, deadline=None)
@given(lines())
def test_replay_is_deterministic(line):
    """第10条 06 / interpretation 12: replaying the same actions from the same start gives
    the same positions, histories and outcome — through play() or through strict
    attempt() of the canonical text."""
    first = _trace(GameState(), line)
    second = _trace(GameState(), line)
    assert first == second
    by_text = GameState()
    for a in line:
        reading, violation = by_text.attempt(str(a))
        assert violation is None
        assert reading.normalized is False
    assert by_text.position.text() == first[-1][0]
    assert by_text.actions == line
    assert outcome_tuple(by_text) == first[-1][1]


@settings(max_examples=40, deadline=None)
@given(lines(length=60))
def test_whole_game_symmetry(line):
    """第2条–第10条: the mirrored line played from the colour-swapped start gives the
    colour-swapped position after every action, the same repetition counts (and so the
    same threefold bans) and the corresponding outcome."""
    a, b = GameState(), GameState(colour_swapped(STANDARD))
    for action in line:
        assert a.play(action) is None
        assert b.play(mirror(action)) is None
        assert colour_swapped(a.position) == b.position
        assert sorted(a.occurrence_counts().values()) == sorted(b.occurrence_counts().values())
        assert {str(mirror(x)) for x in a.banned_actions()} == {str(x) for x in b.banned_actions()}
        assert mirrored_outcome(outcome_tuple(a)) == outcome_tuple(b)
    assert a.position.normal_ships(RED) == b.position.normal_ships(BLUE)

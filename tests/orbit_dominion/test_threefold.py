"""The threefold ban (第9条, ruling-9; interpretation 10).

A position is every ship's colour, kind and sector plus the side to move; the start is its
own first occurrence; an action whose resulting position already occurred twice is illegal
(threefold_repetition), even when it would win, whatever kind of action it is.

Boards are drawn as three rows (O, M, I), sectors 0–11 left to right.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.perft import perft
from adjudicator.orbit_dominion.rules import after
from tests.orbit_dominion.support import colour_swapped, play, pos


def names(actions) -> set[str]:
    return {str(a) for a in actions}


def replay(start: Position, moves) -> GameState:
    state = GameState(start)
    for a in moves:
        assert state.play(a) is None
    return state


def naive_perft(start: Position, moves: list, depth: int) -> int:
    """perft through GameState alone: replay the line for every node."""
    state = replay(start, moves)
    if depth == 0:
        return 1
    if state.outcome() is not None:
        return 0
    total = 0
    for a in state.legal_actions():
        if depth == 1:
            total += 1
            continue
        # a child whose game is over (by the action or at its turn start) counts 0
        total += naive_perft(start, [*moves, a], depth - 1)
    return total


# ======================================================================================
# the rulebook's example
# ======================================================================================


def test_rulebook_example_rotations():
    """第9条 / interpretation 10 (the rulebook's example): red O-, blue O+, red O-; blue's
    O+ would make the start occur a third time (the start counts as its first occurrence),
    so it is illegal (threefold_repetition) and not offered; everything stays."""
    state = GameState()
    play(state, "O-", "O+", "O-")
    action = Action.parse("O+")
    assert state.earlier_occurrences(action) == [0, 2]
    violation = state.check(action)
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert (violation.args["first"], violation.args["second"]) == (0, 2)
    assert violation.args["action"] == "O+"
    assert names(state.banned_actions()) == {"O+"}
    assert "O+" not in names(state.legal_actions())
    assert names(state.legal_actions()) | {"O+"} == names(state.pseudo_legal_actions())
    before = (state.position, list(state.actions), state.occurrence_counts())
    assert state.play(action) is not None
    assert (state.position, list(state.actions), state.occurrence_counts()) == before
    assert state.outcome() is None
    play(state, "O-")  # blue's other actions stay legal


def test_second_occurrence_is_allowed():
    """第9条 / interpretation 10: only a third occurrence is banned — after O-, O+ the
    start has occurred twice and red's O- (its result seen once) is legal."""
    state = GameState()
    play(state, "O-", "O+")
    assert state.occurrence_counts()[STANDARD.key] == 2
    assert state.earlier_occurrences(Action.parse("O-")) == [1]
    assert state.banned_actions() == []
    play(state, "O-")


def test_plies_reported_from_a_later_start():
    """第9条 / interpretation 10: the start is its own first occurrence at its own ply; the
    violation names the plies at which the position stood."""
    start = Position.from_text(STANDARD.text().replace(" 0 ", " 40 "))
    state = GameState(start)
    play(state, "O-", "O+", "O-")
    violation = state.check(Action.parse("O+"))
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert (violation.args["first"], violation.args["second"]) == (40, 42)


def test_nothing_banned_without_repetition():
    """第9条 / interpretation 10: with no position repeated no action is banned."""
    state = GameState()
    play(state, "I11-I10", "I5-I4", "O0-O1")
    assert state.banned_actions() == []
    assert names(state.legal_actions()) == names(state.pseudo_legal_actions())


# ======================================================================================
# what a position is
# ======================================================================================


def test_side_to_move_is_part_of_the_position():
    """第9条 / interpretation 10: the same ships with the other side to move are another
    position. Red's ship cycles O0 → O1 → O2 → O0 while blue's I6 ⇄ I7: the start board
    stands at ply 0 (red to move), ply 5 (blue to move) and ply 12 (red to move) — three
    times, yet blue's 12th action is legal because ply 5 had blue to move.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . . B . . . .  .
    M   . . . R . . . . . . .  .
    I   . . . . . . b . . . .  .      red to move
    """
    start = pos("r@O0 R@M3 B@O6 b@I6")
    state = GameState(start)
    red, blue = ["O0-O1", "O1-O2", "O2-O0"], ["I6-I7", "I7-I6"]
    boards = [state.position.board_text()]
    for i in range(6):
        play(state, red[i % 3])
        boards.append(state.position.board_text())
        if i < 5:
            play(state, blue[i % 2])
            boards.append(state.position.board_text())
    assert [i for i, b in enumerate(boards) if b == start.board_text()] == [0, 5]
    last = Action.parse(blue[5 % 2])
    assert state.earlier_occurrences(last) == [0]
    play(state, str(last))
    assert state.position.board_text() == start.board_text()
    assert state.occurrence_counts()[start.key] == 2


def test_individual_normal_ships_are_not_compared():
    """第9条 / interpretation 10: normal ships have no identity — six clockwise rotations
    bring red's O0 ship to O6 and its O6 ship to O0; that is the start again (second
    occurrence), and a third such return is banned.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . . r . . . .  .
    M   . . . B . . . . . . .  .
    I   R . . . . . b . . . .  .      red O+ six times, blue I6 ⇄ I7
    """
    start = pos("r@O0 r@O6 R@I0 B@M3 b@I6")
    state = GameState(start)
    blue = ["I6-I7", "I7-I6"]
    for i in range(6):
        play(state, "O+", blue[i % 2])
    assert state.position.ply == 12
    assert state.position.key == start.key
    assert state.occurrence_counts()[start.key] == 2
    for i in range(5):
        play(state, "O+", blue[i % 2])
    play(state, "O+")
    violation = state.check(Action.parse("I7-I6"))
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert (violation.args["first"], violation.args["second"]) == (0, 12)


def test_flagship_and_normal_ship_differ():
    """第9条 / interpretation 10: the kind of ship is compared — a flagship and a normal
    ship exchanging sectors make a different position."""
    a = pos("R@I0 r@M0 B@I6 b@M6")
    b = pos("r@I0 R@M0 B@I6 b@M6")
    assert a.key != b.key
    assert colour_swapped(a).key != a.key


# ======================================================================================
# the ban applies to every kind of action
# ======================================================================================


def test_ban_applies_to_swaps():
    """第9条 / interpretations 4, 10: swaps repeat like any action — red O4<>M4 and blue's
    O4<>M4 back restore the start; the fourth swap would make it occur a third time.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . r . . . . . .  .
    M   . . . . b . . . . . .  .
    I   R . . . . . B . . . .  .
    """
    start = pos("r@O4 b@M4 R@I0 B@I6")
    state = GameState(start)
    play(state, "O4<>M4", "O4<>M4", "O4<>M4")
    violation = state.check(Action.parse("O4<>M4"))
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert state.earlier_occurrences(Action.parse("O4<>M4")) == [0, 2]


def test_ban_applies_to_jumps():
    """第9条 / interpretations 4, 10: red's jump M4-O4 would bring back a position seen
    twice (the start, blue to move): illegal.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . r . . . . . .  .
    M   . . . . . . . . . . .  .
    I   R . . . . . b . . . .  B      blue to move; blue I6 ⇄ I7, red O4 ⇄ M4
    """
    start = pos("r@O4 R@I0 b@I6 B@I11", "b")
    state = GameState(start)
    play(state, "I6-I7", "O4-M4", "I7-I6", "M4-O4", "I6-I7", "O4-M4", "I7-I6")
    violation = state.check(Action.parse("M4-O4"))
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert "M4-O4" in names(state.banned_actions())


def test_ban_applies_to_navigation():
    """第9条 / interpretations 2, 10: the same shuffle with navigation: blue's I7-I6 would
    bring back the start a third time."""
    start = pos("r@O4 R@I0 b@I6 B@I11", "r")
    state = GameState(start)
    play(state, "O4-O5", "I6-I7", "O5-O4", "I7-I6", "O4-O5", "I6-I7", "O5-O4")
    violation = state.check(Action.parse("I7-I6"))
    assert violation is not None
    assert violation.code == "threefold_repetition"


def test_banned_even_when_it_would_win():
    """第9条 / interpretation 10: an action whose result already occurred twice is illegal
    even when it would win. Red steps I5 away from the blue flagship and back: the step
    back would make a new pincer (I5 and M6), but its position stood at plies 1 and 5.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   R . . . . . b . . . .  .
    M   . . . . . . r . . . .  .
    I   . . . . . r B . . . .  .      red to move
    """
    state = GameState(pos("R@O0 r@I5 r@M6 B@I6 b@O6"))
    play(state, "O0-O11", "O6-O7", "O11-O0", "O7-O6", "O0-O11", "O6-O7", "I5-I4", "O7-O6")
    action = Action.parse("I4-I5")
    _, reason = after(state.position, action)
    assert reason == "pincer"  # what the action would do, were it legal
    violation = state.check(action)
    assert violation is not None
    assert violation.code == "threefold_repetition"
    assert (violation.args["first"], violation.args["second"]) == (1, 5)
    assert state.play(action) is not None
    assert state.outcome() is None
    assert "I4-I5" not in names(state.legal_actions())


# ======================================================================================
# perft sees the history
# ======================================================================================


@pytest.mark.parametrize(
    "line",
    [
        ("O-", "O+", "O-"),
        ("O-", "O+"),
        ("I11-I10", "I5-I4", "I10-I11", "I4-I5"),
        ("O4<>M4", "O4<>M4", "O4<>M4"),
    ],
)
def test_perft_respects_the_ban(line):
    """第9条 / interpretation 10: perft counts only legal lines — the ban sees the start
    plus the line played — and agrees with a count made through GameState alone."""
    start = pos("r@O4 b@M4 R@I0 B@I6") if "<>" in line[0] else STANDARD
    state = GameState(start)
    play(state, *line)
    assert perft(state, 1) == len(state.legal_actions())
    moves = list(state.actions)
    assert perft(state, 2) == naive_perft(start, moves, 2)


def test_perft_line_reaching_a_ban():
    """第9条 / interpretation 10: from the start after O-, O+, blue's count at depth 2
    under red's O- misses exactly the banned O+."""
    state = GameState()
    play(state, "O-", "O+", "O-")
    assert perft(state, 1) == len(state.pseudo_legal_actions()) - 1


# ======================================================================================
# an independent count of occurrences on random, repetitive lines
# ======================================================================================


@st.composite
def repetitive_lines(draw, length: int = 40) -> list[Action]:
    """Random legal lines from the start that often head back to positions already seen
    (rotations and their reversals make repetitions frequent)."""
    state = GameState()
    out: list[Action] = []
    for _ in range(length):
        legal = sorted(state.legal_actions(), key=str)
        if not legal:
            break
        repeats = [a for a in legal if state.earlier_occurrences(a)]
        pool = repeats if repeats and draw(st.booleans()) else legal
        action = pool[draw(st.integers(0, len(pool) - 1))]
        assert state.play(action) is None
        out.append(action)
    return out


def _ident(p: Position) -> tuple[str, int]:
    """What 第9条 compares: the ships (colour, kind, sector — the board text) and the side
    to move."""
    return (p.board_text(), p.turn)


@settings(max_examples=60, deadline=None)
@given(repetitive_lines())
def test_ban_matches_an_independent_count(line):
    """第9条 / interpretation 10: at every step of a random line, an action is banned
    exactly when the position it leads to (board and side to move, counted here from the
    start and the line played) has occurred twice already; legal plus banned is everything
    the rules of play allow."""
    state = GameState()
    history = [_ident(state.position)]
    for action in line:
        if state.outcome() is None:
            pseudo = state.pseudo_legal_actions()
            expected_banned = set()
            for a in pseudo:
                probe = GameState(state.position)
                assert probe.play(a) is None
                if history.count(_ident(probe.position)) >= 2:
                    expected_banned.add(str(a))
            assert names(state.banned_actions()) == expected_banned
            assert names(state.legal_actions()) == names(pseudo) - expected_banned
        assert state.play(action) is None
        history.append(_ident(state.position))
    assert max(history.count(h) for h in history) <= 2


# ======================================================================================
# perft counts transposed positions once where that cannot change the count
# ======================================================================================


@settings(max_examples=5, deadline=None)
@given(repetitive_lines(length=24))
def test_transpositions_counted_once_give_the_count_of_every_line(line):
    """第9条: perft counts a position reached by several lines once in the last two
    actions; after random lines that keep coming back (where the ban bites), that gives the
    count of every line counted out."""
    state = GameState()
    for action in line:
        assert state.play(action) is None
    assert perft(state, 4) == perft(state, 4, share=False)

"""Positions and their text ``<O>/<M>/<I> <side> <ply> <claim>`` (第2条, 第8条 03, 第9条).

Cells run from sector 0 to 11 on each orbit: ``.`` empty, ``r``/``R`` red normal/flagship,
``b``/``B`` blue normal/flagship. The claim letter is the side to move's pending gate claim
(interpretation 8).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from adjudicator.core.errors import InputError
from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.board import BLUE, RED, SECTOR_NAMES
from tests.orbit_dominion.support import board, colour_swapped, pos, position_texts, sec

START = "r....bb....r/rr....bb..../R....bB....r r 0 -"


# --- reading and writing -----------------------------------------------------------------


def test_standard_text_round_trip():
    """第2条: the starting set-up is written r....bb....r/rr....bb..../R....bB....r r 0 -."""
    p = Position.from_text(START)
    assert p == STANDARD
    assert p.text() == START
    assert str(p) == START


def test_cells_map_to_sectors_zero_to_eleven_per_orbit():
    """第2条 / interpretation 1: each orbit's 12 cells are sectors 0 to 11 in order.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . r . . . . . . .  .
    M   . . . . . . . . . . .  B
    I   R . . . . . . . . . b  .
    """
    p = Position.from_text("...r......../...........B/R.........b. r 7 -")
    assert p.cell(sec("O3")) == "r"
    assert p.cell(sec("M11")) == "B"
    assert p.cell(sec("I0")) == "R"
    assert p.cell(sec("I10")) == "b"
    assert p.flags == (sec("I0"), sec("M11"))
    assert p.ply == 7
    assert p.turn == RED
    assert p.normal_ships(RED) == 1
    assert p.normal_ships(BLUE) == 1


def test_side_ply_and_claim_fields():
    """第8条 03 / interpretation 8: the side to move, the number of actions made and the
    side to move's claim (its letter, or ``-``) are read and written back.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .
    M   b . . . . . r . . . .  .      blue holds M0, red holds M6
    I   b B . . . . R . . . .  r
    """
    text = board("b@M0 b@I0 B@I1 r@M6 R@I6 r@I11") + " b 33 b"
    p = Position.from_text(text)
    assert p.turn == BLUE
    assert p.ply == 33
    assert p.claim is True
    assert p.text() == text


def test_normal_ships_do_not_count_flagship():
    """第8条 最大手数 / interpretation 9: normal ships are counted without the flagship."""
    p = pos("R@I0 r@O1 r@O2 r@O3 B@I6 b@M6")
    assert p.normal_ships(RED) == 3
    assert p.normal_ships(BLUE) == 1


def test_key_is_ships_and_side_to_move_only():
    """第9条 / interpretation 10: a position for repetition is every ship's colour, kind and
    sector plus the side to move — not the ply and not the claim."""
    a = pos("R@I0 r@M0 B@I6 b@M6", "r", 4)
    b = pos("R@I0 r@M0 B@I6 b@M6", "r", 90)
    c = pos("R@I0 r@M0 B@I6 b@M6", "b", 4)
    d = pos("r@I0 R@M0 B@I6 b@M6", "r", 4)  # kinds swapped on the same sectors
    assert a.key == b.key
    assert a.key != c.key
    assert a.key != d.key
    claimed = pos("R@I0 r@M0 r@I6 B@O6 b@M6", "r", 4, "r")
    unclaimed = pos("R@I0 r@M0 r@I6 B@O6 b@M6", "r", 4)
    assert claimed.key == unclaimed.key


def test_holds_enemy_gates():
    """第2条 / interpretation 8: red holds blue's gates with ships on I6 and M6 (flagship
    included); blue holds red's with ships on I0 and M0."""
    assert pos("r@I6 R@M6 B@O0 b@O1").holds_enemy_gates(RED)
    assert not pos("r@I6 R@M5 B@O0 b@O1").holds_enemy_gates(RED)
    assert pos("R@O5 r@O6 b@I0 B@M0").holds_enemy_gates(BLUE)
    assert not pos("R@O5 r@O6 b@I0 B@M1").holds_enemy_gates(BLUE)


def test_colour_swap_of_start_is_start():
    """第2条: the starting set-up is symmetric under swapping colours and turning the board
    half round (+6 on every orbit) — with red to move becoming blue to move."""
    swapped = colour_swapped(STANDARD)
    assert swapped.board_text() == STANDARD.board_text()
    assert swapped.turn == BLUE


def test_colour_swap_example():
    """第2条 / interpretation 1: colour swap exchanges r⇄b, R⇄B, moves every ship 6 sectors
    along its orbit and passes the move; ply and claim stay.

        0 1 2 3 4 5 6 7 8 9 10 11                 0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . . . . . . .  .            O     . . . . . . b . . . .  .
    M   . . . . . . r . . . .  .     ⇒      M     b . . . . . . . . . .  .
    I   R . . . . b B . . . .  .            I     R . . . . . B . . . .  r
    """
    p = pos("r@O0 r@M6 R@I0 b@I5 B@I6", "r", 12, "r")
    q = colour_swapped(p)
    assert q.text() == board("b@O6 b@M0 B@I6 r@I11 R@I0") + " b 12 b"
    assert colour_swapped(q) == p


# --- malformed positions ------------------------------------------------------------------


OK_BOARD = board("R@I0 r@M0 B@I6 b@M6")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("garbage", "not four parts"),
        (f"{OK_BOARD} r 0", "three parts"),
        (f"{OK_BOARD} r 0 - extra", "five parts"),
        (f"{OK_BOARD.replace('/', '', 1)} r 0 -", "two orbits"),
        (f"{OK_BOARD}/............ r 0 - ", "four orbits"),
        (f"{OK_BOARD[:-1]} r 0 -", "eleven cells on I"),
        (f"{OK_BOARD}. r 0 -", "thirteen cells on I"),
        (f"{OK_BOARD.replace('.', 'x', 1)} r 0 -", "unknown cell x"),
        (f"{OK_BOARD.replace('.', '0', 1)} r 0 -", "unknown cell 0"),
        (f"{board('R@I0 R@I1 r@M0 B@I6 b@M6')} r 0 -", "two red flagships"),
        (f"{board('r@I0 r@M0 B@I6 b@M6')} r 0 -", "no red flagship"),
        (f"{board('R@I0 r@M0 b@I6 b@M6')} r 0 -", "no blue flagship"),
        (
            f"{board('R@I0 r@O0 r@O1 r@O2 r@O3 r@O4 r@O5 B@I6 b@M6')} r 0 -",
            "six red normal ships",
        ),
        (
            f"{board('R@I0 r@M0 B@I6 b@O0 b@O1 b@O2 b@O3 b@O4 b@O5')} r 0 -",
            "six blue normal ships",
        ),
        (f"{OK_BOARD} x 0 -", "side x"),
        (f"{OK_BOARD} R 0 -", "side R"),
        (f"{OK_BOARD} red 0 -", "side red"),
        (f"{OK_BOARD} r 121 -", "ply over 120"),
        (f"{OK_BOARD} r -1 -", "negative ply"),
        (f"{OK_BOARD} r 01 -", "leading zero"),
        (f"{OK_BOARD} r one -", "ply not a number"),
        (f"{OK_BOARD} r 0 x", "claim x"),
        (f"{board('R@O0 r@I6 r@M6 B@O6 b@O7')} b 0 r", "claim letter not the side to move"),
        (f"{board('R@O0 r@M0 B@I6 b@O7')} r 0 r", "claim without an enemy gate"),
        (f"{board('R@O0 r@I0 B@O6 b@M1')} b 0 b", "blue claim without an enemy gate"),
    ],
)
def test_malformed_positions(text, why):
    """Position notation (interpretations 8 and 9): wrong cell count, unknown character,
    two flagships or none, more than five normal ships, a bad side, a ply outside 0–120,
    a claim letter that is not the side to move's, or a claim whose side holds neither
    enemy gate, is malformed_position."""
    with pytest.raises(InputError) as info:
        Position.from_text(text)
    assert info.value.code == "malformed_position", why


def test_malformed_position_names_field_and_expected_syntax():
    """Position notation: the error says where and what would have been accepted."""
    with pytest.raises(InputError) as info:
        Position.from_text("nonsense", field="start")
    assert info.value.field == "start"
    assert info.value.expected


@pytest.mark.parametrize("bad", [None, 42, b"r....bb....r/rr....bb..../R....bB....r r 0 -"])
def test_non_string_position_is_malformed(bad):
    """Position notation: only a string can be a position."""
    with pytest.raises(InputError) as info:
        Position.from_text(bad)
    assert info.value.code == "malformed_position"


def test_ply_120_and_claims_with_one_gate_are_accepted():
    """第8条 / interpretation 8: ply 120 is the last valid count; a claim is possible while
    its side still holds at least one enemy gate (one reply clears at most one)."""
    assert pos("R@I0 r@M0 B@I6 b@M6", "r", 120).ply == 120
    p = pos("R@O0 r@I6 B@O6 b@O7", "r", 3, "r")  # red holds I6 only
    assert p.claim is True
    assert not p.holds_enemy_gates(RED)


def test_position_after_capture():
    """第4条 / interpretation 2: after a capture the captured ship is gone for good, the
    capturer stands on its sector, the side to move switches and the ply grows by one.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r b . . . . . . . . .  .      red O0 takes blue O1
    M   . . . . . . b . . . .  .
    I   R . . . . . B . . . .  .
    """
    state = GameState(pos("r@O0 b@O1 R@I0 B@I6 b@M6", "r", 10))
    assert state.play(Action.parse("O0xO1")) is None
    after = state.position
    assert after.text() == board("r@O1 R@I0 B@I6 b@M6") + " b 11 -"
    assert after.normal_ships(BLUE) == 1
    assert after.normal_ships(RED) == 1
    assert after.turn == BLUE


# --- property: text round trip ------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(position_texts())
def test_text_round_trip(text):
    """Position notation: every valid position reads and writes back to the same text, and
    reading its text again gives an equal position; its cells match the text."""
    p = Position.from_text(text)
    assert p.text() == text
    assert Position.from_text(p.text()) == p
    cells = text.split()[0].replace("/", "")
    assert "".join(p.cell(s) for s in range(36)) == cells
    assert p.board_text() == text.split()[0]
    for s, ch in enumerate(cells):
        if ch in "RB":
            assert p.flags[RED if ch == "R" else BLUE] == s, SECTOR_NAMES[s]


@settings(max_examples=200, deadline=None)
@given(position_texts())
def test_colour_swap_is_an_involution(text):
    """第2条 / interpretation 1: swapping colours twice (12 sectors of turning) gives back
    the same position, and the swapped position is itself valid notation."""
    p = Position.from_text(text)
    q = colour_swapped(p)
    assert colour_swapped(q) == p
    assert Position.from_text(q.text()) == q
    assert q.normal_ships(RED) == p.normal_ships(BLUE)
    assert q.normal_ships(BLUE) == p.normal_ships(RED)

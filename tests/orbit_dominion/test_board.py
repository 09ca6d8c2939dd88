"""The board of 第2条 and the adjacency of 第7条 (interpretation 1).

The board is drawn in these tests as three rows, one per orbit, sectors 0–11 left to right:

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .      outer
    M   . . . . . . . . . . .  .      middle
    I   . . . . . . . . . . .  .      inner

Numbers grow clockwise, so "to the right" is clockwise and sector 11 wraps round to 0.
"""

from __future__ import annotations

import pytest

from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.board import (
    ADJACENT,
    BLUE,
    JUMP_TARGETS,
    OWN_GATES,
    RED,
    SECTOR_BY_NAME,
    SECTOR_NAMES,
    TARGET_GATES,
)
from tests.orbit_dominion.support import pos, sec, sectors_of


def names(mask: int) -> set[str]:
    return {SECTOR_NAMES[s] for s in sectors_of(mask)}


def acts(state: GameState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# --- sector names -------------------------------------------------------------------------


def test_thirty_six_sectors_named_o_m_i_zero_to_eleven():
    """第2条 / interpretation 1: the sectors are O0–O11, M0–M11, I0–I11 (36 in all)."""
    expected = [f"{o}{n}" for o in "OMI" for n in range(12)]
    assert list(SECTOR_NAMES) == expected
    assert len(set(SECTOR_NAMES)) == 36
    for name in expected:
        assert SECTOR_BY_NAME[name] == sec(name)


@pytest.mark.parametrize("bad", ["O12", "M-1", "X0", "I", "o0"])
def test_no_other_sector_names(bad):
    """第2条 / interpretation 1: only O0–O11, M0–M11, I0–I11 exist."""
    assert bad not in SECTOR_BY_NAME


# --- neighbours and adjacency ------------------------------------------------------------


@pytest.mark.parametrize(
    ("centre", "expected"),
    [
        ("I0", {"I11", "I1", "M0"}),  # the rulebook's example (第7条)
        ("M0", {"M11", "M1", "O0", "I0"}),  # the rulebook's example (第7条)
        ("O0", {"O11", "O1", "M0"}),
        ("O11", {"O10", "O0", "M11"}),
        ("M6", {"M5", "M7", "O6", "I6"}),
        ("I11", {"I10", "I0", "M11"}),
        ("M11", {"M10", "M0", "O11", "I11"}),
    ],
)
def test_adjacent_sectors(centre, expected):
    """第7条 / interpretation 1: the sectors adjacent to a sector are its two orbit
    neighbours (11 and 0 are neighbours) and the same number on the neighbouring orbits;
    I0 → I11, I1, M0 and M0 → M11, M1, O0, I0."""
    assert names(ADJACENT[sec(centre)]) == expected


def test_adjacency_is_symmetric_and_sized_by_orbit():
    """第7条 / interpretation 1: adjacency is symmetric; an outer or inner sector has three
    adjacent sectors, a middle sector four; a sector is never adjacent to itself."""
    for s in range(36):
        adjacent = sectors_of(ADJACENT[s])
        assert s not in adjacent
        assert len(adjacent) == (4 if SECTOR_NAMES[s][0] == "M" else 3)
        for t in adjacent:
            assert ADJACENT[t] >> s & 1, (SECTOR_NAMES[s], SECTOR_NAMES[t])


def test_jump_targets_only_same_number_on_neighbouring_orbit():
    """第2条/第5条 / interpretation 1: jumps go only Ok⇄Mk and Mk⇄Ik; never O⇄I."""
    for n in range(12):
        assert {SECTOR_NAMES[t] for t in JUMP_TARGETS[sec(f"O{n}")]} == {f"M{n}"}
        assert {SECTOR_NAMES[t] for t in JUMP_TARGETS[sec(f"M{n}")]} == {f"O{n}", f"I{n}"}
        assert {SECTOR_NAMES[t] for t in JUMP_TARGETS[sec(f"I{n}")]} == {f"M{n}"}


def test_eleven_and_zero_are_neighbours_in_play():
    """第2条 / interpretation 1: sector 11 and sector 0 are neighbours on every orbit, so a
    ship steps O11→O0, M0→M11 and I11→I0 in one sector.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  r
    M   r . . . . . B . . . .  .
    I   . . . . . . b . . . R  .      (red to move)
    """
    state = GameState(pos("r@O11 r@M0 R@I10 B@M6 b@I6"))
    legal = acts(state)
    assert {"O11-O0", "M0-M11", "I10-I11", "I10-I0"} <= legal


def test_numbers_increase_clockwise():
    """第2条/第6条 / interpretation 1: numbers grow clockwise, so a clockwise rotation (+1)
    takes the ship on O11 to O0 and the ship on O0 to O1.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . . . . . . .  r      → after O+:  r r . . . . . . . . . .
    """
    state = GameState(pos("r@O0 r@O11 R@I0 B@I6 b@M6"))
    assert state.play(Action.parse("O+")) is None
    assert state.position.board_text().split("/")[0] == "rr.........."


# --- gates and the starting set-up --------------------------------------------------------


def test_gates_are_fixed_sectors():
    """第2条 / interpretation 8: red's gates are I0 and M0, blue's I6 and M6; red must take
    I6 and M6, blue I0 and M0."""
    assert names(OWN_GATES[RED]) == {"I0", "M0"}
    assert names(OWN_GATES[BLUE]) == {"I6", "M6"}
    assert names(TARGET_GATES[RED]) == {"I6", "M6"}
    assert names(TARGET_GATES[BLUE]) == {"I0", "M0"}


def test_standard_setup_matches_article_2_table():
    """第2条: red (first) flagship I0, normal ships I11, M0, M1, O0, O11; blue flagship I6,
    normal ships I5, M6, M7, O5, O6; red moves first, no action made yet.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   r . . . . b b . . . .  r
    M   r r . . . . b b . . .  .
    I   R . . . . b B . . . .  r
    """
    p = STANDARD
    assert p.text() == "r....bb....r/rr....bb..../R....bB....r r 0 -"
    assert Position.standard() == p
    expected = {
        "I0": "R",
        "I11": "r",
        "M0": "r",
        "M1": "r",
        "O0": "r",
        "O11": "r",
        "I6": "B",
        "I5": "b",
        "M6": "b",
        "M7": "b",
        "O5": "b",
        "O6": "b",
    }
    for s in range(36):
        assert p.cell(s) == expected.get(SECTOR_NAMES[s], ".")
    assert p.turn == RED
    assert p.ply == 0
    assert p.claim is False
    assert p.normal_ships(RED) == p.normal_ships(BLUE) == 5
    assert GameState().position == p


def test_standard_start_legal_actions():
    """第3条–第6条 / interpretations 1, 2, 4, 5: the 22 legal actions of the start, worked
    out by hand — O0: O1, O2; O11: O10, O9, jump M11; M0: M11, M10; M1: M2, M3, jumps O1,
    I1; I0: I1, I2; I11: I10, I9, jump M11; and both rotations of each orbit."""
    expected = {
        "O0-O1",
        "O0-O2",
        "O11-O10",
        "O11-O9",
        "O11-M11",
        "M0-M11",
        "M0-M10",
        "M1-M2",
        "M1-M3",
        "M1-O1",
        "M1-I1",
        "I0-I1",
        "I0-I2",
        "I11-I10",
        "I11-I9",
        "I11-M11",
        "O+",
        "O-",
        "M+",
        "M-",
        "I+",
        "I-",
    }
    state = GameState()
    assert acts(state) == expected
    assert len(state.legal_actions()) == 22
    assert state.outcome() is None

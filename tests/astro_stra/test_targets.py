"""Step 4, T:ターゲット: every row T⚀–T⚅ and the readings it depends on.

「ターゲットに出来るのは自分のコマだけです」: every test checks that white's pieces never
appear, by giving white pieces where black's would match.
"""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.targets import check_target, targets
from tests.astro_stra.support import DEFAULT, pos, reading


def black_targets(text: str, dice: Dice, readings=DEFAULT):
    return targets(pos(text), "black", dice.t, dice, readings)


# --- T⚀: nearest home or nearest the start ----------------------------------------------


def test_T1_nearest_home_or_nearest_start() -> None:
    """T⚀ 「上がりに 1 番近いコマ 1 つ」 or 「振り出しに 1 番近いコマ 1 つ」."""
    assert black_targets("b:2=1,5=2,9=1 w:1=3", Dice(4, 1, 2)) == [(2,), (9,)]


def test_T1_home_and_start_pieces_included() -> None:
    """T⚀ 「（上がりのコマを含む）」「（振り出しのコマを含む）」."""
    assert black_targets("b:0=1,5=1,13=2 w:1=1", Dice(4, 1, 2)) == [(0,), (13,)]


def test_T1_one_point_is_both_nearest() -> None:
    assert black_targets("b:4=3 w:1=1", Dice(4, 1, 2)) == [(4,)]


# --- T⚁: a piece of a block ----------------------------------------------------------------


def test_T2_one_piece_of_a_block() -> None:
    """T⚁ 「ブロックのコマ 1 つ」: points 1–12 with two or more own pieces; the start and
    home are not points, and white's blocks are not black's."""
    text = "b:0=2,3=2,4=1,8=3,13=2 w:1=2,2=2"
    assert black_targets(text, Dice(4, 2, 2)) == [(3,), (8,)]


def test_T2_no_block_no_target() -> None:
    """Step 7's note: no block, nothing to target — step 4 is skipped."""
    assert black_targets("b:1=1,2=1 w:1=2", Dice(4, 2, 2)) == []


# --- T⚂: a blot or two adjacent blots -------------------------------------------------------


def test_T3_one_blot() -> None:
    """T⚂ 「ブロットのコマ 1 つ」: a lone own piece on a point 1–12."""
    assert black_targets("b:0=1,2=1,4=2,13=1 w:1=1", Dice(4, 3, 2)) == [(2,)]


def test_T3_two_adjacent_blots() -> None:
    """T⚂ 「隣接したブロットのコマ 2 つ」: blots on p and p + 1 may be taken together."""
    assert black_targets("b:2=1,3=1,5=1 w:1=2", Dice(4, 3, 2)) == [(2,), (2, 3), (3,), (5,)]


def test_T3_adjacent_blots_consecutive_crosses_outer_to_inner() -> None:
    """Reading adjacent_blots="consecutive": own 6 and 7 are adjacent."""
    r = reading(adjacent_blots="consecutive")
    assert black_targets("b:6=1,7=1 w:13=1", Dice(4, 3, 2), r) == [(6,), (6, 7), (7,)]


def test_T3_adjacent_blots_same_half_stops_at_the_halves() -> None:
    """Reading adjacent_blots="same-half": 6 (outer) and 7 (inner) are not adjacent; 7 and 8
    are."""
    r = reading(adjacent_blots="same-half")
    assert black_targets("b:6=1,7=1,8=1 w:13=1", Dice(4, 3, 2), r) == [(6,), (7,), (7, 8), (8,)]


def test_T3_a_block_between_breaks_adjacency() -> None:
    assert black_targets("b:2=1,3=2,4=1 w:1=1", Dice(4, 3, 2)) == [(2,), (4,)]


# --- T⚃: one or two pieces on the point numbered by the A die ------------------------------


def test_T4_one_or_two_pieces_on_the_A_point() -> None:
    """T⚃ 「A:アクションのダイスの目と同じ番号のマスのコマ 1 つか 2 つ」."""
    assert black_targets("b:4=3 w:1=1", Dice(1, 4, 4)) == [(4,), (4, 4)]
    assert black_targets("b:4=1 w:1=1", Dice(1, 4, 4)) == [(4,)]
    assert black_targets("b:3=1 w:1=1", Dice(1, 4, 4)) == []


def test_T4_reads_the_A_die_not_the_S_die() -> None:
    assert black_targets("b:2=1,5=1 w:13=1", Dice(2, 4, 5)) == [(5,)]


def test_T4_numbering_own_for_white() -> None:
    """Reading numbering="own": white's A die 2 names white's own point 2."""
    p = pos("b:2=2 w:2=2")
    assert targets(p, "white", 4, Dice(1, 4, 2), reading(numbering="own")) == [(2,), (2, 2)]


def test_T4_numbering_black_for_white() -> None:
    """Reading numbering="black": A die 2 names black's 2 = white's 5 (two rows) or white's
    11 (one loop); black itself is unaffected."""
    dice = Dice(1, 4, 2)
    two_rows = reading(numbering="black")
    assert targets(pos("b:3=1 w:2=2,5=1"), "white", 4, dice, two_rows) == [(5,)]
    assert targets(pos("b:3=1 w:2=2,5=1"), "black", 4, dice, two_rows) == []
    one_loop = reading(numbering="black", geometry="one-loop")
    assert targets(pos("b:3=1 w:2=2,11=2"), "white", 4, dice, one_loop) == [(11,), (11, 11)]


# --- T⚄: one piece on a point numbered by any die ------------------------------------------


def test_T5_any_die_all_three() -> None:
    """T⚄ 「何れかのダイスの目と同じ番号のマスのコマ 1 つ」, reading any_die="all-three":
    the S die counts too."""
    r = reading(any_die="all-three")
    assert black_targets("b:1=1,2=2,5=1,6=1 w:13=1", Dice(1, 5, 2), r) == [(1,), (2,), (5,)]


def test_T5_any_die_target_and_action() -> None:
    """Reading any_die="target-and-action": the S die does not count."""
    r = reading(any_die="target-and-action")
    assert black_targets("b:1=1,2=2,5=1,6=1 w:13=1", Dice(1, 5, 2), r) == [(2,), (5,)]


def test_T5_numbering_black_for_white() -> None:
    """Reading numbering="black": white reads each die as black's point (two rows: 7 − p)."""
    dice = Dice(1, 5, 3)
    p = pos("b:13=1 w:1=1,3=1,4=1,6=1")
    assert targets(p, "white", 5, dice, reading(numbering="own")) == [(1,), (3,)]
    assert targets(p, "white", 5, dice, reading(numbering="black")) == [(4,), (6,)]


# --- T⚅: one piece in the inner ------------------------------------------------------------


def test_T6_one_piece_in_the_inner() -> None:
    """T⚅ 「インナーの何れかのコマ 1 つ」: own points 7–12, not home."""
    assert black_targets("b:6=1,7=2,12=1,13=1 w:2=1,8=1", Dice(1, 6, 2)) == [(7,), (12,)]
    assert black_targets("b:1=1,13=3 w:7=2", Dice(1, 6, 2)) == []


# --- judging a recorded target ---------------------------------------------------------------


def test_step4_recorded_target_checked() -> None:
    p = pos("b:2=1,3=1,5=2 w:1=1")
    dice = Dice(4, 3, 2)
    assert check_target(p, "black", 3, dice, DEFAULT, (3, 2)) is None
    code, args = check_target(p, "black", 3, dice, DEFAULT, (5,))
    assert code == "target_not_available"
    assert args["row"] == "T⚂" and args["chosen"] == (5,) and (2, 3) in args["legal"]


def test_step7_note_step4_skipped_only_without_a_target() -> None:
    """Step 7's note: step 4 may be skipped only when nothing fits the row."""
    dice = Dice(4, 2, 2)
    assert check_target(pos("b:1=1,2=1 w:1=2"), "black", 2, dice, DEFAULT, ()) is None
    code, args = check_target(pos("b:1=2 w:1=2"), "black", 2, dice, DEFAULT, ())
    assert code == "target_skipped" and args["legal"] == [(1,)]


def test_t_pips_must_be_the_T_die() -> None:
    with pytest.raises(ValueError):
        targets(pos("b:1=2 w:1=2"), "black", 3, Dice(4, 2, 2), DEFAULT)

"""Step 5, A:アクション: every row A⚀–A⚅, the readings it depends on, two-piece targets and
judging a record's moves.

Default geometry (two rows): black's 1–6 are white's 6–1 and black's 7–12 white's 12–7, so
a white piece written on white's 3 stands on black's 4.
"""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.actions import Move, Outcome, apply, moves
from adjudicator.astro_stra.dice import Dice
from tests.astro_stra.support import DEFAULT, pos, reading


def black_moves(text: str, target: tuple[int, ...], dice: Dice, readings=DEFAULT):
    """Each outcome as (position text, moves) for black."""
    return [
        (o.position.text(), o.moves)
        for o in moves(pos(text), "black", target, dice.a, dice, readings)
    ]


def ends(text: str, target: tuple[int, ...], dice: Dice, readings=DEFAULT):
    """Each outcome's moves as (src, dst) pairs for black."""
    return [o.plain() for o in moves(pos(text), "black", target, dice.a, dice, readings)]


# --- A⚀: to the point numbered by the T die ------------------------------------------------


def test_A1_moves_to_the_T_point_from_the_start() -> None:
    """A⚀ 「T:ターゲットのダイスの目と同じ番号のマスへ移動」: start → black's 4."""
    assert black_moves("b:0=1,2=1 w:13=1", (0,), Dice(2, 4, 1)) == [
        ("b:2=1,4=1 w:13=1", (Move(0, 4, False),))
    ]


def test_A1_may_go_back() -> None:
    """A⚀ names a point, not a direction: 9 → 4."""
    assert ends("b:9=1 w:13=1", (9,), Dice(2, 4, 1)) == [((9, 4),)]


def test_A1_already_there_is_not_a_move() -> None:
    """A piece already on the T point cannot 「移動」 there: step 5 is skipped."""
    assert ends("b:4=1 w:13=1", (4,), Dice(2, 4, 1)) == []


def test_A1_blocked_and_hitting() -> None:
    """The move table: a white block on white's 3 bars black's 4; a blot there is hit."""
    assert ends("b:0=1 w:3=2", (0,), Dice(2, 4, 1)) == []
    assert black_moves("b:0=1 w:3=1", (0,), Dice(2, 4, 1)) == [("b:4=1 w:0=1", (Move(0, 4, True),))]


def test_A1_numbering_own_and_black_for_white() -> None:
    """Reading numbering: T die 4 is white's own 4, or black's 4 = white's 3 (two rows)."""
    p = pos("b:13=1 w:0=1")
    dice = Dice(2, 4, 1)
    own = moves(p, "white", (0,), 1, dice, reading(numbering="own"))
    assert [o.plain() for o in own] == [((0, 4),)]
    black = moves(p, "white", (0,), 1, dice, reading(numbering="black"))
    assert [o.plain() for o in black] == [((0, 3),)]


def test_A1_home_piece_leave_home() -> None:
    """Reading leave_home: T⚀ may target a home piece; by default no action moves it
    ("never"), under "allowed" A⚀ takes it back to the T point."""
    assert ends("b:13=1 w:1=1", (13,), Dice(2, 1, 1)) == []
    allowed = reading(leave_home="allowed")
    assert ends("b:13=1 w:2=1", (13,), Dice(2, 1, 1), allowed) == [((13, 1),)]


# --- A⚁: advance 1 or 2 -------------------------------------------------------------------


def test_A2_advance_one_or_two() -> None:
    """A⚁ 「1 か 2 マス進める」."""
    assert ends("b:3=1 w:13=1", (3,), Dice(1, 3, 2)) == [((3, 4),), ((3, 5),)]


def test_A2_block_bars_one_choice() -> None:
    """Black's 5 is white's 2: a white block there leaves only 3 → 4."""
    assert ends("b:3=1 w:2=2", (3,), Dice(1, 3, 2)) == [((3, 4),)]


def test_A2_both_choices_reaching_home_are_one() -> None:
    """Past home, overshoot: from 12 both 1 and 2 end at home — one outcome."""
    assert ends("b:12=1 w:1=1", (12,), Dice(1, 3, 2), reading(past_home="overshoot")) == [
        ((12, 13),)
    ]


def test_A2_exact_home_from_twelve() -> None:
    """Past home, exact: from 11, 1 reaches 12 and 2 reaches home exactly; from 12 only 1."""
    exact = reading(past_home="exact")
    assert ends("b:11=1 w:1=1", (11,), Dice(1, 3, 2), exact) == [((11, 12),), ((11, 13),)]
    assert ends("b:12=1 w:1=1", (12,), Dice(1, 3, 2), exact) == [((12, 13),)]


# --- A⚂: advance or go back 3 ---------------------------------------------------------------


def test_A3_advance_or_go_back_three() -> None:
    """A⚂ 「3 マス進めるか戻す」."""
    assert ends("b:5=1 w:13=1", (5,), Dice(1, 3, 3)) == [((5, 2),), ((5, 8),)]


def test_A3_going_back_hits_too() -> None:
    """The move table applies to any move: back onto white's blot on white's 5 (black's 2)."""
    assert black_moves("b:5=1 w:5=1", (5,), Dice(1, 3, 3))[0] == (
        "b:2=1 w:0=1",
        (Move(5, 2, True),),
    )


def test_A3_past_start_stop() -> None:
    """Reading past_start="stop": 2 − 3 ends at the start."""
    assert ends("b:2=1 w:13=1", (2,), Dice(1, 3, 3), reading(past_start="stop")) == [
        ((2, 0),),
        ((2, 5),),
    ]


def test_A3_past_start_forbidden() -> None:
    """Reading past_start="forbidden": going back 3 from 2 is not available."""
    assert ends("b:2=1 w:13=1", (2,), Dice(1, 3, 3), reading(past_start="forbidden")) == [((2, 5),)]


def test_A3_past_home_overshoot_and_exact() -> None:
    """Reading past_home: 11 + 3 ends at home (overshoot) or is not available (exact)."""
    assert ends("b:11=1 w:13=1", (11,), Dice(1, 3, 3), reading(past_home="overshoot")) == [
        ((11, 8),),
        ((11, 13),),
    ]
    assert ends("b:11=1 w:13=1", (11,), Dice(1, 3, 3), reading(past_home="exact")) == [((11, 8),)]


def test_A3_start_piece_cannot_go_back() -> None:
    assert ends("b:0=1 w:13=1", (0,), Dice(1, 3, 3)) == [((0, 3),)]


def test_A3_home_piece_goes_back_only_when_leaving_home_is_allowed() -> None:
    assert ends("b:13=1 w:1=1", (13,), Dice(1, 1, 3), reading(leave_home="never")) == []
    allowed = reading(leave_home="allowed")
    assert ends("b:13=1 w:1=1", (13,), Dice(1, 1, 3), allowed) == [((13, 10),)]


# --- A⚃: advance by any die's pips ------------------------------------------------------------


def test_A4_any_die_all_three() -> None:
    """A⚃ 「何れかのダイスの目の分進める」, any_die="all-three": S 6, T 2, A 4."""
    r = reading(any_die="all-three")
    assert ends("b:1=1 w:13=1", (1,), Dice(6, 2, 4), r) == [((1, 3),), ((1, 5),), ((1, 7),)]


def test_A4_any_die_target_and_action() -> None:
    """Reading any_die="target-and-action": the S die's 6 is not a choice."""
    r = reading(any_die="target-and-action")
    assert ends("b:1=1 w:13=1", (1,), Dice(6, 2, 4), r) == [((1, 3),), ((1, 5),)]


def test_A4_equal_dice_are_one_choice() -> None:
    assert ends("b:1=1 w:13=1", (1,), Dice(4, 4, 4)) == [((1, 5),)]


# --- A⚄: advance by the T die, twice -------------------------------------------------------


def test_A5_advance_by_T_twice() -> None:
    """A⚄ 「T:ターゲットのダイスの目の分 2 回進める」: 1 → 4 → 7, two moves."""
    assert black_moves("b:1=1 w:13=1", (1,), Dice(1, 3, 5)) == [
        ("b:7=1 w:13=1", (Move(1, 4, False), Move(4, 7, False)))
    ]


def test_A5_block_on_the_first_stop_bars_the_action() -> None:
    """The first move is a move: a white block on black's 4 (white's 3) bars it, though 7
    is free."""
    assert ends("b:1=1 w:3=2", (1,), Dice(1, 3, 5)) == []


def test_A5_first_move_may_hit_true() -> None:
    """Reading first_move_may_hit=True: the first move hits white's blot on black's 4."""
    r = reading(first_move_may_hit=True)
    assert black_moves("b:1=1 w:3=1", (1,), Dice(1, 3, 5), r) == [
        ("b:7=1 w:0=1", (Move(1, 4, True), Move(4, 7, False)))
    ]


def test_A5_first_move_may_hit_false() -> None:
    """Reading first_move_may_hit=False: the first move may not end on an opposing blot;
    the second may still hit (black's 7 is white's 12)."""
    r = reading(first_move_may_hit=False)
    assert ends("b:1=1 w:3=1", (1,), Dice(1, 3, 5), r) == []
    assert black_moves("b:1=1 w:12=1", (1,), Dice(1, 3, 5), r) == [
        ("b:7=1 w:0=1", (Move(1, 4, False), Move(4, 7, True)))
    ]


def test_A5_overshoot_on_the_second_move() -> None:
    assert ends("b:8=1 w:13=1", (8,), Dice(1, 3, 5)) == [((8, 11), (11, 13))]
    assert ends("b:8=1 w:13=1", (8,), Dice(1, 3, 5), reading(past_home="exact")) == []


def test_A5_first_move_reaching_home() -> None:
    """10 + 3 is home after the first move: overshoot ends there (the second would pass
    home too); exact cannot land the second move, so the action is not available."""
    assert ends("b:10=1 w:13=1", (10,), Dice(1, 3, 5), reading(past_home="overshoot")) == [
        ((10, 13),)
    ]
    assert ends("b:10=1 w:13=1", (10,), Dice(1, 3, 5), reading(past_home="exact")) == []


# --- A⚅: outer → inner advancing 6, inner → outer going back 6 -----------------------------


def test_A6_outer_to_inner() -> None:
    """A⚅ 「アウターからインナーへ 6 マス進める」: 2 → 8."""
    assert ends("b:2=1 w:13=1", (2,), Dice(1, 3, 6)) == [((2, 8),)]


def test_A6_inner_to_outer() -> None:
    """A⚅ 「インナーからアウターへ 6 マス戻す」: 9 → 3."""
    assert ends("b:9=1 w:13=1", (9,), Dice(1, 3, 6)) == [((9, 3),)]


def test_A6_start_and_home_not_available() -> None:
    """The start and home are neither outer nor inner."""
    assert ends("b:0=1 w:13=1", (0,), Dice(1, 1, 6)) == []
    assert ends("b:13=1 w:1=1", (13,), Dice(1, 1, 6), reading(leave_home="allowed")) == []


def test_A6_blocked() -> None:
    """Black's 8 is white's 11."""
    assert ends("b:2=1 w:11=2", (2,), Dice(1, 3, 6)) == []


# --- two-piece targets ------------------------------------------------------------------------


def test_two_piece_target_each_piece_chooses_lower_first() -> None:
    """T⚂ two adjacent blots with A⚁: each piece advances 1 or 2, the lower one first."""
    assert ends("b:2=1,3=1 w:13=1", (2, 3), Dice(1, 3, 2)) == [
        ((2, 3), (3, 4)),
        ((2, 3), (3, 5)),
        ((2, 4), (3, 4)),
        ((2, 4), (3, 5)),
    ]


def test_two_piece_target_needs_both_pieces_able() -> None:
    """If one piece cannot perform the action it 「他のルールに違反してしまう」: step 5 is
    skipped. Black's 9 is white's 10."""
    assert ends("b:2=1,3=1 w:10=2", (2, 3), Dice(1, 3, 6)) == []
    assert ends("b:2=1,3=1 w:13=1", (2, 3), Dice(1, 3, 6)) == [((2, 8), (3, 9))]


def test_two_piece_target_second_piece_sees_the_first_hit() -> None:
    """The lower piece hits white's blot on black's 4; the second then lands on its own."""
    outcome = moves(pos("b:2=1,3=1 w:3=1"), "black", (2, 3), 2, Dice(1, 3, 2), DEFAULT)
    hits = {o.plain(): [m.hit for m in o.moves] for o in outcome}
    assert hits[((2, 4), (3, 4))] == [True, False]
    assert hits[((2, 3), (3, 4))] == [False, True]


def test_two_pieces_from_one_point_listed_once() -> None:
    """T⚃ two pieces on one point are interchangeable: (5, 6) and (6, 5) are one way."""
    assert ends("b:4=2 w:13=1", (4, 4), Dice(1, 4, 2)) == [
        ((4, 5), (4, 5)),
        ((4, 5), (4, 6)),
        ((4, 6), (4, 6)),
    ]


def test_target_must_be_there() -> None:
    with pytest.raises(ValueError):
        moves(pos("b:4=1 w:13=1"), "black", (4, 4), 2, Dice(1, 4, 2), DEFAULT)
    with pytest.raises(ValueError):
        moves(pos("b:4=1 w:13=1"), "black", (), 2, Dice(1, 4, 2), DEFAULT)
    with pytest.raises(ValueError):
        moves(pos("b:4=1 w:13=1"), "black", (4,), 3, Dice(1, 4, 2), DEFAULT)


# --- judging a record's moves -------------------------------------------------------------------


def test_step5_recorded_moves_give_the_outcome() -> None:
    p = pos("b:1=1 w:3=1")
    outcome = apply(p, "black", (1,), 5, Dice(1, 3, 5), DEFAULT, [(1, 4), (4, 7)])
    assert isinstance(outcome, Outcome)
    assert outcome.position == pos("b:7=1 w:0=1")
    assert outcome.moves == (Move(1, 4, True), Move(4, 7, False))


def test_step5_two_pieces_from_one_point_in_either_order() -> None:
    p = pos("b:4=2 w:13=1")
    a = apply(p, "black", (4, 4), 2, Dice(1, 4, 2), DEFAULT, [(4, 6), (4, 5)])
    b = apply(p, "black", (4, 4), 2, Dice(1, 4, 2), DEFAULT, [(4, 5), (4, 6)])
    assert isinstance(a, Outcome) and isinstance(b, Outcome)
    assert a.position == b.position == pos("b:5=1,6=1 w:13=1")


def test_step5_move_onto_a_block_is_not_available() -> None:
    code, args = apply(pos("b:3=1 w:2=2"), "black", (3,), 2, Dice(1, 3, 2), DEFAULT, [(3, 5)])
    assert code == "action_not_available"
    assert args["row"] == "A⚁" and args["cause"] == "blocked"
    assert args["legal"] == [((3, 4),)] and args["chosen"] == ((3, 5),)


def test_step5_wrong_distance_is_not_available() -> None:
    code, args = apply(pos("b:3=1 w:13=1"), "black", (3,), 2, Dice(1, 3, 2), DEFAULT, [(3, 6)])
    assert code == "action_not_available" and args["cause"] is None


def test_step5_two_pieces_lower_first() -> None:
    """The reading of a two-piece target: the piece on the lower point moves first."""
    p = pos("b:2=1,3=1 w:13=1")
    code, _ = apply(p, "black", (2, 3), 2, Dice(1, 3, 2), DEFAULT, [(3, 4), (2, 3)])
    assert code == "action_not_available"


def test_step7_note_step5_skipped_only_when_impossible() -> None:
    """Step 7's note: step 5 may be skipped only when the action cannot be performed."""
    code, args = apply(pos("b:3=1 w:13=1"), "black", (3,), 2, Dice(1, 3, 2), DEFAULT, [])
    assert code == "action_skipped" and args["legal"] == [((3, 4),), ((3, 5),)]
    p = pos("b:1=1 w:3=2")
    assert apply(p, "black", (1,), 5, Dice(1, 3, 5), DEFAULT, []) == Outcome(p, ())


def test_step5_impossible_action_cannot_be_recorded() -> None:
    code, args = apply(pos("b:1=1 w:3=2"), "black", (1,), 5, Dice(1, 3, 5), DEFAULT, [(1, 4)])
    assert code == "action_not_available" and args["legal"] == [] and args["cause"] == "blocked"
    code, args = apply(pos("b:1=1 w:13=1"), "black", (1,), 2, Dice(1, 3, 2), DEFAULT, [(1, 20)])
    assert args["cause"] == "not_a_point"

"""The board: geometry, positions and their text, 「コマを移動できるマス」 and single steps.

Under the default geometry ("two-rows") black's point p is white's point:

    black  1 2 3 4 5 6 | 7  8  9  10 11 12
    white  6 5 4 3 2 1 | 12 11 10 9  8  7
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.astro_stra.board import (
    BACK,
    DEFAULT_LAYOUT,
    FORWARD,
    HOME,
    START,
    Position,
    move_piece,
    opposite,
    start_position,
    step,
)
from adjudicator.astro_stra.readings import GEOMETRIES, Readings
from adjudicator.core.errors import InputError
from tests.astro_stra.support import pos, positions, reading

# --- geometry: 「インナーとアウターの計 2 回すれ違います」 ----------------------------------


def test_geometry_two_rows_examples() -> None:
    """Default geometry: black's 1 is white's 6, black's 7 is white's 12 (7 − p, 19 − p)."""
    assert opposite(1, "two-rows") == 6
    assert opposite(6, "two-rows") == 1
    assert opposite(7, "two-rows") == 12
    assert opposite(12, "two-rows") == 7
    assert [opposite(p) for p in range(1, 13)] == [6, 5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7]


def test_geometry_two_rows_keeps_outer_and_inner() -> None:
    """「インナーとアウターの計 2 回すれ違います」: under two rows the sides pass each other
    in the outer and again in the inner, so the outer maps onto the outer."""
    assert {opposite(p) for p in range(1, 7)} == set(range(1, 7))
    assert {opposite(p) for p in range(7, 13)} == set(range(7, 13))


def test_geometry_one_loop_examples() -> None:
    """Reading geometry="one-loop": p ↔ 13 − p, so black's 1 is white's 12."""
    assert opposite(1, "one-loop") == 12
    assert opposite(12, "one-loop") == 1
    assert opposite(6, "one-loop") == 7


@given(st.integers(1, 12), st.sampled_from(GEOMETRIES))
def test_geometry_is_an_involution(point: int, geometry) -> None:
    """Both geometries: the other side's other side is oneself, and points stay on the board."""
    image = opposite(point, geometry)
    assert 1 <= image <= 12
    assert opposite(image, geometry) == point


@pytest.mark.parametrize("point", [0, 13, -1, 14, True])
def test_geometry_start_and_home_are_not_shared(point) -> None:
    """用語「振り出し」「上がり」: outside points 1 and 12, each side's own — no opposite."""
    with pytest.raises(ValueError):
        opposite(point, "two-rows")


# --- positions ---------------------------------------------------------------------------


def test_default_layout_is_the_assumed_figure() -> None:
    """「コマを上図の様に列べます」 — the figure is missing; assumed: six pieces a side, two on
    each own point 1, 2 and 3, sharing no point under either geometry."""
    assert start_position() == DEFAULT_LAYOUT
    assert DEFAULT_LAYOUT.text() == "b:1=2,2=2,3=2 w:1=2,2=2,3=2"
    for side in ("black", "white"):
        assert DEFAULT_LAYOUT.pieces(side) == 6
        assert DEFAULT_LAYOUT.occupied(side) == (1, 2, 3)
    for geometry in GEOMETRIES:
        assert DEFAULT_LAYOUT.clashes(geometry) == ()


def test_a_record_may_give_another_layout() -> None:
    """The layout is part of a record's set-up: text or a Position replaces the default."""
    assert start_position("b:0=3 w:0=3") == Position((3,) + (0,) * 13, (3,) + (0,) * 13)
    assert start_position(DEFAULT_LAYOUT) is DEFAULT_LAYOUT


def test_blot_and_block_are_on_points_only() -> None:
    """用語「ブロット」「ブロック」 are about マス 1–12: the start and home hold any number."""
    p = pos("b:0=1,4=1,5=2,13=3 w:13=1")
    assert p.is_blot("black", 4) and not p.is_block("black", 4)
    assert p.is_block("black", 5) and not p.is_blot("black", 5)
    assert not p.is_blot("black", START) and not p.is_block("black", HOME)
    assert not p.is_blot("black", 6)
    assert p.occupied("black") == (4, 5)
    assert p.pieces("black") == 7


def test_opponent_at_reads_the_physical_point() -> None:
    """Two rows: white's block on its 2 stands on black's 5; nobody meets at start or home."""
    p = pos("b:1=1 w:0=2,2=2,13=2")
    assert p.opponent_at("black", 5, "two-rows") == 2
    assert p.opponent_at("black", 2, "two-rows") == 0
    assert p.opponent_at("black", START, "two-rows") == 0
    assert p.opponent_at("black", HOME, "two-rows") == 0
    assert p.opponent_at("white", 6, "two-rows") == 1  # black's 1
    assert p.opponent_at("black", 11, "one-loop") == 2  # white's 2 under one loop


def test_step7_all_home() -> None:
    """Step 7: a side wins when all its pieces are home."""
    assert pos("b:13=6 w:1=1").all_home("black")
    assert not pos("b:12=1,13=5 w:1=1").all_home("black")


def test_position_text_examples() -> None:
    p = pos("b:0=2,1=1,13=3 w:4=1,12=5")
    assert p.black == (2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3)
    assert p.white[4] == 1 and p.white[12] == 5
    assert p.text() == "b:0=2,1=1,13=3 w:4=1,12=5"
    assert str(p) == p.text()


@given(st.sampled_from(GEOMETRIES).flatmap(positions))
def test_position_text_round_trip(p: Position) -> None:
    assert Position.from_text(p.text()) == p


@pytest.mark.parametrize(
    "text",
    [
        "",
        "b:1=2",
        "w:1=2 b:1=2",
        "b:1=2 w:1=2 x:1=1",
        "b:1=2 w:",
        "b:14=1 w:1=1",
        "b:1=0 w:1=1",
        "b:1=1,1=1 w:1=1",
        "b:1 w:1=1",
        "b:1=-1 w:1=1",
        "b:01=1 w:1=1",
        "B:1=1 w:1=1",
    ],
)
def test_position_text_refuses_malformed(text: str) -> None:
    with pytest.raises(InputError) as caught:
        Position.from_text(text)
    assert caught.value.code == "malformed_position"
    assert caught.value.field == "position"
    assert caught.value.expected


def test_position_text_refuses_non_strings_and_unordered_points() -> None:
    with pytest.raises(InputError):
        Position.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(InputError) as caught:
        Position.from_text("b:3=1,1=2 w:1=1", field="start")
    assert caught.value.field == "start"
    assert caught.value.suggestion == "b:1=2,3=1 w:1=1"


def test_position_text_refuses_both_sides_on_one_point_under_a_geometry() -> None:
    """The move table never puts both sides on one point: black's 1 is white's 6 (two rows)
    and white's 12 (one loop)."""
    text = "b:1=1 w:6=1"
    assert Position.from_text(text).clashes("two-rows") == (1,)
    with pytest.raises(InputError, match="white's point 6"):
        Position.from_text(text, geometry="two-rows")
    assert Position.from_text(text, geometry="one-loop").text() == text


def test_position_values_refuse_impossible_counts() -> None:
    with pytest.raises(ValueError):
        Position((1,) * 13, (1,) * 14)
    with pytest.raises(ValueError):
        Position((-1,) + (1,) * 13, (1,) * 14)
    with pytest.raises(ValueError):
        Position((0,) * 14, (1,) * 14)


# --- 「コマを移動できるマス」 ---------------------------------------------------------------

# black on 1 and 2; white: a blot on its 1 (black's 6), a block on its 3 (black's 4)
TABLE = pos("b:1=1,2=2 w:1=1,3=2,13=1")


def test_move_table_empty_point_takes_any_piece() -> None:
    """Row 「コマが無いマス」: black 1 → 3 (white's 4, empty)."""
    after, hit = move_piece(TABLE, "black", 1, 3, "two-rows")
    assert not hit
    assert after == pos("b:2=2,3=1 w:1=1,3=2,13=1")


def test_move_table_own_point_stacks() -> None:
    """Row 「自分のコマが有るマス」: black 1 → 2 onto its own two pieces."""
    after, hit = move_piece(TABLE, "black", 1, 2, "two-rows")
    assert not hit
    assert after.count("black", 2) == 3


def test_move_table_blot_is_hit_back_to_its_owners_start() -> None:
    """Row 「相手のコマが 1 つだけ有るマス」 / 用語「ヒット」: black 1 → 6 lands on white's 1;
    the white piece goes back to white's start, then the black piece moves in."""
    after, hit = move_piece(TABLE, "black", 1, 6, "two-rows")
    assert hit
    assert after == pos("b:2=2,6=1 w:0=1,3=2,13=1")


def test_move_table_block_bars_the_point() -> None:
    """Row 「相手のコマが 2 つ以上有るマス」: black 1 → 4 would land on white's block (its 3)."""
    assert move_piece(TABLE, "black", 1, 4, "two-rows") == (
        "blocked",
        {"side": "black", "src": 1, "dst": 4, "opponent": 2},
    )


def test_move_table_depends_on_geometry() -> None:
    """One loop: black's 6 is white's 7 (empty), so the two-rows hit above is a plain move."""
    after, hit = move_piece(pos("b:1=1 w:1=1"), "black", 1, 6, "one-loop")
    assert not hit and after == Position.from_text("b:6=1 w:1=1", geometry="one-loop")


def test_move_table_start_and_home_meet_nobody() -> None:
    """The start and home are each side's own: white pieces there never block or get hit."""
    p = pos("b:11=1,12=1 w:0=3,13=3")
    after, hit = move_piece(p, "black", 12, HOME, "two-rows")
    assert not hit and after.count("black", HOME) == 1
    after, hit = move_piece(p, "black", 11, START, "two-rows")
    assert not hit and after.count("white", START) == 3


def test_move_table_needs_a_piece_and_a_change_of_place() -> None:
    assert move_piece(TABLE, "black", 5, 6, "two-rows") == (
        "no_piece",
        {"side": "black", "src": 5, "dst": 6},
    )
    assert move_piece(TABLE, "black", 2, 2, "two-rows")[0] == "same_point"


def test_move_table_home_is_final_unless_the_reading_allows_leaving() -> None:
    """Reading leave_home: by default a home piece is never moved by its own side."""
    p = pos("b:13=1 w:1=1")
    assert move_piece(p, "black", HOME, 10, "two-rows")[0] == "home_is_final"
    after, _ = move_piece(p, "black", HOME, 10, "two-rows", leave_home=True)
    assert after == pos("b:10=1 w:1=1")


def test_move_table_white_uses_its_own_numbering() -> None:
    """White 2 → 5 lands on white's 5 = black's 2, a black blot: hit to black's start."""
    after, hit = move_piece(pos("b:2=1 w:2=1"), "white", 2, 5, "two-rows")
    assert hit and after == pos("b:0=1 w:5=1")


@given(
    st.sampled_from(GEOMETRIES).flatmap(lambda g: st.tuples(st.just(g), positions(g))),
    st.sampled_from(("black", "white")),
    st.integers(0, 13),
    st.integers(0, 13),
)
def test_move_table_conserves_pieces_and_never_mixes_sides(case, side, src, dst) -> None:
    """A move never changes either side's number of pieces (a hit piece goes to the start,
    not off the board), and never leaves both sides on one point."""
    geometry, p = case
    result = move_piece(p, side, src, dst, geometry, leave_home=True)
    if isinstance(result[0], str):
        return
    after, hit = result
    other = "white" if side == "black" else "black"
    assert after.pieces("black") == p.pieces("black")
    assert after.pieces("white") == p.pieces("white")
    assert after.clashes(geometry) == ()
    assert after.count(other, START) == p.count(other, START) + hit


# --- single steps: past home, past the start -----------------------------------------------


def test_step_forward_and_back() -> None:
    r = Readings()
    assert step(3, 3, FORWARD, r) == 6
    assert step(3, 3, BACK, r) == 0
    assert step(0, 6, FORWARD, r) == 6
    assert step(10, 3, FORWARD, r) == HOME


def test_step_past_home_overshoot_ends_at_home() -> None:
    """Reading past_home="overshoot": 11 + 3 would pass 上がり and ends there."""
    assert step(11, 3, FORWARD, reading(past_home="overshoot")) == HOME


def test_step_past_home_exact_is_not_available() -> None:
    """Reading past_home="exact": only an exact count reaches 上がり."""
    r = reading(past_home="exact")
    assert step(11, 3, FORWARD, r) is None
    assert step(11, 2, FORWARD, r) == HOME


def test_step_past_start_stop_ends_at_the_start() -> None:
    """Reading past_start="stop": 2 − 3 would pass 振り出し and ends there."""
    assert step(2, 3, BACK, reading(past_start="stop")) == START


def test_step_past_start_forbidden_is_not_available() -> None:
    r = reading(past_start="forbidden")
    assert step(2, 3, BACK, r) is None
    assert step(3, 3, BACK, r) == START


def test_step_nowhere_further_from_home_or_start() -> None:
    """A piece at home cannot advance, nor one at the start go back; back from home only
    under leave_home="allowed"."""
    r = Readings()
    assert step(HOME, 1, FORWARD, r) is None
    assert step(START, 1, BACK, r) is None
    assert step(HOME, 3, BACK, r) is None
    assert step(HOME, 3, BACK, reading(leave_home="allowed")) == 10


def test_step_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        step(3, 0, FORWARD, Readings())
    with pytest.raises(ValueError):
        step(3, 1, 0, Readings())
    with pytest.raises(ValueError):
        step(14, 1, FORWARD, Readings())

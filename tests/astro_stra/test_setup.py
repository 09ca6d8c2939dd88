"""The set-up: a layout a game can start from, the opening roll deciding black (ties rolled
again) and the alternating draft."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.references import VIOLATIONS
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.astro_stra.setup import check_draft, check_layout, check_opening, colours_of

DRAFT = ["red", "purple", "green", "yellow", "blue", "cyan"]


def test_setup_order_ties_are_rolled_again_and_the_higher_die_plays_black() -> None:
    assert check_opening([(3, 3), (5, 2)]) is None


@pytest.mark.parametrize(
    ("rolls", "code"),
    [
        ([], "opening_missing"),
        ([(7, 2)], "opening_die_value"),
        ([(4, 2), (5, 1)], "opening_not_a_tie"),
        ([(2, 5)], "opening_wrong_first"),
        ([(3, 3)], "opening_wrong_first"),
    ],
)
def test_setup_order_violations(rolls, code: str) -> None:
    problem = check_opening(rolls)
    assert problem is not None and problem[0] == code
    assert VIOLATIONS(problem[0], **problem[1]).message("ja")


def test_setup_draft_alternates_from_black() -> None:
    assert check_draft(DRAFT, sets=1) is None
    assert colours_of(DRAFT) == {
        "black": ("red", "green", "blue"),
        "white": ("purple", "yellow", "cyan"),
    }


@pytest.mark.parametrize(
    ("picks", "sets", "code"),
    [
        (DRAFT[:5], 1, "draft_count"),
        (["red", "red", *DRAFT[2:]], 1, "draft_taken"),
        (["red", "pink", *DRAFT[2:]], 1, "draft_colour"),
        (["red", "purple", "red", *DRAFT[3:]], 2, "draft_twice"),
    ],
)
def test_setup_draft_violations(picks: list[str], sets: int, code: str) -> None:
    problem = check_draft(picks, sets)
    assert problem is not None and problem[0] == code
    assert VIOLATIONS(problem[0], **problem[1]).message("en")


def test_setup_draft_two_sets_allow_the_same_character_on_both_sides() -> None:
    assert check_draft(["red", "red", "green", "green", "blue", "blue"], sets=2) is None


@pytest.mark.parametrize(
    ("layout", "code"),
    [
        ("b:1=2,2=2,3=1 w:13=2", "layout_decided"),  # step 7 would decide it before turn 1
        ("b:13=1 w:1=2", "layout_decided"),
        ("b:1=6,2=5,3=5 w:10=2", "layout_pieces"),  # a backgammon set: 15 a colour
        ("b:1=2 w:6=2", "layout_shared_point"),  # black's 1 is white's 6 (two rows)
    ],
)
def test_setup_layout_that_cannot_start_a_game_is_refused(layout: str, code: str) -> None:
    """初期配置: the layout is a position before any turn; one already decided, with more
    pieces than the set or with both sides on one point is refused at the set-up, with its
    own violation citing the layout."""
    problem = check_layout(Position.from_text(layout), "two-rows")
    assert problem is not None and problem[0] == code
    violation = VIOLATIONS(problem[0], **problem[1])
    assert "setup-layout" in violation.rules
    assert violation.message("ja") and violation.message("en")


def test_setup_layout_some_pieces_home_or_at_the_start_is_a_layout() -> None:
    for layout in ("b:1=2,2=2,3=1 w:12=1,13=2", "b:0=2,1=13 w:0=15", "b:1=2,2=2,3=2 w:1=2,2=2,3=2"):
        assert check_layout(Position.from_text(layout), "two-rows") is None
    assert check_layout(Position.from_text("b:1=2 w:12=2"), "one-loop") == (
        "layout_shared_point",
        {"point": 1, "theirs": 12},
    )


def test_setup_layout_is_judged_before_the_opening_roll_is_played() -> None:
    """The record's verdict: invalid at ply 1 (the set-up), not a game won at step 7."""
    decided = AstroStraReplay(Readings(), 1, Position.from_text("b:1=2,2=2,3=1 w:13=2"))
    step = decided.attempt("opening 3-3 5-2", lenient=False)
    assert step.violation is not None and step.violation.code == "layout_decided"
    assert decided.outcome() is None

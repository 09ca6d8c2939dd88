"""The set-up: the opening roll decides black (ties rolled again) and the alternating draft."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.references import VIOLATIONS
from adjudicator.astro_stra.setup import check_draft, check_opening, colours_of

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

"""The dice of a turn after the skill (steps 2–3) and the points their pips name."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.dice import Dice, numbered_point, row
from tests.astro_stra.support import reading


def test_table_rows_are_named_as_in_the_rulebook() -> None:
    assert row("T", 3) == "T⚂"
    assert row("A", 5) == "A⚄"
    assert [row("A", n) for n in range(1, 7)] == ["A⚀", "A⚁", "A⚂", "A⚃", "A⚄", "A⚅"]


@pytest.mark.parametrize("pips", [0, 7, -1, True, 2.0])
def test_pips_are_one_to_six_after_the_skill(pips) -> None:
    with pytest.raises(ValueError):
        Dice(pips, 1, 1)
    with pytest.raises(ValueError):
        row("T", pips)


def test_any_die_all_three_or_target_and_action() -> None:
    """Reading any_die (T⚄, A⚃): 「何れかのダイス」 is S, T and A, or only T and A."""
    dice = Dice(6, 2, 2)
    assert dice.any_die(reading(any_die="all-three")) == (2, 6)
    assert dice.any_die(reading(any_die="target-and-action")) == (2,)


def test_numbered_point_own_or_black() -> None:
    """Reading numbering (T⚃, T⚄, A⚀): black always reads its own point; white reads its own,
    or black's (two rows: 7 − p; one loop: 13 − p)."""
    assert numbered_point("black", 2, reading(numbering="black")) == 2
    assert numbered_point("white", 2, reading(numbering="own")) == 2
    assert numbered_point("white", 2, reading(numbering="black")) == 5
    assert numbered_point("white", 2, reading(numbering="black", geometry="one-loop")) == 11

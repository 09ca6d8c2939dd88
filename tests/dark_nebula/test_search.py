"""Searching for the base and its appearance (10.1–10.7)."""

from __future__ import annotations

import pytest

from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.search import appear, check_searches, concealment, end_of_step
from adjudicator.dark_nebula.state import Situation
from tests.dark_nebula import support
from tests.dark_nebula.support import BOARD, code

DEFAULT = Readings()


def started(base: str | None = "nafaelas") -> Situation:
    s = support.started()
    s.base.sector = base
    # ゲームの展開 第2帝国軍ターン: cruiser and command ship sent on to search
    s.remove("tyrann", "empire", "command_ship")
    s.place("nafaelas", "empire", "command_ship")
    s.place("raibia", "empire", "cruiser")
    return s


def test_10_1_command_ship_sector_and_one_more() -> None:
    s = started()
    assert check_searches(s, ["nafaelas", "raibia"], DEFAULT) is None
    assert check_searches(s, ["raibia"], DEFAULT) is None


@pytest.mark.parametrize(
    ("sectors", "expected"),
    [
        (["nafaelas", "raibia", "tyrann"], "too_many_searches"),
        (["earth"], "search_not_allowed"),  # no imperial counter there
        (["raibia", "tyrann"], "search_not_allowed"),  # two, neither with the command ship
        (["nafaelas", "nafaelas"], "search_not_allowed"),
    ],
)
def test_10_1_searches_not_allowed(sectors: list[str], expected: str) -> None:
    assert code(check_searches(started(), sectors, DEFAULT)) == expected


def test_10_1_without_command_ship_one_or_none() -> None:
    s = started()
    s.remove("nafaelas", "empire", "command_ship")
    assert check_searches(s, ["raibia"], DEFAULT) is None
    assert code(check_searches(s, ["raibia", "tyrann"], DEFAULT)) == "too_many_searches"
    strict = Readings(search_sectors="none-without-command-ship")
    assert code(check_searches(s, ["raibia"], strict)) == "too_many_searches"


def test_10_2_a_searched_base_must_appear_there() -> None:
    s = started()
    assert code(concealment(s, ["nafaelas"], None)) == "concealed_base"
    assert concealment(s, ["nafaelas"], "nafaelas") is None
    assert concealment(s, ["raibia"], None) is None
    assert concealment(started(base=None), ["nafaelas"], None) is None  # unknown: deferred


def test_10_2_appearance_brings_the_stock_and_10_4_fixes_the_value() -> None:
    s = started()
    s.base.square = 2
    s.base.stock["cruiser"] = 2
    assert appear(s, "nafaelas") is None
    assert s.at("nafaelas", "rebel") == {"secret_base": 1, "cruiser": 2}
    assert s.base.fixed_value == 3 and not s.base.stock
    assert code(end_of_step(s, None)) is None
    assert s.base.value(BOARD) == 3


def test_10_6_never_hidden_again() -> None:
    s = started()
    assert appear(s, "nafaelas") is None
    assert code(appear(s, "nafaelas")) == "already_revealed"


def test_10_5_base_with_imperial_counters_restricts_the_sector() -> None:
    s = started()
    assert appear(s, "nafaelas") is None
    assert end_of_step(s, None) is None
    assert s.restricted == "nafaelas"
    s.remove("nafaelas", "empire", "command_ship")
    assert end_of_step(s, None) is None
    assert s.restricted is None


def test_10_5_hidden_base_restricts_nothing() -> None:
    """Interpretation 12: only a base on the board. The base's sector holds the command
    ship, yet the hidden base restricts nothing, and its roll (10.7) ends the step."""
    s = started()
    assert end_of_step(s, 1) is None
    assert s.restricted is None


@pytest.mark.parametrize(("roll", "square"), [(1, 0), (2, 1), (6, 1)])
def test_10_7_roll_beats_the_value_to_rise(roll: int, square: int) -> None:
    s = started()
    assert end_of_step(s, roll) is None
    assert s.base.square == square


def test_10_7_roll_is_required_while_hidden_and_not_after() -> None:
    s = started()
    assert code(end_of_step(s, None)) == "base_roll"
    assert code(end_of_step(s, 7)) == "die_value"
    assert appear(s, "nafaelas") is None
    assert code(end_of_step(s, 3)) == "base_roll"


def test_10_7_top_of_the_table_does_not_rise() -> None:
    """10.7: at the top of the table a roll that beats the value is still a roll, the step
    ends, and the base stays where it is."""
    s = started()
    s.base.square = 5
    assert end_of_step(s, 6) is None
    assert s.base.square == 5

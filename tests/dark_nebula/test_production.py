"""Set-up (3.1–3.2) and production (6.1–6.7, 7.1–7.4) checks on the default board."""

from __future__ import annotations

import pytest

from adjudicator.dark_nebula.production import (
    Placement,
    base_sector_problem,
    budget,
    check_base_production,
    check_production,
    check_rebel_setup,
    own_sectors,
    produce,
    produce_on_base,
)
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.state import Situation
from tests.dark_nebula.support import BOARD, OPENING, code, started

DEFAULT = Readings()
#: Interpretation 17 switched: the empire's budget may buy battleships and guard ships.
ANY_KIND = Readings(empire_budget="any-kind")


def test_3_2_the_strategy_notes_opening_is_legal() -> None:
    assert check_rebel_setup(Situation(BOARD), OPENING) is None


@pytest.mark.parametrize(
    ("placements", "expected"),
    [
        (OPENING[:3], "rebel_setup_mix"),
        ([*OPENING[:3], Placement("battleship", "earth")], "rebel_setup_mix"),
        ([*OPENING[:3], Placement("guard_ship", "tyrann")], "rebel_setup_sector"),
        ([*OPENING[:3], Placement("guard_ship", "nebula-2")], "rebel_setup_sector"),
        ([*OPENING[:3], Placement("guard_ship", "earth")], "rebel_setup_crowded"),
        (
            [OPENING[0], Placement("battleship", "raibia"), *OPENING[2:]],
            "battleship_low_production",
        ),
    ],
)
def test_3_2_rebel_setup_violations(placements: list[Placement], expected: str) -> None:
    assert code(check_rebel_setup(Situation(BOARD), placements)) == expected


def test_3_1_base_anywhere_but_the_capital() -> None:
    assert code(base_sector_problem("tyrann")) == "base_in_capital"
    assert base_sector_problem("nebula-3") is None


def test_3_2_imperial_start() -> None:
    s = started()
    assert s.at("tyrann", "empire") == {"imperial_guard": 1, "command_ship": 1, "cruiser": 1}


def test_6_1_first_imperial_turn_cruiser_and_extra_battleship() -> None:
    """ゲームの展開 第1帝国軍ターン: a cruiser from タイラント's 3, a battleship besides (6.4)."""
    s = started()
    builds = [Placement("cruiser", "tyrann")]
    extra = Placement("battleship", "tyrann")
    assert check_production(s, "empire", builds, extra, DEFAULT) is None
    produce(s, "empire", builds, extra)
    assert s.at("tyrann", "empire")["cruiser"] == 2


def test_6_1_over_budget() -> None:
    s = started()
    builds = [Placement("cruiser", "tyrann"), Placement("cruiser", "tyrann")]
    assert check_production(s, "empire", builds, None, DEFAULT) == (
        "over_budget",
        {"cost": 6, "budget": 3},
    )


def test_6_1_first_rebel_budget_and_two_battleships_at_raigerin() -> None:
    """ゲームの展開 第1反乱軍ターン: with ザレク lost, 地球 + ライゲリン + ラディア buy two
    battleships, both placed at ライゲリン."""
    s = started()
    s.remove("zarek", "rebel", "battleship")
    assert budget(s, "rebel", own_sectors(s, "rebel", DEFAULT)) == 6
    builds = [Placement("battleship", "raigerin")] * 2
    assert check_production(s, "rebel", builds, None, DEFAULT) is None


def test_6_2_only_in_own_sectors_and_two_per_sector() -> None:
    s = started()
    assert (
        code(check_production(s, "rebel", [Placement("guard_ship", "nafaelas")], None, DEFAULT))
        == "placement_not_own_sector"
    )
    s.place("earth", "rebel", "guard_ship", 3)
    three = [Placement("guard_ship", "earth")] * 3
    assert code(check_production(s, "rebel", three, None, DEFAULT)) == "placement_limit"


def test_6_2_new_counters_make_no_new_own_sector() -> None:
    s = started()
    assert "zarek" not in s.own_sectors("empire")
    extra = Placement("guard_ship", "zarek")
    assert code(check_production(s, "empire", [], extra, DEFAULT)) == "placement_not_own_sector"
    builds = [Placement("guard_ship", "zarek")]
    assert code(check_production(s, "empire", builds, None, ANY_KIND)) == (
        "placement_not_own_sector"
    )


def test_6_3_imperial_ships_only_at_tyrann() -> None:
    s = started()
    s.place("zarek", "empire", "battleship")
    builds = [Placement("cruiser", "zarek")]
    assert code(check_production(s, "empire", builds, None, DEFAULT)) == (
        "imperial_ship_outside_capital"
    )
    assert check_production(s, "empire", [Placement("guard_ship", "zarek")], None, ANY_KIND) is None


def test_2_3_6_4_the_empire_budget_buys_ships_only() -> None:
    """Interpretation 17: battleships and guard ships come to the empire only as the 6.4
    extra; its budget buys the command ship, cruisers and new cruisers (ゲームの展開: "a
    battleship and a cruiser" on turn 1)."""
    s = started()
    for kind in ("battleship", "guard_ship"):
        builds = [Placement(kind, "tyrann")]
        assert code(check_production(s, "empire", builds, None, DEFAULT)) == ("heavy_only_as_extra")
        assert check_production(s, "empire", builds, None, ANY_KIND) is None
        assert check_production(s, "empire", [], Placement(kind, "tyrann"), DEFAULT) is None


def test_6_4_extra_is_one_heavy_counter_outside_the_budget_anywhere_own() -> None:
    s = started()
    s.place("zarek", "empire", "cruiser")
    assert check_production(s, "empire", [], Placement("guard_ship", "zarek"), DEFAULT) is None
    assert (
        code(check_production(s, "empire", [], Placement("cruiser", "tyrann"), DEFAULT))
        == "extra_counter"
    )
    assert (
        code(check_production(s, "rebel", [], Placement("battleship", "earth"), DEFAULT))
        == "extra_counter"
    )


def test_6_4_extra_counts_toward_two_unless_switched() -> None:
    s = started()
    s.place("zarek", "empire", "cruiser")
    two = [Placement("guard_ship", "zarek")]
    s.place("tyrann", "empire", "cruiser")
    builds = [*two, Placement("guard_ship", "zarek")]
    extra = Placement("battleship", "zarek")
    assert code(check_production(s, "empire", builds, extra, ANY_KIND)) == "placement_limit"
    separate = Readings(extra_counts_toward_two="separate", empire_budget="any-kind")
    assert check_production(s, "empire", builds, extra, separate) is None


def test_6_5_rebels_build_battleships_and_guard_ships_only() -> None:
    s = started()
    builds = [Placement("cruiser", "earth")]
    assert code(check_production(s, "rebel", builds, None, DEFAULT)) == "not_buildable"
    assert (
        code(check_production(s, "empire", [Placement("imperial_guard", "tyrann")], None, DEFAULT))
        == "not_buildable"
    )


def test_2_3_counter_mix_limits_production() -> None:
    """ゲームの展開: once all four battleships are out, the empire gets no more."""
    s = started()
    s.remove("zarek", "rebel", "battleship")
    s.place("raigerin", "rebel", "battleship", 2)
    s.place("tyrann", "empire", "battleship")
    assert s.left("battleship") == 0
    assert (
        code(check_production(s, "empire", [], Placement("battleship", "tyrann"), DEFAULT))
        == "counter_unavailable"
    )


def test_10_5_restricted_sector_gives_no_budget_and_no_place() -> None:
    s = started()
    s.place("zarek", "empire", "battleship")
    s.restricted = "zarek"
    assert budget(s, "empire", own_sectors(s, "empire", DEFAULT)) == 3
    extra = Placement("guard_ship", "zarek")
    assert code(check_production(s, "empire", [], extra, DEFAULT)) == "sector_restricted"


def test_7_1_base_builds_within_its_own_value() -> None:
    s = started()
    assert code(check_base_production(s, ["cruiser"], DEFAULT)) == "base_over_budget"
    s.base.square = 2
    assert check_base_production(s, ["cruiser"], DEFAULT) is None
    produce_on_base(s, ["cruiser"])
    assert s.base.stock["cruiser"] == 1 and s.in_use("cruiser") == 2


def test_7_2_base_kinds_and_new_cruiser_unlock() -> None:
    s = started()
    s.base.square = 5
    assert code(check_base_production(s, ["new_cruiser"], DEFAULT)) == "new_cruiser_locked"
    s.new_cruiser_unlocked = True
    assert check_base_production(s, ["new_cruiser"], DEFAULT) is None
    assert code(check_base_production(s, ["battleship"], DEFAULT)) == "base_counter_kind"
    assert (
        check_base_production(s, ["battleship"], Readings(base_builds="also-rebel-kinds")) is None
    )


def test_7_3_revealed_base_builds_into_its_sector() -> None:
    s = started()
    s.base.square, s.base.sector, s.base.revealed = 3, "radia", True
    produce_on_base(s, ["cruiser"])
    assert s.at("radia", "rebel")["cruiser"] == 1 and not s.base.stock


def test_7_4_counters_the_base_built_count_once_on_the_board() -> None:
    """Interpretation 10: the base counter gives its sector nothing (7.1, 7.4), a cruiser it
    built standing in Nafaelas makes Nafaelas the rebels' (6.0) — unless switched."""
    s = started()
    s.place("nafaelas", "rebel", "cruiser")
    assert budget(s, "rebel", own_sectors(s, "rebel", DEFAULT)) == 10
    assert (
        check_production(s, "rebel", [Placement("guard_ship", "nafaelas")], None, DEFAULT) is None
    )
    apart = Readings(own_sectors="base-counters-apart")
    assert budget(s, "rebel", own_sectors(s, "rebel", apart)) == 8
    builds = [Placement("guard_ship", "nafaelas")]
    assert code(check_production(s, "rebel", builds, None, apart)) == "placement_not_own_sector"
    s.place("nebula-3", "rebel", "secret_base")
    # the base itself: never a sector's production
    assert budget(s, "rebel", own_sectors(s, "rebel", DEFAULT)) == 10

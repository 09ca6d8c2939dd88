"""Movement, 8.0–8.3, on the default board and on small hand-made maps.

The part of the default map these tests lean on:

    the nebula is a ring       nebula-1 — nebula-2 — nebula-3 — nebula-4 — nebula-5 — nebula-1
    its ways in                raibia — nebula-1, imobu — nebula-2, nafaelas — nebula-3,
                               raigerin — nebula-4 (nebula-5 has no normal neighbour)
    tyrann's neighbours        raibia, imobu, zarek, sector-9 (none in the nebula)
"""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.dark_nebula.board import CRUISER, GUARD, Sector, default_board
from adjudicator.dark_nebula.movement import distances, move_problem, reachable

BOARD = default_board()
CRUISER_MOVES = BOARD.kinds[CRUISER].movement  # 2 (8.0, 9.5)


def graph(edges: str, nebula: str = "") -> SimpleNamespace:
    """A stand-in board: ``"a-b b-c"`` joins a to b and b to c; ``nebula`` names the nebula
    sectors. The movement functions read only ``by_id``."""
    neighbours: dict[str, list[str]] = {}
    for edge in edges.split():
        a, b = edge.split("-")
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for name in nebula.split():
        neighbours.setdefault(name, [])
    dark = set(nebula.split())
    sectors = [
        Sector(id=s, name=s, production=1, nebula=s in dark, neighbours=ns)
        for s, ns in neighbours.items()
    ]
    return SimpleNamespace(id="test", by_id={s.id: s for s in sectors})


def test_default_board_values_used_here() -> None:
    assert CRUISER_MOVES == 2
    assert BOARD.by_id["nebula-1"].nebula and not BOARD.by_id["raibia"].nebula
    assert "nebula-1" in BOARD.by_id["raibia"].neighbours
    assert "nebula-1" not in BOARD.by_id["tyrann"].neighbours


# --- 8.0: up to the allowance, start included --------------------------------------------


def test_8_0_start_is_always_reachable() -> None:
    for reading in ("one-step", "each-step"):
        for allowance in (0, 1, 3):
            assert "tyrann" in reachable(BOARD, "tyrann", allowance, nebula=reading)
            assert move_problem(BOARD, "tyrann", "tyrann", allowance, nebula=reading) is None


def test_8_0_allowance_one_reaches_the_neighbours() -> None:
    expected = {"tyrann", *BOARD.by_id["tyrann"].neighbours}
    assert reachable(BOARD, "tyrann", 1) == expected
    assert reachable(BOARD, "tyrann", 1, nebula="each-step") == expected


def test_8_0_cruiser_from_tyrann_each_step() -> None:
    assert reachable(BOARD, "tyrann", CRUISER_MOVES, nebula="each-step") == {
        "tyrann",
        "raibia",
        "imobu",
        "zarek",
        "sector-9",
        "nafaelas",
        "radia",
        "earth",
        "nebula-1",
        "nebula-2",
    }


def test_8_3_cruiser_from_tyrann_one_step_stops_outside_the_nebula() -> None:
    assert reachable(BOARD, "tyrann", CRUISER_MOVES) == {
        "tyrann",
        "raibia",
        "imobu",
        "zarek",
        "sector-9",
        "nafaelas",
        "radia",
        "earth",
    }


def test_8_0_too_far_names_the_distance() -> None:
    assert distances(BOARD, "tyrann")["raigerin"] == 3
    assert move_problem(BOARD, "tyrann", "raigerin", CRUISER_MOVES) == (
        "too_far",
        {"src": "tyrann", "dst": "raigerin", "allowance": 2, "distance": 3},
    )
    assert move_problem(BOARD, "tyrann", "raigerin", 3) is None


def test_8_0_disconnected_distance_is_none() -> None:
    g = graph("a-b c-d")
    assert reachable(g, "a", 5) == {"a", "b"}
    assert move_problem(g, "a", "c", 5) == (
        "too_far",
        {"src": "a", "dst": "c", "allowance": 5, "distance": None},
    )
    assert move_problem(g, "a", "c", 5, nebula="each-step")[0] == "too_far"


# --- 8.1: allowance 0 ---------------------------------------------------------------------


def test_8_1_allowance_zero_never_moves() -> None:
    assert BOARD.kinds[GUARD].movement == 0
    for reading in ("one-step", "each-step"):
        assert reachable(BOARD, "tyrann", 0, nebula=reading) == {"tyrann"}
        code, args = move_problem(BOARD, "tyrann", "zarek", 0, nebula=reading)
        assert code == "immobile"
        assert args["src"] == "tyrann" and args["dst"] == "zarek" and args["allowance"] == 0
    # Even a neighbouring nebula sector: 8.1 is broken, not 8.3.
    assert move_problem(BOARD, "raibia", "nebula-1", 0)[0] == "immobile"


# --- 8.2: enemies never block (occupancy is not an input) ---------------------------------


def test_8_2_paths_ignore_who_stands_where() -> None:
    # The functions take no occupancy at all: every neighbour is a step.
    assert reachable(BOARD, "zarek", 1) == {"zarek", *BOARD.by_id["zarek"].neighbours}


# --- 8.3: entering the nebula ---------------------------------------------------------------


def test_8_3_one_step_cruiser_may_not_enter_nebula_two_steps_away() -> None:
    code, args = move_problem(BOARD, "tyrann", "nebula-1", CRUISER_MOVES)
    assert code == "nebula_entry"
    assert args == {
        "src": "tyrann",
        "dst": "nebula-1",
        "allowance": 2,
        "distance": 2,
        "reading": "one-step",
        "nebula": "nebula-1",
    }


def test_8_3_each_step_cruiser_may_enter_nebula_two_steps_away() -> None:
    assert move_problem(BOARD, "tyrann", "nebula-1", CRUISER_MOVES, nebula="each-step") is None


def test_8_3_nebula_two_steps_away_beyond_allowance_is_too_far() -> None:
    # With allowance 1 no reading reaches it: 8.0 is broken, not 8.3.
    for reading in ("one-step", "each-step"):
        assert move_problem(BOARD, "tyrann", "nebula-1", 1, nebula=reading)[0] == "too_far"


def test_8_3_entering_from_a_neighbour_is_legal_in_both_readings() -> None:
    for reading in ("one-step", "each-step"):
        for allowance in (1, 2, 3):
            assert move_problem(BOARD, "raibia", "nebula-1", allowance, nebula=reading) is None


def test_8_3_leaving_the_nebula_is_normal() -> None:
    # nebula-1 → raibia → tyrann/imobu/nafaelas: no nebula sector is entered.
    one = reachable(BOARD, "nebula-1", CRUISER_MOVES)
    assert {"raibia", "tyrann", "imobu", "nafaelas"} <= one
    assert move_problem(BOARD, "nebula-1", "tyrann", CRUISER_MOVES) is None
    assert move_problem(BOARD, "nebula-1", "tyrann", 1) == (
        "too_far",
        {"src": "nebula-1", "dst": "tyrann", "allowance": 1, "distance": 2},
    )


def test_8_3_one_step_from_inside_the_nebula() -> None:
    assert reachable(BOARD, "nebula-1", CRUISER_MOVES) == {
        "nebula-1",
        "nebula-2",  # neighbouring nebula sectors: single steps
        "nebula-5",
        "raibia",  # leaving, then normal steps
        "tyrann",
        "imobu",
        "nafaelas",
    }


def test_8_3_each_step_from_inside_the_nebula() -> None:
    assert reachable(BOARD, "nebula-1", CRUISER_MOVES, nebula="each-step") == {
        "nebula-1",
        "nebula-2",
        "nebula-5",
        "raibia",
        "tyrann",
        "imobu",
        "nafaelas",
        "nebula-3",
        "nebula-4",
    }


def test_8_3_nebula_to_neighbouring_nebula_is_legal() -> None:
    for reading in ("one-step", "each-step"):
        assert move_problem(BOARD, "nebula-1", "nebula-2", 1, nebula=reading) is None


def test_8_3_nebula_to_nebula_two_steps_needs_each_step() -> None:
    # nebula-1 → nebula-2 → nebula-3 (or → nebula-5 → nebula-4): inside the nebula too,
    # a move into a nebula sector must begin next to it under "one-step".
    for dst in ("nebula-3", "nebula-4"):
        code, args = move_problem(BOARD, "nebula-1", dst, 3)
        assert code == "nebula_entry" and args["distance"] == 2
        assert move_problem(BOARD, "nebula-1", dst, 2, nebula="each-step") is None


def test_8_3_one_step_may_not_pass_through_the_nebula() -> None:
    # a — [n] — b: b is two steps away only through the nebula sector n.
    g = graph("a-n n-b", nebula="n")
    assert reachable(g, "a", 2) == {"a", "n"}
    assert reachable(g, "a", 2, nebula="each-step") == {"a", "n", "b"}
    assert move_problem(g, "a", "b", 2)[0] == "nebula_entry"
    assert move_problem(g, "a", "b", 2, nebula="each-step") is None


def test_8_3_one_step_may_not_leave_and_re_enter() -> None:
    # [m] — a — [n]: from m, n is reached only by leaving the nebula and entering it again.
    g = graph("m-a a-n", nebula="m n")
    assert reachable(g, "m", 2) == {"m", "a"}
    assert reachable(g, "m", 2, nebula="each-step") == {"m", "a", "n"}


def test_8_3_one_step_normal_path_around_the_nebula_still_counts() -> None:
    # a — [n] — b and a — c — d — b: b lies three normal steps away around the nebula.
    g = graph("a-n n-b a-c c-d d-b", nebula="n")
    assert move_problem(g, "a", "b", 2)[0] == "nebula_entry"
    assert move_problem(g, "a", "b", 3) is None

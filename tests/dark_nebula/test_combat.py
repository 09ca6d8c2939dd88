"""Combat, 9.0–9.7: the class order, the dice, 9.6's −1, removals and the 9.7 loop.

Dice are drawn from the default board's attack values rather than written as numbers:
``hit(c)`` is the highest die that hits for counter ``c`` without 9.6's −1, ``edge(c)`` the
die one above it, which hits only with the −1, and ``miss(c)`` a die that never hits.
"""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.dark_nebula.board import (
    BASE,
    BATTLESHIP,
    COMMAND_SHIP,
    CRUISER,
    GUARD,
    GUARD_SHIP,
    NEW_CRUISER,
    Side,
    default_board,
)
from adjudicator.dark_nebula.combat import (
    CLASS_ORDER,
    MarkedReading,
    Volley,
    battle_tables,
    class_members,
    counter_class,
    hits,
    modifier,
    resolve,
)

BOARD = default_board()
TABLES = battle_tables(BOARD)
SECTOR = "zarek"


def attack(counter: str) -> int:
    return BOARD.kinds[counter].attack


def hit(counter: str) -> int:
    assert 1 <= attack(counter) <= 6
    return attack(counter)


def edge(counter: str) -> int:
    assert attack(counter) + 1 <= 6
    return attack(counter) + 1


def miss(counter: str) -> int:
    assert attack(counter) + 2 <= 6, "a die that misses even with the −1"
    return 6


def fired(
    side: Side,
    counter: str,
    dice: list[int],
    before: dict[Side, Counter[str]],
    marked_helps: MarkedReading = "own",
) -> int:
    """The hits of ``side``'s ``counter`` counters rolling ``dice`` (9.1, 9.6)."""
    return hits(TABLES, side, counter, dice, before, marked_helps)


def minus(
    side: Side, counter: str, before: dict[Side, Counter[str]], marked_helps: MarkedReading = "own"
) -> int:
    """9.6's −1 on the dice of ``side``'s ``counter`` counters."""
    return modifier(TABLES.marked, side, counter, before, marked_helps)


def forces(empire: dict[str, int], rebel: dict[str, int]) -> dict[str, Counter[str]]:
    return {"empire": Counter(empire), "rebel": Counter(rebel)}


def v(
    cls: str,
    empire: dict[str, list[int]] | None = None,
    rebel: dict[str, list[int]] | None = None,
    *,
    empire_removes: tuple[str, ...] = (),
    rebel_removes: tuple[str, ...] = (),
) -> Volley:
    """A volley: each side's dice by counter id, and what each side removes."""
    dice = {s: d for s, d in (("empire", empire), ("rebel", rebel)) if d}
    removed = {"empire": list(empire_removes), "rebel": list(rebel_removes)}
    return Volley(cls, dice, removed)


def test_default_board_values_used_here() -> None:
    assert BOARD.kinds[COMMAND_SHIP].attack_marked and BOARD.kinds[BASE].attack_marked
    assert not any(BOARD.kinds[c].attack_marked for c in (CRUISER, BATTLESHIP, GUARD_SHIP))
    for c in BOARD.kinds:
        assert 1 <= attack(c) <= 4, "the helpers need room for hit, edge and miss"


# --- 9.1, 9.3, 9.5: classes -----------------------------------------------------------------


def test_9_1_9_3_9_5_class_of_each_counter() -> None:
    assert CLASS_ORDER == ("0★", "3", "2", "1", "0")
    classes = {c: counter_class(k) for c, k in BOARD.kinds.items()}
    assert classes == {
        GUARD: "0★",
        BASE: "0★",
        COMMAND_SHIP: "3",
        NEW_CRUISER: "3",
        CRUISER: "2",
        BATTLESHIP: "1",
        GUARD_SHIP: "0",
    }
    members = class_members(TABLES.classes, Counter({GUARD_SHIP: 2, NEW_CRUISER: 0}), "0")
    assert members == {GUARD_SHIP: 2}


# --- 9.1, 9.2: one volley -----------------------------------------------------------------------


def test_9_1_one_volley_battle() -> None:
    result = resolve(
        BOARD,
        SECTOR,
        forces({BATTLESHIP: 1}, {BATTLESHIP: 1}),
        [
            v(
                "1",
                {BATTLESHIP: [hit(BATTLESHIP)]},
                {BATTLESHIP: [miss(BATTLESHIP)]},
                rebel_removes=(BATTLESHIP,),
            )
        ],
    )
    assert result.problem is None
    assert result.forces == {"empire": Counter({BATTLESHIP: 1}), "rebel": Counter()}
    assert result.removed == {"empire": [], "rebel": [BATTLESHIP]}
    assert result.hits_taken == [{"empire": 0, "rebel": 1}]
    assert result.over and result.survivor == "empire"


def test_9_1_a_die_at_the_attack_value_hits_and_one_above_misses() -> None:
    before = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    assert fired("empire", BATTLESHIP, [hit(BATTLESHIP)], before) == 1
    assert fired("empire", BATTLESHIP, [edge(BATTLESHIP)], before) == 0
    assert fired("empire", BATTLESHIP, [1, hit(BATTLESHIP), 6], before) == 2


def test_9_2_simultaneous_fire_removed_counter_still_fired() -> None:
    # Both battleships fire in class 1; each side loses its battleship to the other's die.
    result = resolve(
        BOARD,
        SECTOR,
        forces({BATTLESHIP: 1, GUARD_SHIP: 1}, {BATTLESHIP: 1}),
        [
            v(
                "1",
                {BATTLESHIP: [hit(BATTLESHIP)]},
                {BATTLESHIP: [hit(BATTLESHIP)]},
                empire_removes=(BATTLESHIP,),
                rebel_removes=(BATTLESHIP,),
            )
        ],
    )
    assert result.problem is None
    assert result.hits_taken == [{"empire": 1, "rebel": 1}]
    assert result.forces == {"empire": Counter({GUARD_SHIP: 1}), "rebel": Counter()}
    assert result.survivor == "empire"


def test_9_2_hits_may_remove_any_class() -> None:
    # The rebel takes the hit on a counter that already fired or on one yet to fire.
    start = forces({BATTLESHIP: 1}, {CRUISER: 1, GUARD_SHIP: 1})
    for choice in (CRUISER, GUARD_SHIP):
        other = GUARD_SHIP if choice == CRUISER else CRUISER
        volleys = [
            v("2", rebel={CRUISER: [miss(CRUISER)]}),
            v("1", {BATTLESHIP: [hit(BATTLESHIP)]}, rebel_removes=(choice,)),
        ]
        result = resolve(BOARD, SECTOR, start, volleys)
        assert result.problem[1] == "battle_unfinished"
        assert result.forces["rebel"] == Counter({other: 1})


def test_9_2_more_hits_than_counters_removes_all() -> None:
    start = forces({BATTLESHIP: 2}, {GUARD_SHIP: 1})
    dice = {BATTLESHIP: [hit(BATTLESHIP), hit(BATTLESHIP)]}
    result = resolve(BOARD, SECTOR, start, [v("1", dice, rebel_removes=(GUARD_SHIP,))])
    assert result.problem is None
    assert result.hits_taken == [{"empire": 0, "rebel": 2}]
    assert result.survivor == "empire"

    result = resolve(BOARD, SECTOR, start, [v("1", dice)])
    expected = {"side": "rebel", "expected": 1, "got": 0, "hits": 2}
    assert result.problem == (0, "removal_count", expected)

    result = resolve(BOARD, SECTOR, start, [v("1", dice, rebel_removes=(GUARD_SHIP,) * 2)])
    expected = {"side": "rebel", "expected": 1, "got": 2, "hits": 2}
    assert result.problem == (0, "removal_count", expected)


def test_9_2_removing_without_hits_is_a_removal_count_problem() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    dice = {BATTLESHIP: [miss(BATTLESHIP)]}
    result = resolve(BOARD, SECTOR, start, [v("1", dice, rebel_removes=(GUARD_SHIP,))])
    expected = {"side": "rebel", "expected": 0, "got": 1, "hits": 0}
    assert result.problem == (0, "removal_count", expected)
    # The state is the one before the faulty volley.
    assert result.forces == start and result.hits_taken == []


def test_9_2_removal_of_an_absent_counter() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    dice = {BATTLESHIP: [hit(BATTLESHIP)]}
    for wrong in (BATTLESHIP, "death_star"):
        result = resolve(BOARD, SECTOR, start, [v("1", dice, rebel_removes=(wrong,))])
        assert result.problem == (0, "removal_not_present", {"side": "rebel", "counter": wrong})
    # Two of a counter it has one of.
    start = forces({BATTLESHIP: 2}, {GUARD_SHIP: 1, BATTLESHIP: 1})
    dice = {BATTLESHIP: [hit(BATTLESHIP), hit(BATTLESHIP)]}
    removes = (GUARD_SHIP, GUARD_SHIP)
    volley = v("1", dice, {BATTLESHIP: [miss(BATTLESHIP)]}, rebel_removes=removes)
    result = resolve(BOARD, SECTOR, start, [volley])
    assert result.problem == (0, "removal_not_present", {"side": "rebel", "counter": GUARD_SHIP})


def test_9_2_both_sides_wiped_out_leaves_the_sector_empty() -> None:
    result = resolve(
        BOARD,
        SECTOR,
        forces({BATTLESHIP: 1}, {BATTLESHIP: 1}),
        [
            v(
                "1",
                {BATTLESHIP: [hit(BATTLESHIP)]},
                {BATTLESHIP: [hit(BATTLESHIP)]},
                empire_removes=(BATTLESHIP,),
                rebel_removes=(BATTLESHIP,),
            )
        ],
    )
    assert result.problem is None
    assert result.forces == {"empire": Counter(), "rebel": Counter()}
    assert result.removed == {"empire": [BATTLESHIP], "rebel": [BATTLESHIP]}
    assert result.over and result.survivor is None


# --- 9.1, 9.3, 9.5: class order -----------------------------------------------------------------


def test_9_3_wrong_class_order() -> None:
    start = forces({NEW_CRUISER: 1}, {BATTLESHIP: 1})
    result = resolve(BOARD, SECTOR, start, [v("1", rebel={BATTLESHIP: [miss(BATTLESHIP)]})])
    assert result.problem == (0, "class_order", {"expected": "3", "got": "1", "cycle": 1})


def test_9_5_missing_class() -> None:
    # The empire's cruiser (class 2) must fire between class 3 and class 1.
    start = forces({NEW_CRUISER: 1, CRUISER: 1}, {BATTLESHIP: 1})
    volleys = [
        v("3", {NEW_CRUISER: [miss(NEW_CRUISER)]}),
        v("1", rebel={BATTLESHIP: [miss(BATTLESHIP)]}),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem == (1, "class_order", {"expected": "2", "got": "1", "cycle": 1})


def test_9_5_empty_class_is_skipped() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    result = resolve(BOARD, SECTOR, start, [v("2"), v("1")])
    assert result.problem == (0, "class_order", {"expected": "1", "got": "2", "cycle": 1})


def test_9_5_class_emptied_by_an_earlier_volley_is_skipped() -> None:
    # The rebel's only class-2 counter is removed in class 3, so class 2 does not fire.
    start = forces({NEW_CRUISER: 1, BATTLESHIP: 1}, {CRUISER: 1, GUARD_SHIP: 1})
    first = v("3", {NEW_CRUISER: [hit(NEW_CRUISER)]}, rebel_removes=(CRUISER,))
    rest = [
        v("1", {BATTLESHIP: [miss(BATTLESHIP)]}),
        v("0", rebel={GUARD_SHIP: [miss(GUARD_SHIP)]}),
        v("3", {NEW_CRUISER: [hit(NEW_CRUISER)]}, rebel_removes=(GUARD_SHIP,)),
    ]
    result = resolve(BOARD, SECTOR, start, [first, *rest])
    assert result.problem is None
    assert result.survivor == "empire"
    result = resolve(BOARD, SECTOR, start, [first, v("2", rebel={CRUISER: [1]})])
    assert result.problem == (1, "class_order", {"expected": "1", "got": "2", "cycle": 1})


# --- 9.1, 9.3 and 2.4: the dice -----------------------------------------------------------------


def test_9_1_dice_count_missing_die() -> None:
    start = forces({BATTLESHIP: 2}, {BATTLESHIP: 1})
    volley = v("1", {BATTLESHIP: [miss(BATTLESHIP)]}, {BATTLESHIP: [miss(BATTLESHIP)]})
    result = resolve(BOARD, SECTOR, start, [volley])
    args = {"side": "empire", "counter": BATTLESHIP, "expected": 2, "got": 1}
    assert result.problem == (0, "dice_count", args)


def test_9_1_dice_count_side_that_did_not_roll() -> None:
    start = forces({BATTLESHIP: 1}, {BATTLESHIP: 1})
    result = resolve(BOARD, SECTOR, start, [v("1", {BATTLESHIP: [miss(BATTLESHIP)]})])
    args = {"side": "rebel", "counter": BATTLESHIP, "expected": 1, "got": 0}
    assert result.problem == (0, "dice_count", args)


def test_9_1_dice_count_counter_of_another_class() -> None:
    # The guard ship is present but fires in class 0, not with the battleship.
    start = forces({BATTLESHIP: 1, GUARD_SHIP: 1}, {BATTLESHIP: 1})
    empire = {BATTLESHIP: [miss(BATTLESHIP)], GUARD_SHIP: [miss(GUARD_SHIP)]}
    result = resolve(BOARD, SECTOR, start, [v("1", empire, {BATTLESHIP: [6]})])
    args = {"side": "empire", "counter": GUARD_SHIP, "expected": 0, "got": 1}
    assert result.problem == (0, "dice_count", args)


def test_9_1_dice_count_counter_not_present() -> None:
    start = forces({BATTLESHIP: 1}, {BATTLESHIP: 1})
    rebel = {BATTLESHIP: [6], "death_star": [1]}
    result = resolve(BOARD, SECTOR, start, [v("1", {BATTLESHIP: [6]}, rebel)])
    args = {"side": "rebel", "counter": "death_star", "expected": 0, "got": 1}
    assert result.problem == (0, "dice_count", args)


@pytest.mark.parametrize("value", [0, 7, -1])
def test_2_4_die_value_outside_one_to_six(value: int) -> None:
    start = forces({BATTLESHIP: 1}, {BATTLESHIP: 1})
    result = resolve(BOARD, SECTOR, start, [v("1", {BATTLESHIP: [value]}, {BATTLESHIP: [6]})])
    args = {"side": "empire", "counter": BATTLESHIP, "value": value}
    assert result.problem == (0, "die_value", args)


# --- 9.6: the ○ counter's −1 --------------------------------------------------------------------


def test_9_6_command_ship_gives_own_side_minus_one() -> None:
    # The cruiser's edge die hits only thanks to the command ship.
    start = forces({COMMAND_SHIP: 1, CRUISER: 1}, {GUARD_SHIP: 2})
    assert fired("empire", CRUISER, [edge(CRUISER)], start) == 1
    without = forces({CRUISER: 1}, {GUARD_SHIP: 2})
    assert fired("empire", CRUISER, [edge(CRUISER)], without) == 0
    volleys = [
        v("3", {COMMAND_SHIP: [miss(COMMAND_SHIP)]}),
        v("2", {CRUISER: [edge(CRUISER)]}, rebel_removes=(GUARD_SHIP,)),
        v("0", rebel={GUARD_SHIP: [miss(GUARD_SHIP)]}),
        v("3", {COMMAND_SHIP: [hit(COMMAND_SHIP)]}, rebel_removes=(GUARD_SHIP,)),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem is None
    assert result.hits_taken[1] == {"empire": 0, "rebel": 1}
    assert result.survivor == "empire"


def test_9_6_marked_counter_own_die_gets_no_minus_one() -> None:
    start = forces({COMMAND_SHIP: 1}, {GUARD_SHIP: 1})
    assert minus("empire", COMMAND_SHIP, start) == 0
    assert fired("empire", COMMAND_SHIP, [edge(COMMAND_SHIP)], start) == 0
    volley = v("3", {COMMAND_SHIP: [edge(COMMAND_SHIP)]}, rebel_removes=(GUARD_SHIP,))
    result = resolve(BOARD, SECTOR, start, [volley])
    expected = {"side": "rebel", "expected": 0, "got": 1, "hits": 0}
    assert result.problem == (0, "removal_count", expected)


def test_9_6_own_reading_does_not_help_the_enemy() -> None:
    start = forces({CRUISER: 1}, {BASE: 1, GUARD_SHIP: 1})
    assert minus("empire", CRUISER, start) == 0
    assert minus("rebel", GUARD_SHIP, start) == 1


def test_9_6_minus_one_gone_once_command_ship_removed_in_earlier_class() -> None:
    start = forces({COMMAND_SHIP: 1, CRUISER: 1}, {NEW_CRUISER: 1, GUARD_SHIP: 1})
    first = v(
        "3",
        {COMMAND_SHIP: [miss(COMMAND_SHIP)]},
        {NEW_CRUISER: [hit(NEW_CRUISER)]},
        empire_removes=(COMMAND_SHIP,),
    )
    volleys = [
        first,
        v("2", {CRUISER: [edge(CRUISER)]}),  # would hit with the −1; the ship is gone
        v("0", rebel={GUARD_SHIP: [hit(GUARD_SHIP)]}, empire_removes=(CRUISER,)),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem is None
    assert result.hits_taken[1] == {"empire": 0, "rebel": 0}
    assert result.survivor == "rebel"
    assert result.removed == {"empire": [COMMAND_SHIP, CRUISER], "rebel": []}

    claimed = [first, v("2", {CRUISER: [edge(CRUISER)]}, rebel_removes=(GUARD_SHIP,))]
    result = resolve(BOARD, SECTOR, start, claimed)
    expected = {"side": "rebel", "expected": 0, "got": 1, "hits": 0}
    assert result.problem == (1, "removal_count", expected)


def test_9_6_command_ship_removed_in_the_same_volley_still_helps() -> None:
    # Simultaneous fire: the command ship survives until its own class has fired.
    start = forces({COMMAND_SHIP: 1, NEW_CRUISER: 1}, {NEW_CRUISER: 2})
    volley = v(
        "3",
        {COMMAND_SHIP: [hit(COMMAND_SHIP)], NEW_CRUISER: [edge(NEW_CRUISER)]},
        {NEW_CRUISER: [hit(NEW_CRUISER), hit(NEW_CRUISER)]},
        empire_removes=(COMMAND_SHIP, NEW_CRUISER),
        rebel_removes=(NEW_CRUISER, NEW_CRUISER),
    )
    result = resolve(BOARD, SECTOR, start, [volley])
    assert result.problem is None
    assert result.hits_taken == [{"empire": 2, "rebel": 2}]
    assert result.survivor is None


def test_9_6_both_reading_helps_every_die() -> None:
    # The rebel base gives the empire's cruiser −1 too under "both", not under "own".
    start = forces({CRUISER: 1}, {BASE: 1, GUARD_SHIP: 2})
    assert minus("empire", CRUISER, start, "both") == 1
    volleys = [
        v("0★", rebel={BASE: [miss(BASE)]}),
        v("2", {CRUISER: [edge(CRUISER)]}, rebel_removes=(GUARD_SHIP,)),
        v("0", rebel={GUARD_SHIP: [hit(GUARD_SHIP)]}, empire_removes=(CRUISER,)),
    ]
    result = resolve(BOARD, SECTOR, start, volleys, marked_helps="both")
    assert result.problem is None
    assert result.forces == {"empire": Counter(), "rebel": Counter({BASE: 1, GUARD_SHIP: 1})}

    result = resolve(BOARD, SECTOR, start, volleys, marked_helps="own")
    expected = {"side": "rebel", "expected": 0, "got": 1, "hits": 0}
    assert result.problem == (1, "removal_count", expected)


def test_9_6_both_reading_marked_own_die_and_no_double_minus() -> None:
    start = forces({COMMAND_SHIP: 1, CRUISER: 1}, {BASE: 1})
    # An ○ counter's own die never gets the −1, under either reading.
    assert fired("empire", COMMAND_SHIP, [edge(COMMAND_SHIP)], start, "both") == 0
    assert fired("rebel", BASE, [edge(BASE)], start, "both") == 0
    # Two ○ counters still take 1, not 2.
    assert minus("empire", CRUISER, start, "both") == 1
    assert fired("empire", CRUISER, [attack(CRUISER) + 2], start, "both") == 0


# --- 9.7: the loop and the end ------------------------------------------------------------------


def test_9_7_battle_loops_back_to_class_0_star() -> None:
    start = forces({GUARD: 1}, {GUARD_SHIP: 1})
    volleys = [
        v("0★", {GUARD: [miss(GUARD)]}),
        v("0", rebel={GUARD_SHIP: [miss(GUARD_SHIP)]}),
        v("0★", {GUARD: [hit(GUARD)]}, rebel_removes=(GUARD_SHIP,)),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem is None
    assert len(result.hits_taken) == 3
    assert result.survivor == "empire"


def test_9_7_two_cycles_and_the_class_order_of_the_second() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    first_cycle = [
        v("1", {BATTLESHIP: [miss(BATTLESHIP)]}),
        v("0", rebel={GUARD_SHIP: [miss(GUARD_SHIP)]}),
    ]
    result = resolve(
        BOARD,
        SECTOR,
        start,
        [*first_cycle, v("1", {BATTLESHIP: [hit(BATTLESHIP)]}, rebel_removes=(GUARD_SHIP,))],
    )
    assert result.problem is None and result.survivor == "empire"

    result = resolve(BOARD, SECTOR, start, [*first_cycle, v("0", rebel={GUARD_SHIP: [6]})])
    assert result.problem == (2, "class_order", {"expected": "1", "got": "0", "cycle": 2})


def test_9_7_battle_unfinished() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    result = resolve(BOARD, SECTOR, start, [v("1", {BATTLESHIP: [miss(BATTLESHIP)]})])
    args = {"expected": "0", "cycle": 1, "empire": 1, "rebel": 1}
    assert result.problem == (1, "battle_unfinished", args)
    assert len(result.hits_taken) == 1

    result = resolve(BOARD, SECTOR, start, [])
    args = {"expected": "1", "cycle": 1, "empire": 1, "rebel": 1}
    assert result.problem == (0, "battle_unfinished", args)


def test_9_7_volley_after_end() -> None:
    start = forces({BATTLESHIP: 1}, {GUARD_SHIP: 1})
    volleys = [
        v("1", {BATTLESHIP: [hit(BATTLESHIP)]}, rebel_removes=(GUARD_SHIP,)),
        v("0", rebel={GUARD_SHIP: [6]}),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem == (1, "volley_after_end", {"index": 1, "survivor": "empire"})
    # The battle itself was complete: its result stands as recorded.
    assert result.forces == {"empire": Counter({BATTLESHIP: 1}), "rebel": Counter()}
    assert result.removed == {"empire": [], "rebel": [GUARD_SHIP]}


def test_4_2_removing_the_guard_ends_the_battle_at_once() -> None:
    """Interpretation 16: the guard removed, the rebels have won; the cruiser still in the
    sector fights no more, and a volley after that is volley_after_victory."""
    start = forces({GUARD: 1, CRUISER: 1}, {BATTLESHIP: 1})
    volleys = [
        v("0★", {GUARD: [miss(GUARD)]}),
        v("2", {CRUISER: [miss(CRUISER)]}),
        v("1", rebel={BATTLESHIP: [hit(BATTLESHIP)]}, empire_removes=(GUARD,)),
    ]
    result = resolve(BOARD, SECTOR, start, volleys)
    assert result.problem is None
    assert result.forces == {"empire": Counter({CRUISER: 1}), "rebel": Counter({BATTLESHIP: 1})}
    after = resolve(BOARD, SECTOR, start, [*volleys, v("0★", {})])
    assert after.problem == (3, "volley_after_victory", {"counter": GUARD})


def test_4_1_removing_the_base_ends_the_battle_at_once() -> None:
    start = forces({COMMAND_SHIP: 1, CRUISER: 1}, {BASE: 1, CRUISER: 1})
    volleys = [
        v("0★", rebel={BASE: [miss(BASE)]}),
        v("3", {COMMAND_SHIP: [hit(COMMAND_SHIP)]}, rebel_removes=(BASE,)),
    ]
    assert resolve(BOARD, SECTOR, start, volleys).problem is None

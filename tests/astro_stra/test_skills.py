"""Step 3, S:スキル: each row of the S table, the once-per-game skills, Karjan's silence, and
that a skipped step 3 is judged by whether any skill was possible (interpretation 13)."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra.skill_use import SkillUse, unused_parameters, without_unused
from adjudicator.astro_stra.skills import (
    Die,
    Hold,
    Table,
    apply_skill,
    held_dice,
    is_problem,
    skill_possible,
)
from tests.astro_stra.support import DEFAULT, pos, reading

START = pos("b:1=2,2=2,3=2 w:1=2,2=2,3=2")
FOE = ("yellow", "purple", "cyan")


def table(s: str, t: int = 3, a: int = 4, s_pips: int = 2, **more) -> Table:
    return Table("black", Die(s, s_pips), Die("blue", t), Die("green", a), **more)


def use(tbl: Table, skill: SkillUse, position=START, readings=DEFAULT):
    return apply_skill(position, tbl, skill, FOE, readings)


def test_S_red_rerolls_T_or_A_with_the_recorded_pips() -> None:
    _, after = use(table("red"), SkillUse("red", die="A", pips=6))
    assert after.a.pips == 6 and after.t.pips == 3
    assert use(table("red"), SkillUse("red", die="A"))[0] == "bad_skill"  # the roll is data


def test_S_green_and_blue_add_and_take_one() -> None:
    assert use(table("green"), SkillUse("green", die="T"))[1].t.pips == 4
    assert use(table("blue"), SkillUse("blue", die="A"))[1].a.pips == 3


def test_S_green_beyond_six_by_each_reading_of_interpretation_10() -> None:
    six = table("green", t=6)
    assert use(six, SkillUse("green", die="T"))[0] == "pips_out_of_range"
    assert (
        use(six, SkillUse("green", die="T"), readings=reading(pips_bounds="clamp"))[1].t.pips == 6
    )
    assert use(six, SkillUse("green", die="T"), readings=reading(pips_bounds="wrap"))[1].t.pips == 1


def test_S_clear_flips() -> None:
    assert use(table("clear", t=2), SkillUse("clear", die="T"))[1].t.pips == 5


def test_S_cyan_holds_T_or_A_for_the_next_own_turn() -> None:
    _, after = use(table("cyan"), SkillUse("cyan", die="A"))
    assert after.holds == (Hold("black", "green", 4, "A"),)


def test_S_purple_fixes_an_opposing_die() -> None:
    _, after = use(table("purple"), SkillUse("purple", opponent="cyan", pips=1))
    assert after.holds == (Hold("white", "cyan", 1),)
    assert use(table("purple"), SkillUse("purple", opponent="red", pips=1))[0] == "bad_skill"


def test_S_yellow_silences_the_opponent_next_turn() -> None:
    _, after = use(table("yellow"), SkillUse("yellow"))
    assert after.silenced == {"white"}
    silenced = Table(
        "white", Die("yellow", 1), Die("purple", 2), Die("cyan", 3), silenced=frozenset({"white"})
    )
    assert (
        apply_skill(START, silenced, SkillUse("yellow"), ("red",), DEFAULT)[0] == "skill_silenced"
    )
    assert not skill_possible(START, silenced, ("red",), DEFAULT)


def test_S_black_white_changes_a_held_die_or_rerolls_T() -> None:
    held = table("black-white", holds=(Hold("white", "cyan", 3),))
    _, after = use(held, SkillUse("black-white", held=("white", "cyan"), pips=-1))
    assert after.holds == (Hold("white", "cyan", 2),)
    assert use(table("black-white"), SkillUse("black-white", die="T", pips=1))[1].t.pips == 1
    assert (
        use(table("black-white"), SkillUse("black-white", held=("white", "cyan"), pips=1))[0]
        == "no_held_die"
    )


def test_S_black_red_rerolls_an_own_die_that_came_in_held() -> None:
    came_held = table("black-red", held_now=frozenset({"green"}))
    assert held_dice(came_held) == [("black", "green", 4)]
    _, after = use(came_held, SkillUse("black-red", held=("black", "green"), pips=6))
    assert after.a.pips == 6
    assert use(table("black-red"), SkillUse("black-red", die="A", pips=2))[1].a.pips == 2


def test_S_orange_swaps_an_own_blot_on_point_S_with_an_opposing_blot() -> None:
    position = pos("b:2=1,6=2 w:4=1,10=2")
    result = use(table("orange", s_pips=2), SkillUse("orange", swap=4), position)
    assert not is_problem(result)
    moved = result[0]
    # two rows: black's 2 is white's 5, white's 4 is black's 3
    assert moved.counts("black")[2:4] == (0, 1) and moved.count("black", 6) == 2
    assert moved.count("white", 4) == 0 and moved.count("white", 5) == 1
    no_blot = use(table("orange", s_pips=6), SkillUse("orange", swap=4), position)
    assert no_blot[0] == "skill_not_available"


def test_S_artemis_puts_an_opposing_home_piece_on_the_empty_point_S_once() -> None:
    position = pos("b:1=2,2=2 w:13=2")
    moved, after = use(table("red", s_pips=5), SkillUse("artemis"), position)
    assert moved.count("white", 13) == 1 and moved.count("white", 2) == 1  # black 5 = white 2
    assert after.once_used == {"black"}
    again = use(after, SkillUse("jagi", colour="green", die="T"))
    assert again[0] == "once_per_game_used"


def test_S_jagi_works_as_any_colour() -> None:
    _, after = use(table("red"), SkillUse("jagi", colour="clear", die="A"))
    assert after.a.pips == 3 and after.once_used == {"black"}


def test_the_skill_must_be_the_S_dies_colour() -> None:
    assert use(table("red"), SkillUse("green", die="T"))[0] == "not_the_s_colour"


def test_step_3_is_possible_whenever_any_use_is() -> None:
    assert skill_possible(START, table("yellow"), FOE, DEFAULT)
    spent = table("orange", s_pips=6, once_used=frozenset({"black"}))
    assert not skill_possible(START, spent, FOE, DEFAULT)  # no own blot on 6, no jagi left


def test_a_held_die_is_not_rerolled_by_red_nor_by_a_slot_reroll() -> None:
    """Interpretation 15: 水色 「振らずに」 and 紫 「振らせ無い」 — a die that came in held is
    not rerolled in the turn it is used: not by red (T or A), nor by Necromass's reroll of T
    nor Scar's reroll of A. Read 'allowed', each may."""
    allowed = reading(held_reroll="allowed")
    held_a = table("red", held_now=frozenset({"green"}))  # the A die came in held
    assert use(held_a, SkillUse("red", die="A", pips=6))[0] == "held_die_reroll"
    assert use(held_a, SkillUse("red", die="T", pips=6))[1].t.pips == 6  # T was rolled
    assert use(held_a, SkillUse("red", die="A", pips=6), readings=allowed)[1].a.pips == 6
    as_jagi = SkillUse("jagi", colour="red", die="A", pips=6)
    assert use(held_a, as_jagi)[0] == "held_die_reroll"
    necromass = table("black-white", held_now=frozenset({"blue"}))  # the T die came in held
    assert use(necromass, SkillUse("black-white", die="T", pips=1))[0] == "held_die_reroll"
    scar = table("black-red", held_now=frozenset({"green"}))
    assert use(scar, SkillUse("black-red", die="A", pips=1))[0] == "held_die_reroll"
    assert use(scar, SkillUse("black-red", die="A", pips=1), readings=allowed)[1].a.pips == 1


def test_only_scar_rerolls_and_necromass_shifts_a_held_die() -> None:
    """The text's powers over held dice: Scar 「ホールドされた目を振り直す」, Necromass
    「ホールドされた目を +1 か -1 する」; green, blue and clear roll nothing and act on it."""
    scar = table("black-red", held_now=frozenset({"green"}))
    assert use(scar, SkillUse("black-red", held=("black", "green"), pips=1))[1].a.pips == 1
    necromass = table("black-white", held_now=frozenset({"blue"}))
    assert use(necromass, SkillUse("black-white", held=("black", "blue"), pips=1))[1].t.pips == 4
    assert (
        use(table("clear", held_now=frozenset({"green"})), SkillUse("clear", die="A"))[1].a.pips
        == 3
    )


#: Black's point 2 (the S die) is empty and white has a piece home: Artemis can be used.
ARTEMIS_FREE = pos("b:1=2,3=2 w:13=1")


@pytest.mark.parametrize(
    ("tbl", "written", "named"),
    [
        (table("green"), SkillUse("green", die="A", pips=5), "pips 5"),
        (table("red"), SkillUse("red", colour="blue", die="A", pips=2), "as=blue"),
        (table("yellow"), SkillUse("yellow", die="T"), "T"),
        (table("red"), SkillUse("artemis", die="T"), "T"),
        (table("purple"), SkillUse("purple", opponent="cyan", pips=1, swap=3), "swap=3"),
        (table("black-red"), SkillUse("black-red", die="A", pips=2, swap=1), "swap=1"),
        (table("red"), SkillUse("jagi", colour="yellow", die="A"), "A"),
    ],
)
def test_a_parameter_the_skill_does_not_take_is_refused(tbl, written, named) -> None:
    """Strict by default (step 3): a parameter the skill does not take is `bad_skill`
    naming it, never silently dropped; the lenient reading leaves it out."""
    result = use(tbl, written, position=ARTEMIS_FREE)
    assert result[0] == "bad_skill"
    assert result[1]["why"] == f"it takes no {named}"
    assert unused_parameters(written) == [named]
    assert unused_parameters(without_unused(written)) == []
    assert not is_problem(use(tbl, without_unused(written), position=ARTEMIS_FREE))

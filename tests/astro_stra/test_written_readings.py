"""Readings the judge already followed, written down as numbered interpretations (16–21)
with their rulebook anchors, each checked against what the judge does."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra import actions, targets
from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.references import RULES
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import Die, Hold, Table, apply_skill
from tests.astro_stra.support import DEFAULT, pos

BY_ID = {i.id: i for i in RULES.interpretations}


@pytest.mark.parametrize(
    ("number", "interpretation", "anchors"),
    [
        (16, "start-and-home-are-not-points", {"terms", "T2", "T3", "move-blot", "move-block"}),
        (17, "silence-covers-every-skill", {"S-yellow", "S-jagi", "S-artemis"}),
        (18, "fix-replaces-hold", {"S-purple", "S-cyan"}),
        (19, "a-move-changes-place", {"A1"}),
        (20, "a5-home-in-one-move", {"A5"}),
        (21, "a-skill-changes-something", {"S-jagi", "S-cyan", "S-yellow", "S-purple"}),
    ],
)
def test_the_reading_is_a_numbered_interpretation_citing_the_rulebook(
    number: int, interpretation: str, anchors: set[str]
) -> None:
    written = BY_ID[interpretation]
    assert written.number == number and anchors <= set(written.rules)
    assert written.reading_ja and written.reading_en


def test_16_the_start_is_no_block_and_home_no_blot() -> None:
    """T⚁ cannot take the two pieces at the start; T⚂ no lone piece at home."""
    at_start = pos("b:0=2,5=1 w:10=2")
    assert targets.targets(at_start, "black", 2, Dice(4, 2, 2), DEFAULT) == []
    home = pos("b:5=2,13=1 w:10=2")
    assert targets.targets(home, "black", 3, Dice(4, 3, 2), DEFAULT) == []


def test_17_yellow_silences_jagi_and_artemis() -> None:
    silenced = Table(
        "black", Die("red", 5), Die("green", 1), Die("blue", 2), silenced=frozenset({"black"})
    )
    position = pos("b:1=2,2=2 w:10=1,13=1")
    for use in (SkillUse("jagi", colour="green", die="A"), SkillUse("artemis")):
        assert apply_skill(position, silenced, use, ("purple",), DEFAULT)[0] == "skill_silenced"


def test_18_a_purple_fix_replaces_the_owners_cyan_hold() -> None:
    held = Table(
        "white",
        Die("purple", 2),
        Die("yellow", 1),
        Die("red", 2),
        holds=(Hold("black", "blue", 2, "A"),),
    )
    _, after = apply_skill(
        pos("b:1=2 w:10=2"), held, SkillUse("purple", opponent="blue", pips=5), ("blue",), DEFAULT
    )
    assert after.holds == (Hold("black", "blue", 5),)  # the fixed value, no slot


def test_19_a1_onto_its_own_point_is_not_a_move() -> None:
    """T⚄ may take the piece on 5 (the T die's point); A⚀ would move it to 5: no way."""
    assert actions.moves(pos("b:1=2,5=1 w:10=2"), "black", (5,), 1, Dice(4, 5, 1), DEFAULT) == []


def test_20_a5_reaching_home_on_its_first_move_is_one_move() -> None:
    ways = actions.moves(pos("b:1=2,11=2 w:10=2"), "black", (11,), 5, Dice(4, 2, 5), DEFAULT)
    assert [w.plain() for w in ways] == [((11, 13),)]


@pytest.mark.parametrize(
    ("table", "again", "other"),
    [
        # cyan held the A die (blue): Jagi as cyan holds it again; the T die would be new
        (
            {"holds": (Hold("black", "blue", 2, "A"),)},
            SkillUse("jagi", colour="cyan", die="A"),
            SkillUse("jagi", colour="cyan", die="T"),
        ),
        # yellow silenced white: Jagi as yellow silences white again
        ({"silenced": frozenset({"white"})}, SkillUse("jagi", colour="yellow"), None),
        # purple fixed white's green at 6: again at 6 changes nothing, at 5 it does
        (
            {"holds": (Hold("white", "green", 6),)},
            SkillUse("jagi", colour="purple", pips=6, opponent="green"),
            SkillUse("jagi", colour="purple", pips=5, opponent="green"),
        ),
    ],
)
def test_21_a_skill_used_again_on_top_must_change_something(
    table: dict, again: SkillUse, other: SkillUse | None
) -> None:
    """S cyan, S yellow, S purple under once_per_game=on-top: Jagi used besides the S skill
    as the same skill on the same die or side changes nothing, which is no use of a skill
    (step 7's note); the same skill on something else is one."""
    done = Table("black", Die("cyan", 2), Die("green", 1), Die("blue", 2), **table)
    position = pos("b:1=2,2=2,3=2 w:10=2")
    assert apply_skill(position, done, again, ("green", "red"), DEFAULT)[0] == (
        "skill_changes_nothing"
    )
    if other is not None:
        _, after = apply_skill(position, done, other, ("green", "red"), DEFAULT)
        assert after != done


def test_21_the_die_held_twice_is_refused_at_its_turn() -> None:
    """The whole turn: ``skill cyan A + jagi as=cyan A`` under on-top is refused at step 3
    (it left the blue die listed as held twice), ``+ jagi as=cyan T`` holds both dice."""
    from adjudicator.astro_stra.protocol import evaluate

    def turn(extra: str) -> dict:
        line = (
            "1. black: dice cyan=2 green=1 blue=2 | S=cyan T=green A=blue | "
            f"skill cyan A + jagi as=cyan {extra} | target 3 | moves 3>5"
        )
        return evaluate(
            {
                "cmd": "evaluate",
                "game": "astro-stra/0.9.0",
                "start": "b:1=2,2=2,3=2 w:10=2,11=2,12=2",
                "moves": ["opening 3-3 5-2", "draft cyan purple green red blue yellow", line],
                "interpretations": {"once_per_game": "on-top"},
            }
        )

    refused = turn("A")
    assert (refused["illegal_at"], refused["violation"]) == (2, "skill_changes_nothing")
    assert "; held: black blue=2, black green=1;" in turn("T")["position"]

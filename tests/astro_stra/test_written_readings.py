"""Readings the judge already followed, written down as numbered interpretations (16–20)
with their rulebook anchors, each checked against what the judge does."""

from __future__ import annotations

import pytest

from adjudicator.astro_stra import actions, targets
from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.references import RULES
from adjudicator.astro_stra.skills import Die, Hold, SkillUse, Table, apply_skill
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

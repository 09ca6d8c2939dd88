"""Every legal turn for a roll (steps 2–5; ``evaluate``'s ``legal_moves``, feature
``legal_turns``): each line listed is one the judge accepts next, and each turn of real
games is listed for its dice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator.astro_stra.board import start_position
from adjudicator.astro_stra.legal import legal_turns
from adjudicator.astro_stra.notation import turn_line
from adjudicator.astro_stra.protocol import evaluate
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.setup import colours_of
from adjudicator.astro_stra.turn import Game, play_turn
from adjudicator.core.errors import InputError
from tests.astro_stra.test_fast_path import random_records

DRAFT = ["red", "purple", "green", "yellow", "blue", "cyan"]
SETUP = ["opening 3-3 5-2", "draft " + " ".join(DRAFT)]


def ask(**fields: Any) -> dict[str, Any]:
    return evaluate({"cmd": "evaluate", "game": "astro-stra/0.9.0", **fields})


def test_steps_2_to_5_every_line_listed_is_accepted_as_the_next_turn() -> None:
    roll = {"red": 4, "green": 3, "blue": 2}
    listed = ask(start="b:1=2,4=1,5=1,8=1 w:10=2", moves=SETUP, roll=roll)["legal_moves"]
    assert len(listed) > 500
    for line in random.Random(7).sample(listed, 40):
        answer = ask(start="b:1=2,4=1,5=1,8=1 w:10=2", moves=[*SETUP, line])
        assert answer["illegal_at"] is None, line


def test_steps_2_to_5_each_turn_of_random_games_is_listed_for_its_dice() -> None:
    """The seeded random player's turns, played by the judge, are each listed for their
    dice (written in the order the side drafted them)."""
    readings = Readings()
    checked = 0
    for record in random_records(2):
        game = Game(start_position(), colours_of(record.draft))
        for turn in record.turns[:20]:
            play = turn.play()
            drafted = game.colours[play.side]
            roll = {die.colour: die.pips for die in play.dice}
            dice = tuple(d for colour in drafted for d in play.dice if d.colour == colour)
            line = turn_line(game.turns + 1, play._replace(dice=dice))
            assert line in legal_turns(game, roll, readings)
            after = play_turn(game, play, readings)
            assert isinstance(after, Game)
            game, checked = after, checked + 1
    assert checked == 40


def test_step_1_a_held_die_rolled_at_other_pips_allows_no_turn() -> None:
    """Step 1 rolls only the dice not held; interpretation 11 keeps a held die in its frame."""
    moves = [
        "opening 3-3 5-2",
        "draft cyan black-white green yellow blue purple",
        "1. black: dice cyan=2 green=1 blue=2 | S=cyan T=green A=blue | skill cyan A | target 3 "
        "| moves 3>5",
        "2. white: dice black-white=2 yellow=1 purple=2 | S=yellow T=black-white A=purple | skill "
        "yellow | target 10 | moves 10>12",
    ]
    start = "b:1=2,2=2,3=2 w:10=2,11=2,12=2"
    held = ask(start=start, moves=moves, roll={"cyan": 1, "green": 1, "blue": 2})["legal_moves"]
    rolled = ask(start=start, moves=moves, roll={"cyan": 1, "green": 1, "blue": 5})["legal_moves"]
    assert held and all("A=blue" in line for line in held)
    assert rolled == []


def test_no_turn_is_listed_before_the_draft_after_the_end_or_for_another_side_s_dice() -> None:
    roll = {"red": 4, "green": 1, "blue": 2}
    assert ask(moves=SETUP[:1], roll=roll)["legal_moves"] == []
    assert ask(moves=SETUP, roll={"purple": 4, "yellow": 1, "cyan": 2})["legal_moves"] == []
    won = (
        "1. black: dice red=4 green=1 blue=2 | S=red T=green A=blue | skill red A=2 | target 12 "
        "| moves 12>13"
    )
    decided = ask(
        start="b:12=1 w:10=2", moves=[*SETUP, won], roll={"purple": 1, "yellow": 1, "cyan": 1}
    )
    assert decided["outcome"]["winner"] == "black"
    assert decided["legal_moves"] == []


def test_legal_moves_is_answered_only_when_a_roll_is_asked() -> None:
    assert "legal_moves" not in ask(moves=SETUP)
    listed = ask(moves=SETUP, roll={"red": 4, "green": 1, "blue": 2})["legal_moves"]
    assert listed == sorted(listed) and all(
        line.startswith("1. black: dice red=4") for line in listed
    )


@pytest.mark.parametrize(
    ("roll", "field"),
    [
        ({"red": 7, "green": 1, "blue": 2}, "roll.red"),
        ({"red": "2", "green": 1, "blue": 2}, "roll.red"),
        ({"red": True, "green": 1, "blue": 2}, "roll.red"),
        ({"red": 2.0, "green": 1, "blue": 2}, "roll.red"),
        ({"pink": 1}, "roll.pink"),
        ([1, 2], "roll"),
    ],
)
def test_a_roll_outside_the_dice_is_a_request_error_naming_it(roll: Any, field: str) -> None:
    with pytest.raises(InputError) as err:
        ask(moves=SETUP, roll=roll)
    assert err.value.code == "bad_request"
    assert err.value.field == field


@pytest.mark.parametrize("sets", [True, 2.0, "2", 3])
def test_sets_is_one_or_two_as_a_json_number(sets: Any) -> None:
    """コンポーネント: one set of dice, or two (「2 セット使うと同キャラ対戦も
    出来ます」). ``true``, ``2.0`` and ``"2"`` are not a number of sets, though lax reading
    takes them as 1 and 2; they are read as a record's ``sets`` is."""
    with pytest.raises(InputError) as err:
        ask(moves=[], sets=sets)
    assert err.value.code == "bad_request"
    assert err.value.field == "sets"

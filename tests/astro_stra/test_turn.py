"""A whole turn, steps 1–7: each step judged in order against the dice and the rules."""

from __future__ import annotations

from adjudicator.astro_stra.references import VIOLATIONS
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import Die, Hold
from adjudicator.astro_stra.turn import Game, StepProblem, TurnPlay, play_turn
from tests.astro_stra.support import DEFAULT, pos, reading

COLOURS = {"black": ("red", "green", "blue"), "white": ("yellow", "purple", "cyan")}
REROLL_A_TO_2 = SkillUse("red", die="A", pips=2)
#: Black's outer is free: white's pieces stand on its own 10–12, black's 9–7.
START = Game(pos("b:1=2,2=2,3=2 w:10=2,11=2,12=2"), COLOURS)


def turn(
    side="black",
    dice=(("red", 2), ("green", 1), ("blue", 2)),
    slots=("red", "green", "blue"),
    skill=REROLL_A_TO_2,
    target=(3,),
    moves=((3, 5),),
) -> TurnPlay:
    return TurnPlay(side, tuple(Die(*d) for d in dice), slots, skill, target, moves)


def problem(result) -> tuple[str, str] | None:
    return (result.step, result.code) if isinstance(result, StepProblem) else None


def test_a_legal_turn_plays_every_step() -> None:
    """S red rerolls A to 2; T⚀ (green 1): the piece nearest home, on 3; A⚁: advance 2."""
    after = play_turn(START, turn(), DEFAULT)
    assert problem(after) is None
    assert after.position.count("black", 5) == 1 and after.to_move == "white"


def test_step_1_the_sides_own_three_dice() -> None:
    wrong = turn(dice=(("red", 2), ("green", 1), ("cyan", 2)))
    assert problem(play_turn(START, wrong, DEFAULT)) == ("step-1", "wrong_dice")
    assert problem(play_turn(START, turn(side="white"), DEFAULT)) == ("step-7", "not_your_turn")
    seven = turn(dice=(("red", 7), ("green", 1), ("blue", 2)))
    assert problem(play_turn(START, seven, DEFAULT)) == ("step-1", "die_value")


def test_step_1_a_held_die_is_not_rolled() -> None:
    held = Game(START.position, COLOURS, holds=(Hold("black", "green", 1),))
    assert problem(play_turn(held, turn(), DEFAULT)) is None
    changed = turn(dice=(("red", 2), ("green", 3), ("blue", 2)), target=(3,), moves=((3, 5),))
    assert problem(play_turn(held, changed, DEFAULT)) == ("step-1", "held_die_rolled")


def test_step_2_one_die_per_slot() -> None:
    twice = turn(slots=("red", "red", "blue"))
    assert problem(play_turn(START, twice, DEFAULT)) == ("step-2", "bad_assignment")


def test_step_3_may_be_skipped_only_when_no_skill_is_possible() -> None:
    skipped = turn(skill=None, moves=((3, 5),))
    assert problem(play_turn(START, skipped, DEFAULT)) == ("step-3", "skill_skipped")


def test_step_3_a_silence_lasts_the_next_turn_only() -> None:
    silence = turn(skill=None)._replace(
        dice=(Die("red", 2), Die("green", 1), Die("blue", 2)),
    )
    silenced = Game(START.position, COLOURS, silenced=frozenset({"black"}))
    after = play_turn(silenced, silence._replace(moves=((3, 5),)), DEFAULT)
    assert problem(after) is None and after.silenced == frozenset()


def test_step_4_target_and_step_5_moves_are_checked() -> None:
    wrong_target = turn(target=(2,), moves=((2, 4),))
    assert problem(play_turn(START, wrong_target, DEFAULT)) == ("step-4", "target_not_available")
    wrong_moves = turn(moves=((3, 6),))
    assert problem(play_turn(START, wrong_moves, DEFAULT)) == ("step-5", "action_not_available")


def test_step_6_only_held_dice_stay_out() -> None:
    """S blue takes the A die to 1 (A⚀: to the T point, 1); nothing is held afterwards.
    S cyan holds the A die (2): it waits for black's next turn, the others are released."""
    minus = turn(
        dice=(("blue", 2), ("green", 1), ("red", 2)),
        slots=("blue", "green", "red"),
        skill=SkillUse("blue", die="A"),
        moves=((3, 1),),
    )
    after = play_turn(START, minus, DEFAULT)
    assert problem(after) is None and after.holds == ()
    cyan = Game(START.position, {"black": ("cyan", "green", "blue"), "white": COLOURS["white"]})
    held = turn(
        dice=(("cyan", 2), ("green", 1), ("blue", 2)),
        slots=("cyan", "green", "blue"),
        skill=SkillUse("cyan", die="A"),
        moves=((3, 5),),
    )
    after = play_turn(cyan, held, DEFAULT)
    assert after.holds == (Hold("black", "blue", 2, "A"),)


def test_step_7_all_home_wins_at_once() -> None:
    near = Game(pos("b:12=1,13=5 w:1=2"), COLOURS)
    last = turn(dice=(("red", 2), ("green", 1), ("blue", 2)), target=(12,), moves=((12, 13),))
    after = play_turn(near, last, DEFAULT)
    assert problem(after) is None and after.winner == "black"
    assert problem(play_turn(after, turn(side="white"), DEFAULT)) == ("step-7", "game_over")


def test_every_problem_a_turn_reports_has_a_message_in_both_languages() -> None:
    """Each code a step reports is in the catalogue, cites the step, and formats with the
    arguments the step gives (Japanese and English)."""
    silenced = Game(START.position, COLOURS, silenced=frozenset({"black"}))
    held = Game(START.position, COLOURS, holds=(Hold("black", "green", 1),))
    cases = [
        (START, turn(side="white")),
        (START, turn(dice=(("red", 2), ("green", 1), ("cyan", 2)))),
        (START, turn(dice=(("red", 7), ("green", 1), ("blue", 2)))),
        (held, turn(dice=(("red", 2), ("green", 3), ("blue", 2)))),
        (START, turn(slots=("red", "red", "blue"))),
        (START, turn(skill=None)),
        (silenced, turn()),
        (START, turn(skill=SkillUse("green", die="T"))),
        (START, turn(skill=SkillUse("red", die="A"))),
        (START, turn(target=(2,), moves=((2, 4),))),
        (START, turn(target=(), moves=())),
        (START, turn(moves=((3, 6),))),
        (START, turn(moves=())),
    ]
    seen = set()
    for game, play in cases:
        result = play_turn(game, play, DEFAULT)
        assert isinstance(result, StepProblem), play
        violation = VIOLATIONS(result.code, **result.args)
        assert result.step in violation.rules, result
        for lang in ("ja", "en"):
            assert violation.message(lang)
        seen.add(result.code)
    assert len(seen) == len(cases)


CYAN_COLOURS = {"black": ("cyan", "green", "blue"), "white": COLOURS["white"]}
#: Black held its blue die at 2 from the A slot (S cyan) last turn.
HELD_FROM_A = Game(START.position, CYAN_COLOURS, holds=(Hold("black", "blue", 2, "A"),))


def test_step_6_a_die_held_by_ones_own_skill_keeps_its_frame() -> None:
    """Interpretation 11 (default keeps-slot): step 6 takes out of the frames every die
    *except* those held by one's own skill, and 水色 uses the held pips 「そのまま」: the
    blue die held from A goes on A again; on T it is refused (step 2)."""
    on_a = turn(
        dice=(("cyan", 3), ("green", 1), ("blue", 2)),
        slots=("cyan", "green", "blue"),
        skill=SkillUse("cyan", die="T"),
        moves=((3, 5),),
    )
    assert problem(play_turn(HELD_FROM_A, on_a, DEFAULT)) is None
    on_t = turn(
        dice=(("cyan", 3), ("green", 1), ("blue", 2)),
        slots=("cyan", "blue", "green"),
        skill=SkillUse("cyan", die="T"),
        target=(1,),
        moves=((1, 2),),
    )
    assert problem(play_turn(HELD_FROM_A, on_t, DEFAULT)) == ("step-2", "held_slot")
    value_only = reading(held_die="value-only")
    assert problem(play_turn(HELD_FROM_A, on_t, value_only)) is None


def test_step_2_a_die_fixed_by_the_opponent_goes_on_any_slot() -> None:
    """A die fixed by the opponent's 紫 was taken out of its frame at its owner's step 6,
    so it has no slot to keep: black's green fixed at 2 may go on A."""
    fixed = Game(START.position, COLOURS, holds=(Hold("black", "green", 2),))
    play = turn(
        dice=(("red", 2), ("green", 2), ("blue", 3)),
        slots=("red", "blue", "green"),
        skill=SkillUse("red", die="T", pips=1),
        target=(3,),
        moves=((3, 5),),
    )
    assert problem(play_turn(fixed, play, DEFAULT)) is None

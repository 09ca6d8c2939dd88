"""A whole turn (steps 1–7), judged step by step from what a record says was done.

A record writes a turn as :class:`TurnPlay`: the three dice as they lay after step 1, the
slot each went to (step 2), the skill used (step 3), the target (step 4) and the moves
(step 5). :func:`play_turn` checks each step against the dice and the rules, in order, and
answers the first problem with the step it belongs to, or the game after the turn. What one
turn leaves for the next — held dice, a silenced skill, a spent once-per-game skill — is
part of :class:`Game`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator.astro_stra import actions, targets
from adjudicator.astro_stra.board import Position, Side, other
from adjudicator.astro_stra.dice import PIPS, Dice
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import (
    ONCE_PER_GAME,
    Die,
    Hold,
    Table,
    apply_skill,
    held_at_step_6,
    is_problem,
    skill_possible,
)

Problem = tuple[str, dict[str, Any]]


class StepProblem(NamedTuple):
    """A problem and the step (reference id) it belongs to."""

    step: str
    code: str
    args: dict[str, Any]


class TurnPlay(NamedTuple):
    """One turn as a record writes it."""

    side: Side
    #: Step 1: the three dice (colour, pips) as they lay, held ones included.
    dice: tuple[Die, Die, Die]
    #: Step 2: the colours put on S, T and A.
    slots: tuple[str, str, str]
    #: Step 3: the skill used; ``None`` when the step was skipped.
    skill: SkillUse | None
    #: Step 4: the own points the target is taken from; empty when skipped.
    target: tuple[int, ...]
    #: Step 5: the moves ``(from, to)`` made; empty when skipped.
    moves: tuple[tuple[int, int], ...]
    #: Step 3 under interpretation 12 "on-top": the once-per-game skill used besides.
    extra: SkillUse | None = None


class Game(NamedTuple):
    """The position and what turns leave to later ones (a named tuple: every turn makes
    one)."""

    position: Position
    colours: dict[Side, tuple[str, ...]]
    to_move: Side = "black"
    holds: tuple[Hold, ...] = ()
    silenced: frozenset[Side] = frozenset()
    once_used: frozenset[Side] = frozenset()
    winner: Side | None = None
    turns: int = 0


def _problem(step: str, code: str, **args: Any) -> StepProblem:
    return StepProblem(step, code, args)


def play_turn(game: Game, play: TurnPlay, readings: Readings) -> Game | StepProblem:
    """Judge one turn, step by step; the game after it, or the first problem."""
    skilled = skills_applied(game, play, readings)
    if isinstance(skilled, StepProblem):
        return skilled
    position, table = skilled
    side, foe = play.side, other(play.side)
    dice = Dice(table.s.pips, table.t.pips, table.a.pips)
    # step 4: the target
    wrong = targets.check_target(position, side, dice.t, dice, readings, play.target)
    if wrong is not None:
        return StepProblem("step-4", *wrong)
    # step 5: the action
    if play.target:
        done = actions.apply(position, side, play.target, dice.a, dice, readings, play.moves)
        if not isinstance(done, actions.Outcome):
            return StepProblem("step-5", *done)
        position = done.position
    elif play.moves:
        return _problem("step-5", "moves_without_target", side=side)
    # step 6: release what is not held; a silence lasts one turn of the silenced side
    # step 7: a side with every piece home wins, judged for either side
    winner = side if position.all_home(side) else foe if position.all_home(foe) else None
    silenced = table.silenced - {side} if side in table.silenced else table.silenced
    return Game(
        position,
        game.colours,
        foe,
        held_at_step_6(table),
        silenced,
        table.once_used,
        winner,
        game.turns + 1,
    )


def skills_applied(
    game: Game, play: TurnPlay, readings: Readings
) -> tuple[Position, Table] | StepProblem:
    """Steps 1–3 of a turn judged: the position and the dice as the skills left them (a
    die rerolled, changed or held shows its new pips, as it lies on the table for steps 4
    and 5), or the first problem."""
    side = play.side
    if game.winner is not None:
        return _problem("step-7", "game_over", winner=game.winner)
    if side != game.to_move:
        return _problem("step-7", "not_your_turn", side=side, mover=game.to_move)
    # step 1: roll the dice that are not held
    mine = game.colours[side]
    d0, d1, d2 = play.dice
    colours = (d0.colour, d1.colour, d2.colour)
    if colours != mine and sorted(colours) != sorted(mine):
        return _problem("step-1", "wrong_dice", side=side, expected=list(mine))
    for die in play.dice:
        if die.pips not in PIPS:
            return _problem("step-1", "die_value", colour=die.colour, value=die.pips)
    held_for_me = {h.colour: h for h in game.holds if h.owner == side} if game.holds else {}
    for die in play.dice if held_for_me else ():
        hold = held_for_me.get(die.colour)
        if hold is not None and die.pips != hold.pips:
            return _problem(
                "step-1", "held_die_rolled", colour=die.colour, held=hold.pips, got=die.pips
            )
    # step 2: one die on each of S, T and A
    slots = play.slots
    if slots != colours and sorted(slots) != sorted(mine):
        return _problem("step-2", "bad_assignment", side=side, slots=list(slots))
    if held_for_me and readings.held_die == "keeps-slot":
        for hold in held_for_me.values():
            if hold.slot is not None and slots["STA".index(hold.slot)] != hold.colour:
                return _problem("step-2", "held_slot", colour=hold.colour, slot=hold.slot)
    by_colour = {d0.colour: d0, d1.colour: d1, d2.colour: d2}
    table = Table(
        side,
        by_colour[slots[0]],
        by_colour[slots[1]],
        by_colour[slots[2]],
        tuple(h for h in game.holds if h.owner != side) if game.holds else (),
        frozenset(held_for_me),
        game.silenced,
        game.once_used,
    )
    foe_colours = game.colours[other(side)]
    position = game.position
    # step 3: the skill (and, read "on-top", the once-per-game one besides)
    on_top = readings.once_per_game == "on-top"
    if play.extra is not None and not on_top:
        return _problem("step-3", "extra_skill_not_allowed", side=side)
    if on_top and play.skill is not None and play.skill.skill in ONCE_PER_GAME:
        return _problem("step-3", "once_per_game_on_top", side=side, skill=play.skill.skill)
    if play.extra is not None and play.extra.skill not in ONCE_PER_GAME:
        return _problem("step-3", "once_per_game_on_top", side=side, skill=play.extra.skill)
    if play.skill is None and skill_possible(position, table, foe_colours, readings):
        return _problem("step-3", "skill_skipped", side=side)
    for use in (play.skill, play.extra):
        if use is None:
            continue
        result = apply_skill(position, table, use, foe_colours, readings)
        if is_problem(result):
            code, args = result
            return _problem("step-3", code, **args)
        position, table = result
    return position, table

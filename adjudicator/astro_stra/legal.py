"""Every legal turn for a roll: what the side to move could write next with these dice.

A turn is a chain of choices (steps 2–5): the slot of each die, the skill, the target and
the moves. Each step's own lists give the choices — :func:`~.skills.candidate_uses` every
skill use with every parameter, :func:`~.targets.targets` every target,
:func:`~.actions.moves` every way to act — and :func:`~.turn.play_turn`, the judge a
record's turn meets, keeps the chains it accepts. A choice is left out only where the
rules forbid it (a step skipped while something fitted it, a held die moved out of its
frame, a once-per-game skill under the wrong reading), so the list is the judge's own
answer for every line the lists can spell.

A turn is written as :func:`~.notation.turn_line` writes it, the dice in the order the
side drafted them. Two pieces taken from one point reach the same position whichever
moves first, and a record may write either (:func:`~.actions.apply`): both spellings are
listed, as the judge accepts both.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping

from adjudicator.astro_stra import actions, targets
from adjudicator.astro_stra.board import Position, Side, other
from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.notation import turn_line
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import (
    ONCE_PER_GAME,
    Die,
    Table,
    apply_skill,
    candidate_uses,
    is_problem,
)
from adjudicator.astro_stra.turn import Game, TurnPlay, play_turn

#: A skill chosen, with the position and table it leaves (``None``: step 3 skipped).
Chosen = tuple[SkillUse | None, SkillUse | None, Position, Table]


def legal_turns(game: Game, roll: Mapping[str, int], readings: Readings) -> list[str]:
    """Every line the side to move may write as its next turn with the dice ``roll``
    (colour → pips), sorted; empty once the game is decided or when ``roll`` is not that
    side's three dice, a held die at its held pips."""
    return sorted({line for line, _ in legal_plays(game, roll, readings)})


def legal_plays(
    game: Game, roll: Mapping[str, int], readings: Readings, *, spellings: bool = True
) -> Iterator[tuple[str, Game]]:
    """Each line :func:`legal_turns` lists, with the game it leaves (a line may come more
    than once: two chains can spell it); without ``spellings``, each way to act in one
    order of its moves only (every order reaches the same game)."""
    if game.winner is not None:
        return
    side = game.to_move
    mine = game.colours[side]
    if sorted(roll) != sorted(mine):
        return
    first, second, third = (Die(colour, roll[colour]) for colour in mine)  # a side's three
    dice = (first, second, third)
    number = game.turns + 1
    for play in _chains(game, dice, readings, spellings=spellings):
        after = play_turn(game, play, readings)
        if isinstance(after, Game):
            yield turn_line(number, play), after


def _chains(
    game: Game, dice: tuple[Die, Die, Die], readings: Readings, *, spellings: bool = True
) -> Iterator[TurnPlay]:
    """Every chain of choices the steps' lists offer, legal or not at the end (with
    ``spellings``, each way to act in every order of its moves)."""
    side = game.to_move
    by_colour = {die.colour: die for die in dice}
    foe = game.colours[other(side)]
    held = frozenset(h.colour for h in game.holds if h.owner == side)
    theirs = tuple(h for h in game.holds if h.owner != side)
    for s_colour, t_colour, a_colour in itertools.permutations(die.colour for die in dice):
        slots = (s_colour, t_colour, a_colour)
        s, t, a = by_colour[s_colour], by_colour[t_colour], by_colour[a_colour]
        table = Table(side, s, t, a, theirs, held, game.silenced, game.once_used)
        for skill, extra, position, after in _skills(game.position, table, foe, readings):
            now = Dice(after.s.pips, after.t.pips, after.a.pips)
            for target in targets.targets(position, side, now.t, now, readings) or [()]:
                for moves in _spellings(position, side, target, now, readings, spellings):
                    yield TurnPlay(side, dice, slots, skill, target, moves, extra)


def _skills(
    position: Position, table: Table, foe: tuple[str, ...], readings: Readings
) -> Iterator[Chosen]:
    """Step 3: nothing, or each skill use the table allows; read "on-top", a
    once-per-game skill may follow the S die's own."""
    on_top = readings.once_per_game == "on-top"
    for use, done_position, done_table in [
        (None, position, table),
        *_uses(position, table, foe, readings),
    ]:
        yield use, None, done_position, done_table
        if not on_top or (use is not None and use.skill in ONCE_PER_GAME):
            continue
        for extra, extra_position, extra_table in _uses(done_position, done_table, foe, readings):
            if extra.skill in ONCE_PER_GAME:
                yield use, extra, extra_position, extra_table


def _uses(
    position: Position, table: Table, foe: tuple[str, ...], readings: Readings
) -> Iterator[tuple[SkillUse, Position, Table]]:
    """Each skill use :func:`~.skills.apply_skill` performs, with what it leaves."""
    for use in candidate_uses(table, foe):
        result = apply_skill(position, table, use, foe, readings)
        if not is_problem(result):
            done_position, done_table = result
            yield use, done_position, done_table


def _spellings(
    position: Position,
    side: Side,
    target: tuple[int, ...],
    dice: Dice,
    readings: Readings,
    every_order: bool = True,
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Step 5: no moves, or each way to act, written in every order of its moves (the
    judge keeps the orders a record may write), or in one."""
    yield ()
    if not target:
        return
    for way in actions.moves(position, side, target, dice.a, dice, readings):
        if every_order:
            yield from dict.fromkeys(itertools.permutations(way.plain()))
        else:
            yield way.plain()

"""A turn a score sheet left out, rebuilt from what follows it, and the turns that would
have done the same.

A turn's dice (step 1) are written on its own line only: left out, they are lost, and
with them the slots, the skill, the target and the moves they allowed. What the turn did
is not lost: the next turns move pieces from where it left them, find dice it held
(cyan, purple), a skill it silenced or spent. Every roll of the side's three dice (6³,
a held die at its held pips) gives the turns :func:`~.legal.legal_plays` lists; turns that
leave the same game are one effect, and the record's next lines choose among the effects
(:func:`~adjudicator.core.repair.continuation.agreed`). The effects come the likeliest
first: the one the most rolls and choices reach.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, TypeVar

from adjudicator.astro_stra.dice import PIPS
from adjudicator.astro_stra.legal import legal_plays
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.turn import Game
from adjudicator.core.read.numbers import read_int

T = TypeVar("T")


#: Turns listed for one gap, at most (each judged by :func:`~.turn.play_turn`, a few
#: tenths of a millisecond): a middle-game position has 2,000 to 20,000 over the 216 rolls,
#: the opening's far more, and the bound keeps one gap to a few seconds. Past it, the
#: rolls not reached are not tried (docs/repair.md, "Omissions and ties").
TURNS = 4_000


def effects(game: Game, readings: Readings) -> list[list[str]]:
    """The turns the side to move could have played, grouped by the game each leaves, the
    groups most often reached first; the rolls of its three dice tried in order, each way
    to act in one order of its moves, :data:`TURNS` turns at most."""
    return [list(lines) for lines in kept((_key(game), readings), lambda: _effects(game, readings))]


#: Answers kept: a repair asks about the same gap, with the same lines after it, from many
#: edited records.
KEPT = 32
_KEPT: dict[Hashable, Any] = {}


def kept(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, kept under ``key`` among the last :data:`KEPT` answers."""
    if key not in _KEPT:
        if len(_KEPT) >= KEPT:
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[key] = make()
    found: T = _KEPT[key]
    return found


def _effects(game: Game, readings: Readings) -> tuple[tuple[str, ...], ...]:
    mine = game.colours[game.to_move]
    found: dict[Hashable, list[str]] = {}
    rolls = (dict(zip(mine, pips, strict=True)) for pips in itertools.product(PIPS, repeat=3))
    plays = itertools.chain.from_iterable(
        legal_plays(game, roll, readings, spellings=False) for roll in rolls
    )
    for line, after in itertools.islice(plays, TURNS):
        lines = found.setdefault(_key(after), [])
        if line not in lines:
            lines.append(line)
    return tuple(tuple(lines) for lines in sorted(found.values(), key=len, reverse=True))


def _key(game: Game) -> Hashable:
    """What a turn leaves for the next ones, as a key: the position, the colours, the dice
    held, the skills silenced or spent, the winner and the turns played."""
    return (
        game.position,
        tuple(sorted(game.colours.items())),
        game.to_move,
        game.holds,
        game.silenced,
        game.once_used,
        game.winner,
        game.turns,
    )


_ROLL = re.compile(r"\bdice ((?:[a-z-]+=[0-9]+ ?){3})\|")


def roll_of(line: str) -> dict[str, int] | None:
    """The three dice a turn's line writes (``dice clear=1 yellow=3 purple=6 |``), colour
    to pips; ``None`` when it does not write three, or writes pips no die shows (step 1:
    1 to 6): no turn is played with them, so none completes the line."""
    found = _ROLL.search(line)
    if found is None:
        return None
    pairs = [die.partition("=") for die in found[1].split()]
    roll = {colour: read_int(pips) for colour, _, pips in pairs}
    return roll if all(pips in PIPS for pips in roll.values()) else None


_SIDE = re.compile(r"[0-9]+\. (black|white):")


def key_of(game: Game, readings: Readings) -> Hashable:
    """A position and the readings it is judged by, as a key of :func:`kept`."""
    return (_key(game), readings)


def gap(game: Game, ahead: Sequence[str]) -> bool:
    """Whether the record's next line tells of a turn left out here: a turn of the side
    that just moved, when the other moves next (turns alternate, step 7). A next line
    refused for anything else is no gap, and no turns are rebuilt for it."""
    side = _SIDE.match(ahead[0]) if ahead else None
    return side is not None and side[1] != game.to_move


def rebuilt(game: Game, readings: Readings) -> Iterator[str]:
    """One turn for each effect, the likeliest first, found only when asked for (a repair
    asks where a turn is missing, not at every place it looks)."""
    for lines in effects(game, readings):
        yield lines[0]


def same_effect(game: Game, readings: Readings, line: str) -> list[str]:
    """The turns that leave the game ``line`` leaves, ``line`` itself left out."""
    for lines in effects(game, readings):
        if line in lines:
            return [other for other in lines if other != line]
    return []

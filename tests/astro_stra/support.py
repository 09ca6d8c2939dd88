"""Shared helpers for the Astro-Stra tests: positions from their text, readings with one
field changed, and hypothesis strategies for positions, readings and dice."""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import strategies as st

from adjudicator.astro_stra.board import PLACES, POINTS, Position, opposite
from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.readings import Geometry, Readings

DEFAULT = Readings()


def pos(text: str) -> Position:
    """A position from its one-line text, checked against the default geometry."""
    return Position.from_text(text, geometry=DEFAULT.geometry)


def reading(**changes: Any) -> Readings:
    """The default readings with some fields changed."""
    return Readings(**changes)


def readings_values() -> st.SearchStrategy[Readings]:
    """Every combination of the readings."""
    choices = {
        name: (True, False) if info.annotation is bool else get_args(info.annotation)
        for name, info in Readings.model_fields.items()
    }
    return st.builds(Readings, **{name: st.sampled_from(c) for name, c in choices.items()})


@st.composite
def positions(draw: st.DrawFn, geometry: Geometry = "two-rows") -> Position:
    """Any position that the move table could leave under ``geometry``: no physical point
    holds pieces of both sides, each side has at least one piece."""
    black = draw(st.lists(st.integers(0, 3), min_size=len(PLACES), max_size=len(PLACES)))
    white = draw(st.lists(st.integers(0, 3), min_size=len(PLACES), max_size=len(PLACES)))
    for p in POINTS:
        if black[p] and white[opposite(p, geometry)]:
            if draw(st.booleans()):
                black[p] = 0
            else:
                white[opposite(p, geometry)] = 0
    if not sum(black):
        black[13] = 1
    if not sum(white):
        white[13] = 1
    return Position(tuple(black), tuple(white))


def dice_values() -> st.SearchStrategy[Dice]:
    pips = st.integers(1, 6)
    return st.builds(Dice, s=pips, t=pips, a=pips)

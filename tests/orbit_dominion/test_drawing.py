"""The terminal drawing (第2条's board as three rows): its bare text, as a verdict shows it,
is the coloured drawing's text, and each ship sits in its sector's column."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.orbit_dominion.actions import Action, every_action
from adjudicator.orbit_dominion.board import SECTORS_PER_ORBIT, sector
from adjudicator.orbit_dominion.drawing import draw, plain
from adjudicator.orbit_dominion.position import STANDARD, Position

from .support import positions

LAST = st.none() | st.sampled_from(sorted(every_action().values(), key=str))


@settings(max_examples=60, deadline=None)
@given(positions(), LAST)
def test_the_bare_drawing_is_the_coloured_ones_text(
    position: Position, last: Action | None
) -> None:
    assert plain(position, last) == draw(position, last).plain


@settings(max_examples=40, deadline=None)
@given(positions())
def test_each_ship_is_drawn_in_its_sectors_column(position: Position) -> None:
    rows = plain(position).splitlines()[1:]
    for o, row in enumerate(rows):
        for n in range(SECTORS_PER_ORBIT):
            ch = position.cell(sector(o, n))
            assert row[6 + 4 * n] == {".": "·"}.get(ch, ch)


def test_ships_are_coloured_gates_dimmed_and_the_last_destination_marked() -> None:
    text = draw(STANDARD, Action.parse("O0-O1"))
    styled = {(text.plain[span.start : span.end], str(span.style)) for span in text.spans}
    assert {("r", "red"), ("R", "bold red"), ("b", "blue"), ("[", "dim")} <= styled
    assert ("*", "bold yellow") in styled

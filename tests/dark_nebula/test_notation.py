"""The event lines (記譜法): every event model written as a line reads back as itself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.dark_nebula.notation import body, parse_line, stamp
from adjudicator.dark_nebula.record import (
    Appearance,
    Battle,
    Combat,
    Move,
    Movement,
    Opening,
    Place,
    Production,
    Search,
    Setup,
    Volley,
)
from adjudicator.dark_nebula.state import PHASES
from tests.dark_nebula.support import BOARD

KINDS = [c.id for c in BOARD.counters]
SECTORS = st.sampled_from([s.id for s in BOARD.sectors])
KIND = st.sampled_from(KINDS)
SIDE = st.sampled_from(["empire", "rebel"])
PLACE = st.builds(Place, counter=KIND, sector=SECTORS)
DICE = st.dictionaries(
    SIDE,
    st.dictionaries(KIND, st.lists(st.integers(1, 6), max_size=3), min_size=1),
    max_size=2,
)
REMOVED = st.dictionaries(SIDE, st.lists(KIND, min_size=1, max_size=3), max_size=2)
VOLLEY = st.builds(
    lambda cls, dice, removed: Volley.model_validate(
        {"class": cls, "dice": dice, "removed": removed}
    ),
    st.sampled_from(["0★", "3", "2", "1", "0"]),
    DICE,
    REMOVED,
)
MOVE = st.builds(
    lambda kind, src, dst: Move.model_validate({"counter": kind, "from": src, "to": dst}),
    KIND,
    SECTORS,
    SECTORS,
)
NONCE = st.text("0123456789abcdef", min_size=32, max_size=64)


def events(step: int) -> st.SearchStrategy:
    name, side = PHASES[step]
    if name == "production":
        return st.builds(
            Production,
            phase=st.just("production"),
            side=st.just(side),
            builds=st.lists(PLACE, max_size=3),
            extra=st.none() | PLACE,
            base_builds=st.lists(KIND, max_size=2),
        )
    if name == "movement":
        return st.builds(
            Movement,
            phase=st.just("movement"),
            side=st.just(side),
            moves=st.lists(MOVE, max_size=3),
            appearances=st.lists(st.builds(Appearance, counter=KIND, to=SECTORS), max_size=2),
        )
    if name == "combat":
        battle = st.builds(Battle, sector=SECTORS, volleys=st.lists(VOLLEY, min_size=1, max_size=3))
        return st.builds(
            Combat,
            phase=st.just("combat"),
            side=st.just(side),
            battles=st.lists(battle, max_size=2),
        )
    return st.builds(
        Search,
        phase=st.just("search"),
        searches=st.lists(SECTORS, max_size=2),
        reveal=st.none() | st.builds(Opening, sector=SECTORS, nonce=NONCE),
        roll=st.none() | st.integers(1, 6),
    )


@given(
    st.integers(1, 7).flatmap(lambda step: st.tuples(st.just(step), events(step))),
    st.integers(1, 30),
)
def test_every_event_line_reads_back_as_itself(stepped, turn: int) -> None:
    step, event = stepped
    line = f"{stamp(turn, step)}: {body(event)}"
    assert parse_line(line) == event.model_copy(update={"turn": turn})


@given(st.lists(PLACE, min_size=1, max_size=4))
def test_setup_lines_read_back(places: list[Place]) -> None:
    event = Setup(phase="setup", rebel=places)
    assert parse_line(f"setup: {body(event)}") == event


def test_a_field_an_event_line_cannot_hold_is_said_in_the_projects_words() -> None:
    """記譜法 (and the record spec: pydantic's words are no message for a director): a
    counter the game has no kind of, in a line that otherwise reads, is refused naming the
    field and the kinds it takes in each language, never with pydantic's English."""
    with pytest.raises(InputError) as refused:
        parse_line("setup: x@zarek")
    english, japanese = refused.value.describe("en"), refused.value.describe("ja")
    assert 'counter: must be one of "imperial_guard", "command_ship"' in english
    assert '(got "x")' in english and "should" not in english
    assert 'counter: 次のいずれかでなければなりません: "imperial_guard"、"command_ship"' in japanese

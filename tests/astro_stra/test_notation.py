"""The event lines (記譜法): every turn written as a line reads back as itself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.notation import (
    draft_line,
    opening_line,
    parse_opening,
    parse_turn,
    reads_back,
    turn_line,
)
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.record import Turn
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import COLOURS, Die
from adjudicator.astro_stra.turn import TurnPlay
from adjudicator.core.errors import InputError

PIPS = st.integers(1, 6)
COLOUR = st.sampled_from(COLOURS)
SLOT = st.sampled_from(["T", "A"])
SIDE = st.sampled_from(["black", "white"])
SKILLS = st.one_of(
    st.none(),
    st.builds(lambda d, p: SkillUse("red", die=d, pips=p), SLOT, PIPS),
    st.builds(
        lambda c, d: SkillUse(c, die=d), st.sampled_from(["green", "blue", "cyan", "clear"]), SLOT
    ),
    st.builds(lambda c, p: SkillUse("purple", opponent=c, pips=p), COLOUR, PIPS),
    st.just(SkillUse("yellow")),
    st.builds(
        lambda o, c, p: SkillUse("black-white", held=(o, c), pips=p),
        SIDE,
        COLOUR,
        st.sampled_from([1, -1]),
    ),
    st.builds(lambda p: SkillUse("black-white", die="T", pips=p), PIPS),
    st.builds(lambda o, c, p: SkillUse("black-red", held=(o, c), pips=p), SIDE, COLOUR, PIPS),
    st.builds(lambda q: SkillUse("orange", swap=q), st.integers(1, 12)),
    st.builds(lambda d: SkillUse("jagi", colour="green", die=d), SLOT),
    st.just(SkillUse("artemis")),
)
PLAYS = st.builds(
    lambda side, colours, pips, skill, target, moves: TurnPlay(
        side,
        tuple(Die(c, p) for c, p in zip(colours, pips, strict=True)),
        tuple(colours),
        skill,
        tuple(target),
        tuple(moves),
    ),
    SIDE,
    st.lists(COLOUR, min_size=3, max_size=3, unique=True),
    st.lists(PIPS, min_size=3, max_size=3),
    SKILLS,
    st.lists(st.integers(0, 13), max_size=2),
    st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=4),
)


@given(st.integers(1, 200), PLAYS)
def test_every_turn_line_reads_back_as_itself(number: int, play: TurnPlay) -> None:
    assert parse_turn(turn_line(number, play)) == (number, play)


def test_the_documented_example() -> None:
    line = (
        "1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | skill red A=2 "
        "| target 3 | moves 3>5"
    )
    number, play = parse_turn(line)
    assert number == 1 and play.skill == SkillUse("red", die="A", pips=2)
    assert turn_line(1, play) == line


def test_opening_and_draft_lines() -> None:
    assert parse_opening(opening_line([(3, 3), (5, 2)])) == [(3, 3), (5, 2)]
    assert draft_line(["red", "blue"]) == "draft red blue"


GOOD = "1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | skill - | target - | moves -"


@pytest.mark.parametrize(
    "line",
    [
        GOOD.replace(" blue=2", ""),
        GOOD.replace(" A=blue", ""),
        GOOD.replace("black", "grey"),
        GOOD.replace("target -", "target x"),
        GOOD.replace("moves -", "moves 3-5"),
    ],
)
def test_malformed_lines_are_refused_with_the_syntax(line: str) -> None:
    with pytest.raises(InputError) as err:
        parse_turn(line)
    assert err.value.code == "malformed_event" and "dice" in (err.value.expected or "")


@st.composite
def any_parameters(draw: st.DrawFn) -> SkillUse:
    """A skill with any parameters a JSON record can give, taken or not (an opposing die
    comes with its value, as a line writes ``colour=pips``)."""
    held = draw(st.none() | st.tuples(SIDE, COLOUR))
    opponent = None if held else draw(st.none() | COLOUR)
    pips = draw(st.integers(-1, 7)) if opponent else draw(st.none() | st.integers(-1, 7))
    return SkillUse(
        draw(st.sampled_from([*COLOURS, "jagi", "artemis"])),
        colour=draw(st.none() | COLOUR),
        die=draw(st.none() | SLOT),
        held=held,
        pips=pips,
        opponent=opponent,
        swap=draw(st.none() | st.integers(1, 12)),
    )


@given(any_parameters())
def test_a_skill_line_keeps_every_parameter_written(use: SkillUse) -> None:
    """Strict by default: a JSON record's skill reaches the judge with every parameter it
    gave, those its skill does not take included (they are refused there, not dropped)."""
    play = parse_turn(GOOD)[1]._replace(skill=use)
    assert parse_turn(turn_line(7, play)) == (7, play)


def test_lenient_reading_leaves_out_an_untaken_parameter_and_says_so() -> None:
    """``skill green A=5``: green takes the die, not pips. Strictly it is `bad_skill` at
    its ply; read leniently it is played as ``skill green A`` and reported."""
    line = (
        "1. black: dice green=2 red=1 blue=2 | S=green T=red A=blue | skill green A=5 "
        "| target 3 | moves 3>6"
    )
    events = ["opening 3-3 5-2", "draft green purple red yellow blue cyan"]
    free = Position.from_text("b:1=2,2=2,3=2 w:10=2,11=2,12=2")
    strict, lenient = AstroStraReplay(Readings(), 1, free), AstroStraReplay(Readings(), 1, free)
    for event in events:
        assert strict.attempt(event, lenient=False).violation is None
        assert lenient.attempt(event, lenient=True).violation is None
    refused = strict.attempt(line, lenient=False)
    assert refused.violation is not None and refused.violation.code == "bad_skill"
    assert "pips 5" in refused.violation.message("en")
    step = lenient.attempt(line, lenient=True)
    assert step.violation is None
    assert step.normalized_to == line.replace("skill green A=5", "skill green A")
    assert lenient.position_text().startswith("b:1=2,2=2,3=1,6=1")


#: Words a JSON record may give where a colour goes: colours, near-colours, the words that
#: start a skill parameter, separators and blanks.
ODD_WORD = st.one_of(
    COLOUR,
    st.sampled_from(["-", "as", "held", "swap", "T", "A", "Red", "", " ", "red blue", "a|b"]),
    st.sampled_from(["x:y", "+", " + ", "1", "skill", "jagi", "artemis", "red\nblue"]),
    st.text(max_size=6),
)
#: Numbers and near-numbers a JSON record may give, which the record's model makes whole.
ODD_INT = st.one_of(st.integers(-15, 15), st.booleans(), st.sampled_from([3.0, "4", " 5", 2.5]))
ODD_SKILL = st.none() | st.fixed_dictionaries(
    {"skill": ODD_WORD},
    optional={
        "as": ODD_WORD,
        "die": st.sampled_from(["T", "A", "S", ""]),
        "held": st.fixed_dictionaries(
            {"owner": st.sampled_from(["black", "white", "grey"]), "colour": ODD_WORD}
        ),
        "pips": ODD_INT,
        "opponent": ODD_WORD,
        "swap": ODD_INT,
    },
)
ODD_TURNS = st.fixed_dictionaries(
    {
        "side": st.sampled_from(["black", "white", "grey"]),
        "dice": st.lists(
            st.fixed_dictionaries({"colour": ODD_WORD, "pips": ODD_INT}), min_size=3, max_size=3
        ),
        "slots": st.fixed_dictionaries({"S": ODD_WORD, "T": ODD_WORD, "A": ODD_WORD}),
        "skill": ODD_SKILL,
        "target": st.lists(ODD_INT, max_size=3),
        "moves": st.lists(st.tuples(ODD_INT, ODD_INT), max_size=3),
    },
    optional={"extra_skill": ODD_SKILL},
)


@given(st.integers(1, 200), ODD_TURNS)
def test_a_turn_played_as_read_is_the_turn_its_line_reads_as(
    number: int, data: dict[str, object]
) -> None:
    """A record's turn is played as read only when :func:`reads_back` says its line reads
    back as it: then playing it or its line is one judgement. Any turn a JSON record's model
    takes is tried, odd words and numbers included; one that does not read back is played
    from its line, where the notation refuses it or reads what the line says."""
    try:
        play = Turn.model_validate(data).play()
    except ValidationError:
        return
    if reads_back(play):
        assert parse_turn(turn_line(number, play)) == (number, play)


@given(st.integers(1, 200), PLAYS, any_parameters(), st.none() | any_parameters())
def test_every_well_formed_turn_is_played_as_read(
    number: int, play: TurnPlay, use: SkillUse, extra: SkillUse | None
) -> None:
    """The fast reading is the common one: any turn written with colours, whole numbers and
    the parameters in their places reads back, whatever its skill parameters."""
    assert reads_back(play)
    assert reads_back(play._replace(skill=use, extra=extra))

"""Invariants over random positions, dice and readings: black/white symmetry, pieces
conserved, sides never mixed, only own pieces targeted, records replay their outcomes.

``Position.swapped()`` gives white what black had, on white's own points. Every rule reads
the mover's own numbering, so under ``numbering="own"`` white's targets and moves in the
image are black's in the original, with the colours of the result swapped back.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.astro_stra.actions import Outcome, apply, moves
from adjudicator.astro_stra.board import PLACES, START
from adjudicator.astro_stra.targets import targets
from tests.astro_stra.support import dice_values, positions, readings_values

SIDES = ("black", "white")


@st.composite
def turns(draw: st.DrawFn):
    """Readings, a position valid under their geometry, dice and a side."""
    readings = draw(readings_values())
    position = draw(positions(readings.geometry))
    return readings, position, draw(dice_values()), draw(st.sampled_from(SIDES))


def _every_action(readings, position, dice, side):
    for target in targets(position, side, dice.t, dice, readings):
        yield target, moves(position, side, target, dice.a, dice, readings)


@settings(max_examples=300)
@given(turns())
def test_black_white_symmetry(turn) -> None:
    """A mirrored position gives mirrored targets and moves (numbering "own")."""
    readings, position, dice, _ = turn
    readings = readings.model_copy(update={"numbering": "own"})
    image = position.swapped()
    assert targets(position, "black", dice.t, dice, readings) == targets(
        image, "white", dice.t, dice, readings
    )
    for target, outcomes in _every_action(readings, position, dice, "black"):
        mirrored = moves(image, "white", target, dice.a, dice, readings)
        assert [(o.position.swapped(), o.moves) for o in mirrored] == [
            (o.position, o.moves) for o in outcomes
        ]


@settings(max_examples=300)
@given(turns())
def test_numbering_black_leaves_black_alone(turn) -> None:
    """Reading numbering="black" changes nothing for black itself."""
    readings, position, dice, _ = turn
    own = readings.model_copy(update={"numbering": "own"})
    black = readings.model_copy(update={"numbering": "black"})
    assert targets(position, "black", dice.t, dice, own) == targets(
        position, "black", dice.t, dice, black
    )


@settings(max_examples=300)
@given(turns())
def test_targets_are_own_pieces(turn) -> None:
    """「ターゲットに出来るのは自分のコマだけ」: every target's pieces are the mover's."""
    readings, position, dice, side = turn
    for target in targets(position, side, dice.t, dice, readings):
        assert 1 <= len(target) <= 2 and list(target) == sorted(target)
        for point, need in Counter(target).items():
            assert position.count(side, point) >= need


@settings(max_examples=300)
@given(turns())
def test_actions_conserve_pieces_and_never_mix_sides(turn) -> None:
    """A move never changes the number of pieces; hit pieces go to their owner's start; no
    point ever holds both sides; only the target pieces move."""
    readings, position, dice, side = turn
    other = "white" if side == "black" else "black"
    for target, outcomes in _every_action(readings, position, dice, side):
        for outcome in outcomes:
            after = outcome.position
            assert after.pieces("black") == position.pieces("black")
            assert after.pieces("white") == position.pieces("white")
            assert after.clashes(readings.geometry) == ()
            hits = sum(m.hit for m in outcome.moves)
            assert after.count(other, START) == position.count(other, START) + hits
            moved = Counter(target)
            for point in PLACES:  # only the target pieces leave their points
                left = position.count(side, point) - after.count(side, point)
                assert left <= moved[point]
            assert all(m.src != m.dst for m in outcome.moves)


@settings(max_examples=300)
@given(turns())
def test_recorded_moves_replay_to_their_outcome(turn) -> None:
    """Step 5 judged: each legal way, written as a record writes it, is accepted and gives
    the same outcome; skipping is accepted exactly when there is no way."""
    readings, position, dice, side = turn
    for target, outcomes in _every_action(readings, position, dice, side):
        for outcome in outcomes:
            again = apply(position, side, target, dice.a, dice, readings, outcome.plain())
            assert again == outcome
        skipped = apply(position, side, target, dice.a, dice, readings, [])
        if outcomes:
            assert skipped[0] == "action_skipped"
        else:
            assert skipped == Outcome(position, ())

"""Text → JSON → text is exact, for every game and every feature of its text notation:
whatever a text record accepts, its JSON form holds (strict JSON: no ``Infinity``), and
the text written back from the JSON form is the text read (records.md: "conversion goes
both ways without loss")."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.astro_stra import record_text as astro_text
from adjudicator.astro_stra.record import Record as AstroRecord
from adjudicator.astro_stra.record import Turn
from adjudicator.core.read import strict_json
from adjudicator.core.read.numbers import decimal_text
from adjudicator.core.registry import Registry
from adjudicator.dark_nebula import record_text as nebula_text
from adjudicator.orbit_dominion import record_text as orbit_text
from adjudicator.orbit_dominion.record import Record as OrbitRecord
from tests.astro_stra.test_notation import PLAYS
from tests.dark_nebula.player import random_game
from tests.orbit_dominion.test_record_notation import records as orbit_records

REGISTRY = Registry()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(game_id: str, text: str) -> str:
    """``text`` read as a text record, written as JSON, the JSON read back strictly (as
    ``validate`` reads it) and written as text again."""
    game = REGISTRY.find(game_id, field="game")
    record = game.read_text_record(text, lenient=False)
    json_text = game.write_record(record, "json")
    again = game.read_json_record(strict_json.loads(json_text), lenient=False)
    return game.write_record(again, "text")


# --- Orbit Dominion ------------------------------------------------------------------------

ANY_CLOCK = st.floats(min_value=0, allow_nan=False, allow_infinity=False)


@SETTINGS
@given(orbit_records(), st.lists(ANY_CLOCK, max_size=3))
def test_orbit_dominion_text_through_json_is_exact(record: OrbitRecord, clocks: list) -> None:
    """Every feature of the notation (tags, [Start], numbered pairs, comments, clocks,
    attempts, the result token), with clocks of any finite size (``[%clock inf]`` was
    read, and its JSON form was ``Infinity``)."""
    data = record.dump()
    moves = data["moves"]
    for i, clock in enumerate(clocks[: len(moves)]):
        move = moves[i] if isinstance(moves[i], dict) else {"move": moves[i]}
        moves[i] = {**move, "clock": clock}
    text = orbit_text.format_record(OrbitRecord.model_validate(data))
    assert through_json("orbit-dominion", text) == text


@SETTINGS
@given(st.from_regex(r"[0-9]{1,30}(\.[0-9]{1,30})?", fullmatch=True))
def test_an_orbit_dominion_clock_the_text_accepts_is_held_by_json(clock: str) -> None:
    """A clock as any decimal the notation accepts: the JSON form holds it, and it is
    written back as the same number in its shortest spelling."""
    template = '[Ruleset "orbit-dominion/4.2"]\n[Result "*"]\n\n1. O+ {{[%clock {}]}} *\n'
    text, canonical = template.format(clock), template.format(decimal_text(float(clock)))
    assert through_json("orbit-dominion", text) == canonical
    assert through_json("orbit-dominion", canonical) == canonical


# --- Astro-Stra --------------------------------------------------------------------------

FREE = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters='"\\'),
    max_size=12,
).filter(lambda s: s == s.strip() and "\n" not in s)
RESULTS = st.sampled_from(
    [
        {},
        {"winner": "black", "reason": "all_home"},
        {"winner": "white", "reason": "resignation", "resigned": "black"},
    ]
)


@SETTINGS
@given(
    st.lists(PLAYS, max_size=6),
    st.sampled_from([1, 2]),
    st.fixed_dictionaries({}, optional={"event": FREE, "date": FREE, "black": FREE}),
    st.none() | FREE.filter(bool),
    st.sampled_from([{}, {"geometry": "one-loop"}, {"pips_bounds": "wrap"}]),
    RESULTS,
)
def test_astro_stra_text_through_json_is_exact(
    plays: list,
    sets: int,
    meta: dict[str, Any],
    game_id: str | None,
    readings: dict[str, str],
    result: dict[str, str],
) -> None:
    """Every feature of the notation: tags (GameId, Sets, Interpretation, meta, Result),
    the opening, the draft and turns with every skill's parameters, targets and moves."""
    data: dict[str, Any] = {
        "format": "astro-stra-record/1",
        "game": "astro-stra/0.9.0",
        "sets": sets,
        "meta": meta,
        "interpretations": readings,
        "opening": [[3, 3], [5, 2]],
        "draft": ["red", "purple", "green", "yellow", "blue", "cyan"],
        "turns": [Turn.of(p).model_dump(mode="json", by_alias=True) for p in plays],
        "result": result,
    }
    if game_id is not None:
        data["game_id"] = game_id
    text = astro_text.format_record(AstroRecord.model_validate(data))
    assert through_json("astro-stra", text) == text


@pytest.mark.parametrize("seed", range(3))
def test_astro_stra_random_games_text_through_json_is_exact(seed: int) -> None:
    """Legal games of the seeded random player, skills of every colour included."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "records"))
    try:
        from generate_astro_stra import random_game as astro_game
        from generate_astro_stra import record as astro_record
    finally:
        sys.path.pop(0)
    draft, plays, _ = astro_game(seed, limit=60)
    data = astro_record(draft, plays, {})
    text = astro_text.format_record(AstroRecord.model_validate(data))
    assert through_json("astro-stra", text) == text


# --- Dark Nebula -------------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(1, 3), st.booleans())
def test_dark_nebula_text_through_json_is_exact(seed: int, turns: int, secret: bool) -> None:
    """Legal games of the seeded random player (set-up, production with extras and base
    builds, movement with appearances, battles with dice and removals, searches with
    reveals and rolls, the disclosure), with and without the director's [Secret]."""
    record = random_game(seed, turns)
    if secret:
        rng = random.Random(seed)
        data = record.dump()
        data["secret"] = {"sector": rng.choice(["zarek", "raibia"]), "nonce": "ab" * 16}
        record = type(record).model_validate(data)
    text = nebula_text.format_record(record)
    assert through_json("dark-nebula", text) == text

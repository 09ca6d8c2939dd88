"""The switchable interpretations: defaults, refusals, and that each one is documented."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from adjudicator.astro_stra.readings import Readings


def test_readings_defaults() -> None:
    assert Readings().model_dump() == {
        "geometry": "two-rows",
        "past_home": "overshoot",
        "past_start": "stop",
        "any_die": "all-three",
        "first_move_may_hit": True,
        "adjacent_blots": "consecutive",
        "numbering": "own",
        "leave_home": "never",
        "pips_bounds": "forbidden",
        "held_die": "keeps-slot",
        "held_reroll": "forbidden",
        "once_per_game": "replaces",
    }


def test_readings_refuse_unknown_fields_and_values() -> None:
    with pytest.raises(ValidationError):
        Readings(gravity="on")
    with pytest.raises(ValidationError):
        Readings(geometry="figure-eight")


def test_readings_are_frozen() -> None:
    with pytest.raises(ValidationError):
        Readings().geometry = "one-loop"


def test_every_reading_is_described() -> None:
    for name, info in Readings.model_fields.items():
        assert info.description, name

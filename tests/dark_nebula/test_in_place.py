"""5.0, 6.0–10.7: a step whose rules are all asked before it changes anything is played on
the situation itself, the others on a copy kept only when the step is accepted
(:func:`~adjudicator.dark_nebula.replay.checked_first`). Random legal games, with one event
swapped for another of the same step from elsewhere in the game (most are then refused), get
the same verdict, position and drawing included, as when every step works on a copy.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.records import validate
from adjudicator.dark_nebula import replay
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.record import Record
from tests.dark_nebula.player import random_game

GAME = DarkNebula()
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAMES = st.builds(random_game, st.integers(0, 2**32 - 1), st.integers(1, 6))
SAMPLES = sorted((Path(__file__).resolve().parents[2] / "records/dark-nebula").rglob("*.json"))


def _verdicts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole verdict, strict and lenient, in both languages."""
    out = []
    for lenient in (False, True):
        for lang in ("en", "ja"):
            record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=lenient)
            verdict = validate("x", record, GAME.replay(record), lenient=lenient, lang=lang)
            out.append(verdict.model_dump(mode="json"))
    return out


def _same_on_a_copy(data: dict[str, Any]) -> None:
    played = _verdicts(data)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "checked_first", lambda event: False)
        assert _verdicts(data) == played


def _swapped(record: Record, index: int, other: int) -> dict[str, Any]:
    data = record.dump()
    events = data["events"]
    turn = events[index].get("turn")
    events[index] = {**events[other], **({"turn": turn} if turn is not None else {})}
    return data


@PROPERTY
@given(GAMES, st.data())
def test_a_step_played_in_place_is_judged_as_on_a_copy(record: Record, data) -> None:
    events = record.events
    index = data.draw(st.integers(0, len(events) - 1))
    same = [
        i
        for i, e in enumerate(events)
        if (e.phase, getattr(e, "side", None))
        == (events[index].phase, getattr(events[index], "side", None))
    ]
    other = data.draw(st.sampled_from(same))
    _same_on_a_copy(_swapped(record, index, other))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_sample_played_in_place_is_judged_as_on_a_copy(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    if data.get("format") == "dark-nebula-record/1" and "board-mismatch" not in path.name:
        _same_on_a_copy(data)

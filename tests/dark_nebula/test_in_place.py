"""5.0, 6.0–10.7: a step whose rules are all asked before it changes anything is played on
the situation itself, the others on a copy kept only when the step is accepted
(:func:`~adjudicator.dark_nebula.replay.checked_first`). Random legal games, with one event
swapped for another of the same step from elsewhere in the game (most are then refused), get
the same verdict, position and drawing included, as when every step works on a copy; and
each such step, accepted or refused, was played on the situation itself (every sample has
one at least).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.core.judge.replay import Step
from adjudicator.core.judge.validation import validate
from adjudicator.dark_nebula import replay
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.record import GameEvent, Record
from adjudicator.dark_nebula.replay import checked_first
from adjudicator.dark_nebula.state import Situation
from tests.dark_nebula.player import random_game
from tests.dark_nebula.support import NOT_PLAYED, SAMPLES, played_samples, sample_name

GAME = DarkNebula()
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAMES = st.builds(random_game, st.integers(0, 2**32 - 1), st.integers(1, 6))


def _verdicts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole verdict, strict and lenient, in both languages."""
    out = []
    for lenient in (False, True):
        for lang in ("en", "ja"):
            record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=lenient)
            verdict = validate("x", record, GAME.replay(record), lenient=lenient, lang=lang)
            out.append(verdict.model_dump(mode="json"))
    return out


@contextmanager
def _where_played() -> Iterator[Counter[bool]]:
    """The steps that reach their rules and are all asked first (:func:`checked_first` is
    asked about each step that reaches its rules, and answers yes), counted by whether each
    was played on the situation itself (``True``: no copy made), accepted or not."""
    where: Counter[bool] = Counter()
    asked: list[bool] = []
    copies = [0]
    attempt, asked_first, copy = replay.DarkNebulaReplay._attempt, checked_first, Situation.copy

    def asking(event: GameEvent) -> bool:
        asked.append(asked_first(event))
        return asked[-1]

    def copying(self: Situation) -> Situation:
        copies[0] += 1
        return copy(self)

    def counted(self: replay.DarkNebulaReplay, event: GameEvent) -> Step:
        asked.clear()
        made = copies[0]
        step = attempt(self, event)
        if asked == [True]:
            where[copies[0] == made] += 1
        return step

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "checked_first", asking)
        patch.setattr(Situation, "copy", copying)
        patch.setattr(replay.DarkNebulaReplay, "_attempt", counted)
        yield where


def _same_on_a_copy(data: dict[str, Any]) -> int:
    """How many steps were played in place; each step that may be was."""
    with _where_played() as where:
        played = _verdicts(data)
    assert where[False] == 0, f"{where[False]} steps asked first were played on a copy"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "checked_first", lambda event: False)
        assert _verdicts(data) == played
    return where[True]


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


@pytest.mark.parametrize("path", played_samples(), ids=sample_name)
def test_a_sample_played_in_place_is_judged_as_on_a_copy(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    assert _same_on_a_copy(data) > 0


@pytest.mark.parametrize(
    "path", [p for p in SAMPLES if sample_name(p) in NOT_PLAYED], ids=sample_name
)
def test_a_sample_not_played_is_refused_before_any_step(path: Path) -> None:
    """The samples the tests above leave out are refused on reading, for the reason named."""
    data = json.loads(path.read_text("utf-8"))
    for lenient in (False, True):
        with pytest.raises(InputError) as refused:
            GAME.read_json_record(data, lenient=lenient)
        assert refused.value.code == NOT_PLAYED[sample_name(path)]

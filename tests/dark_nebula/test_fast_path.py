"""The fast path judges as the core's loop: the events a replay plays as one run while each
is accepted (:meth:`~adjudicator.dark_nebula.replay.DarkNebulaReplay.play_accepted`) get the
verdict each gets played by the core one by one, strictly and leniently, in both languages,
for the samples, random legal games and games with one event swapped for another of the
same step. The run plays every leading event the loop accepts one by one, and no more. The
event the run stops at is never played twice: a step refused after it changed the game
(4.1, 4.2: a battle that won it before a later battle of the step) keeps the verdict of its
refusal."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.judge.replay import ACCEPTED, Step
from adjudicator.core.judge.validation import validate
from adjudicator.core.read.records import Event
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.record import GameEvent
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from tests.dark_nebula.player import random_game
from tests.dark_nebula.support import RECORDS, played_samples, sample_name
from tests.dark_nebula.test_in_place import _swapped

GAME = DarkNebula()
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))


def _judged(data: dict[str, Any], *, lenient: bool, lang: str, run: bool) -> tuple[Any, int]:
    """The verdict, played as one run or one by one, and how many events led the game: those
    the run played, or those the loop accepted one by one before the first it did not."""
    record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=lenient)
    replay = GAME.replay(record)
    played: list[int] = []
    accepted: list[bool] = []
    play, attempt = DarkNebulaReplay.play_accepted, DarkNebulaReplay.attempt

    def running(self: DarkNebulaReplay, events: list[Event]) -> int:
        played.append(play(self, events))
        return played[-1]

    def one_by_one(self: DarkNebulaReplay, written: str | GameEvent, *, lenient: bool) -> Step:
        step = attempt(self, written, lenient=lenient)
        if self is replay:
            accepted.append(step is ACCEPTED)
        return step

    with pytest.MonkeyPatch.context() as patch:
        if run:
            patch.setattr(DarkNebulaReplay, "play_accepted", running)
        else:
            patch.setattr(replay, "play_accepted", lambda events: 0)
            patch.setattr(DarkNebulaReplay, "attempt", one_by_one)
        verdict = validate("x", record, replay, lenient=lenient, lang=lang)
    leading = played if run else [[*accepted, False].index(False)]
    assert len(leading) == 1
    return verdict.model_dump(mode="json"), leading[0]


def _verdicts(data: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The verdict played as one run and one by one, strictly and leniently, in both
    languages; the run played each event the loop accepts before its first refusal."""
    out = []
    for lenient in (False, True):
        for lang in ("en", "ja"):
            run, played = _judged(data, lenient=lenient, lang=lang, run=True)
            one_by_one, accepted = _judged(data, lenient=lenient, lang=lang, run=False)
            assert played == accepted
            out.append((run, one_by_one))
    return out


def _alike(data: dict[str, Any]) -> None:
    for run, one_by_one in _verdicts(data):
        assert run == one_by_one


@pytest.mark.parametrize("path", played_samples(), ids=sample_name)
def test_a_sample_is_judged_alike_in_one_run(path: Path) -> None:
    _alike(json.loads(path.read_text("utf-8")))


PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.data())
def test_random_games_are_judged_alike_in_one_run(seed: int, turns: int, data: Any) -> None:
    record = random_game(seed, turns)
    _alike(record.dump())
    events = record.events
    index = data.draw(st.integers(0, len(events) - 1))
    same = [i for i, e in enumerate(events) if type(e) is type(events[index])]
    _alike(_swapped(record, index, data.draw(st.sampled_from(same))))


def test_a_step_refused_after_it_won_the_game_is_played_once() -> None:
    """4.1, 4.2: the guard falls in the first battle of the rebels' combat, so a second
    battle of the step is refused (game_over); played again, the step would be refused as
    one after the end of the game instead."""
    data = json.loads((RECORDS / "valid" / "guard-destroyed.json").read_text("utf-8"))
    combat = next(e for e in data["events"] if e.get("battles"))
    combat["battles"].append({"sector": "imobu", "volleys": [{"class": "2"}]})
    verdicts = _verdicts(data)
    for run, one_by_one in verdicts:
        assert run == one_by_one
    assert verdicts[0][0]["problem"]["code"] == "game_over"

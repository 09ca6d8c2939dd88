"""The fast path judges as the core's loop: the events a replay plays as one run while each
is accepted (:meth:`~adjudicator.dark_nebula.replay.DarkNebulaReplay.play_accepted`) get the
verdict each gets played by the core one by one, strictly and leniently, in both languages,
for the samples, random legal games and games with one event swapped for another of the
same step. The event the run stops at is never played twice: a step refused after it
changed the game (4.1, 4.2: a battle that won it before a later battle of the step) keeps
the verdict of its refusal."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.core.records import validate
from adjudicator.dark_nebula.plugin import DarkNebula
from tests.dark_nebula.player import random_game
from tests.dark_nebula.test_in_place import _swapped

GAME = DarkNebula()
SAMPLES = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))


def _verdicts(data: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The verdict played as one run and one by one, strictly and leniently, in both
    languages."""
    out = []
    for lenient in (False, True):
        for lang in ("en", "ja"):
            verdicts = []
            for run in (True, False):
                record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=lenient)
                replay = GAME.replay(record)
                if not run:
                    replay.play_accepted = lambda events: 0  # type: ignore[method-assign]
                verdict = validate("x", record, replay, lenient=lenient, lang=lang)
                verdicts.append(verdict.model_dump(mode="json"))
            out.append((verdicts[0], verdicts[1]))
    return out


def _alike(data: dict[str, Any]) -> None:
    for run, one_by_one in _verdicts(data):
        assert run == one_by_one


@pytest.mark.parametrize(
    "path", sorted(SAMPLES.rglob("*.json")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_a_sample_is_judged_alike_in_one_run(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    try:
        GAME.read_json_record(json.loads(json.dumps(data)), lenient=True)
    except InputError:
        pytest.skip("an unreadable sample has no events to play")
    _alike(data)


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
    data = json.loads((SAMPLES / "valid" / "guard-destroyed.json").read_text("utf-8"))
    combat = next(e for e in data["events"] if e.get("battles"))
    combat["battles"].append({"sector": "imobu", "volleys": [{"class": "2"}]})
    verdicts = _verdicts(data)
    for run, one_by_one in verdicts:
        assert run == one_by_one
    assert verdicts[0][0]["problem"]["code"] == "game_over"

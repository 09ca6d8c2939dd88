"""The fast paths judge as the full ones (one source of truth for steps 1–7).

A JSON record's turn is played as read, not from its line: every event of every sample
record, every conformance case and random legal games (the seeded player of
``records/generate_astro_stra.py``) gets the same step either way, strictly and leniently.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.notation import parse_turn, reads_back
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.record import Record
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.core.conformance.cases import case_files
from adjudicator.core.errors import InputError
from adjudicator.core.records import Event
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = Registry(installed_games())
GAME = REGISTRY.find("astro-stra/0.9.0")
SAMPLES = sorted((ROOT / "records" / "astro-stra").rglob("*.*[nt]"))
CASES = [
    case
    for _, case_file in case_files(ROOT / "conformance")
    if case_file.game == GAME.id
    for case in case_file.cases
]


def random_records(count: int) -> Iterator[Record]:
    """Records of the seeded random player's games, finished or cut at 80 turns."""
    sys.path.insert(0, str(ROOT / "records"))
    try:
        from generate_astro_stra import random_game, record
    finally:
        sys.path.pop(0)
    for seed in range(count):
        draft, plays, _ = random_game(seed, limit=80)
        yield Record.model_validate(record(draft, plays, {}))


def as_read(line: str) -> str | tuple[int, Any]:
    """An event as a JSON record's game record holds it: a turn that reads back, read."""
    try:
        turn = parse_turn(line)
    except InputError:
        return line
    return turn if reads_back(turn[1]) else line


def steps(replay: AstroStraReplay, events: list[Any], *, lenient: bool) -> list[object]:
    """What each event does, as far as the replay reads it."""
    out: list[object] = []
    for event in events:
        try:
            step = replay.attempt(event, lenient=lenient)
        except InputError as err:
            out.append(("unreadable", err.code))
            break
        out.append((step, replay.position_text()))
    return out


def assert_alike(
    readings: Readings, sets: int, layout: Position | None, events: list[Event]
) -> None:
    for lenient in (False, True):
        read = AstroStraReplay(readings, sets, layout)
        lines = AstroStraReplay(readings, sets, layout)
        played = [e.played for e in events]
        assert steps(read, played, lenient=lenient) == steps(
            lines, [e.written for e in events], lenient=lenient
        )


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_record_is_judged_alike_read_or_from_its_lines(path: Path) -> None:
    text = path.read_text("utf-8")
    try:
        if path.suffix == ".json":
            game_record = GAME.read_json_record(json.loads(text), lenient=False)
        else:
            game_record = GAME.read_text_record(text, lenient=False)
    except InputError:
        pytest.skip("an unreadable sample has no events to play")
    model = game_record.model
    layout = Position.from_text(model.layout, field="layout") if model.layout else None
    assert_alike(model.interpretations, model.sets, layout, game_record.events)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_conformance_case_is_judged_alike_read_or_from_its_lines(case: Any) -> None:
    request = case.request
    layout = None if case.start == "standard" else Position.from_text(case.start)
    readings = Readings(**request.get("interpretations", {}))
    events = [Event(line, read=as_read(line)) for line in case.moves]
    assert_alike(readings, request.get("sets", 1), layout, events)


def test_random_games_are_judged_alike_read_or_from_their_lines() -> None:
    for record in random_records(12):
        game_record = record.to_game_record([])
        assert all(e.read is not None for e in game_record.events[2:])
        assert_alike(record.interpretations, record.sets, None, game_record.events)

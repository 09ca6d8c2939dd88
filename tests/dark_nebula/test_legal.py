"""The list of legal events (docs/engines/dark-nebula.md, "The list of legal events"; feature
``legal_events``): every listed event is one the judge accepts, and every event of a legal
game is listed — with its own dice as the chance the list is given — in the one spelling
the list uses, a movement through the moves of its counters one at a time."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from adjudicator.dark_nebula.legal import legal_events
from adjudicator.dark_nebula.notation import line as write
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.protocol import evaluate
from adjudicator.dark_nebula.record import Combat, GameEvent, Movement, Search
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from tests.dark_nebula.player import BOARD, Player, _blank


def _dice(line: str) -> list[int]:
    """The chance an event took, in the order the list takes it: each volley's dice, the
    empire's before the rebels', then the 10.7 roll."""
    event = parse_line(line)
    if type(event) is Combat:
        return [
            d
            for battle in event.battles
            for volley in battle.volleys
            for side in ("empire", "rebel")
            for dice in volley.dice.get(side, {}).values()
            for d in dice
        ]
    if type(event) is Search and event.roll is not None:
        return [event.roll]
    return []


def _spelled(line: str) -> str:
    """A line as the list spells it: its parts sorted (placements by sector then counter,
    searches by sector, each side's removals by counter)."""
    data: dict[str, Any] = parse_line(line).model_dump(mode="json", by_alias=True)
    for key in ("builds", "rebel"):
        if key in data:
            data[key].sort(key=lambda p: (p["sector"], p["counter"]))
    if "searches" in data:
        data["searches"].sort()
    for battle in data.get("battles", []):
        for volley in battle["volleys"]:
            for side in volley["removed"]:
                volley["removed"][side].sort()
    turn = getattr(parse_line(line), "turn", None)  # the set-up names none
    return write(TypeAdapter(GameEvent).validate_python(data), turn)


def _parts(line: str) -> list[str]:
    """A movement as the list holds it: each counter's move, each appearance, alone."""
    event = parse_line(line)
    assert type(event) is Movement
    head = line.partition(": ")[0]
    moves = [f"{head}: {m.counter}@{m.src}>{m.dst}" for m in event.moves]
    return moves + [f"{head}: -; appear {a.counter}>{a.to}" for a in event.appearances]


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_a_legal_game_is_listed_and_every_listed_event_accepted(
    seed: int,
) -> None:
    """A director's game of the seeded player: at each position the event it played is in
    the list made with that event's dice (a movement part by part), and every listed event
    is accepted by the judge."""
    player = Player(seed, turns=6)
    lines, _ = player.play()
    replay = DarkNebulaReplay(_blank(player.game_id, player.base), BOARD)
    for line in lines:
        listed = legal_events(replay, _dice(line))
        for entry in listed:
            assert replay.copy().attempt(parse_line(entry), lenient=False).violation is None
        if " movement: " in line:
            assert set(_parts(line)) <= set(listed), line
        else:
            assert _spelled(line) in listed, line
        assert replay.attempt(line, lenient=False).violation is None


def test_the_list_is_answered_only_when_dice_are_given() -> None:
    """evaluate answers legal_moves with ``dice`` (feature legal_events) and not without,
    so that the answers engines compare today are unchanged."""
    request = {
        "cmd": "evaluate",
        "game": "dark-nebula/2011",
        "game_id": "conf-1",
        "commitment": "2164355179cc0c4e71174515a42706c7053750a1df81bb6f03d6f7249e39dce5",
        "moves": [],
    }
    assert "legal_moves" not in evaluate(request)
    setups = evaluate({**request, "dice": []})["legal_moves"]
    assert len(setups) == 150  # 3.2: two battleships of 5 sectors, two guard ships of 6 left
    assert all(entry.startswith("setup: ") for entry in setups)

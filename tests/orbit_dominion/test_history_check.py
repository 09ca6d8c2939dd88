"""One history check (adjudicator.orbit_dominion.state.with_history) for every command and
request that takes a history of earlier positions (第9条's threefold ban counts them):
``adjudicate``, ``analyze``, the engine's ``evaluate``, ``solve`` and ``verify-proof``. A
history no game can have — more positions than plies before the position, one at or after
its ply, two at one ply — is refused with ``impossible_history`` by each, never counted
(which ruled the opening action illegal in three of them)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
START = "r....bb....r/rr....bb..../R....bB....r r 0 -"
LATER = "r....bb....r/rr....bb..../R....bB....r r 4 -"
IMPOSSIBLE = {
    "longer than the plies before": (START, [START]),
    "at the position's own ply": (LATER, [LATER]),
    "two at one ply": (LATER, [START, START]),
}


def _options(history: list[str]) -> list[str]:
    return [word for earlier in history for word in ("--history", earlier)]


def _commands(position: str, history: list[str]) -> dict[str, list[str]]:
    return {
        "adjudicate": [
            "adjudicate", "--game", "orbit-dominion", "--position", position,
            *_options(history), "--action", "M+",
        ],
        "analyze": ["orbit-dominion", "analyze", "--position", position, *_options(history)],
        "solve": ["orbit-dominion", "solve", position, "-d", "1", *_options(history)],
    }  # fmt: skip


@pytest.mark.parametrize("command", ["adjudicate", "analyze", "solve"])
@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_each_command_refuses_a_history_no_game_can_have(command: str, case: str) -> None:
    position, history = IMPOSSIBLE[case]
    result = CliRunner().invoke(APP, _commands(position, history)[command])
    assert result.exit_code == 2, result.output
    assert "--history" in result.stderr
    assert (
        "stood before" in result.stderr
        or "not before" in result.stderr
        or ("second position" in result.stderr)
    )


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_the_engine_s_evaluate_refuses_it_too(case: str) -> None:
    position, history = IMPOSSIBLE[case]
    request = {
        "cmd": "evaluate",
        "game": "orbit-dominion/4.2",
        "start": position,
        "history": history,
        "moves": ["M+"],
    }
    answer = Server(Registry(installed_games())).respond(json.dumps(request))
    assert answer["error"]["code"] == "impossible_history", answer
    assert answer["error"]["field"].startswith("history")

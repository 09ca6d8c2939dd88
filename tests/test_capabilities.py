"""A game is a small required core plus the capabilities it declares (docs/design.md, "What a
game provides"): what it declares it implements, what it implements it declares, and a
capability asked of a game that does not declare it is refused with its ``unsupported``
message in both languages, as the command line shows it (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.capabilities import (
    COMMANDS,
    INTERFACES,
    Capability,
    Interface,
    Skeleton,
    Solver,
    able,
    need,
    offered,
)
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.judge.replay import Replay
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
GAMES = list(installed_games())
APP = build_app(Registry(installed_games()))


def _replay_class(game: Game) -> type[Replay]:
    """The class of the game's replays, met on the record its skeleton writes."""
    data = json.loads(need(game, Skeleton).skeleton("json", "en"))
    return type(game.replay(game.read_json_record(data, lenient=False)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_implements_exactly_the_capabilities_it_declares(game: Game) -> None:
    for capability, interface in INTERFACES.items():
        assert able(game, capability) == isinstance(game, interface), (game.id, capability)
    draws = _replay_class(game).picture is not Replay.picture
    assert able(game, Capability.PICTURES) == draws, game.id


def test_every_capability_but_the_replay_s_pictures_has_its_interface() -> None:
    assert set(INTERFACES) == set(Capability) - {Capability.PICTURES}
    assert all(INTERFACES[c].capability == c for c in INTERFACES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_engine_commands_and_features_follow_from_the_capabilities(game: Game) -> None:
    """``hello`` announces ``perft`` and serves the command exactly for a game declaring it."""
    added = {COMMANDS[c] for c in game.capabilities if c in COMMANDS}
    assert game.commands == {"evaluate", *added}
    assert added <= game.features
    assert ("perft" in game.commands) == able(game, Capability.PERFT)


UNDECLARED = [
    (game, capability)
    for game in GAMES
    for capability in Capability
    if capability not in game.capabilities
]


def test_some_game_lacks_some_capability() -> None:
    """The refusals below are exercised on the shipped games."""
    assert UNDECLARED


@pytest.mark.parametrize(
    ("game", "capability"), UNDECLARED, ids=lambda x: getattr(x, "id", None) or str(x)
)
def test_an_undeclared_capability_is_refused_in_both_languages(
    game: Game, capability: Capability
) -> None:
    interface = INTERFACES.get(capability)
    with pytest.raises(InputError) as caught:
        if interface is None:
            from adjudicator.core.capabilities import refuse

            refuse(game, capability)
        else:
            need(game, interface)
    err = caught.value
    assert err.code == "unsupported"
    for lang in ("en", "ja"):
        assert game.id in err.describe(lang)  # type: ignore[arg-type]
    assert err.ja != err.message
    if interface is not None:
        assert offered(game, interface) is None


class _Claims:
    """A game declaring a solver it does not implement."""

    id = "claims/1"
    capabilities: ClassVar[frozenset[Capability]] = frozenset({Capability.SOLVER})


def test_a_declared_capability_without_its_interface_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="claims/1 declares solver"):
        need(_Claims(), Solver)


def test_an_interface_is_a_class_of_the_capability_it_names() -> None:
    assert all(issubclass(i, Interface) for i in INTERFACES.values())


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout + result.stderr


RECORDS = {
    "dark-nebula": ROOT / "records" / "dark-nebula" / "valid" / "guard-destroyed.json",
    "astro-stra": ROOT / "records" / "astro-stra" / "valid" / "random-game.json",
}


@pytest.mark.parametrize("slug", sorted(RECORDS))
def test_the_shell_refuses_a_capability_a_game_lacks(slug: str) -> None:
    """Dark Nebula and Astro-Stra declare no solver: ``adjudicate --solve`` says so (exit 2)
    in the language asked for."""
    game = next(g for g in GAMES if g.slug == slug)
    assert Capability.SOLVER not in game.capabilities
    for lang, said in (("en", "has no solver"), ("ja", "には解析器(ソルバー)がありません")):
        record = str(RECORDS[slug])
        code, out = _cli("adjudicate", "--record", record, "--at", "1", "--solve", "--lang", lang)
        assert code == 2, out
        assert said in out and game.id in out, out

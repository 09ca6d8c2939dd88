"""People name a game by its short name wherever a game is asked for (``--game
astro-stra``); records and the engine protocol keep the versioned id. An unknown or
ambiguous name is an input error listing the choices, never a silent empty run."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.errors import InputError
from adjudicator.core.registry import Registry, installed_games

REGISTRY = Registry(installed_games())
APP = build_app(REGISTRY)


@dataclass(frozen=True)
class _Named:
    """Only what name resolution reads of a game."""

    id: str
    slug: str


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("astro-stra", "astro-stra/0.9.0"),
        ("astro-stra/0.9.0", "astro-stra/0.9.0"),
        ("Dark-Nebula", "dark-nebula/2011"),
        ("orbit", "orbit-dominion/4.2"),
    ],
)
def test_a_short_name_or_id_finds_the_game(name: str, game_id: str) -> None:
    assert REGISTRY.find(name).id == game_id


def test_an_unknown_name_lists_every_game() -> None:
    with pytest.raises(InputError) as caught:
        REGISTRY.find("chess")
    assert caught.value.code == "unknown_game"
    assert caught.value.field == "--game"
    for game in REGISTRY.games:
        assert f"{game.slug} ({game.id})" in (caught.value.expected or "")


def test_an_ambiguous_name_lists_the_games_it_could_mean() -> None:
    registry = Registry(
        (  # type: ignore[arg-type]
            _Named("orbit-dominion/4.1", "orbit-dominion"),
            _Named("orbit-dominion/4.2", "orbit-dominion"),
            _Named("dark-nebula/2011", "dark-nebula"),
        )
    )
    with pytest.raises(InputError) as caught:
        registry.find("orbit-dominion")
    assert "several games" in caught.value.message
    assert caught.value.expected == (
        "one of orbit-dominion (orbit-dominion/4.1), orbit-dominion (orbit-dominion/4.2)"
    )
    assert registry.find("orbit-dominion/4.1").id == "orbit-dominion/4.1"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def test_conformance_coverage_takes_the_short_name() -> None:
    _, out, err = _run("conformance", "coverage", "--game", "astro-stra")
    assert "astro-stra/0.9.0" in out and "dark-nebula/2011" not in out, err


def test_conformance_run_takes_the_short_name() -> None:
    code, out, _ = _run(
        "conformance", "run", "--game", "astro-stra", "--only", "as.setup.default-layout"
    )
    assert code == 0 and "1 passed" in out


def test_conformance_run_names_the_choices_for_an_unknown_game() -> None:
    code, _, err = _run("conformance", "run", "--game", "go")
    assert code == 2
    assert "'go' is not a game" in err and "astro-stra (astro-stra/0.9.0)" in err


def test_adjudicate_takes_the_short_name() -> None:
    """The ruling is Orbit Dominion's: red to move turns the outer orbit (第6条), legal, said
    on a line of its own (``legal`` alone would also be found in ``illegal``)."""
    start = "r....bb....r/rr....bb..../R....bB....r r 0 -"
    code, out, err = _run(
        "adjudicate", "--game", "orbit-dominion", "--position", start, "--action", "O-",
        "--lang", "en",
    )  # fmt: skip
    assert code == 0, err
    assert "O-: legal" in out.splitlines()

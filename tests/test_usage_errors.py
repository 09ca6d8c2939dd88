"""A setting or option a command cannot use is a usage error, exit 2, said with the
setting named — never exit 4, which means a defect of adjudicator alone (docs/records.md,
"exit codes"; docs/conformance.md, the runner's codes): ``$ADJUDICATOR_BOARDS`` naming a
path that cannot be looked at, an executor address the resolver cannot encode, an engine
command with an unbalanced quote. The runner's "engine did not start" has its own code, 5."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import _boards

ROOT = Path(__file__).resolve().parents[1]
APP = build_app(Registry(installed_games()))
DIRECTOR = ROOT / "records" / "dark-nebula" / "valid" / "worked-game.json"
VALID = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"


@pytest.mark.parametrize("entry", ["/tmp/" + "a" * 5000, "/tmp/" + "b" * 300 + "/board.json"])
def test_a_boards_path_that_cannot_be_looked_at_is_said(
    entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _boards.cache_clear()
    monkeypatch.setenv("ADJUDICATOR_BOARDS", entry)
    result = CliRunner().invoke(APP, ["validate", str(DIRECTOR)])
    _boards.cache_clear()
    assert result.exit_code == 2, result.output
    assert "$ADJUDICATOR_BOARDS" in result.stdout
    assert "internal error" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    "address", ["dask://a..b:1", "dask://.a:1", "dask://-a:1", f"dask://{'a' * 64}:1"]
)
def test_an_executor_address_the_resolver_cannot_encode_is_refused(address: str) -> None:
    result = CliRunner().invoke(APP, ["validate", str(VALID), "--executor", address])
    assert result.exit_code == 2, result.output
    assert "is not an executor address" in result.stderr


@pytest.mark.parametrize("command", ["run", "report"])
def test_an_engine_command_with_an_unbalanced_quote_is_a_usage_error(command: str) -> None:
    engine = f"{sys.executable} 'unclosed"
    args = ["conformance", command, "--only", "od.perft.*"]
    args += ["--engine", engine] if command == "run" else ["--engine", f"a={engine}"]
    result = CliRunner().invoke(APP, args)
    assert result.exit_code == 2, result.output
    assert "--engine" in result.stderr and "cannot be split into words" in result.stderr


def test_an_engine_that_does_not_start_has_its_own_code() -> None:
    result = CliRunner().invoke(APP, ["conformance", "run", "--engine", "no-such-engine-xyz"])
    assert result.exit_code == 5, result.output

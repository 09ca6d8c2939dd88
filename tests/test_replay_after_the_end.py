"""``replay`` of a record with actions after the game was decided (第8条: the game ends
when it is won): the end is said, then the first action after it is shown as the refused
ply it is — its number, what was written, the article and why — as ``validate`` reports it,
never the end alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
APP = build_app(Registry(installed_games()))
SAMPLE = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"


@pytest.mark.parametrize(("lang", "ply_word"), [("en", "ply {n}"), ("ja", "{n}手目")])
def test_the_refused_ply_after_the_end_is_shown(tmp_path: Path, lang: str, ply_word: str) -> None:
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    record["moves"].append("M0-M1")
    refused = len(record["moves"])
    path = tmp_path / "after.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(APP, ["replay", str(path), "--lang", lang, "--codes"])
    assert result.exit_code == 1, result.output
    decided = ply_word.format(n=refused - 1)
    shown = f"{ply_word.format(n=refused)} M0-M1: game_over"
    assert decided in result.stdout and shown in result.stdout
    assert result.stdout.index(decided) < result.stdout.index(shown)

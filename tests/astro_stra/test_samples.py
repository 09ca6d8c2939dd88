"""The Astro-Stra sample records get the verdicts their names promise; records convert
between JSON and text without loss; the seeded random player only makes legal turns."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "records" / "astro-stra"
REGISTRY = Registry(installed_games())
SCHEMA = json.loads((ROOT / "schemas" / "astro-stra.record.schema.json").read_text("utf-8"))

EXPECTED: dict[str, tuple[str, str | None]] = {
    "valid/random-game.json": ("valid", None),
    "valid/random-game.txt": ("valid", None),
    "valid/unfinished.json": ("valid", None),
    "valid/resignation.json": ("valid", None),
    "invalid/die-of-seven.json": ("invalid", "die_value"),  # step 1
    "invalid/wrong-winner.json": ("invalid", "wrong_winner"),
    "invalid/result-claimed-but-undecided.json": ("invalid", "result_undecided"),
    "invalid/colour-drafted-twice.json": ("invalid", "draft_twice"),  # the draft
    "invalid/skill-skipped-though-possible.json": ("invalid", "skill_skipped"),  # step 3
    "invalid/move-the-action-does-not-allow.json": ("invalid", "action_not_available"),  # step 5
    "invalid/layout-already-decided.json": ("invalid", "layout_decided"),  # the set-up
    "unreadable/malformed-turn.txt": ("unreadable", "malformed_event"),
    "unreadable/three-sets.json": ("unreadable", "schema_violation"),
}


def test_every_sample_is_listed() -> None:
    on_disk = {str(p.relative_to(SAMPLES)) for p in SAMPLES.rglob("*") if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verdict(name: str) -> None:
    status, code = EXPECTED[name]
    v = validate_file(REGISTRY, SAMPLES / name, Options())
    assert v.status == status, v.model_dump_json(indent=1)[:2000]
    if status == "invalid":
        assert v.problem.code == code
    if status == "unreadable":
        assert v.unreadable.code == code


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n.endswith(".json")))
def test_readable_json_samples_follow_the_committed_schema(name: str) -> None:
    data = json.loads((SAMPLES / name).read_text("utf-8"))
    if name.startswith("unreadable/"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(data, SCHEMA)
    else:
        jsonschema.validate(data, SCHEMA)


def test_text_and_json_convert_both_ways(tmp_path: Path) -> None:
    runner = CliRunner()
    app = build_app(REGISTRY)
    text = runner.invoke(app, ["convert", str(SAMPLES / "valid/random-game.json"), "--to", "text"])
    assert text.exit_code == 0, text.output
    assert text.stdout == (SAMPLES / "valid/random-game.txt").read_text("utf-8")
    back = tmp_path / "back.txt"
    back.write_text(text.stdout, "utf-8")
    again = runner.invoke(app, ["convert", str(back), "--to", "json"])
    assert json.loads(again.stdout) == json.loads(
        (SAMPLES / "valid/random-game.json").read_text("utf-8")
    )


@pytest.mark.parametrize("seed", range(3))
def test_the_random_player_makes_only_legal_turns(seed: int) -> None:
    """Steps 1–7: every turn the seeded player builds from the enumerations (skills,
    targets, actions) is accepted by the step-by-step judge, for 60 turns."""
    sys.path.insert(0, str(ROOT / "records"))
    try:
        from generate_astro_stra import random_game
    finally:
        sys.path.pop(0)
    _, plays, game = random_game(seed + 100, limit=60)  # raises on a turn the judge refuses
    assert len(plays) == 60 or game.winner is not None

"""The Dark Nebula sample records get the verdicts their names promise; the hidden-base
checks catch each cheat at the right event; redaction leaves the public verdict alone."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import BOARDS_VARIABLE, load_board
from adjudicator.dark_nebula.redaction import redact

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "records" / "dark-nebula"
REGISTRY = Registry(installed_games())
RECORD_SCHEMA = json.loads((ROOT / "schemas" / "dark-nebula.record.schema.json").read_text())

EXPECTED: dict[str, tuple[str, str | None, int | None]] = {
    "valid/worked-game.json": ("valid", None, None),
    "valid/worked-game.txt": ("valid", None, None),
    "valid/worked-game-director.json": ("valid", None, None),
    "valid/guard-destroyed.json": ("valid", None, None),
    "valid/appearance-disclosed.json": ("valid", None, None),
    # 4.2, interpretation 16: the battle stops when the guard is removed
    "valid/guard-removed-mid-battle.json": ("valid", None, None),
    # 4.0: the search step after the guard's removal is not played
    "invalid/step-after-victory.json": ("invalid", "moves_after_end", 8),
    "pending/unopened-commitment.json": ("pending", None, None),
    # 10.2: the search at ply 8 found the base's sector and nothing appeared
    "invalid/concealed-base.json": ("invalid", "concealed_base", 8),
    # 7.5 / 8.0: the cruiser could not reach Earth from Raibia; found on the disclosure
    "invalid/unreachable-appearance.json": ("invalid", "appearance_unreachable", 20),
    # 9.6: the command ship's own 3 misses (attack 2), so nothing is removed
    "invalid/miscounted-combat.json": ("invalid", "removal_count", 4),
    # 6.1: two cruisers (6) from Tyrann's 3
    "invalid/over-budget-production.json": ("invalid", "over_budget", 2),
    # 3.1: the published digest is not of this opening
    "invalid/wrong-commitment.json": ("invalid", "wrong_nonce", 22),
    # 3.1: the base was committed to Raigerin and appeared in nebula-3
    "invalid/revealed-elsewhere.json": ("invalid", "revealed_elsewhere", 22),
    # 10.2 before 3.1: the opening proves the base was in Nafaelas, searched at ply 15
    "invalid/concealed-before-revealed-elsewhere.json": ("invalid", "concealed_base", 15),
    # 10.2 before 6.1: the disclosure proves the concealment at ply 8, before the public
    # over-budget production at ply 9 that stops the replay
    "invalid/concealed-base-before-a-public-fault.json": ("invalid", "concealed_base", 8),
    "invalid/wrong-winner.json": ("invalid", "wrong_winner", 25),
    "unreadable/board-mismatch.json": ("unreadable", "board_mismatch", None),
    "unreadable/malformed-event.txt": ("unreadable", "malformed_event", None),
    # strict by default: printed names are the documented alternative, for --lenient; a
    # notation violation is invalid in every game, wherever the game finds it
    "invalid/printed-names-in-strict-file.txt": ("invalid", "noncanonical_notation", None),
}


def verdict(path: Path) -> Verdict:
    return validate_file(REGISTRY, path, Options())


def test_every_sample_is_listed() -> None:
    on_disk = {str(p.relative_to(SAMPLES)) for p in SAMPLES.rglob("*") if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verdict(name: str) -> None:
    status, code, ply = EXPECTED[name]
    v = verdict(SAMPLES / name)
    assert v.status == status, v.model_dump_json(indent=1)
    if status == "invalid":
        assert (v.problem.code, v.problem.ply) == (code, ply)
    if status == "unreadable":
        assert v.unreadable.code == code


def test_lenient_mode_reads_printed_names_and_reports_each_line() -> None:
    path = SAMPLES / "invalid/printed-names-in-strict-file.txt"
    strict = verdict(path)
    assert "battleship@zarek" in strict.problem.suggestion  # the canonical line, suggested
    lenient = validate_file(REGISTRY, path, Options(lenient=True))
    assert lenient.status == "valid"
    # the set-up and 2.2 name ザレク with '@'
    assert [w.location for w in lenient.warnings if w.code == "normalized"] == [
        "line 7",
        "line 16",
    ]


def test_unopened_commitment_lists_every_pending_check() -> None:
    """3.1, 7.5, 10.2: never valid while the commitment is closed; exit code 3."""
    v = verdict(SAMPLES / "pending/unopened-commitment.json")
    assert v.exit_code == 3
    assert [(c.code, c.ply) for c in v.pending] == [
        ("base_in_capital", 1),
        ("concealed_base", 8),
        ("concealed_base", 15),
        ("appearance_unreachable", 20),
        ("concealed_base", 22),
    ]


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n.endswith(".json")))
def test_json_samples_follow_the_committed_schema(name: str) -> None:
    """Even the board mismatch is well-formed: only its digest names another definition."""
    jsonschema.validate(json.loads((SAMPLES / name).read_text("utf-8")), RECORD_SCHEMA)


def _public(v: Verdict) -> tuple[object, ...]:
    problem = (v.problem.code, v.problem.ply) if v.problem else None
    return (v.status, problem, v.computed, v.claimed)


@pytest.mark.parametrize(
    ("name", "sector"),
    [
        ("valid/worked-game.json", "nebula-3"),
        ("valid/guard-destroyed.json", "raigerin"),
        ("valid/appearance-disclosed.json", "raibia"),
        ("invalid/concealed-base.json", "raibia"),
        ("invalid/concealed-base-before-a-public-fault.json", "raibia"),
        ("invalid/unreachable-appearance.json", "raibia"),
        ("invalid/miscounted-combat.json", "nebula-3"),
        ("invalid/over-budget-production.json", "nebula-3"),
    ],
)
def test_redaction_keeps_the_public_verdict(tmp_path: Path, name: str, sector: str) -> None:
    """A director's full record (the opening known from the set-up) and its redaction (the
    empire's view) get the same public verdict once the commitment is opened in the record:
    the full one reports a cheat when it happens, the redacted one when it is found, at the
    same event."""
    public = json.loads((SAMPLES / name).read_text("utf-8"))
    nonce = "5d0c7a93e8f14b26a1d9c3e7b5f08a42"
    full = {**public, "secret": {"sector": sector, "nonce": nonce}}
    (tmp_path / "full.json").write_text(json.dumps(full, ensure_ascii=False), "utf-8")
    (tmp_path / "view.json").write_text(json.dumps(redact(full), ensure_ascii=False), "utf-8")
    assert redact(full) == public
    assert _public(verdict(tmp_path / "full.json")) == _public(verdict(tmp_path / "view.json"))
    assert _public(verdict(tmp_path / "view.json")) == _public(verdict(SAMPLES / name))


def test_redact_command_writes_the_empire_view(tmp_path: Path) -> None:
    app = build_app(REGISTRY)
    out = tmp_path / "view.json"
    result = CliRunner().invoke(
        app,
        ["dark-nebula", "redact", str(SAMPLES / "valid/worked-game-director.json"), "-o", str(out)],
    )
    assert result.exit_code == 0, result.output
    view = json.loads(out.read_text("utf-8"))
    assert "secret" not in view
    assert view == json.loads((SAMPLES / "valid/worked-game.json").read_text("utf-8"))


def test_text_and_json_convert_both_ways(tmp_path: Path) -> None:
    app = build_app(REGISTRY)
    runner = CliRunner()
    text = runner.invoke(app, ["convert", str(SAMPLES / "valid/worked-game.json"), "--to", "text"])
    assert text.exit_code == 0, text.output
    assert text.stdout == (SAMPLES / "valid/worked-game.txt").read_text("utf-8")
    back = tmp_path / "back.txt"
    back.write_text(text.stdout, "utf-8")
    again = runner.invoke(app, ["convert", str(back), "--to", "json"])
    assert json.loads(again.stdout) == json.loads(
        (SAMPLES / "valid/worked-game.json").read_text("utf-8")
    )


def test_a_printed_map_loaded_by_the_environment_is_used_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2.1, board definition: a director's own definition (here: Tyrann produces 6) is
    found through $ADJUDICATOR_BOARDS; a record naming it by id and digest is validated
    under its values, and the shipped definition is still there."""
    shipped = ROOT / "adjudicator" / "dark_nebula" / "boards" / "default.yaml"
    data = yaml.safe_load(shipped.read_text("utf-8"))
    data["id"] = "printed/2011"
    data["sectors"][0]["production"] = 6
    (tmp_path / "boards").mkdir()
    printed = tmp_path / "boards" / "printed.yaml"
    printed.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    monkeypatch.setenv(BOARDS_VARIABLE, str(tmp_path / "boards"))
    record = json.loads((SAMPLES / "invalid/over-budget-production.json").read_text("utf-8"))
    record["board"] = {"id": "printed/2011", "sha256": load_board(printed).sha256}
    (tmp_path / "game.json").write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    v = verdict(tmp_path / "game.json")
    # two cruisers (6) now fit Tyrann's budget, so the next check speaks: with the extra
    # battleship that is three new counters in Tyrann (6.2)
    assert (v.problem.code, v.problem.ply) == ("placement_limit", 2)
    assert verdict(SAMPLES / "valid/worked-game.json").status == "valid"
    record["board"]["sha256"] = "0" * 64
    (tmp_path / "game.json").write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    assert verdict(tmp_path / "game.json").unreadable.code == "board_mismatch"


def test_the_verdict_lists_a_switched_reading_with_its_value(tmp_path: Path) -> None:
    """Interpretation 8 switched in the record: the verdict says which reading it used."""
    data = json.loads((SAMPLES / "valid/worked-game.json").read_text("utf-8"))
    data["interpretations"] = {"nebula_entry": "each-step"}
    (tmp_path / "game.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    v = verdict(tmp_path / "game.json")
    assert "nebula-entry=each-step" in v.interpretations
    assert "marked-modifier" in v.interpretations  # at its default: the id alone

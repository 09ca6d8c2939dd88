"""The shipped suite's compiled case files (conformance/compiled/GAME.json): committed in
step with the YAML, read as the very models the YAML gives, and never read once the YAML
has changed under them."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.cli.conformance import shared as conformance_cli
from adjudicator.core.conformance import compiled
from adjudicator.core.conformance.cases import case_files, load_case_file
from adjudicator.core.conformance.suite import case_digest, load_lock
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
GAMES = sorted({f.game for _, f in case_files(CASES, trusted=True)})


def test_the_committed_compiled_suite_matches_its_yaml() -> None:
    """Drift: `conformance run` reads the shipped suite from conformance/compiled/, which
    `adjudicator schemas` regenerates from the YAML case files."""
    stale = [p.relative_to(ROOT).as_posix() for p in compiled.drift(CASES)]
    assert stale == [], (
        f"{', '.join(stale)}: differs from the YAML case files; edit the YAML, then "
        "regenerate with `adjudicator schemas`"
    )


def test_every_shipped_case_file_reads_the_same_compiled_and_as_yaml() -> None:
    """Each case file, read from its compiled game file, is the model its YAML gives when
    read with the bounds: the same fields, the same fields set (which say the expectation's
    kind and make the lock's digest), the same digests as the lock's."""
    from_yaml = case_files(CASES)
    from_json = compiled.read(CASES)
    assert from_json is not None
    assert [p for p, _ in from_json] == [p for p, _ in from_yaml]
    for (path, json_file), (_, yaml_file) in zip(from_json, from_yaml, strict=True):
        assert json_file == yaml_file == load_case_file(path), path
        assert json_file.model_dump(exclude_unset=True) == yaml_file.model_dump(exclude_unset=True)
        for json_case, yaml_case in zip(json_file.cases, yaml_file.cases, strict=True):
            assert json_case.expect.kind == yaml_case.expect.kind, json_case.id
            digest = case_digest(json_file.game, json_case)
            assert digest == case_digest(yaml_file.game, yaml_case), json_case.id
    lock = load_lock(CASES)
    assert lock is not None
    assert {c.id: case_digest(f.game, c) for _, f in from_json for c in f.cases} == lock.cases


def test_one_game_reads_only_its_compiled_file_in_the_yaml_order() -> None:
    """`--game` reads its game's compiled file alone; its case files, in order, are those
    that reading the YAML for that game gives."""
    for game in GAMES:
        assert compiled.read(CASES, game) == case_files(CASES, game), game
    assert {compiled.target(CASES, g).name for g in GAMES} == {
        p.name for p in (CASES / compiled.COMPILED).glob("*.json")
    }


def _suite(tmp_path: Path) -> Path:
    """A suite of two games, one case file each, compiled."""
    root = tmp_path / "suite"
    for name in ("orbit-dominion/article-02-board.yaml", "astro-stra/01-setup.yaml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CASES / name, root / name)
    assert compiled.drift(root) == [
        root / "compiled/astro-stra.json",
        root / "compiled/orbit-dominion.json",
    ]
    compiled.write(root)
    assert compiled.drift(root) == []
    return root


def test_compiled_files_out_of_step_with_the_yaml_are_not_read(tmp_path: Path) -> None:
    """A compiled file is read only while the suite's YAML files are those it was compiled
    from: an edited, added or removed case file, or a compiled file missing or damaged,
    sends the runner back to the YAML (and `schemas --check` names the file)."""
    root = _suite(tmp_path)
    game = "orbit-dominion/4.2"
    assert compiled.read(root, game) == case_files(root, game)
    board = root / "orbit-dominion/article-02-board.yaml"
    board.write_text(board.read_text("utf-8").replace("id: od.board.", "id: od.edited."), "utf-8")
    assert compiled.read(root, game) is None
    assert compiled.read(root) is None
    assert compiled.drift(root) == [
        root / "compiled/astro-stra.json",
        root / "compiled/orbit-dominion.json",
    ]
    compiled.write(root)
    (found,) = [f for _, f in compiled.read(root, game) or []]
    assert found.cases[0].id.startswith("od.edited.")
    shutil.copy(CASES / "astro-stra/02-turn.yaml", root / "astro-stra/02-turn.yaml")
    assert compiled.read(root, game) is None  # the digest covers every game's files
    compiled.write(root)
    (root / "compiled/astro-stra.json").write_text("{", "utf-8")
    assert compiled.read(root, game) is not None
    assert compiled.read(root) is None
    (root / "compiled/astro-stra.json").unlink()
    assert compiled.read(root, "astro-stra/0.9.0") is None
    assert compiled.drift(root) == [root / "compiled/astro-stra.json"]


def test_a_game_left_without_cases_loses_its_compiled_file(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    shutil.rmtree(root / "astro-stra")
    assert compiled.drift(root) == [
        root / "compiled/astro-stra.json",
        root / "compiled/orbit-dominion.json",
    ]
    assert compiled.write(root) == [root / "compiled/orbit-dominion.json"]
    assert sorted((root / "compiled").iterdir()) == [root / "compiled/orbit-dominion.json"]


def test_the_runner_reads_the_shipped_suite_compiled_and_a_given_folder_as_yaml(
    tmp_path: Path, monkeypatch
) -> None:
    """Only the suite shipped with the package is read from its compiled files: a folder
    given with --cases is read as YAML, compiled files or not."""
    root = _suite(tmp_path)
    read: list[Path] = []
    real = compiled.read
    monkeypatch.setattr(compiled, "read", lambda *a: read.append(a[0]) or real(*a))
    app = build_app(REGISTRY, "conformance")
    words = ["conformance", "run", "--only", "od.board.start-position", "--cases", str(root)]
    assert CliRunner().invoke(app, words).exit_code == 0
    assert read == []
    monkeypatch.setattr(conformance_cli, "SUITE", root)
    assert CliRunner().invoke(app, words).exit_code == 0
    assert read == [root]

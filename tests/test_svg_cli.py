"""`--svg FILE` and `--format svg` on replay, adjudicate and orbit-dominion analyze: the
picture is a valid SVG of the position the command reached."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
runner = CliRunner()
RECORDS = Path(__file__).parent.parent / "records"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def actions(svg: str) -> set[tuple[str, str]]:
    root = ET.fromstring(svg)
    return {
        (e.attrib["class"], e.attrib["data-action"])
        for e in root.iter()
        if "data-action" in e.attrib and e.attrib.get("class", "").startswith("action-")
    }


def test_replay_format_svg_draws_the_refused_action() -> None:
    """An illegal action stops the replay; the picture shows it dashed where it was refused."""
    path = RECORDS / "orbit-dominion/invalid/illegal-action-in-the-middle.json"
    code, out, _ = run("replay", str(path), "--format", "svg")
    assert code == 1
    assert [kind for kind, _ in actions(out)] == ["action-bad"]


def test_replay_svg_file_keeps_the_text_drawing(tmp_path: Path) -> None:
    path = (
        RECORDS
        / "orbit-dominion/valid"
        / sorted(p.name for p in (RECORDS / "orbit-dominion/valid").glob("*.json"))[0]
    )
    out_file = tmp_path / "board.svg"
    code, out, _ = run("replay", str(path), "--to", "3", "--svg", str(out_file))
    assert code == 0
    assert out.startswith("the start ·")
    assert actions(out_file.read_text(encoding="utf-8"))


def test_adjudicate_svg_legal_and_illegal(tmp_path: Path) -> None:
    """第5条: O0-O2 is a legal two-sector navigation, O0-O3 too far (drawn refused)."""
    legal = tmp_path / "legal.svg"
    code, _, _ = run("adjudicate", "--position", "standard", "-a", "O0-O2", "--svg", str(legal))
    assert code == 0
    assert actions(legal.read_text(encoding="utf-8")) == {("action-last", "O0-O2")}
    code, out, _ = run("adjudicate", "--position", "standard", "-a", "O0-O3", "--format", "svg")
    assert code == 1
    assert actions(out) == {("action-bad", "O0-O3")}


def test_analyze_format_svg_with_legal_actions_from_a_ship() -> None:
    code, out, _ = run("orbit-dominion", "analyze", "--from", "I11", "--format", "svg")
    assert code == 0
    root = ET.fromstring(out)
    assert any(e.attrib.get("class") == "mark-legal" for e in root.iter())


def test_analyze_from_names_a_bad_sector() -> None:
    code, _, err = run("orbit-dominion", "analyze", "--from", "X9", "--format", "svg")
    assert code == 2
    assert "--from" in err and "X9" in err

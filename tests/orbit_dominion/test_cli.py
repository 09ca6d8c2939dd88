"""`adjudicator orbit-dominion …` as a person sees it (snapshots), and its handling of bad
input: a message naming the field and exit code 2, never a traceback."""

from __future__ import annotations

import json

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def test_analyze_start(snapshot: SnapshotAssertion) -> None:
    """第2条 starting set-up, drawn; 22 legal actions."""
    code, out, _ = run("orbit-dominion", "analyze")
    assert code == 0
    assert any(line.startswith("legal actions (22): ") for line in out.splitlines())
    assert out == snapshot


def test_analyze_lists_actions_banned_by_repetition(snapshot: SnapshotAssertion) -> None:
    """第9条 example: after O-, O+, O-, blue's O+ is banned and listed apart."""
    code, out, _ = run("orbit-dominion", "analyze", "--moves", "O- O+ O-")
    assert code == 0
    assert "O+: its position already stood at plies 0, 2" in out
    assert out == snapshot


def test_analyze_reports_a_rejected_action_in_japanese(snapshot: SnapshotAssertion) -> None:
    """第5条 / ruling 1: O0-I0 jumps across two orbits; cited in Japanese with --lang ja."""
    code, out, _ = run("orbit-dominion", "analyze", "--moves", "O0-I0 O0-O1", "--lang", "ja")
    assert code == 0
    assert "jump_across_two_orbits" in out and "第5条" in out
    assert out == snapshot


def test_analyze_json_outcome(snapshot: SnapshotAssertion) -> None:
    """7-1: a supported flagship capture is decided at once, reported with its articles."""
    position = "......b...../.....R....../Br.........r r 0 -"
    code, out, _ = run(
        "orbit-dominion", "analyze", "--position", position, "--moves", "I11xI0", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == {"winner": "red", "reason": "flagship_capture", "decided_at": 1}
    assert data["legal_actions"] == []
    assert data == snapshot


def test_analyze_lenient_reports_normalisations() -> None:
    code, out, _ = run("orbit-dominion", "analyze", "--moves", "I11 → I10 Ｏ＋", "--lenient")
    assert code == 0
    assert "normalised 'I11→I10' → I11-I10" in out
    assert "normalised 'Ｏ＋' → O+" in out


def test_perft_divide(snapshot: SnapshotAssertion) -> None:
    code, out, _ = run("orbit-dominion", "perft", "--depth", "2", "--divide", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["nodes"] == 484
    assert sum(data["divide"].values()) == 484
    assert data["divide"] == snapshot


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--position", "r....bb....r/rr....bb..../R....bB....r r 0"), "four space-separated"),
        (("--position", "r....bb....r/rr....bb..../R....bB...r r 0 -"), "orbit I has 11 cells"),
        (("--position", "r....bb....r/rr....bb..../R....RB....r r 0 -"), "2 flagships"),
        (("--position", "rrrr.bb....r/rr....bb..../R....bB....r r 0 -"), "8 normal ships"),
        (("--position", "r....bb....r/rr....bb..../R....bB....r r 121 -"), "ply '121'"),
        (("--position", "r....bb....r/rr....bb..../R....bB....r r 0 b"), "not the side"),
        (("--position", "r....bb....r/rr....bb..../R....bB....r r 0 r"), "neither enemy gate"),
        (("--position", "r....bb....r/rr....bb..../R....bQ....r r 0 -"), "unknown cell 'Q'"),
        (("--moves", "I11-I10 Q7"), "moves[1]"),
        (("--moves", "I11 → I10"), "did you mean 'I11-I10'"),
    ],
)
def test_bad_input_is_a_message_not_a_traceback(args: tuple[str, ...], needle: str) -> None:
    code, out, err = run("orbit-dominion", "analyze", *args)
    assert code == 2
    assert needle in err
    assert "Traceback" not in out + err


def test_perft_rejects_an_illegal_line() -> None:
    code, _, err = run("orbit-dominion", "perft", "--depth", "1", "--moves", "O0-I0")
    assert code == 2
    assert "O0-I0 is illegal" in err

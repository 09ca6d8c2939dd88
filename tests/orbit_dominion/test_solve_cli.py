"""`orbit-dominion solve`, `verify-proof` and `adjudicate --solve` as a person and a
script see them: the sentence in Japanese and English (snapshots, the timing line apart),
the JSON object, exit codes, and bad input named without a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.core.cli import build_app
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
runner = CliRunner()
GATE = "..b........./....r......./R.....r..B.. r 0 -"
NO_LEGAL = str(
    Path(__file__).parents[2] / "records" / "orbit-dominion" / "valid" / "no-legal-moves.json"
)
STATS = re.compile(r"^([\d,]+ positions searched in|探索局面数 )")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def without_timing(out: str) -> str:
    lines = out.splitlines()
    assert STATS.match(lines[-1]), lines[-1]
    return "\n".join(lines[:-1])


def test_solve_gate_claim_in_both_languages(snapshot: SnapshotAssertion) -> None:
    """第8条 03 / 第10条 01: red wins at its turn start after blue's reply, within 2."""
    code, en, _ = run("orbit-dominion", "solve", GATE, "--depth", "3")
    assert code == 0
    code, ja, _ = run("orbit-dominion", "solve", GATE, "--depth", "3", "--lang", "ja")
    assert code == 0
    assert (without_timing(en), without_timing(ja)) == snapshot


def test_solve_json_and_verify_proof(tmp_path: Path) -> None:
    """The JSON object of the issue's format; verify-proof accepts it as printed."""
    code, out, _ = run("orbit-dominion", "solve", GATE, "-d", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert {k: data[k] for k in ("result", "winner", "within", "depth")} == {
        "result": "win",
        "winner": "red",
        "within": 2,
        "depth": 3,
    }
    assert data["nodes"] > 0 and data["proof"]["tree"]["move"] == "M4-M6"
    path = tmp_path / "solution.json"
    path.write_text(out, encoding="utf-8")
    code, out, _ = run("orbit-dominion", "verify-proof", str(path))
    assert code == 0 and out.startswith("proof valid: red wins within 2 actions")
    path.write_text(json.dumps(data["proof"]).replace('"M4-M6"', '"M4-M5"'), encoding="utf-8")
    code, out, _ = run("orbit-dominion", "verify-proof", str(path), "--lang", "ja")
    assert code == 1 and out.startswith("証明は誤り(M4-M5 ")


def test_solve_no_forced_win_states_depth_and_nodes() -> None:
    code, out, _ = run("orbit-dominion", "solve", "standard", "--depth", "2", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["result"], data["winner"], data["within"], data["proof"]) == (
        "no_forced_win",
        None,
        None,
        None,
    )
    assert data["depth"] == 2 and data["nodes"] > 22


def test_solve_with_history_option() -> None:
    """第9条: the history given with --history makes red's every action banned at ply 40."""
    data = json.loads(Path(NO_LEGAL).read_text(encoding="utf-8"))
    from adjudicator.orbit_dominion.solve import positions_before
    from tests.orbit_dominion.test_solve import record_state

    state = record_state("no-legal-moves.json", 39)
    history = [f"--history={p.text()}" for p in positions_before(state)]
    code, out, _ = run("orbit-dominion", "solve", state.position.text(), "-d", "2", *history)
    assert code == 0 and out.startswith("blue forces a win within 1 actions")
    code, out, _ = run("orbit-dominion", "solve", state.position.text(), "-d", "2")
    assert out.startswith("neither side can force a win within 2 actions")
    assert data["result"]["reason"] == "no_legal_moves"


def test_adjudicate_record_with_solve() -> None:
    """adjudicate --record F --at N --solve: the position before ply N, its history the
    record's."""
    code, out, _ = run("adjudicate", "--record", NO_LEGAL, "--at", "40", "--solve", "--depth", "3")
    assert code == 0 and out.startswith("blue forces a win within 1 actions")
    code, _, err = run("adjudicate", "--record", NO_LEGAL, "--at", "40")
    assert code == 2 and "--action or --solve" in err


def test_bad_input_is_named() -> None:
    code, _, err = run("orbit-dominion", "solve", "r..../", "--depth", "2")
    assert code == 2 and "POSITION" in err and "Traceback" not in err
    at_four = GATE.replace(" r 0 -", " r 4 -")
    code, _, err = run("orbit-dominion", "solve", at_four, "-d", "2", "--history", "nonsense")
    assert code == 2 and "--history[0]" in err


def test_verify_proof_rejects_malformed_files(tmp_path: Path) -> None:
    path = tmp_path / "proof.json"
    path.write_text('{"format": "orbit-dominion-proof/1", "position": 3}', encoding="utf-8")
    code, _, err = run("orbit-dominion", "verify-proof", str(path))
    assert code == 2 and str(path) in err and "Traceback" not in err
    path.write_text("{", encoding="utf-8")
    code, _, err = run("orbit-dominion", "verify-proof", str(path))
    assert code == 2 and "not valid JSON" in err

"""`orbit-dominion solve`, `verify-proof` and `adjudicate --solve` as a person and a
script see them: the sentence in Japanese and English (snapshots, the timing line apart),
the JSON object, exit codes, and bad input named without a traceback."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
runner = CliRunner()
GATE = "..b........./....r......./R.....r..B.. r 0 -"
NO_LEGAL = str(
    Path(__file__).parents[2] / "records" / "orbit-dominion" / "valid" / "no-legal-moves.json"
)
STATS = re.compile(r"^([\d,]+ positions searched in|[\d,]+ 局面を .* 秒で調べました)")


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


def test_solve_speaks_of_positions_searched_and_keeps_table_figures_for_engine_authors() -> None:
    """A person reads the answer and how many positions were searched, in both languages;
    the transposition table's hits and probes are for engine authors: in --json, and in
    human output only with -v."""
    for lang, table in (("en", "transposition table"), ("ja", "置換表")):
        code, out, _ = run("orbit-dominion", "solve", GATE, "-d", "3", "--lang", lang)
        assert code == 0
        assert STATS.match(out.splitlines()[-1])
        assert table not in out and "probe" not in out and "的中" not in out
        code, verbose, _ = run("orbit-dominion", "solve", GATE, "-d", "3", "--lang", lang, "-v")
        assert code == 0 and table in verbose.splitlines()[-1]
    code, out, _ = run("adjudicate", "--position", GATE, "--solve", "--depth", "3", "--lang", "ja")
    assert code == 0 and "置換表" not in out
    data = json.loads(run("orbit-dominion", "solve", GATE, "-d", "3", "--json")[1])
    assert {"table_hits", "table_probes"} <= data.keys()


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
    from adjudicator.orbit_dominion.solve_answer import positions_before
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
    assert code == 2 and "one of --action, --solve or --legal" in err


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


def test_solve_stops_at_its_node_budget_and_says_what_was_proved() -> None:
    """The search deepens one action at a time; at --max-nodes it answers with the depth it
    finished and names the one it did not (en, ja, JSON). Before, it ran without a bound."""
    args = ("orbit-dominion", "solve", "standard", "-d", "30", "--max-nodes", "3000")
    code, out, _ = run(*args)
    assert code == 0
    assert re.match(r"no forced win within (\d+) actions; depth (\d+) not finished", out)
    done, unfinished = map(int, re.findall(r"\d+", out)[:2])
    assert unfinished == done + 1 and "--max-nodes 3000" in out
    code, ja, _ = run(*args, "--lang", "ja")
    assert ja.startswith(f"{done} 手以内に必勝はない。深さ {unfinished} は読み終えていない")
    data = json.loads(run(*args, "--json")[1])
    assert (data["result"], data["depth"], data["unfinished"]) == (
        "no_forced_win",
        done,
        unfinished,
    )
    assert 3000 <= data["nodes"] < 3000 + 1100  # the budget is looked at every 1,024 positions


def test_solve_stops_at_its_time_budget() -> None:
    started = time.perf_counter()
    data = json.loads(
        run("orbit-dominion", "solve", "standard", "-d", "30", "--time", "0.5", "--json")[1]
    )
    assert data["unfinished"] == data["depth"] + 1
    assert time.perf_counter() - started < 20


def test_solve_finds_the_same_win_by_deepening() -> None:
    """A win found at a shallower depth is the answer of the depth asked for: the gate
    claim within 2, asked at depth 6."""
    data = json.loads(run("orbit-dominion", "solve", GATE, "-d", "6", "--json")[1])
    assert (data["result"], data["winner"], data["within"], data["depth"]) == ("win", "red", 2, 6)


def test_solve_depth_is_bounded_by_the_move_limit() -> None:
    code, _, err = run("orbit-dominion", "solve", "standard", "-d", "121")
    assert code == 2 and "121" in err


def test_progress_line_only_on_a_terminal() -> None:
    """The progress line (depth, positions, rate) goes to standard error when it is a
    terminal, never into a pipe."""
    import os
    import pty
    import subprocess
    import sys

    args = ["orbit-dominion", "solve", "standard", "-d", "30", "--time", "1.5"]
    code, _, err = run(*args)
    assert code == 0 and err == ""
    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        timeout=120,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert done.returncode == 0 and b"no forced win within" in done.stdout
    assert re.search(rb"depth \d+ \xc2\xb7 [\d,]+ positions \xc2\xb7 [\d,]+/s", shown), shown


def test_adjudicate_past_the_end_of_a_decided_game() -> None:
    """A game decided by its last action is answered as decided, the same way with and
    without --executor (no cluster is asked). Before, the search went on from the final
    position: 'blue forces a win within 2 actions' here, 'within 0' through a cluster."""
    record = str(Path(NO_LEGAL).parent / "flagship-capture.json")
    args = ("adjudicate", "--record", record, "--at", "63", "--solve", "--depth", "3")
    code, out, _ = run(*args)
    assert code == 0
    assert out.startswith("the game is already decided: blue (flagship captured with support)")
    assert run(*args, "--executor", "dask://127.0.0.1:9")[1] == out
    data = json.loads(run(*args, "--json")[1])
    assert (data["result"], data["winner"], data["reason"], data["proof"]) == (
        "decided",
        "blue",
        "flagship_capture",
        None,
    )
    draw = str(Path(NO_LEGAL).parent / "move-limit-draw.json")
    code, out, _ = run("adjudicate", "--record", draw, "--at", "121", "--solve", "--lang", "ja")
    assert code == 0 and out.startswith("対局は既に決着している: 引き分け")

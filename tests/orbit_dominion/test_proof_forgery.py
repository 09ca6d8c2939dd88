"""Forged proofs: `verify-proof` accepts a file only when every claim in it is exactly what
its proof proves, under the rules of 4.2, from the position and the history it names — and
its verdict names those premises.

Each test forges one thing a forger would: a solution's claims (result, winner, within,
position, history, depth) against its proof, a count written as a string, a float or a
bool, a history no game can have or one a record does not hold, and the tree itself
(omitted replies, illegal moves, swapped winners, wrong leaf results, the move limit and
the threefold ban at the leaves, a proof of one position claimed for another). The large
inputs run in a child process under a memory cap and a time bound.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.orbit_dominion import GameState
from adjudicator.orbit_dominion.proof import EndNode, Proof, Solution, verify
from adjudicator.orbit_dominion.solve import solve
from tests.orbit_dominion.support import pos
from tests.orbit_dominion.test_solve import record_state

APP = build_app(Registry(installed_games()))
GATE = "..b........./....r......./R.....r..B.. r 0 -"
RECORDS = Path(__file__).parents[2] / "records" / "orbit-dominion" / "valid"
NO_LEGAL = RECORDS / "no-legal-moves.json"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def verify_file(tmp_path: Path, data: object, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "claimed.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return run("orbit-dominion", "verify-proof", str(path), *options)


@pytest.fixture(scope="module")
def gate() -> dict:
    """第8条 03: red forces a win within 2 actions by gate control (its solution, as JSON)."""
    return json.loads(solve(GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2")), 3).model_dump_json())


@pytest.fixture(scope="module")
def banned() -> dict:
    """第9条: after 39 actions of no-legal-moves.json, blue wins because the history bans
    every action of red at ply 40 (its solution, as JSON)."""
    return json.loads(solve(record_state("no-legal-moves.json", 39), 2).model_dump_json())


@pytest.fixture(scope="module")
def move_limit() -> dict:
    """第10条 03: at ply 118 red, a ship ahead, wins at the 120-action limit."""
    return json.loads(
        solve(GameState(pos("R@O0 r@O3 r@M4 B@O6 b@I9", ply=118)), 2).model_dump_json()
    )


def forged(data: dict, **claims: object) -> dict:
    return {**json.loads(json.dumps(data)), **claims}


# --- the solution's claims against its proof --------------------------------------------


def test_the_genuine_solution_verifies_and_says_so(tmp_path, gate):
    code, out, _ = verify_file(tmp_path, gate)
    assert code == 0, out
    assert out.startswith("proof valid: red wins within 2 actions")
    assert "claims (result win, winner, within, position, history, depth 3)" in out


@pytest.mark.parametrize(
    ("claims", "named"),
    [
        ({"winner": "blue"}, "winner blue"),  # the proof shows red wins
        ({"result": "no_forced_win", "winner": None, "within": None}, "result no_forced_win"),
        ({"result": "value"}, "result value"),  # the depth does not reach the move limit
        ({"within": 1}, "within 1"),
        ({"within": 3}, "within 3"),
        ({"depth": 1}, "depth 1"),
        ({"unfinished": 4}, "unfinished 4"),
        ({"reason": "pincer"}, "reason pincer"),
    ],
)
def test_a_claim_the_proof_does_not_prove_is_refused(tmp_path, gate, claims, named):
    """A solution file claims exactly what its embedded proof proves, or is refused (exit
    1) with the claim named: before, a file claiming blue or no forced win verified."""
    code, out, _ = verify_file(tmp_path, forged(gate, **claims))
    assert code == 1 and out.startswith("proof invalid at the start"), out
    assert f"the file claims {named}" in out


def test_a_claim_about_another_position_carrying_this_proof_is_refused(tmp_path, gate):
    """The solution names one position and carries the proof of another."""
    other = "..b........./....r......./R.....r.B... r 0 -"
    code, out, _ = verify_file(tmp_path, forged(gate, position=other))
    assert code == 1 and f"the file claims position {other}" in out
    code, out, _ = verify_file(tmp_path, forged(gate, position=other), "--lang", "ja")
    assert code == 1 and out.startswith("証明は誤り(開始局面)") and "ファイルは position" in out


def test_a_claimed_history_is_the_proofs(tmp_path, banned):
    """The history a solution claims to rest on is the one its proof was checked with."""
    history = banned["history"]
    code, out, _ = verify_file(tmp_path, forged(banned, history=history[:-1]))
    assert code == 1 and "claims history 38 positions, but its proof proves 39" in out
    swapped = [*history]
    swapped[3], swapped[5] = swapped[5], swapped[3]
    code, out, _ = verify_file(tmp_path, forged(banned, history=swapped))
    assert code == 1 and "claims history[3]" in out


def test_a_solution_without_a_proof_has_nothing_to_verify(tmp_path):
    data = json.loads(solve(GameState(), 2).model_dump_json())
    code, _, err = verify_file(tmp_path, data)
    assert code == 2 and "no proof (no_forced_win)" in err


# --- read as strictly as the schema ------------------------------------------------------


@pytest.mark.parametrize("within", ['"2"', "2.0", "true"])
def test_a_count_is_a_json_integer(tmp_path, gate, within):
    """`within` written "2", 2.0 or true is refused (exit 2) in a proof and in a solution,
    as the schema types it: an integer 0–120. Before, all three were read as 2 (or 1)."""
    proof_text = json.dumps(gate["proof"]).replace('"within": 2', f'"within": {within}')
    code, _, err = verify_file(tmp_path, proof_text)
    assert code == 2 and "within" in err, err
    solution_text = json.dumps(gate).replace(
        '"within": 2, "reason"', f'"within": {within}, "reason"'
    )
    assert solution_text != json.dumps(gate)
    code, _, err = verify_file(tmp_path, solution_text)
    assert code == 2 and "within" in err, err


def test_the_schema_types_the_counts(gate):
    """The committed schema (generated from the models) refuses a string or a bool for
    `within`, and bounds it by the 120-action limit; JSON Schema cannot tell 2.0 from 2,
    which the reader refuses (above)."""
    import jsonschema

    schemas = Path(__file__).parents[2] / "schemas"
    proof_schema = json.loads((schemas / "orbit-dominion.proof.schema.json").read_text("utf-8"))
    assert proof_schema["properties"]["within"]["type"] == "integer"
    assert proof_schema["properties"]["within"]["maximum"] == 120
    for bad in ("2", True, 121, -1):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**gate["proof"], "within": bad}, proof_schema)


def test_an_unknown_field_in_a_solution_is_refused(tmp_path, gate):
    code, _, err = verify_file(tmp_path, forged(gate, verified=True))
    assert code == 2 and "verified" in err


# --- the premises: the position and the history -----------------------------------------


def test_the_verdict_names_the_history_the_proof_relies_on(tmp_path, banned):
    """第9条: the proof of blue's win holds only because the history bans red's every
    action; the verdict says which earlier positions the ban consulted (in both languages
    and in JSON). Before, it named only the position."""
    code, out, _ = verify_file(tmp_path, banned["proof"])
    assert code == 0, out
    assert "premise: a history of 39 earlier positions; the proof relies on" in out
    relied = [line.split()[-5:] for line in out.splitlines() if line.startswith("  history[")]
    assert relied
    code, out, _ = verify_file(tmp_path, banned["proof"], "--lang", "ja")
    assert "使う(その局面を3回目に出現させる行動は、三度反復の禁止(第9条)で指せない):" in out
    code, out, _ = verify_file(tmp_path, banned["proof"], "--json")
    premises = json.loads(out)["premises"]
    assert premises["history"] == 39 and len(premises["relied_on"]) == len(relied)
    assert set(premises["relied_on"]) <= set(banned["history"])


def test_a_proof_without_history_says_so(tmp_path, gate):
    code, out, _ = verify_file(tmp_path, gate["proof"])
    assert code == 0 and "premise: no history" in out


def test_the_history_is_checked_against_the_record(tmp_path, banned):
    """With --record F --at N, the proof's position and history must be the record's
    before ply N: a proof whose history was made up to ban the defender's escape is
    refused, though it holds on its own premises."""
    code, out, _ = verify_file(tmp_path, banned["proof"], "--record", str(NO_LEGAL), "--at", "40")
    assert code == 0, out
    assert "the position and the history are the record's before ply 40" in out
    code, out, _ = verify_file(tmp_path, banned["proof"], "--record", str(NO_LEGAL), "--at", "38")
    assert code == 1 and "the proof's position is" in out
    history = [*banned["proof"]["history"]]
    history[10] = history[8]  # a position that did not stand there
    made_up = {**banned["proof"], "history": history}
    code, out, _ = verify_file(tmp_path, made_up, "--record", str(NO_LEGAL), "--at", "40")
    assert code == 1 and "the proof's history[10]" in out
    code, _, err = verify_file(tmp_path, banned["proof"], "--record", str(NO_LEGAL))
    assert code == 2 and "--record and --at" in err


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "the record's end"), ("ja", "の終わりのものと一致する")],
)
def test_the_record_at_end_is_after_its_last_action(tmp_path, banned, lang, words):
    """`--at end`, as `adjudicate` takes it: the proof is checked against the position after
    the record's last action: the record's first 39 actions, so the position of `--at 40`
    on the whole record, where the proof starts."""
    record = json.loads(NO_LEGAL.read_text(encoding="utf-8"))
    record["moves"] = record["moves"][:39]
    record["result"] = {"winner": None, "reason": None, "resigned": None}
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = verify_file(
        tmp_path, banned["proof"], "--record", str(cut), "--at", "end", "--lang", lang
    )
    assert code == 0, out
    assert words in out
    code, out, _ = verify_file(
        tmp_path, banned["proof"], "--record", str(cut), "--at", "end", "--json"
    )
    assert json.loads(out)["premises"]["record"]["at"] == "end"


@pytest.mark.parametrize(
    ("history", "message"),
    [
        (["..b........./....r......./R.....r..B.. b 5 -"], "ply 5 is not before"),
        (
            ["..b........./....r......./R.....r..B.. b 1 -"] * 2,
            "a second position at ply 1",
        ),
    ],
)
def test_a_history_no_game_can_have_is_refused(tmp_path, gate, history, message):
    """Each earlier position names a ply before the position's, no ply twice."""
    proof = {**gate["proof"], "position": GATE.replace(" r 0 -", " r 4 -"), "history": history}
    code, _, err = verify_file(tmp_path, proof)
    assert code == 2 and message in err and "history[" in err


# --- the tree ------------------------------------------------------------------------------


def check(proof: dict) -> str | None:
    fault, *_ = verify(Proof.model_validate(proof))
    return None if fault is None else fault.code


def test_omitted_reply_is_refused(gate):
    proof = forged(gate["proof"])
    replies = proof["tree"]["next"]["replies"]
    del replies[sorted(replies)[-1]]
    assert check(proof) == "missing_replies"


def test_illegal_move_is_refused(gate):
    """第4条: M4-M7 navigates three sectors."""
    proof = forged(gate["proof"])
    proof["tree"]["move"] = "M4-M7"
    assert check(proof) == "illegal_move"


def test_swapped_winner_is_refused(gate):
    """The proof's winner swapped: blue is not to move at the start."""
    assert check(forged(gate["proof"], winner="blue")) == "wrong_side"


def test_swapped_leaf_winners_are_refused(gate):
    """Every leaf says blue wins where the rules give red gate control."""
    leaves = forged(gate["proof"])
    for leaf in leaves["tree"]["next"]["replies"].values():
        leaf["end"]["winner"] = "blue"
    assert check(leaves) == "decided_otherwise"


def test_wrong_leaf_result_is_refused(gate):
    proof = forged(gate["proof"])
    for leaf in proof["tree"]["next"]["replies"].values():
        leaf["end"]["reason"] = "pincer"
    assert check(proof) == "decided_otherwise"


def test_move_limit_leaves(move_limit):
    """第10条 03: the leaves at ply 120 say move_limit for red; one action earlier the game
    is not decided, and a move-limit win claimed for blue is not what the rules decide."""
    proof = move_limit["proof"]
    assert check(proof) is None and move_limit["result"] == "value"
    early = forged(proof)
    early["tree"]["next"] = {"end": {"winner": "red", "reason": "move_limit"}}
    assert check(early) == "not_decided"
    other = forged(proof)
    for leaf in other["tree"]["next"]["replies"].values():
        leaf["end"]["winner"] = "blue"
    assert check(other) == "decided_otherwise"


def test_threefold_leaves(banned):
    """第9条: the no-legal-moves leaf holds with the history that bans red's actions; with
    the history dropped, or without one of the positions the ban consulted, red has a
    legal action there and the game is not decided."""
    proof = banned["proof"]
    assert check(proof) is None
    assert check(forged(proof, history=[])) == "not_decided"
    relied = verify(Proof.model_validate(proof)).relied
    assert relied
    short = [h for i, h in enumerate(proof["history"]) if i != relied[0]]
    assert check(forged(proof, history=short)) == "not_decided"


def test_a_proof_claimed_for_another_position_is_refused(gate, banned):
    """A proof's tree checked from another position: its first move is not legal there,
    or its leaves not decided."""
    assert check(forged(gate["proof"], position=banned["position"], history=banned["history"]))
    other = "..b........./....r......./R.....r.B... r 0 -"
    assert check(forged(gate["proof"], position=other)) is not None


def test_a_proof_that_is_a_bare_leaf_claims_only_a_decided_position(gate):
    """A tree of one leaf at an undecided position proves nothing."""
    proof = forged(gate["proof"], tree={"end": {"winner": "red", "reason": "gate_control"}})
    assert check(proof) == "not_decided"


# --- large inputs, under a memory cap -------------------------------------------------------

CAPPED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
sys.argv = ["adjudicator", "orbit-dominion", "verify-proof", {path!r}]
from adjudicator.cli import main
main()
"""


def run_capped(path: Path, cap_mb: int) -> tuple[int, str, float]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CAPPED.format(cap=cap_mb << 20, path=str(path))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    return done.returncode, done.stdout + done.stderr, time.perf_counter() - started


@pytest.mark.parametrize("length", [40_000, 160_000])
def test_a_long_history_is_refused_in_linear_time(tmp_path, gate, length):
    """A history longer than the position's ply cannot be: it is refused before any of it
    is read, under a 1 GiB cap, within seconds. Before, 40,000 positions took 15 s and
    160,000 a minute (quadratic)."""
    proof = {**gate["proof"], "history": [GATE] * length}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(proof), encoding="utf-8")
    code, out, seconds = run_capped(path, 1024)
    assert code == 2 and "cannot have stood before ply 0" in out, out
    assert "Traceback" not in out and seconds < 30


def test_a_large_proof_stays_within_memory(tmp_path, gate):
    """A 1.6 MB proof (a reply node of 30,000 leaves under the real first move) is read and
    checked under a 1 GiB cap: memory goes with the proof (about 24 times its size)."""
    leaf = {"end": {"winner": "red", "reason": "gate_control"}}
    proof = forged(gate["proof"])
    proof["tree"]["next"]["replies"].update({f"X{i}": leaf for i in range(30_000)})
    path = tmp_path / "large.json"
    path.write_text(json.dumps(proof), encoding="utf-8")
    assert path.stat().st_size > 1_500_000
    code, out, _ = run_capped(path, 1024)
    # where the word starts: "unlisted" is another message's word
    assert code == 1 and re.search(r"\blisted replies that are not legal: X0 X1", out), out


def test_a_proof_file_over_the_limit_is_refused(tmp_path):
    """Files over 64 MiB are refused before they are read (the size limit fits the memory
    reading one takes: about 1.5 GB)."""
    from adjudicator.orbit_dominion.solve_cli import MAX_PROOF_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_PROOF_BYTES + 1)
    code, _, err = run("orbit-dominion", "verify-proof", str(path))
    assert code == 2 and "Traceback" not in err and str(path) in err


def test_solution_models_round_trip(gate):
    """What solve writes is read back as it was."""
    assert Solution.model_validate(gate).proof == Proof.model_validate(gate["proof"])
    assert isinstance(Proof.model_validate(gate["proof"]).tree.next.replies["I9-I10"], EndNode)

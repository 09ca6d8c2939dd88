"""The df-pn prover (``solve --method dfpn``): the same answers as plain minimax and the
alpha-beta search under every rule of 4.2 — the threefold ban with the history (第9条,
interpretation 10), the 120-action limit (第8条, 第10条 02), the gate claim (第8条 03) —
with every win's proof accepted by ``verify-proof``'s checker; a bounded table that drops
entries changes no answer."""

from __future__ import annotations

import json
import random
import shlex
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.orbit_dominion import Action, GameState
from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.dfpn import Prover, Table
from adjudicator.orbit_dominion.dfpn_solve import ENTRY_BYTES, solve_dfpn
from adjudicator.orbit_dominion.proof import verify
from adjudicator.orbit_dominion.solve_answer import positions_before
from adjudicator.orbit_dominion.solving import solve_state
from adjudicator.orbit_dominion.state import with_history
from tests.orbit_dominion.minimax import random_state, reference, solver
from tests.orbit_dominion.support import play, pos
from tests.test_docs_ja import Example, check

ROOT = Path(__file__).resolve().parents[2]
Answer = tuple[str, str | None, int | None]


def dfpn(state: GameState, depth: int, *, entries: int | None = None) -> Answer:
    """The df-pn answer (result, winner, within); its proof, when it has one, verified
    again here (the solve verifies it before answering, too)."""
    memory = None if entries is None else entries * ENTRY_BYTES
    solution = solve_dfpn(state, depth, budget=Budget(None, None, memory=memory))
    if solution.proof is not None:
        assert verify(solution.proof).fault is None
        assert solution.proof.within == solution.within
    else:
        assert solution.result not in ("win",)
    return solution.result, solution.winner, solution.within


def history_of(state: GameState) -> list[str]:
    return [p.text() for p in positions_before(state)]


def shuttle() -> GameState:
    """test_threefold's position: red's pincer I4-I5 would win at once, but its result
    stood at plies 1 and 5 (red to move at ply 8).

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . b . . . .  R
    M   . . . . . . r . . . .  .
    I   . . . . r . B . . . .  .
    """
    state = GameState(pos("R@O0 r@I5 r@M6 B@I6 b@O6"))
    play(state, "O0-O11", "O6-O7", "O11-O0", "O7-O6", "O0-O11", "O6-O7", "I5-I4", "O7-O6")
    return state


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_win_that_exists_only_without_the_history(depth: int) -> None:
    """第9条: without its history the position is red's win in one (the pincer, 第7条 7-2);
    with it, the pincer's result would stand a third time and is banned, and red has no
    forced win within 1 to 3. df-pn, alpha-beta and minimax answer both exactly."""
    state = shuttle()
    bare = GameState(state.position)
    assert reference(bare, depth) == ("win", "red", 1)
    assert reference(state, depth) == ("no_forced_win", None, None)
    for method in (dfpn, solver):
        assert method(bare, depth) == reference(bare, depth)
        assert method(state, depth) == reference(state, depth)


def test_a_defence_that_exists_only_through_a_repetition() -> None:
    """第9条: at ply 39 of the sample no-legal-moves.json, blue's shuttle O6-O7 leaves red
    with every action banned — each result stood twice — and red loses at its turn start
    (第10条 03): blue wins within 1. With a history in which each of those positions stood
    once, red's every action after O6-O7 repeats a position (its second occurrence,
    allowed): red's defence exists only through a repetition, and blue has no forced win
    within 1 to 3. df-pn, alpha-beta and minimax answer both exactly."""
    state = _record_state("no-legal-moves.json", 39)
    before = positions_before(state)
    last = {p.key: p for p in before}
    once = with_history(state.position, [p.text() for p in before if last[p.key] is p])
    after = once.copy()
    after.push(Action.parse("O6-O7"))
    counts = after.occurrence_counts()
    replies = after.legal_actions()
    assert replies and all(counts.get(after.key_after(a), 0) == 1 for a in replies)
    for depth in (1, 2, 3):
        assert reference(state, depth) == ("win", "blue", 1)
        assert reference(once, depth) == ("no_forced_win", None, None)
        for method in (dfpn, solver):
            assert method(state, depth) == reference(state, depth)
            assert method(once, depth) == reference(once, depth)


def _record_state(name: str, plies: int) -> GameState:
    from tests.orbit_dominion.test_solve import record_state

    return record_state(name, plies)


def test_dfpn_agrees_with_minimax_on_random_positions() -> None:
    """Every rule the search plays, on 200 seeded positions (many with positions standing
    twice, many near the move limit) at depths 1–3: df-pn answers as minimax does, with a
    table large enough and with one of 50 entries (dropping entries all the time)."""
    rng = random.Random(43)
    seen = set()
    for _ in range(200):
        state = random_state(rng, standard=0.1)
        crowded = state.position.red.bit_count() + state.position.blue.bit_count() > 8
        depth = rng.randint(1, 2 if crowded else 3)
        expected = reference(state, depth)
        assert dfpn(state, depth) == expected, (state.position.text(), history_of(state))
        assert dfpn(state, depth, entries=50) == expected
        seen.add(expected[0])
    assert {"win", "no_forced_win", "value"} <= seen


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_midgame_positions_agree_with_alphabeta_and_minimax(seed: int) -> None:
    """Random games from the standard start (up to 40 random legal actions): df-pn, the
    alpha-beta search and minimax agree at depth 2 (and the proofs verify, in dfpn())."""
    rng = random.Random(seed)
    state = random_state(rng, standard=1.0)
    assert dfpn(state, 2) == solver(state, 2) == reference(state, 2)


def test_a_long_win_comes_with_a_proof_that_verifies() -> None:
    """第10条 01: the gate claim won after blue's reply, found by df-pn alone and by auto,
    both with a proof verify-proof accepts, within the same number of actions as the
    alpha-beta search."""
    state = GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2"))
    assert dfpn(state, 4) == solver(state, 4) == ("win", "red", 2)
    auto = solve_state(state, 4, method="auto")
    assert auto.proof is not None and verify(auto.proof).fault is None


def test_the_table_drops_the_cheapest_half_when_full() -> None:
    """The memory budget bounds the table: past its entries, half are dropped."""
    table = Table(4)
    for i in range(9):
        table.put((0, (i, 0, 0, 0, 0), False, 1, -1, frozenset()), 5, 5, i)
    assert len(table.entries) <= 4 and table.dropped >= 4


def test_a_proof_that_does_not_hold_is_never_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong win is the worst answer: the solve checks the proof before it answers, and
    a proof the checker refuses raises instead of being reported."""
    from adjudicator.orbit_dominion import dfpn_solve
    from adjudicator.orbit_dominion.proof import Fault, Verification

    def refuse(proof: object) -> Verification:
        return Verification(Fault(line=[], code="not_decided"), 1, [])

    monkeypatch.setattr(dfpn_solve, "verify", refuse)
    with pytest.raises(AssertionError, match="not_decided"):
        solve_dfpn(GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2")), 3)


def test_prover_answers_one_side_at_a_time() -> None:
    """A search asks whether one side (the attacker) wins: red's gate claim is proved for
    red, and the same position is disproved for blue."""
    state = GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2"))
    table = Table(1000)
    assert Prover(state, 2, 0, table).run(state)[0] == 0
    assert Prover(state, 2, 1, table).run(state)[1] == 0


def test_the_worked_example_prints_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/orbit-dominion.md, "What a proof settles, and what it does not": the block
    after ``<!-- worked example: df-pn -->`` is run command by command in an English
    locale (``> FILE`` written in a scratch folder) and prints the lines shown under each,
    as tests/test_docs_ja.py checks the Japanese pages' examples."""
    page = ROOT / "docs" / "orbit-dominion.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index("<!-- worked example: df-pn -->") + 1
    assert lines[start] == "```console"
    end = lines.index("```", start + 1)
    monkeypatch.chdir(tmp_path)
    app = build_app(Registry(installed_games()))
    examples: list[Example] = []
    for number, line in enumerate(lines[start + 1 : end], start + 2):
        if line.startswith("$ "):
            examples.append(Example(page, number, line[2:]))
        else:
            examples[-1].shown.append(line)
    assert len(examples) == 3
    for example in examples:
        words = shlex.split(example.command)
        target = None
        if ">" in words:
            target = tmp_path / words[words.index(">") + 1]
            words = words[: words.index(">")]
        assert words[0] == "adjudicator"
        result = CliRunner(env={"LANG": "C.UTF-8", "COLUMNS": "200"}).invoke(app, words[1:])
        assert result.exit_code == 0, result.output
        if target is not None:
            target.write_text(result.stdout, encoding="utf-8")
        if example.shown:
            check(example, result.stdout)


GATE = "..b........./....r......./R.....r..B.. r 0 -"


def _cli(*args: str) -> tuple[int, str, str]:
    app = build_app(Registry(installed_games()))
    result = CliRunner(env={"LANG": "C.UTF-8", "COLUMNS": "200"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("method", ["alphabeta", "dfpn", "auto"])
def test_every_method_gives_the_same_answer_and_a_proof_verify_accepts(
    method: str, tmp_path: Path
) -> None:
    """第8条 03 / 第10条 01: red's gate claim within 2, whichever method proves it, with
    a table of 1 MB (--memory); the solution as printed passes verify-proof."""
    code, out, _ = _cli("orbit-dominion", "solve", GATE, "-d", "4", "--method", method,
                        "--memory", "1", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert (data["result"], data["winner"], data["within"], data["depth"]) == ("win", "red", 2, 4)
    path = tmp_path / "solution.json"
    path.write_text(out, encoding="utf-8")
    code, out, _ = _cli("orbit-dominion", "verify-proof", str(path))
    assert code == 0 and out.startswith("proof valid: red wins within 2 actions")


def test_dfpn_refuses_an_executor_in_both_languages() -> None:
    """df-pn runs here only: --method dfpn with --executor is refused before anything is
    searched or any cluster is asked, naming the option, in English and Japanese."""
    args = ("orbit-dominion", "solve", GATE, "-d", "3", "--method", "dfpn")
    code, _, err = _cli(*args, "--executor", "dask://127.0.0.1:1")
    assert code == 2 and "--executor" in err and "df-pn runs here only" in err
    code, _, err = _cli(*args, "--executor", "dask://127.0.0.1:1", "--lang", "ja")
    assert code == 2 and "df-pn はこの場でのみ動きます" in err


def test_dfpn_stops_at_its_budget_and_says_what_was_proved() -> None:
    """The budgets bound df-pn as they bound alpha-beta: at --max-nodes the answer is the
    depth settled and the one left unfinished."""
    args = ("orbit-dominion", "solve", "standard", "-d", "30", "--method", "dfpn")
    data = json.loads(_cli(*args, "--max-nodes", "300", "--json")[1])
    assert data["result"] == "no_forced_win" and data["unfinished"] == data["depth"] + 1
    assert 300 <= data["nodes"] < 300 + 100  # looked at every 64 positions

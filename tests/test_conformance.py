"""The conformance suite: its case files are well-formed, every case passes on the built-in
engine (in process and as a subprocess), and the runner copes with foreign engines that skip,
crash or answer nonsense."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.core.cli import build_app
from adjudicator.core.conformance.cases import Case, CaseFile, case_files
from adjudicator.core.conformance.coverage import coverage
from adjudicator.core.conformance.engine import InProcessEngine, ProcessEngine
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.protocol import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
FILES = case_files(CASES)
ALL = [(f, c) for _, f in FILES for c in f.cases]
SCHEMA = json.loads((ROOT / "schemas" / "conformance-case-file.schema.json").read_text("utf-8"))
MINIMAL = f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}"
UNRELIABLE = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}"


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml")), ids=lambda p: p.name)
def test_case_files_follow_the_committed_schema(path: Path) -> None:
    """Other languages read the cases through schemas/conformance-case-file.schema.json."""
    jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), SCHEMA)


def test_case_ids_are_unique() -> None:
    counts = Counter(case.id for _, case in ALL)
    assert [i for i, n in counts.items() if n > 1] == []


def test_cases_cite_only_known_references() -> None:
    for game in REGISTRY.games:
        report = coverage(game.rules, [f for _, f in FILES if f.game == game.id])
        assert report.unknown == {}


@pytest.fixture(scope="module")
def in_process() -> Runner:
    return Runner(InProcessEngine(Server(REGISTRY)))


@pytest.mark.parametrize(("case_file", "case"), ALL, ids=[c.id for _, c in ALL])
def test_case_passes_on_the_built_in_engine(
    in_process: Runner, case_file: CaseFile, case: Case
) -> None:
    result = in_process.run_case(case_file, case)
    assert (result.status, result.detail) == ("passed", "")


def test_every_case_passes_through_the_protocol_server_as_a_subprocess() -> None:
    engine = ProcessEngine(f"{sys.executable} -m adjudicator engine", timeout=120)
    try:
        report = Runner(engine).run([f for _, f in FILES])
    finally:
        engine.close()
    failures = [(r.id, r.detail) for r in report.results if r.status != "passed"]
    assert failures == []
    assert report.ok


def test_the_minimal_example_engine_passes_what_it_declares() -> None:
    """A foreign engine with no optional features: its undeclared cases are skipped, never
    failed, and everything else passes."""
    engine = ProcessEngine(MINIMAL, timeout=120)
    try:
        report = Runner(engine).run([f for _, f in FILES])
    finally:
        engine.close()
    counts = report.counts()
    assert counts["failed"] == 0, [(r.id, r.detail) for r in report.results if r.status == "failed"]
    assert counts["errored"] == 0
    assert counts["passed"] > 0
    for r in report.results:
        if r.status == "skipped":
            assert "not declared" in r.detail


def _case(case_id: str, moves: list[str], **expect: object) -> Case:
    return Case.model_validate(
        {
            "id": case_id,
            "refs": ["3"],
            "source": "test",
            "description": "test",
            "moves": moves,
            "expect": expect,
        }
    )


def test_the_runner_survives_crashes_garbage_and_wrong_ids() -> None:
    """A crash or a malformed answer is 'errored', the engine is restarted and the run goes
    on; a declared feature answered wrongly is 'failed'."""
    cases = CaseFile(
        game="orbit-dominion/4.2",
        topic="runner",
        title="runner",
        cases=[
            _case("crash", ["I11-I10"], outcome=None),
            _case("after-crash", ["O+"], outcome=None),
            _case("garbage", ["O0-O1"], outcome=None),
            _case("wrong-id", ["M1-M2"], outcome=None),
            _case("perft-wrong", [], perft={1: 22}),
            _case("still-fine", ["O-"], legal={"include": ["O+"]}),
            _case("lenient-skipped", ["I11 → I10"], normalized=[]),
        ],
    )
    engine = ProcessEngine(UNRELIABLE, timeout=60)
    try:
        report = Runner(engine).run([cases])
    finally:
        engine.close()
    status = {r.id: r.status for r in report.results}
    assert status == {
        "crash": "errored",
        "after-crash": "passed",
        "garbage": "errored",
        "wrong-id": "errored",
        "perft-wrong": "failed",
        "still-fine": "passed",
        "lenient-skipped": "skipped",
    }
    assert not report.ok


class _Skewed:
    """The built-in engine with one part of its answers altered, to see the runner notice."""

    def __init__(self, alter: dict[str, object]) -> None:
        self.inner = InProcessEngine(Server(REGISTRY))
        self.alter = alter

    def ask(self, request: dict[str, object]) -> dict[str, object]:
        answer = self.inner.ask(request)
        if request.get("cmd") != "hello":
            for key, value in self.alter.items():
                if key in answer:
                    answer[key] = value
        return answer

    def restart(self) -> None:
        """Nothing to restart."""

    def close(self) -> None:
        """Nothing to close."""


def test_the_runner_compares_error_fields_and_divide_counts() -> None:
    """An error located in the wrong field, or a divide with a wrong count, fails the case;
    the same cases pass on the built-in engine (protocol: error.field, perft divide)."""
    cases = CaseFile(
        game="orbit-dominion/4.2",
        topic="runner",
        title="runner",
        cases=[
            _case(
                "field",
                ["I11-I10", "pass"],
                error={"code": "malformed_action", "field": "moves[1]"},
            ),
            _case("divide", ["O-"], divide={"depth": 1, "nodes": {}}),
        ],
    )
    good = Runner(InProcessEngine(Server(REGISTRY))).run([cases])
    assert {r.id: r.status for r in good.results} == {"field": "passed", "divide": "failed"}
    assert "divide: unexpected" in good.results[1].detail
    moved = {"code": "malformed_action", "field": "moves[0]", "message": "?"}
    skewed = Runner(_Skewed({"error": moved})).run([cases])
    assert skewed.results[0].status == "failed"
    assert "moves[0]" in skewed.results[0].detail


def test_cli_run_reports_and_exit_codes() -> None:
    app = build_app(REGISTRY)
    runner = CliRunner()
    ok = runner.invoke(
        app,
        ["conformance", "run", "--cases", str(CASES), "--engine", MINIMAL, "--json"],
    )
    assert ok.exit_code == 0, ok.stdout
    data = json.loads(ok.stdout)
    assert data["summary"]["passed"] > 0 and data["summary"]["failed"] == 0
    assert data["engine"]["name"] == "minimal-engine"
    missing = runner.invoke(
        app, ["conformance", "run", "--cases", str(CASES), "--engine", "no-such-engine-xyz"]
    )
    assert missing.exit_code == 2
    nothing = runner.invoke(
        app, ["conformance", "run", "--cases", str(CASES), "--only", "no-such-case"]
    )
    assert nothing.exit_code == 1  # a run in which nothing passed is a failure


def test_coverage_leaves_no_reference_uncovered() -> None:
    """Every article, rulings row and processing step has at least one case."""
    for game in REGISTRY.games:
        report = coverage(game.rules, [f for _, f in FILES if f.game == game.id])
        assert report.uncovered() == []

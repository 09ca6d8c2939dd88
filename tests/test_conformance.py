"""The conformance suite: its case files are well-formed, every case passes on the built-in
engine (in process and as a subprocess), and the runner copes with foreign engines that skip,
crash or answer nonsense."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance.cases import Case, CaseFile, case_files
from adjudicator.core.conformance.coverage import coverage
from adjudicator.core.conformance.engine import EngineFailure, InProcessEngine, ProcessEngine
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.conformance.suite import load_suite
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
FILES = case_files(CASES)
ALL = [(f, c) for _, f in FILES for c in f.cases]
SCHEMA = json.loads((ROOT / "schemas" / "conformance-case-file.schema.json").read_text("utf-8"))
RUN_SCHEMA = json.loads((ROOT / "schemas" / "conformance-run.schema.json").read_text("utf-8"))
NODE = shutil.which("node")
MINIMAL = f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}"
UNRELIABLE = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}"
BAD_HELLO = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'bad_hello_engine.py'}"


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


@pytest.mark.skipif(
    NODE is None, reason="node is not installed, so the JavaScript example engine cannot run"
)
def test_the_javascript_example_engine_passes_every_case_it_declares() -> None:
    """Language neutrality: an engine written in JavaScript from the docs alone passes every
    Orbit Dominion case for the features it declares, perft included; the rest is skipped
    only for a game or feature it does not declare."""
    engine = ProcessEngine(f"{NODE} {ROOT / 'examples' / 'minimal_engine.js'}", timeout=120)
    try:
        report = Runner(engine).run([f for _, f in FILES])
    finally:
        engine.close()
    assert report.engine is not None and report.engine.name == "minimal-engine-js"
    assert {"perft", "perft_divide", "history", "violation_codes"} <= (
        report.engine.features_of("orbit-dominion/4.2")
    )
    not_passed = [(r.id, r.detail) for r in report.results if r.status in ("failed", "errored")]
    assert not_passed == []
    od = [r for r in report.results if r.game == "orbit-dominion/4.2"]
    assert {r.topic for r in od if r.status == "passed"} >= {"perft", "article-09-threefold"}
    assert all("not declared" in r.detail for r in report.results if r.status == "skipped")


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


def _runner_cases() -> CaseFile:
    return CaseFile(
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


def test_the_runner_survives_crashes_garbage_and_wrong_ids() -> None:
    """A crash or a malformed answer is 'errored' with the request sent, the line received
    and the tail of stderr; the engine is restarted (and counted) and the run goes on; a
    declared feature answered wrongly is 'failed' with expected and actual apart."""
    engine = ProcessEngine(UNRELIABLE, timeout=60)
    try:
        report = Runner(engine).run([_runner_cases()])
    finally:
        engine.close()
    results = {r.id: r for r in report.results}
    assert {i: r.status for i, r in results.items()} == {
        "crash": "errored",
        "after-crash": "passed",
        "garbage": "errored",
        "wrong-id": "errored",
        "perft-wrong": "failed",
        "still-fine": "passed",
        "lenient-skipped": "skipped",
    }
    assert not report.ok
    jsonschema.validate(report.to_json(), RUN_SCHEMA)  # errored: request, received, stderr
    assert report.restarts == 3
    crash = results["crash"]
    assert json.loads(crash.request or "")["moves"] == ["I11-I10"]
    assert "exited (code 3)" in crash.detail
    assert "giving up on I11-I10" in crash.stderr
    assert results["garbage"].received == "this is not JSON"
    perft = results["perft-wrong"].to_json()
    assert json.loads(perft["request"])["depth"] == 1
    assert (perft["expected"], perft["actual"]) == ({"1": 22}, {"1": 0})
    assert perft["diff"] == ["perft 1: expected 22, got 0"]


def test_max_fail_stops_the_run_and_counts_what_did_not_run() -> None:
    engine = ProcessEngine(UNRELIABLE, timeout=60)
    try:
        report = Runner(engine).run([_runner_cases()], max_fail=2)
    finally:
        engine.close()
    assert [r.id for r in report.results] == ["crash", "after-crash", "garbage"]
    assert report.not_run == 4
    assert report.stopped and not report.ok


def test_an_engine_that_cannot_restart_stops_the_run() -> None:
    """An engine that dies and cannot be started again is not restarted once per case."""

    class Dying:
        last_sent = ""

        def __init__(self) -> None:
            self.alive, self.starts = True, 1

        def ask(self, request: dict[str, object]) -> dict[str, object]:
            self.last_sent = json.dumps(request)
            if request["cmd"] == "hello" and self.alive:
                return InProcessEngine(Server(REGISTRY)).ask(request)
            self.alive = False
            raise EngineFailure("the engine exited (code 1) instead of answering", stderr="boom")

        def restart(self) -> None:
            self.starts += 1

        def close(self) -> None:
            """Nothing to close."""

    dying = Dying()
    report = Runner(dying).run([_runner_cases()])
    assert [r.status for r in report.results] == ["errored"]
    assert "restart failed" in report.results[0].detail
    assert report.not_run == 6 and dying.starts == 2


class _Skewed:
    """The built-in engine with one part of its answers altered, to see the runner notice."""

    def __init__(self, alter: dict[str, object]) -> None:
        self.inner = InProcessEngine(Server(REGISTRY))
        self.alter = alter

    @property
    def last_sent(self) -> str:
        return self.inner.last_sent

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


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(build_app(REGISTRY), ["conformance", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_run_reports_and_exit_codes() -> None:
    """docs/conformance.md, exit codes: 0 passed, 1 failed, 2 usage, 4 engine unusable."""
    code, out, _ = _cli("run", "--cases", str(CASES), "--engine", MINIMAL, "--json")
    assert code == 0, out
    data = json.loads(out)
    jsonschema.validate(data, RUN_SCHEMA)
    assert data["summary"]["passed"] > 0 and data["summary"]["failed"] == 0
    assert data["engine"]["name"] == "minimal-engine"
    assert data["suite"]["version"] == load_suite(CASES).version
    assert _cli("run", "--cases", str(CASES), "--engine", "no-such-engine-xyz")[0] == 4
    code, _, err = _cli("run", "--cases", str(CASES), "--only", "od.perft.*", "--only", "nope.*")
    assert code == 2 and "'nope.*'" in err
    code, _, _ = _cli("run", "--cases", str(CASES), "--engine", UNRELIABLE, "--only", "od.perft.*")
    assert code == 1


def test_cli_run_starts_the_engine_while_the_cases_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine's own start-up runs while the cases are read; a usage error found in them
    still exits 2 (not 4) and closes the engine started."""
    from adjudicator.cli.conformance import run, shared

    events: list[str] = []

    class Recorded(ProcessEngine):
        def _start(self, started: subprocess.Popen[str] | None = None) -> None:
            events.append("start")
            super()._start(started)

        def close(self) -> None:
            events.append("close")
            super().close()

    load = shared.load_cases

    def read(cases: Path, game: str | None) -> list[CaseFile]:
        events.append("read")
        return load(cases, game)

    monkeypatch.setattr(shared, "ProcessEngine", Recorded)
    monkeypatch.setattr(run, "load_cases", read)
    code, _, err = _cli("run", "--cases", str(CASES), "--engine", MINIMAL, "--only", "nope.*")
    assert code == 2 and "'nope.*'" in err
    assert events == ["start", "read", "close"]
    events.clear()
    code, _, _ = _cli("run", "--cases", str(CASES), "--engine", MINIMAL, "--only", "od.board.*")
    assert code == 0 and events == ["start", "read", "close"]


def test_the_default_engine_started_early_is_adopted_or_ended() -> None:
    """The console script starts the default engine before anything else when the command
    line names no other; the run drives that very process, or ends it unused when it
    drives another engine after all."""
    from adjudicator.core.conformance import spawn

    for words in (["--engine", MINIMAL], [f"--engine={MINIMAL}"], ["--help"]):
        spawn.start_default_early(words)
        assert spawn.adopt(spawn.DEFAULT_ENGINE) is None
    spawn.start_default_early([])
    (early,) = spawn._early
    code, _, _ = _cli("run", "--cases", str(CASES), "--only", "od.board.*")
    assert code == 0 and not spawn._early
    assert early.returncode == 0  # closed by the run that drove it
    spawn.start_default_early([])
    (early,) = spawn._early
    code, _, _ = _cli("run", "--cases", str(CASES), "--engine", MINIMAL, "--only", "od.board.*")
    assert code == 0 and not spawn._early
    assert early.returncode is not None and early.returncode != 0  # ended, never asked


def test_the_shipped_suite_reads_the_same_without_the_bounds() -> None:
    """The suite shipped with the package is read by the plain safe loader (all in C);
    its cases are exactly those that the bounded reading for folders from outside gives."""
    assert case_files(CASES, trusted=True) == FILES


@pytest.mark.parametrize(
    ("words", "code", "said"),
    [
        (["--only", "od.board.*"], 0, " passed, 0 failed, 0 skipped, 0 errored"),
        (["--only", "od.board.*", "--json"], 0, '"failed": 0'),
        (["--only", "nope.*"], 2, "'nope.*'"),
    ],
)
def test_the_console_script_leaves_a_run_at_once_with_its_code_and_output(
    words: list[str], code: int, said: str
) -> None:
    """The console script ends a conformance run without tearing the interpreter down:
    the exit code and every line written still come out."""
    script = (
        "import sys\n"
        f"sys.argv = ['adjudicator', 'conformance', 'run', *{words!r}]\n"
        "from adjudicator.cli import main\n"
        "main()\n"
        "print('not reached')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == code
    assert said in done.stdout + done.stderr and "not reached" not in done.stdout


def test_cli_only_takes_globs_and_shows_what_differs() -> None:
    code, out, _ = _cli(
        "run", "--cases", str(CASES), "--engine", UNRELIABLE, "--only", "od.perft.start*", "-v"
    )
    assert code == 1
    assert "FAIL od.perft.start " in out and "FAIL od.perft.start-depth-zero" in out
    assert '"cmd": "perft"' in out and "    expected: {" in out and "    actual:   {" in out
    assert "diff" in out


def test_cli_exitfirst_stops_at_the_first_failure() -> None:
    code, out, _ = _cli(
        "run", "--cases", str(CASES), "--engine", UNRELIABLE, "--only", "od.perft.*", "-x", "--json"
    )
    data = json.loads(out)
    jsonschema.validate(data, RUN_SCHEMA)  # with a failure's request, expected, actual, diff
    assert code == 1
    assert data["summary"]["failed"] == 1 and data["not_run"] > 0 and data["stopped"]


def test_cli_summary_is_grouped_by_game_then_topic() -> None:
    """Three games have a 'notation' topic: each is counted under its own game."""
    _, out, _ = _cli("run", "--cases", str(CASES), "--only", "*.notation.*", "--json")
    games = json.loads(out)["games"]
    assert set(games) == {"orbit-dominion/4.2", "dark-nebula/2011", "astro-stra/0.9.0"}
    for game, counts in games.items():
        expected = sum(len(f.cases) for _, f in FILES if f.game == game and f.topic == "notation")
        assert sum(counts["topics"]["notation"].values()) == expected


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("error", 'answered an error ("unknown_command"'),
        ("protocol", "speaks protocol 2"),
        ("no-games", '"games" must list at least one game'),
        ("silent", "exited (code 1)"),
    ],
)
def test_a_failing_hello_is_explained_with_what_was_sent_and_received(
    mode: str, words: str
) -> None:
    code, _, err = _cli("run", "--cases", str(CASES), "--engine", f"{BAD_HELLO} {mode}")
    assert code == 4
    assert words in err
    assert 'sent:     {"cmd": "hello", "protocol": 1' in err
    if mode == "silent":
        assert "cannot load my tables" in err
    else:
        assert "received: {" in err


def test_a_misspelt_feature_is_named_not_silently_ignored() -> None:
    """A typo in hello ('perf') would skip every perft case without a word."""

    class Typo(_Skewed):
        def ask(self, request: dict[str, object]) -> dict[str, object]:
            answer = self.inner.ask(request)
            if request.get("cmd") == "hello":
                answer["features"] = {"orbit-dominion/4.2": ["perf", "history"]}
            return answer

    runner = Runner(Typo({}))
    assert runner.info.unknown_features() == ["perf"]
    report = runner.run([f for _, f in FILES if f.topic == "perft"])
    assert report.to_json()["engine"]["unknown_features"] == ["perf"]


def test_smoke_runs_one_case_per_declared_game() -> None:
    code, out, _ = _cli("run", "--cases", str(CASES), "--smoke", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["summary"]["passed"] == len(REGISTRY.games) == len(data["results"])
    code, out, _ = _cli("run", "--cases", str(CASES), "--smoke", "--engine", MINIMAL)
    assert code == 0
    assert "1 passed" in out and "dark-nebula/2011: not declared by the engine" in out


def test_old_form_features_apply_to_every_declared_game() -> None:
    class Old(_Skewed):
        """Declares features the old way: one list for the whole engine."""

        def ask(self, request: dict[str, object]) -> dict[str, object]:
            answer = self.inner.ask(request)
            answer["features"] = ["perft"]
            return answer

    info = Runner(Old({})).info
    assert info.unknown_features() == []
    assert info.features_of("dark-nebula/2011") == {"perft"}
    built_in = Runner(InProcessEngine(Server(REGISTRY))).info
    assert "perft" in built_in.features_of("orbit-dominion/4.2")
    assert "perft" not in built_in.features_of("dark-nebula/2011")


def test_coverage_leaves_no_reference_uncovered() -> None:
    """Every article, rulings row and processing step has at least one case."""
    for game in REGISTRY.games:
        report = coverage(game.rules, [f for _, f in FILES if f.game == game.id])
        assert report.uncovered() == []


def _console_blocks(doc: Path) -> list[tuple[str, list[str]]]:
    """Each ``$ adjudicator …`` command of the doc's console blocks with the lines shown
    (a command shown without its output has nothing to check)."""
    blocks, current = [], None
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("$ adjudicator "):
            current = (line[2:], [])
            blocks.append(current)
        elif line.startswith("```"):
            current = None
        elif current is not None:
            current[1].append(line)
    return [(command, shown) for command, shown in blocks if shown]


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        *_console_blocks(ROOT / "docs" / "conformance.md"),
        *_console_blocks(ROOT / "docs" / "ja" / "conformance.md"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_the_doc_shows_what_the_runner_prints(
    command: str, shown: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """docs/conformance.md and docs/ja/conformance.md: every line shown ('…' stands for
    lines left out) is printed, in that order, by the command — the figures are the
    runner's, not typed. The commands run in a scratch folder that sees the project's
    cases, examples and test engines."""
    if "node " in command and NODE is None:
        pytest.skip("node is not installed, so the JavaScript example engine cannot run")
    for name in ("conformance", "examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    args = [a.replace("python3 ", f"{sys.executable} ") for a in shlex.split(command)[1:]]
    printed = CliRunner().invoke(build_app(REGISTRY), args).stdout.splitlines()
    position = 0
    for line in (line for line in shown if line.strip() != "…"):
        assert line in printed[position:], f"{line!r} not printed (in order) by {command}"
        position = printed.index(line, position) + 1


def test_the_default_engine_is_this_installation_with_no_path(tmp_path: Path) -> None:
    """``conformance run`` with no ``--engine`` drives this installation's own engine, run
    by the same interpreter: a virtual environment's command run by its path (not
    activated) has no ``adjudicator`` on ``PATH``, and another one there is not the one
    asked for."""
    from adjudicator.core.conformance import spawn

    assert spawn.engine_argv(spawn.DEFAULT_ENGINE)[:2] == [sys.executable, "-m"]
    assert spawn.engine_argv("node x.js --fast") == ["node", "x.js", "--fast"]
    argv = [sys.executable, "-m", "adjudicator", "conformance", "run", "--game", "orbit-dominion"]
    done = subprocess.run(
        [*argv, "--only", "od.board.start-position"],
        env={"PATH": str(tmp_path), "PYTHONIOENCODING": "utf-8"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr

"""``conformance run`` and ``report`` against a hostile engine: whatever an engine answers,
writes on stderr or leaves behind, the run ends within its time and memory, each case is
passed, failed or errored with its reason in plain words, and nothing the engine wrote
reaches the terminal, the HTML page or the JSON unescaped.

Each misbehaviour is one small engine under ``engines/``; each run is a subprocess under a
time cap (its whole process group is killed at the cap) and an address-space cap."""

from __future__ import annotations

import json
import os
import resource
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.core.conformance import engine as engine_module
from adjudicator.core.conformance.engine import EngineFailure, ProcessEngine
from adjudicator.core.conformance.pipes import bounded_lines

ENGINES = Path(__file__).resolve().parent / "engines"
MIB = 1 << 20
#: The address space a run may take: several times what a run needs, far below what the
#: unbounded reads took (gigabytes).
MEMORY_CAP = 1536 * MIB
GAME = "orbit-dominion/4.2"
#: Characters a hostile engine sends to drive the terminal or reverse text.
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def engine(name: str, *args: str) -> str:
    return shlex.join([sys.executable, str(ENGINES / f"{name}.py"), *args])


def case_folder(tmp_path: Path, *, refs: list[str] | None = None, pad: int = 0) -> Path:
    """Two cases of legal actions and a perft case; ``pad`` characters in the first
    request, which makes it longer than a pipe's buffer."""
    legal = {"legal": {"exact": ["I+"]}}
    padded = {"request": {"pad": "x" * pad}} if pad else {}
    cases = [
        {"id": "hostile.legal", "expect": legal, **padded},
        {"id": "hostile.again", "expect": legal},
        {"id": "hostile.perft", "expect": {"perft": {1: 1}}},
    ]
    for case in cases:
        case |= {"refs": refs or ["2"], "source": "2", "description": "hostile"}
    folder = tmp_path / "cases"
    folder.mkdir()
    data = {"game": GAME, "topic": "hostile", "title": "hostile", "cases": cases}
    (folder / "hostile.yaml").write_text(json.dumps(data), encoding="utf-8")
    return folder


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def capped_run(*args: str, seconds: float = 60) -> tuple[int, str, str, float]:
    """``adjudicator ARGS``: exit code, stdout, stderr, seconds taken. At ``seconds`` the
    whole process group is killed and the test fails."""
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_capped,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "200", "LANG": "C.UTF-8"},
    )
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"adjudicator {' '.join(args)} still running after {seconds} s")
    elapsed = time.monotonic() - started
    text, errors = out.decode("utf-8"), err.decode("utf-8")
    assert "Traceback" not in errors and "internal" not in errors, errors
    return proc.returncode, text, errors, elapsed


def run(cases: Path, name: str, *extra: str, timeout: float = 20) -> tuple[int, str, str, float]:
    return capped_run(
        "conformance", "run", "--engine", engine(name, *extra), "--cases", str(cases),
        "--timeout", str(timeout), "--lang", "en",
    )  # fmt: skip


def assert_escaped(text: str) -> None:
    for raw in RAW:
        assert raw not in text, f"{raw!r} reached the output raw"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# --- answers ---------------------------------------------------------------------------------


def test_rich_markup_in_the_name_refs_and_answers_is_shown_as_written(tmp_path: Path) -> None:
    """``[/]`` closes a tag never opened: printed as markup it was a MarkupError (an
    internal error, the summary lost)."""
    cases = case_folder(tmp_path, refs=["[/]", "2"])
    code, out, _, _ = run(cases, "markup")
    assert code == 1
    assert "hostile.legal ([/], 2)" in out
    assert '"[/]", "[red]I+"' in out
    assert "[/]markup[bold] [/] against suite" in out
    code, out, _, _ = capped_run(
        "conformance", "coverage", "--cases", str(cases), "--game", "orbit-dominion", "--lang", "en"
    )
    assert code == 1 and "[/]" in out


def test_answers_are_compared_by_json_type_first(tmp_path: Path) -> None:
    """A list among legal moves, or moves of mixed types, was a TypeError (unhashable,
    unsortable); ``true`` passed for a count of 1 (``True == 1`` in Python)."""
    code, out, _, _ = run(case_folder(tmp_path), "wrong_types")
    assert code == 1
    assert "0 passed, 3 failed" in out
    assert "legal_moves[1] is an array, expected a string" in out
    assert "perft 1: expected 1, got true" in out


@pytest.mark.parametrize("how", ["run", "run --json", "report"])
def test_a_lone_surrogate_in_an_answer_is_that_case_s_error(how: str, tmp_path: Path) -> None:
    """A ``\\ud800`` escape decodes to a lone surrogate, which no output can encode: it was
    a UnicodeEncodeError in ``run``, ``run --json`` and ``report``."""
    cases = case_folder(tmp_path)
    command = engine("surrogate")
    if how == "report":
        html, data = tmp_path / "r.html", tmp_path / "r.json"
        code, out, _, _ = capped_run(
            "conformance", "report", "--engine", f"s={command}", "--cases", str(cases),
            "--html", str(html), "--json", str(data), "--lang", "en", "--timeout", "20",
        )  # fmt: skip
        assert code == 0 and "s: 3 errored" in out
        assert "lone surrogate" in html.read_text("utf-8")
        results = json.loads(data.read_text("utf-8"))["engines"][0]["run"]["results"]
    else:
        args = ["--json"] if how == "run --json" else []
        code, out, _, _ = capped_run(
            "conformance", "run", "--engine", command, "--cases", str(cases), *args,
            "--lang", "en", "--timeout", "20",
        )  # fmt: skip
        assert code == 1
        if how == "run":
            assert "3 errored" in out and "lone surrogate" in out
            return
        results = json.loads(out)["results"]
    assert {r["status"] for r in results} == {"errored"}
    assert "\\ud800" in results[0]["received"]


def test_escape_sequences_from_the_engine_are_shown_escaped(tmp_path: Path) -> None:
    """Its name, answer and stderr set the window title and cleared the screen."""
    cases = case_folder(tmp_path)
    code, out, err, _ = run(cases, "escapes")
    assert code == 1
    assert_escaped(out + err)
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\u202e\\x9b2J crashing" in out
    html, data = tmp_path / "r.html", tmp_path / "r.json"
    code, out, err, _ = capped_run(
        "conformance", "report", "--engine", f"e={engine('escapes')}", "--cases", str(cases),
        "--html", str(html), "--json", str(data), "--timeout", "20",
    )  # fmt: skip
    assert code == 0
    for text in (out, err, html.read_text("utf-8"), data.read_text("utf-8")):
        assert_escaped(text)
    assert json.loads(data.read_text("utf-8"))["engines"][0]["run"]["engine"]["name"] == (
        "\x1b]0;pwned\x07\x1b[2J\u202e\x9b2J"
    )
    code, out, err, _ = run(cases, "escapes", "--json")
    assert_escaped(out + err)


# --- channels and processes ------------------------------------------------------------------


def test_a_stderr_line_that_never_ends_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """It grew without bound (2.8 GB in 20 s): now the tail of a line is kept, the rest
    dropped, and the case times out."""
    code, out, _, elapsed = run(case_folder(tmp_path), "endless_stderr", timeout=3)
    assert code == 1
    assert "no answer within 3 s" in out
    assert elapsed < 40


def test_an_engine_that_stops_reading_times_out_on_a_large_request(tmp_path: Path) -> None:
    """A 400 KB request to an engine that no longer reads filled the pipe, and writing it
    blocked forever despite ``--timeout``."""
    code, out, _, elapsed = run(case_folder(tmp_path, pad=400_000), "deaf", timeout=3)
    assert code == 1
    assert "the engine did not read the request within 3 s" in out
    assert elapsed < 40


def test_an_engine_that_exits_leaving_a_child_is_told_and_the_child_ended(
    tmp_path: Path,
) -> None:
    """It was "no answer within 3 s", waited for in full, and the child kept running."""
    pid_file = tmp_path / "child.pid"
    code, out, _, elapsed = run(case_folder(tmp_path), "orphan", str(pid_file), timeout=30)
    assert code == 1
    assert "the engine exited (code 0) instead of answering" in out
    assert "left processes holding its output open; they were ended" in out
    assert elapsed < 25
    _assert_ended(pid_file)


def test_a_timeout_ends_the_engine_s_children_too(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    code, out, _, _ = run(case_folder(tmp_path), "hang_with_child", str(pid_file), timeout=2)
    assert code == 1 and "no answer within 2 s" in out
    _assert_ended(pid_file)


def test_a_child_that_leaves_the_group_is_ended_before_the_run_says_so(tmp_path: Path) -> None:
    """A child that called ``setsid`` (its own session and group) survived the group's end
    while the run said the processes holding the engine's output "were ended"."""
    pid_file = tmp_path / "child.pid"
    code, out, _, elapsed = run(case_folder(tmp_path), "setsid_child", str(pid_file), "exit")
    assert code == 1
    assert "left processes holding its output open; they were ended" in out
    assert elapsed < 25
    _assert_ended(pid_file)


def test_a_child_that_leaves_the_group_and_its_pipes_is_ended_with_the_engine(
    tmp_path: Path,
) -> None:
    """A child in a session of its own, holding none of the engine's pipes, outlived the
    engine that timed out: it is found as the engine's descendant and ended with it."""
    pid_file = tmp_path / "child.pid"
    args = (str(pid_file), "hang")
    code, out, _, _ = run(case_folder(tmp_path), "setsid_child", *args, timeout=2)
    assert code == 1 and "no answer within 2 s" in out
    _assert_ended(pid_file)


def test_an_engine_that_closes_its_output_is_said_to_have_done_so(tmp_path: Path) -> None:
    """It was "the engine exited (code -9)": the code of the runner's own kill, as if the
    engine had exited by itself."""
    pid_file = tmp_path / "engine.pid"
    code, out, _, _ = run(case_folder(tmp_path), "closes_stdout", str(pid_file))
    assert code == 1
    assert "code -9" not in out
    assert "the engine closed its output instead of answering; it was ended" in out
    _assert_ended(pid_file)


def _started_run(tmp_path: Path, *prefix: str) -> tuple[subprocess.Popen[bytes], Path]:
    """A run whose engine never answers, once the engine has its first case; the engine's
    process id is in the file returned."""
    pid_file = tmp_path / "engine.pid"
    command = [
        *prefix, sys.executable, "-m", "adjudicator", "conformance", "run",
        "--engine", engine("stays", str(pid_file)), "--cases", str(case_folder(tmp_path)),
        "--timeout", "60",
    ]  # fmt: skip
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    for _ in range(300):
        if pid_file.exists() and pid_file.read_text().endswith("\n"):
            return proc, pid_file
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    pytest.fail("the engine never had a case")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_the_engine_ends_however_the_run_is_ended(tmp_path: Path, sig: signal.Signals) -> None:
    """Only Ctrl-C (SIGINT) ended the engine: after SIGTERM or SIGHUP the run died at once
    and its engine, in a process group of its own, kept running."""
    proc, pid_file = _started_run(tmp_path)
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _kill_left(pid_file)  # in a group of its own, the engine outlives the run's group
        pytest.fail(f"the run did not end on {sig.name}")
    assert b"Traceback" not in err
    assert proc.returncode == 128 + sig
    _assert_ended(pid_file)


def test_the_engine_ends_when_timeout_ends_the_run(tmp_path: Path) -> None:
    """``timeout 3 adjudicator conformance run …`` left the engine running for good."""
    proc, pid_file = _started_run(tmp_path, "timeout", "3")
    proc.communicate(timeout=30)
    assert proc.returncode == 124  # timeout's own code: it ended the run
    _assert_ended(pid_file)


def _assert_ended(pid_file: Path) -> None:
    """Every child the engine started (one a case) has been ended; any left is killed."""
    pids = [int(line) for line in pid_file.read_text().split()]
    assert pids
    for _ in range(50):
        if not any(alive(pid) for pid in pids):
            return
        time.sleep(0.1)
    pytest.fail(f"the engine's children {_kill_left(pid_file)} were left running")


def _kill_left(pid_file: Path) -> list[int]:
    """Kill the engine's children still running, so that a failed test leaves none behind;
    their ids."""
    pids = [int(line) for line in pid_file.read_text().split()] if pid_file.exists() else []
    left = [pid for pid in pids if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def test_a_pipe_is_read_in_lines_of_bounded_length() -> None:
    """Past the bound a line's bytes are counted, not kept; the line after it is whole."""
    read, write = os.pipe()
    with os.fdopen(write, "wb") as out:
        out.write(b"x" * 1000 + b"\nshort\r\nlast")  # within the pipe's buffer
    lines = list(bounded_lines(os.fdopen(read, "rb", buffering=0), 10))
    assert lines == [(b"x" * 10, 990), (b"short\r", 0), (b"last", 0)]


# --- one answer line -------------------------------------------------------------------------

#: Answers every request line with the line given on its command line, repeated as asked.
ECHO = (
    "import sys\n"
    "piece, times = sys.argv[1], int(sys.argv[2])\n"
    "for _ in sys.stdin:\n"
    "    sys.stdout.write(piece * times + '\\n'); sys.stdout.flush()\n"
)


def hostile(piece: str, times: int) -> ProcessEngine:
    argv = [sys.executable, "-c", ECHO, piece, str(times)]
    return ProcessEngine(shlex.join(argv), timeout=30)


@pytest.mark.parametrize(
    ("piece", "times", "said"),
    [
        ("[", 100_000, "not JSON"),
        ('{"id": NaN}', 1, "not JSON"),
        ("x", 3 << 20, "longer"),
        ('{"id": true}', 1, "echoes id true, not 1"),
    ],
    ids=["deep", "nan", "oversize", "id-true"],
)
def test_a_hostile_answer_is_a_failure_not_a_crash(
    piece: str, times: int, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_module, "MAX_ANSWER_BYTES", 1 << 20)
    engine = hostile(piece, times)
    try:
        with pytest.raises(EngineFailure) as failure:
            engine.ask({"cmd": "hello", "protocol": 1})
        assert said in str(failure.value)
        assert len(failure.value.received or "") <= 1000
    finally:
        engine.close()

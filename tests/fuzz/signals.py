"""The whole ``conformance run`` ended by a signal: SIGTERM, SIGHUP or SIGINT sent to the
runner's process group (as ``kill``, a closed terminal or Ctrl-C do), or ``timeout(1)``,
at a drawn moment (while the engine starts, says ``hello``, or works on a case), against a
drawn engine (this project's own, one that never answers, one whose child stays in its
group, one whose child leaves it with ``setsid``, one that exits leaving a child).

The property: the runner ends within moments, never with a traceback or exit 4, and no
process it started, directly or not, is left running. Every process of a run carries a
mark in its environment, so that one left behind is found whatever group or session it
moved to (``/proc``; Linux)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "tests" / "hostile" / "engines"
#: The environment variable that marks every process of one run.
MARK = "ADJUDICATOR_FUZZ_RUN"
SIGNALS = ("TERM", "HUP", "INT", "timeout")
#: Engines by name: its arguments after the script (``PID`` is a file in the run's folder).
_ENGINES = {
    "default": None,
    "stays": ["PID"],
    "hang_with_child": ["PID"],
    "setsid_child-hang": ["PID", "hang"],
    "setsid_child-exit": ["PID", "exit"],
    "orphan": ["PID"],
}
#: Seconds a run has to end once signalled.
END_WITHIN = 20.0


def plans() -> st.SearchStrategy[str]:
    """A run's plan, as JSON: the engine, the signal and how long after the start it comes."""
    return st.builds(
        lambda engine, sig, delay: json.dumps({"engine": engine, "signal": sig, "delay": delay}),
        st.sampled_from(sorted(_ENGINES)),
        st.sampled_from(SIGNALS),
        st.floats(0.0, 3.0).map(lambda d: round(d, 2)),
    )


def _cases(folder: Path) -> Path:
    """Cases enough to keep an engine at work for a while: this project's engine answers
    each at once, so a case is repeated."""
    cases = [
        {
            "id": f"signal.{i}",
            "refs": ["2"],
            "source": "2",
            "description": "signal",
            "description_ja": "シグナル",
            "expect": {"perft": {1: 20, 2: 400}},
        }
        for i in range(400)
    ]
    data = {"game": "orbit-dominion/4.2", "topic": "signal", "title": "signal", "cases": cases}
    (folder / "cases").mkdir()
    (folder / "cases" / "signal.yaml").write_text(json.dumps(data), encoding="utf-8")
    return folder / "cases"


def _engine(name: str, folder: Path) -> list[str]:
    args = _ENGINES[name]
    if args is None:
        return []
    script = ENGINES / f"{name.split('-')[0]}.py"
    words = [sys.executable, str(script), *(str(folder / "pid") if a == "PID" else a for a in args)]
    return ["--engine", " ".join(words)]


def marked(mark: str) -> list[int]:
    """The processes still running (not zombies) whose environment carries ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"{MARK}={mark}".encode() in environ.split(b"\0") and state != "Z":
            found.append(int(entry.name))
    return found


def check_signal(plan_text: str, scratch: Path, error: type[Exception]) -> str:
    """Run, signal and look for what is left; raise ``error`` for a process left running
    (it is killed), a run that does not end, a traceback or exit 4."""
    plan = json.loads(plan_text)
    folder = Path(tempfile.mkdtemp(dir=scratch))
    mark = uuid.uuid4().hex
    command = [
        sys.executable, "-m", "adjudicator", "conformance", "run", "--cases",
        str(_cases(folder)), "--timeout", "60", "--lang", "en", *_engine(plan["engine"], folder),
    ]  # fmt: skip
    if plan["signal"] == "timeout":
        command = ["timeout", str(max(plan["delay"], 0.01)), *command]
    proc = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, MARK: mark},
        preexec_fn=_as_at_a_terminal,
    )
    if plan["signal"] != "timeout":
        time.sleep(plan["delay"])
        os.killpg(proc.pid, getattr(signal, f"SIG{plan['signal']}"))
    try:
        _, err = proc.communicate(timeout=END_WITHIN)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        _kill(marked(mark))
        raise error(f"{plan_text}: the run did not end within {END_WITHIN:g} s") from None
    time.sleep(0.2)  # a process killed a moment ago may still be leaving
    if left := marked(mark):
        _kill(left)
        raise error(f"{plan_text}: {len(left)} processes left running")
    text = err.decode("utf-8", "replace")
    if ("Traceback" in text and not _at_start_up(text)) or proc.returncode == 4:
        raise error(f"{plan_text}: exit {proc.returncode}: {text[-300:]}")
    return f"exit {proc.returncode}"


#: A frame of a traceback: its file and its function.
_FRAME = re.compile(r'File "([^"]+)", line [0-9]+, in (\S+)')


def _at_start_up(text: str) -> bool:
    """Whether a traceback is the interpreter's own Ctrl-C while it starts: in ``site`` or
    while it imports the program's modules, before the console script's ``main`` runs
    (the first tenth of a second or so; Python prints one and exits 1, or dies by the
    signal). Nothing has been started then; from ``main`` on, Ctrl-C is this project's to
    answer, and a traceback there is a failure."""
    ours = [function for path, function in _FRAME.findall(text) if "adjudicator" in path]
    return text.rstrip().endswith("KeyboardInterrupt") and all(f == "<module>" for f in ours)


def _as_at_a_terminal() -> None:
    """The signals a run started at a terminal answers by default, even when this fuzzer
    runs where they are ignored (a shell's background job ignores SIGINT)."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def _kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            continue

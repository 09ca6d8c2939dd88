"""The whole command over stream states: a command (any that answers on standard output)
run in a process of its own with standard input, output or error closed when it starts, or
its streams in a legacy encoding (cp932, EUC-JP, Latin-1, ASCII), on a sample record whose
tags carry characters those encodings lack, escape sequences and bidirectional controls.

The property: never exit 4 and never a traceback; standard output closed is exit 2 with
the reason said; with standard error closed a JSON answer is JSON alone; a legacy stream
holds that encoding's text only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"
STATES = ("stdin", "stdout", "stderr", "cp932", "euc-jp", "latin-1", "ascii")
COMMANDS = (
    ["validate", "{r}"],
    ["validate", "{r}", "--json"],
    ["validate", "-", "--jsonl"],
    ["convert", "{r}"],
    ["replay", "{r}"],
    ["repair", "{r}"],
    ["adjudicate", "--record", "{r}", "--at", "3", "--action", "O3-O4"],
    ["orbit-dominion", "analyze", "--record", "{r}", "--at", "3"],
    ["orbit-dominion", "solve", "standard", "-d", "1", "--json"],
    ["dark-nebula", "board"],
    ["conformance", "coverage"],
    ["games"],
    ["--help"],
    ["engine"],
)
_NAME = st.text(
    alphabet=st.sampled_from(list("Aoi葵蓮é€😀\u202e\x1b\x9b]8;\\\x07 ")), min_size=0, max_size=12
)


def stream_plans() -> st.SearchStrategy[str]:
    """A run's plan, as JSON: the command, the stream state, the language, a player's name."""
    return st.tuples(
        st.integers(0, len(COMMANDS) - 1),
        st.sampled_from(STATES),
        st.sampled_from(["en", "ja"]),
        _NAME,
    ).map(json.dumps)


def check_streams(plan: str, scratch: Path, failure: type[AssertionError]) -> str:
    index, state, lang, name = json.loads(plan)
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    record["meta"]["red"] = name or "?"
    path = scratch / "streams.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    args = [word.format(r=path) for word in COMMANDS[index]]
    if args[0] not in ("--help", "engine", "games", "dark-nebula", "conformance"):
        args += ["--lang", lang]
    fd = {"stdin": 0, "stdout": 1, "stderr": 2}.get(state)
    encoding = state if fd is None else "utf-8"
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    stdin = b'{"cmd":"hello","protocol":1}\n' if args[0] == "engine" else path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        input=None if fd == 0 else stdin,
        stdin=subprocess.DEVNULL if fd == 0 else None,
        stdout=None if fd == 1 else subprocess.PIPE,
        stderr=None if fd == 2 else subprocess.PIPE,
        preexec_fn=(lambda: os.close(fd)) if fd is not None else None,
        env=env,
        cwd=scratch,
        timeout=300,
        check=False,
    )
    out, err = done.stdout or b"", done.stderr or b""
    said = f"{args} with {state}: exit {done.returncode}: {err[-300:]!r}"
    if done.returncode == 4 or b"Traceback" in out + err:
        raise failure(said)
    if fd == 1 and done.returncode != 2:
        raise failure(f"an answer written nowhere: {said}")
    if fd == 2 and "--json" in args and done.returncode in (0, 1):
        json.loads(out)
    if fd is None:
        out.decode(encoding)
    return f"exit {done.returncode}"

"""Standard streams as a command finds them (adjudicator.core.write.output, prepared by
``adjudicator.cli.main``): one output layer for every command.

- a character the stream's encoding lacks (cp932, EUC-JP, Latin-1, ASCII, as an older
  Japanese console or ``PYTHONIOENCODING`` sets it) is written as its escape, never exit 4;
- an answer that cannot be written (standard output closed, a full disk) is a message and
  exit 2, never 0 with the answer written nowhere, never 4;
- standard error closed: nothing but the answer lands on standard output;
- standard input closed: ``validate -`` and ``engine`` say so, exit 2;
- a record's text shown on a terminal has its escape sequences escaped, in every command.

docs/records.md ("Standard streams") documents these; docs/security.md lists them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"
INVALID = ROOT / "records" / "orbit-dominion" / "invalid" / "attempt-was-legal.json"
TEXT = ROOT / "records" / "orbit-dominion" / "valid" / "comments-clocks-attempts.txt"
ENGINE = f"{sys.executable} -m adjudicator engine"
HELLO = '{"cmd":"hello","protocol":1}\n'

#: Every kind of command that answers on standard output, with the exit code it has when
#: the answer is written.
COMMANDS: dict[str, tuple[list[str], int]] = {
    "validate": (["validate", str(INVALID), "--lang", "ja"], 1),
    "validate --json": (["validate", str(VALID), "--json", "--lang", "ja"], 0),
    "convert": (["convert", str(TEXT)], 0),
    "replay": (["replay", str(VALID), "--lang", "ja"], 0),
    "adjudicate": (
        ["adjudicate", "--record", str(VALID), "--at", "2", "--action", "O3-O4", "--lang", "ja"],
        1,
    ),
    "repair": (["repair", str(INVALID), "--lang", "ja"], 0),
    "analyze": (["orbit-dominion", "analyze", "--lang", "ja"], 0),
    "solve": (["orbit-dominion", "solve", "standard", "--depth", "1", "--lang", "ja"], 0),
    "board": (["dark-nebula", "board", "--lang", "ja"], 0),
    "coverage": (["conformance", "coverage"], 0),
    "games": (["games", "--lang", "ja"], 0),
    "help": (["--help"], 0),
    "engine": (["engine"], 0),
}


def run(
    args: list[str], *, stdin: str = "", close: str = "", encoding: str = "utf-8"
) -> subprocess.CompletedProcess[bytes]:
    """The command in a process of its own, with ``close`` (``stdin``, ``stdout``,
    ``stderr``) closed when it starts and its streams in ``encoding``."""
    fd = {"stdin": 0, "stdout": 1, "stderr": 2}.get(close)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        input=None if fd == 0 else stdin.encode(),
        stdin=subprocess.DEVNULL if fd == 0 else None,
        capture_output=fd is None,
        stdout=subprocess.PIPE if fd is not None else None,
        stderr=subprocess.PIPE if fd is not None else None,
        preexec_fn=(lambda: os.close(fd)) if fd is not None else None,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("encoding", ["cp932", "euc-jp", "latin-1", "ascii"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_legacy_encoding_gets_escapes_never_exit_4(name: str, encoding: str) -> None:
    """Every command answers as it does in UTF-8 (the same exit code), a character the
    stream lacks written as its escape: no ``UnicodeEncodeError``, no traceback."""
    args, code = COMMANDS[name]
    result = run(args, stdin=HELLO, encoding=encoding)
    assert result.returncode == code, result.stderr.decode(encoding)
    assert b"Traceback" not in result.stdout + result.stderr
    result.stdout.decode(encoding)  # what was written is that encoding's text


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_json_in_a_legacy_encoding_is_the_same_json(encoding: str) -> None:
    """A JSON answer stays JSON, and the same data: a character the stream lacks is its
    JSON escape (``\\u30a8``), as JSON itself would write it."""
    args = ["validate", str(INVALID), "--json", "--lang", "ja"]
    utf8 = json.loads(run(args).stdout)
    legacy = run(args, encoding=encoding).stdout
    assert b"\\u" in legacy
    assert json.loads(legacy.decode(encoding)) == utf8


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_an_answer_that_cannot_be_written_is_exit_2(name: str) -> None:
    """Standard output closed: the command says so on standard error and ends with 2, never
    0 (``repair``, ``replay``, ``solve`` answered into nothing) and never 4."""
    args, _ = COMMANDS[name]
    result = run(args, stdin=HELLO, close="stdout")
    assert result.returncode == 2, result.stderr.decode()
    assert b"Traceback" not in result.stderr
    said = result.stderr.decode()
    assert "standard output cannot take the answer: it is closed" in said or (
        "標準出力に答えを書けません(閉じられています)" in said
    )


def test_the_conformance_run_with_standard_output_closed_is_exit_2() -> None:
    """The runner too: its report cannot be written, said, exit 2."""
    result = run(["conformance", "run", "--engine", ENGINE, "--only", "od.perft.*"], close="stdout")
    assert result.returncode == 2, result.stderr.decode()
    assert b"standard output cannot take the answer" in result.stderr


@pytest.mark.parametrize("name", ["replay", "repair", "validate --json"])
def test_a_full_disk_is_exit_2(name: str) -> None:
    """Standard output on a full device: the reason said, exit 2."""
    args, _ = COMMANDS[name]
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "adjudicator", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
    assert result.returncode == 2, result.stderr.decode()
    assert b"No space left on device" in result.stderr
    assert b"Traceback" not in result.stderr


def test_the_japanese_message_for_a_closed_output() -> None:
    """The message in the command's language."""
    result = run(["replay", str(VALID), "--lang", "ja"], close="stdout")
    assert "標準出力に答えを書けません(閉じられています)" in result.stderr.decode()


@pytest.mark.parametrize(
    "args", [["validate", str(VALID), "--json"], ["validate", "--json", "nothing.json"]]
)
def test_with_standard_error_closed_nothing_but_json_reaches_standard_output(
    args: list[str],
) -> None:
    """Standard error closed: no traceback falls through to standard output (``print`` to
    a closed stream writes to standard output); the answer is the JSON alone."""
    result = run(args, close="stderr")
    assert result.returncode in (0, 2)
    assert isinstance(json.loads(result.stdout), list)


def test_validate_of_a_closed_standard_input_is_an_unreadable_verdict() -> None:
    """``validate -`` with standard input closed: standard input's own verdict,
    unreadable, exit 2."""
    result = run(["validate", "-", "--json"], close="stdin")
    assert result.returncode == 2, result.stderr.decode()
    (verdict,) = json.loads(result.stdout)
    assert verdict["status"] == "unreadable"
    assert verdict["unreadable"]["message"] == "standard input cannot be read: it is closed"


def test_the_engine_on_a_closed_standard_input_says_so() -> None:
    """The engine with standard input closed: a message and exit 2, never 4."""
    result = run(["engine"], close="stdin")
    assert result.returncode == 2, result.stderr.decode()
    assert b"standard input cannot be read: it is closed" in result.stderr


# --- the terminal escaper, for every command that shows a record's text ------------------

HOSTILE = "\x1b]8;;https://example.invalid/\x1b\\link\x1b]8;;\x1b\\\x1b]0;title\x07\x9b\u202e"


def _terminal(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # standard output a terminal, as rich decides
    return CliRunner()


def test_convert_to_a_terminal_escapes_the_record_s_controls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``convert`` writes a record as data to a file or a pipe, but to a terminal its
    escape sequences (an OSC 8 link, a title, C1, U+202E) are shown escaped."""
    record = json.loads(VALID.read_text(encoding="utf-8"))
    record["meta"]["red"] = HOSTILE
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    app = build_app(Registry(installed_games()))
    result = _terminal(monkeypatch).invoke(app, ["convert", str(source)])
    assert result.exit_code == 0, result.output
    for raw in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert raw not in result.stdout
    assert "\\x1b]8;;https://example.invalid/" in result.stdout
    monkeypatch.setenv("TTY_COMPATIBLE", "0")  # to a pipe: the record exactly
    assert "\x1b]0;title\x07\x9b\u202e" in CliRunner().invoke(app, ["convert", str(source)]).stdout


def test_the_board_shown_escapes_its_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dark-nebula board`` shows a definition's names through the terminal escaper."""
    board = json.loads(
        (ROOT / "adjudicator" / "dark_nebula" / "boards" / "default.json").read_text("utf-8")
    )
    board["sectors"][0]["name"] = HOSTILE
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    app = build_app(Registry(installed_games()))
    for terminal in ("1", "0"):
        monkeypatch.setenv("TTY_COMPATIBLE", terminal)
        result = CliRunner().invoke(app, ["dark-nebula", "board", str(path)])
        assert result.exit_code == 0, result.output
        assert "\\u202e" in result.stdout
        for raw in ("\x07", "\x9b", "\u202e", "\x1b]"):
            assert raw not in result.stdout


def test_a_command_that_writes_nothing_ends_as_it_would_with_standard_output_closed() -> None:
    """Nothing to write is nothing lost: ``validate --quiet`` of a valid record, exit 0."""
    result = run(["validate", str(VALID), "--quiet"], close="stdout")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""

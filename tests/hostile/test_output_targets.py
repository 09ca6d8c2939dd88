"""An output never destroys its input (adjudicator.core.write.files, docs/security.md,
"Output targets"): every command that writes a file refuses a target that is the same file
as one it reads — the path itself, a hard link or a symbolic link to it — and says so; a
write that fails half way leaves the old file as it was; ``convert``, which promises to
lose nothing, refuses a record whose comment lines it would drop; ``conformance lock``
writes its lock only inside the case folder and never waits on a FIFO."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"
TEXT = ROOT / "records" / "orbit-dominion" / "valid" / "comments-clocks-attempts.txt"
DIRECTOR = ROOT / "records" / "dark-nebula" / "valid" / "appearance-disclosed.json"
APP = build_app(Registry(installed_games()))


def _commands(record: Path, out: Path) -> dict[str, list[str]]:
    """Every command that reads ``record`` and writes a file, writing to ``out``."""
    return {
        "repair --write": ["repair", str(record), "--write", str(out), "--time", "1"],
        "redact -o": ["dark-nebula", "redact", str(record), "-o", str(out)],
        "validate --html": ["validate", str(record), "--html", str(out)],
        "validate --xlsx": ["validate", str(record), "--xlsx", str(out)],
        "replay --svg": ["replay", str(record), "--svg", str(out)],
        "adjudicate --svg": [
            "adjudicate",
            *("--record", str(record), "--at", "2", "--action", "O3-O4"),
            *("--svg", str(out)),
        ],
        "analyze --svg": [
            "orbit-dominion",
            "analyze",
            *("--record", str(record), "--at", "2", "--svg", str(out)),
        ],
        "convert -o": ["convert", str(record), "-o", str(out)],
    }


def _same(record: Path) -> Path:
    return record


def _hard_link(record: Path) -> Path:
    link = record.with_name("hard-" + record.name)
    os.link(record, link)
    return link


def _symbolic_link(record: Path) -> Path:
    link = record.with_name("soft-" + record.name)
    link.symlink_to(record)
    return link


_TARGETS: dict[str, Callable[[Path], Path]] = {
    "the input": _same,
    "a hard link": _hard_link,
    "a symbolic link": _symbolic_link,
}


@pytest.mark.parametrize("how", sorted(_TARGETS))
@pytest.mark.parametrize("command", sorted(_commands(Path("r"), Path("o"))))
def test_an_output_that_is_the_input_is_refused(tmp_path: Path, command: str, how: str) -> None:
    """The input is never changed (docs/security.md): ``repair --write`` through a hard
    link of the score sheet, ``redact R -o R``, ``validate --html R`` (and ``--xlsx R``),
    ``--svg R`` and
    ``convert -o R`` each replaced the record they read. Now each is refused before the
    work, naming both paths, exit 2, the record byte for byte as it was."""
    source = DIRECTOR if command == "redact -o" else VALID
    record = tmp_path / source.name
    shutil.copy(source, record)
    before = record.read_bytes()
    target = _TARGETS[how](record)
    result = CliRunner().invoke(APP, _commands(record, target)[command])  # English
    assert record.read_bytes() == before
    assert result.exit_code == 2, result.output
    assert f"cannot write {target}: it is the same file as the input {record}" in result.stderr


def test_the_refusal_is_said_in_japanese(tmp_path: Path) -> None:
    record = tmp_path / VALID.name
    shutil.copy(VALID, record)
    result = CliRunner().invoke(APP, ["replay", str(record), "--svg", str(record), "--lang", "ja"])
    assert result.exit_code == 2
    assert f"{record} に書き込めません(入力 {record} と同じファイルです" in result.stderr


def test_a_record_in_a_validated_folder_is_no_report(tmp_path: Path) -> None:
    """``validate FOLDER --html FOLDER/r.json``: the report would replace a record the
    batch reads."""
    record = tmp_path / VALID.name
    shutil.copy(VALID, record)
    before = record.read_bytes()
    result = CliRunner().invoke(APP, ["validate", str(tmp_path), "--html", str(record)])
    assert result.exit_code == 2
    assert record.read_bytes() == before


def test_standard_input_redirected_from_the_target_is_an_input(tmp_path: Path) -> None:
    """``validate - --html R < R``: standard input is the file it was redirected from."""
    record = tmp_path / VALID.name
    shutil.copy(VALID, record)
    before = record.read_bytes()
    with record.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator", "validate", "-", "--html", str(record)],
            stdin=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, "LANG": "C.UTF-8"},
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert "same file as the input" in done.stderr
    assert record.read_bytes() == before


def _file_size_limit(limit: int) -> Callable[[], None]:
    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


@pytest.mark.parametrize(
    "command",
    [
        ["convert", str(VALID), "--to", "text", "-o"],
        ["validate", str(VALID), "--html"],
        ["validate", str(VALID), "--xlsx"],
        ["replay", str(VALID), "--svg"],
    ],
)
def test_a_write_that_fails_half_way_leaves_the_old_file(
    tmp_path: Path, command: list[str]
) -> None:
    """A write cut off part way (here by a limit on the size of a file, as a full disk
    would) left a truncated file where a good one stood: the file is now written beside
    its target and renamed into place whole, so the old one stays as it was."""
    good = tmp_path / "good"
    good.write_bytes(b"the good file\n" * 2)
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *command, str(good)],
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
        preexec_fn=_file_size_limit(200),  # the child sets its own limit
        check=False,
    )
    assert good.read_bytes() == b"the good file\n" * 2
    assert done.returncode == 2, done.stderr
    assert "File too large" in done.stderr
    assert "Traceback" not in done.stderr  # the workbook's own files once said one
    assert [p.name for p in tmp_path.iterdir()] == ["good"]  # no temporary file left


def test_an_output_keeps_its_permissions_and_its_link(tmp_path: Path) -> None:
    """Rewriting a file keeps what it was: its permissions, and a symbolic link to it
    stays a link (the file it leads to is rewritten)."""
    real = tmp_path / "real.svg"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    result = CliRunner().invoke(APP, ["replay", str(VALID), "--svg", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8").startswith("<svg")
    assert real.stat().st_mode & 0o777 == 0o640


def test_convert_refuses_to_drop_comment_lines(tmp_path: Path) -> None:
    """``convert`` promises to lose nothing (docs/records.md), and the records read keep
    no ``#`` comment lines: it dropped them. Now it refuses, naming the lines."""
    text = TEXT.read_text(encoding="utf-8").splitlines(keepends=True)
    record = tmp_path / "commented.txt"
    record.write_text(text[0] + "# table 3, checked by the arbiter\n" + "".join(text[1:]))
    result = CliRunner().invoke(APP, ["convert", str(record)])  # English: the tests' locale
    assert result.exit_code == 2, result.output
    assert "comment lines ('#': line 2)" in result.stderr
    assert result.stdout == ""
    japanese = CliRunner().invoke(APP, ["convert", str(record)], env={"LC_ALL": "ja_JP.UTF-8"})
    assert "コメント行(「#」、2 行目)" in japanese.stderr


def _suite(tmp_path: Path) -> Path:
    cases = tmp_path / "cases"
    shutil.copytree(ROOT / "conformance", cases, ignore=shutil.ignore_patterns("compiled"))
    return cases


def test_lock_is_not_written_through_a_link_out_of_the_case_folder(tmp_path: Path) -> None:
    """``conformance lock`` wrote through a symbolic link to a file outside the case folder
    (docs/conformance.md: the lock lives in the folder)."""
    cases = _suite(tmp_path)
    outside = tmp_path / "outside.json"
    precious = (cases / "suite.lock.json").read_text(encoding="utf-8") + "\n"  # still a lock
    outside.write_text(precious, encoding="utf-8")
    (cases / "suite.lock.json").unlink()
    (cases / "suite.lock.json").symlink_to(outside)
    result = CliRunner().invoke(APP, ["conformance", "lock", "--cases", str(cases)])
    assert outside.read_text(encoding="utf-8") == precious
    assert result.exit_code == 2, result.output
    assert "leads outside" in result.stderr


def test_lock_does_not_wait_on_a_fifo(tmp_path: Path) -> None:
    """A FIFO where the lock goes: ``lock`` waited for a reader for ever; it refuses."""
    cases = _suite(tmp_path)
    (cases / "suite.lock.json").unlink()
    os.mkfifo(cases / "suite.lock.json")
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "conformance", "lock", "--cases", str(cases)],
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a regular file" in done.stderr


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="needs Linux's /proc")
@pytest.mark.parametrize("target", ["/proc/version", "/dev/full"])
@pytest.mark.parametrize("option", ["--xlsx", "--html"])
def test_a_target_no_one_may_write_is_said_without_a_traceback(option: str, target: str) -> None:
    """A file no one may write (``/proc/version``, not even the superuser) or a device that
    fails every write (``/dev/full``): the workbook began its sheets before the writer
    opened the target, and wrote its zip archive straight to the device; when either
    failed, Python said a traceback for each sheet or archive left half made. The refusal
    is now said alone."""
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "validate", str(VALID), option, target],
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert f"cannot write {target}" in done.stderr
    assert "Traceback" not in done.stderr

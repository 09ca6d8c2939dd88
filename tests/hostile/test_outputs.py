"""Files written (adjudicator.core.write.files): a path that cannot be written is refused
before the work starts; a failure while writing is a clear message and exit 2 after the
work done is shown; a file asked for is written whatever happens to standard output; a
path built from a case file stays inside its target folder; and an internal error is exit
code 4 whatever form the verdicts take."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.orbit_dominion.plugin import OrbitDominion

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "orbit-dominion"
VALID = RECORDS / "valid" / "annihilation.json"
INVALID = RECORDS / "invalid" / "attempt-was-legal.json"
DIRECTOR = ROOT / "records" / "dark-nebula" / "valid" / "appearance-disclosed.json"
CASES = ROOT / "conformance"
APP = build_app(Registry(installed_games()))
ENGINE = f"{sys.executable} -m adjudicator engine"


def _commands(out: Path) -> dict[str, list[str]]:
    """Every command line that writes a file the user names, writing to ``out``."""
    return {
        "validate --html": ["validate", str(VALID), "--html", str(out)],
        "convert -o": ["convert", str(VALID), "-o", str(out)],
        "replay --svg": ["replay", str(VALID), "--svg", str(out)],
        "adjudicate --svg": [
            "adjudicate",
            "--record",
            str(VALID),
            "--at",
            "2",
            "--action",
            "O3-O4",
            "--svg",
            str(out),
        ],
        "analyze --svg": ["orbit-dominion", "analyze", "--svg", str(out)],
        "redact -o": ["dark-nebula", "redact", str(DIRECTOR), "-o", str(out)],
        "conformance export": ["conformance", "export", "--game", "orbit-dominion", str(out)],
        "conformance report --html": [
            "conformance",
            "report",
            "--engine",
            f"a={ENGINE}",
            "--only",
            "od.perft.*",
            "--html",
            str(out),
        ],
        "conformance report --json": [
            "conformance",
            "report",
            "--engine",
            f"a={ENGINE}",
            "--only",
            "od.perft.*",
            "--json",
            str(out),
        ],
        "schemas": ["schemas", str(out)],
    }


@pytest.mark.parametrize("command", sorted(_commands(Path("x"))))
def test_a_path_that_cannot_be_written_is_refused_before_the_work(
    tmp_path: Path, command: str
) -> None:
    """An output under a file, not a folder: a clear message naming it and exit 2,
    before anything is judged, run or printed (it was a traceback and exit 4, for
    ``validate --html`` only after all the work)."""
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    out = tmp_path / "a-file" / "out"
    result = CliRunner().invoke(APP, _commands(out)[command])  # English: the tests' locale
    assert result.exit_code == 2, result.output
    assert f"cannot write {out}: Not a directory" in result.stderr
    assert result.stdout == ""


def test_an_output_in_a_missing_folder_is_refused_before_the_work(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "r.html"
    result = CliRunner().invoke(APP, ["validate", str(VALID), "--html", str(out), "--lang", "en"])
    assert result.exit_code == 2
    assert f"cannot write {out}: the folder {out.parent} does not exist" in result.stderr
    assert result.stdout == ""


def test_the_refusal_is_said_in_japanese(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        APP, ["validate", str(VALID), "--html", str(tmp_path), "--lang", "ja"]
    )
    assert result.exit_code == 2
    assert f"{tmp_path} に書き込めません(フォルダです)" in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_report_that_fails_while_written_keeps_the_verdicts() -> None:
    """The disk full while the HTML report is written (``/dev/full``): the verdicts are
    still printed whole, the failure is said, and the exit code is 2."""
    result = CliRunner().invoke(
        APP, ["validate", "--json", "--lang", "en", str(VALID), str(INVALID), "--html", "/dev/full"]
    )
    assert [v["status"] for v in json.loads(result.stdout)] == ["valid", "invalid"]
    assert "--html: cannot write /dev/full: No space left on device" in result.stderr
    assert result.exit_code == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_conformance_report_that_fails_while_written_keeps_the_counts() -> None:
    """The engines have run when the report cannot be written: their counts are printed,
    then the failure, exit 2 (it was a traceback, the run lost)."""
    result = CliRunner().invoke(APP, _commands(Path("/dev/full"))["conformance report --json"])
    assert result.stdout.startswith("a: ")
    assert "--json: cannot write /dev/full: No space left on device" in result.stderr
    assert result.exit_code == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["convert -o", "replay --svg", "analyze --svg", "redact -o"])
def test_a_failure_while_writing_is_a_message_not_a_traceback(command: str) -> None:
    """The disk full while a file is written: the reason and exit 2, no traceback."""
    args = _commands(Path("/dev/full"))[command]
    result = CliRunner().invoke(APP, args)
    assert result.exit_code == 2
    assert "cannot write /dev/full: No space left on device" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_report_is_written_when_standard_output_s_reader_goes(tmp_path: Path) -> None:
    """``validate DIR --html r.html | head -1``: the reader leaves after one line, and the
    report still holds every record (it was never written)."""
    folder = tmp_path / "records"
    folder.mkdir()
    for n in range(60):
        shutil.copy(INVALID, folder / f"r{n:02}.json")
    report = tmp_path / "r.html"
    with subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "validate", str(folder), "--html", str(report)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        child.stdout.close()
        errors = child.stderr.read()
        code = child.wait(timeout=120)
    assert first.startswith(b"\xe2\x9c\x97 ")  # ✗
    assert b"Traceback" not in errors
    assert code == 1
    page = report.read_text("utf-8")
    assert "60 records" in page and page.rstrip().endswith("</html>")


def _case_file(game: str) -> str:
    return (
        f"game: {json.dumps(game)}\ntopic: escape\ntitle: Escape\ncases:\n"
        "  - id: x.escape\n    refs: [a1]\n    source: s\n    description: d\n"
        "    expect: {outcome: null}\n"
    )


@pytest.mark.parametrize("game", ["../outside", "/etc", "..", ".hidden", "Ａ", "a b"])
def test_export_writes_nothing_outside_its_folder(tmp_path: Path, game: str) -> None:
    """``conformance export`` builds a path from a case file's ``game``: one that is not a
    plain name (``../outside`` wrote one level above the target, ``/etc`` aimed at the
    root) is refused before anything is written, exit 2."""
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "escape.yaml").write_text(_case_file(game), encoding="utf-8")
    target = tmp_path / "target" / "inner"
    result = CliRunner().invoke(
        APP, ["conformance", "export", "--cases", str(cases), str(target), "--lang", "en"]
    )
    assert result.exit_code == 2, result.output
    assert "cannot name a file or folder to write" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases"]


def test_export_follows_no_link_out_of_its_folder(tmp_path: Path) -> None:
    """A link inside the target folder that leads out of it is refused too: the final
    path must stay inside the target."""
    target = tmp_path / "target"
    target.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (target / "orbit-dominion").symlink_to(outside)
    args = ["conformance", "export", "--game", "orbit-dominion", str(target), "--lang", "en"]
    result = CliRunner().invoke(APP, args)
    assert result.exit_code == 2, result.output
    assert "leads outside" in result.stderr
    assert list(outside.iterdir()) == [] and list(target.iterdir()) == [target / "orbit-dominion"]


def _broken_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying an Orbit Dominion record raises: a defect, which the batch turns into
    that record's ``internal_error`` verdict."""

    def replay(self, record):  # type: ignore[no-untyped-def]
        raise RuntimeError("a defect")

    monkeypatch.setattr(OrbitDominion, "replay", replay)


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ([], "internal error"),
        (["--json"], '"internal_error"'),
        (["--jsonl"], '"internal_error"'),
        (["--summary", "csv"], ",internal_error,"),
    ],
    ids=["text", "json", "jsonl", "csv"],
)
def test_an_internal_error_verdict_exits_4(
    monkeypatch: pytest.MonkeyPatch, form: list[str], said: str
) -> None:
    """A verdict with code ``internal_error`` makes ``validate`` exit 4, as documented
    (docs/records.md: a defect of the program, never of the record), not 2 (unreadable),
    in every form of output, each saying so as it says a verdict: in words, or the code."""
    _broken_replay(monkeypatch)
    result = CliRunner().invoke(APP, ["validate", *form, "--lang", "en", str(VALID)])
    assert said in result.stdout
    assert result.exit_code == 4


def test_a_worker_s_internal_error_exits_4(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With several jobs, the text is made in the workers: the exit code comes with it."""
    _broken_replay(monkeypatch)  # inherited by forked workers
    for n in range(4):
        shutil.copy(VALID, tmp_path / f"{n}.json")
    if os.cpu_count() == 1:
        pytest.skip("one core: --jobs is capped at 1")
    result = CliRunner().invoke(APP, ["validate", "-j", "2", "--lang", "en", str(tmp_path)])
    assert result.exit_code == 4


#: What writes a file or makes a folder, other than through adjudicator.core.write.files.
_DIRECT_WRITE = re.compile(r"\.write_text\(|\.write_bytes\(|\.mkdir\(|\bopen\([^)]*[\"'][wax]")


def test_every_file_written_goes_through_the_one_writer() -> None:
    """No module writes a file or makes a folder by itself: each goes through
    ``adjudicator.core.write.files``, which checks the path and says a failure in words."""
    package = ROOT / "adjudicator"
    direct = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted(package.rglob("*.py"))
        if not path.as_posix().endswith("core/write/files.py")
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if _DIRECT_WRITE.search(line)
    ]
    assert direct == []

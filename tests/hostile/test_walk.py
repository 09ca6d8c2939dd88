"""The one folder walk (adjudicator.core.batch.walk): every file in a folder is found and judged,
a bad entry costs that entry alone, and no link, loop, FIFO, device or depth stops or hangs
``validate`` or the conformance commands' search for case files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.batch.files import find_records
from adjudicator.core.conformance.cases import case_files, case_paths
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "orbit-dominion"
CASE = ROOT / "conformance" / "orbit-dominion" / "example-repetition.yaml"
APP = build_app(Registry(installed_games()))
VALID_TEXT = (RECORDS / "valid" / "annihilation.json").read_text("utf-8")


def _round(folder: Path) -> tuple[Path, Path]:
    """A tournament folder: a valid record at the top, an invalid one in ``round2``."""
    (folder / "round2").mkdir(parents=True)
    valid = folder / "a.json"
    invalid = folder / "round2" / "b.json"
    shutil.copy(RECORDS / "valid" / "annihilation.json", valid)
    shutil.copy(RECORDS / "invalid" / "attempt-was-legal.json", invalid)
    return valid, invalid


def test_a_link_to_itself_costs_that_entry_alone(tmp_path: Path) -> None:
    """``ln -s .cache round2/.cache``: the link gets its own ``unreadable`` verdict and the
    records beside it, the invalid one among them, are judged (the folder was once
    "unreadable: a folder" as a whole, its records never judged)."""
    _round(tmp_path)
    (tmp_path / "round2" / ".cache").symlink_to(".cache")
    result = CliRunner().invoke(APP, ["validate", "--json", "--lang", "en", str(tmp_path)])
    judged = json.loads(result.stdout)
    verdicts = {Path(v["source"]).relative_to(tmp_path).as_posix(): v for v in judged}
    assert {k: v["status"] for k, v in verdicts.items()} == {
        "a.json": "valid",
        "round2/.cache": "unreadable",
        "round2/b.json": "invalid",
    }
    assert verdicts["round2/.cache"]["unreadable"]["code"] == "unreadable_file"
    assert result.exit_code == 2


def test_fifos_devices_and_links_to_folders_in_a_folder(tmp_path: Path) -> None:
    """A FIFO and a link to ``/dev/zero`` named as records are each refused unread, with
    their own verdicts; a link to a folder (here a loop to the folder itself) is not
    followed; the records are judged."""
    _round(tmp_path)
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "round2" / "loop").symlink_to(tmp_path)
    found = [p.relative_to(tmp_path).as_posix() for p in find_records([tmp_path])]
    assert found == ["a.json", "fifo.json", "round2/b.json", "zero.json"]
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "validate", "--jsonl", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout.count('"not_a_file"') == 2
    assert '"status":"invalid"' in done.stdout


def test_a_folder_entered_twice_is_walked_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that is its own descendant (a bind mount of an ancestor; simulated by
    giving a subfolder the ancestor's identity) is not entered again: the walk ends."""
    _round(tmp_path)
    (tmp_path / "round2" / "again").mkdir()
    real_stat = os.stat

    def stat(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path).endswith("again"):
            return real_stat(tmp_path, *args, **kwargs)
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    found = [p.relative_to(tmp_path).as_posix() for p in find_records([tmp_path])]
    assert found == ["a.json", "round2/b.json"]


def _deep(folder: Path, levels: int) -> Path:
    for _ in range(levels):
        folder = folder / "d"
        folder.mkdir()
    return folder


def test_case_folders_deeper_than_the_interpreters_stack_are_searched(tmp_path: Path) -> None:
    """A case folder nested deeper than the recursion limit (1,100 levels was a
    RecursionError in ``run``, ``coverage`` and ``export``): its case files are found.
    The limit is lowered for the test, so that the folders stay few."""
    shutil.copy(CASE, tmp_path / "top.yaml")
    bottom = _deep(tmp_path, 300)
    shutil.copy(CASE, bottom / "bottom.yaml")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        found = list(case_paths(tmp_path))
    finally:
        sys.setrecursionlimit(limit)
    assert found == [bottom / "bottom.yaml", tmp_path / "top.yaml"]
    assert len(case_files(tmp_path, "orbit-dominion/4.2")) == 2


@pytest.mark.parametrize("command", ["coverage", "run", "export"])
@pytest.mark.parametrize("odd", ["fifo", "zero"])
def test_a_fifo_or_a_device_among_case_files_is_refused_at_once(
    tmp_path: Path, command: str, odd: str
) -> None:
    """With ``--game`` (and always for ``coverage``), a FIFO ``*.yaml`` among the case
    files hung for ever and a link to ``/dev/zero`` was read until memory ran out: each is
    now refused unread, a message naming it and exit 2."""
    cases = tmp_path / "cases"
    cases.mkdir()
    shutil.copy(CASE, cases / "a.yaml")
    if odd == "fifo":
        os.mkfifo(cases / "b.yaml")
    else:
        (cases / "b.yaml").symlink_to("/dev/zero")
    args = {
        "coverage": ["coverage"],
        "run": ["run", "--engine", f"{sys.executable} -m adjudicator engine"],
        "export": ["export", str(tmp_path / "out")],
    }[command]
    options = ["--cases", str(cases), "--game", "orbit-dominion", "--lang", "en"]
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "conformance", *args, *options],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "b.yaml" in done.stderr and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_unreadable_file_named_on_the_command_line_is_its_own_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the user may not read, named on the command line, gets its own
    ``unreadable`` verdict and the rest are judged, as inside a folder (it was a usage
    error before anything was judged: "Path … is not readable"). Permissions are
    simulated here, as the tests may run as root; the next test uses a real user."""
    valid, _ = _round(tmp_path)
    locked = tmp_path / "locked.json"
    shutil.copy(valid, locked)
    real_access, real_open = os.access, os.open

    def access(path, mode, *args, **kwargs):  # type: ignore[no-untyped-def]
        return False if Path(path) == locked else real_access(path, mode, *args, **kwargs)

    def open_(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "open", open_)
    result = CliRunner().invoke(APP, ["validate", "--jsonl", str(locked), str(valid)])
    verdicts = [json.loads(line) for line in result.stdout.splitlines()]
    assert [v["status"] for v in verdicts] == ["unreadable", "valid"]
    assert verdicts[0]["unreadable"]["code"] == "unreadable_file"
    assert result.exit_code == 2


def test_a_mode_000_file_as_an_ordinary_user(tmp_path: Path) -> None:
    """The same with real permissions: a mode 000 record, validated by an ordinary user
    (``nobody`` through ``setpriv`` when the tests run as root)."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv to become an ordinary user")
        prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        reach = [*prefix, sys.executable, "-c", "import adjudicator"]
        if subprocess.run(reach, capture_output=True, timeout=60, cwd="/").returncode != 0:
            # a checkout in a folder only root may enter (mktemp -d makes one)
            pytest.skip("the ordinary user cannot reach this installation of adjudicator")
    folder = Path(tempfile.mkdtemp())
    try:
        folder.chmod(0o755)
        valid, _ = _round(folder)
        locked = folder / "locked.json"
        shutil.copy(valid, locked)
        locked.chmod(0)
        args = [sys.executable, "-m", "adjudicator", "validate", "--lang", "en", "--codes"]
        done = subprocess.run(
            [*prefix, *args, str(locked), str(valid)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd="/",
        )
    finally:
        shutil.rmtree(folder)
    assert done.returncode == 2, done.stderr
    assert "/locked.json — unreadable: Permission denied (unreadable_file)" in done.stdout
    assert "a.json — valid" in done.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_usage_line_names_arguments_as_the_rest_of_the_help(lang: str) -> None:
    """``PATHS...`` as ``[OPTIONS]`` beside it, not typer's ``{paths}...``, in help and in
    a usage error, in both languages."""
    shown = CliRunner().invoke(APP, ["validate", "--help", "--lang", lang]).stdout
    assert "adjudicator validate [OPTIONS] PATHS..." in shown
    error = CliRunner().invoke(APP, ["validate", "--lang", lang])
    assert "adjudicator validate [OPTIONS] PATHS..." in error.output
    assert "{" not in error.output.splitlines()[0]


def test_a_stray_link_beside_the_case_files_stops_nothing(tmp_path: Path) -> None:
    """A link to itself that is not named as a case file is no case file: the run goes on
    (a record batch gives it a verdict; a conformance run has none to give). One named
    ``*.yaml`` is a case file that cannot be read, which the run names."""
    shutil.copy(CASE, tmp_path / "a.yaml")
    (tmp_path / ".cache").symlink_to(".cache")
    assert list(case_paths(tmp_path)) == [tmp_path / "a.yaml"]
    (tmp_path / "b.yaml").symlink_to("b.yaml")
    assert list(case_paths(tmp_path)) == [tmp_path / "a.yaml", tmp_path / "b.yaml"]


def test_a_dash_is_standard_input_beside_a_folder_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``validate -`` reads standard input, even where the working folder holds a folder
    named ``-`` (it was searched instead)."""
    (tmp_path / "-").mkdir()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(APP, ["validate", "--jsonl", "-"], input=VALID_TEXT)
    assert [json.loads(line)["status"] for line in result.stdout.splitlines()] == ["valid"]

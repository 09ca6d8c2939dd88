"""A batch survives what happens to it: a worker killed mid-batch, unreadable paths."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from adjudicator.cli import main
from adjudicator.cli import validate as validate_command
from adjudicator.cli.app import build_app
from adjudicator.cli.validate import _rules_of
from adjudicator.core.batch import files as batch
from adjudicator.core.batch.files import Options, find_records, validate_paths
from adjudicator.core.i18n import Lang
from adjudicator.core.read.strict_json import one_line
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.output import Output
from adjudicator.core.write.report import PlainText, Shown, VerdictPrinter

REGISTRY = Registry(installed_games())
RULES_OF = _rules_of(REGISTRY)
APP = build_app(REGISTRY)
VALID = Path(__file__).resolve().parents[2] / "records" / "orbit-dominion" / "valid"


def _killing(folder: Path, names: list[str], monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """A valid record under each name in ``folder``; the worker that validates
    ``kill.json`` dies as the OOM killer would make it die."""
    real = batch.validate_records

    def dying(registry: Registry, path: Path, options: Options):  # type: ignore[no-untyped-def]
        if path.name == "kill.json":
            os._exit(9)
        return real(registry, path, options)

    monkeypatch.setattr(batch, "validate_records", dying)  # inherited by forked workers
    sample = (VALID / "annihilation.json").read_bytes()
    for name in names:
        (folder / name).write_bytes(sample)
    return [folder / name for name in names]


def test_a_killed_worker_costs_only_the_file_it_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker validating ``kill.json`` dies: that file gets an ``internal_error``
    verdict, every other file its real one, in order."""
    names = ["kill.json" if i == 5 else f"{i:02}.json" for i in range(12)]
    files = _killing(tmp_path, names, monkeypatch)
    verdicts = list(validate_paths(REGISTRY, files, Options(), jobs=2))
    assert [Path(v.source).name for v in verdicts] == [p.name for p in files]
    codes = [v.unreadable.code if v.unreadable else v.status for v in verdicts]
    assert codes == ["valid"] * 5 + ["internal_error"] + ["valid"] * 6
    assert verdicts[5].exit_code == 4
    assert not multiprocessing.active_children()  # the replacement pools too


def test_a_finished_batch_lets_its_workers_go() -> None:
    """Once the last verdict is out the workers have left: none is still running when the
    command exits, where CPython 3.11's pool could race its own shutdown and print an
    ignored ``OSError`` after the summary."""
    files = sorted(VALID.glob("*.json")) * 3
    assert len(list(validate_paths(REGISTRY, files, Options(), jobs=2))) == len(files)
    assert not multiprocessing.active_children()


def test_an_unlistable_folder_is_a_verdict_not_a_silence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A subfolder that cannot be listed (permissions; simulated, as tests may run as
    root) is yielded itself, so the batch reports it unreadable instead of "all valid"."""
    (tmp_path / "ok.json").write_bytes((VALID / "annihilation.json").read_bytes())
    locked = tmp_path / "locked"
    locked.mkdir()
    real_scandir = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert list(find_records([tmp_path])) == [locked, tmp_path / "ok.json"]
    verdicts = list(validate_paths(REGISTRY, [locked, tmp_path / "ok.json"], Options()))
    assert [v.status for v in verdicts] == ["unreadable", "valid"]
    assert verdicts[0].unreadable.code == "not_a_file"


def test_a_missing_file_named_on_the_command_line_is_its_own_verdict(tmp_path: Path) -> None:
    dangling = tmp_path / "gone.json"
    dangling.symlink_to(tmp_path / "nowhere")
    files = list(find_records([dangling, VALID / "annihilation.json"]))
    verdicts = list(validate_paths(REGISTRY, files, Options()))
    assert [v.status for v in verdicts] == ["unreadable", "valid"]
    assert verdicts[0].unreadable.code == "unreadable_file"


def _interrupted_after(n: int):  # type: ignore[no-untyped-def]
    """A stand-in for validate_paths that judges ``n`` files, then meets Ctrl-C."""
    real = batch.validate_paths

    def paths(registry, files, options, **kwargs):  # type: ignore[no-untyped-def]
        verdicts = real(registry, files, options, **kwargs)
        for _ in range(n):
            yield next(verdicts)
        raise KeyboardInterrupt

    return paths


def test_ctrl_c_prints_what_was_done_as_json_and_exits_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Exit codes (docs/records.md): 130 when interrupted; ``--json`` is still one valid
    document, a list of the verdicts reached; stderr says how far the batch got."""
    monkeypatch.setattr(validate_command, "validate_paths", _interrupted_after(2))
    result = CliRunner().invoke(APP, ["validate", "--json", "--lang", "en", str(VALID)])
    assert result.exit_code == 130
    assert len(json.loads(result.stdout)) == 2
    total = len(list(find_records([VALID])))
    assert f"interrupted after 2 of {total} records" in result.stderr


def test_jobs_above_the_cores_are_capped_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {}

    def paths(registry, files, options, *, jobs=1, **_):  # type: ignore[no-untyped-def]
        seen["jobs"] = jobs
        return iter([])

    monkeypatch.setattr(validate_command, "validate_paths", paths)
    monkeypatch.setattr(validate_command, "available_cores", lambda: 2)
    result = CliRunner().invoke(APP, ["validate", "-j", "64", "--lang", "en", str(VALID)])
    assert seen["jobs"] == 2
    assert "--jobs 64 is more than the 2 core(s) here; using 2" in result.stderr


def test_an_internal_error_exits_4_not_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defect anywhere ends with exit code 4, never 1 ("some record invalid")."""

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("defect")

    monkeypatch.setattr(validate_command, "validate_paths", broken)
    monkeypatch.setattr(sys, "argv", ["adjudicator", "validate", str(VALID)])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 4


def test_folders_nested_deeper_than_the_interpreters_stack_are_searched(tmp_path: Path) -> None:
    """Folders nested deeper than the interpreter's recursion limit (a RecursionError, an
    internal error, when the search recursed): the record at the bottom is found. The
    limit is lowered for the test, so that the folders stay few enough for any cleanup."""
    folder = tmp_path
    for _ in range(300):
        folder = folder / "d"
        folder.mkdir()
    (folder / "a.json").write_text("{}", encoding="utf-8")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        found = list(find_records([tmp_path]))
    finally:
        sys.setrecursionlimit(limit)
    assert found == [folder / "a.json"]


@pytest.mark.parametrize(("lang", "jsonl"), [("en", False), ("ja", False), ("en", True)])
def test_text_made_in_the_workers_is_what_the_printer_writes(lang: Lang, jsonl: bool) -> None:
    """``validate --jobs N`` to a pipe: each worker makes the text of its verdicts (the
    report's blocks, or JSON lines), and it is byte for byte what the one process writes
    for the same verdicts: valid, invalid with a drawing, unreadable, in each language."""
    files = sorted(p for p in VALID.parent.rglob("*") if p.suffix in (".json", ".txt"))
    options = Options(lang=lang)
    out = io.StringIO()
    printer = VerdictPrinter(Output(Console(file=out, soft_wrap=True)), lang, RULES_OF)
    for verdict in validate_paths(REGISTRY, files, options):
        if jsonl:
            out.write(one_line(verdict.model_dump_json()) + "\n")
        else:
            printer(verdict)
    render = PlainText(lang, jsonl=jsonl)
    shown = list(validate_paths(REGISTRY, files, options, jobs=2, render=render))
    assert all(isinstance(s, Shown) for s in shown)
    assert {s.status for s in shown} == {"valid", "invalid", "unreadable"}
    assert "".join(s.text for s in shown) == out.getvalue()


def test_a_killed_worker_s_file_is_shown_like_any_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file whose worker died gets its ``internal_error`` verdict shown as text too,
    made in the process that saw the worker die."""
    files = _killing(tmp_path, ["a.json", "kill.json", "b.json"], monkeypatch)
    shown = list(validate_paths(REGISTRY, files, Options(), jobs=2, render=PlainText("en")))
    assert [s.status for s in shown] == ["valid", "unreadable", "valid"]
    assert "kill.json — unreadable: internal error" in shown[1].text

"""``adjudicator conformance run|coverage``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from adjudicator.core.cli_common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    JsonOption,
    console,
    err_console,
    fail,
)
from adjudicator.core.conformance.cases import CaseFile, case_files
from adjudicator.core.conformance.coverage import coverage
from adjudicator.core.conformance.engine import EngineFailure, ProcessEngine
from adjudicator.core.conformance.runner import Runner, RunReport
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.registry import Registry

CasesOption = Annotated[
    Path, typer.Option("--cases", help="Folder of YAML case files (searched recursively).")
]
GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        help="Only cases of this game: its short name (orbit-dominion) or id (orbit-dominion/4.2).",
    ),
]
DEFAULT_ENGINE = "adjudicator engine"
_MARK = {
    "passed": "[green]pass[/]",
    "failed": "[red]FAIL[/]",
    "skipped": "[yellow]skip[/]",
    "errored": "[red]ERROR[/]",
}


def _game(registry: Registry, name: str) -> Game:
    try:
        return registry.find(name)
    except InputError as err:
        fail(err)


def _load(cases: Path, game: str | None) -> list[CaseFile]:
    if not cases.is_dir():
        fail(InputError("usage", f"{cases} is not a folder of case files", field="--cases"))
    try:
        files = [f for _, f in case_files(cases, game)]
    except InputError as err:
        fail(err)
    if not files:
        fail(InputError("usage", f"no case files under {cases}" + (f" for {game}" if game else "")))
    return files


def print_report(report: RunReport, verbose: bool) -> None:
    for r in report.results:
        if verbose or r.status in ("failed", "errored"):
            detail = f" — {escape(r.detail)}" if r.detail else ""
            console.print(f"{_MARK[r.status]} {r.id} [dim]({', '.join(r.refs)})[/]{detail}")
    console.print()
    for topic, counts in sorted(report.by_topic().items()):
        parts = ", ".join(
            f"{counts[s]} {s}" for s in ("passed", "failed", "skipped", "errored") if counts[s]
        )
        console.print(f"  {topic}: {parts}")
    c = report.counts()
    engine = report.engine
    who = f"{engine.name} {engine.version}" if engine else "engine"
    console.print(
        f"\n{who}: {c['passed']} passed, {c['failed']} failed, {c['skipped']} skipped, "
        f"{c['errored']} errored"
    )


def register(app: typer.Typer, registry: Registry) -> None:
    conformance = typer.Typer(
        no_args_is_help=True,
        help="Run the conformance suite against an engine, or show rule coverage.",
    )
    app.add_typer(conformance, name="conformance")

    @conformance.command("run")
    def run(
        engine: Annotated[
            str,
            typer.Option("--engine", help="Command that starts the engine (JSON lines on stdio)."),
        ] = DEFAULT_ENGINE,
        cases: CasesOption = Path("conformance"),
        game: GameOption = None,
        only: Annotated[
            list[str] | None, typer.Option("--only", help="Run only this case id (repeatable).")
        ] = None,
        timeout: Annotated[
            float, typer.Option("--timeout", min=0.1, help="Seconds to wait for each answer.")
        ] = 60.0,
        verbose: Annotated[
            bool, typer.Option("--verbose", "-v", help="List passed and skipped cases too.")
        ] = False,
        as_json: JsonOption = False,
    ) -> None:
        """Drive an engine over the engine protocol through every case; print pass/fail per
        case with the difference and a summary per topic. Exit 1 on any failure or error,
        or when nothing passed.

        Example: `adjudicator conformance run --engine "python3 examples/minimal_engine.py"`
        """
        files = _load(cases, _game(registry, game).id if game else None)
        try:
            process = ProcessEngine(engine, timeout=timeout)
            runner = Runner(process)
        except EngineFailure as exc:
            err_console.print(f"error: {escape(str(exc))}")
            raise typer.Exit(EXIT_USAGE) from None
        try:
            report = runner.run(files, set(only) if only else None)
        finally:
            process.close()
        if as_json:
            print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
        else:
            print_report(report, verbose)
        raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)

    @conformance.command("coverage")
    def coverage_command(
        cases: CasesOption = Path("conformance"),
        game: GameOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """For every article, rulings row and processing step, the cases that cover it;
        those with none are flagged (exit 1)."""
        games = [_game(registry, game)] if game else list(registry.games)
        result: dict[str, dict] = {}
        uncovered_any = False
        for g in games:
            report = coverage(g.rules, _load(cases, g.id))
            result[g.id] = {"covering": report.covering, "unknown_refs": report.unknown}
            uncovered_any |= bool(report.uncovered()) or bool(report.unknown)
            if as_json:
                continue
            console.print(f"[bold]{g.id}[/]")
            for ref in g.rules.references:
                ids = report.covering[ref.id]
                mark = "[green]✓[/]" if ids else "[red]✗ uncovered[/]"
                shown = ", ".join(ids[:6]) + (f" … (+{len(ids) - 6})" if len(ids) > 6 else "")
                console.print(f"  {mark} {ref.id:10} {escape(ref.cite('en'))}: {shown}")
            for case_id, refs in report.unknown.items():
                console.print(f"  [red]unknown reference[/] {refs} in {case_id}")
        if as_json:
            print(json.dumps(result, ensure_ascii=False, indent=2))
        raise typer.Exit(EXIT_INVALID if uncovered_any else EXIT_OK)

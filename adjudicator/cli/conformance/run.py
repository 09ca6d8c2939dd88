"""``adjudicator conformance run``: one engine driven through the suite."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    JsonOption,
    LangOption,
    console,
    resolve_lang,
    shown,
)
from adjudicator.cli.conformance.shared import (
    SUITE,
    CasesOption,
    GameOption,
    game_named,
    load_cases,
    print_report,
    rules_of,
    select,
    smoke_selection,
    start_engine,
    start_runner,
)
from adjudicator.core.conformance.engine import ProcessEngine
from adjudicator.core.conformance.spawn import DEFAULT_ENGINE
from adjudicator.core.conformance.suite import (
    version_of,
)
from adjudicator.core.read.strict_json import dumps


def run(
    ctx: typer.Context,
    engine: Annotated[
        str,
        typer.Option("--engine", help="cli.help.conformance.run.engine"),
    ] = DEFAULT_ENGINE,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="cli.help.conformance.run.only"),
    ] = None,
    smoke: Annotated[
        bool,
        typer.Option("--smoke", help="cli.help.conformance.run.smoke"),
    ] = False,
    max_fail: Annotated[
        int | None,
        typer.Option("--max-fail", min=1, help="cli.help.conformance.run.max_fail"),
    ] = None,
    exitfirst: Annotated[
        bool,
        typer.Option("-x", "--exitfirst", help="cli.help.conformance.run.exitfirst"),
    ] = False,
    timeout: Annotated[
        float,
        typer.Option("--timeout", min=0.1, help="cli.help.conformance.run.timeout"),
    ] = 60.0,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="cli.help.conformance.run.verbose")
    ] = False,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Drive an engine over the engine protocol through every case. Its help is
    ``cli.help.conformance.run`` in the catalogue."""
    language = resolve_lang(lang)
    game_id = game_named(ctx.obj, game).id if game else None
    started = start_engine(engine, timeout)
    try:
        files = load_cases(cases, game_id)
        chosen = select(files, only) if only else None
    except BaseException:
        if isinstance(started, ProcessEngine):
            started.close()
        raise
    process, runner = start_runner(started, files, language, rules_of(ctx.obj))
    notes: list[str] = []
    if smoke:
        smoke_ids, notes = smoke_selection(runner, files, language)
        chosen = smoke_ids if chosen is None else chosen & smoke_ids
    try:
        report = runner.run(
            files, chosen, max_fail=1 if exitfirst else max_fail, suite=version_of(cases)
        )
    finally:
        process.close()
    if as_json:
        print(dumps(report.to_json(), indent=2))
    else:
        print_report(report, verbose or smoke, language)
        for note in notes:
            console.print(f"[yellow]{shown(note)}[/]")
    raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)

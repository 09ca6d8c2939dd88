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
        typer.Option("--engine", help="Command that starts the engine (JSON lines on stdio)."),
    ] = DEFAULT_ENGINE,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="Run only cases whose id matches (a glob, e.g. 'od.perft.*')."),
    ] = None,
    smoke: Annotated[
        bool,
        typer.Option("--smoke", help="A first try: hello, then one case for each game."),
    ] = False,
    max_fail: Annotated[
        int | None,
        typer.Option("--max-fail", min=1, help="Stop after this many failed or errored cases."),
    ] = None,
    exitfirst: Annotated[
        bool,
        typer.Option("-x", "--exitfirst", help="Stop at the first failure (--max-fail 1)."),
    ] = False,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0.1, help="Seconds each request may take, written and answered."
        ),
    ] = 60.0,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="List passed and skipped cases too.")
    ] = False,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Drive an engine over the engine protocol through every case; show each failure
    with the request sent, the expected and actual values and their difference, and a
    summary per game and topic.

    Exit codes: 0 all ran cases passed; 1 a failure, an error, nothing passed or the run
    stopped early; 2 usage error; 5 the engine did not start or its hello failed.

    Example: `adjudicator conformance run --engine "python3 examples/minimal_engine.py"`
    """
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

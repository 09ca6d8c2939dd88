"""``adjudicator conformance report``: several engines run through the suite and reported
side by side."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.common import (
    LangOption,
    console,
    fail,
    report_error,
    resolve_lang,
    shown,
    shown_lines,
)
from adjudicator.cli.conformance.shared import (
    SUITE,
    CasesOption,
    GameOption,
    case_inputs,
    game_named,
    load_cases,
    named_engine,
    rules_of,
    run_one,
    select,
)
from adjudicator.core.conformance.report import EngineRun, render_html, report_json, topic_rows
from adjudicator.core.conformance.suite import (
    version_of,
)
from adjudicator.core.conformance.words import (
    counts_text,
    word_table,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, in_lang, said
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.write.files import check_file, write_text

EnginesOption = Annotated[
    list[str],
    typer.Option(
        "--engine",
        help="NAME=COMMAND of an engine to run (repeatable), e.g. "
        "'js=node examples/minimal_engine.js'.",
    ),
]
HtmlOption = Annotated[
    Path | None, typer.Option("--html", help="Write the report as one HTML page here.")
]
JsonPathOption = Annotated[
    Path | None, typer.Option("--json", help="Write the report as JSON here.")
]
OnlyOption = Annotated[
    list[str] | None,
    typer.Option("--only", help="Only cases whose id matches (a glob, repeatable)."),
]
TimeoutOption = Annotated[
    float,
    typer.Option("--timeout", min=0.1, help="Seconds each request may take, written and answered."),
]


def report_command(
    ctx: typer.Context,
    engines: EnginesOption,
    html: HtmlOption = None,
    json_path: JsonPathOption = None,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    only: OnlyOption = None,
    timeout: TimeoutOption = 60.0,
    lang: LangOption = None,
) -> None:
    """Run the suite against several engines and report them side by side: a table of
    engines × topics (passed / failed / skipped / errored) with each failure's request
    and difference one click away. Exit 0 once the report is written, whatever the
    engines did; 2 for a usage error.

    Example: `adjudicator conformance report --engine built-in="adjudicator engine"
    --engine js="node examples/minimal_engine.js" --html report.html --json report.json`
    """
    language = resolve_lang(lang)
    try:
        for path, option in ((html, "--html"), (json_path, "--json")):
            if path is not None:
                check_file(path, option, inputs=case_inputs(cases))
    except InputError as err:
        fail(err)
    named = [named_engine(spec) for spec in engines]
    names = [name for name, _ in named]
    if len(set(names)) != len(names):
        fail(
            InputError(
                "usage",
                said("cli.conformance.own_names"),
                field="--engine",
            )
        )
    files = load_cases(cases, game_named(ctx.obj, game).id if game else None)
    chosen = select(files, only) if only else None
    version = version_of(cases)
    rules = rules_of(ctx.obj)
    runs = [
        run_one(name, command, timeout, files, chosen, version, rules) for name, command in named
    ]
    rows = topic_rows(runs, [(f.game, f.topic) for f in files])
    written, unwritten = _write(
        list(case_inputs(cases)),
        (html, "--html", lambda: render_html(version, runs, rows, language)),
        (json_path, "--json", lambda: dumps(report_json(version, runs, rows), indent=2) + "\n"),
    )
    _say(runs, written, unwritten, language)


def _write(
    inputs: list[Path], *outputs: tuple[Path | None, str, Callable[[], str]]
) -> tuple[list[Path], list[InputError]]:
    """Each file asked for written, never over one of ``inputs``; the files written and the
    errors of those that could not be (said after the engines' counts)."""
    unwritten: list[InputError] = []
    written: list[Path] = []
    for path, option, make in outputs:
        if path is None:
            continue
        try:
            write_text(path, make(), option, inputs=inputs)
            written.append(path)
        except InputError as err:
            unwritten.append(err)
    return written, unwritten


def _say(
    runs: list[EngineRun], written: list[Path], unwritten: list[InputError], language: Lang
) -> None:
    """Each engine's counts (or why it did not run), the files written; then the files
    that could not be, the last one's error ending the command with exit 2."""
    words = word_table(language)
    for run in runs:
        if run.report is None:
            said = words["did not run"]
            problem = shown_lines(in_lang(run.problem, language))
            console.print(said.format(name=shown(run.name), problem=problem))
            continue
        console.print(f"{shown(run.name)}: {counts_text(run.report.counts(), language)}")
    for path in written:
        console.print(words["wrote"].format(path=shown(str(path))))
    if unwritten:
        for err in unwritten[:-1]:
            report_error(err)
        fail(unwritten[-1])

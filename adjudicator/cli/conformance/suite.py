"""``adjudicator conformance lock``, ``export`` and ``coverage``: the suite itself, locked,
exported for other runners, and measured against the rulebooks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    JsonOption,
    LangOption,
    console,
    err_console,
    fail,
    resolve_lang,
    shown,
)
from adjudicator.cli.conformance.playthroughs import playthrough_counts, print_coverage
from adjudicator.cli.conformance.shared import (
    SUITE,
    CasesOption,
    ExportFormat,
    GameOption,
    case_inputs,
    game_named,
    load_cases,
)
from adjudicator.core.capabilities import Playthroughs, offered
from adjudicator.core.conformance.coverage import coverage
from adjudicator.core.conformance.export import SCHEMA_FILE, ExportedCaseFile, export_json
from adjudicator.core.conformance.suite import (
    LOCK_FILE,
    SUITE_FILE,
    UNVERSIONED,
    Lock,
    digests,
    load_lock,
    load_suite,
    release_problems,
)
from adjudicator.core.conformance.words import (
    version_text,
    word_table,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import in_lang, said
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.schemas import document
from adjudicator.core.write.files import check_folder, inside, write_text


def lock_command(cases: CasesOption = SUITE, lang: LangOption = None) -> None:
    """Record what every case sends and expects as the suite's current version, after
    checking that the newest changelog entry names every case added, changed or removed
    since the last lock (exit 1 when it does not)."""
    language = resolve_lang(lang)
    words = word_table(language)
    files = load_cases(cases, None)
    try:
        suite_data, lock = load_suite(cases), load_lock(cases)
    except InputError as err:
        fail(err)
    if suite_data is None:
        fail(
            InputError(
                "usage",
                said("cli.conformance.no_suite", suite=SUITE_FILE, cases=cases),
                field="--cases",
            )
        )
    problems = release_problems(suite_data, lock, files)
    for problem in problems:
        text = shown(in_lang(problem, language))
        err_console.print(words["not locked"].format(problem=text))
    if problems:
        raise typer.Exit(EXIT_INVALID)
    new = Lock(suite_version=suite_data.version, cases=digests(files))
    text = dumps(new.model_dump(), indent=2) + "\n"
    try:
        lock_file = inside(cases, [LOCK_FILE], "--cases")  # not through a link out of it
        write_text(lock_file, text, "--cases", inputs=case_inputs(cases))
    except InputError as err:
        fail(err)
    console.print(words["locked"].format(n=len(new.cases), version=new.suite_version))


def export(
    ctx: typer.Context,
    directory: Annotated[Path, typer.Argument(help="Folder to write (created if needed).")],
    output_format: Annotated[
        ExportFormat, typer.Option("--format", help="The only format: json.")
    ] = ExportFormat.json,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    lang: LangOption = None,
) -> None:
    """Write the cases as plain JSON, one file per topic, with their JSON Schema and an
    index holding the suite version and changelog — for runners in any language.

    Example: `adjudicator conformance export --format json build/conformance-json`
    """
    language = resolve_lang(lang)
    try:
        check_folder(directory, "DIRECTORY")
    except InputError as err:
        fail(err)
    files = load_cases(cases, game_named(ctx.obj, game).id if game else None)
    try:
        suite = load_suite(cases)
        schema = document(SCHEMA_FILE.removesuffix(".schema.json"), ExportedCaseFile)
        written = export_json(files, suite, schema, directory, inputs=list(case_inputs(cases)))
    except InputError as err:
        fail(err)
    count = sum(len(f.cases) for f in files)
    console.print(
        word_table(language)["exported"].format(
            files=len(written) - 2,
            cases=count,
            version=version_text(suite.version if suite else UNVERSIONED, language),
            schema=written[1].name,
            index=written[0].name,
            directory=shown(str(directory)),
        )
    )


def coverage_command(
    ctx: typer.Context,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """For every article, rulings row and processing step, the cases that cover it, and
    how often the golden playthroughs cover each feature against its documented minimum;
    a reference without a case or a feature below its minimum is flagged (exit 1)."""
    language = resolve_lang(lang)
    words = word_table(language)
    games = [game_named(ctx.obj, game)] if game else list(ctx.obj.games)
    result: dict[str, dict[str, Any]] = {}
    uncovered_any = False
    for g in games:
        files = load_cases(cases, g.id)
        report = coverage(g.rules, files)
        result[g.id] = {"covering": report.covering, "unknown_refs": report.unknown}
        uncovered_any |= bool(report.uncovered()) or bool(report.unknown)
        source = offered(g, Playthroughs)
        maker = None if source is None else source.playthroughs()
        if as_json:
            if maker is not None:
                counts = playthrough_counts(maker, files)
                result[g.id]["playthroughs"] = counts
                uncovered_any |= any(c["count"] < c["minimum"] for c in counts.values())
            continue
        console.print(f"[bold]{g.id}[/]")
        for ref in g.rules.references:
            ids = report.covering[ref.id]
            mark = words["covered"] if ids else words["uncovered"]
            more = words["more"].format(n=len(ids) - 6) if len(ids) > 6 else ""
            listed = shown(", ".join(ids[:6])) + more
            console.print(f"  {mark} {ref.id:10} {shown(ref.cite(language))}: {listed}")
        for case_id, refs in report.unknown.items():
            said = words["unknown reference"].format(refs=shown(str(refs)), case=shown(case_id))
            console.print(said)
        if maker is not None:
            uncovered_any |= not print_coverage(maker, files, language)
    if as_json:
        print(dumps(result, indent=2))
    raise typer.Exit(EXIT_INVALID if uncovered_any else EXIT_OK)

"""``adjudicator conformance run|report|export|lock|coverage``.

Exit codes of ``run`` (documented in docs/conformance.md): 0 when every case that ran passed
(skips allowed) and at least one did; 1 when a case failed or errored, nothing passed, or the
run stopped early; 2 for a usage error (an option, an unknown case id, unreadable case
files); 4 when the engine did not start or its ``hello`` cannot start a run."""

from __future__ import annotations

import json
from enum import StrEnum
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    JsonOption,
    LangOption,
    console,
    err_console,
    fail,
    report_error,
    resolve_lang,
    shown,
    shown_lines,
)
from adjudicator.core.conformance import compiled
from adjudicator.core.conformance.cases import CaseFile, case_files
from adjudicator.core.conformance.coverage import coverage
from adjudicator.core.conformance.engine import EngineFailure, ProcessEngine
from adjudicator.core.conformance.export import SCHEMA_FILE, ExportedCaseFile, export_json
from adjudicator.core.conformance.report import EngineRun, render_html, report_json, topic_rows
from adjudicator.core.conformance.runner import (
    STATUSES,
    CaseResult,
    HelloFailure,
    RulesOf,
    Runner,
    RunReport,
)
from adjudicator.core.conformance.spawn import DEFAULT_ENGINE, adopt
from adjudicator.core.conformance.suite import (
    LOCK_FILE,
    SUITE_FILE,
    UNVERSIONED,
    Lock,
    digests,
    load_lock,
    load_suite,
    release_problems,
    version_of,
)
from adjudicator.core.conformance.words import (
    MARKS,
    WORDS,
    counts_text,
    labels,
    said_of,
    version_text,
)
from adjudicator.core.errors import InputError
from adjudicator.core.game import FEATURES, Game
from adjudicator.core.i18n import Lang, Said, in_lang
from adjudicator.core.references import RuleData
from adjudicator.core.registry import Registry
from adjudicator.core.schemas import document
from adjudicator.core.shipped import shipped
from adjudicator.core.strict_json import dumps
from adjudicator.core.walk import is_folder
from adjudicator.core.writing import check_file, check_folder, write_text

#: The engine did not start, or its answer to ``hello`` cannot start a run.
EXIT_ENGINE = 4


class ExportFormat(StrEnum):
    json = "json"


#: The suite shipped with the package (the checkout's ``conformance/`` in development).
SUITE = shipped("conformance")
CasesOption = Annotated[
    Path,
    typer.Option(
        "--cases",
        help="Folder of YAML case files (searched recursively); default: the suite shipped "
        "with the package.",
        show_default=False,
    ),
]
GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        help="Only cases of this game: its short name (orbit-dominion) or id (orbit-dominion/4.2).",
    ),
]


def _game(registry: Registry, name: str) -> Game:
    try:
        return registry.find(name)
    except InputError as err:
        fail(err)


def _shipped(cases: Path) -> bool:
    """Whether ``cases`` is the suite shipped with the package: read from its compiled
    files while they are those of its YAML (:mod:`~adjudicator.core.conformance.compiled`),
    its YAML otherwise without the bounds that protect against a hostile folder."""
    try:
        return cases.resolve() == SUITE.resolve()
    except OSError:
        return False


def _load(cases: Path, game: str | None) -> list[CaseFile]:
    if not is_folder(cases):
        fail(
            InputError(
                "usage",
                f"{cases} is not a folder of case files",
                ja=f"{cases} はケースファイルのフォルダではありません",
                field="--cases",
            )
        )
    shipped_suite = _shipped(cases)
    try:
        found = compiled.read(cases, game) if shipped_suite else None
        if found is None:
            found = case_files(cases, game, trusted=shipped_suite)
        files = [f for _, f in found]
    except InputError as err:
        fail(err)
    if not files:
        for_game = f" for {game}" if game else ""
        fail(
            InputError(
                "usage",
                f"no case files under {cases}{for_game}",
                ja=f"{cases} に{f' {game} の' if game else ''}ケースファイルがありません",
            )
        )
    return files


def select(files: list[CaseFile], patterns: list[str]) -> set[str]:
    """The case ids matching any pattern (an id or a glob such as ``od.ruling9.*``); a
    pattern that matches no case is a usage error naming it."""
    ids = [c.id for f in files for c in f.cases]
    chosen: set[str] = set()
    for pattern in patterns:
        matched = {i for i in ids if fnmatchcase(i, pattern)}
        if not matched:
            fail(
                InputError(
                    "unknown_case",
                    f"no case id matches '{pattern}'",
                    ja=f"「{pattern}」に当たるケースIDがありません",
                    field="--only",
                    expected="a case id or a glob pattern such as 'od.perft.*'",
                    expected_ja="ケースID、または 'od.perft.*' のようなグロブパターン",
                )
            )
        chosen |= matched
    return chosen


def print_result(r: CaseResult, verbose: bool, lang: Lang = "en") -> None:
    """One case's lines. Everything in them that comes from the engine or the case file
    (refs, the request, answers, stderr) is :func:`shown`: no markup, no raw control."""
    if not verbose and r.status not in ("failed", "errored"):
        return
    words = WORDS[lang]
    head = f"{MARKS[lang][r.status]} {shown(r.id)} [dim]({shown(', '.join(r.refs))})[/]"
    if r.status in ("passed", "failed"):
        console.print(head)
    else:
        console.print(f"{head} — {shown(in_lang(r.detail, lang))}")
    if r.status not in ("failed", "errored"):
        return
    label = labels(lang)
    if verbose:
        console.print(label["description"] + shown(r.description or words["none"]))
        console.print(label["rule"] + shown(rules_text(r, lang)))
    console.print(label["request"] + shown(r.request or words["none"]))
    if r.status == "failed":
        console.print(label["expected"] + shown(json.dumps(r.expected, ensure_ascii=False)))
        console.print(label["actual"] + shown(json.dumps(r.actual, ensure_ascii=False)))
        for line in r.diff:
            console.print(label["diff"] + shown(in_lang(line, lang)))
        return
    if r.received is not None:
        console.print(label["received"] + shown(r.received))
    if r.stderr:
        console.print(words["stderr"])
        for line in r.stderr.split("\n"):
            console.print(f"      | {shown(line)}")


def print_report(report: RunReport, verbose: bool, lang: Lang = "en") -> None:
    words = WORDS[lang]
    for r in report.results:
        print_result(r, verbose, lang)
    console.print()
    declared = set(report.engine.games) if report.engine else set()
    for game, topics in report.by_game().items():
        total = {s: sum(c[s] for c in topics.values()) for s in STATUSES}
        if game not in declared:
            console.print(
                words["undeclared game"].format(game=shown(game), counts=counts_text(total, lang))
            )
            continue
        console.print(f"[bold]{shown(game)}[/]: {counts_text(total, lang)}")
        for topic, counts in topics.items():
            console.print(f"  {shown(topic)}: {counts_text(counts, lang)}")
    c = report.counts()
    engine = report.engine
    who = shown(f"{engine.name} {engine.version}") if engine else words["engine"]
    suite = version_text(report.suite, lang)
    console.print(
        "\n" + words["summary"].format(who=who, suite=suite, **{s: c[s] for s in STATUSES})
    )
    if report.restarts:
        console.print(words["restarts"].format(n=report.restarts))
    if engine and (unknown := engine.unknown_features()):
        console.print(
            words["unknown features"].format(
                unknown=shown(", ".join(unknown)), vocabulary=", ".join(FEATURES)
            )
        )
    if report.stopped:
        stopped = shown(in_lang(report.stopped, lang))
        console.print(words["not run"].format(stopped=stopped, n=report.not_run))


def start_engine(engine: str, timeout: float) -> ProcessEngine | EngineFailure:
    """The engine started (or adopted, when the console script started it early), or why
    it did not. It is started before the cases are read, so that its own start-up runs
    meanwhile; why it did not start is told after them, as a usage error comes first."""
    try:
        return ProcessEngine(engine, timeout=timeout, started=adopt(engine))
    except EngineFailure as exc:
        return exc


def rules_text(r: CaseResult, lang: Lang) -> str:
    """The rules a case cites as the rulebook names them (``第4条 軌道航行と捕獲; …``),
    each with its id; a reference this installation does not know, by its id alone."""
    key = "cite_ja" if lang == "ja" else "cite"
    return "; ".join(f"{c[key]} ({c['id']})" if c[key] else str(c["id"]) for c in r.rules)


def rules_of(registry: Registry) -> RulesOf:
    """The rule data of a game id the registry knows, to cite the cases' references."""

    def of(game_id: str) -> RuleData | None:
        game = registry.get(game_id)
        return game.rules if game is not None else None

    return of


def start_runner(
    started: ProcessEngine | EngineFailure,
    files: list[CaseFile],
    lang: Lang = "en",
    rules: RulesOf | None = None,
) -> tuple[ProcessEngine, Runner]:
    """The engine greeted; exit 4 with a plain explanation when it did not start or its
    ``hello`` cannot start a run."""
    if isinstance(started, EngineFailure):
        problem = shown(in_lang(said_of(started), lang))
        err_console.print(WORDS[lang]["did not start"].format(problem=problem))
        raise typer.Exit(EXIT_ENGINE)
    process = started
    try:
        return process, Runner(process, {f.game for f in files}, rules)
    except HelloFailure as exc:
        process.close()
        err_console.print(shown_lines(in_lang(exc.explain(), lang)))
        raise typer.Exit(EXIT_ENGINE) from None


def smoke_selection(
    runner: Runner, files: list[CaseFile], lang: Lang = "en"
) -> tuple[set[str], list[str]]:
    """One case per game the engine declares (the first it has the features for), and a
    note for each game it does not."""
    chosen: dict[str, str] = {}
    for f in files:
        if f.game in chosen or f.game not in runner.info.games:
            continue
        for case in f.cases:
            if runner.runnable(f.game, case):
                chosen[f.game] = case.id
                break
    games = dict.fromkeys(f.game for f in files)
    note = WORDS[lang]["not declared"]
    notes = [note.format(game=g) for g in games if g not in runner.info.games]
    return set(chosen.values()), notes


def _named_engine(spec: str) -> tuple[str, str]:
    name, sep, command = spec.partition("=")
    if not sep or not name.strip() or not command.strip():
        fail(
            InputError(
                "usage",
                f"'{spec}' does not name its engine",
                ja=f"「{spec}」はエンジンの名前を示していません",
                field="--engine",
                expected="NAME=COMMAND, e.g. 'js=node examples/minimal_engine.js'",
                expected_ja="名前=コマンド(例: 'js=node examples/minimal_engine.js')",
            )
        )
    return name.strip(), command.strip()


def _run_one(
    name: str,
    command: str,
    timeout: float,
    files: list[CaseFile],
    chosen: set[str] | None,
    version: str,
    rules: RulesOf | None = None,
) -> EngineRun:
    """One engine through the cases; an engine that does not start is part of the report."""
    try:
        process = ProcessEngine(command, timeout=timeout)
    except EngineFailure as exc:
        why = said_of(exc)
        problem = Said(
            f"the engine did not start: {why}", f"エンジンが起動しません: {in_lang(why, 'ja')}"
        )
        return EngineRun(name, command, None, problem)
    try:
        runner = Runner(process, {f.game for f in files}, rules)
        return EngineRun(name, command, runner.run(files, chosen, suite=version))
    except HelloFailure as exc:
        return EngineRun(name, command, None, exc.explain())
    finally:
        process.close()


def register(app: typer.Typer) -> None:
    conformance = typer.Typer(
        no_args_is_help=True,
        help="Run the conformance suite against an engine, or show rule coverage.",
    )
    app.add_typer(conformance, name="conformance")

    @conformance.command("run")
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
            typer.Option(
                "--only", help="Run only cases whose id matches (a glob, e.g. 'od.perft.*')."
            ),
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
        stopped early; 2 usage error; 4 the engine did not start or its hello failed.

        Example: `adjudicator conformance run --engine "python3 examples/minimal_engine.py"`
        """
        language = resolve_lang(lang)
        game_id = _game(ctx.obj, game).id if game else None
        started = start_engine(engine, timeout)
        try:
            files = _load(cases, game_id)
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

    @conformance.command("report")
    def report_command(
        ctx: typer.Context,
        engines: Annotated[
            list[str],
            typer.Option(
                "--engine",
                help="NAME=COMMAND of an engine to run (repeatable), e.g. "
                "'js=node examples/minimal_engine.js'.",
            ),
        ],
        html: Annotated[
            Path | None, typer.Option("--html", help="Write the report as one HTML page here.")
        ] = None,
        json_path: Annotated[
            Path | None, typer.Option("--json", help="Write the report as JSON here.")
        ] = None,
        cases: CasesOption = SUITE,
        game: GameOption = None,
        only: Annotated[
            list[str] | None,
            typer.Option("--only", help="Only cases whose id matches (a glob, repeatable)."),
        ] = None,
        timeout: Annotated[
            float,
            typer.Option(
                "--timeout", min=0.1, help="Seconds each request may take, written and answered."
            ),
        ] = 60.0,
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
        words = WORDS[language]
        try:
            for path, option in ((html, "--html"), (json_path, "--json")):
                if path is not None:
                    check_file(path, option)
        except InputError as err:
            fail(err)
        named = [_named_engine(spec) for spec in engines]
        names = [name for name, _ in named]
        if len(set(names)) != len(names):
            fail(
                InputError(
                    "usage",
                    "each engine needs its own NAME",
                    ja="エンジンごとに別の名前が必要です",
                    field="--engine",
                )
            )
        files = _load(cases, _game(ctx.obj, game).id if game else None)
        chosen = select(files, only) if only else None
        version = version_of(cases)
        rules = rules_of(ctx.obj)
        runs = [
            _run_one(name, command, timeout, files, chosen, version, rules)
            for name, command in named
        ]
        rows = topic_rows(runs, [(f.game, f.topic) for f in files])
        # A file that cannot be written after all is said after the engines' counts.
        unwritten: list[InputError] = []
        written: list[Path] = []
        for path, option, make in (
            (html, "--html", lambda: render_html(version, runs, rows, language)),
            (
                json_path,
                "--json",
                lambda: dumps(report_json(version, runs, rows), indent=2) + "\n",
            ),
        ):
            if path is None:
                continue
            try:
                write_text(path, make(), option)
                written.append(path)
            except InputError as err:
                unwritten.append(err)
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

    @conformance.command("lock")
    def lock_command(cases: CasesOption = SUITE, lang: LangOption = None) -> None:
        """Record what every case sends and expects as the suite's current version, after
        checking that the newest changelog entry names every case added, changed or removed
        since the last lock (exit 1 when it does not)."""
        language = resolve_lang(lang)
        words = WORDS[language]
        files = _load(cases, None)
        try:
            suite_data, lock = load_suite(cases), load_lock(cases)
        except InputError as err:
            fail(err)
        if suite_data is None:
            fail(
                InputError(
                    "usage",
                    f"no {SUITE_FILE} in {cases}",
                    ja=f"{cases} に {SUITE_FILE} がありません",
                    field="--cases",
                )
            )
        problems = release_problems(suite_data, lock, files)
        for problem in problems:
            said = shown(in_lang(problem, language))
            err_console.print(words["not locked"].format(problem=said))
        if problems:
            raise typer.Exit(EXIT_INVALID)
        new = Lock(suite_version=suite_data.version, cases=digests(files))
        text = dumps(new.model_dump(), indent=2) + "\n"
        try:
            write_text(cases / LOCK_FILE, text, "--cases")
        except InputError as err:
            fail(err)
        console.print(words["locked"].format(n=len(new.cases), version=new.suite_version))

    @conformance.command("export")
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
        files = _load(cases, _game(ctx.obj, game).id if game else None)
        try:
            suite = load_suite(cases)
            schema = document(SCHEMA_FILE.removesuffix(".schema.json"), ExportedCaseFile)
            written = export_json(files, suite, schema, directory)
        except InputError as err:
            fail(err)
        count = sum(len(f.cases) for f in files)
        console.print(
            WORDS[language]["exported"].format(
                files=len(written) - 2,
                cases=count,
                version=version_text(suite.version if suite else UNVERSIONED, language),
                schema=written[1].name,
                index=written[0].name,
                directory=shown(str(directory)),
            )
        )

    @conformance.command("coverage")
    def coverage_command(
        ctx: typer.Context,
        cases: CasesOption = SUITE,
        game: GameOption = None,
        as_json: JsonOption = False,
        lang: LangOption = None,
    ) -> None:
        """For every article, rulings row and processing step, the cases that cover it;
        those with none are flagged (exit 1)."""
        language = resolve_lang(lang)
        words = WORDS[language]
        games = [_game(ctx.obj, game)] if game else list(ctx.obj.games)
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
                mark = words["covered"] if ids else words["uncovered"]
                more = words["more"].format(n=len(ids) - 6) if len(ids) > 6 else ""
                listed = shown(", ".join(ids[:6])) + more
                console.print(f"  {mark} {ref.id:10} {shown(ref.cite(language))}: {listed}")
            for case_id, refs in report.unknown.items():
                said = words["unknown reference"].format(refs=shown(str(refs)), case=shown(case_id))
                console.print(said)
        if as_json:
            print(dumps(result, indent=2))
        raise typer.Exit(EXIT_INVALID if uncovered_any else EXIT_OK)

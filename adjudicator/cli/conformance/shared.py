"""What the ``adjudicator conformance`` commands share: the suite's options, reading and
selecting its cases, starting an engine and a runner, and the report on a terminal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import StrEnum
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.common import (
    console,
    err_console,
    fail,
    shown,
    shown_lines,
)
from adjudicator.core.batch.walk import is_folder
from adjudicator.core.conformance import compiled
from adjudicator.core.conformance.cases import CaseFile, case_files
from adjudicator.core.conformance.engine import EngineFailure, ProcessEngine
from adjudicator.core.conformance.hello import HelloFailure
from adjudicator.core.conformance.report import EngineRun
from adjudicator.core.conformance.runner import (
    STATUSES,
    CaseResult,
    RulesOf,
    Runner,
    RunReport,
)
from adjudicator.core.conformance.spawn import adopt
from adjudicator.core.conformance.suite import LOCK_FILE
from adjudicator.core.conformance.words import (
    counts_text,
    labels,
    marks,
    said_of,
    version_text,
    word_table,
)
from adjudicator.core.errors import InputError
from adjudicator.core.game import FEATURES, Game
from adjudicator.core.i18n import Lang, in_lang, said
from adjudicator.core.judge.references import RuleData
from adjudicator.core.registry import Registry
from adjudicator.core.shipped import shipped

#: The engine did not start, or its answer to ``hello`` cannot start a run.
EXIT_ENGINE = 5


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


def game_named(registry: Registry, name: str) -> Game:
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


def load_cases(cases: Path, game: str | None) -> list[CaseFile]:
    if not is_folder(cases):
        fail(
            InputError(
                "usage",
                said("cli.conformance.not_a_folder", cases=cases),
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
        none = (
            said("cli.conformance.no_cases_for", cases=cases, game=game)
            if game
            else said("cli.conformance.no_cases", cases=cases)
        )
        fail(InputError("usage", none))
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
                    said("cli.conformance.no_case_matches", pattern=pattern),
                    field="--only",
                    expected=said("cli.conformance.case_pattern"),
                )
            )
        chosen |= matched
    return chosen


def print_result(r: CaseResult, verbose: bool, lang: Lang = "en") -> None:
    """One case's lines. Everything in them that comes from the engine or the case file
    (refs, the request, answers, stderr) is :func:`shown`: no markup, no raw control."""
    if not verbose and r.status not in ("failed", "errored"):
        return
    words = word_table(lang)
    head = f"{marks(lang)[r.status]} {shown(r.id)} [dim]({shown(', '.join(r.refs))})[/]"
    if r.status in ("passed", "failed"):
        console.print(head)
    else:
        console.print(f"{head} — {shown(in_lang(r.detail, lang))}")
    if r.status not in ("failed", "errored"):
        return
    label = labels(lang)
    if verbose:
        console.print(label["description"] + shown(in_lang(r.description, lang) or words["none"]))
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
    words = word_table(lang)
    for r in report.results:
        print_result(r, verbose, lang)
    console.print()
    declared = set(report.engine.games) if report.engine else set()
    for game, topics in report.by_game().items():
        total: dict[str, int] = {s: sum(c[s] for c in topics.values()) for s in STATUSES}
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
    except InputError as err:  # a command that cannot be read (an unbalanced quote)
        fail(err)


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
    """The engine greeted; exit 5 with a plain explanation when it did not start or its
    ``hello`` cannot start a run."""
    if isinstance(started, EngineFailure):
        problem = shown(in_lang(said_of(started), lang))
        err_console.print(word_table(lang)["did not start"].format(problem=problem))
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
    note = word_table(lang)["not declared"]
    notes = [note.format(game=g) for g in games if g not in runner.info.games]
    return set(chosen.values()), notes


def named_engine(spec: str) -> tuple[str, str]:
    name, sep, command = spec.partition("=")
    if not sep or not name.strip() or not command.strip():
        fail(
            InputError(
                "usage",
                said("cli.conformance.engine_unnamed", spec=spec),
                field="--engine",
                expected=said("cli.conformance.engine_spec"),
            )
        )
    return name.strip(), command.strip()


def run_one(
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
    except InputError as err:  # a command that cannot be read (an unbalanced quote)
        fail(err)
    except EngineFailure as exc:
        problem = said("cli.conformance.no_start", why=said_of(exc))
        return EngineRun(name, command, None, problem)
    try:
        runner = Runner(process, {f.game for f in files}, rules)
        return EngineRun(name, command, runner.run(files, chosen, suite=version))
    except HelloFailure as exc:
        return EngineRun(name, command, None, exc.explain())
    finally:
        process.close()


def case_inputs(cases: Path) -> Iterator[Path]:
    """The files of the case folder (the case files, the suite's changelog), which no file
    a command writes may be; the lock, which ``lock`` rewrites, excepted."""
    lock = cases / LOCK_FILE
    return (p for p in cases.rglob("*") if p != lock and p.is_file())

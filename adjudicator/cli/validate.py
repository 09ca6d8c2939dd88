"""``adjudicator validate``: records replayed against the rulebook, each verdict printed in
the form asked for (the report, ``--json``, ``--jsonl``, ``--summary csv``) and, with
``--html``, a report page written."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator.cli.common import (
    EXIT_USAGE,
    CodesOption,
    LangOption,
    LenientOption,
    available_cores,
    check_output,
    console,
    err_console,
    fail,
    report_error,
    resolve_lang,
)
from adjudicator.core.batch.files import STDIN, Options, RecordFiles, scoped, validate_paths
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.verdict import EXIT_INTERRUPTED, Verdict, worst_exit
from adjudicator.core.read.loading import DEFAULT_MAX_BYTES
from adjudicator.core.read.strict_json import dumps, one_line
from adjudicator.core.registry import Registry
from adjudicator.core.write.output import ReaderGone, quiet_stdout
from adjudicator.core.write.report import PlainText, Shown, VerdictPrinter, labels, summary
from adjudicator.core.write.spreadsheet import SummaryFormat, summary_writer

if TYPE_CHECKING:
    from adjudicator.core.write.report_html import HtmlReport
    from adjudicator.core.write.report_repair import RepairBudget
    from adjudicator.core.write.workbook import Workbook

PathsArgument = Annotated[
    list[Path],
    # readable=False: a file that cannot be read is a verdict, not a usage error
    typer.Argument(help="cli.help.validate.paths", readable=False),
]
JsonListOption = Annotated[
    bool,
    typer.Option("--json", help="cli.help.validate.json"),
]
JsonlOption = Annotated[bool, typer.Option("--jsonl", help="cli.help.validate.jsonl")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=1, help="cli.help.validate.jobs")]
ExecutorOption = Annotated[
    str | None,
    typer.Option(
        "--executor",
        help="cli.help.validate.executor",
    ),
]
MaxBytesOption = Annotated[
    int, typer.Option("--max-bytes", min=1, help="cli.help.validate.max_bytes")
]
HtmlOption = Annotated[
    Path | None,
    typer.Option(
        "--html",
        help="cli.help.validate.html",
    ),
]
XlsxOption = Annotated[
    Path | None,
    typer.Option(
        "--xlsx",
        help="cli.help.validate.xlsx",
    ),
]
InterpretationOption = Annotated[
    list[str] | None,
    typer.Option(
        "--interpretation",
        "-I",
        help="cli.help.validate.interpretation",
    ),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="cli.help.validate.quiet")]
SummaryOption = Annotated[
    SummaryFormat | None,
    typer.Option(
        "--summary",
        help="cli.help.validate.summary",
    ),
]
RepairOption = Annotated[
    bool,
    typer.Option(
        "--repair",
        help="cli.help.validate.repair",
    ),
]
RepairReplaysOption = Annotated[
    int,
    typer.Option(
        "--repair-replays",
        min=1,
        help="cli.help.validate.repair_replays",
    ),
]
RepairSecondsOption = Annotated[
    int,
    typer.Option(
        "--repair-seconds",
        min=1,
        help="cli.help.validate.repair_seconds",
    ),
]


def validate(
    ctx: typer.Context,
    paths: PathsArgument,
    lenient: LenientOption = False,
    lang: LangOption = None,
    as_json: JsonListOption = False,
    jsonl: JsonlOption = False,
    jobs: JobsOption = 1,
    executor: ExecutorOption = None,
    max_bytes: MaxBytesOption = DEFAULT_MAX_BYTES,
    html: HtmlOption = None,
    xlsx: XlsxOption = None,
    interpretation: InterpretationOption = None,
    quiet: QuietOption = False,
    codes: CodesOption = False,
    summary_format: SummaryOption = None,
    repair: RepairOption = False,
    repair_replays: RepairReplaysOption = 2000,
    repair_seconds: RepairSecondsOption = 20,
) -> None:
    """Replay each record against the rulebook and check its claimed result. Its help is
    ``cli.help.validate`` in the catalogue."""
    registry: Registry = ctx.obj
    language = resolve_lang(lang)
    if repair and html is None:
        fail(_repair_needs_html())
    workbook_class = _workbook_class() if xlsx is not None else None  # the extra's check
    files = _record_files(paths, html, xlsx)
    switched = [_switch(registry, text) for text in interpretation or []]
    if STDIN in paths:
        jobs = 1  # standard input is read once, here
    options = Options(
        lenient=lenient,
        lang=language,
        max_bytes=max_bytes,
        interpretations=tuple(switched),
        keep_text=html is not None,
    )
    # Text for a plain stream (the report, or JSON lines) is made where each record is
    # judged, in the workers with several jobs; the other outputs need the verdicts.
    as_text = html is None and xlsx is None and summary_format is None and not as_json
    render = (
        PlainText(language, jsonl=jsonl, codes=codes)
        if as_text and (jsonl or console.plain)
        else None
    )
    if executor is None:
        jobs = _capped(jobs, language)
    verdicts = _verdicts(registry, files, options, jobs, executor, render)
    rows = (
        summary_writer(console.file, summary_format, language, registry.get)
        if summary_format
        else None
    )
    report = None
    if html is not None:
        budget = _repair_budget(repair_replays, repair_seconds) if repair else None
        report = _html_report(html, registry, options, files, jobs, budget)
    book = None
    if workbook_class is not None and xlsx is not None:
        book = workbook_class(xlsx, registry, options, files)
    show = VerdictPrinter(console, language, _rules_of(registry), codes=codes)
    out = _Printed(
        show, rows, jsonl=jsonl, as_json=as_json, quiet=quiet, report=report, workbook=book
    )
    show_bar = sys.stderr.isatty() and len(files) > 1
    with progress_bar(show_bar, lambda: len(files)) as advance:
        interrupted = out.all(verdicts, advance)
    _finish(out, language, interrupted, lambda: len(files))


def _repair_needs_html() -> InputError:
    """``--repair`` without the report it shows its corrections in."""
    return InputError("usage", said("cli.validate.repair_needs_html"), field="--repair")


def _record_files(paths: list[Path], html: Path | None, xlsx: Path | None) -> RecordFiles:
    """The records the paths name, checked before the work starts: the files to write are
    none of them (and can be written), and there is at least one record."""
    files = RecordFiles(paths)
    check_output(html, "--html", files)
    check_output(xlsx, "--xlsx", files)
    if not files:
        err_console.line("error: no record files (*.json, *.txt) found")
        raise typer.Exit(EXIT_USAGE)
    return files


def _capped(jobs: int, language: Lang) -> int:
    """``--jobs``, at most the cores available (said on standard error when capped)."""
    cores = available_cores()
    if jobs > cores:
        err_console.line(labels(language)["jobs_capped"].format(jobs=jobs, cores=cores))
        return cores
    return jobs


def _verdicts(
    registry: Registry,
    files: RecordFiles,
    options: Options,
    jobs: int,
    executor: str | None,
    render: PlainText | None,
) -> Iterator[Verdict | Shown]:
    """The verdicts in the order of the files, judged here in ``jobs`` processes or on a
    Dask cluster; with ``render``, as the text each is shown as, made where it is judged."""
    if executor is None:
        if render is None:
            return validate_paths(registry, files, options, jobs=jobs)
        return validate_paths(registry, files, options, jobs=jobs, render=render)
    from adjudicator.core.batch.distributed import validate_on

    try:
        judged = validate_on(executor, files, options)
    except InputError as err:
        fail(err)
    return judged if render is None else (render(v, registry) for v in judged)


def _workbook_class() -> type[Workbook]:
    """The ``--xlsx`` writer, imported only here (with openpyxl, the 'xlsx' extra); exit 2
    before the work starts when the extra is missing."""
    try:
        from adjudicator.core.write.workbook import Workbook
    except ImportError as exc:
        if exc.name is None or not exc.name.startswith("openpyxl"):
            raise
        fail(
            InputError(
                "missing_extra",
                said("cli.validate.xlsx_extra"),
                field="--xlsx",
                expected=said("cli.validate.xlsx_install"),
            )
        )
    return Workbook


def _repair_budget(replays: int, seconds: int) -> RepairBudget:
    """``--repair``'s budget a record; the search is imported only here."""
    from adjudicator.core.write.report_repair import RepairBudget

    return RepairBudget(replays=replays, seconds=seconds)


def _html_report(
    html: Path,
    registry: Registry,
    options: Options,
    files: RecordFiles,
    jobs: int,
    budget: RepairBudget | None,
) -> HtmlReport:
    """The ``--html`` report being written; its worker pool is imported only here."""
    from adjudicator.core.write.report_html import HtmlReport

    return HtmlReport(html, registry, options, files, jobs=jobs, repair=budget)


@dataclass
class _Printed:
    """The verdicts as printed: counts, not verdicts, are kept (each verdict is printed
    and dropped, so memory stays flat however many records the batch holds), and the
    JSON list for ``--json``."""

    show: VerdictPrinter
    rows: Callable[[Verdict], None] | None
    jsonl: bool
    as_json: bool
    quiet: bool
    report: HtmlReport | None
    workbook: Workbook | None
    statuses: Counter[str] = field(default_factory=Counter)
    exits: set[int] = field(default_factory=set)
    collected: list[dict[str, Any]] = field(default_factory=list)
    #: Standard output's reader gone (`validate … | head`): nothing more is printed, and
    #: the batch goes on only for a file asked for (--html, --xlsx), which is written whole.
    reader_gone: bool = False

    def all(self, verdicts: Iterator[Verdict | Shown], advance: Callable[[], None]) -> bool:
        """Each verdict counted, added to the report and printed; whether Ctrl-C stopped
        the batch (what was done is then reported, as valid output)."""
        try:
            for verdict in verdicts:
                self.statuses[verdict.status] += 1
                self.exits.add(verdict.exit_code)
                advance()
                if not isinstance(verdict, Shown):
                    for kept in (self.report, self.workbook):
                        if kept is not None:
                            kept.add(verdict)
                if self.reader_gone or (self.quiet and verdict.status == "valid"):
                    continue
                try:
                    self.one(verdict)
                except (BrokenPipeError, ReaderGone):
                    quiet_stdout()
                    if self.report is None and self.workbook is None:
                        raise typer.Exit(worst_exit(list(self.exits))) from None
                    self.reader_gone = True
        except KeyboardInterrupt:
            return True
        finally:
            verdicts.close()  # type: ignore[attr-defined]  # a generator, typed as the iterator it is used as
        return False

    def one(self, verdict: Verdict | Shown) -> None:
        """One verdict to standard output, in the form asked for (``--json`` collects it)."""
        if isinstance(verdict, Shown):
            # console.file: stdout itself, not the progress bar's stand-in for it
            console.file.write(verdict.text)
            console.file.flush()
        elif self.rows is not None:
            self.rows(verdict)
        elif self.jsonl:
            print(one_line(verdict.model_dump_json()), file=console.file, flush=True)
        elif self.as_json:
            self.collected.append(verdict.model_dump(mode="json"))
        else:
            self.show(verdict)


def _finish(out: _Printed, language: Lang, interrupted: bool, total: Callable[[], int]) -> None:
    """The report closed, the JSON list or the summary printed, and the exit code: the
    worst verdict's, 2 for a report that could not be written, 130 when interrupted.
    The batch's ``total`` is counted only for the interrupted message: counting walks the
    folders again."""
    unwritten: list[InputError] = []
    for kept in (out.report, out.workbook):
        if kept is None:
            continue
        try:
            kept.close()  # an interrupted batch still gets the report of what was done
        except InputError as err:  # said after the verdicts, which are printed whatever
            unwritten.append(err)
    for defect in out.report.defects if out.report is not None else []:
        sys.stderr.write(defect)  # a drawing's defect, to report as a bug
    if not out.reader_gone:
        try:
            if out.as_json and out.rows is None:
                print(dumps(out.collected, indent=2))
            elif not out.jsonl and out.rows is None and out.statuses.total() > 1:
                console.line(summary(out.statuses, language))
            sys.stdout.flush()
        except (BrokenPipeError, ReaderGone):
            quiet_stdout()
    for failure in unwritten:
        report_error(failure)
        out.exits.add(EXIT_USAGE)
    if interrupted:
        done = out.statuses.total()
        err_console.line(labels(language)["interrupted"].format(done=done, total=total()))
        raise typer.Exit(EXIT_INTERRUPTED)
    raise typer.Exit(worst_exit(list(out.exits)))


@contextmanager
def progress_bar(show: bool, total: Callable[[], int]) -> Iterator[Callable[[], None]]:
    """A transient bar on stderr counting the records judged, or nothing at all: the bar's
    module is imported only when it is shown (a terminal, several records)."""
    if not show:
        yield lambda: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("validating"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console.console,
        transient=True,
    )
    with bar:
        task = bar.add_task("validate", total=total())
        yield lambda: bar.advance(task)


def _switch(registry: Registry, text: str) -> tuple[str, str]:
    """``[GAME:]ID=VALUE`` checked against the games: the id must be an interpretation of
    the named game, or of at least one game."""
    key, eq, value = text.partition("=")
    if not eq:
        fail(
            InputError(
                "usage",
                said("cli.validate.not_id_value", text=text),
                field="--interpretation",
            )
        )
    scope, ident = scoped(key)
    try:
        games = (registry.find(scope, field="--interpretation"),) if scope else registry.games
    except InputError as err:
        fail(err)
    known = [f"{g.slug}:{i.id}" for g in games for i in g.rules.interpretations if i.alternatives]
    if not any(ident == i.id for g in games for i in g.rules.interpretations):
        unknown = (
            said("cli.validate.no_interpretation_in", game=games[0].slug, ident=ident)
            if scope
            else said("cli.validate.no_interpretation", ident=ident)
        )
        fail(
            InputError(
                "unknown_interpretation",
                unknown,
                field="--interpretation",
                expected=said("cli.validate.one_of", known=", ".join(known)),
            )
        )
    return (f"{games[0].slug}:{ident}" if scope else ident), value


def _rules_of(registry: Registry) -> Callable[[str], RuleData | None]:
    """A game's rule data by id, for naming sides and reasons; ``None`` for an unknown id."""

    def rules(game_id: str) -> RuleData | None:
        game = registry.get(game_id)
        return game.rules if game else None

    return rules

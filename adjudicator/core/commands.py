"""The shared record commands: ``validate``, ``convert``, ``replay`` and ``adjudicate``.

They work for every installed game through the :class:`~adjudicator.core.game.Game` and
:class:`~adjudicator.core.records.Replay` interfaces."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from pydantic import BaseModel, Field

from adjudicator.core.batch import (
    STDIN,
    Options,
    RecordFiles,
    is_text_notation,
    read_record,
    scoped,
    validate_paths,
)
from adjudicator.core.cli_common import (
    EXIT_INVALID,
    EXIT_PENDING,
    EXIT_USAGE,
    CodesOption,
    FormatOption,
    JsonOption,
    LangOption,
    SvgOption,
    available_cores,
    check_output,
    console,
    err_console,
    escape,
    fail,
    report_error,
    resolve_lang,
    robust_stdout,
    shown,
    write_output,
)
from adjudicator.core.conversion import Form, convert_record
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.loading import DEFAULT_MAX_BYTES, read_text
from adjudicator.core.outcome import Outcome
from adjudicator.core.outcome_after import OutcomeAfter, outcome_after
from adjudicator.core.output import ReaderGone, quiet_stdout
from adjudicator.core.plies import ply_name
from adjudicator.core.records import Event, GameRecord, Replay, end_as_recorded
from adjudicator.core.references import RuleData
from adjudicator.core.registry import Registry
from adjudicator.core.report import (
    LABELS,
    PlainText,
    Shown,
    VerdictPrinter,
    decided_line,
    summary,
    won_line,
)
from adjudicator.core.spreadsheet import SummaryFormat, summary_writer
from adjudicator.core.strict_json import dumps, one_line
from adjudicator.core.verdict import EXIT_INTERRUPTED, Verdict, worst_exit
from adjudicator.core.writing import write_text

if TYPE_CHECKING:
    from adjudicator.core.svg import Picture

LenientOption = Annotated[
    bool,
    typer.Option(
        "--lenient",
        help="Accept the documented alternative spellings and unknown fields, reporting "
        "each as a warning (strict by default).",
    ),
]


def emit_picture(picture: Picture | None, game: Game, svg: Path | None, fmt: str) -> None:
    """Write the picture where ``--svg`` and ``--format svg`` ask; exit 2 if the game draws
    none."""
    if svg is None and fmt != "svg":
        return
    if picture is None:
        fail(
            InputError(
                "unsupported",
                f"{game.id} draws no pictures",
                ja=f"{game.id} は図を描けません",
                field="--svg",
            )
        )
    document = picture.svg()
    if svg is not None:
        write_output(svg, document, "--svg")
    if fmt == "svg":
        sys.stdout.write(document)


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


def load(registry: Registry, path: Path, *, lenient: bool) -> tuple[Game, GameRecord, str]:
    """The record's game, the record and the file's text; a message and exit 2 if unread."""
    try:
        text = read_text(path)
        return (
            *read_record(registry, text, lenient=lenient, text_notation=is_text_notation(path)),
            text,
        )
    except InputError as err:
        fail(err, str(path))


def register(app: typer.Typer, registry: Registry) -> None:
    @app.command()
    def validate(
        paths: Annotated[
            list[Path],
            # readable=False: a file that cannot be read is a verdict, not a usage error
            typer.Argument(help="Record files, or folders searched for them.", readable=False),
        ],
        lenient: LenientOption = False,
        lang: LangOption = None,
        as_json: Annotated[
            bool,
            typer.Option(
                "--json", help="Print the verdicts as one JSON list, an object per record."
            ),
        ] = False,
        jsonl: Annotated[
            bool, typer.Option("--jsonl", help="Print one JSON verdict per line, streamed.")
        ] = False,
        jobs: Annotated[
            int, typer.Option("--jobs", "-j", min=1, help="Validate in this many processes.")
        ] = 1,
        executor: Annotated[
            str | None,
            typer.Option(
                "--executor",
                help="Validate on a Dask cluster's workers instead (dask://HOST:PORT; "
                "the 'distributed' extra): the same verdicts in the same order.",
            ),
        ] = None,
        max_bytes: Annotated[
            int, typer.Option("--max-bytes", min=1, help="Refuse larger files.")
        ] = DEFAULT_MAX_BYTES,
        html: Annotated[
            Path | None,
            typer.Option(
                "--html",
                help="Also write a self-contained HTML report: a table of the records and each "
                "record's verdict with a step-through viewer of its plies.",
            ),
        ] = None,
        interpretation: Annotated[
            list[str] | None,
            typer.Option(
                "--interpretation",
                "-I",
                help="Switch a numbered interpretation, ID=VALUE (e.g. nebula-entry=each-step), "
                "for the records of every game that has it, or GAME:ID=VALUE for one game's "
                "(dark-nebula:nebula-entry=each-step); repeatable. The verdict lists it.",
            ),
        ] = None,
        quiet: Annotated[
            bool,
            typer.Option("--quiet", "-q", help="Show only the records that are not valid."),
        ] = False,
        codes: CodesOption = False,
        summary_format: Annotated[
            SummaryFormat | None,
            typer.Option(
                "--summary",
                help="csv: one row per record (file, game, status, ply, code, article, "
                "winner, reason) for spreadsheets, instead of the report; csv-excel: the same "
                "for Excel (UTF-8 with a byte order mark, CRLF). A cell that would start a "
                "formula (=, +, -, @) gets a leading apostrophe.",
            ),
        ] = None,
        repair: Annotated[
            bool,
            typer.Option(
                "--repair",
                help="With --html: look for each invalid record's best correction (as "
                "adjudicator repair does, on a small budget a record), show it in the "
                "record's row, and step through the corrected game beside the written one.",
            ),
        ] = False,
        repair_replays: Annotated[
            int,
            typer.Option(
                "--repair-replays",
                min=1,
                help="With --repair: replay at most this many edited records a record.",
            ),
        ] = 2000,
        repair_seconds: Annotated[
            int,
            typer.Option(
                "--repair-seconds",
                min=1,
                help="With --repair: search at most this many seconds a record.",
            ),
        ] = 2,
    ) -> None:
        """Replay each record against the rulebook and check its claimed result.

        Records are JSON (`*.json`) or text notation (`*.txt`); folders are searched
        recursively; `-` reads one record from standard input. Strict by default. `--json`
        prints a list of verdicts (schemas/verdicts.schema.json), for one record too.
        Exit code: 0 all valid, 1 some invalid, 2 usage error or unreadable input, 3 hidden
        checks pending, 4 internal error, 130 interrupted (Ctrl-C: what was done is still
        printed); over several records the worst counts, in the order 4, 2, 1, 3, 0.
        `--jobs` is capped at the cores available.

        Example: `adjudicator validate records/ --lang ja`
        """
        language = resolve_lang(lang)
        if repair and html is None:
            fail(
                InputError(
                    "usage",
                    "--repair shows corrections in the HTML report; give --html FILE too",
                    ja="--repair は修正案を HTML レポートに示します。"
                    "--html FILE も指定してください",
                    field="--repair",
                )
            )
        check_output(html, "--html")
        files = RecordFiles(paths)
        if not files:
            err_console.line("error: no record files (*.json, *.txt) found")
            raise typer.Exit(EXIT_USAGE)
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
        robust_stdout()
        # Text for a plain stream (the report, or JSON lines) is made where each record is
        # judged, in the workers with several jobs; the other outputs need the verdicts.
        as_text = html is None and summary_format is None and not as_json
        plain = as_text and (jsonl or console.plain)
        render = PlainText(language, jsonl=jsonl, codes=codes) if plain else None
        if executor is None:
            cores = available_cores()
            if jobs > cores:
                err_console.line(LABELS[language]["jobs_capped"].format(jobs=jobs, cores=cores))
                jobs = cores
            if render is None:
                verdicts: Iterator[Verdict | Shown] = validate_paths(
                    registry, files, options, jobs=jobs
                )
            else:
                verdicts = validate_paths(registry, files, options, jobs=jobs, render=render)
        else:
            from adjudicator.core.distributed import validate_on

            try:
                judged = validate_on(executor, files, options)
            except InputError as err:
                fail(err)
            verdicts = judged if render is None else (render(v, registry) for v in judged)
        # Counts, not verdicts: each verdict is printed and dropped, so memory stays flat
        # however many records the batch holds.
        statuses: Counter[str] = Counter()
        exits: set[int] = set()
        interrupted = False
        show_bar = sys.stderr.isatty() and len(files) > 1
        collected: list[dict] = []
        rows = summary_writer(console.file, summary_format) if summary_format else None
        report = None
        if html is not None:
            from adjudicator.core.report_html import HtmlReport  # its worker pool: only here

            budget = None
            if repair:
                from adjudicator.core.report_repair import RepairBudget  # the search: only here

                budget = RepairBudget(replays=repair_replays, seconds=repair_seconds)
            report = HtmlReport(html, registry, options, jobs=jobs, repair=budget)
        show = VerdictPrinter(console, language, _rules_of(registry), codes=codes)
        # Standard output's reader gone (`validate … | head`): nothing more is printed, and
        # the batch goes on only for a file asked for (--html), which is written whole.
        reader_gone = False
        with progress_bar(show_bar, lambda: len(files)) as advance:
            try:
                for verdict in verdicts:
                    statuses[verdict.status] += 1
                    exits.add(verdict.exit_code)
                    advance()
                    if report is not None and not isinstance(verdict, Shown):
                        report.add(verdict)
                    if reader_gone or (quiet and verdict.status == "valid"):
                        continue
                    try:
                        _print_verdict(verdict, show, rows, jsonl, as_json, collected)
                    except (BrokenPipeError, ReaderGone):
                        quiet_stdout()
                        if report is None:
                            raise typer.Exit(worst_exit(list(exits))) from None
                        reader_gone = True
            except KeyboardInterrupt:  # report what was done, as valid output, and say so
                interrupted = True
            finally:
                verdicts.close()
        unwritten = None
        if report is not None:
            try:
                report.close()  # an interrupted batch still gets the report of what was done
            except InputError as err:  # said after the verdicts, which are printed whatever
                unwritten = err
        if not reader_gone:
            try:
                if as_json and rows is None:
                    print(dumps(collected, indent=2))
                elif not jsonl and rows is None and statuses.total() > 1:
                    console.line(summary(statuses, language))
                sys.stdout.flush()
            except (BrokenPipeError, ReaderGone):
                quiet_stdout()
        if unwritten is not None:
            report_error(unwritten)
            exits.add(EXIT_USAGE)
        if interrupted:
            done = statuses.total()
            message = LABELS[language]["interrupted"].format(done=done, total=len(files))
            err_console.line(message)
            raise typer.Exit(EXIT_INTERRUPTED)
        raise typer.Exit(worst_exit(list(exits)))

    @app.command()
    def convert(
        source: Annotated[Path, typer.Argument(help="A record, JSON or text notation.")],
        to: Annotated[
            Literal["json", "text"] | None,
            typer.Option("--to", help="Target notation (default: the other one)."),
        ] = None,
        output: Annotated[
            Path | None, typer.Option("--output", "-o", help="Write here, not to stdout.")
        ] = None,
        lenient: LenientOption = False,
    ) -> None:
        """Convert a record between its JSON form and its text notation, losing nothing.

        Example: `adjudicator convert game.json -o game.txt`
        """
        check_output(output, "--output")
        game, record, text = load(registry, source, lenient=lenient)
        source_form: Form = "json" if text.lstrip().startswith("{") else "text"
        target: Form = to or ("text" if source_form == "json" else "json")
        try:
            converted = convert_record(game, record, source_form, target)
            if output is not None:
                write_text(output, converted, "--output")
        except InputError as err:
            fail(err, str(source))
        if output is None:
            sys.stdout.write(converted)

    @app.command()
    def replay(
        source: Annotated[Path, typer.Argument(help="A record, JSON or text notation.")],
        to: Annotated[
            int | None, typer.Option("--to", min=0, help="Stop after this many actions.")
        ] = None,
        lenient: LenientOption = False,
        lang: LangOption = None,
        svg: SvgOption = None,
        fmt: FormatOption = "text",
        codes: CodesOption = False,
        caption: Annotated[
            bool,
            typer.Option(
                "--caption",
                help="Draw under the board of the SVG picture the last action, why it was "
                "refused and who has won.",
            ),
        ] = False,
    ) -> None:
        """Step through a record, drawing each position with the last action marked.

        With `--svg FILE` (or `--format svg`, to stdout) the last position reached is also
        drawn as an SVG picture, an action refused there drawn dashed; with `--caption`,
        the last action, why it was refused and who has won are written under the board.

        Example: `adjudicator replay game.json --to 12 --svg ply12.svg`
        """
        language = resolve_lang(lang)
        check_output(svg, "--svg")
        label = LABELS[language]
        game, record, _ = load(registry, source, lenient=lenient)
        state = game.replay(record)
        show = console if fmt == "text" else err_console

        def to_move() -> str:
            return turn_words(game, state.side_to_move(), state.outcome(), language)

        def picture(last: str, refused: str | None = None, *why: str) -> Picture | None:
            """The last position reached, with the caption asked for: the last event (or
            the one refused), why it was refused, who has won."""
            drawn = state.picture(refused, lang=language)
            if drawn is None or not caption:
                return drawn
            lines = [last, *why]
            decided = state.outcome()
            if decided is not None:
                reason = game.rules.reason(decided.reason).rules
                won = won_line(
                    game.rules, language, decided.decided_at, decided.winner, decided.reason
                )
                lines += [won, game.rules.cite(reason, language)]
            return drawn.captioned(lines)

        counting = game.rules.counting
        first = game.rules.side_name(state.side_to_move(), language)
        start = ply_name(counting, 0, language)
        show.print(f"[bold]{start}[/] · {first} · {escape(state.describe(language))}")
        show.print(state.drawing(language), markup=False)
        last = start
        for ply, event in enumerate(record.events[:to] if to is not None else record.events, 1):
            try:
                step = state.attempt(event.played, lenient=lenient)
            except InputError as err:
                fail(err.at_ply(ply, counting), str(source))
            if step.decided is not None:
                show.print(_decided_line(game, language, step.decided))
                refused = f"{ply_name(counting, ply, language)} {event.written}: {label['illegal']}"
                v = step.violation
                why = (v.message(language), v.cite(game.rules, language)) if v else ()
                emit_picture(picture(refused, event.written, *why), game, svg, fmt)
                raise typer.Exit(EXIT_INVALID)
            if step.violation is not None:
                v = step.violation
                at, written, found = ruled_event(game, record.events, ply, step.at, language)
                faulty = f"{at} {written}"
                code = f": {v.code}" if codes else ""
                show.print(
                    f"[bold red]{shown(faulty)}{code}[/] — "
                    f"{escape(v.cite(game.rules, language))}\n  {shown(v.message(language))}"
                )
                if found:
                    show.print(f"  {shown(found)}")
                refused = f"{faulty}: {label['illegal']}"
                why = (
                    *([found] if found else []),
                    v.message(language),
                    v.cite(game.rules, language),
                )
                emit_picture(picture(refused, event.written, *why), game, svg, fmt)
                raise typer.Exit(EXIT_INVALID)
            show.print(
                f"[bold]{ply_name(counting, ply, language)}[/] {shown(event.written)} · "
                f"{to_move()} · "
                f"{escape(state.describe(language))}"
            )
            show.print(state.drawing(language), markup=False)
            last = f"{ply_name(counting, ply, language)} {event.written}"
        decided = state.outcome()
        if decided is not None:
            show.print(_decided_line(game, language, decided))
        if to is None or to >= len(record.events):
            end_as_recorded(state, record)  # a resignation or a forfeit: drawn finished
        emit_picture(picture(f"{last} · {to_move()}"), game, svg, fmt)
        waiting = state.pending() if to is None or to >= len(record.events) else []
        if waiting:
            show.print(f"[yellow]{escape(label['pending_exit'].format(n=len(waiting)))}[/]")
            for d in waiting:
                where = label["at_ply"].format(ply=ply_name(counting, d.ply, language))
                code = f" [dim]({d.code})[/]" if codes else ""
                show.print(f"    {where}: {escape(d.description[language])}{code}")
            raise typer.Exit(EXIT_PENDING)

    @app.command()
    def adjudicate(
        action: Annotated[
            str | None, typer.Option("--action", "-a", help="The disputed action.")
        ] = None,
        record: Annotated[
            Path | None, typer.Option("--record", help="Rule on a moment of this record.")
        ] = None,
        at: Annotated[
            int | None,
            typer.Option("--at", min=1, help="With --record: the ply of the disputed action."),
        ] = None,
        position: Annotated[
            str | None, typer.Option("--position", help="Or: rule on this position.")
        ] = None,
        history: Annotated[
            list[str] | None,
            typer.Option("--history", help="With --position: an earlier position (repeatable)."),
        ] = None,
        game_id: Annotated[
            str | None,
            typer.Option(
                "--game", help="With --position: the game (astro-stra, or its id astro-stra/0.9.0)."
            ),
        ] = None,
        solve: Annotated[
            bool,
            typer.Option(
                "--solve",
                help="Instead of ruling on an action: whether a side forces a win within "
                "--depth actions (an unfinished game).",
            ),
        ] = False,
        depth: Annotated[
            int, typer.Option("--depth", min=0, max=120, help="With --solve: actions to search.")
        ] = 4,
        executor: Annotated[
            str | None,
            typer.Option("--executor", help="With --solve: a Dask cluster, dask://HOST:PORT."),
        ] = None,
        lenient: LenientOption = False,
        lang: LangOption = None,
        as_json: JsonOption = False,
        svg: SvgOption = None,
        fmt: FormatOption = "text",
        codes: CodesOption = False,
        caption: Annotated[
            bool,
            typer.Option(
                "--caption/--no-caption",
                help="Draw the ruling and what it decides under the board of the SVG picture "
                "(the default); --no-caption: the board alone.",
                show_default=False,
            ),
        ] = True,
    ) -> None:
        """Rule on a disputed moment: whose turn it is, what the turn start decides,
        whether the action is legal and which article says so, and what it leads to. With
        --solve, adjudicate an unfinished game instead: the position before ply --at.

        With `--svg FILE` (or `--format svg`, to stdout) the ruling is drawn: a legal
        action on the position it leads to, an illegal one dashed on the position before;
        under the board, the ruling and what it decides, in the language chosen
        (`--no-caption`: the board alone).

        Examples: `adjudicator adjudicate --record game.json --at 12 --action O3-O5`;
        `adjudicator adjudicate --game orbit-dominion --position '…' --action O+`;
        `adjudicator adjudicate --record game.json --at 38 --solve --depth 5`
        """
        language = resolve_lang(lang)
        check_output(svg, "--svg")
        if (action is None) == (not solve):
            fail(
                InputError(
                    "usage",
                    "give either --action or --solve",
                    ja="--action か --solve のどちらか一方を指定してください",
                )
            )
        state, game, events = dispute_moment(
            registry, record, at, position, history, game_id, lenient
        )
        if action is None:
            try:
                game.solve(state, depth, lang=language, as_json=as_json, executor=executor)
            except InputError as err:
                fail(err)
            return
        ruling = rule(state, game, action, lenient=lenient, lang=language, events=events)
        picture = state.picture(None if ruling.legal else action, lang=language)
        if picture is not None and caption:
            picture = picture.captioned(ruling_caption(ruling, game, language))
        emit_picture(picture, game, svg, fmt)
        if fmt == "svg":
            raise typer.Exit(0 if ruling.legal else 1)
        if as_json:
            print(one_line(ruling.model_dump_json(indent=2)))
            raise typer.Exit(0 if ruling.legal else 1)
        label = LABELS[language]
        console.print(ruling.drawing_before, markup=False)
        turn = turn_words(game, ruling.side_to_move, ruling.decided_before, language)
        console.print(
            f"{turn} · {ply_name(game.rules.counting, ruling.ply, language)} · "
            f"{escape(ruling.position_before)}"
        )
        if ruling.decided_before is not None:
            decided = _decided_line(game, language, ruling.decided_before)
            console.print(label["turn_start"].format(decided=decided))
        verdict = f"[green]{label['legal']}[/]" if ruling.legal else f"[red]{label['illegal']}[/]"
        console.print(f"{shown(action)}: {verdict}")
        if ruling.violation is not None:
            code = f"{ruling.violation} — " if codes else ""
            proves = _proves(ruling, game, language)
            if proves:
                console.print(f"  {shown(proves)}")
            console.print(f"  {code}{escape(ruling.citation or '')}")
            console.print(f"  {shown(ruling.message or '')}")
        if ruling.position_after is not None:
            console.print(escape(label["leads_to"].format(position=ruling.position_after)))
            console.print(ruling.drawing_after or "", markup=False)
        if ruling.outcome_after is not None:
            console.print(escape(ruling.outcome_after.message))
        raise typer.Exit(0 if ruling.legal else 1)


def _print_verdict(
    verdict: Verdict | Shown,
    show: VerdictPrinter,
    rows: Callable[[Verdict], None] | None,
    jsonl: bool,
    as_json: bool,
    collected: list[dict],
) -> None:
    """One verdict to standard output, in the form asked for (``--json`` collects it)."""
    if isinstance(verdict, Shown):
        # console.file: stdout itself, not the progress bar's stand-in for it
        console.file.write(verdict.text)
        console.file.flush()
    elif rows is not None:
        rows(verdict)
    elif jsonl:
        print(one_line(verdict.model_dump_json()), file=console.file, flush=True)
    elif as_json:
        collected.append(verdict.model_dump(mode="json"))
    else:
        show(verdict)


def _switch(registry: Registry, text: str) -> tuple[str, str]:
    """``[GAME:]ID=VALUE`` checked against the games: the id must be an interpretation of
    the named game, or of at least one game."""
    key, eq, value = text.partition("=")
    if not eq:
        fail(
            InputError(
                "usage",
                f"'{text}' is not ID=VALUE",
                ja=f"「{text}」は ID=値 の形ではありません",
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
        said = f"{games[0].slug} has no" if scope else "no game has the"
        fail(
            InputError(
                "unknown_interpretation",
                f"{said} interpretation '{ident}'",
                ja=f"解釈「{ident}」を持つゲームがありません",
                field="--interpretation",
                expected="one of " + ", ".join(known),
                expected_ja="次のいずれか: " + ", ".join(known),
            )
        )
    return (f"{games[0].slug}:{ident}" if scope else ident), value


def _rules_of(registry: Registry) -> Callable[[str], RuleData | None]:
    """A game's rule data by id, for naming sides and reasons; ``None`` for an unknown id."""

    def rules(game_id: str) -> RuleData | None:
        game = registry.get(game_id)
        return game.rules if game else None

    return rules


def _decided_line(game: Game, lang: Lang, o: Outcome) -> str:
    return decided_line(game.rules, lang, o.decided_at, o.winner, o.reason)


def turn_words(game: Game, side: str, decided: Outcome | None, lang: Lang) -> str:
    """ "red to move", or in a game already decided "game over": no side moves after the
    end, so nothing shown of a finished game says whose turn it is."""
    label = LABELS[lang]
    if decided is not None:
        return label["game_over"]
    return label["to_move"].format(side=game.rules.side_name(side, lang))


def ruled_event(
    game: Game, events: Sequence[Event], ply: int, at: int | None, lang: Lang
) -> tuple[str, str, str | None]:
    """The event a violation rules on, as its ply and its text: the event at ``ply``, or
    the earlier one at ``at`` when the event at ``ply`` opened hidden information that
    proves that one illegal (Dark Nebula's revelation or disclosure); and then, in that
    case, the opening event quoted with its ply (else ``None``)."""
    counting = game.rules.counting
    if at is None or at == ply:
        return ply_name(counting, ply, lang), events[ply - 1].written, None
    found = LABELS[lang]["opened_at"].format(
        ply=ply_name(counting, ply, lang), action=events[ply - 1].written
    )
    return ply_name(counting, at, lang), events[at - 1].written, found


class Ruling(BaseModel):
    """A ruling on one disputed action."""

    side_to_move: str
    ply: int = Field(
        description="The ply of the disputed action (1-based): the ruling is on the "
        "position before it, after ply - 1 actions (docs/records.md, 'Plies')."
    )
    position_before: str
    drawing_before: str
    decided_before: Outcome | None
    action: str
    legal: bool
    violation: str | None = None
    violation_at: int | None = Field(
        None,
        description="The ply of the earlier event the violation belongs to, when the action "
        "opened hidden information that proves it illegal (Dark Nebula's revelation or "
        "disclosure); null when the violation is the action's own.",
    )
    violation_action: str | None = Field(
        None, description="With violation_at: that event as the record writes it."
    )
    rules: list[str] = []
    citation: str | None = None
    message: str | None = None
    position_after: str | None = None
    drawing_after: str | None = None
    outcome_after: OutcomeAfter | None = None


def ruling_caption(ruling: Ruling, game: Game, lang: Lang) -> list[str]:
    """The ruling in words for the picture sent to the players: whose turn and which ply,
    the action and whether it is legal; why not, with the article; what it decides — who
    has won, or that nothing is decided and why."""
    label = LABELS[lang]
    turn = turn_words(game, ruling.side_to_move, ruling.decided_before, lang)
    ply = ply_name(game.rules.counting, ruling.ply, lang)
    said = label["legal"] if ruling.legal else label["illegal"]
    lines = [f"{turn} · {ply} · {ruling.action}: {said}"]
    if ruling.decided_before is not None:
        lines.append(
            label["turn_start"].format(decided=_decided_line(game, lang, ruling.decided_before))
        )
    if ruling.violation is not None:
        proves = _proves(ruling, game, lang)
        lines += [*([proves] if proves else []), ruling.message or "", ruling.citation or ""]
    after = ruling.outcome_after
    if after is not None and after.decided and after.winner and after.reason:
        won = won_line(game.rules, lang, after.decided_at or ruling.ply, after.winner, after.reason)
        lines += [won, after.citation]
    elif after is not None:
        lines.append(after.message)
    return lines


def _proves(ruling: Ruling, game: Game, lang: Lang) -> str | None:
    """The earlier event a refused action proves illegal, quoted with its ply, if any."""
    if ruling.violation_at is None:
        return None
    ply = ply_name(game.rules.counting, ruling.violation_at, lang)
    return LABELS[lang]["proves"].format(ply=ply, action=ruling.violation_action or "")


def rule(
    state: Replay,
    game: Game,
    action: str,
    *,
    lenient: bool,
    lang: Lang,
    events: Sequence[Event] = (),
) -> Ruling:
    """The ruling on ``action`` played on ``state``; ``events`` the record's, by ply, for
    quoting an earlier event the action proves illegal."""
    before = {
        "side_to_move": state.side_to_move(),
        "ply": state.actions_made() + 1,
        "position_before": state.describe(lang),
        "drawing_before": state.drawing(lang),
        "decided_before": state.outcome(),
        "action": action,
    }
    try:
        step = state.attempt(action, lenient=lenient)
    except InputError as err:
        fail(err.at("--action"))
    if step.violation is not None:
        v = step.violation
        earlier = step.at if step.at not in (None, before["ply"]) else None
        quoted = events[earlier - 1].written if earlier and earlier <= len(events) else None
        return Ruling(
            **before,
            legal=False,
            violation=v.code,
            violation_at=earlier,
            violation_action=quoted,
            rules=v.rules,
            citation=v.cite(game.rules, lang),
            message=v.message(lang),
        )
    return Ruling(
        **before,
        legal=True,
        position_after=state.describe(lang),
        drawing_after=state.drawing(lang),
        outcome_after=outcome_after(game.rules, state, lang),
    )


def dispute_state(
    registry: Registry,
    record: Path | None,
    at: int | None,
    position: str | None,
    history: list[str] | None,
    game_id: str | None,
    lenient: bool,
) -> tuple[Replay, Game]:
    """The game and its replay at a disputed moment: a record's before ply ``at``, or a
    position with the earlier positions that stood (``history``). What ``adjudicate``
    rules on, and ``orbit-dominion analyze`` analyses, so both count the same history."""
    state, game, _ = dispute_moment(registry, record, at, position, history, game_id, lenient)
    return state, game


def dispute_moment(
    registry: Registry,
    record: Path | None,
    at: int | None,
    position: str | None,
    history: list[str] | None,
    game_id: str | None,
    lenient: bool,
) -> tuple[Replay, Game, Sequence[Event]]:
    """:func:`dispute_state`, with the record's events (none for a position), by ply."""
    if (record is None) == (position is None):
        fail(
            InputError(
                "usage",
                "give either --record with --at, or --position",
                ja="--record と --at、または --position のどちらか一方を指定してください",
            )
        )
    if record is not None:
        if at is None:
            fail(
                InputError(
                    "usage",
                    "--record needs --at PLY (the disputed action's ply)",
                    ja="--record には --at 手数(争点の行動が何手目か)が必要です",
                )
            )
        game, rec, _ = load(registry, record, lenient=lenient)
        if at > len(rec.events) + 1:
            n = len(rec.events)
            fail(
                InputError(
                    "usage",
                    f"the record has {n} actions",
                    ja=f"記録は {n} 手しかありません",
                    field="--at",
                )
            )
        state = game.replay(rec)
        for ply, event in enumerate(rec.events[: at - 1], 1):
            try:
                step = state.attempt(event.played, lenient=lenient)
            except InputError as err:
                fail(err.at_ply(ply, game.rules.counting), str(record))
            if step.violation is not None:
                code = step.violation.code
                en_ply, written, en_found = ruled_event(game, rec.events, ply, step.at, "en")
                ja_ply, _, ja_found = ruled_event(game, rec.events, ply, step.at, "ja")
                message = f"{en_ply} ({written}) is illegal: {code}"
                ja = f"{ja_ply}({written})が不合法です: {code}"
                if en_found and ja_found:
                    message, ja = f"{message}; {en_found}", f"{ja}。{ja_found}"
                fail(InputError("illegal_record", message, ja=ja), str(record))
        return state, game, rec.events
    game = _position_game(registry, game_id)
    try:
        return game.replay_from_position(position or "", history or []), game, ()
    except InputError as err:
        fail(err)


def _position_game(registry: Registry, game_id: str | None) -> Game:
    """The game named by ``--game``; without it, the only game whose disputes may start
    from a position."""
    candidates = [g for g in registry.games if g.position_disputes]
    if game_id is None and len(candidates) == 1:
        return candidates[0]
    if game_id is None:
        fail(
            InputError(
                "unknown_game",
                "--game is needed",
                ja="--game でゲームを指定してください",
                field="--game",
                expected="one of "
                + (choices := ", ".join(f"{g.slug} ({g.id})" for g in candidates)),
                expected_ja="次のいずれか: " + choices,
            )
        )
    try:
        return registry.find(game_id)
    except InputError as err:
        fail(err)

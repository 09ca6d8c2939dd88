"""``adjudicator replay``: a record stepped through, each position drawn, the last one
reached drawn as an SVG picture when asked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_PENDING,
    CodesOption,
    FormatOption,
    LangOption,
    LenientOption,
    SvgOption,
    check_output,
    console,
    err_console,
    escape,
    fail,
    resolve_lang,
    shown,
)
from adjudicator.cli.records import decided_words, emit_picture, load, turn_words
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.ruling import ruled_event
from adjudicator.core.judge.validation import end_as_recorded
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import GameRecord
from adjudicator.core.write.output import Output
from adjudicator.core.write.report import labels, won_line

if TYPE_CHECKING:
    from adjudicator.core.write.svg import Picture

CaptionOption = Annotated[
    bool,
    typer.Option(
        "--caption",
        help="cli.help.replay.caption",
    ),
]


class _Walk:
    """One replay being shown: the game, its state, where the text goes and the picture
    asked for (``--svg``, ``--format``, ``--caption``)."""

    def __init__(
        self,
        game: Game,
        state: Replay,
        lang: Lang,
        svg: Path | None,
        fmt: str,
        caption: bool,
        source: Path,
    ) -> None:
        self.game, self.state, self.lang = game, state, lang
        self.svg, self.fmt, self.caption, self.source = svg, fmt, caption, source
        self.show: Output = console if fmt == "text" else err_console

    def to_move(self) -> str:
        return turn_words(self.game, self.state.side_to_move(), self.state.outcome(), self.lang)

    def picture(self, last: str, refused: str | None = None, *why: str) -> Picture | None:
        """The last position reached, with the caption asked for: the last event (or
        the one refused), why it was refused, who has won."""
        drawn = self.state.picture(refused, lang=self.lang)
        if drawn is None or not self.caption:
            return drawn
        lines = [last, *why]
        decided = self.state.outcome()
        if decided is not None:
            rules = self.game.rules
            reason = rules.reason(decided.reason).rules
            won = won_line(rules, self.lang, decided.decided_at, decided.winner, decided.reason)
            lines += [won, rules.cite(reason, self.lang)]
        return drawn.captioned(lines)

    def emit(self, last: str, refused: str | None = None, *why: str) -> None:
        picture = self.picture(last, refused, *why)
        emit_picture(picture, self.game, self.svg, self.fmt, [self.source])

    def position(self, head: str) -> None:
        """A position: its heading, then its drawing."""
        self.show.print(f"{head} · {escape(self.state.describe(self.lang))}")
        self.show.print(self.state.drawing(self.lang), markup=False)


def replay(
    ctx: typer.Context,
    source: Annotated[Path, typer.Argument(help="cli.help.replay.source")],
    to: Annotated[int | None, typer.Option("--to", min=0, help="cli.help.replay.to")] = None,
    lenient: LenientOption = False,
    lang: LangOption = None,
    svg: SvgOption = None,
    fmt: FormatOption = "text",
    codes: CodesOption = False,
    caption: CaptionOption = False,
) -> None:
    """Step through a record, drawing each position with the last action marked. Its help is
    ``cli.help.replay`` in the catalogue."""
    language = resolve_lang(lang)
    check_output(svg, "--svg", [source])
    game, record, _ = load(ctx.obj, source, lenient=lenient)
    walk = _Walk(game, game.replay(record), language, svg, fmt, caption, source)
    last = _step_through(walk, record, to, source, lenient=lenient, codes=codes)
    state, counting = walk.state, game.rules.counting
    decided = state.outcome()
    if decided is not None:
        walk.show.print(decided_words(game, language, decided))
    whole = to is None or to >= len(record.events)
    if whole:
        end_as_recorded(state, record)  # a resignation or a forfeit: drawn finished
    walk.emit(f"{last} · {walk.to_move()}")
    waiting = state.pending() if whole else []
    if waiting:
        label = labels(language)
        walk.show.print(f"[yellow]{escape(label['pending_exit'].format(n=len(waiting)))}[/]")
        for d in waiting:
            where = label["at_ply"].format(ply=ply_name(counting, d.ply, language))
            code = f" [dim]({d.code})[/]" if codes else ""
            walk.show.print(f"    {where}: {escape(d.description[language])}{code}")
        raise typer.Exit(EXIT_PENDING)


def _step_through(
    walk: _Walk, record: GameRecord, to: int | None, source: Path, *, lenient: bool, codes: bool
) -> str:
    """Each event played and its position shown, up to ``to``; the last event's ply and
    text. An event refused is shown with why, drawn, and ends the command with exit 1."""
    game, state, language = walk.game, walk.state, walk.lang
    counting = game.rules.counting
    start = ply_name(counting, 0, language)
    walk.position(f"[bold]{start}[/] · {game.rules.side_name(state.side_to_move(), language)}")
    last = start
    for ply, event in enumerate(record.events[:to] if to is not None else record.events, 1):
        try:
            step = state.attempt(event.played, lenient=lenient)
        except InputError as err:
            fail(err.at_ply(ply, counting), str(source))
        if step.decided is not None:
            # the game was over: said, then the ply refused shown as any refused ply is
            walk.show.print(decided_words(game, language, step.decided))
            if step.violation is None:
                refused = f"{ply_name(counting, ply, language)} {event.written}: "
                walk.emit(refused + labels(language)["illegal"], event.written)
                raise typer.Exit(EXIT_INVALID)
        if step.violation is not None:
            _violation(walk, record, ply, step.at, step.violation, codes)
        name = ply_name(counting, ply, language)
        walk.position(f"[bold]{name}[/] {shown(event.written)} · {walk.to_move()}")
        last = f"{name} {event.written}"
    return last


def _violation(
    walk: _Walk, record: GameRecord, ply: int, at: int | None, v: Violation, codes: bool
) -> None:
    """An illegal event: the one ruled on, the article and why, drawn; exit 1."""
    game, language = walk.game, walk.lang
    at_ply, written, found = ruled_event(game, record.events, ply, at, language)
    faulty = f"{at_ply} {written}"
    code = f": {v.code}" if codes else ""
    walk.show.print(
        f"[bold red]{shown(faulty)}{code}[/] — "
        f"{escape(v.cite(game.rules, language))}\n  {shown(v.message(language))}"
    )
    if found:
        walk.show.print(f"  {shown(found)}")
    refused = f"{faulty}: {labels(language)['illegal']}"
    why = (*([found] if found else []), v.message(language), v.cite(game.rules, language))
    walk.emit(refused, record.events[ply - 1].written, *why)
    raise typer.Exit(EXIT_INVALID)

"""``adjudicator adjudicate``: the ruling on a disputed moment
(:mod:`adjudicator.core.judge.ruling`) shown in words, as JSON or drawn; or, with ``--solve``,
whether a side forces a win."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import Annotated, NamedTuple

import typer

from adjudicator.cli.common import (
    CodesOption,
    FormatOption,
    JsonOption,
    LangOption,
    LenientOption,
    SvgOption,
    check_output,
    console,
    escape,
    fail,
    resolve_lang,
    shown,
)
from adjudicator.cli.legal import show_legal
from adjudicator.cli.records import decided_words, emit_picture, turn_words
from adjudicator.core.capabilities import Capability, LegalList, need, refuse
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang, said
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.ruling import Ruling, dispute_moment, read_at, rule
from adjudicator.core.read.records import Event
from adjudicator.core.read.strict_json import one_line
from adjudicator.core.write.report import labels, won_line

ActionOption = Annotated[
    str | None, typer.Option("--action", "-a", help="cli.help.adjudicate.action")
]
RecordOption = Annotated[Path | None, typer.Option("--record", help="cli.help.adjudicate.record")]
AtOption = Annotated[
    str | None,
    typer.Option(
        "--at",
        help="cli.help.adjudicate.at",
    ),
]
TurnOption = Annotated[
    int | None,
    typer.Option(
        "--turn",
        min=1,
        help="cli.help.adjudicate.turn",
    ),
]
PositionOption = Annotated[
    str | None, typer.Option("--position", help="cli.help.adjudicate.position")
]
HistoryOption = Annotated[
    list[str] | None,
    typer.Option("--history", help="cli.help.adjudicate.history"),
]
GameOption = Annotated[
    str | None,
    typer.Option("--game", help="cli.help.adjudicate.game"),
]
SolveOption = Annotated[
    bool,
    typer.Option(
        "--solve",
        help="cli.help.adjudicate.solve",
    ),
]
DepthOption = Annotated[
    int, typer.Option("--depth", min=0, max=120, help="cli.help.adjudicate.depth")
]
LegalOption = Annotated[
    bool,
    typer.Option(
        "--legal",
        help="cli.help.adjudicate.legal",
    ),
]
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="cli.help.adjudicate.dice",
    ),
]
MaxNodesOption = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        max=10_000_000_000,
        help="cli.help.adjudicate.max_nodes",
    ),
]
TimeOption = Annotated[
    float | None,
    typer.Option(
        "--time",
        min=0.1,
        max=7 * 24 * 3600,
        help="cli.help.adjudicate.time",
    ),
]
ExecutorOption = Annotated[
    str | None,
    typer.Option("--executor", help="cli.help.adjudicate.executor"),
]
CaptionOption = Annotated[
    bool,
    typer.Option(
        "--caption/--no-caption",
        help="cli.help.adjudicate.caption",
        show_default=False,
    ),
]


def adjudicate(
    ctx: typer.Context,
    action: ActionOption = None,
    record: RecordOption = None,
    at: AtOption = None,
    turn: TurnOption = None,
    position: PositionOption = None,
    history: HistoryOption = None,
    game_id: GameOption = None,
    solve: SolveOption = False,
    legal: LegalOption = False,
    dice: DiceOption = None,
    depth: DepthOption = 4,
    executor: ExecutorOption = None,
    max_nodes: MaxNodesOption = None,
    seconds: TimeOption = None,
    lenient: LenientOption = False,
    lang: LangOption = None,
    as_json: JsonOption = False,
    svg: SvgOption = None,
    fmt: FormatOption = "text",
    codes: CodesOption = False,
    caption: CaptionOption = True,
) -> None:
    """Rule on a disputed moment. Its help is ``cli.help.adjudicate`` in the catalogue."""
    language = resolve_lang(lang)
    read = [record] if record is not None else []
    check_output(svg, "--svg", read)
    _asked_once(action, solve, legal, dice)
    try:
        state, game, events = dispute_moment(
            ctx.obj, record, read_at(at), position, history, game_id, lenient, turn=turn
        )
        if action is None and not legal:
            budget = Budget(max_nodes, seconds)
            _solve(game, state, depth, language, as_json=as_json, executor=executor, budget=budget)
            return
        _solver_only(max_nodes, seconds)
        if legal:
            lister = need(game, LegalList)
            roll = dice if dice is not None else _recorded_roll(lister, state, events)
            listed = lister.legal_next(state, language, roll)
            show_legal(game, state, listed, language, as_json=as_json)
            return
        ruling = rule(state, game, action or "", lenient=lenient, lang=language, events=events)
    except InputError as err:
        fail(err)
    picture = state.picture(None if ruling.legal else action, lang=language)
    if picture is not None and caption:
        picture = picture.captioned(ruling_caption(ruling, game, language))
    emit_picture(picture, game, svg, fmt, read)
    if as_json and fmt != "svg":
        print(one_line(ruling.model_dump_json(indent=2)))
    elif fmt != "svg":
        _show(ruling, game, language, codes=codes)
    raise typer.Exit(0 if ruling.legal else 1)


class Budget(NamedTuple):
    """The solver's budget as asked on the command line; ``None``: the game's default."""

    max_nodes: int | None
    seconds: float | None


def _asked_once(action: str | None, solve: bool, legal: bool, dice: str | None) -> None:
    """One question a call: an action ruled on, a solve, or the legal list; ``--dice`` only
    with the list, which alone reads it."""
    if [action is not None, solve, legal].count(True) != 1:
        fail(
            InputError(
                "usage",
                said("cli.adjudicate.one_of"),
            )
        )
    if dice is not None and not legal:
        fail(InputError("usage", said("cli.adjudicate.dice_with_legal")))


def _recorded_roll(game: LegalList, state: Replay, events: Sequence[Event]) -> str | None:
    """The roll the record's own event at the disputed ply was played with (Astro-Stra's
    dice), for ``--legal`` without ``--dice``; ``None`` past the record's end."""
    ply = state.actions_made() + 1
    return game.roll_written(events[ply - 1].written) if ply <= len(events) else None


def _solver_only(max_nodes: int | None, seconds: float | None) -> None:
    """``--max-nodes`` and ``--time`` bound the solver: without ``--solve`` they would
    silently do nothing, so they are refused."""
    if max_nodes is not None or seconds is not None:
        raise InputError(
            "usage",
            said("cli.adjudicate.solve_options"),
        )


def _solve(
    game: Game,
    state: Replay,
    depth: int,
    lang: Lang,
    *,
    as_json: bool,
    executor: str | None,
    budget: Budget,
) -> None:
    """``--solve``: the game's own command-line module reports its solver's answer
    (``solve_dispute``) under the budget asked; a game that declares no solver refuses."""
    refuse(game, Capability.SOLVER)
    import_module(game.cli_module).solve_dispute(
        game,
        state,
        depth,
        lang=lang,
        as_json=as_json,
        executor=executor,
        max_nodes=budget.max_nodes,
        seconds=budget.seconds,
    )


def _show(ruling: Ruling, game: Game, language: Lang, *, codes: bool) -> None:
    """The ruling for a person: the position before, the turn start, the verdict with its
    article and message, and what a legal action leads to."""
    label = labels(language)
    console.print(ruling.drawing_before, markup=False)
    turn = turn_words(game, ruling.side_to_move, ruling.decided_before, language)
    console.print(
        f"{turn} · {ply_name(game.rules.counting, ruling.ply, language)} · "
        f"{escape(ruling.position_before)}"
    )
    if ruling.decided_before is not None:
        decided = decided_words(game, language, ruling.decided_before)
        console.print(label["turn_start"].format(decided=decided))
    verdict = f"[green]{label['legal']}[/]" if ruling.legal else f"[red]{label['illegal']}[/]"
    console.print(f"{shown(ruling.action)}: {verdict}")
    if ruling.violation is not None:
        code = f"{ruling.violation} — " if codes else ""
        proves = _proves(ruling, game, language)
        if proves:
            console.print(f"  {shown(proves)}")
        console.print(f"  {code}{escape(ruling.citation or '')}")
        console.print(f"  {shown(ruling.message or '')}")
    elif ruling.citation:
        console.print(f"  {escape(label['allowed_by'].format(citation=ruling.citation))}")
    if ruling.position_after is not None:
        console.print(escape(label["leads_to"].format(position=ruling.position_after)))
        console.print(ruling.drawing_after or "", markup=False)
    if ruling.outcome_after is not None:
        console.print(escape(ruling.outcome_after.message))


def ruling_caption(ruling: Ruling, game: Game, lang: Lang) -> list[str]:
    """The ruling in words for the picture sent to the players: whose turn and which ply,
    the action and whether it is legal; why not, with the article; what it decides — who
    has won, or that nothing is decided and why."""
    label = labels(lang)
    turn = turn_words(game, ruling.side_to_move, ruling.decided_before, lang)
    ply = ply_name(game.rules.counting, ruling.ply, lang)
    said = label["legal"] if ruling.legal else label["illegal"]
    lines = [f"{turn} · {ply} · {ruling.action}: {said}"]
    if ruling.decided_before is not None:
        decided = decided_words(game, lang, ruling.decided_before)
        lines.append(label["turn_start"].format(decided=decided))
    if ruling.violation is not None:
        proves = _proves(ruling, game, lang)
        lines += [*([proves] if proves else []), ruling.message or "", ruling.citation or ""]
    elif ruling.citation:
        lines.append(label["allowed_by"].format(citation=ruling.citation))
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
    return labels(lang)["proves"].format(ply=ply, action=ruling.violation_action or "")

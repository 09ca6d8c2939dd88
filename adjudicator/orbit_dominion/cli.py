"""``adjudicator orbit-dominion …``: analyse a position, count perft."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.common import (
    FormatOption,
    JsonOption,
    LangOption,
    SvgOption,
    check_output,
    console,
    fail,
    resolve_lang,
    write_output,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said, say
from adjudicator.core.read.strict_json import dumps
from adjudicator.orbit_dominion.board import SECTOR_BY_NAME
from adjudicator.orbit_dominion.drawing import caption, draw
from adjudicator.orbit_dominion.perft import (
    DEFAULT_MAX_NODES,
    MAX_PERFT_DEPTH,
    NodeLimitExceeded,
    divide,
    perft,
)
from adjudicator.orbit_dominion.position import start_position
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.solve_cli import (  # solve_dispute: adjudicate --solve
    solve_command,
    verify_proof_command,
)
from adjudicator.orbit_dominion.solve_cli import (
    solve_dispute as solve_dispute,
)
from adjudicator.orbit_dominion.state import GameState, play_line

if TYPE_CHECKING:  # the models load with the commands that use them, not with perft
    from adjudicator.orbit_dominion.analysis import Analysis, Rejection

app = typer.Typer(
    no_args_is_help=True,
    help="orbit_dominion.help",
    context_settings={"help_option_names": ["-h", "--help"]},
)

PositionOption = Annotated[
    str,
    typer.Option(
        "--position",
        "-p",
        help="orbit_dominion.help.option.position",
    ),
]
MovesOption = Annotated[
    str,
    typer.Option(
        "--moves",
        "-m",
        help="orbit_dominion.help.option.moves",
    ),
]
LenientOption = Annotated[
    bool,
    typer.Option(
        "--lenient",
        help="orbit_dominion.help.analyze.lenient",
    ),
]


def split_moves(text: str) -> list[str]:
    """Actions separated by spaces; the rulebook's arrows may stand between spaces."""
    return re.sub(r"\s*(→|⇄)\s*", r"\1", text).split()


def replay_line(
    position: str, moves: str, *, lenient: bool, lang: Lang
) -> tuple[GameState, list[Rejection], list[tuple[str, str]]]:
    """The state after a line given on the command line, its rejected actions (reported,
    changing nothing) and the spellings normalised."""
    state = GameState(start_position(position, field="--position"))
    return (state, *play_moves(state, moves, lenient=lenient, lang=lang))


def play_moves(
    state: GameState, moves: str, *, lenient: bool, lang: Lang
) -> tuple[list[Rejection], list[tuple[str, str]]]:
    """Play ``--moves`` on ``state``: its rejected actions and the spellings normalised."""
    rejected: list[Rejection] = []
    normalized: list[tuple[str, str]] = []
    for p in play_line(state, split_moves(moves), lenient=lenient, field="--moves"):
        if p.violation is not None:
            from adjudicator.orbit_dominion.analysis import rejection

            rejected.append(rejection(p.index, p.ply, p.written, p.violation, lang))
        elif p.reading.normalized:
            normalized.append((p.written, p.reading.canonical))
    return rejected, normalized


def analysed_state(
    position: str, record: Path | None, at: str | None, history: list[str] | None, lenient: bool
) -> tuple[GameState, bool]:
    """The state ``analyze`` starts from, by the path ``adjudicate`` takes (a record before
    ply ``at`` or, for ``end``, after its last action; or a position with the earlier
    positions given), and whether the game's
    history is known: the threefold ban (第9条) counts the positions that stood before,
    which a bare position copied from a game does not carry."""
    from adjudicator.core.judge.ruling import dispute_moment, read_at
    from adjudicator.core.registry import Registry, installed_games
    from adjudicator.orbit_dominion.identity import GAME_ID
    from adjudicator.orbit_dominion.replay import state_of

    if record is None:
        if at is not None:
            raise InputError("usage", said("orbit_dominion.analyze.at_needs_record"), field="--at")
        replay, _, _ = dispute_moment(
            Registry(installed_games()), None, None, position, history, GAME_ID, lenient
        )
        state = state_of(replay)
        return state, bool(history) or state.start.ply == 0
    if position != "standard" or history:
        raise InputError(
            "usage",
            said("orbit_dominion.analyze.record_alone"),
        )
    replay, game, _ = dispute_moment(
        Registry(installed_games()), record, read_at(at), None, None, None, lenient
    )
    if game.id != GAME_ID:
        raise InputError(
            "usage",
            said("orbit_dominion.analyze.other_game", record=record, game=game.id, ours=GAME_ID),
            field="--record",
        )
    return state_of(replay), True


def render(analysis: Analysis, state: GameState, lang: Lang) -> None:
    from adjudicator.core.judge.plies import ply_name  # with the models, not at start-up

    last = state.actions[-1] if state.actions else None
    console.print(draw(state.position, last))
    console.print(caption(state.position, lang, analysis.outcome))
    for r in analysis.rejected:
        n, action, code, cite = r.index + 1, r.action, r.violation, r.citation
        ply = ply_name(rule_data().counting, r.ply, lang)
        console.print(
            say(
                "orbit_dominion.analyze.rejected",
                lang,
                n=n,
                action=action,
                ply=ply,
                code=code,
                cite=cite,
            )
        )
        console.print(f"  {r.message}", markup=False)
    if analysis.outcome is not None:
        o = analysis.outcome
        text = rule_data().reason(o.reason).text(lang)
        outcome_cite = analysis.outcome_citation
        console.print(
            say(
                "orbit_dominion.analyze.decided",
                lang,
                ply=ply_name(rule_data().counting, o.decided_at, lang),
                winner=rule_data().side_name(o.winner, lang),
                reason=o.reason,
                text=text,
                cite=outcome_cite,
            )
        )
    else:
        console.print(say("orbit_dominion.analyze.open", lang))
    legal = analysis.legal_actions
    console.print(say("orbit_dominion.analyze.legal", lang, n=len(legal), actions=" ".join(legal)))
    if not analysis.history_known:
        console.print(say("orbit_dominion.analyze.no_history", lang))
    if analysis.banned_by_repetition:
        console.print(say("orbit_dominion.analyze.banned", lang))
        for b in analysis.banned_by_repetition:
            plies = ", ".join(map(str, b.earlier_plies))
            console.print(
                say("orbit_dominion.analyze.banned_one", lang, action=b.action, plies=plies)
            )


@app.command("analyze", help="orbit_dominion.help.analyze")
def analyze(
    position: PositionOption = "standard",
    moves: MovesOption = "",
    record: Annotated[
        Path | None,
        typer.Option("--record", help="orbit_dominion.help.analyze.record"),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            help="orbit_dominion.help.analyze.at",
        ),
    ] = None,
    history: Annotated[
        list[str] | None,
        typer.Option(
            "--history",
            help="orbit_dominion.help.analyze.history",
        ),
    ] = None,
    lenient: LenientOption = False,
    as_json: JsonOption = False,
    lang: LangOption = None,
    svg: SvgOption = None,
    fmt: FormatOption = "text",
    legal_from: Annotated[
        str | None,
        typer.Option("--from", help="orbit_dominion.help.analyze.from"),
    ] = None,
) -> None:
    """Draw a position and rule on it. Its help is ``orbit_dominion.help.analyze`` in the
    catalogue."""
    language = resolve_lang(lang)
    read = [record] if record is not None else []
    check_output(svg, "--svg", read)
    try:
        state, history_known = analysed_state(position, record, at, history, lenient)
        rejected, normalized = play_moves(state, moves, lenient=lenient, lang=language)
    except InputError as err:
        fail(err)
    if svg is not None or fmt == "svg":
        document = _svg(state, legal_from, language)
        if svg is not None:
            write_output(svg, document, "--svg", read)
        if fmt == "svg":
            sys.stdout.write(document)
            return
    from adjudicator.orbit_dominion.analysis import analyse

    analysis = analyse(state, language, rejected, history_known=history_known)
    if as_json:
        print(dumps(analysis.model_dump(mode="json"), indent=2))
        return
    for written, canonical in normalized:
        console.print(
            say("orbit_dominion.analyze.normalised", language, written=written, canonical=canonical)
        )
    render(analysis, state, language)


def _svg(state: GameState, legal_from: str | None, lang: Lang) -> str:
    last = state.actions[-1] if state.actions else None
    marked = None
    if legal_from is not None:
        if legal_from not in SECTOR_BY_NAME:
            fail(
                InputError(
                    "malformed_sector",
                    said("orbit_dominion.draw.not_a_sector", written=legal_from),
                    field="--from",
                    expected=said("orbit_dominion.draw.a_sector"),
                )
            )
        marked = (SECTOR_BY_NAME[legal_from], state.legal_actions())
    from adjudicator.orbit_dominion.drawing_svg import drawing_svg

    return drawing_svg(
        state.position, last=last, legal_from=marked, decided=state.outcome(), lang=lang
    )


@app.command("perft", help="orbit_dominion.help.perft")
def perft_command(
    depth: Annotated[
        int,
        typer.Option(
            "--depth", "-d", min=0, max=MAX_PERFT_DEPTH, help="orbit_dominion.help.perft.depth"
        ),
    ],
    position: PositionOption = "standard",
    moves: MovesOption = "",
    show_divide: Annotated[
        bool, typer.Option("--divide", help="orbit_dominion.help.perft.divide")
    ] = False,
    max_nodes: Annotated[
        int,
        typer.Option("--max-nodes", min=1, help="orbit_dominion.help.perft.max_nodes"),
    ] = DEFAULT_MAX_NODES,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Count the legal action sequences of a given length (perft), with the threefold ban and
    game-ending actions as defined in docs/orbit-dominion.md. Its help is
    ``orbit_dominion.help.perft`` in the catalogue."""
    language = resolve_lang(lang)
    try:
        state, rejected, _ = replay_line(position, moves, lenient=False, lang=language)
    except InputError as err:
        fail(err)
    if rejected:
        r = rejected[0]
        fail(
            InputError(
                "illegal_line",
                said("orbit_dominion.perft.illegal", action=r.action, message=r.message),
                field=f"--moves[{r.index}]",
            )
        )
    started = time.perf_counter()
    try:
        rows = divide(state, depth, max_nodes=max_nodes) if show_divide else []
        nodes = sum(n for _, n in rows) if show_divide else perft(state, depth, max_nodes=max_nodes)
    except NodeLimitExceeded as exc:
        from adjudicator.orbit_dominion.protocol import limit_exceeded

        fail(limit_exceeded(exc, "--max-nodes"))
    seconds = time.perf_counter() - started
    if as_json:
        data: dict[str, object] = {"depth": depth, "nodes": nodes, "seconds": round(seconds, 6)}
        if show_divide:
            data["divide"] = {str(a): n for a, n in rows}
        print(dumps(data))
        return
    for action, n in rows:
        console.print(f"{action}: {n}")
    if show_divide:
        console.print()
    rate = say("orbit_dominion.perft.rate", language, rate=nodes / seconds) if seconds > 0 else ""
    console.print(
        say("orbit_dominion.perft.count", language, nodes=nodes, seconds=seconds, rate=rate)
    )


app.command("solve", help="orbit_dominion.help.solve")(solve_command)
app.command("verify-proof", help="orbit_dominion.help.verify_proof")(verify_proof_command)

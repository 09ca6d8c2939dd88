"""``adjudicator orbit-dominion solve`` and ``verify-proof``, and the report that
``adjudicate --solve`` shares with them, in Japanese and English."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from adjudicator.core.cli_common import (
    EXIT_INVALID,
    EXIT_OK,
    JsonOption,
    LangOption,
    console,
    fail,
    resolve_lang,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.strict_json import dumps, one_line
from adjudicator.orbit_dominion.position import Position, start_position
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.state import GameState

if TYPE_CHECKING:  # the models load with the commands that use them, not at start-up
    from adjudicator.orbit_dominion.proof import Solution

#: Proof files can be large (a reply for every legal action of the loser, at every turn).
MAX_PROOF_BYTES = 1 << 30
#: The deepest search the command line accepts: far beyond what finishes in a day, but a
#: bound on what a typo can start.
MAX_SOLVE_DEPTH = 120

LABELS: dict[Lang, dict[str, str]] = {
    "en": {
        "win": "[bold]{side} forces a win within {within} actions[/] "
        "(both sides' actions counted; searched {depth} deep)",
        "no_forced_win": "[bold]neither side can force a win within {depth} actions[/]",
        "value_win": "[bold]exact value: {side} wins[/], within {within} actions "
        "(the search reaches the 120-action limit)",
        "value_draw": "[bold]exact value: a draw[/] at the 120-action limit "
        "(the search reaches it)",
        "first": "winning action: {move}",
        "stats": "{nodes:,} positions searched in {seconds:.2f} s; table hits {hits:,} of "
        "{probes:,} probes",
        "valid": "[green]proof valid[/]: {side} wins within {within} actions from {position} "
        "({nodes:,} nodes checked)",
        "invalid": "[red]proof invalid[/] at {where}: {message}",
        "root": "the start",
    },
    "ja": {
        "win": "[bold]{side}が {within} 手以内に勝ちを強制できる[/](両者の手数の合計、"
        "探索の深さ {depth})",
        "no_forced_win": "[bold]{depth} 手以内にどちらも勝ちを強制できない[/]",
        "value_win": "[bold]正確な結果: {side}の勝ち[/]({within} 手以内、"
        "120手の上限まで読み切った)",
        "value_draw": "[bold]正確な結果: 引き分け[/](120手の上限まで読み切った)",
        "first": "勝ちへの一手: {move}",
        "stats": "探索局面数 {nodes:,}、{seconds:.2f} 秒、置換表の的中 {hits:,} / {probes:,}",
        "valid": "[green]証明は正しい[/]: {position} から{side}が {within} 手以内に勝つ"
        "(検査した節点 {nodes:,})",
        "invalid": "[red]証明は誤り[/]({where}): {message}",
        "root": "開始局面",
    },
}


def report(solution: Solution, lang: Lang, *, as_json: bool) -> None:
    """Print a solution: one JSON object, or a sentence and the search's figures."""
    if as_json:
        print(one_line(solution.model_dump_json()))
        return
    label = LABELS[lang]
    side = rule_data().side_name(solution.winner, lang) if solution.winner else ""
    fields = {"side": side, "within": solution.within, "depth": solution.depth}
    if solution.result == "value":
        key = "value_draw" if solution.winner == "draw" else "value_win"
    else:
        key = solution.result
    console.print(label[key].format(**fields))
    proof = solution.proof
    if proof is not None and hasattr(proof.tree, "move"):
        console.print(label["first"].format(move=proof.tree.move))
    console.print(
        label["stats"].format(
            nodes=solution.nodes,
            seconds=solution.seconds,
            hits=solution.table_hits,
            probes=solution.table_probes,
        )
    )


def solve_state(
    state: GameState, depth: int, *, executor: str | None = None, with_proof: bool = True
) -> Solution:
    """Solve locally, or on a Dask cluster when ``executor`` names one."""
    if executor is None:
        from adjudicator.orbit_dominion.solve import solve

        return solve(state, depth, with_proof=with_proof)
    from adjudicator.orbit_dominion.distributed import solve_on

    return solve_on(executor, state, depth, with_proof=with_proof)


DepthOption = Annotated[
    int,
    typer.Option(
        "--depth",
        "-d",
        min=0,
        max=MAX_SOLVE_DEPTH,
        help="Actions to search from the position, both sides' counted.",
    ),
]
ExecutorOption = Annotated[
    str | None,
    typer.Option(
        "--executor",
        help="Spread the search over a Dask cluster: dask://HOST:PORT (needs the "
        "'distributed' extra). Without it everything runs here.",
    ),
]


def solve_command(
    position: Annotated[
        str, typer.Argument(help="The position, in position notation, or 'standard'.")
    ],
    depth: DepthOption,
    history: Annotated[
        list[str] | None,
        typer.Option(
            "--history",
            help="A position that stood before (repeatable): each counts one occurrence "
            "for the threefold ban.",
        ),
    ] = None,
    no_proof: Annotated[
        bool, typer.Option("--no-proof", help="Do not build the proof of a win.")
    ] = False,
    executor: ExecutorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Whether a side forces a win within N actions, under every rule of 4.2 (the
    threefold ban with the given history, the 120-action limit, the gate claim), with a
    proof of a win; near the 120th action, the exact result.

    Example: adjudicator orbit-dominion solve '..b........./....r......./R.....r..B.. r 0 -' -d 3
    """
    language = resolve_lang(lang)
    try:
        state = GameState(start_position(position, field="POSITION"))
        for i, text in enumerate(history or []):
            state.add_history(Position.from_text(text, field=f"--history[{i}]"))
        solution = solve_state(state, depth, executor=executor, with_proof=not no_proof)
    except InputError as err:
        fail(err)
    report(solution, language, as_json=as_json)


def verify_proof_command(
    file: Annotated[Path, typer.Argument(help="A proof, or the JSON that solve printed.")],
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Check a proof of a forced win with the rules engine alone (no search): every move
    of the winner legal, every legal reply of the loser answered, every leaf decided for
    the winner within the claimed number of actions. Exit 0 valid, 1 invalid, 2 unreadable.

    Example: adjudicator orbit-dominion verify-proof proof.json
    """
    from adjudicator.core.loading import parse_json, read_text
    from adjudicator.core.requests import parse_request
    from adjudicator.orbit_dominion.proof import Proof, verify

    language = resolve_lang(lang)
    try:
        data = parse_json(read_text(file, max_bytes=MAX_PROOF_BYTES))
        if isinstance(data, dict) and "tree" not in data and "proof" in data:
            data = data["proof"]
            if data is None:
                raise InputError(
                    "no_proof",
                    "the solution has no proof (no forced win)",
                    ja="この解には証明がありません(必勝がありません)",
                )
        proof = parse_request(Proof, data)
        fault, nodes = verify(proof, language)
    except InputError as err:
        fail(err, str(file))
    if as_json:
        out = {"valid": fault is None, "nodes": nodes, "fault": None}
        if fault is not None:
            out["fault"] = {**fault.model_dump(), "message": fault.message(language)}
        print(dumps(out))
        raise typer.Exit(EXIT_OK if fault is None else EXIT_INVALID)
    label = LABELS[language]
    if fault is None:
        side = rule_data().side_name(proof.winner, language)
        console.print(
            label["valid"].format(
                side=side, within=proof.within, position=proof.position, nodes=nodes
            )
        )
        raise typer.Exit(EXIT_OK)
    where = escape(" ".join(fault.line)) or label["root"]
    message = escape(fault.message(language))
    console.print(label["invalid"].format(where=where, message=message))
    raise typer.Exit(EXIT_INVALID)

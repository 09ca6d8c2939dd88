"""``adjudicator orbit-dominion solve`` and ``verify-proof``, and the report that
``adjudicate --solve`` shares with them (:func:`solve_dispute`), in Japanese and English."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    JsonOption,
    LangOption,
    console,
    fail,
    resolve_lang,
)
from adjudicator.core.capabilities import Solver, need
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said, say
from adjudicator.core.read.strict_json import dumps, one_line
from adjudicator.core.write.display import path_text
from adjudicator.orbit_dominion.budget import (
    DEFAULT_MAX_NODES,
    DEFAULT_MEMORY,
    DEFAULT_SECONDS,
    Budget,
)
from adjudicator.orbit_dominion.known import what_is_known
from adjudicator.orbit_dominion.position import start_position
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.solving import Method, solve_state

if TYPE_CHECKING:  # the models load with the commands that use them, not at start-up
    from adjudicator.core.game import Game
    from adjudicator.core.judge.replay import Replay
    from adjudicator.orbit_dominion.proof import Fault, Proof, Solution


#: Proof files can be large (a reply for every legal action of the loser, at every turn).
#: Reading one takes about 24 times its size in memory at its peak (the text and the
#: tree read from it), so 64 MiB stays within about 1.5 GB; docs/orbit-dominion.md.
MAX_PROOF_BYTES = 64 << 20
#: The deepest search the command line accepts: the 120-action limit, where the answer is
#: the exact value. The budget (--max-nodes, --time), not the depth, bounds the work.
MAX_SOLVE_DEPTH = 120

#: The answer's line for each result a search ends with.
_ANSWERS = {
    "win": "orbit_dominion.solve.win",
    "no_forced_win": "orbit_dominion.solve.no_forced_win",
    "unfinished": "orbit_dominion.solve.unfinished",
    "value_win": "orbit_dominion.solve.value_win",
    "value_draw": "orbit_dominion.solve.value_draw",
}


def report(
    solution: Solution,
    lang: Lang,
    *,
    as_json: bool,
    budget: Budget | None = None,
    verbose: bool = False,
) -> None:
    """Print a solution: one JSON object, or the answer and how many positions were
    searched. The transposition table's figures are for engine authors: in the JSON, and
    in human output only with ``verbose``."""
    if as_json:
        print(one_line(solution.model_dump_json()))
        return
    side = rule_data().side_name(solution.winner, lang) if solution.winner else ""
    fields: dict[str, object] = {"side": side, "within": solution.within, "depth": solution.depth}
    if solution.result == "decided":
        reason = rule_data().reason_name(solution.reason, lang) if solution.reason else ""
        fields["outcome"] = say("orbit_dominion.solve.outcome", lang, side=side, reason=reason)
        console.print(say("orbit_dominion.solve.decided", lang, **fields))
        return
    if solution.result == "value":
        key = "value_draw" if solution.winner == "draw" else "value_win"
    elif solution.unfinished is not None:
        key = "unfinished"
        fields["unfinished"] = solution.unfinished
        fields["max_nodes"] = "-" if budget is None else budget.max_nodes
        fields["seconds"] = "-" if budget is None else f"{budget.seconds:g}"
    else:
        key = solution.result
    console.print(say(_ANSWERS[key], lang, **fields))
    proof = solution.proof
    if proof is not None and hasattr(proof.tree, "move"):
        console.print(say("orbit_dominion.solve.first", lang, move=proof.tree.move))
    if solution.result == "no_forced_win":
        for line in what_is_known(solution, lang):
            console.print(line, markup=False)
    console.print(
        say("orbit_dominion.solve.searched", lang, nodes=solution.nodes, seconds=solution.seconds)
    )
    if verbose:
        hits, probes = solution.table_hits, solution.table_probes
        console.print(say("orbit_dominion.solve.table", lang, hits=hits, probes=probes))


def progress_line(lang: Lang) -> Callable[[int, int, float], None] | None:
    """A progress line on standard error, rewritten in place, when it is a terminal (the
    depth on, the positions searched, the rate); ``None`` otherwise, so that a pipe or a
    log holds only the answer."""
    if not sys.stderr.isatty():
        return None
    shown = [0.0]

    def show(depth: int, nodes: int, seconds: float) -> None:
        if seconds - shown[0] < 0.5:
            return
        shown[0] = seconds
        rate = nodes / seconds
        text = say(
            "orbit_dominion.solve.progress",
            lang,
            depth=depth,
            nodes=nodes,
            rate=rate,
            seconds=seconds,
        )
        sys.stderr.write(f"\r\x1b[K{text}")
        sys.stderr.flush()

    return show


def end_progress(show: object) -> None:
    """Clear the progress line before the answer is printed."""
    if show is not None:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


DepthOption = Annotated[
    int,
    typer.Option(
        "--depth",
        "-d",
        min=0,
        max=MAX_SOLVE_DEPTH,
        help="orbit_dominion.help.solve.depth",
    ),
]
ExecutorOption = Annotated[
    str | None,
    typer.Option(
        "--executor",
        help="orbit_dominion.help.solve.executor",
    ),
]
MethodOption = Annotated[
    Method,
    typer.Option(
        "--method",
        help="orbit_dominion.help.solve.method",
        show_default=False,
    ),
]
MemoryOption = Annotated[
    int,
    typer.Option(
        "--memory",
        min=1,
        max=1_000_000,
        help="orbit_dominion.help.solve.memory",
    ),
]
MaxNodesOption = Annotated[
    int,
    typer.Option(
        "--max-nodes",
        min=1,
        max=10_000_000_000,
        help="orbit_dominion.help.solve.max_nodes",
    ),
]
TimeOption = Annotated[
    float,
    typer.Option(
        "--time",
        min=0.1,
        max=7 * 24 * 3600,
        help="orbit_dominion.help.solve.time",
    ),
]


def solve_command(
    position: Annotated[str, typer.Argument(help="orbit_dominion.help.solve.position")],
    depth: DepthOption,
    history: Annotated[
        list[str] | None,
        typer.Option(
            "--history",
            help="orbit_dominion.help.solve.history",
        ),
    ] = None,
    no_proof: Annotated[
        bool, typer.Option("--no-proof", help="orbit_dominion.help.solve.no_proof")
    ] = False,
    executor: ExecutorOption = None,
    method: MethodOption = "alphabeta",
    max_nodes: MaxNodesOption = DEFAULT_MAX_NODES,
    seconds: TimeOption = DEFAULT_SECONDS,
    memory: MemoryOption = DEFAULT_MEMORY // 10**6,
    as_json: JsonOption = False,
    lang: LangOption = None,
    verbose: Annotated[
        bool,
        typer.Option("--verbose", "-v", help="orbit_dominion.help.solve.verbose"),
    ] = False,
) -> None:
    """Whether a side forces a win within N actions, under every rule of 4.2 (the threefold ban
    with the given history, the 120-action limit, the gate claim), with a proof of a win. Its
    help is ``orbit_dominion.help.solve`` in the catalogue."""
    from adjudicator.orbit_dominion.state import with_history

    language = resolve_lang(lang)
    show = progress_line(language)
    try:
        root = start_position(position, field="POSITION")
        state = with_history(root, history or [], field="--history")
        budget = Budget(max_nodes, seconds, show, memory * 10**6)
        solution = solve_state(
            state,
            depth,
            executor=executor,
            with_proof=not no_proof,
            budget=budget,
            method=method,
        )
    except InputError as err:
        end_progress(show)
        fail(err)
    end_progress(show)
    report(solution, language, as_json=as_json, budget=budget, verbose=verbose)


def _read_file(file: Path) -> Solution | Proof:
    """A solution (what ``solve --json`` printed) or a bare proof, read as strictly as their
    schemas: a count is a JSON integer, never ``"3"``, ``3.0`` or ``true``. A proof of a
    few megabytes goes through pydantic's parser in one pass; what that cannot vouch for,
    through strict JSON first, which words every refusal."""
    from adjudicator.core.protocol.requests import parse_request
    from adjudicator.core.read.json_model import pairs_read, read_json_model
    from adjudicator.core.read.loading import read_text
    from adjudicator.core.read.strict_json import parse_json
    from adjudicator.orbit_dominion.proof import Proof, Solution

    text = read_text(file, max_bytes=MAX_PROOF_BYTES)
    # what solve printed starts with its result; a bare proof has none (tried first)
    model: type[Solution] | type[Proof] = Solution if '"result"' in text[:1000] else Proof
    for candidate in (model, Proof if model is Solution else Solution):
        read = read_json_model(candidate, text, pairs_read)
        if read is not None:
            return read
    data = parse_json(text)
    del text
    if isinstance(data, dict) and "tree" in data:
        return parse_request(Proof, data)
    return parse_request(Solution, data)


def verify_proof_command(
    file: Annotated[Path, typer.Argument(help="orbit_dominion.help.verify_proof.file")],
    record: Annotated[
        Path | None,
        typer.Option("--record", help="orbit_dominion.help.verify_proof.record"),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            help="orbit_dominion.help.verify_proof.at",
        ),
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Check a proof of a forced win with the rules engine alone (no search). Its help is
    ``orbit_dominion.help.verify_proof`` in the catalogue."""
    language = resolve_lang(lang)
    from adjudicator.core.judge.ruling import record_at

    try:
        ply = record_at(record, at)
    except InputError as err:
        fail(err)
    try:
        read = _read_file(file)
    except InputError as err:
        fail(err, str(file))
    try:
        proof, solution, fault, nodes, relied = _checked(read, record, ply, language)
    except InputError as err:  # the record's errors name the record
        fail(err, err.source or str(file))
    premises = {
        "position": proof.position,
        "history": len(proof.history),
        "relied_on": [proof.history[i] for i in relied],
        "record": None if record is None else {"file": str(record), "at": ply},
    }
    if as_json:
        out: dict[str, object] = {"valid": fault is None, "nodes": nodes, "fault": None}
        out["premises"] = premises if fault is None else None
        if fault is not None:
            out["fault"] = {**fault.model_dump(), "message": fault.message(language)}
        print(dumps(out))
        raise typer.Exit(EXIT_OK if fault is None else EXIT_INVALID)
    if fault is not None:
        where = escape(" ".join(fault.line)) or say("orbit_dominion.solve.root", language)
        message = escape(fault.message(language))
        console.print(say("orbit_dominion.solve.invalid", language, where=where, message=message))
        raise typer.Exit(EXIT_INVALID)
    _show_valid(proof, nodes, relied, language)
    if record is not None:
        from adjudicator.core.judge.plies import moment

        at_ply = moment(rule_data().counting, ply or 0, language)
        shown = path_text(str(record))
        premise = say("orbit_dominion.solve.premise_record", language, at=at_ply, file=shown)
        console.print(escape(premise))
    if solution is not None:
        result, depth = solution.result, solution.depth
        console.print(say("orbit_dominion.solve.claims", language, result=result, depth=depth))
    raise typer.Exit(EXIT_OK)


def _checked(
    read: Solution | Proof, record: Path | None, at: int | str | None, language: Lang
) -> tuple[Proof, Solution | None, Fault | None, int, list[int]]:
    """The proof read (alone, or a solution's), the solution, the first fault found (a
    claim the proof does not prove, a premise not the record's, a step not legal), the
    nodes checked and the history the proof relied on."""
    from adjudicator.orbit_dominion.proof import Solution, claims_differ, verify

    fault: Fault | None = None
    solution: Solution | None = None
    if isinstance(read, Solution):
        solution = read
        if solution.proof is None:
            raise InputError(
                "no_proof",
                said("orbit_dominion.solve.no_proof", result=solution.result),
                field="proof",
            )
        proof = solution.proof
        fault = claims_differ(solution, proof)
    else:
        proof = read
    if fault is None and record is not None and at is not None:
        fault = _against_record(proof, record, at)
    if fault is not None:
        return proof, solution, fault, 0, []
    fault, nodes, relied = verify(proof, language)
    return proof, solution, fault, nodes, relied


def _show_valid(proof: Proof, nodes: int, relied: list[int], language: Lang) -> None:
    """A valid proof for a person: who wins within how many actions, and its premises —
    the position, and the history the threefold ban consulted."""
    side = rule_data().side_name(proof.winner, language)
    position = escape(proof.position)
    console.print(
        say(
            "orbit_dominion.solve.valid",
            language,
            side=side,
            within=proof.within,
            position=position,
            nodes=nodes,
        )
    )
    console.print(say("orbit_dominion.solve.premise_position", language, position=position))
    if not proof.history:
        console.print(say("orbit_dominion.solve.premise_none", language))
    elif not relied:
        console.print(
            say("orbit_dominion.solve.premise_unused", language, count=len(proof.history))
        )
    else:
        count, used_count = len(proof.history), len(relied)
        used = say("orbit_dominion.solve.premise_used", language, count=count, used=used_count)
        console.print(used)
        for i in relied:
            console.print(f"  history[{i}] {escape(proof.history[i])}")


def _against_record(proof: Proof, record: Path, at: int | str) -> Fault | None:
    """Whether the proof's position and history are the record's before ply ``at`` (or
    after its last action, for ``end``): the
    position standing there and every one before it, in order (the record's own history
    first, then its start and the positions along its actions)."""
    from adjudicator.core.judge.ruling import dispute_moment
    from adjudicator.core.registry import Registry, installed_games
    from adjudicator.orbit_dominion.proof import same_position
    from adjudicator.orbit_dominion.replay import state_of
    from adjudicator.orbit_dominion.solve_answer import positions_before

    replay, game, _ = dispute_moment(
        Registry(installed_games()), record, at, None, None, None, False
    )
    if game.slug != "orbit-dominion":
        raise InputError(
            "unknown_game",
            said("orbit_dominion.solve.other_game", game=game.id),
            field="--record",
        )
    state = state_of(replay)
    recorded = [p.text() for p in positions_before(state)]
    if not same_position(proof.position, state.position.text()):
        return _premise("position", proof.position, state.position.text())
    if len(proof.history) != len(recorded):
        return _premise("history", f"{len(proof.history)} positions", f"{len(recorded)} positions")
    for i, (written, stood) in enumerate(zip(proof.history, recorded, strict=True)):
        if not same_position(written, stood):
            return _premise(f"history[{i}]", written, stood)
    return None


def _premise(what: str, written: str, recorded: str) -> Fault:
    from adjudicator.orbit_dominion.proof import Fault

    detail: dict[str, str | int] = {"claim": what, "written": written, "proved": recorded}
    return Fault(line=[], code="premise_differs", detail=detail)


def solve_dispute(
    game: Game,
    replay: Replay,
    depth: int,
    *,
    lang: Lang,
    as_json: bool,
    executor: str | None,
    max_nodes: int | None = None,
    seconds: float | None = None,
) -> None:
    """``adjudicate --solve``: the game's solver run where the dispute stands
    (:meth:`Solver.solve`) under the budget asked (``--max-nodes``, ``--time``; ``None``:
    the default), its progress on a terminal, its answer printed."""
    show = progress_line(lang)
    budget = Budget(
        DEFAULT_MAX_NODES if max_nodes is None else max_nodes,
        DEFAULT_SECONDS if seconds is None else seconds,
    )
    try:
        solution = need(game, Solver).solve(
            replay,
            depth,
            executor=executor,
            progress=show,
            max_nodes=budget.max_nodes,
            seconds=budget.seconds,
        )
    finally:
        end_progress(show)
    from adjudicator.orbit_dominion.proof import Solution

    if not isinstance(solution, Solution):  # this game's solver answers with its Solution
        raise TypeError(f"{game.id} solved to a {type(solution).__name__}")
    report(solution, lang, as_json=as_json, budget=budget)

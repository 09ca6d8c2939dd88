"""``adjudicator repair``: the corrections that make a miscopied record the game it meant,
for a director or an arbiter (see :mod:`adjudicator.core.repair.search`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_PENDING,
    CodesOption,
    JsonOption,
    LangOption,
    check_output,
    fail,
    resolve_lang,
    write_output,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.read.strict_json import dumps, one_line
from adjudicator.core.repair.words import (
    OnSheet,
    budget_said,
    candidate_lines,
    searched_said,
    sheet_of,
    verdict_said,
)
from adjudicator.core.write.display import path_text, printable

if TYPE_CHECKING:
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.repair.models import Repair


def repair(
    ctx: typer.Context,
    source: Annotated[Path, typer.Argument(help="cli.help.repair.source")],
    max_edits: Annotated[
        int,
        typer.Option("--max-edits", min=0, max=3, help="cli.help.repair.max_edits"),
    ] = 2,
    top: Annotated[int, typer.Option("--top", min=1, max=20, help="cli.help.repair.top")] = 3,
    seconds: Annotated[
        float,
        typer.Option(
            "--time",
            min=0.1,
            max=3600,
            help="cli.help.repair.time",
        ),
    ] = 120.0,
    max_replays: Annotated[
        int,
        typer.Option(
            "--max-replays",
            min=1,
            max=10_000_000,
            help="cli.help.repair.max_replays",
        ),
    ] = 20_000,
    write: Annotated[
        Path | None,
        typer.Option(
            "--write",
            help="cli.help.repair.write",
        ),
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
    codes: CodesOption = False,
) -> None:
    """Find the game a miscopied record meant. Its help is ``cli.help.repair`` in the catalogue."""
    from adjudicator.cli.records import load
    from adjudicator.core.repair.search import repair as search

    chosen = resolve_lang(lang)
    check_output(write, "--write", [source])  # before the search, not after it
    game, record, _ = load(ctx.obj, source, lenient=False, sheet=True)
    try:
        found = search(
            game,
            record,
            source=str(source),
            max_edits=max_edits,
            top=top,
            max_replays=max_replays,
            seconds=seconds,
            lang=chosen,
        )
    except InputError as err:
        fail(err, str(source))
    if as_json:
        sys.stdout.write(one_line(found.model_dump_json(indent=2)) + "\n")
    else:
        _print(found, game.rules, chosen, codes=codes, on_sheet=sheet_of(game, record))
    if write is not None and found.candidates:
        write_output(write, _with_edits(found), "--write", [source])  # after what was found
        if not as_json:
            print(say("core.repair.wrote", chosen, path=printable(path_text(str(write)))))
    exits = {"valid": EXIT_OK, "repaired": EXIT_OK, "pending": EXIT_PENDING}
    raise typer.Exit(exits.get(found.status, EXIT_INVALID))


def _with_edits(found: Repair) -> str:
    """The best candidate as a JSON record, its edits in ``ext`` where a record keeps
    extensions."""
    best = found.candidates[0]
    data = dict(best.record)
    ext = dict(data.get("ext") or {})
    ext["adjudicator.repair"] = {
        "source": found.source,
        "edits": [e.model_dump() for e in best.edits],
    }
    data["ext"] = ext
    return dumps(data, indent=2) + "\n"


def _print(
    found: Repair,
    rules: RuleData,
    lang: Lang,
    *,
    codes: bool = False,
    on_sheet: OnSheet | None = None,
) -> None:
    source = printable(path_text(found.source))
    if found.status in ("valid", "pending"):
        key = "core.repair.valid" if found.status == "valid" else "core.repair.pending"
        print(say(key, lang, source=source))
        return
    searched = found.searched
    if searched is not None and searched.budget_reached:
        # said first: what follows is what a search cut short found, not all there is
        print(budget_said(searched, lang))
    problem = found.verdict.problem
    assert problem is not None
    head = "core.repair.fails" if problem.ply is not None else "core.repair.fails_whole"
    at = ply_name(rules.counting, problem.ply or 0, lang)
    code = f": {problem.code}" if codes else ""
    print(say(head, lang, source=source, ply=at) + code)
    print("  " + printable(problem.message))
    if found.candidates:
        print(say("core.repair.candidates", lang, count=len(found.candidates)))
    elif searched is not None and searched.budget_reached:
        print(say("core.repair.none_in_budget", lang))
    else:
        print(say("core.repair.none", lang, max_edits=found.max_edits))
    for rank, candidate in enumerate(found.candidates, 1):
        said = verdict_said(candidate, rules, lang)
        print(say("core.repair.candidate", lang, rank=rank, cost=candidate.cost, verdict=said))
        for line in candidate_lines(candidate, lang, rules, on_sheet):
            print("     " + printable(line))
    if searched is not None:
        print(searched_said(searched, found.max_edits, len(found.candidates), lang))

"""An invalid record's best correction in the HTML report (``validate --html FILE --repair``).

Each invalid record gets a repair search (:mod:`adjudicator.core.repair.search`) on a small budget
of its own, so that a folder's report stays quick: the cheapest correction found first is
shown in its row and beside the record in the viewer, which steps through the corrected
game next to the written one. What the row says is what was checked: a correction is
shown only once the corrected record was validated whole, and a search that found none
says whether it considered every record within its edits or stopped at its budget.

This module, and the search with it, is imported only when the report repairs.
"""

from __future__ import annotations

import sys
import traceback
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from adjudicator.core.batch.files import Options
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.repair.models import Edit, Repair
from adjudicator.core.repair.search import DEFAULT_MAX_EDITS, repair
from adjudicator.core.repair.words import (
    OnSheet,
    budget_said,
    doubt_said,
    edit_line,
    equally_consistent,
    searched_said,
    sheet_of,
    verdict_said,
)
from adjudicator.core.write.display import printable
from adjudicator.core.write.report_frames import drawn_frames, frames_data

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.read.records import GameRecord


@dataclass(frozen=True)
class RepairBudget:
    """What the report spends looking for one record's correction (``validate
    --repair-replays``, ``--repair-seconds``): small, so that a folder's report stays quick."""

    replays: int
    seconds: float
    max_edits: int = DEFAULT_MAX_EDITS


@dataclass(frozen=True)
class Fix:
    """What the report shows of a record's repair: the viewer's data (words and, with a
    correction, the corrected game's frames) and the row's short text."""

    data: dict[str, Any]
    row: str
    #: the defect that cost the corrected game its pictures (:class:`.report_frames.Drawn`)
    defect: str | None = None


def _unsearched(line: str, lang: Lang) -> Fix:
    """A record whose repair was not searched, and why."""
    return Fix(
        {"status": "unsearched", "lines": [line]}, say("core.repair_report.row_unsearched", lang)
    )


def corrected(
    read: tuple[Game, GameRecord] | None,
    budget: RepairBudget,
    source: str,
    options: Options,
    boards: dict[str, str],
) -> Fix:
    """The best correction of the record ``read`` (its game and record, as judged) within
    ``budget``, with the corrected game's frames (their boards into ``boards``)."""
    lang = options.lang
    if read is None:
        return _unsearched(say("core.repair_report.unread", lang), lang)
    game, record = read
    try:
        found = repair(
            game,
            record,
            source=source,
            max_edits=budget.max_edits,
            top=1,
            max_replays=budget.replays,
            seconds=budget.seconds,
            lang=lang,
        )
    except InputError as err:
        said = err.ja if lang == "ja" and err.ja else err.message
        line = f"{say('core.repair_report.unread', lang)} ({said})"
        return _unsearched(printable(line), lang)
    except Exception:  # a defect in the search costs this record its repair, not the report
        traceback.print_exc(file=sys.stderr)
        return _unsearched(say("core.repair_report.failed", lang), lang)
    if found.status not in ("repaired", "no_candidate") or found.searched is None:
        # read strictly, as a repair reads, the record is not invalid: nothing searched
        return _unsearched(say("core.repair_report.unread", lang), lang)
    searched = found.searched
    if searched.stopped == "top":  # one candidate asked for, and found
        said = say(
            "core.repair_report.first", lang, tried=searched.edits_tried, seconds=searched.seconds
        )
    else:
        said = searched_said(searched, found.max_edits, len(found.candidates), lang)
    if not found.candidates:
        return _none(found, budget, said, lang)
    return _best(game, found, said, options, boards, sheet_of(game, record))


def _none(found: Repair, budget: RepairBudget, searched: str, lang: Lang) -> Fix:
    assert found.searched is not None
    lines = [searched]
    if found.searched.budget_reached:
        lines.append(
            say("core.repair_report.budget", lang, replays=budget.replays, seconds=budget.seconds)
        )
        row = say("core.repair_report.row_budget", lang)
    else:
        lines.insert(0, say("core.repair.none", lang, max_edits=found.max_edits))
        row = say("core.repair_report.row_none", lang, max_edits=found.max_edits)
    return Fix({"status": "no_candidate", "lines": lines}, row)


def _best(
    game: Game,
    found: Repair,
    searched: str,
    options: Options,
    boards: dict[str, str],
    on_sheet: OnSheet | None,
) -> Fix:
    lang = options.lang
    best = found.candidates[0]
    edits = [printable(edit_line(e, lang, game.rules, on_sheet)) for e in best.edits]
    data: dict[str, Any] = {
        "status": "repaired",
        "head": say("core.repair_report.best", lang, cost=best.cost),
        "edits": edits,
        "lines": [
            *(printable(line) for line in equally_consistent(best, lang)),
            say("core.repair_report.checked", lang, verdict=verdict_said(best, game.rules, lang)),
            searched,
        ],
        "wp": written_plies(best.edits),
        "cp": corrected_plies(best.edits),
    }
    try:
        record = game.read_json_record(best.record, lenient=False)
    except InputError:
        record = None  # validated as data by the search; drawn only when it reads back
    defect = None
    if record is not None:
        # the corrected record is valid as the repair read it, strictly
        drawn = drawn_frames(game, record, replace(options, lenient=False))
        data["frames"] = frames_data(drawn.frames, boards)
        defect = drawn.defect
    if found.searched is not None and found.searched.budget_reached:
        data["lines"].insert(0, budget_said(found.searched, lang))  # said first
    row = say("core.repair_report.row_best", lang, edits="; ".join(edits), cost=best.cost)
    doubt = doubt_said(best, lang)
    if doubt is not None:
        data["lines"].insert(0, doubt)
        row = say("core.repair_report.row_doubtful", lang, row=row)
    return Fix(data, row, defect)


def corrected_plies(edits: list[Edit]) -> list[int]:
    """The plies of the corrected game an edit made or moved (an edit's ``ply`` counts in
    the record as corrected so far, and edits come in the order of their plies, so it is
    the corrected game's ply; a deletion marks the event that took the deleted one's
    place; a result's correction marks none)."""
    plies: list[int] = []
    for e in edits:
        if e.op == "result":
            continue
        plies.append(e.to if e.op == "move" and e.to is not None else e.ply)
        if e.op == "swap":
            plies.append(e.to if e.to is not None else e.ply + 1)
    return sorted(set(plies))


def written_plies(edits: list[Edit]) -> list[int]:
    """The plies of the written record an edit concerns: its ply less the events inserted
    before it, plus those deleted (an insertion marks the written event it goes before)."""
    plies: list[int] = []
    shift = 0
    for e in edits:
        if e.op == "result":
            continue
        at = e.ply - shift
        plies.append(at)
        if e.op == "swap":
            plies.append((e.to if e.to is not None else e.ply + 1) - shift)
        elif e.op == "insert":
            shift += 1
        elif e.op == "delete":
            shift -= 1
    return sorted(set(plies))

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
from adjudicator.core.i18n import Lang
from adjudicator.core.repair.search import DEFAULT_MAX_EDITS, Edit, Repair, repair
from adjudicator.core.repair.words import WORDS as REPAIR_WORDS
from adjudicator.core.repair.words import edit_line, searched_said, verdict_said
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


#: The report's words for a repair; the edits and the search are said as ``adjudicator
#: repair`` says them (:mod:`adjudicator.core.repair.words`).
WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "best": "Best correction found (cost {cost:g}):",
        "checked": "The corrected record was validated whole: {verdict}.",
        "budget": "This report searches at most {replays} edited records and {seconds:g} s "
        "a record (--repair-replays, --repair-seconds); adjudicator repair searches further.",
        "first": "Searched {tried} edited record(s) in {seconds:.1f} s, cheapest first: this "
        "correction is the first found; others were not looked for.",
        "unread": "No correction searched: the record's events could not be read.",
        "failed": "No correction searched: the search stopped on an internal error.",
        "row_best": "{edits} (cost {cost:g})",
        "row_none": "none within {max_edits} edit(s)",
        "row_budget": "none found within the budget",
        "row_unsearched": "not searched",
    },
    "ja": {
        "best": "見つかった最良の修正案(費用 {cost:g}):",
        "checked": "修正した記録を最後まで検証しました: {verdict}。",
        "budget": "このレポートでは 1 記録につき修正した記録 {replays} 件、{seconds:g} 秒まで"
        "探します(--repair-replays、--repair-seconds)。adjudicator repair はさらに探します。",
        "first": "修正した記録 {tried} 件を {seconds:.1f} 秒で、費用の安い順に検討しました。"
        "この修正案が最初に見つかったもので、他の修正案は探していません。",
        "unread": "修正案は探していません: 記録の手順を読めませんでした。",
        "failed": "修正案は探していません: 内部エラーで探索が止まりました。",
        "row_best": "{edits}(費用 {cost:g})",
        "row_none": "{max_edits} 箇所以内の修正案なし",
        "row_budget": "上限内では修正案なし",
        "row_unsearched": "探索せず",
    },
}


@dataclass(frozen=True)
class Fix:
    """What the report shows of a record's repair: the viewer's data (words and, with a
    correction, the corrected game's frames) and the row's short text."""

    data: dict[str, Any]
    row: str
    #: the defect that cost the corrected game its pictures (:class:`.report_frames.Drawn`)
    defect: str | None = None


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
    words = WORDS[lang]
    if read is None:
        return Fix({"status": "unsearched", "lines": [words["unread"]]}, words["row_unsearched"])
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
        line = f"{words['unread']} ({said})"
        return Fix({"status": "unsearched", "lines": [printable(line)]}, words["row_unsearched"])
    except Exception:  # a defect in the search costs this record its repair, not the report
        traceback.print_exc(file=sys.stderr)
        return Fix({"status": "unsearched", "lines": [words["failed"]]}, words["row_unsearched"])
    if found.status not in ("repaired", "no_candidate") or found.searched is None:
        # read strictly, as a repair reads, the record is not invalid: nothing searched
        return Fix({"status": "unsearched", "lines": [words["unread"]]}, words["row_unsearched"])
    searched = found.searched
    if searched.stopped == "top":  # one candidate asked for, and found
        said = words["first"].format(tried=searched.edits_tried, seconds=searched.seconds)
    else:
        said = searched_said(searched, found.max_edits, len(found.candidates), lang)
    if not found.candidates:
        return _none(found, budget, said, lang)
    return _best(game, found, said, options, boards)


def _none(found: Repair, budget: RepairBudget, searched: str, lang: Lang) -> Fix:
    words = WORDS[lang]
    assert found.searched is not None
    lines = [searched]
    if found.searched.budget_reached:
        lines.append(words["budget"].format(replays=budget.replays, seconds=budget.seconds))
        row = words["row_budget"]
    else:
        lines.insert(0, REPAIR_WORDS[lang]["none"].format(max_edits=found.max_edits))
        row = words["row_none"].format(max_edits=found.max_edits)
    return Fix({"status": "no_candidate", "lines": lines}, row)


def _best(
    game: Game, found: Repair, searched: str, options: Options, boards: dict[str, str]
) -> Fix:
    lang = options.lang
    words = WORDS[lang]
    best = found.candidates[0]
    edits = [printable(edit_line(e, lang, game.rules)) for e in best.edits]
    data: dict[str, Any] = {
        "status": "repaired",
        "head": words["best"].format(cost=best.cost),
        "edits": edits,
        "lines": [
            words["checked"].format(verdict=verdict_said(best, game.rules, lang)),
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
    row = words["row_best"].format(edits="; ".join(edits), cost=best.cost)
    return Fix(data, row, defect)


def corrected_plies(edits: list[Edit]) -> list[int]:
    """The plies of the corrected game an edit made or moved (an edit's ``ply`` counts in
    the record as corrected so far, and edits come in the order of their plies, so it is
    the corrected game's ply; a deletion marks the event that took the deleted one's
    place)."""
    plies: list[int] = []
    for e in edits:
        plies.append(e.ply)
        if e.op == "swap":
            plies.append(e.ply + 1)
    return sorted(set(plies))


def written_plies(edits: list[Edit]) -> list[int]:
    """The plies of the written record an edit concerns: its ply less the events inserted
    before it, plus those deleted (an insertion marks the written event it goes before)."""
    plies: list[int] = []
    shift = 0
    for e in edits:
        at = e.ply - shift
        plies.append(at)
        if e.op == "swap":
            plies.append(at + 1)
        elif e.op == "insert":
            shift += 1
        elif e.op == "delete":
            shift -= 1
    return sorted(set(plies))

"""A repair said in words, in Japanese and English: one edit as a diff, what a corrected
record's verdict is, and what was searched. ``adjudicator repair`` prints them and the HTML
report (``validate --html --repair``) shows them, so that the two say the same thing the
same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang, say
from adjudicator.core.write.report import decided_line, reason_name, side_name

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.read.records import GameRecord
    from adjudicator.core.repair.models import Candidate, Edit, Searched

#: Each edit's words, by the edit's operation.
_EDITS = {
    "replace": "core.repair.replace",
    "insert": "core.repair.insert",
    "delete": "core.repair.delete",
    "swap": "core.repair.swap",
}

#: Why a search stopped, in words, by :attr:`Searched.stopped`.
_STOPPED = {
    "complete": "core.repair.complete",
    "horizon": "core.repair.horizon",
    "top": "core.repair.top",
    "alternatives": "core.repair.alternatives",
}

#: The budget a search stopped at, in words.
_BUDGETS = {"replays": "core.repair.budget_replays", "time": "core.repair.budget_time"}

#: A replaced line longer than this is shown by what changed in it.
_SHORT = 16


#: Where a ply stands on the score sheet, in the sheet's terms (:meth:`Repairable.on_sheet`).
OnSheet = Callable[[int, Lang], str | None]


def sheet_of(game: Game, record: GameRecord) -> OnSheet | None:
    """Where ``record``'s plies stand on its score sheet, for a game that says it."""
    from adjudicator.core.capabilities import Repairable

    if not isinstance(game, Repairable):
        return None
    return lambda ply, lang: game.on_sheet(record, ply, lang)


def edit_line(
    edit: Edit, lang: Lang, rules: RuleData | None = None, on_sheet: OnSheet | None = None
) -> str:
    """One edit as a diff: ``ply 23: M4-I4 → M4-M5``, the ply as the game of ``rules``
    says it (``turn 4``); a long line by the part that changed in it."""
    from adjudicator.core.judge.plies import ply_name
    from adjudicator.core.repair.transcription import changed_part

    counting = rules.counting if rules is not None else None

    def named(at: int) -> str:
        place = on_sheet(at, lang) if on_sheet is not None else None
        said = ply_name(counting, at, lang)
        return (
            said if place is None else say("core.repair.ply_on_sheet", lang, ply=said, place=place)
        )

    ply = named(edit.ply)
    if edit.op == "result":
        was, now = _claim(edit.was, rules, lang), _claim(edit.now, rules, lang)
        return say("core.repair.result", lang, was=was, now=now)
    if edit.op == "replace" and edit.was and edit.now and len(edit.was) > _SHORT:
        part_was, part_now = changed_part(edit.was, edit.now)
        return say(
            "core.repair.replace_in",
            lang,
            ply=ply,
            part_was=part_was or "∅",
            part_now=part_now or "∅",
            was=edit.was,
        )
    if edit.to is not None and (edit.op == "move" or edit.to != edit.ply + 1):
        to = named(edit.to)
        key = "core.repair.move" if edit.op == "move" else "core.repair.swap_apart"
        return say(key, lang, ply=ply, to=to, was=edit.was, now=edit.now)
    return say(_EDITS[edit.op], lang, ply=ply, was=edit.was, now=edit.now)


def _claim(result: str | None, rules: RuleData | None, lang: Lang) -> str:
    """A result as a result edit writes it (``winner reason``), in the words of ``lang``:
    the side and the reason as the game names them."""
    if result is None:
        return say("core.repair.no_result", lang)
    winner, _, reason = result.partition(" ")
    return say(
        "core.repair.claim",
        lang,
        winner=side_name(rules, winner, lang),
        reason=reason_name(rules, reason, lang),
    )


def doubt_said(candidate: Candidate, lang: Lang) -> str | None:
    """Why a candidate is doubtful, in words, or ``None`` for one that is not."""
    from adjudicator.core.repair.transcription import DOUBTFUL_COST

    if candidate.doubtful_reason == "chance":
        return say("core.repair.doubtful_chance", lang)
    if candidate.doubtful_reason == "cost":
        return say("core.repair.doubtful_cost", lang, cost=candidate.cost, limit=DOUBTFUL_COST)
    return None


def candidate_lines(
    candidate: Candidate,
    lang: Lang,
    rules: RuleData | None = None,
    on_sheet: OnSheet | None = None,
) -> list[str]:
    """A candidate's edits as diffs, each followed by what it could equally have written,
    then the candidates it ties with and why it is doubtful: what a reader must see before
    trusting the first."""
    lines: list[str] = []
    for edit in candidate.edits:
        lines.append(edit_line(edit, lang, rules, on_sheet))
        same = same_effect_said(edit, lang)
        if same is not None:
            lines.append("  " + same)
    after = [tied_said(candidate, lang), doubt_said(candidate, lang)]
    return lines + [line for line in after if line is not None]


def equally_consistent(candidate: Candidate, lang: Lang) -> list[str]:
    """What the record cannot tell apart from this candidate: each edit's alternatives,
    then the candidates it ties with (the report shows them beside its edits)."""
    said = [same_effect_said(edit, lang) for edit in candidate.edits]
    return [line for line in [*said, tied_said(candidate, lang)] if line is not None]


def same_effect_said(edit: Edit, lang: Lang) -> str | None:
    """The events an edit could equally have written (:attr:`Edit.alternatives`), or
    ``None`` when the record tells it apart from every other."""
    if not edit.alternatives:
        return None
    lines = " / ".join(edit.alternatives)
    if edit.more_alternatives:
        return say("core.repair.same_effect_more", lang, lines=lines, more=edit.more_alternatives)
    return say("core.repair.same_effect", lang, lines=lines)


def tied_said(candidate: Candidate, lang: Lang) -> str | None:
    """The candidates that cost as much as this one (:attr:`Candidate.tied_with`), or
    ``None`` when it has no equal."""
    if not candidate.tied_with:
        return None
    ranks = ", ".join(map(str, candidate.tied_with))
    return say("core.repair.tied", lang, ranks=ranks)


def verdict_said(candidate: Candidate, rules: RuleData | None, lang: Lang) -> str:
    """What the corrected record's verdict is: valid, and decided how or unfinished."""
    computed = candidate.verdict.computed
    if computed is None:
        return say("core.repair.valid_unfinished", lang)
    decided = decided_line(
        rules,
        lang,
        computed.decided_at,
        computed.winner,
        computed.reason,
    )
    return say("core.repair.valid_decided", lang, decided=decided)


def budget_said(searched: Searched, lang: Lang) -> str:
    """That a budget stopped the search before it was complete: said before anything it
    found, so that no one reads a search cut short as one that considered everything."""
    assert searched.budget_reached is not None
    budget = say(_BUDGETS[searched.budget_reached], lang)
    return say("core.repair.stopped", lang, budget=budget)


def searched_said(searched: Searched, max_edits: int, found: int, lang: Lang) -> str:
    """What was searched and why the search stopped; a budget reached says that a
    correction may have been missed."""
    if searched.budget_reached:
        budget = say(_BUDGETS[searched.budget_reached], lang)
        scope = say("core.repair.budget", lang, budget=budget)
    else:
        limit = searched.cost_limit
        scope = say(_STOPPED[searched.stopped], lang, max_edits=max_edits, limit=limit, top=found)
    tried, seconds = searched.edits_tried, searched.seconds
    return say("core.repair.searched", lang, tried=tried, seconds=seconds, scope=scope)

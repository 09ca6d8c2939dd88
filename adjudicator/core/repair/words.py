"""A repair said in words, in Japanese and English: one edit as a diff, what a corrected
record's verdict is, and what was searched. ``adjudicator repair`` prints them and the HTML
report (``validate --html --repair``) shows them, so that the two say the same thing the
same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang
from adjudicator.core.write.report import decided_line

if TYPE_CHECKING:
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.repair.models import Candidate, Edit, Searched

#: The words of a repair, by language.
WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "valid": "{source}: valid as written; nothing to repair.",
        "pending": "{source}: consistent so far, hidden checks pending; nothing public to repair.",
        "fails": "{source}: invalid at {ply}",
        "fails_whole": "{source}: invalid",
        "candidates": "{count} correction(s) under which the record is valid to its end "
        "and agrees with its result:",
        "none": "No correction within {max_edits} edit(s) makes the record valid.",
        "candidate": "{rank}. cost {cost:g}: {verdict}",
        "valid_unfinished": "valid, unfinished",
        "valid_decided": "valid, {decided}",
        "replace": "{ply}: {was} → {now}",
        "replace_in": "{ply}: {part_was} → {part_now} in {was}",
        "insert": "{ply}: insert {now}",
        "delete": "{ply}: delete {was}",
        "swap": "{ply}: swap {was} → {now}",
        "searched": "Searched {tried} edited record(s) in {seconds:.1f} s; {scope}.",
        "complete": "every record within {max_edits} edit(s) considered",
        "horizon": "every correction costing up to {limit:g} considered",
        "top": "stopped at the {top} cheapest",
        "alternatives": "stopped looking for other corrections",
        "budget": "stopped at the {budget} budget: a correction may have been missed",
        "wrote": "wrote {path}: the first correction, its edits in ext",
    },
    "ja": {
        "valid": "{source}: 記録どおりで有効です。修復するところはありません。",
        "pending": "{source}: ここまでは矛盾なし、非公開の確認が保留中です。公開部分に修復する"
        "ところはありません。",
        "fails": "{source}: {ply}で無効",
        "fails_whole": "{source}: 無効",
        "candidates": "記録が最後まで有効で結果とも合う修正案 {count} 件:",
        "none": "{max_edits} 箇所以内の修正では記録は有効になりません。",
        "candidate": "{rank}. 費用 {cost:g}: {verdict}",
        "valid_unfinished": "有効、対局は未終了",
        "valid_decided": "有効、{decided}",
        "replace": "{ply}: {was} → {now}",
        "replace_in": "{ply}: {part_was} → {part_now}({was} の中)",
        "insert": "{ply}: {now} を挿入",
        "delete": "{ply}: {was} を削除",
        "swap": "{ply}: 入れ替え {was} → {now}",
        "searched": "修正した記録 {tried} 件を {seconds:.1f} 秒で検討しました({scope})。",
        "complete": "{max_edits} 箇所以内の修正をすべて検討",
        "horizon": "費用 {limit:g} までの修正をすべて検討",
        "top": "安い順に {top} 件見つけた時点で終了",
        "alternatives": "他の修正案の探索を打ち切り",
        "budget": "{budget} の上限で終了。見落とした修正案があるかもしれません",
        "wrote": "{path} に書き出しました(最初の修正案。修正内容は ext に記載)",
    },
}

_BUDGET_JA = {"replays": "再生回数", "time": "時間"}

#: A replaced line longer than this is shown by what changed in it.
_SHORT = 16


def edit_line(edit: Edit, lang: Lang, rules: RuleData | None = None) -> str:
    """One edit as a diff: ``ply 23: M4-I4 → M4-M5``, the ply as the game of ``rules``
    says it (``turn 4``); a long line by the part that changed in it."""
    from adjudicator.core.judge.plies import ply_name
    from adjudicator.core.repair.transcription import changed_part

    w = WORDS[lang]
    ply = ply_name(rules.counting if rules is not None else None, edit.ply, lang)
    if edit.op == "replace" and edit.was and edit.now and len(edit.was) > _SHORT:
        part_was, part_now = changed_part(edit.was, edit.now)
        return w["replace_in"].format(
            ply=ply, part_was=part_was or "∅", part_now=part_now or "∅", was=edit.was
        )
    return w[edit.op].format(ply=ply, was=edit.was, now=edit.now)


def verdict_said(candidate: Candidate, rules: RuleData | None, lang: Lang) -> str:
    """What the corrected record's verdict is: valid, and decided how or unfinished."""
    w = WORDS[lang]
    computed = candidate.verdict.computed
    if computed is None:
        return w["valid_unfinished"]
    decided = decided_line(
        rules,
        lang,
        computed.decided_at,
        computed.winner,
        computed.reason,
    )
    return w["valid_decided"].format(decided=decided)


def searched_said(searched: Searched, max_edits: int, found: int, lang: Lang) -> str:
    """What was searched and why the search stopped; a budget reached says that a
    correction may have been missed."""
    w = WORDS[lang]
    if searched.budget_reached:
        budget = searched.budget_reached
        shown_budget = _BUDGET_JA.get(budget, budget) if lang == "ja" else budget
        scope = w["budget"].format(budget=shown_budget)
    else:
        scope = w[searched.stopped].format(
            max_edits=max_edits, limit=searched.cost_limit, top=found
        )
    return w["searched"].format(tried=searched.edits_tried, seconds=searched.seconds, scope=scope)

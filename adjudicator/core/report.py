"""Verdicts for people: one block per record, in Japanese or English, with the position
before a rejected action drawn."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.markup import escape

from adjudicator.core.display import printable, printable_data
from adjudicator.core.i18n import Lang
from adjudicator.core.references import RuleData
from adjudicator.core.verdict import Verdict

LABELS: dict[Lang, dict[str, str]] = {
    "en": {
        "valid": "valid",
        "invalid": "invalid",
        "pending": "consistent so far; hidden checks pending",
        "pending_check": "pending",
        "unreadable": "unreadable",
        "actions": "{n} actions",
        "decided": "{winner} by {reason} after {ply} actions",
        "draw": "draw by {reason} after {ply} actions",
        "unfinished": "unfinished",
        "at_ply": "at ply {ply}",
        "before": "position before ply {ply}: {position}",
        "at_end": "final position: {position}",
        "warning": "warning",
        "suggest": "canonical spelling: {suggestion}",
        "summary": "{total} record(s): {valid} valid, {invalid} invalid, {pending} pending, "
        "{unreadable} unreadable",
        "interpretations": "readings switched: {switched}",
        "to_move": "{side} to move",
        "ply": "ply {ply}",
        "legal": "legal",
        "illegal": "illegal",
        "leads_to": "leads to: {position}",
        "turn_start": "turn start: {decided}",
        "decided_after": "decided after {ply} actions: {winner} ({reason})",
        "pending_exit": "the record is consistent so far; {n} hidden check(s) pending",
        "interrupted": "interrupted after {done} of {total} records",
        "jobs_capped": "note: --jobs {jobs} is more than the {cores} core(s) here; using {cores}",
    },
    "ja": {
        "valid": "有効",
        "invalid": "無効",
        "pending": "現時点で矛盾なし(非公開情報の検査が未了)",
        "pending_check": "未了",
        "unreadable": "読み取り不能",
        "actions": "{n}手",
        "decided": "{ply}手目で {winner} の勝ち({reason})",
        "draw": "{ply}手目で引き分け({reason})",
        "unfinished": "未終局",
        "at_ply": "{ply}手目",
        "before": "{ply}手目の前の局面: {position}",
        "at_end": "最終局面: {position}",
        "warning": "警告",
        "suggest": "正しい表記: {suggestion}",
        "summary": "記録{total}件: 有効{valid}・無効{invalid}・検査未了{pending}・"
        "読み取り不能{unreadable}",
        "interpretations": "切り替えた解釈: {switched}",
        "to_move": "{side}の手番",
        "ply": "{ply}手目",
        "legal": "合法",
        "illegal": "不合法",
        "leads_to": "結果の局面: {position}",
        "turn_start": "手番開始時: {decided}",
        "decided_after": "{ply}手で決着: {winner}({reason})",
        "pending_exit": "現時点で矛盾なし。非公開情報の検査{n}件が未了です",
        "interrupted": "中断しました(記録{total}件中{done}件を検証済み)",
        "jobs_capped": "注: --jobs {jobs} はこの機械のコア数 {cores} を超えるため、"
        "{cores} で実行します",
    },
}

_MARK = {
    "valid": "[green]✓[/]",
    "invalid": "[red]✗[/]",
    "pending": "[yellow]…[/]",
    "unreadable": "[red]![/]",
}


def side_name(rules: RuleData | None, side: str, lang: Lang) -> str:
    return rules.side_name(side, lang) if rules is not None else side


def reason_name(rules: RuleData | None, reason: str, lang: Lang) -> str:
    return rules.reason_name(reason, lang) if rules is not None else reason


def _result(verdict: Verdict, lang: Lang, rules: RuleData | None) -> str:
    label = LABELS[lang]
    o = verdict.computed
    if o is None:
        return label["unfinished"]
    key = "draw" if o.winner == "draw" else "decided"
    return label[key].format(
        winner=side_name(rules, o.winner, lang),
        reason=reason_name(rules, o.reason, lang),
        ply=o.decided_at,
    )


def _displayable(verdict: Verdict) -> Verdict:
    """The verdict with every string from the input escaped for a terminal (the drawing
    line by line, keeping its line breaks)."""
    data = printable_data(verdict.model_dump())
    if verdict.problem is not None and verdict.problem.drawing:
        lines = verdict.problem.drawing.split("\n")
        data["problem"]["drawing"] = "\n".join(printable(line) for line in lines)
    return Verdict.model_validate(data)


def decided_line(
    rules: RuleData | None, lang: Lang, decided_at: int, winner: str, reason: str
) -> str:
    """ "decided after N actions: red (pincer)", in words of ``lang``."""
    return LABELS[lang]["decided_after"].format(
        ply=decided_at,
        winner=side_name(rules, winner, lang),
        reason=reason_name(rules, reason, lang),
    )


def print_verdict(
    console: Console, verdict: Verdict, lang: Lang, rules: RuleData | None = None
) -> None:
    """One record's verdict; ``rules`` (the record's game) names sides and reasons in words."""
    verdict = _displayable(verdict)
    label = LABELS[lang]
    head = f"{_MARK[verdict.status]} [bold]{escape(verdict.source)}[/] — {label[verdict.status]}"
    if verdict.unreadable is not None:
        u = verdict.unreadable
        console.print(f"{head}: {escape(u.message)} [dim]({u.code})[/]")
        return
    p = verdict.problem
    if p is None:
        n = label["actions"].format(n=verdict.plies)
        console.print(f"{head} · {n} · {_result(verdict, lang, rules)}")
    else:
        where = f" {label['at_ply'].format(ply=p.ply)}" if p.ply is not None else ""
        action = f" {escape(p.action)}" if p.action else ""
        console.print(f"{head}{where}:{action} [bold]{p.code}[/]")
        if p.citation:
            console.print(f"    {escape(p.citation)}")
        console.print(f"    {escape(p.message)}")
        if p.suggestion:
            console.print(f"    {label['suggest'].format(suggestion=escape(p.suggestion))}")
        if p.position:
            key = "before" if p.ply is not None and p.action else "at_end"
            console.print(f"    {escape(label[key].format(ply=p.ply, position=p.position))}")
        if p.drawing:
            for line in p.drawing.rstrip("\n").splitlines():
                console.print(f"    {escape(line)}")
    switched = [i for i in verdict.interpretations if "=" in i]
    if switched:
        text = label["interpretations"].format(switched=", ".join(switched))
        console.print(f"    [dim]{escape(text)}[/]")
    for check in verdict.pending:
        where = label["at_ply"].format(ply=check.ply)
        console.print(
            f"    [yellow]{label['pending_check']}[/] {where}: {escape(check.description)} "
            f"[dim]({check.code}; {escape(check.citation)})[/]"
        )
    for w in verdict.warnings:
        console.print(
            f"    [yellow]{label['warning']}[/] {escape(w.location)}: {escape(w.message)} "
            f"[dim]({w.code})[/]"
        )


def summary(counts: Mapping[str, int], lang: Lang) -> str:
    """The batch in one line, from the number of records of each status."""
    total = sum(counts.values())
    return LABELS[lang]["summary"].format(
        total=total,
        valid=counts["valid"],
        invalid=counts["invalid"],
        pending=counts["pending"],
        unreadable=counts["unreadable"],
    )

"""Verdicts for people: one block per record, in Japanese or English, with the position
before a rejected action drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rich.console import Console
from rich.markup import escape

from adjudicator.core.i18n import Lang
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
    },
}

_MARK = {
    "valid": "[green]✓[/]",
    "invalid": "[red]✗[/]",
    "pending": "[yellow]…[/]",
    "unreadable": "[red]![/]",
}


def _result(verdict: Verdict, label: dict[str, str]) -> str:
    o = verdict.computed
    if o is None:
        return label["unfinished"]
    key = "draw" if o.winner == "draw" else "decided"
    return label[key].format(winner=o.winner, reason=o.reason, ply=o.decided_at)


def print_verdict(console: Console, verdict: Verdict, lang: Lang) -> None:
    label = LABELS[lang]
    head = f"{_MARK[verdict.status]} [bold]{escape(verdict.source)}[/] — {label[verdict.status]}"
    if verdict.unreadable is not None:
        u = verdict.unreadable
        console.print(f"{head}: {escape(u.message)} [dim]({u.code})[/]")
        return
    p = verdict.problem
    if p is None:
        n = label["actions"].format(n=verdict.plies)
        console.print(f"{head} · {n} · {_result(verdict, label)}")
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


def summary(verdicts: Iterable[Verdict], lang: Lang) -> str:
    counts = Counter(v.status for v in verdicts)
    total = sum(counts.values())
    return LABELS[lang]["summary"].format(
        total=total,
        valid=counts["valid"],
        invalid=counts["invalid"],
        pending=counts["pending"],
        unreadable=counts["unreadable"],
    )

"""What the conformance commands say to a person, in each language. The machine-readable
outputs (``--json``, the report's JSON, the exported files) keep their English field values;
only these lines follow ``--lang`` or the locale."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.i18n import Lang, Said, in_lang
from adjudicator.core.write.display import pad, width

#: A case's status as a person reads it; the JSON keeps the codes (passed, failed, …).
STATUS_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"passed": "passed", "failed": "failed", "skipped": "skipped", "errored": "errored"},
    "ja": {"passed": "合格", "failed": "失敗", "skipped": "省略", "errored": "エラー"},
}

#: Each case's mark in the list of results.
MARKS: dict[Lang, dict[str, str]] = {
    "en": {
        "passed": "[green]pass[/]",
        "failed": "[red]FAIL[/]",
        "skipped": "[yellow]skip[/]",
        "errored": "[red]ERROR[/]",
    },
    "ja": {
        "passed": "[green]合格[/]",
        "failed": "[red]失敗[/]",
        "skipped": "[yellow]省略[/]",
        "errored": "[red]エラー[/]",
    },
}

#: The labels under a failed or errored case (``request`` … ``received``) are aligned by
#: :func:`labels`.
WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "count": "{n} {status}",
        "and": ", ",
        "nothing ran": "nothing ran",
        "request": "request",
        "description": "checks",
        "rule": "rules",
        "none": "(none)",
        "expected": "expected",
        "actual": "actual",
        "diff": "diff",
        "received": "received",
        "stderr": "    stderr (last lines):",
        "undeclared game": "[bold]{game}[/]: {counts} (game not declared by the engine)",
        "engine": "engine",
        "summary": (
            "{who} against suite {suite}: {passed} passed, {failed} failed, "
            "{skipped} skipped, {errored} errored"
        ),
        "restarts": "the engine was restarted {n} time(s) after errors",
        "unknown features": (
            "[yellow]unknown features declared (ignored): {unknown}[/]; "
            "the vocabulary is {vocabulary}"
        ),
        "not run": "[red]{stopped}[/]: {n} case(s) not run",
        "did not start": "error: the engine did not start: {problem}",
        "not declared": "{game}: not declared by the engine",
        "did not run": "{name}: did not run — {problem}",
        "wrote": "wrote {path}",
        "not locked": "[red]not locked[/]: {problem}",
        "locked": "locked {n} cases as suite {version}",
        "unversioned": "unversioned",
        "exported": (
            "wrote {files} topic files ({cases} cases, suite {version}), "
            "{schema} and {index} to {directory}"
        ),
        "covered": "[green]✓[/]",
        "uncovered": "[red]✗ uncovered[/]",
        "more": " … (+{n})",
        "unknown reference": "  [red]unknown reference[/] {refs} in {case}",
        "playthrough coverage": "  playthroughs ({games} games, {steps} positions): "
        "times each feature occurs / its minimum",
        "feature": "    {mark} {feature:28} {n} / {minimum}",
        "below minimum": "[red]✗ below its minimum[/]",
        "playthroughs written": "wrote {n} playthroughs of {game} (seed {seed}) to {path}",
        "playthroughs differ": "{path} differs from the playthroughs of seed {seed}: "
        "run adjudicator conformance playthroughs --seed {seed}",
        "playthroughs agree": "{path} holds the playthroughs of seed {seed}",
        "playthroughs stale": "{path} is no longer generated: remove it",
    },
    "ja": {
        "count": "{status} {n}",
        "and": "、",
        "nothing ran": "実行したケースなし",
        "request": "要求",
        "description": "内容",
        "rule": "根拠",
        "none": "(なし)",
        "expected": "期待値",
        "actual": "実際の値",
        "diff": "差分",
        "received": "受信",
        "stderr": "    標準エラー出力(最後の行):",
        "undeclared game": "[bold]{game}[/]: {counts}(エンジンが宣言していないゲーム)",
        "engine": "エンジン",
        "summary": (
            "{who}、テスト集 {suite} に対して: 合格 {passed}、失敗 {failed}、"
            "省略 {skipped}、エラー {errored}"
        ),
        "restarts": "エラーの後、エンジンを {n} 回再起動しました",
        "unknown features": (
            "[yellow]宣言された未知の機能(無視しました): {unknown}[/]。機能の語彙: {vocabulary}"
        ),
        "not run": "[red]{stopped}[/]: 実行しなかったケース {n} 件",
        "did not start": "エラー: エンジンが起動しません: {problem}",
        "not declared": "{game}: エンジンが宣言していません",
        "did not run": "{name}: 実行されませんでした — {problem}",
        "wrote": "{path} を書き出しました",
        "not locked": "[red]記録できません[/]: {problem}",
        "locked": "ケース {n} 件をテスト集 {version} として記録しました",
        "unversioned": "版なし",
        "exported": (
            "{directory} に、トピックのファイル {files} 個(ケース {cases} 件、テスト集 "
            "{version})と {schema}、{index} を書き出しました"
        ),
        "covered": "[green]✓[/]",
        "uncovered": "[red]✗ ケースなし[/]",
        "more": " …(ほか {n} 件)",
        "unknown reference": "  [red]未知の参照[/] {refs}(ケース {case})",
        "playthrough coverage": "  通しの対局({games} 局、局面 {steps}): "
        "各項目の出現回数 / 最低回数",
        "feature": "    {mark} {feature:28} {n} / {minimum}",
        "below minimum": "[red]✗ 最低回数に不足[/]",
        "playthroughs written": "{game} の通しの対局 {n} 局(シード {seed})を {path} に書きました",
        "playthroughs differ": "{path} はシード {seed} の通しの対局と異なります: "
        "adjudicator conformance playthroughs --seed {seed} を実行してください",
        "playthroughs agree": "{path} はシード {seed} の通しの対局です",
        "playthroughs stale": "{path} はもう生成されません: 削除してください",
    },
}


def counts_text(counts: dict[str, int], lang: Lang) -> str:
    """``82 passed, 1 failed`` (``合格 82、失敗 1``): the statuses that occurred, in order."""
    words, names = WORDS[lang], STATUS_WORDS[lang]
    parts = [words["count"].format(n=counts[s], status=names[s]) for s in names if counts.get(s)]
    return words["and"].join(parts) or words["nothing ran"]


def version_text(version: str, lang: Lang) -> str:
    """The suite's version, or that it has none, as a person reads it."""
    return WORDS[lang]["unversioned"] if version == "unversioned" else version


def joined(parts: Sequence[str], en: str = "; ", ja: str = "; ") -> Said:
    """Messages joined, each language with its own separator."""
    return Said(en.join(parts), ja.join(in_lang(p, "ja") for p in parts))


def said_of(exc: BaseException) -> str:
    """The message an exception was raised with, a :class:`Said` kept as it is
    (``str(exc)`` would be the English alone)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)


#: The labels of the lines under a failed or errored case, and the one shown in red.
#: ``description`` and ``rule`` (what the case checks, the rules it cites) are shown with -v.
LABELLED = ("description", "rule", "request", "expected", "actual", "diff", "received")


def labels(lang: Lang) -> dict[str, str]:
    """Each label of :data:`LABELLED` indented, with its colon, padded to one column by
    display width (a Japanese character takes two), as rich markup: ``diff`` in red."""
    words = WORDS[lang]
    column = max(width(words[key]) for key in LABELLED) + 2
    out = {}
    for key in LABELLED:
        word = words[key]
        cell = pad(f"{word}:", column)
        out[key] = f"    [red]{word}[/]{cell[len(word) :]}" if key == "diff" else f"    {cell}"
    return out

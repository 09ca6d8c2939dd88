"""``adjudicator repair``: the corrections that make a miscopied record the game it meant,
for a director or an arbiter (see :mod:`adjudicator.core.repair`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.core.cli_common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_PENDING,
    JsonOption,
    LangOption,
    fail,
    resolve_lang,
    robust_stdout,
)
from adjudicator.core.display import path_text, printable
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.registry import Registry
from adjudicator.core.report import decided_line
from adjudicator.core.writing import check_file, write_text

if TYPE_CHECKING:
    from adjudicator.core.references import RuleData
    from adjudicator.core.repair import Edit, Repair

#: The words of the human report, by language.
WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "valid": "{source}: valid as written; nothing to repair.",
        "pending": "{source}: consistent so far, hidden checks pending; nothing public to repair.",
        "fails": "{source}: invalid at ply {ply}: {code}",
        "fails_whole": "{source}: invalid: {code}",
        "candidates": "{count} correction(s) under which the record is valid to its end "
        "and agrees with its result:",
        "none": "No correction within {max_edits} edit(s) makes the record valid.",
        "candidate": "{rank}. cost {cost:g}: {verdict}",
        "valid_unfinished": "valid, unfinished",
        "valid_decided": "valid, {decided}",
        "replace": "ply {ply}: {was} → {now}",
        "replace_in": "ply {ply}: {part_was} → {part_now} in {was}",
        "insert": "ply {ply}: insert {now}",
        "delete": "ply {ply}: delete {was}",
        "swap": "ply {ply}: swap {was} → {now}",
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
        "fails": "{source}: {ply}手目で無効: {code}",
        "fails_whole": "{source}: 無効: {code}",
        "candidates": "記録が最後まで有効で結果とも合う修正案 {count} 件:",
        "none": "{max_edits} 箇所以内の修正では記録は有効になりません。",
        "candidate": "{rank}. 費用 {cost:g}: {verdict}",
        "valid_unfinished": "有効、対局は未終了",
        "valid_decided": "有効、{decided}",
        "replace": "{ply}手目: {was} → {now}",
        "replace_in": "{ply}手目: {part_was} → {part_now}({was} の中)",
        "insert": "{ply}手目: {now} を挿入",
        "delete": "{ply}手目: {was} を削除",
        "swap": "{ply}手目: 入れ替え {was} → {now}",
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


def register(app: typer.Typer, registry: Registry) -> None:
    @app.command()
    def repair(
        source: Annotated[Path, typer.Argument(help="A record, JSON or text notation.")],
        max_edits: Annotated[
            int,
            typer.Option("--max-edits", min=0, max=3, help="At most this many edits a candidate."),
        ] = 2,
        top: Annotated[
            int, typer.Option("--top", min=1, max=20, help="Show at most this many candidates.")
        ] = 3,
        seconds: Annotated[
            float,
            typer.Option(
                "--time", min=0.1, max=3600, help="Stop searching after this many seconds."
            ),
        ] = 30.0,
        write: Annotated[
            Path | None,
            typer.Option(
                "--write",
                help="Write the best candidate here as a JSON record, its edits in 'ext' "
                "(the input is never changed).",
            ),
        ] = None,
        as_json: JsonOption = False,
        lang: LangOption = None,
    ) -> None:
        """Find the game a miscopied record meant: the fewest, most plausible edits
        (replace, insert, delete or swap an event; a die, a pip or a name miscopied)
        under which the record is legal to its end and agrees with its result.

        Example: `adjudicator repair round3/table2.txt --lang ja`
        """
        from adjudicator.core.commands import load
        from adjudicator.core.repair import repair as search

        chosen = resolve_lang(lang)
        robust_stdout()
        if write is not None:
            if write.exists() and write.resolve() == source.resolve():
                fail(
                    InputError(
                        "usage",
                        "--write names the record itself; the input is never changed",
                        ja="--write が記録そのものを指しています。入力は変更しません",
                        field="--write",
                    )
                )
            try:
                check_file(write, "--write")  # before the search, not after it
            except InputError as err:
                fail(err)
        game, record, _ = load(registry, source, lenient=False)
        try:
            found = search(
                game,
                record,
                source=str(source),
                max_edits=max_edits,
                top=top,
                seconds=seconds,
                lang=chosen,
            )
        except InputError as err:
            fail(err, str(source))
        if as_json:
            sys.stdout.write(found.model_dump_json(indent=2) + "\n")
        else:
            _print(found, game.rules, chosen)
        if write is not None and found.candidates:
            try:
                write_text(write, _with_edits(found), "--write")
            except InputError as err:
                fail(err)  # what was found is printed above
            if not as_json:
                print(WORDS[chosen]["wrote"].format(path=printable(path_text(str(write)))))
        codes = {"valid": EXIT_OK, "repaired": EXIT_OK, "pending": EXIT_PENDING}
        raise typer.Exit(codes.get(found.status, EXIT_INVALID))


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
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _print(found: Repair, rules: RuleData, lang: Lang) -> None:
    w = WORDS[lang]
    source = printable(path_text(found.source))
    if found.status in ("valid", "pending"):
        print(w[found.status].format(source=source))
        return
    problem = found.verdict.problem
    assert problem is not None
    head = "fails" if problem.ply is not None else "fails_whole"
    print(w[head].format(source=source, ply=problem.ply, code=problem.code))
    print("  " + printable(problem.message))
    if found.candidates:
        print(w["candidates"].format(count=len(found.candidates)))
    else:
        print(w["none"].format(max_edits=found.max_edits))
    for rank, candidate in enumerate(found.candidates, 1):
        computed = candidate.verdict.computed
        if computed is None:
            said = w["valid_unfinished"]
        else:
            decided = decided_line(
                rules,
                lang,
                computed.decided_at,
                computed.winner,
                computed.reason,  # type: ignore[arg-type]
            )
            said = w["valid_decided"].format(decided=decided)
        print(w["candidate"].format(rank=rank, cost=candidate.cost, verdict=said))
        for edit in candidate.edits:
            print("     " + printable(_edit_line(edit, w)))
    searched = found.searched
    if searched is not None:
        if searched.budget_reached:
            budget = searched.budget_reached
            shown_budget = _BUDGET_JA.get(budget, budget) if lang == "ja" else budget
            scope = w["budget"].format(budget=shown_budget)
        else:
            scope = w[searched.stopped].format(
                max_edits=found.max_edits, limit=searched.cost_limit, top=len(found.candidates)
            )
        print(
            w["searched"].format(tried=searched.edits_tried, seconds=searched.seconds, scope=scope)
        )


#: A replaced line longer than this is shown by what changed in it.
_SHORT = 16


def _edit_line(edit: Edit, w: dict[str, str]) -> str:
    from adjudicator.core.transcription import changed_part

    if edit.op == "replace" and edit.was and edit.now and len(edit.was) > _SHORT:
        part_was, part_now = changed_part(edit.was, edit.now)
        return w["replace_in"].format(
            ply=edit.ply, part_was=part_was or "∅", part_now=part_now or "∅", was=edit.was
        )
    return w[edit.op].format(ply=edit.ply, was=edit.was, now=edit.now)

"""Rows of verdicts for spreadsheets (``validate --summary csv`` and ``csv-excel``): the one
place that writes CSV.

A spreadsheet program reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a
formula (``=HYPERLINK(…)`` becomes a link, ``=7*6`` is computed), and one that starts with a
tab or a carriage return may be read so too. A file name or a message is written by someone
else, so every text cell is neutralised as the OWASP guidance on CSV injection says: such a
cell is written with a ``'`` before it, which makes it text; control and bidirectional
characters are shown as their escapes, as the terminal shows them
(:func:`adjudicator.core.write.display.printable`), so no cell starts with a tab or a carriage
return either, and no file name reads backwards. Numbers (the ply) are written as numbers.
The price, said in the docs: a program reading the CSV sees ``'=x.json`` for ``=x.json``;
``--jsonl`` is the exact form for programs.

``csv`` is UTF-8 without a byte order mark and with ``\\n`` line ends, what programs and
LibreOffice read; ``csv-excel`` starts with the UTF-8 byte order mark and ends lines with
``\\r\\n``, which is what makes Excel (the Japanese one included) read UTF-8 instead of the
local code page, so that the article column (条文) is not garbled. The mark is not in
``csv`` because a program reading the file would take it for part of the first column's
name.

The header, the status, the winner and the reason are said in the run's language: under
``--lang ja`` a director reads ファイル・判定・勝者 and 無効・黒・全てのコマが上がり, while
in English they stay the ids scripts have always read (``invalid``, ``black``,
``all_home``). The ``code`` column is the stable code in both. Each row also says where in
the game's own unit (``at``: 3ターン目, ``turn 3``, as the screen and the report say it,
beside ``ply``, the event's number) and, in words, what is wrong (``message``).
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Literal

from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.plies import count, ply_name
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.write.display import printable

if TYPE_CHECKING:
    from adjudicator.core.game import Game

SummaryFormat = Literal["csv", "csv-excel"]

#: The columns, by id, each with the message that heads it.
HEADS = {
    "file": "core.column.file",
    "game": "core.column.game",
    "status": "core.column.status",
    "ply": "core.column.ply",
    "at": "core.column.at",
    "code": "core.column.code",
    "article": "core.column.article",
    "winner": "core.column.winner",
    "reason": "core.column.reason",
    "message": "core.column.message",
}
COLUMNS = tuple(HEADS)

#: A verdict's status in one word (in English, its id).
STATUS_WORDS = {
    "valid": "core.status.valid",
    "invalid": "core.status.invalid",
    "pending": "core.status.pending",
    "unreadable": "core.status.unreadable",
}

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: A game by its versioned id (``None``: a game not installed): ``Registry.get``.
GameOf = Callable[[str], "Game | None"]

Value = str | int | None


def header(lang: Lang) -> tuple[str, ...]:
    """The header row in ``lang``: file, game, … or ファイル, ゲーム, …"""
    return tuple(say(key, lang) for key in HEADS.values())


def cell(value: str | int | None) -> str | int:
    """A value as a cell that a spreadsheet reads as data: a number as is, text made
    printable and, if it would start a formula, led by ``'``."""
    if value is None:
        return ""
    if isinstance(value, int):
        return value
    shown = printable(value)
    return "'" + shown if shown.startswith(FORMULA_START) else shown


def message_of(v: Verdict) -> str:
    """What the verdict says in words: the problem's message, why the record could not be
    read, or the first check waiting; empty for a valid record."""
    if v.problem is not None:
        return v.problem.message
    if v.unreadable is not None:
        return v.unreadable.message
    return v.pending[0].description if v.pending else ""


def _ply(v: Verdict) -> int | None:
    """The ply of the problem or of the first check waiting; for a valid record, the
    number of actions it holds."""
    if v.problem is not None:
        return v.problem.ply
    if v.pending:
        return v.pending[0].ply
    return v.plies if v.status == "valid" else None


def _at(v: Verdict, ply: int | None, rules: RuleData | None, lang: Lang) -> str | None:
    """The ply as the game says it (3ターン目, ply 41), or how long a valid game is (83手)."""
    if ply is None:
        return None
    counting = rules.counting if rules is not None else None
    return count(counting, ply, lang) if v.status == "valid" else ply_name(counting, ply, lang)


def verdict_row(v: Verdict, lang: Lang, game_of: GameOf) -> tuple[Value, ...]:
    """A verdict's row: what is wrong and where, the article, the result the rules give
    (winner and reason), and the message. In English the status, the game, the winner and
    the reason are ids; in Japanese, words (the code is the id in both)."""
    p, u = v.problem, v.unreadable
    first = v.pending[0] if v.pending else None
    code = p.code if p else u.code if u else first.code if first else ""
    ply = _ply(v)
    found = game_of(v.game) if v.game else None
    rules = found.rules if found is not None else None
    article = p.citation if p else first.citation if first else ""
    outcome = v.computed
    winner = outcome.winner if outcome else None
    reason = outcome.reason if outcome else None
    game: str | None = v.game
    status: str = v.status
    if lang == "ja":
        status = say(STATUS_WORDS[v.status], lang)
        if found is not None and rules is not None:
            game = found.title_ja
            winner = rules.side_name(winner, lang) if winner else None
            reason = rules.reason_name(reason, lang) if reason else None
    at = _at(v, ply, rules, lang)
    return (v.source, game, status, ply, at, code, article, winner, reason, message_of(v))


def summary_writer(
    stream: IO[str], fmt: SummaryFormat, lang: Lang, game_of: GameOf
) -> Callable[[Verdict], None]:
    """Write the header to ``stream`` now, and a row for each verdict given."""
    excel = fmt == "csv-excel"
    if excel:
        stream.write("\ufeff")
    writer = csv.writer(stream, lineterminator="\r\n" if excel else "\n")
    writer.writerow(header(lang))

    def row(v: Verdict) -> None:
        writer.writerow([cell(value) for value in verdict_row(v, lang, game_of)])

    return row

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
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import IO, Literal

from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.write.display import printable

SummaryFormat = Literal["csv", "csv-excel"]

COLUMNS = ("file", "game", "status", "ply", "code", "article", "winner", "reason")

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: str | int | None) -> str | int:
    """A value as a cell that a spreadsheet reads as data: a number as is, text made
    printable and, if it would start a formula, led by ``'``."""
    if value is None:
        return ""
    if isinstance(value, int):
        return value
    shown = printable(value)
    return "'" + shown if shown.startswith(FORMULA_START) else shown


def verdict_row(v: Verdict) -> tuple[str | int | None, ...]:
    """A verdict's row: what is wrong and where (the ply of the problem or of the first
    check waiting; for a valid record, the number of actions it holds), the article, and
    the result the rules give (winner and reason, as ids)."""
    p, u = v.problem, v.unreadable
    first = v.pending[0] if v.pending else None
    code = p.code if p else u.code if u else first.code if first else ""
    if p is not None:
        ply = p.ply
    elif first is not None:
        ply = first.ply
    else:
        ply = v.plies if v.status == "valid" else None
    article = p.citation if p else first.citation if first else ""
    outcome = v.computed
    winner = outcome.winner if outcome else None
    reason = outcome.reason if outcome else None
    return (v.source, v.game, v.status, ply, code, article, winner, reason)


def summary_writer(stream: IO[str], fmt: SummaryFormat) -> Callable[[Verdict], None]:
    """Write the header to ``stream`` now, and a row for each verdict given."""
    excel = fmt == "csv-excel"
    if excel:
        stream.write("\ufeff")
    writer = csv.writer(stream, lineterminator="\r\n" if excel else "\n")
    writer.writerow(COLUMNS)

    def row(v: Verdict) -> None:
        writer.writerow([cell(value) for value in verdict_row(v)])

    return row

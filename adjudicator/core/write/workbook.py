"""The verdicts as an Excel workbook (``validate … --xlsx FILE``), for directors who live in
a spreadsheet program: what ``--summary csv`` writes, without the import dialog.

The first sheet holds one row per record, with the columns and values of the CSV summary,
the verdict's message among them (:mod:`adjudicator.core.write.spreadsheet` makes both, so
the two never differ); its header row is frozen and carries filters, and each column is as
wide as its widest text, a full-width (Japanese) character counted as two. The second
sheet says what the run was: the tool's and the conformance suite's versions, the date,
strict or lenient, and the interpretations in force for each game judged.

Every cell is data: a text is written as a string cell, so a file name such as
``=HYPERLINK(…).json`` is never a formula (the CSV needs a leading ``'`` for that; a
workbook says the cell's type, so the text is kept exactly), and control and bidirectional
characters are shown as their escapes, as in the CSV.

openpyxl (the ``xlsx`` extra) is imported only by this module, which only ``--xlsx``
imports: the other commands start without it."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.writer.excel import ExcelWriter

from adjudicator import __version__
from adjudicator.core.batch.files import Options
from adjudicator.core.conformance.suite import version_of
from adjudicator.core.i18n import Lang, templates
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.registry import Registry
from adjudicator.core.shipped import shipped
from adjudicator.core.write.display import printable
from adjudicator.core.write.files import writing
from adjudicator.core.write.spreadsheet import header, verdict_row

Value = str | int | None

#: The widest a column is made (in characters of the default font): a longer text is
#: wrapped in its cell rather than widening the column past the screen.
MAX_WIDTH = 80

#: The workbook's words, by key: the id of each in the catalogue.
WORDS: dict[str, str] = {
    "records": "core.workbook.records",
    "settings": "core.workbook.settings",
    "setting": "core.workbook.setting",
    "value": "core.workbook.value",
    "id": "core.workbook.id",
    "tool": "core.workbook.tool",
    "suite": "core.workbook.suite",
    "date": "core.workbook.date",
    "mode": "core.workbook.mode",
    "strict": "core.workbook.strict",
    "lenient": "core.workbook.lenient",
    "language": "core.workbook.language",
    "count": "core.workbook.count",
    "interpretation": "core.workbook.interpretation",
}


def display_width(text: str) -> int:
    """How many columns of the default font ``text`` takes: a wide or full-width
    character (East Asian Width W or F: kana, kanji, full-width forms) two, others one."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@dataclass
class Workbook:
    """Collects the verdicts' rows one by one and writes the workbook on :meth:`close`."""

    path: Path
    registry: Registry
    options: Options
    #: the records read, which the workbook is never written over
    inputs: Iterable[Path]
    rows: list[tuple[Value, ...]] = field(default_factory=list)
    #: per game id, the interpretations in force as its verdicts list them
    interpretations: dict[str, list[str]] = field(default_factory=dict)

    def add(self, verdict: Verdict) -> None:
        self.rows.append(verdict_row(verdict, self.options.lang, self.registry.get))
        if verdict.game is not None:
            seen = self.interpretations.setdefault(verdict.game, [])
            seen.extend(i for i in verdict.interpretations if i not in seen)

    def close(self) -> None:
        """The workbook written to :attr:`path` (an :class:`InputError` if it cannot be)."""
        lang = self.options.lang
        words = templates(WORDS, lang)
        settings_header = (words["setting"], words["value"], words["id"])
        # made in the one writer, so that a failure of openpyxl's own temporary files (a
        # full disk) is said as this file's failure too, and saved whole in memory before
        # it is written as one run of bytes (a device that fails the write, /dev/full).
        with writing(self.path, "--xlsx", inputs=self.inputs) as out:
            book = OpenpyxlWorkbook()
            book.remove(book.worksheets[0])  # the empty sheet a new workbook has
            _table(book.create_sheet(words["records"]), header(lang), self.rows)
            _table(book.create_sheet(words["settings"]), settings_header, self._settings())
            out.flush()
            out.buffer.write(_saved(book))

    def _settings(self) -> list[tuple[Value, ...]]:
        """The run's settings: versions, date, mode, language, and each interpretation in
        force, by game, as its number and title, the reading in words and its id."""
        lang = self.options.lang
        words = templates(WORDS, lang)
        now = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        mode = "lenient" if self.options.lenient else "strict"
        rows: list[tuple[Value, ...]] = [
            (words["tool"], __version__, None),
            (words["suite"], version_of(shipped("conformance")), None),
            (words["date"], now, None),
            (words["mode"], words[mode], mode),
            (words["language"], lang, None),
            (words["count"], len(self.rows), None),
        ]
        for game_id, in_force in sorted(self.interpretations.items()):
            rows.extend(self._interpretations(game_id, in_force, lang))
        return rows

    def _interpretations(
        self, game_id: str, in_force: Iterable[str], lang: Lang
    ) -> Iterable[tuple[Value, ...]]:
        game = self.registry.get(game_id)
        if game is None:
            return
        title = game.title_ja if lang == "ja" else game.title_en
        for shown in in_force:
            ident, _, value = shown.partition("=")
            spec = next((i for i in game.rules.interpretations if i.id == ident), None)
            if spec is None:
                continue
            reading = spec.reading_ja if lang == "ja" else spec.reading_en
            if value:
                reading = spec.alternatives.get(value, value)
            name = templates(WORDS, lang)["interpretation"].format(
                game=title, title=game.rules.interpretation_title(ident, lang)
            )
            yield (name, reading, shown)


def _saved(book: OpenpyxlWorkbook) -> bytes:
    """The workbook as the bytes of its file: openpyxl's own ``save_workbook``, but with
    its zip archive closed however the saving ends. Left open when a temporary file of
    openpyxl's failed, the archive said a traceback when Python collected it; and the
    workbook is made in memory, not in openpyxl's write-only mode, whose sheets, begun
    before the saving, were left half made likewise."""
    whole = BytesIO()
    with ZipFile(whole, "w", ZIP_DEFLATED, allowZip64=True) as archive:
        book.properties.modified = datetime.now(UTC).replace(tzinfo=None)
        ExcelWriter(book, archive).write_data()
    return whole.getvalue()


def _table(sheet: Worksheet, header: Sequence[str], rows: list[tuple[Value, ...]]) -> None:
    """``rows`` under a bold, frozen ``header`` with filters, each column as wide as its
    widest text (at most :data:`MAX_WIDTH`, longer texts wrapped)."""
    texts = [[_shown(v) for v in row] for row in rows]
    for n, name in enumerate(header, start=1):
        widest = max([display_width(name), *(display_width(str(r[n - 1])) for r in texts)])
        sheet.column_dimensions[get_column_letter(n)].width = min(widest + 2, MAX_WIDTH)
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(rows) + 1}"
    bold = Font(bold=True)
    sheet.append([_cell(sheet, name, font=bold) for name in header])
    wrap = Alignment(wrap_text=True, vertical="top")
    for row in texts:
        sheet.append(
            [
                _cell(sheet, v, alignment=wrap if display_width(str(v)) > MAX_WIDTH else None)
                for v in row
            ]
        )


def _shown(value: Value) -> str | int:
    """A value as the cell holds it: a number as is, text made printable, nothing empty."""
    if value is None:
        return ""
    return value if isinstance(value, int) else printable(value)


def _cell(
    sheet: Worksheet,
    value: str | int,
    font: Font | None = None,
    alignment: Alignment | None = None,
) -> Cell:
    """A cell holding ``value`` as data: a text is a string cell even when it starts with
    ``=`` (openpyxl would take it for a formula)."""
    cell = WriteOnlyCell(sheet, value=value if value != "" else None)
    if isinstance(value, str) and value:
        cell.data_type = "s"
    if font is not None:
        cell.font = font
    if alignment is not None:
        cell.alignment = alignment
    return cell

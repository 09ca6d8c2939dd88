"""`validate --xlsx FILE`: the verdicts as a workbook, read back with openpyxl. The records
sheet has the CSV summary's columns and values (one module makes both) and the verdict's
message, a frozen header with filters, and columns wide enough for Japanese text; every
text is a string cell, never a formula; the settings sheet says what the run was.
(Opening the workbook in LibreOffice is tested in tests/browser/test_workbook.py.)"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import openpyxl

from adjudicator import __version__
from adjudicator.core.write.spreadsheet import COLUMNS
from adjudicator.core.write.workbook import MAX_WIDTH, display_width
from tests.test_spreadsheet import HOSTILE_NAMES, ROOT, hostile_folder, summary


def workbook(cwd: Path, out: Path, *args: str) -> tuple[subprocess.CompletedProcess[bytes], object]:
    """``validate … --xlsx out`` run in ``cwd``, and the workbook it wrote."""
    result = summary(cwd, "--xlsx", str(out), *args)
    return result, openpyxl.load_workbook(out)


def rows(sheet: object) -> list[tuple[object, ...]]:
    return list(sheet.iter_rows(values_only=True))  # type: ignore[attr-defined]


def test_the_records_sheet_has_the_csv_rows_and_the_message(tmp_path: Path) -> None:
    """docs/validate.md (--xlsx): the same columns and values as --summary csv, a row per
    record, and the verdict's message in words beside them."""
    out = tmp_path / "r.xlsx"
    result, book = workbook(ROOT, out, "records", "--summary", "csv", "--lang", "ja")
    assert result.returncode == 2  # records/ holds unreadable samples
    in_csv = list(csv.reader(io.StringIO(result.stdout.decode("utf-8"))))
    sheet = book.worksheets[0]  # type: ignore[attr-defined]
    assert sheet.title == "記録"
    got = rows(sheet)
    assert got[0] == tuple(in_csv[0]) and got[0][-1] == "説明"
    assert len(got) == len(in_csv) > 60
    for row, line in zip(got[1:], in_csv[1:], strict=True):
        as_csv = ["" if v is None else str(v) for v in row]
        assert as_csv == line
    jump = next(r for r in got if str(r[0]).endswith("invalid/illegal-action-in-the-middle.json"))
    assert jump[COLUMNS.index("code")] == "jump_across_two_orbits"
    assert "外周と内周" in str(jump[-1])
    assert jump[COLUMNS.index("ply")] == 41  # a number, to sort and filter by


def test_header_frozen_with_filters_and_columns_as_wide_as_japanese_text(tmp_path: Path) -> None:
    """A director scrolls and filters a long round: the header stays, every column has a
    filter, and a column is as wide as its widest text, a kanji counted as two."""
    out = tmp_path / "r.xlsx"
    _, book = workbook(ROOT, out, "records/orbit-dominion", "--lang", "ja")
    wider_than_counted = []
    for sheet in book.worksheets:  # type: ignore[attr-defined]
        got = rows(sheet)
        assert sheet.freeze_panes == "A2"
        last = openpyxl.utils.get_column_letter(len(got[0]))
        assert sheet.auto_filter.ref == f"A1:{last}{len(got)}"
        for n, column in enumerate(zip(*got, strict=True), start=1):
            texts = [str(v) for v in column if v is not None]
            widest = max(display_width(t) for t in texts)
            width = sheet.column_dimensions[openpyxl.utils.get_column_letter(n)].width
            assert min(widest, MAX_WIDTH - 2) <= width <= MAX_WIDTH, (sheet.title, n)
            wider_than_counted.append(width > max(len(t) for t in texts) + 2)
    assert any(wider_than_counted)  # Japanese text: wider than its count of characters


def test_a_file_name_like_a_formula_is_a_string_cell(tmp_path: Path) -> None:
    """OWASP, "CSV Injection": =7*6 or =HYPERLINK(…) as a file name is kept as the text
    it is, in a string cell (no ' needed: the workbook says the cell's type); tab and CR
    are shown as escapes, as in the CSV."""
    folder = hostile_folder(tmp_path)
    out = tmp_path / "r.xlsx"
    result, book = workbook(folder, out, "--", *HOSTILE_NAMES)
    assert result.returncode == 0, result.stderr
    sheet = book.worksheets[0]  # type: ignore[attr-defined]
    files = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert all(c.data_type == "s" for c in files)
    assert [c.value for c in files] == [
        "=7*6+0.json",
        '=HYPERLINK("https:example.org","y").json',
        "+1+1.json",
        "-2+3.json",
        "@SUM(1).json",
        "\\t=1+1.json",
        "\\r=1+1.json",
        "round1-\\u202edilav-\\u202c.json",
    ]


def test_the_settings_sheet_says_what_the_run_was(tmp_path: Path) -> None:
    """Which tool, which suite, when, strict or lenient, and every interpretation in force
    for each game judged, a switched one with its value (docs/interpretations.md)."""
    out = tmp_path / "r.xlsx"
    args = ("records/dark-nebula", "--lenient", "-I", "nebula-entry=each-step")
    _, book = workbook(ROOT, out, *args)
    settings = book.worksheets[1]  # type: ignore[attr-defined]
    assert settings.title == "Settings"
    got = {r[0]: r[1:] for r in rows(settings)}
    assert got["adjudicator version"][0] == __version__
    suite = (ROOT / "conformance/suite.json").read_text("utf-8")
    assert f'"version": "{got["Conformance suite version"][0]}"' in suite
    assert got["Mode"][1] == "lenient"
    ids = [r[2] for r in rows(settings)]
    assert "nebula-entry=each-step" in ids and "search-sectors" in ids
    assert "board" not in ids and "geometry" not in ids  # games not judged


def test_without_the_extra_xlsx_says_how_to_install_it(tmp_path: Path) -> None:
    """docs/validate.md: --xlsx needs the 'xlsx' extra; without openpyxl the command
    stops before the work with the command that installs it, in the language asked for."""
    script = (
        "import sys; sys.modules['openpyxl'] = None\n"
        "sys.argv = ['adjudicator', 'validate', 'records/orbit-dominion/valid/pincer.json',"
        f" '--xlsx', {str(tmp_path / 'r.xlsx')!r}, '--lang', 'ja']\n"
        "from adjudicator.cli import main\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 2
    assert "追加パッケージ 'xlsx'" in done.stderr and "adjudicator-rules[xlsx]" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "r.xlsx").exists()

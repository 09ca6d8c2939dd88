"""`validate --summary csv` and `csv-excel`: a spreadsheet reads every cell as data, never as
a formula (OWASP, "CSV Injection"); the Excel form carries the UTF-8 byte order mark so that
the article column (条文) is read as UTF-8; every row holds the ply, the winner and the reason.
(Opening the file in LibreOffice is tested in tests/browser/test_spreadsheet.py.)"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core.write.spreadsheet import COLUMNS, cell

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "records/orbit-dominion/valid/pincer.json"

#: File names a spreadsheet would read as formulas or links, if written as they are.
HOSTILE_NAMES = (
    "=7*6+0.json",
    '=HYPERLINK("https:example.org","y").json',
    "+1+1.json",
    "-2+3.json",
    "@SUM(1).json",
    "\t=1+1.json",
    "\r=1+1.json",
    "round1-\u202edilav-\u202c.json",
)


def hostile_folder(tmp_path: Path) -> Path:
    """A folder of one valid record under each hostile name."""
    folder = tmp_path / "round"
    folder.mkdir()
    for name in HOSTILE_NAMES:
        (folder / name).write_bytes(SAMPLE.read_bytes())
    return folder


def summary(cwd: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``validate … --summary`` run in ``cwd``, its output as bytes."""
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", "validate", *args],
        capture_output=True,
        cwd=cwd,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_cell_that_would_start_a_formula_is_led_by_a_quote(name: str) -> None:
    """OWASP: a cell starting with =, +, -, @, tab or CR is made text; tab and CR are shown
    as escapes (as the terminal shows them), so they cannot start a cell either."""
    shown = cell(name)
    assert isinstance(shown, str)
    assert not shown.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert "\u202e" not in shown and "\t" not in shown and "\r" not in shown


def test_numbers_and_plain_text_are_left_as_they_are() -> None:
    assert cell(83) == 83 and cell("round1/a.json") == "round1/a.json" and cell(None) == ""


def test_hostile_file_names_given_on_the_command_line_are_data(tmp_path: Path) -> None:
    """The file column holds the name as given: here, names that start with a formula."""
    folder = hostile_folder(tmp_path)
    result = summary(folder, "--summary", "csv", "--", *HOSTILE_NAMES)
    assert result.returncode == 0, result.stderr
    rows = rows_of(result.stdout.decode("utf-8"))
    assert [r["file"] for r in rows] == [
        "'=7*6+0.json",
        '\'=HYPERLINK("https:example.org","y").json',
        "'+1+1.json",
        "'-2+3.json",
        "'@SUM(1).json",
        "\\t=1+1.json",
        "\\r=1+1.json",
        "round1-\\u202edilav-\\u202c.json",
    ]


def test_every_row_has_its_ply_winner_and_reason() -> None:
    """A valid record's ply is the number of its actions; the winner and the reason are the
    result the rules give (ids, like the status and the code)."""
    result = summary(ROOT, "records/orbit-dominion", "--summary", "csv")
    rows = rows_of(result.stdout.decode("utf-8"))
    assert tuple(rows[0]) == COLUMNS
    pincer = next(r for r in rows if r["file"].endswith("/valid/pincer.json"))
    assert (pincer["status"], pincer["ply"], pincer["winner"], pincer["reason"]) == (
        "valid",
        "83",
        "red",
        "pincer",
    )
    assert all(r["ply"] for r in rows if r["status"] == "valid")
    wrong = next(r for r in rows if r["file"].endswith("invalid/wrong-winner.json"))
    assert (wrong["ply"], wrong["code"], wrong["winner"]) == ("83", "wrong_winner", "red")


def test_csv_excel_has_the_byte_order_mark_and_crlf_and_csv_has_neither() -> None:
    """Excel reads a CSV as the local code page (Shift_JIS in Japan) unless it starts with
    the UTF-8 byte order mark: csv-excel has it, so 条文 is read as written."""
    excel = summary(ROOT, "records/orbit-dominion", "--summary", "csv-excel", "--lang", "ja")
    assert excel.stdout.startswith(b"\xef\xbb\xbffile,game,status,ply,code,article,")
    lines = excel.stdout.split(b"\r\n")
    assert len(lines) > 10 and all(b"\n" not in line for line in lines)
    assert "第5条" in excel.stdout.decode("utf-8-sig")
    plain = summary(ROOT, "records/orbit-dominion", "--summary", "csv")
    assert plain.stdout.startswith(b"file,") and b"\r\n" not in plain.stdout

"""`validate --summary csv` and `csv-excel`: a spreadsheet reads every cell as data, never as
a formula (OWASP, "CSV Injection"); the Excel form carries the UTF-8 byte order mark so that
the article column (条文) is read as UTF-8; every row holds the ply, the winner and the reason.
(Opening the file in LibreOffice is tested in tests/browser/test_spreadsheet.py.)"""

from __future__ import annotations

import csv
import io
import re
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
    assert excel.stdout.startswith("\ufeffファイル,ゲーム,判定,".encode())
    lines = excel.stdout.split(b"\r\n")
    assert len(lines) > 10 and all(b"\n" not in line for line in lines)
    assert "第5条" in excel.stdout.decode("utf-8-sig")
    plain = summary(ROOT, "records/orbit-dominion", "--summary", "csv")
    assert plain.stdout.startswith(b"file,") and b"\r\n" not in plain.stdout


#: What a Japanese director reads in the status column.
STATUSES_JA = {"有効", "無効", "検査未了", "読み取り不能"}
#: A cell holding Japanese (kana, kanji, full-width forms).
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def test_under_lang_ja_the_summary_is_in_japanese_with_the_codes_kept() -> None:
    """Issue 42 (the spreadsheet): under --lang ja the headers, the statuses, the sides and
    the reasons are Japanese, a 説明 column says in words what is wrong, and the stable
    codes stay in their own column for scripts."""
    result = summary(ROOT, "records/astro-stra", "--summary", "csv", "--lang", "ja")
    table = list(csv.reader(io.StringIO(result.stdout.decode("utf-8"))))
    head, rows = table[0], [dict(zip(table[0], row, strict=True)) for row in table[1:]]
    assert head[:3] == ["ファイル", "ゲーム", "判定"] and "説明" in head and "コード" in head
    assert all(JAPANESE.search(name) for name in head)
    assert {r["判定"] for r in rows} <= STATUSES_JA and "無効" in {r["判定"] for r in rows}
    wrong = next(r for r in rows if r["ファイル"].endswith("invalid/wrong-winner.json"))
    assert wrong["コード"] == "wrong_winner"  # the id, for scripts
    assert wrong["勝者"] == "黒" and JAPANESE.search(wrong["終局理由"])
    assert all(JAPANESE.search(r["説明"]) for r in rows if r["判定"] != "有効")


def test_the_summary_says_the_ply_as_the_screen_does() -> None:
    """Issue 42: Astro-Stra's ply column counts events (8) while the screen says 6ターン目;
    the 時点 column says it as the screen and the report do, beside the event's number."""
    folder = ROOT / "records/astro-stra/invalid"
    result = summary(ROOT, str(folder), "--summary", "csv", "--lang", "ja")
    rows = list(csv.DictReader(io.StringIO(result.stdout.decode("utf-8"))))
    turns = [r for r in rows if r["時点"].endswith("ターン目")]
    assert turns and any(r["時点"] != f"{r['通し番号']}ターン目" for r in turns)
    for row in rows:
        screen = summary(ROOT, row["ファイル"], "--lang", "ja").stdout.decode("utf-8")
        first = screen.splitlines()[0]
        assert row["時点"] in first if row["時点"] else "無効 " not in first, (row, first)


def test_in_english_the_values_stay_ids_and_the_message_is_said() -> None:
    """The English summary keeps its ids (status, winner, reason) and adds the ply as the
    game says it and the message."""
    result = summary(ROOT, "records/astro-stra/invalid", "--summary", "csv")
    rows = rows_of(result.stdout.decode("utf-8"))
    die = next(r for r in rows if r["file"].endswith("die-of-seven.json"))
    assert (die["status"], die["ply"], die["at"]) == ("invalid", "8", "turn 6")
    assert "7" in die["message"] and not JAPANESE.search(die["message"])
    wrong = next(r for r in rows if r["file"].endswith("wrong-winner.json"))
    assert (wrong["winner"], wrong["reason"]) == ("black", "all_home")

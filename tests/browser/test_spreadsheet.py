"""`validate --summary csv` opened in a real spreadsheet program: LibreOffice Calc, headless,
converts the CSV to a flat OpenDocument spreadsheet (.fods), whose XML says of every cell
whether it is a formula (``table:formula``) and whether it holds a link (``text:a``).

Without ``libreoffice`` on the PATH the tests are skipped, unless
``ADJUDICATOR_BROWSER_TESTS=required`` (as in CI, which installs ``libreoffice-calc-nogui``),
where that is a failure."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.test_spreadsheet import HOSTILE_NAMES, ROOT, hostile_folder, summary

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
#: LibreOffice's CSV import options: comma, double quote, UTF-8 (76), from the first line.
CSV_UTF8 = "CSV:44,34,76,1"


def _libreoffice() -> str:
    found = shutil.which("libreoffice") or shutil.which("soffice")
    if found is None:
        why = "libreoffice is missing (apt-get install libreoffice-calc-nogui)"
        if os.environ.get("ADJUDICATOR_BROWSER_TESTS") == "required":
            pytest.fail(f"spreadsheet tests required but {why}")
        pytest.skip(why)
    return found


def opened(csv_file: Path, tmp_path: Path) -> list[ET.Element]:
    """The cells of the CSV as LibreOffice Calc reads it, converted to flat ODS."""
    program = _libreoffice()
    out = tmp_path / "out"
    command = [
        program,
        f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",  # a profile of its own
        "--headless",
        f"--infilter={CSV_UTF8}",
        "--convert-to",
        "fods",
        "--outdir",
        str(out),
        str(csv_file),
    ]
    subprocess.run(command, capture_output=True, timeout=180, check=True)
    tree = ET.parse(out / (csv_file.stem + ".fods"))
    return list(tree.iter(f"{{{TABLE}}}table-cell"))


def cell_text(cell: ET.Element) -> str:
    return "\n".join("".join(p.itertext()) for p in cell.iter(f"{{{TEXT}}}p"))


def test_no_cell_becomes_a_formula_or_a_link(tmp_path: Path) -> None:
    """File names that start like a formula (=7*6, =HYPERLINK, +, -, @, tab, CR) are read
    by Calc as the text of the name, led by ', never computed and never a link."""
    folder = hostile_folder(tmp_path)
    result = summary(folder, "--summary", "csv", "--", *HOSTILE_NAMES)
    csv_file = tmp_path / "summary.csv"
    csv_file.write_bytes(result.stdout)
    cells = opened(csv_file, tmp_path)
    formulas = [c.get(f"{{{TABLE}}}formula") for c in cells if c.get(f"{{{TABLE}}}formula")]
    assert formulas == []
    assert [a for c in cells for a in c.iter(f"{{{TEXT}}}a")] == []
    texts = [cell_text(c) for c in cells]
    assert "'=7*6+0.json" in texts and "'@SUM(1).json" in texts
    assert "42" not in texts


def test_excel_form_is_read_with_its_byte_order_mark(tmp_path: Path) -> None:
    """``csv-excel`` starts with the byte order mark (which Excel needs to read UTF-8):
    a spreadsheet reading it as UTF-8 takes the mark for what it is, not for part of the
    first cell (ファイル), and the Japanese header and article column (条文) are read as
    written."""
    result = summary(ROOT, "records/orbit-dominion", "--summary", "csv-excel", "--lang", "ja")
    csv_file = tmp_path / "summary.csv"
    csv_file.write_bytes(result.stdout)
    texts = [cell_text(c) for c in opened(csv_file, tmp_path)]
    assert texts[:10] == [
        *("ファイル", "ゲーム", "判定", "通し番号", "時点"),
        *("コード", "条文", "勝者", "終局理由", "説明"),
    ]
    assert any("第5条" in t for t in texts)

"""Text from a record reaches every output of ``validate`` made harmless for that output, by
the one escaper of that sink: the terminal (:mod:`adjudicator.core.write.display`), HTML and
SVG (:mod:`adjudicator.core.write.markup`), CSV (:mod:`adjudicator.core.write.spreadsheet`) and
JSON lines
(:func:`adjudicator.core.read.strict_json.one_line`).

The hostile text holds markup (``<script>``), a quote and an ampersand, a bidirectional
control (U+202E), a formula (``=cmd``), a terminal escape (ESC ``[31m``) and a bell; it is
put in a file name, the players' names and the event (tags), an action and a result's
reason, and every output is searched for it raw. A second test reads the package's source:
a new writer that escaped for a sink by itself, instead of through that sink's escaper,
fails it."""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "records/orbit-dominion/valid/pincer.json"
HOSTILE = '<script>alert(1)</script>"&\u202e=cmd\x1b[31m\x07'
#: What must never reach a person's screen or page raw.
RAW = ("\u202e", "\x1b", "\x07", "<script>alert")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Records carrying the hostile text in a file name, tags, an action and a reason."""
    here = tmp_path_factory.mktemp("hostile") / "round"
    here.mkdir()
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["meta"]["red"] = data["meta"]["event"] = HOSTILE
    (here / (HOSTILE.replace("/", "_") + ".json")).write_text(json.dumps(data), "utf-8")
    (here / "players.json").write_text(json.dumps(data), "utf-8")
    action = json.loads(json.dumps(data))
    action["moves"][10] = HOSTILE
    (here / "action.json").write_text(json.dumps(action), "utf-8")
    reason = json.loads(json.dumps(data))
    reason["result"]["reason"] = HOSTILE
    (here / "reason.json").write_text(json.dumps(reason), "utf-8")
    return here


def run(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env},
    )


def assert_no_raw(text: str, markup: bool = True) -> None:
    """No raw control or bidirectional character in ``text``, nor (where markup is read)
    the hostile markup."""
    for raw in RAW if markup else RAW[:-1]:
        assert raw not in text, (raw, text[:2000])


@pytest.mark.parametrize("terminal", [False, True], ids=["plain", "rich"])
def test_terminal(folder: Path, terminal: bool) -> None:
    """The report to a pipe and to a terminal (rich): escapes, never the characters."""
    result = run("validate", ".", cwd=folder, **({"TTY_COMPATIBLE": "1"} if terminal else {}))
    assert result.returncode == 2, result.stderr
    assert "\\u202e" in result.stdout
    for raw in ("\u202e", "\x07", "=cmd\x1b"):  # rich's own styles are escape sequences
        assert raw not in result.stdout + result.stderr


def test_html(folder: Path, tmp_path: Path) -> None:
    """The page, and every record's data in it as the page's script reads it."""
    out = tmp_path / "r.html"
    result = run("validate", ".", "--html", str(out), cwd=folder)
    assert result.returncode == 2, result.stderr
    page = out.read_text(encoding="utf-8")
    assert_no_raw(page)
    for packed in re.findall(r'<script type="application/octet-stream" id="r\d+">(.*?)<', page):
        data = json.loads(zlib.decompress(base64.b64decode(packed)))
        # data that the script shows as text: markup in it is harmless, controls are not
        assert_no_raw(json.dumps(data, ensure_ascii=False), markup=False)
    index = json.loads(re.search(r'id="index">(.*?)</script>', page, re.S)[1])
    assert any("\\u202e" in row[0] for row in index)


def test_svg(folder: Path, tmp_path: Path) -> None:
    """A standalone picture of a record whose tags are hostile: well-formed XML, nothing
    raw."""
    out = tmp_path / "p.svg"
    result = run("replay", "players.json", "--to", "3", "--svg", str(out), cwd=folder)
    assert result.returncode == 0, result.stderr
    document = out.read_text(encoding="utf-8")
    ET.fromstring(document)
    assert_no_raw(document)


def test_csv(folder: Path) -> None:
    """Every cell data: none starts a formula, none holds a raw control."""
    names = sorted(os.listdir(folder))
    result = run("validate", "--summary", "csv", "--", *names, cwd=folder)
    assert result.returncode == 2, result.stderr
    assert_no_raw(result.stdout, markup=False)
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert len(rows) == len(names) + 1
    cells = [c for row in rows for c in row]
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]


@pytest.mark.parametrize("flag", ["--jsonl", "--json"])
def test_json(folder: Path, flag: str) -> None:
    """One line per verdict for ``--jsonl``; no raw bidirectional or control character in
    the text, while a program reads the very name and action."""
    result = run("validate", ".", flag, cwd=folder)
    assert result.returncode == 2, result.stderr
    assert_no_raw(result.stdout, markup=False)  # JSON keeps markup as data
    if flag == "--jsonl":
        verdicts = [json.loads(line) for line in result.stdout.splitlines()]
        assert len(verdicts) == 4
    else:
        verdicts = json.loads(result.stdout)
    name = HOSTILE.replace("/", "_") + ".json"
    assert any(v["source"].endswith(name) for v in verdicts)
    action = next(v for v in verdicts if v["source"].endswith("action.json"))
    assert action["problem"]["action"] == HOSTILE


#: For each sink, what only its escaper may write: an escape written elsewhere is a writer
#: escaping by itself (and, some day, differently).
ONLY_IN = {
    r"&amp;|&lt;|&gt;|&quot;|&#|\\u003c": {"adjudicator/core/write/markup.py"},
    r"^import csv|^from csv import|csv\.writer": {"adjudicator/core/write/spreadsheet.py"},
    # the characters shown escaped: to a person, and in JSON lines
    r"\\u202e|\\u2066": {
        "adjudicator/core/write/display.py",
        "adjudicator/core/read/strict_json.py",
    },
}
NOWHERE = [r"^from html import|^import html\b|^from xml\.sax|^import xml\.sax|^from markupsafe"]


def test_each_sink_is_escaped_in_one_place() -> None:
    """HTML and SVG escapes only in core/write/markup.py, CSV only in core/write/spreadsheet.py, the
    set of characters shown escaped to a person only in core/write/display.py; no module imports
    ``html``'s or ``xml.sax``'s escapes; the report's script builds no markup from data
    (``innerHTML`` only for the package's own drawing)."""
    sources = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for p in (ROOT / "adjudicator").rglob("*.py")
    }
    offenders = []
    for pattern, owners in ONLY_IN.items():
        offenders += [
            (path, pattern)
            for path, text in sources.items()
            if path not in owners and re.search(pattern, text, re.M)
        ]
    for pattern in NOWHERE:
        offenders += [(p, pattern) for p, text in sources.items() if re.search(pattern, text, re.M)]
    assert offenders == []
    script = (ROOT / "adjudicator/core/write/report_assets/report.js").read_text(encoding="utf-8")
    assert script.count("innerHTML") == 1 and ".replace(/&/g" not in script


def test_text_that_is_printable_needs_no_escape() -> None:
    """``printable`` answers text that ``str.isprintable`` accepts without its pattern: that
    is right only if no character it escapes is printable, over the whole of Unicode."""
    import sys

    from adjudicator.core.write.display import _UNSAFE

    escaped = (chr(c) for c in range(sys.maxunicode + 1))
    assert [c for c in escaped if _UNSAFE.match(c) and c.isprintable()] == []

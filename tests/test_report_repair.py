"""`validate DIR --html FILE --repair`: an invalid record's row offers its best correction,
found on a small budget a record, with the edits as a diff, its cost and the corrected
record's checked verdict, in the report's language; a search that finds none says what it
searched; the viewer's data holds the corrected game's frames beside the written ones.
(The page stepping through both in a browser is tested in tests/browser.)"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.repair.models import Edit
from adjudicator.core.write.report_repair import corrected_plies, written_plies
from tests.test_report_html import record, script

ROOT = Path(__file__).resolve().parents[1]
APP = build_app(Registry(installed_games()))
#: One record of each outcome of a search: a correction (ply 83 written M1-M3, which
#: decides the game before the resignation, meant M1-M2); none within two edits, every one
#: considered; none within the budget; not searched (its events do not read strictly).
SAMPLES = {
    "a-repaired.json": "orbit-dominion/invalid/resignation-after-the-end.json",
    "b-none.json": "astro-stra/invalid/layout-already-decided.json",
    "c-budget.json": "orbit-dominion/invalid/illegal-action-in-the-middle.json",
    "d-unread.txt": "dark-nebula/invalid/printed-names-in-strict-file.txt",
    "e-valid.json": "orbit-dominion/valid/annihilation.json",
    # a file name that is markup, with a bidirectional control: shown escaped, as text
    'f-<b onclick="x">\u202e.json': "orbit-dominion/invalid/result-missing.json",
}


#: A budget reached by its replays, never by its seconds: the same rows on any machine.
BUDGET = ("--repair-replays", "1000", "--repair-seconds", "600")


def make(tmp_path: Path, *args: str) -> str:
    folder = tmp_path / "round"
    folder.mkdir(exist_ok=True)
    for name, sample in SAMPLES.items():
        shutil.copyfile(ROOT / "records" / sample, folder / name)
    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        APP,
        ["validate", str(folder), "--html", str(out), "--repair", *BUDGET, *args],
        env={"LANG": "C.UTF-8", "COLUMNS": "120"},
    )
    assert result.exit_code == 1, result.stdout
    return out.read_text(encoding="utf-8")


def rows_and_fixes(html: str) -> list[dict[str, Any]]:
    """Each record's row (file name without the folder) and its correction without the
    frames; the seconds a search took, which vary, as ``N``."""
    shown = []
    for n, row in enumerate(json.loads(script(html, "index"))):
        fix = record(html, n).get("fix")
        if fix is not None:
            fix = {k: v for k, v in fix.items() if k != "frames"}
            fix["lines"] = [re.sub(r"\d+\.\d", "N", line) for line in fix["lines"]]
        shown.append({"row": [Path(row[0]).name, *row[1:]], "fix": fix})
    return shown


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rows_offer_the_best_correction_or_say_what_was_searched(
    tmp_path: Path, lang: str, snapshot: SnapshotAssertion
) -> None:
    """Orbit Dominion art. 8 (a game decided is over): the row of a record resigned after a
    decided game offers ply 83 M1-M3 → M1-M2, its cost, and the corrected record's verdict,
    checked; the others say none within two edits, none within the budget (which may have
    missed one), or not searched; a valid record gets no repair."""
    html = make(tmp_path, "--lang", lang)
    assert rows_and_fixes(html) == snapshot


def test_the_corrected_game_is_drawn_beside_the_written_one(tmp_path: Path) -> None:
    """The corrected game's frames: the same start, the same positions before the edited
    ply, another at it, and every ply to its end (it is valid)."""
    html = make(tmp_path)
    data = record(html, 0)
    fix = data["fix"]
    frames = fix["frames"]
    assert fix["cp"] == fix["wp"] == [83]
    assert frames["n"] == data["n"] == 84  # the written record ends at its resignation
    layer = lambda d, p: [d["parts"][i] for i in d["l"][p]]  # noqa: E731
    assert all(layer(frames, p) == layer(data, p) for p in range(83))
    assert layer(frames, 83) != layer(data, 83)
    assert (data["e"][83], frames["e"][83]) == ("M1-M3", "M1-M2")
    assert 'class="repairing"' in html and "Correction" in html


def test_the_file_name_stays_text_in_the_repair(tmp_path: Path) -> None:
    """A file name that is markup, with U+202E, reaches the page escaped, repair or not."""
    html = make(tmp_path)
    assert "\u202e" not in html and "<b onclick" not in html


def test_repair_without_html_is_a_usage_error() -> None:
    result = CliRunner().invoke(
        APP, ["validate", str(ROOT / "records/orbit-dominion/valid"), "--repair"]
    )
    assert result.exit_code == 2
    assert "--html" in result.output


def test_edited_plies_in_the_written_and_the_corrected_game() -> None:
    """An edit's ply counts in the corrected game; in the written one it is shifted back
    by the events inserted before it and on by those deleted; a swap marks two plies."""

    def edit(ply: int, op: str) -> Edit:
        return Edit(ply=ply, op=op, was="a", now="b", cost=1)  # type: ignore[arg-type]

    edits = [edit(3, "insert"), edit(6, "swap"), edit(9, "delete"), edit(12, "replace")]
    assert corrected_plies(edits) == [3, 6, 7, 9, 12]
    assert written_plies(edits) == [3, 5, 6, 8, 12]

"""One line splitter for every reader (adjudicator.core.read.lines): only a line feed ends
a line of a text record (docs/records.md, "The text notation"). A line separator, NEL or
form feed inside an Orbit Dominion comment or tag is part of it for ``validate`` (which
splits a file into its games), ``replay`` and ``convert`` alike — never two games for one
command and one for another."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "records" / "orbit-dominion" / "valid" / "comments-clocks-attempts.txt"
APP = build_app(Registry(installed_games()))
SEPARATORS = {"LS": "\u2028", "PS": "\u2029", "NEL": "\x85", "FF": "\x0c", "VT": "\x0b"}


def _hidden(tmp_path: Path, separator: str, where: str) -> Path:
    """The sample with a tag pair between two separators in a comment or a tag's value:
    a reader that ended lines there would see a tag after the moves, a second game."""
    text = SAMPLE.read_text(encoding="utf-8")
    hidden = f'{separator}[Round "2"]{separator}'
    if where == "comment":
        text = text.replace("{the usual opening}", "{the usual opening" + hidden + "}")
    else:
        escaped = hidden.replace('"', '\\"')  # quotes inside a tag's value are escaped
        text = text.replace('[Event "adjudicator sample games"]', f'[Event "x{escaped}"]')
    path = tmp_path / "hidden.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("where", ["comment", "tag"])
@pytest.mark.parametrize("name", sorted(SEPARATORS))
def test_every_reader_sees_the_same_one_game(tmp_path: Path, name: str, where: str) -> None:
    path = _hidden(tmp_path, SEPARATORS[name], where)
    verdicts = json.loads(CliRunner().invoke(APP, ["validate", str(path), "--json"]).stdout)
    replayed = CliRunner().invoke(APP, ["replay", str(path)])
    converted = CliRunner().invoke(APP, ["convert", str(path)])
    assert [v["source"] for v in verdicts] == [str(path)]  # one game, as replay reads it
    assert verdicts[0]["status"] == "valid"
    assert replayed.exit_code == 0, replayed.output
    assert converted.exit_code == 0, converted.output


def test_no_reader_splits_lines_by_itself() -> None:
    """``str.splitlines`` ends lines where the notation does not: no reader uses it."""
    readers = [
        *(ROOT / "adjudicator" / "core" / "read").glob("*.py"),
        *(ROOT / "adjudicator" / "core" / "batch").glob("*.py"),
        *(ROOT / "adjudicator").glob("*/record*.py"),
        *(ROOT / "adjudicator").glob("*/notation*.py"),
        *(ROOT / "adjudicator").glob("*/reading*.py"),
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in readers
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"\.splitlines\(", line) and not line.lstrip().startswith(("#", '"'))
    ]
    assert found == []

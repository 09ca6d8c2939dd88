"""An Orbit Dominion score sheet is repaired in its own lines (issue 41; docs/repair.md,
"A sheet's lines" and "The sheet's numbering"): a move pair left out or written twice is one
copying error, and a sheet whose move numbers skip the pair left out is read by ``repair``
— the gap the evidence of where it is missing — while ``validate`` stays strict."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator import repair, validate
from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.repair.transcription import DUPLICATE, MISSING_OR_EXTRA_EVENT, NUMBERED_GAP

ROOT = Path(__file__).resolve().parents[1]
#: Orbit Dominion's sample game: red wins by pincer after 83 actions, red moving first.
MOVES: list[str] = json.loads(
    (ROOT / "records/orbit-dominion/valid/pincer.json").read_text(encoding="utf-8")
)["moves"]


def sheet(pairs: list[tuple[int, list[str]]]) -> str:
    """A score sheet of numbered lines, each its number and the actions written on it."""
    body = [f"{n}. " + " ".join(actions) for n, actions in pairs]
    body[-1] += " 1-0"
    tags = '[Ruleset "orbit-dominion/4.2"]\n[Result "1-0"]\n[Reason "pincer"]\n'
    return tags + "\n" + "\n".join(body) + "\n"


def lines() -> list[list[str]]:
    """The sample's actions as its sheet writes them, a pair a line."""
    return [MOVES[i : i + 2] for i in range(0, len(MOVES), 2)]


def test_a_pair_left_out_under_a_skipped_number_is_read_and_put_back_there(
    tmp_path: Path,
) -> None:
    """Pair 10 left out, the numbers kept as on the sheet (9, then 11): ``validate`` names
    the number it expected; ``repair`` reads the sheet and puts the pair back where the
    number is skipped, first, at the cost of a numbered gap."""
    kept = [(n, pair) for n, pair in enumerate(lines(), 1) if n != 10]
    path = tmp_path / "gap.txt"
    path.write_text(sheet(kept), encoding="utf-8")
    assert validate(path).status == "unreadable"  # validate stays strict
    result = CliRunner().invoke(
        build_app(Registry(installed_games())), ["repair", str(path), "--json"]
    )
    assert result.exit_code == 0, result.output
    best = json.loads(result.output)["candidates"][0]
    assert best["record"]["moves"] == MOVES
    assert best["cost"] == NUMBERED_GAP
    assert [(e["op"], e["ply"]) for e in best["edits"]] == [("insert", 19), ("insert", 20)]


def test_a_pair_left_out_and_renumbered_is_one_copying_error() -> None:
    """Pair 10 left out and the later pairs numbered on: the pair put back is one omission,
    found within one edit."""
    kept = [pair for n, pair in enumerate(lines(), 1) if n != 10]
    text = sheet(list(enumerate(kept, 1)))
    assert validate(text).status == "invalid"
    found = repair(text, max_edits=1, top=10)
    games = [c.record["moves"] for c in found.candidates]
    assert MOVES in games
    assert found.candidates[games.index(MOVES)].cost == MISSING_OR_EXTRA_EVENT


def test_a_pair_written_twice_is_deleted_as_one_duplicate() -> None:
    """Pair 5 written twice, the later pairs numbered on: deleting the copy is one cheap
    duplicate, first."""
    copied = lines()
    copied.insert(5, copied[4])
    text = sheet(list(enumerate(copied, 1)))
    assert validate(text).status == "invalid"
    found = repair(text, max_edits=1)
    assert found.candidates[0].record["moves"] == MOVES
    assert found.candidates[0].cost == DUPLICATE


def test_a_sheet_wrong_only_in_its_numbering_is_refused_not_called_valid(tmp_path: Path) -> None:
    """Red's action of pair 12 written at the end of line 11, every action in its order: the
    actions are the game, only the numbering is wrong, which no edit of the events
    corrects. ``repair`` refuses the sheet as ``validate`` does, never "valid as written"."""
    written = lines()
    written[10] = [*written[10], written[11][0]]
    written[11] = written[11][1:]
    path = tmp_path / "numbering.txt"
    path.write_text(sheet(list(enumerate(written, 1))), encoding="utf-8")
    assert validate(path).status == "unreadable"
    result = CliRunner().invoke(build_app(Registry(installed_games())), ["repair", str(path)])
    assert result.exit_code == 2
    assert "without its number" in result.output

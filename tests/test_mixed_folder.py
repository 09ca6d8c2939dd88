"""A tournament director's folder of mixed games: one command, the same treatment for the
same problem in every game, messages that say what is wrong and where."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.batch import Options, validate_file
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
REGISTRY = Registry(installed_games())


@pytest.mark.parametrize(
    "sample",
    [
        "orbit-dominion/invalid/lenient-spellings-in-strict-file.json",
        "orbit-dominion/invalid/lenient-spellings-in-strict-file.txt",
        "dark-nebula/invalid/printed-names-in-strict-file.txt",
    ],
)
def test_a_notation_violation_is_invalid_in_every_game(sample: str) -> None:
    """Strict notation (each game's notation reference): a documented alternative spelling
    makes the record *invalid* with ``noncanonical_notation`` and the canonical spelling,
    whether the game finds it while reading the file or while replaying it."""
    v = validate_file(REGISTRY, RECORDS / sample, Options())
    assert v.status == "invalid"
    assert v.problem is not None and v.problem.code == "noncanonical_notation"
    assert v.problem.suggestion
    assert v.problem.citation


def test_a_text_record_without_ruleset_says_so(tmp_path: Path) -> None:
    """Not 'not valid JSON': the tag that names the game is missing, in both languages."""
    path = tmp_path / "game.txt"
    path.write_text('[Event "Spring cup"]\n[Site "Tokyo"]\n\n1. M+ M7-M5 *\n', encoding="utf-8")
    en = validate_file(REGISTRY, path, Options(lang="en"))
    ja = validate_file(REGISTRY, path, Options(lang="ja"))
    assert en.status == "unreadable" and en.unreadable.code == "malformed_record"
    assert "missing tag [Ruleset]" in en.unreadable.message
    assert "orbit-dominion/4.2" in en.unreadable.message
    assert "タグ [Ruleset] がありません" in ja.unreadable.message


def test_a_json_error_keeps_its_location() -> None:
    v = validate_file(REGISTRY, RECORDS / "orbit-dominion/unreadable/truncated.json", Options())
    assert "Unterminated string starting at line 9, column 5" in v.unreadable.message
    ja = validate_file(
        REGISTRY, RECORDS / "orbit-dominion/unreadable/truncated.json", Options(lang="ja")
    )
    assert "9行5列" in ja.unreadable.message

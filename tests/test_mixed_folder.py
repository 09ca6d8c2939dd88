"""A tournament director's folder of mixed games: one command, the same treatment for the
same problem in every game, messages that say what is wrong and where."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core.batch.files import Options, validate_file
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


@pytest.mark.parametrize(
    "text", ["Spring cup, board 3\n1. M+ M7-M5\n", "[Event Spring cup]\n\n1. M+ M7-M5 *\n"]
)
def test_a_txt_file_without_tag_pairs_is_read_as_text_notation(tmp_path: Path, text: str) -> None:
    """A ``*.txt`` file is text notation: with neither a JSON object nor tag pairs in it, what
    is wrong is the missing ``[Ruleset]`` tag, not its JSON — in both languages."""
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    en = validate_file(REGISTRY, path, Options(lang="en"))
    ja = validate_file(REGISTRY, path, Options(lang="ja"))
    assert en.status == "unreadable" and en.unreadable.code == "malformed_record"
    assert "missing tag [Ruleset]" in en.unreadable.message
    assert "JSON" not in en.unreadable.message
    assert "タグ [Ruleset] がありません" in ja.unreadable.message
    json_named = tmp_path / "notes.json"
    json_named.write_text(text, encoding="utf-8")
    assert validate_file(REGISTRY, json_named, Options()).unreadable.code == "bad_json"


def test_a_json_error_keeps_its_location() -> None:
    v = validate_file(REGISTRY, RECORDS / "orbit-dominion/unreadable/truncated.json", Options())
    assert "Unterminated string starting at line 9, column 5" in v.unreadable.message
    ja = validate_file(
        REGISTRY, RECORDS / "orbit-dominion/unreadable/truncated.json", Options(lang="ja")
    )
    assert "9行5列" in ja.unreadable.message


# --- the command line over a mixed folder -------------------------------------------------------


def adjudicator(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        input=stdin.decode("utf-8") if stdin is not None else None,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
    )


def test_an_interpretation_switch_applies_to_the_games_that_have_it() -> None:
    """-I nebula-entry=each-step (Dark Nebula's interpretation 8) switches it in Dark Nebula
    records and leaves the other games' records alone; the human verdict names it."""
    out = adjudicator("validate", "records/", "-I", "nebula-entry=each-step", "--json")
    verdicts = json.loads(out.stdout)
    for v in verdicts:
        if v["status"] != "valid":
            continue
        if v["game"] == "dark-nebula/2011":
            assert "nebula-entry=each-step" in v["interpretations"], v["source"]
        else:
            assert not any("nebula-entry" in i for i in v["interpretations"]), v["source"]
    assert not [
        v for v in verdicts if (v["unreadable"] or {}).get("code") == "unknown_interpretation"
    ]
    human = adjudicator("validate", "records/dark-nebula/valid", "-I", "nebula-entry=each-step")
    assert "readings switched: nebula-entry=each-step" in human.stdout


def test_a_scoped_switch_names_its_game_and_an_unknown_id_is_an_error() -> None:
    scoped = adjudicator(
        "validate", "records/dark-nebula/valid", "-I", "dark-nebula:nebula-entry=each-step"
    )
    assert "nebula-entry=each-step" in scoped.stdout
    wrong_game = adjudicator("validate", "records/", "-I", "astro-stra:nebula-entry=each-step")
    assert wrong_game.returncode == 2
    assert "astro-stra has no interpretation 'nebula-entry'" in wrong_game.stderr
    unknown = adjudicator("validate", "records/", "-I", "gravity=on")
    assert unknown.returncode == 2 and "dark-nebula:nebula-entry" in unknown.stderr
    assert "Traceback" not in unknown.stderr


def test_validate_reads_one_record_from_standard_input() -> None:
    text = (RECORDS / "orbit-dominion/invalid/wrong-winner.json").read_bytes()
    out = adjudicator("validate", "-", "--json", stdin=text)
    assert out.returncode == 1
    [verdict] = json.loads(out.stdout)
    assert verdict["source"] == "-" and verdict["problem"]["code"] == "wrong_winner"


def test_replay_of_a_record_with_pending_checks_says_so_and_exits_3() -> None:
    """Dark Nebula 3.1: a record whose commitment is never opened is consistent so far, not
    valid — `replay` says so and exits 3, as `validate` does."""
    sample = "records/dark-nebula/pending/unopened-commitment.json"
    replayed, validated = adjudicator("replay", sample), adjudicator("validate", sample)
    assert replayed.returncode == validated.returncode == 3
    assert "hidden check(s) pending" in replayed.stdout


def test_quiet_shows_only_what_is_not_valid() -> None:
    out = adjudicator("validate", "records/", "--quiet")
    lines = [line for line in out.stdout.splitlines() if line.startswith(("✓", "✗", "!", "…"))]
    assert lines and not any(line.startswith("✓") for line in lines)
    assert any("wrong-winner" in line for line in lines)


def test_summary_csv_has_one_row_per_record() -> None:
    """For spreadsheets: file, game, status, ply, at, code, article, winner, reason, message."""
    out = adjudicator("validate", "records/orbit-dominion", "--summary", "csv")
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0]) == [
        *("file", "game", "status", "ply", "at"),
        *("code", "article", "winner", "reason", "message"),
    ]
    files = sorted(p for p in (RECORDS / "orbit-dominion").rglob("*") if p.is_file())
    assert len(rows) == len(files)
    wrong = next(r for r in rows if r["file"].endswith("invalid/wrong-winner.json"))
    assert (wrong["status"], wrong["ply"], wrong["code"]) == ("invalid", "83", "wrong_winner")
    assert wrong["article"].startswith("Art. 7-2")


def test_a_broken_pipe_exits_quietly_with_the_code_of_what_was_judged() -> None:
    """`validate … | head -1`: no traceback, and the exit code of the records judged."""
    command = f"{sys.executable} -m adjudicator validate records/ | head -1"
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"},
    )
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr
    assert result.returncode in (1, 2)  # an invalid or unreadable record came first


def test_tables_with_japanese_names_align_by_display_width() -> None:
    """`dark-nebula board`: the production column starts at the same terminal column on
    every sector row, however many wide characters the printed name holds."""
    from adjudicator.core.write.display import width

    out = adjudicator("dark-nebula", "board")
    rows = [line for line in out.stdout.splitlines() if " → " in line and " P" in line]
    assert len(rows) > 5
    columns = {width(line[: line.index(" P") + 1]) for line in rows}
    assert len(columns) == 1, rows


def test_a_text_file_may_hold_several_games(tmp_path: Path) -> None:
    """As in a PGN database: games one after another in one file, each judged on its own
    with its index in the file; a location names the line of the file."""
    parts = [
        "orbit-dominion/valid/comments-clocks-attempts.txt",
        "astro-stra/valid/random-game.txt",
        "orbit-dominion/unreadable/bad-move-number.txt",
    ]
    path = tmp_path / "round-3.txt"
    path.write_text("".join((RECORDS / p).read_text("utf-8") for p in parts), "utf-8")
    out = adjudicator("validate", str(path), "--json", "-j", "2")
    verdicts = json.loads(out.stdout)
    assert [v["source"].rsplit("#", 1)[1] for v in verdicts] == ["1", "2", "3"]
    assert [v["status"] for v in verdicts] == ["valid", "valid", "unreadable"]
    assert [v["game"] for v in verdicts[:2]] == ["orbit-dominion/4.2", "astro-stra/0.9.0"]
    first_two = sum(len((RECORDS / p).read_text("utf-8").splitlines()) for p in parts[:2])
    assert f"line {first_two + 3}, column 10" in verdicts[2]["unreadable"]["message"]
    assert out.returncode == 2

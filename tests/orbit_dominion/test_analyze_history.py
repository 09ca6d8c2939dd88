"""`orbit-dominion analyze` follows the game's history (第9条, the threefold ban): from a
record (`--record F --at N`) or with the positions that stood before (`--history`), as
`adjudicate` and `solve` take them, it lists the legal actions of the game, not of the bare
position; given a position alone, it says the history is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
APP = build_app(Registry(installed_games()))
#: O-, O+, O-, then O+ (ply 4) would make the start position stand a third time.
RECORD = ROOT / "records" / "orbit-dominion" / "invalid" / "threefold-repetition.json"
#: A game of 30 actions, not decided.
UNFINISHED = ROOT / "records" / "orbit-dominion" / "valid" / "unfinished.json"
BEFORE_PLY_4 = "....bb....rr/rr....bb..../R....bB....r b 3 -"
HISTORY = [
    "r....bb....r/rr....bb..../R....bB....r r 0 -",
    "r....bb....r/rr....bb..../R....bB....r r 2 -",
]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(
        APP, ["orbit-dominion", "analyze", *args], env={"LANG": "C.UTF-8", "COLUMNS": "200"}
    )
    return result.exit_code, result.stdout, result.stderr


def analysed(*args: str) -> dict[str, object]:
    code, out, err = run(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_record_at_a_ply_lists_the_games_legal_actions() -> None:
    """第9条: before ply 4 of the record, O+ is a third repetition: banned, not legal."""
    data = analysed("--record", str(RECORD), "--at", "4")
    assert data["position"] == BEFORE_PLY_4
    assert "O+" not in data["legal_actions"]
    assert [b["action"] for b in data["banned_by_repetition"]] == ["O+"]
    assert data["history_known"] is True


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_end_is_the_position_after_the_records_last_action(lang: str) -> None:
    """`--at end`, as `adjudicate` takes it (docs/records.md): the record's actions all
    played, the same analysis, history and all (第9条), as `--at` one past the last."""
    actions = len(json.loads(UNFINISHED.read_text(encoding="utf-8"))["moves"])
    by_end = run("--record", str(UNFINISHED), "--at", "end", "--lang", lang)
    assert by_end[0] == 0, by_end[2]
    assert by_end == run("--record", str(UNFINISHED), "--at", str(actions + 1), "--lang", lang)
    assert analysed("--record", str(UNFINISHED), "--at", "end")["history_known"] is True


@pytest.mark.parametrize(
    ("at", "lang", "words"),
    [("last", "en", "--at takes a ply from 1, or 'end'"), ("0", "ja", "1 以上の手数か end")],
)
def test_at_is_a_ply_or_end(at: str, lang: str, words: str) -> None:
    code, out, err = run("--record", str(RECORD), "--at", at, "--lang", lang)
    assert (code, out) == (2, "")
    assert words in err and at in err and "Traceback" not in err


def test_history_given_with_a_position_counts_for_the_ban() -> None:
    """第9条: the same position with the two earlier occurrences given as --history."""
    history = [a for h in HISTORY for a in ("--history", h)]
    data = analysed("--position", BEFORE_PLY_4, *history)
    assert "O+" not in data["legal_actions"]
    assert data["history_known"] is True


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "no history"), ("ja", "履歴なし")], ids=["en", "ja"]
)
def test_a_position_alone_says_its_history_is_missing(lang: str, words: str) -> None:
    """第9条: a position copied from the game, given alone, lists O+ (nothing stood before
    it as far as the command knows) and says so."""
    data = analysed("--position", BEFORE_PLY_4)
    assert "O+" in data["legal_actions"] and data["history_known"] is False
    code, out, _ = run("--position", BEFORE_PLY_4, "--lang", lang)
    assert code == 0
    assert words in out and "第9条" in out


def test_a_game_from_its_start_needs_no_history() -> None:
    """第9条: from the start position (ply 0) the moves played are the whole history."""
    code, out, _ = run("--moves", "O- O+ O-")
    assert code == 0 and "no history" not in out
    assert analysed("--moves", "O- O+ O-")["history_known"] is True


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--at", "3"], "--at needs --record"),
        (["--record", str(RECORD)], "--record needs --at"),
        (["--record", str(RECORD), "--at", "4", "--position", BEFORE_PLY_4], "no --position"),
        (["--record", str(RECORD), "--at", "9"], "the record has 5 actions"),
        (
            ["--record", str(ROOT / "records/dark-nebula/valid/worked-game.json"), "--at", "2"],
            "not of orbit-dominion/4.2",
        ),
    ],
    ids=["at-alone", "record-alone", "record-and-position", "past-the-end", "another-game"],
)
def test_bad_combinations_are_usage_errors(args: list[str], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert words in out + err
    assert "Traceback" not in out + err

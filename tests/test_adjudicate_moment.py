"""Where `adjudicate` stands, and how long its solver searches, as the command line is told
in the numbers a person reads on the screen: `--at end` (the position after the last
action), `--turn N` (Astro-Stra's turns as the outputs print them, 「6ターン目」), and the
solver's budgets `--max-nodes` / `--time` wherever the solver runs — with, when no forced
win is proved, only what is known (depth proved, actions left to the 120-action limit of
Orbit Dominion 第8条/第10条 02, ships on each side) and no invented evaluation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
RUNNER = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"
UNFINISHED = RECORDS / "orbit-dominion" / "valid" / "unfinished.json"
ASTRO = RECORDS / "astro-stra" / "valid" / "unfinished.json"
#: Astro-Stra's named set-up events (opening roll, draft) come before turn 1.
ASTRO_SETUP = 2


def run(*args: str | Path) -> tuple[int, str, str]:
    result = RUNNER.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_at_end_is_the_position_after_the_last_action() -> None:
    """`--at end` rules where the record stops: the same ruling as `--at` one past its last
    action (the unfinished sample has 30 actions)."""
    actions = len(json.loads(UNFINISHED.read_text(encoding="utf-8"))["moves"])
    move = "O+"
    by_number = run(
        "adjudicate", "--record", UNFINISHED, "--at", str(actions + 1), "-a", move, "--json"
    )
    by_end = run("adjudicate", "--record", UNFINISHED, "--at", "end", "-a", move, "--json")
    assert by_end == by_number
    assert json.loads(by_end[1])["ply"] == actions + 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_takes_a_ply_or_end_and_says_so(lang: str) -> None:
    code, out, err = run(
        "adjudicate", "--record", UNFINISHED, "--at", "last", "-a", "O+", "--lang", lang
    )
    assert (code, out) == (2, "")
    assert ("'end'" if lang == "en" else "end を指定") in err and "last" in err


@pytest.mark.parametrize("turn", [1, 3, 20])
def test_turn_is_astro_stras_turn_as_printed(turn: int) -> None:
    """Astro-Stra counts turns after its opening roll and draft (its outputs print
    「3ターン目」): `--turn 3` is the moment before that turn, the same as `--at 5`."""
    turns = json.loads(ASTRO.read_text(encoding="utf-8"))["turns"]
    code, text, _ = run("convert", ASTRO, "--to", "text")
    written = [line for line in text.splitlines() if line.startswith(f"{turn}. ")]
    assert code == 0 and len(written) == 1 and len(turns) >= turn
    by_turn = run("adjudicate", "--record", ASTRO, "--turn", str(turn), "-a", written[0], "--json")
    by_at = run(
        "adjudicate", "--record", ASTRO, "--at", str(turn + ASTRO_SETUP), "-a", written[0], "--json"
    )
    assert by_turn == by_at and by_turn[0] == 0, by_turn


@pytest.mark.parametrize(
    ("args", "en", "ja"),
    [
        (["--turn", "22"], "the record has 20 turns", "記録は 20ターンしかありません"),
        (["--turn", "3", "--at", "5"], "not both", "どちらか一方だけ"),
    ],
    ids=["past-the-end", "both"],
)
def test_turn_usage_errors(args: list[str], en: str, ja: str) -> None:
    for lang, needle in (("en", en), ("ja", ja)):
        code, out, err = run("adjudicate", "--record", ASTRO, *args, "-a", "x", "--lang", lang)
        assert (code, out) == (2, "") and needle in err, err


def test_turn_needs_a_record() -> None:
    code, _, err = run(
        "adjudicate",
        "--game",
        "orbit-dominion",
        "--position",
        "r....bb....r/rr....bb..../R....bBr.... b 1 -",
        "--turn",
        "2",
        "-a",
        "O+",
    )
    assert code == 2 and "--turn needs --record" in err


def test_adjudicate_solve_takes_the_solvers_budgets() -> None:
    """`adjudicate --solve` takes `--max-nodes` and `--time` as `orbit-dominion solve`
    does, and its answer names the budget it was given (before, `--time` was refused while
    the answer told the player to use it)."""
    code, out, err = run(
        "adjudicate",
        "--record",
        UNFINISHED,
        "--at",
        "end",
        "--solve",
        "--depth",
        "30",
        "--max-nodes",
        "3000",
        "--time",
        "60",
    )
    assert code == 0, err
    assert re.match(r"no forced win within \d+ actions; depth \d+ not finished", out)
    assert "--max-nodes 3000, --time 60" in out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_forced_win_says_only_what_is_known(lang: str) -> None:
    """No forced win within the budget: the depth proved, the actions left before the
    120-action limit (30 played, 90 left), the normal ships on each side (5 red, 4 blue in
    the sample), and that the rules decide nothing more (第8条, 第10条 02) — no score."""
    code, out, _ = run(
        "adjudicate",
        "--record",
        UNFINISHED,
        "--at",
        "end",
        "--solve",
        "--depth",
        "30",
        "--max-nodes",
        "3000",
        "--lang",
        lang,
    )
    assert code == 0
    done = re.findall(r"\d+", out)[0]
    if lang == "en":
        assert f"\nknown: no side forces a win within {done} actions; 90 actions remain" in out
        assert "normal ships: red 5, blue 4" in out
        assert "the rules decide nothing more here: the game goes on (Art. 8" in out
    else:
        assert f"分かっていること: {done} 手以内にはどちらも勝ちを強制できない。" in out
        assert "120手の上限まで残り 90 手。通常船は赤 5 機、青 4 機" in out
        assert "ルールがこの局面で決めることはこれ以上ない。対局は続く(第8条" in out


def test_budgets_without_solve_are_refused() -> None:
    """`--max-nodes`/`--time` bound the solver only: given with `--action` they would do
    nothing, so they are a usage error rather than ignored."""
    for lang, needle in (("en", "go with --solve"), ("ja", "--solve と一緒に")):
        code, _, err = run(
            "adjudicate",
            "--record",
            UNFINISHED,
            "--at",
            "end",
            "-a",
            "O+",
            "--time",
            "3",
            "--lang",
            lang,
        )
        assert code == 2 and needle in err

"""Plies read and said one way (docs/records.md, 'Plies'): ply N is the N-th event, "at ply
N" the position before it; validate, adjudicate, analyze, replay and the pictures name the
same ply alike, and each game says it in its own unit (Astro-Stra counts turns, as its
rulebook does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.judge.plies import Counting, Named, before_ply, count, ply_name
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
MIDDLE = RECORDS / "orbit-dominion" / "invalid" / "illegal-action-in-the-middle.json"
APP = build_app(Registry(installed_games()))
runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    return result.exit_code, result.stdout


def test_counting_formats_plies_in_the_games_unit() -> None:
    """The one formatter: the common way, and a game that names its set-up events."""
    assert ply_name(None, 41, "ja") == "41手目" and ply_name(None, 41, "en") == "ply 41"
    assert before_ply(None, 41, "ja") == "41手目の前"
    assert before_ply(None, 41, "en") == "before ply 41"
    assert count(None, 83, "ja") == "83手"
    turns = Counting(
        ordinal_ja="{n}ターン目",
        ordinal_en="turn {n}",
        count_ja="{n}ターン",
        count_en="{n} turns",
        setup=[Named(ja="先手決め", en="the opening roll"), Named(ja="選択", en="the draft")],
    )
    assert [ply_name(turns, n, "ja") for n in (0, 1, 2, 3, 8)] == [
        "開始時",
        "先手決め",
        "選択",
        "1ターン目",
        "6ターン目",
    ]
    assert count(turns, 5, "ja") == "3ターン" and count(turns, 1, "en") == "0 turns"


def test_at_ply_n_is_the_same_moment_in_validate_adjudicate_and_analyze() -> None:
    """validate reports the illegal action at ply 41; adjudicate --at 41 and analyze --at 41
    stand before that very action and name it ply 41, in words, in JSON and in the picture's
    title (they used to say 40, the actions made)."""
    _, out = run("validate", MIDDLE, "--json")
    problem = json.loads(out)[0]["problem"]
    assert (problem["ply"], problem["action"]) == (41, "O0-I0")
    _, out = run("adjudicate", "--record", MIDDLE, "--at", "41", "-a", "O0-I0", "--json")
    ruling = json.loads(out)
    assert (ruling["ply"], ruling["violation"]) == (41, problem["code"])
    _, validated = run("validate", MIDDLE, "--lang", "ja")
    _, ruled = run("adjudicate", "--record", MIDDLE, "--at", "41", "-a", "O0-I0", "--lang", "ja")
    _, analysed = run("orbit-dominion", "analyze", "--record", MIDDLE, "--at", "41", "--lang", "ja")
    assert "無効 41手目: O0-I0" in validated and "41手目の前の局面" in validated
    assert "赤の手番 · 41手目 · " in ruled
    assert "赤の手番 · 41手目 · " in analysed
    _, data = run("orbit-dominion", "analyze", "--record", MIDDLE, "--at", "41", "--json")
    assert json.loads(data)["ply"] == 41
    _, svg = run("adjudicate", "--record", MIDDLE, "--at", "41", "-a", "O0-I0", "--format", "svg")
    assert "<title>red to move · ply 41 · " in svg


def three_turns(tmp_path: Path) -> Path:
    """An unfinished Astro-Stra record of three turns, after its opening roll and draft."""
    data = json.loads((RECORDS / "astro-stra" / "valid" / "resignation.json").read_text("utf-8"))
    data["turns"] = data["turns"][:3]
    data["result"] = {"winner": None, "reason": None, "resigned": None}
    path = tmp_path / "three-turns.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "said"), [("ja", "有効 · 3ターン · 未終局"), ("en", "3 turns")])
def test_astro_stra_counts_turns_as_its_rulebook_does(tmp_path: Path, lang: str, said: str) -> None:
    """戦星術枢斗羅 基本ルール: each PL plays a ターン in turn; the opening roll and the draft
    (ゲームの準備) are no turns, so a game of three turns is 3ターン, not 5手."""
    code, out = run("validate", three_turns(tmp_path), "--lang", lang)
    assert code == 0 and said in out
    assert "5手" not in out and "5 actions" not in out


def test_astro_stra_names_its_turns_in_replay_and_adjudicate(tmp_path: Path) -> None:
    """The turn numbered 2 in the text notation is 2ターン目 everywhere: the replay line, the
    ruling at its ply (--at 4: the opening roll and the draft are plies 1 and 2)."""
    path = three_turns(tmp_path)
    _, replayed = run("replay", path, "--lang", "ja")
    assert "先手決めのダイス opening" in replayed and "ダイスの選択 draft" in replayed
    assert "2ターン目 2. white:" in replayed
    written = next(line for line in replayed.splitlines() if line.startswith("2ターン目 "))
    action = written.split(" · ")[0].split(" ", 1)[1]
    code, ruled = run("adjudicate", "--record", path, "--at", "4", "-a", action, "--lang", "ja")
    assert code == 0 and "白の手番 · 2ターン目 · " in ruled


def test_an_unreadable_event_is_located_in_the_games_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event the replay cannot read is located as every other output says its ply: the
    8th event of an Astro-Stra record is its 6ターン目 (the opening roll and the draft are
    no turns), not '8手目'; the error's ``field`` stays ``ply 8`` for a program."""
    from adjudicator.astro_stra.replay import AstroStraReplay
    from adjudicator.core.errors import InputError

    played = AstroStraReplay.attempt

    def unreadable_at_ply_8(self: AstroStraReplay, written: object, *, lenient: bool) -> object:
        if self.ply() + 1 == 8:
            raise InputError("malformed_event", "cannot be read", ja="読めません")
        return played(self, written, lenient=lenient)  # type: ignore[arg-type]

    data = json.loads((RECORDS / "astro-stra" / "valid" / "resignation.json").read_text("utf-8"))
    data["turns"] = data["turns"][:7]
    data["result"] = {"winner": None, "reason": None, "resigned": None}
    path = tmp_path / "seven-turns.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(AstroStraReplay, "attempt", unreadable_at_ply_8)
    for args, said in [
        (("replay", path, "--lang", "ja"), "6ターン目: 読めません"),
        (("replay", path, "--lang", "en"), "turn 6: cannot be read"),
        (("adjudicate", "--record", path, "--at", "9", "-a", "x", "--lang", "ja"), "6ターン目: "),
    ]:
        result = runner.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8"})
        assert result.exit_code == 2 and said in result.stderr, result.stderr
        assert "8手目" not in result.stderr and "ply 8" not in result.stderr
    located = InputError("malformed_event", "cannot be read").at_ply(8, None)
    assert located.field == "ply 8" and located.describe("ja").startswith("8手目: ")

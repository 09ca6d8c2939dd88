"""`adjudicate … --legal`: what the side to move may play next, grouped by kind and counted,
in the language asked — the judge's own lists, so an arbiter reads them rather than works
them out. Orbit Dominion 第3条 (航行・ジャンプ・軌道回転, grouped as 第4条–第6条 name them,
the actions 第9条 forbids apart); Astro-Stra's turns for the dice rolled (steps 1–7),
grouped by where step 2 put the dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

APP = build_app(Registry(installed_games()))
RUNNER = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"
UNFINISHED = RECORDS / "orbit-dominion" / "valid" / "unfinished.json"
THREEFOLD = RECORDS / "orbit-dominion" / "invalid" / "threefold-repetition.json"
ASTRO = RECORDS / "astro-stra" / "valid" / "unfinished.json"
DARK = RECORDS / "dark-nebula" / "valid" / "worked-game.json"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = RUNNER.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def legal(*args: str | Path) -> dict:
    code, out, err = run("adjudicate", *args, "--legal", "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(("record", "at"), [(UNFINISHED, "end"), (THREEFOLD, "4")])
def test_orbit_dominion_lists_the_actions_analyze_finds(record: Path, at: str) -> None:
    """The same actions, legal and banned by 第9条, as `orbit-dominion analyze` on the same
    moment, each once, in its kind's group."""
    listed = legal("--record", record, "--at", at)
    ply = str(listed["ply"])
    analysed = json.loads(
        run("orbit-dominion", "analyze", "--record", record, "--at", ply, "--json")[1]
    )
    lines = [line for group in listed["groups"] for line in group["lines"]]
    assert sorted(lines) == sorted(analysed["legal_actions"]) and len(lines) == listed["count"]
    assert listed["banned"] == [b["action"] for b in analysed["banned_by_repetition"]]
    kinds = {group["kind"] for group in listed["groups"]}
    assert kinds <= {"navigate", "capture", "jump", "swap", "rotate"}
    for group in listed["groups"]:
        if group["kind"] == "rotate":
            assert all(line[-1] in "+-" for line in group["lines"])
        if group["kind"] == "capture":
            assert all("x" in line for line in group["lines"])


def test_orbit_dominion_in_japanese_uses_the_rulebooks_words() -> None:
    code, out, _ = run("adjudicate", "--record", THREEFOLD, "--at", "4", "--legal", "--lang", "ja")
    assert code == 0
    assert "\n合法な行動: 23 通り\n" in out
    assert "航行 (第4条 軌道航行と捕獲):" in out and "軌道回転 (第6条 軌道回転):" in out
    # the article's title joins the particle after it: Japanese sets no space between words
    assert "第9条 三度反復の禁止により不合法: 1 通り\n  O+" in out


def engine_turns(moves: list[str], roll: dict[str, int]) -> list[str]:
    """The engine protocol's `legal_moves` for the same moment and dice (feature
    legal_turns)."""
    request = {"cmd": "evaluate", "game": "astro-stra/0.9.0", "moves": moves, "roll": roll}
    answer = Server(Registry(installed_games())).respond(json.dumps(request))
    return list(answer["legal_moves"])


def test_astro_stra_lists_the_turns_for_the_dice_by_slots() -> None:
    """Turn 3 of the sample with the dice it was played with: every turn the judge accepts
    (the same as the engine's list), grouped by S, T and A, and the record's own turn 3
    among them."""
    code, text, _ = run("convert", ASTRO, "--to", "text")
    lines = [
        line
        for line in text.splitlines()
        if line[:1].isdigit() or line.startswith(("opening", "draft"))
    ]
    turn3 = next(line for line in lines if line.startswith("3. "))
    roll = turn3.split("| ")[0].split("dice ")[1].strip()
    listed = legal("--record", ASTRO, "--turn", "3", "--dice", roll)
    turns = [line for group in listed["groups"] for line in group["lines"]]
    assert turn3 in turns and len(turns) == listed["count"] == len(set(turns))
    assert sorted(turns) == engine_turns(
        lines[:4], {c: int(p) for c, p in (d.split("=") for d in roll.split())}
    )
    for group in listed["groups"]:
        assert all(f"| {group['kind']} |" in line for line in group["lines"])
    code, ja, _ = run(
        "adjudicate", "--record", ASTRO, "--turn", "3", "--legal", "--dice", roll, "--lang", "ja"
    )
    assert code == 0 and f"\n合法なターン: {listed['count']} 通り\n" in ja
    assert "S:スキル " in ja and "T:ターゲット " in ja and "A:アクション " in ja
    assert "black-red" not in ja.split("合法なターン")[1].splitlines()[1]  # colours in Japanese


def test_astro_stra_on_a_recorded_turn_takes_the_records_dice() -> None:
    """Without --dice, a turn the record holds is listed for the dice it was played with."""
    _, text, _ = run("convert", ASTRO, "--to", "text")
    turn3 = next(line for line in text.splitlines() if line.startswith("3. "))
    roll = turn3.split("| ")[0].split("dice ")[1].strip()
    assert legal("--record", ASTRO, "--turn", "3") == legal(
        "--record", ASTRO, "--turn", "3", "--dice", roll
    )


@pytest.mark.parametrize(
    ("args", "en", "ja"),
    [
        (["--at", "end"], "give them with --dice", "--dice で指定してください"),
        (["--dice", "red=1 red=2 red=3"], "black's dice are", "黒のダイスは"),
        (["--dice", "cyan=9"], "give them with --dice", "--dice で指定してください"),
    ],
    ids=["no-dice", "not-the-sides-dice", "malformed"],
)
def test_astro_stra_needs_the_sides_dice(args: list[str], en: str, ja: str) -> None:
    for lang, needle in (("en", en), ("ja", ja)):
        moment = [] if "--at" in args else ["--turn", "3"]
        code, out, err = run(
            "adjudicate", "--record", ASTRO, *moment, "--legal", *args, "--lang", lang
        )
        assert (code, out) == (2, "") and needle in err, err


def test_dice_without_legal_and_legal_with_an_action_are_refused() -> None:
    code, _, err = run(
        "adjudicate", "--record", UNFINISHED, "--at", "end", "-a", "O+", "--dice", "x=1"
    )
    assert code == 2 and "--dice goes with --legal" in err
    code, _, err = run("adjudicate", "--record", UNFINISHED, "--at", "end", "-a", "O+", "--legal")
    assert code == 2 and "one of --action, --solve or --legal" in err
    code, _, err = run(
        "adjudicate", "--record", UNFINISHED, "--at", "end", "--legal", "--dice", "cyan=1"
    )
    assert code == 2 and "has no dice" in err


def test_dark_nebula_lists_the_recorded_steps_events_with_its_dice() -> None:
    """Without --dice, the record's own battle (4.3) and search (1.7) are listed with the
    dice they were played with: the recorded event is among the listed ones (its searched
    sectors in the list's order), and the list is the engine's for the same dice."""
    _, text, _ = run("convert", DARK, "--to", "text")
    events = [line for line in text.splitlines() if line[:1].isdigit()]
    battle = legal("--record", DARK, "--at", "25")
    assert [g["kind"] for g in battle["groups"]] == ["combat"]
    assert events[-1] in battle["groups"][0]["lines"]
    search = legal("--record", DARK, "--at", "8")
    lines = [line for group in search["groups"] for line in group["lines"]]
    assert "1.7 search: imobu zarek; roll 4" in lines and len(lines) == search["count"]
    assert {g["kind"] for g in search["groups"]} == {"search"}  # the public record: no reveal
    assert legal("--record", DARK, "--at", "8", "--dice", "4") == search


def test_dark_nebula_groups_a_movement_by_counter_in_both_languages() -> None:
    """A movement is listed one counter at a time (8.0), the counters 10.5 holds in the
    base's sector left out; in Japanese under the rulebook's words."""
    moved = legal("--record", DARK, "--at", "24")
    [group] = moved["groups"]
    assert group["kind"] == "move" and "4.2 empire movement: -" in group["lines"]
    assert not any("@nebula-3>" in line for line in group["lines"])  # 10.5 (2)
    code, out, _ = run("adjudicate", "--record", DARK, "--at", "24", "--legal", "--lang", "ja")
    assert code == 0 and f"\n合法な手順: {moved['count']} 通り\n" in out
    assert f"\n移動、駒1個ずつ (8.0): {moved['count']} 通り\n" in out
    code, out, _ = run("adjudicate", "--record", DARK, "--at", "24", "--legal")
    assert code == 0 and f"\nlegal events: {moved['count']}\n" in out


def test_dark_nebula_asks_for_the_dice_of_a_step_the_record_has_not_played(
    tmp_path: Path,
) -> None:
    """After the record's last event the search step (10.7 rolls while the base is
    hidden) has no recorded dice: a usage message in both languages says to give them."""
    _, text, _ = run("convert", DARK, "--to", "text")
    lines = [line for line in text.splitlines() if not line.startswith("[Result")]
    short = tmp_path / "to-the-search.txt"
    short.write_text("\n".join(lines[: lines.index("1.6 rebel combat: -") + 1]) + "\n", "utf-8")
    for lang, needle in (("en", "give them with --dice"), ("ja", "--dice で指定してください")):
        code, out, err = run(
            "adjudicate", "--record", short, "--at", "end", "--legal", "--lang", lang
        )
        assert (code, out) == (2, "") and needle in err, err
    listed = legal("--record", short, "--at", "end", "--dice", "6")
    assert "1.7 search: -; roll 6" in listed["groups"][0]["lines"]


@pytest.mark.parametrize(("dice", "en", "ja"), [("7", "die faces 1-6", "ダイスの目 1〜6")])
def test_dark_nebula_refuses_dice_that_are_not_faces(dice: str, en: str, ja: str) -> None:
    for lang, needle in (("en", en), ("ja", ja)):
        code, out, err = run(
            "adjudicate", "--record", DARK, "--at", "25", "--legal", "--dice", dice, "--lang", lang
        )
        assert (code, out) == (2, "") and needle in err and "Traceback" not in err

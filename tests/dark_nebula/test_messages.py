"""Dark Nebula's messages name what the rule is about, in words, in both languages: the
nebula sector a refused move would enter (8.3), the counter an empire may not build on a
base it does not have (7.0), the end of the record after the disclosure (5.0), what 10.7's
die asks (interpretation 13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.core.judge.validation import validate
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.movement import move_problem
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.redaction import redact
from tests.dark_nebula.player import NONCE
from tests.dark_nebula.test_redaction import QUIET_TURN_2, TURN_1, director

GAME = DarkNebula()
BOARD = default_board()


def problem(lines: list[str], lang: str) -> tuple[str, int, str]:
    data: dict[str, Any] = redact(director(lines))
    record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=False)
    verdict = validate("x", record, GAME.replay(record), lenient=False, lang=lang)
    assert verdict.problem is not None
    return verdict.problem.code, verdict.problem.ply, verdict.problem.message


def quiet_turn(turn: int, movement: str = "-") -> list[str]:
    lines = [line.replace("2.", f"{turn}.", 1) for line in QUIET_TURN_2]
    lines[1] = f"{turn}.2 empire movement: {movement}"
    return [*lines, f"{turn}.7 search: -; roll 6"]


def test_the_nebula_sector_entered_on_the_way_is_named() -> None:
    """8.3 (interpretation 8): from nebula-5 the only way to Raibia enters nebula-1 in a
    move of two steps; nebula-1 is the sector named, not Raibia, which is no nebula
    sector."""
    code, args = move_problem(BOARD, "nebula-5", "raibia", 3)
    assert (code, args["nebula"]) == ("nebula_entry", "nebula-1")
    assert move_problem(BOARD, "tyrann", "nebula-1", 3)[1]["nebula"] == "nebula-1"
    lines = [
        *TURN_1,
        "1.7 search: -; roll 6",
        *quiet_turn(2, "command_ship@raibia>nebula-1"),
        *quiet_turn(3, "command_ship@nebula-1>nebula-5"),
        "4.1 empire production: -",
        "4.2 empire movement: command_ship@nebula-5>raibia",
    ]
    code, ply, en = problem(lines, "en")
    assert (code, ply) == ("nebula_entry", 24)
    assert "nebula sector 暗黒星雲1 (nebula-1) may be entered only" in en
    assert "Nebula sector ライビア" not in en and "nebula sector ライビア" not in en
    _, _, ja = problem(lines, "ja")
    assert "暗黒星雲の暗黒星雲1 (nebula-1) へは" in ja


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "The empire has no secret base, so it may not build cruiser on one."),
        ("ja", "帝国軍には秘密基地がないため、秘密基地で巡航艇を生産できません。"),
    ],
    ids=["en", "ja"],
)
def test_an_empire_recording_base_builds_is_told_it_has_no_base(lang: str, expected: str) -> None:
    """7.0: only the rebels' secret base builds; the counter is named, not its id."""
    lines = [TURN_1[0], "1.1 empire production: -; base cruiser"]
    assert problem(lines, lang) == ("empire_base_production", 2, expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Out of order: empire production, where nothing follows the disclosure."),
        ("ja", "手順が違います: 「帝国軍生産」。開示の後に続く手順はありません。"),
    ],
    ids=["en", "ja"],
)
def test_an_event_after_the_disclosure_is_worded_as_such(lang: str, expected: str) -> None:
    """5.0: the disclosure ends the record; the message says so in plain words."""
    lines = [
        *TURN_1,
        "1.7 search: -; roll 6",
        f"disclose: raibia {NONCE}",
        "2.1 empire production: -",
    ]
    assert problem(lines, lang) == ("phase_order", 10, expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Out of order: 1.2 empire movement, where 1.1 empire production comes next."),
        ("ja", "手順が違います: 「1.2 帝国軍移動」。次は「1.1 帝国軍生産」です。"),
    ],
    ids=["en", "ja"],
)
def test_a_step_out_of_order_names_the_next_one(lang: str, expected: str) -> None:
    """5.0: the message names the step played and the step that comes next."""
    assert problem([TURN_1[0], TURN_1[2]], lang) == ("phase_order", 2, expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "The 10.7 die is rolled once, 1–6, while the base is hidden (recorded: none)."),
        ("ja", "10.7 のダイスは基地が未発見の間は1個振ります(1〜6)(記録: なし)。"),
    ],
    ids=["en", "ja"],
)
def test_the_base_roll_is_worded_in_each_language(lang: str, expected: str) -> None:
    """10.7 (interpretation 13): what the die asks is said in the reader's language."""
    assert problem([*TURN_1, "1.7 search: -"], lang) == ("base_roll", 8, expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "The rebels start with two battleships and two guard ships "
            "(got battleship×3, cruiser×1).",
        ),
        ("ja", "反乱軍の初期配置は戦艦2・警備艦2です(戦艦×3, 巡航艇×1)。"),
    ],
    ids=["en", "ja"],
)
def test_a_wrong_rebel_set_up_names_its_counters(lang: str, expected: str) -> None:
    """3.2: the counters placed are named as every message names them, not by their ids."""
    setup = "setup: battleship@earth battleship@raigerin battleship@zarek cruiser@radia"
    assert problem([setup], lang) == ("rebel_setup_mix", 1, expected)

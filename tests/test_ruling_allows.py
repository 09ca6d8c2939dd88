"""Every ruling names the articles that decide it: an illegal action those it breaks, a
legal one those that allow it (``rules`` and ``citation``, shown as 「合法の根拠」), from the
game's rule data (``allowed_by`` in its rules.yaml), beside what the action decides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.judge.ruling import load, rule
from adjudicator.core.registry import Registry

RUNNER = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"
#: Blue to move; its flagship on I6 has a red normal ship beside it on I7.
FLAGSHIP_BESIDE_A_SHIP = "r....bb....r/rr....bb..../R....bBr.... b 1 -"
#: Red to move; red's M3 stands next to blue's flagship on M4, red's I4 beside it too.
SUPPORTED = "r....bb....r/r..rB......b/R...rb...b.. r 1 -"


def adjudicate(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(
        build_app(Registry(), "adjudicate"), ["adjudicate", *args], env={"COLUMNS": "200"}
    )
    return result.exit_code, result.output


def test_a_flagship_capturing_a_normal_ship_cites_article_4() -> None:
    """Orbit Dominion 第4条: 「旗艦自身も、敵の通常船を隣の1区画で捕獲できる」 — the ruling
    on I6xI7 cites 第4条 as what allows it, not only 第8条 for what it decides."""
    args = ("--position", FLAGSHIP_BESIDE_A_SHIP, "--action", "I6xI7")
    code, ja = adjudicate(*args, "--lang", "ja")
    assert code == 0
    assert "  合法の根拠: 第3条 手番と合法行動; 第4条 軌道航行と捕獲" in ja.splitlines()
    _, en = adjudicate(*args, "--json")
    ruling = json.loads(en)
    assert ruling["rules"] == ["3", "4"]
    assert ruling["citation"].startswith("Art. 3 Turns and legal actions; Art. 4")
    assert ruling["outcome_after"]["rules"] == ["8"]


def test_capturing_the_enemy_flagship_cites_7_1() -> None:
    """Orbit Dominion 第4条 and 第7条 7-1: only the supported capture allows taking the enemy
    flagship, so its ruling cites 7-1 among what allows it."""
    code, en = adjudicate("--position", SUPPORTED, "--action", "M3xM4", "--json")
    assert code == 0, en
    assert json.loads(en)["rules"] == ["3", "4", "7-1"]


@pytest.mark.parametrize(
    "record",
    [
        "orbit-dominion/valid/pincer.json",
        "dark-nebula/valid/worked-game.json",
        "astro-stra/valid/random-game.txt",
    ],
)
def test_every_legal_event_of_a_record_cites_what_allows_it(record: str) -> None:
    """Each game's rule data names the rules for every kind of event its records hold: a
    ruling on each event of a valid record, played where it stood, cites at least one."""
    game, rec, _ = load(Registry(), RECORDS / record, lenient=False)
    state = game.replay(rec)
    for ply, event in enumerate(rec.events, 1):
        ruling = rule(state.copy(), game, event.written, lenient=False, lang="ja")
        assert ruling.legal, (ply, event.written)
        assert ruling.rules and ruling.citation, (ply, event.written)
        assert state.attempt(event.played, lenient=False).violation is None


def test_dark_nebula_production_cites_its_parts() -> None:
    """Dark Nebula 6.3 and 6.4: an imperial production of a cruiser at the capital and an
    extra battleship cites both sections besides 6.1 and 6.2."""
    args = ("--record", str(RECORDS / "dark-nebula/valid/worked-game.json"), "--at", "2")
    action = "1.1 empire production: cruiser@tyrann; extra battleship@tyrann"
    code, en = adjudicate(*args, "--action", action, "--json")
    assert code == 0
    assert json.loads(en)["rules"] == ["5.0", "6.0", "6.1", "6.2", "6.3", "6.4"]


def test_astro_stra_turn_cites_its_skill_target_and_action_rows() -> None:
    """Astro-Stra 手順3〜5 and the S, T and A tables: a turn using Jagi as red, targeting by
    T⚀ and moving by A⚅ cites each row it used."""
    record = RECORDS / "astro-stra/invalid/move-the-action-does-not-allow.json"
    turn = (
        "2. white: dice clear=2 yellow=1 purple=1 | S=purple T=yellow A=clear | "
        "skill jagi as=red A=6 | target 1 | moves 1>7"
    )
    code, en = adjudicate("--record", str(record), "--at", "4", "--action", turn, "--json")
    assert code == 0
    rules = json.loads(en)["rules"]
    assert rules[:2] == ["step-1", "step-2"]
    for ref in ("S-jagi", "S-once", "S-red", "T1", "A6"):
        assert ref in rules

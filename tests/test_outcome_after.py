"""``adjudicate --action``: every ruling on a legal action states what it decides, with the
article, in both languages — the winner and the reason, or that nothing is decided and why
not. A claim that an action wins is never left unanswered (``outcome_after`` is never null
for a legal action)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry

RUNNER = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"
#: Red already holds a two-point pincer on blue's flagship (I3) and adds a third ship.
HELD = "R.......bb../...rr...b.r./..rB....b... r 20 -"
ASTRO_TURN_1 = (RECORDS / "astro-stra/valid/random-game.txt").read_text("utf-8").splitlines()[7]


def adjudicate(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(
        build_app(Registry(), "adjudicate"), ["adjudicate", *args], env={"COLUMNS": "200"}
    )
    return result.exit_code, result.output


def test_a_pincer_held_before_the_action_decides_nothing() -> None:
    """Orbit Dominion 7-2, rulings row 8 (interpretation 6): only a new pincer wins; adding
    a third ship to a pincer already held is answered "not decided", citing row 8."""
    code, ja = adjudicate("--position", HELD, "--action", "M4-I4", "--lang", "ja")
    assert code == 0
    said = "決着なし: 挟撃は新たに成立していません(特殊な状況裁定 8"
    assert any(line.startswith(said) for line in ja.splitlines())
    code, en = adjudicate("--position", HELD, "--action", "M4-I4", "--lang", "en", "--json")
    after = json.loads(en)["outcome_after"]
    assert after["decided"] is False and after["rules"] == ["ruling-8"]
    assert after["message"].startswith("Not decided: no new pincer was formed (Rulings row 8")


def test_a_winning_action_states_the_winner_with_its_article() -> None:
    """Orbit Dominion 7-2: the pincer sample's last action wins for red by a new pincer; the
    ruling says so with the article, in both languages and in JSON."""
    args = ("--record", str(RECORDS / "orbit-dominion/valid/pincer.json"), "--at", "83")
    _, ja = adjudicate(*args, "--action", "M1-M3", "--lang", "ja")
    said = "決着: 83手目で決着: 赤(新たな2点挟撃)(第7条 7-2"
    assert any(line.startswith(said) for line in ja.splitlines())
    _, en = adjudicate(*args, "--action", "M1-M3", "--lang", "en", "--json")
    after = json.loads(en)["outcome_after"]
    assert (after["decided"], after["winner"], after["reason"]) == (True, "red", "pincer")
    assert "7-2" in after["rules"] and after["message"].startswith("Decided:")


@pytest.mark.parametrize(
    ("record", "at", "action", "ja", "en"),
    [
        (
            "orbit-dominion/valid/pincer.json",
            "1",
            "I-",
            "決着なし: ルールの終局条件はどれも成立していません。対局は続きます(第8条",
            "Not decided: no end condition of the rules is met; the game goes on (Art. 8",
        ),
        (
            "dark-nebula/valid/worked-game.json",
            "4",
            "1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship",
            "決着なし: ルールの終局条件はどれも成立していません。対局は続きます(4.1",
            "Not decided: none of the rules' end conditions is met; the game goes on (4.1",
        ),
        (
            "astro-stra/valid/random-game.json",
            "3",
            ASTRO_TURN_1,
            "決着なし: ルールの終局条件はどれも成立していません。対局は続きます(手順7",
            "Not decided: none of the rules' end conditions is met; the game goes on (Step 7",
        ),
    ],
    ids=["orbit-dominion", "dark-nebula", "astro-stra"],
)
def test_every_game_answers_what_an_action_decides(
    record: str, at: str, action: str, ja: str, en: str
) -> None:
    """Orbit Dominion (第8条), Dark Nebula (4.1, 4.2) and Astro-Stra (step 7): a legal
    action that ends nothing is said so, citing the articles of the game's end conditions."""
    args = ("--record", str(RECORDS / record), "--at", at, "--action", action)
    code, said = adjudicate(*args, "--lang", "ja")
    assert code == 0 and ja in said
    _, data = adjudicate(*args, "--lang", "en", "--json")
    after = json.loads(data)["outcome_after"]
    assert after is not None and after["decided"] is False and after["message"].startswith(en)

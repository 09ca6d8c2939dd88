"""8.0: a movement moves a counter to another sector, and a counter that stays is not
written. ``battleship@raigerin>raigerin`` is refused in strict notation
(``noncanonical_notation``, the line without it suggested) and left out, and reported, with
``--lenient``: in a JSON record and a text record alike, and in the engine protocol's
``evaluate``, whether the event is a line or an object."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[2]
WORKED_TEXT = (ROOT / "records/dark-nebula/valid/worked-game.txt").read_text("utf-8")
WORKED_JSON = json.loads((ROOT / "records/dark-nebula/valid/worked-game.json").read_text("utf-8"))
REGISTRY = Registry(installed_games())

#: The worked game's quiet rebel movement (ply 6), written with a battleship staying.
QUIET = "1.5 rebel movement: -"
STAYING = "1.5 rebel movement: battleship@raigerin>raigerin"
#: Its first imperial movement (ply 3), with the imperial guard (0★, 8.1) written staying.
MOVED = (
    "1.2 empire movement: cruiser@tyrann>zarek cruiser@tyrann>zarek "
    "command_ship@tyrann>zarek battleship@tyrann>imobu"
)
GUARD_STAYING = MOVED.replace("battleship@", "imperial_guard@tyrann>tyrann battleship@")


def _text(tmp_path: Path, old: str, new: str) -> Path:
    assert WORKED_TEXT.count(old + "\n") == 1
    path = tmp_path / "staying.txt"
    path.write_text(WORKED_TEXT.replace(old + "\n", new + "\n"), "utf-8")
    return path


def _json(tmp_path: Path, ply: int, moves: list[dict[str, str]], *, turns: bool = True) -> Path:
    data = json.loads(json.dumps(WORKED_JSON))
    data["events"][ply - 1]["moves"] = moves
    if not turns:
        for event in data["events"]:
            event.pop("turn", None)
    path = tmp_path / "staying.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def _battleship_stays(tmp_path: Path, form: str) -> Path:
    if form == "text":
        return _text(tmp_path, QUIET, STAYING)
    stay = [{"counter": "battleship", "from": "raigerin", "to": "raigerin"}]
    return _json(tmp_path, 6, stay, turns=form == "json")


def _validate(path: Path, *, lenient: bool = False, lang: str = "en") -> Verdict:
    return validate_file(REGISTRY, path, Options(lenient=lenient, lang=lang))  # type: ignore[arg-type]


FORMS = ["text", "json", "json without turns"]


@pytest.mark.parametrize("form", FORMS)
def test_8_0_a_counter_written_as_staying_is_refused_with_the_line_that_leaves_it_out(
    tmp_path: Path, form: str
) -> None:
    """8.0: the battleship standing on Raigerin is written as moving to Raigerin. Strict
    notation refuses the line at its ply, whichever form the record is in, and suggests it
    without the battleship."""
    verdict = _validate(_battleship_stays(tmp_path, form))
    assert verdict.status == "invalid"
    problem = verdict.problem
    assert (problem.code, problem.ply) == ("noncanonical_notation", 6)
    assert problem.suggestion == QUIET
    assert "8.0" in problem.message and "battleship@raigerin>raigerin" in problem.message
    ja = _validate(_battleship_stays(tmp_path, form), lang="ja").problem
    assert "8.0" in ja.message and "動かない駒は書きません" in ja.message


@pytest.mark.parametrize("form", FORMS)
def test_8_0_lenient_notation_leaves_the_staying_counter_out_and_says_so(
    tmp_path: Path, form: str
) -> None:
    """8.0, ``--lenient``: the staying battleship is left out — it stays where it is, as it
    would had nothing been written — and the line so read is reported at its ply."""
    verdict = _validate(_battleship_stays(tmp_path, form), lenient=True)
    assert verdict.status == "valid", verdict.problem
    notes = [(w.location, w.message) for w in verdict.warnings if w.code == "normalized"]
    assert notes == [("ply 6", f"'{STAYING}' read as {QUIET}")]


def test_8_0_8_1_a_counter_that_never_moves_is_not_written_staying_either(
    tmp_path: Path,
) -> None:
    """8.0, 8.1: the imperial guard (0★) cannot move, and writing it as staying is no move
    either: refused beside the moves that are, which the suggestion keeps; read leniently,
    the other four counters move."""
    path = _text(tmp_path, MOVED, GUARD_STAYING)
    problem = _validate(path).problem
    assert (problem.code, problem.ply, problem.suggestion) == ("noncanonical_notation", 3, MOVED)
    lenient = _validate(path, lenient=True)
    assert lenient.status == "valid", lenient.problem
    assert [w.message for w in lenient.warnings] == [f"'{GUARD_STAYING}' read as {MOVED}"]


def test_8_0_the_notation_is_judged_before_the_order_of_play(tmp_path: Path) -> None:
    """A staying counter is a spelling, refused before the event is played: a movement of
    turn 2 written where turn 1's rebel movement is due is ``noncanonical_notation``, not
    ``phase_order`` (5.0), in a JSON record (whose events are first played without the
    loop's work for each) as in a text record."""
    staying = "2.2 empire movement: cruiser@zarek>zarek"
    text = _validate(_text(tmp_path, QUIET, staying))
    data = json.loads(json.dumps(WORKED_JSON))
    cruiser = {"counter": "cruiser", "from": "zarek", "to": "zarek"}
    data["events"][5] = {"turn": 2, "phase": "movement", "side": "empire", "moves": [cruiser]}
    path = tmp_path / "order.json"
    path.write_text(json.dumps(data), "utf-8")
    found = _validate(path)
    assert (text.problem.code, text.problem.ply) == ("noncanonical_notation", 6)
    assert (found.problem.code, found.problem.ply) == ("noncanonical_notation", 6)
    assert found.problem.suggestion == text.problem.suggestion == "2.2 empire movement: -"


# --- the engine protocol --------------------------------------------------------------------

SETUP = "setup: guard_ship@earth battleship@raigerin battleship@zarek guard_ship@radia"
REQUEST = {
    "cmd": "evaluate",
    "id": 1,
    "game": "dark-nebula/2011",
    "game_id": "conf-1",
    "commitment": "2164355179cc0c4e71174515a42706c7053750a1df81bb6f03d6f7249e39dce5",
}
CRUISER_STAYS = {"counter": "cruiser", "from": "tyrann", "to": "tyrann"}


def _evaluate(movement: str | dict[str, Any], notation: str = "strict") -> dict[str, Any]:
    moves = [SETUP, "1.1 empire production: cruiser@tyrann", movement]
    request = {**REQUEST, "moves": moves, "notation": notation}
    return Server(REGISTRY).respond(json.dumps(request, ensure_ascii=False))


OBJECT = {"phase": "movement", "side": "empire", "moves": [CRUISER_STAYS]}


@pytest.mark.parametrize(
    ("movement", "canonical"),
    [
        (
            "1.2 empire movement: cruiser@tyrann>tyrann command_ship@tyrann>zarek",
            "1.2 empire movement: command_ship@tyrann>zarek",
        ),
        (OBJECT, "1.2 empire movement: -"),
    ],
)
def test_8_0_evaluate_refuses_a_staying_counter_and_reads_it_leniently(
    movement: str | dict[str, Any], canonical: str
) -> None:
    """8.0 in ``evaluate``: strict, the error ``noncanonical_notation`` at the event with the
    line that leaves the counter out; lenient, the event played without it and listed in
    ``normalized`` — for a line and for an event object (reported by its line)."""
    strict = _evaluate(movement)["error"]
    assert (strict["code"], strict["field"]) == ("noncanonical_notation", "moves[2]")
    assert strict["suggestion"] == canonical
    lenient = _evaluate(movement, "lenient")
    written = (
        movement if isinstance(movement, str) else "1.2 empire movement: cruiser@tyrann>tyrann"
    )
    assert lenient["illegal_at"] is None
    assert lenient["normalized"] == [{"index": 2, "written": written, "canonical": canonical}]
    assert lenient["position"] == _evaluate(canonical)["position"]

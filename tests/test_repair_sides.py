"""Repair in the terms of a game of two sides (issue 41; docs/repair.md, "How candidates are
ranked", "What an edit is" and "The sheet's numbering"): where the sides write alternate
lines, one side's two lines exchanged is the nearest exchange; a record claiming a win the
rules never decided had its reason miscopied when the other side resigned; and an
Astro-Stra turn number skipped says where a turn was left out."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import repair, validate
from adjudicator.core.repair.transcription import (
    FARTHER,
    NUMBERED_GAP,
    RESULT,
    SWAPPED_EVENTS,
)

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "records"


def test_one_sides_two_actions_exchanged_come_first() -> None:
    """Red's actions at plies 18 and 20 exchanged: the exchange of one side's two actions
    is priced below neighbours exchanged, and comes before a replacement that also makes
    the record valid."""
    data = json.loads((VALID / "orbit-dominion/valid/pincer.json").read_text("utf-8"))
    moves = list(data["moves"])
    data["moves"][17], data["moves"][19] = moves[19], moves[17]
    text = json.dumps(data)
    assert validate(text).status == "invalid"
    found = repair(text, max_edits=1, max_replays=3000)
    best = found.candidates[0]
    assert best.record["moves"] == moves
    assert best.cost == SWAPPED_EVENTS - FARTHER
    assert [e.op for e in best.edits] == ["swap"]


def test_a_win_never_decided_is_read_as_the_other_sides_resignation() -> None:
    """White resigned; the sheet says black brought every piece home. The one field
    miscopied is the reason: black by white's resignation."""
    data = json.loads((VALID / "astro-stra/valid/resignation.json").read_text("utf-8"))
    original = data["result"]
    data["result"] = {"winner": original["winner"], "reason": "all_home", "resigned": None}
    text = json.dumps(data)
    assert validate(text).status == "invalid"
    found = repair(text, max_edits=1)
    best = found.candidates[0]
    assert best.record["result"] == original
    assert best.cost == RESULT
    assert [e.op for e in best.edits] == ["result"]


def test_an_astro_stra_turn_left_out_under_a_skipped_number_costs_a_numbered_gap() -> None:
    """Turn 10 left out, the turns after it numbered as on the sheet: the sheet's skipped
    number says where, and the turn rebuilt there costs a numbered gap, not an omission."""
    lines = (VALID / "astro-stra/valid/random-game.txt").read_text("utf-8").splitlines()
    turn = next(i for i, line in enumerate(lines) if line.startswith("10. "))
    text = "\n".join(lines[:turn] + lines[turn + 1 :]) + "\n"
    assert validate(text).status == "invalid"
    found = repair(text, max_edits=1)
    best = found.candidates[0]
    assert [(e.op, e.ply) for e in best.edits] == [("insert", 12)]  # after opening and draft
    assert best.cost == NUMBERED_GAP

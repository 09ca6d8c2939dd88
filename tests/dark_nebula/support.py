"""Shared helpers for the Dark Nebula tests."""

from __future__ import annotations

from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.production import Placement, set_up
from adjudicator.dark_nebula.state import Situation

BOARD = default_board()
#: ゲームの展開 初期配置: the rebels' recommended set-up.
OPENING = [
    Placement("guard_ship", "earth"),
    Placement("battleship", "raigerin"),
    Placement("battleship", "zarek"),
    Placement("guard_ship", "radia"),
]


def started() -> Situation:
    """The situation after set-up with the recommended rebel placement."""
    situation = Situation(BOARD)
    set_up(situation, OPENING)
    return situation


def code(problem: tuple[str, dict] | None) -> str | None:
    return None if problem is None else problem[0]

"""Shared helpers for the Dark Nebula tests."""

from __future__ import annotations

from pathlib import Path

from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.production import Placement, set_up
from adjudicator.dark_nebula.state import Situation

BOARD = default_board()
#: The sample records, each a game whose steps are played, but for those named here with
#: the code of the error that refuses them before any step (``test_in_place`` holds each to
#: it): a test over the samples names what it leaves out instead of passing over it.
RECORDS = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
SAMPLES = sorted(RECORDS.rglob("*.json"))
NOT_PLAYED = {
    "unreadable/board-mismatch.json": "board_mismatch",  # another version of the board
}
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


def sample_name(path: Path) -> str:
    """``valid/worked-game.json``: a sample as :data:`NOT_PLAYED` and test ids name it."""
    return f"{path.parent.name}/{path.name}"


def played_samples() -> list[Path]:
    """The samples whose steps are played."""
    return [path for path in SAMPLES if sample_name(path) not in NOT_PLAYED]

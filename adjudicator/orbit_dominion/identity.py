"""What names Orbit Dominion and its records: ids, the record format, sides and outcome
reasons. Kept apart from the rules and the models so that the core can list the game and
dispatch a record to it without loading either."""

from __future__ import annotations

from typing import Literal

GAME_ID = "orbit-dominion/4.2"
FORMAT = "orbit-dominion-record/1"
RULESET = "orbit-dominion/4.2"
Side = Literal["red", "blue"]
Reason = Literal[
    "flagship_capture",
    "pincer",
    "annihilation",
    "gate_control",
    "move_limit",
    "no_legal_moves",
    "resignation",
    "forfeit",
]

"""What names Dark Nebula and its records: ids, the record format and outcome
reasons. Kept apart from the rules and the models so that the core can list the game and
dispatch a record to it without loading either."""

from __future__ import annotations

from typing import Final, Literal

FORMAT: Final = "dark-nebula-record/1"
GAME_ID: Final = "dark-nebula/2011"
Reason = Literal["base_destroyed", "guard_destroyed", "resignation", "forfeit"]

"""What names Astro-Stra and its records: ids, the record format and outcome
reasons. Kept apart from the rules and the models so that the core can list the game and
dispatch a record to it without loading either."""

from __future__ import annotations

from typing import Literal

FORMAT = "astro-stra-record/1"
GAME_ID = "astro-stra/0.9.0"
Reason = Literal["all_home", "resignation", "forfeit"]

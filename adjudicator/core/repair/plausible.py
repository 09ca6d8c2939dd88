"""Whether a valid correction is still far less plausible than a copying error
(docs/repair.md, "Doubtful candidates"): said, not implied, so that a director does not
take a candidate that erases what dice decided, or changes much of the record, for the
game the players meant."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.core.repair import transcription

if TYPE_CHECKING:
    from adjudicator.core.capabilities import Repairable
    from adjudicator.core.repair.models import Doubt, Edit


def doubtful(game: Repairable, edits: Sequence[Edit], cost: float) -> Doubt | None:
    """Why a correction is far less plausible than a copying error, if it is: it deletes a
    line of the record that writes what dice decided (no copy of its neighbour), or it
    costs more than :data:`~.transcription.DOUBTFUL_COST`."""
    for edit in edits:
        deleted = edit.op == "delete" and edit.cost > transcription.DUPLICATE
        if deleted and edit.was is not None and game.chance(edit.was):
            return "chance"
    if cost > transcription.DOUBTFUL_COST:
        return "cost"
    return None

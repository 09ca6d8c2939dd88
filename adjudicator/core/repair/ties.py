"""Corrections the record cannot tell apart, said rather than one picked silently.

Two kinds (docs/repair.md, "Omissions and ties"):

- an edit's *alternatives*: the events that play where it writes one exactly as that one
  does (:meth:`Replay.same_effect`: a battle's dice that fall otherwise to the same hits, a
  roll that leaves the base's value as it was). A line left out carried dice that are
  nowhere else; what follows it fixes their effect, not their faces. Each alternative is
  checked as a candidate is, the record validated whole with it in place;
- *tied* candidates: whole corrections that cost the same under the model
  (:mod:`.transcription`), equally consistent with what the record says.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from adjudicator.core.capabilities import Repairable
from adjudicator.core.errors import InputError
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.validation import validate
from adjudicator.core.read.records import GameRecord
from adjudicator.core.repair.models import Candidate, Edit

if TYPE_CHECKING:
    from adjudicator.core.game import Game

#: Alternatives checked and listed for one edit, at most: each costs a validation of the
#: whole record, and a reader reads a handful; the rest are counted.
LISTED = 8

#: Lines of a record with where each came from, as :meth:`Repairable.with_events` takes them.
Slots = list[tuple[str, int | None]]


def alternatives_in(
    game: Game, repairable: Repairable, record: GameRecord, slots: Slots, edits: Sequence[Edit]
) -> list[Edit]:
    """``edits``, which make ``record`` the record of ``slots``, each with its equally
    consistent alternatives, checked."""
    corrected = repairable.with_events(record, slots)

    def before(at: int) -> Replay | None:
        replay = game.replay(corrected)
        for event in corrected.events[:at]:
            try:
                if replay.attempt(event.played, lenient=False).violation is not None:
                    return None
            except InputError:
                return None
        return replay

    def valid(lines: Slots) -> bool:
        try:
            other = repairable.with_events(record, lines)
        except (InputError, ValueError):
            return False
        verdict = validate("<record>", other, game.replay(other), lenient=False, lang="en")
        return verdict.status == "valid"

    return with_alternatives(edits, slots, before, valid)


def with_alternatives(
    edits: Sequence[Edit],
    slots: Slots,
    before: Callable[[int], Replay | None],
    valid: Callable[[Slots], bool],
) -> list[Edit]:
    """``edits`` with each insertion's and replacement's equally consistent alternatives:
    ``before(i)`` is the replay standing before slot ``i`` of the corrected record
    (``slots``), ``valid`` whether a record of those slots is valid whole."""
    found: list[Edit] = []
    for edit in edits:
        at = edit.ply - 1
        if edit.op not in ("insert", "replace") or edit.now is None or at >= len(slots):
            found.append(edit)
            continue
        if slots[at][0] != edit.now:  # a later edit moved it: nothing said of it
            found.append(edit)
            continue
        replay = before(at)
        offered = [] if replay is None else _offered(replay, edit.now)
        listed = [
            alt for alt in offered[:LISTED] if valid([*slots[:at], (alt, None), *slots[at + 1 :]])
        ]
        more = max(0, len(offered) - LISTED)
        found.append(edit.model_copy(update={"alternatives": listed, "more_alternatives": more}))
    return found


def _offered(replay: Replay, event: str) -> list[str]:
    """What the game says plays as ``event`` does, ``event`` itself left out; none when the
    line cannot be read there."""
    try:
        same = replay.same_effect(event)
    except InputError:
        return []
    return [alt for alt in dict.fromkeys(same) if alt != event]


def ties(found: list[Candidate]) -> list[Candidate]:
    """The candidates, each one already named as an alternative of an earlier one left
    out, each with the ranks (from 1) of the others that cost the same."""
    candidates: list[Candidate] = []
    for candidate in found:
        if not any(_named_by(earlier, candidate) for earlier in candidates):
            candidates.append(candidate)
    return [
        candidate.model_copy(
            update={
                "tied_with": [
                    rank
                    for rank, other in enumerate(candidates, 1)
                    if other is not candidate and math.isclose(other.cost, candidate.cost)
                ]
            }
        )
        for candidate in candidates
    ]


def _named_by(earlier: Candidate, later: Candidate) -> bool:
    """Whether ``later`` makes ``earlier``'s edits, but for events it names as their
    alternatives: the same correction, its dice written otherwise."""
    if len(earlier.edits) != len(later.edits):
        return False
    return all(
        (a.ply, a.op, a.was) == (b.ply, b.op, b.was) and (b.now == a.now or b.now in a.alternatives)
        for a, b in zip(earlier.edits, later.edits, strict=True)
    )

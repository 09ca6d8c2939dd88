"""What a repair search holds while it looks: an edited record (:class:`Node`), an edit of
one planned but not made (:class:`Planned`), and the places of a record where edits may go
(:class:`Places`). A search plans thousands of edits and makes the few it reaches, so a
plan is small and a node shares what it can with its parent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.verdict import ClaimedResult
from adjudicator.core.repair.lines import Lines
from adjudicator.core.repair.models import Edit, Op


@dataclass
class Node:
    """An edited record: its lines, the edits that made it and what they cost."""

    slots: Lines
    edits: tuple[Edit, ...]
    cost: float
    #: edits may be made from this slot index on (edits go in the order of their plies)
    next_at: int
    #: the replay standing before slot ``base``, shared with the parent: copied, not played
    base: Replay
    base_at: int
    #: where the record failed before this node's last edit
    parent_failed: int = 0
    failed_at: int | None = None
    #: the result the record claims, when an edit wrote another (``None``: as written)
    claimed: ClaimedResult | None = None
    #: the result the game reaches, when the record claims another (:data:`.results.FIXES`)
    reached: ClaimedResult | None = None
    #: events of a sheet line its last edit left half made, to insert or delete after it
    #: by the same edit at no further cost (:class:`.edits.SheetLines`)
    owes: int = 0
    #: the copying errors its edits make: a whole sheet line left out or written twice is one
    errors: int = 0


@dataclass(frozen=True, slots=True)
class Planned:
    """An edit of ``node``'s record at slot ``at``, not made yet; ``line`` is the event it
    writes (a replacement's or an insertion's)."""

    node: Node
    replay: Replay
    at: int
    op: Op
    line: str | None
    cost: float
    #: a swap's other line, or where a move takes line ``at``
    other: int = -1
    #: events of the same sheet line still to insert or delete after this one
    owes: int = 0


class Place(NamedTuple):
    """A slot of a node's record where edits may go, not planned yet, with the replay
    standing before it."""

    node: Node
    at: int
    replay: Replay


@dataclass
class Places:
    """The slots ``lo..top`` of a node's record where edits may go, reached one at a time
    from ``top`` down (nearest the failure first); ``kept`` holds the replay standing before
    every ``step``-th of them, from ``lo`` on. ``first`` numbers them in the search's
    order of arrival, as if each had been planned on its own."""

    node: Node
    lo: int
    top: int
    step: int
    kept: list[Replay]
    first: int
    at: int

"""What a repair search may spend (docs/repair.md, "Bounds"): a budget of replays,
deterministic, so that the same record gets the same answer on any machine; and the time,
an outer limit for a machine far slower or busier than a laptop, looked at ply by ply
inside every replay, where the work is done."""

from __future__ import annotations

import time
from typing import Literal

#: Edited records replayed at most (the budget: the same answer on any machine), and seconds,
#: an outer limit for a machine far slower or busier than a laptop (said when it stops one).
DEFAULT_MAX_REPLAYS = 20_000
DEFAULT_SECONDS = 120.0
#: A record counts as one replay per so many events, and so many plies played to reach places
#: count as one: the budget bounds the work, whatever the record's length.
LONG_RECORD = 250

#: The budget a search stopped at.
Reached = Literal["replays", "time"]


class Spent(Exception):
    """The search's time ran out inside a replay."""


class Budget:
    """The replays and the time a search has spent, and whether either is used up."""

    def __init__(self, max_replays: int, seconds: float) -> None:
        self.max_replays = max_replays
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        #: edited records replayed
        self.replays = 0
        #: the budget spent: replays, a long record's counted once per LONG_RECORD events
        self.spent = 0
        #: plies played to stand before places, not yet counted as a replay
        self.plies = 0
        self.reached: Reached | None = None

    def replayed(self, events: int) -> None:
        """A record of ``events`` events replayed: one replay, or one per
        :data:`LONG_RECORD` events of a long one."""
        self.replays += 1
        self.spent += max(1, -(-events // LONG_RECORD))

    def tick(self, plies: int) -> None:
        """Told of plies played inside a replay: the time, an outer limit, is looked at
        where the work is done."""
        if time.monotonic() > self.deadline:
            raise Spent

    def charge(self, plies: int) -> None:
        """Plies played to stand before places, counted as replays once they make one."""
        self.plies += plies
        self.spent += self.plies // LONG_RECORD
        self.plies %= LONG_RECORD

    def used_up(self) -> Reached | None:
        """The budget used up, if one is, kept as the one the search stopped at."""
        if self.spent >= self.max_replays:
            self.reached = "replays"
        elif time.monotonic() > self.deadline:
            self.reached = "time"
        return self.reached

    def seconds(self) -> float:
        """The seconds spent since the search began, to the millisecond."""
        return round(time.monotonic() - self.started, 3)

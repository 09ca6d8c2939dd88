"""How far a solve may go: positions searched and seconds, and who hears of its progress.

Apart from the search, so that the command line reads its defaults without loading it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: The budget of a solve unless asked otherwise, fit for a machine of two cores shared by
#: several people: about 15,000 positions a second here, and the table keeps about 100
#: bytes a position searched, so 20 million positions are about 2 GB at most. The time
#: stops it first: 2 minutes.
DEFAULT_MAX_NODES = 20_000_000
DEFAULT_SECONDS = 120.0
#: The memory the df-pn table may take, in bytes (``--memory``, in megabytes): 1 GB.
DEFAULT_MEMORY = 1000 * 10**6
#: Positions searched between two looks at the clock (and the progress line).
CHECK_EVERY = 1024


class BudgetSpent(Exception):
    """The search passed its node or time budget."""


class Budget:
    """How far a solve may go: positions searched over every depth together, seconds from
    its start; and who is told of its progress (the depth on, the positions, the seconds)."""

    def __init__(
        self,
        max_nodes: int | None = DEFAULT_MAX_NODES,
        seconds: float | None = DEFAULT_SECONDS,
        progress: Callable[[int, int, float], None] | None = None,
        memory: int | None = DEFAULT_MEMORY,
    ) -> None:
        self.max_nodes = max_nodes
        #: Bytes the df-pn table may take (entries are dropped past it, the search goes on).
        self.memory = memory
        self.seconds = seconds
        self.progress = progress
        self.started = time.perf_counter()
        self.spent = 0  # positions of the depths finished or abandoned
        self.depth = 0

    def restart(self) -> None:
        """Start the clock again, when the search starts."""
        self.started = time.perf_counter()

    def next_check(self, nodes: int) -> int:
        """Raise :class:`BudgetSpent` when ``nodes`` more positions (the current depth's)
        spend the budget; otherwise the node count at which to look again."""
        total = self.spent + nodes
        if self.max_nodes is not None and total >= self.max_nodes:
            raise BudgetSpent
        elapsed = time.perf_counter() - self.started
        if self.seconds is not None and elapsed >= self.seconds:
            raise BudgetSpent
        if self.progress is not None and nodes:
            self.progress(self.depth, total, elapsed)
        step = CHECK_EVERY
        if self.max_nodes is not None:
            step = min(step, self.max_nodes - total)
        return nodes + step

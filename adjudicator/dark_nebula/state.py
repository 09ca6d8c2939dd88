"""Where every counter stands, and what the secret base is known to be.

Counters of one kind and side in one sector are interchangeable (the rules never tell them
apart), so the board is a multiset of ``(sector, side, kind)``. The secret base is either on
the board (a ``secret_base`` counter of the rebels) or hidden: then its sector is known only
to a director's full record, and the counters built on it wait in ``base_stock`` (7.3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias, TypeVar

from adjudicator.dark_nebula.board import BASE, SIDES, BoardDefinition, Side

Problem: TypeAlias = tuple[str, dict[str, object]]

#: The seven steps of a turn (5.0), numbered as the rulebook numbers them.
PHASES: dict[int, tuple[str, Side | None]] = {
    1: ("production", "empire"),
    2: ("movement", "empire"),
    3: ("combat", "empire"),
    4: ("production", "rebel"),
    5: ("movement", "rebel"),
    6: ("combat", "rebel"),
    7: ("search", None),
}


@dataclass
class BaseState:
    """The secret base: its production track (2.2), and where it is once known."""

    #: Index into the board's production table; 3.2 starts it on the first square.
    square: int = 0
    #: The sector, when known: from the opening, or from a director's full record.
    sector: str | None = None
    #: On the board (10.2, 10.3); it never hides again (10.6).
    revealed: bool = False
    #: The value fixed when it appeared (10.4).
    fixed_value: int | None = None
    #: Counters built on the hidden base and not yet on the board (7.3, 7.5).
    stock: Counter[str] = field(default_factory=lambda: counter_of({}))

    def value(self, board: BoardDefinition) -> int:
        """7.1: the value of its square, or the one fixed on appearing (10.4)."""
        if self.fixed_value is not None:
            return self.fixed_value
        return board.base_production_table[self.square]


@dataclass
class Situation:
    """The counters on the board, the base, and what earlier steps left pending.

    A situation starts with the board empty, and counters come only through :meth:`place`
    and :meth:`remove`, which keep ``counters`` to positive counts and, with it, ``held``
    (their sums by side and sector) and ``fielded`` (by side and kind): plain dicts whose
    entries are all above zero, so that who stands where, and with what, is answered
    without a look through every counter."""

    board: BoardDefinition
    counters: Counter[tuple[str, Side, str]] = field(init=False)
    base: BaseState = field(default_factory=BaseState)
    #: 7.2: an imperial new cruiser has been removed, so the base may build new cruisers.
    new_cruiser_unlocked: bool = False
    #: 10.5: the sector the next imperial production and movement may not use.
    restricted: str | None = None
    #: Each side's sectors, with the number of its counters in each.
    held: dict[Side, dict[str, int]] = field(init=False, repr=False, compare=False)
    #: Each side's kinds of counter on the board, with the number of each.
    fielded: dict[Side, dict[str, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.counters = counter_of({})
        self.held = {side: {} for side in SIDES}
        self.fielded = {side: {} for side in SIDES}

    def copy(self) -> Situation:
        """An independent copy, for a step to work on until it is accepted. Each step that
        may be refused after it changed something takes one, so every field is copied as it
        stands, without dataclass machinery."""
        base_fields = self.base.__dict__.copy()
        base_fields["stock"] = counter_of(self.base.stock)
        base = object.__new__(BaseState)
        base.__dict__ = base_fields
        fields = self.__dict__.copy()
        fields["counters"] = counter_of(self.counters)
        fields["base"] = base
        held, fielded = self.held, self.fielded
        fields["held"] = {"empire": held["empire"].copy(), "rebel": held["rebel"].copy()}
        fields["fielded"] = {"empire": fielded["empire"].copy(), "rebel": fielded["rebel"].copy()}
        new = object.__new__(Situation)
        new.__dict__ = fields
        return new

    # --- looking -----------------------------------------------------------------------------

    def at(self, sector: str, side: Side) -> Counter[str]:
        """``side``'s counters in ``sector``, by kind."""
        if sector not in self.held[side]:
            return counter_of({})
        counters = self.counters
        return counter_of(
            {k: n for k in self.fielded[side] if (n := counters.get((sector, side, k), 0)) > 0}
        )

    def count(self, sector: str, side: Side, kind: str) -> int:
        """How many of ``side``'s ``kind`` counters stand in ``sector``: ``at(...)[kind]``
        without building the whole Counter."""
        return self.counters.get((sector, side, kind), 0)

    def holds(self, sector: str, side: Side) -> bool:
        """Whether ``side`` has any counter in ``sector``: ``bool(at(...))``."""
        return sector in self.held[side]

    def sectors_of(self, side: Side) -> set[str]:
        """Sectors holding at least one counter of ``side`` on the board."""
        return set(self.held[side])

    def own_sectors(self, side: Side, *, apart: frozenset[str] = frozenset()) -> set[str]:
        """Sectors that count as ``side``'s for production (6.1, 6.2): holding one of its
        counters other than the base, whose production is the table's (7.1, 7.4), or of the
        kinds ``apart`` (interpretation 10)."""
        counters = self.counters
        if not apart:
            return {s for s, n in self.held[side].items() if n > counters.get((s, side, BASE), 0)}
        left_out = {BASE, *apart}
        return {
            s
            for s, n in self.held[side].items()
            if n > sum(counters.get((s, side, k), 0) for k in left_out)
        }

    def contested(self) -> list[str]:
        """Sectors holding counters of both sides (9.0), in board order."""
        both = self.held["empire"].keys() & self.held["rebel"].keys()
        return [s for s in self.board.sector_ids if s in both] if both else []

    def in_use(self, kind: str) -> int:
        """Counters of ``kind`` out of the box: on the board or on the hidden base (2.3)."""
        fielded = self.fielded
        on_board = fielded["empire"].get(kind, 0) + fielded["rebel"].get(kind, 0)
        return on_board + self.base.stock[kind]

    def left(self, kind: str) -> int:
        return self.board.kinds[kind].count - self.in_use(kind)

    # --- changing ----------------------------------------------------------------------------

    def place(self, sector: str, side: Side, kind: str, n: int = 1) -> None:
        key = (sector, side, kind)
        counters, held, fielded = self.counters, self.held[side], self.fielded[side]
        counters[key] = counters.get(key, 0) + n
        held[sector] = held.get(sector, 0) + n
        fielded[kind] = fielded.get(kind, 0) + n

    def remove(self, sector: str, side: Side, kind: str, n: int = 1) -> None:
        """Take up to ``n`` of these counters off the board (those that are there)."""
        key = (sector, side, kind)
        counters = self.counters
        there = counters.get(key, 0)
        if there <= 0:
            return
        if there > n:
            counters[key] = there - n
        else:
            counters.pop(key)  # dict's own: a Counter's del is written in Python
            n = there
        _take(self.held[side], sector, n)
        _take(self.fielded[side], kind, n)


T = TypeVar("T")


def _take(counts: dict[T, int], key: T, n: int) -> None:
    """``n`` off ``counts[key]``, which holds at least that many; the key goes at zero."""
    left = counts[key] - n
    if left:
        counts[key] = left
    else:
        del counts[key]


def counter_of(counts: Mapping[T, int]) -> Counter[T]:
    """A Counter holding ``counts`` as they are, filled as a dict: a Counter has no state of
    its own, and its constructor's generic checks (an ABC test of its argument) cost three
    times the copy."""
    new: Counter[T] = Counter.__new__(Counter)
    dict.update(new, counts)
    return new


def positive(counts: Mapping[T, int]) -> Counter[T]:
    """``+Counter(counts)``: the entries above zero, without Counter's generic machinery."""
    return counter_of({k: n for k, n in counts.items() if n > 0})

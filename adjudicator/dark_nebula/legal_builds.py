"""The production step's candidates for :mod:`.legal`: every way a side could spend its
budget (6.1) on the counters it may build and the sectors it may place them in (6.2–6.5),
the empire's extra counter (6.4) and what the base builds (7.1–7.3). The judge keeps the
ones the rules allow; here only the budgets bound the search, so that it ends."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.dark_nebula.board import CAPITAL, Side
from adjudicator.dark_nebula.production import (
    BASE_KINDS,
    CAPITAL_ONLY,
    HEAVY,
    PER_SECTOR,
    budget,
    own_sectors,
)
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.state import Situation

#: A counter placed: (sector, kind), the order a listed line writes them in.
Part = tuple[str, str]


def production_bodies(situation: Situation, side: Side, readings: Readings) -> Iterator[str]:
    """Each body of a production line: the builds, the extra, the base's builds."""
    board = situation.board
    price: dict[str, int] = {k.id: k.price or 0 for k in board.counters}
    left: dict[str, int] = {k.id: situation.left(k.id) for k in board.counters}
    eligible = own_sectors(situation, side, readings)
    parts = _parts(side, sorted(eligible), readings)
    spend = budget(situation, side, eligible)
    extras: list[Part | None] = [None]
    base_options: list[tuple[str, ...]] = [()]
    if side == "empire":
        extras += [(s, k) for s in sorted(eligible) for k in sorted(HEAVY)]
    else:
        kinds = BASE_KINDS | (HEAVY if readings.base_builds == "also-rebel-kinds" else set())
        value = situation.base.value(board)
        base_options = [
            tuple(k for _, k in chosen)
            for chosen in _multisets([("", k) for k in sorted(kinds)], price, value, None, left)
        ]
    for builds in _multisets(parts, price, spend, PER_SECTOR, left):
        for extra in extras:
            for on_base in base_options:
                yield _body(builds, extra, on_base)


def _parts(side: Side, eligible: Sequence[str], readings: Readings) -> list[Part]:
    """The (sector, kind) placements the side could buy from its budget: the empire its
    ships at the capital (6.3), and under ``empire_budget=any-kind`` the heavy counters in
    its sectors too; the rebels the heavy counters in theirs (6.5)."""
    heavy = [(s, k) for s in eligible for k in sorted(HEAVY)]
    if side == "rebel":
        return heavy
    ships = [(CAPITAL, k) for k in sorted(CAPITAL_ONLY)]
    return sorted(ships + heavy) if readings.empire_budget == "any-kind" else ships


def _multisets(
    items: Sequence[Part],
    price: dict[str, int],
    limit: int,
    per_sector: int | None,
    left: dict[str, int],
) -> Iterator[tuple[Part, ...]]:
    """Every multiset of ``items`` (taken in their order) whose summed price is within
    ``limit``, of no more counters of a kind than the box has ``left`` (6.6) and, with
    ``per_sector``, with no more than that many in one sector. Every counter built has a
    price above 0 (2.3), so the search ends."""

    def grow(start: int, spent: int, taken: tuple[Part, ...]) -> Iterator[tuple[Part, ...]]:
        yield taken
        for i in range(start, len(items)):
            sector, kind = items[i]
            paid = spent + price[kind]
            if paid > limit or price[kind] <= 0 or sum(t[1] == kind for t in taken) >= left[kind]:
                continue
            if per_sector is not None and sum(t[0] == sector for t in taken) >= per_sector:
                continue
            yield from grow(i, paid, (*taken, items[i]))

    yield from grow(0, 0, ())


def _body(builds: tuple[Part, ...], extra: Part | None, kinds: tuple[str, ...]) -> str:
    parts = [" ".join(f"{k}@{s}" for s, k in builds) or "-"]
    if extra is not None:
        parts.append(f"extra {extra[1]}@{extra[0]}")
    if kinds:
        parts.append("base " + " ".join(kinds))
    return "; ".join(parts)

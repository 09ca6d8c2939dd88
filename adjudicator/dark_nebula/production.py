"""Set-up (3.1–3.2) and production (6.1–6.7, 7.1–7.4) as pure checks.

Each check takes the situation before the step and what the record says was done, and
answers ``None`` or the first problem as ``(code, args)``; applying a step is separate, so
a rejected step changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from adjudicator.core.i18n import Lang, in_both, said
from adjudicator.dark_nebula.board import (
    BATTLESHIP,
    CAPITAL,
    COMMAND_SHIP,
    CRUISER,
    GUARD,
    GUARD_SHIP,
    NEW_CRUISER,
    BoardDefinition,
    Side,
)
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.state import Problem, Situation

#: 3.2: the imperial start, and the rebels' four counters (plain dicts: compared with one
#: in C, where Counters compare in Python).
EMPIRE_START = {GUARD: 1, COMMAND_SHIP: 1, CRUISER: 1}
REBEL_START = {BATTLESHIP: 2, GUARD_SHIP: 2}
#: 6.3: imperial counters of these kinds are placed only at the capital.
CAPITAL_ONLY = frozenset({COMMAND_SHIP, CRUISER, NEW_CRUISER})
#: 6.4 and 6.5: the empire's extra counter, and all the rebels build on the board.
HEAVY = frozenset({BATTLESHIP, GUARD_SHIP})
#: 7.2: what the base builds (new cruisers only once unlocked).
BASE_KINDS = frozenset({CRUISER, NEW_CRUISER})
PER_SECTOR = 2  # 6.2


class Placement(NamedTuple):
    kind: str
    sector: str


def _counted(board: BoardDefinition, kinds: Mapping[str, int]) -> str:
    """The counters placed, by their names in either language (as every message names
    counters)."""
    if not kinds:
        return said("dark_nebula.nothing")
    names = board.kinds

    def named(kind: str, lang: Lang) -> str:
        return names[kind].named.words(lang) if kind in names else kind

    return in_both(
        lambda lang: ", ".join(f"{named(k, lang)}×{n}" for k, n in sorted(kinds.items()))
    )


# --- set-up ------------------------------------------------------------------------------------


def check_rebel_setup(situation: Situation, placements: list[Placement]) -> Problem | None:
    """3.2: two battleships and two guard ships, one per sector, none in the capital or
    the nebula, battleships only where production is at least 2."""
    board = situation.board
    mix: dict[str, int] = {}
    for p in placements:
        mix[p.kind] = mix.get(p.kind, 0) + 1
    if mix != REBEL_START:
        return "rebel_setup_mix", {"got": _counted(board, mix)}
    seen: set[str] = set()
    for p in placements:
        sector = board.by_id[p.sector]
        if p.sector == CAPITAL or sector.nebula:
            return "rebel_setup_sector", {"sector": board.label(p.sector)}
        if p.sector in seen:
            return "rebel_setup_crowded", {"sector": board.label(p.sector)}
        seen.add(p.sector)
        if p.kind == BATTLESHIP and sector.production < 2:
            return "battleship_low_production", {
                "sector": board.label(p.sector),
                "production": sector.production,
            }
    return None


def base_sector_problem(sector: str) -> Problem | None:
    """3.1: anywhere but the capital."""
    return ("base_in_capital", {}) if sector == CAPITAL else None


def set_up(situation: Situation, placements: list[Placement]) -> None:
    """3.2: the imperial start at the capital and the rebels' placements (already checked)."""
    for kind, n in EMPIRE_START.items():
        situation.place(CAPITAL, "empire", kind, n)
    for p in placements:
        situation.place(p.sector, "rebel", p.kind)


# --- production on the board (6.1–6.7) ---------------------------------------------------------


def own_sectors(situation: Situation, side: Side, readings: Readings) -> set[str]:
    """6.0 (interpretation 10): the sectors holding ``side``'s counters on the board, the
    base itself apart; under ``base-counters-apart`` the rebels' counters of the kinds only
    the base builds (7.2) make no sector theirs either."""
    if side == "rebel" and readings.own_sectors == "base-counters-apart":
        return situation.own_sectors(side, apart=BASE_KINDS)
    return situation.own_sectors(side)


def budget(situation: Situation, side: Side, own: set[str]) -> int:
    """6.1: the summed production of ``own``, the sectors holding the side's counters
    (:func:`own_sectors`); for the empire, without a sector 10.5 closes."""
    closed = situation.restricted if side == "empire" else None
    production = situation.board.production
    return sum([production[s] for s in own if s != closed])


def check_production(
    situation: Situation,
    side: Side,
    builds: list[Placement],
    extra: Placement | None,
    readings: Readings,
) -> Problem | None:
    """6.1–6.6 for the counters a side builds on the board, and the empire's extra (6.4).
    Building nothing is always allowed (6.7: the budget is simply lost)."""
    if not builds and extra is None:
        return None
    board = situation.board
    eligible = own_sectors(situation, side, readings)
    closed = situation.restricted if side == "empire" else None
    placed: dict[str, int] = {}
    cost = 0
    for p in builds:
        spec = board.kinds[p.kind]
        price = spec.price
        allowed = side in spec.armies and price is not None
        if side == "rebel" and p.kind not in HEAVY:
            allowed = False  # 6.5
        if not allowed:
            return "not_buildable", {"side": side, "counter": spec.named}
        if side == "empire" and p.kind in HEAVY and readings.empire_budget == "ships":
            return "heavy_only_as_extra", {"counter": spec.named}  # 2.3 (5), 6.4
        if problem := _placement_problem(situation, p, eligible, closed):
            return problem
        if side == "empire" and p.kind in CAPITAL_ONLY and p.sector != CAPITAL:
            return "imperial_ship_outside_capital", {
                "counter": spec.named,
                "sector": board.label(p.sector),
            }
        placed[p.sector] = placed.get(p.sector, 0) + 1
        assert price is not None, "allowed: it has a price"
        cost += price
    available = budget(situation, side, eligible)
    if cost > available:
        return "over_budget", {"cost": cost, "budget": available}
    if extra is not None:
        if side != "empire" or extra.kind not in HEAVY:
            return "extra_counter", {"got": board.kinds[extra.kind].named}
        if problem := _placement_problem(situation, extra, eligible, closed):
            return problem
        if readings.extra_counts_toward_two == "counts":
            placed[extra.sector] = placed.get(extra.sector, 0) + 1
    for sector, n in placed.items():
        if n > PER_SECTOR:
            return "placement_limit", {"sector": board.label(sector)}
    wanted: dict[str, int] = {}
    for p in (*builds, *([extra] if extra else [])):
        wanted[p.kind] = wanted.get(p.kind, 0) + 1
    return _mix_problem(situation, wanted)


def _placement_problem(
    situation: Situation, p: Placement, eligible: set[str], closed: str | None
) -> Problem | None:
    """A placement in the sector 10.5 closes, or outside the side's own sectors (6.2)."""
    if p.sector == closed:
        return "sector_restricted", {"sector": situation.board.label(p.sector)}
    if p.sector not in eligible:
        return "placement_not_own_sector", {"sector": situation.board.label(p.sector)}
    return None


def _mix_problem(situation: Situation, wanted: Mapping[str, int]) -> Problem | None:
    """2.3 and 6.6: no more counters than the box holds (interpretation 9)."""
    for kind, n in sorted(wanted.items()):
        if n > situation.left(kind):
            spec = situation.board.kinds[kind]
            left = situation.left(kind)
            return "counter_unavailable", {
                "counter": spec.named,
                "count": spec.count,
                "wanted": n,
                "left": left,
            }
    return None


def produce(
    situation: Situation, side: Side, builds: list[Placement], extra: Placement | None
) -> None:
    """Place what was built (already checked); 6.7: the rest of the budget is lost."""
    for p in builds:
        situation.place(p.sector, side, p.kind)
    if extra is not None:
        situation.place(extra.sector, side, extra.kind)


# --- production of the secret base (7.1–7.4) ---------------------------------------------------


def check_base_production(
    situation: Situation, kinds: list[str], readings: Readings
) -> Problem | None:
    """7.1–7.4: within the base's own value, cruisers (new cruisers once unlocked)."""
    board = situation.board
    allowed = set(BASE_KINDS)
    if readings.base_builds == "also-rebel-kinds":
        allowed |= HEAVY
    for kind in kinds:
        if kind not in allowed:
            return "base_counter_kind", {"counter": board.kinds[kind].named}
        if kind == NEW_CRUISER and not situation.new_cruiser_unlocked:
            return "new_cruiser_locked", {}
    cost = sum(board.kinds[k].price or 0 for k in kinds)
    value = situation.base.value(board)
    if cost > value:
        return "base_over_budget", {"cost": cost, "budget": value}
    return _mix_problem(situation, Counter(kinds))


def produce_on_base(situation: Situation, kinds: list[str]) -> None:
    """7.3: on the base, any number; on the board in its sector once it has appeared."""
    base = situation.base
    for kind in kinds:
        if base.revealed and base.sector is not None:
            situation.place(base.sector, "rebel", kind)
        else:
            base.stock[kind] += 1

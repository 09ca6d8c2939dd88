"""The search and appearance step (10.1–10.7): searches, the base appearing, its roll.

What needs the base's sector is asked only when the sector is known (a revealed base, or a
director's full record); a replay of the empire's view defers those questions until the
commitment is opened.
"""

from __future__ import annotations

from adjudicator.core.i18n import said
from adjudicator.dark_nebula.board import BASE, COMMAND_SHIP
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.state import Problem, Situation

DIE_FACES = range(1, 7)  # 2.4


def search_limit(situation: Situation, readings: Readings) -> int:
    """10.1 (interpretation 2): two with the command ship on the board, else one or none."""
    if situation.fielded["empire"].get(COMMAND_SHIP):
        return 2
    return 1 if readings.search_sectors == "one-without-command-ship" else 0


def check_searches(situation: Situation, sectors: list[str], readings: Readings) -> Problem | None:
    """10.1: each searched sector holds an imperial counter; with two, one of them holds
    the command ship; never more than the limit."""
    board = situation.board
    limit = search_limit(situation, readings)
    if len(sectors) > limit:
        return "too_many_searches", {"limit": limit, "got": len(sectors)}
    imperial = situation.sectors_of("empire")
    for i, sector in enumerate(sectors):
        if sector not in imperial or sector in sectors[:i]:
            return "search_not_allowed", {"sector": board.label(sector)}
    if len(sectors) == 2 and not any(situation.count(s, "empire", COMMAND_SHIP) for s in sectors):
        return "search_not_allowed", {"sector": board.label(sectors[1])}
    return None


def concealment(
    situation: Situation, searched: list[str], revealed_at: str | None
) -> Problem | None:
    """10.2: a search of the base's sector must make it appear there, in this step. Asked
    only once the base's sector is known."""
    sector = situation.base.sector
    if sector is None or situation.base.revealed or sector not in searched:
        return None
    if revealed_at == sector:
        return None
    return "concealed_base", {"sector": situation.board.label(sector)}


def appear(situation: Situation, sector: str) -> Problem | None:
    """10.2/10.3: the base and every counter on it appear in ``sector``; 10.4 fixes its
    value; 10.6: only once."""
    base = situation.base
    if base.revealed:
        return "already_revealed", {}
    base.sector, base.revealed = sector, True
    base.fixed_value = base.value(situation.board)
    situation.place(sector, "rebel", BASE)
    for kind, n in base.stock.items():
        situation.place(sector, "rebel", kind, n)
    base.stock.clear()
    return None


def end_of_step(situation: Situation, roll: int | None) -> Problem | None:
    """The end of the step: 10.5's restriction (interpretation 12: a base on the board),
    and 10.7's roll while the base is hidden (interpretation 13). The roll is checked before
    anything changes."""
    base = situation.base
    if base.revealed:
        if roll is not None:
            return "base_roll", {
                "expected": said("dark_nebula.roll.none_after_appearance"),
                "got": roll,
            }
        held = base.sector is not None and situation.holds(base.sector, "empire")
        situation.restricted = base.sector if held else None
        return None
    if roll is None:
        expected = said("dark_nebula.roll.one_die")
        return "base_roll", {"expected": expected, "got": said("dark_nebula.none")}
    if roll not in DIE_FACES:
        return "die_value", {"value": roll}
    situation.restricted = None
    top = len(situation.board.base_production_table) - 1
    if roll > base.value(situation.board) and base.square < top:
        base.square += 1
    return None

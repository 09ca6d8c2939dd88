"""The situation drawn as text: one row per sector, the base's track below.

A dispute is easier to follow from a table than from a multiset; the rows keep the board's
order, mark nebula sectors, and show both armies side by side.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.dark_nebula.board import COUNTER_IDS
from adjudicator.dark_nebula.state import Situation

ABBREVIATIONS = {
    "imperial_guard": "G",
    "command_ship": "C",
    "secret_base": "B",
    "cruiser": "c",
    "new_cruiser": "n",
    "battleship": "b",
    "guard_ship": "g",
}


def _counters(kinds: Counter[str]) -> str:
    """``G C c2`` for the guard, the command ship and two cruisers, in 2.3's order."""
    parts = []
    for kind in COUNTER_IDS:
        n = kinds[kind]
        if n:
            parts.append(ABBREVIATIONS[kind] + (str(n) if n > 1 else ""))
    return " ".join(parts)


def _base_line(situation: Situation) -> str:
    base = situation.base
    value = base.value(situation.board)
    if base.revealed:
        return f"base: on the board in {base.sector}, production fixed at {value}"
    stock = _counters(base.stock) or "nothing"
    return f"base: hidden, production {value} (square {base.square + 1}), on it: {stock}"


def draw(situation: Situation) -> str:
    """A table of the sectors holding counters, then the base and any 10.5 restriction."""
    rows = []
    for sector in situation.board.sectors:
        empire = _counters(situation.at(sector.id, "empire"))
        rebel = _counters(situation.at(sector.id, "rebel"))
        if not empire and not rebel:
            continue
        mark = "*" if sector.nebula else " "
        rows.append(f"{mark}{sector.id:<10} {sector.production}  {empire:<14} {rebel}")
    head = f" {'sector':<10} P  {'empire':<14} rebel"
    lines = [head, *rows, _base_line(situation)]
    if situation.restricted:
        lines.append(f"10.5: {situation.restricted} closed to the next imperial step")
    legend = " ".join(f"{a}={k}" for k, a in ABBREVIATIONS.items())
    return "\n".join([*lines, f"(* nebula; {legend})"]) + "\n"


def summary(situation: Situation, next_step: str) -> str:
    """One line: the next step and who stands where."""
    parts = []
    for sector in situation.board.sectors:
        sides = [
            f"{side[0]}:{_counters(situation.at(sector.id, side)).replace(' ', ',')}"
            for side in ("empire", "rebel")
            if situation.at(sector.id, side)
        ]
        if sides:
            parts.append(f"{sector.id}[{' '.join(sides)}]")
    return f"next {next_step}; " + " ".join(parts)

"""A position drawn as text: the physical points in black's numbering, both sides' pieces.

Under the two-rows geometry the outer row and the inner row are drawn as two lines, each
from black's lower numbers; under one loop, one line of twelve. Start and home are counted
beside.
"""

from __future__ import annotations

from adjudicator.astro_stra.board import HOME, START, Position, opposite
from adjudicator.astro_stra.readings import Geometry


def _cell(position: Position, point: int, geometry: Geometry) -> str:
    black = position.count("black", point)
    white = position.count("white", opposite(point, geometry))
    if black:
        return f"b{black}"
    if white:
        return f"w{white}"
    return "."


def draw(position: Position, geometry: Geometry = "two-rows") -> str:
    rows = [range(1, 7), range(7, 13)] if geometry == "two-rows" else [range(1, 13)]
    lines = []
    for points in rows:
        head = " ".join(f"{p:>3}" for p in points)
        cells = " ".join(f"{_cell(position, p, geometry):>3}" for p in points)
        lines += [f"black's point {head}", f"              {cells}"]
    for side in ("black", "white"):
        lines.append(
            f"{side}: start {position.count(side, START)}, home {position.count(side, HOME)}"
        )
    return "\n".join(lines) + "\n"

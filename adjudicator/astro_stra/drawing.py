"""A position drawn as text: the physical points in black's numbering, both sides' pieces.

Under the two-rows geometry the outer row and the inner row are drawn as two lines, each
from black's lower numbers; under one loop, one line of twelve. Start and home are counted
beside.
"""

from __future__ import annotations

from adjudicator.astro_stra.board import HOME, START, Position, opposite
from adjudicator.astro_stra.readings import Geometry
from adjudicator.core.i18n import Lang

#: The drawing's words: 振り出し (start) and 上がり (home) are the rulebook's terms.
WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "points": "black's point",
        "black": "black",
        "white": "white",
        "count": "{side}: start {start}, home {home}",
    },
    "ja": {
        "points": "黒の番号     ",
        "black": "黒",
        "white": "白",
        "count": "{side}: 振り出し {start}、上がり {home}",
    },
}


def _cell(position: Position, point: int, geometry: Geometry) -> str:
    black = position.count("black", point)
    white = position.count("white", opposite(point, geometry))
    if black:
        return f"b{black}"
    if white:
        return f"w{white}"
    return "."


def draw(position: Position, geometry: Geometry = "two-rows", lang: Lang = "en") -> str:
    words = WORDS[lang]
    rows = [range(1, 7), range(7, 13)] if geometry == "two-rows" else [range(1, 13)]
    lines = []
    for points in rows:
        head = " ".join(f"{p:>3}" for p in points)
        cells = " ".join(f"{_cell(position, p, geometry):>3}" for p in points)
        lines += [f"{words['points']} {head}", f"              {cells}"]
    for side in ("black", "white"):
        count = words["count"].format(
            side=words[side], start=position.count(side, START), home=position.count(side, HOME)
        )
        lines.append(count)
    return "\n".join(lines) + "\n"

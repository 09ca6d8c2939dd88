"""Terminal drawings of positions: the three orbits as rows, sectors 0–11 as columns.

Gates are bracketed (they are fixed marks, 第2条), the last action's destination carries a
``*`` and a rotated orbit an arrow, so a person sees at a glance what happened where. The
drawing is a rich ``Text``: coloured on a terminal, plain in files and snapshots.
"""

from __future__ import annotations

from rich.text import Text

from adjudicator.core.i18n import Lang
from adjudicator.orbit_dominion.actions import ROTATE, Action
from adjudicator.orbit_dominion.board import (
    BLUE,
    ORBITS,
    OWN_GATES,
    RED,
    SECTORS_PER_ORBIT,
    SIDE_NAMES,
    bit,
    sector,
)
from adjudicator.orbit_dominion.position import Position

_STYLE = {"r": "red", "R": "bold red", "b": "blue", "B": "bold blue", ".": "dim"}
_GLYPH = {".": "·"}
GATES = OWN_GATES[RED] | OWN_GATES[BLUE]


def draw(position: Position, last: Action | None = None) -> Text:
    """The board, with the last action marked when given."""
    out = Text()
    out.append("     " + "".join(f"{n:^4}" for n in range(SECTORS_PER_ORBIT)).rstrip() + "\n")
    for o, name in enumerate(ORBITS):
        arrow = "  "
        if last is not None and last.kind == ROTATE and last.src == o:
            arrow = " ↻" if last.dst > 0 else " ↺"
        out.append(f"{name}{arrow}  ")
        for n in range(SECTORS_PER_ORBIT):
            s = sector(o, n)
            ch = position.cell(s)
            gate = bool(GATES & bit(s))
            marked = last is not None and last.kind != ROTATE and last.dst == s
            out.append("[" if gate else " ", style="dim")
            out.append(_GLYPH.get(ch, ch), style=_STYLE[ch])
            if gate:
                out.append("]", style="dim")
            out.append("*" if marked else " ", style="bold yellow")
            if not gate:
                out.append(" ")
        out.rstrip()
        out.append("\n")
    return out


_SIDE_JA = ("赤", "青")


def caption(position: Position, lang: Lang = "en") -> str:
    """Side to move, actions made, pending claim and normal ships, in one line."""
    red, blue = position.normal_ships(RED), position.normal_ships(BLUE)
    if lang == "ja":
        side = _SIDE_JA[position.turn]
        claim = f"{side}の星門制圧主張あり" if position.claim else "星門制圧の主張なし"
        return f"{side}の手番 · {position.ply}手目まで · {claim} · 通常船 赤{red} 青{blue}"
    claim = SIDE_NAMES[position.turn] if position.claim else "none"
    return (
        f"{SIDE_NAMES[position.turn]} to move · ply {position.ply} · claim {claim} · "
        f"normal ships red {red}, blue {blue}"
    )

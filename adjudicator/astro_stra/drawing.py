"""A position drawn as text: the physical points in black's numbering, both sides' pieces.

Under the two-rows geometry the outer row and the inner row are drawn as two lines, each
from black's lower numbers; under one loop, one line of twelve. Start and home are counted
beside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.astro_stra.board import HOME, START, Position, opposite
from adjudicator.astro_stra.readings import Geometry
from adjudicator.core.i18n import Lang

if TYPE_CHECKING:
    from adjudicator.astro_stra.turn import Game

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


#: The one-line position: the board and the dice in notation, the words around them in the
#: report's language. ホールド is the rulebook's word for a held die (Trihaira, Cetustein).
LINE_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "setup": "set-up; {position}",
        "turn": "{position}; {side} to move; held: {holds}",
        "hold": "{owner} {die}",
        "none": "none",
        "silenced": "no skill next turn: {sides}",
        "once_used": "once-per-game skill spent: {sides}",
        "and": ", ",
    },
    "ja": {
        "setup": "準備; {position}",
        "turn": "{position}; {side}の手番; ホールド: {holds}",
        "hold": "{owner}の {die}",
        "none": "なし",
        "silenced": "次のターンはスキル不可: {sides}",
        "once_used": "蛇牙・Artemis 使用済み: {sides}",
        "and": "、",
    },
}


def summary(game: Game | None, start: Position, lang: Lang = "en") -> str:
    """One line: the position in notation, whose turn, the held dice (``colour=pips``) and
    the skills a side may not use; in English, the text engines and records compare."""
    words, names = LINE_WORDS[lang], WORDS[lang]
    if game is None:
        return words["setup"].format(position=start.text())
    holds = words["and"].join(
        words["hold"].format(owner=names[h.owner], die=f"{h.colour}={h.pips}") for h in game.holds
    )
    text = words["turn"].format(
        position=game.position.text(), side=names[game.to_move], holds=holds or words["none"]
    )
    for key, sides in (("silenced", game.silenced), ("once_used", game.once_used)):
        if sides:
            listed = words["and"].join(names[side] for side in sorted(sides))
            text += "; " + words[key].format(sides=listed)
    return text


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

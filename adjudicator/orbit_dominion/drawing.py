"""Terminal drawings of positions: the three orbits as rows, sectors 0–11 as columns.

Gates are bracketed (they are fixed marks, 第2条), the last action's destination carries a
``*`` and a rotated orbit an arrow, so a person sees at a glance what happened where. The
drawing is a list of pieces of text and style: a rich ``Text`` coloured on a terminal, the
bare text in a verdict, in files and in snapshots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang, say
from adjudicator.core.write.output import bare
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

if TYPE_CHECKING:
    from rich.text import Text

    from adjudicator.core.judge.outcome import Outcome

_STYLE = {"r": "red", "R": "bold red", "b": "blue", "B": "bold blue", ".": "dim"}
_GLYPH = {".": "·"}
GATES = OWN_GATES[RED] | OWN_GATES[BLUE]

#: A piece of the drawing: its text and its rich style ("" for none).
Piece = tuple[str, str]


def pieces(position: Position, last: Action | None = None) -> list[Piece]:
    """The board as pieces of text and style, with the last action marked when given:
    what :func:`draw` colours and :func:`plain` writes as it is."""
    out: list[Piece] = [
        ("     " + "".join(f"{n:^4}" for n in range(SECTORS_PER_ORBIT)).rstrip() + "\n", "")
    ]
    for o, name in enumerate(ORBITS):
        arrow = "  "
        if last is not None and last.kind == ROTATE and last.src == o:
            arrow = " ↻" if last.dst > 0 else " ↺"
        row: list[Piece] = [(f"{name}{arrow}  ", "")]
        for n in range(SECTORS_PER_ORBIT):
            s = sector(o, n)
            ch = position.cell(s)
            gate = bool(GATES & bit(s))
            marked = last is not None and last.kind != ROTATE and last.dst == s
            row.append(("[" if gate else " ", "dim"))
            row.append((_GLYPH.get(ch, ch), _STYLE[ch]))
            if gate:
                row.append(("]", "dim"))
            row.append(("*" if marked else " ", "bold yellow"))
            if not gate:
                row.append((" ", ""))
        while not row[-1][0].strip():  # a row ends at its last mark
            row.pop()
        out += row
        out.append(("\n", ""))
    return out


def draw(position: Position, last: Action | None = None) -> Text:
    """The drawing as a rich ``Text``, coloured on a terminal."""
    from rich.text import Text

    return Text.assemble(*pieces(position, last))


def plain(position: Position, last: Action | None = None) -> str:
    """The drawing's text alone, as a verdict shows it: no rich needed."""
    return bare(pieces(position, last))


def caption(position: Position, lang: Lang = "en", decided: Outcome | None = None) -> str:
    """Side to move, actions made, pending claim and normal ships, in one line; once the
    game is ``decided`` no side is to move (第8条): who won, how and when, and the normal
    ships."""
    # here, not at the top: perft draws positions without loading the rules
    from adjudicator.core.judge.plies import ply_name
    from adjudicator.orbit_dominion.references import rule_data

    red, blue = position.normal_ships(RED), position.normal_ships(BLUE)
    if decided is not None:
        from adjudicator.core.write.report import outcome_line

        won = outcome_line(rule_data(), decided, lang)
        return f"{won} · {_ships(red, blue, lang)}"
    ply = ply_name(rule_data().counting, position.ply + 1, lang)
    side = rule_data().side_name(SIDE_NAMES[position.turn], lang)
    claim = (
        say("orbit_dominion.drawing.claim", lang, side=side)
        if position.claim
        else say("orbit_dominion.drawing.no_claim", lang)
    )
    ships = _ships(red, blue, lang)
    return say("orbit_dominion.drawing.caption", lang, side=side, ply=ply, claim=claim, ships=ships)


def _ships(red: int, blue: int, lang: Lang) -> str:
    """The normal ships each side has (what the 120-action limit counts, 第8条): the words,
    then the counts, set apart by a space in both languages (「通常船 赤5 青5」)."""
    counts = say("orbit_dominion.drawing.counts", lang, red=red, blue=blue)
    return f"{say('orbit_dominion.drawing.ships', lang)} {counts}"

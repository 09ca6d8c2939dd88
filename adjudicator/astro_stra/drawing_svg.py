"""Positions drawn as SVG from black's side of the board: the points, each side's start and
home, the pieces as stacks, the dice of the turn in their S/T/A frames, held dice, and the
moves of the turn as arrows.

Under the two-rows geometry black travels the outer row (its points 1–6) left to right and
the inner row (7–12) right to left, as on half a backgammon board; white travels the same
points the other way (its point ``p`` is black's :func:`~adjudicator.astro_stra.board.opposite`),
so its start lies right of the outer row and its home right of the inner row. Under one loop
the twelve points are one row. Black pieces are black discs marked ``B``, white pieces
white discs marked ``W``, as the rulebook's pieces are (「盤上の黒いコマが先手、白いコマが後手
の物です」); the letters tell the sides apart without colour too. A die is drawn in its colour
with the pips it showed once the turn's skills were used.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from adjudicator.astro_stra.board import HOME, SIDES, START, Position, Side, opposite
from adjudicator.astro_stra.readings import Geometry
from adjudicator.astro_stra.references import colour_name
from adjudicator.astro_stra.skills import Hold
from adjudicator.astro_stra.turn import TurnPlay
from adjudicator.core.i18n import Lang, say
from adjudicator.core.write.svg import (
    ARROW_DEFS,
    ARROW_STYLE,
    FONT_FAMILY,
    Picture,
    attributes,
    num,
    text,
)

CELL = 62
LEFT, TOP = 20, 40
ROW_H = 150
DICE_H = 130
#: Each die's body and pips as the rulebook's table of colours names them (赤色, 緑色, 青色,
#: 水色, 紫色, 黄色, 透明, オレンジ色): 黒色白目 and 黒色赤目 are black dice, one with white pips,
#: the other with red ones.
DIE_COLOURS: dict[str, tuple[str, str]] = {
    "red": ("#d32f2f", "#fff"),
    "green": ("#388e3c", "#fff"),
    "blue": ("#1976d2", "#fff"),
    "cyan": ("#26c6da", "#000"),
    "purple": ("#7b1fa2", "#fff"),
    "yellow": ("#fdd835", "#000"),
    "black-white": ("#212121", "#fff"),
    "black-red": ("#212121", "#ff5252"),
    "clear": ("#f5f5f5", "#000"),
    "orange": ("#fb8c00", "#000"),
}
#: Each side as the picture names it, by its id in the catalogue (the picture's other
#: words are ``astro_stra.svg.*``).
_SIDE = {"black": "astro_stra.side.black", "white": "astro_stra.side.white"}
#: The places off the board, start and home (the rulebook's 振り出し and 上がり).
_OFF_BOARD = {START: "astro_stra.svg.start", HOME: "astro_stra.svg.home"}


def _rows(geometry: Geometry) -> int:
    return 2 if geometry == "two-rows" else 1


def size(geometry: Geometry) -> tuple[int, int]:
    columns = 8 if geometry == "two-rows" else 14
    return LEFT * 2 + columns * CELL, TOP + _rows(geometry) * ROW_H + DICE_H


def place(side: Side, point: int, geometry: Geometry) -> tuple[float, float, int]:
    """The column's centre x, the row's baseline y and the direction stacks grow (−1 up,
    +1 down) for ``side``'s own ``point`` (0 start, 13 home)."""
    two = geometry == "two-rows"
    if START < point < HOME:
        black = point if side == "black" else opposite(point, geometry)
        if two:
            col, row = (black, 0) if black <= 6 else (13 - black, 1)
        else:
            col, row = black, 0
    elif two:
        col = 0 if side == "black" else 7
        row = 0 if point == START else 1
    else:
        col = (0 if point == START else 13) if side == "black" else (13 if point == START else 0)
        row = 0
    x = LEFT + col * CELL + CELL / 2
    top_of_row = TOP + (_rows(geometry) - 1 - row) * ROW_H
    if two:
        # the outer row (row 0) below, stacks growing up; the inner row above, growing down
        return (x, top_of_row + ROW_H - 12, -1) if row == 0 else (x, top_of_row + 12, 1)
    return (x, top_of_row + ROW_H - 12, -1) if side == "black" else (x, top_of_row + 12, 1)


def _board(geometry: Geometry, lang: Lang) -> str:
    width, height = size(geometry)
    parts = [
        "<defs>",
        ARROW_DEFS,
        "</defs>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    for side in SIDES:
        for point in range(START, HOME + 1):
            x, y, grow = place(side, point, geometry)
            if side == "white" and START < point < HOME:
                continue  # the same physical point as black's, drawn once
            tip = y + grow * (ROW_H - 30)
            off_board = point in (START, HOME)
            if off_board:
                parts.append(
                    f'<rect x="{num(x - CELL / 2 + 3)}" y="{num(min(y, tip) - 4)}" '
                    f'width="{CELL - 6}" height="{num(abs(tip - y) + 8)}" rx="6" fill="#eceff1" '
                    f'stroke="#90a4ae" stroke-dasharray="4 3"/>'
                )
            else:
                fill = "#d7ccc8" if point % 2 else "#a1887f"
                parts.append(
                    f'<path d="M{num(x - CELL / 2 + 2)} {num(y + grow * -6)}'
                    f'L{num(x + CELL / 2 - 2)} {num(y + grow * -6)}L{num(x)} {num(tip)}Z" '
                    f'fill="{fill}" data-point="{point}"/>'
                )
            label_y = y + 20 if grow < 0 else y - 14
            label = (
                f"{say(_OFF_BOARD[point], lang)} ({say(_SIDE[side], lang)})"
                if off_board
                else str(point)
            )
            parts.append(
                text(
                    x,
                    label_y,
                    label,
                    font_size=10 if off_board else 12,
                    text_anchor="middle",
                    fill="#555",
                    font_family=FONT_FAMILY,
                )
            )
    return "".join(parts)


_BOARDS: dict[tuple[Geometry, Lang], str] = {}


def board_layer(geometry: Geometry, lang: Lang) -> str:
    key = (geometry, lang)
    if key not in _BOARDS:
        _BOARDS[key] = _board(geometry, lang)
    return _BOARDS[key]


@cache
def _stack(side: Side, point: int, n: int, geometry: Geometry) -> str:
    x, y, grow = place(side, point, geometry)
    fill, ink, stroke = ("#111", "#fff", "#fff") if side == "black" else ("#fff", "#111", "#111")
    letter = "B" if side == "black" else "W"
    out = [f'<g data-side="{side}" data-point="{point}" data-count="{n}">']
    for i in range(min(n, 5)):
        cy = y + grow * (13 + i * 24)
        out.append(
            f'<circle cx="{num(x)}" cy="{num(cy)}" r="12" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="2"/><text x="{num(x)}" y="{num(cy + 4)}" font-size="11" '
            f'text-anchor="middle" fill="{ink}" font-family="{FONT_FAMILY}">{letter}</text>'
        )
    if n > 1:
        cy = y + grow * (13 + min(n, 5) * 24)
        out.append(
            text(
                x,
                cy + 4,
                f"×{n}",
                font_size=12,
                font_weight="bold",
                text_anchor="middle",
                font_family=FONT_FAMILY,
            )
        )
    out.append("</g>")
    return "".join(out)


@cache
def _die(x: float, y: float, colour: str, pips: int, lang: Lang, *, held: bool = False) -> str:
    """A die in its colour with its pips as a numeral in the pips' colour."""
    fill, ink = DIE_COLOURS.get(colour, ("#9e9e9e", "#000"))
    dash = ' stroke-dasharray="5 3"' if held else ""
    return (
        f'<g data-die="{colour}" data-pips="{pips}">'
        f'<rect x="{num(x)}" y="{num(y)}" width="36" height="36" rx="6" fill="{fill}"/>'
        f'<rect x="{num(x)}" y="{num(y)}" width="36" height="36" rx="6" fill="none" '
        f'stroke="#000" stroke-width="{2.5 if held else 1.5}"{dash}/>'
        f'<text x="{num(x + 18)}" y="{num(y + 25)}" font-size="20" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}" stroke="{fill}" stroke-width="0.5" '
        f'paint-order="stroke" font-family="{FONT_FAMILY}">{pips}</text>'
        + text(
            x + 18,
            y + 50,
            colour_name(colour, lang),
            font_size=9,
            text_anchor="middle",
            fill="#333",
            font_family=FONT_FAMILY,
        )
        + "</g>"
    )


def _dice(
    play: TurnPlay | None,
    settled: Mapping[str, int],
    holds: tuple[Hold, ...],
    geometry: Geometry,
    lang: Lang,
) -> list[str]:
    """The turn's dice in their S, T and A frames, each with the pips ``settled`` gives it
    (the pips once step 3's skills were used) and, when a skill changed them, the pips it
    was rolled with; then the dice held for a later turn."""
    y = TOP + _rows(geometry) * ROW_H + 44
    out = []
    if play is not None:
        out.append(
            text(
                LEFT,
                y - 8,
                f"{say(_SIDE[play.side], lang)} · {say('astro_stra.svg.dice', lang)}",
                font_size=12,
                font_family=FONT_FAMILY,
                fill="#333",
            )
        )
        rolled = dict(play.dice)
        for i, (slot, colour) in enumerate(zip("STA", play.slots, strict=True)):
            x = LEFT + i * 70
            out.append(
                f'<rect x="{x}" y="{y}" width="60" height="76" rx="6" fill="none" '
                f'stroke="#555" data-slot="{slot}"/>'
            )
            out.append(
                text(x + 6, y + 14, slot, font_size=13, font_weight="bold", font_family=FONT_FAMILY)
            )
            pips = settled.get(colour, rolled.get(colour, 0))
            out.append(_die(x + 18, y + 8, colour, pips, lang))
            if pips != rolled.get(colour, pips):
                was = say("astro_stra.svg.rolled", lang, pips=rolled[colour])
                out.append(
                    text(
                        x + 30,
                        y + 71,
                        was,
                        font_size=9,
                        text_anchor="middle",
                        font_family=FONT_FAMILY,
                        data_rolled=slot,
                    )
                )
    if holds:
        x0 = LEFT + 240
        out.append(
            text(
                x0,
                y - 8,
                say("astro_stra.svg.held", lang),
                font_size=12,
                font_family=FONT_FAMILY,
                fill="#333",
            )
        )
        for i, hold in enumerate(holds):
            x = x0 + i * 110
            owner = say(_SIDE[hold.owner], lang)
            out.append(f'<g data-held="{hold.owner}:{hold.colour}">')
            out.append(_die(x, y + 8, hold.colour, hold.pips, lang, held=True))
            where = f"{owner} {hold.slot}" if hold.slot else owner
            out.append(text(x + 42, y + 30, where, font_size=11, font_family=FONT_FAMILY))
            out.append("</g>")
    return out


def _moves(play: TurnPlay | None, style: str, geometry: Geometry) -> list[str]:
    if play is None:
        return []
    out = []
    for src, dst in play.moves:
        try:
            x0, y0, g0 = place(play.side, src, geometry)
            x1, y1, g1 = place(play.side, dst, geometry)
        except ValueError:
            continue  # a point no board has: the event text says it
        y0, y1 = y0 + g0 * 40, y1 + g1 * 40
        bend = -50 if abs(y1 - y0) < 1 else 0
        mx, my = (x0 + x1) / 2 + (30 if bend == 0 and abs(x1 - x0) < 1 else 0), (y0 + y1) / 2 + bend
        out.append(
            f"<path{attributes(class_=f'action-{style}', data_action=f'{src}>{dst}')} "
            f'd="M{num(x0)} {num(y0)}Q{num(mx)} {num(my)} {num(x1)} {num(y1)}" '
            f"{ARROW_STYLE[style]}/>"
        )
    return out


def describe(position: Position, geometry: Geometry, lang: Lang = "en") -> str:
    parts = []
    for side in SIDES:
        counts = position.counts(side)
        on_points = ", ".join(f"{p}×{counts[p]}" for p in range(1, 13) if counts[p])
        parts.append(
            f"{say(_SIDE[side], lang)}: {say('astro_stra.svg.start', lang)} {counts[START]}, "
            f"{say('astro_stra.svg.home', lang)} {counts[HOME]}, "
            f"{say('astro_stra.svg.point', lang)} {on_points or '—'}"
        )
    return "; ".join(parts) + "."


def picture(
    position: Position,
    *,
    geometry: Geometry = "two-rows",
    last: TurnPlay | None = None,
    refused: TurnPlay | None = None,
    holds: tuple[Hold, ...] = (),
    settled: Mapping[str, int] | None = None,
    title: str = "",
    lang: Lang = "en",
) -> Picture:
    """The position as a :class:`~adjudicator.core.write.svg.Picture`; ``last`` the turn that led
    to it (its dice and moves drawn), ``refused`` a turn refused here, ``holds`` the dice
    held for the next turn, ``settled`` the pips of the drawn turn's dice once its skills
    were used, by colour (without it, the dice are drawn as rolled)."""
    width, height = size(geometry)
    layer = ['<g class="position">']
    for side in SIDES:
        for point, n in enumerate(position.counts(side)):
            if n:
                layer.append(_stack(side, point, n, geometry))
    layer += _dice(refused or last, settled or {}, holds, geometry, lang)
    layer += _moves(last, "last", geometry)
    layer += _moves(refused, "bad", geometry)
    layer.append("</g>")
    heading = title or say("astro_stra.svg.title", lang)
    return Picture(
        width,
        height,
        heading,
        describe(position, geometry, lang),
        board_layer(geometry, lang),
        tuple(layer),
    )


def drawing_svg(
    position: Position,
    *,
    geometry: Geometry = "two-rows",
    last: TurnPlay | None = None,
    refused: TurnPlay | None = None,
    holds: tuple[Hold, ...] = (),
    title: str = "",
    lang: Lang = "en",
) -> str:
    """The position as a standalone SVG document (see :func:`picture`).

    >>> from adjudicator.astro_stra.board import start_position
    >>> svg = drawing_svg(start_position())
    >>> svg.count('data-side="black"'), svg.count('data-side="white"')
    (3, 3)
    """
    return picture(
        position, geometry=geometry, last=last, refused=refused, holds=holds, title=title, lang=lang
    ).svg()

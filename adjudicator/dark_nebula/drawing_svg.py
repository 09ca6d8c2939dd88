"""The situation drawn as SVG: the board definition's fourteen sectors and their neighbours,
each sector's counters as stacks per side, the secret base's production track.

A sector is a box with its printed name, its id and its production value; nebula sectors
(8.3) are shaded dark. Each side's counters are drawn in the colour 2.3 gives them
(「色が赤は帝国軍、青は反乱軍です」), so the picture reads as the counters on the table do, and
a legend under the board names the sides with their colours. Imperial counters are squares,
rebel counters circles, each with its letter (the text drawing's abbreviations) and a count,
so the sides differ without colour too.
Where a sector is drawn comes from the definition (``Sector.at``); a definition without
positions is laid out on a circle, and the shipped default has a layout of its own here.

A picture never shows the hidden base's sector: only a base on the board (10.2, 10.3) is
drawn, so a picture of a director's full record is as public as the redacted record.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

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
from adjudicator.dark_nebula.board import ABBREVIATIONS, COUNTER_IDS, SIDES, BoardDefinition, Side
from adjudicator.dark_nebula.record import Combat, GameEvent, Movement, Production, Search, Setup
from adjudicator.dark_nebula.state import Situation

WIDTH, HEIGHT = 760, 570
BOX_W, BOX_H = 132, 84
TRACK_Y = 500
LEGEND_Y = HEIGHT - 22
#: 2.3: 「色が赤は帝国軍、青は反乱軍です」 — red for the empire, blue for the rebels.
COLOURS: dict[Side, str] = {"empire": "#c62828", "rebel": "#1565c0"}
#: Each side's name, and with its colour as 2.3 names it (the legend).
SIDE_WORDS: dict[Side, str] = {
    "empire": "dark_nebula.svg.side.empire",
    "rebel": "dark_nebula.svg.side.rebel",
}
LEGEND_WORDS: dict[Side, str] = {
    "empire": "dark_nebula.svg.legend.empire",
    "rebel": "dark_nebula.svg.legend.rebel",
}

#: A readable layout of the shipped default board (``default/2011-placeholders-2``), on a
#: grid of five columns and four rows: neighbours side by side wherever the graph allows.
DEFAULT_LAYOUT: dict[str, tuple[float, float]] = {
    "sector-9": (1.0, 0.0),
    "zarek": (2.5, 0.0),
    "earth": (4.0, 0.0),
    "nafaelas": (0.0, 1.0),
    "tyrann": (1.5, 1.0),
    "radia": (3.0, 1.0),
    "raigerin": (4.0, 1.6),
    "raibia": (0.6, 2.0),
    "imobu": (2.0, 2.0),
    "nebula-3": (0.0, 3.0),
    "nebula-1": (1.0, 3.0),
    "nebula-2": (2.0, 3.0),
    "nebula-5": (3.0, 3.0),
    "nebula-4": (4.0, 3.0),
}


def layout(board: BoardDefinition) -> dict[str, tuple[float, float]]:
    """The centre of each sector's box, in picture coordinates."""
    given = {s.id: s.at for s in board.sectors if s.at is not None}
    if len(given) == len(board.sectors):
        return {
            k: (40 + v[0] * (WIDTH - 80) / 100, 40 + v[1] * (TRACK_Y - 100) / 100)
            for k, v in given.items()
        }
    if set(DEFAULT_LAYOUT) == {s.id for s in board.sectors}:
        left, top = BOX_W / 2 + 10, BOX_H / 2 + 10
        dx, dy = (WIDTH - 2 * left) / 4, (TRACK_Y - 40 - 2 * top) / 3
        return {k: (left + x * dx, top + y * dy) for k, (x, y) in DEFAULT_LAYOUT.items()}
    n = len(board.sectors)
    cx, cy, r = WIDTH / 2, (TRACK_Y - 40) / 2, min(WIDTH, TRACK_Y) / 2 - BOX_H
    return {
        s.id: (cx + r * math.sin(2 * math.pi * i / n), cy - r * math.cos(2 * math.pi * i / n))
        for i, s in enumerate(board.sectors)
    }


def _shape(x: float, y: float, side: Side) -> str:
    """A counter's shape in its side's colour: a square (empire) or a disc (rebels)."""
    colour = COLOURS[side]
    if side == "empire":
        return f'<rect x="{num(x - 10)}" y="{num(y - 10)}" width="20" height="20" fill="{colour}"/>'
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="10.5" fill="{colour}"/>'


def _legend(lang: Lang) -> str:
    """The sides as 2.3 colours them, each with its counters' shape, under the board."""
    parts = [f'<g class="legend" font-family="{FONT_FAMILY}" font-size="13">']
    for i, side in enumerate(SIDES):
        x = 30 + i * 180
        parts.append(f'<g data-legend="{side}">{_shape(x, LEGEND_Y, side)}')
        parts.append(text(x + 18, LEGEND_Y + 5, say(LEGEND_WORDS[side], lang), fill="#222"))
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def _board(board: BoardDefinition, lang: Lang) -> str:
    where = layout(board)
    parts = [
        "<defs>",
        ARROW_DEFS,
        "</defs>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
    ]
    done = set()
    for s in board.sectors:
        for n in s.neighbours:
            edge = tuple(sorted((s.id, n)))
            if edge in done:
                continue
            done.add(edge)
            (x0, y0), (x1, y1) = where[s.id], where[n]
            parts.append(
                f'<line x1="{num(x0)}" y1="{num(y0)}" x2="{num(x1)}" y2="{num(y1)}" '
                'stroke="#b0b0b0" stroke-width="3"/>'
            )
    for s in board.sectors:
        x, y = where[s.id]
        fill, ink = ("#3b3f58", "#fff") if s.nebula else ("#f4f4ef", "#222")
        box = attributes(x=x - BOX_W / 2, y=y - BOX_H / 2, width=BOX_W, height=BOX_H)
        nebula = ' data-nebula="true"' if s.nebula else ""
        parts.append(
            f'<rect{box} rx="8" fill="{fill}" stroke="#777" data-sector="{s.id}"{nebula}/>'
        )
        parts.append(
            text(
                x - BOX_W / 2 + 6,
                y - BOX_H / 2 + 15,
                s.name,
                font_size=13,
                font_weight="bold",
                fill=ink,
                font_family=FONT_FAMILY,
            )
        )
        parts.append(
            text(
                x - BOX_W / 2 + 6,
                y - BOX_H / 2 + 27,
                s.id,
                font_size=9,
                fill=ink,
                font_family="monospace",
            )
        )
        parts.append(
            text(
                x + BOX_W / 2 - 6,
                y - BOX_H / 2 + 15,
                f"P{s.production}",
                font_size=12,
                text_anchor="end",
                fill=ink,
                font_family=FONT_FAMILY,
            )
        )
    parts.append(_legend(lang))
    return "".join(parts)


_BOARDS: dict[tuple[str, tuple[object, ...], Lang], str] = {}


def board_layer(board: BoardDefinition, lang: Lang = "en") -> str:
    """The board's part of every picture on it, its legend included, made once per
    definition, layout (the digest leaves the layout out) and language."""
    key = (board.sha256, tuple(s.at for s in board.sectors), lang)
    if key not in _BOARDS:
        _BOARDS[key] = _board(board, lang)
    return _BOARDS[key]


@cache
def _chip(x: float, y: float, side: Side, kind: str, n: int, sector: str) -> str:
    """One kind of counter of one side: a square (empire) or a disc (rebels) with its
    letter, the count as a badge when more than one."""
    badge = (
        text(
            x + 10,
            y - 6,
            str(n),
            font_size=10,
            font_weight="bold",
            fill="#000",
            font_family=FONT_FAMILY,
            paint_order="stroke",
            stroke="#fff",
            stroke_width=3,
        )
        if n > 1
        else ""
    )
    return (
        f'<g data-side="{side}" data-kind="{kind}" data-count="{n}" data-sector="{sector}">'
        f"{_shape(x, y, side)}"
        f'<text x="{num(x)}" y="{num(y + 4.5)}" font-size="13" font-weight="bold" '
        f'text-anchor="middle" fill="#fff" font-family="{FONT_FAMILY}">{ABBREVIATIONS[kind]}</text>'
        f"{badge}</g>"
    )


def _stacks(situation: Situation, where: dict[str, tuple[float, float]]) -> list[str]:
    """Each sector's counters: the empire's on one line, the rebels' on the next."""
    out = []
    for s in situation.board.sectors:
        x, y = where[s.id]
        for line, side in enumerate(SIDES):
            kinds = situation.at(s.id, side)
            present = [k for k in COUNTER_IDS if kinds[k]]
            for i, kind in enumerate(present):
                cx = x - BOX_W / 2 + 16 + i * 30
                cy = y - BOX_H / 2 + 44 + line * 25
                out.append(_chip(cx, cy, side, kind, kinds[kind], s.id))
    return out


def _track(situation: Situation, lang: Lang) -> list[str]:
    """The secret base's production track (2.2), its square marked; where the base is
    hidden stays unsaid."""
    base = situation.base
    table = situation.board.base_production_table
    label = say("dark_nebula.svg.track", lang)
    out = [text(20, TRACK_Y + 5, label, font_size=13, font_family=FONT_FAMILY, fill="#222")]
    for i, value in enumerate(table):
        x = 200 + i * 34
        current = i == base.square and base.fixed_value is None
        fill, mark = ("#ffd54f", ' data-current="true"') if current else ("#eee", "")
        out.append(
            f'<rect x="{x}" y="{TRACK_Y - 13}" width="28" height="26" rx="4" '
            f'fill="{fill}" stroke="#777"{mark}/>'
        )
        out.append(
            text(
                x + 14,
                TRACK_Y + 5,
                str(value),
                font_size=13,
                text_anchor="middle",
                font_family=FONT_FAMILY,
            )
        )
    x = 210 + len(table) * 34
    if base.revealed:
        value = base.value(situation.board)
        state = say("dark_nebula.svg.revealed", lang, sector=base.sector, value=value)
    else:
        stock = " ".join(
            ABBREVIATIONS[k] + (str(n) if n > 1 else "") for k, n in base.stock.items() if n
        )
        state = say("dark_nebula.svg.hidden", lang) + (f" · {stock}" if stock else "")
    out.append(
        text(
            x,
            TRACK_Y + 5,
            state,
            font_size=12,
            font_family=FONT_FAMILY,
            fill="#444",
            data_base="revealed" if base.revealed else "hidden",
        )
    )
    return out


def _event_marks(
    event: GameEvent | None, style: str, where: dict[str, tuple[float, float]]
) -> list[str]:
    """An event drawn: moves as arrows, builds, battles and searches as ringed sectors."""
    if event is None:
        return []
    out = []
    if isinstance(event, Movement):
        for m in event.moves:
            if m.src in where and m.dst in where:
                (x0, y0), (x1, y1) = where[m.src], where[m.dst]
                dx, dy = x1 - x0, y1 - y0
                length = max(math.hypot(dx, dy), 1.0)
                t = min(0.3, 40 / length)
                action = f"{m.counter} {m.src}-{m.dst}"
                out.append(
                    f"<path{attributes(class_=f'action-{style}', data_action=action)} "
                    f'd="M{num(x0 + dx * t)} {num(y0 + dy * t)}L{num(x1 - dx * t)} '
                    f'{num(y1 - dy * t)}" {ARROW_STYLE[style]}/>'
                )
    marked: Iterable[str] = ()
    if isinstance(event, Production):
        marked = [p.sector for p in (*event.builds, *([event.extra] if event.extra else []))]
    elif isinstance(event, Combat):
        marked = [b.sector for b in event.battles]
    elif isinstance(event, Search):
        marked = list(event.searches)
    elif isinstance(event, Setup):
        marked = [p.sector for p in event.rebel]
    elif isinstance(event, Movement):
        marked = [a.to for a in event.appearances]
    colour = "#e69f00" if style == "last" else "#6a1b9a"
    mark = "searched" if isinstance(event, Search) else event.phase
    dashed = ' stroke-dasharray="7 4"' if style == "bad" else ""
    for sector in dict.fromkeys(marked):
        if sector in where:
            x, y = where[sector]
            out.append(
                f"<rect{attributes(class_=f'mark-{mark} action-{style}', data_sector=sector)} "
                f'x="{num(x - BOX_W / 2 - 4)}" y="{num(y - BOX_H / 2 - 4)}" '
                f'width="{BOX_W + 8}" height="{BOX_H + 8}" rx="10" fill="none" '
                f'stroke="{colour}" stroke-width="4"{dashed}/>'
            )
    return out


def describe(situation: Situation, lang: Lang = "en") -> str:
    """Every sector holding counters, in words, per side."""
    parts = []
    for s in situation.board.sectors:
        sides = []
        for side in SIDES:
            kinds = situation.at(s.id, side)
            if kinds:
                listed = ", ".join(
                    f"{situation.board.kinds[k].named.words(lang)}×{kinds[k]}"
                    for k in COUNTER_IDS
                    if kinds[k]
                )
                sides.append(f"{say(SIDE_WORDS[side], lang)} {listed}")
        if sides:
            parts.append(f"{s.name} ({s.id}): " + "; ".join(sides))
    return " / ".join(parts) + "."


def picture(
    situation: Situation,
    *,
    last: GameEvent | None = None,
    refused: GameEvent | None = None,
    title: str = "",
    lang: Lang = "en",
) -> Picture:
    """The situation as a :class:`~adjudicator.core.write.svg.Picture`, with the event that led
    to it (``last``) or an event refused here (``refused``) drawn."""
    where = layout(situation.board)
    layer = ['<g class="position">', *_stacks(situation, where), *_track(situation, lang)]
    layer += _event_marks(last, "last", where)
    layer += _event_marks(refused, "bad", where)
    layer.append("</g>")
    heading = title or say("dark_nebula.svg.title", lang)
    return Picture(
        WIDTH,
        HEIGHT,
        heading,
        describe(situation, lang),
        board_layer(situation.board, lang),
        tuple(layer),
    )


def drawing_svg(
    situation: Situation,
    *,
    last: GameEvent | None = None,
    refused: GameEvent | None = None,
    title: str = "",
    lang: Lang = "en",
) -> str:
    """The situation as a standalone SVG document (see :func:`picture`).

    >>> from adjudicator.dark_nebula.board import default_board
    >>> situation = Situation(default_board())
    >>> situation.place("tyrann", "empire", "imperial_guard")
    >>> 'data-kind="imperial_guard"' in drawing_svg(situation)
    True
    """
    return picture(situation, last=last, refused=refused, title=title, lang=lang).svg()

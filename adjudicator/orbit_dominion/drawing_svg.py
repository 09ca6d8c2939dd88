"""Positions drawn as SVG: the three orbits as concentric rings of twelve sectors.

Sector 0 stands at twelve o'clock and numbers grow clockwise (第2条, interpretation 1), so
11 and 0 are visibly neighbours. The gates are tinted in their owner's colour with a dashed
edge. Red ships are circles, blue ships squares, each with its letter (``r``/``b``, the
flagship larger with ``R``/``B``), so the sides differ without colour too. The last action is
an orange arrow (a curved one along its ring for a rotation); an action refused is a dashed
purple one. A pincer (two ships adjacent to an enemy flagship, 第7条) and a pending gate
claim (第8条) are ringed, and the legal destinations from one ship can be dotted.

Every piece carries ``data-sector`` and ``data-piece`` attributes so a test (or a script)
can read the position back from the picture.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang, say
from adjudicator.core.write.svg import (
    ARROW_DEFS,
    ARROW_STYLE,
    FONT_FAMILY,
    Picture,
    attributes,
    num,
    polar,
    text,
)
from adjudicator.orbit_dominion.actions import JUMP, ROTATE, SWAP, Action
from adjudicator.orbit_dominion.board import (
    ADJACENT,
    BLUE,
    OWN_GATES,
    RED,
    SECTOR_COUNT,
    SECTOR_NAMES,
    SECTORS_PER_ORBIT,
    SIDE_NAMES,
    TARGET_GATES,
    bit,
    number_of,
    orbit_distance,
    orbit_of,
)
from adjudicator.orbit_dominion.drawing import caption
from adjudicator.orbit_dominion.position import FLAGS, SHIPS, Position
from adjudicator.orbit_dominion.references import rule_data

if TYPE_CHECKING:
    from adjudicator.core.judge.outcome import Outcome

SIZE = 480
C = SIZE / 2
#: Inner and outer radius of each ring: O outermost, I innermost.
RINGS = ((160.0, 210.0), (110.0, 160.0), (60.0, 110.0))
COLOURS = ("#c62828", "#1565c0")
TINTS = ("#fbe3e3", "#e2ecfa")
SHIP_R = 12.0
FLAG_R = 16.0


def _angle(n: float) -> float:
    return n * 360 / SECTORS_PER_ORBIT


def centre(s: int) -> tuple[float, float]:
    """The middle of sector ``s``, where its ship stands."""
    inner, outer = RINGS[orbit_of(s)]
    return polar(C, C, (inner + outer) / 2, _angle(number_of(s)))


def _wedge(s: int) -> str:
    inner, outer = RINGS[orbit_of(s)]
    a0, a1 = _angle(number_of(s) - 0.5), _angle(number_of(s) + 0.5)
    p = [polar(C, C, r, a) for r, a in ((outer, a0), (outer, a1), (inner, a1), (inner, a0))]
    return (
        f"M{num(p[0][0])} {num(p[0][1])}A{num(outer)} {num(outer)} 0 0 1 "
        f"{num(p[1][0])} {num(p[1][1])}L{num(p[2][0])} {num(p[2][1])}"
        f"A{num(inner)} {num(inner)} 0 0 0 {num(p[3][0])} {num(p[3][1])}Z"
    )


def _board() -> str:
    parts = [
        "<defs>",
        ARROW_DEFS,
        f'<circle id="od-r" r="{num(SHIP_R)}" fill="{COLOURS[RED]}" stroke="#fff" '
        'stroke-width="1.5"/>',
        f'<rect id="od-b" x="-{num(SHIP_R)}" y="-{num(SHIP_R)}" width="{num(2 * SHIP_R)}" '
        f'height="{num(2 * SHIP_R)}" fill="{COLOURS[BLUE]}" stroke="#fff" stroke-width="1.5"/>',
        f'<g id="od-R"><circle r="{num(FLAG_R)}" fill="{COLOURS[RED]}" stroke="#000" '
        f'stroke-width="2"/><circle r="{num(FLAG_R - 4)}" fill="none" stroke="#fff" '
        'stroke-width="1.5"/></g>',
        f'<g id="od-B"><rect x="-{num(FLAG_R)}" y="-{num(FLAG_R)}" width="{num(2 * FLAG_R)}" '
        f'height="{num(2 * FLAG_R)}" fill="{COLOURS[BLUE]}" stroke="#000" stroke-width="2"/>'
        f'<rect x="-{num(FLAG_R - 4)}" y="-{num(FLAG_R - 4)}" width="{num(2 * FLAG_R - 8)}" '
        f'height="{num(2 * FLAG_R - 8)}" fill="none" stroke="#fff" stroke-width="1.5"/></g>',
        "</defs>",
        f'<rect width="{SIZE}" height="{SIZE}" fill="#fff"/>',
    ]
    for s in range(SECTOR_COUNT):
        gate = next((side for side in (RED, BLUE) if OWN_GATES[side] & bit(s)), None)
        fill = "#f7f7f4" if gate is None else TINTS[gate]
        parts.append(f'<path d="{_wedge(s)}" fill="{fill}" stroke="#9e9e9e" stroke-width="1"/>')
    for s in range(SECTOR_COUNT):
        gate = next((side for side in (RED, BLUE) if OWN_GATES[side] & bit(s)), None)
        if gate is not None:
            parts.append(
                f'<path d="{_wedge(s)}" fill="none" stroke="{COLOURS[gate]}" stroke-width="3" '
                f'stroke-dasharray="6 3" data-gate="{"rb"[gate]}" data-sector="{SECTOR_NAMES[s]}"/>'
            )
    for s in range(SECTOR_COUNT):
        outer = RINGS[orbit_of(s)][1]
        if orbit_of(s) == 0:
            x, y = polar(C, C, outer + 12, _angle(number_of(s)))
            size, colour = 13, "#333"
        else:
            x, y = polar(C, C, outer - 7, _angle(number_of(s)))
            size, colour = 8, "#777"
        parts.append(
            text(
                x,
                y + size / 3,
                SECTOR_NAMES[s],
                font_size=size,
                text_anchor="middle",
                fill=colour,
                font_family=FONT_FAMILY,
            )
        )
    return "".join(parts)


BOARD = _board()


@cache
def _ship(s: int, piece: str) -> str:
    x, y = centre(s)
    letter_size = 15 if piece in "RB" else 12
    return (
        f'<g data-piece="{piece}" data-sector="{SECTOR_NAMES[s]}" '
        f'transform="translate({num(x)} {num(y)})"><use href="#od-{piece}"/>'
        f'<text y="{num(letter_size / 3)}" font-size="{letter_size}" font-family="{FONT_FAMILY}" '
        f'font-weight="bold" text-anchor="middle" fill="#fff">{piece}</text></g>'
    )


def _arc(orbit: int, start: float, end: float, r: float | None = None) -> str:
    """A path along ``orbit`` (its middle, or radius ``r``) from sector number ``start`` to
    ``end`` (fractional, clockwise when ``end > start``)."""
    inner, outer = RINGS[orbit]
    r = (inner + outer) / 2 if r is None else r
    x0, y0 = polar(C, C, r, _angle(start))
    x1, y1 = polar(C, C, r, _angle(end))
    sweep = 1 if end > start else 0
    large = 1 if abs(end - start) > SECTORS_PER_ORBIT / 2 else 0
    return f"M{num(x0)} {num(y0)}A{num(r)} {num(r)} 0 {large} {sweep} {num(x1)} {num(y1)}"


@cache
def _action(action: Action, style: str) -> str:
    """The action as an arrow: along the ring for a step on one orbit, straight across for a
    jump, double-headed for a swap, a long curved arrow round the ring for a rotation."""
    cls = attributes(class_=f"action-{style}", data_action=action.text).lstrip()
    stroke = ARROW_STYLE[style]
    if action.kind == ROTATE:
        d = action.dst
        path = _arc(action.src, 1.6 if d > 0 else 4.4, 4.4 if d > 0 else 1.6)
        return f'<path {cls} d="{path}" {stroke} stroke-opacity="0.85"/>'
    src, dst = action.src, action.dst
    if orbit_of(src) == orbit_of(dst) and action.kind != JUMP and orbit_distance(src, dst) <= 2:
        forward = (number_of(dst) - number_of(src)) % SECTORS_PER_ORBIT <= 6
        steps = orbit_distance(src, dst) if forward else -orbit_distance(src, dst)
        # along the inner edge of the ring, below the ships, from sector to sector
        start, end = number_of(src), number_of(src) + steps
        path = _arc(orbit_of(src), start, end, RINGS[orbit_of(src)][0] + 5)
    else:
        (x0, y0), (x1, y1) = centre(src), centre(dst)
        dx, dy = x1 - x0, y1 - y0
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        t0, t1 = FLAG_R / length, 1 - FLAG_R / length
        path = f"M{num(x0 + dx * t0)} {num(y0 + dy * t0)}L{num(x0 + dx * t1)} {num(y0 + dy * t1)}"
    both = ' marker-start="url(#arrow-' + style + ')"' if action.kind == SWAP else ""
    return f'<path {cls} d="{path}" {stroke}{both}/>'


@cache
def _ring(s: int, colour: str, mark: str, width: float = 3.0) -> str:
    x, y = centre(s)
    return (
        f'<circle class="mark-{mark}" data-sector="{SECTOR_NAMES[s]}" cx="{num(x)}" '
        f'cy="{num(y)}" r="{num(FLAG_R + 5)}" fill="none" stroke="{colour}" '
        f'stroke-width="{num(width)}"/>'
    )


def pincers(position: Position) -> list[tuple[int, list[int]]]:
    """Each flagship with two or more enemy ships on sectors adjacent to it (第7条): the
    flagship's sector and the enemy sectors around it."""
    found = []
    for side in (RED, BLUE):
        flag = position[FLAGS + side]
        if flag < 0:
            continue
        around = position[SHIPS + 1 - side] & ADJACENT[flag]
        if around.bit_count() >= 2:
            found.append((flag, [s for s in range(SECTOR_COUNT) if around & bit(s)]))
    return found


def describe(position: Position, lang: Lang = "en") -> str:
    """The position in words: each side's flagship and ships by sector."""
    words = [rule_data().side_name(name, lang) for name in SIDE_NAMES]
    parts = []
    for side in (RED, BLUE):
        flag = position[FLAGS + side]
        ships = [
            SECTOR_NAMES[s]
            for s in range(SECTOR_COUNT)
            if position[SHIPS + side] & bit(s) and s != flag
        ]
        flag_name = SECTOR_NAMES[flag] if flag >= 0 else "—"
        # a list of sectors: set apart by commas in English, by spaces in Japanese
        listed = (" " if lang == "ja" else ", ").join(ships)
        listed = listed or say("orbit_dominion.drawing.no_ships", lang)
        parts.append(
            say(
                "orbit_dominion.drawing.fleet",
                lang,
                side=words[side],
                flagship=flag_name,
                ships=listed,
            )
        )
    return "; ".join(parts) + "."


def picture(
    position: Position,
    *,
    last: Action | None = None,
    refused: Action | None = None,
    legal_from: tuple[int, list[Action]] | None = None,
    decided: Outcome | None = None,
    lang: Lang = "en",
) -> Picture:
    """The position as a :class:`~adjudicator.core.write.svg.Picture`: ``last`` the action that
    led to it, ``refused`` an action refused here, ``legal_from`` a ship's sector with the
    legal actions to mark from it; ``decided`` the game's outcome, once decided, which the
    title gives instead of the side to move."""
    layer: list[str] = ['<g class="position">']
    for flag, around in pincers(position):
        layer.append(_ring(flag, "#000", "pincer", 4))
        layer += [_ring(s, "#6a1b9a", "pincer", 2) for s in around]
    if position.claim:
        gates = TARGET_GATES[position.turn]
        layer += [_ring(s, "#e69f00", "claim", 4) for s in range(SECTOR_COUNT) if gates & bit(s)]
    for s in range(SECTOR_COUNT):
        piece = position.cell(s)
        if piece != ".":
            layer.append(_ship(s, piece))
    if legal_from is not None:
        src, actions = legal_from
        layer.append(_ring(src, "#2e7d32", "from", 3))
        for a in actions:
            if a.kind != ROTATE and a.src == src:
                x, y = centre(a.dst)
                layer.append(
                    f'<circle class="mark-legal" data-action="{a.text}" cx="{num(x)}" '
                    f'cy="{num(y)}" r="6" fill="#2e7d32" fill-opacity="0.8"/>'
                )
    if last is not None:
        layer.append(_action(last, "last"))
    if refused is not None:
        layer.append(_action(refused, "bad"))
    layer.append("</g>")
    title = caption(position, lang, decided)
    description = describe(position, lang)
    if last is not None:
        description += say("orbit_dominion.drawing.last", lang, action=last.text)
    if refused is not None:
        description += say("orbit_dominion.drawing.refused", lang, action=refused.text)
    return Picture(SIZE, SIZE, title, description, BOARD, tuple(layer))


def drawing_svg(
    position: Position,
    *,
    last: Action | None = None,
    refused: Action | None = None,
    legal_from: tuple[int, list[Action]] | None = None,
    decided: Outcome | None = None,
    lang: Lang = "en",
) -> str:
    """The position as a standalone SVG document (see :func:`picture`).

    >>> svg = drawing_svg(Position.standard())
    >>> svg.count('data-piece="r"'), svg.count('data-piece="B"')
    (5, 1)
    """
    return picture(
        position, last=last, refused=refused, legal_from=legal_from, decided=decided, lang=lang
    ).svg()

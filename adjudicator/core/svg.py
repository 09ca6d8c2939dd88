"""Pictures of positions as SVG, in two layers, and the few helpers every game's drawing uses.

A :class:`Picture` keeps the board (what every position of a game on one board shares:
rings, sectors, names, shape definitions) apart from the position's own layer (pieces,
arrows, marks). A standalone SVG is the two put together; the HTML report stores each board
once and only the layers per ply, which is what keeps a report of thousands of records small.

Text from elsewhere (a title, a name, an action) goes in through :func:`text` and
:func:`attributes`, which escape it as :mod:`adjudicator.core.markup` says.

Every picture has a ``<title>`` and a ``<desc>`` naming what it shows in words, so that a
screen reader (or a search) reads the position without the picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from adjudicator.core.markup import attribute, quoted
from adjudicator.core.markup import text as escape

SVG_NS = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class Picture:
    """A position drawn: ``board`` is SVG elements, ``layer`` the position's SVG elements
    one by one (successive plies share most of them, which the HTML report exploits),
    ``title`` a short name and ``description`` the position in words."""

    width: int
    height: int
    title: str
    description: str
    board: str
    layer: tuple[str, ...]

    def svg(self) -> str:
        """A standalone SVG document."""
        return (
            f'<svg xmlns="{SVG_NS}" viewBox="0 0 {self.width} {self.height}" '
            f'width="{self.width}" height="{self.height}" role="img" '
            f"aria-label={quoted(self.title)}>"
            f"<title>{escape(self.title)}</title><desc>{escape(self.description)}</desc>"
            f"{self.board}{''.join(self.layer)}</svg>\n"
        )


def text(x: float, y: float, content: str, **attrs: str | float) -> str:
    """A ``<text>`` element, its content escaped; attribute names take ``-`` for ``_``."""
    return f"<text{attributes(x=x, y=y, **attrs)}>{escape(content)}</text>"


def attributes(**attrs: str | float) -> str:
    """`` name="value"`` pairs, numbers rounded to one decimal; ``class_`` is ``class``."""
    parts = []
    for name, value in attrs.items():
        key = name.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            shown = num(value)
        elif isinstance(value, int):
            shown = str(value)
        else:
            shown = attribute(value)
        parts.append(f' {key}="{shown}"')
    return "".join(parts)


def polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    """The point at radius ``r`` and ``degrees`` clockwise from twelve o'clock."""
    a = math.radians(degrees)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def num(v: float) -> str:
    """A coordinate with at most one decimal."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


ARROW_DEFS = (
    '<marker id="arrow-last" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
    'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#e69f00"/>'
    "</marker>"
    '<marker id="arrow-bad" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
    'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#6a1b9a"/>'
    "</marker>"
)
"""Arrowheads: the last action (orange, solid) and an action refused (purple, dashed)."""

#: Stroke attributes of a drawn action, by whether it was played or refused.
ARROW_STYLE = {
    "last": 'stroke="#e69f00" stroke-width="4" fill="none" marker-end="url(#arrow-last)"',
    "bad": 'stroke="#6a1b9a" stroke-width="4" stroke-dasharray="7 4" fill="none" '
    'marker-end="url(#arrow-bad)"',
}

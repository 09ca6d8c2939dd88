"""Pictures of positions as SVG, in two layers, and the few helpers every game's drawing uses.

A :class:`Picture` keeps the board (what every position of a game on one board shares:
rings, sectors, names, shape definitions) apart from the position's own layer (pieces,
arrows, marks). A standalone SVG is the two put together; the HTML report stores each board
once and only the layers per ply, which is what keeps a report of thousands of records small.

Text from elsewhere (a title, a name, an action) goes in through :func:`text` and
:func:`attributes`, which escape it as :mod:`adjudicator.core.write.markup` says.

Every picture has a ``<title>`` and a ``<desc>`` naming what it shows in words, so that a
screen reader (or a search) reads the position without the picture. A picture sent to the
players may also carry a caption drawn under the board (:meth:`Picture.captioned`): the
ruling and what it decides, so that the picture says it all without its file's metadata.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudicator.core.write.line_breaks import break_offsets
from adjudicator.core.write.markup import attribute, quoted
from adjudicator.core.write.markup import text as escape

SVG_NS = "http://www.w3.org/2000/svg"

#: The type of every picture's text and of the HTML report: fonts with Japanese glyphs that
#: the common systems have (Linux's Noto Sans CJK and IPA Gothic, macOS's Hiragino,
#: Windows' Yu Gothic and Meiryo; IPA's proportional Gothic before its fixed-width one),
#: then the generic family. A bare ``sans-serif`` leaves Japanese to whatever the viewer
#: falls back to: boxes where that default has no kana, and a Chinese font's glyph forms
#: where one comes first. Quoted with ``'`` so that it stands in a double-quoted attribute
#: and in CSS alike.
FONT_FAMILY = (
    "'Noto Sans CJK JP', 'Noto Sans JP', IPAexGothic, IPAPGothic, IPAGothic, 'Hiragino Sans', "
    "'Hiragino Kaku Gothic ProN', 'Yu Gothic', YuGothic, Meiryo, sans-serif"
)


@dataclass(frozen=True)
class Picture:
    """A position drawn: ``board`` is SVG elements, ``layer`` the position's SVG elements
    one by one (successive plies share most of them, which the HTML report exploits),
    ``title`` a short name and ``description`` the position in words; ``caption`` lines
    drawn under the board in a standalone SVG (the HTML report shows its words beside the
    picture instead)."""

    width: int
    height: int
    title: str
    description: str
    board: str
    layer: tuple[str, ...]
    caption: tuple[str, ...] = ()

    def captioned(self, lines: Sequence[str]) -> Picture:
        """The same picture with ``lines`` drawn under the board, and said in its
        description too."""
        said = " ".join(line for line in lines if line)
        description = f"{self.description} {said}" if said else self.description
        return replace(self, caption=tuple(lines), description=description)

    def svg(self) -> str:
        """A standalone SVG document."""
        rows = _caption_rows(self.caption, self.width)
        height = self.height + (len(rows) * CAPTION_LINE + CAPTION_PAD if rows else 0)
        return (
            f'<svg xmlns="{SVG_NS}" viewBox="0 0 {self.width} {height}" '
            f'width="{self.width}" height="{height}" role="img" '
            f"aria-label={quoted(self.title)}>"
            f"<title>{escape(self.title)}</title><desc>{escape(self.description)}</desc>"
            f"{self.board}{''.join(self.layer)}{_caption_layer(rows, self.height)}</svg>\n"
        )


#: The caption's type size, the height of one of its lines and the margin around it.
CAPTION_SIZE = 14
CAPTION_LINE = 20
CAPTION_PAD = 12


def _caption_rows(lines: Sequence[str], width: int) -> list[tuple[str, bool]]:
    """The caption's lines broken to the picture's width (a full-width character counted
    as about one em, a narrow one as half), each with whether it starts a line given (the
    first line, the ruling, is drawn bold)."""
    columns = max((width - 2 * CAPTION_PAD) * 20 // (CAPTION_SIZE * 11), 8)  # 0.55 em a cell
    rows: list[tuple[str, bool]] = []
    for n, line in enumerate(lines):
        if not line:
            continue
        cuts = [0, *break_offsets(line, columns), len(line)]
        for start, end in itertools.pairwise(cuts):
            piece = line[start:end].strip()
            if piece:
                rows.append((piece, n == 0))
    return rows


def _caption_layer(rows: list[tuple[str, bool]], top: int) -> str:
    """The caption under the board: a white band, then its lines."""
    if not rows:
        return ""
    height = len(rows) * CAPTION_LINE + CAPTION_PAD
    parts = [
        f'<g class="caption" font-family="{FONT_FAMILY}" font-size="{CAPTION_SIZE}">',
        f'<rect x="0" y="{top}" width="100%" height="{height}" fill="#fff"/>',
    ]
    for i, (row, bold) in enumerate(rows):
        y = top + CAPTION_PAD / 2 + CAPTION_LINE * (i + 1) - 5
        weight = {"font_weight": "bold"} if bold else {}
        parts.append(text(CAPTION_PAD, y, row, fill="#000", **weight))
    parts.append("</g>")
    return "".join(parts)


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

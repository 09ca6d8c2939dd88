"""Pictures read back as a player looks at them: the colour a shape is painted, named as the
rulebooks name colours, so that a test compares the drawing with the rulebook's words and not
with the drawing's own constants."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = (f"{SVG}rect", f"{SVG}circle", f"{SVG}path", f"{SVG}use")


def colour_name(paint: str) -> str:
    """``red``, ``blue``, ``black``, ``white``, ``grey`` or ``other`` for an SVG colour
    written ``#rgb`` or ``#rrggbb``: the name a player would give it, from its channels."""
    hex_ = paint.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    r, g, b = (int(hex_[i : i + 2], 16) for i in (0, 2, 4))
    if max(r, g, b) - min(r, g, b) < 40:
        return "black" if max(r, g, b) < 80 else "white" if min(r, g, b) > 200 else "grey"
    if r > max(g, b) + 60 and abs(g - b) < 60:
        return "red"
    if b > max(r, g) + 60 or (b > r + 60 and g < b):
        return "blue"
    return "other"


def painted(group: ET.Element) -> Iterator[str]:
    """The fill of each shape directly in ``group`` (its letters and badges left out)."""
    for child in group:
        if child.tag in SHAPES and child.get("fill") not in (None, "none"):
            yield child.attrib["fill"]


def texts(element: ET.Element) -> list[str]:
    """The words drawn in ``element``, in order."""
    return [t.text or "" for t in element.iter(f"{SVG}text")]

"""Text put into HTML and SVG pages, made harmless: the one place where either is escaped.

Markup written by the program (labels, shapes) is the program's; everything else that goes
into a page (file names, actions, messages, player names and tags, an engine's output) goes
through one of these:

- :func:`text` for character data (the content of an element, ``<pre>`` included), and
  :func:`attribute` for a double-quoted attribute value: ``& < > "`` as references, and
  control, bidirectional and unencodable characters shown as their escapes, as the terminal
  shows them (:func:`adjudicator.core.write.display.printable`), so that a file name holding
  U+202E (right-to-left override) is not read backwards (text keeps its line breaks and tabs);
- :func:`script_json` for data a page's script reads (``<script type="application/json">``):
  JSON whose ``<``, ``>`` and ``&`` are ``\\u`` escapes, so that no string can close the
  element; what the script shows of it it shows as text (``textContent``), never as markup,
  and made :func:`~adjudicator.core.write.display.printable_data` first where a person reads it.

HTML and SVG share these rules (SVG is XML, and HTML's escapes for text and double-quoted
attributes are XML's), so both sinks use this one module. (``html.escape`` and
``xml.sax.saxutils`` do the XML part; the latter's import loads ``urllib`` and ``ssl``, tens
of milliseconds of start-up for every command that draws a position.)
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.core.write.display import printable_lines

_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"} | {"\n": "&#10;", "\t": "&#9;"}
)
_SCRIPT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def text(content: str) -> str:
    """``content`` as character data of an HTML or SVG element."""
    return printable_lines(content).translate(_TEXT)


def attribute(value: str) -> str:
    """``value`` escaped for a double-quoted attribute (the quotes not included); its line
    breaks and tabs kept as character references."""
    return printable_lines(value).translate(_ATTRIBUTE)


def quoted(value: str) -> str:
    """``value`` as a double-quoted attribute value, the quotes included."""
    return f'"{attribute(value)}"'


def script_json(data: Any) -> str:
    """``data`` as JSON that may stand inside a ``<script>`` element of a page."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_SCRIPT)

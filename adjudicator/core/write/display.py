"""Input shown to a person, made harmless: a file name or a move written by someone else
must not be able to forge a line of the report ("✓ valid" after a newline), drive the
terminal (ESC and OSC sequences), reverse the text around it (bidirectional controls) or
fail to encode (lone surrogates, bytes of a file name that are not UTF-8).

Each such character is shown as its escape (``\\n``, ``\\x1b``, ``\\u202e``, ``\\xff``);
everything else, Japanese included, is shown as is.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

_UNSAFE_CHARACTERS = (
    "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
)
_UNSAFE = re.compile(f"[{_UNSAFE_CHARACTERS}]")
_UNSAFE_IN_LINES = re.compile(f"(?![\n\t])[{_UNSAFE_CHARACTERS}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match[0]
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that was not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control, bidirectional or unencodable character escaped."""
    # str.isprintable is false for every character escaped here (controls, format
    # characters such as the bidirectional ones, separators, surrogates): most text, all
    # of the program's own, is answered without the pattern, which pictures ask thousands
    # of times a record
    return text if text.isprintable() else _UNSAFE.sub(_escape, text)


def printable_lines(text: str) -> str:
    """:func:`printable`, but line breaks (``\\n``) and tabs kept: for a block of lines
    shown as lines (an engine's standard error in a page's ``<pre>``)."""
    return text if text.isprintable() else _UNSAFE_IN_LINES.sub(_escape, text)


def path_text(path: Path | str) -> str:
    """A path as text that any output can carry: bytes that are not UTF-8 escaped
    (``x\\xff.json``); other characters kept, to be escaped for display by
    :func:`printable`."""
    try:
        return os.fsencode(path).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that no file system name holds
        return printable(str(path))


def printable_data(data: Any) -> Any:
    """Every string inside ``data`` (dicts, lists) made :func:`printable`."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, dict):
        return {k: printable_data(v) for k, v in data.items()}
    if isinstance(data, list):
        return [printable_data(v) for v in data]
    return data


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: wide and full-width characters (タイラント) take
    two, combining marks none."""
    import unicodedata

    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def pad(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (``str.ljust`` counts
    characters, which misaligns a table of Japanese names)."""
    return text + " " * max(0, columns - width(text))

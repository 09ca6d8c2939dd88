"""The lines of a text record, as every reader sees them.

Only a line feed ends a line (a carriage return before it is trailing space, as the
notation's own parser reads it). Python's ``str.splitlines`` also ends a line at U+2028,
U+2029, NEL, a form feed, a vertical tab and the file/group/record separators: a reader
that used it would see a tag line where another reads a comment (``{… U+2028 [Round "2"]
…}``), and ``validate`` would judge two games where ``replay`` and ``convert`` read one.
Every reader splits here."""

from __future__ import annotations

import re

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def lines(text: str) -> list[str]:
    """The lines of ``text`` without their line feeds; no empty last line after a final
    line feed (as ``str.splitlines`` gives)."""
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return parts


def lines_with_ends(text: str) -> list[str]:
    """The lines of ``text``, each with its line feed (the last may have none): joined,
    the text again."""
    return _LINE.findall(text)

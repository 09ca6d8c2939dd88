"""Front coding of a playthrough's lists, shared by the generator that writes them and the
runner that reads them (neither imports the other).

Sorted entries share long beginnings and endings (an Astro-Stra turn line repeats its
number, side and dice in every entry, and most end ``| target - | moves -``), so each entry
is written as the characters it takes from the beginning and the end of the one before,
and those between (docs/conformance.md, "Front coding").
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.read.numbers import NumberError, read_int


def front_code(entries: Sequence[str]) -> str:
    """The sorted entries as one text, a line each, ``K J MIDDLE``: the entry is the first
    ``K`` characters of the entry before it (``""`` before the first), then ``MIDDLE``
    (never empty), then the last ``J`` characters of the entry before it; ``""`` for no
    entry. Sorted turn lines share long beginnings and endings (``| target - | moves -``)."""
    lines, before = [], ""
    for entry in sorted(entries):
        head = _shared(entry, before)
        head = min(head, len(entry) - 1)
        tail = _shared(entry[head:][::-1], before[head:][::-1])
        tail = min(tail, len(entry) - head - 1)
        lines.append(f"{head} {tail} {entry[head : len(entry) - tail]}")
        before = entry
    return "\n".join(lines)


def _shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` share from their start."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def front_decode(text: str) -> list[str]:
    """The entries :func:`front_code` wrote, in order; a ``ValueError`` for a line that is
    not ``K J MIDDLE`` or takes more than the entry before it holds."""
    entries: list[str] = []
    before = ""
    for line in text.split("\n") if text else []:
        head, tail, middle = [*line.split(" ", 2), "", ""][:3]
        try:
            kept, shared_end = read_int(head), read_int(tail)
        except NumberError:
            raise ValueError(f"not a front-coded entry: {line!r}") from None
        if kept + shared_end > len(before):
            raise ValueError(f"not a front-coded entry: {line!r}")
        before = before[:kept] + middle + (before[len(before) - shared_end :] if shared_end else "")
        entries.append(before)
    return entries

"""What a score sheet's copying errors cost: the model that ranks repairs.

A written event and the event that was probably played are compared token by token (a run
of digits is one token, so that ``10`` and ``11`` differ by one number, not by a
character). What a person copying by hand gets wrong most often costs least:

=====================================================  ======
error                                                  cost
=====================================================  ======
a number one off (``4`` for ``5``, a die ±1)            0.5
a letter confused with one of its group (``O``/``M``)  0.5
two neighbouring tokens swapped                        0.5
any other token changed                                1.0
a token left out or added                              1.0
two neighbouring events swapped                        1.0
an event left out, or one added that was not played    1.5
=====================================================  ======

A game names its groups of confusable letters (:attr:`Repairable.confusables`); the rest holds
for every game. The figures are a documented choice, not measured frequencies: they order
the candidates, and every candidate is checked against the rules whatever it costs.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import lru_cache

from adjudicator.core.read.numbers import NumberError, read_int

NUMBER_OFF = 0.5
CONFUSED = 0.5
TRANSPOSED = 0.5
CHANGED = 1.0
DROPPED = 1.0
SWAPPED_EVENTS = 1.0
MISSING_OR_EXTRA_EVENT = 1.5

_TOKEN = re.compile(r"[0-9]+|[a-z]+(?:_[a-z]+)*|[A-Z][a-z]*|[^\W0-9_a-zA-Z]+|\s+|.", re.S)


def tokens(line: str) -> list[str]:
    """A line as the units a person writes: numbers and words whole (a capital starts a
    word, so that ``M3xM4`` is five tokens), every other character alone, runs of spaces
    as one."""
    return _TOKEN.findall(line)


def _is_number(token: str) -> bool:
    return "0" <= token[0] <= "9"


def _value(token: str) -> int | None:
    try:
        return read_int(token)
    except NumberError:
        return None


def token_cost(a: str, b: str, confusables: Sequence[str]) -> float:
    """What writing ``a`` where ``b`` was meant costs."""
    if a == b:
        return 0.0
    if _is_number(a) and _is_number(b):
        # runs of ASCII digits (the pattern above), read by the number reader: one too long
        # for it is no number one off
        va, vb = _value(a), _value(b)
        off = va is not None and vb is not None and abs(va - vb) == 1
        return NUMBER_OFF if off else CHANGED
    if len(a) == 1 and len(b) == 1 and any(a in g and b in g for g in confusables):
        return CONFUSED
    return CHANGED


@lru_cache(maxsize=1 << 16)
def line_cost(written: str, meant: str, confusables: tuple[str, ...] = ()) -> float:
    """The cheapest copying errors that turn ``meant`` into ``written``: a weighted edit
    distance over tokens with neighbouring tokens swapped (optimal string alignment).
    Remembered: a search prices the same few lines against the same alternatives often."""
    # what the two lines share at either end costs nothing: a repair changes a few tokens
    # of a long line, and the table is then a few cells instead of thousands
    a, b = _differing(written, meant)
    rows, cols = len(a) + 1, len(b) + 1
    d = [[0.0] * cols for _ in range(rows)]
    for i in range(rows):
        d[i][0] = i * DROPPED
    for j in range(cols):
        d[0][j] = j * DROPPED
    for i in range(1, rows):
        for j in range(1, cols):
            best = min(
                d[i - 1][j] + DROPPED,
                d[i][j - 1] + DROPPED,
                d[i - 1][j - 1] + token_cost(a[i - 1], b[j - 1], confusables),
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, d[i - 2][j - 2] + TRANSPOSED)
            d[i][j] = best
    return d[-1][-1]


def near_words(line: str, groups: Sequence[Sequence[str]]) -> list[tuple[str, float]]:
    """The line with one word of a group written for another of its group (a neighbouring
    sector, another colour), or two words of a group exchanged, each with its cost: the
    repairs of a name miscopied that a game which cannot list its legal events still gets."""
    found: list[tuple[str, float]] = []
    for group in groups:
        words = sorted(group, key=len, reverse=True)
        pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")
        spots = list(pattern.finditer(line))
        for spot in spots:
            for other in group:
                if other != spot[0]:
                    found.append((line[: spot.start()] + other + line[spot.end() :], CHANGED))
        for a, b in itertools.combinations(spots, 2):
            if a[0] != b[0]:
                exchanged = (
                    line[: a.start()] + b[0] + line[a.end() : b.start()] + a[0] + line[b.end() :]
                )
                found.append((exchanged, CHANGED))
    return found


def near_numbers(line: str) -> list[tuple[str, float]]:
    """The line with one of its numbers one or two off, each with its cost: the repairs a
    game that cannot list its legal events still gets (a die, a pip, a count miscopied)."""
    parts = tokens(line)
    found: list[tuple[str, float]] = []
    for i, part in enumerate(parts):
        if not _is_number(part) or len(part) > 4:
            continue
        value = read_int(part)
        for delta in (-1, 1, -2, 2):
            if value + delta >= 0:
                cost = NUMBER_OFF if abs(delta) == 1 else CHANGED
                found.append(("".join([*parts[:i], str(value + delta), *parts[i + 1 :]]), cost))
    return found


def _differing(written: str, meant: str) -> tuple[list[str], list[str]]:
    """The tokens of each line, those the two share at either end left out."""
    a, b = tokens(written), tokens(meant)
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    return a[start : len(a) - end], b[start : len(b) - end]


def changed_part(written: str, meant: str) -> tuple[str, str]:
    """What differs between two lines, the tokens they share at either end left out: what
    a person reads of a correction to a long line."""
    a, b = _differing(written, meant)
    return "".join(a), "".join(b)

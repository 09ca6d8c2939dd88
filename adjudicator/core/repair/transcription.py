"""What a score sheet's copying errors cost: the model that ranks repairs.

A written event and the event that was probably played are compared token by token (a run
of digits is one token, so that ``10`` and ``11`` differ by one number, not by a
character). What a person copying a score sheet by hand gets wrong most often costs least.
The table is :data:`MODEL`, and docs/repair.md shows it (a test holds the two together):

==========  ==========================================================================  ====
kind        what the copy did                                                           cost
==========  ==========================================================================  ====
number      a number one off (``4`` for ``5``, a die ±1)                                0.5
handwriting a character read as one of like shape (:data:`HANDWRITING`: ``7`` for ``1``)   0.5
letter      a letter written for one of its game's group (``O``/``M``/``I``)            0.5
order       two neighbouring tokens, two numbers of a line (dice, in one field or       0.5
            across its fields) or two of its items (moves) written in another order
spelling    a name the game knows misspelt, each letter added, left out, changed or     0.5
            two swapped (at most two)
duplicate   a line written twice: the copy of its neighbour deleted                     0.5
changed     any other token changed (a number two off, another word of a group)         1.0
dropped     a token left out or added                                                   1.0
swap        two lines exchanged, neighbours or up to :data:`REACH` apart: 1, and         1.0
            :data:`FARTHER` more for each line farther apart than neighbours; where
            the sides alternate lines, one side's two lines :data:`FARTHER` less
moved       a line written up to :data:`REACH` lines from its place: 1, and            1.0
            :data:`FARTHER` more for each line farther than the next
result      the result's winner or reason written wrong                                 0.5
omission    a line left out, or one written that was not played (a whole sheet line:   1.5
            a move pair, once)
gap         a line left out where the sheet's own numbering skips it                   0.5
==========  ==========================================================================  ====

A game names its groups of confusable letters (:attr:`Repairable.confusables`) and the words
it knows (:meth:`Replay.vocabulary`); the rest holds for every game. The figures are a
documented choice, not measured frequencies: they order the candidates, and every
candidate is checked against the rules whatever it costs. A candidate that costs more than
:data:`DOUBTFUL_COST` is far above the model's typical error and is said to be doubtful.
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
MISSPELT = 0.5
DUPLICATE = 0.5
CHANGED = 1.0
DROPPED = 1.0
SWAPPED_EVENTS = 1.0
MOVED_EVENT = 1.0
RESULT = 0.5
MISSING_OR_EXTRA_EVENT = 1.5
NUMBERED_GAP = 0.5

#: Every kind of copying error the model knows, with its cost (per letter for a spelling):
#: the table of docs/repair.md and docs/ja/repair.md.
MODEL: dict[str, float] = {
    "number": NUMBER_OFF,
    "handwriting": CONFUSED,
    "letter": CONFUSED,
    "order": TRANSPOSED,
    "spelling": MISSPELT,
    "duplicate": DUPLICATE,
    "changed": CHANGED,
    "dropped": DROPPED,
    "swap": SWAPPED_EVENTS,
    "moved": MOVED_EVENT,
    "result": RESULT,
    "omission": MISSING_OR_EXTRA_EVENT,
    "gap": NUMBERED_GAP,
}

#: Characters a hand writes alike, each pair read either way: digits of like strokes (a 1
#: with its flag read as 7, an open 3 as 8, a 0 closed as 6, a 5 as 6, an open 4 as 9, a
#: 2 as 7) and digits with the letters they resemble.
HANDWRITING: tuple[str, ...] = (
    "17", "38", "06", "56", "49", "27", "1l", "1I", "0O", "5S", "8B", "2Z",
)  # fmt: skip
_LIKE: dict[str, frozenset[str]] = {
    c: frozenset(pair[1] if pair[0] == c else pair[0] for pair in HANDWRITING if c in pair)
    for pair in HANDWRITING
    for c in pair
}

#: Lines a line may be moved, or exchanged with one, away from its place: a Dark Nebula turn
#: and one step more, an Orbit Dominion side's next four actions.
REACH = 8
#: What each line farther costs a line moved or exchanged: a line is written in the wrong
#: place the less often the farther it is from its own.
FARTHER = 0.25
#: The most letters a misspelt name differs by, and the shortest name read as misspelt.
SPELLING_REACH = 2
_SHORTEST_NAME = 4

#: A candidate costing more than this is far above the model's typical error (one or two
#: errors of a line): said to be doubtful (docs/repair.md, "Doubtful candidates").
DOUBTFUL_COST = 2.0

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
    if len(a) == len(b) and _alike(a, b):
        return CONFUSED
    if _is_number(a) and _is_number(b):
        # runs of ASCII digits (the pattern above), read by the number reader: one too long
        # for it is no number one off
        va, vb = _value(a), _value(b)
        off = va is not None and vb is not None and abs(va - vb) == 1
        return NUMBER_OFF if off else CHANGED
    if len(a) == 1 and len(b) == 1 and any(a in g and b in g for g in confusables):
        return CONFUSED
    return CHANGED


def _alike(a: str, b: str) -> bool:
    """Whether two strings of one length differ in one character a hand writes alike."""
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and differ[0][1] in _LIKE.get(differ[0][0], ())


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
    if len(written) == len(meant) and _alike(written, meant):
        return min(d[-1][-1], CONFUSED)  # a digit read as a letter: across tokens
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


def near_handwriting(line: str) -> list[tuple[str, float]]:
    """The line with one digit of a number read as another a hand writes alike
    (:data:`HANDWRITING`): ``7`` for ``1``, ``8`` for ``3``. (A digit read as a letter makes
    a line the game reads as no event: only a game that lists its events, priced by
    :func:`line_cost`, proposes one.)"""
    parts = tokens(line)
    found: list[tuple[str, float]] = []
    for i, part in enumerate(parts):
        if not _is_number(part):
            continue
        for k, c in enumerate(part):
            for other in sorted(d for d in _LIKE.get(c, ()) if "0" <= d <= "9"):
                now = part[:k] + other + part[k + 1 :]
                found.append(("".join([*parts[:i], now, *parts[i + 1 :]]), CONFUSED))
    return found


_DIGIT = re.compile(r"[0-9]")

#: What parts a line into fields (Astro-Stra's ``|``, Dark Nebula's ``;`` and ``:``): dice
#: or moves written in another order are exchanged within one, never with the stamp or the
#: number a line begins with (its first field, when it has several).
_FIELD = re.compile(r"([|;:])")


def near_orders(line: str) -> list[tuple[str, float]]:
    """The line with two numbers of one field exchanged (dice written in another order)
    or two neighbouring items of a field that carry numbers (a side's two moves, written
    apart by spaces) exchanged."""
    fields = _FIELD.split(line)
    found: list[tuple[str, float]] = []
    for f, field in enumerate(fields):
        if f == 0 and len(fields) > 1:
            continue
        for now in _orders_of(field):
            found.append(("".join([*fields[:f], now, *fields[f + 1 :]]), TRANSPOSED))
    found.extend((now, TRANSPOSED) for now in _values_exchanged(line))
    return found


def _values_exchanged(line: str) -> list[str]:
    """The line with two of its values (numbers written after ``=`` or ``,``: dice, the
    pips of a name) exchanged across its fields: the dice of a line copied in another
    order, whatever field each was written in (a battle's volleys, one after another)."""
    parts = tokens(line)
    values = [
        i for i, p in enumerate(parts) if _is_number(p) and i > 0 and parts[i - 1] in ("=", ",")
    ]
    found: list[str] = []
    for i, j in itertools.combinations(values, 2):
        if parts[i] != parts[j] and _FIELD.search("".join(parts[i:j])):
            changed = [*parts]
            changed[i], changed[j] = parts[j], parts[i]
            found.append("".join(changed))
    return found


def _orders_of(field: str) -> list[str]:
    parts = tokens(field)
    numbers = [i for i, p in enumerate(parts) if _is_number(p)]
    found: list[str] = []
    for i, j in itertools.combinations(numbers, 2):
        if parts[i] != parts[j]:
            changed = [*parts]
            changed[i], changed[j] = parts[j], parts[i]
            found.append("".join(changed))
    items = field.split(" ")
    for i in range(len(items) - 1):
        a, b = items[i], items[i + 1]
        if a != b and _DIGIT.search(a) and _DIGIT.search(b):
            changed = [*items]
            changed[i], changed[i + 1] = b, a
            found.append(" ".join(changed))
    return found


_NAME = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z_]*(?:-[A-Za-z0-9_]+)*(?![\w-])")


def near_spellings(line: str, groups: Sequence[Sequence[str]]) -> list[tuple[str, float]]:
    """The line with a name it writes that its game does not know read as a name the game
    knows a letter or two away (``nfaelas`` for ``nafaelas``), each letter
    :data:`MISSPELT`: a name is misspelt far more often than another one is meant."""
    known = {w for group in groups for w in group}
    found: list[tuple[str, float]] = []
    for spot in _NAME.finditer(line):
        word = spot[0]
        if word in known or len(word) < _SHORTEST_NAME:
            continue
        for name in sorted(known):
            off = spelling_distance(word, name)
            if 0 < off <= SPELLING_REACH:
                found.append((line[: spot.start()] + name + line[spot.end() :], off * MISSPELT))
    return found


def spelling_distance(a: str, b: str) -> int:
    """Letters added, left out, changed or two neighbours swapped between two words
    (optimal string alignment), counted only up to :data:`SPELLING_REACH` + 1."""
    if abs(len(a) - len(b)) > SPELLING_REACH:
        return SPELLING_REACH + 1
    rows, cols = len(a) + 1, len(b) + 1
    d = [[i + j if i * j == 0 else 0 for j in range(cols)] for i in range(rows)]
    for i in range(1, rows):
        for j in range(1, cols):
            d[i][j] = min(
                d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return min(d[-1][-1], SPELLING_REACH + 1)


def apart(cost: float, lines: int, stride: int = 1) -> float:
    """What moving a line ``lines`` places, or exchanging two lines so far apart, costs. In
    a game whose sides write alternate lines (``stride`` 2) a person copies one side's
    lines as a column: its next line is the nearest, :data:`FARTHER` less than neighbours,
    and its lines further on are counted in its own lines."""
    if stride > 1 and lines % stride == 0:
        return cost + FARTHER * (lines // stride - 2)
    return cost + FARTHER * (lines - 1)


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

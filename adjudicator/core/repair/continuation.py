"""Which of the events that may have been left out somewhere the record's next lines agree
with: a game offers what could stand in the gap, and the lines after it choose.

A line left out of a dice game carried dice written nowhere else, but what follows it
constrains them: pieces must stand where the next turn moves them, counters where they next
fight. Each offered event is played where the gap is, then the record's next lines after
it, for as long as they are accepted; the events after which they play furthest are the
most consistent with the continuation, and the only ones a repair tries (docs/repair.md,
"Omissions and ties").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from adjudicator.core.errors import InputError
from adjudicator.core.judge.replay import Replay
from adjudicator.core.repair.transcription import MISSING_OR_EXTRA_EVENT, line_cost, tokens

#: Events offered for one gap that are played with the continuation, at most: a step's dice
#: fall a few ways to different effect (hits of each kind of counter, a roll that beats a
#: value or not), so a few hundred cover every effect of any real battle or turn, and the
#: bound keeps a record from making one gap cost more than that many short replays.
TRIED = 256


def agreed(replay: Replay, offered: Iterable[str], ahead: Sequence[str], most: int) -> list[str]:
    """Of the events ``offered`` for the gap where ``replay`` stands, those accepted there
    after which the lines ``ahead`` play furthest, in the order offered, ``most`` at most;
    none when the record's next line is accepted without any."""
    if _accepted(replay.copy(), ahead) > 0:
        return []  # nothing is missing here: the record goes on as written
    best = 0
    found: list[str] = []
    for event in itertools.islice(offered, TRIED):
        twin = replay.copy()
        if _accepted(twin, [event]) == 0:
            continue
        reach = _accepted(twin, ahead)
        if reach > best:
            best, found = reach, []
        if reach == best:
            found.append(event)
    return found[:most]


def _accepted(replay: Replay, lines: Sequence[str]) -> int:
    """How many of ``lines`` ``replay`` plays, from the first, before one is refused."""
    for played, line in enumerate(lines):
        try:
            step = replay.attempt(line, lenient=False)
        except InputError:
            return played
        if step.violation is not None or step.decided is not None:
            return played
    return len(lines)


def says_all(written: str, meant: str) -> bool:
    """Whether ``meant`` says all ``written`` says, and more: ``written``'s tokens (numbers
    and words whole) are ``meant``'s with some left out, in order — a part of a line left
    out by a person copying it."""
    left = iter(tokens(meant))
    return written != meant and all(token in left for token in tokens(written))


def completions(replay: Replay, written: str, confusables: tuple[str, ...]) -> dict[str, float]:
    """The lines :meth:`Replay.completed` names for ``written``, each with its cost: what
    copying it with those parts left out costs, at most what leaving the whole event out
    costs (a part of a line is no dearer to lose than the line)."""
    return {
        alt: min(line_cost(written, alt, confusables), MISSING_OR_EXTRA_EVENT)
        for alt in replay.completed(written)
    }

"""The events of an edited record as a repair search holds them (:class:`Lines`), and a
replay that tells the search of each ply it plays (:class:`Ticking`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.core.judge.replay import Replay, Step
from adjudicator.core.read.records import Event
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.repair.models import Op

#: At most this many plies are played at once before the search is told.
EACH_PLIES = 64

#: An edit of a record's events: its operation, the index it is made at, the line it writes
#: (a replacement's or an insertion's) and the other index: a swap's other event, or where a
#: move takes the event at ``at`` (the events between shift one place towards ``at``).
Change = tuple[Op, int, str | None, int]


@dataclass(frozen=True)
class Slot:
    """One event of an edited record: its line, the index of the event of the record it
    is, unchanged (kept or moved), or ``None`` for a line the repair wrote, and the event
    the validation loop plays."""

    line: str
    origin: int | None
    event: Event


class Lines:
    """The events of an edited record, held as its parent's and one edit: a search holds
    many records that differ from the one written in an edit or two, and holding each
    whole held the record as many times. An event is found through the edits; the record
    is made whole only to be replayed, and let go after (:meth:`let_go`)."""

    def __init__(
        self,
        root: tuple[Slot, ...],
        renumbered: Callable[[str, int], str],
        parent: Lines | None = None,
        change: Change | None = None,
    ) -> None:
        self.root, self.renumbered, self.parent, self.change = root, renumbered, parent, change
        self.length = len(root) if parent is None or change is None else _length(parent, change)
        self._whole: tuple[Slot, ...] | None = None

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, i: int) -> Slot:
        """Event ``i`` (0-based, within the record), found through the edits."""
        parent, change = self.parent, self.change
        if parent is None or change is None:
            return self.root[i]
        op, at, line, other = change
        if op in ("swap", "move"):
            lo, hi = min(at, other), max(at, other)
            if i < lo or i > hi:
                return parent[i]
            return self._numbered(parent[_source(op, at, other, i)], i)
        if i < at or (op == "replace" and i > at):
            return parent[i]
        if op in ("replace", "insert") and i == at:
            assert line is not None
            slot = Slot(line, None, Event(line))
            return slot if op == "replace" else self._numbered(slot, i)
        if op == "insert":
            return self._numbered(parent[i - 1], i)
        return self._numbered(parent[i + 1], i)  # delete

    def _numbered(self, slot: Slot, i: int) -> Slot:
        """The slot written with the number of its new place ``i``, for a game whose events
        carry one (a slot keeps its origin: only its number changed)."""
        line = self.renumbered(slot.line, i)
        return slot if line == slot.line else Slot(line, slot.origin, Event(line))

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.whole())

    def lines(self, start: int, count: int) -> list[str]:
        """The lines of events ``start`` to ``start + count`` (those the record has)."""
        return [self[i].line for i in range(start, min(start + count, self.length))]

    def whole(self) -> tuple[Slot, ...]:
        """Every event, made once for as long as the record is being tried."""
        if self.parent is None or self.change is None:
            return self.root
        if self._whole is None:
            self._whole = self._made()
        return self._whole

    def _made(self) -> tuple[Slot, ...]:
        assert self.parent is not None and self.change is not None
        slots = self.parent.whole()
        op, at, line, other = self.change
        if op == "replace":
            assert line is not None
            return (*slots[:at], Slot(line, None, Event(line)), *slots[at + 1 :])
        if op == "insert":
            assert line is not None
            new = (*slots[:at], Slot(line, None, Event(line)), *slots[at:])
        elif op == "delete":
            new = (*slots[:at], *slots[at + 1 :])
        else:  # a swap or a move: the events between its two places in another order
            lo, hi = min(at, other), max(at, other)
            moved = (slots[_source(op, at, other, i)] for i in range(lo, hi + 1))
            new = (*slots[:lo], *moved, *slots[hi + 1 :])
            at = lo
        return (*new[:at], *(self._numbered(slot, i) for i, slot in enumerate(new[at:], at)))

    def let_go(self) -> None:
        """Hold the record as its parent's and one edit again."""
        self._whole = None


def _length(parent: Lines, change: Change) -> int:
    return len(parent) + {"insert": 1, "delete": -1}.get(change[0], 0)


def _source(op: Op, at: int, other: int, i: int) -> int:
    """Where event ``i``, between a swap's or a move's two places, stood before it: a swap
    exchanges ``at`` and ``other``; a move takes the event at ``at`` to ``other``, and
    those between shift one place towards ``at``."""
    if op == "swap":
        return {at: other, other: at}.get(i, i)
    if i == other:
        return at
    return i + 1 if at < other else i - 1


def digest(slots: tuple[Slot, ...], claimed: object = None) -> bytes:
    """A record's events, and the result it claims if an edit changed it, as a digest: the
    records tried are remembered by it, not whole."""
    said = [s.line for s in slots]
    if claimed is not None:
        said.append(repr(claimed))
    lines = dumps(said).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(lines, digest_size=16).digest()


class Ticking:
    """A replay that tells ``tick`` of the plies it plays, a few at a time: the search
    looks at its time there, inside the replay of a long record, its longest work."""

    def __init__(self, replay: Replay, tick: Callable[[int], None]) -> None:
        self._replay, self._tick = replay, tick

    def __getattr__(self, name: str) -> Any:
        return getattr(self._replay, name)

    def attempt(self, written: str, *, lenient: bool) -> Step:
        self._tick(1)
        return self._replay.attempt(written, lenient=lenient)

    def play_accepted(self, events: Sequence[Event]) -> int:
        """:meth:`Replay.play_accepted`, :data:`EACH_PLIES` at a time, each few told."""
        played = 0
        while played < len(events):
            chunk = events[played : played + EACH_PLIES]
            done: int = self._replay.play_accepted(chunk)
            self._tick(done)
            played += done
            if done < len(chunk):
                break
        return played

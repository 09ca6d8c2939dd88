"""The edits a repair search plans at one place of a record, each priced by the error
model of copying (:mod:`.transcription`), and the edited record each makes once the
search reaches it (docs/repair.md, "What an edit is")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from adjudicator.core.judge.replay import Replay
from adjudicator.core.repair import transcription
from adjudicator.core.repair.continuation import agreed, completions
from adjudicator.core.repair.lines import Lines
from adjudicator.core.repair.models import Edit
from adjudicator.core.repair.nodes import Node, Place, Planned

#: Lines after a place a game reads to tell what was left out there (:meth:`Replay.omitted`):
#: two Dark Nebula turns.
AHEAD = 14


def replacements(
    replay: Replay, line: str, listed: list[str], confusables: tuple[str, ...]
) -> dict[str, float]:
    """What may have been meant where ``line`` is written, with what miscopying it costs:
    every event the game lists as legal here, the line with a part left out put back
    (:meth:`Replay.completed`), and the line with a number or a word miscopied; each at the
    cheapest of the ways it may have been miscopied."""
    found = {alt: transcription.line_cost(line, alt, confusables) for alt in listed}
    vocabulary = replay.vocabulary()
    for near in (
        completions(replay, line, confusables).items(),
        transcription.near_numbers(line),
        transcription.near_handwriting(line),
        transcription.near_orders(line),
        transcription.near_spellings(line, vocabulary),
        transcription.near_words(line, vocabulary),
    ):
        for alt, cost in near:
            if cost < found.get(alt, cost + 1):
                found[alt] = cost
    found.pop(line, None)
    return found


#: How far apart two lines stand on a score sheet (:meth:`Repairable.rows_apart`).
RowsApart = Callable[[int, int], int]


@dataclass(frozen=True)
class SheetLines:
    """How a record's score sheet writes its events (:meth:`Repairable.line_events`): so
    many on a line, so many on its first; and where the sheet's own numbering says a line
    is missing or out of place (:attr:`GameRecord.gaps`, the indices of the written events
    after each such place)."""

    per_line: int
    first: int
    gaps: frozenset[int]
    #: events from one of a side's events to its next (:attr:`Repairable.stride`)
    stride: int
    #: how far apart two events' lines stand on the sheet (:meth:`Repairable.rows_apart`)
    rows_apart: RowsApart

    def line_at(self, at: int) -> int:
        """How many events a whole sheet line opened at event ``at`` holds; 1 where no
        line opens there or a line is one event."""
        if at == 0:
            return self.first
        if at < self.first or (at - self.first) % self.per_line:
            return 1
        return self.per_line

    def omission(self, slots: Lines, at: int) -> float:
        """What an event left out before event ``at`` costs: less where the sheet's
        numbering says a line is missing there."""
        if at < len(slots) and slots[at].origin in self.gaps:
            return transcription.NUMBERED_GAP
        return transcription.MISSING_OR_EXTRA_EVENT


def edits_at(place: Place, confusables: tuple[str, ...], sheet: SheetLines) -> Iterator[Planned]:
    """The edits of a node's record at one slot, planned only: a search plans thousands
    and makes the few it reaches. Where a sheet line opens, the whole line left out or
    written twice is planned as well: one copying error, made as an edit of each of its
    events."""
    node, at, replay = place
    if node.owes:
        yield from _owed(place)
        return
    slots = node.slots
    listed = replay.alternatives() or []
    line = sheet.line_at(at)
    if at < len(slots):
        written = slots[at].line
        for alt, cost in replacements(replay, written, listed, confusables).items():
            yield Planned(node, replay, at, "replace", alt, cost)
        yield Planned(node, replay, at, "delete", None, _deletion(slots, at))
        if line > 1 and at + line <= len(slots):
            cost = _deletion(slots, at, line)
            yield Planned(node, replay, at, "delete", None, cost, owes=line - 1)
        yield from _reordered(node, replay, at, sheet)
    ahead = slots.lines(at, AHEAD)
    omission = sheet.omission(slots, at)
    for alt in dict.fromkeys([*listed, *replay.omitted(ahead)]):
        yield Planned(node, replay, at, "insert", alt, omission)
        if line > 1:
            yield Planned(node, replay, at, "insert", alt, omission, owes=line - 1)


#: Events a sheet line left out goes on with, at most: those after which the record's next
#: lines play furthest (:func:`.continuation.agreed`).
LINE_REST = 8


def _owed(place: Place) -> Iterator[Planned]:
    """The rest of a sheet line its node's last edit began to insert or delete, at no
    further cost: the line's copying error is priced once. An event inserted is one the
    record's next lines agree with (:func:`.continuation.agreed`), or any legal one."""
    node, at, replay = place
    owes = node.owes - 1
    if node.edits[-1].op == "delete":
        if at < len(node.slots):
            yield Planned(node, replay, at, "delete", None, 0.0, owes=owes)
        return
    listed = replay.alternatives() or []
    ahead = node.slots.lines(at, AHEAD)
    for alt in agreed(replay, listed, ahead, LINE_REST) or listed:
        yield Planned(node, replay, at, "insert", alt, 0.0, owes=owes)


def _deletion(slots: Lines, at: int, count: int = 1) -> float:
    """What deleting the ``count`` events from ``at`` costs: little for an exact copy of
    the neighbouring ones (a line written twice), else what any line written but not
    played costs."""
    these = slots.lines(at, count)
    before = slots.lines(at - count, count) if at >= count else []
    after = slots.lines(at + count, count)
    copied = these in (before, after)
    return transcription.DUPLICATE if copied else transcription.MISSING_OR_EXTRA_EVENT


def _reordered(node: Node, replay: Replay, at: int, sheet: SheetLines) -> Iterator[Planned]:
    """Lines in another order: line ``at`` exchanged with one up to
    :data:`~.transcription.REACH` after it (a neighbour, one side's next action, the same
    step of the next turn), moved there (written too early), or a line from there moved up
    to ``at`` (written too late); each the dearer the farther apart the two stand on the
    sheet (``sheet.rows_apart``; one side's next line the nearest where sides alternate)."""
    last = min(len(node.slots) - 1, at + transcription.REACH)
    for other in range(at + 1, last + 1):
        rows = sheet.rows_apart(at, other)
        swap = transcription.apart(transcription.SWAPPED_EVENTS, rows, sheet.stride)
        yield Planned(node, replay, at, "swap", None, swap, other)
        if other > at + 1:  # one place away, a move is a swap
            move = transcription.apart(transcription.MOVED_EVENT, rows)
            yield Planned(node, replay, at, "move", None, move, other)
            yield Planned(node, replay, other, "move", None, move, at)


def made(plan: Planned) -> Node:
    """The node a planned edit of the lines makes: its record, its edit and where edits go
    on."""
    node, at, op, line, other = plan.node, plan.at, plan.op, plan.line, plan.other
    slots = node.slots
    was: str | None = slots[at].line if at < len(slots) else None
    now: str | None = line
    to: int | None = None
    next_at = at + 1
    if op == "insert":
        was = None
    elif op == "delete":
        next_at = at
    elif op in ("swap", "move"):
        was = now = slots[at].line
        to = other + 1
        if op == "swap":
            now = slots[other].line
            was, now = f"{was} / {now}", f"{now} / {was}"
            next_at = at + 2 if other == at + 1 else at + 1
        elif other > at:  # written too early: what follows it now stands at ``at``
            next_at = at
        else:  # written too late: moved up to ``other``
            next_at = other + 1
    start = min(at, other) if op == "move" else at
    new = Lines(slots.root, slots.renumbered, slots, (op, at, line, other))
    edit = Edit(ply=at + 1, op=op, was=was, now=now, cost=plan.cost, to=to)
    # a line's rest is judged against where the record failed before the line's first edit
    failed = node.parent_failed if node.owes else node.failed_at or 0
    edited = Node(
        new, (*node.edits, edit), node.cost + plan.cost, next_at, plan.replay, start, failed
    )
    edited.claimed = node.claimed
    edited.owes = plan.owes
    edited.errors = node.errors + (0 if node.owes else 1)
    return edited

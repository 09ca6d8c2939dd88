"""The edits a repair search plans at one place of a record, each priced by the error
model of copying (:mod:`.transcription`), and the edited record each makes once the
search reaches it (docs/repair.md, "What an edit is")."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from adjudicator.core.judge.replay import Replay
from adjudicator.core.repair import transcription
from adjudicator.core.repair.continuation import completions
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


def _plies_apart(at: int, other: int) -> int:
    return other - at


def edits_at(
    place: Place, confusables: tuple[str, ...], rows_apart: RowsApart = _plies_apart
) -> Iterator[Planned]:
    """The edits of a node's record at one slot, planned only: a search plans thousands
    and makes the few it reaches."""
    node, at, replay = place
    slots = node.slots
    listed = replay.alternatives() or []
    if at < len(slots):
        written = slots[at].line
        for alt, cost in replacements(replay, written, listed, confusables).items():
            yield Planned(node, replay, at, "replace", alt, cost)
        yield Planned(node, replay, at, "delete", None, _deletion(slots, at))
        yield from _reordered(node, replay, at, rows_apart)
    ahead = slots.lines(at, AHEAD)
    for alt in dict.fromkeys([*listed, *replay.omitted(ahead)]):
        yield Planned(node, replay, at, "insert", alt, transcription.MISSING_OR_EXTRA_EVENT)


def _deletion(slots: Lines, at: int) -> float:
    """What deleting line ``at`` costs: little for an exact copy of a neighbour (a line
    written twice), else what any line written but not played costs."""
    line = slots[at].line
    copied = (at > 0 and slots[at - 1].line == line) or (
        at + 1 < len(slots) and slots[at + 1].line == line
    )
    return transcription.DUPLICATE if copied else transcription.MISSING_OR_EXTRA_EVENT


def _reordered(node: Node, replay: Replay, at: int, rows_apart: RowsApart) -> Iterator[Planned]:
    """Lines in another order: line ``at`` exchanged with one up to
    :data:`~.transcription.REACH` after it (a neighbour, one side's next action, the same
    step of the next turn), moved there (written too early), or a line from there moved up
    to ``at`` (written too late); each the dearer the farther apart the two stand on the
    sheet (``rows_apart``)."""
    last = min(len(node.slots) - 1, at + transcription.REACH)
    for other in range(at + 1, last + 1):
        rows = rows_apart(at, other)
        swap = transcription.apart(transcription.SWAPPED_EVENTS, rows)
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
    failed = node.failed_at or 0
    edited = Node(
        new, (*node.edits, edit), node.cost + plan.cost, next_at, plan.replay, start, failed
    )
    edited.claimed = node.claimed
    return edited

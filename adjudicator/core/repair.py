"""Record repair: the smallest, most plausible corrections under which a record is legal to
its end and agrees with its claimed result.

A score sheet that fails at ply N was often miscopied earlier, where a wrong but legal
action was written. The search edits the events as written — ``replace`` one, ``insert``
a missing one, ``delete`` one, ``swap`` two neighbours — and replays each edited record
against the rules, cheapest first by the cost model of :mod:`.transcription`
(uniform-cost search: the first candidates found are the cheapest).

What keeps it fast: an edit is looked for only at or before the ply where the record (as
edited so far) first fails, and a few plies before it; edits are made in the order of
their plies; an edited record is replayed from a copy of the game as it stood before the
edit, never from its start; and a branch whose own edit is refused is dropped. Every
candidate returned was validated whole, as ``adjudicator validate`` would.

The core knows no game: a game offers the events legal where the replay stands
(:meth:`Replay.alternatives`, when it can list them), its confusable letters, and a way to
make its record again with other events (:meth:`Game.with_events`).
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from adjudicator.core import transcription
from adjudicator.core.errors import InputError
from adjudicator.core.records import Event, GameRecord, Replay, Validation
from adjudicator.core.records import validate as validate_record
from adjudicator.core.verdict import Problem, Verdict

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.i18n import Lang

Op = Literal["replace", "insert", "delete", "swap"]

#: The checks on a claimed result, not on an event: the fault may be anywhere before.
RESULT_CODES = frozenset(
    {"result_missing", "result_undecided", "wrong_winner", "wrong_reason", "ended_after_decided"}
)

#: How many plies before a failure an edit is looked for.
DEFAULT_WINDOW = 10
DEFAULT_MAX_EDITS = 2
DEFAULT_TOP = 3
#: Edited records replayed at most, and seconds: what fits a director's patience.
DEFAULT_MAX_REPLAYS = 20_000
DEFAULT_SECONDS = 30.0
#: Candidates that cost this much more than the best are not looked for: far less likely
#: than it, they would only cost the director time.
HORIZON = 2.0


class Edit(BaseModel):
    """One correction: at ``ply`` (1-based, in the record as corrected so far), what was
    written and what is now."""

    ply: int
    op: Op
    was: str | None = Field(description="The event as written (None for an insertion).")
    now: str | None = Field(description="The event as corrected (None for a deletion).")
    cost: float


class Candidate(BaseModel):
    edits: list[Edit]
    cost: float = Field(description="The sum of the edits' costs (see docs/repair.md).")
    verdict: Verdict = Field(description="The corrected record's verdict.")
    record: dict[str, Any] = Field(
        description="The corrected record, whole, in the game's JSON record format."
    )


class Searched(BaseModel):
    edits_tried: int
    replays: int
    seconds: float
    complete: bool = Field(
        description="True when every record within max_edits edits was considered."
    )
    budget_reached: str | None = Field(
        default=None, description="'replays' or 'time' when the search stopped at a budget."
    )


class Repair(BaseModel):
    """What ``adjudicator repair --json`` prints."""

    source: str
    game: str | None
    status: Literal["valid", "repaired", "no_candidate", "pending", "unreadable"]
    verdict: Verdict = Field(description="The record's own verdict, before any edit.")
    max_edits: int
    candidates: list[Candidate] = Field(default_factory=list)
    searched: Searched | None = None


@dataclass(frozen=True)
class Slot:
    """One event of an edited record: its line, the index of the event of the record it
    is, unchanged (kept or moved), or ``None`` for a line the repair wrote, and the event
    the validation loop plays."""

    line: str
    origin: int | None
    event: Event


@dataclass
class _Node:
    slots: tuple[Slot, ...]
    edits: tuple[Edit, ...]
    cost: float
    #: edits may be made from this slot index on (edits go in the order of their plies)
    next_at: int
    #: the replay standing before slot ``base``, shared with the parent: copied, not played
    base: Replay
    base_at: int
    #: where the record failed before this node's last edit
    parent_failed: int = 0
    failed_at: int | None = None


class _Search:
    def __init__(
        self,
        game: Game,
        record: GameRecord,
        *,
        max_edits: int,
        top: int,
        window: int,
        max_replays: int,
        seconds: float,
    ) -> None:
        self.game = game
        self.record = record
        self.max_edits = max_edits
        self.top = top
        self.window = window
        self.max_replays = max_replays
        self.deadline = time.monotonic() + seconds
        self.started = time.monotonic()
        self.confusables = game.confusables
        self.replays = 0
        self.tried = 0
        self.budget: str | None = None
        self.seen: set[tuple[str, ...]] = set()
        self.order = itertools.count()
        self.exhausted = False

    # --- playing edited records ---------------------------------------------------------

    def _failure(self, problem: Problem | None, offset: int, length: int) -> int | None:
        """The slot index (0-based) an edit must come at or before; ``None``: passes."""
        if problem is None:
            return None
        if problem.code in RESULT_CODES or problem.ply is None:
            return length
        return offset + problem.ply - 1

    def _play(self, node: _Node) -> int | None:
        """Replay ``node``'s record from its base: where it first fails, or ``None``."""
        self.replays += 1
        replay = node.base.copy()
        tail = [s.event for s in node.slots[node.base_at :]]
        partial = GameRecord(
            self.record.game, self.record.game_id, self.record.model, tail, self.record.claimed
        )
        validation = Validation(partial, replay, lenient=False, lang="en", positions=False)
        problem, _ = validation.run()
        return self._failure(problem, node.base_at, len(node.slots))

    def _checkpoints(self, node: _Node, lo: int, hi: int) -> dict[int, Replay]:
        """The replay standing before each slot index in ``lo..hi`` of ``node``'s record."""
        replay = node.base.copy()
        found: dict[int, Replay] = {}
        for at in range(node.base_at, hi + 1):
            if at >= lo:
                found[at] = replay.copy()
            if at == hi or at >= len(node.slots):
                break
            try:
                step = replay.attempt(node.slots[at].line, lenient=False)
            except InputError:
                break
            if step.violation is not None:
                break
        return found

    # --- edits ----------------------------------------------------------------------------

    def _replacements(self, replay: Replay, line: str) -> list[str]:
        listed = replay.alternatives()
        found = dict.fromkeys(listed or [])
        found.update(dict.fromkeys(transcription.near_numbers(line)))
        found.update(dict.fromkeys(transcription.near_words(line, replay.vocabulary())))
        found.pop(line, None)
        return list(found)

    def _children(self, node: _Node, at: int, replay: Replay) -> list[tuple[float, _Node]]:
        slots, made = node.slots, []
        written = slots[at].line if at < len(slots) else None

        def child(
            op: Op,
            new: tuple[Slot, ...],
            was: str | None,
            now: str | None,
            cost: float,
            next_at: int,
        ) -> None:
            edit = Edit(ply=at + 1, op=op, was=was, now=now, cost=cost)
            made.append(
                (
                    node.cost + cost,
                    _Node(
                        new,
                        (*node.edits, edit),
                        node.cost + cost,
                        next_at,
                        replay,
                        at,
                        parent_failed=node.failed_at or 0,
                    ),
                )
            )

        listed = replay.alternatives() or []
        if written is not None:
            for alt in self._replacements(replay, written):
                cost = transcription.line_cost(written, alt, self.confusables)
                new = (*slots[:at], Slot(alt, None, Event(alt)), *slots[at + 1 :])
                child("replace", new, written, alt, cost, at + 1)
            cost = transcription.MISSING_OR_EXTRA_EVENT
            child("delete", (*slots[:at], *slots[at + 1 :]), written, None, cost, at)
            if at + 1 < len(slots):
                new = (*slots[:at], slots[at + 1], slots[at], *slots[at + 2 :])
                swapped = f"{slots[at + 1].line} / {slots[at].line}"
                cost = transcription.SWAPPED_EVENTS
                child("swap", new, f"{written} / {slots[at + 1].line}", swapped, cost, at + 2)
        for alt in listed:
            new = (*slots[:at], Slot(alt, None, Event(alt)), *slots[at:])
            child("insert", new, None, alt, transcription.MISSING_OR_EXTRA_EVENT, at + 1)
        return made

    @staticmethod
    def _progress(node: _Node) -> bool:
        """Whether a node is worth another edit: its own edit was accepted (a later edit
        cannot mend it), and the record fails no earlier than before it. Fixing the first of
        two miscopied events leaves the true game up to the second, so the failure never
        comes earlier; an edit that brings it earlier is not the first of a repair."""
        assert node.failed_at is not None
        return node.failed_at >= node.next_at and node.failed_at >= node.parent_failed

    def _expand(self, node: _Node) -> list[tuple[float, _Node]]:
        failed = node.failed_at
        assert failed is not None
        lo = max(node.next_at, failed - self.window)
        hi = min(failed, len(node.slots))
        if lo > hi:
            return []
        made = []
        for at, replay in self._checkpoints(node, lo, hi).items():
            made.extend(self._children(node, at, replay))
        return made

    # --- the search -------------------------------------------------------------------------

    def run(self, root: _Node) -> list[_Node]:
        found: list[_Node] = []
        heap: list[tuple[float, int, int, _Node]] = []

        def push(cost: float, child: _Node, failed: int) -> None:
            distance = abs(child.edits[-1].ply - 1 - failed) if child.edits else 0
            heapq.heappush(heap, (cost, distance, next(self.order), child))

        for cost, child in self._expand(root):
            push(cost, child, root.failed_at or 0)
        while heap and len(found) < self.top:
            if found and heap[0][0] > found[0].cost + HORIZON:
                break
            if self.replays >= self.max_replays:
                self.budget = "replays"
                break
            if time.monotonic() > self.deadline:
                self.budget = "time"
                break
            _, _, _, node = heapq.heappop(heap)
            key = tuple(s.line for s in node.slots)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.tried += 1
            node.failed_at = self._play(node)
            if node.failed_at is None:
                found.append(node)
                continue
            if len(node.edits) < self.max_edits and self._progress(node):
                for cost, child in self._expand(node):
                    push(cost, child, node.failed_at)
        self.exhausted = not heap and self.budget is None
        return found


def repair(
    game: Game,
    record: GameRecord,
    *,
    source: str = "<record>",
    max_edits: int = DEFAULT_MAX_EDITS,
    top: int = DEFAULT_TOP,
    window: int = DEFAULT_WINDOW,
    max_replays: int = DEFAULT_MAX_REPLAYS,
    seconds: float = DEFAULT_SECONDS,
    lang: Lang = "en",
) -> Repair:
    """The best corrections of ``record`` within ``max_edits`` edits, cheapest first."""
    verdict = validate_record(source, record, game.replay(record), lenient=False, lang=lang)
    if verdict.status != "invalid":
        status = "pending" if verdict.status == "pending" else "valid"
        return Repair(
            source=source, game=game.id, status=status, verdict=verdict, max_edits=max_edits
        )
    started = time.monotonic()
    search = _Search(
        game,
        record,
        max_edits=max_edits,
        top=top,
        window=window,
        max_replays=max_replays,
        seconds=seconds,
    )
    slots = tuple(Slot(e.written, i, e) for i, e in enumerate(record.events))
    root = _Node(slots, (), 0.0, 0, game.replay(record), 0)
    root.failed_at = search._failure(verdict.problem, 0, len(slots))
    found = search.run(root) if max_edits > 0 else []
    candidates = []
    for node in found:
        corrected = game.with_events(record, [(s.line, s.origin) for s in node.slots])
        checked = validate_record(
            source, corrected, game.replay(corrected), lenient=False, lang=lang
        )
        if checked.status != "valid":
            continue  # never claim what was not checked
        data = game.record_data(corrected)
        candidates.append(
            Candidate(edits=list(node.edits), cost=node.cost, verdict=checked, record=data)
        )
    complete = search.exhausted
    return Repair(
        source=source,
        game=game.id,
        status="repaired" if candidates else "no_candidate",
        verdict=verdict,
        max_edits=max_edits,
        candidates=candidates,
        searched=Searched(
            edits_tried=search.tried,
            replays=search.replays,
            seconds=round(time.monotonic() - started, 3),
            complete=complete,
            budget_reached=search.budget,
        ),
    )

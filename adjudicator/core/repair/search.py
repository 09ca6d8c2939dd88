"""Record repair: the smallest, most plausible corrections under which a record is legal to
its end and agrees with its claimed result.

A score sheet that fails at ply N was often miscopied earlier, where a wrong but legal
action was written. The search edits the events as written — ``replace`` one, ``insert``
a missing one, ``delete`` one, ``swap`` two neighbours — and replays each edited record
against the rules, cheapest first by the cost model of :mod:`.transcription`
(uniform-cost search: the first candidates found are the cheapest).

What keeps it small: an edit is looked for only at or before the ply where the record (as
edited so far) first fails; edits are made in the order of their plies, and one that
brings the failure earlier starts no branch; an edited record is replayed from a copy of
the game as it stood before the edit, never from its start; edits are planned by the
thousand but made only when the search reaches them; and candidates far costlier than the
best are not looked for. Every
candidate returned was validated whole, as ``adjudicator validate`` would.

The core knows no game: a game offers the events legal where the replay stands
(:meth:`Replay.alternatives`, when it can list them), its confusable letters, and a way to
make its record again with other events (:meth:`Game.with_events`).
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import BaseModel, Field

from adjudicator.core.errors import InputError
from adjudicator.core.judge.verdict import Problem, Verdict
from adjudicator.core.read.records import Event, GameRecord, Replay, Validation
from adjudicator.core.read.records import validate as validate_record
from adjudicator.core.repair import transcription

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.i18n import Lang

Op = Literal["replace", "insert", "delete", "swap"]
Stop = Literal["complete", "horizon", "top", "alternatives", "replays", "time"]

#: The checks on a claimed result, not on an event: the fault may be anywhere before.
RESULT_CODES = frozenset(
    {"result_missing", "result_undecided", "wrong_winner", "wrong_reason", "ended_after_decided"}
)

#: How many plies before a failure an edit is looked for; ``None``: back to the start (the
#: cost order, not the distance, keeps the search small; a far error is found as well).
DEFAULT_WINDOW: int | None = None
DEFAULT_MAX_EDITS = 2
DEFAULT_TOP = 3
#: Edited records replayed at most, and seconds: what fits a director's patience.
DEFAULT_MAX_REPLAYS = 20_000
DEFAULT_SECONDS = 30.0
#: Candidates that cost this much more than the best are not looked for: far less likely
#: than it, they would only cost the director time.
HORIZON = 0.5
#: Once the best is found, other corrections are looked for with as many replays again as
#: it took, and at least this many: a director waits for the best, not for every tie.
ALTERNATIVES_AT_LEAST = 1000
#: Lines after a place a game reads to tell what was left out there (:meth:`Replay.omitted`):
#: two Dark Nebula turns.
AHEAD = 14
#: No edit costs less (:mod:`.transcription`): what an edit not planned yet is counted at.
CHEAPEST_EDIT = min(
    transcription.NUMBER_OFF,
    transcription.CONFUSED,
    transcription.TRANSPOSED,
    transcription.SWAPPED_EVENTS,
    transcription.MISSING_OR_EXTRA_EVENT,
)


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
    stopped: Stop = Field(
        description="Why the search stopped: every record considered; every correction "
        "costing up to the best's plus the horizon considered; the candidates asked for "
        "found; as many replays again spent on other corrections as the best took; or a "
        "budget (replays, seconds) reached."
    )
    cost_limit: float | None = Field(
        default=None, description="With 'horizon': the dearest cost considered."
    )
    budget_reached: str | None = Field(
        default=None, description="'replays' or 'time' when the search stopped at a budget."
    )


class Repair(BaseModel):
    """What ``adjudicator repair --json`` prints."""

    source: str
    game: str | None
    status: Literal["valid", "repaired", "no_candidate", "pending"]
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


@dataclass(frozen=True, slots=True)
class _Planned:
    """An edit of ``node``'s record at slot ``at``, not made yet; ``line`` is the event it
    writes (a replacement's or an insertion's)."""

    node: _Node
    replay: Replay
    at: int
    op: Op
    line: str | None
    cost: float


class _Place(NamedTuple):
    """A slot of a node's record where edits may go, not planned yet."""

    node: _Node
    at: int
    replay: Replay


class _Search:
    def __init__(
        self,
        game: Game,
        record: GameRecord,
        *,
        max_edits: int,
        top: int,
        window: int | None,
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
        self.budget: Literal["replays", "time"] | None = None
        self.seen: set[tuple[str, ...]] = set()
        self.order = itertools.count()
        self.stopped: Stop = "complete"
        self.alternatives_until = 0

    # --- playing edited records ---------------------------------------------------------

    @staticmethod
    def _failure(problem: Problem | None, length: int) -> int | None:
        """The slot index (0-based) an edit must come at or before; ``None``: passes."""
        if problem is None:
            return None
        if problem.code in RESULT_CODES or problem.ply is None:
            return length
        return problem.ply - 1

    def _play(self, node: _Node) -> int | None:
        """Replay ``node``'s record from its base: where it first fails, or ``None``."""
        self.replays += 1
        events = [s.event for s in node.slots]
        edited = GameRecord(
            self.record.game, self.record.game_id, self.record.model, events, self.record.claimed
        )
        validation = Validation(
            edited,
            node.base.copy(),
            lenient=False,
            lang="en",
            positions=False,
            start=node.base_at,
        )
        problem, _ = validation.run()
        return self._failure(problem, len(node.slots))

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
                step = replay.attempt(node.slots[at].event.played, lenient=False)
            except InputError:
                break
            if step.violation is not None:
                break
        return found

    # --- edits ----------------------------------------------------------------------------

    def _replacements(self, replay: Replay, line: str, listed: list[str]) -> dict[str, float]:
        """What may have been meant where ``line`` is written, with what miscopying it
        costs: every event the game lists as legal here, and the line with a number or a
        word miscopied."""
        found = {
            alt: transcription.line_cost(line, alt, self.confusables)
            for alt in listed
            if alt != line
        }
        for alt, cost in transcription.near_numbers(line):
            found.setdefault(alt, cost)
        for alt, cost in transcription.near_words(line, replay.vocabulary()):
            found.setdefault(alt, cost)
        found.pop(line, None)
        return found

    def _edits_at(self, place: _Place) -> Iterator[_Planned]:
        """The edits of a node's record at one slot, planned only: a search plans
        thousands and makes the few it reaches."""
        node, at, replay = place
        slots = node.slots
        listed = replay.alternatives() or []
        if at < len(slots):
            written = slots[at].line
            for alt, cost in self._replacements(replay, written, listed).items():
                yield _Planned(node, replay, at, "replace", alt, cost)
            yield _Planned(node, replay, at, "delete", None, transcription.MISSING_OR_EXTRA_EVENT)
            if at + 1 < len(slots):
                yield _Planned(node, replay, at, "swap", None, transcription.SWAPPED_EVENTS)
        ahead = [s.line for s in slots[at : at + AHEAD]]
        for alt in dict.fromkeys([*listed, *replay.omitted(ahead)]):
            yield _Planned(node, replay, at, "insert", alt, transcription.MISSING_OR_EXTRA_EVENT)

    def _renumbered(self, slots: tuple[Slot, ...], start: int) -> tuple[Slot, ...]:
        """The slots from ``start`` on written with their new places' numbers, for a game
        whose events carry one (a slot keeps its origin: only its number changed)."""
        renumbered = self.game.renumbered
        out = list(slots)
        for i in range(start, len(out)):
            slot = out[i]
            line = renumbered(slot.line, i)
            if line != slot.line:
                out[i] = Slot(line, slot.origin, Event(line))
        return tuple(out)

    def _made(self, plan: _Planned) -> _Node:
        """The node a planned edit makes: its record, its edit and where edits go on."""
        node, at, op, line = plan.node, plan.at, plan.op, plan.line
        slots = node.slots
        was: str | None = slots[at].line if at < len(slots) else None
        now: str | None = line
        if op == "replace":
            assert line is not None
            new = (*slots[:at], Slot(line, None, Event(line)), *slots[at + 1 :])
            next_at = at + 1
        elif op == "insert":
            assert line is not None
            new = (*slots[:at], Slot(line, None, Event(line)), *slots[at:])
            was = None
            next_at = at + 1
        elif op == "delete":
            new = (*slots[:at], *slots[at + 1 :])
            next_at = at
        else:  # swap
            new = (*slots[:at], slots[at + 1], slots[at], *slots[at + 2 :])
            was = f"{slots[at].line} / {slots[at + 1].line}"
            now = f"{slots[at + 1].line} / {slots[at].line}"
            next_at = at + 2
        if op != "replace":
            new = self._renumbered(new, at)
        edit = Edit(ply=at + 1, op=op, was=was, now=now, cost=plan.cost)
        cost = node.cost + plan.cost
        failed = node.failed_at or 0
        return _Node(new, (*node.edits, edit), cost, next_at, plan.replay, at, failed)

    @staticmethod
    def _progress(node: _Node) -> bool:
        """Whether a node is worth another edit: its own edit was accepted (a later edit
        cannot mend it), and the record fails no earlier than before it. Fixing the first of
        two miscopied events leaves the true game up to the second, so the failure never
        comes earlier; an edit that brings it earlier is not the first of a repair."""
        assert node.failed_at is not None
        return node.failed_at >= node.next_at and node.failed_at >= node.parent_failed

    def _places(self, node: _Node) -> Iterator[_Place]:
        """Where ``node``'s record may be edited next: at or before its failure, after its
        last edit, each with the replay standing before it."""
        failed = node.failed_at
        assert failed is not None
        lo = node.next_at if self.window is None else max(node.next_at, failed - self.window)
        hi = min(failed, len(node.slots))
        if lo > hi:
            return
        for at, replay in self._checkpoints(node, lo, hi).items():
            yield _Place(node, at, replay)

    # --- the search -------------------------------------------------------------------------

    def run(self, root: _Node) -> list[_Node]:
        found: list[_Node] = []
        heap: list[tuple[float, int, int, _Planned | _Place]] = []

        def push(cost: float, at: int, failed: int, item: _Planned | _Place) -> None:
            # ties: the edit nearer the failure first
            heapq.heappush(heap, (cost, abs(at - failed), next(self.order), item))

        def places(node: _Node) -> None:
            # a place is planned when the search reaches the cheapest edit it could hold
            for place in self._places(node):
                push(node.cost + CHEAPEST_EDIT, place.at, node.failed_at or 0, place)

        places(root)
        while heap:
            if len(found) >= self.top:
                self.stopped = "top"
                break
            if found and heap[0][0] > found[0].cost + HORIZON:
                self.stopped = "horizon"
                break
            if found and self.replays > self.alternatives_until:
                self.stopped = "alternatives"
                break
            if self.replays >= self.max_replays:
                self.stopped = self.budget = "replays"
                break
            if time.monotonic() > self.deadline:
                self.stopped = self.budget = "time"
                break
            item = heapq.heappop(heap)[3]
            if isinstance(item, _Place):
                failed = item.node.failed_at or 0
                for plan in self._edits_at(item):
                    push(item.node.cost + plan.cost, plan.at, failed, plan)
                continue
            node = self._made(item)
            key = tuple(s.line for s in node.slots)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.tried += 1
            node.failed_at = self._play(node)
            if node.failed_at is None:
                if not found:
                    self.alternatives_until = 2 * self.replays + ALTERNATIVES_AT_LEAST
                if not any(_within(earlier, node) for earlier in found):
                    found.append(node)
            elif len(node.edits) < self.max_edits and self._progress(node):
                places(node)
        return found


def _within(earlier: _Node, later: _Node) -> bool:
    """Whether ``later`` makes every edit ``earlier`` makes, and more: the record was valid
    without the more, so they are no correction but a change of a valid game."""
    made = {(e.ply, e.op, e.was, e.now) for e in later.edits}
    return all((e.ply, e.op, e.was, e.now) in made for e in earlier.edits)


def repair(
    game: Game,
    record: GameRecord,
    *,
    source: str = "<record>",
    max_edits: int = DEFAULT_MAX_EDITS,
    top: int = DEFAULT_TOP,
    window: int | None = DEFAULT_WINDOW,
    max_replays: int = DEFAULT_MAX_REPLAYS,
    seconds: float = DEFAULT_SECONDS,
    lang: Lang = "en",
) -> Repair:
    """The best corrections of ``record`` within ``max_edits`` edits, cheapest first."""
    verdict = validate_record(source, record, game.replay(record), lenient=False, lang=lang)
    if verdict.status != "invalid":
        status: Literal["pending", "valid"] = "pending" if verdict.status == "pending" else "valid"
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
    root.failed_at = search._failure(verdict.problem, len(slots))
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
    limit = candidates[0].cost + HORIZON if candidates and search.stopped == "horizon" else None
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
            complete=search.stopped == "complete",
            stopped=search.stopped,
            cost_limit=limit,
            budget_reached=search.budget,
        ),
    )

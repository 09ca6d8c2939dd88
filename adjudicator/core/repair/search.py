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

What keeps it bounded, whatever the record (docs/repair.md, "Bounds"): a budget of
replays, deterministic, a long record's counted once per :data:`LONG_RECORD` events; the
time, an outer limit, looked at ply by ply inside every replay; memory for the record, not
the record times the candidates (:class:`.lines.Lines`, :data:`CHECKPOINTS`).

The core knows no game: a game offers the events legal where the replay stands
(:meth:`Replay.alternatives`, when it can list them), its confusable letters, and a way to
make its record again with other events (:meth:`Repairable.with_events`).
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple, cast

from adjudicator.core.capabilities import Repairable, need
from adjudicator.core.errors import InputError
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.validation import Validation, validate
from adjudicator.core.judge.verdict import ClaimedResult, Problem
from adjudicator.core.read.records import GameRecord
from adjudicator.core.repair import transcription
from adjudicator.core.repair.continuation import completions
from adjudicator.core.repair.lines import Lines, Slot, Ticking, digest
from adjudicator.core.repair.models import (
    Candidate,
    Doubt,
    Edit,
    Op,
    Repair,
    Searched,
    Stop,
)
from adjudicator.core.repair.ties import alternatives_in, ties

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.i18n import Lang


#: The checks on a claimed result, not on an event: the fault may be anywhere before.
RESULT_CODES = frozenset(
    {"result_missing", "result_undecided", "wrong_winner", "wrong_reason", "ended_after_decided"}
)

#: The checks a claimed result fails that one field written wrong explains: the winner or
#: the reason the game reaches, or a result never written for a game the rules decided.
RESULT_FIXES = frozenset({"result_missing", "wrong_winner", "wrong_reason"})

#: How many plies before a failure an edit is looked for; ``None``: back to the start (the
#: cost order, not the distance, keeps the search small; a far error is found as well).
DEFAULT_WINDOW: int | None = None
DEFAULT_MAX_EDITS = 2
DEFAULT_TOP = 3
#: Edited records replayed at most (the budget: the same answer on any machine), and seconds,
#: an outer limit for a machine far slower or busier than a laptop (said when it stops one).
DEFAULT_MAX_REPLAYS = 20_000
DEFAULT_SECONDS = 120.0
#: Candidates that cost this much more than the best are not looked for: far less likely
#: than it, they would only cost the director time.
HORIZON = 0.5
#: Once the best is found, other corrections are looked for with as many replays again as
#: it took, and at least this many: a director waits for the best, not for every tie.
ALTERNATIVES_AT_LEAST = 1000
#: Lines after a place a game reads to tell what was left out there (:meth:`Replay.omitted`):
#: two Dark Nebula turns.
AHEAD = 14
#: A record counts as one replay per so many events, and so many plies played to reach places
#: count as one: the budget bounds the work, whatever the record's length.
LONG_RECORD = 250
#: The replays a node keeps before its places, at most; the others played from the nearest.
CHECKPOINTS = 64
#: No edit costs less (:mod:`.transcription`): what an edit not planned yet is counted at.
CHEAPEST_EDIT = min(transcription.MODEL.values())


@dataclass
class _Node:
    slots: Lines
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
    #: the result the record claims, when an edit wrote another (``None``: as written)
    claimed: ClaimedResult | None = None
    #: the result the game reaches, when the record claims another (:data:`RESULT_FIXES`)
    reached: ClaimedResult | None = None


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
    #: a swap's other line, or where a move takes line ``at``
    other: int = -1


class _Place(NamedTuple):
    """A slot of a node's record where edits may go, not planned yet, with the replay
    standing before it."""

    node: _Node
    at: int
    replay: Replay


@dataclass
class _Places:
    """The slots ``lo..top`` of a node's record where edits may go, reached one at a time
    from ``top`` down (nearest the failure first); ``kept`` holds the replay standing before
    every ``step``-th of them, from ``lo`` on. ``first`` numbers them in the search's
    order of arrival, as if each had been planned on its own."""

    node: _Node
    lo: int
    top: int
    step: int
    kept: list[Replay]
    first: int
    at: int


class _Spent(Exception):
    """The search's time ran out inside a replay."""


class _Search:
    def __init__(
        self,
        game: Repairable,
        record: GameRecord,
        *,
        max_edits: int,
        top: int,
        window: int | None,
        max_replays: int,
        seconds: float,
    ) -> None:
        self.record = record
        self.max_edits = max_edits
        self.top = top
        self.window = window
        self.max_replays = max_replays
        self.deadline = time.monotonic() + seconds
        self.started = time.monotonic()
        self.confusables = game.confusables
        self.replays = 0
        #: the budget spent: replays, a long record's counted once per LONG_RECORD events
        self.spent = 0
        #: plies played to stand before places, not yet counted as a replay
        self.plies = 0
        self.tried = 0
        self.budget: Literal["replays", "time"] | None = None
        #: the records tried, by their digests
        self.seen: set[bytes] = set()
        self.order = itertools.count()
        self.stopped: Stop = "complete"
        self.alternatives_until = 0
        self.found: list[_Node] = []
        self.heap: list[tuple[float, int, int, int, _Planned | _Places]] = []

    # --- playing edited records ---------------------------------------------------------

    @staticmethod
    def _failure(problem: Problem | None, length: int) -> int | None:
        """The slot index (0-based) an edit must come at or before; ``None``: passes."""
        if problem is None:
            return None
        if problem.code in RESULT_CODES or problem.ply is None:
            return length
        return problem.ply - 1

    def _tick(self, plies: int) -> None:
        """Told of plies played inside a replay: the time, an outer limit, is looked at
        where the work is done."""
        if time.monotonic() > self.deadline:
            raise _Spent

    def _charge(self, plies: int) -> None:
        """Plies played to stand before places, counted as replays once they make one."""
        self.plies += plies
        self.spent += self.plies // LONG_RECORD
        self.plies %= LONG_RECORD

    def _play(self, node: _Node) -> int | None:
        """Replay ``node``'s record from its base: where it first fails, or ``None``; the
        result the game reaches kept when only a claimed result fails."""
        self.replays += 1
        self.spent += max(1, -(-len(node.slots) // LONG_RECORD))
        events = [s.event for s in node.slots]
        claimed = node.claimed or self.record.claimed
        record = self.record
        edited = GameRecord(record.game, record.game_id, record.model, events, claimed)
        validation = Validation(
            edited,
            cast(Replay, Ticking(node.base.copy(), self._tick)),
            lenient=False,
            lang="en",
            positions=False,
            start=node.base_at,
        )
        problem, computed = validation.run()
        if problem is not None and problem.code in RESULT_FIXES and computed is not None:
            node.reached = ClaimedResult(winner=computed.winner, reason=computed.reason)
        return self._failure(problem, len(node.slots))

    def _advance(self, replay: Replay, slot: Slot) -> bool:
        """Play ``slot`` on ``replay``; whether it was accepted."""
        self._tick(1)
        try:
            step = replay.attempt(slot.event.played, lenient=False)
        except InputError:
            return False
        return step.violation is None

    def _places_of(self, node: _Node, lo: int, hi: int) -> _Places | None:
        """The places ``lo..hi`` of ``node``'s record, up to the first slot refused (a
        place before it, none after), with the replays kept to reach them."""
        slots = node.slots.whole()
        step = 1
        replay = node.base.copy()
        kept: list[Replay] = []
        top = None
        played = 0
        for at in range(node.base_at, hi + 1):
            if at >= lo:
                top = at
                if (at - lo) % step == 0:
                    kept.append(replay.copy())
                    if len(kept) > CHECKPOINTS:  # every other one dropped
                        kept, step = kept[::2], step * 2
            if at == hi or at >= len(slots):
                break
            played += 1
            if not self._advance(replay, slots[at]):
                break
        self._charge(played)
        if top is None:
            return None
        return _Places(node, lo, top, step, kept, 0, top)

    def _replay_at(self, places: _Places) -> Replay | None:
        """The replay standing before the place ``places.at``, from the one kept nearest
        before it; ``None`` if a slot between them is refused (it never is: they were
        played when the replays were kept)."""
        index = (places.at - places.lo) // places.step
        replay = places.kept[index].copy()
        start = places.lo + index * places.step
        for at in range(start, places.at):
            if not self._advance(replay, places.node.slots[at]):
                return None
        self._charge(places.at - start)
        return replay

    # --- edits ----------------------------------------------------------------------------

    def _replacements(self, replay: Replay, line: str, listed: list[str]) -> dict[str, float]:
        """What may have been meant where ``line`` is written, with what miscopying it
        costs: every event the game lists as legal here, the line with a part left out put
        back (:meth:`Replay.completed`), and the line with a number or a word miscopied;
        each at the cheapest of the ways it may have been miscopied."""
        found = {alt: transcription.line_cost(line, alt, self.confusables) for alt in listed}
        vocabulary = replay.vocabulary()
        for near in (
            completions(replay, line, self.confusables).items(),
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
            yield _Planned(node, replay, at, "delete", None, self._deletion(slots, at))
            yield from self._reordered(node, replay, at)
        ahead = slots.lines(at, AHEAD)
        for alt in dict.fromkeys([*listed, *replay.omitted(ahead)]):
            yield _Planned(node, replay, at, "insert", alt, transcription.MISSING_OR_EXTRA_EVENT)

    @staticmethod
    def _deletion(slots: Lines, at: int) -> float:
        """What deleting line ``at`` costs: little for an exact copy of a neighbour (a line
        written twice), else what any line written but not played costs."""
        line = slots[at].line
        copied = (at > 0 and slots[at - 1].line == line) or (
            at + 1 < len(slots) and slots[at + 1].line == line
        )
        return transcription.DUPLICATE if copied else transcription.MISSING_OR_EXTRA_EVENT

    @staticmethod
    def _reordered(node: _Node, replay: Replay, at: int) -> Iterator[_Planned]:
        """Lines in another order: line ``at`` exchanged with one up to
        :data:`~.transcription.REACH` after it (a neighbour, one side's next action, the
        same step of the next turn), moved there (written too early), or a line from there
        moved up to ``at`` (written too late)."""
        last = min(len(node.slots) - 1, at + transcription.REACH)
        for other in range(at + 1, last + 1):
            swap = transcription.apart(transcription.SWAPPED_EVENTS, other - at)
            yield _Planned(node, replay, at, "swap", None, swap, other)
            if other > at + 1:  # one place away, a move is a swap
                move = transcription.apart(transcription.MOVED_EVENT, other - at)
                yield _Planned(node, replay, at, "move", None, move, other)
                yield _Planned(node, replay, other, "move", None, move, at)

    def _made(self, plan: _Planned) -> _Node:
        """The node a planned edit makes: its record, its edit and where edits go on."""
        node, at, op, line, other = plan.node, plan.at, plan.op, plan.line, plan.other
        slots = node.slots
        cost = node.cost + plan.cost
        failed = node.failed_at or 0
        if op == "result":
            written = _result(self.record.claimed)
            edit = Edit(ply=len(slots), op=op, was=written, now=line, cost=plan.cost)
            assert node.reached is not None
            claimed = node.reached
            made = _Node(slots, (*node.edits, edit), cost, len(slots), node.base, node.base_at)
            made.parent_failed, made.claimed = failed, claimed
            return made
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
        made = _Node(new, (*node.edits, edit), cost, next_at, plan.replay, start, failed)
        made.claimed = node.claimed
        return made

    @staticmethod
    def _progress(node: _Node) -> bool:
        """Whether a node is worth another edit: its own edit was accepted (a later edit
        cannot mend it), and the record fails no earlier than before it. Fixing the first of
        two miscopied events leaves the true game up to the second, so the failure never
        comes earlier; an edit that brings it earlier is not the first of a repair."""
        assert node.failed_at is not None
        return node.failed_at >= node.next_at and node.failed_at >= node.parent_failed

    def _places(self, node: _Node) -> _Places | None:
        """Where ``node``'s record may be edited next: at or before its failure, after its
        last edit."""
        failed = node.failed_at
        assert failed is not None
        lo = node.next_at if self.window is None else max(node.next_at, failed - self.window)
        hi = min(failed, len(node.slots))
        if lo > hi:
            return None
        return self._places_of(node, lo, hi)

    # --- the search -------------------------------------------------------------------------

    def run(self, root: _Node) -> list[_Node]:
        try:
            return self._run(root)
        except _Spent:
            self.stopped = self.budget = "time"
            return self.found

    def _push(self, node: _Node, plan: _Planned) -> None:
        """Plan an edit of ``node``: ordered by what the record it makes costs, then by its
        edits (fewer first, so that a limit of more edits ranks a correction found with
        fewer no later), then nearer the failure first."""
        failed = node.failed_at or 0
        key = (node.cost + plan.cost, len(node.edits) + 1, abs(plan.at - failed))
        heapq.heappush(self.heap, (*key, next(self.order), plan))

    def _place(self, places: _Places) -> None:
        """A place is planned when the search reaches the cheapest edit it could hold; its
        order of arrival as if every place of the node had been pushed at once."""
        node = places.node
        key = (
            node.cost + CHEAPEST_EDIT,
            len(node.edits) + 1,
            abs(places.at - (node.failed_at or 0)),
        )
        heapq.heappush(self.heap, (*key, places.first + places.at - places.lo, places))

    def _places_for(self, node: _Node) -> None:
        found_places = self._places(node)
        if found_places is None:
            return
        found_places.first = next(self.order)
        # the numbers of the node's other places are taken
        self.order = itertools.count(found_places.first + found_places.top - found_places.lo + 1)
        self._place(found_places)

    def _stop(self) -> Stop | None:
        """Why the search stops before its next item, if it does."""
        found, heap = self.found, self.heap
        if len(found) >= self.top:
            return "top"
        if found and heap[0][0] > found[0].cost + HORIZON:
            return "horizon"
        if found and self.replays > self.alternatives_until:
            return "alternatives"
        if self.spent >= self.max_replays:
            self.budget = "replays"
            return "replays"
        if time.monotonic() > self.deadline:
            self.budget = "time"
            return "time"
        return None

    def _run(self, root: _Node) -> list[_Node]:
        self._places_for(root)
        if root.reached is not None:
            self._push(root, self._result_fix(root))
        while self.heap:
            stop = self._stop()
            if stop is not None:
                self.stopped = stop
                break
            item = heapq.heappop(self.heap)[-1]
            if isinstance(item, _Places):
                replay = self._replay_at(item)
                node = item.node
                if replay is not None:
                    for plan in self._edits_at(_Place(node, item.at, replay)):
                        self._push(node, plan)
                if item.at > item.lo:
                    item.at -= 1
                    self._place(item)
                continue
            node = self._made(item)
            key = digest(node.slots.whole(), node.claimed)
            if key not in self.seen:
                self.seen.add(key)
                self._try(node)
            node.slots.let_go()
        return self.found

    def _result_fix(self, node: _Node) -> _Planned:
        """The claimed result written as the result the game reaches: one field miscopied."""
        assert node.reached is not None
        now = _result(node.reached)
        at = len(node.slots)
        return _Planned(node, node.base, at, "result", now, transcription.RESULT)

    def _try(self, node: _Node) -> None:
        """Replay an edited record: a candidate when it passes, else where edits go next."""
        found = self.found
        self.tried += 1
        node.failed_at = self._play(node)
        if node.failed_at is None:
            if not found:
                self.alternatives_until = 2 * self.replays + ALTERNATIVES_AT_LEAST
            if not any(_within(earlier, node) for earlier in found):
                found.append(node)
            return
        if len(node.edits) >= self.max_edits:
            return
        if node.reached is not None and node.claimed is None:
            self._push(node, self._result_fix(node))
        if self._progress(node):
            self._places_for(node)


def doubtful(game: Repairable, edits: Sequence[Edit], cost: float) -> Doubt | None:
    """Why a correction is far less plausible than a copying error, if it is: it deletes a
    line of the record that writes what dice decided (no copy of its neighbour), or it
    costs more than :data:`~.transcription.DOUBTFUL_COST`."""
    for edit in edits:
        deleted = edit.op == "delete" and edit.cost > transcription.DUPLICATE
        if deleted and edit.was is not None and game.chance(edit.was):
            return "chance"
    if cost > transcription.DOUBTFUL_COST:
        return "cost"
    return None


def _claiming(game: Game, record: GameRecord, claimed: ClaimedResult) -> GameRecord:
    """``record`` claiming another result: its JSON record's ``result``, the format every
    game writes it in, read back."""
    data = game.record_data(record)
    data["result"] = {**(data.get("result") or {}), **claimed.model_dump(exclude={"resigned"})}
    return game.read_json_record(data, lenient=False)


def _result(claimed: ClaimedResult) -> str | None:
    """A claimed result as one line, ``winner reason``; ``None`` for none claimed."""
    if claimed.reason is None:
        return None
    return " ".join(p for p in (claimed.winner, claimed.reason) if p)


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
    verdict = validate(source, record, game.replay(record), lenient=False, lang=lang)
    if verdict.status != "invalid":
        status: Literal["pending", "valid"] = "pending" if verdict.status == "pending" else "valid"
        return Repair(
            source=source, game=game.id, status=status, verdict=verdict, max_edits=max_edits
        )
    repairable = need(game, Repairable)
    started = time.monotonic()
    search = _Search(
        repairable,
        record,
        max_edits=max_edits,
        top=top,
        window=window,
        max_replays=max_replays,
        seconds=seconds,
    )
    slots = tuple(Slot(e.written, i, e) for i, e in enumerate(record.events))
    root = _Node(Lines(slots, repairable.renumbered), (), 0.0, 0, game.replay(record), 0)
    root.failed_at = search._failure(verdict.problem, len(slots))
    problem, computed = verdict.problem, verdict.computed
    if problem is not None and problem.code in RESULT_FIXES and computed is not None:
        root.reached = ClaimedResult(winner=computed.winner, reason=computed.reason)
    found = search.run(root) if max_edits > 0 else []
    candidates = []
    for node in found:
        lines = [(s.line, s.origin) for s in node.slots]
        written = record if node.claimed is None else _claiming(game, record, node.claimed)
        corrected = repairable.with_events(written, lines)
        checked = validate(source, corrected, game.replay(corrected), lenient=False, lang=lang)
        if checked.status != "valid":
            continue  # never claim what was not checked
        data = game.record_data(corrected)
        doubt = doubtful(repairable, node.edits, node.cost)
        candidates.append(
            Candidate(
                edits=alternatives_in(game, repairable, written, lines, node.edits),
                cost=node.cost,
                doubtful=doubt is not None,
                doubtful_reason=doubt,
                verdict=checked,
                record=data,
            )
        )
    candidates = ties(candidates)
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

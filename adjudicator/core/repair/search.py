"""Record repair: the smallest, most plausible corrections under which a record is legal to
its end and agrees with its claimed result.

A score sheet that fails at ply N was often miscopied earlier, where a wrong but legal
action was written. The search edits the events as written — ``replace`` one, ``insert``
a missing one, ``delete`` one, ``swap`` or ``move`` lines out of place, correct the
``result`` (:mod:`.edits`, :mod:`.results`) — and replays each edited record against the
rules, cheapest first by the cost model of :mod:`.transcription` (uniform-cost search: the
first candidates found are the cheapest).

What keeps it small: an edit is looked for only at or before the ply where the record (as
edited so far) first fails; edits are made in the order of their plies, and one that
brings the failure earlier starts no branch; an edited record is replayed from a copy of
the game as it stood before the edit, never from its start; edits are planned by the
thousand but made only when the search reaches them; and candidates far costlier than the
best are not looked for. Every candidate returned was validated whole, as
``adjudicator validate`` would.

What keeps it bounded, whatever the record (docs/repair.md, "Bounds"): the budgets of
:mod:`.budget`; memory for the record, not the record times the candidates
(:class:`.lines.Lines`, :data:`CHECKPOINTS`).

The core knows no game: a game offers the events legal where the replay stands
(:meth:`Replay.alternatives`, when it can list them), its confusable letters, and a way to
make its record again with other events (:meth:`Repairable.with_events`).
"""

from __future__ import annotations

import heapq
import itertools
from typing import TYPE_CHECKING, Literal, cast

from adjudicator.core.capabilities import Repairable, need
from adjudicator.core.errors import InputError
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.validation import Validation, validate
from adjudicator.core.judge.verdict import Problem
from adjudicator.core.read.records import GameRecord
from adjudicator.core.repair import edits, results, transcription
from adjudicator.core.repair.budget import (
    DEFAULT_MAX_REPLAYS,
    DEFAULT_SECONDS,
    Budget,
    Spent,
)
from adjudicator.core.repair.lines import Lines, Slot, Ticking, digest
from adjudicator.core.repair.models import Candidate, Repair, Searched, Stop
from adjudicator.core.repair.nodes import Node, Place, Places, Planned
from adjudicator.core.repair.plausible import doubtful
from adjudicator.core.repair.ties import alternatives_in, ties

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.i18n import Lang


#: How many plies before a failure an edit is looked for; ``None``: back to the start (the
#: cost order, not the distance, keeps the search small; a far error is found as well).
DEFAULT_WINDOW: int | None = None
DEFAULT_MAX_EDITS = 2
DEFAULT_TOP = 3
#: Candidates that cost this much more than the best are not looked for: far less likely
#: than it, they would only cost the director time.
HORIZON = 0.5
#: Once the best is found, other corrections are looked for with as many replays again as
#: it took, and at least this many: a director waits for the best, not for every tie.
ALTERNATIVES_AT_LEAST = 1000
#: The replays a node keeps before its places, at most; the others played from the nearest.
CHECKPOINTS = 64
#: No edit costs less (:mod:`.transcription`): what an edit not planned yet is counted at.
CHEAPEST_EDIT = min(transcription.MODEL.values())


class _Search:
    def __init__(
        self,
        game: Repairable,
        record: GameRecord,
        *,
        max_edits: int,
        top: int,
        window: int | None,
        budget: Budget,
        sides: tuple[str, ...],
    ) -> None:
        self.record = record
        self.max_edits = max_edits
        self.top = top
        self.window = window
        self.budget = budget
        self.confusables = game.confusables
        self.sides = sides
        per_line, first = game.line_events(record)
        gaps = frozenset(record.gaps)
        self.sheet = edits.SheetLines(per_line, first, gaps, game.stride, game.rows_apart)
        self.tried = 0
        #: the records tried, by their digests
        self.seen: set[bytes] = set()
        self.order = itertools.count()
        self.stopped: Stop = "complete"
        self.alternatives_until = 0
        self.found: list[Node] = []
        self.heap: list[tuple[float, int, int, int, Planned | Places]] = []

    # --- playing edited records ---------------------------------------------------------

    @staticmethod
    def failure(problem: Problem | None, length: int) -> int | None:
        """The slot index (0-based) an edit must come at or before; ``None``: passes."""
        if problem is None:
            return None
        if problem.code in results.CODES or problem.ply is None:
            return length
        return problem.ply - 1

    def _play(self, node: Node) -> int | None:
        """Replay ``node``'s record from its base: where it first fails, or ``None``; the
        result the game reaches kept when only a claimed result fails."""
        self.budget.replayed(len(node.slots))
        events = [s.event for s in node.slots]
        claimed = node.claimed or self.record.claimed
        record = self.record
        edited = GameRecord(record.game, record.game_id, record.model, events, claimed)
        validation = Validation(
            edited,
            cast(Replay, Ticking(node.base.copy(), self.budget.tick)),
            lenient=False,
            lang="en",
            positions=False,
            start=node.base_at,
        )
        problem, computed = validation.run()
        node.reached = results.reached(problem, computed, claimed, self.sides)
        return self.failure(problem, len(node.slots))

    def _advance(self, replay: Replay, slot: Slot) -> bool:
        """Play ``slot`` on ``replay``; whether it was accepted."""
        self.budget.tick(1)
        try:
            step = replay.attempt(slot.event.played, lenient=False)
        except InputError:
            return False
        return step.violation is None

    def _places_of(self, node: Node, lo: int, hi: int) -> Places | None:
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
        self.budget.charge(played)
        if top is None:
            return None
        return Places(node, lo, top, step, kept, 0, top)

    def _replay_at(self, places: Places) -> Replay | None:
        """The replay standing before the place ``places.at``, from the one kept nearest
        before it; ``None`` if a slot between them is refused (it never is: they were
        played when the replays were kept)."""
        index = (places.at - places.lo) // places.step
        replay = places.kept[index].copy()
        start = places.lo + index * places.step
        for at in range(start, places.at):
            if not self._advance(replay, places.node.slots[at]):
                return None
        self.budget.charge(places.at - start)
        return replay

    @staticmethod
    def _progress(node: Node) -> bool:
        """Whether a node is worth another edit: its own edit was accepted (a later edit
        cannot mend it), and the record fails no earlier than before it. Fixing the first of
        two miscopied events leaves the true game up to the second, so the failure never
        comes earlier; an edit that brings it earlier is not the first of a repair."""
        assert node.failed_at is not None
        return node.failed_at >= node.next_at and node.failed_at >= node.parent_failed

    def _places(self, node: Node) -> Places | None:
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

    def run(self, root: Node) -> list[Node]:
        try:
            return self._run(root)
        except Spent:
            self.stopped = self.budget.reached = "time"
            return self.found

    def _push(self, node: Node, plan: Planned) -> None:
        """Plan an edit of ``node``: ordered by what the record it makes costs, then by its
        edits (fewer first, so that a limit of more edits ranks a correction found with
        fewer no later), then nearer the failure first."""
        failed = node.failed_at or 0
        key = (node.cost + plan.cost, node.errors + 1, abs(plan.at - failed))
        heapq.heappush(self.heap, (*key, next(self.order), plan))

    def _place(self, places: Places) -> None:
        """A place is planned when the search reaches the cheapest edit it could hold; its
        order of arrival as if every place of the node had been pushed at once."""
        node = places.node
        key = (
            node.cost + (0.0 if node.owes else CHEAPEST_EDIT),
            len(node.edits) + 1,
            abs(places.at - (node.failed_at or 0)),
        )
        heapq.heappush(self.heap, (*key, places.first + places.at - places.lo, places))

    def _places_for(self, node: Node, only: int | None = None) -> None:
        """Plan ``node``'s places (:meth:`_places`), or the one place ``only``."""
        if only is None:
            found_places = self._places(node)
        else:
            found_places = self._places_of(node, only, only)
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
        if found and self.budget.replays > self.alternatives_until:
            return "alternatives"
        return self.budget.used_up()

    def _run(self, root: Node) -> list[Node]:
        self._places_for(root)
        if root.reached is not None:
            self._push(root, results.fix(root))
        while self.heap:
            stop = self._stop()
            if stop is not None:
                self.stopped = stop
                break
            item = heapq.heappop(self.heap)[-1]
            if isinstance(item, Places):
                replay = self._replay_at(item)
                node = item.node
                if replay is not None:
                    place = Place(node, item.at, replay)
                    for plan in edits.edits_at(place, self.confusables, self.sheet):
                        self._push(node, plan)
                if item.at > item.lo:
                    item.at -= 1
                    self._place(item)
                continue
            node = self._made(item)
            key = digest(node.slots.whole(), node.claimed) + bytes([node.owes])
            if key not in self.seen:
                self.seen.add(key)
                self._try(node)
            node.slots.let_go()
        return self.found

    def _made(self, plan: Planned) -> Node:
        """The node a planned edit makes: a result fixed, or the lines edited."""
        if plan.op == "result":
            return results.made(plan, self.record.claimed)
        return edits.made(plan)

    def _try(self, node: Node) -> None:
        """Replay an edited record: a candidate when it passes, else where edits go next."""
        found = self.found
        self.tried += 1
        node.failed_at = self._play(node)
        if node.failed_at is None:
            if not found:
                self.alternatives_until = 2 * self.budget.replays + ALTERNATIVES_AT_LEAST
            if not any(_within(earlier, node) for earlier in found):
                found.append(node)
            return
        if node.owes:  # the rest of a sheet line, where the line's first edit left off
            self._places_for(node, node.next_at)
            return
        if node.errors >= self.max_edits:
            return
        if node.reached is not None and node.claimed is None:
            self._push(node, results.fix(node))
        if self._progress(node):
            self._places_for(node)


def _within(earlier: Node, later: Node) -> bool:
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
    if verdict.status != "invalid" and record.refused is not None:
        raise record.refused  # only the sheet's numbering was wrong: nothing here repairs it
    if verdict.status != "invalid":
        status: Literal["pending", "valid"] = "pending" if verdict.status == "pending" else "valid"
        return Repair(
            source=source, game=game.id, status=status, verdict=verdict, max_edits=max_edits
        )
    repairable = need(game, Repairable)
    budget = Budget(max_replays, seconds)
    search = _Search(
        repairable,
        record,
        max_edits=max_edits,
        top=top,
        window=window,
        budget=budget,
        sides=game.sides,
    )
    slots = tuple(Slot(e.written, i, e) for i, e in enumerate(record.events))
    root = Node(Lines(slots, repairable.renumbered), (), 0.0, 0, game.replay(record), 0)
    root.failed_at = search.failure(verdict.problem, len(slots))
    root.reached = results.reached(verdict.problem, verdict.computed, record.claimed, game.sides)
    found = search.run(root) if max_edits > 0 else []
    candidates = []
    for node in found:
        lines = [(s.line, s.origin) for s in node.slots]
        written = record if node.claimed is None else results.claiming(game, record, node.claimed)
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
            replays=budget.replays,
            seconds=budget.seconds(),
            complete=search.stopped == "complete",
            stopped=search.stopped,
            cost_limit=limit,
            budget_reached=budget.reached,
        ),
    )

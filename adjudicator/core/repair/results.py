"""The record's claimed result as a repair corrects it: one field written wrong (a wrong
winner or reason, or none written for a game the rules decided) is one copying error, not
a reason to rewrite the moves (docs/repair.md, "What an edit is": ``result``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.verdict import ClaimedResult, Problem
from adjudicator.core.repair import transcription
from adjudicator.core.repair.models import Edit
from adjudicator.core.repair.nodes import Node, Planned

if TYPE_CHECKING:
    from adjudicator.core.game import Game
    from adjudicator.core.read.records import GameRecord

#: The checks on a claimed result, not on an event: the fault may be anywhere before.
CODES = frozenset(
    {"result_missing", "result_undecided", "wrong_winner", "wrong_reason", "ended_after_decided"}
)

#: The checks a claimed result fails that one field written wrong explains: the winner or
#: the reason the game reaches, or a result never written for a game the rules decided
#: (and a win claimed for a game no rule decided: :func:`reached`).
FIXES = frozenset({"result_missing", "wrong_winner", "wrong_reason"})


def reached(
    problem: Problem | None,
    computed: Outcome | None,
    claimed: ClaimedResult,
    sides: tuple[str, ...],
) -> ClaimedResult | None:
    """The result the game reaches, when the record claims another that one field written
    wrong explains; else ``None``. A record claiming a win the rules never decided, of a
    game of two sides, had its reason written wrong if the game ended by the other side's
    resignation: the winner as written, by resignation."""
    if problem is None:
        return None
    if problem.code == "result_undecided" and claimed.winner in sides and len(sides) == 2:
        loser = next(side for side in sides if side != claimed.winner)
        return ClaimedResult(winner=claimed.winner, reason="resignation", resigned=loser)
    if problem.code not in FIXES or computed is None:
        return None
    return ClaimedResult(winner=computed.winner, reason=computed.reason)


def fix(node: Node) -> Planned:
    """The claimed result written as the result the game reaches: one field miscopied."""
    assert node.reached is not None
    return Planned(
        node, node.base, len(node.slots), "result", line(node.reached), transcription.RESULT
    )


def made(plan: Planned, written: ClaimedResult) -> Node:
    """The node a planned result fix makes: the same lines, claiming the result reached;
    no edit after it (it is the last field of the record)."""
    node = plan.node
    slots = node.slots
    edit = Edit(ply=len(slots), op="result", was=line(written), now=plan.line, cost=plan.cost)
    assert node.reached is not None
    cost = node.cost + plan.cost
    fixed = Node(slots, (*node.edits, edit), cost, len(slots), node.base, node.base_at)
    fixed.parent_failed, fixed.claimed = node.failed_at or 0, node.reached
    return fixed


def claiming(game: Game, record: GameRecord, claimed: ClaimedResult) -> GameRecord:
    """``record`` claiming another result: its JSON record's ``result``, the format every
    game writes it in, read back."""
    data = game.record_data(record)
    data["result"] = {**(data.get("result") or {}), **claimed.model_dump()}
    return game.read_json_record(data, lenient=False)


def line(claimed: ClaimedResult) -> str | None:
    """A claimed result as one line, ``winner reason``; ``None`` for none claimed."""
    if claimed.reason is None:
        return None
    return " ".join(p for p in (claimed.winner, claimed.reason) if p)

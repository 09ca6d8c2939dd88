"""Proofs of forced wins, and their checking by the rules engine alone.

A proof is a tree over the game from a position and its history: at each turn of the
winner, one action (``move``, then the rest of the proof); at each turn of the loser, every
legal action (``replies``, each with the rest of the proof); and at the leaves the outcome
the rules decide there (``end``). :func:`verify` walks it with :class:`GameState` — the
same object that replays records — and searches nothing: a proof is as good as the rules
engine that checks it, whoever produced it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.i18n import Lang
from adjudicator.orbit_dominion.actions import action_named
from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.position import Position
from adjudicator.orbit_dominion.record import Reason
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.state import GameState

PROOF_FORMAT = "orbit-dominion-proof/1"
Winner = Literal["red", "blue"]


class _Node(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Ending(_Node):
    winner: Winner
    reason: Reason = Field(description="The outcome reason the rules give at this node.")


class EndNode(_Node):
    """The game is decided here: by the action that led here, or at this turn start."""

    end: Ending


class MoveNode(_Node):
    """The winner is to move: the action it plays, and the proof after it."""

    move: str = Field(description="A legal action in canonical notation.")
    next: ProofNode


class RepliesNode(_Node):
    """The loser is to move: every legal action, each with the proof after it."""

    replies: dict[str, ProofNode] = Field(
        description="Every legal action of the side to move (canonical notation), no other."
    )


ProofNode = EndNode | MoveNode | RepliesNode
MoveNode.model_rebuild()
RepliesNode.model_rebuild()


class Proof(_Node):
    """A forced win, checkable by ``adjudicator orbit-dominion verify-proof``."""

    format: Literal["orbit-dominion-proof/1"] = PROOF_FORMAT
    game: Literal["orbit-dominion/4.2"] = "orbit-dominion/4.2"
    position: str = Field(description="The position the proof starts from.")
    history: list[str] = Field(
        default_factory=list,
        description="Positions that stood before it, each one occurrence for the threefold "
        "ban (第9条), as in the engine protocol's history.",
    )
    winner: Winner
    within: int = Field(
        ge=0, description="Every leaf is decided at most this many actions after the start."
    )
    tree: ProofNode


class Solution(_Node):
    """What ``solve`` answers (``--json``)."""

    result: Literal["win", "no_forced_win", "value"] = Field(
        description="win: a side forces a win within 'within' actions; no_forced_win: "
        "neither side can within 'depth'; value: the depth reaches the 120-action limit, so "
        "this is the exact result of the game."
    )
    winner: Literal["red", "blue", "draw"] | None
    within: int | None = Field(
        description="Actions from the position (both sides' together) by which the game is "
        "decided under best play; the winner's shortest forced win."
    )
    depth: int = Field(description="Actions searched from the position.")
    nodes: int = Field(description="Positions searched.")
    position: str
    seconds: float
    table_probes: int
    table_hits: int
    proof: Proof | None = Field(description="For a win: the proof; otherwise null.")


class Fault(BaseModel):
    """The first node of a proof at fault, in depth-first order (replies by notation)."""

    line: list[str] = Field(description="Actions from the proof's position to the node.")
    code: str
    detail: dict[str, str | int] = Field(default_factory=dict)

    def message(self, lang: Lang) -> str:
        return MESSAGES[self.code][lang].format(**self.detail)


MESSAGES: dict[str, dict[Lang, str]] = {
    "not_decided": {
        "en": "the proof ends here, but the game is not decided",
        "ja": "証明はここで終わっているが、対局は決着していない",
    },
    "decided_otherwise": {
        "en": "the rules decide {actual} here, not {claimed}",
        "ja": "ルールによる判定は {claimed} ではなく {actual}",
    },
    "already_decided": {
        "en": "the game is already decided here ({actual}); the proof goes on",
        "ja": "対局はここで既に決着している({actual})のに証明が続いている",
    },
    "too_late": {
        "en": "decided {plies} actions after the start, more than the {within} claimed",
        "ja": "開始から {plies} 手で決着しており、主張された {within} 手を超えている",
    },
    "wrong_side": {
        "en": "{side} is to move here, so the node must be '{expected}'",
        "ja": "ここでの手番は {side} なので、節点は '{expected}' でなければならない",
    },
    "not_notation": {
        "en": "{action!r} is not an action in canonical notation",
        "ja": "{action!r} は正規記法の行動ではない",
    },
    "illegal_move": {
        "en": "{action} is illegal here: {violation} — {text}",
        "ja": "{action} はここでは不合法: {violation} — {text}",
    },
    "missing_replies": {
        "en": "legal replies missing: {actions}",
        "ja": "合法な応手が欠けている: {actions}",
    },
    "extra_replies": {
        "en": "listed replies that are not legal: {actions}",
        "ja": "合法でない応手が挙げられている: {actions}",
    },
}


def _outcome_text(state: GameState) -> str:
    o = state.outcome()
    return "undecided" if o is None else f"{o.winner} ({o.reason})"


class _Checker:
    def __init__(self, proof: Proof, root: GameState, lang: Lang) -> None:
        self.proof = proof
        self.root_ply = root.position.ply
        self.winner = SIDE_NAMES.index(proof.winner)
        self.lang = lang
        self.nodes = 0

    def check(self, node: ProofNode, state: GameState, line: list[str]) -> Fault | None:
        self.nodes += 1
        outcome = state.outcome()
        if isinstance(node, EndNode):
            claimed = f"{node.end.winner} ({node.end.reason})"
            if outcome is None:
                return Fault(line=line, code="not_decided")
            if (outcome.winner, outcome.reason) != (node.end.winner, node.end.reason):
                actual = _outcome_text(state)
                return Fault(line=line, code="decided_otherwise", detail=_d(actual, claimed))
            if outcome.winner != self.proof.winner:
                actual = _outcome_text(state)
                claimed = f"{self.proof.winner} (winner of the proof)"
                return Fault(line=line, code="decided_otherwise", detail=_d(actual, claimed))
            plies = outcome.decided_at - self.root_ply
            if plies > self.proof.within:
                detail = {"plies": plies, "within": self.proof.within}
                return Fault(line=line, code="too_late", detail=detail)
            return None
        if outcome is not None:
            return Fault(line=line, code="already_decided", detail={"actual": _outcome_text(state)})
        to_move = SIDE_NAMES[state.turn]
        if isinstance(node, MoveNode):
            if state.turn != self.winner:
                detail = {"side": to_move, "expected": "replies"}
                return Fault(line=line, code="wrong_side", detail=detail)
            return self._move(node, state, line)
        if state.turn == self.winner:
            return Fault(line=line, code="wrong_side", detail={"side": to_move, "expected": "move"})
        legal = {a.text: a for a in state.legal_actions()}
        missing = sorted(set(legal) - set(node.replies))
        if missing:
            detail = {"actions": " ".join(missing)}
            return Fault(line=line, code="missing_replies", detail=detail)
        extra = sorted(set(node.replies) - set(legal))
        if extra:
            return Fault(line=line, code="extra_replies", detail={"actions": " ".join(extra)})
        for text in sorted(node.replies):
            child = state.copy()
            child.push(legal[text])
            fault = self.check(node.replies[text], child, [*line, text])
            if fault is not None:
                return fault
        return None

    def _move(self, node: MoveNode, state: GameState, line: list[str]) -> Fault | None:
        action = action_named(node.move)
        if action is None:
            return Fault(line=line, code="not_notation", detail={"action": node.move})
        violation = state.check(action)
        if violation is not None:
            cited = violation.cite(rule_data(), self.lang)
            detail = {
                "action": node.move,
                "violation": violation.code,
                "text": f"{violation.message(self.lang)} ({cited})",
            }
            return Fault(line=line, code="illegal_move", detail=detail)
        child = state.copy()
        child.push(action)
        return self.check(node.next, child, [*line, node.move])


def _d(actual: str, claimed: str) -> dict[str, str | int]:
    return {"actual": actual, "claimed": claimed}


def root_state(proof: Proof) -> GameState:
    """The proof's position with its history, as the rules engine sees it; raises
    ``InputError`` naming the field for a malformed position."""
    state = GameState(Position.from_text(proof.position, field="position"))
    for i, text in enumerate(proof.history):
        state.add_history(Position.from_text(text, field=f"history[{i}]"))
    return state


def verify(proof: Proof, lang: Lang = "en") -> tuple[Fault | None, int]:
    """The first node at fault (``None`` when the proof holds) and the nodes checked."""
    state = root_state(proof)
    checker = _Checker(proof, state, lang)
    return checker.check(proof.tree, state, []), checker.nodes

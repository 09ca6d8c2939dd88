"""Proofs of forced wins, and their checking by the rules engine alone.

A proof is a tree over the game from a position and its history: at each turn of the
winner, one action (``move``, then the rest of the proof); at each turn of the loser, every
legal action (``replies``, each with the rest of the proof); and at the leaves the outcome
the rules decide there (``end``). :func:`verify` walks it with :class:`GameState` — the
same object that replays records — and searches nothing: a proof is as good as the rules
engine that checks it, whoever produced it.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.orbit_dominion.actions import action_named
from adjudicator.orbit_dominion.board import SIDE_NAMES
from adjudicator.orbit_dominion.identity import Reason
from adjudicator.orbit_dominion.position import MOVE_LIMIT, Position, PositionKey
from adjudicator.orbit_dominion.references import rule_data
from adjudicator.orbit_dominion.rules import NO_LEGAL_MOVES
from adjudicator.orbit_dominion.state import GameState, with_history

PROOF_FORMAT: Literal["orbit-dominion-proof/1"] = "orbit-dominion-proof/1"
Winner = Literal["red", "blue"]


#: A count of actions: 0 to the 120-action limit, written as a JSON integer (``3``, not
#: ``3.0``, ``"3"`` or ``true``). JSON Schema cannot tell ``3.0`` from ``3``; the reader does.
Actions = Annotated[int, Field(ge=0, le=MOVE_LIMIT)]
#: A count of positions or probes: a JSON integer, never negative.
Count = Annotated[int, Field(ge=0)]


class _Node(BaseModel):
    # strict: a proof is read as its schema has it, a number never from a string or a bool
    model_config = ConfigDict(extra="forbid", strict=True)


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


def _node_kind(value: object) -> str | None:
    """Which node a value is, by its key (``end``, ``move`` or ``replies``): each node is
    read as that one model, not tried against all three (which cost ten times as much)."""
    keys = value if isinstance(value, dict) else getattr(value, "__dict__", {})
    for kind in ("end", "move", "replies"):
        if kind in keys:
            return kind
    return None


ProofNode = Annotated[
    Annotated[EndNode, Tag("end")]
    | Annotated[MoveNode, Tag("move")]
    | Annotated[RepliesNode, Tag("replies")],
    Discriminator(_node_kind),
]
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
        "ban (第9条), as in the engine protocol's history: each names a ply before the "
        "position's, no ply twice (so at most as many as the position's ply).",
    )
    winner: Winner
    within: Actions = Field(
        description="Every leaf is decided at most this many actions after the start (an "
        "integer, 0 to 120)."
    )
    tree: ProofNode


class Solution(_Node):
    """What ``solve`` answers (``--json``)."""

    result: Literal["win", "no_forced_win", "value", "decided"] = Field(
        description="win: a side forces a win within 'within' actions; no_forced_win: "
        "neither side can within 'depth' (or, with 'unfinished' set, within the depth the "
        "budget let the search finish); value: the depth reaches the 120-action limit, so "
        "this is the exact result of the game; decided: the game is already decided there "
        "(nothing is searched)."
    )
    winner: Literal["red", "blue", "draw"] | None
    within: Actions | None = Field(
        description="Actions from the position (both sides' together) by which the game is "
        "decided under best play; the winner's shortest forced win."
    )
    reason: Reason | None = Field(
        default=None, description="For 'decided': the outcome reason of the game's end."
    )
    depth: Actions = Field(
        description="Actions searched from the position: the depth asked for, or the "
        "deepest the budget let the search finish."
    )
    unfinished: Actions | None = Field(
        default=None,
        description="The depth the search was on when its budget ran out (--max-nodes, "
        "--time); null when it finished the depth asked for.",
    )
    nodes: Count = Field(description="Positions searched.")
    position: str
    history: list[str] = Field(
        default_factory=list,
        description="The positions that stood before it, which the answer relies on (第9条).",
    )
    seconds: float
    table_probes: Count
    table_hits: Count
    proof: Proof | None = Field(description="For a win: the proof; otherwise null.")


class Fault(BaseModel):
    """The first node of a proof at fault, in depth-first order (replies by notation)."""

    line: list[str] = Field(description="Actions from the proof's position to the node.")
    code: str
    detail: dict[str, str | int] = Field(default_factory=dict)

    def message(self, lang: Lang) -> str:
        return say(_MESSAGES[self.code], lang, **self.detail)


#: The message of each fault, by its code.
_MESSAGES = {
    "not_decided": "orbit_dominion.proof.not_decided",
    "decided_otherwise": "orbit_dominion.proof.decided_otherwise",
    "already_decided": "orbit_dominion.proof.already_decided",
    "too_late": "orbit_dominion.proof.too_late",
    "wrong_side": "orbit_dominion.proof.wrong_side",
    "not_notation": "orbit_dominion.proof.not_notation",
    "illegal_move": "orbit_dominion.proof.illegal_move",
    "missing_replies": "orbit_dominion.proof.missing_replies",
    "claim_differs": "orbit_dominion.proof.claim_differs",
    "premise_differs": "orbit_dominion.proof.premise_differs",
    "extra_replies": "orbit_dominion.proof.extra_replies",
}


def _outcome_text(state: GameState) -> str:
    o = state.outcome()
    return "undecided" if o is None else f"{o.winner} ({o.reason})"


class _Checker:
    """The walk of a proof: one state, pushed and popped along the tree, so that the time
    and the memory go with the proof, not with the proof times the history."""

    def __init__(self, proof: Proof, root: GameState, lang: Lang) -> None:
        self.proof = proof
        self.root_ply = root.position.ply
        self.winner = SIDE_NAMES.index(proof.winner)
        self.lang = lang
        self.nodes = 0
        #: The history's indices by position: which of them a ban consults.
        self.in_history: dict[PositionKey, list[int]] = {}
        for i, earlier in enumerate(root.history):
            self.in_history.setdefault(earlier.key, []).append(i)
        self.relied: set[int] = set()

    def note_bans(self, state: GameState) -> None:
        """Remember the history's positions behind each action the threefold ban removes
        here: the premises a loser's missing option or a no-legal-moves end rest on."""
        if not self.in_history:
            return
        for action in state.banned_actions():
            self.relied.update(self.in_history.get(state.key_after(action), ()))

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
                detail: dict[str, str | int] = {"plies": plies, "within": self.proof.within}
                return Fault(line=line, code="too_late", detail=detail)
            if outcome.reason == NO_LEGAL_MOVES:
                self.note_bans(state)
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
        self.note_bans(state)
        for text in sorted(node.replies):
            state.push(legal[text])
            line.append(text)
            fault = self.check(node.replies[text], state, line)
            line.pop()
            state.pop()
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
            detail: dict[str, str | int] = {
                "action": node.move,
                "violation": violation.code,
                "text": f"{violation.message(self.lang)} ({cited})",
            }
            return Fault(line=line, code="illegal_move", detail=detail)
        state.push(action)
        line.append(node.move)
        fault = self.check(node.next, state, line)
        line.pop()
        state.pop()
        return fault


def _d(actual: str, claimed: str) -> dict[str, str | int]:
    return {"actual": actual, "claimed": claimed}


def root_state(proof: Proof) -> GameState:
    """The proof's position with its history, as the rules engine sees it; raises
    ``InputError`` naming the field for a malformed position or history."""
    return with_history(Position.from_text(proof.position, field="position"), proof.history)


class Verification(NamedTuple):
    """What a check of a proof found: the first fault (``None`` when it holds), the
    nodes checked, and the history's positions (their indices) that the proof relies on."""

    fault: Fault | None
    nodes: int
    relied: list[int]


def verify(proof: Proof, lang: Lang = "en") -> Verification:
    """Walk the proof with the rules engine; see :class:`Verification`."""
    state = root_state(proof)
    checker = _Checker(proof, state, lang)
    fault = checker.check(proof.tree, state, [])
    relied = sorted(checker.relied) if fault is None else []
    return Verification(fault, checker.nodes, relied)


def same_position(a: str, b: str) -> bool:
    """Whether two texts name the same position (its ships, side to move, ply, claim)."""
    try:
        return Position.from_text(a) == Position.from_text(b)
    except InputError:
        return a == b


def claims_differ(solution: Solution, proof: Proof) -> Fault | None:
    """The first claim of a solution file that is not exactly what its proof proves: a
    win (or, when the depth reaches the move limit, the exact value) for the proof's
    winner, within the proof's bound, from the proof's position with the proof's history,
    found by a search at least that deep. The search's figures (nodes, seconds, table
    counts) are no claim about the game and are not checked."""
    ply = Position.from_text(proof.position, field="proof.position").ply
    to_limit = MOVE_LIMIT - ply
    result = "value" if solution.depth >= to_limit else "win"
    checks = [
        ("result", solution.result, result),
        ("winner", solution.winner, proof.winner),
        ("within", solution.within, proof.within),
        ("unfinished", solution.unfinished, None),
        ("reason", solution.reason, None),
    ]
    for claim, written, proved in checks:
        if written != proved:
            return _claim(claim, written, proved)
    if not same_position(solution.position, proof.position):
        return _claim("position", solution.position, proof.position)
    if len(solution.history) != len(proof.history):
        return _claim(
            "history", f"{len(solution.history)} positions", f"{len(proof.history)} positions"
        )
    for i, (said, shown) in enumerate(zip(solution.history, proof.history, strict=True)):
        if not same_position(said, shown):
            return _claim(f"history[{i}]", said, shown)
    if solution.depth < proof.within:
        return _claim("depth", solution.depth, f"at least {proof.within}")
    return None


def _claim(claim: str, written: object, proved: object) -> Fault:
    def shown(value: object) -> str | int:
        return "null" if value is None else value if isinstance(value, int) else str(value)

    detail = {"claim": claim, "written": shown(written), "proved": shown(proved)}
    return Fault(line=[], code="claim_differs", detail=detail)

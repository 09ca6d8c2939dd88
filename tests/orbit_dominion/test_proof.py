"""Proofs of forced wins: every proof the solver writes holds when the rules engine alone
walks it, and a proof broken in any one way is refused at the node at fault."""

from __future__ import annotations

import random

import pytest

from adjudicator.orbit_dominion import GameState
from adjudicator.orbit_dominion.proof import (
    EndNode,
    MoveNode,
    Proof,
    RepliesNode,
    verify,
)
from adjudicator.orbit_dominion.solve import solve
from tests.orbit_dominion.minimax import random_state
from tests.orbit_dominion.support import pos
from tests.orbit_dominion.test_solve import record_state


@pytest.fixture(scope="module")
def gate_proof() -> Proof:
    """第8条 03: red occupies both blue gates, blue has one reply, red wins at its turn
    start — a proof with a move, every reply, and gate_control leaves."""
    solution = solve(GameState(pos("R@I0 r@I6 r@M4 B@I9 b@O2")), 3)
    assert (solution.result, solution.winner, solution.within) == ("win", "red", 2)
    assert solution.proof is not None
    return solution.proof


def test_solver_proofs_hold_on_random_positions():
    """Every win the solver finds on 120 seeded positions (depths 1–4, the threefold ban
    live in many) comes with a proof that verify accepts, also after a JSON round trip."""
    rng = random.Random(21)
    proved = 0
    for _ in range(120):
        state = random_state(rng, standard=0.1)
        solution = solve(state, rng.randint(1, 4))
        if solution.winner in ("red", "blue"):
            assert solution.proof is not None
            again = Proof.model_validate_json(solution.proof.model_dump_json())
            fault, *_ = verify(again)
            assert fault is None, (fault, solution.position)
            proved += 1
        else:
            assert solution.proof is None
    assert proved > 20


def test_proof_carries_the_history():
    """第9条: the win of blue after 39 actions of no-legal-moves.json rests on the history
    (red's every action banned at ply 40); the proof lists it, and without it the same tree
    is refused: red then has legal actions and the game is not decided."""
    solution = solve(record_state("no-legal-moves.json", 39), 2)
    proof = solution.proof
    assert proof is not None and len(proof.history) == 39
    assert verify(proof)[0] is None
    fault, *_ = verify(proof.model_copy(update={"history": []}))
    assert fault is not None and fault.code == "not_decided"


def test_gate_proof_shape(gate_proof):
    tree = gate_proof.tree
    assert isinstance(tree, MoveNode)
    assert isinstance(tree.next, RepliesNode)
    leaves = list(tree.next.replies.values())
    assert all(isinstance(leaf, EndNode) and leaf.end.reason == "gate_control" for leaf in leaves)


def _first_reply(proof: Proof) -> tuple[str, RepliesNode]:
    replies = proof.tree.next
    return sorted(replies.replies)[0], replies


def test_missing_reply_is_the_fault(gate_proof):
    """Every legal reply of the loser must be answered (第3条: it may play any)."""
    proof = gate_proof.model_copy(deep=True)
    first, replies = _first_reply(proof)
    del replies.replies[first]
    fault, *_ = verify(proof)
    assert fault.code == "missing_replies" and fault.line == [proof.tree.move]
    assert first in fault.message("en")
    assert fault.message("ja").startswith("合法な応手が欠けている")


def test_extra_reply_is_the_fault(gate_proof):
    proof = gate_proof.model_copy(deep=True)
    _, replies = _first_reply(proof)
    replies.replies["O3-O7"] = EndNode.model_validate(
        {"end": {"winner": "red", "reason": "gate_control"}}
    )
    assert verify(proof)[0].code == "extra_replies"


def test_illegal_move_is_the_fault(gate_proof):
    """第4条: the winner's move must be legal; the fault names the violation."""
    proof = gate_proof.model_copy(deep=True)
    proof.tree.move = "M4-M7"
    fault, *_ = verify(proof)
    assert fault.code == "illegal_move" and fault.line == []
    assert "navigation_too_far" in fault.message("en")


def test_wrong_outcome_is_the_fault(gate_proof):
    """第10条 01: the leaf must say what the rules decide there."""
    proof = gate_proof.model_copy(deep=True)
    first, replies = _first_reply(proof)
    replies.replies[first] = EndNode.model_validate({"end": {"winner": "red", "reason": "pincer"}})
    fault, *_ = verify(proof)
    assert fault.code == "decided_otherwise" and fault.line == [proof.tree.move, first]


def test_within_is_checked(gate_proof):
    """The claimed bound: gate control is decided two actions after the start, not one."""
    fault, *_ = verify(gate_proof.model_copy(update={"within": 1}))
    assert fault.code == "too_late"
    assert "2" in fault.message("en")


def test_wrong_side_is_the_fault(gate_proof):
    proof = gate_proof.model_copy(update={"winner": "blue"})
    assert verify(proof)[0].code == "wrong_side"


def test_proof_matches_its_committed_schema(gate_proof):
    """The documented format: a proof as written validates against
    schemas/orbit-dominion.proof.schema.json (generated from the models)."""
    import json
    from pathlib import Path

    import jsonschema

    schemas = Path(__file__).parents[2] / "schemas"
    schema = json.loads((schemas / "orbit-dominion.proof.schema.json").read_text("utf-8"))
    jsonschema.validate(json.loads(gate_proof.model_dump_json()), schema)
    broken = json.loads(gate_proof.model_dump_json())
    broken["tree"]["next"] = {"end": {"winner": "green", "reason": "pincer"}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)

"""The record is accepted is part of every expectation that does not say otherwise: a case
expecting an outcome, a position, legal actions, pending checks or a normalization fails
against an engine that refuses the record, even where the refused record's answer holds
the same value (a refused record has no outcome either). ``illegal_at`` beside the
expectation states a refusal the case does expect."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from adjudicator.core.conformance.cases import Case, CaseFile, case_files
from adjudicator.core.conformance.engine import InProcessEngine
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Registry(installed_games())
FREE = "b:1=2,2=2,3=2 w:10=2,11=2,12=2"
SETUP = ["opening 3-3 5-2", "draft red purple green yellow blue cyan"]
TURN = (
    "1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | skill red A=2 | target 3"
    " | moves 3>5"
)


class _Refusing:
    """The built-in engine, except that it refuses the action at ``at`` (and, like a real
    refusal, answers for the record as it stood before it): an engine with a rule bug that
    rejects a legal record."""

    def __init__(self, at: int) -> None:
        self.inner = InProcessEngine(Server(REGISTRY))
        self.at = at

    @property
    def last_sent(self) -> str:
        return self.inner.last_sent

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        moves = request.get("moves")
        if request.get("cmd") != "evaluate" or not isinstance(moves, list):
            return self.inner.ask(request)
        if len(moves) <= self.at:
            return self.inner.ask(request)
        answer = self.inner.ask({**request, "moves": moves[: self.at]})
        return {**answer, "illegal_at": self.at, "violation": "action_not_available"}

    def restart(self) -> None:
        """Nothing to restart."""

    def close(self) -> None:
        """Nothing to close."""


def _file(*cases: Case, game: str = "astro-stra/0.9.0") -> CaseFile:
    return CaseFile(game=game, topic="acceptance", title="t", cases=list(cases))


def _case(case_id: str, moves: list[str], expect: dict[str, Any]) -> Case:
    return Case.model_validate(
        {
            "id": case_id,
            "refs": ["step-5"],
            "source": "test",
            "description": "test",
            "start": FREE,
            "moves": moves,
            "expect": expect,
        }
    )


def _statuses(engine: Any, *cases: Case, game: str = "astro-stra/0.9.0") -> dict[str, str]:
    report = Runner(engine).run([_file(*cases, game=game)])
    return {r.id: r.status for r in report.results}


UNDECIDED = _case("undecided", [*SETUP, TURN], {"outcome": None})
AFTER = _case(
    "after",
    [*SETUP, TURN],
    {"position": "b:1=2,2=2,3=1,5=1 w:10=2,11=2,12=2; white to move; held: none"},
)


def test_an_outcome_expectation_fails_against_an_engine_that_refuses_the_record() -> None:
    """``outcome: null`` is met by the built-in engine; an engine refusing the last turn
    also answers no outcome, and still fails the case on ``illegal_at``."""
    assert _statuses(InProcessEngine(Server(REGISTRY)), UNDECIDED) == {"undecided": "passed"}
    report = Runner(_Refusing(at=2)).run([_file(UNDECIDED)])
    (result,) = report.results
    assert result.status == "failed"
    assert result.expected == {"illegal_at": None, "outcome": None}
    assert result.actual == {"illegal_at": 2, "violation": "action_not_available", "outcome": None}
    assert result.diff[0] == 'illegal_at: expected null, got 2 ("action_not_available")'


def test_every_value_expectation_fails_when_the_record_is_refused() -> None:
    """A position and legal actions hold acceptance too (Astro-Stra refused at the draft,
    Orbit Dominion at its first action)."""
    got = _statuses(_Refusing(at=1), UNDECIDED, AFTER)
    assert got == {"undecided": "failed", "after": "failed"}
    good = _statuses(InProcessEngine(Server(REGISTRY)), UNDECIDED, AFTER)
    assert set(good.values()) == {"passed"}
    legal = _case("legal", ["I11-I10"], {"legal": {"exclude": ["I11-I10"]}})
    legal = legal.model_copy(update={"start": "standard"})
    od = "orbit-dominion/4.2"
    assert _statuses(_Refusing(at=0), legal, game=od) == {"legal": "failed"}
    assert _statuses(InProcessEngine(Server(REGISTRY)), legal, game=od) == {"legal": "passed"}


def test_illegal_at_states_an_expected_refusal() -> None:
    """A case about what follows a refusal gives its index: it passes when the engine
    refuses there, and fails on an engine that accepts the record."""
    refused = _case("refused", [*SETUP, TURN], {"outcome": None, "illegal_at": 2})
    assert _statuses(_Refusing(at=2), refused) == {"refused": "passed"}
    assert _statuses(InProcessEngine(Server(REGISTRY)), refused) == {"refused": "failed"}
    assert _statuses(_Refusing(at=1), refused) == {"refused": "failed"}


@pytest.mark.parametrize("kind", ["rejected", "error", "perft"])
def test_illegal_at_goes_only_with_an_expectation_of_the_evaluated_record(kind: str) -> None:
    """``rejected`` states the refusal itself; an error or a perft count has none."""
    value = {"rejected": {"index": 0}, "error": "malformed_event", "perft": {1: 1}}[kind]
    with pytest.raises(ValidationError, match="illegal_at goes only with"):
        _case("x", [], {kind: value, "illegal_at": 0})


def test_a_shipped_outcome_case_fails_once_its_move_is_illegal() -> None:
    """Astro-Stra's clear flip, its last move changed to an illegal ``3>8`` (A⚅ takes the
    piece six points, to 9): the built-in engine refuses it and the case fails."""
    files = case_files(ROOT / "conformance", "astro-stra/0.9.0", trusted=True)
    ((shipped, case),) = [(f, c) for _, f in files for c in f.cases if c.id == "as.s.clear-flip"]
    broken = case.model_copy(
        update={"moves": [*case.moves[:-1], case.moves[-1].replace("3>9", "3>8")]}
    )
    assert broken.moves != case.moves
    runner = Runner(InProcessEngine(Server(REGISTRY)))
    assert runner.run([shipped.model_copy(update={"cases": [case]})]).results[0].status == "passed"
    assert (
        runner.run([shipped.model_copy(update={"cases": [broken]})]).results[0].status == "failed"
    )


class _Says(_Refusing):
    """The built-in engine answering ``illegal_at`` with another JSON value."""

    def __init__(self, value: Any) -> None:
        super().__init__(at=0)
        self.value = value

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.inner.ask(request)
        if request.get("cmd") == "evaluate":
            answer["illegal_at"] = self.value
        return answer


@pytest.mark.parametrize("value", [False, "2"])
def test_illegal_at_is_compared_by_json_type(value: Any) -> None:
    """``false`` is not ``0``, ``"2"`` is not ``2``: each fails."""
    expected = 2 if value != False else 0  # noqa: E712 - False must not pass for 0
    case = _case("typed", [*SETUP, TURN], {"outcome": None, "illegal_at": expected})
    assert _statuses(_Says(value), case) == {"typed": "failed"}

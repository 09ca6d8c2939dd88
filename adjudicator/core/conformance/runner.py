"""Runs conformance cases against an engine and says, per case, passed, failed (with the
difference), skipped (a game or feature the engine did not declare) or errored (the engine
crashed or answered nonsense; it is restarted and the run goes on)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.core.conformance.cases import Case, CaseFile, ExpectedError
from adjudicator.core.conformance.engine import Engine, EngineFailure

Status = Literal["passed", "failed", "skipped", "errored"]


@dataclass
class CaseResult:
    id: str
    topic: str
    status: Status
    refs: list[str]
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "topic": self.topic,
            "status": self.status,
            "refs": self.refs,
            "detail": self.detail,
        }


@dataclass
class EngineInfo:
    name: str
    version: str
    games: list[str]
    features: set[str]


@dataclass
class RunReport:
    engine: EngineInfo | None
    results: list[CaseResult] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(r.status for r in self.results)

    def by_topic(self) -> dict[str, Counter[str]]:
        topics: dict[str, Counter[str]] = defaultdict(Counter)
        for r in self.results:
            topics[r.topic][r.status] += 1
        return dict(topics)

    @property
    def ok(self) -> bool:
        """Nothing failed or errored, and something passed."""
        c = self.counts()
        return c["failed"] == 0 and c["errored"] == 0 and c["passed"] > 0

    def to_json(self) -> dict[str, Any]:
        engine = None
        if self.engine is not None:
            engine = {
                "name": self.engine.name,
                "version": self.engine.version,
                "games": self.engine.games,
                "features": sorted(self.engine.features),
            }
        counts = self.counts()
        return {
            "engine": engine,
            "summary": {k: counts[k] for k in ("passed", "failed", "skipped", "errored")},
            "topics": {t: dict(c) for t, c in sorted(self.by_topic().items())},
            "results": [r.to_json() for r in self.results],
        }


def handshake(engine: Engine) -> EngineInfo:
    answer = engine.ask({"cmd": "hello", "protocol": 1})
    try:
        info = answer["engine"]
        return EngineInfo(
            name=str(info["name"]),
            version=str(info["version"]),
            games=[str(g) for g in answer["games"]],
            features={str(f) for f in answer["features"]},
        )
    except (KeyError, TypeError) as exc:
        raise EngineFailure(f"malformed hello answer: missing {exc}") from None


def _diff(what: str, expected: Any, got: Any) -> str:
    return f"{what}: expected {expected!r}, got {got!r}"


class Runner:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.info = handshake(engine)

    def run(self, files: list[CaseFile], only: set[str] | None = None) -> RunReport:
        report = RunReport(self.info)
        for case_file in files:
            for case in case_file.cases:
                if only and case.id not in only:
                    continue
                report.results.append(self.run_case(case_file, case))
        return report

    def run_case(self, case_file: CaseFile, case: Case) -> CaseResult:
        def result(status: Status, detail: str = "") -> CaseResult:
            return CaseResult(case.id, case_file.topic, status, case.refs, detail)

        if case_file.game not in self.info.games:
            return result("skipped", f"game {case_file.game} not declared")
        missing = case.needed_features() - self.info.features
        if missing:
            return result("skipped", "features not declared: " + ", ".join(sorted(missing)))
        try:
            problems = self.check(case_file.game, case)
        except EngineFailure as exc:
            try:
                self.engine.restart()
                self.info = handshake(self.engine)
            except EngineFailure as again:
                return result("errored", f"{exc}; restart failed: {again}")
            return result("errored", str(exc))
        return result("failed", "; ".join(problems)) if problems else result("passed")

    def _ask(self, game: str, case: Case, cmd: str, **extra: Any) -> dict[str, Any]:
        request: dict[str, Any] = {"cmd": cmd, "game": game, "start": case.start}
        request["moves"] = case.moves
        if case.notation != "strict":
            request["notation"] = case.notation
        request.update(case.request)
        request.update(extra)
        return self.engine.ask(request)

    def check(self, game: str, case: Case) -> list[str]:
        """What differs from the expectation; empty when the case passes."""
        expect = case.expect
        kind = expect.kind
        if kind == "perft":
            problems = []
            for depth, nodes in sorted((expect.perft or {}).items()):
                answer = self._ask(game, case, "perft", depth=depth)
                if "error" in answer:
                    problems.append(f"perft {depth}: error {answer['error']}")
                elif answer.get("nodes") != nodes:
                    problems.append(_diff(f"perft {depth}", nodes, answer.get("nodes")))
            return problems
        if kind == "divide":
            spec = expect.divide
            answer = self._ask(game, case, "perft", depth=spec.depth, divide=True)
            if "error" in answer:
                return [f"perft divide {spec.depth}: error {answer['error']}"]
            got = answer.get("divide")
            if not isinstance(got, dict):
                raise EngineFailure("malformed answer: divide is not an object")
            return [] if got == spec.nodes else [_divide_diff(spec.nodes, got)]
        answer = self._ask(game, case, "evaluate")
        if kind == "error":
            return _error_diff(expect.error, answer.get("error"))
        if "error" in answer:
            return [f"unexpected error {answer['error']}"]
        return self._compare(kind, expect, answer)

    def _compare(self, kind: str, expect: Any, answer: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        if kind == "legal":
            got = answer.get("legal_moves")
            if not isinstance(got, list):
                raise EngineFailure("malformed answer: legal_moves is not a list")
            legal = set(got)
            spec = expect.legal
            if spec.exact is not None and legal != set(spec.exact):
                missing = sorted(set(spec.exact) - legal)
                extra = sorted(legal - set(spec.exact))
                problems.append(f"legal actions: missing {missing}, unexpected {extra}")
            if missing_inc := sorted(set(spec.include) - legal):
                problems.append(f"legal actions: missing {missing_inc}")
            if present := sorted(set(spec.exclude) & legal):
                problems.append(f"legal actions: should be illegal {present}")
        elif kind == "rejected":
            spec = expect.rejected
            if answer.get("illegal_at") != spec.index:
                problems.append(_diff("illegal_at", spec.index, answer.get("illegal_at")))
            if (
                spec.violation is not None
                and "violation_codes" in self.info.features
                and answer.get("violation") != spec.violation
            ):
                problems.append(_diff("violation", spec.violation, answer.get("violation")))
        elif kind == "outcome":
            want = expect.outcome.model_dump() if expect.outcome else None
            if answer.get("outcome") != want:
                problems.append(_diff("outcome", want, answer.get("outcome")))
        elif kind == "position":
            if answer.get("position") != expect.position:
                problems.append(_diff("position", expect.position, answer.get("position")))
        elif kind == "pending":
            want = [p.model_dump() for p in expect.pending]
            if answer.get("pending") != want:
                problems.append(_diff("pending", want, answer.get("pending")))
        elif kind == "normalized":
            want = [n.model_dump() for n in expect.normalized]
            if answer.get("normalized") != want:
                problems.append(_diff("normalized", want, answer.get("normalized")))
        return problems


def _error_diff(want: str | ExpectedError, error: Any) -> list[str]:
    error = error if isinstance(error, dict) else {}
    if isinstance(want, str):
        got = error.get("code")
        return [] if got == want else [_diff("error", want, got)]
    got_pair = {"code": error.get("code"), "field": error.get("field")}
    want_pair = want.model_dump()
    return [] if got_pair == want_pair else [_diff("error", want_pair, got_pair)]


def _divide_diff(want: dict[str, int], got: dict[str, Any]) -> str:
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    wrong = {a: (want[a], got[a]) for a in sorted(set(want) & set(got)) if want[a] != got[a]}
    parts = [f"missing {missing}"] if missing else []
    parts += [f"unexpected {extra}"] if extra else []
    parts += [f"{a}: expected {w}, got {g}" for a, (w, g) in wrong.items()]
    return "divide: " + "; ".join(parts)

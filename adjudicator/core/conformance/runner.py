"""Runs conformance cases against an engine and says, per case, passed, failed (with the
request sent, the expected and actual values and their difference), skipped (a game or
feature the engine did not declare) or errored (the engine crashed or answered nonsense:
the tail of its stderr is kept, it is restarted and the run goes on, unless told to stop).
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.core.conformance.cases import CHECKS_ACCEPTANCE, Case, CaseFile
from adjudicator.core.conformance.diffs import (
    Mismatch,
    about,
    differs,
    divide_diff,
    error_mismatch,
    json_text,
    keys_as_text,
    listed,
    unexpected_error,
)
from adjudicator.core.conformance.engine import Engine, EngineFailure
from adjudicator.core.conformance.hello import EngineInfo, HelloFailure, handshake
from adjudicator.core.conformance.json_types import not_strings, same_json
from adjudicator.core.conformance.playthrough import Ask, check_playthrough
from adjudicator.core.conformance.words import joined, said_of
from adjudicator.core.i18n import Said, given_in_both, said
from adjudicator.core.judge.references import RuleData

Status = Literal["passed", "failed", "skipped", "errored"]
STATUSES: tuple[Status, ...] = ("passed", "failed", "skipped", "errored")


#: A game's rule data by its id, to cite a case's references as the rulebook names them;
#: ``None`` for a game this installation does not know (its refs are shown as ids).
RulesOf = Callable[[str], RuleData | None]


def cited(rules: RuleData | None, refs: list[str]) -> list[dict[str, str | None]]:
    """Each reference of a case with how the rulebook names it, in both languages
    (``{"id": "4", "cite": "Art. 4 Navigation and capture", "cite_ja": "第4条 軌道航行と捕獲"}``):
    an engine author whose case fails reads which rule it tests without looking the id up.
    A reference the game does not define keeps its id alone (``null`` citations)."""
    out: list[dict[str, str | None]] = []
    for ref_id in refs:
        try:
            ref = rules.ref(ref_id) if rules is not None else None
        except KeyError:
            ref = None
        out.append(
            {
                "id": ref_id,
                "cite": ref.cite("en") if ref else None,
                "cite_ja": ref.cite("ja") if ref else None,
            }
        )
    return out


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _one_line_ja(text: str) -> str:
    """Japanese folded in YAML, on one line: a line break between two Japanese characters
    is no space in Japanese (folding made it one); one beside a code or a number is."""
    words = text.split()
    out = words[:1]
    for word in words[1:]:
        out.append(word if _wide(out[-1][-1]) and _wide(word[0]) else " " + word)
    return "".join(out)


def described(case: Case) -> str:
    """What the case checks, on one line (folded YAML ends in a newline): a :class:`Said`
    carrying its Japanese when the case gives it, so that ``--lang ja`` shows that."""
    en = " ".join(case.description.split())
    if case.description_ja is None:
        return en
    ja = _one_line_ja(case.description_ja)
    return given_in_both(en, ja)


@dataclass
class CaseResult:
    id: str
    game: str
    topic: str
    status: Status
    refs: list[str]
    detail: str = ""
    #: What the case checks, in the case file's words.
    description: str = ""
    #: The case's references, cited as the rulebook names them (:func:`cited`).
    rules: list[dict[str, str | None]] = field(default_factory=list)
    #: The exact request line sent (failed and errored cases).
    request: str | None = None
    expected: Any = None
    actual: Any = None
    diff: Sequence[str] = field(default_factory=list)
    #: The engine's answer line when it was not a valid response (errored cases).
    received: str | None = None
    #: The tail of the engine's stderr (errored cases).
    stderr: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "topic": self.topic,
            "status": self.status,
            "refs": self.refs,
            "rules": self.rules,
            "description": self.description,
            "description_ja": self.description.ja if isinstance(self.description, Said) else None,
            "detail": self.detail,
        }
        if self.status in ("failed", "errored"):
            out["request"] = self.request
        if self.status == "failed":
            out |= {"expected": self.expected, "actual": self.actual, "diff": self.diff}
        if self.status == "errored":
            out |= {"received": self.received, "stderr": self.stderr}
        return out


@dataclass
class RunReport:
    engine: EngineInfo | None
    suite: str = "unversioned"
    results: list[CaseResult] = field(default_factory=list)
    restarts: int = 0
    #: Why the run stopped before the end ("" when it ran every case).
    stopped: str = ""
    not_run: int = 0

    def counts(self) -> Counter[str]:
        return Counter(r.status for r in self.results)

    def by_game(self) -> dict[str, dict[str, Counter[str]]]:
        """game → topic → status counts, games and topics in the order they ran."""
        games: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
        for r in self.results:
            games[r.game][r.topic][r.status] += 1
        return {g: dict(topics) for g, topics in games.items()}

    @property
    def ok(self) -> bool:
        """Nothing failed or errored, everything ran, and something passed."""
        c = self.counts()
        return c["failed"] == 0 and c["errored"] == 0 and c["passed"] > 0 and not self.stopped

    def to_json(self) -> dict[str, Any]:
        counts = self.counts()
        return {
            "suite": {"version": self.suite},
            "engine": self.engine.to_json() if self.engine else None,
            "summary": {s: counts[s] for s in STATUSES},
            "restarts": self.restarts,
            "stopped": self.stopped or None,
            "not_run": self.not_run,
            "games": {
                game: {
                    "summary": {s: sum(c[s] for c in topics.values()) for s in STATUSES},
                    "topics": {t: {s: c[s] for s in STATUSES} for t, c in topics.items()},
                }
                for game, topics in self.by_game().items()
            },
            "results": [r.to_json() for r in self.results],
        }


class _Restart(Exception):
    """The engine could not be restarted after a failure: the run cannot go on."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.detail)
        self.result = result


class Runner:
    """Drives one engine through cases. ``max_fail`` stops the run after that many failed or
    errored cases; an engine that cannot be restarted always stops it."""

    def __init__(
        self,
        engine: Engine,
        games_known: set[str] | None = None,
        rules_of: RulesOf | None = None,
    ) -> None:
        self.engine = engine
        self.info = handshake(engine, games_known)
        self.restarts = 0
        self.rules_of: RulesOf = rules_of or (lambda game: None)

    def run(
        self,
        files: list[CaseFile],
        only: set[str] | None = None,
        *,
        max_fail: int | None = None,
        suite: str = "unversioned",
    ) -> RunReport:
        report = RunReport(self.info, suite)
        selected = [(f, c) for f in files for c in f.cases if only is None or c.id in only]
        bad = 0
        for n, (case_file, case) in enumerate(selected):
            try:
                result = self.run_case(case_file, case)
            except _Restart as exc:
                report.results.append(exc.result)
                report.stopped = said("core.runner.no_restart")
                report.not_run = len(selected) - n - 1
                break
            report.results.append(result)
            bad += result.status in ("failed", "errored")
            if max_fail is not None and bad >= max_fail and n + 1 < len(selected):
                report.stopped = said("core.runner.stopped", bad=bad)
                report.not_run = len(selected) - n - 1
                break
        report.restarts = self.restarts
        return report

    def _skip_reason(self, game: str, case: Case) -> str | None:
        if game not in self.info.games:
            return said("core.runner.game_not_declared", game=game)
        missing = case.needed_features() - self.info.features_of(game)
        if missing:
            names = ", ".join(sorted(missing))
            return said("core.runner.features_not_declared", names=names)
        return None

    def runnable(self, game: str, case: Case) -> bool:
        return self._skip_reason(game, case) is None

    def run_case(self, case_file: CaseFile, case: Case) -> CaseResult:
        """The case's result; raises :class:`_Restart` (holding the result) when the engine
        failed and could not be started again."""
        result = CaseResult(case.id, case_file.game, case_file.topic, "passed", case.refs)
        result.description = described(case)
        result.rules = cited(self.rules_of(case_file.game), case.refs)
        reason = self._skip_reason(case_file.game, case)
        if reason is not None:
            result.status, result.detail = "skipped", reason
            return result
        try:
            mismatch = self.check(case_file.game, case)
        except EngineFailure as exc:
            result.status, result.detail = "errored", said_of(exc)
            result.request, result.received, result.stderr = (
                self.engine.last_sent,
                exc.received,
                exc.stderr,
            )
            try:
                self.engine.restart()
                self.restarts += 1
                self.info = handshake(self.engine)
            except (EngineFailure, HelloFailure) as again:
                result.detail = joined(
                    [
                        result.detail,
                        said("core.runner.restart_failed", reason=said_of(again)),
                    ]
                )
                raise _Restart(result) from None
            return result
        if mismatch is not None:
            result.status, result.detail = "failed", joined(mismatch.diff)
            result.request, result.expected, result.actual = (
                mismatch.request,
                mismatch.expected,
                mismatch.actual,
            )
            result.diff = mismatch.diff
        return result

    def _ask(self, game: str, case: Case, cmd: str, **extra: Any) -> dict[str, Any]:
        request: dict[str, Any] = {"cmd": cmd, "game": game, "start": case.start}
        request["moves"] = case.moves
        if case.notation != "strict":
            request["notation"] = case.notation
        request.update(case.request)
        request.update(extra)
        return self.engine.ask(request)

    def _asker(self, game: str, case: Case) -> Ask:
        """``evaluate`` of the case with other actions and further fields (a playthrough's
        steps), answering the answer and the line sent."""

        def ask(moves: list[Any], extra: dict[str, Any]) -> tuple[dict[str, Any], str]:
            answer = self._ask(game, case, "evaluate", moves=moves, **extra)
            return answer, self.engine.last_sent

        return ask

    def check(self, game: str, case: Case) -> Mismatch | None:
        """What differs from the expectation; ``None`` when the case passes."""
        expect = case.expect
        kind = expect.kind
        if kind == "perft":
            return self._check_perft(game, case)
        if kind == "playthrough":
            return check_playthrough(self._asker(game, case), case, self.info.features_of(game))
        if kind == "divide":
            spec = expect.divide
            assert spec is not None, "the expectation's validator: its kind is the field set"
            answer = self._ask(game, case, "perft", depth=spec.depth, divide=True)
            sent = self.engine.last_sent
            if "error" in answer:
                return Mismatch(sent, spec.nodes, answer, [unexpected_error(answer)])
            got = answer.get("divide")
            if not isinstance(got, dict):
                raise EngineFailure(
                    said("core.answer.divide_not_object"),
                    received=json.dumps(answer),
                )
            return (
                None
                if same_json(got, spec.nodes)
                else Mismatch(sent, spec.nodes, got, divide_diff(spec.nodes, got))
            )
        answer = self._ask(game, case, "evaluate")
        sent = self.engine.last_sent
        if kind == "error":
            assert expect.error is not None, "the expectation's validator: its kind is set"
            return error_mismatch(sent, expect.error, answer)
        if "error" in answer:
            return Mismatch(sent, _expected_value(kind, expect), answer, [unexpected_error(answer)])
        mismatch = self._compare(sent, kind, expect, answer, self.info.features_of(game))
        if kind in CHECKS_ACCEPTANCE:
            return _with_acceptance(mismatch, sent, kind, expect, answer)
        return mismatch

    def _check_perft(self, game: str, case: Case) -> Mismatch | None:
        want = dict(sorted((case.expect.perft or {}).items()))
        got: dict[int, Any] = {}
        diff: list[str] = []
        first_sent = None
        for depth, nodes in want.items():
            answer = self._ask(game, case, "perft", depth=depth)
            if "error" in answer:
                got[depth] = answer
                diff.append(about(f"perft {depth}", unexpected_error(answer)))
            else:
                got[depth] = answer.get("nodes")
                if not same_json(got[depth], nodes):
                    diff.append(differs(f"perft {depth}", nodes, got[depth]))
            if diff and first_sent is None:
                first_sent = self.engine.last_sent
        if not diff:
            return None
        assert first_sent is not None
        return Mismatch(first_sent, keys_as_text(want), keys_as_text(got), diff)

    def _compare(
        self, sent: str, kind: str, expect: Any, answer: dict[str, Any], features: set[str]
    ) -> Mismatch | None:
        expected = _expected_value(kind, expect)
        if kind == "legal":
            got = answer.get("legal_moves")
            if not isinstance(got, list):
                raise EngineFailure(
                    said("core.answer.legal_not_list"),
                    received=json.dumps(answer),
                )
            if wrong := not_strings("legal_moves", got):
                return Mismatch(sent, expected, got, wrong)
            legal, spec = set(got), expect.legal
            diff = []
            if spec.exact is not None:
                if missing := sorted(set(spec.exact) - legal):
                    diff.append(listed("legal_moves", "missing", missing))
                if extra := sorted(legal - set(spec.exact)):
                    diff.append(listed("legal_moves", "unexpected", extra))
            if missing_inc := sorted(set(spec.include) - legal):
                diff.append(listed("legal_moves", "missing", missing_inc))
            if present := sorted(set(spec.exclude) & legal):
                diff.append(listed("legal_moves", "should be illegal", present))
            return Mismatch(sent, expected, got, diff) if diff else None
        if kind == "rejected":
            spec = expect.rejected
            compare_code = spec.violation is not None and "violation_codes" in features
            actual = {"illegal_at": answer.get("illegal_at")}
            if compare_code:
                actual["violation"] = answer.get("violation")
            else:
                expected = {"illegal_at": spec.index}
            diff = [
                differs(k, expected[k], actual[k])
                for k in expected
                if not same_json(expected[k], actual[k])
            ]
            return Mismatch(sent, expected, actual, diff) if diff else None
        answered = answer.get(kind)  # outcome, position, pending, normalized: same field name
        if same_json(answered, expected):
            return None
        return Mismatch(sent, expected, answered, [differs(kind, expected, answered)])


def _with_acceptance(
    mismatch: Mismatch | None, sent: str, kind: str, expect: Any, answer: dict[str, Any]
) -> Mismatch | None:
    """``mismatch`` and, when the answer refused another action than the case expects
    (by default none: the record is legal to its end), that difference first: a refused
    record has no outcome and stops at a position too, so the value alone could match."""
    want, got = expect.illegal_at, answer.get("illegal_at")
    if same_json(got, want):
        return mismatch
    refused = {"illegal_at": got, "violation": answer.get("violation")}
    diff = differs("illegal_at", want, got)
    if got is not None and refused["violation"] is not None:
        code = refused["violation"]
        diff = said("core.runner.with_code", diff=diff, code=json_text(code))
    field = "legal_moves" if kind == "legal" else kind
    expected = {"illegal_at": want, field: _expected_value(kind, expect)}
    actual = {**refused, field: answer.get(field)}
    return Mismatch(sent, expected, actual, [diff, *(mismatch.diff if mismatch else [])])


def _expected_value(kind: str, expect: Any) -> Any:
    """The expectation as plain data, as shown next to the engine's answer."""
    if kind == "legal":
        return expect.legal.model_dump(exclude_defaults=True)
    if kind == "rejected":
        return {"illegal_at": expect.rejected.index, "violation": expect.rejected.violation}
    if kind == "outcome":
        return expect.outcome.model_dump() if expect.outcome else None
    if kind == "position":
        return expect.position
    if kind in ("pending", "normalized"):
        return [item.model_dump() for item in getattr(expect, kind)]
    if kind == "perft":
        return keys_as_text(expect.perft)
    if kind == "divide":
        return expect.divide.model_dump()
    return expect.error if isinstance(expect.error, str) else expect.error.model_dump()

"""The parsers under fuzzing, each with the strategy that feeds it and the property it must
keep: whatever the input, an answer (a verdict, an error object, an input error), never an
exception and never an ``internal_error``.

Inputs are drawn by Hypothesis: real samples of each format (the records under
``records/``, the suite's case files, the shipped board, the protocol doc's requests)
mutated at the byte, line and value level, plus structured JSON of any shape. The same
targets run in CI with a few examples each and, for hours if asked, from
``python -m tests.fuzz``.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from adjudicator.cli.common import console
from adjudicator.cli.conformance.shared import print_result
from adjudicator.core.batch.files import Options, split_games, validate_file
from adjudicator.core.conformance.cases import Case, CaseFile, case_files, load_case_file
from adjudicator.core.conformance.engine import InProcessEngine, ProcessEngine
from adjudicator.core.conformance.report import EngineRun, render_html
from adjudicator.core.conformance.runner import Runner, RunReport
from adjudicator.core.errors import InputError
from adjudicator.core.protocol.serve import Server
from adjudicator.core.read import strict_json
from adjudicator.core.read.conversion import convert_record, first_difference, read_strictly
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import load_board
from tests.fuzz.folders import check_folder, folders
from tests.fuzz.outputs import check_outputs, output_plans
from tests.fuzz.signals import check_signal, plans
from tests.fuzz.streams import check_streams, stream_plans

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = Registry(installed_games())
SERVER = Server(REGISTRY)
#: Where a file-reading target writes its input; removed when the process ends, so that runs
#: leave nothing behind.
_SCRATCH = Path(tempfile.mkdtemp(prefix="adjudicator-fuzz-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


class InternalError(AssertionError):
    """A parser answered with a defect instead of an input error."""


# --- seeds -----------------------------------------------------------------------------------


def _texts(paths: list[Path]) -> list[str]:
    return [p.read_bytes().decode("utf-8", "surrogateescape") for p in sorted(paths)]


@cache
def seeds(target: str) -> list[str]:
    if target == "json-record":
        return _texts(list(ROOT.glob("records/*/*/*.json")))
    if target.startswith("text-"):
        game = target.removeprefix("text-")
        return _texts(list(ROOT.glob(f"records/{game}/*/*.txt")))
    if target == "request":
        doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
        return re.findall(r"^\{\"cmd\".*$", doc, re.MULTILINE)
    if target == "case-file":
        return _texts(list(ROOT.glob("conformance/*/*.yaml")))
    if target == "board":
        return _texts([ROOT / "adjudicator" / "dark_nebula" / "boards" / "default.yaml"])
    if target == "proof":
        return _proofs()
    raise KeyError(target)


def _proofs() -> list[str]:
    """Solutions the solver writes, and their bare proofs: a gate claim, a win resting on
    the threefold ban and its history, a move-limit value."""
    from adjudicator.orbit_dominion import GameState, Position
    from adjudicator.orbit_dominion.solve import solve
    from tests.orbit_dominion.test_solve import record_state

    states = [
        GameState(Position.from_text("..b........./....r......./R.....r..B.. r 0 -")),
        record_state("no-legal-moves.json", 39),
        GameState(Position.from_text("R..r..B...../....r......./.........b.. r 118 -")),
    ]
    out = []
    for state in states:
        solution = solve(state, 2)
        out.append(solution.model_dump_json())
        if solution.proof is not None:
            out.append(solution.proof.model_dump_json(indent=1))
    return out


# --- mutations -------------------------------------------------------------------------------

#: Characters that have broken parsers: controls, quotes and brackets, escapes, the
#: bidirectional override, a lone surrogate (written as invalid UTF-8), Japanese, digits.
_NASTY = st.sampled_from(
    [
        *'\x00\n\r\t\x1b\x7f"\\[]{}:#&*!|>-=.,/ 0123456789',
        *["\u202e", "\ud800", "\udcff", "日本", "\ufeff", "\\ud800", "NaN", "1e400", "9" * 40],
    ]
)
_PIECE = st.one_of(_NASTY, st.text(max_size=12), st.lists(_NASTY, max_size=6).map("".join))


@dataclass(frozen=True)
class _Edit:
    op: str
    at: int
    length: int
    piece: str


_EDIT = st.builds(
    _Edit,
    st.sampled_from(["insert", "delete", "replace", "repeat", "swap-lines", "drop-line", "cut"]),
    st.integers(0, 1 << 20),
    st.integers(1, 64),
    _PIECE,
)


def _apply(text: str, edit: _Edit) -> str:
    if not text:
        return edit.piece
    at = edit.at % len(text)
    if edit.op == "insert":
        return text[:at] + edit.piece + text[at:]
    if edit.op == "delete":
        return text[:at] + text[at + edit.length :]
    if edit.op == "replace":
        return text[:at] + edit.piece + text[at + len(edit.piece) :]
    if edit.op == "repeat":
        return text[:at] + text[at : at + edit.length] * (edit.length % 9 + 2) + text[at:]
    if edit.op == "cut":
        return text[:at]
    lines = text.split("\n")
    i = at % len(lines)
    j = (at // len(lines)) % len(lines)
    if edit.op == "swap-lines":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        del lines[i]
    return "\n".join(lines)


def mutated(target: str) -> st.SearchStrategy[str]:
    """A seed of the target with a few edits."""

    def build(seed: str, edits: list[_Edit]) -> str:
        for edit in edits:
            seed = _apply(seed, edit)
        return seed

    return st.builds(build, st.sampled_from(seeds(target)), st.lists(_EDIT, max_size=5))


_JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(1 << 70), 1 << 70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    _NASTY,
)
_JSON = st.recursive(
    _JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _replace_somewhere(data: Any, path: list[int], value: Any) -> Any:
    """``data`` with the value at a path chosen by ``path`` (indices taken modulo the
    number of children) replaced by ``value``."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, dict):
        key = list(data)[path[0] % len(data)]
        return {**data, key: _replace_somewhere(data[key], path[1:], value)}
    i = path[0] % len(data)
    return [*data[:i], _replace_somewhere(data[i], path[1:], value), *data[i + 1 :]]


def json_valued(target: str) -> st.SearchStrategy[str]:
    """A seed parsed as JSON with one value replaced by JSON of any shape."""

    def build(seed: str, path: list[int], value: Any) -> str:
        return json.dumps(_replace_somewhere(json.loads(seed), path, value), ensure_ascii=False)

    objects = [s for s in seeds(target) if _is_object(s)]
    return st.builds(
        build, st.sampled_from(objects), st.lists(st.integers(0, 1000), max_size=4), _JSON
    )


def _is_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


# --- the properties --------------------------------------------------------------------------


def _scratch(text: str, suffix: str) -> Path:
    path = _SCRATCH / f"input{suffix}"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def _record(suffix: str, lenient: bool) -> Callable[[str], str]:
    def check(text: str) -> str:
        verdict = validate_file(REGISTRY, _scratch(text, suffix), Options(lenient=lenient))
        verdict.model_dump_json().encode("utf-8")
        if verdict.unreadable is not None:
            if verdict.unreadable.code == "internal_error":
                raise InternalError(verdict.unreadable.message)
            return verdict.unreadable.code
        return verdict.problem.code if verdict.problem else verdict.status

    return check


def _checked(game_id: str, record: Any, source: str, to: str) -> None:
    """``convert``'s answer for ``record``: refused with the reason (an input error), or a
    conversion that reads back strictly and is, as the rules see it, what was read
    (records.md: "conversion goes both ways without loss")."""
    game = REGISTRY.find(game_id, field="game")
    try:
        written = convert_record(game, record, source, to)
    except InputError:
        return
    try:
        again = read_strictly(game, written, to)
    except (InputError, ValueError) as err:
        raise InternalError(f"its {to} form does not read back: {err}") from err
    changed = first_difference(game.canonical_data(record), game.canonical_data(again))
    if changed is not None:
        raise InternalError(f"{source} → {to} → {source} differs: {changed}")


def _through_json(game_id: str, text: str, *, lenient: bool) -> None:
    """Each game of a text record that the game reads, converted to JSON."""
    game = REGISTRY.find(game_id, field="game")
    for one in split_games(text):
        try:
            record = game.read_text_record(one, lenient=lenient)
        except InputError:
            continue
        _checked(game_id, record, "text", "json")


def _through_text(text: str) -> None:
    """A JSON record any game reads, converted to the text notation."""
    try:
        data = strict_json.loads(text)
    except ValueError:
        return
    if not isinstance(data, dict):
        return
    for game in REGISTRY.games:
        try:
            record = game.read_json_record(data, lenient=False)
        except InputError:
            continue
        _checked(game.id, record, "json", "text")


def _json_record(text: str) -> str:
    """A JSON record: an answer, never an internal error, and an exact round trip through
    the text notation of the game that reads it."""
    answer = _record(".json", lenient=False)(text)
    _through_text(text)
    return answer


def _text_record(game_id: str) -> Callable[[str], str]:
    """A text record of ``game_id``: an answer, never an internal error, and for every game
    in it that reads (strictly or leniently) an exact round trip through JSON."""
    judge = _record(".txt", lenient=False)

    def check(text: str) -> str:
        answer = judge(text)
        for lenient in (False, True):
            _through_json(game_id, text, lenient=lenient)
        return answer

    return check


def check_request(text: str) -> str:
    """Every line gets exactly one answer, strict JSON, never an internal error; the
    answer to the last line is returned."""
    out = io.StringIO()
    SERVER.serve(io.BytesIO(text.encode("utf-8", "surrogatepass") + b"\n"), out)
    lines = out.getvalue().splitlines()
    if len(lines) != text.count("\n") + 1:
        raise InternalError(f"{len(lines)} answers to {text.count(chr(10)) + 1} lines")
    for line in lines:
        answer = json.loads(line, parse_constant=lambda c: _fail(f"{c} in an answer"))
        error = answer.get("error")
        if error and error["code"] == "internal_error":
            raise InternalError(error["message"])
    return error["code"] if error else "ok"


def _fail(message: str) -> Any:
    raise InternalError(message)


def _loader(load: Callable[[Path], Any]) -> Callable[[str], str]:
    def check(text: str) -> str:
        try:
            load(_scratch(text, ".yaml"))
        except InputError as err:
            return err.code
        return "ok"

    return check


class _Recording(InProcessEngine):
    """This project's engine, its answers kept: the seeds of ``engine-answer``."""

    def __init__(self) -> None:
        super().__init__(SERVER)
        self.answers: list[dict[str, Any]] = []

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.answers.append(answer := super().ask(request))
        return answer


@cache
def _answer_cases() -> dict[str, tuple[CaseFile, Case, str]]:
    """Every fourth case of the suite (its perft cases kept shallow), with this project's
    engine's last answer to it, its id written ``"$id"``."""
    recording = _Recording()
    runner = Runner(recording)
    out = {}
    for n, (case_file, case) in enumerate(
        (f, c) for _, f in case_files(ROOT / "conformance") for c in f.cases
    ):
        if n % 4 or (case.expect.perft and max(case.expect.perft) > 2):
            continue
        if case.expect.divide and case.expect.divide.depth > 2:
            continue
        runner.check(case_file.game, case)
        answer = {**recording.answers[-1], "id": "$id"}
        out[case.id] = (case_file, case, json.dumps(answer, ensure_ascii=False))
    return out


def engine_answers() -> st.SearchStrategy[str]:
    """``CASE-ID<tab>ANSWER``: a case and an answer line to give to its requests, mutated
    at the byte, line and value level or replaced by JSON of any shape."""

    def build(case_id: str, edits: list[_Edit], path: list[int], value: Any, whole: bool) -> str:
        answer = _answer_cases()[case_id][2]
        if whole:
            answer = json.dumps(_replace_somewhere(json.loads(answer), path, value))
        for edit in edits:
            answer = _apply(answer, edit)
        return f"{case_id}\t{answer}"

    return st.builds(
        build,
        st.sampled_from(sorted(_answer_cases())),
        st.lists(_EDIT, max_size=4),
        st.lists(st.integers(0, 1000), max_size=3),
        _JSON,
        st.booleans(),
    )


@cache
def _fuzzed_runner() -> Runner:
    hello = json.dumps(SERVER.respond(json.dumps({"cmd": "hello", "protocol": 1})))
    engine = shlex.join([sys.executable, str(ROOT / "tests" / "fuzz" / "answer_engine.py"), hello])
    process = ProcessEngine(engine, timeout=10)
    atexit.register(process.close)
    return Runner(process)


def check_engine_answer(text: str) -> str:
    """The runner, given any answer by a real engine process, rules the case passed,
    failed or errored, never raises, and every output (terminal, HTML, JSON) can show it
    with nothing from the engine raw."""
    case_id, _, answer = text.partition("\t")
    case_file, case, _ = _answer_cases()[case_id]
    runner = _fuzzed_runner()
    fuzzed = case.model_copy(update={"request": {**case.request, "fuzz_answer": answer}})
    result = runner.run_case(case_file, fuzzed)
    screen = io.StringIO()
    with contextlib.redirect_stdout(screen):
        print_result(result, verbose=True)
        console.print()
    report = RunReport(runner.info, results=[result])
    shown = [
        screen.getvalue(),
        dumps(report.to_json(), indent=2),
        render_html(
            "fuzz", [EngineRun("fuzz", "fuzz", report)], [(case_file.game, case_file.topic)]
        ),
    ]
    for out in shown:
        out.encode("utf-8")
        if re.search("[\x1b\x9b\u202e]", out):
            raise InternalError(f"a control character reached the output raw: {out[:300]!r}")
    return result.status


@cache
def _app() -> Any:
    from adjudicator.cli.app import build_app

    return build_app(REGISTRY)


def check_proof(text: str) -> str:
    """verify-proof on a file: valid, invalid (a fault) or unreadable (an input error),
    never an exception or an internal error."""
    from typer.testing import CliRunner

    path = _scratch(text, ".json")
    result = CliRunner().invoke(_app(), ["orbit-dominion", "verify-proof", str(path), "--json"])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise InternalError(f"{type(result.exception).__name__}: {result.exception}")
    if "internal_error" in result.stderr or "Traceback" in result.stderr:
        raise InternalError(result.stderr[:300])
    if result.exit_code not in (0, 1, 2):
        raise InternalError(f"exit {result.exit_code}")
    return {0: "valid", 1: "invalid", 2: "unreadable"}[result.exit_code]


def _check_folder(plan: str) -> str:
    """``validate DIR`` over a generated folder: every record judged, no internal error."""
    return check_folder(plan, _app(), _SCRATCH, InternalError)


def _check_streams(plan: str) -> str:
    """A command over a stream state: never exit 4, never an answer written nowhere."""
    return check_streams(plan, _SCRATCH, InternalError)


def _check_outputs(plan: str) -> str:
    """A command writing to a drawn target: its input kept, a refusal leaving the target."""
    return check_outputs(plan, _SCRATCH, InternalError)


def _check_signal(plan: str) -> str:
    """``conformance run`` ended by a signal: it ends, and leaves no process running."""
    return check_signal(plan, _SCRATCH, InternalError)


def _safe_perft(text: str) -> str:
    """Requests, with any perft kept small (the budget is tested on its own)."""
    try:
        data = json.loads(text)
    except ValueError:
        return check_request(text)
    if isinstance(data, dict) and data.get("cmd") == "perft":
        data["max_nodes"] = 20_000
        text = json.dumps(data, ensure_ascii=False)
    return check_request(text)


@dataclass(frozen=True)
class Target:
    name: str
    strategy: st.SearchStrategy[str]
    check: Callable[[str], str]
    #: Examples in the test suite's short run (a whole command is slow to start).
    examples: int = 25


def targets() -> list[Target]:
    out = [
        Target(
            "json-record",
            st.one_of(mutated("json-record"), json_valued("json-record")),
            _json_record,
        ),
        Target("request", st.one_of(mutated("request"), json_valued("request")), _safe_perft),
        Target("case-file", mutated("case-file"), _loader(load_case_file)),
        Target("board", mutated("board"), _loader(load_board)),
        Target("engine-answer", engine_answers(), check_engine_answer),
        Target("proof", st.one_of(mutated("proof"), json_valued("proof")), check_proof),
        Target("folder", folders(), _check_folder),
        Target("streams", stream_plans(), _check_streams),
        Target("outputs", output_plans(), _check_outputs, examples=6),
        Target("runner-signal", plans(), _check_signal, examples=3),
    ]
    for game in ("orbit-dominion", "dark-nebula", "astro-stra"):
        out.append(Target(f"text-{game}", mutated(f"text-{game}"), _text_record(game)))
    return out


def by_name() -> dict[str, Target]:
    return {t.name: t for t in targets()}

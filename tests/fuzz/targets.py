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
import io
import json
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from adjudicator.core.batch import Options, validate_file
from adjudicator.core.conformance.cases import load_case_file
from adjudicator.core.errors import InputError
from adjudicator.core.protocol import Server
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import load_board

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
    raise KeyError(target)


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


def targets() -> list[Target]:
    record_json = _record(".json", lenient=False)
    out = [
        Target(
            "json-record",
            st.one_of(mutated("json-record"), json_valued("json-record")),
            record_json,
        ),
        Target("request", st.one_of(mutated("request"), json_valued("request")), _safe_perft),
        Target("case-file", mutated("case-file"), _loader(load_case_file)),
        Target("board", mutated("board"), _loader(load_board)),
    ]
    for game in ("orbit-dominion", "dark-nebula", "astro-stra"):
        out.append(Target(f"text-{game}", mutated(f"text-{game}"), _record(".txt", False)))
    return out


def by_name() -> dict[str, Target]:
    return {t.name: t for t in targets()}

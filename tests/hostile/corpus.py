"""The corpus of hostile inputs: every one that once crashed a batch or the engine, or
exhausted time or memory, with the answer it must get.

Small inputs are files under ``corpus/`` (records, case files, board definitions, and
``requests.txt`` with one engine request per line); their expected answers are in
``corpus/expected.yaml``. Big ones (a mebibyte of newlines, 100,000 nested brackets) and
ones a repository cannot hold (a FIFO, an undecodable file name) are made by the small
generators below. :func:`judge` gives the answer of any of them, in process.
"""

from __future__ import annotations

import io
import json
import os
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.conformance.cases import load_case_file
from adjudicator.core.errors import InputError
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import load_board

CORPUS = Path(__file__).resolve().parent / "corpus"
REGISTRY = Registry(installed_games())
SERVER = Server(REGISTRY)
MIB = 1 << 20
SAMPLE = CORPUS.parents[2] / "records" / "orbit-dominion" / "valid" / "annihilation.json"


@dataclass(frozen=True)
class Entry:
    """One hostile input: ``kind`` is record, lenient-record, case, board or request."""

    kind: str
    name: str
    expected: str
    #: Makes the input under a scratch folder: a path, or (requests) the line's bytes.
    make: Callable[[Path], Path | bytes]


def _file(path: Path) -> Callable[[Path], Path]:
    return lambda _: path


def _write(name: str, data: bytes) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = tmp / name
        path.write_bytes(data)
        return path

    return make


def _fifo(tmp: Path) -> Path:
    path = tmp / "fifo.json"
    if not path.exists():
        os.mkfifo(path)
    return path


def _dangling(tmp: Path) -> Path:
    path = tmp / "dangling.json"
    if not path.is_symlink():
        path.symlink_to(tmp / "nowhere")
    return path


def _undecodable_name(tmp: Path) -> Path:
    path = tmp / os.fsdecode(b"x\xff.json")
    path.write_bytes(SAMPLE.read_bytes())
    return path


def _control_name(tmp: Path) -> Path:
    path = tmp / "a\n✓ valid \x1b]0;x\x07.json"
    path.write_bytes(SAMPLE.read_bytes())
    return path


_OD = b'[Ruleset "orbit-dominion/4.2"]\n'
_DN = b'[Ruleset "dark-nebula/2011"]\n'
_AS = b'[Ruleset "astro-stra/0.9.0"]\n'
_HELLO = b'{"cmd":"hello","protocol":1,"id":1}'


def _fill(head: bytes, unit: bytes, size: int = MIB) -> bytes:
    return head + unit * ((size - len(head)) // len(unit))


#: The big and the unrepresentable, made when needed.
GENERATED: list[Entry] = [
    Entry("record", "newlines-1mib.txt", "malformed_record", _write("n.txt", _fill(b"", b"\n"))),
    Entry("record", "newlines-1mib.json", "bad_json", _write("n.json", _fill(b"", b"\n"))),
    Entry(
        "record",
        "yaml-hint-1mib.json",
        "bad_json",
        _write("y.json", _fill(b"a: b\n", b" \n")),
    ),
    Entry("record", "brackets-1mib.json", "bad_json", _write("b.json", _fill(b"", b"["))),
    Entry("record", "braces-1mib.json", "bad_json", _write("c.json", _fill(b"", b'{"a":'))),
    Entry("record", "over-max-bytes.json", "file_too_large", _write("o.json", b" " * (MIB + 1))),
    Entry(
        "record",
        "blank-lines-then-ruleset.txt",
        "bad_notation",
        _write("r.txt", b"\n" * (MIB - 64) + _OD + b"x\n"),
    ),
    Entry(
        "record",
        "orbit-long-word.txt",
        "bad_notation",
        _write("w.txt", _fill(_OD + b"1. ", b"O")),
    ),
    Entry(
        "record",
        "orbit-open-comments.txt",
        "bad_notation",
        _write("m.txt", _fill(_OD + b"1. M+ ", b"{")),
    ),
    Entry("record", "orbit-open-tags.txt", "bad_notation", _write("t.txt", _fill(_OD, b'[A "'))),
    Entry(
        "lenient-record",
        "orbit-80000-unknown-tags.txt",
        "valid",
        _write(
            "u.txt",
            _OD + b"".join(b'[X%d "v"]\n' % i for i in range(80_000)) + b"*\n",
        ),
    ),
    Entry(
        "record",
        "dark-nebula-long-line.txt",
        "malformed_event",
        _write("d.txt", _fill(_DN + b"1.1 empire production: ", b"a")),
    ),
    Entry(
        "record",
        "dark-nebula-many-lines.txt",
        "malformed_record",
        _write("e.txt", _fill(_DN, b"[\n")),
    ),
    Entry(
        "record",
        "astro-stra-long-line.txt",
        "malformed_event",
        _write("a.txt", _fill(_AS + b"1. black: dice ", b"a=1 ")),
    ),
    Entry("record", "fifo.json", "not_a_file", _fifo),
    Entry("record", "dev-zero", "not_a_file", _file(Path("/dev/zero"))),
    Entry("record", "dangling-symlink.json", "unreadable_file", _dangling),
    Entry("record", "undecodable-name.json", "valid", _undecodable_name),
    Entry("record", "control-characters-in-name.json", "valid", _control_name),
    Entry(
        "case", "deep-block-10000.yaml", "bad_yaml", _write("k.yaml", b"cases:\n" + b"- " * 10_000)
    ),
    Entry("case", "fifo.yaml", "not_a_file", _fifo),
    Entry("board", "deep-flow-100000.yaml", "bad_yaml", _write("f.yaml", b"[" * 100_000)),
    Entry("board", "dev-zero", "not_a_file", _file(Path("/dev/zero"))),
    Entry("request", "line-of-2-mib", "request_too_large", lambda _: b"x" * (2 * MIB)),
    Entry("request", "nested-100000", "bad_json", lambda _: b"[" * 100_000),
    Entry("request", "after-a-bad-line", "ok", lambda _: b"[" * 10 + b"\n" + _HELLO),
]


def committed() -> Iterator[Entry]:
    """The files under ``corpus/`` with their expected answers."""
    expected = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
    for kind, folder in (("record", "records"), ("case", "cases"), ("board", "boards")):
        for name, answer in expected[folder].items():
            yield Entry(kind, f"{folder}/{name}", answer, _file(CORPUS / folder / name))
    text = (CORPUS / "requests.txt").read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        if line and not line.startswith("#"):
            answer, _, request = line.partition("\t")
            data = request.encode("utf-8")
            yield Entry("request", f"requests.txt:{number}", answer, lambda _, d=data: d)


def entries() -> list[Entry]:
    return [*committed(), *GENERATED]


def judge(entry: Entry, tmp: Path) -> str:
    """The answer the input gets: a verdict's status or problem code, an input error's
    code or ``ok`` (a case file or board that loads, a request that is served)."""
    made = entry.make(tmp)
    if entry.kind == "request":
        assert isinstance(made, bytes)
        out = io.StringIO()
        SERVER.serve(io.BytesIO(made + b"\n"), out)
        answer = json.loads(out.getvalue().splitlines()[-1])
        return answer["error"]["code"] if "error" in answer else "ok"
    assert isinstance(made, Path)
    if entry.kind in ("record", "lenient-record"):
        options = Options(lenient=entry.kind == "lenient-record")
        verdict = validate_file(REGISTRY, made, options)
        if verdict.unreadable is not None:
            return verdict.unreadable.code
        return verdict.problem.code if verdict.problem is not None else verdict.status
    loader = load_case_file if entry.kind == "case" else load_board
    try:
        loader(made)
    except InputError as err:
        return err.code
    return "ok"


def traced_peak(entry: Entry, tmp: Path) -> int:
    """The most memory Python's allocators held at once while :func:`judge` answered
    ``entry``, above what they held before: this input's cost alone, whatever ran before it
    in the process (a process's peak resident size is the peak of its whole life). Memory a
    C library takes from ``malloc`` itself is not seen; tracing makes the call several times
    slower, so time is measured without it."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        held, _ = tracemalloc.get_traced_memory()
        judge(entry, tmp)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        if not tracing:
            tracemalloc.stop()
    return peak - held

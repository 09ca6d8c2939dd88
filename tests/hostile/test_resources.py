"""No input exhausts time or memory: every reader is linear, every read is bounded, YAML
aliases cannot expand without bound, and perft has a node budget. Each test asserts a
bound far below what the fault cost (hours, gigabytes) and far above the normal cost, so
that a busy machine does not make it flaky."""

from __future__ import annotations

import io
import json
import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.conformance.cases import load_case_file
from adjudicator.core.errors import InputError
from adjudicator.core.protocol.serve import Server
from adjudicator.core.read.loading import read_bytes
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import load_board

REGISTRY = Registry(installed_games())
MIB = 1 << 20


def bounded(work: Callable[[], Any], seconds: float = 3.0, megabytes: int = 200) -> Any:
    """Run ``work`` once, asserting its time and its peak of Python allocations."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result = work()
    finally:
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert elapsed < seconds, f"{elapsed:.2f} s"
    assert peak < megabytes * MIB, f"{peak / MIB:.0f} MB"
    return result


def test_20_kb_of_newlines_is_judged_at_once(tmp_path: Path) -> None:
    """It took 18 s (a MULTILINE ``^\\s*`` looking for [Ruleset]); 1 MiB about 9 hours.
    Reading 1 MiB under tracemalloc takes about 1 s, 3.5 s on a busy machine: the bound is
    30 s, still a thousandth of the fault."""
    for name, code in (("newlines.txt", "malformed_record"), ("newlines.json", "bad_json")):
        path = tmp_path / name
        path.write_bytes(b"\n" * (MIB - 1))
        verdict = bounded(lambda p=path: validate_file(REGISTRY, p, Options()), seconds=30)
        assert verdict.unreadable.code == code


def test_the_yaml_hint_is_linear(tmp_path: Path) -> None:
    path = tmp_path / "yamlish.json"
    path.write_bytes(b"a: b\n" + b" \n" * (MIB // 2 - 8))
    verdict = bounded(lambda: validate_file(REGISTRY, path, Options()))
    assert "looks like YAML" in verdict.unreadable.message


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    verdict = bounded(lambda: validate_file(REGISTRY, fifo, Options()), seconds=2)
    assert verdict.unreadable.code == "not_a_file"


def test_a_device_is_refused_without_reading_it() -> None:
    """``/dev/zero`` never ends; its size on disk is 0 and is not trusted either."""
    verdict = bounded(lambda: validate_file(REGISTRY, Path("/dev/zero"), Options()), seconds=2)
    assert verdict.unreadable.code == "not_a_file"


def test_a_file_over_max_bytes_is_read_only_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (8 * MIB))
    verdict = bounded(lambda: validate_file(REGISTRY, path, Options(max_bytes=MIB)), megabytes=4)
    assert verdict.unreadable.code == "file_too_large"


def test_the_limit_counts_every_byte(tmp_path: Path) -> None:
    """A file of exactly ``--max-bytes`` is read whole; one byte more is too large."""
    path = tmp_path / "r.json"
    path.write_bytes(b" " * 1000)
    assert read_bytes(path, max_bytes=1000) == b" " * 1000
    path.write_bytes(b" " * 1001)
    with pytest.raises(InputError) as err:
        read_bytes(path, max_bytes=1000)
    assert err.value.code == "file_too_large"


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="no /proc here")
def test_a_file_larger_than_its_size_on_disk_is_read_whole() -> None:
    """A regular file may say it is empty and still hold bytes (Linux's /proc): the size on
    disk only sizes the first read, and reading goes on to the end or the limit."""
    with open("/proc/self/cmdline", "rb") as stream:
        whole = stream.read()
    assert os.stat("/proc/self/cmdline").st_size == 0 and whole
    assert read_bytes(Path("/proc/self/cmdline")) == whole
    with pytest.raises(InputError) as err:
        read_bytes(Path("/proc/self/cmdline"), max_bytes=len(whole) - 1)
    assert err.value.code == "file_too_large"


#: 9 levels of 9 aliases: 9**9 (387,420,489) strings once expanded, in a few hundred bytes.
BILLION_LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (BILLION_LAUGHS, "aliases expand to more than"),
        ("game: x\ntopic: y\ntitle: z\ncases:\n" + "- " * 10_000 + "x\n", "nested deeper"),
        ("a: &a [*a]\n", "an alias inside its own anchor"),
    ],
    ids=["alias-bomb", "deep", "recursive"],
)
@pytest.mark.parametrize("loader", [load_case_file, load_board], ids=["case-file", "board"])
def test_yaml_bombs_are_refused_in_bounded_time_and_memory(
    tmp_path: Path, loader: Callable[[Path], Any], text: str, problem: str
) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        bounded(lambda: loader(path), seconds=2, megabytes=50)
    assert caught.value.code == "bad_yaml"
    assert problem in caught.value.message
    assert len(caught.value.describe()) < 500


def test_yaml_aliases_of_ordinary_size_are_still_read(tmp_path: Path) -> None:
    """The suite's own case files share expectations through aliases."""
    path = tmp_path / "shared.yaml"
    path.write_text(
        "game: orbit-dominion/4.2\ntopic: tt\ntitle: T\ncases:\n"
        "- {id: a-1, refs: [r], source: s, description: d, expect: &e {outcome: null}}\n"
        "- {id: a-2, refs: [r], source: s, description: d, expect: *e}\n",
        encoding="utf-8",
    )
    assert [c.id for c in load_case_file(path).cases] == ["a-1", "a-2"]


def perft_request(**fields: Any) -> dict:
    line = json.dumps({"cmd": "perft", "game": "orbit-dominion/4.2", "id": 1, **fields})
    out = io.StringIO()
    Server(REGISTRY).serve(io.BytesIO(line.encode() + b"\n"), out)
    return json.loads(out.getvalue())


def test_perft_past_its_node_budget_is_limit_exceeded() -> None:
    """Depth 8 runs for about a day; with a budget it stops at once with a structured
    error, and the engine answers the next request."""
    answer = bounded(lambda: perft_request(depth=8, max_nodes=10_000), seconds=2)
    assert answer["error"]["code"] == "limit_exceeded"
    assert answer["error"]["field"] == "max_nodes"
    answer = bounded(lambda: perft_request(depth=8, divide=True, max_nodes=10_000), seconds=2)
    assert answer["error"]["code"] == "limit_exceeded"
    assert perft_request(depth=2, max_nodes=484) == {"id": 1, "nodes": 484}


@pytest.mark.parametrize("depth", [True, "3", 3.0, -1, 9])
def test_perft_depth_is_strictly_an_integer_0_to_8(depth: Any) -> None:
    assert perft_request(depth=depth)["error"]["code"] == "bad_request"

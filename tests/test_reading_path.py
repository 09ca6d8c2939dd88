"""The reading path (docs/design.md, "Reading a record"): a record goes from bytes to model
one step at a time, one module a step, in one direction: bytes to text
(``core/read/loading.py``), text to a JSON value (``core/read/strict_json.py``) or to the
``[Ruleset]`` tag of text notation, the game that reads it (``core/registry.py``), then the
model (the game's reader, through ``core/read/records.py``). ``core/batch/files.py`` drives the
steps; no step imports another step or the driver, and a record, once a step is left, never
comes back to it (the path once went batch, registry, loading, strict JSON, loading, strict JSON,
registry, loading: seven returns)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from adjudicator.core.batch.files import Options, validate_records
from adjudicator.core.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "adjudicator" / "core"
#: The steps, in their order, by module.
STEPS = {
    "adjudicator.core.read.loading": "bytes → text",
    "adjudicator.core.read.strict_json": "text → JSON value",
    "adjudicator.core.registry": "the game that reads it",
    "adjudicator.core.read.records": "→ model",
}
DRIVER = "adjudicator.core.batch.files"


def _imports(module: str) -> set[str]:
    """Every module ``module`` imports, at its top or inside a function."""
    path = ROOT / (module.replace(".", "/") + ".py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("step", list(STEPS))
def test_no_step_imports_another_step_or_the_driver(step: str) -> None:
    others = (set(STEPS) | {DRIVER}) - {step}
    assert not _imports(step) & others, f"{step} imports {_imports(step) & others}"


def test_the_driver_imports_each_step() -> None:
    assert set(STEPS) <= _imports(DRIVER)


def _steps_taken(path: Path) -> list[str]:
    """The step modules a record's reading and judging enter, in order, each run of calls
    into one module counted once."""
    registry = Registry()
    validate_records(registry, path, Options())  # imports done, caches warm
    taken: list[str] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__")
            if module in STEPS and (not taken or taken[-1] != module):
                taken.append(module)

    sys.setprofile(profile)
    try:
        verdicts = validate_records(registry, path, Options())
    finally:
        sys.setprofile(None)
    assert verdicts[0].status in ("valid", "pending"), verdicts[0]
    return taken


SAMPLES = [
    "dark-nebula/valid/worked-game.json",
    "astro-stra/valid/unfinished.json",
    "orbit-dominion/valid/pincer.json",
    "dark-nebula/valid/worked-game.txt",
    "astro-stra/valid/random-game.txt",
    "orbit-dominion/valid/pincer.txt",
]


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_record_takes_each_step_once_in_order(sample: str) -> None:
    taken = _steps_taken(ROOT / "records" / sample)
    assert len(taken) == len(set(taken)), f"a step returned to: {taken}"
    order = list(STEPS)
    assert taken == sorted(taken, key=order.index), taken
    expected = ["bytes → text", "the game that reads it", "→ model"]
    if sample.endswith(".json"):
        expected.insert(1, "text → JSON value")
    assert [STEPS[m] for m in taken] == expected

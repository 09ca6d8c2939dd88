"""The hand-made repair sheets are what benchmarks/README.md ("Repair") says they are: each
game's ``manifest.yaml`` lists copies of valid originals, every copy not valid (a copy that
stayed valid is no repair case: it is listed as dropped instead), each labelled with error
kinds from the documented list of ``benchmarks/repair_corpus.py``. The benchmark's figures
are only as good as these labels; the test checks the labels and verdicts, never runs a
repair.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from adjudicator import validate

ROOT = Path(__file__).resolve().parents[1]
SHEETS = ROOT / "benchmarks" / "repair_sheets"
GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")


def corpus() -> ModuleType:
    """The benchmark module, loaded from its file once (``benchmarks`` is not a package)."""
    if "repair_corpus" not in sys.modules:
        path = ROOT / "benchmarks" / "repair_corpus.py"
        spec = importlib.util.spec_from_file_location("repair_corpus", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["repair_corpus"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["repair_corpus"]


def manifest(game: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((SHEETS / game / "manifest.yaml").read_text("utf-8"))
    return loaded


@pytest.mark.parametrize("game", GAMES)
def test_every_copy_is_labelled_from_the_documented_kinds(game: str) -> None:
    kinds = set(corpus().KINDS)
    listed = manifest(game)
    for entry in [*listed["sheets"], *listed["dropped"]]:
        assert entry["kinds"], entry
        assert set(entry["kinds"]) <= kinds, entry
        assert entry["note"].strip(), entry
        assert (SHEETS / game / entry["original"]).is_file(), entry
    files = [entry["file"] for entry in listed["sheets"]]
    assert len(files) == len(set(files)) >= 25
    on_disk = {p.name for p in (SHEETS / game).iterdir()} - {"manifest.yaml"}
    originals = {entry["original"] for entry in [*listed["sheets"], *listed["dropped"]]}
    assert on_disk == set(files) | originals, "a file in the folder the manifest does not name"


@pytest.mark.parametrize("game", GAMES)
def test_every_original_is_valid_and_every_copy_is_not(game: str) -> None:
    listed = manifest(game)["sheets"]
    for original in sorted({entry["original"] for entry in listed}):
        verdict = validate(SHEETS / game / original)
        assert verdict.status == "valid", (original, verdict.problem)
    for entry in listed:
        verdict = validate(SHEETS / game / entry["file"])
        assert verdict.status in ("invalid", "unreadable"), entry


def test_the_generator_draws_only_documented_kinds_it_can_make() -> None:
    module = corpus()
    for game in GAMES:
        assert set(module.GENERATED[game]) <= set(module.KINDS) == set(module.MUTATIONS)

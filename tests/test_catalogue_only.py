"""Code said from the catalogue stays so: no Japanese written beside the English again
(docs/design.md, "Messages"). Each folder or module below says every message by its id
(``said("orbit_dominion.x", …)``, ``say(…)``); a ``ja=`` or ``expected_ja=`` argument, a
``Said(en, ja)`` built by hand or an ``{"en": …, "ja": …}`` table appearing in one of them
fails here. A folder or module joins the list once it is converted."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.core.read.yaml_data import PACKAGE

#: What says everything from the catalogue, as paths inside the package: a folder stands
#: for every module in it.
CONVERTED = (
    "orbit_dominion/actions.py",
    "orbit_dominion/cli.py",
    "orbit_dominion/drawing.py",
    "orbit_dominion/drawing_svg.py",
    "orbit_dominion/known.py",
    "orbit_dominion/plugin.py",
    "orbit_dominion/position.py",
    "orbit_dominion/proof.py",
    "orbit_dominion/protocol.py",
    "orbit_dominion/skeleton.py",
    "orbit_dominion/solve_cli.py",
    "orbit_dominion/state.py",
    "astro_stra/cli.py",
    "dark_nebula/board.py",
    "dark_nebula/cli.py",
    "dark_nebula/commitment.py",
    "dark_nebula/drawing_svg.py",
    "dark_nebula/hidden_base.py",
    "dark_nebula/production.py",
    "dark_nebula/search.py",
)


def modules() -> list[Path]:
    found: list[Path] = []
    for entry in CONVERTED:
        path = PACKAGE / entry
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def japanese_beside_english(source: str) -> list[str]:
    """Each place ``source`` writes Japanese beside English instead of saying it from the
    catalogue: a ``ja=``/``expected_ja=`` argument, ``Said(…)`` built by hand, or a table
    keyed by both languages."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            if getattr(node.func, "id", None) == "Said":
                found.append(f"line {node.lineno}: Said(…) built by hand")
            found += [
                f"line {node.lineno}: {k.arg}="
                for k in node.keywords
                if k.arg in ("ja", "expected_ja")
            ]
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "ja"} <= keys:
                found.append(f"line {node.lineno}: a table keyed by en and ja")
    return found


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_converted_module_says_its_messages_from_the_catalogue(path: Path) -> None:
    assert japanese_beside_english(path.read_text("utf-8")) == [], path


def test_the_check_sees_each_way_of_writing_japanese_beside_english() -> None:
    """The check fails on what it is for, and not on a message said from the catalogue."""
    assert len(japanese_beside_english('InputError("x", "y", ja="z", expected_ja="w")')) == 2
    assert japanese_beside_english('Said("none", "なし")') == ["line 1: Said(…) built by hand"]
    assert japanese_beside_english('W = {"en": {"a": "b"}, "ja": {"a": "c"}}') != []
    assert japanese_beside_english('InputError("x", said("core.note.ignored"))') == []

"""Small rooms (docs/design.md): a reader finds one thing per module and one step per
function. No module of the package is over 500 lines and no function over 80."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"
MODULE_LINES = 500
FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_500_lines() -> None:
    long = {}
    for path in _modules():
        name = path.relative_to(PACKAGE).as_posix()
        lines = path.read_text("utf-8").count("\n")
        if lines > MODULE_LINES:
            long[name] = lines
    assert long == {}


def test_no_function_is_over_80_lines() -> None:
    long = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                    long.append(f"{path.relative_to(PACKAGE)}::{node.name}")
    assert long == []

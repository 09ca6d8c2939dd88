"""The library and the shell apart (docs/design.md, "Library and shell"): the library — the
core, the games, ``api`` — returns values and raises ``InputError``; only the shell
(``adjudicator/cli/`` and each game's ``cli.py`` or ``*_cli.py``) prints, exits or imports
the command-line toolkits. Read from the source with :mod:`ast`, so that a library module
that gains a ``print`` or an ``import typer`` fails here, whether a test runs it or not."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"
TOOLKITS = ("typer", "click")
#: Calls that leave the process or write to a person: ``print()``, ``sys.exit``, ``os._exit``.
EXITS = {("sys", "exit"), ("os", "_exit")}


def is_shell(path: Path) -> bool:
    """A module of the shell: under ``adjudicator/cli/``, or a game's command module."""
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] == "cli" or path.name == "cli.py" or path.stem.endswith("_cli")


def faults(path: Path) -> list[str]:
    """What a library module may not do, each with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            if name.split(".")[0] in TOOLKITS:
                found.append(f"{node.lineno}: imports {name}")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "print":
                found.append(f"{node.lineno}: print()")
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and (func.value.id, func.attr) in EXITS
            ):
                found.append(f"{node.lineno}: {func.value.id}.{func.attr}()")
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(raised, ast.Name) and raised.id == "SystemExit":
                found.append(f"{node.lineno}: raise SystemExit")
    return found


def library_modules() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not is_shell(p)]


def test_the_library_neither_prints_nor_exits_nor_imports_the_toolkits() -> None:
    found = {
        str(path.relative_to(PACKAGE)): where
        for path in library_modules()
        if (where := faults(path))
    }
    assert found == {}


def test_the_check_sees_what_it_forbids(tmp_path: Path) -> None:
    """Each forbidden form is caught, so the test above cannot pass by seeing nothing."""
    module = tmp_path / "module.py"
    module.write_text(
        "import sys, os\nimport typer\nfrom click import echo\nprint('x')\nsys.exit(1)\n"
        "os._exit(0)\nraise SystemExit(2)\n"
    )
    assert sorted(int(line.split(":")[0]) for line in faults(module)) == [2, 3, 4, 5, 6, 7]


def test_the_shell_is_where_the_commands_are() -> None:
    assert is_shell(PACKAGE / "cli" / "validate.py")
    assert is_shell(PACKAGE / "orbit_dominion" / "solve_cli.py")
    assert not is_shell(PACKAGE / "core" / "ruling.py")
    assert len(library_modules()) > 100

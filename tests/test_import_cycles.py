"""No module of adjudicator imports, even indirectly, a module that imports it back.

A cycle makes the import order decide whether a name exists yet: a module that works when
imported first breaks when a neighbour is. Every import counts, at the top of a module, inside
a function or under ``if TYPE_CHECKING`` alike, so that a lazy import cannot hide one; the
strongly connected components of the graph (Tarjan) must each hold a single module.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator"


def _module_names() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    names: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _imported(module: str, path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``module`` names in any import statement."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # `from a import b` imports the module a.b if there is one, else a name of a
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {name for name in found if name in modules and name != module}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    names = _module_names()
    return {module: _imported(module, path, set(names)) for module, path in names.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The finder itself: a ring of three and a pair are found, a chain into them is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_imports_inside_functions_and_relative_imports_are_seen(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "def f():\n    from . import errors\n    import adjudicator.api\nfrom .numbers import x\n",
        encoding="utf-8",
    )
    modules = {"adjudicator.api", "adjudicator.core.errors", "adjudicator.core.numbers"}
    assert _imported("adjudicator.core.m", source, modules) == modules


def test_no_module_of_the_package_is_part_of_an_import_cycle() -> None:
    graph = import_graph()
    assert "adjudicator.core.errors" in graph, "the graph covers the package"
    assert cycles(graph) == []

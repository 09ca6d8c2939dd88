"""YAML data files from outside (conformance case files, board definitions), loaded with
bounds: PyYAML's safe loader builds no objects but plain data, yet a few hundred bytes of
nested aliases expand to gigabytes as soon as anything walks the result, and deep nesting
exhausts the stack (libyaml's composer crashes the interpreter outright).

The events come from libyaml when PyYAML has it (fast), the nodes are composed here in
Python, counting: nesting deeper than :data:`MAX_DEPTH`, or more than
:data:`MAX_EXPANDED_NODES` nodes once every alias is counted as the copy it stands for, is
refused with a ``yaml.YAMLError`` that names the place. Aliases themselves are allowed:
the suite's case files use them for shared expectations.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import Composer, ComposerError
from yaml.events import AliasEvent
from yaml.nodes import Node

MAX_DEPTH = 64
MAX_EXPANDED_NODES = 1_000_000

_Base: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class BoundedLoader(Composer, _Base):  # type: ignore[misc, valid-type]
    """The safe loader, composing in Python so that depth and expanded size are counted."""

    def __init__(self, stream: str) -> None:
        _Base.__init__(self, stream)
        Composer.__init__(self)
        self._depth = 0
        self._expanded = 0
        self._sizes: dict[int, int] = {}

    def _count(self, n: int, mark: Any) -> None:
        self._expanded += n
        if self._expanded > MAX_EXPANDED_NODES:
            raise ComposerError(
                None,
                None,
                f"aliases expand to more than {MAX_EXPANDED_NODES:,} nodes",
                mark,
            )

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        if self.check_event(AliasEvent):
            mark = self.peek_event().start_mark
            node = super().compose_node(parent, index)
            size = self._sizes.get(id(node))
            if size is None:
                raise ComposerError(None, None, "an alias inside its own anchor", mark)
            self._count(size, mark)
            return node
        mark = self.peek_event().start_mark
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
        before = self._expanded
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._count(1, mark)
        self._sizes[id(node)] = self._expanded - before
        return node


def load_yaml(text: str) -> Any:
    """One YAML document as plain data, within the bounds above."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()

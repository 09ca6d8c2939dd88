"""YAML data files from outside (conformance case files, board definitions), loaded with
bounds: PyYAML's safe loader builds no objects but plain data, yet a few hundred bytes of
nested aliases expand to gigabytes as soon as anything walks the result, and deep nesting
exhausts the stack (libyaml's composer crashes the interpreter outright).

The events come from libyaml when PyYAML has it (fast), the nodes are composed here in
Python, counting: nesting deeper than :data:`MAX_DEPTH`, or more than
:data:`MAX_EXPANDED_NODES` nodes once every alias is counted as the copy it stands for, is
refused with a ``yaml.YAMLError`` that names the place. Aliases themselves are allowed:
the suite's case files use them for shared expectations.

Why a document was refused is said from the catalogue (:func:`reason`): a refusal of this
module's own, and an undefined alias, a duplicate anchor or an unknown tag, is a
:class:`Refused` carrying its message's id and parameters, made where the fact is known;
PyYAML's and libyaml's other refusals, whose problem is a fixed text of theirs, are looked
up by that text (:data:`_PROBLEMS`). A problem not listed is quoted as they give it, inside
a Japanese frame that says it is their English (``core.yaml_reason.unknown``).
"""

from __future__ import annotations

import re
from contextlib import suppress
from typing import TYPE_CHECKING, Any, cast

import yaml
import yaml.reader
from yaml.composer import Composer
from yaml.error import Mark, MarkedYAMLError
from yaml.events import AliasEvent, NodeEvent
from yaml.nodes import Node

from adjudicator.core.i18n import Said, said, say
from adjudicator.core.read.numbers import NumberError, read_decimal, read_int

MAX_DEPTH = 64
MAX_EXPANDED_NODES = 1_000_000

if TYPE_CHECKING:  # typed as the C loader it is where libyaml is built (composing here)
    _Base = yaml.CSafeLoader
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Refused(MarkedYAMLError):
    """A document refused for a reason this reader knows as a fact, not as PyYAML's words:
    its message's id in the catalogue and its parameters (:attr:`said`); its ``problem`` is
    the same message in English, for what reads a YAML error as PyYAML's."""

    def __init__(self, key: str, mark: Mark | None, /, **params: object) -> None:
        super().__init__(None, None, say(key, "en", **params), mark)
        self.said = said(key, **params)


class BoundedLoader(Composer, _Base):
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
            raise Refused("core.yaml_reason.too_many_nodes", mark, nodes=MAX_EXPANDED_NODES)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        """The safe loader's mapping, once no key of it is written twice."""
        _no_key_twice(self, node)
        made: dict[Any, Any] = super().construct_mapping(node, deep)
        return made

    def _next_node(self) -> tuple[str | None, Mark]:
        """The anchor (or alias) of the node that starts next, and where it starts: the
        composer is asked for a node only where one starts, and a mark of the C parser
        reads as the Python one's."""
        event = cast(NodeEvent, self.peek_event())
        return event.anchor, cast(Mark, event.start_mark)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        anchor, mark = self._next_node()
        if self.check_event(AliasEvent):
            if anchor not in self.anchors:
                raise Refused("core.yaml_reason.undefined_alias", mark, name=anchor)
            node = super().compose_node(parent, index)
            size = self._sizes.get(id(node))
            if size is None:
                raise Refused("core.yaml_reason.alias_in_anchor", mark)
            self._count(size, mark)
            return node
        if anchor is not None and anchor in self.anchors:
            raise Refused("core.yaml_reason.duplicate_anchor", mark, name=anchor)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise Refused("core.yaml_reason.too_deep", mark, levels=MAX_DEPTH)
        before = self._expanded
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._count(1, mark)
        self._sizes[id(node)] = self._expanded - before
        return node


def _no_key_twice(loader: BoundedLoader, node: yaml.MappingNode) -> None:
    """A mapping is refused when one of its keys is written twice: PyYAML keeps the last
    without a word, and a case or board whose second ``expect:`` silently replaces the first
    is not the file its author reads. Keys merged in by ``<<`` may be given again (that is
    what the merge is for)."""
    first: dict[Any, int] = {}
    for key_node, _ in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE:
            continue
        key = loader.construct_object(key_node)
        line = key_node.start_mark.line + 1
        if key in first:
            mark, shown = key_node.start_mark, str(key)[:40]
            raise Refused("core.yaml_reason.duplicate_key", mark, key=shown, first=first[key])
        first[key] = line


_MERGE = "tag:yaml.org,2002:merge"


def _integer(loader: BoundedLoader, node: yaml.ScalarNode) -> int:
    """A scalar YAML 1.1 reads as an integer, read as a decimal by the number reader: its
    other forms (``1_000``, ``0x10``, ``010`` in octal, ``1:30`` in base 60) are not the
    number a reader of the file sees, and thousands of digits are refused before ``int()``
    raises an error of its own."""
    text = str(loader.construct_scalar(node))
    if re.fullmatch(r"[-+]?(?:0|[1-9][0-9]*)", text):
        with suppress(NumberError):  # more digits than a data file's integer: refused below
            return read_int(text, signed=True, max_digits=MAX_YAML_DIGITS)
    raise Refused("core.yaml_reason.not_decimal_integer", node.start_mark, text=text[:40])


def _float(loader: BoundedLoader, node: yaml.ScalarNode) -> float:
    """A scalar YAML 1.1 reads as a float: ``.inf``, ``.nan``, ``1_0.5`` and ``1:30.5``
    are refused, a decimal is read by the number reader."""
    text = str(loader.construct_scalar(node))
    try:
        sign = -1.0 if text.startswith("-") else 1.0
        return sign * read_decimal(text.removeprefix("-").removeprefix("+"))
    except NumberError:
        raise Refused(
            "core.yaml_reason.not_decimal_number", node.start_mark, text=text[:40]
        ) from None


def _undefined(loader: BoundedLoader, node: Node) -> Any:
    """A node whose tag no constructor builds (``!!python/object``): refused, naming it."""
    raise Refused("core.yaml_reason.unknown_tag", node.start_mark, tag=node.tag)


#: The most digits an integer of a YAML data file may have.
MAX_YAML_DIGITS = 18
BoundedLoader.add_constructor("tag:yaml.org,2002:int", _integer)
BoundedLoader.add_constructor("tag:yaml.org,2002:float", _float)
BoundedLoader.add_constructor(None, _undefined)


def load_yaml(text: str) -> Any:
    """One YAML document as plain data, within the bounds above."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


#: PyYAML's and libyaml's problems, each a fixed text of theirs (libyaml's, which reads
#: the documents here, and PyYAML's own where it words one differently), by the id of its
#: message in the catalogue and that message's parameters.
_PROBLEMS: dict[str, tuple[str, dict[str, str]]] = {
    "mapping values are not allowed in this context": ("core.yaml_reason.mapping_values", {}),
    "mapping values are not allowed here": ("core.yaml_reason.mapping_values", {}),
    "mapping keys are not allowed in this context": ("core.yaml_reason.mapping_keys", {}),
    "mapping keys are not allowed here": ("core.yaml_reason.mapping_keys", {}),
    "block sequence entries are not allowed in this context": (
        "core.yaml_reason.sequence_entries",
        {},
    ),
    "block sequence entries are not allowed here": ("core.yaml_reason.sequence_entries", {}),
    "did not find expected key": ("core.yaml_reason.expected_key", {}),
    "did not find expected node content": ("core.yaml_reason.expected_node", {}),
    "did not find expected '-' indicator": ("core.yaml_reason.expected_dash", {}),
    "did not find expected ',' or ']'": ("core.yaml_reason.expected_comma", {"close": "]"}),
    "did not find expected ',' or '}'": ("core.yaml_reason.expected_comma", {"close": "}"}),
    "could not find expected ':'": ("core.yaml_reason.expected_colon", {}),
    "did not find expected <document start>": ("core.yaml_reason.expected_document", {}),
    "did not find expected alphabetic or numeric character": (
        "core.yaml_reason.expected_alphanumeric",
        {},
    ),
    "did not find expected comment or line break": ("core.yaml_reason.expected_line_end", {}),
    "did not find expected tag URI": ("core.yaml_reason.expected_tag_uri", {}),
    "did not find expected hexdecimal number": ("core.yaml_reason.expected_hex", {}),
    "did not find expected version number": ("core.yaml_reason.expected_version", {}),
    "found character that cannot start any token": ("core.yaml_reason.cannot_start", {}),
    "found a tab character that violates indentation": ("core.yaml_reason.tab", {}),
    "found a tab character where an indentation space is expected": (
        "core.yaml_reason.tab",
        {},
    ),
    "found unexpected end of stream": ("core.yaml_reason.unexpected_end", {}),
    "found unknown escape character": ("core.yaml_reason.unknown_escape", {}),
    "found undefined tag handle": ("core.yaml_reason.undefined_tag_handle", {}),
    "found duplicate %YAML directive": ("core.yaml_reason.duplicate_directive", {"name": "YAML"}),
    "found duplicate %TAG directive": ("core.yaml_reason.duplicate_directive", {"name": "TAG"}),
    "found incompatible YAML document": ("core.yaml_reason.incompatible_version", {}),
    "but found another document": ("core.yaml_reason.another_document", {}),
    "found unhashable key": ("core.yaml_reason.unhashable_key", {}),
}

#: libyaml's reasons for refusing a character (the reader's), by its text.
_CHARACTERS = {
    "control characters are not allowed": "core.yaml_reason.control_character",
    "special characters are not allowed": "core.yaml_reason.control_character",
}


def reason(exc: Exception) -> Said:
    """Why a YAML document was refused, in both languages: a :class:`Refused` says itself;
    PyYAML's problem (or a reader's refused character) is said from the catalogue by its
    text; any other reason is quoted as given, framed as PyYAML's English."""
    if isinstance(exc, Refused):
        return exc.said
    if isinstance(exc, yaml.reader.ReaderError):
        code = f"#x{exc.character:04x}"
        key = _CHARACTERS.get(exc.reason)
        if key is not None:
            return said(key, code=code)
        english = f"unacceptable character {code}: {exc.reason}"
    elif isinstance(exc, MarkedYAMLError):
        if exc.problem is None:
            return said("core.yaml_reason.no_problem")
        if exc.problem in _PROBLEMS:
            key, params = _PROBLEMS[exc.problem]
            return said(key, **params)
        english = exc.problem
    else:
        english = str(exc)[:200]
    return said("core.yaml_reason.unknown", reason=english)

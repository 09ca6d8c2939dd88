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

import re
from typing import TYPE_CHECKING, Any, cast

import yaml
import yaml.reader
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError
from yaml.error import Mark
from yaml.events import AliasEvent
from yaml.nodes import Node

from adjudicator.core.read.numbers import NumberError, read_decimal, read_int

MAX_DEPTH = 64
MAX_EXPANDED_NODES = 1_000_000

if TYPE_CHECKING:  # typed as the C loader it is where libyaml is built (composing here)
    _Base = yaml.CSafeLoader
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
            raise ComposerError(
                None,
                None,
                f"aliases expand to more than {MAX_EXPANDED_NODES:,} nodes",
                mark,
            )

    def _start_mark(self) -> Mark | None:
        """Where the next event starts: a mark of the C parser reads as the Python one's."""
        event = self.peek_event()
        return None if event is None else cast(Mark, event.start_mark)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            mark = self._start_mark()
            node = super().compose_node(parent, index)
            size = self._sizes.get(id(node))
            if size is None:
                raise ComposerError(None, None, "an alias inside its own anchor", mark)
            self._count(size, mark)
            return node
        mark = self._start_mark()
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
        before = self._expanded
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._count(1, mark)
        self._sizes[id(node)] = self._expanded - before
        return node


def _integer(loader: BoundedLoader, node: yaml.ScalarNode) -> int:
    """A scalar YAML 1.1 reads as an integer, read as a decimal by the number reader: its
    other forms (``1_000``, ``0x10``, ``010`` in octal, ``1:30`` in base 60) are not the
    number a reader of the file sees, and thousands of digits are refused before ``int()``
    raises an error of its own."""
    text = str(loader.construct_scalar(node))
    try:
        if not re.fullmatch(r"[-+]?(?:0|[1-9][0-9]*)", text):
            raise NumberError(text)
        return read_int(text, signed=True, max_digits=MAX_YAML_DIGITS)
    except NumberError:
        raise ConstructorError(
            None, None, f"{text[:40]!r} is not a decimal integer", node.start_mark
        ) from None


def _float(loader: BoundedLoader, node: yaml.ScalarNode) -> float:
    """A scalar YAML 1.1 reads as a float: ``.inf``, ``.nan``, ``1_0.5`` and ``1:30.5``
    are refused, a decimal is read by the number reader."""
    text = str(loader.construct_scalar(node))
    try:
        sign = -1.0 if text.startswith("-") else 1.0
        return sign * read_decimal(text.removeprefix("-").removeprefix("+"))
    except NumberError:
        raise ConstructorError(
            None, None, f"{text[:40]!r} is not a decimal number", node.start_mark
        ) from None


#: The most digits an integer of a YAML data file may have.
MAX_YAML_DIGITS = 18
BoundedLoader.add_constructor("tag:yaml.org,2002:int", _integer)
BoundedLoader.add_constructor("tag:yaml.org,2002:float", _float)


def load_yaml(text: str) -> Any:
    """One YAML document as plain data, within the bounds above."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


#: PyYAML's and libyaml's reasons (and this module's own), which they give in English,
#: said in Japanese; a reason not listed stays as given.
_REASONS_JA: list[tuple[str, str]] = [
    (r"mapping values are not allowed (?:here|in this context)", "ここに「キー: 値」は書けません"),
    (r"mapping keys are not allowed (?:here|in this context)", "ここにキーは書けません"),
    (
        r"block sequence entries are not allowed (?:here|in this context)",
        "ここに「- 」の並びは書けません",
    ),
    (r"did not find expected key", "キーがあるはずの所にありません(字下げを確かめてください)"),
    (r"did not find expected node content", "値があるはずの所にありません"),
    (r"did not find expected '-' indicator", "「-」があるはずの所にありません"),
    (
        r"did not find expected ',' or '(?P<close>[\]}])'",
        "「,」か「{close}」があるはずの所にありません",
    ),
    (r"could not find expected ':'", "「:」があるはずの所にありません"),
    (r"did not find expected <document start>", "文書の始まり「---」があるはずの所にありません"),
    (
        r"did not find expected alphabetic or numeric character",
        "英数字があるはずの所にありません",
    ),
    (
        r"found character that cannot start any token",
        "値の始めに使えない文字があります(タブ、@、` など)",
    ),
    (
        r"found a tab character (?:that violates indentation|where an indentation space is "
        r"expected)",
        "字下げにタブ文字があります",
    ),
    (r"found unexpected end of stream", "途中で終わっています(閉じていない引用符か括弧)"),
    (r"found unknown escape character.*", "知らないエスケープ文字があります"),
    (r"found undefined alias '(?P<name>.*)'", "定義されていない別名 *{name} があります"),
    (r"found duplicate anchor '(?P<name>.*)'.*", "アンカー &{name} が二度定義されています"),
    (r"found undefined tag handle.*", "定義されていないタグの接頭辞があります"),
    (r"found duplicate %YAML directive", "%YAML 指示が二度あります"),
    (r"but found another document", "文書は一つのはずが、二つ以上あります"),
    (r"could not determine a constructor for the tag '(?P<tag>.*)'", "タグ {tag} は使えません"),
    (r"found unhashable key", "リストか対応表がキーになっています"),
    (r"nested deeper than (?P<n>[0-9]+) levels", "入れ子が {n} 段より深くなっています"),
    (r"an alias inside its own anchor", "別名がそれ自身のアンカーの内側にあります"),
    (
        r"aliases expand to more than (?P<n>[0-9,]+) nodes",
        "別名を展開すると {n} 個を超えるノードになります",
    ),
    (
        r"unacceptable character (?P<code>#x[0-9a-fA-F]+): .*",
        "使えない文字 {code} があります",
    ),
    (r"Exceeds the limit \((?P<n>[0-9]+) digits\).*", "整数が {n} 桁を超えています"),
    (r"(?P<text>'.*') is not a decimal integer", "{text} は 10 進の整数ではありません"),
    (r"(?P<text>'.*') is not a decimal number", "{text} は 10 進数ではありません"),
]


def reason(exc: Exception) -> tuple[str, str]:
    """Why a YAML document was refused, in English and in Japanese: the loader's problem
    (what a duplicate anchor's error calls its context), a reader's unacceptable
    character, or a scalar the constructor could not build (a 5,000-digit integer)."""
    if isinstance(exc, yaml.reader.ReaderError):
        english = f"unacceptable character #x{exc.character:04x}: {exc.reason}"
    elif isinstance(exc, yaml.MarkedYAMLError):
        problem, context = exc.problem or "", exc.context or ""
        english = context if problem == "second occurrence" else problem or "not valid YAML"
    else:
        english = str(exc)[:200]
    for pattern, japanese in _REASONS_JA:
        found = re.fullmatch(pattern, english, re.DOTALL)
        if found:
            return english, japanese.format(**found.groupdict())
    return english, english

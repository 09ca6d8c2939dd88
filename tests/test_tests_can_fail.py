"""Every test can fail: the suite's files are read for two shapes of check that cannot.

1. A comparison of an expression with itself (``x == x``, ``f(t) == f(t)``) holds whatever
   the code does, or for ``!=`` never: compare with a value found another way (the value
   expected, an object made from its parts), and name the two results when two calls are
   to agree.
2. A substring check of a word that its negation contains: ``"legal" in out`` holds when
   ``out`` says ``illegal``, ``"合法" in out`` when it says ``不合法``, and
   ``path.endswith("valid/x.json")`` for ``invalid/x.json``. Such a check must say where
   the word starts: with a phrase that begins before it (``": legal"``, a line of its own
   among ``out.splitlines()``) or a regular expression (``\\blegal``, ``(?<!不)合法``).

Which words: those the package's own strings negate by a prefix (English ``un``, ``in``,
``il``, ``im``, ``ir``, ``non``, ``dis``; Japanese 不, 未, 非, 無 before two kanji or more),
so a word the messages come to negate is watched from then on, and a few a reader negates
whatever the messages say today. A word a prefix turns into another word, not into its
negation (``input``, ``display``), is left out: ``"play" in out`` says nothing of
``display``. ``in`` over a collection (a list, a set, ``out.splitlines()``, a name bound
once to one) asks for an item, not a substring, and is not a check of this kind.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "adjudicator"
ENGLISH_PREFIXES = ("un", "in", "il", "im", "ir", "non", "dis")
JAPANESE_PREFIXES = "不未非無"
#: Words a prefix makes of another word without negating it.
NOT_NEGATIONS = frozenset(
    {
        "disclose", "disclosed", "discovers", "dispatch", "display", "implies", "import",
        "inline", "input", "inside", "units", "unless",
    }
)  # fmt: skip
#: Words whose negation contains them, watched whether or not the package writes it today.
ALWAYS = frozenset(
    {
        "legal", "valid", "possible", "consistent", "decided", "complete", "correct",
        "finished", "known", "合法", "可能", "一致", "成立", "確定", "完了", "決着", "終了",
        "公開",
    }
)  # fmt: skip
#: Calls whose value is a collection: ``in`` asks for one of its items.
COLLECTIONS = frozenset({"list", "set", "frozenset", "dict", "tuple", "sorted"})
COLLECTION_METHODS = frozenset({"split", "rsplit", "splitlines", "keys", "values", "items"})
DISPLAYS = (
    ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp,
    ast.GeneratorExp,
)  # fmt: skip


def suite_files() -> list[Path]:
    """Every Python file under tests/ but this one, whose examples are there to be found."""
    return [p for p in sorted(TESTS.rglob("*.py")) if p != Path(__file__).resolve()]


@cache
def _package_text() -> str:
    """Every string the package writes: its code's string literals and its data files."""
    texts = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix == ".py":
            tree = ast.parse(path.read_text("utf-8"))
            texts += [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
        elif path.suffix in (".yaml", ".json"):
            texts.append(path.read_text("utf-8"))
    return "\n".join(t for t in texts if isinstance(t, str))


@cache
def negatable() -> frozenset[str]:
    """The words whose negation contains them (Japanese: their first two kanji)."""
    text = _package_text()
    words = set(re.findall(r"[A-Za-z]+", text))
    english = {
        w
        for w in words
        if len(w) >= 3
        and any(p + w in words and p + w not in NOT_NEGATIONS for p in ENGLISH_PREFIXES)
    }
    japanese = {r[:2] for r in re.findall(f"[{JAPANESE_PREFIXES}]([\u4e00-\u9fff々]{{2,}})", text)}
    return frozenset(english | japanese | ALWAYS)


def negated_word(text: str) -> str | None:
    """The word ``text`` starts with, if its negation would contain ``text`` too."""
    english = re.match(r"[A-Za-z]+(?![A-Za-z0-9_])", text)
    word = english[0] if english else text[:2]
    return word if word in negatable() else None


def _scopes(tree: ast.Module) -> Iterator[list[ast.AST]]:
    """The nodes of the module and of each function that are their own (not a nested
    function's)."""
    functions = (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))
    for scope in [tree, *functions]:
        own: list[ast.AST] = []
        stack = list(ast.iter_child_nodes(scope))
        while stack:
            node = stack.pop()
            own.append(node)
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                stack.extend(ast.iter_child_nodes(node))
        yield own


def _bound_once(own: list[ast.AST]) -> dict[str, ast.expr]:
    """The names a scope binds once, by a plain assignment, with what they are bound to."""
    stores: dict[str, int] = {}
    for node in own:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
    return {
        target.id: node.value
        for node in own
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and stores[target.id] == 1
    }


def _holds_items(expr: ast.expr, bound: dict[str, ast.expr]) -> bool:
    """Whether ``expr`` is a collection, where ``in`` finds an item and not a substring."""
    if isinstance(expr, DISPLAYS):
        return True
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name):
            return func.id in COLLECTIONS
        return isinstance(func, ast.Attribute) and func.attr in COLLECTION_METHODS
    if isinstance(expr, ast.Name) and expr.id in bound:
        return _holds_items(bound[expr.id], {})
    return False


def _leading_text(expr: ast.expr) -> str | None:
    """The literal text a string expression starts with: a string, or an f-string's head."""
    if isinstance(expr, ast.JoinedStr) and expr.values:
        expr = expr.values[0]
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    return None


def _substring_checks(own: list[ast.AST]) -> Iterator[tuple[ast.AST, str, ast.expr]]:
    """Each ``"…" in s`` and ``s.endswith("…")``: the node, the literal, and ``s``."""
    for node in own:
        if isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators, strict=True):
                text = _leading_text(left)
                if isinstance(op, ast.In) and text is not None:
                    yield node, text, right
                left = right
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "endswith"
            and len(node.args) == 1
            and (text := _leading_text(node.args[0])) is not None
        ):
            yield node, text, node.func.value


def negation_findings(source: str, name: str = "<test>") -> list[str]:
    """Each substring check of a word its negation contains, located."""
    found = []
    for own in _scopes(ast.parse(source)):
        bound = _bound_once(own)
        for node, text, haystack in _substring_checks(own):
            word = negated_word(text)
            if word is not None and not _holds_items(haystack, bound):
                found.append(
                    f"{name}:{getattr(node, 'lineno', 0)}: {text!r} is found in its negation "
                    f"too (the word {word!r}): say where the word starts"
                )
    return sorted(found)


def self_comparison_findings(source: str, name: str = "<test>") -> list[str]:
    """Each comparison of an expression with itself, located."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            left = node.left
            for right in node.comparators:
                if ast.dump(left) == ast.dump(right):
                    found.append(f"{name}:{node.lineno}: {ast.unparse(node)} compares with itself")
                left = right
    return found


def _read(path: Path) -> tuple[str, str]:
    return path.read_text("utf-8"), str(path.relative_to(TESTS.parent))


def test_no_test_compares_an_expression_with_itself() -> None:
    found = [f for path in suite_files() for f in self_comparison_findings(*_read(path))]
    assert found == []


def test_no_test_looks_for_a_word_its_negation_contains() -> None:
    found = [f for path in suite_files() for f in negation_findings(*_read(path))]
    assert found == []


def test_every_test_file_is_read_but_this_one() -> None:
    read = {p.relative_to(TESTS).as_posix() for p in suite_files()}
    assert {"conftest.py", "dark_nebula/test_search.py", "hostile/corpus.py"} <= read
    assert Path(__file__).name not in read


@pytest.mark.parametrize(
    "source",
    [
        "assert x == x",
        "assert Action.parse(t) == Action.parse(t)",
        "assert a < b == b",
        "def test():\n    assert (s.x, s.y) != (s.x, s.y)",
    ],
)
def test_a_comparison_with_itself_is_found(source: str) -> None:
    assert len(self_comparison_findings(source)) == 1


@pytest.mark.parametrize(
    "source",
    [
        "assert 'legal' in out",
        "assert 'legal actions (22)' in out",
        "assert f'valid at {ply}' in out",
        "assert 'possible' in message",
        "assert 'consistent' in text",
        "assert row['file'].endswith('valid/pincer.json')",
        "assert '合法' in out",
        "assert '合法な応手' in message",
        "assert '決着なし' in out",
        "def test():\n    said = out.lower()\n    assert 'valid' in said",
    ],
)
def test_a_word_its_negation_contains_is_found(source: str) -> None:
    assert len(negation_findings(source)) == 1


@pytest.mark.parametrize(
    "source",
    [
        "assert 'O-: legal' in out",
        "assert ' legal' in out",
        "assert 'legal' in out.split()",
        "assert 'O-: legal' in out.splitlines()",
        "assert 'legal_moves[1] is missing' in out",
        "assert re.search(r'\\blegal\\b', out)",
        "assert 'play' in out",
        "assert 'line 3' in err",
        "assert ': 不合法' in out",
        "assert 'legal' not in out",
        "assert out.startswith('legal')",
        "assert row['file'].endswith('/valid/pincer.json')",
        "def test():\n    said = {k.arg for k in call.keywords}\n    assert 'valid' in said",
        "def test():\n    said = out.split()\n    assert 'valid' in said",
        "assert 'valid' in {'valid', 'invalid'}",
    ],
)
def test_a_check_that_says_where_the_word_starts_is_not_found(source: str) -> None:
    assert negation_findings(source) == []

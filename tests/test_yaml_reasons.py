"""Why a YAML file (a conformance case file, a board definition) was refused, said in the
user's language: PyYAML and libyaml give their reasons in English, and the Japanese message
must not quote them untranslated (issue: "a user with a Japanese locale sees no English").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel, ConfigDict

from adjudicator.core.errors import InputError
from adjudicator.core.read.yaml_model import read_yaml_model


class Anything(BaseModel):
    model_config = ConfigDict(extra="allow")


def _alias_bomb(levels: int) -> str:
    """A document of ``levels`` anchors, each a list of ten aliases of the one before:
    a few hundred bytes that stand for 10 ** ``levels`` nodes."""
    lines = ["l0: &l0 [" + ", ".join(["1"] * 10) + "]"]
    lines += [f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 10) + "]" for n in range(1, levels)]
    return "\n".join(lines) + "\n"


#: A broken document of each kind PyYAML refuses, and the data its reason may quote.
BROKEN = {
    "mapping value": ("a: b: c\n", ""),
    "unclosed flow sequence": ("a: [1, 2\n", ""),
    "unclosed flow mapping": ("a: {b: 1\n", ""),
    "key out of place": ("a:\n  b: 1\n c: 2\n", ""),
    "tab": ("a:\n\tb: 1\n", ""),
    "unclosed quote": ('a: "abc\n', ""),
    "unknown escape": ('a: "\\q"\n', ""),
    "undefined alias": ("a: *nope\n", "nope"),
    "two documents": ("a: 1\n---\nb: 2\n", ""),
    "python tag": ("a: !!python/object:os.system x\n", "tag:yaml.org,2002:python/object:os.system"),
    "unhashable key": ("? [1, 2]\n: x\n", ""),
    "duplicate anchor": ("a: &x 1\nb: &x 2\n", ""),
    "duplicate key": ("a: 1\nb: 2\na: 3\n", ""),
    "control character": ("a: \x01\n", "x0001"),
    "deep nesting": ("a: " + "[" * 70 + "]" * 70 + "\n", ""),
    "alias inside its anchor": ("a: &x [*x]\n", ""),
    "duplicate directive": ("%YAML 1.1\n%YAML 1.1\n---\na: 1\n", "YAML"),
    "undefined tag handle": ("a: !x!y 1\n", ""),
    "sequence entry expected": ("- a\nb: 1\n", ""),
    "empty anchor": ("a: &\n", ""),
    "huge integer": ("a: " + "9" * 5000 + "\n", ""),
    "underscored integer": ("a: 1_000\n", ""),
    "hexadecimal integer": ("a: 0x10\n", "0x10"),
    "octal integer": ("a: 010\n", ""),
    "base-60 integer": ("a: 1:30\n", ""),
    "infinity": ("a: .inf\n", "inf"),
    "tab in indentation": ("a:\n  b: 1\n\tc: 2\n", ""),
    "unclosed single quote": ("a: 'abc\n", ""),
    "indented too little": ("a:\n    b: 1\n  c: 2\n", ""),
    "indented too much": ("a: 1\n  b: 2\n", ""),
    "alias bomb": (_alias_bomb(7), ""),
    "YAML version": ("%YAML 2.0\n---\na: 1\n", "YAML"),
    "duplicate tag directive": ("%TAG ! a\n%TAG ! b\n---\na: 1\n", "TAG"),
    "unclosed block scalar header": ("a: |x\n  b\n", ""),
}


def test_an_alias_bomb_is_refused_with_its_bound() -> None:
    """A few hundred bytes of aliases that expand to ten million nodes are refused by
    the count of nodes, said in both languages (docs/security.md)."""
    from adjudicator.core.read.yaml_guard import MAX_EXPANDED_NODES, load_yaml, reason

    text, _ = BROKEN["alias bomb"]
    with pytest.raises(yaml.YAMLError) as refused:
        load_yaml(text)
    said = reason(refused.value)
    assert said == f"aliases expand to more than {MAX_EXPANDED_NODES:,} nodes"
    assert said.ja == f"別名を展開すると {MAX_EXPANDED_NODES:,} 個を超えるノードになります"


def test_a_reason_not_in_the_catalogue_is_quoted_in_a_japanese_frame() -> None:
    """docs/design.md, "Messages": a problem PyYAML gives that the catalogue does not
    know is not passed off as Japanese: it is quoted as given, inside words that say it is
    PyYAML's English; the English says it as given."""
    from adjudicator.core.read.yaml_guard import reason

    said = reason(yaml.MarkedYAMLError(problem="found something new"))
    assert said == "found something new"
    assert said.ja == "PyYAML による説明(英語): found something new"


@pytest.mark.parametrize(
    "text", ["a: 1_000\n", "a: 0x10\n", "a: 010\n", "a: 1:30\n", "a: .inf\n", "a: .nan\n"]
)
def test_a_yaml_number_is_a_decimal_as_the_reader_sees_it(tmp_path: Path, text: str) -> None:
    """Numbers are ASCII decimal digits in every input, case files included: YAML 1.1 read
    ``010`` as 8, ``1:30`` as 90 and ``1_000`` as 1000, numbers no reader of the file
    sees. Each is refused with the place named."""
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_yaml_model(path, Anything)
    assert refused.value.code == "bad_yaml"
    assert "decimal" in refused.value.text("en")


def test_a_key_written_twice_is_refused_naming_both_lines(tmp_path: Path) -> None:
    """docs/design.md, "Messages": a case whose second ``expect:`` would silently replace
    the first is refused, naming the key and both lines; a key merged in by ``<<`` may be
    given again, as the merge intends."""
    from adjudicator.core.read.yaml_guard import load_yaml

    path = tmp_path / "case.yaml"
    path.write_text("id: x\nexpect: valid\nnote: n\nexpect: invalid\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_yaml_model(path, Anything)
    assert refused.value.code == "bad_yaml"
    assert "'expect'" in refused.value.text("en") and "line 2" in refused.value.text("en")
    assert "4" in str(refused.value.field)
    assert "2行目" in refused.value.text("ja")
    merged = load_yaml("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  x: 5\n")
    assert merged["c"] == {"x": 5, "y": 2}


def test_plain_yaml_numbers_are_read() -> None:
    from adjudicator.core.read.yaml_guard import load_yaml

    assert load_yaml("a: 10\nb: -3\nc: 0\nd: 1.5\n") == {"a": 10, "b": -3, "c": 0, "d": 1.5}


@pytest.mark.parametrize("name", BROKEN)
def test_yaml_reasons_are_said_in_japanese(tmp_path: Path, name: str) -> None:
    text, data = BROKEN[name]
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_yaml_model(path, Anything)
    assert refused.value.code == "bad_yaml"
    japanese = refused.value.text("ja")
    reason = japanese.removeprefix("YAML として読めません(").removesuffix(")")
    assert reason != japanese, japanese
    english = re.findall(r"[A-Za-z]{2,}", reason.replace(data, "") if data else reason)
    assert not english, f"{name}: {japanese}"
    assert refused.value.text("en").startswith("not valid YAML: ")

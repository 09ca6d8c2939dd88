"""Why a YAML file (a conformance case file, a board definition) was refused, said in the
user's language: PyYAML and libyaml give their reasons in English, and the Japanese message
must not quote them untranslated (issue: "a user with a Japanese locale sees no English").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from adjudicator.core.errors import InputError
from adjudicator.core.read.yaml_model import read_yaml_model


class Anything(BaseModel):
    model_config = ConfigDict(extra="allow")


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
}


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

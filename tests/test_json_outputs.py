"""Every JSON output goes through the one JSON escaper (``strict_json.dumps`` and, for
JSON text pydantic wrote, ``strict_json.one_line``): a bidirectional control (U+202E) in a
file name or a tag value reaches the output as ``\\u202e``, which a JSON reader decodes
back to the same string and no terminal or viewer reverses the text around. Each command
below echoes such a value; the last test holds every JSON writer of the package to the
escaper."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
APP = build_app(Registry(installed_games()))
RLO = "\u202e"
#: A file name that displays as ``round1--valid.json`` when its controls act.
NAME = f"round1-{RLO}dilav-\u202c.json"


def _record(tmp_path: Path, sample: str, name: str = NAME) -> Path:
    """A valid sample whose file name and ``meta.event`` tag hold U+202E."""
    data = json.loads((RECORDS / sample).read_text("utf-8"))
    data.setdefault("meta", {})["event"] = f"final {RLO}dnuor"
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


def _escaped(text: str) -> None:
    assert RLO not in text, text[:300]
    assert "\\u202e" in text, text[:300]  # the value reached the output, escaped


def _run(*args: str) -> str:
    result = CliRunner().invoke(APP, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "{file}", "--json"],
        ["validate", "{file}", "--jsonl"],
        ["repair", "{file}", "--json"],
        ["convert", "{file}", "--to", "json"],
    ],
    ids=lambda argv: " ".join(argv),
)
def test_a_command_s_json_output_escapes_a_bidi_control_from_its_input(
    tmp_path: Path, argv: list[str]
) -> None:
    path = _record(tmp_path, "orbit-dominion/valid/unfinished.json")
    out = _run(*(arg.format(file=path) for arg in argv))
    _escaped(out)
    json.loads(out.splitlines()[0] if "--jsonl" in argv else out)


def test_redact_writes_a_tag_value_escaped(tmp_path: Path) -> None:
    path = _record(tmp_path, "dark-nebula/valid/worked-game-director.json", "director.json")
    out = _run("dark-nebula", "redact", str(path))
    _escaped(out)
    assert json.loads(out)["meta"]["event"] == f"final {RLO}dnuor"


def test_conformance_export_writes_a_case_file_s_title_escaped(tmp_path: Path) -> None:
    cases = tmp_path / "cases" / "orbit-dominion"
    cases.mkdir(parents=True)
    original = ROOT / "conformance/orbit-dominion/article-02-board.yaml"
    text = original.read_text("utf-8").replace("title: ", f"title: {RLO}", 1)
    (cases / original.name).write_text(text, "utf-8")
    out = tmp_path / "out"
    _run("conformance", "export", "--format", "json", "--cases", str(cases.parent), str(out))
    exported = (out / "orbit-dominion" / "article-02-board.json").read_text("utf-8")
    _escaped(exported)
    assert json.loads(exported)["title"].startswith(RLO)


#: JSON the package writes that no person reads as output, or that another escaper carries
#: on, by module: what it is.
NOT_OUTPUT = {
    "core/read/strict_json.py": "the escaper itself",
    "core/write/markup.py": "JSON inside HTML, the HTML sink's own escaper",
    "core/schemas.py": "the JSON Schemas, generated from the models (no input in them)",
    "core/read/yaml_data.py": "the JSON copies of the shipped YAML data",
    "core/conformance/compiled.py": "the compiled copy of the shipped case files",
    "core/conformance/suite.py": "the digest of a case (canonical bytes)",
    "core/conformance/making.py": "the size of a candidate playthrough, a measure never written",
    "dark_nebula/board.py": "the digest of a board definition (canonical bytes)",
    "core/conformance/engine.py": "requests to an engine, and an answer quoted in a message",
    "core/conformance/runner.py": "an engine's answer quoted in a message (terminal escaper)",
    "cli/conformance/shared.py": "an expectation quoted on the terminal (terminal escaper)",
    "core/protocol/requests.py": "a value quoted in a message",
    "core/read/records.py": "a value quoted in a message's suggestion",
    "core/batch/files.py": "a value quoted in a message",
    "orbit_dominion/record_text.py": "the [Ext] tag of a text record (text notation)",
}


def _unescaped_writes(path: Path) -> list[int]:
    """Lines where ``json.dumps`` or ``model_dump_json`` is called outside ``one_line``."""
    tree = ast.parse(path.read_text("utf-8"))
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "one_line":
            inside.update(id(n) for arg in node.args for n in ast.walk(arg))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and (
            node.func.attr == "model_dump_json"
            or (node.func.attr == "dumps" and getattr(node.func.value, "id", None) == "json")
        )
        and id(node) not in inside
    ]


def test_every_json_output_goes_through_the_one_escaper() -> None:
    package = ROOT / "adjudicator"
    found = {
        str(path.relative_to(package)): lines
        for path in sorted(package.rglob("*.py"))
        if (lines := _unescaped_writes(path))
    }
    unexplained = {module: lines for module, lines in found.items() if module not in NOT_OUTPUT}
    assert not unexplained, f"JSON written without strict_json.dumps / one_line: {unexplained}"
    assert set(NOT_OUTPUT) <= set(found), set(NOT_OUTPUT) - set(found)  # none left over

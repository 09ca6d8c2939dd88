"""docs/protocol.md: every example is a request and its answer, each valid against its
schema in schemas/, and the answer is the one this project's engine gives."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "protocol.md"
SERVER = Server(Registry(installed_games()))


def _examples() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    lines = [json.loads(line) for block in blocks for line in block.splitlines()]
    assert len(lines) % 2 == 0, "every example is a request followed by its answer"
    return list(zip(lines[::2], lines[1::2], strict=True))


EXAMPLES = _examples()


def _schema(stem: str) -> dict[str, Any]:
    return json.loads((ROOT / "schemas" / f"{stem}.schema.json").read_text(encoding="utf-8"))


def _stems(request: dict[str, Any]) -> tuple[str, str]:
    if request["cmd"] == "hello":
        return "protocol.hello.request", "protocol.hello.response"
    slug = request["game"].split("/")[0]
    return f"{slug}.{request['cmd']}.request", f"{slug}.{request['cmd']}.response"


def test_the_doc_has_an_example_of_every_command_of_every_game() -> None:
    shown = {(r.get("game"), r["cmd"]) for r, _ in EXAMPLES}
    assert (None, "hello") in shown
    for game in SERVER.registry.games:
        for cmd in game.commands:
            assert (game.id, cmd) in shown, f"no example of {cmd} for {game.id}"


@pytest.mark.parametrize(("request_", "answer"), EXAMPLES, ids=lambda v: str(v.get("id")))
def test_each_example_validates_against_its_schema(
    request_: dict[str, Any], answer: dict[str, Any]
) -> None:
    """An error answer goes with a request that is wrong on purpose: only the answer is
    checked against its schema (protocol.error.response)."""
    if "error" in answer:
        jsonschema.validate(answer, _schema("protocol.error.response"))
        return
    request_stem, answer_stem = _stems(request_)
    jsonschema.validate(request_, _schema(request_stem))
    jsonschema.validate(answer, _schema(answer_stem))


@pytest.mark.parametrize(("request_", "answer"), EXAMPLES, ids=lambda v: str(v.get("id")))
def test_each_example_is_the_engines_own_answer(
    request_: dict[str, Any], answer: dict[str, Any]
) -> None:
    """An error's message is for a person and may be reworded; everything else is exact."""
    actual = SERVER.respond(json.dumps(request_, ensure_ascii=False))
    if "error" in answer and "error" in actual:
        actual["error"].pop("message")
        answer = {**answer, "error": {k: v for k, v in answer["error"].items() if k != "message"}}
    assert actual == answer

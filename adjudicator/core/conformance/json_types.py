"""Answers compared as JSON values, by type first.

An engine's answer is decoded JSON, and Python's equality is looser than JSON's: ``true``
equals ``1`` and ``1.0``, so an engine answering ``true`` for a count of 1 would pass; and a
list or an object among legal moves cannot be put in a set or sorted with strings (a
TypeError). So the runner asks for the JSON type of a value before anything else."""

from __future__ import annotations

from typing import Any

from adjudicator.core.i18n import Said, said

#: Each JSON type as a person reads it: with its article in English, in Japanese.
TYPE_WORDS = {
    "null": "core.json_type.null",
    "boolean": "core.json_type.boolean",
    "number": "core.json_type.number",
    "string": "core.json_type.string",
    "array": "core.json_type.array",
    "object": "core.json_type.object",
}


def json_type(value: Any) -> str:
    """The JSON type of a decoded value; a boolean is not a number."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def same_json(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same JSON value: of the same type at every level
    (``true`` is not ``1``), then equal. Decoded JSON is nested at most a few dozen levels
    (strict JSON refuses more), so the recursion is shallow."""
    kind = json_type(a)
    if kind != json_type(b):
        return False
    if kind == "array":
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if kind == "object":
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return bool(a == b)


def not_strings(field: str, items: list[Any], shown: int = 3) -> list[Said]:
    """What is wrong with a list that must hold strings only: each item of another type
    (the first ``shown`` of them, then how many more); empty when all are strings."""
    wrong = [(i, json_type(v)) for i, v in enumerate(items) if not isinstance(v, str)]
    found = [
        said("core.conformance.not_string", field=field, index=i, kind=said(TYPE_WORDS[kind]))
        for i, kind in wrong[:shown]
    ]
    if len(wrong) > shown:
        more = len(wrong) - shown
        found.append(said("core.conformance.more_not_strings", field=field, more=more))
    return found

"""A JSON text read straight into a model, in one pass, for files of megabytes whose model
is all that is wanted (a proof tree, ``orbit-dominion verify-proof``): pydantic's parser
validates the model as it decodes, and strict JSON (:func:`~adjudicator.core.read.strict_json.
read_alike`) vouches that decoding first would have given the same. Records are not read
this way: over a batch of records the one pass showed in no whole-command figure
(``benchmarks/README.md``), and each record takes the reading path's steps in order."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from pydantic import BaseModel

from adjudicator.core.read.strict_json import MAX_DEPTH, read_alike

M = TypeVar("M", bound=BaseModel)


def read_json_model(model: type[M], text: str, pairs: Callable[[M], int]) -> M | None:
    """``model`` read straight from a JSON ``text`` by pydantic's own parser, in one pass,
    when reading it the usual way (:func:`~adjudicator.core.read.strict_json.parse_json`, then
    the model) is sure to give the same model; ``None`` otherwise, for the caller to read
    it that way, which words every refusal. Decoding and validating apart cost about twice
    as much as the one pass.

    ``pairs`` counts the key/value pairs the model read keeps (see :func:`pairs_read`), or
    gives -1 when it holds a float or nests deeper than :data:`MAX_DEPTH`: a game counts
    them along its own model's shape, which is quicker than a walk over every value."""
    try:
        read = model.model_validate_json(text)
    except ValueError:  # pydantic's ValidationError among them
        return None
    kept = pairs(read)
    return read if kept >= 0 and read_alike(text, kept) else None


def pairs_read(value: object, depth: int = 0) -> int:
    """The key/value pairs a value read from JSON at nesting ``depth`` holds: a model's
    fields set from the text, a dict's keys; -1 when it holds what strict JSON reads
    otherwise or refuses (a float, a container nested deeper than :data:`MAX_DEPTH`) or
    what this does not know. Fewer pairs than the text writes mean a key written twice."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return 0
    if depth >= MAX_DEPTH:
        return -1
    items: Iterable[object]
    if kind is dict:
        mapping = cast("dict[str, object]", value)  # its exact type, just checked
        pairs, items = len(mapping), mapping.values()
    elif kind is list:
        pairs, items = 0, cast("list[object]", value)  # its exact type, just checked
    elif isinstance(value, BaseModel) and not value.__pydantic_extra__:
        pairs = len(value.__pydantic_fields_set__)
        items = value.__dict__.values()
    else:
        return -1
    for item in items:
        inner = pairs_read(item, depth + 1)
        if inner < 0:
            return -1
        pairs += inner
    return pairs

"""Checks shared by the games that read a JSON record from its text in one pass
(``Game.read_json_text``): the record it reads is the record strict JSON, and lenient JSON,
read and validate, and a text they would read otherwise is left to them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from adjudicator.core.batch import Options, judge_text
from adjudicator.core.errors import InputError
from adjudicator.core.loading import parse_json
from adjudicator.core.records import GameRecord, load_model
from adjudicator.core.registry import Registry
from adjudicator.core.strict_json import MAX_INT_DIGITS

REGISTRY = Registry()


class OnePass:
    """One game's record model and its one-pass reader."""

    def __init__(self, model: type[Any], read: Callable[[str], GameRecord | None]) -> None:
        self.model = model
        self.read = read

    def usual(self, text: str, *, lenient: bool) -> BaseModel | str:
        """The record read the usual way (decoded, then validated), or the refusal's code."""
        try:
            data = parse_json(text, strict=not lenient)
            record, notes = load_model(self.model, data, lenient=lenient)
        except InputError as err:
            return err.code
        return record if not notes else "warned"

    def one_pass(self, text: str) -> BaseModel | None:
        read = self.read(text)
        return None if read is None else read.model

    def same_record(self, text: str) -> None:
        """The one pass reads ``text``, to the record the usual way reads, strict or
        lenient."""
        read = self.one_pass(text)
        assert read is not None
        for lenient in (False, True):
            usual = self.usual(text, lenient=lenient)
            assert usual == read
            assert isinstance(usual, self.model) and usual.dump() == read.dump()

    def left_to_the_usual(self, text: str) -> None:
        """The one pass cannot vouch for ``text``; the usual reading refuses it."""
        assert self.one_pass(text) is None
        verdict = judge_text(REGISTRY, "x.json", text, Options())
        assert verdict.unreadable is not None
        assert verdict.unreadable.code == ("unknown_field" if '"surplus"' in text else "bad_json")


def read_otherwise(sample: str, before: str, pips: str) -> dict[str, str]:
    """Texts strict JSON refuses or reads otherwise than pydantic's parser, made from a
    ``sample`` record with a ``"game_id"``: an extension or an unknown field is put before
    its key ``before``, and ``pips`` (``"key": 1``) is given an integer over the limit."""

    def ext(value: str) -> str:
        return sample.replace(before, f'"ext": {{"a": {value}}}, {before}', 1)

    return {
        "key written twice": sample.replace('"game_id"', '"game_id": "x", "game_id"', 1),
        "key written twice in the extensions": sample.replace(
            before, f'"ext": {{"a": 1, "a": 2}}, {before}', 1
        ),
        "integer over the limit": sample.replace(pips, pips[:-1] + "1" * (MAX_INT_DIGITS + 1)),
        "escaped lone surrogate": sample.replace('"game_id": "', '"game_id": "\\ud800', 1),
        "NaN in the extensions": ext("NaN"),
        "number out of range": ext("1e400"),
        "deep nesting": ext("[" * 70 + "]" * 70),
        "unknown field": sample.replace(before, f'"surplus": 1, {before}', 1),
    }


def read_alike(sample: str, before: str) -> dict[str, str]:
    """Texts both ways read alike, made from ``sample`` as :func:`read_otherwise` does."""
    return {
        "escape and colon in a string": sample.replace('"game_id": "', '"game_id": "\\u0041:', 1),
        "extensions": sample.replace(before, f'"ext": {{"a": {{"b": [1, "c:d"]}}}}, {before}', 1),
    }

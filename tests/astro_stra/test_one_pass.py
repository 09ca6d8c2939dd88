"""An Astro-Stra record read from its JSON text in one pass (pydantic's parser validating
the model) is the record strict JSON reads, or lenient JSON: every sample record and random
legal game is read that way, to the same model; a text that strict JSON refuses or reads
otherwise (a key written twice, in a turn, a die, the slots or a held die among them, an
integer over the limit, an escaped surrogate, a float or deep nesting in the extensions) is
left to the usual reading, and gets its verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.astro_stra.record import Record, read_json_text
from adjudicator.core.batch import Options, judge_text
from adjudicator.core.errors import InputError
from adjudicator.core.loading import parse_json
from adjudicator.core.records import load_model
from adjudicator.core.registry import Registry
from adjudicator.core.strict_json import MAX_INT_DIGITS
from tests.astro_stra.test_fast_path import random_records

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "astro-stra"
JSON_SAMPLES = sorted(SAMPLES.rglob("*.json"))
REGISTRY = Registry()


def _usual(text: str, *, lenient: bool) -> Record | str:
    """The record read the usual way (decoded, then validated), or the refusal's code."""
    try:
        record, notes = load_model(Record, parse_json(text, strict=not lenient), lenient=lenient)
    except InputError as err:
        return err.code
    return record if not notes else "warned"


def _one_pass(text: str) -> Record | None:
    read = read_json_text(text)
    return None if read is None else read.model


def _same_record(text: str) -> None:
    read = _one_pass(text)
    assert read is not None
    for lenient in (False, True):
        usual = _usual(text, lenient=lenient)
        assert usual == read
        assert isinstance(usual, Record) and usual.dump() == read.dump()


@pytest.mark.parametrize("path", JSON_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_is_read_in_one_pass_as_strict_json_reads_it(path: Path) -> None:
    text = path.read_text("utf-8")
    if _one_pass(text) is None:  # an unreadable sample: refused the usual way
        assert isinstance(_usual(text, lenient=False), str)
    else:
        _same_record(text)


def test_random_legal_games_are_read_in_one_pass_as_strict_json_reads_them() -> None:
    for seed, record in enumerate(random_records(6)):
        _same_record(json.dumps(record.dump(), ensure_ascii=False, indent=2 if seed % 2 else None))


SAMPLE = (SAMPLES / "valid" / "unfinished.json").read_text("utf-8")
#: Texts the one pass cannot vouch for: strict JSON refuses them, or reads them otherwise.
LEFT_TO_THE_USUAL = {
    "key written twice": SAMPLE.replace('"game_id"', '"game_id": "x", "game_id"', 1),
    "key written twice in a turn": SAMPLE.replace('"side"', '"side": "black", "side"', 1),
    "key written twice in a die": SAMPLE.replace('"pips"', '"pips": 1, "pips"', 1),
    "key written twice in the slots": SAMPLE.replace('"S"', '"S": "red", "S"', 1),
    "key written twice in a held die": SAMPLE.replace(
        '"skill": "jagi"',
        '"skill": "black-red", "held": {"owner": "black", "owner": "black", "colour": "red"}',
        1,
    ),
    "key written twice in the extensions": SAMPLE.replace(
        '"turns"', '"ext": {"a": 1, "a": 2}, "turns"', 1
    ),
    "integer over the limit": SAMPLE.replace('"pips": 1', '"pips": ' + "1" * (MAX_INT_DIGITS + 1)),
    "escaped lone surrogate": SAMPLE.replace('"game_id": "', '"game_id": "\\ud800', 1),
    "NaN in the extensions": SAMPLE.replace('"turns"', '"ext": {"a": NaN}, "turns"', 1),
    "number out of range": SAMPLE.replace('"turns"', '"ext": {"a": 1e400}, "turns"', 1),
    "deep nesting": SAMPLE.replace(
        '"turns"', '"ext": {"a": ' + "[" * 70 + "]" * 70 + '}, "turns"', 1
    ),
    "unknown field": SAMPLE.replace('"turns"', '"surplus": 1, "turns"', 1),
}


@pytest.mark.parametrize("text", LEFT_TO_THE_USUAL.values(), ids=LEFT_TO_THE_USUAL.keys())
def test_a_text_strict_json_reads_otherwise_is_left_to_the_usual_reading(text: str) -> None:
    assert text != SAMPLE
    assert _one_pass(text) is None
    verdict = judge_text(REGISTRY, "x.json", text, Options())
    assert verdict.unreadable is not None
    assert verdict.unreadable.code == ("unknown_field" if '"surplus"' in text else "bad_json")


@pytest.mark.parametrize(
    "text",
    [
        SAMPLE.replace('"pips": 1', '"pips": 1.0', 1),
        SAMPLE.replace('"game_id": "', '"game_id": "\\u0041:', 1),
        SAMPLE.replace('"turns"', '"ext": {"a": {"b": [1, "c:d"]}}, "turns"', 1),
        SAMPLE.replace('"turns"', '"layout": "b:1=2,2=2,3=2 w:1=2,2=2,3=2", "turns"', 1),
    ],
    ids=["float pips", "escape and colon in a string", "extensions", "layout"],
)
def test_a_text_read_alike_either_way_is_read_in_one_pass(text: str) -> None:
    _same_record(text)

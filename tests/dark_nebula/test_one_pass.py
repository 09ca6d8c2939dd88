"""A Dark Nebula record read from its JSON text in one pass (pydantic's parser validating
the model) is the record strict JSON reads, or lenient JSON: every sample record and random
legal game is read that way, to the same model; a text that strict JSON refuses or reads
otherwise (a key written twice, an integer over the limit, an escaped surrogate, a float or
deep nesting in the extensions) is left to the usual reading, and gets its verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.core.batch import Options, judge_text
from adjudicator.core.errors import InputError
from adjudicator.core.loading import parse_json
from adjudicator.core.records import load_model
from adjudicator.core.registry import Registry
from adjudicator.core.strict_json import MAX_INT_DIGITS
from adjudicator.dark_nebula.reading import read_json_text
from adjudicator.dark_nebula.record import Record
from tests.dark_nebula.player import random_game

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
VALID = sorted((SAMPLES / "valid").glob("*.json"))
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


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_a_valid_sample_is_read_in_one_pass_as_strict_json_reads_it(path: Path) -> None:
    _same_record(path.read_text("utf-8"))


@pytest.mark.parametrize("seed", range(12))
def test_a_random_legal_game_is_read_in_one_pass_as_strict_json_reads_it(seed: int) -> None:
    data = random_game(seed, 1 + seed % 6).dump()
    _same_record(json.dumps(data, ensure_ascii=False, indent=2 if seed % 2 else None))


SAMPLE = (SAMPLES / "valid" / "worked-game.json").read_text("utf-8")
#: Texts the one pass cannot vouch for: strict JSON refuses them, or reads them otherwise.
LEFT_TO_THE_USUAL = {
    "key written twice": SAMPLE.replace('"game_id"', '"game_id": "x", "game_id"', 1),
    "key written twice in an event": SAMPLE.replace('"phase"', '"phase": "setup", "phase"', 1),
    "side written twice in the dice": SAMPLE.replace('"dice": {', '"dice": {"empire": {}, ', 1),
    "key written twice in the extensions": SAMPLE.replace(
        '"events"', '"ext": {"a": 1, "a": 2}, "events"', 1
    ),
    "integer over the limit": SAMPLE.replace('"turn": 1', '"turn": ' + "1" * (MAX_INT_DIGITS + 1)),
    "escaped lone surrogate": SAMPLE.replace('"game_id": "', '"game_id": "\\ud800', 1),
    "NaN in the extensions": SAMPLE.replace('"events"', '"ext": {"a": NaN}, "events"', 1),
    "number out of range": SAMPLE.replace('"events"', '"ext": {"a": 1e400}, "events"', 1),
    "deep nesting": SAMPLE.replace(
        '"events"', '"ext": {"a": ' + "[" * 70 + "]" * 70 + '}, "events"', 1
    ),
    "unknown field": SAMPLE.replace('"events"', '"surplus": 1, "events"', 1),
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
        SAMPLE.replace('"turn": 1', '"turn": 1.0', 1),
        SAMPLE.replace('"turn": 1', '"turn": "1"', 1),
        SAMPLE.replace('"game_id": "', '"game_id": "\\u0041:', 1),
        SAMPLE.replace('"events"', '"ext": {"a": {"b": [1, "c:d"]}}, "events"', 1),
    ],
    ids=["float turn", "string turn", "escape and colon in a string", "extensions"],
)
def test_a_text_read_alike_either_way_is_read_in_one_pass(text: str) -> None:
    _same_record(text)

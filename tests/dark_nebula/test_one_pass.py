"""A Dark Nebula record read from its JSON text in one pass (pydantic's parser validating
the model) is the record strict JSON reads, or lenient JSON: every sample record and random
legal game is read that way, to the same model; a text that strict JSON refuses or reads
otherwise (a key written twice, an integer over the limit, an escaped surrogate, a float or
deep nesting in the extensions) is left to the usual reading, and gets its verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dark_nebula.reading import read_json_text
from adjudicator.dark_nebula.record import Record
from tests.dark_nebula.player import random_game
from tests.one_pass import OnePass, read_alike, read_otherwise

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
VALID = sorted((SAMPLES / "valid").glob("*.json"))
ONE_PASS = OnePass(Record, read_json_text)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_a_valid_sample_is_read_in_one_pass_as_strict_json_reads_it(path: Path) -> None:
    ONE_PASS.same_record(path.read_text("utf-8"))


@pytest.mark.parametrize("seed", range(12))
def test_a_random_legal_game_is_read_in_one_pass_as_strict_json_reads_it(seed: int) -> None:
    data = random_game(seed, 1 + seed % 6).dump()
    ONE_PASS.same_record(json.dumps(data, ensure_ascii=False, indent=2 if seed % 2 else None))


SAMPLE = (SAMPLES / "valid" / "worked-game.json").read_text("utf-8")
#: Texts the one pass cannot vouch for: strict JSON refuses them, or reads them otherwise.
LEFT_TO_THE_USUAL = {
    **read_otherwise(SAMPLE, '"events"', '"turn": 1'),
    "key written twice in an event": SAMPLE.replace('"phase"', '"phase": "setup", "phase"', 1),
    "side written twice in the dice": SAMPLE.replace('"dice": {', '"dice": {"empire": {}, ', 1),
}


@pytest.mark.parametrize("text", LEFT_TO_THE_USUAL.values(), ids=LEFT_TO_THE_USUAL.keys())
def test_a_text_strict_json_reads_otherwise_is_left_to_the_usual_reading(text: str) -> None:
    assert text != SAMPLE
    ONE_PASS.left_to_the_usual(text)


READ_ALIKE = {
    **read_alike(SAMPLE, '"events"'),
    "float turn": SAMPLE.replace('"turn": 1', '"turn": 1.0', 1),
    "string turn": SAMPLE.replace('"turn": 1', '"turn": "1"', 1),
}


@pytest.mark.parametrize("text", READ_ALIKE.values(), ids=READ_ALIKE.keys())
def test_a_text_read_alike_either_way_is_read_in_one_pass(text: str) -> None:
    ONE_PASS.same_record(text)

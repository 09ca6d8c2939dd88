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
from tests.astro_stra.test_fast_path import random_records
from tests.one_pass import OnePass, read_alike, read_otherwise

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "astro-stra"
JSON_SAMPLES = sorted(SAMPLES.rglob("*.json"))
ONE_PASS = OnePass(Record, read_json_text)


@pytest.mark.parametrize("path", JSON_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_is_read_in_one_pass_as_strict_json_reads_it(path: Path) -> None:
    text = path.read_text("utf-8")
    if ONE_PASS.one_pass(text) is None:  # an unreadable sample: refused the usual way
        assert isinstance(ONE_PASS.usual(text, lenient=False), str)
    else:
        ONE_PASS.same_record(text)


def test_random_legal_games_are_read_in_one_pass_as_strict_json_reads_them() -> None:
    for seed, record in enumerate(random_records(6)):
        text = json.dumps(record.dump(), ensure_ascii=False, indent=2 if seed % 2 else None)
        ONE_PASS.same_record(text)


SAMPLE = (SAMPLES / "valid" / "unfinished.json").read_text("utf-8")
#: Texts the one pass cannot vouch for: strict JSON refuses them, or reads them otherwise.
LEFT_TO_THE_USUAL = {
    **read_otherwise(SAMPLE, '"turns"', '"pips": 1'),
    "key written twice in a turn": SAMPLE.replace('"side"', '"side": "black", "side"', 1),
    "key written twice in a die": SAMPLE.replace('"pips"', '"pips": 1, "pips"', 1),
    "key written twice in the slots": SAMPLE.replace('"S"', '"S": "red", "S"', 1),
    "key written twice in a held die": SAMPLE.replace(
        '"skill": "jagi"',
        '"skill": "black-red", "held": {"owner": "black", "owner": "black", "colour": "red"}',
        1,
    ),
}


@pytest.mark.parametrize("text", LEFT_TO_THE_USUAL.values(), ids=LEFT_TO_THE_USUAL.keys())
def test_a_text_strict_json_reads_otherwise_is_left_to_the_usual_reading(text: str) -> None:
    assert text != SAMPLE
    ONE_PASS.left_to_the_usual(text)


READ_ALIKE = {
    **read_alike(SAMPLE, '"turns"'),
    "float pips": SAMPLE.replace('"pips": 1', '"pips": 1.0', 1),
    "layout": SAMPLE.replace('"turns"', '"layout": "b:1=2,2=2,3=2 w:1=2,2=2,3=2", "turns"', 1),
}


@pytest.mark.parametrize("text", READ_ALIKE.values(), ids=READ_ALIKE.keys())
def test_a_text_read_alike_either_way_is_read_in_one_pass(text: str) -> None:
    ONE_PASS.same_record(text)

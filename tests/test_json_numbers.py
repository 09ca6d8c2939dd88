"""A number in a JSON record is a JSON number (records.md, "JSON records"): a string
(``"pips": "3"``), a boolean or, where a whole number is meant, a float is refused, strictly
and with ``--lenient`` alike (no lenient reading of it is documented), by a message naming
the key and what was expected, in English and Japanese. pydantic's lax mode read each of
them as the number."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.batch.files import Options, judge_text
from adjudicator.core.registry import Registry

RECORDS = Path(__file__).resolve().parents[1] / "records"
REGISTRY = Registry()

#: A valid sample, the number in it replaced, what it is replaced by, the key named.
CASES = {
    "dark-nebula turn as a string": (
        "dark-nebula/valid/worked-game.json",
        '"turn": 1,',
        '"turn": "1",',
        "events[1].turn",
    ),
    "dark-nebula die as a string": (
        "dark-nebula/valid/worked-game.json",
        '"roll": 4',
        '"roll": "4"',
        ".roll",
    ),
    "dark-nebula turn as true": (
        "dark-nebula/valid/worked-game.json",
        '"turn": 1,',
        '"turn": true,',
        "events[1].turn",
    ),
    "astro-stra pips as a string": (
        "astro-stra/valid/unfinished.json",
        '"pips": 3',
        '"pips": "3"',
        "turns[0].dice[0].pips",
    ),
    "astro-stra pips as a float": (
        "astro-stra/valid/unfinished.json",
        '"pips": 3',
        '"pips": 3.0',
        "turns[0].dice[0].pips",
    ),
    "astro-stra sets as true": (
        "astro-stra/valid/unfinished.json",
        '"format"',
        '"sets": true, "format"',
        "sets",
    ),
    "orbit-dominion clock as a string": (
        "orbit-dominion/valid/comments-clocks-attempts.json",
        '"clock": 895.0',
        '"clock": "895"',
        "moves[0].clock",
    ),
}

#: What is said to be expected, by language: a number (without quotes, when a string was
#: given).
EXPECTED = {"en": ("whole number", "number"), "ja": ("整数", "数")}


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_number_in_a_json_record_is_a_json_number(case: str, lang: str, lenient: bool) -> None:
    sample, number, written, key = CASES[case]
    text = (RECORDS / sample).read_text("utf-8")
    assert number in text
    changed = text.replace(number, written, 1)
    verdict = judge_text(REGISTRY, "x.json", changed, Options(lenient=lenient, lang=lang))  # type: ignore[arg-type]
    assert verdict.status == "unreadable", verdict
    assert verdict.unreadable is not None
    assert verdict.unreadable.code == "schema_violation"
    assert verdict.unreadable.location is not None and verdict.unreadable.location.endswith(key)
    message = verdict.unreadable.message
    assert any(word in message for word in EXPECTED[lang]), message
    if written.split(":", 1)[1].lstrip().startswith('"'):  # a number in quotes
        said = "written without quotes" if lang == "en" else "引用符なし"
        assert said in message, message
    assert judge_text(REGISTRY, "x.json", text, Options()).status == "valid"

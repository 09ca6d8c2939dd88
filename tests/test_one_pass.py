"""A JSON record a game reads from its text in one pass (``Game.read_json_text``:
pydantic's parser validating the model; Dark Nebula and Astro-Stra) is the record strict
JSON reads and validates, or lenient JSON: every sample record and random legal game is read
that way, to the same model; a text that strict JSON refuses or reads otherwise (a key
written twice anywhere, an integer over the limit, an escaped surrogate, a float or deep
nesting in the extensions) is left to the usual reading, and gets its verdict."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from adjudicator.core.batch import Options, judge_text
from adjudicator.core.errors import InputError
from adjudicator.core.loading import parse_json
from adjudicator.core.registry import Registry
from adjudicator.core.strict_json import MAX_INT_DIGITS
from tests.astro_stra.test_fast_path import random_records
from tests.dark_nebula.player import random_game

RECORDS = Path(__file__).resolve().parents[1] / "records"
REGISTRY = Registry()
#: The games that read a JSON record in one pass, by slug.
GAMES = {g.slug: g for g in REGISTRY.games if g.slug in ("dark-nebula", "astro-stra")}


def _usual(game: str, text: str, *, lenient: bool) -> BaseModel | str:
    """The record read the usual way (decoded, then read by the game), or the refusal's
    code."""
    try:
        read = GAMES[game].read_json_record(parse_json(text, strict=not lenient), lenient=lenient)
    except InputError as err:
        return err.code
    return read.model if not read.warnings else "warned"


def _one_pass(game: str, text: str) -> BaseModel | None:
    read = GAMES[game].read_json_text(text, lenient=False)
    return None if read is None else read.model


def _same_record(game: str, text: str) -> None:
    """The one pass reads ``text``, to the record the usual way reads, strict or lenient."""
    read = _one_pass(game, text)
    assert read is not None
    for lenient in (False, True):
        usual = _usual(game, text, lenient=lenient)
        assert usual == read
        assert isinstance(usual, type(read))
        assert usual.dump() == read.dump()  # type: ignore[attr-defined]


SAMPLES = [(game, path) for game in GAMES for path in sorted((RECORDS / game).rglob("*.json"))]


@pytest.mark.parametrize(
    ("game", "path"), SAMPLES, ids=[f"{g}/{p.parent.name}/{p.name}" for g, p in SAMPLES]
)
def test_a_sample_is_read_in_one_pass_as_strict_json_reads_it(game: str, path: Path) -> None:
    text = path.read_text("utf-8")
    if path.parent.name == "valid":
        _same_record(game, text)
        return
    try:
        read = _one_pass(game, text)
    except InputError as err:  # refused as the usual way refuses it
        assert _usual(game, text, lenient=False) == err.code
        return
    if read is None:
        assert isinstance(_usual(game, text, lenient=False), str)  # refused the usual way
    else:
        _same_record(game, text)


@pytest.mark.parametrize("seed", range(12))
def test_a_random_legal_dark_nebula_game_is_read_in_one_pass(seed: int) -> None:
    data = random_game(seed, 1 + seed % 6).dump()
    text = json.dumps(data, ensure_ascii=False, indent=2 if seed % 2 else None)
    _same_record("dark-nebula", text)


def test_random_legal_astro_stra_games_are_read_in_one_pass() -> None:
    for seed, record in enumerate(random_records(6)):
        text = json.dumps(record.dump(), ensure_ascii=False, indent=2 if seed % 2 else None)
        _same_record("astro-stra", text)


#: Each game's sample, the key an extension or an unknown field is put before, and an
#: integer field given more digits than the limit.
SAMPLE = {
    "dark-nebula": ((RECORDS / "dark-nebula/valid/worked-game.json"), '"events"', '"turn": 1'),
    "astro-stra": ((RECORDS / "astro-stra/valid/unfinished.json"), '"turns"', '"pips": 1'),
}


def _made(game: str, cases: Callable[[str, str, str], dict[str, str]]) -> list[Any]:
    path, before, number = SAMPLE[game]
    sample = path.read_text("utf-8")
    return [
        pytest.param(game, sample, text, id=f"{game}: {name}")
        for name, text in cases(sample, before, number).items()
    ]


def _read_otherwise(sample: str, before: str, number: str) -> dict[str, str]:
    def ext(value: str) -> str:
        return sample.replace(before, f'"ext": {{"a": {value}}}, {before}', 1)

    return {
        "key written twice": sample.replace('"game_id"', '"game_id": "x", "game_id"', 1),
        "key written twice in the extensions": ext('1, "a": 2'),
        "integer over the limit": sample.replace(number, number[:-1] + "1" * (MAX_INT_DIGITS + 1)),
        "escaped lone surrogate": sample.replace('"game_id": "', '"game_id": "\\ud800', 1),
        "NaN in the extensions": ext("NaN"),
        "number out of range": ext("1e400"),
        "deep nesting": ext("[" * 70 + "]" * 70),
        "unknown field": sample.replace(before, f'"surplus": 1, {before}', 1),
    }


def _dark_nebula_otherwise(sample: str, before: str, number: str) -> dict[str, str]:
    return {
        "key written twice in an event": sample.replace('"phase"', '"phase": "setup", "phase"', 1),
        "side written twice in the dice": sample.replace('"dice": {', '"dice": {"empire": {}, ', 1),
    }


def _astro_stra_otherwise(sample: str, before: str, number: str) -> dict[str, str]:
    return {
        "key written twice in a turn": sample.replace('"side"', '"side": "black", "side"', 1),
        "key written twice in a die": sample.replace('"pips"', '"pips": 1, "pips"', 1),
        "key written twice in the slots": sample.replace('"S"', '"S": "red", "S"', 1),
        "key written twice in a held die": sample.replace(
            '"skill": "jagi"',
            '"skill": "black-red", "held": {"owner": "black", "owner": "black", "colour": "red"}',
            1,
        ),
    }


#: Texts the one pass cannot vouch for: strict JSON refuses them, or reads them otherwise.
LEFT_TO_THE_USUAL = [
    *_made("dark-nebula", _read_otherwise),
    *_made("dark-nebula", _dark_nebula_otherwise),
    *_made("astro-stra", _read_otherwise),
    *_made("astro-stra", _astro_stra_otherwise),
]


@pytest.mark.parametrize(("game", "sample", "text"), LEFT_TO_THE_USUAL)
def test_a_text_strict_json_reads_otherwise_is_left_to_the_usual_reading(
    game: str, sample: str, text: str
) -> None:
    assert text != sample
    assert _one_pass(game, text) is None
    verdict = judge_text(REGISTRY, "x.json", text, Options())
    assert verdict.unreadable is not None
    assert verdict.unreadable.code == ("unknown_field" if '"surplus"' in text else "bad_json")


def _read_alike(sample: str, before: str, number: str) -> dict[str, str]:
    return {
        "escape and colon in a string": sample.replace('"game_id": "', '"game_id": "\\u0041:', 1),
        "extensions": sample.replace(before, f'"ext": {{"a": {{"b": [1, "c:d"]}}}}, {before}', 1),
    }


def _astro_stra_alike(sample: str, before: str, number: str) -> dict[str, str]:
    layout = '"layout": "b:1=2,2=2,3=2 w:1=2,2=2,3=2"'
    return {"layout": sample.replace(before, f"{layout}, {before}", 1)}


#: Texts both ways read alike.
READ_ALIKE = [
    *_made("dark-nebula", _read_alike),
    *_made("astro-stra", _read_alike),
    *_made("astro-stra", _astro_stra_alike),
]


@pytest.mark.parametrize(("game", "sample", "text"), READ_ALIKE)
def test_a_text_read_alike_either_way_is_read_in_one_pass(
    game: str, sample: str, text: str
) -> None:
    assert text != sample
    _same_record(game, text)

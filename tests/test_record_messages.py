"""Every message about a record that does not fit its model is in the project's own words,
in both languages, and names what the person wrote.

Record spec, all three games: a record's shape is checked by its pydantic models; what
pydantic says (``Value error, …``, ``Input should be …``), a Python repr (``{'reason':
None}``) or an English word inside a Japanese sentence is no message for a director. These
tests break every field of every sample record (JSON) and every tag of every text sample in
the ways a field's constraints refuse, and hold each message to that; every model validator
of the record models has its own cases, and a validator added without one fails here.
"""

from __future__ import annotations

import copy
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from adjudicator import game
from adjudicator.astro_stra import record as astro_record
from adjudicator.core.errors import InputError, place
from adjudicator.core.read.records import ClaimedResultModel
from adjudicator.dark_nebula import record as nebula_record
from adjudicator.dark_nebula.board import default_board
from adjudicator.orbit_dominion import record as orbit_record

RECORDS = Path(__file__).parent.parent / "records"
GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")
MODELS = {
    "orbit-dominion": orbit_record.Record,
    "dark-nebula": nebula_record.Record,
    "astro-stra": astro_record.Record,
}
#: Values a field refuses, one of each kind: null, strings, numbers out of range, a float,
#: lists, an object, a boolean, the empty string, a long string.
BAD_VALUES: list[Any] = [None, "zz", "ZZ?", -1, 1.5, 10**6, [], [{"x": None}], {"k": None}]
BAD_VALUES += [True, "", "x" * 120]
_DELETE = object()


# --- what a message must not hold ---------------------------------------------------------


def _models(model: type[BaseModel]) -> Iterator[type[BaseModel]]:
    """``model`` and every model its fields hold, however deeply."""
    seen: set[type[BaseModel]] = set()
    todo = [model]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        yield current
        for field in current.model_fields.values():
            todo.extend(_inner_models(field.annotation))


def _inner_models(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from _inner_models(arg)


def _literals(annotation: Any) -> Iterator[str]:
    if typing.get_origin(annotation) is typing.Literal:
        yield from (str(a) for a in typing.get_args(annotation))
    for arg in typing.get_args(annotation):
        yield from _literals(arg)


def _ids() -> set[str]:
    """The words a Japanese message may hold: ids the records themselves are written in
    (field names, tag names, literal values), units of notation and format names."""
    words = {"ID", "YYYY", "MM", "DD", "ISO", "SHA", "JSON", "ASCII", "true", "false", "null"}
    words |= {"lenient", "ADJUDICATOR_BOARDS", "default", "placeholders"}
    words |= set(default_board().sector_ids)  # Dark Nebula's records name sectors by id
    for model in MODELS.values():
        for inner in _models(model):
            for name, field in inner.model_fields.items():
                words |= {name, field.alias or name}
                words |= set(_literals(field.annotation))
    return words


IDS = _ids()
_QUOTED = re.compile(r'"[^"]*"|「[^」]*」|\[[A-Za-z]+(?: "[^"]*")?\]|<[^>]*>')
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_./-]+")


def english_words(ja: str) -> list[str]:
    """The English words of a Japanese message, ids, quoted values and tags left out."""
    bare = _QUOTED.sub(" ", ja)
    return [
        w
        for w in _WORD.findall(bare)
        if w not in IDS and not any(c.isdigit() or c in "/-$" for c in w)
    ]


def assert_own_words(err: InputError) -> None:
    """Neither language shows pydantic's wording or a Python repr; Japanese holds no
    English word but ids."""
    for lang in ("en", "ja"):
        said = err.describe(lang)
        for foreign in ("Value error", "Input should", "String should", "Field required"):
            assert foreign not in said, said
        assert "{'" not in said and "None" not in said and "['" not in said, said
    said = err.describe("ja").removeprefix(f"{place(err.field or '', 'ja')}: ")
    assert english_words(said) == [], err.describe("ja")


def test_english_words_are_found() -> None:
    """The check above finds an English word in a Japanese sentence, and lets ids,
    quoted values and tags pass."""
    assert english_words("記録の形式の誤り(the [Board] tag is missing)") == [
        "the",
        "tag",
        "is",
        "missing",
    ]
    assert english_words('[Result] で勝者を書いていますが、"reason" に終局理由 winner') == []


# --- every field of every sample, broken ----------------------------------------------------


def _paths(data: Any, prefix: tuple[int | str, ...] = ()) -> Iterator[tuple[int | str, ...]]:
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def _shape(path: tuple[int | str, ...]) -> tuple[str, ...]:
    return tuple("*" if isinstance(p, int) else p for p in path)


def _broken(data: Any, path: tuple[int | str, ...], value: Any) -> Any:
    data = copy.deepcopy(data)
    inner = data
    for part in path[:-1]:
        inner = inner[part]
    if value is _DELETE:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return data


def _samples(name: str) -> list[dict[str, Any]]:
    """The valid samples, and fields the samples leave out added to one of them."""
    out = [
        json.loads(p.read_text("utf-8")) for p in sorted((RECORDS / name / "valid").glob("*.json"))
    ]
    model = MODELS[name]
    readings = (
        model.model_fields["interpretations"].annotation if name != "orbit-dominion" else None
    )
    if name == "orbit-dominion":
        out.append(dict(out[0], game_id="table-3"))
    if name == "dark-nebula":
        out.append(dict(out[0], secret={"sector": "zarek", "nonce": "ab" * 16}))
        meta = {"event": "Cup", "site": "Tokyo", "date": "2026-11-20", "round": "3"}
        meta |= {"empire": "Aoi", "rebel": "Ren"}
        out.append(dict(out[0], interpretations=readings().model_dump(mode="json"), meta=meta))
    if name == "astro-stra":
        extra = copy.deepcopy(out[0])
        extra["layout"] = "b:1 w:2"
        extra["sets"] = 2
        extra["turns"][0]["skill"] = {
            "skill": "orange",
            "held": {"owner": "black", "colour": "red"},
            "opponent": "red",
            "swap": 3,
        }
        extra["turns"][0]["extra_skill"] = {"skill": "jagi", "as": "red", "die": "T", "pips": 1}
        extra["interpretations"] = readings().model_dump(mode="json", by_alias=True)
        extra["meta"] = {"event": "Cup", "site": "Tokyo", "date": "2026-11-20", "round": "3"}
        extra["meta"] |= {"black": "Aoi", "white": "Ren"}
        out.append(extra)
    return out


def _breakages(name: str) -> Iterator[tuple[str, Any]]:
    """Each field of each shape met in the samples, set to each bad value or removed."""
    seen: set[tuple[str, ...]] = set()
    for sample in _samples(name):
        for path in _paths(sample):
            if _shape(path) in seen:
                continue
            seen.add(_shape(path))
            for value in [*BAD_VALUES, _DELETE]:
                yield ".".join(map(str, path)), _broken(sample, path, value)


def _constrained_fields(model: type[BaseModel]) -> set[str]:
    """The names (as written) of the fields that refuse some value: every field but a
    free-form one."""
    out = set()
    for inner in _models(model):
        for name, field in inner.model_fields.items():
            if field.annotation not in (Any, object) and name != "ext":
                out.add(field.alias or name)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_field_of_the_record_is_broken_somewhere(name: str) -> None:
    """The sweep below reaches every field of the game's record models, so that a field
    added with a constraint is held to the same words."""
    reached = {part for sample in _samples(name) for path in _paths(sample) for part in path}
    missing = _constrained_fields(MODELS[name]) - reached
    assert not missing, f"no sample holds {sorted(missing)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_field_constraint_says_it_in_own_words(name: str) -> None:
    """Record spec: each way a field of a JSON record is refused (type, pattern, range,
    length, allowed values, missing, unknown) is said in the project's words in both
    languages, located at the field, the value shown as JSON writes it."""
    played = game(name)
    refused = 0
    for where, data in _breakages(name):
        try:
            played.read_json_record(data, lenient=False)
        except InputError as err:
            refused += 1
            assert err.field, f"{where}: no location"
            assert_own_words(err)
    assert refused > 100


# --- every model validator -------------------------------------------------------------


def _validated_models() -> set[str]:
    out = set()
    for model in MODELS.values():
        for inner in _models(model):
            decorators = inner.__pydantic_decorators__
            if decorators.model_validators or decorators.field_validators:
                out.add(f"{inner.__module__}.{inner.__qualname__}")
    return out


def _orbit(**result: Any) -> dict[str, Any]:
    base = json.loads((RECORDS / "orbit-dominion/valid/resignation.json").read_text("utf-8"))
    base["result"] = {"winner": None, "reason": None, "resigned": None, **result}
    return base


def _other(name: str, sample: str, **result: Any) -> dict[str, Any]:
    base = json.loads((RECORDS / name / "valid" / sample).read_text("utf-8"))
    base["result"] = result
    return base


#: A case for each rule of each model validator: the game, the JSON record, the words the
#: English message holds (the keys as written) and those the Japanese holds.
RULE_CASES: dict[str, tuple[str, dict[str, Any], str, str]] = {
    "orbit: winner without reason": (
        "orbit-dominion",
        _orbit(winner="red"),
        '"winner" names a winner but "reason" gives no reason',
        '"winner" で勝者を書いていますが、"reason" に終局理由がありません',
    ),
    "orbit: reason without winner": (
        "orbit-dominion",
        _orbit(reason="pincer"),
        '"reason" gives a reason (pincer) but "winner" names no winner',
        '"reason" に終局理由(pincer)がありますが、"winner" に勝者がありません',
    ),
    "orbit: resignation without the side": (
        "orbit-dominion",
        _orbit(winner="red", reason="resignation"),
        '"resigned" names the side that resigned exactly when "reason" is resignation',
        '"resigned"(投了した側)は "reason" が resignation のときに限り書きます',
    ),
    "orbit: the resigned side wins": (
        "orbit-dominion",
        _orbit(winner="red", reason="resignation", resigned="red"),
        '"resigned" says red resigned, so "winner" cannot name red',
        '"resigned" で red が投了しているので、"winner" の勝者を red にはできません',
    ),
    "orbit: a draw by pincer": (
        "orbit-dominion",
        _orbit(winner="draw", reason="pincer"),
        '"winner" is a draw, which only the reasons move_limit and forfeit give',
        '"winner" は引き分けですが',
    ),
    "orbit: a date not in ISO 8601": (
        "orbit-dominion",
        dict(_orbit(), meta={"date": "20.11.2026"}),
        "a date is written YYYY-MM-DD (ISO 8601)",
        "日付は YYYY-MM-DD(ISO 8601)の形で書きます",
    ),
    "orbit: a start that is no position": (
        "orbit-dominion",
        dict(_orbit(), start="r....bb....r/rr....bb..../R....bB....r r 0"),
        "four space-separated parts",
        "空白で区切られた 4 つの部分",
    ),
    "nebula: winner without reason": (
        "dark-nebula",
        _other("dark-nebula", "worked-game.json", winner="empire"),
        '"winner" names a winner but "reason" gives no reason',
        '"winner" で勝者を書いていますが、"reason" に終局理由がありません',
    ),
    "nebula: the resigned side wins": (
        "dark-nebula",
        _other(
            "dark-nebula",
            "worked-game.json",
            winner="rebel",
            reason="resignation",
            resigned="rebel",
        ),
        '"resigned" says rebel resigned, so "winner" cannot name rebel',
        '"resigned" で rebel が投了しているので',
    ),
    "astro: reason without winner": (
        "astro-stra",
        _other("astro-stra", "resignation.json", reason="all_home"),
        '"reason" gives a reason (all_home) but "winner" names no winner',
        '"reason" に終局理由(all_home)がありますが',
    ),
    "astro: resigned without resignation": (
        "astro-stra",
        _other(
            "astro-stra", "resignation.json", winner="black", reason="all_home", resigned="white"
        ),
        '"resigned" names the side that resigned exactly when "reason" is resignation',
        '"resigned"(投了した側)は "reason" が resignation のときに限り書きます',
    ),
}
COVERED = {
    f"{m.__module__}.{m.__qualname__}"
    for m in (orbit_record.Meta, orbit_record.Result, orbit_record.Record, ClaimedResultModel)
}
COVERED |= {f"{m.__module__}.{m.__qualname__}" for m in (nebula_record.Result, astro_record.Result)}


def test_every_model_validator_has_cases() -> None:
    """A validator added to a record model without a case below fails here."""
    assert _validated_models() <= COVERED


@pytest.mark.parametrize(("name", "data", "en", "ja"), RULE_CASES.values(), ids=RULE_CASES)
def test_record_rules_are_said_in_both_languages(
    name: str, data: dict[str, Any], en: str, ja: str
) -> None:
    """Record spec (the claimed result, the date, the start): each rule a model validator
    keeps is said in both languages, naming the JSON keys, without pydantic's words."""
    with pytest.raises(InputError) as info:
        game(name).read_json_record(data, lenient=False)
    assert info.value.code == "schema_violation"
    assert en in info.value.describe("en")
    assert ja in info.value.describe("ja")
    assert_own_words(info.value)


# --- text records: the tags as written ------------------------------------------------------


def _text(name: str, sample: str) -> str:
    return (RECORDS / name / "valid" / sample).read_text("utf-8")


def test_result_without_reason_names_the_tags() -> None:
    """Record spec, Orbit Dominion text notation: ``[Result "1-0"]`` without ``[Reason]``
    says which tag to add, in the person's terms, in both languages."""
    text = _text("orbit-dominion", "pincer.txt").replace('[Reason "pincer"]\n', "")
    with pytest.raises(InputError) as info:
        game("orbit-dominion").read_text_record(text, lenient=False)
    assert info.value.field == "[Result]"
    assert "[Result] names a winner but [Reason] gives no reason" in info.value.describe("en")
    assert "[Result] で勝者を書いていますが、[Reason] に終局理由がありません" in (
        info.value.describe("ja")
    )
    assert_own_words(info.value)


TEXT_BREAKS = {
    "orbit-dominion": ("pincer.txt", ["Date", "Start", "GameId", "Reason", "Result"]),
    "dark-nebula": ("worked-game.txt", ["GameId", "Board", "Commitment", "Result", "Secret"]),
    "astro-stra": ("random-game.txt", ["GameId", "Sets", "Layout", "Result", "Interpretation"]),
}


#: Tags of :data:`TEXT_BREAKS` whose value no reading refuses: a game's id is any name, and
#: Astro-Stra's layout is read when the game is played, not with the record.
FREE_TAGS = {"GameId", "Layout"}


def _text_breakages(name: str) -> Iterator[tuple[str, str]]:
    """Each tag of the sample given each value, with the tag."""
    sample, tags = TEXT_BREAKS[name]
    text = _text(name, sample)
    for tag in tags:
        for value in ("", "zz", "ZZ?", "-1", "1.5", "x y z", "empire zz", "a=b", "red pincer"):
            line = f'[{tag} "{value}"]'
            found = re.search(rf"^\[{tag} .*\]$", text, re.M)
            yield tag, text.replace(found[0], line) if found else line + "\n" + text


@pytest.mark.parametrize("name", GAMES)
def test_text_tags_are_said_as_tags(name: str) -> None:
    """Record spec, text notation: a tag whose value the record refuses is said in the
    project's words in both languages and located by the tag (or the line), never by a
    JSON path the person did not write; each tag but the free ones refuses some value."""
    played = game(name)
    refusing = set()
    for tag, text in _text_breakages(name):
        try:
            played.read_text_record(text, lenient=False)
        except InputError as err:
            refusing.add(tag)
            assert_own_words(err)
            field = err.field or ""
            assert field.startswith(("[", "line", "ply", "tags")), (field, err.describe())
    assert refusing >= set(TEXT_BREAKS[name][1]) - FREE_TAGS


@pytest.mark.parametrize(
    ("name", "sample", "written", "wanted"),
    [
        ("dark-nebula", "worked-game.json", "ruleset", "game"),
        ("astro-stra", "resignation.json", "ruleset", "game"),
        ("orbit-dominion", "pincer.json", "game", "ruleset"),
    ],
)
def test_the_other_games_rules_key_is_answered_with_the_fix(
    name: str, sample: str, written: str, wanted: str
) -> None:
    """Record spec: Orbit Dominion names its rules ``ruleset``, Dark Nebula and Astro-Stra
    ``game``; a record written with the other key says which key to write, with its value."""
    data = json.loads((RECORDS / name / "valid" / sample).read_text("utf-8"))
    data[written] = data.pop(wanted)
    with pytest.raises(InputError) as info:
        game(name).read_json_record(data, lenient=False)
    assert info.value.field == written
    assert info.value.suggestion == f'"{wanted}": "{game(name).id}"'
    assert f'"{wanted}"' in info.value.describe("ja")
    assert_own_words(info.value)


# --- pydantic's constraints in the project's words, from the catalogue ----------------------

#: A field broken each way whose words the catalogue holds: the values pydantic lists as a
#: choice, a pattern a game registers words for, a number written in quotes. The record,
#: the English and the Japanese the message holds.
CATALOGUE_CASES: dict[str, tuple[str, dict[str, Any], str, str]] = {
    "a winner that is no side": (
        "orbit-dominion",
        _orbit(winner="green", reason="pincer"),
        'must be one of "red", "blue" or "draw" (got "green")',
        '次のいずれかでなければなりません: "red"、"blue"、"draw"(実際の値: "green")',
    ),
    "a game id out of its pattern": (
        "dark-nebula",
        dict(_other("dark-nebula", "worked-game.json"), game_id="-x"),
        "is not written as letters, digits and . _ : / - (at most 100, starting with a letter",
        "英数字と . _ : / -(100 文字まで、英数字で始まる) の形で書きます",
    ),
    "a commitment that is no digest": (
        "dark-nebula",
        dict(_other("dark-nebula", "worked-game.json"), commitment="abc"),
        "is not written as 64 lowercase hexadecimal digits (a SHA-256 digest)",
        "16 進数の小文字 64 桁(SHA-256 のダイジェスト) の形で書きます",
    ),
}


@pytest.mark.parametrize(
    ("name", "data", "en", "ja"), CATALOGUE_CASES.values(), ids=CATALOGUE_CASES
)
def test_pydantic_constraints_are_said_from_the_catalogue(
    name: str, data: dict[str, Any], en: str, ja: str
) -> None:
    """Record spec: what a field's constraint refuses is said in the project's words in
    each language — the values a choice allows listed as each language lists them, and a
    pattern by what it means (the words the module that defines it registers), never as a
    regular expression."""
    with pytest.raises(InputError) as info:
        game(name).read_json_record(data, lenient=False)
    assert en in info.value.describe("en")
    assert ja in info.value.describe("ja")

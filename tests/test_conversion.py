"""``convert`` reads its conversion back and compares it with the record as the rules see it
(records.md: "conversion goes both ways without loss"): a value written another way than
the other form writes it — a Dark Nebula turn left out, a side of a volley without dice —
converts; a value the other form cannot hold is refused, the refusal naming where it is and
both values, in English and in Japanese."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator import validate
from adjudicator.cli.app import build_app
from adjudicator.core.errors import InputError
from adjudicator.core.read.conversion import ABSENT, Difference, convert_record, first_difference
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
REGISTRY = Registry(installed_games())
APP = build_app(REGISTRY)
APPEARANCE = RECORDS / "dark-nebula" / "valid" / "appearance-disclosed.json"
WORKED = RECORDS / "dark-nebula" / "valid" / "worked-game.json"
ASTRO = RECORDS / "astro-stra" / "valid" / "random-game.json"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8"})
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def written(tmp_path: Path, data: dict[str, Any], name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


def verdict(path: Path) -> tuple[object, ...]:
    """Status, plies, the problem's code and the results, as ``validate`` judges the file."""
    v = validate(path)
    claimed = v.claimed.model_dump() if v.claimed else None
    computed = v.computed.model_dump() if v.computed else None
    return (v.status, v.plies, v.problem and v.problem.code, claimed, computed)


def convert(game: str, data: dict[str, Any], to: str = "text") -> str:
    played = REGISTRY.find(game, field="game")
    record = played.read_json_record(data, lenient=False)
    return convert_record(played, record, "json", to)  # type: ignore[arg-type]


# --- Dark Nebula's turns ----------------------------------------------------------------------


def _without_turns(data: dict[str, Any], only: int | None = None) -> dict[str, Any]:
    events = [
        {k: v for k, v in e.items() if k != "turn" or (only is not None and i != only)}
        for i, e in enumerate(data["events"])
    ]
    return {**data, "events": events}


def test_a_dark_nebula_record_without_turns_converts_to_the_text_its_places_stamp(
    tmp_path: Path,
) -> None:
    """dark-nebula.md, 5.0: an event's ``turn`` is optional in JSON, the replay taking it as
    the turn its place gives, which the text stamps. A record whose events name no turn is
    valid, and converts to the very text of the record that names them (it was refused,
    every turn-less record, with ``unrepresentable_record``); that text converts back to
    the stamped record, and every form is valid."""
    stamped = json.loads(APPEARANCE.read_text("utf-8"))
    bare = written(tmp_path, _without_turns(stamped))
    assert verdict(bare)[0] == "valid"
    code, text, err = run("convert", bare, "--to", "text")
    assert (code, err) == (0, "")
    assert text == run("convert", APPEARANCE, "--to", "text")[1]
    as_text = tmp_path / "record.txt"
    as_text.write_text(text, "utf-8")
    assert verdict(as_text) == verdict(bare)
    code, back, _ = run("convert", as_text, "--to", "json")
    assert code == 0
    assert json.loads(back) == stamped


@pytest.mark.parametrize("kept", [1, 9, 21])
def test_a_dark_nebula_record_stamping_some_turns_converts_too(kept: int) -> None:
    """5.0: turns named on some events and left out on the others are one record: the text
    stamps each left out as its place gives it."""
    stamped = json.loads(APPEARANCE.read_text("utf-8"))
    assert convert("dark-nebula", _without_turns(stamped, only=kept)) == convert(
        "dark-nebula", stamped
    )


def test_a_volley_side_without_dice_or_removals_converts() -> None:
    """9.1, 9.2: a side that fires no die in a volley, or removes no counter, is written in
    JSON as an empty entry or not at all, and the rules read both alike; the text writes
    neither, and the conversion is the one of the record without them."""
    data = json.loads(WORKED.read_text("utf-8"))
    volley = data["events"][3]["battles"][0]["volleys"][0]
    plain = convert("dark-nebula", data)
    volley["dice"]["rebel"] = {}
    volley["removed"]["empire"] = []
    assert convert("dark-nebula", data) == plain


# --- Astro-Stra's optional values ------------------------------------------------------------


def test_an_astro_stra_purple_skill_without_its_pips_converts_and_is_judged_alike(
    tmp_path: Path,
) -> None:
    """astro-stra.md, step 3: a JSON record's skill fields are judged as the line's. Purple
    without the pips it fixes the opposing die at is ``bad_skill`` at its turn in both forms:
    the text writes the opposing die alone (``skill purple black-red``), which reads back
    as it (it was written ``black-red=None``, which no reader reads)."""
    data = json.loads(ASTRO.read_text("utf-8"))
    skill = data["turns"][13]["skill"]
    assert skill["skill"] == "purple"
    del skill["pips"]
    source = written(tmp_path, data)
    text = convert("astro-stra", data)
    assert "| skill purple black-red |" in text
    as_text = tmp_path / "record.txt"
    as_text.write_text(text, "utf-8")
    assert verdict(source) == verdict(as_text)
    assert verdict(source)[:3] == ("invalid", 15, "bad_skill")


@pytest.mark.parametrize("key", ["opening", "draft"])
def test_an_astro_stra_record_without_its_opening_or_draft_converts(key: str) -> None:
    """astro-stra.md, set-up: a record whose opening roll or draft is left out is judged at
    ply 1 or 2; the text writes the line empty (``draft``), and reads it back so."""
    data = json.loads(ASTRO.read_text("utf-8"))
    del data[key]
    text = convert("astro-stra", data)
    assert f"\n{key}\n" in text
    assert json.loads(convert("astro-stra", data, "json")) == data


# --- refusals name the value ------------------------------------------------------------------


def _nonce_with_a_clause() -> dict[str, Any]:
    """The worked game with its reveal's nonce followed by ``; roll 3``: the text line
    would read that as a roll, not as part of the nonce."""
    data = json.loads(WORKED.read_text("utf-8"))
    data["events"][21]["reveal"]["nonce"] += "; roll 3"
    return data


def test_a_refusal_names_the_value_and_both_its_values_in_english_and_japanese() -> None:
    """records.md: a record the other form cannot hold is refused with the reason: the
    first value that would differ, where it is, what the record has and what would be read
    back — never only "a value it cannot spell"."""
    data = _nonce_with_a_clause()
    nonce = data["events"][21]["reveal"]["nonce"]
    with pytest.raises(InputError) as caught:
        convert("dark-nebula", data)
    err = caught.value
    assert err.code == "unrepresentable_record"
    english, japanese = err.describe("en"), err.describe("ja")
    for message in (english, japanese):
        assert "events[21].reveal.nonce" in message
        assert json.dumps(nonce) in message
        assert json.dumps(nonce.split(";")[0]) in message
    assert "the record has" in english
    assert "読み直すと" in japanese


def test_a_value_the_other_form_has_no_place_for_is_named_with_nothing_read_back() -> None:
    """A Dark Nebula record's extensions (``ext``) have no tag in the text notation: the
    refusal names them, and says nothing would be read back."""
    data = json.loads(WORKED.read_text("utf-8"))
    data["ext"] = {"table": 3}
    with pytest.raises(InputError) as caught:
        convert("dark-nebula", data)
    assert 'at ext the record has {"table": 3}' in caught.value.describe("en")
    assert re.search(r"\bread back nothing", caught.value.describe("en"))
    assert 'ext は記録では {"table": 3} ですが' in caught.value.describe("ja")
    assert "(なし)" in caught.value.describe("ja")


def test_the_command_names_the_value_it_refuses(tmp_path: Path) -> None:
    """``convert`` prints the refusal with the value, exit 2, nothing on standard output."""
    code, out, err = run("convert", written(tmp_path, _nonce_with_a_clause()), "--to", "text")
    assert (code, out) == (2, "")
    assert "events[21].reveal.nonce" in err


def test_a_conversion_that_would_not_read_names_why() -> None:
    """A value whose text would not read at all (a move with a space) is refused with what
    the reader would say of it, the line included."""
    data = json.loads((RECORDS / "orbit-dominion" / "valid" / "pincer.json").read_text("utf-8"))
    data["moves"][0] = "I11 I10"
    with pytest.raises(InputError) as caught:
        convert("orbit-dominion", data)
    assert "would not read back (line 11, column" in caught.value.describe("en")
    assert "読み直せません(11行" in caught.value.describe("ja")


# --- the comparison ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}, None),
        ({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}, Difference("a[1].b", 2, 3)),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}, None),
        ({"a": 1}, {}, Difference("a", 1, ABSENT)),
        ({}, {"a": 1}, Difference("a", ABSENT, 1)),
        ({"a": [1]}, {"a": [1, 2]}, Difference("a[1]", ABSENT, 2)),
        ({"a": True}, {"a": 1}, Difference("a", True, 1)),
        ({"a": "1"}, {"a": 1}, Difference("a", "1", 1)),
    ],
)
def test_the_first_difference_is_found_with_its_json_type(
    before: Any, after: Any, expected: Difference | None
) -> None:
    """Keys in any order are one record; ``true`` is not ``1``, nor ``"1"`` the number."""
    assert first_difference(before, after) == expected


def test_a_conversion_that_changes_the_whole_record_says_so_without_a_stray_space() -> None:
    """Japanese sets its words apart by no space (docs/design.md, "Messages"; issue 42): a
    refused conversion of the whole record says 「記録全体は」, never 「記録全体 は」, while a
    path in Latin letters keeps its space (「moves[2] は」)."""
    from adjudicator.core.read.conversion import _changed

    whole = _changed("text", Difference("", ABSENT, {"a": 1})).describe("ja")
    assert "記録全体は記録では" in whole
    part = _changed("text", Difference("moves[2]", "x", ABSENT)).describe("ja")
    assert "moves[2] は記録では" in part

"""The record formats: the text notation (``record_text``) converts to and from the JSON
record ``orbit-dominion-record/1`` without loss, says where a text record is broken, and
the JSON record model refuses inconsistent or malformed records with the field named."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.core.read.records import load_model
from adjudicator.orbit_dominion.actions import every_action
from adjudicator.orbit_dominion.position import Position
from adjudicator.orbit_dominion.record import Record
from adjudicator.orbit_dominion.record_text import format_record, parse
from adjudicator.orbit_dominion.state import GameState

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "records" / "orbit-dominion"
FORMAT, RULESET = "orbit-dominion-record/1", "orbit-dominion/4.2"
HEAD = '[Ruleset "orbit-dominion/4.2"]\n\n'


# --- strategies ----------------------------------------------------------------------------


def _positions() -> list[str]:
    """Valid start positions (both sides to move, with and without a gate claim), reached
    by seeded random play from the standard start."""
    found: dict[str, None] = {}
    for seed in range(40):
        rng = random.Random(seed)
        state = GameState()
        while state.outcome() is None and len(state.actions) < 60:
            state.push(rng.choice(sorted(state.legal_actions(), key=str)))
            text = state.position.text()
            try:
                Position.from_text(text)
            except InputError:
                continue
            found[text] = None
    return list(found)


POSITIONS = _positions()
CANONICAL_ACTIONS = sorted(every_action())
#: Documented alternative spellings that are one token (no spaces).
LENIENT_TOKENS = ["I11→I10", "O4⇄M4", "Ｏ４－Ｍ４", "Ｏ＋", "O+1", "M-1", "M3-M4", "O4-M4"]
_SPACED_ARROW = re.compile(r"[ \t][→⇄]|[→⇄][ \t]")

actions = st.sampled_from(CANONICAL_ACTIONS) | st.sampled_from(LENIENT_TOKENS)
tricky_text = st.sampled_from(
    ['say "hi"', "back\\slash", "\\", '"', "秋季大会 第1局", "佐藤 九段", "", " ", "a]b", "[x]"]
)
free_text = tricky_text | st.text(max_size=30)
comments = (tricky_text | st.text(max_size=40)).filter(
    lambda c: "}" not in c and not c.startswith("[%") and not _SPACED_ARROW.search(c)
)
clocks = st.floats(min_value=0, max_value=1e9, allow_nan=False, allow_infinity=False) | (
    st.integers(min_value=0, max_value=10**6)
)
move_objects = st.fixed_dictionaries(
    {"move": actions},
    optional={
        "comment": comments,
        "clock": clocks,
        "attempts": st.lists(actions, max_size=3),
    },
)
moves = st.lists(actions | move_objects, max_size=25)

_WINNING = ["flagship_capture", "pincer", "annihilation", "gate_control", "move_limit"]
results = st.one_of(
    st.just({"winner": None, "reason": None, "resigned": None}),
    st.fixed_dictionaries(
        {
            "winner": st.sampled_from(["red", "blue"]),
            "reason": st.sampled_from([*_WINNING, "no_legal_moves", "forfeit"]),
            "resigned": st.none(),
        }
    ),
    st.sampled_from(["red", "blue"]).map(
        lambda side: {
            "winner": "blue" if side == "red" else "red",
            "reason": "resignation",
            "resigned": side,
        }
    ),
    st.fixed_dictionaries(
        {
            "winner": st.just("draw"),
            "reason": st.sampled_from(["move_limit", "forfeit"]),
            "resigned": st.none(),
        }
    ),
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | free_text,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(free_text, children, max_size=3)
    ),
    max_leaves=10,
)
metas = st.fixed_dictionaries(
    {},
    optional={
        "event": free_text,
        "site": free_text,
        "date": st.dates().map(lambda d: d.isoformat()),
        "round": free_text,
        "red": free_text,
        "blue": free_text,
    },
)


@st.composite
def records(draw: st.DrawFn) -> Record:
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": RULESET,
        "meta": draw(metas),
        "start": draw(st.just("standard") | st.sampled_from(POSITIONS)),
        "moves": draw(moves),
        "result": draw(results),
    }
    if draw(st.booleans()):
        data["game_id"] = draw(free_text.filter(bool))
    if draw(st.booleans()):
        data["ext"] = draw(st.dictionaries(free_text, json_values, max_size=4))
    return Record.model_validate(data)


# --- lossless conversion -------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_json_to_text_to_json_loses_nothing(record: Record) -> None:
    """Notation spec ("conversion to and from the JSON record loses nothing"): any canonical
    record survives JSON → text → JSON, and the text of the re-read record is identical."""
    text = format_record(record)
    again, notes = parse(text)
    assert notes == []
    assert again.dump() == record.dump()
    assert format_record(again) == text


def test_the_strategy_covers_blue_first_and_claims() -> None:
    """Guards the property test above: its positions include blue to move and a claim."""
    sides = {p.split()[1] for p in POSITIONS}
    claims = {p.split()[3] for p in POSITIONS}
    assert sides == {"r", "b"}
    assert claims - {"-"}


JSON_SAMPLES = sorted(
    p for folder in ("valid", "invalid") for p in (SAMPLES / folder).glob("*.json")
)
TEXT_SAMPLES = sorted(
    p for folder in ("valid", "invalid") for p in (SAMPLES / folder).glob("*.txt")
)


def _sample_param(path: Path) -> Any:
    return pytest.param(path, id=f"{path.parent.name}/{path.name}")


@pytest.mark.parametrize("path", [_sample_param(p) for p in JSON_SAMPLES])
def test_sample_json_to_text_to_json(path: Path) -> None:
    """Notation spec: every sample JSON record, valid or not, converts to text and back to
    its canonical dump (the rules play no part in conversion)."""
    record = Record.model_validate(json.loads(path.read_text(encoding="utf-8")))
    again, _ = parse(format_record(record))
    assert again.dump() == record.dump()


@pytest.mark.parametrize("path", [_sample_param(p) for p in TEXT_SAMPLES])
def test_sample_text_to_json_to_text(path: Path) -> None:
    """Notation spec: every sample text record converts to JSON and back to the same text."""
    text = path.read_text(encoding="utf-8")
    record, _ = parse(text)
    data = json.loads(json.dumps(record.dump(), ensure_ascii=False))
    assert format_record(Record.model_validate(data)) == text


def test_text_sample_and_json_sample_are_the_same_record() -> None:
    """Notation spec: the .txt sample is the text notation of the .json sample beside it."""
    for stem in ("pincer", "comments-clocks-attempts"):
        data = json.loads((SAMPLES / "valid" / f"{stem}.json").read_text(encoding="utf-8"))
        record, _ = parse((SAMPLES / "valid" / f"{stem}.txt").read_text(encoding="utf-8"))
        assert record.dump() == Record.model_validate(data).dump()


# --- move numbers --------------------------------------------------------------------------

BLUE_FIRST = "r....bb....r/rr....bb..../R....bB....r b 1 -"


def _record(**fields: Any) -> Record:
    data = {
        "format": FORMAT,
        "ruleset": RULESET,
        "result": {"winner": None, "reason": None, "resigned": None},
    }
    return Record.model_validate(data | fields)


def test_blue_moving_first_numbers_the_first_move_1_ellipsis() -> None:
    """Notation spec: when the start has blue to move, the first move is numbered ``1...``
    and red's moves open the following pairs."""
    record = _record(start=BLUE_FIRST, moves=["O+", "O-", "I+", "I-"])
    text = format_record(record)
    assert text.endswith("\n\n1... O+ 2. O- I+ 3. I- *\n")
    assert f'[Start "{BLUE_FIRST}"]' in text
    again, _ = parse(text)
    assert again.dump() == record.dump()


def test_red_moving_first_numbers_pairs() -> None:
    """Notation spec: from the standard start red's moves open numbered pairs ``1.``, ``2.``."""
    text = format_record(_record(moves=["O-", "O+", "O-"]))
    assert text == '[Ruleset "orbit-dominion/4.2"]\n[Result "*"]\n\n1. O- O+ 2. O- *\n'


def test_blue_first_start_rejects_a_red_style_number() -> None:
    """Notation spec: with blue to move first, ``1.`` is the wrong number (``1...`` is)."""
    text = f'[Ruleset "{RULESET}"]\n[Start "{BLUE_FIRST}"]\n\n1. O+ *\n'
    with pytest.raises(InputError) as info:
        parse(text)
    assert info.value.field == "line 4, column 1"
    assert info.value.expected == "1..."


def test_red_first_start_rejects_an_ellipsis_number() -> None:
    """Notation spec: ``1...`` belongs only to a start with blue to move."""
    with pytest.raises(InputError) as info:
        parse(HEAD + "1... O- *\n")
    assert info.value.field == "line 3, column 1"
    assert info.value.expected == "1."


# --- notation errors, located --------------------------------------------------------------

NOTATION_ERRORS = {
    "malformed tag line": ("[Event Autumn]\n" + HEAD + "1. O- *\n", "line 1, column 1"),
    "text after a tag": ('[Event "A"] x\n' + HEAD + "1. O- *\n", "line 1, column 1"),
    "unknown tag": ('[Venue "Hall B"]\n' + HEAD + "1. O- *\n", "line 1, column 1"),
    "duplicate tag": ('[Event "A"]\n[Event "B"]\n' + HEAD + "1. O- *\n", "line 2, column 1"),
    "missing [Ruleset]": ('[Event "A"]\n\n1. O- *\n', "line 1, column 1"),
    "wrong move number": (HEAD + "1. O- O+ 3. O- *\n", "line 3, column 10"),
    "move without its number": (HEAD + "1. O- O+ O- *\n", "line 3, column 10"),
    "first move without its number": (HEAD + "O- *\n", "line 3, column 1"),
    "number in the middle of a pair": (HEAD + "1. O- 2. O+ *\n", "line 3, column 7"),
    "comment before the first move": (HEAD + "{opening} 1. O- *\n", "line 3, column 1"),
    "text after the result token": (HEAD + "1. O- O+ *\n2. O-\n", "line 4, column 1"),
    "missing result token": (HEAD + "1. O- O+\n", "line 4, column 1"),
    "[Result] disagreeing with the token": (
        f'[Ruleset "{RULESET}"]\n[Result "1-0"]\n\n1. O- *\n',
        "line 4, column 1",
    ),
    "[Result] not a result": (f'[Ruleset "{RULESET}"]\n[Result "2-0"]\n\n*\n', "line 2, column 1"),
    "bad [Ext] JSON": (f'[Ruleset "{RULESET}"]\n[Ext "{{nope"]\n\n*\n', "line 2, column 1"),
    "[Ext] not closed": (f'[Ruleset "{RULESET}"]\n[Ext "[1, 2"]\n\n*\n', "line 2, column 1"),
    "unclosed comment": (HEAD + "1. O- {abc *\n", "line 3, column 7"),
    "second comment on a move": (HEAD + "1. O- {a} {b} *\n", "line 3, column 11"),
    "unknown command": (HEAD + "1. O- {[%clock 1] [%eval 3]} *\n", "line 3, column 7"),
}


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize(("text", "where"), NOTATION_ERRORS.values(), ids=NOTATION_ERRORS)
def test_notation_errors_name_line_and_column(text: str, where: str, lenient: bool) -> None:
    """Notation spec: a broken text record is an InputError (``bad_notation``) whose field
    is the line and column of the fault, strict or lenient (only an unknown tag is
    lenient)."""
    if lenient and text.startswith("[Venue"):
        pytest.skip("an unknown tag is a warning in lenient mode (tested below)")
    with pytest.raises(InputError) as info:
        parse(text, lenient=lenient)
    assert info.value.code == "bad_notation"
    assert info.value.field == where
    assert where in info.value.describe()


def test_notation_error_messages_say_what_was_expected() -> None:
    """Notation spec: the error says what was wrong and what would have been accepted."""
    cases = {
        HEAD + "1. O- O+ 3. O- *\n": ("unexpected move number '3.'", "2."),
        HEAD + "1. O- O+ O- *\n": ("move 'O-' without its number", "2."),
        '[Event "A"]\n\n*\n': ("missing [Ruleset] tag", '[Ruleset "orbit-dominion/4.2"]'),
        HEAD + "1. O- O+\n": ("missing result token", "1-0, 0-1, 1/2-1/2 or *"),
        '[Venue "x"]\n' + HEAD + "*\n": ("unknown tag [Venue]", None),
        f'[Ruleset "{RULESET}"]\n[Result "1-0"]\n\n*\n': (
            '[Result "1-0"] but the movetext ends with *',
            None,
        ),
        f'[Ruleset "{RULESET}"]\n[Ext "{{nope"]\n\n*\n': ("[Ext] is not JSON", None),
        '[Event "A"]\n[Event "B"]\n' + HEAD + "*\n": ("tag [Event] appears twice", None),
    }
    for text, (message, expected) in cases.items():
        with pytest.raises(InputError) as info:
            parse(text)
        assert message in info.value.message
        if expected is not None:
            assert info.value.expected == expected


def test_unknown_tag_is_a_located_warning_in_lenient_mode() -> None:
    """Notation spec: lenient mode ignores an unknown tag and reports it as a Note with its
    line and column; the rest of the record is read as usual."""
    text = '[Event "Cup"]\n[Venue "Hall B"]\n' + HEAD + "1. O- O+ *\n"
    record, notes = parse(text, lenient=True)
    assert [(n.code, n.location) for n in notes] == [("unknown_tag", "line 2, column 1")]
    assert "[Venue]" in notes[0].message
    assert record.meta.event == "Cup"
    assert record.moves == ["O-", "O+"]


def test_tag_values_unescape_quotes_and_backslashes() -> None:
    """Notation spec: tag values are quoted with ``\\"`` and ``\\\\`` escaped."""
    text = '[Event "say \\"hi\\" \\\\o/ 秋季大会"]\n' + HEAD + "*\n"
    record, _ = parse(text)
    assert record.meta.event == 'say "hi" \\o/ 秋季大会'
    assert format_record(record).startswith(text.split("\n")[0] + "\n")


def test_result_reason_and_resignation_are_read_from_tags_and_token() -> None:
    """Notation spec: the closing token gives the winner, [Reason] the reason, and a
    resignation's resigned side is the loser."""
    text = f'[Ruleset "{RULESET}"]\n[Reason "resignation"]\n\n1. O- 0-1\n'
    record, _ = parse(text)
    assert record.result.model_dump() == {
        "winner": "blue",
        "reason": "resignation",
        "resigned": "red",
    }


def test_comments_clocks_and_attempts_are_read() -> None:
    """Notation spec: a comment in braces, then a brace group of [%clock] / [%attempt]."""
    text = HEAD + "1. O- {good} {[%clock 12.5] [%attempt O0-I0] [%attempt I5-I3]} O+ *\n"
    record, _ = parse(text)
    assert record.dump()["moves"] == [
        {"move": "O-", "comment": "good", "clock": 12.5, "attempts": ["O0-I0", "I5-I3"]},
        "O+",
    ]


def test_unrepresentable_comment_is_an_error_not_a_silent_loss() -> None:
    """Notation spec: a comment with '}' or starting with '[%' has no text notation, so
    conversion refuses it, naming the move."""
    for comment in ("a } b", "[%clock 3]"):
        record = _record(moves=["O-", {"move": "O+", "comment": comment}])
        with pytest.raises(InputError) as info:
            format_record(record)
        assert info.value.code == "unrepresentable_comment"
        assert info.value.field == "moves[1].comment"


@pytest.mark.parametrize("written", ["I11→I10", "Ｏ４－Ｍ４", "O4⇄M4", "O+1"])
def test_lenient_spellings_without_spaces_are_kept_as_written(written: str) -> None:
    """Notation spec: the text notation records what was written; normalising a spelling
    is the validator's job (in lenient mode), not the parser's."""
    record, _ = parse(HEAD + f"1. {written} O+ *\n", lenient=True)
    assert record.moves == [written, "O+"]


@pytest.mark.parametrize("written", ["I11 → I10", "O4 ⇄ M4", "I11\t→ I10"])
def test_lenient_spellings_with_spaces_are_kept_as_written(written: str) -> None:
    """Notation spec: the rulebook's ``I11 → I10`` (with spaces) is one move in the
    movetext and is kept exactly as written."""
    record, _ = parse(HEAD + f"1. {written} O+ *\n", lenient=True)
    assert record.moves == [written, "O+"]


def test_comment_with_a_spaced_arrow_survives() -> None:
    """Notation spec (lossless): a comment is kept exactly, arrows and spaces included."""
    record = _record(moves=[{"move": "O-", "comment": "better: I11 → I10"}])
    again, _ = parse(format_record(record))
    assert again.dump() == record.dump()


def test_error_column_after_a_spaced_arrow() -> None:
    """Notation spec: error locations point at the fault in the text as written."""
    text = HEAD + "1. I11 → I10 O+ 3. O- *\n"
    with pytest.raises(InputError) as info:
        parse(text, lenient=True)
    assert info.value.field == "line 3, column 17"  # where '3.' stands


# --- the JSON record model -----------------------------------------------------------------

BASE: dict[str, Any] = {
    "format": FORMAT,
    "ruleset": RULESET,
    "meta": {"event": "Cup", "date": "2026-11-20"},
    "moves": ["O-", {"move": "O+", "clock": 10}],
    "result": {"winner": None, "reason": None, "resigned": None},
}


def _with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if key.startswith("meta_"):
            data["meta"][key[5:]] = value
        else:
            data[key] = value
    return data


def test_base_record_is_valid() -> None:
    """Record spec: the base of the error cases below is itself a valid record."""
    record, notes = load_model(Record, _with(), lenient=False)
    assert notes == []
    assert record.dump()["moves"] == ["O-", {"move": "O+", "clock": 10.0}]


MODEL_ERRORS = {
    "winner without reason": (
        _with(result={"winner": "red", "reason": None, "resigned": None}),
        "result",
        '"winner" names a winner but "reason" gives no reason',
    ),
    "reason without winner": (
        _with(result={"winner": None, "reason": "pincer", "resigned": None}),
        "result",
        '"reason" gives a reason (pincer) but "winner" names no winner',
    ),
    "resigned without reason resignation": (
        _with(result={"winner": "red", "reason": "pincer", "resigned": "blue"}),
        "result",
        '"resigned" names the side that resigned exactly when "reason" is resignation',
    ),
    "resignation without resigned": (
        _with(result={"winner": "red", "reason": "resignation", "resigned": None}),
        "result",
        '"resigned" names the side that resigned exactly when "reason" is resignation',
    ),
    "resigned side winning": (
        _with(result={"winner": "red", "reason": "resignation", "resigned": "red"}),
        "result",
        '"resigned" says red resigned, so "winner" cannot name red',
    ),
    "draw by pincer": (
        _with(result={"winner": "draw", "reason": "pincer", "resigned": None}),
        "result",
        '"winner" is a draw, which only the reasons move_limit and forfeit give',
    ),
    "unknown winner": (
        _with(result={"winner": "green", "reason": "pincer", "resigned": None}),
        "result.winner",
        "",
    ),
    "unknown reason": (
        _with(result={"winner": "red", "reason": "checkmate", "resigned": None}),
        "result.reason",
        "",
    ),
    "result missing": ({k: v for k, v in BASE.items() if k != "result"}, "result", "required"),
    "date with slashes": (_with(meta_date="2026/11/20"), "meta.date", "YYYY-MM-DD"),
    "date as a number": (_with(meta_date=20261120), "meta.date", "YYYY-MM-DD"),
    "date without zero padding": (_with(meta_date="2026-1-5"), "meta.date", "YYYY-MM-DD"),
    "date with a time": (_with(meta_date="2026-11-20T10:00:00"), "meta.date", "YYYY-MM-DD"),
    "date that does not exist": (_with(meta_date="2026-02-30"), "meta.date", ""),
    "start with three parts": (
        _with(start="r....bb....r/rr....bb..../R....bB....r r 0"),
        "start",
        "four space-separated parts",
    ),
    "start with a short orbit": (
        _with(start="r....bb....r/rr....bb..../R....bB...r r 0 -"),
        "start",
        "orbit I has 11 cells",
    ),
    "start without a blue flagship": (
        _with(start="r....bb....r/rr....bb..../R....bb....r r 0 -"),
        "start",
        "blue has 0 flagships",
    ),
    "start beyond the move limit": (
        _with(start="r....bb....r/rr....bb..../R....bB....r r 121 -"),
        "start",
        "ply '121'",
    ),
    "empty game_id": (_with(game_id=""), "game_id", "must not be empty"),
    "wrong format": (_with(format="orbit-dominion-record/2"), "format", ""),
    "moves not a list": (_with(moves="O- O+"), "moves", ""),
}


@pytest.mark.parametrize(("data", "field", "message"), MODEL_ERRORS.values(), ids=MODEL_ERRORS)
def test_record_model_errors_name_the_field(data: dict[str, Any], field: str, message: str) -> None:
    """Record spec: an inconsistent or malformed record is a ``schema_violation`` naming
    the field (strict and lenient alike: leniency only concerns unknown fields)."""
    for lenient in (False, True):
        with pytest.raises(InputError) as info:
            load_model(Record, copy.deepcopy(data), lenient=lenient)
        assert info.value.code == "schema_violation"
        assert info.value.field == field
        assert message in info.value.message


def test_negative_clock_is_refused() -> None:
    """Record spec: a clock is the mover's remaining time, never negative."""
    data = _with(moves=[{"move": "O-", "clock": -1.5}])
    with pytest.raises(InputError) as info:
        load_model(Record, data, lenient=False)
    assert info.value.code == "schema_violation"
    assert info.value.field is not None and info.value.field.startswith("moves[0]")


def test_negative_clock_error_names_the_clock() -> None:
    """Record spec / InputError contract: the field names where the problem is."""
    data = _with(moves=[{"move": "O-", "clock": -1.5}])
    with pytest.raises(InputError) as info:
        load_model(Record, data, lenient=False)
    assert "clock" in (info.value.field or "")
    assert "must be at least 0 (got -1.5)" in info.value.message


def test_valid_results_are_accepted() -> None:
    """Record spec: every consistent result shape is accepted."""
    for result in (
        {"winner": "red", "reason": "pincer", "resigned": None},
        {"winner": "blue", "reason": "resignation", "resigned": "red"},
        {"winner": "draw", "reason": "move_limit", "resigned": None},
        {"winner": "draw", "reason": "forfeit", "resigned": None},
        {"winner": "blue", "reason": "forfeit"},
    ):
        record, _ = load_model(Record, _with(result=result), lenient=False)
        assert record.result.winner == result["winner"]


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"venue": "Hall B"}, "venue"),
        ({"meta_venue": "Hall B"}, "meta.venue"),
        ({"result": {"winner": None, "reason": None, "resigned": None, "why": "?"}}, "result.why"),
    ],
    ids=["top level", "in meta", "in result"],
)
def test_unknown_field_strict_error_lenient_warning(changes: dict[str, Any], where: str) -> None:
    """Record spec: unknown fields are an error (``unknown_field``, extensions belong in
    ``ext``) when strict, and a warning with the field dropped when lenient."""
    with pytest.raises(InputError) as info:
        load_model(Record, _with(**changes), lenient=False)
    assert info.value.code == "unknown_field"
    assert info.value.field == where
    record, notes = load_model(Record, _with(**changes), lenient=True)
    assert [(n.code, n.location) for n in notes] == [("unknown_field", where)]
    assert record.dump() == load_model(Record, _with(), lenient=False)[0].dump()


def test_unknown_field_in_a_move_object() -> None:
    """Record spec: an unknown field in a move object is an unknown_field error when strict
    and a warning when lenient, like anywhere else in the record."""
    moves = ["O-", {"move": "O+", "clock": 10, "eval": 0.3}]
    with pytest.raises(InputError) as info:
        load_model(Record, _with(moves=moves), lenient=False)
    assert info.value.code == "unknown_field"
    _, notes = load_model(Record, _with(moves=copy.deepcopy(moves)), lenient=True)
    assert [n.code for n in notes] == ["unknown_field"]


def test_unknown_field_next_to_another_error_is_still_an_error_when_lenient() -> None:
    """Record spec: leniency drops unknown fields only; another fault remains an error."""
    data = _with(venue="Hall B", meta_date="2026/11/20")
    with pytest.raises(InputError) as info:
        load_model(Record, data, lenient=True)
    assert info.value.code == "schema_violation"
    assert info.value.field == "meta.date"


def test_unknown_field_in_ext_is_fine() -> None:
    """Record spec: ``ext`` is free-form; anything goes there, strict or not."""
    data = _with(ext={"venue": "Hall B", "nested": {"a": [1, None, "x"]}})
    record, notes = load_model(Record, data, lenient=False)
    assert notes == []
    assert record.dump()["ext"] == data["ext"]

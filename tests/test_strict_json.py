"""The strict JSON reader: its nesting limit (brackets are counted outside strings only),
and its quick way, which returns the C decoder's value only where the decoder with hooks
returns the same, and otherwise leaves the text to that decoder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.core.read import strict_json
from adjudicator.core.read.strict_json import MAX_DEPTH, MAX_INT_DIGITS

RECORDS = Path(__file__).resolve().parents[1] / "records"


def _outside_by_hand(text: str, kind: str) -> bytes:
    """The characters of ``kind`` outside strings, as the decoder reads the text one
    character at a time."""
    out = []
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in kind:
            out.append(ch)
    return "".join(out).encode()


def _brackets_by_hand(text: str) -> bytes:
    return _outside_by_hand(text, "[]{}")


def _depth_by_hand(text: str) -> bool:
    """The nesting limit as the decoder sees the text, one character at a time."""
    depth = 0
    for bracket in _brackets_by_hand(text).decode():
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(["[", "]", "{", "}", '"', "\\", "a", "ザ", "\n", "[" * 40, "]" * 20]),
        max_size=60,
    ).map("".join)
)
def test_nesting_limit_counts_brackets_outside_strings_as_the_decoder_reads_them(
    text: str,
) -> None:
    """Escaped quotes, brackets inside strings, an unterminated string, a trailing
    backslash: the limit agrees with a character-by-character reading on every text."""
    assert strict_json._depth_exceeded(text) == _depth_by_hand(text)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(['"', '""', '"a"', '"[]"', "[", "]", "{", "}", ":", ",", "ザ", "\\"]),
        max_size=60,
    ).map("".join)
)
def test_brackets_outside_strings_are_those_the_decoder_reads(text: str) -> None:
    """Strings with and without brackets, adjacent strings, an unterminated one, escapes:
    the brackets found outside strings (quickly when no string holds one) are those of a
    character-by-character reading."""
    assert strict_json._brackets_outside_strings(text) == _brackets_by_hand(text)


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), True),
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, False),
        ('["' + "[" * 100 + '"]', False),
        ('["\\"' + "[" * 100 + '"]', False),
        ('["\\\\"' + "[" * 100 + '"]', True),
        ("[]" * 100, False),
        ('"' + "[" * 100, False),
    ],
)
def test_nesting_limit_cases(text: str, deep: bool) -> None:
    """Deeper than the limit only when the brackets themselves nest that deep."""
    assert strict_json._depth_exceeded(text) is deep


def test_too_deep_json_is_refused_with_a_message() -> None:
    """A record nested past the limit is bad JSON, never a RecursionError."""
    with pytest.raises(InputError) as caught:
        strict_json.loads("[" * 10_000 + "]" * 10_000)
    assert caught.value.code == "bad_json"


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(['"', '""', '":"', ":", "a", ",", "ザ", "\\", '\\"', "\\u003a", "{"]),
        max_size=60,
    ).map("".join)
)
def test_colons_outside_strings_are_those_the_decoder_reads(text: str) -> None:
    """The duplicate-key check counts a text's pairs as its colons outside strings: with
    colons in strings, escaped quotes and an unterminated string, the count is that of a
    character-by-character reading."""
    assert strict_json._colons_outside_strings(text) == len(_outside_by_hand(text, ":"))


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2 * MAX_INT_DIGITS),
    st.sampled_from([MAX_INT_DIGITS // 2 - 1, MAX_INT_DIGITS + 1, 3 * MAX_INT_DIGITS]),
    st.integers(0, MAX_INT_DIGITS),
)
def test_a_run_of_digits_over_the_limit_is_found_wherever_it_stands(
    before: int, run: int, after: int
) -> None:
    """Integers over :data:`MAX_INT_DIGITS` digits are refused: the quick way looks at a
    few characters only, and still finds every run of digits that long, at every offset
    (and suspects none under half as long)."""
    text = "x" * before + "7" * run + "]" * after
    assert strict_json._may_hold_long_integer(text) is (run > MAX_INT_DIGITS)


_SPACE = st.sampled_from(["", "", " ", "\n  ", "\t", "\r\n"])
#: Keys from a small set, so that objects often write one twice; with colons, quotes,
#: escapes (an escaped colon, an escaped quote before a colon), non-ASCII and surrogates.
_KEYS = st.sampled_from(
    [
        '"a"',
        '"b"',
        '""',
        '"a:b"',
        '":"',
        '"\\u003a"',
        '"\\":"',
        '"\\\\"',
        '"ザ:"',
        '"\\ud800"',
        '"\\ud83d\\ude00"',
        '"[{"',
    ]
)
#: Ordinary scalars (three times as likely) and those refused or rare: floats out of range,
#: constants, integers and strings around the digit limit.
_ORDINARY = _KEYS | st.sampled_from(
    ["0", "-0", "7", "-12", "1.5", "-0.0", "2.5e3", "1E2", "true", "false", "null", '"x:y:z"']
)
_RARE = st.sampled_from(
    [
        "1e400",
        "-1e400",
        "1e-400",
        "1" + "0" * 400 + ".0",
        "NaN",
        "Infinity",
        "-Infinity",
        '"\\":\\""',
        '"' + "5" * (MAX_INT_DIGITS + 1) + '"',
    ]
) | st.builds(
    lambda sign, digits, lead: sign + lead + "0" * (digits - 1),
    st.sampled_from(["", "-"]),
    st.sampled_from([MAX_INT_DIGITS - 1, MAX_INT_DIGITS, MAX_INT_DIGITS + 1, 4300, 4301]),
    st.sampled_from(["1", "9"]),
)
_SCALARS = st.one_of(_ORDINARY, _ORDINARY, _ORDINARY, _RARE)


def _array(items: list[tuple[str, str, str]], space: str) -> str:
    return "[" + space + ",".join(a + item + b for a, item, b in items) + "]"


def _object(members: list[tuple[str, str, str, str]], space: str) -> str:
    return "{" + space + ",".join(a + key + b + ":" + c + v for a, key, b, c, v in members) + "}"


def _containers(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    items = st.lists(st.tuples(_SPACE, children, _SPACE), max_size=4)
    members = st.lists(st.tuples(_SPACE, _KEYS, _SPACE, _SPACE, children), max_size=4)
    return st.builds(_array, items, _SPACE) | st.builds(_object, members, _SPACE)


#: JSON texts and near misses: nested objects and arrays, wrapped in up to 65 more arrays
#: (the nesting limit is 64), shifted by spaces (the long-integer check looks at every
#: 2,000th character), some cut short, followed by more text or led by a byte-order mark.
_TEXTS = st.builds(
    lambda lead, depth, value, end: lead + "[" * depth + value + "]" * depth + end,
    st.sampled_from(["", "", "", " " * 1999, " " * 2000, "\ufeff"]),
    st.sampled_from([0] * 12 + [1, 2, 61, 62, 63, 64, 65]),
    st.recursive(_SCALARS, _containers, max_leaves=16),
    st.sampled_from([""] * 6 + ["\n", "x", ",1", "]", "}", '"']),
)


def _outcome(read: Callable[[], Any]) -> tuple[Any, ...]:
    """What a reading gives: the value (its repr tells ``1`` from ``1.0`` and ``True``,
    ``0.0`` from ``-0.0``, and shows the keys' order), or the error with every field of
    its message in both languages."""
    try:
        value = read()
    except InputError as err:
        return ("refused", err.code, err.message, err.ja, err.expected, err.expected_ja)
    except ValueError as err:
        return (type(err).__name__, str(err))
    return ("value", repr(value))


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.booleans())
@example('{"a":1,"a":2}', True)
@example('{"a:b":1,"a":2}', True)
@example('{"a":"x:y","a":1}', True)
@example('{"\\u003a":1,":":2}', True)
@example("[" + "1" * (MAX_INT_DIGITS + 1) + "]", True)
@example("[" * MAX_DEPTH + "{}" + "]" * MAX_DEPTH, True)
@example("[" * (MAX_DEPTH - 1) + "{}" + "]" * (MAX_DEPTH - 1), True)
@example("[" * 5000 + "]" * 5000, False)
def test_loads_agrees_with_the_decoder_with_hooks_on_every_text(text: str, strict: bool) -> None:
    """Strict JSON (RFC 8259, duplicate keys, numbers out of range, nesting) as refused
    before: whether the C decoder's value is kept or the text is decoded again, a text
    gives the value or the error (code, message, Japanese) of the decoder with hooks."""
    expected = _outcome(lambda: strict_json._loads_hooked(text, strict))
    assert _outcome(lambda: strict_json.loads(text, strict=strict)) == expected


@pytest.mark.parametrize(
    "path", sorted(RECORDS.glob("*/valid/*.json")), ids=lambda p: f"{p.parent.parent.name}/{p.name}"
)
def test_sample_records_are_read_by_the_c_decoder_alone(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick way is the way records take: a valid sample record never reaches the
    decoder with hooks."""
    text = path.read_text(encoding="utf-8")
    monkeypatch.setattr(strict_json, "_loads_hooked", lambda *_: pytest.fail("hooked"))
    for strict in (True, False):
        assert strict_json.loads(text, strict=strict) is not None

"""The strict JSON reader's nesting limit: brackets are counted outside strings only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core import strict_json
from adjudicator.core.errors import InputError
from adjudicator.core.strict_json import MAX_DEPTH


def _brackets_by_hand(text: str) -> bytes:
    """The brackets outside strings, as the decoder reads the text one character at a time."""
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
        elif ch in "[]{}":
            out.append(ch)
    return "".join(out).encode()


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

"""Strict JSON, as records and engine requests are read: RFC 8259 and nothing more.

Python's :func:`json.loads` accepts ``NaN`` and ``Infinity``, keeps the last of duplicate
keys, turns ``1e400`` into infinity, produces lone surrogates from ``"\\ud800"`` (text that
cannot be printed or encoded again) and recurses once per nesting level. Each of these has
broken a batch or an engine; here each is an :class:`InputError` with a clear message, and
the work stays linear in the size of the input.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from adjudicator.core.errors import InputError

#: Deeper nesting than any record or request needs; deeper input is refused before it can
#: exhaust the interpreter's stack in the decoder, the models or an error's locator.
MAX_DEPTH = 64
#: Longer integers are refused with a message (Python itself refuses over 4,300 digits,
#: with a ValueError that would otherwise be an internal error).
MAX_INT_DIGITS = 4000

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: Characters that JSON lets stand unescaped in a string but that many line readers
#: (Python's ``str.splitlines``, some terminals) take as the end of a line.
_LINE_BREAK = re.compile("[\x85\u2028\u2029]")
#: A string as the decoder reads it, up to its closing quote or the end of the text.
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
#: Every byte but the four brackets, for :meth:`bytes.translate` to delete.
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
#: Every byte but the brackets, the quote and the backslash.
_NOT_BRACKET_OR_QUOTE = bytes(b for b in range(256) if b not in b'[]{}"\\')
_NESTING = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class _Refused(ValueError):
    """Raised from inside the decoder's hooks; carries the message."""


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:20]} is out of range")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {len(text)} digits is out of range")
    return int(text)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
    return data


def shown(text: str, limit: int = 40) -> str:
    """A bounded, printable rendering of a piece of input for a message."""
    out = text[:limit].encode("utf-8", "backslashreplace").decode("utf-8")
    return repr(out) + ("…" if len(text) > limit else "")


def _depth_exceeded(text: str) -> bool:
    """Whether brackets nest deeper than :data:`MAX_DEPTH` (counted outside strings), only
    looked at when the text has that many opening brackets at all. The depth is summed in
    C over the brackets outside strings: a loop over the characters in Python cost more
    than decoding the text."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = _brackets_outside_strings(text)
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0) > MAX_DEPTH


def _brackets_outside_strings(text: str) -> bytes:
    """The brackets of ``text`` that stand outside its strings, in order. Commonly no string
    holds a bracket or an escape: then, with everything but brackets, quotes and backslashes
    deleted, every string is a pair of adjacent quotes, and deleting those pairs leaves no
    quote (a string holding a bracket leaves one: the quotes can be paired only string by
    string). Otherwise the strings are cut out of the text itself (by splitting at the
    quotes when no escape can hide one)."""
    kept = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET_OR_QUOTE)
    if b"\\" not in kept:
        brackets = kept.replace(b'""', b"")
        if b'"' not in brackets:
            return brackets
    outside = _STRING.sub("", text) if "\\" in text else "".join(text.split('"')[::2])
    return outside.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET)


def lone_surrogate_at(data: Any) -> str | None:
    """The location (``moves[2]``) of the first string holding a lone surrogate, if any."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if _LONE_SURROGATE.search(value):
                return where or "(top level)"
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if _LONE_SURROGATE.search(key):
                    return where or "(top level)"
                stack.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in reversed(list(enumerate(value))))
    return None


#: The decoders :func:`loads` uses, made once: ``json.loads`` with hooks makes a new one
#: for every text, which cost an engine more than reading a short request.
_STRICT = json.JSONDecoder(
    parse_constant=_constant, parse_float=_float, parse_int=_int, object_pairs_hook=_unique
)
_LENIENT = json.JSONDecoder(parse_constant=_constant, parse_float=_float, parse_int=_int)
#: What :func:`dumps` writes without options, made once for the same reason.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def loads(text: str, *, strict: bool = True) -> Any:
    """``text`` decoded; ``ValueError`` subclasses become :class:`InputError` ``bad_json``.

    Always refused: ``NaN``/``Infinity``, numbers out of range, nesting deeper than
    :data:`MAX_DEPTH`. In strict mode also duplicate keys (lenient mode keeps the last).
    Lone surrogates are left for :func:`lone_surrogate_at`, so that the caller can say
    which field holds one."""
    if _depth_exceeded(text):
        raise InputError(
            "bad_json",
            f"the JSON nests deeper than {MAX_DEPTH} levels",
            ja=f"JSON の入れ子が {MAX_DEPTH} 段より深くなっています",
            expected="a record or request of ordinary shape",
            expected_ja="通常の形の記録または要求",
        )
    decoder = _STRICT if strict else _LENIENT
    try:
        if text.startswith("\ufeff"):  # json.loads's own refusal, with its message
            return json.loads(text)
        return decoder.decode(text)
    except _Refused as exc:
        raise InputError(
            "bad_json",
            str(exc),
            ja=f"厳密な JSON ではありません({exc})",
            expected="strict JSON (RFC 8259)",
            expected_ja="厳密な JSON(RFC 8259)",
        ) from None


def dumps(data: Any, **options: Any) -> str:
    """JSON text that any output can carry: non-ASCII kept as is unless the text holds a
    lone surrogate (which no encoder accepts), then everything outside ASCII escaped; NEL
    and the Unicode line and paragraph separators always escaped, so that one answer is
    one line for every line reader."""
    text = _ENCODER.encode(data) if not options else json.dumps(data, ensure_ascii=False, **options)
    if _LONE_SURROGATE.search(text):
        text = json.dumps(data, ensure_ascii=True, **options)
    return one_line(text)


def one_line(text: str) -> str:
    """JSON text with NEL and the Unicode line and paragraph separators escaped (they can
    stand only inside its strings, where the escape means the same character)."""
    return _LINE_BREAK.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def has_surrogate_escape(text: str) -> bool:
    """Whether the JSON text may decode to a lone surrogate (a cheap pre-check)."""
    return _SURROGATE_ESCAPE.search(text) is not None

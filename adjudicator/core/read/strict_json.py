"""Strict JSON, as records and engine requests are read: RFC 8259 and nothing more.

Python's :func:`json.loads` accepts ``NaN`` and ``Infinity``, keeps the last of duplicate
keys, turns ``1e400`` into infinity, produces lone surrogates from ``"\\ud800"`` (text that
cannot be printed or encoded again) and recurses once per nesting level. Each of these has
broken a batch or an engine; here each is an :class:`InputError` with a clear message, and
the work stays linear in the size of the input.

The decoder that refuses them calls a Python function for every integer and every object,
after counting the nesting outside strings: two and a half times the decoding alone, on a
large record. So a text is first decoded by the C decoder alone (floats and constants keep
their hooks: records and requests hold integers), and that value is returned once cheap
counts show that nothing in the text would have been refused: no run of digits longer than
:data:`MAX_INT_DIGITS`, as many key/value pairs in the value as there are colons outside
strings in the text, and the value's containers nested no deeper than :data:`MAX_DEPTH`.
Any other text, every refused one among them, is decoded again by the decoder with the
hooks, the one place that says why a text is refused: both ways give the same value or the
same error.
"""

from __future__ import annotations

import gc
import json
import math
import re
from itertools import accumulate
from typing import Any

from adjudicator.core.errors import InputError, line_col
from adjudicator.core.i18n import in_both, said
from adjudicator.core.read.lines import lines

#: Deeper nesting than any record or request needs; deeper input is refused before it can
#: exhaust the interpreter's stack in the models or an error's locator, and before the
#: hooked decoder reads it (the C decoder stops at the interpreter's recursion limit).
MAX_DEPTH = 64
#: Longer integers are refused with a message (Python itself refuses over 4,300 digits,
#: with a ValueError that would otherwise be an internal error).
MAX_INT_DIGITS = 4000

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: Characters that JSON lets stand unescaped in a string but that many line readers
#: (Python's ``str.splitlines``, some terminals) take as the end of a line, that drive a
#: terminal (DEL and the C1 controls, CSI among them) or that reverse the text around them
#: (the bidirectional controls, as :mod:`adjudicator.core.write.display` lists them): a JSON
#: line read by a person in a terminal shows their escapes, and a program reads the same
#: string.
_SHOWN_ESCAPED = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: A string as the decoder reads it, up to its closing quote or the end of the text.
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
_NESTING = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
#: The digits of a JSON number (ASCII only).
_DIGIT_CHARS = "0123456789"
#: A run of more digits than :data:`MAX_INT_DIGITS` covers two successive characters of
#: every one this far apart.
_DIGIT_STRIDE = MAX_INT_DIGITS // 2


def _all_but(chars: bytes) -> bytes:
    """Every byte but ``chars``, for :meth:`bytes.translate` to delete (made in C: every
    command that reads JSON makes the tables when it imports the module)."""
    return bytes(range(256)).translate(None, chars)


_NOT_BRACKET = _all_but(b"[]{}")
_NOT_BRACKET_OR_QUOTE = _all_but(b'[]{}"\\')
_NOT_COLON = _all_but(b":")
_NOT_COLON_OR_QUOTE = _all_but(b':"\\')


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
    """The brackets of ``text`` that stand outside its strings, in order."""
    return _outside_strings(text, _NOT_BRACKET_OR_QUOTE, _NOT_BRACKET)


def _colons_outside_strings(text: str) -> int:
    """How many colons of ``text`` stand outside its strings: in JSON, one a key/value
    pair."""
    return len(_outside_strings(text, _NOT_COLON_OR_QUOTE, _NOT_COLON))


def _outside_strings(text: str, not_kind_or_quote: bytes, not_kind: bytes) -> bytes:
    """The characters of one kind (the brackets, the colon: those ``not_kind`` does not
    delete) that stand outside the strings of ``text``, in order. Commonly no string holds
    one, nor an escape: then, with everything but them, quotes and backslashes deleted,
    every string is a pair of adjacent quotes, and deleting those pairs leaves no quote (a
    string holding one leaves a quote: the quotes can be paired only string by string).
    Otherwise, without escapes, the strings are every other piece between quotes; with
    escapes they are cut out of the text itself."""
    kept = text.encode("utf-8", "surrogatepass").translate(None, not_kind_or_quote)
    if b"\\" not in kept:
        found = kept.replace(b'""', b"")
        return found if b'"' not in found else b"".join(kept.split(b'"')[::2])
    outside = _STRING.sub("", text)
    return outside.encode("utf-8", "surrogatepass").translate(None, not_kind)


def _may_hold_long_integer(text: str) -> bool:
    """Whether ``text`` may hold more digits in a row than :data:`MAX_INT_DIGITS`, as an
    integer over the limit does, found without reading every character: such a run covers
    two successive characters of every :data:`_DIGIT_STRIDE`-th, so only the stretches
    between two of those that are both digits are read. A run in a string or a float
    counts too; the decoder with hooks then tells."""
    if len(text) <= MAX_INT_DIGITS:
        return False
    step = _DIGIT_STRIDE
    marks = text[::step]
    return any(
        marks[k] in _DIGIT_CHARS
        and marks[k + 1] in _DIGIT_CHARS
        and not text[k * step : (k + 1) * step + 1].strip(_DIGIT_CHARS)
        for k in range(len(marks) - 1)
    )


def _as_hooked(data: Any, text: str) -> bool:
    """Whether the decoder with hooks returns ``data`` for ``text`` too, ``data`` being
    what the C decoder alone returned (floats and constants checked, no integer over the
    limit): when its objects hold as many key/value pairs as the text writes, and its
    containers nest no deeper than :data:`MAX_DEPTH`. Each pair written has a colon
    outside strings, so a key written twice leaves fewer pairs than colons (the colons
    inside strings are told apart only when the plain count differs). Lenient mode, which
    keeps the last of such keys, leaves them to the decoder with hooks as well: the value
    replaced might have nested too deep.

    The value is walked a level at a time with the garbage collector's list of what the
    containers of a level hold (their items and values, in C); a level's objects are picked
    out in Python only while the pairs found are fewer than the colons (the last levels,
    often the largest, are then skipped). A walk value by value cost as much as decoding."""
    colons = text.count(":")
    pairs = 0
    level = [data]
    for _ in range(MAX_DEPTH):
        if pairs < colons:
            for value in level:
                if type(value) is dict:
                    pairs += len(value)
        level = gc.get_referents(*level)
        if not level:
            break
    else:  # the values MAX_DEPTH levels down: a container there nests too deep
        if any(type(value) is dict or type(value) is list for value in level):
            return False
    return _every_pair_kept(text, pairs, colons)


def _every_pair_kept(text: str, pairs: int, colons: int) -> bool:
    """Whether a value read from ``text`` holding ``pairs`` key/value pairs kept every pair
    the text writes, each a colon outside strings; ``colons`` counts every colon of the
    text, and those inside strings are told apart only when that count differs."""
    return pairs == colons or pairs == _colons_outside_strings(text)


def read_alike(text: str, pairs: int) -> bool:
    """Whether strict JSON, and lenient JSON too, would decode ``text`` to the value another
    parser read from it (pydantic's, validating a model), that value holding ``pairs``
    key/value pairs, no float and no container nested deeper than :data:`MAX_DEPTH` (the
    caller counts these as it walks the value). Such a parser refuses what JSON refuses but
    keeps the last of duplicate keys, reads a constant (``NaN``) or an out-of-range number
    as a float, and reads long integers and escaped lone surrogates as they are; what is
    left to check here is that no integer is over the limit, no escape may make a
    surrogate, and every pair written was kept: as many as colons outside strings."""
    if _may_hold_long_integer(text) or has_surrogate_escape(text):
        return False
    return _every_pair_kept(text, pairs, text.count(":"))


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
#: for every text, which cost an engine more than reading a short request. The plain one
#: leaves integers and objects to C; the other two say why a text is refused.
_PLAIN = json.JSONDecoder(parse_constant=_constant, parse_float=_float)
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
    which field holds one.

    The plain decoder's value is returned when :func:`_as_hooked` shows it is the hooked
    decoder's; whatever it refuses (a constant, a float out of range, bad JSON, nesting
    past the interpreter's recursion limit) is read again by :func:`_loads_hooked`."""
    if not _may_hold_long_integer(text):
        try:
            data = _PLAIN.decode(text)
        except (ValueError, RecursionError):
            pass  # the hooked decoder gives the reason
        else:
            if _as_hooked(data, text):
                return data
    return _loads_hooked(text, strict)


def _loads_hooked(text: str, strict: bool) -> Any:
    """:func:`loads` with a hook for every integer and object: the reference, and the
    source of every refusal's message."""
    if _depth_exceeded(text):
        raise InputError(
            "bad_json",
            said("core.json.too_deep", depth=MAX_DEPTH),
            expected=said("core.json.ordinary_shape"),
        )
    decoder = _STRICT if strict else _LENIENT
    try:
        if text.startswith("\ufeff"):  # json.loads's own refusal, with its message
            return json.loads(text)
        return decoder.decode(text)
    except _Refused as exc:
        raise InputError(
            "bad_json",
            said("core.json.refused", detail=str(exc)),
            expected=said("core.json.strict"),
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
    """JSON text as one line that is safe to show: NEL, the Unicode line and paragraph
    separators, DEL, the C1 and the bidirectional controls escaped (they can stand only
    inside its strings, where the escape means the same character). The one escaper of
    JSON lines: the engine protocol's answers and ``validate --jsonl``."""
    return _SHOWN_ESCAPED.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def has_surrogate_escape(text: str) -> bool:
    """Whether the JSON text may decode to a lone surrogate (a cheap pre-check). A text
    without a backslash, as most are, is told by a search for that one character, many
    times quicker than the pattern's."""
    return "\\" in text and _SURROGATE_ESCAPE.search(text) is not None


#: The JSON decoder's reasons the tool knows, by the decoder's English without a trailing
#: ``at`` (the locator follows it), each with its id in the catalogue.
_JSON_REASONS = {
    "Expecting value": "core.json_reason.expecting_value",
    "Unterminated string starting": "core.json_reason.unterminated_string",
    "Invalid control character": "core.json_reason.control_character",
    "Expecting ',' delimiter": "core.json_reason.comma",
    "Expecting ':' delimiter": "core.json_reason.colon",
    "Extra data": "core.json_reason.extra_data",
    "Expecting property name enclosed in double quotes": "core.json_reason.property_name",
    "Invalid \\escape": "core.json_reason.escape",
}


def json_problem(msg: str) -> str:
    """The JSON decoder's complaint ``msg`` (its trailing ``at`` dropped) in both languages
    when the catalogue knows it (a :class:`Said`), else as the decoder wrote it."""
    reason = msg.removesuffix(" at")
    key = _JSON_REASONS.get(reason)
    return said(key) if key else reason


#: How much of a file to examine for the "this looks like YAML" hint.
_HINT_LINES = 50


def _is_key(key: str) -> bool:
    return all(c.isalnum() or c in "_-" for c in key)


def _looks_like_yaml(text: str) -> bool:
    """A line near the top reads ``---`` or ``key: value`` (checked line by line: linear)."""
    for line in lines(text.lstrip())[:_HINT_LINES]:
        head = line.lstrip()
        if head == "---" or head.startswith("--- "):
            return True
        key, colon, rest = head.partition(":")
        word = key[:1].isalpha() or key[:1] == "_"
        if colon and word and (rest[:1].isspace() or not rest) and _is_key(key):
            return True
    return False


def parse_json(text: str, *, strict: bool = True) -> Any:
    """A record's JSON, every refusal an :class:`InputError` ``bad_json`` locating it (with a
    hint when the text looks like YAML); see :func:`loads` for what strict refuses."""
    try:
        data = loads(text, strict=strict)
    except json.JSONDecodeError as exc:
        hint = ""
        if not text.lstrip().startswith(("{", "[")) and _looks_like_yaml(text):
            hint = said("core.json.looks_like_yaml")
        where = line_col(text, exc.pos)
        raise InputError(
            "bad_json",
            said("core.json.not_valid_at", problem=json_problem(exc.msg), where=where, hint=hint),
            expected=said("core.json.an_object"),
        ) from None
    except InputError as err:
        raise err.reworded(said("core.json.not_valid", problem=in_both(err.text))).moved(
            None
        ) from None
    if has_surrogate_escape(text):
        surrogate_at = lone_surrogate_at(data)
        if surrogate_at is not None:
            raise InputError(
                "bad_json",
                said("core.json.lone_surrogate"),
                field=surrogate_at,
                expected=said("core.json.surrogates_paired"),
            )
    return data

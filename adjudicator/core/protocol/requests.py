"""Reading request payloads with pydantic, turning its errors into :class:`InputError`s that
name the field and what was expected."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.core.errors import InputError, RecordRule, json_key
from adjudicator.core.i18n import Said, in_both, said

M = TypeVar("M", bound=BaseModel)


def location(loc: tuple[int | str, ...]) -> str:
    """``('moves', 3)`` → ``moves[3]``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _find(data: Any, part: int | str) -> tuple[bool, Any]:
    if isinstance(data, dict) and part in data:
        return True, data[part]
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return True, data[part]
    return False, None


def data_path(
    data: Any, loc: tuple[int | str, ...], *, missing: bool = False
) -> tuple[int | str, ...]:
    """The path of an error in the data itself. pydantic's location also names the tags of
    tagged unions (``moves[0].object.clock``), which are not keys of the data: a part that
    is missing while the next one is present is such a tag, and so is any absent part
    before the last one of a missing-field error. A wrong scalar ends the path."""
    path: list[int | str] = []
    for i, part in enumerate(loc):
        if not isinstance(data, (dict, list)):
            break
        found, value = _find(data, part)
        if found:
            path.append(part)
            data = value
        elif i + 1 < len(loc) and (missing or _find(data, loc[i + 1])[0]):
            continue
        else:
            path.extend(loc[i:])
            break
    return tuple(path)


#: What is wrong with a value, in the project's words, by pydantic's error type: the id of
#: its message in the catalogue (``ctx`` fills its parameters). A type not listed is said
#: by :data:`_OTHERWISE`.
_WORDS: dict[str, str] = {
    "missing": "core.pydantic.missing",
    "literal_error": "core.pydantic.one_of",
    "enum": "core.pydantic.one_of",
    "int_type": "core.pydantic.whole_number",
    "int_parsing": "core.pydantic.whole_number",
    "int_from_float": "core.pydantic.whole_number",
    "float_type": "core.pydantic.number",
    "float_parsing": "core.pydantic.number",
    "finite_number": "core.pydantic.finite_number",
    "string_type": "core.pydantic.string",
    "bool_type": "core.pydantic.boolean",
    "bool_parsing": "core.pydantic.boolean",
    "list_type": "core.pydantic.list",
    "tuple_type": "core.pydantic.list",
    "dict_type": "core.pydantic.object",
    "model_type": "core.pydantic.object",
    "model_attributes_type": "core.pydantic.object",
    "date_type": "core.pydantic.date",
    "date_parsing": "core.pydantic.not_a_date",
    "date_from_datetime_parsing": "core.pydantic.not_a_date",
    "greater_than_equal": "core.pydantic.at_least",
    "greater_than": "core.pydantic.more_than",
    "less_than_equal": "core.pydantic.at_most",
    "less_than": "core.pydantic.less_than",
    "too_short": "core.pydantic.too_few_entries",
    "too_long": "core.pydantic.too_many_entries",
    "string_too_short": "core.pydantic.too_few_characters",
    "string_too_long": "core.pydantic.too_many_characters",
    "string_pattern_mismatch": "core.pydantic.pattern",
    "extra_forbidden": "core.pydantic.unknown_field",
    "union_tag_invalid": "core.pydantic.tag_invalid",
    "union_tag_not_found": "core.pydantic.tag_missing",
}
_EMPTY = "core.pydantic.empty"
#: A number written as a string (``"pips": "3"``): JSON writes numbers without quotes.
_QUOTED_NUMBER = {
    "int_type": "core.pydantic.whole_number_unquoted",
    "float_type": "core.pydantic.number_unquoted",
}
_OTHERWISE = "core.pydantic.otherwise"

#: What a pattern of a field means to a person, by the pattern: the id of its words in the
#: catalogue, registered by the module that defines the field (a regular expression is no
#: message). A pattern not registered is said as "its form".
PATTERNS: dict[str, str] = {
    r"^[0-9a-f]{64}$": "core.pydantic.pattern_sha256",
}


def shown(value: Any, depth: int = 0) -> str:
    """``value`` as JSON writes it (``null``, ``"red"``, ``{"winner": "red"}``), cut short:
    bounded in time and length however large or deeply shared the input is (an expanded
    YAML alias bomb runs to gigabytes)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, str):
        cut = value if len(value) <= 60 else value[:57] + "…"
        return json.dumps(cut, ensure_ascii=False)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else "…"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        if depth >= 2:
            return "{…}"
        items = [f"{shown(str(k))}: {shown(v, depth + 1)}" for k, v in list(value.items())[:4]]
        return "{" + ", ".join(items + ["…"] * (len(value) > 4)) + "}"
    if isinstance(value, (list, tuple)):
        if depth >= 2:
            return "[…]"
        items = [shown(v, depth + 1) for v in value[:4]]
        return "[" + ", ".join(items + ["…"] * (len(value) > 4)) + "]"
    return shown(str(value), depth)


#: How pydantic separates the values it lists (``'red', 'blue' or 'draw'``; ``1 or 2``).
_LIST_SEPARATOR = re.compile(r", | or ")


def _listed(value: object) -> object:
    """pydantic lists the allowed values in one string, as Python writes them (``'red',
    'blue' or 'draw'``): each said in double quotes and joined as the catalogue joins a
    choice in each language (``"red", "blue" or "draw"``; 「"red"、"blue"、"draw"」)."""
    if not isinstance(value, str):
        return value
    return _choices(_LIST_SEPARATOR.split(value.replace("'", '"')))


def _choices(items: list[str]) -> object:
    """``items`` joined as a choice: ``a, b or c``."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return said("core.pydantic.either", first=items[0], last=items[1])
    return said("core.pydantic.list_more", first=items[0], rest=_choices(items[1:]))


def _said(error: Any, place: str, names: Callable[[str], str]) -> Said:
    """What is wrong, without where or the value given."""
    rule = error.get("ctx", {}).get("error")
    if isinstance(rule, RecordRule):
        return rule.said(place, names)
    if isinstance(rule, InputError):  # located by the field it was raised for
        located = rule.moved(None)
        return in_both(located.describe)
    if isinstance(rule, ValueError):  # a data file's own check, said in English only
        return said("core.pydantic.otherwise_because", reason=str(rule))
    key = _WORDS.get(error["type"], _OTHERWISE)
    if isinstance(error.get("input"), str) and error["type"] in _QUOTED_NUMBER:
        key = _QUOTED_NUMBER[error["type"]]
    ctx = {name: _listed(value) for name, value in error.get("ctx", {}).items()}
    if error["type"] in ("string_too_short", "too_short") and ctx.get("min_length") == 1:
        key = _EMPTY
    for name, value in ctx.items():  # a bound of 0.0 is said 0
        if isinstance(value, float) and value.is_integer():
            ctx[name] = int(value)
    if "pattern" in ctx:
        words = PATTERNS.get(str(error["ctx"]["pattern"]), "core.pydantic.own_form")
        ctx["pattern"] = said(words)
    if "discriminator" in ctx:
        field = str(error["ctx"]["discriminator"]).strip("'")
        ctx["discriminator"] = names(f"{place}.{field}" if place else field)
        given = error.get("input")
        ctx["tag"] = shown(given.get(field) if isinstance(given, dict) else error["ctx"].get("tag"))
    try:
        return said(key, **ctx)
    except (KeyError, IndexError):
        return said(_OTHERWISE)


def validation_error(
    exc: ValidationError,
    code: str = "bad_request",
    data: Any = None,
    names: Callable[[str], str] | None = None,
) -> InputError:
    """The first problem pydantic found, as an :class:`InputError` in the project's words,
    the value given shown as JSON writes it. ``names`` says a field the way the person
    wrote it (a text record's tag) and locates the error by it; by default the error is
    located by the field's path in the data and fields are said as their JSON keys."""
    first = exc.errors(include_url=False)[0]
    missing = first["type"] == "missing"
    path = location(data_path(data, tuple(first["loc"]), missing=missing))
    where = location(tuple(first["loc"]))
    naming = names or json_key
    ruled = isinstance(first.get("ctx", {}).get("error"), ValueError)
    said_given = ruled or first["type"].startswith("union_tag")  # the message says the value
    got = "" if missing or said_given else shown(first.get("input"))
    problem = _said(first, where, naming)
    return InputError(
        code,
        said("core.request.got", problem=problem, got=got) if got else problem,
        field=(names(path) if names else path) or None,
    )


def parse_request(model: type[M], data: Any) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data=data) from None

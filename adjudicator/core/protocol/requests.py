"""Reading request payloads with pydantic, turning its errors into :class:`InputError`s that
name the field and what was expected."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.core.errors import InputError, RecordRule, json_key
from adjudicator.core.i18n import Lang, in_both, said

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


#: What is wrong with a value, in the project's words, by pydantic's error type: English,
#: Japanese (``ctx`` fills the templates). A type not listed is said by :data:`_OTHERWISE`.
_WORDS: dict[str, tuple[str, str]] = {
    "missing": ("required, and missing", "必須の項目がありません"),
    "literal_error": ("must be one of {expected}", "次のいずれかでなければなりません: {expected}"),
    "enum": ("must be one of {expected}", "次のいずれかでなければなりません: {expected}"),
    "int_type": ("must be a whole number", "整数でなければなりません"),
    "int_parsing": ("must be a whole number", "整数でなければなりません"),
    "int_from_float": ("must be a whole number", "整数でなければなりません"),
    "float_type": ("must be a number", "数でなければなりません"),
    "float_parsing": ("must be a number", "数でなければなりません"),
    "finite_number": ("must be a finite number", "有限の数でなければなりません"),
    "string_type": ("must be a string (in quotes)", "文字列(引用符で囲んだ値)でなければなりません"),
    "bool_type": ("must be true or false", "true か false でなければなりません"),
    "bool_parsing": ("must be true or false", "true か false でなければなりません"),
    "list_type": ("must be a list [ … ]", "配列 [ … ] でなければなりません"),
    "tuple_type": ("must be a list [ … ]", "配列 [ … ] でなければなりません"),
    "dict_type": ("must be an object {{ … }}", "オブジェクト {{ … }} でなければなりません"),
    "model_type": ("must be an object {{ … }}", "オブジェクト {{ … }} でなければなりません"),
    "model_attributes_type": (
        "must be an object {{ … }}",
        "オブジェクト {{ … }} でなければなりません",
    ),
    "date_type": ("must be a date YYYY-MM-DD", "日付 YYYY-MM-DD でなければなりません"),
    "date_parsing": ("is not a date YYYY-MM-DD", "日付 YYYY-MM-DD として読めません"),
    "date_from_datetime_parsing": (
        "is not a date YYYY-MM-DD",
        "日付 YYYY-MM-DD として読めません",
    ),
    "greater_than_equal": ("must be at least {ge}", "{ge} 以上でなければなりません"),
    "greater_than": ("must be more than {gt}", "{gt} より大きくなければなりません"),
    "less_than_equal": ("must be at most {le}", "{le} 以下でなければなりません"),
    "less_than": ("must be less than {lt}", "{lt} より小さくなければなりません"),
    "too_short": ("needs at least {min_length} entries", "要素が {min_length} 個以上必要です"),
    "too_long": ("takes at most {max_length} entries", "要素は {max_length} 個までです"),
    "string_too_short": (
        "needs at least {min_length} characters",
        "{min_length} 文字以上必要です",
    ),
    "string_too_long": ("takes at most {max_length} characters", "{max_length} 文字までです"),
    "string_pattern_mismatch": ("is not written as {pattern}", "{pattern} の形で書きます"),
    "extra_forbidden": ("unknown field", "未知の項目です"),
    "union_tag_invalid": (
        "{discriminator} is {tag}, not one of {expected_tags}",
        "{discriminator} の値 {tag} は次のいずれかでなければなりません: {expected_tags}",
    ),
    "union_tag_not_found": ("{discriminator} is missing", "{discriminator} がありません"),
}
_EMPTY = ("must not be empty", "空にはできません")
#: A number written as a string (``"pips": "3"``): JSON writes numbers without quotes.
_QUOTED_NUMBER = {
    "int_type": (
        "must be a whole number, written without quotes",
        "引用符なしの整数でなければなりません",
    ),
    "float_type": (
        "must be a number, written without quotes",
        "引用符なしの数でなければなりません",
    ),
}
_OTHERWISE = ("not a value this field takes", "この項目の値として正しくありません")
_OWN_FORM = ("its form", "決まった形")

#: What a pattern of a field means to a person, by the pattern: registered by the module
#: that defines the field (a regular expression is no message).
PATTERNS: dict[str, tuple[str, str]] = {
    r"^[0-9a-f]{64}$": (
        "64 lowercase hexadecimal digits (a SHA-256 digest)",
        "16 進数の小文字 64 桁(SHA-256 のダイジェスト)",
    ),
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


def _listed(value: object, lang: str) -> object:
    """pydantic lists the allowed values as Python writes them (``'red', 'blue' or
    'draw'``): said in double quotes, joined with ``,``/``or`` or in Japanese with 、."""
    if not isinstance(value, str):
        return value
    value = value.replace("'", '"')
    return re.sub(r"(?:,| or) ", "、", value) if lang == "ja" else value


def _said(error: Any, lang: Lang, place: str, names: Callable[[str], str]) -> str:
    """What is wrong, in ``lang``, without where or the value given."""
    rule = error.get("ctx", {}).get("error")
    if isinstance(rule, RecordRule):
        return rule.text(lang, place, names)
    if isinstance(rule, InputError):  # located by the field it was raised for
        return rule.moved(None).describe(lang)
    if isinstance(rule, ValueError):  # a data file's own check, said in English only
        return str(rule) if lang == "en" else f"{_OTHERWISE[1]}({rule})"
    en, ja = _WORDS.get(error["type"], _OTHERWISE)
    if isinstance(error.get("input"), str) and error["type"] in _QUOTED_NUMBER:
        en, ja = _QUOTED_NUMBER[error["type"]]
    ctx = {key: _listed(value, lang) for key, value in error.get("ctx", {}).items()}
    if error["type"] in ("string_too_short", "too_short") and ctx.get("min_length") == 1:
        en, ja = _EMPTY
    for key, value in ctx.items():  # a bound of 0.0 is said 0
        if isinstance(value, float) and value.is_integer():
            ctx[key] = int(value)
    if "pattern" in ctx:
        words = PATTERNS.get(str(error["ctx"]["pattern"]))
        ctx["pattern"] = (
            words[lang == "ja"] if words else ("its form" if lang == "en" else "決まった形")
        )
    if "discriminator" in ctx:
        key = str(error["ctx"]["discriminator"]).strip("'")
        ctx["discriminator"] = names(f"{place}.{key}" if place else key)
        given = error.get("input")
        ctx["tag"] = shown(given.get(key) if isinstance(given, dict) else ctx.get("tag"))
    try:
        return (ja if lang == "ja" else en).format(**ctx)
    except (KeyError, IndexError):
        return _OTHERWISE[1] if lang == "ja" else _OTHERWISE[0]


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
    problem = in_both(lambda lang: _said(first, lang, where, naming))
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

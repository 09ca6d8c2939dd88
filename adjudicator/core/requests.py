"""Reading request payloads with pydantic, turning its errors into :class:`InputError`s that
name the field and what was expected."""

from __future__ import annotations

import re
import reprlib
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.core.errors import InputError

M = TypeVar("M", bound=BaseModel)

#: Renders the offending input for a message in bounded time and length, however large or
#: deeply shared the input is (``repr`` of an expanded YAML alias bomb runs to gigabytes).
_brief = reprlib.Repr()
_brief.maxlevel, _brief.maxstring, _brief.maxother, _brief.maxlong = 2, 60, 60, 40
_brief.maxlist = _brief.maxdict = _brief.maxtuple = _brief.maxset = 4


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


#: pydantic's complaints, in Japanese, by error type (``ctx`` fills the templates).
_PYDANTIC_JA = {
    "missing": "必須の項目がありません",
    "literal_error": "次のいずれかでなければなりません: {expected}",
    "int_type": "整数でなければなりません",
    "int_parsing": "整数でなければなりません",
    "int_from_float": "整数でなければなりません",
    "float_type": "数でなければなりません",
    "string_type": "文字列でなければなりません",
    "bool_type": "true か false でなければなりません",
    "list_type": "配列でなければなりません",
    "dict_type": "オブジェクトでなければなりません",
    "model_type": "オブジェクトでなければなりません",
    "model_attributes_type": "オブジェクトでなければなりません",
    "greater_than_equal": "{ge} 以上でなければなりません",
    "greater_than": "{gt} より大きくなければなりません",
    "less_than_equal": "{le} 以下でなければなりません",
    "less_than": "{lt} より小さくなければなりません",
    "too_short": "要素が {min_length} 個以上必要です",
    "too_long": "要素は {max_length} 個までです",
    "string_too_short": "{min_length} 文字以上必要です",
    "string_too_long": "{max_length} 文字までです",
    "string_pattern_mismatch": "形式が正しくありません",
    "enum": "次のいずれかでなければなりません: {expected}",
    "extra_forbidden": "未知の項目です",
    "union_tag_invalid": "種類 {tag} は次のいずれかでなければなりません: {expected_tags}",
    "union_tag_not_found": "種類を示す項目 {discriminator} がありません",
}


def _listed_ja(value: object) -> object:
    """pydantic lists the allowed values in English (``'red', 'blue' or 'draw'``); in
    Japanese they are listed with 、."""
    return re.sub(r"(?:,| or) ", "、", value) if isinstance(value, str) else value


def _japanese(error: Any, got: str) -> str | None:
    template = _PYDANTIC_JA.get(error["type"])
    if template is None:
        return None
    ctx = {key: _listed_ja(value) for key, value in error.get("ctx", {}).items()}
    try:
        text = template.format(**ctx)
    except (KeyError, IndexError):
        return None
    return f"{text}(実際の値: {got})" if got else text


def validation_error(
    exc: ValidationError, code: str = "bad_request", data: Any = None
) -> InputError:
    """The first problem pydantic found, as an :class:`InputError`."""
    first = exc.errors(include_url=False)[0]
    missing = first["type"] == "missing"
    field = location(data_path(data, tuple(first["loc"]), missing=missing)) or None
    got = "" if missing else _brief.repr(first.get("input"))
    shown = f" (got {got})" if got else ""
    return InputError(code, f"{first['msg']}{shown}", ja=_japanese(first, got), field=field)


def parse_request(model: type[M], data: Any) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data=data) from None

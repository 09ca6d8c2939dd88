"""Reading request payloads with pydantic, turning its errors into :class:`InputError`s that
name the field and what was expected."""

from __future__ import annotations

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


def validation_error(
    exc: ValidationError, code: str = "bad_request", data: Any = None
) -> InputError:
    """The first problem pydantic found, as an :class:`InputError`."""
    first = exc.errors(include_url=False)[0]
    missing = first["type"] == "missing"
    field = location(data_path(data, tuple(first["loc"]), missing=missing)) or None
    got = _brief.repr(first.get("input"))
    shown = "" if first["type"] == "missing" else f" (got {got})"
    return InputError(code, f"{first['msg']}{shown}", field=field)


def parse_request(model: type[M], data: Any) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data=data) from None

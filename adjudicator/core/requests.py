"""Reading request payloads with pydantic, turning its errors into :class:`InputError`s that
name the field and what was expected."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.core.errors import InputError

M = TypeVar("M", bound=BaseModel)


def location(loc: tuple[int | str, ...]) -> str:
    """``('moves', 3)`` → ``moves[3]``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validation_error(exc: ValidationError, code: str = "bad_request") -> InputError:
    """The first problem pydantic found, as an :class:`InputError`."""
    first = exc.errors(include_url=False)[0]
    field = location(tuple(first["loc"])) or None
    got = first.get("input")
    shown = "" if first["type"] == "missing" else f" (got {got!r})"
    return InputError(code, f"{first['msg']}{shown}", field=field)


def parse_request(model: type[M], data: Any) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc) from None

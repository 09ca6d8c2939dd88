"""Reading record files safely: size, encoding, JSON — every failure an :class:`InputError`
that names the file's location and what was expected, never a traceback."""

from __future__ import annotations

import codecs
import json
import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel

from adjudicator.core.errors import InputError
from adjudicator.core.records import load_model

DEFAULT_MAX_BYTES = 1 << 20
M = TypeVar("M", bound=BaseModel)

_YAML_HINT = re.compile(r"^\s*(---|[A-Za-z_][\w-]*:\s)", re.MULTILINE)


def line_col(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {col}"


def read_text(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The file as UTF-8 text (a UTF-8 BOM is allowed and dropped)."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputError(
                "file_too_large",
                f"{size} bytes is over the limit of {max_bytes} (--max-bytes)",
                expected="a record of reasonable size",
            )
        data = path.read_bytes()
    except OSError as exc:
        raise InputError("unreadable_file", exc.strerror or str(exc)) from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise InputError("wrong_encoding", "the file is UTF-16 encoded", expected="UTF-8 text")
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(
            "binary_file",
            f"NUL byte at offset {offset}: this is not a text file",
            expected="UTF-8 text",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start].decode("utf-8", "replace")
        raise InputError(
            "wrong_encoding",
            f"byte 0x{data[exc.start]:02x} at {line_col(prefix, len(prefix))} is not UTF-8",
            expected="UTF-8 text (Shift_JIS and other encodings must be converted)",
        ) from None


def parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if _YAML_HINT.search(text) and not text.lstrip().startswith(("{", "[")):
            hint = " (this looks like YAML; records are JSON)"
        raise InputError(
            "bad_json",
            f"not valid JSON at {line_col(text, exc.pos)}: {exc.msg}{hint}",
            expected="a JSON object",
        ) from None


def read_yaml_model(path: Path, model: type[M]) -> M:
    """A YAML data file (case file, board definition) validated against ``model``; an
    :class:`InputError` whose field names the file and the place in it."""
    try:
        data = yaml.safe_load(read_text(path))
        loaded, _ = load_model(model, data, lenient=False)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise InputError("bad_yaml", f"not valid YAML: {problem}", field=f"{path}{where}") from None
    except InputError as err:
        raise err.at(str(path)) from None
    return loaded

"""Reading record files safely: size, encoding, JSON — every failure an :class:`InputError`
that names the file's location and what was expected, never a traceback."""

from __future__ import annotations

import codecs
import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from adjudicator.core.errors import InputError, place
from adjudicator.core.records import load_model
from adjudicator.core.strict_json import (
    MAX_DEPTH,
    has_surrogate_escape,
    loads,
    lone_surrogate_at,
    read_alike,
)

DEFAULT_MAX_BYTES = 1 << 20
M = TypeVar("M", bound=BaseModel)

#: The JSON decoder's complaints, in Japanese.
_JSON_JA = {
    "Expecting value": "値がありません",
    "Unterminated string starting at": "ここから始まる文字列が閉じていません",
    "Invalid control character at": "文字列の中に制御文字があります",
    "Expecting ',' delimiter": "「,」がありません",
    "Expecting ':' delimiter": "「:」がありません",
    "Extra data": "JSON の後に余分なデータがあります",
    "Expecting property name enclosed in double quotes": "項目名は二重引用符で囲みます",
    "Invalid \\escape": "不正なエスケープです",
}


def json_problem_ja(msg: str) -> str:
    """The JSON decoder's complaint ``msg`` in Japanese (as it is, when not catalogued)."""
    return _JSON_JA.get(msg, msg)


#: How much of a file to examine for the "this looks like YAML" hint.
_HINT_LINES = 50


def line_col(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {col}"


def read_bytes(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """At most ``max_bytes`` of a regular file. Anything else (a FIFO that would block, a
    device that never ends, a folder) is refused without reading; the size on disk is not
    trusted either: reading stops one byte past the limit."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise InputError(
                "not_a_file",
                f"{kind}: records are read from regular files",
                ja=f"{_KIND_JA[kind]}。記録は通常のファイルから読みます",
            )
        data = _read_at_most(fd, max_bytes + 1, status.st_size)
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise InputError(
            "file_too_large",
            f"more than {max_bytes} bytes, the limit (--max-bytes)",
            ja=f"上限の {max_bytes} バイト(--max-bytes)を超えています",
            expected="a record of reasonable size",
            expected_ja="常識的な大きさの記録",
        )
    return data


def _read_at_most(fd: int, limit: int, size: int) -> bytes:
    """Up to ``limit`` bytes of ``fd``, whose size on disk is said to be ``size``. The first
    read asks for that size and one byte more (the end then shows at once), so that a record
    costs a buffer of its own size rather than one of the limit, which for a batch of small
    records was most of the reading; a file larger than it said is read on in chunks, up to
    the limit."""
    chunks: list[bytes] = []
    left = limit
    ask = min(limit, size + 1)
    while left > 0:
        chunk = os.read(fd, min(left, ask))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
        ask = 1 << 16
    return b"".join(chunks)


_KIND_JA = {"a folder": "フォルダです", "not a regular file": "通常のファイルではありません"}


#: The operating system's reasons, which it gives in English, said in Japanese.
_OS_REASON_JA = {
    errno.ENOENT: "そのようなファイルはありません",
    errno.EACCES: "読む権限がありません",
    errno.EPERM: "読む権限がありません",
    errno.EISDIR: "フォルダです",
    errno.ENOTDIR: "途中の名前がフォルダではありません",
    errno.ENAMETOOLONG: "名前が長すぎます",
    errno.ELOOP: "シンボリックリンクが循環しています",
    errno.EIO: "入出力エラー",
}


def _unreadable(exc: OSError) -> InputError:
    reason = exc.strerror or str(exc)
    reason_ja = _OS_REASON_JA.get(exc.errno or 0, reason)
    return InputError("unreadable_file", reason, ja=f"ファイルを読めません({reason_ja})")


def read_text(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The file as UTF-8 text (a UTF-8 BOM is allowed and dropped)."""
    return decode_text(read_bytes(path, max_bytes=max_bytes))


def decode_text(data: bytes) -> str:
    """Bytes as UTF-8 text, or an :class:`InputError` saying where they are not."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise InputError(
            "wrong_encoding",
            "the file is UTF-16 encoded",
            ja="ファイルが UTF-16 で書かれています",
            expected="UTF-8 text",
            expected_ja="UTF-8 のテキスト",
        )
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(
            "binary_file",
            f"NUL byte at offset {offset}: this is not a text file",
            ja=f"{offset} バイト目に NUL があります。テキストファイルではありません",
            expected="UTF-8 text",
            expected_ja="UTF-8 のテキスト",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start].decode("utf-8", "replace")
        where = line_col(prefix, len(prefix))
        raise InputError(
            "wrong_encoding",
            f"byte 0x{data[exc.start]:02x} at {where} is not UTF-8",
            ja=f"{place(where, 'ja')}のバイト 0x{data[exc.start]:02x} は UTF-8 ではありません",
            expected="UTF-8 text (Shift_JIS and other encodings must be converted)",
            expected_ja="UTF-8 のテキスト(Shift_JIS などは変換してください)",
        ) from None


def _is_key(key: str) -> bool:
    return all(c.isalnum() or c in "_-" for c in key)


def _looks_like_yaml(text: str) -> bool:
    """A line near the top reads ``---`` or ``key: value`` (checked line by line: linear)."""
    for line in text.lstrip().splitlines()[:_HINT_LINES]:
        head = line.lstrip()
        if head == "---" or head.startswith("--- "):
            return True
        key, colon, rest = head.partition(":")
        word = key[:1].isalpha() or key[:1] == "_"
        if colon and word and (rest[:1].isspace() or not rest) and _is_key(key):
            return True
    return False


def parse_json(text: str, *, strict: bool = True) -> Any:
    """A record's JSON (see :mod:`adjudicator.core.strict_json` for what strict refuses)."""
    try:
        data = loads(text, strict=strict)
    except json.JSONDecodeError as exc:
        hint = hint_ja = ""
        if not text.lstrip().startswith(("{", "[")) and _looks_like_yaml(text):
            hint = " (this looks like YAML; records are JSON)"
            hint_ja = "(YAML のようです。記録は JSON です)"
        where = line_col(text, exc.pos)
        said = exc.msg if exc.msg.endswith(" at") else f"{exc.msg} at"
        raise InputError(
            "bad_json",
            f"not valid JSON: {said} {where}{hint}",
            ja=f"JSON として読めません: {place(where, 'ja')}: {json_problem_ja(exc.msg)}{hint_ja}",
            expected="a JSON object",
            expected_ja="JSON オブジェクト",
        ) from None
    except InputError as err:
        raise InputError(
            err.code,
            f"not valid JSON: {err.message}",
            ja=f"JSON として読めません: {err.text('ja')}",
            expected=err.expected,
            expected_ja=err.expected_ja,
        ) from None
    if has_surrogate_escape(text):
        where = lone_surrogate_at(data)
        if where is not None:
            raise InputError(
                "bad_json",
                "a \\u escape makes a lone surrogate, which is not a character",
                ja="\\u エスケープが対になっていないサロゲートで、文字になりません",
                field=where,
                expected="UTF-16 surrogates only in pairs",
                expected_ja="UTF-16 のサロゲートは対でのみ",
            )
    return data


def read_json_model(model: type[M], text: str, pairs: Callable[[M], int]) -> M | None:
    """``model`` read straight from a record's JSON ``text`` by pydantic's own parser, in one
    pass, when reading it the usual way (:func:`parse_json`, strict or lenient, then
    :func:`~adjudicator.core.records.load_model`) is sure to give the same model without a
    warning; ``None`` otherwise, for the caller to read it that way, which words every
    refusal. Decoding and validating apart cost about twice as much as the one pass.

    ``pairs`` counts the key/value pairs the model read keeps (see :func:`pairs_read`), or
    gives -1 when it holds a float or nests deeper than :data:`MAX_DEPTH`: a game counts
    them along its own model's shape, which is quicker than a walk over every value."""
    try:
        read = model.model_validate_json(text)
    except ValueError:  # pydantic's ValidationError among them
        return None
    kept = pairs(read)
    return read if kept >= 0 and read_alike(text, kept) else None


def pairs_read(value: object, depth: int = 0) -> int:
    """The key/value pairs a value read from JSON at nesting ``depth`` holds: a model's
    fields set from the text, a dict's keys; -1 when it holds what strict JSON reads
    otherwise or refuses (a float, a container nested deeper than :data:`MAX_DEPTH`) or
    what this does not know. Fewer pairs than the text writes mean a key written twice."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return 0
    if depth >= MAX_DEPTH:
        return -1
    if kind is list or kind is dict:
        pairs = len(value) if kind is dict else 0  # type: ignore[arg-type]
        items = value.values() if kind is dict else value  # type: ignore[union-attr]
    elif isinstance(value, BaseModel) and not value.__pydantic_extra__:
        pairs = len(value.__pydantic_fields_set__)
        items = value.__dict__.values()
    else:
        return -1
    for item in items:  # type: ignore[attr-defined]
        inner = pairs_read(item, depth + 1)
        if inner < 0:
            return -1
        pairs += inner
    return pairs


def read_yaml_model(path: Path, model: type[M], *, trusted: bool = False) -> M:
    """A YAML data file (case file, board definition) validated against ``model``; an
    :class:`InputError` whose field names the file and the place in it. A ``trusted`` file
    (shipped with the package) is read by the plain safe loader, all in C, without the
    bounds that a file from outside needs. PyYAML is imported here, not with the module:
    reading a record needs none of it."""
    import yaml

    from adjudicator.core.yaml_data import safe_load
    from adjudicator.core.yaml_guard import load_yaml
    from adjudicator.core.yaml_guard import reason as yaml_reason

    try:
        text = read_text(path)
        data = safe_load(text) if trusted else load_yaml(text)
        loaded, _ = load_model(model, data, lenient=False)
    except InputError as err:
        raise err.at(str(path)) from None
    except (yaml.YAMLError, ValueError) as exc:  # ValueError: a 5,000-digit integer
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        english, japanese = yaml_reason(exc)
        raise InputError(
            "bad_yaml",
            f"not valid YAML: {english}",
            ja=f"YAML として読めません({japanese})",
            field=f"{path}{where}",
        ) from None
    return loaded

"""The first steps of reading a record: bytes, then text. At most ``--max-bytes`` of a
regular file or of standard input, decoded as UTF-8; every failure an :class:`InputError`
that names what was expected, never a traceback. What the text holds (JSON or a game's
notation) is read by the next step (:mod:`adjudicator.core.read.strict_json`, a game's reader),
never from here."""

from __future__ import annotations

import codecs
import errno
import os
import stat
import sys
from pathlib import Path

from adjudicator.core.errors import InputError, line_col, place

DEFAULT_MAX_BYTES = 1 << 20


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


def stream_reason(err: OSError) -> tuple[str, str]:
    """Why a standard stream failed, in English and Japanese: closed (a bad descriptor, as
    ``<&-`` leaves it), else the system's reason."""
    if err.errno == errno.EBADF:
        return "it is closed", "閉じられています"
    reason = err.strerror or type(err).__name__
    return reason, reason


def read_stdin(max_bytes: int) -> bytes:
    """At most ``max_bytes`` of standard input (``validate -``); a standard input that was
    closed or fails is an unreadable input, as a file that cannot be read is."""
    try:
        data = sys.stdin.buffer.read(max_bytes + 1)
    except OSError as err:
        en, ja = stream_reason(err)
        raise InputError(
            "unreadable_file",
            f"standard input cannot be read: {en}",
            ja=f"標準入力を読めません({ja})",
        ) from None
    if len(data) > max_bytes:
        raise InputError(
            "file_too_large",
            f"more than {max_bytes} bytes, the limit (--max-bytes)",
            ja=f"上限の {max_bytes} バイト(--max-bytes)を超えています",
        )
    return data

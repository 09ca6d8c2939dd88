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

from adjudicator.core.errors import InputError, line_col
from adjudicator.core.i18n import said

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
            kind = "core.file.kind_folder" if stat.S_ISDIR(status.st_mode) else _NOT_REGULAR
            raise InputError("not_a_file", said("core.file.not_regular", kind=said(kind)))
        data = _read_at_most(fd, max_bytes + 1, status.st_size)
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise InputError(
            "file_too_large",
            said("core.file.too_large", max_bytes=max_bytes),
            expected=said("core.file.reasonable_size"),
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


#: Where a record cannot be read from (a device, a FIFO): the catalogue's id.
_NOT_REGULAR = "core.file.kind_not_regular"

#: The operating system's reasons the tool says in both languages, by error number.
_OS_REASONS = {
    errno.ENOENT: "core.os_reason.enoent",
    errno.EACCES: "core.os_reason.eacces",
    errno.EPERM: "core.os_reason.eperm",
    errno.EISDIR: "core.os_reason.eisdir",
    errno.ENOTDIR: "core.os_reason.enotdir",
    errno.ENAMETOOLONG: "core.os_reason.enametoolong",
    errno.ELOOP: "core.os_reason.eloop",
    errno.EIO: "core.os_reason.eio",
}


def os_reason(exc: OSError) -> str:
    """Why the system refused, in both languages when the tool knows the reason (a
    :class:`~adjudicator.core.i18n.Said`), else as the system said it."""
    key = _OS_REASONS.get(exc.errno or 0)
    return said(key) if key else exc.strerror or str(exc)


def _unreadable(exc: OSError) -> InputError:
    return InputError("unreadable_file", said("core.file.unreadable", reason=os_reason(exc)))


def read_text(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The file as UTF-8 text (a UTF-8 BOM is allowed and dropped)."""
    return decode_text(read_bytes(path, max_bytes=max_bytes))


def decode_text(data: bytes) -> str:
    """Bytes as UTF-8 text, or an :class:`InputError` saying where they are not."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise InputError(
            "wrong_encoding",
            said("core.file.utf16"),
            expected=said("core.file.utf8_text"),
        )
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(
            "binary_file",
            said("core.file.nul_byte", offset=offset),
            expected=said("core.file.utf8_text"),
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start].decode("utf-8", "replace")
        where = line_col(prefix, len(prefix))
        raise InputError(
            "wrong_encoding",
            said("core.file.not_utf8", byte=data[exc.start], where=where),
            expected=said("core.file.utf8_convert"),
        ) from None


def stream_reason(err: OSError) -> str:
    """Why a standard stream failed: closed (a bad descriptor, as ``<&-`` leaves it), said
    in both languages, else the system's reason as it gave it."""
    if err.errno == errno.EBADF:
        return said("core.os_reason.closed")
    return err.strerror or type(err).__name__


def read_stdin(max_bytes: int) -> bytes:
    """At most ``max_bytes`` of standard input (``validate -``); a standard input that was
    closed or fails is an unreadable input, as a file that cannot be read is."""
    try:
        data = sys.stdin.buffer.read(max_bytes + 1)
    except OSError as err:
        reason = stream_reason(err)
        raise InputError(
            "unreadable_file", said("core.file.stdin_unreadable", reason=reason)
        ) from None
    if len(data) > max_bytes:
        raise InputError("file_too_large", said("core.file.too_large", max_bytes=max_bytes))
    return data

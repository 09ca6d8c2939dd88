"""Every file a command writes, written one way: the HTML report, a converted record, a
picture, the conformance suite's export, reports and lock, the generated files.

A path the user gave is checked before the work starts (:func:`check_file`,
:func:`check_folder`), so that an hour's batch does not end in "cannot write"; a failure
while writing (a full disk) is an :class:`~adjudicator.core.errors.InputError` too, which
the command reports after what it has done.

An output never destroys an input nor a good file: a target that is the same file as one
the command reads (same device and inode, so a hard or symbolic link to it counts) is
refused, and a file is written beside its target under a temporary name and renamed into
place once whole, so a write that fails half way leaves the old file as it was. A target
that is neither a regular file nor a character device (a FIFO, a socket) is refused rather
than waited on; a character device (``/dev/null``, a terminal) is written directly.

A path built from input (a case file's game or topic) is a name of a strict shape that
stays inside its target folder (:func:`inside`), never ``..`` nor an absolute path."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TextIO

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.write.display import path_text

#: A name that input may give to a file or a folder written: lower-case letters, digits,
#: ``.``, ``_`` and ``-``, starting with a letter or a digit (so never ``..``, a hidden
#: name or a path).
NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")

#: The operating system's reasons for refusing a write that the tool says in both
#: languages, by error number: the catalogue's id.
_REASONS = {
    errno.ENOENT: "core.write_reason.enoent",
    errno.EACCES: "core.write_reason.eacces",
    errno.EPERM: "core.write_reason.eperm",
    errno.EISDIR: "core.write_reason.eisdir",
    errno.ENOTDIR: "core.write_reason.enotdir",
    errno.ENAMETOOLONG: "core.write_reason.enametoolong",
    errno.ELOOP: "core.write_reason.eloop",
    errno.ENOSPC: "core.write_reason.enospc",
    errno.EDQUOT: "core.write_reason.edquot",
    errno.EROFS: "core.write_reason.erofs",
    errno.EIO: "core.write_reason.eio",
    errno.EFBIG: "core.write_reason.efbig",
}

#: Where a command reads standard input (``-``): its file, if any, is checked as an input.
STDIN = "-"


def _refused(path: Path, option: str, reason: str) -> InputError:
    """``path`` cannot be written, for ``reason`` (said in both languages, or as the
    system gave it)."""
    return InputError(
        "unwritable_file",
        said("core.write.refused", path=path_text(path), reason=reason),
        field=option,
    )


def _failed(path: Path, option: str, exc: OSError) -> InputError:
    key = _REASONS.get(exc.errno or 0)
    return _refused(path, option, said(key) if key else exc.strerror or str(exc))


def _status(path: Path) -> os.stat_result | None:
    """The path's status (a link followed), ``None`` when nothing is there."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def check_file(path: Path, option: str, *, inputs: Iterable[Path]) -> None:
    """That a file can be written at ``path`` (given as ``option``): not a folder, a FIFO
    or a socket, not the same file as any of ``inputs`` (the files the command reads), in a
    folder that exists, with the permission to write; an :class:`InputError` saying which
    is not so."""
    try:
        status = _status(path)
        if status is not None:
            _check_existing(path, status, option, inputs)
            return
        _check_folder_exists(path.parent, path, option)
    except OSError as exc:
        raise _failed(path, option, exc) from None


def _check_existing(
    path: Path, status: os.stat_result, option: str, inputs: Iterable[Path]
) -> None:
    if stat.S_ISDIR(status.st_mode):
        raise _refused(path, option, said("core.write.is_folder"))
    if not (stat.S_ISREG(status.st_mode) or stat.S_ISCHR(status.st_mode)):
        raise _refused(path, option, said("core.write.not_regular"))
    read = _input_at(status, inputs)
    if read is not None:
        shown, input_shown = path_text(path), path_text(read)
        raise InputError(
            "output_is_input",
            said("core.write.is_input", path=shown, input=input_shown),
            field=option,
        )
    if not os.access(path, os.W_OK):
        raise _refused(path, option, said("core.write.no_permission"))


def _input_at(target: os.stat_result, inputs: Iterable[Path]) -> Path | None:
    """The input that is the file ``target`` is (same device and inode: a hard link or a
    symbolic link to it counts), or ``None``. Standard input (``-``) is the file it was
    redirected from, if any; an input that cannot be looked at is not the target."""
    for given in inputs:
        try:
            status = os.fstat(0) if str(given) == STDIN else os.stat(given)
        except OSError:
            continue
        if (status.st_dev, status.st_ino) == (target.st_dev, target.st_ino):
            return given
    return None


def _check_folder_exists(folder: Path, path: Path, option: str) -> None:
    status = _status(folder)
    shown = path_text(folder)
    if status is None:
        raise _refused(path, option, said("core.write.no_folder", folder=shown))
    if not stat.S_ISDIR(status.st_mode):
        raise _refused(path, option, said("core.write.not_folder", folder=shown))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _refused(path, option, said("core.write.no_permission_in", folder=shown))


def check_folder(directory: Path, option: str) -> None:
    """That files can be written under ``directory`` (made, with the folders above it,
    when missing): the folder or its nearest existing ancestor is a folder one may write
    in."""
    try:
        existing = directory
        while _status(existing) is None and existing.parent != existing:
            existing = existing.parent
        _check_folder_exists(existing, directory, option)
    except OSError as exc:
        raise _failed(directory, option, exc) from None


def make_folder(directory: Path, option: str) -> None:
    """``directory`` and the folders above it, made when missing."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _failed(directory, option, exc) from None


def inside(directory: Path, names: Sequence[str], option: str) -> Path:
    """``directory/names[0]/names[1]/…`` when each name has the shape :data:`NAME` allows
    and the path, links resolved, stays inside ``directory``; an :class:`InputError`
    (``unsafe_path``) otherwise. For paths built from input."""
    for name in names:
        if not NAME.fullmatch(name):
            shown = path_text(name)
            raise InputError(
                "unsafe_path",
                said("core.write.bad_name", name=shown),
                field=option,
                expected=said("core.write.name_form"),
            )
    target = directory.joinpath(*names)
    try:
        root = directory.resolve()
        inner = target.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links (3.11)
        shown = path_text(target)
        raise InputError(
            "unsafe_path",
            said("core.write.links", path=shown),
            field=option,
        ) from None
    if not inner.is_relative_to(root):
        shown, root_shown = path_text(target), path_text(directory)
        raise InputError(
            "unsafe_path",
            said("core.write.outside", path=shown, root=root_shown),
            field=option,
        )
    return target


def write_text(path: Path, text: str, option: str, *, inputs: Iterable[Path]) -> None:
    """``text`` written to ``path`` as UTF-8, never over one of ``inputs``."""
    with writing(path, option, inputs=inputs) as out:
        out.write(text)


@contextmanager
def writing(path: Path, option: str, *, inputs: Iterable[Path]) -> Iterator[TextIO]:
    """``path`` open for writing UTF-8 text, checked again as :func:`check_file` does (the
    target may have changed since the work began); a failure to open, write or close it is
    an :class:`InputError` naming the file and the reason. A regular file is written under
    a temporary name beside it and renamed into place when whole (through a symbolic
    link, beside the file it leads to, so the link stays a link): until then, and if
    anything fails, the old file is untouched."""
    check_file(path, option, inputs=inputs)
    try:
        status = _status(path)
        if status is not None and stat.S_ISCHR(status.st_mode):
            with open(path, "w", encoding="utf-8") as device:
                yield device
            return
        with _replacing(Path(os.path.realpath(path)), status) as out:
            yield out
    except OSError as exc:
        raise _failed(path, option, exc) from None


@contextmanager
def _replacing(target: Path, status: os.stat_result | None) -> Iterator[TextIO]:
    """A temporary file beside ``target``, renamed over it once written and flushed to
    disk, with the old file's permissions (or a new file's); removed if anything fails."""
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with open(fd, "w", encoding="utf-8") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, stat.S_IMODE(status.st_mode) if status else _new_file_mode())
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _new_file_mode() -> int:
    """The permissions ``open`` would give a new file: read and write for all, less the
    process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask

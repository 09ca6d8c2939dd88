"""Every file a command writes, written one way: the HTML report, a converted record, a
picture, the conformance suite's export, reports and lock, the generated files.

A path the user gave is checked before the work starts (:func:`check_file`,
:func:`check_folder`), so that an hour's batch does not end in "cannot write"; a failure
while writing (a full disk) is an :class:`~adjudicator.core.errors.InputError` too, which
the command reports after what it has done. A path built from input (a case file's game or
topic) is a name of a strict shape that stays inside its target folder (:func:`inside`),
never ``..`` nor an absolute path."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from adjudicator.core.errors import InputError
from adjudicator.core.write.display import path_text

#: A name that input may give to a file or a folder written: lower-case letters, digits,
#: ``.``, ``_`` and ``-``, starting with a letter or a digit (so never ``..``, a hidden
#: name or a path).
NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")

#: The operating system's reasons, which it gives in English, said in Japanese.
_REASON_JA = {
    errno.ENOENT: "そのようなファイルやフォルダはありません",
    errno.EACCES: "書き込む権限がありません",
    errno.EPERM: "書き込む権限がありません",
    errno.EISDIR: "フォルダです",
    errno.ENOTDIR: "途中の名前がフォルダではありません",
    errno.ENAMETOOLONG: "名前が長すぎます",
    errno.ELOOP: "シンボリックリンクが循環しています",
    errno.ENOSPC: "ディスクの空きがありません",
    errno.EDQUOT: "ディスクの割り当てを超えました",
    errno.EROFS: "読み取り専用のファイルシステムです",
    errno.EIO: "入出力エラー",
}


def _refused(path: Path, option: str, english: str, japanese: str) -> InputError:
    shown = path_text(path)
    return InputError(
        "unwritable_file",
        f"cannot write {shown}: {english}",
        ja=f"{shown} に書き込めません({japanese})",
        field=option,
    )


def _failed(path: Path, option: str, exc: OSError) -> InputError:
    english = exc.strerror or str(exc)
    return _refused(path, option, english, _REASON_JA.get(exc.errno or 0, english))


def _status(path: Path) -> os.stat_result | None:
    """The path's status (a link followed), ``None`` when nothing is there."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def check_file(path: Path, option: str) -> None:
    """That a file can be written at ``path`` (given as ``option``): not a folder, in a
    folder that exists, with the permission to write; an :class:`InputError` saying which
    is not so."""
    try:
        status = _status(path)
        if status is not None:
            if stat.S_ISDIR(status.st_mode):
                raise _refused(path, option, "it is a folder", "フォルダです")
            if not os.access(path, os.W_OK):
                raise _refused(path, option, "no permission to write", "書き込む権限がありません")
            return
        _check_folder_exists(path.parent, path, option)
    except OSError as exc:
        raise _failed(path, option, exc) from None


def _check_folder_exists(folder: Path, path: Path, option: str) -> None:
    status = _status(folder)
    shown = path_text(folder)
    if status is None:
        raise _refused(
            path, option, f"the folder {shown} does not exist", f"フォルダ {shown} がありません"
        )
    if not stat.S_ISDIR(status.st_mode):
        raise _refused(
            path, option, f"{shown} is not a folder", f"{shown} はフォルダではありません"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        english = f"no permission to write in {shown}"
        raise _refused(path, option, english, f"{shown} に書き込む権限がありません")


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
                f"'{shown}' cannot name a file or folder to write",
                ja=f"「{shown}」はファイルやフォルダの名前にできません",
                field=option,
                expected="lower-case letters, digits, '.', '_' and '-', starting with a "
                "letter or a digit",
                expected_ja="英小文字・数字・「.」「_」「-」(英小文字か数字で始まる)",
            )
    target = directory.joinpath(*names)
    try:
        root = directory.resolve()
        inner = target.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links (3.11)
        shown = path_text(target)
        raise InputError(
            "unsafe_path",
            f"{shown}: its links cannot be followed",
            ja=f"{shown}: リンクをたどれません",
            field=option,
        ) from None
    if not inner.is_relative_to(root):
        shown, root_shown = path_text(target), path_text(directory)
        raise InputError(
            "unsafe_path",
            f"{shown} leads outside {root_shown}",
            ja=f"{shown} は {root_shown} の外を指しています",
            field=option,
        )
    return target


def write_text(path: Path, text: str, option: str) -> None:
    """``text`` written to ``path`` as UTF-8."""
    with writing(path, option) as out:
        out.write(text)


@contextmanager
def writing(path: Path, option: str) -> Iterator[TextIO]:
    """``path`` open for writing UTF-8 text; a failure to open, write or close it is an
    :class:`InputError` naming the file and the reason."""
    try:
        with open(path, "w", encoding="utf-8") as out:
            yield out
    except OSError as exc:
        raise _failed(path, option, exc) from None


def write_bytes(path: Path, data: bytes, option: str) -> None:
    """``data`` written to ``path`` as it is (a workbook, a picture in a binary format), by
    the same way as text."""
    with writing(path, option) as out:
        out.flush()
        out.buffer.write(data)

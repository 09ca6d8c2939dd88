"""Finding files in folders: the one walk that ``validate`` (record files) and the
conformance commands (case files) both use.

A folder named is searched to any depth, each folder's entries in name order (so that the
whole is in the order of the path components). The walk keeps its own stack, so no depth
of nested folders exhausts the interpreter's; it holds only the names of the folders
being walked, so a hundred thousand files cost no more memory than ten.

Nothing found is lost in silence, and nothing found can stop the walk: an entry whose kind
cannot even be told (a link to itself, a link into a folder that may not be searched) and
a folder that cannot be listed are yielded themselves, so that the reader gives each its
own verdict. Links to folders are not followed (a link cannot lead the walk into a loop),
nor is a folder entered twice (a bind mount of an ancestor). Nothing is opened here: a
FIFO or a device among the files is yielded by its name and refused by the reader
(:func:`adjudicator.core.read.loading.read_bytes`) without being read."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

#: A folder's identity, to enter none twice: device and inode.
_Identity = tuple[int, int]


def files_under(
    paths: Iterable[Path], suffixes: tuple[str, ...], *, untold: bool = True
) -> Iterator[Path]:
    """``paths`` as given, each folder among them replaced by the files under it whose
    names end with one of ``suffixes``, and by the entries whose kind cannot be told:
    whatever their names when ``untold`` (a record batch gives each its own verdict, and
    costs nothing else), else only those so named (one case file that cannot be read
    stops a conformance run, which a stray link beside the case files must not)."""
    for path in paths:
        if is_folder(path):
            yield from map(Path, _under(str(path), suffixes, untold))
        else:
            yield path


def is_folder(path: Path) -> bool:
    """Whether ``path`` (a link followed: the user named it) is a folder; a path that
    cannot be looked at is not, and its reading says why."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _identity(path: str) -> _Identity | None:
    try:
        status = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return status.st_dev, status.st_ino


class _Listing:
    """A folder's wanted files and subfolders by name in name order, which of them are
    folders, and whether listing it failed (then it is yielded itself, after what was
    listed)."""

    def __init__(self, folder: str, suffixes: tuple[str, ...], untold: bool) -> None:
        self.names: list[str] = []
        self.folders: set[str] = set()
        self.failed = False
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    self._add(entry, suffixes, untold)
        except OSError:
            self.failed = True
        self.names.sort()

    def _add(self, entry: os.DirEntry[str], suffixes: tuple[str, ...], untold: bool) -> None:
        try:
            if entry.is_dir(follow_symlinks=False):
                self.names.append(entry.name)
                self.folders.add(entry.name)
                return
            if entry.is_symlink() and entry.is_dir():
                return  # a link to a folder is not followed
        except OSError:  # a link to itself, a folder that may not be searched …
            if untold or entry.name.endswith(suffixes):
                self.names.append(entry.name)
            return
        if entry.name.endswith(suffixes):
            self.names.append(entry.name)


def _under(folder: str, suffixes: tuple[str, ...], untold: bool) -> Iterator[str]:
    """The wanted files under ``folder``, as text until they are used."""
    top = _Listing(folder, suffixes, untold)
    if top.failed and not top.names:
        yield folder
        return
    entered = {_identity(folder)}
    open_folders = [(folder, iter(top.names), top)]
    while open_folders:
        where, names, listing = open_folders[-1]
        name = next(names, None)
        if name is None:
            open_folders.pop()
            entered.discard(_identity(where))
            if listing.failed:
                yield where
            continue
        full = os.path.join(where, name)
        if name not in listing.folders:
            yield full
            continue
        identity = _identity(full)
        if identity is None:  # gone meanwhile: its reading says so
            yield full
            continue
        if identity in entered:
            continue  # a folder already being walked (a bind mount of an ancestor)
        inner = _Listing(full, suffixes, untold)
        if inner.failed and not inner.names:
            yield full
            continue
        entered.add(identity)
        open_folders.append((full, iter(inner.names), inner))

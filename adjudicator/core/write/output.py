"""Standard output and error for people, with rich only where it draws something.

rich's console costs about as much to import as the rest of validating a small record
does to start, and to a file or a pipe it draws nothing: it writes the bare text. So a
stream here decides by itself whether it is plain, and a line whose markup only styles it
is then written as text; rich's console is made at the first line a terminal gets, or at
the first use of what only rich does (markup, drawings, the progress bar)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

#: A piece of a line: its text, or its text and its rich style ("" for none).
Piece = str | tuple[str, str]


def bare(pieces: Iterable[Piece]) -> str:
    """The pieces' text, their styles dropped: what rich writes of them to a plain stream."""
    return "".join(p if isinstance(p, str) else p[0] for p in pieces)


def is_terminal(stream: IO[str]) -> bool:
    """Whether rich (14 and later) would write styles to ``stream``: its rule
    (``rich.console.Console.is_terminal``, for a console that is not told) without its
    console. ``TTY_COMPATIBLE=1`` or ``0`` decides; else a ``FORCE_COLOR`` set and not
    empty says yes; else the stream's ``isatty``. rich's two other cases cannot arise for a
    command line: IDLE and Jupyter, where it says no. ``NO_COLOR`` and ``TTY_INTERACTIVE``
    do not enter into it: a terminal with ``NO_COLOR`` still gets bold, and is still drawn
    by rich, which drops the colours itself."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is not None and isatty()
    except ValueError:  # a closed stream, as rich answers
        return False


class Output:
    """``sys.stdout`` (or ``sys.stderr``), looked up at each use as rich's consoles do (a
    test or a program that swaps it is followed), or a given rich console's stream.

    :meth:`line` writes a line of pieces: as bare text when the stream is :attr:`plain`,
    else through rich; no piece is read as markup, so input in it needs no escaping.
    :meth:`print` is rich's ``Console.print``, for markup and drawings."""

    def __init__(self, console: Console | None = None, *, stderr: bool = False) -> None:
        self._console = console
        self.stderr = stderr

    @property
    def console(self) -> Console:
        """rich's console for this stream, made at its first use."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=self.stderr, highlight=False, soft_wrap=True)
        return self._console

    @property
    def file(self) -> IO[str]:
        """The stream, found as rich finds it: behind the stand-in that a progress bar puts
        in place of ``sys.stdout`` (which would print through the bar's console)."""
        if self._console is not None:
            return self._console.file
        stream = sys.stderr if self.stderr else sys.stdout
        return getattr(stream, "rich_proxied_file", stream)

    @property
    def plain(self) -> bool:
        """Whether what rich would write here is the bare text: not a terminal, and, for a
        given console, not recording and not wrapping lines."""
        c = self._console
        if c is None:
            return not is_terminal(self.file)
        return not (c.is_terminal or c.record or not c.soft_wrap)

    def line(self, *pieces: Piece) -> None:
        """One line of text and styled pieces."""
        if not self.plain:
            from rich.text import Text

            self.console.print(Text.assemble(*pieces))
            return
        self.write(bare(pieces) + "\n")

    def write(self, text: str) -> None:
        """``text`` as it is, flushed as rich flushes each print. A reader gone ends the
        command as rich ends it: exit code 1, and nothing more sent to standard output."""
        try:
            self.file.write(text)
            self.file.flush()
        except BrokenPipeError:
            quiet_stdout()
            raise ReaderGone(1) from None

    def print(self, *objects: Any, **options: Any) -> None:
        """rich's ``Console.print``."""
        self.console.print(*objects, **options)


class ReaderGone(SystemExit):
    """Standard output's reader has gone (``… | head``): the command ends with exit code 1
    unless it catches this, as ``validate`` does to finish a file it was asked to write."""


def quiet_stdout() -> None:
    """After a broken pipe, send what is left for stdout nowhere, so that the interpreter's
    last flush cannot complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())

"""Standard output and error for people, with rich only where it draws something.

rich's console costs about as much to import as the rest of validating a small record
does to start, and to a file or a pipe it draws nothing: it writes the bare text. So a
stream here decides by itself whether it is plain, and a line whose markup only styles it
is then written as text; rich's console is made at the first line a terminal gets, or at
the first use of what only rich does (markup, drawings, the progress bar)."""

from __future__ import annotations

import codecs
import errno
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, NoReturn, TextIO, cast

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
        stream: IO[str] = sys.stderr if self.stderr else sys.stdout
        if isinstance(stream, GuardedOutput):  # the usual one: no look-up failing each line
            return stream
        proxied: IO[str] = getattr(stream, "rich_proxied_file", stream)
        return proxied

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
        stream = self.file
        try:
            stream.write(text)
            stream.flush()
        except BrokenPipeError:
            quiet_stdout()
            raise ReaderGone(1) from None

    def data(self, text: str) -> None:
        """``text`` that is data made from input (a converted record, a picture): exact to
        a file or a pipe, which a program reads; to a terminal, its control and
        bidirectional characters escaped (lines and tabs kept), so that no record can drive
        the terminal (an OSC 8 link, a title, C1, U+202E) as no line of a report can."""
        if is_terminal(self.file):
            from adjudicator.core.write.display import printable_lines

            text = printable_lines(text)
        self.write(text)

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


# --- the process's standard streams -------------------------------------------------------

#: The error handler every standard stream encodes with: a character its encoding lacks
#: (Japanese on a Latin-1 or ASCII stream, ╭ on cp932) is written as its JSON escape
#: (``\u30a8``; a pair of them beyond the BMP), which a person reads and which keeps a JSON
#: stream JSON, where Python's own ``backslashreplace`` writes ``\U0001f600``.
ESCAPE_UNENCODABLE = "adjudicator-escape"


def _json_escapes(err: UnicodeError) -> tuple[str, int]:
    """The codec error handler named :data:`ESCAPE_UNENCODABLE`."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for char in err.object[err.start : err.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), err.end


codecs.register_error(ESCAPE_UNENCODABLE, _json_escapes)


class OutputLost(SystemExit):
    """Standard output cannot take the answer (closed, a full disk, an I/O error): the
    command ends with exit code 2, the reason said on standard error — never 0 with the
    answer written nowhere, never 4 as if the tool were at fault."""


class StreamClosed(OSError):
    """A standard stream that was closed when the command started (``>&-``, ``<&-``)."""

    def __init__(self, name: str) -> None:
        super().__init__(errno.EBADF, "closed")
        self.name = name


class ClosedStream:
    """What stands for a standard stream that was closed when the command started: every
    read or write raises :class:`StreamClosed`, so that the command says so instead of
    answering into nothing (Python leaves ``None`` there, and ``print`` to ``None`` writes
    nowhere without a word)."""

    encoding = "utf-8"
    errors = ESCAPE_UNENCODABLE

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def buffer(self) -> ClosedStream:
        """The binary stream beneath: closed too."""
        return self

    def _closed(self, *_args: object) -> Any:
        raise StreamClosed(self.name)

    write = read = readline = fileno = _closed

    def flush(self) -> None:
        """Nothing was written, so nothing is lost: a command that wrote nothing ends as
        it would."""

    def __iter__(self) -> Iterator[str]:
        raise StreamClosed(self.name)

    def isatty(self) -> bool:
        """A closed stream is no terminal."""
        return False


class GuardedOutput:
    """Standard output as every command writes to it (``print``, rich, typer's help, the
    engine's answers): the stream itself, but a write or flush that fails ends the command
    as one failure is ended. A reader gone (``| head``) is :class:`ReaderGone`, as rich
    ends it; any other failure (closed, full, an I/O error) is said by ``lost`` and is
    :class:`OutputLost`, exit code 2. Once failed, it takes what is left and sends it
    nowhere: the interpreter's last flush must not fail again."""

    def __init__(self, stream: TextIO | ClosedStream, lost: Callable[[OSError], None]) -> None:
        self._stream = stream
        self._lost = lost
        self._failed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def write(self, text: str) -> int:
        """``text`` written, or the command ended."""
        if self._failed:
            return len(text)
        try:
            return self._stream.write(text)
        except OSError as err:
            self._fail(err)

    def flush(self) -> None:
        """The buffer flushed, or the command ended."""
        if self._failed:
            return
        try:
            self._stream.flush()
        except OSError as err:
            self._fail(err)

    def _fail(self, err: OSError) -> NoReturn:
        self._failed = True
        if not isinstance(self._stream, ClosedStream):
            quiet_stdout()
        if isinstance(err, BrokenPipeError):
            raise ReaderGone(1) from None
        self._lost(err)
        raise OutputLost(2) from None


def prepare_streams(lost: Callable[[OSError], None]) -> None:
    """Make the process's standard streams what every command writes through, before any
    command runs: each encodes what its encoding lacks as escapes
    (:data:`ESCAPE_UNENCODABLE`); a stream closed at the start is :class:`ClosedStream`
    (its descriptor held by ``/dev/null``, so that no file the command opens takes its
    number); standard output is :class:`GuardedOutput`, ``lost`` saying why an answer
    could not be written. Standard error closed swallows what is said there: a traceback
    must not fall through to standard output (``print(file=None)`` writes there)."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        stream = getattr(sys, name)
        if stream is None:
            _hold(fd)
            setattr(sys, name, _stand_in(name))
        elif hasattr(stream, "reconfigure") and fd > 0:
            stream.reconfigure(errors=ESCAPE_UNENCODABLE)
    sys.stdout = cast(TextIO, GuardedOutput(sys.stdout, lost))


def _stand_in(name: str) -> ClosedStream | TextIO:
    """What takes the place of a standard stream closed at the start: standard input and
    output say they are closed; what is said on standard error goes nowhere."""
    return ClosedStream(name) if name != "stderr" else cast(TextIO, _Nowhere())


class _Nowhere:
    """A stream that takes everything and keeps nothing."""

    encoding = "utf-8"
    errors = ESCAPE_UNENCODABLE

    def write(self, text: str) -> int:
        """Nothing written."""
        return len(text)

    def flush(self) -> None:
        """Nothing to flush."""

    def isatty(self) -> bool:
        """No terminal."""
        return False


def _hold(fd: int) -> None:
    """Keep a closed descriptor's number taken by ``/dev/null``."""
    try:
        os.fstat(fd)
    except OSError:
        held = os.open(os.devnull, os.O_RDWR)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)

"""What every command shares: the two outputs, the language and JSON options, and how input
errors reach a person (a message and exit code 2, never a traceback)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Literal, NoReturn

import typer

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, default_lang, say
from adjudicator.core.write.display import path_text, printable
from adjudicator.core.write.output import Output

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_PENDING = 0, 1, 2, 3

#: Standard output and error; rich's console for each is made when first needed.
console = Output()
err_console = Output(stderr=True)

LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        help="cli.help.option.lang",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="cli.help.option.json")]
LenientOption = Annotated[bool, typer.Option("--lenient", help="cli.help.option.lenient")]
#: Violation codes are for programs (JSON, CSV); a person reads the article and the message,
#: and asks for the codes with this option.
CodesOption = Annotated[
    bool,
    typer.Option("--codes", help="cli.help.option.codes"),
]
SvgOption = Annotated[
    Path | None,
    typer.Option("--svg", help="cli.help.option.svg"),
]
FormatOption = Annotated[
    Literal["text", "svg"],
    typer.Option("--format", help="cli.help.option.format"),
]


def available_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's total)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


#: The language of the running command, once it has resolved ``--lang``: input errors
#: reported by :func:`fail` speak it too.
_chosen: list[Lang] = []


def resolve_lang(lang: Lang | None) -> Lang:
    """``--lang`` if given, else the one given before the command (``adjudicator --lang ja
    validate …``), else the locale's; remembered for :func:`fail`."""
    chosen = lang or (_chosen[0] if _chosen else default_lang())
    _chosen[:] = [chosen]
    return chosen


def forget_lang() -> None:
    """Start a command with no language resolved: a program that runs several commands in
    one process (the tests, the docs' examples) must not see an earlier one's ``--lang``."""
    _chosen.clear()


def escape(text: str) -> str:
    """rich's escape of markup, for a line printed with markup that quotes input; rich's
    module is imported at the first such line."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def shown(text: str) -> str:
    """Input quoted in a line of output (an action as written, a message quoting it, what
    an engine answered): control and bidirectional characters escaped so that no record or
    engine can forge a line or drive the terminal, then rich's markup escaped."""
    return escape(printable(text))


def shown_lines(text: str) -> str:
    """Text of several lines (an engine's stderr, an explanation quoting it) made
    :func:`shown` line by line: its own line breaks kept, every other control escaped."""
    return "\n".join(shown(line) for line in text.split("\n"))


def report_error(err: InputError, source: str | None = None) -> None:
    """Say an input error to a person, in the command's language, on standard error. The
    file name and the message may hold input: control characters are shown escaped (and
    the message is no markup)."""
    lang = _chosen[0] if _chosen else default_lang()
    where = f"{path_text(source)}: " if source else ""
    message = printable(where + err.describe(lang))
    err_console.line((say("cli.error.word", lang), "bold red"), f": {message}")


def fail(err: InputError, source: str | None = None) -> NoReturn:
    """Report an input error (:func:`report_error`) and exit with the usage/unreadable
    code; the file is ``source``, or the one the error names (:meth:`InputError.in_file`)."""
    report_error(err, source or err.source)
    raise typer.Exit(EXIT_USAGE)


def check_output(path: Path | None, option: str, inputs: Iterable[Path]) -> None:
    """A file the command is asked to write (given as ``option``), checked before the work
    starts: exit 2 with the reason when it cannot be written or is one of ``inputs``."""
    from adjudicator.core.write.files import check_file

    if path is None:
        return
    try:
        check_file(path, option, inputs=inputs)
    except InputError as err:
        fail(err)


def write_output(path: Path, text: str, option: str, inputs: Iterable[Path]) -> None:
    """``text`` written to the file given as ``option``, never over one of ``inputs``;
    exit 2 with the reason when it cannot be, after whatever the command has already
    printed."""
    from adjudicator.core.write.files import write_text

    try:
        write_text(path, text, option, inputs=inputs)
    except InputError as err:
        fail(err)

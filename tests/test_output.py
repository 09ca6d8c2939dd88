"""Output for people: a stream is plain exactly when rich would write no styles to it, and a
line is then its bare text; on a terminal rich draws it, styles and all. No piece of a line
is read as markup, on either path."""

from __future__ import annotations

import io
import itertools

import pytest
import typer
from rich.console import Console

from adjudicator.cli import common as cli_common
from adjudicator.core.errors import InputError
from adjudicator.core.write.output import Output, is_terminal

UNSET = None


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def streams_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here runs under an environment that tells rich what a stream is."""
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)


@pytest.mark.parametrize(
    ("compatible", "force", "tty"),
    list(itertools.product([UNSET, "", "0", "1", "yes"], [UNSET, "", "0", "1"], [False, True])),
)
def test_a_stream_is_a_terminal_exactly_when_rich_says_so(
    monkeypatch: pytest.MonkeyPatch, compatible: str | None, force: str | None, tty: bool
) -> None:
    for name, value in (("TTY_COMPATIBLE", compatible), ("FORCE_COLOR", force)):
        if value is not UNSET:
            monkeypatch.setenv(name, value)
    stream = Tty() if tty else io.StringIO()
    assert is_terminal(stream) == Console(file=stream).is_terminal


def test_a_plain_stream_gets_the_bare_text(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    stdout = Output()
    assert stdout.plain
    stdout.line(("error", "bold red"), ": [bold]x[/] :smile:")
    assert out.getvalue() == "error: [bold]x[/] :smile:\n"
    assert stdout._console is None  # rich's console was not needed


def test_a_terminal_gets_the_line_through_rich() -> None:
    out = Tty()
    console = Console(file=out, color_system="standard", highlight=False, soft_wrap=True)
    stdout = Output(console)
    assert not stdout.plain
    stdout.line(("error", "bold red"), ": [bold]x[/]")
    assert out.getvalue() == "\x1b[1;31merror\x1b[0m: [bold]x[/]\n"


def test_a_recording_console_is_not_plain() -> None:
    console = Console(file=io.StringIO(), record=True)
    stdout = Output(console)
    assert not stdout.plain
    stdout.line(("ok", "green"))
    assert console.export_text() == "ok\n"


@pytest.mark.parametrize("terminal", [False, True])
def test_an_input_error_quotes_the_input_as_written(
    monkeypatch: pytest.MonkeyPatch, terminal: bool
) -> None:
    """A file name that looks like markup or an emoji code is shown as it is, styled or
    not; its control characters are escaped."""
    stream = Tty() if terminal else io.StringIO()
    console = Console(file=stream, color_system="standard", highlight=False, soft_wrap=True)
    monkeypatch.setattr(cli_common, "err_console", Output(console))
    cli_common.forget_lang()
    with pytest.raises(typer.Exit):
        cli_common.fail(InputError("unreadable", "gone"), "[bold]:smile:\x1b.json")
    error = "\x1b[1;31merror\x1b[0m" if terminal else "error"
    assert stream.getvalue() == f"{error}: [bold]:smile:\\x1b.json: gone\n"

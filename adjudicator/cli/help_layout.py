"""Help is never cut short, and Japanese breaks as Japanese does.

typer lays each parameter's help and each command's summary in a table cell, where rich
ends a line that does not fit with "…" and drops the rest of it: a token wider than the
column (``dark-nebula:nebula-entry=each-step``), and — rich 15 counts a line's trailing
space in characters, not terminal columns — a line of Japanese whose last word fits
exactly. Wrapped here, those cells fold instead: a line too long continues on the next
one, and a trailing space is cut, never a word.

rich breaks lines only at spaces, and Japanese has none between its words: help that holds
full-width text is laid out here line by line instead, breaking where
:mod:`adjudicator.core.write.line_breaks` allows (between characters, the kinsoku rules kept),
so that the Japanese help needs no spaces put into its sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from typer.core import TyperArgument, TyperCommand, TyperGroup

if TYPE_CHECKING:  # rich's console is imported by the first help printed, not before
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.measure import Measurement
    from rich.text import Text


#: Wide enough that no line of help breaks: the width it is first laid out at, before
#: full-width text is broken into lines of the real width.
_UNBROKEN = 10_000


class Folded:
    """``renderable`` drawn with overflow ``fold`` whatever its table cell asks for, and,
    when it holds full-width text, broken into lines by :func:`break_offsets`."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def _lines(self, console: Console, options: ConsoleOptions) -> list[Text] | None:
        """The renderable's lines laid out unbroken, if any holds full-width text."""
        from rich.text import Text

        from adjudicator.core.write.line_breaks import has_wide

        unbroken = options.update(width=_UNBROKEN, overflow="fold")
        lines = []
        for segments in console.render_lines(self.renderable, unbroken, pad=False):
            line = Text(end="")
            for segment in segments:
                if not segment.control:
                    line.append(segment.text, segment.style)
            line.rstrip()
            lines.append(line)
        return lines if any(has_wide(line.plain) for line in lines) else None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        from adjudicator.core.write.line_breaks import break_offsets

        lines = self._lines(console, options)
        if lines is None:
            yield from console.render(self.renderable, options.update(overflow="fold"))
            return
        for line in lines:
            for piece in line.divide(break_offsets(line.plain, options.max_width)):
                piece.rstrip()
                yield from piece.render(console)
                yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        from adjudicator.core.write.line_breaks import narrowest

        lines = self._lines(console, options)
        if lines is None:
            return Measurement.get(console, options, self.renderable)
        widest = max(line.cell_len for line in lines)
        least = max(narrowest(line.plain) for line in lines)
        return Measurement(min(least, widest), widest).clamp(max_width=options.max_width)


def _folding(make: Callable[..., Any]) -> Callable[..., Any]:
    from rich.columns import Columns

    def folded(*args: Any, **kwargs: Any) -> Any:
        made = make(*args, **kwargs)
        if isinstance(made, Columns):  # a parameter's help, default and [required]
            made.renderables = [Folded(item) for item in made.renderables]
            return made
        return Folded(made)

    folded.keeps_help_whole = True  # type: ignore[attr-defined]  # a mark: wrapped once
    return folded


def _fold_cells() -> None:
    """Wrap typer's private helpers that make a command's help text and its table cells
    (once; a helper a typer lacks is left out, and its help printed as typer prints it)."""
    from typer import rich_utils

    for name in ("_get_help_text", "_get_parameter_help", "_make_command_help"):
        make = getattr(rich_utils, name, None)
        if make is not None and not getattr(make, "keeps_help_whole", False):
            setattr(rich_utils, name, _folding(make))


def _folding_first(format_help: Callable[..., Any]) -> Callable[..., Any]:
    def format_help_whole(self: Any, ctx: Any, formatter: Any) -> Any:
        _fold_cells()
        return format_help(self, ctx, formatter)

    format_help_whole.keeps_help_whole = True  # type: ignore[attr-defined]  # a mark: wrapped once
    return format_help_whole


def keep_help_whole() -> None:
    """Make typer's help cells fold, at the first help printed: typer's help module (rich's
    tables, Markdown and syntax highlighting) costs a fifth of a second to import, which a
    command that prints no help never pays."""
    for kind in (TyperCommand, TyperGroup):
        if not getattr(kind.format_help, "keeps_help_whole", False):
            kind.format_help = _folding_first(kind.format_help)  # type: ignore[method-assign]  # typer patched


def _usage_pieces(self: TyperArgument, ctx: Any) -> list[str]:
    """An argument in the usage line as click writes it, and as ``[OPTIONS]`` beside it
    reads: its name in capitals, in brackets when optional, ``...`` when it takes several
    (``PATHS...``, ``[DIRECTORY]``); typer writes ``{paths}...``."""
    name = (self.metavar or self.name or "").upper()
    if not self.required:
        name = f"[{name}]"
    return [f"{name}..." if self.nargs != 1 else name]


_usage_pieces.plain_usage = True  # type: ignore[attr-defined]  # a mark: patched once


def plain_usage() -> None:
    """Write arguments in usage lines (help, and the usage line of an error) as click
    does; once."""
    if not getattr(TyperArgument.get_usage_pieces, "plain_usage", False):
        TyperArgument.get_usage_pieces = _usage_pieces  # type: ignore[method-assign]  # typer patched

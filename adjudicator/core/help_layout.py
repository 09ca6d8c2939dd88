"""Help is never cut short.

typer lays each parameter's help and each command's summary in a table cell, where rich
ends a line that does not fit with "…" and drops the rest of it: a token wider than the
column (``dark-nebula:nebula-entry=each-step``), and — rich 15 counts a line's trailing
space in characters, not terminal columns — a line of Japanese whose last word fits
exactly. Wrapped here, those cells fold instead: a line too long continues on the next
one, and a trailing space is cut, never a word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from typer.core import TyperCommand, TyperGroup

if TYPE_CHECKING:  # rich's console is imported by the first help printed, not before
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.measure import Measurement


class Folded:
    """``renderable`` drawn with overflow ``fold`` whatever its table cell asks for."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.update(overflow="fold"))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement.get(console, options, self.renderable)


def _folding(make: Callable[..., Any]) -> Callable[..., Any]:
    from rich.columns import Columns

    def folded(*args: Any, **kwargs: Any) -> Any:
        made = make(*args, **kwargs)
        if isinstance(made, Columns):  # a parameter's help, default and [required]
            made.renderables = [Folded(item) for item in made.renderables]
            return made
        return Folded(made)

    folded.keeps_help_whole = True  # type: ignore[attr-defined]
    return folded


def _fold_cells() -> None:
    """Wrap typer's two private helpers that make help cells (once; with a typer that has
    neither, help is printed as typer prints it)."""
    from typer import rich_utils

    for name in ("_get_parameter_help", "_make_command_help"):
        make = getattr(rich_utils, name, None)
        if make is not None and not getattr(make, "keeps_help_whole", False):
            setattr(rich_utils, name, _folding(make))


def _folding_first(format_help: Callable[..., Any]) -> Callable[..., Any]:
    def format_help_whole(self: Any, ctx: Any, formatter: Any) -> Any:
        _fold_cells()
        return format_help(self, ctx, formatter)

    format_help_whole.keeps_help_whole = True  # type: ignore[attr-defined]
    return format_help_whole


def keep_help_whole() -> None:
    """Make typer's help cells fold, at the first help printed: typer's help module (rich's
    tables, Markdown and syntax highlighting) costs a fifth of a second to import, which a
    command that prints no help never pays."""
    for kind in (TyperCommand, TyperGroup):
        if not getattr(kind.format_help, "keeps_help_whole", False):
            kind.format_help = _folding_first(kind.format_help)  # type: ignore[method-assign]

"""``adjudicator new GAME``: a record to fill in, for a director or a player.

The core knows no game's tags or keys; each game writes its own skeleton
(:meth:`~adjudicator.core.capabilities.Skeleton.skeleton`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Literal

import typer

from adjudicator.cli.common import LangOption, fail, resolve_lang
from adjudicator.core.capabilities import Skeleton, need
from adjudicator.core.errors import InputError
from adjudicator.core.write.files import write_text


def new(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="cli.help.new.game")],
    form: Annotated[
        Literal["text", "json"],
        typer.Option("--format", help="cli.help.new.format"),
    ] = "text",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="cli.help.new.output")
    ] = None,
    lang: LangOption = None,
) -> None:
    """Print a record to fill in. Its help is ``cli.help.new`` in the catalogue."""
    language = resolve_lang(lang)
    try:
        text = need(ctx.obj.find(game, field="game"), Skeleton).skeleton(form, language)
        if output is not None:
            write_text(output, text, "--output", inputs=())
    except InputError as err:
        fail(err)
    if output is None:
        sys.stdout.write(text)

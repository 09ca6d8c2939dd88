"""``adjudicator convert``: a record between its JSON form and its text notation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from adjudicator.cli.common import LenientOption, check_output, console, fail
from adjudicator.cli.records import load
from adjudicator.core.errors import InputError
from adjudicator.core.read.conversion import Form, check_no_comments, convert_record
from adjudicator.core.write.files import write_text


def convert(
    ctx: typer.Context,
    source: Annotated[Path, typer.Argument(help="cli.help.convert.source")],
    to: Annotated[
        Literal["json", "text"] | None,
        typer.Option("--to", help="cli.help.convert.to"),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="cli.help.convert.output")
    ] = None,
    lenient: LenientOption = False,
) -> None:
    """Convert a record between its JSON form and its text notation, losing nothing. Its help is
    ``cli.help.convert`` in the catalogue."""
    check_output(output, "--output", [source])
    game, record, text = load(ctx.obj, source, lenient=lenient)
    source_form: Form = "json" if text.lstrip().startswith("{") else "text"
    target: Form = to or ("text" if source_form == "json" else "json")
    try:
        check_no_comments(text, source_form, target)
        converted = convert_record(game, record, source_form, target)
        if output is not None:
            write_text(output, converted, "--output", inputs=[source])
    except InputError as err:
        fail(err, str(source))
    if output is None:
        console.data(converted)

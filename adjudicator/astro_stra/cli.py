"""``adjudicator astro-stra …``: draw a position."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.astro_stra.board import start_position
from adjudicator.astro_stra.drawing import draw
from adjudicator.astro_stra.readings import GEOMETRIES, Geometry
from adjudicator.cli.common import LangOption, console, fail, resolve_lang
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said

app = typer.Typer(
    no_args_is_help=True,
    help="astro_stra.help",
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("draw", help="astro_stra.help.draw")
def draw_command(
    position: Annotated[
        str,
        typer.Argument(help="astro_stra.help.draw.position"),
    ] = "standard",
    geometry: Annotated[
        str, typer.Option("--geometry", help="astro_stra.help.draw.geometry")
    ] = "two-rows",
    lang: LangOption = None,
) -> None:
    """Draw a position. Its help is ``astro_stra.help.draw`` in the catalogue."""
    chosen_lang = resolve_lang(lang)
    try:
        chosen = _geometry(geometry)
        start = start_position() if position == "standard" else start_position(position)
        if start.clashes(chosen):
            raise InputError("malformed_position", said("astro_stra.draw.clash"), field="position")
    except InputError as err:
        fail(err)
    console.print(draw(start, chosen, chosen_lang), markup=False)


def _geometry(name: str) -> Geometry:
    """The board geometry ``--geometry`` names (rulebook: two rows, or one loop)."""
    for known in GEOMETRIES:
        if name == known:
            return known
    raise InputError(
        "bad_option",
        said("astro_stra.draw.not_a_geometry", name=name),
        field="--geometry",
        expected=said("astro_stra.draw.geometries"),
    )

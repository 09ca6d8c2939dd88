"""CLI plumbing shared by every game: the root application, the engine server, options for
language and output, and how input errors reach a person (a message, exit code 2, never a
traceback)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from adjudicator import __version__
from adjudicator.core.errors import InputError
from adjudicator.core.game import FEATURES
from adjudicator.core.i18n import Lang, default_lang
from adjudicator.core.protocol import PROTOCOL_VERSION, Server
from adjudicator.core.registry import Registry
from adjudicator.core.schemas import drift, write

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_PENDING = 0, 1, 2, 3

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        help="Language of messages: ja or en (default: from the locale, LANG/LC_ALL).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]


def resolve_lang(lang: Lang | None) -> Lang:
    return lang or default_lang()


def fail(err: InputError, source: str | None = None) -> NoReturn:
    """Report an input error to a person and exit with the usage/unreadable code."""
    where = f"{source}: " if source else ""
    err_console.print(f"[bold red]error[/]: {where}{err.describe()}", markup=True)
    raise typer.Exit(EXIT_USAGE)


def build_app(registry: Registry) -> typer.Typer:
    app = typer.Typer(
        name="adjudicator",
        help=(
            "Decide, strictly and reproducibly, what the official rules say about a game: "
            "rule on positions and actions, count perft, serve the engine protocol.\n\n"
            "Games: " + ", ".join(f"{g.slug} ({g.id})" for g in registry.games)
        ),
        no_args_is_help=True,
        rich_markup_mode="markdown",
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback(invoke_without_command=True)
    def _root(
        version: Annotated[
            bool, typer.Option("--version", help="Print the version and exit.")
        ] = False,
    ) -> None:
        if version:
            console.print(f"adjudicator {__version__}")
            raise typer.Exit()

    @app.command("engine")
    def engine() -> None:
        """Serve the engine protocol: JSON Lines on stdin, one JSON line per request on
        stdout (see docs/protocol.md). Logs go to stderr; a bad line gets an error object
        and the engine keeps serving.

        Example: echo '{"cmd":"hello","protocol":1}' | adjudicator engine
        """
        Server(registry).serve(sys.stdin.buffer, sys.stdout)

    @app.command("games")
    def games() -> None:
        """List the games, their rulebooks, protocol features and commands."""
        for g in registry.games:
            console.print(f"[bold]{g.id}[/]  {g.title_ja} / {g.title_en}")
            console.print(f"  sides: {', '.join(g.sides)}; reasons: {', '.join(g.reasons)}")
            console.print(f"  CLI: adjudicator {g.slug} --help")
            console.print(f"  features: {', '.join(sorted(g.features))}")
        console.print(f"\nengine protocol {PROTOCOL_VERSION}; feature vocabulary:")
        for name, meaning in FEATURES.items():
            console.print(f"  {name}: {meaning}")

    @app.command("schemas")
    def schemas(
        directory: Annotated[Path, typer.Argument(help="Where the schemas live.")] = Path(
            "schemas"
        ),
        check: Annotated[
            bool, typer.Option("--check", help="Only report drift; exit 1 if any.")
        ] = False,
    ) -> None:
        """Write the JSON Schemas generated from the models (or check them with --check)."""
        if check:
            problems = drift(registry, directory)
            for name in problems:
                err_console.print(f"drift: {directory / name}")
            raise typer.Exit(EXIT_INVALID if problems else EXIT_OK)
        for path in write(registry, directory):
            console.print(f"wrote {path}")

    for game in registry.games:
        app.add_typer(game.cli(), name=game.slug, help=f"{game.title_ja} — {game.title_en}")
    return app

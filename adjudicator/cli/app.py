"""The root application: the engine server, schemas, the shared record commands and every
installed game's own sub-commands."""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from typing import Annotated

import typer

from adjudicator import __version__
from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    LangOption,
    console,
    err_console,
    fail,
    forget_lang,
    resolve_lang,
)
from adjudicator.cli.help_lang import localized_group
from adjudicator.core.i18n import say
from adjudicator.core.registry import Registry

#: Each command by name: the module that defines it (a function of the same name), imported
#: only when the command is mounted. In this order help lists them.
COMMANDS: dict[str, str] = {
    "engine": "adjudicator.cli.app",
    "games": "adjudicator.cli.app",
    "schemas": "adjudicator.cli.app",
    "validate": "adjudicator.cli.validate",
    "convert": "adjudicator.cli.convert",
    "replay": "adjudicator.cli.replay",
    "adjudicate": "adjudicator.cli.adjudicate",
    "repair": "adjudicator.cli.repair",
    "new": "adjudicator.cli.new",
}
#: Groups of commands by name: the module whose ``register`` mounts the group.
GROUPS: dict[str, str] = {"conformance": "adjudicator.cli.conformance"}


def build_app(registry: Registry, first_word: str | None = None) -> typer.Typer:
    """The root application; every command finds the registry in its context (``ctx.obj``).

    Given the command line's first word, only what it can reach is mounted: each command
    imports its own models and rules, and start-up should pay for one, not all (typer
    builds every registered command when it starts). ``--version`` mounts nothing more,
    ``validate`` that command, ``conformance`` the suite, a game's name that game's
    commands; anything else (no word, help, a typo) mounts everything, so that help lists
    it all. Only then are the installed games scanned for: a shipped game's commands and
    the shared ones need none but the shipped."""
    known = {"--version", *COMMANDS, *GROUPS}
    named = None if first_word in known else registry.get_slug(first_word)
    everything = named is None and first_word not in known
    mounted = registry.games if everything else (named,) if named else ()
    listed = ", ".join(f"{g.slug} ({g.id})" for g in mounted)  # shown when all are mounted

    def japanese() -> dict[str, str]:
        from adjudicator.cli.help_ja import japanese_help

        return japanese_help(mounted, listed)

    app = typer.Typer(
        name="adjudicator",
        cls=localized_group(japanese),
        help=(
            "Decide, strictly and reproducibly, what the official rules say about a game: "
            "rule on positions and actions, count perft, serve the engine protocol.\n\n"
            "Games: " + listed
        ),
        no_args_is_help=True,
        rich_markup_mode="markdown",
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"], "obj": registry},
    )
    app.callback(invoke_without_command=True)(_root)
    for name, module in COMMANDS.items():
        if everything or first_word == name:
            app.command(name)(getattr(import_module(module), name))
    for name, module in GROUPS.items():
        if everything or first_word == name:
            import_module(module).register(app)
    for game in mounted:
        cli = import_module(game.cli_module)  # the game's commands: only when mounted
        app.add_typer(cli.app, name=game.slug, help=f"{game.title_ja} — {game.title_en}")
    return app


def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
    lang: LangOption = None,
) -> None:
    """``--lang`` before the command (``adjudicator --lang ja games``, ``adjudicator --help
    --lang ja``) is the language of what follows, unless the command is given its own; with
    no command, the help is printed in it."""
    forget_lang()
    if lang is not None:
        resolve_lang(lang)
    if version:
        console.line(f"adjudicator {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        console.line(ctx.get_help())
        raise typer.Exit()


def engine(ctx: typer.Context) -> None:
    """Serve the engine protocol: JSON Lines on stdin, one JSON line per request on
    stdout (see docs/protocol.md). Logs go to stderr; a bad line gets an error object
    and the engine keeps serving.

    Example: echo '{"cmd":"hello","protocol":1}' | adjudicator engine
    """
    from adjudicator.core.protocol.serve import Server

    Server(ctx.obj).serve(sys.stdin.buffer, sys.stdout)


def games(ctx: typer.Context, lang: LangOption = None) -> None:
    """List the games, their rulebooks, protocol features and commands."""
    from adjudicator.core.game import FEATURES, feature_meaning
    from adjudicator.core.protocol.serve import PROTOCOL_VERSION

    language = resolve_lang(lang)
    for g in ctx.obj.games:
        rules = g.rules
        sides = ", ".join(f"{rules.side_name(s, language)} ({s})" for s in g.sides)
        reasons = ", ".join(f"{rules.reason_name(r, language)} ({r})" for r in g.reasons)
        title = g.title_ja if language == "ja" else f"{g.title_ja} / {g.title_en}"
        console.print(f"[bold]{g.id}[/]  {title}")
        console.print(f"  {say('cli.games.sides', language)}: {sides}")
        console.print(f"  {say('cli.games.reasons', language)}: {reasons}")
        console.print(f"  {say('cli.games.commands', language)}: adjudicator {g.slug} --help")
        console.print(f"  {say('cli.games.features', language)}: {', '.join(sorted(g.features))}")
    console.print("\n" + say("cli.games.protocol", language, version=PROTOCOL_VERSION))
    for name in FEATURES:
        console.print(f"  {name}: {feature_meaning(name, language)}")


DirectoryArgument = Annotated[
    Path | None,
    typer.Argument(
        help="Where the schemas live (default: those shipped with the package; in a "
        "checkout, its schemas/ folder). Without it, the package's YAML data files' "
        "JSON copies and the shipped conformance suite's compiled case files are "
        "written (or checked) too.",
        show_default=False,
    ),
]
CheckOption = Annotated[bool, typer.Option("--check", help="Only report drift; exit 1 if any.")]


def schemas(
    ctx: typer.Context, directory: DirectoryArgument = None, check: CheckOption = False
) -> None:
    """Write the JSON Schemas generated from the models, the JSON copies of the
    package's YAML data (rules.json from rules.yaml), the shipped suite's compiled
    case files (conformance/compiled/) and, in a checkout, the engine reference of
    each game (docs/engines/), or check them with --check."""
    from adjudicator.core.conformance import compiled
    from adjudicator.core.errors import InputError
    from adjudicator.core.protocol import reference as engine_reference
    from adjudicator.core.read import yaml_data
    from adjudicator.core.schemas import drift, write
    from adjudicator.core.shipped import shipped, shown

    registry: Registry = ctx.obj
    own = directory is None
    directory = directory or shipped("schemas")
    suite = shipped("conformance")
    docs = engine_reference.docs_folder() if own else None  # a checkout's docs only
    try:
        if check:
            problems = [directory / name for name in drift(registry, directory)]
            if own:
                problems += [shown(p) for p in [*yaml_data.drift(), *compiled.drift(suite)]]
            if docs is not None:
                problems += [shown(p) for p in engine_reference.drift(registry, docs, suite)]
            for path in problems:
                err_console.print(f"drift: {path}")
            raise typer.Exit(EXIT_INVALID if problems else EXIT_OK)
        copies = [*yaml_data.write(), *compiled.write(suite)] if own else []
        if docs is not None:  # after the compiled suite: the pages list its cases
            copies += [shown(p) for p in engine_reference.write(registry, docs, suite)]
        written = [*write(registry, directory), *copies]
    except InputError as err:  # a case file the runner would refuse, a file unwritable
        fail(err)
    for path in written:
        console.print(f"wrote {shown(path)}")

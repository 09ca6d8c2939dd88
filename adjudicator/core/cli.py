"""The root application: the engine server, schemas, the shared record commands and every
installed game's own sub-commands."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator import __version__
from adjudicator.core.cli_common import (
    EXIT_INVALID,
    EXIT_OK,
    LangOption,
    console,
    err_console,
    fail,
    forget_lang,
    resolve_lang,
)
from adjudicator.core.help_lang import localized_group
from adjudicator.core.i18n import Lang
from adjudicator.core.registry import Registry

if TYPE_CHECKING:
    from typer.models import CommandInfo

    from adjudicator.core.game import Game

#: The shared record commands (:mod:`adjudicator.core.commands`).
RECORD_COMMANDS = frozenset({"validate", "convert", "replay", "adjudicate"})
#: Record repair (:mod:`adjudicator.core.repair_cli`).
REPAIR_COMMANDS = frozenset({"repair"})
#: The root's own commands, defined here.
ROOT_COMMANDS = frozenset({"--version", "engine", "games", "schemas"})
#: A record to fill in (:mod:`adjudicator.core.new_record`).
NEW_COMMAND = "new"


GAMES_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "sides": "sides",
        "reasons": "reasons",
        "cli": "commands",
        "features": "protocol features",
        "protocol": "engine protocol {version}; feature vocabulary (for engine authors):",
    },
    "ja": {
        "sides": "陣営",
        "reasons": "終局理由",
        "cli": "コマンド",
        "features": "プロトコルの機能",
        "protocol": "エンジンプロトコル {version}。機能の語彙(エンジン作者向け):",
    },
}


def build_app(registry: Registry, first_word: str | None = None) -> typer.Typer:
    """The root application.

    Given the command line's first word, only what it can reach is mounted: each group of
    commands imports its own models and rules, and start-up should pay for one group, not
    all. ``--version`` mounts nothing more, ``validate`` the record commands, ``conformance``
    the suite, a game's name that game's commands; anything else (no word, help, a typo)
    mounts everything, so that help lists it all. Only then are the installed games
    scanned for: a shipped game's commands and the shared ones need none but the shipped."""
    known = ROOT_COMMANDS | RECORD_COMMANDS | REPAIR_COMMANDS | {"conformance", NEW_COMMAND}
    named = None if first_word in known else registry.get_slug(first_word)
    everything = named is None and first_word not in known
    mounted = registry.games if everything else (named,) if named else ()
    listed = ", ".join(f"{g.slug} ({g.id})" for g in mounted)  # shown when all are mounted

    def japanese() -> dict[str, str]:
        from adjudicator.core.help_ja import japanese_help

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
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback(invoke_without_command=True)
    def _root(
        version: Annotated[
            bool, typer.Option("--version", help="Print the version and exit.")
        ] = False,
    ) -> None:
        forget_lang()
        if version:
            console.line(f"adjudicator {__version__}")
            raise typer.Exit()

    @app.command("engine")
    def engine() -> None:
        """Serve the engine protocol: JSON Lines on stdin, one JSON line per request on
        stdout (see docs/protocol.md). Logs go to stderr; a bad line gets an error object
        and the engine keeps serving.

        Example: echo '{"cmd":"hello","protocol":1}' | adjudicator engine
        """
        from adjudicator.core.protocol import Server

        Server(registry).serve(sys.stdin.buffer, sys.stdout)

    @app.command("games")
    def games(lang: LangOption = None) -> None:
        """List the games, their rulebooks, protocol features and commands."""
        from adjudicator.core.game import FEATURES, FEATURES_JA
        from adjudicator.core.protocol import PROTOCOL_VERSION

        language = resolve_lang(lang)
        words = GAMES_WORDS[language]
        for g in registry.games:
            rules = g.rules
            sides = ", ".join(f"{rules.side_name(s, language)} ({s})" for s in g.sides)
            reasons = ", ".join(f"{rules.reason_name(r, language)} ({r})" for r in g.reasons)
            title = g.title_ja if language == "ja" else f"{g.title_ja} / {g.title_en}"
            console.print(f"[bold]{g.id}[/]  {title}")
            console.print(f"  {words['sides']}: {sides}")
            console.print(f"  {words['reasons']}: {reasons}")
            console.print(f"  {words['cli']}: adjudicator {g.slug} --help")
            console.print(f"  {words['features']}: {', '.join(sorted(g.features))}")
        console.print("\n" + words["protocol"].format(version=PROTOCOL_VERSION))
        for name, meaning in (FEATURES_JA if language == "ja" else FEATURES).items():
            console.print(f"  {name}: {meaning}")

    @app.command("schemas")
    def schemas(
        directory: Annotated[
            Path | None,
            typer.Argument(
                help="Where the schemas live (default: those shipped with the package; in a "
                "checkout, its schemas/ folder). Without it, the package's YAML data files' "
                "JSON copies and the shipped conformance suite's compiled case files are "
                "written (or checked) too.",
                show_default=False,
            ),
        ] = None,
        check: Annotated[
            bool, typer.Option("--check", help="Only report drift; exit 1 if any.")
        ] = False,
    ) -> None:
        """Write the JSON Schemas generated from the models, the JSON copies of the
        package's YAML data (rules.json from rules.yaml), the shipped suite's compiled
        case files (conformance/compiled/) and, in a checkout, the engine reference of
        each game (docs/engines/), or check them with --check."""
        from adjudicator.core import engine_reference, yaml_data
        from adjudicator.core.conformance import compiled
        from adjudicator.core.errors import InputError
        from adjudicator.core.schemas import drift, write
        from adjudicator.core.shipped import shipped, shown

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

    if everything or first_word in RECORD_COMMANDS:
        from adjudicator.core.commands import register

        register(app, registry)
    if everything or first_word in REPAIR_COMMANDS:
        from adjudicator.core.repair_cli import register as register_repair

        register_repair(app, registry)
    if everything or first_word == NEW_COMMAND:
        from adjudicator.core.new_record import register as register_new

        register_new(app, registry)
    if everything or first_word == "conformance":
        from adjudicator.core.conformance.cli import register as register_conformance

        register_conformance(app, registry)
    for game in mounted:
        _mount(app, game)
    if first_word in ROOT_COMMANDS | RECORD_COMMANDS | REPAIR_COMMANDS | {NEW_COMMAND}:
        # typer builds every registered command when it starts; build the one asked for
        app.registered_commands = [
            info for info in app.registered_commands if _name(info) == first_word
        ]
    return app


def _name(info: CommandInfo) -> str:
    return info.name or info.callback.__name__.replace("_", "-")  # type: ignore[union-attr]


def _mount(app: typer.Typer, game: Game) -> None:
    app.add_typer(game.cli(), name=game.slug, help=f"{game.title_ja} — {game.title_en}")

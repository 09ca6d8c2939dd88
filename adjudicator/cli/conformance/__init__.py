"""``adjudicator conformance run|report|export|lock|coverage|playthroughs``.

Exit codes of ``run`` (documented in docs/conformance.md): 0 when every case that ran passed
(skips allowed) and at least one did; 1 when a case failed or errored, nothing passed, or the
run stopped early; 2 for a usage error (an option, an unknown case id, unreadable case
files); 5 when the engine did not start or its ``hello`` cannot start a run."""

from __future__ import annotations

from importlib import import_module

import typer

#: Each command of the group: its module and function, imported when the group is mounted,
#: and its help's id in the catalogue.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "run": ("run", "run", "cli.help.conformance.run"),
    "report": ("report", "report_command", "cli.help.conformance.report"),
    "lock": ("suite", "lock_command", "cli.help.conformance.lock"),
    "export": ("suite", "export", "cli.help.conformance.export"),
    "coverage": ("suite", "coverage_command", "cli.help.conformance.coverage"),
    "playthroughs": ("playthroughs", "playthroughs_command", "cli.help.conformance.playthroughs"),
}


def register(app: typer.Typer) -> None:
    """Mount ``conformance`` and its commands on the root application."""
    conformance = typer.Typer(
        no_args_is_help=True,
        help="cli.help.conformance",
    )
    app.add_typer(conformance, name="conformance")
    for name, (module, function, help_id) in COMMANDS.items():
        command = getattr(import_module(f"{__name__}.{module}"), function)
        conformance.command(name, help=help_id)(command)

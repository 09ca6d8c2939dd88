"""``adjudicator conformance run|report|export|lock|coverage|playthroughs``.

Exit codes of ``run`` (documented in docs/conformance.md): 0 when every case that ran passed
(skips allowed) and at least one did; 1 when a case failed or errored, nothing passed, or the
run stopped early; 2 for a usage error (an option, an unknown case id, unreadable case
files); 5 when the engine did not start or its ``hello`` cannot start a run."""

from __future__ import annotations

from importlib import import_module

import typer

#: Each command of the group: its module and function, imported when the group is mounted.
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("run", "run"),
    "report": ("report", "report_command"),
    "lock": ("suite", "lock_command"),
    "export": ("suite", "export"),
    "coverage": ("suite", "coverage_command"),
    "playthroughs": ("playthroughs", "playthroughs_command"),
}


def register(app: typer.Typer) -> None:
    """Mount ``conformance`` and its commands on the root application."""
    conformance = typer.Typer(
        no_args_is_help=True,
        help="Run the conformance suite against an engine, or show rule coverage.",
    )
    app.add_typer(conformance, name="conformance")
    for name, (module, function) in COMMANDS.items():
        command = getattr(import_module(f"{__name__}.{module}"), function)
        conformance.command(name)(command)

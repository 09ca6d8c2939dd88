"""Help and usage errors in Japanese: typer's own words, "使い方:" and click's usage errors
said again. The help texts themselves are said from the catalogue in the command line's
language (:mod:`adjudicator.cli.help_text`). This module is imported only when the language
is Japanese (:mod:`adjudicator.cli.help_lang`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from typing import Any

from adjudicator.cli.usage_ja import japanese_errors, speak_japanese_errors
from adjudicator.core.i18n import template


def speak_japanese(root: Any, tree: Sequence[Any]) -> None:
    """Put the command tree's own words into Japanese (``tree``: the root and every command
    under it): "Usage:" and typer's panel titles and markers in every context, and the
    usage errors (:func:`japanese_errors`)."""
    for command in tree:
        command.context_class = _japanese_context(command.context_class)
    speak_japanese_errors(tree)
    root.errors = japanese_errors


# --- typer's own words ---------------------------------------------------------------------

#: typer's words in help and errors (``typer.rich_utils``): those it marks for translation,
#: each with its id in the shell's catalogue.
TYPER_WORDS = {
    "DEPRECATED_STRING": "cli.typer.deprecated",
    "DEFAULT_STRING": "cli.typer.default",
    "ENVVAR_STRING": "cli.typer.envvar",
    "REQUIRED_LONG_STRING": "cli.typer.required",
    "ARGUMENTS_PANEL_TITLE": "cli.typer.arguments_panel",
    "OPTIONS_PANEL_TITLE": "cli.typer.options_panel",
    "COMMANDS_PANEL_TITLE": "cli.typer.commands_panel",
    "ERRORS_PANEL_TITLE": "cli.typer.errors_panel",
    "ABORTED_TEXT": "cli.typer.aborted",
    "RICH_HELP": "cli.typer.try_help",
}
_english_words: dict[str, str] = {}


def _typer_words() -> None:
    """typer's words in Japanese; its module is imported at the first help or error, and
    its words are read when they are printed."""
    from typer import rich_utils

    for name, key in TYPER_WORDS.items():
        _english_words.setdefault(name, getattr(rich_utils, name))
        setattr(rich_utils, name, template(key, "ja"))


def speak_english() -> None:
    """typer's words back in English, for a command in English after one in Japanese in
    the same process."""
    rich_utils = sys.modules.get("typer.rich_utils")
    for name, english in _english_words.items():
        setattr(rich_utils, name, english)


@cache
def _japanese_context(base: type) -> type:
    """A context of the command's kind that writes "使い方:" before the usage line and
    puts typer's words into Japanese before it prints help or a usage error."""

    class Formatter(base.formatter_class):  # type: ignore[name-defined,misc]  # click's class, known only at run time
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            head = template("cli.typer.usage", "ja") if prefix is None else prefix
            super().write_usage(prog, args, head)

    class JapaneseContext(base):  # type: ignore[misc]  # a subclass of the command's context class, chosen at run time
        formatter_class = Formatter

        def get_help(self) -> str:
            _typer_words()
            text: str = super().get_help()
            return text

        def get_usage(self) -> str:
            _typer_words()
            text: str = super().get_usage()
            return text

    return JapaneseContext

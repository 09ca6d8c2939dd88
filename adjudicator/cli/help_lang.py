"""The language of help and usage errors, chosen before the command line is parsed, and
help said from the catalogue when it is shown.

Help is printed while the command line is being read, before any ``--lang`` has been
parsed, so the root command looks for it itself: the last ``--lang ja|en`` (or
``--lang=ja``) before a ``--``, else the locale (:func:`~adjudicator.core.i18n.default_lang`).
Each command and option is defined with the id of its help (:mod:`adjudicator.cli.help_text`);
the words are said in that language the first time help is formatted, so that a command
that shows none reads no catalogue. In Japanese typer's own words and the usage errors are
put into Japanese too (:mod:`adjudicator.cli.help_ja`, imported only then)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import cache
from typing import Any, ClassVar

from typer.core import TyperGroup

from adjudicator.cli.help_layout import keep_help_whole, plain_usage
from adjudicator.core.i18n import LANGS, Lang, default_lang


def command_line_lang(args: Sequence[str]) -> Lang:
    """The language a command line asks for: its last ``--lang``, else the locale's."""
    chosen: str | None = None
    words = iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--lang":
            chosen = next(words, None)
        elif word.startswith("--lang="):
            chosen = word.removeprefix("--lang=")
    return chosen if chosen in LANGS else default_lang()


def subcommands(root: Any) -> Iterator[Any]:
    """Every command of the tree, the root first."""
    yield root
    for sub in getattr(root, "commands", {}).values():
        yield from subcommands(sub)


class LocalizedGroup(TyperGroup):
    """The root command: before reading the command line, it takes the command line's
    language for help, typer's own words and its usage errors, and has every command's
    context say the help texts in it when help is formatted."""

    #: The parameters of help texts, by id (the root's list of games).
    help_params: ClassVar[Mapping[str, Mapping[str, object]]] = {}
    #: The language help is shown in.
    help_lang: Lang = "en"
    #: Around reading the command line and running the command: says usage errors again.
    errors: Callable[[], AbstractContextManager[Any]] = nullcontext

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        keep_help_whole()
        plain_usage()
        self.help_lang = command_line_lang(args)
        for command in subcommands(self):
            if not getattr(command.context_class, "says_help", False):  # once per tree
                command.context_class = _helping_context(command.context_class)
        if self.help_lang == "ja":
            from adjudicator.cli.help_ja import speak_japanese

            speak_japanese(self, list(subcommands(self)))
        elif "adjudicator.cli.help_ja" in sys.modules:  # in one process, after Japanese
            sys.modules["adjudicator.cli.help_ja"].speak_english()
        return super().main(args, *rest, **kwargs)

    def say_help(self, context: Any = None) -> None:
        """The help texts a context's help shows (``None``: every one of the tree) said in
        the language of help."""
        from adjudicator.cli.help_text import help_texts, say_help, shown_texts

        texts = help_texts(self) if context is None else shown_texts(context)
        say_help(texts, self.help_lang, self.help_params)

    def _main_shell_completion(
        self, ctx_args: Any, prog_name: str, complete_var: str | None = None
    ) -> None:
        """Shell completion describes commands and options with their help: said first
        when the shell asks (click's variable, ``_ADJUDICATOR_COMPLETE``, is set)."""
        var = complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()
        if os.environ.get(var):
            self.say_help()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        with self.errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        with self.errors():
            return super().invoke(ctx)


@cache
def _helping_context(base: type) -> type:
    """A context of the command's kind that has the help texts said before it formats
    help."""

    class HelpingContext(base):  # type: ignore[misc]  # a subclass of the command's context class, chosen at run time
        says_help = True

        def get_help(self) -> str:
            root = self.find_root().command
            if isinstance(root, LocalizedGroup):
                root.say_help(self)
            text: str = super().get_help()
            return text

    return HelpingContext


def localized_group(help_params: Mapping[str, Mapping[str, object]]) -> type[LocalizedGroup]:
    """The root command's class, given the parameters of its help texts (by id)."""
    return type("LocalizedGroup", (LocalizedGroup,), {"help_params": help_params})

"""The language of help and usage errors, chosen before the command line is parsed.

Help is printed while the command line is being read, before any ``--lang`` has been
parsed, so the root command looks for it itself: the last ``--lang ja|en`` (or
``--lang=ja``) before a ``--``, else the locale (:func:`~adjudicator.core.i18n.default_lang`).
English is written where each command is defined; in Japanese the command tree is
translated from :mod:`adjudicator.cli.help_ja`, imported only then."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
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


class LocalizedGroup(TyperGroup):
    """The root command: before reading the command line, it puts the whole command tree,
    typer's own words and its usage errors into the command line's language."""

    #: The Japanese of the help texts (see :func:`adjudicator.cli.help_ja.translate`),
    #: built only when asked for.
    japanese: ClassVar[Callable[[], Mapping[str, str]]] = dict
    #: Around reading the command line and running the command: says usage errors again.
    errors: Callable[[], AbstractContextManager[Any]] = nullcontext

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        keep_help_whole()
        plain_usage()
        if command_line_lang(args) == "ja":
            from adjudicator.cli.help_ja import speak_japanese

            speak_japanese(self, type(self).japanese())
        elif "adjudicator.cli.help_ja" in sys.modules:  # in one process, after Japanese
            sys.modules["adjudicator.cli.help_ja"].speak_english()
        return super().main(args, *rest, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        with self.errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        with self.errors():
            return super().invoke(ctx)


def localized_group(japanese: Callable[[], Mapping[str, str]]) -> type[LocalizedGroup]:
    """The root command's class, given where its Japanese help comes from."""
    return type("LocalizedGroup", (LocalizedGroup,), {"japanese": staticmethod(japanese)})

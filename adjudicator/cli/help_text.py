"""Help from the catalogue: each command's and each option's help said by its id, in the
command line's language, when help is shown.

A command or option is defined with the id of its help in the catalogue (docs/design.md,
"Messages"): ``help="cli.help.validate.jobs"``. Its words are said only when help is
shown (:class:`adjudicator.cli.help_lang.LocalizedGroup`): a command that shows no help
reads no catalogue at start-up. The options typer and click add to every command (the
help option, shell completion's) are given their ids here, by name. This module is
imported only when help is shown."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from adjudicator.core.i18n import Lang, say

#: The options typer and click add to commands, each with its help's id.
OWN_OPTIONS = {
    "--help": "cli.help.option.help",
    "--install-completion": "cli.help.option.install_completion",
    "--show-completion": "cli.help.option.show_completion",
}


class HelpText:
    """One help text of the command tree: where it is (the command's path, and the
    parameter's name for a parameter's), the id of its words, and what shows them. (A
    plain class: a dataclass would compile its methods each time help is shown.)"""

    __slots__ = ("holder", "id", "param", "path")

    def __init__(self, path: str, param: str | None, help_id: str | None, holder: Any) -> None:
        self.path = path
        self.param = param
        self.id = help_id
        self.holder = holder

    @property
    def key(self) -> str:
        """Where it is, in one string: ``validate --jobs``, ``schemas directory``."""
        return f"{self.path} {self.param}".strip() if self.param else self.path


def param_name(param: Any) -> str:
    """A parameter as help names it: an argument's name, an option's long name."""
    if param.param_type_name == "argument":
        name: str = param.name
        return name
    opts: list[str] = param.opts
    return next((opt for opt in opts if opt.startswith("--")), opts[0])


def commands(root: Any) -> Iterator[tuple[str, Any]]:
    """Every command of the tree with its path, the root's being ``""``."""
    yield "", root
    for name, sub in getattr(root, "commands", {}).items():
        yield from ((f"{name} {path}".strip(), c) for path, c in commands(sub))


def help_texts(root: Any) -> Iterator[HelpText]:
    """Every command and parameter of the command tree with the id of its help (``None``
    for one defined without), the help option and hidden parameters included."""
    names = root.context_settings.get("help_option_names", ["--help"])
    for path, command in commands(root):
        yield from _own_texts(
            command, path, command.context_class(command, help_option_names=names)
        )


def shown_texts(context: Any) -> Iterator[HelpText]:
    """The help texts a context's help shows: its command's and its parameters', and the
    summary of each command under it."""
    yield from _own_texts(context.command, "", context)
    for name, sub in getattr(context.command, "commands", {}).items():
        yield HelpText(name, None, _help_id(sub, None), sub)


def _own_texts(command: Any, path: str, context: Any) -> Iterator[HelpText]:
    """A command's help text and its parameters', the help option's included."""
    yield HelpText(path, None, _help_id(command, None), command)
    help_option = command.get_help_option(context)
    for param in [*command.params, *([help_option] if help_option else [])]:
        name = param_name(param)
        yield HelpText(path, name, _help_id(param, name), param)


def _help_id(holder: Any, name: str | None) -> str | None:
    """The id of a command's or parameter's help: the one its words were said from
    before (in another language), typer's and click's own options' by name, else the id
    it was defined with."""
    said: str | None = getattr(holder, "help_id", None)
    if said is not None:
        return said
    if name in OWN_OPTIONS:
        return OWN_OPTIONS[name]
    defined = getattr(holder, "help", None)
    return defined if isinstance(defined, str) and is_help_id(defined) else None


def is_help_id(text: str) -> bool:
    """Whether ``text`` is the id of a help text in the catalogue: a namespace, ``help``,
    then the command path and the option (``cli.help.conformance.run.max_fail``), never
    words."""
    _, _, name = text.partition(".")
    return name.partition(".")[0] == "help" and text.replace("_", "").replace(".", "").isalnum()


def say_help(
    texts: Iterable[HelpText], lang: Lang, params: Mapping[str, Mapping[str, object]]
) -> None:
    """Help texts said in ``lang`` from their ids, with the parameters ``params`` gives for
    each (the root's list of games); each remembers its id, to be said again in the other
    language. In Japanese a command's summary in its group's table is its first paragraph,
    as typer makes the English one."""
    for text in texts:
        if text.id is None or getattr(text.holder, "said_in", None) == lang:
            continue
        words = say(text.id, lang, **params.get(text.id, {}))
        text.holder.help_id = text.id
        text.holder.help = words
        text.holder.said_in = lang
        if text.param is None:
            text.holder.short_help = words.split("\n\n")[0] if lang == "ja" else None

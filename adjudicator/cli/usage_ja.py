"""Usage errors in Japanese: each said from what the command line parser knows of it (the
exception's kind and fields: the option, the parameter, the value refused), by its id in the
shell's catalogue (``cli/messages.yaml``), never by reading the English it wrote. Imported
only when the language is Japanese (:func:`adjudicator.cli.help_ja.speak_japanese`)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, NoReturn

import typer

from adjudicator.core.i18n import say

#
# Each usage error is said in Japanese from what the parser knows of it (the exception's
# kind and fields: the option, the parameter, the value refused), by its id in the shell's
# catalogue (``cli/messages.yaml``): never by reading the English it wrote. Where the parser
# keeps nothing but words (an unknown command, a missing one, extra arguments, a value's
# type refusing it), the command or the type raises the error itself, Japanese from the
# start (:func:`_japanese_command`, :func:`_japanese_type`).


def _ja(key: str, **params: object) -> str:
    return say(key, "ja", **params)


def _hint(err: Any) -> str | None:
    """The parameter an error is about, as the parser names it (``'--jobs' / '-j'``)."""
    from typer._click.exceptions import _join_param_hints

    hint = err.param_hint
    if hint is None and err.param is not None:
        hint = err.param.get_error_hint(err.ctx)
    joined: str | None = _join_param_hints(hint)
    return joined


def _takes_value(command: Any, option: str) -> bool:
    """Whether the option ``option`` of ``command`` takes a value."""
    for param in command.params:
        if option in getattr(param, "opts", ()):
            return not getattr(param, "is_flag", False) and not getattr(param, "count", False)
    return True


def japanese_message(err: Any) -> str | None:
    """A usage error's message in Japanese, from its kind and fields; ``None`` for an error
    raised with words alone (in Japanese already, or a kind not listed: it stays as it
    is)."""
    from typer._click import exceptions as x

    if isinstance(err, x.MissingParameter):
        kind = err.param_type or (err.param.param_type_name if err.param else "parameter")
        key = {"argument": "cli.usage.missing_argument", "option": "cli.usage.missing_option"}
        return _ja(key.get(kind, "cli.usage.missing_parameter"), hint=_hint(err) or "")
    if isinstance(err, x.BadParameter):
        hint = _hint(err)
        if hint is None:
            return _ja("cli.usage.invalid_value", reason=err.message)
        return _ja("cli.usage.invalid_value_for", hint=hint, reason=err.message)
    if isinstance(err, x.NoSuchOption):
        if err.possibilities:
            options = ", ".join(sorted(err.possibilities))
            return _ja("cli.usage.no_such_option_possible", option=err.option_name, options=options)
        return _ja("cli.usage.no_such_option", option=err.option_name)
    return None


@contextmanager
def japanese_errors() -> Iterator[None]:
    """Usage errors raised inside say their message in Japanese (help asked for by giving
    no arguments passes through as it is)."""
    usage_error = typer.BadParameter.__base__  # the click typer runs on: its UsageError
    try:
        yield
    except usage_error as err:  # type: ignore[misc]  # click's UsageError, reached through typer
        japanese = japanese_message(err)
        if japanese is not None:
            err.format_message = lambda: japanese
        raise


def _fail(ctx: Any, key: str, **params: object) -> NoReturn:
    """Refuse the command line with the message ``key`` (what ``ctx.fail`` does)."""
    from typer._click.exceptions import UsageError

    raise UsageError(_ja(key, **params), ctx)


@cache
def _japanese_command(base: type) -> type:
    """A command of the kind ``base`` that raises in Japanese the usage errors its parser
    would raise with words alone: an unknown or missing command (a group), arguments
    left over (a command)."""
    from difflib import get_close_matches

    from typer._click.exceptions import BadOptionUsage
    from typer.core import TyperGroup as Group

    class JapaneseCommand(base):  # type: ignore[misc]  # a subclass of the command's class, chosen at run time
        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            if isinstance(self, Group):
                return self._parse(ctx, args)
            allowed = ctx.allow_extra_args
            ctx.allow_extra_args = True  # the parser keeps what is left, to be said here
            try:
                rest = self._parse(ctx, args)
            finally:
                ctx.allow_extra_args = allowed
            if ctx.args and not allowed and not ctx.resilient_parsing:
                _fail(ctx, "cli.usage.extra_arguments", args=" ".join(ctx.args))
            return rest

        def _parse(self, ctx: Any, args: list[str]) -> list[str]:
            """The parser's reading; an option given a value it takes not, or not given
            one it needs, said in Japanese from what the option is."""
            try:
                rest: list[str] = super().parse_args(ctx, args)
            except BadOptionUsage as err:
                option = err.option_name
                needs = _takes_value(self, option)
                key = "cli.usage.requires_value" if needs else "cli.usage.takes_no_value"
                err.message = _ja(key, option=option)
                raise
            return rest

        def invoke(self, ctx: Any) -> Any:
            group = isinstance(self, Group)
            if group and not ctx._protected_args and not self.invoke_without_command:
                _fail(ctx, "cli.usage.missing_command")
            return super().invoke(ctx)

        def resolve_command(self, ctx: Any, args: list[str]) -> Any:
            name = args[0]
            if self.get_command(ctx, name) is None and not name.startswith("-"):
                close = get_close_matches(name, list(self.commands))
                if close:
                    names = ", ".join(repr(n) for n in close)
                    _fail(ctx, "cli.usage.no_such_command_close", name=name, names=names)
                _fail(ctx, "cli.usage.no_such_command", name=name)
            return super().resolve_command(ctx, args)

    return JapaneseCommand


@cache
def _japanese_type(base: type) -> type:
    """A parameter type of the kind ``base`` that says in Japanese why it refuses a value
    (a number that is not one, out of its range, not one of the choices); a type of
    another kind refuses in its own words."""
    from typer._click import types
    from typer._types import TyperChoice

    class JapaneseType(base):  # type: ignore[misc]  # a subclass of the parameter's type, chosen at run time
        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return super().convert(value, param, ctx)
            except typer.BadParameter as err:
                reason = _refusal(self, value, ctx)
                if reason is None:
                    raise
                raise typer.BadParameter(reason, ctx, param) from err

    def _refusal(kind: Any, value: Any, ctx: Any) -> str | None:
        if isinstance(kind, TyperChoice):
            choices = ", ".join(map(repr, kind._normalized_mapping(ctx=ctx).values()))
            return _ja("cli.value.not_one_of", value=value, choices=choices)
        if isinstance(kind, types._NumberParamTypeBase):
            try:
                number = kind._number_class(value)
            except ValueError:
                integer = isinstance(kind, types.IntParamType)
                key = "cli.value.not_integer" if integer else "cli.value.not_number"
                return _ja(key, value=value)
            if isinstance(kind, types._NumberRangeBase):
                return _ja("cli.value.out_of_range", value=number, range=kind._describe_range())
        return None

    return JapaneseType


def speak_japanese_errors(tree: Iterable[Any]) -> None:
    """Every command of the tree, and every parameter's type, raising in Japanese."""
    for command in tree:
        command_class: type = type(command)
        command.__class__ = _japanese_command(command_class)
        for param in command.params:
            kind = copy.copy(param.type)
            type_class: type = type(param.type)
            kind.__class__ = _japanese_type(type_class)
            param.type = kind

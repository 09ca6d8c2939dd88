"""Violations: a stable code, the rule references it breaks, arguments for its message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from adjudicator.core.i18n import Lang, Said, fill, in_lang

if TYPE_CHECKING:
    from adjudicator.core.judge.references import RuleData, ViolationSpec

#: Message arguments that hold a side or an outcome reason: a message names them as a
#: person says them (赤, 帝国軍; 新たな2点挟撃), never by their codes.
SIDE_ARGS = frozenset({"side", "owner", "winner", "loser", "mover"})
REASON_ARGS = frozenset({"reason"})


@dataclass(frozen=True)
class Violation:
    """An action (or an event) that the rules forbid, with what the message needs.
    ``names`` (the game's rule data) turns side and reason codes into words."""

    spec: ViolationSpec
    args: dict[str, Any] = field(default_factory=dict)
    names: RuleData | None = field(default=None, compare=False, repr=False)
    #: How the game writes a structured argument (points, moves) in a message: never a
    #: Python repr such as ``((2, 13),)``.
    render: Callable[[Any], str] | None = field(default=None, compare=False, repr=False)
    #: References this event's own parts make deciding, cited before the code's: one code
    #: can refuse several skills (Astro-Stra's held die, rerolled by red, Necromass or
    #: Scar), and a ruling names the row of the one that was used.
    also: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        return self.spec.code

    @property
    def rules(self) -> list[str]:
        return [*self.also, *(r for r in self.spec.rules if r not in self.also)]

    def message(self, lang: Lang) -> str:
        template = self.spec.ja if lang == "ja" else self.spec.en
        args = spoken(self.args, self.names, lang)
        if self.render is not None:
            args = {
                k: self.render(v) if isinstance(v, (tuple, list)) else v for k, v in args.items()
            }
        return fill(template, args, lang)

    def cite(self, data: RuleData, lang: Lang) -> str:
        """The rule references as the rulebook names them, e.g. '第4条 軌道航行と捕獲'."""
        return data.cite(self.rules, lang)


def spoken(args: dict[str, Any], names: RuleData | None, lang: Lang) -> dict[str, Any]:
    """Message arguments with sides, reasons, phrases and the words of the notation that
    the rule data names (Astro-Stra's die colours) in words of ``lang``."""
    out = {k: in_lang(v, lang) if isinstance(v, Said) else v for k, v in args.items()}
    if names is None:
        return out
    for key, value in args.items():
        if isinstance(value, str):
            if key in SIDE_ARGS:
                out[key] = names.side_name(value, lang)
            elif key in REASON_ARGS:
                out[key] = names.reason_name(value, lang)
            else:
                out[key] = names.term(key, value, lang) or out[key]
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            out[key] = [names.term(key, v, lang) or v for v in value]
    return out


class Violations:
    """A game's violation catalogue: builds :class:`Violation` objects by code, so that an
    unknown code is a programming error found at once rather than a message lost later.

    ``rules`` reads the game's rule data, at the first violation built: a program that
    plays by the rules without reporting any (perft) never pays for reading them."""

    def __init__(
        self, rules: Callable[[], RuleData], render: Callable[[Any], str] | None = None
    ) -> None:
        self._rules = rules
        self._render = render

    @cached_property
    def _specs(self) -> dict[str, ViolationSpec]:
        return {spec.code: spec for spec in self._rules().violations}

    def __call__(self, code: str, also: tuple[str, ...] = (), **args: Any) -> Violation:
        """The violation ``code`` with its message's ``args``; ``also``: references of the
        event's own parts that decide it besides the code's (each one the game knows)."""
        rules = self._rules()
        if unknown := [r for r in also if r not in {ref.id for ref in rules.references}]:
            raise KeyError(f"{code} cites unknown references {unknown}")
        return Violation(self._specs[code], args, rules, self._render, also)

    def codes(self) -> list[str]:
        return sorted(self._specs)

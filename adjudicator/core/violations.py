"""Violations: a stable code, the rule references it breaks, arguments for its message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.i18n import Lang
from adjudicator.core.references import RuleData, ViolationSpec


@dataclass(frozen=True)
class Violation:
    """An action (or an event) that the rules forbid, with what the message needs."""

    spec: ViolationSpec
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return self.spec.code

    @property
    def rules(self) -> list[str]:
        return self.spec.rules

    def message(self, lang: Lang) -> str:
        template = self.spec.ja if lang == "ja" else self.spec.en
        return template.format(**self.args)

    def cite(self, data: RuleData, lang: Lang) -> str:
        """The rule references as the rulebook names them, e.g. '第4条 軌道航行と捕獲'."""
        return data.cite(self.rules, lang)


class Violations:
    """A game's violation catalogue: builds :class:`Violation` objects by code, so that an
    unknown code is a programming error found at once rather than a message lost later."""

    def __init__(self, data: RuleData) -> None:
        self._specs = {spec.code: spec for spec in data.violations}

    def __call__(self, code: str, **args: Any) -> Violation:
        return Violation(self._specs[code], args)

    def codes(self) -> list[str]:
        return sorted(self._specs)

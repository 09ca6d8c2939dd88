"""How a Dark Nebula replay refuses an event: a violation raised from deep in a step's rules
and caught where the event is played, and the board's names the violations speak in (a
sector's label, a counter's name)."""

from __future__ import annotations

from typing import Any

from adjudicator.core.judge.violations import Violation
from adjudicator.dark_nebula.board import BoardDefinition
from adjudicator.dark_nebula.references import VIOLATIONS
from adjudicator.dark_nebula.state import Problem


class Rejected(Exception):
    """An event refused: raised by a rule, caught where the event is played."""

    def __init__(self, violation: Violation) -> None:
        self.violation = violation


class Refusals:
    """The replay's refusals and the names they use, shared by its steps' rules
    (:mod:`.steps`) and the hidden base's checks (:mod:`.hidden_base`)."""

    board: BoardDefinition

    def _reject(self, problem: Problem | None) -> None:
        if problem is not None:
            raise Rejected(self._v(*problem))

    def _v(self, code: str, args: dict[str, Any] | None = None, **more: Any) -> Violation:
        return VIOLATIONS(code, **(args or {}), **more)

    def _known_all(self, sectors: list[str]) -> None:
        """Every sector an event names is the board's: refused before any rule is asked."""
        known = self.board.by_id
        for sector in sectors:
            if sector not in known:
                self._known(sector)  # raises unknown_sector

    def _known(self, sector: str, field: str = "event") -> str:
        if sector not in self.board.by_id:
            self.board.sector_id(sector, field=field)  # raises unknown_sector
        return sector

    def _label(self, sector: str) -> str:
        return self.board.label(sector) if sector in self.board.by_id else sector

    def _name(self, kind: str) -> str:
        """A counter kind as a message names it in either language (:attr:`CounterKind.named`);
        a kind the board does not have, as written."""
        spec = self.board.kinds.get(kind)
        return spec.named if spec else kind

    def _named(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            k: self._name(v) if k == "counter" and isinstance(v, str) else v
            for k, v in args.items()
        }

    def _movement_args(self, problem: Problem, kind: str) -> Problem:
        code, args = problem
        return code, {
            **args,
            "counter": self._name(kind),
            "src": self._label(str(args["src"])),
            "dst": self._label(str(args["dst"])),
            **({"nebula": self._label(str(args["nebula"]))} if "nebula" in args else {}),
        }

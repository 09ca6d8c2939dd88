"""星環戦略 ORBIT DOMINION, official rules 4.2.

``GAME`` is the entry point the core discovers; :class:`GameState`, :class:`Position` and
:class:`Action` are the library API (see docs/orbit-dominion.md). The rules load on first
use of the library API, not when the core lists the installed games.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from adjudicator.orbit_dominion.plugin import OrbitDominion

if TYPE_CHECKING:
    from adjudicator.orbit_dominion.actions import Action
    from adjudicator.orbit_dominion.position import STANDARD, Position
    from adjudicator.orbit_dominion.state import GameState

GAME = OrbitDominion()

#: The library API, by the module that holds each name.
_API = {
    "Action": "actions",
    "STANDARD": "position",
    "Position": "position",
    "GameState": "state",
}

__all__ = ["GAME", "STANDARD", "Action", "GameState", "OrbitDominion", "Position"]


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(import_module(f"{__name__}.{_API[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

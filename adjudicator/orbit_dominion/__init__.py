"""星環戦略 ORBIT DOMINION, official rules 4.2.

``GAME`` is the entry point the core discovers; :class:`GameState`, :class:`Position` and
:class:`Action` are the library API (see docs/orbit-dominion.md)."""

from adjudicator.orbit_dominion.actions import Action
from adjudicator.orbit_dominion.plugin import OrbitDominion
from adjudicator.orbit_dominion.position import STANDARD, Position
from adjudicator.orbit_dominion.state import GameState

GAME = OrbitDominion()

__all__ = ["GAME", "STANDARD", "Action", "GameState", "OrbitDominion", "Position"]

"""Orbit Dominion as a game of the core: its ids, features, commands and schema models."""

from __future__ import annotations

from typing import Any

import typer
from pydantic import BaseModel

from adjudicator.core.game import Game
from adjudicator.core.references import RuleData
from adjudicator.orbit_dominion import protocol
from adjudicator.orbit_dominion.references import RULES


class OrbitDominion(Game):
    id = protocol.GAME_ID
    slug = "orbit-dominion"
    title_ja = "星環戦略 ORBIT DOMINION 4.2"
    title_en = "Orbit Dominion, official rules 4.2"
    sides = ("red", "blue")
    reasons = (
        "flagship_capture",
        "pincer",
        "annihilation",
        "gate_control",
        "move_limit",
        "no_legal_moves",
        "resignation",
        "forfeit",
    )
    features = frozenset({"perft", "violation_codes", "lenient_notation", "malformed_input"})
    commands = frozenset({"evaluate", "perft"})

    @property
    def rules(self) -> RuleData:
        return RULES

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        if cmd == "evaluate":
            return protocol.evaluate(request)
        return protocol.perft_command(request)

    def cli(self) -> typer.Typer:
        from adjudicator.orbit_dominion.cli import app

        return app

    def schema_models(self) -> dict[str, type[BaseModel]]:
        return {
            "orbit-dominion.evaluate.request": protocol.EvaluateRequest,
            "orbit-dominion.evaluate.response": protocol.EvaluateResponse,
            "orbit-dominion.perft.request": protocol.PerftRequest,
            "orbit-dominion.perft.response": protocol.PerftResponse,
        }

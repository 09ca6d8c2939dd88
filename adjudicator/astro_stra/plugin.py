"""Astro-Stra as a game of the core: ids, features, commands, records and replays."""

from __future__ import annotations

import json
from typing import Any, get_args

import typer
from pydantic import BaseModel

from adjudicator.astro_stra import protocol, record_text
from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.record import FORMAT, GAME_ID, Reason, Record
from adjudicator.astro_stra.references import RULES
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.core.game import Game
from adjudicator.core.records import GameRecord, Replay, load_model
from adjudicator.core.references import RuleData


class AstroStra(Game):
    id = GAME_ID
    slug = "astro-stra"
    title_ja = "戦星術枢斗羅 Astro-Stra 0.9.0"
    title_en = "Astro-Stra 0.9.0 (beta rules)"
    sides = ("black", "white")
    reasons = get_args(Reason)
    features = frozenset({"violation_codes", "malformed_input", "lenient_notation"})
    commands = frozenset({"evaluate"})
    record_formats = (FORMAT,)
    rulesets = (GAME_ID,)

    @property
    def rules(self) -> RuleData:
        return RULES

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        return protocol.evaluate(request)

    def cli(self) -> typer.Typer:
        from adjudicator.astro_stra.cli import app

        return app

    def schema_models(self) -> dict[str, type[BaseModel]]:
        return {
            "astro-stra.record": Record,
            "astro-stra.evaluate.request": protocol.EvaluateRequest,
            "astro-stra.evaluate.response": protocol.EvaluateResponse,
        }

    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        record, notes = load_model(Record, data, lenient=lenient)
        return record.to_game_record(notes)

    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        record, notes = record_text.parse(text, lenient=lenient)
        return record.to_game_record(notes)

    def write_record(self, record: GameRecord, to: str) -> str:
        model: Record = record.model
        if to == "text":
            return record_text.format_record(model)
        return json.dumps(model.dump(), ensure_ascii=False, indent=2) + "\n"

    def replay(self, record: GameRecord) -> Replay:
        model: Record = record.model
        layout = None
        if model.layout is not None:
            layout = Position.from_text(
                model.layout, geometry=model.interpretations.geometry, field="layout"
            )
        return AstroStraReplay(model.interpretations, model.sets, layout)

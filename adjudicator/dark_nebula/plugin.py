"""Dark Nebula as a game of the core: ids, features, commands, records and replays."""

from __future__ import annotations

import json
from typing import Any, get_args

import typer
from pydantic import BaseModel

from adjudicator.core.game import Game
from adjudicator.core.records import GameRecord, Replay, load_model
from adjudicator.core.references import RuleData
from adjudicator.dark_nebula import protocol, record_text
from adjudicator.dark_nebula.board import BoardDefinition, resolve_board
from adjudicator.dark_nebula.notation import lines
from adjudicator.dark_nebula.record import FORMAT, GAME_ID, BoardRef, Reason, Record
from adjudicator.dark_nebula.references import RULES
from adjudicator.dark_nebula.replay import DarkNebulaReplay


def board_for(ref: BoardRef) -> BoardDefinition:
    """The definition a record names, its digest checked."""
    return resolve_board(ref.id, ref.sha256)


class DarkNebula(Game):
    id = GAME_ID
    slug = "dark-nebula"
    title_ja = "暗黒星雲 ー帝国軍vs反乱軍ー"
    title_en = "Dark Nebula: Empire vs Rebels (2011)"
    sides = ("empire", "rebel")
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
        from adjudicator.dark_nebula.cli import app

        return app

    def schema_models(self) -> dict[str, type[BaseModel]]:
        return {
            "dark-nebula.record": Record,
            "dark-nebula.board": BoardDefinition,
            "dark-nebula.evaluate.request": protocol.EvaluateRequest,
            "dark-nebula.evaluate.response": protocol.EvaluateResponse,
        }

    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        record, notes = load_model(Record, data, lenient=lenient)
        board_for(record.board)
        return record.to_game_record(notes, lines(record.events))

    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        record, notes = record_text.parse(text, lenient=lenient)
        board_for(record.board)
        return record.to_game_record(notes, lines(record.events))

    def write_record(self, record: GameRecord, to: str) -> str:
        model: Record = record.model
        if to == "text":
            return record_text.format_record(model)
        return json.dumps(model.dump(), ensure_ascii=False, indent=2) + "\n"

    def replay(self, record: GameRecord) -> Replay:
        model: Record = record.model
        return DarkNebulaReplay(model, board_for(model.board))

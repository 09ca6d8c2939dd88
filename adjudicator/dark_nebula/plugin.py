"""Dark Nebula as a game of the core: ids, features, commands, records and replays.

Only the game's names are loaded with it; the rules, the boards, the models and the CLI are
imported when a method first needs them, so that listing the installed games costs no
start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from adjudicator.core.capabilities import (
    Capability,
    LegalList,
    Playthroughs,
    Repairable,
    Skeleton,
)
from adjudicator.core.game import Game
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID, Reason

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.core.conformance.making import PlaythroughMaker
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.legal import LegalNext
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.judge.replay import Replay
    from adjudicator.core.read.records import GameRecord
    from adjudicator.dark_nebula.record import Record


class DarkNebula(Game, LegalList, Repairable, Skeleton, Playthroughs):
    id = GAME_ID
    slug = "dark-nebula"
    title_ja = "暗黒星雲 ー帝国軍vs反乱軍ー"
    title_en = "Dark Nebula: Empire vs Rebels (2011)"
    sides = ("empire", "rebel")
    reasons = get_args(Reason)
    capabilities = frozenset(
        {
            Capability.LEGAL_LIST,
            Capability.REPAIR,
            Capability.SKELETON,
            Capability.PICTURES,
            Capability.PLAYTHROUGHS,
        }
    )
    engine_features = frozenset(
        {"violation_codes", "malformed_input", "lenient_notation", "legal_events"}
    )
    cli_module = "adjudicator.dark_nebula.cli"
    record_formats = (FORMAT,)
    rulesets = (GAME_ID,)

    @property
    def rules(self) -> RuleData:
        from adjudicator.dark_nebula.references import RULES

        return RULES

    def evaluate(self, request: dict[str, Any]) -> dict[str, Any]:
        from adjudicator.dark_nebula import protocol

        return protocol.evaluate(request)

    def playthroughs(self) -> PlaythroughMaker:
        from adjudicator.dark_nebula.playthroughs import DarkNebulaPlaythroughs

        return DarkNebulaPlaythroughs()

    def schema_models(self) -> dict[str, type[BaseModel]]:
        from adjudicator.dark_nebula import protocol
        from adjudicator.dark_nebula.board import BoardDefinition
        from adjudicator.dark_nebula.record import Record

        return {
            "dark-nebula.record": Record,
            "dark-nebula.board": BoardDefinition,
            "dark-nebula.evaluate.request": protocol.EvaluateRequest,
            "dark-nebula.evaluate.response": protocol.EvaluateResponse,
        }

    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        from adjudicator.dark_nebula.reading import read_json

        return read_json(data, lenient=lenient)

    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        from adjudicator.dark_nebula.reading import read_text

        return read_text(text, lenient=lenient)

    def skeleton(self, form: str, lang: Lang) -> str:
        from adjudicator.dark_nebula.skeleton import skeleton

        return skeleton(form, lang, self.rules)

    def write_record(self, record: GameRecord, to: str) -> str:
        from adjudicator.dark_nebula import record_text

        model = record.model
        if to == "text":
            return record_text.format_record(model)
        from adjudicator.core.read.strict_json import dumps

        return dumps(model.dump(), indent=2) + "\n"

    def canonical_data(self, record: GameRecord) -> dict[str, Any]:
        """Turns filled in from the events' places, sides without dice or removals left
        out (:meth:`~adjudicator.dark_nebula.record.Record.as_ruled`)."""
        data: dict[str, Any] = record.model.as_ruled()
        return data

    def chance(self, line: str) -> bool:
        """A battle fought (9.0: its dice written) and a search with its roll (10.7)."""
        step, _, rest = line.partition(": ")
        return (step.endswith(" combat") and rest != "-") or "; roll " in rest

    def renumbered(self, line: str, index: int) -> str:
        """A step's line begins with its stamp, the turn and the step (5.0): a line moved
        to the same step of another turn is written with that turn's number (a step on
        the wrong line of the sheet). One moved to another step keeps its stamp, which
        says what it is: the judge then refuses it where it does not belong."""
        from adjudicator.dark_nebula.notation import restamped

        return restamped(line, index)

    def rows_apart(self, at: int, other: int) -> int:
        """The sheet is a table of turns by steps (5.0): the same step of the next turn
        stands on the next row, as near as the next step."""
        from adjudicator.dark_nebula.notation import TURN_STEPS

        plies = other - at
        steps = len(TURN_STEPS)
        return plies // steps if plies % steps == 0 else plies

    def with_events(self, record: GameRecord, events: list[tuple[str, int | None]]) -> GameRecord:
        from adjudicator.dark_nebula.notation import RecordEvents, parse_line

        model: Record = record.model  # this game's record holds its own model
        read = [
            model.events[origin]
            if origin is not None and line == record.events[origin].written
            else parse_line(line)
            for line, origin in events
        ]
        changed = model.model_copy(update={"events": read})
        return changed.to_game_record([], RecordEvents(read))

    def legal_next(self, replay: Replay, lang: Lang, roll: str | None) -> LegalNext:
        from adjudicator.dark_nebula.legal_next import legal_next
        from adjudicator.dark_nebula.replay import DarkNebulaReplay

        assert isinstance(replay, DarkNebulaReplay), "this game's replay"
        return legal_next(replay, lang, roll)

    def roll_written(self, event: str) -> str | None:
        from adjudicator.dark_nebula.legal_next import roll_written

        return roll_written(event)

    def replay(self, record: GameRecord) -> Replay:
        from adjudicator.dark_nebula.replay import DarkNebulaReplay

        model = record.model
        return DarkNebulaReplay(model, model.board_definition())

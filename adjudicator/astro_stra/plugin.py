"""Astro-Stra as a game of the core: ids, features, commands, records and replays.

Only the game's names are loaded with it; the rules, the models and the CLI are imported
when a method first needs them, so that listing the installed games costs no start-up."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, get_args

from adjudicator.astro_stra.identity import FORMAT, GAME_ID, Reason
from adjudicator.core.capabilities import Capability, LegalList, Playthroughs, Repairable, Skeleton
from adjudicator.core.game import Game
from adjudicator.core.judge.legal import LegalNext

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.astro_stra.record import Record
    from adjudicator.core.conformance.making import PlaythroughMaker
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.judge.replay import Replay
    from adjudicator.core.read.records import GameRecord


#: A turn's dice as its line writes them: ``dice black-red=3 green=5 cyan=2 |``.
_DICE = re.compile(r"\bdice ([a-z-]+=[0-9]+(?: [a-z-]+=[0-9]+)*) \|")
#: A turn number as a line writes it.
_NUMBER = re.compile("[0-9]+")


class AstroStra(Game, LegalList, Repairable, Skeleton, Playthroughs):
    id = GAME_ID
    slug = "astro-stra"
    title_ja = "戦星術枢斗羅 Astro-Stra 0.9.0"
    title_en = "Astro-Stra 0.9.0 (beta rules)"
    sides = ("black", "white")
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
        {"violation_codes", "malformed_input", "lenient_notation", "legal_turns"}
    )
    cli_module = "adjudicator.astro_stra.cli"
    record_formats = (FORMAT,)
    rulesets = (GAME_ID,)
    #: black's and white's turns alternate
    stride = 2

    @property
    def rules(self) -> RuleData:
        from adjudicator.astro_stra.references import RULES

        return RULES

    def evaluate(self, request: dict[str, Any]) -> dict[str, Any]:
        from adjudicator.astro_stra import protocol

        return protocol.evaluate(request)

    def playthroughs(self) -> PlaythroughMaker:
        from adjudicator.astro_stra.playthroughs import AstroStraPlaythroughs

        return AstroStraPlaythroughs()

    def schema_models(self) -> dict[str, type[BaseModel]]:
        from adjudicator.astro_stra import protocol
        from adjudicator.astro_stra.record import Record

        return {
            "astro-stra.record": Record,
            "astro-stra.evaluate.request": protocol.EvaluateRequest,
            "astro-stra.evaluate.response": protocol.EvaluateResponse,
        }

    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        from adjudicator.astro_stra.record import Record
        from adjudicator.core.read.records import load_model

        record, notes = load_model(Record, data, lenient=lenient)
        return record.to_game_record(notes)

    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        from adjudicator.astro_stra import record_text

        record, notes = record_text.parse(text, lenient=lenient)
        return record.to_game_record(notes)

    def skeleton(self, form: str, lang: Lang) -> str:
        from adjudicator.astro_stra.skeleton import skeleton

        return skeleton(form, lang, self.rules)

    def write_record(self, record: GameRecord, to: str) -> str:
        from adjudicator.astro_stra import record_text
        from adjudicator.core.errors import InputError
        from adjudicator.core.i18n import said

        model = record.model
        if to == "text":
            return record_text.format_record(model)
        unheld = model.unheld_turn()
        if unheld is not None:
            line, why = unheld
            raise InputError(
                "unrepresentable_turn",
                said("astro_stra.unheld.turn", line=line, why=why),
                expected=said("astro_stra.unheld.expected"),
            )
        from adjudicator.core.read.strict_json import dumps

        return dumps(model.dump(), indent=2) + "\n"

    def canonical_data(self, record: GameRecord) -> dict[str, Any]:
        """Each turn as the replay takes it
        (:meth:`~adjudicator.astro_stra.record.Record.as_ruled`)."""
        data: dict[str, Any] = record.model.as_ruled()
        return data

    def with_events(self, record: GameRecord, events: list[tuple[str, int | None]]) -> GameRecord:
        """The opening and the draft are the record's first two events, each turn one
        after them (:meth:`Record.lines`), numbered in order: a text record's turns as it
        wrote them (a gap in its numbers, where a turn was left out) are read afresh."""
        from adjudicator.astro_stra.notation import parse_opening, parse_turn
        from adjudicator.astro_stra.record import Turn

        model: Record = record.model  # this game's record holds its own model
        written = model.written_turns()
        (opening, o), (draft, d), *turns = events

        def turn(line: str, origin: int | None) -> Turn:
            entry = written[origin - 2] if origin is not None and origin >= 2 else line
            return Turn.of((parse_turn(line) if isinstance(entry, str) else entry)[1])

        update: dict[str, Any] = {
            "opening": model.opening if o == 0 else parse_opening(opening),
            "draft": model.draft if d == 1 else draft.split()[1:],
            "turns": [turn(line, origin) for line, origin in turns],
        }
        corrected = model.model_copy(update=update)
        corrected._written = None  # numbered in order now: the turns are what it holds
        return corrected.to_game_record([])

    def read_sheet(self, text: str) -> GameRecord:
        """The record as its notation reads it (a turn's number out of sequence is judged at
        its turn, not refused), with the turns whose number skips one kept as the places a
        turn was left out (:attr:`GameRecord.gaps`)."""
        from dataclasses import replace

        record = self.read_text_record(text, lenient=False)
        model: Record = record.model  # this game's record holds its own model
        gaps = []
        last = 0
        for index, entry in enumerate(model.written_turns()):
            if isinstance(entry, str):
                continue
            if entry[0] > last + 1:
                gaps.append(index + 2)  # the opening and the draft come first
            last = entry[0]
        return replace(record, gaps=tuple(gaps))

    def chance(self, line: str) -> bool:
        """The opening roll and every turn (step 1 rolls its three dice)."""
        return line.startswith("opening ") or ": dice " in line

    def renumbered(self, line: str, index: int) -> str:
        """A turn's line begins with its number, the turns counted after the opening and
        the draft (``12. white: …``)."""
        number, dot, rest = line.partition(". ")
        if index < 2 or not dot or not _NUMBER.fullmatch(number):
            return line
        return f"{index - 1}. {rest}"

    def roll_written(self, event: str) -> str | None:
        dice = _DICE.search(event)
        return dice[1] if dice else None

    def legal_next(self, replay: Replay, lang: Lang, roll: str | None) -> LegalNext:
        from adjudicator.astro_stra.legal_next import legal_next
        from adjudicator.astro_stra.replay import AstroStraReplay

        assert isinstance(replay, AstroStraReplay), "this game's replay"
        return legal_next(replay, lang, roll)

    def replay(self, record: GameRecord) -> Replay:
        from adjudicator.astro_stra.board import Position
        from adjudicator.astro_stra.replay import AstroStraReplay

        model = record.model
        layout = None
        if model.layout is not None:
            # a layout that cannot start a game is the set-up's violation, not unreadable
            layout = Position.from_text(model.layout, field="layout")
        return AstroStraReplay(model.interpretations, model.sets, layout)

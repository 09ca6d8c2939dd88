"""A Dark Nebula record as the core reads it: validated (JSON) or parsed (text), the board
it names resolved and checked, its events as the core sees them, made when first asked for.

The game's plug-in imports this module at each record, rather than the models, the notation
and the core's reader one by one: each import statement run costs some microseconds.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.records import GameRecord, load_model
from adjudicator.core.verdict import Note
from adjudicator.dark_nebula.notation import RecordEvents
from adjudicator.dark_nebula.record import Record


def read_json(data: dict[str, Any], *, lenient: bool) -> GameRecord:
    """A JSON record (already parsed); raise ``InputError``."""
    record, notes = load_model(Record, data, lenient=lenient)
    return _game_record(record, notes)


def read_text(text: str, *, lenient: bool) -> GameRecord:
    """A text record; raise ``InputError``."""
    from adjudicator.dark_nebula import record_text

    record, notes = record_text.parse(text, lenient=lenient)
    return _game_record(record, notes)


def _game_record(record: Record, notes: list[Note]) -> GameRecord:
    record.board_definition()  # an unknown board, or another digest: refused now
    return record.to_game_record(notes, RecordEvents(record.events))

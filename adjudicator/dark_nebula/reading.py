"""A Dark Nebula record as the core reads it: validated (JSON) or parsed (text), the board
it names resolved and checked, its events as the core sees them, made when first asked for.

The game's plug-in imports this module at each record, rather than the models, the notation
and the core's reader one by one: each import statement run costs some microseconds.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.loading import pairs_read, read_json_model
from adjudicator.core.records import GameRecord, load_model
from adjudicator.core.verdict import Note
from adjudicator.dark_nebula.notation import RecordEvents
from adjudicator.dark_nebula.record import Combat, Movement, Production, Record, Search, Setup


def read_json(data: dict[str, Any], *, lenient: bool) -> GameRecord:
    """A JSON record (already parsed); raise ``InputError``."""
    record, notes = load_model(Record, data, lenient=lenient)
    return _game_record(record, notes)


def read_json_text(text: str) -> GameRecord | None:
    """A JSON record read from its text in one pass, when that is sure to give what
    :func:`read_json` of the decoded text gives, strictly or leniently (no warning, then);
    ``None`` otherwise. Raise ``InputError`` as :func:`read_json` would."""
    record = read_json_model(Record, text, _pairs)
    return None if record is None else _game_record(record, [])


def _pairs(record: Record) -> int:
    """The key/value pairs ``record`` kept of its JSON text (one a field set from it, one a
    key of its dicts), counted along the record's shape: a walk over every value cost as
    much as the one pass saves. A field left out here only makes the count short, and the
    record is then read the usual way. -1: its extensions hold a float or nest too deep."""
    ext = pairs_read(record.ext, 1) if record.ext else 0
    if ext < 0:
        return -1
    pairs = ext + len(record.__pydantic_fields_set__) + len(record.board.__pydantic_fields_set__)
    for part in (record.interpretations, record.meta, record.result, record.secret):
        if part is not None:
            pairs += len(part.__pydantic_fields_set__)
    for event in record.events:
        pairs += len(event.__pydantic_fields_set__)
        kind = type(event)
        if kind is Setup:
            pairs += _each(event.rebel)  # type: ignore[union-attr]
        elif kind is Production:
            extra = event.extra  # type: ignore[union-attr]
            pairs += _each(event.builds)  # type: ignore[union-attr]
            pairs += 0 if extra is None else len(extra.__pydantic_fields_set__)
        elif kind is Movement:
            pairs += _each(event.moves) + _each(event.appearances)  # type: ignore[union-attr]
        elif kind is Combat:
            for battle in event.battles:  # type: ignore[union-attr]
                pairs += len(battle.__pydantic_fields_set__)
                for volley in battle.volleys:
                    dice = volley.dice
                    pairs += len(volley.__pydantic_fields_set__) + len(volley.removed)
                    pairs += len(dice) + sum(map(len, dice.values()))
        elif kind is Search and event.reveal is not None:  # type: ignore[union-attr]
            pairs += len(event.reveal.__pydantic_fields_set__)  # type: ignore[union-attr]
    return pairs


def _each(parts: list[Any]) -> int:
    """The fields set in each of ``parts`` (models without a nested one)."""
    return sum(len(p.__pydantic_fields_set__) for p in parts) if parts else 0


def read_text(text: str, *, lenient: bool) -> GameRecord:
    """A text record; raise ``InputError``."""
    from adjudicator.dark_nebula import record_text

    record, notes = record_text.parse(text, lenient=lenient)
    return _game_record(record, notes)


def _game_record(record: Record, notes: list[Note]) -> GameRecord:
    record.board_definition()  # an unknown board, or another digest: refused now
    return record.to_game_record(notes, RecordEvents(record.events))

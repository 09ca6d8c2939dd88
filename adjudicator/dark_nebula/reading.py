"""A Dark Nebula record as the core reads it: validated (JSON) or parsed (text), the board
it names resolved and checked, its events as the core sees them, made when first asked for.

The game's plug-in imports this module at each record, rather than the models, the notation
and the core's reader one by one: each import statement run costs some microseconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.judge.verdict import Note
from adjudicator.core.read.records import GameRecord, load_model
from adjudicator.dark_nebula.notation import RecordEvents
from adjudicator.dark_nebula.record import Record
from adjudicator.dark_nebula.skeleton import NO_COMMITMENT


def read_json(data: dict[str, Any], *, lenient: bool) -> GameRecord:
    """A JSON record (already parsed); raise ``InputError``."""
    record, notes = load_model(Record, data, lenient=lenient)
    return _game_record(record, notes)


def read_text(text: str, *, lenient: bool) -> GameRecord:
    """A text record; raise ``InputError``."""
    from adjudicator.core.read.tagged_text import names_by
    from adjudicator.dark_nebula import record_text

    record, notes = record_text.parse(text, lenient=lenient)
    return _game_record(record, notes, names_by(record_text.TAG_OF))


def _game_record(
    record: Record, notes: list[Note], named: Callable[[str], str] | None = None
) -> GameRecord:
    """The record for the core, once its header is checked against the board it names: an
    unknown board, another digest or a secret sector the board lacks is refused now, at
    the field that wrote it (``named``: at the tag, in a text record, as its other messages
    are located)."""
    try:
        record.board_definition()
    except InputError as err:
        if named is None or not err.field:
            raise
        raise err.moved(named(err.field)) from None
    if record.commitment == NO_COMMITMENT:
        notes.append(_hides_nothing(named("commitment") if named else "commitment"))
    return record.to_game_record(notes, RecordEvents(record.events))


def _hides_nothing(where: str) -> Note:
    """The commitment ``new dark-nebula`` writes to be replaced (all zeros) commits to no
    sector: the base's secret choice (3.1) is not bound, so the record reads, and a game
    not begun validates, but the director is told it hides nothing."""
    return Note.in_both(
        "commitment_hides_nothing",
        where,
        said("dark_nebula.note.hides_nothing"),
    )

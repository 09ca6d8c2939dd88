"""The text record: tag pairs, then one event per line (see :mod:`.notation`).

::

    [Ruleset "astro-stra/0.9.0"]
    [GameId "2026-11-29-r1"]
    [Sets "1"]
    [Result "black all_home"]

    opening 3-3 5-2
    draft red purple green yellow blue cyan
    1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | skill red A=2 | …

``[Layout "b:… w:…"]`` gives another starting layout, ``[Interpretation "geometry=one-loop"]``
switches a reading (one tag each), ``[Result "*"]`` is an unfinished game and
``[Result "white resignation"]`` a resignation of the other side.
"""

from __future__ import annotations

from typing import Any

from adjudicator.astro_stra.identity import FORMAT, GAME_ID
from adjudicator.astro_stra.notation import (
    ReadTurn,
    TurnRefused,
    lenient_spelling,
    parse_opening,
    parse_turn,
)
from adjudicator.astro_stra.record import Record, Turn
from adjudicator.core.errors import InputError
from adjudicator.core.judge.verdict import Note
from adjudicator.core.read.numbers import NumberError, ascii_line, read_int
from adjudicator.core.read.records import load_model
from adjudicator.core.read.tagged_text import (
    INTERPRETATION,
    Reading,
    Tag,
    TagSpec,
    header_tags,
    names_by,
    read_tagged,
    read_tags,
    result_spec,
    ruleset_spec,
    tag_names,
    write_tags,
)


def _sets(tag: Tag, reading: Reading) -> int | str:
    """The number of dice sets; a value that is not a number is left for the model to
    refuse with the values it takes."""
    value = ascii_line(tag.value, tag.where, lenient=reading.lenient, notes=reading.notes)
    try:
        return read_int(value, what="[Sets]")
    except NumberError:
        return value


#: The tags of a record, in the order it writes them.
TAGS: dict[str, TagSpec] = {
    "Ruleset": ruleset_spec(GAME_ID),
    "GameId": TagSpec("GameId", "game_id"),
    "Sets": TagSpec("Sets", "sets", parse=_sets),
    "Layout": TagSpec("Layout", "layout"),
    "Interpretation": INTERPRETATION,
    **header_tags(("Black", "White")),
    "Result": result_spec(("black", "white")),
}

#: A record's field → the tag that writes it, for messages about a text record.
TAG_OF = tag_names(TAGS)


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "turns": []}
    tags, events = read_tagged(text)
    notes: list[Note] = []
    read_tags(TAGS, tags, data, Reading(lenient, notes))
    written: list[ReadTurn | str] = []
    places: dict[str, list[str]] = {"opening": [], "draft": [], "turns": []}
    for where, written_line in events:
        line = ascii_line(written_line, where, lenient=lenient, notes=notes)
        try:
            word = line.partition(" ")[0]
            if word == "opening":
                data["opening"] = parse_opening(line)
                places["opening"] = [where] * len(data["opening"])
            elif word == "draft":
                data["draft"] = line.split()[1:]
                places["draft"] = [where] * len(data["draft"])
            else:
                turns = len(data["turns"])
                written.append(_turn(data, line, where, lenient, notes))
                if len(data["turns"]) > turns:
                    places["turns"].append(where)
        except InputError as err:
            raise err.at(where) from None
    record, more = load_model(Record, data, lenient=lenient, names=names_by(TAG_OF, places))
    if any(isinstance(t, str) or t[0] != n for n, t in enumerate(written, 1)):
        record._written = written
    return record, notes + more


def _turn(
    data: dict[str, Any], line: str, where: str, lenient: bool, notes: list[Note]
) -> ReadTurn | str:
    """A turn as written: its number and play, or its line when its step 3 is refused as
    written (judged at its ply, :class:`~.notation.TurnRefused`)."""
    if lenient and (spelled := lenient_spelling(line)) is not None:
        notes.append(Note.said("normalized", where, "core.note.read_as", written=spelled))
        line = spelled
    try:
        number, play = parse_turn(line)
    except TurnRefused:
        return line
    data["turns"].append(Turn.of(play).model_dump(mode="json", by_alias=True))
    return number, play


def format_record(record: Record) -> str:
    return "\n".join([*write_tags(TAGS, record), "", *record.lines()]) + "\n"

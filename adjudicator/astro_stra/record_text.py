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
from adjudicator.core.numbers import NumberError, ascii_line, read_int
from adjudicator.core.records import load_model
from adjudicator.core.tagged_text import (
    RESULT_TAGS,
    Tag,
    interpretation_from_tag,
    interpretation_tags,
    malformed,
    names_by,
    read_tagged,
    result_from_tag,
    result_tag,
)
from adjudicator.core.verdict import Note

META_TAGS = {"Event": "event", "Date": "date", "Black": "black", "White": "white"}


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "turns": []}
    tags, events = read_tagged(text)
    readings: dict[str, Any] = {}
    notes: list[Note] = []
    for tag in tags:
        _tag(data, readings, tag, lenient, notes)
    data["interpretations"] = readings
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
        notes.append(Note(code="normalized", location=where, message=f"read as {spelled!r}"))
        line = spelled
    try:
        number, play = parse_turn(line)
    except TurnRefused:
        return line
    data["turns"].append(Turn.of(play).model_dump(mode="json", by_alias=True))
    return number, play


#: A record's field → the tag that writes it, for messages about a text record.
TAG_OF = {
    "game": "[Ruleset]",
    "game_id": "[GameId]",
    "sets": "[Sets]",
    "layout": "[Layout]",
    "interpretations": "[Interpretation]",
    **RESULT_TAGS,
    **{f"meta.{field}": f"[{tag}]" for tag, field in META_TAGS.items()},
}


def _tag(
    data: dict[str, Any], readings: dict[str, Any], tag: Tag, lenient: bool, notes: list[Note]
) -> None:
    name, value = tag.name, tag.value
    if name == "Ruleset":
        if value != GAME_ID:
            raise malformed(
                tag.where,
                f"ruleset {value!r} is not {GAME_ID}",
                f"ルールセット「{value}」は {GAME_ID} ではありません",
            )
    elif name == "GameId":
        data["game_id"] = value
    elif name == "Sets":
        data["sets"] = _sets(ascii_line(value, tag.where, lenient=lenient, notes=notes))
    elif name == "Layout":
        data["layout"] = value
    elif name == "Interpretation":
        key, choice = interpretation_from_tag(tag)
        readings[key] = choice
    elif name == "Result":
        data["result"] = result_from_tag(tag, ("black", "white"))
    elif name in META_TAGS:
        data["meta"][META_TAGS[name]] = value
    else:
        raise malformed(tag.where, f"unknown tag [{name}]", f"未知のタグ [{name}]")


def _sets(value: str) -> int | str:
    """The number of dice sets; a value that is not a number is left for the model to
    refuse with the values it takes."""
    try:
        return read_int(value, what="[Sets]", what_ja="[Sets]")
    except NumberError:
        return value


def format_record(record: Record) -> str:
    out = [f'[Ruleset "{GAME_ID}"]']
    if record.game_id is not None:
        out.append(f'[GameId "{record.game_id}"]')
    out.append(f'[Sets "{record.sets}"]')
    if record.layout is not None:
        out.append(f'[Layout "{record.layout}"]')
    out += interpretation_tags(record.interpretations)
    for tag, field in META_TAGS.items():
        value = getattr(record.meta, field)
        if value is not None:
            out.append(f'[{tag} "{value}"]')
    out.append(result_tag(record.result.winner, record.result.reason))
    return "\n".join([*out, "", *record.lines()]) + "\n"

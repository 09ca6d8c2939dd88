"""The text record: tag pairs, then one event per line (see :mod:`.notation`).

::

    [Ruleset "dark-nebula/2011"]
    [GameId "2026-11-29-table-3"]
    [Board "default/2011-placeholders-2 14794397…"]
    [Commitment "5b1e…"]
    [Result "empire base_destroyed"]

    setup: battleship@raigerin battleship@zarek guard_ship@earth guard_ship@radia
    1.1 empire production: cruiser@tyrann; extra battleship@tyrann
    …

``[Result "*"]`` is an unfinished game; ``[Result "empire resignation"]`` a resignation of
the other side. ``[Interpretation "nebula_entry=each-step"]`` switches a reading (one tag
each), ``[Secret "SECTOR NONCE"]`` is a director's early opening. Lines starting with ``#``
are comments.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.judge.verdict import Note
from adjudicator.core.read.records import load_model
from adjudicator.core.read.tagged_text import (
    INTERPRETATION,
    Reading,
    Tag,
    TagSpec,
    first_missing,
    header_tags,
    names_by,
    read_tagged,
    read_tags,
    result_spec,
    ruleset_spec,
    tag_names,
    write_tags,
)
from adjudicator.dark_nebula.board import default_board, known_boards
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.notation import canonical_line, lines, parse_line, printed_names
from adjudicator.dark_nebula.record import Record


def _board(tag: Tag, _: Reading) -> dict[str, str]:
    board_id, _space, digest = tag.value.partition(" ")
    return {"id": board_id, "sha256": digest}


def _secret(tag: Tag, _: Reading) -> dict[str, str]:
    sector, _space, nonce = tag.value.partition(" ")
    return {"sector": sector, "nonce": nonce}


#: The tags of a record, in the order it writes them.
TAGS: dict[str, TagSpec] = {
    "Ruleset": ruleset_spec(GAME_ID),
    "GameId": TagSpec("GameId", "game_id", required=True),
    "Board": TagSpec(
        "Board",
        "board",
        required=True,
        parse=_board,
        show=lambda r: [f"{r.board.id} {r.board.sha256}"],
    ),
    "Commitment": TagSpec("Commitment", "commitment", required=True),
    "Interpretation": INTERPRETATION,
    **header_tags(("Empire", "Rebel")),
    "Secret": TagSpec(
        "Secret",
        "secret",
        parse=_secret,
        show=lambda r: [] if r.secret is None else [f"{r.secret.sector} {r.secret.nonce}"],
    ),
    "Result": result_spec(("empire", "rebel")),
}


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    """A text record. Sectors are written by id; a printed name (ザレク) is refused with the
    canonical line suggested, or with ``lenient`` read as its id and noted."""
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "events": []}
    tags, events = read_tagged(text)
    notes: list[Note] = []
    read_tags(TAGS, tags, data, Reading(lenient, notes))
    places: list[str] = []
    # an unknown board gives no names; reading then stops at the board with its own message
    board = known_boards().get(data.get("board", {}).get("id", ""))
    names = printed_names(board) if board else []
    for where, line in events:
        places.append(where)
        try:
            canonical = canonical_line(line, names, lenient=lenient)
        except InputError as err:
            raise err.at(where) from None
        if canonical != line:
            notes.append(Note.said("normalized", where, "core.note.read_as", written=canonical))
        try:
            event = parse_line(canonical)
        except InputError as err:
            raise err.at(where) from None
        data["events"].append(event.model_dump(mode="json", by_alias=True))
    if (missing := first_missing(TAGS, data)) is not None:
        raise missing_tag(missing.field)
    field_tags = names_by(TAG_OF, {"events": places})
    record, more = load_model(Record, data, lenient=lenient, names=field_tags)
    return record, notes + more


#: A record's field → the tag that writes it, for messages about a text record.
TAG_OF = tag_names(TAGS)


def missing_tag(key: str) -> InputError:
    """A required tag left out, said with what to write in it (``adjudicator new
    dark-nebula`` writes them all)."""
    board = default_board()
    tag, what, example = {
        "game_id": ("GameId", "dark_nebula.tag.game_id", '[GameId "2026-11-29-table-3"]'),
        "board": ("Board", "dark_nebula.tag.board", f'[Board "{board.id} {board.sha256}"]'),
        "commitment": ("Commitment", "dark_nebula.tag.commitment", '[Commitment "…"]'),
    }[key]
    return InputError(
        "malformed_record",
        said("dark_nebula.tag.missing", tag=tag, what=said(what)),
        field=f"[{tag}]",
        expected=said("dark_nebula.tag.missing_expected", example=example),
    )


def format_record(record: Record) -> str:
    return "\n".join([*write_tags(TAGS, record), "", *lines(record.events)]) + "\n"

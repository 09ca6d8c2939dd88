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
from adjudicator.dark_nebula.board import default_board, known_boards
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.notation import canonical_line, lines, parse_line, printed_names
from adjudicator.dark_nebula.record import Record

META_TAGS = {"Event": "event", "Date": "date", "Empire": "empire", "Rebel": "rebel"}


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    """A text record. Sectors are written by id; a printed name (ザレク) is refused with the
    canonical line suggested, or with ``lenient`` read as its id and noted."""
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "events": []}
    readings: dict[str, Any] = {}
    tags, events = read_tagged(text)
    for tag in tags:
        _tag(data, readings, tag)
    notes: list[Note] = []
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
            notes.append(Note(code="normalized", location=where, message=f"read as {canonical!r}"))
        try:
            event = parse_line(canonical)
        except InputError as err:
            raise err.at(where) from None
        data["events"].append(event.model_dump(mode="json", by_alias=True))
    data["interpretations"] = readings
    for required in ("game_id", "board", "commitment"):
        if required not in data:
            raise missing_tag(required)
    tag_names = names_by(TAG_OF, {"events": places})
    record, more = load_model(Record, data, lenient=lenient, names=tag_names)
    return record, notes + more


#: A record's field → the tag that writes it, for messages about a text record.
TAG_OF = {
    "game": "[Ruleset]",
    "game_id": "[GameId]",
    "board": "[Board]",
    "commitment": "[Commitment]",
    "interpretations": "[Interpretation]",
    "secret": "[Secret]",
    **RESULT_TAGS,
    **{f"meta.{field}": f"[{tag}]" for tag, field in META_TAGS.items()},
}


def missing_tag(key: str) -> InputError:
    """A required tag left out, said with what to write in it (``adjudicator new
    dark-nebula`` writes them all)."""
    board = default_board()
    tag, en, ja, example = {
        "game_id": (
            "GameId",
            "this game's own id (letters, digits and . _ : / -), bound into the commitment",
            "この対局のID(英数字と . _ : / -)。コミットメントに結び付けられます",
            '[GameId "2026-11-29-table-3"]',
        ),
        "board": (
            "Board",
            "the board definition's id and digest, as adjudicator dark-nebula board shows them",
            "盤定義のIDとダイジェスト(adjudicator dark-nebula board で表示されます)",
            f'[Board "{board.id} {board.sha256}"]',
        ),
        "commitment": (
            "Commitment",
            "the commitment that adjudicator dark-nebula commit printed when the rebel player "
            "chose the base's sector (3.1)",
            "反乱軍の対局者が秘密基地の星域を選んだとき adjudicator dark-nebula commit が"
            "表示したコミットメント(3.1)",
            '[Commitment "…"]',
        ),
    }[key]
    return InputError(
        "malformed_record",
        f"the [{tag}] tag is missing: it gives {en}",
        ja=f"タグ [{tag}] がありません。{ja}を書きます",
        field=f"[{tag}]",
        expected=f"{example} (adjudicator new dark-nebula writes every tag)",
        expected_ja=f"{example}(adjudicator new dark-nebula で全タグのひな形が出ます)",
    )


def _tag(data: dict[str, Any], readings: dict[str, Any], tag: Tag) -> None:
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
    elif name == "Board":
        board_id, _, digest = value.partition(" ")
        data["board"] = {"id": board_id, "sha256": digest}
    elif name == "Commitment":
        data["commitment"] = value
    elif name == "Interpretation":
        key, choice = interpretation_from_tag(tag)
        readings[key] = choice
    elif name == "Secret":
        sector, _, nonce = value.partition(" ")
        data["secret"] = {"sector": sector, "nonce": nonce}
    elif name == "Result":
        data["result"] = result_from_tag(tag, ("empire", "rebel"))
    elif name in META_TAGS:
        data["meta"][META_TAGS[name]] = value
    else:
        raise malformed(tag.where, f"unknown tag [{name}]", f"未知のタグ [{name}]")


def format_record(record: Record) -> str:
    out = [
        f'[Ruleset "{GAME_ID}"]',
        f'[GameId "{record.game_id}"]',
        f'[Board "{record.board.id} {record.board.sha256}"]',
        f'[Commitment "{record.commitment}"]',
    ]
    out += interpretation_tags(record.interpretations)
    for tag, field in META_TAGS.items():
        value = getattr(record.meta, field)
        if value is not None:
            out.append(f'[{tag} "{value}"]')
    if record.secret is not None:
        out.append(f'[Secret "{record.secret.sector} {record.secret.nonce}"]')
    out.append(result_tag(record.result.winner, record.result.reason))
    return "\n".join([*out, "", *lines(record.events)]) + "\n"

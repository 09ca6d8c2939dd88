"""The text record: tag pairs, then one event per line (see :mod:`.notation`).

::

    [Ruleset "dark-nebula/2011"]
    [GameId "2026-11-29-table-3"]
    [Board "default/2011-placeholders-1 28debcb9…"]
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

import re
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.records import load_model
from adjudicator.core.verdict import Note
from adjudicator.dark_nebula.board import known_boards
from adjudicator.dark_nebula.notation import lines, parse_line, printed_names, with_ids
from adjudicator.dark_nebula.record import FORMAT, GAME_ID, Record

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
META_TAGS = {"Event": "event", "Date": "date", "Empire": "empire", "Rebel": "rebel"}


def _bad(where: str, why: str) -> InputError:
    return InputError("malformed_record", why, field=where, expected="tag pairs, then events")


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    """A text record. Sectors are written by id; a printed name (ザレク) is refused with the
    canonical line suggested, or with ``lenient`` read as its id and noted."""
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "events": []}
    readings: dict[str, str] = {}
    events: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith("#"):
            continue
        m = _TAG.match(line)
        if m:
            _tag(data, readings, m[1], m[2], where)
            continue
        if line.startswith("["):
            raise _bad(where, f'{line!r} is not a tag pair [Name "value"]')
        events.append((where, line))
    notes: list[Note] = []
    # an unknown board gives no names; reading then stops at the board with its own message
    board = known_boards().get(data.get("board", {}).get("id", ""))
    names = printed_names(board) if board else []
    for where, line in events:
        canonical = with_ids(line, names)
        if canonical != line:
            if not lenient:
                raise InputError(
                    "noncanonical_notation",
                    f"{line!r} names sectors by their printed names",
                    field=where,
                    expected="sector ids (or --lenient)",
                    suggestion=canonical,
                )
            notes.append(Note(code="normalized", location=where, message=f"read as {canonical!r}"))
        try:
            _, event = parse_line(canonical)
        except InputError as err:
            raise err.at(where) from None
        data["events"].append(event.model_dump(mode="json", by_alias=True))
    data["interpretations"] = readings
    for required in ("game_id", "board", "commitment"):
        if required not in data:
            tag = {"game_id": "GameId", "board": "Board", "commitment": "Commitment"}[required]
            raise _bad("tags", f"the [{tag}] tag is missing")
    record, more = load_model(Record, data, lenient=lenient)
    return record, notes + more


def _tag(data: dict[str, Any], readings: dict[str, str], name: str, value: str, where: str) -> None:
    if name == "Ruleset":
        if value != GAME_ID:
            raise _bad(where, f"ruleset {value!r} is not {GAME_ID}")
    elif name == "GameId":
        data["game_id"] = value
    elif name == "Board":
        board_id, _, digest = value.partition(" ")
        data["board"] = {"id": board_id, "sha256": digest}
    elif name == "Commitment":
        data["commitment"] = value
    elif name == "Interpretation":
        key, eq, choice = value.partition("=")
        if not eq:
            raise _bad(where, f"{value!r} is not id=value")
        readings[key] = choice
    elif name == "Secret":
        sector, _, nonce = value.partition(" ")
        data["secret"] = {"sector": sector, "nonce": nonce}
    elif name == "Result":
        data["result"] = _result(value, where)
    elif name in META_TAGS:
        data["meta"][META_TAGS[name]] = value
    else:
        raise _bad(where, f"unknown tag [{name}]")


def _result(value: str, where: str) -> dict[str, Any]:
    if value == "*":
        return {}
    parts = value.split()
    if len(parts) != 2:
        raise _bad(where, f"result {value!r} is not '*' or 'WINNER REASON'")
    winner, reason = parts
    result: dict[str, Any] = {"winner": winner, "reason": reason}
    if reason == "resignation":
        result["resigned"] = "rebel" if winner == "empire" else "empire"
    return result


def format_record(record: Record) -> str:
    out = [
        f'[Ruleset "{GAME_ID}"]',
        f'[GameId "{record.game_id}"]',
        f'[Board "{record.board.id} {record.board.sha256}"]',
        f'[Commitment "{record.commitment}"]',
    ]
    for key, value in record.interpretations.model_dump(exclude_defaults=True).items():
        out.append(f'[Interpretation "{key}={value}"]')
    for tag, field in META_TAGS.items():
        value = getattr(record.meta, field)
        if value is not None:
            out.append(f'[{tag} "{value}"]')
    if record.secret is not None:
        out.append(f'[Secret "{record.secret.sector} {record.secret.nonce}"]')
    r = record.result
    out.append(f'[Result "{r.winner} {r.reason}"]' if r.winner else '[Result "*"]')
    return "\n".join([*out, "", *lines(record.events)]) + "\n"

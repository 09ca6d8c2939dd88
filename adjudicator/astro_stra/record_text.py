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

import re
from typing import Any

from adjudicator.astro_stra.notation import parse_opening, parse_turn
from adjudicator.astro_stra.record import FORMAT, GAME_ID, Record, Turn
from adjudicator.core.errors import InputError
from adjudicator.core.records import load_model
from adjudicator.core.verdict import Note

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
META_TAGS = {"Event": "event", "Date": "date", "Black": "black", "White": "white"}


def _bad(where: str, why: str) -> InputError:
    return InputError("malformed_record", why, field=where, expected="tag pairs, then events")


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    data: dict[str, Any] = {"format": FORMAT, "game": GAME_ID, "meta": {}, "turns": []}
    readings: dict[str, str] = {}
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
        try:
            if line.startswith("opening "):
                data["opening"] = parse_opening(line)
            elif line.startswith("draft "):
                data["draft"] = line.split()[1:]
            else:
                _, play = parse_turn(line)
                data["turns"].append(Turn.of(play).model_dump(mode="json", by_alias=True))
        except InputError as err:
            raise err.at(where) from None
    data["interpretations"] = readings
    return load_model(Record, data, lenient=lenient)


def _tag(data: dict[str, Any], readings: dict[str, str], name: str, value: str, where: str) -> None:
    if name == "Ruleset":
        if value != GAME_ID:
            raise _bad(where, f"ruleset {value!r} is not {GAME_ID}")
    elif name == "GameId":
        data["game_id"] = value
    elif name == "Sets":
        data["sets"] = int(value) if value.isdigit() else value
    elif name == "Layout":
        data["layout"] = value
    elif name == "Interpretation":
        key, eq, choice = value.partition("=")
        if not eq:
            raise _bad(where, f"{value!r} is not id=value")
        readings[key] = {"true": True, "false": False}.get(choice, choice)
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
        result["resigned"] = "white" if winner == "black" else "black"
    return result


def format_record(record: Record) -> str:
    out = [f'[Ruleset "{GAME_ID}"]']
    if record.game_id is not None:
        out.append(f'[GameId "{record.game_id}"]')
    out.append(f'[Sets "{record.sets}"]')
    if record.layout is not None:
        out.append(f'[Layout "{record.layout}"]')
    for key, value in record.interpretations.model_dump(exclude_defaults=True).items():
        shown = str(value).lower() if isinstance(value, bool) else value
        out.append(f'[Interpretation "{key}={shown}"]')
    for tag, field in META_TAGS.items():
        value = getattr(record.meta, field)
        if value is not None:
            out.append(f'[{tag} "{value}"]')
    r = record.result
    out.append(f'[Result "{r.winner} {r.reason}"]' if r.winner else '[Result "*"]')
    return "\n".join([*out, "", *record.lines()]) + "\n"

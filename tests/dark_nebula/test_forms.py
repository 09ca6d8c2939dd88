"""5.0: an event is judged as the step it says it is, in a JSON record exactly as in the
text notation. Random legal games (a seeded player) are validated in both forms, whole, with
one event deleted, and with one event relabelled: the verdicts are the same, at the same ply.

The CI run keeps the example count modest; a longer run:
``DARK_NEBULA_EXAMPLES=2000 pytest tests/dark_nebula/test_forms.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.core.judge.validation import validate
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.record import Record
from adjudicator.dark_nebula.record_text import format_record
from adjudicator.dark_nebula.state import PHASES
from tests.dark_nebula.player import random_game

GAME = DarkNebula()
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAMES = st.builds(random_game, st.integers(0, 2**32 - 1), st.integers(1, 4))


def _verdict(read: Any) -> tuple[object, ...]:
    """Status, and where and why a record fails: what a director compares."""
    try:
        record = read()
    except InputError:
        return ("unreadable",)
    v = validate("x", record, GAME.replay(record), lenient=False, lang="en")
    problem = (v.problem.code, v.problem.ply) if v.problem else None
    pending = [(p.code, p.ply) for p in v.pending]
    return (v.status, problem, v.computed, pending)


def _json(data: dict[str, Any]) -> tuple[object, ...]:
    return _verdict(lambda: GAME.read_json_record(json.loads(json.dumps(data)), lenient=False))


def _text(text: str) -> tuple[object, ...]:
    return _verdict(lambda: GAME.read_text_record(text, lenient=False))


def _split(text: str) -> tuple[list[str], list[str]]:
    head, _, body = text.partition("\n\n")
    return head.splitlines(), body.splitlines()


def _join(head: list[str], events: list[str]) -> str:
    return "\n".join([*head, "", *events]) + "\n"


def _without_turns(data: dict[str, Any]) -> dict[str, Any]:
    events = [{k: v for k, v in e.items() if k != "turn"} for e in data["events"]]
    return {**data, "events": events}


@PROPERTY
@given(GAMES)
def test_both_forms_of_a_legal_game_get_the_same_verdict(record: Record) -> None:
    data = record.dump()
    verdict = _json(data)
    assert verdict[0] in ("valid",), verdict
    assert _text(format_record(record)) == verdict
    assert _json(_without_turns(data)) == verdict


@PROPERTY
@given(GAMES, st.data())
def test_an_event_spelled_when_shown_is_the_line_of_the_whole_record(record: Record, data) -> None:
    """5.0, the notation: the line a problem shows for an event (spelled only when shown,
    from the event alone when it names its turn) is its line in the text record, in a JSON
    record with turns, without them, and with only some."""
    dumped = record.dump()
    lines = _split(format_record(record))[1]
    for form in (dumped, _without_turns(dumped)):
        read = GAME.read_json_record(json.loads(json.dumps(form)), lenient=False)
        assert [e.written for e in read.events] == lines
    index = data.draw(st.integers(0, len(record.events) - 1))
    some = _without_turns(dumped)
    some["events"] = [*dumped["events"][:index], *some["events"][index:]]
    read = GAME.read_json_record(some, lenient=False)
    assert [e.written for e in read.events] == lines


@PROPERTY
@given(GAMES, st.data())
def test_an_event_deleted_gets_the_same_verdict_in_both_forms(record: Record, data) -> None:
    """A quiet step left out (no movement event where one is due) is ``phase_order`` at the
    event that stands in its place, in either form."""
    index = data.draw(st.integers(0, len(record.events) - 1))
    head, lines = _split(format_record(record))
    dumped = record.dump()
    dumped["events"] = [e for i, e in enumerate(dumped["events"]) if i != index]
    text = _join(head, [line for i, line in enumerate(lines) if i != index])
    verdict = _text(text)
    assert _json(dumped) == verdict
    assert _json(_without_turns(dumped)) == verdict
    following = record.events[index + 1 :]
    if following and following[0].phase != "disclosure":  # not a game cut short
        assert verdict[0] == "invalid"
        assert verdict[1] == ("phase_order", index + 1)


def _relabelled(event: dict[str, Any], step: int) -> dict[str, Any]:
    phase, side = PHASES[step]
    changed = {k: v for k, v in event.items() if k not in ("phase", "side")}
    return (
        {**({"turn": event["turn"]} if "turn" in event else {}), "phase": phase}
        | ({"side": side} if side else {})
        | {k: v for k, v in changed.items() if k != "turn"}
    )


@PROPERTY
@given(GAMES, st.data())
def test_an_event_relabelled_gets_the_same_verdict_in_both_forms(record: Record, data) -> None:
    """A step labelled as another (the side swapped, or a quiet step named as another one)
    is ``phase_order`` at that event, or unreadable in both forms when its content does
    not fit the step it claims."""
    turn_steps = [i for i, e in enumerate(record.events) if e.phase not in ("setup", "disclosure")]
    index = data.draw(st.sampled_from(turn_steps))
    head, lines = _split(format_record(record))
    stamp, _, body = lines[index].partition(": ")
    turn, _, rest = stamp.partition(".")
    step = int(rest.split()[0])
    new = data.draw(st.sampled_from([s for s in range(1, 8) if s != step]))
    phase, side = PHASES[new]
    label = f"{turn}.{new} {side} {phase}" if side else f"{turn}.{new} {phase}"
    text = _join(head, [*lines[:index], f"{label}: {body}", *lines[index + 1 :]])
    dumped = record.dump()
    dumped["events"][index] = _relabelled(dumped["events"][index], new)
    verdict = _text(text)
    assert _json(dumped) == verdict
    assert _json(_without_turns(dumped)) == verdict
    assert verdict[0] == "unreadable" or verdict[1] == ("phase_order", index + 1), verdict


WORKED = json.loads(
    (Path(__file__).resolve().parents[2] / "records/dark-nebula/valid/worked-game.json").read_text(
        "utf-8"
    )
)


def _worked_with(events: list[dict[str, Any]]) -> tuple[object, ...]:
    return _json({**WORKED, "events": events})


def test_a_json_event_with_its_side_swapped_is_out_of_order() -> None:
    """5.0: '1.5 rebel movement' written as an imperial movement is the wrong step there,
    not a rebel movement stamped by its place in the list."""
    events = [dict(e) for e in WORKED["events"]]
    assert (events[5]["phase"], events[5]["side"]) == ("movement", "rebel")
    events[5]["side"] = "empire"
    assert _worked_with(events)[:2] == ("invalid", ("phase_order", 6))


def test_a_json_record_missing_a_quiet_step_fails_at_the_next_event() -> None:
    """5.0: no '1.5 rebel movement' where one is due: the rebel combat stands in its place."""
    events = [e for i, e in enumerate(WORKED["events"]) if i != 5]
    assert _worked_with(events)[:2] == ("invalid", ("phase_order", 6))
    assert _worked_with(_without_turns({"events": events})["events"])[:2] == (
        "invalid",
        ("phase_order", 6),
    )


def test_a_json_event_naming_another_turn_is_out_of_order() -> None:
    """5.0: the turn an event names is checked as the text stamp's is."""
    events = [dict(e) for e in WORKED["events"]]
    events[9] = {**events[9], "turn": 3}
    assert _worked_with(events)[:2] == ("invalid", ("phase_order", 10))


@PROPERTY
@given(GAMES, st.integers(1, 6))
def test_a_concealment_is_the_verdict_of_the_public_and_the_full_record(
    record: Record, roll: int
) -> None:
    """10.2, 4 (the earliest provable fault): a forced revelation turned into a roll is a
    concealment. The director's full record reports it at once; the public record, whose
    replay may stop on a later public fault, reports it too, proved by the disclosure."""
    data = record.dump()
    events = data["events"]
    forced = [
        i
        for i, e in enumerate(events)
        if e["phase"] == "search" and e.get("reveal", {}).get("sector") in e.get("searches", [])
    ]
    if not forced:
        return
    index = forced[0]
    opening = events[index].pop("reveal")
    events[index]["roll"] = roll
    events.append({"phase": "disclosure", **opening})
    public = _json(data)
    assert public[:2] == ("invalid", ("concealed_base", index + 1)), public
    assert _json({**data, "secret": opening})[:2] == public[:2]


def test_an_empty_dice_list_is_a_dice_count_in_both_forms() -> None:
    """9.3: the command ship rolls one die; none written (``e.command_ship=`` in text, ``[]``
    in JSON) is dice_count at that event, not an unreadable line."""
    events = [dict(e) for e in WORKED["events"]]
    events[3] = json.loads(json.dumps(events[3]))
    events[3]["battles"][0]["volleys"][0]["dice"]["empire"]["command_ship"] = []
    assert _worked_with(events)[:2] == ("invalid", ("dice_count", 4))
    record = GAME.read_json_record({**WORKED, "events": events}, lenient=False)
    text = format_record(record.model)
    assert "e.command_ship= / r.battleship" in text
    assert _text(text)[:2] == ("invalid", ("dice_count", 4))


def test_a_step_out_of_order_is_named_as_the_rulebook_names_it_in_japanese(
    tmp_path: Path,
) -> None:
    """5.0 ``phase_order``: in Japanese both steps are named as the rulebook names them
    (1.5 反乱軍移動, 1.6 反乱軍戦闘), not stamped in the notation's English words."""
    from adjudicator.core.batch.files import Options, validate_file
    from adjudicator.core.registry import Registry, installed_games

    sample = Path(__file__).resolve().parents[2] / "records/dark-nebula/valid/worked-game.txt"
    text = sample.read_text("utf-8").replace("1.5 rebel movement", "1.6 rebel combat", 1)
    path = tmp_path / "out-of-order.txt"
    path.write_text(text, "utf-8")
    registry = Registry(installed_games())
    ja = validate_file(registry, path, Options(lang="ja")).problem
    en = validate_file(registry, path, Options(lang="en")).problem
    assert ja is not None and ja.code == "phase_order"
    assert "「1.5 反乱軍移動」" in ja.message and "「1.6 反乱軍戦闘」" in ja.message
    assert "rebel" not in ja.message
    assert en is not None and "1.5 rebel movement" in en.message

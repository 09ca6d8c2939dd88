"""Regenerate the Orbit Dominion sample records in ``records/orbit-dominion/``.

Valid games are played by a seeded random player from the standard start, chosen for how
they end; broken records are derived from them, each with the one fault its name promises.
Run ``python records/generate_orbit_dominion.py``; the output is deterministic.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adjudicator.orbit_dominion.board import SECTOR_NAMES, number_of, orbit_of, sector
from adjudicator.orbit_dominion.record import Record
from adjudicator.orbit_dominion.record_text import format_record
from adjudicator.orbit_dominion.state import GameState

OUT = Path(__file__).parent / "orbit-dominion"
FORMAT, RULESET = "orbit-dominion-record/1", "orbit-dominion/4.2"


def random_game(seed: int, limit: int = 200) -> GameState:
    rng = random.Random(seed)
    state = GameState()
    while state.outcome() is None and len(state.actions) < limit:
        state.push(rng.choice(sorted(state.legal_actions(), key=str)))
    return state


def find(predicate: Callable[[GameState], bool], start: int = 0) -> tuple[int, GameState]:
    for seed in range(start, start + 100_000):
        state = random_game(seed)
        if predicate(state):
            return seed, state
    raise LookupError("no game found")


def ends(reason: str, winner: str | None = None, min_plies: int = 12):
    def predicate(state: GameState) -> bool:
        o = state.outcome()
        return (
            o is not None
            and o.reason == reason
            and (winner is None or o.winner == winner)
            and o.decided_at >= min_plies
        )

    return predicate


def record(
    moves: list[Any],
    result: dict[str, Any] | None = None,
    meta: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": RULESET,
        "meta": meta
        or {
            "event": "adjudicator sample games",
            "site": "Tokyo",
            "date": "2026-11-20",
            "round": "1",
            "red": "Aoi",
            "blue": "Ren",
        },
        "start": extra.pop("start", "standard"),
        "moves": moves,
        "result": result or {"winner": None, "reason": None, "resigned": None},
    }
    data.update(extra)
    return data


def outcome_result(state: GameState) -> dict[str, Any]:
    o = state.outcome()
    assert o is not None
    return {"winner": o.winner, "reason": o.reason, "resigned": None}


def texts(state: GameState) -> list[str]:
    return [str(a) for a in state.actions]


def illegal_at(state: GameState, ply: int) -> str:
    """An illegal action for the side to move before ``ply``: a jump across two orbits."""
    replay = GameState()
    for a in state.actions[: ply - 1]:
        replay.push(a)
    p = replay.position
    for s in range(36):
        if p.ships[p.turn] & (1 << s) and orbit_of(s) in (0, 2):
            target = sector(2 - orbit_of(s), number_of(s))
            return f"{SECTOR_NAMES[s]}-{SECTOR_NAMES[target]}"
    raise LookupError


def write(folder: str, name: str, data: dict[str, Any] | str | bytes) -> None:
    path = OUT / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


#: A reachable line after which red has no legal action: each of its five actions would
#: make a position occur a third time (第9条, 第10条 03). See docs/orbit-dominion.md.
BOXED_START = "......b...../r.b.......b./R.b...B...b. r 0 -"
BOXED_LINE = (  # noqa: SIM905 — a game's line reads best as written on a score sheet
    "I0-I1 O6-O7 M0-O0 O7-O6 I1-I0 O6-O7 I0-M0 O7-O6 M0-I0 O6-O7 O0-O11 O7-O6 O11-M11 O6-O7 "
    "I0-M0 O7-O6 M0-I0 O6-O7 I0-I1 O7-O6 M11-M0 O6-O7 M0-M1 O7-O6 I1-I0 O6-O7 M1-O1 O7-O6 "
    "O1-M1 O6-O7 I0-I11 O7-O6 M1-M0 O6-O7 I11-I1 O7-O6 I1-I11 O6-O7 I11-I0 O7-O6"
).split()


def main() -> None:
    _, pincer = find(ends("pincer", "red", 20))
    _, capture = find(ends("flagship_capture", min_plies=12))
    _, gate = find(ends("gate_control", min_plies=12))
    _, annihilation = find(ends("annihilation"))
    _, limit_red = find(ends("move_limit", "red"))
    _, limit_blue = find(ends("move_limit", "blue"))
    _, limit_draw = find(ends("move_limit", "draw"))
    _, long_game = find(lambda s: len(s.actions) >= 40 and s.outcome() is not None)

    valid = {
        "pincer.json": pincer,
        "flagship-capture.json": capture,
        "gate-control.json": gate,
        "annihilation.json": annihilation,
        "move-limit-red-wins.json": limit_red,
        "move-limit-blue-wins.json": limit_blue,
        "move-limit-draw.json": limit_draw,
    }
    for name, state in valid.items():
        write("valid", name, record(texts(state), outcome_result(state)))

    write(
        "valid",
        "no-legal-moves.json",
        record(
            BOXED_LINE,
            {"winner": "blue", "reason": "no_legal_moves", "resigned": None},
            start=BOXED_START,
        ),
    )

    unfinished = texts(long_game)[:30]
    write("valid", "unfinished.json", record(unfinished))
    write(
        "valid",
        "resignation.json",
        record(unfinished, {"winner": "red", "reason": "resignation", "resigned": "blue"}),
    )
    write(
        "valid",
        "forfeit-on-time.json",
        record(
            unfinished[:25],
            {"winner": "blue", "reason": "forfeit", "resigned": None},
            ext={"forfeit": "red's flag fell", "time_control": "15m+10s"},
        ),
    )
    annotated: list[Any] = list(texts(pincer))
    first_illegal = illegal_at(pincer, 3)
    annotated[0] = {"move": annotated[0], "comment": "the usual opening", "clock": 895.0}
    annotated[2] = {"move": annotated[2], "attempts": [first_illegal], "clock": 870.5}
    write("valid", "comments-clocks-attempts.json", record(annotated, outcome_result(pincer)))
    model = Record.model_validate(record(annotated, outcome_result(pincer)))
    write("valid", "comments-clocks-attempts.txt", format_record(model))
    write(
        "valid",
        "pincer.txt",
        format_record(Record.model_validate(record(texts(pincer), outcome_result(pincer)))),
    )

    # --- invalid: each with one fault ----------------------------------------------------
    moves = texts(pincer)
    middle = len(moves) // 2
    broken = list(moves)
    broken[middle - 1] = illegal_at(pincer, middle)
    write("invalid", "illegal-action-in-the-middle.json", record(broken, outcome_result(pincer)))
    extra = sorted(str(a) for a in pincer.pseudo_legal_actions())[0]
    write(
        "invalid",
        "moves-after-the-end.json",
        record([*moves, extra], outcome_result(pincer)),
    )
    wrong = outcome_result(pincer) | {"winner": "blue"}
    write("invalid", "wrong-winner.json", record(moves, wrong))
    write(
        "invalid",
        "wrong-reason.json",
        record(moves, outcome_result(pincer) | {"reason": "flagship_capture"}),
    )
    write(
        "invalid",
        "result-claimed-but-undecided.json",
        record(unfinished, {"winner": "red", "reason": "pincer", "resigned": None}),
    )
    write("invalid", "result-missing.json", record(moves))
    write(
        "invalid",
        "resignation-after-the-end.json",
        record(moves, {"winner": "red", "reason": "resignation", "resigned": "blue"}),
    )
    write("invalid", "threefold-repetition.json", record(["O-", "O+", "O-", "O+", "I5-I4"]))
    attempt_legal = list(unfinished)
    attempt_legal[4] = {"move": attempt_legal[4], "attempts": [unfinished[4]]}
    write("invalid", "attempt-was-legal.json", record(attempt_legal))
    lenient = list(unfinished)
    lenient[0] = lenient[0].replace("-", " → ")
    lenient[1] = lenient[1].translate(
        str.maketrans("OMI0123456789+-", "ＯＭＩ０１２３４５６７８９＋－")
    )
    write("invalid", "lenient-spellings-in-strict-file.json", record(lenient))
    write(
        "invalid",
        "lenient-spellings-in-strict-file.txt",
        format_record(Record.model_validate(record(lenient))),
    )

    # --- unreadable: the file cannot be read as a record ---------------------------------
    write(
        "unreadable",
        "schema-violation.json",
        record(unfinished, {"winner": "green", "reason": None, "resigned": None}),
    )
    write("unreadable", "unknown-field.json", record(unfinished, venue="Hall B"))
    write(
        "unreadable",
        "unsupported-ruleset.json",
        record(unfinished) | {"ruleset": "orbit-dominion/4.1"},
    )
    write(
        "unreadable",
        "unsupported-format.json",
        record(unfinished) | {"format": "orbit-dominion-record/2"},
    )
    write("unreadable", "truncated.json", json.dumps(record(unfinished), indent=2)[:200])
    write(
        "unreadable",
        "yaml-instead-of-json.json",
        "format: orbit-dominion-record/1\nruleset: orbit-dominion/4.2\nmoves: [O+, O-]\n",
    )
    write("unreadable", "binary-junk.json", bytes(range(256)))
    write("unreadable", "utf16.json", json.dumps(record(unfinished)).encode("utf-16"))
    write(
        "unreadable",
        "shift-jis.txt",
        '[Event "秋季大会"]\n[Ruleset "orbit-dominion/4.2"]\n\n1. O+ *\n'.encode("shift_jis"),
    )
    write(
        "unreadable", "bad-move-number.txt", '[Ruleset "orbit-dominion/4.2"]\n\n1. O- O+ 3. O- *\n'
    )


if __name__ == "__main__":
    main()

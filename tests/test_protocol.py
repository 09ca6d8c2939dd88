"""The engine protocol (docs/protocol.md), served as a subprocess exactly as a foreign
runner would drive it: one JSON line per request, in order, and never a dead process."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
GAME = "orbit-dominion/4.2"


def schema(stem: str) -> dict:
    return json.loads((SCHEMAS / f"{stem}.schema.json").read_text(encoding="utf-8"))


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def raw(self, line: bytes) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def ask(self, request: dict) -> dict:
        return self.raw(json.dumps(request).encode())

    def close(self) -> tuple[int, bytes]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        return self.proc.wait(timeout=10), rest


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    e = Engine()
    yield e
    e.close()


def test_hello_declares_games_and_features(engine: Engine) -> None:
    answer = engine.ask({"cmd": "hello", "protocol": 1, "id": "h"})
    jsonschema.validate(answer, schema("protocol.hello.response"))
    assert answer["id"] == "h"
    assert answer["protocol"] == 1
    assert GAME in answer["games"]
    features = answer["features"]
    assert set(features) == set(answer["games"])
    assert {"perft", "violation_codes", "lenient_notation", "malformed_input"} <= set(
        features[GAME]
    )
    # features are per game: only Orbit Dominion answers perft
    assert [g for g, fs in features.items() if "perft" in fs] == [GAME]


def test_evaluate_from_the_start(engine: Engine) -> None:
    answer = engine.ask({"cmd": "evaluate", "id": 7, "game": GAME, "moves": []})
    jsonschema.validate(answer, schema("orbit-dominion.evaluate.response"))
    assert answer["id"] == 7
    assert answer["position"] == "r....bb....r/rr....bb..../R....bB....r r 0 -"
    assert len(answer["legal_moves"]) == 22
    assert answer["legal_moves"] == sorted(answer["legal_moves"])
    assert answer["outcome"] is None and answer["illegal_at"] is None


def test_evaluate_rulebook_repetition_example(engine: Engine) -> None:
    """第9条 example: after O-, O+, O-, blue's O+ would make the start occur a third time;
    the rejected action changes nothing and the same side acts again (ruling 11)."""
    answer = engine.ask(
        {"cmd": "evaluate", "game": GAME, "moves": ["O-", "O+", "O-", "O+", "I5-I4"]}
    )
    assert answer["id"] is None
    assert answer["illegal_at"] == 3
    assert answer["violation"] == "threefold_repetition"
    assert answer["position"].split()[1:] == ["r", "4", "-"]


def test_evaluate_actions_after_the_end_are_game_over(engine: Engine) -> None:
    """第8条/第10条: an action after the game is decided is rejected as game_over."""
    # red flagship M0 and a ship on I0; blue's only normal ship on I1, its flagship on I5
    answer = engine.ask(
        {
            "cmd": "evaluate",
            "game": GAME,
            "start": "............/R.........../rb...B.....r r 0 -",
            "moves": ["I0xI1", "I5-I4"],
        }
    )
    assert answer["outcome"] == {"winner": "red", "reason": "annihilation", "decided_at": 1}
    assert answer["illegal_at"] == 1 and answer["violation"] == "game_over"
    assert answer["legal_moves"] == []


def test_resign(engine: Engine) -> None:
    """第8条: the side that resigns loses, decided after the actions made."""
    answer = engine.ask({"cmd": "evaluate", "game": GAME, "moves": ["O+"], "resign": "blue"})
    assert answer["outcome"] == {"winner": "red", "reason": "resignation", "decided_at": 1}
    assert answer["legal_moves"] == []


def test_perft(engine: Engine) -> None:
    for depth, nodes in ((0, 1), (1, 22), (2, 484), (3, 11405)):
        answer = engine.ask({"cmd": "perft", "id": depth, "game": GAME, "depth": depth})
        jsonschema.validate(answer, schema("orbit-dominion.perft.response"))
        assert answer == {"id": depth, "nodes": nodes}


def test_lenient_notation_is_reported_and_strict_suggests(engine: Engine) -> None:
    lenient = engine.ask(
        {"cmd": "evaluate", "game": GAME, "moves": ["I11 → I10"], "notation": "lenient"}
    )
    assert lenient["normalized"] == [{"index": 0, "written": "I11 → I10", "canonical": "I11-I10"}]
    strict = engine.ask({"cmd": "evaluate", "game": GAME, "moves": ["I11 → I10"]})
    assert strict["error"]["code"] == "noncanonical_notation"
    assert strict["error"]["suggestion"] == "I11-I10"
    assert strict["error"]["field"] == "moves[0]"


BAD_LINES: list[tuple[bytes, str]] = [
    (b"not json", "bad_json"),
    (b"[1, 2]", "bad_request"),
    (b"", "bad_json"),
    (b"\xff\xfe\x00", "bad_encoding"),
    (b'{"cmd": "hello", "protocol": 2}', "unsupported_protocol"),
    # docs/protocol.md, hello: `protocol` is the JSON number 1; a string or a boolean is
    # another version (Python's True == 1 must not let `true` through).
    (b'{"cmd": "hello", "protocol": "1"}', "unsupported_protocol"),
    (b'{"cmd": "hello", "protocol": true}', "unsupported_protocol"),
    # docs/protocol.md, Bytes: a line starting with a byte order mark is not JSON.
    (b'\xef\xbb\xbf{"cmd": "hello", "protocol": 1}', "bad_json"),
    (b'{"cmd": "fly", "game": "orbit-dominion/4.2"}', "unknown_command"),
    (b'{"cmd": "evaluate", "game": "orbit-dominion/9.9"}', "unknown_game"),
    (b'{"cmd": "evaluate"}', "bad_request"),
    (b'{"cmd": "evaluate", "game": "orbit-dominion/4.2", "moves": "O+"}', "bad_request"),
    (b'{"cmd": "evaluate", "game": "orbit-dominion/4.2", "moves": ["Z9"]}', "malformed_action"),
    (b'{"cmd": "evaluate", "game": "orbit-dominion/4.2", "bogus": 1}', "bad_request"),
    (b'{"cmd": "perft", "game": "orbit-dominion/4.2", "depth": 99}', "bad_request"),
    (
        b'{"cmd": "evaluate", "game": "orbit-dominion/4.2", "start": "r....bb....r r 0 -"}',
        "malformed_position",
    ),
]


@pytest.mark.parametrize(("line", "code"), BAD_LINES)
def test_bad_lines_get_an_error_and_the_engine_keeps_serving(
    engine: Engine, line: bytes, code: str
) -> None:
    """Bad input never kills the engine: each bad line gets one error object."""
    answer = engine.raw(line)
    jsonschema.validate(answer, schema("protocol.error.response"))
    assert answer["error"]["code"] == code
    assert engine.ask({"cmd": "perft", "game": GAME, "depth": 1, "id": 1})["nodes"] == 22


def test_stdout_carries_only_responses() -> None:
    e = Engine()
    e.ask({"cmd": "hello"})
    e.raw(b"junk")
    code, rest = e.close()
    assert code == 0
    assert rest == b""


@pytest.mark.parametrize(
    ("request_fields", "field"),
    [
        ({"cmd": "evaluate", "moves": [3]}, "moves[0]"),
        ({"cmd": "evaluate", "moves": "O+"}, "moves"),
        ({"cmd": "perft", "depth": "x"}, "depth"),
        ({"cmd": "perft", "depth": 99}, "depth"),
    ],
)
def test_a_malformed_request_names_the_field(
    engine: Engine, request_fields: dict, field: str
) -> None:
    """Bad input names where it is wrong: the error's field locates it in the request."""
    answer = engine.ask({"game": GAME, **request_fields})
    assert answer["error"]["code"] == "bad_request"
    assert answer["error"]["field"] == field

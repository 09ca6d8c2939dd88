"""A director's record and its redaction get the same verdict (interpretation 15).

The director's record knows the base's sector from the set-up and judges every hidden check
when its event is played; the public record (``adjudicator dark-nebula redact`` of it)
defers those checks until the commitment is opened, by a revelation (10.2, 10.3) or the
post-game disclosure, wherever in the record that opening is: in an event the rules refuse
as much as in a later one. Both must name the same event and the same code and give the same
result (none when the fault comes before the game was decided), and the engine protocol's
``evaluate`` must say what ``validate`` says, its ``outcome`` and ``pending`` included.
Tested on the cases that once differed, on the samples, and on random games from the seeded
player, played as they are and mutated (events swapped, dropped, relabelled; revelations
moved, added to, refused, put elsewhere; a weak nonce throughout; the base committed to
Tyrann).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.judge.validation import validate
from adjudicator.core.read.records import ENDINGS_OUTSIDE_PLAY
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.commitment import commitment, open_commitment
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.protocol import evaluate
from adjudicator.dark_nebula.redaction import redact
from adjudicator.dark_nebula.references import RULES
from tests.dark_nebula.player import NONCE, director_game

GAME = DarkNebula()
BOARD = default_board()
SAMPLES = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
# at least 400 random records in every run of the suite, each also mutated
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "400"))
WEAK = "0123456" * 4 + "0123"  # 128 bits, but only seven distinct digits
RULE_CODES = {v.code for v in RULES.violations}

Verdict = tuple[str, str | None, int | None]
Result = dict[str, Any] | None
Checks = list[tuple[str, int]]


class Judged(NamedTuple):
    """``validate``'s verdict: status, the code and ply of the first problem, the result
    the rules decided and the checks still pending."""

    status: str
    code: str | None
    ply: int | None
    result: Result
    pending: Checks

    @property
    def first(self) -> Verdict:
        return self.status, self.code, self.ply


class Answer(NamedTuple):
    """``evaluate``'s answer: the violation, its 1-based ply, the outcome and what is
    pending."""

    violation: str | None
    ply: int | None
    outcome: Result
    pending: Checks


def judged(data: dict[str, Any]) -> Judged:
    record = GAME.read_json_record(json.loads(json.dumps(data)), lenient=False)
    verdict = validate("x", record, GAME.replay(record), lenient=False, lang="en")
    problem = verdict.problem
    return Judged(
        verdict.status,
        problem.code if problem else None,
        problem.ply if problem else None,
        verdict.computed.model_dump() if verdict.computed else None,
        [(check.code, check.ply) for check in verdict.pending],
    )


def evaluated(data: dict[str, Any]) -> Answer:
    """``evaluate``'s answer on the record's events."""
    request: dict[str, Any] = {
        "cmd": "evaluate",
        "game": "dark-nebula/2011",
        "game_id": data["game_id"],
        "commitment": data["commitment"],
        "moves": data["events"],
    }
    for key in ("secret", "interpretations", "board"):
        if key in data:
            request[key] = data[key]
    answer = evaluate(json.loads(json.dumps(request)))
    at = answer["illegal_at"]
    return Answer(
        answer["violation"],
        None if at is None else at + 1,
        answer["outcome"],
        [(check["code"], check["ply"]) for check in answer["pending"]],
    )


def assert_agree(director: dict[str, Any]) -> Judged:
    """The director's record and its redaction: same verdict, result and pending checks,
    and ``evaluate`` agrees with ``validate`` on each, its outcome and pending checks too
    (so the engine's answers on both agree as well). Only asked of a public record that
    opens the commitment with the director's nonce: one that never opens it waits
    (pending) by design."""
    public = redact(director)
    full, seen = judged(director), judged(public)
    assert full == seen, (full, seen)
    for data, verdict in ((director, full), (public, seen)):
        if verdict.status == "valid" or verdict.code in RULE_CODES:
            answer = evaluated(data)
            played = verdict.result
            if played is not None and played["reason"] in ENDINGS_OUTSIDE_PLAY:
                played = None  # a resignation is the record's, never a move's
            assert answer == (verdict.code, verdict.ply, played, verdict.pending), (answer, verdict)
    return full


def opens(data: dict[str, Any]) -> bool:
    nonce = data["secret"]["nonce"]
    for event in data["events"]:
        opening = event.get("reveal") if event["phase"] == "search" else event
        if event["phase"] in ("search", "disclosure") and opening and opening["nonce"] == nonce:
            return True
    return False


# --- the cases that once differed ---------------------------------------------------------

TURN_1 = [
    "setup: guard_ship@earth battleship@raigerin battleship@zarek guard_ship@radia",
    "1.1 empire production: -",
    "1.2 empire movement: command_ship@tyrann>raibia",
    "1.3 empire combat: -",
    "1.4 rebel production: -",
    "1.5 rebel movement: -",
    "1.6 rebel combat: -",
]
QUIET_TURN_2 = [
    "2.1 empire production: -",
    "2.2 empire movement: -",
    "2.3 empire combat: -",
    "2.4 rebel production: -",
    "2.5 rebel movement: -",
    "2.6 rebel combat: -",
]


def director(lines: list[str], base: str = "raibia", nonce: str = NONCE) -> dict[str, Any]:
    game_id = "case"
    return {
        "format": "dark-nebula-record/1",
        "game": "dark-nebula/2011",
        "game_id": game_id,
        "board": {"id": BOARD.id, "sha256": BOARD.sha256},
        "commitment": commitment(game_id, base, nonce),
        "secret": {"sector": base, "nonce": nonce},
        "events": [parse_line(line).model_dump(mode="json", by_alias=True) for line in lines],
    }


@pytest.mark.parametrize(
    ("lines", "nonce", "expected"),
    [
        pytest.param(
            [
                *TURN_1,
                "1.7 search: raibia; roll 6",
                *QUIET_TURN_2,
                f"2.7 search: raibia tyrann earth; reveal raibia {NONCE}",
            ],
            NONCE,
            ("invalid", "concealed_base", 8),
            id="10.2: the reveal is carried by a later search refused by 10.1",
        ),
        pytest.param(
            [*TURN_1, "1.7 search: raibia; roll 6", f"2.7 search: raibia; reveal raibia {NONCE}"],
            NONCE,
            ("invalid", "concealed_base", 8),
            id="10.2: the reveal is in a search out of order (5.0)",
        ),
        pytest.param(
            [*TURN_1, f"1.7 search: raibia; reveal zarek {NONCE}"],
            NONCE,
            ("invalid", "concealed_base", 8),
            id="10.2 before 3.1: the base's sector searched, the base revealed elsewhere",
        ),
        pytest.param(
            [*TURN_1, f"1.7 search: -; reveal raibia {WEAK}"],
            WEAK,
            ("invalid", "weak_nonce", 1),
            id="3.1: a weak nonce opening the commitment is the set-up's fault",
        ),
    ],
)
def test_the_public_record_gets_the_directors_verdict(
    lines: list[str], nonce: str, expected: Verdict
) -> None:
    """Interpretation 15: the opening proves the base's sector wherever it stands, in the
    refused event itself too, and the fault reported is the earliest it proves."""
    assert assert_agree(director(lines, nonce=nonce)).first == expected


def test_a_fault_proven_before_an_unreadable_event_is_reported_first() -> None:
    """10.2: an event naming a sector the board lacks stops the replay; the revelation it
    carries still proves the concealment at ply 8, as the director's record says it."""
    data = director([*TURN_1, "1.7 search: raibia; roll 6", *QUIET_TURN_2])
    data["events"].append(
        {
            "turn": 2,
            "phase": "search",
            "searches": ["raibia", "atlantis"],
            "reveal": {"sector": "raibia", "nonce": NONCE},
        }
    )
    assert judged(redact(data)) == ("invalid", "concealed_base", 8, None, [])
    assert evaluated(redact(data)) == ("concealed_base", 8, None, [])


#: The rebels win at once (4.2): the guard, alone at Tyrann, is removed by a battleship.
GUARD_FALLS = [
    "setup: guard_ship@earth battleship@raigerin battleship@zarek guard_ship@radia",
    "1.1 empire production: -",
    "1.2 empire movement: command_ship@tyrann>raibia cruiser@tyrann>imobu",
    "1.3 empire combat: -",
    "1.4 rebel production: -",
    "1.5 rebel movement: -",
    "1.6 rebel combat: -",
    "1.7 search: raibia; roll 6",
    *QUIET_TURN_2[:4],
    "2.5 rebel movement: battleship@zarek>tyrann",
    "2.6 rebel combat: tyrann: 0★ e.imperial_guard=6 | 1 r.battleship=2 / e.imperial_guard",
]


@pytest.mark.parametrize(
    ("base", "nonce", "expected"),
    [
        pytest.param("tyrann", NONCE, ("base_in_capital", 1), id="3.1: the base in the capital"),
        pytest.param("raibia", NONCE, ("concealed_base", 8), id="10.2: the base searched"),
        pytest.param("nebula-3", WEAK, ("weak_nonce", 1), id="3.1: a weak nonce"),
    ],
)
def test_a_game_won_before_the_disclosure_that_proves_a_fault_has_no_result(
    base: str, nonce: str, expected: tuple[str, int]
) -> None:
    """4.2 decides the game at ply 14, and the disclosure after it proves a fault before:
    the game was illegal from that event on (3.1, 10.2), so neither the director's record
    nor the public one has a result, and no check is pending once the commitment is
    opened. Before, the public verdict and the engine's answer kept the rebels' win, and
    the engine still listed the checks the disclosure had run."""
    data = director([*GUARD_FALLS, f"disclose: {base} {nonce}"], base=base, nonce=nonce)
    code, ply = expected
    assert assert_agree(data) == ("invalid", code, ply, None, [])
    assert evaluated(redact(data)) == (code, ply, None, [])


def test_the_win_stands_when_the_disclosure_proves_every_check() -> None:
    """4.2: the same game with the base where the searches never looked is the rebels'
    win, in both records, with nothing pending after the disclosure."""
    data = director([*GUARD_FALLS, f"disclose: nebula-3 {NONCE}"], base="nebula-3")
    data["result"] = {"winner": "rebel", "reason": "guard_destroyed"}
    won = {"winner": "rebel", "reason": "guard_destroyed", "decided_at": 14}
    assert assert_agree(data) == ("valid", None, None, won, [])


# --- the samples --------------------------------------------------------------------------


def _with_secret(data: dict[str, Any]) -> dict[str, Any] | None:
    """A public sample's director's record: its own opening known from the set-up, when
    the sample has one that opens the commitment."""
    for event in data["events"]:
        opening = event.get("reveal") if event.get("phase") == "search" else event
        if event.get("phase") not in ("search", "disclosure") or not opening:
            continue
        found = open_commitment(
            data["commitment"],
            data["game_id"],
            opening["sector"],
            opening["nonce"],
            BOARD.sector_ids,
        )
        if found.committed is not None:
            return {**data, "secret": {"sector": found.committed, "nonce": opening["nonce"]}}
    return None


@pytest.mark.parametrize(
    "path", sorted(SAMPLES.rglob("*.json")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_a_sample_and_its_redaction_agree(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    if path.parent.name == "unreadable":
        pytest.skip("an unreadable sample has no verdict on its events")
    full = data if "secret" in data else _with_secret(data)
    if full is None:
        pytest.skip("the sample never opens the commitment")
    assert_agree(full)


# --- random games, as played and mutated -------------------------------------------------


def _mutate(data: dict[str, Any], draw: Any) -> dict[str, Any]:
    """One mutation of a director's record, of the kinds that move an opening or the
    event that carries it."""
    data = copy.deepcopy(data)
    events: list[dict[str, Any]] = data["events"]
    searches = [i for i, e in enumerate(events) if e["phase"] == "search"]
    kind = draw(
        st.sampled_from(
            [
                "none",
                "swap",
                "drop",
                "turn",
                "reveal-early",
                "extra-search",
                "elsewhere",
                "weak",
                "capital",
            ]
        )
    )
    index = draw(st.integers(1, len(events) - 1)) if len(events) > 1 else 0
    if kind == "swap":
        same = [i for i, e in enumerate(events) if e["phase"] == events[index]["phase"]]
        other = events[draw(st.sampled_from(same))]
        turn = events[index].get("turn")
        events[index] = {**other, **({"turn": turn} if turn is not None else {})}
    elif kind == "drop" and index:
        del events[index]
    elif kind == "turn" and "turn" in events[index]:
        turn = events[index]["turn"]
        events[index]["turn"] = turn + draw(st.sampled_from([-1, 1] if turn > 1 else [1]))
    elif kind in ("reveal-early", "extra-search", "elsewhere") and searches:
        search = events[draw(st.sampled_from(searches))]
        if kind == "reveal-early":
            search.pop("roll", None)
            search["reveal"] = dict(data["secret"])
        elif kind == "extra-search":
            search["searches"] = [*search["searches"], draw(st.sampled_from(BOARD.sector_ids))]
        elif search.get("reveal"):
            search["reveal"]["sector"] = draw(st.sampled_from(BOARD.sector_ids))
    elif kind == "capital":  # 3.1: the base committed to Tyrann, the game played on
        data["commitment"] = commitment(data["game_id"], "tyrann", data["secret"]["nonce"])
        data["secret"]["sector"] = "tyrann"
    elif kind == "weak":
        base = data["secret"]["sector"]
        data["commitment"] = commitment(data["game_id"], base, WEAK)
        data["secret"]["nonce"] = WEAK
        for event in events:
            opening = event.get("reveal") if event["phase"] == "search" else event
            if event["phase"] in ("search", "disclosure") and opening:
                opening["nonce"] = WEAK
    return data


PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.data())
def test_a_random_record_and_its_redaction_agree(seed: int, turns: int, data: Any) -> None:
    """Interpretation 15, as a property: every director's record that the public record
    opens, as played and with a mutation, gets one verdict in both forms and from both
    ``validate`` and ``evaluate``."""
    record = director_game(seed, turns)
    assert_agree(record)
    mutated = _mutate(record, data.draw)
    if opens(mutated):
        assert_agree(mutated)

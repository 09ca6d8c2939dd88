"""Who stands where (2.3, 9.0, 10.1): the situation's counters, and the sums by side and
sector and by side and kind kept with them, which every step's look-ups (contested sectors,
own sectors, a side's presence, the counters out of the box) read instead of going through
every counter."""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.dark_nebula.plugin import DarkNebula
from adjudicator.dark_nebula.state import Situation
from tests.dark_nebula.player import random_game
from tests.dark_nebula.support import BOARD, started

GAME = DarkNebula()
EXAMPLES = int(os.environ.get("DARK_NEBULA_EXAMPLES", "30"))


def _summed(situation: Situation) -> dict[str, Counter[str]]:
    held: dict[str, Counter[str]] = {"empire": Counter(), "rebel": Counter()}
    for (sector, side, _), n in situation.counters.items():
        assert n > 0
        held[side][sector] += n
    return held


def _by_kind(situation: Situation) -> dict[str, Counter[str]]:
    fielded: dict[str, Counter[str]] = {"empire": Counter(), "rebel": Counter()}
    for (_, side, kind), n in situation.counters.items():
        fielded[side][kind] += n
    return fielded


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_the_sums_by_side_and_sector_follow_every_step(seed: int, turns: int) -> None:
    record = random_game(seed, turns)
    game_record = GAME.read_json_record(record.dump(), lenient=False)
    replay = GAME.replay(game_record)
    for event in game_record.events:
        assert replay.attempt(event.played, lenient=False).violation is None
        situation = replay.situation
        assert situation.held == _summed(situation)
        assert situation.fielded == _by_kind(situation)
        both = set(situation.held["empire"]) & set(situation.held["rebel"])
        assert situation.contested() == [s for s in BOARD.sector_ids if s in both]


def test_a_copy_keeps_its_own_sums() -> None:
    situation = started()
    work = situation.copy()
    work.remove("tyrann", "empire", "cruiser")
    work.place("zarek", "empire", "cruiser")
    assert situation.held == _summed(situation) and work.held == _summed(work)
    assert situation.fielded == _by_kind(situation) and work.fielded == _by_kind(work)
    assert situation.contested() == [] and work.contested() == ["zarek"]


def test_removing_takes_only_the_counters_there() -> None:
    situation = started()
    situation.remove("tyrann", "empire", "cruiser", 2)  # one is there
    situation.remove("earth", "empire", "cruiser")  # none is there
    assert situation.count("tyrann", "empire", "cruiser") == 0
    assert situation.held == _summed(situation)
    assert situation.fielded == _by_kind(situation)
    assert situation.sectors_of("empire") == {"tyrann"} and situation.in_use("cruiser") == 0


def test_a_situation_starts_empty_and_sums_what_is_placed() -> None:
    situation = Situation(BOARD)
    assert situation.counters == Counter() and situation.held == {"empire": {}, "rebel": {}}
    situation.place("zarek", "rebel", "battleship", 2)
    assert situation.held == {"empire": Counter(), "rebel": Counter({"zarek": 2})}
    assert situation.fielded == {"empire": Counter(), "rebel": Counter({"battleship": 2})}
    assert situation.holds("zarek", "rebel") and not situation.holds("zarek", "empire")

"""The repair search within its budgets, whatever the record (docs/repair.md, "Bounds"): on
a record near the reader's limit it answers within its budget of replays, looks at its time
where the work is done (inside a replay), holds memory for the record and not for the
record times the candidates, and gives the same answer however loaded the machine is."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

from adjudicator import load_record
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.repair.budget import LONG_RECORD
from adjudicator.core.repair.search import repair

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Registry(installed_games())
#: A Dark Nebula turn in which nothing happens; the 10.7 die rolled at its search.
QUIET_TURN = (
    "{n}.1 empire production: -\n{n}.2 empire movement: -\n{n}.3 empire combat: -\n"
    "{n}.4 rebel production: -\n{n}.5 rebel movement: -\n{n}.6 rebel combat: -\n"
    "{n}.7 search: -; roll 1\n"
)


def quiet_game(tmp_path: Path, turns: int) -> Path:
    """A Dark Nebula game of ``turns`` turns in which nothing happens, claiming an imperial
    victory the rules never decide (4.1): legal to its end, its result wrong, so that an
    edit is looked for at every one of its events."""
    header = (ROOT / "records/dark-nebula/valid/worked-game.txt").read_text("utf-8")
    header = header.split("\n\n")[0]
    setup = "setup: guard_ship@earth battleship@raigerin battleship@zarek guard_ship@radia\n"
    body = "".join(QUIET_TURN.format(n=n) for n in range(1, turns + 1))
    path = tmp_path / f"quiet-{turns}.txt"
    path.write_text(f"{header}\n\n{setup}{body}", encoding="utf-8")
    return path


def after_the_end(tmp_path: Path, moves: int) -> Path:
    """An Orbit Dominion game decided at ply 83 (Art. 7-2) with ``moves`` more actions
    written after its end (Art. 10 step 05: none may follow)."""
    text = (ROOT / "records/orbit-dominion/valid/pincer.txt").read_text("utf-8")
    body = text.rstrip().removesuffix("1-0").rstrip()
    more = ["I-", *(f"{n}. I+ I-" for n in range(43, 43 + moves // 2))]
    lines = "\n".join(" ".join(more[i : i + 8]) for i in range(0, len(more), 8))
    path = tmp_path / f"after-{moves}.txt"
    path.write_text(f"{body} {lines}\n1-0\n", encoding="utf-8")
    return path


def searched(path: Path, **budget: float) -> tuple[object, float]:
    record = load_record(path)
    game = REGISTRY.get(record.game)
    assert game is not None
    started = time.monotonic()
    found = repair(game, record, **budget)  # type: ignore[arg-type]
    return found, time.monotonic() - started


def test_a_long_record_counts_once_for_every_so_many_events(tmp_path: Path) -> None:
    """A replay of a record of 7,001 events counted as one: 100 replays of it were 700,000
    plies. Now it counts once for every LONG_RECORD events, so the budget bounds the work
    and stops the search, never the clock."""
    path = quiet_game(tmp_path, 1000)
    found, _ = searched(path, max_replays=100, seconds=600)
    assert found.searched is not None
    each = -(-7001 // LONG_RECORD)
    assert found.searched.budget_reached == "replays"
    assert found.searched.replays <= 100 // each + 1


def test_actions_after_the_end_count_as_the_record_they_make(tmp_path: Path) -> None:
    """20,000 actions after an Orbit Dominion game's end: each edited record was made,
    remembered and replayed whole, and counted as one replay."""
    path = after_the_end(tmp_path, 20_000)
    found, _ = searched(path, max_replays=100, seconds=600)
    assert found.searched is not None
    assert found.searched.budget_reached == "replays"
    assert found.searched.replays <= 100 // -(-20_083 // LONG_RECORD) + 1


def test_the_time_is_looked_at_inside_a_replay(tmp_path: Path) -> None:
    """A search of a long record with 0.2 s to spend took seconds before it first looked at
    the clock: it stood a replay before each of its 35,001 places first. Now the clock is
    looked at ply by ply, and the search says that time stopped it."""
    path = quiet_game(tmp_path, 5000)
    found, _ = searched(path, max_replays=1_000_000, seconds=0.2)
    assert found.searched is not None
    assert found.searched.budget_reached == "time"
    assert found.searched.seconds < 3


def test_memory_is_held_for_the_record_not_for_each_candidate(tmp_path: Path) -> None:
    """Each edited record was held whole, and a replay stood before every place of each:
    the search's memory grew with the record times the candidates. Now a search that tries
    ten times as many records holds about as much."""
    path = quiet_game(tmp_path, 300)
    tracemalloc.start()
    record = load_record(path)
    held = tracemalloc.get_traced_memory()[0]  # the record, as read
    tracemalloc.stop()
    game = REGISTRY.get(record.game)
    assert game is not None

    def peak(replays: int) -> int:
        tracemalloc.start()
        try:
            repair(game, record, max_replays=replays, seconds=600)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    few, many = peak(20), peak(200)
    assert many < few + held
    assert few < 2 * held

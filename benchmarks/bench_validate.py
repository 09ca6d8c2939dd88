"""Validation throughput: a folder of full-length records, against python-chess.

Run ``python benchmarks/bench_validate.py`` (``--quick`` for a smoke run). It measures, in
one run on one machine:

1. ``validate`` over a folder of full-length Orbit Dominion JSON records — reading each
   file, parsing and checking the record, replaying every action and checking the result —
   in actions per second, with one job and with two;
2. python-chess reading and validating the same number of plies from PGN files (each file
   opened and read, every SAN move parsed and checked);
3. the whole command, ``adjudicator validate DIR --jsonl`` with ``--jobs 1`` and ``--jobs 2``,
   as a user runs it, start-up included.

Targets: validation ≥ 3× python-chess's PGN plies per second; two jobs close to twice one.
A measurement, not a test: it stops with an error only if a record is not valid.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess.pgn

sys.path.insert(0, str(Path(__file__).parent))

from bench_orbit_dominion import (
    SEED,
    cli_executable,
    environment,
    random_chess_pgns,
    random_od_games,
)

from adjudicator.core.batch.files import Options, validate_paths
from adjudicator.core.registry import Registry, installed_games
from adjudicator.orbit_dominion.record import Record
from adjudicator.orbit_dominion.state import GameState

TARGET = 3.0


def write_records(games: list[list[str]], folder: Path) -> int:
    """Each game as a canonical JSON record with its true result; the number of actions."""
    actions = 0
    for i, texts in enumerate(games):
        state = GameState()
        for text in texts:
            state.attempt(text)
        outcome = state.outcome()
        result = {"winner": None, "reason": None, "resigned": None}
        if outcome is not None:
            result = {"winner": outcome.winner, "reason": outcome.reason, "resigned": None}
        record = Record.model_validate(
            {
                "format": "orbit-dominion-record/1",
                "ruleset": "orbit-dominion/4.2",
                "game_id": f"bench-{i}",
                "meta": {"event": "benchmark", "red": "A", "blue": "B"},
                "moves": texts,
                "result": result,
            }
        )
        (folder / f"game-{i:05d}.json").write_text(json.dumps(record.dump()), "utf-8")
        actions += len(texts)
    return actions


def validate_folder(folder: Path, jobs: int) -> tuple[float, int]:
    files = sorted(folder.glob("*.json"))
    registry = Registry(installed_games())
    start = time.perf_counter()
    verdicts = list(validate_paths(registry, files, Options(), jobs=jobs))
    seconds = time.perf_counter() - start
    bad = [v.source for v in verdicts if v.status != "valid"]
    if bad:
        raise RuntimeError(f"not valid: {bad[:3]}")
    return seconds, sum(v.plies for v in verdicts)


def read_pgn_files(folder: Path) -> tuple[float, int]:
    start = time.perf_counter()
    plies = 0
    for path in sorted(folder.glob("*.pgn")):
        with path.open(encoding="utf-8") as handle:
            game = chess.pgn.read_game(handle)
        if game is None or game.errors:
            raise RuntimeError(f"{path}: not read back")
        plies += sum(1 for _ in game.mainline_moves())
    return time.perf_counter() - start, plies


def whole_command(folder: Path, jobs: int) -> float:
    exe = cli_executable()
    start = time.perf_counter()
    subprocess.run(
        [exe, "validate", str(folder), "--jsonl", "--jobs", str(jobs)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--games", type=int, default=None, help="records in the folder")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept")
    args = parser.parse_args(argv)
    count = args.games or (60 if args.quick else 1000)
    rng = random.Random(SEED)
    tmp = Path(tempfile.mkdtemp(prefix="adjudicator-bench-"))
    try:
        od_dir, pgn_dir = tmp / "records", tmp / "pgn"
        od_dir.mkdir()
        pgn_dir.mkdir()
        actions = write_records(random_od_games(count, rng), od_dir)
        pgns, _ = random_chess_pgns(actions, rng)
        for i, pgn in enumerate(pgns):
            (pgn_dir / f"game-{i:05d}.pgn").write_text(pgn, "utf-8")

        one = two = chess_best = float("inf")
        plies = actions
        for _ in range(args.repeat):
            s1, n1 = validate_folder(od_dir, 1)
            s2, n2 = validate_folder(od_dir, 2)
            sc, plies = read_pgn_files(pgn_dir)
            assert n1 == n2 == actions
            one, two, chess_best = min(one, s1), min(two, s2), min(chess_best, sc)
        cmd1, cmd2 = whole_command(od_dir, 1), whole_command(od_dir, 2)
    finally:
        shutil.rmtree(tmp)

    env = environment()
    od_rate, od_rate2, chess_rate = actions / one, actions / two, plies / chess_best
    print(
        f"Python {env['python']} on {env['machine']}, {env['cores']} cores; "
        f"python-chess {env['python_chess']}"
    )
    print(f"{count} records, {actions:,} actions; {len(pgns)} PGN files, {plies:,} plies\n")
    rows = [
        ("validate, 1 job", f"{od_rate:,.0f} actions/s", f"{one:.3f} s"),
        ("validate, 2 jobs", f"{od_rate2:,.0f} actions/s", f"{two:.3f} s"),
        ("python-chess PGN files", f"{chess_rate:,.0f} plies/s", f"{chess_best:.3f} s"),
        ("adjudicator validate --jobs 1", f"{actions / cmd1:,.0f} actions/s", f"{cmd1:.3f} s"),
        ("adjudicator validate --jobs 2", f"{actions / cmd2:,.0f} actions/s", f"{cmd2:.3f} s"),
    ]
    for name, rate, seconds in rows:
        print(f"{name:32} {rate:>22} {seconds:>10}")
    ratio = od_rate / chess_rate
    met = "met" if ratio >= TARGET else "MISSED"
    print(f"\nratio to python-chess: {ratio:.2f}× (target ≥ {TARGET:g}×: {met})")
    print(f"two jobs ÷ one job: {one / two:.2f}× (whole command: {cmd1 / cmd2:.2f}×)")
    figures = {
        "records": count,
        "actions": actions,
        "chess_plies": plies,
        "validate_1job_aps": od_rate,
        "validate_2jobs_aps": od_rate2,
        "chess_pps": chess_rate,
        "ratio": ratio,
        "jobs_speedup": one / two,
        "command_1job_s": cmd1,
        "command_2jobs_s": cmd2,
        "environment": env,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""validate on a Dask cluster against local worker processes, as a user runs it.

Writes N full-length Orbit Dominion records (seeded random games, as bench_validate.py),
starts a LocalCluster of 2 worker processes (1 thread each) on this machine, and times the
whole command ``adjudicator validate DIR --jsonl`` with ``--jobs 2`` and with
``--executor dask://…``, alternating, best of ``--repeat`` rounds. The two outputs must be
identical (same verdicts, same order). Needs the extras ``bench`` and ``distributed``.

    python benchmarks/bench_distributed.py --games 10000
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_orbit_dominion import SEED, cli_executable, random_od_games
from bench_validate import write_records


def timed(command: list[str]) -> tuple[float, bytes]:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")
    return seconds, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    from distributed import LocalCluster

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        actions = write_records(random_od_games(args.games, random.Random(SEED)), folder)
        exe = [cli_executable()]
        print(
            f"{args.games} records, {actions:,} actions; {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.2f}"
        )
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            executor = "dask://" + cluster.scheduler_address.removeprefix("tcp://")
            runs = {
                "--jobs 2": [*exe, "validate", str(folder), "--jsonl", "--jobs", "2"],
                "--executor (2 workers)": [
                    *exe,
                    "validate",
                    str(folder),
                    "--jsonl",
                    "--executor",
                    executor,
                ],
            }
            best = {name: float("inf") for name in runs}
            outputs = {}
            for _ in range(args.repeat):
                for name, command in runs.items():
                    seconds, out = timed(command)
                    best[name] = min(best[name], seconds)
                    outputs[name] = out
        if len(set(outputs.values())) != 1:
            raise SystemExit("the executor's verdicts differ from --jobs 2")
        for name, seconds in best.items():
            print(f"{name:>24}: {seconds:6.2f} s  {actions / seconds:>10,.0f} actions/s")
        ratio = best["--jobs 2"] / best["--executor (2 workers)"]
        print(f"executor speed ÷ --jobs 2: {ratio:.2f}×; outputs identical")
        print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())

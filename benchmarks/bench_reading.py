"""The JSON reading as a user times it: whole ``adjudicator validate`` commands, start-up
included, run from two source trees of this project (``--tree``) on the same folders.

Run ``python benchmarks/bench_reading.py --tree A --tree B [--runs N]``: each tree's
``python -m adjudicator validate DIR`` (human report to a pipe) over ``records/`` and over a
generated folder of random legal Dark Nebula and Astro-Stra JSON records (``--count``, half
each game), the trees taking turns, ``--runs`` times each; the median and the spread of
the wall and CPU seconds per tree. Comparing a tree with a reading step and one without
it weighs that step by what it buys a user. A measurement, not a test: it stops with an
error only if the two trees give different verdicts.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_folder(folder: Path, count: int) -> None:
    """``count`` random legal JSON records, half Dark Nebula, half Astro-Stra."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "records"))
    from generate_astro_stra import random_game, record

    from adjudicator.astro_stra.record import Record
    from tests.dark_nebula.player import random_game as dark_nebula_game

    for seed in range(count // 2):
        data = dark_nebula_game(seed, 1 + seed % 6).dump()
        (folder / f"dn-{seed:04}.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    for seed in range(count - count // 2):
        draft, plays, _ = random_game(seed, limit=80)
        data = Record.model_validate(record(draft, plays, {})).dump()
        (folder / f"as-{seed:04}.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")


def run(tree: Path, folder: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds (user + system) of one whole command, and what it printed. CPU
    time is what a shared machine's load disturbs least."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "validate", str(folder)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", type=Path, action="append", required=True)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--count", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        generated = Path(tmp)
        write_folder(generated, args.count)
        for name, folder in (("records/", ROOT / "records"), (f"{args.count} JSON", generated)):
            walls: dict[Path, list[float]] = {tree: [] for tree in args.tree}
            cpus: dict[Path, list[float]] = {tree: [] for tree in args.tree}
            outputs: dict[Path, str] = {}
            for _ in range(args.runs):
                for tree in args.tree:
                    wall, cpu, out = run(tree, folder)
                    walls[tree].append(wall)
                    cpus[tree].append(cpu)
                    outputs.setdefault(tree, out)
            if len(set(outputs.values())) != 1:
                sys.exit(f"{name}: the trees give different verdicts")
            for tree in args.tree:
                print(f"{name}\t{tree}\twall {_spread(walls[tree])}\tCPU {_spread(cpus[tree])}")


def _spread(seconds: list[float]) -> str:
    """Median, then minimum – maximum."""
    low, mid, high = min(seconds), statistics.median(seconds), max(seconds)
    return f"median {mid:.3f} s ({low:.3f}–{high:.3f})"


if __name__ == "__main__":
    main()

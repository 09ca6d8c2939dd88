"""df-pn and alpha-beta side by side on midgame positions, the same budget for each.

The positions are taken from games: seeded random legal games from the standard start and
the sample records (records/orbit-dominion/valid/), at plies 15 to 70, each as a position
alone (no history), not decided. Each position is solved by each method in a child
process (``solve --method dfpn`` and ``--method alphabeta``, depth up to the move limit,
the budget in seconds on the clock), so that its peak memory is its own. Printed per
position and method: the depth settled (a win proved within N, or no forced win within
N), the answer, the positions searched, the peak memory (the child's maximum resident
set), and for a win the proof's nodes and the time ``verify`` takes to check it; then
per method the median depth settled, the wins proved, the longest win proved, and the
disagreements (a win, or a settled depth, that the other method's answer contradicts).
A measurement, not a test; the machine it ran on is shared (see benchmarks/README.md).

    python benchmarks/bench_dfpn.py                          # 12 positions, 30 s each
    python benchmarks/bench_dfpn.py --seconds 120 --count 4  # fewer, longer
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import resource
import statistics
import time
from pathlib import Path
from typing import Any

from adjudicator.orbit_dominion import STANDARD, Action, GameState, Position
from adjudicator.orbit_dominion.budget import Budget
from adjudicator.orbit_dominion.proof import verify
from adjudicator.orbit_dominion.solving import solve_state

RECORDS = Path(__file__).parent.parent / "records" / "orbit-dominion" / "valid"
METHODS = ("alphabeta", "dfpn")


def random_game_positions(count: int, seed: int) -> list[tuple[str, str]]:
    """Positions of seeded random legal games, at a random ply from 15 to 70."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    while len(out) < count:
        state = GameState(STANDARD)
        stop = rng.randint(15, 70)
        while state.position.ply < stop and state.outcome() is None:
            state.push(rng.choice(state.legal_actions()))
        if state.outcome() is None and GameState(state.position).outcome() is None:
            out.append((f"random-{len(out)}", state.position.text()))
    return out


def record_positions(count: int, seed: int) -> list[tuple[str, str]]:
    """Positions of the sample records at a random ply from 15 to 70, not decided."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    for path in sorted(RECORDS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        start = data["start"]
        position = STANDARD if start == "standard" else Position.from_text(start)
        state = GameState(position)
        if not all(isinstance(m, str) for m in data["moves"]):
            continue  # a record with comments or clocks on its actions: skipped
        moves = [Action.parse(m) for m in data["moves"]]
        last = min(70, len(moves) - 1)
        if last < 15:
            continue
        for action in moves[: rng.randint(15, last)]:
            state.push(action)
        if GameState(state.position).outcome() is None:
            out.append((f"{path.stem}-{state.position.ply}", state.position.text()))
    return out[:count]


def _child(position: str, method: str, seconds: float, out: Any) -> None:
    state = GameState(Position.from_text(position))
    solution = solve_state(state, 120, budget=Budget(None, seconds), method=method)  # type: ignore[arg-type]
    row: dict[str, Any] = solution.model_dump(exclude={"proof", "position", "history"})
    if solution.proof is not None:
        started = time.perf_counter()
        checked = verify(solution.proof)
        row["verify_seconds"] = round(time.perf_counter() - started, 3)
        row["proof_nodes"] = checked.nodes
        row["proof_valid"] = checked.fault is None
    row["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    out.send(row)


def run(position: str, method: str, seconds: float) -> dict[str, Any]:
    receive, send = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_child, args=(position, method, seconds, send))
    started = time.perf_counter()
    child.start()
    row: dict[str, Any] = receive.recv()
    child.join()
    row["wall"] = round(time.perf_counter() - started, 2)
    return row


def settled(row: dict[str, Any]) -> int:
    """The depth settled: a win (or the exact value) within N, or no forced win within N."""
    return int(row["within"]) if row["result"] in ("win", "value") else int(row["depth"])


def disagreement(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two answers contradict each other: both finished the same question with
    different answers, or one proved a win within N where the other proved none within N
    (or a different winner, or a shorter one)."""
    for x, y in ((a, b), (b, a)):
        if x["result"] in ("win", "value") and x["winner"] != "draw":
            if y["result"] in ("win", "value") and (y["winner"], y["within"]) != (
                x["winner"],
                x["within"],
            ):
                return True
            if y["result"] == "no_forced_win" and y["depth"] >= x["within"]:
                return True
    return False


def summary(rows: list[dict[str, Any]], method: str) -> dict[str, Any]:
    mine = [r[method] for r in rows]
    wins = [r for r in mine if r["result"] in ("win", "value") and r["winner"] != "draw"]
    return {
        "median_settled": statistics.median(settled(r) for r in mine),
        "wins": len(wins),
        "longest_win": max((r["within"] for r in wins), default=0),
        "nodes": sum(r["nodes"] for r in mine),
        "peak_mb": max(r["peak_mb"] for r in mine),
        "proof_nodes": [r.get("proof_nodes") for r in wins],
        "verify_seconds": [r.get("verify_seconds") for r in wins],
        "proofs_valid": all(r.get("proof_valid", True) for r in wins),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--count", type=int, default=12, help="Positions, half of each kind.")
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    half = args.count // 2
    positions = random_game_positions(args.count - half, args.seed)
    positions += record_positions(half, args.seed)
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f} at the start; {args.seconds:g} s a position"
    )
    rows = []
    for name, position in positions:
        row: dict[str, Any] = {"id": name, "position": position}
        for method in METHODS:
            r = row[method] = run(position, method, args.seconds)
            proof = (
                f" proof {r['proof_nodes']} nodes {r['verify_seconds']} s"
                if "proof_nodes" in r
                else ""
            )
            print(
                f"{name:>24} {method:>9}: settled {settled(r):>3} {r['result']} "
                f"{r['winner'] or ''} {r['within'] or ''} depth {r['depth']} "
                f"{r['nodes']:,} nodes {r['peak_mb']} MB {r['wall']} s{proof}",
                flush=True,
            )
        row["disagree"] = disagreement(row["alphabeta"], row["dfpn"])
        rows.append(row)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    for method in METHODS:
        print(method, json.dumps(summary(rows, method)))
    print("disagreements", sum(r["disagree"] for r in rows))
    print(json.dumps({"seconds": args.seconds, "rows": rows}))


if __name__ == "__main__":
    main()

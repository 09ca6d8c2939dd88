"""How deep the solver gets in 10 s and in 60 s on the positions of solve_positions.json.

For each position the depth grows from 1; each depth is solved in a child process (no
proof: the search alone). The budgets are the search's CPU time, which a shared machine
disturbs far less than the clock on the wall (printed too). Printed per position: the
deepest depth solved within each budget, its answer, CPU and wall time, positions
searched, positions per CPU second and the table's hit rate (hits / probes), then one
JSON line with every figure. A depth with a forced win or the exact value ends the
position. A measurement, not a test.

    python benchmarks/bench_solve.py                       # every position, 10 s / 60 s
    python benchmarks/bench_solve.py --only limit-8 start  # some of them
    python benchmarks/bench_solve.py --budgets 1 5         # a quick look
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import time
from pathlib import Path
from typing import Any

from adjudicator.orbit_dominion import Action, GameState, Position
from adjudicator.orbit_dominion.position import MOVE_LIMIT
from adjudicator.orbit_dominion.solve import solve

HERE = Path(__file__).parent
#: The machine is shared: a depth is given up when the clock on the wall passes this many
#: times the larger budget; within it, the budgets are the search's own CPU time.
WALL_ALLOWANCE = 4
RECORDS = HERE.parent / "records" / "orbit-dominion" / "valid"


def load_state(entry: dict[str, Any]) -> GameState:
    data = json.loads((RECORDS / entry["record"]).read_text(encoding="utf-8"))
    start = data["start"]
    state = GameState(Position.standard() if start == "standard" else Position.from_text(start))
    for text in data["moves"][: entry["after"]]:
        state.push(Action.parse(text))
    return state


def _child(entry: dict[str, Any], depth: int, out: Any) -> None:
    state = load_state(entry)
    started = time.process_time()
    solution = solve(state, depth, with_proof=False)
    out.send({**solution.model_dump(exclude={"proof"}), "cpu": time.process_time() - started})


def timed_solve(entry: dict[str, Any], depth: int, budget: float) -> dict[str, Any] | None:
    """The solution at ``depth``, or ``None`` when it takes longer than ``budget`` by
    the clock on the wall."""
    receive, send = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_child, args=(entry, depth, send))
    started = time.perf_counter()
    child.start()
    ready = receive.poll(budget)
    wall = time.perf_counter() - started
    if not ready:
        child.terminate()
        child.join()
        return None
    solution = receive.recv()
    child.join()
    solution["wall"] = wall
    return solution


def bench(entry: dict[str, Any], budgets: tuple[float, float]) -> dict[str, Any]:
    state = load_state(entry)
    room = MOVE_LIMIT - state.position.ply
    small, large = budgets
    row: dict[str, Any] = {"id": entry["id"], "position": state.position.text()}
    best: dict[float, dict[str, Any]] = {}
    for depth in range(1, room + 1):
        solution = timed_solve(entry, depth, large * WALL_ALLOWANCE)
        if solution is None or solution["cpu"] > large:
            break
        for budget in budgets:
            if solution["cpu"] <= budget:
                best[budget] = solution
        if solution["result"] != "no_forced_win":
            break  # a forced win or the exact value: deeper says nothing new
    for budget, name in ((small, "small"), (large, "large")):
        s = best.get(budget)
        if s is None:
            row[name] = None
            continue
        rate = s["nodes"] / s["cpu"] if s["cpu"] > 0 else 0.0
        hits = s["table_hits"] / s["table_probes"] if s["table_probes"] else 0.0
        row[name] = {
            "depth": s["depth"],
            "answer": f"{s['result']} {s['winner'] or ''} {s['within'] or ''}".strip(),
            "cpu": round(s["cpu"], 3),
            "wall": round(s["seconds"], 3),
            "nodes": s["nodes"],
            "nodes_per_s": round(rate),
            "hit_rate": round(hits, 4),
        }
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="Position ids to run.")
    parser.add_argument("--budgets", nargs=2, type=float, default=(10.0, 60.0))
    args = parser.parse_args()
    entries = json.loads((HERE / "solve_positions.json").read_text(encoding="utf-8"))
    chosen = [e for e in entries["positions"] if not args.only or e["id"] in args.only]
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f} at the start"
    )
    rows = []
    for entry in chosen:
        row = bench(entry, tuple(args.budgets))
        rows.append(row)
        for name, budget in (("small", args.budgets[0]), ("large", args.budgets[1])):
            s = row[name]
            if s is None:
                print(f"{row['id']:>15} ≤{budget:g}s: depth 1 not finished")
                continue
            print(
                f"{row['id']:>15} ≤{budget:g}s: depth {s['depth']:>2} {s['answer']:<22} "
                f"{s['cpu']:>6.2f}s cpu {s['wall']:>6.2f}s wall {s['nodes']:>9,} nodes "
                f"{s['nodes_per_s']:>8,}/s "
                f"hits {s['hit_rate']:.1%}"
            )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    print(json.dumps({"budgets": list(args.budgets), "rows": rows}))


if __name__ == "__main__":
    main()

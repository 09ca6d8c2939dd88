"""Every speed figure of adjudicator in one table, as a user times it.

Run ``python benchmarks/run.py`` (``--quick`` for a smoke run of a minute or two). Each figure
runs whole commands in fresh processes, start-up included, and compares them with python-chess
doing the same job in the same run on the same machine: CPU seconds (user + system) of the
process and of any worker it starts, or wall seconds where parallelism or latency is the point.
Every figure is measured ``--repeat`` times (at least 3): the table shows the best, and the
minimum / median / maximum. The machine, its load before and after, and one JSON object with
every measurement close the output.

This is a measurement, not a test: it never fails on a missed target, but it stops with an
error when a command gives a wrong answer (a record judged not valid, a wrong perft count), so a
fast but wrong build cannot report a speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.pgn

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bench_orbit_dominion import (  # noqa: E402
    OD_PERFT,
    SEED,
    cli_executable,
    cpu_model,
    random_od_games,
)
from bench_validate import write_records  # noqa: E402

#: The groups of figures, for ``--only``.
FIGURES = ["startup", "validate", "memory", "jobs", "perft", "events", "engine", "suite"]
GAME_IDS = {
    "orbit-dominion": "orbit-dominion/4.2",
    "dark-nebula": "dark-nebula/2011",
    "astro-stra": "astro-stra/0.9.0",
}


# --- running a process ----------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One finished process: CPU seconds (its own and its workers'), wall seconds, peak
    resident memory in bytes, exit code and what it printed."""

    cpu: float
    wall: float
    peak_rss: int
    code: int
    stdout: str


def child_env() -> dict[str, str]:
    """The environment of the measured commands: byte-code caching on, as after any
    ``pip install``, so that start-up is not charged for compiling the sources."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("COLUMNS", "100")
    return env


def run(argv: Sequence[str], *, stdin: str | None = None, cwd: Path = ROOT) -> Run:
    """Run ``argv`` to the end and measure it with ``wait4``: the rusage of the process and
    of the workers it waited for, never of anything else this script ran. Its output is
    read by a thread while the process runs."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=cwd,
        env=child_env(),
        text=True,
    )
    chunks: list[str] = []
    reader = threading.Thread(target=lambda: chunks.append(proc.stdout.read()))  # type: ignore[union-attr]
    reader.start()
    if stdin is not None:
        assert proc.stdin is not None
        proc.stdin.write(stdin)
        proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    reader.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(
        cpu=usage.ru_utime + usage.ru_stime,
        wall=wall,
        peak_rss=usage.ru_maxrss * 1024,
        code=proc.returncode,
        stdout="".join(chunks),
    )


#: The ``adjudicator`` command measured: by default the package installed from its wheel in a
#: fresh environment (:func:`install_wheel`), as the README's first command installs it; an
#: editable install pays for its import hook at every start-up, which no user's does.
COMMAND: list[str] = []


def install_wheel(tmp: Path) -> str:
    """Build this checkout's wheel, install it with its dependencies in a new virtual
    environment under ``tmp`` and return that environment's ``adjudicator``."""
    dist, venv = tmp / "dist", tmp / "venv"
    _quietly(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(ROOT))
    _quietly(sys.executable, "-m", "venv", str(venv))
    _quietly(str(venv / "bin" / "pip"), "install", "-q", str(next(dist.glob("*.whl"))))
    return str(venv / "bin" / "adjudicator")


def _quietly(*argv: str) -> None:
    """Run a set-up step, showing what it said only if it failed."""
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stdout}{done.stderr}")


def adjudicator(*args: str) -> list[str]:
    return [*COMMAND, *args]


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


# --- figures --------------------------------------------------------------------------------


@dataclass
class Figure:
    """One row of the table: our measurements, python-chess's (if compared), how they make
    the figure, and the target."""

    name: str
    unit: str
    ours: list[float]
    chess: list[float] = field(default_factory=list)
    #: How the row's value is made from one of our measurements and one of chess's.
    value: Callable[[float, float | None], float] = lambda ours, _chess: ours
    value_unit: str = ""
    target: str = ""
    met: Callable[[float], bool] | None = None
    note: str = ""

    def values(self) -> list[float]:
        if not self.chess:
            return [self.value(o, None) for o in self.ours]
        # Pair each of our runs with the chess run of the same round.
        return [self.value(o, c) for o, c in zip(self.ours, self.chess, strict=True)]

    def best(self) -> float:
        return min(self.ours)

    def summary(self) -> dict[str, object]:
        vals = self.values()
        best_value = self.value(min(self.ours), min(self.chess) if self.chess else None)
        return {
            "name": self.name,
            "unit": self.unit,
            "ours": self.ours,
            "chess": self.chess,
            "value": best_value,
            "value_unit": self.value_unit,
            "value_min": min(vals),
            "value_median": statistics.median(vals),
            "value_max": max(vals),
            "target": self.target,
            "met": None if self.met is None else self.met(best_value),
            "note": self.note,
        }


def rounds(repeat: int, *fns: Callable[[], float]) -> list[list[float]]:
    """Each function ``repeat`` times, taking turns, so that a slow spell of the machine hits
    every side alike."""
    out: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            out[i].append(fn())
    return out


def ratio_of_rates(our_work: int, chess_work: int) -> Callable[[float, float | None], float]:
    """Our work per second over python-chess's work per second."""

    def value(ours: float, chess_seconds: float | None) -> float:
        assert chess_seconds is not None
        return (our_work / ours) / (chess_work / chess_seconds)

    return value


# --- data -----------------------------------------------------------------------------------


def chess_game_pgn(plies: int, rng: random.Random) -> tuple[str, int]:
    """A random chess game of ``plies`` plies (fewer if it ends first) as PGN, its result
    header the one its final position gives."""
    board = chess.Board()
    while board.ply() < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return str(chess.pgn.Game.from_board(board)), board.ply()


@dataclass
class DataSet:
    """Folders of Orbit Dominion records and PGN games of matched lengths."""

    od: Path
    pgn: Path
    records: int
    actions: int
    plies: int


def make_sets(tmp: Path, sizes: list[int], rng: random.Random) -> dict[int, DataSet]:
    """Nested sets: the first N games of one sequence, linked into a folder per size."""
    largest = max(sizes)
    games = random_od_games(largest, rng)
    all_od, all_pgn = tmp / "all-od", tmp / "all-pgn"
    all_od.mkdir()
    all_pgn.mkdir()
    write_records(games, all_od)
    plies_of: list[int] = []
    for i, texts in enumerate(games):
        pgn, plies = chess_game_pgn(len(texts), rng)
        (all_pgn / f"game-{i:05d}.pgn").write_text(pgn, "utf-8")
        plies_of.append(plies)
    sets = {}
    for size in sizes:
        od, pgn = tmp / f"od-{size}", tmp / f"pgn-{size}"
        od.mkdir()
        pgn.mkdir()
        for i in range(size):
            os.link(all_od / f"game-{i:05d}.json", od / f"game-{i:05d}.json")
            os.link(all_pgn / f"game-{i:05d}.pgn", pgn / f"game-{i:05d}.pgn")
        actions = sum(len(g) for g in games[:size])
        sets[size] = DataSet(od, pgn, size, actions, sum(plies_of[:size]))
    return sets


def make_short_records(folder: Path, count: int, rng: random.Random) -> None:
    """``count`` unfinished records of ten actions each: cheap to judge, so that a batch of
    a hundred thousand shows what the command keeps per record, not the rules' time."""
    folder.mkdir()
    openings = random_od_games(50, rng)
    for i in range(count):
        moves = openings[i % len(openings)][:10]
        record = {
            "format": "orbit-dominion-record/1",
            "ruleset": "orbit-dominion/4.2",
            "game_id": f"short-{i}",
            "moves": moves,
            "result": {"winner": None, "reason": None},
        }
        (folder / f"r{i:06d}.json").write_text(json.dumps(record), "utf-8")


# --- the measurements -----------------------------------------------------------------------


def checked(r: Run, what: str, expect_code: int = 0) -> Run:
    if r.code != expect_code:
        raise RuntimeError(f"{what}: exit code {r.code}, expected {expect_code}")
    return r


#: What any command built on the required libraries pays before doing its own work: typer
#: imported, one pydantic model built and one JSON text validated with it.
DEPENDENCIES_ALONE = """import typer
from pydantic import BaseModel
class Record(BaseModel):
    moves: list[str]
Record.model_validate_json('{"moves": ["I11-I10"]}')
"""


def startup_figures(repeat: int) -> list[Figure]:
    small = ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json"
    # The interpreter of the environment the measured command is installed in.
    its_python = str(Path(COMMAND[0]).parent / "python")
    version, one, alone, chess_import = rounds(
        repeat,
        lambda: checked(run(adjudicator("--version")), "--version").cpu,
        lambda: checked(run(adjudicator("validate", str(small))), "validate").cpu,
        lambda: checked(run([its_python, "-c", DEPENDENCIES_ALONE]), "typer + pydantic").cpu,
        lambda: checked(run(python("-c", "import chess")), "import chess").cpu,
    )
    common = {
        "unit": "CPU s",
        "value": lambda ours, _c: ours,
        "value_unit": "CPU s",
        "target": "< 0.25 s",
        "met": lambda v: v < 0.25,
    }
    return [
        Figure("adjudicator --version", ours=version, chess=chess_import, **common),  # type: ignore[arg-type]
        Figure(
            f"adjudicator validate {small.relative_to(ROOT)}",
            ours=one,
            chess=chess_import,
            **common,  # type: ignore[arg-type]
        ),
        Figure(
            "for scale: the libraries alone (import typer, one pydantic model, one JSON text)",
            unit="CPU s",
            ours=alone,
            chess=chess_import,
            value_unit="CPU s",
            target="(none)",
        ),
    ]


def validate_figure(s: DataSet, repeat: int, target: float) -> Figure:
    def ours() -> float:
        r = checked(run(adjudicator("validate", str(s.od))), f"validate {s.records}")
        return r.cpu

    def reference() -> float:
        r = checked(run(python(str(HERE / "chess_validate.py"), str(s.pgn))), "chess")
        return r.cpu

    od, ch = rounds(repeat, ours, reference)
    return Figure(
        f"validate DIR, {s.records:,} records ({s.actions:,} actions / {s.plies:,} plies)",
        unit="CPU s",
        ours=od,
        chess=ch,
        value=ratio_of_rates(s.actions, s.plies),
        value_unit="× chess",
        target=f"≥ {target:g}×",
        met=lambda v, t=target: v >= t,  # type: ignore[misc]
    )


def memory_figure(small: Path, large: Path, sizes: tuple[int, int], repeat: int) -> Figure:
    def peak(folder: Path) -> float:
        r = checked(run(adjudicator("validate", str(folder))), f"validate {folder}")
        return float(r.peak_rss)

    few, many = rounds(repeat, lambda: peak(small), lambda: peak(large))
    return Figure(
        f"peak RSS, validate {sizes[1]:,} records ÷ {sizes[0]:,}",
        unit="bytes",
        ours=many,
        chess=few,
        value=lambda m, f: m / f,  # type: ignore[operator]
        value_unit="×",
        target="≤ 1.2×",
        met=lambda v: v <= 1.2,
        note="python-chess column: the peak at the smaller batch",
    )


def halves(folder: Path) -> tuple[Path, Path]:
    """Two folders beside ``folder`` linking to the first and the second half of its records."""
    files = sorted(folder.glob("*.json"))
    made = []
    for name, part in (("a", files[: len(files) // 2]), ("b", files[len(files) // 2 :])):
        half = folder.parent / f"{folder.name}-half-{name}"
        if not half.exists():
            half.mkdir()
            for f in part:
                (half / f.name).symlink_to(f.resolve())
        made.append(half)
    return made[0], made[1]


def together(*argvs: Sequence[str]) -> float:
    """Wall seconds until every one of the commands, started at once, has ended."""
    started = time.perf_counter()
    procs = [
        subprocess.Popen(list(a), stdout=subprocess.DEVNULL, cwd=ROOT, env=child_env())
        for a in argvs
    ]
    codes = [p.wait() for p in procs]
    if any(codes):
        raise RuntimeError(f"exit codes {codes} of {[list(a) for a in argvs]}")
    return time.perf_counter() - started


def jobs_figures(s: DataSet, repeat: int) -> list[Figure]:
    """``--jobs 2`` against ``--jobs 1``, and for scale what the machine gives two processes:
    the folder's two halves validated by two commands at once, each with its own start-up
    (which ``--jobs`` cannot run in parallel: its workers start from the started command)."""

    def wall(jobs: int) -> float:
        argv = adjudicator("validate", str(s.od), "--jobs", str(jobs))
        return checked(run(argv), f"validate --jobs {jobs}").wall

    a, b = halves(s.od)
    two, one, split = rounds(
        repeat,
        lambda: wall(2),
        lambda: wall(1),
        lambda: together(adjudicator("validate", str(a)), adjudicator("validate", str(b))),
    )
    return [
        Figure(
            f"validate --jobs 2 ÷ --jobs 1, {s.records:,} records, wall",
            unit="wall s",
            ours=two,
            chess=one,
            value=lambda t, o: o / t,  # type: ignore[operator]
            value_unit="× faster",
            target="≥ 1.8× (idle machine)",
            met=lambda v: v >= 1.8,
            note="python-chess column: --jobs 1",
        ),
        Figure(
            "for scale: --jobs 1 ÷ two commands at once on the two halves, wall",
            unit="wall s",
            ours=split,
            chess=one,
            value=lambda t, o: o / t,  # type: ignore[operator]
            value_unit="× faster",
            target="(none)",
            note="python-chess column: --jobs 1",
        ),
    ]


def perft_figure(depth: int, repeat: int) -> Figure:
    nodes = OD_PERFT[depth]
    chess_nodes = {3: 8902, 4: 197281, 5: 4865609}[depth]

    def ours() -> float:
        r = checked(run(adjudicator("orbit-dominion", "perft", "--depth", str(depth))), "")
        if f"nodes {nodes}" not in r.stdout:
            raise RuntimeError(f"perft({depth}) printed {r.stdout!r}, expected {nodes} nodes")
        return r.cpu

    def reference() -> float:
        r = checked(run(python(str(HERE / "chess_perft.py"), str(depth))), "chess perft")
        if int(r.stdout) != chess_nodes:
            raise RuntimeError(f"chess perft({depth}) = {r.stdout}")
        return r.cpu

    od, ch = rounds(repeat, ours, reference)
    return Figure(
        f"perft({depth}), whole process ({nodes:,} / {chess_nodes:,} nodes)",
        unit="CPU s",
        ours=od,
        chess=ch,
        value=ratio_of_rates(nodes, chess_nodes),
        value_unit="× chess",
        target="≥ 8×",
        met=lambda v: v >= 8,
    )


def per_event_figures(od_set: DataSet, repeat: int) -> list[Figure]:
    """In process: seconds per event of validating records, each game against Orbit
    Dominion's per-action cost (the sample records of Dark Nebula and Astro-Stra, as many
    times over as makes a few thousand events)."""
    from adjudicator.core.batch.files import Options, validate_paths
    from adjudicator.core.registry import Registry, installed_games

    registry = Registry(installed_games())

    def per_event(files: list[Path]) -> Callable[[], float]:
        def measure() -> float:
            started = time.process_time()
            verdicts = list(validate_paths(registry, files, Options()))
            seconds = time.process_time() - started
            bad = [v.source for v in verdicts if v.status not in ("valid", "pending")]
            if bad:
                raise RuntimeError(f"not valid: {bad[:3]}")
            return seconds / sum(v.plies for v in verdicts)

        return measure

    od_files = sorted(od_set.od.glob("*.json"))[:300]
    figures = []
    for slug in ("dark-nebula", "astro-stra"):
        samples = sorted((ROOT / "records" / slug / "valid").glob("*.json"))
        events = sum(len(json.loads(p.read_text("utf-8")).get("events", "")) or 1 for p in samples)
        files = samples * max(1, 3000 // max(events, 1))
        game, od = rounds(repeat, per_event(files), per_event(od_files))
        figures.append(
            Figure(
                f"{slug}: validate per event ÷ orbit-dominion per action, in process",
                unit="µs/event",
                ours=[g * 1e6 for g in game],
                chess=[o * 1e6 for o in od],
                value=lambda g, o: g / o,  # type: ignore[operator]
                value_unit="×",
                target="≤ 3×",
                met=lambda v: v <= 3,
                note="python-chess column: Orbit Dominion µs/action",
            )
        )
    return figures


def evaluate_figure(games: list[list[str]], requests: int, repeat: int) -> Figure:
    """``evaluate`` of a 60-action game, requests answered per second by one engine process
    over a pipe (after its start-up and ``hello``); the writer and the reader are separate
    threads, as an engine author's harness would have them."""
    game = next(g for g in games if len(g) > 60)[:60]
    lines = [
        json.dumps({"cmd": "evaluate", "id": i, "game": GAME_IDS["orbit-dominion"], "moves": game})
        + "\n"
        for i in range(requests)
    ]

    def rate() -> float:
        proc = subprocess.Popen(
            adjudicator("engine"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=child_env(),
            text=True,
            bufsize=1,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write('{"cmd":"hello","protocol":1}\n')
        proc.stdin.flush()
        proc.stdout.readline()
        stdin = proc.stdin

        def write() -> None:
            stdin.writelines(lines)
            stdin.flush()

        started = time.perf_counter()
        writer = threading.Thread(target=write)
        writer.start()
        answers = [proc.stdout.readline() for _ in range(requests)]
        seconds = time.perf_counter() - started
        writer.join()
        proc.stdin.close()
        proc.wait()
        last = json.loads(answers[-1])
        if last.get("illegal_at") is not None or "error" in last:
            raise RuntimeError(f"evaluate answered {answers[-1][:200]}")
        return seconds / requests

    (per_request,) = rounds(repeat, rate)
    return Figure(
        f"engine evaluate, 60-action game, {requests:,} requests over a pipe",
        unit="s/request",
        ours=per_request,
        value=lambda s, _c: 1 / s,
        value_unit="requests/s",
        target="≥ 2,000/s",
        met=lambda v: v >= 2000,
    )


def conformance_figures(repeat: int) -> list[Figure]:
    figures = []
    for slug in GAME_IDS:
        argv = adjudicator("conformance", "run", "--game", slug)
        (walls,) = rounds(repeat, lambda a=argv: checked(run(a), " ".join(a)).wall)
        figures.append(
            Figure(
                f"conformance run --game {slug}, wall",
                unit="wall s",
                ours=walls,
                value=lambda w, _c: w,
                value_unit="wall s",
                target="< 1 s (idle machine)",
                met=lambda v: v < 1,
            )
        )
    return figures


# --- report ---------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    return {
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python_chess": chess.__version__,
        "load_average": os.getloadavg(),
    }


def fmt(x: float, unit: str) -> str:
    if unit == "bytes":
        return f"{x / 2**20:,.1f} MiB"
    if unit == "s/request":
        return f"{x * 1e6:,.0f} µs"
    if unit == "µs/event":
        return f"{x:,.1f} µs"
    return f"{x:,.3f} s"


def fmt_value(x: float, unit: str) -> str:
    if unit == "requests/s":
        return f"{x:,.0f}/s"
    if unit in ("CPU s", "wall s"):
        return f"{x:.3f} s"
    return f"{x:.2f}×"


def table(figures: list[Figure]) -> list[list[str]]:
    rows = [["figure", "ours", "python-chess", "result", "min / median / max", "target", "met"]]
    for f in figures:
        s = f.summary()
        vals = [s["value_min"], s["value_median"], s["value_max"]]
        spread = " / ".join(fmt_value(v, f.value_unit) for v in vals)  # type: ignore[arg-type]
        met = s["met"]
        rows.append(
            [
                f.name,
                fmt(min(f.ours), f.unit),
                fmt(min(f.chess), f.unit) if f.chess else "",
                fmt_value(s["value"], f.value_unit),  # type: ignore[arg-type]
                spread,
                f.target,
                "" if met is None else ("yes" if met else "NO"),
            ]
        )
    return rows


def print_markdown(rows: list[list[str]]) -> None:
    print("| " + " | ".join(rows[0]) + " |")
    print("|" + "---|" * len(rows[0]))
    for row in rows[1:]:
        print("| " + " | ".join(row) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (≥ 3)")
    parser.add_argument(
        "--only",
        action="append",
        choices=FIGURES,
        help="measure only these figures (repeatable)",
    )
    parser.add_argument(
        "--editable",
        action="store_true",
        help="measure the adjudicator command of this environment instead of the wheel "
        "installed in a fresh one (quicker to set up; start-up then pays for the editable "
        "install's import hook)",
    )
    args = parser.parse_args(argv)
    only = set(args.only or FIGURES)
    repeat = max(1, args.repeat)
    sizes = [20, 100, 200] if args.quick else [100, 1000, 10000]
    targets = dict(zip(sizes, (1.5, 5.0, 6.0), strict=True))
    memory_sizes = (100, 2000) if args.quick else (1000, 100_000)
    depth = 4 if args.quick else 5

    before = machine()
    rng = random.Random(SEED)
    figures: list[Figure] = []
    failure: Exception | None = None
    tmp = Path(tempfile.mkdtemp(prefix="adjudicator-run-"))
    try:
        COMMAND[:] = [cli_executable() if args.editable else install_wheel(tmp)]
        # Warm the caches a first run fills (byte code, the file system), unmeasured.
        run(adjudicator("--version"))
        run(python("-c", "import chess"))
        needs_sets = only & {"validate", "jobs", "events", "engine"}
        sets = make_sets(tmp, sizes, rng) if needs_sets else {}
        if "startup" in only:
            figures += startup_figures(repeat)
        if "validate" in only:
            for size in sizes:
                figures.append(validate_figure(sets[size], repeat, targets[size]))
        if "memory" in only:
            small, large = tmp / "short-small", tmp / "short-large"
            make_short_records(small, memory_sizes[0], random.Random(SEED))
            make_short_records(large, memory_sizes[1], random.Random(SEED))
            figures.append(memory_figure(small, large, memory_sizes, repeat))
        if "jobs" in only:
            figures += jobs_figures(sets[sizes[-1]], repeat)
        if "perft" in only:
            figures.append(perft_figure(depth, repeat))
        if "events" in only:
            figures += per_event_figures(sets[sizes[1]], repeat)
        if "engine" in only:
            od_games = random_od_games(50, random.Random(SEED))
            figures.append(evaluate_figure(od_games, 500 if args.quick else 3000, repeat))
        if "suite" in only:
            figures += conformance_figures(repeat)
    except Exception as exc:  # the figures measured so far are still printed
        failure = exc
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    after = machine()

    rows = table(figures)
    print(
        f"adjudicator benchmarks, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
        f"each figure {repeat} runs, best shown"
    )
    print(
        f"machine: Python {before['python']}, {before['platform']}, {before['cpu']}, "
        f"{before['cores']} cores; python-chess {before['python_chess']}"
    )
    installed = "this environment's (editable)" if args.editable else "installed from its wheel"
    print(f"adjudicator command: {installed}")
    load_before = ", ".join(f"{x:.2f}" for x in before["load_average"])  # type: ignore[attr-defined]
    load_after = ", ".join(f"{x:.2f}" for x in after["load_average"])  # type: ignore[attr-defined]
    print(f"load average (1, 5, 15 min): {load_before} before, {load_after} after\n")
    print_markdown(rows)
    print(
        json.dumps(
            {
                "machine": before,
                "load_after": after["load_average"],
                "repeat": repeat,
                "quick": args.quick,
                "editable": args.editable,
                "figures": [f.summary() for f in figures],
            },
            ensure_ascii=False,
        )
    )
    if failure is not None:
        print(f"stopped before the other figures: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Orbit Dominion against python-chess, measured in one run on one machine.

Run ``python benchmarks/bench_orbit_dominion.py`` (``--quick`` for a smoke run of a few
seconds). It is a measurement, not a test: it always exits 0 once every count is right, and
prints a table and, as its last line, one JSON object with every figure.

Why python-chess: it is the reference a reader of this project knows, a mature rules library
in pure Python with the same kind of design (bit masks, a move stack). Comparing against it
in the same process on the same machine cancels out the machine and the Python version,
which absolute figures from another machine would not.

Figures:

1. perft nodes per second, Orbit Dominion at depth 5 against chess at depth 5, both counting
   the leaves in bulk (the length of the legal move list at depth 1), as engine authors do.
2. The CLI's ``perft --depth 5`` as a whole process: what a user sees, start-up included.
3. Replay throughput: recorded games read back from text, every action judged and played,
   against python-chess reading and validating the same order of plies as PGN.
4. The memory of a replay, short game against long game: it should grow with the number
   of actions and nothing else.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import chess
import chess.pgn

from adjudicator.orbit_dominion.perft import perft
from adjudicator.orbit_dominion.state import GameState

#: Known perft counts, so that a fast but wrong count can never be reported as a speed.
OD_PERFT = {1: 22, 2: 484, 3: 11405, 4: 269184, 5: 6686882}
CHESS_PERFT = {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609}

PERFT_TARGET = 2.0  # Orbit Dominion perft nodes/s ÷ chess perft nodes/s
REPLAY_TARGET = 3.0  # Orbit Dominion replay actions/s ÷ PGN read plies/s

CHESS_MAX_PLIES = 200
SEED = 20261129


@dataclass(frozen=True)
class Settings:
    """How much work one run does; ``--quick`` only makes every figure cheaper."""

    od_depth: int
    chess_depth: int
    cli_depth: int
    games: int
    repeat: int
    #: The replay takes a fraction of a second a round: more rounds cost little and steady it.
    replay_repeat: int


FULL = Settings(od_depth=5, chess_depth=5, cli_depth=5, games=300, repeat=3, replay_repeat=7)
QUICK = Settings(od_depth=4, chess_depth=4, cli_depth=3, games=30, repeat=2, replay_repeat=3)


# --- timing ---------------------------------------------------------------------------------


def timed(fn: Callable[[], int]) -> tuple[float, int]:
    """Seconds and result of one call. A collection first, so that garbage left by the
    previous measurement is not collected (and charged) inside this one."""
    gc.collect()
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def best_of_interleaved(
    runs: dict[str, Callable[[], int]], repeat: int
) -> dict[str, tuple[float, int]]:
    """Best time of each run over ``repeat`` rounds, the runs taking turns in each round.

    Taking turns spreads a slow spell of the machine (another process, a frequency change)
    over both sides instead of one; the best time is the one least disturbed by such spells,
    and the result of every call must agree with the first.
    """
    best: dict[str, tuple[float, int]] = {}
    for _ in range(repeat):
        for name, fn in runs.items():
            seconds, result = timed(fn)
            if name in best and result != best[name][1]:
                raise RuntimeError(f"{name}: {result} this round, {best[name][1]} before")
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, result)
    return best


def checked(name: str, got: int, known: dict[int, int], depth: int) -> int:
    if depth in known and got != known[depth]:
        raise RuntimeError(f"{name} perft({depth}) = {got}, expected {known[depth]}")
    return got


# --- 1. perft -------------------------------------------------------------------------------


def chess_perft(board: chess.Board, depth: int) -> int:
    """The standard recursive perft with bulk counting at the leaves, as python-chess's own
    perft example does: at depth 1 the legal moves are counted, not played."""
    if depth == 1:
        return board.legal_moves.count()
    if depth < 1:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


@dataclass
class PerftFigures:
    od_depth: int
    od_nodes: int
    od_seconds: float
    od_nps: float
    chess_depth: int
    chess_nodes: int
    chess_seconds: float
    chess_nps: float
    ratio: float


def bench_perft(s: Settings) -> PerftFigures:
    best = best_of_interleaved(
        {
            "od": lambda: perft(GameState(), s.od_depth),
            "chess": lambda: chess_perft(chess.Board(), s.chess_depth),
        },
        s.repeat,
    )
    od_seconds, od_nodes = best["od"]
    chess_seconds, chess_nodes = best["chess"]
    checked("Orbit Dominion", od_nodes, OD_PERFT, s.od_depth)
    checked("chess", chess_nodes, CHESS_PERFT, s.chess_depth)
    od_nps, chess_nps = od_nodes / od_seconds, chess_nodes / chess_seconds
    return PerftFigures(
        s.od_depth,
        od_nodes,
        od_seconds,
        od_nps,
        s.chess_depth,
        chess_nodes,
        chess_seconds,
        chess_nps,
        od_nps / chess_nps,
    )


# --- 2. the CLI as a whole process ----------------------------------------------------------


@dataclass
class CliFigures:
    command: str
    depth: int
    nodes: int
    wall_seconds: float
    wall_nps: float
    reported_seconds: float
    startup_seconds: float


def cli_executable() -> str:
    """The ``adjudicator`` script of this interpreter's environment (the venv that runs the
    benchmark), so that the CLI measured is the package measured in-process."""
    beside = Path(sys.executable).with_name("adjudicator")
    if beside.exists():
        return str(beside)
    found = shutil.which("adjudicator")
    if found is None:
        raise RuntimeError("the adjudicator command is not installed (pip install -e .)")
    return found


_CLI_LINE = re.compile(r"nodes (\d+)\s+time ([0-9.]+)s")


def bench_cli(s: Settings) -> CliFigures:
    """Wall clock of the whole process, best of ``repeat``. The CLI prints its own in-process
    time too; the difference is what start-up (interpreter, imports, rule data) costs."""
    argv = [cli_executable(), "orbit-dominion", "perft", "--depth", str(s.cli_depth)]
    best: tuple[float, int, float] | None = None
    for _ in range(s.repeat):
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
        m = _CLI_LINE.search(done.stdout)
        if m is None:
            raise RuntimeError(f"unexpected CLI output: {done.stdout!r}")
        nodes = checked("CLI", int(m[1]), OD_PERFT, s.cli_depth)
        if best is None or wall < best[0]:
            best = (wall, nodes, float(m[2]))
    assert best is not None
    wall, nodes, reported = best
    command = "adjudicator " + " ".join(argv[1:])
    return CliFigures(command, s.cli_depth, nodes, wall, nodes / wall, reported, wall - reported)


# --- 3. replay from text --------------------------------------------------------------------


def random_od_games(count: int, rng: random.Random) -> list[list[str]]:
    """Full games of uniformly random legal actions, each kept as its canonical texts: what a
    record holds. Random play ends most games by a pincer or at the 120-action limit."""
    games = []
    for _ in range(count):
        state = GameState()
        texts: list[str] = []
        while state.outcome() is None:
            actions = state.legal_actions()
            if not actions:
                break
            action = rng.choice(actions)
            texts.append(str(action))
            state.push(action)
        games.append(texts)
    return games


def random_chess_pgns(min_plies: int, rng: random.Random) -> tuple[list[str], int]:
    """Random chess games as PGN, until they hold at least ``min_plies`` plies in all, so that
    both replays do the same order of work (a random game runs to the ply cap far more often
    than it ends, so chess games are longer than Orbit Dominion's)."""
    pgns: list[str] = []
    plies = 0
    while plies < min_plies:
        board = chess.Board()
        while board.ply() < CHESS_MAX_PLIES and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        plies += board.ply()
        pgns.append(str(chess.pgn.Game.from_board(board)))
    return pgns, plies


def replay_od(texts: list[str]) -> GameState:
    """Replay one game from its texts as a record is replayed: read, judge, play each action,
    then rule on the end."""
    state = GameState()
    for text in texts:
        _, violation = state.attempt(text)
        assert violation is None, (text, violation)
    state.outcome()
    return state


def replay_od_all(games: list[list[str]]) -> int:
    actions = 0
    for texts in games:
        actions += len(replay_od(texts).actions)
    return actions


def read_pgns(pgns: list[str]) -> int:
    """python-chess's PGN reader parses the tags and every SAN move, checking each against the
    legal moves of its position; the plies are counted along the mainline."""
    plies = 0
    for text in pgns:
        game = chess.pgn.read_game(io.StringIO(text))
        if game is None or game.errors:
            raise RuntimeError(f"PGN not read back: {game.errors if game else text[:80]!r}")
        plies += sum(1 for _ in game.mainline_moves())
    return plies


@dataclass
class ReplayFigures:
    od_games: int
    od_actions: int
    od_seconds: float
    od_aps: float
    chess_games: int
    chess_plies: int
    chess_seconds: float
    chess_pps: float
    ratio: float
    od_endings: dict[str, int]


def endings(games: list[list[str]]) -> dict[str, int]:
    """How the random games ended: shows which rules the replay exercised."""
    out: dict[str, int] = {}
    for texts in games:
        outcome = replay_od(texts).outcome()
        reason = "undecided" if outcome is None else outcome.reason
        out[reason] = out.get(reason, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def bench_replay(s: Settings, games: list[list[str]], pgns: list[str]) -> ReplayFigures:
    best = best_of_interleaved(
        {"od": lambda: replay_od_all(games), "chess": lambda: read_pgns(pgns)}, s.replay_repeat
    )
    od_seconds, od_actions = best["od"]
    chess_seconds, chess_plies = best["chess"]
    od_aps, chess_pps = od_actions / od_seconds, chess_plies / chess_seconds
    return ReplayFigures(
        len(games),
        od_actions,
        od_seconds,
        od_aps,
        len(pgns),
        chess_plies,
        chess_seconds,
        chess_pps,
        od_aps / chess_pps,
        endings(games),
    )


# --- 4. memory of a replay ------------------------------------------------------------------


@dataclass
class MemoryFigures:
    actions: int
    peak_bytes: int
    retained_bytes: int
    bytes_per_action: float


def replay_memory(texts: list[str]) -> MemoryFigures:
    """Peak and retained memory of one replay, the texts themselves not counted (they exist
    before the measurement). A warm-up replay first, so that one-time allocations (caches,
    lazily loaded rule data) are not charged to the game."""
    replay_od(texts)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        state = replay_od(texts)
        current, peak = tracemalloc.get_traced_memory()
        del state
    finally:
        tracemalloc.stop()
    n = len(texts)
    return MemoryFigures(n, peak - base, current - base, (peak - base) / max(n, 1))


def pick_memory_games(games: list[list[str]]) -> tuple[list[str], list[str]]:
    """A short game (the one closest to 20 actions) and the longest one (120 at the limit)."""
    short = min(games, key=lambda g: (abs(len(g) - 20), len(g)))
    long = max(games, key=len)
    return short, long


def profile_replay(games: list[list[str]], top: int) -> None:
    """cProfile of the Orbit Dominion replay, the engine's functions by their own time: where
    to look when the replay figure misses its target. Timing figures under the profiler are
    inflated and are not reported."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(replay_od_all, games)
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(r"adjudicator[/\\]", top)


# --- report ---------------------------------------------------------------------------------


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def environment() -> dict[str, str | int | None]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python_chess": chess.__version__,
    }


def verdict(ratio: float, target: float) -> str:
    return f"≥ {target:g}×: {'met' if ratio >= target else 'MISSED'}"


def print_table(
    env: dict[str, str | int | None],
    p: PerftFigures,
    c: CliFigures,
    r: ReplayFigures,
    short: MemoryFigures,
    long: MemoryFigures,
    s: Settings,
) -> None:
    """The figures in one short table, then what each was measured on."""
    print(
        f"Python {env['python']} ({env['implementation']}) on {env['machine']}, "
        f"{env['cpu']}, {env['cores']} cores; python-chess {env['python_chess']}"
    )
    print(
        f"{env['platform']}; best of {s.repeat} rounds ({s.replay_repeat} for the replay), "
        "the two sides interleaved\n"
    )
    rows = [
        ("figure", "Orbit Dominion", "python-chess", "ratio", "target"),
        (
            f"perft nodes/s (depth {p.od_depth} / {p.chess_depth})",
            f"{p.od_nps:,.0f}",
            f"{p.chess_nps:,.0f}",
            f"{p.ratio:.2f}×",
            verdict(p.ratio, PERFT_TARGET),
        ),
        (
            f"CLI perft --depth {c.depth}, whole process",
            f"{c.wall_nps:,.0f} nodes/s",
            "",
            "",
            "",
        ),
        (
            "replay from text, per s",
            f"{r.od_aps:,.0f} actions",
            f"{r.chess_pps:,.0f} plies",
            f"{r.ratio:.2f}×",
            verdict(r.ratio, REPLAY_TARGET),
        ),
    ]
    for m in (short, long):
        rows.append(
            (
                f"replay peak memory, {m.actions} actions",
                f"{m.peak_bytes:,} B",
                "",
                f"{m.bytes_per_action:,.0f} B/action",
                "",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    print(
        f"perft: Orbit Dominion {p.od_nodes:,} nodes in {p.od_seconds:.3f}s, "
        f"chess {p.chess_nodes:,} nodes in {p.chess_seconds:.3f}s"
    )
    print(
        f"CLI: `{c.command}`: {c.nodes:,} nodes in {c.wall_seconds:.3f}s wall clock, of which "
        f"{c.reported_seconds:.3f}s counting (the CLI's own figure) and "
        f"{c.startup_seconds:.3f}s start-up"
    )
    print(
        f"replay: Orbit Dominion {r.od_actions:,} actions of {r.od_games} games in "
        f"{r.od_seconds:.3f}s; chess {r.chess_plies:,} plies of {r.chess_games} PGN games "
        f"in {r.chess_seconds:.3f}s"
    )
    print(f"random games ended by: {', '.join(f'{k} {v}' for k, v in r.od_endings.items())}")
    if long.actions > short.actions:
        marginal = (long.peak_bytes - short.peak_bytes) / (long.actions - short.actions)
        print(
            f"memory: {marginal:,.0f} B more peak per further action; kept after the replay "
            f"{short.retained_bytes:,} B and {long.retained_bytes:,} B"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="lower depths and counts: a smoke run of seconds"
    )
    parser.add_argument("--repeat", type=int, help="rounds per figure (best is kept)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="only profile the Orbit Dominion replay (cProfile) and print its hot spots",
    )
    args = parser.parse_args(argv)
    s = QUICK if args.quick else FULL
    if args.repeat is not None:
        n = max(1, args.repeat)
        s = Settings(s.od_depth, s.chess_depth, s.cli_depth, s.games, n, n)

    if args.profile:
        profile_replay(random_od_games(s.games, random.Random(SEED)), top=15)
        return 0
    env = environment()
    perft_figures = bench_perft(s)
    cli_figures = bench_cli(s)
    games = random_od_games(s.games, random.Random(SEED))
    pgns, _ = random_chess_pgns(sum(map(len, games)), random.Random(SEED))
    replay_figures = bench_replay(s, games, pgns)
    short_game, long_game = pick_memory_games(games)
    short, long = replay_memory(short_game), replay_memory(long_game)

    print_table(env, perft_figures, cli_figures, replay_figures, short, long, s)
    figures = {
        "quick": args.quick,
        "settings": asdict(s),
        "environment": env,
        "perft": asdict(perft_figures),
        "cli": asdict(cli_figures),
        "replay": asdict(replay_figures),
        "memory": [asdict(short), asdict(long)],
        "targets": {"perft_ratio": PERFT_TARGET, "replay_ratio": REPLAY_TARGET},
    }
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

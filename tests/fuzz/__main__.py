"""The long fuzz run: every parser (or those named) for N minutes each, with Hypothesis
drawing fresh inputs batch after batch; then the corpus measured. Prints, per parser, the
inputs tried and the failures found (each with the input, shrunk): an internal error, a
record left unjudged, a record whose text and JSON forms do not convert into each other
exactly; then the worst time and peak memory over the hostile corpus.

    python -m tests.fuzz --minutes 10                 # every parser, 10 minutes each
    python -m tests.fuzz --minutes 2 request board    # only these
    python -m tests.fuzz --corpus                     # only measure the corpus

Exit code 1 if any failure was found. Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

from tests.fuzz.targets import Target, by_name, targets
from tests.hostile.corpus import entries, judge, traced_peak

BATCH = 500


def fuzz(target: Target, seconds: float) -> tuple[int, list[str]]:
    """Inputs tried and failures found in about ``seconds``."""
    tried = 0
    failures: list[str] = []
    deadline = time.monotonic() + seconds

    @settings(
        max_examples=BATCH,
        deadline=None,
        database=None,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(target.strategy)
    def run(text: str) -> None:
        nonlocal tried
        if time.monotonic() > deadline:
            return
        tried += 1
        target.check(text)

    while time.monotonic() < deadline:
        try:
            run()
        except Exception as exc:  # failures, shrunk by Hypothesis: report and go on
            for one in getattr(exc, "exceptions", [exc]):
                notes = " ".join(getattr(one, "__notes__", []))
                failures.append(f"{type(one).__name__}: {str(one)[:300]} {notes[:500]}")
    return tried, failures


def measure_corpus() -> tuple[str, float, str, int]:
    """The slowest corpus input and its time, the most memory-hungry and its peak."""
    slowest, worst_time, hungriest, worst_peak = "", 0.0, "", 0
    with tempfile.TemporaryDirectory() as tmp:
        for entry in entries():
            started = time.perf_counter()
            judge(entry, Path(tmp))
            elapsed = time.perf_counter() - started
            if elapsed > worst_time:
                slowest, worst_time = entry.name, elapsed
        for entry in entries():
            peak = traced_peak(entry, Path(tmp))
            if peak > worst_peak:
                hungriest, worst_peak = entry.name, peak
    return slowest, worst_time, hungriest, worst_peak


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("targets", nargs="*", help="parsers to fuzz (default: all)")
    parser.add_argument("--minutes", type=float, default=1.0, help="per parser")
    parser.add_argument("--corpus", action="store_true", help="only measure the corpus")
    args = parser.parse_args()
    found = 0
    if not args.corpus:
        chosen = [by_name()[n] for n in args.targets] if args.targets else targets()
        for target in chosen:
            tried, failures = fuzz(target, args.minutes * 60)
            found += len(failures)
            print(f"{target.name}: {tried} inputs, {len(failures)} failures", flush=True)
            for failure in failures:
                print(f"  {failure}", flush=True)
    slowest, seconds, hungriest, peak = measure_corpus()
    print(
        f"corpus ({len(entries())} inputs): worst time {seconds:.3f} s ({slowest}); "
        f"peak memory {peak / (1 << 20):.1f} MB ({hungriest})"
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

"""Every answer of ``adjudicator engine`` to the conformance suite's requests, saved to a
file to compare.

A change meant to keep the protocol's answers (a loop moved into the core, a game's
payload rewritten) is checked by saving these answers before and after and comparing the
two files byte for byte. Each case of ``conformance/compiled/*.json`` is sent as the
runner sends it, and so is every prefix of its moves, each in both notations (so that the
answers before a case's last event, and to what strict notation refuses, are compared
too); a perft case sends its perft requests, and an Orbit Dominion line is also sent
with each side resigning and each forfeit.

    python -m tests.engine_answers before.jsonl     # on the old tree
    python -m tests.engine_answers after.jsonl      # on the new one
    cmp before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "conformance" / "compiled"
NOTATIONS = ("strict", "lenient")
#: Orbit Dominion's endings outside play, each sent after a line (``evaluate``).
OD_ENDINGS: tuple[dict[str, str], ...] = (
    {"resign": "red"},
    {"resign": "blue"},
    {"forfeit": "red"},
    {"forfeit": "draw"},
    {"resign": "red", "forfeit": "blue"},
)


def cases() -> Iterator[tuple[str, dict[str, Any]]]:
    """Each game id with each of its cases, in the compiled files' order."""
    for path in sorted(COMPILED.glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8"))["files"]:
            case_file = entry["case_file"]
            for case in case_file["cases"]:
                yield case_file["game"], case


def request(game: str, case: dict[str, Any], cmd: str, **extra: Any) -> dict[str, Any]:
    """The request the conformance runner sends for ``case`` (its ``_ask``)."""
    sent: dict[str, Any] = {"cmd": cmd, "id": case["id"], "game": game}
    sent["start"] = case.get("start", "standard")
    sent["moves"] = case.get("moves", [])
    if case.get("notation", "strict") != "strict":
        sent["notation"] = case["notation"]
    sent.update(case.get("request", {}))
    sent.update(extra)
    return sent


def requests() -> Iterator[dict[str, Any]]:
    """Every request compared: each case as sent, then its variants."""
    for game, case in cases():
        expect = case.get("expect", {})
        for depth in sorted(expect.get("perft") or {}, key=int):
            yield request(game, case, "perft", depth=int(depth))
        if expect.get("divide"):
            yield request(game, case, "perft", depth=expect["divide"]["depth"], divide=True)
        yield request(game, case, "evaluate")
        moves = case.get("moves", [])
        for end in range(len(moves) + 1):
            for notation in NOTATIONS:
                yield request(game, case, "evaluate", moves=moves[:end], notation=notation)
        if game.startswith("orbit-dominion/"):
            for ending in OD_ENDINGS:
                yield request(game, case, "evaluate", **ending)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="file to write the answers to, one a line")
    args = parser.parse_args(argv)
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests())
    engine = [sys.executable, "-m", "adjudicator", "engine"]
    done = subprocess.run(engine, input=lines.encode(), capture_output=True, check=True)
    args.out.write_bytes(done.stdout)
    sent, answered = lines.count("\n"), done.stdout.count(b"\n")
    print(f"{sent} requests, {answered} answers -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

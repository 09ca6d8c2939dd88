"""Every output of the record commands on every sample, saved to a folder to compare.

A change meant to keep behaviour (a move of modules, a new reader under the same answers)
is checked by saving these outputs before and after and comparing the two folders byte for
byte: ``validate`` (plain, ``--codes``, ``--json``, ``--summary csv``), ``replay`` (text and
SVG with its caption) and ``adjudicate`` (the rulings the docs show, text and SVG), in
English and Japanese, with each command's exit code.

    python -m tests.golden_outputs before/      # on the old tree
    python -m tests.golden_outputs after/       # on the new one
    diff -r before/ after/
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "ja")

# (name, arguments) of the rulings the docs show, each also drawn
RULINGS: tuple[tuple[str, list[str]], ...] = (
    (
        "od-position",
        [
            "--game",
            "orbit-dominion",
            "--position",
            "r....bb....r/rr....bb..../R....bB....r r 0 -",
            "--action",
            "O0-I0",
        ],
    ),
    (
        "od-history",
        [
            "--game",
            "orbit-dominion",
            "--position",
            "r....bb....r/rr....bb..../R....bB....r b 1 -",
            "--history",
            "....bb....rr/rr....bb..../R....bB....r r 1 -",
            "--action",
            "O+",
        ],
    ),
    (
        "od-threefold",
        [
            "--record",
            "records/orbit-dominion/invalid/threefold-repetition.json",
            "--at",
            "4",
            "--action",
            "O+",
        ],
    ),
    (
        "od-pincer",
        ["--record", "records/orbit-dominion/valid/pincer.json", "--at", "3", "--action", "O0-I0"],
    ),
    (
        "dn-production",
        [
            "--record",
            "records/dark-nebula/valid/worked-game.json",
            "--at",
            "2",
            "--action",
            "1.1 empire production: cruiser@tyrann cruiser@tyrann; extra battleship@tyrann",
        ],
    ),
    (
        "od-solve",
        [
            "--record",
            "records/orbit-dominion/valid/unfinished.json",
            "--at",
            "31",
            "--solve",
            "--depth",
            "2",
        ],
    ),
)


def samples() -> list[Path]:
    """Every sample record, in name order."""
    return sorted(p for p in (ROOT / "records").rglob("*") if p.is_file())


def jobs() -> Iterator[tuple[str, list[str]]]:
    """(output file name, command arguments) of every output saved."""
    for record in samples():
        name = str(record.relative_to(ROOT / "records")).replace("/", "__")
        rel = str(record.relative_to(ROOT))
        for lang in LANGS:
            tail = ["--lang", lang]
            yield f"{name}.validate.{lang}", ["validate", rel, *tail]
            yield f"{name}.validate-codes.{lang}", ["validate", rel, "--codes", *tail]
            yield f"{name}.validate-json.{lang}", ["validate", rel, "--json", *tail]
            yield f"{name}.validate-csv.{lang}", ["validate", rel, "--summary", "csv", *tail]
            yield f"{name}.replay.{lang}", ["replay", rel, *tail]
            yield f"{name}.replay-to-3.{lang}", ["replay", rel, "--to", "3", *tail]
            yield (
                f"{name}.replay-svg.{lang}",
                ["replay", rel, "--format", "svg", "--caption", *tail],
            )
    for name, args in RULINGS:
        for lang in LANGS:
            yield f"ruling-{name}.{lang}", ["adjudicate", *args, "--lang", lang]
            if "--solve" not in args:
                yield (
                    f"ruling-{name}-svg.{lang}",
                    ["adjudicate", *args, "--format", "svg", "--lang", lang],
                )


def run(out: Path, name: str, args: list[str]) -> None:
    """Run one command from the checkout's top and save its stdout, stderr and exit code."""
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        cwd=ROOT,
        capture_output=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "COLUMNS": "100"},
        check=False,
    )
    (out / name).write_bytes(
        b"$ adjudicator "
        + " ".join(args).encode()
        + b"\n"
        + f"exit {done.returncode}\n--- stdout\n".encode()
        + done.stdout
        + b"\n--- stderr\n"
        + done.stderr
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the outputs to")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(options.jobs) as pool:
        list(pool.map(lambda job: run(options.out, *job), jobs()))


if __name__ == "__main__":
    main()

"""How well ``adjudicator repair`` finds the game a miscopied record meant, as a user times it.

Legal games of the three games (seeded random players), each copied with one or two
score-sheet errors of this model — a mutant kept only when the record it makes is invalid:

=====================  =================================================================
error                  what the copy says
=====================  =================================================================
number                 one number of an event one off (a die, a pip, a sector, a count)
letter                 a letter written for a confusable one (Orbit Dominion's O/M/I, -/x)
word                   a word of a group for another (a sector id, a colour)
swap                   two neighbouring events in the wrong order
omit                   an event left out
=====================  =================================================================

Each mutant is written as a text record and repaired by the command, ``adjudicator repair
FILE --json``, timed whole (start-up included, wall seconds). Reported per game and number
of errors: how often the original game is the first candidate and among the first three,
candidates that are not valid when validated again on their own (must be 0), and the
median and maximum seconds.

    python benchmarks/repair_corpus.py                 # 20 mutants per game and count
    python benchmarks/repair_corpus.py --count 5 --games orbit-dominion
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "records"))

from adjudicator import game as game_named  # noqa: E402
from adjudicator import validate  # noqa: E402
from adjudicator.core.errors import InputError  # noqa: E402
from adjudicator.core.read.records import GameRecord  # noqa: E402
from adjudicator.core.repair.transcription import (  # noqa: E402
    NUMBER_OFF,
    near_numbers,
    near_words,
    tokens,
)

GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")
ERRORS = ("number", "number", "number", "letter", "word", "swap", "omit")


# --- legal games -----------------------------------------------------------------------------


def orbit_dominion_games(rng: random.Random) -> Iterator[GameRecord]:
    from adjudicator import load_record
    from adjudicator.orbit_dominion.state import GameState

    while True:
        state = GameState()
        moves: list[str] = []
        while state.outcome() is None and state.legal_actions():
            action = rng.choice(state.legal_actions())
            moves.append(str(action))
            state.push(action)
        outcome = state.outcome()
        result = {"winner": None, "reason": None}
        if outcome is not None:
            result = {"winner": outcome.winner, "reason": outcome.reason}
        data = {
            "format": "orbit-dominion-record/1",
            "ruleset": "orbit-dominion/4.2",
            "moves": moves,
            "result": result,
        }
        yield load_record(json.dumps(data))


def dark_nebula_games(rng: random.Random) -> Iterator[GameRecord]:
    from tests.dark_nebula.player import random_game

    while True:
        record = random_game(rng.randrange(1 << 30), turns=8)
        events = record.to_game_record([], _dn_events(record))
        yield events


def _dn_events(record: object) -> object:
    from adjudicator.dark_nebula.notation import RecordEvents

    return RecordEvents(record.events)  # type: ignore[attr-defined]


def astro_stra_games(rng: random.Random) -> Iterator[GameRecord]:
    from generate_astro_stra import random_game, record

    from adjudicator.astro_stra.record import Record

    while True:
        draft, plays, game = random_game(rng.randrange(1 << 30), limit=60)
        result: dict[str, object] = {}
        if game.winner is not None:
            replay = game_named("astro-stra").replay(
                Record.model_validate(record(draft, plays, {})).to_game_record([])
            )
            model = Record.model_validate(record(draft, plays, {}))
            for event in model.to_game_record([]).events:
                replay.attempt(event.played, lenient=False)
            outcome = replay.outcome()
            assert outcome is not None
            result = {"winner": outcome.winner, "reason": outcome.reason}
        model = Record.model_validate(record(draft, plays, result))
        yield model.to_game_record([])


SOURCES: dict[str, Callable[[random.Random], Iterator[GameRecord]]] = {
    "orbit-dominion": orbit_dominion_games,
    "dark-nebula": dark_nebula_games,
    "astro-stra": astro_stra_games,
}


# --- the error model -------------------------------------------------------------------------


def miscopied(
    lines: list[str],
    rng: random.Random,
    confusables: tuple[str, ...],
    words: tuple[tuple[str, ...], ...],
    first: int,
) -> tuple[list[tuple[str, int | None]], str]:
    """The events with one copying error, from ``first`` on — each a line and the index of
    the event it is unchanged (``None`` for a line the error wrote) — and the error's kind."""
    slots: list[tuple[str, int | None]] = [(line, i) for i, line in enumerate(lines)]
    for _ in range(20):
        kind = rng.choice(ERRORS)
        at = rng.randrange(first, len(slots))
        line = slots[at][0]
        if kind == "number":
            options = [alt for alt, cost in near_numbers(line) if cost == NUMBER_OFF]
        elif kind == "letter":
            options = [
                "".join([*parts[:i], other, *parts[i + 1 :]])
                for parts in [tokens(line)]
                for i, part in enumerate(parts)
                for group in confusables
                if part in group
                for other in group
                if other != part
            ]
        elif kind == "word":
            options = [alt for alt, _ in near_words(line, words)]
        elif kind == "swap":
            if at + 1 < len(slots):
                slots[at], slots[at + 1] = slots[at + 1], slots[at]
                return slots, kind
            continue
        else:
            del slots[at]
            return slots, kind
        if options:
            slots[at] = (rng.choice(options), None)
            return slots, kind
    return slots, "none"


def corpus(
    name: str, errors: int, count: int, seed: int
) -> Iterator[tuple[GameRecord, str, list[str], bool]]:
    """``count`` invalid mutants of legal games: each the original, the mutant's text and
    the kinds of its errors, and whether an event left out carried dice."""
    game = game_named(name)
    rng = random.Random(seed)
    first = 2 if name == "astro-stra" else 1  # the opening and the draft are not turns
    made = 0
    for original in SOURCES[name](rng):
        if made >= count:
            return
        lines = [e.written for e in original.events]
        if len(lines) < first + 4:
            continue
        replay = game.replay(original)
        words = replay.vocabulary()
        slots: list[tuple[str, int | None]] = [(line, i) for i, line in enumerate(lines)]
        kinds = []
        dice_lost = False
        for _ in range(errors):
            before = [s[0] for s in slots]
            mutated, kind = miscopied(before, rng, game.confusables, words, first)
            slots = [(line, slots[o][1] if o is not None else None) for line, o in mutated]
            kinds.append(kind)
            if kind == "omit":
                after = [line for line, _ in slots]
                pairs = enumerate(zip(before, after, strict=False))
                at = next((i for i, (a, b) in pairs if a != b), -1)
                dice_lost |= carries_dice(name, before[at])
        if name == "dark-nebula":
            # a score sheet's stamps are written by hand: a line left out leaves a gap
            slots = [(line, None) for line, _ in slots]
        try:
            mutant = game.with_events(original, slots)
            text = game.write_record(mutant, "text")
        except (InputError, ValueError):
            continue
        if validate(text).status != "invalid":
            continue
        made += 1
        yield original, text, kinds, dice_lost


def carries_dice(name: str, line: str) -> bool:
    """Whether an event holds dice: an Astro-Stra turn, a Dark Nebula battle (``e.cruiser=4``)
    or search roll (``roll 3``). Left out, they are nowhere else in the record."""
    if name == "astro-stra":
        return line.split(" ", 1)[0] not in ("opening", "draft")
    return name == "dark-nebula" and ("=" in line or "; roll " in line)


# --- measuring -------------------------------------------------------------------------------


def lines_of(data: dict[str, object]) -> list[str]:
    from adjudicator import load_record

    return [e.written for e in load_record(json.dumps(data)).events]


def why_missed(answer: dict[str, Any], errors: int, dice_lost: bool) -> str:
    """Why the original is not among the first three, where the corpus or the answer says:
    ``dice`` — an event left out carried dice that are nowhere else in the record, so no
    repair can write them again; ``fewer`` — a candidate valid with fewer edits than the
    errors made (one error left a valid record, or a cheaper explanation holds): the cost
    model rightly puts it before the original; ``other`` — neither."""
    if dice_lost:
        return "dice"
    candidates = answer["candidates"]
    if candidates and len(candidates[0]["edits"]) < errors:
        return "fewer"
    return "other"


def measure(name: str, errors: int, count: int, seed: int, folder: Path) -> dict[str, object]:
    top1 = top3 = invalid = found_none = 0
    seconds: list[float] = []
    missed: Counter[str] = Counter()
    for n, (original, text, kinds, dice_lost) in enumerate(corpus(name, errors, count, seed)):
        path = folder / f"{name}-{errors}-{n}.txt"
        path.write_text(text, encoding="utf-8")
        started = time.perf_counter()
        run = subprocess.run(
            ["adjudicator", "repair", str(path), "--json", "--max-edits", str(max(2, errors))],
            capture_output=True,
            text=True,
            check=False,
        )
        seconds.append(time.perf_counter() - started)
        answer = json.loads(run.stdout)
        want = [e.written for e in original.events]
        got = [lines_of(c["record"]) for c in answer["candidates"]]
        top1 += bool(got) and got[0] == want
        top3 += want in got[:3]
        if want not in got[:3]:
            missed.update([f"{'+'.join(sorted(kinds))} ({why_missed(answer, errors, dice_lost)})"])
        found_none += not got
        for candidate in answer["candidates"]:
            invalid += validate(json.dumps(candidate["record"])).status != "valid"
    done = len(seconds)
    return {
        "game": name,
        "errors": errors,
        "records": done,
        "top1": top1 / done if done else 0.0,
        "top3": top3 / done if done else 0.0,
        "none": found_none,
        "not_valid": invalid,
        "median_s": statistics.median(seconds) if seconds else 0.0,
        "max_s": max(seconds, default=0.0),
        "missed": dict(missed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="mutants per game and count")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    print(
        "| game | errors | records | top-1 | top-3 | none found | not valid | median s "
        "| max s | missed from the top 3, by kinds of error (why) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.games:
            for errors in (1, 2):
                row = measure(name, errors, args.count, args.seed + errors, Path(scratch))
                print(
                    f"| {row['game']} | {row['errors']} | {row['records']} "
                    f"| {row['top1']:.0%} | {row['top3']:.0%} | {row['none']} "
                    f"| {row['not_valid']} | {row['median_s']:.2f} | {row['max_s']:.2f} "
                    f"| {', '.join(f'{k} {n}' for k, n in sorted(row['missed'].items())) or '-'} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())

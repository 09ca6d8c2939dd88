"""How well ``adjudicator repair`` finds the game a miscopied record meant, as a user times it.

Two sources of miscopied records, each copy kept only when it is not valid:

- the generator: legal games of the three games (seeded random players), each copied with
  one or two errors drawn from the error model below, seeded;
- the hand-made sheets of ``benchmarks/repair_sheets/<game>/``: valid originals and copies
  of them written as a person copies a score sheet, each copy's error kinds named in the
  folder's ``manifest.yaml`` (``--sheets``).

The error model, every kind a copy may carry (the generator draws the kinds its game has,
``GENERATED``; the sheets use the same names):

=============  ===================================================================================
kind           what the copy says
=============  ===================================================================================
number         one number of a line one off (a die, a pip, a sector, a count)
letter         a letter for a confusable one (Orbit Dominion's ``O``/``M``/``I``, ``-``/``x``)
word           a name of a group for another (a sector, a kind of counter, a colour)
swap           two neighbouring lines in the wrong order
omit           a line left out (an action, a step, a turn)
omit-pair      an Orbit Dominion move pair left out (red's move and blue's after it)
omit-move      one move left out: an Orbit Dominion action, one move of an Astro-Stra turn
omit-step      a Dark Nebula step left out, its stamp with it
omit-roll      a Dark Nebula search roll left out (``; roll D``)
omit-die       one die of a Dark Nebula battle left out (one of a counter's dice, or a volley)
omit-reroll    an Astro-Stra re-roll written without its pips (``A=5`` as ``A``)
omit-turn      a whole turn left out (Dark Nebula's seven steps, an Astro-Stra turn)
duplicate      a line written twice (a move pair, a step, a turn)
misspelling    a name misspelt: a letter left out, doubled, or two exchanged (``nfaelas``)
digit          a handwritten digit read as another (1/7, 2/7, 3/8, 4/9, 0/6, 5/6)
dice-order     dice written in another order (a battle's dice, a turn's pips)
wrong-line     a step or move written on another line (its neighbour's, or the next turn's)
moves-swapped  one side's two moves exchanged (Orbit Dominion), or a turn's two moves
turns-swapped  two turns of one player exchanged
result         the result written wrong (another winner, or a result the game did not reach)
=============  ===================================================================================

Each copy is repaired by the whole command, ``adjudicator repair FILE --json``, start-up
included (wall seconds), and read as a black box. Reported per game and number of errors,
and per game, kind and number of errors: how often the original game (compared as a game:
the same events and the same claimed result, not the same bytes) is the first candidate and
among the first three; candidates that are not valid when validated again on their own
(must be 0); the median and maximum seconds; copies with no candidate, copies the command
refused (unreadable: exit 2), searches stopped by a budget; how often several
candidates tie at the best cost, with the most that tie; and the copies whose original is
not first but tied at the best cost with the candidate put first, or one of the lines
a candidate at the best cost names as equally consistent in place of its own ("tied with
the original": the record does not tell them apart, and no ranking can).

    python benchmarks/repair_corpus.py                       # the generator, 12 per game and count
    python benchmarks/repair_corpus.py --sheets              # the hand-made sheets
    python benchmarks/repair_corpus.py --count 3 --games astro-stra
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "records"))

from adjudicator import game as game_named  # noqa: E402
from adjudicator import load_record, validate  # noqa: E402
from adjudicator.core.read.records import GameRecord  # noqa: E402

GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")
SHEETS = ROOT / "benchmarks" / "repair_sheets"

KINDS = (
    "number",
    "letter",
    "word",
    "swap",
    "omit",
    "omit-pair",
    "omit-move",
    "omit-step",
    "omit-roll",
    "omit-die",
    "omit-reroll",
    "omit-turn",
    "duplicate",
    "misspelling",
    "digit",
    "dice-order",
    "wrong-line",
    "moves-swapped",
    "turns-swapped",
    "result",
)

# the kinds the generator draws for each game, the first ones of the older model included
GENERATED: dict[str, tuple[str, ...]] = {
    "orbit-dominion": (
        "number",
        "letter",
        "swap",
        "omit",
        "omit-pair",
        "duplicate",
        "digit",
        "moves-swapped",
        "result",
    ),
    "dark-nebula": (
        "number",
        "word",
        "swap",
        "omit-step",
        "omit-roll",
        "omit-die",
        "omit-turn",
        "duplicate",
        "misspelling",
        "digit",
        "dice-order",
        "wrong-line",
        "result",
    ),
    "astro-stra": (
        "number",
        "word",
        "swap",
        "omit",
        "omit-move",
        "omit-reroll",
        "duplicate",
        "misspelling",
        "digit",
        "dice-order",
        "wrong-line",
        "moves-swapped",
        "turns-swapped",
        "result",
    ),
}

# handwritten digits read as another, each way
DIGITS: dict[str, str] = {
    "1": "7",
    "7": "12",
    "2": "7",
    "3": "8",
    "8": "3",
    "4": "9",
    "9": "4",
    "0": "6",
    "6": "05",
    "5": "6",
}

# the names a copy may misspell or exchange, from the boards and the rulebooks
NAMES: dict[str, tuple[tuple[str, ...], ...]] = {
    "dark-nebula": (
        (
            "tyrann",
            "raibia",
            "imobu",
            "zarek",
            "nafaelas",
            "raigerin",
            "radia",
            "earth",
            "sector-9",
            "nebula-1",
            "nebula-2",
            "nebula-3",
            "nebula-4",
        ),
        ("battleship", "cruiser", "guard_ship", "command_ship", "new_cruiser"),
    ),
    "astro-stra": (
        (
            "black-red",
            "black-white",
            "red",
            "orange",
            "yellow",
            "green",
            "cyan",
            "blue",
            "purple",
            "clear",
        ),
    ),
}

# the sides and a reason each game's result may name
SIDES = {"dark-nebula": ("empire", "rebel"), "astro-stra": ("black", "white")}
REASON = {"dark-nebula": "base_destroyed", "astro-stra": "all_home"}


# --- legal games -----------------------------------------------------------------------------


def orbit_dominion_games(rng: random.Random) -> Iterator[GameRecord]:
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
    from adjudicator.dark_nebula.notation import RecordEvents
    from tests.dark_nebula.player import random_game

    while True:
        record = random_game(rng.randrange(1 << 30), turns=8)
        yield record.to_game_record([], RecordEvents(record.events))  # type: ignore[arg-type]


def astro_stra_games(rng: random.Random) -> Iterator[GameRecord]:
    from generate_astro_stra import random_game, record

    from adjudicator.astro_stra.record import Record

    while True:
        draft, plays, game = random_game(rng.randrange(1 << 30), limit=60)
        result: dict[str, object] = {}
        if game.winner is not None:
            model = Record.model_validate(record(draft, plays, {}))
            replay = game_named("astro-stra").replay(model.to_game_record([]))
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


# --- a score sheet as lines ------------------------------------------------------------------


@dataclass
class Sheet:
    """A text record as a person writes it: the tag lines, and the lines copied one by one
    (Orbit Dominion's actions, one per place; Dark Nebula's steps with their stamps; an
    Astro-Stra record's opening, draft and turns). ``first`` is the first line an error may
    touch (Astro-Stra's opening and draft are set before the game)."""

    game: str
    tags: list[str]
    lines: list[str]
    first: int

    def text(self) -> str:
        """The sheet as text: Orbit Dominion's actions numbered in pairs, one pair a line,
        as the copy runs; Astro-Stra's turns numbered as the copy runs (a person counts
        on); Dark Nebula's stamps as written."""
        if self.game == "orbit-dominion":
            body = [
                f"{n // 2 + 1}. " + " ".join(self.lines[n : n + 2])
                for n in range(0, len(self.lines), 2)
            ]
            body[-1] += " " + closing_token(self.tags)
        elif self.game == "astro-stra":
            body = self.lines[:2] + [
                re.sub(r"^\d+\.", f"{n}.", line) for n, line in enumerate(self.lines[2:], 1)
            ]
        else:
            body = list(self.lines)
        return "\n".join([*self.tags, "", *body]) + "\n"


def closing_token(tags: list[str]) -> str:
    """Orbit Dominion's closing token, the one its ``[Result]`` tag gives."""
    for tag in tags:
        found = re.fullmatch(r'\[Result "(.*)"\]', tag)
        if found:
            return found.group(1)
    return "*"


def sheet_of(name: str, original: GameRecord) -> Sheet:
    text = game_named(name).write_record(original, "text")
    head, _, body = text.partition("\n\n")
    tags = head.splitlines()
    if name == "orbit-dominion":
        return Sheet(name, tags, [e.written for e in original.events], 0)
    lines = [line for line in body.splitlines() if line.strip()]
    return Sheet(name, tags, lines, 2 if name == "astro-stra" else 1)


# --- the error model -------------------------------------------------------------------------

Mutation = Callable[[Sheet, random.Random], bool]

STAMP = re.compile(r"^(\d+\.\d+ [a-z ]+:|\d+\. [a-z]+:|setup:|opening|draft)")


def _where(sheet: Sheet, rng: random.Random, fits: Callable[[str], bool]) -> int | None:
    """A line from ``first`` on that ``fits``, drawn at random, or None."""
    places = [i for i in range(sheet.first, len(sheet.lines)) if fits(sheet.lines[i])]
    return rng.choice(places) if places else None


def _body(line: str) -> tuple[str, str]:
    """A line as its stamp or turn number and what was copied after it."""
    found = STAMP.match(line)
    cut = found.end() if found else 0
    return line[:cut], line[cut:]


def _change_in_body(
    sheet: Sheet, rng: random.Random, pattern: str, change: Callable[[str], str | None]
) -> bool:
    """Change one match of ``pattern`` after a line's stamp, drawn at random."""
    places = [
        (i, m)
        for i in range(sheet.first, len(sheet.lines))
        for m in re.finditer(pattern, _body(sheet.lines[i])[1])
        if change(m.group(0)) is not None and not _in_nonce(_body(sheet.lines[i])[1], m)
    ]
    if not places:
        return False
    i, m = rng.choice(places)
    stamp, body = _body(sheet.lines[i])
    new = change(m.group(0))
    assert new is not None
    sheet.lines[i] = stamp + body[: m.start()] + new + body[m.end() :]
    return True


def _in_nonce(body: str, found: re.Match[str]) -> bool:
    """Whether a match lies in a Dark Nebula nonce (32 hexadecimal digits, copied from the
    commitment tool's output rather than written by hand)."""
    return any(
        n.start() <= found.start() < n.end() for n in re.finditer(r"\b[0-9a-f]{16,}\b", body)
    )


def number(sheet: Sheet, rng: random.Random) -> bool:
    step = rng.choice((-1, 1))
    return _change_in_body(
        sheet, rng, r"\d+", lambda s: str(int(s) + step) if int(s) + step >= 0 else None
    )


def digit(sheet: Sheet, rng: random.Random) -> bool:
    return _change_in_body(sheet, rng, r"\d", lambda s: rng.choice(DIGITS[s]))


def letter(sheet: Sheet, rng: random.Random) -> bool:
    others = {"O": "MI", "M": "OI", "I": "OM", "-": "x", "x": "-"}
    return _change_in_body(sheet, rng, r"[OMI\-x]", lambda s: rng.choice(others[s]))


def _names(sheet: Sheet) -> tuple[tuple[str, ...], ...]:
    return NAMES.get(sheet.game, ())


def _name_pattern(sheet: Sheet) -> str:
    names = sorted({n for group in _names(sheet) for n in group}, key=len, reverse=True)
    return r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])"


def word(sheet: Sheet, rng: random.Random) -> bool:
    if not _names(sheet):
        return False

    def other(name: str) -> str:
        group = next(g for g in _names(sheet) if name in g)
        return rng.choice([n for n in group if n != name])

    return _change_in_body(sheet, rng, _name_pattern(sheet), other)


def misspelling(sheet: Sheet, rng: random.Random) -> bool:
    if not _names(sheet):
        return False

    def misspelt(name: str) -> str:
        at = rng.randrange(1, len(name) - 1)
        how = rng.choice(("drop", "double", "exchange"))
        if how == "drop":
            return name[:at] + name[at + 1 :]
        if how == "double":
            return name[:at] + name[at] + name[at:]
        return name[:at] + name[at + 1] + name[at] + name[at + 2 :]

    return _change_in_body(sheet, rng, _name_pattern(sheet), misspelt)


def swap(sheet: Sheet, rng: random.Random) -> bool:
    at = _where(sheet, rng, lambda _: True)
    if at is None or at + 1 >= len(sheet.lines):
        return False
    sheet.lines[at], sheet.lines[at + 1] = sheet.lines[at + 1], sheet.lines[at]
    return True


def omit(sheet: Sheet, rng: random.Random) -> bool:
    at = _where(sheet, rng, lambda _: True)
    if at is None or len(sheet.lines) - sheet.first < 4:
        return False
    del sheet.lines[at]
    return True


def omit_pair(sheet: Sheet, rng: random.Random) -> bool:
    pairs = list(range(0, len(sheet.lines) - 2, 2))
    if len(pairs) < 3:
        return False
    at = rng.choice(pairs)
    del sheet.lines[at : at + 2]
    return True


def omit_step(sheet: Sheet, rng: random.Random) -> bool:
    at = _where(sheet, rng, lambda line: not line.endswith(": -"))
    if at is None:
        return False
    del sheet.lines[at]
    return True


def omit_roll(sheet: Sheet, rng: random.Random) -> bool:
    return _change_in_body(sheet, rng, r"; roll \d+$", lambda _: "")


def omit_die(sheet: Sheet, rng: random.Random) -> bool:
    """One die of a battle: one of a counter's several dice, or one volley of several."""

    def fewer(dice: str) -> str | None:
        values = dice.split(",")
        if len(values) < 2:
            return None
        del values[rng.randrange(len(values))]
        return ",".join(values)

    if rng.random() < 0.5 and _change_in_body(sheet, rng, r"(?<==)\d(,\d)+", fewer):
        return True
    return _change_in_body(sheet, rng, r" \| [^|;/]*?=\d+(?=( /[^|;]*)? \|)", lambda _: "")


def omit_turn(sheet: Sheet, rng: random.Random) -> bool:
    turns = sorted({line.split(".", 1)[0] for line in sheet.lines if re.match(r"\d+\.\d", line)})
    if len(turns) < 3:
        return False
    gone = rng.choice(turns[:-1])
    sheet.lines = [line for line in sheet.lines if not line.startswith(gone + ".")]
    return True


def omit_move(sheet: Sheet, rng: random.Random) -> bool:
    if sheet.game == "orbit-dominion":
        return omit(sheet, rng)

    def fewer(moves: str) -> str | None:
        listed = moves.removeprefix("moves ").split()
        if listed == ["-"]:
            return None
        del listed[rng.randrange(len(listed))]
        return "moves " + (" ".join(listed) or "-")

    return _change_in_body(sheet, rng, r"moves .*$", fewer)


def omit_reroll(sheet: Sheet, rng: random.Random) -> bool:
    return _change_in_body(sheet, rng, r"(?<=\| skill )[^|]*\b[STA]=\d", lambda s: s[:-2])


def duplicate(sheet: Sheet, rng: random.Random) -> bool:
    if sheet.game == "orbit-dominion":
        pairs = list(range(0, len(sheet.lines) - 2, 2))
        if not pairs:
            return False
        at = rng.choice(pairs)
        sheet.lines[at + 2 : at + 2] = sheet.lines[at : at + 2]
        return True
    at = _where(sheet, rng, lambda line: not line.endswith(": -"))
    if at is None:
        return False
    sheet.lines.insert(at + 1, sheet.lines[at])
    return True


def dice_order(sheet: Sheet, rng: random.Random) -> bool:
    if sheet.game == "astro-stra":

        def reordered(dice: str) -> str | None:
            names = re.findall(r"[a-z-]+(?==)", dice)
            pips = re.findall(r"(?<==)\d", dice)
            if len(set(pips)) < 2:
                return None
            while True:
                moved = rng.sample(pips, len(pips))
                if moved != pips:
                    return "dice " + " ".join(f"{n}={p}" for n, p in zip(names, moved, strict=True))

        return _change_in_body(sheet, rng, r"dice [^|]*?(?= \|)", reordered)

    def battle(line: str) -> str | None:
        stamp, body = _body(line)
        dice = list(re.finditer(r"(?<==)\d", body))
        pairs = [(a, b) for a in dice for b in dice if a.start() < b.start()]
        pairs = [(a, b) for a, b in pairs if a.group(0) != b.group(0)]
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        chars = list(body)
        chars[a.start()], chars[b.start()] = b.group(0), a.group(0)
        return stamp + "".join(chars)

    at = _where(sheet, rng, lambda line: "combat:" in line and battle(line) is not None)
    if at is None:
        return False
    changed = battle(sheet.lines[at])
    assert changed is not None
    sheet.lines[at] = changed
    return True


def wrong_line(sheet: Sheet, rng: random.Random) -> bool:
    """Dark Nebula: a step's content on the same step of the next turn, and that one's on
    it; Astro-Stra: a turn's last move written on its player's next turn."""
    if sheet.game == "dark-nebula":
        places = [
            (i, j)
            for i in range(sheet.first, len(sheet.lines))
            for j in range(i + 1, min(i + 9, len(sheet.lines)))
            if _step(sheet.lines[i]) == _step(sheet.lines[j]) is not None
            and _body(sheet.lines[i])[1] != _body(sheet.lines[j])[1]
        ]
        if not places:
            return False
        i, j = rng.choice(places)
        (a, x), (b, y) = _body(sheet.lines[i]), _body(sheet.lines[j])
        sheet.lines[i], sheet.lines[j] = a + y, b + x
        return True
    places = [
        i
        for i in range(sheet.first, len(sheet.lines) - 2)
        if not sheet.lines[i].endswith("moves -")
    ]
    if not places:
        return False
    i = rng.choice(places)
    head, moves = sheet.lines[i].rsplit("moves ", 1)
    listed = moves.split()
    last = listed.pop()
    sheet.lines[i] = head + "moves " + (" ".join(listed) or "-")
    head, moves = sheet.lines[i + 2].rsplit("moves ", 1)
    sheet.lines[i + 2] = head + "moves " + " ".join([*(m for m in moves.split() if m != "-"), last])
    return True


def _step(line: str) -> str | None:
    """A Dark Nebula line's step within its turn (``3`` of ``2.3 empire combat:``)."""
    found = re.match(r"\d+\.(\d) ", line)
    return found.group(1) if found else None


def moves_swapped(sheet: Sheet, rng: random.Random) -> bool:
    if sheet.game == "orbit-dominion":
        at = _where(sheet, rng, lambda _: True)
        if at is None or at + 2 >= len(sheet.lines):
            return False
        sheet.lines[at], sheet.lines[at + 2] = sheet.lines[at + 2], sheet.lines[at]
        return True

    def exchanged(moves: str) -> str | None:
        listed = moves.removeprefix("moves ").split()
        if len(listed) < 2 or listed[0] == listed[1]:
            return None
        return "moves " + " ".join([listed[1], listed[0], *listed[2:]])

    return _change_in_body(sheet, rng, r"moves .*$", exchanged)


def turns_swapped(sheet: Sheet, rng: random.Random) -> bool:
    at = _where(sheet, rng, lambda _: True)
    if at is None or at + 2 >= len(sheet.lines):
        return False
    (a, x), (b, y) = _body(sheet.lines[at]), _body(sheet.lines[at + 2])
    sheet.lines[at], sheet.lines[at + 2] = a + y, b + x
    return True


def result(sheet: Sheet, rng: random.Random) -> bool:
    for n, tag in enumerate(sheet.tags):
        found = re.fullmatch(r'\[Result "(.*)"\]', tag)
        if not found:
            continue
        written = found.group(1)
        if sheet.game == "orbit-dominion":
            options = [r for r in ("1-0", "0-1") if r != written]
        else:
            sides = SIDES[sheet.game]
            reason = written.split(" ")[1] if " " in written else REASON[sheet.game]
            options = [f"{side} {reason}" for side in sides] + ["*"]
            options = [r for r in options if r != written]
        sheet.tags[n] = f'[Result "{rng.choice(options)}"]'
        return True
    return False


MUTATIONS: dict[str, Mutation] = {
    "number": number,
    "letter": letter,
    "word": word,
    "swap": swap,
    "omit": omit,
    "omit-pair": omit_pair,
    "omit-move": omit_move,
    "omit-step": omit_step,
    "omit-roll": omit_roll,
    "omit-die": omit_die,
    "omit-reroll": omit_reroll,
    "omit-turn": omit_turn,
    "duplicate": duplicate,
    "misspelling": misspelling,
    "digit": digit,
    "dice-order": dice_order,
    "wrong-line": wrong_line,
    "moves-swapped": moves_swapped,
    "turns-swapped": turns_swapped,
    "result": result,
}


@dataclass
class Case:
    """A miscopied record to repair: where it comes from, the original game, the copy's text
    (or the file holding it) and the kinds of its errors."""

    game: str
    label: str
    original: GameRecord
    kinds: list[str]
    text: str = ""
    path: Path | None = None


def generated(name: str, errors: int, count: int, seed: int) -> Iterator[Case]:
    """``count`` copies of legal games with ``errors`` errors each, kept when not valid. The
    first error of the n-th copy is the game's n-th kind in turn, so that every kind is
    measured about as often; the others are drawn at random."""
    rng = random.Random(seed)
    kinds = GENERATED[name]
    games = SOURCES[name](rng)
    for made in range(count):
        for _ in range(30):  # a kind a game gives no place for is tried on another game
            original = next(games)
            sheet = sheet_of(name, original)
            if len(sheet.lines) < sheet.first + 6:
                continue
            drawn = [kinds[made % len(kinds)], *(rng.choice(kinds) for _ in range(errors - 1))]
            if not all(MUTATIONS[kind](sheet, rng) for kind in drawn):
                continue
            text = sheet.text()
            if validate(text).status in ("invalid", "unreadable"):
                yield Case(name, f"{name}-{errors}-{made}", original, drawn, text=text)
                break


def sheets(name: str, count: int | None) -> Iterator[Case]:
    """The hand-made copies of ``name``, as the manifest lists them (the first ``count``)."""
    folder = SHEETS / name
    manifest = yaml.safe_load((folder / "manifest.yaml").read_text(encoding="utf-8"))
    for entry in manifest["sheets"][:count]:
        original = load_record((folder / entry["original"]).read_text(encoding="utf-8"))
        yield Case(name, entry["file"], original, entry["kinds"], path=folder / entry["file"])


# --- measuring -------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What the command did with one copy."""

    case: Case
    seconds: float
    refused: bool = False
    top1: bool = False
    top3: bool = False
    candidates: int = 0
    unsound: int = 0
    budget: bool = False
    tied: int = 0
    rank: int = 0
    rank_tied: bool = False


def as_game(record: GameRecord) -> tuple[object, ...]:
    """A record as a game: its events as written canonically and its claimed result."""
    claimed = record.claimed
    return (tuple(e.written for e in record.events), claimed.winner, claimed.reason)


def run(case: Case, scratch: Path, max_edits: int) -> Outcome:
    path = case.path
    if path is None:
        path = scratch / f"{case.label}.txt"
        path.write_text(case.text, encoding="utf-8")
    command = ["adjudicator", "repair", str(path), "--json", "--top", "10"]
    command += ["--max-edits", str(max_edits)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    outcome = Outcome(case, time.perf_counter() - started)
    if done.returncode == 2 or not done.stdout.strip():
        outcome.refused = True
        return outcome
    answer: dict[str, Any] = json.loads(done.stdout)
    candidates = answer["candidates"]
    want = as_game(case.original)
    got = [as_game(load_record(json.dumps(c["record"]))) for c in candidates]
    outcome.candidates = len(got)
    outcome.top1 = bool(got) and got[0] == want
    outcome.top3 = want in got[:3]
    outcome.unsound = sum(validate(json.dumps(c["record"])).status != "valid" for c in candidates)
    searched = answer.get("searched") or {}
    outcome.budget = bool(searched.get("budget_reached")) or searched.get("stopped") not in (
        None,
        "complete",
    )
    if candidates:
        best = candidates[0]["cost"]
        outcome.tied = sum(abs(c["cost"] - best) < 1e-9 for c in candidates)
    if want in got:
        outcome.rank = got.index(want) + 1
        outcome.rank_tied = outcome.rank <= outcome.tied
    elif any(_among_alternatives(case.game, c, want) for c in candidates[: outcome.tied]):
        outcome.rank_tied = True
    return outcome


def _among_alternatives(name: str, candidate: dict[str, Any], want: tuple[object, ...]) -> bool:
    """Whether the original is the candidate with another of the lines its edit names as
    equally consistent in place of the one it writes (the dice a rebuilt line's effect
    leaves open, listed or counted in ``more_alternatives``): the two differ in that line
    alone, the same claimed result. Tied with it, as the command says, though not the
    line it shows."""
    got = as_game(load_record(json.dumps(candidate["record"])))
    events, wanted = got[0], want[0]
    assert isinstance(events, tuple) and isinstance(wanted, tuple)
    if got[1:] != want[1:] or len(events) != len(wanted):
        return False
    differ = [i for i, (a, b) in enumerate(zip(events, wanted, strict=True)) if a != b]
    open_lines = {
        e["now"] for e in candidate["edits"] if e.get("alternatives") or e.get("more_alternatives")
    }
    return len(differ) == 1 and events[differ[0]] in open_lines


@dataclass
class Row:
    """Figures over a group of outcomes."""

    outcomes: list[Outcome]

    def line(self, *head: object) -> str:
        o = self.outcomes
        n = len(o)
        seconds = [x.seconds for x in o]
        ties = [x.tied for x in o if x.tied > 1]
        tie = f"{len(ties) / n:.0%} (≤{max(ties)})" if ties else "0%"
        cells = [
            *head,
            n,
            f"{sum(x.top1 for x in o) / n:.0%}",
            f"{sum(x.top3 for x in o) / n:.0%}",
            sum(x.unsound for x in o),
            f"{statistics.median(seconds):.1f}",
            f"{max(seconds):.1f}",
            sum(not x.candidates and not x.refused for x in o),
            sum(x.refused for x in o),
            sum(x.budget for x in o),
            tie,
            sum(x.rank_tied and not x.top1 for x in o),
        ]
        return "| " + " | ".join(str(c) for c in cells) + " |"


COLUMNS = (
    "records | top-1 | top-3 | unsound | median s | max s | no candidate | refused "
    "(unreadable) | stopped by budget | best cost tied (most tied) | tied with the original"
)


def table(title: str, head: str, rows: list[tuple[tuple[object, ...], list[Outcome]]]) -> None:
    print(f"\n{title}\n")
    print(f"| {head} | {COLUMNS} |")
    print("|" + "---|" * (head.count("|") + 1 + COLUMNS.count("|") + 1))
    for keys, outcomes in rows:
        if outcomes:
            print(Row(outcomes).line(*keys), flush=True)


def report(outcomes: list[Outcome]) -> None:
    """The two tables: per game and number of errors, and per game, kind and number."""
    games = [g for g in GAMES if any(o.case.game == g for o in outcomes)]
    by_count = [
        ((g, n), [o for o in outcomes if o.case.game == g and len(o.case.kinds) == n])
        for g in games
        for n in (1, 2)
    ]
    table("Per game and number of errors:", "game | errors", by_count)
    by_kind = [
        (
            (g, kind, n),
            [
                o
                for o in outcomes
                if o.case.game == g and len(o.case.kinds) == n and kind in o.case.kinds
            ],
        )
        for g in games
        for kind in KINDS
        for n in (1, 2)
    ]
    table("Per game, kind of error and number of errors:", "game | kind | errors", by_kind)
    missed = [o for o in outcomes if not o.top1]
    if missed:
        print("\nNot first:\n")
        for o in missed:
            print(f"- {o.case.game} {o.case.label}: {'+'.join(o.case.kinds)}: {why(o)}")


def why(o: Outcome) -> str:
    """What the command answered for a copy whose original it did not put first."""
    if o.refused:
        return "refused (unreadable)"
    said = f"{o.candidates} candidate(s)" if o.candidates else "no candidate"
    if o.rank:
        tie = f", tied with {o.tied} at the best cost" if o.rank_tied else ""
        said += f", the original at {o.rank}{tie}"
    elif o.rank_tied:
        said += ", the original among the lines a best candidate names as equally consistent"
    elif o.candidates:
        said += ", the original not among them"
    return said + (", stopped by a budget" if o.budget else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", action="store_true", help="the hand-made sheets")
    parser.add_argument(
        "--count", type=int, default=None, help="copies per game and count (sheets: per game)"
    )
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    outcomes: list[Outcome] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for name in args.games:
            if args.sheets:
                cases: Iterator[Case] = sheets(name, args.count)
            else:
                count = 12 if args.count is None else args.count
                cases = (
                    case
                    for errors in (1, 2)
                    for case in generated(name, errors, count, args.seed + errors)
                )
            for case in cases:
                outcomes.append(run(case, scratch, max(2, len(case.kinds))))
    source = "hand-made sheets" if args.sheets else f"generator, seed {args.seed}"
    print(f"{len(outcomes)} copies ({source}), {time.perf_counter() - started:.0f} s")
    report(outcomes)
    return 0


if __name__ == "__main__":
    sys.exit(main())

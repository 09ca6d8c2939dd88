"""What a Japanese user reads is Japanese (issue: "a user with a Japanese locale sees no English
in any command's normal output").

Every command a director, an arbiter or an engine author runs by hand is run here, in this
process, under ``LANG=ja_JP.UTF-8``, on the bundled samples, and its output read for English
words. Latin letters may stay only where they are data, not prose: the kept tokens of help
(options, paths, ids, formats: :data:`tests.test_help_ja.KEPT`), violation and reason codes,
input quoted back in 「」, and the games' notation — every word the sample records write
when converted to their text notation. Machine-readable output (``--json``, CSV, SVG files) is
for programs and is not read here.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from adjudicator.core.game import FEATURES, FEATURES_JA
from tests.test_help_ja import KEPT, REGISTRY, run

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
OD, DN, AS = (
    str(RECORDS / game / "valid") for game in ("orbit-dominion", "dark-nebula", "astro-stra")
)

#: Data, not prose: codes (``wrong_winner``, ``Shift_JIS``), input quoted back in 「」, the
#: rulebooks' own Latin names, ID as Japanese writes it (星域ID) and the digest's algorithm.
DATA = [
    r"「[^」]*」",
    r"\([a-z_]+\)",  # an id after its Japanese name: 赤 (red), 記録形式(format)
    r"\b[0-9a-f]{16,}\b",  # nonces and digests
    r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b",
    r"Artemis|ID|sha256",
]
WORD = re.compile(r"[A-Za-z]{2,}")
DN_AT_5 = "1.4 rebel production: battleship@raigerin battleship@raigerin"
AS_SKIPPED = (
    "3. black: dice black-red=1 green=6 cyan=2 | S=black-red T=green A=cyan | skill - "
    "| target - | moves -"
)
SOLVABLE = "..b........./....r......./R.....r..B.. r 0 -"

#: One normal run of every command a person reads, by game where a command is per game.
COMMANDS = [
    ["games"],
    ["validate", str(RECORDS)],
    ["validate", str(RECORDS), "--quiet"],
    ["validate", "/no/such/record.json"],
    ["replay", f"{OD}/pincer.json"],
    ["replay", f"{DN}/worked-game.json"],
    ["replay", str(RECORDS / "dark-nebula/pending/unopened-commitment.json")],
    ["replay", f"{AS}/random-game.json", "--to", "20"],
    ["adjudicate", "--record", f"{OD}/pincer.json", "--at", "5", "--action", "O+"],
    ["adjudicate", "--record", f"{OD}/pincer.json", "--at", "5", "--action", "O0-I0"],
    ["adjudicate", "--record", f"{OD}/unfinished.json", "--at", "31", "--solve", "--depth", "3"],
    ["adjudicate", "--record", f"{DN}/worked-game.json", "--at", "5", "--action", DN_AT_5],
    ["adjudicate", "--record", f"{AS}/random-game.json", "--at", "5", "--action", AS_SKIPPED],
    ["orbit-dominion", "analyze", "--moves", "I11-I10 O+"],
    ["orbit-dominion", "perft", "--depth", "2", "--divide"],
    ["orbit-dominion", "solve", SOLVABLE, "--depth", "3"],
    ["dark-nebula", "commit", "--game-id", "2026-11-29-table-3", "--sector", "地球"],
    ["dark-nebula", "board"],
    ["astro-stra", "draw"],
    ["astro-stra", "draw", "b:1=2,2=2 w:5=1", "--geometry", "one-loop"],
]


@cache
def notation_words() -> frozenset[str]:
    """Every word of the games' notation, as the sample records write it in text, and the
    ids records, options and engines use for sides, reasons and protocol features."""
    words: set[str] = set(FEATURES)
    for game in REGISTRY.games:
        words |= {*game.sides, *game.reasons}
    for record in RECORDS.glob("*/[vip]*/*"):
        if record.suffix == ".json":
            text = run("convert", str(record), "--lenient").stdout
        else:
            text = record.read_text(encoding="utf-8")
        words |= set(WORD.findall(text))
    return frozenset(words)


def english_left(output: str) -> list[str]:
    """The lines of ``output`` with a word of English that is neither kept nor notation."""
    notation = notation_words()
    lines = []
    for line in output.splitlines():
        rest = line
        for pattern in (*DATA, *KEPT):
            rest = re.sub(pattern, " ", rest)
        if any(word not in notation for word in WORD.findall(rest)):
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_no_english_under_a_japanese_locale(args: list[str]) -> None:
    """The command's whole output (verdicts, drawings, tables, input errors) in Japanese."""
    result = run(*args)
    assert result.exit_code in (0, 1, 2, 3), result.output
    assert result.output.strip()
    assert english_left(result.output) == []


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["dark-nebula", "board"],
        ["dark-nebula", "commit", "--game-id", "g", "--sector", "earth"],
        ["astro-stra", "draw"],
        ["validate", "/no/such/record.json"],
    ],
    ids=" ".join,
)
def test_the_check_sees_english(args: list[str]) -> None:
    """The same commands under an English locale are caught: the notation allowed is not a
    loophole for prose."""
    assert english_left(run(*args, lang="C.UTF-8").output) != []


def test_the_feature_vocabulary_is_in_japanese_too() -> None:
    """``adjudicator games`` explains each protocol feature in the user's language."""
    assert FEATURES_JA.keys() == FEATURES.keys()


def test_the_samples_notation_is_collected() -> None:
    """The allowed words are the notation's own: a step, a die colour, a sector id."""
    assert {"production", "clear", "tyrann"} <= notation_words()
    assert not {"price", "passed", "point"} & notation_words()

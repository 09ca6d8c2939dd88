"""What a player is told about a held die, in the rulebook's words.

Scar (黒色赤目) has two powers: 「相手または自分のホールドされた目を振り直す。 または、
A:アクションのダイスを振り直す。」 Under interpretation 15 the second does not take a die
that came in held; the first does. So a Scar that writes ``A=4`` on its held A die is told
to write its first power (``held=black:blue 4``) — which the judge then accepts — and not
that "only Scar" may, as red or Necromass are told. The position text names a held die's
colour as the rulebook does in Japanese (黒の青色=2), not in the notation's English."""

from __future__ import annotations

import pytest

from adjudicator import validate
from adjudicator.core.judge.verdict import Verdict

HEADER = "\n".join(
    [
        '[Ruleset "astro-stra/0.9.0"]',
        '[GameId "scar-1"]',
        '[Sets "1"]',
        '[Result "*"]',
        "",
        "opening 4-4 6-3",
        "draft cyan green blue yellow black-red purple",
        "1. black: dice cyan=2 blue=2 black-red=1 | S=cyan T=black-red A=blue | skill cyan A"
        " | target 1 | moves 1>3",
        "2. white: dice green=2 yellow=1 purple=2 | S=green T=purple A=yellow | skill green A"
        " | target 1 | moves 1>2",
        "",
    ]
)
#: Black's third turn: its blue die came in held at 2 (cyan, turn 1) and stands in A.
TURN = (
    "3. black: dice cyan=3 blue=2 black-red=5 | S=black-red T=cyan A=blue | skill {skill}"
    " | target 1 | moves 1>6"
)


def third_turn(skill: str, lang: str = "en") -> Verdict:
    return validate(HEADER + TURN.format(skill=skill) + "\n", lang=lang)


@pytest.mark.parametrize(
    ("written", "line"),
    [
        ("black-red A=4", "skill black-red held=black:blue 4"),
        ("jagi as=black-red A=4", "skill jagi as=black-red held=black:blue 4"),
    ],
    ids=["scar", "jagi-as-scar"],
)
def test_scar_on_a_held_a_die_is_told_its_own_held_form(written: str, line: str) -> None:
    en, ja = third_turn(written), third_turn(written, "ja")
    assert en.problem is not None and ja.problem is not None
    assert en.problem.code == ja.problem.code == "held_die_reroll"
    assert f"write {line}" in en.problem.message
    assert "only Scar" not in en.problem.message
    assert f"「ホールドされた目を振り直す」として {line} と書きます" in ja.problem.message
    assert "振り直せるのは黒色赤目 Scar だけ" not in ja.problem.message
    told = line.removeprefix("skill ")
    assert third_turn(told).status == "valid"  # what it is told to write is legal


@pytest.mark.parametrize(
    ("written", "rows", "ja"),
    [
        ("black-red A=4", ["S-black-red"], "S 黒色赤目 Scar 振り直し"),
        (
            "jagi as=black-red A=4",
            ["S-jagi", "S-black-red"],
            "S 蛇牙 蛇牙 どのスキルでも; S 黒色赤目",
        ),
    ],
    ids=["scar", "jagi-as-scar"],
)
def test_scars_refusal_cites_scars_own_row(written: str, rows: list[str], ja: str) -> None:
    """Every ruling names the rows that decide it: Scar's own row of the skill table
    (「相手または自分のホールドされた目を振り直す。または、A:アクションのダイスを振り直す。」)
    says which of its powers takes a held die, so it is cited first — after 蛇牙's when Jagi
    worked as Scar — and the rows that made the die held (水色, 紫色, 手順1) after it."""
    en, jap = third_turn(written), third_turn(written, "ja")
    assert en.problem is not None and jap.problem is not None
    assert en.problem.rules == jap.problem.rules == [*rows, "S-cyan", "S-purple", "step-1"]
    assert en.problem.citation.startswith("S ")
    assert "S black, red eyes Scar: reroll a held die, or reroll A" in en.problem.citation
    assert jap.problem.citation.startswith(ja)


def test_red_on_a_held_die_is_still_told_only_scar_may() -> None:
    """Red's reroll is not Scar's: its refusal keeps pointing to Scar (interpretation 15)."""
    header = HEADER.replace(
        "draft cyan green blue yellow black-red purple", "draft cyan green blue yellow red purple"
    )
    header = header.replace("black-red=1", "red=1").replace("T=black-red", "T=red")
    verdict = validate(
        header
        + "3. black: dice cyan=3 blue=2 red=5 | S=red T=cyan A=blue | skill red A=4"
        + " | target 1 | moves 1>6\n",
        lang="en",
    )
    assert verdict.problem is not None and verdict.problem.code == "held_die_reroll"
    assert "only Scar's reroll of a held die may" in verdict.problem.message
    assert verdict.problem.rules[0] == "S-red"  # the row of the skill that was refused


def test_the_japanese_position_names_a_held_dies_colour_in_japanese() -> None:
    ja = third_turn("black-red A=4", "ja").problem
    en = third_turn("black-red A=4").problem
    assert ja is not None and en is not None and ja.position and en.position
    assert ja.position.endswith("黒の手番; ホールド: 黒の青色=2")
    assert en.position.endswith("black to move; held: black blue=2")  # the notation's words


def test_a_row_the_game_does_not_know_is_a_programming_error() -> None:
    """A deciding row is checked when the violation is made, not lost in a citation."""
    from adjudicator.astro_stra.references import VIOLATIONS

    assert VIOLATIONS("held_die_reroll", also=("S-red",)).rules[0] == "S-red"
    with pytest.raises(KeyError, match="S-scarlet"):
        VIOLATIONS("held_die_reroll", also=("S-scarlet",))

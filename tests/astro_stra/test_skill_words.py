"""Step 3 as written (docs/astro-stra.md, "A skill takes exactly the parameters above"),
and the turn numbers of a text record: the text form is judged as the engine judges its
lines, and nothing written is silently dropped or renumbered."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import api
from adjudicator.astro_stra.notation import SkillWords, parse_turn
from adjudicator.astro_stra.protocol import evaluate
from adjudicator.astro_stra.record_text import parse
from adjudicator.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (ROOT / "records" / "astro-stra" / "valid" / "random-game.txt").read_text()
#: The sample's first turn (ply 3): Jagi working as red, rerolling T to 4.
FIRST_SKILL = "skill jagi as=red T=4"
TURN = "1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | {} | target 3 | moves 3>5"


def _with_first_skill(skill: str) -> str:
    assert FIRST_SKILL in SAMPLE
    return SAMPLE.replace(FIRST_SKILL, skill, 1)


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("[")]


@pytest.mark.parametrize(
    "skill",
    [
        "skill red A=6 A=2",
        "skill green A T",
        "skill cyan A A",
        "skill red T=1 A=2",
        "skill purple red=3 yellow=2",
        "skill - A=3",
        "skill jagi as=red as=blue T=4",
        "skill black-white held=white:cyan -1 +1",
    ],
)
def test_a_skill_parameter_given_twice_or_to_a_skip_is_refused(skill: str) -> None:
    """Step 3 (docs: "a skill takes exactly the parameters above"): a second value is never
    silently the one read, and a skipped step takes no parameter."""
    with pytest.raises(SkillWords):
        parse_turn(TURN.format(skill))


@pytest.mark.parametrize("lenient", [False, True])
def test_a_duplicate_parameter_is_bad_skill_at_its_turn(lenient: bool) -> None:
    """Step 3: ``T=6 T=4`` is bad_skill at the turn's ply, leniently too (the docs allow
    no reading of it), and the engine refuses the same line at the same index."""
    text = _with_first_skill("skill jagi as=red T=6 T=4")
    verdict = api.validate(text, lenient=lenient)
    assert verdict.status == "invalid"
    assert (verdict.problem.code, verdict.problem.ply) == ("bad_skill", 3)
    assert "given twice" in verdict.problem.message
    answer = evaluate({"cmd": "evaluate", "game": "astro-stra/0.9.0", "moves": _lines(text)[:3]})
    assert (answer["illegal_at"], answer["violation"]) == (2, "bad_skill")


def test_a_skipped_skill_with_a_parameter_is_bad_skill_strictly_and_dropped_leniently() -> None:
    """Step 3: ``skill - A=3`` is refused strictly; ``--lenient`` reads ``skill -`` and
    says so, as for any parameter a skill does not take."""
    text = SAMPLE.replace("| skill - |", "| skill - A=3 |", 1)
    strict = api.validate(text)
    assert strict.problem.code == "bad_skill"
    lenient = api.validate(text, lenient=True)
    assert lenient.status == "valid"
    assert any("skill - |" in w.message for w in lenient.warnings)


def test_as_after_another_parameter_is_noncanonical_with_the_canonical_order() -> None:
    """Notation: ``as=`` is written right after the skill's name. Elsewhere it is refused
    at its turn with the canonical line suggested (it was unreadable, even leniently);
    ``--lenient`` reads it there and reports it."""
    text = _with_first_skill("skill jagi T=4 as=red")
    strict = api.validate(text)
    assert strict.status == "invalid"
    assert (strict.problem.code, strict.problem.ply) == ("noncanonical_notation", 3)
    assert f"| {FIRST_SKILL} |" in strict.problem.suggestion
    lenient = api.validate(text, lenient=True)
    assert lenient.status == "valid"
    assert any(FIRST_SKILL in w.message for w in lenient.warnings)


def test_as_written_last_to_a_skill_without_it_is_read_where_it_belongs() -> None:
    """Step 3: ``skill red A=2 as=blue`` was unreadable even with ``--lenient``. Strictly
    it is refused at its turn with the canonical order suggested; leniently ``as=`` is read
    where the notation writes it (and then left out, as red does not take it)."""
    text = SAMPLE.replace("| skill - |", "| skill red A=2 as=blue |", 1)
    strict = api.validate(text)
    assert strict.status == "invalid"
    assert strict.problem.code == "noncanonical_notation"
    assert "skill red as=blue A=2" in strict.problem.suggestion
    _, notes = parse(text, lenient=True)
    assert any("skill red as=blue A=2" in n.message for n in notes)
    assert api.validate(text, lenient=True).status != "unreadable"


def _renumbered(text: str, turn: int, number: int) -> str:
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{turn}. "))
    lines[at] = f"{number}." + lines[at].partition(".")[2]
    return "".join(lines)


@pytest.mark.parametrize(("turn", "number"), [(1, 7), (8, 7), (3, 30)])
def test_turn_numbers_are_checked_in_the_text_form_as_the_engine_checks_them(
    turn: int, number: int
) -> None:
    """Record standard (events in order): ``validate`` of a text record said valid where
    ``evaluate`` refused with event_order; both now refuse at the same ply with the same
    code."""
    text = _renumbered(SAMPLE, turn, number)
    verdict = api.validate(text)
    assert verdict.status == "invalid"
    assert (verdict.problem.code, verdict.problem.ply) == ("event_order", turn + 2)
    answer = evaluate({"cmd": "evaluate", "game": "astro-stra/0.9.0", "moves": _lines(text)})
    assert (answer["illegal_at"], answer["violation"]) == (turn + 1, "event_order")


def test_convert_does_not_renumber_a_turn() -> None:
    """Conversion loses nothing: a turn numbered out of sequence is written back as it
    was, and the JSON form, which numbers turns by their place, refuses it by name."""
    text = _renumbered(SAMPLE, 8, 7)
    record, _ = parse(text)
    game = api.game("astro-stra/0.9.0")
    assert game.write_record(record.to_game_record([]), "text") == text
    with pytest.raises(InputError) as caught:
        game.write_record(record.to_game_record([]), "json")
    assert caught.value.code == "unrepresentable_turn"
    assert "numbered 7 where turn 8 comes" in caught.value.message

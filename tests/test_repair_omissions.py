"""A line left out of a score sheet, rebuilt from what follows it (issue 41; docs/repair.md,
"Omissions and ties"), and corrections the record cannot tell apart said as ties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator import game, load_record, repair, validate
from adjudicator.astro_stra.omissions import key_of
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.core.judge.replay import Replay
from adjudicator.core.repair.continuation import TRIED, agreed
from adjudicator.core.repair.models import Candidate, Repair
from adjudicator.dark_nebula.dice_omissions import VARIANTS, face_variants
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from tests.test_repair import run

ROOT = Path(__file__).resolve().parents[1]
DARK_NEBULA = ROOT / "records/dark-nebula/valid/worked-game.txt"
ASTRO_STRA = ROOT / "records/astro-stra/valid/random-game.txt"
ORBIT_DOMINION = ROOT / "records/orbit-dominion/valid/pincer.txt"


def _writes(candidate: Candidate, ply: int, line: str) -> bool:
    """Whether ``candidate`` is one insertion at ``ply`` of ``line``, or of a line that
    leaves the game as ``line`` does, among several it says are equally consistent."""
    if len(candidate.edits) != 1:
        return False
    edit = candidate.edits[0]
    if (edit.op, edit.ply) != ("insert", ply) or edit.now is None:
        return False
    if line in (edit.now, *edit.alternatives):
        return True
    record = load_record(json.dumps(candidate.record))
    replay = game(record.game).replay(record)
    for event in record.events[: ply - 1]:
        replay.attempt(event.played, lenient=False)
    inserted, original = replay.copy(), replay.copy()
    inserted.attempt(edit.now, lenient=False)
    assert original.attempt(line, lenient=False).violation is None
    return edit.more_alternatives > 0 and _state(inserted) == _state(original)


def _state(replay: Replay) -> object:
    """What a replay leaves for the events after: the game's own state."""
    if isinstance(replay, DarkNebulaReplay):
        return replay.situation, replay.decided
    assert isinstance(replay, AstroStraReplay) and replay.game is not None
    return key_of(replay.game, replay.readings)


def _first_or_tied(found: Repair, ply: int, line: str) -> bool:
    """The original line is the first candidate's, or one it names, or that of a candidate
    tied with the first (the record cannot tell them apart, and says so)."""
    first = found.candidates[0]
    tied = [found.candidates[rank - 1] for rank in first.tied_with]
    return any(_writes(candidate, ply, line) for candidate in [first, *tied])


def _left_out(text: str, line: str) -> tuple[str, int]:
    """``text`` without ``line``, and the ply it was."""
    lines = [e.written for e in load_record(text).events]
    assert lines.count(line) == 1
    return text.replace(line + "\n", "", 1), lines.index(line) + 1


def _dark_nebula_game(seed: int) -> str:
    from adjudicator.dark_nebula.notation import RecordEvents
    from tests.dark_nebula.player import random_game

    record = random_game(seed, turns=6)
    return game("dark-nebula").write_record(
        record.to_game_record([], RecordEvents(record.events)), "text"
    )


# --- Dark Nebula: the steps that roll dice ------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship",  # 9.3: the battle's roll
        "1.7 search: zarek imobu; roll 4",  # 10.7: a roll that beats the base's value
        "2.7 search: nafaelas zarek; roll 5",
    ],
)
def test_a_dark_nebula_step_with_dice_left_out_is_rebuilt_from_what_follows(line: str) -> None:
    """9.1–9.5, 10.7: a combat or search line left out carried dice written nowhere else;
    the lines after it fix what they did (the counter removed, the base's value), so the
    step is rebuilt by its effect and the faces that do the same are named beside it."""
    text, ply = _left_out(DARK_NEBULA.read_text(encoding="utf-8"), line)
    found = repair(text)
    assert found.status == "repaired"
    assert _first_or_tied(found, ply, line)
    for candidate in found.candidates:
        assert validate(json.dumps(candidate.record)).status == "valid"


def test_a_dark_nebula_movement_left_out_is_told_by_a_movement_after_a_quiet_one() -> None:
    """8.0: a side may move nothing in its movement step, and its counters stay where they
    stood; so a movement left out is told by the side's next movement that moves a counter
    from where only the one left out could have brought it, a quiet movement between."""
    sheet = ROOT / "benchmarks/repair_sheets/dark-nebula/game1.txt"
    line = "4.5 rebel movement: battleship@nebula-2>imobu"
    text, ply = _left_out(sheet.read_text(encoding="utf-8"), line)
    assert "5.5 rebel movement: -" in text
    found = repair(text, max_edits=1)
    assert found.status == "repaired"
    assert _first_or_tied(found, ply, line)


def test_a_dark_nebula_movement_left_out_refills_the_sector_it_emptied() -> None:
    """8.0: every counter of a side may move in its movement step. The rebel moved a
    battleship from raigerin to fight at nafaelas and another into raigerin, where it built
    a turn later (6.2: in a sector of its own): the movement rebuilt brings both."""
    sheet = ROOT / "benchmarks/repair_sheets/dark-nebula/game0.txt"
    line = "2.5 rebel movement: battleship@nebula-4>raigerin battleship@raigerin>nafaelas"
    text, ply = _left_out(sheet.read_text(encoding="utf-8"), line)
    found = repair(text, max_edits=1)
    assert found.status == "repaired"
    assert _first_or_tied(found, ply, line)


def test_a_dark_nebula_production_left_out_is_told_by_a_battle_after_the_next_movement() -> None:
    """6.0, 6.2: a counter built stays where it was built until it moves. The rebel built a
    battleship where one stood, moved one of the two away, and fought with the other
    there a turn later: read past the movement, the battle says a second one was built."""
    sheet = ROOT / "benchmarks/repair_sheets/dark-nebula/game0.txt"
    line = "1.4 rebel production: battleship@raigerin"
    text, ply = _left_out(sheet.read_text(encoding="utf-8"), line)
    assert "1.5 rebel movement: battleship@raigerin>nebula-4" in text
    found = repair(text, max_edits=1)
    assert found.status == "repaired"
    assert _first_or_tied(found, ply, line)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_dark_nebula_battle_left_out_of_a_played_game_is_rebuilt(seed: int) -> None:
    """9.0: the first battle of a played game left out: the counters the next lines find
    (and miss) choose the battle's effect."""
    text = _dark_nebula_game(seed)
    line = next(
        e.written for e in load_record(text).events if " combat: " in e.written and "=" in e.written
    )
    mutant, ply = _left_out(text, line)
    found = repair(mutant)
    assert found.status == "repaired"
    assert _first_or_tied(found, ply, line)


def test_dice_that_fall_otherwise_are_named_only_when_they_do_the_same() -> None:
    """9.1: a die hits at most the attack value; another face that still hits leaves the
    position as it was and is named, one that misses is not (the judge decides)."""
    text, _ = _left_out(
        DARK_NEBULA.read_text(encoding="utf-8"),
        "1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship",
    )
    record = load_record(text)
    replay = game("dark-nebula").replay(record)
    for event in record.events[:3]:
        replay.attempt(event.played, lenient=False)
    same = replay.same_effect("1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship")
    assert same == ["1.3 empire combat: zarek: 3 e.command_ship=1 / r.battleship"]


def test_the_faces_tried_for_a_line_are_bounded() -> None:
    """A line of many dice cannot make the faces tried explode: every face of each die
    alone, then at most VARIANTS combinations."""
    line = "1.3 empire combat: zarek: 2 e.cruiser=1,2,3,4,5,6 r.battleship=1,2,3,4"
    asked: list[str] = []

    def keeps(variant: str) -> bool:
        asked.append(variant)
        return True

    assert len(list(face_variants(line, keeps))) == VARIANTS - 1
    assert len(asked) <= 10 * 5 + VARIANTS


# --- Astro-Stra: a whole turn -------------------------------------------------------------------


def test_an_astro_stra_turn_left_out_is_rebuilt_from_the_turns_after() -> None:
    """Steps 1–5: a turn left out took its dice with it; the turns after find the pieces
    where it left them, so the turns that leave them there are rebuilt, one of them the
    turn played, and the others that do the same are named beside it."""
    text = ASTRO_STRA.read_text(encoding="utf-8")
    line = next(e.written for e in load_record(text).events if e.written.startswith("5. "))
    found = repair(text.replace(line + "\n", "", 1))
    assert found.status == "repaired"
    assert _first_or_tied(found, 7, line)
    assert validate(json.dumps(found.candidates[0].record)).status == "valid"


def test_an_astro_stra_record_with_a_gap_in_its_numbers_is_corrected_in_order() -> None:
    """A text record numbering its turns with a gap (a turn left out) is held as written;
    corrected, its turns are numbered in order again, the inserted one among them."""
    text = ASTRO_STRA.read_text(encoding="utf-8")
    record = load_record(text)
    lines = [(e.written, i) for i, e in enumerate(record.events)]
    mutant = load_record(text.replace(lines[13][0] + "\n", "", 1))
    kept = [(e.written, i) for i, e in enumerate(mutant.events)]
    corrected = game("astro-stra").with_events(
        mutant, [*kept[:13], (lines[13][0], None), *kept[13:]]
    )
    assert [e.written for e in corrected.events] == [line for line, _ in lines]


# --- Orbit Dominion: a move pair ----------------------------------------------------------------


@pytest.mark.parametrize("drop", [(4, 5), (13,)])
def test_an_orbit_dominion_move_pair_or_action_left_out_is_put_back(drop: tuple[int, ...]) -> None:
    """4.2 lists every legal action: a pair left out is found as two insertions within the
    budget, one action as one."""
    od = game("orbit-dominion")
    record = load_record(ORBIT_DOMINION.read_text(encoding="utf-8"))
    lines = [e.written for e in record.events]
    slots = [(line, i) for i, line in enumerate(lines) if i not in drop]
    text = od.write_record(od.with_events(record, slots), "text")
    found = repair(text)
    assert found.status == "repaired"
    best = found.candidates[0]
    assert [(e.op, e.ply, e.now) for e in best.edits] == [("insert", i + 1, lines[i]) for i in drop]


# --- ties ---------------------------------------------------------------------------------------


def test_equally_consistent_corrections_are_said_in_json_and_words(tmp_path: Path) -> None:
    """10.7: a search roll left out whose effect the lines after do not fix: both effects
    are candidates of the same cost, each naming the other as tied, and each its faces."""
    text, _ = _left_out(DARK_NEBULA.read_text(encoding="utf-8"), "1.7 search: zarek imobu; roll 4")
    found = repair(text)
    first, second = found.candidates[:2]
    assert (first.tied_with, second.tied_with) == ([2], [1])
    assert first.edits[0].alternatives  # the other faces that beat the value
    path = tmp_path / "left-out.txt"
    path.write_text(text, encoding="utf-8")
    output, _ = run("repair", str(path))
    japanese, _ = run("repair", str(path), "--lang", "ja")
    assert "equally consistent here: 1.7 search: -; roll 3 / " in output
    assert "as consistent with the record as candidate(s) 2" in output
    assert "同じく記録に合います" in japanese and "修正案 2 と同じく" in japanese


def test_agreed_tries_a_bounded_number_of_events() -> None:
    """However many events a game offers for a gap, at most TRIED are played with the
    continuation."""
    record = load_record(DARK_NEBULA.read_text(encoding="utf-8"))
    replay = game("dark-nebula").replay(record)
    offered = (f"1.{n} rebel movement: -" for n in range(10 * TRIED))
    played: list[str] = []

    class Counting:
        def __iter__(self) -> Counting:
            return self

        def __next__(self) -> str:
            line = next(offered)
            played.append(line)
            return line

    agreed(replay, Counting(), ["not a line"], 24)
    assert len(played) == TRIED


# --- a part of a line left out ------------------------------------------------------------------


def _standing_before(text: str, line: str) -> Replay:
    """The replay of ``text`` standing before its event ``line``."""
    record = load_record(text)
    replay = game(record.game).replay(record)
    for event in record.events:
        if event.written == line:
            return replay
        replay.attempt(event.played, lenient=False)
    raise AssertionError(line)


@pytest.mark.parametrize(
    ("line", "written"),
    [
        (  # step 5: a move of the turn left out
            "23. black: dice black-red=5 green=2 cyan=2 | S=cyan T=green A=black-red "
            "| skill cyan A | target 4 | moves 4>6 6>8",
            "23. black: dice black-red=5 green=2 cyan=2 | S=cyan T=green A=black-red "
            "| skill cyan A | target 4 | moves 4>6",
        ),
        (  # step 3: the re-roll's pips left out
            "33. black: dice black-red=1 green=4 cyan=1 | S=black-red T=green A=cyan "
            "| skill black-red A=5 | target 5 | moves 5>9 9>13",
            "33. black: dice black-red=1 green=4 cyan=1 | S=black-red T=green A=cyan "
            "| skill black-red | target 5 | moves 5>9 9>13",
        ),
    ],
)
def test_an_astro_stra_turn_with_a_part_left_out_is_completed(line: str, written: str) -> None:
    """Steps 3 and 5: a turn refused as written, with the dice it writes, is completed by
    the legal turns for those dice that say all it says and more — the turn played among
    them — and a repair tries them in its place, at most at the cost of a line left out."""
    replay = _standing_before(ASTRO_STRA.read_text(encoding="utf-8"), line)
    assert replay.check(written) is not None
    assert line in replay.completed(written)
    assert replay.completed(line) == []  # accepted as written: nothing left out


def test_a_die_left_out_of_a_dark_nebula_battle_is_put_back() -> None:
    """9.1: one die a counter; a battle's line with a die of a kind left out is refused,
    and completed by the die put back in every place and with every face accepted."""
    text = _dark_nebula_game(4)
    line = next(e.written for e in load_record(text).events if "r.guard_ship=3,2" in e.written)
    written = line.replace("r.guard_ship=3,2", "r.guard_ship=3")
    replay = _standing_before(text, line)
    assert replay.check(written) is not None
    assert line in replay.completed(written)


@pytest.mark.parametrize(
    "line", ["1.7 search: zarek imobu; roll 4", "2.7 search: nafaelas zarek; roll 5"]
)
def test_a_search_roll_left_out_of_a_dark_nebula_line_is_put_back(line: str) -> None:
    """10.7: while the base is hidden the search step rolls a die; a search line written
    without its roll is refused, completed by the roll put back with every face accepted,
    and a repair writes the roll the lines after agree with, or one of its effect."""
    text = DARK_NEBULA.read_text(encoding="utf-8")
    written = line.rpartition("; roll ")[0]
    replay = _standing_before(text, line)
    assert replay.check(written) is not None
    assert line in replay.completed(written)
    found = repair(text.replace(line, written), max_edits=1)
    assert found.status == "repaired"
    first = found.candidates[0]
    tied = [found.candidates[rank - 1] for rank in first.tied_with]
    assert [(e.op, e.was) for e in first.edits] == [("replace", written)]
    played = replay.copy()
    assert played.attempt(line, lenient=False).violation is None

    def as_played(candidate: Candidate) -> bool:
        edit = candidate.edits[0]
        assert edit.now is not None
        after = replay.copy()
        return after.attempt(edit.now, lenient=False).violation is None and _state(after) == _state(
            played
        )

    assert any(as_played(candidate) for candidate in [first, *tied])


def test_a_volley_left_out_of_a_dark_nebula_battle_is_put_back() -> None:
    """9.1–9.5: each class fires in turn. A copy that left the guard ship's volley out of a
    battle (its hit written as the command ship's) is refused, and completed by the volley
    put back, the removal written before it taken by it."""
    text = (ROOT / "benchmarks/repair_sheets/dark-nebula/game2.txt").read_text(encoding="utf-8")
    line = next(e.written for e in load_record(text).events if e.written.startswith("1.3 "))
    assert "3 e.command_ship=4 | 0 r.guard_ship=1 / e.command_ship;" in line
    written = line.replace(" | 0 r.guard_ship=1 / e.command_ship;", " / e.command_ship;")
    replay = _standing_before(text, line)
    assert replay.check(written) is not None
    assert line in replay.completed(written)


@pytest.mark.parametrize(
    ("path", "line", "written"),
    [
        (DARK_NEBULA, "1.7 search: zarek imobu; roll 4", "1.7 search: zarek sector-10; roll 4"),
    ],
)
def test_an_unreadable_line_is_no_part_left_out(path: Path, line: str, written: str) -> None:
    """A line the notation cannot read (a sector the board does not have) is refused, not a
    line to complete: the search goes on (an edit may mend it) and never stops on it."""
    text = path.read_text(encoding="utf-8")
    assert text.count(line) == 1
    found = repair(text.replace(line, written), max_edits=1, top=1)
    assert found.status in ("repaired", "no_candidate")


def test_a_turn_with_a_die_no_die_shows_is_no_part_left_out() -> None:
    """Step 1: a die shows 1 to 6. A turn written with a 7 is refused, and no legal turn
    has its dice, so none completes it; a repair of the record answers (the 7 read as a
    digit miscopied), never fails inside the search."""
    path = ROOT / "records/astro-stra/invalid/die-of-seven.json"
    found = repair(path.read_text(encoding="utf-8"), max_edits=1, top=1)
    assert found.status in ("repaired", "no_candidate")
    record = load_record(path.read_text(encoding="utf-8"))
    line = next(e.written for e in record.events if "=7 " in e.written)
    replay = _standing_before(path.read_text(encoding="utf-8"), line)
    assert replay.check(line) is not None
    assert replay.completed(line) == []

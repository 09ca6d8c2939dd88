"""The fast paths judge as the full ones (one source of truth for steps 1–7).

A JSON record's turn is played as read, not from its line: every event of every sample
record, every conformance case and random legal games (the seeded player of
``records/generate_astro_stra.py``) gets the same step either way, strictly and leniently.

Step 5 follows the moves written instead of listing every way first: on every action those
games and cases judge, and on random positions, dice and readings, with every legal way,
the moves reordered or changed and none written, it answers as the full list does. Step 4
looks the target up among those allowed instead of sorting them first, and a skipped step
3 looks for one legal use instead of listing them all: on every call those games and cases
make, and on random turns, they answer as the sorted and full lists do.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.astro_stra import actions, targets, turn
from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.dice import Dice, row
from adjudicator.astro_stra.notation import parse_turn, reads_back
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.record import Record
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.astro_stra.skills import apply_skill, candidate_uses, is_problem
from adjudicator.core.conformance.cases import case_files
from adjudicator.core.errors import InputError
from adjudicator.core.judge.validation import validate
from adjudicator.core.read.records import Event
from adjudicator.core.registry import Registry, installed_games
from tests.astro_stra.test_properties import turns

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = Registry(installed_games())
GAME = REGISTRY.find("astro-stra/0.9.0")
SAMPLES = sorted((ROOT / "records" / "astro-stra").rglob("*.*[nt]"))
#: The cases that reach a game: those expecting their layout refused never start one.
CASES = [
    case
    for _, case_file in case_files(ROOT / "conformance")
    if case_file.game == GAME.id
    for case in case_file.cases
    if getattr(case.expect.error, "field", None) != "start"
]


def random_records(count: int) -> Iterator[Record]:
    """Records of the seeded random player's games, finished or cut at 80 turns."""
    sys.path.insert(0, str(ROOT / "records"))
    try:
        from generate_astro_stra import random_game, record
    finally:
        sys.path.pop(0)
    for seed in range(count):
        draft, plays, _ = random_game(seed, limit=80)
        yield Record.model_validate(record(draft, plays, {}))


def as_read(line: str) -> str | tuple[int, Any]:
    """An event as a JSON record's game record holds it: a turn that reads back, read."""
    try:
        turn = parse_turn(line)
    except InputError:
        return line
    return turn if reads_back(turn[1]) else line


def steps(replay: AstroStraReplay, events: list[Any], *, lenient: bool) -> list[object]:
    """What each event does, as far as the replay reads it."""
    out: list[object] = []
    for event in events:
        try:
            step = replay.attempt(event, lenient=lenient)
        except InputError as err:
            out.append(("unreadable", err.code))
            break
        out.append((step, replay.position_text()))
    return out


def assert_alike(
    readings: Readings, sets: int, layout: Position | None, events: list[Event]
) -> None:
    for lenient in (False, True):
        read = AstroStraReplay(readings, sets, layout)
        lines = AstroStraReplay(readings, sets, layout)
        played = [e.played for e in events]
        assert steps(read, played, lenient=lenient) == steps(
            lines, [e.written for e in events], lenient=lenient
        )


def sample_game(path: Path) -> tuple[Readings, int, Position | None, list[Event]] | None:
    """A sample record's readings, sets, layout and events; ``None`` when it is unreadable."""
    text = path.read_text("utf-8")
    try:
        if path.suffix == ".json":
            game_record = GAME.read_json_record(json.loads(text), lenient=False)
        else:
            game_record = GAME.read_text_record(text, lenient=False)
    except InputError:
        return None
    model = game_record.model
    layout = Position.from_text(model.layout, field="layout") if model.layout else None
    return model.interpretations, model.sets, layout, game_record.events


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_record_is_judged_alike_read_or_from_its_lines(path: Path) -> None:
    game = sample_game(path)
    if game is None:
        pytest.skip("an unreadable sample has no events to play")
    assert_alike(*game)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_conformance_case_is_judged_alike_read_or_from_its_lines(case: Any) -> None:
    request = case.request
    layout = None if case.start == "standard" else Position.from_text(case.start)
    readings = Readings(**request.get("interpretations", {}))
    events = [Event(line, read=as_read(line)) for line in case.moves]
    assert_alike(readings, request.get("sets", 1), layout, events)


def test_random_games_are_judged_alike_read_or_from_their_lines() -> None:
    for record in random_records(12):
        game_record = record.to_game_record([])
        assert all(e.read is not None for e in game_record.events[2:])
        assert_alike(record.interpretations, record.sets, None, game_record.events)


def sample_model(path: Path) -> Record | None:
    """A sample JSON record's model; ``None`` for a text or an unreadable one."""
    if path.suffix != ".json" or sample_game(path) is None:
        return None
    return GAME.read_json_record(json.loads(path.read_text("utf-8")), lenient=False).model


def test_a_read_turn_shows_the_line_its_record_spells() -> None:
    """The notation: a turn played as read spells its line only when it is shown; that line
    is the one its whole record spells, turn by turn (samples and random games)."""
    models = [m for p in SAMPLES if (m := sample_model(p)) is not None]
    assert models
    for record in [*models, *random_records(6)]:
        events = record.to_game_record([]).events
        assert [e.written for e in events] == record.lines()


def mutated(record: Record, seed: int) -> Record:
    """The record with one turn's die, slot, target or move changed, or a turn left out."""
    rng = random.Random(seed)
    data = record.dump()
    turn = rng.choice(data["turns"])
    kind = rng.randrange(5)
    if kind == 0:
        turn["dice"][rng.randrange(3)]["pips"] = rng.randint(0, 7)
    elif kind == 1:
        turn["slots"]["S"], turn["slots"]["T"] = turn["slots"]["T"], turn["slots"]["S"]
    elif kind == 2:
        turn["target"] = [rng.randint(0, 13)]
    elif kind == 3:
        turn["moves"] = [[rng.randint(0, 13), rng.randint(0, 13)]]
    else:
        data["turns"].remove(turn)
    return Record.model_validate(data)


def test_turns_played_as_one_run_get_the_verdicts_of_one_by_one() -> None:
    """Notation and steps 1–7: the turns a replay plays as one run while each is accepted
    get the verdict each gets played by the core one by one, strictly and leniently, for
    random games, mutated ones, and the samples."""
    records = [m for p in SAMPLES if (m := sample_model(p)) is not None]
    for seed, record in enumerate(random_records(8)):
        records += [record, mutated(record, seed), mutated(record, seed + 100)]
    for record in records:
        for lenient in (False, True):
            game_record = record.to_game_record([])
            run = GAME.replay(game_record)
            one_by_one = GAME.replay(game_record)
            one_by_one.play_accepted = lambda events: 0  # type: ignore[method-assign]
            assert validate("r", game_record, run, lenient=lenient, lang="en") == validate(
                "r", game_record, one_by_one, lenient=lenient, lang="en"
            )


# --- step 5 ----------------------------------------------------------------------------------


def apply_by_listing(*call: Any) -> object:
    """Step 5 judged from the full list of ways, as it was before it followed the moves."""
    position, side, target, a_pips, dice, readings, chosen = call
    ways = actions._ways(position, side, target, a_pips, dice, readings, every_order=True)
    picked = tuple((int(src), int(dst)) for src, dst in chosen)
    args = {
        "side": side,
        "row": row("A", a_pips),
        "target": tuple(sorted(target)),
        "chosen": picked,
        "legal": sorted({o.plain() for o in ways}),
    }
    if not picked:
        return ("action_skipped", args) if ways else actions.Outcome(position, ())
    for outcome in ways:
        if outcome.plain() == picked:
            return outcome
    cause = actions._cause(position, side, picked, readings)
    return "action_not_available", {**args, "cause": cause}


def written_variants(call: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The call as made, and with every legal way, each reordered, cut short, lengthened or
    with a move's end changed, and nothing written."""
    position, side, target, a_pips, dice, readings, chosen = call
    ways = actions._ways(position, side, target, a_pips, dice, readings, every_order=True)
    tries = {tuple(chosen), ()}
    for way in ways:
        moves = way.plain()
        tries |= {moves, moves[::-1], moves[:-1], (*moves, moves[-1])}
        for i, (src, dst) in enumerate(moves):
            for end in (dst - 1, dst + 1, 0, 13):
                tries.add((*moves[:i], (src, end), *moves[i + 1 :]))
    for moves in sorted(tries):
        yield (*call[:-1], moves)


@pytest.fixture(scope="module")
def judged(request: pytest.FixtureRequest) -> dict[str, list[tuple[Any, ...]]]:
    """Every call of the fast rules made while judging the samples, the conformance cases and
    random legal games, by rule."""
    calls: dict[str, list[tuple[Any, ...]]] = {}
    patch = pytest.MonkeyPatch()
    for module, name in ((actions, "apply"), (targets, "check_target"), (turn, "skill_possible")):
        calls[name] = []
        patch.setattr(module, name, recorder(getattr(module, name), calls[name]))
    try:
        for readings, sets, layout, events in every_game():
            replay = AstroStraReplay(readings, sets, layout)
            steps(replay, [e.played for e in events], lenient=False)
    finally:
        patch.undo()
    return calls


def recorder(rule: Any, calls: list[tuple[Any, ...]]) -> Any:
    def recording(*call: Any) -> Any:
        calls.append(call)
        return rule(*call)

    return recording


def every_game() -> Iterator[tuple[Readings, int, Position | None, list[Event]]]:
    for path in SAMPLES:
        game = sample_game(path)
        if game is not None:
            yield game
    for case in CASES:
        layout = None if case.start == "standard" else Position.from_text(case.start)
        readings = Readings(**case.request.get("interpretations", {}))
        events = [Event(line, read=as_read(line)) for line in case.moves]
        yield readings, case.request.get("sets", 1), layout, events
    for record in random_records(12):
        yield record.interpretations, record.sets, None, record.to_game_record([]).events


def test_step_5_judges_every_action_of_the_games_as_the_full_list(
    judged: dict[str, list[tuple[Any, ...]]],
) -> None:
    assert len(judged["apply"]) > 500
    for call in judged["apply"]:
        for variant in written_variants(call):
            assert actions.apply(*variant) == apply_by_listing(*variant)


@settings(max_examples=300)
@given(turns(), st.lists(st.tuples(st.integers(-1, 14), st.integers(-1, 14)), max_size=4))
def test_step_5_judges_random_actions_as_the_full_list(turn: Any, junk: list[Any]) -> None:
    readings, position, dice, side = turn
    for target in targets.targets(position, side, dice.t, dice, readings):
        call = (position, side, target, dice.a, dice, readings, junk)
        for variant in written_variants(call):
            assert actions.apply(*variant) == apply_by_listing(*variant)


#: Two-piece targets where the first piece can move and the second cannot, and the like.
CROWDED = ["b:2=1,3=1 w:2=2,12=1", "b:4=2 w:13=1", "b:11=1,12=1 w:0=1", "b:5=1,6=1,7=2 w:3=1,9=2"]
READINGS = [
    Readings(),
    Readings(past_home="exact", past_start="forbidden", first_move_may_hit=False),
    Readings(geometry="one-loop", numbering="black", leave_home="allowed"),
    Readings(any_die="target-and-action", adjacent_blots="same-half"),
]


@pytest.mark.parametrize("text", CROWDED)
def test_step_5_judges_two_piece_actions_as_the_full_list(text: str) -> None:
    for readings in READINGS:
        position = Position.from_text(text, geometry=readings.geometry)
        for side in ("black", "white"):
            for s, t, a in itertools.product(range(1, 7), repeat=3):
                dice = Dice(s, t, a)
                for target in targets.targets(position, side, t, dice, readings):
                    call = (position, side, target, a, dice, readings, ())
                    for variant in written_variants(call):
                        assert actions.apply(*variant) == apply_by_listing(*variant)


# --- steps 3 and 4 ---------------------------------------------------------------------------


def check_target_by_listing(*call: Any) -> object:
    """Step 4 judged from the sorted list of targets, as it was before it looked one up."""
    position, side, t_pips, dice, readings, chosen = call
    legal = targets.targets(position, side, t_pips, dice, readings)
    picked = tuple(sorted(chosen))
    args = {"side": side, "row": row("T", t_pips), "chosen": picked, "legal": legal}
    if not picked:
        return ("target_skipped", args) if legal else None
    if picked not in legal:
        return "target_not_available", args
    return None


def skill_possible_by_listing(position: Any, table: Any, foe: Any, readings: Any) -> bool:
    uses = candidate_uses(table, foe, once_per_game=False)
    return any(not is_problem(apply_skill(position, table, u, foe, readings)) for u in uses)


def chosen_targets(call: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    position, side, t_pips, dice, readings, chosen = call
    tries = {tuple(chosen), (), (0,), (13,), (5, 5), (1, 2), (12,)}
    tries |= set(targets.targets(position, side, t_pips, dice, readings))
    for target in sorted(tries):
        yield (*call[:-1], target)


def test_step_4_judges_every_target_of_the_games_as_the_sorted_list(
    judged: dict[str, list[tuple[Any, ...]]],
) -> None:
    assert len(judged["check_target"]) > 500
    for call in judged["check_target"]:
        for variant in chosen_targets(call):
            assert targets.check_target(*variant) == check_target_by_listing(*variant)


def test_a_skipped_step_3_is_judged_in_the_games_as_by_the_full_list(
    judged: dict[str, list[tuple[Any, ...]]],
) -> None:
    assert len(judged["skill_possible"]) > 20
    for call in judged["skill_possible"]:
        assert turn.skill_possible(*call) == skill_possible_by_listing(*call)


@settings(max_examples=300)
@given(turns(), st.lists(st.integers(0, 13), max_size=2))
def test_step_4_judges_random_targets_as_the_sorted_list(turn_: Any, junk: list[int]) -> None:
    readings, position, dice, side = turn_
    for variant in chosen_targets((position, side, dice.t, dice, readings, tuple(junk))):
        assert targets.check_target(*variant) == check_target_by_listing(*variant)

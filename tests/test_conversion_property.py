"""``convert`` loses nothing the rules see, and refuses nothing it can write (records.md:
"conversion goes both ways without loss"; dark-nebula.md: an event's turn is optional in
JSON, and the text notation's stamp gives the turn its place gives).

The records: every sample of ``records/`` that reads (valid, invalid and pending; the
unreadable ones are refused before any conversion), and :data:`GENERATED` records per game —
seeded random games of each game's own generator (the samples' players), each as played and
with an event deleted or two swapped (mostly invalid, at every kind of step).

Each record is converted as it is and with an optional field removed: a key whose removal
leaves a record that still reads (a Dark Nebula event's turn, a volley's dice, a result's
winner, an Orbit Dominion comment or clock, an Astro-Stra skill's pips …). A sample is
converted with each of its optional fields removed in turn, everywhere it occurs. A generated
record is converted with :data:`FIELDS` of them removed, one at a time, the next ones of its
list each time: removed everywhere or, where the key occurs more than once, at one place (a
turn left out among stamped ones), so that the corpus removes every kind of field many times
over in seconds (``CONVERT_FIELDS=all pytest tests/test_conversion_property.py`` removes each
field of every generated record in turn, in some minutes).

Each is converted JSON → text → JSON (a text sample first text → JSON); every conversion
succeeds, and ``validate`` gives every form the verdict of the record converted: status,
plies, the ply and code of the problem, the claimed and the computed result.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.judge.validation import validate
from adjudicator.core.read.conversion import Form, convert_record, read_strictly
from adjudicator.core.read.records import GameRecord
from adjudicator.core.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
REGISTRY = Registry()
#: Generated records per game, at least.
GENERATED = 400
#: Optional fields removed from each generated record, one at a time (``all``: every one).
FIELDS = os.environ.get("CONVERT_FIELDS", "1")

Data = dict[str, Any]
Place = tuple[int | str, ...]


# --- the records -----------------------------------------------------------------------------


def samples(slug: str) -> list[Path]:
    """The game's sample records that read: every one but the unreadable."""
    return sorted(
        path
        for folder in ("valid", "invalid", "pending")
        for path in (RECORDS / slug / folder).glob("*")
        if path.suffix in (".json", ".txt")
    )


def _generator(name: str) -> Any:
    """A sample generator of ``records/`` (a script, not a package), imported by name."""
    sys.path.insert(0, str(RECORDS))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(RECORDS))


def orbit_dominion_games() -> Iterator[Data]:
    """Random legal games of the samples' player from the standard start, with the samples'
    metadata, three moves commented (one of two with a clock), every other one with an
    id; the result claimed is the one the rules gave, when they gave one."""
    generator = _generator("generate_orbit_dominion")
    for seed in range(1_000_000):
        rng = random.Random(seed)
        state = generator.random_game(seed, limit=rng.randrange(4, 60))
        moves: list[Any] = generator.texts(state)
        for index in rng.sample(range(len(moves)), min(3, len(moves))):
            move: Data = {"move": moves[index], "comment": f"note {index}"}
            if rng.random() < 0.5:
                move["clock"] = rng.randrange(0, 90_000) / 10
            moves[index] = move
        result = generator.outcome_result(state) if state.outcome() else None
        extra = {"game_id": f"od-{seed}"} if seed % 2 else {}
        yield generator.record(moves, result, **extra)


def dark_nebula_games() -> Iterator[Data]:
    """Random legal games of the seeded player, of one to three turns: a director's full
    record (its secret, every event stamped with its turn) or, every other one, the public
    record; every third with the players named."""
    from tests.dark_nebula.player import director_game

    for seed in range(1_000_000):
        data = director_game(seed, 1 + seed % 3)
        if seed % 2:
            del data["secret"]
        if seed % 3 == 0:
            data["meta"] = {"event": "club night", "empire": "Aoi", "rebel": "Ren"}
        yield data


def astro_stra_games() -> Iterator[Data]:
    """Random legal games of the samples' player, of up to 12 turns, every other one with
    an id and the players named; the result claimed is the one the rules gave, when they
    gave one."""
    generator = _generator("generate_astro_stra")
    for seed in range(1_000_000):
        draft, plays, game = generator.random_game(seed, limit=1 + seed % 12)
        result = {"winner": game.winner, "reason": "all_home"} if game.winner else {}
        extra: Data = {}
        if seed % 2:
            extra = {"game_id": f"as-{seed}", "meta": {"black": "Aoi", "white": "Ren"}}
        yield generator.record(draft, plays, result, **extra)


#: Each game's games, the key of its events in a JSON record, and how many mutants of each
#: game are made (the Dark Nebula player is the slowest: fewer games, more mutants).
SOURCES: dict[str, tuple[Callable[[], Iterator[Data]], str, int]] = {
    "orbit-dominion": (orbit_dominion_games, "moves", 2),
    "dark-nebula": (dark_nebula_games, "events", 7),
    "astro-stra": (astro_stra_games, "turns", 2),
}


def mutants(data: Data, key: str, count: int, rng: random.Random) -> list[Data]:
    """``count`` copies of the record, each with one event deleted or two neighbouring
    events swapped, by turns: what a score sheet gets wrong."""
    events = data.get(key, [])
    out = []
    for n in range(count if len(events) > 1 else 0):
        changed = [*events]
        at = rng.randrange(len(events) - 1)
        if n % 2:
            changed[at], changed[at + 1] = changed[at + 1], changed[at]
        else:
            del changed[at]
        out.append({**data, key: changed})
    return out


def generated(slug: str) -> list[Data]:
    """At least :data:`GENERATED` records of the game: games as played and their mutants."""
    games, key, count = SOURCES[slug]
    rng = random.Random(slug)
    out: list[Data] = []
    for data in games():
        out += [data, *mutants(data, key, count, rng)]
        if len(out) >= GENERATED:
            return out
    raise AssertionError("the generator ran out of seeds")  # pragma: no cover


# --- optional fields ---------------------------------------------------------------------------


def _places(data: Any, at: Place = ()) -> Iterator[Place]:
    """Every key's path in the data, list items by their index."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*at, key)
            yield from _places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _places(value, (*at, index))


def _without(data: Any, places: list[Place]) -> Any:
    """``data`` without the keys at ``places``: the containers on their paths copied, the
    rest shared (no record is changed in place)."""
    gone = {place[0] for place in places if len(place) == 1}
    inner: dict[int | str, list[Place]] = {}
    for place in places:
        if len(place) > 1:
            inner.setdefault(place[0], []).append(place[1:])
    if isinstance(data, list):
        copied: Any = [*data]
    else:
        copied = {k: v for k, v in data.items() if k not in gone}
    for part, rest in inner.items():
        copied[part] = _without(data[part], rest)
    return copied


def without_fields(data: Data, rng: random.Random | None) -> list[tuple[str, Data]]:
    """The record with each key removed in turn, named by where: everywhere the key is (by
    its path, list items aside), and with ``rng``, where it is in several places, at one of
    them."""
    by_path: dict[tuple[str, ...], list[Place]] = {}
    for place in _places(data):
        path = tuple("*" if isinstance(part, int) else part for part in place)
        by_path.setdefault(path, []).append(place)
    out = []
    for path, places in by_path.items():
        out.append((".".join(path), _without(data, places)))
        if rng is not None and len(places) > 1:
            one = rng.choice(places)
            out.append((".".join(map(str, one)), _without(data, [one])))
    return out


# --- the property ------------------------------------------------------------------------------


def verdict(game: Game, record: GameRecord) -> tuple[object, ...]:
    """What a director compares: status, plies, the ply and code of the problem, the
    claimed and the computed result."""
    v = validate("<record>", record, game.replay(record), lenient=False, lang="en")
    problem = (v.problem.ply, v.problem.code) if v.problem else None
    claimed = v.claimed.model_dump() if v.claimed else None
    computed = v.computed.model_dump() if v.computed else None
    return (v.status, v.plies, problem, claimed, computed)


def check_both_ways(game: Game, record: GameRecord, source: Form, what: str) -> None:
    """``record`` (read from ``source``) converted to the other form and back, and a text
    record once more to JSON: each conversion succeeds and keeps the verdict."""
    expected = verdict(game, record)
    for to in ["text", "json"] if source == "json" else ["json", "text", "json"]:
        try:
            written = convert_record(game, record, source, to)  # type: ignore[arg-type]
        except InputError as err:
            pytest.fail(f"{what}: {source} → {to} refused: {err.describe()}")
        record = read_strictly(game, written, to)  # type: ignore[arg-type]
        assert verdict(game, record) == expected, f"{what}: the verdict of its {to} form"
        source = to  # type: ignore[assignment]


def read_sample(game: Game, path: Path) -> tuple[GameRecord, Form]:
    """A sample as ``convert`` reads it: strictly, or (a record of documented alternative
    spellings, judged invalid strictly) as ``convert --lenient`` does."""
    text = path.read_text("utf-8")
    form: Form = "json" if path.suffix == ".json" else "text"
    try:
        return read_strictly(game, text, form), form
    except InputError:
        if form == "json":
            return game.read_json_record(json.loads(text), lenient=True), form
        return game.read_text_record(text, lenient=True), form


def converted_with_fields_removed(
    game: Game, name: str, data: Data, removals: list[tuple[str, Data]]
) -> int:
    """:func:`check_both_ways` for the record ``data`` and each of ``removals`` that reads:
    how many were checked."""
    checked = 0
    for removed, changed in [("nothing", data), *removals]:
        try:
            record = game.read_json_record(changed, lenient=False)
        except InputError:
            continue  # not optional: without it the record does not read
        check_both_ways(game, record, "json", f"{name} without {removed}")
        checked += 1
    return checked


GAMES = sorted(SOURCES)


@pytest.fixture(scope="module", params=GAMES)
def corpus(request: pytest.FixtureRequest) -> tuple[Game, list[Data]]:
    """A game and its generated records, made once per session."""
    slug: str = request.param
    return REGISTRY.find(slug, field="game"), generated(slug)


SAMPLES = [path for slug in GAMES for path in samples(slug)]


@pytest.mark.parametrize("path", SAMPLES, ids=[str(p.relative_to(RECORDS)) for p in SAMPLES])
def test_every_sample_converts_both_ways_with_each_optional_field_removed(path: Path) -> None:
    game = REGISTRY.find(path.parts[-3], field="game")
    record, form = read_sample(game, path)
    if form == "text":
        check_both_ways(game, record, "text", path.name)
        data = json.loads(convert_record(game, record, "text", "json"))
    else:
        data = json.loads(path.read_text("utf-8"))
    checked = converted_with_fields_removed(game, path.name, data, without_fields(data, None))
    assert checked > 1  # the record itself, and at least one field removed


def test_generated_records_convert_both_ways_with_optional_fields_removed(
    corpus: tuple[Game, list[Data]],
) -> None:
    game, records = corpus
    rng = random.Random(game.id)
    assert len(records) >= GENERATED
    turn = 0
    for number, data in enumerate(records):
        removals = without_fields(data, rng)
        if FIELDS != "all":
            count = min(int(FIELDS), len(removals))
            removals = [removals[(turn + i) % len(removals)] for i in range(count)]
            turn += count
        converted_with_fields_removed(game, f"{game.slug} generated #{number}", data, removals)

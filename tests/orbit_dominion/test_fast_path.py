"""The replay's fast path (:meth:`GameState.advance`) against the full path
(:meth:`GameState.attempt`): the same answer for every action, at every position of random
legal games, of every sample record and of every conformance case, and the same verdict for
every record validated with and without it.

Protects 第3条–第10条 as the validator applies them: a fast path that accepted an action the
rules reject (or a spelling the strict notation refuses) would turn an invalid record valid.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.conformance.cases import case_files
from adjudicator.core.errors import InputError
from adjudicator.core.read.records import Event
from adjudicator.core.registry import Registry, installed_games
from adjudicator.orbit_dominion import record as record_module
from adjudicator.orbit_dominion.actions import Action, every_action
from adjudicator.orbit_dominion.position import Position, start_position
from adjudicator.orbit_dominion.record import Record
from adjudicator.orbit_dominion.state import GameState

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "records" / "orbit-dominion").rglob("*.json")) + sorted(
    (ROOT / "records" / "orbit-dominion").rglob("*.txt")
)
REGISTRY = Registry(installed_games())
SPELLINGS = sorted(every_action())
#: Spellings the fast path must leave to the full path: lenient forms and near misses.
ODD = ["O4→M4", "O+1", "Ｏ＋", " O+", "I11 - I10", "o+", "M3xM4 ", "", "x"]


def random_lines(count: int, seed: int) -> Iterator[tuple[GameState, list[str]]]:
    """Random legal games to the end, as a start and the canonical texts played."""
    rng = random.Random(seed)
    for _ in range(count):
        state = GameState()
        texts: list[str] = []
        while state.outcome() is None and state.legal_actions():
            action = rng.choice(state.legal_actions())
            texts.append(action.text)
            state.push(action)
        yield GameState(), texts


def case_lines() -> Iterator[tuple[GameState, list[str]]]:
    """Every Orbit Dominion conformance case with moves: its start, history and moves."""
    for _, case_file in case_files(ROOT / "conformance", "orbit-dominion/4.2"):
        for case in case_file.cases:
            if not case.moves or not all(isinstance(m, str) for m in case.moves):
                continue
            try:
                state = GameState(start_position(case.start))
                for text in case.request.get("history", []):
                    state.add_history(Position.from_text(text))
            except (InputError, ValueError):
                continue  # a malformed start is the case's point; nothing to replay
            yield state, [m for m in case.moves if isinstance(m, str)]


def sample_lines() -> Iterator[tuple[GameState, list[str]]]:
    for path in SAMPLES:
        if path.suffix != ".json":
            continue
        try:
            data = json.loads(path.read_text("utf-8"))
        except ValueError:  # the unreadable samples: no line to walk
            continue
        moves = data.get("moves") if isinstance(data, dict) else None
        if not isinstance(moves, list):
            continue
        texts = [m if isinstance(m, str) else m.get("move") for m in moves]
        try:
            yield (
                GameState(start_position(data.get("start", "standard"))),
                [t for t in texts if isinstance(t, str)],
            )
        except InputError:
            continue


def full_path_accepts(state: GameState, text: str) -> bool:
    """What :meth:`GameState.attempt` does with ``text`` in strict notation: played
    (``True``), or refused (a violation, a normalised spelling, unreadable)."""
    try:
        reading = state.read(text)
    except InputError:
        return False
    return not reading.normalized and state.check(reading.action) is None


def probes(state: GameState, rng: random.Random, next_text: str | None) -> list[str]:
    """The texts tried at a position: every pseudo-legal action, some other spellings (most
    illegal here), odd spellings, and what the line plays next."""
    texts = [a.text for a in state.pseudo_legal_actions()]
    texts += rng.sample(SPELLINGS, 12) + ODD
    if next_text is not None:
        texts.append(next_text)
    return texts


def check_line(state: GameState, texts: list[str], rng: random.Random) -> tuple[int, int]:
    """Walk the line with the full path, checking at each position that whatever the fast
    path would play, the full path plays too, as the same action (the fast path may leave
    any action to the full path, never the other way round). The number of texts tried and
    of those the fast path took."""
    tried = taken = 0
    for i in range(len(texts) + 1):
        following = texts[i] if i < len(texts) else None
        for text in probes(state, rng, following):
            trial = state.copy()
            if trial.advance((text,)):
                assert full_path_accepts(state, text), (state.position.text(), text)
                assert trial.actions[-1] == state.read(text).action
                taken += 1
            tried += 1
        if following is None:
            break
        try:
            _, violation = state.attempt(following, lenient=True)
        except InputError:
            break
        if violation is not None:
            break
    return tried, taken


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("random games", lambda: random_lines(12, seed=20261201)),
        ("conformance cases", case_lines),
        ("sample records", sample_lines),
    ],
)
def test_the_fast_path_plays_only_what_the_full_path_plays(name: str, lines) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    counts = [check_line(state, texts, rng) for state, texts in lines()]
    tried, taken = sum(c[0] for c in counts), sum(c[1] for c in counts)
    assert tried > 1000 and taken > tried // 10, (name, tried, taken)


def test_advance_plays_what_attempt_plays() -> None:
    """Where the fast path plays an action, the position and the repetition counts are
    those of the full path, action by action and for a whole line at once."""
    for fast_state, texts in random_lines(6, seed=99):
        full_state, whole_line = GameState(), GameState()
        for text in texts:
            assert fast_state.advance((text,)) == 1
            reading, violation = full_state.attempt(text)
            assert violation is None and not reading.normalized
            assert fast_state.position == full_state.position
            assert fast_state.occurrence_counts() == full_state.occurrence_counts()
        assert fast_state.outcome() == full_state.outcome()
        assert whole_line.advance(texts) == len(texts)
        assert whole_line.position == full_state.position
        assert whole_line.actions == full_state.actions
        assert whole_line.occurrence_counts() == full_state.occurrence_counts()
        assert whole_line.outcome() == full_state.outcome()


def test_advance_stops_where_the_full_path_must_answer() -> None:
    """A line with an illegal action, a lenient spelling or actions after the end: the
    fast path plays up to it and says where it stopped; from there it goes on."""
    _, texts = next(random_lines(1, seed=5))
    state = GameState()
    assert state.advance([*texts[:3], "O0-I0", *texts[3:]]) == 3
    assert state.advance(["O0-I0", *texts[3:]], 1) == len(texts) - 2
    assert state.position.ply == len(texts)
    assert state.outcome() is not None
    assert state.advance(texts, 1) == 1  # the game is over: nothing is played


def random_records(folder: Path) -> list[Path]:
    """Random games as records: as played, with their true result, and broken three ways
    (a wrong result, an action repeated so that it is illegal, a lenient spelling); and with
    attempts taken back in mid-game, one truly illegal and one that was legal (where the
    replay's run of plain events must stop and the loop check them)."""
    paths = []
    for i, (_, texts) in enumerate(random_lines(8, seed=4242)):
        state = GameState()
        for text in texts:
            state.push(Action.parse(text))
        outcome = state.outcome()
        result = {"winner": None, "reason": None}
        if outcome is not None:
            result = {"winner": outcome.winner, "reason": outcome.reason}
        wrong = {"winner": "draw", "reason": "move_limit"}
        cut = len(texts) // 2
        taken_back = {"move": texts[cut], "attempts": [texts[cut - 1]]}
        legal_back = {"move": texts[cut], "attempts": [texts[cut]]}
        variants = {
            "illegal-attempt": ([*texts[:cut], taken_back, *texts[cut + 1 :]], result),
            "legal-attempt": ([*texts[:cut], legal_back, *texts[cut + 1 :]], result),
            "as-played": (texts, result),
            "wrong-result": (texts, wrong),
            "illegal": ([*texts[:cut], texts[cut - 1], *texts[cut:]], result),
            "lenient": ([*texts[:cut], texts[cut].replace("-", "→"), *texts[cut + 1 :]], result),
        }
        for name, (moves, claimed) in variants.items():
            record = {
                "format": "orbit-dominion-record/1",
                "ruleset": "orbit-dominion/4.2",
                "moves": moves,
                "result": claimed,
            }
            path = folder / f"game-{i}-{name}.json"
            path.write_text(json.dumps(record), "utf-8")
            paths.append(path)
    return paths


@pytest.mark.parametrize("lenient", [False, True])
def test_every_record_gets_the_same_verdict_without_the_fast_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lenient: bool
) -> None:
    """Every sample record (valid, invalid, unreadable) and random records, sound and broken,
    judged with the fast path and with it switched off: the verdicts are identical, field
    for field, in strict and in lenient notation."""
    paths = SAMPLES + random_records(tmp_path)
    options = Options(lenient=lenient)
    fast = [validate_file(REGISTRY, path, options).model_dump() for path in paths]
    monkeypatch.setattr(GameState, "advance", lambda self, texts, start=0: start)
    full = [validate_file(REGISTRY, path, options).model_dump() for path in paths]
    assert fast == full
    assert {v["status"] for v in fast} >= {"valid", "invalid"}


def test_a_records_events_are_its_moves_as_written() -> None:
    """Events of plain actions are shared between records (made once per canonical spelling);
    each is still the move as written, with its attempts, and no other text is kept."""
    moves = ["O0-O1", "I5→M5", {"move": "M-", "attempts": ["M+"]}, "O0-O1", "nonsense"]
    data = {
        "format": "orbit-dominion-record/1",
        "ruleset": "orbit-dominion/4.2",
        "moves": moves,
        "result": {"winner": None, "reason": None},
    }
    first = Record.model_validate(data).to_game_record([]).events
    again = Record.model_validate(data).to_game_record([]).events
    assert (
        first
        == again
        == [
            Event("O0-O1"),
            Event("I5→M5"),
            Event("M-", ("M+",)),
            Event("O0-O1"),
            Event("nonsense"),
        ]
    )
    assert first[0] is again[0] is first[3]
    assert set(record_module._BARE_EVENTS) <= set(every_action())

"""The core's one ``evaluate`` loop (adjudicator/core/protocol/evaluate.py), on a toy replay that
knows no game: what it reports of a line is the protocol's (docs/protocol.md), whichever
game plays it. The games' own answers are checked by the conformance suite and by
``python -m tests.engine_answers``, which compares every answer before and after a change."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.replay import ACCEPTED, Replay, Step
from adjudicator.core.protocol.evaluate import decided_before, judge


class Toy(Replay):
    """Plays words: ``ok``, ``bad`` (rejected, changes nothing), ``OK`` (normalised to
    ``ok``), ``??`` (unreadable), ``win`` (decides the game)."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.decided: Outcome | None = None

    def attempt(self, written: str, *, lenient: bool) -> Step:
        if written == "??":
            raise InputError("malformed_event", "not a word")
        if written == "bad":
            return Step(violation=SimpleNamespace(code="illegal"))  # type: ignore[arg-type]
        self.played.append(written)
        if written == "win":
            self.decided = Outcome(winner="a", reason="r", decided_at=len(self.played))
        return Step(normalized_to="ok") if written == "OK" else ACCEPTED

    def check(self, written: str) -> None:
        return None

    def outcome(self) -> Outcome | None:
        return self.decided

    def end_outside_play(self, winner: str | None, reason: str, resigned: str | None) -> None:
        raise NotImplementedError

    def ply(self) -> int:
        return len(self.played)

    def actions_made(self) -> int:
        return len(self.played)

    def side_to_move(self) -> str:
        return "a"

    def position_text(self) -> str:
        return " ".join(self.played)

    def drawing(self, lang: Lang = "en") -> str:
        return self.position_text()


def test_the_first_rejected_event_stops_the_line_and_is_named() -> None:
    """docs/protocol.md (Dark Nebula, Astro-Stra): the first rejected event stops the
    replay; ``illegal_at`` is its 0-based index."""
    toy = Toy()
    judged = judge(toy, ["ok", "bad", "ok"], lenient=False)
    assert (judged.illegal_at, judged.violation) == (1, "illegal")
    assert toy.played == ["ok"]


def test_a_game_whose_rejected_action_changes_nothing_plays_on() -> None:
    """docs/protocol.md (Orbit Dominion, ruling 11): a rejected action changes nothing and
    later actions are still played; the first rejection is the one named."""
    toy = Toy()
    judged = judge(toy, ["bad", "ok", "bad", "OK"], lenient=True, goes_on=True)
    assert (judged.illegal_at, judged.violation) == (0, "illegal")
    assert toy.played == ["ok", "OK"]
    assert [(n.index, n.written, n.canonical) for n in judged.normalized] == [(3, "OK", "ok")]


def test_an_unreadable_event_is_an_error_naming_it() -> None:
    """docs/protocol.md: a line that is not an event is an error with field ``moves[i]``."""
    with pytest.raises(InputError) as caught:
        judge(Toy(), ["ok", "??"], lenient=False)
    assert caught.value.field == "moves[1]"


@pytest.mark.parametrize(
    ("decided_at", "illegal_at", "kept"), [(2, 2, True), (3, 2, False), (3, None, True)]
)
def test_the_outcome_is_what_was_decided_before_the_rejection(
    decided_at: int, illegal_at: int | None, kept: bool
) -> None:
    """docs/protocol.md (Dark Nebula): ``outcome`` is what the rules decided before the
    event at ``illegal_at``; a win played after an event proved illegal is none."""
    decided = Outcome(winner="a", reason="r", decided_at=decided_at)
    assert (decided_before(decided, illegal_at) is decided) is kept


def test_moves_read_as_objects_are_shown_as_the_game_says() -> None:
    """An event object is listed in ``normalized`` only as the game writes it."""
    seen: list[Any] = []

    def shown(move: Any) -> str | None:
        seen.append(move)
        return None

    judged = judge(Toy(), ["OK"], lenient=True, shown=shown)
    assert seen == ["OK"] and judged.normalized == []

"""Astro-Stra's golden playthroughs: which games the generator plays and what each covers.

Each game starts from one of a few short layouts (:data:`LAYOUTS`: whole games of tens of
turns, where the full game from the default layout takes over a hundred), with a seeded
draft and one set of dice or two, and under the default readings or one alternative
reading at a time (:data:`READINGS`). At each turn the side to move rolls its dice that are
not held, by the seed, and plays one of the turns ``legal_turns`` lists. The minimums below
are documented in docs/conformance.md; the tests fail when the shipped playthroughs fall
below one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from itertools import count
from typing import Any

from adjudicator.astro_stra.board import Position
from adjudicator.astro_stra.identity import GAME_ID
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.astro_stra.skills import COLOURS, ONCE_PER_GAME
from adjudicator.astro_stra.turn import StepProblem, TurnPlay, skills_applied
from adjudicator.core.conformance.cases import Case
from adjudicator.core.conformance.making import Plan, PlaythroughMaker, ending_and_refusals
from adjudicator.core.read.numbers import read_int

#: Short layouts, each a whole game of tens of turns: three pieces a side near the start
#: (one on it), meeting in the middle, and a race near home.
LAYOUTS: dict[str, str] = {
    "start": "b:0=1,2=1,3=1 w:0=1,2=1,3=1",
    "middle": "b:4=1,5=1,6=1 w:4=1,5=1,6=1",
    "race": "b:9=2,11=1 w:9=1,11=2",
}

#: The readings playthroughs are played under: the defaults, then groups of alternatives
#: (interpretations 1, 3–7, 10–12, 15), so that every alternative is played.
READINGS: tuple[dict[str, Any], ...] = (
    {},
    {"geometry": "one-loop", "past_home": "exact", "any_die": "target-and-action"},
    {"past_start": "forbidden", "first_move_may_hit": False, "numbering": "black"},
    {"adjacent_blots": "same-half", "pips_bounds": "wrap", "held_die": "value-only"},
    {"once_per_game": "on-top", "held_reroll": "allowed", "pips_bounds": "clamp"},
)

#: Every skill, target and action row of the tables, the two-piece targets, both sets of
#: dice, each reading, the win, and refused turns.
MINIMUMS: dict[str, int] = {
    **{f"skill:{name}": 3 for name in (*COLOURS, *ONCE_PER_GAME)},
    "skill:-": 10,
    **{f"target:T{pips}": 3 for pips in range(1, 7)},
    "target:two-pieces": 3,
    **{f"action:A{pips}": 3 for pips in range(1, 7)},
    "sets:2": 1,
    **{f"reading:{k}={v}": 1 for reading in READINGS for k, v in reading.items()},
    "ending:all_home": 3,
    "refused": 30,
}

_NUMBER = re.compile(r"(target |>)([0-9]+)")


class AstroStraPlaythroughs(PlaythroughMaker):
    game = GAME_ID
    id_prefix = "as.playthrough"
    refs = ("step-1", "step-2", "step-3", "step-4", "step-5", "step-7")
    list_feature = "legal_turns"
    max_actions = 90
    minimums = MINIMUMS

    def plans(self, seed: int) -> Iterator[Plan]:
        rng = random.Random(seed)
        for n in count():
            layout = list(LAYOUTS)[n % len(LAYOUTS)]
            reading = READINGS[n % len(READINGS)]
            sets = 2 if n % 4 == 3 else 1
            request: dict[str, Any] = {"sets": sets} if sets == 2 else {}
            if reading:
                request["interpretations"] = reading
            given = ("opening 5-2", _draft(rng, sets))
            style = "keeps-jagi" if (n // 4) % 2 else "advances"
            name = f"seed-{seed}-game-{n}-{layout}"
            yield Plan(name, LAYOUTS[layout], request, given, style)

    def list_request(
        self, rng: random.Random, plan: Plan, moves: list[Any], answer: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The dice of the side to move, those it does not hold rolled by the seed; none
        before the draft and once the game is decided."""
        if len(moves) < 2 or answer["outcome"] is not None:
            return None
        game = _replayed(plan, moves).game
        assert game is not None, "the draft is played"
        held = {h.colour: h.pips for h in game.holds if h.owner == game.to_move}
        dice = game.colours[game.to_move]
        return {"roll": {colour: held.get(colour) or rng.randint(1, 6) for colour in dice}}

    def choose(self, rng: random.Random, plan: Plan, moves: list[Any], legal: list[str]) -> Any:
        """Mostly a turn that advances furthest (games stay short), else any, by the seed.
        In the ``keeps-jagi`` style Jagi is left unused, and Artemis, which it would rule
        out, is used as soon as the opponent has a piece home to take."""
        if plan.style == "keeps-jagi":
            if artemis := [line for line in legal if "| skill artemis " in line]:
                return rng.choice(artemis)
            legal = [line for line in legal if "| skill jagi " not in line] or legal
        if rng.random() < 0.8:
            best = max(_advance(line) for line in legal)
            return rng.choice([line for line in legal if _advance(line) == best])
        return rng.choice(legal)

    def refused(
        self, rng: random.Random, moves: list[Any], legal: list[str], position: str
    ) -> list[Any]:
        """Every third turn: legal turns with a target or a move's point changed by one."""
        if len(moves) < 2 or len(moves) % 3 or not legal:
            return []
        near = set()
        for line in rng.sample(legal, min(5, len(legal))):
            for m in _NUMBER.finditer(line):
                for point in (read_int(m[2]) - 1, read_int(m[2]) + 1):
                    near.add(f"{line[: m.start(2)]}{point}{line[m.end(2) :]}")
        return rng.sample(sorted(near - set(legal)), min(6, len(near - set(legal))))

    def features(self, case: Case) -> Counter[str]:
        playthrough = case.expect.playthrough
        assert playthrough is not None
        request = case.request
        found: Counter[str] = Counter()
        found.update(f"reading:{k}={v}" for k, v in request.get("interpretations", {}).items())
        found[f"sets:{request.get('sets', 1)}"] += 1
        readings = Readings(**request.get("interpretations", {}))
        replay = _start(case.start, readings, request.get("sets", 1))
        for index, move in enumerate(case.moves):
            replay.attempt(str(move), lenient=False)
            if index >= 2 and replay.before is not None and replay.last_play is not None:
                found += _turn_features(replay.before, replay.last_play, readings)
        found.update(ending_and_refusals(playthrough))
        return found


def _turn_features(before: Any, play: TurnPlay, readings: Readings) -> Counter[str]:
    """The skill, the target row and the action row one turn used."""
    found: Counter[str] = Counter()
    for use in (play.skill, play.extra):
        if use is not None:
            found[f"skill:{use.skill}"] += 1
    found["skill:-"] += play.skill is None
    applied = skills_applied(before, play, readings)
    if isinstance(applied, StepProblem):
        return found
    table = applied[1]
    if play.target:
        found[f"target:T{table.t.pips}"] += 1
        found["target:two-pieces"] += len(play.target) == 2
    if play.moves:
        found[f"action:A{table.a.pips}"] += 1
    return found


def _advance(line: str) -> int:
    """How far a turn line's moves take its pieces, in the mover's numbering."""
    moves = line.rpartition("| moves ")[2]
    return sum(
        read_int(b) - read_int(a)
        for a, _, b in (m.partition(">") for m in moves.split() if ">" in m)
    )


def _draft(rng: random.Random, sets: int) -> str:
    """Six picks from black, alternating: six colours, or with two sets three each."""
    if sets == 1:
        picks = rng.sample(COLOURS, 6)
    else:
        black, white = rng.sample(COLOURS, 3), rng.sample(COLOURS, 3)
        picks = [c for pair in zip(black, white, strict=True) for c in pair]
    return "draft " + " ".join(picks)


def _start(layout: str, readings: Readings, sets: int) -> AstroStraReplay:
    start = None if layout == "standard" else Position.from_text(layout)
    return AstroStraReplay(readings, sets, start)


def _replayed(plan: Plan, moves: list[Any]) -> AstroStraReplay:
    readings = Readings(**plan.request.get("interpretations", {}))
    replay = _start(plan.start, readings, plan.request.get("sets", 1))
    for move in moves:
        replay.attempt(move, lenient=False)
    return replay

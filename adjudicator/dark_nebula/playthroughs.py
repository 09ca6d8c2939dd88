"""Dark Nebula's golden playthroughs: which games the generator plays and what each covers.

Every game is a director's (its request carries the opening, ``secret``), so that the lists
hold what the rules allow — the revelations and the appearances within reach of the base
included — and nothing is pending. The base is hidden in a seeded sector outside Tyrann; the
games are played under the default readings or one group of alternatives at a time
(:data:`READINGS`). At each position the generator gives the step's dice by the seed (40 for
a battle, one for the 10.7 roll) and plays an event the list holds, a movement made of
several listed counters' moves; the ``attacks`` style sends counters at the enemy, so that
battles are fought and the games are decided, and the ``raid`` style sends the empire's
counters away from Tyrann and the rebels' at it, so that the guard falls (4.2). The minimums
below are documented in docs/conformance.md; the tests fail when the shipped playthroughs
fall below one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from itertools import count
from typing import Any

from adjudicator.core.conformance.cases import Case
from adjudicator.core.conformance.making import Plan, PlaythroughMaker, ending_and_refusals
from adjudicator.core.read.numbers import read_int
from adjudicator.dark_nebula.board import CAPITAL, Side, default_board
from adjudicator.dark_nebula.commitment import commitment
from adjudicator.dark_nebula.identity import GAME_ID
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.protocol import EvaluateRequest, game_replay
from adjudicator.dark_nebula.record import Combat, Movement, Production, Search
from adjudicator.dark_nebula.replay import DarkNebulaReplay

#: The opening of every game's commitment (a seeded game id makes each digest its own).
NONCE = "3f9a0c5e7b1d2468ace13579bdf02468"

#: The readings games are played under: the defaults, then groups of alternatives.
READINGS: tuple[dict[str, str], ...] = (
    {},
    {"marked_modifier": "both", "search_sectors": "none-without-command-ship"},
    {"empire_budget": "any-kind", "extra_counts_toward_two": "separate"},
    {"base_builds": "also-rebel-kinds", "nebula_entry": "each-step"},
    {"appear_with_empire": "forbidden", "own_sectors": "base-counters-apart"},
)

#: Dice given for a battle; a branch needing more is not listed (none did in the games).
BATTLE_DICE = 40

#: Every step, each class of fire, each way a counter comes (built, the extra, on the
#: base, appearing), the searches and the base's events, both victories, each reading.
MINIMUMS: dict[str, int] = {
    **{f"class:{c}": 3 for c in ("0★", "3", "2", "1", "0")},
    "cycle:second": 1,
    "build:empire": 5,
    "build:rebel": 5,
    "extra": 5,
    "base:builds": 3,
    "appear": 2,
    "search:1": 5,
    "search:2": 5,
    "base:found": 1,
    "base:by-choice": 1,
    "base:rises": 3,
    "ending:guard_destroyed": 1,
    "ending:base_destroyed": 1,
    **{f"reading:{k}={v}": 1 for reading in READINGS for k, v in reading.items()},
    "refused": 30,
}


class DarkNebulaPlaythroughs(PlaythroughMaker):
    game = GAME_ID
    id_prefix = "dn.playthrough"
    refs = ("3.2", "5.0", "6.1", "7.1", "8.0", "9.0", "10.1", "10.7")
    list_feature = "legal_events"
    max_actions = 120
    minimums = MINIMUMS

    def plans(self, seed: int) -> Iterator[Plan]:
        rng = random.Random(seed)
        board = default_board()
        hidden = sorted(s.id for s in board.sectors if s.id != CAPITAL)
        for n in count():
            game_id = f"playthrough-{seed}-{n}"
            base = rng.choice(hidden)
            request: dict[str, Any] = {
                "game_id": game_id,
                "commitment": commitment(game_id, base, NONCE),
                "secret": {"sector": base, "nonce": NONCE},
            }
            reading = READINGS[n % len(READINGS)]
            if reading:
                request["interpretations"] = reading
            style = ("random", "attacks", "raid")[n % 3]
            yield Plan(f"seed-{seed}-game-{n}", request=request, style=style)

    def list_request(
        self, rng: random.Random, plan: Plan, moves: list[Any], answer: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The dice of the step that comes next: 40 for a battle, one for the search's
        roll, none for a step of choices only; no list once the game is decided."""
        if answer["outcome"] is not None:
            return None
        header = answer["position"].partition(";")[0]
        if header.endswith(" combat"):
            return {"dice": [rng.randint(1, 6) for _ in range(BATTLE_DICE)]}
        if header.endswith(" search"):
            return {"dice": [rng.randint(1, 6)]}
        return {"dice": []}

    def choose(self, rng: random.Random, plan: Plan, moves: list[Any], legal: list[str]) -> Any:
        """A listed event, the disclosure left for the end; a movement made of listed
        counters' moves, each counter moving by the seed (in the ``attacks`` style, to a
        sector holding the enemy whenever it can)."""
        playing = [line for line in legal if not line.startswith("disclose:")] or legal
        if " movement: " in playing[0]:
            return _movement(rng, plan, moves, playing)
        if " production: " in playing[0]:
            on_base = [line for line in playing if "; base " in line]
            if on_base and rng.random() < 0.5:
                playing = on_base
            richest = max(len(line) for line in playing)
            if rng.random() < 0.6:
                return rng.choice([line for line in playing if len(line) == richest])
        if " search: " in playing[0]:
            playing = _searches(rng, playing)
            most = max(line.count(" ") for line in playing)
            if rng.random() < 0.7:
                return rng.choice([line for line in playing if line.count(" ") == most])
        return rng.choice(playing)

    def refused(
        self, rng: random.Random, moves: list[Any], legal: list[str], position: str
    ) -> list[Any]:
        """Every third position: listed events with one sector named otherwise or one die
        changed by one, the disclosure apart."""
        if len(moves) % 3 or not legal:
            return []
        sectors = sorted(s.id for s in default_board().sectors)
        near: set[str] = set()
        # a disclosure is left alone: the docs say what a false one is after the game only
        events = [line for line in legal if not line.startswith("disclose:")]
        for line in rng.sample(events, min(4, len(events))):
            head, colon, body = line.partition(": ")
            for m in re.finditer(r"[a-z][a-z0-9-]+", body):
                if m[0] in sectors:
                    other = rng.choice(sectors)
                    near.add(f"{head}{colon}{body[: m.start()]}{other}{body[m.end() :]}")
            for m in re.finditer(r"(?:(?<=[=,])|(?<=roll ))[1-6]", body):
                die = read_int(m[0]) + rng.choice((-1, 1))
                if 1 <= die <= 6:
                    near.add(f"{head}{colon}{body[: m.start()]}{die}{body[m.end() :]}")
        options = sorted(near - set(legal))
        return rng.sample(options, min(6, len(options)))

    def features(self, case: Case) -> Counter[str]:
        playthrough = case.expect.playthrough
        assert playthrough is not None
        found: Counter[str] = Counter()
        readings = case.request.get("interpretations", {})
        found.update(f"reading:{k}={v}" for k, v in readings.items())
        replay = _replay(case.request)
        for move in case.moves:
            before = replay.situation.copy()
            replay.attempt(str(move), lenient=False)
            found += _event_features(parse_line(str(move)), before, replay)
        found.update(ending_and_refusals(playthrough))
        return found


def _searches(rng: random.Random, legal: list[str]) -> list[str]:
    """The listed searches, mostly without a revelation by choice (10.3), so that the base
    stays hidden long enough to be found (10.2) or to build and send out counters."""
    chosen = []
    for line in legal:
        body = line.partition(": ")[2]
        searched, _, reveal = body.partition("; reveal ")
        by_choice = reveal and reveal.split()[0] not in searched.split()
        if not by_choice or rng.random() < 0.05:
            chosen.append(line)
    return chosen or legal


def _event_features(event: Any, before: Any, replay: DarkNebulaReplay) -> Counter[str]:
    """What one event played: builds, extras, the base's builds, appearances, the classes
    that fired, the searches and what became of the base."""
    found: Counter[str] = Counter()
    if type(event) is Production:
        found[f"build:{event.side}"] += len(event.builds)
        found["extra"] += event.extra is not None
        found["base:builds"] += len(event.base_builds)
    elif type(event) is Movement:
        found["appear"] += len(event.appearances)
    elif type(event) is Combat:
        for battle in event.battles:
            classes = [v.cls for v in battle.volleys]
            found.update(f"class:{c}" for c in classes)
            found["cycle:second"] += len(classes) != len(set(classes))
    elif type(event) is Search:
        if event.searches:
            found[f"search:{len(event.searches)}"] += 1
        if event.reveal is not None:
            found["base:found" if event.reveal.sector in event.searches else "base:by-choice"] += 1
        found["base:rises"] += replay.situation.base.square > before.base.square
    return found


def _replay(request: dict[str, Any]) -> DarkNebulaReplay:
    """The replay a playthrough's request starts, with no event yet."""
    req = EvaluateRequest.model_validate({"cmd": "evaluate", "game": GAME_ID, **request})
    return game_replay(req)


def _movement(rng: random.Random, plan: Plan, moves: list[Any], legal: list[str]) -> str:
    """One movement of several listed parts: each counter that has a listed move makes one
    by the seed, each counter on the base appears at most once."""
    replay = _replay(plan.request)
    for move in moves:
        replay.attempt(str(move), lenient=False)
    head = legal[0].partition(": ")[0]
    side: Side = "rebel" if " rebel " in head else "empire"
    enemy = replay.situation.sectors_of("empire" if side == "rebel" else "rebel")
    by_counter: dict[tuple[str, str], list[str]] = {}
    appearing: dict[str, list[str]] = {}
    for line in legal:
        body = line.partition(": ")[2]
        if body.startswith("-; appear "):
            kind, _, dst = body.removeprefix("-; appear ").partition(">")
            appearing.setdefault(kind, []).append(dst)
        elif body != "-":
            counter, _, dst = body.partition(">")
            kind, _, src = counter.partition("@")
            by_counter.setdefault((kind, src), []).append(dst)
    chosen: list[str] = []
    if plan.style == "raid":
        enemy = {CAPITAL} if side == "rebel" else set()
    for (kind, src), dsts in sorted(by_counter.items()):
        for _ in range(replay.situation.count(src, side, kind)):
            attack = [d for d in dsts if d in enemy]
            leave = plan.style == "raid" and side == "empire" and rng.random() < 0.8
            if (plan.style != "random" and attack and rng.random() < 0.8) or leave:
                chosen.append(f"{kind}@{src}>{rng.choice(attack or dsts)}")
            elif rng.random() < 0.3:
                chosen.append(f"{kind}@{src}>{rng.choice(dsts)}")
    appear = []
    for kind, dsts in sorted(appearing.items()):
        if rng.random() < 0.5:
            appear.append(f"{kind}>{rng.choice(dsts)}")
    body = " ".join(sorted(chosen)) or "-"
    if appear:
        body += "; appear " + " ".join(appear)
    return f"{head}: {body}"

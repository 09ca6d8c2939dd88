"""Generating playthrough cases: whole games played by the built-in engine with a fixed
seed, chosen for what they cover rather than for their number.

A game supplies a :class:`PlaythroughMaker`: the games it may play (:class:`Plan`: a start,
request fields such as the readings, actions played as given before the seeded choices),
how it asks for the list at a position, how it picks an action and which refused actions it
tries, and how it counts the features a case covers (every skill, target, action, victory
condition…) with the minimum documented for each. :func:`generate` plays the plans in
order until together they meet every minimum, then keeps the fewest, shortest games that
still do (the suite stays fast); the same seed gives the same cases, byte for byte.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.conformance.cases import Case, Playthrough
from adjudicator.core.conformance.front_coding import front_code
from adjudicator.core.errors import InputError

#: ``evaluate`` of the game in this process: the request's fields, the answer (an
#: :class:`~adjudicator.core.errors.InputError` for a request it cannot serve).
Evaluate = Callable[[dict[str, Any]], dict[str, Any]]

#: The most games played before choosing among them.
POOL = 80

#: The most characters of one file of playthroughs; the rest go on in further files.
FILE_LIMIT = 600_000

#: Refused actions kept per position where the maker offers some.
REFUSED_PER_STEP = 2


@dataclass(frozen=True)
class Plan:
    """One game to play: its name in the case id, where it starts, further request fields,
    actions played as given before the seeded choices, and how the maker chooses."""

    name: str
    start: str = "standard"
    request: dict[str, Any] = field(default_factory=dict)
    given: tuple[Any, ...] = ()
    style: str = "random"


class PlaythroughMaker(ABC):
    """What a game tells the generator; see the module's description."""

    #: The game's versioned id, and the prefix of its case ids (``od.playthrough``).
    game: str
    id_prefix: str
    #: Rule references every playthrough of the game cites.
    refs: tuple[str, ...]
    #: The feature an engine declares to be compared with the lists; ``None``: always.
    list_feature: str | None = None
    #: The most actions a game is played to.
    max_actions: int = 200
    #: Feature → the least number of times the playthroughs must cover it.
    minimums: dict[str, int]

    @abstractmethod
    def plans(self, seed: int) -> Iterable[Plan]:
        """The games to try, in order; the first ones that raise a feature are kept."""

    def list_request(
        self, rng: random.Random, plan: Plan, moves: list[Any], answer: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The fields asking for the list at the position ``answer`` describes (Astro-Stra
        rolls the dice here); ``{}`` when the plain answer holds it, ``None`` for none."""
        return {}

    @abstractmethod
    def choose(self, rng: random.Random, plan: Plan, moves: list[Any], legal: list[str]) -> Any:
        """The next action, from the legal ones (sorted)."""

    def refused(
        self, rng: random.Random, moves: list[Any], legal: list[str], position: str
    ) -> list[Any]:
        """Actions to try as refused at ``position`` (those answered otherwise are left).
        Each should break one rule only: which of several faults is answered first is not
        what a playthrough pins."""
        return []

    @abstractmethod
    def features(self, case: Case) -> Counter[str]:
        """How many times the case covers each feature of :attr:`minimums` (and others)."""


def play(maker: PlaythroughMaker, evaluate: Evaluate, plan: Plan, seed: int) -> dict[str, Any]:
    """One game as a case (YAML data): each position with its list and refused actions."""
    rng = random.Random(seed)
    base = {"game": maker.game, "start": plan.start, **plan.request}
    moves: list[Any] = []
    steps: list[dict[str, Any]] = []
    while True:
        answer = evaluate({**base, "moves": moves})
        extra = maker.list_request(rng, plan, moves, answer)
        if extra:
            answer = evaluate({**base, "moves": moves, **extra})
        legal = answer.get("legal_moves") or []
        step: dict[str, Any] = {"position": answer["position"]}
        if extra is not None:
            step["legal"] = front_code(legal)
        if extra:
            step["list_request"] = extra
        steps.append(step)
        over = answer["outcome"] is not None or len(moves) >= maker.max_actions
        if over or (extra is not None and not legal and len(moves) >= len(plan.given)):
            break
        if len(moves) < len(plan.given):
            move = plan.given[len(moves)]
        else:
            move = maker.choose(rng, plan, moves, legal)
        if refused := _refused(maker, evaluate, base, rng, moves, legal, answer["position"]):
            step["illegal"] = refused
        moves.append(move)
    outcome = evaluate({**base, "moves": moves})["outcome"]
    expect = {"playthrough": _playthrough(maker, seed, steps, outcome)}
    return _case(maker, plan, seed, moves, expect)


def _refused(
    maker: PlaythroughMaker,
    evaluate: Evaluate,
    base: dict[str, Any],
    rng: random.Random,
    moves: list[Any],
    legal: list[str],
    position: str,
) -> list[dict[str, Any]]:
    """The maker's candidates that the engine refuses at this position, with the code."""
    kept = []
    for move in maker.refused(rng, moves, legal, position):
        try:
            answer = evaluate({**base, "moves": [*moves, move]})
        except InputError:  # not an action at all here (a malformed or noncanonical one)
            continue
        if answer.get("illegal_at") == len(moves) and answer.get("violation"):
            kept.append({"move": move, "violation": answer["violation"]})
        if len(kept) == REFUSED_PER_STEP:
            break
    return kept


def _playthrough(
    maker: PlaythroughMaker, seed: int, steps: list[dict[str, Any]], outcome: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {"seed": seed}
    if maker.list_feature is not None:
        data["list_feature"] = maker.list_feature
    return data | {"steps": steps, "outcome": outcome}


def _case(
    maker: PlaythroughMaker, plan: Plan, seed: int, moves: list[Any], expect: dict[str, Any]
) -> dict[str, Any]:
    outcome = expect["playthrough"]["outcome"]
    ending = f"{outcome['winner']} wins by {outcome['reason']}" if outcome else "undecided"
    ending = ending.replace("draw wins", "a draw")
    description = (
        f"A whole game generated with seed {seed} by the built-in engine ({plan.name}, "
        f"{len(moves)} actions, {ending}): at every position the engine's answer, the legal "
        "list and the refused actions must match."
    )
    ending_ja = (
        f"勝者 {outcome['winner']}、理由 {outcome['reason']}" if outcome else "決着なし"
    ).replace("勝者 draw、", "引き分け、")
    description_ja = (
        f"この実装のエンジンがシード {seed} で最後まで指した一局({plan.name}、"
        f"{len(moves)} 手、{ending_ja}):各局面でエンジンの答え、合法な一覧、拒否される"
        "行動が一致しなければならない。"
    )
    case: dict[str, Any] = {
        "id": f"{maker.id_prefix}.{plan.name}",
        "refs": list(maker.refs),
        "source": "adjudicator conformance playthroughs",
        "description": description,
        "description_ja": description_ja,
    }
    if plan.start != "standard":
        case["start"] = plan.start
    case["moves"] = moves
    if plan.request:
        case["request"] = plan.request
    return case | {"expect": expect}


def shortfall(
    maker: PlaythroughMaker, counts: Counter[str], *, twice: bool = False
) -> dict[str, int]:
    """Each feature below its minimum (``twice``: below twice its minimum, so that the
    choice among the games played has room), and by how many."""
    times = 2 if twice else 1
    return {f: times * n - counts[f] for f, n in maker.minimums.items() if counts[f] < times * n}


def generate(maker: PlaythroughMaker, evaluate: Evaluate, seed: int) -> list[dict[str, Any]]:
    """Few games that together meet every minimum: the plans of
    :meth:`PlaythroughMaker.plans` are played until their games could twice over (or
    :data:`POOL` are played), then the game that does the most for what is still short, for its size
    (what the runner sends and compares: an Astro-Stra position may list thousands of
    turns), is taken, again and again; the chosen ones in the order they were played."""
    pool: list[tuple[dict[str, Any], Counter[str]]] = []
    total: Counter[str] = Counter()
    for n, plan in enumerate(maker.plans(seed)):
        if len(pool) == POOL or (pool and not shortfall(maker, total, twice=True)):
            break
        data = play(maker, evaluate, plan, seed * 1000 + n)
        found = maker.features(Case.model_validate(data))
        pool.append((data, found))
        total += found
    chosen: list[int] = []
    counts: Counter[str] = Counter()
    while short := shortfall(maker, counts):
        scores = [
            (_worth(maker, short, found) / len(json.dumps(data)), -i)
            for i, (data, found) in enumerate(pool)
            if i not in chosen
        ]
        best = max(scores, default=(0.0, 0))
        if best[0] == 0:
            break  # the pool cannot meet the rest: the coverage report says what is short
        chosen.append(-best[1])
        counts += pool[-best[1]][1]
    return [pool[i][0] for i in sorted(chosen)]


def ending_and_refusals(playthrough: Playthrough) -> Counter[str]:
    """The features every game's playthrough covers the same way: how it ended
    (``ending:<reason>``) and the refused actions it carries, in all (``refused``) and by
    code (``refused:<code>``)."""
    found: Counter[str] = Counter()
    if playthrough.outcome is not None:
        found[f"ending:{playthrough.outcome.reason}"] += 1
    found["refused"] += sum(len(step.illegal) for step in playthrough.steps)
    for step in playthrough.steps:
        found.update(f"refused:{r.violation}" for r in step.illegal)
    return found


def _worth(maker: PlaythroughMaker, short: dict[str, int], found: Counter[str]) -> float:
    """What a game does for the features still short: each one's share of its minimum."""
    return sum(min(found[f], need) / maker.minimums[f] for f, need in short.items())


def coverage(maker: PlaythroughMaker, cases: Iterable[Case]) -> dict[str, tuple[int, int]]:
    """Feature → (times covered, documented minimum), for every feature with a minimum and
    every other one the cases cover."""
    counts: Counter[str] = Counter()
    for case in cases:
        if case.expect.kind == "playthrough":
            counts += maker.features(case)
    names = sorted(set(maker.minimums) | set(counts))
    return {name: (counts[name], maker.minimums.get(name, 0)) for name in names}


def case_files(cases: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The playthroughs by case file, topic → its cases: ``playthroughs``, then
    ``playthroughs-2`` and on once a file would pass :data:`FILE_LIMIT` characters (the
    suite reads no case file over a megabyte), the cases in order."""
    parts: list[list[dict[str, Any]]] = [[]]
    size = 0
    for case in cases:
        length = len(_yaml_text(case))
        if parts[-1] and size + length > FILE_LIMIT:
            parts.append([])
            size = 0
        parts[-1].append(case)
        size += length
    return {
        "playthroughs" if n == 1 else f"playthroughs-{n}": part
        for n, part in enumerate(parts, start=1)
    }


def case_file_text(
    maker: PlaythroughMaker, topic: str, cases: list[dict[str, Any]], seed: int
) -> str:
    """One file of :func:`case_files` as YAML, the command that wrote it in its first line."""
    data = {
        "game": maker.game,
        "topic": topic,
        "title": "Golden playthroughs — whole games, every position and its legal list",
        "cases": cases,
    }
    return (
        f"# Generated by `adjudicator conformance playthroughs --seed {seed}`: "
        f"do not edit.\n{_yaml_text(data)}"
    )


def _yaml_text(data: Any) -> str:
    """YAML in the suite's style, each multi-line text (a front-coded list) a literal
    block, one entry a line."""
    import yaml

    class Dumper(yaml.SafeDumper):
        """Multi-line text as a literal block."""

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(
        data,
        Dumper=Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=4096,
        default_flow_style=None,
    )

"""Orbit Dominion's golden playthroughs: which games the generator plays and what each covers.

Games start from the standard set-up, played by seeded random choice, by one that mostly
captures when it can, or by one that returns a ship to where it stood two turns before when
it can (so that positions repeat and the threefold ban of 第9条 withholds actions), and one
from the rulebook's own boxed-in
position (the line of ``od.art8.no-legal-moves-by-threefold``), which ends with no legal
action. The minimums below are documented in docs/conformance.md; the tests fail when the
shipped playthroughs fall below one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import count
from typing import Any

from adjudicator.core.conformance.cases import Case
from adjudicator.core.conformance.front_coding import front_decode
from adjudicator.core.conformance.making import Plan, PlaythroughMaker, ending_and_refusals
from adjudicator.orbit_dominion import protocol
from adjudicator.orbit_dominion.actions import (
    CAPTURE,
    JUMP,
    NAVIGATE,
    ROTATE,
    SWAP,
    Action,
    every_action,
)
from adjudicator.orbit_dominion.board import bit, number_of, orbit_distance, orbit_of
from adjudicator.orbit_dominion.identity import GAME_ID
from adjudicator.orbit_dominion.position import Position

#: The boxed-in position of od.art8.no-legal-moves-by-threefold and its 40 actions:
#: the generator plays them as given, and red is left without a legal action.
BOXED_IN = "......b...../r.b.......b./R.b...B...b. r 0 -"
BOXED_LINE = [
    "I0-I1",
    "O6-O7",
    "M0-O0",
    "O7-O6",
    "I1-I0",
    "O6-O7",
    "I0-M0",
    "O7-O6",
    "M0-I0",
    "O6-O7",
    "O0-O11",
    "O7-O6",
    "O11-M11",
    "O6-O7",
    "I0-M0",
    "O7-O6",
    "M0-I0",
    "O6-O7",
    "I0-I1",
    "O7-O6",
    "M11-M0",
    "O6-O7",
    "M0-M1",
    "O7-O6",
    "I1-I0",
    "O6-O7",
    "M1-O1",
    "O7-O6",
    "O1-M1",
    "O6-O7",
    "I0-I11",
    "O7-O6",
    "M1-M0",
    "O6-O7",
    "I11-I1",
    "O7-O6",
    "I1-I11",
    "O6-O7",
    "I11-I0",
    "O7-O6",
]

#: Every action of 第4条–第6条, every ending of 第8条 and the bans of 第9条 and 10-02.
MINIMUMS: dict[str, int] = {
    "action:navigate-1": 50,
    "action:navigate-2": 50,
    "action:capture": 10,
    "action:jump": 30,
    "action:swap": 5,
    "action:rotate": 30,
    "ending:flagship_capture": 1,
    "ending:pincer": 1,
    "ending:annihilation": 1,
    "ending:gate_control": 1,
    "ending:move_limit": 1,
    "ending:no_legal_moves": 1,
    "rule:threefold-withheld": 5,
    "rule:120-actions": 1,
    "refused": 40,
}


class OrbitDominionPlaythroughs(PlaythroughMaker):
    game = GAME_ID
    id_prefix = "od.playthrough"
    refs = ("3", "4", "5", "6", "7", "8", "9", "10")
    max_actions = 120
    minimums = MINIMUMS

    def plans(self, seed: int) -> Iterator[Plan]:
        yield Plan("boxed-in", start=BOXED_IN, given=tuple(BOXED_LINE))
        for n in count():
            yield Plan(f"seed-{seed}-game-{n}", style=("random", "capture", "repeat")[n % 3])

    def choose(self, rng: random.Random, plan: Plan, moves: list[Any], legal: list[str]) -> Any:
        """A seeded choice; in the ``repeat`` style, the undoing of the side's last action
        when it is legal, so that positions come back; in the ``capture`` style, mostly a
        capture when there is one, so that games end by taking ships."""
        if plan.style == "repeat" and len(moves) >= 2 and rng.random() < 0.7:
            back = _undoing(moves[-2])
            if back in legal:
                return back
        captures = [a for a in legal if "x" in a]
        if plan.style == "capture" and captures and rng.random() < 0.8:
            return rng.choice(captures)
        return rng.choice(legal)

    def refused(
        self, rng: random.Random, moves: list[Any], legal: list[str], position: str
    ) -> list[Any]:
        """Every fifth position: near misses, actions of the notation from a sector a legal
        action leaves (or turning an orbit) that break one rule of 第3条–第6条 only
        (:func:`_one_fault`)."""
        if len(moves) % 5:
            return []
        actions = _actions()
        board = Position.from_text(position)
        sources = {actions[a].src for a in legal if actions[a].kind != ROTATE}
        near = [
            t
            for t, a in actions.items()
            if t not in legal and (a.kind == ROTATE or a.src in sources) and _one_fault(a, board)
        ]
        return rng.sample(sorted(near), min(6, len(near)))

    def features(self, case: Case) -> Counter[str]:
        found: Counter[str] = Counter(_kind(str(move)) for move in case.moves)
        playthrough = case.expect.playthrough
        assert playthrough is not None
        if playthrough.outcome is not None:
            found["rule:120-actions"] += playthrough.outcome.decided_at == 120
        found["rule:threefold-withheld"] += sum(
            _withheld(step.position, front_decode(step.legal or ""))
            for step in playthrough.steps
            if step.legal
        )
        found.update(ending_and_refusals(playthrough))
        return found


@cache
def _actions() -> dict[str, Action]:
    return every_action()


def _kind(text: str) -> str:
    action = Action.parse(text)
    if action.kind == NAVIGATE:
        return f"action:navigate-{orbit_distance(action.src, action.dst)}"
    return f"action:{action.kind}"


def _one_fault(action: Action, board: Position) -> bool:
    """Whether a near miss from an own ship breaks one rule only: its shape (the distance,
    the orbits it joins) or what stands where it ends, never both, so that every engine
    answers it with the same code whatever order it checks in. A rotation has one rule
    (第6条: two own ships on the orbit)."""
    if action.kind == ROTATE:
        return True
    side = board.turn
    at = bit(action.dst)
    stands = "own" if board[side] & at else "enemy" if board[1 - side] & at else "empty"
    gap = abs(orbit_of(action.src) - orbit_of(action.dst))
    same_number = number_of(action.src) == number_of(action.dst)
    distance = orbit_distance(action.src, action.dst) if gap == 0 else 0
    if action.kind in (NAVIGATE, JUMP):  # '-': an enemy there is read as a capture or swap
        if gap == 0 and distance == 1:
            return stands == "own"  # navigation_onto_own
        if gap == 1 and same_number:
            return stands == "own"  # jump_onto_own
        return stands == "empty"  # too far, path_blocked, not connected, two orbits
    if action.kind == CAPTURE:
        if gap == 0 and distance == 1:
            return stands == "empty"  # nothing_to_capture (or an unsupported flagship capture)
        return gap == 1 and same_number and stands == "enemy"  # capture_by_jump
    if action.kind == SWAP:
        if gap == 1 and same_number:
            return stands == "empty"  # nothing_to_swap
        return gap == 0 and stands == "enemy"  # swap_along_orbit
    return False


def _undoing(text: str) -> str:
    """The action that takes a ship back (``I5-I3`` → ``I3-I5``, ``O+`` → ``O-``)."""
    if text.endswith(("+", "-")) and len(text) == 2:
        return text[0] + ("-" if text[1] == "+" else "+")
    src, _, dst = text.partition("-")
    return f"{dst}-{src}"


def _withheld(position: str, legal: list[str]) -> bool:
    """Whether the threefold ban withholds an action here: the same position with no
    history behind it allows more."""
    fresh = protocol.evaluate({"cmd": "evaluate", "game": GAME_ID, "start": position})
    return len(fresh["legal_moves"]) > len(legal)

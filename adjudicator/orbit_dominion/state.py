"""A game in progress: a start position, the actions played, and what the rules say of it.

This is the object a replay, an adjudication and the engine protocol share (the way
python-chess's ``Board`` carries its move stack). It keeps, for the threefold ban (第9条),
the plies at which each position occurred; the start counts as its own first occurrence.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.judge.violations import Violation
from adjudicator.orbit_dominion.actions import (
    _INTERNED,
    JUMP,
    NAVIGATE,
    Action,
    action_named,
    read_loose,
)
from adjudicator.orbit_dominion.board import (
    RED,
    SECTOR_NAMES,
    SIDE_NAMES,
    TARGET_GATES,
    bit,
    orbit_distance,
    orbit_of,
)
from adjudicator.orbit_dominion.position import (
    FLAGS,
    MOVE_LIMIT,
    SHIPS,
    STANDARD,
    Position,
    PositionKey,
)
from adjudicator.orbit_dominion.references import VIOLATIONS
from adjudicator.orbit_dominion.rules import (
    after,
    generate,
    instant_reason,
    judge,
    play,
    successor_key,
    turn_start,
)

if TYPE_CHECKING:
    from adjudicator.core.judge.outcome import Outcome

RESIGNATION, FORFEIT = "resignation", "forfeit"


def _outcome(winner: int | None, reason: str, decided_at: int) -> Outcome:
    """How the game ended, as the core reports it: the winning side (``None`` for a draw)
    named. Its model is loaded when a game first ends, not with the rules: counting
    positions (perft) never reports an end."""
    from adjudicator.core.judge.outcome import Outcome

    side = "draw" if winner is None else SIDE_NAMES[winner]
    return Outcome(winner=side, reason=reason, decided_at=decided_at)


class Reading(NamedTuple):
    """An action as written and the canonical action it was read as (a named tuple: one is
    made per action replayed)."""

    written: str
    action: Action

    @property
    def canonical(self) -> str:
        return self.action.text

    @property
    def normalized(self) -> bool:
        return self.written != self.action.text


class GameState:
    """A start position and the legal actions played from it."""

    def __init__(self, start: Position = STANDARD) -> None:
        self.start = start
        self.position = start
        #: Positions that stood before the start (see :meth:`add_history`).
        self.history: list[Position] = []
        self.actions: list[Action] = []
        self._seen: dict[PositionKey, list[int]] = {start.key: [start.ply]}
        # Positions seen at least twice, by their side to move: an action's result has the
        # other side to move, so while none of those stood twice no action is banned.
        self._repeated = [0, 0]
        self._decided: Outcome | None = None
        self._turn_start: tuple[int, Outcome | None] | None = None
        #: What :meth:`pop` restores: the position and the ending before each push.
        self._undo: list[tuple[Position, Outcome | None, tuple[int, Outcome | None] | None]] = []

    # --- what the position offers -----------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.position.turn

    def pseudo_legal_actions(self) -> list[Action]:
        """Actions allowed by 第3条–第7条, before the threefold ban."""
        p = self.position
        t = p.turn
        return generate(p[SHIPS + t], p[SHIPS + 1 - t], p[FLAGS + 1 - t])

    def key_after(self, action: Action) -> PositionKey:
        """The 第9条 identity of the position after ``action``, without building it."""
        p = self.position
        t = p.turn
        after_play = play(p[SHIPS + t], p[SHIPS + 1 - t], p[FLAGS + t], p[FLAGS + 1 - t], action)
        return successor_key(*after_play, t)

    def earlier_occurrences(self, action: Action) -> list[int]:
        """The plies at which the position after ``action`` already stood."""
        return self._seen.get(self.key_after(action), [])

    def add_history(self, earlier: Position) -> None:
        """Count a position that stood before the start (a dispute's known history) as an
        occurrence for the threefold ban, at the ply it names."""
        if self.actions:
            raise ValueError("history is added before any action is played")
        self.history.append(earlier)
        plies = self._seen.setdefault(earlier.key, [])
        insort(plies, earlier.ply)
        if len(plies) == 2:
            self._repeated[earlier.turn] += 1
        self._turn_start = None

    def copy(self) -> GameState:
        """A state with the same start, history and actions, to play on independently."""
        twin = GameState(self.start)
        twin.position, twin.history, twin.actions = self.position, [*self.history], [*self.actions]
        twin._seen = {key: [*plies] for key, plies in self._seen.items()}
        twin._repeated = [*self._repeated]
        twin._decided, twin._turn_start = self._decided, self._turn_start
        twin._undo = [*self._undo]
        return twin

    def occurrence_counts(self) -> dict[PositionKey, int]:
        """How often each position has stood so far (the start included)."""
        return {key: len(plies) for key, plies in self._seen.items()}

    def _may_ban(self) -> bool:
        return self._repeated[1 - self.position.turn] > 0

    def is_banned(self, action: Action) -> bool:
        """第9条: the action would make a position occur a third time."""
        return self._may_ban() and len(self.earlier_occurrences(action)) >= 2

    def legal_actions(self) -> list[Action]:
        """Actions the side to move may make now; empty once the game is decided."""
        if self._decided is not None:
            return []
        actions = [a for a in self.pseudo_legal_actions() if not self.is_banned(a)]
        if not actions or self._decided_at_turn_start(bool(actions)) is not None:
            return []
        return actions

    def banned_actions(self) -> list[Action]:
        """Actions that 第3条–第7条 allow but the threefold ban forbids."""
        if not self._may_ban():
            return []
        return [a for a in self.pseudo_legal_actions() if self.is_banned(a)]

    def has_legal_action(self) -> bool:
        # Every ship that is alone on its orbit has a free or capturable orbit neighbour
        # (the enemy flagship fills at most one of the two), and two own ships on an orbit
        # allow a rotation: without a repeated position some action is always legal.
        if not self._may_ban():
            return True
        return any(not self.is_banned(a) for a in self.pseudo_legal_actions())

    # --- outcome ----------------------------------------------------------------------------

    def _decided_at_turn_start(self, has_legal: bool | None = None) -> Outcome | None:
        ply = self.position.ply
        if self._turn_start is None or self._turn_start[0] != ply:
            legal = self.has_legal_action() if has_legal is None else has_legal
            decision = turn_start(self.position, legal)
            outcome = None
            if decision is not None:
                winner, reason = decision
                outcome = _outcome(winner, reason, ply)
            self._turn_start = (ply, outcome)
        return self._turn_start[1]

    def outcome(self) -> Outcome | None:
        """How the game ended: by an action's result, a resignation or forfeit, or what the
        turn start of the position decides (第10条 01–03); ``None`` while it goes on."""
        if self._decided is not None:
            return self._decided
        return self._decided_at_turn_start()

    def turn_start_decision(self) -> Outcome | None:
        """What the turn start at the current position decides, ignoring an earlier end."""
        return self._decided_at_turn_start()

    def resign(self, side: int) -> Outcome:
        """第8条: the side that resigns loses. Only while the game is undecided."""
        return self._end_outside_play(1 - side, RESIGNATION)

    def forfeit(self, winner: int | None) -> Outcome:
        """A result decided outside the rules (第10条's event rules); ``None`` for a draw."""
        return self._end_outside_play(winner, FORFEIT)

    def _end_outside_play(self, winner: int | None, reason: str) -> Outcome:
        if self.outcome() is not None:
            raise ValueError("the game is already decided")
        self._decided = _outcome(winner, reason, self.position.ply)
        return self._decided

    # --- playing ----------------------------------------------------------------------------

    def check(self, action: Action) -> Violation | None:
        """Why ``action`` may not be played now, or ``None``. A decided game comes first:
        then every action is ``game_over``, whatever else is wrong with it."""
        p = self.position
        t = p.turn
        broken = judge(p[SHIPS + t], p[SHIPS + 1 - t], p[FLAGS + 1 - t], action)
        earlier: list[int] = []
        if broken is None and self._may_ban():
            earlier = self.earlier_occurrences(action)
        legal = broken is None and len(earlier) < 2
        outcome = self._decided
        # The turn start can decide something only with a pending claim, at the move limit,
        # or when repetitions may have banned every action — and not the last when this
        # very action is legal: otherwise it need not be asked.
        if outcome is None and (p.claim or p.ply >= MOVE_LIMIT or (not legal and self._may_ban())):
            outcome = self._decided_at_turn_start(True if legal else None)
        if outcome is not None:
            return VIOLATIONS("game_over", reason=outcome.reason)
        if broken is not None:
            code, args = broken
            return VIOLATIONS(code, **args)
        if not legal:
            return VIOLATIONS(
                "threefold_repetition", action=str(action), first=earlier[0], second=earlier[1]
            )
        return None

    def play(self, action: Action) -> Violation | None:
        """Play ``action`` if it is legal. An illegal action changes nothing (ruling 11):
        the violation is returned and the same side acts again."""
        violation = self.check(action)
        if violation is None:
            self.push(action)
        return violation

    def advance(self, texts: Sequence[str], start: int = 0) -> int:
        """Play ``texts`` from ``start`` on for as long as each is its action's canonical
        spelling, legal here, with nothing for the turn start to decide — nearly every
        action of a record; the index of the first text left to :meth:`attempt` (a
        violation, a normalised spelling, the end of the game), ``len(texts)`` if none.

        The replay's fast path: the same rule functions as :meth:`attempt` (``judge``,
        ``play``, ``instant_reason``, the threefold ban) on the position's bare fields,
        without the readings, the answer objects and the positions in between, which a run
        of accepted actions does not need; a differential test checks that the two agree
        on every action."""
        end = len(texts)
        if start >= end or self._decided is not None:
            return start
        p = self.position
        turn, ply, claim = p.turn, p.ply, p.claim
        me, en, mf, ef = p[SHIPS + turn], p[SHIPS + 1 - turn], p[FLAGS + turn], p[FLAGS + 1 - turn]
        seen, repeated, played = self._seen, self._repeated, self.actions
        reason = None
        i = start
        while i < end and reason is None:
            action = _INTERNED.get(texts[i]) or action_named(texts[i])
            if action is None or claim or ply >= MOVE_LIMIT:
                break
            if action.kind in (NAVIGATE, JUMP) and en >> action.dst & 1:
                break  # settled by the position: the reading normalises it
            if judge(me, en, ef, action) is not None:
                break
            me2, en2, mf2, ef2 = play(me, en, mf, ef, action)
            key = successor_key(me2, en2, mf2, ef2, turn)
            plies = seen.get(key)
            if plies is not None and len(plies) >= 2:
                break  # a third occurrence (第9条)
            reason = instant_reason(me, ef, me2, en2, ef2, action)
            gates = TARGET_GATES[1 - turn]
            claim = en & gates == gates  # the new side to move held both enemy gates
            ply += 1
            if plies is None:
                seen[key] = [ply]
            else:
                plies.append(ply)  # its second occurrence
                repeated[1 - turn] += 1
            played.append(action)
            me, en, mf, ef, turn = en2, me2, ef2, mf2, 1 - turn
            i += 1
        if i > start:
            self._undo.clear()  # the fast path keeps no positions to go back to
            red = (me, en, mf, ef) if turn == RED else (en, me, ef, mf)
            self.position = Position(*red, turn, ply, claim)
            if reason is not None:
                self._decided = _outcome(1 - turn, reason, ply)
        return i

    def push(self, action: Action) -> None:
        """Play an action already known to be legal."""
        self._undo.append((self.position, self._decided, self._turn_start))
        position, reason = after(self.position, action)
        self.position = position
        self.actions.append(action)
        plies = self._seen.setdefault(position[:5], [])
        plies.append(position.ply)
        if len(plies) == 2:
            self._repeated[position.turn] += 1
        if reason is not None:
            self._decided = _outcome(1 - position.turn, reason, position.ply)

    def pop(self) -> Action:
        """Take back the last action played by :meth:`push`. A walk down a tree and back
        (a proof's check) goes this way instead of copying the state at every node: a copy
        costs as much as the occurrences, which grow with the history."""
        if not self._undo:
            raise ValueError("no action played by push to take back")
        key = self.position[:5]
        plies = self._seen[key]
        if len(plies) == 2:
            self._repeated[self.position.turn] -= 1
        plies.remove(self.position.ply)
        if not plies:
            del self._seen[key]
        self.position, self._decided, self._turn_start = self._undo.pop()
        return self.actions.pop()

    # --- notation ---------------------------------------------------------------------------

    def read(self, text: str) -> Reading:
        """Read an action in any documented spelling; the canonical action follows from the
        position where the written mark leaves it open (``-`` or an arrow onto an enemy ship
        is a capture along an orbit and a swap across orbits)."""
        action = action_named(text)
        if action is None:
            loose = read_loose(text)
            if isinstance(loose, Action):
                return Reading(text, loose)
            return Reading(text, self._settle(loose.src, loose.dst))
        p = self.position
        if action.kind in (NAVIGATE, JUMP) and p[SHIPS + 1 - p.turn] >> action.dst & 1:
            return Reading(text, self._settle(action.src, action.dst))
        return Reading(text, action)

    def _settle(self, src: int, dst: int) -> Action:
        enemy = self.position[SHIPS + 1 - self.turn] & bit(dst)
        a, b = SECTOR_NAMES[src], SECTOR_NAMES[dst]
        if orbit_of(src) == orbit_of(dst):
            sep = "x" if enemy and orbit_distance(src, dst) == 1 else "-"
        else:
            sep = "<>" if enemy else "-"
        return Action.parse(f"{a}{sep}{b}")

    def attempt(self, text: str, *, lenient: bool = False) -> tuple[Reading, Violation | None]:
        """Read and play one written action: the reading and the violation, if any.

        Strict notation (the default) raises ``noncanonical_notation`` for a spelling that
        only the lenient reader accepts — after the rules, so that an illegal action is
        reported as illegal whatever its spelling."""
        reading = self.read(text)
        violation = self.check(reading.action)
        if violation is None and reading.normalized and not lenient:
            raise InputError(
                "noncanonical_notation",
                said("orbit_dominion.action.not_canonical", text=text),
                suggestion=reading.canonical,
            )
        if violation is None:
            self.push(reading.action)
        return reading, violation


@dataclass(frozen=True, slots=True)
class Played:
    """One written action of a line: where it stood, how it was read, why it was rejected."""

    index: int
    ply: int
    written: str
    reading: Reading
    violation: Violation | None


def play_line(
    state: GameState, moves: list[str], *, lenient: bool, field: str = "moves"
) -> list[Played]:
    """Play a line as the protocol and the CLI do: a rejected action changes nothing and the
    same side goes on (ruling 11); a notation error names the action (``moves[3]``).

    Runs of actions go by the fast path (:meth:`GameState.advance`), and only the others
    are returned: those are the only ones that can be rejected or read in another spelling,
    and a replay need not build an answer for every action it plays."""
    played = []
    i = state.advance(moves)
    while i < len(moves):
        text, ply = moves[i], state.position.ply
        try:
            reading, violation = state.attempt(text, lenient=lenient)
        except InputError as err:
            raise err.at(f"{field}[{i}]") from None
        played.append(Played(i, ply, text, reading, violation))
        i = state.advance(moves, i + 1)
    return played


def with_history(root: Position, history: list[str], field: str = "history") -> GameState:
    """``root`` with the positions that stood before it: the one check of a history, for
    every command and request that takes one (``adjudicate``, ``analyze``, the engine's
    ``evaluate``, ``solve``, ``verify-proof``). Raises ``InputError`` naming the field for
    a malformed position or a history no game can have: each earlier position
    names a ply before the root's, no ply twice (a game goes one ply an action). So a
    history is at most the root's ply long — at most 120 — and a longer one is refused
    before any of it is read: the time goes with the input, never with its square."""
    if len(history) > root.ply:
        raise _impossible(
            field,
            "orbit_dominion.history.too_long",
            count=len(history),
            ply=root.ply,
        )
    state = GameState(root)
    plies: set[int] = set()
    for i, text in enumerate(history):
        earlier = Position.from_text(text, field=f"{field}[{i}]")
        if earlier.ply >= root.ply:
            raise _impossible(
                f"{field}[{i}]",
                "orbit_dominion.history.not_before",
                earlier=earlier.ply,
                ply=root.ply,
            )
        if earlier.ply in plies:
            raise _impossible(
                f"{field}[{i}]",
                "orbit_dominion.history.ply_twice",
                earlier=earlier.ply,
            )
        plies.add(earlier.ply)
        state.add_history(earlier)
    return state


def _impossible(field: str, key: str, **params: object) -> InputError:
    """A history no game can have, said by the message ``key`` of the catalogue."""
    return InputError(
        "impossible_history",
        said(key, **params),
        field=field,
        expected=said("orbit_dominion.history.expected"),
    )

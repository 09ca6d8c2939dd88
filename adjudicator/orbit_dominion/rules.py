"""The rules of 第3条–第8条 as pure functions over positions.

The functions work from the mover's side: ``me`` and ``en`` are the masks of the mover's and
the enemy's ships, ``mf`` and ``ef`` their flagships' sectors. The perft counter and the
stateful :class:`~adjudicator.orbit_dominion.board_state.Board` share them, so there is one
move generator and one judge of legality.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from adjudicator.orbit_dominion.actions import (
    CAPTURE,
    JUMP,
    NAVIGATE,
    ROTATE,
    SWAP,
    Action,
)
from adjudicator.orbit_dominion.board import (
    ADJACENT,
    BLUE,
    JUMP_TARGETS,
    ORBIT_MASKS,
    ORBITS,
    RED,
    SECTOR_AFTER_ROTATION,
    SECTOR_COUNT,
    SECTOR_NAMES,
    STEP,
    TARGET_GATES,
    rotate_mask,
)
from adjudicator.orbit_dominion.position import FLAGS, MOVE_LIMIT, SHIPS, Position, PositionKey

FLAGSHIP_CAPTURE, ANNIHILATION, PINCER = "flagship_capture", "annihilation", "pincer"
GATE_CONTROL, MOVE_LIMIT_REASON, NO_LEGAL_MOVES = "gate_control", "move_limit", "no_legal_moves"


def _tables() -> tuple[tuple[tuple[Action, Action, Action], ...], ...]:
    """Per sector and direction: the one-step move, the two-step move and the capture."""
    out = []
    for s in range(SECTOR_COUNT):
        per_dir = []
        for d in (0, 1):
            n1 = STEP[s][d]
            n2 = STEP[n1][d]
            per_dir.append(
                (
                    Action.parse(f"{SECTOR_NAMES[s]}-{SECTOR_NAMES[n1]}"),
                    Action.parse(f"{SECTOR_NAMES[s]}-{SECTOR_NAMES[n2]}"),
                    Action.parse(f"{SECTOR_NAMES[s]}x{SECTOR_NAMES[n1]}"),
                )
            )
        out.append(tuple(per_dir))
    return tuple(out)


ORBIT_MOVES = _tables()
JUMP_MOVES: tuple[tuple[tuple[int, Action, Action], ...], ...] = tuple(
    tuple(
        (
            j,
            Action.parse(f"{SECTOR_NAMES[s]}-{SECTOR_NAMES[j]}"),
            Action.parse(f"{SECTOR_NAMES[s]}<>{SECTOR_NAMES[j]}"),
        )
        for j in JUMP_TARGETS[s]
    )
    for s in range(SECTOR_COUNT)
)
ROTATIONS: tuple[tuple[Action, Action], ...] = tuple(
    (Action.parse(f"{o}+"), Action.parse(f"{o}-")) for o in ORBITS
)


def generate(me: int, en: int, ef: int) -> list[Action]:
    """Every action the mover may make before the threefold ban is applied (第3条–第7条)."""
    occ = me | en
    out: list[Action] = []
    append = out.append
    supported = (me & ADJACENT[ef]).bit_count() >= 2 if ef >= 0 else False
    m = me
    while m:
        low = m & -m
        s = low.bit_length() - 1
        m ^= low
        steps = STEP[s]
        moves = ORBIT_MOVES[s]
        for d in (0, 1):
            n1 = steps[d]
            b1 = 1 << n1
            if not occ & b1:
                append(moves[d][0])
                if not occ & (1 << STEP[n1][d]):
                    append(moves[d][1])
            elif en & b1 and (n1 != ef or supported):
                append(moves[d][2])
        for j, jump, swap in JUMP_MOVES[s]:
            bj = 1 << j
            if not occ & bj:
                append(jump)
            elif en & bj:
                append(swap)
    for o in (0, 1, 2):
        if (me & ORBIT_MASKS[o]).bit_count() >= 2:
            out.extend(ROTATIONS[o])
    return out


Judgement = tuple[str, dict[str, Any]] | None


def _broken(code: str, action: Action, **extra: Any) -> tuple[str, dict[str, Any]]:
    """A violation code with the arguments its message needs (built only when broken)."""
    names = {"src": SECTOR_NAMES[action.src], "dst": SECTOR_NAMES[action.dst]}
    return code, {**names, "action": action.text, **extra}


def judge(me: int, en: int, ef: int, action: Action) -> Judgement:
    """Why ``action`` is not allowed by 第3条–第7条, as a violation code and its message
    arguments; ``None`` when it is. The threefold ban (第9条) is the board's to judge."""
    if action.kind == ROTATE:
        own = (me & ORBIT_MASKS[action.src]).bit_count()
        if own < 2:
            return "rotation_needs_two_ships", {"orbit": ORBITS[action.src], "count": own}
        return None
    # Bit arithmetic is spelled out (no helper calls): this runs once per action replayed.
    src, dst = action.src, action.dst
    src_bit, dst_bit = 1 << src, 1 << dst
    if not (me | en) & src_bit:
        return _broken("no_ship_at_origin", action)
    if en & src_bit:
        return _broken("not_own_ship", action)
    if src == dst:
        return _broken("same_sector", action)
    if src // 12 == dst // 12:
        return _judge_along(me, en, ef, action)
    if src % 12 != dst % 12:
        return _broken("sectors_not_connected", action)
    if abs(src - dst) == 24:
        return _broken("jump_across_two_orbits", action)
    if me & dst_bit:
        return _broken("jump_onto_own", action)
    if action.kind == CAPTURE:
        return _broken("capture_by_jump", action)
    if action.kind == SWAP and not en & dst_bit:
        return _broken("nothing_to_swap", action)
    if action.kind == JUMP and en & dst_bit:
        canonical = f"{SECTOR_NAMES[src]}<>{SECTOR_NAMES[dst]}"
        return _broken("marker_mismatch", action, canonical=canonical)
    return None


def _judge_along(me: int, en: int, ef: int, action: Action) -> Judgement:
    src, dst = action.src, action.dst
    dst_bit = 1 << dst
    if action.kind == SWAP:
        return _broken("swap_along_orbit", action)
    distance = (dst - src) % 12  # the board's orbit_distance, spelled out: same orbit
    if distance > 6:
        distance = 12 - distance
    if distance > 2:
        return _broken("navigation_too_far", action, distance=distance)
    if me & dst_bit:
        return _broken("navigation_onto_own", action)
    if distance == 2:
        d = 0 if STEP[STEP[src][0]][0] == dst else 1
        passed = STEP[src][d]
        if (me | en) & (1 << passed):
            return _broken("path_blocked", action, passed=SECTOR_NAMES[passed])
        if en & dst_bit:
            return _broken("capture_two_away", action)
        if action.kind == CAPTURE:
            return _broken("nothing_to_capture", action)
        return None
    if action.kind == CAPTURE:
        if not en & dst_bit:
            return _broken("nothing_to_capture", action)
        if dst == ef and (me & ADJACENT[ef]).bit_count() < 2:
            return _broken("flagship_capture_unsupported", action)
        return None
    if en & dst_bit:
        canonical = f"{SECTOR_NAMES[src]}x{SECTOR_NAMES[dst]}"
        return _broken("marker_mismatch", action, canonical=canonical)
    return None


def play(me: int, en: int, mf: int, ef: int, action: Action) -> tuple[int, int, int, int]:
    """The ships after a legal action: mover's mask, enemy's mask, and both flagships."""
    kind = action.kind
    if kind == ROTATE:
        o, d = action.src, action.dst
        moved = SECTOR_AFTER_ROTATION[o, d]
        return rotate_mask(me, o, d), rotate_mask(en, o, d), moved[mf], moved[ef]
    src, dst = action.src, action.dst
    move = (1 << src) | (1 << dst)
    if kind in (NAVIGATE, JUMP):
        return me ^ move, en, dst if mf == src else mf, ef
    if kind == CAPTURE:
        return me ^ move, en & ~(1 << dst), dst if mf == src else mf, -1 if ef == dst else ef
    # swap: the two ships exchange sectors; nothing is captured (第5条)
    return me ^ move, en ^ move, dst if mf == src else mf, src if ef == dst else ef


def successor_key(me2: int, en2: int, mf2: int, ef2: int, mover: int) -> PositionKey:
    """The 第9条 key of the position after ``mover``'s action, from :func:`play`'s
    mover-side result: ships and flagships by colour, the other side to move."""
    if mover == RED:
        return (me2, en2, mf2, ef2, BLUE)
    return (en2, me2, ef2, mf2, RED)


def instant_reason(me: int, ef: int, me2: int, en2: int, ef2: int, action: Action) -> str | None:
    """What the action's result decides at once, in the order of 第10条 04–05: flagship
    capture, then the last enemy normal ship captured, then a new pincer (7-2)."""
    if action.kind == CAPTURE:
        if ef2 < 0:
            return FLAGSHIP_CAPTURE
        if en2.bit_count() == 1:
            return ANNIHILATION
    if (me2 & ADJACENT[ef2]).bit_count() >= 2 and (me & ADJACENT[ef]).bit_count() < 2:
        return PINCER
    return None


#: A position from its seven fields in order: what ``Position(...)`` makes, without the named
#: tuple's own constructor (a Python call, a third of the cost of :func:`after`).
_position = partial(tuple.__new__, Position)


def after(position: Position, action: Action) -> tuple[Position, str | None]:
    """The position after a legal action and what it decides at once. The ply grows and
    the turn passes even when the action wins (positions after the end are written the same
    way); the new side to move's claim is whether it held both enemy gates in the position
    it left, i.e. right after its own previous action."""
    turn = position.turn
    me, en = position[SHIPS + turn], position[SHIPS + 1 - turn]
    mf, ef = position[FLAGS + turn], position[FLAGS + 1 - turn]
    me2, en2, mf2, ef2 = play(me, en, mf, ef, action)
    reason = instant_reason(me, ef, me2, en2, ef2, action)
    gates = TARGET_GATES[1 - turn]
    claim = en & gates == gates  # the new side to move held both enemy gates
    ply = position.ply + 1
    if turn == RED:
        return _position((me2, en2, mf2, ef2, BLUE, ply, claim)), reason
    return _position((en2, me2, ef2, mf2, RED, ply, claim)), reason


def turn_start(position: Position, has_legal_action: bool) -> tuple[int | None, str] | None:
    """What the turn start decides (第10条 01–03), as (winner side or None for a draw,
    reason); ``None`` when the game goes on."""
    turn = position.turn
    if position.claim and position.holds_enemy_gates(turn):
        return turn, GATE_CONTROL
    if position.ply >= MOVE_LIMIT:
        mine, theirs = position.normal_ships(turn), position.normal_ships(1 - turn)
        if mine == theirs:
            return None, MOVE_LIMIT_REASON
        return (turn if mine > theirs else 1 - turn), MOVE_LIMIT_REASON
    if not has_legal_action:
        return 1 - turn, NO_LEGAL_MOVES
    return None

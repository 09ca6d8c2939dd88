"""What the side to move may write next: every event the judge accepts at this position
(``evaluate``'s ``legal_moves``, feature ``legal_events``; ``adjudicate --legal``).

Dice are chance, not choice (OpenSpiel's chance nodes): a battle's dice (9.1–9.5) and the
10.7 roll are taken in turn from ``dice``, the rolls given with the request, and the list
holds the choices around them — the counters each side removes (9.2, 9.4), what is built
and where, which sectors are searched, whether the base is revealed by choice (10.3).
Steps that need more dice than given leave out the branches that do.

Each event is listed once, spelled as :func:`~.notation.line` writes it with its parts
sorted by code point (placements and moves by sector, then counter; searches by sector;
removals by counter); the judge accepts any order. A movement moves each counter on its own
(8.0): its list holds the quiet movement and every movement of one counter (a move, or an
appearance from the base, 7.5), and a movement of several counters is legal exactly when
each of its parts is listed and no sector, nor the base, gives more counters of a kind
than it holds.

The list is the judge's own answer: each candidate is played on a copy of the replay and
kept when it is accepted. While the base is hidden, what needs its sector is a deferred
check (3.1, 7.5, 10.2), so a public request lists what is accepted now, those checks
pending — an appearance anywhere a counter of that kind could reach, a search left
unanswered — and never a revelation or a disclosure, whose nonce it does not know. A
director's request (``secret``) knows the sector, so its list holds only what the rules
allow: appearances within reach of the base, the base revealed when its sector is searched
(10.2) or by choice (10.3), the post-game disclosure.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from adjudicator.dark_nebula.board import BATTLESHIP, CAPITAL, GUARD_SHIP, Side
from adjudicator.dark_nebula.legal_battles import combat_bodies
from adjudicator.dark_nebula.legal_builds import production_bodies
from adjudicator.dark_nebula.movement import reachable
from adjudicator.dark_nebula.notation import parse_line, stamp
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from adjudicator.dark_nebula.state import PHASES

#: 3.2: the rebels' set-up, two of each.
_SETUP_KINDS = (BATTLESHIP, BATTLESHIP, GUARD_SHIP, GUARD_SHIP)


def legal_events(replay: DarkNebulaReplay, dice: Sequence[int]) -> list[str]:
    """Every line the judge accepts as the next event where ``replay`` stands, sorted by
    code point, the dice of chance taken in order from ``dice``; none once the record is
    over (the disclosure played, or the game decided with nothing left to disclose)."""
    accepted = [line for line in _candidates(replay, dice) if _accepted(replay, line)]
    return sorted(set(accepted))


def _accepted(replay: DarkNebulaReplay, line: str) -> bool:
    return replay.copy().attempt(parse_line(line), lenient=False).violation is None


def _candidates(replay: DarkNebulaReplay, dice: Sequence[int]) -> Iterator[str]:
    """Every line the step's choices can spell, accepted or not."""
    yield from _disclosures(replay)
    if replay.disclosed or replay.decided is not None:
        return
    if not replay.started:
        yield from _setups(replay)
        return
    turn, index = divmod(replay.steps, 7)
    step = index + 1
    head = f"{stamp(turn + 1, step)}: "
    phase, side = PHASES[step]
    if phase == "production" and side is not None:
        bodies: Iterator[str] = production_bodies(replay.situation, side, replay.readings)
    elif phase == "movement" and side is not None:
        bodies = _movement_bodies(replay, side)
    elif phase == "combat":
        bodies = combat_bodies(replay.situation, dice, replay.readings)
    else:
        bodies = _search_bodies(replay, dice)
    yield from (head + body for body in bodies)


def _setups(replay: DarkNebulaReplay) -> Iterator[str]:
    """3.2: the rebels' four counters, each on its own sector outside the capital and the
    nebula (the judge keeps the battleships where production is at least 2)."""
    open_sectors = sorted(s.id for s in replay.board.sectors if s.id != CAPITAL and not s.nebula)
    for sectors in combinations(open_sectors, len(_SETUP_KINDS)):
        for battleships in combinations(sectors, 2):
            kinds = [BATTLESHIP if s in battleships else GUARD_SHIP for s in sectors]
            yield "setup: " + " ".join(f"{k}@{s}" for k, s in zip(kinds, sectors, strict=True))


def _movement_bodies(replay: DarkNebulaReplay, side: Side) -> Iterator[str]:
    """The quiet movement, each counter's own move to every sector within its allowance,
    and each counter the base holds appearing anywhere (the judge keeps what it may)."""
    yield "-"
    situation, board = replay.situation, replay.board
    nebula = replay.readings.nebula_entry
    for sector, owner, kind in sorted(situation.counters):
        allowance = board.kinds[kind].movement
        if owner != side or not allowance:
            continue
        for dst in sorted(reachable(board, sector, allowance, nebula=nebula) - {sector}):
            yield f"{kind}@{sector}>{dst}"
    if side == "rebel" and not situation.base.revealed:
        for kind in sorted(situation.base.stock):
            for dst in sorted(s.id for s in board.sectors):
                yield f"-; appear {kind}>{dst}"


def _search_bodies(replay: DarkNebulaReplay, dice: Sequence[int]) -> Iterator[str]:
    """10.1: no sector, one or two sectors holding imperial counters; then, with the base
    hidden, the revelation (10.2, 10.3; only when the request knows its opening) or the
    10.7 roll, the first of ``dice``."""
    situation = replay.situation
    imperial = sorted(situation.sectors_of("empire"))
    choices = [[], *([s] for s in imperial), *(list(p) for p in combinations(imperial, 2))]
    base = situation.base
    for searched in choices:
        head = " ".join(searched) or "-"
        if base.revealed:
            yield head
            continue
        if dice:
            yield f"{head}; roll {dice[0]}"
        if replay.secret is not None:
            yield f"{head}; reveal {replay.secret.sector} {replay.secret.nonce}"


def _disclosures(replay: DarkNebulaReplay) -> Iterator[str]:
    """The post-game disclosure of the base never revealed, when the request knows it."""
    secret = replay.secret
    if secret is not None and replay.started and not replay.situation.base.revealed:
        yield f"disclose: {secret.sector} {secret.nonce}"

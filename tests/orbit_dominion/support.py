"""Shared helpers for the Orbit Dominion tests: positions drawn by naming sectors, lines
played, and a hypothesis strategy for random valid positions."""

from __future__ import annotations

from hypothesis import strategies as st

from adjudicator.orbit_dominion import Action, GameState, Position
from adjudicator.orbit_dominion.board import bit, number_of, orbit_of, sector

ORBIT_LETTERS = "OMI"


def sec(name: str) -> int:
    """The sector index of a name such as ``I11``."""
    return ORBIT_LETTERS.index(name[0]) * 12 + int(name[1:])


def board(spec: str) -> str:
    """The board part of a position from ``"R@I0 r@I11 B@I6 b@M6"``."""
    cells = ["."] * 36
    for item in spec.split():
        ch, name = item.split("@")
        assert cells[sec(name)] == ".", f"{name} used twice"
        cells[sec(name)] = ch
    b = "".join(cells)
    return f"{b[:12]}/{b[12:24]}/{b[24:]}"


def pos(spec: str, side: str = "r", ply: int = 0, claim: str = "-") -> Position:
    return Position.from_text(f"{board(spec)} {side} {ply} {claim}")


def sectors_of(m: int) -> list[int]:
    """The sectors of a mask, in increasing index order."""
    return [s for s in range(36) if m >> s & 1]


def colour_swapped(p: Position) -> Position:
    """The same position with red and blue exchanged and every orbit turned by six
    sectors: the start is its own image, and every rule is symmetric under it."""

    def turn6(m: int) -> int:
        return sum(bit(sector(orbit_of(s), number_of(s) + 6)) for s in sectors_of(m))

    def flag6(s: int) -> int:
        return -1 if s < 0 else sector(orbit_of(s), number_of(s) + 6)

    return p._replace(
        red=turn6(p.blue),
        blue=turn6(p.red),
        red_flag=flag6(p.blue_flag),
        blue_flag=flag6(p.red_flag),
        turn=1 - p.turn,
    )


def play(state: GameState, *moves: str) -> None:
    """Play moves that must all be legal."""
    for m in moves:
        violation = state.play(Action.parse(m))
        assert violation is None, (m, violation and violation.code)


ANY_SECTOR = st.integers(0, 35)
ANY_PLY = st.integers(0, 120)


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything an illegal action must leave unchanged (ruling 11)."""
    return (
        state.position,
        state.position.text(),
        list(state.actions),
        state.turn,
        state.position.ply,
        state.occurrence_counts(),
    )


@st.composite
def position_texts(
    draw: st.DrawFn,
    sectors: st.SearchStrategy[int] = ANY_SECTOR,
    plies: st.SearchStrategy[int] = ANY_PLY,
    claims: bool = True,
) -> str:
    """Valid start positions in notation: both flagships, 1–5 normal ships a side, and a
    claim only where its side holds at least one enemy gate."""
    n_red = draw(st.integers(1, 5))
    n_blue = draw(st.integers(1, 5))
    k = 2 + n_red + n_blue
    places = draw(st.lists(sectors, min_size=k, max_size=k, unique=True))
    cells = ["."] * 36
    cells[places[0]] = "R"
    cells[places[1]] = "B"
    for s in places[2 : 2 + n_red]:
        cells[s] = "r"
    for s in places[2 + n_red :]:
        cells[s] = "b"
    side = draw(st.sampled_from("rb"))
    ply = draw(plies)
    gates = ("I6", "M6") if side == "r" else ("I0", "M0")
    can_claim = claims and any(cells[sec(g)].lower() == side for g in gates)
    claim = side if can_claim and draw(st.booleans()) else "-"
    b = "".join(cells)
    return f"{b[:12]}/{b[12:24]}/{b[24:]} {side} {ply} {claim}"


def positions(**options: object) -> st.SearchStrategy[Position]:
    return position_texts(**options).map(Position.from_text)  # type: ignore[arg-type]

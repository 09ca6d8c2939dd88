"""How far apart two Orbit Dominion positions are, at the least: the bound the solver uses to
drop from a node's history the positions no line below it could repeat (the threefold ban
makes a position's value depend on its history; see :mod:`.solve`)."""

from __future__ import annotations

from adjudicator.orbit_dominion.board import ORBIT_BITS
from adjudicator.orbit_dominion.position import PositionKey


def _orbit_cost(xr: int, xb: int, xf: int, yr: int, yb: int, yf: int, limit: int) -> int:
    """Twice a lower bound on the actions one orbit needs to go from x to y: a rotation
    costs 2 (one action) and each other cell to change costs 1 (an action changes two)."""
    best = ((xr ^ yr) | (xb ^ yb) | (xf ^ yf)).bit_count()
    r = 1
    while 2 * r < best and r <= limit and r <= 6:
        for shift in (r, 12 - r):
            back = 12 - shift
            rr = ((xr << shift) | (xr >> back)) & ORBIT_BITS
            rb = ((xb << shift) | (xb >> back)) & ORBIT_BITS
            rf = ((xf << shift) | (xf >> back)) & ORBIT_BITS
            cost = 2 * r + ((rr ^ yr) | (rb ^ yb) | (rf ^ yf)).bit_count()
            if cost < best:
                best = cost
        r += 1
    return best


def within_reach(x: PositionKey, y: PositionKey, limit: int) -> bool:
    """Whether ``y`` may be the result of an action at most ``limit`` actions after ``x``
    stands (``False`` only when it certainly cannot).

    Rotations commute with the other actions once their cells are shifted, so a line from
    x to y costs at least, per orbit, its net rotation plus half the cells still different
    after it (each non-rotation action changes two cells). Ships are never added, and the
    side to move alternates: a position with the same side to move is an even number of
    actions away, at least two; one with the other side an odd number."""
    xr, xb, xrf, xbf, xt = x
    yr, yb, yrf, ybf, yt = y
    if yr.bit_count() > xr.bit_count() or yb.bit_count() > xb.bit_count() or yrf < 0 or ybf < 0:
        return False
    need = 1 if xt != yt else 2
    if limit < need:
        return False
    xf, yf = (1 << xrf) | (1 << xbf), (1 << yrf) | (1 << ybf)
    total = 0
    for shift in (0, 12, 24):
        total += _orbit_cost(
            (xr >> shift) & ORBIT_BITS,
            (xb >> shift) & ORBIT_BITS,
            (xf >> shift) & ORBIT_BITS,
            (yr >> shift) & ORBIT_BITS,
            (yb >> shift) & ORBIT_BITS,
            (yf >> shift) & ORBIT_BITS,
            limit,
        )
        if total > 2 * limit:
            return False
    bound = max((total + 1) // 2, need)
    if (bound - need) % 2:
        bound += 1
    return bound <= limit

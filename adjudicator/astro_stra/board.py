"""The board, positions and the move table 「コマを移動できるマス」 as pure functions.

**Paths.** Half a backgammon board (基本事項): twelve points. Each side numbers its own path
(用語): 0 is the start 振り出し (「1 番のマスの更に外側」, off the board), 1–12 the points —
1–6 the outer アウター, 7–12 the inner インナー — and 13 home 上がり (「12 番のマスの更に外側」,
off the board). Pieces move from the start towards home (「コマの進む方向」). Black moves
first (「先手が黒コマ」).

**Geometry.** 「インナーとアウターの計 2 回すれ違います」: the two sides travel the same
points in opposite directions. How the numbers line up is the reading ``geometry`` (see
:mod:`.readings` and :func:`opposite`); the start and home of each side are its own and are
never shared, so nothing meets there.

**Positions.** :class:`Position` holds, per side, 14 counts indexed by own point 0–13. Its
text, read by :meth:`Position.from_text` and written by :meth:`Position.text`, is one line::

    b:1=2,2=2,3=2 w:1=2,2=2,3=2

``b:`` then ``w:`` (black first), separated by one space; each lists ``point=count`` for
the own points holding pieces, points ascending without repeats (0 = start, 13 = home,
1–12 = points), counts at least 1. Each side has at least one piece. The example is
:data:`DEFAULT_LAYOUT`.

**The move table** (:func:`move_piece`):

=============================  ========================================================
マス (the physical point)        移動のルール
=============================  ========================================================
コマが無いマス (empty)             any number of own pieces may move there
自分のコマが有るマス (own)         any number of own pieces may move there
相手のコマが 1 つだけ (a blot)     hit: the blot goes back to its owner's start, then move
相手のコマが 2 つ以上 (a block)    no own piece may move there
=============================  ========================================================

Problems are returned as ``(code, args)`` tuples, never raised; a :class:`ValueError` means
the caller passed something no record could produce (a point outside 0–13, an unknown side).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from adjudicator.astro_stra.readings import GEOMETRIES, Geometry, Readings
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, in_both, said
from adjudicator.core.read.numbers import NumberError, read_int

Side = Literal["black", "white"]
SIDES: tuple[Side, Side] = ("black", "white")
SIDE_LETTERS: dict[Side, str] = {"black": "b", "white": "w"}

START, HOME = 0, 13
POINTS = range(1, 13)  # the twelve points, 1–12
OUTER = range(1, 7)  # アウター: 「ボードの振り出しに近い側の 1〜6 番のマス」
INNER = range(7, 13)  # インナー: 「ボードの上がりに近い側の 7〜12 番のマス」
PLACES = range(0, 14)  # start, points and home
FORWARD, BACK = 1, -1

Problem = tuple[str, dict[str, Any]]

#: The sides as a message names them, by their ids in the catalogue.
SIDE_WORDS: dict[str, str] = {"black": "astro_stra.side.black", "white": "astro_stra.side.white"}


def other(side: Side) -> Side:
    """The opposing side."""
    if side == "black":
        return "white"
    if side != "white":
        _check_side(side)
    return "black"


def opposite(point: int, geometry: Geometry = "two-rows") -> int:
    """The other side's number for the physical point a side numbers ``point`` (1–12).

    「インナーとアウターの計 2 回すれ違います」 — the sides pass each other in the outer and
    again in the inner. ``"two-rows"``: both outers lie along one row and both inners along
    the other, each row travelled in opposite directions, so 1–6 ↔ 6–1 (7 − p) and
    7–12 ↔ 12–7 (19 − p): black's 1 is white's 6, black's 7 is white's 12. ``"one-loop"``:
    one track travelled in opposite directions, p ↔ 13 − p (black's 1 is white's 12).
    Either way the mapping is its own inverse, and the start and home are never shared.
    """
    if not (type(point) is int and 0 < point < 13 and geometry in GEOMETRIES):
        _check_point(point, geometry)  # the common case is told at once, above
    if geometry == "one-loop":
        return 13 - point
    return 7 - point if point < 7 else 19 - point


def _check_point(point: object, geometry: str) -> None:
    """Why :func:`opposite` cannot map ``point`` under ``geometry``."""
    if geometry not in GEOMETRIES:
        raise ValueError(f"unknown geometry {geometry!r} (one of {GEOMETRIES})")
    if isinstance(point, bool) or not isinstance(point, int) or point not in POINTS:
        raise ValueError(f"only points 1–12 are on the board, not {point!r}")


@dataclass(frozen=True)
class Position:
    """Where every piece stands: ``black[i]`` and ``white[i]`` count the side's pieces on its
    own point ``i`` (0 start, 1–12 points, 13 home).

    The value says nothing about geometry; :meth:`clashes` finds physical points that would
    hold pieces of both sides under a geometry (the move table never produces one).
    """

    black: tuple[int, ...]
    white: tuple[int, ...]

    def __post_init__(self) -> None:
        for side in SIDES:
            counts = getattr(self, side)
            if not isinstance(counts, tuple) or len(counts) != len(PLACES):
                raise ValueError(f"{side} needs a tuple of {len(PLACES)} counts, got {counts!r}")
            if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts):
                raise ValueError(f"{side}'s counts must be whole numbers ≥ 0, got {counts!r}")
            if sum(counts) == 0:
                raise ValueError(f"{side} has no pieces")

    # --- reading ----------------------------------------------------------------------

    def counts(self, side: Side) -> tuple[int, ...]:
        """The side's 14 counts, indexed by its own point 0–13."""
        if side == "black":
            return self.black
        if side != "white":
            _check_side(side)
        return self.white

    def count(self, side: Side, point: int) -> int:
        """How many of the side's pieces stand on its own point ``point`` (0–13)."""
        return self.counts(side)[_place(point)]

    def pieces(self, side: Side) -> int:
        """The side's pieces in all, start and home included."""
        return sum(self.counts(side))

    def occupied(self, side: Side) -> tuple[int, ...]:
        """The side's own points 1–12 holding its pieces, ascending (start and home are not
        points: 用語「振り出し」「上がり」 lie outside 1 and 12)."""
        counts = self.counts(side)
        return tuple(p for p in POINTS if counts[p])

    def is_blot(self, side: Side, point: int) -> bool:
        """用語「ブロット」: exactly one of the side's pieces on its own point 1–12; the start
        and home are never blots (interpretation 16)."""
        return point in POINTS and self.count(side, point) == 1

    def is_block(self, side: Side, point: int) -> bool:
        """用語「ブロック」: two or more of the side's pieces on its own point 1–12; the start
        and home are never blocks (interpretation 16)."""
        return point in POINTS and self.count(side, point) >= 2

    def opponent_at(self, side: Side, point: int, geometry: Geometry = "two-rows") -> int:
        """How many opposing pieces stand on the physical point ``side`` numbers ``point``;
        0 for the start and home, which each side has to itself."""
        if _place(point) not in POINTS:
            return 0
        return self.count(other(side), opposite(point, geometry))

    def all_home(self, side: Side) -> bool:
        """Step 7 / 用語「上がり」: every one of the side's pieces is home."""
        if side not in SIDES:  # asked twice a turn: checked here, not through counts()
            _check_side(side)
        counts = self.black if side == "black" else self.white
        return counts[HOME] == sum(counts)

    def clashes(self, geometry: Geometry = "two-rows") -> tuple[int, ...]:
        """Black's own points 1–12 where pieces of both sides would stand under ``geometry``
        — never the case after moves made by the move table."""
        return tuple(p for p in POINTS if self.black[p] and self.white[opposite(p, geometry)])

    # --- making new positions ---------------------------------------------------------

    @classmethod
    def _made(cls, black: tuple[int, ...], white: tuple[int, ...]) -> Position:
        """A position the move table made from a checked one by moving pieces (never
        below zero, none lost): valid as it was, so not checked again — checking is a
        third of a replay's time."""
        position = object.__new__(cls)
        object.__setattr__(position, "black", black)
        object.__setattr__(position, "white", white)
        return position

    def with_counts(self, side: Side, counts: Sequence[int]) -> Position:
        """The same position with the side's counts replaced."""
        new = tuple(counts)
        if side == "black":
            return Position(new, self.white)
        _check_side(side)
        return Position(self.black, new)

    def swapped(self) -> Position:
        """The colours exchanged: what black had on its own points white now has on its own
        points. Every rule reads a side's own numbering, so (under ``numbering="own"``) the
        rules treat the image of a position for white as they treat it for black."""
        return Position(self.white, self.black)

    # --- text -------------------------------------------------------------------------

    def text(self) -> str:
        """The one-line notation of the module docstring, e.g. ``b:1=2,2=2,3=2 w:...``."""
        return " ".join(
            SIDE_LETTERS[side]
            + ":"
            + ",".join(f"{p}={n}" for p, n in enumerate(self.counts(side)) if n)
            for side in SIDES
        )

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(
        cls, text: str, *, geometry: Geometry | None = None, field: str = "position"
    ) -> Position:
        """Read the one-line notation. With ``geometry`` given, a position that puts both
        sides on one physical point is refused too (the move table never makes one)."""
        return parse_position(text, geometry=geometry, field=field)


#: Assumption — the rulebook's starting layout is in a figure the text lacks
#: (「コマを上図の様に列べます」): six pieces a side, two on each of its own points 1, 2 and
#: 3. Under either geometry no point is shared. A record may give another layout.
DEFAULT_LAYOUT = Position(
    (0, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (0, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
)


def start_position(layout: Position | str | None = None) -> Position:
    """The position before the first turn: ``layout`` (a :class:`Position` or its text)
    when a record gives one, else :data:`DEFAULT_LAYOUT` (an assumption, see there)."""
    if layout is None:
        return DEFAULT_LAYOUT
    if isinstance(layout, Position):
        return layout
    return parse_position(layout, field="layout")


_SIDE_RE = re.compile(r"^([bw]):(.*)$")
_ENTRY_RE = re.compile(r"^(0|[1-9][0-9]*)=(0|[1-9][0-9]*)$")


def _number(text: str, field: str) -> int:
    """A point or a count, read by the one reader of numbers (a clear refusal, never
    Python's own, for a number of thousands of digits)."""
    try:
        return read_int(text, what=said("astro_stra.number.word"))
    except NumberError as err:
        raise _bad(field, number_refusal(err)) from None


def number_refusal(err: NumberError) -> Said:
    """Why the reader of numbers refused one, in both languages as it said it."""
    return in_both(lambda lang: err.ja if lang == "ja" else err.why)


def _bad(field: str, message: Said, suggestion: str | None = None) -> InputError:
    return InputError(
        "malformed_position",
        message,
        field=field,
        expected=said("astro_stra.position.syntax"),
        suggestion=suggestion,
    )


def parse_position(
    text: str, *, geometry: Geometry | None = None, field: str = "position"
) -> Position:
    """See :meth:`Position.from_text`; every refusal is an :class:`InputError` with code
    ``malformed_position``."""
    if not isinstance(text, str):
        raise _bad(
            field,
            said("astro_stra.position.not_a_string", kind=type(text).__name__),
        )
    parts = text.split()
    if len(parts) != 2:
        raise _bad(
            field,
            said("astro_stra.position.not_two_parts", text=text),
        )
    sides: dict[Side, list[int]] = {}
    unordered = False
    for part, side in zip(parts, SIDES, strict=True):
        m = _SIDE_RE.match(part)
        if not m or m[1] != SIDE_LETTERS[side]:
            raise _bad(
                field,
                said("astro_stra.position.side_letter", part=part, letter=SIDE_LETTERS[side]),
            )
        counts, in_order = _read_side(side, m[2], field)
        unordered = unordered or not in_order
        sides[side] = counts
    position = Position(tuple(sides["black"]), tuple(sides["white"]))
    if unordered:
        raise _bad(
            field,
            said("astro_stra.position.unordered"),
            position.text(),
        )
    if geometry is not None:
        shared = position.clashes(geometry)
        if shared:
            raise _bad(
                field,
                said(
                    "astro_stra.position.clash",
                    point=shared[0],
                    theirs=opposite(shared[0], geometry),
                    geometry=geometry,
                ),
            )
    return position


def _read_side(side: Side, written: str, field: str) -> tuple[list[int], bool]:
    """One side's pieces per point from its ``<point>=<count>`` entries, and whether the
    points are written in ascending order."""
    counts = [0] * len(PLACES)
    seen: list[int] = []
    in_order = True
    for entry in written.split(",") if written else []:
        e = _ENTRY_RE.match(entry)
        if not e:
            raise _bad(
                field,
                said("astro_stra.position.not_an_entry", side=said(SIDE_WORDS[side]), entry=entry),
            )
        point, n = _number(e[1], field), _number(e[2], field)
        if point not in PLACES:
            raise _bad(
                field,
                said("astro_stra.position.not_a_place", side=said(SIDE_WORDS[side]), point=point),
            )
        if n == 0:
            raise _bad(
                field,
                said("astro_stra.position.count_zero", side=said(SIDE_WORDS[side]), point=point),
            )
        if point in seen:
            raise _bad(
                field,
                said("astro_stra.position.twice", side=said(SIDE_WORDS[side]), point=point),
            )
        in_order = in_order and not (seen and point < seen[-1])
        seen.append(point)
        counts[point] = n
    if not seen:
        raise _bad(field, said("astro_stra.position.no_pieces", side=said(SIDE_WORDS[side])))
    return counts, in_order


# --- the move table ---------------------------------------------------------------------


def move_piece(
    position: Position,
    side: Side,
    src: int,
    dst: int,
    geometry: Geometry = "two-rows",
    *,
    leave_home: bool = False,
) -> tuple[Position, bool] | Problem:
    """Move one of ``side``'s pieces from its own point ``src`` to its own point ``dst``
    by 「コマを移動できるマス」; the new position and whether a blot was hit, or a problem.

    - ``no_piece``: the side has no piece on ``src``.
    - ``same_point``: ``src`` and ``dst`` are the same; that is not a move.
    - ``home_is_final``: ``src`` is home and ``leave_home`` is false (reading ``leave_home``:
      by default home is final for one's own moves, as 用語「上がり」 counts pieces there).
    - ``blocked``: 「相手のコマが 2 つ以上有るマス — そのマスには自分のコマを移動できません」.

    An empty point or one with own pieces takes any number (rows 1–2). A lone opposing
    piece is hit (row 3, 用語「ヒット」): it goes back to its owner's start, then the piece
    moves. The start and home are each side's own, so ``dst`` 0 or 13 never meets anyone.
    Args always carry ``side``, ``src`` and ``dst``.
    """
    src, dst = _place(src), _place(dst)
    if side not in SIDES:  # checked here: every move of every action comes this way
        _check_side(side)
    mine, theirs = (
        (position.black, position.white) if side == "black" else (position.white, position.black)
    )
    if mine[src] == 0:
        return "no_piece", {"side": side, "src": src, "dst": dst}
    if src == dst:
        return "same_point", {"side": side, "src": src, "dst": dst}
    if src == HOME and not leave_home:
        return "home_is_final", {"side": side, "src": src, "dst": dst}
    there = 0
    if dst in POINTS:  # the start and home are each side's own
        facing = opposite(dst, geometry)
        there = theirs[facing]
    if there >= 2:
        return "blocked", {"side": side, "src": src, "dst": dst, "opponent": there}
    moved = list(mine)
    moved[src] -= 1
    moved[dst] += 1
    if there == 1:
        hit = list(theirs)
        hit[facing] -= 1
        hit[START] += 1
        theirs = tuple(hit)
    mine = tuple(moved)
    after = Position._made(mine, theirs) if side == "black" else Position._made(theirs, mine)
    return after, there == 1


def step(src: int, pips: int, direction: int, readings: Readings) -> int | None:
    """Where a piece on own point ``src`` ends after moving ``pips`` forward
    (``direction`` +1, towards home) or back (−1, towards the start); ``None`` when that
    move is not available.

    Past home (reading ``past_home``): ``"overshoot"`` ends at home, ``"exact"`` is not
    available. Past the start (``past_start``): ``"stop"`` ends at the start,
    ``"forbidden"`` is not available. A piece at home cannot advance, nor a piece at the
    start go back — there is nowhere further. A piece at home may go back only under
    ``leave_home="allowed"``. Who stands on the destination is :func:`move_piece`'s
    business, not this function's.
    """
    src = _place(src)
    if isinstance(pips, bool) or not isinstance(pips, int) or pips < 1:
        raise ValueError(f"a move is at least one pip, not {pips!r}")
    if direction == FORWARD:
        if src == HOME:
            return None
        dst = src + pips
        if dst > HOME:
            return HOME if readings.past_home == "overshoot" else None
        return dst
    if direction == BACK:
        if src == START or (src == HOME and readings.leave_home == "never"):
            return None
        dst = src - pips
        if dst < START:
            return START if readings.past_start == "stop" else None
        return dst
    raise ValueError(f"direction is +1 (forward) or -1 (back), not {direction!r}")


# --- helpers ----------------------------------------------------------------------------


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r} (one of {SIDES})")


def _place(point: int) -> int:
    if type(point) is int and 0 <= point < 14:  # the common case, checked at once
        return point
    if isinstance(point, bool) or not isinstance(point, int) or point not in PLACES:
        raise ValueError(f"an own point is 0 (start) to 13 (home), not {point!r}")
    return point

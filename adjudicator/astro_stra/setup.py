"""The set-up (ゲームの準備): the starting layout, who plays first, and the draft of the dice.

「コマを上図の様に列べます」: the layout is a position before any turn, so it must be one a
game can start from (:func:`check_layout`) — within the pieces of a backgammon set, no
point shared by both sides, and neither side already home (step 7 would decide the game
before its first turn).

「それぞれの PL がダイスを振って先手／後手を決めます。大きい目を出した方が先手で、同じ目が
出たら決るまで振り直します」: the opening rolls are pairs, one die each; every pair but the
last is a tie, and the last one's higher die goes first and plays black. Then 「先手から交互
に 1 つずつ自分の使いたい色のダイス（キャラクタ）を選んで取って行きます」: six picks,
alternating from black, three colours each; with one set of dice no colour twice, with two
sets (「2 セット使うと同キャラ対戦も出来ます」) each colour at most twice and never twice for
one player.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.astro_stra.board import SIDES, Position, Side, opposite
from adjudicator.astro_stra.dice import PIPS
from adjudicator.astro_stra.readings import Geometry
from adjudicator.astro_stra.skills import COLOURS

Problem = tuple[str, dict[str, Any]]
PICKS = 6
#: コンポーネント 「バックギャモンの盤とコマ」: a backgammon set has fifteen pieces a colour.
SET_PIECES = 15


def check_layout(layout: Position, geometry: Geometry) -> Problem | None:
    """A starting layout a game can start from: at most a set's pieces a side, no point
    holding pieces of both sides, and no side with every piece home already."""
    for side in SIDES:
        if layout.pieces(side) > SET_PIECES:
            return "layout_pieces", {
                "side": side,
                "pieces": layout.pieces(side),
                "most": SET_PIECES,
            }
    shared = layout.clashes(geometry)
    if shared:
        return "layout_shared_point", {"point": shared[0], "theirs": opposite(shared[0], geometry)}
    for side in SIDES:
        if layout.all_home(side):
            return "layout_decided", {"side": side}
    return None


def check_opening(rolls: list[tuple[int, int]]) -> Problem | None:
    """Each roll is ``(black's die, white's die)``: ties rolled again, black's last higher."""
    if not rolls:
        return "opening_missing", {}
    for i, (black, white) in enumerate(rolls):
        if black not in PIPS or white not in PIPS:
            return "opening_die_value", {"roll": i + 1, "black": black, "white": white}
        last = i == len(rolls) - 1
        if not last and black != white:
            return "opening_not_a_tie", {"roll": i + 1, "black": black, "white": white}
        if last and black <= white:
            return "opening_wrong_first", {"roll": i + 1, "black": black, "white": white}
    return None


def check_draft(picks: list[str], sets: int) -> Problem | None:
    """Six picks, black first and alternating; colours limited by the sets of dice."""
    if len(picks) != PICKS:
        return "draft_count", {"got": len(picks)}
    used: Counter[str] = Counter()
    for i, colour in enumerate(picks):
        side: Side = "black" if i % 2 == 0 else "white"
        if colour not in COLOURS:
            return "draft_colour", {"pick": i + 1, "colour": colour}
        if colour in picks[i % 2 : i : 2]:
            first = picks.index(colour, i % 2) + 1
            return "draft_twice", {"pick": i + 1, "first": first, "colour": colour, "side": side}
        used[colour] += 1
        if used[colour] > sets:
            return "draft_taken", {"pick": i + 1, "colour": colour, "sets": sets}
    return None


def colours_of(picks: list[str]) -> dict[Side, tuple[str, ...]]:
    """The three colours each side drafted."""
    return {"black": tuple(picks[0::2]), "white": tuple(picks[1::2])}

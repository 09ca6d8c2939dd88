"""The switchable interpretations of Astro-Stra 0.9.0, as one value a game is played under.

The rulebook (戦星術枢斗羅 Ver.0.9.0) leaves these points open, mostly because its figures
(the board, the starting layout, the direction of travel) are missing from the text. Each
field's default is the reading this project adopted; the other accepted value is the
alternative. A record may name the ones its event used.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Geometry = Literal["two-rows", "one-loop"]
GEOMETRIES: tuple[Geometry, Geometry] = ("two-rows", "one-loop")


class Readings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    geometry: Geometry = Field(
        default="two-rows",
        description=(
            "Board geometry (基本ルール「コマの進む方向」: the pieces pass each other twice, "
            "in the inner and in the outer; the figure is missing). 'two-rows': both outers "
            "(1–6) lie along one row and both inners (7–12) along the other, travelled in "
            "opposite directions, so one side's point p is the other's 7 − p in the outer "
            "and 19 − p in the inner. 'one-loop': one track travelled in opposite "
            "directions, p ↔ 13 − p."
        ),
    )
    past_home: Literal["overshoot", "exact"] = Field(
        default="overshoot",
        description=(
            "Advancing past home (用語「上がり」: 12 番のマスの更に外側). 'overshoot': an "
            "advance that would go past home ends at home. 'exact': it must land exactly on "
            "home, else that move is not available."
        ),
    )
    past_start: Literal["stop", "forbidden"] = Field(
        default="stop",
        description=(
            "Going back past the start (用語「振り出し」: 1 番のマスの更に外側), as A⚂ may. "
            "'stop': the move ends at the start. 'forbidden': that move is not available."
        ),
    )
    any_die: Literal["all-three", "target-and-action"] = Field(
        default="all-three",
        description=(
            "Which dice 「何れかのダイス」 covers in T⚄ and A⚃. 'all-three': the S, T and A "
            "dice of the turn as they stand after the skill (step 3). 'target-and-action': "
            "only the T and A dice."
        ),
    )
    first_move_may_hit: bool = Field(
        default=True,
        description=(
            "A⚄ 「T:ターゲットのダイスの目の分 2 回進める」: whether the first of the two moves "
            "may end on an opposing blot and hit it (True), or must not (False)."
        ),
    )
    adjacent_blots: Literal["consecutive", "same-half"] = Field(
        default="consecutive",
        description=(
            "T⚂ 「隣接したブロット」. 'consecutive': blots on own points p and p + 1 (1–12). "
            "'same-half': additionally both in the outer (1–6) or both in the inner (7–12), "
            "so 6 and 7 are not adjacent."
        ),
    )
    numbering: Literal["own", "black"] = Field(
        default="own",
        description=(
            "Whose numbering 「ダイスの目と同じ番号のマス」 uses (T⚃, T⚄, A⚀). 'own': the "
            "mover's own numbering. 'black': black's numbering for both sides, so white's "
            "point is the opposite of the pips."
        ),
    )
    leave_home: Literal["never", "allowed"] = Field(
        default="never",
        description=(
            "Whether an own action may take a piece out of home (T⚀ 「上がりのコマを含む」 "
            "lets one be the target). 'never': home is final for one's own actions; a home "
            "piece may be targeted, but no action can be performed on it, so step 5 is "
            "skipped. 'allowed': an action that goes back (A⚂) or to a numbered point (A⚀) "
            "may move it back onto the board; advancing from home is never available."
        ),
    )

    pips_bounds: Literal["forbidden", "clamp", "wrap"] = Field(
        default="forbidden",
        description=(
            "Interpretation 10 (S green, blue, black-white): a +1 or −1 that would push a die "
            "outside 1–6. 'forbidden': that choice is not available; 'clamp': the pips stay at "
            "6 or 1; 'wrap': 6 + 1 is 1 and 1 − 1 is 6."
        ),
    )

    held_die: Literal["keeps-slot", "value-only"] = Field(
        default="keeps-slot",
        description=(
            "Interpretation 11 (S cyan, steps 2 and 6): 'keeps-slot' — a die the mover held "
            "stays in the frame it was held from (step 6 releases every die but those held "
            "by one's own skill; 水色 uses the pips 「そのまま」) and goes on that slot at the "
            "next turn; 'value-only' — it keeps its pips only and may go on any slot. A die "
            "fixed by the opponent's purple left its frame at its owner's step 6 and goes on "
            "any slot either way."
        ),
    )
    held_reroll: Literal["forbidden", "allowed"] = Field(
        default="forbidden",
        description=(
            "Interpretation 15 (S red, black-white, black-red; cyan 「振らずに」, purple "
            "「振らせ無い」): 'forbidden' — a die that came in held (by its owner's cyan or the "
            "opponent's purple) cannot be rerolled in the turn it is used, except by Scar's "
            "reroll of a held die (black-red); Necromass's ±1 on a held die still applies. "
            "'allowed' — red's reroll of T or A, Necromass's reroll of T and Scar's reroll of A "
            "may take a held die too."
        ),
    )
    once_per_game: Literal["replaces", "on-top"] = Field(
        default="replaces",
        description=(
            "Interpretation 12 (蛇牙・Artemis): the once-per-game skill is used instead of the S "
            "die's skill, or on top of it in the same step 3."
        ),
    )


DEFAULT_READINGS = Readings()

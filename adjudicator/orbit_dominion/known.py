"""What is known when the solver proved no forced win (``solve``, ``adjudicate --solve``):
the depth proved, the actions left before the 120-action limit (第8条, 第10条 02) and the
normal ships each side has (what the limit counts) — and that the rules decide nothing
more. No evaluation of the position is given: the rules have none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang
from adjudicator.orbit_dominion.position import MOVE_LIMIT, Position
from adjudicator.orbit_dominion.references import rule_data

if TYPE_CHECKING:
    from adjudicator.orbit_dominion.proof import Solution

LABELS: dict[Lang, dict[str, str]] = {
    "en": {
        "known": "known: {proved}; {left} actions remain before the 120-action limit; "
        "normal ships: red {red}, blue {blue}",
        "proved_none": "nothing proved (no depth finished)",
        "proved": "no side forces a win within {depth} actions",
        "nothing_more": "the rules decide nothing more here: the game goes on ({citation})",
    },
    "ja": {
        "known": "分かっていること: {proved}。120手の上限まで残り {left} 手。"
        "通常船は赤 {red} 機、青 {blue} 機",
        "proved_none": "証明できたことはない(読み終えた深さがない)",
        "proved": "{depth} 手以内にはどちらも勝ちを強制できない",
        "nothing_more": "ルールがこの局面で決めることはこれ以上ない。対局は続く({citation})",
    },
}


def what_is_known(solution: Solution, lang: Lang) -> list[str]:
    """The lines said after "no forced win": what is known, and only that."""
    label = LABELS[lang]
    position = Position.from_text(solution.position)
    proved = (
        label["proved"].format(depth=solution.depth) if solution.depth > 0 else label["proved_none"]
    )
    return [
        label["known"].format(
            proved=proved,
            left=MOVE_LIMIT - position.ply,
            red=position.normal_ships(0),
            blue=position.normal_ships(1),
        ),
        label["nothing_more"].format(citation=rule_data().cite(["8", "10-02"], lang)),
    ]

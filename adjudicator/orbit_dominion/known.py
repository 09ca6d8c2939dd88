"""What is known when the solver proved no forced win (``solve``, ``adjudicate --solve``):
the depth proved, the actions left before the 120-action limit (第8条, 第10条 02) and the
normal ships each side has (what the limit counts) — and that the rules decide nothing
more. No evaluation of the position is given: the rules have none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.i18n import Lang, say
from adjudicator.orbit_dominion.position import MOVE_LIMIT, Position
from adjudicator.orbit_dominion.references import rule_data

if TYPE_CHECKING:
    from adjudicator.orbit_dominion.proof import Solution


def what_is_known(solution: Solution, lang: Lang) -> list[str]:
    """The lines said after "no forced win": what is known, and only that."""
    position = Position.from_text(solution.position)
    proved = (
        say("orbit_dominion.known.proved", lang, depth=solution.depth)
        if solution.depth > 0
        else say("orbit_dominion.known.proved_none", lang)
    )
    return [
        say(
            "orbit_dominion.known.known",
            lang,
            proved=proved,
            left=MOVE_LIMIT - position.ply,
            red=position.normal_ships(0),
            blue=position.normal_ships(1),
        ),
        say(
            "orbit_dominion.known.nothing_more",
            lang,
            citation=rule_data().cite(["8", "10-02"], lang),
        ),
    ]

"""A record of Orbit Dominion to fill in (``adjudicator new orbit-dominion``): the ruleset,
the players left as ``?``, no move yet and the game unfinished, so that it validates as a
game not begun until the moves are written."""

from __future__ import annotations

from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments
from adjudicator.orbit_dominion.identity import FORMAT, RULESET

#: What the comments of the skeleton ask to fill in.
NOTES = ("orbit_dominion.skeleton.moves", "orbit_dominion.skeleton.result")


def skeleton(form: str, lang: Lang, rules: RuleData) -> str:
    if form == "json":
        data = {
            "format": FORMAT,
            "ruleset": RULESET,
            "meta": {"event": "?", "red": "?", "blue": "?"},
            "start": "standard",
            "moves": [],
            "result": {"winner": None, "reason": None, "resigned": None},
        }
        return dumps(data, indent=2) + "\n"
    notes: list[dict[Lang, str]] = [{lang: say(key, lang)} for key in NOTES]
    tags = ['[Event "?"]', '[Red "?"]', '[Blue "?"]', f'[Ruleset "{RULESET}"]', '[Result "*"]']
    return "\n".join([*tags, "", *skeleton_comments(notes, rules, None, lang), "", "*"]) + "\n"

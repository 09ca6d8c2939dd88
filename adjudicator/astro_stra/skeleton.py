"""A record of Astro-Stra to fill in (``adjudicator new astro-stra``): the ruleset, one set
of dice, the players left as ``?``, the readings in force and nothing played yet, so that
it validates as a game not begun until the opening roll is written."""

from __future__ import annotations

from adjudicator.astro_stra.identity import FORMAT, GAME_ID
from adjudicator.astro_stra.readings import Readings
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments

#: What the comments of the skeleton ask to fill in.
NOTES = ("astro_stra.skeleton.note",)


def skeleton(form: str, lang: Lang, rules: RuleData) -> str:
    readings = Readings()
    if form == "json":
        data = {
            "format": FORMAT,
            "game": GAME_ID,
            "sets": 1,
            "interpretations": readings.model_dump(mode="json", by_alias=True),
            "meta": {"event": "?", "black": "?", "white": "?"},
            "opening": [],
            "draft": [],
            "turns": [],
        }
        return dumps(data, indent=2) + "\n"
    tags = [
        f'[Ruleset "{GAME_ID}"]',
        '[Sets "1"]',
        '[Event "?"]',
        '[Black "?"]',
        '[White "?"]',
        '[Result "*"]',
    ]
    notes: list[dict[Lang, str]] = [{lang: say(key, lang)} for key in NOTES]
    return "\n".join([*tags, "", *skeleton_comments(notes, rules, readings, lang)]) + "\n"

"""A record of Astro-Stra to fill in (``adjudicator new astro-stra``): the ruleset, one set
of dice, the players left as ``?``, the readings in force and nothing played yet, so that
it validates as a game not begun until the opening roll is written."""

from __future__ import annotations

from adjudicator.astro_stra.identity import FORMAT, GAME_ID
from adjudicator.astro_stra.readings import Readings
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments

NOTES: list[dict[Lang, str]] = [
    {
        "en": "A record to fill in: the players' names for the ?, then one line per event: "
        "opening BLACK-WHITE … (the rolls for the first player), draft with the six picks "
        "(black first), then each turn (1. black: dice … | S=… T=… A=… | skill … | "
        "target … | moves …).",
        "ja": "記入用の記録です。? に対局者名を書き、1行に1つ出来事を書きます。"
        "opening 黒-白 …(先手決めの振り)、draft と6つの選択(黒から)、続けて各ターン"
        "(1. black: dice … | S=… T=… A=… | skill … | target … | moves …)。",
    },
]


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
    return "\n".join([*tags, "", *skeleton_comments(NOTES, rules, readings, lang)]) + "\n"

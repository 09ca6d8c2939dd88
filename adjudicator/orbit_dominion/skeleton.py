"""A record of Orbit Dominion to fill in (``adjudicator new orbit-dominion``): the ruleset,
the players left as ``?``, no move yet and the game unfinished, so that it validates as a
game not begun until the moves are written."""

from __future__ import annotations

from adjudicator.core.i18n import Lang
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments
from adjudicator.orbit_dominion.identity import FORMAT, RULESET

NOTES: list[dict[Lang, str]] = [
    {
        "en": "A record to fill in: the players' names for the ?, then the moves after the "
        "tags, numbered in pairs (1. M1-M2 I5-I4 2. O+ …).",
        "ja": "記入用の記録です。? に対局者名を書き、タグの後に手を2手ずつ番号を付けて書きます"
        "(1. M1-M2 I5-I4 2. O+ …)。",
    },
    {
        "en": "End with the result: 1-0, 0-1 or 1/2-1/2 with [Result] and [Reason] "
        '(e.g. [Result "1-0"] [Reason "pincer"]), or * while unfinished.',
        "ja": "最後に結果を書きます。決着したら 1-0・0-1・1/2-1/2 と [Result]・[Reason] のタグ"
        '(例: [Result "1-0"] [Reason "pincer"])、未終局なら * です。',
    },
]


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
    tags = ['[Event "?"]', '[Red "?"]', '[Blue "?"]', f'[Ruleset "{RULESET}"]', '[Result "*"]']
    return "\n".join([*tags, "", *skeleton_comments(NOTES, rules, None, lang), "", "*"]) + "\n"

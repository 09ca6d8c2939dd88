"""A record of Dark Nebula to fill in (``adjudicator new dark-nebula``): the board named
with its digest, a game id, the commitment to replace, the players left as ``?``, the
readings in force and no event yet, so that it validates as a game not begun."""

from __future__ import annotations

from adjudicator.core.i18n import Lang
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.readings import Readings

#: Stands for the commitment until the rebel player has made one (3.1).
NO_COMMITMENT = "0" * 64

NOTES: list[dict[Lang, str]] = [
    {
        "en": "A record to fill in: the players' names for the ?, and this game's own id in "
        "[GameId].",
        "ja": "記入用の記録です。? に対局者名を、[GameId] にこの対局のIDを書きます。",
    },
    {
        "en": "[Commitment]: the rebel player chooses the base's sector in secret (3.1) with "
        "adjudicator dark-nebula commit --game-id ID --sector SECTOR and writes the "
        "commitment it prints in place of the zeros.",
        "ja": "[Commitment]: 反乱軍の対局者が秘密基地の星域を秘密に選び(3.1)、"
        "adjudicator dark-nebula commit --game-id ID --sector 星域 が表示するコミットメントを"
        "0 の並びの代わりに書きます。",
    },
    {
        "en": "[Board] names the board definition and its digest, as adjudicator dark-nebula "
        "board shows them. Then one event per line, from setup: KIND@SECTOR …",
        "ja": "[Board] は盤定義のIDとダイジェストです(adjudicator dark-nebula board で表示"
        "されます)。続けて1行に1つ、setup: 駒@星域 … から出来事を書きます。",
    },
]


def skeleton(form: str, lang: Lang, rules: RuleData) -> str:
    board = default_board()
    readings = Readings()
    if form == "json":
        data = {
            "format": FORMAT,
            "game": GAME_ID,
            "game_id": "game-1",
            "board": {"id": board.id, "sha256": board.sha256},
            "commitment": NO_COMMITMENT,
            "interpretations": readings.model_dump(mode="json"),
            "meta": {"event": "?", "empire": "?", "rebel": "?"},
            "events": [],
        }
        return dumps(data, indent=2) + "\n"
    tags = [
        f'[Ruleset "{GAME_ID}"]',
        '[GameId "game-1"]',
        f'[Board "{board.id} {board.sha256}"]',
        f'[Commitment "{NO_COMMITMENT}"]',
        '[Event "?"]',
        '[Empire "?"]',
        '[Rebel "?"]',
        '[Result "*"]',
    ]
    return "\n".join([*tags, "", *skeleton_comments(NOTES, rules, readings, lang)]) + "\n"

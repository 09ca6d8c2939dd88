"""A record of Dark Nebula to fill in (``adjudicator new dark-nebula``): the board named
with its digest, a game id, the commitment to replace, the players left as ``?``, the
readings in force and no event yet, so that it validates as a game not begun."""

from __future__ import annotations

from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.read.tagged_text import skeleton_comments
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.identity import FORMAT, GAME_ID
from adjudicator.dark_nebula.readings import Readings

#: Stands for the commitment until the rebel player has made one (3.1).
NO_COMMITMENT = "0" * 64

#: What the comments of the skeleton ask to fill in.
NOTES = (
    "dark_nebula.skeleton.players",
    "dark_nebula.skeleton.commitment",
    "dark_nebula.skeleton.board",
)


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
    notes: list[dict[Lang, str]] = [{lang: say(key, lang)} for key in NOTES]
    return "\n".join([*tags, "", *skeleton_comments(notes, rules, readings, lang)]) + "\n"

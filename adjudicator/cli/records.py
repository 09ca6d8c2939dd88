"""What the record commands (``validate``, ``convert``, ``replay``, ``adjudicate``) share:
the ``--lenient`` option, reading a record, the picture asked for and the words a position
is shown with. They work for every installed game through the
:class:`~adjudicator.core.game.Game` and :class:`~adjudicator.core.judge.replay.Replay`
interfaces."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.cli.common import fail, write_output
from adjudicator.core.capabilities import Capability, refuse
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.ruling import load as load_record
from adjudicator.core.read.records import GameRecord
from adjudicator.core.registry import Registry
from adjudicator.core.write.report import decided_line, labels

if TYPE_CHECKING:
    from adjudicator.core.write.svg import Picture


def load(
    registry: Registry, path: Path, *, lenient: bool, sheet: bool = False
) -> tuple[Game, GameRecord, str]:
    """The record's game, the record and the file's text; a message and exit 2 if unread.
    ``sheet``: read as a score sheet to repair."""
    try:
        return load_record(registry, path, lenient=lenient, sheet=sheet)
    except InputError as err:
        fail(err)


def emit_picture(
    picture: Picture | None, game: Game, svg: Path | None, fmt: str, inputs: Iterable[Path]
) -> None:
    """Write the picture where ``--svg`` and ``--format svg`` ask, never over one of
    ``inputs`` (the record read); exit 2 if the game declares no pictures."""
    if svg is None and fmt != "svg":
        return
    try:
        refuse(game, Capability.PICTURES)
    except InputError as err:
        fail(err)
    assert picture is not None, "a game that declares pictures draws its positions"
    document = picture.svg()
    if svg is not None:
        write_output(svg, document, "--svg", inputs)
    if fmt == "svg":
        sys.stdout.write(document)


def decided_words(game: Game, lang: Lang, o: Outcome) -> str:
    """The line that says who has won, when and why, in the game's words."""
    return decided_line(game.rules, lang, o.decided_at, o.winner, o.reason)


def turn_words(game: Game, side: str, decided: Outcome | None, lang: Lang) -> str:
    """ "red to move", or in a game already decided "game over": no side moves after the
    end, so nothing shown of a finished game says whose turn it is."""
    label = labels(lang)
    if decided is not None:
        return label["game_over"]
    return label["to_move"].format(side=game.rules.side_name(side, lang))

"""The library's front door: find a game, read a record, validate it — the same judgement
as ``adjudicator validate``, for programs.

>>> from adjudicator import game, load_record, validate
>>> game("orbit-dominion").id
'orbit-dominion/4.2'
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.batch.files import Options, is_text_notation, read_record, validate_file
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.validation import validate as validate_record
from adjudicator.core.judge.verdict import InputProblem, Verdict
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.records import GameRecord
from adjudicator.core.registry import Registry

if TYPE_CHECKING:
    from adjudicator.core.repair.models import Repair

__all__ = ["InputError", "Verdict", "game", "load_record", "repair", "validate"]


def _registry() -> Registry:
    return Registry()


def game(name: str) -> Game:
    """A game by its short name (``orbit-dominion``) or versioned id
    (``orbit-dominion/4.2``); an unknown name raises :class:`InputError` listing the games."""
    return _registry().find(name, field="game")


def load_record(source: str | Path, *, lenient: bool = False) -> GameRecord:
    """A record read from a file (a :class:`~pathlib.Path`) or from its text (JSON or text
    notation, any installed game); :class:`InputError` says what is wrong and where.
    ``record.game`` names its game."""
    text = read_text(source) if isinstance(source, Path) else source
    as_text = isinstance(source, Path) and is_text_notation(source)
    _, record = read_record(_registry(), text, lenient=lenient, text_notation=as_text)
    return record


def _sheet(source: str | Path) -> GameRecord:
    """A record read as a score sheet to repair, as ``adjudicator repair`` reads it: its
    numbering evidence, not refused, where its game reads a sheet so."""
    text = read_text(source) if isinstance(source, Path) else source
    as_text = isinstance(source, Path) and is_text_notation(source)
    _, record = read_record(_registry(), text, lenient=False, text_notation=as_text, sheet=True)
    return record


def validate(
    source: str | Path | GameRecord, *, lenient: bool = False, lang: Lang = "en"
) -> Verdict:
    """The verdict on a record: a file, a record's text, or a record already loaded.

    A file or text that cannot be read gets an ``unreadable`` verdict, as on the command
    line; a loaded record is replayed and its claimed result checked."""
    if isinstance(source, Path):
        return validate_file(_registry(), source, Options(lenient=lenient, lang=lang))
    if isinstance(source, str):
        try:
            record = load_record(source, lenient=lenient)
        except InputError as err:
            return Verdict(
                source="<text>",
                status="unreadable",
                unreadable=InputProblem(
                    code=err.code, location=err.field, message=err.describe(lang)
                ),
            )
        return validate(record, lenient=lenient, lang=lang)
    played = game(source.game)
    return validate_record("<record>", source, played.replay(source), lenient=lenient, lang=lang)


def repair(
    source: str | Path | GameRecord,
    *,
    max_edits: int = 2,
    top: int = 3,
    max_replays: int = 20_000,
    seconds: float = 120.0,
    lang: Lang = "en",
) -> Repair:
    """The corrections under which a miscopied record is valid to its end and agrees with
    its result, cheapest first — what ``adjudicator repair --json`` prints. ``source`` is a
    file, a record's text or a record already loaded; an unreadable one raises
    :class:`InputError`. A worked example per game is in ``docs/repair.md``."""
    from adjudicator.core.repair.search import repair as search

    name = str(source) if isinstance(source, Path) else "<record>"
    record = source if isinstance(source, GameRecord) else _sheet(source)
    return search(
        game(record.game),
        record,
        source=name,
        max_edits=max_edits,
        top=top,
        max_replays=max_replays,
        seconds=seconds,
        lang=lang,
    )

"""The plies of a record as the HTML report's viewer steps through them: each event, whether
it was refused, and the picture after it, packed column by column.

The report (:mod:`adjudicator.core.write.report_html`) draws the written record with them, and
its repair (:mod:`adjudicator.core.write.report_repair`) the corrected one beside it: both import
them from here.
"""

from __future__ import annotations

import hashlib
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.core.batch.files import Options, is_text_notation, read_record, switch_for
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.replay import Replay
from adjudicator.core.judge.validation import end_as_recorded
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.read.records import GameRecord
from adjudicator.core.registry import Registry
from adjudicator.core.write.display import printable
from adjudicator.core.write.svg import Picture

if TYPE_CHECKING:
    from adjudicator.core.game import Game


@dataclass
class Frame:
    """One ply of the viewer: the event that led to it (or was refused there) and the
    picture."""

    event: str | None
    refused: bool
    picture: Picture | None


def _frame(replay: Replay, event: str | None, refused: bool, lang: Lang) -> Frame:
    picture = replay.picture(event if refused else None, lang=lang)
    return Frame(event, refused, picture)


def judged_record(
    registry: Registry, verdict: Verdict, options: Options
) -> tuple[Game, GameRecord] | None:
    """The record the verdict was judged on, read again from its text as it was judged
    (its interpretations switched); ``None`` when it has no events to show."""
    if verdict.status == "unreadable" or verdict.judged_text is None:
        return None
    try:
        game, record = read_record(
            registry,
            verdict.judged_text,
            lenient=options.lenient,
            text_notation=is_text_notation(verdict.source),
        )
        if options.interpretations:
            record = switch_for(game, record, options.interpretations)
    except InputError:
        return None
    return game, record


class Drawn(NamedTuple):
    """A record's frames, and the defect that cost it its pictures (a traceback, for the
    shell to show) when drawing failed."""

    frames: list[Frame]
    defect: str | None = None


def drawn_frames(game: Game, record: GameRecord, options: Options) -> Drawn:
    """Every ply of the record: the start, the position after each accepted event, and the
    event refused (drawn on the position before it). A defect in a drawing costs that
    record its pictures, never the report: it is returned, for the shell to say (the
    library prints nothing).

    The record drawn is the text the verdict was judged on (:func:`judged_record`): never a
    file read again by its name, which may name another file by then."""
    try:
        return Drawn(_frames(game, record, options))
    except Exception:
        return Drawn([], traceback.format_exc())


def _frames(game: Game, record: GameRecord, options: Options) -> list[Frame]:
    try:
        replay = game.replay(record)
    except InputError:
        return []
    lang = options.lang
    frames = [_frame(replay, None, False, lang)]
    for event in record.events:
        try:
            step = replay.attempt(event.written, lenient=options.lenient)
        except InputError:
            frames.append(Frame(event.written, True, replay.picture(lang=lang)))
            break
        if step.violation is not None:
            frames.append(_frame(replay, event.written, True, lang))
            break
        frames.append(_frame(replay, event.written, False, lang))
    else:  # every event played: a game that ended outside play is drawn finished
        if end_as_recorded(replay, record):
            frames[-1] = _frame(replay, frames[-1].event, False, lang)
    return frames


def frames_data(frames: list[Frame], boards: dict[str, str]) -> dict[str, Any]:
    """The plies column by column (columns compress better than rows): the event, whether
    it was refused, and the picture: its board by key (into ``boards``), its layer as
    indices into the record's table of SVG elements (plies share most of them), title and
    description."""
    parts: dict[str, int] = {}
    keys: dict[str, str] = {}
    columns: dict[str, list[Any]] = {k: [] for k in "exbltd"}
    size = (0, 0)
    for frame in frames:
        columns["e"].append(None if frame.event is None else printable(frame.event))
        columns["x"].append(int(frame.refused))
        pic = frame.picture
        if pic is None:
            for k in "bltd":
                columns[k].append(None)
            continue
        size = (pic.width, pic.height)
        if pic.board not in keys:
            keys[pic.board] = hashlib.sha256(pic.board.encode("utf-8")).hexdigest()[:16]
            boards[keys[pic.board]] = pic.board
        columns["b"].append(keys[pic.board])
        columns["l"].append([parts.setdefault(part, len(parts)) for part in pic.layer])
        columns["t"].append(printable(pic.title))
        columns["d"].append(printable(pic.description))
    return {"n": len(frames), "w": size[0], "h": size[1], "parts": list(parts), **columns}

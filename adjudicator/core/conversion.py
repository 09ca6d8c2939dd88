"""Converting a record between its JSON form and its text notation without loss.

``convert`` promises that nothing is lost, so a conversion is only handed out once the
converted record has been read back and found to be the record it came from: a value one
form holds that the other cannot spell (an empty colour in a JSON draft, a negative die, a
move that is not a move) is refused with the reason, never written as a file that would
then be unreadable or say another game.
"""

from __future__ import annotations

from typing import Literal

from adjudicator.core import strict_json
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.records import GameRecord

Form = Literal["json", "text"]


def convert_record(game: Game, record: GameRecord, source: Form, to: Form) -> str:
    """``record`` (read from its ``source`` form) written in form ``to``, checked to read
    back strictly as the same record, compared in the form it was read from; raise
    ``InputError`` (``unrepresentable_record``) if it does not."""
    written = game.write_record(record, to)
    try:
        again = read_strictly(game, written, to)
    except (InputError, ValueError) as err:
        detail = err.message if isinstance(err, InputError) else str(err)
        raise _unrepresentable(to, detail) from err
    if source != to and game.write_record(again, source) != game.write_record(record, source):
        raise _unrepresentable(to, None)
    return written


def read_strictly(game: Game, text: str, form: Form) -> GameRecord:
    """A record's text in ``form``, read as ``validate`` reads it without ``--lenient``;
    raise ``InputError`` (or ``ValueError`` for JSON that does not decode)."""
    if form == "json":
        return game.read_json_record(strict_json.loads(text), lenient=False)
    return game.read_text_record(text, lenient=False)


_FORMS = {"json": ("the JSON form", "JSON の形"), "text": ("the text notation", "テキスト表記")}


def _unrepresentable(to: Form, detail: str | None) -> InputError:
    en, ja = _FORMS[to]
    why_en = f": written so, it would read as '{detail}'" if detail else ""
    why_ja = f"(そう書くと「{detail}」と読まれます)" if detail else ""
    return InputError(
        "unrepresentable_record",
        f"{en} cannot hold this record as it is (a value it cannot spell, or one it would"
        f" read differently){why_en}; judge it with 'adjudicator validate' and correct it"
        " in its own form",
        ja=f"この記録は{ja}では書き表せません(書けない値、または別の意味に読まれる値があります)"
        f"{why_ja}。'adjudicator validate' で判定し、元の形のまま直してください",
    )

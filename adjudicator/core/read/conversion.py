"""Converting a record between its JSON form and its text notation without loss.

``convert`` promises that nothing is lost, so a conversion is only handed out once the
converted record has been read back and found to be the record it came from: a value one
form holds that the other cannot spell (an empty colour in a JSON draft, a negative die, a
move that is not a move) is refused with the reason, never written as a file that would
then be unreadable or say another game.

"The record it came from" is the record as the rules see it (:meth:`Game.canonical_data`),
not its spelling: a Dark Nebula event that leaves its turn out is the turn its place gives,
which the text notation writes in its stamp, and the two are one record.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.protocol.requests import location
from adjudicator.core.read import strict_json
from adjudicator.core.read.records import GameRecord

Form = Literal["json", "text"]


def convert_record(game: Game, record: GameRecord, source: Form, to: Form) -> str:
    """``record`` (read from its ``source`` form) written in form ``to``, checked to read
    back strictly as the same record to the rules; raise ``InputError``
    (``unrepresentable_record``) naming what does not."""
    written = game.write_record(record, to)
    try:
        again = read_strictly(game, written, to)
    except (InputError, ValueError) as err:
        raise _unreadable_back(to, err) from err
    if source != to:
        changed = first_difference(game.canonical_data(record), game.canonical_data(again))
        if changed is not None:
            raise _changed(to, changed)
    return written


def check_no_comments(text: str, source: Form, to: Form) -> None:
    """Raise ``InputError`` (``unrepresentable_record``) when the text record ``text`` has
    comment lines (``#``, docs/records.md): the records read hold no comments, so a
    conversion would drop them, and ``convert`` loses nothing. The lines are named so that
    they can be removed, or the record kept in its text form."""
    if source != "text":
        return
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.strip().startswith("#")]
    if not lines:
        return
    en, ja = _FORMS[to]
    shown = ", ".join(str(n) for n in lines[:5]) + (", …" if len(lines) > 5 else "")
    word = "line" if len(lines) == 1 else "lines"
    raise InputError(
        "unrepresentable_record",
        f"the record has comment lines ('#': {word} {shown}) that {en} cannot hold: converting "
        "it would lose them; remove them, or keep the record in its text notation",
        ja=f"記録にコメント行(「#」、{shown} 行目)があり、{ja}では書き表せません。変換すると"
        "失われます。コメント行を削除するか、テキスト表記のまま使ってください",
        field=f"line {lines[0]}",
    )


def read_strictly(game: Game, text: str, form: Form) -> GameRecord:
    """A record's text in ``form``, read as ``validate`` reads it without ``--lenient``;
    raise ``InputError`` (or ``ValueError`` for JSON that does not decode)."""
    if form == "json":
        return game.read_json_record(strict_json.loads(text), lenient=False)
    return game.read_text_record(text, lenient=False)


class _Absent:
    """A value one side of a comparison does not have at all."""

    def __repr__(self) -> str:
        return "ABSENT"


#: What :class:`Difference` holds for a key or item one side does not have.
ABSENT: Any = _Absent()


class Difference(NamedTuple):
    """The first value two records' data disagree on: where (``events[3].turn``), and
    what each has there (:data:`ABSENT` for nothing)."""

    path: str
    before: Any
    after: Any


def first_difference(before: Any, after: Any) -> Difference | None:
    """The first place, in the order ``before`` lists its keys and items, where two JSON
    values disagree; ``None`` when they are equal. ``true`` is not ``1``, nor ``1`` the
    string ``"1"``: a value's JSON type is part of it, as it is of its JSON text, which
    tells the common answer (equal) at once."""
    if strict_json.dumps(before, sort_keys=True) == strict_json.dumps(after, sort_keys=True):
        return None
    return _first_difference(before, after, ())


def _first_difference(before: Any, after: Any, at: tuple[int | str, ...]) -> Difference | None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            here = (*at, key)
            if key not in before or key not in after:
                return Difference(location(here), before.get(key, ABSENT), after.get(key, ABSENT))
            found = _first_difference(before[key], after[key], here)
            if found is not None:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list):
        for index in range(max(len(before), len(after))):
            here = (*at, index)
            if index >= len(before) or index >= len(after):
                one = before[index] if index < len(before) else ABSENT
                other = after[index] if index < len(after) else ABSENT
                return Difference(location(here), one, other)
            found = _first_difference(before[index], after[index], here)
            if found is not None:
                return found
        return None
    if type(before) is type(after) and before == after:
        return None
    return Difference(location(at), before, after)


_FORMS = {"json": ("the JSON form", "JSON の形"), "text": ("the text notation", "テキスト表記")}
_ADVICE = (
    "judge it with 'adjudicator validate' and correct it in its own form",
    "'adjudicator validate' で判定し、元の形のまま直してください",
)
#: How long a value is shown before it is cut with an ellipsis.
_SHOWN = 80


def _shown(value: Any, nothing: str) -> str:
    """A value as JSON writes it, cut when long; ``nothing`` for :data:`ABSENT`."""
    if value is ABSENT:
        return nothing
    text = strict_json.dumps(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _changed(to: Form, changed: Difference) -> InputError:
    """The refusal of a conversion that reads back as another record, naming the first
    value that differs and both of its values."""
    en, ja = _FORMS[to]
    path = changed.path or "the record"
    path_ja = changed.path or "記録全体"
    has, back = _shown(changed.before, "nothing"), _shown(changed.after, "nothing")
    has_ja, back_ja = _shown(changed.before, "(なし)"), _shown(changed.after, "(なし)")
    return InputError(
        "unrepresentable_record",
        f"{en} cannot hold this record as it is: at {path} the record has {has}, but"
        f" written in {en} it would read back {back}; {_ADVICE[0]}",
        ja=f"この記録は{ja}では書き表せません。{path_ja} は記録では {has_ja} ですが、"
        f"{ja}に書いて読み直すと {back_ja} になります。{_ADVICE[1]}",
    )


def _unreadable_back(to: Form, err: InputError | ValueError) -> InputError:
    """The refusal of a conversion whose output would not read at all, with the reason it
    would not (which names the line or value)."""
    en, ja = _FORMS[to]
    if isinstance(err, InputError):
        detail, detail_ja = err.describe("en"), err.describe("ja")
    else:
        detail = detail_ja = str(err)
    return InputError(
        "unrepresentable_record",
        f"{en} cannot hold this record as it is: written in {en} it would not read back"
        f" ({detail}); {_ADVICE[0]}",
        ja=f"この記録は{ja}では書き表せません。{ja}に書くと読み直せません({detail_ja})。"
        f"{_ADVICE[1]}",
    )

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

from adjudicator.core.errors import InputError, at_line
from adjudicator.core.game import Game
from adjudicator.core.i18n import in_both, said
from adjudicator.core.protocol.requests import location
from adjudicator.core.read import strict_json
from adjudicator.core.read.lines import lines
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
    comments = [n for n, line in enumerate(lines(text), 1) if line.strip().startswith("#")]
    if not comments:
        return
    shown = ", ".join(str(n) for n in comments[:5]) + (", …" if len(comments) > 5 else "")
    key = "core.convert.comment" if len(comments) == 1 else "core.convert.comments"
    raise InputError(
        "unrepresentable_record",
        said(key, shown=shown, form=said(_FORMS[to])),
        field=at_line(comments[0]),
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


#: Each form a record is converted to, by its id in the catalogue.
_FORMS = {"json": "core.convert.form_json", "text": "core.convert.form_text"}
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
    nothing = said("core.convert.nothing")
    path = changed.path or said("core.convert.whole_record")
    has, back = _shown(changed.before, nothing), _shown(changed.after, nothing)
    form = said(_FORMS[to])
    return InputError(
        "unrepresentable_record",
        said("core.convert.changed", form=form, path=path, has=has, back=back),
    )


def _unreadable_back(to: Form, err: InputError | ValueError) -> InputError:
    """The refusal of a conversion whose output would not read at all, with the reason it
    would not (which names the line or value)."""
    detail = in_both(err.describe) if isinstance(err, InputError) else str(err)
    return InputError(
        "unrepresentable_record",
        said("core.convert.unreadable_back", form=said(_FORMS[to]), detail=detail),
    )

"""What the core needs of a game's records: each event as written (:class:`Event`), the
record as the core sees it (:class:`GameRecord`: the game's own parsed record, its events,
the claimed result), the claimed result's shape every game keeps, and the record's JSON read
into the game's model, strictly or leniently (:func:`load_model`).

A game turns its file formats into a :class:`GameRecord`; the core replays it through the
game's :class:`~adjudicator.core.judge.replay.Replay` and judges it in
:mod:`adjudicator.core.judge.validation`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from adjudicator.core.errors import InputError, RecordRule
from adjudicator.core.i18n import said
from adjudicator.core.judge.verdict import ClaimedResult, Note
from adjudicator.core.protocol.requests import data_path, location, validation_error

#: Reasons decided outside the play itself; allowed only while the rules leave it undecided.
ENDINGS_OUTSIDE_PLAY = ("resignation", "forfeit")


class Event(NamedTuple):
    """One event as written in a record, with the illegal attempts taken back before it
    (a named tuple: a record of a hundred actions makes a hundred). ``read`` is the event
    as the game already read it, when its record holds events as data (JSON): the replay
    plays that, so that nothing is read twice, and ``written`` is only shown."""

    written: str
    attempts: tuple[str, ...] = ()
    read: Any = None

    @property
    def played(self) -> Any:
        """What a replay's ``attempt`` is given: the event as read, else its line."""
        return self.written if self.read is None else self.read


@dataclass
class GameRecord:
    """A record as the core sees it; ``model`` is the game's own parsed record."""

    game: str
    game_id: str | None
    model: Any
    events: Sequence[Event]
    claimed: ClaimedResult
    warnings: list[Note] = field(default_factory=list)
    #: Where the sheet's own numbering disagrees with the events read (a number skipped,
    #: repeated or come early): the indices of the events written after each such place.
    #: Only a record read as a score sheet for repair has any (:meth:`Repairable.read_sheet`);
    #: a repair takes them as evidence of where a line was left out.
    gaps: tuple[int, ...] = ()
    #: Why the notation refused the text, for a record read as a score sheet only because
    #: it did: a sheet valid once read so had only its numbering wrong, which no repair of
    #: its events corrects, and is refused as the notation refused it.
    refused: InputError | None = None


class ClaimedResultModel(BaseModel):
    """A record's claimed result, as games write it: winner and reason together (or both
    null while unfinished); ``resigned`` set exactly for a resignation, and never the
    winner. A game narrows the fields to its sides and reasons."""

    model_config = ConfigDict(extra="forbid")

    winner: str | None = None
    reason: str | None = None
    resigned: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ClaimedResultModel:
        result_rules(self.winner, self.reason, self.resigned)
        return self


def result_rules(winner: str | None, reason: str | None, resigned: str | None) -> None:
    """The rules every game's claimed result keeps, each broken one a :class:`RecordRule`
    naming the fields as the person wrote them."""
    if winner is not None and reason is None:
        raise RecordRule("core.record_rule.winner_without_reason")
    if winner is None and reason is not None:
        raise RecordRule("core.record_rule.reason_without_winner", given=reason)
    if (reason == "resignation") != (resigned is not None):
        raise RecordRule("core.record_rule.resigned_with_resignation")
    if resigned is not None and resigned == winner:
        raise RecordRule("core.record_rule.resigned_won", side=resigned)


# --- reading with pydantic, strict or lenient ------------------------------------------------

M = TypeVar("M", bound=BaseModel)


def exact_int(value: Any) -> Any:
    """A whole-number field's value as a record's JSON gives it: an integer, never the
    string, boolean or float pydantic's lax mode reads as one (``"3"``, ``true``, ``3.0``),
    for a field whose type cannot be made strict itself (a ``Literal`` of numbers; the
    others are ``StrictInt``)."""
    if type(value) is not int:
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


def _drop(data: Any, loc: tuple[int | str, ...]) -> None:
    path = data_path(data, loc)
    for part in path[:-1]:
        data = data[part]
    del data[path[-1]]


def load_model(
    model: type[M], data: Any, *, lenient: bool, names: Callable[[str], str] | None = None
) -> tuple[M, list[Note]]:
    """Validate ``data``; unknown fields are errors, or in lenient mode warnings (and the
    fields are dropped). Other problems raise :class:`InputError` naming the field, as
    ``names`` says it when the data was read from a text record (its tag)."""
    notes: list[Note] = []
    while True:
        try:
            return model.model_validate(data), notes
        except ValidationError as exc:
            extras = [e for e in exc.errors() if e["type"] == "extra_forbidden"]
            others = [e for e in exc.errors() if e["type"] != "extra_forbidden"]
            if not extras or not lenient or others:
                if extras and not others:
                    first = extras[0]
                    raise InputError(
                        "unknown_field",
                        said("core.record.unknown_field_ext"),
                        field=(names or str)(location(data_path(data, tuple(first["loc"])))),
                    ) from None
                raise _renamed(exc, data, names) or validation_error(
                    exc, "schema_violation", data, names
                ) from None
            for e in extras:
                where = location(data_path(data, tuple(e["loc"])))
                notes.append(Note.said("unknown_field", where, "core.note.ignored"))
                _drop(data, tuple(e["loc"]))


#: Keys that one game's record writes where another's writes the other: the games name
#: their rules ``ruleset`` (Orbit Dominion) or ``game`` (Dark Nebula, Astro-Stra).
_OTHER_KEY = {"game": "ruleset", "ruleset": "game"}


def _renamed(
    exc: ValidationError, data: Any, names: Callable[[str], str] | None
) -> InputError | None:
    """A required top-level key missing while the record holds the key another game's
    record uses for it: said with the fix (``"game"``, not ``"ruleset"``)."""
    first = exc.errors(include_url=False)[0]
    loc = tuple(first["loc"])
    if names or first["type"] != "missing" or len(loc) != 1 or not isinstance(data, dict):
        return None
    key, other = str(loc[0]), _OTHER_KEY.get(str(loc[0]))
    if other not in data:
        return None
    return InputError(
        "schema_violation",
        said("core.record.rules_key", key=key, other=other),
        field=other,
        suggestion=f'"{key}": {json.dumps(data[other], ensure_ascii=False)}',
    )

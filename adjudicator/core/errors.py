"""Errors about input (never about the rules): they name where the problem is and what was
expected, so that a person can fix the input without reading a traceback — in Japanese or
in English."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from adjudicator.core.i18n import LANGS, Lang, Said, fill, in_both, say, template

if TYPE_CHECKING:  # plies needs pydantic, which a command that fails early never loads
    from adjudicator.core.judge.plies import Counting

#: Every input error code, with the id of what it means in the catalogue: the head of a
#: Japanese message whose detail was written in English only, and what the protocol documents.
INPUT_ERRORS: dict[str, str] = {
    "bad_encoding": "core.error.bad_encoding",
    "bad_executor": "core.error.bad_executor",
    "bad_game_id": "core.error.bad_game_id",
    "bad_interpretation": "core.error.bad_interpretation",
    "bad_json": "core.error.bad_json",
    "bad_notation": "core.error.bad_notation",
    "bad_option": "core.error.bad_option",
    "bad_record": "core.error.bad_record",
    "bad_request": "core.error.bad_request",
    "bad_yaml": "core.error.bad_yaml",
    "base_in_capital": "core.error.base_in_capital",
    "binary_file": "core.error.binary_file",
    "board_mismatch": "core.error.board_mismatch",
    "executor_unreachable": "core.error.executor_unreachable",
    "file_too_large": "core.error.file_too_large",
    "illegal_line": "core.error.illegal_line",
    "illegal_record": "core.error.illegal_record",
    "impossible_history": "core.error.impossible_history",
    "internal_error": "core.error.internal_error",
    "limit_exceeded": "core.error.limit_exceeded",
    "malformed_action": "core.error.malformed_action",
    "malformed_commitment": "core.error.malformed_commitment",
    "malformed_event": "core.error.malformed_event",
    "malformed_position": "core.error.malformed_position",
    "malformed_sector": "core.error.malformed_sector",
    "malformed_record": "core.error.malformed_record",
    "missing_extra": "core.error.missing_extra",
    "no_proof": "core.error.no_proof",
    "not_a_file": "core.error.not_a_file",
    "noncanonical_notation": "core.error.noncanonical_notation",
    "output_is_input": "core.error.output_is_input",
    "request_too_large": "core.error.request_too_large",
    "schema_violation": "core.error.schema_violation",
    "unknown_board": "core.error.unknown_board",
    "unknown_case": "core.error.unknown_case",
    "unknown_command": "core.error.unknown_command",
    "unknown_field": "core.error.unknown_field",
    "unknown_game": "core.error.unknown_game",
    "unknown_interpretation": "core.error.unknown_interpretation",
    "unknown_sector": "core.error.unknown_sector",
    "unreadable_file": "core.error.unreadable_file",
    "unrepresentable_comment": "core.error.unrepresentable_comment",
    "unrepresentable_record": "core.error.unrepresentable_record",
    "unrepresentable_turn": "core.error.unrepresentable_turn",
    "unsafe_path": "core.error.unsafe_path",
    "unsupported": "core.error.unsupported",
    "unsupported_format": "core.error.unsupported_format",
    "unsupported_protocol": "core.error.unsupported_protocol",
    "unsupported_ruleset": "core.error.unsupported_ruleset",
    "unwritable_file": "core.error.unwritable_file",
    "usage": "core.error.usage",
    "weak_nonce": "core.error.weak_nonce",
    "wrong_encoding": "core.error.wrong_encoding",
}


class Place(Said):
    """A locator (``line 4``, ``ply 8``, ``moves[2].line 4``) made from the catalogue's words:
    as a string, the ``field`` a program reads (unchanged: ``ply 8``); :meth:`words` says it
    to a person in each language, in the game's own unit for a ply (Astro-Stra's ply 8 is
    its turn 6, '6ターン目')."""

    en: str

    def __new__(cls, field: str, en: str, ja: str) -> Place:
        made = str.__new__(cls, field)
        made.en = en
        made.ja = ja
        return made

    def words(self, lang: Lang) -> str:
        """The locator as a person reads it in ``lang``."""
        return self.ja if lang == "ja" else self.en

    @classmethod
    def said(cls, key: str, /, **params: object) -> Place:
        """The locator ``key`` of the catalogue, its English also the field."""
        from adjudicator.core.i18n import said

        made = said(key, **params)
        return cls(made, made, made.ja)


@lru_cache(maxsize=4096)
def at_line(line: int) -> Place:
    """Line ``line`` of a text, as a message locates it. A tagged reader locates every
    line it reads, so that its errors and warnings can: the few thousand first lines are
    said once (a place is never changed), not once a line of every record."""
    return Place.said("core.place.line", line=line)


@lru_cache(maxsize=4096)
def at_line_column(line: int, column: int) -> Place:
    """Column ``column`` of line ``line``, as a message locates it (a text record's tags
    are each located so; said once, as :func:`at_line`)."""
    return Place.said("core.place.line_column", line=line, column=column)


def line_col(text: str, offset: int) -> Place:
    """Where ``offset`` stands in ``text``, as a message locates it."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return at_line_column(line, col)


def at_ply(ply: int, counting: Counting | None) -> Place:
    """Ply ``ply`` of a game whose plies are said as ``counting``: ``ply N`` for a program
    (the event's number, as the JSON ``ply``), the game's own words for a person."""
    from adjudicator.core.judge.plies import ply_name

    return Place(f"ply {ply}", ply_name(counting, ply, "en"), ply_name(counting, ply, "ja"))


def within(outer: str, inner: str | None) -> str:
    """The locator ``inner`` inside ``outer`` (``moves[2].line 4``): a :class:`Place` when
    either is one, so that a person still reads it in words."""
    if not inner:
        return outer
    if not isinstance(outer, Place) and not isinstance(inner, Place):
        return f"{outer}.{inner}"
    en, ja = (
        say("core.place.within", lang, outer=place(outer, lang), inner=place(inner, lang))
        for lang in LANGS
    )
    return Place(f"{outer}.{inner}", en, ja)


def place(text: str, lang: Lang) -> str:
    """A locator (``line 4``, ``ply 3``, ``moves[2]``) in words of ``lang``: a
    :class:`Place` says itself; a plain name (``moves[2]``, ``[Result]``) is the same in
    both languages."""
    return text.words(lang) if isinstance(text, Place) else text


_Error = TypeVar("_Error", bound="InputError")


class InputError(ValueError):
    """Input that cannot be read: a malformed position, action, request or file.

    ``code`` is stable and machine-readable (every code is in :data:`INPUT_ERRORS`);
    ``field`` locates the problem inside the input (``"position"``, ``"moves[3]"``,
    ``"line 4"``); ``expected`` says what would have been accepted; ``suggestion`` is the
    canonical spelling when one can be inferred. ``ja`` and ``expected_ja`` say the same in
    Japanese; a ``message`` or ``expected`` from the catalogue (a :class:`Said`, made by
    :func:`~adjudicator.core.i18n.said`) carries its own. Without either, a Japanese message
    heads the English detail with what the code means. A ``field`` that is a :class:`Place`
    (a line, a column, a ply, made where the place is known) is said in each language's
    words; any other is a name, the same in both. ``source`` names the file the
    input came from, when the caller that read it says so (:meth:`in_file`): a message to a
    person names it first.
    """

    source: str | None = None

    def __init__(
        self,
        code: str,
        message: str,
        *,
        ja: str | None = None,
        field: str | None = None,
        expected: str | None = None,
        expected_ja: str | None = None,
        suggestion: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ja = message.ja if ja is None and isinstance(message, Said) else ja
        self.field = field
        self.expected = expected
        if expected_ja is None and isinstance(expected, Said):
            expected_ja = expected.ja
        self.expected_ja = expected_ja
        self.suggestion = suggestion

    def at(self, field: str) -> InputError:
        """The same error located inside a larger input (``moves[2]`` of a request)."""
        return self.moved(within(field, self.field))

    def at_ply(self, ply: int, counting: Counting | None) -> InputError:
        """The same error located at ply ``ply`` of a game whose plies are said as
        ``counting`` (its ``rules.yaml``): ``field`` stays ``ply N`` for a program (the
        event's number, as the JSON ``ply``), a person reads the game's own words."""
        return self.at(at_ply(ply, counting))

    def moved(self, field: str | None) -> InputError:
        """The same error located elsewhere: at the tag that wrote the value, or nowhere
        when the message goes inside another that locates it."""
        return self.like(InputError, field)

    def like(self, kind: type[_Error], field: str | None) -> _Error:
        """The same error as a ``kind`` of input error, located at ``field``: every word of
        it, in both languages, kept."""
        made = kind.__new__(kind)
        ValueError.__init__(made, self.message)
        made.__dict__.update(self.__dict__)
        made.field = field
        return made

    def reworded(self, message: str) -> InputError:
        """The same error (its code, place and expectation) said as ``message``, a
        :class:`Said` of the catalogue."""
        made = self.like(InputError, self.field)
        ValueError.__init__(made, message)
        made.message = message
        made.ja = message.ja if isinstance(message, Said) else None
        return made

    def in_file(self, source: str) -> InputError:
        """This error, said of the file ``source`` (the shell names it before the message)."""
        self.source = source
        return self

    def text(self, lang: Lang) -> str:
        """The message alone, in ``lang``."""
        if lang == "en":
            return self.message
        if self.ja is not None:
            return self.ja
        head = INPUT_ERRORS.get(self.code)
        return f"{say(head, lang)}({self.message})" if head else self.message

    def describe(self, lang: Lang = "en") -> str:
        """One line for a person: where, what, and what was expected."""
        message = self.text(lang)
        parts = [f"{place(self.field, lang)}: {message}" if self.field else message]
        expected = self.expected_ja if lang == "ja" and self.expected_ja else self.expected
        if expected:
            parts.append(say("core.input.expected", lang, what=expected))
        if self.suggestion:
            parts.append(say("core.input.suggest", lang, what=self.suggestion))
        return "; ".join(parts)

    def to_json(self) -> dict[str, str]:
        data = {"code": self.code, "message": self.describe()}
        if self.field:
            data["field"] = self.field
        if self.suggestion:
            data["suggestion"] = self.suggestion
        return data


#: How a record's field is called when no reader says otherwise: its JSON key, quoted.
def json_key(path: str) -> str:
    """``result.reason`` → ``"reason"``: the key as the person wrote it in JSON."""
    return '"' + path.rpartition(".")[2].split("[")[0] + '"'


class RecordRule(ValueError):
    """A rule of a record's own shape (not of the game) broken, raised by a model's
    validator: a message of the catalogue over the fields it names, so that the reader can
    say each field the way the person wrote it (a JSON key, or a text record's tag).

    ``key`` is the message's id; its parameters not given in ``values`` are the model's
    field names (``{reason}``), filled by :meth:`text` with what ``names`` calls the field
    at ``base`` (the model's place in the record).
    """

    def __init__(self, key: str, /, **values: str) -> None:
        super().__init__(fill(template(key, "en"), _Keys(values), "en"))
        self.key = key
        self.values = values

    def text(self, lang: Lang, base: str = "", names: Callable[[str], str] = json_key) -> str:
        """The rule in ``lang``, each field it names said by ``names``."""
        return fill(template(self.key, lang), _Named(self.values, base, names), lang)

    def said(self, base: str = "", names: Callable[[str], str] = json_key) -> Said:
        """The rule in both languages, each field it names said by ``names``."""
        return in_both(lambda lang: self.text(lang, base, names))


class _Keys(dict[str, str]):
    """Placeholders not given as values are field names, said as JSON keys."""

    def __missing__(self, key: str) -> str:
        return json_key(key)


class _Named(dict[str, str]):
    def __init__(self, values: dict[str, str], base: str, names: Callable[[str], str]) -> None:
        super().__init__(values)
        self.base = base
        self.names = names

    def __missing__(self, key: str) -> str:
        return self.names(f"{self.base}.{key}" if self.base else key)

"""Numbers written in text, read in one place: ASCII digits only, and never too many.

Every parser of the package reads a number from its input through this module (a test
holds them to it). Python's own readers take more than a record means: ``\\d``,
``str.isdigit()`` and ``int()`` accept Arabic-Indic (``٣``), full-width (``３``) and, for
``isdigit``, superscript (``³``) digits, ``int()`` and ``float()`` take ``1_000``, and
``float()`` takes ``inf``, ``nan`` and ``1e999``; ``int()`` of more than 4,300 digits
raises an error of its own. What is read here:

- an integer is ``[0-9]+`` (with a sign only where the field is signed), at most
  :data:`MAX_DIGITS` digits;
- a decimal is ``[0-9]+`` or ``[0-9]+.[0-9]+``, no sign, exponent, ``inf`` or ``nan``, at
  most :data:`MAX_DECIMAL_CHARS` characters and finite: every finite float ``≥ 0`` is
  written so (:func:`decimal_text`), so a decimal read and written again is the same text.

A number written with other digits is the documented alternative spelling
(``noncanonical_notation``, the ASCII spelling suggested): full-width digits, a Japanese
typing habit, are read with ``--lenient`` and reported; any other digits are refused in
both modes, with the ASCII spelling suggested.
"""

from __future__ import annotations

import math
import re
import unicodedata
from decimal import Decimal
from typing import TYPE_CHECKING

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said

if TYPE_CHECKING:  # the verdict's models load pydantic, which perft and positions never need
    from adjudicator.core.judge.verdict import Note

#: The most digits an integer in a record may have: far more than any count, ply, die or
#: point needs, and far fewer than Python's int-string limit (4,300).
MAX_DIGITS = 18
#: The most characters a decimal may have: the longest spelling of a finite float
#: (:func:`decimal_text` of the largest double is 309 digits, of the smallest 326).
MAX_DECIMAL_CHARS = 400

_INT = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")
#: The full-width digits ０–９: the only other digits ``--lenient`` reads.
_FULL_WIDTH = frozenset(chr(0xFF10 + n) for n in range(10))


class NumberError(ValueError):
    """Text that is not a number as a record writes one: ``message`` says why (a message of
    the catalogue, in both languages), and ``canonical`` is its spelling in ASCII digits,
    when it is a number in other digits."""

    def __init__(self, message: Said, canonical: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.canonical = canonical


def _other_digit(ch: str) -> str | None:
    """The ASCII digit a non-ASCII digit stands for (``３``, ``٣``, ``³``), else ``None``."""
    if ch.isascii():
        return None
    value = unicodedata.digit(ch, None)
    return None if value is None else str(value)


def ascii_spelling(text: str) -> str:
    """``text`` with every non-ASCII digit written as its ASCII digit; ``text`` itself when
    it holds none (the usual case, checked at C speed first)."""
    if text.isascii():
        return text
    return "".join(_other_digit(ch) or ch for ch in text)


def only_full_width(text: str) -> bool:
    """Whether every non-ASCII digit of ``text`` is a full-width one (read with
    ``--lenient``)."""
    return all(ch in _FULL_WIDTH for ch in text if _other_digit(ch) is not None)


def _named(what: str | None) -> str:
    """The number's name: "number" when none is given, else ``what``, said from the
    catalogue (a :class:`Said`) or the same in both languages (an option, a tag)."""
    return said("core.number.word") if what is None else what


def _refuse(text: str, what: str, shape: str) -> NumberError:
    canonical = ascii_spelling(text)
    if canonical != text and _SIGNED.fullmatch(canonical.replace(".", "", 1)):
        return NumberError(said("core.number.not_ascii", what=what, text=text), canonical)
    return NumberError(said("core.number.not_shape", what=what, text=text, shape=said(shape)))


def read_int(
    text: str,
    *,
    what: str | None = None,
    signed: bool = False,
    max_digits: int = MAX_DIGITS,
) -> int:
    """The integer ``text`` spells: ASCII digits, a sign only when ``signed``, at most
    ``max_digits`` digits. Raises :class:`NumberError`."""
    if not (_SIGNED if signed else _INT).fullmatch(text):
        shape = "core.number.signed" if signed else "core.number.whole"
        raise _refuse(text, _named(what), shape)
    digits = len(text) - (text[0] in "+-")
    if digits > max_digits:
        named = _named(what)
        raise NumberError(
            said("core.number.too_many_digits", what=named, digits=digits, max_digits=max_digits)
        )
    return int(text)


def read_decimal(text: str, *, what: str | None = None) -> float:
    """The number ``text`` spells in decimal (``880``, ``880.5``): no sign, exponent,
    ``inf`` or ``nan``, at most :data:`MAX_DECIMAL_CHARS` characters, finite. Raises
    :class:`NumberError`."""
    if not _DECIMAL.fullmatch(text):
        raise _refuse(text, _named(what), "core.number.decimal")
    if len(text) > MAX_DECIMAL_CHARS:
        named = _named(what)
        raise NumberError(
            said("core.number.too_long", what=named, length=len(text), max_chars=MAX_DECIMAL_CHARS)
        )
    value = float(text)
    if not math.isfinite(value):
        raise NumberError(said("core.number.too_large", what=_named(what), text=text))
    return value


def decimal_text(value: float) -> str:
    """A finite float ``≥ 0`` as :func:`read_decimal` reads it back to the same float: its
    shortest digits, written without an exponent (``5e-05`` is ``0.00005``)."""
    return format(Decimal(repr(float(value))), "f")


def ascii_line(line: str, where: str, *, lenient: bool, notes: list[Note]) -> str:
    """A line of a text record with its digits in ASCII. Other digits are the alternative
    spelling: refused with the line in ASCII digits suggested, or with ``lenient``, when
    they are full-width, read as it and reported in ``notes``."""
    canonical = ascii_spelling(line)
    if canonical == line:
        return line
    if lenient and only_full_width(line):
        from adjudicator.core.judge.verdict import Note

        notes.append(Note.said("normalized", where, "core.note.read_as", written=canonical))
        return canonical
    raise other_digits(line, canonical, where, lenient=lenient)


#: What a strict reader expects where full-width digits were written.
_OR_LENIENT = "core.number.ascii_digits_or_lenient"


def other_digits(text: str, canonical: str, where: str | None, *, lenient: bool) -> InputError:
    """The refusal of ``text`` written with digits other than ASCII ones; it mentions
    ``--lenient`` only when that would read them (full-width digits, strictly read)."""
    offer = not lenient and only_full_width(text)
    return InputError(
        "noncanonical_notation",
        said("core.number.other_digits", text=text),
        field=where,
        expected=said(_OR_LENIENT if offer else "core.number.ascii_digits"),
        suggestion=canonical,
    )


def require_ascii_digits(text: str, where: str | None = None) -> None:
    """Refuse ``text`` if it writes a digit other than an ASCII one (strictly: a parser
    reached by a line that no lenient reading has normalised)."""
    canonical = ascii_spelling(text)
    if canonical != text:
        raise other_digits(text, canonical, where, lenient=False)

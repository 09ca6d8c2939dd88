"""The text notation of records, for people and paper score sheets (PGN-like).

```
[Event "Autumn Cup"]
[Date "2026-11-20"]
[Red "Sato"]
[Blue "Suzuki"]
[Ruleset "orbit-dominion/4.2"]
[Result "1-0"]
[Reason "pincer"]

1. I11-I10 O+ 2. O0-O1 {a comment} {[%clock 1790.5] [%attempt O0-I0]} M- 1-0
```

Lines starting with ``#`` among the tags are comments (a record skeleton's notes).
Tags carry the record's fields (``[Start …]`` only when not standard, ``[GameId …]``,
``[Ext …]`` as JSON); numbered move pairs (``1... O+`` when blue moves first); comments in
braces, and a brace group of commands for the clock and the attempts taken back; a closing
result token ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``. Conversion to and from the JSON record
loses nothing.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from adjudicator.core.errors import InputError, Place, at_line_column, at_ply, line_col
from adjudicator.core.i18n import Lang, Said, in_both, said, say
from adjudicator.core.judge.verdict import Note
from adjudicator.core.read import strict_json
from adjudicator.core.read.numbers import (
    NumberError,
    ascii_spelling,
    decimal_text,
    only_full_width,
    other_digits,
    read_decimal,
    read_int,
)
from adjudicator.core.read.records import load_model
from adjudicator.core.read.strict_json import json_problem
from adjudicator.core.read.tagged_text import (
    TAG_LINE,
    Reading,
    Tag,
    TagSpec,
    header_tags,
    store,
    tag_names,
    unescape,
    write_tags,
)
from adjudicator.orbit_dominion.board import BLUE
from adjudicator.orbit_dominion.identity import FORMAT
from adjudicator.orbit_dominion.position import start_position
from adjudicator.orbit_dominion.record import Record

RESULT_TOKENS = {"1-0": "red", "0-1": "blue", "1/2-1/2": "draw", "*": None}
TOKEN_OF = {winner: token for token, winner in RESULT_TOKENS.items()}

_TOKEN = re.compile(
    r"\s*(?:(?P<comment>\{[^}]*\})|(?P<number>[0-9]+\.(?:\.\.)?)"
    # a word; the rulebook's arrows may stand between spaces (I11 → I10), kept as written
    r"|(?P<word>[^\s{}→⇄]+[ \t]*[→⇄][ \t]*[^\s{}→⇄]+|[^\s{}]+))"
)
_COMMAND = re.compile(r"\[%(?P<name>clock|attempt)\s+(?P<arg>[^\]\s]+)\]")


_SPACE = re.compile(r"\s*")


class _Lines:
    """``line N, column M`` of increasing offsets, counted incrementally so that many
    notes cost time linear in the text, not quadratic."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1
        self.line_start = 0

    def at(self, offset: int) -> Place:
        if offset < self.offset:
            return line_col(self.text, offset)
        newlines = self.text.count("\n", self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, offset) + 1
        self.offset = offset
        return at_line_column(self.line, offset - self.line_start + 1)


#: The result tokens, as expected after a text record's moves (by their id).
RESULTS = "orbit_dominion.text.results"


def _error(text: str, offset: int, message: Said, expected: Said | None = None) -> InputError:
    """A notation error at ``offset``; ``expected`` what was, said in both languages or as
    the notation writes it."""
    return InputError("bad_notation", message, field=line_col(text, offset), expected=expected)


def _result_token(tag: Tag, _: Reading) -> str:
    if tag.value not in RESULT_TOKENS:
        raise _error_at(
            tag.where, said("orbit_dominion.text.bad_result", value=tag.value), said(RESULTS)
        )
    return tag.value


def _ext(tag: Tag, reading: Reading) -> Any:
    """``[Ext]``: the record's extensions, as strict JSON unless read leniently."""
    try:
        return strict_json.loads(tag.value, strict=not reading.lenient)
    except json.JSONDecodeError as exc:
        why = json_problem(exc.msg)
        raise _error_at(tag.where, said("orbit_dominion.text.ext_not_json", why=why)) from None
    except InputError as err:
        why = in_both(err.text)
        raise _error_at(tag.where, said("orbit_dominion.text.ext_not_strict", why=why)) from None


def _ext_shown(record: Record) -> list[str]:
    data = record.dump()
    return [json.dumps(data["ext"], ensure_ascii=False, sort_keys=True)] if "ext" in data else []


#: The tags of a record, in the order it writes them. ``[Result]`` is the claimed result
#: token, checked against the one closing the movetext.
TAGS: dict[str, TagSpec] = {
    **header_tags(("Red", "Blue")),
    "Ruleset": TagSpec("Ruleset", "ruleset", required=True),
    "GameId": TagSpec("GameId", "game_id"),
    "Start": TagSpec("Start", "start", show=lambda r: [] if r.start == "standard" else [r.start]),
    "Result": TagSpec(
        "Result", "result.claimed", parse=_result_token, show=lambda r: [TOKEN_OF[r.result.winner]]
    ),
    "Reason": TagSpec("Reason", "result.reason"),
    "Ext": TagSpec("Ext", "ext", parse=_ext, show=_ext_shown),
}


def _listed_tags(lang: Lang) -> str:
    """The tags a record may write, listed in ``lang``."""
    return say("orbit_dominion.text.and", lang).join(TAGS)


def _as_written(notation: str) -> Said:
    """What the notation writes, the same in both languages (a move number, a tag)."""
    return said("orbit_dominion.text.as_written", notation=notation)


def _error_at(where: str, message: Said, expected: Said | None = None) -> InputError:
    """A notation error at ``where`` (``line 2, column 1``)."""
    return InputError("bad_notation", message, field=where, expected=expected)


def _header(text: str, reading: Reading, where: _Lines) -> tuple[dict[str, Any], int]:
    """The record's fields its tags give, and where its movetext starts. Unknown tags are
    errors, or warnings in lenient mode."""
    fields: dict[str, Any] = {"format": FORMAT, "meta": {}}
    pos = 0
    seen: set[str] = set()
    while True:
        spaces = _SPACE.match(text, pos)
        assert spaces is not None, "_SPACE matches the empty string"
        stripped = spaces.end()
        if text.startswith("#", stripped):  # a comment line among the tags
            end_of_line = text.find("\n", stripped)
            pos = len(text) if end_of_line < 0 else end_of_line
            continue
        if not text.startswith("[", stripped):
            return fields, stripped
        m = TAG_LINE.match(text, stripped)
        end_of_line = text.find("\n", stripped)
        end_of_line = len(text) if end_of_line < 0 else end_of_line
        if not m or text[m.end() : end_of_line].strip():
            raise _error(
                text,
                stripped,
                said("orbit_dominion.text.malformed_tag"),
                said("orbit_dominion.text.a_tag"),
            )
        name, at = m["name"], where.at(stripped)
        pos = m.end()
        if name in seen:
            raise _error_at(at, said("core.tagged.twice", name=name))
        seen.add(name)
        if name in TAGS:
            store(TAGS[name], Tag(name, unescape(m["value"]), at), fields, reading)
        elif not reading.lenient:
            raise _error_at(
                at,
                said("orbit_dominion.text.unknown_tag", name=name),
                said("orbit_dominion.text.one_of_tags", tags=in_both(_listed_tags)),
            )
        else:
            reading.notes.append(Note.said("unknown_tag", at, "core.note.tag_ignored", tag=name))


def parse(text: str, *, lenient: bool = False) -> tuple[Record, list[Note]]:
    """Read a text record: its tags (:func:`_header`), then its movetext."""
    return _parse(text, lenient, None)


def parse_sheet(text: str) -> tuple[Record, list[Note], tuple[int, ...]]:
    """Read a score sheet to repair: as :func:`parse` reads it strictly, but its move
    numbers read as evidence, not refused: where a number is skipped, or the line before
    it holds fewer moves than a pair, the index of the next move is kept (a line or a
    move left out there; a number repeated is read on, left to the search's edits)."""
    gaps: list[int] = []
    record, notes = _parse(text, False, gaps)
    return record, notes, tuple(gaps)


def _parse(text: str, lenient: bool, gaps: list[int] | None) -> tuple[Record, list[Note]]:
    notes: list[Note] = []
    where = _Lines(text)
    fields, pos = _header(text, Reading(lenient, notes), where)
    if "ruleset" not in fields:
        raise _error(
            text,
            0,
            said("orbit_dominion.text.missing_ruleset"),
            _as_written('[Ruleset "orbit-dominion/4.2"]'),
        )
    read = _Read(text, lenient, notes, where)
    moves, closing = _movetext(read, pos, fields.get("start", "standard"), gaps)
    result = fields.pop("result", {})
    claimed_token, reason = result.get("claimed"), result.get("reason")
    if claimed_token is not None and claimed_token != closing:
        raise _error(
            text,
            pos,
            said("orbit_dominion.text.result_mismatch", claimed=claimed_token, closing=closing),
        )
    winner = RESULT_TOKENS[closing]
    resigned = None
    if reason == "resignation" and winner in ("red", "blue"):
        resigned = "blue" if winner == "red" else "red"
    fields["moves"] = moves
    fields["result"] = {"winner": winner, "reason": reason, "resigned": resigned}
    record, more = load_model(Record, fields, lenient=lenient, names=tag_of)
    return record, notes + more


#: A record's field → the tag that writes it, for messages about a text record.
_TAG_OF = {
    **tag_names(TAGS),
    "result": "[Result]",
    "result.winner": "[Result]",
    "result.reason": "[Reason]",
    "result.resigned": '[Reason "resignation"]',
}
_MOVE = re.compile(r"moves\[([0-9]+)\]")


def tag_of(path: str) -> str:
    """How a text record writes the field at ``path``: its tag (``[Reason]``), or the ply
    of a move."""
    if m := _MOVE.match(path):
        return at_ply(read_int(m[1]) + 1, None)
    while path and path not in _TAG_OF:
        path = path.rpartition(".")[0]
    return _TAG_OF.get(path, path)


class _Read(NamedTuple):
    """The text being read, how, and the notes of what a lenient reading normalised."""

    text: str
    lenient: bool
    notes: list[Note]
    lines: _Lines

    def ascii(self, token: str, canonical: str, at: int) -> str:
        """A number token written in other digits than ASCII ones, refused with its ASCII
        spelling ``canonical`` suggested (``noncanonical_notation``), or with ``lenient``,
        when its digits are full-width, read as it and noted."""
        if self.lenient and only_full_width(token):
            where = self.lines.at(at)
            self.notes.append(
                Note.said("normalized", where, "core.note.read_as", written=canonical)
            )
            return canonical
        raise other_digits(token, canonical, line_col(self.text, at), lenient=self.lenient)


#: A move number as written in ASCII digits (``1.``, ``1...``).
_MOVE_NUMBER = re.compile(r"[0-9]+\.(?:\.\.)?")


def _movetext(
    read: _Read, pos: int, start: str, gaps: list[int] | None = None
) -> tuple[list[str | dict[str, Any]], str]:
    """The moves and the closing result token. Red's moves open numbered pairs (``3.``);
    when blue moves first the first move is numbered ``1...``. With ``gaps`` (a sheet to
    repair) the numbers are evidence: where one disagrees, the index of the next move is
    kept there (:class:`_Numbering`), and the moves are read on."""
    text = read.text
    try:
        blue_first = start_position(start).turn == BLUE
    except InputError as err:
        raise err.moved("[Start]") from None
    moves: list[str | dict[str, Any]] = []
    body = text[pos:]
    i = 0
    numbered = False
    closing: str | None = None
    numbering = _Numbering(blue_first)
    while (m := _TOKEN.match(body, i)) and m.end() > i:
        at = pos + m.start(m.lastgroup or 0)
        i = m.end()
        if closing is not None:
            raise _error(text, at, said("orbit_dominion.text.after_result"))
        n = len(moves)
        opens_pair = (n % 2 == 0) != blue_first or n == 0
        expected = _as_written(
            f"{(n + blue_first) // 2 + 1}{'...' if blue_first and n == 0 else '.'}"
        )
        number = m["number"]
        word = m["word"]
        if word and not word.isascii() and _MOVE_NUMBER.fullmatch(ascii_spelling(word)):
            number = read.ascii(word, ascii_spelling(word), at)  # ``１.``
        if number and gaps is not None:
            if numbering.skips(number, len(moves)):
                gaps.append(len(moves))
            numbered = True
        elif number:
            if not opens_pair or numbered or number != expected:
                wanted = (
                    expected if opens_pair and not numbered else said("orbit_dominion.text.a_move")
                )
                raise _error(
                    text, at, said("orbit_dominion.text.unexpected_number", number=number), wanted
                )
            numbered = True
        elif m["comment"]:
            if not moves:
                raise _error(
                    text,
                    at,
                    said("orbit_dominion.text.comment_first"),
                )
            _annotate(moves, m["comment"][1:-1], read, at)
        elif m["word"] in RESULT_TOKENS:
            closing = m["word"]
        else:
            if opens_pair and not numbered and gaps is None:
                raise _error(
                    text,
                    at,
                    said("orbit_dominion.text.no_number", move=m["word"]),
                    expected,
                )
            moves.append(m["word"])
            numbered = False
    if body[i:].strip():
        raise _error(
            text,
            pos + len(body) - len(body[i:].lstrip()),
            said("orbit_dominion.text.unreadable"),
        )
    if closing is None:
        raise _error(text, len(text), said("orbit_dominion.text.missing_result"), said(RESULTS))
    return moves, closing


class _Numbering:
    """A score sheet's move numbers as written, for a repair: each is expected one more
    than the last, after a pair of moves (after blue's first alone when blue moves
    first)."""

    def __init__(self, blue_first: bool) -> None:
        self.blue_first = blue_first
        self.last = 0
        self.since = 0

    def skips(self, number: str, moves: int) -> bool:
        """Whether ``number``, written before move ``moves`` (0-based), says a move or a
        pair was left out before it: a number skipped, or the line before it short. (A
        number repeated or a line too long says a line written twice or a move on the
        wrong line: the search's edits, priced as any, find those.)"""
        value = read_int(number.rstrip("."))
        on_line = 1 if self.blue_first and self.since == 0 else 2
        short = self.last > 0 and moves - self.since < on_line
        skipped = value > self.last + 1
        self.last, self.since = value, moves
        return short or skipped


def _annotate(moves: list[str | dict[str, Any]], inner: str, read: _Read, at: int) -> None:
    text = read.text
    last = moves[-1]
    move: dict[str, Any] = last if isinstance(last, dict) else {"move": last}
    if inner.startswith("[%"):
        rest = _COMMAND.sub("", inner).strip()
        if rest:
            raise _error(
                text,
                at,
                said("orbit_dominion.text.unknown_command", rest=rest),
                said("orbit_dominion.text.commands"),
            )
        for c in _COMMAND.finditer(inner):
            if c["name"] == "clock":
                move["clock"] = _clock(c["arg"], read, at)
            else:
                move.setdefault("attempts", []).append(c["arg"])
    else:
        if "comment" in move:
            raise _error(text, at, said("orbit_dominion.text.second_comment"))
        move["comment"] = inner
    moves[-1] = move


def _clock(arg: str, read: _Read, at: int) -> float:
    """The seconds of ``[%clock S]``: a decimal as :func:`~adjudicator.core.read.numbers.
    read_decimal` reads it (no ``inf``, exponent or ``_``), so that the JSON record holds
    whatever the text accepts and writes it back the same."""
    try:
        return read_decimal(arg, what=said("orbit_dominion.text.clock"))
    except NumberError as err:
        if err.canonical is not None:
            return read_decimal(read.ascii(arg, err.canonical, at))
        raise _error(read.text, at, err.message, said("orbit_dominion.text.seconds")) from None


def format_record(record: Record) -> str:
    """The text notation of a record."""
    lines = write_tags(TAGS, record)
    blue_first = start_position(record.start).turn == BLUE
    tokens: list[str] = []
    for n, move in enumerate(record.canonical().moves):
        number = (n + blue_first) // 2 + 1
        if (n % 2 == 0) != blue_first:
            tokens.append(f"{number}.")
        elif n == 0:
            tokens.append(f"{number}...")
        if isinstance(move, str):
            tokens.append(move)
            continue
        tokens.append(move.move)
        if move.comment is not None:
            if "}" in move.comment or move.comment.startswith("[%"):
                raise InputError(
                    "unrepresentable_comment",
                    said("orbit_dominion.text.unrepresentable_comment"),
                    field=f"moves[{n}].comment",
                )
            tokens.append("{" + move.comment + "}")
        commands = []
        if move.clock is not None:
            commands.append(f"[%clock {decimal_text(move.clock)}]")
        commands += [f"[%attempt {a}]" for a in move.attempts]
        if commands:
            tokens.append("{" + " ".join(commands) + "}")
    tokens.append(TOKEN_OF[record.result.winner])
    return "\n".join(lines) + "\n\n" + _wrap(tokens) + "\n"


def _wrap(tokens: list[str], width: int = 79) -> str:
    out, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            out.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    out.append(line)
    return "\n".join(out)

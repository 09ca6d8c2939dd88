"""Text records made of tag pairs and event lines, as Dark Nebula and Astro-Stra write them.

::

    [Ruleset "game/version"]
    [Interpretation "id=value"]
    [Result "WINNER REASON"]          (or "*" while unfinished)

    one event per line

Blank lines and lines starting with ``#`` are skipped. The games give the tags their
meaning; this module reads the layout, the result and the interpretation tags they share,
each failure an :class:`InputError` naming the line.

Every game's tags are a table of :class:`TagSpec` (which tags exist, which are required,
which field of the record each one fills and how it is written back), read and written by
:func:`store`, :func:`read_tags` and :func:`write_tags`, so that a tag means the same in
every game: the common header tags (:data:`COMMON_TAGS` and the two players' tags) are in
every game's table (:func:`missing_common`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said, say
from adjudicator.core.read.lines import lines
from adjudicator.core.read.numbers import read_int

if TYPE_CHECKING:
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.judge.verdict import Note

#: A tag pair, as every game writes it: ``[Name "value"]``, the value's ``\\`` and ``"``
#: escaped with a backslash (:func:`escape`), so that any value can be written and read back.
TAG_LINE = re.compile(r'\[(?P<name>[A-Za-z][A-Za-z0-9]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]')
_ESCAPED = re.compile(r"\\(.)")


def unescape(value: str) -> str:
    """A tag value as meant, its escapes undone."""
    return _ESCAPED.sub(r"\1", value) if "\\" in value else value


class Tag(NamedTuple):
    """A tag pair and the line it stood on (``line 3``)."""

    name: str
    value: str
    where: str


def malformed(where: str, why: str, /, **params: object) -> InputError:
    """A line of a tagged record that cannot be read: ``why``, the id of its message in
    the catalogue, with its parameters."""
    return InputError(
        "malformed_record",
        said(why, **params),
        field=where,
        expected=said("core.tagged.expected"),
    )


def read_tagged(text: str) -> tuple[list[Tag], list[tuple[str, str]]]:
    """The tags, and the event lines with where each stood."""
    tags: list[Tag] = []
    events: list[tuple[str, str]] = []
    for number, raw in enumerate(lines(text), 1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith("#"):
            continue
        m = TAG_LINE.fullmatch(line)
        if m:
            tags.append(Tag(m["name"], unescape(m["value"]), where))
        elif line.startswith("["):
            raise malformed(where, "core.tagged.not_a_tag", line=line)
        else:
            events.append((where, line))
    return tags, events


_ITEM = re.compile(r"(\w+)\[([0-9]+)\]")


def names_by(
    tags: dict[str, str], lines: dict[str, list[str]] | None = None
) -> Callable[[str], str]:
    """How a text record writes a field of the record it was read into, for messages: the
    tag of the longest path in ``tags`` that holds it (``result.reason`` → ``[Result]``),
    or the line an item of a list in ``lines`` stood on (``events[3]`` → ``line 9``)."""

    def said(path: str) -> str:
        m = _ITEM.match(path)
        index = read_int(m[2]) if m else 0
        if m and lines and m[1] in lines and index < len(lines[m[1]]):
            return lines[m[1]][index]
        key = path
        while key and key not in tags:
            key = key.rpartition(".")[0]
        return tags.get(key, path)

    return said


class Reading(NamedTuple):
    """How a record is being read: leniently or not, and the notes of what a lenient
    reading normalised."""

    lenient: bool
    notes: list[Note]


def _as_written(tag: Tag, _: Reading) -> Any:
    return tag.value


class TagSpec(NamedTuple):
    """One tag of a game's table: its ``name``, the dotted ``field`` of the record's data it
    fills (``meta.site``), whether a record must have it, how its value is read into the
    field (``parse``) and how the record writes it back (``show``: the tag values, none when
    the tag is left out; by default the field's value, unless ``None``). A tag of ``each``
    may stand many times, each one entry ``(key, value)`` of its field
    (``[Interpretation "id=value"]``)."""

    name: str
    field: str
    required: bool = False
    parse: Callable[[Tag, Reading], Any] = _as_written
    show: Callable[[Any], list[str]] | None = None
    each: bool = False


#: A game's tags, by name, in the order a record writes them.
TagTable = Mapping[str, TagSpec]

#: The header tags every game reads the same (PGN's seven-tag roster, less the result,
#: which each game writes its own way), each into the record's ``meta``.
COMMON_TAGS = ("Event", "Site", "Date", "Round")


def header_tags(players: tuple[str, str]) -> dict[str, TagSpec]:
    """The common header tags and the two players' tags (``Red``, ``Blue``), each filling
    the ``meta`` field of its lower-case name."""
    return {name: TagSpec(name, f"meta.{name.lower()}") for name in (*COMMON_TAGS, *players)}


def missing_common(table: TagTable) -> list[str]:
    """The common header tags a game's table lacks or reads into another field: a record
    written with them in one game must read in every game."""
    return [
        name
        for name in COMMON_TAGS
        if name not in table or table[name].field != f"meta.{name.lower()}"
    ]


def store(spec: TagSpec, tag: Tag, data: dict[str, Any], reading: Reading) -> None:
    """The tag's value, read by its spec, put at its field in the record's data."""
    *sections, key = spec.field.split(".")
    place = data
    for section in sections:
        place = place.setdefault(section, {})
    if spec.each:
        entry, value = spec.parse(tag, reading)
        place.setdefault(key, {})[entry] = value
    else:
        place[key] = spec.parse(tag, reading)


def read_tags(table: TagTable, tags: list[Tag], data: dict[str, Any], reading: Reading) -> None:
    """Every tag of a line-by-line record read into its data; a tag not in the table is
    refused, and so is a tag written twice, unless it stands once per entry (``each``)."""
    seen: set[str] = set()
    for tag in tags:
        spec = table.get(tag.name)
        if spec is None:
            raise malformed(tag.where, "core.tagged.unknown_tag", name=tag.name)
        if tag.name in seen and not spec.each:
            raise malformed(tag.where, "core.tagged.twice", name=tag.name)
        seen.add(tag.name)
        store(spec, tag, data, reading)


def twice(name: str) -> tuple[str, str]:
    """What is said of a tag written a second time (which of the two the record meant is
    not known), in English and Japanese."""
    message = said("core.tagged.twice", name=name)
    return str(message), message.ja


def first_missing(table: TagTable, data: Mapping[str, Any]) -> TagSpec | None:
    """The first required tag, in the table's order, whose field the record lacks."""
    for spec in table.values():
        place: Any = data
        for key in spec.field.split("."):
            place = place.get(key) if isinstance(place, Mapping) else None
        if spec.required and place is None:
            return spec
    return None


def _value_at(record: object, field: str) -> Any:
    for key in field.split("."):
        record = getattr(record, key)
    return record


def write_tags(table: TagTable, record: object) -> list[str]:
    """The tag lines of a record, in the table's order, each value escaped (:func:`escape`)."""
    out = []
    for spec in table.values():
        if spec.show is not None:
            values = spec.show(record)
        else:
            value = _value_at(record, spec.field)
            values = [] if value is None else [str(value)]
        out += [f'[{spec.name} "{escape(v)}"]' for v in values]
    return out


def escape(value: str) -> str:
    """A tag value as written between quotes: its ``\\`` and ``"`` with a backslash
    before them."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_names(table: TagTable) -> dict[str, str]:
    """A record's field → the tag that writes it, for messages about a text record."""
    return {spec.field: f"[{spec.name}]" for spec in table.values()}


def result_from_tag(tag: Tag, sides: tuple[str, str]) -> dict[str, Any]:
    """``*``, or ``WINNER REASON``; a resignation names the other side as the one who
    resigned."""
    if tag.value == "*":
        return {}
    parts = tag.value.split()
    if len(parts) != 2:
        raise malformed(tag.where, "core.tagged.bad_result", value=tag.value)
    winner, reason = parts
    result: dict[str, Any] = {"winner": winner, "reason": reason}
    if reason == "resignation" and winner in sides:
        result["resigned"] = sides[1 - sides.index(winner)]
    return result


def result_spec(sides: tuple[str, str]) -> TagSpec:
    """``[Result "WINNER REASON"]`` (or ``"*"``), the result of a line-by-line record whose
    sides are ``sides``; always written."""

    def shown(record: Any) -> list[str]:
        winner, reason = record.result.winner, record.result.reason
        return [f"{winner} {reason}" if winner else "*"]

    return TagSpec("Result", "result", parse=lambda tag, _: result_from_tag(tag, sides), show=shown)


def interpretation_from_tag(tag: Tag, _: Reading) -> tuple[str, Any]:
    """``id=value``; ``true`` and ``false`` are read as booleans."""
    key, eq, choice = tag.value.partition("=")
    if not eq:
        raise malformed(tag.where, "core.tagged.bad_interpretation", value=tag.value)
    return key, {"true": True, "false": False}.get(choice, choice)


def interpretation_values(record: Any) -> list[str]:
    """The ``id=value`` of each reading of the record that differs from its default."""
    readings: BaseModel = record.interpretations
    out = []
    for key, value in readings.model_dump(exclude_defaults=True).items():
        shown = str(value).lower() if isinstance(value, bool) else value
        out.append(f"{key}={shown}")
    return out


#: ``[Interpretation "id=value"]``, one tag per reading switched.
INTERPRETATION = TagSpec(
    "Interpretation",
    "interpretations",
    parse=interpretation_from_tag,
    show=interpretation_values,
    each=True,
)


def ruleset_spec(game_id: str) -> TagSpec:
    """``[Ruleset "game/version"]``, refused when it names another game's rules."""

    def checked(tag: Tag, _: Reading) -> str:
        if tag.value != game_id:
            raise malformed(
                tag.where, "core.tagged.other_ruleset", value=tag.value, game_id=game_id
            )
        return tag.value

    return TagSpec("Ruleset", "game", parse=checked)


def skeleton_comments(
    notes: list[dict[Lang, str]], rules: RuleData, readings: BaseModel | None, lang: Lang
) -> list[str]:
    """The comment lines that open a record skeleton: what to fill in (``notes``), then
    every numbered interpretation of the game, a switchable one with the value in force
    and the others it may take."""
    values = readings.model_dump() if readings is not None else {}
    lines = [f"# {note[lang]}" for note in notes]
    lines.append(f"# {say('core.skeleton.in_force', lang)}")
    if values:
        lines.append(f"# {say('core.skeleton.switch', lang)}")
    for item in rules.interpretations:
        key = item.id.replace("-", "_")
        if key in values:
            others = ", ".join(item.alternatives)
            value = values[key]
            shown = str(value).lower() if isinstance(value, bool) else value  # as a tag writes it
            lines.append(
                f"#   {item.number} {key}={shown} ({say('core.skeleton.others', lang)}: {others})"
            )
        else:
            lines.append(f"#   {item.number} {item.id}")
    return lines

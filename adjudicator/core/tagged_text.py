"""Text records made of tag pairs and event lines, as Dark Nebula and Astro-Stra write them.

::

    [Ruleset "game/version"]
    [Interpretation "id=value"]
    [Result "WINNER REASON"]          (or "*" while unfinished)

    one event per line

Blank lines and lines starting with ``#`` are skipped. The games give the tags their
meaning; this module reads the layout, the result and the interpretation tags they share,
each failure an :class:`InputError` naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel

from adjudicator.core.errors import InputError
from adjudicator.core.numbers import read_int

if TYPE_CHECKING:
    from adjudicator.core.i18n import Lang
    from adjudicator.core.references import RuleData

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')


class Tag(NamedTuple):
    """A tag pair and the line it stood on (``line 3``)."""

    name: str
    value: str
    where: str


def malformed(where: str, why: str, ja: str | None = None) -> InputError:
    return InputError(
        "malformed_record",
        why,
        ja=ja,
        field=where,
        expected="tag pairs, then events",
        expected_ja="タグの行、続いて記録の行",
    )


def read_tagged(text: str) -> tuple[list[Tag], list[tuple[str, str]]]:
    """The tags, and the event lines with where each stood."""
    tags: list[Tag] = []
    events: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith("#"):
            continue
        m = _TAG.match(line)
        if m:
            tags.append(Tag(m[1], m[2], where))
        elif line.startswith("["):
            raise malformed(
                where,
                f'{line!r} is not a tag pair [Name "value"]',
                f'「{line}」はタグの行 [Name "value"] の形ではありません',
            )
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


RESULT_TAGS = {"result": "[Result]"}


def result_from_tag(tag: Tag, sides: tuple[str, str]) -> dict[str, Any]:
    """``*``, or ``WINNER REASON``; a resignation names the other side as the one who
    resigned."""
    if tag.value == "*":
        return {}
    parts = tag.value.split()
    if len(parts) != 2:
        raise malformed(
            tag.where,
            f"result {tag.value!r} is not '*' or 'WINNER REASON'",
            f"結果「{tag.value}」は「*」か「勝者 終局理由」の形ではありません",
        )
    winner, reason = parts
    result: dict[str, Any] = {"winner": winner, "reason": reason}
    if reason == "resignation" and winner in sides:
        result["resigned"] = sides[1 - sides.index(winner)]
    return result


def result_tag(winner: str | None, reason: str | None) -> str:
    return f'[Result "{winner} {reason}"]' if winner else '[Result "*"]'


def interpretation_from_tag(tag: Tag) -> tuple[str, Any]:
    """``id=value``; ``true`` and ``false`` are read as booleans."""
    key, eq, choice = tag.value.partition("=")
    if not eq:
        raise malformed(
            tag.where,
            f"{tag.value!r} is not id=value",
            f"「{tag.value}」は「解釈ID=値」の形ではありません",
        )
    return key, {"true": True, "false": False}.get(choice, choice)


def interpretation_tags(readings: BaseModel) -> list[str]:
    """The tags of the readings that differ from their defaults."""
    out = []
    for key, value in readings.model_dump(exclude_defaults=True).items():
        shown = str(value).lower() if isinstance(value, bool) else value
        out.append(f'[Interpretation "{key}={shown}"]')
    return out


_IN_FORCE = {
    "en": "# The interpretations in force, by number (see the game's page of the docs):",
    "ja": "# 適用される解釈(番号順。資料のゲームのページを参照):",
}
_SWITCH = {
    "en": '# (one shown with its value may be switched with [Interpretation "id=value"])',
    "ja": '# (値を示したものは [Interpretation "id=値"] で切り替えられます)',
}
_OTHERS = {"en": "or", "ja": "ほかに"}


def skeleton_comments(
    notes: list[dict[Lang, str]], rules: RuleData, readings: BaseModel | None, lang: Lang
) -> list[str]:
    """The comment lines that open a record skeleton: what to fill in (``notes``), then
    every numbered interpretation of the game, a switchable one with the value in force
    and the others it may take."""
    values = readings.model_dump() if readings is not None else {}
    lines = [f"# {note[lang]}" for note in notes]
    lines.append(_IN_FORCE[lang])
    if values:
        lines.append(_SWITCH[lang])
    for item in rules.interpretations:
        key = item.id.replace("-", "_")
        if key in values:
            others = ", ".join(item.alternatives)
            value = values[key]
            shown = str(value).lower() if isinstance(value, bool) else value  # as a tag writes it
            lines.append(f"#   {item.number} {key}={shown} ({_OTHERS[lang]}: {others})")
        else:
            lines.append(f"#   {item.number} {item.id}")
    return lines

"""Message language: Japanese or English, chosen explicitly or from the locale."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Literal

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")


def default_lang() -> Lang:
    """The language the locale asks for: Japanese when the first locale variable set starts
    with ``ja``, English otherwise (the usual POSIX precedence: LC_ALL, LC_MESSAGES, LANG)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


class Said(str):
    """Words in English that also carry their Japanese: a message, or a message argument
    said differently in each language (a Dark Nebula step as the notation stamps it,
    ``1.1 E produce``, and as the rulebook names it, ``1.1 帝国軍生産``). What reads it as a
    string — the JSON for programs, the English output, a test — reads the English,
    unchanged; only Japanese output asks for :attr:`ja` (through :func:`in_lang`)."""

    ja: str

    def __new__(cls, en: str, ja: str) -> Said:
        said = super().__new__(cls, en)
        said.ja = ja
        return said

    def words(self, lang: Lang) -> str:
        """These words as a person reads them in ``lang``."""
        return self.ja if lang == "ja" else str(self)


def in_lang(text: str, lang: Lang) -> str:
    """``text`` as a person reads it in ``lang``: a :class:`Said`'s words in it, or the
    text itself (what an engine wrote, a plain string)."""
    return text.words(lang) if isinstance(text, Said) else str(text)


# --- the catalogue of messages -------------------------------------------------------------

#: The folder of the package: a namespace (``core``, ``cli``, a game's package) is a folder
#: of it holding ``messages.yaml`` and its JSON copies, ``messages.json`` and ``help.json``.
_PACKAGE = Path(__file__).resolve().parents[1]


def part_of(name: str) -> str:
    """The JSON copy a message of a namespace is read from: ``help`` for the help texts of
    commands and options (``help``, ``help.…``), read only when help is shown, ``messages``
    for every other; so a command that says a message parses no help, and help parses no
    message."""
    return "help" if name == "help" or name.startswith("help.") else "messages"


@cache
def catalogue(namespace: str, part: str = "messages") -> dict[str, dict[str, str]]:
    """The messages of one namespace, read from its JSON copy (``part``: :func:`part_of`)
    the first time one is said: a command that says nothing from a catalogue reads none of
    them."""
    import json  # here: a command that says nothing from a catalogue never loads it

    path = _PACKAGE / namespace / f"{part}.json"
    loaded: dict[str, dict[str, str]] = json.loads(path.read_text("utf-8"))
    return loaded


#: Japanese characters, as ranges of code points: CJK punctuation and kana, kanji,
#: full-width forms. Compared by number, not by a compiled character class: compiling a
#: class this wide costs every command about 8 ms at start-up (28 M instructions, a tenth
#: of ``adjudicator --version``), and filling a message needs only two comparisons.
_JAPANESE = ((0x3000, 0x30FF), (0x3400, 0x9FFF), (0xFF00, 0xFFEF))


def _japanese(text: str) -> bool:
    """Whether ``text`` is one Japanese character."""
    return len(text) == 1 and any(lo <= ord(text) <= hi for lo, hi in _JAPANESE)


def _tight(left: str, right: str) -> bool:
    """Whether ``left`` ends and ``right`` starts with Japanese: no space between them."""
    return _japanese(left[-1:]) and _japanese(right[:1])


def fill(template: str, params: Mapping[str, object], lang: Lang) -> str:
    """``template`` with its named parameters filled in. In Japanese, a space the template
    puts beside a parameter (for a word in Latin letters: 「M3-M2 は不合法」) is dropped
    where the word filled in is Japanese and Japanese stands on the other side of the
    space: Japanese sets its words apart by no space (「再生回数の上限」, never 「再生回数
    の上限」)."""
    from string import Formatter  # here: start-up fills no message

    formatter = Formatter()
    out = ""
    for literal, field, spec, conversion in formatter.parse(template):
        if lang == "ja" and out and _tight(out, literal.lstrip(" ")):
            literal = literal.lstrip(" ")
        if field is None:
            out += literal
            continue
        value, _ = formatter.get_field(field, (), params)
        shown = format(formatter.convert_field(value, conversion), spec or "")
        if lang == "ja" and _tight(out + literal.rstrip(" "), shown):
            literal = literal.rstrip(" ")
        out += literal + shown
    return out


def say(key: str, lang: Lang, /, **params: object) -> str:
    """The message ``key`` (``namespace.id``: ``core.note.ignored``) in ``lang``, its named
    parameters filled in (:func:`fill`); a parameter that is itself said in both languages
    (a :class:`Said`) is filled in ``lang``."""
    shown = {k: in_lang(v, lang) if isinstance(v, Said) else v for k, v in params.items()}
    return fill(template(key, lang), shown, lang)


def templates(ids: dict[str, str], lang: Lang) -> dict[str, str]:
    """A table of messages by key (each key's id in the catalogue) in ``lang``, their
    parameters left for the code that uses them to fill: labels a writer fills as it goes,
    and the words of a page its script fills (the HTML report)."""
    return {key: template(said, lang) for key, said in ids.items()}


def template(key: str, lang: Lang) -> str:
    """The message ``key`` (``namespace.id``) in ``lang``, its parameters unfilled: for
    what fills them from a table of its own (:class:`~adjudicator.core.errors.RecordRule`
    names a record's fields as the person wrote them)."""
    namespace, _, name = key.partition(".")
    return catalogue(namespace, part_of(name))[name][lang]


def in_both(words: Callable[[Lang], str]) -> Said:
    """What ``words`` says in each language, as one :class:`Said`: for words made by what
    already speaks both (an error's :meth:`text`, a game's name for a ply), never a
    translation written beside the English."""
    return Said(words("en"), words("ja"))


def given_in_both(en: str, ja: str) -> Said:
    """Words that data gives in both languages (a conformance case's ``description`` beside
    its ``description_ja``, a game's rule data naming a place in Japanese beside its id): the
    data's own words, not the tool's, so not in the catalogue."""
    return Said(en, ja)


def said(key: str, /, **params: object) -> Said:
    """The message ``key`` in English carrying its Japanese (a :class:`Said`), for a value
    that is made before the language is known."""
    return Said(say(key, "en", **params), say(key, "ja", **params))

"""Message language: Japanese or English, chosen explicitly or from the locale."""

from __future__ import annotations

import json
import os
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


def in_lang(text: str, lang: Lang) -> str:
    """``text`` as a person reads it in ``lang``: a :class:`Said`'s Japanese, or the text
    itself (what an engine wrote, a plain string)."""
    return text.ja if lang == "ja" and isinstance(text, Said) else str(text)


# --- the catalogue of messages -------------------------------------------------------------

#: The folder of the package: a namespace (``core``, ``cli``, a game's package) is a folder
#: of it holding ``messages.yaml`` and its JSON copy ``messages.json``.
_PACKAGE = Path(__file__).resolve().parents[1]


@cache
def catalogue(namespace: str) -> dict[str, dict[str, str]]:
    """The messages of one namespace, read from its JSON copy the first time one is said:
    a command that says nothing from a catalogue reads none of them."""
    path = _PACKAGE / namespace / "messages.json"
    loaded: dict[str, dict[str, str]] = json.loads(path.read_text("utf-8"))
    return loaded


def say(key: str, lang: Lang, /, **params: object) -> str:
    """The message ``key`` (``namespace.id``: ``core.note.ignored``) in ``lang``, its named
    parameters filled in."""
    namespace, _, name = key.partition(".")
    return catalogue(namespace)[name][lang].format(**params)


def said(key: str, /, **params: object) -> Said:
    """The message ``key`` in English carrying its Japanese (a :class:`Said`), for a value
    that is made before the language is known."""
    return Said(say(key, "en", **params), say(key, "ja", **params))

"""Message language: Japanese or English, chosen explicitly or from the locale."""

from __future__ import annotations

import os
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

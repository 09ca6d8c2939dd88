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

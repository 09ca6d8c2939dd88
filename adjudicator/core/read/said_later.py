"""What a verdict says after the fact: a fault that hidden information proved when it was
opened (with the opening event's own fault, if it has one), and the readers' warnings,
written in English while a record is read, in the language of the verdict."""

from __future__ import annotations

import re

from adjudicator.core.errors import place
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.verdict import Note
from adjudicator.core.judge.violations import Violation

DEFERRED_FOUND: dict[Lang, str] = {
    "en": "(Found when hidden information was opened at {ply}.)",
    "ja": "({ply}で非公開情報が開示された時点で判明。)",
}

#: The opening event's own fault, said after the earlier one it proved.
ALSO_AT: dict[Lang, str] = {
    "en": "Besides, at {ply}: {message}",
    "ja": "また、{ply}: {message}",
}

#: The readers' warnings (written in English while a record is read), in Japanese.
_NOTES_JA = (
    (re.compile(r"^ignored$"), "無視しました"),
    (re.compile(r"^\[(\w+)\] ignored$"), r"タグ [\1] を無視しました"),
    (re.compile(r"^read as '?(.*?)'?$"), r"「\1」と読みました"),
)


def found_later(v: Violation, opened_at: str, also: Violation | None, lang: Lang) -> str:
    """The message of a fault proved when hidden information was opened at ``opened_at``
    (a ply as the game says it), and then ``also``, the opening event's own fault."""
    message = f"{v.message(lang)} {DEFERRED_FOUND[lang].format(ply=opened_at)}"
    if also is None:
        return message
    return f"{message} {ALSO_AT[lang].format(ply=opened_at, message=also.message(lang))}"


def note_in(note: Note, lang: Lang) -> Note:
    """A reader's warning in ``lang``: its message and its locator; a warning its reader
    wrote in both languages (:meth:`Note.said`) as it was written."""
    if lang == "en":
        return note
    message = note.japanese() or note.message
    for pattern, ja in _NOTES_JA if note.japanese() is None else ():
        if pattern.match(message):
            message = pattern.sub(ja, message)
            break
    return note.model_copy(update={"message": message, "location": place(note.location, lang)})

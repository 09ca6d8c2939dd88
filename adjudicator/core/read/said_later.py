"""What a verdict says after the fact: a fault that hidden information proved when it was
opened (with the opening event's own fault, if it has one), and the readers' warnings,
written in English while a record is read, in the language of the verdict."""

from __future__ import annotations

from adjudicator.core.errors import place
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.verdict import Note
from adjudicator.core.judge.violations import Violation


def found_later(v: Violation, opened_at: str, also: Violation | None, lang: Lang) -> str:
    """The message of a fault proved when hidden information was opened at ``opened_at``
    (a ply as the game says it), and then ``also``, the opening event's own fault."""
    message = say("core.record.found_later", lang, message=v.message(lang), ply=opened_at)
    if also is None:
        return message
    return say(
        "core.record.found_later_also",
        lang,
        found=message,
        ply=opened_at,
        message=also.message(lang),
    )


def note_in(note: Note, lang: Lang) -> Note:
    """A reader's warning in ``lang``: its message and its locator."""
    if lang == "en":
        return note
    update = {"message": note.message_in(lang), "location": place(note.location, lang)}
    return note.model_copy(update=update)

"""The verdict on one record: what a tournament director reads, and what a program parses.

One pydantic model (with its JSON Schema in ``schemas/``) rendered as rich text in Japanese
or English, or as JSON."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr, RootModel

from adjudicator.core.i18n import Lang, Said, say
from adjudicator.core.judge.outcome import Outcome

Status = Literal["valid", "invalid", "pending", "unreadable"]

#: Exit codes: 0 all valid, 1 some invalid, 2 usage error or unreadable input, 3 consistent
#: but hidden checks pending, 4 an internal error (a defect of this program, never of the
#: record), 130 interrupted. Over several records the worst counts: 4, 2, 1, 3, 0.
EXIT_CODES: dict[Status, int] = {"valid": 0, "invalid": 1, "unreadable": 2, "pending": 3}
EXIT_INTERNAL = 4
EXIT_INTERRUPTED = 130
_SEVERITY = {130: 5, 4: 4, 2: 3, 1: 2, 3: 1, 0: 0}


def worst_exit(codes: list[int]) -> int:
    return max(codes, key=_SEVERITY.__getitem__, default=0)


class Problem(BaseModel):
    """Why a record is not valid: a rule violation at a ply, or a wrong result."""

    code: str = Field(description="Stable violation code.")
    ply: int | None = Field(description="1-based ply of the action (None: the whole record).")
    action: str | None = Field(default=None, description="The action as written.")
    rules: list[str] = Field(description="Rule reference ids of the game.")
    citation: str = Field(description="The rules as the rulebook names them.")
    message: str
    suggestion: str | None = Field(default=None, description="Canonical spelling, if any.")
    position: str | None = Field(
        default=None,
        description="The position before the action: its notation as written, the words "
        "around it (whose turn, the next step) in the report's language.",
    )
    drawing: str | None = Field(default=None, description="That position, drawn.")


class Note(BaseModel):
    """A warning: a lenient normalisation, an unknown field accepted in lenient mode, a
    record that a game reads but warns about."""

    code: str
    location: str
    message: str
    #: The message in Japanese, when the reader wrote it in both languages (:meth:`in_both`).
    _ja: str | None = PrivateAttr(default=None)

    #: The message's id in the catalogue and its parameters (never part of the JSON): a
    #: record is read before the language of its verdict is known, so a reader says its
    #: warning in English and keeps the id, from which the verdict says it again in its
    #: own language (:meth:`message_in`).
    _said: tuple[str, dict[str, str]] | None = PrivateAttr(default=None)

    #: The location as the reader made it, when it is said in words (a line, a ply: a
    #: :class:`~adjudicator.core.errors.Place`): ``location`` keeps it as the string a
    #: program reads, and :meth:`location_in` says it to a person.
    _place: Said | None = PrivateAttr(default=None)

    @classmethod
    def said(cls, code: str, location: str, key: str, **params: str) -> Note:
        """A warning whose message is ``key`` of the catalogue, in English for now."""
        note = cls._at(code, location, say(key, "en", **params))
        note._said = (key, params)
        return note

    @classmethod
    def in_both(cls, code: str, location: str, message: Said) -> Note:
        """A warning a game's reader words itself, in both languages."""
        note = cls._at(code, location, str(message))
        note._ja = message.ja
        return note

    @classmethod
    def _at(cls, code: str, location: str, message: str) -> Note:
        note = cls(code=code, location=location, message=message)
        note._place = location if isinstance(location, Said) else None
        return note

    def location_in(self, lang: Lang) -> str:
        """The location in words of ``lang``: a line or a ply as each language says it, a
        name (``moves[2]``) as it is."""
        return self.location if self._place is None else self._place.words(lang)

    def message_in(self, lang: Lang) -> str:
        """The message in ``lang``: from its id when it has one, else as its reader wrote it
        (in Japanese too, when it did)."""
        if self._said is None:
            return self._ja if lang == "ja" and self._ja is not None else self.message
        key, params = self._said
        return say(key, lang, **params)


class PendingCheck(BaseModel):
    """A check that needs hidden information (a commitment not yet opened)."""

    code: str = Field(description="The violation code the check would report.")
    ply: int = Field(description="1-based ply of the event it concerns.")
    rules: list[str] = Field(description="Rule reference ids of the game.")
    citation: str = Field(description="The rules as the rulebook names them.")
    description: str = Field(description="What will be checked once the information opens.")


class InputProblem(BaseModel):
    """Why a file could not be read at all."""

    code: str
    location: str | None
    message: str


class ClaimedResult(BaseModel):
    winner: str | None
    reason: str | None
    resigned: str | None = None


class Verdict(BaseModel):
    source: str = Field(description="The file, as given on the command line.")
    game: str | None = Field(default=None, description="Versioned game id.")
    game_id: str | None = None
    status: Status
    plies: int = Field(default=0, description="Actions accepted before the verdict.")
    problem: Problem | None = None
    unreadable: InputProblem | None = None
    claimed: ClaimedResult | None = None
    computed: Outcome | None = Field(
        default=None,
        description="What the rules decided; with a problem, only what they decided before "
        "its event.",
    )
    warnings: list[Note] = Field(default_factory=list)
    pending: list[PendingCheck] = Field(
        default_factory=list, description="With status 'pending': the checks still waiting."
    )
    interpretations: list[str] = Field(
        default_factory=list, description="Interpretation ids in force."
    )

    #: The text of the record as it was judged, kept for a report that draws the record
    #: (``Options.keep_text``): travelling with the verdict out of a worker, it spares the
    #: report reading the file again by a name that may no longer lead to the same text
    #: (``-``, ``games.txt#2``). Never part of the verdict's JSON.
    _judged_text: str | None = PrivateAttr(default=None)

    @property
    def judged_text(self) -> str | None:
        """The record's text as judged, if it was kept."""
        return self._judged_text

    def keeping(self, text: str) -> Verdict:
        """This verdict, carrying the text it was judged on."""
        self._judged_text = text
        return self

    @property
    def exit_code(self) -> int:
        if self.unreadable is not None and self.unreadable.code == "internal_error":
            return EXIT_INTERNAL
        return EXIT_CODES[self.status]


class Verdicts(RootModel[list[Verdict]]):
    """What ``adjudicator validate --json`` prints: one verdict per record, in the order the
    records were found — always a list, for one record too."""

"""What the core needs of a game's records, and the record-level checks shared by all
games: the replay loop and the comparison of the claimed result with the rules'.

A game turns its file formats into a :class:`GameRecord` (its own parsed record, the events
as written, the claimed result) and offers a :class:`Replay` that plays events one by one.
The loop below knows nothing of any game's rules: only that an event is accepted or
violates something, and that the rules may decide an :class:`Outcome`.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from adjudicator.core.errors import InputError, RecordRule
from adjudicator.core.i18n import Lang, fill
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.plies import count, ply_name
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.verdict import ClaimedResult, Note, PendingCheck, Problem, Verdict
from adjudicator.core.judge.violations import Violation
from adjudicator.core.protocol.requests import data_path, location, validation_error
from adjudicator.core.read.said_later import found_later, note_in

if TYPE_CHECKING:
    from adjudicator.core.write.svg import Picture

#: Reasons decided outside the play itself; allowed only while the rules leave it undecided.
ENDINGS_OUTSIDE_PLAY = ("resignation", "forfeit")


class Event(NamedTuple):
    """One event as written in a record, with the illegal attempts taken back before it
    (a named tuple: a record of a hundred actions makes a hundred). ``read`` is the event
    as the game already read it, when its record holds events as data (JSON): the replay
    plays that, so that nothing is read twice, and ``written`` is only shown."""

    written: str
    attempts: tuple[str, ...] = ()
    read: Any = None

    @property
    def played(self) -> Any:
        """What :meth:`Replay.attempt` is given: the event as read, else its line."""
        return self.written if self.read is None else self.read


@dataclass
class GameRecord:
    """A record as the core sees it; ``model`` is the game's own parsed record."""

    game: str
    game_id: str | None
    model: Any
    events: Sequence[Event]
    claimed: ClaimedResult
    warnings: list[Note] = field(default_factory=list)


@dataclass(frozen=True)
class Step:
    """What one event did: a violation, or the canonical spelling it was normalised to.
    ``decided`` is set, with the game's own violation, when the event came after the end.
    ``at`` is set when the violation belongs to an earlier event: a deferred check that this
    event (an opened commitment) could finally run. ``also`` is this event's own fault
    besides that earlier one (a disclosure naming a false sector): the earliest fault is
    the verdict, and it says this one too, so that neither is hidden behind the other."""

    violation: Violation | None = None
    normalized_to: str | None = None
    decided: Outcome | None = None
    at: int | None = None
    also: Violation | None = None


@dataclass(frozen=True)
class Deferred:
    """A check a replay could not run yet, for want of hidden information; ``description``
    says what will be checked, by language."""

    code: str
    ply: int
    description: dict[Lang, str]


#: The common answer: played, spelled canonically.
ACCEPTED = Step()


class Undecided(NamedTuple):
    """Why an action decided nothing: in both languages, with the rules that say so."""

    en: str
    ja: str
    rules: list[str]


class Replay(ABC):
    """A game replayed event by event, for the core's validation loop."""

    rules: RuleData

    @abstractmethod
    def attempt(self, written: str, *, lenient: bool) -> Step:
        """Play one event if legal; raise :class:`InputError` for unreadable notation. When
        the game is already decided, play nothing and say so in ``Step.decided``.
        ``written`` is a line, or :attr:`Event.read` for a game whose records give it."""

    def play_accepted(self, events: Sequence[Event]) -> int:
        """Play the leading ``events`` for as long as each is one :meth:`attempt` would
        answer :data:`ACCEPTED`, with no attempts taken back before it to check: how many
        were played. The loop plays the rest one by one. A replay offers this when it has a
        fast path for the common event (it then saves the loop's work per event); one
        without plays none."""
        return 0

    @abstractmethod
    def check(self, written: str) -> Violation | None:
        """Whether an event would be rejected now, without playing it."""

    def copy(self) -> Replay:
        """A replay standing where this one stands, to play on independently."""
        return copy.deepcopy(self)

    def vocabulary(self) -> tuple[tuple[str, ...], ...]:
        """Groups of words a record may write one for another (sector ids, colours): a
        repair tries each in place of another of its group. A game without any has none."""
        return ()

    def alternatives(self) -> list[str] | None:
        """Every event legal now, written canonically, for a game that can list them (a
        repair tries them in place of a miscopied event); ``None`` for one that cannot."""
        return None

    def omitted(self, ahead: Sequence[str]) -> list[str]:
        """Events that may have been left out here, told by what the record says after
        (``ahead``: its next lines, as written): for a game that cannot list every legal
        event, the few that explain what a later line finds. A repair inserts them. A game
        that can tell nothing this way has none."""
        return []

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """What the rules have decided so far (turn starts included)."""

    @abstractmethod
    def end_outside_play(self, winner: str | None, reason: str, resigned: str | None) -> None:
        """Resignation or forfeit, while undecided."""

    @abstractmethod
    def ply(self) -> int:
        """Events accepted so far."""

    @abstractmethod
    def actions_made(self) -> int:
        """Actions made in the whole game, as its positions count them (a replay that
        starts from a position given mid-game starts at that position's count)."""

    @abstractmethod
    def side_to_move(self) -> str: ...

    @abstractmethod
    def position_text(self) -> str: ...

    def describe(self, lang: Lang = "en") -> str:
        """The position as a reader of ``lang`` is shown it: the words around the notation
        (whose turn, what is held, which step comes next) in that language, the notation
        itself as written. In English it is :meth:`position_text`; a game whose position
        text is notation only needs nothing more."""
        return self.position_text()

    @abstractmethod
    def drawing(self, lang: Lang = "en") -> str:
        """The position drawn as text, its words in ``lang``."""

    def picture(self, refused: str | None = None, *, lang: Lang = "en") -> Picture | None:
        """The position drawn as a picture, the last event marked; with ``refused``, that
        event drawn as refused here (when the game can read it). ``None``: the game draws
        no pictures."""
        return None

    def pending(self) -> list[Deferred]:
        """Checks still waiting for hidden information; a game without any has none."""
        return []

    def allowing(self) -> list[str]:
        """The rule references that allow the event last accepted (a ruling on a legal
        action cites them beside what it decides): the game names the event's kind and
        parts, its rule data (``allowed_by``) the references. A game that cannot tell
        names none."""
        return []

    def undecided_because(self) -> Undecided | None:
        """Why the last action attempted and accepted decided nothing, when the game can
        say more than "no end condition is met" (a pincer already held before it)."""
        return None

    def earlier_fault(self, later: list[Any]) -> tuple[int, Step] | None:
        """When the event just played was rejected (or unreadable): a fault at an earlier
        event that hidden information opened in the record proves (``later``: the rejected
        event and those after it, as :attr:`Event.played` gives them; an opening inside the
        rejected event counts too). The answer is the position in ``later`` (0 for the
        rejected event) of the event that opens it, and a step with the violation and
        ``at`` its event; a game without hidden information has none."""
        return None

    def interpretations_in_force(self) -> list[str]:
        """The numbered interpretations the replay applies, as ids; a switched one as
        ``id=value``."""
        return [i.id for i in self.rules.interpretations]


class ClaimedResultModel(BaseModel):
    """A record's claimed result, as games write it: winner and reason together (or both
    null while unfinished); ``resigned`` set exactly for a resignation, and never the
    winner. A game narrows the fields to its sides and reasons."""

    model_config = ConfigDict(extra="forbid")

    winner: str | None = None
    reason: str | None = None
    resigned: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ClaimedResultModel:
        result_rules(self.winner, self.reason, self.resigned)
        return self


def result_rules(winner: str | None, reason: str | None, resigned: str | None) -> None:
    """The rules every game's claimed result keeps, each broken one a :class:`RecordRule`
    naming the fields as the person wrote them."""
    if winner is not None and reason is None:
        raise RecordRule(
            "{winner} names a winner but {reason} gives no reason: write both, "
            "or neither while the game is unfinished",
            "{winner} で勝者を書いていますが、{reason} に終局理由がありません。"
            "両方を書くか、未終局なら両方とも書きません",
        )
    if winner is None and reason is not None:
        raise RecordRule(
            "{reason} gives a reason ({given}) but {winner} names no winner: write both, "
            "or neither while the game is unfinished",
            "{reason} に終局理由({given})がありますが、{winner} に勝者がありません。"
            "両方を書くか、未終局なら両方とも書きません",
            given=reason,
        )
    if (reason == "resignation") != (resigned is not None):
        raise RecordRule(
            "{resigned} names the side that resigned exactly when {reason} is resignation",
            "{resigned}(投了した側)は {reason} が resignation のときに限り書きます",
        )
    if resigned is not None and resigned == winner:
        raise RecordRule(
            "{resigned} says {side} resigned, so {winner} cannot name {side} as the winner",
            "{resigned} で {side} が投了しているので、{winner} の勝者を {side} にはできません",
            side=resigned,
        )


class EventReplay(Replay):
    """A replay that counts the events it accepted and keeps the outcome itself: what games
    whose events are whole steps or turns (Dark Nebula, Astro-Stra) share. Subclasses set
    ``events`` and ``decided`` as play goes on."""

    events: int = 0
    decided: Outcome | None = None

    def check(self, written: str) -> Violation | None:
        return copy.deepcopy(self).attempt(written, lenient=False).violation

    def outcome(self) -> Outcome | None:
        return self.decided

    def end_outside_play(self, winner: str | None, reason: str, resigned: str | None) -> None:
        self.decided = Outcome(winner=winner or "draw", reason=reason, decided_at=self.events)

    def ply(self) -> int:
        return self.events

    def actions_made(self) -> int:
        return self.events


# --- reading with pydantic, strict or lenient ------------------------------------------------

M = TypeVar("M", bound=BaseModel)


def exact_int(value: Any) -> Any:
    """A whole-number field's value as a record's JSON gives it: an integer, never the
    string, boolean or float pydantic's lax mode reads as one (``"3"``, ``true``, ``3.0``),
    for a field whose type cannot be made strict itself (a ``Literal`` of numbers; the
    others are ``StrictInt``)."""
    if type(value) is not int:
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


def _drop(data: Any, loc: tuple[int | str, ...]) -> None:
    path = data_path(data, loc)
    for part in path[:-1]:
        data = data[part]
    del data[path[-1]]


def load_model(
    model: type[M], data: Any, *, lenient: bool, names: Callable[[str], str] | None = None
) -> tuple[M, list[Note]]:
    """Validate ``data``; unknown fields are errors, or in lenient mode warnings (and the
    fields are dropped). Other problems raise :class:`InputError` naming the field, as
    ``names`` says it when the data was read from a text record (its tag)."""
    notes: list[Note] = []
    while True:
        try:
            return model.model_validate(data), notes
        except ValidationError as exc:
            extras = [e for e in exc.errors() if e["type"] == "extra_forbidden"]
            others = [e for e in exc.errors() if e["type"] != "extra_forbidden"]
            if not extras or not lenient or others:
                if extras and not others:
                    first = extras[0]
                    raise InputError(
                        "unknown_field",
                        'unknown field (extensions belong in "ext")',
                        ja='未知の項目です(拡張は "ext" に入れます)',
                        field=(names or str)(location(data_path(data, tuple(first["loc"])))),
                    ) from None
                raise _renamed(exc, data, names) or validation_error(
                    exc, "schema_violation", data, names
                ) from None
            for e in extras:
                where = location(data_path(data, tuple(e["loc"])))
                notes.append(Note.said("unknown_field", where, "core.note.ignored"))
                _drop(data, tuple(e["loc"]))


#: Keys that one game's record writes where another's writes the other: the games name
#: their rules ``ruleset`` (Orbit Dominion) or ``game`` (Dark Nebula, Astro-Stra).
_OTHER_KEY = {"game": "ruleset", "ruleset": "game"}


def _renamed(
    exc: ValidationError, data: Any, names: Callable[[str], str] | None
) -> InputError | None:
    """A required top-level key missing while the record holds the key another game's
    record uses for it: said with the fix (``"game"``, not ``"ruleset"``)."""
    first = exc.errors(include_url=False)[0]
    loc = tuple(first["loc"])
    if names or first["type"] != "missing" or len(loc) != 1 or not isinstance(data, dict):
        return None
    key, other = str(loc[0]), _OTHER_KEY.get(str(loc[0]))
    if other not in data:
        return None
    return InputError(
        "schema_violation",
        f'this record names its rules by "{key}", not "{other}"',
        ja=f'この記録はルールを "{other}" ではなく "{key}" で示します',
        field=other,
        suggestion=f'"{key}": {json.dumps(data[other], ensure_ascii=False)}',
    )


# --- the validation loop -----------------------------------------------------------------------

RECORD_MESSAGES: dict[str, dict[Lang, str]] = {
    "moves_after_end": {
        "en": "The game was already decided after {decided_at} ({reason}); "
        "this action should not have been played.",
        "ja": "対局は {decided_at}で既に決着しています({reason})。この行動は指せません。",
    },
    "attempt_was_legal": {
        "en": "{attempt} is listed as an illegal attempt taken back, but it was legal here.",
        "ja": "{attempt} は不合法で指し直した試みとして記録されていますが、この局面では合法です。",
    },
    "result_missing": {
        "en": "The rules decided the game after {decided_at} ({winner}, {reason}) "
        "but the record gives no result.",
        "ja": "{decided_at}でルール上決着しています({winner}、{reason})が、"
        "記録に結果がありません。",
    },
    "result_undecided": {
        "en": "The record claims {winner} by {reason}, but after {plies} the rules "
        "have not decided the game.",
        "ja": "記録は {winner} の勝ち({reason})としていますが、{plies}の時点で"
        "ルール上は決着していません。",
    },
    "wrong_winner": {
        "en": "The record claims {claimed}; the rules give {winner} ({reason}) after {decided_at}.",
        "ja": "記録の勝者は {claimed} ですが、ルール上は {decided_at}で {winner}({reason})です。",
    },
    "wrong_reason": {
        "en": "The record gives the reason {claimed}; the rules decided the game by {reason} "
        "after {decided_at}.",
        "ja": "記録の終局理由は {claimed} ですが、ルール上は {decided_at}の {reason} です。",
    },
    "ended_after_decided": {
        "en": "The record ends by {claimed}, but the rules had already decided the game after "
        "{decided_at} ({winner}, {reason}).",
        "ja": "記録は {claimed} で終わっていますが、{decided_at}で既にルール上決着して"
        "います({winner}、{reason})。",
    },
}


def end_as_recorded(replay: Replay, record: GameRecord) -> bool:
    """End ``replay``, its record's events all played, as the record says its game ended
    outside play (a resignation, a forfeit), when the rules have not decided it: what is
    drawn of its last position is then a finished game's, with no side to move. Whether
    it ended the game so."""
    claimed = record.claimed
    if claimed.reason not in ENDINGS_OUTSIDE_PLAY or replay.outcome() is not None:
        return False
    replay.end_outside_play(claimed.winner, claimed.reason, claimed.resigned)
    return True


class Validation:
    """Replays one record and compares its claimed result with the rules'."""

    def __init__(
        self,
        record: GameRecord,
        replay: Replay,
        *,
        lenient: bool,
        lang: Lang,
        positions: bool = True,
        start: int = 0,
    ) -> None:
        """``positions``: whether a problem shows the position and its drawing (a search
        that only asks where a record fails does without them). ``start``: how many of the
        record's events ``replay`` has played already (a search replays from a copy of the
        game as it stood there); plies are still counted from the record's start."""
        self.record = record
        self.replay = replay
        self.lenient = lenient
        self.lang = lang
        self.positions = positions
        self.start = start
        self.warnings = [note_in(note, lang) for note in record.warnings]

    def _problem(
        self,
        code: str,
        ply: int | None,
        rules: list[str],
        message: str,
        *,
        action: str | None = None,
        suggestion: str | None = None,
        with_position: bool = True,
    ) -> Problem:
        with_position = with_position and self.positions
        return Problem(
            code=code,
            ply=ply,
            action=action,
            rules=rules,
            citation=self.replay.rules.cite(rules, self.lang),
            message=message,
            suggestion=suggestion,
            position=self.replay.describe(self.lang) if with_position else None,
            drawing=self.replay.drawing(self.lang) if with_position else None,
        )

    def _record_problem(self, code: str, ply: int | None, rules: list[str], **args: Any) -> Problem:
        names, lang = self.replay.rules, self.lang
        words = dict(args)
        for key in ("winner", "reason", "claimed"):
            if key not in args:
                continue
            value = args[key]
            if value is None:
                words[key] = "-"
                continue
            side = key == "winner" or (key == "claimed" and code == "wrong_winner")
            words[key] = names.side_name(value, lang) if side else names.reason_name(value, lang)
        message = fill(RECORD_MESSAGES[code][lang], words, lang)
        return self._problem(code, ply, rules, message, action=args.get("action"))

    def _ply(self, ply: int) -> str:
        """Ply ``ply`` as the game says it, in the record's language."""
        return ply_name(self.replay.rules.counting, ply, self.lang)

    def _reason_rules(self, reason: str | None) -> list[str]:
        try:
            return self.replay.rules.reason(reason or "").rules
        except KeyError:
            return []

    def run(self) -> tuple[Problem | None, Outcome | None]:
        replay = self.replay
        start = self.start
        events = self.record.events[start:] if start else self.record.events
        played = replay.play_accepted(events)
        attempt, lenient = replay.attempt, self.lenient
        for ply, event in enumerate(events[played:] if played else events, start + played + 1):
            if event.attempts:
                problem = self._check_attempts(ply, event)
                if problem is not None:
                    return self._stopped(problem)
            try:
                step = attempt(event.played, lenient=lenient)
            except InputError as err:
                problem = self._unreadable_event(ply, event, err)
                return self._stopped(self._earliest(ply, problem))
            if step is not ACCEPTED:  # the common case costs one comparison
                problem = self._step_problem(ply, event, step)
                if problem is not None:
                    return self._stopped(self._earliest(ply, problem))
        return self._check_result(), replay.outcome()

    def _stopped(self, problem: Problem) -> tuple[Problem, Outcome | None]:
        """The first problem, with what the rules decided before its event. A fault that
        hidden information opened later proves (at the post-game disclosure, say) makes the
        game illegal from its own event on: a decision played after it is no result, as a
        record that knew the information from the start stops at the fault and never
        reaches it."""
        decided = self.replay.outcome()
        if decided is not None and problem.ply is not None and decided.decided_at >= problem.ply:
            return problem, None
        return problem, decided

    def _earliest(self, ply: int, problem: Problem) -> Problem:
        """The earliest provable fault: a record that opens hidden information in the event
        rejected at ``ply`` or after it is evidence for the events before it (the public
        record and the full one then get the same verdict)."""
        if problem.ply != ply:
            return problem  # a deferred fault, found by this very event
        later = [e.played for e in self.record.events[ply - 1 :]]
        found = self.replay.earlier_fault(later)
        if found is None:
            return problem
        offset, step = found
        if step.violation is None or step.at is None:
            return problem
        return self._deferred_problem(step.violation, step.at, ply + offset, step.also)

    def _check_attempts(self, ply: int, event: Event) -> Problem | None:
        """Each attempt listed as taken back must really have been illegal there."""
        decided = self.replay.outcome()
        if decided is not None:
            return self._after_end(ply, event, decided)
        for attempt in event.attempts:
            if self.replay.check(attempt) is None:
                rules = self.replay.rules.record_rules.get("attempt_was_legal", [])
                return self._record_problem(
                    "attempt_was_legal", ply, rules, attempt=attempt, action=event.written
                )
        return None

    def _after_end(self, ply: int, event: Event, decided: Outcome) -> Problem:
        return self._record_problem(
            "moves_after_end",
            ply,
            self._reason_rules(decided.reason),
            action=event.written,
            decided_at=self._ply(decided.decided_at),
            reason=decided.reason,
        )

    def _unreadable_event(self, ply: int, event: Event, err: InputError) -> Problem:
        return self._problem(
            err.code,
            ply,
            self.replay.rules.record_rules.get("notation", []),
            err.describe(self.lang),
            action=event.written,
            suggestion=err.suggestion,
        )

    def _step_problem(self, ply: int, event: Event, step: Step) -> Problem | None:
        """The problem an event's step reveals; a normalisation is only a warning."""
        if step.decided is not None:
            return self._after_end(ply, event, step.decided)
        if step.violation is not None:
            v = step.violation
            if step.at is not None and step.at != ply:
                return self._deferred_problem(v, step.at, ply, step.also)
            return self._problem(v.code, ply, v.rules, v.message(self.lang), action=event.written)
        if step.normalized_to is not None:
            read = {
                "en": f"'{event.written}' read as {step.normalized_to}",
                "ja": f"「{event.written}」を {step.normalized_to} と読みました",
            }
            self.warnings.append(
                Note(
                    code="normalized",
                    location=self._ply(ply),
                    message=read[self.lang],
                )
            )
        return None

    def _deferred_problem(
        self, v: Violation, at: int, opened_at: int, also: Violation | None = None
    ) -> Problem:
        """A violation at ``at`` that hidden information opened at ``opened_at`` proves;
        ``also``, the opening event's own fault, said after it."""
        action = self.record.events[at - 1].written
        message = found_later(v, self._ply(opened_at), also, self.lang)
        return self._problem(v.code, at, v.rules, message, action=action, with_position=False)

    def _against(self, code: str, computed: Outcome, **claimed: Any) -> Problem:
        """A result problem reported where the rules decided the game, citing the rules
        that decided it."""
        return self._record_problem(
            code,
            computed.decided_at,
            self._reason_rules(computed.reason),
            decided_at=self._ply(computed.decided_at),
            winner=computed.winner,
            reason=computed.reason,
            **claimed,
        )

    def _check_result(self) -> Problem | None:
        claimed = self.record.claimed
        computed = self.replay.outcome()
        if claimed.reason in ENDINGS_OUTSIDE_PLAY:
            if computed is not None:
                return self._against("ended_after_decided", computed, claimed=claimed.reason)
            self.replay.end_outside_play(claimed.winner, claimed.reason, claimed.resigned)
            return None
        if claimed.reason is None:
            return None if computed is None else self._against("result_missing", computed)
        if computed is None:
            return self._record_problem(
                "result_undecided",
                None,
                self._reason_rules(claimed.reason),
                winner=claimed.winner,
                reason=claimed.reason,
                plies=count(self.replay.rules.counting, self.replay.ply(), self.lang),
            )
        if claimed.winner != computed.winner:
            return self._against("wrong_winner", computed, claimed=claimed.winner)
        if claimed.reason != computed.reason:
            return self._against("wrong_reason", computed, claimed=claimed.reason)
        return None


def validate(
    source: str, record: GameRecord, replay: Replay, *, lenient: bool, lang: Lang
) -> Verdict:
    """The verdict on one readable record."""
    validation = Validation(record, replay, lenient=lenient, lang=lang)
    problem, computed = validation.run()
    pending: list[PendingCheck] = []
    if problem is None:
        computed = replay.outcome()
        pending = [
            PendingCheck(
                code=d.code,
                ply=d.ply,
                rules=(rules := replay.rules.violation(d.code).rules),
                citation=replay.rules.cite(rules, lang),
                description=d.description[lang],
            )
            for d in replay.pending()
        ]
    return Verdict(
        source=source,
        game=record.game,
        game_id=record.game_id,
        status="invalid" if problem else "pending" if pending else "valid",
        pending=pending,
        plies=replay.ply(),
        problem=problem,
        claimed=record.claimed,
        computed=computed,
        warnings=validation.warnings,
        interpretations=replay.interpretations_in_force(),
    )

"""The record-level checks shared by all games: the validation loop, which replays a
record's events (and the illegal attempts taken back before them) and compares the claimed
result with the rules', into a :class:`~adjudicator.core.judge.verdict.Verdict`.

The loop knows nothing of any game's rules: only that an event is accepted or violates
something (:class:`~adjudicator.core.judge.replay.Replay`), and that the rules may decide an
:class:`Outcome`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.plies import count, ply_name
from adjudicator.core.judge.replay import ACCEPTED, Replay, Step
from adjudicator.core.judge.verdict import Note, PendingCheck, Problem, Verdict
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import ENDINGS_OUTSIDE_PLAY, Event, GameRecord
from adjudicator.core.read.said_later import found_later, note_in

#: The record-level checks, by code: the id of each one's message in the catalogue.
RECORD_MESSAGES: dict[str, str] = {
    "moves_after_end": "core.record.moves_after_end",
    "attempt_was_legal": "core.record.attempt_was_legal",
    "result_missing": "core.record.result_missing",
    "result_undecided": "core.record.result_undecided",
    "wrong_winner": "core.record.wrong_winner",
    "wrong_reason": "core.record.wrong_reason",
    "ended_after_decided": "core.record.ended_after_decided",
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
        message = say(RECORD_MESSAGES[code], lang, **words)
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
            read = say(
                "core.record.read_as",
                self.lang,
                written=event.written,
                normalized=step.normalized_to,
            )
            self.warnings.append(Note(code="normalized", location=self._ply(ply), message=read))
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

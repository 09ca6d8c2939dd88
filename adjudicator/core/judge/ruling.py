"""A ruling on a disputed moment: the game and its replay standing there (a record's
before a ply, or a written position with its history) and what the rulebook says of an
action played on it. ``adjudicate`` shows it; ``orbit-dominion analyze`` and
``verify-proof`` start from the same moment, so that all count the same history."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from pydantic import BaseModel, Field

from adjudicator.core.batch.files import is_text_notation, read_record
from adjudicator.core.capabilities import Capability, Positions, able, need
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import LANGS, Lang, in_both, said
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.outcome_after import OutcomeAfter, outcome_after
from adjudicator.core.judge.plies import count, ply_name
from adjudicator.core.judge.replay import Replay, Step
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.numbers import NumberError, read_int
from adjudicator.core.read.records import Event, GameRecord
from adjudicator.core.registry import Registry
from adjudicator.core.write.report import labels


class Ruling(BaseModel):
    """A ruling on one disputed action."""

    side_to_move: str
    ply: int = Field(
        description="The ply of the disputed action (1-based): the ruling is on the "
        "position before it, after ply - 1 actions (docs/records.md, 'Plies')."
    )
    position_before: str
    drawing_before: str
    decided_before: Outcome | None
    action: str
    legal: bool
    violation: str | None = None
    violation_at: int | None = Field(
        None,
        description="The ply of the earlier event the violation belongs to, when the action "
        "opened hidden information that proves it illegal (Dark Nebula's revelation or "
        "disclosure); null when the violation is the action's own.",
    )
    violation_action: str | None = Field(
        None, description="With violation_at: that event as the record writes it."
    )
    rules: list[str] = Field(
        default_factory=list,
        description="The rule references that decide the ruling: for an illegal action "
        "those it breaks, for a legal one those that allow it (what it decides is in "
        "outcome_after).",
    )
    citation: str | None = Field(
        None, description="The rules cited, as the rulebook names them, in the language chosen."
    )
    message: str | None = None
    position_after: str | None = None
    drawing_after: str | None = None
    outcome_after: OutcomeAfter | None = None


def load(
    registry: Registry, path: Path, *, lenient: bool, sheet: bool = False
) -> tuple[Game, GameRecord, str]:
    """The record's game, the record and the file's text; an ``InputError`` naming the
    file (:meth:`InputError.in_file`) if it does not read. ``sheet``: read as a score sheet
    to repair (:func:`~adjudicator.core.batch.files.read_record`)."""
    try:
        text = read_text(path)
        return (
            *read_record(
                registry,
                text,
                lenient=lenient,
                text_notation=is_text_notation(path),
                sheet=sheet,
            ),
            text,
        )
    except InputError as err:
        raise err.in_file(str(path)) from None


def ruled_event(
    game: Game, events: Sequence[Event], ply: int, at: int | None, lang: Lang
) -> tuple[str, str, str | None]:
    """The event a violation rules on, as its ply and its text: the event at ``ply``, or
    the earlier one at ``at`` when the event at ``ply`` opened hidden information that
    proves that one illegal (Dark Nebula's revelation or disclosure); and then, in that
    case, the opening event quoted with its ply (else ``None``)."""
    counting = game.rules.counting
    if at is None or at == ply:
        return ply_name(counting, ply, lang), events[ply - 1].written, None
    found = labels(lang)["opened_at"].format(
        ply=ply_name(counting, ply, lang), action=events[ply - 1].written
    )
    return ply_name(counting, at, lang), events[at - 1].written, found


def rule(
    state: Replay,
    game: Game,
    action: str,
    *,
    lenient: bool,
    lang: Lang,
    events: Sequence[Event] = (),
) -> Ruling:
    """The ruling on ``action`` played on ``state``; ``events`` the record's, by ply, for
    quoting an earlier event the action proves illegal. An action that does not read is
    an ``InputError`` located at ``--action``."""
    before = {
        "side_to_move": state.side_to_move(),
        "ply": state.actions_made() + 1,
        "position_before": state.describe(lang),
        "drawing_before": state.drawing(lang),
        "decided_before": state.outcome(),
        "action": action,
    }
    try:
        step = state.attempt(action, lenient=lenient)
    except InputError as err:
        raise err.at("--action") from None
    if step.violation is not None:
        v = step.violation
        earlier = step.at if step.at not in (None, before["ply"]) else None
        quoted = events[earlier - 1].written if earlier and earlier <= len(events) else None
        return Ruling(
            **before,
            legal=False,
            violation=v.code,
            violation_at=earlier,
            violation_action=quoted,
            rules=v.rules,
            citation=v.cite(game.rules, lang),
            message=v.message(lang),
        )
    allowing = state.allowing()
    return Ruling(
        **before,
        legal=True,
        rules=allowing,
        citation=game.rules.cite(allowing, lang) if allowing else None,
        position_after=state.describe(lang),
        drawing_after=state.drawing(lang),
        outcome_after=outcome_after(game.rules, state, lang),
    )


#: ``--at end``: the position after the record's last event.
AT_END = "end"


def read_at(at: str | None) -> int | str | None:
    """``--at`` as every command taking it reads it: a ply from 1, or :data:`AT_END`, so
    that the position after a record's last action is named the same way everywhere;
    anything else is a usage error saying so."""
    if at is None or at == AT_END:
        return at
    with suppress(NumberError):
        ply = read_int(at, what="--at")
        if ply >= 1:
            return ply
    raise InputError("usage", said("core.ruling.at_ply", at=at), field="--at")


def record_at(record: Path | None, at: str | None) -> int | str | None:
    """``--at`` where it goes only with ``--record`` (``verify-proof``): read as
    :func:`read_at` reads it, and refused without its record or the record without it."""
    if (record is None) != (at is None):
        raise InputError("usage", said("core.ruling.record_and_at"))
    return read_at(at)


def dispute_moment(
    registry: Registry,
    record: Path | None,
    at: int | str | None,
    position: str | None,
    history: list[str] | None,
    game_id: str | None,
    lenient: bool,
    turn: int | None = None,
) -> tuple[Replay, Game, Sequence[Event]]:
    """The game and its replay at a disputed moment, with the record's events by ply (none
    for a position): a record's before ply ``at`` (:data:`AT_END`: after its last event),
    or before the event the game's own count calls ``turn`` (Astro-Stra's 6ターン目, as the
    outputs print it); or a position with the earlier positions that stood (``history``).
    What ``adjudicate`` rules on, and ``orbit-dominion analyze`` analyses, so both count
    the same history."""
    if (record is None) == (position is None):
        raise InputError("usage", said("core.ruling.record_or_position"))
    if record is None:
        if turn is not None:
            raise InputError("usage", said("core.ruling.turn_needs_record"), field="--turn")
        game = _position_game(registry, game_id)
        replay = need(game, Positions).replay_from_position(position or "", history or [])
        return replay, game, ()
    if at is None and turn is None:
        raise InputError("usage", said("core.ruling.record_needs_at"))
    if at is not None and turn is not None:
        raise InputError("usage", said("core.ruling.at_or_turn"))
    game, rec, _ = load(registry, record, lenient=lenient)
    ply = _disputed_ply(game, len(rec.events), at, turn)
    try:
        return _replayed_to(game, rec, ply, lenient), game, rec.events
    except InputError as err:
        raise err.in_file(str(record)) from None


def _disputed_ply(game: Game, events: int, at: int | str | None, turn: int | None) -> int:
    """The ply a dispute stands before: ``at`` as given, or after the last event for
    :data:`AT_END`; ``turn`` counted as the game says its plies (its named set-up events,
    Astro-Stra's opening roll and draft, come first). Past the end, a usage error."""
    if turn is not None:
        ply, field = turn + len(game.rules.counting.setup), "--turn"
    else:
        ply = events + 1 if at == AT_END else at if isinstance(at, int) else 0
        field = "--at"
    if ply > events + 1:
        plies = in_both(lambda lang: count(game.rules.counting, events, lang))
        raise InputError("usage", said("core.ruling.past_end", plies=plies), field=field)
    return ply


def _replayed_to(game: Game, rec: GameRecord, at: int, lenient: bool) -> Replay:
    """The record replayed up to before ply ``at``; an event before it that does not read,
    or is illegal, is an ``InputError``."""
    state = game.replay(rec)
    for ply, event in enumerate(rec.events[: at - 1], 1):
        try:
            step = state.attempt(event.played, lenient=lenient)
        except InputError as err:
            raise err.at_ply(ply, game.rules.counting) from None
        if step.violation is not None:
            key, params = _illegal_before(game, rec.events, ply, step)
            raise InputError("illegal_record", said(key, **params))
    return state


def _illegal_before(
    game: Game, events: Sequence[Event], ply: int, step: Step
) -> tuple[str, dict[str, object]]:
    """Why a record cannot be ruled on at a later ply, as the catalogue's id and its
    parameters: its event at ``ply`` (or the earlier one it proves illegal) breaks a rule,
    said with its code and, when hidden information proved it, the opening event."""
    code = step.violation.code if step.violation is not None else ""
    ruled = {lang: ruled_event(game, events, ply, step.at, lang) for lang in LANGS}
    params: dict[str, object] = {
        "ply": in_both(lambda lang: ruled[lang][0]),
        "written": ruled["en"][1],
        "code": code,
    }
    if ruled["en"][2] is None:
        return "core.ruling.illegal_before", params
    params["found"] = in_both(lambda lang: ruled[lang][2] or "")
    return "core.ruling.illegal_before_found", params


def _position_game(registry: Registry, game_id: str | None) -> Game:
    """The game named by ``--game``; without it, the only game whose disputes may start
    from a position."""
    candidates = [g for g in registry.games if able(g, Capability.POSITIONS)]
    if game_id is None and len(candidates) == 1:
        return candidates[0]
    if game_id is None:
        choices = ", ".join(f"{g.slug} ({g.id})" for g in candidates)
        raise InputError(
            "unknown_game",
            said("core.ruling.game_needed"),
            field="--game",
            expected=said("core.input.one_of", choices=choices),
        )
    return registry.find(game_id)

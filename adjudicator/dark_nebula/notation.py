"""The one-line spelling of each event, and the line-based text record built from them.

One line per event, stamped with its turn and step (5.0)::

    setup: battleship@raigerin battleship@zarek guard_ship@earth guard_ship@radia
    1.1 empire production: cruiser@tyrann; extra battleship@tyrann
    1.2 empire movement: cruiser@tyrann>zarek command_ship@tyrann>zarek
    1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship | 2 e.cruiser=3,5
    1.4 rebel production: battleship@raigerin; base cruiser
    1.5 rebel movement: battleship@raigerin>radia; appear cruiser>radia
    1.6 rebel combat: -
    1.7 search: zarek raibia; reveal nafaelas 3f9c…; roll 4
    disclose: nafaelas 3f9c…

Counters and sectors are written by id; ``-`` is an empty step. In a battle, volleys are
separated by ``|`` and battles by ``;``; a volley is its class, the dice (``e.`` for the
empire, ``r.`` for the rebels, ``kind=d,d``) and, after ``/``, the counters removed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import overload

from pydantic import ValidationError

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said
from adjudicator.core.protocol.requests import validation_error
from adjudicator.core.read.numbers import (
    NumberError,
    ascii_spelling,
    only_full_width,
    other_digits,
    read_int,
    require_ascii_digits,
)
from adjudicator.core.read.records import Event
from adjudicator.dark_nebula.board import BoardDefinition, Side
from adjudicator.dark_nebula.record import (
    Appearance,
    Battle,
    Combat,
    Disclosure,
    GameEvent,
    Move,
    Movement,
    Opening,
    Place,
    Production,
    Search,
    Setup,
    Volley,
    place_turns,
)
from adjudicator.dark_nebula.state import PHASES

SIDE_LETTER = {"empire": "e", "rebel": "r"}
LETTER_SIDE = {v: k for k, v in SIDE_LETTER.items()}
_STAMPED = re.compile(r"^([0-9]+)\.([1-7]) ([a-z ]+): (.*)$")
_STEP = {phase_side: step for step, phase_side in PHASES.items()}
_SEARCH_STEP = _STEP[("search", None)]


#: The event class and side of each step of a turn (5.0), by its index from 0: what
#: :func:`step_of` gives, asked the other way round.
_STEP_EVENTS = {"production": Production, "movement": Movement, "combat": Combat, "search": Search}
TURN_STEPS: tuple[tuple[type, Side | None], ...] = tuple(
    (_STEP_EVENTS[name], side) for name, side in PHASES.values()
)

#: Each step's words in its stamp: ``empire production``, ``search``.
_STAMP_WORDS = {step: f"{side} {name}" if side else name for step, (name, side) in PHASES.items()}


def stamp(turn: int, step: int) -> str:
    return f"{turn}.{step} {_STAMP_WORDS[step]}"


def restamped(line: str, index: int) -> str:
    """``line`` as the event at ``index`` (0-based, the set-up first) of a record: a step's
    line standing where the same step of another turn goes (5.0: seven steps a turn) is
    written with that turn's number; any other line as it is."""
    found = _STAMPED.match(line)
    if found is None or index < 1:
        return line
    turn, step = divmod(index - 1, len(TURN_STEPS))
    if found[2] != str(step + 1) or found[1] == str(turn + 1):
        return line
    return f"{turn + 1}.{line[found.end(1) + 1 :]}"


# --- writing -----------------------------------------------------------------------------------


def _places(places: list[Place]) -> str:
    return " ".join([f"{p.counter}@{p.sector}" for p in places]) or "-"


def _volley(v: Volley) -> str:
    parts: list[str] = [v.cls]
    for side, kinds in v.dice.items():
        for kind, dice in kinds.items():
            parts.append(f"{SIDE_LETTER[side]}.{kind}={','.join(map(str, dice))}")
    removed = [f"{SIDE_LETTER[side]}.{k}" for side, kinds in v.removed.items() for k in kinds]
    if removed:
        parts += ["/", *removed]
    return " ".join(parts)


def body(event: GameEvent) -> str:
    """The part of the line after the stamp. Events are told apart by their exact class
    (``type(event) is``), here and in the replay: ``isinstance`` against a pydantic model
    that does not match goes through an ABC check that costs as much as the work itself."""
    if type(event) is Setup:
        return _places(event.rebel)
    if type(event) is Production:
        parts = [_places(event.builds)]
        if event.extra:
            parts.append(f"extra {event.extra.counter}@{event.extra.sector}")
        if event.base_builds:
            parts.append("base " + " ".join(event.base_builds))
        return "; ".join(parts)
    if type(event) is Movement:
        moves = " ".join([f"{m.counter}@{m.src}>{m.dst}" for m in event.moves]) or "-"
        if event.appearances:
            moves += "; appear " + " ".join([f"{a.counter}>{a.to}" for a in event.appearances])
        return moves
    if type(event) is Combat:
        battles = [f"{b.sector}: " + " | ".join(map(_volley, b.volleys)) for b in event.battles]
        return "; ".join(battles) or "-"
    if type(event) is Search:
        parts = [" ".join(event.searches) or "-"]
        if event.reveal:
            parts.append(f"reveal {event.reveal.sector} {event.reveal.nonce}")
        if event.roll is not None:
            parts.append(f"roll {event.roll}")
        return "; ".join(parts)
    return f"{event.sector} {event.nonce}"


@overload
def step_of(event: Production | Movement | Combat | Search) -> int: ...
@overload
def step_of(event: GameEvent) -> int | None: ...
def step_of(event: GameEvent) -> int | None:
    """The step of 5.0 (1–7) an event says it is, from its phase and side; ``None`` for the
    set-up and the disclosure."""
    if type(event) is Search:
        return _SEARCH_STEP
    if type(event) is Setup or type(event) is Disclosure:
        return None
    return _STEP[(event.phase, event.side)]


def line(event: GameEvent, turn: int | None = None) -> str:
    """The event as its line, stamped with the step it says it is, of ``turn`` when the
    event does not name its own."""
    if type(event) is Setup:
        return f"setup: {body(event)}"
    if type(event) is Disclosure:
        return f"disclose: {body(event)}"
    if event.turn is not None:
        turn = event.turn
    assert turn is not None, "an event that names no turn is given the one it is played in"
    return f"{stamp(turn, step_of(event))}: {body(event)}"


def lines(events: list[GameEvent]) -> list[str]:
    """Every event as its line. An event that does not name its turn (a JSON record may leave
    it out) is stamped with the turn its place in the sequence of play gives."""
    return [line(event, turn) for event, turn in zip(events, place_turns(events), strict=True)]


class _Spelled(Event):
    """An event played as read whose line is spelled when first shown: a valid record
    shows none, and spelling every event cost as much as reading it. Only events that name
    their turn are made so (the line then depends on the event alone)."""

    __slots__ = ()

    @property
    def written(self) -> str:
        return line(self.read)


class RecordEvents(Sequence[Event]):
    """A record's events as the core sees them, each played as read, made when first asked
    for: a valid record's replay plays ``read`` itself
    (:meth:`~adjudicator.dark_nebula.replay.DarkNebulaReplay.play_accepted`) and asks for
    none. When one does not name its turn, its line depends on its place, and every line is
    spelled at once."""

    def __init__(self, read: list[GameEvent]) -> None:
        self.read = read
        self._made: list[Event] | None = None

    def _events(self) -> list[Event]:
        if self._made is None:
            self._made = _spelled(self.read)
        return self._made

    def __len__(self) -> int:
        return len(self.read)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice) and not range(len(self.read))[index]:
            return []  # what is left after the events played: none, for a valid record
        return self._events()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events())


def _spelled(events: list[GameEvent]) -> list[Event]:
    for event in events:
        if type(event) is not Setup and type(event) is not Disclosure and event.turn is None:
            return [Event(text, read=e) for text, e in zip(lines(events), events, strict=True)]
    return [_Spelled("", read=event) for event in events]


# --- reading -----------------------------------------------------------------------------------


def printed_names(board: BoardDefinition) -> list[tuple[str, str]]:
    """The board's printed names with their ids, longest name first so that no name is
    replaced inside a longer one."""
    pairs = [(s.name, s.id) for s in board.sectors if s.name != s.id]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


def with_ids(line: str, names: list[tuple[str, str]]) -> str:
    """The line with printed sector names (ザレク) replaced by their ids (zarek): the one
    documented alternative spelling, accepted in lenient mode."""
    for name, sector in names:
        line = line.replace(name, sector)
    return line


def _bad(text: str, why: Said) -> InputError:
    return InputError(
        "malformed_event",
        said("dark_nebula.notation.at_line", text=text, why=why),
        expected=said("dark_nebula.notation.event_syntax"),
    )


def _number(text: str, line: str, what: str) -> int:
    """A number of the line, read by the one reader of numbers (ASCII digits, bounded);
    ``what`` is the id of its name in the catalogue."""
    try:
        return read_int(text, what=said(what))
    except NumberError as err:
        raise _bad(line, err.message) from None


def canonical_line(line: str, names: list[tuple[str, str]], *, lenient: bool) -> str:
    """The line as the notation writes it, or a refusal (``noncanonical_notation``, the
    canonical line suggested) of an alternative spelling: printed sector names (ザレク) and
    full-width digits are read with ``lenient``, other digits never."""
    canonical = ascii_spelling(with_ids(line, names))
    if canonical == line:
        return line
    if not only_full_width(line):
        raise other_digits(line, canonical, None, lenient=lenient)
    if lenient:
        return canonical
    if ascii_spelling(line) != line:
        raise other_digits(line, canonical, None, lenient=lenient)
    raise InputError(
        "noncanonical_notation",
        said("dark_nebula.notation.printed_names", line=line),
        expected=said("dark_nebula.notation.printed_names_expected"),
        suggestion=canonical,
    )


def has_stay(event: Movement) -> bool:
    """Whether a movement writes a counter "moving" to the sector it stands on: 8.0 moves a
    counter to another sector, and a counter that stays is not written."""
    return any([m.src == m.dst for m in event.moves])


def without_stays(event: Movement) -> Movement:
    """The movement with every counter written as staying left out: what ``--lenient``
    reads (the counter stays where it is, as it would had nothing been written)."""
    return event.model_copy(update={"moves": [m for m in event.moves if m.src != m.dst]})


def stay_refused(event: Movement, turn: int) -> InputError:
    """A movement writing a counter that stays (``cruiser@tyrann>tyrann``), refused in
    strict notation (``noncanonical_notation``) with the line that leaves it out: 8.0
    moves a counter to another sector. ``turn`` stamps an event that names none."""
    written, canonical = line(event, turn), line(without_stays(event), turn)
    stays = " ".join([f"{m.counter}@{m.src}>{m.dst}" for m in event.moves if m.src == m.dst])
    return InputError(
        "noncanonical_notation",
        said("dark_nebula.notation.stays", written=written, stays=stays),
        expected=said("dark_nebula.notation.stays_expected"),
        suggestion=canonical,
    )


def _tokens(text: str) -> list[str]:
    return [] if text.strip() == "-" else text.split()


def _place(token: str, line: str) -> Place:
    kind, at, sector = token.partition("@")
    if not at:
        raise _bad(line, said("dark_nebula.notation.not_place", token=token))
    return Place.model_validate({"counter": kind, "sector": sector})


def _move(token: str, line: str) -> Move:
    m = re.fullmatch(r"([a-z_]+)@([a-z0-9-]+)>([a-z0-9-]+)", token)
    if not m:
        raise _bad(line, said("dark_nebula.notation.not_move", token=token))
    return Move.model_validate({"counter": m[1], "from": m[2], "to": m[3]})


def _volley_of(text: str, line: str) -> Volley:
    fired, slash, removed_text = text.partition("/")
    tokens = fired.split()
    if not tokens:
        raise _bad(line, said("dark_nebula.notation.volley_class"))
    dice: dict[str, dict[str, list[int]]] = {}
    for token in tokens[1:]:
        # an empty list (e.cruiser=) is read, so that missing dice are dice_count (9.1)
        m = re.fullmatch(r"([er])\.([a-z_]+)=([0-9]+(?:,[0-9]+)*)?", token)
        if not m:
            raise _bad(
                line,
                said("dark_nebula.notation.not_dice", token=token),
            )
        rolled = (
            [_number(d, line, "dark_nebula.notation.what.die") for d in m[3].split(",")]
            if m[3]
            else []
        )
        dice.setdefault(LETTER_SIDE[m[1]], {})[m[2]] = rolled
    removed: dict[str, list[str]] = {}
    for token in removed_text.split() if slash else []:
        m = re.fullmatch(r"([er])\.([a-z_]+)", token)
        if not m:
            raise _bad(
                line,
                said("dark_nebula.notation.not_removed", token=token),
            )
        removed.setdefault(LETTER_SIDE[m[1]], []).append(m[2])
    return Volley.model_validate({"class": tokens[0], "dice": dice, "removed": removed})


def _battle(text: str, line: str) -> Battle:
    sector, colon, rest = text.partition(":")
    if not colon:
        raise _bad(
            line,
            said("dark_nebula.notation.not_battle", text=text.strip()),
        )
    volleys = [_volley_of(v, line) for v in rest.split("|")]
    return Battle(sector=sector.strip(), volleys=volleys)


def _clauses(text: str) -> tuple[str, dict[str, str]]:
    """The first clause and the keyed ones that follow (``extra …``, ``base …``)."""
    first, *rest = [c.strip() for c in text.split(";")]
    keyed: dict[str, str] = {}
    for clause in rest:
        key, _, value = clause.partition(" ")
        keyed[key] = value
    return first, keyed


def _unexpected(keyed: dict[str, str], allowed: set[str], line: str) -> None:
    for key in keyed:
        if key not in allowed:
            raise _bad(line, said("dark_nebula.notation.unexpected_clause", key=key))


def _event(turn: int, step: int, side_phase: str, text: str, line: str) -> GameEvent:
    name, side = PHASES[step]
    expected = f"{side} {name}" if side else name
    if side_phase != expected:
        raise _bad(
            line,
            said(
                "dark_nebula.notation.wrong_step", step=step, expected=expected, written=side_phase
            ),
        )
    if name == "production":
        first, keyed = _clauses(text)
        _unexpected(keyed, {"extra", "base"}, line)
        extra = _place(keyed["extra"], line) if "extra" in keyed else None
        assert side is not None, "PHASES: every step but the search names its side"
        return Production(
            turn=turn,
            phase="production",
            side=side,
            builds=[_place(t, line) for t in _tokens(first)],
            extra=extra,
            base_builds=keyed.get("base", "").split(),
        )
    if name == "movement":
        first, keyed = _clauses(text)
        _unexpected(keyed, {"appear"}, line)
        appearances = []
        for token in keyed.get("appear", "").split():
            kind, gt, to = token.partition(">")
            if not gt:
                raise _bad(
                    line,
                    said("dark_nebula.notation.not_build", token=token),
                )
            appearances.append(Appearance.model_validate({"counter": kind, "to": to}))
        moves = [_move(t, line) for t in _tokens(first)]
        assert side is not None, "PHASES: every step but the search names its side"
        return Movement(
            turn=turn, phase="movement", side=side, moves=moves, appearances=appearances
        )
    if name == "combat":
        battles = [] if text.strip() == "-" else [_battle(b, line) for b in text.split(";")]
        assert side is not None, "PHASES: every step but the search names its side"
        return Combat(turn=turn, phase="combat", side=side, battles=battles)
    first, keyed = _clauses(text)
    _unexpected(keyed, {"reveal", "roll"}, line)
    reveal = None
    if "reveal" in keyed:
        parts = keyed["reveal"].split()
        if len(parts) != 2:
            raise _bad(line, said("dark_nebula.notation.reveal"))
        reveal = Opening(sector=parts[0], nonce=parts[1])
    roll = keyed.get("roll")
    return Search(
        turn=turn,
        phase="search",
        searches=_tokens(first),
        reveal=reveal,
        roll=None if roll is None else _number(roll, line, "dark_nebula.notation.what.roll"),
    )


def parse_line(line: str) -> GameEvent:
    """An event from its line, with the turn its stamp gives. Raises :class:`InputError`
    ``malformed_event``."""
    if not isinstance(line, str):
        raise _bad(str(line), said("dark_nebula.notation.not_a_line"))
    require_ascii_digits(line)
    try:
        if line.startswith("setup: "):
            rest = line.removeprefix("setup: ")
            return Setup(phase="setup", rebel=[_place(t, line) for t in _tokens(rest)])
        if line.startswith("disclose: "):
            parts = line.removeprefix("disclose: ").split()
            if len(parts) != 2:
                raise _bad(
                    line,
                    said("dark_nebula.notation.disclose"),
                )
            return Disclosure(phase="disclosure", sector=parts[0], nonce=parts[1])
        m = _STAMPED.match(line)
        if not m:
            raise _bad(
                line,
                said("dark_nebula.notation.no_stamp"),
            )
        return _event(
            _number(m[1], line, "dark_nebula.notation.what.turn"),
            _number(m[2], line, "dark_nebula.notation.what.step"),
            m[3],
            m[4],
            line,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        why = validation_error(exc).message  # pydantic's refusal in the core's words
        raise _bad(line, said("dark_nebula.notation.at_field", where=where, why=why)) from None

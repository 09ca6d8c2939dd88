"""The canonical JSON record of a Dark Nebula game (format ``dark-nebula-record/1``).

A record is a list of events: the set-up, then the seven steps of every turn (5.0) in
order, each with every choice and every die, and at the end, when the base never appeared,
the post-game disclosure that opens its commitment. While the base is hidden the record
holds only what the empire saw (the base's production value and what it built are public,
interpretation 11); a director's full record adds ``secret``, the opening known from the
start, which ``adjudicator dark-nebula redact`` removes.

Each event also has a one-line spelling (see :mod:`adjudicator.dark_nebula.notation`), shown
in reports; the replay plays the events themselves, whichever form they were read from.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import Annotated, Any, Literal, final

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from adjudicator.core.judge.verdict import ClaimedResult, Note
from adjudicator.core.protocol.requests import PATTERNS
from adjudicator.core.read.records import ClaimedResultModel, Event, GameRecord
from adjudicator.dark_nebula.board import SECTOR_ID, BoardDefinition, Kind, Side, resolve_board
from adjudicator.dark_nebula.identity import GAME_ID, Reason
from adjudicator.dark_nebula.readings import Readings

ClassName = Literal["0★", "3", "2", "1", "0"]
#: A game's own id, bound into the commitment: letters, digits and ``. _ : / -``.
GAME_INSTANCE_ID = r"^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$"
PATTERNS[GAME_INSTANCE_ID] = "dark_nebula.pattern.game_instance_id"
PATTERNS[SECTOR_ID] = "dark_nebula.pattern.sector_id"
Sector = Annotated[str, Field(pattern=SECTOR_ID, description="A sector id of the board.")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Place(_Strict):
    counter: Kind
    sector: Sector


class Move(_Strict):
    counter: Kind
    src: Sector = Field(alias="from")
    dst: Sector = Field(alias="to")


class Appearance(_Strict):
    """A counter from the hidden base, placed where its move ended (7.5)."""

    counter: Kind
    to: Sector


class Volley(_Strict):
    cls: ClassName = Field(alias="class", description="The class firing: 0★, 3, 2, 1 or 0.")
    dice: dict[Side, dict[Kind, list[StrictInt]]] = Field(
        default_factory=dict, description="One die per firing counter, by side and kind."
    )
    removed: dict[Side, list[Kind]] = Field(
        default_factory=dict, description="The counters each side removed, its own choice."
    )


class Battle(_Strict):
    sector: Sector
    volleys: list[Volley] = Field(min_length=1)


class Opening(_Strict):
    """The base's sector and the nonce of its commitment."""

    sector: Sector
    nonce: str


class _TurnStep(_Strict):
    """One of the seven steps of a turn (5.0). ``phase`` and ``side`` say which step it is;
    ``turn``, when given (the text notation always gives it), says which turn. The replay
    judges the event as the step it says it is, never by its place in the list."""

    turn: StrictInt | None = Field(default=None, ge=1, description="The turn it belongs to (5.0).")


@final  # never subclassed: the replay tells events apart by their exact class
class Setup(_Strict):
    phase: Literal["setup"]
    rebel: list[Place] = Field(description="The rebels' four counters (3.2).")


@final  # never subclassed: the replay tells events apart by their exact class
class Production(_TurnStep):
    phase: Literal["production"]
    side: Side
    builds: list[Place] = Field(default_factory=list)
    extra: Place | None = Field(default=None, description="The empire's 6.4 counter.")
    base_builds: list[Kind] = Field(
        default_factory=list, description="Built on the secret base (7.0), rebels only."
    )


@final  # never subclassed: the replay tells events apart by their exact class
class Movement(_TurnStep):
    phase: Literal["movement"]
    side: Side
    moves: list[Move] = Field(default_factory=list)
    appearances: list[Appearance] = Field(
        default_factory=list, description="From the hidden base (7.5), rebels only."
    )


@final  # never subclassed: the replay tells events apart by their exact class
class Combat(_TurnStep):
    phase: Literal["combat"]
    side: Side
    battles: list[Battle] = Field(
        default_factory=list, description="Every contested sector, in the order chosen (9.0)."
    )


@final  # never subclassed: the replay tells events apart by their exact class
class Search(_TurnStep):
    phase: Literal["search"]
    searches: list[Sector] = Field(default_factory=list, description="10.1")
    reveal: Opening | None = Field(default=None, description="10.2 forced or 10.3 by choice.")
    roll: StrictInt | None = Field(
        default=None, description="The 10.7 die, while the base is hidden."
    )


@final  # never subclassed: the replay tells events apart by their exact class
class Disclosure(_Strict):
    """After the game, the opening of a commitment whose base never appeared."""

    phase: Literal["disclosure"]
    sector: Sector
    nonce: str


GameEvent = Annotated[
    Setup | Production | Movement | Combat | Search | Disclosure, Field(discriminator="phase")
]


class BoardRef(_Strict):
    id: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class Result(ClaimedResultModel):
    winner: Side | None = None
    reason: Reason | None = None
    resigned: Side | None = None


class Meta(_Strict):
    event: str | None = None
    site: str | None = None
    date: str | None = None
    round: str | None = None
    empire: str | None = None
    rebel: str | None = None


class Record(_Strict):
    format: Literal["dark-nebula-record/1"]
    game: Literal["dark-nebula/2011"]
    game_id: str = Field(
        pattern=GAME_INSTANCE_ID, description="This game's own id, bound into the commitment."
    )
    board: BoardRef
    commitment: str = Field(
        pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the base's opening (3.1)."
    )
    interpretations: Readings = Field(default_factory=Readings)
    secret: Opening | None = Field(
        default=None, description="Only in a director's full record: the opening, known early."
    )
    meta: Meta = Field(default_factory=Meta)
    events: list[GameEvent]
    result: Result = Field(default_factory=Result)
    ext: dict[str, object] = Field(default_factory=dict, description="Extensions.")

    def board_definition(self) -> BoardDefinition:
        """The board definition the record names, its digest checked (an unknown board, or
        one with another digest, is an input error), and the header's secret sector one of
        its sectors: resolved when the record is read, and kept for its replay."""
        return self._board_definition

    @cached_property
    def _board_definition(self) -> BoardDefinition:
        return self.checked_on(resolve_board(self.board.id, self.board.sha256))

    def checked_on(self, board: BoardDefinition) -> BoardDefinition:
        """``board``, once the header's secret sector is found to be one of its sectors (an
        unknown one is an input error at ``secret.sector``, before any event is read)."""
        if self.secret is not None and self.secret.sector not in board.by_id:
            board.sector_id(self.secret.sector, field="secret.sector")  # raises unknown_sector
        return board

    def to_game_record(self, warnings: list[Note], events: Sequence[Event]) -> GameRecord:
        """The record for the core, with its events as the core sees them."""
        result = self.result  # its three fields, as they are: a dump of it costs twice as much
        claimed = ClaimedResult(
            winner=result.winner, reason=result.reason, resigned=result.resigned
        )
        return GameRecord(GAME_ID, self.game_id, self, events, claimed, warnings)

    def dump(self) -> dict[str, object]:
        """The canonical JSON form: defaults left out, aliases used."""
        return self.model_dump(mode="json", by_alias=True, exclude_defaults=True)

    def as_ruled(self) -> dict[str, Any]:
        """The record as the rules see it (:meth:`~adjudicator.core.game.Game.canonical_data`):
        :meth:`dump`, with each event that leaves its turn out given the turn its place
        gives (the replay takes it as that turn, 5.0, and the text notation's stamp writes
        it), and a volley's side that rolled no die or removed no counter left out (the
        rules read it as one not written, 9.1, 9.2)."""
        data: dict[str, Any] = self.dump()
        for event, turn in zip(data["events"], place_turns(self.events), strict=True):
            if turn is not None:
                event.setdefault("turn", turn)
            for battle in event.get("battles", ()):
                for volley in battle["volleys"]:
                    for key in ("dice", "removed"):
                        sides = {side: v for side, v in volley.get(key, {}).items() if v}
                        if sides:
                            volley[key] = sides
                        else:
                            volley.pop(key, None)
        return data


def place_turns(events: Sequence[GameEvent]) -> Iterator[int | None]:
    """The turn each event's place gives, counting the steps of turns before it (5.0: seven
    steps a turn), as the replay expects it of an event that does not name its own;
    ``None`` for the set-up and the disclosure, which belong to no turn."""
    steps = 0
    for event in events:
        kind = type(event)
        if kind is Setup or kind is Disclosure:
            yield None
        else:
            yield steps // 7 + 1
            steps += 1

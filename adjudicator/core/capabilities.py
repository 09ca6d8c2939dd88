"""What a game can do beyond the required core of :class:`~adjudicator.core.game.Game`,
declared as data, the way OpenSpiel's game types declare theirs.

A game lists its :class:`Capability` values in ``Game.capabilities`` and, for each one that
asks something of it, implements the interface of that name here (:class:`Solver`,
:class:`Positions`, …). The core and the shell ask :func:`able` whether a game can, and
take the interface through :func:`need`, which refuses a game that has not declared it
with the ``unsupported`` error of that capability, in both languages: there are no
methods that exist on every game only to raise.

This module imports no game and no model: the games subclass its interfaces at start-up.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.core.conformance.making import PlaythroughMaker
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.legal import LegalNext
    from adjudicator.core.judge.replay import Replay
    from adjudicator.core.read.records import GameRecord


class Capability(StrEnum):
    """One ability a game may declare; its value is the name docs and listings show."""

    #: ``adjudicate --solve``: whether a side forces a win (:class:`Solver`).
    SOLVER = "solver"
    #: ``adjudicate --position``: a dispute started from a written position (:class:`Positions`).
    POSITIONS = "positions"
    #: ``adjudicate --legal``: what the side to move may play next (:class:`LegalList`).
    LEGAL_LIST = "legal_list"
    #: The engine protocol's ``perft`` command (:class:`Perft`).
    PERFT = "perft"
    #: ``adjudicator repair``: a record with other events (:class:`Repairable`).
    REPAIR = "repair"
    #: ``adjudicator new``: a record to fill in (:class:`Skeleton`).
    SKELETON = "skeleton"
    #: ``--svg`` and the report's viewer: positions drawn as pictures (``Replay.picture``).
    PICTURES = "pictures"
    #: Golden playthroughs generated for the conformance suite (:class:`Playthroughs`).
    PLAYTHROUGHS = "playthroughs"


#: For each capability, the message refusing a game without it (``core.<id>``, said of the
#: game's id) and the option or command that asked.
REFUSALS: dict[Capability, tuple[str, str | None]] = {
    Capability.SOLVER: ("core.unsupported.solver", "--solve"),
    Capability.POSITIONS: ("core.unsupported.positions", "--position"),
    Capability.LEGAL_LIST: ("core.unsupported.legal_list", "--legal"),
    Capability.PERFT: ("core.unsupported.perft", "cmd"),
    Capability.REPAIR: ("core.unsupported.repair", "repair"),
    Capability.SKELETON: ("core.unsupported.skeleton", None),
    Capability.PICTURES: ("core.unsupported.pictures", "--svg"),
    Capability.PLAYTHROUGHS: ("core.unsupported.playthroughs", None),
}

#: Engine-protocol commands a capability adds to ``evaluate``, which every game serves; the
#: features ``hello`` announces for it are the same names.
COMMANDS: dict[Capability, str] = {Capability.PERFT: "perft"}


class Declaring(Protocol):
    """What :func:`able` and :func:`need` read of a game."""

    @property
    def id(self) -> str: ...

    @property
    def capabilities(self) -> frozenset[Capability]: ...


class Interface(ABC):
    """The methods a capability asks of a game, and which capability they are."""

    capability: ClassVar[Capability]


def able(game: Declaring, capability: Capability) -> bool:
    """Whether ``game`` declares ``capability``."""
    return capability in game.capabilities


def refuse(game: Declaring, capability: Capability) -> None:
    """Raise the ``unsupported`` error of ``capability`` unless ``game`` declares it."""
    if able(game, capability):
        return
    from adjudicator.core.errors import InputError
    from adjudicator.core.i18n import said

    key, field = REFUSALS[capability]
    raise InputError("unsupported", said(key, game=game.id), field=field)


Wanted = TypeVar("Wanted", bound=Interface)


def need(game: Declaring, interface: Callable[..., Wanted]) -> Wanted:
    """``game`` as the ``interface`` of a capability it declares; the capability's
    ``unsupported`` error for a game that does not declare it. (``interface`` is a class of
    this module, typed as what makes one: mypy takes no abstract class for a ``type``.)"""
    kind = cast("type[Wanted]", interface)
    refuse(game, kind.capability)
    if not isinstance(game, kind):
        raise TypeError(f"{game.id} declares {kind.capability} but is no {kind.__name__}")
    return game


def offered(game: Declaring, interface: Callable[..., Wanted]) -> Wanted | None:
    """``game`` as the ``interface`` of a capability it declares, or ``None``: for a caller
    that passes over the games without it (the conformance suite's playthroughs)."""
    kind = cast("type[Wanted]", interface)
    return need(game, kind) if able(game, kind.capability) else None


class Solver(Interface):
    """``adjudicate --solve``."""

    capability = Capability.SOLVER

    @abstractmethod
    def solve(
        self,
        replay: Replay,
        depth: int,
        *,
        executor: str | None,
        progress: Callable[[int, int, float], None] | None = None,
        max_nodes: int | None = None,
        seconds: float | None = None,
    ) -> BaseModel:
        """Whether a side forces a win within ``depth`` actions from where ``replay``
        stands: the game's answer, which its command-line module shows (its
        ``solve_dispute``); ``progress`` is told the depth, the positions searched and the
        seconds spent as the search goes; ``max_nodes`` and ``seconds`` bound the search
        (``None``: the game's default budget)."""


class Positions(Interface):
    """``adjudicate --position``: for a game whose whole state fits in a position notation."""

    capability = Capability.POSITIONS

    @abstractmethod
    def replay_from_position(self, position: str, history: list[str]) -> Replay:
        """A replay standing at ``position``, with earlier positions that count as history
        (for repetition rules); raise ``InputError`` for a malformed one."""


class LegalList(Interface):
    """``adjudicate --legal``."""

    capability = Capability.LEGAL_LIST

    @abstractmethod
    def legal_next(self, replay: Replay, lang: Lang, roll: str | None) -> LegalNext:
        """What the side to move may do next where ``replay`` stands, grouped as the
        rulebook groups it and in ``lang``; ``roll`` is what chance gave that side, as a
        record writes it (Astro-Stra's dice), when the game needs it."""

    def roll_written(self, event: str) -> str | None:
        """What chance gave the side in a record's ``event``, as ``--dice`` takes it: a
        list on a record lists what the recorded roll allowed when no ``--dice`` is given.
        ``None``: a game without chance, or an event that rolls nothing."""
        return None


class Perft(Interface):
    """The engine protocol's ``perft`` command."""

    capability = Capability.PERFT

    @abstractmethod
    def perft(self, request: dict[str, Any]) -> dict[str, Any]:
        """The response payload (without ``id``) to a ``perft`` request; raise
        ``InputError`` for one that cannot be served."""


class Repairable(Interface):
    """``adjudicator repair``: the search changes a record's lines and reads them back."""

    capability = Capability.REPAIR

    #: Groups of letters a person copying a score sheet confuses (``"OMI"``): a repair that
    #: changes one of them into another of its group costs less (:mod:`.transcription`).
    confusables: ClassVar[tuple[str, ...]] = ()
    #: Events from one of a side's events to its next, where the sides write alternate
    #: events (2): a side's two events exchanged or one moved to the side's next are priced
    #: as neighbours (:func:`.transcription.apart`).
    stride: ClassVar[int] = 1

    @abstractmethod
    def with_events(self, record: GameRecord, events: list[tuple[str, int | None]]) -> GameRecord:
        """``record`` with other events: each a line, with the index of the record's own
        event it is unchanged (its comments, clocks and attempts kept), or ``None`` for a
        line a repair wrote. Raise ``InputError`` for a line that does not read."""

    def on_sheet(self, record: GameRecord, ply: int, lang: Lang) -> str | None:
        """Where ply ``ply`` (1-based) stands on the score sheet, in the sheet's own terms
        (``move 6, blue``), for a game whose sheet numbers its events otherwise than by ply;
        ``None`` for one that does not."""
        return None

    def chance(self, line: str) -> bool:
        """Whether ``line`` writes what dice decided (a roll, a battle's dice): a repair
        that deletes one erases what chance wrote and no copying error explains, and is
        said to be doubtful. A game without dice has none."""
        return False

    def line_events(self, record: GameRecord) -> tuple[int, int]:
        """How the score sheet writes events on its lines: so many on each line, and so many
        on its first (Orbit Dominion: a move pair, red's and blue's actions; blue's alone
        on the first line when blue moves first). A person copying a sheet leaves out or
        writes twice a whole line; a repair edits such a line as one copying error."""
        return 1, 1

    def read_sheet(self, text: str) -> GameRecord | None:
        """``text`` read as a score sheet to repair, for a game whose text notation numbers
        its lines: the numbers read as evidence, not refused (a number skipped says a line
        is missing there, :attr:`GameRecord.gaps`); ``None`` for a game that reads a sheet
        as its notation does."""
        return None

    def renumbered(self, line: str, index: int) -> str:
        """``line`` written as the event at ``index`` (0-based) of its record: for a game
        whose events carry their number, a repair that inserts, deletes or swaps events
        numbers the ones after again, as the corrected record would write them."""
        return line

    def rows_apart(self, at: int, other: int) -> int:
        """How far apart events ``at`` and ``other`` (0-based, ``at`` first) stand on the
        score sheet, in lines as a person copying it sees them: a line written in another's
        place is the likelier the nearer they stand (docs/repair.md's ``swap`` and
        ``moved``). One event a line: as far as their plies."""
        return other - at


class Skeleton(Interface):
    """``adjudicator new``."""

    capability = Capability.SKELETON

    @abstractmethod
    def skeleton(self, form: str, lang: Lang) -> str:
        """A record to fill in, in ``form`` (``json`` or ``text``): every required tag or
        key filled (what only the game knows, like a board's digest, written out), the
        players left to fill in and, where the form has comments, the interpretations in
        force and what to write next, in ``lang``. As it stands it reads as a game not
        begun."""


class Playthroughs(Interface):
    """Golden playthroughs of the conformance suite."""

    capability = Capability.PLAYTHROUGHS

    @abstractmethod
    def playthroughs(self) -> PlaythroughMaker:
        """What the generator of golden playthroughs needs of this game (which games to
        play, how to choose, which features to count)."""


#: Every interface, by the capability it implements (``PICTURES`` is the replay's).
INTERFACES: dict[Capability, type[Interface]] = {
    i.capability: i
    for i in (Solver, Positions, LegalList, Perft, Repairable, Skeleton, Playthroughs)
}

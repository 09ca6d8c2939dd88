"""The replay a game offers the core: events played one by one (:class:`Replay`), what each
did (:class:`Step`), and the checks hidden information defers (:class:`Deferred`).

The validation loop (:mod:`adjudicator.core.judge.validation`) and the engine protocol's
``evaluate`` loop drive it, knowing nothing of any game's rules: only that an event is
accepted or violates something, and that the rules may decide an :class:`Outcome`.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.violations import Violation
from adjudicator.core.read.records import Event

if TYPE_CHECKING:
    from adjudicator.core.write.svg import Picture


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

    def accepts(self, written: str) -> bool:
        """Whether ``written`` would be accepted here (an unreadable line is not), played on
        a :meth:`copy`, which a game makes cheaper than :meth:`check`'s deep copy: a repair
        asks it at every place its search looks."""
        try:
            return self.copy().attempt(written, lenient=False).violation is None
        except InputError:
            return False

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

    def completed(self, written: str) -> list[str]:
        """Events that may have been meant where ``written`` stands, refused here, with a
        part of it left out (a die of a battle, a move of a turn, a re-roll's pips): the
        lines the game accepts here that say all ``written`` says, and more. A repair tries
        them in its place. A game that can tell none this way has none."""
        return []

    def same_effect(self, event: str) -> list[str]:
        """Other events that play here exactly as ``event`` does, for a game of chance:
        dice that fall otherwise to the same effect (a battle's misses, a roll that does
        not beat the base's value). The rest of a record cannot tell them apart, so a
        repair that writes ``event`` names them beside it as equally consistent rather
        than pick one silently. A game without chance has none."""
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

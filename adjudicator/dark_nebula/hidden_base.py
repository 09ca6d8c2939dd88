"""The hidden base's checks, deferred while its sector is unknown and run when the commitment
is opened.

While the base's sector is unknown (the empire's view of a game), whatever needs it is
registered as a :class:`~adjudicator.core.judge.replay.Deferred` check: the set-up's "not in
Tyrann" (3.1), each appearance's reachability from the base (7.5, 8.1, 8.3), each search
that went unanswered (10.2). The event that opens the commitment — a revelation (10.2,
10.3) or the post-game disclosure — runs them in order, and the first that fails is
reported at the event it concerns. A director's full record carries the opening from the
start (``secret``), so every check runs at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.replay import ACCEPTED, Deferred, Step
from adjudicator.core.judge.violations import Violation
from adjudicator.dark_nebula.commitment import nonce_problem, open_commitment
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.record import Disclosure, Opening, Search
from adjudicator.dark_nebula.refusals import Refusals, Rejected
from adjudicator.dark_nebula.state import Problem, Situation

#: What each deferred check will verify once the commitment is opened.
PENDING = {
    "base_in_capital": "dark_nebula.pending.base_in_capital",
    "appearance_unreachable": "dark_nebula.pending.appearance_unreachable",
    "concealed_base": "dark_nebula.pending.concealed_base",
}


#: The set-up is always the first event (5.0): a weak nonce that opens the commitment is its
#: fault, as the commitment it hid nothing behind was published there.
SETUP_PLY = 1


class Hidden(NamedTuple):
    """A deferred check (its code, its event, the arguments of its words) and how to run it
    once the base's sector is known. What it will verify is worded only when asked for: a
    record that opens the commitment, as most do, never needs the words."""

    code: str
    ply: int
    args: dict[str, str]
    run: Callable[[str], Problem | None]

    def deferred(self) -> Deferred:
        languages: tuple[Lang, ...] = ("en", "ja")
        text = {lang: say(PENDING[self.code], lang, **self.args) for lang in languages}
        return Deferred(self.code, self.ply, text)


class HiddenBase(Refusals):
    """The replay's deferred checks and the commitment that opens them."""

    commitment: str
    game_id: str
    situation: Situation
    hidden: list[Hidden]
    set_aside: tuple[int, list[Hidden]]
    opened: bool
    disclosed: bool
    events: int

    def _concealment_check(self, searched: str) -> Callable[[str], Problem | None]:
        def check(base_sector: str) -> Problem | None:
            if base_sector != searched:
                return None
            return "concealed_base", {"sector": self._label(searched)}

        return check

    def _disclose(self, event: Disclosure, ply: int) -> Step:
        if self.situation.base.revealed:
            self._reject(("already_revealed", {}))
        late = self._open(Opening(sector=event.sector, nonce=event.nonce), disclosure=True)
        if late is not None:
            return late
        self.disclosed = True
        return ACCEPTED

    def _open(
        self, opening: Opening, *, secret: bool = False, disclosure: bool = False
    ) -> Step | None:
        """Check an opening against the commitment, then run what was deferred (this
        event's own checks included): ``None`` when all holds, else a step with the
        earliest violation (``at`` its own event). A nonce that opens the commitment for
        another sector still proves where the base was: the deferred checks run against
        that sector first, and only if they all hold is the revelation elsewhere the fault.
        A weak nonce that opens it is the set-up's fault, as a director's record finds it
        there. A post-game ``disclosure`` naming another sector than the one it opens is
        false (``false_disclosure``, with the sector the commitment opens), said too when an
        earlier fault it proves is the verdict."""
        found = open_commitment(
            self.commitment, self.game_id, opening.sector, opening.nonce, self.board.sector_ids
        )
        if found.committed is not None:
            self.opened = True  # every deferred check runs now: none is pending after it
        if found.status == "weak_nonce":
            weak = self._weak(found.detail, opening.nonce)
            if secret or found.committed is None:
                raise Rejected(weak)
            return Step(violation=weak, at=SETUP_PLY)
        elsewhere = None
        if found.status == "other_sector":
            elsewhere = self._elsewhere(found.committed or "", opening.sector, secret, disclosure)
        if found.committed is not None:
            earlier = self._run_hidden(self.hidden, found.committed)
            if earlier is not None:
                if elsewhere is not None and disclosure:
                    return replace(earlier, also=self._v(*elsewhere))
                return earlier
        if elsewhere is not None:
            self._reject(elsewhere)
        elif found.status == "wrong_nonce":
            self._reject(("commitment_mismatch" if secret else "wrong_nonce", {}))
        self.situation.base.sector = opening.sector
        return None

    def _elsewhere(self, committed: str, sector: str, secret: bool, disclosure: bool) -> Problem:
        """An opening naming ``sector`` while the commitment opens for ``committed``: a
        director's secret that does not match, a revelation elsewhere (the base was moved),
        or a false post-game disclosure."""
        code = (
            "commitment_mismatch"
            if secret
            else "false_disclosure"
            if disclosure
            else "revealed_elsewhere"
        )
        return code, {"committed": self._label(committed), "sector": self._label(sector)}

    def _weak(self, detail: str, nonce: str) -> Violation:
        return self._v("weak_nonce", {"detail": nonce_problem(nonce) or detail})

    def _run_hidden(self, checks: list[Hidden], sector: str) -> Step | None:
        """The deferred ``checks``, in order, against the base in ``sector``: the first
        that fails, at its own event."""
        for hidden in checks:
            problem = hidden.run(sector)
            if problem is not None:
                return Step(violation=self._v(*problem), at=hidden.ply)
        return None

    def _set_aside(self, mark: int, ply: int) -> None:
        """The checks the event at ``ply`` deferred before it was refused leave the game."""
        self.set_aside = (ply, self.hidden[mark:])
        del self.hidden[mark:]

    def earlier_fault(self, later: list[Any]) -> tuple[int, Step] | None:
        """The rejected event and those after it (``later``) may open the commitment (a
        revelation or the post-game disclosure): the first opening that opens it proves
        where the base was for the whole game. The deferred checks of the events before
        the rejected one, and those the rejected one deferred before its refusal, run from
        it; a weak nonce that opens it is the set-up's fault. So the public record gets
        the verdict the director's full record gets (interpretation 15), and, as there,
        nothing is pending once such an opening is found."""
        if self.opened:
            return None
        refused = self.events + 1
        ply, aside = self.set_aside
        checks = self.hidden + aside if ply == refused else self.hidden
        sectors = self.board.sector_ids
        for offset, event in enumerate(later):
            opening = opening_of(event)
            if opening is None:
                continue
            found = open_commitment(
                self.commitment, self.game_id, opening.sector, opening.nonce, sectors
            )
            if found.committed is None:
                continue  # a wrong nonce, or a weak one that opens nothing, proves nothing
            self.opened = True
            if found.status == "weak_nonce":
                if refused <= SETUP_PLY:
                    return None  # the set-up itself was refused first
                weak = self._weak(found.detail, opening.nonce)
                return offset, Step(violation=weak, at=SETUP_PLY)
            earlier = self._run_hidden(checks, found.committed)
            return None if earlier is None else (offset, earlier)
        return None

    def _defer(
        self, code: str, ply: int, args: dict[str, str], run: Callable[[str], Problem | None]
    ) -> None:
        self.hidden.append(Hidden(code, ply, args, run))


def opening_of(event: object) -> Opening | None:
    """The opening an event carries (a revelation or the disclosure), if it can be read."""
    if isinstance(event, str):
        try:
            event = parse_line(event)
        except InputError:
            return None
    if type(event) is Disclosure:
        return Opening(sector=event.sector, nonce=event.nonce)
    if type(event) is Search:
        return event.reveal
    return None

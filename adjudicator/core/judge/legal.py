"""What may be played next where a dispute stands (``adjudicate --legal``), as a game lists
it: grouped by kind, in the language asked. Apart from :mod:`adjudicator.core.game`, which
every command imports at start-up, so that the dataclasses it needs are loaded only when a
list is made."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LegalGroup:
    """Legal actions (or turns, or events) of one kind: ``key`` stable for programs,
    ``name`` the rulebook's word for the kind in the language asked, ``lines`` each as a
    record writes it."""

    key: str
    name: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LegalNext:
    """What may be played next (:meth:`LegalList.legal_next`): ``what`` names it in the language
    asked (合法な行動 / legal actions, 合法なターン / legal turns), ``groups`` by kind;
    ``banned``: what the rules of play allow but a rule over the whole game forbids
    (Orbit Dominion's threefold ban), with that rule's citation in ``banned_by``."""

    what: str
    groups: tuple[LegalGroup, ...]
    banned: tuple[str, ...] = ()
    banned_by: str = ""

    @property
    def count(self) -> int:
        return sum(len(group.lines) for group in self.groups)

"""A skill as a record writes it, and the parameters each skill takes: strictly a
parameter the skill does not take is ``bad_skill``; a lenient reading drops it."""

from __future__ import annotations

from typing import NamedTuple

from adjudicator.astro_stra.board import Side


class SkillUse(NamedTuple):
    """A skill as a record writes it.

    ``skill``: the S die's colour, or ``jagi`` / ``artemis``. ``colour``: for jagi, the
    colour whose skill it works as. ``die``: the T or A slot (red, green, blue, cyan, clear;
    black-white's and black-red's reroll). ``held``: the held die ``(owner, colour)``
    (black-white, black-red). ``pips``: a rerolled die's new pips, purple's chosen value, or
    black-white's change (+1 or −1). ``opponent``: purple's opposing colour. ``swap``:
    orange's opposing blot, on the opponent's own point."""

    skill: str
    colour: str | None = None
    die: str | None = None
    held: tuple[Side, str] | None = None
    pips: int | None = None
    opponent: str | None = None
    swap: int | None = None


#: The parameters each colour's skill takes (black-white and black-red: ``held`` and its
#: pips, or ``die`` and the reroll's pips).
_TAKES: dict[str, frozenset[str]] = {
    "red": frozenset({"die", "pips"}),
    "green": frozenset({"die"}),
    "blue": frozenset({"die"}),
    "cyan": frozenset({"die"}),
    "clear": frozenset({"die"}),
    "purple": frozenset({"opponent", "pips"}),
    "yellow": frozenset(),
    "orange": frozenset({"swap"}),
    "artemis": frozenset(),
}


#: What an unknown skill or colour may carry: anything, as its own problem is reported.
_TAKES_ANY = frozenset(SkillUse._fields)


def _taken_by(jagi: bool, colour: str | None, held: bool) -> frozenset[str]:
    """The parameters a use of ``colour``'s skill may carry (as Jagi, or not; with a held
    die named, or not); an unknown skill or colour takes anything, as its own problem is
    reported instead."""
    if colour in ("black-white", "black-red"):
        taken = frozenset({"held", "pips"} if held else {"die", "pips"})
    elif colour in _TAKES:
        taken = _TAKES[colour]
    else:
        return _TAKES_ANY
    return taken | {"skill"} | ({"colour"} if jagi else set())


#: :func:`_taken_by` for every known colour, looked up by :func:`_takes`: every turn's
#: skill is checked for parameters it does not take.
_TAKEN: dict[tuple[bool, str | None, bool], frozenset[str]] = {
    (jagi, colour, held): _taken_by(jagi, colour, held)
    for jagi in (False, True)
    for colour in (*_TAKES, "black-white", "black-red")
    for held in (False, True)
}


#: The fields of :class:`SkillUse` (as indices) that each set :func:`_taken_by` gives leaves
#: out: every turn's skill is looked at in them only.
_UNTAKEN = {
    taken: tuple(i for i, name in enumerate(SkillUse._fields) if name not in taken)
    for taken in {*_TAKEN.values(), _TAKES_ANY}
}


def _takes(use: SkillUse) -> frozenset[str]:
    """The parameters ``use`` may carry (see :func:`_taken_by`)."""
    jagi = use.skill == "jagi"
    taken = _TAKEN.get((jagi, use.colour if jagi else use.skill, use.held is not None))
    return _TAKES_ANY if taken is None else taken


def unused_parameters(use: SkillUse) -> list[str]:
    """The parameters written that the skill does not take, spelled as a record writes
    them (``as=blue``, ``T``, ``pips 5``, ``swap=3``): strictly each is ``bad_skill``, and
    in lenient reading :func:`without_unused` drops them."""
    untaken = _UNTAKEN[_takes(use)]
    for i in untaken:
        if use[i] is not None:
            break
    else:  # the common case, looked at without a comprehension and spelled nothing
        return []
    unused = [SkillUse._fields[i] for i in untaken if use[i] is not None]
    spelled = {
        "colour": f"as={use.colour}",
        "die": str(use.die),
        "held": f"held={use.held[0]}:{use.held[1]}" if use.held else "",
        "pips": f"pips {use.pips}",
        "opponent": f"opposing die {use.opponent}",
        "swap": f"swap={use.swap}",
    }
    return [spelled[name] for name in unused]


def without_unused(use: SkillUse) -> SkillUse:
    """``use`` with the parameters its skill does not take left out."""
    taken = _takes(use)
    kept = (
        v if n in taken or n == "skill" else None
        for n, v in zip(SkillUse._fields, use, strict=True)
    )
    return SkillUse._make(kept)

"""Step 3, S:スキル: the skill of the S die's colour (or a once-per-game skill), as data in,
data out.

A turn's dice are a :class:`Table`: the three slots after step 2, the dice held for later
turns, who may not use a skill, who has spent the once-per-game skill. A record writes the
skill used as a :class:`SkillUse`; every die the skill rolls is in it (``pips``), never
drawn here. :func:`apply_skill` judges one use and returns the table and position after it;
:func:`skill_uses` lists what could have been used, so that a skipped step 3 can be judged
(interpretation 13: a step is skipped only when nothing was possible).

Rows (the S table, by colour):

============  ===========================================================================
red           reroll the T or the A die
green         +1 to the T or the A die
blue          −1 to the T or the A die
cyan          hold the T or the A die: not rolled at the side's next turn, used as it is
purple        fix one opposing die at a chosen value, held for the opponent's next turn
yellow        the opponent may not use a skill on its next turn
black-white   ±1 on a held die (own or opposing), or reroll the T die
black-red     reroll a held die (own or opposing), or reroll the A die
clear         flip the T or the A die (7 − pips)
orange        swap an own blot on the point numbered by S with any opposing blot
jagi          any colour's skill (once per game, instead of Artemis)
artemis       an opposing home piece onto the empty point numbered by S (once per game)
============  ===========================================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast, get_args

from adjudicator.astro_stra.board import HOME, Position, Side, opposite, other
from adjudicator.astro_stra.dice import PIPS, numbered_point
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.skill_use import SkillUse, unused_parameters
from adjudicator.core.i18n import Said, said

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13

Colour = Literal[
    "red",
    "green",
    "blue",
    "cyan",
    "purple",
    "yellow",
    "black-white",
    "black-red",
    "clear",
    "orange",
]
COLOURS: tuple[str, ...] = get_args(Colour)
ONCE_PER_GAME = ("jagi", "artemis")
Slot = Literal["S", "T", "A"]
Problem = tuple[str, dict[str, Any]]


class Die(NamedTuple):
    colour: str
    pips: int


class Hold(NamedTuple):
    """A die of ``owner`` held for ``owner``'s next turn: by its owner (cyan, from ``slot``)
    or fixed by the opponent (purple, no slot)."""

    owner: Side
    colour: str
    pips: int
    slot: str | None = None


class Table(NamedTuple):
    """The dice of the turn of ``side`` after step 2, and what earlier turns left (a named
    tuple: every turn makes one, and most skills another)."""

    side: Side
    s: Die
    t: Die
    a: Die
    #: Dice held for a later turn (not yet rolled again), both sides'.
    holds: tuple[Hold, ...] = ()
    #: Colours of this turn's dice that came in held (not rolled at step 1).
    held_now: frozenset[str] = frozenset()
    #: Sides that may not use a skill on their next turn (yellow).
    silenced: frozenset[Side] = frozenset()
    #: Sides that have used their once-per-game skill.
    once_used: frozenset[Side] = frozenset()

    def slot(self, name: str) -> Die:
        return cast(Die, self[_SLOT_INDEX[name]])  # _SLOT_INDEX holds the dice's slots only

    def with_slot(self, name: str, pips: int) -> Table:
        """The table with the die on slot ``name`` showing ``pips`` (made without
        ``_replace``, which costs most skills a microsecond)."""
        i = _SLOT_INDEX[name]
        fields = list(self)
        fields[i] = Die._make((self.slot(name).colour, pips))
        return Table._make(fields)


#: Where :class:`Table` keeps the die of each slot.
_SLOT_INDEX = {"S": 1, "T": 2, "A": 3}


def _bad(code: str, **args: Any) -> Problem:
    return code, args


def _shift(pips: int, delta: int, readings: Readings) -> int | None:
    """Interpretation 10: +1 or −1 beyond 1–6 is not available, stays, or wraps."""
    value = pips + delta
    if value in PIPS:
        return value
    if readings.pips_bounds == "clamp":
        return min(6, max(1, value))
    if readings.pips_bounds == "wrap":
        return (value - 1) % 6 + 1
    return None


def apply_skill(
    position: Position,
    table: Table,
    use: SkillUse,
    opponent_colours: tuple[str, ...],
    readings: Readings,
) -> tuple[Position, Table] | Problem:
    """Judge and perform one skill for ``table.side`` (step 3)."""
    side = table.side
    if side in table.silenced:  # Jagi and Artemis too (interpretation 17)
        return _bad("skill_silenced", side=side)
    if use.skill in ONCE_PER_GAME:
        if side in table.once_used:
            return _bad("once_per_game_used", side=side, skill=use.skill)
    elif use.skill != table.s.colour:
        return _bad("not_the_s_colour", side=side, skill=use.skill, s=table.s.colour)
    if use.skill == "jagi" and use.colour not in COLOURS:
        return _bad(
            "bad_skill",
            side=side,
            skill=use.skill,
            why=said("astro_stra.skill.jagi_no_colour"),
        )
    unused = unused_parameters(use)
    if unused:
        return _bad(
            "bad_skill",
            side=side,
            skill=use.skill,
            why=said("astro_stra.skill.takes_no", what=unused[0]),
        )
    if use.skill in ONCE_PER_GAME:
        table = table._replace(once_used=table.once_used | {side})
        if use.skill == "artemis":
            return _artemis(position, table, readings)
    return _colour_skill(position, table, use.colour or use.skill, use, opponent_colours, readings)


def _colour_skill(
    position: Position,
    table: Table,
    colour: str,
    use: SkillUse,
    opponent_colours: tuple[str, ...],
    readings: Readings,
) -> tuple[Position, Table] | Problem:
    side = table.side
    args = {"side": side, "skill": colour}
    if colour in ("red", "green", "blue", "cyan", "clear"):
        if use.die not in ("T", "A"):
            return _bad(
                "bad_skill",
                **args,
                why=said("astro_stra.skill.name_the_die"),
            )
        pips = table.slot(use.die).pips
        if colour == "red":
            if use.pips is None or use.pips not in PIPS:
                return _bad(
                    "bad_skill",
                    **args,
                    why=said("astro_stra.skill.reroll_pips"),
                )
            if _rerolls_held(table, use.die, readings):
                return _held_reroll(table, use, colour, use.die, _only_scar())
            return position, table.with_slot(use.die, use.pips)
        if colour == "clear":
            return position, table.with_slot(use.die, 7 - pips)
        if colour == "cyan":
            held = table.slot(use.die).colour
            if any([h.owner == side and h.colour == held for h in table.holds]):
                # interpretation 21: only this turn's skill can have held it already
                why = said("astro_stra.skill.held_already", die=use.die)
                return _bad("skill_changes_nothing", **args, why=why)
            hold = Hold(side, held, pips, use.die)
            return position, table._replace(holds=(*table.holds, hold))
        shifted = _shift(pips, 1 if colour == "green" else -1, readings)
        if shifted is None:
            return _bad("pips_out_of_range", **args, die=use.die, pips=pips)
        return position, table.with_slot(use.die, shifted)
    if colour == "purple":
        if use.opponent not in opponent_colours or use.pips is None or use.pips not in PIPS:
            return _bad(
                "bad_skill",
                **args,
                why=said("astro_stra.skill.opposing_die"),
            )
        fixed = Hold(other(side), use.opponent, use.pips)
        if fixed in table.holds:  # interpretation 21: fixed so by this turn's skill
            why = said("astro_stra.skill.fixed_already", pips=use.pips)
            return _bad("skill_changes_nothing", **args, why=why)
        # interpretation 18: the fixed value replaces the owner's own (cyan) hold on that die
        holds = tuple(h for h in table.holds if (h.owner, h.colour) != (other(side), use.opponent))
        return position, table._replace(holds=(*holds, fixed))
    if colour == "yellow":
        if other(side) in table.silenced:  # interpretation 21: by this turn's skill
            why = said("astro_stra.skill.silenced_already")
            return _bad("skill_changes_nothing", **args, why=why)
        return position, table._replace(silenced=table.silenced | {other(side)})
    if colour in ("black-white", "black-red"):
        return _held_or_reroll(position, table, colour, use, readings)
    return _melgee(position, table, use, readings)


def held_dice(table: Table) -> list[tuple[Side, str, int]]:
    """The dice held right now: this turn's dice that came in held or that a skill of this
    step 3 held (interpretation 22: the die itself, with the pips it shows now), and the
    opponent's dice held or fixed for a later turn."""
    mine = table.held_now | {h.colour for h in table.holds if h.owner == table.side}
    now = [(table.side, d.colour, d.pips) for d in (table.s, table.t, table.a)]
    current = [d for d in now if d[1] in mine]
    return current + [(h.owner, h.colour, h.pips) for h in table.holds if h.owner != table.side]


def _held_or_reroll(
    position: Position, table: Table, colour: str, use: SkillUse, readings: Readings
) -> tuple[Position, Table] | Problem:
    side = table.side
    args = {"side": side, "skill": colour}
    reroll_slot = "T" if colour == "black-white" else "A"
    if use.held is None:
        if use.die != reroll_slot or use.pips is None or use.pips not in PIPS:
            return _bad(
                "bad_skill",
                **args,
                why=said("astro_stra.skill.held_or_reroll", slot=reroll_slot),
            )
        if _rerolls_held(table, reroll_slot, readings):
            held = table.slot(reroll_slot).colour
            how = _scar_rerolls_it(use, side, held) if colour == "black-red" else _only_scar()
            return _held_reroll(table, use, colour, reroll_slot, how)
        return position, table.with_slot(reroll_slot, use.pips)
    owner, held_colour = use.held
    match = [d for d in held_dice(table) if (d[0], d[1]) == (owner, held_colour)]
    if not match:
        return _bad("no_held_die", **args, owner=owner, colour=held_colour)
    old = match[0][2]
    if colour == "black-white":
        if use.pips not in (1, -1):
            return _bad(
                "bad_skill",
                **args,
                why=said("astro_stra.skill.plus_or_minus_one"),
            )
        new = _shift(old, use.pips, readings)
        if new is None:
            return _bad("pips_out_of_range", **args, die=held_colour, pips=old)
    else:
        if use.pips is None or use.pips not in PIPS:
            return _bad(
                "bad_skill",
                **args,
                why=said("astro_stra.skill.reroll_pips"),
            )
        new = use.pips
    return position, _set_held(table, owner, held_colour, new)


def held_at_step_6(table: Table) -> tuple[Hold, ...]:
    """The holds the turn leaves: a die this turn's skills held keeps the pips it shows at
    step 6, after every change made to it later in step 3 (interpretation 22)."""
    if not any(h.owner == table.side for h in table.holds):
        return table.holds
    return tuple(
        h._replace(pips=table.slot(h.slot).pips) if h.owner == table.side and h.slot else h
        for h in table.holds
    )


def _only_scar() -> Said:
    """Why red's reroll of T or A and Necromass's reroll of T leave a held die alone: the
    rulebook gives the reroll of a held die to 黒色赤目 Scar only."""
    return said("astro_stra.skill.only_scar")


def _held_reroll(table: Table, use: SkillUse, colour: str, slot: str, how: Said) -> Problem:
    """The refusal of a reroll of the held die in ``slot``, citing first the row of the
    skill table it was written under: the colour's own (Scar's 「ホールドされた目を振り直す。
    または、A:…を振り直す」 decides which of its powers takes the die), after 蛇牙's when
    Jagi worked as it. The code's own rows (the holds, step 1) say only why it is held."""
    own = f"S-{colour}"
    rows = ("S-jagi", own) if use.skill == "jagi" else (own,)
    held = table.slot(slot).colour
    args = {"side": table.side, "skill": colour, "colour": held, "how": how, "also": rows}
    return _bad("held_die_reroll", **args)


def _scar_rerolls_it(use: SkillUse, side: Side, colour: str) -> Said:
    """Scar (黒色赤目) has two powers: 「相手または自分のホールドされた目を振り直す」 or
    「A:アクションのダイスを振り直す」. A held die in A is rerolled by the first, not the
    second, so a Scar that wrote ``A=4`` is told the line its first power is written as
    (``held=black:blue 4``, as Jagi too when Jagi worked as Scar) — never sent to Scar as
    if it were another skill."""
    worked_as = f" as={use.colour}" if use.colour is not None else ""
    line = f"skill {use.skill}{worked_as} held={side}:{colour} {use.pips}"
    return said("astro_stra.skill.scar_rerolls_held", line=line)


def _rerolls_held(table: Table, slot: str, readings: Readings) -> bool:
    """Interpretation 15: a die that came in held — by its owner's cyan (「振らずに」) or the
    opponent's purple (「振らせ無い」) — is not rerolled by a skill that rerolls T or A;
    only Scar's reroll of a held die (and Necromass's ±1) act on it."""
    return readings.held_reroll == "forbidden" and table.slot(slot).colour in table.held_now


def _set_held(table: Table, owner: Side, colour: str, pips: int) -> Table:
    """A held die given new pips. An own held die is one of this turn's dice (it came in
    held, or this step held it: interpretation 22), so the die on its slot changes and the
    hold takes its pips at the end of step 3 (:func:`held_at_step_6`)."""
    if owner == table.side:
        name = next(n for n in "STA" if table.slot(n).colour == colour)
        return table.with_slot(name, pips)
    holds = tuple(
        h._replace(pips=pips) if (h.owner, h.colour) == (owner, colour) else h for h in table.holds
    )
    return table._replace(holds=holds)


def _melgee(
    position: Position, table: Table, use: SkillUse, readings: Readings
) -> tuple[Position, Table] | Problem:
    """Orange: an own blot on the point numbered by S and any opposing blot change places."""
    side = table.side
    foe = other(side)
    mine = numbered_point(side, table.s.pips, readings)
    if not position.is_blot(side, mine):
        return _bad("skill_not_available", side=side, skill="orange", point=mine)
    theirs = use.swap
    if theirs is None or not position.is_blot(foe, theirs):
        return _bad(
            "bad_skill",
            side=side,
            skill="orange",
            why=said("astro_stra.skill.opposing_blot"),
        )
    here = opposite(theirs, readings.geometry)  # the opposing blot's point, in own numbering
    mine_counts = list(position.counts(side))
    foe_counts = list(position.counts(foe))
    mine_counts[mine] -= 1
    mine_counts[here] += 1
    foe_counts[theirs] -= 1
    foe_counts[opposite(mine, readings.geometry)] += 1
    return position.with_counts(side, tuple(mine_counts)).with_counts(foe, tuple(foe_counts)), table


def _artemis(
    position: Position, table: Table, readings: Readings
) -> tuple[Position, Table] | Problem:
    """Artemis: an opposing home piece onto the point numbered by S, if nobody stands there."""
    side = table.side
    foe = other(side)
    point = numbered_point(side, table.s.pips, readings)
    empty = not position.count(side, point) and not position.opponent_at(
        side, point, readings.geometry
    )
    if not empty or not position.count(foe, HOME):
        return _bad("skill_not_available", side=side, skill="artemis", point=point)
    foe_counts = list(position.counts(foe))
    foe_counts[HOME] -= 1
    foe_counts[opposite(point, readings.geometry)] += 1
    return position.with_counts(foe, tuple(foe_counts)), table


def candidate_uses(
    table: Table, opponent_colours: tuple[str, ...], *, once_per_game: bool = True
) -> list[SkillUse]:
    """Every skill use worth trying for ``table.side``: the S die's colour and, while
    unspent and asked for, the once-per-game skills, with every parameter they take (a
    reroll with every face, as a record could show any)."""
    return list(_candidates(table, opponent_colours, once_per_game=once_per_game))


def _candidates(
    table: Table, opponent_colours: tuple[str, ...], *, once_per_game: bool
) -> Iterator[SkillUse]:
    """:func:`candidate_uses` one by one, so that a search for one legal use stops there."""
    colours = [table.s.colour]
    if once_per_game and table.side not in table.once_used:
        yield SkillUse("artemis")
        colours += [f"jagi:{c}" for c in COLOURS]
    # each use is made whole (SkillUse(skill, as, die, held, pips, opponent, swap)): a
    # skipped step 3 tries them all, and ``_replace`` would cost a microsecond each
    for entry in colours:
        skill, _, as_colour = entry.partition(":")
        colour = as_colour or skill
        jagi = as_colour or None
        if colour in ("red",):
            yield from (SkillUse(skill, jagi, d, None, p) for d in "TA" for p in PIPS)
        elif colour in ("green", "blue", "cyan", "clear"):
            yield from (SkillUse(skill, jagi, d) for d in "TA")
        elif colour == "purple":
            yield from (
                SkillUse(skill, jagi, None, None, p, c) for c in opponent_colours for p in PIPS
            )
        elif colour == "yellow":
            yield SkillUse(skill, jagi)
        elif colour in ("black-white", "black-red"):
            slot = "T" if colour == "black-white" else "A"
            yield from (SkillUse(skill, jagi, slot, None, p) for p in PIPS)
            held = [(owner, colour) for owner, colour, _ in held_dice(table)]
            changes = (1, -1) if colour == "black-white" else tuple(PIPS)
            yield from (SkillUse(skill, jagi, None, h, p) for h in held for p in changes)
        else:  # orange
            yield from (SkillUse(skill, jagi, swap=q) for q in range(1, 13))


def skill_possible(
    position: Position, table: Table, opponent_colours: tuple[str, ...], readings: Readings
) -> bool:
    """Whether the S die's skill had any legal use: a skipped step 3 is wrong otherwise
    (interpretation 13). Jagi and Artemis are a choice (「使えます」), never a duty, so they
    do not count."""
    return any(
        not is_problem(apply_skill(position, table, use, opponent_colours, readings))
        for use in _candidates(table, opponent_colours, once_per_game=False)
    )


def is_problem(result: tuple[Position, Table] | Problem) -> TypeIs[Problem]:
    """Whether a result of :func:`apply_skill` is a problem ``(code, args)``."""
    return isinstance(result[0], str)

"""``adjudicate --legal`` for Astro-Stra: every turn the side to move may write with the
dice it rolled, grouped by where step 2 put the dice (S, T and A, named by the rulebook's
colours) and counted. The turns are :func:`~.legal.legal_turns`, the judge's own list."""

from __future__ import annotations

import re

from adjudicator.astro_stra.legal import legal_turns
from adjudicator.astro_stra.references import colour_name
from adjudicator.astro_stra.replay import AstroStraReplay
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, in_both, said, say
from adjudicator.core.judge.legal import LegalGroup, LegalNext
from adjudicator.core.read.numbers import read_int

#: One die as a turn line writes it: ``black-red=5``.
_DIE = re.compile(r"([a-z-]+)=([1-6])")
#: Step 2 in a turn line: ``S=cyan T=blue A=black-red``.
_SLOTS = re.compile(r"S=([a-z-]+) T=([a-z-]+) A=([a-z-]+)")
#: Each side as a message names it, by its id in the catalogue.
_SIDE = {"black": "astro_stra.side.black", "white": "astro_stra.side.white"}
#: Step 2's slots as the rulebook names them (S:スキル, T:ターゲット, A:アクション).
_SLOT_NAMES = ("astro_stra.legal.slot.s", "astro_stra.legal.slot.t", "astro_stra.legal.slot.a")


def legal_next(replay: AstroStraReplay, lang: Lang, roll: str | None) -> LegalNext:
    """The turns the side to move may write with ``roll`` (``cyan=3 blue=2 black-red=5``,
    as a turn's ``dice`` part writes it): steps 1–7 decide each, so none is listed that the
    judge would refuse. A roll that is not that side's three dice, or moves a held die,
    is refused saying which dice it holds."""
    game = replay.game
    if game is None:
        raise InputError(
            "usage",
            said("astro_stra.legal.before_the_draft"),
            field="--legal",
        )
    dice = _roll(roll)
    mine = game.colours[game.to_move]
    held = {h.colour: h.pips for h in game.holds if h.owner == game.to_move}
    if sorted(dice) != sorted(mine) or any(dice[c] != p for c, p in held.items()):
        raise _not_the_dice(game.to_move, mine, held)
    turns = legal_turns(game, dice, replay.readings)
    groups: dict[str, list[str]] = {}
    for line in turns:
        slots = _SLOTS.search(line)
        groups.setdefault(slots[0] if slots else "", []).append(line)
    return LegalNext(
        say("astro_stra.legal.turns", lang),
        tuple(LegalGroup(key, _slots_in(key, lang), tuple(lines)) for key, lines in groups.items()),
    )


def _roll(roll: str | None) -> dict[str, int]:
    """``--dice`` read (or the record's own turn's dice): three ``colour=pips``, separated
    by spaces or commas."""
    words = (roll or "").replace(",", " ").split()
    dice = [_DIE.fullmatch(word) for word in words]
    if roll is None or len(words) != 3 or not all(dice):
        raise InputError(
            "usage",
            said("astro_stra.legal.give_the_dice"),
            field="--dice",
            expected=said("astro_stra.legal.dice"),
        )
    return {m[1]: read_int(m[2]) for m in dice if m}


def _not_the_dice(side: str, mine: tuple[str, ...], held: dict[str, int]) -> InputError:
    """The refusal of a roll that is not the side's dice: its dice, and those it holds with
    their pips; in Japanese each colour as the rulebook names it."""

    def named(colour: str, lang: Lang) -> str:
        return colour if lang == "en" else colour_name(colour, lang)

    colours = in_both(lambda lang: " / ".join(named(c, lang) for c in mine))
    kept = in_both(
        lambda lang: say("astro_stra.line.and", lang).join(
            f"{named(c, lang)}={p}" for c, p in held.items()
        )
    )
    side_words = said(_SIDE[side])
    message = (
        said("astro_stra.legal.not_the_dice_held", side=side_words, colours=colours, kept=kept)
        if held
        else said("astro_stra.legal.not_the_dice", side=side_words, colours=colours)
    )
    return InputError("usage", message, field="--dice")


def _slots_in(key: str, lang: Lang) -> str:
    """Step 2 in the rulebook's words: ``S:スキル 水色 · T:ターゲット 青色 · A:アクション
    黒色赤目`` (in English, the notation's ``S=cyan T=blue A=black-red``)."""
    slots = _SLOTS.fullmatch(key)
    if slots is None or lang == "en":
        return key
    return " · ".join(
        f"{say(n, lang)} {colour_name(c, lang)}"
        for n, c in zip(_SLOT_NAMES, slots.groups(), strict=True)
    )

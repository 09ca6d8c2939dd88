"""One line per event: the opening roll, the draft, and each turn with every die.

::

    opening 3-3 5-2
    draft red purple green yellow blue cyan
    1. black: dice red=2 green=1 blue=2 | S=red T=green A=blue | skill red A=2 |
       target 3 | moves 3>5

(each turn is one line; it is broken here only to fit the page)

A turn line carries step 1 (``dice``: every die as it lay, held ones included), step 2
(the colour on each slot), step 3 (``skill``), step 4 (``target``: the own points the target
pieces are taken from) and step 5 (``moves``: ``from>to`` in the order made); ``-`` is a
skipped step. Skills:

==================================  ====================================================
``skill red A=5``                   reroll the A (or T) die; the new pips
``skill green T``                   +1 (green), −1 (blue), flip (clear), hold (cyan)
``skill purple cyan=1``             fix the opposing cyan die at 1
``skill yellow``                    silence the opponent's next skill
``skill black-white held=white:cyan -1``   ±1 on a held die (owner:colour)
``skill black-white T=3``           or reroll T (black-red: ``held=… 5`` or ``A=3``)
``skill orange swap=4``             swap with the opposing blot on the opponent's point 4
``skill jagi as=green T``           Jagi, working as the green skill
``skill artemis``                   Artemis
``skill red A=5 + artemis``         read "on-top" (interpretation 12): both in step 3
==================================  ====================================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from adjudicator.astro_stra.board import Side, number_refusal
from adjudicator.astro_stra.skill_use import SkillUse, without_unused
from adjudicator.astro_stra.skills import COLOURS, ONCE_PER_GAME, Die
from adjudicator.astro_stra.turn import TurnPlay
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said
from adjudicator.core.read.numbers import (
    NumberError,
    ascii_spelling,
    only_full_width,
    read_int,
    require_ascii_digits,
)

#: A turn as read: its number and what was done.
ReadTurn = tuple[int, TurnPlay]
_TURN = re.compile(r"^([0-9]+)\. (black|white): (.*)$")
_DIE = re.compile(r"^([a-z-]+)=([0-9]+)$")
# a skill's pips may be signed (black-white's ±1); a value outside its range is the judge's
_SLOT_PIPS = re.compile(r"^([TA])=([+-]?[0-9]+)$")
_OPPONENT_PIPS = re.compile(r"^([a-z-]+)=([+-]?[0-9]+)$")
_OPPONENT = re.compile(r"[a-z-]+")


def _bad(line: str, why: Said) -> InputError:
    return InputError(
        "malformed_event",
        said("astro_stra.notation.at_line", line=line, why=why),
        expected=said("astro_stra.notation.event_syntax"),
    )


# --- writing -----------------------------------------------------------------------------------


def skill_text(use: SkillUse | None) -> str:
    """Step 3 as a line writes it; every parameter given is written, those the skill does
    not take included, so that a JSON record's skill reaches the judge as it was written."""
    if use is None:
        return "skill -"
    parts = ["skill", use.skill]
    if use.colour is not None:
        parts.append(f"as={use.colour}")
    pips = use.pips
    if use.held is not None:
        parts.append(f"held={use.held[0]}:{use.held[1]}")
        if pips is not None:
            signed = (use.colour or use.skill) == "black-white"
            parts.append(f"{pips:+d}" if signed else str(pips))
            pips = None
    if use.opponent is not None:
        parts.append(use.opponent if pips is None else f"{use.opponent}={pips}")
        pips = None
    if use.die is not None:
        parts.append(use.die if pips is None else f"{use.die}={pips}")
        pips = None
    if use.swap is not None:
        parts.append(f"swap={use.swap}")
    if pips is not None:
        parts.append(str(pips))
    return " ".join(parts)


def turn_line(number: int, play: TurnPlay) -> str:
    dice = " ".join(f"{d.colour}={d.pips}" for d in play.dice)
    s, t, a = play.slots
    target = ",".join(map(str, play.target)) or "-"
    moves = " ".join(f"{src}>{dst}" for src, dst in play.moves) or "-"
    skill = skill_text(play.skill)
    if play.extra is not None:
        skill += " + " + skill_text(play.extra).removeprefix("skill ")
    return (
        f"{number}. {play.side}: dice {dice} | S={s} T={t} A={a} | {skill} "
        f"| target {target} | moves {moves}"
    )


#: Words of ``a``–``z`` and ``-``, one space apart.
_WORDS = re.compile(r"[a-z-]+(?: [a-z-]+)*")
#: The words a turn holds when it is written as the rules name things: looked up at once.
_NAMES = frozenset((*COLOURS, *ONCE_PER_GAME))
#: Words that start a skill parameter of their own (``as=…``, ``held=…``, ``swap=…``): an
#: opposing die of one of these names would be read back as that parameter.
_PARAMETER_WORDS = ("as", "held", "swap")


def reads_back(play: TurnPlay) -> bool:
    """Whether :func:`parse_turn` reads :func:`turn_line`'s line of ``play`` back as ``play``
    itself, for a turn as a record's model holds it (its words strings, its numbers whole,
    its side and slots named as the model allows): the words are of ``a``–``z`` and ``-``,
    the pips not below zero, and each skill parameter is written where it is read. Then a
    record's turn is played as it was read, its line only shown; one that does not read back
    is played from its line, where its fault is reported as the notation's."""
    d0, d1, d2 = play.dice
    if min(d0.pips, d1.pips, d2.pips) < 0:
        return False
    if not _words((d0.colour, d1.colour, d2.colour, *play.slots)):
        return False
    return (play.skill is None or _skill_reads_back(play.skill)) and (
        play.extra is None or _skill_reads_back(play.extra)
    )


def _skill_reads_back(use: SkillUse) -> bool:
    """See :func:`reads_back`: :func:`skill_text` writes the pips with the held die, else
    with the opposing die, else with the slot, else alone; an opposing die whose pips went
    elsewhere, or that has none, is written as its name alone."""
    if use.skill == "-":
        return False
    words = [use.skill]
    if use.colour is not None:
        words.append(use.colour)
    if use.held is not None:
        words.append(use.held[1])
    if use.opponent is not None:
        if use.opponent in _PARAMETER_WORDS:
            return False
        words.append(use.opponent)
    return _words(words)


def _words(words: Sequence[str]) -> bool:
    """Whether each of ``words`` is a word of ``a``–``z`` and ``-``: the rules' names at
    once, anything else as words joined by single spaces, none with a space of its own."""
    if _NAMES.issuperset(words):
        return True
    joined = " ".join(words)
    return joined.count(" ") == len(words) - 1 and _WORDS.fullmatch(joined) is not None


def opening_line(rolls: list[tuple[int, int]]) -> str:
    """The opening roll's line; ``opening`` alone when the record gives no roll."""
    return " ".join(["opening", *(f"{b}-{w}" for b, w in rolls)])


def draft_line(picks: list[str]) -> str:
    """The draft's line; ``draft`` alone when the record gives no pick."""
    return " ".join(["draft", *picks])


# --- reading -----------------------------------------------------------------------------------


#: What a number in a line is, by its id in the catalogue.
_WHAT = {
    "swap": "astro_stra.notation.what.swap",
    "pips": "astro_stra.notation.what.pips",
    "point": "astro_stra.notation.what.point",
    "die": "astro_stra.notation.what.die",
    "turn": "astro_stra.notation.what.turn",
}


def _int(text: str, line: str, what: str) -> int:
    """A number of the line, read by the one reader of numbers (ASCII digits, bounded);
    all but the turn number may be signed (black-white's ±1; a value out of range is the
    judge's)."""
    try:
        return read_int(text, what=said(_WHAT[what]), signed=what != "turn")
    except NumberError as err:
        raise _bad(line, number_refusal(err)) from None


class TurnRefused(InputError):
    """A turn line read as a turn whose step 3 the notation refuses: judged at the turn's
    ply, not as an unreadable record."""


class SkillWords(TurnRefused):
    """Step 3 written with parameters no skill takes together (``skill red A=6 A=2``,
    ``skill green A T``, ``skill - A=3``): the turn is refused as ``bad_skill``, ``why``
    naming the parameter."""

    def __init__(self, line: str, skill: str, why: Said) -> None:
        super().__init__(
            "malformed_event",
            said("astro_stra.notation.skill_at_line", line=line, skill=skill, why=why),
            expected=said("astro_stra.notation.event_syntax"),
        )
        self.skill = skill
        self.why = why


#: The fields of a skill use each kind of word sets: each may be given once.
_SETS = {
    "held": ("held",),
    "swap": ("swap",),
    "slot pips": ("die", "pips"),
    "slot": ("die",),
    "opponent": ("opponent", "pips"),
    "opponent named": ("opponent",),
    "pips": ("pips",),
}
#: How a refusal names a field given twice, by its id in the catalogue.
_FIELD_WORDS = {
    "held": "astro_stra.notation.field.held",
    "swap": "astro_stra.notation.field.swap",
    "die": "astro_stra.notation.field.die",
    "pips": "astro_stra.notation.field.pips",
    "opponent": "astro_stra.notation.field.opponent",
}


def parse_skill(text: str, line: str) -> SkillUse | None:
    """Step 3: ``skill -``, or ``skill NAME``, Jagi's ``as=COLOUR`` and the parameters, each
    given at most once (a second value is never silently the one read)."""
    words = text.split()
    if words[:1] != ["skill"] or len(words) < 2:
        raise _bad(line, said("astro_stra.notation.step_3"))
    rest = words[2:]
    if words[1] == "-":
        if rest:
            raise SkillWords(
                line,
                "-",
                said("astro_stra.notation.skipped_takes_nothing", words=" ".join(rest)),
            )
        return None
    use = SkillUse(words[1])
    colours = [w for w in rest if w.startswith("as=")]
    if len(colours) > 1:
        raise SkillWords(line, use.skill, said("astro_stra.notation.as_twice"))
    if colours and rest[0] != colours[0]:
        raise _as_out_of_place(line)
    if colours:
        use = use._replace(colour=colours[0][3:])
        rest = rest[1:]
    given: set[str] = set()
    for word in rest:
        kind, values = _skill_word(word, line)
        fields = _SETS[kind]
        twice = given.intersection(fields)
        if twice:
            raise SkillWords(
                line,
                use.skill,
                said(
                    "astro_stra.notation.field_twice",
                    field=said(_FIELD_WORDS[min(twice)]),
                    word=word,
                ),
            )
        given.update(fields)
        updates = dict(zip(fields, values, strict=True))
        # _make: the words' values are checked by _skill_word, not typed per field
        use = SkillUse._make(updates.get(n, v) for n, v in zip(SkillUse._fields, use, strict=True))
    return use


def _skill_word(word: str, line: str) -> tuple[str, tuple[object, ...]]:
    """What one parameter word sets: its kind (:data:`_SETS`) and the values."""
    if word.startswith("held="):
        owner, _, colour = word[5:].partition(":")
        if owner not in ("black", "white") or not colour:
            raise _bad(
                line,
                said("astro_stra.notation.not_held", word=word),
            )
        return "held", ((owner, colour),)
    if word.startswith("swap="):
        return "swap", (_int(word[5:], line, "swap"),)
    if m := _SLOT_PIPS.match(word):
        return "slot pips", (m[1], _int(m[2], line, "pips"))
    if word in ("T", "A"):
        return "slot", (word,)
    if m := _OPPONENT_PIPS.match(word):
        return "opponent", (m[1], _int(m[2], line, "pips"))
    if _OPPONENT.fullmatch(word):
        return "opponent named", (word,)  # without pips: the judge says they are missing
    return "pips", (_int(word, line, "pips"),)


def _as_out_of_place(line: str) -> InputError:
    """``as=`` written after another parameter: the notation writes it right after the
    skill's name, where it is read; ``--lenient`` reads it there."""
    return TurnRefused(
        "noncanonical_notation",
        said("astro_stra.notation.as_out_of_place", line=line),
        expected=said("astro_stra.notation.as_expected"),
        suggestion=lenient_spelling(line),
    )


def lenient_spelling(line: str) -> str | None:
    """A turn line with the spellings ``--lenient`` reads written as the notation writes
    them — full-width digits as ASCII, ``as=`` right after the skill's name, a skipped
    skill without parameters — or ``None`` when there are none (or the line is not a
    turn). Digits other than ASCII and full-width are left for the reader to refuse."""
    text = ascii_spelling(line) if only_full_width(line) else line
    m = _TURN.match(text)
    if m:
        fields = m[3].split("|")
        if len(fields) == 5:
            main, plus, extra = fields[2].strip().partition(" + ")
            skill = _lenient_skill(main.split())
            if plus:
                skill += " + " + _lenient_skill(["skill", *extra.split()]).removeprefix("skill ")
            if skill != fields[2].strip():
                fields[2] = f" {skill} "
                text = f"{m[1]}. {m[2]}: {'|'.join(fields)}"
    return None if text == line else text


def _lenient_skill(words: list[str]) -> str:
    if words[:2] == ["skill", "-"]:
        return "skill -"
    colours = [w for w in words[2:] if w.startswith("as=")]
    if len(colours) == 1 and words[2:3] != colours:
        words = [*words[:2], colours[0], *(w for w in words[2:] if w != colours[0])]
    return " ".join(words)


def parse_turn(line: str) -> ReadTurn:
    """A turn line: its number and what was done. A digit other than ASCII is refused
    (``noncanonical_notation``); a skill written with parameters it cannot take together
    raises :class:`SkillWords`, judged at the turn."""
    require_ascii_digits(line)
    m = _TURN.match(line)
    if not m:
        raise _bad(
            line,
            said("astro_stra.notation.turn_start"),
        )
    fields = [f.strip() for f in m[3].split("|")]
    if len(fields) != 5:
        raise _bad(
            line,
            said("astro_stra.notation.five_parts"),
        )
    dice_text, slots_text, skill, target_text, moves_text = fields
    words = dice_text.split()
    if words[:1] != ["dice"] or len(words) != 4:
        raise _bad(line, said("astro_stra.notation.step_1"))
    dice = []
    for word in words[1:]:
        dm = _DIE.match(word)
        if not dm:
            raise _bad(line, said("astro_stra.notation.not_colour_pips", word=word))
        dice.append(Die(dm[1], _int(dm[2], line, "die")))
    slots = dict(re.findall(r"([STA])=([a-z-]+)", slots_text))
    if sorted(slots) != ["A", "S", "T"] or len(slots_text.split()) != 3:
        raise _bad(line, said("astro_stra.notation.step_2"))
    target_words = target_text.split()
    if target_words[:1] != ["target"] or len(target_words) != 2:
        raise _bad(
            line,
            said("astro_stra.notation.step_4"),
        )
    target = (
        ()
        if target_words[1] == "-"
        else tuple(_int(p, line, "point") for p in target_words[1].split(","))
    )
    move_words = moves_text.split()
    if move_words[:1] != ["moves"] or len(move_words) < 2:
        raise _bad(line, said("astro_stra.notation.step_5"))
    moves: list[tuple[int, int]] = []
    if move_words[1:] != ["-"]:
        for word in move_words[1:]:
            src, gt, dst = word.partition(">")
            if not gt:
                raise _bad(line, said("astro_stra.notation.not_from_to", word=word))
            moves.append((_int(src, line, "point"), _int(dst, line, "point")))
    main, plus, extra = skill.partition(" + ")
    play = TurnPlay(
        cast(Side, m[2]),  # _TURN matched black or white
        (dice[0], dice[1], dice[2]),
        (slots["S"], slots["T"], slots["A"]),
        parse_skill(main, line),
        target,
        tuple(moves),
        parse_skill(f"skill {extra}", line) if plus else None,
    )
    return _int(m[1], line, "turn"), play


def without_unused_parameters(line: str) -> str | None:
    """A turn line with the skill parameters its skill does not take left out — the lenient
    reading of ``skill green A=5`` is ``skill green A`` — or ``None`` when nothing was left
    out (or the line is not a turn)."""
    if not _TURN.match(line):
        return None
    return turn_without_unused_parameters(*parse_turn(line))


def turn_without_unused_parameters(number: int, play: TurnPlay) -> str | None:
    """:func:`without_unused_parameters` for a turn already read."""
    cleaned = play._replace(
        skill=play.skill and without_unused(play.skill),
        extra=play.extra and without_unused(play.extra),
    )
    return None if cleaned == play else turn_line(number, cleaned)


def parse_opening(line: str) -> list[tuple[int, int]]:
    require_ascii_digits(line)
    rolls = []
    for word in line.split()[1:]:
        black, dash, white = word.partition("-")
        if not dash:
            raise _bad(line, said("astro_stra.notation.not_black_white", word=word))
        rolls.append((_int(black, line, "die"), _int(white, line, "die")))
    return rolls

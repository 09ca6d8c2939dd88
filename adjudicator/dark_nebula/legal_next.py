"""``adjudicate --legal`` for Dark Nebula: every event the side to move may write next,
grouped as the rulebook names the parts of its steps (準備 3.0, 生産 6.0, 移動 8.0, 登場
7.5, 戦闘 9.0, 秘密基地探索 10.1, 出現 10.2–10.3, the disclosure) and counted. The events are
:func:`~.legal.legal_events`, the judge's own list; a battle's dice and the 10.7 roll are
chance, given with ``--dice`` or taken from the record's own event."""

from __future__ import annotations

import re

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said, say
from adjudicator.core.judge.legal import LegalGroup, LegalNext
from adjudicator.core.read.numbers import read_int
from adjudicator.dark_nebula.legal import legal_events
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.record import Combat, Search
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from adjudicator.dark_nebula.state import PHASES

#: The groups, in the order of play, with the id of each one's name.
GROUPS = {
    "setup": "dark_nebula.legal.group.setup",
    "production": "dark_nebula.legal.group.production",
    "move": "dark_nebula.legal.group.move",
    "appear": "dark_nebula.legal.group.appear",
    "combat": "dark_nebula.legal.group.combat",
    "search": "dark_nebula.legal.group.search",
    "reveal": "dark_nebula.legal.group.reveal",
    "disclose": "dark_nebula.legal.group.disclose",
}

_DIE = re.compile(r"[1-6]")


def legal_next(replay: DarkNebulaReplay, lang: Lang, roll: str | None) -> LegalNext:
    """The events the side to move may write next where ``replay`` stands, with the dice
    ``roll`` (faces separated by spaces or commas) for a step whose outcome is dice: a
    battle, or a search while the base is hidden. Such a step without dice is refused,
    saying to give them with ``--dice``."""
    dice = _dice(roll)
    if roll is None and _rolls(replay):
        raise InputError(
            "usage",
            said("dark_nebula.legal.needs_dice"),
            field="--dice",
            expected=said("dark_nebula.legal.dice_expected"),
        )
    groups: dict[str, list[str]] = {}
    for line in legal_events(replay, dice):
        groups.setdefault(_group(line), []).append(line)
    ordered = [key for key in GROUPS if key in groups]
    return LegalNext(
        say("dark_nebula.legal.title", lang),
        tuple(LegalGroup(key, say(GROUPS[key], lang), tuple(groups[key])) for key in ordered),
    )


def roll_written(line: str) -> str | None:
    """The dice a record's event took, as ``--dice`` takes them: a battle's, volley by
    volley, the empire's before the rebels'; the 10.7 roll; ``None`` for an event without
    dice or a line that is not an event."""
    try:
        event = parse_line(line)
    except InputError:
        return None
    faces: list[int] = []
    if type(event) is Combat:
        for battle in event.battles:
            for volley in battle.volleys:
                for side in ("empire", "rebel"):
                    for dice in volley.dice.get(side, {}).values():
                        faces += dice
    elif type(event) is Search and event.roll is not None:
        faces = [event.roll]
    return " ".join(map(str, faces)) or None


def _dice(roll: str | None) -> list[int]:
    """``--dice`` read: die faces 1–6, separated by spaces or commas."""
    words = (roll or "").replace(",", " ").split()
    if not all(_DIE.fullmatch(word) for word in words):
        raise InputError(
            "usage",
            said("dark_nebula.legal.bad_dice", roll=roll),
            field="--dice",
            expected=said("dark_nebula.legal.dice_expected"),
        )
    return [read_int(word) for word in words]


def _rolls(replay: DarkNebulaReplay) -> bool:
    """Whether the next step's outcome is dice: a battle to fight, or the 10.7 roll of a
    search step with the base hidden."""
    if not replay.started or replay.decided is not None or replay.disclosed:
        return False
    phase, _ = PHASES[replay.steps % 7 + 1]
    situation = replay.situation
    if phase == "combat":
        return bool(situation.contested())
    return phase == "search" and not situation.base.revealed


def _group(line: str) -> str:
    """The group of a listed line, by its step and its parts."""
    head, _, body = line.partition(": ")
    if head in ("setup", "disclose"):
        return head
    phase = head.split()[-1]
    if phase == "movement":
        return "appear" if "; appear " in body else "move"
    if phase == "search":
        return "reveal" if "; reveal " in body else "search"
    return phase

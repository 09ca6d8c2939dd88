"""``adjudicate --legal`` for Dark Nebula: every event the side to move may write next,
grouped as the rulebook names the parts of its steps (準備 3.0, 生産 6.0, 移動 8.0, 登場
7.5, 戦闘 9.0, 秘密基地探索 10.1, 出現 10.2–10.3, the disclosure) and counted. The events are
:func:`~.legal.legal_events`, the judge's own list; a battle's dice and the 10.7 roll are
chance, given with ``--dice`` or taken from the record's own event."""

from __future__ import annotations

import re

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang
from adjudicator.core.judge.legal import LegalGroup, LegalNext
from adjudicator.core.read.numbers import read_int
from adjudicator.dark_nebula.legal import legal_events
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.record import Combat, Search
from adjudicator.dark_nebula.replay import DarkNebulaReplay
from adjudicator.dark_nebula.state import PHASES

#: The groups, in the order of play, with their names in each language.
GROUPS: dict[str, dict[Lang, str]] = {
    "setup": {"en": "set-up (3.2)", "ja": "準備 (3.2 初期配置)"},
    "production": {"en": "production (6.0, 7.0)", "ja": "生産 (6.0、7.0)"},
    "move": {"en": "moves, one counter each (8.0)", "ja": "移動、駒1個ずつ (8.0)"},
    "appear": {"en": "appearances from the base (7.5)", "ja": "秘密基地からの登場 (7.5)"},
    "combat": {"en": "combat (9.0)", "ja": "戦闘 (9.0)"},
    "search": {"en": "searches (10.1)", "ja": "秘密基地探索 (10.1)"},
    "reveal": {"en": "the base revealed (10.2, 10.3)", "ja": "秘密基地の出現 (10.2、10.3)"},
    "disclose": {"en": "the disclosure", "ja": "開示"},
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
            "this step rolls dice (a battle's, or the 10.7 roll): give them with --dice",
            ja="この手順ではダイスを振ります(戦闘、または 10.7 の目)。--dice で指定してください",
            field="--dice",
            expected="die faces in the order rolled: --dice '3 5 1'",
            expected_ja="振った順のダイスの目: --dice '3 5 1'",
        )
    groups: dict[str, list[str]] = {}
    for line in legal_events(replay, dice):
        groups.setdefault(_group(line), []).append(line)
    ordered = [key for key in GROUPS if key in groups]
    return LegalNext(
        "合法な手順" if lang == "ja" else "legal events",
        tuple(LegalGroup(key, GROUPS[key][lang], tuple(groups[key])) for key in ordered),
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
            f"--dice takes die faces 1-6 (got '{roll}')",
            ja=f"--dice にはダイスの目 1〜6 を指定してください(「{roll}」が指定されました)",
            field="--dice",
            expected="die faces in the order rolled: --dice '3 5 1'",
            expected_ja="振った順のダイスの目: --dice '3 5 1'",
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

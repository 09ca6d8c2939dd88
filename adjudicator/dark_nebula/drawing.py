"""The situation drawn as text: one row per sector, the base's track below.

A dispute is easier to follow from a table than from a multiset; the rows keep the board's
order, mark nebula sectors, and show both armies side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.references import RuleData
from adjudicator.core.write.display import pad
from adjudicator.dark_nebula.board import ABBREVIATIONS, COUNTER_IDS, BoardDefinition, Sector
from adjudicator.dark_nebula.notation import canonical_line, parse_line, stamp
from adjudicator.dark_nebula.record import GameEvent
from adjudicator.dark_nebula.state import Situation

if TYPE_CHECKING:
    from adjudicator.core.judge.outcome import Outcome
    from adjudicator.core.write.svg import Picture


def _sector_name(sector: Sector, lang: Lang) -> str:
    return sector.id if lang == "en" else sector.name


def _counters(kinds: Counter[str]) -> str:
    """``G C c2`` for the guard, the command ship and two cruisers, in 2.3's order."""
    parts = []
    for kind in COUNTER_IDS:
        n = kinds[kind]
        if n:
            parts.append(ABBREVIATIONS[kind] + (str(n) if n > 1 else ""))
    return " ".join(parts)


def _base_line(situation: Situation, lang: Lang) -> str:
    base = situation.base
    value = base.value(situation.board)
    if base.revealed:
        assert base.sector is not None, "a revealed base stands in its sector"
        sector = situation.board.by_id[base.sector]
        name = _sector_name(sector, lang)
        return say("dark_nebula.drawing.revealed", lang, sector=name, value=value)
    stock = _counters(base.stock) or say("dark_nebula.drawing.nothing", lang)
    return say("dark_nebula.drawing.hidden", lang, value=value, square=base.square + 1, stock=stock)


def draw(situation: Situation, lang: Lang = "en") -> str:
    """A table of the sectors holding counters, then the base and any 10.5 restriction.
    Sectors are named as the notation writes them in English and as the map prints them
    in Japanese (タイラント)."""
    rows, columns = [], 10 if lang == "en" else 12
    for sector in situation.board.sectors:
        empire = _counters(situation.at(sector.id, "empire"))
        rebel = _counters(situation.at(sector.id, "rebel"))
        if not empire and not rebel:
            continue
        mark = "*" if sector.nebula else " "
        name = pad(_sector_name(sector, lang), columns)
        rows.append(f"{mark}{name} {sector.production}  {empire:<14} {rebel}")
    sector_word = pad(say("dark_nebula.drawing.sector", lang), columns)
    empire_word = pad(say("dark_nebula.drawing.empire", lang), 14)
    head = f" {sector_word} P  {empire_word} {say('dark_nebula.drawing.rebel', lang)}"
    lines = [head, *rows, _base_line(situation, lang)]
    if situation.restricted:
        restricted = situation.board.by_id[situation.restricted]
        name = _sector_name(restricted, lang)
        lines.append(say("dark_nebula.drawing.restricted", lang, sector=name))
    names: dict[str, str] = {c.id: c.name for c in situation.board.counters} if lang == "ja" else {}
    legend = " ".join(f"{a}={names.get(k, k)}" for k, a in ABBREVIATIONS.items())
    return "\n".join([*lines, say("dark_nebula.drawing.legend", lang, legend=legend)]) + "\n"


#: 5.0's order of play, each step by the id of its name in the catalogue: in Japanese as the
#: rulebook names it, in English as the record notation stamps it
#: (:func:`~adjudicator.dark_nebula.notation.stamp`).
STEPS = {
    1: "dark_nebula.step.1",
    2: "dark_nebula.step.2",
    3: "dark_nebula.step.3",
    4: "dark_nebula.step.4",
    5: "dark_nebula.step.5",
    6: "dark_nebula.step.6",
    7: "dark_nebula.step.7",
}


def step_name(turn: int | None, step: int, lang: Lang = "en") -> str:
    """The step ``step`` of turn ``turn`` (``None``: the set-up), e.g. ``1.1 empire
    production`` / ``1.1 帝国軍生産``."""
    if turn is None:
        return say("dark_nebula.step.setup", lang)
    return stamp(turn, step) if lang == "en" else f"{turn}.{step} {say(STEPS[step], lang)}"


def summary(situation: Situation, next_step: str, lang: Lang = "en") -> str:
    """One line: the next step and who stands where (sector ids and counter letters, as
    the notation writes them)."""
    parts = []
    for sector in situation.board.sectors:
        sides = [
            f"{side[0]}:{_counters(situation.at(sector.id, side)).replace(' ', ',')}"
            for side in ("empire", "rebel")
            if situation.at(sector.id, side)
        ]
        if sides:
            parts.append(f"{sector.id}[{' '.join(sides)}]")
    return say("dark_nebula.drawing.next", lang, step=next_step, sectors=" ".join(parts))


class Drawings:
    """The replay's drawings (:meth:`~adjudicator.core.judge.replay.Replay.drawing`,
    :meth:`~adjudicator.core.judge.replay.Replay.picture`): what a person looks at, kept apart
    from the rules that decide what it shows. The replay supplies the situation, the last
    event, the next step's name and the side to move, and whether the game is over
    (decided, or disclosed)."""

    rules: RuleData
    situation: Situation
    last_event: GameEvent | None
    decided: Outcome | None
    disclosed: bool
    if TYPE_CHECKING:  # the replay's, computed once: a read-only property there

        @property
        def _names(self) -> list[tuple[str, str]]: ...

    side_to_move: Callable[[], str]
    _next_stamp: Callable[[Lang], str]

    def drawing(self, lang: Lang = "en") -> str:
        return draw(self.situation, lang)

    def picture(self, refused: str | None = None, *, lang: Lang = "en") -> Picture:
        """The public picture: the hidden base's sector is never drawn."""
        from adjudicator.dark_nebula.drawing_svg import picture

        event = None
        if refused is not None:
            try:
                event = parse_line(canonical_line(refused, self._names, lenient=True))
            except InputError:
                event = None  # unreadable: the event text says it all
        return picture(
            self.situation,
            last=None if event else self.last_event,
            refused=event,
            title=self._title(lang),
            lang=lang,
        )

    def _title(self, lang: Lang) -> str:
        """The next step and the side it belongs to; once the game is over (4.1, 4.2, or
        the disclosure, after which nothing follows) no side is to move: who won, or that
        the game is over."""
        if self.decided is not None:
            from adjudicator.core.write.report import outcome_line

            return outcome_line(self.rules, self.decided, lang)
        if self.disclosed:
            return say("dark_nebula.drawing.over", lang)
        side = self.rules.side_name(self.side_to_move(), lang)
        return f"{self._next_stamp(lang)} · {side}"


#: The fields a board may leave as placeholders, as 2.1 and 2.3 name them (2.1's 生産力,
#: 2.3's 価格 and 戦闘力); in English by their field names.
FIELD_NAMES = {
    "name": "dark_nebula.board.field.name",
    "production": "dark_nebula.board.field.production",
    "nebula": "dark_nebula.board.field.nebula",
    "neighbours": "dark_nebula.board.field.neighbours",
    "price": "dark_nebula.board.field.price",
    "attack": "dark_nebula.board.field.attack",
}


def _shown(value: object, lang: Lang) -> str:
    if isinstance(value, bool):
        return say("dark_nebula.board.yes" if value else "dark_nebula.board.no", lang)
    return written(value)


def written(value: object) -> str:
    """A board value as text: a list joined, anything else as Python writes it (the JSON
    listing of ``dark-nebula board`` writes a flag this way too)."""
    return ", ".join(value) if isinstance(value, list) else str(value)


def placeholders(board: BoardDefinition) -> list[tuple[str, str, str, object]]:
    """Every value the rulebook does not state, as ``(kind, id, field, value)``: kind
    ``sector`` or ``counter``, in the board's order."""
    return [
        ("sector", s.id, field, getattr(s, field))
        for s in board.sectors
        for field in s.placeholders
    ] + [
        ("counter", c.id, field, getattr(c, field))
        for c in board.counters
        for field in c.placeholders
    ]


def describe_board(board: BoardDefinition, lang: Lang = "en") -> list[str]:
    """``dark-nebula board`` as a person reads it: each sector with its production and
    neighbours, each counter with 2.3's values (○ and ★ as printed), then every value the
    rulebook does not state, so a director sees what a record made with this board assumes."""
    lines = [f"{board.id}  sha256 {board.sha256}"]
    for s in board.sectors:
        production = say("dark_nebula.board.production", lang, value=s.production)
        nebula = say("dark_nebula.board.nebula", lang) if s.nebula else ""
        lines.append(
            f"  {s.id:<10} {pad(s.name, 14)} {production}{nebula}  → {', '.join(s.neighbours)}"
        )
    for c in board.counters:
        values = say(
            "dark_nebula.board.counter",
            lang,
            count=c.count,
            price="-" if c.price is None else c.price,
            attack=f"{c.attack}{'○' if c.attack_marked else ''}",
            movement=f"{c.movement}{'★' if c.movement_star else ''}",
        )
        lines.append(f"  {c.id:<15} {pad(c.name, 12)} {values}")
    listed = placeholders(board)
    lines.append(say("dark_nebula.board.placeholders", lang, count=len(listed)))
    for kind, ident, field, value in listed:
        what = say(
            "dark_nebula.board.sector" if kind == "sector" else "dark_nebula.board.counter_kind",
            lang,
        )
        shown, name = _shown(value, lang), say(FIELD_NAMES[field], lang)
        placeholder = say(
            "dark_nebula.board.placeholder", lang, what=what, id=ident, field=name, value=shown
        )
        lines.append("  " + placeholder)
    return lines

"""The canonical JSON record of an Astro-Stra game (format ``astro-stra-record/1``).

The set-up (the opening roll, the draft, the layout, one or two sets of dice) and every
turn with every die: as they lay after step 1, their slots, the skill with its parameters
(rerolls included), the target and the moves. The validator recomputes each step.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, StrictInt

from adjudicator.astro_stra.identity import GAME_ID, Reason
from adjudicator.astro_stra.notation import (
    ReadTurn,
    draft_line,
    opening_line,
    parse_turn,
    reads_back,
    turn_line,
)
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.skill_use import SkillUse
from adjudicator.astro_stra.skills import Die
from adjudicator.astro_stra.turn import TurnPlay
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said
from adjudicator.core.judge.verdict import ClaimedResult, Note
from adjudicator.core.read.records import ClaimedResultModel, Event, GameRecord, exact_int

Side = Literal["black", "white"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class DieModel(_Strict):
    colour: str
    pips: StrictInt


class Held(_Strict):
    owner: Side
    colour: str


class Skill(_Strict):
    """Step 3 as written: see :class:`~adjudicator.astro_stra.skills.SkillUse`."""

    skill: str
    as_colour: str | None = Field(default=None, alias="as", description="Jagi: as which colour.")
    die: Literal["T", "A"] | None = None
    held: Held | None = None
    pips: StrictInt | None = Field(default=None, description="New pips, chosen value or ±1.")
    opponent: str | None = Field(default=None, description="Purple: the opposing die.")
    swap: StrictInt | None = Field(default=None, description="Orange: the opposing blot's point.")

    def use(self) -> SkillUse:
        held = self.held
        return SkillUse(
            self.skill,
            self.as_colour,
            self.die,
            None if held is None else (held.owner, held.colour),
            self.pips,
            self.opponent,
            self.swap,
        )

    @classmethod
    def of(cls, use: SkillUse) -> Skill:
        held = Held(owner=use.held[0], colour=use.held[1]) if use.held else None
        return cls(
            skill=use.skill,
            as_colour=use.colour,
            die=use.die,
            held=held,
            pips=use.pips,
            opponent=use.opponent,
            swap=use.swap,
        )


class Slots(_Strict):
    S: str
    T: str
    A: str


class Turn(_Strict):
    side: Side
    dice: list[DieModel] = Field(min_length=3, max_length=3, description="Step 1.")
    slots: Slots = Field(description="Step 2: the colour on each slot.")
    skill: Skill | None = Field(description="Step 3; null when skipped.")
    target: list[StrictInt] = Field(default_factory=list, description="Step 4: own points.")
    moves: list[tuple[StrictInt, StrictInt]] = Field(default_factory=list, description="Step 5.")
    extra_skill: Skill | None = Field(
        default=None, description="Read 'on-top' (interpretation 12): Jagi or Artemis besides."
    )

    def play(self) -> TurnPlay:
        """The turn as the rules take it. Every turn of a record is made one when it is
        read, so each field is read once: a model's field costs several times a plain
        object's to read."""
        d0, d1, d2 = self.dice
        slots = self.slots
        skill = self.skill
        extra = self.extra_skill
        return TurnPlay(
            self.side,
            (Die(d0.colour, d0.pips), Die(d1.colour, d1.pips), Die(d2.colour, d2.pips)),
            (slots.S, slots.T, slots.A),
            None if skill is None else skill.use(),
            tuple(self.target),
            tuple(self.moves),
            None if extra is None else extra.use(),
        )

    @classmethod
    def of(cls, play: TurnPlay) -> Turn:
        s, t, a = play.slots
        return cls(
            side=play.side,
            dice=[DieModel(colour=d.colour, pips=d.pips) for d in play.dice],
            slots=Slots(S=s, T=t, A=a),
            skill=Skill.of(play.skill) if play.skill else None,
            target=list(play.target),
            moves=list(play.moves),
            extra_skill=Skill.of(play.extra) if play.extra else None,
        )


class _Spelled(Event):
    """A turn played as read, ``(number, play)``, whose line is spelled when first shown: a
    valid record shows none, and spelling every turn cost a tenth of judging it."""

    __slots__ = ()

    @property
    def written(self) -> str:
        return turn_line(*self.read)


class Result(ClaimedResultModel):
    winner: Side | None = None
    reason: Reason | None = None
    resigned: Side | None = None


class Meta(_Strict):
    event: str | None = None
    site: str | None = None
    date: str | None = None
    round: str | None = None
    black: str | None = None
    white: str | None = None


class Record(_Strict):
    format: Literal["astro-stra-record/1"]
    game: Literal["astro-stra/0.9.0"]
    game_id: str | None = None
    meta: Meta = Field(default_factory=Meta)
    interpretations: Readings = Field(default_factory=Readings)
    sets: Annotated[Literal[1, 2], BeforeValidator(exact_int)] = Field(
        default=1, description="Sets of ten dice on the table."
    )
    layout: str | None = Field(
        default=None, description="Starting layout in position notation; default: interpretation 2."
    )
    opening: list[tuple[StrictInt, StrictInt]] = Field(
        default_factory=list, description="(black's die, white's die) per roll."
    )
    draft: list[str] = Field(default_factory=list, description="The six picks, black first.")
    turns: list[Turn] = Field(default_factory=list)
    result: Result = Field(default_factory=Result)
    ext: dict[str, object] = Field(default_factory=dict)

    #: The turns as a text record wrote them, when the model cannot hold them: a turn
    #: numbered out of sequence (``(number, play)``), or a line whose step 3 the notation
    #: refuses, judged at its ply. ``None`` when the turns are numbered from 1 in order.
    _written: list[ReadTurn | str] | None = PrivateAttr(default=None)

    def written_turns(self) -> list[ReadTurn | str]:
        """Each turn with its number, or its line when the model cannot hold it."""
        if self._written is not None:
            return self._written
        return [(number, turn.play()) for number, turn in enumerate(self.turns, 1)]

    def unheld_turn(self) -> tuple[str, Said] | None:
        """The first turn of a text record the JSON form cannot hold, as its line and why:
        numbered out of sequence, or its step 3 refused as written; ``None`` when it holds
        them all."""
        for index, entry in enumerate(self._written or (), 1):
            if isinstance(entry, str):
                return entry, said("astro_stra.unheld.step_3")
            if entry[0] != index:
                why = said("astro_stra.unheld.numbered", number=entry[0], index=index)
                return turn_line(*entry), why
        return None

    def lines(self) -> list[str]:
        """The record's lines, each turn numbered as it was written."""
        if not (self.opening or self.draft or self.written_turns()):  # a game not begun
            return []
        turns = self.written_turns()
        return [
            opening_line(self.opening),
            draft_line(self.draft),
            *(t if isinstance(t, str) else turn_line(*t) for t in turns),
        ]

    def to_game_record(self, warnings: list[Note]) -> GameRecord:
        """The record for the core: each turn played as read when its line reads back as it
        (:func:`~.notation.reads_back`), its line spelled only when shown, else from its
        line; numbered as written, so that a turn out of sequence is judged as the engine
        judges its line (``event_order``)."""
        claimed = ClaimedResult(**self.result.model_dump())
        if not (self.opening or self.draft or self.written_turns()):  # a game not begun
            return GameRecord(GAME_ID, self.game_id, self, [], claimed, warnings)
        events = [Event(opening_line(self.opening)), Event(draft_line(self.draft))]
        for entry in self.written_turns():
            if isinstance(entry, str):
                events.append(Event(entry))
            elif reads_back(entry[1]):
                events.append(_Spelled("", read=entry))
            else:
                events.append(Event(turn_line(*entry)))
        return GameRecord(GAME_ID, self.game_id, self, events, claimed, warnings)

    def dump(self) -> dict[str, object]:
        """The canonical JSON form: defaults left out, aliases used."""
        return self.model_dump(mode="json", by_alias=True, exclude_defaults=True)

    def as_ruled(self) -> dict[str, Any]:
        """The record as the rules see it (:meth:`~adjudicator.core.game.Game.canonical_data`):
        :meth:`dump`, each turn as the replay takes it (:meth:`to_game_record`) — as held
        when its line reads back as it, else as its line reads — and a turn the model cannot
        hold (numbered out of sequence, or refused as written) as its line."""
        data: dict[str, Any] = self.dump()
        if self._written is None:  # every turn held, in place: as dumped, or as its line reads
            for index, turn in enumerate(self.turns):
                play = turn.play()
                if not reads_back(play):
                    data["turns"][index] = _as_read(turn_line(index + 1, play))
        elif self._written:
            data["turns"] = [_ruled(place, entry) for place, entry in enumerate(self._written, 1)]
        return data


def _ruled(place: int, entry: ReadTurn | str) -> dict[str, Any] | str:
    """A turn of a text record, at ``place`` (from 1), in :meth:`Record.as_ruled`."""
    if isinstance(entry, str):
        return entry
    number, play = entry
    line = turn_line(number, play)
    if number != place:
        return line
    return _dumped(play) if reads_back(play) else _as_read(line)


def _as_read(line: str) -> dict[str, Any] | str:
    """A turn as its line reads, or the line when it is refused as written."""
    try:
        return _dumped(parse_turn(line)[1])
    except InputError:
        return line


def _dumped(play: TurnPlay) -> dict[str, Any]:
    turn: dict[str, Any] = Turn.of(play).model_dump(
        mode="json", by_alias=True, exclude_defaults=True
    )
    return turn

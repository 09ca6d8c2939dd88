"""A position drawn as text: the physical points in black's numbering, both sides' pieces.

Under the two-rows geometry the outer row and the inner row are drawn as two lines, each
from black's lower numbers; under one loop, one line of twelve. Start and home are counted
beside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.astro_stra.board import HOME, START, Position, opposite
from adjudicator.astro_stra.notation import parse_turn
from adjudicator.astro_stra.readings import Geometry, Readings
from adjudicator.astro_stra.references import colour_name
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.judge.references import RuleData

if TYPE_CHECKING:
    from adjudicator.astro_stra.turn import Game, TurnPlay
    from adjudicator.core.judge.outcome import Outcome
    from adjudicator.core.write.svg import Picture

# The drawing's words are the catalogue's (``astro_stra.draw.*``, ``astro_stra.line.*``):
# 振り出し (start) and 上がり (home) are the rulebook's terms, ホールド its word for a held
# die (Trihaira, Cetustein).

#: Each side as the drawing names it, by its id in the catalogue.
_SIDE = {"black": "astro_stra.side.black", "white": "astro_stra.side.white"}
#: The skills a side may not use, by the id of the words that list them.
_BARRED = {"silenced": "astro_stra.line.silenced", "once_used": "astro_stra.line.once_used"}


def summary(game: Game | None, start: Position, lang: Lang = "en") -> str:
    """One line: the position in notation, whose turn, the held dice (``colour=pips``) and
    the skills a side may not use; in English, the text engines and records compare, and
    in Japanese with each held die's colour as the rulebook names it (黒の緑色=6)."""
    if game is None:
        return say("astro_stra.line.setup", lang, position=start.text())
    joined = say("astro_stra.line.and", lang)
    holds = joined.join(
        say(
            "astro_stra.line.hold",
            lang,
            owner=say(_SIDE[h.owner], lang),
            colour=h.colour if lang == "en" else colour_name(h.colour, lang),
            pips=h.pips,
        )
        for h in game.holds
    )
    text = say(
        "astro_stra.line.turn",
        lang,
        position=game.position.text(),
        side=say(_SIDE[game.to_move], lang),
        holds=holds or say("astro_stra.line.none", lang),
    )
    for key, sides in (("silenced", game.silenced), ("once_used", game.once_used)):
        if sides:
            listed = joined.join(say(_SIDE[side], lang) for side in sorted(sides))
            text += "; " + say(_BARRED[key], lang, sides=listed)
    return text


def _cell(position: Position, point: int, geometry: Geometry) -> str:
    black = position.count("black", point)
    white = position.count("white", opposite(point, geometry))
    if black:
        return f"b{black}"
    if white:
        return f"w{white}"
    return "."


def draw(position: Position, geometry: Geometry = "two-rows", lang: Lang = "en") -> str:
    rows = [range(1, 7), range(7, 13)] if geometry == "two-rows" else [range(1, 13)]
    lines = []
    points = say("astro_stra.draw.points", lang)
    for row in rows:
        head = " ".join(f"{p:>3}" for p in row)
        cells = " ".join(f"{_cell(position, p, geometry):>3}" for p in row)
        lines += [f"{points} {head}", f"              {cells}"]
    for side in ("black", "white"):
        count = say(
            "astro_stra.draw.count",
            lang,
            side=say(_SIDE[side], lang),
            start=position.count(side, START),
            home=position.count(side, HOME),
        )
        lines.append(count)
    return "\n".join(lines) + "\n"


class Drawings:
    """The replay's drawings (:meth:`~adjudicator.core.judge.replay.Replay.drawing`,
    :meth:`~adjudicator.core.judge.replay.Replay.picture`): what a person looks at, kept apart
    from the rules that decide what it shows. The replay supplies the game (``None``
    before the draft), the start, the last turn played and the game it was played on,
    the outcome once decided and the ply counter."""

    rules: RuleData
    readings: Readings
    game: Game | None
    start: Position
    last_play: TurnPlay | None
    before: Game | None
    decided: Outcome | None
    ply: Callable[[], int]

    def drawing(self, lang: Lang = "en") -> str:
        position = self.game.position if self.game else self.start
        return draw(position, self.readings.geometry, lang)

    def picture(self, refused: str | None = None, *, lang: Lang = "en") -> Picture:
        from adjudicator.astro_stra.drawing_svg import picture

        game = self.game
        play = None
        if refused is not None:
            try:
                play = parse_turn(refused)[1]
            except InputError:
                play = None  # not a turn, or unreadable: the event text says it
        drawn, on = (play, game) if play else (self.last_play, self.before)
        return picture(
            game.position if game else self.start,
            geometry=self.readings.geometry,
            last=None if play else self.last_play,
            refused=play,
            holds=game.holds if game else (),
            settled=_settled(on, drawn, self.readings),
            title=self._title(lang),
            lang=lang,
        )

    def _title(self, lang: Lang) -> str:
        """The turn to come and whose it is; once a side has every piece home (step 7)
        no side is to move: who won."""
        game = self.game
        if game is None:
            return say("astro_stra.svg.setup", lang)
        if self.decided is not None:
            from adjudicator.core.write.report import outcome_line

            return outcome_line(self.rules, self.decided, lang)
        to_move = say("astro_stra.svg.to_move", lang, side=say(_SIDE[game.to_move], lang))
        return f"{ply_name(self.rules.counting, self.ply() + 1, lang)} · {to_move}"


def _settled(game: Game | None, play: TurnPlay | None, readings: Readings) -> dict[str, int]:
    """The pips of each die of ``play`` once its skills were used (steps 1–3 on ``game``):
    a die a skill rerolled or changed shows its new pips (Scar's reroll of a held die
    included), as it lay for the target and the action. Empty when steps 1–3 were refused:
    the dice are then drawn as rolled."""
    if game is None or play is None:
        return {}
    from adjudicator.astro_stra.turn import StepProblem, skills_applied

    done = skills_applied(game, play, readings)
    if isinstance(done, StepProblem):
        return {}
    _, table = done
    return {die.colour: die.pips for die in (table.s, table.t, table.a)}

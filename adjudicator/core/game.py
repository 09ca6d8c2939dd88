"""The interface through which a game plugs into the core.

A game is registered under the ``adjudicator.games`` entry-point group as an instance of a
:class:`Game` subclass. The core drives it only through this interface: the engine protocol
dispatches commands to :meth:`Game.handle`, the command line mounts the sub-commands of the
module named by :attr:`Game.cli_module`, the schema generator asks :meth:`Game.schema_models`.

This module imports neither the models nor the command-line toolkit: a game's plug-in subclasses it
at start-up, and what a command does not use should not cost it time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.core.conformance.making import PlaythroughMaker
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.legal import LegalNext
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.read.records import GameRecord, Replay

#: Optional abilities an engine may declare in ``hello``; a conformance runner tests an
#: engine only on what it declares.
FEATURES: dict[str, str] = {
    "perft": "answers the 'perft' command",
    "perft_divide": "answers 'perft' with the count under each legal first action when asked",
    "history": "takes the positions that stood before the start, for repetition rules",
    "violation_codes": "names the violation code of a rejected action",
    "lenient_notation": "accepts the documented alternative spellings when asked to",
    "malformed_input": "answers malformed requests, positions and actions with an error object",
    "legal_turns": "lists every turn the side to move could write next with a given roll",
    "legal_events": "lists every event the side to move could write next with given dice",
}

#: The same vocabulary for a Japanese engine author (``adjudicator games`` in Japanese).
FEATURES_JA: dict[str, str] = {
    "perft": "'perft' コマンドに答える",
    "perft_divide": "求められれば 'perft' に最初の合法な行動ごとの数で答える",
    "history": "反復のルールのために、開始前に現れた局面を受け取る",
    "violation_codes": "退けた行動の違反コードを示す",
    "lenient_notation": "求められれば文書化された別表記を受け付ける",
    "malformed_input": "不正な要求・局面・行動にエラーオブジェクトで答える",
    "legal_turns": "与えられた出目で手番の側が次に書けるすべてのターンを挙げる",
    "legal_events": "与えられたダイスの目で手番の側が次に書けるすべての手順を挙げる",
}


class Game(ABC):
    """One game of one rulebook version."""

    #: Versioned game id, e.g. ``orbit-dominion/4.2``.
    id: ClassVar[str]
    #: Name of the CLI sub-command, e.g. ``orbit-dominion``.
    slug: ClassVar[str]
    title_ja: ClassVar[str]
    title_en: ClassVar[str]
    #: The sides, in the order they are listed by the rulebook.
    sides: ClassVar[tuple[str, ...]]
    #: Outcome reason codes.
    reasons: ClassVar[tuple[str, ...]]
    #: Features (from :data:`FEATURES`) this game's engine offers.
    features: ClassVar[frozenset[str]]
    #: Engine-protocol commands this game serves besides ``hello``.
    commands: ClassVar[frozenset[str]]

    @property
    @abstractmethod
    def rules(self) -> RuleData:
        """References, interpretations and violations of the rulebook."""

    @abstractmethod
    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        """Serve one engine-protocol request; return the response payload (without ``id``).

        Raise :class:`adjudicator.core.errors.InputError` for a request that cannot be
        served; never anything else on purpose."""

    #: The module of the game's own sub-commands (``adjudicator <slug> …``): a shell module,
    #: imported by the command line only when it mounts them, whose ``app`` is a typer
    #: application. The game itself imports no command-line toolkit.
    cli_module: ClassVar[str]

    def help_ja(self) -> dict[str, str]:
        """The Japanese of the sub-commands' help texts, keyed by command path under the game's
        name and parameter (``"analyze"``, ``"analyze --moves"``; see
        :mod:`adjudicator.cli.help_ja`). Asked for only when help is shown in Japanese."""
        return {}

    def playthroughs(self) -> PlaythroughMaker | None:
        """What the generator of golden playthroughs needs of this game (which games to
        play, how to choose, which features to count); ``None`` for a game without them."""
        return None

    @abstractmethod
    def schema_models(self) -> dict[str, type[BaseModel]]:
        """Models whose JSON Schemas are committed under ``schemas/``, by file stem."""

    # --- records ------------------------------------------------------------------------------

    #: ``format`` values of the game's JSON records, e.g. ``orbit-dominion-record/1``.
    record_formats: ClassVar[tuple[str, ...]]
    #: Rulesets a record of this game may name (``ruleset`` / ``[Ruleset …]``).
    rulesets: ClassVar[tuple[str, ...]]

    @abstractmethod
    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        """A JSON record (already parsed) as the core sees it; raise ``InputError``."""

    @abstractmethod
    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        """A record in the game's text notation; raise ``InputError``."""

    @abstractmethod
    def write_record(self, record: GameRecord, to: str) -> str:
        """The record in another notation: ``json`` or ``text``."""

    def skeleton(self, form: str, lang: Lang) -> str:
        """A record to fill in, in ``form`` (``json`` or ``text``): every required tag or
        key filled (what only the game knows, like a board's digest, written out), the
        players left to fill in and, where the form has comments, the interpretations in
        force and what to write next, in ``lang``. As it stands it reads as a game not
        begun (``adjudicator new``)."""
        raise InputError(
            "unsupported",
            f"{self.id} has no record skeleton",
            ja=f"{self.id} には記録のひな形がありません",
        )

    @abstractmethod
    def replay(self, record: GameRecord) -> Replay:
        """A replay of the record from its start, for the validation loop."""

    def switch_interpretations(self, record: GameRecord, overrides: dict[str, str]) -> GameRecord:
        """The record played under other readings (``--interpretation ID=VALUE``). A game
        whose record model carries its readings in ``interpretations`` (one field per
        switchable interpretation) needs nothing more; a game without refuses."""
        from pydantic import BaseModel

        from adjudicator.core.judge.references import switch

        readings = getattr(record.model, "interpretations", None)
        if not isinstance(readings, BaseModel):
            raise InputError(
                "unknown_interpretation",
                f"{self.id} has no switchable interpretation",
                ja=f"{self.id} には切り替えられる解釈がありません",
                field="--interpretation",
            )
        switched = switch(readings, self.rules, overrides)
        from dataclasses import replace

        return replace(record, model=record.model.model_copy(update={"interpretations": switched}))

    # --- repair (adjudicator repair) ----------------------------------------------------------

    #: Groups of letters a person copying a score sheet confuses (``"OMI"``): a repair that
    #: changes one of them into another of its group costs less (:mod:`.transcription`).
    confusables: ClassVar[tuple[str, ...]] = ()

    def with_events(self, record: GameRecord, events: list[tuple[str, int | None]]) -> GameRecord:
        """``record`` with other events: each a line, with the index of the record's own
        event it is unchanged (its comments, clocks and attempts kept), or ``None`` for a
        line a repair wrote. Raise ``InputError`` for a game whose records cannot be
        repaired, or a line that does not read."""
        raise InputError(
            "unsupported",
            f"{self.id} records cannot be repaired",
            ja=f"{self.id} の記録は修復できません",
            field="repair",
        )

    def renumbered(self, line: str, index: int) -> str:
        """``line`` written as the event at ``index`` (0-based) of its record: for a game
        whose events carry their number, a repair that inserts, deletes or swaps events
        numbers the ones after again, as the corrected record would write them."""
        return line

    def record_data(self, record: GameRecord) -> dict[str, Any]:
        """The record in the game's JSON record format, as data."""
        import json

        data: dict[str, Any] = json.loads(self.write_record(record, "json"))
        return data

    def canonical_data(self, record: GameRecord) -> dict[str, Any]:
        """The record as the rules see it, as JSON data: every value it carries, and each
        that the rules derive or read alike whichever way it is written stated one way (a
        Dark Nebula event without its turn holds the turn its place gives). Two records
        with the same canonical data are one record: ``convert`` compares these, so that
        a conversion refuses only what it would lose or change. A game whose JSON record
        writes every value one way already needs nothing more."""
        return self.record_data(record)

    #: Whether a dispute may start from a written position (``--position``) rather than a
    #: record: true for games whose whole state fits in a position notation.
    position_disputes: ClassVar[bool] = False

    def solve(
        self,
        replay: Replay,
        depth: int,
        *,
        executor: str | None,
        progress: Callable[[int, int, float], None] | None = None,
        max_nodes: int | None = None,
        seconds: float | None = None,
    ) -> BaseModel:
        """Whether a side forces a win within ``depth`` actions from where ``replay``
        stands (``adjudicate --solve``): the game's answer, which its command-line module
        shows (its ``solve_dispute``); ``progress`` is told the depth, the positions
        searched and the seconds spent as the search goes; ``max_nodes`` and ``seconds``
        bound the search (``None``: the game's default budget). Raise ``InputError`` for a
        game without a solver."""
        raise InputError(
            "unsupported",
            f"{self.id} has no solver",
            ja=f"{self.id} には解析器(ソルバー)がありません",
            field="--solve",
        )

    def legal_next(self, replay: Replay, lang: Lang, roll: str | None) -> LegalNext:
        """What the side to move may do next where ``replay`` stands (``adjudicate
        --legal``), grouped as the rulebook groups it and in ``lang``; ``roll`` is what
        chance gave that side, as a record writes it (Astro-Stra's dice), when the game
        needs it. Raise ``InputError`` for a game that does not list them."""
        raise InputError(
            "unsupported",
            f"{self.id} does not list what may be played next",
            ja=f"{self.id} は次に指せるものの一覧を出せません",
            field="--legal",
        )

    def roll_written(self, event: str) -> str | None:
        """What chance gave the side in a record's ``event``, as ``--dice`` takes it (an
        Astro-Stra turn's dice): ``adjudicate --legal`` on a record lists the turns the
        recorded roll allowed when no ``--dice`` is given. ``None``: a game without chance,
        or an event that rolls nothing."""
        return None

    def replay_from_position(self, position: str, history: list[str]) -> Replay:
        """A replay standing at ``position``, with earlier positions that count as history
        (for repetition rules); raise ``InputError`` for a malformed one."""
        raise InputError(
            "unsupported",
            f"a {self.id} dispute starts from a record (--record FILE --at N)",
            ja=f"{self.id} の裁定は記録から始めます(--record ファイル --at 手数)",
            field="--position",
        )

"""The interface through which a game plugs into the core.

A game is registered under the ``adjudicator.games`` entry-point group as an instance of a
:class:`Game` subclass. The core drives it only through this interface: the engine protocol
dispatches commands to :meth:`Game.handle`, the command line mounts the sub-commands of the
module named by :attr:`Game.cli_module`, the schema generator asks :meth:`Game.schema_models`.
:class:`Game` is the small core every game has (reading, writing and replaying its records,
its rules data, the protocol's ``evaluate``); what only some games can do they declare in
:attr:`Game.capabilities` and implement through the interfaces of
:mod:`adjudicator.core.capabilities`.

This module imports neither the models nor the command-line toolkit: a game's plug-in subclasses it
at start-up, and what a command does not use should not cost it time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.core.capabilities import COMMANDS, Capability, Perft, need
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said, say

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.judge.replay import Replay
    from adjudicator.core.read.records import GameRecord

#: Optional abilities an engine may declare in ``hello``, each with the id of what it means
#: in the catalogue; a conformance runner tests an engine only on what it declares. A game
#: announces those its capabilities give (:data:`~adjudicator.core.capabilities.COMMANDS`)
#: and those it declares besides.
FEATURES: dict[str, str] = {
    "perft": "core.feature.perft",
    "perft_divide": "core.feature.perft_divide",
    "history": "core.feature.history",
    "violation_codes": "core.feature.violation_codes",
    "lenient_notation": "core.feature.lenient_notation",
    "malformed_input": "core.feature.malformed_input",
    "legal_turns": "core.feature.legal_turns",
    "legal_events": "core.feature.legal_events",
}


def feature_meaning(feature: str, lang: Lang) -> str:
    """What a protocol feature asks of an engine, in ``lang``: in English the clause the
    engine reference says after "The engine" ("answers the 'perft' command")."""
    return say(FEATURES[feature], lang)


class Game(ABC):
    """One game of one rulebook version: the core every game has."""

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
    #: What the game can do beyond this core; each that asks for methods is implemented
    #: through its interface in :mod:`adjudicator.core.capabilities` (a test holds the two
    #: together).
    capabilities: ClassVar[frozenset[Capability]]
    #: Features (from :data:`FEATURES`) this game's engine offers besides those of its
    #: capabilities.
    engine_features: ClassVar[frozenset[str]]

    @property
    def features(self) -> frozenset[str]:
        """Every feature the game's engine offers: those a capability gives (``perft``) and
        those it declares besides."""
        return self.engine_features | {COMMANDS[c] for c in self.capabilities if c in COMMANDS}

    @property
    def commands(self) -> frozenset[str]:
        """Engine-protocol commands this game serves besides ``hello``: ``evaluate``, and
        each its capabilities add."""
        return frozenset({"evaluate", *(COMMANDS[c] for c in self.capabilities if c in COMMANDS)})

    @property
    @abstractmethod
    def rules(self) -> RuleData:
        """References, interpretations and violations of the rulebook."""

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        """Serve one engine-protocol request; return the response payload (without ``id``).
        Raise :class:`adjudicator.core.errors.InputError` for a request that cannot be
        served; never anything else on purpose."""
        if cmd == "perft":
            return need(self, Perft).perft(request)
        return self.evaluate(request)

    @abstractmethod
    def evaluate(self, request: dict[str, Any]) -> dict[str, Any]:
        """The response payload to an ``evaluate`` request (the core's loop,
        :mod:`adjudicator.core.protocol.evaluate`, driven by the game's evaluation)."""

    #: The module of the game's own sub-commands (``adjudicator <slug> …``): a shell module,
    #: imported by the command line only when it mounts them, whose ``app`` is a typer
    #: application. The game itself imports no command-line toolkit.
    cli_module: ClassVar[str]

    def help_ja(self) -> dict[str, str]:
        """The Japanese of the sub-commands' help texts, keyed by command path under the game's
        name and parameter (``"analyze"``, ``"analyze --moves"``; see
        :mod:`adjudicator.cli.help_ja`). Asked for only when help is shown in Japanese."""
        return {}

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
                said("core.interpretation.none_switchable", game=self.id),
                field="--interpretation",
            )
        switched = switch(readings, self.rules, overrides)
        from dataclasses import replace

        return replace(record, model=record.model.model_copy(update={"interpretations": switched}))

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

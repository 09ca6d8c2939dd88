"""The runner's ``hello``: what the engine declares (its name, version, games and the
features of each), or why its answer cannot start a run, said in plain words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.core.conformance.diffs import json_text
from adjudicator.core.conformance.engine import Engine, EngineFailure
from adjudicator.core.conformance.json_types import same_json
from adjudicator.core.conformance.words import said_of
from adjudicator.core.game import FEATURES
from adjudicator.core.i18n import Lang, Said, in_both, in_lang, said, templates
from adjudicator.core.protocol.serve import PROTOCOL_VERSION

HELLO: dict[str, Any] = {"cmd": "hello", "protocol": PROTOCOL_VERSION}


@dataclass
class EngineInfo:
    name: str
    version: str
    games: list[str]
    #: Features declared per game; the old form (one list for the engine) applies to all.
    features: dict[str, set[str]]

    def unknown_features(self) -> list[str]:
        """Declared features outside the vocabulary (a typo skips cases silently otherwise)."""
        declared = set().union(*self.features.values()) if self.features else set()
        return sorted(declared - FEATURES.keys())

    def features_of(self, game: str) -> set[str]:
        return self.features.get(game, set())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "games": self.games,
            "features": {g: sorted(self.features_of(g)) for g in self.games},
            "unknown_features": self.unknown_features(),
        }


class HelloFailure(Exception):
    """The engine's answer to ``hello`` cannot start a run; says why in plain words."""

    def __init__(self, message: str, sent: str, received: str | None, stderr: str = "") -> None:
        super().__init__(message)
        self.sent = sent
        self.received = received
        self.stderr = stderr

    def explain(self) -> Said:
        """What went wrong, what was sent and received, and the engine's last stderr."""
        return in_both(self._explain)

    def _explain(self, lang: Lang) -> str:
        words = templates(_HELLO_WORDS, lang)
        message = in_lang(said_of(self), lang)
        received = self.received if self.received is not None else words["nothing"]
        lines = [words["failed"] + message, words["sent"] + self.sent, words["received"] + received]
        if self.stderr:
            lines.append(words["stderr"])
            lines += [f"    {line}" for line in self.stderr.splitlines()]
        return "\n".join(lines)


#: The lines that explain a failed hello, by key: the catalogue's id.
_HELLO_WORDS: dict[str, str] = {
    "failed": "core.hello.failed",
    "sent": "core.hello.sent",
    "received": "core.hello.received",
    "nothing": "core.hello.nothing",
    "stderr": "core.hello.stderr",
}


def _read_hello(answer: dict[str, Any], games_known: set[str] | None) -> EngineInfo:
    """The engine's declaration, or a ``ValueError`` saying what is wrong with it."""
    if "error" in answer:
        error = answer["error"] if isinstance(answer["error"], dict) else {}
        shown = f"{json_text(error.get('code'))}: {json_text(error.get('message'))}"
        raise ValueError(said("core.hello.error", error=shown))
    if not same_json(protocol := answer.get("protocol"), PROTOCOL_VERSION):
        raise ValueError(
            said("core.hello.protocol", protocol=json_text(protocol), version=PROTOCOL_VERSION)
        )
    engine = answer.get("engine")
    if not isinstance(engine, dict) or not {"name", "version"} <= engine.keys():
        raise ValueError(said("core.hello.engine"))
    games = answer.get("games")
    if not isinstance(games, list) or not games or not all(isinstance(g, str) for g in games):
        raise ValueError(said("core.hello.games"))
    declared = answer.get("features", [])
    if isinstance(declared, list):  # the old form: one list for every game
        features = {g: {str(f) for f in declared} for g in games}
    elif isinstance(declared, dict) and all(isinstance(v, list) for v in declared.values()):
        features = {g: {str(f) for f in declared.get(g, [])} for g in games}
    else:
        raise ValueError(said("core.hello.features"))
    if games_known is not None and not games_known & set(games):
        declared, known = ", ".join(games), ", ".join(sorted(games_known))
        raise ValueError(said("core.hello.other_games", declared=declared, known=known))
    return EngineInfo(str(engine["name"]), str(engine["version"]), list(games), features)


def handshake(engine: Engine, games_known: set[str] | None = None) -> EngineInfo:
    """Send ``hello`` and read the declaration; :class:`HelloFailure` when unusable."""
    try:
        answer = engine.ask(HELLO)
    except EngineFailure as exc:
        raise HelloFailure(said_of(exc), engine.last_sent, exc.received, exc.stderr) from None
    try:
        return _read_hello(answer, games_known)
    except ValueError as exc:
        received = json_text(answer)
        raise HelloFailure(said_of(exc), engine.last_sent, received) from None

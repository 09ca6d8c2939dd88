"""Finds the installed games through the ``adjudicator.games`` entry-point group, so that the
core never imports a game and a new game needs no change here."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from adjudicator.core.game import Game

GROUP = "adjudicator.games"


@cache
def installed_games() -> tuple[Game, ...]:
    games: list[Game] = []
    for ep in entry_points(group=GROUP):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name!r} in {GROUP} is not a Game: {game!r}")
        games.append(game)
    return tuple(sorted(games, key=lambda g: g.id))


class Registry:
    """Games by versioned id; the error for an unknown id names the supported ones."""

    def __init__(self, games: tuple[Game, ...]) -> None:
        self.games = games
        self._by_id = {g.id: g for g in games}

    def ids(self) -> list[str]:
        return [g.id for g in self.games]

    def get(self, game_id: str) -> Game | None:
        return self._by_id.get(game_id)

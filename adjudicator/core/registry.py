"""Finds the installed games through the ``adjudicator.games`` entry-point group, so that the
core never imports a game and a new game needs no change here."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from adjudicator.core.errors import InputError
from adjudicator.core.game import Game

GROUP = "adjudicator.games"


@cache
def installed_games() -> tuple[Game, ...]:
    """Each installed game once, by id: an environment that holds this package under its
    former distribution name too lists the same entry points twice."""
    games: dict[str, Game] = {}
    for ep in entry_points(group=GROUP):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name!r} in {GROUP} is not a Game: {game!r}")
        games.setdefault(game.id, game)
    return tuple(sorted(games.values(), key=lambda g: g.id))


class Registry:
    """Games by versioned id; the error for an unknown id names the supported ones.

    People name a game by its short name (``astro-stra``), the one the command-line help
    shows; :meth:`find` accepts that as well as the versioned id the records and the
    engine protocol carry.
    """

    def __init__(self, games: tuple[Game, ...]) -> None:
        self.games = games
        self._by_id = {g.id: g for g in games}

    def ids(self) -> list[str]:
        return [g.id for g in self.games]

    def get(self, game_id: str) -> Game | None:
        return self._by_id.get(game_id)

    def find(self, name: str, *, field: str = "--game") -> Game:
        """The game a person named: its versioned id, its short name, or the start of
        either when only one game has it. An unknown or ambiguous name is an input error
        listing the choices."""
        exact = self.get(name)
        if exact is not None:
            return exact
        wanted = name.strip().lower()
        matches = [g for g in self.games if g.slug == wanted] or [
            g
            for g in self.games
            if wanted and (g.slug.startswith(wanted) or g.id.startswith(wanted))
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            problem, ja = f"'{name}' names several games", f"「{name}」は複数のゲームに当たります"
        else:
            problem, ja = f"'{name}' is not a game", f"「{name}」というゲームはありません"
        choices = ", ".join(f"{g.slug} ({g.id})" for g in matches or self.games)
        raise InputError(
            "unknown_game",
            problem,
            ja=ja,
            field=field,
            expected="one of " + choices,
            expected_ja="次のいずれか: " + choices,
        )
